"""harness/model/logstate.py: the transaction's and statement's logging state."""

from __future__ import annotations

from harness.model.logstate import StmtLogState, TrxLogState


def test_a_new_transaction_state_starts_clean() -> None:
    trx = TrxLogState()
    trx.xa_rw = True
    assert TrxLogState().xa_rw is False  # what ending a transaction does: a new state
    assert StmtLogState().thread_specific is False
