"""Airflow's own command line (``airflow dags test …``), ending without the interpreter's teardown.

Why: once ``airflow dags test`` has finished the DAG run, the interpreter's
finalization -- freeing Airflow's, Cadwyn/FastAPI's, pydantic's, GX's and
pandas' objects one by one -- took 13-20 s on this 2-core machine (measured
with py-spy: no Python frame on the stack, the CLI's work long done), more
than the reference collect of a small regression. ``make run`` waits for it
for nothing.

What Airflow wants done at exit is registered with ``atexit`` (sessions,
log handlers): those handlers run as usual, the standard streams are
flushed, then the process ends with ``os._exit`` and the command's status.
Everything else is Airflow's CLI unchanged (``airflow.__main__.main``).

    python -m harness.pipeline.airflow_cli dags test binlog_regression -c '{...}'
"""

from __future__ import annotations

import atexit
import os
import sys


def exit_status(code: object) -> int:
    """``SystemExit.code`` as a process status, the way the interpreter maps it."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)  # sys.exit("message"): printed, status 1
    return 1


def run(argv: list[str]) -> int:
    """Run ``airflow *argv`` in this process; return its exit status."""
    from airflow.__main__ import main as airflow_main

    sys.argv = ["airflow", *argv]
    try:
        airflow_main()
    except SystemExit as exc:
        return exit_status(exc.code)
    return 0


def main(argv: list[str] | None = None) -> None:
    status = run(sys.argv[1:] if argv is None else argv)
    atexit._run_exitfuncs()  # Airflow's and logging's exit handlers, as at a normal exit
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


if __name__ == "__main__":
    main()
