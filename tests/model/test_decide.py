"""Layer 1 for the modelled engines MariaDB cannot show (seeds 001, 002, 003).

MariaDB ships no self-logging, statement-only or row-only engine, so these
tests assert the seeds' rules directly. Each test quotes the seed line.
"""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError

SETUP = [
    "CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB",
    "CREATE TABLE sl (a INT PRIMARY KEY, b INT) ENGINE=REPLBED_SELFLOG",
    "CREATE TABLE so (a INT PRIMARY KEY, b INT) ENGINE=REPLBED_STMTONLY",
    "CREATE TABLE ro (a INT PRIMARY KEY, b INT) ENGINE=REPLBED_ROWONLY",
    "INSERT INTO t VALUES (1,1)", "INSERT INTO sl VALUES (1,1)", "INSERT INTO so VALUES (1,1)",
]


@pytest.fixture
def eng(bed):  # type: ignore[no-untyped-def]
    s = bed.session("MIXED")
    for q in SETUP:
        s.execute(q)
    bed.state.binlog.reset()
    return bed


def error_of(bed, fmt: str, sql: str, before: tuple[str, ...] = ()) -> int | None:  # type: ignore[no-untyped-def]
    s = bed.session(fmt)
    for q in before:
        s.execute(q)
    try:
        s.execute(sql)
    except ServerError as e:
        return e.code
    return None


@pytest.mark.parametrize("fmt", ["STATEMENT", "ROW", "MIXED"])
def test_wl3931_self_logging_with_another_engine_is_an_error(eng, fmt: str) -> None:  # type: ignore[no-untyped-def]
    # Seed 001: "generating an error message when the statement cannot be logged as an
    # atomic unit, that is, if and only if more than one engine is involved in the
    # statement and at least one is self-logging."
    assert error_of(eng, fmt, "UPDATE t, sl SET sl.b = t.b, t.b = sl.a WHERE t.a = sl.a") == 1667
    # Only one engine involved: no error.
    assert error_of(eng, fmt, "UPDATE sl SET b = b + 1") is None


def test_self_logging_rows_are_not_logged_by_the_server(eng) -> None:  # type: ignore[no-untyped-def]
    # Seed 001: "For tables with the table flag HA_HAS_OWN_BINLOGGING set, no rows will be
    # logged currently. The assumption is that the engine uses the injector interface."
    for fmt in ("ROW", "STATEMENT"):
        eng.session(fmt).execute("INSERT INTO sl VALUES (2, 2)" if fmt == "ROW" else "INSERT INTO sl VALUES (3,3)")
    assert eng.shape() == []


def test_r_unsafe_self_logging_marks_later_statements_of_the_transaction(eng) -> None:  # type: ignore[no-untyped-def]
    # Seed 002 (R-unsafe-self-logging): "If either S or a previous statement in the same
    # transaction reads or writes to a self-logging table, then S is marked unsafe."
    s = eng.session("STATEMENT")
    for q in ("BEGIN", "UPDATE sl SET b = 5 WHERE a = 1", "INSERT INTO t VALUES (2,2)"):
        s.execute(q)
    assert [(n.code, "self-logging" in n.message) for n in s.last_notes] == [(1592, True)]
    s.execute("COMMIT")
    m = eng.session("MIXED")
    for q in ("BEGIN", "UPDATE sl SET b = 6 WHERE a = 1", "INSERT INTO t VALUES (3,3)", "COMMIT"):
        m.execute(q)
    assert "A" in eng.shape()[-6:] and "Q:INSERT INTO t VALUES (3,3)" not in eng.shape()[-6:]


def test_statement_only_engine(eng) -> None:  # type: ignore[no-untyped-def]
    # Seed 002: "BINLOG_FORMAT = ROW and at least one table uses a storage engine limited
    # to statement-logging (ER_BINLOG_ROW_MODE_AND_STMT_ENGINE)"
    assert error_of(eng, "ROW", "INSERT INTO so VALUES (2,2)") == 1662
    # "statement is unsafe, BINLOG_FORMAT = MIXED, and storage engine is limited to
    # statement-logging (ER_BINLOG_UNSAFE_AND_STMT_ENGINE)"
    assert error_of(eng, "MIXED", "UPDATE so SET b = 2 LIMIT 1") == 1663
    assert error_of(eng, "MIXED", "UPDATE so SET b = 3") is None
    assert error_of(eng, "STATEMENT", "INSERT INTO so VALUES (4,4)") is None


