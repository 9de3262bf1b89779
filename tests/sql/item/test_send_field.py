"""Result metadata of computed columns (send_field.py) against MariaDB 10.11.19's.

Each expectation is a column definition the reference server sent (PyMySQL's raw
field packet, character_set_results utf8mb4): type code, length, decimals and the
flags NOT_NULL (1), UNSIGNED (32), BINARY (128). tests/server/test_result_metadata.py
compares the same and more against a live server; this module keeps the rules checked
without one, and checks that an unmodelled item falls back instead of guessing.
"""

from __future__ import annotations

import pytest

from harness.server.session import send_field_column
from harness.sql.stmt.sql_result import SelectResult
from harness.sql.item.send_field import HybridType, SendField, aggregate_for_result, decimal_item, int_item, real_item, string_item, temporal_item
from harness.sql.item.charsets import CHARSETS
from tests.model.conftest import bed  # noqa: F401  (the in-process server fixture)

TABLE = ("CREATE TABLE t (id INT PRIMARY KEY, i INT, n INT NOT NULL DEFAULT 0, u INT UNSIGNED, bi BIGINT,"
         " ti TINYINT, d DECIMAL(10,3), g DOUBLE, s VARCHAR(20), c CHAR(3), dt DATE, ts DATETIME(6),"
         " e ENUM('a','bb'))")

