"""What a person watching a run sees: one progress indicator, failures as they happen.

The console is kept for the run's own lines, the way mysql-test-run and pytest keep
theirs: the plan, one progress indicator (pairs done, percentage, ETA), a line per
failing case x format as soon as it is known, then the summary (printed by the
command at the end). Everything else -- each step's detail lines, Airflow's and
Great Expectations' log records -- goes to log files in ``runs/<id>/logs/``.

Where the console is: the file descriptor ``$REPLBED_CONSOLE_FD`` when set
(``make run`` hands Airflow's stdout and stderr to ``logs/airflow.log`` and keeps
the terminal as fd 3), else stdout. On a terminal the indicator is one line
rewritten in place; elsewhere (a pipe, CI, a file) it prints a line each 10 %.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

CONSOLE_FD_ENV = "REPLBED_CONSOLE_FD"
LOGS = "logs"
_stream: IO[str] | None = None
_lock = threading.Lock()


def stream() -> IO[str]:
    """The console: fd ``$REPLBED_CONSOLE_FD`` when it is open, else stdout."""
    global _stream
    fd = os.environ.get(CONSOLE_FD_ENV)
    if fd:
        if _stream is None or _stream.closed:
            try:
                os.fstat(int(fd))  # open in this process (a scheduler's worker may not have it)
                _stream = os.fdopen(int(fd), "w", buffering=1, closefd=False)
            except (OSError, ValueError):
                _stream = None
        if _stream is not None:
            return _stream
    return sys.stdout


def _isatty(s: IO[str]) -> bool:
    try:
        return s.isatty()
    except (AttributeError, ValueError):
        return False


class Console:
    """Lines for the console; an in-place indicator on a terminal that other lines clear first."""

    def __init__(self, out: IO[str] | None = None) -> None:
        self.out = out
        self._status = ""

    @property
    def _out(self) -> IO[str]:
        return self.out or stream()

    def line(self, text: str) -> None:
        with _lock:
            out = self._out
            if self._status and _isatty(out):
                out.write("\r\x1b[K")
            out.write(text + "\n")
            if self._status and _isatty(out):
                out.write(self._status)
            out.flush()

    def status(self, text: str, *, final: bool = False) -> None:
        """The indicator: rewritten in place on a terminal; a plain line elsewhere."""
        with _lock:
            out = self._out
            if _isatty(out):
                out.write("\r\x1b[K" + text + ("\n" if final else ""))
                self._status = "" if final else text
            else:
                out.write(text + "\n")
            out.flush()


CONSOLE = Console()


def say(text: str) -> None:
    CONSOLE.line(text)


def logs_dir(run_dir: Path) -> Path:
    d = Path(run_dir) / LOGS
    d.mkdir(parents=True, exist_ok=True)
    return d


def step_log(run_dir: Path, name: str = "run.log") -> Callable[[str], None]:
    """A progress callback that appends each step's detail lines to ``logs/<name>``."""
    path = logs_dir(run_dir) / name
    lock = threading.Lock()

    def write(msg: str) -> None:
        with lock, open(path, "a", encoding="utf-8") as fh:
            fh.write(f"{time.strftime('%H:%M:%S')} {msg}\n")
    return write


def capture_library_logs(run_dir: Path, name: str = "gx.log") -> None:
    """Great Expectations' (and py4j's / Spark's) log records go to ``logs/<name>``, not the console."""
    import logging

    path = logs_dir(run_dir) / name
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.captureWarnings(True)  # library warnings (pyspark's pandas notice, ...) are log records too
    for logger_name in ("great_expectations", "py4j", "pyspark", "py.warnings"):
        lg = logging.getLogger(logger_name)
        for h in list(lg.handlers):
            if isinstance(h, logging.FileHandler):
                lg.removeHandler(h)
                h.close()
        lg.addHandler(handler)
        lg.propagate = False


def _eta(seconds: float) -> str:
    s = max(0, round(seconds))
    return f"{s // 60}:{s % 60:02d}"


# -- quick judgment of a pair as soon as both sides are collected --------------------


