"""The route search of ``test_forbidden_routes.py``: call every function of the library with an
exercise's inputs, as a student looking for a shortcut would, and list those that give the
answer.

A *case* is an exercise with its forbidden concepts and two or more *trials*: inputs (what
the student has: the arm, the angles, the load, the frames…, each in any order a signature
admits), keywords a function may take (``frame="tool"``, ``gravity=0``) and the expected
answer, as numbers. Every public function and class of every ``robocourse`` module (its
``__all__``, or the names it defines) and every private function of theirs is called with
the arrangements of the inputs; an object it returns (a trajectory, a compiled model, a
control law) has its methods called the same way. A result *gives the answer* when every
number of the answer can be read off it (a symbolic one at the trial's state), or off a
simple step a student would take after it: its negative, its inverse, its determinant, it
(or its transpose or inverse) applied to one of the trial's vectors; results that are
tuples, lists, dicts or dataclasses are read field by field (their private fields too). A
route counts only when it gives the answer in every trial, the same way.

:func:`search` finds the routes with nothing switched off; :func:`left_open` calls them
again with the exercise's concepts switched off by the runner's own ``_switch_off`` (as the
runner does: the exercise's module imported first). Switching off only makes calls refuse,
so no other route can open. Each runs in a forked child (:func:`in_a_child`).

Inputs are grouped by kind (a robot, a rotation, a 3-vector, a number of a sign, …): an
arrangement of kinds is tried with one input of each kind first, and only when that call
returns are the other inputs of the same kinds put in; an arrangement of kinds a function
refused once is not tried again. For each number of arguments, a function is read from its
first :data:`CALLS` calls that return and :data:`TRIES` calls in all, each of at most
:data:`CALL_SECONDS` of processor time: enough for the library's functions, which check
their arguments first.
"""

import contextlib
import dataclasses
import importlib
import inspect
import io
import itertools
import os
import pickle
import pkgutil
import signal
import traceback
import warnings

import numpy as np
import sympy as sp

import robocourse
from robocourse.robot import SerialChain

#: Seconds of processor time one call may take (processor time: the same on a busy machine).
CALL_SECONDS = 0.2
#: Calls that return, of one function (or method) in one case, for each number of
#: arguments: a function that accepts the inputs in more ways is read from its first ones
#: (each arrangement of kinds with one input of each kind, then the other inputs of the
#: same kinds, those nearest the first first).
CALLS = 8
#: …of which the results of the first ones have their methods called too.
METHOD_CALLS = 8
#: Calls of one function in one case for each number of arguments, all told (most refuse
#: at once).
TRIES = 64
#: Arguments a function of ``*args`` is given at most.
MANY = 3
#: The modules the search does not call: the grading machinery and the answer checker
#: (``equivalence``) compute no quantity of the course, ``notation`` rewrites expressions
#: for print and ``_checks`` returns its argument checked; the widgets draw (a call builds
#: a figure or an animation, 0.3–40 s) with the numbers of the library functions they
#: import — which the switch-off reaches, since it rebinds a forbidden function in every
#: module.
SKIPPED = ("robocourse.grading", "robocourse.widgets", "robocourse.equivalence",
           "robocourse.notation", "robocourse._checks")


@dataclasses.dataclass
class Trial:
    """One set of inputs and the answer they give."""

    inputs: tuple
    expected: object
    keywords: dict = dataclasses.field(default_factory=dict)
    vectors: tuple = ()
    symbols: dict = dataclasses.field(default_factory=dict)   # what a symbolic result takes


@dataclasses.dataclass
class Case:
    """An exercise, what it forbids, and its trials; ``allowed``: routes the exercise lets
    the student take (its statement says so), as the function's name; ``routes``: whether
    the library has functions of the forbidden concepts that take these inputs (False: the
    search shows that none does)."""

    assignment: str
    exercise: str
    forbidden: tuple
    trials: list
    allowed: tuple = ()
    routes: bool = True

    @property
    def label(self):
        return f"{self.assignment} ex{self.exercise}"


