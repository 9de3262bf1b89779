"""``replbed fuzz --reference KIND [--candidate …]``: random differential testing against any
server kind (harness/kinds.py), not only MariaDB 10.11.

The sides are data (:class:`FuzzSides`); the server tests start real MariaDB 11.8
servers from the kind's root (built on first use, then cached) and read the binlogs
each side wrote, so a run that silently fell back to MariaDB 10.11 fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.binlog.reader import read_binlog_file
from harness.fuzz.differential import FuzzSides
from harness.kinds import UnknownKindError, get_kind
from harness.providers.roots import is_built

ROOT = Path(__file__).resolve().parents[2]


def test_the_default_sides_are_todays_mariadb_10_11_against_replbed() -> None:
    s = FuzzSides.of(None)
    assert (s.reference, s.candidate, s.candidate_kind, s.candidate_provider) == \
        ("mariadb-10.11", "replbed", "mariadb-10.11", "replbed")
    assert s.reference_settings.flavor == s.candidate_settings.flavor == "mariadb-10.11"
    assert s.reference_settings.profile.name == "debian"
    assert s.candidate_label == "replbed (mariadb-10.11)"


def test_a_reference_kind_brings_its_flavour_and_profile() -> None:
    s = FuzzSides.of("mariadb-11.8")
    assert s.reference_settings.flavor == s.candidate_settings.flavor == "mariadb-11.8"
    assert s.reference_settings.profile.name == "mariadb-11.8-debian"
    assert s.candidate_provider == "replbed" and s.candidate_label == "replbed (mariadb-11.8)"
    selfcheck = FuzzSides.of("mariadb-11.8", replbed_provider="local")
    assert (selfcheck.candidate_provider, selfcheck.candidate_kind) == ("local", "mariadb-11.8")
    assert selfcheck.candidate_label == "mariadb-11.8 (self-check)"
    on = FuzzSides.of("mysql-9.7", profile="mysql-9.7-gtid-on")
    assert on.reference_settings.profile.gtid_mode == "ON" and on.candidate_settings.flavor == "mysql-9.7"
    # another real kind as the candidate runs with that kind's own profile (an upgrade check)
    up = FuzzSides.of("mariadb-10.11", candidate="mariadb-11.8")
    assert (up.candidate_kind, up.candidate_provider) == ("mariadb-11.8", "local")
    assert up.reference_settings.profile.name == "debian"
    assert up.candidate_settings.profile.name == "mariadb-11.8-debian"


def test_sides_that_make_no_sense_are_refused() -> None:
    with pytest.raises(ValueError, match="not one of mariadb-11.8's"):
        FuzzSides.of("mariadb-11.8", profile="debian")
    with pytest.raises(ValueError, match="self-check"):
        FuzzSides.of("mariadb-10.11", candidate="mariadb-11.8", replbed_provider="local")
    with pytest.raises(UnknownKindError):
        FuzzSides.of("postgres-17")


def _fuzz(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "harness.cli", "fuzz", "--out", str(tmp_path / "fz"), *args],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)


@pytest.mark.parametrize("args, message", [
    (["--reference", "postgres-17"], "invalid choice: 'postgres-17'"),
    (["--reference", "mariadb-11.8", "--profile", "mysql-9.7-gtid-on"], "not one of mariadb-11.8's"),
    (["--candidate", "mariadb-11.8", "--replbed-provider", "local"], "self-check"),
])
def test_bad_sides_are_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    res = _fuzz(tmp_path, "--cases", "1", *args)
    assert res.returncode == 2 and message in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "fz").exists()  # refused before anything started


def _server_version(binlog: Path) -> str:
    fde = read_binlog_file(binlog)[0]
    return str(getattr(fde, "server_version", ""))


needs_11_8 = pytest.mark.skipif(
    not is_built(get_kind("mariadb-11.8")) and (os.geteuid() != 0 or not shutil.which("debootstrap")),
    reason="the MariaDB 11.8 root is not built and cannot be (needs root and debootstrap)")


@pytest.mark.server
@pytest.mark.slow
@needs_11_8
def test_two_real_mariadb_11_8_servers_agree_noise_zero(tmp_path: Path) -> None:
    res = _fuzz(tmp_path, "--reference", "mariadb-11.8", "--replbed-provider", "local", "--seed", "23",
                "--cases", "4", "--formats", "ROW", "STATEMENT", "--no-shrink")
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    d = json.loads((tmp_path / "fz" / "fuzz.json").read_text())
    assert (d["reference"], d["profile"], d["candidate_label"]) == \
        ("mariadb-11.8", "mariadb-11.8-debian", "mariadb-11.8 (self-check)")
    assert d["noise"]["dropped"] == 0 and d["scored"] == 8 and d["matched"] == 8
    work = tmp_path / "fz" / "work" / "cases"
    for side in ("reference", "replbed"):  # both sides really were 11.8 servers
        binlogs = sorted(work.glob(f"{side}*/binlog/binlog.0*"))
        assert binlogs and _server_version(binlogs[0]).startswith("11.8."), side
    assert "sides: reference mariadb-11.8 (mariadb-11.8-debian), candidate mariadb-11.8 (self-check)" in res.stdout


@pytest.mark.server
@pytest.mark.slow
@needs_11_8
def test_replbed_is_fuzzed_with_its_flavour_of_the_kind(tmp_path: Path) -> None:
    res = _fuzz(tmp_path, "--reference", "mariadb-11.8", "--seed", "23", "--cases", "2", "--formats", "ROW",
                "--no-shrink")
    assert res.returncode in (0, 1), res.stderr[-3000:]
    d = json.loads((tmp_path / "fz" / "fuzz.json").read_text())
    assert d["candidate_label"] == "replbed (mariadb-11.8)" and d["scored"] == 2
    work = tmp_path / "fz" / "work" / "cases"
    ref = _server_version(sorted(work.glob("reference*/binlog/binlog.0*"))[0])
    cand = _server_version(sorted(work.glob("replbed*/binlog/binlog.0*"))[0])
    assert ref.startswith("11.8.") and cand == ref  # replbed writes the 11.8 server's version
