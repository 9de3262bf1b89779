"""Replay check: apply each side's binlog to a fresh real MariaDB and compare the tables.

For every planned case x format, ``mariadb-binlog <files> | mariadb --force
--binary-mode`` applies the reference's binlog to one throwaway MariaDB and
replbed's binlog to another; the final tables of ``test`` on the two replay
servers must be equal. A binlog that a real server cannot replay into the same
state as the real server's own binlog fails the check even if every event
"looks" right.

Design (measured in docs/ARCHITECTURE.md, "Replay check"):

* ONE replay server per side for the whole run (local provider, started in
  parallel), reused across cases: before each case every non-system database is
  dropped; the replaying client runs with ``sql_log_bin=0`` so the replay
  servers never write a binlog worth resetting.
* ``--force``: a statement that failed on the source is logged with its error
  code (Query ``error_code=1062``), and mariadb-binlog prints it as plain SQL; it
  fails again on replay with the same error and -- on a non-transactional table
  -- the same partial effect. A plain ``mariadb`` client would stop at that
  error and skip the rest of the binlog; a DBA pipes with ``--force`` and reads
  the errors afterwards. The errors each side's replay raised are kept in the
  record (``reference_errors`` / ``replbed_errors``); equal tables are the check.
* ``--binary-mode``: statement text may hold any bytes (mysqlbinlog piping needs
  it for ``\\0`` and non-UTF-8 data).
* The two sides replay concurrently (two servers, two pipelines).

Records (``diff/replay.parquet``, one per case x format): ``case, format,
replay_ok, replay_error, reference_errors, replbed_errors, seconds``.
``replay_ok`` is null when a side has no binlog to replay.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

SIDES = ("reference", "replbed")
SYSTEM_DBS = frozenset({"mysql", "information_schema", "performance_schema", "sys"})
REPLAY_FILE = "replay.parquet"
Progress = Callable[[str], None]


def _bin(name: str, *alts: str) -> str:
    for n in (name, *alts):
        p = shutil.which(n)
        if p:
            return p
    raise FileNotFoundError(f"{name} not found; install mariadb-client")


def _binlog_files(d: Path) -> list[Path]:
    import re

    pat = re.compile(r"\.\d{6}$")
    index = d / "binlog.index"
    if index.exists():
        names = [Path(x.strip()).name for x in index.read_text().splitlines() if x.strip()]
        files = [d / n for n in names if (d / n).exists()]
        if files:
            return files
    return sorted(p for p in d.glob("*") if pat.search(p.name))


# DEFINER=`user`@`host` as SHOW CREATE and the binlog spell it (quotes doubled inside).
_DEFINER = re.compile(rb"DEFINER\s*=\s*`((?:[^`]|``)*)`\s*@\s*`((?:[^`]|``)*)`", re.IGNORECASE)
_DEFINER_QUOTED = re.compile(rb"DEFINER\s*=\s*'((?:[^'\\]|''|\\.)*)'\s*@\s*'((?:[^'\\]|''|\\.)*)'",
                             re.IGNORECASE)
_DEFINER_BARE = re.compile(rb"DEFINER\s*=\s*([A-Za-z0-9_$]+)\s*@\s*([A-Za-z0-9_.%:$-]+)", re.IGNORECASE)


def definers_in(sql: bytes) -> set[tuple[str, str]]:
    """Every user@host a DEFINER clause of ``sql`` names (CURRENT_USER aside)."""
    out: set[tuple[str, str]] = set()
    for m in _DEFINER.finditer(sql):
        out.add((m.group(1).replace(b"``", b"`").decode("utf-8", "replace"),
                 m.group(2).replace(b"``", b"`").decode("utf-8", "replace")))
    for m in _DEFINER_QUOTED.finditer(sql):
        out.add((m.group(1).replace(b"''", b"'").decode("utf-8", "replace"),
                 m.group(2).replace(b"''", b"'").decode("utf-8", "replace")))
    for m in _DEFINER_BARE.finditer(sql):
        if m.group(1).upper() != b"CURRENT_USER":
            out.add((m.group(1).decode(), m.group(2).decode()))
    return {(u, h) for u, h in out if u}


#: Seconds a replay server's reset may wait for a metadata lock (lock_wait_timeout).
RESET_LOCK_WAIT_S = 60
#: Seconds the replay client, and any read of the admin connection, may take.
REPLAY_TIMEOUT_S = 300


class ReplayServer:
    """A throwaway MariaDB that binlogs are piped into."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle
        # The kind's own client tools (a root's, through its loader), else the host's.
        self.client_argv: list[str] = list(handle.info.get("client") or [_bin("mariadb", "mysql")])
        self.binlog_argv: list[str] = list(handle.info.get("binlog_tool") or [_bin("mariadb-binlog", "mysqlbinlog")])
        self.mariadb = self.client_argv[-1]
        self.mariadb_binlog = self.binlog_argv[-1]
        # A read the server never answers fails after the client's own replay timeout, so a
        # stuck replay server ends its pair and cannot keep SIGTERM from stopping the run
        # (the pool's shutdown waits for this thread)
        self._admin = handle.connect(read_timeout=REPLAY_TIMEOUT_S)
        # A reset that waits on a metadata lock must fail, not hang the run: the servers'
        # default lock_wait_timeout is a year
        cur = self._admin.cursor()
        cur.execute(f"SET SESSION lock_wait_timeout = {RESET_LOCK_WAIT_S}")
        cur.close()
        self._accounts: set[tuple[str, str]] = set()

    def _rollback_prepared_xa(self, cur: Any) -> None:
        """A replayed binlog can end with an XA transaction prepared and never completed
        (`XA PREPARE` logged, the COMMIT not): it outlives the replay client and holds its
        tables' metadata locks, so the next reset's DROP DATABASE would wait on it (MySQL
        9.7: forever). XA RECOVER lists it; roll it back by its xid."""
        cur.execute("XA RECOVER")
        for fmt, gtrid_len, bqual_len, data in cur.fetchall():
            raw = bytes(data) if not isinstance(data, str) else data.encode("latin-1")
            gtrid, bqual = raw[:int(gtrid_len)], raw[int(gtrid_len):int(gtrid_len) + int(bqual_len)]
            cur.execute(f"XA ROLLBACK X'{gtrid.hex()}',X'{bqual.hex()}',{int(fmt)}")

    def reset(self) -> None:
        cur = self._admin.cursor()
        self._rollback_prepared_xa(cur)
        cur.execute("SHOW DATABASES")
        for (name,) in cur.fetchall():
            name = name.decode() if isinstance(name, (bytes, bytearray)) else name
            if name.lower() not in SYSTEM_DBS:
                cur.execute(f"DROP DATABASE `{name.replace('`', '``')}`")
        if self.handle.reset_binlogs_sql != "RESET MASTER":
            # MySQL: forget the GTIDs replayed last time, or the next binlog's (which
            # start again at 1) would be skipped as already executed -- after the drops,
            # which GTID_MODE=ON logs with this server's uuid:1, 2, ...: every server of a
            # kind starts from one datadir template, so that uuid is the reference's too,
            # and a drop left in gtid_executed would make the replayed `CREATE DATABASE
            # test` (uuid:1) skipped (every second GTID_MODE=ON replay failed with 1049)
            cur.execute(self.handle.reset_binlogs_sql)
        cur.close()

    def replay(self, files: list[Path]) -> list[str]:
        """Pipe ``files`` through mariadb-binlog into this server; return the client's error lines.

        The definers the binlog names are created first (``ensure_definers``): a
        binlog from a server whose client was matched as another account (root@'%'
        in a container) must replay here, not fail with 1449."""
        h = self.handle
        env = dict(os.environ, MYSQL_PWD=h.password)
        # A statement-logged LOAD DATA replays as LOAD DATA LOCAL of the file
        # mariadb-binlog rebuilds from its blocks (--local-load): a directory of this
        # replay's own, gone afterwards; the client must offer LOCAL files.
        with tempfile.TemporaryDirectory(prefix="replbed-replay-load-") as load_dir:
            dump = subprocess.run([*self.binlog_argv, f"--local-load={load_dir}", *map(str, files)],
                                  capture_output=True, timeout=300, check=False)
            if dump.returncode != 0:
                raise RuntimeError(f"mariadb-binlog exited {dump.returncode}: "
                                   f"{dump.stderr.decode('utf-8', 'replace').strip()[:500]}")
            self.ensure_definers(definers_in(dump.stdout))
            client = subprocess.run(
                [*self.client_argv, "--no-defaults", f"--host={h.host}", f"--port={h.port}", f"--user={h.user}",
                 "--force", "--binary-mode", "--batch", "--local-infile=1",
                 "--init-command=SET SESSION sql_log_bin=0"],
                input=dump.stdout, capture_output=True, env=env, timeout=REPLAY_TIMEOUT_S, check=False)
        return [ln for ln in client.stderr.decode("utf-8", "replace").splitlines() if ln.startswith("ERROR")]

    def ensure_definers(self, accounts: set[tuple[str, str]]) -> list[tuple[str, str]]:
        """Create the accounts that are missing here (locked: nobody logs in as them;
        all privileges, as the source's root had); returns the ones created."""
        missing = sorted(accounts - self._accounts)
        if not missing:
            return []
        cur = self._admin.cursor()
        cur.execute("SET SESSION sql_log_bin=0")
        created = []
        for user, host in missing:
            cur.execute("SELECT 1 FROM mysql.user WHERE User = %s AND Host = %s", (user, host))
            if not cur.fetchall():
                cur.execute("CREATE USER %s@%s ACCOUNT LOCK", (user, host))
                cur.execute("GRANT ALL PRIVILEGES ON *.* TO %s@%s WITH GRANT OPTION", (user, host))
                created.append((user, host))
            self._accounts.add((user, host))
        cur.close()
        return created

    def tables(self) -> dict[str, Any] | None:
        from harness.runner import TEST_DB, read_tables

        cur = self._admin.cursor()
        cur.execute("SHOW DATABASES LIKE %s", (TEST_DB,))
        exists = bool(cur.fetchall())
        cur.close()
        return read_tables(self._admin) if exists else None

    def close(self) -> None:
        try:
            self._admin.close()
        except Exception:  # noqa: BLE001
            pass


