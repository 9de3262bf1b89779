"""Stream state shared by the codecs of one binlog stream.

Decoding a rows event needs the preceding Table_map; decoding anything needs
to know whether events carry a CRC32 footer and how long post-headers are.
That state lives here, owned by :class:`~harness.binlog.reader.BinlogReader`
(or the writer), so the per-event codecs stay stateless functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .constants import ChecksumAlg

if TYPE_CHECKING:
    from .fde import FormatDescriptionEvent
    from .rows import TableMapEvent


@dataclass
class StreamContext:
    fde: "FormatDescriptionEvent | None" = None
    checksum_alg: int = ChecksumAlg.CRC32
    table_maps: "dict[int, TableMapEvent]" = field(default_factory=dict)

    def post_header_len(self, type_code: int, default: int) -> int:
        """Post-header length announced by the FDE, ``default`` without one."""
        fde = self.fde
        if fde is None:
            return default
        phl = fde.post_header_lengths
        if 0 < type_code <= len(phl):
            return phl[type_code - 1]
        return default

    @property
    def has_checksum(self) -> bool:
        return self.checksum_alg == ChecksumAlg.CRC32
