# Marginalia: AI assistant in the LibreOffice sidebar.
#   make run      set up (LibreOffice from apt if missing), build, install, open Writer with Marginalia
#   make test     set up what is missing, then the whole suite, real-LibreOffice tests included
#   make oxt      build dist/marginalia.oxt
#   make install  install dist/marginalia.oxt into your LibreOffice
PYTHON ?= python3
# The Python the targets run: the project's .venv, which `make deps` makes when $(PYTHON) is a system
# Python that refuses pip (PEP 668: Debian 12 and 13), otherwise $(PYTHON) itself.
PY = $(shell $(PYTHON) scripts/install_deps.py --interpreter)

.PHONY: run test test-core test-office test-e2e test-resilience test-crash test-lo mutate eval check oxt install deps bench local-model clean

# RUN_ARGS="--exit-after 60" closes LibreOffice after a minute (for automated checks; see scripts/run.py --help).
RUN_ARGS ?=
run:
	$(PYTHON) scripts/run.py $(RUN_ARGS)

# Every folder runs in a random order (pytest-randomly), modules among themselves and tests within each module:
# SEED=N repeats an order; the seed is printed first. Every test has a time limit (pytest.ini).
ifndef SEED
SEED := $(shell $(PYTHON) -c "import random; print(random.randrange(1, 10**9))")
endif
RANDOM_ORDER = -p randomly --randomly-seed=$(SEED)

test: check
	@echo "random test order: SEED=$(SEED)"
	$(PY) -m pytest -q -m "not slow" $(RANDOM_ORDER) tests/core
	$(PY) -m pytest -q -m "not slow" $(RANDOM_ORDER) --ignore=tests/core tests

# The long and timing-bound parts: every-offset cut sweeps, a sampled sidebar sweep, 200-turn soaks,
# the office's latency under load (4-7 min).
test-resilience: deps
	$(PY) -m pytest -q -s -m slow tests

# Random assistant turns of every Writer and Calc tool, taken back every way a user can (scripts/crash_hunt.py):
# any crash of the office or undo that does not restore the document fails it. CI runs 50 cycles.
CYCLES ?= 500
test-crash: deps
	$(PY) scripts/crash_hunt.py --cycles $(CYCLES) --keep

# The office tests on a current LibreOffice (25.2 from Debian 13, 26.8 from trixie-backports) in a Debian 13
# root made with debootstrap (needs root; the first run builds it, ~/.cache/marginalia/lo-roots/).
# TESTS="tests/office/calc -x" runs those pytest arguments instead. See docs/libreoffice-versions.md.
LO ?= 25.2
TESTS ?=
test-lo:
	$(PYTHON) scripts/lo_root.py test --lo $(LO) --tests "$(TESTS)"

# Mutation testing (scripts/mutate.py) of the modules in scripts/mutation_targets.txt: one small bug at a time,
# the tests that run its line must fail. MODULES=core/text/match.py limits it; report in artifacts/mutation/.
mutate: deps
	$(PY) scripts/mutate.py $(foreach module,$(MODULES),--module $(module))

# The task suite against a model (scripts/eval.py): $MARGINALIA_URL/$MARGINALIA_MODEL, else the embedded model.
# EVAL=--plans runs the reference plans, EVAL=--scripted a scripted model answering with them.
eval: deps
	$(PY) scripts/eval.py $(if $(MARGINALIA_URL),,$(if $(EVAL),,--local)) $(EVAL)

test-core: deps
	$(PY) -m pytest -q tests/core

test-office: deps
	$(PY) -m pytest -q tests/office

# The real-model tests, requiring the embedded model (set up on first use, about 6 minutes).
test-e2e: deps
	MARGINALIA_E2E=1 $(PY) -m pytest -q tests/e2e

# Runtime code must stay valid on the oldest Python LibreOffice bundles (3.8), and every
# user-visible string must be translated in every catalog.
check: deps
	$(PY) scripts/check.py

oxt:
	$(PYTHON) scripts/build_oxt.py

install: oxt
	$(PYTHON) scripts/install_oxt.py dist/marginalia.oxt

# Everything the tests need on a fresh Debian/Ubuntu machine; installs only what is missing
# (well under a second when all is there), so every test target runs it first.
deps:
	$(PYTHON) scripts/install_deps.py

bench: deps
	$(PY) scripts/bench_stream.py
	$(PY) scripts/bench_text_calls.py
	$(PY) scripts/bench_connect.py
	$(PY) scripts/bench_calc.py
	$(PY) scripts/bench_ui.py
	$(PY) scripts/bench_writer.py --sizes 30,150

local-model:
	$(PYTHON) scripts/local_model.py setup

clean:
	rm -rf dist build .pytest_cache
