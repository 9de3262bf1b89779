"""SQLAlchemy creates, reflects, fills and drops a schema of related tables on replbed as
on MariaDB 10.11, through PyMySQL and mysql-connector (issue 27); the binlogs the same
calls write are equal.

Reflection reads SHOW CREATE TABLE, DESCRIBE, SHOW FULL TABLES and information_schema;
the reflected tables, columns, primary keys, indexes, unique constraints and foreign
keys must be the ones MariaDB reports. Foreign keys (issue 24) are declared when replbed's
CREATE TABLE accepts them, as it does since branch ``schema`` was merged.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from harness.providers.base import ServerHandle

sa = pytest.importorskip("sqlalchemy")

pytestmark = pytest.mark.server

DRIVERS = ["pymysql", "mysqlconnector"]


def _sql(h: ServerHandle, statements: list[str]) -> list[Any]:
    conn = h.connect()
    try:
        cur = conn.cursor()
        rows: list[Any] = []
        for s in statements:
            cur.execute(s)
            if cur.with_rows:
                rows = cur.fetchall()
        return rows
    finally:
        conn.close()


def _foreign_keys_supported(h: ServerHandle) -> bool:
    """Whether replbed's CREATE TABLE takes a FOREIGN KEY clause (not before issue 24)."""
    import mysql.connector
    try:
        _sql(h, ["DROP DATABASE IF EXISTS fkprobe", "CREATE DATABASE fkprobe",
                 "CREATE TABLE fkprobe.p (id INT PRIMARY KEY) ENGINE=InnoDB",
                 "CREATE TABLE fkprobe.c (p INT, FOREIGN KEY (p) REFERENCES fkprobe.p (id)) ENGINE=InnoDB"])
        return True
    except mysql.connector.Error as e:
        assert e.errno == 1235, e
        return False
    finally:
        _sql(h, ["DROP DATABASE IF EXISTS fkprobe"])


def _engine(h: ServerHandle, driver: str) -> Any:
    args = {"use_pure": True, "charset": "utf8mb4", "collation": "utf8mb4_general_ci"} \
        if driver == "mysqlconnector" else {"charset": "utf8mb4"}
    return sa.create_engine(f"mysql+{driver}://{h.user}:{h.password}@{h.host}:{h.port}/test", connect_args=args,
                            poolclass=sa.pool.NullPool)


def _metadata(fks: bool) -> tuple[Any, dict[str, Any]]:
    from sqlalchemy import Boolean, Column, DateTime, ForeignKey, Index, Integer, MetaData, Numeric, String, Table, \
        Text, UniqueConstraint, text

    def ref(target: str) -> list[Any]:
        return [ForeignKey(target)] if fks else []

    md = MetaData()
    users = Table("users", md, Column("id", Integer, primary_key=True),
                  Column("name", String(50), nullable=False, unique=True), Column("email", String(100)),
                  Column("active", Boolean, nullable=False, server_default=text("1")), mysql_engine="InnoDB")
    addresses = Table("addresses", md, Column("id", Integer, primary_key=True),
                      Column("user_id", Integer, *ref("users.id"), nullable=False), Column("street", String(100)),
                      Index("ix_street", "street"), mysql_engine="InnoDB")
    orders = Table("orders", md, Column("id", Integer, primary_key=True),
                   Column("user_id", Integer, *ref("users.id")),
                   Column("amount", Numeric(10, 2), nullable=False), Column("note", Text), Column("placed", DateTime),
                   Column("note_kind", String(10)),
                   UniqueConstraint("note_kind", "user_id", name="uq_kind_user"),
                   # after CREATE TABLE: it replaces the index generated for the foreign key
                   Index("uq_user_placed", "user_id", "placed", unique=True), mysql_engine="InnoDB")
    return md, {"users": users, "addresses": addresses, "orders": orders}


