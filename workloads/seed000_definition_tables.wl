# Seed 000 (WL#2687): every row of the two definition tables, as executable cases.
# T = InnoDB statement, N = MyISAM statement, M = InnoDB statement whose trigger writes MyISAM.
# (a) ends with COMMIT, (b) with ROLLBACK; single-statement cases run in autocommit.
# What MariaDB 10.11 writes for each is recorded in docs/RULES-mariadb-10.11.md section 3.2.

[case seed000_case01a_b_t_t]
rule = WL2687.table.case1a
seed = 000
description = B T T C
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO t VALUES (10,10)
con1: INSERT INTO t VALUES (11,11)
con1: COMMIT

[case seed000_case01b_b_t_t]
rule = WL2687.table.case1b
seed = 000
description = B T T R
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO t VALUES (10,10)
con1: INSERT INTO t VALUES (11,11)
con1: ROLLBACK

[case seed000_case02a_b_t_n]
rule = WL2687.table.case2a
seed = 000
description = B T N C
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO t VALUES (10,10)
con1: INSERT INTO n VALUES (11,11)  => mysql-9.7-gtid-on:1785
con1: COMMIT

[case seed000_case02b_b_t_n]
rule = WL2687.table.case2b
seed = 000
description = B T N R
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO t VALUES (10,10)
con1: INSERT INTO n VALUES (11,11)  => mysql-9.7-gtid-on:1785
con1: ROLLBACK

[case seed000_case03a_t]
rule = WL2687.table.case3a
seed = 000
description = T
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO t VALUES (10,10)

[case seed000_case04a_n]
rule = WL2687.table.case4a
seed = 000
description = N
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO n VALUES (10,10)

[case seed000_case05a_m]
rule = WL2687.table.case5a
seed = 000
description = M
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO tm VALUES (10)  => mysql-9.7-gtid-on:1785

[case seed000_case06a_b_n_n_t]
rule = WL2687.table.case6a
seed = 000
description = B N N T C
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO n VALUES (10,10)
con1: INSERT INTO n VALUES (11,11)
con1: INSERT INTO t VALUES (12,12)
con1: COMMIT

[case seed000_case06b_b_n_n_t]
rule = WL2687.table.case6b
seed = 000
description = B N N T R
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO n VALUES (10,10)
con1: INSERT INTO n VALUES (11,11)
con1: INSERT INTO t VALUES (12,12)
con1: ROLLBACK

[case seed000_case07a_b_n_n]
rule = WL2687.table.case7a
seed = 000
description = B N N C
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO n VALUES (10,10)
con1: INSERT INTO n VALUES (11,11)
con1: COMMIT

[case seed000_case07b_b_n_n]
rule = WL2687.table.case7b
seed = 000
description = B N N R
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO n VALUES (10,10)
con1: INSERT INTO n VALUES (11,11)
con1: ROLLBACK

[case seed000_case08a_b_m_t]
rule = WL2687.table.case8a
seed = 000
description = B M T C
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO tm VALUES (10)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO t VALUES (11,11)
con1: COMMIT

[case seed000_case08b_b_m_t]
rule = WL2687.table.case8b
seed = 000
description = B M T R
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO tm VALUES (10)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO t VALUES (11,11)
con1: ROLLBACK

[case seed000_case09a_b_m_n]
rule = WL2687.table.case9a
seed = 000
description = B M N C
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO tm VALUES (10)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO n VALUES (11,11)
con1: COMMIT

[case seed000_case09b_b_m_n]
rule = WL2687.table.case9b
seed = 000
description = B M N R
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO tm VALUES (10)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO n VALUES (11,11)
con1: ROLLBACK

[case seed000_case10a_b_n_m]
rule = WL2687.table.case10a
seed = 000
description = B N M C
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO n VALUES (10,10)
con1: INSERT INTO tm VALUES (11)  => mysql-9.7-gtid-on:1785
con1: COMMIT

[case seed000_case10b_b_n_m]
rule = WL2687.table.case10b
seed = 000
description = B N M R
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO n VALUES (10,10)
con1: INSERT INTO tm VALUES (11)  => mysql-9.7-gtid-on:1785
con1: ROLLBACK

[case seed000_case11a_b_t_m]
rule = WL2687.table.case11a
seed = 000
description = B T M C
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO t VALUES (10,10)
con1: INSERT INTO tm VALUES (11)  => mysql-9.7-gtid-on:1785
con1: COMMIT

[case seed000_case11b_b_t_m]
rule = WL2687.table.case11b
seed = 000
description = B T M R
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO t VALUES (10,10)
con1: INSERT INTO tm VALUES (11)  => mysql-9.7-gtid-on:1785
con1: ROLLBACK

[case seed000_error_3b_t_with_error]
rule = WL2687.table.with_error
seed = 000
description = T with error (error: duplicate key after a changed row)
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO t VALUES (20,20),(1,1)  => ER_DUP_ENTRY

[case seed000_error_4b_n_with_error]
rule = WL2687.table.with_error
seed = 000
description = N with error (error: duplicate key after a changed row)
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO n VALUES (22,22),(1,1)  => ER_DUP_ENTRY

[case seed000_error_5b_m_with_error]
rule = WL2687.table.with_error
seed = 000
description = M with error (error: duplicate key after a changed row)
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: INSERT INTO tm VALUES (31),(1)  => ER_DUP_ENTRY,mysql-9.7-gtid-on:1785

[case seed000_error_e1_b_t_te_c]
rule = WL2687.table.with_error
seed = 000
description = B T Te C (error: duplicate key after a changed row)
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO t VALUES (10,10)
con1: INSERT INTO t VALUES (20,20),(1,1)  => ER_DUP_ENTRY
con1: COMMIT

[case seed000_error_e2_b_t_ne_c]
rule = WL2687.table.with_error
seed = 000
description = B T Ne C (error: duplicate key after a changed row)
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO t VALUES (10,10)
con1: INSERT INTO n VALUES (22,22),(1,1)  => ER_DUP_ENTRY,mysql-9.7-gtid-on:1785
con1: COMMIT

[case seed000_error_e3_b_t_me_c]
rule = WL2687.table.with_error
seed = 000
description = B T Me C (error: duplicate key after a changed row)
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO t VALUES (10,10)
con1: INSERT INTO tm VALUES (31),(1)  => ER_DUP_ENTRY,mysql-9.7-gtid-on:1785
con1: COMMIT

[case seed000_error_e4_b_ne_t_r]
rule = WL2687.table.with_error
seed = 000
description = B Ne T R (error: duplicate key after a changed row)
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO n VALUES (22,22),(1,1)  => ER_DUP_ENTRY
con1: INSERT INTO t VALUES (10,10)
con1: ROLLBACK

[case seed000_error_e5_b_me_n_c]
rule = WL2687.table.with_error
seed = 000
description = B Me N C (error: duplicate key after a changed row)
setup: CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB
setup: CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM
setup: CREATE TABLE nlog (a INT) ENGINE=MyISAM
setup: CREATE TABLE tm (a INT PRIMARY KEY) ENGINE=InnoDB
setup: CREATE TRIGGER tm_ai AFTER INSERT ON tm FOR EACH ROW INSERT INTO nlog VALUES (NEW.a)
setup: INSERT INTO t VALUES (1,1)
setup: INSERT INTO n VALUES (1,1)
setup: INSERT INTO tm VALUES (1)  => mysql-9.7-gtid-on:1785
con1: BEGIN
con1: INSERT INTO tm VALUES (31),(1)  => ER_DUP_ENTRY,mysql-9.7-gtid-on:1785
con1: INSERT INTO n VALUES (10,10)
con1: COMMIT
