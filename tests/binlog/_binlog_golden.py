"""Golden MariaDB 10.11 fixtures (captured by tests/fixtures/binlog/capture.py)."""

from __future__ import annotations

from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "binlog" / "mariadb-10.11"


def golden_files() -> list[Path]:
    return sorted(p for p in FIXTURES.glob("*/binlog.[0-9]*") if p.suffix[1:].isdigit())


def golden_ids() -> list[str]:
    return [f"{p.parent.name}/{p.name}" for p in golden_files()]


def _unescape(s: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            out.append({"n": "\n", "t": "\t", "\\": "\\"}[s[i + 1]])
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def show_binlog_events(path: Path) -> list[tuple[str, ...]]:
    """Captured SHOW BINLOG EVENTS rows (all columns as strings)."""
    lines = (path.parent / f"{path.name}.events.tsv").read_text(encoding="utf-8").split("\n")
    assert lines[0].split("\t") == ["Log_name", "Pos", "Event_type", "Server_id", "End_log_pos", "Info"]
    return [tuple(_unescape(x) for x in ln.split("\t")) for ln in lines[1:] if ln]
