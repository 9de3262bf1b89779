"""``replbed fuzz``: seeded random workloads judged against MariaDB, with shrinking.

generator    -- random cases over the supported subset (harness.workload dataclasses)
wl           -- cases as .wl text (repro files, cache keys)
differential -- long-lived servers, one case x format on every side, classes, verdict record
shrink       -- ddmin over statements, then rows and columns, re-checked on the servers
run          -- the run: noise filter, grouping, shrinking, fuzz.json / summary.txt / repros
report       -- Markdown report (the DAG's report task)
"""
