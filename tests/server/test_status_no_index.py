"""replbed serve sets SERVER_STATUS_NO_INDEX_USED where MariaDB 10.11 does.

The statements of tests/sql/opt/test_access_path.py run against a real MariaDB and
against ``replbed serve``; the status word of each statement's last packet (the OK
packet, or the EOF after a result set's rows) must carry the same NO_INDEX_USED and
NO_GOOD_INDEX_USED bits on both, and the reference must still agree with the
recorded expectations.
"""

from __future__ import annotations

from typing import Any

import pymysql
import pytest
from pymysql import connections

from harness.providers.base import ServerHandle
from tests.sql.opt.test_access_path import SCRIPT

INDEX_BITS = 0x10 | 0x20


class _StatusResult(connections.MySQLResult):
    """Keeps the status word of the EOF packet that ends a result set (PyMySQL only
    keeps the OK packet's)."""

    def _check_packet_is_eof(self, packet: Any) -> bool:
        if packet.is_eof_packet():
            pos = packet._position
            self.eof_status = connections.EOFPacketWrapper(packet).server_status
            packet._position = pos
        return bool(super()._check_packet_is_eof(packet))


def statuses(handle: ServerHandle) -> list[tuple[str, int]]:
    conn = pymysql.connect(host=handle.host, port=handle.port, user=handle.user, password=handle.password,
                           autocommit=True)
    out = []
    original = connections.MySQLResult
    connections.MySQLResult = _StatusResult  # type: ignore[misc]
    try:
        cur = conn.cursor()
        for sql in ["CREATE DATABASE st", "USE st", *(s for s, _want in SCRIPT)]:
            cur.execute(sql)
            cur.fetchall()
            result = conn._result
            status = getattr(result, "eof_status", None)
            out.append((sql, (conn.server_status if status is None else status) & INDEX_BITS))
        cur.execute("DROP DATABASE st")
    finally:
        connections.MySQLResult = original  # type: ignore[misc]
        conn.close()
    return out


@pytest.mark.server
def test_no_index_used_as_mariadb_sets_it(servers: tuple[ServerHandle, ServerHandle]) -> None:
    ref, rb = servers
    reference, replbed = statuses(ref), statuses(rb)
    expected = [("CREATE DATABASE st", 0), ("USE st", 0), *((s, 0x20 if w else 0) for s, w in SCRIPT)]
    assert reference == expected, "the reference no longer answers as recorded"
    wrong = [f"{s}: MariaDB {a:#x} replbed {b:#x}" for (s, a), (_s, b) in zip(reference, replbed) if a != b]
    assert not wrong, "\n".join(wrong)
