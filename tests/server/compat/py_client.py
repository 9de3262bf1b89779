"""Run the scripted session (session.py) through one Python client library.

    python py_client.py DRIVER HOST PORT USER PASSWORD DB

DRIVER: connector-pure, connector-cext, pymysql, mysqldb. Prints one JSON line per
step: columns, rows (every value as text: ints, Decimals, floats with repr, dates in
ISO form, bytes as hex when not UTF-8, values over 64 KiB as their length and SHA-1),
affected rows, last insert id, warning count, info string, or the error code,
SQLSTATE and message. A separate process per client because the connector's C
extension must be imported before the ssl module (see tests/server/cext_client.py).
"""

from __future__ import annotations

import sys

if len(sys.argv) > 1 and sys.argv[1] == "connector-cext":
    import _mysql_connector  # noqa: F401  (must precede anything importing ssl)

import datetime as dt
import hashlib
import json
import os
from decimal import Decimal
from typing import Any, Callable

sys.path.insert(0, os.path.dirname(__file__))
from session import MULTI, PREPARED_INSERT, PREPARED_SELECT, STEPS  # noqa: E402


def text(v: Any) -> Any:
    if v is None:
        return None
    if isinstance(v, (bytes, bytearray)):
        b = bytes(v)
        if len(b) > 65536:
            return f"<{len(b)} bytes sha1={hashlib.sha1(b).hexdigest()}>"
        try:
            return b.decode("utf-8")
        except UnicodeDecodeError:
            return "0x" + b.hex()
    if isinstance(v, str) and len(v) > 65536:
        return text(v.encode("utf-8"))
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, (dt.date, dt.datetime, dt.time)):
        return v.isoformat()
    if isinstance(v, dt.timedelta):
        return f"td:{v.total_seconds()}"
    if isinstance(v, (set, frozenset)):
        return ",".join(sorted(v))
    if isinstance(v, (int, Decimal, str)):
        return str(v)
    return repr(v)


def emit(name: str, **kw: Any) -> None:
    print(json.dumps({"step": name, **kw}, sort_keys=True), flush=True)


