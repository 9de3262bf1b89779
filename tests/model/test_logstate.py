"""harness/model/logstate.py: the transaction's and statement's logging state, and the
StateField descriptor that keeps the session's attribute names working."""

from __future__ import annotations

from harness.model.logstate import StateField, StmtLogState, TrxLogState


class _Session:
    trx_xa_rw = StateField[bool]("trx_log", "xa_rw")
    stmt_thread_specific = StateField[bool]("stmt_log", "thread_specific")

    def __init__(self) -> None:
        self.trx_log = TrxLogState()
        self.stmt_log = StmtLogState()


def test_state_fields_read_and_write_the_dataclasses() -> None:
    s = _Session()
    assert s.trx_xa_rw is False
    s.trx_xa_rw = True
    s.stmt_thread_specific = True
    assert s.trx_log.xa_rw and s.stmt_log.thread_specific


def test_a_new_transaction_state_starts_clean() -> None:
    s = _Session()
    s.trx_xa_rw = True
    s.trx_log = TrxLogState()  # what ending a transaction does
    assert s.trx_xa_rw is False
    assert isinstance(_Session.trx_xa_rw, StateField)
