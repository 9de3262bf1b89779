"""harness/sql/sql_errors.py: the SQL layer's message texts, as MariaDB 10.11 words them.

The session compares error messages with MariaDB's byte for byte, so each text
built from the registry is pinned here with the arguments its raiser passes.
"""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import error, internal_error

CASES = [
    # (name, args, code, sqlstate, message)
    ("ER_UNKNOWN_CHARACTER_SET", ("latin9",), 1115, "42000", "Unknown character set: 'latin9'"),
    ("ER_UNKNOWN_COLLATION", ("x_ci",), 1273, "HY000", "Unknown collation: 'x_ci'"),
    ("ER_COLLATION_CHARSET_MISMATCH", ("latin1_swedish_ci", "utf8mb4"), 1253, "42000",
     "COLLATION 'latin1_swedish_ci' is not valid for CHARACTER SET 'utf8mb4'"),
    ("ER_WRONG_USAGE", ("OR REPLACE", "IF NOT EXISTS"), 1221, "HY000",
     "Incorrect usage of OR REPLACE and IF NOT EXISTS"),
    ("ER_NO_TABLES_USED", (), 1096, "HY000", "No tables used"),
    ("ER_NO_DEFAULT_FOR_FIELD", ("b",), 1364, "HY000", "Field 'b' doesn't have a default value"),
    ("ER_VIEW_CHECK_FAILED", ("`test`.`v`",), 1369, "44000", "CHECK OPTION failed `test`.`v`"),
    ("ER_NON_UNIQ_ERROR", ("a", "UPDATE"), 1052, "23000", "Column 'a' in UPDATE is ambiguous"),
    ("ER_BAD_FIELD_ERROR", ("x", "NEW"), 1054, "42S22", "Unknown column 'x' in 'NEW'"),
    ("ER_BAD_TABLE_ERROR", ("test.a,test.b",), 1051, "42S02", "Unknown table 'test.a,test.b'"),
    ("ER_TRG_CANT_CHANGE_ROW", ("OLD", ""), 1362, "HY000", "Updating of OLD row is not allowed in trigger"),
    ("ER_TRG_CANT_CHANGE_ROW", ("NEW", "after "), 1362, "HY000",
     "Updating of NEW row is not allowed in after trigger"),
    ("ER_TRG_NO_SUCH_ROW_IN_TRG", ("NEW", "DELETE"), 1363, "HY000", "There is no NEW row in on DELETE trigger"),
    ("ER_BINLOG_UNSAFE_ROUTINE", (), 1418, "HY000",
     "This function has none of DETERMINISTIC, NO SQL, or READS SQL DATA in its declaration and binary logging "
     "is enabled (you *might* want to use the less safe log_bin_trust_function_creators variable)"),
    ("ER_UNKNOWN_VIEW", ("test.v",), 4092, "42S02", "Unknown VIEW: 'test.v'"),
    ("ER_TEMP_TABLE_PREVENTS_SWITCH_OUT_OF_RBR", (), 1559, "HY000",
     "Cannot switch out of the row-based binary log format when the session has open temporary tables"),
    ("ER_INSIDE_TRANSACTION_PREVENTS_SWITCH_BINLOG_DIRECT", (), 1685, "HY000",
     "Cannot modify @@session.binlog_direct_non_transactional_updates inside a transaction"),
    ("ER_INSIDE_TRANSACTION_PREVENTS_SWITCH_SQL_LOG_BIN", (), 1694, "HY000",
     "Cannot modify @@session.sql_log_bin inside a transaction"),
    ("ER_SYNTAX_ERROR", (), 1149, "42000",
     "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version "
     "for the right syntax to use"),
    ("ER_BASE64_DECODE_ERROR", (), 1575, "HY000", "Decoding of base64 string failed"),
    ("ER_WRONG_TYPE_FOR_VAR", ("a",), 1232, "42000", "Incorrect argument type to variable 'a'"),
    ("ER_NO_FORMAT_DESCRIPTION_EVENT_BEFORE_BINLOG_STATEMENT", ("Write_rows_v1",), 1609, "HY000",
     "The BINLOG statement of type Write_rows_v1 was not preceded by a format description BINLOG statement"),
    ("ER_ONLY_FD_AND_RBR_EVENTS_ALLOWED_IN_BINLOG_STATEMENT", ("Query",), 1730, "HY000",
     "Only Format_description_log_event and row events are allowed in BINLOG statements (but Query was provided)"),
    ("ER_KEY_NOT_FOUND", ("t",), 1032, "HY000", "Can't find record in 't'"),
    ("ER_UNKNOWN_ERROR", (), 1105, "HY000", "Unknown error"),
    ("ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION", (), 1792, "25006",
     "Cannot execute statement in a READ ONLY transaction"),
    ("ER_TOO_BIG_PRECISION", (66, 65), 1426, "42000", "Too big precision 66 specified. Maximum is 65"),
    ("ER_WRONG_FIELD_SPEC_UNNAMED", (), 1063, "42000", "Incorrect column specifier for column"),
    ("ER_PARSE_ERROR", ("VARCHAR requires a length",), 1064, "42000", "VARCHAR requires a length"),
    ("ER_TOO_BIG_SET", (64,), 1097, "HY000", "Too many strings for column (max 64)"),
    ("ER_TOO_BIG_DISPLAYWIDTH", (64,), 1439, "42000", "Display width out of range for column (max = 64)"),
    ("ER_VIEW_NO_INSERT_FIELD_LIST", ("test", "v"), 1394, "HY000",
     "Can not insert into join view 'test.v' without fields list"),
    ("ER_VIEW_DELETE_MERGE_VIEW", ("test", "v"), 1395, "HY000", "Can not delete from join view 'test.v'"),
    ("ER_NON_INSERTABLE_TABLE", ("v", "INSERT"), 1471, "HY000", "The target table v of the INSERT is not insertable-into"),
    ("ER_NON_UPDATABLE_TABLE", ("v", "UPDATE"), 1288, "HY000", "The target table v of the UPDATE is not updatable"),
    ("ER_VIEW_SELECT_VARIABLE", (), 1351, "HY000", "View's SELECT contains a variable or parameter"),
    ("ER_NONUPDATEABLE_COLUMN", ("c",), 1348, "HY000", "Column 'c' is not updatable"),
    ("ER_UNKNOWN_TABLE", ("v", "MULTI DELETE"), 1109, "42S02", "Unknown table 'v' in MULTI DELETE"),
    ("ER_SP_DOES_NOT_EXIST", ("FUNCTION", "test.f"), 1305, "42000", "FUNCTION test.f does not exist"),
    ("ER_SP_NOT_VAR_ARG", (2, "test.p"), 1414, "42000",
     "OUT or INOUT argument 2 for routine test.p is not a variable or NEW pseudo-variable in BEFORE trigger"),
    ("ER_SP_UNDECLARED_VAR", ("x",), 1327, "42000", "Undeclared variable: x"),
    ("ER_UNKNOWN_EXPLAIN_FORMAT", ("XA RECOVER", "JSON"), 1791, "HY000", "Unknown XA RECOVER format name: 'JSON'"),
    ("ER_UNKNOWN_STORAGE_ENGINE", ("Foo",), 1286, "42000", "Unknown storage engine 'Foo'"),
    ("ER_DUP_INDEX", ("a_2",), 1831, "HY000",
     "Duplicate index `a_2`. This is deprecated and will be disallowed in a future release"),
    ("ER_LOCK_WAIT_TIMEOUT", (), 1205, "HY000", "Lock wait timeout exceeded; try restarting transaction"),
    ("ER_LOCK_DEADLOCK", (), 1213, "40001", "Deadlock found when trying to get lock; try restarting transaction"),
]


@pytest.mark.parametrize(("name", "args", "code", "state", "message"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_registered_text(name: str, args: tuple[object, ...], code: int, state: str, message: str) -> None:
    e = error(name, *args)
    assert (e.code, e.sqlstate, e.message) == (code, state, message)


def test_internal_error_never_shows_a_traceback_name_as_1105() -> None:
    deep = internal_error(RecursionError("maximum recursion depth exceeded"))
    assert (deep.code, deep.sqlstate) == (1436, "HY000")
    assert deep.message.startswith("Thread stack overrun: ")
    other = internal_error(KeyError("k"))
    assert (other.code, other.sqlstate) == (1235, "42000")
    assert other.message == "This version of MariaDB doesn't yet support 'KeyError while evaluating: 'k'' (replbed subset)"
