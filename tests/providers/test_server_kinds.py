"""The server matrix: kinds as data, roots built from Debian's archive, real MySQL 9.7 and
MariaDB 11.8 started through their root's loader, and runs between any two servers.

The servers are real (the roots are built on first use, ~1 min each, then cached in
$REPLBED_ROOTS or ~/.cache/replbed/roots); nothing here is a stand-in.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.config import FLAVORS, RunConfig
from harness.kinds import KINDS, ServerKind, UnknownKindError, family_of, get_kind, kind_for_flavor
from harness.profile import PROFILES, get_profile
from harness.providers import get_provider
from harness.providers.base import ServerSettings
from harness.providers.roots import RootBuildError, ensure_root, host_mirror, is_built, loader_argv

ROOT = Path(__file__).resolve().parents[2]
NEEDS_ROOT_BUILD = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("debootstrap"),
                                      reason="building a root needs root and debootstrap (scripts/bootstrap.sh)")


# -- kinds as data ------------------------------------------------------------------


def test_every_kind_names_a_flavour_and_profiles_of_its_own_family() -> None:
    assert set(KINDS) == {"mariadb-10.11", "mariadb-11.8", "mysql-9.7"}
    for kind in KINDS.values():
        assert kind.flavor in FLAVORS
        assert kind_for_flavor(kind.flavor) is kind
        assert kind.default_profile == kind.profiles[0]
        for name in kind.profiles:
            assert PROFILES[name].family == kind.family, (kind.name, name)
    assert get_kind(None).name == "mariadb-10.11"  # the default reference is unchanged
    assert not get_kind("mariadb-10.11").needs_root
    assert get_kind("mysql-9.7").suite == "sid" and get_kind("mariadb-11.8").suite == "trixie"
    assert family_of("mysql-8.0") == "mysql" and family_of("mariadb-11.8") == "mariadb"
    with pytest.raises(UnknownKindError, match="mysql-5.7"):
        get_kind("mysql-5.7")


def test_run_config_takes_the_reference_kinds_flavour_and_profile() -> None:
    default = RunConfig()
    assert (default.reference, default.candidate, default.flavor, default.profile) == \
        ("mariadb-10.11", "replbed", "mariadb-10.11", "debian")
    mysql = RunConfig(reference="mysql-9.7")
    assert (mysql.flavor, mysql.profile) == ("mysql-9.7", "mysql-9.7-gtid-off")
    up = RunConfig(candidate="mariadb-11.8")
    assert up.candidate_profile == "mariadb-11.8-debian"
    with pytest.raises(ValueError, match="mysql profile"):
        RunConfig(reference="mariadb-11.8", profile="mysql-9.7-gtid-on")
    with pytest.raises(ValueError, match="unknown reference"):
        RunConfig(reference="postgres-17")


def test_mysql_profiles_are_the_recorded_truths_options() -> None:
    off, on = get_profile("mysql-9.7-gtid-off"), get_profile("mysql-9.7-gtid-on")
    assert "--gtid-mode=OFF" in off.mysqld_options() and "--enforce-gtid-consistency=OFF" in off.mysqld_options()
    assert "--gtid-mode=ON" in on.mysqld_options() and "--enforce-gtid-consistency=ON" in on.mysqld_options()
    # everything else at the server's default: no charset, sql_mode or name-resolution option
    assert not any(o.startswith(("--character-set", "--collation", "--sql-mode", "--skip-name"))
                   for o in off.mysqld_options())
    # a TCP client from 127.0.0.1 is root@127.0.0.1 on MySQL (localhost is for the socket)
    assert off.matched_host("127.0.0.1") == "127.0.0.1"
    assert get_profile("debian").matched_host("127.0.0.1") == "localhost"
    assert "IDENTIFIED BY ''" in off.init_sql("")
    # MariaDB 11.8: Debian's packaged 50-server.cnf sets no character set
    deb = get_profile("mariadb-11.8-debian")
    assert not any(o.startswith(("--character-set", "--collation")) for o in deb.mariadbd_options())
    assert "--collation-server=utf8mb4_uca1400_ai_ci" in deb.serve_options()


# -- roots --------------------------------------------------------------------------


def test_the_roots_come_from_the_hosts_debian_mirror(tmp_path: Path) -> None:
    apt = tmp_path / "apt"
    (apt / "sources.list.d").mkdir(parents=True)
    (apt / "sources.list.d" / "debian.sources").write_text(
        "Types: deb\n# a comment\nURIs: http://mirror.example/debian\nSuites: bookworm\n\n"
        "Types: deb\nURIs: http://mirror.example/debian-security\nSuites: bookworm-security\n")
    assert host_mirror(apt) == "http://mirror.example/debian"
    (apt / "sources.list").write_text("deb [arch=amd64] http://other.example/debian bookworm main\n")
    assert host_mirror(apt) == "http://other.example/debian"
    assert host_mirror(tmp_path / "none") == "http://deb.debian.org/debian"


@NEEDS_ROOT_BUILD
def test_a_failed_build_leaves_no_half_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REPLBED_ROOTS", str(tmp_path / "roots"))
    bogus = ServerKind(name="bogus-1.0", family="mysql", flavor="mysql-9.7", description="no such suite",
                       suite="no-such-suite", packages=("mysql-server-core",), version_package="mysql-server-core",
                       server="usr/sbin/mysqld", install_db=None, client="usr/bin/mysql",
                       binlog_tool="usr/bin/mysqlbinlog", plugin_dir="usr/lib/mysql/plugin",
                       default_profile="mysql-9.7-gtid-off")
    lines: list[str] = []
    with pytest.raises(RootBuildError):
        ensure_root(bogus, progress=lines.append)
    assert lines and lines[0].startswith("[roots bogus-1.0] debootstrap")  # progress is shown
    left = sorted(p.name for p in (tmp_path / "roots").iterdir() if not p.name.endswith(".lock"))
    assert left == [], left  # neither the root nor its temporary build directory
    assert not is_built(bogus)


@pytest.fixture(scope="module", params=["mysql-9.7", "mariadb-11.8"])
def built(request: pytest.FixtureRequest) -> ServerKind:
    if os.geteuid() != 0 or not shutil.which("debootstrap"):
        pytest.skip("building a root needs root and debootstrap")
    kind = get_kind(request.param)
    ensure_root(kind, check=False)
    return kind


@pytest.mark.server
@pytest.mark.slow
def test_the_root_is_cached_with_its_package_version(built: ServerKind) -> None:
    from harness.providers.roots import read_stamp, root_path

    root = root_path(built)
    stamp = read_stamp(root)
    assert stamp is not None and stamp["packages"] == list(built.packages) and stamp["version"]
    assert ensure_root(built, check=False) == root  # cached: no rebuild
    out = subprocess.run([*loader_argv(built, root, built.server), "--version"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert ("9.7." if built.is_mysql else "11.8.") in out.stdout
    assert stamp["version"].split(":")[-1].startswith("9.7" if built.is_mysql else "11.8")


# -- real servers of the new kinds ------------------------------------------------------


def _binlog_events(handle, tmp_path: Path) -> list[dict]:
    from harness.binlog.records import records_from_files

    return records_from_files(handle.collect_binlogs(tmp_path / "collected"))


@pytest.mark.server
@pytest.mark.slow
@pytest.mark.parametrize("profile", ["mysql-9.7-gtid-off", "mysql-9.7-gtid-on"])
def test_mysql_97_runs_through_its_roots_loader(profile: str, tmp_path: Path) -> None:
    kind = get_kind("mysql-9.7")
    handle = get_provider("local", kind=kind.name).start(
        ServerSettings(flavor=kind.flavor, profile=get_profile(profile)), tmp_path / "srv")
    try:
        assert handle.info["argv"][0].endswith("ld-linux-x86-64.so.2")  # no chroot, no Docker
        conn = handle.connect()
        cur = conn.cursor()
        cur.execute("SELECT VERSION(), CURRENT_USER(), @@collation_server, @@gtid_mode, "
                    "@@enforce_gtid_consistency, @@secure_file_priv, @@server_id")
        version, user, coll, gtid, enforce, sfp, sid = cur.fetchall()[0]
        assert version.startswith("9.7.")
        assert user == "root@127.0.0.1"  # DEFINER of TCP clients, as the recorded truth
        assert coll == "utf8mb4_0900_ai_ci"
        on = profile.endswith("-on")
        assert gtid == ("ON" if on else "OFF") and str(enforce) == ("ON" if on else "OFF")
        assert sfp and sid == 1
        cur.execute(handle.reset_binlogs_sql)
        cur.execute("CREATE DATABASE test")
        cur.execute("CREATE TABLE test.t (a INT PRIMARY KEY) ENGINE=InnoDB")
        cur.execute("INSERT INTO test.t VALUES (1)")
        conn.close()
        types = [e["event_type"] for e in _binlog_events(handle, tmp_path)]
        assert types[:2] == ["Format_desc", "Previous_gtids"]
        assert types.count("Gtid" if on else "Anonymous_Gtid") == 3, types
    finally:
        handle.stop()
    assert not handle.alive()


@pytest.mark.server
@pytest.mark.slow
def test_mariadb_118_runs_with_debians_profile(tmp_path: Path) -> None:
    kind = get_kind("mariadb-11.8")
    handle = get_provider("local", kind=kind.name).start(
        ServerSettings(flavor=kind.flavor, profile=get_profile(kind.default_profile)), tmp_path / "srv")
    try:
        conn = handle.connect()
        cur = conn.cursor()
        cur.execute("SELECT VERSION(), @@character_set_server, @@collation_server, @@binlog_legacy_event_pos")
        version, cs, coll, legacy = cur.fetchall()[0]
        assert version.startswith("11.8.") and cs == "utf8mb4" and coll == "utf8mb4_uca1400_ai_ci"
        assert legacy == 0
        cur.execute("RESET MASTER")
        cur.execute("CREATE DATABASE test")
        conn.close()
        types = [e["event_type"] for e in _binlog_events(handle, tmp_path)]
        assert types[:3] == ["Format_desc", "Gtid_list", "Binlog_checkpoint"] and "Gtid" in types
    finally:
        handle.stop()


# -- runs between any two servers --------------------------------------------------------


def _run(tmp_path: Path, run_id: str, *args: str) -> tuple[int, str, Path]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    res = subprocess.run([sys.executable, "-m", "harness.cli", "run", "--out", str(tmp_path), "--run-id", run_id,
                          *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)
    return res.returncode, res.stdout + res.stderr, tmp_path / run_id


@pytest.mark.server
@pytest.mark.slow
def test_two_mysql_97_servers_agree_noise_zero(tmp_path: Path) -> None:
    rc, out, run_dir = _run(tmp_path, "noise", "--reference", "mysql-9.7", "--candidate", "mysql-9.7",
                            "--workloads", str(ROOT / "workloads" / "load_data.wl"), "--formats", "ROW", "STATEMENT")
    summary = json.loads((run_dir / "summary.json").read_text())
    assert rc == 0, out[-3000:]
    assert summary and all(r["status"] == "pass" for r in summary)
    plan = json.loads((run_dir / "plan.json").read_text())
    assert (plan["reference"], plan["candidate"], plan["flavor"]) == ("mysql-9.7", "mysql-9.7", "mysql-9.7")


@pytest.mark.server
@pytest.mark.slow
def test_the_upgrade_check_classifies_every_difference(tmp_path: Path) -> None:
    rc, out, run_dir = _run(tmp_path, "upgrade", "--reference", "mariadb-10.11", "--candidate", "mariadb-11.8",
                            "--workloads", str(ROOT / "workloads" / "basic_dml.wl"))
    assert rc == 0, out[-3000:]
    summary = json.loads((run_dir / "summary.json").read_text())
    assert {r["status"] for r in summary} <= {"pass", "known_difference"}
    assert any(r["status"] == "known_difference" for r in summary)
    findings = json.loads((run_dir / "diff" / "findings.json").read_text())
    cats = {f["category"] for p in findings["pairs"] for f in p["findings"]}
    assert "status variables" in cats
    assert all(not p["unclassified"] for p in findings["pairs"])
    assert "status variables:" in out and "[classified]" in out  # the text summary groups them
    html = (run_dir / "report" / "index.html").read_text()
    assert "mariadb-10.11 → mariadb-11.8, by kind" in html


def test_an_undeclared_difference_still_fails(tmp_path: Path) -> None:
    from harness.pipeline.verdict import verdict

    rec = {"events_match": False, "gtid_layout_ok": True, "tables_match": True, "outcomes_match": True,
           "replay_ok": True, "expectation_ok": True, "classified_checks": []}
    assert verdict(rec).status.value == "differs"
    assert verdict({**rec, "classified_checks": ["events_match"]}).status.value == "known_difference"
    assert verdict({**rec, "classified_checks": ["events_match"]}).passed
    # a check that did not run is never classified away
    assert verdict({**rec, "replay_ok": None, "classified_checks": ["events_match", "replay_ok"]}).status.value \
        == "differs"


def test_a_family_only_case_is_listed_not_applicable(tmp_path: Path) -> None:
    from harness.pipeline.regression import PlanError, plan_run

    wl = tmp_path / "family.wl"
    wl.write_text("[case only_mariadb]\nservers = mariadb  # MariaDB's own syntax\ncon1: SELECT 1\n\n"
                  "[case everywhere]\ncon1: SELECT 1 => mysql-9.7:OK\n")
    run_dir = plan_run(RunConfig(workloads=str(wl), reference="mysql-9.7", out_dir=tmp_path / "runs",
                                 run_id="na"))
    plan = json.loads((run_dir / "plan.json").read_text())
    assert [c["name"] for c in plan["cases"]] == ["everywhere"]
    assert plan["not_applicable"] == [{"case": "only_mariadb", "servers": ["mariadb"], "not_for": ["mysql-9.7"],
                                       "reason": "MariaDB's own syntax", "source": str(wl)}]
    run_dir = plan_run(RunConfig(workloads=str(wl), out_dir=tmp_path / "runs", run_id="all"))
    assert len(json.loads((run_dir / "plan.json").read_text())["cases"]) == 2
    with pytest.raises(PlanError, match="no case applies to mysql-9.7"):
        plan_run(RunConfig(workloads=str(wl), cases=("only_*",), reference="mysql-9.7",
                           out_dir=tmp_path / "runs"))


def test_a_known_difference_is_not_a_pipeline_error_for_the_gx_gate() -> None:
    """GX sees the declared differences too (events differ): that agrees with the checks."""
    from harness.pipeline.verdict import gate_suites

    rec = {"case": "c", "format": "ROW", "events_match": False, "gtid_layout_ok": True, "tables_match": True,
           "outcomes_match": True, "replay_ok": True, "expectation_ok": True, "classified_checks": ["events_match"]}
    suite = {"suite": "event_sequence", "success": False,
             "failed": [{"expectation": "expect_column_values_to_be_in_set", "column": "n_diff_events",
                         "unexpected_rows": [{"case": "c", "format": "ROW"}]}]}
    gate = gate_suites([suite], [rec])
    assert gate.pair_errors == {} and gate.gx_ok[("c", "ROW")] is True
    passing = {**rec, "events_match": True, "classified_checks": []}
    assert gate_suites([suite], [passing]).pair_errors  # on a pair every check agreed on, still an error


@pytest.mark.server
@pytest.mark.slow
@pytest.mark.parametrize("kind_name", ["mariadb-10.11", "mariadb-11.8"])
def test_a_starting_server_leaves_the_others_temporary_tables_alone(kind_name: str, tmp_path: Path) -> None:
    """A starting MariaDB deletes every #sql* file in its tmpdir: each server has its own
    (--tmpdir under its workdir), or a MyISAM temporary table of a running one is gone (1051)."""
    kind = get_kind(kind_name)
    settings = ServerSettings(flavor=kind.flavor, profile=get_profile(kind.default_profile))
    provider = get_provider("local", kind=kind.name)
    first = provider.start(settings, tmp_path / "a")
    second = None
    try:
        conn = first.connect()
        cur = conn.cursor()
        cur.execute("CREATE DATABASE test")
        cur.execute("CREATE TEMPORARY TABLE test.tt (a INT) ENGINE=MyISAM")
        cur.execute("SELECT @@tmpdir")
        assert str(tmp_path / "a") in cur.fetchall()[0][0]
        second = provider.start(settings, tmp_path / "b")
        cur.execute("DROP TEMPORARY TABLE test.tt")  # 1051 if the second start removed its files
        conn.close()
    finally:
        first.stop()
        if second is not None:
            second.stop()
