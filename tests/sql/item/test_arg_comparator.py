"""Conversion warnings of a column compared with a literal of another type
(harness/sql/item/arg_comparator.py; workloads/fidelity_single_table.wl compares the same
statements with MariaDB 10.11)."""

from __future__ import annotations

from typing import Any

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


@pytest.fixture
def s(bed: Bed):  # type: ignore[no-untyped-def]
    thd = bed.session("ROW")
    thd.execute("CREATE TABLE t (id INT, d DECIMAL(5,2), dt DATETIME, s VARCHAR(10)) ENGINE=InnoDB")
    thd.execute("INSERT INTO t VALUES (1, NULL, NULL, '3'), (2, 1.50, NULL, 'a'), (3, 2.00, NULL, 'b')")
    return thd


def _warnings(thd: Any, sql: str) -> list[tuple[int, str]]:
    thd.execute(sql)
    return [(n.code, n.message) for n in thd.last_notes]


def test_number_column_against_string_literal_converts_the_literal_once(s: Any) -> None:
    s.execute("SET sql_mode = ''")
    assert _warnings(s, "SELECT id FROM t WHERE d = 'x'") == [(1292, "Truncated incorrect DECIMAL value: 'x'")]
    assert _warnings(s, "SELECT id FROM t WHERE id < '1x'") == [(1292, "Truncated incorrect DECIMAL value: '1x'")]
    assert _warnings(s, "SELECT id FROM t WHERE d = ' 5 '") == []


def test_the_right_operand_is_not_read_while_the_left_is_null(s: Any) -> None:
    s.execute("SET sql_mode = ''")
    s.execute("DELETE FROM t WHERE d IS NOT NULL")
    assert _warnings(s, "SELECT id FROM t WHERE d = 'x'") == []
    assert _warnings(s, "SELECT id FROM t WHERE 'x' = d") == [(1292, "Truncated incorrect DECIMAL value: 'x'")]


def test_string_column_against_number_literal_converts_each_row(s: Any) -> None:
    s.execute("SET sql_mode = ''")
    assert _warnings(s, "SELECT id FROM t WHERE s = 5") == [
        (1292, "Truncated incorrect DECIMAL value: 'a'"), (1292, "Truncated incorrect DECIMAL value: 'b'")]
    assert _warnings(s, "SELECT id FROM t WHERE s = 5.5") == [
        (1292, "Truncated incorrect DOUBLE value: 'a'"), (1292, "Truncated incorrect DOUBLE value: 'b'")]


def test_datetime_equality_with_a_non_datetime_literal(s: Any) -> None:
    s.execute("SET sql_mode = ''")
    assert _warnings(s, "SELECT id FROM t WHERE dt = 'x'") == [(1292, "Truncated incorrect datetime value: 'x'")]
    assert _warnings(s, "SELECT id FROM t WHERE dt = '2020-01-01'") == []


def test_strict_statements_abort_on_the_conversion_delete_and_select_warn(s: Any) -> None:
    for sql in ("CREATE TABLE t2 SELECT id FROM t WHERE d = 'x'", "INSERT INTO t (id) SELECT id FROM t WHERE d = 'x'",
                "UPDATE t SET id = 9 WHERE d = 'x'"):
        with pytest.raises(ServerError) as ei:
            s.execute(sql)
        assert (ei.value.code, ei.value.message) == (1292, "Truncated incorrect DECIMAL value: 'x'")
    assert _warnings(s, "DELETE FROM t WHERE d = 'x'") == [(1292, "Truncated incorrect DECIMAL value: 'x'")]
    assert _warnings(s, "CREATE TABLE t2 IGNORE SELECT id FROM t WHERE d = 'x'") == [
        (1292, "Truncated incorrect DECIMAL value: 'x'")]


def test_insert_select_at_row_counts_the_rows_examined(s: Any) -> None:
    """(executor._examined_row_numbers) the rows the WHERE rejected are counted too."""
    s.execute("SET sql_mode = ''")
    s.execute("CREATE TABLE i (id INT, c TINYINT) ENGINE=InnoDB")
    assert _warnings(s, "INSERT INTO i SELECT id, id * 100 FROM t WHERE id > 1") == [
        (1264, "Out of range value for column 'c' at row 2"), (1264, "Out of range value for column 'c' at row 3")]
    assert _warnings(s, "INSERT INTO i SELECT id, id * 100 FROM t WHERE id > 1 ORDER BY id DESC") == [
        (1264, "Out of range value for column 'c' at row 1"), (1264, "Out of range value for column 'c' at row 2")]
    assert _warnings(s, "CREATE TABLE n (c TINYINT) SELECT id * 100 AS c FROM t WHERE id > 2") == [
        (1264, "Out of range value for column 'c' at row 3")]


