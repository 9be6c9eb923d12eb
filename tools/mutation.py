"""Mutation testing of the library (``make mutation``): how many deliberately broken copies
of a module the tests that cover it catch.

For each module named, a copy of the repository (the working tree, or ``--commit``) is made
in a temporary folder; mutmut (pip extra ``mutation``) mutates that module alone and runs,
for each mutant, the tests of the module that reach the mutated function: its own test
files (``tests/test_<module>*.py``, ``tests/test_bad_input_<module>*.py`` and those named
in ``TESTS``; all the bad-input tests for the input gate, ``_checks``) and the module's
doctests. A mutant is *killed* when a test fails (or it times out, or the library no longer
imports), *survives* when every test passes; a survivor listed in ``EQUIVALENT`` (a mutant
that behaves as the original for every input, each with its reason) is counted apart. The
score is killed / (killed + survived), the table's "raw" counts the equivalent ones as
survived; mutants no test reaches are counted apart. Mutation runs are CPU-heavy: one module at a
time, at low priority.

A module of a subpackage is named with dots (``grading.handover``; its own test files are
``tests/test_handover*.py``). ``--only`` runs the mutants of some functions alone (mutmut's
mutant names, globs allowed: the name of a method is ``x<Class>_<method>__mutmut_<n>``,
of a function ``x_<function>__mutmut_<n>``); the others are counted as not checked.
``--sample K`` runs K mutants of each module drawn at random (``--seed``) from all of its
mutants: the score of a sample estimates the module's (mutant sampling, Wong & Mathur 1995),
and the table gives its 95 % interval (Wilson), for modules whose every mutant would take
hours (the answer checker: about 1,700).

    python tools/mutation.py frames statics            # the working tree
    python tools/mutation.py --commit main frames      # the same modules at another commit
    python tools/mutation.py equivalence --only 'robocourse.equivalence.x_numeric*'
"""

import argparse
import ast
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Imported once by the process the mutants fork from: what takes long to import and keeps
#: no state of the library.
PRELOAD = ["numpy", "scipy.integrate", "scipy.linalg", "scipy.optimize", "sympy", "pytest",
           "hypothesis", "matplotlib.pyplot"]
