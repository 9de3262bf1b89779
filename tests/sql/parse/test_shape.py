"""harness/sql/parse/shape.py: the shape fast path must return exactly the parser's AST."""

from __future__ import annotations

import pytest

from harness.sql.parse.parser import parse
from harness.sql.parse.shape import ShapeCache, literal_shape

# Each group: statements sharing (or nearly sharing) a shape, sent in order to one cache.
GROUPS = [
    ["INSERT INTO t VALUES (1, 'a', 2.50)", "INSERT INTO t VALUES (2, 'b''c', 3.5)",
     "INSERT INTO t VALUES (3, 'd\\'e\\n', 1e3)", "INSERT INTO t VALUES ('4', 5, 'x')"],
    ["INSERT INTO t (a, b) VALUES (1, NULL), (2, DEFAULT)", "INSERT INTO t (a, b) VALUES (7, NULL), (8, DEFAULT)"],
    ["INSERT INTO t1 VALUES (-1)", "INSERT INTO t1 VALUES (-2)"],  # folded or unary: never rebound wrongly
    ["INSERT INTO t2 VALUES (X'0A')", "INSERT INTO t2 VALUES (X'0B')", "INSERT INTO t2 VALUES (0x0C)"],
    ["INSERT INTO `t 1` /* 5 */ VALUES (5)", "INSERT INTO `t 1` /* 5 */ VALUES (6)"],
    ["INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE b = 2", "INSERT INTO t VALUES (3) ON DUPLICATE KEY UPDATE b = 4"],
    ["INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE b = VALUES(b)",
     "INSERT INTO t VALUES (9) ON DUPLICATE KEY UPDATE b = VALUES(b)"],
    ["INSERT INTO t SELECT 1, 2", "INSERT INTO t SELECT 3, 4"],
    ["REPLACE INTO t VALUES (1, \"q\")", "REPLACE INTO t VALUES (2, \"r\")"],
    ["INSERT INTO t VALUES (1 + 1)", "INSERT INTO t VALUES (2 + 2)"],
    ["INSERT INTO t VALUES (TRUE, 1)", "INSERT INTO t VALUES (TRUE, 2)"],
    ["INSERT INTO t VALUES (_latin1'a')", "INSERT INTO t VALUES (_latin1'b')"],
    ["INSERT INTO t VALUES (_latin1'a')", "INSERT INTO t VALUES (_latin1'\u00e9')"],  # ASCII only, checked each time
    ["INSERT INTO t VALUES ('a' 'b')", "INSERT INTO t VALUES ('c' 'd')"],
    ["INSERT INTO t VALUES (@v1, 1)", "INSERT INTO t VALUES (@v1, 2)"],
]


@pytest.mark.parametrize("group", GROUPS, ids=lambda g: g[0][:40])
def test_shape_cache_returns_the_parsers_ast(group: list[str]) -> None:
    cache = ShapeCache(parse)
    for _ in range(2):
        for sql in group:
            try:
                expected = parse(sql)
            except Exception as e:  # the fast path must fail the same way
                with pytest.raises(type(e)):
                    cache.parse(sql)
                continue
            got = cache.parse(sql)
            assert got == expected, sql
            assert got.text == sql


def test_rebinding_is_used_for_plain_values_rows() -> None:
    calls: list[str] = []

    def counting_parse(sql: str):  # type: ignore[no-untyped-def]
        calls.append(sql)
        return parse(sql)

    cache = ShapeCache(counting_parse)
    for i in range(5):
        cache.parse(f"INSERT INTO t VALUES ({i}, 'v{i}', NULL)")
    assert len(calls) == 1
    assert literal_shape("INSERT INTO t9 VALUES (1.5, 'x')") == ("INSERT INTO t9 VALUES (?, ?)", [
        __import__("decimal").Decimal("1.5"), "x"])
