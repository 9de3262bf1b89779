# KNOWN, not fixed: 11.8 (Sql_cmd_delete / Sql_cmd_update since 11.1) resolves the statement's names before decide_logging_format, so 1054 comes before 1665; replbed checks the format first (10.11's order, probed: 10.11 answers 1665)
# replbed fuzz class 'outcome:DELETE 1054 vs 1665': 1 case x format
# found as fuzz_s118729_00159 (STATEMENT); shrunk in 10 runs to 5 statements (from 9)
# reference vs replbed: 'DELETE b FROM tmp3 a JOIN t2 b ON a.id = b.id': reference 1054 Unknown column 'a.id' in 'ON' / replbed 1665 Cannot execute statement: impossible to write to binary log since BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-based logging. InnoDB is limited to row
[case fuzz_outcome_DELETE_1054_vs_1665_s118729]
rule = fuzz
seed = 118729
description = replbed fuzz --seed 118729, case 159
formats = STATEMENT
session.sql_mode = 'TRADITIONAL'
session.tx_isolation = 'READ-UNCOMMITTED'
setup: CREATE TABLE t1 (id DECIMAL(6,2), c_int INT, c_blob BLOB, c_dec DECIMAL(5,2)) ENGINE=MyISAM
setup: CREATE TABLE t2 (id DECIMAL(6,2) NULL UNIQUE, c_dt DATETIME, c_blob BLOB) ENGINE=InnoDB
con1: CREATE TEMPORARY TABLE tmp3 ENGINE=InnoDB SELECT c_blob FROM t2 WHERE id > 9.50
con1: INSERT INTO t2 (id, c_blob) VALUES (9.00, ''), (4.50, REPEAT('b', 20)), (1.50, 'blob'), (3.50, 'x')  => 1665
con1: DELETE b FROM tmp3 a JOIN t2 b ON a.id = b.id  => 1054
