"""Recursive-descent parser for replbed's SQL subset.

``parse(sql)`` returns one :class:`~harness.sql.parse.parse_tree.Statement`. Anything outside
the subset raises :class:`UnsupportedError` (answered with 1235) rather than
being half-understood: a statement we cannot model must never produce a binlog
that looks right but is wrong.
"""

from __future__ import annotations

from typing import Any, Callable

from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_acl import AclParser
from harness.sql.parse.parse_ddl import DdlParser
from harness.sql.parse.parse_errors import EmptyQueryError, ParseError, UnsupportedError
from harness.sql.parse.parse_expr import _sysvar
from harness.sql.parse.parse_show import ShowParser


class Parser(DdlParser, AclParser, ShowParser):
    """Parses one statement. Holds only the token cursor."""

    # ------------------------------------------------------------ statements

    def statement(self) -> A.Statement:
        t = self.tok
        if t.kind == "OP" and t.value == "(":
            return self.select_stmt()
        if t.kind != "WORD":
            raise self.error()
        word = t.text.upper()
        if word in _ACCOUNT_VERBS and self.is_account_stmt():
            return self.account_stmt()
        if word in ("CREATE", "ALTER", "DROP") and self.is_event_stmt():
            return self.event_stmt()
        handler = _STATEMENTS.get(word)
        if handler is None:
            if word not in _SERVER_VERBS:
                raise self.error()  # not a statement to MariaDB either: 1064 near the word
            raise UnsupportedError(word)
        return handler(self)

    def parse(self) -> A.Statement:
        if self.tok.kind == "EOF" or self.at_op(";") and self.peek().kind == "EOF":
            if "/*" not in self.sql and "#" not in self.sql and "--" not in self.sql:
                raise EmptyQueryError()
            return A.Empty(text=self.sql)
        stmt = self.statement()
        self.end()
        stmt.text = self.sql
        if self.literal_collations:
            stmt.literal_collations = tuple(sorted(self.literal_collations))
        return stmt

    # --- SELECT

    # --- LOAD DATA

    # --- INSERT / REPLACE

    # --- UPDATE / DELETE

    # --- DDL

    def prepare_stmt(self) -> A.Statement:
        self.expect_kw("PREPARE")
        name = self.ident()
        self.expect_kw("FROM")
        # sql_yacc.yy prepare_src: any expression (MDEV-10866, 10.2), evaluated once at
        # PREPARE time (Lex_prepared_stmt::get_dynamic_sql_string), e.g. CONVERT(... USING ucs2).
        return A.Prepare(name=name, source=self.expr())

    def execute_stmt(self) -> A.Statement:
        self.expect_kw("EXECUTE")
        if self.accept_kw("IMMEDIATE"):
            st = A.Execute(immediate=self.expr())
        else:
            st = A.Execute(name=self.ident())
        if self.accept_kw("USING"):
            while True:
                st.using.append(A.Default() if self.accept_kw("DEFAULT") else self.expr())
                if not self.accept_op(","):
                    break
        return st

    def kill_stmt(self) -> A.Statement:
        self.expect_kw("KILL")
        self.accept_kw("HARD", "SOFT")
        query_only = False
        if self.accept_kw("QUERY"):
            query_only = True
            if self.accept_kw("ID"):
                raise UnsupportedError("KILL QUERY ID")
        else:
            self.accept_kw("CONNECTION")
        if self.accept_kw("USER"):
            raise UnsupportedError("KILL USER")
        return A.Kill(target=self.expr(), query_only=query_only)

    def deallocate_stmt(self) -> A.Statement:
        self.expect_kw("DEALLOCATE", "DROP")
        self.expect_kw("PREPARE")
        return A.Deallocate(name=self.ident())

    def lock_stmt(self) -> A.Statement:
        self.expect_kw("LOCK")
        if not self.accept_kw("TABLE", "TABLES"):
            raise UnsupportedError("LOCK " + str(self.tok.value).upper())
        st = A.LockTables()
        while True:
            name = self.table_name()
            alias = None
            if self.accept_kw("AS"):
                alias = self.ident()
            elif self.tok.kind == "QWORD" or (self.tok.kind == "WORD" and not self.at_kw(
                    "READ", "WRITE", "LOW_PRIORITY")):
                alias = self.ident()
            if self.accept_kw("READ"):
                # READ LOCAL: MyISAM's concurrent inserts may go on; the model's READ
                self.accept_kw("LOCAL")
                mode = "READ"
            else:
                if self.at_kw("LOW_PRIORITY"):
                    raise UnsupportedError("LOCK TABLES ... LOW_PRIORITY WRITE")
                self.expect_kw("WRITE")
                if self.at_kw("CONCURRENT"):
                    raise UnsupportedError("LOCK TABLES ... WRITE CONCURRENT")
                mode = "WRITE"
            st.locks.append((name, alias, mode))
            if not self.accept_op(","):
                return st

    def unlock_stmt(self) -> A.Statement:
        self.expect_kw("UNLOCK")
        self.expect_kw("TABLE", "TABLES")
        return A.UnlockTables()

    # --- transactions and session

    def begin_stmt(self) -> A.Statement:
        w = self.expect_kw("BEGIN", "START")
        if w == "START":
            self.expect_kw("TRANSACTION")
            ro = snapshot = False
            while True:
                m = self.accept_kw("READ", "WITH")
                if m is None:
                    break
                if m == "READ":
                    ro = self.expect_kw("ONLY", "WRITE") == "ONLY"
                else:
                    self.expect_kw("CONSISTENT")
                    self.expect_kw("SNAPSHOT")
                    snapshot = True
                self.accept_op(",")
            return A.Begin(read_only=ro, consistent_snapshot=snapshot)
        self.accept_kw("WORK")
        return A.Begin()

    def commit_stmt(self) -> A.Statement:
        self.expect_kw("COMMIT")
        self.accept_kw("WORK")
        if self.at_kw("AND", "RELEASE"):
            raise UnsupportedError("COMMIT AND CHAIN/RELEASE")
        return A.Commit()

    def rollback_stmt(self) -> A.Statement:
        self.expect_kw("ROLLBACK")
        self.accept_kw("WORK")
        if self.accept_kw("TO"):
            self.accept_kw("SAVEPOINT")
            return A.Rollback(savepoint=self.ident())
        if self.at_kw("AND", "RELEASE"):
            raise UnsupportedError("ROLLBACK AND CHAIN/RELEASE")
        return A.Rollback()

    # --- XA

    def xa_stmt(self) -> A.Statement:
        """XA START|BEGIN|END|PREPARE|COMMIT|ROLLBACK xid [...] and XA RECOVER [FORMAT=...]."""
        self.expect_kw("XA")
        verb = self.expect_kw("START", "BEGIN", "END", "PREPARE", "COMMIT", "ROLLBACK", "RECOVER")
        if verb == "RECOVER":
            at = self.tok.pos
            if self.accept_kw("FORMAT"):
                self.expect_op("=")
                if self.tok.kind != "STRING":
                    raise self.error()
                # any other name is ER_UNKNOWN_EXPLAIN_FORMAT (1791) when the statement runs
                return A.XaRecover(format=str(self.advance().value), format_pos=at)
            return A.XaRecover()
        xid = self.xa_xid()
        if verb in ("START", "BEGIN"):
            return A.XaStart(xid=xid, option=self.accept_kw("JOIN", "RESUME"))
        if verb == "END":
            opt = None
            if self.accept_kw("SUSPEND"):
                opt = "SUSPEND"
                if self.accept_kw("FOR"):
                    self.expect_kw("MIGRATE")
                    opt = "SUSPEND FOR MIGRATE"
            return A.XaEnd(xid=xid, option=opt)
        if verb == "PREPARE":
            return A.XaPrepare(xid=xid)
        if verb == "COMMIT":
            one_phase = bool(self.accept_kw("ONE"))
            if one_phase:
                self.expect_kw("PHASE")
            return A.XaCommit(xid=xid, one_phase=one_phase)
        return A.XaRollback(xid=xid)

    def xa_xid(self) -> A.XaId:
        """The grammar's ``xid``: text_string [, text_string [, ulong_num]].

        A gtrid or bqual over 64 bytes, or a formatID outside 0..2^31-1, is a
        syntax error at the next token, as the server reports it."""
        gtrid = self.xa_text(64)
        bqual = b""
        fmt = 1
        if self.accept_op(","):
            bqual = self.xa_text(64)
            if self.accept_op(","):
                t = self.tok
                if t.kind == "INT":
                    fmt = t.value  # type: ignore[assignment]
                elif t.kind == "HEX":
                    fmt = int.from_bytes(t.value, "big")  # type: ignore[arg-type]
                elif t.kind in ("DECIMAL", "FLOAT"):
                    raise UnsupportedError("a non-integer XA formatID")
                else:
                    raise self.error()
                if not 0 <= fmt < 1 << 31:
                    raise self.error()
                self.advance()
        return A.XaId(gtrid, bqual, fmt)

    def xa_text(self, limit: int) -> bytes:
        t = self.tok
        if t.kind == "STRING":
            v = t.text.encode("utf-8", "surrogateescape")
        elif t.kind == "HEX" and isinstance(t.value, bytes):
            v = t.value
        else:
            raise self.error()
        self.advance()
        if len(v) > limit:
            raise self.error()
        return v

    def savepoint_stmt(self) -> A.Statement:
        self.expect_kw("SAVEPOINT")
        return A.Savepoint(name=self.ident())

    def release_stmt(self) -> A.Statement:
        self.expect_kw("RELEASE")
        self.expect_kw("SAVEPOINT")
        return A.ReleaseSavepoint(name=self.ident())

    def use_stmt(self) -> A.Statement:
        self.expect_kw("USE")
        return A.Use(db=self.ident())

    def set_stmt(self) -> A.Statement:
        self.expect_kw("SET")
        if self.accept_kw("NAMES"):
            cs = self.ident_or_string()
            coll = None
            if self.accept_kw("COLLATE"):
                coll = self.ident_or_string()
            return A.SetNames(charset=cs, collation=coll)
        if self.at_kw("CHARACTER") and self.peek_kw(1, "SET"):
            self.advance()
            self.advance()
            return A.SetNames(charset=self.ident_or_string())
        scope_word = None
        if self.at_kw("SESSION", "GLOBAL", "LOCAL") and self.peek_kw(1, "TRANSACTION"):
            scope_word = self.advance().text.upper()
        if self.accept_kw("TRANSACTION"):
            st = A.SetTransaction(scope={"GLOBAL": "global", None: "next"}.get(scope_word, "session"))
            while True:
                if self.accept_kw("ISOLATION"):
                    self.expect_kw("LEVEL")
                    w = self.expect_kw("READ", "REPEATABLE", "SERIALIZABLE")
                    if w == "READ":
                        w2 = self.expect_kw("COMMITTED", "UNCOMMITTED")
                        st.isolation = f"READ-{w2}"
                    elif w == "REPEATABLE":
                        self.expect_kw("READ")
                        st.isolation = "REPEATABLE-READ"
                    else:
                        st.isolation = "SERIALIZABLE"
                elif self.accept_kw("READ"):
                    st.read_only = self.expect_kw("ONLY", "WRITE") == "ONLY"
                else:
                    raise self.error()
                if not self.accept_op(","):
                    return st
        out = A.Set()
        scope = "session"
        while True:
            scope_kw = self.accept_kw("SESSION", "GLOBAL", "LOCAL")
            if scope_kw:
                scope = "global" if scope_kw == "GLOBAL" else "session"
            t = self.tok
            if t.kind == "VAR":
                self.advance()
                target: A.Expr = A.UserVar(t.value)  # type: ignore[arg-type]
            elif t.kind == "SYSVAR":
                self.advance()
                target = _sysvar(t.value)  # type: ignore[arg-type]
            else:
                name = self.ident()
                target = A.SysVar(name.lower(), scope)
            if not self.accept_op("=", ":="):
                raise self.error("expected =")
            if self.at_kw("DEFAULT"):
                self.advance()
                value: A.Expr = A.Default()
            elif self.at_kw("ON") and isinstance(target, A.SysVar):
                self.advance()
                value = A.Literal("ON")
            else:
                value = self.expr()
            out.assignments.append(A.SetAssignment(target, value))
            if not self.accept_op(","):
                return out

    def show_stmt(self) -> A.Statement:
        self.expect_kw("SHOW")
        sh = A.Show()
        if self.accept_kw("FULL"):
            sh.full = True
        if self.accept_kw("GLOBAL"):
            sh.scope = "global"
        elif self.accept_kw("SESSION", "LOCAL"):
            sh.scope = "session"
        if self.show_catalog(sh):
            pass
        elif self.accept_kw("BINLOG"):
            self.expect_kw("EVENTS")
            sh.what = "BINLOG_EVENTS"
            if self.accept_kw("IN"):
                sh.log_name = self.advance().value  # type: ignore[assignment]
            if self.accept_kw("FROM"):
                sh.from_pos = self.advance().value  # type: ignore[assignment]
            if self.accept_kw("LIMIT"):
                a = self.advance().value
                if self.accept_op(","):
                    sh.offset, sh.limit = a, self.advance().value  # type: ignore[assignment]
                else:
                    sh.limit = a  # type: ignore[assignment]
        elif self.accept_kw("BINARY", "MASTER"):
            w = self.expect_kw("LOGS", "STATUS")
            sh.what = "BINARY_LOGS" if w == "LOGS" else "MASTER_STATUS"
        elif self.accept_kw("WARNINGS", "ERRORS"):
            sh.what = str(self.toks[self.i - 1].value).upper()
            if self.accept_kw("LIMIT"):
                sh.limit = self.advance().value  # type: ignore[assignment]
        elif self.accept_kw("COUNT"):
            self.expect_op("(")
            self.expect_op("*")
            self.expect_op(")")
            sh.what = "COUNT_" + self.expect_kw("WARNINGS", "ERRORS")
        elif self.accept_kw("TABLES"):
            sh.what = "TABLES"
            if self.accept_kw("FROM", "IN"):
                sh.db = self.ident()
        elif self.accept_kw("DATABASES", "SCHEMAS"):
            sh.what = "DATABASES"
        elif self.accept_kw("PROCESSLIST"):
            sh.what = "PROCESSLIST"
        elif self.accept_kw("VARIABLES"):
            sh.what = "VARIABLES"
        elif self.accept_kw("STATUS"):
            sh.what = "STATUS"
        elif self.at_kw("ENGINES", "COLLATION"):
            sh.what = str(self.advance().value).upper()
        elif self.accept_kw("CREATE"):
            self.expect_kw("TABLE")
            sh.what = "CREATE_TABLE"
            sh.table = self.table_name()
        else:
            raise UnsupportedError("SHOW " + str(self.tok.value).upper())
        if self.accept_kw("LIKE"):
            sh.like = self.advance().value  # type: ignore[assignment]
        elif self.accept_kw("WHERE"):
            self.show_where(sh)
        return sh

    def purge_stmt(self) -> A.Statement:
        self.expect_kw("PURGE")
        self.expect_kw("BINARY", "MASTER")
        self.expect_kw("LOGS")
        if self.accept_kw("TO"):
            if self.tok.kind != "STRING":
                raise self.error()
            return A.PurgeBinaryLogs(to=self.advance().text)
        self.expect_kw("BEFORE")
        return A.PurgeBinaryLogs(before=self.expr())

    def reset_stmt(self) -> A.Statement:
        self.expect_kw("RESET")
        if self.accept_kw("BINARY"):
            # MySQL 8.4+'s name for RESET MASTER (sql/sql_yacc.yy: RESET BINARY LOGS AND
            # GTIDS); the harness empties a mysql flavour's binlog with it, as the server's.
            self.expect_kw("LOGS")
            self.expect_kw("AND")
            self.expect_kw("GTIDS")
            return A.ResetMaster()
        self.expect_kw("MASTER")
        return A.ResetMaster()

    # FLUSH options that change nothing the binary log or the model keeps (caches,
    # counters, the privilege tables); READ LOCK / EXPORT take locks the model lacks.
    _FLUSH_OPTIONS = ("TABLES", "TABLE", "PRIVILEGES", "STATUS", "HOSTS", "QUERY", "USER_RESOURCES",
                      "CLIENT_STATISTICS", "INDEX_STATISTICS", "TABLE_STATISTICS", "USER_STATISTICS",
                      "ERROR", "ENGINE", "GENERAL", "SLOW", "LOGS", "BINARY", "RELAY", "DES_KEY_FILE",
                      "SSL", "USER_VARIABLES", "THREAD_STATISTICS")

    def flush_stmt(self) -> A.Statement:
        self.expect_kw("FLUSH")
        quiet = self.accept_kw("LOCAL", "NO_WRITE_TO_BINLOG") is not None
        if self.at_kw("BINARY") and self.peek_kw(2, "DELETE_DOMAIN_ID"):
            return self.flush_delete_domain()
        if self.at_kw("BINARY", "LOGS") and not self._flush_has_more():
            self.accept_kw("BINARY")
            self.expect_kw("LOGS")
            return A.FlushBinaryLogs()
        st = A.Flush(no_write_to_binlog=quiet)
        while True:
            word = self.accept_kw(*self._FLUSH_OPTIONS)
            if word is None:
                raise UnsupportedError("FLUSH " + str(self.tok.value).upper())
            word = word.upper()
            if word in ("BINARY", "ENGINE", "ERROR", "GENERAL", "SLOW", "RELAY"):
                self.expect_kw("LOGS")
                word += " LOGS"
            elif word == "QUERY":
                self.expect_kw("CACHE")
                word = "QUERY CACHE"
            elif word in ("TABLE", "TABLES"):
                word = "TABLES"
                if self.at_kw("WITH", "FOR") and not st.options:
                    return self.flush_read_lock(quiet)
                st.options.append(word)
                # TABLES takes a table list and ends the options (FLUSH TABLES, LOGS is 1064).
                if self.tok.kind == "QWORD" or self.tok.kind == "WORD":
                    st.tables.append(self.table_name())
                    while self.accept_op(","):
                        st.tables.append(self.table_name())
                elif self.at_op(","):
                    # the server's grammar fails right after the comma
                    raise ParseError(self.sql, self.tok.pos + 1, "")
                break
            st.options.append(word)
            if not self.accept_op(","):
                break
        return st

    def flush_delete_domain(self) -> A.Statement:
        """``BINARY LOGS DELETE_DOMAIN_ID = (id, ...)``, repeatable after a comma (sql_yacc.yy
        flush_option: the lists add up); an id beyond 32 bits is refused by the statement (1076)."""
        ids: list[int] = []
        while True:
            self.expect_kw("BINARY")
            self.expect_kw("LOGS")
            self.expect_kw("DELETE_DOMAIN_ID")
            self.expect_op("=")
            self.expect_op("(")
            while not self.at_op(")"):
                t = self.advance()
                if t.kind != "INT" or not isinstance(t.value, int):
                    raise ParseError(self.sql, t.pos)
                ids.append(t.value)
                if not self.accept_op(","):
                    break
            self.expect_op(")")
            if not (self.at_op(",") and self.peek_kw(1, "BINARY")):
                return A.FlushBinaryLogs(delete_domain_ids=ids)
            self.advance()

    def _flush_has_more(self) -> bool:
        """FLUSH [BINARY] LOGS followed by a comma lists more options (a general FLUSH)."""
        t = self.peek(2 if self.at_kw("BINARY") else 1)
        return t.kind == "OP" and t.value == ","

    def do_stmt(self) -> A.Statement:
        self.expect_kw("DO")
        exprs = [self.expr()]
        while self.accept_op(","):
            exprs.append(self.expr())
        return A.Do(exprs=exprs)

    def binlog_stmt(self) -> A.Statement:
        self.expect_kw("BINLOG")
        if self.tok.kind == "VAR":
            first = self.advance().value
            self.expect_op(",")
            if self.tok.kind != "VAR":
                raise self.error("expected a user variable")
            return A.BinlogBase64(fragments=(first, self.advance().value))  # type: ignore[arg-type]
        if self.tok.kind != "STRING":
            raise self.error("expected a string")
        return A.BinlogBase64(payload=self.advance().value)  # type: ignore[arg-type]

    def call_stmt(self) -> A.Statement:
        self.expect_kw("CALL")
        name = self.ident()
        db = None
        if self.accept_op("."):
            db, name = name, self.ident()
        args: list[A.Expr] = []
        if self.accept_op("("):
            if not self.at_op(")"):
                args.append(self.expr())
                while self.accept_op(","):
                    args.append(self.expr())
            self.expect_op(")")
        return A.Call(name=name, args=args, db=db)

    # ------------------------------------------------------------ expressions


