"""DockerProvider against real containers from the offline image (no mocks for Docker).

The session fixture makes Docker usable exactly as a user would: it runs
``scripts/build_image.sh`` (``make image``), which installs docker.io and
debootstrap when missing, starts ``dockerd`` when none runs, and builds
``replbed/mariadb:10.11`` from a debootstrap base when it is not built yet
(~50 s cold, ~0.1 s warm).  If Docker cannot work on the machine the tests
skip with the build's own error.

The session finalizer asserts that no container, network or volume carrying
replbed's label was left behind by the suite.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from harness.binlog.records import records_from_files
from harness.providers import get_provider
from harness.providers.base import (
    PortInUseError,
    ServerDiedError,
    ServerSettings,
    StartTimeoutError,
)
from harness.runner import run_case, run_side
from harness.workload import load_workloads, parse_workload
from tests.providers._shared import docker_client_or_skip

pytestmark = [pytest.mark.docker, pytest.mark.server]

ROOT = Path(__file__).resolve().parents[2]
SEED_FILE = ROOT / "workloads" / "seed000_wl2687.wl"
SEED_CASE = "seed000_example2_nstmt_overtakes"


def _owner_filter() -> dict[str, str]:
    from harness.providers.docker import OWNER_FILTER

    return OWNER_FILTER


@pytest.fixture(scope="session")
def docker_client() -> Any:
    """A Docker client with the offline image built; skips with the reason if impossible."""
    client = docker_client_or_skip()
    before = {c.id for c in client.containers.list(all=True, filters=_owner_filter(), sparse=True)}
    nets_before = {n.id for n in client.networks.list(filters=_owner_filter())}
    vols_before = {v.name for v in client.volumes.list(filters=_owner_filter())}
    yield client
    # Nothing the suite started may survive it (reapers of killed children
    # need up to a second to notice).
    deadline = time.monotonic() + 10
    while True:
        left = [c for c in client.containers.list(all=True, filters=_owner_filter(), sparse=True)
                if c.id not in before]
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    nets = [n.name for n in client.networks.list(filters=_owner_filter()) if n.id not in nets_before]
    vols = [v.name for v in client.volumes.list(filters=_owner_filter()) if v.name not in vols_before]
    assert not left, f"containers left behind: {[(c.id[:12], c.status) for c in left]}"
    assert not nets and not vols, f"left behind: networks {nets}, volumes {vols}"


@pytest.fixture
def provider(docker_client: Any) -> Any:
    from harness.providers.docker import DockerProvider

    with DockerProvider() as p:
        yield p


def _run_containers(client: Any, run_id: str) -> list[Any]:
    # sparse: no inspect per container, which raises 404 for one a reaper removes meanwhile
    return client.containers.list(all=True, filters={"label": f"replbed.run={run_id}"}, sparse=True)


# -- the image and one server ---------------------------------------------------------


def test_server_settings_port_and_password(provider: Any, docker_client: Any, tmp_path: Path):
    with provider.start(ServerSettings(server_id=7), tmp_path / "a") as h:
        assert h.alive() and h.host == "127.0.0.1" and h.port > 0
        conn = h.connect()
        cur = conn.cursor()
        cur.execute("SELECT @@log_bin, @@server_id, @@binlog_checksum, @@character_set_server,"
                    " @@collation_server, @@version, @@log_bin_basename")
        log_bin, sid, checksum, charset, coll, version, basename = cur.fetchone()
        assert (log_bin, sid, checksum, charset, coll) == (1, 7, "CRC32", "utf8mb4",
                                                           "utf8mb4_general_ci")
        assert version.startswith("10.11.") and basename == "/var/lib/replbed-binlog/binlog"
        c = docker_client.containers.get(h.info["container_id"])
        # The host's network namespace (the client comes from 127.0.0.1 and is matched
        # as the profile's account, as with the local provider), bound to the loopback
        # only, under replbed's labels.
        assert c.attrs["HostConfig"]["NetworkMode"] == "host"
        cur.execute("SELECT @@bind_address, @@port, CURRENT_USER()")
        assert cur.fetchone() == ("127.0.0.1", h.port, "root@localhost")
        assert c.labels["replbed.owner"] == "replbed"
        assert c.labels["replbed.run"] == provider.run_id
        # The password is per container and nowhere in the image.
        image_env = docker_client.images.get(c.image.id).attrs["Config"].get("Env") or []
        assert not any(h.password in e for e in image_env)
        assert len(h.password) >= 20
        with provider.start(ServerSettings(), tmp_path / "b") as h2:
            assert h2.password != h.password and h2.port != h.port
        import mysql.connector

        with pytest.raises(mysql.connector.Error):
            h.connect(password="wrong").close()
        # The port is not published on other addresses.
        other = _non_loopback_ip()
        if other:
            with pytest.raises(OSError):
                socket.create_connection((other, h.port), timeout=1).close()
    assert not h.alive()
    assert not _run_containers(docker_client, provider.run_id)
    assert (tmp_path / "a" / "server.log").read_text().count("ready for connections") == 1


def _non_loopback_ip() -> str | None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent for UDP connect
            ip = s.getsockname()[0]
    except OSError:
        return None
    return None if ip.startswith("127.") else ip


def test_binlog_files_are_copied_out_of_the_container(provider: Any, tmp_path: Path):
    with provider.start(ServerSettings(), tmp_path / "srv") as h:
        conn = h.connect()
        cur = conn.cursor()
        cur.execute("CREATE DATABASE d")
        cur.execute("FLUSH BINARY LOGS")
        cur.execute("CREATE TABLE d.t (a INT) ENGINE=InnoDB")
        assert h.binlog_files() == ["binlog.000001", "binlog.000002"]
        files = h.collect_binlogs(tmp_path / "out")
        cur.execute("SHOW BINARY LOGS")
        sizes = {name: int(size) for name, size, *_ in cur.fetchall()}
    assert [f.name for f in files] == ["binlog.000001", "binlog.000002"]
    for f in files:
        assert f.read_bytes()[:4] == b"\xfebin" and f.stat().st_size == sizes[f.name]
    queries = [r["query"] for r in records_from_files(files) if r["event_type"] == "Query"]
    assert "CREATE DATABASE d" in queries and "CREATE TABLE d.t (a INT) ENGINE=InnoDB" in queries


# -- docker vs local on a seed case -----------------------------------------------------

_MASKS = (
    (re.compile(r"xid=\d+"), "xid=#"),
    (re.compile(r"table_id: \d+"), "table_id: #"),
)


def _mask(info: str) -> str:
    for rx, repl in _MASKS:
        info = rx.sub(repl, info)
    return info


def _show_binlog_events(handle: Any) -> list[tuple[str, str]]:
    conn = handle.connect()
    cur = conn.cursor()
    out: list[tuple[str, str]] = []
    cur.execute("SHOW BINARY LOGS")
    for name, *_ in cur.fetchall():
        cur.execute(f"SHOW BINLOG EVENTS IN '{name}'")
        out += [(str(r[2]), _mask(str(r[5]))) for r in cur.fetchall()]
    conn.close()
    return out


def _decoded(files: list[Path]) -> list[tuple[str, str]]:
    return [(r["event_type"], _mask(r["info"])) for r in records_from_files(files)]


def test_seed_case_identical_to_local_provider(provider: Any, tmp_path: Path):
    (case,) = [c for c in load_workloads(str(SEED_FILE)) if c.name == SEED_CASE]
    results: dict[str, dict[str, Any]] = {}
    for name, prov in (("local", get_provider("local")), ("docker", provider)):
        with prov.start(ServerSettings(), tmp_path / name / "srv") as h:
            per_format = {}
            for fmt in ("STATEMENT", "ROW", "MIXED"):
                dest = tmp_path / name / fmt
                out = run_case(h, case, fmt, dest, side=name)
                assert out.status == "ok", (name, fmt, out.error)
                files = [dest / "binlog" / f for f in out.binlog_files]
                per_format[fmt] = {
                    "show": _show_binlog_events(h),
                    "decoded": _decoded(files),
                    "tables": out.tables,
                    "statements": [(s.sql, s.error_code) for s in out.statements],
                }
            results[name] = per_format
    for fmt in ("STATEMENT", "ROW", "MIXED"):
        local, dock = results["local"][fmt], results["docker"][fmt]
        assert dock["show"] == local["show"], fmt
        assert dock["tables"] == local["tables"], fmt
        assert dock["statements"] == local["statements"], fmt
        # The copied files say the same as the server's own SHOW BINLOG EVENTS.
        assert dock["decoded"] == local["decoded"], fmt
        assert [e for e, _ in dock["show"]].count("Gtid") >= 3
    assert any(t.startswith("Write_rows") for t, _ in results["docker"]["ROW"]["show"])


def test_regression_pipeline_selects_docker(docker_client: Any, tmp_path: Path):
    """get_provider('docker') is what `replbed run --provider docker` and the DAG use."""
    from harness.providers.docker import DockerProvider

    prov = get_provider("docker")
    assert isinstance(prov, DockerProvider) and prov.name == "docker"
    cases = parse_workload(textwrap.dedent("""\
        [case one]
        setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB
        con1: INSERT INTO t VALUES (1)
        [case two]
        setup: CREATE TABLE t (a INT PRIMARY KEY) ENGINE=MyISAM
        con1: INSERT INTO t VALUES (2)
        """), "t.wl")
    outs = run_side(tmp_path, "reference", prov, cases, ["ROW", "STATEMENT"])
    assert [(o.case, o.format, o.status) for o in outs] == [
        ("one", "ROW", "ok"), ("one", "STATEMENT", "ok"),
        ("two", "ROW", "ok"), ("two", "STATEMENT", "ok")]
    assert (tmp_path / "cases" / "two" / "STATEMENT" / "reference" / "binlog" / "binlog.000001").exists()
    assert not _run_containers(docker_client, prov.run_id)


# -- faults -------------------------------------------------------------------------------

FAULT_CASES = """\
[case before]
setup: CREATE TABLE t (a INT) ENGINE=InnoDB
con1: INSERT INTO t VALUES (1)

