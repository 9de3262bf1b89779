"""A Spark standalone cluster (one master, N workers) started from the installed pyspark.

Why: the pipeline's Spark steps take any master URL (``spark_master`` in the
plan, ``REPLBED_SPARK_MASTER``); a team runs them on a standalone cluster.
pip's pyspark ships ``spark-class`` and the jars of the master and the worker,
so a cluster needs no separate Spark download. This module starts one on
127.0.0.1 for the tests and the scale benchmark, and always stops it: every
JVM it started is its own child (``spark-class`` execs java), terminated and
reaped on exit, so nothing outlives the ``with`` block.

    with StandaloneCluster(workdir, workers=1, cores=1) as cluster:
        spark = build_spark(cluster.master_url)
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path
from types import TracebackType


class ClusterError(RuntimeError):
    """The cluster did not come up (the log's tail says why)."""


def spark_home() -> Path:
    """``$SPARK_HOME`` or the installed pyspark package (it carries bin/spark-class and the jars)."""
    if os.environ.get("SPARK_HOME"):
        return Path(os.environ["SPARK_HOME"])
    import pyspark

    return Path(pyspark.__file__).resolve().parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _tail(path: Path, n: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return "(no log)"


class StandaloneCluster:
    """One master and ``workers`` workers on loopback, each worker with ``cores`` cores and ``memory``."""

    def __init__(self, workdir: Path, *, workers: int = 1, cores: int = 1, memory: str = "1g",
                 start_timeout: float = 120.0) -> None:
        self.workdir = Path(workdir)
        self.workers = workers
        self.cores = cores
        self.memory = memory
        self.start_timeout = start_timeout
        self.port = 0
        self.webui_port = 0
        self.procs: list[subprocess.Popen[bytes]] = []

    @property
    def master_url(self) -> str:
        return f"spark://127.0.0.1:{self.port}"

    def _env(self) -> dict[str, str]:
        env = os.environ.copy()
        env.update({"SPARK_HOME": str(spark_home()), "SPARK_LOCAL_IP": "127.0.0.1",
                    "SPARK_LOG_DIR": str(self.workdir / "logs"), "SPARK_NO_DAEMONIZE": "1"})
        return env

    def _spawn(self, name: str, args: list[str]) -> subprocess.Popen[bytes]:
        log = open(self.workdir / f"{name}.log", "wb")  # noqa: SIM115 - the child keeps it
        try:
            proc = subprocess.Popen([str(spark_home() / "bin" / "spark-class"), *args], env=self._env(),
                                    stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        finally:
            log.close()
        self.procs.append(proc)
        return proc

    def alive_workers(self) -> int:
        """Workers the master lists as ALIVE (from its JSON endpoint)."""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.webui_port}/json/", timeout=2) as r:
                state = json.loads(r.read())
        except (OSError, ValueError):
            return 0
        return sum(1 for w in state.get("workers", []) if w.get("state") == "ALIVE")

    def start(self) -> StandaloneCluster:
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.port, self.webui_port = _free_port(), _free_port()
        try:
            self._spawn("master", ["org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                                   "--port", str(self.port), "--webui-port", str(self.webui_port)])
            for i in range(self.workers):
                wdir = self.workdir / f"worker-{i}"
                wdir.mkdir(exist_ok=True)
                self._spawn(f"worker-{i}", ["org.apache.spark.deploy.worker.Worker", self.master_url,
                                            "--host", "127.0.0.1", "--cores", str(self.cores),
                                            "--memory", self.memory, "--webui-port", str(_free_port()),
                                            "--work-dir", str(wdir)])
            deadline = time.monotonic() + self.start_timeout
            while self.alive_workers() < self.workers:
                dead = [p for p in self.procs if p.poll() is not None]
                if dead or time.monotonic() > deadline:
                    why = "a process exited" if dead else f"not up after {self.start_timeout:.0f}s"
                    raise ClusterError(f"Spark standalone cluster at {self.master_url}: {why}; master log:\n"
                                       + _tail(self.workdir / "master.log"))
                time.sleep(0.5)
        except BaseException:
            self.stop()
            raise
        return self

    def jvm_pids(self) -> set[int]:
        """The pids of every live process of this cluster: master, workers and their executors."""
        import psutil

        pids: set[int] = set()
        for proc in self.procs:
            if proc.poll() is None:
                pids.add(proc.pid)
                try:
                    pids.update(c.pid for c in psutil.Process(proc.pid).children(recursive=True))
                except psutil.NoSuchProcess:
                    pass
        return pids

    def stop(self) -> None:
        """Terminate every JVM this cluster started (workers first) and reap them; idempotent.

        A worker kills its executors when it stops; any executor still there
        afterwards (a worker that was killed) is terminated by pid, found as a
        descendant before the stop.
        """
        import psutil

        own = {p.pid for p in self.procs}
        descendants = []
        for pid in self.jvm_pids() - own:
            try:
                descendants.append(psutil.Process(pid))  # remembers its start time: no pid reuse
            except psutil.NoSuchProcess:
                continue
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.terminate()
        for proc in reversed(self.procs):
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        _, alive = psutil.wait_procs(descendants, timeout=10)
        for p in alive:
            try:
                p.terminate()
            except psutil.NoSuchProcess:
                continue
        _, alive = psutil.wait_procs(alive, timeout=10)
        for p in alive:
            p.kill()

    def __enter__(self) -> StandaloneCluster:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()
