# Two commands do all set-up on a fresh machine with Python 3.11:
#   make lab    open the course in JupyterLab
#   make test   run the whole test suite (unit, property, doctest, notebooks)
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: lab test system bench clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=$(CURDIR) --ServerApp.allow_root=True \
	    chapters/00_kinematics.ipynb

# Debian packages the tests need: Chromium for the browser tests, bubblewrap for the
# sandbox that autograding runs student code in. Installed when we are root with
# apt-get; without them those tests are skipped and say why.
DEBIAN := chromium:chromium bwrap:bubblewrap
system:
	@missing=""; for pair in $(DEBIAN); do command -v $${pair%%:*} >/dev/null 2>&1 || \
	    missing="$$missing $${pair#*:}"; done; \
	[ -z "$$missing" ] || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    $$missing >/dev/null; } || \
	    echo "not available:$$missing — the tests that need them will be skipped"

# The environment's scripts (jupyter, nbgrader, alembic) come first on PATH.
test: export PATH := $(CURDIR)/$(BIN):$(PATH)
test: $(STAMP) system
	ruff check robocourse tests bench
	python -m pytest -n 2 --dist loadfile -m "not browser" \
	    --nbval-lax --nbval-sanitize-with tests/nbval_sanitize.cfg --nbval-cell-timeout 120 \
	    robocourse tests chapters solutions
	# the browser test last and alone: JupyterLab and Chromium get the whole machine
	python -m pytest -m browser -rs tests/test_browser.py

bench: $(STAMP)
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV)
