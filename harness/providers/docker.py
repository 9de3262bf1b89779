"""Reference servers in Docker containers (``--provider docker``).

The runner sees the same :class:`ServerHandle` as with the local provider;
only where the server lives changes.  What this module guarantees:

* **Reachable from here only.** The MariaDB server shares the host's network
  namespace and binds 127.0.0.1 only (a free port unless
  ``ServerSettings.port`` asks for one): the client then comes from 127.0.0.1
  as with the local provider, so the run's ServerProfile matches the same
  account (DEFINER, CURRENT_USER) whichever provider starts the server. The
  MySQL images listen on 0.0.0.0 in their own namespace, published on the
  host's 127.0.0.1 only.
* **No fixed credentials.** Each container gets a fresh random root password
  through the image's environment variable.
* **The binlog files themselves.** ``collect_binlogs`` copies the files out
  of the container with the archive API (``docker cp``), also from a
  container that was killed, never ``SHOW BINLOG EVENTS`` output.
* **Nothing left behind.** Every container is labelled
  ``replbed.owner=replbed``, ``replbed.run=<run id>`` and
  ``replbed.harness-pid=<pid>``; ``stop`` removes it with its anonymous
  volumes; ``atexit`` and a SIGTERM handler cover Ctrl-C and a terminated
  task; a detached *reaper* process removes the containers of a harness that
  was SIGKILLed; ``replbed cleanup`` removes anything labelled that is left.

A missing daemon is started (``scripts/docker_setup.sh --daemon-only``) when
running as root; otherwise the error says how to fix it.  A missing image is
an error that names the build command (``make image``); nothing is pulled.
"""

from __future__ import annotations

import atexit
import io
import os
import secrets
import signal
import subprocess
import sys
import tarfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from harness.kinds import get_kind
from harness.providers.base import (
    BinaryNotFoundError,
    PortInUseError,
    ProviderError,
    ServerDiedError,
    ServerHandle,
    ServerSettings,
    StartTimeoutError,
    log_tail,
)
from harness.providers.local import SIZING_OPTIONS
from harness.providers.process import _proc_start_time, free_port, port_is_free, wait_until_ready

LABEL_OWNER = "replbed.owner"
OWNER = "replbed"
LABEL_RUN = "replbed.run"
LABEL_PID = "replbed.harness-pid"
LABEL_PID_START = "replbed.harness-start"
OWNER_FILTER = {"label": f"{LABEL_OWNER}={OWNER}"}

CONTAINER_PORT = "3306/tcp"


class DockerUnavailableError(ProviderError):
    """No Docker daemon can be reached (and none could be started)."""


class ImageMissingError(ProviderError):
    """The server image is not in the local image store."""


@dataclass(frozen=True)
class ImageSpec:
    """How one server image is run: its tag, password variable and options."""

    image: str
    password_env: str
    # The binlog files and their index only (outside the datadir, where a
    # directory would show up as a database): one archive call copies them all.
    binlog_dir: str = "/var/lib/replbed-binlog"
    binlog_basename: str = "binlog"
    # Options that make the server what replbed expects besides the binlog ones.
    options: tuple[str, ...] = ()
    build_hint: str = "make image"
    # The run's ServerProfile applies (its options, and its accounts through the
    # entrypoint's REPLBED_INIT_SQL); the server then shares the host's network
    # namespace, bound to 127.0.0.1 only, so that the client reaches it from
    # 127.0.0.1 exactly as a local server: the same account is matched
    # (root@localhost, not root@'%' as from a bridge's gateway address).
    profile_applies: bool = False
    # A server kind run from an image imported from its root (harness/kinds.py):
    # the command is the whole server argv, as the local root provider's.
    kind: str | None = None


