# Every target brings .venv up to date first, so a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: demo test test-fast bench lint install clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "commitcast needs Python 3.11 or newer")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,ray]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/commitcast demo

test: $(STAMP)
	$(PY) -m pytest -n 2 --dist loadgroup

# The inner loop: everything but the slow tests (real voice, browser, Ray, PostgreSQL, corpus replays, show runs).
test-fast: $(STAMP)
	$(PY) -m pytest -n 2 --dist loadgroup -m "not slow"

bench: $(STAMP)
	$(PY) bench/run.py

# mypy checks src strictly ([tool.mypy] in pyproject.toml), then tests/ and bench/ at its default
# level (tests/mypy.ini): one run per folder, as each folder's files import the helpers beside them
# by bare name (a conftest.py, runner_helpers, plan, …); tests/runner is on the path of every run
# for the store tests' runner_helpers, and src for commitcast itself.
lint: $(STAMP)
	$(PY) -m ruff check src tests bench
	$(PY) -m mypy
	$(VENV)/bin/lint-imports
	@failed=0; for dir in tests $(filter-out tests/__pycache__/,$(wildcard tests/*/)) bench; do \
	    dir=$${dir%/}; files=$$dir; [ $$dir = tests ] && files="$$(echo tests/*.py)"; \
	    echo "mypy --config-file tests/mypy.ini $$dir"; \
	    MYPYPATH=$$dir:tests:tests/runner:src $(PY) -m mypy --config-file tests/mypy.ini $$files || failed=1; \
	done; exit $$failed

clean:
	rm -rf $(VENV) demo-site .commitcast .pytest_cache .mypy_cache
