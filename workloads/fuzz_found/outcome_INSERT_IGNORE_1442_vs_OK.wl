# replbed fuzz class 'outcome:INSERT IGNORE 1442 vs OK': 3 case x format
# found as fuzz_s1_00088 (STATEMENT); shrunk in 37 runs to 5 statements (from 16)
# reference vs replbed: 'INSERT IGNORE INTO t2 (id) SELECT c_int FROM t1': reference 1442 Can't update table 't1' in stored function/trigger because it is already used by statement which invoked this stored function/trigger / replbed OK 
[case fuzz_outcome_INSERT_IGNORE_1442_vs_OK]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 88
formats = STATEMENT
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT, c_dec DECIMAL(5,2) NOT NULL) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_int, c_dec) VALUES (3, 71, NULL)
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER trg_t2 BEFORE INSERT ON t2 FOR EACH ROW UPDATE t1 SET c_int = c_int + 1 WHERE id = NEW.id
con1: INSERT IGNORE INTO t2 (id) SELECT c_int FROM t1  => 1442
