"""The query-features generator (``replbed fuzz --generator query``, issue 24 part B).

The default generator's tables, values and statement mix, plus the statements of
issue 24's part B, interleaved with the DML:

* ``INSERT ... WITH [RECURSIVE] ... SELECT`` (a CTE over a table, or a number series);
* ``INSERT ... SELECT`` with window functions (ROW_NUMBER, RANK, DENSE_RANK, LAG, SUM
  and COUNT OVER with PARTITION BY and frames), always ordered by a unique NOT NULL
  key: rows a window's ORDER BY leaves tied come out of the server's filesort in an
  order the model does not predict (it refuses a tie-sensitive function over them);
* ``INSERT ... SELECT ... FROM DUAL WHERE [NOT] EXISTS (...)`` and ``WHERE 1=0``;
* SQL ``PREPARE`` / ``EXECUTE ... USING`` (literals and user variables) /
  ``DEALLOCATE PREPARE``;
* accounts: CREATE USER, GRANT, REVOKE, SET PASSWORD, RENAME USER, DROP USER (each
  an implicit commit), under names unique to the case and dropped at its end, so the
  servers' account lists do not carry from one case to the next.

Its own random stream (``replbed-fuzz-query:seed:index``): the default generator's
seeds reproduce unchanged.
"""

from __future__ import annotations

import dataclasses

from harness.fuzz.builders import Table
from harness.fuzz.generator import CaseGenerator
from harness.kinds import ServerKind
from harness.workload.model import Case, Step

_UNIQUE_KEYS = ("pk_auto", "pk", "unique")


