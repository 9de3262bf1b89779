# replbed: `make run` = bootstrap + one regression run through Airflow 3
# (`airflow dags test`, in-process, SQLite under .airflow/); `make test` = pytest.
SHELL := /bin/bash
VENV ?= $(CURDIR)/.venv
PY := $(VENV)/bin/python
AIRFLOW := $(VENV)/bin/airflow
RUN_ID ?= make-$(shell date -u +%Y%m%dT%H%M%SZ)
# When this make started: `make run`'s overhead line counts its whole wall time,
# bootstrap and Airflow's start-up included, not only the DAG's steps.
RUN_STARTED := $(shell date +%s.%N)
# DAG params for `make run`, as JSON (see dags/binlog_regression.py).
CONF ?= {}
PYTEST_ARGS ?= -q

export AIRFLOW_HOME := $(CURDIR)/.airflow
export AIRFLOW__CORE__DAGS_FOLDER := $(CURDIR)/dags
export AIRFLOW__CORE__PLUGINS_FOLDER := $(CURDIR)/plugins
export AIRFLOW__CORE__LOAD_EXAMPLES := False
export AIRFLOW__CORE__UNIT_TEST_MODE := False
export AIRFLOW__DATABASE__SQL_ALCHEMY_CONN := sqlite:///$(CURDIR)/.airflow/airflow.db
export REPLBED_RUNS_DIR := $(CURDIR)/runs
export GX_ANALYTICS_ENABLED := false

.PHONY: bootstrap run test airflow-db airflow-cfg airflow-ui clean-airflow lint roots

# The roots the newer server kinds run from (harness/kinds.py, harness/providers/roots.py):
# debootstrap + apt from Debian's archive, cached in $REPLBED_ROOTS (~/.cache/replbed/roots),
# rebuilt when the package has a new version. KINDS= limits it (default: every kind with a root).
KINDS ?=
roots: bootstrap
	@$(PY) -m harness.cli roots build $(KINDS)

bootstrap:
	@bash scripts/bootstrap.sh

# Migrating an up-to-date database still costs two Airflow start-ups (~20 s here), so
# it is skipped while the database file exists and the stamp names this Airflow
# release, database URL and pool: an upgrade, a new URL or a removed file migrates again.
AIRFLOW_DB_STAMP := $(AIRFLOW_HOME)/.replbed-db-migrated
airflow-db: bootstrap
	@mkdir -p $(AIRFLOW_HOME)
	@want="$$(cd $(VENV)/lib/python3*/site-packages && ls -d apache_airflow-*.dist-info 2>/dev/null) $$AIRFLOW__DATABASE__SQL_ALCHEMY_CONN pool=replbed_servers:4"; \
	if [ -f $(AIRFLOW_HOME)/airflow.db ] && [ "$$(cat $(AIRFLOW_DB_STAMP) 2>/dev/null)" = "$$want" ]; then exit 0; fi; \
	rm -f $(AIRFLOW_DB_STAMP); \
	$(AIRFLOW) db migrate >$(AIRFLOW_HOME)/db-migrate.log 2>&1 || { tail -30 $(AIRFLOW_HOME)/db-migrate.log; exit 1; }; \
	: the pool that caps concurrent servers of the sharded DAG, 2 slots per shard; \
	$(AIRFLOW) pools set replbed_servers 4 "servers of replbed runs (2 per shard)" >>$(AIRFLOW_HOME)/db-migrate.log 2>&1 || { tail -30 $(AIRFLOW_HOME)/db-migrate.log; exit 1; }; \
	echo "$$want" > $(AIRFLOW_DB_STAMP)
	@$(MAKE) --no-print-directory airflow-cfg

# airflow.cfg as Airflow generated it, with this project's folders and no example DAGs, so
# `airflow ...` started by hand (without the Makefile's AIRFLOW__* variables) sees the same.
airflow-cfg:
	@[ -f $(AIRFLOW_HOME)/airflow.cfg ] || $(AIRFLOW) config list >/dev/null 2>&1 || true
	@sed -i -e 's|^dags_folder = .*|dags_folder = $(CURDIR)/dags|' \
	    -e 's|^plugins_folder = .*|plugins_folder = $(CURDIR)/plugins|' \
	    -e 's|^load_examples = .*|load_examples = False|' $(AIRFLOW_HOME)/airflow.cfg

