# Column types and value conversion (issue 3): edge values stored in strict and
# non-strict sql_mode, then updated and deleted; row images in FULL, MINIMAL and
# NOBLOB.  Every warning and error text is MariaDB 10.11's (probed).

[case types_int_edges_nonstrict]
rule = types.int_edges_nonstrict
seed = 002
description = integer min/max, out of range (1264), cut strings (1265 / Note for trailing spaces), 1366, ZEROFILL, outside strict mode
session.sql_mode = ''
setup: CREATE TABLE t (id INT PRIMARY KEY, a TINYINT, b TINYINT UNSIGNED, c SMALLINT, d SMALLINT UNSIGNED, e MEDIUMINT, f MEDIUMINT UNSIGNED, g INT, h INT UNSIGNED, i BIGINT, j BIGINT UNSIGNED, k INT(5) ZEROFILL, l TINYINT NOT NULL) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1, -128, 0, -32768, 0, -8388608, 0, -2147483648, 0, -9223372036854775808, 0, 0, 0)
con1: INSERT INTO t VALUES (2, 127, 255, 32767, 65535, 8388607, 16777215, 2147483647, 4294967295, 9223372036854775807, 18446744073709551615, 99999, 1)
con1: INSERT INTO t VALUES (3, 200, -1, 40000, -5, 9000000, -1, 3000000000, -1, 9223372036854775808, -1, 123456, 2)
con1: INSERT INTO t VALUES (4, '12abc', 'x', '1e3', ' 42 ', '-0', '3.5', 2.5, 3.5, -2.5, '18446744073709551616', 7, NULL)  => ER_BAD_NULL_ERROR
con1: INSERT INTO t (id) VALUES (5)
con1: UPDATE t SET a = a + 100, j = j - 1 WHERE id = 2
con1: UPDATE t SET k = k * 3, l = NULL WHERE id < 3
con1: DELETE FROM t WHERE id = 3
con1: INSERT INTO t (id, l) VALUES (6, NULL), (7, 1)
con1: UPDATE t SET l = NULL WHERE id = 7

[case types_int_edges_strict]
rule = types.int_edges_strict
seed = 002
description = the same values under STRICT_ALL_TABLES: errors 1264/1265/1366/1048/1364, IGNORE downgrades
session.sql_mode = 'STRICT_ALL_TABLES'
setup: CREATE TABLE t (id INT PRIMARY KEY, a TINYINT, b TINYINT UNSIGNED, i BIGINT, j BIGINT UNSIGNED, k INT(5) ZEROFILL, l TINYINT NOT NULL) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1, -128, 0, -9223372036854775808, 0, 0, 0)
con1: INSERT INTO t VALUES (2, 128, 0, 0, 0, 0, 0)  => ER_WARN_DATA_OUT_OF_RANGE
con1: INSERT INTO t VALUES (3, 1, -1, 0, 0, 0, 0)  => ER_WARN_DATA_OUT_OF_RANGE
con1: INSERT INTO t VALUES (4, '12abc', 0, 0, 0, 0, 0)  => 1265
con1: INSERT INTO t VALUES (5, 'x', 0, 0, 0, 0, 0)  => 1366
con1: INSERT INTO t VALUES (6, 1, 1, 1, 1, 1, NULL)  => ER_BAD_NULL_ERROR
con1: INSERT INTO t (id) VALUES (7)  => ER_NO_DEFAULT_FOR_FIELD
con1: INSERT INTO t VALUES (8, 2.5, 3.5, '1e3', 18446744073709551615, 123456, 1)
con1: INSERT IGNORE INTO t VALUES (9, 300, -3, 1, 1, 1, NULL)
con1: UPDATE t SET a = a + 200 WHERE id = 1
con1: UPDATE IGNORE t SET a = a + 200 WHERE id = 1
con1: UPDATE t SET i = i - 1 WHERE id = 1  => 1690

