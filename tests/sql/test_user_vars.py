"""User variables: SELECT ... INTO @v, LAST_INSERT_ID(expr), and how their values become
User_var events (charset and flags observed on MariaDB 10.11; workloads/explore2.wl)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from harness.binlog.constants import ItemResult
from harness.sql.sql_errors import ServerError
from harness.sql.thd import user_var_event
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


@pytest.fixture
def s(bed: Bed):  # type: ignore[no-untyped-def]
    thd = bed.session("STATEMENT")
    thd.execute("CREATE TABLE t (a INT PRIMARY KEY, s VARCHAR(10)) ENGINE=InnoDB")
    thd.execute("INSERT INTO t VALUES (1, 'x'), (2, 'y')")
    return thd


def test_select_into_assigns_one_row_and_keeps_the_value_on_none(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("SELECT a, s INTO @a, @s FROM t WHERE a = 2")
    assert (s.user_vars["a"], s.user_vars["s"]) == (2, "y")
    s.execute("SELECT a INTO @a FROM t WHERE a = 99")
    assert s.user_vars["a"] == 2
    with pytest.raises(ServerError) as e:
        s.execute("SELECT a INTO @a FROM t")
    assert e.value.code == 1172


def test_last_insert_id_with_an_argument_feeds_the_next_call(s) -> None:  # type: ignore[no-untyped-def]
    s.execute("INSERT INTO t VALUES (LAST_INSERT_ID(99), 'l')")
    s.execute("SELECT LAST_INSERT_ID() INTO @l")
    assert s.user_vars["l"] == 99


def test_user_var_event_charsets_and_flags() -> None:
    assert user_var_event("b", b"a\0", 0, 1).charset == 63
    assert user_var_event("d", dt.date(2020, 1, 2), 0, 1).charset == 8
    assert user_var_event("s", "x", 0, 1).charset == 45
    big = user_var_event("u", (1 << 64) - 1, 0, 1)
    assert big.value_type == ItemResult.INT_RESULT and big.flags == 1
    dec = user_var_event("n", Decimal("-0.001"), 0, 1)
    assert (dec.decimal_precision, dec.decimal_scale) == (4, 3)


def test_a_null_user_variable_is_a_string_in_ifnull_and_coalesce(bed: Bed) -> None:
    """Item_func_get_user_var of a NULL/unset variable is a string: IFNULL(@unset, 0) is
    '0' (latin1, the numeric charset) and + 1 makes a DOUBLE, as the User_var event of
    the next statement shows (REAL_RESULT, observed)."""
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t (a DOUBLE, b VARCHAR(10)) ENGINE=InnoDB")
    s.execute("SET @c = IFNULL(@c, 0) + 1")
    s.execute("SET @d = COALESCE(@nosuch, 5)")
    s.execute("INSERT INTO t VALUES (@c, @d)")
    uv = _user_var_events(bed)
    assert (uv["c"].value_type, uv["c"].value) == (ItemResult.REAL_RESULT, 1.0)
    assert (uv["d"].value_type, uv["d"].charset, uv["d"].value) == (ItemResult.STRING_RESULT, 8, b"5")


def test_a_decimal_sum_is_logged_in_whole_words_of_integer_digits(bed: Bed) -> None:
    """my_decimal_add keeps whole 9-digit words: SUM(INT) 3 is DECIMAL precision 9, and a
    DECIMAL(5,2) sum keeps its scale (observed: the User_var events of MariaDB 10.11)."""
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t (i INT, d DECIMAL(5,2)) ENGINE=InnoDB")
    s.execute("INSERT INTO t VALUES (1, 1.25), (2, 2.50)")
    s.execute("CREATE TABLE s (x DECIMAL(30,4)) ENGINE=InnoDB")
    s.execute("SELECT SUM(i), SUM(d) INTO @a, @b FROM t")
    s.execute("INSERT INTO s VALUES (@a), (@b)")
    uv = _user_var_events(bed)
    assert (uv["a"].decimal_precision, uv["a"].decimal_scale) == (9, 0)
    assert (uv["b"].decimal_precision, uv["b"].decimal_scale) == (11, 2)


def _user_var_events(bed: Bed) -> dict[str, Any]:
    """The last User_var event logged for each variable."""
    from harness.binlog.control import UserVarEvent
    return {ev.name: ev for ev in bed.binlog_events() if isinstance(ev, UserVarEvent)}
