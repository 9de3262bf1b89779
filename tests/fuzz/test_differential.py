"""``judge_all`` (a verdict's replay overlapping the next case's runs) judges as ``judge``.

Real MariaDBs on every side (the "replbed" side is a second MariaDB, as in
test_shrink_servers.py), replay on: the pipelined verdicts, their replay
results included, equal the one-after-the-other verdicts of the same cases,
and each replay read its own case's binlogs (the two slots' directories).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from harness.fuzz.differential import FuzzServers, judge, judge_all
from harness.workload import parse_workload

pytestmark = [pytest.mark.server, pytest.mark.slow,
              pytest.mark.skipif(not (shutil.which("mariadbd") or Path("/usr/sbin/mariadbd").exists()),
                                 reason="needs mariadbd")]

CASES = """\
[case one]
setup: CREATE TABLE t1 (k INT PRIMARY KEY, a VARCHAR(10)) ENGINE=InnoDB
con1: INSERT INTO t1 VALUES (1, 'x'), (2, 'y')
con1: UPDATE t1 SET a = 'z' WHERE k = 2

[case two]
setup: CREATE TABLE t2 (k INT, b INT) ENGINE=MyISAM
con1: INSERT INTO t2 VALUES (1, 10), (2, 20), (3, 30)
con1: DELETE FROM t2 WHERE k = 1

[case three]
con1: CREATE TABLE t3 (d DECIMAL(6,2)) ENGINE=InnoDB
con1: INSERT INTO t3 VALUES (1.5), (NULL)
"""


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    with FuzzServers(tmp_path_factory.mktemp("judge_all"), replbed_provider="local", noise=False) as s:
        yield s


def _key(j) -> tuple:  # type: ignore[no-untyped-def]
    return (j.case.name, j.format, j.record, [d.klass for d in j.differences])


def test_pipelined_verdicts_equal_serial_ones_replays_included(servers):
    cases = parse_workload(CASES)
    items = [(c, f) for f in ("ROW", "STATEMENT") for c in cases]
    pipelined = list(judge_all(servers, items, noise=False))
    # the last two cases ran in the two slots: each slot keeps its own case's binlogs
    work = servers.workdir / "cases"
    slot0 = (work / "reference" / "binlog" / "binlog.000001").read_bytes()
    slot1 = (work / "reference.1" / "binlog" / "binlog.000001").read_bytes()
    assert b"TABLE t2" in slot0 and b"t3" not in slot0 and b"TABLE t3" in slot1
    serial = [judge(servers, c, f, noise=False) for c, f in items]
    assert [_key(j) for j in pipelined] == [_key(j) for j in serial]
    assert all(j.record["replay_ok"] is True for j in pipelined)
