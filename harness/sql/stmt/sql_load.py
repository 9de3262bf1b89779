"""LOAD DATA [LOCAL] INFILE (sql_load.cc ``mysql_load``): read the file, write its rows,
and leave what the statement-format log needs (:class:`~harness.model.query.LoadedFile`).

The file is read whole, then cut into lines and fields the way ``READ_INFO``
reads them (``read_sep_field``): fields end at FIELDS TERMINATED BY or at the line
end, an ENCLOSED BY character opens a quoted field whose doubled quote is one
quote, the ESCAPED BY character takes the next byte literally (``\\n``, ``\\t``,
``\\0``, ``\\Z`` ... are unescaped; ``\\N`` is NULL), LINES STARTING BY skips to
after the prefix. Each field is stored as a string (``Field::store``), with the
same conversion warnings as an INSERT of that string; a short line adds 1261 per
missing column, a long one 1262, a NULL for a NOT NULL column 1263. Under
``abort_on_warning`` (strict mode without IGNORE or LOCAL) each of them is the
error instead.

How the server logs it (sql_load.cc, log_event.cc; observed on 10.11):

* statement format: the file goes into the binlog as it is read (one block per
  buffer fill of ``read_buffer_size`` bytes, or per network packet of a LOCAL
  file), then ``Execute_load_query`` with the statement rewritten by
  ``Load_log_event::print_query`` (:func:`load_query_text`);
* MIXED: ``set_current_stmt_binlog_format_row_if_mixed`` -- always rows;
* LOCAL without REPLACE is IGNORE (the server cannot stop a client mid-file).

The fixed-row format (empty FIELDS TERMINATED BY and ENCLOSED BY) and LOAD XML are
outside the subset (1235).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from harness.binlog.load import LoadDupHandling, pretty_print_str
from harness.model.query import LoadedFile
from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import error, note, register
from harness.sql.item.expr import Compiler, Scope
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.item.column_types import WriteContext

if TYPE_CHECKING:
    from harness.sql.handler.catalog import TableDef
    from harness.sql.stmt.sql_result import DmlResult
    from harness.sql.stmt.executor import Executor
    from harness.sql.thd import Thd

register({
    "ER_WARN_TOO_FEW_RECORDS": (1261, "01000", "Row {0} doesn't contain data for all columns"),
    "ER_WARN_TOO_MANY_RECORDS": (1262, "01000",
                                 "Row {0} was truncated; it contained more data than there were input columns"),
    "ER_WARN_NULL_TO_NOTNULL": (1263, "22004",
                                "Column set to default value; NULL supplied to NOT NULL column '{0}' at row {1}"),
    "ER_WRONG_FIELD_TERMINATORS": (1083, "42000",
                                   "Field separator argument is not what is expected; check the manual"),
    "ER_CANT_GET_STAT": (13, "HY000", "Can't get stat of '{0}' (Errcode: {1} \"{2}\")"),
    "ER_TEXTFILE_NOT_READABLE": (1085, "HY000",
                                 "The file '{0}' must be in the database directory or be readable by all"),
    "ER_NOT_ALLOWED_COMMAND": (1148, "42000", "The used command is not allowed with this MariaDB version"),
})

# READ_INFO::unescape
_UNESCAPE = {ord("n"): b"\n", ord("t"): b"\t", ord("r"): b"\r", ord("b"): b"\b", ord("0"): b"\0",
             ord("Z"): b"\x1a"}
# CHARACTER SET names and the Python codec of the bytes they read
_CODECS = {"utf8": "utf-8", "utf8mb3": "utf-8", "utf8mb4": "utf-8", "latin1": "cp1252", "ascii": "ascii",
           "binary": "latin-1"}
_CSNAME = {"utf8": "utf8mb3"}


@dataclass(slots=True)
class LoadField:
    data: bytes
    null: bool  # \N, or an unenclosed NULL when ENCLOSED BY is set
    enclosed: bool = False


@dataclass(slots=True)
class LoadLine:
    fields: list[LoadField]


def split_lines(data: bytes, st: A.LoadData, escape: int | None, charset: str = "utf-8") -> list[LoadLine]:
    """The file's lines, each cut into fields (``READ_INFO::read_field``/``next_line``).

    IGNORE n LINES skips n line terminators first, before LINES STARTING BY looks
    for its prefix (mysql_load calls next_line() n times)."""
    ft = st.field_term.encode(charset, "surrogateescape")
    lt = st.line_term.encode(charset, "surrogateescape")
    ls = st.line_start.encode(charset, "surrogateescape")
    enc = st.enclosed.encode(charset, "surrogateescape")[:1]
    ec = enc[0] if enc else None
    n = len(data)
    pos = _skip_lines(data, st.skip_lines, lt, escape) if lt else 0
    lines: list[LoadLine] = []
    while pos < n:
        if ls:
            at = data.find(ls, pos)
            if at < 0:
                break
            pos = at + len(ls)
        fields: list[LoadField] = []
        while True:
            fld, pos, end = _read_field(data, pos, ft, lt, ec, escape)
            if ec is not None and not fld.null and fld.data == b"NULL" and not fld.enclosed:
                fld.null = True
            fields.append(fld)
            if end != "field":
                break
        lines.append(LoadLine(fields))
    return lines


def _skip_lines(data: bytes, count: int, lt: bytes, escape: int | None) -> int:
    """READ_INFO::next_line ``count`` times: past that many line terminators (an escaped byte is data)."""
    pos, n = 0, len(data)
    while count > 0 and pos < n:
        if escape is not None and data[pos] == escape:
            pos += 2
        elif data.startswith(lt, pos):
            pos += len(lt)
            count -= 1
        else:
            pos += 1
    return pos


def _read_field(data: bytes, pos: int, ft: bytes, lt: bytes, ec: int | None,
                escape: int | None) -> tuple[LoadField, int, str]:
    n = len(data)
    buf = bytearray()
    enclosed = ec is not None and pos < n and data[pos] == ec
    if enclosed:
        pos += 1
    found_null = False
    while pos < n:
        c = data[pos]
        if escape is not None and c == escape:
            if pos + 1 >= n:
                buf.append(c)
                pos += 1
                break
            nxt = data[pos + 1]
            pos += 2
            if nxt == ord("N"):
                found_null = True
                buf.append(nxt)
            else:
                buf += _UNESCAPE.get(nxt, bytes((nxt,)))
            continue
        if enclosed and c == ec:
            if pos + 1 < n and data[pos + 1] == ec:
                buf.append(ec)
                pos += 2
                continue
            after = pos + 1
            if after >= n:
                return _field(buf, found_null, True), after, "eof"
            # the line terminator is looked for first (FIELDS and LINES may be the same)
            if lt and data.startswith(lt, after):
                return _field(buf, found_null, True), after + len(lt), "line"
            if ft and data.startswith(ft, after):
                return _field(buf, found_null, True), after + len(ft), "field"
            buf.append(c)
            pos += 1
            continue
        if not enclosed:
            if lt and data.startswith(lt, pos):
                return _field(buf, found_null, False), pos + len(lt), "line"
            if ft and data.startswith(ft, pos):
                return _field(buf, found_null, False), pos + len(ft), "field"
        buf.append(c)
        pos += 1
    return _field(buf, found_null, enclosed), pos, "eof"


def _field(buf: bytearray, found_null: bool, enclosed: bool) -> LoadField:
    return LoadField(bytes(buf), found_null and len(buf) == 1, enclosed)


# ---------------------------------------------------------------------------- the file


def read_infile(thd: "Thd", st: A.LoadData) -> list[bytes]:
    """The file's bytes as the server reads them: ``read_buffer_size`` fills of a server
    file, the client's packets of a LOCAL one."""
    if st.local:
        reader = getattr(thd, "local_file_reader", None)
        if reader is None or thd.server.global_vars.values.get("local_infile", True) not in (1, True, "ON"):
            raise error("ER_NOT_ALLOWED_COMMAND")
        return [bytes(b) for b in reader(st.file_name) if b]
    name = st.file_name
    if not os.path.isabs(name):
        datadir = str(thd.server.global_vars.values.get("datadir") or os.getcwd())
        name = os.path.join(datadir, *([] if os.sep in name else [thd.db or st.table.db or ""]), name)
    try:
        info = os.stat(name)
    except OSError as exc:
        raise error("ER_CANT_GET_STAT", name, exc.errno, os.strerror(exc.errno or 0)) from None
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISFIFO(info.st_mode)) or not info.st_mode & stat.S_IROTH:
        raise error("ER_TEXTFILE_NOT_READABLE", name)
    with open(name, "rb") as f:
        data = f.read()
    size = int(thd.server.global_vars.values.get("read_buffer_size", 131072) or 131072)
    return [data[i:i + size] for i in range(0, len(data), size)]


