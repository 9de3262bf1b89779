"""The ``mysql-9.7`` and ``mariadb-11.8`` flavours write what the real servers wrote
(docs/RULES-mysql-9.7.md, docs/RULES-mariadb-11.8.md; the real servers' bytes are in
tests/fixtures/binlog/mysql-9.7 and mariadb-11.8): each policy asserted on replbed's own
binlog, with no server but replbed."""

from __future__ import annotations

from harness.binlog.constants import GtidExtraFlag, QueryStatus as Q, RowsFlag
from harness.binlog.fde import FormatDescriptionEvent
from harness.binlog.gtid import GtidEvent
from harness.binlog.mysql_gtid import MysqlGtidEvent
from harness.binlog.query import QueryEvent
from harness.binlog.rows import RowsEvent
from harness.profile import PROFILES, get_profile
from harness.sql.thd import Thd
from tests.model.flavors._probe import Bed, error_code, show_warnings


def _bed_of(tmp_path, flavor: str) -> Bed:
    """A server of ``flavor`` in its own directory; 11.8 with Debian 13's profile, as the real one runs."""
    kw = {"profile": get_profile("mariadb-11.8-debian")} if flavor == "mariadb-11.8" else {}
    return Bed(tmp_path / flavor, flavor, **kw)


def _queries(bed: Bed) -> dict[str, QueryEvent]:
    return {e.event.query: e.event for e in bed.entries() if isinstance(e.event, QueryEvent)}


def test_mysql_9_7_fde_status_vars_and_rows_flags(tmp_path):
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, ts TIMESTAMP NULL)")
    t.execute("CREATE TABLE m (a INT) ENGINE=MyISAM")
    t.execute("INSERT INTO t (a) VALUES (1)")
    t.execute("SET binlog_format = STATEMENT")
    t.execute("INSERT INTO t (a) VALUES (2)")
    t.execute("UPDATE t SET a = 3 WHERE a = 2")
    t.execute("INSERT INTO t SELECT a + 10, ts FROM t")
    entries = bed.entries()
    fde = entries[0].event
    assert isinstance(fde, FormatDescriptionEvent) and fde.server_version == "9.7.4-2"
    assert len(fde.post_header_lengths) == 42 and fde.post_header_lengths[22:25] == b"\0\0\0"
    q = _queries(bed)
    create = q["CREATE TABLE t (a INT PRIMARY KEY, ts TIMESTAMP NULL)"]
    assert create.status(Q.Q_DDL_LOGGED_WITH_XID) is not None
    assert create.status(Q.Q_EXPLICIT_DEFAULTS_FOR_TIMESTAMP) == 1
    assert q["CREATE TABLE m (a INT) ENGINE=MyISAM"].status(Q.Q_DDL_LOGGED_WITH_XID) is None
    assert q["INSERT INTO t (a) VALUES (2)"].status(Q.Q_ENABLE_CASCADE_TRIGGERS) == 0
    assert q["INSERT INTO t (a) VALUES (2)"].status(Q.Q_FLAGS2_CODE) == 0
    assert q["UPDATE t SET a = 3 WHERE a = 2"].status(Q.Q_TABLE_MAP_FOR_UPDATE_CODE) == 1
    assert q["INSERT INTO t SELECT a + 10, ts FROM t"].status(Q.Q_ENABLE_CASCADE_TRIGGERS) is None
    assert q["BEGIN"].status(Q.Q_UPDATED_DB_NAMES) == (b"test",)  # the last group's, statement-logged
    rows = [e.event for e in entries if isinstance(e.event, RowsEvent)]
    assert rows and all(r.flags == RowsFlag.STMT_END_F | RowsFlag.USE_SQL_FOREIGN_KEY_F for r in rows)


def test_mysql_9_7_writeset_last_committed(tmp_path):
    """Two ROW transactions on different rows after a DDL both depend on the DDL only; a
    third on the first one's row depends on it (WRITESET, RULES-mysql-9.7 4)."""
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT)")
    t.execute("INSERT INTO t VALUES (1, 1)")
    t.execute("INSERT INTO t VALUES (2, 2)")
    t.execute("UPDATE t SET b = 5 WHERE a = 1")
    g = [(e.event.last_committed, e.event.sequence_number) for e in bed.entries()
         if isinstance(e.event, MysqlGtidEvent)]
    assert g[-4:] == [(1, 2), (2, 3), (2, 4), (3, 5)]


