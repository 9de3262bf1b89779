"""The SHOW forms, DESCRIBE and FLUSH TABLES WITH READ LOCK that dump tools, ORMs and CDC
readers send (issue 27): SHOW [FULL] COLUMNS/FIELDS, SHOW INDEX/INDEXES/KEYS, SHOW TABLE
STATUS, SHOW CREATE DATABASE/VIEW, SHOW TRIGGERS, SHOW ... WHERE, DESCRIBE t [col]."""

from __future__ import annotations

from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_expr import ExprParser


class ShowParser(ExprParser):
    """Mixin of Parser: the catalog SHOW forms (sql_yacc.yy ``show_param``)."""

    def show_catalog(self, sh: A.Show) -> bool:
        """Parse a catalog SHOW form into ``sh`` after SHOW [FULL]; False when not one."""
        return any(step(self, sh) for step in _SHOW_STEPS)

    def _show_table_forms(self, sh: A.Show) -> bool:
        if self.accept_kw("COLUMNS", "FIELDS"):
            sh.what = "COLUMNS"
        elif self.accept_kw("INDEX", "INDEXES", "KEYS"):
            sh.what = "INDEX"
        else:
            return False
        self._show_table_from(sh)
        return True

    def _show_status_forms(self, sh: A.Show) -> bool:
        """SHOW TABLE / PROCEDURE / FUNCTION / PACKAGE [BODY] / SLAVE / BINLOG / BINARY LOG STATUS."""
        words = ("TABLE", "PROCEDURE", "FUNCTION", "PACKAGE", "SLAVE", "REPLICA", "BINLOG")
        if self.at_kw(*words) and self.peek_kw(1, "STATUS"):
            word = str(self.advance().value).upper()
            self.advance()
        elif self.at_kw("PACKAGE") and self.peek_kw(1, "BODY") and self.peek_kw(2, "STATUS"):
            word = "PACKAGE"
            for _ in range(3):
                self.advance()
        elif self.at_kw("ALL", "BINARY") and self.peek_kw(1, "SLAVES", "LOG") and self.peek_kw(2, "STATUS"):
            word = "SLAVE" if self.advance().text.upper() == "ALL" else "BINLOG"
            self.advance()
            self.advance()
        else:
            return False
        # SHOW BINLOG STATUS (MariaDB 10.5.2+) / BINARY LOG STATUS (MySQL 8.2+): MASTER STATUS
        sh.what = {"BINLOG": "MASTER", "REPLICA": "SLAVE"}.get(word, word) + "_STATUS"
        if word == "TABLE" and self.accept_kw("FROM", "IN"):
            sh.db = self.ident()
        return True

    def _show_create_forms(self, sh: A.Show) -> bool:
        if not (self.at_kw("CREATE") and self.peek_kw(1, "DATABASE", "SCHEMA", "VIEW", "TRIGGER", "PROCEDURE",
                                                       "FUNCTION")):
            return False
        self.advance()
        word = self.advance().text.upper()
        if word in ("DATABASE", "SCHEMA"):
            sh.what = "CREATE_DATABASE"
            if self.accept_kw("IF"):
                self.expect_kw("NOT")
                self.expect_kw("EXISTS")
                sh.if_not_exists = True
            sh.db = self.ident()
        else:
            sh.what = "CREATE_" + word
            sh.table = self.table_name()  # the object's name (and database)
        return True

    def _show_list_forms(self, sh: A.Show) -> bool:
        if self.accept_kw("TRIGGERS", "EVENTS"):
            sh.what = str(self.toks[self.i - 1].value).upper()
            if self.accept_kw("FROM", "IN"):
                sh.db = self.ident()
            return True
        if not self.at_kw("PLUGINS", "CHARACTER", "CHARSET", "GRANTS"):
            return False
        w = str(self.advance().value).upper()
        if w == "CHARACTER":
            self.expect_kw("SET")
            w = "CHARSET"
        sh.what = w
        if w == "GRANTS" and self.accept_kw("FOR"):
            while self.tok.kind != "EOF" and not self.at_op(";"):
                self.advance()
        return True

    def show_where(self, sh: A.Show) -> None:
        """SHOW ... WHERE expr: a condition on the result's columns."""
        sh.where = self.expr()

    def _show_table_from(self, sh: A.Show) -> None:
        self.expect_kw("FROM", "IN")
        sh.table = self.table_name()
        if self.accept_kw("FROM", "IN"):
            sh.table = A.TableName(sh.table.name, self.ident())

    def describe_stmt(self) -> A.Statement:
        """DESCRIBE / DESC / EXPLAIN t [column | 'pattern']: SHOW COLUMNS FROM t [LIKE ...]."""
        self.expect_kw("DESCRIBE", "DESC", "EXPLAIN")
        self.accept_kw("EXTENDED", "PARTITIONS")
        if self.at_kw("SELECT") or self.at_op("("):
            return A.Explain(select=self.select_stmt())  # type: ignore[attr-defined]
        if self.at_kw("FORMAT", "INSERT", "UPDATE", "DELETE", "REPLACE", "ANALYZE"):
            from harness.sql.parse.parse_errors import UnsupportedError
            raise UnsupportedError("EXPLAIN " + str(self.tok.value).upper())
        sh = A.Show(what="COLUMNS")
        sh.table = self.table_name()
        if self.tok.kind == "STRING":
            sh.like = str(self.advance().value)
        elif self.tok.kind in ("WORD", "QWORD"):
            sh.like = self.ident()
        return sh

    def flush_read_lock(self, quiet: bool) -> A.Statement:
        """FLUSH TABLES WITH READ LOCK (after FLUSH [LOCAL] TABLES); FOR EXPORT is not modelled."""
        from harness.sql.parse.parse_errors import UnsupportedError
        if self.accept_kw("FOR"):
            raise UnsupportedError("FLUSH TABLES ... FOR EXPORT")
        self.expect_kw("WITH")
        self.expect_kw("READ")
        self.expect_kw("LOCK")
        return A.FlushReadLock(no_write_to_binlog=quiet)


_SHOW_STEPS = (ShowParser._show_table_forms, ShowParser._show_status_forms, ShowParser._show_create_forms,
               ShowParser._show_list_forms)
