"""Which server the model imitates: a bundle of small policies, one per layer.

The three layers stay where they are (decide.py, cache.py, flush.py); each asks
its own policy for the few things MariaDB 10.11 and MySQL 8.0 do differently:

* layer 1 asks :class:`ErrorStyle`: error texts (1661-1667, 1592 reasons), the
  level of 1592, whether a row injection needs binlog_format=ROW;
* layer 2 asks :class:`EventStyle`: the Query status variables, the rows event
  version (v1 vs v2), Table_map optional metadata, Annotate_rows vs Rows_query;
* layer 3 asks :class:`GtidFraming`: the file header (Gtid_list/Binlog_checkpoint
  vs Previous_gtids) and the GTID framing of a group (MariaDB ``BEGIN GTID`` vs
  MySQL ``Anonymous_Gtid``/``Gtid`` + ``Query BEGIN`` with logical timestamps);
* the SQL layer asks :class:`DdlLogging` (how DROP TABLE is split, which formats
  skip temporary-table DDL) and :class:`Handshake`; its system-variable profile
  lives with the variables (harness/sql/sys_vars/sysvar_profile.py).

One module per flavour builds the bundle (harness/model/flavors/);
:func:`harness.model.flavors.flavor_for` picks it by name.
docs/RULES-mariadb-10.11.md and docs/RULES-mysql-8.0.md hold the evidence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from harness.binlog.header import Event

if TYPE_CHECKING:
    from harness.binlog.query import StatusVar
    from harness.diagnostics import Note
    from harness.binlog.rows import RowChange, RowsEvent, TableMapEvent
    from harness.model.cache import GroupBegin
    from harness.model.flush import BinaryLog
    from harness.model.session import SessionView, TableView


class ErrorStyle:
    """Layer 1: how the server words and levels what decide_logging_format reports."""

    unsafe_level = "Note"  # the level of Note 1592
    # decide_logging_format: error 1666 for a row injection at binlog_format=STATEMENT
    row_injection_needs_row_format = False

    def error_text(self, code: int, text: str) -> str:
        return text


class EventStyle:
    """Layer 2: the events a cache is filled with."""

    # ROWS_HEADER_LEN of the rows events written (v1: 8, v2: 10), counted against
    # binlog_row_event_max_size with the rows (Rows_log_event::get_data_size).
    rows_header_len = 8
    # The COMMIT/ROLLBACK ending a group copies the ending statement's
    # LOG_EVENT_THREAD_SPECIFIC_F (10.11: 0x0c after a temporary-table statement; 11.8: never)
    end_thread_specific = True
    # ROLLBACK writes the trx cache (ended by ROLLBACK) only when an event that cannot be
    # undone went into it (MySQL: trans_cannot_safely_rollback = trx_cache.cannot_rollback());
    # False: MariaDB's rule over the transaction's flags and the format (flush.py)
    rollback_by_cache_flag = False
    # A statement inside an active XA branch is unsafe (MySQL's BINLOG_STMT_UNSAFE_XA: Note
    # 1592 in STATEMENT, rows in MIXED); MariaDB has no such rule
    xa_dml_unsafe = False
    # System variables of SAFE_SYSVARS the server still finds unsafe to read in a logged
    # statement (MySQL: explicit_defaults_for_timestamp; decide._unsafe_flags)
    unsafe_sysvars: frozenset[str] = frozenset()
    # START TRANSACTION WITH CONSISTENT SNAPSHOT registers the binlog in the transaction
    # (MariaDB's binlog_start_consistent_snapshot; MySQL has none)
    snapshot_registers_binlog = True
    # The charset of a User_var event's number, NULL or connection-collation string (None:
    # MariaDB's 8 for numbers, the value's own collation for strings)
    user_var_numeric_charset: int | None = None
    # The statement's own @var references are logged as User_var events even when no row
    # evaluates them (MariaDB: Item_func_get_user_var::fix_fields calls get_var_with_binlog);
    # False: only the variables the statement evaluated (MySQL 9.7, observed)
    user_vars_logged_when_fixed = True
    # A cache holding only table maps is written as a group (MySQL); MariaDB's
    # binlog_cache_data::empty() counts logged rows only, so it writes nothing
    map_only_written = False
    # A statement that invokes a trigger or stored function under LOCK TABLES leaves its last
    # rows event pending in the transaction cache (MySQL: THD::binlog_query flushes only when
    # locked_tables_mode <= LTM_LOCK_TABLES; cache.BinlogCacheMngr.end_statement_rows)
    prelocked_rows_kept = False
    # MIXED finds an INSERT ... ON DUPLICATE KEY UPDATE over two unique keys unsafe after the
    # columns were marked for a statement (MariaDB's decide_logging_format_low): its after
    # images hold the write set only (decide.LoggingDecision.late_row). MySQL marks it unsafe
    # in THD::decide_logging_format, before: its images follow binlog_row_image
    two_keys_found_late = True
    # An autocommit statement that filled both caches writes the statement cache as a
    # group of its own before the transaction's (MySQL); MariaDB writes them as one group
    stmt_cache_own_group = False
    # Table_map flag TM_BIT_HAS_TRIGGERS_F (0x4000) on a table with triggers (MariaDB's; MySQL
    # has no such flag: 9.7.4 [bytes] flags=1)
    trigger_flag = True
    # The Table_map of an outer join's inner table marks every column nullable (MariaDB's
    # Field::maybe_null() includes table->maybe_null); False: the columns' own NULL flags
    outer_join_null_bits = True
    # MariaDB 11.8: the UPDATE and DELETE row images leave out every generated column
    # (VIRTUAL and STORED), in each binlog_row_image; so do the images of the table that
    # the statement writes after its first update or delete of it (REPLACE's rows after
    # a conflict). 10.11: every column is in FULL images (docs/RULES-mariadb-11.8.md row 15)
    images_skip_generated_after_change = False
    # MySQL: the group's BEGIN is written into the cache with its first event, from that
    # statement's THD (binlog_start_trans_and_stmt); MariaDB makes it at the flush
    begin_with_first_event = False
    # MySQL 9.7: a single-table UPDATE sets thd->table_map_for_update too (MariaDB: only
    # the multi-table UPDATE)
    single_update_map = False
    # A table without a primary key logs full row images in every binlog_row_image
    # (MariaDB). MySQL: its before image is every column (TABLE::mark_columns_per_binlog_row_image
    # marks the whole read_set when is_missing_primary_key()), its after image the mode's
    # (MINIMAL: the statement's write set; NOBLOB: that and every non-blob column)
    images_full_without_pk = True

    def table_map_extra_flags(self, thd: SessionView, table: TableView) -> int:
        """Flags a Table_map carries beside TM_BIT_LEN_EXACT_F (MySQL 9.7: 0x2 on foreign-key tables)."""
        return 0

    def query_status_vars(self, thd: SessionView, *, text: str = "", xid: int | None = None, invoker: bool = False,
                          hrnow: bool = False, charset: tuple[int, int, int] | None = None,
                          updated_db: str | tuple[str, ...] | None = None, ddl: bool = False) -> list[StatusVar]:
        raise NotImplementedError

    def ddl_xid(self, requested: bool, *, ddl: bool, thread_specific: bool, thd: Any = None,
                text: str = "") -> bool:
        """Whether a directly written DDL Query carries the xid status variable."""
        return requested

    def ddl_thread_specific(self, requested: bool, *, thd: Any = None, text: str = "") -> bool:
        """Whether a directly written DDL Query has LOG_EVENT_THREAD_SPECIFIC_F (0x4)."""
        return requested

    def new_rows_event(self, kind: str, tm: TableMapEvent, rows: list[RowChange], *, timestamp: int,
                       server_id: int, stmt_end: bool, columns_present: int,
                       columns_present_after: int | None, flags: int = 0) -> RowsEvent:
        raise NotImplementedError

    def table_map_optional_metadata(self, thd: SessionView, table: TableView) -> list[tuple[int, bytes]]:
        return []

    def annotate_event(self, thd: SessionView) -> Event | None:
        raise NotImplementedError


@dataclass(frozen=True)
class GroupWritten:
    """What writing a group did, for layer 3 to record in the session.

    The framing policy does not edit the session itself: it reports that it
    used the session's one-shot @@gtid_seq_no (MariaDB) or @@gtid_next (MySQL)."""

    number: int  # the GTID's seq_no (MariaDB) / gno or anonymous count (MySQL); 0: skipped
    consumed_gtid_seq_no: bool = False
    used_gtid_next: bool = False