#: Added to the copy's tests/conftest.py. mutmut runs the tests once to learn which of them
#: reach each function ("stats"), then runs a mutant against those only; a cached function
#: (the integral of a kind of body, a compiled model) is reached by the first test that
#: calls it, so in that run every test starts with the library's caches empty. Every call
#: of a mutated function goes through two frames of mutmut's: a recursion the library
#: allows (the hand-over's schema, 150 levels of nodes) needs a higher recursion limit.
FRESH_CACHES = '''

import os as _os
import sys as _sys

import pytest as _pytest

_sys.setrecursionlimit(max(_sys.getrecursionlimit(), 10_000))


@_pytest.fixture(autouse=True)
def _fresh_caches_for_mutmut_stats():
    if _os.environ.get("MUTANT_UNDER_TEST") == "stats":
        for _name, _module in list(_sys.modules.items()):
            if _name.startswith("robocourse"):
                for _value in list(vars(_module).values()):
                    if callable(getattr(_value, "cache_clear", None)):
                        _value.cache_clear()
    yield
'''
#: Put at the top of the copy's tests/conftest.py, before the library is imported. A call of
#: a mutated function passes through two frames of mutmut's (its trampoline, in
#: site-packages), and the library tells its user's code from its own by the file of each
#: frame (``_checks._outside``: a DegreesWarning points at the user's line; the gate checks
#: only the user's own calls): a trampoline's frame would be taken for the user's. Its code
#: is given a file inside the copied package, so that its frames count as the library's,
#: as the function they stand in for; the frames themselves are left as they are. And the
#: gate reads a function's defaults from its signature, once, when it wraps it (it passes
#: every argument): the trampoline shows the signature of the original function, so a
#: mutant that changes a default (``frame="base"`` to ``"XXbaseXX"``) would never be used
#: and could not be killed. With a mutant of a function under test, the trampoline shows the
#: mutant's signature, as the mutated ``def`` would in the library.
TRAMPOLINE_INSIDE = '''import inspect as _inspect
import os as _os
import types as _types

from mutmut.mutation import trampoline as _trampoline


def _inside_the_package(code, filename):
    return code.replace(co_filename=filename, co_consts=tuple(
        _inside_the_package(c, filename) if isinstance(c, _types.CodeType) else c
        for c in code.co_consts))


_trampoline.wrap_in_trampoline.__code__ = _inside_the_package(
    _trampoline.wrap_in_trampoline.__code__,
    _os.path.join(_os.path.dirname(_os.path.dirname(_os.path.abspath(__file__))), "robocourse",
                  "mutmut_trampoline.py"))
_in_a_trampoline = _trampoline.wrap_in_trampoline


class _SignatureOfTheMutant:
    """What the trampoline wraps, for ``inspect.signature``: the mutant's signature when
    a mutant of the function is under test (read when the gate wraps it, after mutmut has
    listed the mutants), else the function's; unwrapped further (``inspect.unwrap``,
    doctest), the function."""

    def __init__(self, function, mutants):
        self._function, self._mutants = function, mutants
        self.__wrapped__ = function

    def __call__(self, *args, **kwargs):
        return self._function(*args, **kwargs)

    @property
    def __signature__(self):
        module, _, name = _os.environ.get("MUTANT_UNDER_TEST", "").rpartition(".")
        mutated = module == self._function.__module__ and name in self._mutants
        return _inspect.signature(self._mutants[name] if mutated else self._function)


def _with_the_mutants_signature(mutants, is_classmethod=False):
    wrap = _in_a_trampoline(mutants, is_classmethod)

    def wrapped(function):
        trampoline = wrap(function)
        trampoline.__wrapped__ = _SignatureOfTheMutant(function, mutants)
        return trampoline
    return wrapped


_trampoline.wrap_in_trampoline = _with_the_mutants_signature
'''
#: Test files of a module beyond tests/test_<module>*.py: the light ones that call it (the
#: suite kills a mutant wherever its killing test is; these keep each run to the tests that
#: can, without the grading sandbox, the book or the browser).
TESTS = {
    "_checks": ["tests/test_bad_input*.py"],
    "equivalence": ["tests/test_checker_attacks.py", "tests/test_grading.py",
                    "tests/test_closed_form.py", "tests/test_lagrange.py", "tests/test_routes.py",
                    "tests/test_generalised_coordinates.py", "tests/test_notation.py"],
    "frames": ["tests/test_roll_pitch_yaw.py"],
    "grading.handover": ["tests/test_grading.py"],
    "inertia": ["tests/test_payload.py", "tests/test_bad_input_kinds.py",
                "tests/test_bad_input_models.py", "tests/test_checks.py", "tests/test_puma560.py",
                "tests/test_shapes.py", "tests/test_spatial.py", "tests/test_tolerances.py"],
    "kinematics": ["tests/test_forward_kinematics_many.py", "tests/test_statics.py",
                   "tests/test_bad_input.py", "tests/test_bad_input_extremes.py",
                   "tests/test_bad_input_kinds.py", "tests/test_constraints.py",
                   "tests/test_dynamics_properties.py", "tests/test_generalised_coordinates.py",
                   "tests/test_puma560.py", "tests/test_robot.py", "tests/test_shapes.py",
                   "tests/test_tolerances.py", "tests/test_trajectories.py"],
    "newton_euler": ["tests/test_routes.py", "tests/test_dynamics_properties.py",
                     "tests/test_bad_input_dynamics.py", "tests/test_bad_input_kinds.py",
                     "tests/test_bad_input_models.py", "tests/test_base_parameters.py",
                     "tests/test_closed_form.py", "tests/test_constraints.py",
                     "tests/test_energy_and_work.py", "tests/test_lagrange.py",
                     "tests/test_motors.py", "tests/test_payload.py", "tests/test_shapes.py",
                     "tests/test_simulate.py", "tests/test_spatial.py"],
    "lagrange": ["tests/test_routes.py", "tests/test_generalised_coordinates.py",
                 "tests/test_energy_and_work.py"],
    "simulate": ["tests/test_energy_and_work.py", "tests/test_control.py",
                 "tests/test_friction.py", "tests/test_motors.py", "tests/test_bad_input_kinds.py",
                 "tests/test_tolerances.py", "tests/test_generalised_coordinates.py",
                 "tests/test_parametric_dynamics.py", "tests/test_shapes.py"],
    "trajectories": ["tests/test_control.py", "tests/test_bad_input_kinds.py",
                     "tests/test_bad_input_simulate.py", "tests/test_energy_and_work.py",
                     "tests/test_friction.py", "tests/test_motors.py", "tests/test_shapes.py",
                     "tests/test_tolerances.py"],
}
#: Tests of a module's test files left out of its mutation run: ten seconds each of the
#: grader's isolation (an answer rebuilt under a deadline and a memory budget, in a process
#: of its own), paid again by every mutant that survives the rest. What they check of the
#: module is checked by its direct tests too.
SKIP = {
    "grading.handover": [
        "tests/test_handover_limits.py::test_an_answer_too_slow_or_too_large_to_check_costs_"
        "that_exercise",
        "tests/test_handover_limits.py::test_an_answer_derived_by_hand_is_graded_as_recomputed_"
        "and_its_hand_over_not_rebuilt",
        "tests/test_handover_limits.py::test_the_grader_judges_a_crafted_answer_as_not_handed_in",
    ],
}
#: pytest's options: no slow, browser or hub tests; not the test that lists the public names
#: (mutmut's copies of each function are public names). A test that runs ten minutes under a
#: mutant (the unmutated suite's slowest takes seconds) ends its process, so the mutant is
#: killed (pytest-timeout, pip extra ``mutation``): mutmut's own limit counts CPU seconds,
#: and a mutant that waits without working (on a child process, a lock) would never reach it.
PYTEST = ["-p", "no:randomly", "-m", "not slow and not browser and not hub", "-q",
          "--timeout", "600", "--timeout-method", "thread",
          "--deselect", "tests/test_bad_input_api.py::test_every_public_callable_is_swept"]
