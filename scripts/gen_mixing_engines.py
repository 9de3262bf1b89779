#!/usr/bin/env python3
"""Expand compact command sequences into workloads/rpl_mixing_engines.wl.

The command grammar is the one of MariaDB's ``rpl_mixing_engines`` test
family (``T``, ``N``, ``eT``, ``tN``, ``NeT-trig``, ``CS-T->T``,
``IS-T<-N``, ``B``/``C``/``R``, ``Sn``/``Rn`` ...); the expansion, the
grouping into cases and the setup are replbed's own.  Each case replays a
family of sequences on one connection the way the test does: a fresh
``trans_id`` per sequence, ``stmt_id`` restarting at 1, so every sequence's
rows are distinguishable in the final tables.

Usage (from the repository root)::

    python3 scripts/gen_mixing_engines.py            # rewrites the .wl file
    python3 scripts/gen_mixing_engines.py --check    # exit 1 if it is stale

Where the test reads the "old" key it must collide with (``SELECT
max(trans_id) ...``) the generator uses ``(1, 1)``: the setup puts that row
in every table and nothing removes it, so the statement fails on the same
tuple position without a round-trip.  The functions are declared
DETERMINISTIC: the test's server trusts function creators, the reference
server here does not (error 1418 otherwise); the keyword changes nothing the
binlog shows besides the CREATE FUNCTION text.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "workloads" / "rpl_mixing_engines.wl"

# The key every table holds from the setup: what the failing tuple of an
# e-command duplicates.
OLD = (1, 1)

_TABLE_DDL = ("CREATE TABLE {name} (trans_id INT, stmt_id INT, info VARCHAR(64), "
              "PRIMARY KEY(trans_id, stmt_id)) ENGINE = {engine}")


def _routine(header: str, table: str, key: str, stmt: str, tail: str = "",
             greatest_extra: str = "") -> str:
    """A body that appends two rows after the highest stmt_id of a trans_id.

    The DECLARE / SELECT ... INTO / COALESCE(GREATEST(...)) shape matters: it
    makes the sub-statement read the table it then writes (a read of an N- or
    T-table inside a routine is what the unsafe-mixing rules look at).
    """
    return (f"{header} BEGIN DECLARE in_stmt_id INTEGER; "
            f"SELECT max(stmt_id) INTO in_stmt_id FROM {table} WHERE trans_id= {key}; "
            f"SELECT COALESCE(greatest(in_stmt_id + 1, {stmt}{greatest_extra}), 1) INTO in_stmt_id; "
            f"INSERT INTO {table}(trans_id, stmt_id) VALUES ({key}, in_stmt_id); "
            f"INSERT INTO {table}(trans_id, stmt_id) VALUES ({key}, in_stmt_id + 1); "
            f"{tail}END")


def setup_statements() -> list[str]:
    """nt_1..nt_6 (MyISAM), tt_1..tt_6 (InnoDB), the routines and triggers."""
    out = [_TABLE_DDL.format(name=f"nt_{i}", engine="MyISAM") for i in range(1, 7)]
    out += [_TABLE_DDL.format(name=f"tt_{i}", engine="InnoDB") for i in range(1, 7)]
    out += [f"INSERT INTO {p}_{i}(trans_id, stmt_id) VALUES({OLD[0]},{OLD[1]})"
            for p in ("nt", "tt") for i in range(1, 7)]
    for kind in ("tt", "nt"):
        out.append(_routine(
            f"CREATE PROCEDURE pc_i_{kind}_5_suc (IN p_trans_id INTEGER, IN p_stmt_id INTEGER)",
            f"{kind}_5", "p_trans_id", "p_stmt_id"))
    for kind in ("tt", "nt"):
        out.append(_routine(
            f"CREATE FUNCTION fc_i_{kind}_5_suc (p_trans_id INTEGER, p_stmt_id INTEGER) "
            "RETURNS VARCHAR(64) DETERMINISTIC",
            f"{kind}_5", "p_trans_id", "p_stmt_id", tail=f'RETURN "fc_i_{kind}_5_suc"; '))
    out.append(
        "CREATE FUNCTION fc_i_nt_3_tt_3_suc (p_trans_id INTEGER, p_stmt_id INTEGER) "
        "RETURNS VARCHAR(64) DETERMINISTIC BEGIN DECLARE in_stmt_id INTEGER; "
        "SELECT max(stmt_id) INTO in_stmt_id FROM nt_3 WHERE trans_id= p_trans_id; "
        "SELECT COALESCE(greatest(in_stmt_id + 1, p_stmt_id), 1) INTO in_stmt_id; "
        "INSERT INTO nt_3(trans_id, stmt_id) VALUES (p_trans_id, in_stmt_id); "
        "SELECT max(stmt_id) INTO in_stmt_id FROM tt_3 WHERE trans_id= p_trans_id; "
        "SELECT COALESCE(greatest(in_stmt_id + 1, p_stmt_id), 1) INTO in_stmt_id; "
        "INSERT INTO tt_3(trans_id, stmt_id) VALUES (p_trans_id, in_stmt_id); "
        'RETURN "fc_i_nt_3_tt_3_suc"; END')
    for src, dst, extra in (("tt_3", "nt_3", ""), ("nt_4", "tt_4", ""),
                            ("tt_5", "tt_6", ", 1"), ("nt_5", "nt_6", "")):
        out.append(_routine(
            f"CREATE TRIGGER tr_i_{src}_to_{dst} AFTER INSERT ON {src} FOR EACH ROW",
            dst, "NEW.trans_id", "NEW.stmt_id", greatest_extra=extra))
    return out


@dataclass
class Session:
    """The test's counters: they make every row of every sequence unique."""

    trans_id: int = 7
    stmt_id: int = 1
    tb_id: int = 1
    sn: int = 0
    steps: list[tuple[str, str | None]] = field(default_factory=list)

    def emit(self, sql: str, error: str | None = None) -> None:
        self.steps.append((sql, error))


