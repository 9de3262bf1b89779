"""Decoder benchmark: replbed's decoder vs ``mariadb-binlog`` on the same ~1M-event binlog.

    python benchmarks/decoder_bench.py [--events 1000000] [--repeat 3] [--regenerate]

What it does, in one run:

1. **Generate** (first run only; cached in ``.cache/decoder_bench/``): starts a
   throwaway ``mariadbd`` with :class:`harness.providers.local.LocalMariaDBProvider`
   and drives server-side stored procedures (no client round trip per
   statement) until the binary log holds at least ``--events`` events:

   * ROW format, autocommit multi-row INSERTs into an InnoDB table
     (INT / VARCHAR / DECIMAL / DATETIME(3) columns);
   * ROW format, explicit transactions: two single-row UPDATEs (full before
     and after images), an INSERT on InnoDB plus an INSERT into a MyISAM
     audit table (mixed-engine transaction);
   * ROW format, MyISAM autocommit UPDATEs (groups ending in ``COMMIT``);
   * ROW format, multi-row DELETEs and bulk ``INSERT … SELECT … FROM
     seq_1_to_N`` / range UPDATEs (rows events cut at 8 KiB);
   * STATEMENT format, the same procedures (Query events with ``NAME_CONST``).

   ``--max-binlog-size=16M`` spreads the log over several files so that the
   Spark benchmark (``benchmarks/spark_decode_bench.py``) can reuse them. The
   files are copied after a clean shutdown, so none is marked in use.

2. **Time both tools on the same files**, ``--repeat`` times each,
   interleaved, and report the best (and median) wall time:

   * ``mariadb-binlog --base64-output=decode-rows -vv FILES > /dev/null``
     (one process over all files; its output goes to /dev/null);
   * replbed's decoder, in this process, single threaded:
     ``for ev in BinlogReader(path): ...`` over every file -- read the file,
     check every event's CRC-32, decode every event into its dataclass
     including every row value of every rows event (ints, ``Decimal``,
     ``MyDateTime``, bytes), and count the rows. Nothing is rendered
     (no Info text, no JSON records), and nothing is skipped.

   Events/s = events in the files / wall seconds; ratio = replbed / mariadb-binlog
   (> 1.0 means replbed is faster). The ratio of the medians and of the CPU
   times are printed too: on a shared machine wall times are noisy.

   The reader's fast path (``harness/binlog/fast.py``) is what is timed;
   ``--verify`` first checks, event by event, that it decodes these files
   exactly like the reference path ``decode_event`` (``BinlogReader(fast=False)``).

With ``--records`` it also times ``harness.binlog.records.event_records``
(decode + Info text + rows_json + raw bytes: what ``replbed decode --format
json`` and the pipeline's decode step do) for information.
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CACHE = ROOT / ".cache" / "decoder_bench"
GEN_VERSION = 1  # bump when the workload changes; invalidates the cache

SCHEMA = [
    "CREATE DATABASE bench",
    "USE bench",
    """CREATE TABLE acct (id INT PRIMARY KEY, owner VARCHAR(40) NOT NULL,
         balance DECIMAL(14,2) NOT NULL, updated DATETIME, note VARCHAR(120)) ENGINE=InnoDB""",
    """CREATE TABLE orders (id INT AUTO_INCREMENT PRIMARY KEY, acct_id INT NOT NULL,
         qty INT, price DECIMAL(10,2), status VARCHAR(16), created DATETIME(3)) ENGINE=InnoDB""",
    """CREATE TABLE audit (id INT AUTO_INCREMENT PRIMARY KEY, acct_id INT,
         delta DECIMAL(14,2), at DATETIME, msg VARCHAR(200)) ENGINE=MyISAM""",
    """CREATE TABLE stats (k INT PRIMARY KEY, hits INT NOT NULL, total DECIMAL(18,4),
         last DATETIME) ENGINE=MyISAM""",
    """INSERT INTO acct SELECT seq, CONCAT('owner-', seq), 1000.00 + seq, '2024-01-01 00:00:00',
         IF(seq % 3 = 0, NULL, CONCAT('note for account ', seq)) FROM seq_1_to_1000""",
    "INSERT INTO stats SELECT seq, 0, 0, NULL FROM seq_0_to_99",
    # autocommit 3-row inserts
    """CREATE PROCEDURE p_orders(n INT, b INT) BEGIN DECLARE i INT DEFAULT 0;
         WHILE i < n DO
           INSERT INTO orders (acct_id, qty, price, status, created) VALUES
             ((b + i) % 1000 + 1, i % 7 + 1, (i % 5000) / 100 + 0.99, 'new',
              TIMESTAMP('2024-03-01 12:00:00') + INTERVAL (b + i) SECOND),
             ((b + i * 7) % 1000 + 1, 1, 19.99, 'new', NOW(3)),
             ((b + i * 13) % 1000 + 1, NULL, NULL, CONCAT('n', i % 10), NULL);
           SET i = i + 1; END WHILE; END""",
    # explicit InnoDB transactions with a MyISAM write inside
    """CREATE PROCEDURE p_txn(n INT, b INT) BEGIN DECLARE i INT DEFAULT 0;
         DECLARE x INT; DECLARE y INT;
         WHILE i < n DO
           SET x = (b + i) % 1000 + 1, y = (b + i * 31) % 1000 + 1;
           START TRANSACTION;
           UPDATE acct SET balance = balance - 1.25, updated = NOW() WHERE id = x;
           UPDATE acct SET balance = balance + 1.25, updated = NOW(),
                           note = CONCAT('transfer from ', x) WHERE id = y;
           INSERT INTO orders (acct_id, qty, price, status, created)
             VALUES (x, 1, 1.25, 'transfer', NOW(3));
           INSERT INTO audit (acct_id, delta, at, msg)
             VALUES (x, -1.25, NOW(), CONCAT('transfer ', x, ' -> ', y));
           COMMIT;
           SET i = i + 1; END WHILE; END""",
    # MyISAM autocommit updates
    """CREATE PROCEDURE p_stats(n INT, b INT) BEGIN DECLARE i INT DEFAULT 0;
         WHILE i < n DO
           UPDATE stats SET hits = hits + 1, total = total + (i % 1000) / 7, last = NOW()
             WHERE k = (b + i) % 100;
           SET i = i + 1; END WHILE; END""",
    # multi-row deletes of old orders
    """CREATE PROCEDURE p_purge(n INT) BEGIN DECLARE i INT DEFAULT 0; DECLARE m INT;
         WHILE i < n DO
           SELECT MIN(id) INTO m FROM orders;
           DELETE FROM orders WHERE id BETWEEN m AND m + 9;
           SET i = i + 1; END WHILE; END""",
]

# (format, statement) steps of one round; the procedures do the volume.
ROUND = [
    ("ROW", "CALL p_orders(4000, {b})"),
    ("ROW", "CALL p_txn(1500, {b})"),
    ("ROW", "CALL p_stats(2000, {b})"),
    ("ROW", "CALL p_purge(300)"),
    ("ROW", """INSERT INTO orders (acct_id, qty, price, status, created)
               SELECT seq % 1000 + 1, seq % 9, seq / 100, 'bulk',
                      TIMESTAMP('2024-06-01') + INTERVAL seq MINUTE FROM seq_1_to_5000"""),
    ("ROW", "UPDATE orders SET status = 'shipped' WHERE status = 'bulk' LIMIT 3000"),
    ("ROW", "DELETE FROM audit WHERE id % 5 = 0 LIMIT 1000"),
    ("STATEMENT", "CALL p_orders(1500, {b})"),
    ("STATEMENT", "CALL p_txn(500, {b})"),
    ("STATEMENT", "CALL p_stats(1000, {b})"),
]

_HDR = struct.Struct("<IBIIIH")


def count_events(path: Path) -> int:
    """Events in a binlog file by walking the size chain (no decoding)."""
    data = path.read_bytes()
    pos, n, end = 4, 0, len(data)
    unpack = _HDR.unpack_from
    while pos + 19 <= end:
        size = unpack(data, pos)[3]
        if size < 19:
            raise ValueError(f"{path}: bad event size {size} at {pos}")
        pos += size
        n += 1
    return n


def _binlog_names(binlog_dir: Path) -> list[str]:
    index = binlog_dir / "binlog.index"
    return [Path(line.strip()).name for line in index.read_text().splitlines() if line.strip()]


def generate(target_events: int, out_dir: Path, progress=print) -> list[Path]:
    from harness.providers.base import ServerSettings
    from harness.providers.local import LocalMariaDBProvider

    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("binlog.*"):
        old.unlink()
    work = Path(tempfile.mkdtemp(prefix="decoder-bench-", dir=out_dir.parent))
    settings = ServerSettings(extra_options=("--max-binlog-size=16777216",),
                              start_timeout=120, stop_timeout=120)
    t0 = time.monotonic()
    handle = LocalMariaDBProvider().start(settings, work)
    try:
        conn = handle.connect(connection_timeout=600, read_timeout=3600)
        cur = conn.cursor()
        cur.execute("SET SESSION binlog_format = 'ROW'")
        for sql in SCHEMA:
            cur.execute(sql)
        counted: dict[str, int] = {}
        total = 0
        rnd = 0
        while total < target_events:
            for fmt, sql in ROUND:
                cur.execute(f"SET SESSION binlog_format = '{fmt}'")
                cur.execute(sql.format(b=rnd * 7919))
                while cur.nextset() if hasattr(cur, "nextset") else False:
                    pass
            rnd += 1
            # rotated files are counted once, the open one again after every round
            names = _binlog_names(handle.binlog_dir)
            total = 0
            for i, name in enumerate(names):
                if name in counted:
                    total += counted[name]
                    continue
                n = count_events(handle.binlog_dir / name)
                if i < len(names) - 1:
                    counted[name] = n  # rotated away: final
                total += n
            progress(f"[generate] round {rnd}: {total} events in {len(names)} files, "
                     f"{time.monotonic() - t0:.0f}s")
        conn.close()
    finally:
        handle.stop()
    names = _binlog_names(handle.binlog_dir)
    paths = []
    for name in names:
        dst = out_dir / name
        shutil.copyfile(handle.binlog_dir / name, dst)
        paths.append(dst)
    shutil.rmtree(work, ignore_errors=True)
    meta = {"version": GEN_VERSION, "target_events": target_events,
            "files": [p.name for p in paths], "events": sum(count_events(p) for p in paths),
            "bytes": sum(p.stat().st_size for p in paths),
            "generate_seconds": round(time.monotonic() - t0, 1)}
    (out_dir / "meta.json").write_text(json.dumps(meta, indent=1) + "\n")
    progress(f"[generate] {meta['events']} events, {meta['bytes']} bytes, "
             f"{len(paths)} files in {meta['generate_seconds']}s -> {out_dir}")
    return paths


def cached_binlogs(target_events: int = 1_000_000, regenerate: bool = False,
                   progress=print) -> list[Path]:
    """The benchmark binlog files, generated on first use."""
    out_dir = CACHE / f"v{GEN_VERSION}-{target_events}"
    meta_path = out_dir / "meta.json"
    if not regenerate and meta_path.exists():
        meta = json.loads(meta_path.read_text())
        paths = [out_dir / n for n in meta["files"]]
        if meta.get("version") == GEN_VERSION and all(p.exists() for p in paths):
            return paths
    return generate(target_events, out_dir, progress)


# -- the two tools ------------------------------------------------------------------


def replbed_decode(paths: list[Path]) -> tuple[int, int]:
    """Full decode of every event (CRC checked, row values materialised); (events, rows)."""
    from harness.binlog.reader import BinlogReader
    from harness.binlog.rows import RowsEvent

    n_events = 0
    n_rows = 0
    for p in paths:
        for ev in BinlogReader(p):
            n_events += 1
            if isinstance(ev, RowsEvent):
                rows = ev.rows
                if rows is None:
                    raise RuntimeError(f"{p}: rows event left undecoded")
                n_rows += len(rows)
    return n_events, n_rows


def verify_fast_path(paths: list[Path]) -> None:
    """Every event of the fast path equals decode_event's (``BinlogReader(fast=False)``)."""
    from harness.binlog.reader import BinlogReader

    for p in paths:
        n = 0
        for a, b in zip(BinlogReader(p).entries(), BinlogReader(p, fast=False).entries(),
                        strict=True):
            if (a.pos, a.raw, a.event) != (b.pos, b.raw, b.event):
                raise SystemExit(f"{p}: fast path differs from decode_event at {a.pos}")
            n += 1
        print(f"  verified {p.name}: {n} events identical to decode_event")


