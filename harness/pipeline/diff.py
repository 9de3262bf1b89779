"""Spark diff jobs: pure DataFrame -> DataFrame functions.

Inputs are DataFrames in the record schemas of docs/ARCHITECTURE.md (events,
table states); outputs are small per-event / per-case frames the GX suites
and the report consume. Nothing here reads or writes files; see
``run_diff_jobs`` for the thin entry point used by ``analyze_run``.
"""

from __future__ import annotations

from functools import reduce

from pyspark.sql import Column, DataFrame, Window
from pyspark.sql import functions as F

from harness.pipeline import normalize as _norm

KEY = ["case", "format"]

# The compared columns and the Info masks are shared with ``replbed compare``.
COMPARED = list(_norm.COMPARED)
INFO_RULES = _norm.INFO_RULES
_GTID_TIMING_FLAGS = _norm.GTID_TIMING_FLAGS

HEADER_TYPES = {
    "mariadb-10.11": ["Format_desc", "Gtid_list", "Binlog_checkpoint"],
    "mysql-8.0": ["Format_desc", "Previous_gtids"],
    "mysql-9.7": ["Format_desc", "Previous_gtids"],
    "mariadb-11.8": ["Format_desc", "Gtid_list", "Binlog_checkpoint"],
}
# Events that open a GTID group: MariaDB's Gtid, MySQL's Gtid and (GTID_MODE=OFF) Anonymous_Gtid.
GROUP_START = ("Gtid", "Gtid_log_event", "Anonymous_Gtid")
# Events that may appear outside a GTID group: the file header and trailer, and
# MariaDB's binlog checkpoints (written between groups once a file is no
# longer needed for crash recovery).
_NON_GROUP = ["Format_desc", "Gtid_list", "Binlog_checkpoint", "Previous_gtids",
              "Start_encryption", "Rotate", "Stop"]


def normalize_info(col, event_type=None):
    """Mask the server-specific parts of a SHOW BINLOG EVENTS ``Info`` column."""
    out = col
    for pat, rep, types in INFO_RULES:
        new = F.regexp_replace(out, pat, rep)
        if types is None or event_type is None:
            out = new
        else:
            out = F.when(event_type.isin(types), new).otherwise(out)
    return out


def normalize_events(df: DataFrame) -> DataFrame:
    """Neutralize what differs between two servers logging the same thing.

    Drops positions, timestamps, sizes, server ids, xids, table ids and the raw
    bytes; masks them inside ``info`` too. Keeps event type, database, query
    text, table, row images, error code, flags (GTID flags without the
    timing-dependent bits) and Query status variables (timing values masked).
    """
    cols = ["run_id", "case", "format", "side", "file", "seq", "event_type", "type_code",
            "database", "query", "table", "rows_json", "rows_flags", "error_code",
            "gtid_domain", "gtid_seq", "gtid_flags", "header_flags", "info", "status_vars"]
    present = [c for c in cols if c in df.columns]
    out = df.select(*present)
    if "status_vars" in present:
        for pat, rep in _norm.STATUS_VAR_RULES:
            out = out.withColumn("status_vars", F.regexp_replace(F.col("status_vars"), pat, rep))
    return (
        out.withColumn("info", normalize_info(F.coalesce(F.col("info"), F.lit("")), F.col("event_type")))
        .withColumn("query", F.regexp_replace(F.col("query"), r"/\* xid=\d+ \*/", "/* xid=# */"))
        .withColumn("gtid_flags", F.col("gtid_flags").bitwiseAND(F.lit(~_GTID_TIMING_FLAGS & 0xFF)))
    )


