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

    python -m harness.pipeline.airflow_cli [--run-id NAME] dags test binlog_regression -c '{...}'

``--run-id NAME`` names the manual DAG run ``NAME`` (``make run`` passes the replbed
run id, so the Airflow run and ``runs/<id>/`` carry one name): ``airflow dags test``
has no option for it and calls ``DagRun.generate_run_id`` for the one run it
creates, so this wrapper answers that call with NAME.
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


def name_manual_runs(name: str) -> None:
    """Make the manual DAG run ``airflow dags test`` creates in this process be called ``name``."""
    from airflow.models.dagrun import DagRun
    from airflow.utils.types import DagRunType

    generate = DagRun.generate_run_id

    def named(*, run_type, logical_date=None, run_after):  # type: ignore[no-untyped-def]
        if DagRunType(run_type) == DagRunType.MANUAL:
            return name
        return generate(run_type=run_type, logical_date=logical_date, run_after=run_after)

    DagRun.generate_run_id = staticmethod(named)  # type: ignore[method-assign]


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--run-id"] and len(argv) > 1:
        name_manual_runs(argv[1])
        argv = argv[2:]
    status = run(argv)
    gc.freeze()  # the objects live until the exit: no collection passes over them
    return status


if __name__ == "__main__":
    sys.exit(main())
