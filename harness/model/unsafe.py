"""Unsafe-statement flags and their Note 1592 reason texts (MariaDB 10.11).

Bit numbers follow the server's ``enum_binlog_stmt_unsafe`` so a bitmask here
reads like ``LEX::binlog_stmt_flags``. One Note is issued per set bit, in bit
order, when an unsafe statement is written in statement format.
"""

from __future__ import annotations

from enum import IntEnum


class Unsafe(IntEnum):
    LIMIT = 0
    INSERT_DELAYED = 1
    SYSTEM_TABLE = 2
    AUTOINC_COLUMNS = 3
    UDF = 4
    SYSTEM_VARIABLE = 5
    SYSTEM_FUNCTION = 6
    NONTRANS_AFTER_TRANS = 7
    MULTIPLE_ENGINES_AND_SELF_LOGGING_ENGINE = 8
    MIXED_STATEMENT = 9
    INSERT_IGNORE_SELECT = 10
    INSERT_SELECT_UPDATE = 11
    WRITE_AUTOINC_SELECT = 12
    REPLACE_SELECT = 13
    CREATE_IGNORE_SELECT = 14
    CREATE_REPLACE_SELECT = 15
    CREATE_SELECT_AUTOINC = 16
    UPDATE_IGNORE = 17
    INSERT_TWO_KEYS = 18
    AUTOINC_NOT_FIRST = 19
    # MySQL's BINLOG_STMT_UNSAFE_XA (after its FULLTEXT_PLUGIN/SKIP_LOCKED/NOWAIT ones): a
    # statement inside an active XA branch (EventStyle.xa_dml_unsafe)
    XA = 20


_ORDER_SUFFIX = ("This order cannot be predicted and may differ on master and the slave")

REASONS: dict[Unsafe, tuple[int, str]] = {
    Unsafe.LIMIT: (1668, "The statement is unsafe because it uses a LIMIT clause. This is unsafe because the set "
                         "of rows included cannot be predicted"),
    Unsafe.INSERT_DELAYED: (1669, "The statement is unsafe because it uses INSERT DELAYED. This is unsafe because "
                                  "the times when rows are inserted cannot be predicted"),
    Unsafe.SYSTEM_TABLE: (1670, "The statement is unsafe because it uses the general log, slow query log, or "
                                "performance_schema table(s). This is unsafe because system tables may differ on "
                                "slaves"),
    Unsafe.AUTOINC_COLUMNS: (1671, "Statement is unsafe because it invokes a trigger or a stored function that "
                                   "inserts into an AUTO_INCREMENT column. Inserted values cannot be logged "
                                   "correctly"),
    Unsafe.UDF: (1672, "Statement is unsafe because it uses a UDF which may not return the same value on the "
                       "slave"),
    Unsafe.SYSTEM_VARIABLE: (1673, "Statement is unsafe because it uses a system variable that may have a "
                                   "different value on the slave"),
    Unsafe.SYSTEM_FUNCTION: (1674, "Statement is unsafe because it uses a system function that may return a "
                                   "different value on the slave"),
    Unsafe.NONTRANS_AFTER_TRANS: (1675, "Statement is unsafe because it accesses a non-transactional table after "
                                        "accessing a transactional table within the same transaction"),
    Unsafe.MULTIPLE_ENGINES_AND_SELF_LOGGING_ENGINE: (1692, "Mixing self-logging and non-self-logging engines in "
                                                            "a statement is unsafe"),
    Unsafe.MIXED_STATEMENT: (1693, "Statement accesses nontransactional table as well as transactional or "
                                   "temporary table, and writes to any of them"),
    Unsafe.INSERT_IGNORE_SELECT: (1714, "INSERT IGNORE... SELECT is unsafe because the order in which rows are "
                                        "retrieved by the SELECT determines which (if any) rows are ignored. "
                                        + _ORDER_SUFFIX),
    Unsafe.INSERT_SELECT_UPDATE: (1715, "INSERT... SELECT... ON DUPLICATE KEY UPDATE is unsafe because the order "
                                        "in which rows are retrieved by the SELECT determines which (if any) rows "
                                        "are updated. " + _ORDER_SUFFIX),
    Unsafe.WRITE_AUTOINC_SELECT: (1722, "Statements writing to a table with an auto-increment column after "
                                        "selecting from another table are unsafe because the order in which rows "
                                        "are retrieved determines what (if any) rows will be written. "
                                        + _ORDER_SUFFIX),
    Unsafe.REPLACE_SELECT: (1716, "REPLACE... SELECT is unsafe because the order in which rows are retrieved by "
                                  "the SELECT determines which (if any) rows are replaced. " + _ORDER_SUFFIX),
    Unsafe.CREATE_IGNORE_SELECT: (1717, "CREATE... IGNORE SELECT is unsafe because the order in which rows are "
                                        "retrieved by the SELECT determines which (if any) rows are ignored. "
                                        + _ORDER_SUFFIX),
    Unsafe.CREATE_REPLACE_SELECT: (1718, "CREATE... REPLACE SELECT is unsafe because the order in which rows are "
                                         "retrieved by the SELECT determines which (if any) rows are replaced. "
                                         + _ORDER_SUFFIX),
    Unsafe.CREATE_SELECT_AUTOINC: (1723, "CREATE TABLE... SELECT...  on a table with an auto-increment column is "
                                         "unsafe because the order in which rows are retrieved by the SELECT "
                                         "determines which (if any) rows are inserted. " + _ORDER_SUFFIX),
    Unsafe.UPDATE_IGNORE: (1719, "UPDATE IGNORE is unsafe because the order in which rows are updated determines "
                                 "which (if any) rows are ignored. " + _ORDER_SUFFIX),
    Unsafe.INSERT_TWO_KEYS: (1724, "INSERT... ON DUPLICATE KEY UPDATE  on a table with more than one UNIQUE KEY "
                                   "is unsafe"),
    Unsafe.AUTOINC_NOT_FIRST: (1727, "INSERT into autoincrement field which is not the first part in the "
                                     "composed primary key is unsafe"),
    Unsafe.XA: (3199, "Statement is unsafe because it is being used inside a XA transaction. Concurrent XA "
                      "transactions may deadlock on replicas when replicated using statements."),
}

NOTE_1592 = "Unsafe statement written to the binary log using statement format since BINLOG_FORMAT = STATEMENT. {}"


def bit(flag: Unsafe) -> int:
    return 1 << int(flag)


def reasons(mask: int) -> list[str]:
    """Reason texts for every set flag, in bit order (one Note 1592 each)."""
    return [REASONS[f][1] for f in Unsafe if mask & (1 << int(f))]
