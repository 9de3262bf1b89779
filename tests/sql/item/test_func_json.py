"""MariaDB's JSON functions: results as 10.11 prints them (probed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.config import ServeConfig
from harness.sql.server import ServerState
from harness.sql.thd import Thd


@pytest.fixture
def thd(tmp_path: Path) -> Thd:
    state = ServerState(ServeConfig(port=0, binlog_dir=tmp_path / "binlog"))
    state.start()
    return Thd(state, 1)


@pytest.mark.parametrize("expr, value", [
    ("JSON_OBJECT('a', 1, 'b', 'x', 'c', NULL)", '{"a": 1, "b": "x", "c": null}'),
    ("JSON_ARRAY(1, 'two', NULL, 1.5)", '[1, "two", null, 1.5]'),
    ("JSON_EXTRACT('{\"a\": {\"b\": [10, 20]}}', '$.a.b[1]')", "20"),
    ("JSON_VALUE('{\"a\": \"x\"}', '$.a')", "x"),
    ("JSON_SET('{\"a\":1}', '$.b', 2)", '{"a": 1, "b": 2}'),
    ("JSON_INSERT('{\"a\":1}', '$.a', 5, '$.c', 'z')", '{"a": 1, "c": "z"}'),
    ("JSON_REPLACE('{\"a\":1,\"b\":2}', '$.a', 9)", '{"a": 9, "b": 2}'),
    ("JSON_REMOVE('{\"a\":1,\"b\":2}', '$.a')", '{"b": 2}'),
    ("JSON_CONTAINS('[1,2,3]', '2')", 1),
    ("JSON_VALID('{')", 0),
    ("JSON_UNQUOTE('\"ab\"')", "ab"),
    ("JSON_LENGTH('[1,2,3]')", 3),
    ("JSON_KEYS('{\"x\":1,\"y\":2}')", '["x", "y"]'),
    ("JSON_OBJECT('n', JSON_ARRAY(1, 2))", '{"n": [1, 2]}'),
])
def test_results(thd: Thd, expr: str, value: object) -> None:
    assert thd.execute(f"SELECT {expr}").rows == [[value]]  # type: ignore[union-attr]


@pytest.mark.parametrize("doc, note", [
    ("not json", (4038, "Syntax error in JSON text in argument 1 to function 'json_valid' at position 1")),
    ("[1", (4037, "Unexpected end of JSON text in argument 1 to function 'json_valid'")),
    ('{"k": tru}', (4038, "Syntax error in JSON text in argument 1 to function 'json_valid' at position 9")),
])
def test_json_valid_notes(thd: Thd, doc: str, note: tuple[int, str]) -> None:
    thd.execute(f"SELECT JSON_VALID('{doc}')")
    assert [(n.level, n.code, n.message) for n in thd.last_notes] == [("Note", *note)]