DUP = "ER_DUP_ENTRY"

# Simple commands: code -> (SQL template, expected error).  {t}/{s} are the
# sequence's trans_id/stmt_id, {ot}/{os} the key that already exists.
ROW_COMMANDS: dict[str, tuple[str, str | None]] = {
    "T": ("INSERT INTO tt_1(trans_id, stmt_id) VALUES ({t}, {s})", None),
    "T-trig": ("INSERT INTO tt_5(trans_id, stmt_id) VALUES ({t}, {s})", None),
    "T-func": ("SELECT fc_i_tt_5_suc ({t}, {s})", None),
    "T-proc": ("CALL pc_i_tt_5_suc ({t}, {s})", None),
    "eT": ("INSERT INTO tt_1(trans_id, stmt_id) VALUES ({ot}, {os})", DUP),
    "Te": ("INSERT INTO tt_1(trans_id, stmt_id) VALUES ({t}, {s}), ({ot}, {os})", DUP),
    "Te-trig": ("INSERT INTO tt_5(trans_id, stmt_id) VALUES ({t}, {s}), ({ot}, {os})", DUP),
    "Te-func": ("INSERT INTO tt_1(trans_id, stmt_id, info) VALUES ({t}, {s}, ''), "
                "({ot}, {os}, fc_i_tt_5_suc ({t}, {s}))", DUP),
    "N": ("INSERT INTO nt_1(trans_id, stmt_id) VALUES ({t}, {s})", None),
    "N-trig": ("INSERT INTO nt_5(trans_id, stmt_id) VALUES ({t}, {s})", None),
    "N-func": ("SELECT fc_i_nt_5_suc ({t}, {s})", None),
    "N-proc": ("CALL pc_i_nt_5_suc ({t}, {s})", None),
    "eN": ("INSERT INTO nt_1(trans_id, stmt_id) VALUES ({ot}, {os})", DUP),
    "Ne": ("INSERT INTO nt_1(trans_id, stmt_id) VALUES ({t}, {s}), ({ot}, {os})", DUP),
    "Ne-trig": ("INSERT INTO nt_5(trans_id, stmt_id) VALUES ({t}, {s}), ({ot}, {os})", DUP),
    "Ne-func": ("INSERT INTO nt_1(trans_id, stmt_id, info) VALUES ({t}, {s}, ''), "
                "({ot}, {os}, fc_i_nt_5_suc ({t}, {s}))", DUP),
    "tN": ("INSERT INTO nt_1(trans_id, stmt_id, info) SELECT {t}, {s}, COUNT(*) FROM tt_1", None),
    "tNe": ("INSERT INTO nt_1(trans_id, stmt_id, info) SELECT {t}, {s}, COUNT(*) FROM tt_1 "
            "UNION SELECT {ot}, {os}, COUNT(*) FROM tt_1", DUP),
    "nT": ("INSERT INTO tt_1(trans_id, stmt_id, info) SELECT {t}, {s}, COUNT(*) FROM nt_1", None),
    "nTe": ("INSERT INTO tt_1(trans_id, stmt_id, info) SELECT {t}, {s}, COUNT(*) FROM nt_1 "
            "UNION SELECT {ot}, {os}, COUNT(*) FROM nt_1", DUP),
    "NT": ('UPDATE nt_3, tt_3 SET nt_3.info= "new text {t} --> {s}", '
           'tt_3.info= "new text {t} --> {s}" '
           "where nt_3.trans_id = tt_3.trans_id and tt_3.trans_id = 1", None),
    "NT-trig": ("INSERT INTO nt_4(trans_id, stmt_id) VALUES ({t}, {s})", None),
    "NT-func": ("INSERT INTO nt_5(trans_id, stmt_id, info) VALUES ({t}, {s}, "
                "fc_i_tt_5_suc({t}, {s}))", None),
    "NeT-trig": ("INSERT INTO nt_4(trans_id, stmt_id) VALUES ({t}, {s}), ({ot}, {os})", DUP),
    "NeT-func": ("INSERT INTO nt_5(trans_id, stmt_id, info) VALUES ({t}, {s}, ''), "
                 "({ot}, {os}, fc_i_tt_5_suc ({t}, {s}))", DUP),
    "TN": ('UPDATE tt_4, nt_4 SET tt_4.info= "new text {t} --> {s}", '
           'nt_4.info= "new text {t} --> {s}" '
           "where nt_4.trans_id = tt_4.trans_id and tt_4.trans_id = 1", None),
    "TN-trig": ("INSERT INTO tt_3(trans_id, stmt_id) VALUES ({t}, {s})", None),
    "TN-func": ("INSERT INTO tt_5(trans_id, stmt_id, info) VALUES ({t}, {s}, "
                "fc_i_nt_5_suc({t}, {s}))", None),
    "TeN-trig": ("INSERT INTO tt_3(trans_id, stmt_id) VALUES ({t}, {s}), ({ot}, {os})", DUP),
    "TeN-func": ("INSERT INTO tt_5(trans_id, stmt_id, info) VALUES ({t}, {s}, ''), "
                 "({ot}, {os}, fc_i_nt_5_suc ({t}, {s}))", DUP),
    "set-T": ("SET @var= fc_i_tt_5_suc({t}, {s})", None),
    "set-N": ("SET @var= fc_i_nt_5_suc({t}, {s})", None),
    "set-NT": ("SET @var= fc_i_nt_3_tt_3_suc({t}, {s})", None),
}

