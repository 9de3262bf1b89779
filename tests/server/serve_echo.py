"""Run a ProtocolServer with EchoSession in the foreground until SIGTERM/SIGINT.

``python tests/server/serve_echo.py [PORT] [PASSWORD]`` prints ``PORT <n>`` once
listening and ``CLOSED <k>`` (sessions closed) on the way out. Used by the
signal test, and handy for poking the protocol with a real client by hand.
"""

from __future__ import annotations

import logging
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from echo_session import EchoFactory  # noqa: E402

from harness.server.server import ProtocolServer  # noqa: E402


def main() -> int:
    logging.basicConfig(level=logging.INFO, stream=sys.stderr)
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    password = sys.argv[2] if len(sys.argv) > 2 else None
    factory = EchoFactory()
    srv = ProtocolServer("127.0.0.1", port, factory, password=password)
    srv.install_signal_handlers()
    print(f"PORT {srv.port}", flush=True)
    srv.serve_forever()
    print(f"CLOSED {sum(s.closed for s in factory.sessions)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