def test_mysql_9_7_gtid_consistency_refusals(tmp_path):
    bed = Bed(tmp_path, "mysql-9.7", gtid_mode="ON",
              server_uuid="3e11fa47-71ca-11e1-9e33-c80aa9429562")
    t = bed.thd
    t.execute("CREATE TABLE tt (a INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE nt (a INT) ENGINE=MyISAM")
    t.execute("BEGIN")
    t.execute("INSERT INTO nt VALUES (1)")  # non-transactional first: allowed
    t.execute("INSERT INTO tt VALUES (1)")
    codes = [error_code(t, sql) for sql in ("INSERT INTO nt VALUES (2)", "COMMIT",
                                             "CREATE TABLE c ENGINE=MyISAM SELECT 1 AS a")]
    t.execute("SET binlog_format = STATEMENT")
    t.execute("BEGIN")
    codes.append(error_code(t, "CREATE TEMPORARY TABLE tmp (a INT)"))
    assert codes == [1785, 0, 1786, 3748]


def test_mariadb_11_8_gtid_thread_id_positions_and_collations(tmp_path):
    profile = get_profile("mariadb-11.8-debian") if "mariadb-11.8-debian" in PROFILES else None
    kw = {"profile": profile} if profile is not None else {}
    bed = Bed(tmp_path, "mariadb-11.8", **kw)
    t = bed.thd
    t.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    t.execute("CREATE TABLE c (a CHAR(3) CHARACTER SET latin1)")
    t.execute("SET binlog_format = ROW")
    t.execute("BEGIN")
    t.execute("INSERT INTO t VALUES (1)")
    t.execute("INSERT INTO t VALUES (2)")
    t.execute("COMMIT")
    entries = bed.entries()
    gtids = [e.event for e in entries if isinstance(e.event, GtidEvent)]
    assert gtids and all(g.flags_extra & GtidExtraFlag.FL_EXTRA_THREAD_ID and g.thread_id == 7 for g in gtids)
    i = max(k for k, e in enumerate(entries) if isinstance(e.event, GtidEvent))
    group = [e.event.header.log_pos for e in entries[i:]]
    assert group[0] != 0 and group[-1] != 0 and all(p == 0 for p in group[1:-1]) and len(group) > 3
    q = _queries(bed)
    assert q["CREATE TABLE c (a CHAR(3) CHARACTER SET latin1)"].status(Q.Q_CHARACTER_SET_COLLATIONS) == \
        ((33, 2048), (35, 2560), (45, 2304), (54, 2816), (60, 3072))
    assert q["CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB"].status(Q.Q_CHARACTER_SET_COLLATIONS) is None


def _session(bed: Bed, n: int) -> Thd:
    thd = Thd(bed.state, n, db="test")
    bed.state.sessions[n] = thd
    thd.execute("SET SESSION innodb_lock_wait_timeout = 1")
    return thd


def test_mariadb_11_8_snapshot_isolation_1020_and_no_semi_consistent_read(tmp_path):
    """innodb_snapshot_isolation=ON (11.6.2+): a REPEATABLE READ locking read of a row
    committed after the read view opened is 1020 and rolls back the transaction; READ
    COMMITTED waits for a locked row instead of reading its committed version."""
    bed = Bed(tmp_path, "mariadb-11.8", profile=get_profile("mariadb-11.8-debian"))
    a, b = _session(bed, 8), _session(bed, 9)
    assert b.execute("SELECT @@innodb_snapshot_isolation").rows == [[1]]
    a.execute("CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB")
    a.execute("CREATE TABLE m (a INT) ENGINE=InnoDB")
    a.execute("INSERT INTO c VALUES (1,1),(2,2),(4,4)")
    b.execute("BEGIN")
    b.execute("INSERT INTO m VALUES (1)")
    b.execute("SELECT v FROM c WHERE id = 1")  # opens the read view
    a.execute("UPDATE c SET v = 10 WHERE id = 1")
    assert error_code(b, "UPDATE c SET v = v + 1 WHERE id = 2") == 0  # unchanged row: fine
    assert error_code(b, "UPDATE c SET v = v + 1 WHERE id = 1") == 1020
    assert b.execute("SELECT @@in_transaction").rows == [[0]]  # the whole transaction is gone
    assert b.execute("SELECT COUNT(*) FROM m").rows == [[0]]
    assert b.execute("SELECT v FROM c ORDER BY id").rows == [[10], [2], [4]]
    # no read view yet: no check
    b.execute("BEGIN")
    a.execute("UPDATE c SET v = 11 WHERE id = 1")
    assert error_code(b, "UPDATE c SET v = v + 1 WHERE id = 1") == 0
    b.execute("ROLLBACK")
    # READ COMMITTED: no semi-consistent read, the UPDATE waits for a's lock
    for s in (a, b):
        s.execute("SET SESSION transaction_isolation = 'READ-COMMITTED'")
    a.execute("BEGIN")
    a.execute("UPDATE c SET v = 0 WHERE v = 2")
    assert error_code(b, "UPDATE c SET v = 9 WHERE v = 4") == 1205
    b.execute("SET SESSION innodb_snapshot_isolation = OFF")  # 10.11's behaviour back
    assert error_code(b, "UPDATE c SET v = 9 WHERE v = 4") == 0
    a.execute("ROLLBACK")