class _Timeout(BaseException):
    """A call ran out of time (a BaseException: the library's ``except Exception`` lets it
    pass)."""


def modules():
    """Every module of the library the search calls, imported."""
    found = []
    for info in pkgutil.walk_packages(robocourse.__path__, "robocourse."):
        if not info.name.startswith(SKIPPED):
            found.append(importlib.import_module(info.name))
    return found


def callables(loaded):
    """``[(name, callable)]``: the public functions and classes of the modules, then their
    private functions (a student can call those too)."""
    public, private = {}, {}
    for module in loaded:
        short = module.__name__.removeprefix("robocourse.")
        exported = getattr(module, "__all__", None)
        for name, value in vars(module).items():
            if not (inspect.isfunction(value) or inspect.isclass(value)) or \
                    getattr(value, "__module__", None) != module.__name__:
                continue
            target = private if name.startswith("_") else public
            if exported is not None and not name.startswith("_") and name not in exported:
                target = private
            target.setdefault(value, f"{short}.{name}")
    return [(name, value) for value, name in [*public.items(), *private.items()]]


# --- calling ------------------------------------------------------------------------------

def _kind(value):
    """What a function's argument checks tell apart: a robot (its joints), a rotation, a
    transform, an array of a shape, a number of a sign, a text."""
    if isinstance(value, SerialChain):
        return f"robot {''.join(value.joint_types)}"
    if isinstance(value, str):
        return f"text {value}"
    if isinstance(value, (int, float, np.floating, np.integer)):
        return f"number {np.sign(value):+.0f}"
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return f"object {type(value).__name__}"
    if array.shape == (3, 3) and np.allclose(array @ array.T, np.eye(3)):
        return "rotation"
    if array.shape == (4, 4) and np.allclose(array[3], [0, 0, 0, 1]):
        return "transform"
    return f"array {array.shape}"