# The MariaDB options are the local provider's (imported, so both stay equal)
# plus the run's profile: the docker and local providers must produce the same
# binlog for a case.
MARIADB_OFFLINE = ImageSpec(
    image="replbed/mariadb:10.11",
    password_env="MARIADB_ROOT_PASSWORD",
    options=SIZING_OPTIONS,
    build_hint="make image   (scripts/build_image.sh: debootstrap base, no registry)",
    profile_applies=True,
)
# Built from docker/mysql-8.x/Dockerfile on the official images (needs a registry).
_MYSQL_OPTIONS: tuple[str, ...] = (
    "--gtid-mode=ON",
    "--enforce-gtid-consistency=ON",
    "--innodb-buffer-pool-size=64M",
    "--skip-name-resolve",
    "--performance-schema=OFF",
    "--max-connections=64",
    "--character-set-server=utf8mb4",
    "--collation-server=utf8mb4_general_ci",
)
MYSQL_80 = ImageSpec(
    image="replbed/mysql:8.0", password_env="MYSQL_ROOT_PASSWORD", options=_MYSQL_OPTIONS,
    build_hint="docker build -t replbed/mysql:8.0 docker/mysql-8.0   (pulls mysql:8.0)",
)
MYSQL_84 = ImageSpec(
    image="replbed/mysql:8.4", password_env="MYSQL_ROOT_PASSWORD", options=_MYSQL_OPTIONS,
    build_hint="docker build -t replbed/mysql:8.4 docker/mysql-8.4   (pulls mysql:8.4)",
)
FLAVOR_IMAGES: dict[str, ImageSpec] = {
    "mariadb-10.11": MARIADB_OFFLINE,
    "mysql-8.0": MYSQL_80,
    "mysql-8.4": MYSQL_84,
}


def repo_root() -> Path:
    return Path(__file__).resolve().parent.parent.parent


# -- the daemon ------------------------------------------------------------------


def _docker_module() -> Any:
    try:
        import docker  # lazy: importing the provider package must stay cheap
    except ImportError as exc:  # pragma: no cover - the lock installs it
        raise BinaryNotFoundError(
            "the docker Python SDK is missing: pip install docker (it is in requirements.lock)"
        ) from exc
    return docker


def _ping(timeout: float = 5.0) -> Any | None:
    """A client for the configured daemon if it answers, else ``None``."""
    docker = _docker_module()
    try:
        client = docker.from_env(timeout=timeout)
        client.ping()
        return client
    except Exception:  # noqa: BLE001 - any failure means "no usable daemon"
        return None


def docker_client(*, start_daemon: bool = True, timeout: float = 120.0) -> Any:
    """A ``docker.DockerClient`` for a daemon that answers.

    Starts ``dockerd`` through ``scripts/docker_setup.sh --daemon-only`` when
    none answers and this is root (Debian's docker.io has only systemd units,
    which do nothing on machines without systemd).
    """
    client = _ping()
    if client is not None:
        return _with_timeout(client, timeout)
    where = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
    if not start_daemon:
        raise DockerUnavailableError(f"no Docker daemon answers at {where}")
    script = repo_root() / "scripts" / "docker_setup.sh"
    if os.geteuid() != 0:
        raise DockerUnavailableError(
            f"no Docker daemon answers at {where} and this user cannot start one. Fix: "
            f"`sudo {script}` (installs docker.io, starts dockerd), or `sudo systemctl start docker`; "
            "then give this user the socket (`sudo usermod -aG docker $USER`, new login) "
            "or use --provider local"
        )
    if not script.exists():
        raise DockerUnavailableError(f"no Docker daemon answers at {where} and {script} is missing")
    res = subprocess.run(["bash", str(script), "--daemon-only"], capture_output=True, text=True,
                         timeout=180)
    client = _ping()
    if res.returncode != 0 or client is None:
        raise DockerUnavailableError(
            f"no Docker daemon answers at {where}; starting one failed (exit {res.returncode}):\n"
            f"{(res.stdout + res.stderr)[-2000:]}"
        )
    return _with_timeout(client, timeout)


def _with_timeout(client: Any, timeout: float) -> Any:
    """The same client with a longer API timeout (stop waits up to stop_timeout)."""
    client.api.timeout = timeout
    return client


def build_image(*, quiet: bool = True, timeout: float = 1800.0) -> str:
    """Run ``scripts/build_image.sh`` (the one build command); return its log lines."""
    script = repo_root() / "scripts" / "build_image.sh"
    res = subprocess.run(["bash", str(script)], capture_output=quiet, text=True, timeout=timeout)
    out = (res.stdout or "") + (res.stderr or "")
    if res.returncode != 0:
        raise ImageMissingError(f"{script} failed (exit {res.returncode}):\n{out[-3000:]}")
    return out


