"""The Docker tests of this folder take ``docker_ready``: Docker usable, or the module's
tests skipped (tests/providers/_shared.py)."""

from __future__ import annotations

import pytest

from tests.providers._shared import docker_client_or_skip


@pytest.fixture(scope="module")
def docker_ready() -> None:
    docker_client_or_skip()
