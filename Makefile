# Two commands do all set-up on a fresh machine with Python 3.11:
#   make lab    open the course in JupyterLab, as a student working alone (chapter 0 first),
#               in your own copy of the notebooks: WORK, ~/robocourse-notebooks by default;
#               in Chinese when LANG is Chinese (make lab LANG=zh_CN; LAB_LANGUAGE=en overrides)
#   make test   run the whole test suite (unit, property, doctest, notebooks)
#   make lab-instructor  the checkout in JupyterLab with nbgrader's instructor tools (npm)
#   make hub    try the course as a class on JupyterHub, on 127.0.0.1 (root; deploy/README.md)
#   make book   build the course website, English and Chinese (book/_build/html)
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# uv installs the pinned packages (pip bootstraps it): the same packages as pip, a third
# of the time; like pip, it compiles the bytecode (a sandbox cannot write __pycache__)
UV_INSTALL := $(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python
# After each install: remove the packages excluded.txt names (and says why)
PRUNE      := $(BIN)/uv pip uninstall --quiet --python $(BIN)/python -r excluded.txt
# `make lab`: the student's own copy of the notebooks, outside this checkout (deploy/lab.py)
WORK ?= $(HOME)/robocourse-notebooks
# ... and its language: a Chinese locale (zh_CN, zh_CN.UTF-8, ...) opens the Chinese chapters
# (chapters/zh_CN) with JupyterLab's interface in Chinese, anything else (C.UTF-8, en_US)
# English. Follows LANG (`make lab LANG=zh_CN`); LAB_LANGUAGE=en or =zh_CN overrides it.
LAB_LANGUAGE ?= $(LANG)
# A class on JupyterHub: its folder, with the environment every account shares (outside
# this checkout, which students must not read), and the port of `make hub`.
HUB_ROOT ?= /srv/robocourse
HUB_PORT ?= 8000
# pytest workers of the unit phase of `make test`
UNIT_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))

.PHONY: lab lab-instructor test prepare system hub-env hub bench mutation clean book translations \
	notebooks-zh exercises-zh viewer

# The library and the instructor's grader (grader/, its own distribution: a student's
# `pip install robocourse` leaves it out), both editable.
$(STAMP): pyproject.toml grader/pyproject.toml constraints.txt excluded.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -c constraints.txt uv
	$(UV_INSTALL) -c constraints.txt -e '.[dev,book]' -e grader
	$(PRUNE)
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/python deploy/lab.py student --work "$(WORK)" --language "$(LAB_LANGUAGE)"

lab-instructor: $(STAMP)
	$(BIN)/python deploy/lab.py instructor --language "$(LAB_LANGUAGE)"

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
	@fc-list :lang=zh 2>/dev/null | grep -q . || { [ "$$(id -u)" = 0 ] && \
	    command -v apt-get >/dev/null 2>&1 && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-microhei >/dev/null; } || \
	    echo "No Chinese font: the Chinese chapters' figures and the book's screenshots would show boxes"

# The scripts and fonts the book serves itself (book/package.json, pinned by its lock file).
BOOK_ASSETS := book/node_modules/.installed
$(BOOK_ASSETS): book/package.json book/package-lock.json
	npm ci --prefix book --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

book: $(STAMP) $(BOOK_ASSETS)
	$(BIN)/python book/build.py

# The 3-D arm viewer's browser code: three.js and esbuild from npm (viewer/package.json,
# pinned by its lock file), bundled into robocourse/widgets/static/arm_viewer.js, which is
# committed (make lab needs no npm). Run after changing viewer/src; the tests check that the
# committed bundle is what this builds.
VIEWER_ASSETS := viewer/node_modules/.installed
$(VIEWER_ASSETS): viewer/package.json viewer/package-lock.json
	npm ci --prefix viewer --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

viewer: $(VIEWER_ASSETS)
	node viewer/build.mjs

# After changing a chapter, an exercise or what the library and the grader say: extract the
# strings and merge them into book/locale (see book/README.md) and robocourse/locale, with the
# prose of the chapters' code cells (book/locale/zh_CN/LC_MESSAGES/code)
translations: $(STAMP)
	$(BIN)/python book/build.py --update-translations
	$(BIN)/python tools/translate_exercises.py --update-catalogues
	$(BIN)/python tools/translate_notebooks.py --update-catalogues

# After translating (the catalogues complete): the Chinese chapter notebooks, chapters/zh_CN,
# written from the English ones and the catalogues, then executed (about two minutes; committed,
# the tests check they are current and nbval runs them)
notebooks-zh: $(STAMP)
	$(BIN)/python tools/translate_notebooks.py

# After translating an exercise catalogue (book/locale/zh_CN/LC_MESSAGES/exercises) or changing
# an English exercise: the Chinese assignments, solutions/<assignment>_zh_CN, written, executed
# and released to exercises/ (committed; the tests check they are current)
exercises-zh: $(STAMP)
	$(BIN)/python tools/translate_exercises.py

