"""harness/sql/parse/stmtinfo.py: what a statement touches, gathered once."""

from __future__ import annotations

from harness.sql.parse.stmtinfo import StatementInfo


def test_a_table_read_then_written_is_one_use_that_is_both() -> None:
    info = StatementInfo(kind="INSERT_SELECT")
    t, u = object(), object()
    info.add(t, False)
    info.add(u, False)
    info.add(t, True)
    assert len(info.uses) == 2
    assert info.written == [t] and info.read_only_tables == [u]
    assert info.uses[0].read and info.uses[0].write


def test_every_write_opener_gets_a_table_map() -> None:
    info = StatementInfo(kind="INSERT")
    t = object()
    assert info.table_map_count(t) == 1
    info.write_openers[id(t)] = {"", "trg"}
    assert info.table_map_count(t) == 2