class GtidFraming:
    """Layer 3: the binlog file's header and each group's GTID framing."""

    def new_writer(self, binlog: BinaryLog, path: Path) -> Any:
        raise NotImplementedError

    def write_header(self, binlog: BinaryLog, writer: Any, *, timestamp: int, create_timestamp: int | None,
                     rotated: bool) -> None:
        raise NotImplementedError

    def write_group(self, binlog: BinaryLog, events: list[Event], *, thd: SessionView | None, timestamp: int,
                    standalone: bool, transactional: bool, ddl: bool, extra_engines: bool,
                    xa_xid: Any = None, xa_completed: bool = False,
                    begin: GroupBegin | None = None) -> GroupWritten:
        raise NotImplementedError

    def write_create_select_rows(self, thd: SessionView, t: TableView, create_text: str, cache: Any, *,
                                 thread_specific: bool = False) -> None:
        """CREATE TABLE ... SELECT in row format: the generated CREATE and the cached rows."""
        raise NotImplementedError

    def ensure_uuid(self, binlog: BinaryLog) -> str | None:
        """The server's UUID, for a flavour whose GTIDs carry one (None: they do not)."""
        return None


class DdlLogging:
    """The SQL layer's choices when it logs DDL."""

    # Statement-format text of temporary-table DDL is skipped in these formats.
    temp_ddl_unlogged_formats: tuple[str, ...] = ("ROW",)
    # A temporary table created while the binlog was off for the session (sql_log_bin=0)
    # is dropped without a DROP event, explicit or at disconnect (MySQL:
    # TABLE::should_binlog_drop_if_temp, fixed when the table is opened); MariaDB logs it
    temp_drop_follows_create_logging = False
    # MIXED: once a statement went to rows, rows stick while temporary tables exist
    # (MariaDB's reset_current_stmt_binlog_format_row keeps row while temporary_tables)
    mixed_row_sticks_with_temp_tables = True
    # DROP TABLE naming temporary and base tables logs the temporary ones first (MariaDB)
    temporary_drops_first = True
    # DROP TABLE without IF EXISTS naming a missing base table drops the tables that exist
    # and fails after (MariaDB); MySQL 8.0's atomic DROP fails first, dropping nothing
    drop_missing_fails_first = False
    # The disconnect's DROP TEMPORARY of a database: one statement naming every table
    # (MariaDB); True: one for the transactional tables, then one for the others (MySQL)
    disconnect_drop_by_transactional = False
    # CREATE ... SELECT's new base table is a written table of its engine for the
    # isolation-level mixed-statement rule (MySQL; MariaDB: a placeholder, decide.is_mixed_stmt_unsafe)
    created_table_counts_below_rr = False
    # DROP DATABASE IF EXISTS of a missing database carries Q_XID (MariaDB)
    drop_missing_db_xid = True
    # DROP DATABASE first logs DROP TABLE IF EXISTS of its non-atomic tables (MySQL 8.0+)
    drop_db_logs_nonatomic = False
    # DROP DATABASE that dropped tables has LOG_EVENT_THREAD_SPECIFIC_F (MariaDB; MySQL: never)
    drop_db_thread_specific = True
    # CREATE DATABASE carries an xid when it created the database (MySQL: a data-dictionary
    # commit; IF NOT EXISTS of an existing one commits nothing); MariaDB: never an xid
    create_db_xid_when_created = False
    # DROP TABLE /* comment */ t keeps the comment in the text it generates (MariaDB)
    drop_keeps_comment = True
    # CREATE TABLE IF NOT EXISTS of an existing base table (not ... SELECT) is logged, committing
    # nothing (MySQL); MariaDB logs nothing (RULES-mariadb-10.11)
    create_existing_table_logged = False
    # DROP PROCEDURE/FUNCTION/TRIGGER/VIEW IF EXISTS of a missing object is logged as DDL
    # (MariaDB: its xid and FL_DDL); False: it commits nothing and names no database (MySQL)
    missing_drop_commits = True
    # DROP TEMPORARY TABLE IF EXISTS is logged with db-qualified names and no
    # default database (MariaDB, observed in every format that logs it).
    drop_temp_if_exists_qualified = False
    # At disconnect the temporary tables' DROP is logged before the open transaction's
    # rollback (MariaDB's THD::cleanup); MySQL rolls back first
    disconnect_drops_temp_first = True
    # Events live in the data dictionary (MySQL 8.0+, stmt/sql_event_mysql.py): their DDL commits
    # it (an xid, the event's database in Q_UPDATED_DB_NAMES) and checks the schedule
    event_ddl_in_dictionary = False
    # The event scheduler runs a due event's body (MySQL's profile runs it ON); MariaDB's
    # profiles keep it OFF and SET GLOBAL event_scheduler = ON is refused
    event_scheduler_modelled = False

    def drop_table_groups(self, items: list[tuple[Any, Any]]) -> list[list[tuple[Any, Any]]]:
        """The tables of one DROP TABLE that are logged as one statement (and one GTID) together."""
        return [items]

    def drop_temporary_table_groups(self, items: list[tuple[Any, Any]]) -> list[list[tuple[Any, Any]]]:
        """Temporary tables of one DROP: one statement for the non-transactional
        ones, then one for the transactional ones (observed on MariaDB 10.11:
        `DROP TEMPORARY TABLE IF EXISTS x5, x3` with x3 MyISAM logs x3 first)."""
        nontrans = [x for x in items if not x[1].transactional]
        trans = [x for x in items if x[1].transactional]
        return [g for g in (nontrans, trans) if g]