def start_replay_servers(workdir: Path, provider: Any = None, settings: Any = None,
                         sides: dict[str, tuple[Any, Any]] | None = None) -> dict[str, ReplayServer]:
    """One fresh server per side, started concurrently: ``sides`` maps a side to its
    (provider, settings) -- the kind that wrote its binlog, with that kind's client
    tools; else the host's MariaDB with ``settings`` (the run's profile) for both."""
    from harness.providers.base import ServerSettings
    from harness.providers.local import LocalMariaDBProvider

    if sides is None:
        provider = provider or LocalMariaDBProvider()
        settings = settings or ServerSettings()
        sides = dict.fromkeys(SIDES, (provider, settings))
    with ThreadPoolExecutor(2) as pool:
        futs = {s: pool.submit(sides[s][0].start, sides[s][1], Path(workdir) / f"replay-{s}") for s in SIDES}
        handles = {}
        errors = []
        for s, f in futs.items():
            try:
                handles[s] = f.result()
            except Exception as exc:  # noqa: BLE001
                errors.append(exc)
    if errors:
        for h in handles.values():
            h.stop()
        raise errors[0]
    return {s: ReplayServer(h) for s, h in handles.items()}


def _diff_tables(a: dict[str, Any] | None, b: dict[str, Any] | None) -> str | None:
    if a == b:
        return None
    if a is None or b is None:
        return f"database test exists only after replaying the {'reference' if b is None else 'replbed'} binlog"
    out = []
    for t in sorted(set(a) | set(b)):
        if t not in b:
            out.append(f"table {t} only on the reference replay")
        elif t not in a:
            out.append(f"table {t} only on the replbed replay")
        elif a[t] != b[t]:
            if a[t].get("columns") != b[t].get("columns"):
                out.append(f"table {t}: columns {a[t].get('columns')} vs {b[t].get('columns')}")
            else:
                ra, rb = a[t].get("rows", []), b[t].get("rows", [])
                out.append(f"table {t}: {len(ra)} vs {len(rb)} rows; first difference "
                           f"{next((x for x in ra if x not in rb), None)} / {next((x for x in rb if x not in ra), None)}")
    return "; ".join(out)


