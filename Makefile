# katas: debugging-interview practice. `make help` lists the targets.
.DEFAULT_GOAL := help
.PHONY: help list check hint watch interview debrief reset grade test test-all test-versions lint new-kata

# What you give make comes from its command line only: a variable of the same name in
# your shell's environment (a TIMEOUT, a DIR, a PYTHON, ...) is another program's.
ARGUMENTS := KATA DIR ONLY MINUTES SUBMISSIONS FORMAT MODE TIMEOUT CHECK_TIMEOUT MEMORY JOBS
$(foreach name,$(ARGUMENTS) VENV BOOTSTRAP_PYTHON PYTHON,\
	$(if $(findstring environment,$(origin $(name))),$(eval undefine $(name))))

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
# What you give a command reaches the harness word for word, through the environment
# (the recipes say "$$KATA", not "$(KATA)"): a value holding a quote, a $ or a
# backquote is neither split, cut short, nor run by the shell.
$(foreach name,$(ARGUMENTS),$(eval override $(name) := $$(value $(name))))
export $(ARGUMENTS)

# The environment make creates and uses; another, for another Python:
# make list VENV=.venv-3.13 BOOTSTRAP_PYTHON=python3.13
VENV ?= .venv
# Python that creates $(VENV) (3.10 or newer).
BOOTSTRAP_PYTHON ?= python3
# Give your own interpreter (with pytest, pytest-timeout and ruff) to skip $(VENV).
PYTHON ?= $(VENV)/bin/python
# `python -m tests.harness` finds the harness in this folder, which PYTHONSAFEPATH
# (Python 3.11 and later) keeps off the module path; PYTHONINSPECT would leave it at a
# prompt once it ends, and PYTHONEXECUTABLE would start its grading processes with
# another program.
unexport PYTHONSAFEPATH PYTHONINSPECT PYTHONEXECUTABLE

SETUP :=
DEV_SETUP :=
ifeq ($(PYTHON),$(VENV)/bin/python)
SETUP := $(VENV)/.installed
# make test and make lint add the maintainers' tools on their first run.
DEV_SETUP := $(VENV)/.installed-dev
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
	@echo "make test-versions [KATA=<kata>]  each starter and reference graded on every other CPython found"
	@echo "make new-kata KATA=<name>  the skeleton of a new kata, to grow (docs/authoring.md)"
	@echo "make lint         ruff check, ruff format --check on solutions/ and tests/, the workflows"
	@echo "Set PYTHON=<interpreter> to use your own environment instead of .venv,"
	@echo "or VENV=<folder> BOOTSTRAP_PYTHON=<python> for one made from another Python."

list: $(SETUP)
	@$(PYTHON) -m tests.harness list

check: $(SETUP)
	@$(PYTHON) -m tests.harness check --format="$$FORMAT" --mode="$$MODE" $(GRADING) \
		$(if $(ONLY),--only="$$ONLY") -- "$$KATA"

# Options shared by every command that grades.
GRADING = --timeout="$$TIMEOUT" --check-timeout="$$CHECK_TIMEOUT" --memory="$$MEMORY" \
	$(if $(DIR),--dir="$$DIR")

hint: $(SETUP)
	@$(PYTHON) -m tests.harness hint $(GRADING) -- "$$KATA"

watch: $(SETUP)
	@$(PYTHON) -m tests.harness watch --mode="$$MODE" $(GRADING) -- "$$KATA"

interview: $(SETUP)
	@$(PYTHON) -m tests.harness interview --mode="$$MODE" $(GRADING) \
		$(if $(MINUTES),--minutes="$$MINUTES") -- "$$KATA"

debrief: $(SETUP)
	@$(PYTHON) -m tests.harness debrief --format="$$FORMAT" $(GRADING) -- "$$KATA"

grade: $(SETUP)
	@$(PYTHON) -m tests.harness grade --jobs="$$JOBS" --timeout="$$TIMEOUT" \
		--check-timeout="$$CHECK_TIMEOUT" --memory="$$MEMORY" -- "$$KATA" "$$SUBMISSIONS"

reset: $(SETUP)
	@$(PYTHON) -m tests.harness reset -- "$$KATA"

# The quick tier, for a contributor's loop; test-all adds every design, wrong version
# and mutant (the self-tests marked `thorough`), as CI runs it. test-versions grades
# on every other CPython found (marked `versions`): CI runs it after test-all, alone,
# so that its gradings do not crowd the timing of the others.
SELFTEST = $(PYTHON) -m pytest -n "$$JOBS" --dist worksteal $(if $(KATA),--kata "$$KATA")

test: $(DEV_SETUP)
	@$(SELFTEST) -m "not thorough and not versions"

test-all: $(DEV_SETUP)
	@$(SELFTEST) -m "not versions"

test-versions: $(DEV_SETUP)
	@$(SELFTEST) -m versions

new-kata: $(SETUP)
	@$(PYTHON) -m tests.harness new-kata -- "$$KATA"

lint: $(DEV_SETUP)
	@$(PYTHON) -m ruff check .
	@$(PYTHON) -m ruff format --check solutions tests
	@if $(PYTHON) -c 'import check_jsonschema' 2>/dev/null; then \
		$(PYTHON) -m check_jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml; \
	else \
		echo "skipped: the workflows' schema check (check-jsonschema is not installed: it needs Python 3.11 or newer)" >&2; \
	fi

# Setup talks on stderr only, so `make -s check FORMAT=json` prints pure JSON.
# A BOOTSTRAP_PYTHON that does not run (a pyenv shim of a version not selected, a
# name not on PATH) has said why on stderr: its words, not a guess, come first.
$(VENV)/.installed: pyproject.toml
	@echo "Setting up $(VENV) (first run only)..." >&2
	@version=$$($(BOOTSTRAP_PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2]); sys.exit(3 if sys.version_info < (3, 10) else 0)'); \
	case $$? in \
	0) ;; \
	3) echo "error: $(BOOTSTRAP_PYTHON) is Python $$version, older than 3.10; run with BOOTSTRAP_PYTHON=python3.X" >&2; exit 2 ;; \
	*) echo "error: $(BOOTSTRAP_PYTHON) did not run (its own message is above); run with BOOTSTRAP_PYTHON=<a Python 3.10 or newer that runs>" >&2; exit 2 ;; \
	esac
	@$(BOOTSTRAP_PYTHON) -m venv $(VENV) >&2
	@{ $(VENV)/bin/python -m pip install --upgrade "pip>=25.1" \
		&& $(VENV)/bin/python -m pip install --group learn; } > $(VENV)/setup.log 2>&1 \
		|| { cat $(VENV)/setup.log >&2; echo "error: installing the dependencies failed (log above)" >&2; exit 2; }
	@touch $@
	@echo "Setup done." >&2

$(VENV)/.installed-dev: $(VENV)/.installed
	@echo "Adding the self-tests' and the lint's tools to $(VENV) (first run only)..." >&2
	@$(VENV)/bin/python -m pip install --group dev > $(VENV)/setup-dev.log 2>&1 \
		|| { cat $(VENV)/setup-dev.log >&2; echo "error: installing the dependencies failed (log above)" >&2; exit 2; }
	@touch $@
