"""A threaded TCP server speaking the MySQL protocol in front of replbed sessions.

One thread per client connection; every call into a session (create, execute,
init_db, status_flags, close) runs under the engine mutex (``ServerState.lock``)
because the engine behind the sessions is not thread-safe. A statement gives
the mutex up whenever it waits -- for a row or table lock, in SLEEP() -- so a
waiting or sleeping session never stalls the others
(harness/sql/handler/lock_sys.py); between waits, statements run one at a time, and
commits reach the binlog in the order they happen (the mutex is the binlog's
LOCK_log too).

Failure policy, per connection:

* a statement error (:class:`SqlError`) -> ERR packet, connection stays up;
* a session bug (any other exception) -> logged with traceback, ERR 1105,
  connection stays up;
* bytes that are not valid protocol (:class:`ProtocolError`) -> a log line
  naming the peer and the problem, then only that connection is closed.

Nothing a client sends can stop the accept loop.
"""

from __future__ import annotations

import hmac
import itertools
import logging
import selectors
import signal
import socket
import threading
import time
from types import FrameType, TracebackType
from typing import Callable, Iterable

from harness.server import binlog_dump
from harness.server import prepared as ps
from harness.sql.parse.text_scan import split_placeholders
from harness.server import protocol as p
from harness.server.protocol_errors import ER_ACCESS_DENIED_ERROR, ER_CON_COUNT_ERROR, ER_EMPTY_QUERY, ER_NET_PACKET_TOO_LARGE, ER_NET_PACKETS_OUT_OF_ORDER, ER_UNKNOWN_COM_ERROR, ER_UNKNOWN_ERROR, SQLSTATE_BY_CODE, ConnectionClosed, PacketTooLarge, ProtocolError, SqlError
from harness.server.results import (
    SERVER_MORE_RESULTS_EXISTS,
    SERVER_STATUS_AUTOCOMMIT,
    SERVER_STATUS_NO_BACKSLASH_ESCAPES,
    HandshakeInfo,
    OkResult,
    ResultSet,
    Session,
    SessionFactory,
)

log = logging.getLogger("harness.server")

#: MariaDB 10.11's default max_allowed_packet is 16 MiB; we accept more so a
#: client may test the 16 MiB packet split without reconfiguring anything.
DEFAULT_MAX_ALLOWED_PACKET = 64 * 1024 * 1024
#: Nothing legitimate before authentication comes close to this.
HANDSHAKE_MAX_PACKET = 64 * 1024
#: Seconds a client has to complete the handshake (MariaDB's connect_timeout).
DEFAULT_CONNECT_TIMEOUT = 10.0

#: MariaDB 10.11's default max_connections; one more client gets 1040 "Too many connections".
DEFAULT_MAX_CONNECTIONS = 151
#: After a failed accept() (EMFILE …): pause so the still-readable listener cannot spin,
#: and log at most one line per interval.
ACCEPT_BACKOFF = 0.1
ACCEPT_ERROR_LOG_INTERVAL = 10.0

_RECV_CHUNK = 1 << 16

# Commands that never get a reply, even when they fail; answering them would
# desynchronise the client.
_SILENT_COMMANDS = frozenset({p.COM_STMT_CLOSE, p.COM_STMT_SEND_LONG_DATA})


class _AuthRefused(Exception):
    """Authentication failed; the ERR packet has already been sent."""


class PacketChannel:
    """Packet I/O on one socket: framing, reassembly and sequence ids.

    Kept separate from the command logic so the byte-level rules (16 MiB
    splits, sequence checks, size limits) live in one small place.
    """

    def __init__(self, sock: socket.socket, max_packet: int) -> None:
        self.sock = sock
        self.max_packet = max_packet
        self.seq = 0
        self.last_seq = -1  # sequence id of the last header received
        # Bytes received but not consumed: one recv usually brings a header and its
        # whole payload, so a small command costs one system call, not two.
        self._buf = bytearray()
        # Off until the handshake is past the point where TLS may start: a client sends
        # its TLS ClientHello right behind the SSLRequest without waiting, and bytes
        # read ahead into _buf would be lost to the TLS layer, which reads the socket.
        self.read_ahead = True

    def _recv_exact(self, n: int) -> bytes:
        buf = self._buf
        while len(buf) < n:
            try:
                chunk = self.sock.recv(max(n - len(buf), _RECV_CHUNK) if self.read_ahead else n - len(buf))
            except TimeoutError as exc:
                raise ProtocolError("timed out waiting for the client") from exc
            if not chunk:
                if buf:
                    raise ProtocolError(f"connection closed in the middle of a packet ({len(buf)} of {n} bytes)")
                raise ConnectionClosed("peer closed the connection")
            buf += chunk
        out = bytes(buf[:n])
        del buf[:n]
        return out

    def read_packet(self, limit: int | None = None) -> bytes:
        """One logical packet's payload, reassembled from 16 MiB pieces."""
        limit = self.max_packet if limit is None else limit
        payload = bytearray()
        while True:
            length, seq = p.parse_packet_header(self._recv_exact(4))
            self.last_seq = seq
            if seq != self.seq:
                raise ProtocolError(f"packets out of order: got sequence id {seq}, expected {self.seq}")
            self.seq = (self.seq + 1) & 0xFF
            if len(payload) + length > limit:
                raise PacketTooLarge(len(payload) + length, limit)
            payload += self._recv_exact(length)
            if length < p.MAX_PACKET_CHUNK:
                return bytes(payload)

    def write(self, *payloads: bytes) -> None:
        """Frame and send payloads as consecutive packets in one sendall."""
        out = bytearray()
        for payload in payloads:
            framed, self.seq = p.frame_packets(payload, self.seq)
            out += framed
        self.sock.sendall(out)