def replay_pair(servers: dict[str, ReplayServer], files: dict[str, list[Path]]) -> dict[str, Any]:
    """Replay both sides of one case x format; the record without case/format."""
    t0 = time.monotonic()
    missing = [s for s in SIDES if not files.get(s)]
    if missing:
        return {"replay_ok": None, "replay_error": f"no binlog to replay: {', '.join(missing)}",
                "reference_errors": None, "replbed_errors": None, "seconds": 0.0}

    def one(side: str) -> tuple[list[str], dict[str, Any] | None]:
        srv = servers[side]
        srv.reset()
        errs = srv.replay(files[side])
        return errs, srv.tables()

    try:
        with ThreadPoolExecutor(2) as pool:
            res = dict(zip(SIDES, pool.map(one, SIDES)))
    except Exception as exc:  # noqa: BLE001 - a replay that cannot run fails this pair only
        return {"replay_ok": False, "replay_error": f"replay failed: {type(exc).__name__}: {exc}",
                "reference_errors": None, "replbed_errors": None, "seconds": round(time.monotonic() - t0, 3)}
    diff = _diff_tables(res["reference"][1], res["replbed"][1])
    return {"replay_ok": diff is None, "replay_error": diff,
            "reference_errors": json.dumps(res["reference"][0]), "replbed_errors": json.dumps(res["replbed"][0]),
            "seconds": round(time.monotonic() - t0, 3)}