# ---------------------------------------------------------------------------- the logged text


def load_query_text(thd: "Thd", st: A.LoadData, t: "TableDef", ignore: bool) -> tuple[str, int, int]:
    """write_execute_load_query_log_event's text and the byte range of its
    ``[LOCAL] INFILE '..' [REPLACE|IGNORE] INTO`` part (``fn_pos_start``, ``fn_pos_end``)."""
    head = "LOAD DATA" + (" CONCURRENT" if st.priority == "CONCURRENT" else "")
    mid = (" LOCAL" if st.local else "") + " INFILE " + pretty_print_str(st.file_name)
    mid += " REPLACE" if st.replace else " IGNORE" if ignore else ""
    mid += " INTO"
    db, name = t.db, t.name
    if st.logged_table is not None:  # written through a view
        db, name = st.logged_table.db or thd.db or t.db, st.logged_table.name
    qual = f"`{db}`." if not thd.db or thd.db != db else ""
    tail = f" TABLE {qual}`{name}`"
    if st.charset:
        tail += " CHARACTER SET " + _CSNAME.get(st.charset, st.charset)
    tail += " FIELDS TERMINATED BY " + pretty_print_str(st.field_term)
    if st.opt_enclosed:
        tail += thd.server.sysvars.load_optionally_text
    tail += " ENCLOSED BY " + pretty_print_str(st.enclosed)
    tail += " ESCAPED BY " + pretty_print_str(st.escaped)
    tail += " LINES TERMINATED BY " + pretty_print_str(st.line_term)
    if st.line_start:
        tail += " STARTING BY " + pretty_print_str(st.line_start)
    if st.skip_lines > 0:
        tail += f" IGNORE {st.skip_lines} LINES "
    targets = st.logged_targets or (st.targets if st.targets is not None else [c.name for c in t.columns])
    tail += " (" + ", ".join(f"@`{x.name}`" if isinstance(x, A.UserVar) else f"`{x}`" for x in targets) + ")"
    if st.set_list:
        tail += " SET " + ", ".join(f"`{c}`={text}" for c, _e, text in st.set_list)
    start = len(head.encode())
    end = start + len(mid.encode())
    return head + mid + tail, start, end


