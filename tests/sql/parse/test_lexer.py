"""harness/sql/parse/lexer.py: string literals with and without NO_BACKSLASH_ESCAPES
(sql_lex.cc get_text; workloads/breadth_mtr.wl mtrb_no_backslash_escapes compares the
same literals with MariaDB 10.11)."""

from __future__ import annotations

import pytest

from harness.sql.parse.lexer import tokenize
from harness.sql.parse.parse_errors import ParseError
from harness.sql.stmt.routines import sql_literal


def _strings(sql: str, nbe: bool = False) -> list[object]:
    return [t.value for t in tokenize(sql, nbe) if t.kind == "STRING"]


def test_backslash_escapes_by_default() -> None:
    assert _strings(r"""SELECT 'a\bc', 'x\\y', 'it\'s', 'q''q', "d\"q" """) == \
        ["a\bc", "x\\y", "it's", "q'q", 'd"q']


def test_no_backslash_escapes_keeps_the_backslash() -> None:
    assert _strings(r"""SELECT 'a\bc', 'x\\y', 'q''q', "d""q", 'e\' """, True) == \
        ["a\\bc", "x\\\\y", "q'q", 'd"q', "e\\"]
    with pytest.raises(ParseError):
        tokenize(r"SELECT 'e\'", False)


def test_logged_values_follow_the_mode() -> None:
    assert sql_literal("a'b\\c\n\"", "latin1_swedish_ci") == \
        "_latin1'a\\'b\\\\c\\n\\\"' COLLATE 'latin1_swedish_ci'"
    assert sql_literal("a'b\\c", "latin1_swedish_ci", True) == "_latin1'a''b\\c' COLLATE 'latin1_swedish_ci'"
