"""Probe MariaDB's two-table join plans and check replbed's conversion warnings against them.

The evidence behind docs/RULES-mariadb-10.11.md 5.12.2 (joinplan.join_conversions):

    # 1. on a throwaway mariadbd (127.0.0.1, any socket), random fuzz-shaped joins:
    python scripts/probe_join_plans.py probe --socket /tmp/x/sock --seed 3 --count 700 --out sw3.jsonl
    # 2. replay each sample on replbed's in-process server, compare error + warnings:
    python scripts/probe_join_plans.py check sw3.jsonl [-v]

Each sample is two tables (INT/VARCHAR(10)/DECIMAL(6,2)/DATETIME key column, PK/UNIQUE/
nullable UNIQUE/none, InnoDB/MyISAM, 0-5 rows), one UPDATE/DELETE/SELECT joining them on
``a.id = b.id``, optionally a one-table condition (``--filters``); the server's EXPLAIN,
error and SHOW WARNINGS are recorded.  ``check`` scores the UPDATE/DELETE samples whose
types convert (the ones the model is about).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

TYPES = ["INT", "VARCHAR(10)", "DECIMAL(6,2)", "DATETIME"]
KINDS = {"pk": "NOT NULL PRIMARY KEY", "unique": "NOT NULL UNIQUE", "nullable_unique": "NULL UNIQUE", "none": ""}
STATEMENTS = [
    "UPDATE t1 a, t2 b SET a.c_int = a.c_int + 1 WHERE a.id = b.id",
    "UPDATE t1 a, t2 b SET b.c_int = b.c_int + 1 WHERE a.id = b.id",
    "UPDATE t1 a, t2 b SET a.c_str = b.c_str, b.c_int = 5 WHERE a.id = b.id",
    "DELETE a FROM t1 a JOIN t2 b ON a.id = b.id",
    "DELETE b FROM t1 a JOIN t2 b ON a.id = b.id",
    "DELETE a, b FROM t1 a JOIN t2 b ON a.id = b.id",
    "SELECT a.c_int, b.c_int FROM t1 a JOIN t2 b ON a.id = b.id",
]


def key_value(t: str, n: int) -> str:
    return {"INT": str(n), "VARCHAR(10)": f"'k{n}'", "DECIMAL(6,2)": f"{n}.00",
            "DATETIME": f"'2024-01-0{n} 10:00:00'"}[t]


def setup_sql(sample: dict[str, Any]) -> list[str]:
    out = []
    for name, t in (("t1", sample["A"]), ("t2", sample["B"])):
        out.append(f"CREATE TABLE {name} (id {t['t']} {KINDS[t['k']]}, c_int INT, c_str VARCHAR(6)) ENGINE={t['e']}")
        if t["vals"]:
            out.append(f"INSERT INTO {name} (id, c_int, c_str) VALUES " + ", ".join(
                f"({key_value(t['t'], v) if v is not None else 'NULL'}, {v if v is not None else 0}, 'x')"
                for v in t["vals"]))
    return out


def make_sample(r: random.Random, filters: bool) -> dict[str, Any]:
    tabs = []
    for _ in range(2):
        t = dict(t=r.choice(TYPES), k=r.choice(list(KINDS)), e=r.choice(["InnoDB", "MyISAM"]),
                 n=r.choice([0, 1, 2, 2, 3, 3, 4, 5]))
        vals: list[int | None] = list(r.sample(range(1, 10), t["n"]))
        if t["k"] in ("nullable_unique", "none") and vals and r.random() < 0.3:
            vals[r.randrange(len(vals))] = None
        t["vals"] = vals
        tabs.append(t)
    stmt = r.choice(STATEMENTS)
    if filters:
        wh = r.choice(["", "a.c_int IS NULL", "b.c_int IS NULL", "a.c_int > 3",
                       f"a.id = {key_value(tabs[0]['t'], r.randint(1, 9))}"])
        if wh:
            stmt += (" AND " if "WHERE" in stmt else " WHERE ") + wh
    return dict(A=tabs[0], B=tabs[1], stmt=stmt, mode=r.choice(["''", "DEFAULT"]))


def probe(socket: str, seed: int, count: int, out: Path, filters: bool) -> None:
    import pymysql
    r = random.Random(seed)
    conn = pymysql.connect(unix_socket=socket, user="root", autocommit=True)
    cur = conn.cursor()
    with out.open("w") as f:
        for _ in range(count):
            s = make_sample(r, filters)
            cur.execute("DROP DATABASE IF EXISTS p")
            cur.execute("CREATE DATABASE p")
            cur.execute("USE p")
            cur.execute("SET sql_mode = ''")
            for sql in setup_sql(s):
                cur.execute(sql)
            cur.execute(f"SET sql_mode = {s['mode']}")
            try:
                cur.execute("EXPLAIN " + s["stmt"])
                s["ex"] = [(x[2], x[3], x[6], x[8], x[9]) for x in cur.fetchall()]
            except pymysql.MySQLError as e:
                s["ex"] = [("explain-error", e.args[0], None, None, None)]
            s["err"] = None
            try:
                cur.execute(s["stmt"])
                cur.fetchall()
            except pymysql.MySQLError as e:
                s["err"] = e.args[0]
            cur.execute("SHOW WARNINGS")
            s["w"] = [(x[1], x[2]) for x in cur.fetchall()]
            f.write(json.dumps(s) + "\n")
    cur.execute("DROP DATABASE IF EXISTS p")
    conn.close()


def _converts(s: dict[str, Any]) -> bool:
    fams = {s["A"]["t"].split("(")[0], s["B"]["t"].split("(")[0]}
    return len(fams) == 2 and fams != {"INT", "DECIMAL"} and not s["stmt"].startswith("SELECT")


def check(files: list[Path], verbose: bool) -> int:
    from harness.config import ServeConfig
    from harness.sql.sql_errors import ServerError
    from harness.sql.server import ServerState
    from harness.sql.thd import Thd
    stats: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        state = ServerState(ServeConfig(port=0, binlog_dir=Path(tmp) / "binlog"))
        state.start()
        samples = [json.loads(line) for f in files for line in f.open()]
        for i, s in enumerate(x for x in samples if _converts(x)):
            thd = Thd(state, i + 1, db=None)
            db = f"p{i}"
            thd.execute(f"CREATE DATABASE {db}")
            thd.execute(f"USE {db}")
            thd.execute("SET sql_mode = ''")
            for sql in setup_sql(s):
                thd.execute(sql)
            thd.execute(f"SET sql_mode = {s.get('mode', chr(39) * 2)}")
            err = None
            try:
                thd.execute(s["stmt"])
            except ServerError as e:
                err = e.code
            got = [(n.code, n.message) for n in thd.last_notes]
            want = [(c, m.replace("`p`.", f"`{db}`.")) for c, m in s["w"]]
            verdict = "same" if (got == want and err == s.get("err")) else "silent" if not got and want else "differs"
            stats[verdict] += 1
            if verbose and verdict != "same":
                print(verdict, s["stmt"], [x[:2] for x in s["ex"]], "\n  real", s.get("err"), want, "\n  repl", err, got)
            thd.execute(f"DROP DATABASE {db}")
    total = sum(stats.values())
    print(f"{stats['same']}/{total} UPDATE/DELETE joins whose types convert: same error and warnings "
          f"({stats['silent']} unpredicted, {stats['differs']} predicted differently)")
    return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("probe")
    p.add_argument("--socket", required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, default=500)
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--filters", action="store_true", help="add one-table conditions")
    c = sub.add_parser("check")
    c.add_argument("files", type=Path, nargs="+")
    c.add_argument("-v", action="store_true")
    a = ap.parse_args(argv)
    if a.cmd == "probe":
        probe(a.socket, a.seed, a.count, a.out, a.filters)
        return 0
    missing = [f for f in a.files if not f.is_file()]
    if missing:
        print(f"probe_join_plans: no such file: {missing[0]}", file=sys.stderr)
        return 2
    return check(a.files, a.v)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