# The Airflow UI on this project's AIRFLOW_HOME: api-server, scheduler, dag-processor and
# triggerer (`airflow standalone`) on http://localhost:$(AIRFLOW_PORT)/. Login: user admin,
# password in $(AIRFLOW_HOME)/simple_auth_manager_passwords.json.generated (SimpleAuthManager
# writes it at the first start). binlog_regression is unpaused, so its @daily schedule runs.
AIRFLOW_PORT ?= 8080
airflow-ui: airflow-db
	@$(AIRFLOW) dags reserialize >$(AIRFLOW_HOME)/ui.log 2>&1; \
	$(AIRFLOW) dags unpause binlog_regression >>$(AIRFLOW_HOME)/ui.log 2>&1 || { tail -20 $(AIRFLOW_HOME)/ui.log; exit 1; }; \
	echo "Airflow UI: http://localhost:$(AIRFLOW_PORT)/ (user admin; password: $(AIRFLOW_HOME)/simple_auth_manager_passwords.json.generated)"; \
	echo "each run's report: the report task's Report button, or http://localhost:$(AIRFLOW_PORT)/replbed/runs/<run id>/report/index.html"; \
	AIRFLOW__API__PORT=$(AIRFLOW_PORT) exec $(AIRFLOW) standalone

# Exit status: 0 every case x format passed, 1 some failed (summary printed and the
# report written anyway), 2 bad CONF / bad input (one line, nothing started).
# `airflow dags test` runs through harness.pipeline.airflow_cli (Airflow's CLI with
# gc.freeze() at the end: its exit took 13-20 s), parsing only this DAG's file (-f), the DAG run
# named after the replbed run. Airflow's and GX's log records go to runs/<id>/logs/; the console
# (fd 3, REPLBED_CONSOLE_FD) gets the plan, one progress indicator, failures and the summary.
# The overhead figure goes to runs/<id>/timings.jsonl and the report.
run: airflow-db airflow-cfg
	@# CONF is checked first (bad JSON or an unknown param: one line, exit 2); the docker
	@# provider needs the offline image, built here (a no-op when built).
	@conf=$$($(PY) -m harness.pipeline.regression conf '$(CONF)' '$(RUN_ID)') || exit 2; \
	if $(PY) -c 'import json,sys; sys.exit(0 if json.loads(sys.argv[1]).get("provider") == "docker" else 1)' "$$conf"; then \
	    bash scripts/build_image.sh || exit $$?; fi; \
	kinds=$$($(PY) -c 'import json,sys; from harness.kinds import KINDS; c = json.loads(sys.argv[1]); r = c.get("reference", "mariadb-10.11"); ks = list(KINDS) if r == "matrix" else [r, c.get("candidate", "replbed")]; print(" ".join(k for k in ks if k in KINDS and KINDS[k].needs_root))' "$$conf"); \
	if [ -n "$$kinds" ]; then $(PY) -m harness.cli roots build --no-check $$kinds || exit $$?; fi; \
	run_id=$$($(PY) -c 'import json,sys; print(json.loads(sys.argv[1])["run_id"])' "$$conf"); \
	logs=$$REPLBED_RUNS_DIR/$$run_id/logs; mkdir -p $$logs; \
	echo "airflow dags test binlog_regression, run $$run_id (Airflow's log: $$logs/airflow.log)"; \
	REPLBED_CONSOLE_FD=3 $(PY) -m harness.pipeline.airflow_cli --run-id "$$run_id" dags test binlog_regression \
	    -f $(CURDIR)/dags/binlog_regression.py -c "$$conf" 3>&1 >$$logs/airflow.log 2>&1; rc=$$?; \
	run_ids=$$($(PY) -c 'import json,sys; from harness.kinds import KINDS; c = json.loads(sys.argv[1]); print(" ".join(c["run_id"] + "-" + k for k in KINDS) if c.get("reference") == "matrix" else c["run_id"])' "$$conf"); \
	src=0; for rid in $$run_ids; do \
	    $(PY) -m harness.pipeline.regression summary $$REPLBED_RUNS_DIR/$$rid --started $(RUN_STARTED) || src=$$?; \
	    if [ $$rc -ne 0 ] && [ ! -f $$REPLBED_RUNS_DIR/$$rid/summary.json ]; then \
	        echo "airflow dags test failed ($$rc); the end of $$logs/airflow.log:"; tail -15 $$logs/airflow.log; fi; \
	done; \
	if [ $$src -ne 0 ]; then exit $$src; fi; \
	if [ $$rc -ne 0 ]; then echo "airflow dags test failed ($$rc); see $$logs/airflow.log"; exit $$rc; fi; exit 0

# `make test` is what CI runs (.ci/run, after make lint): the roots of MySQL 9.7 and MariaDB 11.8
# (cached; their subsets start real servers from them), what the trimmed cluster tests need
# (scripts/cluster_setup.sh), then one pytest: every test but the full cluster versions.
test: bootstrap roots
	@bash scripts/cluster_setup.sh
	@$(PY) -m pytest -m 'not cluster' $(PYTEST_ARGS)