[case types_decimal_nonstrict]
rule = types.decimal_nonstrict
seed = 002
description = DECIMAL up to (65,30), negatives, rounding Notes, out of range, bad strings
session.sql_mode = ''
setup: CREATE TABLE t (id INT PRIMARY KEY, a DECIMAL(5,2), b DECIMAL(65,30), c DECIMAL(10,0) UNSIGNED, d DECIMAL(38,10), e DEC(4,4), f NUMERIC(20,5) NOT NULL DEFAULT '1.5') ENGINE=InnoDB
con1: INSERT INTO t VALUES (1, -999.99, -12345678901234567890123456789012345.123456789012345678901234567890, 0, -1234567890123456789012345678.0123456789, -0.9999, -99.5)
con1: INSERT INTO t VALUES (2, 999.995, 1e40, -1, 12.34567890123, 0.99995, '12.3x')
con1: INSERT INTO t VALUES (3, '1.234', ' 5.5 ', '7abc', 'abc', '-0.00001', 1.5e3)
con1: INSERT INTO t (id, a) VALUES (4, 1000)
con1: UPDATE t SET a = a / 3, b = b * 2 WHERE id <= 2
con1: UPDATE t SET f = f + 0.000004 WHERE id = 3
con1: DELETE FROM t WHERE id = 2

[case types_decimal_strict]
rule = types.decimal_strict
seed = 002
description = DECIMAL under STRICT_TRANS_TABLES
session.sql_mode = 'STRICT_TRANS_TABLES'
setup: CREATE TABLE t (id INT PRIMARY KEY, a DECIMAL(5,2), c DECIMAL(10,0) UNSIGNED) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1, 1.005, 3)
con1: INSERT INTO t VALUES (2, 1000, 3)  => ER_WARN_DATA_OUT_OF_RANGE
con1: INSERT INTO t VALUES (3, 1, -1)  => ER_WARN_DATA_OUT_OF_RANGE
con1: INSERT INTO t VALUES (4, '1.2abc', 1)  => 1265,mysql-9.7:1366
con1: INSERT INTO t VALUES (5, 'abc', 1)  => 1366
con1: INSERT INTO t VALUES (6, '1.239 ', 1)

[case types_float_double]
rule = types.float_double
seed = 002
description = FLOAT/DOUBLE/FLOAT(p)/REAL/DOUBLE PRECISION/(M,D) values, text forms and rounding
session.sql_mode = ''
setup: CREATE TABLE t (id INT PRIMARY KEY, a FLOAT, b DOUBLE, c FLOAT(10), d FLOAT(30), e DOUBLE PRECISION, f REAL, g FLOAT UNSIGNED, h DOUBLE(10,3), i FLOAT(7,2)) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1, 3.14159265358979, 3.14159265358979, 1.1, 1.1, -1.5e300, 2.5e-300, -1, 12345.67891, 12345.678)
con1: INSERT INTO t VALUES (2, 1e38, 1.7976931348623157e308, 0.1, 0.1, 1e-5, 123456789012345678, 5, -0.0005, 99999.999)
con1: INSERT INTO t VALUES (3, '1.5x', ' 2.5 ', 'abc', 1e39, 0, -0, 1, 1, 1)
con1: UPDATE t SET a = a * 2, b = b / 3 WHERE id = 1
con1: DELETE FROM t WHERE id = 2

[case types_float_strict]
rule = types.float_strict
seed = 002
description = FLOAT/DOUBLE range errors on MyISAM in strict mode
session.sql_mode = 'STRICT_ALL_TABLES'
setup: CREATE TABLE t (id INT PRIMARY KEY, a FLOAT, g FLOAT UNSIGNED, h DOUBLE(10,3)) ENGINE=MyISAM
con1: INSERT INTO t VALUES (1, 1e39, 1, 1)  => ER_WARN_DATA_OUT_OF_RANGE
con1: INSERT INTO t VALUES (2, 1, -1, 1)  => ER_WARN_DATA_OUT_OF_RANGE
con1: INSERT INTO t VALUES (3, 1, 1, 12345678.9)  => ER_WARN_DATA_OUT_OF_RANGE
con1: INSERT INTO t VALUES (4, '1.5x', 1, 1)  => 1265,mysql-9.7:1366
con1: INSERT INTO t VALUES (5, 1.5, 1, 1.23456)

