"""The model's MySQL 8.0 flavour (`replbed serve --flavor mysql-8.0`), seed 004 (WL#7592).

Seed: /work/shared/seeds/004_31b317c0d3427e99.txt. Expected layouts: docs/RULES-mysql-8.0.md,
which cites MySQL's own mysql-test results (repository mysql/mysql-server):

* MTR_GTID_EVENTS = mysql-test/suite/binlog_gtid/r/binlog_gtid_show_binlog_events.result
  (Previous_gtids right after Format_desc, empty set 31 bytes; Gtid/Anonymous_Gtid 77 bytes)
* MTR_TEMP = mysql-test/suite/binlog/r/binlog_create_drop_temporary_table.result
  ("CREATE/DROP TEMPORARY TABLE is not written into binlog when @@session.binlog_format= ROW / MIXED")
* MTR_DROP_DB = mysql-test/suite/binlog/r/binlog_database.result and binlog_drop_if_exists.result
  (DROP DATABASE is one statement, Info without `use`)
* include/show_events.inc (Anonymous_Gtid lines are listed, Gtid/Previous_gtids masked)

Every produced file is decoded with harness.binlog (reader + re-encode) in ``decode``.
"""

from __future__ import annotations

import re

from pathlib import Path
from typing import Iterator

import pytest

from harness.binlog.codec import encode_event
from harness.binlog.constants import EventType, QueryStatus
from harness.binlog.context import StreamContext
from harness.binlog.mysql_gtid import MysqlGtidEvent, PreviousGtidsEvent
from harness.binlog.rows import RowsV2Event
from harness.binlog.query import QueryEvent
from harness.binlog.reader import read_binlog_file
from harness.binlog.render import event_type_name, info_text
from harness.config import ServeConfig
from harness.sql.sql_errors import ServerError
from harness.sql.server import ServerState
from harness.sql.thd import Thd

UUID = "3e11fa47-71ca-11e1-9e33-c80aa9429562"


class Bed80:
    def __init__(self, tmp: Path, gtid_mode: str = "OFF") -> None:
        self.state = ServerState(ServeConfig(port=0, binlog_dir=tmp / "binlog", flavor="mysql-8.0",
                                             gtid_mode=gtid_mode, server_uuid=UUID if gtid_mode == "ON" else None))
        self.state.start()
        self._ids = 0
        self.session(db=None).execute("CREATE DATABASE test")
        self.state.binlog.reset()

    def session(self, fmt: str | None = None, db: str | None = "test") -> Thd:
        self._ids += 1
        thd = Thd(self.state, self._ids, db=db)
        if fmt:
            thd.execute(f"SET SESSION binlog_format = '{fmt}'")
        self.state.sessions[self._ids] = thd
        return thd

    def decode(self) -> list[tuple[str, list]]:
        """(file, events) for every file; each event re-encodes to the bytes on disk."""
        out = []
        for f in self.state.binlog.files:
            path = self.state.binlog.dir / f
            data = path.read_bytes()
            evs = read_binlog_file(path)
            ctx = StreamContext()
            pos = 4
            for ev in evs:
                raw = encode_event(ev, ctx)
                assert data[pos:pos + len(raw)] == raw, (f, pos, event_type_name(ev))
                if ev.header.type_code == EventType.FORMAT_DESCRIPTION_EVENT:
                    ctx.fde = ev
                    ctx.checksum_alg = ev.checksum_alg
                pos += len(raw)
                assert ev.header.log_pos == pos
            out.append((f, evs))
        return out

    def groups(self) -> list[list[tuple[str, str]]]:
        """Event groups (each opened by a Gtid/Anonymous_Gtid) as (Event_type, Info)."""
        gs: list[list[tuple[str, str]]] = []
        for _f, evs in self.decode():
            for ev in evs:
                row = (event_type_name(ev), info_text(ev))
                if isinstance(ev, MysqlGtidEvent):
                    gs.append([row])
                elif row[0] not in ("Format_desc", "Previous_gtids", "Rotate", "Stop"):
                    assert gs, f"{row} outside a GTID group (FR1)"
                    gs[-1].append(row)
        return gs

    def shapes(self) -> list[list[str]]:
        out = []
        for g in self.groups():
            s = []
            for typ, info in g:
                if typ == "Query":
                    # (the DDL's `/* xid=N */` that SHOW BINLOG EVENTS appends is not shape)
                    s.append(info.split("; ", 1)[-1] if info in ("BEGIN", "COMMIT", "ROLLBACK") else
                             "Q:" + re.sub(r" /\* xid=\d+ \*/$", "", info.split("; ", 1)[-1]))
                elif typ == "Table_map":
                    s.append("TM")
                else:
                    s.append(typ)
            out.append(s)
        return out


