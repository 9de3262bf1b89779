"""Exercise a ProtocolServer with mysql-connector-python's C extension.

Run as a script in a fresh interpreter (``python cext_client.py PORT
PASSWORD``): the extension's bundled OpenSSL only loads if it is imported
before the system ``ssl`` module, which pytest's plugins load first. Prints one
JSON object of observations for test_wire_cext.py to assert on.
"""

from __future__ import annotations

import json
import sys

import _mysql_connector  # noqa: F401  (must precede anything importing ssl)
import mysql.connector
from mysql.connector import errors


def err(exc: errors.Error) -> list:
    return [type(exc).__name__, exc.errno, exc.sqlstate, exc.msg]


def main(port: int, password: str) -> dict:
    out: dict = {"have_cext": mysql.connector.HAVE_CEXT}
    kw = dict(host="127.0.0.1", port=port, user="root", password=password, use_pure=False)
    c = mysql.connector.connect(database="d1", **kw)
    out["class"] = type(c).__name__
    out["server_info"] = c.server_info
    out["server_version"] = list(c.server_version)
    out["connection_id"] = c.connection_id
    cur = c.cursor()
    cur.execute("NULLS")
    out["nulls"] = [list(r) for r in cur.fetchall()][:2]
    out["nulls_warnings"] = cur.warning_count
    cur.execute("INSERT INTO t VALUES (1)")
    out["insert"] = [cur.rowcount, cur.lastrowid, cur.warning_count]
    for sql, key in [
        ("ERROR 1146 42S02 Table 'd1.t' doesn't exist", "err_1146"),
        ("CRASH", "err_crash"),
    ]:
        try:
            cur.execute(sql)
            out[key] = None
        except errors.Error as exc:
            out[key] = err(exc)
    # The C extension negotiates CLIENT_MULTI_STATEMENTS: both statements run, two results.
    cur.execute("INSERT INTO t VALUES (3); INSERT INTO t VALUES (4)", map_results=True)
    n = 1
    while cur.nextset():
        n += 1
    out["multi_results"] = n
    c.database = "d2"
    cur.execute("SELECT DATABASE()")
    out["database"] = cur.fetchall()[0][0]
    try:
        c.database = "nosuchdb"
    except errors.Error as exc:
        out["err_init_db"] = err(exc)
    c.ping()
    out["stats_threads"] = c.cmd_statistics()["Threads"]
    big = 17 * 1024 * 1024
    cur.execute("LEN " + "x" * big)
    out["big_in"] = cur.fetchall()[0][0]
    cur.execute(f"BIG {big}")
    out["big_out"] = len(cur.fetchall()[0][0])
    pcur = c.cursor(prepared=True)
    pcur.execute("ECHO ?", ("it's",))
    out["prepared"] = [list(r) for r in pcur.fetchall()]
    pcur.close()
    cur = c.cursor()
    cur.execute("ECHO after")
    out["after"] = cur.fetchall()[0][0]
    c.reconnect(attempts=2, delay=0)
    out["reconnected_id"] = c.connection_id
    c.close()
    try:
        mysql.connector.connect(**{**kw, "password": "wrong"})
    except errors.Error as exc:
        out["err_password"] = err(exc)
    c = mysql.connector.connect(auth_plugin="caching_sha2_password", **kw)
    out["sha2_ok"] = c.is_connected()
    c.close()
    n = 0
    for i in range(50):
        c = mysql.connector.connect(**kw)
        cur = c.cursor()
        cur.execute(f"ECHO {i}")
        n += cur.fetchall() == [(str(i),)]
        c.close()
    out["sequential_ok"] = n
    return out


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]), sys.argv[2])))
