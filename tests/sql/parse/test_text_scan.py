"""The lexer-level scans shared by the wire protocol and SQL PREPARE."""

from __future__ import annotations

from harness.sql.parse.text_scan import skip_comment, skip_quoted, split_placeholders


def test_comments_are_skipped_but_executable_comments_are_code():
    assert skip_comment("/* c */ SELECT 1", 0) == len("/* c */")
    assert skip_comment("/*! SELECT 1 */", 0) == 0
    assert skip_comment("/*M!100000 SELECT 1 */", 0) == 0
    assert skip_comment("# c\nSELECT 1", 0) == len("# c\n")
    assert skip_comment("-- c\nSELECT 1", 0) == len("-- c\n")
    assert skip_comment("--c", 0) == 0  # '--' starts a comment only before a blank
    assert skip_comment("/* open", 0) == len("/* open")


def test_quotes_end_at_their_closing_quote():
    assert skip_quoted("'a''b' x", 0, True) == len("'a''b'")
    assert skip_quoted(r"'a\'b' x", 0, True) == len(r"'a\'b'")
    assert skip_quoted(r"'a\'b' x", 0, False) == len(r"'a\'")  # NO_BACKSLASH_ESCAPES
    assert skip_quoted(r"`a\`b", 0, True) == len(r"`a\`")  # a backslash does not escape in a name


def test_placeholders_outside_quotes_and_comments():
    assert split_placeholders("SELECT ?, '?', /* ? */ /*! ? */ ?") == ["SELECT ", ", '?', /* ? */ /*! ", " */ ", ""]
