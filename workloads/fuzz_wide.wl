# Classes found by `replbed fuzz --generator wide` (harness/fuzz/wide.py): statement
# shapes the default generator never wrote.  Each case is the minimal form of one class.

[case fw_user_var_fixed_without_rows]
rule = seed002.context.user_var
seed = 002
description = a user variable the statement names is logged (User_var, NULL when never set) even when no row evaluates it: Item_func_get_user_var::fix_fields calls get_var_with_binlog at prepare time
setup: CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c CHAR(4)) ENGINE=InnoDB
setup: CREATE TABLE m (id INT PRIMARY KEY, c CHAR(4)) ENGINE=MyISAM
setup: INSERT INTO t2 VALUES (1, 'a')
setup: INSERT INTO m VALUES (1, 'a')
con1: UPDATE t2 SET c = @w WHERE c IS NULL
con1: SET @set = 'x'
con1: UPDATE m SET c = @set WHERE id = 1 AND @never IS NULL
con1: DELETE FROM t2 WHERE id = 7 AND c = @set
con1: UPDATE t2 SET c = IF(id > 0, @set, @other) WHERE id = 1
