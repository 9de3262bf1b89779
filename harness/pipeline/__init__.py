"""The validation pipeline: decode, Spark diff jobs, GX validation, report, the regression run."""