#: Left out of the run of a module of the core (robocourse/<name>.py, ``_`` not first): the
#: test that every public function of the core is guarded, which takes mutmut's copies of
#: each of its functions (``x_f__mutmut_3``, public names of the module) for unguarded public
#: functions. The guard is a decorator, which mutmut does not mutate; the gate's own mark
#: (``_checks``, not a module it lists) is still checked in the gate's run.
CORE_LISTING = ("tests/test_bad_input_extremes.py::test_every_public_function_of_the_core_is_"
                "guarded_or_says_why_not")


#: Mutants that behave as the original for every input the library lets through, so no test
#: can kill them: ``(function, the mutated line, why)``, the function as mutmut names it
#: without the mutant's number and the line as the mutant writes it (stripped; so the entry
#: survives a renumbering). A survivor that matches is counted apart ("equivalent"), and the
#: score is killed / (killed + survived), the usual mutation score (Offutt & Untch 2001):
#: a listed mutant is a claim to check, as each reason says, not a test left out.
EQUIVALENT = [
    # zip(..., strict=True) made lax where the lengths were checked before
    ("robocourse.statics.x_static_forces_by_propagation",
     "for link, q_i in zip(robot.links[1:], q[1:], strict=None)]",
     "the gate has checked that q has one entry per link"),
    ("robocourse.statics.x_static_forces_by_propagation",
     "for link, q_i in zip(robot.links[1:], q[1:], strict=False)]",
     "the gate has checked that q has one entry per link"),
    ("robocourse.inertia.xǁ_GeneralIntegralǁat", "(*astuple(body), mass, *origin), strict=False)",
     "the symbols are made from the same body, mass and origin"),
    ("robocourse.equivalence.xǁTrigonometricRingǁ__init__",
     "self.circles = [s**2 + c**2 - 1 for s, c in zip(self.s, self.c, strict=False)]",
     "s and c are made n at a time"),
    # one kind for three angles, after the gate made them one kind
    ("robocourse.frames.x_roll_pitch_yaw", "if B.is_symbolic(roll, None, yaw):          # one "
     "kind for all three factors", "the gate makes the three angles one kind (Angle rules)"),
    ("robocourse.frames.x_roll_pitch_yaw", "if B.is_symbolic(roll, pitch, ):          # one "
     "kind for all three factors", "the gate makes the three angles one kind (Angle rules)"),
    # the bottom row of a transform the gate has checked
    ("robocourse.kinematics.x__planar_2r_lengths",
     "and all(tool[i, j] == (1 if i == j else 0) for i in range(4) for j in range(3))",
     "a checked transform's bottom row is [0, 0, 0, 1]: row 3 of columns 0-2 is 0"),
    # text no user reads
    ("robocourse.trajectories.x__numbers", 'return check.Argument(rule, "VALUES(NUMERIC=TRUE)")',
     "a module's own rule's name, never shown"),
    ("robocourse.simulate.xǁMotionǁ__post_init__",
     't = check.Vector(None, "ONE PER SAMPLE", numeric=True).of(self.t, "t")',
     "the phrase of the entries is said only of a vector of a given length; here None"),
    ("robocourse.grading.handover.xǁ_Collectorǁadd_class",
     'for name in sorted(_global_names(compile(source, "<CLASS>", "exec"))):',
     "the file name given to compile is never read (the names only are)"),
    ("robocourse.equivalence.xǁTrigonometricRingǁ__init__",
     'dummies = ([sp.Dummy(None) for k in range(n)] + [sp.Dummy(f"c{k}") for k in range(n)]',
     "the ring's private generators are ordered by position; their names are never shown"),
    # a fast path switched off: the general path gives the same result
    ("robocourse.grading.handover.xǁ_Decoderǁ_value_ndarray", 'elif dtype == "XXfloat64XX":',
     "numpy parses the same strings to the same float64 array by the general path"),
    ("robocourse._checks.x__joint_angles",
     "_radians(np.asarray(q, )[..., revolute].ravel().tolist(), name)",
     "q is already numeric (the gate's Joints rule), so the same angles are read"),
    # the same value by another road
    ("robocourse.equivalence.xǁ_Enclosuresǁ_power", "return b**n if n > 0 else self.divide(1, "
     "b**-n)", "for n = 0 both give 1 (and sympy never leaves x**0 unevaluated)"),
    ("robocourse.equivalence.x__root", "return sp.Pow(base, sp.S.Half, )",
     "the root generator's form is never shown: an answer with a root is decided only when "
     "the difference cancels, else refused naming the power found, not the generator"),
    ("robocourse.equivalence.xǁ_Enclosuresǁagree", "if difference.a >= bound.b:",
     "the two interval ends are equal only on a set of measure zero of the random points"),
    ("robocourse._checks.x_Count", 'f"Count({minimum}, {maximum})", decides_kind=None)',
     "None and False are both false where decides_kind is read"),
]


