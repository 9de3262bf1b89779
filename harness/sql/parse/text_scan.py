"""Scans of statement text below the tokenizer: where a comment or a quoted string ends,
and where a statement's ``?`` placeholders are.

Both the wire protocol (multi-statement boundaries, COM_STMT_PREPARE) and the SQL
layer (SQL PREPARE) cut statement text without tokenizing it, as the server's lexer
skips comments and quotes; the scans live once, here, at the bottom of the SQL layer.
"""

from __future__ import annotations


def skip_comment(sql: str, i: int) -> int:
    """If a comment starts at ``i``, the index after it; else ``i``.

    Executable comments (``/*!`` and ``/*M!``) are code to MariaDB, so they
    are *not* skipped here.
    """
    n = len(sql)
    if sql.startswith("/*", i) and not (sql.startswith("/*!", i) or sql.startswith("/*M!", i)):
        end = sql.find("*/", i + 2)
        return n if end < 0 else end + 2
    if sql.startswith("#", i):
        end = sql.find("\n", i)
        return n if end < 0 else end + 1
    if sql.startswith("--", i) and (i + 2 >= n or sql[i + 2] in " \t\r\n\f\v"):
        end = sql.find("\n", i)
        return n if end < 0 else end + 1
    return i


def skip_quoted(sql: str, i: int, backslash_escapes: bool) -> int:
    """``sql[i]`` opens a quoted string or a backtick identifier: the index just after
    its closing quote (past the end when it is not closed). A doubled quote stays
    inside; so does a backslash-escaped one, unless NO_BACKSLASH_ESCAPES (or a backtick)."""
    ch = sql[i]
    n = len(sql)
    i += 1
    while i < n:
        c = sql[i]
        if c == "\\" and backslash_escapes and ch != "`":
            i += 2
            continue
        if c == ch:
            if i + 1 < n and sql[i + 1] == ch:  # doubled quote
                i += 2
                continue
            break
        i += 1
    return i + 1


def split_placeholders(sql: str, backslash_escapes: bool = True) -> list[str]:
    """The statement cut at its ``?`` placeholders: ``n + 1`` pieces for ``n`` of them.

    A ``?`` inside a quoted string, a backtick identifier or a comment is text, as for
    the server's lexer; ``/*! ... */`` is code, so a ``?`` there is a placeholder.
    """
    pieces: list[str] = []
    start = i = 0
    n = len(sql)
    while i < n:
        ch = sql[i]
        if ch in "'\"`":
            i = skip_quoted(sql, i, backslash_escapes)
            continue
        j = skip_comment(sql, i)  # ``/*! ... */`` is code: not skipped
        if j != i:
            i = j
            continue
        if ch == "?":
            pieces.append(sql[start:i])
            start = i + 1
        i += 1
    pieces.append(sql[start:])
    return pieces