# ---------------------------------------------------------------------------- rows


@dataclass(slots=True)
class _Plan:
    """The prepared statement: where each field goes and how the rows are written."""

    t: "TableDef"
    targets: list["str | A.UserVar"]
    col_of: list[int | None]
    set_funcs: list[tuple[int, Any]]
    ignore: bool
    replace: bool
    codec: str
    sql_mode: str


def mysql_load(ex: "Executor", st: A.LoadData) -> "DmlResult":
    """Read the file and write its rows into the table; leaves ``thd.stmt.load`` for the log."""
    from harness.sql.handler.autoinc import AutoIncrement
    from harness.sql.stmt.sql_result import DmlResult

    plan = _prepare(ex, st)
    t, notes = plan.t, ex.ctx.notes
    lines = _read_lines(ex.thd, st, plan)
    res = DmlResult()
    alloc = AutoIncrement(t, 0) if t.auto_inc_col is not None else None
    copied = deleted = 0
    last_auto: Any = None
    for i, line in enumerate(lines):
        abort = ex.thd.is_strict(t, i) and not plan.ignore
        wctx = WriteContext(ex.thd.is_strict(t, i), t.db, t.name, i + 1, notes, plan.ignore, sql_mode=plan.sql_mode,
                            mysql_stores=ex.thd.server.flavor.sql.mysql_field_stores,
                            timestamp_max=ex.thd.server.sysvars.timestamp_max)
        row, specified = _fill_record(ex, plan, line, wctx, abort)
        ex.ctx.autoinc_row = i + 1
        outcome = _write_record(ex, plan, row, specified, alloc)
        copied += outcome > 0
        deleted += max(outcome - 1, 0)
        if outcome == 1 and t.auto_inc_col is not None:
            last_auto = row[t.auto_inc_col]
        if len(line.fields) > len(plan.targets):
            _warn(notes, abort, "ER_WARN_TOO_MANY_RECORDS", i + 1)
    res.affected = copied + deleted
    res.last_insert_id = (ex.ctx.stmt_insert_id or (last_auto if isinstance(last_auto, int) else 0)) % (1 << 64)
    res.info = f"Records: {len(lines)}  Deleted: {deleted}  Skipped: {len(lines) - copied}  Warnings: {len(notes)}"
    # The column list's variables are the statement's own: reading them in SET logs no User_var.
    for x in plan.targets:
        if isinstance(x, A.UserVar):
            ex.ctx.user_vars_read.pop(x.name.lower(), None)
    return res


