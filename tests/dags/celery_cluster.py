"""Airflow 3 with the CeleryExecutor and N workers, each in a network namespace of its own.

What a multi-host deployment looks like, on one machine:

* a private link: a bridge on a /24 of 10.231.0.0/16 not in use, and per worker
  a network namespace joined to it by a veth pair (its own loopback, its own
  address, its own UTS hostname ``replbed-wN``); nothing routes beyond the
  bridge, so all traffic stays on this machine;
* on the bridge address, in the host namespace: PostgreSQL (metadata DB and
  Celery's result backend), redis-server (Debian's package, the broker), an
  FTP server holding the run directories (the shared run store), and
  Airflow's api-server (UI + the execution API the workers' tasks call),
  scheduler and dag-processor;
* in each namespace: ``airflow celery worker --concurrency 1``, with its own
  AIRFLOW_HOME, task-log folder and stage directory. The servers a shard
  starts listen on the namespace's own 127.0.0.1; what a worker shares with
  the others goes through the network (broker, API, store).

Everything is torn down when the ``with`` block ends, however it ends: every
process in a namespace this module created (``ip netns pids``) is killed, the
host-side processes' groups are stopped, then the namespaces, veths and the
bridge are deleted.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.dags.postgres_server import pg_bin, postgres_server
from tests.pipeline.ftp_server import ftp_server

ROOT = Path(__file__).resolve().parents[2]
AIRFLOW = str(Path(sys.executable).parent / "airflow")


def missing() -> str | None:
    """Why a Celery cluster cannot start here (None when it can)."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    if not shutil.which("ip"):
        return "needs iproute2 (ip netns)"
    if not shutil.which("redis-server"):
        return "needs redis-server (Debian package redis-server)"
    if pg_bin() is None:
        return "needs PostgreSQL (Debian package postgresql)"
    import importlib.metadata

    try:  # by its metadata: importing it would import (and configure) Airflow in this process
        importlib.metadata.version("apache-airflow-providers-celery")
    except importlib.metadata.PackageNotFoundError:
        return "needs apache-airflow-providers-celery (requirements.lock)"
    return None


def _run(*cmd: str) -> None:
    subprocess.run(cmd, check=True, capture_output=True, text=True)


def _free_subnet() -> ipaddress.IPv4Network:
    """A /24 of 10.231.0.0/16 that no interface of this machine uses."""
    used = subprocess.run(["ip", "-o", "-4", "addr"], capture_output=True, text=True).stdout
    for _ in range(200):
        net = ipaddress.ip_network(f"10.231.{secrets.randbelow(256)}.0/24")
        if f" 10.231.{net.network_address.packed[2]}." not in used:
            return net
    raise RuntimeError("no free /24 in 10.231.0.0/16")