def _signature(function):
    """``(positional count or None for any, required count, keyword names)`` or None."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    positional, required, keywords, any_count = 0, 0, set(), False
    for parameter in signature.parameters.values():
        if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD):
            positional += 1
            required += parameter.default is parameter.empty
            keywords.add(parameter.name)
        elif parameter.kind == parameter.VAR_POSITIONAL:
            any_count = True
        elif parameter.kind == parameter.KEYWORD_ONLY:
            if parameter.default is parameter.empty:
                keywords.add(("required", parameter.name))
            keywords.add(parameter.name)
        elif parameter.kind == parameter.VAR_KEYWORD:
            keywords.add("**")
    return (None if any_count else positional), required, keywords


#: Calls made, by the function and the identity of its arguments: a case's inputs are the
#: same objects in every case of an assignment (the same arms), so a call of the arm alone
#: is made once.
_CALLED = {}


def _call(function, args, kwargs):
    """``(True, function(*args, **kwargs))``, or ``(False, None)`` when it raises or takes
    too long."""
    key = (function, *map(id, args), *((k, id(v)) for k, v in kwargs.items()))
    if key not in _CALLED:
        _CALLED[key] = (_call_now(function, args, kwargs), args, kwargs)   # keep the ids
    return _CALLED[key][0]


def _call_now(function, args, kwargs):
    with contextlib.redirect_stdout(io.StringIO()), np.errstate(all="ignore"), \
            warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            _ARMED[0] = True
            signal.setitimer(signal.ITIMER_PROF, CALL_SECONDS)
            try:
                return True, function(*args, **kwargs)
            except (Exception, _Timeout):       # noqa: BLE001 - a call that refuses is no route
                return False, None
            finally:
                _ARMED[0] = False
                signal.setitimer(signal.ITIMER_PROF, 0)
        except _Timeout:                        # the time ran out as the call returned
            return False, None


#: Whether a call is timed now: a timer that fires as it ends stops nothing else.
_ARMED = [False]


def _out_of_time(signum, frame):
    if _ARMED[0]:
        raise _Timeout


def _keyword_sets(keywords, accepted):
    """The keyword sets to try: every keyword the function takes, then none."""
    required = {k[1] for k in accepted if isinstance(k, tuple)}
    if not required <= set(keywords):
        return []
    taken = {k: v for k, v in keywords.items() if k in accepted or "**" in accepted}
    return ([taken] if taken else []) + ([{}] if not required else [])


#: (function, kinds of the arguments, keywords) of the calls that refused: a function that
#: refuses a robot and a rotation in that order refuses them in every case.
_REFUSED = set()


def arrangements(function, inputs, keywords):
    """``(indices, keyword names, result, rank)`` for the calls of ``function`` with an
    arrangement of ``inputs`` (each at most once) that return — the most arguments first,
    for each number of arguments at most :data:`CALLS` that return (``rank``: which) of
    :data:`TRIES` calls."""
    shape = _signature(function)
    if shape is None:
        return
    positional, required, accepted = shape
    kinds = {}
    for index, value in enumerate(inputs):
        kinds.setdefault(_kind(value), []).append(index)
    names, groups = list(kinds), list(kinds.values())
    most = min(MANY if positional is None else positional, len(inputs))
    for kwargs in _keyword_sets(keywords, accepted):
        for count in range(most, max(required, 1) - 1, -1):
            yield from _calls(function, inputs, kwargs, names, groups, count)


def _calls(function, inputs, kwargs, names, groups, count):
    """:func:`arrangements` of ``count`` arguments."""
    tries, returned_calls = itertools.count(), itertools.count()

    def call(indices):
        return _call(function, [inputs[i] for i in indices], kwargs)

    for pattern in _patterns([len(g) for g in groups], count):
        key = (function, tuple(names[g] for g in pattern), tuple(kwargs))
        if key in _REFUSED:
            continue
        first = _representative(pattern, groups)
        if next(tries) >= TRIES:
            return
        returned, result = call(first)
        if not returned:
            _REFUSED.add(key)
            continue
        for indices in [first, *_nearest(first, _members(pattern, groups))]:
            if indices != first:
                if next(tries) >= TRIES:
                    return
                returned, result = call(indices)
            if returned:
                rank = next(returned_calls)
                if rank >= CALLS:
                    return
                yield indices, tuple(kwargs), result, rank


def _patterns(sizes, count):
    """Every sequence of ``count`` kinds (indices) using kind ``k`` at most ``sizes[k]``
    times."""
    if count == 0:
        yield ()
        return
    for kind, size in enumerate(sizes):
        if size:
            left = [*sizes[:kind], size - 1, *sizes[kind + 1:]]
            for rest in _patterns(left, count - 1):
                yield (kind, *rest)


def _representative(pattern, groups):
    used, indices = {}, []
    for group in pattern:
        indices.append(groups[group][used.get(group, 0)])
        used[group] = used.get(group, 0) + 1
    return tuple(indices)


def _nearest(first, members):
    """The first :data:`CALLS` of ``members`` other than ``first``, those that change the
    fewest of its arguments first (another robot, the same angles)."""
    others = [m for m in itertools.islice(members, 4096) if m != first]
    others.sort(key=lambda m: sum(a != b for a, b in zip(m, first, strict=True)))
    return others[:CALLS]


def _members(pattern, groups):
    """Every way to fill the slots of ``pattern`` with distinct inputs of their kinds."""
    slots = [groups[g] for g in pattern]
    for indices in itertools.product(*slots):
        if len(set(indices)) == len(indices):
            yield indices


# --- reading a result ---------------------------------------------------------------------

def _numbers(value, symbols):
    """``value`` as a float array (a symbolic one with ``symbols`` put in), or None."""
    if isinstance(value, (bool, np.bool_, str)) or value is None:
        return None
    try:
        if isinstance(value, (sp.Basic, sp.MatrixBase)):
            free = getattr(value, "free_symbols", set())
            if not free <= set(symbols):
                return None
            value = value.xreplace({s: symbols[s] for s in free}) if free else value
            value = sp.Matrix(value).evalf() if isinstance(value, sp.MatrixBase) else \
                value.evalf()
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError, AttributeError, sp.SympifyError):
        return None
    return array if array.size and np.all(np.isfinite(array)) else None


def _parts(value, symbols, path="", depth=0):
    """``(path, array)`` for the numbers in ``value`` and in its parts."""
    array = _numbers(value, symbols)
    if array is not None:
        yield path, array
        return
    if depth > 3:
        return
    if isinstance(value, dict):
        items = [(f"[{k!r}]", v) for k, v in value.items()]
    elif isinstance(value, (tuple, list)):
        items = [(f"[{i}]", v) for i, v in enumerate(value)]
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        items = [(f".{f.name}", getattr(value, f.name)) for f in dataclasses.fields(value)]
    else:
        return
    pieces = []
    for label, item in items[:64]:
        for sub_path, sub in _parts(item, symbols, path + label, depth + 1):
            pieces.append(sub)
            yield sub_path, sub
    if 1 < len(pieces) <= 8 and all(p.ndim <= 1 for p in pieces):
        yield f"{path}[joined]", np.concatenate([np.atleast_1d(p) for p in pieces])


def _steps(array, vectors):
    """``(step, array)``: what a student could do next with a result."""
    yield "", array
    yield "negated", -array
    square = array.ndim == 2 and array.shape[0] == array.shape[1]
    inverse = None
    if square:
        with contextlib.suppress(np.linalg.LinAlgError):
            inverse = np.linalg.inv(array)
            yield "inverted", inverse
        yield "determinant", np.atleast_1d(np.linalg.det(array))
    if array.ndim == 2:
        for k, vector in enumerate(vectors):
            vector = np.asarray(vector, dtype=float).ravel()
            if array.shape[1] == vector.size:
                yield f"applied to vector {k}", array @ vector
            if array.shape[0] == vector.size:
                yield f"transposed, applied to vector {k}", array.T @ vector
            if inverse is not None and inverse.shape[1] == vector.size:
                yield f"inverted, applied to vector {k}", inverse @ vector
                yield f"inverted, transposed, applied to vector {k}", inverse.T @ vector


def gives(result, trial):
    """The ways (``"path step"``) in which ``result`` gives the trial's answer."""
    expected = np.asarray(trial.expected, dtype=float).ravel()
    found = []
    for path, array in _parts(result, trial.symbols):
        for step, candidate in _steps(array, trial.vectors):
            if candidate.size >= expected.size and _contains(candidate.ravel(), expected):
                found.append(f"{path} {step}".strip())
    return found


