"""The schema-feature generator (``replbed fuzz --generator schema``; issue 24 part A).

The default generator's statement mix and values over tables that carry what real
schemas carry:

* foreign-key graphs: a child (InnoDB, sometimes MyISAM, which ignores the clause)
  references an earlier table's INT primary key with a random ON DELETE / ON UPDATE
  action (RESTRICT, NO ACTION, CASCADE, SET NULL, none written), its ``pid`` values
  mostly the parent's keys, so that both the checks (1451/1452) and the cascades run;
* CHECK constraints, on a column and on the table (4025, IGNORE);
* generated columns, VIRTUAL and STORED, which statements never assign;
* a JSON column written with literals, JSON_OBJECT / JSON_ARRAY and JSON_SET /
  JSON_REMOVE, sometimes an invalid document (4025);
* ``foreign_key_checks`` and ``check_constraint_checks`` switched off now and then.

Its own random stream (``replbed-fuzz-schema:seed:index``): the default generator's
seeds are unchanged.
"""

from __future__ import annotations

from harness.fuzz.builders import Column, Table
from harness.fuzz.generator import KEY_TYPES, VALUE_COLUMNS, CaseGenerator

FK_ACTIONS = ("", " ON DELETE CASCADE", " ON DELETE SET NULL", " ON DELETE RESTRICT", " ON UPDATE CASCADE",
              " ON DELETE CASCADE ON UPDATE CASCADE", " ON UPDATE SET NULL", " ON DELETE NO ACTION")
JSON_VALUES = ("'{\"a\": 1, \"b\": [1, 2]}'", "JSON_OBJECT('k', 2, 's', 'x')", "JSON_ARRAY(1, 'two', NULL)",
               "'[1, 2'", "'\"str\"'", "'{}'", "JSON_OBJECT('n', JSON_ARRAY(3, 4))")
JSON_EXPRS = ("JSON_SET(c_json, '$.k', 5)", "JSON_REMOVE(c_json, '$.a')", "JSON_INSERT(c_json, '$.z', 'new')",
              "JSON_REPLACE(c_json, '$.k', 'r')", "JSON_ARRAY(JSON_EXTRACT(c_json, '$.k'))", "'not json'")


class SchemaCaseGenerator(CaseGenerator):
    """The default mix over tables with foreign keys, CHECKs, generated columns and JSON."""

    STREAM = "replbed-fuzz-schema"
    PREFIX = "fuzzs"
    STATEMENTS = CaseGenerator.STATEMENTS + (("stmt_schema_setting", 1),)

    def value(self, col: Column, key: bool = False) -> str:
        r = self.rng
        if col.name == "pid":
            return "NULL" if r.random() < 0.1 else str(r.randint(1, 9))
        if col.name == "c_json":
            return "NULL" if r.random() < 0.1 else r.choice(JSON_VALUES)
        return super().value(col, key)

    def expr_for(self, col: Column, alias: str = "") -> str:
        r = self.rng
        if col.name == "pid":
            return r.choice((f"{alias}pid + 1", "NULL", str(r.randint(1, 9))))
        if col.name == "c_json":
            return r.choice(JSON_EXPRS).replace("c_json", f"{alias}c_json")
        return super().expr_for(col, alias)

    def _parent(self) -> Table | None:
        parents = [t for t in self.tables.values() if not t.temporary and t.engine == "InnoDB"
                   and t.key_kind in ("pk", "pk_auto") and t.key is not None and t.key.base == "INT"]
        return self.rng.choice(parents) if parents else None

    def make_table(self, temporary: bool = False, owner: str = "") -> tuple[Table, str]:
        r = self.rng
        name = self.new_table_name("tmp" if temporary else "t")
        engine = "InnoDB" if r.random() < 0.8 else "MyISAM"
        kind = r.choice(("pk_auto", "pk", "pk", "unique", "none"))
        ktype = "INT" if kind in ("pk_auto", "pk") and r.random() < 0.8 else r.choice(KEY_TYPES)
        if kind == "pk_auto":
            ktype = "INT"
        key = Column("id", ktype, not_null=kind != "none")
        defs = [{"pk_auto": "id INT NOT NULL AUTO_INCREMENT PRIMARY KEY", "pk": f"id {ktype} NOT NULL PRIMARY KEY",
                 "unique": f"id {ktype} NOT NULL UNIQUE", "none": f"id {ktype}"}[kind]]
        cols = [Column(n, t) for n, t in r.sample(VALUE_COLUMNS[:3], r.randint(1, 2))]
        for c in cols:
            check = " CHECK (c_int < 90)" if c.name == "c_int" and r.random() < 0.4 else ""
            defs.append(f"{c.name} {c.type}{check}")
        parent = None if temporary else self._parent()
        if parent is not None and r.random() < 0.7:
            cols.append(Column("pid", "INT"))
            defs.append("pid INT")
        else:
            parent = None
        if r.random() < 0.4:
            cols.append(Column("c_json", "JSON"))
            defs.append("c_json JSON")
        defs += self._generated(cols)
        if r.random() < 0.3 and any(c.name == "c_int" for c in cols):
            defs.append(f"CONSTRAINT ck_{name} CHECK (c_int <> 13)")
        if parent is not None:
            defs.append(f"FOREIGN KEY (pid) REFERENCES {parent.name} (id){r.choice(FK_ACTIONS)}")
            # The cascades and the checks reach the other table: two connections keep apart.
            self.triggers.setdefault(parent.name, set()).add(name)
            self.triggers.setdefault(name, set()).add(parent.name)
        table = Table(name, engine, key, kind, cols, temporary, owner)
        return table, f"CREATE {'TEMPORARY ' if temporary else ''}TABLE {name} ({', '.join(defs)}) ENGINE={engine}"

    def _generated(self, cols: list[Column]) -> list[str]:
        """Generated columns over the table's own, never in the model's column list (not assigned)."""
        r = self.rng
        out = []
        names = {c.name for c in cols}
        if "c_int" in names and r.random() < 0.4:
            how = r.choice(('VIRTUAL', 'STORED', 'PERSISTENT'))
            # PERSISTENT is MariaDB's synonym of STORED; MySQL's grammar has only STORED
            out.append(f"g_int INT AS (c_int * 2) {'STORED' if how == 'PERSISTENT' and self.kind.is_mysql else how}")
        if "c_str" in names and r.random() < 0.3:
            out.append(f"g_str VARCHAR(12) AS (CONCAT(c_str, '!')) {r.choice(('VIRTUAL', 'STORED'))}")
        return out

    def stmt_schema_setting(self, conn: str, ts: list[Table]) -> str | None:
        r = self.rng
        var = r.choice(("foreign_key_checks", "check_constraint_checks"))
        if self.kind.is_mysql:
            var = "foreign_key_checks"  # MySQL has no check_constraint_checks (a CHECK is ALTERed NOT ENFORCED)
        return f"SET {var} = {r.choice((0, 1, 1))}"


__all__ = ["SchemaCaseGenerator"]