# -- teardown that always happens ----------------------------------------------------

_LIVE: dict[str, "DockerHandle"] = {}
_LIVE_LOCK = threading.Lock()
_HOOKS_INSTALLED = False
_REAPERS: dict[int, subprocess.Popen[bytes]] = {}
_RUN_ID: str | None = None


def default_run_id() -> str:
    """One id per harness process (``REPLBED_RUN_ID`` overrides): the ``replbed.run`` label."""
    global _RUN_ID
    env = os.environ.get("REPLBED_RUN_ID")
    if env:
        return env
    if _RUN_ID is None:
        _RUN_ID = f"{os.getpid()}-{secrets.token_hex(4)}"
    return _RUN_ID


def _stop_all() -> None:
    for handle in list(_LIVE.values()):
        try:
            handle.stop(timeout=5.0)
        except Exception:  # noqa: BLE001 - best effort at exit
            pass


def _sigterm(signum: int, frame: Any) -> None:
    # SIG_DFL would end the process without atexit: containers would outlive
    # it. SystemExit runs every finally and then atexit.
    raise SystemExit(128 + signum)


def _install_hooks() -> None:
    """atexit always; a SIGTERM handler only where none is installed yet."""
    global _HOOKS_INSTALLED
    if _HOOKS_INSTALLED:
        return
    _HOOKS_INSTALLED = True
    atexit.register(_stop_all)
    if threading.current_thread() is threading.main_thread():
        try:
            if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
                signal.signal(signal.SIGTERM, _sigterm)
        except ValueError:  # pragma: no cover - not the main interpreter
            pass


def _ensure_reaper() -> None:
    """A detached process that removes this harness's containers once it is gone.

    ``finally``/``atexit`` do not run when the harness is SIGKILLed (an
    Airflow task killed after its grace period, the OOM killer); the reaper
    still does. One per harness process; it exits with it.
    """
    pid = os.getpid()
    proc = _REAPERS.get(pid)
    if proc is not None and proc.poll() is None:
        return
    env = dict(os.environ)
    root = str(repo_root())
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    _REAPERS[pid] = subprocess.Popen(
        [sys.executable, "-m", "harness.providers.docker", "reap", str(pid),
         _proc_start_time(pid) or ""],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True, env=env, cwd=root,
    )


def _pid_is(pid: int, start: str | None) -> bool:
    """Whether ``pid`` still is the process that started at ``start``."""
    now = _proc_start_time(pid)
    return now is not None and (not start or now == start)


def reap(harness_pid: int, harness_start: str, interval: float = 1.0) -> int:
    """Wait for ``harness_pid`` to end, then remove the containers it labelled."""
    while _pid_is(harness_pid, harness_start):
        time.sleep(interval)
    client = _ping()
    if client is None:
        return 0
    n = 0
    for c in _list_containers(client, {"label": [f"{LABEL_OWNER}={OWNER}", f"{LABEL_PID}={harness_pid}"]}):
        try:
            c.remove(force=True, v=True)
            n += 1
        except Exception:  # noqa: BLE001 - cleanup catches what is left
            pass
    return n


# -- the handle ----------------------------------------------------------------------


