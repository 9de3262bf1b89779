"""Fixtures: an in-process ProtocolServer in front of the EchoSession; a real MariaDB
and a `replbed serve` side by side (``servers``, one pair per test module)."""

from __future__ import annotations

import os
import sys
from typing import Callable, Iterator

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from echo_session import EchoFactory  # noqa: E402

from harness.providers.base import ServerHandle, ServerSettings  # noqa: E402
from harness.providers.local import LocalMariaDBProvider  # noqa: E402
from harness.providers.replbed import ReplbedProvider  # noqa: E402
from harness.server.server import ProtocolServer  # noqa: E402

PASSWORD = "s3cret"

# The C extension links a bundled OpenSSL that cannot load once the system
# one is in the process (pytest plugins import ssl first), so in-process it is
# usually unavailable; test_wire_cext.py covers it from a fresh interpreter.
try:
    import _mysql_connector  # noqa: F401

    HAVE_CEXT_IN_PROCESS = True
except ImportError:
    HAVE_CEXT_IN_PROCESS = False

import mysql.connector  # noqa: E402


@pytest.fixture
def factory() -> EchoFactory:
    return EchoFactory()


@pytest.fixture
def server(factory: EchoFactory) -> Iterator[ProtocolServer]:
    srv = ProtocolServer("127.0.0.1", 0, factory, password=PASSWORD).start()
    try:
        yield srv
    finally:
        srv.shutdown()


@pytest.fixture(params=["pure", "cext"] if HAVE_CEXT_IN_PROCESS else ["pure"])
def flavour(request: pytest.FixtureRequest) -> str:
    """Client implementation; "cext" only when loadable here (else see test_wire_cext.py)."""
    return str(request.param)


@pytest.fixture
def connect(server: ProtocolServer, flavour: str) -> Iterator[Callable[..., "mysql.connector.abstracts.MySQLConnectionAbstract"]]:
    conns = []

    def _connect(**kw: object):
        args: dict[str, object] = dict(
            host="127.0.0.1", port=server.port, user="root", password=PASSWORD, use_pure=(flavour == "pure")
        )
        args.update(kw)
        c = mysql.connector.connect(**args)
        conns.append(c)
        return c

    yield _connect
    for c in conns:
        try:
            c.close()
        except Exception:
            pass


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerHandle, ServerHandle]]:
    """A reference MariaDB 10.11 and a `replbed serve`, default settings, for the module's
    tests to run the same thing against (a module may define its own ``servers``)."""
    tmp = tmp_path_factory.mktemp("servers")
    with LocalMariaDBProvider().start(ServerSettings(), tmp / "reference") as ref, \
            ReplbedProvider().start(ServerSettings(), tmp / "replbed") as rb:
        yield ref, rb