def _prepare(ex: "Executor", st: A.LoadData) -> _Plan:
    """Open the table, resolve the column list and SET (1054), check the terminators."""
    from harness.sql.stmt.fill_record import _column_in

    thd = ex.thd
    t = thd.open_table(st.table)
    ex.info.add(t, True)
    if t.auto_inc_col is not None:
        ex.info.writes_autoinc_table = True
    if len(st.escaped) > 1 or len(st.enclosed) > 1:
        raise error("ER_WRONG_FIELD_TERMINATORS")
    if not st.field_term and not st.enclosed:
        raise UnsupportedError("LOAD DATA with fixed-size rows (empty FIELDS TERMINATED BY and ENCLOSED BY)")
    targets: list[str | A.UserVar] = list(st.targets) if st.targets is not None else [c.name for c in t.columns]
    # thd->where while the lists are set up is "SELECT" (observed: 1054 ... in 'SELECT')
    col_of = [None if isinstance(x, A.UserVar) else _column_in(t, x, "SELECT") for x in targets]
    comp = Compiler(Scope([(t.name, t)]), ex.info)
    set_funcs = [(_column_in(t, c, "SELECT"), comp.compile_in("SELECT", e)) for c, e, _text in st.set_list]
    # LOCAL without REPLACE is IGNORE: the server cannot stop the client mid-file.
    ignore = st.ignore or (st.local and not st.replace)
    # sql_load.cc: without CHARACTER SET the file is read in @@collation_database (the
    # database's default; MySQL 9.7's utf8mb4_0900_ai_ci, outside the modelled collations)
    cs = st.charset or str(thd.db_collation(thd.db or t.db) or thd.vars.get("collation_database") or "latin1")
    return _Plan(t, targets, col_of, set_funcs, ignore, st.replace, _CODECS.get(cs.split("_")[0], "utf-8"),
                 str(thd.vars.get("sql_mode") or ""))


def _read_lines(thd: "Thd", st: A.LoadData, plan: _Plan) -> list[LoadLine]:
    """Read the file (``thd.stmt.load`` keeps its blocks and the logged text), cut it, skip IGNORE n LINES."""
    dup = (LoadDupHandling.LOAD_DUP_REPLACE if st.replace else
           LoadDupHandling.LOAD_DUP_IGNORE if plan.ignore else LoadDupHandling.LOAD_DUP_ERROR)
    blocks = read_infile(thd, st)
    text, fn_start, fn_end = load_query_text(thd, st, plan.t, plan.ignore)
    thd.stmt.load = LoadedFile(tuple(blocks), text, fn_start, fn_end, int(dup))
    escape = (st.escaped.encode("latin-1", "replace")[0]
              if st.escaped and (st.escaped_given or "NO_BACKSLASH_ESCAPES" not in plan.sql_mode) else None)
    return split_lines(b"".join(blocks), st, escape, plan.codec) if blocks else []


