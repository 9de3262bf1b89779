"""MySQL 9.7's SQL layer where it differs from MariaDB 10.11's: what a client sees.

Each attribute and rewrite is a row of docs/RULES-mysql-9.7.md section 8, with the
server source behind it; the SQL layer (harness/sql) asks ``thd.flavor.sql``.
"""

from __future__ import annotations

import re

from harness.diagnostics import Note
from harness.model.flavor import SqlDialect

# MariaDB 10.3+ names a conversion's column `db`.`table`.`column` (Field::set_warning_truncated_wrong_value
# via ER_TRUNCATED_WRONG_VALUE_FOR_FIELD); MySQL keeps the bare 'column' (sql/field.cc, same message ids)
_QUALIFIED_COLUMN = re.compile(r"for column `(?:[^`]|``)*`\.`(?:[^`]|``)*`\.`((?:[^`]|``)*)` at row")
# MariaDB 10.11 names the clause of an unknown column by its keyword (thd->where = "SELECT",
# "WHERE", ...); MySQL by its old phrase (sql/sql_base.cc find_field_in_tables, thd->where)
# (sql_base.cc THD::DEFAULT_WHERE "field list" for the select list, DO, VALUES, SET and ON DUPLICATE KEY
# UPDATE; sql_resolver.cc "where clause", "having clause", "on clause", "group statement", "order clause";
# a window's clauses: window_clauses; 9.7.4 probed every one)
_CLAUSES = {"SELECT": "field list", "UPDATE": "field list", "SET": "field list", "INSERT INTO": "field list",
            "DO": "field list", "VALUES": "field list", "WHERE": "where clause", "ORDER BY": "order clause",
            "GROUP BY": "group statement", "HAVING": "having clause", "ON": "on clause", "FROM": "from clause"}
# MySQL 8.0+'s primary collation of the charsets whose default is not <charset>_general_ci
# (strings/ctype-*.cc, MY_CS_PRIMARY)
_PRIMARY_COLLATION = {"utf8mb4": "utf8mb4_0900_ai_ci", "latin1": "latin1_swedish_ci", "binary": "binary",
                      "latin2": "latin2_general_ci", "gbk": "gbk_chinese_ci", "big5": "big5_chinese_ci",
                      "gb2312": "gb2312_chinese_ci", "ujis": "ujis_japanese_ci", "sjis": "sjis_japanese_ci",
                      "cp932": "cp932_japanese_ci", "eucjpms": "eucjpms_japanese_ci", "euckr": "euckr_korean_ci",
                      "gb18030": "gb18030_chinese_ci", "tis620": "tis620_thai_ci", "hebrew": "hebrew_general_ci",
                      "koi8r": "koi8r_general_ci", "koi8u": "koi8u_general_ci"}
_CANT_DROP = re.compile(r"^Can't DROP (?:[A-Z]+ )+`((?:[^`]|``)*)`; check that it exists$")
_TRUNCATE_FK = re.compile(r"^(Cannot truncate a table referenced in a foreign key constraint \(.*?, CONSTRAINT `(?:[^`]|``)*`) "
                          r"FOREIGN KEY .*\)$", re.S)
_CHECK_FAILED = re.compile(r"^CHECK OPTION failed `((?:[^`]|``)*)`\.`((?:[^`]|``)*)`$")
_NUMBER_WORD = re.compile(r"^Truncated incorrect (?:DECIMAL|INTEGER) value: ")
# The codes whose MySQL 9.7 text is MariaDB 10.11's with a closing period (9.7.4's errmsg.sys through
# its perror, against MariaDB 10.11's: share/messages_to_clients.txt ends these sentences with '.',
# MariaDB's errmsg-utf8.txt does not); docs/RULES-mysql-9.7.md section 7
_PERIOD_CODES = frozenset((
    1420, 1421, 1422, 1424, 1427, 1442, 1450, 1556, 1588, 1589, 1661, 1662, 1664, 1666, 1667, 1668, 1671, 1675,
    1681, 1683, 1692, 1693, 1706, 1709, 1713, 1727, 1738, 1743, 1744, 1745, 1746, 1750, 1751, 1752, 1757, 1759,
    1765, 1766, 1767, 1769, 1770, 1771, 1772, 1773, 1774, 1792, 1799, 1835, 1838, 1844, 1845, 1846, 1860, 1862,
    1867, 1868, 1873, 1874, 1877, 1878, 1879))
_CLAUSE_WORDS = "SELECT|WHERE|ORDER BY|GROUP BY|HAVING|ON|UPDATE|SET|INSERT INTO|DO|VALUES|FROM"
_AMBIGUOUS = re.compile(rf"^(Column '.*' in )({_CLAUSE_WORDS}) is ambiguous$", re.S)
_UNKNOWN_COLUMN = re.compile(rf"^(Unknown column '.*' in ')({_CLAUSE_WORDS})'$", re.S)


