"""Server profiles: one explicit description of how a MariaDB server is configured.

A binlog depends on the server's configuration as much as on the workload: the
server character set decides the charset ids in every Query event and the
byte length of every VARCHAR in the rows events; name resolution and the
accounts decide which account a client is matched as, and so the
``DEFINER=`user`@`host``` of every stored object and ``CURRENT_USER()``.  If the
reference server and replbed took these from two places they would drift (a
container matches root as ``root@'%'``, a local process as ``root@127.0.0.1``).

So both sides take them from one :class:`ServerProfile`: the local and docker
providers turn it into ``mariadbd`` options plus an init file that creates the
accounts (:meth:`mariadbd_options`, :meth:`init_sql`), and ``replbed serve``
receives the same options (:meth:`serve_options`) and derives its model from
them.  A run selects a profile by name (``replbed run --profile NAME``, the
DAG's ``profile`` param); the named profiles live in :data:`PROFILES`.
"""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass

# Character sets and their default collations the model knows (harness/sql/item/column_types.py).
_DEFAULT_COLLATION = {"latin1": "latin1_swedish_ci", "utf8mb4": "utf8mb4_general_ci",
                      "utf8mb3": "utf8mb3_general_ci", "ascii": "ascii_general_ci"}
# The server's built-in default when no option sets it.
SERVER_DEFAULT_SQL_MODE = "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION"
LOOPBACK = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})


# sql_mode's words in the server's bit order (how @@sql_mode lists them), and what the
# combination modes the model knows stand for (observed: SET sql_mode='TRADITIONAL').
SQL_MODE_ORDER = (
    "REAL_AS_FLOAT", "PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE", "IGNORE_BAD_TABLE_OPTIONS",
    "ONLY_FULL_GROUP_BY", "NO_UNSIGNED_SUBTRACTION", "NO_DIR_IN_CREATE", "POSTGRESQL", "ORACLE", "MSSQL",
    "DB2", "MAXDB", "NO_KEY_OPTIONS", "NO_TABLE_OPTIONS", "NO_FIELD_OPTIONS", "MYSQL323", "MYSQL40", "ANSI",
    "NO_AUTO_VALUE_ON_ZERO", "NO_BACKSLASH_ESCAPES", "STRICT_TRANS_TABLES", "STRICT_ALL_TABLES",
    "NO_ZERO_IN_DATE", "NO_ZERO_DATE", "ALLOW_INVALID_DATES", "ERROR_FOR_DIVISION_BY_ZERO", "TRADITIONAL",
    "NO_AUTO_CREATE_USER", "HIGH_NOT_PRECEDENCE", "NO_ENGINE_SUBSTITUTION", "PAD_CHAR_TO_FULL_LENGTH",
    "EMPTY_STRING_IS_NULL", "SIMULTANEOUS_ASSIGNMENT", "TIME_ROUND_FRACTIONAL",
)
_SQL_MODE_EXPANDS = {
    "TRADITIONAL": ("STRICT_TRANS_TABLES", "STRICT_ALL_TABLES", "NO_ZERO_IN_DATE", "NO_ZERO_DATE",
                    "ERROR_FOR_DIVISION_BY_ZERO", "NO_AUTO_CREATE_USER", "NO_ENGINE_SUBSTITUTION"),
    "ANSI": ("REAL_AS_FLOAT", "PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE"),
}


def normalize_sql_mode(text: str) -> str:
    """``--sql-mode`` as @@sql_mode shows it: combination modes expanded, bit order."""
    words = {w.strip().upper() for w in text.split(",") if w.strip()}
    unknown = sorted(words - set(SQL_MODE_ORDER))
    if unknown:
        raise ProfileError(f"unknown sql_mode word(s) {', '.join(unknown)}")
    for combo, parts in _SQL_MODE_EXPANDS.items():
        if combo in words:
            words.update(parts)
    return ",".join(w for w in SQL_MODE_ORDER if w in words)


class ProfileError(ValueError):
    """An unknown profile name or an inconsistent profile."""


