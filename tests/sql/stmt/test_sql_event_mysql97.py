"""harness/sql/stmt/sql_event_mysql.py: MySQL 9.7's event DDL and scheduler runs. Golden
vectors: the outcomes and the Query events MySQL 9.7.4-2 (GTID_MODE=OFF, event_scheduler ON,
its default) gave for the same statements, probed one by one (the Query's text, which of
Q_TIME_ZONE_CODE (5), Q_INVOKER (11), Q_DDL_LOGGED_WITH_XID (17) it had, its
Q_UPDATED_DB_NAMES (12) and Q_FLAGS2 (0))."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.model.flavors._probe import Bed, show_warnings

_DEF = "CREATE DEFINER=`root`@`127.0.0.1` EVENT "
_PAST = ("Event execution time is in the past and ON COMPLETION NOT PRESERVE is set. The event was dropped "
         "immediately after creation.")

# (statement, outcome: None = OK, int = error code; warnings (level, code) after it;
#  the Query events it logged: (text, codes among 5/11/17, 12, flags2))
GOLDEN: list[tuple[str, int | None, list[tuple[str, int]], list[tuple[str, set[int], tuple[str, ...] | None, int]]]] = [
    ("CREATE EVENT e1 ON SCHEDULE EVERY 1 HOUR DO INSERT INTO te VALUES (1)", None, [],
     [(_DEF + "e1 ON SCHEDULE EVERY 1 HOUR DO INSERT INTO te VALUES (1)", {5, 11, 17}, ("test",), 0),
      # the scheduler's worker: its group right after (OPTION_AUTO_IS_NULL in Q_FLAGS2)
      ("BEGIN", set(), None, 0x4000)]),
    ("CREATE EVENT IF NOT EXISTS e1 ON SCHEDULE EVERY 1 HOUR DO INSERT INTO te VALUES (1)", None, [("Note", 1537)],
     [(_DEF + "IF NOT EXISTS e1 ON SCHEDULE EVERY 1 HOUR DO INSERT INTO te VALUES (1)", {5, 11}, ("test",), 0)]),
    ("CREATE EVENT e1 ON SCHEDULE EVERY 1 HOUR DO INSERT INTO te VALUES (1)", 1537, [("Error", 1537)], []),
    ("CREATE DEFINER=root@localhost EVENT e2 ON SCHEDULE AT '2030-01-01 00:00:00' ON COMPLETION PRESERVE DISABLE "
     "COMMENT 'c' DO INSERT INTO te VALUES (2)", None, [],
     [("CREATE DEFINER=`root`@`localhost` EVENT e2 ON SCHEDULE AT '2030-01-01 00:00:00' ON COMPLETION PRESERVE "
       "DISABLE COMMENT 'c' DO INSERT INTO te VALUES (2)", {5, 17}, ("test",), 0)]),
    ("CREATE OR REPLACE EVENT e2 ON SCHEDULE EVERY 2 DAY STARTS '2030-01-01' DO DELETE FROM te", 1064,
     [("Error", 1064)], []),
    ("ALTER EVENT e1 DISABLE", None, [], [("ALTER EVENT e1 DISABLE", {11, 17}, ("test",), 0)]),
    ("ALTER EVENT e1 RENAME TO e3", None, [], [("ALTER EVENT e1 RENAME TO e3", {11, 17}, ("test",), 0)]),
    ("ALTER EVENT e3 RENAME TO e2", 1537, [("Error", 1537)], []),
    ("ALTER EVENT nosuch ENABLE", 1539, [("Error", 1539)], []),
    ("DROP EVENT e3", None, [], [("DROP EVENT e3", {17}, ("test",), 0)]),
    ("DROP EVENT IF EXISTS e3", None, [("Note", 1305)], [("DROP EVENT IF EXISTS e3", set(), ("test",), 0)]),
    ("CREATE EVENT nosuchdb.e5 ON SCHEDULE EVERY 1 MINUTE DO SELECT 1", 1049, [("Error", 1049)], []),
    ("CREATE EVENT d2.ea ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01' DO INSERT INTO te VALUES (7)", None, [],
     [(_DEF + "d2.ea ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01' DO INSERT INTO te VALUES (7)", {5, 11, 17},
       ("d2",), 0)]),
    ("ALTER EVENT d2.ea COMMENT 'x'", None, [], [("ALTER EVENT d2.ea COMMENT 'x'", {11, 17}, ("d2",), 0)]),
    ("ALTER EVENT d2.ea RENAME TO test.eb", None, [],
     [("ALTER EVENT d2.ea RENAME TO test.eb", {11, 17}, ("test", "d2"), 0)]),
    ("ALTER DEFINER=root@localhost EVENT eb COMMENT 'z'", None, [],
     [("ALTER DEFINER=root@localhost EVENT eb COMMENT 'z'", {17}, ("test",), 0)]),
    ("DROP EVENT IF EXISTS nosuchdb.y9", None, [("Note", 1305)],
     [("DROP EVENT IF EXISTS nosuchdb.y9", set(), ("nosuchdb",), 0)]),
    # a one-time event due now runs, then its worker drops it (ON COMPLETION NOT PRESERVE)
    ("CREATE EVENT x1 ON SCHEDULE AT CURRENT_TIMESTAMP DO INSERT INTO te VALUES (9)", None, [],
     [(_DEF + "x1 ON SCHEDULE AT CURRENT_TIMESTAMP DO INSERT INTO te VALUES (9)", {5, 11, 17}, ("test",), 0),
      ("BEGIN", set(), None, 0x4000), ("DROP EVENT IF EXISTS`test`.`x1`", {17}, ("test",), 0x4000)]),
    # the schedule's checks
    ("CREATE EVENT ep ON SCHEDULE AT '2000-01-01 00:00:00' DO INSERT INTO te VALUES (8)", None, [("Note", 1588)], []),
    ("CREATE EVENT ep3 ON SCHEDULE EVERY 1 DAY STARTS '2000-01-01' ENDS '2001-01-01' DO SELECT 1", None,
     [("Note", 1588)], []),
    ("CREATE EVENT ep2 ON SCHEDULE AT '2000-01-01 00:00:00' ON COMPLETION PRESERVE DO INSERT INTO te VALUES (8)",
     None, [("Note", 1544)],
     [(_DEF + "ep2 ON SCHEDULE AT '2000-01-01 00:00:00' ON COMPLETION PRESERVE DO INSERT INTO te VALUES (8)",
       {5, 11, 17}, ("test",), 0)]),
    ("CREATE EVENT ep4 ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01' ENDS '2029-01-01' DO SELECT 1", 1543,
     [("Error", 1543)], []),
    ("CREATE EVENT /* c1 */ ep5 ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01' DISABLE ON SLAVE DO SELECT 1 /* c2 */",
     None, [("Warning", 1287)],
     [(_DEF + "/* c1 */ ep5 ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01' DISABLE ON SLAVE DO SELECT 1 /* c2 */",
       {5, 11, 17}, ("test",), 0)]),
    ("ALTER EVENT ep5 ON SCHEDULE AT '2000-01-01 00:00:00'", 1589, [("Error", 1589)], []),
    ("ALTER EVENT ep5 ON SCHEDULE AT '2000-01-01 00:00:00' ON COMPLETION PRESERVE", None, [("Note", 1544)],
     [("ALTER EVENT ep5 ON SCHEDULE AT '2000-01-01 00:00:00' ON COMPLETION PRESERVE", {5, 11, 17}, ("test",), 0)]),
    ("ALTER EVENT ep5 RENAME TO ep5", 1551, [("Error", 1551)], []),
    ("CREATE EVENT ep7 ON SCHEDULE EVERY 0 DAY DO SELECT 1", 1542, [("Error", 1542)], []),
    ("CREATE EVENT ep7 ON SCHEDULE EVERY 1 MICROSECOND DO SELECT 1", 1235, [("Error", 1235)], []),
    ("CREATE EVENT ep10 ON SCHEDULE AT 'garbage' DO SELECT 1", 1525, [("Warning", 1292), ("Error", 1525)], []),
    # EVERY with a STARTS in the past: next run at STARTS + n * interval, not now
    ("CREATE EVENT y3 ON SCHEDULE EVERY 1 HOUR STARTS '2000-01-01' DO INSERT INTO te VALUES (21)", None, [],
     [(_DEF + "y3 ON SCHEDULE EVERY 1 HOUR STARTS '2000-01-01' DO INSERT INTO te VALUES (21)", {5, 11, 17},
       ("test",), 0)]),
]


@pytest.fixture(scope="module")
def bed(tmp_path_factory: pytest.TempPathFactory) -> Bed:
    b = Bed(Path(tmp_path_factory.mktemp("ev97")), "mysql-9.7", gtid_mode="OFF")
    b.thd.execute("CREATE TABLE te (a INT) ENGINE=InnoDB")
    b.thd.execute("CREATE DATABASE d2")
    return b


def _queries(bed: Bed) -> list[tuple[str, set[int], Any, int]]:
    out = []
    for ev, codes in bed.query_events():
        out.append((ev.query.decode() if isinstance(ev.query, bytes) else ev.query,
                    {c for c in (5, 11, 17) if c in codes}, codes.get(12), codes.get(0, 0)))
    return out


def test_event_ddl_as_mysql_97(bed: Bed) -> None:
    t = bed.thd
    for sql, code, warnings, logged in GOLDEN:
        before = len(_queries(bed))
        try:
            t.execute(sql)
            got = None
        except Exception as e:  # noqa: BLE001 - the server error is the answer
            got = getattr(e, "code", -1)
        assert got == code, sql
        assert [(w[0], w[1]) for w in show_warnings(t)] == warnings, sql
        assert _queries(bed)[before:] == logged, sql
    # the rows the scheduler's runs wrote: e1's 1 and x1's 9 (y3 and the disabled ones never ran)
    assert sorted(r[0] for r in t.execute("SELECT a FROM te").rows) == [1, 9]
