"""Run one workload many times on one real server and tally the last statement's plan and outcome.

Why: ``replbed fuzz`` drops a case × format as *noise* when two real servers of the kind
disagree. Some of those drops are the server's own nondeterminism: InnoDB recalculates
persistent statistics in a background thread (``dict_stats`` / the recalc pool, 10 % of the
rows changed), so a join between small tables may see a table's row estimate before or
after the recalculation, and the optimizer picks another order. This script shows it on
one server, with nothing else varying:

    python scripts/plan_race.py --kind mariadb-11.8 --sql repro.sql --runs 20 --pause 0.3
    python scripts/plan_race.py --kind mariadb-11.8 --sql repro.sql --runs 20 --no-auto-recalc

``repro.sql`` holds one statement per line; all but the last run first (the last but one
on a second connection, as the fuzz cases' steps do), then ``EXPLAIN`` of the last and the
last itself. The tally is (error, warning codes, EXPLAIN rows (table, type, key, Extra)).
``--no-auto-recalc`` sets ``innodb_stats_auto_recalc=OFF`` first: one plan only.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness.kinds import get_kind  # noqa: E402
from harness.profile import get_profile  # noqa: E402
from harness.providers.base import ServerSettings  # noqa: E402
from harness.providers.rootserver import RootServerProvider  # noqa: E402


def run_once(kw: dict[str, Any], sql: list[str], pause: float, explain: str = "EXPLAIN ") -> tuple[Any, ...]:
    import pymysql

    setup = pymysql.connect(autocommit=True, **kw)
    cu = setup.cursor()
    cu.execute("DROP DATABASE IF EXISTS race")
    cu.execute("CREATE DATABASE race")
    cu.execute("USE race")
    for s in sql[:-2]:
        cu.execute(s)
    step = pymysql.connect(autocommit=True, database="race", **kw)
    cs = step.cursor()
    if len(sql) > 1:
        cs.execute(sql[-2])
    time.sleep(pause)
    # columns by name: MySQL's table has partitions and filtered where MariaDB's has not
    cs.execute(explain + sql[-1])
    cols = [d[0].lower() for d in cs.description]
    pick = [cols.index(c) for c in ("table", "type", "key", "extra")]
    plan = tuple(tuple(r[i] for i in pick) for r in cs.fetchall())
    try:
        cs.execute(sql[-1])
        err = None
    except pymysql.MySQLError as exc:
        err = exc.args[0]
    cs.execute("SHOW WARNINGS")
    warnings = tuple(int(r[1]) for r in cs.fetchall())
    setup.close()
    step.close()
    return err, warnings, plan


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kind", default="mariadb-11.8")
    ap.add_argument("--sql", required=True, type=Path)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--pause", type=float, default=0.0, help="seconds between the last two statements")
    ap.add_argument("--no-auto-recalc", action="store_true")
    a = ap.parse_args()
    sql = [ln.strip().rstrip(";") for ln in a.sql.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    if not sql:
        print(f"{a.sql}: no statements", file=sys.stderr)
        return 2
    kind = get_kind(a.kind)
    settings = ServerSettings(flavor=kind.flavor, profile=get_profile(kind.default_profile))
    with tempfile.TemporaryDirectory(prefix="plan-race-") as tmp:
        handle = RootServerProvider(kind).start(settings, Path(tmp))
        try:
            kw = dict(host=handle.host, port=handle.port, user=handle.user, password=handle.password)
            if a.no_auto_recalc:
                import pymysql

                with pymysql.connect(autocommit=True, **kw) as c:
                    c.cursor().execute("SET GLOBAL innodb_stats_auto_recalc = OFF")
            # MySQL 9.x: the traditional table, whatever explain_format defaults to
            explain = "EXPLAIN FORMAT=TRADITIONAL " if kind.is_mysql else "EXPLAIN "
            tally = Counter(run_once(kw, sql, a.pause, explain) for _ in range(a.runs))
        finally:
            handle.stop()
    for (err, warnings, plan), n in tally.most_common():
        print(f"{n:4d}  error={err}  warnings={list(warnings)}  plan={list(plan)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
