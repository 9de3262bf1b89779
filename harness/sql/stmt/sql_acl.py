"""Account management: CREATE/ALTER/DROP/RENAME USER, CREATE/DROP ROLE, GRANT, REVOKE,
SET PASSWORD -- as far as the binary log and the statements' answers need them.

What MariaDB 10.11 does (sql_acl.cc; each rule observed on 10.11.19):

* Every one of them commits the open transaction first (CF_AUTO_COMMIT_TRANS) and is
  written as a statement of its own, whatever binlog_format says (the privilege tables
  are never logged as rows): ``write_bin_log(thd, FALSE, thd->query(), ...)``, a
  standalone GTID group.
* The text is logged **as written**, password included: ``CREATE USER u IDENTIFIED BY
  'secret'`` is in the binlog with 'secret' (10.11 rewrites only SET PASSWORD).
  ``SET PASSWORD FOR u@h = PASSWORD('p')`` is logged as ``SET PASSWORD FOR
  'u'@'h'='*<SHA1(SHA1(p)) in hex>'`` (the hash given, for ``= '*hash'``).
* A statement over several accounts that fails for some of them (1396) still changes
  and logs the others (mysql_create_user: ``if (some_users_created || !result)
  write_bin_log``), with the error in the Query event; one that changed none is not
  logged.
* IF [NOT] EXISTS turns the failure into a Note -- 1973 (CREATE USER: already exists),
  1974 (DROP USER: does not exist), 1975/1976 (CREATE/DROP ROLE), 1396 (ALTER USER) --
  and the statement is logged all the same, except ALTER USER IF EXISTS on a missing
  account (nothing altered: not logged).
* Errors: 1396 "Operation <VERB> failed for 'u'@'h'" (a role: 'r'), 1133 for a GRANT
  or SET PASSWORD to an account that does not exist (NO_AUTO_CREATE_USER is in the
  default sql_mode), 1959 "Invalid role specification" for an unknown role, 1146 for
  a GRANT on a table that does not exist.

The accounts live on the server (ServerState.accounts, seeded with mariadb-install-db's);
privileges are not modelled: SHOW GRANTS is refused (1235), and no statement is checked
against them (the harness connects as root).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import Note, ServerError
from harness.sql.stmt.sql_result import OkPacket

if TYPE_CHECKING:
    from harness.sql.thd import Thd

Account = tuple[str, str]


def install_db_accounts(hostname: str) -> set[Account]:
    """The accounts mariadb-install-db creates (the reference's starting point)."""
    accounts = {("root", "localhost"), ("root", "127.0.0.1"), ("root", "::1"), ("", "localhost"),
                ("mariadb.sys", "localhost")}
    if hostname:
        accounts |= {("root", hostname.lower()), ("", hostname.lower())}
    return accounts


def _key(a: Account) -> Account:
    return (a[0], a[1].lower())


def _fmt(a: Account) -> str:
    return f"'{a[0]}'@'{a[1]}'" if a[1] else f"'{a[0]}'"


def _failed(verb: str, accounts: list[Account]) -> ServerError:
    return ServerError(1396, f"Operation {verb} failed for " + ",".join(_fmt(a) for a in accounts), "HY000")


def password_hash(password: str) -> str:
    """The mysql_native_password hash: '*' and SHA1(SHA1(password)) in upper-case hex."""
    if password == "":
        return ""
    inner = hashlib.sha1(password.encode("utf-8", "surrogateescape")).digest()
    return "*" + hashlib.sha1(inner).hexdigest().upper()


def account_statement(thd: "Thd", st: A.Account) -> OkPacket:
    if thd.server.flavor.sql.mysql_accounts:
        # MySQL 8.0+: atomic, rewritten when logged (stmt/sql_acl_mysql.py). MariaDB 11.8 logs
        # them as 10.11 does (the corpus's query_accounts_* cases against the real 11.8).
        from harness.sql.stmt import sql_acl_mysql
        return sql_acl_mysql.account_statement(thd, st)
    thd.implicit_commit()
    state = thd.server
    users: set[Account] = state.accounts
    roles: set[str] = state.roles
    verb = st.verb
    if verb in ("CREATE USER", "DROP USER", "ALTER USER", "CREATE ROLE", "DROP ROLE"):
        ok = _create_drop(thd, st, users, roles)
        if verb in ("CREATE USER", "ALTER USER"):
            _remember_passwords(thd, st)
        return ok
    if verb == "RENAME USER":
        return _rename(thd, st, users)
    if verb == "SET PASSWORD":
        return _set_password(thd, st, users)
    return _grant(thd, st, users, roles)


def _remember_passwords(thd: "Thd", st: A.Account) -> None:
    """The stored mysql_native_password hash of the accounts a CREATE/ALTER USER named
    with IDENTIFIED BY, so a client can log in as them (verify_login)."""
    stored: dict[Account, bytes] = thd.server.account_auth
    for a, (kind, value) in st.identified_by.items():
        if kind == "PASSWORD":
            inner = hashlib.sha1(value.encode("utf-8", "surrogateescape")).digest()
            stored[_key(a)] = hashlib.sha1(inner).digest() if value else b""
        elif value.startswith("*") and len(value) == 41:
            stored[_key(a)] = bytes.fromhex(value[1:])
    for a in st.users:
        if st.verb == "CREATE USER" and a not in st.identified_by and _key(a) not in stored:
            stored[_key(a)] = b""


def verify_login(state: object, user: str, response: bytes, scramble: bytes) -> bool:
    """mysql_native_password against the accounts this server created (any host):
    SHA1(scramble + stored) XOR response, hashed, is the stored SHA1(SHA1(password))."""
    stored: dict[Account, bytes] = getattr(state, "account_auth", {})
    for (u, _h), h in stored.items():
        if u != user:
            continue
        if not h:
            if response == b"":
                return True
            continue
        if len(response) != 20:
            continue
        mix = hashlib.sha1(scramble[:20] + h).digest()
        stage1 = bytes(a ^ b for a, b in zip(response, mix))
        if hashlib.sha1(stage1).digest() == h:
            return True
    return False


def _create_drop(thd: "Thd", st: A.Account, users: set[Account], roles: set[str]) -> OkPacket:
    verb = st.verb
    role = verb.endswith("ROLE")
    failed: list[Account] = []
    changed = False
    for a in st.users:
        k = _key(a)
        exists = (a[0] in roles) if role else (k in users)
        if verb.startswith("CREATE"):
            if exists and not st.or_replace:
                if st.if_not_exists:
                    code, what = (1975, "role") if role else (1973, "user")
                    thd.notes.append(Note("Note", code, f"Can't create {what} {_fmt(a)}; it already exists"))
                else:
                    failed.append(a)
                continue
            (roles.add(a[0]) if role else users.add(k))
            changed = True
        elif verb.startswith("DROP"):
            if not exists:
                if st.if_exists:
                    code, what = (1976, "role") if role else (1974, "user")
                    thd.notes.append(Note("Note", code, f"Can't drop {what} {_fmt(a)}; it doesn't exist"))
                else:
                    failed.append(a)
                continue
            (roles.discard(a[0]) if role else users.discard(k))
            if not role:
                _forget_grants(thd, a)
            changed = True
        else:  # ALTER USER
            if not exists:
                # mysql_alter_user tries the GRANT path first, which pushes 1410 (observed).
                thd.notes.append(Note("Error", 1410, "You are not allowed to create a user with GRANT"))
                if st.if_exists:
                    thd.notes.append(Note("Note", 1396, f"Operation ALTER USER failed for {_fmt(a)}"))
                else:
                    failed.append(a)
                continue
            changed = True
    return _finish(thd, st, failed, changed or (st.if_exists or st.if_not_exists) and verb != "ALTER USER")


def _finish(thd: "Thd", st: A.Account, failed: list[Account], log: bool) -> OkPacket:
    err = _failed(st.verb, failed) if failed else None
    if log:
        # GRANT/REVOKE of privileges and CREATE ROLE replicate the current user as the
        # grantor / the role's admin (thd->binlog_invoker(): Q_INVOKER, observed).
        invoker = st.verb in ("GRANT", "CREATE ROLE") or st.verb == "REVOKE" and st.on is not None
        thd.write_ddl(st.text, db=thd.db, error_code=err.code if err else 0, invoker=invoker)
        if err is not None:
            # The privilege tables are Aria: the failed statement's rollback cannot undo
            # the accounts it changed (observed after a 1396 that changed some).
            err.trailing_notes.append(Note("Note", 4173, "Engine Aria does not support rollback. "
                                           "Changes were committed during rollback call"))
    if err is not None:
        raise err
    return OkPacket()


def _rename(thd: "Thd", st: A.Account, users: set[Account]) -> OkPacket:
    failed: list[Account] = []
    changed = False
    for old, new in st.renames:
        if _key(old) not in users or _key(new) in users:
            failed.append(old)
            continue
        users.discard(_key(old))
        users.add(_key(new))
        _forget_grants(thd, old, new)
        changed = True
    return _finish(thd, st, failed, changed)


def _no_matching_row() -> ServerError:
    return ServerError(1133, "Can't find any matching row in the user table", "28000")


def _set_password(thd: "Thd", st: A.Account, users: set[Account]) -> OkPacket:
    a = st.users[0]
    if _key(a) not in users:
        raise _no_matching_row()
    assert st.password is not None
    kind, value = st.password
    if kind == "OLD_PASSWORD":
        from harness.sql.parse.parse_errors import UnsupportedError
        raise UnsupportedError("OLD_PASSWORD()")
    hashed = password_hash(value) if kind == "PASSWORD" else value
    if kind == "HASH" and hashed and (len(hashed) != 41 or not hashed.startswith("*")):
        raise ServerError(1372, "Password hash should be a 41-digit hexadecimal number", "HY000")
    text = f"SET PASSWORD FOR {_fmt(a)}='{hashed}'"
    thd.write_ddl(text, db=thd.db)
    return OkPacket()


def _grant(thd: "Thd", st: A.Account, users: set[Account], roles: set[str]) -> OkPacket:
    for r in st.roles:
        if r not in roles and r.upper() != "PUBLIC":
            raise ServerError(1959, f"Invalid role specification `{r}`", "OP000")
    missing = [a for a in st.users if _key(a) not in users and a[0] not in roles]
    if missing:
        if st.verb == "GRANT" and st.identified and "NO_AUTO_CREATE_USER" not in str(thd.vars.get("sql_mode")):
            for a in missing:
                users.add(_key(a))
        elif st.verb.startswith("REVOKE"):
            raise _failed("REVOKE", missing)
        else:
            raise _no_matching_row()
    if st.on is not None and st.on[1] is not None:
        db = st.on[0] or thd.db
        if not db:
            raise ServerError(1046, "No database selected", "3D000")
        if thd.catalog.get_table(db, st.on[1]) is None and st.verb == "GRANT":
            raise ServerError(1146, f"Table '{db}.{st.on[1]}' doesn't exist", "42S02")
    if st.on is not None and st.on[0] is not None:
        _privilege_rows(thd, st)
    return _finish(thd, st, [], True)


def _privilege_rows(thd: "Thd", st: A.Account) -> None:
    """The mysql.db / mysql.tables_priv rows a database- or table-level GRANT adds to and
    REVOKE takes from: a REVOKE where the account has no row is 1141 (database) or 1147
    (table), and a row without privileges left is deleted (observed: REVOKE INSERT after
    GRANT SELECT succeeds, a second REVOKE SELECT is 1141). Global privileges live in the
    account itself: never an error."""
    assert st.on is not None
    db = st.on[0] or thd.db or ""
    rows: dict[tuple[str, str, str, str], set[str]] = thd.server.account_grants
    privs = {p for p in st.privileges if p not in ("PRIVILEGES", "OPTION")}
    for a in st.users:
        key = (a[0], a[1].lower(), db, st.on[1] or "")
        if st.verb == "GRANT":
            rows.setdefault(key, set()).update(privs)
            continue
        if key not in rows:
            where = f"There is no such grant defined for user '{a[0]}' on host '{a[1]}'"
            err = (ServerError(1147, where + f" on table '{st.on[1]}'", "42000") if st.on[1] is not None
                   else ServerError(1141, where, "42000"))
            # mysql_grant's rollback of the Aria privilege tables (observed, even with no change).
            err.trailing_notes.append(Note("Note", 4173, "Engine Aria does not support rollback. "
                                           "Changes were committed during rollback call"))
            raise err
        left = set() if "ALL" in privs else rows[key] - privs if "ALL" not in rows[key] else rows[key]
        if left:
            rows[key] = left
        else:
            del rows[key]


def _forget_grants(thd: "Thd", a: Account, new: Account | None = None) -> None:
    rows: dict[tuple[str, str, str, str], set[str]] = thd.server.account_grants
    for key in [k for k in rows if (k[0], k[1]) == _key(a)]:
        privs = rows.pop(key)
        if new is not None:
            rows[(new[0], new[1].lower(), key[2], key[3])] = privs
