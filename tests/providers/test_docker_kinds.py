"""The Docker provider runs every server kind: MariaDB 10.11 from its offline image, MySQL
9.7 and MariaDB 11.8 from images imported from their roots; and a container sees the
workloads' data files, so LOAD DATA INFILE gives what the local provider gives.

Real containers (skipped only where Docker cannot run at all, as the other docker tests).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from harness.kinds import get_kind
from harness.profile import get_profile
from harness.providers import get_provider
from harness.providers.base import ServerSettings
from harness.runner import run_case
from harness.workload import load_workloads
from tests.providers._shared import replbed_containers

ROOT = Path(__file__).resolve().parents[2]
LOAD_CASES = {c.name: c for c in load_workloads(str(ROOT / "workloads" / "load_data.wl"))}


@pytest.mark.docker
@pytest.mark.server
@pytest.mark.slow
@pytest.mark.parametrize("kind_name", ["mariadb-10.11", "mariadb-11.8", "mysql-9.7"])
def test_load_data_infile_gives_the_same_result_in_a_container(docker_ready: None, tmp_path: Path,
                                                               kind_name: str) -> None:
    if get_kind(kind_name).needs_root and (os.geteuid() != 0):
        pytest.skip("the root of this kind is built as root")
    kind = get_kind(kind_name)
    settings = ServerSettings(flavor=kind.flavor, profile=get_profile(kind.default_profile))
    case = LOAD_CASES["load_data_myisam_plain"]
    before = replbed_containers()
    got = {}
    for provider in ("local", "docker"):
        handle = get_provider(provider, kind=kind.name).start(settings, tmp_path / provider)
        try:
            if provider == "docker":
                assert handle.info.get("image", "").startswith("replbed/")
            out = run_case(handle, case, "STATEMENT", tmp_path / f"case-{provider}", side="reference")
            assert out.status == "ok", out.error
            got[provider] = [(s.sql, s.error_code, s.rows) for s in out.statements]
        finally:
            handle.stop()
    assert got["docker"] == got["local"]
    # the rows were loaded (no 1290 from a --secure-file-priv the container cannot satisfy)
    assert all(code in (None, 0) for _sql, code, _rows in got["docker"]), got["docker"]
    assert replbed_containers() <= before  # nothing left behind


@pytest.mark.docker
@pytest.mark.server
@pytest.mark.slow
def test_the_kind_image_is_imported_from_the_root_once(docker_ready: None) -> None:
    if os.geteuid() != 0:
        pytest.skip("the root is built as root")
    from harness.providers.docker import docker_client
    from harness.providers.kind_image import ensure_kind_image, image_name
    from harness.providers.roots import read_stamp, root_path

    client = docker_client()
    lines: list[str] = []
    image = ensure_kind_image(client, "mysql-9.7", progress=lines.append)
    assert image.labels["replbed.kind"] == "mysql-9.7"
    assert image.labels["replbed.root-version"] == read_stamp(root_path("mysql-9.7"))["version"]
    again = ensure_kind_image(client, "mysql-9.7", progress=lines.append)
    assert again.id == image.id and client.images.get(image_name("mysql-9.7")).id == image.id
    assert not any("importing" in x for x in lines[1:])  # the second call imports nothing


@pytest.mark.docker
@pytest.mark.server
@pytest.mark.slow
def test_container_runs_in_the_time_zone_of_the_local_server(docker_ready: None, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine outside UTC: the local server inherits its zone, so the container must too
    (@@system_time_zone, NOW(), what a TIMESTAMP column reads as); the image's own is UTC."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    settings = ServerSettings(profile=get_profile(None))
    got = {}
    for provider in ("local", "docker"):
        handle = get_provider(provider).start(settings, tmp_path / provider)
        try:
            conn = handle.connect()
            cur = conn.cursor()
            cur.execute("SELECT @@system_time_zone, TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), NOW()), "
                        "FROM_UNIXTIME(1700000000)")
            got[provider] = tuple(str(v) for v in cur.fetchone())
            conn.close()
        finally:
            handle.stop()
    assert got["local"][0] == "CET" and got["local"][2] == "2023-11-14 23:13:20", got["local"]
    assert got["docker"] == got["local"]


def test_host_time_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    from harness.providers.docker import host_time_zone

    monkeypatch.setenv("TZ", "America/New_York")
    assert host_time_zone() == "America/New_York"
    monkeypatch.delenv("TZ")
    link = os.readlink("/etc/localtime") if os.path.islink("/etc/localtime") else ""
    assert host_time_zone() == (link.split("zoneinfo/", 1)[1] if "zoneinfo/" in link else None)
