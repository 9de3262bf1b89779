"""The fuzz judge, noise filter and shrinker on real MariaDBs, with a planted difference.

No mock stands in for a server: the "replbed" side is a second real MariaDB
started with ``--sql-mode=`` (non-strict), so a too-long string is an error on
the reference (strict by default) and a warning on the other side. The
shrinker must cut the case down to the one table, the one column and the one
row that show it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from harness.fuzz.differential import FuzzServers, judge, quick_class
from harness.fuzz.shrink import Shrinker
from harness.fuzz.wl import case_text
from harness.providers.base import ServerSettings
from harness.workload import parse_workload

pytestmark = [pytest.mark.server, pytest.mark.slow,
              pytest.mark.skipif(not (shutil.which("mariadbd") or Path("/usr/sbin/mariadbd").exists()),
                                 reason="needs mariadbd")]

PLANTED = """\
[case planted]
session.binlog_row_image = FULL
session.tx_isolation = 'READ-COMMITTED'
setup: CREATE TABLE t1 (k INT, a VARCHAR(2), b INT) ENGINE=InnoDB
setup: INSERT INTO t1 (k, a, b) VALUES (1, 'x', 1), (2, 'y', 2)
setup: CREATE TABLE t2 (k INT PRIMARY KEY) ENGINE=MyISAM
con1: UPDATE t1 SET b = b + 1
con1: INSERT INTO t2 (k) VALUES (1), (2)
con1: INSERT INTO t1 (k, a, b) VALUES (3, 'ok', 3), (4, 'toolong', 4), (5, 'z', 5)
con1: DELETE FROM t1 WHERE k = 1
con1: INSERT INTO t2 (k) VALUES (3)
"""


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    lax = ServerSettings(extra_options=("--sql-mode=",))
    with FuzzServers(tmp_path_factory.mktemp("fuzz"), replbed_provider="local", replay=False,
                     replbed_settings=lax, noise_settings=lax) as s:
        yield s


def test_planted_difference_is_found_noise_is_dropped_and_shrunk(servers):
    (case,) = parse_workload(PLANTED)
    j = judge(servers, case, "ROW")
    # the checker fails when fed a difference ...
    assert not j.verdict.passed
    assert j.klass == "outcome:INSERT 1406 vs OK"
    # ... and the noise server (given the same lax setting) disagrees with the reference too,
    # so a real fuzz run would have dropped this case before scoring it
    assert j.noise and j.noise[0].klass == "outcome:INSERT 1406 vs OK"

    sh = Shrinker(lambda c, f: quick_class(servers, c, f), "ROW", budget=80)
    minimal = sh.shrink(case, j.klass)
    assert [(s.connection, s.sql) for s in minimal.setup + minimal.steps] == [
        ("setup", "CREATE TABLE t1 (a VARCHAR(2)) ENGINE=InnoDB"),
        ("con1", "INSERT INTO t1 (a) VALUES ('toolong')"),
    ]
    assert minimal.settings.settings == ()
    assert 0 < sh.runs <= 80
    # the cache: shrinking again costs no server run
    before = sh.runs
    assert sh.klass(minimal) == j.klass and sh.runs == before
    # the written repro is a valid workload that carries the reference's outcome
    text = case_text(minimal, name="planted_min", expected=[None, 1406], formats=("ROW",))
    (again,) = parse_workload(text)
    assert again.steps[0].expected_error == 1406


def test_identical_servers_match(servers):
    (case,) = parse_workload(PLANTED.replace("'toolong'", "'tl'"))
    j = judge(servers, case, "STATEMENT")
    assert j.differences == [] and j.noise == []
    # no replay server in this fixture: a check that did not run is not a pass
    assert j.record["replay_ok"] is None and not j.verdict.passed


def test_a_server_killed_between_cases_is_restarted(servers):
    (case,) = parse_workload(PLANTED)
    servers.handles["replbed"].stop()   # as a stray `cleanup --force` would
    j = judge(servers, case, "ROW")
    assert servers.restarts.get("replbed") == 1
    assert j.klass == "outcome:INSERT 1406 vs OK"