class SqlDialect:
    """The SQL layer's visible behaviour where the server families differ (texts, syntax,
    diagnostics); MariaDB 10.11's here, MySQL 9.7's in harness/model/flavors/mysql_sql.py."""

    # Every statement but SHOW WARNINGS/ERRORS starts with an empty warning list (MySQL);
    # MariaDB clears it only for statements that use tables (opt_clear_warning_info)
    clear_warnings_always = False
    # ALTER IGNORE TABLE is accepted (MySQL 5.7 removed it: a syntax error)
    alter_ignore = True
    # A row INSERT ignored (duplicate, unchanged ODKU row) marks a non-transactional table
    # modified (MySQL's write_record; sql_insert._note_ignored_row)
    ignored_row_modifies_nontrans = False
    # Foreign keys are checked by the SQL layer before the handler's row call (MySQL 9.x):
    # a row refused with 1451/1452 and ignored never reached the engine, so InnoDB stays a
    # read-only participant (COMMIT, not Xid); MariaDB's InnoDB checks inside its row call
    fk_checked_before_handler = False
    # InnoDB's HA_REQUIRES_KEY_COLUMNS_FOR_DELETE (MariaDB): TABLE::mark_columns_needed_for_update
    # reads every column of a key with an assigned column, so an UPDATE assigning an unchanged
    # key column compares the rows (COMMIT); False (MySQL): only the primary key is read
    update_reads_key_columns = True
    # MySQL's FOUND_ROWS(): a query block sets THD::current_found_rows (an INSERT ... SELECT's
    # query too: its rows, before the LIMIT with SQL_CALC_FOUND_ROWS), and every DML statement's
    # end copies it to previous_found_rows, which FOUND_ROWS() reads; a CREATE TABLE ... SELECT
    # (no Sql_cmd_dml) sets only the current one. MariaDB: 0 after INSERT ... SELECT, a CTAS's
    # rows at once, other statements leave it
    mysql_found_rows = False
    # A user variable that is NULL (or unset) takes part in COALESCE/IFNULL as a string
    # (MariaDB's Item_func_get_user_var); False: as a NULL of no type, so the other
    # arguments decide (MySQL 9.7 observed: IFNULL(@unset, 0) + 1 is an INT)
    null_user_var_is_string = True
    # SELECT/DO f() is logged as the call when a DML sub-statement of the function ran to its
    # end, changed rows or not (MySQL's binlog_evt_union.unioned_events); MariaDB: only when
    # rows changed
    function_call_logged_by_sub_statement = False
    # 1062 names the key as `table.key` (MySQL 8.0.19+ print_keydup_error)
    qualified_dup_key = False
    # SHOW CREATE TABLE prints integer display widths (`int(11)`; MySQL 8.0.19+ does not)
    int_display_width = True
    # CREATE/ALTER TABLE with an integer display width warns 1681 (MySQL 8.0.17+)
    display_width_deprecated = False
    # A one-row INSERT with a column list that puts NULL into a NOT NULL column lists 1105
    # "Unknown error" after its 1048 (MariaDB's fill_record; MySQL: 1048 alone)
    null_list_unknown_error = True
    # The table CREATE ... SELECT fills is bulk-loaded by an engine that can
    # (Engine.bulk_loads_empty_tables: MariaDB 10.6+ InnoDB, MDEV-24621): unique keys checked
    # when the load ends, the last row's key in 1062, reported twice. MySQL's InnoDB inserts
    # row by row (row_ins_clust_index_entry): the first duplicate's key, once
    ctas_bulk_load = True
    # LOAD DATA's NULL for a NOT NULL column: MariaDB warns 1263 as read_sep_field stores the
    # field; MySQL 8.0+ sets the field temporarily nullable (Field_tmp_nullability_guard) and
    # checks the NOT NULL constraint once the row is filled, so its 1263 follows the row's
    # other warnings (9.7.4: `5\t\N` into (a, b NOT NULL, c) -> 1261, then 1263)
    load_null_checked_after_row = False
    # JSON is a type of its own (MySQL 5.7.8+: Field_json, binary JSON in row images, 3140 for
    # invalid text); MariaDB's JSON is LONGTEXT utf8mb4_bin with CHECK (json_valid(col))
    native_json = False
    # Warning 6414 when a transaction writes a second storage engine (MySQL 9.x)
    engine_mix_warning = False
    # Warning 1287 for each `@v := expr` in a statement (MySQL 8.0.13+)
    assign_in_expr_deprecated = False
    # DROP statements name what is missing as MySQL 8.0 does: DROP TABLE IF EXISTS a Note per
    # missing table, DROP VIEW 1051/1347 checked before anything is dropped, DROP TRIGGER of a
    # missing database 1049 (MariaDB: one 1051 Note, 4092, 1360)
    mysql_drop_names = False
    # INSERT DELAYED converted to INSERT (3005) and FLUSH PRIVILEGES deprecated (1681) by the
    # parser (MySQL; stmt/deprecations.legacy_syntax)
    mysql_legacy_syntax = False
    # UPDATE IGNORE warns for each row it skips (1062, 1451, 1452: MySQL's Ignore_error_handler);
    # MariaDB skips them silently
    ignore_warns = False
    # A multi-table UPDATE failing in a table updated after the scan lists 1105 `An error occurred
    # in multi-table update` after the row's error (MySQL's send_eof)
    multi_update_deferred_error = False
    # A multi-table UPDATE's first table is updated on the fly even when a SET expression reads
    # a column it changes (MySQL: EXPLAIN `Update t1 (immediate)` for `SET t1.a = t1.a + 1` and
    # `SET t1.a = 5, t2.b = t1.a`); MariaDB's safe_update_on_fly refuses it (TABLE::tmp_set)
    on_fly_despite_set_reads = False
    # The parser turns `t1 RIGHT JOIN t2` into `t2 LEFT JOIN t1`, the table list swapped (MySQL's
    # Query_block::convert_right_join): tables opened, mapped and updated t2 first
    convert_right_join = False
    # A multi-table DELETE deletes from its const tables while the join runs, as from the first
    # table (MySQL's Query_result_delete: "Delete from t1 (immediate), t2 (immediate)")
    multi_delete_const_immediate = False
    # OPTIMIZE / REPAIR TABLE open their tables for write through decide_logging_format (MySQL):
    # a transactional and a non-transactional one are unsafe (1592 in STATEMENT)
    admin_write_unsafe = False
    # fill_record copies a bare string column into a shorter one of its type with field_conv:
    # 1265 WARN_DATA_TRUNCATED (MySQL's copy_field_varstring); MariaDB stores it: 1406
    field_copy_cuts = False
    # REPLACE's delete of a conflicting row is checked against the foreign keys referencing it
    # as an update to the new row (MySQL 9.x's SQL-layer foreign keys): no action while the
    # referenced columns keep their values; MariaDB's InnoDB checks a delete (1451, ON DELETE)
    replace_fk_as_update = False
    # Foreign keys run in the SQL layer (MySQL 9.x, innodb_native_foreign_keys=OFF): a cascade's
    # child rows are written through the handler and logged as rows, under
    # OPTION_NO_FOREIGN_KEY_CHECKS, before the parent's; under foreign_key_checks=0 no child is
    # opened (handler/foreign_keys.py _cascade, modified_children). MariaDB: InnoDB's own
    sql_layer_foreign_keys = False
    # The ON DELETE / ON UPDATE action SHOW CREATE TABLE and the 1451/1452 texts leave out:
    # MariaDB's RESTRICT; MySQL's NO ACTION (the DD's rule; sql_foreign_key_constraint.cc
    # build_fk_error_message prints CASCADE, SET NULL and RESTRICT only)
    fk_unprinted_action = "RESTRICT"
    # A parent's children are visited by constraint name (MariaDB's InnoDB referenced_set);
    # False: in creation order (MySQL's data dictionary; handler/foreign_keys.py children_of)
    fk_children_by_name = True
    # The code of the warning that a BLACKHOLE table's UPDATE/DELETE logs no rows in row format
    # (MariaDB: ER_UNKNOWN_ERROR with its own text; MySQL: 1870, the same text)
    blackhole_rows_code = 1105
    # RAND() makes every statement unsafe (MySQL's Item_func_rand::do_itemize: the rows' order
    # may differ on the replica); MariaDB: not in an INSERT
    rand_always_unsafe = False
    # Builtins that mark the statement BINLOG_STMT_UNSAFE_SYSTEM_FUNCTION when itemized, beyond
    # decide.UNSAFE_FUNCTION_NAMES (MySQL: AES_ENCRYPT/AES_DECRYPT)
    unsafe_itemized_functions: frozenset[str] = frozenset()
    # INET_NTOA/INET_ATON/INET6_ATON/INET6_NTOA of a bad argument warn 1411 (func_crypt.inet_wrong_value)
    inet_wrong_value_warns = False
    # Account statements by MySQL 8.0's rules: atomic, rewritten text (stmt/sql_acl_mysql.py)
    mysql_accounts = False
    # The statement opens for read the tables its foreign key checks read (MySQL 8.0; MariaDB:
    # only the children a cascade changes; prelock._fk_checked_tables)
    fk_opens_checked_tables = False
    # INSERT ... ON DUPLICATE KEY UPDATE is unsafe over more than one unique key, written or not
    # (MySQL; MariaDB: only keys the statement writes whole; prelock.on_duplicate_unique_keys)
    odku_counts_all_unique_keys = False
    # A query expression's LIMIT 0 is unsafe too (MySQL's limit_clause; prelock.limit)
    query_limit_zero_unsafe = False
    # A date function's string argument that is no date: `Truncated incorrect date value` (MySQL;
    # builtins.bad_temporal_text)
    date_arg_truncated = False
    # An INSERT computes (and reports the store of) every VIRTUAL column, whatever the binlog
    # format (MySQL; MariaDB: only those the row image reads; generated_columns.update_generated)
    insert_stores_virtual_columns = False
    # 1288 for an UPDATE of a mergeable derived table names its base table (MySQL; sql_update)
    derived_merge_names_base = False
    # CREATE TABLE stores an invalid DEFAULT within the statement (row 1, strict: an error;
    # MySQL; catalog.restate_default_store)
    default_store_in_statement = False
    # The "at row N" of a condition a routine's own instruction raises (a trigger's SET NEW.c):
    # MariaDB 10.11 names row 0 (observed); MySQL's sp_head::execute runs the body in a
    # Diagnostics_area of its own, whose row counter starts at 1 and no statement of the caller
    # moves (MySQLSql)
    routine_condition_row = 0
    # A recursive CTE's step row cut to the anchor's column: MariaDB names the row's number in the
    # CTE's table (select_unit::send_data counts it) and warns 1265 outside a strict mode (MariaDB
    # 10.11 probed); MySQL (False) names the statement's row counter, which the materialisation
    # (MaterializeIterator, no Query_expression::ExecuteIteratorQuery) does not move, and outside a
    # strict mode cuts the value without a warning (9.7.4 probed)
    cte_rows_counted = True
    # MySQL: executing a scalar subquery resets the statement's row counter to 1 and advances it
    # per row sent (harness/sql/item/condition_row.py); MariaDB's subqueries leave it alone
    subquery_resets_row_counter = False
    # thd->where while a window's PARTITION BY / ORDER BY resolve (1054, 1052): MariaDB 10.11 says
    # 'GROUP BY' and 'ORDER BY' (probed); MySQL's sql/window.cc 'window partition by' / 'window order by'
    window_clauses = ("GROUP BY", "ORDER BY")
    # Builtins the server's native function registry lacks: the name is then a stored
    # function's (1305 `FUNCTION db.NAME does not exist`); a subset of func_native.NOT_NATIVE_SOMEWHERE
    unknown_functions: frozenset[str] = frozenset()
    # Condition codes the server never raises (MariaDB's 4094 "At line N in routine")
    dropped_codes: frozenset[int] = frozenset()
    # Errors listed once in SHOW WARNINGS though MariaDB's InnoDB reports them twice on some
    # access paths (lock wait timeout, deadlock)
    single_report_codes: frozenset[int] = frozenset()
    # Storing into a DATETIME column reads the session time zone (Q_TIME_ZONE_CODE; MySQL 8.0.19+)
    datetime_store_uses_time_zone = False
    # FLUSH PRIVILEGES' reload reads the grant tables' TIMESTAMP columns through the session
    # (Q_TIME_ZONE_CODE on its Query; MySQL); MariaDB's privilege tables have none
    acl_reload_reads_time_zone = False
    # ROLLBACK warns 1196 for base non-transactional changes only, 1751/1752 for temporary
    # tables created/dropped in the transaction (MySQL); MariaDB: 1196 for either kind of change
    temp_rollback_warnings = False
    # A statement writing a foreign-key table logs Q_UPDATED_DB_NAMES over max (MySQL 9.x)
    fk_over_max_dbs = False
    # fill_record over a column list stores the row's other values after a store's error and
    # lists their errors too (MariaDB); MySQL stops at the first (sql_base.cc fill_record:
    # `if (thd->is_error()) return true` after each field)
    fill_record_goes_on = True
    # 1364 for an INSERT's columns without a default is checked for each row after its
    # fill_record (and, for INSERT ... SELECT, after a failed one too), not once while the
    # statement is prepared (MySQL 8.0+ check_that_all_fields_are_given_values per row)
    no_default_check_per_row = False
    # An INSERT's 1048 for a NULL into a NOT NULL column is pushed once per column per
    # statement, not per row (MySQL: Field::m_warnings_pushed; sql_insert.py _warn_bad_null)
    bad_null_warned_once = False
    # The buffer of an INSERT ... SELECT reading its own table (MySQL): it holds the rows sent
    # (after ORDER BY/LIMIT; MariaDB: the rows before them) and, not strict, warns 1292 for each
    # zero date it stores (sql_insert.py _warn_in_temporary_table)
    temporary_table_zero_date_warns = False
    # A stored function's arguments and RETURN value are stored as their declared types
    # (MySQL; routines._store_routine_value)
    routine_values_typed = False
    # INSERT ... SELECT's "at row N" counts the rows the SELECT examined, its WHERE's rejects
    # too (MariaDB: evaluate_join_record); MySQL counts the rows sent (sql_select._examined_row_numbers)
    insert_select_counts_examined_rows = True
    # Date arithmetic over a column's stored zero (or zero-part) date is NULL without a
    # warning (MySQL: Field_temporal::get_date fails the fuzzy-date check silently); MariaDB
    # warns 1292 `Incorrect datetime value`, an error in a strict UPDATE
    zero_date_field_silent = False
    # MySQL's Field::store rules (harness/sql/item/field_store.py): a well-formed date
    # check_date refuses warns 1264 Out of range (MariaDB 1265), fractional seconds beyond the
    # column's precision are rounded (MariaDB: cut); spaces around a number are no truncation,
    # a DECIMAL/FLOAT string with garbage is 1366 (MariaDB 1265)
    mysql_field_stores = False
    # A prepared statement's parameters in its expanded query (harness/server/prepared.py):
    # MySQL's escape_string_for_mysql escapes a byte of no well-formed character only when
    # my_mbcharlen calls it a multi-byte lead (utf8mb4: 0xC2-0xF7; MariaDB: any such byte),
    # and query_val_str writes a temporal value as a quoted string with six fractional digits
    # (MariaDB: a typed literal, DATE'...', TIMESTAMP'...', TIME'...')
    mysql_param_text = False
    # Item::print of an infix operation (the 1690 text): MySQL's Item_func::print_op wraps each
    # one in parentheses, `(a - 1)`; MariaDB prints by precedence, `a - 1`
    print_infix_parens = False
    # The table CREATE ... SELECT creates is locked through its engine's external_lock, so
    # InnoDB refuses STATEMENT format below REPEATABLE READ with its suffix and the failed lock's
    # error (MySQL); MariaDB's select_create post-lock check words 1665 without them
    ctas_engine_locks = False
    # A strict DELETE (no IGNORE) fails on its WHERE's conversion warnings (1292, 1366), as a
    # strict UPDATE does (MySQL: Sql_cmd_dml::execute pushes the Strict_error_handler for every
    # DML statement); MariaDB's mysql_delete never sets abort_on_warning: a warning
    delete_aborts_on_warning = False
    # The conversions of a comparison follow MySQL's Arg_comparator (harness/sql/item/
    # arg_comparator.py ``_mysql_conversion``): a DECIMAL against a constant string compares as
    # DECIMAL, a DATETIME against a number as a number, an empty string converts to 0 silently
    mysql_comparisons = False
    # DO answers OK after an error while evaluating its expressions (MariaDB's mysql_do:
    # clear_error, "DO always is OK"); MySQL 8.0's Query_result_do sends the error
    do_always_ok = True
    # SHOW BINLOG EVENTS FROM pos must name an event's start (else 1220, MariaDB); MySQL 9.7
    # lists the events that start at or after pos, past the file's end none, without an error
    binlog_events_from_any_pos = False
    # SHOW BINARY LOGS lists Log_name, File_size (MariaDB); MySQL 8.0.14+ adds Encrypted
    binary_logs_encrypted = False
    # A new MyISAM table's state header says analyzed and optimized, so ANALYZE / OPTIMIZE of
    # it before any row change is "Table is already up to date" (MySQL); MariaDB's: OK
    myisam_created_analyzed = False
    # CHECKSUM TABLE sums a NULL field's record bytes too (MySQL); MariaDB skips NULL fields
    # (handler::calculate_checksum, unless old_mode)
    checksum_null_fields = False
    # CREATE ... SELECT: a query with window functions goes through a temporary table that
    # makes the other columns nullable (MariaDB; MySQL keeps each column's nullability)
    window_temp_nullable = True
    # CREATE ... SELECT: a NOT NULL column made from an expression has its type's zero as
    # DEFAULT (MySQL); MariaDB's has none
    computed_column_zero_default = False
    # ROW_NUMBER / RANK / DENSE_RANK are BIGINT UNSIGNED (MySQL); MariaDB's are signed
    ranking_unsigned = False
    # The generated columns in an INSERT's / UPDATE's write set (MINIMAL images) are those that
    # depend on what it assigns, VIRTUAL ones too (MySQL, TABLE::mark_generated_columns); MariaDB:
    # every STORED and indexed VIRTUAL one (handler/generated_columns.generated_write_set)
    generated_write_set_by_dependency = False
    # CREATE ... SELECT: `-x` of an integer is a signed column of x's own type, INT for TINYINT ..
    # INT, BIGINT for BIGINT (MySQL); MariaDB's is one character longer than x (BIGINT from 10)
    negation_keeps_int_type = False
    # ... COALESCE / IF / CASE of integers are INT unless an argument is BIGINT, IFNULL's BIGINT
    # (MySQL); MariaDB: the widest argument's type (item_types._int_aggregate)
    int_aggregate_widens = False
    # CREATE ... SELECT: the longest integer expression (characters, sign included) whose column
    # is INT rather than BIGINT (MariaDB 9: `t8 * 2` int(5), `k DIV 2` bigint(10))
    int_item_max_int_length = 9
    # The update of INSERT ... ON DUPLICATE KEY UPDATE writes every column: a MINIMAL
    # after-image holds them all (MySQL); MariaDB's holds the statement's write set
    odku_update_writes_all = False
    # A BEFORE INSERT trigger sees NEW.<auto_increment> 0 for an explicit NULL (MySQL); MariaDB: NULL
    trigger_autoinc_null_is_zero = False
    # CAST(negative AS UNSIGNED): a DECIMAL saturates at 0 with 1916 and an integer notes 1105
    # (MariaDB); True: both wrap to the positive complement silently (MySQL)
    cast_unsigned_wraps = False
    # UPDATE ... SET c = DEFAULT for a column without a default: MariaDB refuses it while the
    # statement is prepared (1364 in every sql_mode); MySQL warns for each row it stores (an
    # error where the store aborts) and stores the type's zero
    default_checked_per_row = False
    # With a BEFORE INSERT/UPDATE trigger an ENUM NOT NULL without DEFAULT lacks a default
    # (MariaDB's nullable trigger fields hold NULL); MySQL's row keeps the first member
    trigger_fields_hide_enum_default = True
    # An AUTO_INCREMENT value generated past the type's maximum: MariaDB fails the row with
    # 167 (HA_ERR_AUTOINC_ERANGE, strict or not); MySQL stores it like a number (1264 and the
    # maximum; InnoDB: the maximum, or 1467 for an interval crossing it)
    autoinc_past_max_stores = False
    # DATE'...' / TIMESTAMP'...' literals are checked as the server parses them (MySQL: 1525
    # for an invalid date, the zero date under NO_ZERO_DATE, zero parts under NO_ZERO_IN_DATE)
    temporal_literal_checks = False
    # INSERT ... ON DUPLICATE KEY UPDATE's assigned columns count as given for the insert's
    # 1364 check (MariaDB); MySQL checks the inserted row's columns alone
    odku_columns_given = True
    # Syntax the server's grammar no longer has: a statement whose text matches one of these
    # is 1064 near the match's first group (MySQL 8.4 removed FLUSH HOSTS and the MASTER
    # spellings of PURGE / SHOW ... LOGS)
    removed_syntax: tuple[str, ...] = ()
    # The word in 1064's "corresponds to your ... server version"
    server_word = "MariaDB"
    # CHECK constraints as MySQL 8.0.16+ keeps them (harness/sql/handler/check_constraints.py):
    # `<table>_chk_<n>` names unique in the schema, ordered by name, 3819/3822/3940; MariaDB:
    # a column's named after it, CONSTRAINT_<n>, 4025/1826/1091, check_constraint_checks
    mysql_check_constraints = False
    # Where the two grammars refuse a text differently, MySQL's error (SqlParseError.mysql:
    # an alias-less derived table is 1248, SIGNAL ... = f(x) 1064)
    mysql_grammar = False
    # Recursive CTEs as MySQL runs them (harness/sql/stmt/sql_cte.py): cte_max_recursion_depth
    # and 3636, anchors first (3573/3574), 1353 for a column list of the wrong length
    mysql_cte = False
    # A value for a generated column is error 3105 in any sql_mode (MySQL); MariaDB: 1906, a
    # warning outside strict mode
    generated_value_error = False
    # DROP TABLE of a parent a remaining table's foreign key references: 3730 before anything
    # is dropped (MySQL 8.0's atomic DDL); MariaDB drops the others and refuses it with 1451
    atomic_drop_table = False
    # INSERT through a view: every view column must be a plain column (MySQL: 1348 for a named
    # expression column, else 1471); MariaDB refuses only an expression column the INSERT fills.
    # MySQL also merges a view whose select list calls RAND/UUID (MariaDB: not updatable, 1288)
    view_insert_plain_columns = False
    # ALTER TABLE (MySQL): an added NOT NULL DATE/DATETIME without a default needs an empty
    # table under a strict NO_ZERO_DATE (1292), and a NULL copied into a NOT NULL number is
    # 1138 alone (MariaDB: 1265, then 1138)
    alter_zero_date_needs_empty_table = False
    # User XA as MySQL 8.0.30+ runs it (harness/sql/stmt/xa.py): XA PREPARE detaches the branch
    # from the session (xa_detach_on_prepare), any session finishes it; the branch's group
    # starts with `XA START` where a group's BEGIN stands
    mysql_xa = False
    # InnoDB range scans (harness/sql/handler/row_locks.py): MySQL 8.0.18+ checks the range's
    # end before locking the record it read, so the first record past a range and the gap
    # before it stay unlocked; MariaDB's InnoDB next-key locks that record
    range_end_checked_before_lock = False
    # The warning codes a strict statement raises as errors (None: every warning, MariaDB's
    # abort_on_warning); MySQL's Strict_error_handler upgrades a fixed list
    strict_escalated: frozenset[int] | None = None
    # A strict CREATE ... SELECT keeps a warning raised while its items were resolved (a
    # constant stored into the DATETIME column it is compared with) a warning: MySQL pushes
    # its Strict_error_handler after the prepare (diagnostics.ResolvedNote)
    create_select_keeps_resolve_warnings = False

    def dup_index_note(self, name: str, db: str, table: str) -> "Note":
        """The condition of an index repeating an earlier one (sql_table.cc check_duplicate_key):
        MariaDB's Note 1831 names the index alone."""
        from harness.diagnostics import note
        return note("Note", "ER_DUP_INDEX", name)

    def text(self, code: int, message: str) -> str:
        """The server's wording of a condition the SQL layer raised with MariaDB 10.11's text."""
        return message

    def snapshot_ignored(self, isolation: str) -> str | None:
        """Warning 138's text when START TRANSACTION WITH CONSISTENT SNAPSHOT opens no read view at
        ``isolation`` (MariaDB's innobase_start_trx_and_assign_read_view: READ UNCOMMITTED only)."""
        if isolation.upper() == "READ-UNCOMMITTED":
            return "InnoDB: WITH CONSISTENT SNAPSHOT is ignored at READ UNCOMMITTED isolation level."
        return None

    def comparison_text(self, message: str) -> str:
        """The wording of a comparison's conversion warning (MariaDB: the number's own type)."""
        return message

    def collation_name(self, collation: str) -> str:
        """The name the server prints (SHOW CREATE TABLE, SHOW TABLE STATUS, I_S) for a
        collation of the SQL layer's model: MariaDB's are the model's own."""
        return collation

    def return_charset_text(self, charset: str, collation: str) -> str:
        """A stored function's character RETURNS type's charset as SHOW CREATE (and the
        binlog) print it: MariaDB spells the collation out always."""
        return f" CHARSET {charset} COLLATE {collation}"

    def lock_failure(self, errno: int, strerror: str, engine: str) -> tuple[int, str]:
        """The error a storage engine's failed external_lock adds (code, text): MariaDB's
        lock_external reports it through the handler (handler::print_error, 1030)."""
        return 1030, f'Got error {errno} "{strerror}" from storage engine {engine}'


@dataclass(frozen=True)
class Handshake:
    """The server greeting: the version string's prefix and the server charset."""

    version_prefix: str = ""
    charset: int = 45
    # The accounts' authentication plugin, and whether the server offers TLS (MySQL 9.7:
    # caching_sha2_password, TLS with an auto-generated certificate)
    auth_plugin: str = "mysql_native_password"
    tls: bool = False


@dataclass
class Flavor:
    """One server flavour: its name and version and the policies each layer asks."""

    name: str
    server_version: str
    errors: ErrorStyle
    events: EventStyle
    gtid: GtidFraming
    ddl: DdlLogging
    handshake: Handshake
    # User XA (XA START ... XA PREPARE ... XA COMMIT) is modelled for MariaDB's binlog only.
    supports_xa: bool = False
    # The SQL layer's texts, syntax and diagnostics (MariaDB 10.11's by default)
    sql: SqlDialect = field(default_factory=SqlDialect)


__all__ = ["DdlLogging", "ErrorStyle", "EventStyle", "Flavor", "GroupWritten", "GtidFraming", "Handshake", "SqlDialect"]