@pytest.fixture
def bed(tmp_path: Path) -> Iterator[Bed80]:
    b = Bed80(tmp_path)
    yield b
    b.state.shutdown()


@pytest.fixture
def bed_on(tmp_path: Path) -> Iterator[Bed80]:
    b = Bed80(tmp_path, gtid_mode="ON")
    yield b
    b.state.shutdown()


SETUP = ["CREATE TABLE t (a INT UNSIGNED PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB",
         "CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM"]


def test_defaults_of_the_flavour(bed: Bed80) -> None:
    s = bed.session()
    r = s.execute("SELECT @@binlog_format, @@gtid_mode, @@gtid_next, @@enforce_gtid_consistency, @@gtid_executed")
    assert r.rows == [["ROW", "OFF", "AUTOMATIC", "OFF", ""]] or [list(x) for x in r.rows] == [
        ["ROW", "OFF", "AUTOMATIC", "OFF", ""]]
    assert len(str(s.execute("SELECT @@server_uuid").rows[0][0])) == 36


def test_fr1_anonymous_gtid_before_every_transaction_and_ddl(bed: Bed80) -> None:
    """Seed 004 FR1 ("When GTID_MODE = OFF, every transaction shall be preceded by an
    Anonymous_gtid_log_event"; Summary: "every transaction or DDL statement"). MySQL lists them
    in mysql-test (include/show_events.inc keeps Anonymous_Gtid lines)."""
    s = bed.session()
    for q in SETUP:
        s.execute(q)
    s.execute("INSERT INTO t VALUES (1,'x')")
    s.execute("INSERT INTO n VALUES (1,1)")
    s.execute("BEGIN")
    s.execute("UPDATE t SET b='y'")
    s.execute("DELETE FROM t")
    s.execute("COMMIT")
    s.execute("ALTER TABLE t ADD COLUMN c INT") if False else None
    s.execute("TRUNCATE TABLE n")
    shapes = bed.shapes()
    assert shapes == [
        ["Anonymous_Gtid", "Q:CREATE TABLE t (a INT UNSIGNED PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB"],
        ["Anonymous_Gtid", "Q:CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM"],
        ["Anonymous_Gtid", "BEGIN", "TM", "Write_rows", "Xid"],
        ["Anonymous_Gtid", "BEGIN", "TM", "Write_rows", "COMMIT"],
        ["Anonymous_Gtid", "BEGIN", "TM", "Update_rows", "TM", "Delete_rows", "Xid"],
        ["Anonymous_Gtid", "Q:TRUNCATE TABLE n"],
    ]
    for g in bed.groups():
        assert g[0][1] == "SET @@SESSION.GTID_NEXT= 'ANONYMOUS'"


def test_begin_query_and_status_vars(bed: Bed80) -> None:
    """MySQL writes `Query BEGIN` (SUPPRESS_USE, no `use`) for DML groups, none for DDL; DDL
    carries Q_DDL_LOGGED_WITH_XID (17), never MariaDB's Q_XID (129) (RULES-mysql-8.0 3, 3.1)."""
    s = bed.session("STATEMENT")
    for q in SETUP:
        s.execute(q)
    s.execute("INSERT INTO t VALUES (1,'x')")
    evs = [ev for _f, e in bed.decode() for ev in e if isinstance(ev, QueryEvent)]
    texts = [ev.query for ev in evs]
    assert texts == [SETUP[0], SETUP[1], "BEGIN", "INSERT INTO t VALUES (1,'x')"]
    create = evs[0]
    codes = [int(sv.code) for sv in create.status_vars]
    assert int(QueryStatus.Q_DDL_LOGGED_WITH_XID) in codes and 129 not in codes
    assert codes[-1] == int(QueryStatus.Q_SQL_REQUIRE_PRIMARY_KEY)
    begin = evs[2]
    assert begin.header.flags & 0x8
    # the BEGIN of a statement-logged group names the databases its statements updated
    # (Q_UPDATED_DB_NAMES, as MySQL 9.7.4 writes it: tests/fixtures/binlog/mysql-9.7)
    assert [int(sv.code) for sv in begin.status_vars] == [0, 1, 6, 4, 12, 18]
    assert dict((int(sv.code), sv.value) for sv in begin.status_vars)[4] == (255, 255, 255)