# Commands on the tables tt_xx_<tb_id> / nt_xx_<tb_id>; they do not use stmt_id.
TABLE_COMMANDS: dict[str, tuple[str, str | None]] = {
    "CS-T->T": ("CREATE TABLE tt_xx_{tb} (PRIMARY KEY(trans_id, stmt_id)) engine=InnoDB "
                "SELECT * FROM tt_1", None),
    "CS-N->N": ("CREATE TABLE nt_xx_{tb} (PRIMARY KEY(trans_id, stmt_id)) engine=MyISAM "
                "SELECT * FROM nt_1", None),
    "CS-T->N": ("CREATE TABLE tt_xx_{tb} (PRIMARY KEY(trans_id, stmt_id)) engine=InnoDB "
                "SELECT * FROM nt_1", None),
    "CS-N->T": ("CREATE TABLE nt_xx_{tb} (PRIMARY KEY(trans_id, stmt_id)) engine=MyISAM "
                "SELECT * FROM tt_1", None),
    "CSe-T->T": ("CREATE TABLE tt_xx_{tb} (PRIMARY KEY (stmt_id)) engine=InnoDB "
                 "SELECT stmt_id FROM tt_1", DUP),
    "CSe-N->N": ("CREATE TABLE nt_xx_{tb} (PRIMARY KEY (stmt_id)) engine=MyISAM "
                 "SELECT stmt_id FROM nt_1", DUP),
    "CSe-T->N": ("CREATE TABLE tt_xx_{tb} (PRIMARY KEY (stmt_id)) engine=InnoDB "
                 "SELECT stmt_id FROM nt_1", DUP),
    "CSe-N->T": ("CREATE TABLE nt_xx_{tb} (PRIMARY KEY (stmt_id)) engine=MyISAM "
                 "SELECT stmt_id FROM tt_1", DUP),
    "CT": ("CREATE TEMPORARY TABLE tt_xx_{tb} (a int) engine=InnoDB", None),
    "IS-T<-N": ("INSERT INTO tt_xx_{tb}(trans_id, stmt_id, info) "
                "SELECT trans_id, stmt_id, USER() FROM nt_1", None),
    "ISe-T<-N": ("INSERT INTO tt_xx_{tb}(trans_id, stmt_id, info) "
                 "SELECT trans_id, trans_id, USER() FROM nt_1", DUP),
    "IS-N<-T": ("INSERT INTO nt_xx_{tb}(trans_id, stmt_id, info) "
                "SELECT trans_id, stmt_id, USER() FROM tt_1", None),
    "ISe-N<-T": ("INSERT INTO nt_xx_{tb}(trans_id, stmt_id, info) "
                 "SELECT trans_id, trans_id, USER() FROM tt_1", DUP),
    "IS-T<-T": ("INSERT INTO tt_xx_{tb}(trans_id, stmt_id, info) "
                "SELECT trans_id, stmt_id, USER() FROM tt_1", None),
    "ISe-T<-T": ("INSERT INTO tt_xx_{tb}(trans_id, stmt_id, info) "
                 "SELECT trans_id, trans_id, USER() FROM tt_1", DUP),
    "IS-N<-N": ("INSERT INTO nt_xx_{tb}(trans_id, stmt_id, info) "
                "SELECT trans_id, stmt_id, USER() FROM nt_1", None),
    "ISe-N<-N": ("INSERT INTO nt_xx_{tb}(trans_id, stmt_id, info) "
                 "SELECT trans_id, trans_id, USER() FROM nt_1", DUP),
    "trunc-CS-T": ("TRUNCATE TABLE tt_xx_{tb}", None),
    "trunc-CS-N": ("TRUNCATE TABLE nt_xx_{tb}", None),
    "trunc-CT": ("TRUNCATE TABLE tt_xx_{tb}", None),
}


