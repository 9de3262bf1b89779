"""The schema generator (``--generator schema``) writes what it promises over 300 cases, and
leaves the other generators' streams alone."""

from __future__ import annotations

from harness.fuzz.cases import generate_case
from harness.fuzz.wl import case_text


def _texts(n: int = 300) -> str:
    return "\n".join(case_text(generate_case(11, i, "schema")) for i in range(n))


def test_covers_foreign_keys_checks_generated_columns_and_json() -> None:
    text = _texts()
    for needle in ("FOREIGN KEY (pid) REFERENCES", "ON DELETE CASCADE", "ON DELETE SET NULL", "ON UPDATE CASCADE",
                   "CHECK (c_int < 90)", "CHECK (c_int <> 13)", "AS (c_int * 2) VIRTUAL", "AS (c_int * 2) STORED",
                   "c_json JSON", "JSON_OBJECT(", "JSON_SET(", "SET foreign_key_checks = ",
                   "SET check_constraint_checks = ", "ENGINE=MyISAM"):
        assert needle in text, needle


def test_named_after_its_own_stream() -> None:
    case = generate_case(11, 3, "schema")
    assert case.name == "fuzzs_s11_00003"
    assert case_text(case) == case_text(generate_case(11, 3, "schema"))
    assert case_text(generate_case(11, 3)) != case_text(case)
