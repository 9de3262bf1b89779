"""Values into a row: the checks of the server's ``fill_record`` (sql_base.cc), shared by INSERT and UPDATE."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any, Callable

from harness.diagnostics import MESSAGES, ComparisonNote, FoldedNote, ResolvedNote
from harness.sql.handler.catalog import TableDef
from harness.sql.handler.storage import DuplicateKey
from harness.sql.item.column_types import ZeroDate, value_to_string
from harness.sql.item.expr import Env
from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import Note, ServerError, error

if TYPE_CHECKING:
    from harness.sql.thd import Thd


def dup_entry_error(t: TableDef, dup: DuplicateKey, thd: Thd | None = None) -> ServerError:
    """print_keydup_error: the key's values as their fields print them (a DATETIME's zero is
    '0000-00-00 00:00:00', not the bare date a typeless zero prints as; probed)."""
    def shown_value(i: int, v: Any) -> str:
        if v is None:
            return "NULL"
        if isinstance(v, ZeroDate) and i < len(dup.key_columns):
            text = t.columns[dup.key_columns[i]].type.to_text(v)
            if isinstance(text, str):
                return text
        return value_to_string(v)
    shown = "-".join(shown_value(i, v) for i, v in enumerate(dup.key_values))
    key = dup.key_name if dup.key_name != "PRIMARY" else "PRIMARY"
    if thd is not None and thd.server.flavor.sql.qualified_dup_key:
        key = f"{t.name}.{key}"  # MySQL 8.0.19+: the table's name before the key's
    return error("ER_DUP_ENTRY", shown, key)


def _column_in(t: TableDef, name: str, clause: str) -> int:
    """A target column's position; 1054 names the clause (thd->where) it was in."""
    ci = t.col_index.get(name.lower())
    if ci is None:
        raise error("ER_BAD_FIELD_ERROR", name, clause)
    return ci


# The conversion errors a strict store raises (1048 a NULL, 1264 out of range, 1265/1292/1366
# a bad value, 1406 too long).  fill_record() stores every value of the row even after
# one of them failed (Field::store pushes the condition and returns; the statement checks
# thd->is_error() once the row is filled), so a row reports all of its bad values, in
# the order of the statement's column list (probed: INSERT VALUES/SELECT, UPDATE).
FILL_RECORD_ERRORS = frozenset({1048, 1264, 1265, 1292, 1364, 1366, 1406})  # see FillRecord


def eval_aborting_on_warning(f: Callable[[Env], Any], env: Env, notes: list[Note], abort: bool,
                             fill: "FillRecord | None" = None, function_fill: "FillRecord | None" = None) -> Any:
    """Evaluate a value for a store; THD::raise_condition turns a Warning into an error
    while the statement aborts on warnings (really_abort_on_warning: strict, no IGNORE).

    So ``c_dt + INTERVAL 1 DAY`` over a zero date (Item_date_add_interval's 1292 and
    NULL) fails a strict UPDATE/INSERT where a SELECT or a non-strict statement only
    warns. The error goes through fill_record as a store's error (the row's other values
    are still stored, this NULL too). A stored function that succeeds leaves no warnings of its own
    (routines.py), so what is new here is the statement's own."""
    mark = len(notes)
    try:
        v = f(env)
    except ServerError as err:
        target = fill or function_fill
        if target is None or not err.from_function:
            raise
        # Item_func_sp::execute failed: the value is NULL and fill_record stores it (a
        # NOT NULL column adds its 1048 after the function's error; probed).
        target.function_failed(err, notes)
        return None
    try:
        raise_new_warnings(notes, mark, abort)
    except ServerError as err:
        if fill is None:
            raise
        fill.failed(err)  # the NULL is still stored: a NOT NULL column adds its 1048 (probed)
    return v


def raise_new_warnings(notes: list[Note], mark: int, abort: bool, thd: Any = None,
                       then: ServerError | None = None, keep_resolved: bool = False) -> None:
    """The Warnings pushed since ``mark`` as the error they are while the statement
    aborts on warnings: the first is the statement's error, the others listed after it
    (``then``: an error raised after them, listed last). ``thd``: on MySQL only the codes
    its Strict_error_handler upgrades (SqlDialect.strict_escalated). ``keep_resolved``: the
    warnings raised while the statement was resolved (ResolvedNote) stay warnings."""
    if not abort or len(notes) == mark:
        return
    only = thd.server.flavor.sql.strict_escalated if thd is not None else None
    raised = [n for n in notes[mark:] if n.level == "Warning" and not isinstance(n, FoldedNote)
              and not (keep_resolved and isinstance(n, ResolvedNote))
              and (only is None or n.code in only)]
    if not raised:
        return
    if only is None:  # a FoldedNote stays the warning it was
        notes[mark:] = [n for n in notes[mark:] if isinstance(n, FoldedNote)]
    else:  # the others stay warnings, listed before the error
        notes[mark:] = [n for n in notes[mark:] if not any(n is r for r in raised)]
    first = raised[0]
    err = ServerError(first.code, first.message, _sqlstate_of(first.code))
    err.comparison = isinstance(first, ComparisonNote)
    err.trailing_notes = [(ComparisonNote if isinstance(n, ComparisonNote) else Note)("Error", n.code, n.message)
                          for n in raised[1:]]
    if then is not None:
        err.trailing_notes.append(Note("Error", then.code, then.message))
    raise err