#: Words a statement can start with in MariaDB 10.11's grammar (sql_yacc.yy ``verb_clause``
#: and the compound statements allowed outside routines); anything else is a syntax error
#: (1064), not a statement outside replbed's subset (1235).
_SERVER_VERBS = frozenset("""ALTER ANALYZE BACKUP BEGIN BINLOG CALL CASE CHANGE CHECK CHECKSUM COMMIT CREATE
    DEALLOCATE DECLARE DELETE DESC DESCRIBE DO DROP EXECUTE EXPLAIN FLUSH FOR GET GRANT HANDLER HELP IF INSERT
    INSTALL KILL LOAD LOCK LOOP OPTIMIZE PREPARE PURGE RELEASE RENAME REPAIR REPEAT REPLACE RESET RESIGNAL
    REVOKE ROLLBACK SAVEPOINT SELECT SET SHOW SHUTDOWN SIGNAL START STOP TABLE TRUNCATE UNINSTALL UNLOCK
    UPDATE USE VALUES WHILE WITH XA""".split())

_ACCOUNT_VERBS = frozenset("CREATE ALTER DROP RENAME GRANT REVOKE SET".split())

_STATEMENTS: dict[str, Callable[[Parser], A.Statement]] = {
    "SELECT": Parser.select_stmt,
    "WITH": Parser.select_stmt,
    "PREPARE": Parser.prepare_stmt,
    "EXECUTE": Parser.execute_stmt,
    "DEALLOCATE": Parser.deallocate_stmt,
    "KILL": Parser.kill_stmt,
    "INSERT": Parser.insert_stmt,
    "LOAD": Parser.load_stmt,
    "REPLACE": Parser.insert_stmt,
    "UPDATE": Parser.update_stmt,
    "DELETE": Parser.delete_stmt,
    "TRUNCATE": Parser.truncate_stmt,
    "CREATE": Parser.create_stmt,
    "DROP": lambda p: p.deallocate_stmt() if p.peek_kw(1, "PREPARE") else p.drop_stmt(),
    "ALTER": Parser.alter_stmt,
    "BEGIN": Parser.begin_stmt,
    "START": Parser.begin_stmt,
    "COMMIT": Parser.commit_stmt,
    "ROLLBACK": Parser.rollback_stmt,
    "SAVEPOINT": Parser.savepoint_stmt,
    "XA": Parser.xa_stmt,
    "RELEASE": Parser.release_stmt,
    "USE": Parser.use_stmt,
    "SET": Parser.set_stmt,
    "SHOW": Parser.show_stmt,
    "RESET": Parser.reset_stmt,
    "PURGE": Parser.purge_stmt,
    "FLUSH": Parser.flush_stmt,
    "DO": Parser.do_stmt,
    "CALL": Parser.call_stmt,
    "BINLOG": Parser.binlog_stmt,
    "RENAME": Parser.rename_stmt,
    "ANALYZE": Parser.maintenance_stmt,
    "OPTIMIZE": Parser.maintenance_stmt,
    "REPAIR": Parser.maintenance_stmt,
    "CHECK": Parser.maintenance_stmt,
    "CHECKSUM": Parser.maintenance_stmt,
    "LOCK": Parser.lock_stmt,
    "DESCRIBE": Parser.describe_stmt,
    "DESC": Parser.describe_stmt,
    "EXPLAIN": Parser.describe_stmt,
    "UNLOCK": Parser.unlock_stmt,
}


def parse(sql: str, no_backslash_escapes: bool = False, client_charset: str | None = None,
          charset_literal: Callable[[bytes, str], Any] | None = None) -> A.Statement:
    """Parse one SQL statement (a trailing ``;`` is allowed); ``no_backslash_escapes``:
    the session's sql_mode has NO_BACKSLASH_ESCAPES (the lexer's MODE_NO_BACKSLASH_ESCAPES);
    ``client_charset`` / ``charset_literal``: a multi-byte client character set other than
    utf8 (cp932) and how a literal of it becomes a value (ExprParser)."""
    return Parser(sql, no_backslash_escapes, client_charset, charset_literal).parse()
