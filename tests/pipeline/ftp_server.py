"""A real FTP server in its own process (pyftpdlib), for run directories on shared storage.

fsspec's ``memory://`` is not shared between processes, so it cannot stand in
for the storage several Airflow workers write to; an FTP server on loopback
can, and fsspec reaches it with its built-in ``ftp://`` filesystem.
"""

from __future__ import annotations

import contextlib
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path


def _free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def ftp_server(root: Path, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``root`` over FTP on ``host``; yield ``ftp://user:pw@host:port``; stop it after."""
    root.mkdir(parents=True, exist_ok=True)
    port = _free_port(host)
    password = secrets.token_hex(8)
    proc = subprocess.Popen(
        [sys.executable, "-m", "pyftpdlib", "-i", host, "-p", str(port), "-w", "-d", str(root),
         "-u", "replbed", "-P", password],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection((host, port), timeout=1):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"FTP server did not start on port {port}") from None
                time.sleep(0.1)
        yield f"ftp://replbed:{password}@{host}:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
