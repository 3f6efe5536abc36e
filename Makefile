# katas: debugging-interview practice. `make help` lists the targets.
.DEFAULT_GOAL := help
.PHONY: help list check hint watch interview debrief reset grade test test-all lint new-kata

KATA ?=
DIR ?=
ONLY ?=
MINUTES ?=
SUBMISSIONS ?=
FORMAT ?= human
# practice (the full report) or round (what a real round gives); empty: the command's
# default (practice; an interview on a debugging round: round).
MODE ?=
# Seconds a scenario test may take; a slow test (timing, long runs) gets 5 times it.
TIMEOUT ?= 0.4
CHECK_TIMEOUT ?= 60
# MiB of memory the code under test may use (not enforced on macOS).
MEMORY ?= 2048
# Processes at once for `make grade` (one per core by default) and `make test`
# (pytest-xdist: one more than the cores, tests/selftest/kata_option.py says why).
JOBS ?= auto

VENV := .venv
# Python that creates .venv (3.10 or newer).
BOOTSTRAP_PYTHON ?= python3
# Give your own interpreter (with pytest, pytest-timeout and ruff) to skip .venv.
PYTHON ?= $(VENV)/bin/python

ifeq ($(PYTHON),$(VENV)/bin/python)
SETUP := $(VENV)/.installed
endif

help:
	@echo "make check KATA=<kata>  grade your code in katas/<kata>; exit 0 only when solved"
	@echo "                  [DIR=<folder>] [FORMAT=json] [TIMEOUT=0.4] [CHECK_TIMEOUT=60] [ONLY=<test>,...]"
	@echo "                  [MODE=round]: what a real round gives (the team's tests, a count), no more"
	@echo "make hint KATA=<kata>   the next hint about the first failing behaviour (never code)"
	@echo "make watch KATA=<kata> [DIR=<folder>] [MODE=round]  grade again on every save; h hint, q quit"
	@echo "make interview KATA=<kata> [MINUTES=45] [MODE=practice|round]  against the clock, then the debrief"
	@echo "make debrief KATA=<kata> [FORMAT=json]  once solved: the bugs, your fix, your tests"
	@echo "make reset KATA=<kata>|all  back to the starter; your files go to .katas/backups/ first"
	@echo "make list         the katas in learning order, where you stand, and what is next"
	@echo ""
	@echo "For teachers (docs/teachers.md) and maintainers (docs/authoring.md):"
	@echo "make grade KATA=<kata> SUBMISSIONS=<folder> [JOBS=auto]  grade a class: grades.csv, grades.json"
	@echo "make test [KATA=<kata>] [JOBS=auto]  the quick self-tests (of one kata), JOBS processes at once"
	@echo "make test-all [KATA=<kata>] [JOBS=auto]  every self-test: each design, wrong version and mutant"
	@echo "make new-kata KATA=<name>  the skeleton of a new kata, to grow (docs/authoring.md)"
	@echo "make lint         ruff check, ruff format --check on solutions/ and tests/, the workflows"
	@echo "Set PYTHON=<interpreter> to use your own environment instead of .venv."

list: $(SETUP)
	@$(PYTHON) -m tests.harness list

check: $(SETUP)
	@$(PYTHON) -m tests.harness check "$(KATA)" --format "$(FORMAT)" --mode "$(MODE)" $(GRADING) \
		$(if $(ONLY),--only "$(ONLY)")

# Options shared by every command that grades.
GRADING = --timeout "$(TIMEOUT)" --check-timeout "$(CHECK_TIMEOUT)" --memory "$(MEMORY)" \
	$(if $(DIR),--dir "$(DIR)")

hint: $(SETUP)
	@$(PYTHON) -m tests.harness hint "$(KATA)" $(GRADING)

watch: $(SETUP)
	@$(PYTHON) -m tests.harness watch "$(KATA)" --mode "$(MODE)" $(GRADING)

interview: $(SETUP)
	@$(PYTHON) -m tests.harness interview "$(KATA)" --mode "$(MODE)" $(GRADING) \
		$(if $(MINUTES),--minutes "$(MINUTES)")

debrief: $(SETUP)
	@$(PYTHON) -m tests.harness debrief "$(KATA)" --format "$(FORMAT)" $(GRADING)

grade: $(SETUP)
	@$(PYTHON) -m tests.harness grade "$(KATA)" "$(SUBMISSIONS)" --jobs "$(JOBS)" \
		--timeout "$(TIMEOUT)" --check-timeout "$(CHECK_TIMEOUT)" --memory "$(MEMORY)"

reset: $(SETUP)
	@$(PYTHON) -m tests.harness reset "$(KATA)"

# The quick tier, for a contributor's loop; test-all adds every design, wrong version
# and mutant (the self-tests marked `thorough`), as CI runs it.
SELFTEST = $(PYTHON) -m pytest -n $(JOBS) --dist worksteal $(if $(KATA),--kata "$(KATA)")

test: $(SETUP)
	@$(SELFTEST) -m "not thorough"

test-all: $(SETUP)
	@$(SELFTEST)

new-kata: $(SETUP)
	@$(PYTHON) -m tests.harness new-kata "$(KATA)"

lint: $(SETUP)
	@$(PYTHON) -m ruff check .
	@$(PYTHON) -m ruff format --check solutions tests
	@$(PYTHON) -m check_jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml

# Setup talks on stderr only, so `make -s check FORMAT=json` prints pure JSON.
$(VENV)/.installed: pyproject.toml
	@echo "Setting up $(VENV) (first run only)..." >&2
	@$(BOOTSTRAP_PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
		|| { echo "error: $(BOOTSTRAP_PYTHON) is older than 3.10; run with BOOTSTRAP_PYTHON=python3.X" >&2; exit 2; }
	@$(BOOTSTRAP_PYTHON) -m venv $(VENV) >&2
	@{ $(VENV)/bin/python -m pip install --upgrade "pip>=25.1" \
		&& $(VENV)/bin/python -m pip install --group dev; } > $(VENV)/setup.log 2>&1 \
		|| { cat $(VENV)/setup.log >&2; echo "error: installing the dependencies failed (log above)" >&2; exit 2; }
	@touch $@
	@echo "Setup done." >&2
