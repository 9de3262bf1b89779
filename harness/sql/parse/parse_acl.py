"""The grammar of the account statements: CREATE/ALTER/DROP/RENAME USER, CREATE/DROP
ROLE, GRANT, REVOKE and SET PASSWORD (sql_yacc.yy). The server logs them as written
(SET PASSWORD excepted, stmt/sql_acl.py), so the parser keeps only what the model
checks: the accounts named, IF [NOT] EXISTS / OR REPLACE, and a GRANT's object."""

from __future__ import annotations

import re

from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.parse.parse_expr import ExprParser

_CLAUSE_END = ("REQUIRE", "WITH", "ACCOUNT", "DEFAULT")


class AclParser(ExprParser):
    """Account statements; the caller has checked the statement is one."""

    def is_account_stmt(self) -> bool:
        w = self.tok.text.upper() if self.tok.kind == "WORD" else ""
        k = 1
        if w in ("GRANT", "REVOKE"):
            return True
        if w == "SET":
            return self.peek_kw(1, "PASSWORD")
        if w == "RENAME":
            return self.peek_kw(1, "USER")
        if w == "CREATE" and self.peek_kw(1, "OR"):
            k = 3
        return w in ("CREATE", "ALTER", "DROP") and self.peek_kw(k, "USER", "ROLE")

    def is_event_stmt(self) -> bool:
        """CREATE [OR REPLACE] [DEFINER = ...] EVENT, ALTER [DEFINER = ...] EVENT, DROP EVENT."""
        k = 1
        if self.peek_kw(k, "OR"):
            k += 2
        if self.peek_kw(k, "DEFINER"):
            k += 2
            while self.peek(k).kind in ("WORD", "QWORD", "STRING", "VAR", "OP") and not self.peek_kw(k, "EVENT"):
                if self.peek(k).kind == "OP" and self.peek(k).value not in ("(", ")"):
                    break
                k += 1
        return self.peek_kw(k, "EVENT")

    def event_stmt(self) -> A.EventStmt:
        st = A.EventStmt(verb=str(self.advance().value).upper())
        if st.verb == "CREATE" and self.accept_kw("OR"):
            self.expect_kw("REPLACE")
            st.or_replace = True
        if self.accept_kw("DEFINER"):
            self.expect_op("=")
            if self.accept_kw("CURRENT_USER"):
                if self.accept_op("("):
                    self.expect_op(")")
            else:
                st.definer = self.user_spec()
        st.event_pos = self.tok.pos
        self.expect_kw("EVENT")
        if self.accept_kw("IF"):
            if st.verb == "CREATE":
                self.expect_kw("NOT")
                st.if_not_exists = True
            else:
                st.if_exists = True
            self.expect_kw("EXISTS")
        name = self.table_name()
        st.db, st.name = name.db, name.name
        if st.verb == "DROP":
            return st
        self._event_clauses(st)
        return st

    def _event_clauses(self, st: A.EventStmt) -> None:
        """The schedule and options (sql_yacc.yy ev_schedule_time, ev_on_completion,
        opt_ev_status, opt_ev_comment, ev_sql_stmt); the body after DO is kept as text
        (the scheduler parses it when the event runs, Event_job_data::construct_sp_sql)."""
        while self.tok.kind != "EOF":
            if self.at_kw("DO"):
                self.advance()
                st.body_pos = self.tok.pos
                self._skip_to_end()
                break
            if self.accept_kw("ON"):
                if self.accept_kw("SCHEDULE"):
                    self._event_schedule(st)
                elif self.accept_kw("COMPLETION"):
                    st.preserve = not self.accept_kw("NOT")
                    self.expect_kw("PRESERVE")
                else:
                    raise self.error()
                continue
            if self.accept_kw("ENABLE"):
                st.status = "ENABLED"
                continue
            if self.accept_kw("DISABLE"):
                st.status = "DISABLED"
                if self.accept_kw("ON"):
                    st.slave_word = str(self.expect_kw("SLAVE", "REPLICA")).upper() == "SLAVE"
                    st.status = "SLAVESIDE_DISABLED"
                continue
            if self.accept_kw("COMMENT"):
                st.comment = self._string_value()
                continue
            if st.verb == "ALTER" and self.accept_kw("RENAME"):
                self.expect_kw("TO")
                new = self.table_name()
                st.rename = (new.db, new.name)
                continue
            raise self.error()
        st.uses_now = st.uses_now or st.every is not None and st.starts is None

    def _event_schedule(self, st: A.EventStmt) -> None:
        start = self.tok.pos
        if self.accept_kw("AT"):
            st.at = self.expr()
        else:
            self.expect_kw("EVERY")
            value = self.expr()
            st.every = (value, self.interval_unit())
            if self.accept_kw("STARTS"):
                st.starts = self.expr()
            if self.accept_kw("ENDS"):
                st.ends = self.expr()
        if re.search(r"\b(NOW|CURRENT_TIMESTAMP|LOCALTIME|LOCALTIMESTAMP|SYSDATE)\b", self.text_from(start), re.I):
            st.uses_now = True

    def account_stmt(self) -> A.Account:
        w = str(self.advance().value).upper()
        if w in ("GRANT", "REVOKE"):
            return self._grant(w)
        if w == "SET":
            return self._set_password()
        st = A.Account()
        if w == "CREATE" and self.accept_kw("OR"):
            self.expect_kw("REPLACE")
            st.or_replace = True
        what = str(self.expect_kw("USER", "ROLE")).upper()
        st.verb = f"{w} {what}"
        if self.accept_kw("IF"):
            if w == "CREATE":
                self.expect_kw("NOT")
                st.if_not_exists = True
            else:
                st.if_exists = True
            self.expect_kw("EXISTS")
        while True:
            if w == "RENAME":
                old = self.user_spec()
                self.expect_kw("TO")
                st.renames.append((old, self.user_spec()))
            else:
                st.users.append(self.user_spec(role=what == "ROLE"))
                if w in ("CREATE", "ALTER"):
                    pw = self._identified_by()
                    if pw is not None:
                        st.identified_by[st.users[-1]] = pw
                    self._skip_user_options()
            if not self.accept_op(","):
                break
        if w in ("CREATE", "ALTER"):
            st.options_text = self._rest()
            self._skip_to_end()
        return st

    def _rest(self) -> str:
        """The statement's text from the current token on (a trailing ``;`` dropped)."""
        return self.sql[self.tok.pos:].strip().rstrip(";").strip() if self.tok.kind != "EOF" else ""

    def user_spec(self, role: bool = False) -> tuple[str, str]:
        if self.at_kw("CURRENT_USER", "CURRENT_ROLE"):
            raise UnsupportedError("CURRENT_USER / CURRENT_ROLE in an account statement")
        if self.tok.kind not in ("WORD", "QWORD", "STRING"):
            raise self.error()
        name = str(self.advance().value)
        if role:
            return (name, "")
        if self.tok.kind == "VAR":
            return (name, str(self.advance().value))
        return (name, "%")

    def _identified_by(self) -> tuple[str, str] | None:
        """``IDENTIFIED BY 'text'`` / ``IDENTIFIED BY PASSWORD '*hash'`` (others: None)."""
        if not (self.at_kw("IDENTIFIED") and self.peek_kw(1, "BY")):
            return None
        if self.peek(2).kind == "STRING":
            return ("PASSWORD", str(self.peek(2).value))
        if self.peek_kw(2, "PASSWORD") and self.peek(3).kind == "STRING":
            return ("HASH", str(self.peek(3).value))
        return None

    def _skip_user_options(self) -> None:
        """IDENTIFIED BY ... / VIA ... up to the next account (a ``,`` outside parentheses)."""
        depth = 0
        while self.tok.kind != "EOF":
            if depth == 0 and (self.at_op(",") or self.at_kw(*_CLAUSE_END)):
                return
            if depth == 0 and self.at_kw("PASSWORD") and self.peek_kw(1, "EXPIRE"):
                return
            if self.at_op("("):
                depth += 1
            elif self.at_op(")"):
                depth -= 1
            self.advance()

    def _skip_to_end(self) -> None:
        while self.tok.kind != "EOF" and not (self.at_op(";") and self.peek().kind == "EOF"):
            self.advance()

    def _grant(self, verb: str) -> A.Account:
        st = A.Account(verb=verb)
        target = "TO" if verb == "GRANT" else "FROM"
        if self.at_kw("PROXY"):
            raise UnsupportedError(f"{verb} PROXY")
        names: list[str] = []
        depth, has_on = 0, False
        start = self.tok.pos
        while self.tok.kind != "EOF":
            if depth == 0 and self.at_kw("ON"):
                has_on = True
                break
            if depth == 0 and self.at_kw(target):
                break
            if self.at_op("("):
                depth += 1
            elif self.at_op(")"):
                depth -= 1
            elif depth == 0 and self.tok.kind in ("WORD", "QWORD", "STRING"):
                names.append(str(self.tok.value))
            self.advance()
        if has_on:
            st.privileges_text = self.sql[start:self.tok.pos].strip()
            self.advance()
            st.on = self._grant_object()
            st.privileges = [n.upper() for n in names]
        elif not (verb == "REVOKE" and [n.upper() for n in names[:2]] == ["ALL", "PRIVILEGES"]):
            st.verb, st.roles = f"{verb} ROLE", names
        self.expect_kw(target)
        while True:
            st.users.append(self.user_spec())
            if verb == "GRANT" and self.at_kw("IDENTIFIED"):
                st.identified = True
                self._skip_user_options()
            if not self.accept_op(","):
                break
        st.options_text = self._rest()
        self._skip_to_end()
        return st

    def _grant_object(self) -> tuple[str | None, str | None]:
        if self.at_kw("FUNCTION", "PROCEDURE", "PACKAGE"):
            raise UnsupportedError("GRANT on a routine")
        self.accept_kw("TABLE")
        if self.accept_op("*"):
            if self.accept_op("."):
                self.expect_op("*")
            return (None, None)
        first = self.ident()
        if self.accept_op("."):
            if self.accept_op("*"):
                return (first, None)
            return (first, self.ident())
        return ("", first)  # a table of the current database

    def _set_password(self) -> A.Account:
        self.expect_kw("PASSWORD")
        st = A.Account(verb="SET PASSWORD")
        if not self.accept_kw("FOR"):
            raise UnsupportedError("SET PASSWORD for the current user")
        st.users.append(self.user_spec())
        self.expect_op("=")
        if self.at_kw("PASSWORD", "OLD_PASSWORD") and self.peek().kind == "OP" and self.peek().value == "(":
            kind = str(self.advance().value).upper()
            self.expect_op("(")
            if self.tok.kind != "STRING":
                raise self.error()
            st.password = (kind, str(self.advance().value))
            self.expect_op(")")
        elif self.tok.kind == "STRING":
            st.password = ("HASH", str(self.advance().value))
        else:
            raise self.error()
        return st
