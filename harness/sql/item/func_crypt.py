"""The builtins schemas use for keys, checksums and addresses: SHA2, SHA1/SHA, MD5, CRC32,
PASSWORD, AES_ENCRYPT/AES_DECRYPT, TO_BASE64/FROM_BASE64, RANDOM_BYTES, INET_ATON/
INET_NTOA, INET6_ATON/INET6_NTOA, IS_IPV4/IS_IPV6 and CONVERT_TZ (item_strfunc.cc,
item_inetfunc.cc, item_timefunc.cc; values checked against MariaDB 10.11.19).

Unsafe for statement-based logging (Item_func::... set_stmt_unsafe, observed Note 1592):
RANDOM_BYTES (and UUID, UUID_SHORT, already in expr.UNSAFE_FUNCTIONS); the others are
deterministic and safe.

* SHA2(s, n): n in 0 (= 256), 224, 256, 384, 512, else NULL with Warning 1583.
* AES_ENCRYPT(s, key): AES-128-ECB (block_encryption_mode's default), PKCS#7 padding,
  the key folded into 16 bytes by XOR (my_aes_create_key); AES_DECRYPT of a value that
  does not decrypt is NULL.
* INET_ATON('1.2.3') is 1.2.0.3 (a short form's last part is the low byte), NULL for a
  bad address; INET_NTOA of a number outside 0..2^32-1 is NULL.
* CONVERT_TZ with a named zone is NULL: the reference, set up by mariadb-install-db
  without mariadb-tzinfo-to-sql, has empty time zone tables. Offsets (+05:30) and SYSTEM
  (the host's zone) convert.

A string argument is taken as its UTF-8 bytes; a non-ASCII one is refused (1235): its
bytes depend on the column's character set, which the value here does not carry.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import ipaddress
import os
import zlib
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Callable

from harness.sql.item.column_types import value_to_string
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError

Fn = Callable[[Any], Any]
Maker = Callable[[list[Fn], A.FuncCall], Fn]


def _bytes(v: Any) -> bytes:
    if isinstance(v, bytes):
        return v
    s = value_to_string(v)
    if not s.isascii():
        raise UnsupportedError("a hash or cipher of a non-ASCII string (its bytes depend on the character set)")
    return s.encode()


def _nulls(fn: Callable[..., Any], with_env: bool = False) -> Maker:
    def make(args: list[Fn], e: A.FuncCall) -> Fn:
        def call(env: Any) -> Any:
            vals = [a(env) for a in args]
            if any(v is None for v in vals):
                return None
            return fn(env, *vals) if with_env else fn(*vals)
        return call
    return make


def _sha2(args: list[Fn], e: A.FuncCall) -> Fn:
    """SHA2(s, n); a bad n is NULL with 1583 -- an error in a strict sql_mode, unless both
    arguments are constants (folded before the statement aborts on warnings: observed)."""
    from harness.diagnostics import FoldedNote
    from harness.sql.sql_errors import Note
    folded = all(isinstance(a, A.Literal) for a in e.args)

    def call(env: Any) -> Any:
        s, n = (a(env) for a in args)
        if s is None or n is None:
            return None
        bits = int(value_to_string(n)) if value_to_string(n).lstrip("-").isdigit() else -1
        algo = {0: "sha256", 224: "sha224", 256: "sha256", 384: "sha384", 512: "sha512"}.get(bits)
        if algo is None:
            note = FoldedNote if folded else Note
            env.ctx.notes.append(note("Warning", 1583, "Incorrect parameters in the call to native function 'sha2'"))
            return None
        return hashlib.new(algo, _bytes(s)).hexdigest()
    return call


def password_hash(s: Any) -> str:
    b = _bytes(s)
    return "" if not b else "*" + hashlib.sha1(hashlib.sha1(b).digest()).hexdigest().upper()


def _aes_key(key: Any) -> bytes:
    rkey = bytearray(16)
    for i, c in enumerate(_bytes(key)):
        rkey[i % 16] ^= c
    return bytes(rkey)


def _aes_encrypt(s: Any, key: Any) -> bytes:
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    data = _bytes(s)
    pad = 16 - len(data) % 16
    enc = Cipher(algorithms.AES(_aes_key(key)), modes.ECB()).encryptor()
    return enc.update(data + bytes([pad]) * pad) + enc.finalize()


def _aes_decrypt(s: Any, key: Any) -> bytes | None:
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    data = _bytes(s)
    if not data or len(data) % 16:
        return None
    dec = Cipher(algorithms.AES(_aes_key(key)), modes.ECB()).decryptor()
    out = dec.update(data) + dec.finalize()
    pad = out[-1]
    if not 1 <= pad <= 16 or out[-pad:] != bytes([pad]) * pad:
        return None
    return out[:-pad]


def _to_base64(s: Any) -> str:
    enc = base64.b64encode(_bytes(s)).decode()
    return "\n".join(enc[i:i + 76] for i in range(0, len(enc), 76))


def _from_base64(s: Any) -> bytes | None:
    try:
        return base64.b64decode("".join(value_to_string(s).split()), validate=True)
    except ValueError:
        return None


def inet_aton(s: Any) -> int | None:
    text = value_to_string(s)
    result = byte = dots = 0
    c = ""
    for c in text:
        if c.isdigit():
            byte = byte * 10 + int(c)
            if byte > 255:
                return None
        elif c == ".":
            dots += 1
            if dots > 3:
                return None
            result = (result << 8) + byte
            byte = 0
        else:
            return None
    if not text or c == ".":
        return None
    result <<= 8 * (3 - dots)  # a short form: the last part is the low byte
    return (result << 8) + byte


def inet_ntoa(n: Any) -> str | None:
    try:
        # val_int: a decimal rounds half away from zero (INET_NTOA(1.5) is 0.0.0.2; 9.7.4 observed)
        v = int(Decimal(value_to_string(n)).to_integral_value(ROUND_HALF_UP)) if isinstance(n, (Decimal, float)) \
            else int(value_to_string(n))
    except (ValueError, ArithmeticError):
        return None
    if not 0 <= v <= 0xFFFFFFFF:
        return None
    return ".".join(str(v >> s & 255) for s in (24, 16, 8, 0))


def inet6_aton(s: Any) -> bytes | None:
    text = value_to_string(s)
    try:
        if ":" in text:
            return ipaddress.IPv6Address(text).packed
        return ipaddress.IPv4Address(text).packed
    except ValueError:
        return None


def inet6_ntoa(b: Any) -> str | None:
    if not isinstance(b, bytes):
        return None
    if len(b) == 4:
        return str(ipaddress.IPv4Address(b))
    if len(b) != 16:
        return None
    if b[:10] == bytes(10) and b[10:12] == b"\xff\xff":
        return "::ffff:" + str(ipaddress.IPv4Address(b[12:]))
    if b[:12] == bytes(12) and b[12:14] != bytes(2):
        return "::" + str(ipaddress.IPv4Address(b[12:]))
    return ipaddress.IPv6Address(b).compressed


def _is_ip(version: int) -> Callable[[Any], int]:
    def check(s: Any) -> int:
        try:
            ipaddress.ip_address(value_to_string(s))
        except ValueError:
            return 0
        return int(ipaddress.ip_address(value_to_string(s)).version == version)
    return check


def _tz_offset(name: str) -> dt.timedelta | None:
    if name.upper() == "SYSTEM":
        return dt.datetime.now().astimezone().utcoffset()
    if len(name) >= 5 and name[0] in "+-" and ":" in name:
        h, _, m = name[1:].partition(":")
        if h.isdigit() and m.isdigit() and int(m) < 60:
            off = dt.timedelta(hours=int(h), minutes=int(m))
            if off > dt.timedelta(hours=14):
                return None
            return off if name[0] == "+" else -off
    return None  # a named zone: the time zone tables are empty


def _convert_tz(env: Any, value: Any, src: Any, dst: Any) -> Any:
    """The value moved by the difference of the two offsets (as DATE_ADD ... SECOND)."""
    from harness.sql.item.builtins import date_add, interval_parts
    f, t = _tz_offset(value_to_string(src)), _tz_offset(value_to_string(dst))
    if f is None or t is None:
        return None
    parts = interval_parts(int((t - f).total_seconds()), "SECOND")
    if parts is None:
        return None
    return date_add(value, parts[0], parts[1], "SECOND", env)


CRYPT_FUNCTIONS: dict[str, Maker] = {
    "SHA2": _sha2,
    "SHA1": _nulls(lambda s: hashlib.sha1(_bytes(s)).hexdigest()),
    "SHA": _nulls(lambda s: hashlib.sha1(_bytes(s)).hexdigest()),
    "MD5": _nulls(lambda s: hashlib.md5(_bytes(s)).hexdigest()),
    "CRC32": _nulls(lambda s: zlib.crc32(_bytes(s))),
    "PASSWORD": _nulls(password_hash),
    "AES_ENCRYPT": _nulls(_aes_encrypt),
    "AES_DECRYPT": _nulls(_aes_decrypt),
    "TO_BASE64": _nulls(_to_base64),
    "FROM_BASE64": _nulls(_from_base64),
    "RANDOM_BYTES": _nulls(lambda n: os.urandom(max(0, min(int(value_to_string(n)), 1024)))),
    "INET_ATON": _nulls(inet_aton),
    "INET_NTOA": _nulls(inet_ntoa),
    "INET6_ATON": _nulls(inet6_aton),
    "INET6_NTOA": _nulls(inet6_ntoa),
    "IS_IPV4": _nulls(_is_ip(4)),
    "IS_IPV6": _nulls(_is_ip(6)),
    "CONVERT_TZ": _nulls(_convert_tz, True),
}

#: The address functions whose bad argument MySQL reports (item_inetfunc.cc): the kind of
#: value each expects, in ER_WRONG_VALUE_FOR_TYPE's ``Incorrect %s value``.
INET_WRONG_VALUE = {"INET_NTOA": "integer", "INET_ATON": "string", "INET6_ATON": "string", "INET6_NTOA": "string"}


def inet_wrong_value(fn: Fn, args: list[Fn], e: A.FuncCall, printed: Callable[[A.Expr], "str | None"]) -> Fn:
    """MySQL (SqlDialect.inet_wrong_value_warns): an argument the function cannot read as an
    address (INET_NTOA: a number outside 0..2^32-1) is NULL with Warning 1411 ``Incorrect
    string value: ''zz'' for function inet6_aton``, the argument as Item::print writes it
    (``-(1)``, ``(-(5) + 1)``, `` `db`.`t`.`c` ``, ``concat('z','z')``), at each evaluation
    (Item_func_inet_ntoa::val_str, Item_func_inet_str_base::val_str; 9.7.4 observed).
    MariaDB: NULL without a word."""
    kind, func = INET_WRONG_VALUE[e.name], e.name.lower()
    arg = _mysql_print(e.args[0], printed) if len(e.args) == 1 else None

    def call(env: Any) -> Any:
        r = fn(env)
        if r is not None or arg is None or not getattr(env.ctx.thd.server.flavor.sql, "inet_wrong_value_warns", False):
            return r
        v = args[0](env)
        if v is None or kind == "integer" and not isinstance(v, (int, Decimal, float)):
            return r  # a string is val_int's conversion (1292), not modelled here
        from harness.sql.sql_errors import Note
        env.ctx.notes.append(Note("Warning", 1411, f"Incorrect {kind} value: '{arg}' for function {func}"))
        return r
    return call


def _mysql_print(e: A.Expr, printed: Callable[[A.Expr], "str | None"]) -> str | None:
    """MySQL's Item::print of an address function's argument (the forms probed; None: unsure)."""
    if isinstance(e, A.Literal) and isinstance(e.value, (int, Decimal)) and not isinstance(e.value, bool) \
            and e.value < 0:
        return f"-({-e.value})"  # the parser's Item_func_neg of the number
    if isinstance(e, A.Literal) and isinstance(e.value, str):
        return "'" + e.value.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if isinstance(e, A.Unary) and e.op == "-":
        inner = _mysql_print(e.operand, printed)
        return None if inner is None else f"-({inner})"  # Item_func_neg::print
    if isinstance(e, A.Binary) and e.op in ("+", "-", "*", "/"):
        left, right = _mysql_print(e.left, printed), _mysql_print(e.right, printed)
        return None if left is None or right is None else f"({left} {e.op} {right})"
    if isinstance(e, A.FuncCall) and e.name not in ("CAST", "CONVERT"):
        inner_args = [_mysql_print(a, printed) for a in e.args]
        return None if any(a is None for a in inner_args) else f"{e.name.lower()}({','.join(inner_args)})"  # type: ignore[arg-type]
    return printed(e)


#: Unsafe for statement-based logging besides expr.UNSAFE_FUNCTIONS (observed Note 1592).
UNSAFE_CRYPT_FUNCTIONS = frozenset({"RANDOM_BYTES"})
