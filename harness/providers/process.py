"""Child server processes that are always reaped.

Every server runs in its own process group so that stopping it also stops
anything it spawned, and is recorded in a state file so that ``replbed
cleanup`` can find servers a crashed harness left behind.  ``atexit`` is the
last line of defence for Ctrl-C paths that skip a ``finally``.

Ownership. A record is only a hint: ``cleanup`` kills nothing on the word of a
file. Every server is started with ``REPLBED_SERVER_TOKEN=<random>`` in its
environment (inherited by anything it spawns) and the token is kept in its
record; cleanup signals exactly the processes of our own uid whose
``/proc/<pid>/environ`` carries that token, never a recorded pgid. The state
directory is private (0700, ours) and is refused when anyone else could write to it.
"""

from __future__ import annotations

import atexit
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, TypeVar

from harness.providers.base import (
    LoginRefusedError,
    PortInUseError,
    ServerDiedError,
    ServerHandle,
    ServerSettings,
    StartTimeoutError,
    log_tail,
)


TOKEN_ENV = "REPLBED_SERVER_TOKEN"


class StateDirError(RuntimeError):
    """The state directory is not private to us; its records cannot be trusted."""


def state_dir() -> Path:
    """Where live-server records are kept (``REPLBED_STATE_DIR`` overrides).

    Not a predictable name in the shared temp directory, where another user could
    plant records: ``$XDG_RUNTIME_DIR/replbed``, else ``~/.local/state/replbed``."""
    override = os.environ.get("REPLBED_STATE_DIR")
    if override:
        return Path(override)
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and Path(runtime).is_dir():
        return Path(runtime) / "replbed"
    return Path.home() / ".local" / "state" / "replbed"


def private_state_dir(create: bool = True) -> Path:
    """:func:`state_dir`, created 0700 if missing, and checked to be ours and private."""
    d = state_dir()
    if create:
        d.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        st = d.lstat()
    except FileNotFoundError:
        return d
    import stat as _stat
    if not _stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid() or st.st_mode & 0o022:
        raise StateDirError(f"state directory {d} is not a private directory of uid {os.geteuid()} "
                            f"(owner {st.st_uid}, mode {oct(st.st_mode & 0o777)}); its records are not trusted")
    return d


