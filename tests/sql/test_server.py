"""harness/sql/server.py: server-wide state (profile globals, UUID_SHORT, user locks)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from harness.sql.server import UserLocks, apply_profile
from harness.profile import get_profile


def test_a_profile_sets_the_globals_it_names_only() -> None:
    values: dict[str, object] = {"sql_mode": "", "binlog_row_image": "MINIMAL", "unrelated": 1}
    profile = get_profile(None)
    apply_profile(values, profile)
    assert values["sql_mode"] == profile.sql_mode and values["binlog_row_image"] == profile.binlog_row_image
    assert values["unrelated"] == 1 and "gtid_domain_id" not in values


def test_a_profile_replbed_cannot_write_is_refused() -> None:
    with pytest.raises(ValueError, match="binlog_checksum=CRC32 only"):
        apply_profile({}, replace(get_profile(None), binlog_checksum="NONE"))


def test_user_locks_are_held_per_connection() -> None:
    locks = UserLocks()
    assert locks.acquire("a", 1) == 1 and locks.acquire("a", 2) == 0
    assert locks.owner("a") == 1
    assert locks.release_all(1) == 1 and locks.owner("a") is None


def test_a_profile_sets_the_global_client_character_sets_to_the_servers() -> None:
    """init_common_variables: the global client/connection/results character sets are
    the server's (a latin1 server shows @@global.character_set_client latin1)."""
    values: dict[str, object] = {"character_set_client": "utf8mb4", "character_set_connection": "utf8mb4",
                                 "character_set_results": "utf8mb4", "collation_connection": "utf8mb4_general_ci"}
    apply_profile(values, get_profile("no-defaults"))
    assert values == {"character_set_client": "latin1", "character_set_connection": "latin1",
                      "character_set_results": "latin1", "collation_connection": "latin1_swedish_ci"}
