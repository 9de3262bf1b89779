"""Tables and their storage (the server's ``handler.cc``, ``sql_base.cc``, InnoDB's ``lock0lock.cc``).

The catalog of table definitions, the storage engines, InnoDB's lock system and
row locks, AUTO_INCREMENT and pre-locking. Above the items, below the optimizer.
"""