class ProtocolServer:
    """MySQL-protocol TCP server that hands statements to replbed sessions.

    ``password=None`` accepts any password (and, with ``user=None``, any
    user name); otherwise the client must authenticate with
    mysql_native_password. The listening socket is bound in the constructor,
    so ``port`` is the real port even when 0 was asked for.
    """

    def __init__(
        self,
        host: str,
        port: int,
        session_factory: SessionFactory,
        password: str | None = None,
        *,
        user: str | None = None,
        server_version: str = p.DEFAULT_SERVER_VERSION,
        server_charset: int = 8,
        capabilities: int = p.DEFAULT_SERVER_CAPABILITIES,
        max_allowed_packet: int = DEFAULT_MAX_ALLOWED_PACKET,
        connect_timeout: float = DEFAULT_CONNECT_TIMEOUT,
        first_connection_id: int = 1,
        lock: threading.RLock | None = None,
        max_connections: int = DEFAULT_MAX_CONNECTIONS,
        auth_plugin: str = p.NATIVE_PASSWORD_PLUGIN,
        tls: bool = False,
        other_accounts: Callable[[str, bytes, bytes], bool] | None = None,
    ) -> None:
        self.session_factory = session_factory
        # Accounts created with CREATE USER (harness/sql/stmt/sql_acl.py verify_login).
        self.other_accounts = other_accounts
        # The account's plugin: mysql_native_password (MariaDB) or caching_sha2_password
        # (MySQL 9.7, which also offers TLS and its RSA public key; harness/server/tls.py).
        self.auth_plugin = auth_plugin
        self.tls = tls
        if tls:
            capabilities |= p.CLIENT_SSL
        self._keys = None
        if auth_plugin == p.CACHING_SHA2_PLUGIN or tls:
            from harness.server.tls import ServerKeys
            self._keys = ServerKeys()
        # caching_sha2_password's cache: users that completed a full authentication
        self._sha2_cache: set[str] = set()
        self.password = password
        self.user = user
        self.server_version = server_version
        self.server_charset = server_charset
        self.capabilities = capabilities
        self.max_allowed_packet = max_allowed_packet
        self.connect_timeout = connect_timeout
        self.max_connections = max_connections
        self._accept_errors = 0
        self._accept_error_logged = -ACCEPT_ERROR_LOG_INTERVAL
        #: Held around every session call; share it with anything else that
        #: touches the engine (e.g. a binlog reader) to stay consistent.
        self.lock: threading.RLock = lock if lock is not None else threading.RLock()
        self._ids = itertools.count(first_connection_id)
        self._ids_lock = threading.Lock()

        self._listener = socket.create_server((host, port), reuse_port=False, backlog=128)
        self.host, self.port = self._listener.getsockname()[:2]

        self._handlers: dict[int, _ConnectionHandler] = {}
        self._handlers_lock = threading.Lock()
        self._stop = threading.Event()
        self._stopped = threading.Event()
        self._running = False
        self._cleaned = False
        self._cleanup_lock = threading.Lock()
        self._serve_thread: threading.Thread | None = None
        self._background: threading.Thread | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self.started_at = time.monotonic()
        self.questions = 0  # statements received, for COM_STATISTICS
        #: Replicas registered with COM_REGISTER_SLAVE and their dumps (binlog_dump.py).
        self.replicas = binlog_dump.ReplicaRegistry()

    # -- public API -------------------------------------------------------

    @property
    def address(self) -> tuple[str, int]:
        return self.host, self.port

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Accept connections until :meth:`shutdown` (or a signal handler) stops us.

        Cleans up (closes every client, calls ``session.close()``) before
        returning, however the loop ends, including KeyboardInterrupt.
        """
        if self._stop.is_set():
            self._cleanup()
            return
        self._running = True
        self._serve_thread = threading.current_thread()
        log.info("replbed protocol server listening on %s:%d", self.host, self.port)
        sel = selectors.DefaultSelector()
        try:
            sel.register(self._listener, selectors.EVENT_READ)
            sel.register(self._wake_r, selectors.EVENT_READ)
            while not self._stop.is_set():
                for key, _ in sel.select(poll_interval):
                    if key.fileobj is self._wake_r:
                        self._drain_wakeups()
                    elif not self._stop.is_set():
                        self._accept()
        finally:
            sel.close()
            self._cleanup()

    def start(self) -> "ProtocolServer":
        """Run :meth:`serve_forever` in a daemon thread (handy for tests)."""
        if self._background is None:
            started = threading.Event()

            def run() -> None:
                started.set()
                self.serve_forever(poll_interval=0.2)

            self._background = threading.Thread(target=run, name=f"replbed-server-{self.port}", daemon=True)
            self._running = True  # so a shutdown() racing the thread start waits for it
            self._background.start()
            started.wait()
        return self

    def request_shutdown(self) -> None:
        """Ask the accept loop to stop; safe from signal handlers (never blocks)."""
        self._stop.set()
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass

    def shutdown(self, timeout: float = 10.0) -> None:
        """Stop accepting, close every client connection, close every session.

        Idempotent. Waits for the accept loop when it runs in another thread;
        called from the serving thread itself (a signal handler) it only
        requests the stop, and serve_forever finishes the cleanup.
        """
        self.request_shutdown()
        if self._running and threading.current_thread() is self._serve_thread:
            return
        if self._running:
            self._stopped.wait(timeout)
        else:
            self._cleanup()
        if self._background is not None:
            self._background.join(timeout)

    def install_signal_handlers(self, signals: Iterable[int] = (signal.SIGTERM, signal.SIGINT)) -> None:
        """Make SIGTERM/SIGINT stop :meth:`serve_forever` gracefully (main thread only)."""

        def handler(signum: int, frame: FrameType | None) -> None:
            log.info("received signal %d, shutting down", signum)
            self.request_shutdown()

        for sig in signals:
            signal.signal(sig, handler)

    def connection_count(self) -> int:
        with self._handlers_lock:
            return len(self._handlers)

    def __enter__(self) -> "ProtocolServer":
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.shutdown()

    # -- internals --------------------------------------------------------

    def _drain_wakeups(self) -> None:
        try:
            while self._wake_r.recv(4096):
                pass
        except (BlockingIOError, OSError):
            pass

    def _accept(self) -> None:
        try:
            sock, peer = self._listener.accept()
        except OSError as exc:  # e.g. EMFILE, ECONNABORTED: keep serving
            self._accept_failed(exc)
            return
        with self._handlers_lock:
            if self._stop.is_set():
                sock.close()
                return
            if len(self._handlers) >= self.max_connections:
                # As mariadbd: the ERR packet takes the place of the handshake.
                self._refuse(sock, peer)
                return
            with self._ids_lock:
                conn_id = next(self._ids)
            handler = _ConnectionHandler(self, sock, peer, conn_id)
            self._handlers[conn_id] = handler
        handler.thread.start()

    def _accept_failed(self, exc: OSError) -> None:
        """A failed accept() leaves the connection queued, so the listener stays readable
        and the loop would spin: back off for a moment, and log once per interval."""
        now = time.monotonic()
        self._accept_errors += 1
        if now - self._accept_error_logged >= ACCEPT_ERROR_LOG_INTERVAL:
            log.warning("accept failed: %s (%d failures since the last message); backing off",
                        exc, self._accept_errors)
            self._accept_error_logged, self._accept_errors = now, 0
        self._stop.wait(ACCEPT_BACKOFF)

    def _refuse(self, sock: socket.socket, peer: tuple) -> None:
        log.warning("refused a connection from %s: max_connections (%d) reached", peer[0], self.max_connections)
        try:
            sock.settimeout(1.0)
            framed, _ = p.frame_packets(p.encode_sql_error(SqlError(ER_CON_COUNT_ERROR, "Too many connections"),
                                                           p.CLIENT_PROTOCOL_41), 0)
            sock.sendall(framed)
        except OSError:
            pass
        finally:
            sock.close()

    def _forget(self, conn_id: int) -> None:
        with self._handlers_lock:
            self._handlers.pop(conn_id, None)

    def _cleanup(self) -> None:
        """Close the listener and all clients; join their threads. Runs once."""
        with self._cleanup_lock:
            if self._cleaned:
                return
            self._cleaned = True
        try:
            self._listener.close()
            with self._handlers_lock:
                handlers = list(self._handlers.values())
            for h in handlers:
                h.abort()
            deadline = time.monotonic() + 10.0
            for h in handlers:
                if h.thread is not threading.current_thread() and h.thread.is_alive():
                    h.thread.join(max(0.0, deadline - time.monotonic()))
                    if h.thread.is_alive():
                        log.warning("connection %d did not finish within the shutdown timeout", h.conn_id)
            for s in (self._wake_r, self._wake_w):
                try:
                    s.close()
                except OSError:
                    pass
        finally:
            self._running = False
            self._stopped.set()
            log.info("replbed protocol server on %s:%d stopped", self.host, self.port)

    def _check_credentials(self, user: str, auth_response: bytes, scramble: bytes,
                           plugin: str = p.NATIVE_PASSWORD_PLUGIN) -> bool:
        if self.user is not None and user != self.user:
            return self.other_accounts is not None and self.other_accounts(user, auth_response, scramble)
        if self.password is None:
            return True
        if plugin == p.CACHING_SHA2_PLUGIN:
            return p.verify_caching_sha2(scramble, auth_response, self.password)
        return p.verify_native_password(scramble, auth_response, self.password)


class _ConnectionHandler:
    """One client connection: handshake, authentication, command loop."""

    def __init__(self, server: ProtocolServer, sock: socket.socket, peer: tuple, conn_id: int) -> None:
        self.server = server
        self.sock = sock
        self.peer_host = str(peer[0])
        self.peer_port = int(peer[1])
        self.conn_id = conn_id
        self.io = PacketChannel(sock, server.max_allowed_packet)
        self.session: Session | None = None
        self.caps = 0  # negotiated capabilities (client's & ours)
        self.multi_statements = False
        #: This connection's prepared statements (ids count from 1 per connection, as in MariaDB).
        self.statements: dict[int, ps.PreparedStatement] = {}
        self._next_stmt_id = 1
        self.scramble = b""
        self._closed = threading.Event()
        self.thread = threading.Thread(target=self.run, name=f"replbed-conn-{conn_id}", daemon=True)

    @property
    def peer(self) -> str:
        return f"{self.peer_host}:{self.peer_port}"

    # -- lifecycle --------------------------------------------------------

    def run(self) -> None:
        try:
            self._run()
        except ConnectionClosed:
            log.debug("connection %d from %s: client disconnected", self.conn_id, self.peer)
        except _AuthRefused:
            pass
        except PacketTooLarge as exc:
            log.warning("closing connection %d from %s: %s", self.conn_id, self.peer, exc.reason)
            self._try_send_error(ER_NET_PACKET_TOO_LARGE, "Got a packet bigger than 'max_allowed_packet' bytes")
        except ProtocolError as exc:
            log.warning("closing connection %d from %s: malformed input: %s", self.conn_id, self.peer, exc.reason)
            if exc.reason.startswith("packets out of order"):
                self._try_send_error(ER_NET_PACKETS_OUT_OF_ORDER, "Got packets out of order")
        except OSError as exc:
            if self.server._stop.is_set() or self._closed.is_set():
                log.debug("connection %d from %s closed by shutdown: %s", self.conn_id, self.peer, exc)
            else:
                log.info("connection %d from %s: socket error: %s", self.conn_id, self.peer, exc)
        except Exception:
            log.exception("connection %d from %s: internal error, closing it", self.conn_id, self.peer)
        finally:
            self._finish()

    def abort(self) -> None:
        """Called by shutdown from another thread: unblock our recv()."""
        self._closed.set()
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _finish(self) -> None:
        if self.session is not None:
            session, self.session = self.session, None
            try:
                with self.server.lock:
                    session.close()
            except Exception:
                log.exception("connection %d: session.close() failed", self.conn_id)
        self.server.replicas.unregister_connection(self.conn_id)
        self._lingering_close()
        self.server._forget(self.conn_id)
        log.debug("connection %d from %s finished", self.conn_id, self.peer)

    def _lingering_close(self, max_seconds: float = 0.5, max_bytes: int = 1 << 20) -> None:
        """Send FIN, drain what the client still sends, then close.

        Closing a socket with unread input makes the kernel send RST, which
        can destroy the ERR packet we just wrote before the client reads it.
        """
        try:
            self.sock.shutdown(socket.SHUT_WR)
            deadline = time.monotonic() + max_seconds
            drained = 0
            while drained < max_bytes:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self.sock.settimeout(left)
                chunk = self.sock.recv(65536)
                if not chunk:
                    break
                drained += len(chunk)
        except OSError:
            pass
        finally:
            try:
                self.sock.close()
            except OSError:
                pass

    def _try_send_error(self, code: int, message: str) -> None:
        """Best-effort ERR before closing, numbered after the packet that broke the rules."""
        self.io.seq = (self.io.last_seq + 1) & 0xFF
        try:
            self.io.write(p.encode_err(code, SQLSTATE_BY_CODE.get(code, "HY000"), message, p.CLIENT_PROTOCOL_41))
        except OSError:
            pass

    # -- handshake --------------------------------------------------------

    def _run(self) -> None:
        self.sock.settimeout(self.server.connect_timeout)
        self._handshake()
        self.sock.settimeout(None)
        while True:
            self.io.seq = 0
            payload = self.io.read_packet()
            if not self._dispatch(payload):
                return

    def _caching_sha2(self, user: str, auth: bytes, scramble: bytes, secure: bool) -> bool:
        """caching_sha2_password after the client's scramble: an empty password needs
        nothing more; a user in the cache gets fast auth (AuthMoreData 0x03); anyone else
        a full authentication (0x04): the cleartext password over TLS, or, without TLS,
        RSA-encrypted after the client asks for the public key (0x02), as mysqld 9.7."""
        srv = self.server
        if srv.user is not None and user != srv.user:
            return False
        if srv.password is None or not srv.password:
            return srv.password is None or not auth
        if not auth:
            return False
        if user in srv._sha2_cache:
            if not p.verify_caching_sha2(scramble, auth, srv.password):
                return False
            self.io.write(p.encode_auth_more_data(bytes((p.SHA2_FAST_AUTH_SUCCESS,))))
            return True
        self.io.write(p.encode_auth_more_data(bytes((p.SHA2_PERFORM_FULL_AUTH,))))
        pkt = self.io.read_packet(HANDSHAKE_MAX_PACKET)
        if not secure and pkt == bytes((p.SHA2_REQUEST_PUBLIC_KEY,)) and srv._keys is not None:
            self.io.write(p.encode_auth_more_data(srv._keys.public_pem))
            try:
                password = srv._keys.decrypt_password(self.io.read_packet(HANDSHAKE_MAX_PACKET), scramble)
            except ValueError:
                return False
        elif secure:
            password = pkt[:-1] if pkt.endswith(b"\0") else pkt
        else:
            return False  # a cleartext password on an insecure connection
        if not hmac.compare_digest(password, srv.password.encode()):
            return False
        srv._sha2_cache.add(user)
        return True

    def _handshake(self) -> None:
        srv = self.server
        scramble = self.scramble = p.make_scramble()
        hs = p.ServerHandshake(
            server_version=srv.server_version,
            connection_id=self.conn_id,
            scramble=scramble,
            capabilities=srv.capabilities,
            charset=srv.server_charset,
            status_flags=SERVER_STATUS_AUTOCOMMIT,
            auth_plugin=srv.auth_plugin,
        )
        self.io.write(p.encode_handshake_v10(hs))
        self.io.read_ahead = False  # the packet may be an SSLRequest with TLS bytes behind it
        payload = self.io.read_packet(HANDSHAKE_MAX_PACKET)
        self.io.read_ahead = True
        secure = False
        if p.is_ssl_request(payload):
            if not srv.tls or srv._keys is None:
                raise ProtocolError("client requested TLS, which this server does not offer")
            # SSLRequest: the TLS handshake, then the HandshakeResponse inside it
            self.sock = srv._keys.ssl_context.wrap_socket(self.sock, server_side=True)
            self.io.sock = self.sock
            secure = True
            payload = self.io.read_packet(HANDSHAKE_MAX_PACKET)
        resp = p.decode_handshake_response(payload)
        self.caps = resp.capabilities & srv.capabilities
        self.multi_statements = bool(resp.capabilities & p.CLIENT_MULTI_STATEMENTS)

        plugin = resp.auth_plugin if resp.capabilities & p.CLIENT_PLUGIN_AUTH else ""
        auth = resp.auth_response
        if plugin != srv.auth_plugin and (plugin or srv.auth_plugin != p.NATIVE_PASSWORD_PLUGIN):
            # e.g. caching_sha2_password from MySQL 8 client libraries against MariaDB's
            # flavour: ask for the account's plugin, with the same scramble (as mysqld).
            log.debug("connection %d: switching auth from %s to %s", self.conn_id, plugin, srv.auth_plugin)
            self.io.write(p.encode_auth_switch_request(srv.auth_plugin, scramble + b"\0"))
            auth = self.io.read_packet(HANDSHAKE_MAX_PACKET)
        if srv.auth_plugin == p.CACHING_SHA2_PLUGIN:
            ok = self._caching_sha2(resp.user, auth, scramble, secure)
        else:
            ok = srv._check_credentials(resp.user, auth, scramble)
        if not ok:
            log.info("connection %d from %s: access denied for user %r", self.conn_id, self.peer, resp.user)
            self._send_error(
                SqlError(
                    ER_ACCESS_DENIED_ERROR,
                    f"Access denied for user '{resp.user}'@'{self.peer_host}' "
                    f"(using password: {'YES' if auth else 'NO'})",
                )
            )
            raise _AuthRefused()

        info = HandshakeInfo(
            connection_id=self.conn_id,
            user=resp.user,
            database=resp.database,
            charset=resp.charset,
            capabilities=resp.capabilities,
            connect_attrs=dict(resp.connect_attrs),
            host=self.peer_host,
            port=self.peer_port,
            auth_plugin=srv.auth_plugin,
        )
        try:
            with srv.lock:
                self.session = srv.session_factory(info)
                status = self.session.status_flags()
        except SqlError as err:
            log.info("connection %d from %s refused by session: %s", self.conn_id, self.peer, err)
            self._send_error(err)
            raise _AuthRefused() from err
        except Exception as exc:
            log.exception("connection %d from %s: session factory failed", self.conn_id, self.peer)
            self._send_error(SqlError(ER_UNKNOWN_ERROR, f"Unknown error: {exc}"))
            raise _AuthRefused() from exc
        # A database named in the handshake is reported by the schema tracker (observed).
        state = p.encode_state_changes(schema=resp.database) if resp.database else b""
        self.io.write(p.encode_ok(status_flags=status, capabilities=self.caps | p.CLIENT_PROTOCOL_41,
                                  session_state=state))
        log.debug("connection %d from %s: authenticated as %r", self.conn_id, self.peer, resp.user)

    # -- commands ---------------------------------------------------------

    def _send_error(self, err: SqlError) -> None:
        self.io.write(p.encode_sql_error(err, p.CLIENT_PROTOCOL_41))

    def _send_ok(self, ok: OkResult, status: int) -> None:
        self.io.write(p.encode_ok_result(ok, status, self.caps | p.CLIENT_PROTOCOL_41))

    def _dispatch(self, payload: bytes) -> bool:
        """Run one command; False when the connection should end."""
        if not payload:
            raise ProtocolError("empty command packet")
        cmd, body = payload[0], payload[1:]
        if cmd == p.COM_QUIT:
            log.debug("connection %d from %s: COM_QUIT", self.conn_id, self.peer)
            return False
        if cmd in _SILENT_COMMANDS:
            self._silent_command(cmd, body)
            return True
        handler: Callable[[bytes], None] | None = {
            p.COM_QUERY: self._com_query,
            p.COM_INIT_DB: self._com_init_db,
            p.COM_PING: self._com_ping,
            p.COM_STATISTICS: self._com_statistics,
            p.COM_SET_OPTION: self._com_set_option,
            p.COM_RESET_CONNECTION: self._com_reset_connection,
            p.COM_CHANGE_USER: self._com_change_user,
            p.COM_STMT_PREPARE: self._com_stmt_prepare,
            p.COM_STMT_EXECUTE: self._com_stmt_execute,
            p.COM_STMT_RESET: self._com_stmt_reset,
            p.COM_STMT_FETCH: self._com_stmt_fetch,
            binlog_dump.COM_REGISTER_SLAVE: self._com_register_slave,
            binlog_dump.COM_BINLOG_DUMP: self._com_binlog_dump,
        }.get(cmd)
        if handler is None:
            log.debug("connection %d: unsupported command 0x%02x", self.conn_id, cmd)
            self._send_error(SqlError(ER_UNKNOWN_COM_ERROR, "Unknown command"))
            return True
        try:
            handler(body)
        except SqlError as err:
            self._send_error(err)
        except (ProtocolError, OSError, ConnectionClosed):
            raise
        except Exception as exc:
            # A bug in the session or in encoding its result: report it to the
            # client and the log, but keep both the connection and server up.
            log.exception("connection %d from %s: command 0x%02x failed", self.conn_id, self.peer, cmd)
            self._send_error(SqlError(ER_UNKNOWN_ERROR, f"Unknown error: {type(exc).__name__}: {exc}"))
        return True

    def _session(self) -> Session:
        if self.session is None:  # pragma: no cover - only after a failed reset
            raise SqlError(ER_UNKNOWN_ERROR, "no session")
        return self.session

    def _com_query(self, body: bytes) -> None:
        sql = p.alloc_query_text(p.from_wire_text(body))
        with self.server.lock:
            session = self._session()
            no_backslash = bool(session.status_flags() & SERVER_STATUS_NO_BACKSLASH_ESCAPES)
            if self.multi_statements:
                statements = p.split_statements(sql, backslash_escapes=not no_backslash)
            else:
                statements = [p.single_statement(sql, backslash_escapes=not no_backslash)]
        for n, stmt in enumerate(statements):
            more = n + 1 < len(statements)
            if not self._run_one(stmt, more) and more:
                return  # as dispatch_command: the first error ends a multi-statement query

    def _run_one(self, stmt: str, more: bool) -> bool:
        """One statement of a COM_QUERY; its result carries SERVER_MORE_RESULTS_EXISTS while
        statements of the same query follow. False when it failed (the ERR was sent).
        Under semi-sync, a statement that wrote to the binary log waits for a replica's
        ACK before its result goes out (semisync.py)."""
        semi = self.server.replicas.semi_sync
        try:
            with self.server.lock:
                self.server.questions += 1
                session = self._session()
                before = semi.before_statement(session)
                if p.is_empty_statement(stmt):
                    raise SqlError(ER_EMPTY_QUERY, "Query was empty")
                if binlog_dump.is_show_slave_hosts(stmt):
                    result: OkResult | ResultSet = binlog_dump.show_slave_hosts(self.server.replicas)
                elif p.is_comment_only(stmt):
                    # MariaDB answers a comment-only query with a bare OK and runs nothing.
                    result = OkResult()
                else:
                    thd = getattr(session, "thd", None)
                    if thd is not None:
                        # LOAD DATA LOCAL asks this client for the file (net_request_file)
                        thd.set_local_file_reader(self._local_infile if self.caps & p.CLIENT_LOCAL_FILES else None)
                    result = session.execute(stmt)
                status = session.status_flags() | (SERVER_MORE_RESULTS_EXISTS if more else 0)
        except SqlError as err:
            if not more:
                raise
            self._send_error(err)
            return False
        semi.after_commit(session, before)
        caps = self.caps | p.CLIENT_PROTOCOL_41
        if isinstance(result, ResultSet):
            self.io.write(*p.encode_result_set(result, status, caps))
        elif isinstance(result, OkResult):
            self.io.write(p.encode_ok_result(result, status, caps))
        else:
            raise TypeError(f"session.execute returned {type(result).__name__}, expected OkResult or ResultSet")
        return True

    def _local_infile(self, name: str) -> list[bytes]:
        """net_request_file: a 0xFB packet naming the file; the client answers with the
        file's content in packets and an empty packet (also when it cannot send the file).
        Each packet is one block of the statement-format log, as in the server."""
        self.io.write(b"\xfb" + name.encode("utf-8", "surrogateescape"))
        packets: list[bytes] = []
        while True:
            pkt = self.io.read_packet()
            if not pkt:
                return packets
            packets.append(pkt)

    def _com_register_slave(self, body: bytes) -> None:
        self.io.write(binlog_dump.com_register_slave(self, body, self.server.replicas))

    def _com_binlog_dump(self, body: bytes) -> None:
        """The connection carries only events from here on, and ends with the dump."""
        binlog_dump.com_binlog_dump(self, body, self.server.replicas)
        raise ConnectionClosed("binlog dump ended")

    def _com_init_db(self, body: bytes) -> None:
        db = p.from_wire_text(body).rstrip("\0")
        with self.server.lock:
            session = self._session()
            ok = session.init_db(db)
            status = session.status_flags()
        self._send_ok(ok if isinstance(ok, OkResult) else OkResult(), status)

    def _com_ping(self, body: bytes) -> None:
        with self.server.lock:
            session = self._session()
            ping = getattr(session, "ping", None)
            if ping is not None:
                ping()
            status = session.status_flags()
        self._send_ok(OkResult(), status)

    def _com_statistics(self, body: bytes) -> None:
        srv = self.server
        stats = getattr(self._session(), "statistics", None)
        if stats is not None:
            self.io.write(stats().encode("ascii"))
            return
        uptime = max(1, int(time.monotonic() - srv.started_at))
        text = (
            f"Uptime: {uptime}  Threads: {srv.connection_count()}  Questions: {srv.questions}  "
            f"Slow queries: 0  Opens: 0  Open tables: 0  "
            f"Queries per second avg: {srv.questions / uptime:.3f}"
        )
        self.io.write(text.encode("ascii"))

    def _com_set_option(self, body: bytes) -> None:
        if len(body) != 2:
            raise ProtocolError(f"COM_SET_OPTION with {len(body)}-byte body, expected 2")
        option = int.from_bytes(body, "little")
        if option == p.MYSQL_OPTION_MULTI_STATEMENTS_ON:
            self.multi_statements = True
        elif option == p.MYSQL_OPTION_MULTI_STATEMENTS_OFF:
            self.multi_statements = False
        else:
            raise SqlError(ER_UNKNOWN_COM_ERROR, "Unknown command")
        with self.server.lock:
            status = self._session().status_flags()
        self.io.write(p.encode_end_of_rows(status, 0, self.caps | p.CLIENT_PROTOCOL_41))

    def _com_reset_connection(self, body: bytes) -> None:
        """Supported when the session offers an optional ``reset()`` method."""
        with self.server.lock:
            session = self._session()
            reset = getattr(session, "reset", None)
            if not callable(reset):
                raise SqlError(ER_UNKNOWN_COM_ERROR, "Unknown command")
            reset()
            status = session.status_flags()
        self._send_ok(OkResult(), status)


    # -- prepared statements (harness/server/prepared.py) ------------------

    def _silent_command(self, cmd: int, body: bytes) -> None:
        """COM_STMT_CLOSE and COM_STMT_SEND_LONG_DATA: no reply; an unknown id or a body
        too short to name one is ignored (mysqld_stmt_close / mysql_stmt_get_longdata)."""
        if len(body) < (4 if cmd == p.COM_STMT_CLOSE else 6):
            return
        if cmd == p.COM_STMT_CLOSE:
            self.statements.pop(ps.statement_id(body, "COM_STMT_CLOSE"), None)
            return
        stmt_id, param, chunk = ps.parse_long_data(body)
        stmt = self.statements.get(stmt_id)
        if stmt is not None and param < stmt.param_count:
            stmt.long_data.setdefault(param, bytearray()).extend(chunk)

    def _statement(self, body: bytes, command: str) -> ps.PreparedStatement:
        stmt_id = ps.statement_id(body, command)
        stmt = self.statements.get(stmt_id)
        if stmt is None:
            raise SqlError(ps.ER_UNKNOWN_STMT_HANDLER,
                           f"Unknown prepared statement handler ({stmt_id}) given to {command}")
        return stmt

    def _escape_context(self, session: Session) -> tuple[str, bool]:
        """character_set_client and NO_BACKSLASH_ESCAPES: how string values are quoted."""
        no_backslash = bool(session.status_flags() & SERVER_STATUS_NO_BACKSLASH_ESCAPES)
        charset = getattr(session, "client_charset", None)
        return (charset() if callable(charset) else "utf8mb4"), no_backslash

    def _com_stmt_prepare(self, body: bytes) -> None:
        sql = p.from_wire_text(body)
        with self.server.lock:
            self.server.questions += 1
            session = self._session()
            no_backslash = bool(session.status_flags() & SERVER_STATUS_NO_BACKSLASH_ESCAPES)
            text = p.single_statement(sql, backslash_escapes=not no_backslash)
            if p.is_empty_statement(text) or p.is_comment_only(text):
                raise SqlError(ER_EMPTY_QUERY, "Query was empty")
            pieces = split_placeholders(text, backslash_escapes=not no_backslash)
            if len(pieces) - 1 > 0xFFFF:
                raise SqlError(ps.ER_PS_MANY_PARAM, "Prepared statement contains too many placeholders")
            check = getattr(session, "prepare", None)
            columns = check(pieces) if callable(check) else []
        stmt = ps.PreparedStatement(self._next_stmt_id, text, pieces)
        self._next_stmt_id += 1
        self.statements[stmt.stmt_id] = stmt
        self.io.write(*ps.encode_prepare_ok(stmt, columns or [], self.caps))

    def _com_stmt_execute(self, body: bytes) -> None:
        stmt = self._statement(body, "mysqld_stmt_execute")
        if len(body) < 9:
            raise ProtocolError(f"COM_STMT_EXECUTE with a {len(body)}-byte body")
        cursor = bool(body[4] & ps.CURSOR_TYPE_READ_ONLY)
        stmt.cursor = None
        semi = self.server.replicas.semi_sync
        with self.server.lock:
            self.server.questions += 1
            session = self._session()
            charset, no_backslash = self._escape_context(session)
            mysql_text = getattr(session, "mysql_param_text", None)
            sql = ps.expand_query(stmt, body[4:], charset, no_backslash,
                                  bool(mysql_text()) if callable(mysql_text) else False)
            before = semi.before_statement(session)
            # replbed's session: its THD runs a statement parsed at COM_STMT_PREPARE (the parser's
            # warnings went there: Thd.prepared_execution)
            thd = getattr(session, "thd", None)
            if thd is not None:
                thd.prepared_execution = True
            try:
                result = session.execute(sql)
            finally:
                if thd is not None:
                    thd.prepared_execution = False
            status = session.status_flags()
        semi.after_commit(session, before)
        caps = self.caps | p.CLIENT_PROTOCOL_41
        if isinstance(result, ResultSet):
            ps.param_names(stmt, sql, result.columns)
            if cursor:
                stmt.cursor = result
            self.io.write(*ps.encode_binary_result_set(result, status, caps, cursor=cursor))
        else:
            self.io.write(p.encode_ok_result(result, status, caps))

    def _com_stmt_reset(self, body: bytes) -> None:
        stmt = self._statement(body, "mysqld_stmt_reset")
        stmt.long_data.clear()
        stmt.cursor = None
        with self.server.lock:
            status = self._session().status_flags()
        self._send_ok(OkResult(), status)

    def _com_stmt_fetch(self, body: bytes) -> None:
        stmt = self._statement(body, "mysqld_stmt_fetch")
        count = int.from_bytes(body[4:8], "little") if len(body) >= 8 else 1
        with self.server.lock:
            status = self._session().status_flags()
        self.io.write(*ps.fetch_rows(stmt, count, status))

    def _com_change_user(self, body: bytes) -> None:
        """COM_CHANGE_USER: authenticate again (against the connection's scramble, with an
        auth switch for another plugin) and start a fresh session, as mysql_change_user
        does: temporary tables, user variables, prepared statements and the open
        transaction of the old session are gone."""
        req = p.decode_change_user(body, self.caps)
        auth = req.auth_response
        if req.auth_plugin and req.auth_plugin != p.NATIVE_PASSWORD_PLUGIN:
            self.io.write(p.encode_auth_switch_request(p.NATIVE_PASSWORD_PLUGIN, self.scramble + b"\0"))
            auth = self.io.read_packet(HANDSHAKE_MAX_PACKET)
        if not self.server._check_credentials(req.user, auth, self.scramble):
            raise SqlError(ER_ACCESS_DENIED_ERROR,
                           f"Access denied for user '{req.user}'@'{self.peer_host}' "
                           f"(using password: {'YES' if auth else 'NO'})")
        info = HandshakeInfo(connection_id=self.conn_id, user=req.user, database=req.database,
                             charset=req.charset, capabilities=self.caps, host=self.peer_host, port=self.peer_port,
                             auth_plugin=p.NATIVE_PASSWORD_PLUGIN)
        with self.server.lock:
            old, self.session = self.session, None
            if old is not None:
                old.close()
            self.statements.clear()
            self.session = self.server.session_factory(info)
            status = self.session.status_flags()
        self._send_ok(OkResult(), status)