@pytest.fixture
def trg(bed: Bed):  # type: ignore[no-untyped-def]
    """t1's trigger compares NEW/OLD with t2's columns (created strict, the default)."""
    thd = bed.session("ROW")
    thd.execute("CREATE TABLE t1 (id INT PRIMARY KEY, i INT, s VARCHAR(10), u INT) ENGINE=InnoDB")
    thd.execute("CREATE TABLE t2 (dt DATETIME, d DECIMAL(5,2), v VARCHAR(10), n INT) ENGINE=InnoDB")
    thd.execute("INSERT INTO t1 VALUES (1, 4, 'k3', 0)")
    thd.execute("INSERT INTO t2 VALUES (NULL, NULL, NULL, 0), ('2024-01-01 00:00:00', 1.50, 'q7', 1)")
    return thd


def _trigger_error(thd: Any, condition: str) -> tuple[int, str] | None:
    thd.execute("DROP TRIGGER IF EXISTS tr")
    thd.execute(f"CREATE TRIGGER tr AFTER UPDATE ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE {condition}")
    try:
        thd.execute("UPDATE t1 SET u = u + 1")
    except ServerError as e:
        assert [n.code for n in thd.last_notes] == [1292, 4094]  # one error: the scan stopped there
        return e.code, e.message
    return None


@pytest.mark.parametrize("condition, expected", [
    # A DATETIME compared with NEW.i: the Field converts itself and names itself; the NULL
    # first row is not compared (the right operand is read only for a non-NULL left one).
    ("dt = NEW.i", (1292, "Incorrect datetime value: '4' for column `test`.`t1`.`i` at row 2")),
    ("dt < NEW.s", (1292, "Incorrect datetime value: 'k3' for column `test`.`t1`.`s` at row 2")),
    # NEW on the left is read on every row.
    ("NEW.i = dt", (1292, "Incorrect datetime value: '4' for column `test`.`t1`.`i` at row 1")),
    # A string column against a number field: the column's value, DECIMAL for an INT.
    ("v = NEW.i", (1292, "Truncated incorrect DECIMAL value: 'q7'")),
    # A number column against a string field: the field's value.
    ("d = NEW.s", (1292, "Truncated incorrect DECIMAL value: 'k3'")),
    # <=> reads both operands, also next to a NULL column.
    ("d <=> NEW.s", (1292, "Truncated incorrect DECIMAL value: 'k3'")),
    # Same family: nothing.
    ("d = NEW.i", None),
])
def test_a_strict_triggers_statement_fails_on_a_trigger_field_conversion(trg: Any, condition: str,
                                                                         expected: Any) -> None:
    assert _trigger_error(trg, condition) == expected


def test_a_number_key_the_field_can_be_looked_up_in_converts_it_once_before_the_scan(trg: Any) -> None:
    trg.execute("ALTER TABLE t2 ADD UNIQUE (dt), ADD UNIQUE (d)")
    assert _trigger_error(trg, "d >= NEW.s") == (1292, "Truncated incorrect DECIMAL value: 'k3'")
    assert _trigger_error(trg, "d = NEW.s") is None  # a lookup (store_key) only warns
    # A DATETIME key still converts row by row (the NULL first row is skipped).
    assert _trigger_error(trg, "dt <> NEW.i") == (
        1292, "Incorrect datetime value: '4' for column `test`.`t1`.`i` at row 2")


def test_a_non_strict_triggers_conversions_stay_inside_it(trg: Any) -> None:
    trg.execute("SET sql_mode = ''")
    assert _trigger_error(trg, "dt = NEW.i") is None
    assert trg.last_notes == []


def test_ref_usable_follows_the_key_type() -> None:
    from harness.sql.item.arg_comparator import ref_usable
    assert ref_usable("INT", "STRING") and ref_usable("DECIMAL", "STRING") and ref_usable("DATETIME", "STRING")
    assert not ref_usable("STRING", "INT") and not ref_usable("INT", "DATETIME")
    assert ref_usable("DATETIME", "DECIMAL")
