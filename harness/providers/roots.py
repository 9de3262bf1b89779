"""Roots for the server kinds that the host cannot install: built from Debian's archive.

MySQL 9.7 (sid) and MariaDB 11.8 (trixie) need a newer libc and libstdc++ than
the host (bookworm) has.  So each such kind gets a root of its own:
``debootstrap --variant=minbase SUITE`` and then ``apt-get install
--no-install-recommends PACKAGES`` inside it.  Its programs then run on the host
through the root's own loader (:func:`loader_argv`), with no chroot and no
Docker; the Docker provider imports the same root as an image.

A root is cached under ``$REPLBED_ROOTS`` (default ``~/.cache/replbed/roots``) as
``<kind>/``, with ``<kind>/.replbed-root.json`` naming the suite, the packages
and the installed version of the kind's ``version_package``.  It is rebuilt when
that file is missing or names other packages, and -- when a check is due
(:data:`CHECK_INTERVAL`, or ``replbed roots build``) -- when the archive has a new
version of the package.  A build happens in a temporary directory beside the
cache and is renamed into place only when complete, so a killed build never
leaves half a root; concurrent builds of one kind wait on a lock.

Every step prints a line (and debootstrap's and apt's own progress) to the
``progress`` callback, stderr by default.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from harness.kinds import ServerKind, get_kind
from harness.providers.base import ProviderError

STAMP = ".replbed-root.json"
DEFAULT_MIRROR = "http://deb.debian.org/debian"
# How often a cached root asks the archive whether its package has a new version.
CHECK_INTERVAL = 7 * 24 * 3600.0
# apt inside the root: this machine's clock may be past the Release files' Valid-Until.
APT_CONF = (
    'Acquire::Check-Valid-Until "false";\n'
    'APT::Install-Recommends "false";\n'
    'APT::Install-Suggests "false";\n'
    'Dpkg::Use-Pty "false";\n'
)
# Never start a service inside the root while packages are configured.
POLICY_RC_D = "#!/bin/sh\nexit 101\n"
# Big and never needed to run a server; dropping them keeps a root (and its image) small.
PRUNE = ("usr/share/doc", "usr/share/man", "usr/share/info", "usr/share/locale", "var/cache/apt/archives")

Progress = Callable[[str], None]


class RootBuildError(ProviderError):
    """A root could not be built."""


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def roots_dir() -> Path:
    override = os.environ.get("REPLBED_ROOTS")
    if override:
        return Path(override).expanduser()
    return Path.home() / ".cache" / "replbed" / "roots"


def root_path(kind: ServerKind | str) -> Path:
    kind = get_kind(kind) if isinstance(kind, str) else kind
    return roots_dir() / kind.name


def host_mirror(sources: Path = Path("/etc/apt")) -> str:
    """The Debian mirror the host's apt uses (so the roots come from the same archive)."""
    files = [sources / "sources.list", *sorted((sources / "sources.list.d").glob("*.list")),
             *sorted((sources / "sources.list.d").glob("*.sources"))]
    for path in files:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for line in text.splitlines():
            line = line.split("#", 1)[0].strip()
            m = re.match(r"^deb\s+(?:\[[^\]]*\]\s+)?(\S+)", line) or re.match(r"^URIs:\s*(\S+)", line)
            if m:
                uri = m.group(1).rstrip("/")
                if re.search(r"/debian$", uri):
                    return uri
    return DEFAULT_MIRROR


def read_stamp(root: Path) -> dict | None:
    try:
        return json.loads((root / STAMP).read_text())
    except (OSError, ValueError):
        return None


def is_built(kind: ServerKind) -> bool:
    stamp = read_stamp(root_path(kind))
    return stamp is not None and stamp.get("suite") == kind.suite and stamp.get("packages") == list(kind.packages)


def loader_argv(kind: ServerKind, root: Path, program: str) -> list[str]:
    """argv prefix that runs ``program`` (a path inside the root) with the root's own libc."""
    return [str(root / kind.loader), "--library-path", _library_path(kind, root), str(root / program)]


