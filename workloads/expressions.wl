# Expressions common in DML workloads (issue 3): date arithmetic with INTERVAL,
# REGEXP, JOIN ... USING, string/number/date functions and CAST forms.  In STATEMENT
# format they are logged as text; what must match is the final tables and the
# warnings, and in ROW format the values in the images.

[case expr_date_arithmetic]
rule = expressions.date_arithmetic
seed = 002
description = INTERVAL arithmetic, DATE_ADD/DATE_SUB/ADDDATE/TIMESTAMPADD/TIMESTAMPDIFF, DATE_FORMAT and date parts stored into columns
session.time_zone = '+00:00'
setup: CREATE TABLE t (id INT PRIMARY KEY, d DATE, dt DATETIME(3), s VARCHAR(80), n BIGINT, tm TIME) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, '2024-01-31', '2024-02-29 23:59:59.500', NULL, NULL, '10:00:00'), (2, '2023-12-31', '2024-12-31 12:00:00', NULL, NULL, '-01:30:00'), (3, NULL, NULL, NULL, NULL, NULL)
con1: UPDATE t SET d = d + INTERVAL 1 MONTH, dt = dt + INTERVAL '1 1:1:1' DAY_SECOND WHERE id <= 2
con1: UPDATE t SET d = DATE_SUB(d, INTERVAL 1 YEAR), dt = DATE_ADD(dt, INTERVAL 90 MINUTE) WHERE id = 1
con1: UPDATE t SET s = DATE_FORMAT(dt, '%Y/%m/%d %H:%i:%s %W %M %D %j %U %u %p %r'), n = TIMESTAMPDIFF(MONTH, d, dt)
con1: INSERT INTO t SELECT id + 10, ADDDATE(d, 10), TIMESTAMPADD(HOUR, 5, dt), CONCAT_WS('|', YEAR(d), MONTH(d), DAY(d), DAYOFWEEK(d), WEEKDAY(d), DAYOFYEAR(d), QUARTER(d), WEEK(d), DAYNAME(d), MONTHNAME(d), LAST_DAY(d)), DATEDIFF(dt, d), ADDTIME(tm, '00:30:00') FROM t WHERE id <= 3
con1: INSERT INTO t VALUES (20, INTERVAL 2 DAY + '2024-02-28', DATE_ADD('2024-01-01', INTERVAL '1:30' HOUR_MINUTE), EXTRACT(YEAR_MONTH FROM '2024-03-05'), TO_DAYS('2024-03-05'), SEC_TO_TIME(3661))
con1: INSERT INTO t VALUES (21, MAKEDATE(2024, 60), LAST_DAY('2023-02-10'), STR_TO_DATE('05/03/2024', '%d/%m/%Y'), TIME_TO_SEC('01:01:01'), TIMEDIFF('10:00:00', '08:30:00'))
con1: DELETE FROM t WHERE d < NOW() - INTERVAL 100 YEAR OR dt IS NULL

[case expr_strings_numbers]
rule = expressions.strings_numbers
seed = 002
description = string and number functions, REGEXP/RLIKE, CAST/CONVERT forms, with their warnings, in UPDATE/INSERT ... SELECT
session.sql_mode = ''
setup: CREATE TABLE t (id INT PRIMARY KEY, a VARCHAR(40), b DECIMAL(12,4), c DOUBLE, i BIGINT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (1, 'alpha.beta.gamma', -12.3456, 2.5, -7), (2, 'Widget  ', 1234.5, 3.5, 10), (3, NULL, NULL, NULL, NULL)
con1: UPDATE t SET a = CONCAT_WS('-', LPAD(id, 3, '0'), RPAD(a, 8, '*'), SUBSTRING_INDEX(a, '.', -2)) WHERE a REGEXP '^[a-z]+\\.'
con1: UPDATE t SET b = ROUND(b, 1) + TRUNCATE(b, 2), c = ROUND(c) + ROUND(-c), i = MOD(i, 3) + ABS(i) + CEIL(b) + FLOOR(b) WHERE id <= 2
con1: UPDATE t SET a = IFNULL(a, 'none'), b = COALESCE(b, 0), c = IF(c IS NULL, GREATEST(1, 5, 3), LEAST(c, 100)), i = NULLIF(id, 3)
con1: INSERT INTO t SELECT id + 10, REPLACE(UPPER(TRIM(a)), 'A', 'a'), CAST(a AS SIGNED), CAST(c AS DECIMAL(6,2)), CAST(b AS UNSIGNED) FROM t WHERE a NOT RLIKE 'x$'
con1: INSERT INTO t VALUES (20, CONVERT(12.5, CHAR), CAST('12abc' AS SIGNED), CAST('2024-01-05' AS DATE) + 0, CAST(-1 AS UNSIGNED))
con1: INSERT INTO t VALUES (21, CONCAT(TRIM(LEADING 'x' FROM 'xxaxx'), LOCATE('b', 'abcb', 3), INSTR('foobar', 'BAR'), FIND_IN_SET('b', 'a,b,c'), FIELD('b', 'a', 'b'), ELT(2, 'p', 'q'), FORMAT(1234.5, 0)), 0, POW(2, 10) + SQRT(16), CONV('ff', 16, 10))
con1: DELETE FROM t WHERE a REGEXP 'GAMMA|none' OR i DIV 2 = 5

[case expr_join_using]
rule = expressions.join_using
seed = 002
description = multi-table UPDATE and DELETE over JOIN ... USING and LEFT JOIN ... USING
setup: CREATE TABLE a (id INT PRIMARY KEY, v INT) ENGINE=InnoDB
setup: CREATE TABLE b (id INT PRIMARY KEY, w INT) ENGINE=InnoDB
setup: INSERT INTO a VALUES (1, 10), (2, 20), (3, 30)
setup: INSERT INTO b VALUES (1, 100), (3, 300)
con1: UPDATE a JOIN b USING (id) SET a.v = a.v + b.w
con1: UPDATE a LEFT JOIN b USING (id) SET a.v = -1 WHERE b.id IS NULL
con1: DELETE b FROM b JOIN a USING (id) WHERE a.v > 200
con1: INSERT INTO b SELECT a.id, a.v FROM a LEFT JOIN b USING (id) WHERE b.id IS NULL
