"""Airflow's own command line (``airflow dags test …``), ending without the interpreter's long teardown.

Why: once ``airflow dags test`` has finished the DAG run, the interpreter's
finalization took 13-20 s on this 2-core machine (measured with py-spy: no
Python frame on the stack, the CLI's work long done), more than the
reference collect of a small regression; ``make run`` waited for it for
nothing. Nearly all of it is the garbage collector's last passes over the
millions of objects Airflow, Cadwyn/FastAPI, pydantic, GX and pandas
created. ``gc.freeze()`` once the command is done moves them out of the
collector's sight (Python's documented API for objects that live until the
end), and the exit takes 0.2 s; the exit is otherwise the normal one
(``atexit`` handlers, finalizers). Everything else is Airflow's CLI
unchanged (``airflow.__main__.main``).

    python -m harness.pipeline.airflow_cli dags test binlog_regression -c '{...}'
"""

from __future__ import annotations

import gc
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


def main(argv: list[str] | None = None) -> int:
    status = run(sys.argv[1:] if argv is None else argv)
    gc.freeze()  # the objects live until the exit: no collection passes over them
    return status


if __name__ == "__main__":
    sys.exit(main())