def run_command(sess: Session, code: str) -> None:
    """One command of the grammar; advances the counters like the test does."""
    if code in ROW_COMMANDS:
        sql, err = ROW_COMMANDS[code]
        sess.emit(sql.format(t=sess.trans_id, s=sess.stmt_id, ot=OLD[0], os=OLD[1]), err)
        sess.stmt_id += 1
    elif code in TABLE_COMMANDS:
        sql, err = TABLE_COMMANDS[code]
        sess.emit(sql.format(tb=sess.tb_id), err)
    elif code == "B":
        sess.emit("BEGIN")
    elif code == "C":
        sess.emit("COMMIT")
    elif code == "R":
        sess.emit("ROLLBACK")
    elif code == "Sn":
        sess.emit(f"SAVEPOINT S_{sess.sn}")
        sess.sn += 1
    elif code == "Rn":
        sess.sn = max(sess.sn - 1, 0)
        sess.emit(f"ROLLBACK TO S_{sess.sn}")
    elif code == "Cn":
        sess.sn = max(sess.sn - 1, 0)
        sess.emit(f"RELEASE SAVEPOINT S_{sess.sn}")
    elif code == "drop-CS":
        sess.emit(f"DROP TABLE IF EXISTS tt_xx_{sess.tb_id}, nt_xx_{sess.tb_id}")
        sess.tb_id += 1
    elif code == "drop-CT":
        sess.emit(f"DROP TEMPORARY TABLE IF EXISTS tt_xx_{sess.tb_id}")
        sess.tb_id += 1
    else:
        raise ValueError(f"unknown command {code!r}")
    sess.stmt_id += 1   # the test's loop increments after every command


