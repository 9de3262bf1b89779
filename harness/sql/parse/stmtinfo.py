"""What a statement touches, gathered once while it is compiled.

decide_logging_format (layer 1) reads this instead of re-walking the AST: which
tables are read or written, which functions and variables are used, whether a
LIMIT or a sub-statement is involved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from harness.model.session import StatementFacts


@dataclass
class TableUse:
    table: Any  # TableDef
    write: bool
    # Also opened for reading (a SELECT part, a subquery, a multi-table UPDATE's
    # other table): the server's table list then holds a read entry for it.
    read: bool = False


@dataclass
class StatementInfo:
    kind: str = ""  # INSERT UPDATE DELETE SELECT REPLACE DO CALL ...
    uses: list[TableUse] = field(default_factory=list)
    functions: set[str] = field(default_factory=set)
    user_vars_read: list[str] = field(default_factory=list)
    # The statement's own @var references (not a routine's or trigger's): the server
    # fixes them at prepare time (get_var_with_binlog), so each is logged as a
    # User_var event even when no row evaluates it (an UPDATE that matches nothing).
    user_vars_fixed: list[str] = field(default_factory=list)
    sysvars_read: list[str] = field(default_factory=list)
    subqueries: list[Any] = field(default_factory=list)
    stored_functions: list[str] = field(default_factory=list)
    has_limit: bool = False
    has_triggers: bool = False
    has_order_by: bool = False
    reads_new: bool = False
    insert_delayed: bool = False
    # RAND() outside an INSERT (Create_func_rand marks every other statement unsafe), or a
    # function the flavour marks unsafe when it is itemized (SqlDialect.unsafe_itemized_functions).
    function_unsafe: bool = False
    # RAND() without a seed in the statement itself: Item_func_rand::fix_fields saves
    # the session's seeds (thd->rand_used) when the statement is prepared, so its RAND
    # event is logged even when no row ever evaluates it.
    rand_used: bool = False
    # CONNECTION_ID() in the statement itself: Item_func_connection_id::fix_fields sets
    # thd->thread_specific_used when the statement is prepared (LOG_EVENT_THREAD_SPECIFIC_F
    # on its Query events even when no row evaluates it).
    thread_specific_used: bool = False
    # Set when a trigger/function/procedure body carries unsafeness into the statement.
    inherited_unsafe: int = 0
    # Auto-increment columns written by a sub-statement (trigger/function): unsafe.
    autoinc_in_substatement: bool = False
    writes_autoinc_table: bool = False
    insert_on_dup_unique_keys: int = 0
    insert_on_duplicate: bool = False
    is_insert_select: bool = False
    is_replace_select: bool = False
    is_insert_ignore_select: bool = False
    create_select_ignore_or_replace: bool = False
    # A BINLOG statement (or a replica's row event): its changes exist only as rows.
    row_injection: bool = False
    # id(table) of the tables the statement itself (not a routine it invokes) reads or
    # writes: a trigger or stored function may not change one of them (1442).
    own_uses: set[int] = field(default_factory=set)
    # Filled by decide_logging_format: MariaDB's unsafe flag bitmask.
    unsafe: int = 0
    # id(table) -> the statement parts that write it ("" for the statement
    # itself, the routine's name for a trigger or function): each part opens
    # its own TABLE instance, and every write-locked instance gets a Table_map.
    write_openers: dict[int, set[str]] = field(default_factory=dict)
    # id(table) of written tables on the inner side of an outer join: their Table_map
    # marks every column nullable (harness/sql/opt/joinplan.py).
    maybe_null_tables: set[int] = field(default_factory=set)
    # multi_update's ``transactional_tables`` (the is_trans of its binlog_query), set by
    # the executor: only a transactional table that got a handler update counts, not
    # every table the statement could write (None: not a multi-table UPDATE).
    multi_update_trans: bool | None = None
    # MariaDB 11.x runs this single-table UPDATE/DELETE as the multi-table one (stmt/sql_update.runs_as_join)
    single_as_join: bool = False
    # A single-table UPDATE/DELETE the optimizer proved empty before reading a row
    # (harness/sql/opt/range_opt.py): it returns at once and never calls binlog_query.
    impossible_where: bool = False
    # CREATE TABLE ... SELECT: the table it creates (not yet open when the server decides
    # the logging format).
    created_table: Any = None
    # (db, name) of tables the statement itself names that exist neither as a table nor
    # as a view: open_tables fails with 1146 before any table is locked (so before
    # InnoDB's external_lock or decide_logging_format can refuse the statement).
    missing_tables: list[tuple[str, str]] = field(default_factory=list)
    # The server's table list (Table_ref::next_global) as lock_tables hands it to
    # decide_logging_format: the statement's own tables in the order it names them (a
    # view or a derived table is a placeholder, None), then those its triggers, functions
    # and foreign keys prelock, a routine's table once. Entries are (table, write-locked);
    # None until the prelocking analysis fills it (harness/sql/handler/prelock.py).
    own_order: list[tuple[Any, bool]] | None = None
    prelock_order: list[tuple[Any, bool, str]] = field(default_factory=list)

    def table_list(self) -> list[tuple[Any, bool]] | None:
        """Table_ref::next_global from the first table: own tables, then prelocked ones."""
        if self.own_order is None:
            return None
        return [*self.own_order, *((t, w) for t, w, _opener in self.prelock_order)]

    def note_order(self, table: Any, write: bool, own: bool, opener: str = "") -> None:
        if self.own_order is None:
            self.own_order = []
        if own:
            self.own_order.append((table, write))
            return
        # sp_head merges the tables one routine uses (SP_TABLE: the strongest lock)
        for i, (t, w, o) in enumerate(self.prelock_order):
            if t is table and o == opener:
                self.prelock_order[i] = (t, w or write, o)
                return
        self.prelock_order.append((table, write, opener))

    def table_map_count(self, table: Any) -> int:
        return max(len(self.write_openers.get(id(table), ())), 1)

    def add(self, table: Any, write: bool) -> None:
        for u in self.uses:
            if u.table is table:
                u.write = u.write or write
                u.read = u.read or not write
                return
        self.uses.append(TableUse(table, write, not write))

    @property
    def written(self) -> list[Any]:
        return [u.table for u in self.uses if u.write]

    @property
    def read_only_tables(self) -> list[Any]:
        return [u.table for u in self.uses if not u.write]


def _implements_statement_facts(info: StatementInfo) -> StatementFacts:
    """Never called: mypy checks here that StatementInfo offers what decide_logging_format reads."""
    return info