[case types_strings_nonstrict]
rule = types.strings_nonstrict
seed = 002
description = CHAR/VARCHAR/TEXT/BLOB/BINARY in latin1, utf8mb3, utf8mb4: truncation, trailing spaces, multibyte, 1366
session.sql_mode = ''
setup: CREATE TABLE t (id INT PRIMARY KEY, a CHAR(5), b VARCHAR(5), c CHAR(3) CHARACTER SET latin1, d VARCHAR(4) CHARSET utf8mb3, e TINYTEXT, f TEXT CHARACTER SET latin1, g BINARY(4), h VARBINARY(4), i TINYBLOB, j BLOB, k VARCHAR(300) CHARACTER SET latin1, l CHAR(100)) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1, 'ab  ', 'ab  ', 'é', 'ñañ', 'x', 'ü', 'ab', 'ab', 'b', 'bb', 'k', 'l')
con1: INSERT INTO t VALUES (2, 'abcdefg', 'abcdef', 'abcd', 'éééééé', REPEAT('z', 300), 'f', 'abcdef', 'abcdef', REPEAT('q', 300), 'j', REPEAT('k', 301), 'x')
con1: INSERT INTO t VALUES (3, 'abcde   ', 'abcde   ', 'ab     ', '日本語', '😀', '€', 'a ', 'a ', 'ab ', NULL, NULL, 'l  ')
con1: INSERT INTO t VALUES (4, 12345.6, 3.5e0, 123456, -1, 7, 8, 9, 10, 11, 12, 13, 14)
con1: INSERT INTO t (id) VALUES (5)
con1: UPDATE t SET a = CONCAT(a, 'zz'), b = 'x', j = REPEAT('w', 10) WHERE id <= 2
con1: UPDATE t SET l = 'ł', c = 'ł' WHERE id = 3
con1: DELETE FROM t WHERE id = 1

[case types_strings_strict]
rule = types.strings_strict
seed = 002
description = string truncation errors 1406/1366/1048 in strict mode
session.sql_mode = 'STRICT_ALL_TABLES'
setup: CREATE TABLE t (id INT PRIMARY KEY, a CHAR(5), b VARCHAR(5) NOT NULL, c CHAR(3) CHARACTER SET latin1, g BINARY(4), h VARBINARY(4), e TINYTEXT) ENGINE=MyISAM
con1: INSERT INTO t VALUES (1, 'abcdef', 'a', 'a', 'a', 'a', 'a')  => ER_DATA_TOO_LONG
con1: INSERT INTO t VALUES (2, 'abcde   ', 'abcde  ', 'a', 'a', 'a', 'a')
con1: INSERT INTO t VALUES (3, 'a', NULL, 'a', 'a', 'a', 'a')  => ER_BAD_NULL_ERROR
con1: INSERT INTO t (id) VALUES (4)  => ER_NO_DEFAULT_FOR_FIELD
con1: INSERT INTO t VALUES (5, 'a', 'b', '日本', 'a', 'a', 'a')  => 1366
con1: INSERT INTO t VALUES (6, 'a', 'b', 'abc', 'abcde', 'a', 'a')  => ER_DATA_TOO_LONG
con1: INSERT INTO t VALUES (7, 'a', 'b', 'abc', 'abcd', 'a    ', 'a')  => ER_DATA_TOO_LONG
con1: INSERT INTO t VALUES (8, 'a', 'b', 'abc', 'abcd', 'a', REPEAT('y', 256))  => ER_DATA_TOO_LONG
con1: INSERT INTO t VALUES (9, 'a', 'b', 'abc', 'abcd', 'a', 'ok'), (10, 'a', NULL, 'abc', 'abcd', 'a', 'ok')  => ER_BAD_NULL_ERROR
con1: UPDATE t SET b = 'toolong' WHERE id = 9  => ER_DATA_TOO_LONG
con1: UPDATE t SET b = NULL WHERE id = 9  => ER_BAD_NULL_ERROR

[case types_row_images_noblob_minimal]
rule = types.row_images_noblob_minimal
seed = 002
description = NOBLOB and MINIMAL images of a table with latin1, TEXT and BLOB columns
con1.binlog_row_image = NOBLOB
con2.binlog_row_image = MINIMAL
setup: CREATE TABLE t (id INT PRIMARY KEY, a CHAR(5) CHARSET latin1, b VARCHAR(5), j BLOB, k TEXT, n INT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, 'a', 'b', 'jj', 'kk', 1), (2, 'a2', 'b2', 'j2', 'k2', 2)
con1: UPDATE t SET n = n + 1
con1: UPDATE t SET k = 'kkk' WHERE id = 1
con1: DELETE FROM t WHERE id = 2
con2: INSERT INTO t (id, b) VALUES (3, 'bb')
con2: UPDATE t SET j = 'x', a = 'é'
con2: DELETE FROM t

