"""Layer 1 as a table, straight from seed 002 (THD::decide_logging_format).

Each row is one rule of /work/shared/seeds/002_*.txt: the statement's facts, the
session's format and state, and what decide_logging_format must answer -- the
impossible-to-log error, or the format and the unsafe flags (reported as Note
1592 only at binlog_format=STATEMENT). No parser, no engine: the statement and
the session are the small dataclasses of tests/model/fakes.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from harness.binlog.query import new_query_event
from harness.diagnostics import ServerError
from harness.model.decide import NOT_LOGGED, decide_logging_format
from harness.model.flavors.mysql80 import mysql_8_0
from harness.model.logstate import TrxLogState
from harness.model.unsafe import Unsafe, bit

from _fakes import INNODB, MYISAM, ROW_ONLY, SELF_LOGGING, STMT_ONLY, DecideFacts, Facts, Table, Use

t_innodb = Table("t", INNODB)
n_myisam = Table("n", MYISAM)
so = Table("so", STMT_ONLY)
ro = Table("ro", ROW_ONLY)
sl = Table("sl", SELF_LOGGING)
tmp_row = Table("tmp", INNODB, temporary=True, created_in_row_format=True)


def w(*tables: Table) -> list[Use]:
    return [Use(t, write=True) for t in tables]


def r(*tables: Table) -> list[Use]:
    return [Use(t, write=False, read=True) for t in tables]


@dataclass
class Row:
    rule: str  # the seed's words
    facts: Facts
    fmt: str
    error: int | None = None
    row: bool | None = None
    unsafe: int = 0
    warn: bool = False  # warn_unsafe == unsafe (Note 1592 if written as a statement)
    session: dict[str, Any] = field(default_factory=dict)


LIMIT, DELAYED, SYSFUNC, SYSVAR = bit(Unsafe.LIMIT), bit(Unsafe.INSERT_DELAYED), bit(Unsafe.SYSTEM_FUNCTION), \
    bit(Unsafe.SYSTEM_VARIABLE)
AUTOINC, MIXED_STMT, NT_AFTER_T, SELF_LOG = bit(Unsafe.AUTOINC_COLUMNS), bit(Unsafe.MIXED_STATEMENT), \
    bit(Unsafe.NONTRANS_AFTER_TRANS), bit(Unsafe.MULTIPLE_ENGINES_AND_SELF_LOGGING_ENGINE)

TABLE = [
    # -- impossible to log
    Row("both row-incapable engines and statement-incapable engines are involved",
        Facts(w(so, ro)), "MIXED", error=1661),
    Row("BINLOG_FORMAT = ROW and at least one table uses a storage engine limited to statement-logging",
        Facts(w(so)), "ROW", error=1662),
    Row("statement is unsafe, BINLOG_FORMAT = MIXED, and storage engine is limited to statement-logging",
        Facts(w(so), has_limit=True), "MIXED", error=1663),
    Row("row injection and at least one table uses a storage engine limited to statement-logging",
        Facts(w(so), row_injection=True), "MIXED", error=1664),
    Row("BINLOG_FORMAT = STATEMENT and at least one table uses a storage engine limited to row-logging",
        Facts(w(ro)), "STATEMENT", error=1665),
    Row("more than one engine is involved and at least one engine is self-logging",
        Facts(w(sl, t_innodb)), "MIXED", error=1667),
    # -- the format
    Row("(R-log-row-format) binlog_format=ROW", Facts(w(t_innodb)), "ROW", row=True),
    Row("(R-log-statement-format) binlog_format=STATEMENT", Facts(w(t_innodb)), "STATEMENT", row=False),
    Row("(R-log-statement-format) binlog_format=MIXED and S is safe", Facts(w(t_innodb)), "MIXED", row=False),
    Row("an unsafe statement will be logged in row format if binlog_format=MIXED",
        Facts(w(t_innodb), has_limit=True), "MIXED", row=True, unsafe=LIMIT),
    Row("and will generate a warning if binlog_format=STATEMENT",
        Facts(w(t_innodb), has_limit=True), "STATEMENT", row=False, unsafe=LIMIT, warn=True),
    Row("statements shall be marked unsafe even if binlog_format!=mixed (ROW: no warning)",
        Facts(w(t_innodb), has_limit=True), "ROW", row=True, unsafe=LIMIT),
    Row("a row injection is logged in row format (MariaDB: even at STATEMENT)",
        Facts(w(t_innodb), row_injection=True), "STATEMENT", row=True),
    # -- what is unsafe
    Row("System functions that may return a different value on slave: UUID",
        Facts(w(t_innodb), functions={"UUID"}), "MIXED", row=True, unsafe=SYSFUNC),
    Row("non-deterministic functions that are not marked unsafe: NOW, CONNECTION_ID, LAST_INSERT_ID",
        Facts(w(t_innodb), functions={"NOW", "CONNECTION_ID", "LAST_INSERT_ID"}), "MIXED", row=False),
    Row("System variables, with some exceptions", Facts(w(t_innodb), sysvars_read=["hostname"]), "MIXED",
        row=True, unsafe=SYSVAR),
    Row("System variables: the exceptions replicate", Facts(w(t_innodb), sysvars_read=["foreign_key_checks"]),
        "MIXED", row=False),
    Row("INSERT DELAYED", Facts(w(t_innodb), insert_delayed=True), "MIXED", row=True, unsafe=DELAYED),
    Row("Update from a sub-statement of a table that has an autoincrement column",
        Facts(w(t_innodb), autoinc_in_substatement=True), "MIXED", row=True, unsafe=AUTOINC),
    Row("(R-unsafe-nontransactional) S writes an N-table and S writes a T-table in a transaction",
        Facts(w(t_innodb, n_myisam)), "MIXED", row=True, unsafe=MIXED_STMT,
        session={"multi_stmt_transaction": True}),
    Row("(R-unsafe-nontransactional) S writes an N-table after a previous statement wrote a T-table",
        Facts(w(n_myisam)), "STATEMENT", row=False, unsafe=NT_AFTER_T, warn=True,
        session={"multi_stmt_transaction": True, "trx_cache_used": True}),
    Row("(R-unsafe-nontransactional) ... unless binlog_direct_non_transactional_updates",
        Facts(w(n_myisam)), "STATEMENT", row=False,
        session={"multi_stmt_transaction": True, "trx_cache_used": True, "binlog_direct_non_trans_update": True}),
    Row("(R-unsafe-self-logging) S reads or writes a self-logging table",
        Facts(w(sl)), "MIXED", row=True, unsafe=SELF_LOG),
    Row("(R-unsafe-self-logging) a previous statement in the same transaction did",
        Facts(w(t_innodb)), "MIXED", row=True, unsafe=SELF_LOG,
        session={"trx_log": TrxLogState(touched_self_logging=True)}),
    Row("a temporary table created in row format keeps MIXED in row format",
        Facts(w(t_innodb) + r(tmp_row)), "MIXED", row=True),
    Row("a statement that writes nothing: no unsafe warning", Facts(r(t_innodb), kind="SELECT", has_limit=True),
        "STATEMENT", row=False, unsafe=LIMIT),
]


def _session(row: Row) -> DecideFacts:
    opts = dict(row.session)
    s = DecideFacts(binlog_format=row.fmt)
    if opts.pop("trx_cache_used", False):
        # A previous statement of the transaction is in the trx cache.
        s.caches.trx_cache.append(new_query_event("INSERT INTO t VALUES (1)", database="test", thread_id=1,
                                                  timestamp=0, server_id=1))
    for k, v in opts.items():
        setattr(s, k, v)
    return s


@pytest.mark.parametrize("row", TABLE, ids=[f"{x.fmt}:{x.rule[:60]}" for x in TABLE])
def test_seed002_rule(row: Row) -> None:
    session = _session(row)
    if row.error is not None:
        with pytest.raises(ServerError) as ei:
            decide_logging_format(row.facts, session)
        assert ei.value.code == row.error
        return
    d = decide_logging_format(row.facts, session)
    assert d.logged
    assert d.row is row.row
    assert d.unsafe == row.unsafe
    assert d.warn_unsafe == (row.unsafe if row.warn else 0)


def test_decide_is_pure() -> None:
    """Deciding changes neither the statement nor the session: same input, same answer."""
    facts, session = Facts(w(t_innodb), has_limit=True), DecideFacts(binlog_format="MIXED")
    before = (repr(facts), repr(session))
    assert decide_logging_format(facts, session) == decide_logging_format(facts, session)
    assert (repr(facts), repr(session)) == before


def test_sql_log_bin_off_is_not_logged() -> None:
    assert decide_logging_format(Facts(w(so, ro)), DecideFacts(sql_log_bin=False)) is NOT_LOGGED


def test_innodb_at_read_committed_is_row_only_in_statement_format() -> None:
    """InnoDB at READ COMMITTED is limited to row logging: 1665 with InnoDB's suffix, and
    SHOW WARNINGS lists the engine's error 1030 after it (observed on MariaDB 10.11)."""
    with pytest.raises(ServerError) as ei:
        decide_logging_format(Facts(w(t_innodb)), DecideFacts(binlog_format="STATEMENT", isolation="READ-COMMITTED"))
    assert ei.value.code == 1665
    assert ei.value.message.endswith("READ COMMITTED or READ UNCOMMITTED.")
    assert [n.code for n in ei.value.trailing_notes] == [1030]


def test_row_injection_at_statement_is_refused_by_mysql80() -> None:
    """Seed 002: 'statement is a row injection and BINLOG_FORMAT = STATEMENT' (1666): MySQL 8.0
    refuses it, with its own wording (a final full stop)."""
    with pytest.raises(ServerError) as ei:
        decide_logging_format(Facts(w(t_innodb), row_injection=True),
                              DecideFacts(binlog_format="STATEMENT", flavor=mysql_8_0()))
    assert ei.value.code == 1666
    assert ei.value.message.endswith("BINLOG_FORMAT = STATEMENT.")


def test_create_select_target_is_no_written_n_table_below_repeatable_read() -> None:
    """MIXED, READ UNCOMMITTED: INSERT INTO n SELECT FROM t is mixed-unsafe (rows), while
    CREATE TABLE n SELECT FROM t is a statement: its new table is a placeholder when the
    server decides the format (observed on MariaDB 10.11)."""
    session = DecideFacts(binlog_format="MIXED", isolation="READ-UNCOMMITTED")
    uses = w(n_myisam) + r(t_innodb)
    assert decide_logging_format(Facts(uses), session).row
    assert not decide_logging_format(Facts(uses, created_table=n_myisam), session).row
