"""``replbed serve``: the reimplementation as a MySQL-protocol server."""

from __future__ import annotations

import errno
import ipaddress
import logging
import signal
import socket
import sys
import threading
from pathlib import Path

from harness.config import ServeConfig
from harness.sql.server import ServerState
from harness.sql.stmt.sql_acl import verify_login
from harness.server.results import HandshakeInfo
from harness.server.server import ProtocolServer
from harness.server.session import ReplbedSession

log = logging.getLogger("replbed.serve")


class ServeError(ValueError):
    """``replbed serve`` cannot start as configured; the message is one line for the user."""


def is_loopback(host: str) -> bool:
    """Whether every address ``host`` resolves to is a loopback address."""
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except socket.gaierror:
        return False
    return bool(infos) and all(ipaddress.ip_address(str(i[4][0]).split("%")[0]).is_loopback for i in infos)


def check_config(config: ServeConfig) -> None:
    """Refuse what would start a server that lies or is open to everyone.

    * Tables live in memory, so a restarted server cannot recover them; reusing a
      binlog directory that already holds files would also restart GTIDs at 0-1-1
      next to the old ones, and a real server never writes a GTID twice.
    * Without a password any client is accepted: only on loopback.
    """
    if config.password is None:
        try:
            socket.getaddrinfo(config.host, None, proto=socket.IPPROTO_TCP)
        except socket.gaierror as exc:
            raise ServeError(f"--host {config.host}: cannot resolve it ({exc.strerror})") from None
    d = Path(config.binlog_dir)
    if d.exists() and not d.is_dir():
        raise ServeError(f"--binlog-dir {d}: exists and is not a directory")
    if d.is_dir():
        old = sorted(p.name for p in d.iterdir() if p.name.startswith(config.log_bin_basename + "."))
        if old:
            raise ServeError(f"--binlog-dir {d} already holds binary logs ({', '.join(old[:3])}"
                             f"{', …' if len(old) > 3 else ''}); replbed keeps tables in memory and cannot "
                             "recover that state: use an empty directory")
    if config.password is None and not is_loopback(config.host):
        raise ServeError(f"--host {config.host} is not a loopback address: without --password (or "
                         "REPLBED_SERVE_PASSWORD) replbed serve accepts any client, so it listens on loopback only")


def _listen_error(config: ServeConfig, exc: OSError) -> ServeError:
    where = f"{config.host}:{config.port}"
    if isinstance(exc, socket.gaierror):
        return ServeError(f"--host {config.host}: cannot resolve it ({exc.strerror})")
    if exc.errno == errno.EADDRINUSE:
        return ServeError(f"cannot listen on {where}: the port is already in use")
    if exc.errno == errno.EADDRNOTAVAIL:
        return ServeError(f"cannot listen on {where}: no such local address")
    return ServeError(f"cannot listen on {where}: {exc.strerror or exc}")


def build_server(config: ServeConfig) -> tuple[ServerState, ProtocolServer]:
    """The server state and a bound (not yet serving) protocol server."""
    check_config(config)
    state = ServerState(config)  # the flavour (mariadb-10.11 / mysql-8.0) is chosen there, once

    def factory(info: HandshakeInfo) -> ReplbedSession:
        return ReplbedSession(state, info)

    try:
        proto = ProtocolServer(config.host, config.port, factory, config.password,
                               user=config.user if config.password is not None else None,
                               server_version=state.flavor.handshake.version_prefix + state.version,
                               server_charset=state.flavor.handshake.charset, lock=state.lock,
                               max_connections=config.max_connections,
                               auth_plugin=state.flavor.handshake.auth_plugin,
                               tls=state.flavor.handshake.tls,
                               other_accounts=lambda user, auth, scramble: verify_login(state, user, auth, scramble))
    except OSError as exc:
        raise _listen_error(config, exc) from None
    # The binary log is opened only once the port is ours: a server that cannot listen
    # leaves no files behind (which would make the directory unusable for the next start).
    state.global_vars.values["port"] = proto.port
    state.start()
    return state, proto


#: Statements are parsed and evaluated by recursive descent: a connection thread gets a
#: deep stack and Python a matching recursion limit, so expressions nested a few
#: thousand levels deep work (MariaDB takes 10,000 nested parentheses). Beyond that the
#: statement fails with 1436, as MariaDB does when its own thread stack runs out.
CONNECTION_STACK_BYTES = 512 * 1024 * 1024
RECURSION_LIMIT = 100_000


def _warm_imports() -> None:
    """Import the SQL layer's lazily imported modules before the first client connects.

    They are imported inside functions (to keep import cycles out of the module
    graph), so without this the first connection of a fresh server pays for
    them: about 0.2 s of compiling under PYTHONDONTWRITEBYTECODE, inside the
    first case's timings.
    """
    import harness.sql.stmt.create_select  # noqa: F401
    import harness.sql.stmt.routines  # noqa: F401
    import harness.sql.thd  # noqa: F401


def run_server(config: ServeConfig) -> int:
    """Serve until SIGTERM/SIGINT; always closes the binary log cleanly."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s",
                        stream=sys.stderr)
    threading.stack_size(CONNECTION_STACK_BYTES)
    sys.setrecursionlimit(RECURSION_LIMIT)
    state, proto = build_server(config)
    _warm_imports()
    log.info("replbed serving %s on %s:%d, binlog in %s", config.flavor, proto.host, proto.port, config.binlog_dir)
    proto.install_signal_handlers()
    try:
        proto.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        proto.shutdown()
        state.shutdown()
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    return 0
