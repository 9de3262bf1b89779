"""The grammar of CREATE, DROP, ALTER and RENAME, stored routines and triggers, and table maintenance."""

from __future__ import annotations

from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_dml import DmlParser
from harness.sql.parse.parse_errors import ParseError, SpBadStatementError, UndeclaredVariableError, UnsupportedError


# The types a COMPRESSED attribute may follow (sql_yacc.yy: the string and blob types)
_COMPRESSIBLE = frozenset("""VARCHAR VARBINARY TINYTEXT TEXT MEDIUMTEXT LONGTEXT TINYBLOB BLOB MEDIUMBLOB
    LONGBLOB""".split())


class DdlParser(DmlParser):
    """The statements that change definitions."""

    def create_stmt(self) -> A.Statement:
        self.expect_kw("CREATE")
        or_replace = False
        if self.accept_kw("OR"):
            self.expect_kw("REPLACE")
            or_replace = True
        # DEFINER=... for routines and triggers
        if self.accept_kw("DEFINER"):
            self.expect_op("=")
            self.advance()
            if self.tok.kind == "VAR":
                self.advance()
            elif self.accept_op("("):  # CURRENT_USER()
                self.expect_op(")")
        temporary = bool(self.accept_kw("TEMPORARY"))
        if self.accept_kw("DATABASE", "SCHEMA"):
            ine = self.if_not_exists()
            name = self.ident()
            charset = collation = None
            while True:
                # [DEFAULT] {CHARACTER SET | CHARSET} [=] name | [DEFAULT] COLLATE [=] name
                self.accept_kw("DEFAULT")
                if self.accept_kw("CHARACTER"):
                    self.expect_kw("SET")
                    self.accept_op("=")
                    charset = self.ident_or_string().lower()
                elif self.accept_kw("CHARSET"):
                    self.accept_op("=")
                    charset = self.ident_or_string().lower()
                elif self.accept_kw("COLLATE"):
                    self.accept_op("=")
                    collation = self.ident_or_string().lower()
                else:
                    break
            return A.CreateDatabase(name=name, if_not_exists=ine, charset=charset, collation=collation)
        if self.accept_kw("TABLE"):
            return self.create_table(temporary, or_replace)
        if self.accept_kw("SEQUENCE"):
            if temporary:
                raise UnsupportedError("CREATE TEMPORARY SEQUENCE")
            return self.create_sequence(or_replace)
        if not temporary and not or_replace and (self.at_kw("INDEX") or self.at_kw("UNIQUE")
                                                 and self.peek_kw(1, "INDEX", "KEY")):
            unique = bool(self.accept_kw("UNIQUE"))
            self.advance()
            return self.create_index(unique)
        if self.accept_kw("TRIGGER"):
            return self.create_trigger()
        if self.at_kw("PROCEDURE", "FUNCTION"):
            return self.create_routine()
        if self.accept_kw("VIEW"):
            return self.create_view(or_replace)
        if self.at_kw("ALGORITHM", "SQL"):
            raise UnsupportedError("CREATE VIEW options")
        raise UnsupportedError("CREATE " + str(self.tok.value).upper())

    def create_sequence(self, or_replace: bool) -> A.CreateSequence:
        cs = A.CreateSequence(or_replace=or_replace, if_not_exists=self.if_not_exists())
        cs.name = self.table_name()
        cs.options, restart = self.sequence_options(allow_restart=False)
        while self.at_kw("ENGINE"):
            self.advance()
            self.accept_op("=")
            cs.engine = self.ident_or_string()
        if self.tok.kind != "EOF" and not self.at_op(";"):
            raise UnsupportedError("CREATE SEQUENCE ... " + str(self.tok.value).upper())
        return cs

    def alter_sequence(self) -> A.AlterSequence:
        st = A.AlterSequence(if_exists=self.if_exists())
        st.name = self.table_name()
        st.options, st.restart = self.sequence_options(allow_restart=True)
        return st

    def sequence_options(self, allow_restart: bool) -> tuple[dict[str, int | None], int | str | None]:
        """The options of sql_yacc.yy's sequence_def, in any order: START [WITH|=] n,
        MINVALUE [=] n | NO MINVALUE | NOMINVALUE, MAXVALUE likewise, INCREMENT [BY|=] n,
        CACHE [=] n | NOCACHE, CYCLE | NOCYCLE, and for ALTER RESTART [[WITH|=] n]."""
        opts: dict[str, int | None] = {}
        restart: int | str | None = None
        while True:
            if self.accept_kw("START"):
                self.accept_kw("WITH") or self.accept_op("=")
                opts["start"] = self.signed_int()
            elif self.accept_kw("MINVALUE", "MAXVALUE"):
                name = str(self.toks[self.i - 1].text).lower()
                self.accept_op("=")
                opts[name] = self.signed_int()
            elif self.at_kw("NO") and self.peek_kw(1, "MINVALUE", "MAXVALUE", "CACHE", "CYCLE"):
                self.advance()
                w = self.advance().text.lower()
                opts[w] = None if w in ("minvalue", "maxvalue") else 0
            elif self.accept_kw("NOMINVALUE", "NOMAXVALUE"):
                opts[str(self.toks[self.i - 1].text).lower()[2:]] = None
            elif self.accept_kw("INCREMENT"):
                self.accept_kw("BY") or self.accept_op("=")
                opts["increment"] = self.signed_int()
            elif self.accept_kw("CACHE"):
                self.accept_op("=")
                opts["cache"] = self.signed_int()
            elif self.accept_kw("NOCACHE"):
                opts["cache"] = 0
            elif self.accept_kw("CYCLE", "NOCYCLE"):
                opts["cycle"] = int(str(self.toks[self.i - 1].text).upper() == "CYCLE")
            elif allow_restart and self.accept_kw("RESTART"):
                if self.accept_kw("WITH") or self.accept_op("=") or self.tok.kind == "INT" or self.at_op("-"):
                    restart = self.signed_int()
                else:
                    restart = "start"
            elif self.at_kw("AS"):
                raise UnsupportedError("SEQUENCE ... AS <type>")
            else:
                return opts, restart

    def signed_int(self) -> int:
        neg = bool(self.accept_op("-"))
        if not neg:
            self.accept_op("+")
        t = self.advance()
        if t.kind != "INT" or not isinstance(t.value, int):
            raise ParseError(self.sql, t.pos)
        return -t.value if neg else t.value

    def create_view(self, or_replace: bool) -> A.CreateView:
        cv = A.CreateView(name=self.table_name(), or_replace=or_replace)
        if self.accept_op("("):
            cv.columns = [self.ident()]
            while self.accept_op(","):
                cv.columns.append(self.ident())
            self.expect_op(")")
        self.expect_kw("AS")
        start = self.tok.pos
        cv.select = self.select_stmt()
        if self.accept_kw("WITH"):
            cv.check_option = self.accept_kw("CASCADED", "LOCAL") or "CASCADED"
            self.expect_kw("CHECK")
            self.expect_kw("OPTION")
        # The server logs the SELECT, and the CHECK OPTION clause, as written.
        cv.select_text = self.sql[start:self.tok.pos].strip().rstrip(";").rstrip()
        return cv

    def if_not_exists(self) -> bool:
        if self.accept_kw("IF"):
            self.expect_kw("NOT")
            self.expect_kw("EXISTS")
            return True
        return False

    def if_exists(self) -> bool:
        if self.accept_kw("IF"):
            self.expect_kw("EXISTS")
            return True
        return False

    def create_table(self, temporary: bool, or_replace: bool) -> A.CreateTable:
        ct = A.CreateTable(temporary=temporary, or_replace=or_replace)
        ct.if_not_exists = self.if_not_exists()
        ct.table = self.table_name()
        if self.accept_kw("LIKE"):
            ct.like = self.table_name()
            return ct
        if self.at_op("(") and not self.peek_kw(1, "SELECT"):
            self.advance()
            while True:
                self.table_element(ct)
                if not self.accept_op(","):
                    break
            self.expect_op(")")
        self.table_options(ct)
        if self.at_kw("IGNORE", "REPLACE"):
            ct.duplicates = str(self.advance().value).upper()
        if self.accept_kw("AS") or self.at_kw("SELECT", "WITH") or self.at_op("("):
            ct.select_pos = self.tok.pos
            ct.select = self.select_stmt()
        return ct

    def table_options(self, ct: A.CreateTable) -> None:
        while True:
            self.accept_op(",")
            if self.accept_kw("ENGINE", "TYPE"):
                self.accept_op("=")
                ct.options["ENGINE"] = self.ident_or_string()
            elif self.accept_kw("DEFAULT"):
                continue
            elif self.accept_kw("CHARSET", "CHARACTER"):
                self.accept_kw("SET")
                self.accept_op("=")
                ct.options["CHARSET"] = self.ident_or_string()
            elif self.accept_kw("COLLATE"):
                self.accept_op("=")
                ct.options["COLLATE"] = self.ident_or_string()
            elif self.at_kw("PARTITION"):
                raise UnsupportedError("PARTITION BY (partitioned tables: their scan order is not modelled)")
            elif self.at_kw("WITH") and self.peek_kw(1, "SYSTEM"):
                raise UnsupportedError("WITH SYSTEM VERSIONING (system-versioned tables)")
            elif self.at_kw("AUTO_INCREMENT", "ROW_FORMAT", "COMMENT", "KEY_BLOCK_SIZE", "STATS_PERSISTENT",
                            "TRANSACTIONAL", "PAGE_CHECKSUM"):
                key = self.advance().text.upper()
                self.accept_op("=")
                ct.options[key] = str(self.advance().value)
            else:
                return

    def table_element(self, ct: A.CreateTable) -> None:
        if self.accept_kw("PRIMARY"):
            self.expect_kw("KEY")
            ct.keys.append(A.KeyDef("PRIMARY", self.key_columns()))
            return
        if self.accept_kw("UNIQUE"):
            self.accept_kw("KEY", "INDEX")
            name = None if self.at_op("(") else self.ident()
            ct.keys.append(A.KeyDef("UNIQUE", self.key_columns(), name))
            return
        if self.accept_kw("KEY", "INDEX"):
            name = None if self.at_op("(") else self.ident()
            ct.keys.append(A.KeyDef("INDEX", self.key_columns(), name))
            return
        if self.at_kw("CONSTRAINT", "FOREIGN", "CHECK"):
            self.constraint_def(ct)
            return
        if self.at_kw("FULLTEXT", "SPATIAL"):
            raise UnsupportedError(str(self.tok.value).upper() + " in CREATE TABLE")
        cd = self.column_def()
        ct.columns.append(cd)
        if cd.references is not None:
            ct.foreign_keys.append(cd.references)

    def constraint_def(self, ct: A.CreateTable) -> None:
        """``[CONSTRAINT [name]] {FOREIGN KEY ... | CHECK (...) | PRIMARY KEY ... | UNIQUE ...}``."""
        name = None
        if self.accept_kw("CONSTRAINT"):
            if not self.at_kw("FOREIGN", "CHECK", "PRIMARY", "UNIQUE"):
                name = self.ident()
        if self.at_kw("PRIMARY", "UNIQUE"):
            self.table_element(ct)
            if name is not None and ct.keys and ct.keys[-1].kind == "UNIQUE" and ct.keys[-1].name is None:
                ct.keys[-1].name = name
            return
        if self.at_kw("CHECK"):
            ct.checks.append(self.check_def(name))
            return
        ct.foreign_keys.append(self.foreign_key_def(name))

    def check_def(self, name: str | None) -> A.CheckDef:
        self.expect_kw("CHECK")
        return self.check_def_body(name)

    def check_def_body(self, name: str | None) -> A.CheckDef:
        self.expect_op("(")
        start = self.tok.pos
        e = self.expr()
        text = self.sql[start:self.tok.pos].strip()
        self.expect_op(")")
        return A.CheckDef(e, text, name, start)

    def foreign_key_def(self, name: str | None) -> A.ForeignKeyDef:
        self.expect_kw("FOREIGN")
        self.expect_kw("KEY")
        if self.at_kw("IF"):
            raise UnsupportedError("FOREIGN KEY IF NOT EXISTS")
        index_name = None if self.at_op("(") else self.ident()
        cols = self.key_columns()
        fk = self.references_def(cols)
        fk.name, fk.index_name = name, index_name
        return fk

    def references_def(self, cols: list[str]) -> A.ForeignKeyDef:
        self.expect_kw("REFERENCES")
        ref = self.table_name()
        ref_cols = self.key_columns() if self.at_op("(") else []
        fk = A.ForeignKeyDef(cols, ref, ref_cols)
        if self.accept_kw("MATCH"):
            raise UnsupportedError("FOREIGN KEY ... MATCH")
        while self.accept_kw("ON"):
            which = self.expect_kw("DELETE", "UPDATE")
            if self.accept_kw("SET"):
                action = "SET " + self.expect_kw("NULL", "DEFAULT")
            elif self.accept_kw("NO"):
                self.expect_kw("ACTION")
                action = "NO ACTION"
            else:
                action = self.expect_kw("RESTRICT", "CASCADE")
            if which == "DELETE":
                fk.on_delete = action
            else:
                fk.on_update = action
        return fk

    def key_columns(self) -> list[str]:
        self.expect_op("(")
        cols = [self.ident()]
        if self.accept_op("("):
            self.advance()
            self.expect_op(")")
        self.accept_kw("ASC", "DESC")
        while self.accept_op(","):
            cols.append(self.ident())
            if self.accept_op("("):
                self.advance()
                self.expect_op(")")
            self.accept_kw("ASC", "DESC")
        self.expect_op(")")
        return cols

    def column_def(self) -> A.ColumnDef:
        name = self.ident()
        tname, args, unsigned, zerofill = self.type_spec()
        cd = A.ColumnDef(name, tname, args, unsigned, zerofill)
        while True:
            if self.accept_kw("NOT"):
                self.expect_kw("NULL")
                cd.nullable = False
            elif self.accept_kw("NULL"):
                cd.nullable = True
            elif self.accept_kw("DEFAULT"):
                cd.has_default = True
                if self.accept_op("("):
                    cd.default = self.expr()
                    self.expect_op(")")
                else:
                    cd.default = self.unary()
            elif self.accept_kw("AUTO_INCREMENT"):
                cd.auto_increment = True
            elif self.accept_kw("PRIMARY"):
                self.expect_kw("KEY")
                cd.primary_key = True
            elif self.accept_kw("UNIQUE"):
                self.accept_kw("KEY")
                cd.unique = True
            elif self.accept_kw("KEY"):
                cd.primary_key = True
            elif self.accept_kw("CHARACTER", "CHARSET"):
                self.accept_kw("SET")
                cd.charset = self.ident_or_string()
            elif self.accept_kw("COLLATE"):
                cd.collation = self.ident_or_string()
            elif self.accept_kw("COMMENT"):
                cd.comment = self.advance().value  # type: ignore[assignment]
            elif self.accept_kw("ON"):
                self.expect_kw("UPDATE")
                self.expr()
                cd.on_update_now = True
            elif not self.column_extra_attribute(cd):
                return cd

    def column_extra_attribute(self, cd: A.ColumnDef) -> bool:
        """REFERENCES, CHECK, GENERATED / AS, VIRTUAL / STORED, COMPRESSED after a column's
        type: True when one was read."""
        if self.at_kw("REFERENCES"):
            cd.references = self.references_def([cd.name])
        elif self.at_kw("CHECK"):
            cd.check = self.check_def(None)
        elif self.at_kw("CONSTRAINT") and self.peek_kw(2, "CHECK"):
            self.advance()
            cd.check = self.check_def(self.ident())
        elif self.at_kw("GENERATED", "AS"):
            self.generated_column(cd)
        elif self.at_kw("VIRTUAL", "STORED", "PERSISTENT") and cd.generated is not None:
            cd.generated_stored = self.advance().text.upper() != "VIRTUAL"
        elif self.at_kw("COMPRESSED"):
            if cd.type_name not in _COMPRESSIBLE:  # the grammar takes it after these types only
                raise ParseError(self.sql, self.tok.pos)
            self.advance()
            if self.accept_op("="):
                method = self.ident()
                if method.lower() != "zlib":
                    raise UnsupportedError(f"COMPRESSED={method}")
            cd.compressed = True
        elif self.at_kw("INVISIBLE"):
            raise UnsupportedError(str(self.tok.value).upper() + " column attribute")
        else:
            return False
        return True

    def generated_column(self, cd: A.ColumnDef) -> None:
        """``[GENERATED ALWAYS] AS (expr)``; VIRTUAL / STORED / PERSISTENT follow as attributes."""
        if self.accept_kw("GENERATED"):
            self.expect_kw("ALWAYS")
        self.expect_kw("AS")
        if self.at_kw("ROW"):
            raise UnsupportedError("GENERATED ALWAYS AS ROW START/END (system versioning)")
        cd.generated = self.check_def_body(None)

    def create_trigger(self) -> A.CreateTrigger:
        tr = A.CreateTrigger()
        tr.name = self.ident()
        if self.accept_op("."):
            tr.db, tr.name = tr.name, self.ident()
        tr.timing = self.expect_kw("BEFORE", "AFTER")
        tr.event = self.expect_kw("INSERT", "UPDATE", "DELETE")
        self.expect_kw("ON")
        tr.table = self.table_name()
        self.expect_kw("FOR")
        self.expect_kw("EACH")
        self.expect_kw("ROW")
        tr.body = self.routine_body()
        return tr

    def create_routine(self) -> A.CreateRoutine:
        r = A.CreateRoutine(kind=self.expect_kw("PROCEDURE", "FUNCTION"))
        r.name = self.ident()
        if self.accept_op("."):
            r.db, r.name = r.name, self.ident()
        self.expect_op("(")
        params_start = self.tok.pos
        if not self.at_op(")"):
            while True:
                mode = self.accept_kw("IN", "OUT", "INOUT") or "IN"
                pname = self.ident()
                tname, args, _, _ = self.type_spec()
                r.params.append(A.RoutineParam(pname, tname, args, mode))
                if not self.accept_op(","):
                    break
        r.params_text = self.sql[params_start:self.tok.pos]
        self.expect_op(")")
        if r.kind == "FUNCTION":
            self.expect_kw("RETURNS")
            tname, args, _, _ = self.type_spec()
            r.returns = (tname, args)
        while True:
            w = self.accept_kw("DETERMINISTIC", "NOT", "NO", "READS", "MODIFIES", "CONTAINS", "LANGUAGE", "SQL")
            if w is None:
                break
            if w == "DETERMINISTIC":
                r.deterministic = True
            elif w == "NOT":
                self.expect_kw("DETERMINISTIC")
            elif w in ("NO", "CONTAINS"):
                self.accept_kw("SQL")
                r.sql_data_access = "NO SQL" if w == "NO" else "CONTAINS SQL"
            elif w in ("READS", "MODIFIES"):
                self.expect_kw("SQL")
                self.expect_kw("DATA")
                r.sql_data_access = f"{w} SQL DATA"
            elif w == "LANGUAGE":
                self.expect_kw("SQL")
            elif w == "SQL":
                self.expect_kw("SECURITY")
                self.expect_kw("DEFINER", "INVOKER")
        body_start = self.tok.pos
        r.body = self.routine_body()
        r.body_text = self.sql[body_start:self.tok.pos].rstrip().rstrip(";").rstrip()
        return r

    def routine_body(self) -> list[A.Statement]:
        if self.accept_kw("BEGIN"):
            body = self.routine_statements(("END",))
            self.expect_kw("END")
            return body
        return self.routine_statement()

    def routine_statements(self, until: tuple[str, ...]) -> list[A.Statement]:
        """Statements separated by ``;`` up to (not including) one of the ``until`` words."""
        body: list[A.Statement] = []
        while not self.at_kw(*until):
            body.extend(self.routine_statement())
            if not self.accept_op(";") and not self.at_kw(*until):
                raise self.error("expected ;")
        return body

    def routine_if(self) -> A.If:
        st = A.If()
        cond: A.Expr | None = self.expr()
        while True:
            self.expect_kw("THEN")
            st.branches.append((cond, self.routine_statements(("ELSEIF", "ELSE", "END"))))
            if self.accept_kw("ELSEIF"):
                cond = self.expr()
                continue
            if self.accept_kw("ELSE"):
                st.branches.append((None, self.routine_statements(("END",))))
            self.expect_kw("END")
            self.expect_kw("IF")
            return st

    def routine_signal(self) -> A.Signal:
        if not self.accept_kw("SQLSTATE"):
            raise UnsupportedError("SIGNAL of a named condition")
        self.accept_kw("VALUE")
        tok = self.advance()
        if tok.kind != "STRING":
            raise self.error("expected an SQLSTATE string")
        st = A.Signal(sqlstate=str(tok.value))
        if self.accept_kw("SET"):
            while True:
                item = self.ident().upper()
                self.expect_op("=")
                paren = self.peek(1)
                value = self.expr()
                # signal_allowed_expr: a literal or a variable, not an expression; MariaDB reads a
                # function's name as a variable (1327), MySQL's grammar (simple_target_specification
                # / signal_allowed_expr) stops at its parenthesis: 1064
                if isinstance(value, A.FuncCall):
                    raise UndeclaredVariableError(value.name).in_mysql(ParseError(self.sql, paren.pos))
                if not isinstance(value, (A.Literal, A.UserVar, A.ColumnRef)):
                    raise self.error("SIGNAL takes a literal or a variable")
                if item == "MESSAGE_TEXT":
                    st.message = value
                elif item == "MYSQL_ERRNO":
                    st.errno = value
                else:
                    raise UnsupportedError(f"SIGNAL ... SET {item}")
                if not self.accept_op(","):
                    break
        return st

    def routine_set(self) -> list[A.Statement]:
        """``SET a = 1, NEW.b = 2``: one SetLocal per assignment."""
        out: list[A.Statement] = []
        while True:
            row = None
            if self.at_kw("NEW", "OLD") and self.peek().kind == "OP" and self.peek().value == ".":
                row = self.advance().text.upper()
                self.advance()
            name = self.ident()
            if not self.accept_op("=", ":="):
                raise self.error("expected =")
            out.append(A.SetLocal(name=name, value=self.expr(), row=row))
            if not self.accept_op(","):
                return out

    def routine_statement(self) -> list[A.Statement]:
        start = self.tok.pos
        if self.at_kw("LOAD") and self.peek_kw(1, "DATA"):
            raise SpBadStatementError("LOAD DATA")
        if self.at_kw("SET") and self.peek().kind in ("WORD", "QWORD") and not self.peek_kw(
                1, "SESSION", "GLOBAL", "LOCAL", "NAMES", "TRANSACTION", "AUTOCOMMIT", "SQL_LOG_BIN",
                "BINLOG_FORMAT"):
            self.advance()
            sets = self.routine_set()
            for one in sets:
                one.text = self.sql[start:self.tok.pos].strip()
            return sets
        if self.accept_kw("IF"):
            st: A.Statement = self.routine_if()
        elif self.accept_kw("RETURN"):
            st = A.Return(expr=self.expr())
        elif self.at_kw("BEGIN"):
            # In a routine body BEGIN opens a compound statement, never a transaction
            # (START TRANSACTION does): BEGIN WORK is a syntax error at what follows WORK.
            self.advance()
            if self.accept_kw("WORK"):
                raise self.error()
            inner = self.routine_statements(("END",))
            self.expect_kw("END")
            if any(isinstance(x, A.Declare) for x in inner):
                raise UnsupportedError("DECLARE in a nested BEGIN ... END block")
            return inner
        elif self.accept_kw("SIGNAL"):
            st = self.routine_signal()
        elif self.accept_kw("DECLARE"):
            names = [self.ident()]
            while self.accept_op(","):
                names.append(self.ident())
            tname, _, _, _ = self.type_spec()
            default = None
            if self.accept_kw("DEFAULT"):
                default = self.expr()
            st = A.Declare(names=names, type_name=tname, default=default)
        else:
            st = self.statement()
        st.text = self.sql[start:self.tok.pos].strip()
        if isinstance(st, A.Select) and st.into_span is not None:
            st.into_span = (st.into_span[0] - start, st.into_span[1] - start)
        return [st]

    def drop_stmt(self) -> A.Statement:
        self.expect_kw("DROP")
        temporary = bool(self.accept_kw("TEMPORARY"))
        if self.accept_kw("DATABASE", "SCHEMA"):
            ie = self.if_exists()
            return A.DropDatabase(name=self.ident(), if_exists=ie)
        if self.at_kw("TABLE", "TABLES", "SEQUENCE"):
            sequence = self.advance().text.upper() == "SEQUENCE"
            if sequence and temporary:
                raise UnsupportedError("DROP TEMPORARY SEQUENCE")
            ie = self.if_exists()
            tables = [self.table_name()]
            while self.accept_op(","):
                tables.append(self.table_name())
            self.accept_kw("RESTRICT", "CASCADE")
            return A.DropTable(tables=tables, temporary=temporary, if_exists=ie, sequence=sequence)
        if self.at_kw("PROCEDURE", "FUNCTION", "TRIGGER"):
            kind = self.advance().text.upper()
            ie = self.if_exists()
            name = self.ident()
            db = None
            if self.accept_op("."):
                db, name = name, self.ident()
            return A.DropRoutine(kind=kind, name=name, if_exists=ie, db=db)
        if not temporary and self.accept_kw("INDEX", "KEY"):
            if self.at_kw("IF"):
                raise UnsupportedError("DROP INDEX IF EXISTS")
            name = self.ident()
            self.expect_kw("ON")
            return A.DropIndex(table=self.table_name(), name=name)
        if self.accept_kw("VIEW"):
            ie = self.if_exists()
            names = [self.table_name()]
            while self.accept_op(","):
                names.append(self.table_name())
            return A.DropView(names=names, if_exists=ie)
        raise UnsupportedError("DROP " + str(self.tok.value).upper())

    def alter_stmt(self) -> A.Statement:
        self.expect_kw("ALTER")
        ignore = bool(self.accept_kw("IGNORE"))
        if self.at_kw("ONLINE"):
            raise UnsupportedError("ALTER ONLINE")
        if self.accept_kw("SEQUENCE"):
            return self.alter_sequence()
        if not self.accept_kw("TABLE"):
            raise UnsupportedError("ALTER " + str(self.tok.value).upper())
        st = A.AlterTable(table=self.table_name(), ignore=ignore)
        while True:
            if self.at_kw("ADD") and (self.peek(1).kind == "OP" and self.peek(1).value == "(" or
                                      self.peek_kw(1, "COLUMN") and self.peek(2).kind == "OP"
                                      and self.peek(2).value == "("):
                st.specs.extend(self.alter_add_column_list())
            else:
                st.specs.append(self.alter_spec())
            if not self.accept_op(","):
                return st

    def alter_add_column_list(self) -> list[A.AlterSpec]:
        """``ADD [COLUMN] (col_def, ...)``: each column added last, in order (sql_yacc.yy
        add_column ``'(' create_field_list ')'``)."""
        self.expect_kw("ADD")
        self.accept_kw("COLUMN")
        self.expect_op("(")
        specs = []
        while True:
            if self.at_kw("PRIMARY", "UNIQUE", "KEY", "INDEX", "CONSTRAINT", "FOREIGN", "CHECK", "FULLTEXT",
                          "SPATIAL"):
                raise UnsupportedError("ALTER TABLE ADD (a key in a column list)")
            specs.append(A.AlterSpec("ADD_COLUMN", column=self.column_def()))
            if not self.accept_op(","):
                break
        self.expect_op(")")
        return specs

    def alter_spec(self) -> A.AlterSpec:
        if self.accept_kw("ADD"):
            if self.at_kw("CONSTRAINT", "FOREIGN", "CHECK"):
                return self.alter_add_constraint()
            key = self.key_def()
            if key is not None:
                return A.AlterSpec("ADD_KEY", key=key)
            self.accept_kw("COLUMN")
            self.if_not_exists_unsupported()
            return A.AlterSpec("ADD_COLUMN", column=self.column_def(), position=self.column_position())
        if self.accept_kw("DROP"):
            return self.alter_drop()
        if self.accept_kw("MODIFY"):
            self.accept_kw("COLUMN")
            self.if_not_exists_unsupported()
            return A.AlterSpec("MODIFY", column=self.column_def(), position=self.column_position())
        if self.accept_kw("CHANGE"):
            self.accept_kw("COLUMN")
            self.if_not_exists_unsupported()
            old = self.ident()
            return A.AlterSpec("CHANGE", name=old, column=self.column_def(), position=self.column_position())
        if self.accept_kw("ALTER"):
            self.accept_kw("COLUMN")
            name = self.ident()
            if self.accept_kw("SET"):
                self.expect_kw("DEFAULT")
                if self.accept_op("("):
                    default = self.expr()
                    self.expect_op(")")
                else:
                    default = self.unary()
                return A.AlterSpec("SET_DEFAULT", name=name, default=default)
            if self.accept_kw("DROP"):
                self.expect_kw("DEFAULT")
                return A.AlterSpec("DROP_DEFAULT", name=name)
            raise UnsupportedError("ALTER COLUMN " + str(self.tok.value).upper())
        if self.accept_kw("RENAME"):
            if self.at_kw("COLUMN", "INDEX", "KEY"):
                raise UnsupportedError("ALTER TABLE RENAME " + str(self.tok.value).upper())
            self.accept_kw("TO", "AS")
            return A.AlterSpec("RENAME", new_name=self.table_name())
        if self.accept_kw("ENGINE", "TYPE"):
            self.accept_op("=")
            return A.AlterSpec("ENGINE", name=self.ident_or_string())
        if self.at_kw("ENABLE", "DISABLE") and self.peek_kw(1, "KEYS"):
            on = self.advance().text.upper() == "ENABLE"
            self.advance()
            return A.AlterSpec("KEYS", value=int(on))
        if self.accept_kw("AUTO_INCREMENT"):
            self.accept_op("=")
            t = self.advance()
            if t.kind != "INT" or not isinstance(t.value, int):
                raise ParseError(self.sql, t.pos)
            return A.AlterSpec("AUTO_INCREMENT", value=t.value)
        if self.at_kw("TRUNCATE", "COALESCE", "REORGANIZE", "EXCHANGE", "REBUILD", "REMOVE", "ANALYZE", "CHECK",
                      "OPTIMIZE", "REPAIR", "PARTITION"):
            raise UnsupportedError(f"ALTER TABLE {str(self.tok.value).upper()} PARTITION (partitioned tables)")
        raise UnsupportedError("ALTER TABLE " + str(self.tok.value).upper())

    def alter_add_constraint(self) -> A.AlterSpec:
        ct = A.CreateTable()
        self.constraint_def(ct)
        if ct.foreign_keys:
            return A.AlterSpec("ADD_FK", fk=ct.foreign_keys[0])
        if ct.checks:
            return A.AlterSpec("ADD_CHECK", check=ct.checks[0])
        raise UnsupportedError("ALTER TABLE ADD CONSTRAINT " + ct.keys[0].kind)

    def alter_drop(self) -> A.AlterSpec:
        """What follows ALTER TABLE ... DROP."""
        if self.accept_kw("PRIMARY"):
            self.expect_kw("KEY")
            return A.AlterSpec("DROP_KEY", name="PRIMARY")
        if self.accept_kw("INDEX", "KEY"):
            self.if_not_exists_unsupported()
            return A.AlterSpec("DROP_KEY", name=self.ident())
        if self.accept_kw("FOREIGN"):
            self.expect_kw("KEY")
            self.if_not_exists_unsupported()
            return A.AlterSpec("DROP_FK", name=self.ident())
        if self.at_kw("CONSTRAINT", "CHECK"):
            op = "DROP_CHECK" if self.advance().text.upper() == "CHECK" else "DROP_CONSTRAINT"
            self.if_not_exists_unsupported()
            return A.AlterSpec(op, name=self.ident())
        if self.at_kw("PARTITION"):
            raise UnsupportedError("ALTER TABLE DROP " + str(self.tok.value).upper())
        self.accept_kw("COLUMN")
        self.if_not_exists_unsupported()
        name = self.ident()
        self.accept_kw("RESTRICT", "CASCADE")
        return A.AlterSpec("DROP_COLUMN", name=name)

    def if_not_exists_unsupported(self) -> None:
        if self.at_kw("IF"):
            raise UnsupportedError("IF [NOT] EXISTS in ALTER TABLE")

    def key_def(self) -> A.KeyDef | None:
        """An index definition after ADD (or None when a column definition follows)."""
        if self.at_kw("CONSTRAINT", "FOREIGN", "FULLTEXT", "SPATIAL", "CHECK", "PARTITION", "PERIOD", "SYSTEM"):
            raise UnsupportedError("ADD " + str(self.tok.value).upper())
        if self.accept_kw("PRIMARY"):
            self.expect_kw("KEY")
            return A.KeyDef("PRIMARY", self.key_columns())
        if self.accept_kw("UNIQUE"):
            self.accept_kw("KEY", "INDEX")
            name = None if self.at_op("(") else self.ident()
            return A.KeyDef("UNIQUE", self.key_columns(), name)
        if self.accept_kw("KEY", "INDEX"):
            name = None if self.at_op("(") else self.ident()
            return A.KeyDef("INDEX", self.key_columns(), name)
        return None

    def column_position(self) -> str | None:
        if self.accept_kw("FIRST"):
            return "FIRST"
        if self.accept_kw("AFTER"):
            return self.ident()
        return None

    def create_index(self, unique: bool) -> A.CreateIndex:
        name = self.ident()
        if self.at_kw("USING", "TYPE"):
            raise UnsupportedError("index type")
        self.expect_kw("ON")
        table = self.table_name()
        return A.CreateIndex(table=table, key=A.KeyDef("UNIQUE" if unique else "INDEX", self.key_columns(), name))

    def rename_stmt(self) -> A.Statement:
        self.expect_kw("RENAME")
        if not self.accept_kw("TABLE", "TABLES"):
            raise UnsupportedError("RENAME " + str(self.tok.value).upper())
        st = A.RenameTable()
        while True:
            old = self.table_name()
            self.expect_kw("TO")
            st.pairs.append((old, self.table_name()))
            if not self.accept_op(","):
                return st

    def maintenance_stmt(self) -> A.Statement:
        cmd = self.advance().text.upper()
        st = A.TableMaintenance(command=cmd)
        if cmd in ("ANALYZE", "OPTIMIZE", "REPAIR"):
            st.no_write_to_binlog = bool(self.accept_kw("NO_WRITE_TO_BINLOG", "LOCAL"))
        if not self.accept_kw("TABLE", "TABLES"):
            raise UnsupportedError(cmd + " " + str(self.tok.value).upper())
        st.tables.append(self.table_name())
        while self.accept_op(","):
            st.tables.append(self.table_name())
        if self.tok.kind != "EOF" and not self.at_op(";"):
            raise UnsupportedError(cmd + " TABLE options")
        return st
