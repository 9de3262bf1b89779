# WL#2687 (seed 000): non-transactional changes are written to the binary log
# when the statement ends (stmt-cache), transactional ones at commit (trx-cache).
# Setup creates the tables on its own connection before the steps.

[case seed000_example1_concurrent_delete]
rule = WL2687.example1
seed = 000
description = con2's BEGIN/DELETE/COMMIT on myisam_t commits before con1's transaction that updated myisam_t
setup: CREATE TABLE innodb_t (a INT) ENGINE=InnoDB
setup: CREATE TABLE myisam_t (a INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO innodb_t VALUES (1)
con1: UPDATE myisam_t SET a = 10  => mysql-9.7-gtid-on:1785
con2: BEGIN
con2: DELETE FROM myisam_t
con2: COMMIT
con1: COMMIT

[case seed000_example2_nstmt_overtakes]
rule = WL2687.example2
seed = 000
description = con2's N-statements on myisam_t (starting empty) interleave with con1's transaction that also updates myisam_t
setup: CREATE TABLE innodb_t (a INT) ENGINE=InnoDB
setup: CREATE TABLE myisam_t (a INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO innodb_t VALUES (1)
con2: INSERT INTO myisam_t VALUES (1)
con1: UPDATE myisam_t SET a = a + 10  => mysql-9.7-gtid-on:1785
con2: UPDATE myisam_t SET a = a * 10
con1: COMMIT