def first_difference(run_dir: Path, case: str, fmt: str) -> str | None:
    """What can be told from the two outcome.json files alone: a side that failed, the
    first statement answered differently, or the reference contradicting an annotation.
    None when they agree so far (the events, tables and replay are judged later)."""
    from harness.pipeline.verdict import check_expectations

    d = Path(run_dir) / "cases" / case / fmt
    try:
        ref, rb = (json.loads((d / s / "outcome.json").read_text()) for s in ("reference", "replbed"))
    except (OSError, ValueError) as exc:
        return f"error: unreadable outcome.json: {exc}"
    for side, o in (("reference", ref), ("replbed", rb)):
        if o.get("status") == "failed":
            return f"error: {side}: {(o.get('error') or 'case failed').splitlines()[0][:200]}"
    ok, why = check_expectations(ref.get("statements") or [])
    if ok is False:
        return f"expectation_wrong: {why}"
    for a, b in zip(ref.get("statements") or [], rb.get("statements") or []):
        if (a.get("error_code") or 0) != (b.get("error_code") or 0):
            where = f"line {a['line']}" if a.get("line") is not None else "statement"
            sql = str(a.get("sql") or "")[:80]

            def ans(s: dict[str, Any]) -> str:
                return f"{s['error_code']} {s.get('error_message') or ''}".strip() if s.get("error_code") else "OK"
            return f"differs: {where} `{sql}`: reference {ans(a)} / replbed {ans(b)}"
    return None


class PairProgress:
    """Collection progress of a run: pairs with both sides collected, out of the plan.

    Polls the run directory (``cases/<case>/<FORMAT>/<side>/outcome.json`` written by this
    run) from a thread, so it needs no hook in the collect code and shows the same thing
    whether the sides run in threads, processes or Airflow tasks.
    """

    def __init__(self, run_dir: Path, pairs: list[dict], *, console: Console = CONSOLE,
                 interval: float = 0.5, since: float | None = None) -> None:
        self.run_dir = Path(run_dir)
        self.pairs = [(p["case"], p["format"]) for p in pairs]
        self.console = console
        self.interval = interval
        self.since = since if since is not None else (self.run_dir / "plan.json").stat().st_mtime
        self.done: set[tuple[str, str]] = set()
        self.sides = {"reference": 0, "replbed": 0}
        self.failed = 0
        self.t0 = time.monotonic()
        self._last_pct = -1
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _collected(self, case: str, fmt: str, side: str) -> bool:
        p = self.run_dir / "cases" / case / fmt / side / "outcome.json"
        try:
            return p.stat().st_mtime >= self.since
        except OSError:
            return False

    def poll(self) -> None:
        sides = {"reference": 0, "replbed": 0}
        for case, fmt in self.pairs:
            if (case, fmt) in self.done:
                sides["reference"] += 1
                sides["replbed"] += 1
                continue
            got = [s for s in sides if self._collected(case, fmt, s)]
            for s in got:
                sides[s] += 1
            if len(got) == 2:
                self.done.add((case, fmt))
                why = first_difference(self.run_dir, case, fmt)
                if why:
                    self.failed += 1
                    self.console.line(f"FAIL {case} {fmt} {why}")
        self.sides = sides
        self._show()

    def text(self) -> str:
        n, total = len(self.done), len(self.pairs)
        pct = 100 * n // total if total else 100
        elapsed = time.monotonic() - self.t0
        eta = f"ETA {_eta(elapsed / n * (total - n))}" if 0 < n < total else f"{_eta(elapsed)} elapsed"
        failed = f", {self.failed} failed" if self.failed else ""
        return (f"[{pct:3d}%] collected {n}/{total} case x format (reference {self.sides['reference']}, "
                f"replbed {self.sides['replbed']}){failed}  {eta}")

    def _show(self, final: bool = False) -> None:
        total = len(self.pairs)
        pct = 100 * len(self.done) // total if total else 100
        tty = _isatty(self.console._out)
        if tty or final or pct // 10 > self._last_pct // 10:
            self._last_pct = pct
            if not final and not tty and pct == 100:
                return  # the final line says it
            self.console.status(self.text(), final=final)

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.poll()
            except Exception:  # noqa: BLE001 - the indicator never breaks a run
                pass

    def __enter__(self) -> PairProgress:
        self._last_pct = 0
        self.console.status(self.text())
        self._thread = threading.Thread(target=self._loop, name="progress", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join()
        try:
            self.poll()
        except Exception:  # noqa: BLE001, S110
            pass
        self._show(final=True)