def test_fr2_previous_gtids_opens_every_file(bed: Bed80) -> None:
    """Seed 004 FR2 ("every binary log shall start with a Previous_gtid_log_event"), also after
    FLUSH BINARY LOGS and RESET MASTER. MTR_GTID_EVENTS: empty set, 31 bytes, right after
    Format_desc; 8.0.28+ first group at 157 (RULES-mysql-8.0 1.2)."""
    s = bed.session()
    s.execute(SETUP[0])
    s.execute("FLUSH BINARY LOGS")
    s.execute("INSERT INTO t VALUES (1,'x')")
    s.execute("FLUSH BINARY LOGS")
    files = bed.decode()
    assert len(files) == 3
    for _f, evs in files:
        assert [event_type_name(e) for e in evs[:2]] == ["Format_desc", "Previous_gtids"]
        assert isinstance(evs[1], PreviousGtidsEvent) and evs[1].sids == []
        assert evs[1].header.log_pos == 157
    rows = s.execute("SHOW BINLOG EVENTS").rows
    assert [r[2] for r in rows[:3]] == ["Format_desc", "Previous_gtids", "Anonymous_Gtid"]
    assert [r[1] for r in rows[:3]] == [4, 126, 157]
    assert len(s.execute("SHOW BINARY LOGS").rows) == 3
    name, pos = s.execute("SHOW MASTER STATUS").rows[0][:2]
    assert (name, pos) == ("binlog.000003", 157)
    s.execute("RESET MASTER")
    assert [event_type_name(e) for e in bed.decode()[0][1]] == ["Format_desc", "Previous_gtids"]


def test_transaction_length_and_logical_timestamps(bed: Bed80) -> None:
    """transaction_length = bytes of the whole group including the Gtid event (RULES 2.1);
    sequence_number 1, 2, ... per file, last_committed = sequence_number - 1 (one client)."""
    s = bed.session()
    for q in SETUP:
        s.execute(q)
    s.execute("CREATE TABLE w (a INT PRIMARY KEY, b VARCHAR(1000)) ENGINE=InnoDB")
    for i in range(3):
        s.execute(f"INSERT INTO w VALUES ({i}, '{'x' * 200 * i}')")
    s.execute("FLUSH BINARY LOGS")
    s.execute("INSERT INTO n VALUES (1,1)")
    for _f, evs in bed.decode():
        starts = [i for i, e in enumerate(evs) if isinstance(e, MysqlGtidEvent)]
        seqs = []
        for k, i in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else next(
                (j for j in range(i + 1, len(evs)) if event_type_name(evs[j]) in ("Rotate", "Stop")), len(evs))
            first = evs[i - 1].header.log_pos
            last = evs[end - 1].header.log_pos
            g = evs[i]
            assert g.transaction_length == last - first
            assert g.anonymous and g.gno == 0 and g.header.flags == 0
            seqs.append((g.last_committed, g.sequence_number))
        assert seqs == [(n, n + 1) for n in range(len(seqs))]
    big = [e for _f, evs in bed.decode() for e in evs if isinstance(e, MysqlGtidEvent)][5]
    assert big.transaction_length > 251  # the 3-byte packed length (79-byte Gtid event)