@dataclass(frozen=True)
class ServerProfile:
    """How one server is configured, as far as its binary log can tell.

    ``accounts`` are the hosts of the accounts of ``user`` that exist (each
    with the run's password and all privileges); every other account of
    ``user`` is dropped, so the matched account is determined by this list and
    ``skip_name_resolve`` alone, whoever starts the server.
    """

    name: str
    description: str = ""
    character_set_server: str = "utf8mb4"
    collation_server: str | None = None  # None: the character set's default collation
    # False is the server's default (and Debian's): a TCP client from 127.0.0.1
    # is then known as 'localhost' and matches root@localhost.
    skip_name_resolve: bool = False
    user: str = "root"
    accounts: tuple[str, ...] = ("localhost", "127.0.0.1", "::1")
    sql_mode: str = SERVER_DEFAULT_SQL_MODE
    binlog_row_image: str = "FULL"
    server_id: int = 1
    gtid_domain_id: int = 0
    binlog_checksum: str = "CRC32"
    binlog_annotate_row_events: bool = True
    # Plugins loaded at start (--plugin-load-add); BLACKHOLE is one in Debian's build.
    plugins: tuple[str, ...] = ("ha_blackhole",)
    # "mariadb" or "mysql": which server's options these settings become.
    family: str = "mariadb"
    # MySQL: --gtid-mode (OFF also turns enforce_gtid_consistency OFF; ON turns it ON).
    gtid_mode: str | None = None
    # False: the server's own charset/collation defaults stand (no --character-set-server /
    # --collation-server given); character_set_server/collation_server then say what they are.
    charset_options: bool = True
    # The connection collation the harness's clients ask for (it is in every Query event).
    client_collation: str = "utf8mb4_general_ci"
    # The kinds this profile is meant for (harness/kinds.py); empty: the MariaDB 10.11 ones.
    kinds: tuple[str, ...] = ("mariadb-10.11",)

    def __post_init__(self) -> None:
        cs = self.character_set_server.lower()
        if cs not in _DEFAULT_COLLATION:
            raise ProfileError(f"profile {self.name}: character set {self.character_set_server!r} is not "
                               f"modelled (known: {', '.join(sorted(_DEFAULT_COLLATION))})")
        coll = (self.collation_server or _DEFAULT_COLLATION[cs]).lower()
        if not coll.startswith(cs + "_"):
            raise ProfileError(f"profile {self.name}: collation {coll!r} is not one of {cs}")
        object.__setattr__(self, "character_set_server", cs)
        object.__setattr__(self, "collation_server", coll)
        object.__setattr__(self, "sql_mode", normalize_sql_mode(self.sql_mode))
        if self.binlog_row_image.upper() not in ("FULL", "MINIMAL", "NOBLOB"):
            raise ProfileError(f"profile {self.name}: binlog_row_image {self.binlog_row_image!r}")
        object.__setattr__(self, "binlog_row_image", self.binlog_row_image.upper())
        if self.binlog_checksum.upper() not in ("CRC32", "NONE"):
            raise ProfileError(f"profile {self.name}: binlog_checksum {self.binlog_checksum!r}")
        if not 1 <= self.server_id <= 4294967295 or not 0 <= self.gtid_domain_id <= 4294967295:
            raise ProfileError(f"profile {self.name}: server_id/gtid_domain_id out of range")
        if not self.accounts:
            raise ProfileError(f"profile {self.name}: no account for {self.user}")
        if self.family not in ("mariadb", "mysql"):
            raise ProfileError(f"profile {self.name}: family {self.family!r} is neither mariadb nor mysql")
        if self.gtid_mode is not None and self.gtid_mode.upper() not in ("OFF", "ON"):
            raise ProfileError(f"profile {self.name}: gtid_mode {self.gtid_mode!r}")
        for host in self.accounts:
            if "'" in host or "\\" in host:
                raise ProfileError(f"profile {self.name}: bad account host {host!r}")

    # -- what a client is matched as --------------------------------------------
    def client_host(self, peer_ip: str = "127.0.0.1") -> str:
        """The host part of USER(): the client's host name as the server knows it.

        With name resolution on, a loopback address is 'localhost' without any
        lookup (sql/hostname.cc); other addresses are taken as they are here
        (replbed does no DNS)."""
        if not self.skip_name_resolve and peer_ip in LOOPBACK:
            return "localhost"
        return peer_ip.removeprefix("::ffff:")

    def matched_host(self, peer_ip: str = "127.0.0.1") -> str:
        """The host of the account the server matches (CURRENT_USER(), DEFINER).

        acl_getroot picks the most specific host that matches: a literal name
        or address before a pattern; of the literals, the host name before the
        address (observed: root@localhost wins over root@127.0.0.1 when names
        are resolved)."""
        name = self.client_host(peer_ip)
        ip = peer_ip.removeprefix("::ffff:")
        literal = [h for h in self.accounts if "%" not in h and "_" not in h]
        if self.family == "mysql" and ip in literal:
            # MySQL: a TCP client is matched by its address first ('localhost' accounts are
            # for socket clients), so root from 127.0.0.1 is root@127.0.0.1.
            return ip
        if not self.skip_name_resolve and name in literal:
            return name
        if ip in literal:
            return ip
        for pattern in (h for h in self.accounts if h not in literal):
            if _like(pattern, ip) or (not self.skip_name_resolve and _like(pattern, name)):
                return pattern
        raise ProfileError(f"profile {self.name}: no account of {self.user} matches a client from {peer_ip}")

    # -- both sides' options ---------------------------------------------------------
    def mariadbd_options(self) -> list[str]:
        """The options that make a ``mariadbd --no-defaults`` server this profile."""
        if self.family == "mysql":
            return self.mysqld_options()
        charset = [f"--character-set-server={self.character_set_server}",
                   f"--collation-server={self.collation_server}"] if self.charset_options else []
        opts = [
            *charset,
            f"--sql-mode={self.sql_mode}",
            f"--binlog-row-image={self.binlog_row_image}",
            f"--server-id={self.server_id}",
            f"--gtid-domain-id={self.gtid_domain_id}",
            f"--binlog-checksum={self.binlog_checksum}",
            f"--binlog-annotate-row-events={'ON' if self.binlog_annotate_row_events else 'OFF'}",
            # Always spelled out: a config file read first (the image's) may set it.
            f"--skip-name-resolve={'ON' if self.skip_name_resolve else 'OFF'}",
        ]
        opts += [f"--plugin-load-add={p}" for p in self.plugins]
        return opts

    def mysqld_options(self) -> list[str]:
        """A MySQL profile as ``mysqld --no-defaults`` options: everything at the server's
        default but the server id, the checksum and the GTID mode."""
        opts = [f"--server-id={self.server_id}", f"--binlog-checksum={self.binlog_checksum}",
                # MySQL's default is OFF (MariaDB's ON): the corpus's LOAD DATA LOCAL cases
                # then cannot run at all; the binlog of LOAD DATA is the same either way.
                "--local-infile=ON"]
        if self.charset_options:
            opts += [f"--character-set-server={self.character_set_server}",
                     f"--collation-server={self.collation_server}"]
        if self.gtid_mode is not None:
            on = self.gtid_mode.upper() == "ON"
            opts += [f"--gtid-mode={'ON' if on else 'OFF'}",
                     f"--enforce-gtid-consistency={'ON' if on else 'OFF'}"]
        return opts

    def serve_options(self) -> list[str]:
        """The same options for ``replbed serve`` (which also knows the accounts)."""
        if self.family == "mysql":
            return []  # replbed serve --flavor mysql-*: --gtid-mode (providers/replbed.py)
        charset = [] if self.charset_options else [f"--character-set-server={self.character_set_server}",
                                                   f"--collation-server={self.collation_server}"]
        return [*charset, *self.mariadbd_options(), f"--accounts={','.join(self.accounts)}"]

    def init_sql(self, password: str) -> str:
        """An ``--init-file``: the profile's accounts with ``password``, every other
        account of the user dropped; not binlogged (runs before the server listens)."""
        if "'" in password or "\\" in password:
            raise ProfileError("the password must not contain quotes or backslashes")
        if self.family == "mysql":
            return self._mysql_init_sql(password)
        lines = ["SET SESSION sql_log_bin=0;",
                 # Accounts of the user that the profile does not list (install-db's).
                 ("SET @replbed_drop = (SELECT GROUP_CONCAT(CONCAT(QUOTE(User), '@', QUOTE(Host))) "
                  f"FROM mysql.global_priv WHERE User = '{self.user}' AND Host NOT IN "
                  f"({', '.join(_quote(h) for h in self.accounts)}));"),
                 "SET @replbed_drop = IF(@replbed_drop IS NULL, 'DO 0', CONCAT('DROP USER ', @replbed_drop));",
                 "PREPARE replbed_stmt FROM @replbed_drop;",
                 "EXECUTE replbed_stmt;",
                 "DEALLOCATE PREPARE replbed_stmt;"]
        for host in self.accounts:
            acct = f"{_quote(self.user)}@{_quote(host)}"
            lines.append(f"CREATE USER IF NOT EXISTS {acct} IDENTIFIED BY '{password}';")
            lines.append(f"ALTER USER {acct} IDENTIFIED BY '{password}';")
            lines.append(f"GRANT ALL PRIVILEGES ON *.* TO {acct} WITH GRANT OPTION;")
        return "\n".join(lines) + "\n"

    def _mysql_init_sql(self, password: str) -> str:
        """MySQL: ``--initialize-insecure`` made root@localhost; the profile's other accounts
        are created beside it (mysql.user; MySQL has no global_priv)."""
        lines = ["SET SESSION sql_log_bin=0;"]
        for host in self.accounts:
            acct = f"{_quote(self.user)}@{_quote(host)}"
            lines.append(f"CREATE USER IF NOT EXISTS {acct} IDENTIFIED BY '{password}';")
            lines.append(f"ALTER USER {acct} IDENTIFIED BY '{password}';")
            lines.append(f"GRANT ALL PRIVILEGES ON *.* TO {acct} WITH GRANT OPTION;")
        return "\n".join(lines) + "\n"

    def replace(self, **changes: object) -> ServerProfile:
        """A copy with some settings changed (``replbed serve``'s individual options)."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, object]:
        return dataclasses.asdict(self)


def _quote(s: str) -> str:
    return "'" + s + "'"


def _like(pattern: str, value: str) -> bool:
    import fnmatch
    return fnmatch.fnmatchcase(value, pattern.replace("%", "*").replace("_", "?"))


PROFILES: dict[str, ServerProfile] = {
    p.name: p for p in (
        ServerProfile(
            "debian",
            "Debian 12's packaged mariadb-server: utf8mb4 / utf8mb4_general_ci "
            "(/etc/mysql/mariadb.conf.d/50-server.cnf), names resolved (root from 127.0.0.1 "
            "is root@localhost), BLACKHOLE loaded",
        ),
        ServerProfile(
            "no-defaults",
            "a bare `mariadbd --no-defaults`: latin1 / latin1_swedish_ci, names resolved, "
            "BLACKHOLE loaded",
            character_set_server="latin1",
        ),
        ServerProfile(
            "skip-name-resolve",
            "Debian's settings with --skip-name-resolve: root from 127.0.0.1 is root@127.0.0.1",
            skip_name_resolve=True,
        ),
        ServerProfile(
            "mariadb-11.8-debian",
            "Debian 13's packaged mariadb-server 11.8: its 50-server.cnf sets no character set, so "
            "the server's own utf8mb4 / utf8mb4_uca1400_ai_ci (character_set_collations) stand; "
            "names resolved, BLACKHOLE loaded",
            collation_server="utf8mb4_uca1400_ai_ci",
            charset_options=False,
            kinds=("mariadb-11.8",),
        ),
        ServerProfile(
            "mysql-9.7-gtid-off",
            "MySQL 9.7 as --initialize-insecure leaves it, root@'127.0.0.1' added (no password), "
            "--log-bin=binlog --server-id=1, GTID_MODE=OFF with enforce_gtid_consistency=OFF, "
            "local_infile=ON (as MariaDB's default, for LOAD DATA LOCAL); everything else at its "
            "default (utf8mb4_0900_ai_ci)",
            family="mysql",
            collation_server="utf8mb4_0900_ai_ci",
            charset_options=False,
            accounts=("localhost", "127.0.0.1"),
            sql_mode="ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,"
                     "ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION",
            binlog_annotate_row_events=False,
            plugins=(),
            gtid_mode="OFF",
            client_collation="utf8mb4_0900_ai_ci",
            kinds=("mysql-9.7",),
        ),
    )
}
PROFILES["mysql-9.7-gtid-on"] = PROFILES["mysql-9.7-gtid-off"].replace(
    name="mysql-9.7-gtid-on", gtid_mode="ON",
    description="MySQL 9.7's default GTID_MODE=ON (enforce_gtid_consistency=ON); otherwise as mysql-9.7-gtid-off")
DEFAULT_PROFILE = "debian"


def get_profile(name: str | None) -> ServerProfile:
    """The named profile (``None``: the default); a clear error for an unknown name."""
    key = name or DEFAULT_PROFILE
    try:
        return PROFILES[key]
    except KeyError:
        raise ProfileError(f"unknown server profile {key!r}; known: {', '.join(PROFILES)}") from None


# -- ``replbed serve``'s mariadbd options ------------------------------------------------


def _on_off(text: str) -> bool:
    t = text.strip().upper()
    if t in ("ON", "1", "TRUE", "YES"):
        return True
    if t in ("OFF", "0", "FALSE", "NO"):
        return False
    raise ValueError(f"expected ON or OFF, not {text!r}")


def add_server_options(parser: argparse.ArgumentParser) -> None:
    """The mariadbd options ``replbed serve`` accepts (spelled as mariadbd spells them).

    ``--profile`` picks a named profile; each option then overrides one of its
    settings, so ``serve_options()`` of a profile passed here reproduces it."""
    g = parser.add_argument_group("server profile (mariadbd options; harness/profile.py)")
    g.add_argument("--profile", default=DEFAULT_PROFILE, metavar="NAME",
                   help=f"named server profile ({', '.join(PROFILES)})")
    g.add_argument("--character-set-server", default=None, metavar="CHARSET",
                   help="@@character_set_server (default: the profile's)")
    g.add_argument("--collation-server", default=None, metavar="COLLATION",
                   help="@@collation_server (default: the profile's)")
    g.add_argument("--skip-name-resolve", nargs="?", const="ON", default=None, metavar="ON|OFF",
                   help="clients from 127.0.0.1 are 127.0.0.1, not localhost (USER(), the matched account)")
    g.add_argument("--accounts", default=None, metavar="HOST,...",
                   help="hosts of the user's accounts (CURRENT_USER(), DEFINER follow the one matched)")
    g.add_argument("--sql-mode", default=None, metavar="MODES",
                   help="@@sql_mode, comma separated (default: the profile's)")
    g.add_argument("--binlog-row-image", default=None, metavar="FULL|MINIMAL|NOBLOB",
                   help="@@binlog_row_image (default: the profile's, FULL)")
    g.add_argument("--gtid-domain-id", type=int, default=None, metavar="N",
                   help="@@gtid_domain_id (default: the profile's, 0)")
    g.add_argument("--binlog-checksum", default=None, metavar="CRC32",
                   help="@@binlog_checksum: CRC32 or NONE (default: the profile's)")
    g.add_argument("--binlog-annotate-row-events", default=None, metavar="ON|OFF",
                   help="@@binlog_annotate_row_events (default: the profile's, ON)")
    g.add_argument("--plugin-load-add", action="append", default=None, metavar="PLUGIN",
                   help="a plugin to load, as mariadbd's --plugin-load-add (repeatable; default: none)")


def profile_from_args(args: argparse.Namespace, server_id: int | None = None) -> ServerProfile:
    """The profile ``--profile`` names with the individual options applied; ProfileError if bad."""
    base = get_profile(getattr(args, "profile", None))
    changes: dict[str, object] = {}
    try:
        if args.character_set_server is not None:
            changes["character_set_server"] = args.character_set_server
            changes["collation_server"] = None
        if args.collation_server is not None:
            changes["collation_server"] = args.collation_server
            if args.character_set_server is None:
                changes["character_set_server"] = args.collation_server.split("_", 1)[0]
        if args.skip_name_resolve is not None:
            changes["skip_name_resolve"] = _on_off(args.skip_name_resolve)
        if args.accounts is not None:
            changes["accounts"] = tuple(h.strip() for h in args.accounts.split(",") if h.strip())
        if args.sql_mode is not None:
            changes["sql_mode"] = args.sql_mode
        if args.binlog_row_image is not None:
            changes["binlog_row_image"] = args.binlog_row_image
        if args.gtid_domain_id is not None:
            changes["gtid_domain_id"] = args.gtid_domain_id
        if args.binlog_checksum is not None:
            changes["binlog_checksum"] = args.binlog_checksum.upper()
        if args.binlog_annotate_row_events is not None:
            changes["binlog_annotate_row_events"] = _on_off(args.binlog_annotate_row_events)
        if args.plugin_load_add is not None:
            changes["plugins"] = tuple(args.plugin_load_add)
        if server_id is not None:
            changes["server_id"] = server_id
    except ValueError as exc:
        raise ProfileError(str(exc)) from None
    return base.replace(**changes) if changes else base