def _sqlstate_of(code: int) -> str:
    return next((state for c, state, _f in MESSAGES.values() if c == code), "HY000")


class FillRecordStop(ServerError):
    """A store that failed outright (save_in_field() < 0): the row is not filled further."""


def _BAD_NULL(col: str) -> tuple[int, str, str]:
    e = error("ER_BAD_NULL_ERROR", col)
    return e.code, e.message, e.sqlstate


class FillRecord:
    """The errors of one row's stores, raised together once the row is filled.

    Only the fill_record that walks a list of columns (an INSERT's column list, an
    UPDATE's SET list) goes on after an error; the one over all the table's fields
    (INSERT/REPLACE without a column list, CREATE ... SELECT) stops at the first
    (probed)."""

    __slots__ = ("errors", "column_list", "function_error", "notes", "notes_mark", "row_notes", "error_marks")

    def __init__(self, column_list: bool = True, row_notes: list[Note] | None = None) -> None:
        self.errors: list[ServerError] = []
        self.column_list = column_list
        # The statement's condition list, when the row's errors are to be listed in the
        # order they were raised among its notes (a 1048 before a later column's 1265).
        self.row_notes = row_notes
        self.error_marks: list[int] = []
        # A stored function that failed while a value was computed: the statement's
        # error, with every condition the rest of the row raised listed after it.
        self.function_error: ServerError | None = None
        self.notes: list[Note] = []
        self.notes_mark = 0

    def function_failed(self, err: ServerError, notes: list[Note]) -> None:
        if self.function_error is None:
            self.function_error, self.notes, self.notes_mark = err, notes, len(notes)

    def failed(self, err: ServerError) -> None:
        """Keep a store's error and go on with the next value; other errors stop at once."""
        if err.code not in FILL_RECORD_ERRORS or err.noted:
            raise err
        self.errors.append(err)
        if self.row_notes is not None:
            self.error_marks.append(len(self.row_notes))
        if isinstance(err, FillRecordStop) or not self.column_list:
            self.check()

    def check(self) -> None:
        """The row is filled: raise its first error, the others listed after it."""
        if self.function_error is not None:
            first, self.function_error = self.function_error, None
            later = self.notes[self.notes_mark:]
            del self.notes[self.notes_mark:]
            for e in self.errors:
                later.append(Note("Error", e.code, e.message))
                later.extend(e.trailing_notes)
            self.errors, self.error_marks = [], []
            first.trailing_notes = [*first.trailing_notes, *later]
            raise first
        if not self.errors:
            return
        if self.row_notes is not None and self.error_marks and len(self.row_notes) > self.error_marks[0]:
            # Conditions the row raised after its first error are listed after it, in
            # the order they came (Diagnostics_area keeps the raise order).
            start = self.error_marks[0]
            later = self.row_notes[start:]
            del self.row_notes[start:]
            merged: list[Note] = []
            cursor = 0
            for e, mark in zip(self.errors[1:], self.error_marks[1:]):
                merged.extend(later[cursor:mark - start])
                cursor = mark - start
                merged.append(Note("Error", e.code, e.message))
                merged.extend(e.trailing_notes)
            merged.extend(later[cursor:])
            first = self.errors[0]
            first.trailing_notes = [*merged, *first.trailing_notes]
            self.errors, self.error_marks = [], []
            raise first
        first, rest = self.errors[0], self.errors[1:]
        more = [Note("Error", e.code, e.message) for e in rest]
        for e in rest:
            more.extend(e.trailing_notes)
        first.trailing_notes[:0] = more
        self.errors, self.error_marks = [], []
        raise first


def _blackhole_row_warning(thd: "Thd", t: TableDef, verb: str) -> None:
    """In row format the server cannot log UPDATE/DELETE on BLACKHOLE (no before image) and says so."""
    if t.engine.blackhole and thd.stmt.row_format and thd.stmt.decision.logged:  # type: ignore[union-attr]
        from harness.sql.sql_errors import Note
        thd.notes.append(Note("Warning", thd.server.flavor.sql.blackhole_rows_code,
                              f"Row events are not logged for {verb} statements that modify "
                              f"BLACKHOLE tables in row format. Table(s): '{t.name}.'"))


