"""Stop-gap MariaDB binlog reader for the pipeline, used only while
``harness.binlog.records`` (the real codec) is not importable.

It reads the common header of every event (so positions, sizes, types,
timestamps, server ids and raw bytes are exact) and the few bodies the GTID
layout and event diff need (Query, Gtid, Xid, Table_map, rows-event header,
Annotate_rows, Rotate, Binlog_checkpoint, Gtid_list, Format_desc), producing
records in the architecture's event-record schema with ``Info`` text shaped
like SHOW BINLOG EVENTS. Row images (``rows_json``) are not decoded. Delete
this module once the codec's ``records_from_files`` lands.
"""

from __future__ import annotations

from pathlib import Path

MAGIC = b"\xfebin"
NAMES = {
    1: "Start_v3", 2: "Query", 3: "Stop", 4: "Rotate", 5: "Intvar", 13: "RAND",
    14: "User var", 15: "Format_desc", 16: "Xid", 17: "Begin_load_query",
    18: "Execute_load_query", 19: "Table_map", 23: "Write_rows_v1", 24: "Update_rows_v1",
    25: "Delete_rows_v1", 26: "Incident", 27: "Heartbeat", 29: "Rows_query",
    30: "Write_rows", 31: "Update_rows", 32: "Delete_rows", 33: "Gtid", 34: "Anonymous_Gtid",
    35: "Previous_gtids", 160: "Annotate_rows", 161: "Binlog_checkpoint", 162: "Gtid",
    163: "Gtid_list", 164: "Start_encryption", 165: "Query_compressed",
    166: "Write_rows_compressed_v1", 167: "Update_rows_compressed_v1",
    168: "Delete_rows_compressed_v1", 169: "Write_rows_compressed",
    170: "Update_rows_compressed", 171: "Delete_rows_compressed",
}
ROWS = {23, 24, 25, 30, 31, 32}


class FallbackDecodeError(ValueError):
    pass


def _u(b: bytes, off: int, n: int) -> int:
    if off + n > len(b):
        raise FallbackDecodeError(f"truncated field at body offset {off}")
    return int.from_bytes(b[off:off + n], "little")


def _cstr(b: bytes) -> str:
    return b.split(b"\0", 1)[0].decode("utf-8", "replace")


def records_from_files(paths, *, case: str, format: str, side: str, run_id: str) -> list[dict]:
    out: list[dict] = []
    for path in sorted(Path(p) for p in paths):
        data = path.read_bytes()
        if data[:4] != MAGIC:
            raise FallbackDecodeError(f"{path.name}: not a binlog file (bad magic)")
        pos, checksum = 4, False
        while pos < len(data):
            if pos + 19 > len(data):
                raise FallbackDecodeError(f"{path.name}: truncated event header at {pos}")
            h = data[pos:pos + 19]
            size = _u(h, 9, 4)
            if size < 19 or pos + size > len(data):
                raise FallbackDecodeError(f"{path.name}: bad event size {size} at {pos}")
            ev = data[pos:pos + size]
            code = ev[4]
            if code == 15:
                # checksum algorithm byte sits before the 4-byte CRC at the end of the FDE
                checksum = size >= 19 + 57 + 5 and ev[-5] == 1
            body = ev[19:size - 4] if checksum else ev[19:]
            rec = {
                "run_id": run_id, "case": case, "format": format, "side": side,
                "file": path.name, "seq": len(out), "pos": pos, "end_pos": _u(h, 13, 4),
                "event_type": NAMES.get(code, f"Unknown_{code}"), "type_code": code,
                "server_id": _u(h, 5, 4), "timestamp": _u(h, 0, 4), "size": size,
                "header_flags": _u(h, 17, 2), "info": "", "raw": bytes(ev),
            }
            try:
                _body(rec, code, body, out)
            except FallbackDecodeError as exc:
                raise FallbackDecodeError(f"{path.name}: {rec['event_type']} at {pos}: {exc}") from exc
            out.append(rec)
            pos += size
    return out


def _body(rec: dict, code: int, b: bytes, prev: list[dict]) -> None:
    if code == 2:
        db_len, err, sv_len = b[8], _u(b, 9, 2), _u(b, 11, 2)
        off = 13 + sv_len
        db = b[off:off + db_len].decode("utf-8", "replace")
        q = b[off + db_len + 1:].decode("utf-8", "replace")
        rec.update(database=db or None, query=q, error_code=err,
                   # LOG_EVENT_SUPPRESS_USE_F (0x8) hides the "use" prefix
                   info=(f"use `{db}`; {q}" if db and not rec["header_flags"] & 8 else q))
    elif code == 162:
        seq, dom, flags = _u(b, 0, 8), _u(b, 8, 4), b[12]
        sid = rec["server_id"]
        rec.update(gtid_seq=seq, gtid_domain=dom, gtid_server=sid, gtid_flags=flags)
        info = ("GTID" if flags & 1 else "BEGIN GTID") + f" {dom}-{sid}-{seq}"
        if flags & 2:
            info += f" cid={_u(b, 13, 8)}"
        rec["info"] = info
    elif code == 16:
        rec["xid"] = _u(b, 0, 8)
        rec["info"] = f"COMMIT /* xid={rec['xid']} */"
    elif code == 19:
        tid = _u(b, 0, 6)
        dl = b[8]
        db = b[9:9 + dl].decode()
        tl = b[10 + dl]
        tb = b[11 + dl:11 + dl + tl].decode()
        rec.update(table_id=tid, table=f"{db}.{tb}", info=f"table_id: {tid} ({db}.{tb})")
    elif code in ROWS:
        tid, flags = _u(b, 0, 6), _u(b, 6, 2)
        rec.update(table_id=tid, rows_flags=flags,
                   info=f"table_id: {tid}" + (" flags: STMT_END_F" if flags & 1 else ""))
        for p in reversed(prev):
            if p["type_code"] == 19 and p.get("table_id") == tid:
                rec["table"] = p["table"]
                break
    elif code == 160:
        rec["query"] = rec["info"] = b.decode("utf-8", "replace")
    elif code == 4:
        rec["info"] = f"{_cstr(b[8:])};pos={_u(b, 0, 8)}"
    elif code == 161:
        n = _u(b, 0, 4)
        rec["info"] = b[4:4 + n].decode("utf-8", "replace")
    elif code == 163:
        n = _u(b, 0, 4) & 0x0FFFFFFF
        items = [f"{_u(b, 4 + 16 * i, 4)}-{_u(b, 8 + 16 * i, 4)}-{_u(b, 12 + 16 * i, 8)}"
                 for i in range(n)]
        rec["info"] = "[" + ",".join(items) + "]"
    elif code == 15:
        rec["info"] = f"Server ver: {_cstr(b[2:52])}, Binlog ver: {_u(b, 0, 2)}"