class DockerHandle(ServerHandle):
    """A server in a container; ``binlog_dir`` is a directory *inside* it."""

    container: Any = None
    stop_timeout: float = 30.0
    _removed: bool = False
    # The binlog directory as the host sees it (bind-mounted at ``binlog_dir``), or None:
    # then the files are copied out of the container with the archive API.
    host_binlog_dir: Path | None = None

    @property
    def container_id(self) -> str:
        return str(self.container.id) if self.container is not None else ""

    # -- binlog files straight out of the container ---------------------------
    def _fetch_all(self) -> tuple[list[str], dict[str, bytes]]:
        """The index's file names and every file of the binlog directory, in one archive call.

        The archive API (``docker cp``) also reads a stopped or killed
        container, so a case that lost its server still keeps its binlog.
        """
        if self.host_binlog_dir is not None:
            return _read_binlog_dir(self.host_binlog_dir, self.binlog_basename)
        docker = _docker_module()
        path = str(self.binlog_dir)
        try:
            stream, _stat = self.container.get_archive(path)
        except docker.errors.NotFound as exc:
            raise ProviderError(f"{path} is not in container {self.container_id[:12]}") from exc
        except docker.errors.APIError as exc:
            raise ProviderError(f"cannot copy {path} out of the container: {exc}") from exc
        files: dict[str, bytes] = {}
        with tarfile.open(fileobj=io.BytesIO(b"".join(stream))) as tar:
            for member in tar.getmembers():
                f = tar.extractfile(member) if member.isfile() else None
                if f is not None:
                    files[PurePosixPath(member.name).name] = f.read()
        index = files.get(f"{self.binlog_basename}.index")
        if index is None:
            return [], files
        names = [PurePosixPath(line.strip()).name
                 for line in index.decode("utf-8", "replace").splitlines() if line.strip()]
        return names, files

    def binlog_files(self) -> list[str]:
        if (self.container is None or self._removed) and self.host_binlog_dir is None:
            return []
        return self._fetch_all()[0]

    def collect_binlogs(self, dest: Path) -> list[Path]:
        dest = Path(dest)
        dest.mkdir(parents=True, exist_ok=True)
        if (self.container is None or self._removed) and self.host_binlog_dir is None:
            raise ProviderError("the container was already removed; nothing to collect")
        names, files = self._fetch_all()
        out: list[Path] = []
        for name in names:
            if name not in files:
                raise ProviderError(f"binlog file {name} listed in the index is missing")
            target = dest / name
            target.write_bytes(files[name])
            out.append(target)
        return out

    # -- lifecycle ----------------------------------------------------------------
    def status(self) -> str:
        if self.container is None or self._removed:
            return "removed"
        try:
            self.container.reload()
        except Exception:  # noqa: BLE001 - gone or daemon unreachable: not running
            return "unknown"
        return str(self.container.status)

    def alive(self) -> bool:
        return self.status() == "running"

    def kill(self) -> None:
        """SIGKILL the server (``docker kill``); the container stays for ``collect``/``stop``."""
        if self.container is not None and not self._removed:
            try:
                self.container.kill()
            except Exception:  # noqa: BLE001 - already dead
                pass

    def _save_log(self) -> None:
        if self.log_path is None or self.container is None:
            return
        try:
            data = self.container.logs(stdout=True, stderr=True)
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            self.log_path.write_bytes(data)
        except Exception:  # noqa: BLE001 - the log is a convenience
            pass

    def stop(self, timeout: float | None = None) -> None:
        """Stop, keep the server log in the workdir, remove the container and its volumes.

        Idempotent and safe in ``finally``: every step tolerates a container
        that is already gone.
        """
        if self.container is None or self._removed:
            return
        docker = _docker_module()
        try:
            try:
                self.container.stop(timeout=int(self.stop_timeout if timeout is None else timeout))
            except docker.errors.NotFound:
                pass
            except Exception:  # noqa: BLE001 - fall through to the forced removal
                pass
            self._save_log()
            try:
                self.container.remove(force=True, v=True)
            except docker.errors.NotFound:
                pass
            except docker.errors.APIError as exc:
                if "already in progress" not in str(exc):
                    raise ProviderError(f"cannot remove container {self.container_id[:12]}: {exc}") from exc
        finally:
            self._removed = True
            with _LIVE_LOCK:
                _LIVE.pop(self.container_id, None)

    def log_tail(self, lines: int = 25) -> str:
        if self.container is not None and not self._removed:
            try:
                text = self.container.logs(tail=lines).decode("utf-8", "replace").rstrip()
                return text or "(server log is empty)"
            except Exception:  # noqa: BLE001
                pass
        return log_tail(self.log_path, lines)


class DockerMariaDBHandle(DockerHandle):
    """A MariaDB container started with the local provider's SIZING_OPTIONS
    (innodb_flush_log_at_trx_commit=2): the runner makes InnoDB's log durable before
    RESET MASTER, as for the local server, instead of waiting up to a second for it."""

    innodb_binlog_checkpoint = True


# -- the provider --------------------------------------------------------------------