#: expression -> (type, length, decimals, flags), observed.
OBSERVED = {
    "1": (3, 1, 0, 129), "-1": (3, 2, 0, 129), "-2.5": (246, 4, 1, 129), "1.50": (246, 5, 2, 129),
    "0.5": (246, 4, 1, 129), "'x'": (253, 4, 39, 1), "NULL": (6, 0, 0, 128), "1e0": (5, 3, 31, 129),
    "18446744073709551615": (8, 20, 0, 161), "9223372036854775807": (8, 19, 0, 129), "0x41": (253, 1, 0, 161),
    "1+1": (3, 3, 0, 129), "1/3": (246, 7, 4, 128), "7 DIV 2": (3, 1, 0, 128), "7 MOD 2": (3, 2, 0, 128),
    "-i": (8, 12, 0, 128), "-ti": (3, 5, 0, 128), "-u": (8, 11, 0, 128), "-d": (246, 13, 3, 128),
    "-g": (5, 23, 31, 128), "i+1": (8, 12, 0, 128), "n+1": (8, 12, 0, 129), "u+1": (8, 11, 0, 160),
    "bi+1": (8, 21, 0, 128), "ti+1": (3, 5, 0, 128), "i*2": (8, 12, 0, 128), "i/2": (246, 16, 4, 128),
    "d+1": (246, 13, 3, 128), "d*d": (246, 22, 6, 128), "d/2": (246, 16, 7, 128), "i+d": (246, 16, 3, 128),
    "i+g": (5, 23, 31, 128), "s+1": (5, 23, 31, 128), "i DIV 2": (8, 10, 0, 128), "i MOD 2": (8, 11, 0, 128),
    "d MOD 2": (246, 12, 3, 128), "u - 1": (8, 11, 0, 160), "i * d": (246, 22, 3, 128), "i + 1.5": (246, 14, 1, 128),
    "1=1": (3, 1, 0, 129), "i = 1": (3, 1, 0, 128), "n = 1": (3, 1, 0, 129), "i IS NULL": (3, 1, 0, 129),
    "i IN (1,2)": (3, 1, 0, 128), "i <=> NULL": (3, 1, 0, 129), "NOT n": (3, 1, 0, 129), "i & 1": (8, 21, 0, 160),
    "CONCAT('a','bc')": (253, 12, 39, 0), "CONCAT(s,'x')": (253, 84, 39, 0), "CONCAT(i)": (253, 44, 39, 0),
    "CONCAT(d)": (253, 48, 39, 0), "CONCAT(dt)": (253, 40, 39, 0), "CONCAT('a', 0x41)": (253, 2, 39, 128),
    "UPPER(s)": (253, 80, 39, 0), "SUBSTRING(s,2)": (253, 316, 39, 0), "LEFT('abc',5)": (253, 12, 39, 0),
    "REPEAT('a',3)": (253, 12, 39, 0), "REPEAT(s,i)": (251, 67108864, 39, 0), "REPLACE(s,'a','bcd')": (253, 240, 39, 0),
    "LENGTH(s)": (3, 10, 0, 128), "IFNULL(i,0)": (3, 11, 0, 129), "IFNULL(s,'x')": (253, 80, 39, 1),
    "IFNULL(i,'x')": (253, 44, 39, 1), "COALESCE(NULL,1)": (3, 2, 0, 129), "COALESCE(i,bi)": (8, 20, 0, 128),
    "COALESCE(u, 1)": (246, 11, 0, 129), "IF(1,'a','bcd')": (253, 12, 39, 1), "IF(i,1,2)": (3, 2, 0, 128),
    "IF(1,NULL,2)": (3, 1, 0, 128), "IF(n>0,i,d)": (246, 15, 3, 128), "IFNULL(NULL,NULL)": (6, 0, 0, 128),
    "CASE i WHEN 1 THEN 'a' END": (253, 4, 39, 0), "CASE WHEN i=1 THEN 1 ELSE 2.5 END": (246, 4, 1, 128),
    "COUNT(*)": (8, 21, 0, 129), "SUM(i)": (246, 33, 0, 128), "SUM(bi)": (246, 42, 0, 128),
    "SUM(d)": (246, 34, 3, 128), "SUM(g)": (5, 23, 31, 128), "AVG(i)": (246, 16, 4, 128), "AVG(d)": (246, 16, 7, 128),
    "MIN(i)": (3, 11, 0, 128), "MAX(ti)": (1, 4, 0, 128), "MAX(s)": (253, 80, 39, 0), "MIN(c)": (254, 12, 39, 0),
    "MAX(e)": (253, 8, 0, 0), "MAX(ts)": (12, 26, 6, 128), "MIN(g)": (5, 23, 31, 128), "MIN(1)": (8, 1, 0, 128),
    "GROUP_CONCAT(s)": (252, 16777216, 0, 0), "NOW()": (12, 19, 0, 129), "NOW(6)": (12, 26, 6, 129),
    "CURDATE()": (10, 10, 0, 129), "CURTIME()": (11, 10, 0, 129), "UNIX_TIMESTAMP()": (8, 17, 0, 128),
    "UNIX_TIMESTAMP(ts)": (246, 24, 6, 128), "DATE(ts)": (10, 10, 0, 128), "YEAR(dt)": (3, 4, 0, 128),
    "DATE_ADD(dt, INTERVAL 1 DAY)": (10, 10, 0, 128), "DATE_ADD(dt, INTERVAL 1 HOUR)": (12, 19, 0, 128),
    "dt - INTERVAL 1 DAY": (10, 10, 0, 128), "DATABASE()": (253, 256, 39, 0), "USER()": (253, 1536, 39, 0),
    "CONNECTION_ID()": (3, 10, 0, 161), "LAST_INSERT_ID()": (8, 21, 0, 161), "ROW_COUNT()": (8, 21, 0, 129),
    "CAST('2020-01-01' AS DATE)": (10, 10, 0, 128), "CAST(1 AS CHAR)": (253, 4, 0, 0), "CAST(i AS CHAR(5))": (253, 20, 0, 0),
    "CAST('1' AS SIGNED)": (3, 2, 0, 129), "CAST('1' AS UNSIGNED)": (3, 1, 0, 161), "CAST(i AS UNSIGNED)": (8, 20, 0, 160),
    "CAST(d AS SIGNED)": (8, 12, 0, 128), "CAST(1 AS DECIMAL(5,2))": (246, 7, 2, 129), "CAST(s AS BINARY)": (253, 80, 0, 128),
    "CAST(1 AS DATETIME(3))": (12, 23, 3, 128), "ROUND(d)": (246, 9, 0, 128), "ROUND(d,1)": (246, 11, 1, 128),
    "TRUNCATE(d,1)": (246, 10, 1, 128), "ROUND(i)": (3, 11, 0, 128), "FLOOR(d)": (3, 9, 0, 128), "CEIL(g)": (5, 17, 0, 128),
    "@@autocommit": (8, 1, 0, 128), "@@server_id": (8, 21, 0, 160), "@@time_zone": (253, 24, 39, 0),
    "@a": (8, 20, 0, 128), "@s": (251, 67108860, 39, 0), "@nope": (251, 16777215, 39, 128), "@never": (251, 16777216, 39, 128), "@a:=i": (8, 11, 0, 128),
    "@a:=1": (3, 1, 0, 129), "@z:=s": (253, 80, 39, 0), "HEX(i)": (253, 64, 0, 0), "HEX('ab')": (253, 64, 0, 0),
    "DATE_FORMAT(dt,'%M %W')": (253, 516, 0, 0), "DATE_FORMAT(dt,'%k %H %r %T %f %w %%')": (253, 188, 0, 0),
}


