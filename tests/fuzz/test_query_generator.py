"""harness/fuzz/query.py: the query-features generator is deterministic, writes the
statements it is for, and leaves the default generator's cases alone (its own stream)."""

from __future__ import annotations

from harness.fuzz.cases import GENERATORS, generate_case


def test_registered_and_deterministic() -> None:
    assert "query" in GENERATORS
    assert generate_case(11, 3, "query") == generate_case(11, 3, "query")
    assert generate_case(11, 3, "query").name.startswith("fuzzq_")


def test_it_writes_the_query_features_and_drops_its_accounts() -> None:
    sqls = [s.sql for i in range(60) for s in generate_case(5, i, "query").steps]
    for word in ("WITH ", " OVER (", "FROM DUAL WHERE", "PREPARE ps", "EXECUTE ps", "CREATE USER fz_"):
        assert any(word in q for q in sqls), word
    for i in range(60):
        case = generate_case(5, i, "query")
        left = set()
        for s in case.steps:
            if s.sql.startswith("CREATE USER"):
                left.add(s.sql.split()[2])
            elif s.sql.startswith("DROP USER") and "IF EXISTS" not in s.sql:
                left.discard(s.sql.split()[2])
        if left:  # the accounts still there are dropped at the end of the case
            assert case.steps[-1].sql.startswith("DROP USER IF EXISTS")
            assert all(a in case.steps[-1].sql for a in left)


def test_windows_order_by_a_unique_key_only() -> None:
    for i in range(80):
        for s in generate_case(9, i, "query").steps:
            if " OVER (" in s.sql:
                assert "ORDER BY id" in s.sql
