"""What the provider tests of this folder share: Docker made usable (or the test skipped),
the containers replbed owns, and a case as the runner leaves it, with a real binlog."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from harness.runner import CaseOutcome


def docker_client_or_skip() -> Any:
    """A client of a daemon that answers, with the offline image built (``make image``, a
    no-op when built). Where Docker cannot work on this machine the test skips with the
    build's own error; with REPLBED_REQUIRE_DOCKER set it fails instead."""
    try:
        import docker  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"docker SDK not installed: {exc}")
    from harness.providers.docker import DockerUnavailableError, ImageMissingError, build_image, docker_client

    try:
        build_image()
        return docker_client()
    except (ImageMissingError, DockerUnavailableError, subprocess.TimeoutExpired) as exc:
        if os.environ.get("REPLBED_REQUIRE_DOCKER"):
            raise
        pytest.skip(f"Docker is not usable on this machine: {exc}")


def replbed_containers() -> set[str]:
    """The ids of every container (any state) carrying replbed's owner label."""
    from harness.providers.docker import docker_client, labelled_containers

    return {c.id for c in labelled_containers(docker_client())}


def trigger_case(d: Path, definer: str, error_code: int | None = None) -> CaseOutcome:
    """One CREATE TRIGGER by root@``definer`` in a real binlog under ``d/binlog`` (replbed's
    own writer), and the outcome a runner records for it (the statement's error: ``error_code``)."""
    from harness.config import ServeConfig
    from harness.runner import StatementOutcome
    from harness.sql.server import ServerState
    from harness.sql.thd import Thd

    state = ServerState(ServeConfig(binlog_dir=d / "binlog", port=0))
    state.start()
    thd = Thd(state, 1)
    thd.definer_host = definer
    thd.execute("CREATE DATABASE test")
    thd.use_db("test")
    thd.execute("CREATE TABLE t (a INT)")
    thd.execute("CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 1")
    state.shutdown()
    return CaseOutcome(case="c", format="ROW", side="reference", status="ok",
                       statements=[StatementOutcome(0, "step", "con1", "CREATE TRIGGER ...", 1, error_code)],
                       binlog_files=[Path(f).name for f in state.binlog.files], dest_dir=d)
