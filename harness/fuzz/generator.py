"""The default fuzz generator: seeded random workload cases over replbed's supported subset.

Its values, expressions and tables (INT, VARCHAR, DECIMAL, DATETIME and BLOB
columns) on the shared builders of :mod:`harness.fuzz.builders`, with the
default statement mix and the ``replbed-fuzz`` random stream. Its cases must not
change: ``tests/fuzz/test_generator_stable.py`` holds their hashes.
"""

from __future__ import annotations

from harness.fuzz.builders import CaseBuilder, Column, Table

KEY_KINDS = ("pk_auto", "pk", "unique", "nullable_unique", "none")
KEY_TYPES = ("INT", "VARCHAR(10)", "DECIMAL(6,2)", "DATETIME")
# Non-key columns: (name, type); short types so that too-long values happen.
VALUE_COLUMNS = (
    ("c_int", "INT"),
    ("c_str", "VARCHAR(6)"),
    ("c_dec", "DECIMAL(5,2)"),
    ("c_dt", "DATETIME"),
    ("c_blob", "BLOB"),
)


class CaseGenerator(CaseBuilder):
    """The default statement mix and value vocabulary."""

    # -- values ------------------------------------------------------------------

    def key_value(self, col: Column) -> str:
        r = self.rng
        n = r.randint(1, 9)
        b = col.base
        if b == "INT":
            return str(n)
        if b == "VARCHAR":
            return f"'k{n}'"
        if b == "DECIMAL":
            return f"{n}.{r.choice(('00', '50'))}"
        return f"'2024-01-0{n} 10:00:00'"

    def value(self, col: Column, key: bool = False) -> str:
        r = self.rng
        if key:
            if col.base == "INT" and r.random() < 0.08:
                return "NULL"  # AUTO_INCREMENT / nullable UNIQUE / NOT NULL error
            return self.key_value(col)
        roll = r.random()
        if roll < 0.07:
            return "NULL"
        bad = roll > 0.93
        b = col.base
        if b == "INT":
            return r.choice(("2147483648", "-2147483649", "'12abc'")) if bad else str(r.randint(-5, 99))
        if b == "VARCHAR":
            return r.choice(("'abcdefghij'", "'toolongvalue'")) if bad else r.choice(("'a'", "'bb'", "'xyz'", "''"))
        if b == "DECIMAL":
            return r.choice(("1234.5", "1.005", "'x'")) if bad else r.choice(("1.50", "0.25", "-3.75", "42"))
        if b == "DATETIME":
            return r.choice(("'2024-13-01 00:00:00'", "'0000-00-00 00:00:00'", "'junk'")) if bad else \
                f"'2023-0{r.randint(1, 9)}-1{r.randint(0, 9)} 0{r.randint(0, 9)}:30:00'"
        if b == "BLOB":
            return r.choice(("'blob'", "'x'", "REPEAT('b', 20)", "''"))
        return "1"

    def expr_for(self, col: Column, alias: str = "") -> str:
        """An expression that updates ``col`` from its own value (may overflow or truncate)."""
        q = f"{alias}{col.name}"
        b = col.base
        r = self.rng
        if b == "INT":
            return r.choice((f"{q} + 1", f"{q} * 2", f"{q} - 100", "NULL", f"{q} + 2147483647"))
        if b == "VARCHAR":
            return r.choice((f"CONCAT({q}, 'z')", f"CONCAT({q}, 'zzzzzzz')", "'u'", f"UPPER({q})"))
        if b == "DECIMAL":
            return r.choice((f"{q} + 0.5", f"{q} * 100", f"{q} / 3"))
        if b == "DATETIME":
            return r.choice((f"{q} + INTERVAL 1 DAY", "'2025-05-05 05:05:05'"))
        return r.choice((f"CONCAT({q}, 'q')", "'newblob'"))

    def make_table(self, temporary: bool = False, owner: str = "") -> tuple[Table, str]:
        r = self.rng
        name = self.new_table_name("tmp" if temporary else "t")
        engine = r.choice(("InnoDB", "MyISAM"))
        kind = r.choice(KEY_KINDS)
        ktype = "INT" if kind == "pk_auto" else r.choice(KEY_TYPES)
        key = Column("id", ktype, not_null=kind in ("pk_auto", "pk", "unique"))
        cols = [Column(n, t) for n, t in r.sample(VALUE_COLUMNS, r.randint(1, 3))]
        for c in cols:
            if r.random() < 0.2:
                c.not_null = True
        defs = []
        if kind == "pk_auto":
            defs.append("id INT NOT NULL AUTO_INCREMENT PRIMARY KEY")
        elif kind == "pk":
            defs.append(f"id {ktype} NOT NULL PRIMARY KEY")
        elif kind == "unique":
            defs.append(f"id {ktype} NOT NULL UNIQUE")
        elif kind == "nullable_unique":
            defs.append(f"id {ktype} NULL UNIQUE")
        else:
            defs.append(f"id {ktype}")
        defs += [f"{c.name} {c.type}" + (" NOT NULL" if c.not_null else "") for c in cols]
        table = Table(name, engine, key, kind, cols, temporary, owner)
        sql = (f"CREATE {'TEMPORARY ' if temporary else ''}TABLE {name} ({', '.join(defs)}) ENGINE={engine}")
        return table, sql

