"""harness/sql/item/builtins.py: string, number and date functions as the server computes them."""

from __future__ import annotations

import datetime as dt

from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def test_concat_is_null_with_a_null_argument_and_concat_ws_skips_it(bed: Bed) -> None:
    s = bed.session()
    assert s.execute("SELECT CONCAT('a', 1, NULL), CONCAT_WS('-', 'a', NULL, 'b'), UPPER('abc')").rows == [
        [None, "a-b", "ABC"]]


def test_date_add_a_month_clips_to_the_end_of_the_month(bed: Bed) -> None:
    s = bed.session()
    assert s.execute("SELECT DATE_ADD('2020-01-31', INTERVAL 1 MONTH)").rows == [[dt.date(2020, 2, 29)]]


def test_last_insert_id_with_an_argument_sets_the_value(bed: Bed) -> None:
    s = bed.session()
    assert s.execute("SELECT LAST_INSERT_ID(5), LAST_INSERT_ID()").rows == [[5, 5]]


def test_real_date_functions_warn_on_a_zero_date_string_not_on_a_column() -> None:
    from harness.sql.item.column_types import ZeroDate

    class _Ctx:
        def __init__(self, mode: str) -> None:
            self.notes: list = []
            self.mode = mode

        def get_sysvar(self, name: str, scope: str) -> str:
            return self.mode

    class _Env:
        def __init__(self, mode: str = "") -> None:
            self.ctx = _Ctx(mode)

    from harness.sql.item import builtins as B
    env = _Env()
    assert B.real_date_arg("0000-00-00", env) is None
    assert B.real_date_arg("2024-00-05", env) is None
    assert [n.message for n in env.ctx.notes] == ["Incorrect datetime value: '0000-00-00'",
                                                  "Incorrect datetime value: '2024-00-05'"]
    env = _Env()
    assert B.real_date_arg(ZeroDate(0, 0, 0), env) is None and env.ctx.notes == []
    assert B._last_day(env, "0000-00-00") is None and env.ctx.notes == []  # LAST_DAY follows NO_ZERO_DATE
    env = _Env("NO_ZERO_DATE")
    assert B._last_day(env, "0000-00-00") is None and len(env.ctx.notes) == 1
    assert B._date_fn(env, "0000-00-00") is None and len(env.ctx.notes) == 2
