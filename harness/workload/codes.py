"""Symbolic names for the server error codes a workload may expect.

Workloads may write ``=> ER_DUP_ENTRY`` instead of ``=> 1062`` so that the
expectation reads like the seeds.  The table is deliberately small and was
checked against MariaDB 10.11's ``perror``: a name that is not listed here is
rejected by the parser (write the number instead) rather than guessed.
"""

from __future__ import annotations

ERROR_CODES: dict[str, int] = {
    "ER_DB_CREATE_EXISTS": 1007,
    "ER_DB_DROP_EXISTS": 1008,
    "ER_DUP_KEY": 1022,
    "ER_BAD_NULL_ERROR": 1048,
    "ER_BAD_DB_ERROR": 1049,
    "ER_TABLE_EXISTS_ERROR": 1050,
    "ER_BAD_TABLE_ERROR": 1051,
    "ER_NON_UNIQ_ERROR": 1052,
    "ER_BAD_FIELD_ERROR": 1054,
    "ER_DUP_ENTRY": 1062,
    "ER_PARSE_ERROR": 1064,
    "ER_EMPTY_QUERY": 1065,
    "ER_UNKNOWN_ERROR": 1105,
    "ER_UNKNOWN_TABLE": 1109,
    "ER_WRONG_VALUE_COUNT_ON_ROW": 1136,
    "ER_NO_SUCH_TABLE": 1146,
    "ER_UNKNOWN_SYSTEM_VARIABLE": 1193,
    "ER_WARNING_NOT_COMPLETE_ROLLBACK": 1196,
    "ER_LOCK_WAIT_TIMEOUT": 1205,
    "ER_LOCK_DEADLOCK": 1213,
    "ER_WRONG_VALUE_FOR_VAR": 1231,
    "ER_NOT_SUPPORTED_YET": 1235,
    "ER_WARN_DATA_OUT_OF_RANGE": 1264,
    "ER_TRUNCATED_WRONG_VALUE": 1292,
    "ER_NO_DEFAULT_FOR_FIELD": 1364,
    "ER_XAER_NOTA": 1397,
    "ER_XAER_INVAL": 1398,
    "ER_XAER_RMFAIL": 1399,
    "ER_XAER_OUTSIDE": 1400,
    "ER_DATA_TOO_LONG": 1406,
    "ER_XAER_DUPID": 1440,
    "ER_TEMP_TABLE_PREVENTS_SWITCH_OUT_OF_RBR": 1559,
    "ER_STORED_FUNCTION_PREVENTS_SWITCH_BINLOG_FORMAT": 1560,
    "ER_CANT_CHANGE_TX_CHARACTERISTICS": 1568,
    "ER_BINLOG_UNSAFE_STATEMENT": 1592,
    "ER_BINLOG_LOGGING_IMPOSSIBLE": 1598,
    "ER_BINLOG_ROW_ENGINE_AND_STMT_ENGINE": 1661,
    "ER_BINLOG_ROW_MODE_AND_STMT_ENGINE": 1662,
    "ER_BINLOG_UNSAFE_AND_STMT_ENGINE": 1663,
    "ER_BINLOG_ROW_INJECTION_AND_STMT_ENGINE": 1664,
    "ER_BINLOG_STMT_MODE_AND_ROW_ENGINE": 1665,
    "ER_BINLOG_ROW_INJECTION_AND_STMT_MODE": 1666,
    "ER_BINLOG_MULTIPLE_ENGINES_AND_SELF_LOGGING_ENGINE": 1667,
    "ER_BINLOG_UNSAFE_NONTRANS_AFTER_TRANS": 1675,
    "ER_INSIDE_TRANSACTION_PREVENTS_SWITCH_BINLOG_FORMAT": 1679,
    "ER_BINLOG_UNSAFE_MIXED_STATEMENT": 1693,
    "ER_WARNING_NOT_COMPLETE_ROLLBACK_WITH_CREATED_TEMP_TABLE": 1751,
    "ER_WARNING_NOT_COMPLETE_ROLLBACK_WITH_DROPPED_TEMP_TABLE": 1752,
    "ER_BINLOG_STMT_MODE_AND_NO_REPL_TABLES": 1844,
}

CODE_NAMES: dict[int, str] = {code: name for name, code in ERROR_CODES.items()}


def error_name(code: int | None) -> str | None:
    """The symbolic name of ``code`` if the table knows it (for reports)."""
    if code is None:
        return None
    return CODE_NAMES.get(code)
