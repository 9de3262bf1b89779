"""The seeds' three binlog layers (decide, trx/stmt caches, flush), below the SQL layer, above the codec."""
