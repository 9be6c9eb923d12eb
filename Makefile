# Two commands do all set-up on a fresh machine with Python 3.11:
#   make lab    open the course in JupyterLab
#   make test   run the whole test suite (unit, property, doctest, notebooks)
#   make book   build the course website, English and Chinese (book/_build/html)
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: lab test browser bench clean book translations

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev,book]'
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
	@fc-list :lang=zh 2>/dev/null | grep -q . || { [ "$$(id -u)" = 0 ] && \
	    command -v apt-get >/dev/null 2>&1 && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-microhei >/dev/null; } || \
	    echo "No Chinese font: screenshots of the Chinese book will show boxes"

# The scripts and fonts the book serves itself (book/package.json, pinned by its lock file).
BOOK_ASSETS := book/node_modules/.installed
$(BOOK_ASSETS): book/package.json book/package-lock.json
	npm ci --prefix book --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

book: $(STAMP) $(BOOK_ASSETS)
	$(BIN)/python book/build.py

# After changing a chapter: extract its strings and merge them into book/locale (see book/README.md)
translations: $(STAMP)
	$(BIN)/python book/build.py --update-translations

# The environment's scripts (jupyter, nbgrader, alembic) come first on PATH.
test: export PATH := $(CURDIR)/$(BIN):$(PATH)
test: $(STAMP) $(BOOK_ASSETS) browser
	ruff check robocourse tests bench book
	python -m pytest -n 2 --dist loadfile -m "not browser" \
	    --nbval-lax --nbval-sanitize-with tests/nbval_sanitize.cfg --nbval-cell-timeout 120 \
	    robocourse tests chapters solutions
	# the browser test last and alone: JupyterLab and Chromium get the whole machine
	python -m pytest -m browser -rs tests/test_browser.py tests/test_book.py

bench: $(STAMP)
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV)