class MySQLSql(SqlDialect):
    clear_warnings_always = True  # sql_parse.cc: reset_condition_info for every non-diagnostic statement
    alter_ignore = False  # sql_yacc.yy 5.7+: ALTER [ONLINE] TABLE, no IGNORE
    ignored_row_modifies_nontrans = True  # sql_insert.cc write_record: ok_or_after_trg_err
    # 9.7.4 observed (fk_insert_ignore S, fk_update_key_dup_and_referenced S): UPDATE IGNORE
    # whose only row fails its foreign key (1452, or 1451 before the duplicate) ends with
    # COMMIT -- the SQL layer's foreign-key check refused it before ha_update_row
    fk_checked_before_handler = True
    # 9.7.4 observed (fidlog_innodb_reads_its_primary_key S): `UPDATE t4 SET b = 2` over the
    # row (1, 2, 3), KEY(b), and `UPDATE t3 SET id = 9` (id a nullable UNIQUE key) end with Xid;
    # `SET id = 9` of a primary key or of the NOT NULL unique key InnoDB clusters on, COMMIT.
    # MySQL's InnoDB has no HA_REQUIRES_KEY_COLUMNS_FOR_DELETE (sql/table.cc
    # TABLE::mark_columns_needed_for_update), only the primary key is in every read set
    update_reads_key_columns = False
    # 9.7.4 probed (session_found_rows_row_count): FOUND_ROWS() after `INSERT INTO r SELECT a, b
    # FROM t` (3 rows) is 3, after `... LIMIT 2` 2, after `SELECT SQL_CALC_FOUND_ROWS ... LIMIT 1`
    # 3, after an INSERT IGNORE ... SELECT whose rows were all duplicates 3; `SELECT ... WHERE
    # a = 2` (1 row), `CREATE TABLE t3 SELECT * FROM t` (7 rows): FOUND_ROWS() 1, and 7 after
    # the next INSERT ... VALUES (sql_select.cc Sql_cmd_dml::execute -> update_previous_found_rows)
    mysql_found_rows = True
    # 9.7.4 observed (fw_replace_fires_after_insert_per_conflict S): a trigger's
    # `SET @c = IFNULL(@c, 0) + 1` over an unset @c logs @c as INT_RESULT (MariaDB: REAL)
    null_user_var_is_string = False
    # 9.7.4 observed (GTID_MODE=ON s002_call_unrolled_nested_mixed S): `SELECT f1(4)` whose
    # UPDATE matches no row is logged as `SELECT `test`.`f1`(4)`
    function_call_logged_by_sub_statement = True
    qualified_dup_key = True  # 8.0.19 print_keydup_error: "for key 't.PRIMARY'"
    int_display_width = False  # 8.0.19: Field_num::type_display_width only with ZEROFILL
    display_width_deprecated = True  # 8.0.17: ER_WARN_DEPRECATED_INTEGER_DISPLAY_WIDTH (1681)
    server_word = "MySQL"
    native_json = True  # sql/field.h Field_json (harness/sql/item/field_json.py)
    engine_mix_warning = True  # 9.0+: deprecation of engine combinations (9.7.4 [bytes]; stmt/deprecations.py)
    null_list_unknown_error = False
    # InnoDB has no bulk insert into an empty table (MariaDB's MDEV-24621): CREATE ... SELECT's
    # first duplicate fails the row (9.7.4 probed: `CREATE TABLE c6 (a INT PRIMARY KEY) SELECT a, b
    # FROM tdup` -> 1062 "Duplicate entry '1' for key 'c6.PRIMARY'", one SHOW WARNINGS row)
    ctas_bulk_load = False
    # sql/sql_load.cc read_sep_field: "Set field to NULL. Later we will clear temporary
    # nullability flag and check NOT NULL constraint." (load_data_warnings_non_strict)
    load_null_checked_after_row = True
    # sql_table.cc mysql_rm_table_no_locks pushes ER_BAD_TABLE_ERROR per missing table under IF
    # EXISTS; sql_view.cc mysql_drop_view (atomic: ER_WRONG_OBJECT / ER_BAD_TABLE_ERROR before any
    # drop); sql_trigger.cc Sql_cmd_drop_trigger (ER_BAD_DB_ERROR, its unformatted text as a Note)
    # -- 9.7.4 probed (tests/model/flavors/test_mysql97_outcomes.py)
    mysql_drop_names = True
    # sql_yacc.yy: `insert_lock_option: DELAYED_SYM` pushes ER_WARN_LEGACY_SYNTAX_CONVERTED and
    # takes TL_WRITE_CONCURRENT_DEFAULT; FLUSH PRIVILEGES ER_WARN_DEPRECATED_SYNTAX_NO_REPLACEMENT
    # (9.7.4 probed: `INSERT DELAYED INTO n ...` -> 3005 alone in STATEMENT; FLUSH PRIVILEGES -> 1681)
    mysql_legacy_syntax = True
    # item_func.cc Item_func_rand::do_itemize sets BINLOG_STMT_UNSAFE_SYSTEM_FUNCTION for any RAND,
    # seeded or not (9.7.4 probed: `INSERT INTO t2 VALUES (RAND(7) * 1000, 'rand')` in STATEMENT -> 1592)
    rand_always_unsafe = True
    # item_strfunc.cc Item_func_aes_encrypt/Item_func_aes_decrypt::do_itemize: the result depends
    # on @@block_encryption_mode, which is not replicated -> BINLOG_STMT_UNSAFE_SYSTEM_FUNCTION
    # (9.7.4 observed: `INSERT INTO fx (b) VALUES (AES_ENCRYPT('text', 'key'))` in STATEMENT -> 1592)
    unsafe_itemized_functions = frozenset({"AES_ENCRYPT", "AES_DECRYPT"})
    # item_inetfunc.cc: ER_WRONG_VALUE_FOR_TYPE for an argument that is no address (9.7.4 observed)
    inet_wrong_value_warns = True
    # sql_user.cc / sql_authorization.cc / sql_rewrite.cc (9.7.4 observed; stmt/sql_acl_mysql.py)
    mysql_accounts = True
    # sql_base.cc: the FK parents an INSERT/UPDATE checks and the children an UPDATE/DELETE checks are
    # opened for read (9.7.4 observed through the AUTO_INCREMENT unsafe rule; prelock._fk_checked_tables)
    fk_opens_checked_tables = True
    # binlog.cc decide_logging_format: INSERT_TWO_KEYS counts the table's unique keys (9.7.4 observed)
    odku_counts_all_unique_keys = True
    # sql_yacc.yy limit_clause sets BINLOG_STMT_UNSAFE_LIMIT whatever the value (9.7.4 observed: LIMIT 0)
    query_limit_zero_unsafe = True
    # item_timefunc.cc val_date -> get_date_from_string -> make_truncated_value_warning (9.7.4 observed)
    date_arg_truncated = True
    # sql_base.cc fill_record -> update_generated_write_fields: an INSERT marks every generated
    # column for write (9.7.4 observed: `INSERT IGNORE ... c_int = 2147483648` warns 1264 for the
    # VIRTUAL v_int too, in STATEMENT and MIXED)
    insert_stores_virtual_columns = True
    # the derived table is merged before the update's check (9.7.4 observed; sql_update._derived_target_name)
    derived_merge_names_base = True
    # 9.7.4 observed: `CREATE TABLE a2 (c VARCHAR(2) DEFAULT 'abcd')` -> Error 1406 ... at row 1, Error 1067
    default_store_in_statement = True
    # sql/sp_head.cc sp_head::execute: `Diagnostics_area sp_da(false)` pushed for the body, its
    # m_current_row_for_condition 1 (sql_error.cc reset_condition_info): a trigger's SET NEW.c
    # names row 1 for whichever row of the statement fired it (9.7.4 probed: the third row of a
    # multi-row INSERT, an INSERT ... SELECT, an UPDATE)
    routine_condition_row = 1
    # 9.7.4 probed: `WITH RECURSIVE c(n, s) AS (SELECT 1, 'a' UNION ALL SELECT n + 1, CONCAT(s, 'a')
    # FROM c WHERE n < 3) SELECT * FROM c` -> 1406 at row 1 (strict); sql_mode '': no warning
    cte_rows_counted = False
    # sql_union.cc Query_expression::ExecuteIteratorQuery: reset_current_row_for_condition, then
    # inc_current_row_for_condition per row sent, for a subquery too (9.7.4 probed: `UPDATE w SET dt
    # = (SELECT dt FROM z)` names row 2; harness/sql/item/condition_row.py)
    subquery_resets_row_counter = True
    window_clauses = ("window partition by", "window order by")  # sql/window.cc (9.7.4 probed)
    # sql_update.cc: Ignore_error_handler (error_handler.cc) downgrades ER_DUP_ENTRY and the
    # foreign-key errors of a skipped row to warnings (9.7.4 probed: UPDATE IGNORE -> Warning 1062)
    ignore_warns = True
    # sql_update.cc Query_result_update::send_eof: `if (local_error > 0) my_message(ER_UNKNOWN_ERROR,
    # "An error occurred in multi-table update")` after do_updates failed (9.7.4 probed)
    multi_update_deferred_error = True
    # sql_update.cc safe_update_on_fly: 9.7.4 updates the first table of the join on the fly
    # whatever the SET expressions read (EXPLAIN FORMAT=TREE `Update t1 (immediate), t2
    # (buffered)` for `SET t1.a = 5, t2.b = t1.a + t2.id`; the buffered t2 then reads t1's new
    # row when t1 is listed first, its old one in the same join row when t2 is:
    # multi_update_first_reach)
    on_fly_despite_set_reads = True
    # sql_parse.cc Query_block::convert_right_join (9.7.4 probed: `UPDATE t1 RIGHT JOIN t2 ON ...
    # SET t1.a = t2.b, t2.b = t2.b + 1` maps t2 before t1, and t1 reads t2's new b)
    convert_right_join = True
    # sql_delete.cc Query_result_delete: const tables are deleted immediately too (9.7.4 EXPLAIN
    # FORMAT=TREE `Delete from t1 (immediate), t2 (immediate)` with t2 bound by its primary key)
    multi_delete_const_immediate = True
    # sql_admin.cc mysql_admin_table: open_and_lock_tables with TL_WRITE for OPTIMIZE/REPAIR, so
    # decide_logging_format's mixed-engine check runs (9.7.4 probed: `OPTIMIZE TABLE t, m` -> 1592)
    admin_write_unsafe = True
    # field_conv.cc field_conv -> copy_field_varstring / do_cut_string report WARN_DATA_TRUNCATED
    # (9.7.4 probed: `UPDATE t a, src b SET a.s = b.c ...` strict -> 1265 'Data truncated for column 's'')
    field_copy_cuts = True
    # 9.7.4 probed: REPLACE INTO t1 (id, c_int) VALUES (2, 53) over a row t2 references (ON UPDATE
    # CASCADE, no ON DELETE) -> OK, logged Delete_rows + Write_rows; ON DELETE SET NULL leaves the
    # child; a REPLACE whose unique-key conflict deletes parent 6 for a new id 9 -> 1451
    replace_fk_as_update = True
    # sql_foreign_key_constraint.cc (9.7.4 observed, ROW: a cascade's child rows logged before
    # the parent's with NO_FOREIGN_KEY_CHECKS_F; handler/foreign_keys.py _cascade)
    sql_layer_foreign_keys = True
    # 9.7.4 observed: `ON DELETE NO ACTION ON UPDATE RESTRICT` shows and fails (1451) as
    # `... REFERENCES `p` (`id`) ON UPDATE RESTRICT`
    fk_unprinted_action = "NO ACTION"
    fk_children_by_name = False  # sql_foreign_key_constraint.cc: TABLE_SHARE::foreign_key_parent (DD order)
    # the row-format BLACKHOLE warning has an error code of its own, 1870 (9.7.4 probed: `UPDATE bh
    # SET a = 3` in ROW -> Warning 1870 with MariaDB's text)
    blackhole_rows_code = 1870
    fill_record_goes_on = False  # the row's first error alone (9.7.4 [bytes]: 1406, not 1406 + 1048)
    # sql_insert.cc: check_that_all_fields_are_given_values after each row's fill_record
    # (Sql_cmd_insert_values::execute_inner; Query_result_insert::store_values, even after a
    # failed store) -- 9.7.4 observed: `INSERT INTO t1 (c_str) VALUES (NULL)` is 1048 alone
    no_default_check_per_row = True
    # field.cc Field::set_warning: ER_BAD_NULL_ERROR (like ER_NO_DEFAULT_FOR_FIELD) once per field,
    # BAD_NULL_ERROR_PUSHED in Field::m_warnings_pushed, reset by Field::reset_warnings when an
    # INSERT/REPLACE starts (sql_insert.cc) -- 9.7.4 probed: `INSERT IGNORE INTO t VALUES
    # (1,NULL),(2,NULL)` -> one 1048; UPDATE and CREATE ... SELECT still warn per row
    bad_null_warned_once = True
    # sql_insert.cc Sql_cmd_insert_select::prepare_inner: a SELECT reading the target table runs with
    # OPTION_BUFFER_RESULT, a temporary table (sql_optimizer.cc, unless plan_is_const); its DATETIME
    # field's store checks the zero date (Field_temporal::set_warnings, ER_TRUNCATED_WRONG_VALUE) --
    # 9.7.4 probed: INSERT IGNORE ... SELECT c_dt FROM <target> -> 1292 'at row 1' per zero value first
    temporary_table_zero_date_warns = True
    # sp_head.cc execute_function: arguments into the parameters' fields, sp_instr_freturn's value
    # into the return field (sp_rcontext::set_return_value) -- 9.7.4 probed: `SELECT f_loose(2000000000)`
    # (RETURNS INT, created non-strict) -> 2147483647 + Warning 1264; strict -> Error 1264
    routine_values_typed = True
    # sql_insert.cc Query_result_insert::send_data: the row counter of "at row N" advances per row
    # stored (9.7.4 probed: `INSERT IGNORE INTO t2 (dt) SELECT s FROM t1 WHERE n > 2` -> rows 1, 2)
    insert_select_counts_examined_rows = False
    # 9.7.4 observed: `UPDATE t1 SET c_dt = c_dt + INTERVAL 1 DAY` over a zero DATETIME sets
    # NULL with no warning, strict or not; a '0000-00-00' string constant still warns 1292
    zero_date_field_silent = True
    # Field::store (harness/sql/item/field_store.py; WriteContext.mysql_stores): numbers from
    # strings as Field_new_decimal / Field_real::store report them (9.7.4 [bytes] types_*);
    # temporal stores: sql-common/my_time.cc
    # check_date sets MYSQL_TIME_WARN_OUT_OF_RANGE, which Field_temporal::set_warnings reports
    # as ER_WARN_DATA_OUT_OF_RANGE (9.7.4 observed: '2024-02-30' into a DATE -> 1264;
    # '2024-13-01' stays 1265); fractional seconds are rounded to the column's precision
    # (my_datetime_round, unless TIME_TRUNCATE_FRACTIONAL; 9.7.4 [bytes] types_temporal_*:
    # '2024-02-29 23:59:59.999' -> DATETIME(2) '2024-03-01 00:00:00.00')
    mysql_field_stores = True
    # 9.7.4 observed (ps_string_escapes): X'ff00fe' logs as '\xff\0\xfe' without a backslash
    # before 0xFF / 0xFE (my_mbcharlen 0: not a lead byte)
    mysql_param_text = True
    # sql/sql_table.cc prepare_check_constraints_for_create, sql_check_constraint.cc (9.7.4
    # observed: `t_chk_1`, 3819 `Check constraint 't_chk_1' is violated.`, 3822, 3940)
    mysql_check_constraints = True
    mysql_grammar = True  # sql_yacc.yy (SqlParseError.mysql)
    generated_value_error = True  # sql_base.cc fill_record (9.7.4 observed: gcol_1906)
    view_insert_plain_columns = True  # sql_insert.cc check_view_insertability (observed: vr_view_*)
    alter_zero_date_needs_empty_table = True  # sql_table.cc error_if_not_empty (observed: ddl_alter_*)
    # sql/error_handler.cc Strict_error_handler::handle_condition: ER_TRUNCATED_WRONG_VALUE,
    # ER_WRONG_VALUE_FOR_TYPE, ER_WARN_DATA_OUT_OF_RANGE(_FUNCTIONAL_INDEX), ER_DIVISION_BY_ZERO,
    # ER_TRUNCATED_WRONG_VALUE_FOR_FIELD, WARN_DATA_TRUNCATED(_FUNCTIONAL_INDEX), ER_DATA_TOO_LONG,
    # ER_BAD_NULL_ERROR, ER_NO_DEFAULT_FOR_FIELD, ER_TOO_LONG_KEY, ER_NO_DEFAULT_FOR_VIEW_FIELD,
    # ER_WARN_NULL_TO_NOTNULL, ER_CUT_VALUE_GROUP_CONCAT, ER_DATETIME_FUNCTION_OVERFLOW,
    # ER_WARN_TOO_FEW/MANY_RECORDS, ER_INVALID_ARGUMENT_FOR_LOGARITHM, ER_NUMERIC_JSON_VALUE_OUT_OF_RANGE,
    # ER_INVALID_JSON_VALUE_FOR_CAST, ER_WARN_ALLOWED_PACKET_OVERFLOWED (9.7.4 observed: a strict
    # INSERT ... SELECT SHA2('abc', n) keeps 1583 a warning)
    strict_escalated = frozenset({1292, 1411, 1264, 3752, 1365, 1366, 1265, 3751, 1406, 1048, 1364, 1071, 1423,
                                  1263, 1260, 1441, 1261, 1262, 3020, 3155, 3156, 1301})
    # 9.7.4 recorded: `CREATE TABLE t2 SELECT id FROM t WHERE dt = 5` (strict) is created with
    # Warning 1292, where `UPDATE ... WHERE dt = 5` fails (fid_single_datetime_equality_literal)
    create_select_keeps_resolve_warnings = True
    range_end_checked_before_lock = True  # row_search_mvcc end-range check (observed: conc_range_le_mysql)
    mysql_xa = True  # sql/xa.cc, xa_detach_on_prepare (9.7.4 observed: xa.wl)
    atomic_drop_table = True  # sql_table.cc rm_table_check_fks (9.7.4 observed: fk_ddl)
    mysql_cte = True  # basic_row_iterators.cc recursion depth; sql_resolver.cc (9.7.4 observed: query_cte_*)
    print_infix_parens = True  # 9.7.4 [bytes] types_int_edges_strict: '(`test`.`t`.`i` - 1)'
    # 9.7.4 observed (fuzz seed 97231): `CREATE TABLE t3 ... ENGINE=InnoDB SELECT ... FROM tmp2` at
    # READ COMMITTED in STATEMENT -> 1665 with InnoDB's suffix, then 1015
    ctas_engine_locks = True
    fk_over_max_dbs = True  # SQL-layer foreign keys (9.7.4 [bytes]; stmt/deprecations.py)
    temp_rollback_warnings = True  # Transaction_ctx::push_unsafe_rollback_warnings
    datetime_store_uses_time_zone = True  # Field_datetime store -> THD::time_zone() (9.7.4 [bytes])
    # reload_acl_and_cache(REFRESH_GRANT): acl_reload/grant_reload read mysql.user,
    # mysql.tables_priv ... (TIMESTAMP columns) with the session's THD (9.7.4 observed:
    # FLUSH PRIVILEGES, FLUSH STATUS, PRIVILEGES carry Q_TIME_ZONE_CODE; FLUSH TABLES/STATUS none)
    acl_reload_reads_time_zone = True
    # sql/sql_select.cc Sql_cmd_dml::execute: the Strict_error_handler (sql/error_handler.cc) turns
    # a DELETE's ER_TRUNCATED_WRONG_VALUE into its error (9.7.4 probed: `DELETE FROM t WHERE d = 'x'`)
    delete_aborts_on_warning = True
    # sql/sql_do.cc (8.0): Query_result_do::send_data evaluates and returns the error; no clear_error
    # (9.7.4 [bytes] fid_err_do_ok_after_evaluation_errors: `DO f_log(1)` -> 1062)
    do_always_ok = False
    # sql/sql_yacc.yy (8.4): FLUSH HOSTS, PURGE MASTER LOGS, SHOW MASTER LOGS are gone (9.7.4 probed:
    # 1064 near 'HOSTS' / 'MASTER LOGS BEFORE ...')
    # 8.0's grammar: FLUSH TABLES is a form of its own, not an item of a flush_options_list (9.7.4
    # probed: `FLUSH TABLES, LOGS` 1064 near ', LOGS'; `FLUSH LOGS, TABLES` near 'TABLES'); the
    # PASSWORD() function is gone and PASSWORD a keyword (`SELECT PASSWORD('x')`: near '('x')')
    removed_syntax = (r"\s*FLUSH\s+(?:(?:LOCAL|NO_WRITE_TO_BINLOG)\s+)?(?:\w+(?:\s+\w+)?\s*,\s*)*(HOSTS\b)",
                      r"\s*PURGE\s+(MASTER\s+LOGS\b)", r"\s*SHOW\s+(MASTER\s+LOGS\b)",
                      r"\s*FLUSH\s+(?:(?:LOCAL|NO_WRITE_TO_BINLOG)\s+)?TABLES?\s*(,)",
                      r"\s*FLUSH\s+(?:(?:LOCAL|NO_WRITE_TO_BINLOG)\s+)?(?:\w+(?:\s+\w+)?\s*,\s*)+(TABLES?\b)",
                      r"(?:[^'\"`]|'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|`[^`]*`)*?\bPASSWORD\s*(\()",
                      # no CREATE OR REPLACE EVENT (9.7.4 probed: 1064 near 'EVENT e2 ON SCHEDULE ...')
                      r"\s*CREATE\s+OR\s+REPLACE\s+(?:DEFINER\s*=\s*\S+\s+)?(EVENT\b)")
    # 9.7.4 probed: FROM 5 / 50 list from the Previous_gtids at 127, FROM 130 from 158, FROM 99999999 nothing
    binlog_events_from_any_pos = True
    # sql/rpl_source.cc show_binlogs: Log_name, File_size, Encrypted ('No' with
    # binlog_encryption OFF; 9.7.4 [bytes] mtr_purge_binary_logs)
    binary_logs_encrypted = True
    # storage/myisam/ha_myisam.cc repair/analyze: HA_ADMIN_ALREADY_DONE unless the state says
    # STATE_NOT_ANALYZED / rows deleted or split; 9.7.4 [bytes]: OPTIMIZE and ANALYZE of a new
    # empty MyISAM table -> "Table is already up to date", after an INSERT -> OK
    myisam_created_analyzed = True
    # sql/sql_table.cc mysql_checksum_table: every field's bytes, NULL or not (9.7.4 [bytes]
    # ddl_table_maintenance: MyISAM n (a INT NOT NULL, b CHAR(3), c BIGINT) rows (1,'x',NULL),
    # (2,NULL,-5) -> 1005345064; MariaDB's sum without the NULL fields: 3799569385)
    checksum_null_fields = True
    # CREATE ... SELECT's columns (sql_insert.cc create_table_from_items -> Item::tmp_table_field;
    # 9.7.4 [bytes] query_window_create_select_columns and a probe): a window query keeps the
    # source columns' nullability; a NOT NULL expression column has no NO_DEFAULT_VALUE_FLAG,
    # so SHOW CREATE prints its zero (`x bigint NOT NULL DEFAULT '0'`, `varchar(3) NOT NULL
    # DEFAULT ''`, `decimal(6,2) NOT NULL DEFAULT '0.00'`; a DATETIME none); ROW_NUMBER() and
    # RANK() are `bigint unsigned NOT NULL DEFAULT '0'` (Item_row_number/Item_rank unsigned_flag)
    window_temp_nullable = False
    computed_column_zero_default = True
    ranking_unsigned = True
    generated_write_set_by_dependency = True  # 9.7.4 observed: gcol_images_minimal_noblob ROW
    # Item_func_num1::set_numeric_type: the negation's integer data type is its argument's (9.7.4
    # probed: `-k` of an INT column int, `-ti` int, `-u` of INT UNSIGNED int, `-b` of a BIGINT
    # bigint, `-(k + 1)` bigint as `k + 1`; fid_create_select_computed)
    negation_keeps_int_type = True
    int_aggregate_widens = True  # 9.7.4 probed: `COALESCE(ti, si)` int, `IFNULL(ti, 0)` bigint
    # 9.7.4 probed (fid_create_select_computed): `k DIV 2` (10 characters), `k MOD 2`, `t8 *
    # 1000000` (11), `u + 1` of an INT UNSIGNED (11, int unsigned), `ABS(k)` are int; `k + 1`,
    # `k * 2` (12) bigint (MY_INT32_NUM_DECIMAL_DIGITS = 11)
    int_item_max_int_length = 11
    # sql_insert.cc write_record (DUP_UPDATE): the after-image of the row update is every column
    # under binlog_row_image=MINIMAL, not the INSERT's and the assigned columns (9.7.4 [bytes]:
    # fid_minimal_odku_after_image `INSERT INTO u (id, a) VALUES (7, 1) ON DUPLICATE KEY UPDATE
    # b = 9` -> after (1, 1, 9, 1); fidlog_on_duplicate_write_set_in_insert_image,
    # fw_mixed_late_row_switch_after_image); the Write_rows of the same statement keep the write set
    odku_update_writes_all = True
    # field_conv.cc set_field_to_null_with_conversions: the table's next_number_field is reset
    # (0) and marked "no explicit value" before the trigger's temporary NULL applies (9.7.4 [bytes]
    # fid_before_insert_trigger_sees_no_auto_increment_value: `INSERT INTO t1 VALUES (NULL, 5)`,
    # BEFORE INSERT logs NEW.id = 0, NEW.id IS NULL = 0)
    trigger_autoinc_null_is_zero = True
    # item_func.cc Item_typecast_unsigned::val_int: my_decimal2int(..., !dec->sign()) for a DECIMAL,
    # val_int() for an integer, the 1105 note only from val_int_from_str (9.7.4 [bytes]
    # expr_strings_numbers: CAST(-24.64 AS UNSIGNED) and CAST(-1 AS UNSIGNED) into a BIGINT -> 1264 alone)
    cast_unsigned_wraps = True
    # item.cc Item_default_value::save_in_field -> ER_NO_DEFAULT_FOR_FIELD per stored row (9.7.4 probed:
    # sql_mode='' two rows x two columns -> four warnings, zeros stored; strict: 1364; no row: OK)
    default_checked_per_row = True
    # 9.7.4 probed: an ENUM NOT NULL without DEFAULT, BEFORE INSERT trigger, INSERT omitting it -> OK, 'a'
    trigger_fields_hide_enum_default = False
    # sql/handler.cc handler::update_auto_increment (9.7.4 probed: MyISAM INT at its maximum, strict: 1264 then
    # 1264 't2' at row 167; non-strict: Warning 1264 then 1062; InnoDB TINYINT at 126: two rows 1467, one 127)
    autoinc_past_max_stores = True
    # sql_yacc.yy create_temporal_literal -> ER_WRONG_VALUE (9.7.4 probed: DATE'2020-02-30' 1525 in any mode,
    # DATE'0000-00-00' under NO_ZERO_DATE, DATE'2020-00-01' under NO_ZERO_IN_DATE)
    temporal_literal_checks = True
    # sql_insert.cc: check_that_all_fields_are_given_values over the insert's own fields (9.7.4 probed:
    # `INSERT INTO u2 (a, b) VALUES (3, 1) ON DUPLICATE KEY UPDATE id = 4` -> 1364 for id)
    odku_columns_given = False
    mysql_comparisons = True  # sql/item_cmpfunc.cc Arg_comparator::set_cmp_func (9.7.4 probed)
    assign_in_expr_deprecated = True  # sql_yacc.yy 8.0.13: ER_WARN_DEPRECATED_SYNTAX per `@v := expr`
    # MariaDB 10.3's 4094 "At line N in db.routine" after a routine's failing statement: MySQL
    # has no such condition (its error alone; 9.7.4 [bytes])
    dropped_codes = frozenset({4094})
    # 9.7.4 probed (every builtin replbed has, called on the server): MariaDB's NVL and
    # BINLOG_GTID_POS, and MD5, SHA, SHA1, are not native functions -- `SELECT SHA1('abc')` is
    # 1305 `FUNCTION test.SHA1 does not exist` (SHA2 stays)
    unknown_functions = frozenset({"MD5", "SHA", "SHA1", "NVL", "BINLOG_GTID_POS"})
    single_report_codes = frozenset({1205, 1213})  # 9.7.4 [bytes]: one row each  # sql/sql_base.cc fill_record: the 1048 alone (9.7.4 [bytes])

    def snapshot_ignored(self, isolation: str) -> str | None:
        # storage/innobase/handler/ha_innodb.cc innobase_start_trx_and_assign_read_view: a read
        # view only at REPEATABLE READ, else HA_ERR_UNSUPPORTED with this text (9.7.4 probed at
        # READ UNCOMMITTED and READ COMMITTED)
        if isolation.upper() == "REPEATABLE-READ":
            return None
        return ("InnoDB: WITH CONSISTENT SNAPSHOT was ignored because this phrase can only be used with "
                "REPEATABLE READ isolation level.")

    def comparison_text(self, message: str) -> str:
        # Arg_comparator::set_cmp_func: a string against a number compares as REAL, so the
        # string's conversion warns "Truncated incorrect DOUBLE value" (9.7.4 [bytes]: a VARCHAR
        # column against 3, an INT key looked up with 'k9'); MariaDB names DECIMAL or INTEGER
        return _NUMBER_WORD.sub("Truncated incorrect DOUBLE value: ", message)

    def collation_name(self, collation: str) -> str:
        # The SQL layer models MySQL's utf8mb4 default (utf8mb4_0900_ai_ci, 255: the default of
        # default_collation_for_utf8mb4, strings/ctype-uca.cc MY_CS_PRIMARY) with its own utf8mb4
        # default, as the binlog's collation ids do (flavors/mysql80.py _mysql_collation: 45 -> 255);
        # sql_show.cc store_create_info prints the table's `COLLATE=utf8mb4_0900_ai_ci`
        # (9.7.4 [bytes]: check_ddl, fk_ddl)
        if collation.lower() == "utf8mb4_general_ci":
            return _PRIMARY_COLLATION["utf8mb4"]
        return collation

    def return_charset_text(self, charset: str, collation: str) -> str:
        # sp.cc sp_returns_type: COLLATE only when the collation is not its charset's primary
        # one (MY_CS_PRIMARY); 9.7.4 [bytes]: `RETURNS varchar(64) CHARSET utf8mb4` under
        # utf8mb4_0900_ai_ci
        if collation.lower() == _PRIMARY_COLLATION.get(charset.lower(), f"{charset.lower()}_general_ci"):
            return f" CHARSET {charset}"
        return f" CHARSET {charset} COLLATE {collation}"

    def lock_failure(self, errno: int, strerror: str, engine: str) -> tuple[int, str]:
        # sql/lock.cc lock_external -> print_lock_error: any handler error but the lock wait,
        # deadlock, read-only and missing-tablespace ones is ER_CANT_LOCK with my_strerror's
        # text (9.7.4 [bytes]: `Can't lock file (errno: 170 - It is not possible to log this
        # statement)` after 1665)
        return 1015, f"Can't lock file (errno: {errno} - {strerror})"

    def dup_index_note(self, name: str, db: str, table: str) -> Note:
        # sql_table.cc check_duplicate_key: push_warning_printf(SL_WARNING, ER_DUP_INDEX, key name,
        # the table's db and name) (9.7.4 probed: `ALTER TABLE t ADD INDEX (c)` over KEY (c))
        return Note("Warning", 1831, f"Duplicate index '{name}' defined on the table '{db}.{table}'. "
                    "This is deprecated and will be disallowed in a future release.")

    def text(self, code: int, message: str) -> str:
        if code in (1292, 1366):
            return _QUALIFIED_COLUMN.sub(lambda m: "for column '" + m.group(1).replace("``", "`") + "' at row",
                                         message)
        if code in (1064, 1149):
            return message.replace("to your MariaDB server version", "to your MySQL server version")
        if code == 1235:
            return message.replace("This version of MariaDB", "This version of MySQL")
        if code == 1091:
            # sql_table.cc: MySQL's ER_CANT_DROP_FIELD_OR_KEY names neither the kind nor backquotes
            # (9.7.4 observed: `Can't DROP 'nosuch'; check that column/key exists`)
            m = _CANT_DROP.match(message)
            if m:
                return f"Can't DROP '{m.group(1).replace('``', '`')}'; check that column/key exists"
        if code == 1369:
            # ER_VIEW_CHECK_FAILED: 'db.view' (MariaDB `db`.`view`; 9.7.4 observed)
            m = _CHECK_FAILED.match(message)
            if m:
                return f"CHECK OPTION failed '{m.group(1)}.{m.group(2)}'"
        if code == 1701:
            # sql_truncate.cc fk_truncate_illegal_if_parent: ER_TRUNCATE_ILLEGAL_FK names the child
            # and the constraint alone (9.7.4 [bytes] fk_ddl: "(`test`.`c`, CONSTRAINT `c_ibfk_1`)")
            m = _TRUNCATE_FK.match(message)
            if m:
                return m.group(1) + ")"
        if code in _PERIOD_CODES and not message.endswith("."):
            return message + "."  # MySQL's text ends with a period
        if code == 1359 and message.startswith("Trigger '"):
            return "Trigger already exists"  # ER_TRG_ALREADY_EXISTS has no argument in MySQL (9.7.4 probed)
        if code == 1052:
            m = _AMBIGUOUS.match(message)
            if m:
                return f"{m.group(1)}{_CLAUSES.get(m.group(2), m.group(2))} is ambiguous"
        if code == 1054:
            m = _UNKNOWN_COLUMN.match(message)
            if m:
                return f"{m.group(1)}{_CLAUSES[m.group(2)]}'"
        return message