[case types_temporal_nonstrict]
rule = types.temporal_nonstrict
seed = 002
description = DATE/DATETIME(3)/TIMESTAMP(6)/TIME(2)/YEAR edges: zero dates, fractional truncation, ranges, INTERVAL
session.sql_mode = ''
session.time_zone = '+00:00'
setup: CREATE TABLE t (id INT PRIMARY KEY, a DATE, b DATETIME, c DATETIME(3), d TIMESTAMP(6) NULL, e TIME, f TIME(2), g YEAR, h TIMESTAMP NULL) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1, '2024-02-29', '2024-02-29 23:59:59', '2024-02-29 23:59:59.9995', '2038-01-19 03:14:07.999999', '838:59:59', '-12:34:56.789', 2155, '1970-01-01 00:00:01')
con1: INSERT INTO t VALUES (2, '0000-00-00', '0000-00-00 00:00:00', '2023-02-30 10:00:00', '1969-12-31 23:59:59', '839:00:00', '1 02:03:04.5', 1900, '2038-01-19 03:14:08')
con1: INSERT INTO t VALUES (3, '2024-13-01', 'garbage', '2024-01-01 25:00:00', '0000-00-00 00:00:00', '12:60:00', 'abc', 69, 0)
con1: INSERT INTO t VALUES (4, 20240115, 20240115103000, '2024-01-15 10:30:00.123456789', '2024-01-15T10:30:00.5', 103000, '10:30', '99', 20240115103000)
con1: INSERT INTO t VALUES (5, '2024-01-15 10:30:00', '2024-01-15', '2024-1-5 1:2:3.4', '24-01-15 10:30', '-838:59:59', 1.5, '2000', '2024-00-00')
con1: INSERT INTO t VALUES (6, '2024-02-00', '2024-00-10 00:00:00', NULL, NULL, NULL, NULL, NULL, NULL)
con1: UPDATE t SET c = c + INTERVAL 1 DAY WHERE id = 1
con1: UPDATE t SET e = '00:00:01', a = '1999-12-31' WHERE id <= 2
con1: DELETE FROM t WHERE id = 3

[case types_temporal_strict]
rule = types.temporal_strict
seed = 002
description = temporal errors 1292/1264 with NO_ZERO_DATE and NO_ZERO_IN_DATE
session.sql_mode = 'STRICT_ALL_TABLES,NO_ZERO_DATE,NO_ZERO_IN_DATE'
session.time_zone = '+00:00'
setup: CREATE TABLE t (id INT PRIMARY KEY, a DATE, b DATETIME(2), d TIMESTAMP NULL, e TIME, g YEAR) ENGINE=MyISAM
con1: INSERT INTO t VALUES (1, '2024-02-29', '2024-02-29 23:59:59.999', '2000-01-01', '10:00', 2000)
con1: INSERT INTO t VALUES (2, '0000-00-00', NULL, NULL, NULL, NULL)  => ER_TRUNCATED_WRONG_VALUE
con1: INSERT INTO t VALUES (3, '2024-02-30', NULL, NULL, NULL, NULL)  => ER_TRUNCATED_WRONG_VALUE
con1: INSERT INTO t VALUES (4, '2024-02-00', NULL, NULL, NULL, NULL)  => ER_TRUNCATED_WRONG_VALUE
con1: INSERT INTO t VALUES (5, NULL, 'x', NULL, NULL, NULL)  => ER_TRUNCATED_WRONG_VALUE
con1: INSERT INTO t VALUES (6, NULL, NULL, '1960-01-01', NULL, NULL)  => ER_TRUNCATED_WRONG_VALUE
con1: INSERT INTO t VALUES (7, NULL, NULL, NULL, '900:00:00', NULL)  => ER_TRUNCATED_WRONG_VALUE
con1: INSERT INTO t VALUES (8, NULL, NULL, NULL, NULL, 1800)  => ER_WARN_DATA_OUT_OF_RANGE
con1: INSERT INTO t VALUES (9, '2024-01-01 10:00:00', NULL, NULL, NULL, NULL)
con1: INSERT INTO t VALUES (10, NULL, '2024-01-01 10:00:00.129', NULL, '10:00:00.7', '24')

