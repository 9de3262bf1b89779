"""A throwaway PostgreSQL server (Debian's ``postgresql`` binaries) on 127.0.0.1, for Airflow's metadata DB.

Started as a plain child process on a free port with password authentication,
stopped (fast shutdown) and reaped when the ``with`` block ends. PostgreSQL
refuses to run as root, so under root the server runs as the ``postgres``
account in a directory it owns.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

PG_BIN = Path("/usr/lib/postgresql/15/bin")


def pg_bin() -> Path | None:
    for d in (PG_BIN, *sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)):
        if (d / "postgres").exists() and (d / "initdb").exists():
            return d
    found = shutil.which("postgres")
    return Path(found).resolve().parent if found and shutil.which("initdb") else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def postgres_server(user: str = "airflow", database: str = "airflow", *, host: str = "127.0.0.1",
                    allow: str | None = None) -> Iterator[str]:
    """Yield a SQLAlchemy URL ``postgresql+psycopg2://user:pw@host:port/database``.

    It listens on 127.0.0.1 and ``host``; ``allow`` (a CIDR, e.g. the private link of
    workers in network namespaces) may log in with the password besides loopback.
    """
    bindir = pg_bin()
    if bindir is None:
        raise RuntimeError("PostgreSQL binaries not found (Debian package postgresql)")
    as_root = os.geteuid() == 0
    run_as: dict = {}
    root = Path(tempfile.mkdtemp(prefix="replbed-pg-"))
    if as_root:
        pw = pwd.getpwnam("postgres")
        os.chown(root, pw.pw_uid, pw.pw_gid)
        run_as = {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": []}
    password = secrets.token_hex(12)
    (root / "pwfile").write_text(password + "\n")
    if as_root:
        os.chown(root / "pwfile", run_as["user"], run_as["group"])
    port = _free_port()
    proc = None
    try:
        r = subprocess.run([str(bindir / "initdb"), "-D", str(root / "data"), "-U", user, "--auth=scram-sha-256",
                            f"--pwfile={root / 'pwfile'}", "-E", "UTF8", "--locale=C.UTF-8"],
                           capture_output=True, text=True, timeout=120, cwd=root, **run_as)
        if r.returncode != 0:
            raise RuntimeError(f"initdb failed: {r.stderr[-2000:]}")
        if allow:
            with open(root / "data" / "pg_hba.conf", "a") as hba:
                hba.write(f"host all all {allow} scram-sha-256\n")
        listen = ",".join(dict.fromkeys(["127.0.0.1", host]))
        log = open(root / "postgres.log", "wb")  # noqa: SIM115 - the child keeps it
        proc = subprocess.Popen([str(bindir / "postgres"), "-D", str(root / "data"), "-p", str(port),
                                 "-k", str(root), "-c", f"listen_addresses={listen}", "-c", "max_connections=200"],
                                stdout=log, stderr=subprocess.STDOUT, cwd=root, **run_as)
        log.close()
        env = {**os.environ, "PGPASSWORD": password}
        deadline = time.monotonic() + 60
        while True:
            r = subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(port), "-U", user, "-d", "postgres",
                                "-Atc", f"CREATE DATABASE {database}"], env=env, capture_output=True, text=True)
            if r.returncode == 0:
                break
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("PostgreSQL did not start: "
                                   + (root / "postgres.log").read_text(errors="replace")[-2000:])
            time.sleep(0.3)
        yield f"postgresql+psycopg2://{user}:{password}@{host}:{port}/{database}"
    finally:
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGINT)  # fast shutdown: disconnect clients, stop cleanly
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(root, ignore_errors=True)
