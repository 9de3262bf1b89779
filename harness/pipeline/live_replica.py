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