def test_rows_v2_and_minimal_table_map_metadata(bed: Bed80) -> None:
    """Rows events are v2 (types 30-32); Table_map carries MINIMAL optional metadata
    (SIGNEDNESS, DEFAULT_CHARSET 255) (RULES-mysql-8.0 4.1, 4.2)."""
    s = bed.session()
    s.execute(SETUP[0])
    s.execute("INSERT INTO t VALUES (1,'x')")
    evs = [e for _f, x in bed.decode() for e in x]
    rows = [e for e in evs if isinstance(e, RowsV2Event)]
    assert [int(e.header.type_code) for e in rows] == [int(EventType.WRITE_ROWS_EVENT)]
    tm = next(e for e in evs if event_type_name(e) == "Table_map")
    assert tm.optional_metadata == [(1, b"\x80"), (2, b"\xfc\xff\x00")]


def test_gtid_mode_on_server_uuid_and_contiguous_numbers(bed_on: Bed80) -> None:
    """GTID_MODE=ON: Gtid events carry @@server_uuid and numbers 1, 2, 3 ...; the next file's
    Previous_gtids holds gtid_executed (seed 004 "When GTID_MODE = ON, there is no
    user-visible change"; RULES-mysql-8.0 2.2)."""
    s = bed_on.session()
    assert s.execute("SELECT @@server_uuid").rows[0][0] == UUID
    for q in SETUP:
        s.execute(q)
    s.execute("INSERT INTO t VALUES (1,'x')")
    s.execute("FLUSH BINARY LOGS")
    s.execute("INSERT INTO n VALUES (1,1)")
    gtids = [e for _f, evs in bed_on.decode() for e in evs if isinstance(e, MysqlGtidEvent)]
    assert [g.gtid for g in gtids] == [f"{UUID}:{n}" for n in range(1, 5)]
    assert all(not g.anonymous for g in gtids)
    files = bed_on.decode()
    assert files[1][1][1].gtid_set_text() == f"{UUID}:1-3"
    assert s.execute("SELECT @@gtid_executed").rows[0][0] == f"{UUID}:1-4"
    rows = s.execute("SHOW BINLOG EVENTS IN 'binlog.000001'").rows
    assert rows[2][2] == "Gtid" and rows[2][5] == f"SET @@SESSION.GTID_NEXT= '{UUID}:1'"


def test_set_gtid_next_is_honoured(bed_on: Bed80) -> None:
    """SET GTID_NEXT='UUID:N' makes the next transaction carry exactly that GTID; afterwards
    GTID_NEXT must be set again (ER 1837); an already executed GTID is skipped (RULES 2.2)."""
    other = "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee"
    s = bed_on.session()
    s.execute(SETUP[0])
    s.execute(f"SET GTID_NEXT='{other}:7'")
    s.execute("INSERT INTO t VALUES (1,'x')")
    with pytest.raises(ServerError) as e:
        s.execute("INSERT INTO t VALUES (2,'x')")
    assert e.value.code == 1837
    s.execute("SET GTID_NEXT='AUTOMATIC'")
    s.execute("INSERT INTO t VALUES (3,'x')")
    s.execute(f"SET GTID_NEXT='{other}:7'")
    s.execute("INSERT INTO t VALUES (4,'x')")  # GTID already executed: not logged again
    s.execute("SET GTID_NEXT='AUTOMATIC'")
    gtids = [e.gtid for _f, evs in bed_on.decode() for e in evs if isinstance(e, MysqlGtidEvent)]
    assert gtids == [f"{UUID}:1", f"{other}:7", f"{UUID}:2"]
    gx = s.execute("SELECT @@gtid_executed").rows[0][0]
    assert gx == f"{UUID}:1-2,\n{other}:7" or gx == f"{UUID}:1-2,\n{other}:7".replace(",\n", ",\n")


def test_gtid_next_needs_gtid_mode(bed: Bed80) -> None:
    s = bed.session()
    with pytest.raises(ServerError) as e:
        s.execute(f"SET GTID_NEXT='{UUID}:1'")
    assert e.value.code == 1781
    with pytest.raises(ServerError) as e:
        s.execute("SET GLOBAL gtid_mode = ON")
    assert e.value.code == 1788
    s.execute("SET GTID_NEXT='ANONYMOUS'")
    s.execute(SETUP[0])
    assert bed.shapes()[0][0] == "Anonymous_Gtid"