def _contains(candidate, expected):
    """True when every number of ``expected`` is one of ``candidate`` (1e-7 relative)."""
    close = np.isclose(candidate[None, :], expected[:, None], rtol=1e-7, atol=1e-9)
    return bool(close.any(axis=1).all())


# --- the search ---------------------------------------------------------------------------

def _methods(obj):
    """``[(name, bound method)]`` a student could call on a library object — those the
    library defines, not a tuple's ``index`` — (``"(…)"``: the object itself, when it is a
    function)."""
    if inspect.isfunction(obj) or inspect.ismethod(obj):
        return [("(…)", obj)]
    if isinstance(obj, type) or not (getattr(type(obj), "__module__", "") or "").startswith(
            "robocourse"):
        return []
    found = []
    for name in dir(obj):
        if name.startswith("__") and name != "__call__":
            continue
        with contextlib.suppress(Exception):
            attribute = getattr(obj, name)
            defined = getattr(getattr(attribute, "__func__", attribute), "__module__", "") or ""
            if callable(attribute) and not inspect.isclass(attribute) and \
                    defined.startswith("robocourse"):
                found.append((name, attribute))
    return found


@dataclasses.dataclass(frozen=True)
class Route:
    """A call that gives the answer: ``function(inputs…)``, then maybe a method of its
    result, then a step (``gives``)."""

    function: str
    indices: tuple
    keywords: tuple
    way: str
    method: str = None
    method_indices: tuple = ()
    method_keywords: tuple = ()

    def __str__(self):
        shown = f"{self.function}({_shown(self.indices, self.keywords)})"
        if self.method is not None:
            name = "" if self.method == "(…)" else f".{self.method}"
            shown += f"{name}({_shown(self.method_indices, self.method_keywords)})"
        return f"{shown} {self.way}".strip()

    def result(self, function, trial):
        """This route's result for ``trial`` (None when a call refuses)."""
        returned, result = _call(function, [trial.inputs[i] for i in self.indices],
                                 {k: trial.keywords[k] for k in self.keywords})
        if returned and self.method is not None:
            method = result if self.method == "(…)" else getattr(result, self.method, None)
            returned, result = (False, None) if method is None else _call(
                method, [trial.inputs[i] for i in self.method_indices],
                {k: trial.keywords[k] for k in self.method_keywords})
        return result if returned else None

    def gives(self, function, trials):
        return all(self.way in gives(self.result(function, t), t) for t in trials)


