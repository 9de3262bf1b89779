"""LOAD DATA LOCAL over the wire: `replbed serve` asks the client for the file (0xFB)
and logs one block per packet the client sent, as a real MariaDB 10.11 does.

Two clients, because they cut the file differently: mysql-connector (the runner's,
131056-byte packets) and the `mariadb` command-line client (4096-byte packets)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from harness.providers.base import ServerHandle
from harness.runner import run_case
from harness.workload import load_workloads

ROOT = Path(__file__).resolve().parents[2]
CASES = [c for c in load_workloads(str(ROOT / "workloads" / "load_data.wl"))
         if c.name in ("load_data_big_file_blocks", "load_data_local_duplicates_are_warnings")]


def _events(handle: ServerHandle) -> list[tuple[str, str]]:
    conn = handle.connect()
    try:
        cur = conn.cursor()
        cur.execute("SHOW BINLOG EVENTS")
        return [(r[2], re.sub(r"file_id=\d+", "file_id=N", re.sub(r"xid=\d+", "xid=N", r[5])))
                for r in cur.fetchall()][3:]
    finally:
        conn.close()


@pytest.mark.server
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_connector_local_infile_logs_like_mariadb(servers, tmp_path: Path, case) -> None:  # type: ignore[no-untyped-def]
    ref, rb = servers
    outs = [run_case(h, case, "STATEMENT", tmp_path / side, side=side) for side, h in
            (("reference", ref), ("replbed", rb))]
    assert [o.status for o in outs] == ["ok", "ok"], [o.error for o in outs]
    assert outs[1].tables == outs[0].tables
    assert _events(rb) == _events(ref)
    assert any(e[0] == "Append_block" for e in _events(rb)) or case.name != "load_data_big_file_blocks"


@pytest.mark.server
def test_mariadb_client_local_infile_blocks(servers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    client = shutil.which("mariadb") or shutil.which("mysql")
    if client is None:
        pytest.skip("no mariadb client")
    data = tmp_path / "mid.txt"
    data.write_bytes(b"".join(b"%d\tv%06d\n" % (i, i) for i in range(1, 1201)))
    sql = (f"DROP DATABASE IF EXISTS ld; CREATE DATABASE ld; USE ld; RESET MASTER; SET binlog_format=STATEMENT; "
           f"CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(20)) ENGINE=MyISAM; "
           f"LOAD DATA LOCAL INFILE '{data}' INTO TABLE t")
    for h in servers:
        env = dict(os.environ, MYSQL_PWD=h.password)
        done = subprocess.run([client, "--no-defaults", f"--host={h.host}", f"--port={h.port}", f"--user={h.user}",
                               "--local-infile=1", "-e", sql], env=env, capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr
    ref, rb = servers
    assert _events(rb) == _events(ref)
    blocks = [info for name, info in _events(rb) if name in ("Begin_load_query", "Append_block")]
    assert blocks == [";file_id=N;block_len=4096"] * 3 + [";file_id=N;block_len=2205"]