def compare_event_sequences(ref: DataFrame, rb: DataFrame) -> tuple[DataFrame, DataFrame]:
    """Full outer join of two normalized event sequences on (case, format, seq).

    Returns ``(event_diff_df, case_df)``:

    * event_diff_df: one row per (case, format, seq) present on either side with
      ``ref_<field>``/``rb_<field>`` for every compared field, ``match`` and
      ``diff_fields`` (array of compared field names that differ; a missing
      side is reported as ``["<missing reference>"]`` / ``["<missing replbed>"]``)
      and ``status`` (match / differs / missing_reference / missing_replbed).
    * case_df: one row per case x format: ``n_ref_events``, ``n_rb_events``,
      ``n_diff_events``, ``first_diff_seq``, ``first_diff_fields``, ``events_match``.
    """
    fields = [c for c in COMPARED if c in ref.columns and c in rb.columns]
    r = ref.select(*KEY, "seq", *[F.col(c).alias(f"ref_{c}") for c in fields],
                   F.lit(True).alias("_in_ref"))
    b = rb.select(*KEY, "seq", *[F.col(c).alias(f"rb_{c}") for c in fields],
                  F.lit(True).alias("_in_rb"))
    j = r.join(b, on=[*KEY, "seq"], how="full_outer")
    in_ref = F.coalesce(F.col("_in_ref"), F.lit(False))
    in_rb = F.coalesce(F.col("_in_rb"), F.lit(False))
    differing = F.array(*[
        F.when(~F.col(f"ref_{c}").eqNullSafe(F.col(f"rb_{c}")), F.lit(c)) for c in fields
    ])
    diff_fields = (
        F.when(~in_rb, F.array(F.lit("<missing replbed>")))
        .when(~in_ref, F.array(F.lit("<missing reference>")))
        .otherwise(F.filter(differing, lambda x: x.isNotNull()))
    )
    ev = (
        j.withColumn("diff_fields", diff_fields)
        .withColumn("match", F.size("diff_fields") == 0)
        .withColumn("status", F.when(~in_rb, "missing_replbed").when(~in_ref, "missing_reference")
                    .when(F.col("match"), "match").otherwise("differs"))
        .drop("_in_ref", "_in_rb")
    )
    first = F.min(F.when(~F.col("match"), F.struct("seq", "diff_fields")))
    case_df = (
        ev.groupBy(*KEY)
        .agg(
            F.sum(F.when(F.col("status") != "missing_reference", 1).otherwise(0)).alias("n_ref_events"),
            F.sum(F.when(F.col("status") != "missing_replbed", 1).otherwise(0)).alias("n_rb_events"),
            F.sum(F.when(F.col("match"), 0).otherwise(1)).alias("n_diff_events"),
            first.alias("_first"),
        )
        .select(
            *KEY, "n_ref_events", "n_rb_events", "n_diff_events",
            F.col("_first.seq").alias("first_diff_seq"),
            F.array_join(F.col("_first.diff_fields"), ",").alias("first_diff_fields"),
            ((F.col("n_diff_events") == 0) & (F.col("n_ref_events") > 0)).alias("events_match"),
        )
    )
    return ev, case_df


def check_gtid_layout(events: DataFrame, flavor: str = "mariadb-10.11") -> DataFrame:
    """GTID framing checks, one row per case x format x side.

    Columns: ``n_groups``, ``header_ok`` (every file starts with the flavor's
    header events in order), ``orphan_events`` (events after the header that
    belong to no GTID group), ``bad_groups`` and ``first_bad_group`` (a
    ``BEGIN GTID`` group must end with Xid or a COMMIT/ROLLBACK query and
    contain no other terminator; an ``XA START`` group ends with XA_prepare;
    a standalone ``GTID`` group is exactly one Query, which may be the XA
    COMMIT/ROLLBACK of a prepared branch), ``gtid_gaps`` (non-contiguous sequence numbers per domain that the other side does not show),
    ``layout`` (the group shapes, e.g. ``S Q|T Xid``), ``same_layout`` (both
    sides of the case x format have the same layout) and ``gtid_layout_ok``.
    """
    expected_header = HEADER_TYPES.get(flavor, HEADER_TYPES["mariadb-10.11"])
    part = [*KEY, "side"]
    w_file = Window.partitionBy(*part, "file").orderBy("seq")
    w_file_all = w_file.rowsBetween(Window.unboundedPreceding, Window.currentRow)
    is_gtid = F.col("event_type").isin(*GROUP_START)
    e = (
        events.select(*part, "file", "seq", "event_type", "info", "query", "gtid_domain", "gtid_seq")
        .withColumn("is_gtid", is_gtid)
        .withColumn("group_no", F.sum(F.col("is_gtid").cast("int")).over(w_file_all))
        .withColumn("non_group", F.col("event_type").isin(_NON_GROUP))
    )
    sides = e.select(*part).distinct()
    out = reduce(lambda a, b: a.join(b, on=part, how="left"),
                 [_header_check(e, part, expected_header), _orphan_events(e, part), _group_checks(e, part),
                  _gtid_gaps(e, part)], sides)
    out = out.fillna({"n_groups": 0, "bad_groups": 0, "orphan_events": 0, "gtid_gaps": 0,
                      "layout": ""})
    w_case = Window.partitionBy(*KEY)
    out = out.withColumn(
        "same_layout",
        (F.size(F.collect_set("layout").over(w_case)) == 1)
        & (F.size(F.collect_set("side").over(w_case)) == 2),
    )
    return out.withColumn(
        "gtid_layout_ok",
        F.coalesce(F.col("header_ok"), F.lit(False)) & (F.col("orphan_events") == 0)
        & (F.col("bad_groups") == 0) & (F.col("gtid_gaps") == 0) & F.col("same_layout"),
    )