class Driver:
    """The few things the drivers do differently, behind one face."""

    def __init__(self, kind: str, host: str, port: int, user: str, password: str) -> None:
        self.kind = kind
        self.args = (host, port, user, password)
        if kind.startswith("connector"):
            import mysql.connector as m
            self.errors: tuple[type[BaseException], ...] = (m.Error,)
            self.conn = m.connect(host=host, port=port, user=user, password=password, autocommit=True,
                                  use_pure=(kind == "connector-pure"), charset="utf8mb4",
                                  collation="utf8mb4_general_ci")
        elif kind == "pymysql":
            import pymysql
            from pymysql.constants import CLIENT
            self.errors = (pymysql.MySQLError,)
            self.conn = pymysql.connect(host=host, port=port, user=user, password=password, autocommit=True,
                                        charset="utf8mb4", client_flag=CLIENT.MULTI_STATEMENTS)
        elif kind == "mysqldb":
            import MySQLdb
            from MySQLdb.constants import CLIENT as MCLIENT
            self.errors = (MySQLdb.MySQLError,)
            self.conn = MySQLdb.connect(host=host, port=port, user=user, password=password, autocommit=True,
                                        charset="utf8mb4", client_flag=MCLIENT.MULTI_STATEMENTS)
        else:
            raise SystemExit(f"unknown driver {kind!r}")

    def error(self, exc: BaseException) -> dict[str, Any]:
        if self.kind.startswith("connector"):
            return {"error": [exc.errno, exc.sqlstate, exc.msg]}  # type: ignore[attr-defined]
        code, msg = exc.args[0], exc.args[1] if len(exc.args) > 1 else ""
        return {"error": [code, None, msg]}

    def info(self, cur: Any) -> Any:
        if self.kind.startswith("connector"):
            return None  # the connector keeps the OK packet's message to itself
        if self.kind == "pymysql":
            return cur._result.message.decode() if cur._result and cur._result.message else None
        return self.conn.info()

    def warnings(self, cur: Any) -> int:
        if self.kind.startswith("connector"):
            return int(cur.warning_count or 0)
        if self.kind == "pymysql":
            return int(cur._result.warning_count) if cur._result else 0
        return int(self.conn.warning_count())

    def result(self, cur: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if cur.description:
            out["columns"] = [d[0] for d in cur.description]
            out["types"] = [d[1] for d in cur.description]
            out["rows"] = [[text(v) for v in row] for row in cur.fetchall()]
        else:
            out["affected"] = cur.rowcount
            out["last_id"] = cur.lastrowid or 0
            out["info"] = self.info(cur)
        out["warnings"] = self.warnings(cur)
        return out

    def run(self, name: str, sql: str) -> None:
        cur = self.conn.cursor()
        try:
            cur.execute(sql)
            emit(name, **self.result(cur))
        except self.errors as exc:
            emit(name, **self.error(exc))
        finally:
            try:
                cur.close()
            except self.errors:
                pass

    def multi(self) -> None:
        """One COM_QUERY holding three statements; each result in turn."""
        results: list[dict[str, Any]] = []
        cur = self.conn.cursor()
        try:
            if self.kind.startswith("connector"):
                cur.execute(MULTI, map_results=True)
                results.append(self._multi_one(cur))
                while cur.nextset():
                    results.append(self._multi_one(cur))
            else:
                cur.execute(MULTI)
                results.append(self._multi_one(cur))
                while cur.nextset():
                    results.append(self._multi_one(cur))
            emit("multi_statement", results=results)
        except self.errors as exc:
            emit("multi_statement", results=results, **self.error(exc))
        finally:
            cur.close()

    def _multi_one(self, cur: Any) -> dict[str, Any]:
        if cur.description:
            return {"columns": [d[0] for d in cur.description], "rows": [[text(v) for v in r] for r in cur.fetchall()]}
        return {"affected": cur.rowcount}

    def prepared(self) -> None:
        """Server-side prepared statements, where the driver has them (the connector)."""
        if not self.kind.startswith("connector"):
            return
        import mysql.connector as m
        cur = self.conn.cursor(prepared=True)
        try:
            cur.execute(PREPARED_INSERT, (5, Decimal("-12.345"), 2.5, "it's é", b"\x00\xff'", dt.date(2020, 2, 29),
                                          dt.datetime(2021, 3, 4, 5, 6, 7, 890000)))
            emit("prepared_insert", affected=cur.rowcount, last_id=cur.lastrowid or 0)
            cur.execute(PREPARED_INSERT, (None, None, None, None, None, None, None))
            emit("prepared_insert_nulls", affected=cur.rowcount)
            cur.execute(PREPARED_SELECT, (0,))
            emit("prepared_select", columns=[d[0] for d in cur.description or []],
                 rows=[[text(v) for v in r] for r in cur.fetchall()])
            cur.execute("SELECT COUNT(*) FROM t WHERE id > ?", (1,))
            emit("prepared_count", rows=[[text(v) for v in r] for r in cur.fetchall()])
            try:
                cur.execute("INSERT INTO t (id) VALUES (?)", (1,))
            except m.Error as exc:
                emit("prepared_error", **self.error(exc))
        finally:
            cur.close()

    def ping_and_friends(self, db: str) -> None:
        if self.kind.startswith("connector"):
            self.conn.ping(reconnect=False)
            self.conn.database = db  # COM_INIT_DB
            emit("init_db", database=self.conn.database)
            if self.kind == "connector-pure":
                user, password = self.args[2], self.args[3]
                self.conn.cmd_change_user(username=user, password=password, database=db)
                emit("change_user", database=self.conn.database)
        elif self.kind == "pymysql":
            self.conn.ping(reconnect=False)
            self.conn.select_db(db)
            emit("init_db", database=db)
        else:
            self.conn.ping()
            self.conn.select_db(db)
            emit("init_db", database=db)
        emit("ping", ok=True)

    def close(self) -> None:
        self.conn.close()  # COM_QUIT


def main() -> None:
    kind, host, port, user, password, db = sys.argv[1:7]
    d = Driver(kind, host, int(port), user, password)
    actions: list[Callable[[], None]] = []
    for name, sql in STEPS:
        actions.append(lambda name=name, sql=sql: d.run(name, sql.format(db=db)))
    actions += [d.multi, d.prepared, lambda: d.ping_and_friends(db),
                lambda: d.run("after_change_user", "SELECT DATABASE(), COUNT(*) FROM t"),
                lambda: d.run("drop_db_end", f"DROP DATABASE {db}")]
    for act in actions:
        act()
    d.close()
    emit("quit", ok=True)


if __name__ == "__main__":
    main()
