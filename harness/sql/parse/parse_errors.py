"""Errors raised while reading SQL.

Both carry the server's error number so the session can answer the client the
way MariaDB would (1064 for syntax, 1235 for what replbed does not model).
"""

from __future__ import annotations


class SqlParseError(Exception):
    """Base class: a statement could not be turned into an AST."""

    code = 1064
    sqlstate = "42000"
    # The error MySQL's grammar gives for the same text where MariaDB's refuses it otherwise
    # (SqlDialect.mysql_grammar): a construct one grammar has and the other has not
    mysql: "SqlParseError | None" = None
    # The statement MySQL's grammar reads from the same text where MariaDB's refuses it
    # (``WITH ... UPDATE``): the flavour with mysql_grammar runs it instead of failing
    mysql_statement: object = None

    def in_mysql(self, other: "SqlParseError") -> "SqlParseError":
        self.mysql = other
        return self

    def for_grammar(self, mysql_grammar: bool) -> "SqlParseError":
        """The error of the flavour's grammar: MySQL's where it has its own."""
        return self.mysql if mysql_grammar and self.mysql is not None else self

    def server_error(self) -> Exception:
        """The ServerError a client gets for it."""
        from harness.sql.sql_errors import ServerError
        return ServerError(self.code, str(self), self.sqlstate)


class EmptyQueryError(SqlParseError):
    """ER_EMPTY_QUERY: nothing but white space (a statement of comments only is accepted)."""

    code = 1065

    def __init__(self) -> None:
        super().__init__("Query was empty")


class ParseError(SqlParseError):
    """A syntax error, reported with the text near the failing position."""

    def __init__(self, sql: str, pos: int, detail: str = "") -> None:
        self.sql = sql
        self.pos = pos
        self.detail = detail
        near = sql[pos:pos + 80]
        line = sql.count("\n", 0, pos) + 1
        super().__init__(
            "You have an error in your SQL syntax; check the manual that corresponds "
            f"to your MariaDB server version for the right syntax to use near '{near}' "
            f"at line {line}"
        )


class UnsupportedError(SqlParseError):
    """Valid SQL that is outside replbed's subset: refused, never logged wrongly."""

    code = 1235
    sqlstate = "42000"

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(f"This version of MariaDB doesn't yet support '{what}' (replbed subset)")


class UndeclaredVariableError(SqlParseError):
    """SIGNAL ... SET item = f(...): the server's grammar reads the name as a
    variable and refuses it (observed 1327 for CONCAT)."""

    code = 1327

    def __init__(self, name: str) -> None:
        super().__init__(f"Undeclared variable: {name}")


class DerivedAliasError(SqlParseError):
    """ER_DERIVED_MUST_HAVE_ALIAS: MySQL's grammar takes ``(SELECT ...)`` without an alias
    (sql_yacc.yy ``derived_table: table_subquery opt_table_alias``) and refuses it while
    contextualizing (PT_derived_table)."""

    code = 1248

    def __init__(self) -> None:
        super().__init__("Every derived table must have its own alias")


class SpBadStatementError(SqlParseError):
    """ER_SP_BADSTATEMENT: a statement the grammar refuses inside a stored program
    (routine, trigger); observed for LOAD DATA."""

    code = 1314
    sqlstate = "0A000"

    def __init__(self, what: str) -> None:
        super().__init__(f"{what} is not allowed in stored procedures")
