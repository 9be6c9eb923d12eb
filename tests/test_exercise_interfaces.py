"""Each exercise module declares its interface: its ``__all__`` is exactly what the hidden
tests (``solutions/<assignment>/grader.py``) import from it and what the notebooks' cells
use of it (``checks.<name>``, solution cells included), and every name it lists exists."""

import ast
import importlib
import pathlib

import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = "robocourse.exercises"
MODULES = sorted(p.stem for p in (ROOT / "robocourse" / "exercises").glob("ch*.py"))


def _uses(source):
    """``{module: {name}}``: the names ``source`` takes from exercise modules, imported
    (``from robocourse.exercises.<m> import name``) or through a module alias
    (``from robocourse.exercises import <m> as checks`` … ``checks.name``)."""
    tree = ast.parse(source)
    used, aliases = {}, {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == PACKAGE:
            aliases.update({a.asname or a.name: a.name for a in node.names})
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE + "."):
            used.setdefault(node.module.rpartition(".")[2], set()).update(
                a.name for a in node.names)
        elif isinstance(node, ast.Import):
            aliases.update({a.asname: a.name.rpartition(".")[2] for a in node.names
                            if a.asname and a.name.startswith(PACKAGE + ".")})
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in aliases:
            used.setdefault(aliases[node.value.id], set()).add(node.attr)
    return used


def _code(notebook):
    """A notebook's code cells as one program (IPython's magics and shell lines left out)."""
    cells = nbformat.read(notebook, as_version=4).cells
    lines = "\n".join(c.source for c in cells if c.cell_type == "code").splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith(("%", "!")))


def _used_by_graders_and_notebooks():
    used = {}
    sources = [path.read_text() for path in sorted(ROOT.glob("solutions/*/grader.py"))]
    sources += [_code(path) for folder in ("solutions", "exercises")
                for path in sorted(ROOT.glob(f"{folder}/*/*.ipynb"))]
    for source in sources:
        for module, names in _uses(source).items():
            used.setdefault(module, set()).update(names)
    return used


USED = _used_by_graders_and_notebooks()


def test_the_scan_finds_every_exercise_module_and_its_exercises():
    assert sorted(USED) == MODULES
    assert all("exercises" in USED[m] and "exercise_1" in USED[m] for m in MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_all_is_what_the_graders_and_the_notebooks_use(name):
    module = importlib.import_module(f"{PACKAGE}.{name}")
    declared = set(getattr(module, "__all__", ()))
    assert len(declared) == len(module.__all__), f"{name}.__all__ lists a name twice"
    missing = sorted(USED[name] - declared)
    assert not missing, (f"{name}: grader.py or a notebook uses {missing}, which "
                         f"{name}.__all__ does not declare: add them")
    unused = sorted(declared - USED[name])
    assert not unused, (f"{name}.__all__ declares {unused}, which no grader.py or notebook "
                        "uses: remove them")
    absent = sorted(n for n in declared if not hasattr(module, n))
    assert not absent, f"{name}.__all__ declares {absent}, which the module does not define"
    private = sorted(n for n in declared if n.startswith("_"))
    assert not private, f"{name}.__all__ declares private names {private}: make them public"


def test_the_scan_reads_imports_and_aliases():
    source = ("from robocourse.exercises.ch1_statics import exercises, theta1\n"
              "from robocourse.exercises import ch2_inertia as checks\n"
              "import robocourse.exercises.ch3_newton_euler as three\n"
              "checks.exercise_1(x); three.payload_numbers(s)\n")
    assert _uses(source) == {"ch1_statics": {"exercises", "theta1"},
                             "ch2_inertia": {"exercise_1"},
                             "ch3_newton_euler": {"payload_numbers"}}