[case types_enum_set_bit]
rule = types.enum_set_bit
seed = 002
description = ENUM/SET/BIT(n)/YEAR values, bit literals, out of range, SET members in expressions
session.sql_mode = ''
setup: CREATE TABLE t (id INT PRIMARY KEY, e ENUM('a','b','c') NOT NULL, s SET('x','y','z'), b1 BIT(1), b8 BIT(8), b12 BIT(12), b64 BIT(64), y YEAR) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1, 'b', 'x,z', 1, 255, 4095, 18446744073709551615, '0')
con1: INSERT INTO t VALUES (2, 'q', 'y,w', 2, 256, b'101010101010', b'1', 0)
con1: INSERT INTO t VALUES (3, 3, 7, 0, 'a', x'0fff', -1, '99')
con1: INSERT INTO t VALUES (4, 'C ', 'Z,X,x', b'1', 0x41, 1, 1, 1901)
con1: INSERT INTO t (id) VALUES (5)
con1: INSERT INTO t VALUES (6, 0, 9, NULL, NULL, NULL, NULL, 'abc')
con1: UPDATE t SET s = CONCAT(s, ',y'), b8 = b8 + 1, e = 'a' WHERE id <= 3
con1: DELETE FROM t WHERE id = 2

[case types_enum_set_bit_strict]
rule = types.enum_set_bit_strict
seed = 002
description = ENUM/SET/BIT errors in strict mode
session.sql_mode = 'STRICT_ALL_TABLES'
setup: CREATE TABLE t (id INT PRIMARY KEY, e ENUM('a','b','c'), s SET('x','y','z'), b8 BIT(8)) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1, 'q', NULL, NULL)  => 1265
con1: INSERT INTO t VALUES (2, NULL, 'w', NULL)  => 1265
con1: INSERT INTO t VALUES (3, NULL, NULL, 256)  => ER_DATA_TOO_LONG
con1: INSERT INTO t VALUES (4, '', '', 0)  => 1265
con1: INSERT INTO t VALUES (5, 'a', 'x', 5)

[case types_row_images_all_types]
rule = types.row_images_all_types
seed = 002
description = every type family in MINIMAL and NOBLOB update/delete images (key + assigned / all non-blob columns)
con1.binlog_row_image = MINIMAL
con2.binlog_row_image = NOBLOB
session.time_zone = '+00:00'
setup: CREATE TABLE t (id BIGINT UNSIGNED PRIMARY KEY, d DECIMAL(30,10), f FLOAT, g DOUBLE, c CHAR(4) CHARSET latin1, v VARCHAR(10) CHARSET utf8mb3, tx MEDIUMTEXT, bl LONGBLOB, bn BINARY(3), dt DATETIME(6), ts TIMESTAMP(3) NULL, tm TIME(1), y YEAR, e ENUM('x','y'), s SET('a','b','c'), b BIT(10)) ENGINE=InnoDB
setup: INSERT INTO t VALUES (18446744073709551615, -12345678901234567890.0123456789, 1.5, -2.25e-10, 'éa', 'ñ', 'long text', x'00ff', 'ab', '2024-05-06 07:08:09.123456', '2024-05-06 07:08:09.999', '-01:02:03.4', 2024, 'y', 'a,c', b'1111111111'), (1, 0, 0, 0, '', '', '', '', '', '0000-00-00 00:00:00', NULL, '00:00:00', 0, 'x', '', 0)  => mysql-9.7:1292
con1: UPDATE t SET d = d + 1, tm = ADDTIME(tm, '00:00:01'), s = 'b' WHERE id > 1
con1: UPDATE t SET ts = '2030-01-01 00:00:00.5', b = b'1' WHERE id = 1
con2: UPDATE t SET tx = CONCAT(tx, '!'), bl = x'01' WHERE id = 1
con2: UPDATE t SET f = f * 2, e = 'x'
con1: DELETE FROM t WHERE id = 1
con2: DELETE FROM t