def _proc_uid(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("Uid:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def _proc_has_token(pid: int, token: str) -> bool:
    try:
        env = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return False
    return f"{TOKEN_ENV}={token}".encode() in env.split(b"\0")


def processes_with_token(token: str) -> list[int]:
    """Our processes (same uid) started under ``token``: a server and its children."""
    if not token:
        return []
    uid = os.geteuid()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            pid = int(entry.name)
            if pid != os.getpid() and _proc_uid(pid) == uid and _proc_has_token(pid, token):
                found.append(pid)
    return found


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now (a race remains; callers retry)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def port_is_free(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
        return True


def _proc_start_time(pid: int) -> str | None:
    """Field 22 of /proc/<pid>/stat: tells a recycled pid from ours."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]


_LIVE: dict[int, "ManagedProcess"] = {}
_LIVE_LOCK = threading.Lock()
_ATEXIT_REGISTERED = False


def _stop_all_at_exit() -> None:
    for proc in list(_LIVE.values()):
        try:
            proc.stop(timeout=5.0)
        except Exception:  # noqa: BLE001 - best effort at interpreter exit
            pass


@dataclass
class ManagedProcess:
    """A server process in its own process group, with a state record."""

    popen: subprocess.Popen[bytes]
    label: str
    record: Path | None = None
    token: str = ""

    @classmethod
    def spawn(
        cls,
        argv: Sequence[str],
        *,
        label: str,
        log_path: Path,
        cwd: Path,
        env: Mapping[str, str] | None = None,
        workdir: Path | None = None,
    ) -> "ManagedProcess":
        global _ATEXIT_REGISTERED
        log_path.parent.mkdir(parents=True, exist_ok=True)
        token = secrets.token_hex(16)
        child_env = dict(env) if env is not None else dict(os.environ)
        child_env[TOKEN_ENV] = token
        # The token is recorded before the process exists: a harness killed between the
        # fork and the pid's record (CI's kill test hit that window once) leaves a server
        # that `replbed cleanup` still finds, by the token in its environment.
        pending = _store_record(f"server-pending-{token}.json", _record_data(0, token, label, argv))
        try:
            with open(log_path, "ab") as log:
                popen = subprocess.Popen(
                    list(argv),
                    cwd=cwd,
                    env=child_env,
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,  # own process group: killpg reaches children
                )
            proc = cls(popen=popen, label=label, token=token)
            with _LIVE_LOCK:
                _LIVE[popen.pid] = proc
                if not _ATEXIT_REGISTERED:
                    atexit.register(_stop_all_at_exit)
                    _ATEXIT_REGISTERED = True
            proc.record = proc._write_record(argv, workdir or cwd)
        finally:
            if pending is not None:
                pending.unlink(missing_ok=True)
        return proc

    @property
    def pid(self) -> int:
        return self.popen.pid

    def _write_record(self, argv: Sequence[str], workdir: Path) -> Path | None:
        data = _record_data(self.pid, self.token, self.label, argv, workdir)
        path = _store_record(f"server-{self.pid}.json", data)
        if path is not None:
            try:
                (workdir / "server.pid.json").write_text(json.dumps(data, indent=1))
            except OSError:
                pass
        return path

    def alive(self) -> bool:
        return self.popen.poll() is None

    def returncode(self) -> int | None:
        return self.popen.poll()

    def stop(self, timeout: float = 30.0) -> int | None:
        """SIGTERM the group, SIGKILL after ``timeout``, always reap. Idempotent."""
        try:
            if self.popen.poll() is None:
                _signal_group(self.pid, signal.SIGTERM)
                try:
                    self.popen.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    _signal_group(self.pid, signal.SIGKILL)
                    self.popen.wait(timeout=30)
            # The leader may be gone while children of its group linger.
            _signal_group(self.pid, signal.SIGKILL)
        finally:
            with _LIVE_LOCK:
                _LIVE.pop(self.pid, None)
            if self.record is not None:
                self.record.unlink(missing_ok=True)
        return self.popen.returncode

    def kill(self) -> None:
        """SIGKILL the server (fault injection); the handle still needs ``stop``."""
        _signal_group(self.pid, signal.SIGKILL)
        try:
            self.popen.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pass


def _record_data(pid: int, token: str, label: str, argv: Sequence[str], workdir: Path | None = None) -> dict:
    """What cleanup needs of a server (the password never goes into it); pid 0: not started yet."""
    return {
        "pid": pid,
        "start_time": _proc_start_time(pid) if pid else None,
        "token": token,
        "label": label,
        "executable": argv[0],
        "workdir": str(workdir) if workdir is not None else None,
        "harness_pid": os.getpid(),
        "harness_start_time": _proc_start_time(os.getpid()),
    }


def _store_record(name: str, data: dict) -> Path | None:
    try:
        path = private_state_dir() / name
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(json.dumps(data, indent=1))
        return path
    except (OSError, StateDirError):
        return None


def _signal_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def wait_until(predicate, timeout: float, interval: float = 0.05) -> bool:  # type: ignore[no-untyped-def]
    """Poll ``predicate`` until true or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while True:
        if predicate():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(interval)


#: seconds a started server may refuse the profile's account (1045) before the start fails
LOGIN_REFUSED_GRACE = 5.0


def wait_until_ready(try_login: Callable[[float], None], *, timeout: float, check_alive: Callable[[], None],
                     timed_out: Callable[[str], Exception], interval: float = 0.05,
                     refused_grace: float | None = None) -> None:
    """Poll until a server accepts a login: the one start-up loop of every provider.

    ``check_alive()`` raises when the server died while starting; ``try_login(seconds)``
    logs in and out (a mysql.connector error until the server is ready; ``seconds`` is
    what is left of the timeout, between 0.5 and 2); ``timed_out(last_error)`` is the
    error raised once ``timeout`` seconds have passed.
    """
    import mysql.connector

    deadline = time.monotonic() + timeout
    last_error = ""
    refused_since: float | None = None
    while True:
        check_alive()
        try:
            try_login(max(0.5, min(2.0, deadline - time.monotonic())))
            return
        except mysql.connector.Error as exc:
            last_error = str(exc)
            # 1045: the server answers but not to this account. The init file that sets the
            # account runs before the server listens, so waiting the whole timeout for it
            # only hides the cause; give it a few seconds, then fail with the log's errors.
            if exc.errno == 1045 and refused_grace is not None:
                refused_since = refused_since if refused_since is not None else time.monotonic()
                if time.monotonic() - refused_since > refused_grace:
                    err = timed_out(f"{last_error} (for {refused_grace:.0f}s: the account was not set up)")
                    raise LoginRefusedError(str(err)) from None
            else:
                refused_since = None
        if time.monotonic() >= deadline:
            raise timed_out(last_error)
        time.sleep(interval)


def cleanup_stale(dry_run: bool = False, force: bool = False) -> list[str]:
    """Kill servers recorded in the state dir whose harness is gone.

    A record only names a token: what is killed is every process of ours whose
    environment carries it (see the module docstring), so a recycled pid, a
    forged record or a foreign process group is never signalled. Servers whose
    harness process still runs are kept unless ``force``. Then the tmpfs scratch roots
    whose run is gone are removed (fsutil.stale_scratch_roots; never a live run's, even
    with ``force``). Returns one line per action.
    """
    actions: list[str] = []
    d = private_state_dir(create=False)
    if d.exists():
        actions += _cleanup_records(d, dry_run, force)
    # then the tmpfs scratch roots of runs that are gone (their servers were just stopped)
    import shutil

    from harness.fsutil import stale_scratch_roots

    for root in stale_scratch_roots():
        actions.append(f"removed {root}: the run that made it is gone")
        if not dry_run:
            shutil.rmtree(root, ignore_errors=True)
    return actions


def _cleanup_records(d: Path, dry_run: bool, force: bool) -> list[str]:
    actions: list[str] = []
    for path in sorted(d.glob("server-*.json")):
        try:
            data = json.loads(path.read_text())
            pid = int(data["pid"])
            token = str(data.get("token") or "")
        except (OSError, ValueError, KeyError, TypeError):
            actions.append(f"removed unreadable record {path}")
            if not dry_run:
                path.unlink(missing_ok=True)
            continue
        harness = int(data.get("harness_pid") or 0)
        if not force and harness and harness != os.getpid():
            if harness_alive(harness, data.get("harness_start_time")):
                actions.append(f"kept {data.get('label')} pid {pid}: harness {harness} still runs")
                continue
        pids = processes_with_token(token)
        if pids:
            actions.append(f"killed {data.get('label')} pid {pid} ({data.get('workdir')})"
                           + (f" and {len(pids) - 1} child process(es)" if len(pids) > 1 else ""))
            if not dry_run:
                for victim in pids:
                    _signal_pid(victim, signal.SIGKILL)
        elif _proc_start_time(pid) is not None and _proc_start_time(pid) == data.get("start_time"):
            actions.append(f"left {data.get('label')} pid {pid} alone: it does not carry the record's token "
                           "(not started by replbed, or a forged record)")
        else:
            actions.append(f"removed record of exited {data.get('label')} pid {pid}")
        if not dry_run:
            path.unlink(missing_ok=True)
    return actions


def _signal_pid(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def harness_alive(pid: int, start_time: str | None = None) -> bool:
    """Whether the harness that owns a server still runs: the same process (start
    time, when recorded) and a Python one."""
    if start_time is not None and _proc_start_time(pid) != start_time:
        return False
    return harness_alive_and_owner(pid)


def harness_alive_and_owner(pid: int) -> bool:
    """Whether ``pid`` is still a Python process (the harness that owns a server)."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return b"python" in cmdline


# -- servers that are child processes ----------------------------------------

H = TypeVar("H", bound=ServerHandle)


class ProcessHandle(ServerHandle):
    """A server that is a child process of ours (mariadbd, replbed serve)."""

    process: ManagedProcess | None = None
    stop_timeout: float = 30.0

    def alive(self) -> bool:
        return self.process is not None and self.process.alive()

    def stop(self) -> None:
        if self.process is not None:
            self.process.stop(timeout=self.stop_timeout)

    def kill(self) -> None:
        """SIGKILL the server; for fault-injection tests."""
        if self.process is not None:
            self.process.kill()


def start_on_free_port(settings: ServerSettings, start_once: Callable[[int], H]) -> H:
    """Start on the configured port, or on a free one, retrying when another
    process takes the free port between our check and the server's bind."""
    attempts = 1 if settings.port is not None else 3
    last: PortInUseError | None = None
    refused: LoginRefusedError | None = None
    for _ in range(attempts + 1):
        port = settings.port if settings.port is not None else free_port()
        if settings.port is not None and not port_is_free(port):
            raise PortInUseError(f"port {port} on 127.0.0.1 is already in use")
        try:
            return start_once(port)
        except PortInUseError as exc:  # lost the race for a free port
            last = exc
        except LoginRefusedError as exc:
            # Not seen here, once in a CI run (mariadbd up, root refused for 60 s): start
            # again on a fresh data directory, and say so; a second refusal is the error.
            if refused is not None:
                raise
            refused = exc
            print(f"replbed: a server refused its account at start-up; starting it again ({exc})".splitlines()[0],
                  file=sys.stderr)
    assert last is not None
    raise last


P = TypeVar("P", bound=ProcessHandle)


@dataclass(frozen=True)
class StartupWords:
    """How a child server's start-up errors name it: ``label`` (``mariadbd``), what
    its log is called in the message, what it is waiting for, and the log lines that
    mean the port was taken (a lost race for a free port: the caller retries)."""

    label: str
    log_name: str
    accepts: str
    bind_markers: tuple[str, ...] = ("Address already in use",)


def launch_child_server(handle: P, argv: Sequence[str], *, settings: ServerSettings, words: StartupWords,
                        spawn_log: Path, cwd: Path, env: Mapping[str, str] | None = None,
                        interval: float = 0.05) -> P:
    """Spawn ``argv`` as the process behind ``handle`` and wait until it accepts a
    TCP login with the handle's account; the one start-up path of the process
    providers. Any failure (died, port taken, timed out, Ctrl-C) stops the process
    before the error propagates, so nothing is left running."""
    t0 = time.monotonic()
    handle.client_collation = settings.profile.client_collation
    proc = ManagedProcess.spawn(argv, label=words.label, log_path=spawn_log, cwd=cwd, env=env)
    handle.process = proc
    handle.stop_timeout = settings.stop_timeout
    try:
        _wait_for_login(handle, proc, settings.start_timeout, words, interval)
    except BaseException:
        proc.stop(timeout=settings.stop_timeout)
        raise
    handle.info["start_seconds"] = round(time.monotonic() - t0, 3)
    handle.info["argv"] = list(argv)
    handle.info.setdefault("profile", settings.profile.name)  # ``=> PROFILE:CODE`` annotations
    return handle


def _wait_for_login(handle: ServerHandle, proc: ManagedProcess, timeout: float, words: StartupWords,
                    interval: float) -> None:
    def check_alive() -> None:
        if not proc.alive():
            tail = log_tail(handle.log_path, 30)
            if any(marker in tail for marker in words.bind_markers):
                raise PortInUseError(f"{words.label} could not bind port {handle.port}:\n{tail}")
            raise ServerDiedError(
                f"{words.label} exited with code {proc.returncode()} during startup; "
                f"{words.log_name} {handle.log_path}:\n{tail}"
            )

    def timed_out(last_error: str) -> Exception:
        return StartTimeoutError(
            f"{words.label} did not accept {words.accepts} on 127.0.0.1:{handle.port} within "
            f"{timeout:.0f}s (last error: {last_error}); {words.log_name}:\n{log_tail(handle.log_path, 30)}"
        )

    wait_until_ready(lambda _s: handle.connect(connection_timeout=2).close(), timeout=timeout,
                     refused_grace=LOGIN_REFUSED_GRACE,
                     check_alive=check_alive, timed_out=timed_out, interval=interval)
