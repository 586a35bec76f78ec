# Build / serve / test toolchain for the gin rummy site.
#   make play   set up, build site/ and serve it: http://localhost:8000/  (PORT=, PREFIX=/games/gin/)
#   make test   set up, build, then: lint + pytest tests (CPython) + tests inside Pyodide (Node) + pytest e2e (Chromium)
#   make lint   ruff check + ruff format --check + mypy --strict (the LINT_* paths below)
#   make bench  time-to-ready of the page in Chromium (cold and warm)
#   make bench-bots  bot strength runs into benchmarks/runs/ (hours; RUNS="hard-simple ..." for some,
#                    ARGS="--part 1/8" for an eighth of each)
# Everything a machine needs is installed by `make setup` (scripts/setup.sh, idempotent, root for apt).

PY      ?= .venv/bin/python
NODE    ?= node
PORT    ?= 8000
PREFIX  ?= /
# extra pytest args for the tests/ suite (CPython and Pyodide runs), e.g. make test PYTEST_ARGS="-x -k melds"
PYTEST_ARGS ?=
# extra pytest args for the browser suite, e.g. E2E_ARGS="--headed" or "-k boot"
E2E_ARGS ?=

.NOTPARALLEL:
.PHONY: setup site play serve lint test test-unit test-pyodide test-e2e bench bench-bots icons clean

setup:
	bash scripts/setup.sh

site:
	$(PY) scripts/build_site.py --no-isolation

play: setup site serve

serve:
	$(PY) scripts/serve.py --port $(PORT) --prefix $(PREFIX)

test: setup site lint test-unit test-pyodide test-e2e

# Paths checked by `make lint` (ruff check, ruff format --check) and typed by mypy --strict.
# Today: every module and test that passes. Not yet: gin_core/bots/*, actions.py, hand.py,
# layoff.py, presets.py, scoring.py, events.py and the other tests (being edited on other
# branches); widen both to `gin_core tests` (and web/ginweb) once they are brought in line.
LINT_PY ?= gin_core/__init__.py gin_core/arena.py gin_core/arrange.py gin_core/bench.py \
           gin_core/cards.py gin_core/checks.py gin_core/dealcode.py gin_core/errors.py \
           gin_core/match.py gin_core/melds.py gin_core/results.py gin_core/rules.py \
           gin_core/save.py gin_core/view.py \
           tests/conftest.py tests/test_api_misuse.py tests/test_match.py tests/test_packaging.py \
           tests/test_rule_fields.py tests/test_save.py tests/test_save_fuzz.py tests/test_undo.py
LINT_TYPED ?= $(filter gin_core/%,$(LINT_PY))

lint:
	@echo "== ruff check, ruff format --check, mypy --strict"
	$(PY) -m ruff check $(LINT_PY)
	$(PY) -m ruff format --check $(LINT_PY)
	$(PY) -m mypy --strict --follow-imports=silent $(LINT_TYPED)

# A suite that collects no test (pytest exit 5) only passes while tests/ has no test files yet.
define tolerate_empty_tests
	rc=$$?; \
	if [ $$rc -eq 5 ] && ! find tests -name 'test_*.py' -o -name '*_test.py' 2>/dev/null | grep -q .; then \
	  echo "*** $(1): tests/ has no test files yet: nothing collected (not a failure) ***"; exit 0; \
	fi; exit $$rc
endef

test-unit:
	@echo "== pytest tests (CPython $$($(PY) -c 'import platform; print(platform.python_version())'))"
	@mkdir -p tests; $(PY) -m pytest tests $(PYTEST_ARGS); $(call tolerate_empty_tests,pytest tests)

test-pyodide:
	@echo "== pytest tests inside Pyodide (node scripts/pyodide_pytest.mjs)"
	@mkdir -p tests; $(NODE) scripts/pyodide_pytest.mjs tests $(PYTEST_ARGS); $(call tolerate_empty_tests,Pyodide pytest)

test-e2e:
	@echo "== pytest e2e (Chromium)"
	GIN_E2E_SKIP_BUILD=1 $(PY) -m pytest e2e $(E2E_ARGS)

bench: setup site
	$(PY) scripts/bench_boot.py

RUNS ?=
bench-bots: setup
	$(PY) scripts/bench_bots.py $(RUNS) $(ARGS)

# redraw the app icons (web/icons/, committed) after changing their design
icons:
	$(PY) scripts/make_icons.py

clean:
	rm -rf site site.tmp dist build artifacts
