"""TLS and the RSA key pair for caching_sha2_password, as MySQL 9.7 offers them.

mysqld creates a self-signed CA and server certificate and an RSA key pair at its first
start (``--auto-generate-certs``); a client connects with TLS when the server offers it
(``ssl-mode=PREFERRED``) and, without TLS, asks for the public key to send its password
RSA-encrypted. replbed's ``mysql-9.7`` flavour does the same with a key and a
self-signed certificate made once per server process (``cryptography``).
"""

from __future__ import annotations

import datetime
import os
import ssl
import tempfile
import threading
from functools import cached_property


class ServerKeys:
    """One RSA key: the TLS certificate's and caching_sha2_password's public key."""

    _lock = threading.Lock()

    @cached_property
    def _key(self):  # noqa: ANN202 - cryptography's private key type
        from cryptography.hazmat.primitives.asymmetric import rsa
        return rsa.generate_private_key(public_exponent=65537, key_size=2048)

    @cached_property
    def public_pem(self) -> bytes:
        from cryptography.hazmat.primitives import serialization
        return self._key.public_key().public_bytes(serialization.Encoding.PEM,
                                                   serialization.PublicFormat.SubjectPublicKeyInfo)

    def decrypt_password(self, blob: bytes, nonce: bytes) -> bytes:
        """The password a client sent RSA-OAEP encrypted (XORed with the nonce, NUL-ended)."""
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import padding
        plain = self._key.decrypt(blob, padding.OAEP(mgf=padding.MGF1(algorithm=hashes.SHA1()),
                                                     algorithm=hashes.SHA1(), label=None))
        out = bytes(b ^ nonce[i % len(nonce)] for i, b in enumerate(plain))
        return out[:-1] if out.endswith(b"\0") else out

    @cached_property
    def ssl_context(self) -> ssl.SSLContext:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.x509.oid import NameOID
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "replbed_Auto_Generated_Server_Certificate")])
        now = datetime.datetime.now(datetime.timezone.utc)
        cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
                .public_key(self._key.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(now - datetime.timedelta(days=1))
                .not_valid_after(now + datetime.timedelta(days=3650))
                .sign(self._key, hashes.SHA256()))
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        fd, path = tempfile.mkstemp(prefix="replbed-tls-", suffix=".pem")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(cert.public_bytes(serialization.Encoding.PEM))
                f.write(self._key.private_bytes(serialization.Encoding.PEM,
                                                serialization.PrivateFormat.TraditionalOpenSSL,
                                                serialization.NoEncryption()))
            ctx.load_cert_chain(path)
        finally:
            os.unlink(path)
        return ctx
