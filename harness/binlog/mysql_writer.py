"""Writer configuration for MySQL 8.0-shaped binlog files.

File start as MySQL 8.0 writes it (WL#7592 FR2, whatever GTID_MODE):
``\\xfebin`` + Format_description (8.0 post-header table, IN_USE flag while
open) + Previous_gtids (the GTID set of all earlier files; empty set -> 31
bytes). With 8.0.28+ and CRC32 the first event group starts at offset 157.
There is no Gtid_list / Binlog_checkpoint (MariaDB only).
"""

from __future__ import annotations

import os
from typing import Iterable

from .constants import ChecksumAlg, HeaderFlag
from .header import Event
from .mysql_fde import MYSQL_8_0_SERVER_VERSION, new_mysql_format_description_event
from .mysql_gtid import MysqlGtidEvent, SidIntervals, new_previous_gtids_event, set_transaction_length
from .writer import BinlogFileWriter

from .codec import encode_event


class MysqlBinlogFileWriter(BinlogFileWriter):
    """A :class:`BinlogFileWriter` whose header sequence is MySQL 8.0's."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        server_id: int = 1,
        checksum_alg: int = ChecksumAlg.CRC32,
        server_version: str = MYSQL_8_0_SERVER_VERSION,
        fsync: bool = False,
    ) -> None:
        super().__init__(path, server_id=server_id, checksum_alg=checksum_alg,
                         server_version=server_version, fsync=fsync)

    def write_header_events(  # type: ignore[override]
        self,
        *,
        timestamp: int,
        previous_gtids: str | list[SidIntervals] = "",
        create_timestamp: int | None = None,
        in_use: bool = True,
    ) -> None:
        """Format_description + Previous_gtids.

        ``previous_gtids``: gtid_executed at the moment this file was opened
        (e.g. ``"3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5"``; empty with
        GTID_MODE=OFF). ``create_timestamp``: pass 0 for files opened by a
        rotation (FLUSH LOGS), default = event timestamp (first file after start).
        """
        fde = new_mysql_format_description_event(
            timestamp=timestamp, server_id=self.server_id, server_version=self.server_version,
            checksum_alg=self.ctx.checksum_alg, create_timestamp=create_timestamp,
            flags=HeaderFlag.BINLOG_IN_USE if in_use else 0,
        )
        self.write_event(fde)
        self.write_event(new_previous_gtids_event(previous_gtids, timestamp=timestamp,
                                                  server_id=self.server_id))

    def write_transaction(self, events: Iterable[Event]) -> list[int]:
        """Write a group whose first event is a Gtid/Anonymous_gtid, filling
        that event's ``transaction_length`` (bytes of the whole group)."""
        evs = list(events)
        if evs and isinstance(evs[0], MysqlGtidEvent):
            from .context import StreamContext
            probe = StreamContext(checksum_alg=self.ctx.checksum_alg, fde=self.ctx.fde,
                                  table_maps=dict(self.ctx.table_maps))
            rest = sum(len(encode_event(e, probe)) for e in evs[1:])
            set_transaction_length(evs[0], rest, checksum=self.ctx.has_checksum)
        return self.write_group(evs)