def _header_check(e: DataFrame, part: list[str], expected_header: list[str]) -> DataFrame:
    """``header_ok`` per side: every file starts with the flavour's header events, in order
    (the events of group 0 before anything else)."""
    header = (
        e.where((F.col("group_no") == 0) & F.col("event_type").isin(expected_header))
        .groupBy(*part, "file")
        .agg(F.sort_array(F.collect_list(F.struct("seq", "event_type"))).alias("h"))
        .select(*part, "file", F.col("h.event_type").alias("header"))
        .withColumn("file_header_ok", F.slice("header", 1, len(expected_header))
                    == F.array(*[F.lit(x) for x in expected_header]))
    )
    files = e.select(*part, "file").distinct()
    header_side = (
        files.join(header, on=[*part, "file"], how="left")
        .groupBy(*part)
        .agg(F.min(F.coalesce(F.col("file_header_ok"), F.lit(False))).alias("header_ok"))
    )
    return header_side


def _orphan_events(e: DataFrame, part: list[str]) -> DataFrame:
    """``orphan_events`` per side: events after the header that belong to no GTID group."""
    return (
        e.groupBy(*part)
        .agg(F.sum(F.when((F.col("group_no") == 0) & ~F.col("non_group"), 1).otherwise(0))
             .alias("orphan_events"))
    )


def _second_query_upper() -> Column:
    """The group's second event's text, upper-cased and trimmed ("" when it is no Query)."""
    second = F.col("ev")[1]
    return F.when((F.col("n") > 1) & (second["event_type"] == "Query"),
                  F.upper(F.trim(F.coalesce(second["query"], second["info"], F.lit(""))))).otherwise(F.lit(""))


def _group_kind() -> Column:
    """``T`` a transaction (MariaDB: BEGIN GTID; MySQL: a Query BEGIN after the Gtid), ``X``
    an XA PREPARE group (MariaDB: XA START in the Gtid; MySQL: the Query XA START after it),
    ``S`` a standalone statement."""
    q2 = _second_query_upper()
    return (F.when(F.col("first.info").startswith("BEGIN GTID") | (q2 == "BEGIN"), "T")
            .when(F.col("first.info").startswith("XA START") | q2.startswith("XA START"), "X")
            .otherwise("S"))


