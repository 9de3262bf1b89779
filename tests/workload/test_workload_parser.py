"""The workload parser: the seeds' notation in, frozen cases out, strict errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.config import BINLOG_FORMATS, Paths
from harness.workload import ERROR_CODES, WorkloadError, load_workloads, parse_workload

GOOD = """\
# a comment
[case seed000_concurrent_nwrite]
rule = WL2687.example1
seed = 000
description = N-write of con2 overtakes con1's delayed N-statement # kept
formats = STATEMENT ROW            # optional
session.sql_mode = 'STRICT_TRANS_TABLES'
con1.binlog_row_image = MINIMAL    # per connection

setup: CREATE TABLE innodb_t (a INT) ENGINE=InnoDB
setup: CREATE TABLE t1 (a INT PRIMARY KEY) ENGINE=MyISAM;
con1: BEGIN
con1: INSERT INTO innodb_t
    VALUES (1)
con2: INSERT INTO t1 VALUES (1)
con2: INSERT INTO t1 VALUES (1)   => 1062        # by number
con2: INSERT INTO t1 VALUES (1)   => ER_DUP_ENTRY
con2: INSERT INTO t1 VALUES (2) => OK
con1: COMMIT

[case second]
con3: SELECT 'a => b; c'
"""


def parse(text: str):
    return parse_workload(text, "mem.wl")


def test_good_file_parses_every_part():
    first, second = parse(GOOD)
    assert first.name == "seed000_concurrent_nwrite"
    assert first.rule == "WL2687.example1" and first.seed == "000"
    assert first.description == "N-write of con2 overtakes con1's delayed N-statement # kept"
    assert first.formats == ("STATEMENT", "ROW")
    assert [s.sql for s in first.setup] == [
        "CREATE TABLE innodb_t (a INT) ENGINE=InnoDB",
        "CREATE TABLE t1 (a INT PRIMARY KEY) ENGINE=MyISAM",  # trailing ';' dropped
    ]
    assert first.connections == ("con1", "con2")
    sqls = [(s.connection, s.sql, s.expected_error) for s in first.steps]
    assert sqls == [
        ("con1", "BEGIN", None),
        ("con1", "INSERT INTO innodb_t VALUES (1)", None),  # continuation joined with a space
        ("con2", "INSERT INTO t1 VALUES (1)", None),
        ("con2", "INSERT INTO t1 VALUES (1)", 1062),
        ("con2", "INSERT INTO t1 VALUES (1)", ERROR_CODES["ER_DUP_ENTRY"]),
        ("con2", "INSERT INTO t1 VALUES (2)", None),
        ("con1", "COMMIT", None),
    ]
    assert first.steps[1].line == 13
    assert first.settings.for_connection("con1") == [
        ("sql_mode", "'STRICT_TRANS_TABLES'"), ("binlog_row_image", "MINIMAL")]
    assert first.settings.for_connection("con2") == [("sql_mode", "'STRICT_TRANS_TABLES'")]
    assert first.settings.for_connection("setup") == [("sql_mode", "'STRICT_TRANS_TABLES'")]
    # Defaults, and '=>' / ';' inside a quoted string are SQL, not syntax.
    assert second.formats == BINLOG_FORMATS
    assert second.rule is None
    assert second.steps[0].sql == "SELECT 'a => b; c'"
    assert second.steps[0].expected_error is None


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        ("con1: BEGIN\n", 1, "before any [case"),
        ("rule = x\n", 1, "before any [case"),
        ("[case a]\nfoo = 1\ncon1: BEGIN\n", 2, "unknown key 'foo'"),
        ("[case a]\nrule = 1\nrule = 2\ncon1: BEGIN\n", 3, "duplicate key"),
        ("[case a]\ncon1: BEGIN\n[case a]\ncon1: BEGIN\n", 3, "duplicate case name"),
        ("[case a]\ncon1: SELECT 1 => ER_NOPE\n", 2, "bad '=>' target"),
        ("[case a]\ncon1: SELECT 1 => 0\n", 2, "bad '=>' target"),
        ("[case a]\nformats = ROW STMT\ncon1: BEGIN\n", 2, "unknown format 'STMT'"),
        ("[case a]\nformats = ROW ROW\ncon1: BEGIN\n", 2, "listed twice"),
        ("[case a]\nrule = x\n\n[case b]\ncon1: BEGIN\n", 1, "empty case a"),
        ("[case a]\nsetup: CREATE TABLE t (a INT)\n", 1, "empty case a"),
        ("[case a b]\n", 1, "bad case header"),
        ("[case a]\ncon1.binlog_format = ROW\ncon1: BEGIN\n", 2, "set by the runner"),
        ("[case a]\ncon9.autocommit = 0\ncon1: BEGIN\n", 2, "no step of the case uses"),
        ("[case a]\nadmin: SELECT 1\n", 2, "reserved"),
        ("[case a]\ncon1: SELECT 1; SELECT 2\n", 2, "one statement per step"),
        ("[case a]\ncon1:\n", 2, "empty statement"),
        ("[case a]\n  VALUES (1)\ncon1: BEGIN\n", 2, "does not follow a statement"),
        ("[case a]\nwhat is this\n", 2, "unrecognised line"),
    ],
)
def test_malformed_input_names_file_and_line(text: str, line: int, fragment: str):
    with pytest.raises(WorkloadError) as info:
        parse(text)
    err = info.value
    assert err.line == line, str(err)
    assert str(err).startswith(f"mem.wl:{line}: ")
    assert fragment in str(err)


def test_load_workloads_globs_dirs_and_duplicates_across_files(tmp_path: Path):
    (tmp_path / "a.wl").write_text("[case one]\ncon1: BEGIN\n")
    (tmp_path / "b.wl").write_text("[case two]\ncon1: BEGIN\n")
    assert [c.name for c in load_workloads(str(tmp_path / "*.wl"))] == ["one", "two"]
    assert [c.name for c in load_workloads(tmp_path)] == ["one", "two"]
    assert [c.name for c in load_workloads([tmp_path / "b.wl"])] == ["two"]
    (tmp_path / "c.wl").write_text("\n[case one]\ncon1: BEGIN\n")
    with pytest.raises(WorkloadError, match=r"c\.wl:2: duplicate case name 'one' \(also at .*a\.wl:1\)"):
        load_workloads(str(tmp_path / "*.wl"))
    with pytest.raises(WorkloadError, match="no workload files match"):
        load_workloads(str(tmp_path / "nothing*.wl"))


def test_shipped_corpus_is_traceable_to_the_seeds():
    cases = load_workloads(Paths().workloads)
    names = {c.name for c in cases}
    for required in (
        "seed000_example1_concurrent_delete",
        "seed000_example2_nstmt_overtakes",
        "seed003_trx_myisam_then_innodb",
    ):
        assert required in names
    for engine in ("innodb", "myisam"):
        for op in ("insert", "update", "delete"):
            assert f"dml_{engine}_{op}" in names
    for case in cases:
        assert case.rule, f"{case.source}:{case.line}: case {case.name} names no rule"
        assert case.seed, f"{case.source}:{case.line}: case {case.name} names no seed"


def test_send_reap_wait_blocked_parse_into_actions():
    (case,) = parse(
        "[case lockwait]\n"
        "con1: BEGIN\n"
        "con1: UPDATE t SET v=v+1 WHERE id=1\n"
        "con2: send UPDATE t SET v=v+2\n"
        "    WHERE id=1\n"
        "con2: wait_blocked\n"
        "con2: reap => 1205\n"
        "con1: send COMMIT\n"
        "con1: reap\n"
    )
    got = [(s.connection, s.action, s.sql, s.expected_error) for s in case.steps]
    assert got == [
        ("con1", "run", "BEGIN", None),
        ("con1", "run", "UPDATE t SET v=v+1 WHERE id=1", None),
        ("con2", "send", "UPDATE t SET v=v+2 WHERE id=1", None),
        ("con2", "wait_blocked", "", None),
        ("con2", "reap", "", 1205),
        ("con1", "send", "COMMIT", None),
        ("con1", "reap", "", None),
    ]
    # 'send' and 'reap' are only keywords in their own places: SQL that starts
    # with the word is still SQL (a column named reap).
    (other,) = parse("[case c]\ncon1: SELECT 1 AS reap\n")
    assert other.steps[0].action == "run"


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        ("[case a]\ncon1: reap\n", 2, "no sent statement"),
        ("[case a]\ncon1: wait_blocked\n", 2, "no sent statement"),
        ("[case a]\ncon1: send SELECT 1\n", 2, "never reaped"),
        ("[case a]\ncon1: send SELECT 1 => 1205\ncon1: reap\n", 2, "belongs on the reap"),
        ("[case a]\ncon1: send SELECT 1\ncon1: SELECT 2\ncon1: reap\n", 3, "reap it first"),
        ("[case a]\ncon1: send SELECT 1\ncon1: send SELECT 2\n", 3, "not reaped"),
        ("[case a]\nsetup: send SELECT 1\ncon1: SELECT 1\n", 2, "setup statements"),
    ],
)
def test_malformed_interleavings_name_the_line(text: str, line: int, fragment: str):
    with pytest.raises(WorkloadError) as info:
        parse(text)
    assert info.value.line == line, str(info.value)
    assert fragment in str(info.value)


def test_per_format_expectations_and_unannotated_means_ok():
    from harness.workload.parser import parse_workload

    (case,) = parse_workload(
        "[case a]\n"
        "con1: UPDATE t SET b = 1  => STATEMENT:1665\n"
        "con1: SET SESSION binlog_format = 'STATEMENT'  => ROW:1559,1679\n"
        "con1: INSERT INTO t VALUES (1)  => ER_DUP_ENTRY\n"
        "con1: SELECT 1\n", "x.wl")
    exp = [[s.expected_for(f) for f in ("STATEMENT", "ROW", "MIXED")] for s in case.steps]
    assert exp == [[1665, None, None], [1679, 1559, 1679], [1062, 1062, 1062], [None, None, None]]


@pytest.mark.parametrize("target,msg", [
    ("1062,1064", "more than one target for all formats"),
    ("FOO:1", "'FOO' is not one of STATEMENT ROW MIXED"),
    ("ROW:1,row:2", "ROW named twice"),
    ("ROW:ER_NOPE", "bad '=>' target 'ER_NOPE'"),
])
def test_bad_per_format_expectation_is_one_line(target, msg):
    from harness.workload import WorkloadError
    from harness.workload.parser import parse_workload

    with pytest.raises(WorkloadError, match="x.wl:2: ") as e:
        parse_workload(f"[case a]\ncon1: SELECT 1  => {target}\n", "x.wl")
    assert msg in str(e.value)


def test_file_keys_write_data_files_and_substitute_their_path(tmp_path: Path):
    text = ("[case files]\nrule = r\nseed = 016\n"
            "file.d = '1\\tone\\n2\\'s\\n'   # two lines\n"
            "file.big = '{n}\\tv\\n' * 3\n"
            "con1: LOAD DATA INFILE '{file.d}' INTO TABLE t\n"
            "con1: LOAD DATA LOCAL INFILE '{file.big}' INTO TABLE t\n")
    (case,) = parse_workload(text, "f.wl")
    d, big = case.files
    assert d.content == b"1\tone\n2's\n"
    assert big.content == b"1\tv\n2\tv\n3\tv\n"
    assert case.steps[0].sql == f"LOAD DATA INFILE '{d.path}' INTO TABLE t"
    assert d.path.endswith("/replbed-load/files/d")  # fixed by case and name: both sides read one path
    big.write()
    assert Path(big.path).read_bytes() == big.content
    assert Path(big.path).stat().st_mode & 0o777 == 0o644  # a server reads only files readable by all


@pytest.mark.parametrize("text,line,fragment", [
    ("file.d = 'x'\nfile.d = 'y'\ncon1: SELECT 1\n", 5, "duplicate file 'd'"),
    ("file.d = x\ncon1: SELECT 1\n", 4, "file.d: expected a quoted string"),
    ("file.d = 'x' * 0\ncon1: SELECT 1\n", 4, "the count must be 1 or more"),
    ("con1: LOAD DATA INFILE '{file.nope}' INTO TABLE t\n", 4, "no file.nope key"),
])
def test_bad_file_keys_name_the_line(text: str, line: int, fragment: str):
    with pytest.raises(WorkloadError) as ei:
        parse_workload("[case c]\nrule = r\nseed = s\n" + text, "f.wl")
    assert fragment in str(ei.value) and f"f.wl:{line}:" in str(ei.value)
