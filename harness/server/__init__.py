"""The MySQL wire protocol, the TCP server and the per-connection session."""