def _group_checks(e: DataFrame, part: list[str]) -> DataFrame:
    """Per side: ``n_groups``, ``bad_groups``, ``first_bad_group`` and ``layout``, each
    group judged by its kind (``T`` BEGIN GTID, ``X`` XA START, ``S`` standalone)."""
    q_upper = F.upper(F.trim(F.coalesce(F.col("query"), F.col("info"), F.lit(""))))
    is_term = (F.col("event_type") == "Xid") | (
        (F.col("event_type") == "Query")
        & (q_upper.isin("COMMIT", "ROLLBACK") | q_upper.startswith("XA COMMIT")
           | q_upper.startswith("XA ROLLBACK") | q_upper.startswith("XA PREPARE"))
    )
    g = (
        e.where((F.col("group_no") > 0) & ~F.col("non_group"))
        .withColumn("is_term", is_term)
        .groupBy(*part, "file", "group_no")
        .agg(
            F.sort_array(F.collect_list(F.struct(
                "seq", "event_type", "is_gtid", "is_term", "info", "query"))).alias("ev"),
        )
        .withColumn("n", F.size("ev"))
        .withColumn("first", F.col("ev")[0])
        .withColumn("last", F.element_at("ev", -1))
        .withColumn("n_term", F.size(F.filter("ev", lambda x: x["is_term"])))
        .withColumn("kind", _group_kind())
    )
    # MySQL's atomic CREATE ... SELECT (normalize.CTAS_HEAD): its CREATE only right after
    # BEGIN, the group committed by its Xid.
    g = g.withColumn("n_ctas", F.size(F.filter("ev", lambda x: (x["event_type"] == "Query") & F.coalesce(
        x["query"], x["info"], F.lit("")).rlike(_norm.CTAS_HEAD))))
    ctas_ok = (F.col("n_ctas") == 0) | (
        (F.col("n_ctas") == 1) & (F.col("n") > 2) & (F.col("ev")[2]["event_type"] == "Query")
        & F.coalesce(F.col("ev")[2]["query"], F.col("ev")[2]["info"], F.lit("")).rlike(_norm.CTAS_HEAD)
        & (F.upper(F.trim(F.coalesce(F.col("ev")[1]["query"], F.col("ev")[1]["info"], F.lit("")))) == "BEGIN")
        & (F.col("last.event_type") == "Xid"))
    # A standalone group's one Query may be the XA COMMIT / XA ROLLBACK that completes a
    # prepared MariaDB XA branch (its only terminator).
    xa_completion = F.upper(F.coalesce(F.col("last.info"), F.lit(""))).rlike("^XA (COMMIT|ROLLBACK) ")
    # MySQL's XA ROLLBACK of a branch not prepared whose cache cannot be rolled back: the
    # branch's group, `XA START`, body, `XA END`, ended by the `XA ROLLBACK` Query
    xa_rollback_end = (F.col("kind") == "X") & F.col("last.is_term") & F.upper(F.trim(F.coalesce(
        F.col("last.query"), F.col("last.info"), F.lit("")))).startswith("XA ROLLBACK")
    ok_group = F.when(
        F.col("kind") == "T",
        F.col("last.is_term") & (F.col("n_term") == 1) & (F.col("n") >= 2) & ctas_ok,
    ).when(xa_rollback_end, (F.col("n") >= 4) & (F.col("n_term") == 1)
    ).when(  # MariaDB XA PREPARE group: XA START Gtid, body, Query XA END, XA_prepare
        F.col("kind") == "X",
        (F.col("n") >= 3) & (F.col("last.event_type") == "XA_prepare") & (F.col("n_term") == 0),
    ).otherwise(  # standalone (DDL): context events (Intvar/Rand/User var) may precede its one Query
        (F.col("n") >= 2) & (F.col("last.event_type") == "Query")
        & ((F.col("n_term") == 0) | ((F.col("n_term") == 1) & xa_completion))
        & (F.size(F.filter("ev", lambda x: x["event_type"] == "Query")) == 1)
        & (F.size(F.filter("ev", lambda x: ~x["event_type"].isin("Gtid", "Anonymous_Gtid", "Query", "Intvar", "RAND",
                                                          "User var")))
           == 0))
    shape = F.when(
        F.col("kind") == "T",
        F.concat(F.lit("T "), F.when(F.col("n_ctas") > 0, F.lit("CTAS ")).otherwise(F.lit("")),
                 F.when(F.col("last.event_type") == "Xid", F.lit("Xid")).otherwise(F.col("last.info"))),
    ).when(xa_rollback_end, F.lit("X XA ROLLBACK")
    ).when(F.col("kind") == "X", F.lit("X XA_prepare")
    ).otherwise(F.concat(F.lit("S "), F.coalesce(F.col("ev")[1]["event_type"], F.lit("-"))))
    g = g.withColumn("group_ok", ok_group).withColumn("shape", shape)
    bad_desc = F.concat_ws(
        " ", F.lit("seq"), F.col("first.seq").cast("string"), F.lit(":"),
        F.array_join(F.transform("ev", lambda x: x["event_type"]), ","),
    )
    groups_side = (
        g.groupBy(*part)
        .agg(
            F.count("*").alias("n_groups"),
            F.sum(F.when(F.col("group_ok"), 0).otherwise(1)).alias("bad_groups"),
            F.min(F.when(~F.col("group_ok"), F.struct(F.col("first.seq").alias("s"),
                                                        bad_desc.alias("d")))).alias("_bad"),
            F.sort_array(F.collect_list(F.struct(F.col("first.seq").alias("s"), "file",
                                                 "shape"))).alias("_shapes"),
        )
        .select(*part, "n_groups", "bad_groups", F.col("_bad.d").alias("first_bad_group"),
                F.array_join(F.transform("_shapes", lambda x: x["shape"]), "|").alias("layout"))
    )
    return groups_side