def run_sequence(sess: Session, commands: str) -> None:
    for code in commands.split():
        run_command(sess, code)
    sess.stmt_id = 1
    sess.trans_id += 1


# ---------------------------------------------------------------------------
# The sequences, grouped into cases.

_T_VARIANTS = ("T", "T-trig", "T-func", "T-proc")
_N_VARIANTS = ("N", "N-trig", "N-func", "N-proc")
_M_VARIANTS = ("tN", "nT", "NT", "NT-trig", "NT-func", "TN", "TN-trig", "TN-func")
_M_ERRORS = ("tNe", "nTe", "NeT-trig", "NeT-func", "TeN-trig", "TeN-func")
_T_ERRORS = ("eT", "Te", "Te-trig", "Te-func")
_N_ERRORS = ("eN", "Ne", "Ne-trig", "Ne-func")


def _pairs(first: tuple[str, ...], second: tuple[str, ...], end: str) -> list[str]:
    return [f"B {a} {b} {end}" for a in first for b in second]


def _around(errors: tuple[str, ...], good: str, end: str) -> list[str]:
    """'B good e end' then 'B e good end' for every erroring command."""
    return [f"B {good} {e} {end}" for e in errors] + [f"B {e} {good} {end}" for e in errors]


@dataclass(frozen=True)
class Family:
    name: str
    rule: str
    seed: str
    description: str
    sequences: tuple[str, ...]


# Sequences that leave rows the e-commands of CREATE/INSERT ... SELECT need:
# two rows of one trans_id in tt_1 and nt_1, and a stmt_id present twice.
_WARM_UP = ("T", "N", "B T T C", "B N N C")

