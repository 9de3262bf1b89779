"""What the fuzz generators share: the schema model, the statement builders, the case.

A case is generated from ``(seed, index)`` alone (``random.Random`` seeded by
the pair), so ``replbed fuzz --seed S`` produces the same cases on every
machine and a case can be regenerated from its name.

The generator keeps a model of the schema it created (tables, their engine,
key and columns; temporary tables; routines and triggers) so that most
statements are valid and touch real columns; invalid ones still happen on
purpose (duplicate keys, values out of range, too long strings, NULL into NOT
NULL) because their errors and warnings are part of what is compared.

Determinism on the reference is built in, not filtered afterwards:

* no value depends on the clock or on randomness: unsafe functions appear
  only where their value does not reach a row (``LENGTH(UUID())``,
  ``RAND() >= 0``, ``CONNECTION_ID() > 0``);
* ``LIMIT`` always comes with an ``ORDER BY`` that is total on the rows it
  orders, or is on a statement whose effect does not depend on the order;
* two connections never wait for each other: a connection touches a table
  only if the other one has no open transaction that touched it (InnoDB row
  locks and metadata locks are held until the transaction ends), and at the
  end only the first connection leaves anything for disconnect to log
  (open transaction, temporary tables), so the order of the two
  disconnects cannot change the binlog.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from harness.kinds import ServerKind, get_kind
from harness.workload.model import Case, SessionSettings, Setting, Step

FORMATS = ("STATEMENT", "ROW", "MIXED")
SQL_MODES = (
    "'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION'",
    "'STRICT_ALL_TABLES'",
    "'TRADITIONAL'",
    "''",
)
ROW_IMAGES = ("FULL", "MINIMAL", "NOBLOB")
ISOLATION = ("'REPEATABLE-READ'", "'READ-COMMITTED'", "'READ-UNCOMMITTED'", "'SERIALIZABLE'")

@dataclass
class Column:
    name: str
    type: str
    not_null: bool = False

    @property
    def base(self) -> str:
        return self.type.split("(")[0].upper()


@dataclass
class Table:
    name: str
    engine: str
    key: Column | None
    key_kind: str
    columns: list[Column]
    temporary: bool = False
    owner: str = ""  # connection that created a temporary table

    @property
    def all_columns(self) -> list[Column]:
        return ([self.key] if self.key else []) + self.columns

    @property
    def unique_key(self) -> bool:
        return self.key_kind in ("pk_auto", "pk", "unique")


@dataclass
class _Conn:
    name: str
    autocommit: bool = True
    in_trx: bool = False
    touched: set[str] = field(default_factory=set)
    savepoints: list[str] = field(default_factory=list)


class CaseBuilder:
    """Builds one random case: the schema model, the statement builders and the case.

    A generator (:mod:`harness.fuzz.generator`, :mod:`harness.fuzz.wide`) adds its
    values, expressions and tables (``key_value``, ``value``, ``expr_for``,
    ``make_table``), its statement mix (``STATEMENTS``) and its random stream
    (``STREAM``, ``PREFIX``); use :func:`harness.fuzz.cases.generate_case`.
    """

    STREAM = "replbed-fuzz"  # the random stream: Random(f"{STREAM}:{seed}:{index}")
    PREFIX = "fuzz"          # case names: f"{PREFIX}_s{seed}_{index:05d}"

    def __init__(self, seed: int, index: int, kind: ServerKind | str | None = None) -> None:
        self.rng = random.Random(f"{self.STREAM}:{seed}:{index}")
        # The server kind the case is for: what it spells differently (sql_mode flags it
        # removed, variable names) is the kind's; the random draws are the same for every
        # kind, so a seed gives the same case shapes on each.
        self.kind = kind if isinstance(kind, ServerKind) else get_kind(kind)
        self.name = f"{self.PREFIX}_s{seed}_{index:05d}"
        self.seed = seed
        self.index = index
        self.tables: dict[str, Table] = {}
        self.functions: dict[str, set[str]] = {}  # function -> tables it writes
        self.triggers: dict[str, set[str]] = {}   # table -> tables its triggers write
        self.setup: list[str] = []
        self.steps: list[tuple[str, str]] = []
        self.settings: list[tuple[str, str, str]] = []
        self.conns: dict[str, _Conn] = {}
        self.n_tables = 0
        self.n_sp = 0

    # -- values and tables: each generator's own ---------------------------------

    def key_value(self, col: Column) -> str:
        """A value for the key column ``col``."""
        raise NotImplementedError

    def value(self, col: Column, key: bool = False) -> str:
        """A value for ``col`` (sometimes NULL or one that does not fit)."""
        raise NotImplementedError

    def expr_for(self, col: Column, alias: str = "") -> str:
        """An expression that updates ``col`` from its own value (may overflow or truncate)."""
        raise NotImplementedError

    def make_table(self, temporary: bool = False, owner: str = "") -> tuple[Table, str]:
        """A new table of the model and its CREATE TABLE."""
        raise NotImplementedError

    # -- schema ------------------------------------------------------------------

    def new_table_name(self, prefix: str = "t") -> str:
        self.n_tables += 1
        return f"{prefix}{self.n_tables}"

    def insert_rows(self, t: Table, n: int, cols: list[Column] | None = None) -> tuple[list[Column], str]:
        cols = cols or t.all_columns
        rows = []
        for _ in range(n):
            rows.append("(" + ", ".join(self.value(c, key=c is t.key) for c in cols) + ")")
        return cols, ", ".join(rows)

    # -- statements ----------------------------------------------------------------

    def usable(self, conn: str, write: bool = True) -> list[Table]:
        """Tables ``conn`` may touch without waiting for the other connection."""
        others = [c for n, c in self.conns.items() if n != conn]
        out = []
        for t in self.tables.values():
            if t.temporary and t.owner != conn:
                continue
            if any(self.closure(t.name) & o.touched for o in others):
                continue
            out.append(t)
        return out

    def closure(self, table: str) -> set[str]:
        """``table`` and the tables its triggers write."""
        return {table} | self.triggers.get(table, set())

    def touch(self, conn: str, *tables: Table) -> None:
        c = self.conns[conn]
        for t in tables:
            if c.in_trx or not c.autocommit:
                c.touched |= self.closure(t.name)

    def end_trx(self, conn: str) -> None:
        c = self.conns[conn]
        c.in_trx = False
        c.touched = set()
        c.savepoints = []

    def stmt_insert(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        t = r.choice(ts)
        cols = t.all_columns
        if t.key_kind == "pk_auto" and r.random() < 0.4:
            cols = t.columns
        if r.random() < 0.3 and len(cols) > 1:
            cols = r.sample(cols, r.randint(1, len(cols)))
            cols = [c for c in t.all_columns if c in cols]
        cols, values = self.insert_rows(t, r.randint(1, 4), cols)
        verb = r.choice(("INSERT", "INSERT", "INSERT IGNORE", "REPLACE"))
        sql = f"{verb} INTO {t.name} ({', '.join(c.name for c in cols)}) VALUES {values}"
        if verb == "INSERT" and r.random() < 0.35:
            c = r.choice(t.all_columns)
            upd = r.choice((self.expr_for(c), f"VALUES({c.name})"))
            sql += f" ON DUPLICATE KEY UPDATE {c.name} = {upd}"
        self.touch(conn, t)
        return sql

    def stmt_insert_select(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        dst, src = r.choice(ts), r.choice(ts)
        if dst.temporary and dst is src:
            return None  # ER_CANT_REOPEN_TABLE: valid, but one is enough elsewhere
        dcols = dst.all_columns
        n = len(dcols)
        scols = src.all_columns
        sel = [r.choice(scols).name for _ in range(n)]
        verb = r.choice(("INSERT", "INSERT IGNORE", "REPLACE"))
        sql = f"{verb} INTO {dst.name} ({', '.join(c.name for c in dcols)}) SELECT {', '.join(sel)} FROM {src.name}"
        if r.random() < 0.4:
            sql += f" WHERE {self.where(src)}"
        if r.random() < 0.3:
            sql += f" ORDER BY {', '.join(c.name for c in scols)} LIMIT {r.randint(1, 3)}"
        if verb == "INSERT" and r.random() < 0.3:
            c = r.choice(dcols)
            sql += f" ON DUPLICATE KEY UPDATE {c.name} = {r.choice((self.expr_for(c, dst.name + '.'), f'VALUES({c.name})'))}"
        self.touch(conn, dst, src)
        return sql

    def where(self, t: Table, alias: str = "") -> str:
        r = self.rng
        c = r.choice(t.all_columns)
        q = f"{alias}{c.name}"
        if c is t.key:
            return r.choice((f"{q} = {self.key_value(c)}", f"{q} > {self.key_value(c)}",
                             f"{q} IS NULL", f"{q} IN ({self.key_value(c)}, {self.key_value(c)})"))
        return r.choice((f"{q} IS NOT NULL", f"{q} IS NULL", f"{q} = {self.value(c)}", "1 = 1"))

    def order_limit(self, t: Table) -> str:
        r = self.rng
        if r.random() < 0.7:
            return ""
        return f" ORDER BY {', '.join(c.name for c in t.all_columns)} LIMIT {r.randint(1, 3)}"

    def stmt_update(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        t = r.choice(ts)
        c = r.choice(t.all_columns)
        val = self.expr_for(c) if r.random() < 0.7 else self.value(c, key=c is t.key)
        sql = f"UPDATE {t.name} SET {c.name} = {val}"
        if r.random() < 0.7:
            sql += f" WHERE {self.where(t)}"
        if r.random() < 0.15:
            sql += (" AND " if " WHERE " in sql else " WHERE ") + r.choice(
                ("RAND() >= 0", "LENGTH(UUID()) = 36", "CONNECTION_ID() > 0", "LENGTH(USER()) > 0",
                 "SYSDATE() > '2000-01-01'"))
        sql += self.order_limit(t)
        self.touch(conn, t)
        return sql

    def stmt_delete(self, conn: str, ts: list[Table]) -> str | None:
        t = self.rng.choice(ts)
        sql = f"DELETE FROM {t.name} WHERE {self.where(t)}" + self.order_limit(t)
        self.touch(conn, t)
        return sql

    def stmt_multi(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        if len(ts) < 2:
            return None
        a, b = r.sample(ts, 2)
        if r.random() < 0.5:
            c = r.choice(a.columns)
            src = next((x for x in b.all_columns if x.base == c.base), None)
            val = f"b.{src.name}" if src and r.random() < 0.7 else self.expr_for(c, "a.")
            sql = f"UPDATE {a.name} a, {b.name} b SET a.{c.name} = {val} WHERE a.id = b.id"
            if r.random() < 0.3:
                c2 = r.choice(b.columns)
                sql = sql.replace(" WHERE ", f", b.{c2.name} = {self.expr_for(c2, 'b.')} WHERE ", 1)
        else:
            which = r.choice(("a", "b", "a, b"))
            sql = f"DELETE {which} FROM {a.name} a JOIN {b.name} b ON a.id = b.id"
            if r.random() < 0.4:
                sql += f" WHERE {self.where(a, 'a.')}"
        self.touch(conn, a, b)
        return sql

    def stmt_create_select(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        src = r.choice(ts)
        temp = r.random() < 0.5
        if self.conns[conn].name != "con1":
            temp = False  # only con1 leaves temporary tables for disconnect
        name = self.new_table_name("tmp" if temp else "t")
        engine = r.choice(("InnoDB", "MyISAM"))
        cols = r.sample(src.all_columns, r.randint(1, len(src.all_columns)))
        cols = [c for c in src.all_columns if c in cols]
        kw = "TEMPORARY " if temp else ""
        prefix = ""
        key = None
        kind = "none"
        if src.key in cols and r.random() < 0.4:
            prefix = " (PRIMARY KEY (id))"
            key, kind = Column("id", src.key.type, True), "pk"
        sel = ", ".join(c.name for c in cols)
        sql = f"CREATE {kw}TABLE {name}{prefix} ENGINE={engine} SELECT {sel} FROM {src.name}"
        if r.random() < 0.3:
            sql += f" WHERE {self.where(src)}"
        newcols = [Column(c.name, c.type) for c in cols if c.name != "id"]
        if key is None and src.key in cols:
            key = Column("id", src.key.type)
        if not newcols:
            return None
        self.tables[name] = Table(name, engine, key, kind, newcols, temp, conn)
        self.touch(conn, src)
        if not temp:
            self.end_trx(conn)  # CREATE TABLE commits implicitly
        return sql

    def stmt_temp(self, conn: str, ts: list[Table]) -> str | None:
        if conn != "con1":
            return None
        t, sql = self.make_table(temporary=True, owner=conn)
        self.tables[t.name] = t
        return sql

    def stmt_drop_temp(self, conn: str, ts: list[Table]) -> str | None:
        temps = [t for t in ts if t.temporary]
        if not temps:
            return None
        t = self.rng.choice(temps)
        del self.tables[t.name]
        return f"DROP TEMPORARY TABLE {t.name}"

    def stmt_truncate(self, conn: str, ts: list[Table]) -> str | None:
        t = self.rng.choice(ts)
        if not t.temporary:
            self.end_trx(conn)
        return f"TRUNCATE TABLE {t.name}"

    def stmt_uservar(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        t = r.choice(ts)
        c = r.choice(t.columns)
        if r.random() < 0.5:
            return f"SET @v_{c.base.lower()} = {self.value(c)}"
        cols = [x for x in t.all_columns if x is not c]
        vals = [self.value(x, key=x is t.key) for x in cols]
        self.touch(conn, t)
        return (f"INSERT INTO {t.name} ({', '.join([c.name] + [x.name for x in cols])}) "
                f"VALUES (@v_{c.base.lower()}, {', '.join(vals)})" if cols else
                f"INSERT INTO {t.name} ({c.name}) VALUES (@v_{c.base.lower()})")

    def stmt_unsafe(self, conn: str, ts: list[Table]) -> str | None:
        """Unsafe functions whose value never reaches a row."""
        r = self.rng
        t = r.choice(ts)
        ints = [c for c in t.columns if c.base == "INT"]
        cond = r.choice(("LENGTH(UUID()) = 36", "RAND() >= 0", "CONNECTION_ID() > 0",
                         "LENGTH(USER()) > 0", "FOUND_ROWS() >= 0", "LENGTH(VERSION()) > 0",
                         "SYSDATE() > '2000-01-01'"))
        self.touch(conn, t)
        if ints and r.random() < 0.5:
            return f"UPDATE {t.name} SET {ints[0].name} = {ints[0].name} + ({cond})"
        src = r.choice(ts)
        self.touch(conn, src)
        if src is t and t.temporary:
            return None
        cols = t.all_columns
        sel = [next((s.name for s in src.all_columns if s.base == c.base), self.value(c)) for c in cols]
        return (f"INSERT IGNORE INTO {t.name} ({', '.join(c.name for c in cols)}) "
                f"SELECT {', '.join(sel)} FROM {src.name} WHERE {cond}")

    def stmt_function(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        if not self.functions:
            return None
        f = r.choice(sorted(self.functions))
        writes = self.functions[f]
        if any(w not in {t.name for t in ts} for w in writes):
            return None
        t = r.choice(ts)
        self.touch(conn, t, *[self.tables[w] for w in writes if w in self.tables])
        ints = [c for c in t.columns if c.base == "INT"]
        if ints and r.random() < 0.6:
            return f"UPDATE {t.name} SET {ints[0].name} = {f}({ints[0].name}) WHERE {self.where(t)}"
        return f"SELECT {f}({r.randint(1, 5)})"

    def stmt_trx(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        c = self.conns[conn]
        if c.in_trx or not c.autocommit:
            roll = r.random()
            if roll < 0.25 and (c.in_trx or not c.autocommit):
                self.n_sp += 1
                c.savepoints.append(f"sp{self.n_sp}")
                return f"SAVEPOINT sp{self.n_sp}"
            if roll < 0.4 and c.savepoints:
                return f"ROLLBACK TO SAVEPOINT {r.choice(c.savepoints)}"
            if roll < 0.45 and c.savepoints:
                return f"RELEASE SAVEPOINT {c.savepoints.pop()}"
            verb = "COMMIT" if roll < 0.75 else "ROLLBACK"
            self.end_trx(conn)
            return verb
        if r.random() < 0.2:
            c.autocommit = False
            return "SET autocommit = 0"
        c.in_trx = True
        return r.choice(("BEGIN", "START TRANSACTION"))

    def stmt_setting(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        c = self.conns[conn]
        roll = r.random()
        if roll < 0.4:
            return f"SET sql_mode = {self.kind.sql_mode(r.choice(SQL_MODES))}"
        if roll < 0.6:
            return f"SET binlog_row_image = {r.choice(ROW_IMAGES)}"
        if roll < 0.75 and not c.autocommit:
            c.autocommit = True
            self.end_trx(conn)
            return "SET autocommit = 1"
        if not c.in_trx and c.autocommit:
            return f"SET {self.kind.session_variable('tx_isolation')} = {r.choice(ISOLATION)}"
        return None

    STATEMENTS: tuple[tuple[str, int], ...] = (
        ("stmt_insert", 20), ("stmt_insert_select", 8), ("stmt_update", 12), ("stmt_delete", 7),
        ("stmt_multi", 6), ("stmt_create_select", 4), ("stmt_temp", 3), ("stmt_drop_temp", 2),
        ("stmt_truncate", 2), ("stmt_uservar", 4), ("stmt_unsafe", 5), ("stmt_function", 5),
        ("stmt_trx", 12), ("stmt_setting", 5),
    )

    # -- routines ------------------------------------------------------------------

    def make_routines(self) -> None:
        r = self.rng
        plain = [t for t in self.tables.values() if not t.temporary]
        if plain and r.random() < 0.35:
            t = r.choice(plain)
            intc = next((c for c in t.columns if c.base == "INT"), None)
            if intc is not None:
                self.functions["f_log"] = {t.name}
                self.setup.append(
                    f"CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA "
                    f"BEGIN INSERT INTO {t.name} ({intc.name}{', id' if t.key_kind != 'pk_auto' else ''}) "
                    f"VALUES (x{', ' + self.key_value(t.key) if t.key_kind != 'pk_auto' and t.key else ''}); "
                    f"RETURN x + 1; END")
        if r.random() < 0.3:
            self.functions["f_pure"] = set()
            self.setup.append("CREATE FUNCTION f_pure(x INT) RETURNS INT DETERMINISTIC RETURN x * 3")
        if len(plain) >= 2 and r.random() < 0.35:
            src, dst = r.sample(plain, 2)
            intc = next((c for c in dst.columns if c.base == "INT"), None)
            if intc is not None:
                timing = r.choice(("AFTER", "BEFORE"))
                ev = r.choice(("INSERT", "UPDATE", "DELETE"))
                ref = "OLD" if ev == "DELETE" else "NEW"
                self.triggers.setdefault(src.name, set()).add(dst.name)
                keyval = "" if dst.key_kind == "pk_auto" else ", NULL"
                body = (f"INSERT INTO {dst.name} ({intc.name}{', id' if keyval else ''}) "
                        f"VALUES (1{keyval})")
                if r.random() < 0.5 and src.key is not None and src.key.base == "INT":
                    body = f"UPDATE {dst.name} SET {intc.name} = {intc.name} + 1 WHERE id = {ref}.id"
                self.setup.append(f"CREATE TRIGGER trg_{src.name} {timing} {ev} ON {src.name} "
                                  f"FOR EACH ROW {body}")

    # -- the case ----------------------------------------------------------------

    def build(self) -> Case:
        r = self.rng
        for _ in range(r.randint(1, 3)):
            t, sql = self.make_table()
            self.tables[t.name] = t
            self.setup.append(sql)
            if r.random() < 0.8:
                cols, values = self.insert_rows(t, r.randint(1, 4))
                self.setup.append(f"INSERT IGNORE INTO {t.name} ({', '.join(c.name for c in cols)}) VALUES {values}")
        self.make_routines()
        if r.random() < 0.5:
            self.settings.append(("session", "sql_mode", self.kind.sql_mode(r.choice(SQL_MODES))))
        if r.random() < 0.4:
            self.settings.append(("session", "binlog_row_image", r.choice(ROW_IMAGES)))
        if r.random() < 0.3:
            self.settings.append(("session", "tx_isolation", r.choice(ISOLATION)))
        two = r.random() < 0.35
        names = ["con1", "con2"] if two else ["con1"]
        for n in names:
            self.conns[n] = _Conn(n)
        if two:
            # a wrong guess about locking must cost a second, not fifty
            self.settings.append(("session", "innodb_lock_wait_timeout", "1"))
            self.settings.append(("session", "lock_wait_timeout", "1"))
        if r.random() < 0.2:
            self.settings.append(("con1", "autocommit", "0"))
            self.conns["con1"].autocommit = False
        n_steps = r.randint(3, 10)
        kinds, weights = zip(*self.STATEMENTS)
        tries = 0
        while len(self.steps) < n_steps and tries < n_steps * 10:
            tries += 1
            conn = r.choice(names)
            ts = self.usable(conn)
            if not ts:
                continue
            kind = r.choices(kinds, weights)[0]
            sql = getattr(self, kind)(conn, ts)
            if sql:
                self.steps.append((conn, sql))
        if two:
            c2 = self.conns["con2"]
            if c2.in_trx or not c2.autocommit:
                self.steps.append(("con2", "COMMIT"))
        if not self.steps:
            self.steps.append(("con1", "DO 1"))
        used = {c for c, _ in self.steps}
        settings = tuple(Setting(s, v, val, 0) for s, v, val in self.settings if s in used | {"session"})
        return Case(
            name=self.name, source=Path(f"<fuzz seed={self.seed}>"), line=self.index,
            steps=tuple(Step(c, sql, None, i + 1) for i, (c, sql) in enumerate(self.steps)),
            setup=tuple(Step("setup", sql, None, 0) for sql in self.setup),
            rule="fuzz", seed=str(self.seed),
            description=f"replbed fuzz --seed {self.seed}, case {self.index}",
            settings=SessionSettings(settings),
        )


