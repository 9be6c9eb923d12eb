"""The mutation tool (``make mutation``, tools/mutation.py): its arithmetic and its list of
equivalent mutants, which the score leaves out (each entry must be one a survivor can
match: a mutant's function name and a line as mutmut writes it)."""

import doctest
import importlib.util
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "mutation.py"


@pytest.fixture(scope="module")
def mutation():
    spec = importlib.util.spec_from_file_location("mutation_tool", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_score_and_the_interval_are_as_documented(mutation):
    """The doctests of the tool's own arithmetic (``_declared_after`` needs mutmut's libcst,
    installed by ``make mutation`` only)."""
    finder = doctest.DocTestFinder()
    tests = [test for name in ("_interval", "equivalent", "_enclosing")
             for test in finder.find(getattr(mutation, name), name, globs=vars(mutation))]
    runner = doctest.DocTestRunner()
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False) == (0, sum(len(t.examples) for t in tests))
    assert sum(len(t.examples) for t in tests) >= 4


def test_each_equivalent_mutant_names_a_function_a_line_and_a_reason(mutation):
    seen = set()
    for function, line, why in mutation.EQUIVALENT:
        module = function.removeprefix("robocourse.").rsplit(".", 1)[0]
        assert (TOOL.parent.parent / mutation._source(module)).is_file(), function
        assert function.rsplit(".", 1)[1].startswith(("x_", "xǁ")), function
        assert line == line.strip() and line and len(why) > 20, (function, line, why)
        assert (function, line) not in seen, (function, line)
        seen.add((function, line))
        assert mutation.equivalent(f"{function}__mutmut_7", line) == why
        assert mutation.equivalent(f"{function}__mutmut_7", line + " ") is None