[case victim]
setup: CREATE TABLE t (a INT) ENGINE=InnoDB
setup: INSERT INTO t VALUES (41)
con1: INSERT INTO t VALUES (42)
con1: SELECT SLEEP(30)
con1: INSERT INTO t VALUES (43)

[case after]
setup: CREATE TABLE t (a INT) ENGINE=MyISAM
con1: INSERT INTO t VALUES (3)
"""


@pytest.mark.parametrize("kind_name", ["mariadb-10.11", "mysql-9.7"])
def test_container_killed_mid_workload(docker_client: Any, tmp_path: Path, kind_name: str):
    """`docker kill` during a case: that case fails with the reason, the rest run, nothing leaks
    -- from the offline MariaDB image and from an image imported from a kind's root."""
    from harness.kinds import get_kind
    from harness.profile import get_profile

    kind = get_kind(kind_name)
    if kind.needs_root and os.geteuid() != 0:
        pytest.skip("the root of this kind is built as root")
    settings = ServerSettings(flavor=kind.flavor, profile=get_profile(kind.default_profile))
    cases = parse_workload(FAULT_CASES, "fault.wl")
    prov: Any = get_provider("docker", kind=kind_name)
    killed: list[str] = []
    handles: list[Any] = []
    real_start = prov.start

    def start(settings: ServerSettings, workdir: Path):  # type: ignore[no-untyped-def]
        h = real_start(settings, workdir)
        handles.append(h)
        return h

    def killer() -> None:
        # Wait until the SLEEP runs, then `docker kill` the container (a real SIGKILL).
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            for h in list(handles):
                try:
                    conn = h.connect(connection_timeout=2)
                    cur = conn.cursor()
                    cur.execute("SELECT COUNT(*) FROM information_schema.processlist "
                                "WHERE info LIKE 'SELECT SLEEP%'")
                    (n,) = cur.fetchone()
                    conn.close()
                except Exception:  # noqa: BLE001 - not up yet / already gone
                    continue
                if n:
                    cid = h.info["container_id"]
                    subprocess.run(["docker", "kill", cid], check=True, capture_output=True)
                    killed.append(cid)
                    return
            time.sleep(0.1)

    prov.start = start  # type: ignore[method-assign]
    t = threading.Thread(target=killer, daemon=True)
    t.start()
    t0 = time.monotonic()
    outs = run_side(tmp_path, "reference", prov, cases, ["ROW"], settings=settings)
    t.join(timeout=5)
    assert killed, "the killer never saw the SLEEP"
    by_case = {o.case: o for o in outs}
    assert by_case["before"].status == "ok"
    victim = by_case["victim"]
    assert victim.status == "failed"
    assert "lost" in victim.error.lower() or "not running" in victim.error, victim.error
    assert "server is not running" in victim.error
    # What was collected is kept: outcome.json, the statements up to the kill
    # and the binlog copied out of the dead container.
    vdir = tmp_path / "cases" / "victim" / "ROW" / "reference"
    saved = json.loads((vdir / "outcome.json").read_text())
    assert saved["status"] == "failed" and saved["error"] == victim.error
    assert [s["sql"] for s in saved["statements"]][:3] == [
        "CREATE TABLE t (a INT) ENGINE=InnoDB", "INSERT INTO t VALUES (41)",
        "INSERT INTO t VALUES (42)"]
    files = [vdir / "binlog" / f for f in victim.binlog_files]
    assert files and all(f.exists() for f in files)
    queries = [r["query"] for r in records_from_files(files)]
    assert "CREATE TABLE t (a INT) ENGINE=InnoDB" in queries
    # The other cases still ran, on a fresh container.
    assert by_case["after"].status == "ok"
    assert by_case["after"].tables["t"]["rows"] == [["3"]]
    assert time.monotonic() - t0 < 90
    assert not _run_containers(docker_client, prov.run_id)
    assert (tmp_path / "servers" / "reference" / "server.log").exists()


