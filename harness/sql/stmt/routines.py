"""Triggers, stored functions and stored procedures.

Trigger and function bodies run inside the statement that invoked them: their
row changes belong to that statement's row events, and in statement format only
the invoking statement is logged. CALL is "unrolled": every statement of the
procedure is logged as a statement of its own (seed 002).
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator

from harness.diagnostics import FoldedNote
from harness.sql.handler.catalog import TableDef, Trigger
from harness.sql.sql_errors import Note, ServerError, error, note
from harness.sql.stmt.executor import Executor
from harness.sql.stmt.fill_record import eval_aborting_on_warning
from harness.sql.item.expr import Compiler, Env, Scope, to_bool
from harness.sql.handler.prelock import analyze
from harness.sql.item.column_types import WriteContext
from harness.sql.item.condition_row import ConditionRow
from harness.sql.parse import parse_tree as A
from harness.sql.parse.command_flags import statement_clears_warnings
from harness.sql.parse.parse_errors import UnsupportedError

if TYPE_CHECKING:
    from harness.sql.stmt.context import ExecContext
    from harness.sql.stmt.sql_result import OkPacket
    from harness.sql.thd import Thd


def _no_bs(thd: "Thd") -> bool:
    """The running statement's sql_mode (a routine's own while it runs) has NO_BACKSLASH_ESCAPES."""
    return "NO_BACKSLASH_ESCAPES" in str(thd.vars.get("sql_mode"))


class _Return(Exception):
    def __init__(self, value: Any) -> None:
        self.value = value


def _run_body(thd: "Thd", body: list[A.Statement], ctx: "ExecContext", env: Env, scope: Scope,
              in_function: bool = False) -> None:
    """Execute sub-statements of a trigger or function within the current statement."""
    for st in body:
        try:
            _run_one(thd, st, ctx, env, scope, in_function)
        except ServerError as e:
            if e.sp_stmt_text is None:
                e.sp_stmt_text = st.text
            raise
        finally:
            _cleanup_after_instruction(thd)


def _cleanup_after_instruction(thd: "Thd") -> None:
    """sp_lex_instr::reset_lex_and_exec_core ends every instruction of a trigger or function (a
    sub-statement, SET, RETURN, an IF's condition) with THD::cleanup_after_query, which clears
    thd->table_map_for_update: the invoking UPDATE's Query has no Q_TABLE_MAP_FOR_UPDATE_CODE
    once a routine ran, while a rows BEGIN written by a row before that keeps it (9.7.4 observed:
    `UPDATE ta SET v = g(v)`, g a bare RETURN: no 9, ROW BEGIN none; `... = f(v)`, f inserting
    first: STATEMENT none, ROW BEGIN 9=1)."""
    thd.stmt_log.table_map_for_update = 0


def _run_one(thd: "Thd", st: A.Statement, ctx: "ExecContext", env: Env, scope: Scope, in_function: bool) -> None:
    """One statement of a trigger or function body."""
    if isinstance(st, A.Declare):
        for n in st.names:
            env.locals[n.lower()] = Compiler(scope).compile(st.default)(env) if st.default else None  # type: ignore[index]
            scope.local_names.add(n.lower())
    elif isinstance(st, A.SetLocal) and st.row is not None:
        _set_new_column(thd, st, ctx, env, scope)
    elif isinstance(st, A.SetLocal):
        if st.name.lower() not in scope.local_names:
            raise UnsupportedError("SET of a variable that is not declared")
        env.locals[st.name.lower()] = Compiler(scope).compile(st.value)(env)  # type: ignore[arg-type,index]
    elif isinstance(st, A.If):
        branch = _taken_branch(st, env, scope)
        _cleanup_after_instruction(thd)  # the condition's sp_instr_jump_if_not
        if branch:
            _run_body(thd, branch, ctx, env, scope, in_function)
    elif isinstance(st, A.Set):
        for a in st.assignments:
            if isinstance(a.target, A.UserVar):
                thd.set_user_var(a.target.name.lower(), Compiler(scope).compile(a.value)(env))
            elif isinstance(a.target, A.SysVar):
                # Checked before the value is read: `SET @@session.binlog_format= statement`
                # names a value, not a column (sys_var::check refuses it first: 1560).
                refused = _SUBSTATEMENT_SYSVAR_ERRORS.get(thd.vars.canonical(a.target.name))
                if refused is not None:
                    raise error(refused)
                raise UnsupportedError("SET of a system variable in a trigger or function")
    elif isinstance(st, A.Return):
        raise _Return(Compiler(scope).compile(st.expr)(env) if st.expr is not None else None)
    elif isinstance(st, A.Select) and st.into:
        # Reads only: its tables were prelocked with the invoking statement.
        if st.from_ or st.union:
            thd.clear_carried_notes()
        res = Executor(thd, ctx, ctx.info).select(st, scope, env)
        assign_select_into(thd, st.into, res.rows, env, ctx.notes)
    elif isinstance(st, (A.Insert, A.Update, A.Delete)):
        _run_dml_sub(thd, st, _SubStatement(thd, ctx, env, scope), env, in_function)
        ctx.sub_dml_runs += 1
    elif isinstance(st, A.Signal):
        signal(st, env, scope)
    elif isinstance(st, (A.Commit, A.Rollback, A.Begin)):
        raise error("ER_COMMIT_NOT_ALLOWED_IN_SF_OR_TRG")
    else:
        raise UnsupportedError(f"{type(st).__name__} in a trigger or function")


def _run_dml_sub(thd: "Thd", st: A.Statement, sub: Any, env: Env, in_function: bool) -> None:
    """An INSERT/UPDATE/DELETE of a trigger or function body. An UPDATE has its own
    thd->table_map_for_update while it runs, which a rows group's BEGIN written with its first
    row keeps and its cleanup_after_query clears (9.7.4 observed, ROW: a BEFORE trigger's
    `UPDATE t2` writes the first row: BEGIN 9=1)."""
    if isinstance(st, A.Update):
        from harness.sql.stmt.sql_update import table_map_for_update
        thd.stmt_log.table_map_for_update = table_map_for_update(thd, st)
    try:
        # thd->query() is the sub-statement while it runs (sp_instr_stmt): the
        # Annotate_rows of a group whose first row it writes carries that text.
        sub.run(st, name_const_text(st.text, env.locals, _literal_collation(thd), _no_bs(thd)) if in_function
                else st.text)
    finally:
        if isinstance(st, A.Update):
            thd.stmt_log.table_map_for_update = 0


# The session settings of the binary log a sub-statement may not change (each
# sys_var's on_check: the error names the variable; probed on 10.11).
_SUBSTATEMENT_SYSVAR_ERRORS = {
    "binlog_format": "ER_STORED_FUNCTION_PREVENTS_SWITCH_BINLOG_FORMAT",
    "binlog_direct_non_transactional_updates": "ER_STORED_FUNCTION_PREVENTS_SWITCH_BINLOG_DIRECT",
    "sql_log_bin": "ER_STORED_FUNCTION_PREVENTS_SWITCH_SQL_LOG_BIN",
    "skip_replication": "ER_STORED_FUNCTION_PREVENTS_SWITCH_SKIP_REPLICATION",
    "gtid_domain_id": "ER_STORED_FUNCTION_PREVENTS_SWITCH_GTID_DOMAIN_ID_SEQ_NO",
    "gtid_seq_no": "ER_STORED_FUNCTION_PREVENTS_SWITCH_GTID_DOMAIN_ID_SEQ_NO",
}

# Sql_cmd_signal's defaults per SQLSTATE class: (errno, message).
_SIGNAL_EXCEPTION = (1644, "Unhandled user-defined exception condition")


def signal(st: A.Signal, env: Env, scope: Scope) -> None:
    """SIGNAL without a handler fails the statement with the condition (1644 unless
    MYSQL_ERRNO says otherwise). Classes '00', '01' (a warning, which later
    sub-statements clear) and '02' are not modelled."""
    state = st.sqlstate
    if len(state) != 5 or state.startswith(("00", "01", "02")):
        raise UnsupportedError(f"SIGNAL SQLSTATE '{state}'")
    code, message = _SIGNAL_EXCEPTION
    if st.errno is not None:
        code = int(Compiler(scope).compile(st.errno)(env))
    if st.message is not None:
        v = Compiler(scope).compile(st.message)(env)
        message = v.decode() if isinstance(v, bytes) else str(v)
    raise ServerError(code, message, state)


def _taken_branch(st: A.If, env: Env, scope: Scope) -> list[A.Statement]:
    """The statements of the first IF/ELSEIF branch whose condition is true, else ELSE's."""
    for cond, body in st.branches:
        if cond is None or to_bool(Compiler(scope).compile(cond)(env)):
            return body
    return []


def _set_new_column(thd: "Thd", st: A.SetLocal, ctx: "ExecContext", env: Env, scope: Scope) -> None:
    """``SET NEW.col = v`` in a BEFORE trigger: the row about to be written changes,
    converted to the column's type as a stored value would be."""
    t = scope.trigger_table
    if t is None or env.new is None or st.row != "NEW":
        raise UnsupportedError("SET of a NEW/OLD column outside a BEFORE trigger")
    ci = t.column(st.name)
    col = t.columns[ci]
    # The trigger stores under its own sql_mode whatever the statement already changed
    # (observed: a MyISAM INSERT's second row fails here after its first was written),
    # and a warning of the value itself is an error there when strict (observed: 1292 of
    # DATE_ADD over a zero date fails the INSERT, before any 1364 of the row).
    mode = str(thd.vars.get("sql_mode") or "")
    strict = "STRICT_TRANS_TABLES" in mode or "STRICT_ALL_TABLES" in mode
    v = eval_aborting_on_warning(Compiler(scope).compile(st.value), env, ctx.notes, strict)  # type: ignore[arg-type]
    # Observed: a value rounded on the way into NEW.col raises no note (1265), and an
    # error names the trigger's own row counter (SqlDialect.routine_condition_row: MariaDB
    # row 0, MySQL row 1), in an UPDATE trigger and in an INSERT trigger alike (single or
    # multi-row VALUES, IGNORE or not, InnoDB or MyISAM).
    wctx = WriteContext(strict, t.db, t.name, thd.server.flavor.sql.routine_condition_row, [],
                        sql_mode=thd.vars.get('sql_mode'))
    env.new[ci] = col.type.coerce(v, col.name, wctx) if v is not None else None


class _SubStatement:
    """A DML statement inside a trigger/function: rewritten so that NEW/OLD and
    local variables are visible to its expressions."""

    def __init__(self, thd: "Thd", ctx: "ExecContext", env: Env, scope: Scope) -> None:
        self.thd, self.ctx, self.env, self.scope = thd, ctx, env, scope

    def run(self, st: A.Statement, annotate_text: str | None = None) -> None:
        self.thd.clear_carried_notes()
        _check_tables_in_use(self.thd, self.ctx, st)
        try:
            self._run(st, annotate_text)
        finally:
            assert self.ctx.tables_in_use is not None  # pushed by _check_tables_in_use
            self.ctx.tables_in_use.pop()

    def _run(self, st: A.Statement, annotate_text: str | None) -> None:
        ex = Executor(self.thd, self.ctx, self.ctx.info)
        saved_text = self.thd.stmt.text
        if annotate_text is not None:
            # thd->query() is the sub-statement while a stored function runs it:
            # Annotate_rows then carries that text (observed on MariaDB 10.11).
            self.thd.stmt.text = annotate_text
        # Sub-statement expressions need NEW/OLD and locals: run them with an outer env.
        prev = self.ctx.outer_env
        prev_scope = self.ctx.outer_scope
        self.ctx.outer_env = self.env
        self.ctx.outer_scope = self.scope
        # Each run of a sub-statement is a statement of its own for the 1364 it warns once per
        # statement (9.7.4 probed: a function's INSERT warns 1364 again on the call that fails)
        prev_warned, self.ctx.warned_no_default = self.ctx.warned_no_default, set()
        prev_shape, self.ctx.sub_statement_shape = self.ctx.sub_statement_shape, _shape(st)
        # its own row counter (MySQL's sp_head::execute Diagnostics_area; condition_row.py)
        prev_counter = self.ctx.condition_row
        self.ctx.condition_row = ConditionRow(prev_counter._correlated)
        try:
            if isinstance(st, A.Insert):
                _insert_with_env(ex, st, self.env, self.scope)
            elif isinstance(st, A.Update):
                ex.update(st)
            elif isinstance(st, A.Delete):
                ex.delete(st)
        finally:
            self.ctx.outer_env = prev
            self.ctx.outer_scope = prev_scope
            self.ctx.warned_no_default = prev_warned
            self.ctx.sub_statement_shape = prev_shape
            self.ctx.condition_row = prev_counter
            self.thd.stmt.text = saved_text


def _shape(st: A.Statement) -> str:
    """How the sub-statement runs: ``join`` (INSERT ... SELECT, a multi-table UPDATE or
    DELETE: MySQL's JOIN, whose JOIN::cache_const_exprs wraps the trigger's NEW/OLD in
    Item_caches; harness/sql/item/arg_comparator_mysql.py _trigger_datetime), else the
    single-table ``update``/``delete`` or ``insert``."""
    if isinstance(st, A.Insert):
        return "join" if st.select is not None else "insert"
    if isinstance(st, A.Update):
        return "join" if len(st.tables) > 1 else "update"
    if isinstance(st, A.Delete):
        return "join" if st.targets or len(st.tables) > 1 else "delete"
    return ""


def _check_tables_in_use(thd: "Thd", ctx: "ExecContext", st: A.Statement) -> None:
    """A trigger's or stored function's statement may not change a table that the
    invoking statement, or an enclosing routine statement, uses (read or written):
    the prelocked instance is taken (1442, before the sub-statement does anything).
    Pushes the sub-statement's own tables for the statements it invokes in turn."""
    stack = ctx.tables_in_use
    if stack is None:
        stack = ctx.tables_in_use = [set(ctx.info.own_uses)]
    kind = type(st).__name__.upper()
    sub = analyze(thd, st, kind)
    in_use = set().union(*stack)
    for u in sub.uses:
        if u.write and id(u.table) in sub.own_uses and id(u.table) in in_use and not u.table.temporary:
            raise error("ER_CANT_UPDATE_USED_TABLE_IN_SF_OR_TRG", u.table.name)
    stack.append(set(sub.own_uses))


def _insert_with_env(ex: Executor, st: A.Insert, env: Env, scope: Scope) -> None:
    """INSERT ... VALUES inside a trigger: evaluate the values with NEW/OLD first."""
    if st.rows is None:
        ex.insert(st)
        return
    rows = []
    for r in st.rows:
        vals: list[A.Expr] = []
        for e in r:
            if isinstance(e, A.Default):
                vals.append(e)
            else:
                vals.append(A.Literal(Compiler(scope, ex.info).compile(e)(env)))
        rows.append(vals)
    ex.insert(A.Insert(text=st.text, table=st.table, columns=st.columns, rows=rows, ignore=st.ignore,
                       replace=st.replace, on_duplicate=st.on_duplicate))


def run_trigger(thd: "Thd", trg: Trigger, table: TableDef, new: list[Any] | None, old: list[Any] | None,
                ctx: "ExecContext") -> None:
    env = Env(ctx)
    env.new, env.old = new, old
    env.locals = {}
    scope = Scope([], trigger_table=table, local_names=set())
    own = _own_notes(thd)
    # The trigger's instructions end with THD::cleanup_after_query (_run_body), which clears
    # thd->table_map_for_update: a multi-table UPDATE whose trigger fired logs no
    # Q_TABLE_MAP_FOR_UPDATE_CODE (observed; byte-exact corpus case
    # fidlog_write_autoinc_select_through_trigger).
    try:
        with routine_sql_mode(thd, trg.sql_mode):
            _run_body(thd, trg.body, ctx, env, scope)
    except _Return:
        pass
    except ServerError as e:
        _note_routine_line(e, trg.text, f"{table.db}.{trg.name}")
        raise
    _drop_routine_notes(thd, own)


@contextmanager
def routine_sql_mode(thd: "Thd", mode: str | None) -> Iterator[None]:
    """sp_head::execute switches to the sql_mode the routine or trigger was created
    with and restores the caller's afterwards (probed: a function created under ''
    warns where its strict caller would fail; its sub-statements log that mode)."""
    if mode is None:
        yield
        return
    saved = thd.vars.values["sql_mode"]
    thd.vars.values["sql_mode"] = mode
    try:
        yield
    finally:
        thd.vars.values["sql_mode"] = saved


def _own_notes(thd: "Thd") -> int:
    """How many conditions the running statement has raised itself so far."""
    return len(thd.notes) - thd.carried_notes


def _drop_routine_notes(thd: "Thd", own: int) -> None:
    """sp_head::execute runs a trigger or stored function with its own warning list
    and merges it into the caller's only when the routine fails (merge_da_on_success
    is for CALL): a trigger or function that succeeds leaves no warnings of its
    sub-statements behind (probed: 1265 and 1364 inside them vanish)."""
    del thd.notes[thd.carried_notes + own:]


def _note_routine_line(e: ServerError, definition: str, name: str) -> None:
    """The error's position in a trigger or stored function, listed after the error
    itself; an enclosing routine adds its own line after it (innermost first, observed).
    The statement text is then cleared so the enclosing body records its own."""
    line = sp_line(definition, e.sp_stmt_text or "")
    e.trailing_notes = [*e.trailing_notes, Note("Note", 4094, f"At line {line} in {name}")]
    e.sp_stmt_text = None


def sp_line(definition: str, stmt_text: str) -> int:
    """The 1-based line of a routine's definition on which a statement starts."""
    pos = definition.find(stmt_text) if stmt_text else -1
    return definition.count("\n", 0, pos) + 1 if pos >= 0 else 1


#: MariaDB's native geometry constructors and accessors without the ST_ / MBR prefix.
_SPATIAL_FUNCTIONS = frozenset("""
    POINT LINESTRING POLYGON MULTIPOINT MULTILINESTRING MULTIPOLYGON GEOMETRYCOLLECTION
    GEOMFROMTEXT GEOMETRYFROMTEXT GEOMFROMWKB GEOMETRYFROMWKB POINTFROMTEXT POINTFROMWKB
    LINEFROMTEXT LINESTRINGFROMTEXT LINEFROMWKB POLYFROMTEXT POLYGONFROMTEXT POLYFROMWKB
    MPOINTFROMTEXT MLINEFROMTEXT MPOLYFROMTEXT GEOMCOLLFROMTEXT GEOMETRYCOLLECTIONFROMTEXT
    ASTEXT ASWKT ASBINARY ASWKB GEOMETRYTYPE SRID ENVELOPE BOUNDARY CENTROID GLENGTH AREA
    NUMPOINTS NUMGEOMETRIES NUMINTERIORRINGS EXTERIORRING INTERIORRINGN GEOMETRYN POINTN
    STARTPOINT ENDPOINT ISCLOSED ISEMPTY ISRING ISSIMPLE DIMENSION CONTAINS WITHIN CROSSES
    DISJOINT EQUALS INTERSECTS OVERLAPS TOUCHES BUFFER CONVEXHULL
""".split())


def _is_spatial_function(name: str) -> bool:
    u = name.upper()
    return u in _SPATIAL_FUNCTIONS or u.startswith(("ST_", "MBR"))


def call_function(thd: "Thd", name: str, args: list[Any], ctx: "ExecContext") -> Any:
    r = thd.find_routine("FUNCTION", name)
    if r is None:
        if _is_spatial_function(name):
            # The server has it (a native spatial function): saying 1305 would be wrong.
            raise UnsupportedError(f"spatial function {name.upper()} (geometry types are not modelled)")
        raise error("ER_SP_DOES_NOT_EXIST", "FUNCTION", f"{thd.db}.{name}")
    d = r.definition
    if len(args) != len(d.params):
        raise error("ER_SP_WRONG_NO_OF_ARGS", "FUNCTION", f"{thd.db}.{name}", len(d.params), len(args))
    if (not d.deterministic and d.sql_data_access in ("CONTAINS SQL", "MODIFIES SQL DATA")
            and not thd.vars.globals.values.get("log_bin_trust_function_creators")
            and thd.vars.globals.values.get("log_bin") and thd.binlog_format == "STATEMENT"):
        # Item_sp::execute_impl: a function created while log_bin_trust_function_creators
        # was on cannot be called in statement format once it is off.
        raise error("ER_BINLOG_UNSAFE_ROUTINE")
    typed = thd.server.flavor.sql.routine_values_typed
    if typed:  # the arguments go into the parameters' fields under the caller's sql_mode
        args = [_store_routine_value(thd, p.type_name, p.args, a, p.name, thd.vars.get("sql_mode"))
                for p, a in zip(d.params, args)]
    env = Env(ctx)
    env.locals = {p.name.lower(): a for p, a in zip(d.params, args)}
    scope = Scope([], local_names=set(env.locals))
    changed_before = thd.stmt.rows_changed
    runs_before = ctx.sub_dml_runs
    own = _own_notes(thd)
    try:
        with routine_sql_mode(thd, r.sql_mode):
            _run_body(thd, d.body, ctx, env, scope, in_function=True)
    except _Return as r_:
        value = r_.value
        _drop_routine_notes(thd, own)
        if typed and d.returns is not None:
            value = _store_routine_value(thd, d.returns[0], d.returns[1], value, r.name,
                                          r.sql_mode if r.sql_mode is not None else thd.vars.get("sql_mode"))
    except ServerError as e:
        # The line counts in the definition as the server stores it (characteristics
        # on lines of their own: BEGIN on line 3 with DETERMINISTIC, observed).
        _note_routine_line(e, _routine_text(thd, d), f"{thd.db}.{r.name}")
        e.from_function = True
        raise
    else:
        raise error("ER_SP_NORETURNEND", name)
    if thd.stmt.rows_changed != changed_before or (
            thd.server.flavor.sql.function_call_logged_by_sub_statement and ctx.sub_dml_runs != runs_before):
        # A SELECT/DO that changed data through a function is logged as the call itself; in
        # MySQL whenever a sub-statement of it called binlog_query (binlog_evt_union), which
        # an UPDATE matching no row does too (9.7.4 observed, GTID_MODE=ON
        # s002_call_unrolled_nested_mixed S: `SELECT f1(4)` over no row 4 logs the call).
        coll = _literal_collation(thd)
        ctx.function_calls.append(f"SELECT `{thd.db}`.`{r.name}`({','.join(sql_literal(a, coll, _no_bs(thd)) for a in args)})")
    return value


def call_procedure(thd: "Thd", st: A.Call) -> "OkPacket":
    from harness.sql.stmt.sql_result import OkPacket
    r = thd.find_routine("PROCEDURE", st.name)
    if r is None:
        raise error("ER_SP_DOES_NOT_EXIST", "PROCEDURE", f"{thd.db}.{st.name}")
    d = r.definition
    if len(st.args) != len(d.params):
        raise error("ER_SP_WRONG_NO_OF_ARGS", "PROCEDURE", f"{thd.db}.{st.name}", len(d.params), len(st.args))
    for i, (p, a) in enumerate(zip(d.params, st.args)):
        if p.mode != "IN" and not isinstance(a, A.UserVar):
            raise error("ER_SP_NOT_VAR_ARG", i + 1, f"{thd.db}.{st.name}")
    from harness.sql.stmt.context import ExecContext
    from harness.sql.parse.stmtinfo import StatementInfo
    ctx = ExecContext(thd, StatementInfo(kind="CALL"))
    env = Env(ctx)
    # An OUT parameter starts NULL; IN and INOUT start with the argument's value
    # (observed: NAME_CONST('y',NULL) for an OUT parameter read before it is set).
    env.locals = {p.name.lower(): Compiler(Scope([])).compile(a)(env) if p.mode != "OUT" else None
                  for p, a in zip(d.params, st.args)}
    scope = Scope([], local_names=set(env.locals))
    # The statement format is reset only when the client's CALL starts
    # (mysql_reset_thd_for_next_command); a nested CALL shares the caller's state.
    top_level = thd.sp_unsafe is None
    if top_level:
        thd.begin_top_level_call()
    try:
        try:
            with routine_sql_mode(thd, r.sql_mode):
                _unroll(thd, d.body, env, scope)
        except ServerError as e:
            stmt_text = (e.sp_stmt_text or "")
            line = sp_line(_routine_text(thd, d), stmt_text)
            where = Note("Note", 4094, f"At line {line} in {thd.db}.{d.name}")
            if e.noted:
                thd.notes.append(where)
            else:
                # not listed yet (refused before the sub-statement ran: 1146, 1665 with its
                # 1030): the location follows the error and its own notes (observed)
                e.trailing_notes = [*e.trailing_notes, where]
            raise
        # Back to the caller's user variables, as the parameter's type holds them.
        # Nothing is logged for the assignment: a later statement that reads the
        # variable carries it in a User_var event.
        for p, a in zip(d.params, st.args):
            if p.mode != "IN" and isinstance(a, A.UserVar):
                thd.set_user_var(a.name.lower(), _as_param_type(p, env.locals[p.name.lower()],  # type: ignore[index]
                                                                 thd.db_collation(thd.db)))
    finally:
        if top_level:
            flags = thd.end_top_level_call()
            if flags:
                _issue_call_unsafe(thd, flags, sys.exc_info()[1])
    return OkPacket(thd.last_row_count if thd.last_row_count > 0 else 0)


def _issue_call_unsafe(thd: "Thd", flags: int, exc: BaseException | None) -> None:
    """The CALL's end issues the unsafe notes its statements collected; an error refused
    before it was listed (1785 from decide_logging_format) is in the diagnostics area
    already, so they follow it (9.7.4 [bytes] gaps_sp_transaction_control STATEMENT under
    GTID_MODE=ON: `CALL p1(1)` -> 6414, 1785, Note 1592)."""
    mark = len(thd.notes)
    thd.issue_unsafe_warnings(flags)
    if isinstance(exc, ServerError) and not exc.noted:
        exc.trailing_notes = [*exc.trailing_notes, *thd.notes[mark:]]
        del thd.notes[mark:]


def _routine_text(thd: "Thd", d: A.CreateRoutine) -> str:
    from harness.sql.stmt.sql_table import routine_create_text
    return routine_create_text(thd, d)


def _store_routine_value(thd: "Thd", type_name: str, type_args: list[Any], v: Any, name: str, mode: str) -> Any:
    """MySQL's sp_head::execute_function stores each argument into its parameter's field
    (sp_rcontext::set_variable, the caller's sql_mode) and the RETURN value into a field of
    the declared type (sp_instr_freturn -> sp_rcontext::set_return_value, the routine's
    sql_mode): strict, a value the type refuses is the statement's error, else a warning and
    the clipped value; worded for the field (the function's or the parameter's name) at row 1
    (9.7.4 probed: `INSERT INTO t (c) VALUES (f_pure(2000000000))` -> 1264 'Out of range value
    for column 'f_pure' at row 1', even under IGNORE; `f_pure('a')` -> 1366 for column 'x')."""
    if v is None:
        return None
    from harness.sql.item.column_types import make_type
    strict = "STRICT_ALL_TABLES" in mode or "STRICT_TRANS_TABLES" in mode
    wctx = WriteContext(strict, "", "", 1, [], sql_mode=mode, mysql_stores=True)
    try:
        v = make_type(type_name, list(type_args)).coerce(v, name, wctx)
    except ServerError as e:
        e.from_function = True
        raise
    # raised under a non-strict sql_mode: no strict caller turns them into its error (probed:
    # `INSERT INTO t3 (c_int) VALUES (f_loose(2000000000))` strict -> Warning 1264)
    thd.notes.extend(FoldedNote(n.level, n.code, n.message) for n in wctx.notes)
    return v


def _as_param_type(p: A.RoutineParam, v: Any, db_collation: str | None = None) -> Any:
    """An OUT parameter's value in its declared type; a character type without its own
    charset has the routine's database's (the server profile's collation_server)."""
    if v is None:
        return None
    from harness.sql.item.column_types import make_type
    return make_type(p.type_name, list(p.args), collation=db_collation).coerce(
        v, p.name, WriteContext(False, "", "", 1, []))


def _unroll(thd: "Thd", body_stmts: list[A.Statement], env: Env, scope: Scope) -> None:
    # CALL is unrolled (seed 002): every statement of the body runs, and is
    # logged, as a statement of its own, SP variables replaced by NAME_CONST.
    for body in body_stmts:
        _clear_notes_for_instruction(thd, body)
        if isinstance(body, A.Declare):
            for n in body.names:
                env.locals[n.lower()] = Compiler(scope).compile(body.default)(env) if body.default else None  # type: ignore[index]
                scope.local_names.add(n.lower())
        elif isinstance(body, A.SetLocal) and body.row is None and body.name.lower() in scope.local_names:
            env.locals[body.name.lower()] = Compiler(scope).compile(body.value)(env)  # type: ignore[arg-type,index]
        elif isinstance(body, A.If):
            # Flow control is not logged: only the statements of the branch taken run (and are logged).
            _unroll(thd, _taken_branch(body, env, scope), env, scope)
        elif isinstance(body, A.Select) and body.into:
            _unroll_select_into(thd, body, env)
        elif isinstance(body, A.Signal):
            try:
                signal(body, env, scope)
            except ServerError as e:
                # Listed before the 4094 "At line" note, as a failing sub-statement's error is.
                e.sp_stmt_text = body.text
                thd.notes.append(Note("Error", e.code, e.message))
                e.noted = True
                raise
        else:
            text = name_const_text(body.text, env.locals, _literal_collation(thd), _no_bs(thd))
            sub = thd.parse(text)
            _clear_notes_for_sub_statement(thd, sub)
            thd.stmt.text = text
            thd.stmt.row_format = False  # set again only by a statement that decides row
            # THD::cleanup_after_query ended the previous sub-statement: its
            # binlog_accessed_db_names are gone (9.7.4 observed, MIXED: a row-logged MyISAM
            # INSERT after a statement-logged InnoDB one in the body: its BEGIN names none),
            # and its table_map_for_update (ROW: `UPDATE t3 ...; INSERT IGNORE INTO t3 ...`, the
            # INSERT's BEGIN has no 9; fw_call_sub_statement_clears_conditions)
            thd.stmt_log.binlog_accessed_dbs, thd.stmt_log.dml_dbs = None, ()
            _cleanup_after_instruction(thd)
            try:
                res = thd.execute_command(sub)
            except ServerError as e:
                if e.sp_stmt_text is None:
                    e.sp_stmt_text = body.text
                raise
            finally:
                if thd.stmt.row_format and thd.binlog_format == "MIXED":
                    thd.note_sticky_row()
            del res


def _clear_notes_for_instruction(thd: "Thd", body: A.Statement) -> None:
    """MySQL: every instruction a CALL executes starts with an empty condition list, as a
    client's statement does (clear_warnings_always): a statement, a SET or DECLARE of a local
    variable, an IF's condition -- not only those that use tables (9.7.4 probed: an UPDATE's
    1265 are gone after `SET v = 1`, `SET @x = 1`, `IF 0 THEN ... END IF`, `DECLARE v INT`,
    `COMMIT`; an empty `BEGIN END` keeps them; `START TRANSACTION; INSERT INTO t; INSERT INTO
    n; COMMIT` in STATEMENT leaves only the CALL's own 1592, the INSERT's 6414 is gone).
    SIGNAL raises its own condition and is left to ``signal``."""
    if thd.server.flavor.sql.clear_warnings_always and not isinstance(body, A.Signal) \
            and not (isinstance(body, A.Show) and body.what in ("WARNINGS", "ERRORS", "COUNT_WARNINGS",
                                                                "COUNT_ERRORS")):
        thd.clear_notes()


def _clear_notes_for_sub_statement(thd: "Thd", sub: A.Statement) -> None:
    """A CALL's sub-statement that uses tables starts with an empty condition list, as a
    top-level one does (opt_clear_warning_info; observed: an UPDATE's 1265 notes are gone
    after CALL when an INSERT follows it in the body, kept when a SET @x follows)."""
    if statement_clears_warnings(sub):
        thd.clear_notes()


def _unroll_select_into(thd: "Thd", body: A.Select, env: Env) -> None:
    """A SELECT ... INTO of a CALL runs as a statement of its own (it opens
    and reads its tables like any SELECT) and then assigns the variables."""
    assert body.into_span is not None
    lo, hi = body.into_span
    text = name_const_text(body.text[:lo] + " " + body.text[hi:], env.locals, _literal_collation(thd),
                           _no_bs(thd))
    sub = thd.parse(text)
    thd.stmt.text = text
    res = thd.execute_command(sub)
    rows = getattr(res, "rows", [])
    assign_select_into(thd, body.into, rows, env, thd.notes)


def assign_select_into(thd: "Thd", targets: list[A.Expr], rows: list[list[Any]], env: Env,
                       notes: list[Any]) -> None:
    """SELECT ... INTO: exactly one row assigns; none leaves the variables alone
    with a 'No data' warning; more than one is an error."""
    if rows and len(rows[0]) != len(targets):
        raise error("ER_WRONG_NUMBER_OF_COLUMNS_IN_SELECT")
    if len(rows) > 1:
        raise error("ER_TOO_MANY_ROWS")
    if not rows:
        notes.append(note("Warning", "ER_SP_FETCH_NO_DATA"))
        return
    for target, value in zip(targets, rows[0]):
        if isinstance(target, A.UserVar):
            thd.set_user_var(target.name.lower(), value)
        else:
            assert isinstance(target, A.ColumnRef)
            name = target.name.lower()
            if env.locals is None or name not in env.locals:
                raise error("ER_SP_UNDECLARED_VAR", target.name)
            env.locals[name] = value


def _literal_collation(thd: "Thd") -> str | None:
    """The collation a routine's string value is logged with: its database's default, the
    server's collation_server (MySQL 9.7.4 observed: ``NAME_CONST('p',_utf8mb4'x' COLLATE
    'utf8mb4_0900_ai_ci')``, the 8.0+ default utf8mb4 collation, which the column types do not
    model -- db_collation gives None for it)."""
    coll = thd.db_collation(thd.db)
    if coll is None:
        server = str(thd.server.global_vars.values.get("collation_server", "")).lower()
        coll = server if server.startswith("utf8mb4_") else None
    return coll


def sql_literal(v: Any, collation: str | None = None, no_backslash_escapes: bool = False) -> str:
    """A value as the server writes it into a logged statement (sp_get_item_value).

    A string carries its variable's character set and collation: a routine variable
    declared without one (the parser takes none) has its database's default, the
    server profile's collation_server (observed on a latin1 server:
    ``NAME_CONST('p',_latin1'x' COLLATE 'latin1_swedish_ci')``)."""
    from decimal import Decimal
    if v is None:
        return "NULL"
    if isinstance(v, bool):
        return str(int(v))
    if isinstance(v, (int, Decimal)):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    s = v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)
    # append_query_string: escape_quotes_for_mysql under NO_BACKSLASH_ESCAPES (quotes
    # doubled), else escape_string_for_mysql (\0 \n \r \\ \' \" \Z).
    s = s.replace("'", "''") if no_backslash_escapes else s.translate(_ESCAPE_FOR_MYSQL)
    coll = collation or "utf8mb4_general_ci"
    return f"_{coll.split('_', 1)[0]}'{s}' COLLATE '{coll}'"