def test_mariadb_10_11_keeps_snapshot_isolation_off(tmp_path):
    bed = Bed(tmp_path, "mariadb-10.11")
    a, b = _session(bed, 8), _session(bed, 9)
    assert b.execute("SELECT @@innodb_snapshot_isolation").rows == [[0]]
    a.execute("CREATE TABLE c (id INT PRIMARY KEY, v INT) ENGINE=InnoDB")
    a.execute("INSERT INTO c VALUES (1,1)")
    b.execute("BEGIN")
    b.execute("SELECT v FROM c WHERE id = 1")
    a.execute("UPDATE c SET v = 10 WHERE id = 1")
    assert error_code(b, "UPDATE c SET v = v + 1 WHERE id = 1") == 0
    b.execute("COMMIT")
    assert a.execute("SELECT v FROM c").rows == [[11]]


def test_mariadb_11_8_sql_layer_policies(tmp_path):
    """transaction_isolation with tx_isolation deprecated (1287 at parse time), a one-row
    INSERT IGNORE that fails a CHECK warns (MDEV-32439), 1054 names 'SELECT' for a
    single-table UPDATE's value, and columns take utf8mb4_uca1400_ai_ci (2304)."""
    bed = Bed(tmp_path, "mariadb-11.8", profile=get_profile("mariadb-11.8-debian"))
    t = bed.thd
    t.execute("SET transaction_isolation = 'READ-COMMITTED'")
    t.execute("CREATE TABLE c (id INT PRIMARY KEY, v INT CHECK (v > 0), s VARCHAR(20))")
    assert t.execute("SELECT @@tx_isolation").rows == [["READ-COMMITTED"]]
    dep = "'@@tx_isolation' is deprecated and will be removed in a future release. " \
          "Please use '@@transaction_isolation' instead"
    assert show_warnings(t) == [("Warning", 1287, dep)]
    t.execute("SET sql_mode = 'STRICT_ALL_TABLES'")
    t.execute("INSERT INTO c VALUES (1, 1, CONCAT(@@tx_isolation, ''))")  # no strict-mode error
    assert show_warnings(t) == []  # the parser's 1287 is cleared when a statement with tables starts
    t.execute("INSERT IGNORE INTO c VALUES (2, 0, 'x')")
    assert show_warnings(t) == [("Warning", 4025, "CONSTRAINT `c.v` failed for `test`.`c`")]
    assert error_code(t, "UPDATE c SET v = nosuch WHERE id = 1") == 1054
    assert "in 'SELECT'" in show_warnings(t)[0][2]
    assert error_code(t, "UPDATE c SET nosuch = 1") == 1054
    assert "in 'SET'" in show_warnings(t)[0][2]
    t.execute("SET transaction_isolation = 'REPEATABLE-READ'")
    t.execute("SET binlog_format = STATEMENT")
    t.execute("UPDATE c SET s = 'abc' WHERE id = 1")
    t.execute("SELECT @u := s FROM c WHERE id = 1")
    t.execute("INSERT INTO c VALUES (3, 3, @u)")
    from harness.binlog.control import UserVarEvent
    uv = [e.event for e in bed.entries() if isinstance(e.event, UserVarEvent)]
    assert [(u.name, u.charset, u.value) for u in uv] == [("u", 2304, b"abc")]


def test_mariadb_10_11_keeps_its_sql_layer_rules(tmp_path):
    bed = Bed(tmp_path, "mariadb-10.11")
    t = bed.thd
    assert error_code(t, "SET transaction_isolation = 'READ-COMMITTED'") == 1193
    t.execute("CREATE TABLE c (id INT PRIMARY KEY, v INT CHECK (v > 0))")
    t.execute("SELECT @@tx_isolation")
    assert show_warnings(t) == []
    assert error_code(t, "INSERT IGNORE INTO c VALUES (2, 0)") == 4025
    assert error_code(t, "UPDATE c SET v = nosuch WHERE id = 1") == 1054
    assert "in 'SET'" in show_warnings(t)[0][2]


