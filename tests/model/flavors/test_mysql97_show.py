"""What the ``mysql-9.7`` flavour's SHOW and admin statements return (result sets), each
asserted against the rows the real MySQL 9.7.4 sent for the same statements (recorded with
`replbed run --reference mysql-9.7 --profile mysql-9.7-gtid-off`, docs/RULES-mysql-9.7.md
section 8), and MariaDB 10.11's answer kept where it differs."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.flavors._probe import Bed


@pytest.fixture(params=["mysql-9.7", "mariadb-10.11"])
def bed(request, tmp_path):
    return Bed(tmp_path, request.param)


def _rows(thd, sql: str) -> list[list[str | None]]:
    return [[None if v is None else str(v) for v in r] for r in thd.execute(sql).rows]


def test_show_create_table_names_the_servers_utf8mb4_default(bed):
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("CREATE TABLE t3 (a VARCHAR(5), b VARCHAR(5) CHARACTER SET latin1, "
              "c VARCHAR(5) COLLATE utf8mb4_bin) ENGINE=InnoDB")
    text = _rows(t, "SHOW CREATE TABLE t3")[0][1]
    if mysql:
        # 9.7.4 [bytes]
        assert text == ("CREATE TABLE `t3` (\n  `a` varchar(5) DEFAULT NULL,\n"
                        "  `b` varchar(5) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,\n"
                        "  `c` varchar(5) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL\n"
                        ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci")
        assert _rows(t, "SELECT COLUMN_NAME, COLLATION_NAME FROM information_schema.COLUMNS "
                        "WHERE TABLE_NAME = 't3' ORDER BY 1") == [
            ["a", "utf8mb4_0900_ai_ci"], ["b", "latin1_swedish_ci"], ["c", "utf8mb4_bin"]]
        assert _rows(t, "SHOW TABLE STATUS LIKE 't3'")[0][14] == "utf8mb4_0900_ai_ci"
    else:
        assert text.endswith("COLLATE=utf8mb4_general_ci") and "0900" not in text


def test_show_binary_logs_has_mysqls_encrypted_column(bed):
    rows = _rows(bed.thd, "SHOW BINARY LOGS")
    if bed.state.flavor.name == "mysql-9.7":
        # 9.7.4 [bytes]: ["binlog.000001", "3589", "No"] (binlog_encryption OFF)
        assert [len(r) for r in rows] == [3] and rows[0][2] == "No"
    else:
        assert [len(r) for r in rows] == [2]


def test_version_comment_is_the_packaged_servers(bed):
    got = _rows(bed.thd, "SELECT @@version_comment")[0][0]
    if bed.state.flavor.name == "mysql-9.7":
        assert got == "(Debian)"  # 9.7.4 [bytes] (Debian's mysql-server 9.7.4-2)


def test_a_new_myisam_table_is_already_optimized_in_mysql(bed):
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("CREATE TABLE m (a INT PRIMARY KEY) ENGINE=MyISAM")
    said = [_rows(t, "OPTIMIZE TABLE m")[0][3]]
    t.execute("INSERT INTO m VALUES (5)")
    said += [_rows(t, sql)[0][3] for sql in ("OPTIMIZE TABLE m", "OPTIMIZE TABLE m", "ANALYZE TABLE m")]
    done = "Table is already up to date"
    # 9.7.4 [bytes]: a new table is up to date, after an INSERT OK once, then up to date again
    assert said == ([done, "OK", done, done] if mysql else ["OK", "OK", done, done])


def test_load_data_reads_the_file_in_the_database_charset(bed, tmp_path):
    t = bed.thd
    path = tmp_path / "d.txt"
    path.write_bytes("1\tcafé\n".encode())
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(20) CHARACTER SET utf8mb4) ENGINE=InnoDB")
    t.execute(f"LOAD DATA INFILE '{path}' INTO TABLE t")
    if bed.state.flavor.name == "mysql-9.7":
        # 9.7.4 [bytes] load_data_charset_and_errors: utf8mb4 database, the bytes stay UTF-8
        assert _rows(t, "SELECT HEX(b) FROM t") == [["636166C3A9"]]


def test_truncate_of_a_referenced_parent_names_the_constraint_only_in_mysql(bed):
    t = bed.thd
    t.execute("CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB")
    t.execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB")
    with pytest.raises(ServerError) as exc:
        t.execute("TRUNCATE TABLE p")
    text = "Cannot truncate a table referenced in a foreign key constraint (`test`.`c`, CONSTRAINT `c_ibfk_1`"
    if bed.state.flavor.name == "mysql-9.7":
        assert (exc.value.code, exc.value.message) == (1701, text + ")")  # 9.7.4 [bytes] fk_ddl
    else:
        assert exc.value.message.startswith(text + " FOREIGN KEY (`pid`)")


def test_checksum_table_sums_null_fields_in_mysql(bed):
    t = bed.thd
    t.execute("CREATE TABLE n (a INT NOT NULL, b CHAR(3), c BIGINT) ENGINE=MyISAM")
    t.execute("INSERT INTO n VALUES (1, 'x', NULL), (2, NULL, -5)")
    got = _rows(t, "CHECKSUM TABLE n")[0][1]
    # 9.7.4 [bytes] ddl_table_maintenance: 1005345064; MariaDB 10.11 (replbed's passing corpus): 3799569385
    assert got == ("1005345064" if bed.state.flavor.name == "mysql-9.7" else "3799569385")


def test_create_select_columns_of_expressions_and_window_functions(bed):
    t = bed.thd
    t.execute("CREATE TABLE wn (a INT NOT NULL DEFAULT 3, b INT, c VARCHAR(5) NOT NULL, e DECIMAL(5,2) NOT NULL, "
              "PRIMARY KEY (a)) ENGINE=InnoDB")
    t.execute("INSERT INTO wn VALUES (1, 2, 'x', 1.5), (2, NULL, 'y', 2.5)")
    t.execute("CREATE TABLE c1 SELECT a, b, c, a + 1 AS x, 'abc' AS s, CONCAT(c, 'q') AS s2, e * 2 AS de, "
              "NOW() AS n, 1.5 AS f, b + 1 AS nb FROM wn")
    t.execute("CREATE TABLE c2 SELECT a, b, c, a + 1 AS x, ROW_NUMBER() OVER (ORDER BY a) AS rn FROM wn")
    c1, c2 = (_rows(t, f"SHOW CREATE TABLE {n}")[0][1] for n in ("c1", "c2"))
    if bed.state.flavor.name == "mysql-9.7":
        # 9.7.4 [bytes] (probe of the same statements; c2 is query_window_create_select_columns)
        assert c1.split("\n")[4:11] == [
            "  `x` bigint NOT NULL DEFAULT '0',", "  `s` varchar(3) NOT NULL DEFAULT '',",
            "  `s2` varchar(6) DEFAULT NULL,", "  `de` decimal(6,2) NOT NULL DEFAULT '0.00',",
            "  `n` datetime NOT NULL,", "  `f` decimal(2,1) NOT NULL DEFAULT '0.0',", "  `nb` bigint DEFAULT NULL"]
        assert c2 == ("CREATE TABLE `c2` (\n  `a` int NOT NULL DEFAULT '3',\n  `b` int DEFAULT NULL,\n"
                      "  `c` varchar(5) NOT NULL,\n  `x` bigint NOT NULL DEFAULT '0',\n"
                      "  `rn` bigint unsigned NOT NULL DEFAULT '0'\n"
                      ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci")
        t.execute("INSERT INTO c2 (c, rn) VALUES ('z', 9)")
        assert _rows(t, "SELECT x FROM c2 WHERE rn = 9") == [["0"]]
    else:
        # the window query's temporary table makes the other columns nullable (MariaDB)
        assert "`c` varchar(5),\n" in c2 and "`rn` bigint(21) NOT NULL" in c2 and "DEFAULT '0'" not in c1


def test_user_is_the_resolved_name_and_current_user_the_matched_account(tmp_path):
    from harness.profile import get_profile
    bed = Bed(tmp_path, "mysql-9.7", profile=get_profile("mysql-9.7-gtid-off"))
    # 9.7.4 [bytes] (mtr_unsafe_functions_list, s002_unsafe_sysfunc; DEFINER of every logged
    # CREATE TRIGGER/VIEW): a TCP client from 127.0.0.1 is USER() root@localhost (names resolved,
    # the loopback address is 'localhost'), matched as the account root@127.0.0.1
    assert _rows(bed.thd, "SELECT USER(), SESSION_USER(), CURRENT_USER()") == [
        ["root@localhost", "root@localhost", "root@127.0.0.1"]]
