"""The wide generator: reproducible, valid workloads, its own stream, and the shapes it adds."""

from __future__ import annotations

import re

import pytest

from harness.fuzz.cases import generate_case
from harness.fuzz.wl import case_text
from harness.workload import parse_workload


def test_wide_cases_are_reproducible_and_leave_the_default_stream_alone():
    a = [case_text(generate_case(7, i, "wide")) for i in range(20)]
    assert a == [case_text(generate_case(7, i, "wide")) for i in range(20)]
    assert a != [case_text(generate_case(7, i)) for i in range(20)]
    assert generate_case(7, 3, "wide").name == "fuzzw_s7_00003"
    with pytest.raises(ValueError, match="unknown generator"):
        generate_case(7, 3, "narrow")


def test_every_wide_case_is_a_valid_workload():
    for i in range(150):
        case = generate_case(5, i, "wide")
        (parsed,) = parse_workload(case_text(case), "gen.wl")
        assert [s.sql for s in parsed.steps] == [s.sql for s in case.steps]


WIDE_FEATURES = {
    "TINYINT": r"TINYINT", "BIGINT UNSIGNED": r"BIGINT UNSIGNED", "CHAR": r" CHAR\(4\)", "TEXT": r" TEXT",
    "DATE": r" DATE[ ,)]", "TIME": r" TIME[ ,)]", "TIMESTAMP": r"TIMESTAMP", "DOUBLE": r"DOUBLE", "ENUM": r"ENUM\(",
    "DEFAULT clause": r" DEFAULT [-'\d]", "secondary index": r"KEY k_", "INSERT SET": r"INTO \w+ SET ",
    "VALUES ()": r"VALUES \(\)", "DEFAULT value": r"[(, ]DEFAULT[,)]", "UPDATE IGNORE": r"UPDATE IGNORE",
    "LIMIT without ORDER BY": r"WHERE [^\n]* LIMIT 1$", "DELETE all": r"DELETE FROM \w+$",
    "JOIN update": r"UPDATE \w+ JOIN", "SET @v = (SELECT": r"= \(SELECT MAX", "SELECT INTO": r"INTO @cnt",
    "stored unsafe value": r"VALUES \((LENGTH\(UUID\(\)\)|UUID_SHORT)", "ALTER": r"ALTER TABLE \w+ ADD COLUMN",
    "CREATE LIKE": r"CREATE (TEMPORARY )?TABLE \w+ LIKE", "RENAME": r"RENAME TABLE", "DROP": r"DROP (TEMPORARY )?TABLE",
    "BEGIN in a transaction": r"^con1: BEGIN$", "savepoint error": r"ROLLBACK TO SAVEPOINT nosuch",
    "SET TRANSACTION": r"SET (SESSION )?TRANSACTION ISOLATION LEVEL", "procedure": r"CALL p\d",
    "BEFORE trigger SET NEW": r"SET NEW\.",
}


def test_the_wide_shapes_are_covered():
    text = "\n".join(case_text(generate_case(1, i, "wide")) for i in range(300))
    missing = [k for k, rx in WIDE_FEATURES.items() if not re.search(rx, text, re.MULTILINE)]
    assert missing == []


def test_the_cli_takes_the_generator_and_refuses_an_unknown_one(capsys) -> None:  # type: ignore[no-untyped-def]
    from harness import cli
    assert cli.build_parser().parse_args(["fuzz", "--generator", "wide"]).generator == "wide"
    assert cli.build_parser().parse_args(["fuzz"]).generator == "default"
    with pytest.raises(SystemExit) as e:
        cli.build_parser().parse_args(["fuzz", "--generator", "narrow"])
    assert e.value.code == 2
