"""One module per server flavour; each builds a :class:`~harness.model.flavor.Flavor`
from the policies the layers ask (harness/model/flavor.py)."""

from __future__ import annotations

from harness.model.flavor import Flavor
from harness.model.flavors.mariadb import mariadb_10_11, mariadb_11_8
from harness.model.flavors.mysql80 import mysql_8_0, mysql_9_7


def flavor_for(name: str, *, gtid_mode: str = "OFF", server_uuid: str | None = None) -> Flavor:
    if name == "mysql-8.0":
        return mysql_8_0(gtid_mode=gtid_mode, server_uuid=server_uuid)
    if name == "mysql-9.7":
        return mysql_9_7(gtid_mode=gtid_mode, server_uuid=server_uuid)
    if name == "mariadb-10.11":
        return mariadb_10_11()
    if name == "mariadb-11.8":
        return mariadb_11_8()
    raise ValueError(f"unknown flavor {name!r}")


__all__ = ["Flavor", "flavor_for", "mariadb_10_11", "mariadb_11_8", "mysql_8_0", "mysql_9_7"]