class DockerProvider:
    """Starts one container per server from a locally built image.

    ``image`` overrides the flavor's image (e.g. ``replbed/mysql:8.4``);
    ``server_options`` are appended to every server's command line (e.g.
    ``--binlog-format=ROW``, ``--binlog-row-image=MINIMAL``) after the
    flavor's defaults and before ``ServerSettings.extra_options``.
    """

    name = "docker"

    def __init__(
        self,
        image: str | None = None,
        *,
        run_id: str | None = None,
        server_options: Sequence[str] = (),
        reaper: bool = True,
        kind: str | None = None,
    ) -> None:
        # A kind with a root of its own (mysql-9.7, mariadb-11.8): its image is imported
        # from that root (harness/providers/kind_image.py); None: the flavor's image.
        self.kind = kind
        self.image = image
        self.run_id = run_id or default_run_id()
        self.server_options = tuple(server_options)
        self.reaper = reaper
        self._client: Any = None
        self._starts = 0

    @property
    def client(self) -> Any:
        if self._client is None:
            self._client = docker_client()
        return self._client

    def spec(self, flavor: str) -> ImageSpec:
        if self.kind is not None:
            from harness.providers.kind_image import kind_spec

            return kind_spec(self.kind)
        base = FLAVOR_IMAGES.get(flavor)
        if base is None:
            raise ProviderError(f"the docker provider has no image for flavor {flavor!r}")
        if self.image and self.image != base.image:
            return ImageSpec(image=self.image, password_env=base.password_env,
                             binlog_dir=base.binlog_dir, binlog_basename=base.binlog_basename,
                             options=base.options, build_hint=base.build_hint,
                             profile_applies=base.profile_applies)
        return base

    def command(self, settings: ServerSettings, spec: ImageSpec, port: int | None = None) -> list[str]:
        """The server options; the image's entrypoint execs the server with them."""
        if spec.kind is not None:
            from harness.providers.kind_image import kind_command

            return kind_command(spec.kind, settings, spec, port, (*self.server_options, *settings.extra_options))
        if spec.profile_applies:
            where = ["--bind-address=127.0.0.1", f"--port={port}"] if port is not None else []
            return [
                f"--log-bin={PurePosixPath(spec.binlog_dir) / spec.binlog_basename}",
                *where,
                *spec.options,
                # The workloads' data files are mounted at the same path (_data_files_mount):
                # LOAD DATA INFILE reads them as the local server does, which has no
                # --secure-file-priv (MariaDB's default, Debian's profile): neither has this.
                *get_kind("mariadb-10.11").file_options(_data_files_root()),
                *settings.profile.mariadbd_options(),
                *self.server_options,
                *settings.extra_options,
            ]
        return [
            f"--log-bin={PurePosixPath(spec.binlog_dir) / spec.binlog_basename}",
            f"--server-id={settings.server_id}",
            f"--binlog-checksum={settings.binlog_checksum}",
            *spec.options,
            *self.server_options,
            *settings.extra_options,
        ]

    def check_image(self, spec: ImageSpec) -> Any:
        docker = _docker_module()
        if spec.kind is not None:
            from harness.providers.kind_image import ensure_kind_image

            return ensure_kind_image(self.client, spec.kind)
        try:
            return self.client.images.get(spec.image)
        except docker.errors.ImageNotFound as exc:
            raise ImageMissingError(
                f"image {spec.image} is not built on this machine (nothing is pulled); "
                f"build it with: {spec.build_hint}"
            ) from exc

    def start(self, settings: ServerSettings, workdir: Path) -> DockerHandle:
        """Start a container and wait until root can log in from 127.0.0.1."""
        workdir = Path(workdir).resolve()
        workdir.mkdir(parents=True, exist_ok=True)
        spec = self.spec(settings.flavor)
        if settings.port is not None and not port_is_free(settings.port):
            raise PortInUseError(f"port {settings.port} on 127.0.0.1 is already in use")
        self.check_image(spec)
        _install_hooks()
        if self.reaper:
            _ensure_reaper()
        if not spec.profile_applies:
            return self._start_once(settings, workdir, spec, settings.port)
        # Host network: the server binds the port itself; a free port can be taken
        # between our check and its bind, so retry as the local provider does.
        attempts = 1 if settings.port is not None else 3
        last: PortInUseError | None = None
        for _ in range(attempts):
            try:
                return self._start_once(settings, workdir, spec,
                                        settings.port if settings.port is not None else free_port())
            except PortInUseError as exc:
                last = exc
        assert last is not None
        raise last

    def _start_once(self, settings: ServerSettings, workdir: Path, spec: ImageSpec,
                    port: int | None) -> DockerHandle:
        # MySQL kinds: root@'127.0.0.1' without a password, as the local root provider.
        password = "" if spec.kind is not None and spec.kind.startswith("mysql") else secrets.token_urlsafe(18)
        self._starts += 1
        name = f"replbed-{self.run_id}-{self._starts}-{secrets.token_hex(2)}"
        argv = self.command(settings, spec, port if spec.profile_applies else None)
        labels = {
            LABEL_OWNER: OWNER,
            LABEL_RUN: self.run_id,
            LABEL_PID: str(os.getpid()),
            LABEL_PID_START: _proc_start_time(os.getpid()) or "",
            "replbed.workdir": str(workdir),
        }
        host_binlogs = _fresh_binlog_dir(workdir) if spec.profile_applies else None
        environment, where = _container_environment(settings, spec, password, port)
        if host_binlogs is not None:
            where["volumes"][str(host_binlogs)] = {"bind": spec.binlog_dir, "mode": "rw"}
        docker = _docker_module()
        t0 = time.monotonic()
        try:
            container = self.client.containers.create(
                spec.image, command=argv, name=name, detach=True, labels=labels,
                environment=environment, **where,
                healthcheck={"test": ["NONE"]},  # the provider checks a real login itself
            )
        except docker.errors.ImageNotFound as exc:
            raise ImageMissingError(f"image {spec.image} vanished: build it with {spec.build_hint}") from exc
        except docker.errors.APIError as exc:
            raise ProviderError(f"cannot create a container from {spec.image}: {exc}") from exc
        mariadb = spec.profile_applies and (spec.kind is None or not spec.kind.startswith("mysql"))
        handle = (DockerMariaDBHandle if mariadb else DockerHandle)(
            host="127.0.0.1", port=0, user=settings.profile.user if spec.profile_applies else "root",
            password=password, flavor=settings.flavor,
            binlog_dir=Path(spec.binlog_dir), binlog_basename=spec.binlog_basename,
            log_path=workdir / "server.log", workdir=workdir,
        )
        handle.container = container
        handle.host_binlog_dir = host_binlogs
        handle.stop_timeout = settings.stop_timeout
        handle.client_collation = settings.profile.client_collation
        if spec.kind is not None:
            from harness.kinds import get_kind

            kind = get_kind(spec.kind)
            handle.info.update(kind=kind.name, family=kind.family)
            handle.client_tls = False  # as the local root provider
            if kind.is_mysql:
                handle.reset_binlogs_sql = "RESET BINARY LOGS AND GTIDS"
        with _LIVE_LOCK:
            _LIVE[str(container.id)] = handle
        try:
            try:
                container.start()
            except docker.errors.APIError as exc:
                text = str(exc)
                if "already allocated" in text or "address already in use" in text:
                    raise PortInUseError(f"cannot publish 127.0.0.1:{port}: {text}") from exc
                raise ProviderError(f"cannot start container {name}: {text}") from exc
            handle.port = port if spec.profile_applies and port is not None else _published_port(container)
            try:
                _wait_ready(handle, settings.start_timeout)
            except ServerDiedError as exc:
                if "Address already in use" in str(exc) or "Do you already have another" in str(exc):
                    raise PortInUseError(f"the server could not bind 127.0.0.1:{port}: {exc}") from exc
                raise
        except BaseException:
            handle.stop(timeout=2.0)
            raise
        handle.info.update({
            "start_seconds": round(time.monotonic() - t0, 3),
            "argv": argv, "image": spec.image, "container": name,
            "container_id": str(container.id), "run_id": self.run_id,
            "profile": settings.profile.name if spec.profile_applies else None,
        })
        (workdir / "container.txt").write_text(f"{name} {container.id} {spec.image}\n")
        return handle

    def __enter__(self) -> "DockerProvider":
        return self

    def __exit__(self, *exc: object) -> None:
        """Stop every server this provider's run still has (the handles' own stop is idempotent)."""
        for handle in list(_LIVE.values()):
            if handle.container is not None and \
                    handle.container.labels.get(LABEL_RUN) == self.run_id:
                handle.stop()