def _gtid_gaps(e: DataFrame, part: list[str]) -> DataFrame:
    """``gtid_gaps`` per side: non-contiguous sequence numbers per domain (across files).
    A jump both sides make alike is the workload's own (SET gtid_seq_no, a domain's
    counter never goes back): only a gap the other side does not have counts."""
    w_dom = Window.partitionBy(*part, "gtid_domain").orderBy("seq")
    jumps = (
        e.where(F.col("is_gtid") & F.col("gtid_seq").isNotNull())
        .withColumn("prev", F.lag("gtid_seq").over(w_dom))
        .where(F.col("prev").isNotNull() & (F.col("gtid_seq") != F.col("prev") + 1))
        .select(*part, "gtid_domain", "prev", "gtid_seq")
    )
    other = jumps.select(*[F.col(c).alias("o_" + c) for c in jumps.columns])
    # null-safe: MySQL's GTIDs have no domain (a jump both sides make is no gap there either)
    same_jump = reduce(lambda a, b: a & b,
                       [F.col(c).eqNullSafe(F.col("o_" + c)) for c in [*KEY, "gtid_domain", "prev", "gtid_seq"]],
                       F.col("side") != F.col("o_side"))
    return jumps.join(other, on=same_jump, how="left_anti").groupBy(*part).agg(F.count("*").alias("gtid_gaps"))


def table_row_diffs(ref_tables: DataFrame, rb_tables: DataFrame) -> DataFrame:
    """Row-level table diff: rows of (case, format, table, row_no) that differ."""
    r = ref_tables.select(*KEY, "table", "row_no", F.col("row_json").alias("ref_row"))
    b = rb_tables.select(*KEY, "table", "row_no", F.col("row_json").alias("rb_row"))
    return (
        r.join(b, on=[*KEY, "table", "row_no"], how="full_outer")
        .withColumn("match", F.col("ref_row").eqNullSafe(F.col("rb_row")))
    )


def compare_tables(ref_tables: DataFrame, rb_tables: DataFrame) -> DataFrame:
    """Final table states, one row per case x format present on either side.

    Rows are compared by position (``row_no``; both sides sort rows by their
    canonical JSON). Columns: ``n_ref_rows``, ``n_rb_rows``, ``n_diff_rows``,
    ``first_diff_table``, ``first_diff_ref``, ``first_diff_rb``, ``tables_match``.
    """
    d = table_row_diffs(ref_tables, rb_tables)
    first = F.min(F.when(~F.col("match"), F.struct("table", "row_no", "ref_row", "rb_row")))
    return (
        d.groupBy(*KEY)
        .agg(
            F.count("ref_row").alias("n_ref_rows"),
            F.count("rb_row").alias("n_rb_rows"),
            F.sum(F.when(F.col("match"), 0).otherwise(1)).alias("n_diff_rows"),
            first.alias("_f"),
        )
        .select(*KEY, "n_ref_rows", "n_rb_rows", "n_diff_rows",
                F.col("_f.table").alias("first_diff_table"),
                F.col("_f.ref_row").alias("first_diff_ref"),
                F.col("_f.rb_row").alias("first_diff_rb"),
                (F.col("n_diff_rows") == 0).alias("tables_match"))
    )


