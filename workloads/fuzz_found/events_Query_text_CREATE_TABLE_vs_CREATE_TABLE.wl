# replbed fuzz class 'events:Query text (CREATE TABLE vs CREATE TABLE)': 5 case x format
# found as fuzz_s1_00129 (ROW); shrunk in 23 runs to 2 statements (from 15)
# reference vs replbed: event 8: reference 'Query             use `test`; CREATE TABLE `t5` (\n  `id` int(11) NOT NULL DEFAULT 0,\n  `c_dec` decimal(5,2) DEFAULT NULL\n) ENGINE=MyISAM' / replbed 'Query             use `test`; CREATE TABLE `t5` (\n  `id` int(11) NOT NULL,\n  `c_dec` decimal(5,2) DEFAULT NULL\n) ENGINE=MyISA
[case fuzz_events_Query_text_CREATE_TABLE_vs_CREATE_TABLE]
rule = fuzz
seed = 1
description = replbed fuzz --seed 1, case 129
formats = ROW
setup: CREATE TABLE t1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c_dec DECIMAL(5,2)) ENGINE=MyISAM
con2: CREATE TABLE t5 ENGINE=MyISAM SELECT id, c_dec FROM t1
