"""Single-session autocommit INSERT rate: replbed serve vs a real MariaDB 10.11.

Issue 3 holds replbed to at least half of MariaDB's rate. Both servers are
started here (local provider and `replbed serve` as a child process), the same
client (mysql-connector-python, pure mode, one connection, autocommit) sends
the same INSERTs to each, in the same run, interleaved in rounds so that a
noisy neighbour affects both alike.

    .venv/bin/python benchmarks/insert_rate.py [--rows 5000] [--rounds 3] [--format MIXED]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from harness.providers.base import ServerHandle, ServerSettings
from harness.providers.local import LocalMariaDBProvider
from harness.providers.replbed import ReplbedProvider


def prepare(h: ServerHandle, engine: str, fmt: str):  # type: ignore[no-untyped-def]
    c = h.connect()
    k = c.cursor()
    for q in ("DROP DATABASE IF EXISTS bench", "RESET MASTER", "CREATE DATABASE bench", "USE bench",
              f"SET SESSION binlog_format = '{fmt}'",
              f"CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(32), n INT) ENGINE={engine}"):
        k.execute(q)
    return c, k


def run(h: ServerHandle, rows: int, engine: str, fmt: str) -> float:
    c, k = prepare(h, engine, fmt)
    t0 = time.perf_counter()
    for i in range(rows):
        k.execute(f"INSERT INTO t VALUES ({i}, 'value-{i}', {i % 97})")
    dt = time.perf_counter() - t0
    k.execute("SELECT COUNT(*) FROM t")
    assert k.fetchall()[0][0] == rows
    c.close()
    return rows / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=5000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--engine", default="InnoDB")
    ap.add_argument("--format", default="MIXED", choices=["STATEMENT", "ROW", "MIXED"])
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="replbed-bench-") as tmp:
        work = Path(tmp)
        with LocalMariaDBProvider().start(ServerSettings(), work / "mariadb") as ref, \
                ReplbedProvider().start(ServerSettings(), work / "replbed") as rb:
            rates: dict[str, list[float]] = {"mariadb": [], "replbed": []}
            for r in range(a.rounds):
                for name, h in (("mariadb", ref), ("replbed", rb)):
                    rate = run(h, a.rows, a.engine, a.format)
                    rates[name].append(rate)
                    print(f"round {r + 1}: {name:8s} {rate:8.0f} inserts/s", flush=True)
    m, b = statistics.median(rates["mariadb"]), statistics.median(rates["replbed"])
    print(f"\n{a.rows} autocommit INSERTs into {a.engine}, binlog_format={a.format}, {a.rounds} rounds (median)")
    print(f"  MariaDB 10.11 : {m:8.0f} inserts/s")
    print(f"  replbed serve : {b:8.0f} inserts/s")
    print(f"  ratio replbed/MariaDB = {b / m:.2f}  (goal >= 0.50)")


if __name__ == "__main__":
    main()