def _fresh_binlog_dir(workdir: Path) -> Path:
    """An empty host directory for the container's binlog directory (bind-mounted there).

    Reading the files where the server writes them costs a local copy per case; the
    archive API (``docker cp``) cost 50-180 ms. They also outlive a killed or removed
    container. World-writable: the offline MariaDB image's server runs as its own
    ``mysql`` user. ``binlog`` is a name a run's teardown removes (``SERVER_DATA``)."""
    import shutil

    path = workdir / "binlog"
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    path.chmod(0o777)
    return path


def _read_binlog_dir(path: Path, basename: str) -> tuple[list[str], dict[str, bytes]]:
    """The index's file names and the files themselves, from the host's side of the mount."""
    index = path / f"{basename}.index"
    if not index.exists():
        return [], {}
    names = [PurePosixPath(line.strip()).name
             for line in index.read_text("utf-8", "replace").splitlines() if line.strip()]
    return names, {n: (path / n).read_bytes() for n in names if (path / n).is_file()}


def _container_environment(settings: ServerSettings, spec: ImageSpec, password: str,
                           port: int | None) -> tuple[dict[str, str], dict[str, Any]]:
    """The container's environment, and where it lives (network, mounts)."""
    environment = {spec.password_env: password} if spec.password_env else {}
    zone = host_time_zone()
    if zone:
        # The local server runs in this machine's time zone (@@system_time_zone, what a
        # TIMESTAMP column reads as, NOW()); the container's is its image's (UTC).
        environment["TZ"] = zone
    if spec.profile_applies:
        # The profile's accounts, created by the entrypoint's --init-file.
        environment["REPLBED_INIT_SQL"] = settings.profile.init_sql(password)
        # The server's file mode (mysys reads $UMASK): its binlog files in the bind-mounted
        # directory must be readable by a harness that is not root (docker group).
        environment["UMASK"] = "0644"
        return environment, {"network_mode": "host", "volumes": _data_files_mount()}
    return environment, {"ports": {CONTAINER_PORT: ("127.0.0.1", port)}}


