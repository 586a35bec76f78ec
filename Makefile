# Build / serve / test toolchain for the gin rummy site.
#   make play   set up, build site/ and serve it: http://localhost:8000/  (PORT=, PREFIX=/games/gin/),
#               brotli/gzip-encoded from the build's precompressed siblings (serve.py --compress static)
#   make test   set up, build, then: lint; pytest tests in CPython and inside Pyodide (Node) side by side;
#               then pytest e2e (Chromium) alone
#   make test-quick  a few seconds of CPU: the engine's rules and errors, the front door, the docs'
#               examples and links, the page's presenter and layout rules (QUICK_TESTS; CPython only)
#   make test-thorough  the tests/ suite in CPython with many more examples and games (GIN_THOROUGH=1; long)
#   make lint   ruff check + ruff format --check + mypy --strict (the LINT_* paths below)
#   make bench  time-to-ready of the page in Chromium (cold and warm; loopback and a throttled
#               network, compressed on the wire) and a Lighthouse run (pinned npm lighthouse,
#               installed into artifacts/lighthouse/); ARGS="--before-site DIR" compares a build
#   make bench-bots  bot strength runs into benchmarks/runs/ (hours; RUNS="hard-simple ..." for some,
#                    ARGS="--part 1/8" for an eighth of each)
# Everything a machine needs is installed by `make setup` (scripts/setup.sh, idempotent, root for apt).

PY      ?= .venv/bin/python
NODE    ?= node
PORT    ?= 8000
PREFIX  ?= /
# extra pytest args for the tests/ suite (CPython and Pyodide runs), e.g. make test PYTEST_ARGS="-x -k melds";
# a path narrows it (make test-pyodide PYTEST_ARGS=tests/test_melds.py): with none, both run tests/
PYTEST_ARGS ?=
# extra pytest args for the browser suite, e.g. E2E_ARGS="--headed" or "-k boot" (default: report the
# 20 slowest tests, what to look at when make test grows)
E2E_ARGS ?= --durations=20
# browser-suite workers (pytest-xdist): a core each; the tests marked `alone` (they time the page)
# run after them, one at a time. E2E_JOBS=0 runs everything in one process.
E2E_JOBS ?= 2

.NOTPARALLEL:
.PHONY: setup site play serve lint test test-quick test-units test-unit test-pyodide test-thorough test-e2e bench bench-bots icons clean

setup:
	bash scripts/setup.sh

site:
	$(PY) scripts/build_site.py --no-isolation

play: setup site serve

serve:
	$(PY) scripts/serve.py --port $(PORT) --prefix $(PREFIX) --compress static

test: setup site lint test-units test-e2e

