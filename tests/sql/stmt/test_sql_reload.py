"""harness/sql/stmt/sql_reload.py: FLUSH BINARY LOGS DELETE_DOMAIN_ID (rpl_binlog_state::drop_domain;
the binlog suite's binlog_flush_binlogs_delete_domain and workloads/breadth_mtr.wl compare it
with MariaDB 10.11)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_a_domain_leaves_the_state_once_its_files_are_purged(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("SET gtid_domain_id = 1")
    s.execute("CREATE TABLE t (a INT)")
    with pytest.raises(ServerError) as e:
        s.execute("FLUSH BINARY LOGS DELETE_DOMAIN_ID = (1)")
    assert e.value.code == 1076 and "('1') being deleted" in e.value.message
    binlog = bed.state.binlog
    s.execute("FLUSH BINARY LOGS")
    s.execute(f"PURGE BINARY LOGS TO '{binlog.files[-1]}'")
    n = len(binlog.files)
    s.execute("FLUSH BINARY LOGS DELETE_DOMAIN_ID = (1, 5)")
    assert [r[2] for r in s.execute("SHOW WARNINGS").rows] == [
        "The gtid domain being deleted ('5') is not in the current binlog state"]
    assert len(binlog.files) == n + 1 and 1 not in binlog.gtid_state
    s.execute("INSERT INTO t VALUES (1)")
    assert binlog.gtid_state[1] == {1: 1}  # the domain's counter went with it


def test_nothing_removed_nothing_rotates(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    binlog = bed.state.binlog
    n = len(binlog.files)
    s.execute("FLUSH BINARY LOGS DELETE_DOMAIN_ID = (99)")
    assert len(binlog.files) == n
    s.execute("FLUSH BINARY LOGS DELETE_DOMAIN_ID = ()")
    assert len(binlog.files) == n + 1
    with pytest.raises(ServerError) as e:
        s.execute("FLUSH BINARY LOGS DELETE_DOMAIN_ID = (4294967296)")
    assert e.value.code == 1076
