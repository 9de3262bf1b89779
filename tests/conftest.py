"""Session-wide: a daemon the test session starts (dockerd for the Docker tests) is
stopped when the session ends; one that was already running is left alone
(harness/daemons.py)."""

from __future__ import annotations

from harness.daemons import StopStartedDaemons

_DAEMONS = StopStartedDaemons()


def pytest_sessionstart(session) -> None:  # noqa: ARG001
    _DAEMONS.__enter__()


def pytest_sessionfinish(session, exitstatus) -> None:  # noqa: ARG001
    _DAEMONS.__exit__(None, None, None)
    for line in _DAEMONS.stopped:
        print(f"\n[replbed] {line}")
