"""The mtr schema statements: MTR's sql_to_bootstrap conversion of its own SQL files."""

from __future__ import annotations

from harness.mtr.schema import bootstrap_statements, replbed_fallbacks

SQL = """\
-- a comment
delimiter ||;

use mtr||

CREATE TABLE test_suppressions (
  pattern VARCHAR(255)
) ENGINE=MyISAM||
CREATE PROCEDURE add_suppression(pattern VARCHAR(255))
BEGIN
  INSERT INTO test_suppressions (pattern) VALUES (pattern);
END||
"""


def test_bootstrap_statements_follow_the_delimiter_and_drop_comments() -> None:
    stmts = bootstrap_statements(SQL)
    assert stmts[0] == "use mtr"
    assert stmts[1].startswith("CREATE TABLE test_suppressions (") and stmts[1].endswith("ENGINE=MyISAM")
    assert stmts[2].startswith("CREATE PROCEDURE add_suppression(")
    assert "INSERT INTO test_suppressions (pattern) VALUES (pattern);" in stmts[2]
    assert len(stmts) == 3


def test_fallbacks_only_for_what_the_server_refused() -> None:
    assert replbed_fallbacks([]) == ["USE mtr", "USE test"]
    out = replbed_fallbacks(["/*!50001 CREATE DEFINER=root@localhost PROCEDURE add_suppression(p INT) ..."])
    assert any("PROCEDURE add_suppression" in s for s in out)
    assert not any("CREATE TABLE" in s for s in out)