# The class's environment (pip extra `hub`), JupyterHub's proxy and MathJax (npm, deploy/node_modules),
# when we are root with npm and useradd; otherwise the hub test is skipped and says why.
hub-env: $(STAMP)
	@if [ "$$(id -u)" = 0 ] && command -v npm >/dev/null && command -v useradd >/dev/null; \
	then $(BIN)/python deploy/classroom.py env --env $(HUB_ROOT)/env; \
	else echo "not root, or no npm or useradd: the hub test will be skipped"; fi

hub: hub-env
	$(BIN)/python deploy/classroom.py setup --root $(HUB_ROOT) --env $(HUB_ROOT)/env \
	    --instructor rc-instructor --students deploy/example-class.csv --passwords
	$(BIN)/python deploy/classroom.py start --root $(HUB_ROOT) --port $(HUB_PORT)

# Everything the tests need installed. `make test` makes these side by side (each mostly
# waits on downloads and the disk): the environment, the book's and the viewer's npm
# packages, Debian's packages.
prepare: $(STAMP) $(BOOK_ASSETS) $(VIEWER_ASSETS) system hub-env

# The environment's scripts (jupyter, nbgrader, alembic) come first on PATH.
test: export PATH := $(CURDIR)/$(BIN):$(PATH)
# Bytecode is cached even where the environment says not to (PYTHONDONTWRITEBYTECODE=1):
# otherwise every worker, kernel and grading process compiles the library and the tests
# again (each pytest worker spends 4 s rewriting the tests' assertions alone).
test: export PYTHONDONTWRITEBYTECODE :=
# the book's tests build the site once, in the first phase, for the later ones
test: export ROBOCOURSE_TEST_SITE := $(CURDIR)/test-artifacts/site
test:
	$(MAKE) --no-print-directory -j 4 prepare
	ruff check robocourse grader tests bench deploy book tools
	# the import contracts of pyproject.toml: layers, no cycle, no display in the maths
	# (and tests/test_layers.py: no private name across modules)
	lint-imports --no-cache
	rm -rf test-artifacts/site
	# a worker more than there are cores: each waits for part of its time (kernels and
	# sandboxes starting, subprocesses, time limits), and the extra one keeps the cores busy
	python -m pytest -n $(UNIT_WORKERS) --dist loadfile --no-loadscope-reorder \
	    -m "not browser and not hub" --durations=15 \
	    --nbval-lax --nbval-sanitize-with tests/nbval_sanitize.cfg --nbval-cell-timeout 120 \
	    robocourse grader tests chapters solutions
	# the timed slider alone: JupyterLab and Chromium get the whole machine
	python -m pytest -m browser -rs tests/test_browser.py -k redraws
	# then, side by side (each mostly waits: on servers, kernels, pages): a class on JupyterHub
	# with real accounts (its report follows the others'), the other JupyterLab tests and
	# the book's, a browser each
	mkdir -p test-artifacts
	ROBOCOURSE_HUB_ENV=$(HUB_ROOT)/env python -m pytest -m hub -rs tests/test_hub.py \
	    > test-artifacts/hub.log 2>&1 & hub=$$!; \
	python -m pytest -m browser -rs -n 2 --dist load tests/test_browser.py tests/test_book.py \
	    -k "not redraws"; browser=$$?; \
	wait $$hub; hub=$$?; cat test-artifacts/hub.log; [ $$browser = 0 ] && [ $$hub = 0 ]

# The peers (pip extra `bench`: pinocchio, roboticstoolbox-python) are installed first;
# if they cannot be, the benchmark runs without them and says so.
BENCH_STAMP := $(VENV)/.bench-installed
$(BENCH_STAMP): $(STAMP)
	$(UV_INSTALL) -c constraints.txt -e '.[bench]' && \
	    $(PRUNE) && touch $(BENCH_STAMP) \
	    || echo "the peers (pip extra bench) did not install: the benchmark runs without them"

bench: $(BENCH_STAMP)
	cd bench && ../$(BIN)/python bench.py

# Mutation testing (pip extra `mutation`: mutmut), not part of `make test`: each module of
# MUTATE mutated in a copy of the working tree, every mutant run against the tests of its
# module; prints killed / survived per module and the score. CPU-heavy (minutes to an hour
# a module, at low priority): name the modules, e.g. `make mutation MUTATE="frames statics"`.
MUTATE ?= frames statics inertia trajectories
MUTATION_STAMP := $(VENV)/.mutation-installed
$(MUTATION_STAMP): $(STAMP)
	$(UV_INSTALL) -c constraints.txt -e '.[mutation]' && $(PRUNE) && touch $(MUTATION_STAMP)

mutation: $(MUTATION_STAMP)
	$(BIN)/python tools/mutation.py $(MUTATE)

clean:
	rm -rf $(VENV)
