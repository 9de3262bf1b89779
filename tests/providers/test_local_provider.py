"""LocalMariaDBProvider against the real mariadbd (no mocks)."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

import mysql.connector
import pytest

from harness.providers.base import (
    BinaryNotFoundError,
    PortInUseError,
    ServerDiedError,
    ServerSettings,
)
from harness.providers.local import LocalMariaDBProvider
from harness.providers.process import state_dir
from harness.runner import run_case
from harness.workload import parse_workload

pytestmark = pytest.mark.server

SEED000_EXAMPLE2 = """\
[case seed000_example2]
rule = WL2687.example2
seed = 000
setup: CREATE TABLE innodb_t (a INT) ENGINE=InnoDB
setup: CREATE TABLE myisam_t (a INT) ENGINE=MyISAM
con1: BEGIN
con1: INSERT INTO innodb_t VALUES (1)
con2: INSERT INTO myisam_t VALUES (1)
con1: UPDATE myisam_t SET a = a + 10
con2: UPDATE myisam_t SET a = a * 10
con1: COMMIT
"""


def _pid_gone(pid: int) -> bool:
    """True when no process (not even a zombie) has this pid."""
    return not Path(f"/proc/{pid}").exists()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    handle = LocalMariaDBProvider().start(ServerSettings(), tmp_path_factory.mktemp("local"))
    try:
        yield handle
    finally:
        handle.stop()


def test_root_needs_the_random_password_over_tcp(server):
    assert server.alive()
    assert server.host == "127.0.0.1" and server.user == "root" and len(server.password) >= 16
    conn = server.connect()
    cur = conn.cursor()
    cur.execute("SELECT @@log_bin, @@server_id, @@binlog_checksum, @@autocommit")
    assert cur.fetchall() == [(1, 1, "CRC32", 1)]
    conn.close()
    with pytest.raises(mysql.connector.Error) as info:
        server.connect(password="")
    assert info.value.errno == 1045
    # The init file with the password is gone once the server is up.
    assert not (server.workdir / "init.sql").exists()
    assert server.binlog_files() == ["binlog.000001"]


@pytest.mark.parametrize("fmt", ["STATEMENT", "ROW", "MIXED"])
def test_seed_case_in_each_format(server, tmp_path: Path, fmt: str):
    (case,) = parse_workload(SEED000_EXAMPLE2, "seed.wl")
    out = run_case(server, case, fmt, tmp_path, side="reference")
    assert out.status == "ok", out.error
    files = sorted((tmp_path / "binlog").iterdir())
    assert [f.name for f in files] == ["binlog.000001"]
    data = files[0].read_bytes()
    assert data[:4] == b"\xfebin" and len(data) > 400
    # WL#2687 example 2: the master ends with a = 110.
    assert out.tables == {
        "innodb_t": {"columns": ["a"], "rows": [["1"]]},
        "myisam_t": {"columns": ["a"], "rows": [["110"]]},
    }
    saved = json.loads((tmp_path / "outcome.json").read_text())
    assert saved["format"] == fmt and saved["status"] == "ok"
    assert [s["sql"] for s in saved["statements"]][:2] == [
        "CREATE TABLE innodb_t (a INT) ENGINE=InnoDB", "CREATE TABLE myisam_t (a INT) ENGINE=MyISAM"]
    if fmt == "STATEMENT":  # the unsafe N-after-T update warns in statement format
        update = saved["statements"][5]
        assert update["sql"] == "UPDATE myisam_t SET a = a + 10"
        assert [w[1] for w in update["warnings"]] == [1592]


def test_collected_binlog_decodes(server, tmp_path: Path):
    try:
        from harness.binlog.reader import read_binlog_file
        from harness.binlog.render import event_type_name
    except ImportError:
        pytest.skip("harness.binlog.reader/render not written yet (codec engineer)")
    (case,) = parse_workload(SEED000_EXAMPLE2, "seed.wl")
    out = run_case(server, case, "ROW", tmp_path, side="reference")
    assert out.status == "ok", out.error
    events = list(read_binlog_file(tmp_path / "binlog" / "binlog.000001"))
    names = [event_type_name(ev) for ev in events]
    assert names[0] == "Format_desc"
    assert "Write_rows_v1" in names and "Update_rows_v1" in names


def test_stop_reaps_the_process_and_is_idempotent(tmp_path: Path):
    handle = LocalMariaDBProvider().start(ServerSettings(), tmp_path)
    pid = handle.process.pid
    record = state_dir() / f"server-{pid}.json"
    assert record.exists()
    assert json.loads(record.read_text())["label"] == "mariadbd"
    assert handle.password not in record.read_text()
    with handle:
        assert handle.alive()
    assert not handle.alive()
    assert _pid_gone(pid)
    assert not record.exists()
    handle.stop()  # second stop is a no-op
    # Nothing else is left in the server's process group.
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                stat = (proc / "stat").read_text()
            except OSError:
                continue
            assert int(stat.rsplit(")", 1)[1].split()[2]) != pid


def test_port_clash_is_a_typed_error(tmp_path: Path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        with pytest.raises(PortInUseError, match=str(port)):
            LocalMariaDBProvider().start(ServerSettings(port=port), tmp_path)


def test_server_dying_at_startup_reports_the_error_log(tmp_path: Path):
    settings = ServerSettings(extra_options=("--no-such-option-for-replbed",))
    with pytest.raises(ServerDiedError) as info:
        LocalMariaDBProvider().start(settings, tmp_path)
    assert "no-such-option-for-replbed" in str(info.value)


def test_missing_binary_is_a_typed_error(tmp_path: Path):
    with pytest.raises(BinaryNotFoundError, match="/nonexistent/mariadbd"):
        LocalMariaDBProvider(mariadbd="/nonexistent/mariadbd").start(ServerSettings(), tmp_path)


def test_binary_lookup_honours_path(monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    provider = LocalMariaDBProvider()
    # Falls back to the absolute Debian locations.
    assert os.path.isabs(provider.mariadbd)


def test_starts_in_a_deep_work_directory(tmp_path: Path):
    # mariadbd refuses socket paths over 107 bytes; Airflow/pytest work dirs get that deep.
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    handle = LocalMariaDBProvider().start(ServerSettings(), deep)
    try:
        conn = handle.connect()
        conn.close()
    finally:
        handle.stop()
    assert _pid_gone(handle.process.pid)


def test_a_server_that_refuses_its_account_fails_fast_with_the_cause(tmp_path):
    """A mariadbd whose account is not the one the provider set up (here a second
    ``--init-file``, which wins, gives root another password) answers 1045 to every
    login. The start is tried once more on a fresh datadir, then fails in seconds, not
    after the 60 s start timeout, saying the account was not set up; the log excerpt
    counts the "Access denied" lines instead of showing only them; nothing is left running."""
    import time

    from harness.providers.base import LoginRefusedError

    other = tmp_path / "other-init.sql"
    other.write_text("SET SESSION sql_log_bin=0;\n"
                     "ALTER USER 'root'@'localhost' IDENTIFIED BY 'not-the-providers';\n")
    settings = ServerSettings(extra_options=(f"--init-file={other}",))
    t0 = time.monotonic()
    with pytest.raises(LoginRefusedError) as info:
        LocalMariaDBProvider().start(settings, tmp_path / "srv")
    assert time.monotonic() - t0 < 45
    text = str(info.value)
    assert "1045" in text and "the account was not set up" in text
    assert "lines like:" in text and "Access denied for user 'root'@'localhost'" in text
    assert not [p for p in (tmp_path / "srv").glob("*.pid")], "the refused server was left running"
