"""Workload annotations per server kind or family, and cases that are for one family only."""

from __future__ import annotations



# -- the server matrix: annotations per kind or family, cases for one family ---------


def test_an_annotation_can_name_a_kind_or_a_family_and_the_most_specific_wins() -> None:
    from harness.workload.parser import parse_workload

    (case,) = parse_workload("[case k]\n"
                             "con1: SELECT 1 => mysql-9.7:1785,mariadb-11.8/ROW:OK,mysql:1062,STATEMENT:1064,1146\n")
    step = case.steps[0]
    assert step.expected_for("ROW", "mysql-9.7") == 1785           # the kind
    assert step.expected_for("ROW", "mariadb-11.8") is None        # the kind with the format
    assert step.expected_for("STATEMENT", "mariadb-11.8") == 1064  # the format
    assert step.expected_for("MIXED", "mariadb-10.11") == 1146     # the default
    assert step.expected_for("MIXED") == 1146                      # no kind: as before
    (fam,) = parse_workload("[case f]\ncon1: SELECT 1 => mysql:ER_DUP_ENTRY\n")
    assert fam.steps[0].expected_for("ROW", "mysql-9.7") == 1062
    assert fam.steps[0].expected_for("ROW", "mariadb-10.11") is None


def test_bad_server_annotations_are_refused_with_their_line() -> None:
    import pytest as _pytest

    from harness.workload.parser import WorkloadError, parse_workload

    with _pytest.raises(WorkloadError, match="SOMETIMES"):
        parse_workload("[case b]\ncon1: SELECT 1 => mysql-9.7/SOMETIMES:1785\n")
    with _pytest.raises(WorkloadError, match="named twice"):
        parse_workload("[case b]\ncon1: SELECT 1 => mysql-9.7:1785,mysql-9.7:1786\n")
    with _pytest.raises(WorkloadError, match="unknown kind or family 'oracle'"):
        parse_workload("[case b]\nservers = oracle\ncon1: SELECT 1\n")


def test_a_case_says_which_servers_it_is_for() -> None:
    from harness.workload.parser import parse_workload

    (case,) = parse_workload("[case xa]\nservers = mariadb, mysql-9.7  # XA as both spell it\ncon1: SELECT 1\n")
    assert case.servers == ("mariadb", "mysql-9.7") and case.servers_reason == "XA as both spell it"
    assert case.applies_to("mariadb-11.8") and case.applies_to("mysql-9.7")
    (every,) = parse_workload("[case all]\ncon1: SELECT 1\n")
    assert every.applies_to("mysql-9.7") and every.servers == ()


def test_an_annotation_can_name_a_profile_of_a_kind_and_it_wins_over_the_kind() -> None:
    from harness.workload.parser import parse_workload

    (case,) = parse_workload("[case g]\n"
                             "con1: INSERT INTO m SELECT 1 => mysql-9.7-gtid-on:1785,mysql-9.7-gtid-on/STATEMENT:OK\n")
    step = case.steps[0]
    assert step.expected_for("ROW", "mysql-9.7", "mysql-9.7-gtid-on") == 1785
    assert step.expected_for("STATEMENT", "mysql-9.7", "mysql-9.7-gtid-on") is None
    assert step.expected_for("ROW", "mysql-9.7", "mysql-9.7-gtid-off") is None   # GTID_MODE=OFF: no refusal
    assert step.expected_for("ROW", "mysql-9.7") is None                         # no profile known
    assert step.expected_for("ROW", "mariadb-10.11", "debian") is None


def test_the_harness_spells_its_own_statements_as_the_kind_does() -> None:
    from harness.kinds import get_kind

    mysql, maria = get_kind("mysql-9.7"), get_kind("mariadb-10.11")
    assert mysql.session_variable("tx_isolation") == "transaction_isolation"
    assert mysql.session_variable("TX_READ_ONLY") == "transaction_read_only"
    assert mysql.session_variable("sql_mode") == "sql_mode"
    assert maria.session_variable("tx_isolation") == "tx_isolation"   # 10.11 has no transaction_isolation
    assert (mysql.reset_binlogs_sql, maria.reset_binlogs_sql) == ("RESET BINARY LOGS AND GTIDS", "RESET MASTER")
    assert (mysql.binlog_checkpoints, maria.binlog_checkpoints) == (False, True)


def test_a_case_can_be_for_one_profile_of_a_kind_and_the_plan_lists_it_as_not_applicable() -> None:
    from harness.config import RunConfig
    from harness.pipeline.regression import not_applicable
    from harness.workload.parser import parse_workload

    (case,) = parse_workload("[case w]\nservers = mariadb, mysql-9.7-gtid-off  # a lock wait GTID_MODE=ON refuses first\n"
                             "con1: SELECT 1\n")
    assert case.applies_to("mysql-9.7", "mysql-9.7-gtid-off") and case.applies_to("mariadb-10.11", "debian")
    assert not case.applies_to("mysql-9.7", "mysql-9.7-gtid-on")
    on = RunConfig(reference="mysql-9.7", profile="mysql-9.7-gtid-on")
    (na,) = not_applicable(on, [case])
    assert na["not_for"] == ["mysql-9.7 (mysql-9.7-gtid-on)"] and na["reason"] == "a lock wait GTID_MODE=ON refuses first"
    assert not_applicable(RunConfig(reference="mysql-9.7", profile="mysql-9.7-gtid-off"), [case]) == []
