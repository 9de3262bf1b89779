"""KILL (the server's ``sql_parse.cc`` ``sql_kill`` / ``kill_one_thread``).

Only a connection the protocol layer can end from outside is killed: a binlog dump
(mariadb-binlog --read-from-remote-server --stop-never, a replica's IO thread), whose
stop the dump registers in ``ServerState.killers``. Killing a connection that runs SQL
would need the statement to be interrupted where it is: refused (1235), never a wrong
result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from harness.sql.item.expr import Compiler, Env, Scope
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.sql_errors import error
from harness.sql.stmt.sql_result import _ok

if TYPE_CHECKING:
    from harness.sql.stmt.sql_result import OkPacket
    from harness.sql.thd import Thd


def kill(thd: "Thd", st: A.Kill) -> "OkPacket":
    assert st.target is not None
    value = Compiler(Scope([])).compile(st.target)(Env(None))
    try:
        cid = int(value)
    except (TypeError, ValueError):
        cid = 0
    stop = thd.server.killers.get(cid)
    if cid not in thd.server.sessions and stop is None:
        raise error("ER_NO_SUCH_THREAD", cid)
    if stop is None:
        raise UnsupportedError("KILL of a connection running SQL (only a binlog dump is killed)")
    # kill_one_thread: the dump sees the kill at its next wait and ends the connection.
    stop()
    return _ok()