def _tree(commit, folder):
    """The repository's files (tracked and new, as in the working tree; or at ``commit``)."""
    if commit:
        archive = subprocess.run(["git", "archive", commit], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        return
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
    for name in files:
        source = ROOT / name
        if source.is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, folder / name)


def _source(module):
    """The file of ``module`` (``grading.handover``: robocourse/grading/handover.py)."""
    return "robocourse/" + module.replace(".", "/") + ".py"


def _tests(folder, module):
    name = module.rpartition(".")[2].strip("_")
    patterns = [f"tests/test_{name}*.py", f"tests/test_bad_input_{name}*.py",
                *TESTS.get(module, [])]
    found = sorted({str(path.relative_to(folder)) for pattern in patterns
                    for path in folder.glob(pattern)})
    return [*found, _source(module)]


def _options(module):
    core = "." not in module and not module.startswith("_")
    skipped = [*SKIP.get(module, []), *([CORE_LISTING] if core else [])]
    return [*PYTEST, *[option for test in skipped for option in ("--deselect", test)]]


def _declared_after(source):
    """``source`` with each function's gate decorators (``@check.arguments(...)``,
    ``@check.finite_result``) applied by an assignment after its ``def`` instead:
    ``def f(...): ...`` then ``f = check.arguments(...)(f)``, the same function object at
    the same moment. mutmut leaves decorated functions alone (it could not wrap them in its
    trampoline), and every public function of the library declares its arguments; written
    this way, mutmut mutates its body and the gate wraps mutmut's trampoline.

    >>> print(_declared_after("@check.arguments(a=check.Vector(3))\\ndef f(a):\\n    return a\\n"))
    def f(a):
        return a
    f = check.arguments(a=check.Vector(3))(f)
    <BLANKLINE>
    """
    import libcst as cst  # mutmut's own dependency (pip extra mutation)

    def gate(decorator):
        called = decorator.decorator
        called = called.func if isinstance(called, cst.Call) else called
        return isinstance(called, cst.Attribute) and getattr(called.value, "value", "") == "check"

    class Undecorate(cst.CSTTransformer):
        def _statements(self, body):
            out = []
            for statement in body:
                out.append(statement)
                if isinstance(statement, cst.FunctionDef) and statement.decorators and all(
                        gate(d) for d in statement.decorators):
                    name = statement.name.value
                    wrapped = cst.Name(name)
                    for decorator in reversed(statement.decorators):
                        wrapped = cst.Call(decorator.decorator, [cst.Arg(wrapped)])
                    out[-1] = statement.with_changes(decorators=())
                    out.append(cst.SimpleStatementLine([cst.Assign(
                        [cst.AssignTarget(cst.Name(name))], wrapped)]))
            return out

        def leave_Module(self, original, updated):
            return updated.with_changes(body=self._statements(updated.body))

        def leave_IndentedBlock(self, original, updated):
            return updated.with_changes(body=self._statements(updated.body))

    return cst.parse_module(source).visit(Undecorate()).code


