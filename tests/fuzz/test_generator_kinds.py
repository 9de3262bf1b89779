"""The fuzz generators write what the reference kind accepts (issue 23 item 6).

A case whose setup the reference refuses is not a case: ``replbed fuzz --reference
mysql-9.7`` dropped 27 of 180 case x format on seed 97231 as "noise" because every
one of them set ``sql_mode`` with NO_AUTO_CREATE_USER, which MySQL 8.0 removed
(sql/sys_vars.cc ``sql_mode_names``: ``SET sql_mode`` naming it is 1231). The
generators take the kind (``generate_case(..., kind=)``) and spell the same random
draws as the kind has them (``ServerKind.sql_mode``, ``ServerKind.session_variable``);
MariaDB 10.11's cases stay byte for byte what they were.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from harness.fuzz.builders import ISOLATION, SQL_MODES
from harness.fuzz.cases import GENERATORS, generate_case
from harness.fuzz.wl import case_text
from harness.kinds import get_kind
from harness.profile import get_profile
from harness.providers import get_provider
from harness.providers.base import ServerSettings
from harness.providers.roots import is_built


def test_mariadb_10_11_cases_are_unchanged_by_the_kind() -> None:
    texts = [case_text(generate_case(20261129, i)) for i in range(100)]
    assert texts == [case_text(generate_case(20261129, i, kind="mariadb-10.11")) for i in range(100)]
    # recorded from main (f383dac) before the generators took a kind
    assert hashlib.sha256("".join(texts).encode()).hexdigest() == \
        "239bac79d776a3b37e98f2f1db8baf02a0337040cd02374221a0769fd088af75"


@pytest.mark.parametrize("generator", GENERATORS)
def test_mysql_cases_name_no_removed_sql_mode_or_variable(generator: str) -> None:
    text = "\n".join(case_text(generate_case(97231, i, generator, "mysql-9.7")) for i in range(120))
    assert "NO_AUTO_CREATE_USER" not in text
    assert "SET tx_isolation" not in text and "check_constraint_checks" not in text
    assert "PERSISTENT" not in text
    # the same draws: the case shapes (statement count) are the 10.11 ones
    for i in range(20):
        a, b = generate_case(97231, i, generator), generate_case(97231, i, generator, "mysql-9.7")
        assert (len(a.setup), len(a.steps)) == (len(b.setup), len(b.steps))


def test_sql_mode_filters_only_the_removed_flags() -> None:
    my, maria = get_kind("mysql-9.7"), get_kind("mariadb-11.8")
    assert my.sql_mode("'STRICT_TRANS_TABLES,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION'") == \
        "'STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION'"
    assert my.sql_mode("''") == "''" and my.sql_mode("'TRADITIONAL'") == "'TRADITIONAL'"
    assert maria.sql_mode(SQL_MODES[0]) == SQL_MODES[0]


@pytest.mark.server
@pytest.mark.slow
@pytest.mark.skipif(not is_built(get_kind("mysql-9.7")), reason="the MySQL 9.7 root is not built")
def test_a_real_mysql_9_7_takes_every_setting_the_generator_writes(tmp_path: Path) -> None:
    kind = get_kind("mysql-9.7")
    handle = get_provider("local", kind=kind.name).start(
        ServerSettings(flavor=kind.flavor, profile=get_profile(kind.default_profile)), tmp_path / "srv")
    try:
        conn = handle.connect()
        cur = conn.cursor()
        for mode in SQL_MODES:
            cur.execute(f"SET sql_mode = {kind.sql_mode(mode)}")
        for level in ISOLATION:
            cur.execute(f"SET {kind.session_variable('tx_isolation')} = {level}")
        with pytest.raises(Exception) as removed:  # the rule: 8.0 removed the flag
            cur.execute(f"SET sql_mode = {SQL_MODES[0]}")
        assert getattr(removed.value, "errno", None) == 1231
        conn.close()
    finally:
        handle.stop()
