"""``replbed serve``: the reimplementation as a MySQL-protocol server."""

from __future__ import annotations

import logging
import signal
import sys

from harness.config import ServeConfig
from harness.engine.server import ServerState
from harness.server.results import HandshakeInfo
from harness.server.server import ProtocolServer
from harness.server.session import ReplbedSession

log = logging.getLogger("replbed.serve")


def build_server(config: ServeConfig) -> tuple[ServerState, ProtocolServer]:
    """The server state and a bound (not yet serving) protocol server."""
    state = ServerState(config)  # the flavour (mariadb-10.11 / mysql-8.0) is chosen there, once
    state.start()

    def factory(info: HandshakeInfo) -> ReplbedSession:
        return ReplbedSession(state, info)

    proto = ProtocolServer(config.host, config.port, factory, config.password, user=None,
                           server_version=state.flavor.handshake.version_prefix + state.version,
                           server_charset=state.flavor.handshake.charset, lock=state.lock)
    return state, proto


def run_server(config: ServeConfig) -> int:
    """Serve until SIGTERM/SIGINT; always closes the binary log cleanly."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s",
                        stream=sys.stderr)
    state, proto = build_server(config)
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
