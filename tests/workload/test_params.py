"""``prepared [values] SQL`` steps: the values' literal forms and the parser's checks."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from harness.workload import parse_workload
from harness.workload.model import WorkloadError
from harness.workload.params import ParamError, parse_param_list, split_prepared


def test_every_literal_kind() -> None:
    assert parse_param_list("42, -7, 1.50, 1.5e0, 'it''s\\n', X'00ff', NULL, DATE'2021-02-03', "
                            "TIMESTAMP'2020-01-02 03:04:05.5', TIME'-26:02:03'") == (
        42, -7, Decimal("1.50"), 1.5, "it's\n", b"\x00\xff", None, dt.date(2021, 2, 3),
        dt.datetime(2020, 1, 2, 3, 4, 5, 500000), -dt.timedelta(hours=26, minutes=2, seconds=3))


def test_split_prepared_counts_placeholders_outside_quotes() -> None:
    assert split_prepared("prepared [1, 'a]'] INSERT INTO t VALUES (?, '?', ?)") == (
        (1, "a]"), "INSERT INTO t VALUES (?, '?', ?)")
    assert split_prepared("INSERT INTO t VALUES (1)") is None
    with pytest.raises(ParamError, match="1 parameter value"):
        split_prepared("prepared [1] INSERT INTO t VALUES (?, ?)")
    with pytest.raises(ParamError):
        split_prepared("prepared [1, @x] SELECT ?, ?")


def test_parser_builds_prepared_steps_and_names_the_line() -> None:
    text = "[case c]\nrule = r\nseed = 002\ncon1: prepared [1, 'x'] INSERT INTO t VALUES (?, ?)  => ER_DUP_ENTRY\n"
    (case,) = parse_workload(text)
    step = case.steps[0]
    assert (step.sql, step.params, step.expected_error) == ("INSERT INTO t VALUES (?, ?)", (1, "x"), 1062)
    with pytest.raises(WorkloadError, match=r":4: .*parameter value"):
        parse_workload(text.replace("[1, 'x']", "[1]"))


def test_format_param_reads_back() -> None:
    from harness.workload.params import format_prepared
    values = (42, Decimal("1.50"), Decimal("3"), 1.5, 1e300, "it's \\ \n\0", b"\x00\xff", None, dt.date(2021, 2, 3),
              dt.datetime(2020, 1, 2, 3, 4, 5, 500000), -dt.timedelta(hours=26, minutes=2, seconds=3))
    text = format_prepared(values, "SELECT " + ", ".join("?" * len(values)))
    assert split_prepared(text) == (values, "SELECT " + ", ".join("?" * len(values)))
