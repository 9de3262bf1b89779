"""harness/model/unsafe.py: unsafe flags and their Note 1592 reason texts."""

from __future__ import annotations

from harness.model.unsafe import REASONS, Unsafe, bit, reasons


def test_bits_are_the_servers_enum_positions() -> None:
    assert bit(Unsafe.LIMIT) == 1
    assert bit(Unsafe.AUTOINC_NOT_FIRST) == 1 << 19


def test_reasons_come_in_bit_order_one_per_flag() -> None:
    mask = bit(Unsafe.SYSTEM_FUNCTION) | bit(Unsafe.LIMIT)
    assert reasons(mask) == [REASONS[Unsafe.LIMIT][1], REASONS[Unsafe.SYSTEM_FUNCTION][1]]
    assert reasons(mask)[0].startswith("The statement is unsafe because it uses a LIMIT clause.")


def test_every_flag_has_a_reason() -> None:
    assert set(REASONS) == set(Unsafe)
