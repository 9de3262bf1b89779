# replbed fuzz class 'events:Write_rows_v1 row values': 2 case x format
# found as fuzz_s11809_00035 (ROW); shrunk in 10 runs to 10 statements (from 11)
# reference vs replbed: event 37: reference 'Write_rows_v1     table_id: # flags: STMT_END_F   rows=[{"before":null,"after":[null,"bbbbbbbbbbbbbbbbbbbb","xyz"]},{"before":null,"after":[null,"bbbbbbbbbbbbbbbbbbbb","xyz"]},{"before":null,"after":["7","bbbbbbbbbbbbbbbbbbbb",null]},{"before":null,"after":[null,"bbbbbbbbbbbbbbb
[case fuzz_events_Write_rows_v1_row_values]
rule = fuzz
seed = 11809
description = replbed fuzz --seed 11809, case 35
formats = ROW
setup: CREATE TABLE t1 (id INT, c_blob BLOB, c_str VARCHAR(6)) ENGINE=MyISAM
setup: INSERT IGNORE INTO t1 (id, c_blob, c_str) VALUES (NULL, REPEAT('b', 20), 'xyz'), (4, REPEAT('b', 20), 'xyz')
setup: CREATE FUNCTION f_pure(x INT) RETURNS INT DETERMINISTIC RETURN x * 3
con1: UPDATE t1 SET id = 3 WHERE 1 = 1
con1: INSERT INTO t1 (id, c_blob, c_str) VALUES (6, REPEAT('b', 20), 'a'), (2, REPEAT('b', 20), 'xyz'), (5, 'x', 'bb') ON DUPLICATE KEY UPDATE id = id + 1
con1: BEGIN
con1: REPLACE INTO t1 (id, c_blob, c_str) SELECT c_str, id, c_str FROM t1  => 1366
con1: UPDATE t1 SET id = NULL WHERE c_blob IS NOT NULL
con1: REPLACE INTO t1 (id, c_blob, c_str) VALUES (7, REPEAT('b', 20), NULL), (8, 'x', 'bb'), (4, REPEAT('b', 20), 'bb'), (NULL, 'blob', 'abcdefghij')
con1: INSERT IGNORE INTO t1 (id, c_blob, c_str) SELECT id, c_blob, c_str FROM t1 WHERE CONNECTION_ID() > 0
