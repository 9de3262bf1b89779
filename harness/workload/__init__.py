"""The workload file format: strict parser and frozen dataclasses."""

from harness.workload.codes import ERROR_CODES, error_name
from harness.workload.model import Case, DataFile, SessionSettings, Setting, Step, WorkloadError
from harness.workload.parser import load_workloads, parse_workload

__all__ = [
    "Case",
    "DataFile",
    "ERROR_CODES",
    "SessionSettings",
    "Setting",
    "Step",
    "WorkloadError",
    "error_name",
    "load_workloads",
    "parse_workload",
]