def test_create_select_row_format(bed: Bed80) -> None:
    """Seed 004 "CREATE TABLE...SELECT with BINLOG_FORMAT=ROW": `Anonymous_Gtid; CREATE TABLE
    without SELECT Anonymous_Gtid; BEGIN; ...row events... COMMIT;` -- two groups, still so
    for MyISAM. InnoDB (atomic DDL, 8.0.21+, WL#13355): one group with `CREATE TABLE ... START
    TRANSACTION` (RULES-mysql-8.0 5)."""
    s = bed.session()
    s.execute(SETUP[0])
    s.execute("INSERT INTO t VALUES (1,'x'), (2,'y')")
    bed.state.binlog.reset()
    s.execute("CREATE TABLE c1 ENGINE=MyISAM SELECT * FROM t")
    s.execute("CREATE TABLE c2 ENGINE=InnoDB SELECT * FROM t")
    sh = bed.shapes()
    assert len(sh) == 3
    assert sh[0][0] == "Anonymous_Gtid" and sh[0][1].startswith("Q:CREATE TABLE `c1`") and len(sh[0]) == 2
    assert "SELECT" not in sh[0][1]
    assert sh[1] == ["Anonymous_Gtid", "BEGIN", "TM", "Write_rows", "COMMIT"]
    # START TRANSACTION right after the column list, the named options after it (9.7.4 [bytes])
    assert sh[2][:3] == ["Anonymous_Gtid", "BEGIN", sh[2][2]] and sh[2][2].endswith(") START TRANSACTION ENGINE=InnoDB")
    assert sh[2][3:] == ["TM", "Write_rows", "Xid"]


def test_create_select_statement_format_is_one_group(bed: Bed80) -> None:
    """Seed 004: "In statement format it was logged as a single statement"."""
    s = bed.session("STATEMENT")
    s.execute(SETUP[0])
    bed.state.binlog.reset()
    s.execute("CREATE TABLE c1 ENGINE=MyISAM SELECT * FROM t")
    assert bed.shapes() == [["Anonymous_Gtid", "Q:CREATE TABLE c1 ENGINE=MyISAM SELECT * FROM t"]]


def test_drop_table_one_gtid_per_group_statement(bed: Bed80) -> None:
    """Seed 004 (DROP TABLE of temporary / non-temporary, transactional / non-transactional
    tables): each group of tables is its own statement with its own Anonymous_Gtid; the
    base tables' groups come first (9.7.4 observed, docs/RULES-mysql-9.7.md 4)."""
    s = bed.session("STATEMENT")
    for q in SETUP:
        s.execute(q)
    s.execute("CREATE TEMPORARY TABLE tmp (a INT) ENGINE=InnoDB")
    bed.state.binlog.reset()
    s.execute("DROP TABLE tmp, n, t")
    sh = bed.shapes()
    assert [g[0] for g in sh] == ["Anonymous_Gtid"] * 3
    assert [g[1] for g in sh] == ["Q:DROP TABLE `n` /* generated by server */",
                                  "Q:DROP TABLE `t` /* generated by server */",
                                  "Q:DROP TEMPORARY TABLE `tmp` /* generated by server */"]


@pytest.mark.parametrize("fmt", ["ROW", "MIXED"])
def test_temporary_tables_not_logged_in_row_and_mixed(bed: Bed80, fmt: str) -> None:
    """MTR_TEMP: "CREATE/DROP TEMPORARY TABLE is not written into binlog when
    @@session.binlog_format= ROW / MIXED"; so `DROP TABLE tmp, t` logs only `t`."""
    s = bed.session(fmt)
    s.execute(SETUP[0])
    bed.state.binlog.reset()
    s.execute("CREATE TEMPORARY TABLE tmp (a INT)")
    s.execute("DROP TABLE tmp, t")
    assert bed.shapes() == [["Anonymous_Gtid", "Q:DROP TABLE `t` /* generated by server */"]]


def test_drop_database_one_ddl_group(bed: Bed80) -> None:
    """MTR_DROP_DB: DROP DATABASE is one statement (Info without `use`), framed as a DDL group;
    the tables of an engine without atomic DDL are dropped and logged first, as
    `DROP TABLE IF EXISTS` in the database (9.7.4 observed, mysql_rm_db)."""
    s = bed.session()
    s.execute("CREATE DATABASE d2")
    s.execute("USE d2")
    s.execute("CREATE TABLE x (a INT)")
    s.execute("CREATE TABLE y (a INT) ENGINE=MyISAM")
    bed.state.binlog.reset()
    s.execute("DROP DATABASE d2")
    assert bed.shapes() == [["Anonymous_Gtid", "Q:DROP TABLE IF EXISTS `y` /* generated by server */"],
                            ["Anonymous_Gtid", "Q:DROP DATABASE d2"]]


