"""Live replica check: a real MariaDB replica replicates from a primary over the wire.

The file replay (replay.py) pipes a binlog through ``mariadb-binlog | mariadb --force``;
a replica is stricter: its I/O thread speaks COM_BINLOG_DUMP to the primary (fake
Rotate, Format_description, checksums, GTID start) and its SQL thread applies rows
events natively, checks table maps and stops on an error that ``--force`` skips.

One replica per side is attached after each case x format, before the next case's
RESET MASTER: it starts from an empty ``gtid_slave_pos`` (or from the first file at
position 4), replicates the case's whole binlog, and is read when it has applied
the primary's ``gtid_binlog_pos`` or stopped with an error. What is kept:
the replica's tables of ``test``, its ``gtid_slave_pos``, Last_IO_Errno/Error and
Last_SQL_Errno/Error, and whether its tables equal its own primary's.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any

from harness.providers.base import ServerHandle

TEST_DB = "test"
#: Seconds a replica gets to apply one case's binlog (the corpus needs well under 1 s).
CATCH_UP_TIMEOUT = 30.0


@dataclass
class ReplicaResult:
    """What one replica of one primary showed after one case."""

    gtid_slave_pos: str = ""
    primary_gtid_pos: str = ""
    io_errno: int = 0
    io_error: str = ""
    sql_errno: int = 0
    sql_error: str = ""
    tables: dict[str, Any] = field(default_factory=dict)
    caught_up: bool = False
    seconds: float = 0.0
    error: str | None = None  # the check itself could not run (connection, timeout)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _rows(conn: Any, sql: str) -> list[tuple]:
    cur = conn.cursor()
    try:
        cur.execute(sql)
        return list(cur.fetchall()) if cur.description else []
    finally:
        cur.close()


def _status(conn: Any) -> dict[str, Any]:
    cur = conn.cursor(dictionary=True)
    try:
        cur.execute("SHOW SLAVE STATUS")
        row = cur.fetchone()
        cur.fetchall()
        return dict(row) if row else {}
    finally:
        cur.close()


def gtid_items(text: str) -> frozenset[str]:
    """A GTID position as a set: the server lists domains in hash order."""
    return frozenset(x.strip() for x in (text or "").split(",") if x.strip())


def attach(replica: ServerHandle, primary: ServerHandle, *, use_gtid: bool = True, heartbeat: float = 1.0) -> None:
    """Point ``replica`` at ``primary`` from the very beginning of its binlog and start it.

    The replica's old state goes first: its threads, relay logs, GTID position and
    the test database (with sql_log_bin=0, so its own binlog stays out of it)."""
    conn = replica.connect()
    try:
        for sql in ("STOP SLAVE", "RESET SLAVE ALL", "SET SESSION sql_log_bin=0",
                    f"DROP DATABASE IF EXISTS {TEST_DB}", "SET GLOBAL gtid_slave_pos=''"):
            _rows(conn, sql)
        start = "MASTER_USE_GTID=slave_pos" if use_gtid else \
            "MASTER_USE_GTID=no, MASTER_LOG_FILE='', MASTER_LOG_POS=4"
        _rows(conn, f"CHANGE MASTER TO MASTER_HOST='{primary.host}', MASTER_PORT={primary.port}, "
                    f"MASTER_USER='{primary.user}', MASTER_PASSWORD='{primary.password}', "
                    f"MASTER_CONNECT_RETRY=1, MASTER_HEARTBEAT_PERIOD={heartbeat}, {start}")
        _rows(conn, "START SLAVE")
    finally:
        conn.close()


def detach(replica: ServerHandle) -> None:
    conn = replica.connect()
    try:
        _rows(conn, "STOP SLAVE")
    finally:
        conn.close()


def wait_applied(replica: ServerHandle, primary: ServerHandle, timeout: float = CATCH_UP_TIMEOUT) -> ReplicaResult:
    """Wait until the replica applied the primary's gtid_binlog_pos or stopped on an error;
    then read its state (the threads are left running: :func:`detach` stops them)."""
    from harness.runner import read_tables

    t0 = time.monotonic()
    res = ReplicaResult()
    pconn = primary.connect()
    try:
        res.primary_gtid_pos = str(_rows(pconn, "SELECT @@GLOBAL.gtid_binlog_pos")[0][0] or "")
    finally:
        pconn.close()
    want = gtid_items(res.primary_gtid_pos)
    conn = replica.connect()
    try:
        st: dict[str, Any] = {}
        while True:
            st = _status(conn)
            res.gtid_slave_pos = str(_rows(conn, "SELECT @@GLOBAL.gtid_slave_pos")[0][0] or "")
            stopped = st.get("Slave_SQL_Running") == "No" or bool(st.get("Last_IO_Errno"))
            if gtid_items(res.gtid_slave_pos) >= want or stopped:
                res.caught_up = gtid_items(res.gtid_slave_pos) >= want
                break
            if time.monotonic() - t0 > timeout:
                res.error = (f"the replica did not apply {res.primary_gtid_pos!r} within {timeout:.0f}s "
                             f"(it is at {res.gtid_slave_pos!r})")
                break
            time.sleep(0.02)
        res.io_errno = int(st.get("Last_IO_Errno") or 0)
        res.io_error = str(st.get("Last_IO_Error") or "")
        res.sql_errno = int(st.get("Last_SQL_Errno") or 0)
        res.sql_error = str(st.get("Last_SQL_Error") or "")
        try:
            res.tables = read_tables(conn, TEST_DB)
        except Exception as exc:  # noqa: BLE001 - no test database: the error says why
            if not (res.io_errno or res.sql_errno):
                res.error = f"cannot read the replica's tables: {exc}"
    finally:
        conn.close()
    res.seconds = round(time.monotonic() - t0, 3)
    return res


def replicate(replica: ServerHandle, primary: ServerHandle, *, use_gtid: bool = True,
              timeout: float = CATCH_UP_TIMEOUT) -> ReplicaResult:
    """attach + wait_applied + detach, the check of one case on one side."""
    try:
        attach(replica, primary, use_gtid=use_gtid)
        return wait_applied(replica, primary, timeout)
    except Exception as exc:  # noqa: BLE001 - recorded, never lost
        return ReplicaResult(error=f"{type(exc).__name__}: {exc}")
    finally:
        try:
            detach(replica)
        except Exception:  # noqa: BLE001 - a replica that is gone is already reported
            pass


# ---------------------------------------------------------------- in the pipeline

RESULT_FILE = "replica.json"
SIDES = ("reference", "replbed")


class ReplicaCheck:
    """One side's replica for a whole collect step: started once, attached after every
    case (``run_side``'s ``after_case``), its result written next to the case's
    outcome.json. A replica that cannot start or dies is recorded in every result
    it could not produce, so the check shows as not run, never as passed."""

    def __init__(self, run_dir: Any, side: str, settings: Any, progress: Any = None) -> None:
        from pathlib import Path

        self.run_dir = Path(run_dir)
        self.side = side
        self.settings = settings
        self.progress = progress
        self.replica: ServerHandle | None = None
        self.start_error: str | None = None
        self.starts = 0

    def _start(self) -> None:
        from dataclasses import replace

        from harness.providers.local import LocalMariaDBProvider

        self.starts += 1
        name = f"{self.side}-replica" + (f"-{self.starts}" if self.starts > 1 else "")
        workdir = self.run_dir / "servers" / name  # teardown removes servers/*/data
        # The replica's server id differs from its primary's (a replica ignores events
        # that carry its own id).
        settings = replace(self.settings, server_id=self.settings.server_id + 1, binlog_checksum=None)
        try:
            self.replica = LocalMariaDBProvider().start(settings, workdir)
            self.start_error = None
        except Exception as exc:  # noqa: BLE001 - recorded in every result of the side
            self.replica, self.start_error = None, f"the replica could not start: {exc}".splitlines()[0]
        if self.progress and self.replica is not None:
            self.progress(f"{self.side}: live replica on port {self.replica.port}")

    def __enter__(self) -> "ReplicaCheck":
        self._start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.replica is not None:
            self.replica.stop()
            self.replica = None

    def __call__(self, primary: ServerHandle, case: Any, fmt: str, dest: Any, outcome: Any) -> None:
        import json

        if self.replica is not None and not self.replica.alive():
            self.replica.stop()
            self._start()
        if self.replica is None:
            res = ReplicaResult(error=self.start_error or "the replica is not running")
        else:
            res = replicate(self.replica, primary)
        data = {"side": self.side, **res.to_json(), "primary_tables": getattr(outcome, "tables", {})}
        (dest / RESULT_FILE).write_text(json.dumps(data, default=str, sort_keys=True))


def _first_difference(a: dict[str, Any], b: dict[str, Any]) -> str:
    for name in sorted(set(a) | set(b)):
        if a.get(name) != b.get(name):
            ra, rb = (a.get(name) or {}).get("rows"), (b.get(name) or {}).get("rows")
            return f"table {name}: reference replica {ra!r:.120}, replbed replica {rb!r:.120}"
    return "tables differ"


def _errors(r: dict[str, Any]) -> str:
    parts = [f"I/O {r['io_errno']}: {r['io_error']}" if r.get("io_errno") else "",
             f"SQL {r['sql_errno']}: {r['sql_error']}" if r.get("sql_errno") else ""]
    return "; ".join(p for p in parts if p) or "none"


def judge(ref: dict[str, Any] | None, rb: dict[str, Any] | None) -> dict[str, Any]:
    """The live replica check of one case x format from both sides' replica.json.

    ``replica_ok``: the two replicas ended with the same tables, the same
    gtid_slave_pos and the same replication errors (codes); None when a side's
    replica did not run. ``replica_finding``: what is worth knowing even when they
    agree -- a replica that differs from its own primary (statement-based
    replication of an unsafe workload, seed 000), or a replication error on both."""
    out: dict[str, Any] = {"replica_ok": None, "replica_error": None, "replica_finding": None,
                           "reference_gtid_slave_pos": None, "replbed_gtid_slave_pos": None,
                           "reference_replica_errors": None, "replbed_replica_errors": None,
                           "reference_replica_diverges": None, "replbed_replica_diverges": None}
    missing = [s for s, r in (("reference", ref), ("replbed", rb)) if r is None or r.get("error")]
    for side, r in (("reference", ref), ("replbed", rb)):
        if r is not None and not r.get("error"):
            out[f"{side}_gtid_slave_pos"] = r.get("gtid_slave_pos")
            out[f"{side}_replica_errors"] = _errors(r)
            out[f"{side}_replica_diverges"] = r.get("tables") != r.get("primary_tables")
    if missing:
        why = [f"{s}: " + ((ref if s == "reference" else rb) or {}).get("error", "no replica.json") for s in missing]
        out["replica_error"] = "live replica did not run: " + "; ".join(str(w) for w in why)
        return out
    assert ref is not None and rb is not None
    problems = []
    if (ref["io_errno"], ref["sql_errno"]) != (rb["io_errno"], rb["sql_errno"]):
        problems.append(f"replication errors differ: reference replica {_errors(ref)}; replbed replica {_errors(rb)}")
    if gtid_items(ref["gtid_slave_pos"]) != gtid_items(rb["gtid_slave_pos"]):
        problems.append(f"gtid_slave_pos differs: reference replica {ref['gtid_slave_pos']!r}, "
                        f"replbed replica {rb['gtid_slave_pos']!r}")
    if ref["tables"] != rb["tables"]:
        problems.append("replica tables differ: " + _first_difference(ref["tables"], rb["tables"]))
    out["replica_ok"] = not problems
    out["replica_error"] = "; ".join(problems) or None
    findings = []
    if out["reference_replica_diverges"] and out["replbed_replica_diverges"] and ref["tables"] == rb["tables"]:
        which = sorted(t for t in set(ref["tables"]) | set(ref.get("primary_tables") or {})
                       if ref["tables"].get(t) != (ref.get("primary_tables") or {}).get(t))
        findings.append(f"expected: both replicas differ from their primary, identically ({', '.join(which)}): "
                        "the primary's binlog does not hold what it did in that order -- statement-based "
                        "logging of concurrent or unsafe changes (seed 000 WL#2687), sql_log_bin=0, "
                        "nondeterministic functions; replbed and MariaDB agree on it")
    if ref["io_errno"] or ref["sql_errno"]:
        findings.append(f"both replicas stopped: reference {_errors(ref)}; replbed {_errors(rb)}"
                        if out["replica_ok"] else "")
    out["replica_finding"] = "; ".join(f for f in findings if f) or None
    return out


def read_results(run_dir: Any, pairs: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    """judge() for every planned pair, from ``cases/<case>/<FORMAT>/<side>/replica.json``."""
    import json
    from pathlib import Path

    out = {}
    for p in pairs:
        got: dict[str, Any] = {}
        for side in SIDES:
            path = Path(run_dir) / "cases" / p["case"] / p["format"] / side / RESULT_FILE
            try:
                got[side] = json.loads(path.read_text()) if path.exists() else None
            except (OSError, ValueError) as exc:
                got[side] = {"error": f"unreadable {RESULT_FILE}: {exc}"}
        out[(p["case"], p["format"])] = judge(got["reference"], got["replbed"])
    return out
