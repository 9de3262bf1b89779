# Seed 003 ("why mixing engines in transactions never worked"): a transaction
# that changes a MyISAM table and then an InnoDB table.  The MyISAM change is
# visible to others at once; the question is where it lands in the binlog.

[case seed003_trx_myisam_then_innodb]
rule = seed003.mixing_engines_in_transaction
seed = 003
description = BEGIN; N-statement on myisam_tbl before a T-statement on innodb_tbl; COMMIT
setup: CREATE TABLE myisam_tbl (a INT) ENGINE=MyISAM
setup: CREATE TABLE innodb_tbl (a INT) ENGINE=InnoDB
con1: BEGIN
con1: INSERT INTO myisam_tbl VALUES (1),(2)
con1: INSERT INTO innodb_tbl VALUES (1),(2)
con1: COMMIT