def _lacks_default(col: Any) -> bool:
    """The server's NO_DEFAULT_VALUE_FLAG (an ENUM NOT NULL has its first member: catalog).
    A nullable column keeps the flag when CREATE ... SELECT copied it from a NOT NULL
    column without DEFAULT through a window query's temporary table (create_select)."""
    if col.nullable and col.implicit_default:
        return True
    return not (col.nullable or col.has_default or col.default_now or col.auto_increment)


def _warning_1364(col: str) -> Any:
    from harness.sql.sql_errors import Note
    return Note("Warning", 1364, f"Field '{col}' doesn't have a default value")


def _trigger_row_refs(body: Any) -> list[Any]:
    """The OLD.x / NEW.x references (A.RowValue) of a trigger body."""
    out: list[Any] = []

    def visit(x: Any) -> bool:
        if isinstance(x, A.RowValue):
            out.append(x)
            return True
        return False

    _walk_ast(body, visit)
    return out


def trigger_set_columns(t: TableDef, event: str, reads: bool = True) -> set[int]:
    """Columns a BEFORE ``event`` trigger of ``t`` assigns with ``SET NEW.col`` (and, with
    ``reads``, those it only reads as ``NEW.col``): they are in the statement's write set
    (Item_trigger_field marks them when the trigger is opened), so a MINIMAL or NOBLOB
    after-image holds them whether or not the SET ran."""
    cols: set[int] = set()

    def visit(x: Any) -> bool:
        if isinstance(x, A.SetLocal) and x.row == "NEW" and x.name.lower() in t.col_index:
            cols.add(t.col_index[x.name.lower()])
        if reads and isinstance(x, A.RowValue) and x.which == "NEW" and x.column.lower() in t.col_index:
            # A NEW field in a BEFORE trigger is settable, read or not: mark_fields_used
            # puts it in the write set too (probed: a MINIMAL after-image holds the key
            # a BEFORE UPDATE trigger only reads).
            cols.add(t.col_index[x.column.lower()])
        return False

    for trg in t.triggers:
        if trg.timing == "BEFORE" and trg.event == event:
            _walk_ast(trg.body, visit)
    return cols


def _walk_ast(x: Any, visit: Callable[[Any], bool], seen: set[int] | None = None) -> None:
    """Every node under ``x`` (AST dataclasses, lists, tuples), depth first, each once (a
    recursive CTE's reference leads back to its definition); ``visit`` returning True stops
    the descent below that node."""
    seen = set() if seen is None else seen
    if id(x) in seen:
        return
    if isinstance(x, (list, tuple)) or hasattr(x, "__dataclass_fields__"):
        seen.add(id(x))
    if visit(x):
        return
    if isinstance(x, (list, tuple)):
        for y in x:
            _walk_ast(y, visit, seen)
    elif hasattr(x, "__dataclass_fields__"):
        for f in x.__dataclass_fields__:
            _walk_ast(getattr(x, f, None), visit, seen)


def records_are_comparable(t: TableDef, written: set[int], read: set[int], all_keys_read: bool = True) -> bool:
    """The server skips an unchanged row only when it can compare the old and new
    records: always for engines that read whole rows, and for InnoDB only when every
    assigned column was read. Otherwise it calls ha_update_row, which makes the
    engine a read-write participant (the group ends with Xid) though nothing changed.
    For InnoDB (HA_REQUIRES_KEY_COLUMNS_FOR_DELETE, HA_PRIMARY_KEY_REQUIRED_FOR_DELETE)
    TABLE::mark_columns_needed_for_update reads the primary key and every column of a
    key that has an assigned column: an assigned key column is always read (probed:
    ``UPDATE t SET id = 9`` over the row 9 ends with COMMIT, id a primary or unique key).
    ``all_keys_read`` False (MySQL, SqlDialect.update_reads_key_columns): MySQL's InnoDB has no
    HA_REQUIRES_KEY_COLUMNS_FOR_DELETE, only the primary key (or the NOT NULL unique key InnoDB
    clusters on) is read with every row (HA_PRIMARY_KEY_IN_READ_INDEX)."""
    if not t.engine.partial_column_read:
        return True
    # A generated column in the write set is in the read set too
    # (TABLE::mark_virtual_columns_for_write; probed: an ignored value for one ends with COMMIT).
    generated = {i for i, c in enumerate(t.columns) if c.generated is not None}
    if all_keys_read:
        keys = {c for k in t.keys for c in k.columns}
    else:
        clustered = t.clustered_key()
        keys = set(clustered.columns) if clustered is not None else set()
    return written <= read | generated | keys


def _rows_equal(a: list[Any], b: list[Any]) -> bool:
    for x, y in zip(a, b):
        if x is None or y is None:
            if x is not y:
                return False
        elif type(x) is not type(y) or x != y:
            if isinstance(x, (int, Decimal, float)) and isinstance(y, (int, Decimal, float)) and x == y:
                continue
            return False
    return True
