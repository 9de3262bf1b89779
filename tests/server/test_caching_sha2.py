"""caching_sha2_password as MySQL 9.7 speaks it (the ``mysql-9.7`` flavour's handshake):
full authentication over TLS or with the RSA public key, then fast authentication from the
cache; wrong passwords refused on every path. Real clients: mysql-connector-python (TLS and
not), and a raw client for the RSA exchange and the cleartext refusal."""

from __future__ import annotations

import socket

import mysql.connector
import pytest

from harness.server import protocol as p
from harness.server.server import ProtocolServer

from conftest import PASSWORD
from echo_session import EchoFactory


@pytest.fixture
def sha2_server() -> ProtocolServer:
    srv = ProtocolServer("127.0.0.1", 0, EchoFactory(), password=PASSWORD,
                         auth_plugin=p.CACHING_SHA2_PLUGIN, tls=True).start()
    try:
        yield srv
    finally:
        srv.shutdown()


def _connect(srv: ProtocolServer, password: str = PASSWORD, **kw):
    return mysql.connector.connect(host="127.0.0.1", port=srv.port, user="root", password=password,
                                   use_pure=True, **kw)


def test_greeting_names_caching_sha2_and_offers_tls(sha2_server):
    with socket.create_connection(("127.0.0.1", sha2_server.port)) as s:
        payload = s.recv(4096)[4:]
    hs = p.decode_handshake_v10(payload)
    assert hs.auth_plugin == "caching_sha2_password" and hs.capabilities & p.CLIENT_SSL


def test_full_auth_over_tls_then_fast_auth(sha2_server):
    c = _connect(sha2_server)  # first time: perform_full_authentication, cleartext inside TLS
    assert sha2_server._sha2_cache == {"root"}
    c.close()
    c = _connect(sha2_server, ssl_disabled=True)  # cached: fast auth without TLS
    cur = c.cursor()
    cur.execute("SELECT 1")
    cur.fetchall()
    c.close()


def test_wrong_password_is_refused_fast_and_full(sha2_server):
    with pytest.raises(mysql.connector.errors.ProgrammingError) as e:
        _connect(sha2_server, password="nope")
    assert e.value.errno == 1045
    _connect(sha2_server).close()
    with pytest.raises(mysql.connector.errors.ProgrammingError):
        _connect(sha2_server, password="nope", ssl_disabled=True)


def _raw_login(port: int, *, request_key: bool) -> bytes:
    """Log in without TLS by hand; return the server's final packet."""
    s = socket.create_connection(("127.0.0.1", port))
    try:
        def read():
            head = s.recv(4)
            n = int.from_bytes(head[:3], "little")
            data = b""
            while len(data) < n:
                data += s.recv(n - len(data))
            return head[3], data

        def send(seq, data):
            s.sendall(len(data).to_bytes(3, "little") + bytes((seq,)) + data)

        _, greeting = read()
        nonce = p.decode_handshake_v10(greeting).scramble
        resp = p.HandshakeResponse(capabilities=p.CLIENT_PROTOCOL_41 | p.CLIENT_PLUGIN_AUTH
                                   | p.CLIENT_SECURE_CONNECTION, max_packet_size=1 << 24, charset=255,
                                   user="root", auth_response=p.caching_sha2_scramble(PASSWORD, nonce),
                                   auth_plugin="caching_sha2_password")
        send(1, p.encode_handshake_response(resp))
        seq, more = read()
        assert more == b"\x01\x04"  # perform_full_authentication
        if not request_key:
            send(seq + 1, PASSWORD.encode() + b"\0")  # cleartext on an insecure connection
            return read()[1]
        send(seq + 1, b"\x02")
        seq, key = read()
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import padding
        pub = serialization.load_pem_public_key(key[1:])
        plain = bytes(b ^ nonce[i % len(nonce)] for i, b in enumerate(PASSWORD.encode() + b"\0"))
        send(seq + 1, pub.encrypt(plain, padding.OAEP(mgf=padding.MGF1(hashes.SHA1()), algorithm=hashes.SHA1(),
                                                      label=None)))
        return read()[1]
    finally:
        s.close()


def test_full_auth_with_the_rsa_public_key(sha2_server):
    assert _raw_login(sha2_server.port, request_key=True)[0] == 0x00  # OK
    assert sha2_server._sha2_cache == {"root"}


def test_cleartext_password_without_tls_is_refused(sha2_server):
    assert _raw_login(sha2_server.port, request_key=False)[0] == 0xFF  # ERR 1045
    assert not sha2_server._sha2_cache


def test_tls_client_hello_sent_with_the_ssl_request_is_not_lost():
    """A client may send its TLS ClientHello in the same segment as the SSLRequest (it does
    not wait for an answer). Bytes the server reads ahead past the SSLRequest would never
    reach the TLS layer, and the handshake would stall until connect_timeout: the
    intermittent 'handshake operation timed out' of busy runs."""
    import ssl

    srv = ProtocolServer("127.0.0.1", 0, EchoFactory(), password=PASSWORD,
                         auth_plugin=p.CACHING_SHA2_PLUGIN, tls=True, connect_timeout=3).start()
    try:
        s = socket.create_connection(("127.0.0.1", srv.port), timeout=5)
        head = s.recv(4)
        greeting = b""
        while len(greeting) < int.from_bytes(head[:3], "little"):
            greeting += s.recv(4096)
        caps = p.CLIENT_PROTOCOL_41 | p.CLIENT_SSL | p.CLIENT_PLUGIN_AUTH | p.CLIENT_SECURE_CONNECTION
        ssl_request = caps.to_bytes(4, "little") + (1 << 24).to_bytes(4, "little") + bytes([255]) + bytes(23)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
        incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
        tls = ctx.wrap_bio(incoming, outgoing)
        with pytest.raises(ssl.SSLWantReadError):
            tls.do_handshake()
        client_hello = outgoing.read()
        s.sendall(len(ssl_request).to_bytes(3, "little") + b"\x01" + ssl_request + client_hello)
        while True:  # pump the rest of the TLS handshake through the socket
            try:
                tls.do_handshake()
                break
            except ssl.SSLWantReadError:
                if pending := outgoing.read():
                    s.sendall(pending)
                data = s.recv(65536)
                assert data, "the server closed the connection during the TLS handshake"
                incoming.write(data)
        assert tls.version() is not None
        s.close()
    finally:
        srv.shutdown()