FAMILIES: tuple[Family, ...] = (
    Family("autocommit_t", "WL2687.mixing.autocommit", "000",
           "section 1, 1.e: one T-statement (plain, trigger, function, procedure), then failing ones",
           _T_VARIANTS + _T_ERRORS),
    Family("autocommit_n", "WL2687.mixing.autocommit", "000",
           "section 2, 2.e: one N-statement outside a transaction, then failing ones",
           _N_VARIANTS + _N_ERRORS),
    Family("autocommit_m", "WL2687.mixing.autocommit", "002",
           "section 3: statements mixing T- and N-tables (read one, write the other, both)",
           _M_VARIANTS),
    Family("autocommit_m_err", "WL2687.mixing.autocommit", "002",
           "section 3.e: mixing statements that fail after an n-th tuple",
           _M_ERRORS),
    Family("trx_t_t_commit", "WL2687.mixing.t_only", "000",
           "section 4: B T* T* C for every pair of T variants",
           tuple(_pairs(_T_VARIANTS, _T_VARIANTS, "C"))),
    Family("trx_t_t_commit_err", "WL2687.mixing.t_only", "000",
           "section 4.e: a failing T-statement before or after a T-statement, committed",
           tuple(_around(_T_ERRORS, "T", "C"))),
    Family("trx_t_t_rollback", "WL2687.mixing.t_only", "000",
           "section 5: B T* T* R",
           tuple(_pairs(_T_VARIANTS, _T_VARIANTS, "R"))),
    Family("trx_t_t_rollback_err", "WL2687.mixing.t_only", "000",
           "section 5.e: a failing T-statement before or after a T-statement, rolled back",
           tuple(_around(_T_ERRORS, "T", "R"))),
    Family("trx_n_n_commit", "WL2687.mixing.n_only", "000",
           "section 6: B N* N* C",
           tuple(_pairs(_N_VARIANTS, _N_VARIANTS, "C"))),
    Family("trx_n_n_commit_err", "WL2687.mixing.n_only", "000",
           "section 6.e: a failing N-statement (partial N-write) with an N-statement, committed",
           tuple(_around(_N_ERRORS, "N", "C"))),
    Family("trx_n_n_rollback", "WL2687.mixing.n_only", "000",
           "section 7: B N* N* R (the rollback cannot undo the N-writes)",
           tuple(_pairs(_N_VARIANTS, _N_VARIANTS, "R"))),
    Family("trx_n_n_rollback_err", "WL2687.mixing.n_only", "000",
           "section 7.e: a failing N-statement with an N-statement, rolled back",
           tuple(_around(_N_ERRORS, "N", "R"))),
    Family("trx_t_n_commit", "WL2687.mixing.t_then_n", "000",
           "section 8, 8.e: B T* N* C — the N-statement comes after a T-write (unsafe mixing)",
           tuple(_pairs(_T_VARIANTS, _N_VARIANTS, "C"))
           + ("B eT N C", "B Te N C", "B T eN C", "B T Ne C")),
    Family("trx_t_n_rollback", "WL2687.mixing.t_then_n", "000",
           "section 9, 9.e: B T* N* R",
           tuple(_pairs(_T_VARIANTS, _N_VARIANTS, "R"))
           + ("B eT N R", "B Te N R", "B T eN R", "B T Ne R")),
    Family("trx_n_t_commit", "WL2687.mixing.n_then_t", "000",
           "section 10: B N* T* C — the N-statement opens the transaction",
           tuple(_pairs(_N_VARIANTS, _T_VARIANTS, "C"))),
    Family("trx_n_t_rollback", "WL2687.mixing.n_then_t", "000",
           "section 11: B N* T* R",
           tuple(_pairs(_N_VARIANTS, _T_VARIANTS, "R"))),
    Family("trx_m_t", "WL2687.mixing.m_then_t", "002",
           "section 12, 13: B M T C / B M T R with a mixing statement first",
           tuple(f"B {m} T {e}" for e in ("C", "R") for m in _M_VARIANTS)),
    Family("trx_m_t_err", "WL2687.mixing.m_then_t", "002",
           "section 12.e, 13.e: a failing mixing statement first, then T",
           tuple(f"B {m} T {e}" for e in ("C", "R") for m in _M_ERRORS)),
    Family("trx_t_m", "WL2687.mixing.t_then_m", "002",
           "section 14, 15: B T M C / B T M R",
           tuple(f"B T {m} {e}" for e in ("C", "R") for m in _M_VARIANTS)),
    Family("trx_t_m_err", "WL2687.mixing.t_then_m", "002",
           "section 14.e, 15.e: T, then a failing mixing statement",
           tuple(f"B T {m} {e}" for e in ("C", "R") for m in _M_ERRORS)),
    Family("trx_m_n", "WL2687.mixing.m_then_n", "002",
           "section 16, 17: B M N C / B M N R",
           tuple(f"B {m} N {e}" for e in ("C", "R") for m in _M_VARIANTS)),
    Family("trx_m_n_err", "WL2687.mixing.m_then_n", "002",
           "section 16.e, 17.e: a failing mixing statement, then N",
           tuple(f"B {m} N {e}" for e in ("C", "R") for m in _M_ERRORS)),
    Family("trx_n_m", "WL2687.mixing.n_then_m", "002",
           "section 18, 19: B N M C / B N M R",
           tuple(f"B N {m} {e}" for e in ("C", "R") for m in _M_VARIANTS)),
    Family("trx_n_m_err", "WL2687.mixing.n_then_m", "002",
           "section 18.e, 19.e: N, then a failing mixing statement",
           tuple(f"B N {m} {e}" for e in ("C", "R") for m in _M_ERRORS)),
    Family("savepoint", "WL2687.mixing.savepoint", "000",
           "2 - SAVEPOINT: ROLLBACK TO a savepoint with and without N-writes after it",
           ("B T Sn T Rn C", "B N T Sn T Rn C", "B T N Sn T Rn C", "B T Sn N T Rn C")),
    Family("create_select", "WL2687.mixing.create_select", "002",
           "3 - CREATE TABLE ... SELECT: failing then succeeding, every engine pair",
           _WARM_UP + ("CSe-T->T CS-T->T drop-CS", "CSe-N->N CS-N->N drop-CS",
                       "CSe-T->N CS-T->N drop-CS", "CSe-N->T CS-N->T drop-CS")),
    Family("insert_select_t", "WL2687.mixing.insert_select", "002",
           "4 - INSERT ... SELECT into a T-table created by CREATE ... SELECT",
           _WARM_UP + ("CS-T->T",
                       "trunc-CS-T B T IS-T<-N T C", "trunc-CS-T B T ISe-T<-N T C",
                       "trunc-CS-T B IS-T<-N T C", "trunc-CS-T B ISe-T<-N T C",
                       "drop-CS", "CS-T->T",
                       "trunc-CS-T B T IS-T<-T T C", "trunc-CS-T B T ISe-T<-T T C",
                       "trunc-CS-T B IS-T<-T T C", "trunc-CS-T B ISe-T<-T T C",
                       "drop-CS")),
    Family("insert_select_n", "WL2687.mixing.insert_select", "002",
           "4 - INSERT ... SELECT into an N-table created by CREATE ... SELECT",
           _WARM_UP + ("CS-N->N",
                       "trunc-CS-N B T IS-N<-T T C", "trunc-CS-N B T ISe-N<-T T C",
                       "trunc-CS-N B IS-N<-T T C", "trunc-CS-N B ISe-N<-T T C",
                       "drop-CS", "CS-N->N",
                       "trunc-CS-N B T IS-N<-N T C", "trunc-CS-N B T ISe-N<-N T C",
                       "trunc-CS-N B IS-N<-N T C", "trunc-CS-N B ISe-N<-N T C",
                       "drop-CS")),
    Family("temporary_rollback", "WL2687.mixing.temporary", "002",
           "5 - ROLLBACK of a transaction that created a temporary table",
           ("B T CT R", "drop-CT", "B T Sn T CT Rn R", "drop-CT", "B T CT T R", "drop-CT",
            "B tN CT T R", "drop-CT", "B CT T R", "drop-CT", "B N CT T R", "drop-CT")),
    Family("set_with_row_changes", "WL2687.mixing.set_function", "002",
           "5 - SET @var= f(): functions that write T-, N- or both tables",
           ("set-T", "set-N", "set-NT", "B set-N set-T C", "B set-T set-N C",
            "B set-N set-T R", "B set-T set-N R", "B set-NT set-T C", "B set-T set-NT C",
            "B set-NT set-T R", "B set-T set-NT R")),
)


