"""MySQL 8.0+'s account statements, where they differ from MariaDB's (stmt/sql_acl.py):
CREATE/ALTER/DROP/RENAME USER, CREATE/DROP ROLE, GRANT/REVOKE of privileges and roles
(sql/auth/sql_user.cc, sql_authorization.cc; the logged text from sql/sql_rewrite.cc).
Each rule observed on 9.7.4 (tests/model/flavors/test_mysql97_accounts.py):

* A statement is atomic (8.0's ACL DDL): one account that fails fails it all -- 1396
  ``Operation CREATE USER failed for 'u'@'h' (User account already exists)`` (``... does not
  exist`` for ALTER/DROP; RENAME USER without the reason) -- nothing is changed or logged.
* IF [NOT] EXISTS turns each failure into a Note, 3163 ``Authorization ID 'u'@'h' already
  exists.`` / 3162 ``... does not exist.``, and the statement is logged even when it changed
  nothing.
* The logged text: CREATE USER and ALTER USER are rebuilt -- the accounts quoted, each
  CREATE'd one ``IDENTIFIED WITH 'caching_sha2_password'``, the options after them in upper
  case (``WITH MAX_QUERIES_PER_HOUR 10``, ``ACCOUNT LOCK``); a GRANT of privileges too --
  the privileges in the server's order (``SELECT, INSERT``; ``ALL PRIVILEGES``; columns as
  ``UPDATE (`a`, `b`)``), the object qualified (``ON `test`.`t```, ``ON `test`.*``, ``*.*``),
  the accounts quoted, ``WITH GRANT OPTION``. REVOKE, roles, DROP and RENAME are logged as
  written. A password is refused (1235): caching_sha2_password logs a salted hash no two
  servers share.
* Every one commits the open transaction first, is logged with an xid and
  Q_UPDATED_DB_NAMES ``mysql`` (and the database of a database/table privilege); a GRANT or
  REVOKE of privileges carries Q_INVOKER.
* GRANT of privileges to an account that does not exist is 1410 (no NO_AUTO_CREATE_USER
  word: 8.0 never creates one); a role or account a role GRANT/REVOKE names that does not
  exist is 3523 ``Unknown authorization ID `r`@`%```; REVOKE of a database or table
  privilege the account does not hold (every one named) is 1141 / 1147.
* A role is an account (``'r1'@'%'``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.sql_errors import Note, ServerError
from harness.sql.stmt.sql_result import OkPacket

if TYPE_CHECKING:
    from harness.sql.thd import Thd

Account = tuple[str, str]

# sql_authorization.cc command_array: the order the rewriter prints privileges in.
_PRIVILEGE_ORDER = [
    "SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "DROP", "RELOAD", "SHUTDOWN", "PROCESS", "FILE",
    "GRANT OPTION", "REFERENCES", "INDEX", "ALTER", "SHOW DATABASES", "SUPER", "CREATE TEMPORARY TABLES",
    "LOCK TABLES", "EXECUTE", "REPLICATION SLAVE", "REPLICATION CLIENT", "CREATE VIEW", "SHOW VIEW",
    "CREATE ROUTINE", "ALTER ROUTINE", "CREATE USER", "EVENT", "TRIGGER", "CREATE TABLESPACE", "CREATE ROLE",
    "DROP ROLE"]


def _key(a: Account) -> Account:
    return (a[0], (a[1] or "%").lower())


def _q(a: Account) -> str:
    return f"'{a[0]}'@'{a[1] or '%'}'"


def account_statement(thd: "Thd", st: A.Account) -> OkPacket:
    options = st.options_text
    if st.verb == "SET PASSWORD" or st.identified or st.identified_by or re.search(r"\bIDENTIFIED\b", options, re.I):
        raise UnsupportedError(f"{st.verb} with a password on MySQL (caching_sha2_password logs a salted hash)")
    if "'" in options or '"' in options:
        raise UnsupportedError(f"{st.verb} options with a string (COMMENT/ATTRIBUTE) on MySQL")
    if st.or_replace or (st.verb.endswith("ROLE") and options.startswith("@")):
        raise UnsupportedError(f"{st.verb} of this form on MySQL")
    thd.implicit_commit()
    verb = st.verb
    if verb in ("CREATE USER", "ALTER USER", "DROP USER", "CREATE ROLE", "DROP ROLE"):
        return _create_alter_drop(thd, st)
    if verb == "RENAME USER":
        return _rename(thd, st)
    if verb in ("GRANT ROLE", "REVOKE ROLE"):
        return _roles(thd, st)
    return _privileges(thd, st)


def _log(thd: "Thd", text: str, *dbs: str | None, invoker: bool = False) -> OkPacket:
    from harness.model.query import add_to_binlog_accessed_dbs
    add_to_binlog_accessed_dbs(thd, "mysql", *dbs)  # type: ignore[arg-type]
    thd.write_ddl(text, db=thd.db, invoker=invoker)
    return OkPacket()


def _create_alter_drop(thd: "Thd", st: A.Account) -> OkPacket:
    accounts: set[Account] = thd.server.accounts
    creating = st.verb.startswith("CREATE")
    failed: list[str] = []
    for a in st.users:
        exists = _key(a) in accounts
        if exists != creating:
            continue
        if st.if_exists or st.if_not_exists:
            word = "already exists" if creating else "does not exist"
            thd.notes.append(Note("Note", 3163 if creating else 3162, f"Authorization ID {_q(a)} {word}."))
        else:
            failed.append(f"{_q(a)} (User account {'already exists' if creating else 'does not exist'})")
    if failed:
        raise ServerError(1396, f"Operation {st.verb} failed for " + ",".join(failed), "HY000")
    for a in st.users:
        if creating:
            accounts.add(_key(a))
        elif st.verb.startswith("DROP") and _key(a) in accounts:
            accounts.discard(_key(a))
            _move_grants(thd, a, None)
    opts = (" " + st.options_text.upper()) if st.options_text else ""
    if st.verb == "CREATE USER":
        plugin = getattr(thd.server.flavor.handshake, "auth_plugin", "caching_sha2_password")
        text = "CREATE USER " + ("IF NOT EXISTS " if st.if_not_exists else "") + \
            ",".join(f"{_q(a)} IDENTIFIED WITH '{plugin}'" for a in st.users) + opts
    elif st.verb == "ALTER USER":
        text = "ALTER USER " + ("IF EXISTS " if st.if_exists else "") + ",".join(_q(a) for a in st.users) + opts
    else:
        text = st.text
    return _log(thd, text)


def _rename(thd: "Thd", st: A.Account) -> OkPacket:
    accounts: set[Account] = thd.server.accounts
    failed = [old for old, new in st.renames if _key(old) not in accounts or _key(new) in accounts]
    if failed:
        raise ServerError(1396, "Operation RENAME USER failed for " + ",".join(_q(a) for a in failed), "HY000")
    for old, new in st.renames:
        accounts.discard(_key(old))
        accounts.add(_key(new))
        _move_grants(thd, old, new)
    return _log(thd, st.text)


def _roles(thd: "Thd", st: A.Account) -> OkPacket:
    accounts: set[Account] = thd.server.accounts
    for name in [*st.roles, *(a[0] + "\0" + a[1] for a in st.users)]:
        user, _, host = name.partition("\0")
        if _key((user, host)) not in accounts:
            raise ServerError(3523, f"Unknown authorization ID `{user}`@`{host or '%'}`", "HY000")
    return _log(thd, st.text)


def _privilege_list(text: str) -> list[tuple[str, list[str]]]:
    """The privileges of a GRANT/REVOKE: (name, columns), the name's words normalised."""
    out: list[tuple[str, list[str]]] = []
    for item in re.findall(r"[^,(]+(?:\([^)]*\))?", text):
        m = re.fullmatch(r"\s*([A-Za-z_ ]+?)\s*(?:\(([^)]*)\))?\s*", item)
        if m is None:
            raise UnsupportedError(f"privilege list '{text}' on MySQL")
        name = " ".join(m.group(1).upper().split())
        if name in ("ALL", "ALL PRIVILEGES"):
            name = "ALL PRIVILEGES"
        elif name not in _PRIVILEGE_ORDER and name != "USAGE":
            raise UnsupportedError(f"privilege {name} on MySQL")
        cols = [c.strip().strip("`") for c in m.group(2).split(",")] if m.group(2) else []
        out.append((name, cols))
    return out