def _configure(folder, module):
    """mutmut's settings for ``module`` in the copy's pyproject.toml; the module's gate
    decorators written as assignments (``_declared_after``), so that mutmut mutates the
    functions that declare their arguments."""
    tests = _tests(folder, module)
    source = folder / _source(module)
    source.write_text(_declared_after(source.read_text()))
    settings = (
        "\n[tool.mutmut]\n"
        'source_paths = ["robocourse"]\n'
        f'only_mutate = ["{_source(module)}"]\n'
        f"pytest_add_cli_args_test_selection = {json.dumps(tests)}\n"
        f"pytest_add_cli_args = {json.dumps(_options(module))}\n"
        'also_copy = ["robocourse", "chapters", "solutions", "exercises", "nbgrader_config.py"]\n'
        # Each mutant in a process forked before anything of the library ran: the library
        # caches (functools.cache: an integral, a compiled model), and a mutant of a cached
        # function would survive in a child of the process that ran the tests before it.
        'process_isolation = "forkserver"\n'
        'forkserver_warmup = "import"\n'
        'preload_modules_file = "mutation-preload.txt"\n'
        # mutmut stops a mutant after 15 × (its tests' time + this) seconds and counts it as
        # killed ("timeout"); at mutmut's default of 1 s, a mutant whose tests took no time
        # in the stats run is stopped after 15 s, which pytest's start alone takes on a busy
        # machine. A mutant that loops forever is still stopped, after 15 minutes at least.
        "timeout_constant = 60.0\n"
    )
    with open(folder / "pyproject.toml", "a") as config:
        config.write(settings)
    (folder / "mutation-preload.txt").write_text("\n".join(PRELOAD) + "\n")
    conftest = folder / "tests" / "conftest.py"
    conftest.write_text(TRAMPOLINE_INSIDE + conftest.read_text() + FRESH_CACHES)
    return tests


#: mutmut's statuses of a killed mutant: a test failed; its tests ran out of time; pytest
#: stopped with its exit code 2, which mutmut takes for a Ctrl-C ("interrupted") but pytest
#: also gives when collecting fails: the mutant broke the library's import (a rule made
#: when a module is imported, a module-level check that now raises), so no test could pass.
KILLED = ("killed", "timeout", "check_was_interrupted_by_user")


def _counts(folder):
    """``{status: count}`` of the run in ``folder`` (mutmut's own summary file)."""
    subprocess.run([sys.executable, "-m", "mutmut", "export-cicd-stats"], cwd=folder,
                   check=True, capture_output=True)
    return json.loads((folder / "mutants" / "mutmut-cicd-stats.json").read_text())


def _survivors(folder):
    listing = subprocess.run([sys.executable, "-m", "mutmut", "results"], cwd=folder,
                             capture_output=True, text=True).stdout
    return [line.split(":")[0].strip() for line in listing.splitlines()
            if line.strip().endswith(": survived")]