#: What other server kinds answered where they differ from MariaDB 10.11 (``=> mysql-9.7:CODE``,
#: ``=> mysql-9.7-gtid-on:1785``): recorded from the real mysqld 9.7.4 by running the generated
#: cases on it (docs/RULES-mysql-9.7.md section 9), per case and step, with the step's SQL so a
#: change of the generator cannot attach them to another statement.
SERVER_ANSWERS = Path(__file__).with_name("mixing_engines_mysql.json")


def render() -> str:
    setup = setup_statements()
    server_answers = json.loads(SERVER_ANSWERS.read_text(encoding="utf-8"))
    lines = [
        "# GENERATED by scripts/gen_mixing_engines.py — do not edit by hand.",
        "# Regenerate: python3 scripts/gen_mixing_engines.py   (check: --check)",
        "#",
        "# The command classes of MariaDB's rpl_mixing_engines test family (T, N, eT, tN, NeT-trig,",
        "# CS-T->T, IS-T<-N, savepoints, temporary tables, SET with row changes) as replbed's own",
        "# cases: one case per family, every sequence on one connection with its own trans_id.",
        "",
    ]
    for fam in FAMILIES:
        sess = Session()
        for seq in fam.sequences:
            run_sequence(sess, seq)
        lines += [f"[case mixing_{fam.name}]", f"rule = {fam.rule}", f"seed = {fam.seed}",
                  f"description = {fam.description}"]
        lines += [f"# sequences: {' | '.join(fam.sequences)}"]
        lines += [f"setup: {sql}" for sql in setup]
        answers = {a["step"]: a for a in server_answers.get(f"mixing_{fam.name}", [])}
        for i, (sql, err) in enumerate(sess.steps):
            targets = [str(err)] if err else []
            if i in answers:
                if answers[i]["sql"] != sql:
                    raise SystemExit(f"{SERVER_ANSWERS.name}: mixing_{fam.name} step {i} was recorded for "
                                     f"{answers[i]['sql']!r}, the generator now writes {sql!r}: record it again")
                targets += answers[i]["targets"]
            lines.append(f"con1: {sql}" + (f"  => {','.join(targets)}" if targets else ""))
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the file is out of date")
    args = ap.parse_args(argv)
    text = render()
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT} is stale; rerun {Path(__file__).name}", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(FAMILIES)} cases)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
