# replbed fuzz class 'outcome:INSERT 1292 vs OK': 1 case x format
# found as fuzz_s20261127_00741 (STATEMENT); shrunk in 42 runs to 6 statements (from 15)
# reference vs replbed: "INSERT INTO t1 (id, c_blob) VALUES (3, REPEAT('b', 20)) ON DUPLICATE KEY UPDATE c_blob = VALUES(c_blob)": reference 1292 Truncated incorrect DECIMAL value: 'k3' / replbed OK 
[case fuzz_outcome_INSERT_1292_vs_OK]
rule = fuzz
seed = 20261127
description = replbed fuzz --seed 20261127, case 741
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c_blob BLOB) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_blob) VALUES (3, 'x')
setup: CREATE TABLE t2 (id VARCHAR(10) NOT NULL PRIMARY KEY, c_int INT) ENGINE=InnoDB
setup: INSERT IGNORE INTO t2 (id, c_int) VALUES ('k3', 68)
setup: CREATE TRIGGER trg_t1 BEFORE UPDATE ON t1 FOR EACH ROW UPDATE t2 SET c_int = c_int + 1 WHERE id = NEW.id
con2: INSERT INTO t1 (id, c_blob) VALUES (3, REPEAT('b', 20)) ON DUPLICATE KEY UPDATE c_blob = VALUES(c_blob)  => 1292