class PrivateLink:
    """A bridge and ``n`` network namespaces on it (veth pairs); ``delete()`` removes them all."""

    def __init__(self, n: int) -> None:
        tag = secrets.token_hex(3)
        self.net = _free_subnet()
        hosts = list(self.net.hosts())
        self.host_ip = str(hosts[0])
        self.bridge = f"rbbr{tag}"
        self.namespaces = [f"replbed-{tag}-w{i + 1}" for i in range(n)]
        self.ips = [str(hosts[10 + i]) for i in range(n)]
        self._veths: list[str] = []
        try:
            _run("ip", "link", "add", self.bridge, "type", "bridge")
            _run("ip", "addr", "add", f"{self.host_ip}/24", "dev", self.bridge)
            _run("ip", "link", "set", self.bridge, "up")
            for i, (ns, ip) in enumerate(zip(self.namespaces, self.ips, strict=True)):
                host_end, ns_end = f"rbv{tag}{i}h", f"rbv{tag}{i}n"
                _run("ip", "netns", "add", ns)
                _run("ip", "link", "add", host_end, "type", "veth", "peer", "name", ns_end)
                self._veths.append(host_end)
                _run("ip", "link", "set", ns_end, "netns", ns)
                _run("ip", "link", "set", host_end, "master", self.bridge)
                _run("ip", "link", "set", host_end, "up")
                _run("ip", "netns", "exec", ns, "ip", "addr", "add", f"{ip}/24", "dev", ns_end)
                _run("ip", "netns", "exec", ns, "ip", "link", "set", ns_end, "up")
                _run("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up")
        except BaseException:
            self.delete()
            raise

    def pids(self, ns: str) -> list[int]:
        r = subprocess.run(["ip", "netns", "pids", ns], capture_output=True, text=True)
        return [int(p) for p in r.stdout.split()]

    def kill_all(self) -> None:
        """Every process in our namespaces (they are all ours: we made the namespaces)."""
        for sig, wait in ((signal.SIGTERM, 15.0), (signal.SIGKILL, 5.0)):
            for ns in self.namespaces:
                for pid in self.pids(ns):
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, sig)
            deadline = time.monotonic() + wait
            while any(self.pids(ns) for ns in self.namespaces) and time.monotonic() < deadline:
                time.sleep(0.2)

    def delete(self) -> None:
        existing = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
        self.kill_all()
        for ns in self.namespaces:
            if ns in existing:
                subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        for veth in self._veths:
            subprocess.run(["ip", "link", "del", veth], capture_output=True)
        subprocess.run(["ip", "link", "del", self.bridge], capture_output=True)


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def _wait_port(host: str, port: int, timeout: float, alive: Any) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            if not alive() or time.monotonic() > deadline:
                raise RuntimeError(f"nothing listens on {host}:{port}") from None
            time.sleep(0.2)