def test_row_only_engine(eng) -> None:  # type: ignore[no-untyped-def]
    # Seed 002: "BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine
    # limited to row-logging (ER_BINLOG_STMT_MODE_AND_ROW_ENGINE)"
    assert error_of(eng, "STATEMENT", "INSERT INTO ro VALUES (1,1)") == 1665
    # Seed 003: an engine without statement capability is logged as rows in MIXED.
    s = eng.session("MIXED")
    s.execute("INSERT INTO ro VALUES (2,2)")
    assert eng.shape() == ["G", "A", "TM(ro)", "W*", "Xid"]


def test_row_only_and_statement_only_engines_together(eng) -> None:  # type: ignore[no-untyped-def]
    # Seed 002: "both row-incapable engines and statement-incapable engines are involved
    # (ER_BINLOG_ROW_ENGINE_AND_STMT_ENGINE)"
    for fmt in ("STATEMENT", "ROW", "MIXED"):
        assert error_of(eng, fmt, "UPDATE so, ro SET so.b = 1, ro.b = 1") == 1661


def test_impossible_to_log_statement_is_not_executed(eng) -> None:  # type: ignore[no-untyped-def]
    # Seed 002: "...determines if the statement is impossible to log, in which case it
    # generates an error and the statement is not executed."
    s = eng.session("ROW")
    with pytest.raises(ServerError):
        s.execute("INSERT INTO so VALUES (9,9)")
    assert s.execute("SELECT COUNT(*) FROM so WHERE a = 9").rows == [[0]]
    assert eng.shape() == []


def test_innodb_read_committed_is_row_only(bed) -> None:  # type: ignore[no-untyped-def]
    # MariaDB 10.11 (observed): InnoDB drops statement capability below REPEATABLE READ.
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    s.execute("SET SESSION tx_isolation = 'READ-COMMITTED'")
    with pytest.raises(ServerError) as ei:
        s.execute("INSERT INTO t VALUES (1)")
    assert ei.value.code == 1665
    assert ei.value.message.endswith("InnoDB is limited to row-logging when transaction isolation level is "
                                     "READ COMMITTED or READ UNCOMMITTED.")


def test_create_select_innodb_read_committed_1665_has_no_suffix(bed) -> None:  # type: ignore[no-untyped-def]
    # MariaDB 10.11 (observed): the new table is refused by select_create's post-lock
    # decide_logging_format, not by InnoDB's external_lock: no suffix, no 1030.
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE m (a INT) ENGINE=MyISAM")
    s.execute("SET SESSION tx_isolation = 'READ-COMMITTED'")
    with pytest.raises(ServerError) as ei:
        s.execute("CREATE TABLE n ENGINE=InnoDB SELECT a FROM m")
    assert ei.value.code == 1665
    assert ei.value.message.endswith("limited to row-based logging.")
    assert not getattr(ei.value, "trailing_notes", None)


def test_create_select_new_table_is_not_mixed_unsafe(bed) -> None:  # type: ignore[no-untyped-def]
    # MariaDB 10.11 (observed): MIXED, autocommit=0, CREATE TABLE InnoDB SELECT FROM MyISAM
    # is a statement (the new base table is a placeholder when the format is decided).
    s = bed.session("MIXED")
    s.execute("CREATE TABLE m (a INT) ENGINE=MyISAM")
    s.execute("INSERT INTO m VALUES (1)")
    s.execute("SET autocommit = 0")
    bed.state.binlog.reset()
    s.execute("CREATE TABLE n ENGINE=InnoDB SELECT a FROM m")
    s.execute("COMMIT")
    kinds = [t for t, _ in bed.events()]
    assert "Write_rows_v1" not in kinds
    assert any(t == "Query" and "CREATE TABLE n ENGINE=InnoDB SELECT" in i for t, i in bed.events())
