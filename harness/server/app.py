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
    if config.flavor != "mariadb-10.11":
        # The MySQL 8.0 codec exists (harness/binlog/mysql_*.py) but the logging
        # layers do not emit that flavour yet: refuse rather than write MariaDB files.
        raise ValueError(f"flavor {config.flavor!r} is not served yet; replbed serve writes mariadb-10.11 binlogs")
    state = ServerState(config)
    state.start()

    def factory(info: HandshakeInfo) -> ReplbedSession:
        return ReplbedSession(state, info)

    proto = ProtocolServer(config.host, config.port, factory, config.password, user=None,
                           server_version="5.5.5-" + state.version, server_charset=45, lock=state.lock)
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
