"""The workload file format: strict parser and frozen dataclasses."""

from harness.workload.codes import ERROR_CODES, error_name
from harness.workload.model import Case, SessionSettings, Setting, Step, WorkloadError
from harness.workload.parser import load_workloads, parse_workload

__all__ = [
    "Case",
    "ERROR_CODES",
    "SessionSettings",
    "Setting",
    "Step",
    "WorkloadError",
    "error_name",
    "load_workloads",
    "parse_workload",
]
