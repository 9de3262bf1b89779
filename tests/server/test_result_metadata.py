"""Column definitions of computed columns: replbed serve sends what MariaDB 10.11 sends.

A broad list of select-list expressions (literals, arithmetic, comparisons, string,
hybrid, aggregate, temporal and session functions, CAST, user and system variables)
runs against a real MariaDB and against ``replbed serve``; each column definition
(type, length, decimals, flags, charset, names) must be equal, as PyMySQL reads them from
the raw field packets, in the text protocol and at COM_STMT_PREPARE.
"""

from __future__ import annotations

import pymysql
import pytest

from harness.providers.base import ServerHandle
from tests.sql.item.test_send_field import OBSERVED, TABLE

EXPRESSIONS = [*OBSERVED, "VERSION()", "CURRENT_USER()", "FOUND_ROWS()", "@@max_allowed_packet", "@@sql_mode",
               "@@character_set_client", "SUBSTRING('abcdef',2,3)", "RIGHT(s,3)", "LPAD(s, 5, 'x')", "SPACE(3)",
               "ELT(1, 'a', 'bb')", "NULLIF(s, 'a')", "STRCMP(s, 'a')", "CONVERT(s USING latin1)", "CONVERT(s, CHAR)",
               "GREATEST(1, 2.5)", "LEAST(s,c)", "ti * ti", "1 - i", "i - u", "~i", "POW(i, 2)", "SIGN(i)",
               "MOD(i, 2)", "DAYOFWEEK(dt)", "LAST_DAY(dt)", "TIMESTAMPDIFF(DAY, dt, dt)", "DATEDIFF(dt,dt)",
               "TRUE", "-1e0", "1.0e10", "(@z:=5)", "CAST(NULL AS CHAR)", "CAST(g AS SIGNED)", "ABS(d)",
               "DATABASE() IS NULL", "CASE WHEN 1 THEN NULL ELSE 2 END", "MAX(b)", "HEX(s)", "HEX(d)",
               "DATE_FORMAT(dt,'%Y-%m-%d')", "DATE_FORMAT(dt,'%M %W %a %b %r %T %H %k %f %D %j %q abc%')"]

SETUP = ["CREATE DATABASE meta", "USE meta", TABLE.replace(" e ENUM", " b BLOB, e ENUM"),
         "INSERT INTO t (id, i, s) VALUES (1, 1, 'a')", "SET @a = 1, @s = 'x', @nope = NULL"]

Definition = tuple[object, ...]


def _definitions(handle: ServerHandle, prepared: bool = False) -> dict[str, list[Definition]]:
    conn = pymysql.connect(host=handle.host, port=handle.port, user=handle.user, password=handle.password,
                           charset="utf8mb4", autocommit=True)
    out: dict[str, list[Definition]] = {}
    try:
        cur = conn.cursor()
        for sql in SETUP:
            cur.execute(sql)
        for expr in EXPRESSIONS:
            cur.execute(f"SELECT {expr} FROM t")
            fields = cur._result.fields  # type: ignore[union-attr]
            out[expr] = [(f.name, f.org_name, f.table_name, f.type_code, f.length, f.scale, f.flags, f.charsetnr)
                         for f in fields]
            cur.fetchall()
        cur.execute("DROP DATABASE meta")
    finally:
        conn.close()
    return out


def differences(reference: dict[str, list[Definition]], replbed: dict[str, list[Definition]]) -> list[str]:
    return [f"{e}: MariaDB {reference.get(e)} replbed {replbed.get(e)}"
            for e in sorted(set(reference) | set(replbed)) if reference.get(e) != replbed.get(e)]


@pytest.mark.server
def test_computed_columns_are_described_as_mariadb_describes_them(
        servers: tuple[ServerHandle, ServerHandle]) -> None:
    ref, rb = servers
    problems = differences(_definitions(ref), _definitions(rb))
    assert not problems, f"{len(problems)} of {len(EXPRESSIONS)} differ:\n" + "\n".join(problems)


def test_differences_flags_a_changed_definition() -> None:
    a = {"1": [("1", "", "", 3, 1, 0, 129, 63)]}
    assert differences(a, dict(a)) == []
    assert differences(a, {"1": [("1", "", "", 8, 1, 0, 129, 63)]})[0].startswith("1:")
    assert differences(a, {})[0].startswith("1:")


PREPARED = ["INSERT INTO t (i, s) VALUES (?, ?)", "SELECT id, i, s FROM t WHERE id > ?", "SELECT ?, 1, COUNT(*) FROM t",
            "SELECT * FROM t", "UPDATE t SET i = ? WHERE id = ?", "SELECT CONCAT('a', ?), i + 1 FROM t WHERE i = ?",
            "SELECT a.id, b.s FROM t a JOIN t b ON a.id = b.id", "SELECT d / 2, NOW(), DATABASE() FROM t LIMIT ?"]


def _prepared_definitions(handle: ServerHandle) -> dict[str, list[Definition]]:
    """COM_STMT_PREPARE_OK's parameter and column definitions, read with the raw client."""
    import struct

    from harness.server import protocol as p
    from raw_client import RawClient

    conn = pymysql.connect(host=handle.host, port=handle.port, user=handle.user, password=handle.password,
                           autocommit=True)
    conn.cursor().execute("CREATE DATABASE meta")
    conn.select_db("meta")
    conn.cursor().execute(SETUP[2])
    client = RawClient(handle.port)
    out: dict[str, list[Definition]] = {}
    try:
        client.login(handle.user, handle.password, database="meta")
        for sql in PREPARED:
            ok = client.command(p.COM_STMT_PREPARE, sql.encode())
            assert ok[0] == 0, (handle, sql, ok)
            stmt_id, ncols, nparams = struct.unpack("<IHH", ok[1:9])
            defs: list[Definition] = []
            for count in (nparams, ncols):
                for _ in range(count):
                    r = p.PayloadReader(client.read())
                    names = tuple(r.lenenc_bytes() for _ in range(6))
                    r.lenenc_int()
                    defs.append((*names, *struct.unpack("<HIBHB", r.read(10))))
                if count:
                    client.read()  # EOF
            out[sql] = defs
            client.io.seq = 0
            client.io.write(bytes((p.COM_STMT_CLOSE,)) + struct.pack("<I", stmt_id))
    finally:
        client.close()
        conn.cursor().execute("DROP DATABASE meta")
        conn.close()
    return out


@pytest.mark.server
def test_prepare_sends_the_definitions_mariadb_sends(servers: tuple[ServerHandle, ServerHandle]) -> None:
    """Parameters as MYSQL_TYPE_NULL, a SELECT's columns derived without running it."""
    ref, rb = servers
    reference = _prepared_definitions(ref)
    assert reference["SELECT * FROM t"], "MariaDB describes the columns at prepare"
    problems = differences(reference, _prepared_definitions(rb))
    assert not problems, "\n".join(problems)
