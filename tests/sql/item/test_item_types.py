"""Column types CREATE ... SELECT derives for computed items (observed on MariaDB 10.11.19).

Each expected line is the column clause the reference server wrote in the
ROW-format CREATE text; a type the model does not derive must be refused (1235).
"""

from __future__ import annotations

import pytest

from harness.sql.stmt.create_select import column_sql
from harness.sql.sql_errors import ServerError
from tests.model.conftest import bed  # noqa: F401  (the in-process server fixture)

SOURCE = ("CREATE TABLE s (id INT PRIMARY KEY, k INT, b BIGINT, d DECIMAL(6,2), v VARCHAR(10), "
          "u INT UNSIGNED, t8 TINYINT, f FLOAT) ENGINE=InnoDB")

OBSERVED = [
    ("k * 2", "bigint(12) DEFAULT NULL"), ("id + 1", "bigint(12) NOT NULL"), ("-k", "bigint(12) DEFAULT NULL"),
    ("b * 2", "bigint(21) DEFAULT NULL"), ("d + k", "decimal(13,2) DEFAULT NULL"),
    ("d * k", "decimal(16,2) DEFAULT NULL"), ("k + 0.5", "decimal(12,1) DEFAULT NULL"),
    ("k / 2", "decimal(14,4) DEFAULT NULL"), ("d / 2", "decimal(10,6) DEFAULT NULL"),
    ("k DIV 2", "bigint(10) DEFAULT NULL"), ("k MOD 2", "bigint(11) DEFAULT NULL"),
    ("d MOD 2", "decimal(6,2) DEFAULT NULL"), ("u + 1", "bigint(11) unsigned DEFAULT NULL"),
    ("t8 * 2", "int(5) DEFAULT NULL"), ("id * id * id", "bigint(31) NOT NULL"),
    ("COALESCE(k, 0)", "int(11) NOT NULL"), ("IFNULL(d, k)", "decimal(12,2) DEFAULT NULL"),
    ("IF(id > 0, 1, 2)", "int(2) NOT NULL"), ("IF(k > 0, 1, 2)", "int(2) DEFAULT NULL"),
    ("CASE WHEN k > 0 THEN 1 ELSE 0 END", "int(2) DEFAULT NULL"), ("k > 0", "int(1) DEFAULT NULL"),
    ("id IN (1, 2)", "int(1) NOT NULL"), ("CONCAT(v, k)", "varchar(21) DEFAULT NULL"),
    ("CONCAT('a', id)", "varchar(12) DEFAULT NULL"), ("f * 2", "double DEFAULT NULL"),
    ("-d", "decimal(6,2) DEFAULT NULL"), ("ABS(k)", "bigint(11) DEFAULT NULL"),
]


@pytest.mark.parametrize("expr,clause", OBSERVED)
def test_derived_column_type_is_the_servers(bed, expr: str, clause: str) -> None:  # type: ignore[no-untyped-def]
    s = bed.session("ROW")
    s.execute(SOURCE)
    s.execute("INSERT INTO s VALUES (1, 2, 3, 1.50, 'ab', 4, 5, 1.5)")
    s.execute(f"CREATE TABLE c SELECT {expr} AS x FROM s")
    t = bed.state.catalog.get_table("test", "c")
    assert column_sql(t.columns[0]) == f"  `x` {clause}"


@pytest.mark.parametrize("expr", ["SUBSTRING_INDEX(v, 'a', 1)", "u - k", "u / 2", "ROUND(d)"])
def test_underived_type_is_refused(bed, expr: str) -> None:  # type: ignore[no-untyped-def]
    s = bed.session("ROW")
    s.execute(SOURCE)
    with pytest.raises(ServerError) as ei:
        s.execute(f"CREATE TABLE c SELECT {expr} AS x FROM s")
    assert ei.value.code == 1235
    assert bed.state.catalog.get_table("test", "c") is None


# The same derivation on MySQL 9.7.4 (probed: `CREATE TABLE c SELECT <expr> AS x FROM s` then SHOW
# CREATE TABLE; fid_create_select_computed): an integer expression is INT up to 11 characters,
# sign included (`k DIV 2`, `u + 1` of an INT UNSIGNED), BIGINT beyond (`k + 1`); a negation keeps
# its argument's integer type, signed (`-k`, `-u` int, `-b` bigint)
MYSQL_OBSERVED = [
    ("k * 2", "bigint DEFAULT NULL"), ("id + 1", "bigint NOT NULL DEFAULT '0'"), ("-k", "int DEFAULT NULL"),
    ("b * 2", "bigint DEFAULT NULL"), ("k DIV 2", "int DEFAULT NULL"), ("k MOD 2", "int DEFAULT NULL"),
    ("u + 1", "int unsigned DEFAULT NULL"), ("t8 * 2", "int DEFAULT NULL"), ("id * id * id", "bigint NOT NULL DEFAULT '0'"),
    ("ABS(k)", "int DEFAULT NULL"), ("ABS(t8)", "int DEFAULT NULL"), ("ABS(b)", "bigint DEFAULT NULL"),
    ("-t8", "int DEFAULT NULL"), ("-b", "bigint DEFAULT NULL"), ("-(k + 1)", "bigint DEFAULT NULL"),
    ("m + 1", "int DEFAULT NULL"), ("m * 2", "int DEFAULT NULL"), ("t8 * 1000000", "int DEFAULT NULL"),
    ("b DIV 2", "bigint DEFAULT NULL"), ("-u", "int DEFAULT NULL"), ("-(k DIV 2)", "int DEFAULT NULL"),
    ("-(m * 2)", "int DEFAULT NULL"), ("-d", "decimal(6,2) DEFAULT NULL"), ("-f", "double DEFAULT NULL"),
    # COALESCE / IF / CASE: int over arguments up to INT, bigint with a BIGINT one; IFNULL bigint
    ("COALESCE(t8, t8)", "int DEFAULT NULL"), ("COALESCE(t8, m)", "int DEFAULT NULL"),
    ("IF(id > 0, t8, m)", "int DEFAULT NULL"), ("CASE WHEN id > 0 THEN t8 ELSE m END", "int DEFAULT NULL"),
    ("COALESCE(k, 0)", "int NOT NULL DEFAULT '0'"), ("COALESCE(m, b)", "bigint DEFAULT NULL"),
    ("COALESCE(k + 1, 0)", "bigint NOT NULL DEFAULT '0'"), ("IFNULL(t8, 0)", "bigint NOT NULL DEFAULT '0'"),
    ("IFNULL(m * 2, t8)", "bigint DEFAULT NULL"),
]


@pytest.mark.parametrize("expr,clause", MYSQL_OBSERVED)
def test_mysql_derived_column_type_is_the_servers(tmp_path, expr: str, clause: str) -> None:
    from tests.model.flavors._probe import Bed
    b = Bed(tmp_path, "mysql-9.7", gtid_mode="OFF")
    b.thd.execute(SOURCE.replace(", f FLOAT)", ", f FLOAT, m MEDIUMINT)"))
    b.thd.execute(f"CREATE TABLE c SELECT {expr} AS x FROM s")
    t = b.state.catalog.get_table("test", "c")
    assert column_sql(t.columns[0], mysql=True) == f"  `x` {clause}"