_ESCAPE_FOR_MYSQL = str.maketrans({"\0": "\\0", "\n": "\\n", "\r": "\\r", "\\": "\\\\", "'": "\\'",
                                   '"': '\\"', "\x1a": "\\Z"})


def _insert_column_list(toks: list[Any]) -> set[int]:
    """Token indexes of an INSERT/REPLACE's column list: names there are columns, never SP
    variables (``INSERT INTO t (pattern) VALUES (pattern)`` logs the list unchanged)."""
    i = 0
    n = len(toks)
    while i < n and not (toks[i].kind == "WORD" and str(toks[i].text).upper() in ("INSERT", "REPLACE")):
        i += 1
    while i < n and not (toks[i].kind == "WORD" and str(toks[i].text).upper() == "INTO"):
        i += 1
    i += 1  # the table name, maybe qualified
    while i + 1 < n and toks[i + 1].kind == "OP" and toks[i + 1].value == ".":
        i += 2
    i += 1
    if i >= n or not (toks[i].kind == "OP" and toks[i].value == "("):
        return set()
    out: set[int] = set()
    i += 1
    while i < n and not (toks[i].kind == "OP" and toks[i].value == ")"):
        if toks[i].kind in ("WORD", "QWORD"):
            out.add(i)
        i += 1
    return out