def _mutated_lines(folder, module, names):
    """``{name: the line the mutant writes}`` (stripped), from mutmut's diff of each."""
    code = ("import json, sys\nfrom mutmut.__main__ import get_diff_for_mutant\n"
            "print(json.dumps({n: get_diff_for_mutant(n, path=sys.argv[1]) "
            "for n in sys.argv[2:]}))")
    diffs = json.loads(subprocess.run([sys.executable, "-c", code, _source(module), *names],
                                      cwd=folder, check=True, capture_output=True,
                                      text=True).stdout) if names else {}
    return {name: next((line[1:].strip() for line in diff.splitlines()
                        if line.startswith("+") and not line.startswith("+++")), "")
            for name, diff in diffs.items()}


def equivalent(name, line):
    """Why the mutant ``name`` that writes ``line`` is equivalent (``EQUIVALENT``), or None.

    >>> equivalent("robocourse._checks.x_Count__mutmut_3",
    ...            'f"Count({minimum}, {maximum})", decides_kind=None)')
    'None and False are both false where decides_kind is read'
    >>> equivalent("robocourse._checks.x_Count__mutmut_4", "decides_kind=True)") is None
    True
    """
    function = name.rpartition("__mutmut_")[0]
    return next((why for where, written, why in EQUIVALENT
                 if where == function and written == line), None)


def _mutants(folder, module):
    """The names of every mutant mutmut made of ``module`` in ``folder`` (its ``.meta``)."""
    meta = folder / "mutants" / (_source(module) + ".meta")
    return sorted(json.loads(meta.read_text())["exit_code_by_key"])


