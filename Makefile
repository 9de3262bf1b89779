# replbed: `make run` = bootstrap + one regression run through Airflow 3
# (`airflow dags test`, in-process, SQLite under .airflow/); `make test` = pytest.
SHELL := /bin/bash
VENV ?= $(CURDIR)/.venv
PY := $(VENV)/bin/python
AIRFLOW := $(VENV)/bin/airflow
RUN_ID ?= make-$(shell date -u +%Y%m%dT%H%M%SZ)
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

.PHONY: bootstrap run test airflow-db clean-airflow

bootstrap:
	@bash scripts/bootstrap.sh

airflow-db: bootstrap
	@mkdir -p $(AIRFLOW_HOME)
	@$(AIRFLOW) db migrate >$(AIRFLOW_HOME)/db-migrate.log 2>&1 || { tail -30 $(AIRFLOW_HOME)/db-migrate.log; exit 1; }

run: airflow-db
	@conf=$$($(PY) -c 'import json,sys; c=json.loads(sys.argv[1] or "{}"); c.setdefault("run_id", sys.argv[2]); print(json.dumps(c))' '$(CONF)' '$(RUN_ID)'); \
	echo "airflow dags test binlog_regression -c '$$conf'"; \
	$(AIRFLOW) dags test binlog_regression -c "$$conf"; rc=$$?; \
	run_id=$$($(PY) -c 'import json,sys; print(json.loads(sys.argv[1])["run_id"])' "$$conf"); \
	echo; $(PY) -m harness.pipeline.regression summary runs/$$run_id; src=$$?; \
	if [ $$rc -ne 0 ]; then echo "airflow dags test failed ($$rc)"; exit $$rc; fi; exit 0

test: bootstrap
	@$(PY) -m pytest $(PYTEST_ARGS)

clean-airflow:
	rm -rf $(AIRFLOW_HOME)
