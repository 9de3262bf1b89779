"""A second, wider case generator (``replbed fuzz --generator wide``).

The default generator (:mod:`harness.fuzz.generator`) found and closed the
classes of its own statement shapes; a differently written generator samples
other shapes.  This one shares the default's schema bookkeeping,
statement builders and determinism rules (:mod:`harness.fuzz.builders`) and widens what it writes:

* column types: TINYINT, SMALLINT UNSIGNED, BIGINT (UNSIGNED), CHAR, TEXT,
  DATE, TIME, TIMESTAMP, DOUBLE, ENUM; ``DEFAULT`` clauses; a secondary
  non-unique index; keys over BIGINT/CHAR/DATE;
* values: negative, huge, fractional, numeric strings, empty strings, zero
  and partial dates, ``DEFAULT``;
* statement forms: ``INSERT … SET``, ``INSERT`` without a column list,
  ``VALUES ()``, several assignments per UPDATE, ``UPDATE IGNORE``,
  ``UPDATE … JOIN``, DELETE without WHERE, ``LIMIT`` without ORDER BY,
  ``SET @v = (SELECT …)``, ``SELECT … INTO``, ``LAST_INSERT_ID()``,
  unsafe functions whose (deterministic) value is stored, plain SELECTs,
  ALTER/CREATE INDEX/CREATE … LIKE/DROP/RENAME, ``SET autocommit = 1`` or
  ``BEGIN`` inside an open transaction, savepoint errors, ``SET TRANSACTION
  ISOLATION LEVEL``, procedures and multi-statement triggers.

It draws from its own random stream (``replbed-fuzz-wide:seed:index``), so
the default generator's seeds reproduce unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from harness.fuzz.builders import CaseBuilder, Column, Table
from harness.kinds import ServerKind

WIDE_VALUE_COLUMNS = (
    ("c_int", "INT"), ("c_tiny", "TINYINT"), ("c_usmall", "SMALLINT UNSIGNED"), ("c_big", "BIGINT"),
    ("c_ubig", "BIGINT UNSIGNED"), ("c_str", "VARCHAR(6)"), ("c_char", "CHAR(4)"), ("c_text", "TEXT"),
    ("c_dec", "DECIMAL(5,2)"), ("c_dbl", "DOUBLE"), ("c_dt", "DATETIME"), ("c_date", "DATE"),
    ("c_time", "TIME"), ("c_ts", "TIMESTAMP NULL"), ("c_blob", "BLOB"), ("c_enum", "ENUM('a','b','c')"),
)
WIDE_KEY_TYPES = ("INT", "BIGINT", "VARCHAR(10)", "CHAR(4)", "DECIMAL(6,2)", "DATETIME", "DATE")
DEFAULTS = {
    "INT": "0", "TINYINT": "1", "SMALLINT": "7", "BIGINT": "-1", "VARCHAR": "'d'", "CHAR": "'dd'",
    "DECIMAL": "9.99", "DOUBLE": "0.5", "DATETIME": "'2020-02-02 02:02:02'", "DATE": "'2020-02-02'",
    "TIME": "'01:02:03'", "TIMESTAMP": "NULL", "ENUM": "'b'",
}


@dataclass
class WColumn(Column):
    default: str | None = None

    @property
    def base(self) -> str:
        return self.type.split("(")[0].split()[0].upper()

    @property
    def unsigned(self) -> bool:
        return "UNSIGNED" in self.type.upper()


class WideCaseGenerator(CaseBuilder):
    """The shared builders with more types, values and statement forms."""

    STREAM = "replbed-fuzz-wide"
    PREFIX = "fuzzw"

    def __init__(self, seed: int, index: int, kind: ServerKind | str | None = None) -> None:
        super().__init__(seed, index, kind)
        self.indexed: dict[str, str] = {}  # table -> column with a non-unique index
        self.n_proc = 0
        self.procs: dict[str, set[str]] = {}  # procedure -> tables it writes
        self.in_values = False  # DEFAULT is a value only in VALUES lists and SET assignments

    def insert_rows(self, t: Table, n: int, cols: list[Column] | None = None) -> tuple[list[Column], str]:
        self.in_values = True
        try:
            return super().insert_rows(t, n, cols)
        finally:
            self.in_values = False

    def stmt_create_select(self, conn: str, ts: list[Table]) -> str | None:
        before = set(self.tables)
        sql = super().stmt_create_select(conn, ts)
        for name in set(self.tables) - before:  # the new table's columns as WColumn (base of 'BIGINT UNSIGNED')
            t = self.tables[name]
            t.columns = [WColumn(c.name, c.type, c.not_null) for c in t.columns]  # type: ignore[misc]
            if t.key is not None:
                t.key = WColumn(t.key.name, t.key.type, t.key.not_null)
        return sql

    # -- values ------------------------------------------------------------------

    def key_value(self, col: Column) -> str:
        r = self.rng
        n = r.randint(1, 9)
        b = col.base
        if b in ("INT", "BIGINT"):
            return str(n)
        if b in ("VARCHAR", "CHAR"):
            return f"'k{n}'"
        if b == "DECIMAL":
            return f"{n}.{r.choice(('00', '50'))}"
        if b == "DATE":
            return f"'2024-01-0{n}'"
        return f"'2024-01-0{n} 10:00:00'"

    def value(self, col: Column, key: bool = False) -> str:
        r = self.rng
        if key:
            if col.base in ("INT", "BIGINT") and r.random() < 0.08:
                return "NULL"
            return self.key_value(col)
        roll = r.random()
        if roll < 0.07:
            return "NULL"
        if roll < 0.1 and self.in_values and isinstance(col, WColumn):
            return "DEFAULT"
        bad = roll > 0.9
        b = col.base
        uns = isinstance(col, WColumn) and col.unsigned
        if b in ("INT", "TINYINT", "SMALLINT", "BIGINT"):
            if bad:
                return r.choice(("2147483648", "-2147483649", "'12abc'", "128", "-129", "65536",
                                 "18446744073709551616", "-1", "'  7'", "1e3", "''"))
            return r.choice((str(r.randint(-5, 99)), "0", "-1" if not uns else "1", "2.5", "'42'", "3.49",
                             "127", "-128" if not uns else "255", "9223372036854775807"))
        if b in ("VARCHAR", "CHAR", "TEXT"):
            if bad:
                return r.choice(("'abcdefghij'", "'toolongvalue'", "'trail  '", "12345678"))
            return r.choice(("'a'", "'bb'", "'xyz'", "''", "'A'", "' s'", "'é'", "42", "'NULL'"))
        if b == "DECIMAL":
            return r.choice(("1234.5", "1.005", "'x'", "-999.999", "'1e2'")) if bad else \
                r.choice(("1.50", "0.25", "-3.75", "42", "0", "-0.01", "'7.5'", "999.99"))
        if b == "DOUBLE":
            return r.choice(("1e308", "'x'", "-1e-300")) if bad else r.choice(("1.5", "-2.25", "0", "1e10", "0.1"))
        if b == "DATETIME":
            return r.choice(("'2024-13-01 00:00:00'", "'0000-00-00 00:00:00'", "'junk'", "'2024-02-30 10:00:00'",
                             "20240101", "'2024-01-01 25:00:00'")) if bad else \
                r.choice((f"'2023-0{r.randint(1, 9)}-1{r.randint(0, 9)} 0{r.randint(0, 9)}:30:00'",
                          "'2024-01-01'", "'2024-06-15 12:34:56.789'", "20230405101112", "'1999-12-31 23:59:59'"))
        if b == "DATE":
            return r.choice(("'2024-02-30'", "'0000-00-00'", "'x'", "'2024-01-01 10:00:00'", "'2024-00-10'")) if bad \
                else r.choice(("'2023-05-06'", "'1970-01-01'", "20240101", "'2000-2-3'"))
        if b == "TIME":
            return r.choice(("'25:61:00'", "'x'", "'900:00:00'")) if bad else \
                r.choice(("'10:00:00'", "'-01:30:00'", "'12:34'", "'100:00:00'", "0"))
        if b == "TIMESTAMP":
            return r.choice(("'1960-01-01 00:00:00'", "'0000-00-00 00:00:00'", "'x'")) if bad else \
                r.choice(("'2024-01-01 00:00:00'", "'2010-10-10 10:10:10'"))
        if b == "ENUM":
            return r.choice(("'d'", "''", "5")) if bad else r.choice(("'a'", "'b'", "'c'", "2"))
        if b == "BLOB":
            return r.choice(("'blob'", "'x'", "REPEAT('b', 20)", "''", "X'00FF'"))
        return "1"

    def expr_for(self, col: Column, alias: str = "") -> str:
        q = f"{alias}{col.name}"
        b = col.base
        r = self.rng
        if b in ("INT", "TINYINT", "SMALLINT", "BIGINT"):
            return r.choice((f"{q} + 1", f"{q} * 2", f"{q} - 100", "NULL", f"{q} + 2147483647", f"-{q}",
                             f"{q} DIV 2", f"{q} / 3", f"IFNULL({q}, 0) + 1", f"COALESCE({q}, -1)",
                             f"IF({q} > 0, {q}, 0)", f"{q} % 3"))
        if b in ("VARCHAR", "CHAR", "TEXT"):
            return r.choice((f"CONCAT({q}, 'z')", f"CONCAT({q}, 'zzzzzzz')", "'u'", f"UPPER({q})",
                             f"SUBSTRING({q}, 1, 2)", f"REVERSE({q})", f"CONCAT_WS('-', {q}, 'x')",
                             f"LPAD({q}, 5, '0')", f"TRIM({q})"))
        if b in ("DECIMAL", "DOUBLE"):
            return r.choice((f"{q} + 0.5", f"{q} * 100", f"{q} / 3", f"ROUND({q}, 1)", f"-{q}", f"ABS({q})"))
        if b in ("DATETIME", "DATE", "TIMESTAMP"):
            return r.choice((f"{q} + INTERVAL 1 DAY", "'2025-05-05 05:05:05'", f"DATE_ADD({q}, INTERVAL 1 MONTH)",
                             f"{q} - INTERVAL 1 YEAR"))
        if b == "TIME":
            return r.choice((f"ADDTIME({q}, '01:00:00')", "'23:59:59'", f"{q} + 1"))
        if b == "ENUM":
            return r.choice(("'c'", "'z'", "1"))
        return r.choice((f"CONCAT({q}, 'q')", "'newblob'"))

    # -- schema ------------------------------------------------------------------

    def make_table(self, temporary: bool = False, owner: str = "") -> tuple[Table, str]:
        r = self.rng
        name = self.new_table_name("tmp" if temporary else "t")
        engine = r.choice(("InnoDB", "MyISAM", "InnoDB"))
        kind = r.choice(("pk_auto", "pk", "unique", "nullable_unique", "none", "pk_auto"))
        ktype = r.choice(("INT", "BIGINT", "INT UNSIGNED")) if kind == "pk_auto" else r.choice(WIDE_KEY_TYPES)
        key = WColumn("id", ktype, not_null=kind in ("pk_auto", "pk", "unique"))
        wcols = [WColumn(n, t) for n, t in r.sample(WIDE_VALUE_COLUMNS, r.randint(1, 4))]
        for c in wcols:
            if r.random() < 0.2 and c.base != "TIMESTAMP":  # NULL into TIMESTAMP NOT NULL stores the clock
                c.not_null = True
            if r.random() < 0.25 and c.base in DEFAULTS:
                c.default = DEFAULTS[c.base]
        defs = []
        if kind == "pk_auto":
            defs.append(f"id {ktype} NOT NULL AUTO_INCREMENT PRIMARY KEY")
        elif kind == "pk":
            defs.append(f"id {ktype} NOT NULL PRIMARY KEY")
        elif kind == "unique":
            defs.append(f"id {ktype} NOT NULL UNIQUE")
        elif kind == "nullable_unique":
            defs.append(f"id {ktype} NULL UNIQUE")
        else:
            defs.append(f"id {ktype}")
        for c in wcols:
            d = f"{c.name} {c.type}" + (" NOT NULL" if c.not_null else "")
            if c.default is not None:
                d += f" DEFAULT {c.default}"
            defs.append(d)
        cols: list[Column] = list(wcols)
        idx = [c for c in cols if c.base not in ("TEXT", "BLOB")]
        if idx and r.random() < 0.3:
            ic = r.choice(idx)
            self.indexed[name] = ic.name
            defs.append(f"KEY k_{ic.name} ({ic.name})")
        table = Table(name, engine, key, kind, cols, temporary, owner)
        sql = f"CREATE {'TEMPORARY ' if temporary else ''}TABLE {name} ({', '.join(defs)}) ENGINE={engine}"
        return table, sql

    # -- new statement forms -----------------------------------------------------------

    def stmt_insert_set(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        t = r.choice(ts)
        cols = [c for c in t.all_columns if r.random() < 0.7 or c is t.key and t.key_kind != "pk_auto"]
        if not cols:
            return None
        verb = r.choice(("INSERT", "INSERT IGNORE", "REPLACE"))
        self.in_values = True
        sets = ", ".join(f"{c.name} = {self.value(c, key=c is t.key)}" for c in cols)
        self.in_values = False
        sql = f"{verb} INTO {t.name} SET {sets}"
        if verb == "INSERT" and r.random() < 0.3:
            c = r.choice(t.all_columns)
            sql += f" ON DUPLICATE KEY UPDATE {c.name} = {self.expr_for(c)}"
        self.touch(conn, t)
        return sql

    def stmt_insert_nolist(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        t = r.choice(ts)
        if r.random() < 0.25:
            sql = f"INSERT {'IGNORE ' if r.random() < 0.5 else ''}INTO {t.name} VALUES ()"
        else:
            rows = ["(" + ", ".join(self.value(c, key=c is t.key) for c in t.all_columns) + ")"
                    for _ in range(r.randint(1, 5))]
            verb = r.choice(("INSERT", "INSERT IGNORE", "REPLACE"))
            sql = f"{verb} INTO {t.name} VALUES {', '.join(rows)}"
            if verb == "INSERT" and r.random() < 0.3:
                c = r.choice(t.columns)
                sql += f" ON DUPLICATE KEY UPDATE {c.name} = VALUES({c.name})" + (", id = id" if t.key else "")
        self.touch(conn, t)
        return sql

    def stmt_update_wide(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        t = r.choice(ts)
        cols = r.sample(t.all_columns, r.randint(1, min(3, len(t.all_columns))))
        sets = ", ".join(f"{c.name} = {self.expr_for(c) if r.random() < 0.6 else self.value(c, key=c is t.key)}"
                         for c in cols)
        sql = f"UPDATE {'IGNORE ' if r.random() < 0.25 else ''}{t.name} SET {sets}"
        if r.random() < 0.6:
            sql += f" WHERE {self.where(t)}"
        roll = r.random()
        if roll < 0.15:
            sql += f" LIMIT {r.randint(1, 2)}"  # unsafe: no ORDER BY
        elif roll < 0.3 and t.unique_key:
            sql += f" ORDER BY id {r.choice(('ASC', 'DESC'))} LIMIT {r.randint(1, 3)}"
        elif roll < 0.4 and t.name in self.indexed:
            sql += f" ORDER BY {self.indexed[t.name]} {r.choice(('ASC', 'DESC'))} LIMIT {r.randint(1, 3)}"  # ties
        self.touch(conn, t)
        return sql

    def stmt_delete_wide(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        t = r.choice(ts)
        roll = r.random()
        if roll < 0.2:
            sql = f"DELETE FROM {t.name}"
        elif roll < 0.4:
            sql = f"DELETE FROM {t.name} WHERE {self.where(t)} LIMIT 1"
        elif roll < 0.6 and t.unique_key:
            sql = f"DELETE FROM {t.name} ORDER BY id DESC LIMIT {r.randint(1, 2)}"
        elif roll < 0.7 and t.name in self.indexed:
            sql = f"DELETE FROM {t.name} ORDER BY {self.indexed[t.name]} DESC LIMIT {r.randint(1, 2)}"  # ties
        else:
            c = r.choice(t.columns)
            sql = f"DELETE {'IGNORE ' if r.random() < 0.2 else ''}FROM {t.name} WHERE {c.name} " + r.choice(
                (f"< {self.value(c)}", f"<> {self.value(c)}", "IS NULL", f"BETWEEN {self.value(c)} AND {self.value(c)}"))
        self.touch(conn, t)
        return sql

    def stmt_join_update(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        if len(ts) < 2:
            return None
        a, b = r.sample(ts, 2)
        c = r.choice(a.columns)
        sql = (f"UPDATE {a.name} JOIN {b.name} ON {a.name}.id = {b.name}.id "
               f"SET {a.name}.{c.name} = {self.expr_for(c, a.name + '.')}")
        if r.random() < 0.4:
            sql += f" WHERE {b.name}.id IS NOT NULL"
        self.touch(conn, a, b)
        return sql

    def stmt_select(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        t = r.choice(ts)
        c = r.choice(t.all_columns)
        roll = r.random()
        self.touch(conn, t)
        if roll < 0.3:
            return f"SET @s_{c.name} = (SELECT MAX({c.name}) FROM {t.name})"
        if roll < 0.5:
            return f"SELECT COUNT(*), MIN({c.name}) INTO @cnt, @mn FROM {t.name}"
        if roll < 0.65:
            return f"SELECT @sel := COUNT(*) FROM {t.name}"
        if roll < 0.8:
            return f"SELECT * FROM {t.name} WHERE {self.where(t)}"
        if roll < 0.9:
            return "SELECT LAST_INSERT_ID(), ROW_COUNT()"
        return f"SELECT SUM({c.name}), COUNT(DISTINCT {c.name}) FROM {t.name}"

    def stmt_uservar_wide(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        t = r.choice(ts)
        c = r.choice(t.columns)
        roll = r.random()
        self.touch(conn, t)
        if roll < 0.3:
            return f"SET @w = {self.value(c)}, @w2 = {r.choice(('NULL', '1.5', chr(39) + 'x' + chr(39), '-7'))}"
        if roll < 0.5:
            return f"UPDATE {t.name} SET {c.name} = @w WHERE {self.where(t)}"
        if roll < 0.7:
            return f"INSERT IGNORE INTO {t.name} ({c.name}) VALUES (@w2)"
        if roll < 0.85 and t.key_kind == "pk_auto":
            return f"INSERT INTO {t.name} ({c.name}) VALUES (LAST_INSERT_ID())"
        return f"INSERT IGNORE INTO {t.name} ({c.name}) VALUES (@undefined_var)"

    def stmt_unsafe_value(self, conn: str, ts: list[Table]) -> str | None:
        """Unsafe functions whose value is stored but deterministic."""
        r = self.rng
        t = r.choice(ts)
        nums = [c for c in t.columns if c.base in ("INT", "BIGINT", "DECIMAL", "DOUBLE", "SMALLINT", "TINYINT")]
        if not nums:
            return None
        c = r.choice(nums)
        f = r.choice(("LENGTH(UUID())", "UUID() IS NOT NULL", "CONNECTION_ID() > 0", "LENGTH(USER()) > 0",
                      "FOUND_ROWS() >= 0", "UUID_SHORT() > 0", "SYSDATE() > 0", "ROW_COUNT() > -2",
                      "LAST_INSERT_ID() >= 0", "RAND(7) < 2", "FLOOR(RAND() * 0)"))
        self.touch(conn, t)
        if r.random() < 0.5:
            return f"UPDATE {t.name} SET {c.name} = {f} WHERE {self.where(t)}"
        return f"INSERT IGNORE INTO {t.name} ({c.name}) VALUES ({f})"

    def stmt_ddl(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        t = r.choice(ts)
        others = [o for n, o in self.conns.items() if n != conn]
        if any(t.name in o.touched for o in others) or any(
                t.name in w for w in [*self.triggers.values(), *self.functions.values(), *self.procs.values()]):
            return None
        if t.name in self.triggers:
            return None
        roll = r.random()
        kw = "TEMPORARY " if t.temporary else ""
        if roll < 0.3:
            n = f"c_add{self.n_tables}"
            self.n_tables += 1
            typ, dflt = r.choice((("INT", "5"), ("VARCHAR(4)", "'ad'"), ("DATE", "'2021-01-01'"), ("INT", None)))
            t.columns.append(WColumn(n, typ, default=dflt))
            sql = f"ALTER TABLE {t.name} ADD COLUMN {n} {typ}" + (f" DEFAULT {dflt}" if dflt else "")
        elif roll < 0.45:
            c = r.choice(t.columns)
            if c.base in ("TEXT", "BLOB"):
                return None
            sql = f"CREATE INDEX ix{self.n_tables}_{c.name} ON {t.name} ({c.name})"
            self.n_tables += 1
        elif roll < 0.6 and not t.temporary:
            name = self.new_table_name()
            cols: list[Column] = [WColumn(c.name, c.type, c.not_null, getattr(c, "default", None)) for c in t.columns]
            key = WColumn("id", t.key.type, t.key.not_null) if t.key else None
            self.tables[name] = Table(name, t.engine, key, t.key_kind, cols)
            sql = f"CREATE TABLE {name} LIKE {t.name}"
        elif roll < 0.75:
            if t.temporary and r.random() < 0.5:
                kw = ""  # DROP TABLE of a temporary table
            del self.tables[t.name]
            sql = f"DROP {kw}TABLE {'IF EXISTS ' if r.random() < 0.5 else ''}{t.name}"
        elif roll < 0.85 and not t.temporary:
            old = t.name
            name = self.new_table_name()
            del self.tables[old]
            t.name = name
            self.tables[name] = t
            if old in self.indexed:
                self.indexed[name] = self.indexed.pop(old)
            sql = f"RENAME TABLE {old} TO {name}"
        else:
            sql = f"ALTER TABLE {t.name} ENGINE={r.choice(('InnoDB', 'MyISAM'))}"
        if not t.temporary:
            self.end_trx(conn)
        return sql

    def stmt_trx_wide(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        c = self.conns[conn]
        roll = r.random()
        if c.in_trx or not c.autocommit:
            if roll < 0.15:
                self.end_trx(conn)
                c.in_trx = True
                return "BEGIN"  # commits the open transaction first
            if roll < 0.3 and not c.autocommit:
                c.autocommit = True
                self.end_trx(conn)
                return "SET autocommit = 1"
            if roll < 0.4:
                return f"ROLLBACK TO SAVEPOINT nosuch{r.randint(1, 3)}"
            if roll < 0.5:
                self.end_trx(conn)
                return r.choice(("COMMIT WORK", "ROLLBACK WORK"))
            return self.stmt_trx(conn, ts)
        if roll < 0.2:
            return r.choice(("COMMIT", "ROLLBACK", "SAVEPOINT lonely"))
        if roll < 0.35:
            return f"SET TRANSACTION ISOLATION LEVEL {r.choice(('READ COMMITTED', 'SERIALIZABLE', 'REPEATABLE READ'))}"
        if roll < 0.45:
            return ("SET SESSION TRANSACTION ISOLATION LEVEL "
                    f"{r.choice(('READ COMMITTED', 'READ UNCOMMITTED', 'REPEATABLE READ'))}")
        if roll < 0.55:
            c.in_trx = True
            return r.choice(("START TRANSACTION WITH CONSISTENT SNAPSHOT", "START TRANSACTION READ WRITE", "BEGIN WORK"))
        return self.stmt_trx(conn, ts)

    def stmt_temp_wide(self, conn: str, ts: list[Table]) -> str | None:
        if conn != "con1":
            return None
        r = self.rng
        plain = [t for t in ts if not t.temporary]
        if plain and r.random() < 0.4:
            src = r.choice(plain)
            name = self.new_table_name("tmp")
            cols: list[Column] = [WColumn(c.name, c.type, c.not_null, getattr(c, "default", None)) for c in src.columns]
            key = WColumn("id", src.key.type, src.key.not_null) if src.key else None
            self.tables[name] = Table(name, src.engine, key, src.key_kind, cols, True, conn)
            return f"CREATE TEMPORARY TABLE {name} LIKE {src.name}"
        return self.stmt_temp(conn, ts)

    def stmt_call(self, conn: str, ts: list[Table]) -> str | None:
        if not self.procs:
            return None
        p = self.rng.choice(sorted(self.procs))
        names = {t.name for t in ts}
        if any(w not in names for w in self.procs[p]):
            return None
        self.touch(conn, *[self.tables[w] for w in self.procs[p]])
        return f"CALL {p}()"

    STATEMENTS = CaseBuilder.STATEMENTS + (
        ("stmt_insert_set", 5), ("stmt_insert_nolist", 6), ("stmt_update_wide", 8), ("stmt_delete_wide", 5),
        ("stmt_join_update", 3), ("stmt_select", 4), ("stmt_uservar_wide", 4), ("stmt_unsafe_value", 4),
        ("stmt_ddl", 4), ("stmt_trx_wide", 6), ("stmt_temp_wide", 3), ("stmt_call", 2),
    )

    # -- routines ------------------------------------------------------------------

    def make_routines(self) -> None:
        super().make_routines()
        r = self.rng
        plain = [t for t in self.tables.values() if not t.temporary]
        if plain and r.random() < 0.3:
            t = r.choice(plain)
            c = r.choice(t.columns)
            timing = r.choice(("BEFORE", "AFTER"))
            ev = r.choice(("INSERT", "UPDATE"))
            if timing == "BEFORE":
                body = f"SET NEW.{c.name} = {self.expr_for(c, 'NEW.')}"
            else:
                body = f"BEGIN SET @trg_count = IFNULL(@trg_count, 0) + 1; SET @trg_last = NEW.{c.name}; END"
            self.setup.append(f"CREATE TRIGGER trgw_{t.name} {timing} {ev} ON {t.name} FOR EACH ROW {body}")
        if plain and r.random() < 0.25:
            t = r.choice(plain)
            c = r.choice(t.columns)
            self.n_proc += 1
            self.procs[f"p{self.n_proc}"] = {t.name}
            self.setup.append(f"CREATE PROCEDURE p{self.n_proc}() BEGIN "
                              f"UPDATE {t.name} SET {c.name} = {self.expr_for(c)} WHERE {self.where(t)}; "
                              f"INSERT IGNORE INTO {t.name} ({c.name}) VALUES ({self.value(c)}); END")
