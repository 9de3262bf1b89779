"""MariaDB's own mysql-test suites run against replbed (``replbed mtr``).

``mariadb-test-run --extern`` runs a suite against an already started server:
once against a fresh real MariaDB (the control, which defines which tests apply
on this machine) and once against ``replbed serve``; every replbed failure is
classified, and pass rates go to summary records with a history across runs.
"""