# Paths checked by `make lint`. Rules, line length and allowances live in pyproject.toml.
#   LINT_PY     ruff check + ruff format --check: the engine, its tests, every scripts/*.py and the
#               browser suite (e2e/).
#   LINT_TYPED  mypy --strict.
#   LINT_WEB    the page's Python (web/ginweb, tests/test_web_*.py): ruff check + format; mypy
#               (strict, from pyproject.toml) on web/ginweb only: the tests/test_web_*.py are not
#               type-checked (the browser modules' JS objects are typed loosely: ginweb.kit.dom.Js).
#               Empty: skipped.
#   LINT_SCRIPTS mypy --strict on the scripts, finding the page's package and the browser tests'
#               helpers as the scripts do (MYPYPATH=web:e2e; gin_e2e followed, not checked:
#               pyproject.toml). About 2 s more on a cold cache, 0.2 s warm. Empty: skipped.
LINT_PY ?= gin_core $(filter-out tests/test_web_%,$(wildcard tests/*.py)) $(wildcard scripts/*.py) e2e
LINT_TYPED ?= gin_core
LINT_WEB ?= web/ginweb $(wildcard tests/test_web_*.py)
LINT_SCRIPTS ?= scripts

lint:
	@echo "== ruff check, ruff format --check, mypy --strict"
	$(PY) -m ruff check $(LINT_PY) $(LINT_WEB)
	$(PY) -m ruff format --check $(LINT_PY) $(LINT_WEB)
	$(PY) -m mypy --strict $(LINT_TYPED)
	$(if $(strip $(LINT_WEB)),$(PY) -m mypy $(filter-out tests/%,$(LINT_WEB)))
	$(if $(strip $(LINT_SCRIPTS)),MYPYPATH=web:e2e $(PY) -m mypy --strict $(LINT_SCRIPTS))

# A suite that collects no test (pytest exit 5) only passes while tests/ has no test files yet.
define tolerate_empty_tests
	rc=$$?; \
	if [ $$rc -eq 5 ] && ! find tests -name 'test_*.py' -o -name '*_test.py' 2>/dev/null | grep -q .; then \
	  echo "*** $(1): tests/ has no test files yet: nothing collected (not a failure) ***"; exit 0; \
	fi; exit $$rc
endef

test-unit:
	@echo "== pytest tests (CPython $$($(PY) -c 'import platform; print(platform.python_version())'))"
	@mkdir -p tests; $(PY) -m pytest $(PYTEST_ARGS); $(call tolerate_empty_tests,pytest tests)

test-pyodide:
	@echo "== pytest tests inside Pyodide (node scripts/pyodide_pytest.mjs)"
	@mkdir -p tests; $(NODE) scripts/pyodide_pytest.mjs $(PYTEST_ARGS); $(call tolerate_empty_tests,Pyodide pytest)

# The CPython and the Pyodide runs of tests/ side by side. The Pyodide run is split into
# PYODIDE_SHARDS processes (GIN_SHARD=K/N: every N-th test, tests/conftest.py), so both cores stay
# busy to the end: alone it took two thirds longer than the CPython run, which then left a core
# idle. A run narrowed by PYTEST_ARGS is not split. Each process writes its own log
# (artifacts/test-unit.log, artifacts/test-pyodide-K.log), shown whole once the run ends, so they
# never interleave; the target fails if any run failed. The browser suite (test-e2e) runs alone
# afterwards: its timing-sensitive tests need the CPU.
PYODIDE_SHARDS ?= 2
SHARDS = $(if $(strip $(PYTEST_ARGS)),1,$(PYODIDE_SHARDS))
test-units:
	@mkdir -p artifacts
	@echo "== tests/ in CPython and inside Pyodide ($(SHARDS) shards), side by side (logs: artifacts/test-unit.log, artifacts/test-pyodide-K.log)"
	@t0=$$(date +%s); \
	$(MAKE) --no-print-directory test-unit >artifacts/test-unit.log 2>&1 & unit=$$!; \
	pids=""; for k in $$(seq 1 $(SHARDS)); do \
	  GIN_SHARD=$$k/$(SHARDS) $(MAKE) --no-print-directory test-pyodide >artifacts/test-pyodide-$$k.log 2>&1 & pids="$$pids $$!"; \
	done; \
	wait $$unit; u=$$?; cat artifacts/test-unit.log; echo "== CPython run: exit code $$u, done at $$(( $$(date +%s) - t0 )) s"; \
	p=0; k=0; for pid in $$pids; do \
	  k=$$((k + 1)); wait $$pid; rc=$$?; [ $$rc -eq 0 ] || p=$$rc; cat artifacts/test-pyodide-$$k.log; \
	  echo "== Pyodide run, shard $$k/$(SHARDS): exit code $$rc, done at $$(( $$(date +%s) - t0 )) s"; \
	done; \
	if [ $$u -ne 0 ] || [ $$p -ne 0 ]; then echo "*** test-units FAILED (CPython exit $$u, Pyodide exit $$p) ***"; exit 1; fi

# what test-quick runs: fast files that a change to the rules, the front door, the docs or the
# page's presenter breaks first (docs/testing.md: its time)
QUICK_TESTS ?= $(patsubst %,tests/test_%.py,cards_melds rule_fields refusals hand_flow declare \
	scoring_texts undo front_door engine_imports packaging readme vocabulary web_present web_layout)

test-quick:
	@echo "== pytest, the quick selection (CPython)"
	$(PY) -m pytest -q $(QUICK_TESTS) $(PYTEST_ARGS)

test-thorough:
	@echo "== pytest tests, thorough (GIN_THOROUGH=1: hypothesis profile gin-thorough, 10x the seeded games)"
	GIN_THOROUGH=1 $(PY) -m pytest $(PYTEST_ARGS)

# Two passes: the suite on $(E2E_JOBS) workers, then the tests that time the page (marker `alone`,
# e2e/conftest.py) on a machine left to them. Either pass may select nothing under -k (exit 5).
test-e2e:
	@echo "== pytest e2e (Chromium): $(E2E_JOBS) workers, then the timed tests alone"
	@GIN_E2E_SKIP_BUILD=1 $(PY) -m pytest e2e -n $(E2E_JOBS) --dist worksteal -m "not alone" $(E2E_ARGS); rc=$$?; \
	if [ $$rc -ne 0 ] && [ $$rc -ne 5 ]; then exit $$rc; fi
	@GIN_E2E_SKIP_BUILD=1 $(PY) -m pytest e2e -m alone $(E2E_ARGS); rc=$$?; \
	if [ $$rc -ne 0 ] && [ $$rc -ne 5 ]; then exit $$rc; fi

LIGHTHOUSE_VERSION ?= 12.2.3
bench: setup site
	@test -x artifacts/lighthouse/node_modules/.bin/lighthouse || \
	  npm i -E --no-audit --no-fund --prefix artifacts/lighthouse lighthouse@$(LIGHTHOUSE_VERSION)
	CHROME_PATH=/usr/bin/chromium $(PY) scripts/bench_boot.py $(ARGS)

RUNS ?=
bench-bots: setup
	$(PY) scripts/bench_bots.py $(RUNS) $(ARGS)

# redraw the app icons (web/icons/, committed) after changing their design
icons:
	$(PY) scripts/make_icons.py

clean:
	rm -rf site site.tmp site-snapshot site-snapshot.tmp dist build artifacts .build-cache
