# replbed fuzz class 'warnings:ROLLBACK [1751] vs []': 1 case x format
# found as fuzz_s9803_00268 (STATEMENT); shrunk in 13 runs to 2 statements (from 12)
# reference vs replbed: 'ROLLBACK': reference [('Warning', 1751, 'The creation of some temporary tables could not be rolled back.')] / replbed []
[case fuzz_warnings_ROLLBACK_1751_vs]
rule = fuzz
seed = 9803
description = replbed fuzz --seed 9803, case 268
formats = STATEMENT
con1.autocommit = 0
con1: CREATE TEMPORARY TABLE tmp5 (id INT) ENGINE=InnoDB
con1: ROLLBACK
