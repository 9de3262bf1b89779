"""Errors and warnings the server reports, and the one registry of their texts.

Every layer raises the same :class:`ServerError` (the session turns it into an ERR
packet) and records the same :class:`Note` (a row of ``SHOW WARNINGS``). It lives
below both the SQL layer (``harness/sql``) and the binlog layers
(``harness/model``) so that neither has to import the other for it.

Texts are MariaDB 10.11's (errmsg-utf8.txt). Each package registers the messages
it raises (:func:`register`), keyed by the server's ``ER_*`` name, and builds
errors with :func:`error` / :func:`note`; the MySQL 8.0 flavour rewords them in
one place (``Flavor.error_text``).
"""

from __future__ import annotations

from dataclasses import dataclass


class ServerError(Exception):
    """An error the server reports to the client (ER_* code, SQLSTATE, text).

    ``trailing_notes`` are extra SHOW WARNINGS rows the server lists after the
    error itself (InnoDB's "Got error 170", a trigger's 4094 location);
    ``leading_notes`` the ones pushed before it (InnoDB's own warning before 1005).
    """

    def __init__(self, code: int, message: str, sqlstate: str = "HY000") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.sqlstate = sqlstate
        self.trailing_notes: list[Note] = []
        self.leading_notes: list[Note] = []
        # rows listed after the failed statement's binlog write (its 1592 notes): MySQL's
        # multi-table UPDATE raises its 1105 after writing what it changed (send_eof)
        self.after_log_notes: list[Note] = []
        # The routine statement that raised it (set by the innermost routine frame
        # that sees it; None until then): where SHOW WARNINGS says it failed.
        self.sp_stmt_text: str | None = None
        # Already listed in SHOW WARNINGS by the frame that failed (not listed twice).
        self.noted = False
        # How many times SHOW WARNINGS lists the error: InnoDB reports a lock wait
        # timeout twice for some access paths (harness/sql/handler/lock_sys.py).
        self.times_reported = 1
        # Raised out of a stored function (Item_func_sp): the caller's expression sees
        # NULL and a store goes on with it (harness/sql/stmt/fill_record.py FillRecord).
        self.from_function = False
        # A comparison's conversion error (Arg_comparator): the flavour words its type
        self.comparison = False
        # (code, text) MySQL answers instead, where its check differs (SqlDialect.mysql_grammar)
        self.mysql: tuple[int, str] | None = None


@dataclass(frozen=True, slots=True)
class Note:
    """One row of SHOW WARNINGS."""

    level: str  # Note | Warning | Error
    code: int
    message: str


class ComparisonNote(Note):
    """A 1292 a comparison's conversion raised (Arg_comparator): the flavour words the type it
    converted to (MySQL compares a string with a number as DOUBLE; SqlDialect.comparison_text)."""

    __slots__ = ()


class FoldedNote(Note):
    """A warning raised while the server folded a constant expression, before the
    statement started to abort on warnings (Item::const_item() evaluated at fix time):
    it stays a warning in a strict sql_mode (observed: ``SHA2('x', 1)`` in an INSERT)."""

    __slots__ = ()


class ResolvedNote(Note):
    """A warning raised while the statement's items were resolved (convert_constant_item
    storing a constant into the field it is compared with, at prepare time): MySQL's
    CREATE ... SELECT pushes its Strict_error_handler only for the execution, so there it
    stays a warning (SqlDialect.create_select_keeps_resolve_warnings); an UPDATE or DELETE
    (Sql_cmd_dml::execute pushes the handler before prepare) fails with it."""

    __slots__ = ()


# name -> (code, sqlstate, format). One dict for the whole server: a name is
# registered once (register() refuses a second, different definition).
MESSAGES: dict[str, tuple[int, str, str]] = {}


def register(messages: dict[str, tuple[int, str, str]]) -> None:
    """Add a package's messages to the registry."""
    for name, spec in messages.items():
        old = MESSAGES.get(name)
        if old is not None and old != spec:
            raise ValueError(f"error {name} registered twice with different texts")
        MESSAGES[name] = spec


def error(name: str, *args: object) -> ServerError:
    """Build the ServerError for ``ER_<name>`` with the server's message text."""
    code, state, fmt = MESSAGES[name]
    return ServerError(code, fmt.format(*args), state)


def note(level: str, name: str, *args: object) -> Note:
    code, _state, fmt = MESSAGES[name]
    return Note(level, code, fmt.format(*args))


def text(name: str, *args: object) -> str:
    """The message text alone (for a flavour to reword before raising)."""
    return MESSAGES[name][2].format(*args)


def code(name: str) -> int:
    return MESSAGES[name][0]
