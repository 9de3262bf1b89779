"""Long wire fuzz of ``replbed serve`` (issue 12): at least 10,000 malformed packets.

Starts its own server on a free loopback port, fuzzes it with
harness/server/wirefuzz.py (a fresh client must get SELECT 1 answered within a second
after every case), and prints crashes, hangs and the server's peak memory.

    .venv/bin/python benchmarks/wire_fuzz.py [--packets 10000] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from harness.server import wirefuzz  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--packets", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    work = Path(tempfile.mkdtemp(prefix="replbed-wirefuzz-"))
    env = dict(os.environ, PYTHONPATH=str(ROOT), REPLBED_SERVE_PASSWORD="pw")
    with open(work / "serve.log", "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "harness.cli", "serve", "--port", str(port),
                                 "--binlog-dir", str(work / "binlog")], cwd=ROOT, env=env, stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                wirefuzz.health("127.0.0.1", port, "root", "pw", timeout=2)
                break
            except (OSError, ConnectionError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    print(f"replbed serve did not start (log: {work / 'serve.log'})")
                    return 2
                time.sleep(0.1)
        sock = wirefuzz.login("127.0.0.1", port, "root", "pw", 5)
        sock.close()
        start = time.monotonic()
        report = wirefuzz.fuzz("127.0.0.1", port, packets=args.packets, seed=args.seed, password="pw", pid=proc.pid)
        took = time.monotonic() - start
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    print(f"packets {report.packets}  cases {report.cases}  in {took:.0f} s ({report.packets / took:.0f} packets/s)")
    print(f"crashes {report.crashes}  hangs over 1 s {report.hangs}  slowest health check {report.slowest_health_s:.3f} s")
    print(f"server peak RSS {report.peak_rss_bytes / 2**20:.0f} MiB")
    for line in report.failures[:10]:
        print("  " + line)
    return 0 if report.crashes == 0 and report.hangs == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