class CeleryCluster:
    """``with CeleryCluster(workdir, workers=2) as c: c.trigger(conf); c.wait(run_id)``."""

    DAG_ID = "binlog_regression_sharded"

    def __init__(self, workdir: Path, workers: int = 2, *, pool_slots: int | None = None) -> None:
        self.workdir = Path(workdir)
        self.n_workers = workers
        self.pool_slots = pool_slots or 2 * workers
        self.procs: list[subprocess.Popen[bytes]] = []
        self.logs = self.workdir / "logs"
        self._stack = contextlib.ExitStack()
        self.link: PrivateLink | None = None
        self.runs_uri = ""
        self.store_root = self.workdir / "store"
        self.db_url = ""
        self.env: dict[str, str] = {}

    # -- start ---------------------------------------------------------------------

    def __enter__(self) -> CeleryCluster:
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _spawn(self, name: str, cmd: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
        with open(self.logs / f"{name}.log", "wb") as log:
            proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                    start_new_session=True, cwd=self.workdir)
        self.procs.append(proc)
        return proc

    def _start(self) -> None:
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.logs.mkdir(exist_ok=True)
        self.link = link = PrivateLink(self.n_workers)
        self._stack.callback(link.delete)
        hub = link.host_ip
        self.db_url = self._stack.enter_context(postgres_server(host=hub, allow=str(link.net)))
        base = self._stack.enter_context(ftp_server(self.store_root, host=hub))
        self.runs_uri = base + "/runs"
        redis_port, api_port = _free_port(hub), _free_port(hub)
        redis_pw = secrets.token_hex(12)
        (self.workdir / "redis").mkdir(exist_ok=True)
        redis = self._spawn("redis", ["redis-server", "--port", str(redis_port), "--bind", hub,
                                      "--requirepass", redis_pw, "--save", "", "--appendonly", "no",
                                      "--dir", str(self.workdir / "redis"), "--protected-mode", "no"], os.environ.copy())
        _wait_port(hub, redis_port, 30, lambda: redis.poll() is None)
        self.env = env = os.environ.copy()
        for k in [k for k in env if k.startswith(("AIRFLOW_", "AIRFLOW__", "REPLBED_"))]:
            del env[k]
        env.update({
            "AIRFLOW_HOME": str(self.workdir / "airflow"), "AIRFLOW__CORE__DAGS_FOLDER": str(ROOT / "dags"),
            "AIRFLOW__CORE__LOAD_EXAMPLES": "False", "AIRFLOW__CORE__UNIT_TEST_MODE": "False",
            "AIRFLOW__DATABASE__SQL_ALCHEMY_CONN": self.db_url,
            "AIRFLOW__CORE__EXECUTOR": "CeleryExecutor", "AIRFLOW__CORE__PARALLELISM": "16",
            "AIRFLOW__CELERY__BROKER_URL": f"redis://:{redis_pw}@{hub}:{redis_port}/0",
            "AIRFLOW__CELERY__RESULT_BACKEND": "db+" + self.db_url,
            "AIRFLOW__CELERY__WORKER_CONCURRENCY": "1", "AIRFLOW__CELERY__WORKER_PREFETCH_MULTIPLIER": "1",
            "AIRFLOW__CELERY__SYNC_PARALLELISM": "2",
            "AIRFLOW__API__HOST": hub, "AIRFLOW__API__PORT": str(api_port),
            "AIRFLOW__CORE__EXECUTION_API_SERVER_URL": f"http://{hub}:{api_port}/execution/",
            "AIRFLOW__API_AUTH__JWT_SECRET": secrets.token_hex(32),
            "AIRFLOW__API__SECRET_KEY": secrets.token_hex(16),
            "AIRFLOW__CORE__SIMPLE_AUTH_MANAGER_ALL_ADMINS": "True",
            # the worker's UTS hostname, without a DNS lookup (no resolver is reachable in a namespace)
            "AIRFLOW__CORE__HOSTNAME_CALLABLE": "socket.gethostname",
            "AIRFLOW__SCHEDULER__SCHEDULER_HEARTBEAT_SEC": "2",
            "AIRFLOW__DAG_PROCESSOR__REFRESH_INTERVAL": "5",
            "GX_ANALYTICS_ENABLED": "false",
            "PYTHONPATH": str(ROOT),
        })
        for cmd in (["db", "migrate"], ["pools", "set", "replbed_servers", str(self.pool_slots),
                                        "servers of replbed runs"]):
            r = subprocess.run([AIRFLOW, *cmd], env=env, capture_output=True, text=True, timeout=900)
            if r.returncode != 0:
                raise RuntimeError(f"airflow {' '.join(cmd)}: " + r.stdout[-3000:] + r.stderr[-3000:])
        api = self._spawn("api-server", [AIRFLOW, "api-server"], env)
        self._spawn("dag-processor", [AIRFLOW, "dag-processor"], env)
        self._spawn("scheduler", [AIRFLOW, "scheduler"], env)
        for i, ns in enumerate(link.namespaces):
            name = f"replbed-w{i + 1}"
            wenv = {**env, "AIRFLOW_HOME": str(self.workdir / name),
                    "AIRFLOW__LOGGING__BASE_LOG_FOLDER": str(self.worker_logs(i)),
                    "REPLBED_STAGE_DIR": str(self.workdir / name / "stage"),
                    "REPLBED_GX_DIR": str(self.workdir / name / "gx")}
            (self.workdir / name / "stage").mkdir(parents=True, exist_ok=True)
            self._spawn(name, ["ip", "netns", "exec", ns, "unshare", "--uts", "--", "sh", "-c",
                               f'hostname {name} && exec "$0" celery worker --concurrency 1 '
                               f"--celery-hostname {name}@{name} --without-mingle --without-gossip",
                               AIRFLOW], wenv)
        _wait_port(hub, api_port, 600, lambda: api.poll() is None)
        deadline = time.monotonic() + 600
        while not self.ready_workers() == self.n_workers:
            self._check_alive()
            if time.monotonic() > deadline:
                raise RuntimeError("workers not ready after 600 s\n" + self.tails())
            time.sleep(1)
        deadline = time.monotonic() + 600
        while not self.query("SELECT 1 FROM serialized_dag WHERE dag_id = :d", d=self.DAG_ID):
            self._check_alive()
            if time.monotonic() > deadline:
                raise RuntimeError("DAG not serialized in 600 s\n" + self.tails())
            time.sleep(2)

    def worker_logs(self, i: int) -> Path:
        return self.workdir / f"replbed-w{i + 1}" / "task-logs"

    def ready_workers(self) -> int:
        """Workers whose Celery log says they are ready (connected to the broker, consuming)."""
        return sum(1 for i in range(self.n_workers)
                   if " ready." in (self.logs / f"replbed-w{i + 1}.log").read_text(errors="replace"))

    def _check_alive(self) -> None:
        dead = [p.args for p in self.procs if p.poll() is not None]
        if dead:
            raise RuntimeError(f"exited: {dead}\n" + self.tails())

    # -- use -----------------------------------------------------------------------

    def query(self, sql: str, **kw: Any) -> list[Any]:
        import sqlalchemy as sa

        engine = sa.create_engine(self.db_url.replace(self.link.host_ip if self.link else "", "127.0.0.1"))
        try:
            with engine.connect() as c:
                return list(c.execute(sa.text(sql), kw).fetchall())
        finally:
            engine.dispose()

    def airflow(self, *args: str, timeout: float = 300) -> str:
        r = subprocess.run([AIRFLOW, *args], env=self.env, capture_output=True, text=True, timeout=timeout)
        if r.returncode != 0:
            raise RuntimeError(f"airflow {' '.join(args)}: " + r.stdout[-3000:] + r.stderr[-3000:])
        return r.stdout

    def trigger(self, run_id: str, conf: dict) -> None:
        self.airflow("dags", "unpause", self.DAG_ID)
        self.airflow("dags", "trigger", self.DAG_ID, "--run-id", run_id,
                     "--conf", json.dumps({"runs_uri": self.runs_uri, "run_id": run_id, **conf}))

    def wait(self, run_id: str, timeout: float = 3600) -> str:
        deadline = time.monotonic() + timeout
        state = None
        while state not in ("success", "failed"):
            self._check_alive()
            if time.monotonic() > deadline:
                raise RuntimeError(f"run {run_id} still {state} after {timeout:.0f} s\n" + self.tails())
            time.sleep(3)
            rows = self.query("SELECT state FROM dag_run WHERE dag_id = :d AND run_id = :r",
                              d=self.DAG_ID, r=run_id)
            state = rows[0][0] if rows else None
        return str(state)

    def task_instances(self, run_id: str) -> list[dict]:
        rows = self.query("SELECT task_id, map_index, state, hostname, pool, start_date, end_date "
                          "FROM task_instance WHERE dag_id = :d AND run_id = :r ORDER BY task_id, map_index",
                          d=self.DAG_ID, r=run_id)
        keys = ("task_id", "map_index", "state", "hostname", "pool", "start_date", "end_date")
        return [dict(zip(keys, r, strict=True)) for r in rows]

    def task_logs(self, i: int, run_id: str, task_id: str) -> list[Path]:
        """The task-log files worker ``i`` wrote for ``task_id`` of ``run_id`` (its own log folder)."""
        base = self.worker_logs(i) / f"dag_id={self.DAG_ID}" / f"run_id={run_id}" / f"task_id={task_id}"
        return sorted(base.rglob("*.log")) if base.is_dir() else []

    def run_dir(self, run_id: str) -> Path:
        """Where the FTP server keeps the run (its files, as the store holds them)."""
        return self.store_root / "runs" / run_id

    def tails(self, n: int = 30) -> str:
        return "\n".join(f"--- {p.name}\n" + "\n".join(p.read_text(errors="replace").splitlines()[-n:])
                         for p in sorted(self.logs.glob("*.log")))

    def failed_task_logs(self, run_id: str, n: int = 60) -> str:
        """The last lines of every worker's log of each task that failed: the cause, before the components' logs."""
        failed = {t["task_id"] for t in self.task_instances(run_id) if t["state"] == "failed"}
        out = []
        for task_id in sorted(failed):
            for i in range(self.n_workers):
                for p in self.task_logs(i, run_id, task_id):
                    lines = p.read_text(errors="replace").splitlines()[-n:]
                    out.append(f"--- worker {i + 1} {p.relative_to(self.worker_logs(i))}\n" + "\n".join(lines))
        return "\n".join(out)

    # -- stop ----------------------------------------------------------------------

    def stop(self) -> None:
        """Workers (every process in their namespaces), then the Airflow components, then the rest."""
        if self.link is not None:
            self.link.kill_all()
        for p in reversed(self.procs):
            if p.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(p.pid, signal.SIGTERM)
        for p in reversed(self.procs):
            try:
                p.wait(timeout=60)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        self._stack.close()
