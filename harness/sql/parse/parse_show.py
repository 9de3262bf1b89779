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
        if self.accept_kw("COLUMNS", "FIELDS"):
            sh.what = "COLUMNS"
            self._show_table_from(sh)
        elif self.accept_kw("INDEX", "INDEXES", "KEYS"):
            sh.what = "INDEX"
            self._show_table_from(sh)
        elif self.at_kw("TABLE") and self.peek_kw(1, "STATUS"):
            self.advance()
            self.advance()
            sh.what = "TABLE_STATUS"
            if self.accept_kw("FROM", "IN"):
                sh.db = self.ident()
        elif self.at_kw("CREATE") and self.peek_kw(1, "TRIGGER", "PROCEDURE", "FUNCTION"):
            self.advance()
            sh.what = "CREATE_" + str(self.advance().value).upper()
            sh.table = self.table_name()  # the object's name (and database)
        elif self.at_kw("CREATE") and self.peek_kw(1, "DATABASE", "SCHEMA", "VIEW"):
            self.advance()
            if self.advance().text.upper() == "VIEW":
                sh.what = "CREATE_VIEW"
                sh.table = self.table_name()
            else:
                sh.what = "CREATE_DATABASE"
                if self.accept_kw("IF"):
                    self.expect_kw("NOT")
                    self.expect_kw("EXISTS")
                    sh.if_not_exists = True
                sh.db = self.ident()
        elif self.accept_kw("TRIGGERS", "EVENTS"):
            sh.what = str(self.toks[self.i - 1].value).upper()
            if self.accept_kw("FROM", "IN"):
                sh.db = self.ident()
        elif self.at_kw("PACKAGE") and (self.peek_kw(1, "STATUS") or self.peek_kw(2, "STATUS")):
            # SHOW PACKAGE [BODY] STATUS (sql_mode=ORACLE packages): none here
            self.advance()
            self.accept_kw("BODY")
            self.advance()
            sh.what = "PACKAGE_STATUS"
        elif self.at_kw("PROCEDURE", "FUNCTION") and self.peek_kw(1, "STATUS"):
            sh.what = str(self.advance().value).upper() + "_STATUS"
            self.advance()
        elif self.at_kw("SLAVE", "REPLICA") and self.peek_kw(1, "STATUS"):
            self.advance()
            self.advance()
            sh.what = "SLAVE_STATUS"
        elif self.at_kw("ALL") and self.peek_kw(1, "SLAVES") and self.peek_kw(2, "STATUS"):
            for _ in range(3):
                self.advance()
            sh.what = "SLAVE_STATUS"
        elif self.at_kw("BINARY") and self.peek_kw(1, "LOG") and self.peek_kw(2, "STATUS"):
            # SHOW BINARY LOG STATUS (MySQL 8.2+): SHOW MASTER STATUS's new name there
            for _ in range(3):
                self.advance()
            sh.what = "MASTER_STATUS"
        elif self.at_kw("BINLOG") and self.peek_kw(1, "STATUS"):
            # SHOW BINLOG STATUS (MariaDB 10.5.2+): SHOW MASTER STATUS's new name
            self.advance()
            self.advance()
            sh.what = "MASTER_STATUS"
        elif self.at_kw("PLUGINS", "CHARACTER", "CHARSET", "GRANTS"):
            w = str(self.advance().value).upper()
            if w == "CHARACTER":
                self.expect_kw("SET")
                w = "CHARSET"
            sh.what = w
            if w == "GRANTS" and self.accept_kw("FOR"):
                while self.tok.kind != "EOF" and not self.at_op(";"):
                    self.advance()
        else:
            return False
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
