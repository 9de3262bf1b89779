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
export AIRFLOW__CORE__LOAD_EXAMPLES := False
export AIRFLOW__CORE__UNIT_TEST_MODE := False
export AIRFLOW__DATABASE__SQL_ALCHEMY_CONN := sqlite:///$(CURDIR)/.airflow/airflow.db
export REPLBED_RUNS_DIR := $(CURDIR)/runs
export GX_ANALYTICS_ENABLED := false

.PHONY: bootstrap run test airflow-db clean-airflow lint

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

# Exit status: 0 every case x format passed, 1 some failed (summary printed and the
# report written anyway), 2 bad CONF / bad input (one line, nothing started).
# `airflow dags test` runs through harness.pipeline.airflow_cli (Airflow's CLI with
# gc.freeze() at the end: its exit took 13-20 s), parsing only this DAG's file (-f); the
# last line is the run's overhead over the reference collect (harness/pipeline/timing.py).
run: airflow-db
	@# CONF is checked first (bad JSON or an unknown param: one line, exit 2); the docker
	@# provider needs the offline image, built here (a no-op when built).
	@conf=$$($(PY) -m harness.pipeline.regression conf '$(CONF)' '$(RUN_ID)') || exit 2; \
	if $(PY) -c 'import json,sys; sys.exit(0 if json.loads(sys.argv[1]).get("provider") == "docker" else 1)' "$$conf"; then \
	    bash scripts/build_image.sh || exit $$?; fi; \
	echo "airflow dags test binlog_regression -f dags/binlog_regression.py -c '$$conf'"; \
	$(PY) -m harness.pipeline.airflow_cli dags test binlog_regression -f $(CURDIR)/dags/binlog_regression.py -c "$$conf"; rc=$$?; \
	run_id=$$($(PY) -c 'import json,sys; print(json.loads(sys.argv[1])["run_id"])' "$$conf"); \
	echo; $(PY) -m harness.pipeline.regression summary runs/$$run_id --started $(RUN_STARTED); src=$$?; \
	if [ $$src -ne 0 ]; then exit $$src; fi; \
	if [ $$rc -ne 0 ]; then echo "airflow dags test failed ($$rc)"; exit $$rc; fi; exit 0

test: bootstrap
	@$(PY) -m pytest $(PYTEST_ARGS)

# The cluster tests (docs/CLUSTER.md): a Spark standalone master + worker, Airflow on a
# real Postgres with the LocalExecutor, the sharded DAG on FTP storage and on two Celery
# workers in network namespaces. Slow (minutes each), so not in `make test`;
# scripts/cluster_setup.sh installs Postgres and redis-server when missing.
# test-cluster-ci: the trimmed test of each distributed path (marker cluster_ci), what
# .ci/run runs after `make test`; test-cluster runs them too, with the full versions.
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
.PHONY: test-cluster test-cluster-ci docker-setup image image-runtime docker-test docker-parity compose-up compose-down compose-test

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
PROFILE ?= debian
docker-parity: bootstrap image
	@set -e; mkdir -p $(CURDIR)/runs; for p in local docker; do \
	    echo "== replbed run --provider $$p --profile $(PROFILE)"; s=$$(date +%s); \
	    $(PY) -m harness.cli run --provider $$p --profile $(PROFILE) --run-id $(RUN_ID)-$$p >$(CURDIR)/runs/$(RUN_ID)-$$p.log 2>&1 || true; \
	    tail -2 $(CURDIR)/runs/$(RUN_ID)-$$p.log; echo "   wall $$(( $$(date +%s) - s )) s"; done; \
	$(PY) -m harness.pipeline.parity runs/$(RUN_ID)-local runs/$(RUN_ID)-docker

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
