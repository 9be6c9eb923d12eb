# Two commands do all set-up on a fresh machine with Python 3.11:
#   make lab    open the course in JupyterLab
#   make test   run the whole test suite (unit, property, doctest, notebooks)
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: lab test browser bench clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=$(CURDIR) --ServerApp.allow_root=True \
	    chapters/00_kinematics.ipynb

# Debian's Chromium for the browser tests (installed when we are root with apt-get);
# without it those tests are skipped and say why.
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && \
	    command -v apt-get >/dev/null 2>&1 && apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || \
	    echo "Chromium is not available: the browser tests will be skipped"

# The environment's scripts (jupyter, nbgrader, alembic) come first on PATH.
test: export PATH := $(CURDIR)/$(BIN):$(PATH)
test: $(STAMP) browser
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
