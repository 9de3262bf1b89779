"""The transport frame's length encoding (seed 003, "Length encoding").

A length of 2..255 is one byte holding the length. A larger length is a
prefix byte ``L`` followed by ``1 << (L + 1)`` bytes of the length,
little-endian, zero-padded: ``L = 0`` → 2 bytes, ``L = 1`` → 4 bytes. The
decoder tells the two apart by the first byte: ``> 1`` is a length, ``0``/``1``
a prefix -- which is why a length is never 0 or 1 (a message is never that
short).

The seed's vectors, read this way::

    2A             -> 42      one byte
    00 FF 02       -> 767     L=0: 2 bytes, 0x02FF
    01 FF 01 01 00 -> 66047   L=1: 4 bytes, 0x000101FF (3 significant, padded to 4)

The seed's ``length_decode`` only knows ``*buf > 1`` as a direct length, so
``L = 2`` (8 bytes) would read as the length 2: with that decoder the
largest encodable length is 2**32 - 1 (the "4 GiB" of the text), and
:func:`encode_length` refuses anything larger rather than emit bytes the
seed's decoder misreads.
"""

from __future__ import annotations

MIN_LENGTH = 2
MAX_LENGTH = (1 << 32) - 1


class LengthError(ValueError):
    """A length that cannot be encoded, or bytes that do not hold one."""

    def __init__(self, reason: str, offset: int | None = None) -> None:
        self.reason = reason
        self.offset = offset
        super().__init__(reason if offset is None else f"{reason} (at offset {offset})")


def encode_length(length: int) -> bytes:
    """The seed's ``length_encode``: shortest form, 1, 3 or 5 bytes."""
    if not isinstance(length, int) or length < MIN_LENGTH:
        raise LengthError(f"length must be an int >= {MIN_LENGTH}, got {length!r}")
    if length < 256:
        return bytes((length,))
    if length > MAX_LENGTH:
        raise LengthError(f"length {length} exceeds {MAX_LENGTH} (the seed's decoder "
                          "reads at most a 4-byte length)")
    nbytes = (length.bit_length() + 7) // 8  # 2..4
    log2m1, width = (0, 2) if nbytes <= 2 else (1, 4)
    return bytes((log2m1,)) + length.to_bytes(width, "little")


def decode_length(buf: bytes | bytearray | memoryview, pos: int = 0, *,
                  base: int = 0) -> tuple[int, int]:
    """The seed's ``length_decode``: ``(length, position after it)``.

    ``base`` is added to positions in errors (offset in the whole stream).
    Non-shortest forms (e.g. ``00 2A 00``) decode like the seed's decoder
    decodes them.
    """
    if pos >= len(buf):
        raise LengthError("truncated length: no bytes left", base + pos)
    first = buf[pos]
    if first > 1:
        return first, pos + 1
    width = 1 << (first + 1)
    end = pos + 1 + width
    if end > len(buf):
        raise LengthError(f"truncated length: prefix {first} needs {width} bytes, "
                          f"{len(buf) - pos - 1} left", base + pos)
    return int.from_bytes(bytes(buf[pos + 1:end]), "little"), end