def test_port_clash_is_a_clear_error(provider: Any, docker_client: Any, tmp_path: Path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        t0 = time.monotonic()
        with pytest.raises(PortInUseError, match=str(port)):
            provider.start(ServerSettings(port=port), tmp_path)
        assert time.monotonic() - t0 < 5
    # A port docker itself has published for another container.
    with provider.start(ServerSettings(), tmp_path / "first") as h:
        with pytest.raises(PortInUseError):
            provider.start(ServerSettings(port=h.port), tmp_path / "second")
    assert not _run_containers(docker_client, provider.run_id)


def test_docker_refuses_a_published_port_clash(provider: Any, docker_client: Any,
                                               tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Past our own check (a race), the daemon's bind error is a PortInUseError too."""
    import harness.providers.docker as mod

    with provider.start(ServerSettings(), tmp_path / "first") as h:
        monkeypatch.setattr(mod, "port_is_free", lambda port, host="127.0.0.1": True)
        with pytest.raises(PortInUseError, match="127.0.0.1"):
            provider.start(ServerSettings(port=h.port), tmp_path / "second")
        assert [c.id for c in _run_containers(docker_client, provider.run_id)] == [
            h.info["container_id"]]


def test_slow_start_times_out(provider: Any, docker_client: Any, tmp_path: Path):
    # A server that runs but never accepts TCP: the wait must end at the timeout
    # (a short timeout alone is racy: a warm container can be ready in 0.2 s).
    t0 = time.monotonic()
    with pytest.raises(StartTimeoutError, match="within 2s") as err:
        provider.start(ServerSettings(start_timeout=2, extra_options=("--skip-networking",)), tmp_path)
    assert time.monotonic() - t0 < 15
    assert "127.0.0.1" in str(err.value)
    assert not _run_containers(docker_client, provider.run_id)


def test_server_that_exits_at_start(provider: Any, docker_client: Any, tmp_path: Path):
    with pytest.raises(ServerDiedError, match="unknown option"):
        provider.start(ServerSettings(extra_options=("--no-such-option-here",)), tmp_path)
    assert not _run_containers(docker_client, provider.run_id)


def test_missing_image_is_a_clear_error(docker_client: Any, tmp_path: Path):
    from harness.providers.docker import DockerProvider, ImageMissingError

    t0 = time.monotonic()
    with pytest.raises(ImageMissingError, match="replbed/no-such-image:0.*build it with"):
        DockerProvider(image="replbed/no-such-image:0").start(ServerSettings(), tmp_path)
    assert time.monotonic() - t0 < 5


def test_no_daemon_and_not_root_says_how_to_fix(monkeypatch: pytest.MonkeyPatch):
    import harness.providers.docker as mod

    monkeypatch.setattr(mod, "_ping", lambda timeout=5.0: None)
    monkeypatch.setattr(mod.os, "geteuid", lambda: 1000)
    with pytest.raises(mod.DockerUnavailableError, match="docker_setup.sh"):
        mod.docker_client()
    with pytest.raises(mod.DockerUnavailableError, match="no Docker daemon"):
        mod.DockerProvider().start(ServerSettings(), Path("/nonexistent-unused"))


# -- nothing left behind: cleanup, signals, a SIGKILLed harness --------------------------------


def test_cleanup_removes_leftovers_of_a_crashed_run(docker_client: Any, capsys: Any):
    from harness.cli import main

    dead_pid = _dead_pid()
    labels = {"replbed.owner": "replbed", "replbed.run": "crashed-test",
              "replbed.harness-pid": str(dead_pid)}
    c = docker_client.containers.create("replbed/mariadb:10.11", labels=labels,
                                        environment={"MARIADB_ROOT_PASSWORD": "x" * 20})
    net = docker_client.networks.create("replbed-crashed-test", labels=labels)
    vol = docker_client.volumes.create("replbed-crashed-test", labels=labels)
    # A container of a harness that still runs (this one) is kept.
    mine = docker_client.containers.create(
        "replbed/mariadb:10.11", environment={"MARIADB_ROOT_PASSWORD": "x" * 20},
        labels={**labels, "replbed.run": "live-test", "replbed.harness-pid": str(os.getpid()),
                "replbed.harness-start": _start_time(os.getpid())})
    try:
        assert main(["cleanup"]) == 0
        out = capsys.readouterr().out
        assert f"removed container {c.name}" in out and "removed network replbed-crashed-test" in out
        assert "removed volume replbed-crashed-test" in out and f"kept container {mine.name}" in out
        names = {x.name for x in docker_client.containers.list(all=True)}
        assert c.name not in names and mine.name in names
        assert not docker_client.networks.list(names=["replbed-crashed-test"])
        assert not [v for v in docker_client.volumes.list() if v.name == "replbed-crashed-test"]
    finally:
        mine.remove(force=True)
        for obj in (c, net, vol):
            try:
                obj.remove()
            except Exception:  # noqa: BLE001 - already removed by the test
                pass


def _start_time(pid: int) -> str:
    from harness.providers.process import _proc_start_time

    return _proc_start_time(pid) or ""


def _dead_pid() -> int:
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


_CHILD = """\
import sys, time
from pathlib import Path
from harness.providers.docker import DockerProvider
from harness.providers.base import ServerSettings
h = DockerProvider(run_id=sys.argv[1]).start(ServerSettings(), Path(sys.argv[2]))
print(h.info["container_id"], flush=True)
time.sleep(120)
"""


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL],
                         ids=["SIGTERM", "Ctrl-C", "SIGKILL"])
def test_harness_killed_leaves_no_container(docker_client: Any, tmp_path: Path, sig: int):
    """SIGTERM/Ctrl-C: the harness's handlers remove it; SIGKILL: the reaper does."""
    run_id = f"sig-{sig}-{os.getpid()}"
    child = subprocess.Popen([sys.executable, "-c", _CHILD, run_id, str(tmp_path)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        cid = child.stdout.readline().strip()  # type: ignore[union-attr]
        assert cid, child.stderr.read()  # type: ignore[union-attr]
        assert docker_client.containers.get(cid).status == "running"
        child.send_signal(sig)
        child.wait(timeout=30)
        deadline = time.monotonic() + 15
        while _run_containers(docker_client, run_id) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _run_containers(docker_client, run_id)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
