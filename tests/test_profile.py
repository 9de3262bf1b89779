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
    assert (p.collation_server, p.skip_name_resolve, p.gtid_domain_id, p.server_id,
            p.matched_host()) == ("latin1_swedish_ci", True, 3, 9, "%")
    # As @@sql_mode shows --sql-mode=TRADITIONAL (observed on 10.11).
    assert p.sql_mode == ("STRICT_TRANS_TABLES,STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,"
                          "ERROR_FOR_DIVISION_BY_ZERO,TRADITIONAL,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION")
    with pytest.raises(ProfileError, match="NOPE"):
        ServerProfile("x", sql_mode="STRICT_TRANS_TABLES,NOPE")


def test_serve_rejects_a_bad_profile_option(capsys):
    assert cli.main(["serve", "--port", "0", "--character-set-server=koi8r"]) == 2
    assert "koi8r" in capsys.readouterr().err
    assert cli.main(["serve", "--port", "0", "--binlog-checksum=NONE"]) == 2
    assert "CRC32 only" in capsys.readouterr().err
    assert cli.main(["run", "--profile", "nope"]) == 2


def _thd(tmp: Path, profile: ServerProfile):  # type: ignore[no-untyped-def]
    from harness.sql.server import ServerState
    from harness.sql.thd import Thd

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


CUSTOM = ServerProfile(
    "custom", "every setting away from the defaults", character_set_server="latin1",
    collation_server="latin1_bin", skip_name_resolve=True, accounts=("%",), sql_mode="TRADITIONAL",
    binlog_row_image="MINIMAL", server_id=5, gtid_domain_id=3)


@pytest.mark.server
@pytest.mark.slow
def test_a_profile_away_from_every_default_matches_mariadb(tmp_path):
    """Real MariaDB and replbed serve from the same (unnamed) profile: same binlogs,
    results and tables on cases whose logging the profile changes (definers, charsets,
    strictness, row images, GTID domain and server id)."""
    import fnmatch

    from harness.compare import compare_case
    from harness.providers.base import ServerSettings
    from harness.providers.local import LocalMariaDBProvider
    from harness.providers.replbed import ReplbedProvider
    from harness.workload import load_workloads

    root = Path(__file__).resolve().parents[1]
    globs = ("vr_*", "seed000_example2*", "explore2_user_vars_from_columns")
    cases = [c for c in load_workloads(str(root / "workloads" / "*.wl"))
             if any(fnmatch.fnmatch(c.name, g) for g in globs)]
    settings = ServerSettings(profile=CUSTOM)
    diffs = []
    with LocalMariaDBProvider().start(settings, tmp_path / "ref") as ref, \
            ReplbedProvider().start(settings, tmp_path / "rb") as rb:
        for h in (ref, rb):
            conn = h.connect()
            cur = conn.cursor()
            cur.execute("SELECT CURRENT_USER(), @@gtid_domain_id, @@server_id, @@binlog_row_image")
            assert cur.fetchone() == ("root@%", 3, 5, "MINIMAL")
            conn.close()
        for c in cases:
            for f in c.formats:
                r = compare_case(ref, rb, c, f, tmp_path)
                if not r.same:
                    diffs.append(f"{c.name} {f}: " + "\n".join(r.lines[:6]))
    assert len(cases) >= 5 and not diffs, "\n".join(diffs)