def _fill_record(ex: "Executor", plan: _Plan, line: LoadLine, wctx: WriteContext,
                 abort: bool) -> tuple[list[Any], set[int]]:
    """read_sep_field's stores for one line, then the SET list (fill_record)."""
    t, thd, notes = plan.t, ex.thd, wctx.notes
    row = ex.default_row(t, wctx)
    specified: set[int] = set()
    null_checked_later = thd.server.flavor.sql.load_null_checked_after_row
    nulls: list[int] = []  # NOT NULL columns the file gave NULL, checked once the row is filled
    for k, target in enumerate(plan.targets):
        ci = plan.col_of[k]
        fld = line.fields[k] if k < len(line.fields) else None
        value = None if fld is None or fld.null else fld.data.decode(plan.codec, "surrogateescape")
        if isinstance(target, A.UserVar):
            thd.set_user_var(target.name.lower(), value)
            continue
        assert ci is not None
        col = t.columns[ci]
        specified.add(ci)
        if fld is None:
            # Field::reset() keeps the NULL of a column whose default is NULL, else the type's zero
            row[ci] = None if col.nullable and (not col.has_default or col.default is None) else \
                col.type.default_value()
            _warn(notes, abort, "ER_WARN_TOO_FEW_RECORDS", wctx.condition_row)
        elif value is not None:
            row[ci] = col.type.coerce(value, col.name, wctx)
        elif col.nullable or col.auto_increment:
            row[ci] = None
            if col.auto_increment:
                specified.discard(ci)
        elif col.default_now:
            row[ci] = col.type.coerce(ex.ctx.fn_now(), col.name, wctx)
        else:
            row[ci] = col.type.default_value()
            if null_checked_later:
                nulls.append(ci)
            else:
                _warn(notes, abort, "ER_WARN_NULL_TO_NOTNULL", col.name, wctx.condition_row)
    set_cols: set[int] = set()
    if plan.set_funcs:
        env = ex._env([row])
        for ci, f in plan.set_funcs:
            v = f(env)
            row[ci] = t.columns[ci].type.coerce(v, t.columns[ci].name, wctx) if v is not None else None
            specified.add(ci)
            set_cols.add(ci)
    for ci in nulls:
        if ci not in set_cols:
            _warn(notes, abort, "ER_WARN_NULL_TO_NOTNULL", t.columns[ci].name, wctx.condition_row)
    _check_missing(t, row, wctx, abort)
    return row, specified


def _write_record(ex: "Executor", plan: _Plan, row: list[Any], specified: set[int], alloc: Any) -> int:
    """write_record: 0 = skipped (an ignored duplicate), 1 = inserted, 2 = inserted after deleting a row."""
    from harness.sql.stmt.sql_insert import _as_warning
    from harness.sql.stmt.fill_record import dup_entry_error

    t = plan.t
    generated = ex.assign_auto_increment(t, row, specified, alloc, set(), defer_explicit=True)
    if alloc is not None:
        alloc.row_done()
    if t.triggers:
        ex.thd.fire_triggers(t, "BEFORE", "INSERT", row, None, ex.ctx)
    found = ex._find_duplicate_locked(t, row, "X" if plan.replace else "S")
    if found is None:
        ex._explicit_auto_increment(t, row, generated, alloc)
        ex.write_row(t, row, specified)
        if t.triggers:
            ex.thd.fire_triggers(t, "AFTER", "INSERT", row, None, ex.ctx)
        return 1
    if plan.replace:
        ex._explicit_auto_increment(t, row, generated, alloc)
        replaced = int(ex.replace_row(t, row, found, specified))  # 2 when a row was deleted for it
        if t.triggers:
            ex.thd.fire_triggers(t, "AFTER", "INSERT", row, None, ex.ctx)
        return replaced
    if generated is not None and alloc is not None:
        alloc.give_back(generated, skipped=plan.ignore)
    ex.thd.note_write_attempt(t)
    if not plan.ignore:
        raise dup_entry_error(t, found, ex.thd)
    ex.ctx.notes.append(_as_warning(dup_entry_error(t, found, ex.thd)))
    return 0


def _warn(notes: list[Any], abort: bool, name: str, *args: object) -> None:
    if abort:
        raise error(name, *args)
    notes.append(note("Warning", name, *args))


def _check_missing(t: "TableDef", row: list[Any], wctx: WriteContext, abort: bool) -> None:
    """A NOT NULL column without DEFAULT that the file and SET left unset (1364)."""
    from harness.sql.stmt.sql_insert import _MISSING  # type: ignore[attr-defined]
    for ci, c in enumerate(t.columns):
        if row[ci] is _MISSING:
            if abort:
                raise error("ER_NO_DEFAULT_FOR_FIELD", c.name)
            wctx.notes.append(note("Warning", "ER_NO_DEFAULT_FOR_FIELD", c.name))
            row[ci] = c.type.default_value()


__all__ = ["LoadField", "LoadLine", "split_lines", "read_infile", "load_query_text", "mysql_load"]
