"""The C extension of mysql-connector-python against ProtocolServer.

The client runs in a subprocess (see cext_client.py for why); the server and
its EchoSession run here so we can assert on what the session saw.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import PASSWORD
from echo_session import EchoFactory

from harness.server.server import ProtocolServer

HERE = os.path.dirname(__file__)
ROOT = os.path.dirname(os.path.dirname(HERE))


def _cext_loadable() -> bool:
    probe = subprocess.run([sys.executable, "-c", "import _mysql_connector"], capture_output=True)
    return probe.returncode == 0


@pytest.mark.skipif(not _cext_loadable(), reason="mysql-connector-python C extension not installed")
def test_c_extension_end_to_end(server: ProtocolServer, factory: EchoFactory) -> None:
    env = {**os.environ, "PYTHONPATH": ROOT}
    proc = subprocess.run(
        [sys.executable, os.path.join(HERE, "cext_client.py"), str(server.port), PASSWORD],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["have_cext"] and out["class"] == "CMySQLConnection"
    assert out["server_info"] == "5.5.5-10.11.19-MariaDB-log"
    assert out["server_version"] == [5, 5, 5]
    assert out["nulls"] == [[1, None, "x"], [None, None, None]]
    assert out["nulls_warnings"] == 2
    assert out["insert"] == [3, 42, 1]
    assert out["err_1146"] == ["ProgrammingError", 1146, "42S02", "Table 'd1.t' doesn't exist"]
    assert out["err_crash"][1] == 1105
    assert out["multi_results"] == 2
    assert out["database"] == "d2"
    assert out["err_init_db"][1] == 1049
    assert out["stats_threads"] >= 1
    assert out["big_in"] == out["big_out"] == 17 * 1024 * 1024
    assert out["prepared"] == [["'it\\'s'"]]  # the statement ran with its value substituted
    assert out["after"] == "after"
    assert out["reconnected_id"] != out["connection_id"]
    assert out["err_password"][1:3] == [1045, "28000"]
    assert out["sha2_ok"] is True
    assert out["sequential_ok"] == 50

    first = factory.sessions[0]
    # What libmysqlclient sends by itself: collation 255 in the handshake,
    # then SET NAMES and 'set autocommit=0'.
    assert first.info.charset == 255
    assert first.info.capabilities & (1 << 24)  # CLIENT_DEPRECATE_EOF negotiated
    assert factory.queries(first.connection_id)[:2] == [
        "SET NAMES 'utf8mb4' COLLATE 'utf8mb4_general_ci'",
        "set autocommit=0",
    ]
