"""harness/sql/sys_vars/sysvar_profile.py: the flavours' system-variable profiles."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from harness.diagnostics import ServerError
from harness.sql.sys_vars.sysvar_profile import MariaDBSysvars, MySQL80Sysvars, gtid_next_value, sysvar_profile_for


@dataclass
class _Globals:
    values: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Server:
    global_vars: _Globals


@dataclass
class _Session:
    """What check_set reads and writes: the global values, the session's (@@gtid_owned)
    and gtid_next_used."""

    server: _Server
    gtid_next_used: bool = True
    vars: _Globals = field(default_factory=_Globals)


def _session(**globals_: Any) -> Any:
    return _Session(_Server(_Globals(dict(globals_))))


def test_profile_by_flavour_name() -> None:
    assert isinstance(sysvar_profile_for("mariadb-10.11"), MariaDBSysvars)
    assert isinstance(sysvar_profile_for("mysql-8.0"), MySQL80Sysvars)
    with pytest.raises(ValueError):
        sysvar_profile_for("oracle")


def test_gtid_next_value_normalises_the_uuid() -> None:
    assert gtid_next_value(" automatic ") == "AUTOMATIC"
    assert gtid_next_value("3E11FA47-71CA-11E1-9E33-C80AA9429562:5") == "3e11fa47-71ca-11e1-9e33-c80aa9429562:5"
    for bad in ("3e11fa47-71ca-11e1-9e33-c80aa9429562:0", "nonsense"):
        with pytest.raises(ValueError):
            gtid_next_value(bad)


@pytest.mark.parametrize("mode, value, code", [
    ("OFF", "3e11fa47-71ca-11e1-9e33-c80aa9429562:1", 1781),
    ("ON", "ANONYMOUS", 1782),
])
def test_mysql_refuses_gtid_next_the_gtid_mode_forbids(mode: str, value: str, code: int) -> None:
    with pytest.raises(ServerError) as ei:
        MySQL80Sysvars("OFF", None).check_set(_session(gtid_mode=mode), "gtid_next", "session", value)
    assert ei.value.code == code


def test_setting_gtid_next_clears_the_used_mark() -> None:
    thd = _session(gtid_mode="ON")
    MySQL80Sysvars("ON", None).check_set(thd, "gtid_next", "session", "AUTOMATIC")
    assert thd.gtid_next_used is False


def test_gtid_mode_moves_one_step_at_a_time() -> None:
    with pytest.raises(ServerError) as ei:
        MySQL80Sysvars("OFF", None).check_set(_session(gtid_mode="OFF"), "gtid_mode", "global", "ON_PERMISSIVE")
    assert ei.value.code == 1788
    MySQL80Sysvars("OFF", None).check_set(_session(gtid_mode="OFF"), "gtid_mode", "global", "OFF_PERMISSIVE")
