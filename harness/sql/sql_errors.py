"""Server errors and warnings, with MariaDB 10.11's numbers and message texts.

The classes and the registry live in :mod:`harness.diagnostics` (below every layer);
this module registers the SQL layer's texts and re-exports the names its modules
import. Keeping the texts here (not scattered through the executor) lets the
MySQL 8.0 flavour swap them in one place.
"""

from __future__ import annotations

from harness.diagnostics import ComparisonNote, Note, ServerError, error, note, register

# (code, sqlstate, format) — MariaDB 10.11 errmsg-utf8.txt texts.
_MESSAGES: dict[str, tuple[int, str, str]] = {
    "ER_DB_CREATE_EXISTS": (1007, "HY000", "Can't create database '{0}'; database exists"),
    "ER_DB_DROP_EXISTS": (1008, "HY000", "Can't drop database '{0}'; database doesn't exist"),
    "ER_NO_DB_ERROR": (1046, "3D000", "No database selected"),
    "ER_BAD_NULL_ERROR": (1048, "23000", "Column '{0}' cannot be null"),
    "ER_UNKNOWN_ERROR": (1105, "HY000", "Unknown error"),
    "ER_BAD_DB_ERROR": (1049, "42000", "Unknown database '{0}'"),
    "ER_TABLE_EXISTS_ERROR": (1050, "42S01", "Table '{0}' already exists"),
    "ER_BAD_TABLE_ERROR": (1051, "42S02", "Unknown table '{0}'"),
    "ER_NON_UNIQ_ERROR": (1052, "23000", "Column '{0}' in {1} is ambiguous"),
    "ER_BAD_FIELD_ERROR": (1054, "42S22", "Unknown column '{0}' in '{1}'"),
    "ER_DUP_FIELDNAME": (1060, "42S21", "Duplicate column name '{0}'"),
    "ER_NON_UPDATABLE_TABLE": (1288, "HY000", "The target table {0} of the {1} is not updatable"),
    "ER_DUP_ENTRY": (1062, "23000", "Duplicate entry '{0}' for key '{1}'"),
    "ER_PARSE_ERROR": (1064, "42000", "{0}"),
    "ER_EMPTY_QUERY": (1065, "42000", "Query was empty"),
    "ER_NONUNIQ_TABLE": (1066, "42000", "Not unique table/alias: '{0}'"),
    "ER_INVALID_DEFAULT": (1067, "42000", "Invalid default value for '{0}'"),
    "ER_MULTIPLE_PRI_KEY": (1068, "42000", "Multiple primary key defined"),
    "ER_WRONG_AUTO_KEY": (1075, "42000",
                          "Incorrect table definition; there can be only one auto column and it must be defined as a key"),
    "ER_WRONG_VALUE_COUNT_ON_ROW": (1136, "21S01", "Column count doesn't match value count at row {0}"),
    "ER_UNKNOWN_SYSTEM_VARIABLE": (1193, "HY000", "Unknown system variable '{0}'"),
    "ER_CHECK_NOT_IMPLEMENTED": (1178, "42000", "The storage engine for the table doesn't support {0}"),
    "ER_NO_SUCH_TABLE": (1146, "42S02", "Table '{0}.{1}' doesn't exist"),
    "ER_NO_SUCH_THREAD": (1094, "HY000", "Unknown thread id: {0}"),
    "ER_UNKNOWN_TARGET_BINLOG": (1373, "HY000", "Target log not found in binlog index"),
    "ER_NO_SUCH_USER": (1449, "HY000", "The user specified as a definer ('{0}'@'{1}') does not exist"),
    "ER_UNKNOWN_STORAGE_ENGINE": (1286, "42000", "Unknown storage engine '{0}'"),
    "ER_WRONG_VALUE_FOR_VAR": (1231, "42000", "Variable '{0}' can't be set to the value of '{1}'"),
    "ER_INCORRECT_GLOBAL_LOCAL_VAR": (1238, "HY000", "Variable '{0}' is a {1} variable"),
    "ER_LOCAL_VARIABLE": (1228, "HY000", "Variable '{0}' is a SESSION variable and can't be used with SET GLOBAL"),
    "ER_GLOBAL_VARIABLE": (1229, "HY000", "Variable '{0}' is a GLOBAL variable and should be set with SET GLOBAL"),
    "ER_WRONG_TYPE_FOR_VAR": (1232, "42000", "Incorrect argument type to variable '{0}'"),
    "ER_VARIABLE_IS_READONLY": (1621, "HY000", "{0} variable '{1}' is read-only. Use SET {2} to assign the value"),
    "ER_SP_DOES_NOT_EXIST": (1305, "42000", "{0} {1} does not exist"),
    "ER_SP_ALREADY_EXISTS": (1304, "42000", "{0} {1} already exists"),
    "ER_TRG_IN_WRONG_SCHEMA": (1435, "HY000", "Trigger in wrong schema"),
    "ER_ILLEGAL_HA": (1031, "HY000", "Storage engine {0} of the table `{1}`.`{2}` doesn't have this option"),
    "ER_DUP_KEY": (1022, "23000", "Can't write; duplicate key in table '{0}'"),
    # InnoDB's own warning (ib_push_warning with DB_DUPLICATE_KEY, errno 121)
    "ER_FK_DUPLICATE_NAME": (121, "HY000", "CREATE or ALTER TABLE `{0}`.`{1}` failed: duplicate name, CONSTRAINT `{2}` {3}"),
    "ER_SEQUENCE_INVALID_DATA": (4085, "HY000", "Sequence '{0}.{1}' has out of range value for options"),
    "ER_NOT_SEQUENCE": (4089, "42S02", "'{0}.{1}' is not a SEQUENCE"),
    "ER_UNKNOWN_SEQUENCES": (4091, "42S02", "Unknown SEQUENCE: '{0}'"),
    "ER_COMPRESSED_COLUMN_USED_AS_KEY": (4097, "HY000", "Compressed column '{0}' can't be used in key specification"),
    "ER_TRG_ALREADY_EXISTS": (1359, "HY000", "Trigger '{0}' already exists"),
    "ER_TRG_DOES_NOT_EXIST": (1360, "HY000", "Trigger does not exist"),
    "ER_SP_DOES_NOT_EXIST_SAVEPOINT": (1305, "42000", "SAVEPOINT {0} does not exist"),
    "ER_WARN_DATA_OUT_OF_RANGE": (1264, "22003", "Out of range value for column '{0}' at row {1}"),
    "WARN_DATA_TRUNCATED": (1265, "01000", "Data truncated for column '{0}' at row {1}"),
    "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD": (
        1366, "22007", "Incorrect {0} value: '{1}' for column `{2}`.`{3}`.`{4}` at row {5}"),
    "ER_DATA_TOO_LONG": (1406, "22001", "Data too long for column '{0}' at row {1}"),
    "ER_TRUNCATED_WRONG_VALUE": (1292, "22007", "Incorrect {0} value: '{1}'"),
    # make_truncated_value_warning(): code 1292 with the for-column wording of 1366.
    "ER_TRUNCATED_WRONG_VALUE_IN_FIELD": (
        1292, "22007", "Incorrect {0} value: '{1}' for column `{2}`.`{3}`.`{4}` at row {5}"),
    "ER_DATA_OUT_OF_RANGE": (1690, "22003", "{0} value is out of range in '{1}'"),
    "ER_DIVISION_BY_ZERO": (1365, "22012", "Division by 0"),
    "ER_CANT_UPDATE_USED_TABLE_IN_SF_OR_TRG": (
        1442, "HY000",
        "Can't update table '{0}' in stored function/trigger because it is already used by statement "
        "which invoked this stored function/trigger"),
    "ER_UPDATE_TABLE_USED": (1093, "HY000", "Table '{0}' is specified twice, both as a target for '{1}' "
                                            "and as a separate source for data"),
    "ER_CANT_CHANGE_TX_CHARACTERISTICS": (
        1568, "25001", "Transaction characteristics can't be changed while a transaction is in progress"),
    "ER_INSIDE_TRANSACTION_PREVENTS_SWITCH_BINLOG_FORMAT": (
        1679, "HY000", "Cannot modify @@session.binlog_format inside a transaction"),
    "ER_STORED_FUNCTION_PREVENTS_SWITCH_BINLOG_FORMAT": (
        1560, "HY000", "Cannot change the binary logging format inside a stored function or trigger"),
    "ER_STORED_FUNCTION_PREVENTS_SWITCH_BINLOG_DIRECT": (
        1686, "HY000", "Cannot change the binlog direct flag inside a stored function or trigger"),
    "ER_STORED_FUNCTION_PREVENTS_SWITCH_SQL_LOG_BIN": (
        1695, "HY000", "Cannot change the sql_log_bin inside a stored function or trigger"),
    "ER_STORED_FUNCTION_PREVENTS_SWITCH_SKIP_REPLICATION": (
        1930, "HY000", "Cannot modify @@session.skip_replication inside a stored function or trigger"),
    "ER_STORED_FUNCTION_PREVENTS_SWITCH_GTID_DOMAIN_ID_SEQ_NO": (
        1954, "HY000", "Cannot modify @@session.gtid_domain_id or @@session.gtid_seq_no inside a stored "
                       "function or trigger"),
    "ER_CANT_REOPEN_TABLE": (1137, "HY000", "Can't reopen table: '{0}'"),
    "ER_WRONG_PARAMETERS_TO_NATIVE_FCT": (1583, "42000", "Incorrect parameters in the call to native function '{0}'"),
    "ER_WRONG_PLACEMENT_OF_WINDOW_FUNCTION": (
        4015, "HY000", "Window function is allowed only in SELECT list and ORDER BY clause"),
    "ER_NOT_SUPPORTED_YET": (1235, "42000", "This version of MariaDB doesn't yet support '{0}'"),
    "ER_UNKNOWN_COM_ERROR": (1047, "08S01", "Unknown command"),
    "ER_VIEW_SELECT_CLAUSE": (1350, "HY000", "View's SELECT contains a '{0}' clause"),
    "ER_WRONG_OBJECT": (1347, "HY000", "'{0}.{1}' is not of type '{2}'"),
    "ER_SP_NORETURNEND": (1321, "2F005", "FUNCTION {0} ended without RETURN"),
    "ER_SP_WRONG_NO_OF_ARGS": (1318, "42000", "Incorrect number of arguments for {0} {1}; expected {2}, got {3}"),
    "ER_COMMIT_NOT_ALLOWED_IN_SF_OR_TRG": (1422, "HY000",
                                           "Explicit or implicit commit is not allowed in stored function or trigger"),
    "ER_WRONG_VALUE_COUNT": (1058, "21S01", "Column count doesn't match value count"),
    "ER_OPERAND_COLUMNS": (1241, "21000", "Operand should contain {0} column(s)"),
    "ER_SUBQUERY_NO_1_ROW": (1242, "21000", "Subquery returns more than 1 row"),
    "ER_WRONG_FIELD_SPEC": (1063, "42000", "Incorrect column specifier for column '{0}'"),
    "ER_TOO_BIG_FIELDLENGTH": (1074, "42000",
                               "Column length too big for column '{0}' (max = {1}); use BLOB or TEXT instead"),
    "ER_BLOB_KEY_WITHOUT_LENGTH": (1170, "42000", "BLOB/TEXT column '{0}' used in key specification without a key length"),
    "ER_KEY_COLUMN_DOES_NOT_EXIST": (1072, "42000", "Key column '{0}' doesn't exist in table"),
    "ER_AUTOINC_READ_FAILED": (1467, "HY000", "Failed to read auto-increment value from storage engine"),
    "ER_CANT_REMOVE_ALL_FIELDS": (1090, "42000",
                                  "You can't delete all columns with ALTER TABLE; use DROP TABLE instead"),
    "ER_CANT_DROP_FIELD_OR_KEY": (1091, "42000", "Can't DROP {0} `{1}`; check that it exists"),
    "ER_DUP_KEYNAME": (1061, "42000", "Duplicate key name '{0}'"),
    "ER_TABLE_NOT_LOCKED_FOR_WRITE": (1099, "HY000", "Table '{0}' was locked with a READ lock and can't be updated"),
    "ER_TABLE_NOT_LOCKED": (1100, "HY000", "Table '{0}' was not locked with LOCK TABLES"),
    "ER_XAER_NOTA": (1397, "XAE04", "XAER_NOTA: Unknown XID"),
    "ER_XAER_INVAL": (1398, "XAE05", "XAER_INVAL: Invalid arguments (or unsupported command)"),
    "ER_XAER_RMFAIL": (1399, "XAE07",
                       "XAER_RMFAIL: The command cannot be executed when global transaction is in the  {0} state"),
    "ER_XAER_OUTSIDE": (1400, "XAE09", "XAER_OUTSIDE: Some work is done outside global transaction"),
    "ER_XAER_DUPID": (1440, "XAE08", "XAER_DUPID: The XID already exists"),
    "ER_TOO_MANY_ROWS": (1172, "42000", "Result consisted of more than one row"),
    "ER_WRONG_NUMBER_OF_COLUMNS_IN_SELECT": (1222, "21000",
                                             "The used SELECT statements have a different number of columns"),
    "ER_SP_FETCH_NO_DATA": (1329, "02000", "No data - zero rows fetched, selected, or processed"),
    "ER_OPTION_PREVENTS_STATEMENT": (1290, "HY000",
                                     "The MariaDB server is running with the {0} option so it cannot execute this statement"),
    "ER_UNKNOWN_CHARACTER_SET": (1115, "42000", "Unknown character set: '{0}'"),
    "ER_UNKNOWN_COLLATION": (1273, "HY000", "Unknown collation: '{0}'"),
    "ER_COLLATION_CHARSET_MISMATCH": (1253, "42000", "COLLATION '{0}' is not valid for CHARACTER SET '{1}'"),
    "ER_WRONG_USAGE": (1221, "HY000", "Incorrect usage of {0} and {1}"),
    "ER_NO_TABLES_USED": (1096, "HY000", "No tables used"),
    "ER_NO_DEFAULT_FOR_FIELD": (1364, "HY000", "Field '{0}' doesn't have a default value"),
    "ER_NO_DEFAULT_FOR_VIEW_FIELD": (1423, "HY000", "Field of view '{0}' underlying table doesn't have a default value"),
    # handler::update_auto_increment past the column type's maximum (HA_ERR_AUTOINC_ERANGE).
    "ER_AUTOINC_ERANGE": (167, "22003", "Out of range value for column '{0}' at row {1}"),
    "ER_VIEW_CHECK_FAILED": (1369, "44000", "CHECK OPTION failed {0}"),
    "ER_TRG_CANT_CHANGE_ROW": (1362, "HY000", "Updating of {0} row is not allowed in {1}trigger"),
    "ER_TRG_NO_SUCH_ROW_IN_TRG": (1363, "HY000", "There is no {0} row in on {1} trigger"),
    "ER_BINLOG_UNSAFE_ROUTINE": (
        1418, "HY000", "This function has none of DETERMINISTIC, NO SQL, or READS SQL DATA in its declaration and "
                       "binary logging is enabled (you *might* want to use the less safe "
                       "log_bin_trust_function_creators variable)"),
    "ER_UNKNOWN_VIEW": (4092, "42S02", "Unknown VIEW: '{0}'"),
    "ER_TEMP_TABLE_PREVENTS_SWITCH_OUT_OF_RBR": (
        1559, "HY000", "Cannot switch out of the row-based binary log format when the session has open temporary "
                       "tables"),
    "ER_INSIDE_TRANSACTION_PREVENTS_SWITCH_BINLOG_DIRECT": (
        1685, "HY000", "Cannot modify @@session.binlog_direct_non_transactional_updates inside a transaction"),
    "ER_INSIDE_TRANSACTION_PREVENTS_SWITCH_SQL_LOG_BIN": (
        1694, "HY000", "Cannot modify @@session.sql_log_bin inside a transaction"),
    "ER_SYNTAX_ERROR": (1149, "42000", "You have an error in your SQL syntax; check the manual that corresponds to "
                                       "your MariaDB server version for the right syntax to use"),
    "ER_BASE64_DECODE_ERROR": (1575, "HY000", "Decoding of base64 string failed"),
    "ER_NO_FORMAT_DESCRIPTION_EVENT_BEFORE_BINLOG_STATEMENT": (
        1609, "HY000", "The BINLOG statement of type {0} was not preceded by a format description BINLOG statement"),
    "ER_ONLY_FD_AND_RBR_EVENTS_ALLOWED_IN_BINLOG_STATEMENT": (
        1730, "HY000", "Only Format_description_log_event and row events are allowed in BINLOG statements (but {0} "
                       "was provided)"),
    "ER_KEY_NOT_FOUND": (1032, "HY000", "Can't find record in '{0}'"),
    "ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION": (1792, "25006", "Cannot execute statement in a READ ONLY transaction"),
    "ER_TOO_BIG_PRECISION": (1426, "42000", "Too big precision {0} specified. Maximum is {1}"),
    # The server names the column in 1063/1097/1439; replbed's type parser does not
    # know it at that point, so these texts stop short of it (kept as they were).
    "ER_WRONG_FIELD_SPEC_UNNAMED": (1063, "42000", "Incorrect column specifier for column"),
    "ER_TOO_BIG_SET": (1097, "HY000", "Too many strings for column (max {0})"),
    "ER_TOO_BIG_DISPLAYWIDTH": (1439, "42000", "Display width out of range for column (max = {0})"),
    "ER_VIEW_NO_INSERT_FIELD_LIST": (1394, "HY000", "Can not insert into join view '{0}.{1}' without fields list"),
    "ER_VIEW_DELETE_MERGE_VIEW": (1395, "HY000", "Can not delete from join view '{0}.{1}'"),
    "ER_NON_INSERTABLE_TABLE": (1471, "HY000", "The target table {0} of the {1} is not insertable-into"),
    "ER_VIEW_SELECT_VARIABLE": (1351, "HY000", "View's SELECT contains a variable or parameter"),
    "ER_NONUPDATEABLE_COLUMN": (1348, "HY000", "Column '{0}' is not updatable"),
    "ER_UNKNOWN_TABLE": (1109, "42S02", "Unknown table '{0}' in {1}"),
    "ER_SP_NOT_VAR_ARG": (1414, "42000", "OUT or INOUT argument {0} for routine {1} is not a variable or NEW "
                                         "pseudo-variable in BEFORE trigger"),
    "ER_SP_UNDECLARED_VAR": (1327, "42000", "Undeclared variable: {0}"),
    "ER_UNKNOWN_EXPLAIN_FORMAT": (1791, "HY000", "Unknown {0} format name: '{1}'"),
    "ER_DUP_INDEX": (1831, "HY000", "Duplicate index `{0}`. This is deprecated and will be disallowed in a future "
                                    "release"),
    "ER_LOCK_WAIT_TIMEOUT": (1205, "HY000", "Lock wait timeout exceeded; try restarting transaction"),
    "ER_LOCK_DEADLOCK": (1213, "40001", "Deadlock found when trying to get lock; try restarting transaction"),
    "ER_CHECKREAD": (1020, "HY000", "Record has changed since last read in table '{0}'; try restarting transaction"),
    # replbed's own limits, in the server's codes (internal_error below).
    "ER_STACK_OVERRUN_NEED_MORE": (
        1436, "HY000", "Thread stack overrun: the statement nests expressions deeper than replbed evaluates. "
                       "Consider increasing the thread_stack system variable."),
    # Foreign keys (InnoDB) and CHECK constraints.
    "ER_ROW_IS_REFERENCED": (1451, "23000", "Cannot delete or update a parent row: a foreign key constraint fails"),
    "ER_ROW_IS_REFERENCED_2": (1451, "23000",
                               "Cannot delete or update a parent row: a foreign key constraint fails ({0})"),
    "ER_NO_REFERENCED_ROW_2": (1452, "23000", "Cannot add or update a child row: a foreign key constraint fails ({0})"),
    "ER_FOREIGN_DUPLICATE_KEY_WITH_CHILD_INFO": (
        1761, "23000", "Foreign key constraint for table '{0}', record '{1}' would lead to a duplicate entry in "
                       "table '{2}', key '{3}'"),
    "ER_TRUNCATE_ILLEGAL_FK": (1701, "42000", "Cannot truncate a table referenced in a foreign key constraint ({0})"),
    "ER_CANT_CREATE_TABLE": (1005, "HY000", "Can't create table `{0}`.`{1}` (errno: {2})"),
    "ER_TEMP_TABLE_PREVENTS_SWITCH_SESSION_BINLOG_FORMAT": (
        3745, "HY000", "Changing @@session.binlog_format is disallowed when the session has open temporary "
                       "table(s). You could wait until these temporary table(s) are dropped and try again."),
    "ER_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN": (
        3105, "HY000", "The value specified for generated column '{0}' in table '{1}' is not allowed."),
    "ER_FK_CANNOT_DROP_PARENT": (
        3730, "HY000", "Cannot drop table '{0}' referenced by a foreign key constraint '{1}' on table '{2}'."),
    "ER_CONSTRAINT_FAILED": (4025, "23000", "CONSTRAINT `{0}` failed for `{1}`.`{2}`"),
    "ER_DUP_CONSTRAINT_NAME": (1826, "HY000", "Duplicate {0} constraint name '{1}'"),
    "ER_WARNING_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN": (
        1906, "HY000", "The value specified for generated column '{0}' in table '{1}' has been ignored"),
    "ER_NOT_SUPPORTED_YET_SUBSET": (1235, "42000", "This version of MariaDB doesn't yet support '{0}' (replbed subset)"),
}


def internal_error(exc: BaseException) -> ServerError:
    """The error a client gets when evaluation hits a limit of the model rather than a
    rule of the server: never ``1105 Unknown error`` with a Python traceback name.

    Deep nesting is MariaDB's 1436 (its thread stack runs out too, at a depth that
    depends on the statement); anything else is refused as outside the subset."""
    if isinstance(exc, RecursionError):
        return error("ER_STACK_OVERRUN_NEED_MORE")
    return error("ER_NOT_SUPPORTED_YET_SUBSET", f"{type(exc).__name__} while evaluating: {exc}"[:200])


register(_MESSAGES)

__all__ = ["ComparisonNote", "Note", "ServerError", "error", "internal_error", "note", "register"]