REPLAY_SCHEMA_FIELDS = ("case", "format", "replay_ok", "replay_error", "reference_errors", "replbed_errors",
                        "seconds")


def write_records(records: list[dict[str, Any]], path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.schema([("case", pa.string()), ("format", pa.string()), ("replay_ok", pa.bool_()),
                        ("replay_error", pa.string()), ("reference_errors", pa.string()),
                        ("replbed_errors", pa.string()), ("seconds", pa.float64())])
    cols = {f.name: [r.get(f.name) for r in records] for f in schema}
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.table(cols, schema=schema), path)


def read_records(run_dir: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """``diff/replay.parquet`` keyed by (case, format); {} if the step did not run."""
    path = Path(run_dir) / "diff" / REPLAY_FILE
    if not path.exists():
        return {}
    import pyarrow.parquet as pq

    return {(r["case"], r["format"]): r for r in pq.read_table(path).to_pylist()}


def replay_run(run_dir: Path, progress: Progress | None = print, provider: Any = None,
               ready: Callable[[str, str], bool] | None = None) -> list[dict[str, Any]]:
    """The pipeline step: replay every planned case x format; write ``diff/replay.parquet``.

    ``ready(case, format)``, when given, is polled before each pair: the step then
    runs while collection is still going on (``replbed run``), a pair at a time as
    both of its sides are collected, instead of after the last one."""
    run_dir = Path(run_dir)
    plan = json.loads((run_dir / "plan.json").read_text())
    t0 = time.monotonic()
    from harness.fsutil import release_scratch, scratch_root
    from harness.pipeline.regression import plan_settings, replay_sides

    # throwaway servers: their data on tmpfs where there is one (a replay is mostly fsyncs on disk)
    root = scratch_root(run_dir / "servers", "replbed-replay-")
    try:
        servers = start_replay_servers(root, provider, plan_settings(plan),
                                       sides=None if provider is not None else replay_sides(plan))
    except BaseException:
        release_scratch(root, run_dir / "servers")
        raise
    t_start = time.monotonic() - t0
    records = []
    try:
        for pair in plan["pairs"]:
            case, fmt = pair["case"], pair["format"]
            while ready is not None and not ready(case, fmt):
                time.sleep(0.05)
            files = {s: _binlog_files(run_dir / "cases" / case / fmt / s / "binlog") for s in SIDES}
            rec = {"case": case, "format": fmt, **replay_pair(servers, files)}
            records.append(rec)
            if progress and rec["replay_ok"] is False:
                progress(f"[replay] {case} {fmt}: {rec['replay_error']}")
    finally:
        for s in servers.values():
            s.close()
            s.handle.stop()
        release_scratch(root, run_dir / "servers")
    write_records(records, run_dir / "diff" / REPLAY_FILE)
    if progress:
        ok = sum(1 for r in records if r["replay_ok"])
        progress(f"[replay] {ok}/{len(records)} case x format replay to equal tables; servers started in "
                 f"{t_start:.1f}s, total {time.monotonic() - t0:.1f}s")
    return records
