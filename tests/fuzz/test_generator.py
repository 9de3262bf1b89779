"""The fuzz generator: reproducible, valid workload text, and the whole subset covered."""

from __future__ import annotations

import re

import pytest

from harness import cli
from harness.fuzz.cases import generate_case
from harness.fuzz.shrink import created_tables, ddmin, drop_column, split_values
from harness.fuzz.wl import case_text
from harness.workload import parse_workload


def test_same_seed_same_cases_other_seed_other_cases():
    a = [case_text(generate_case(7, i)) for i in range(20)]
    assert a == [case_text(generate_case(7, i)) for i in range(20)]
    assert a != [case_text(generate_case(8, i)) for i in range(20)]


def test_every_case_is_a_valid_workload_and_round_trips():
    for i in range(150):
        case = generate_case(3, i)
        text = case_text(case)
        (parsed,) = parse_workload(text, "gen.wl")
        assert [s.sql for s in parsed.steps] == [s.sql for s in case.steps]
        assert [s.sql for s in parsed.setup] == [s.sql for s in case.setup]
        assert parsed.settings == type(parsed.settings)(tuple(
            s.__class__(s.scope, s.variable, s.value, ps.line)
            for s, ps in zip(case.settings.settings, parsed.settings.settings)))


FEATURES = {
    "InnoDB": r"ENGINE=InnoDB", "MyISAM": r"ENGINE=MyISAM", "PK": r"NOT NULL PRIMARY KEY",
    "UNIQUE": r"NOT NULL UNIQUE", "nullable UNIQUE": r"NULL UNIQUE", "AUTO_INCREMENT": r"AUTO_INCREMENT",
    "VARCHAR key": r"id VARCHAR", "DECIMAL key": r"id DECIMAL", "DATETIME key": r"id DATETIME", "BLOB": r"BLOB",
    "two connections": r"^con2:", "transaction": r": (BEGIN|START TRANSACTION)$", "savepoint": r"SAVEPOINT sp",
    "rollback to": r"ROLLBACK TO SAVEPOINT", "autocommit 0": r"autocommit = 0",
    "temporary": r"CREATE TEMPORARY TABLE", "create select": r"CREATE (TEMPORARY )?TABLE \w+( \(PRIMARY KEY \(id\)\))? ENGINE=\w+ SELECT",
    "insert select": r"INSERT( IGNORE)? INTO \w+ \([^)]*\) SELECT", "odku": r"ON DUPLICATE KEY UPDATE",
    "replace": r"REPLACE INTO", "ignore": r"INSERT IGNORE", "multi update": r"UPDATE \w+ a, \w+ b SET",
    "multi delete": r"DELETE (a|b|a, b) FROM", "order by limit": r"ORDER BY [\w, ]+ LIMIT \d",
    "trigger": r"CREATE TRIGGER", "function": r"CREATE FUNCTION", "user variable": r"@v_",
    "unsafe": r"UUID\(\)|RAND\(\)|USER\(\)|SYSDATE\(\)|CONNECTION_ID\(\)",
    "strict": r"STRICT_ALL_TABLES|STRICT_TRANS_TABLES", "TRADITIONAL": r"TRADITIONAL", "empty sql_mode": r"sql_mode = ''",
    "row image": r"binlog_row_image = (MINIMAL|NOBLOB)", "isolation": r"tx_isolation = ",
    "truncate": r"TRUNCATE TABLE",
}


def test_the_supported_subset_is_covered():
    text = "\n".join(case_text(generate_case(1, i)) for i in range(300))
    missing = [k for k, rx in FEATURES.items() if not re.search(rx, text, re.MULTILINE)]
    assert missing == []


def test_unsafe_functions_never_reach_a_stored_value():
    for i in range(300):
        for st in generate_case(1, i).steps:
            for _m in re.finditer(r"UUID\(\)|RAND\(\)|USER\(\)|SYSDATE\(\)|CONNECTION_ID\(\)", st.sql):
                # always inside a comparison that is constant on any server
                assert re.search(r"(LENGTH\(\w+\(\)\) [=>]|RAND\(\) >= 0|CONNECTION_ID\(\) > 0|SYSDATE\(\) >)",
                                 st.sql), st.sql


def test_second_connection_leaves_nothing_for_disconnect():
    for i in range(300):
        case = generate_case(1, i)
        con2 = [s.sql for s in case.steps if s.connection == "con2"]
        assert not any("TEMPORARY" in s for s in con2)
        open_trx = ac0 = False
        for s in con2:
            if s in ("BEGIN", "START TRANSACTION"):
                open_trx = True
            elif s in ("COMMIT", "ROLLBACK") or s.startswith(("TRUNCATE", "CREATE TABLE")):  # implicit commit
                open_trx = False
            elif s == "SET autocommit = 0":
                ac0 = True
            elif s == "SET autocommit = 1":
                ac0 = open_trx = False
            elif ac0:
                open_trx = True
        assert not open_trx, (case.name, con2)


def test_ddmin_finds_the_minimal_sublist():
    runs = []

    def test(sub):
        runs.append(sub)
        return 3 in sub and 7 in sub

    assert ddmin(list(range(10)), test) == [3, 7]


def test_sql_surgery_on_generated_shapes():
    head, rows, tail = split_values("INSERT INTO t1 (id, a) VALUES (1, 'x,y'), (2, REPEAT('b', 2)) "
                                    "ON DUPLICATE KEY UPDATE a = VALUES(a)")
    assert rows == ["(1, 'x,y')", "(2, REPEAT('b', 2))"]
    assert tail == " ON DUPLICATE KEY UPDATE a = VALUES(a)"
    (case,) = parse_workload("[case c]\nsetup: CREATE TABLE t1 (id INT, a VARCHAR(2), b INT) ENGINE=InnoDB\n"
                             "con1: INSERT INTO t1 (id, a, b) VALUES (1, 'x', 2), (3, REPEAT('b', 3), 4)\n"
                             "con1: INSERT INTO t1 (b, a) SELECT b, a FROM t1\n")
    assert created_tables(case) == [("t1", ["id", "a", "b"])]
    c = drop_column(case, "t1", "a")
    assert c is not None
    assert [s.sql for s in c.setup + c.steps] == [
        "CREATE TABLE t1 (id INT, b INT) ENGINE=InnoDB",
        "INSERT INTO t1 (id, b) VALUES (1, 2), (3, 4)",
        "INSERT INTO t1 (b) SELECT b FROM t1"]


def test_cli_bad_input_exits_2(capsys):
    assert cli.main(["fuzz", "--cases", "0"]) == 2
    assert "--cases must be >= 1" in capsys.readouterr().err
    assert cli.main(["fuzz", "--formats", "STMT"]) == 2
    assert cli.main(["fuzz", "--seed", "x"]) == 2


@pytest.mark.parametrize("seed", [1, 2])
def test_names_carry_seed_and_index(seed):
    assert generate_case(seed, 12).name == f"fuzz_s{seed}_00012"


def test_committed_fuzz_repros_are_valid_workloads():
    from pathlib import Path

    from harness.workload import load_workloads

    root = Path(__file__).resolve().parents[2] / "workloads" / "fuzz_found"
    files = sorted(root.glob("*.wl"))
    if not files:
        pytest.skip("no fuzz repros committed")
    cases = load_workloads([str(f) for f in files])
    assert len(cases) == len(files)
    assert all(c.rule == "fuzz" and len(c.formats) == 1 for c in cases)