def _reflect(engine: Any) -> dict[str, Any]:
    insp = sa.inspect(engine)
    out: dict[str, Any] = {"tables": sorted(insp.get_table_names())}
    for t in out["tables"]:
        out[t] = {"columns": [[c["name"], str(c["type"]), c["nullable"], c.get("default"), c.get("autoincrement")]
                              for c in insp.get_columns(t)],
                  "pk": insp.get_pk_constraint(t),
                  "indexes": sorted(insp.get_indexes(t), key=lambda i: i["name"]),
                  "unique": sorted(insp.get_unique_constraints(t), key=lambda u: u["name"]),
                  "fks": insp.get_foreign_keys(t)}
    return out


def _scenario(h: ServerHandle, driver: str, fks: bool) -> dict[str, Any]:
    """create_all, reflect, insert / update / delete / join, reflect into a MetaData, drop_all."""
    from sqlalchemy import delete, func, insert, select, update
    _sql(h, ["DROP DATABASE IF EXISTS test", "CREATE DATABASE test", "RESET MASTER"])
    engine = _engine(h, driver)
    md, t = _metadata(fks)
    md.create_all(engine)
    out = {"reflection": _reflect(engine)}
    users, addresses, orders = t["users"], t["addresses"], t["orders"]
    with engine.begin() as c:
        c.execute(insert(users), [{"name": "ann", "email": "a@x"}, {"name": "bob", "email": None},
                                  {"name": "cy", "email": "c@x", "active": False}])
        c.execute(insert(addresses), [{"user_id": 1, "street": "Main"}, {"user_id": 2, "street": None},
                                      {"user_id": 1, "street": "Side"}])
        c.execute(insert(orders), [{"user_id": 1, "amount": 10.5, "note": "n", "placed": "2024-01-02 03:04:05"},
                                   {"user_id": 3, "amount": 0, "note": None, "placed": None}])
    with engine.begin() as c:
        c.execute(update(users).where(users.c.name == "bob").values(email="b@x"))
        c.execute(delete(addresses).where(addresses.c.street.is_(None)))
        join = users.outerjoin(addresses, addresses.c.user_id == users.c.id)
        out["rows"] = [[str(v) for v in r] for r in c.execute(
            select(users.c.name, func.count(addresses.c.id)).select_from(join).group_by(users.c.name)
            .order_by(users.c.name)).all()]
    md2 = sa.MetaData()
    md2.reflect(engine)
    out["reflected"] = {name: sorted(c.name for c in tab.columns) for name, tab in md2.tables.items()}
    md.drop_all(engine)
    out["after_drop"] = sa.inspect(engine).get_table_names()
    engine.dispose()
    out["binlog"] = _binlog(h)
    return out


def _binlog(h: ServerHandle) -> list[tuple[str, str]]:
    """SHOW BINLOG EVENTS, positions, server ids and xids masked."""
    rows = _sql(h, ["SHOW BINLOG EVENTS"])
    return [(str(r[2]), re.sub(r"xid=\d+", "xid=#", str(r[5]))) for r in rows]


@pytest.mark.parametrize("driver", DRIVERS)
def test_sqlalchemy_builds_reflects_fills_and_drops_a_schema(servers, driver: str) -> None:  # type: ignore[no-untyped-def]
    fks = _foreign_keys_supported(servers[1])
    ref = _scenario(servers[0], driver, fks)
    rb = _scenario(servers[1], driver, fks)
    assert rb["reflection"] == ref["reflection"]
    assert rb["rows"] == ref["rows"] == [["ann", "2"], ["bob", "0"], ["cy", "0"]]
    assert rb["reflected"] == ref["reflected"]
    assert rb["after_drop"] == ref["after_drop"] == []
    assert [e for e in rb["binlog"]] == [e for e in ref["binlog"]]
    if fks:
        assert [fk["referred_table"] for fk in rb["reflection"]["addresses"]["fks"]] == ["users"]
