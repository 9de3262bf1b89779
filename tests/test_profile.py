"""Server profiles: one configuration both sides take (harness/profile.py).

The model's side is checked in process (no server); that a real MariaDB started
from a profile matches the same account is tests/providers/test_local_provider-
style, against the real server, at the end of this file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness import cli
from harness.config import ServeConfig
from harness.profile import (
    PROFILES,
    ProfileError,
    ServerProfile,
    get_profile,
    profile_from_args,
)


def test_matched_account_follows_name_resolution_and_accounts():
    debian = get_profile("debian")
    assert (debian.client_host(), debian.matched_host()) == ("localhost", "localhost")
    skip = get_profile("skip-name-resolve")
    assert (skip.client_host(), skip.matched_host()) == ("127.0.0.1", "127.0.0.1")
    only_any = ServerProfile("x", accounts=("%",))
    assert only_any.matched_host() == "%" and only_any.client_host() == "localhost"
    assert ServerProfile("x", accounts=("127.0.0.1", "%")).matched_host() == "127.0.0.1"
    with pytest.raises(ProfileError, match="no account"):
        ServerProfile("x", accounts=("10.0.0.%",), skip_name_resolve=True).matched_host()


def test_profiles_validate_and_unknown_names_are_clear_errors():
    assert get_profile("no-defaults").collation_server == "latin1_swedish_ci"
    with pytest.raises(ProfileError, match="unknown server profile 'nope'"):
        get_profile("nope")
    with pytest.raises(ProfileError, match="not one of latin1"):
        ServerProfile("x", character_set_server="latin1", collation_server="utf8mb4_bin")
    with pytest.raises(ProfileError, match="not modelled"):
        ServerProfile("x", character_set_server="koi8r")


def test_serve_options_reproduce_the_profile():
    """What the replbed provider passes to `replbed serve` parses back into the same profile."""
    parser = cli.build_parser()
    for p in PROFILES.values():
        args = parser.parse_args(["serve", "--profile", p.name, *p.serve_options()])
        assert profile_from_args(args) == p
    args = parser.parse_args(["serve", "--character-set-server=latin1", "--skip-name-resolve",
                              "--sql-mode=traditional", "--gtid-domain-id=3", "--accounts=%"])
    p = profile_from_args(args, server_id=9)
    assert (p.collation_server, p.skip_name_resolve, p.sql_mode, p.gtid_domain_id, p.server_id,
            p.matched_host()) == ("latin1_swedish_ci", True, "TRADITIONAL", 3, 9, "%")


def test_serve_rejects_a_bad_profile_option(capsys):
    assert cli.main(["serve", "--port", "0", "--character-set-server=koi8r"]) == 2
    assert "koi8r" in capsys.readouterr().err
    assert cli.main(["serve", "--port", "0", "--binlog-checksum=NONE"]) == 2
    assert "CRC32 only" in capsys.readouterr().err
    assert cli.main(["run", "--profile", "nope"]) == 2


def _thd(tmp: Path, profile: ServerProfile):  # type: ignore[no-untyped-def]
    from harness.engine.server import ServerState
    from harness.engine.thd import Thd

    state = ServerState(ServeConfig(binlog_dir=tmp / profile.name, port=0, profile=profile))
    state.start()
    thd = Thd(state, 1, "root", "127.0.0.1")
    thd.execute("CREATE DATABASE test")
    thd.use_db("test")
    return state, thd


def _rows(thd, sql):  # type: ignore[no-untyped-def]
    return [list(r) for r in thd.execute(sql).rows]


@pytest.mark.parametrize("name,user,definer,charset,varchar_meta", [
    ("debian", "root@localhost", "`root`@`localhost`", "utf8mb4", 800),
    ("skip-name-resolve", "root@127.0.0.1", "`root`@`127.0.0.1`", "utf8mb4", 800),
    ("no-defaults", "root@localhost", "`root`@`localhost`", "latin1", 200),
])
def test_model_derives_accounts_and_charsets_from_the_profile(tmp_path, name, user, definer, charset,
                                                              varchar_meta):
    state, thd = _thd(tmp_path, get_profile(name))
    try:
        assert _rows(thd, "SELECT USER(), CURRENT_USER(), @@character_set_server, @@collation_database") == [
            [user, user, charset, get_profile(name).collation_server]]
        thd.execute("CREATE TABLE t (a INT, s VARCHAR(200))")
        thd.execute("CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 1")
        col = state.catalog.get_table("test", "t").columns[1]
        assert col.type.binlog_metadata() == varchar_meta
        files = [tmp_path / name / f for f in state.binlog.files]
    finally:
        state.shutdown()
    from harness.compare import listing

    text = "\n".join(listing(files))
    assert f"CREATE DEFINER={definer} TRIGGER" in text