def replbed_records(paths: list[Path]) -> int:
    from harness.binlog.records import event_records

    return sum(len(event_records(p)) for p in paths)


def mariadb_binlog_cmd(paths: list[Path]) -> list[str]:
    return ["mariadb-binlog", "--base64-output=decode-rows", "-vv", *map(str, paths)]


def time_mariadb_binlog(paths: list[Path]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(mariadb_binlog_cmd(paths), stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def time_replbed(paths: list[Path]) -> tuple[float, float, int, int]:
    gc.collect()
    c0 = time.process_time()
    t0 = time.perf_counter()
    n, rows = replbed_decode(paths)
    return time.perf_counter() - t0, time.process_time() - c0, n, rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=1_000_000,
                    help="minimum number of events to generate (default 1000000)")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per tool (best is reported)")
    ap.add_argument("--regenerate", action="store_true", help="ignore the cached binlog")
    ap.add_argument("--records", action="store_true",
                    help="also time event_records (decode + Info + rows_json), for information")
    ap.add_argument("--verify", action="store_true",
                    help="first check that the reader's fast path decodes every event of the "
                         "files exactly like decode_event (slow: ~25 s per million events)")
    ap.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    args = ap.parse_args(argv)

    if shutil.which("mariadb-binlog") is None:
        print("mariadb-binlog not found (apt-get install mariadb-client)", file=sys.stderr)
        return 2
    paths = cached_binlogs(args.events, args.regenerate)
    n_events = sum(count_events(p) for p in paths)
    n_bytes = sum(p.stat().st_size for p in paths)
    print(f"binlog: {len(paths)} files in {paths[0].parent}, {n_bytes / 1e6:.1f} MB, "
          f"{n_events} events")
    print(f"mariadb-binlog: {' '.join(mariadb_binlog_cmd([Path('<files>')]))} > /dev/null")
    print("replbed: for ev in BinlogReader(path) -- CRC check + full decode incl. row values, "
          "1 process")

    if args.verify:
        verify_fast_path(paths)
    mb_wall, mb_cpu, rb_wall, rb_cpu = [], [], [], []
    rows = 0
    for i in range(args.repeat):
        w, c = time_mariadb_binlog(paths)
        mb_wall.append(w)
        mb_cpu.append(c)
        w, c, n, rows = time_replbed(paths)
        if n != n_events:
            raise SystemExit(f"replbed decoded {n} events, the files hold {n_events}")
        rb_wall.append(w)
        rb_cpu.append(c)
        print(f"  run {i + 1}: mariadb-binlog {mb_wall[-1]:.2f}s  replbed {rb_wall[-1]:.2f}s")

    mb_best, rb_best = min(mb_wall), min(rb_wall)
    mb_eps, rb_eps = n_events / mb_best, n_events / rb_best
    result = {
        "files": len(paths), "bytes": n_bytes, "events": n_events, "rows": rows,
        "mariadb_binlog": {"best_s": mb_best, "median_s": statistics.median(mb_wall),
                           "cpu_s": min(mb_cpu), "events_per_s": mb_eps},
        "replbed": {"best_s": rb_best, "median_s": statistics.median(rb_wall),
                    "cpu_s": min(rb_cpu), "events_per_s": rb_eps},
        "ratio": rb_eps / mb_eps,
        "ratio_median": statistics.median(mb_wall) / statistics.median(rb_wall),
        "ratio_cpu": min(mb_cpu) / min(rb_cpu),
        "python": sys.version.split()[0],
    }
    print(f"mariadb-binlog: {mb_eps:,.0f} events/s (best {mb_best:.2f}s, "
          f"median {statistics.median(mb_wall):.2f}s, cpu {min(mb_cpu):.2f}s)")
    print(f"replbed:        {rb_eps:,.0f} events/s (best {rb_best:.2f}s, "
          f"median {statistics.median(rb_wall):.2f}s, cpu {min(rb_cpu):.2f}s), {rows} rows")
    print(f"ratio (replbed / mariadb-binlog, events/s): {result['ratio']:.2f} "
          f"(medians: {result['ratio_median']:.2f}; CPU time: {result['ratio_cpu']:.2f})")
    if args.records:
        t0 = time.perf_counter()
        nrec = replbed_records(paths)
        wall = time.perf_counter() - t0
        result["replbed_records"] = {"s": wall, "events_per_s": nrec / wall}
        print(f"replbed event_records (decode + Info + rows_json + raw): "
              f"{nrec / wall:,.0f} events/s ({wall:.2f}s)")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
