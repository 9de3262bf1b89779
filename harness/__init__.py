"""replbed: a replication testbed for the MySQL family's binary log (docs/ARCHITECTURE.md)."""
