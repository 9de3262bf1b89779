"""Compressed columns: ``VARCHAR / VARBINARY / TEXT / BLOB ... COMPRESSED`` (sql/field_comp.cc).

The value a statement sees is the plain one; what the table stores, and so what a rows
event carries, is the compressed form (``Field_longstr::compress`` -> ``compress_zlib``):

* an empty value: no bytes at all;
* a value shorter than ``column_compression_threshold`` (100), or one that deflate does
  not make shorter: a 0x00 header byte, then the value;
* else a header byte ``0x80 + n + 8`` (n: the bytes of the original length; 8: raw
  deflate, ``column_compression_zlib_wrap`` OFF), the original length big-endian in n
  bytes, then raw deflate at ``column_compression_zlib_level`` 6, memLevel 8, the default
  strategy -- kept only when it fits in length - n - 1 bytes.

In a Table_map the column is ``MYSQL_TYPE_VARCHAR_COMPRESSED`` (141) with the maximum
length plus the header byte, or ``MYSQL_TYPE_BLOB_COMPRESSED`` (140) with the pack
length. Those four variables at other values are refused (sysvar_profile): the model
compresses as the defaults do.
"""

from __future__ import annotations

import zlib
from typing import Any, Callable

from harness.sql.item.column_types import BinaryType, ColumnType, StringType, _codec_value

T_BLOB_COMPRESSED = 140
T_VARCHAR_COMPRESSED = 141
THRESHOLD = 100
ZLIB_LEVEL = 6


def compress_value(data: bytes) -> bytes:
    """The stored (and logged) bytes of ``data`` in a compressed column."""
    n = len(data)
    if n == 0:
        return b""
    if n >= THRESHOLD:
        pack = 1 if n < 1 << 8 else 2 if n < 1 << 16 else 3 if n < 1 << 24 else 4
        c = zlib.compressobj(ZLIB_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS, 8, zlib.Z_DEFAULT_STRATEGY)
        out = c.compress(data) + c.flush()
        if len(out) <= n - pack - 1:
            return bytes([0x80 + pack + 8]) + n.to_bytes(pack, "big") + out
    return b"\x00" + data


class CompressedString(StringType):
    compressed = True

    def binlog_metadata(self) -> int:
        return super().binlog_metadata() + (0 if self.is_blob else 1)

    def codec_value(self) -> Callable[[Any], Any]:
        base = _codec_value(self)
        return lambda v: compress_value(base(v))


class CompressedBinary(BinaryType):
    compressed = True

    def binlog_metadata(self) -> int:
        return super().binlog_metadata() + (0 if self.is_blob else 1)

    def codec_value(self) -> Callable[[Any], Any]:
        return compress_value


def compressed(t: ColumnType) -> ColumnType:
    """The compressed variant of a VARCHAR/VARBINARY/TEXT/BLOB column type."""
    cls: type[ColumnType] = CompressedString if isinstance(t, StringType) else CompressedBinary
    out = cls.__new__(cls)
    out.__dict__.update(t.__dict__)
    out.binlog_type = T_BLOB_COMPRESSED if t.is_blob else T_VARCHAR_COMPRESSED
    return out


def is_compressed(t: ColumnType) -> bool:
    return bool(getattr(t, "compressed", False))
