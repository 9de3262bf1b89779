from __future__ import annotations

from pathlib import Path

import pytest

from _binlog_golden import golden_files, golden_ids, show_binlog_events
from harness.binlog import BinlogReader, event_type_name, info_text, show_binlog_events_row
from harness.binlog.render import format_double


@pytest.mark.parametrize("path", golden_files(), ids=golden_ids())
def test_show_binlog_events_matches_server(path: Path) -> None:
    expected = show_binlog_events(path)
    got = [
        tuple(str(x) for x in show_binlog_events_row(e.event, path.name, e.pos))
        for e in BinlogReader(path).entries()
    ]
    assert got == expected


def test_type_names_and_info_examples() -> None:
    path = next(p for p in golden_files() if p.parent.name == "rotate_stop" and p.name.endswith("2"))
    evs = list(BinlogReader(path))
    assert [event_type_name(e) for e in evs[:3]] == ["Format_desc", "Gtid_list", "Binlog_checkpoint"]
    assert info_text(evs[1]) == "[0-1-2]"
    assert info_text(evs[3]) == "BEGIN GTID 0-1-3"
    assert info_text(evs[-1]) == "binlog.000003;pos=4"


@pytest.mark.parametrize("v,s", [(1.5, "1.5"), (42.0, "42"), (-7.25, "-7.25"), (1e100, "1e100"), (1.5e-7, "1.5e-7")])
def test_format_double(v: float, s: str) -> None:
    assert format_double(v) == s