def host_time_zone() -> str | None:
    """This machine's time zone as ``TZ`` names it, for a container to run in the same one.

    ``$TZ`` when set (what the local server inherits), else the zone ``/etc/localtime``
    links to (``Europe/Paris``); None when neither names one (the image's own, UTC).
    The images carry the zone database (tzdata), so the name resolves the same inside."""
    tz = os.environ.get("TZ")
    if tz:
        return tz
    try:
        target = os.readlink("/etc/localtime")
    except OSError:
        return None
    marker = "zoneinfo/"
    return target.split(marker, 1)[1] if marker in target else None


def _data_files_root() -> str:
    from harness.workload.parser import data_files_root

    return str(data_files_root())


def _data_files_mount() -> dict[str, dict[str, str]]:
    """The host's workload data files (LOAD DATA INFILE) at the same path, read-only."""
    root = _data_files_root()
    os.makedirs(root, exist_ok=True)
    return {root: {"bind": root, "mode": "ro"}}


def _published_port(container: Any, timeout: float = 10.0) -> int:
    """The host port docker picked for 3306 (on 127.0.0.1)."""
    deadline = time.monotonic() + timeout
    while True:
        container.reload()
        bindings = (container.attrs.get("NetworkSettings", {}).get("Ports") or {}).get(CONTAINER_PORT)
        if bindings:
            for b in bindings:
                if b.get("HostIp") in ("127.0.0.1", "") and b.get("HostPort"):
                    return int(b["HostPort"])
        if container.status not in ("created", "running") or time.monotonic() >= deadline:
            raise ServerDiedError(
                f"container {container.name} has no published port (status {container.status}); "
                f"log:\n{_logs(container)}"
            )
        time.sleep(0.05)