class QueryCaseGenerator(CaseGenerator):
    """The default mix with CTEs, window functions, FROM DUAL, SQL PREPARE and accounts."""

    STREAM = "replbed-fuzz-query"
    PREFIX = "fuzzq"
    STATEMENTS = CaseGenerator.STATEMENTS + (
        ("stmt_cte_insert", 8), ("stmt_window_insert", 8), ("stmt_dual_insert", 5),
        ("stmt_sql_prepare", 6), ("stmt_account", 6),
    )

    def __init__(self, seed: int, index: int, kind: ServerKind | str | None = None) -> None:
        super().__init__(seed, index, kind)
        self.accounts: list[str] = []
        self.n_ps = 0

    # -- helpers -------------------------------------------------------------------

    def _select_into(self, dst: Table, src: Table, exprs: list[str]) -> list[str]:
        """One select expression per destination column, cycling through ``exprs``."""
        return [exprs[i % len(exprs)] for i in range(len(dst.all_columns))]

    # -- statements ----------------------------------------------------------------

    def stmt_cte_insert(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        dst = r.choice(ts)
        cols = ", ".join(c.name for c in dst.all_columns)
        if r.random() < 0.35:
            n = r.randint(1, 5)
            sel = ", ".join(["n"] * len(dst.all_columns))
            sql = (f"INSERT IGNORE INTO {dst.name} ({cols}) WITH RECURSIVE seq(n) AS "
                   f"(SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < {n}) SELECT {sel} FROM seq")
            self.touch(conn, dst)
            return sql
        src = r.choice(ts)
        if dst.temporary and dst is src:
            return None
        scols = [c.name for c in src.all_columns]
        sel = ", ".join(self._select_into(dst, src, [r.choice(scols) for _ in dst.all_columns]))
        where = f" WHERE {self.where(src)}" if r.random() < 0.4 else ""
        verb = r.choice(("INSERT", "INSERT IGNORE", "REPLACE"))
        sql = (f"{verb} INTO {dst.name} ({cols}) WITH c AS (SELECT {', '.join(scols)} FROM {src.name}{where}) "
               f"SELECT {sel} FROM c")
        if r.random() < 0.3:
            sql += f" ORDER BY {', '.join(scols)} LIMIT {r.randint(1, 3)}"
        self.touch(conn, dst, src)
        return sql

    def stmt_window_insert(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        srcs = [t for t in ts if t.key_kind in _UNIQUE_KEYS]
        if not srcs:
            return None
        src, dst = r.choice(srcs), r.choice(ts)
        if dst.temporary and dst is src:
            return None
        others = [c.name for c in src.columns] or ["id"]
        x = r.choice(others)
        # SUM over numbers only: a string's "Truncated incorrect DOUBLE value" (1292) per
        # row is an aggregate gap of the model, not a window rule.
        numeric = [c.name for c in src.all_columns if c.base in ("INT", "DECIMAL")]
        nx = r.choice(numeric) if numeric else ""
        part = f"PARTITION BY {r.choice(others)} " if r.random() < 0.4 else ""
        desc = " DESC" if r.random() < 0.3 else ""
        over = f"OVER ({part}ORDER BY id{desc})"
        frame = r.choice(("", " ROWS BETWEEN 1 PRECEDING AND CURRENT ROW", " ROWS UNBOUNDED PRECEDING"))
        funcs = [f"ROW_NUMBER() {over}", f"RANK() {over}", f"DENSE_RANK() {over}", f"LAG({x}) {over}",
                 f"COUNT(*) {over}", f"SUM({nx}) OVER ({part}ORDER BY id{desc}{frame})" if nx else f"COUNT({x}) {over}",
                 x, "id"]
        sel = self._select_into(dst, src, [r.choice(funcs) for _ in dst.all_columns])
        cols = ", ".join(c.name for c in dst.all_columns)
        verb = r.choice(("INSERT", "INSERT IGNORE"))
        sql = f"{verb} INTO {dst.name} ({cols}) SELECT {', '.join(sel)} FROM {src.name}"
        if r.random() < 0.25:
            sql += f" ORDER BY id LIMIT {r.randint(1, 3)}"
        self.touch(conn, dst, src)
        return sql

    def stmt_dual_insert(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        t = r.choice(ts)
        vals = ", ".join(self.value(c, key=c is t.key) for c in t.all_columns)
        cols = ", ".join(c.name for c in t.all_columns)
        key = self.key_value(t.key) if t.key is not None else "1"
        cond = r.choice((f"NOT EXISTS (SELECT 1 FROM {t.name} WHERE id = {key})",
                         f"EXISTS (SELECT 1 FROM {t.name})", "1 = 0", "1 = 1"))
        self.touch(conn, t)
        return f"INSERT IGNORE INTO {t.name} ({cols}) SELECT {vals} FROM DUAL WHERE {cond}"

    def stmt_sql_prepare(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        t = r.choice(ts)
        cols = t.all_columns
        self.n_ps += 1
        ps = f"ps{self.n_ps}"
        marks = ", ".join("?" for _ in cols)
        verb = r.choice(("INSERT", "INSERT IGNORE", "REPLACE"))
        self.steps.append((conn, f"PREPARE {ps} FROM '{verb} INTO {t.name} "
                                 f"({', '.join(c.name for c in cols)}) VALUES ({marks})'"))
        args = []
        for i, c in enumerate(cols):
            v = self.value(c, key=c is t.key)
            if r.random() < 0.4:
                self.steps.append((conn, f"SET @{ps}_{i} = {v}"))
                v = f"@{ps}_{i}"
            args.append(v)
        self.touch(conn, t)
        sql = f"EXECUTE {ps} USING {', '.join(args)}"
        if r.random() < 0.3:
            self.steps.append((conn, sql))
            return f"DEALLOCATE PREPARE {ps}"
        return sql

    def stmt_account(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        self.end_trx(conn)  # every account statement commits first
        if not self.accounts or r.random() < 0.3:
            name = f"fz_{self.seed}_{self.index}_{len(self.accounts) + 1}"
            self.accounts.append(name)
            return f"CREATE USER {name}@localhost IDENTIFIED BY 'pw{len(self.accounts)}'"
        name = r.choice(self.accounts)
        t = r.choice(ts)
        if t.temporary:
            t = next((x for x in ts if not x.temporary), t)
        kind = r.randint(0, 5)
        if kind == 0 and not t.temporary:
            return f"GRANT SELECT, INSERT ON test.{t.name} TO {name}@localhost"
        if kind == 1:
            return f"GRANT SELECT ON test.* TO {name}@localhost"
        if kind == 2:
            return f"REVOKE SELECT ON test.* FROM {name}@localhost"
        if kind == 3:
            return f"SET PASSWORD FOR {name}@localhost = PASSWORD('p{r.randint(1, 9)}')"
        if kind == 4:
            return f"ALTER USER {name}@localhost IDENTIFIED BY 'q{r.randint(1, 9)}'"
        self.accounts.remove(name)
        return f"DROP USER {name}@localhost"

    def build(self) -> Case:
        case = super().build()
        if not self.accounts:
            return case
        n = len(case.steps)
        drop = Step("con1", "DROP USER IF EXISTS " + ", ".join(f"{a}@localhost" for a in self.accounts), None, n + 1)
        return dataclasses.replace(case, steps=case.steps + (drop,))