def name_const_text(text: str, local_vars: dict[str, Any] | None, collation: str | None = None,
                    no_backslash_escapes: bool = False) -> str:
    """The statement text with each SP variable reference replaced by `` NAME_CONST('x',v)``
    (``collation``: the routine database's, see sql_literal)."""
    if not local_vars:
        return text
    from harness.sql.parse.lexer import tokenize
    toks = tokenize(text, no_backslash_escapes)
    out: list[str] = []
    last = 0
    columns = _insert_column_list(toks)
    for i, tk in enumerate(toks):
        if tk.kind not in ("WORD", "QWORD") or str(tk.value).lower() not in local_vars or i in columns:
            continue
        prev = toks[i - 1] if i else None
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if prev is not None and prev.kind == "OP" and prev.value == ".":
            continue
        if nxt is not None and nxt.kind == "OP" and nxt.value in (".", "("):
            continue
        end = tk.pos + (len(str(tk.value)) + 2 if tk.kind == "QWORD" else len(str(tk.value)))
        out.append(text[last:tk.pos])
        name = str(tk.value)
        out.append(f" NAME_CONST('{name}',{sql_literal(local_vars[name.lower()], collation, no_backslash_escapes)})")
        last = end
    out.append(text[last:])
    return "".join(out)


def call(thd: "Thd", st: A.Call) -> "OkPacket":
    from harness.sql.stmt.routines import call_procedure
    if st.db is not None and st.db != thd.db:
        # CALL db.p(): the routine runs in its own database (sp_head::execute changes the
        # current database for the call, so its statements are logged with `use db`).
        if not thd.catalog.has_db(st.db):
            raise error("ER_SP_DOES_NOT_EXIST", "PROCEDURE", f"{st.db}.{st.name}")
        saved = thd.db
        thd.set_current_db(st.db)
        try:
            return call_procedure(thd, st)
        finally:
            thd.set_current_db(saved)
    return call_procedure(thd, st)
