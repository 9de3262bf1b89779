# replbed fuzz class 'outcome:UPDATE 1292 vs OK': 1 case x format
# found as fuzz_s20261127_00445 (ROW); shrunk in 48 runs to 6 statements (from 14)
# reference vs replbed: 'UPDATE t1 SET c_dec = NULL WHERE 1 = 1': reference 1292 Incorrect datetime value: '4' for column `test`.`t1`.`id` at row 1 / replbed OK 
[case fuzz_outcome_UPDATE_1292_vs_OK]
rule = fuzz
seed = 20261127
description = replbed fuzz --seed 20261127, case 445
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_int INT, c_dec DECIMAL(5,2)) ENGINE=InnoDB
setup: INSERT IGNORE INTO t1 (id, c_int, c_dec) VALUES (4, 67, 0.25)
setup: CREATE TABLE t2 (id DATETIME, c_int INT NOT NULL) ENGINE=MyISAM
setup: INSERT IGNORE INTO t2 (id, c_int) VALUES ('2024-01-02 10:00:00', 20)
setup: CREATE TRIGGER trg_t1 AFTER UPDATE ON t1 FOR EACH ROW UPDATE t2 SET c_int = c_int + 1 WHERE id = NEW.id
con2: UPDATE t1 SET c_dec = NULL WHERE 1 = 1  => 1292