def test_mysql_error_texts(bed: Bed80) -> None:
    """Section 6: 1592 is a Warning in MySQL and the reasons say source/replica, ending with '.'."""
    s = bed.session("STATEMENT")
    s.execute(SETUP[0])
    s.execute("INSERT INTO t VALUES (1,'x')")
    s.execute("DELETE FROM t LIMIT 1")
    w = s.execute("SHOW WARNINGS").rows
    assert [tuple(r[:2]) for r in w] == [("Warning", 1592)]
    assert w[0][2].endswith("cannot be predicted.")


def _mysql_image_or_skip() -> None:
    from harness.providers.docker import _ping
    client = _ping()
    if client is None:
        pytest.skip("no Docker daemon answers, so no MySQL 8.0 container can run")
    tags = {t for i in client.images.list() for t in i.tags}
    if not any(t.startswith("mysql:8.0") for t in tags):
        pytest.skip("image mysql:8.0 is not present locally and no registry is reachable from this machine "
                    "(registry-1.docker.io, cdn.mysql.com do not resolve; docs/RULES-mysql-8.0.md)")


def test_against_a_real_mysql80_container(tmp_path: Path) -> None:
    """Compare SHOW BINLOG EVENTS (Event_type sequence) of the same statements on a real MySQL 8.0
    container and on the model; skipped with the precise reason when no image exists."""
    _mysql_image_or_skip()
    import time

    import mysql.connector

    from harness.providers.docker import _ping
    client = _ping()
    stmts = ["CREATE DATABASE test", "USE test", *SETUP, "INSERT INTO t VALUES (1,'x')",
             "INSERT INTO n VALUES (1,1)", "CREATE TABLE c1 ENGINE=MyISAM SELECT * FROM t",
             "CREATE TABLE c2 ENGINE=InnoDB SELECT * FROM t", "DROP TABLE n, t", "DROP DATABASE test"]
    c = client.containers.run("mysql:8.0", detach=True, remove=True, ports={"3306/tcp": None},
                              environment={"MYSQL_ALLOW_EMPTY_PASSWORD": "1"},
                              command=["--server-id=1", "--log-bin=binlog"])
    try:
        c.reload()
        port = int(c.attrs["NetworkSettings"]["Ports"]["3306/tcp"][0]["HostPort"])
        deadline = time.time() + 120
        while True:
            try:
                conn = mysql.connector.connect(host="127.0.0.1", port=port, user="root", password="")
                break
            except Exception:
                if time.time() > deadline:
                    raise
                time.sleep(2)
        cur = conn.cursor()
        cur.execute("RESET MASTER")
        for q in stmts:
            cur.execute(q)
        cur.execute("SHOW BINLOG EVENTS")
        real = [r[2] for r in cur.fetchall()]
        conn.close()
    finally:
        c.stop()
    bed = Bed80(tmp_path)
    s = bed.session(db=None)
    s.execute("DROP DATABASE test")
    bed.state.binlog.reset()
    for q in stmts:
        s.execute(q)
    model = [r[2] for r in s.execute("SHOW BINLOG EVENTS").rows]
    assert model == real


def test_records_map_mysql_gtid_events(bed_on: Bed80) -> None:
    """The pipeline's records: gtid_seq = GNO, gtid_flags = the gtid_flags byte (1 = may have SBR)."""
    from harness.binlog.records import event_records
    s = bed_on.session()
    s.execute(SETUP[0])
    s.execute("INSERT INTO t VALUES (1,'x')")
    recs = [r for f in bed_on.state.binlog.files for r in event_records(bed_on.state.binlog.dir / f)]
    g = [(r["event_type"], r["gtid_seq"], r["gtid_flags"]) for r in recs if r["event_type"] == "Gtid"]
    assert g == [("Gtid", 1, 1), ("Gtid", 2, 0)]