# The cluster tests (docs/CLUSTER.md): a Spark standalone master + worker, Airflow on a
# real Postgres with the LocalExecutor, the sharded DAG on FTP storage and on two Celery
# workers in network namespaces. Slow (minutes each), so not in `make test`, which runs the
# trimmed test of each distributed path (marker cluster_ci; alone: make test-cluster-ci);
# scripts/cluster_setup.sh installs Postgres and redis-server when missing.
test-cluster: bootstrap
	@bash scripts/cluster_setup.sh
	@$(PY) -m pytest -m 'cluster or cluster_ci' $(PYTEST_ARGS)

test-cluster-ci: bootstrap
	@bash scripts/cluster_setup.sh
	@$(PY) -m pytest -m cluster_ci $(PYTEST_ARGS)

clean-airflow:
	rm -rf $(AIRFLOW_HOME)

# -- Docker (docs/DOCKER.md) ----------------------------------------------------
# docker-setup: docker.io + debootstrap, dockerd running. image: the offline
# replbed/mariadb:10.11 (debootstrap base, ~1 min cold, instant when built).
# compose-up: the workstation stack (docker/compose.yaml, scripts/compose.sh): both
# images, random secrets in .cache/compose.env, up, healthy. compose-down removes it.
.PHONY: test-cluster test-cluster-ci docker-setup image image-runtime docker-test docker-parity docker-parity-kinds compose-up compose-down compose-test

docker-setup:
	@bash scripts/docker_setup.sh

image:
	@bash scripts/build_image.sh

image-runtime:
	@bash scripts/build_image.sh runtime

docker-test: bootstrap image
	@$(PY) -m pytest -m docker $(PYTEST_ARGS)

# docker-parity: the FULL corpus, all three formats, through the whole pipeline once
# with each reference provider (same PROFILE), then the two summary.json compared
# case by case (harness/pipeline/parity.py); exit 1 if any verdict differs.
# `make test` runs the stored-object subset (tests/providers/test_docker_parity.py).
# REFERENCE=mysql-9.7 (or mariadb-11.8) compares the providers of that kind; PROFILE: its default.
REFERENCE ?= mariadb-10.11
PROFILE ?=
docker-parity: bootstrap image
	@set -e; mkdir -p $(CURDIR)/runs; for p in local docker; do \
	    echo "== replbed run --provider $$p --reference $(REFERENCE) $(if $(PROFILE),--profile $(PROFILE))"; s=$$(date +%s); \
	    $(PY) -m harness.cli run --provider $$p --reference $(REFERENCE) $(if $(PROFILE),--profile $(PROFILE)) --run-id $(RUN_ID)-$$p >$(CURDIR)/runs/$(RUN_ID)-$$p.log 2>&1 || true; \
	    tail -2 $(CURDIR)/runs/$(RUN_ID)-$$p.log; echo "   wall $$(( $$(date +%s) - s )) s"; done; \
	$(PY) -m harness.pipeline.parity runs/$(RUN_ID)-local runs/$(RUN_ID)-docker

# docker-parity-kinds: each kind's whole corpus on its local server and in its container, side by
# side (no replbed side, no replay: both are the same for either provider), each case x format
# judged with the verdict's own rules (harness/provider_parity.py); exit 1 if any differs.
PARITY_KINDS ?= mariadb-10.11 mariadb-11.8 mysql-9.7
docker-parity-kinds: bootstrap image
	@rc=0; for k in $(PARITY_KINDS); do \
	    $(PY) -m harness.provider_parity --reference $$k --quiet --out $(CURDIR)/runs/$(RUN_ID)-parity-$$k || rc=1; \
	done; exit $$rc

compose-up:
	@bash scripts/compose.sh up

compose-down:
	@bash scripts/compose.sh down

# compose-test: brings up its own stack (project replbed-test-*, free ports), runs a
# small regression through its Airflow (Postgres + LocalExecutor), always brings it down.
compose-test: bootstrap
	@$(PY) -m pytest -m cluster tests/dags/test_compose_stack.py $(PYTEST_ARGS)

# -- Static checks (pyproject.toml [tool.ruff]/[tool.mypy], .importlinter) --------
# and docs/ARCHITECTURE.md's generated tables (scripts/gen_architecture.py), and the
# ratchet on long/complex functions (scripts/complexity_ratchet.py + its baseline).
# No bootstrap dependency: .ci/run bootstraps first, and a developer's venv is
# already there. PYTHONPATH makes lint-imports see this tree, not an installed one.
.PHONY: lint
lint:
	@$(VENV)/bin/ruff check .
	@$(VENV)/bin/mypy
	@PYTHONPATH=$(CURDIR) $(VENV)/bin/lint-imports
	@$(PY) scripts/gen_architecture.py --check
	@$(PY) scripts/complexity_ratchet.py
