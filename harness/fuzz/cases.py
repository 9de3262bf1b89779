"""Which generator builds a fuzz case: ``replbed fuzz --generator default|wide|schema|query``."""

from __future__ import annotations

from harness.fuzz.builders import CaseBuilder
from harness.fuzz.generator import CaseGenerator
from harness.fuzz.query import QueryCaseGenerator
from harness.fuzz.schema import SchemaCaseGenerator
from harness.fuzz.wide import WideCaseGenerator
from harness.kinds import ServerKind
from harness.workload.model import Case

_CLASSES: dict[str, type[CaseBuilder]] = {"default": CaseGenerator, "wide": WideCaseGenerator,
                                           "schema": SchemaCaseGenerator, "query": QueryCaseGenerator}
GENERATORS = tuple(_CLASSES)


def generate_case(seed: int, index: int, generator: str = "default", kind: ServerKind | str | None = None) -> Case:
    """The ``index``-th case of ``seed``: the same pair always gives the same case.

    ``generator`` names the statement mix: ``default`` (:mod:`harness.fuzz.generator`) or
    ``wide`` (:mod:`harness.fuzz.wide`, more types, values and forms, its own
    random stream so the default's seeds are unchanged) or ``query``
    (:mod:`harness.fuzz.query`: CTEs, window functions, FROM DUAL, SQL PREPARE and
    accounts interleaved with the default's DML; its own stream too).
    ``kind`` is the server kind the case is for (default MariaDB 10.11): the same
    random draws, spelled as that kind accepts them (``ServerKind.sql_mode``,
    ``ServerKind.session_variable``).
    """
    cls = _CLASSES.get(generator)
    if cls is None:
        raise ValueError(f"unknown generator {generator!r} (one of {', '.join(GENERATORS)})")
    return cls(seed, index, kind).build()


def generate_cases(seed: int, count: int) -> list[Case]:
    return [generate_case(seed, i) for i in range(count)]

