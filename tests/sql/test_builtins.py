"""harness/sql/builtins.py: string, number and date functions as the server computes them."""

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