def compare_outcomes(ref: DataFrame, rb: DataFrame) -> DataFrame:
    """Per case x format: did every statement get the same result on both sides?

    A statement's outcome is its error code, what SHOW WARNINGS listed after it
    (level, code, message) and its result set (as a multiset of rows), as the
    runner recorded them. Columns:
    ``n_statements``, ``n_diff_statements``, ``first_diff_step``,
    ``outcomes_match``.
    """
    if "rows_json" not in ref.columns:  # records written before result sets were kept
        ref = ref.withColumn("rows_json", F.lit(None).cast("string"))
    if "rows_json" not in rb.columns:
        rb = rb.withColumn("rows_json", F.lit(None).cast("string"))
    cols = ["case", "format", "step", "error_code", "warnings_json", "rows_json"]
    a = (ref.select(*cols).withColumnRenamed("error_code", "ref_err").withColumnRenamed("warnings_json", "ref_w")
         .withColumnRenamed("rows_json", "ref_rows").withColumn("_in_ref", F.lit(True)))
    b = (rb.select(*cols).withColumnRenamed("error_code", "rb_err").withColumnRenamed("warnings_json", "rb_w")
         .withColumnRenamed("rows_json", "rb_rows").withColumn("_in_rb", F.lit(True)))
    j = a.join(b, on=[*KEY, "step"], how="full_outer")
    # Each comparison is parenthesized on purpose: `&` binds tighter than `==` in
    # Python, and `x & a.isNull() == b.isNull()` once compared (x & a.isNull()) to
    # b.isNull(), which made "reference OK, replbed error" count as the same.
    # A statement only one side ran is a difference, never a match.
    present = F.coalesce(F.col("_in_ref"), F.lit(False)) & F.coalesce(F.col("_in_rb"), F.lit(False))
    same_err = F.coalesce(F.col("ref_err"), F.lit(0)) == F.coalesce(F.col("rb_err"), F.lit(0))
    same_w = F.coalesce(F.col("ref_w"), F.lit("[]")) == F.coalesce(F.col("rb_w"), F.lit("[]"))
    same_rows = F.col("ref_rows").eqNullSafe(F.col("rb_rows"))
    j = j.withColumn("same", present & same_err & same_w & same_rows)
    return (
        j.groupBy(*KEY)
        .agg(F.count(F.lit(1)).alias("n_statements"),
             F.sum(F.when(F.col("same"), 0).otherwise(1)).alias("n_diff_statements"),
             F.min(F.when(~F.col("same"), F.col("step"))).alias("first_diff_step"))
        .withColumn("outcomes_match", F.col("n_diff_statements") == 0)
    )


def summarize(cases: DataFrame, event_cases: DataFrame, gtid: DataFrame,
              tables: DataFrame, outcomes: DataFrame | None = None) -> DataFrame:
    """One row per case x format of ``cases``.

    ``cases`` has ``case, format`` and optionally ``rule`` and ``error`` (collect
    or decode errors of either side). Result columns: ``case, format, rule,
    events_match, gtid_layout_ok, tables_match, error, passed`` and the counts
    ``n_ref_events, n_rb_events, n_diff_events, first_diff_seq,
    first_diff_fields, n_diff_rows``. A case x format with an error never
    passes; a case x format with no table rows on either side has matching
    tables.
    """
    if "rule" not in cases.columns:
        cases = cases.withColumn("rule", F.lit(None).cast("string"))
    if "error" not in cases.columns:
        cases = cases.withColumn("error", F.lit(None).cast("string"))
    g = gtid.groupBy(*KEY).agg(F.min(F.col("gtid_layout_ok")).alias("gtid_layout_ok"))
    t = tables.select(*KEY, "tables_match", "n_diff_rows", "first_diff_table")
    out = (
        cases.select(*KEY, "rule", "error")
        .join(event_cases, on=KEY, how="left")
        .join(g, on=KEY, how="left")
        .join(t, on=KEY, how="left")
    )
    if outcomes is not None:
        out = out.join(outcomes.select(*KEY, "outcomes_match", "first_diff_step"), on=KEY, how="left")
    else:
        # not compared: not a pass (harness/pipeline/verdict.py)
        out = (out.withColumn("outcomes_match", F.lit(None).cast("boolean"))
               .withColumn("first_diff_step", F.lit(None).cast("int")))
    has_err = F.col("error").isNotNull()
    out = (
        out.withColumn("events_match", ~has_err & F.coalesce("events_match", F.lit(False)))
        .withColumn("gtid_layout_ok", ~has_err & F.coalesce("gtid_layout_ok", F.lit(False)))
        .withColumn("tables_match", ~has_err & F.coalesce("tables_match", F.lit(True)))
        .withColumn("outcomes_match", F.when(has_err, F.lit(False)).otherwise(F.col("outcomes_match")))
        .fillna({"n_ref_events": 0, "n_rb_events": 0, "n_diff_events": 0, "n_diff_rows": 0})
    )
    out = out.withColumn("passed", F.col("events_match") & F.col("gtid_layout_ok")
                         & F.col("tables_match") & F.col("outcomes_match"))
    return out.select(*KEY, "rule", "events_match", "gtid_layout_ok", "tables_match", "outcomes_match", "error",
                      "passed", "n_ref_events", "n_rb_events", "n_diff_events",
                      "first_diff_seq", "first_diff_fields", "n_diff_rows", "first_diff_table",
                      F.col("first_diff_step").alias("first_diff_statement")).orderBy(*KEY)
