"""MySQL/MariaDB binary DECIMAL (``decimal2bin``/``bin2decimal``).

Used by NEWDECIMAL row values and DECIMAL user variables. Digits are packed in
groups of nine per 4 bytes, big-endian, with the sign folded into the top bit
(and all bits inverted for negatives), so the encoding sorts bytewise; we work
on one Python int for the whole field instead of looping over bytes.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from .bytes_io import ByteReader, ByteWriter
from .codec_errors import EncodeError

DIG2BYTES = (0, 1, 1, 2, 2, 3, 3, 4, 4, 4)
_POW10 = [10**i for i in range(67)]


def decimal_bin_size(precision: int, scale: int) -> int:
    intg = precision - scale
    return (intg // 9) * 4 + DIG2BYTES[intg % 9] + (scale // 9) * 4 + DIG2BYTES[scale % 9]


def decode_decimal(r: ByteReader, precision: int, scale: int) -> Decimal:
    if scale > precision:
        raise r.error(f"decimal scale {scale} > precision {precision}")
    size = decimal_bin_size(precision, scale)
    start = r.pos
    raw = r.bytes(size)
    if size == 0:
        return Decimal(0)
    n = int.from_bytes(raw, "big")
    top = 1 << (8 * size - 1)
    negative = not (n & top)
    n ^= top
    if negative:
        n ^= (1 << (8 * size)) - 1
    b = n.to_bytes(size, "big")
    intg = precision - scale
    intg0, intg0x = divmod(intg, 9)
    frac0, frac0x = divmod(scale, 9)
    p = 0
    parts: list[str] = []
    if intg0x:
        k = DIG2BYTES[intg0x]
        v = int.from_bytes(b[p : p + k], "big")
        if v >= _POW10[intg0x]:
            raise r.error("invalid decimal digits", start)
        parts.append(str(v))
        p += k
    for _ in range(intg0):
        v = int.from_bytes(b[p : p + 4], "big")
        if v >= 1_000_000_000:
            raise r.error("invalid decimal digits", start)
        parts.append(f"{v:09d}")
        p += 4
    int_str = "".join(parts) or "0"
    fparts: list[str] = []
    for _ in range(frac0):
        v = int.from_bytes(b[p : p + 4], "big")
        if v >= 1_000_000_000:
            raise r.error("invalid decimal digits", start)
        fparts.append(f"{v:09d}")
        p += 4
    if frac0x:
        k = DIG2BYTES[frac0x]
        v = int.from_bytes(b[p : p + k], "big")
        if v >= _POW10[frac0x]:
            raise r.error("invalid decimal digits", start)
        fparts.append(f"{v:0{frac0x}d}")
    s = ("-" if negative else "") + int_str
    if scale:
        s += "." + "".join(fparts)
    return Decimal(s)


def encode_decimal(w: ByteWriter, value: Decimal, precision: int, scale: int) -> None:
    w.write(decimal_to_bin(value, precision, scale))


def decimal_to_bin(value: Decimal, precision: int, scale: int) -> bytes:
    if scale > precision or precision > 65:
        raise EncodeError(f"bad decimal precision/scale {precision}/{scale}")
    size = decimal_bin_size(precision, scale)
    try:
        t = Decimal(value).as_tuple()
    except (InvalidOperation, TypeError, ValueError) as e:
        raise EncodeError(f"bad decimal {value!r}") from e
    if not isinstance(t.exponent, int):
        raise EncodeError(f"decimal {value} is not finite")
    negative = bool(t.sign)
    digits = int("".join(map(str, t.digits)) or "0")
    shift = t.exponent + scale
    if shift >= 0:
        mag = digits * 10**shift
    else:
        mag, dropped = divmod(digits, 10**-shift)
        if dropped:
            raise EncodeError(f"{value} has more than {scale} fractional digits")
    intg = precision - scale
    int_part, frac_part = divmod(mag, _POW10[scale])
    if int_part >= _POW10[intg]:
        raise EncodeError(f"{value} does not fit DECIMAL({precision},{scale})")
    intg0, intg0x = divmod(intg, 9)
    frac0, frac0x = divmod(scale, 9)
    n = 0
    # integer part: leading partial group then full groups, most significant first
    groups_int = []
    rest = int_part
    for _ in range(intg0):
        rest, g = divmod(rest, 1_000_000_000)
        groups_int.append(g)
    lead = rest
    if intg0x:
        n = lead
    for g in reversed(groups_int):
        n = (n << 32) | g
    # fraction: full groups then trailing partial group
    fdigits = f"{frac_part:0{scale}d}" if scale else ""
    for i in range(frac0):
        n = (n << 32) | int(fdigits[i * 9 : i * 9 + 9])
    if frac0x:
        n = (n << (8 * DIG2BYTES[frac0x])) | int(fdigits[frac0 * 9 :])
    if size == 0:
        return b""
    if negative:
        n ^= (1 << (8 * size)) - 1
    n ^= 1 << (8 * size - 1)
    return n.to_bytes(size, "big")