def test_mariadb_11_8_empty_myisam_update_is_not_logged(tmp_path):
    """11.8 prepares a single-table UPDATE/DELETE as a join: an empty table of an engine
    with an exact row count is a const table without a row, the statement not logged."""
    logged = {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("SET binlog_format = STATEMENT")
        t.execute("CREATE TABLE m (a INT PRIMARY KEY, b INT) ENGINE=MyISAM")
        t.execute("CREATE TABLE i (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
        for sql in ("UPDATE m SET b = 1 WHERE a = 1", "DELETE FROM m WHERE b = 2", "UPDATE m SET b = 3",
                    "DELETE FROM m", "UPDATE i SET b = 4 WHERE a = 1"):
            t.execute(sql)
        logged[flavor] = [q for q in _queries(bed) if q.startswith(("UPDATE", "DELETE"))]
    assert logged["mariadb-11.8"] == ["DELETE FROM m", "UPDATE i SET b = 4 WHERE a = 1"]
    # 10.11 logs them (its PK lookup of a missing row is impossible there too)
    assert logged["mariadb-10.11"] == ["DELETE FROM m WHERE b = 2", "UPDATE m SET b = 3", "DELETE FROM m",
                                       "UPDATE i SET b = 4 WHERE a = 1"]


def test_mariadb_11_8_name_const_carries_the_uca1400_collation(tmp_path):
    """A routine parameter of a column-like type takes the database's collation: 11.8 logs
    NAME_CONST('p',_utf8mb4'x' COLLATE 'utf8mb4_uca1400_ai_ci'), which replbed then re-reads."""
    bed = Bed(tmp_path, "mariadb-11.8", profile=get_profile("mariadb-11.8-debian"))
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE sup (pattern VARCHAR(50))")
    t.execute("CREATE PROCEDURE add_sup(pattern VARCHAR(50)) INSERT INTO sup (pattern) VALUES (pattern)")
    t.execute("CALL add_sup('x')")
    assert "INSERT INTO sup (pattern) VALUES ( NAME_CONST('pattern',_utf8mb4'x' COLLATE 'utf8mb4_uca1400_ai_ci'))" \
        in _queries(bed)
    t.execute("INSERT INTO sup VALUES (_utf8mb4'y' COLLATE 'utf8mb4_uca1400_ai_ci')")  # a replica reads it back
    assert t.execute("SELECT COUNT(*) FROM sup").rows == [[2]]


def _rows_bitmaps(bed: Bed) -> list[tuple[str, int, int | None]]:
    return [(e.event.kind, e.event.columns_present, e.event.columns_present_after)
            for e in bed.entries() if isinstance(e.event, RowsEvent)]


def test_mariadb_11_8_update_delete_images_leave_generated_columns_out(tmp_path):
    """[bytes] corpus gcol_images_*: 11.8 logs an UPDATE's and a DELETE's images without the
    VIRTUAL and STORED columns, in every binlog_row_image, and a REPLACE's rows after its
    first conflict too; INSERTs keep them. 10.11 images every column."""
    images = {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("SET binlog_format = ROW")
        t.execute("CREATE TABLE g (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL, c INT AS (a + 1) STORED, "
                  "e INT) ENGINE=InnoDB")
        for sql in ("INSERT INTO g (id, a, e) VALUES (1, 1, 1)", "UPDATE g SET a = 2", "DELETE FROM g",
                    "REPLACE INTO g (id, a, e) VALUES (2, 2, 2), (2, 3, 3), (3, 3, 3)",
                    "SET binlog_row_image = MINIMAL", "UPDATE g SET e = 9"):
            t.execute(sql)
        images[flavor] = _rows_bitmaps(bed)
    assert images["mariadb-11.8"] == [("write", 0b11111, None), ("update", 0b10011, 0b10011), ("delete", 0b10011, None),
                                      ("write", 0b11111, None), ("update", 0b10011, 0b10011), ("write", 0b10011, None),
                                      ("update", 0b00001, 0b10000)]
    assert images["mariadb-10.11"] == [("write", 0b11111, None), ("update", 0b11111, 0b11111), ("delete", 0b11111, None),
                                       ("write", 0b11111, None), ("update", 0b11111, 0b11111), ("write", 0b11111, None),
                                       ("update", 0b00001, 0b11000)]


def test_mariadb_11_8_single_table_in_subquery_logs_as_multi_table(tmp_path):
    """[probe] 11.8 runs a single-table DELETE/UPDATE with a top-level positive IN subquery
    through the multi-table code: the DELETE's Query is thread-specific (0x4), the UPDATE's
    carries Q_TABLE_MAP_FOR_UPDATE = 1 (not with ORDER BY and LIMIT both); 10.11 neither."""
    statements = ("DELETE FROM u WHERE a IN (SELECT a FROM w WHERE v = 1)",
                  "DELETE FROM u WHERE r = 2 AND a IN (WITH c AS (SELECT 2 AS a) SELECT a FROM c)",
                  "DELETE FROM u WHERE a IN (SELECT a FROM w WHERE v = 3) OR r = 100",
                  "DELETE FROM u WHERE a NOT IN (SELECT a FROM w WHERE v < 12)",
                  "DELETE FROM u WHERE a IN (SELECT 8)",
                  "UPDATE u SET r = 0 WHERE a IN (SELECT a FROM w WHERE v = 5)",
                  "UPDATE u SET r = 0 WHERE a IN (SELECT a FROM w WHERE v = 6) ORDER BY a LIMIT 1",
                  "UPDATE u SET r = 0 WHERE a IN (SELECT a FROM w WHERE v = 7 UNION SELECT 100)",
                  "UPDATE vs SET r = 9", "DELETE FROM vs")
    seen = {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("SET binlog_format = STATEMENT")
        t.execute("CREATE TABLE w (a INT PRIMARY KEY, v INT) ENGINE=InnoDB")
        t.execute("CREATE TABLE u (a INT, r INT) ENGINE=InnoDB")
        t.execute("INSERT INTO w VALUES (1,1),(2,2),(3,3),(5,5),(6,6),(7,7),(8,8)")
        t.execute("INSERT INTO u SELECT a, v FROM w")
        t.execute("CREATE VIEW vs AS SELECT a, r FROM u WHERE a IN (SELECT a FROM w)")
        for sql in statements:
            t.execute(sql)
        q = _queries(bed)
        seen[flavor] = [(bool(q[s].header.flags & 0x4), q[s].status(Q.Q_TABLE_MAP_FOR_UPDATE_CODE)) for s in statements]
    assert seen["mariadb-11.8"] == [(True, None), (True, None), (False, None), (False, None), (False, None),
                                    (False, 1), (False, None), (False, None), (False, None), (False, None)]
    assert seen["mariadb-10.11"] == [(False, None)] * len(statements)


def test_mariadb_11_8_start_transaction_in_a_call_sets_no_hrnow(tmp_path):
    """[bytes] corpus gaps_sp_transaction_control: 10.11's trans_begin marks the start time's
    microseconds used, so a CALL's statements after its START TRANSACTION carry Q_HRNOW;
    11.8's do not."""
    hrnow = {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("SET binlog_format = STATEMENT")
        t.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
        t.execute("CREATE PROCEDURE p(x INT) BEGIN START TRANSACTION; INSERT INTO t VALUES (x); COMMIT; END")
        t.execute("CALL p(1)")
        q = _queries(bed)["INSERT INTO t VALUES ( NAME_CONST('x',1))"]
        hrnow[flavor] = q.status(Q.Q_HRNOW) is not None
    assert hrnow == {"mariadb-11.8": False, "mariadb-10.11": True}


def _group_ends(bed: Bed) -> dict[str, str]:
    """Each UPDATE's group end: 'Xid' or the Query's text (COMMIT)."""
    from harness.binlog.control import XidEvent
    out, last = {}, None
    for e in bed.entries():
        ev = e.event
        if isinstance(ev, QueryEvent) and ev.query.startswith("UPDATE"):
            last = ev.query
        elif last is not None and isinstance(ev, (XidEvent, QueryEvent)):
            out[last] = "Xid" if isinstance(ev, XidEvent) else ev.query
            last = None
    return out


def test_mariadb_11_8_multi_update_compares_unchanged_rows(tmp_path):
    """[bytes] corpus fid_update_unchanged_row_innodb_rw, [probe]: 11.8's multi_update skips an
    unchanged InnoDB row without calling the engine though the assigned column was not read
    (the group ends with COMMIT); so does a single-table UPDATE it runs as a join. 10.11 calls
    the engine (Xid)."""
    ends = {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("SET binlog_format = STATEMENT")
        t.execute("CREATE TABLE t (id INT PRIMARY KEY, a INT) ENGINE=InnoDB")
        t.execute("CREATE TABLE m (id INT PRIMARY KEY, a INT) ENGINE=MyISAM")
        t.execute("INSERT INTO t VALUES (1, 1), (2, 2)")
        t.execute("INSERT INTO m VALUES (1, 1), (2, 2)")
        t.execute("UPDATE t, m SET t.a = 2 WHERE t.id = m.id AND m.id = 2")
        t.execute("UPDATE t SET a = 1 WHERE id IN (SELECT id FROM m WHERE id = 1)")
        t.execute("UPDATE t SET a = 3 WHERE id IN (SELECT id FROM m WHERE id = 2)")
        ends[flavor] = list(_group_ends(bed).values())
    assert ends["mariadb-11.8"] == ["COMMIT", "COMMIT", "Xid"]
    assert ends["mariadb-10.11"] == ["Xid", "Xid", "Xid"]


def test_mariadb_11_8_insert_delayed_commit_has_the_global_collations(tmp_path):
    """[bytes] corpus s002_unsafe_insert_delayed: the delayed-insert thread starts from the
    globals, whose collation_connection is 11.8's utf8mb4_uca1400_ai_ci: its COMMIT's
    Q_CHARSET is (45, 2304, 2304) under a utf8mb4_general_ci client."""
    bed = Bed(tmp_path, "mariadb-11.8", profile=get_profile("mariadb-11.8-debian"))
    t = bed.thd
    t.execute("SET NAMES utf8mb4 COLLATE utf8mb4_general_ci")
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM")
    t.execute("INSERT DELAYED INTO n VALUES (1)")
    ends = [e.event for e in bed.entries() if isinstance(e.event, QueryEvent) and e.event.query == "COMMIT"]
    assert ends[-1].status(Q.Q_CHARSET_CODE) == (45, 2304, 2304)


def test_mariadb_11_8_timestamp_takes_the_unsigned_32_bit_range(tmp_path):
    """[bytes] corpus types_temporal_nonstrict; MDEV-32188 (11.5): a TIMESTAMP column stores
    up to 2106-02-07 06:28:15 UTC; 10.11 stops at 2038-01-19 03:14:07 (1264, stored as 0)."""
    seen = {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("SET time_zone = '+00:00', sql_mode = ''")
        t.execute("CREATE TABLE t (id INT PRIMARY KEY, h TIMESTAMP NULL) ENGINE=InnoDB")
        t.execute("INSERT INTO t VALUES (1, '2038-01-19 03:14:08'), (2, '2106-02-07 06:28:15'), "
                  "(3, '2106-02-07 06:28:16')")
        seen[flavor] = [r[0] for r in t.execute("SELECT CONCAT(h, '') FROM t ORDER BY id").rows]
    assert seen["mariadb-11.8"] == ["2038-01-19 03:14:08", "2106-02-07 06:28:15", "0000-00-00 00:00:00"]
    assert seen["mariadb-10.11"] == ["0000-00-00 00:00:00"] * 3


def test_mariadb_11_8_load_data_text_and_no_collation_map(tmp_path):
    """[bytes] corpus load_data_*: 11.8 logs ``OPTIONALLY ENCLOSED BY`` with one space (10.11
    two) and no Q_CHARACTER_SET_COLLATIONS for LOAD DATA's CHARACTER SET (the file's
    character set is found by name); an introducer in its SET clause still uses the map."""
    from harness.binlog.load import ExecuteLoadQueryEvent
    from harness.model.flavors.mariadb import names_charset_without_collation
    assert not names_charset_without_collation("LOAD DATA INFILE 'f' INTO TABLE `t` CHARACTER SET latin1 (`a`)")
    assert names_charset_without_collation("LOAD DATA INFILE 'f' INTO TABLE `t` (`a`) SET `b`= _latin1'x'")
    assert names_charset_without_collation("CREATE TABLE c (a CHAR(3) CHARACTER SET latin1)")
    data = tmp_path / "d.csv"
    data.write_text('1,"x"\n')
    texts = {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("SET binlog_format = STATEMENT")
        t.execute("CREATE TABLE t (a INT, b VARCHAR(5)) ENGINE=InnoDB")
        t.execute(f"LOAD DATA INFILE '{data}' INTO TABLE t CHARACTER SET latin1 "
                  "FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"'")
        ev = [e.event for e in bed.entries() if isinstance(e.event, ExecuteLoadQueryEvent)][-1]
        texts[flavor] = (ev.query, ev.status(Q.Q_CHARACTER_SET_COLLATIONS))
    assert "OPTIONALLY ENCLOSED BY" in texts["mariadb-11.8"][0] and texts["mariadb-11.8"][1] is None
    assert "OPTIONALLY  ENCLOSED BY" in texts["mariadb-10.11"][0]


def test_mariadb_11_8_order_by_columns_are_not_read_and_unixtime_range(tmp_path):
    """[probe] 11.8: an UPDATE's ORDER BY column does not count as read, so an unchanged InnoDB
    row calls the engine (Xid; 10.11: COMMIT); FROM_UNIXTIME takes up to 4294967295 and
    UNIX_TIMESTAMP past 2106-02-07 06:28:15 is NULL."""
    ends, vals = {}, {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("SET binlog_format = STATEMENT, time_zone = '+00:00'")
        t.execute("CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT) ENGINE=InnoDB")
        t.execute("INSERT INTO t VALUES (1, 1, 1), (2, 2, 2)")
        t.execute("UPDATE t SET a = 2 WHERE b = 2 ORDER BY a")
        ends[flavor] = list(_group_ends(bed).values())
        vals[flavor] = t.execute("SELECT CONCAT(FROM_UNIXTIME(4294967295), ''), "
                                 "UNIX_TIMESTAMP('2106-02-07 06:28:16')").rows[0]
    assert ends == {"mariadb-11.8": ["Xid"], "mariadb-10.11": ["COMMIT"]}
    assert vals["mariadb-11.8"] == ["2106-02-07 06:28:15", None]
    assert vals["mariadb-10.11"][0] is None


def test_mariadb_11_8_truncate_innodb_below_rr_sticks_mixed_to_rows(tmp_path):
    """[probe] MIXED, READ COMMITTED, a temporary table open: after TRUNCATE TABLE of an
    InnoDB table 11.8 logs the session's statements in rows until the temporary tables are
    gone; 10.11 keeps statements."""
    logged = {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("SET binlog_format = MIXED, tx_isolation = 'READ-COMMITTED'")
        t.execute("CREATE TABLE t1 (id INT PRIMARY KEY) ENGINE=MyISAM")
        t.execute("CREATE TABLE t2 (id INT PRIMARY KEY) ENGINE=InnoDB")
        t.execute("CREATE TEMPORARY TABLE tmp (a INT) ENGINE=InnoDB")
        t.execute("TRUNCATE TABLE t2")
        t.execute("INSERT INTO t1 VALUES (1)")
        t.execute("DROP TEMPORARY TABLE tmp")
        t.execute("INSERT INTO t1 VALUES (2)")
        logged[flavor] = ("INSERT INTO t1 VALUES (1)" in _queries(bed), "INSERT INTO t1 VALUES (2)" in _queries(bed))
    assert logged == {"mariadb-11.8": (False, True), "mariadb-10.11": (True, True)}


def test_mariadb_11_8_repair_recreates_what_the_engine_cannot_repair(tmp_path):
    """[probe] 11.8: REPAIR TABLE of an InnoDB, MEMORY or BLACKHOLE table (a temporary one
    too) answers ``status OK`` (recreated, AUTO_INCREMENT kept); 10.11 answers the note
    "The storage engine for the table doesn't support repair". MyISAM repairs on both;
    both log the statement."""
    seen = {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("CREATE TABLE i (a INT AUTO_INCREMENT PRIMARY KEY) ENGINE=InnoDB")
        t.execute("INSERT INTO i VALUES (NULL), (NULL), (NULL)")
        t.execute("DELETE FROM i WHERE a = 3")
        t.execute("CREATE TABLE m (a INT) ENGINE=MEMORY")
        t.execute("CREATE TABLE y (a INT) ENGINE=MyISAM")
        t.execute("CREATE TEMPORARY TABLE tt (a INT) ENGINE=InnoDB")
        rows = [tuple(r) for r in t.execute("REPAIR TABLE i, m, y, tt").rows]
        t.execute("INSERT INTO i VALUES (NULL)")
        seen[flavor] = (rows, [r[0] for r in t.execute("SELECT a FROM i ORDER BY a").rows],
                        "REPAIR TABLE i, m, y, tt" in _queries(bed))
    ok = [("test.i", "repair", "status", "OK"), ("test.m", "repair", "status", "OK"),
          ("test.y", "repair", "status", "OK"), ("test.tt", "repair", "status", "OK")]
    assert seen["mariadb-11.8"] == (ok, [1, 2, 4], True)
    note = "The storage engine for the table doesn't support repair"
    assert seen["mariadb-10.11"][0] == [("test.i", "repair", "note", note), ("test.m", "repair", "note", note),
                                        ("test.y", "repair", "status", "OK"), ("test.tt", "repair", "note", note)]


def test_mariadb_11_8_multi_delete_deletes_in_join_reach_order(tmp_path):
    """[probe] ``DELETE q, p FROM p JOIN q ON p.id = q.id`` (InnoDB, no keys, p read first):
    11.8 logs q's rows in the order the join first reaches them; 10.11 in q's row-id order
    (multi_delete's sorted Unique)."""
    seen = {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("SET binlog_format = ROW")
        t.execute("CREATE TABLE p (id INT, x INT) ENGINE=InnoDB")
        t.execute("CREATE TABLE q (id INT, y INT) ENGINE=InnoDB")
        t.execute("INSERT INTO p VALUES (3,1),(1,2),(2,3),(1,4)")
        t.execute("INSERT INTO q VALUES (5,0),(2,1),(1,2),(3,3),(9,9),(7,7),(1,8)")
        t.execute("DELETE q, p FROM p JOIN q ON p.id = q.id")
        deletes = [e.event for e in bed.entries() if isinstance(e.event, RowsEvent) and e.event.rows
                   and e.event.rows[0].after is None]
        seen[flavor] = [[tuple(r.before) for r in ev.rows] for ev in deletes]
    assert seen["mariadb-11.8"] == [[(3, 1), (1, 2), (2, 3), (1, 4)], [(3, 3), (1, 2), (1, 8), (2, 1)]]
    assert seen["mariadb-10.11"] == [[(3, 1), (1, 2), (2, 3), (1, 4)], [(2, 1), (1, 2), (3, 3), (1, 8)]]


def test_mariadb_11_8_multi_delete_const_phase_warns_at_row_0(tmp_path):
    """[probe] two one-row MyISAM tables joined DATETIME = VARCHAR: the conversion made
    while the const tables are read names row 0 in 11.8's multi-table DELETE (10.11: row
    1); the UPDATE of the same join names row 1 on both."""
    seen = {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("CREATE TABLE v (id VARCHAR(10) NOT NULL UNIQUE, c INT NOT NULL) ENGINE=MyISAM")
        t.execute("CREATE TABLE d (id DATETIME NOT NULL UNIQUE, c INT) ENGINE=MyISAM")
        t.execute("INSERT INTO d VALUES ('2024-01-09 10:00:00', 51)")
        t.execute("INSERT INTO v VALUES ('k3', 2)")
        t.execute("SET sql_mode = ''")
        t.execute("UPDATE d a, v b SET a.c = 1 WHERE a.id = b.id")
        upd = [r[2] for r in show_warnings(t)]
        t.execute("DELETE a, b FROM d a JOIN v b ON a.id = b.id")
        seen[flavor] = (upd, [r[2] for r in show_warnings(t)])
    msg = "Incorrect datetime value: 'k3' for column `test`.`v`.`id` at row {}"
    assert seen["mariadb-11.8"] == ([msg.format(1)], [msg.format(0)])
    assert seen["mariadb-10.11"] == ([msg.format(1)], [msg.format(1)])


def test_mariadb_11_8_multi_update_follows_the_cost_based_order(tmp_path):
    """[bytes] corpus multi_update_first_reach against both servers: 11.8 reads t2 (4 rows)
    first and looks t1 up by its primary key, so t1's rows come in the order t2 reaches them;
    10.11 keeps the FROM order. STRAIGHT_JOIN keeps the FROM order on both."""
    seen = {}
    for flavor in ("mariadb-11.8", "mariadb-10.11"):
        bed = _bed_of(tmp_path, flavor)
        t = bed.thd
        t.execute("SET binlog_format = ROW")
        t.execute("CREATE TABLE t1 (id INT PRIMARY KEY, a INT) ENGINE=InnoDB")
        t.execute("CREATE TABLE t2 (id INT PRIMARY KEY, k INT, b INT) ENGINE=InnoDB")
        t.execute("INSERT INTO t1 VALUES (1,10),(2,20)")
        t.execute("INSERT INTO t2 VALUES (1,2,100),(2,1,200),(3,2,300),(4,1,400)")
        t.execute("UPDATE t1, t2 SET t1.a = t2.b, t2.b = 1 WHERE t1.id = t2.k")
        t.execute("UPDATE t1 STRAIGHT_JOIN t2 ON t1.id = t2.k SET t1.a = t2.id, t2.b = t1.id")
        updates = [e.event for e in bed.entries() if isinstance(e.event, RowsEvent) and e.event.rows
                   and e.event.rows[0].before is not None and e.event.rows[0].after is not None]
        seen[flavor] = [[tuple(r.after) for r in ev.rows] for ev in updates]
    assert seen["mariadb-11.8"] == [[(2, 100), (1, 200)], [(1, 2, 1), (2, 1, 1), (3, 2, 1), (4, 1, 1)],
                                    [(1, 2), (2, 1)], [(1, 2, 2), (3, 2, 2)]]
    assert seen["mariadb-10.11"][0] == [(1, 200), (2, 100)]


def test_mysql_9_7_cascade_triggers_var_follows_the_statement_after_a_with_clause(tmp_path):
    # 9.7.4 observed (query_cte_in_select_and_dml, STATEMENT and MIXED): `WITH c AS (SELECT a FROM
    # t) UPDATE t SET b = 0` is an UPDATE and carries 21=0; `INSERT INTO t WITH ... SELECT` none
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT)")
    t.execute("SET binlog_format = STATEMENT")
    t.execute("INSERT INTO t VALUES (1, 1)")
    t.execute("WITH c AS (SELECT a FROM t) UPDATE t SET b = 0")
    t.execute("WITH c (x) AS (SELECT 1), d AS (SELECT 2) DELETE FROM t WHERE a IN (SELECT x FROM c)")
    t.execute("INSERT INTO t WITH c AS (SELECT 5 AS a, 5 AS b) SELECT a, b FROM c")
    q = _queries(bed)
    assert [q[s].status(Q.Q_ENABLE_CASCADE_TRIGGERS) for s in (
        "WITH c AS (SELECT a FROM t) UPDATE t SET b = 0",
        "WITH c (x) AS (SELECT 1), d AS (SELECT 2) DELETE FROM t WHERE a IN (SELECT x FROM c)",
        "INSERT INTO t WITH c AS (SELECT 5 AS a, 5 AS b) SELECT a, b FROM c")] == [0, 0, None]
