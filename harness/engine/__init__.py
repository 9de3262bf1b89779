"""The SQL layer: the connection (Thd), statement execution, catalog, storage engines, system variables."""