def _logs(container: Any, lines: int = 30) -> str:
    try:
        return container.logs(tail=lines).decode("utf-8", "replace").rstrip() or "(empty)"
    except Exception as exc:  # noqa: BLE001
        return f"(no log: {exc})"


def _wait_ready(handle: DockerHandle, timeout: float) -> None:
    """Poll until a TCP login with the run's password succeeds, the container exits, or ``timeout``."""

    def check_alive() -> None:
        status = handle.status()
        if status not in ("running", "created"):
            raise ServerDiedError(
                f"container {handle.info.get('container') or handle.container.name} {status} during "
                f"startup (exit code {handle.container.attrs.get('State', {}).get('ExitCode')}); "
                f"log:\n{_logs(handle.container)}"
            )

    def timed_out(last_error: str) -> Exception:
        return StartTimeoutError(
            f"the server in container {handle.container.name} did not accept a login on "
            f"127.0.0.1:{handle.port} within {timeout:g}s (last error: {last_error}); log:\n"
            f"{_logs(handle.container)}"
        )

    wait_until_ready(lambda remaining: handle.connect(connection_timeout=int(max(1, remaining))).close(),
                     timeout=timeout, check_alive=check_alive, timed_out=timed_out)


# -- cleanup ------------------------------------------------------------------------


def cleanup(dry_run: bool = False, force: bool = False) -> list[str]:
    """Remove labelled containers whose harness is gone, then unused labelled networks/volumes.

    Never starts a daemon: without one there is nothing to clean.  A
    container whose harness process still runs (same pid *and* start time)
    is kept unless ``force``.
    """
    client = _ping()
    if client is None:
        return []
    actions: list[str] = []
    for c in _list_containers(client, OWNER_FILTER):
        labels = c.labels or {}
        pid = int(labels.get(LABEL_PID, "0") or 0)
        if not force and pid and _pid_is(pid, labels.get(LABEL_PID_START)):
            actions.append(f"kept container {c.name}: harness {pid} still runs")
            continue
        actions.append(f"removed container {c.name} ({c.status}, run {labels.get(LABEL_RUN)})")
        if not dry_run:
            try:
                c.remove(force=True, v=True)
            except Exception as exc:  # noqa: BLE001
                actions[-1] = f"could not remove container {c.name}: {exc}"
    for net in client.networks.list(filters=OWNER_FILTER):
        net.reload()
        if net.attrs.get("Containers"):
            actions.append(f"kept network {net.name}: in use")
            continue
        actions.append(f"removed network {net.name}")
        if not dry_run:
            try:
                net.remove()
            except Exception as exc:  # noqa: BLE001
                actions[-1] = f"could not remove network {net.name}: {exc}"
    for vol in client.volumes.list(filters=OWNER_FILTER):
        actions.append(f"removed volume {vol.name}")
        if not dry_run:
            try:
                vol.remove()
            except Exception as exc:  # noqa: BLE001 - in use by a kept container
                actions[-1] = f"kept volume {vol.name}: {exc}"
    return actions


def labelled_containers(client: Any | None = None) -> list[Any]:
    """Every container (any state) carrying ``replbed.owner=replbed``."""
    client = client or _ping()
    if client is None:
        return []
    return _list_containers(client, OWNER_FILTER)


def _list_containers(client: Any, filters: dict[str, Any]) -> list[Any]:
    """The containers matching ``filters``, skipping any removed while listing.

    The SDK's ``containers.list`` inspects each container after listing it, so
    a container that a reaper or ``--rm`` removes in between raises NotFound
    (404) from the whole call. A sparse list plus one inspect each, tolerating
    NotFound, gives the containers that still exist.
    """
    import docker.errors

    found = []
    for sparse in client.containers.list(all=True, filters=filters, sparse=True):
        try:
            found.append(client.containers.get(sparse.id))
        except docker.errors.NotFound:
            continue
    return found


def _main(argv: Sequence[str]) -> int:
    if len(argv) >= 2 and argv[0] == "reap":
        reap(int(argv[1]), argv[2] if len(argv) > 2 else "")
        return 0
    print("usage: python -m harness.providers.docker reap PID [START]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
