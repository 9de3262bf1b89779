"""harness/diagnostics.py: one ServerError, one registry of texts."""

from __future__ import annotations

import pytest

from harness.diagnostics import MESSAGES, ServerError, error, note, register


def test_error_builds_the_registered_text() -> None:
    import harness.sql.sql_errors  # noqa: F401  (registers the SQL layer's texts)

    e = error("ER_NO_SUCH_TABLE", "test", "t")
    assert (e.code, e.sqlstate, e.message) == (1146, "42S02", "Table 'test.t' doesn't exist")
    assert note("Warning", "ER_NO_SUCH_TABLE", "d", "x").code == 1146


def test_a_name_cannot_be_registered_with_another_text() -> None:
    name = "ER_REPLBED_TEST_ONLY"
    register({name: (9999, "HY000", "one")})
    register({name: (9999, "HY000", "one")})  # the same definition again is fine
    with pytest.raises(ValueError, match=name):
        register({name: (9999, "HY000", "two")})
    del MESSAGES[name]


def test_server_error_fields_are_declared() -> None:
    e = ServerError(1064, "x")
    assert (e.trailing_notes, e.sp_stmt_text, e.noted, e.sqlstate) == ([], None, False, "HY000")