def _meta(thd, expr: str):  # type: ignore[no-untyped-def]
    """The send-field metadata replbed gives ``SELECT expr FROM t`` (None: not modelled)."""
    res = thd.execute(f"SELECT {expr} FROM t")
    assert isinstance(res, SelectResult)
    return res.columns[0].meta


def _definition(meta, charset: str = "utf8mb4") -> tuple[int, int, int, int, int]:  # type: ignore[no-untyped-def]
    """The column definition sent for ``meta`` under character_set_results ``charset``."""
    col = send_field_column("x", meta, CHARSETS[charset])
    return col.type_code, col.length, col.decimals, col.flags, col.charset


@pytest.fixture
def thd(bed):  # type: ignore[no-untyped-def]
    s = bed.session("ROW")
    s.execute(TABLE)
    s.execute("INSERT INTO t (id, i, s) VALUES (1, 1, 'a')")
    s.execute("SET @a = 1, @s = 'x', @nope = NULL")
    return s


@pytest.mark.parametrize(("expr", "want"), list(OBSERVED.items()), ids=list(OBSERVED))
def test_observed_definition(thd, expr: str, want: tuple[int, int, int, int]) -> None:  # type: ignore[no-untyped-def]
    meta = _meta(thd, expr)
    assert meta is not None, f"{expr}: not modelled"
    got = _definition(meta)[:4]
    assert got == want, f"{expr}: replbed {got}, MariaDB {want}"


@pytest.mark.parametrize("expr", ["DATE_FORMAT(dt, s)", "NOW() + 0", "CONCAT(1.5e0, 'a')"])
def test_an_unmodelled_item_is_left_to_the_fallback(thd, expr: str) -> None:  # type: ignore[no-untyped-def]
    """No guess: the column is described from its values as before (meta None)."""
    assert _meta(thd, expr) is None


def test_a_string_literal_is_named_by_its_value(thd) -> None:  # type: ignore[no-untyped-def]
    res = thd.execute("SELECT 'x', 'y' AS z, 1")
    assert [c.name for c in res.columns] == ["x", "z", "1"]


@pytest.mark.parametrize(("expr", "length", "charset"), [("CONCAT(s, 'x')", 63, 33), ("1", 1, 63)])
def test_utf8mb3_results_scale_string_lengths(  # type: ignore[no-untyped-def]
        thd, expr: str, length: int, charset: int) -> None:
    """A character column's length is its characters times character_set_results' mbmaxlen."""
    _, got_length, _, _, got_charset = _definition(_meta(thd, expr), "utf8mb3")
    assert (got_length, got_charset) == (length, charset)


_NULL = SendField(6, 0, 0, False, True, kind="NULL")
_UTF8 = CHARSETS["utf8mb4"]


@pytest.mark.parametrize(("items", "want"), [
    ([int_item(11), int_item(4, prec=3)], HybridType("INT", False, 10)),
    ([int_item(10, True), int_item(3, True)], HybridType("INT", True, 10)),
    ([int_item(10, True), int_item(11)], HybridType("DECIMAL", False, 10, 0)),  # signed beside unsigned
    ([int_item(11), decimal_item(10, 3)], HybridType("DECIMAL", False, 10, 3)),
    ([_NULL, decimal_item(5, 2)], HybridType("DECIMAL", False, 3, 2)),  # NULL takes no part
    ([_NULL, _NULL], HybridType("NULL")),
    ([int_item(11), real_item()], HybridType("REAL")),
    ([string_item(3, _UTF8, 45), int_item(11)], HybridType("STRING")),
    ([temporal_item(10), temporal_item(12)], HybridType("TEMPORAL")),
    ([temporal_item(10), string_item(3, _UTF8, 45)], None),
], ids=["int", "unsigned", "mixed-sign", "int-decimal", "null-decimal", "nulls", "real", "string-number",
        "temporals", "temporal-string"])
def test_aggregate_for_result(items: list[SendField], want: HybridType | None) -> None:
    """The one hybrid aggregation both typers use (item_types.py builds columns from it)."""
    assert aggregate_for_result(items) == want