def _shown(indices, keywords):
    return ", ".join([f"#{i}" for i in indices] + [f"{k}=…" for k in keywords])


def _drawing(result):
    """True for what shows rather than computes: a figure, a widget, an animation."""
    module = getattr(type(result), "__module__", "") or ""
    return module.split(".")[0] in ("matplotlib", "ipywidgets", "IPython")


def _routes_of(name, function, trials):
    """The routes through ``function`` (and the methods of the first :data:`METHOD_CALLS`
    results of each number of arguments); none past a call that draws."""
    first, found = trials[0], []
    for indices, keywords, result, rank in arrangements(function, first.inputs,
                                                        first.keywords):
        if _drawing(result):
            break
        for way in gives(result, first):
            found.append(Route(name, indices, keywords, way))
        for method_name, method in _methods(result) if rank < METHOD_CALLS else ():
            for m_indices, m_keywords, m_result, _ in arrangements(method, first.inputs,
                                                                   first.keywords):
                for way in gives(m_result, first):
                    found.append(Route(name, indices, keywords, way, method_name, m_indices,
                                       m_keywords))
    return [route for route in found if route.gives(function, trials[1:])]


def _function(name):
    """The function a route's name names (None when its module refuses to load: it runs a
    switched-off function as it loads)."""
    module, _, attribute = name.rpartition(".")
    try:
        return getattr(importlib.import_module(f"robocourse.{module}"), attribute)
    except AssertionError:
        return None


def _setup(cases):
    signal.signal(signal.SIGPROF, _out_of_time)
    warnings.simplefilter("ignore")          # of the library, with odd arguments: not read
    for case in cases:
        importlib.import_module(f"robocourse.exercises.{case.assignment}")


def search(cases):
    """``{case label: [Route, …]}``: the routes to each case's answer, nothing switched off."""
    _setup(cases)
    every = callables(modules())
    return {case.label: [route for name, function in every
                         for route in _routes_of(name, function, case.trials)]
            for case in cases}


def left_open(cases, routes, forbidden):
    """``{case label: [Route, …]}``: the ``routes`` (found with nothing off) that still give
    the answer with the concepts ``forbidden`` switched off as the runner switches them off
    — with the exercise's module imported first, as the runner's set-up does. (Switching
    off only makes calls refuse: no other route can open.)"""
    from robocourse.grading.runner import _switch_off

    _setup(cases)
    _switch_off(forbidden)
    return {case.label: [route for route in routes[case.label]
                         if (function := _function(route.function)) is not None and
                         route.gives(function, case.trials)]
            for case in cases}


def in_a_child(work, *args):
    """``work(*args)`` in a forked child (a switch-off changes the whole process)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read)
            try:
                answer = (True, work(*args))
            except BaseException:                      # noqa: BLE001 - shown by the parent
                answer = (False, traceback.format_exc())
            with os.fdopen(write, "wb") as channel:
                pickle.dump(answer, channel)
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as channel:
        data = channel.read()
    os.waitpid(pid, 0)
    assert data, f"{work.__name__} ended its child process"
    done, answer = pickle.loads(data)
    assert done, f"{work.__name__} failed in its child process:\n{answer}"
    return answer