def _library_path(kind: ServerKind, root: Path) -> str:
    dirs = [root / kind.lib_dir, root / "lib" / "x86_64-linux-gnu", root / "usr" / "lib"]
    return ":".join(str(d) for d in dirs if d.is_dir())


# -- building ---------------------------------------------------------------
def _run(argv: list[str], progress: Progress, prefix: str, env: dict | None = None, timeout: float = 1800) -> str:
    """Run a build step, passing its output on line by line; the last lines go in errors."""
    tail: list[str] = []
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            errors="replace", env=env, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    assert proc.stdout is not None
    for line in proc.stdout:
        line = line.rstrip()
        if line:
            tail = (tail + [line])[-40:]
            progress(f"{prefix} {line}")
        if time.monotonic() > deadline:
            proc.kill()
            break
    rc = proc.wait()
    if rc != 0:
        raise RootBuildError(f"{' '.join(argv[:6])}... failed (exit {rc}):\n" + "\n".join(tail))
    return "\n".join(tail)


def _chroot_env() -> dict:
    return {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND": "noninteractive",
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": "/root"}


def _configure_apt(root: Path, suite: str, mirror: str) -> None:
    (root / "etc/apt/apt.conf.d").mkdir(parents=True, exist_ok=True)
    (root / "etc/apt/apt.conf.d/99replbed").write_text(APT_CONF)
    (root / "etc/apt/sources.list").write_text(f"deb {mirror} {suite} main\n")
    policy = root / "usr/sbin/policy-rc.d"
    policy.write_text(POLICY_RC_D)
    policy.chmod(0o755)


def available_version(kind: ServerKind, root: Path, progress: Progress = _stderr) -> str | None:
    """The archive's current version of the kind's package, asked from inside ``root``."""
    prefix = f"[roots {kind.name}]"
    try:
        _run(["chroot", str(root), "apt-get", "update", "-q"], progress, prefix, env=_chroot_env(), timeout=600)
    except RootBuildError as exc:
        progress(f"{prefix} cannot ask the archive ({str(exc).splitlines()[0]}); keeping the cached root")
        return None
    res = subprocess.run(["chroot", str(root), "apt-cache", "policy", kind.version_package],
                         capture_output=True, text=True, env=_chroot_env())
    m = re.search(r"Candidate:\s*(\S+)", res.stdout)
    return m.group(1) if m and m.group(1) != "(none)" else None


def _build(kind: ServerKind, target: Path, mirror: str, progress: Progress) -> dict:
    prefix = f"[roots {kind.name}]"
    if kind.suite is None:
        raise RootBuildError(f"{kind.name} has no Debian suite to build a root from")
    suite: str = kind.suite
    parent = target.parent
    tmp = Path(tempfile.mkdtemp(prefix=f".building-{kind.name}-", dir=parent))
    try:
        started = time.monotonic()
        progress(f"{prefix} debootstrap --variant=minbase {suite} ({mirror}) into {tmp}")
        _run(["debootstrap", "--variant=minbase", suite, str(tmp), mirror], progress, prefix)
        progress(f"{prefix} base system ready after {time.monotonic() - started:.0f} s")
        _configure_apt(tmp, suite, mirror)
        env = _chroot_env()
        _run(["chroot", str(tmp), "apt-get", "update", "-q"], progress, prefix, env=env)
        progress(f"{prefix} apt-get install --no-install-recommends {' '.join(kind.packages)}")
        _run(["chroot", str(tmp), "apt-get", "install", "-y", "-q", "--no-install-recommends", *kind.packages],
             progress, prefix, env=env)
        res = subprocess.run(["chroot", str(tmp), "dpkg-query", "-W", "-f=${Version}", kind.version_package],
                             capture_output=True, text=True, env=env)
        version = res.stdout.strip()
        if res.returncode != 0 or not version:
            raise RootBuildError(f"{kind.version_package} is not installed in the new root: {res.stderr.strip()}")
        _run(["chroot", str(tmp), "apt-get", "clean"], progress, prefix, env=env)
        for rel in PRUNE:
            shutil.rmtree(tmp / rel, ignore_errors=True)
        missing = [p for p in (kind.server, kind.client, kind.binlog_tool, kind.loader,
                               *( [kind.install_db] if kind.install_db else [])) if not (tmp / p).exists()]
        if missing:
            raise RootBuildError(f"the new root lacks {', '.join(missing)}")
        stamp = {"kind": kind.name, "suite": kind.suite, "mirror": mirror, "packages": list(kind.packages),
                 "version_package": kind.version_package, "version": version,
                 "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                 "checked_at": time.time(), "build_seconds": round(time.monotonic() - started, 1)}
        (tmp / STAMP).write_text(json.dumps(stamp, indent=1) + "\n")
        # Atomic swap: the complete root takes the name; an old one is removed after.
        old = None
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".old-{kind.name}-", dir=parent))
            os.rename(target, old / "root")
        os.rename(tmp, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        progress(f"{prefix} ready: {target} ({kind.version_package} {version}, "
                 f"{stamp['build_seconds']:.0f} s, {_du(target)})")
        return stamp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _du(path: Path) -> str:
    res = subprocess.run(["du", "-sh", "--one-file-system", str(path)], capture_output=True, text=True)
    return res.stdout.split()[0] if res.returncode == 0 and res.stdout else "?"


def ensure_root(kind: ServerKind | str, *, check: bool | None = None, force: bool = False,
                progress: Progress = _stderr) -> Path:
    """The kind's root, built first when missing, stale or (``force``) always.

    ``check``: ask the archive for a newer package version (None: when the last
    check is older than :data:`CHECK_INTERVAL`; never with ``REPLBED_ROOTS_OFFLINE=1``).
    """
    kind = get_kind(kind) if isinstance(kind, str) else kind
    if not kind.needs_root:
        raise RootBuildError(f"{kind.name} runs from the host's packages and has no root")
    target = root_path(kind)
    if not force and check is not True and is_built(kind):
        cached = read_stamp(target) or {}
        due = time.time() - float(cached.get("checked_at", 0)) > CHECK_INTERVAL
        if check is False or not due or os.environ.get("REPLBED_ROOTS_OFFLINE") == "1":
            return target
    if os.geteuid() != 0:
        raise RootBuildError(f"building the {kind.name} root needs root (debootstrap, chroot)")
    if not shutil.which("debootstrap"):
        raise RootBuildError("debootstrap is not installed (apt-get install debootstrap; scripts/bootstrap.sh does it)")
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.parent / f".{kind.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # a second builder waits and then finds it built
        stamp = read_stamp(target) if is_built(kind) else None
        if stamp and not force:
            if check is False or os.environ.get("REPLBED_ROOTS_OFFLINE") == "1":
                return target
            if time.time() - float(stamp.get("checked_at", 0)) <= CHECK_INTERVAL and check is None:
                return target
            latest = available_version(kind, target, progress)
            if latest is None or latest == stamp.get("version"):
                stamp["checked_at"] = time.time()
                (target / STAMP).write_text(json.dumps(stamp, indent=1) + "\n")
                progress(f"[roots {kind.name}] up to date: {kind.version_package} {stamp.get('version')}")
                return target
            progress(f"[roots {kind.name}] {kind.version_package} {stamp.get('version')} -> {latest}: rebuilding")
        mirror = (stamp or {}).get("mirror") or host_mirror()
        _build(kind, target, mirror, progress)
    return target


def describe(kind: ServerKind) -> str:
    if not kind.needs_root:
        return f"{kind.name}: host packages ({', '.join(kind.packages)})"
    target = root_path(kind)
    stamp = read_stamp(target) if is_built(kind) else None
    if not stamp:
        return f"{kind.name}: not built ({kind.suite}: {', '.join(kind.packages)}) -> {target}"
    return f"{kind.name}: {target} ({kind.version_package} {stamp.get('version')}, built {stamp.get('built_at')})"