def _privileges_text(privs: list[tuple[str, list[str]]]) -> str:
    order = {p: i for i, p in enumerate(["ALL PRIVILEGES", "USAGE", *_PRIVILEGE_ORDER])}
    parts = []
    for name, cols in sorted(privs, key=lambda p: (order[p[0]], bool(p[1]))):
        parts.append(name + (" (" + ", ".join(f"`{c}`" for c in cols) + ")" if cols else ""))
    return ", ".join(parts)


def _privileges(thd: "Thd", st: A.Account) -> OkPacket:
    accounts: set[Account] = thd.server.accounts
    rows: dict[tuple[str, str, str, str], set[str]] = thd.server.account_grants
    if st.on is None:  # REVOKE ALL PRIVILEGES, GRANT OPTION FROM ...: every privilege
        for a in st.users:
            for k in [k for k in rows if (k[0], k[1]) == _key(a)]:
                del rows[k]
        return _log(thd, st.text, invoker=False)
    db, table = st.on
    if db == "":
        db = thd.db
        if not db:
            raise ServerError(1046, "No database selected", "3D000")
    if table is not None and db is not None and st.verb == "GRANT" and thd.catalog.get_table(db, table) is None:
        raise ServerError(1146, f"Table '{db}.{table}' doesn't exist", "42S02")
    privs = _privilege_list(st.privileges_text)
    names = {n for n, _ in privs}
    if st.verb == "GRANT":
        if any(_key(a) not in accounts for a in st.users):
            raise ServerError(1410, "You are not allowed to create a user with GRANT", "42000")
        if db is not None:
            for a in st.users:
                rows.setdefault((*_key(a), db, table or ""), set()).update(names - {"USAGE"})
        target = "*.*" if db is None else f"`{db}`." + (f"`{table}`" if table is not None else "*")
        opts = st.options_text.upper()
        if opts not in ("", "WITH GRANT OPTION"):
            raise UnsupportedError(f"GRANT ... {opts} on MySQL")
        text = f"GRANT {_privileges_text(privs)} ON {target} TO " + ",".join(_q(a) for a in st.users) + \
            (" WITH GRANT OPTION" if opts else "")
        return _log(thd, text, db, invoker=True)
    if db is not None:
        for a in st.users:
            key = (*_key(a), db, table or "")
            held = rows.get(key)
            if held is None or "ALL PRIVILEGES" not in names and not names <= held | {"USAGE"} \
                    and "ALL PRIVILEGES" not in held:
                where = f"There is no such grant defined for user '{a[0]}' on host '{a[1] or '%'}'"
                raise (ServerError(1147, where + f" on table '{table}'", "42000") if table is not None
                       else ServerError(1141, where, "42000"))
        for a in st.users:
            key = (*_key(a), db, table or "")
            left = set() if "ALL PRIVILEGES" in names or "ALL PRIVILEGES" in rows[key] else rows[key] - names
            if left:
                rows[key] = left
            else:
                del rows[key]
    return _log(thd, st.text, db, invoker=True)


def _move_grants(thd: "Thd", a: Account, new: Account | None) -> None:
    rows: dict[tuple[str, str, str, str], set[str]] = thd.server.account_grants
    for key in [k for k in rows if (k[0], k[1]) == _key(a)]:
        privs = rows.pop(key)
        if new is not None:
            rows[(*_key(new), key[2], key[3])] = privs