def _mutmut(folder, children, names, quiet=False):
    """``mutmut run`` in ``folder``; ``quiet``: its output kept (returned), not shown."""
    # The copy's grader, not the one the environment installed (editable, from the
    # repository's working tree, which may have moved on since the copy was made).
    environment = {**os.environ, "PYTHONDONTWRITEBYTECODE": "",
                   "PYTHONPATH": os.pathsep.join([str(folder / "grader"),
                                                  os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(["nice", "-n", "19", sys.executable, "-m", "mutmut", "run",
                           "--max-children", str(children), *names], cwd=folder,
                          env=environment, stdout=subprocess.PIPE if quiet else subprocess.DEVNULL,
                          stderr=subprocess.STDOUT if quiet else None, text=True,
                          check=False).stdout


def _enclosing(source):
    """mutmut's names (``x_f``, ``xǁClassǁmethod``) of the functions of ``source`` that
    define a function or a lambda: the gate's rules (``Number()``, ``check.arguments(...)``)
    made when a module is imported, whose lambdas and inner functions run at each call.

    >>> _enclosing("def f():\\n    return lambda x: x\\nclass A:\\n    def g(self):\\n"
    ...            "        def h():\\n            pass\\n    def k(self):\\n        pass\\n")
    ['x_f', 'xǁAǁg']
    """
    def encloses(function):
        return any(isinstance(node, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef))
                   for node in ast.walk(function) if node is not function)

    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    tree = ast.parse(source)
    return [*[f"x_{node.name}" for node in tree.body
              if isinstance(node, functions) and encloses(node)],
            *[f"xǁ{node.name}ǁ{item.name}" for node in tree.body if isinstance(node, ast.ClassDef)
              for item in node.body if isinstance(item, functions) and encloses(item)]]


def _every_test_for_the_enclosing(folder, module):
    """The tests of each function of ``module`` that makes functions (``_enclosing``): every
    test that reaches the module. mutmut runs a mutant against the tests that called its
    function (its "stats", a run of the tests before any mutant): a rule is made once, when
    the library is imported, before any test, and the first test alone is charged with it;
    its lambda, run by every checked call, goes through no trampoline. A mutant of the
    lambda's line would be run against that one test and counted as surviving."""
    path = folder / "mutants" / "mutmut-stats.json"
    stats = json.loads(path.read_text())
    by_function = stats["tests_by_mangled_function_name"]
    reached = sorted({test for tests in by_function.values() for test in tests})
    for name in _enclosing((folder / _source(module)).read_text()):
        by_function[f"robocourse.{module}.{name}"] = reached
    path.write_text(json.dumps(stats, indent=4))


def run(module, commit, children, keep, only=(), sample=None, seed=0):
    folder = Path(tempfile.mkdtemp(prefix=f"mutation-{module}-"))
    try:
        _tree(commit, folder)
        tests = _configure(folder, module)
        print(f"== {module}: {len(tests) - 1} test files, in {folder}", flush=True)
        # Mutants made and the tests' coverage taken ("nothing matches"), none run yet.
        output = _mutmut(folder, children, ["no.such.mutant"], quiet=True)
        if not (folder / "mutants" / "mutmut-stats.json").exists():
            lines = output.replace("\r", "\n").splitlines()
            raise SystemExit(f"{module}: mutmut's run of the tests failed (a test that fails "
                             "under mutmut's trampolines? see SKIP); it said:\n"
                             + "\n".join(lines[-40:]))
        _every_test_for_the_enclosing(folder, module)
        if sample:
            names = _mutants(folder, module)
            only = random.Random(seed).sample(names, min(sample, len(names)))
            print(f"   {len(only)} of its {len(names)} mutants, seed {seed}", flush=True)
        _mutmut(folder, children, only)
        counts = _counts(folder)
        survivors = _survivors(folder)
        lines = _mutated_lines(folder, module, survivors)
        counts["equivalent"] = {name: equivalent(name, lines[name]) for name in survivors
                                if equivalent(name, lines[name])}
        counts["survivors"] = [name for name in survivors if name not in counts["equivalent"]]
        counts["survived"] = len(counts["survivors"])
        return counts
    finally:
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)


def _interval(killed, survived):
    """The Wilson 95 % interval of a score of ``killed`` out of ``killed + survived``, as
    text: what a sample of mutants says of all of them.

    >>> _interval(95, 5)
    '88.8–97.8 %'
    """
    n = killed + survived
    if not n:
        return ""
    p, z = killed / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * (centre - half):.1f}–{100 * (centre + half):.1f} %"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="+", help="modules of robocourse, e.g. frames")
    parser.add_argument("--commit", help="test the modules at this commit (default: the "
                        "working tree)")
    parser.add_argument("--children", type=int, default=1, help="mutants at once (default 1)")
    parser.add_argument("--keep", action="store_true", help="keep the copies (mutmut browse)")
    parser.add_argument("--only", nargs="+", default=(), metavar="MUTANT",
                        help="run these mutants alone (mutmut's names, globs allowed)")
    parser.add_argument("--sample", type=int, metavar="K",
                        help="run K mutants of each module, drawn at random")
    parser.add_argument("--seed", type=int, default=0, help="the draw of --sample")
    parser.add_argument("--json", help="also write the results to this file")
    options = parser.parse_args()
    results = {module: run(module, options.commit, options.children, options.keep,
                           options.only, options.sample, options.seed)
               for module in options.modules}
    killed = survived = same = 0
    print(f"{'module':<20}{'killed':>8}{'survived':>10}{'equivalent':>12}{'no tests':>10}"
          f"{'score':>8}{'95 % interval':>16}{'raw':>8}")
    for module, counts in results.items():
        k, s = sum(counts.get(status, 0) for status in KILLED), counts["survived"]
        e = len(counts["equivalent"])
        killed, survived, same = killed + k, survived + s, same + e
        print(f"{module:<20}{k:>8}{s:>10}{e:>12}{counts.get('no_tests', 0):>10}"
              f"{100 * k / max(k + s, 1):>7.1f}%{_interval(k, s):>16}"
              f"{100 * k / max(k + s + e, 1):>7.1f}%")
        for name in counts["survivors"]:
            print(f"    survived: {name}")
        for name, why in counts["equivalent"].items():
            print(f"    equivalent: {name} ({why})")
    print(f"{'all':<20}{killed:>8}{survived:>10}{same:>12}{'':>10}"
          f"{100 * killed / max(killed + survived, 1):>7.1f}%{_interval(killed, survived):>16}"
          f"{100 * killed / max(killed + survived + same, 1):>7.1f}%")
    if options.json:
        Path(options.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
