"""Decoder fuzz benchmark: >= 1,000,000 mutated binlogs through replbed's decoder.

    python benchmarks/decoder_fuzz.py [--inputs 1000000] [--seed 12] [--hang 1.0]
                                      [--trace-every 10] [--json FILE]

Seeds and mutations are those of the CI fuzz test (``tests/binlog/_fuzz_corpus.py``):
golden MariaDB 10.11 binlogs, MySQL 8.0 streams, and binlogs replbed writes in
both flavours (rows v1 and v2) for a table of every column type the writer
emits. Each input is decoded as ``replbed decode`` would (fast path and
reference path, CRC verification on or off, Info text of every event) under a
watchdog of ``--hang`` seconds of CPU time (a loaded machine that starves the
process is not a hang; a decoder that loops burns CPU).

Reported: inputs, results (ok / DecodeError), **crashes** (any exception other
than DecodeError), **hangs** (over ``--hang`` seconds), the slowest input, the
peak memory one decode allocated (tracemalloc, every ``--trace-every``-th input;
also as a multiple of the input size) and the process's maximum RSS. Crashing
and hanging inputs are written to ``--out`` (hex) for a regression test.
Exit status 1 when there was a crash or a hang. SIGTERM / Ctrl-C end the run
early and still print the figures for the inputs that ran.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "binlog")]

import _fuzz_corpus as corpus  # noqa: E402  (tests/binlog on the path first)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--inputs", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--hang", type=float, default=1.0, help="CPU seconds before an input counts as a hang")
    ap.add_argument("--trace-every", type=int, default=10, help="trace memory of every N-th input")
    ap.add_argument("--out", type=Path, default=ROOT / ".cache" / "decoder_fuzz")
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        seeds = corpus.seeds(Path(tmp))
    rng = random.Random(args.seed)
    counts = {"ok": 0, "decode-error": 0, "crash": 0, "hang": 0}
    slowest = (0.0, -1)
    peak = (0, 0, -1)  # bytes, input size, index
    peak_ratio = 0.0
    traced = done = total_bytes = 0
    t0 = time.monotonic()
    cpu0 = time.process_time()
    args.out.mkdir(parents=True, exist_ok=True)

    def _stop(signum, frame):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _stop)
    try:
        for i in range(args.inputs):
            data = corpus.mutate(rng, rng.choice(seeds), seeds)
            trace = args.trace_every > 0 and i % args.trace_every == 0
            o = corpus.run_one(data, verify=rng.random() < 0.5, seconds=args.hang, trace=trace)
            done += 1
            total_bytes += len(data)
            counts[o.result] += 1
            if o.seconds > slowest[0]:
                slowest = (o.seconds, i)
            if trace:
                traced += 1
                if o.peak_bytes > peak[0]:
                    peak = (o.peak_bytes, len(data), i)
                peak_ratio = max(peak_ratio, o.peak_bytes / max(1, len(data)))
            if o.result in ("crash", "hang"):
                f = args.out / f"{o.result}-{args.seed}-{i}.hex"
                f.write_text(data.hex() + "\n")
                print(f"{o.result} at input {i}: {o.error!r} -> {f}", flush=True)
            if done % 25_000 == 0:
                print(f"[{done:,} inputs, {time.monotonic() - t0:.0f}s wall, "
                      f"{time.process_time() - cpu0:.0f}s CPU] {counts}", flush=True)
    except KeyboardInterrupt:
        print(f"stopped after {done:,} of {args.inputs:,} inputs", flush=True)
    wall = time.monotonic() - t0
    cpu = time.process_time() - cpu0
    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    fig = {
        "inputs": done, "inputs_asked": args.inputs, "seed": args.seed, "seeds": len(seeds),
        "input_bytes_mean": round(total_bytes / max(1, done)),
        "ok": counts["ok"], "decode_errors": counts["decode-error"],
        "crashes": counts["crash"], "hangs_over_cpu_s": args.hang, "hangs": counts["hang"],
        "slowest_input_wall_s": round(slowest[0], 4), "slowest_input": slowest[1],
        "traced_inputs": traced, "peak_decode_bytes": peak[0], "peak_decode_input_size": peak[1],
        "peak_decode_bytes_per_input_byte": round(peak_ratio, 1),
        "max_rss_mib": round(rss_kib / 1024, 1), "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
        "inputs_per_cpu_s": round(done / max(cpu, 1e-9)),
    }
    print(f"inputs: {done:,} of {args.inputs:,} ({len(seeds)} seeds, mean {fig['input_bytes_mean']} bytes, "
          f"seed {args.seed}) in {wall:.0f}s wall, {cpu:.0f}s CPU ({fig['inputs_per_cpu_s']:,}/CPU s)")
    print(f"results: {counts['ok']:,} decoded, {counts['decode-error']:,} DecodeError")
    print(f"crashes (non-DecodeError exceptions): {counts['crash']}")
    print(f"hangs (over {args.hang}s CPU): {counts['hang']}; slowest input {slowest[0] * 1000:.1f} ms wall "
          f"(#{slowest[1]})")
    print(f"peak memory of one decode (tracemalloc, {traced:,} inputs traced): {peak[0] / 1024:.0f} KiB "
          f"(input of {peak[1]} bytes, #{peak[2]}); at most {peak_ratio:.0f} bytes per input byte")
    print(f"process max RSS: {fig['max_rss_mib']} MiB")
    if args.json:
        Path(args.json).write_text(json.dumps(fig, indent=1) + "\n")
    return 1 if counts["crash"] or counts["hang"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
