"""What an exercise may switch off: concepts of the course, each with the library functions
that compute it, declared once.

An exercise that asks a student to derive a result forbids the *concept* ("the force
transform", "the mass matrix"), never a function name: ``Function(forbidden=("the force
transform",))`` for a function the student writes, ``by_hand={"W_S": ("the force
transform",)}`` for an answer recomputed from the answer cells. :data:`CONCEPTS` is the one
table of equivalents: each concept lists the PUBLIC functions (``"module:qualified name"``;
a class stands for all its methods) that compute the quantity — by any method, and also
those that give it after a step a student would take (a transpose, a unit load, a
one-link chain). An entry without a colon names another concept, whose functions it takes.

Switching a concept off (:func:`switched_off`, used by ``runner``) closes every route:

* its public functions refuse — and, through them, every library function that calls one;
* so do the private helpers those functions run, found from their code (the names their
  code objects load, resolved in their modules, and ``self._method``, transitively through
  private helpers, over the library's modules loaded at the time: a refactor that adds a
  helper is covered without a change here) — except a helper that a function left on runs
  too (a *shared* helper): switching it off would switch off that function, which
  computes something else. A shared helper that still gives the answer is a route: the
  route search (``tests/test_forbidden_routes.py``) calls every library function, private
  ones included, with each exercise's inputs and fails when one still gives it — the fix
  is to list the function that shares it in the table (``centres_of_mass_many`` shares
  forward kinematics' ``_frames_many``) or to forbid its concept too. The functions of
  the private modules ``_backend`` and ``_checks`` (numbers or symbols, the checks of the
  arguments) are the whole library's infrastructure: never switched off;
* public functions that they call (``skew``, ``rot_z``) stay on unless the table lists
  them.

>>> functions(["the force transform"])[:2]
('robocourse.frames:force_transform', 'robocourse.frames:velocity_transform')
>>> check(["the force transfrom"])
Traceback (most recent call last):
...
ValueError: forbidden must name concepts of ...; got 'the force transfrom' (did you mean 'the
force transform'?)
"""

import difflib
import dis
import functools
import importlib
import inspect
import sys
import types

from robocourse.language import phrase, say

__all__ = ["CONCEPTS", "check", "functions", "switched_off", "message", "resolve", "members",
           "unwrapped"]

_N_E = "robocourse.newton_euler"
_LAGRANGE = "robocourse.lagrange"
_L_E = "robocourse.lagrange_euler"
_SPATIAL = "robocourse.spatial"

#: Concept -> the public functions that compute it (or concepts whose functions it takes).
CONCEPTS = {
    # --- chapter 0: kinematics ---------------------------------------------------------
    # the centres of mass are points of the links: their positions are forward kinematics
    phrase("forward kinematics", "feedback"): (
        "robocourse.kinematics:forward_kinematics", "robocourse.kinematics:link_frames",
        "robocourse.kinematics:link_frames_many", "robocourse.kinematics:centres_of_mass_many"),
    # the pose of a chain of one link is that link's transform
    phrase("the DH transform", "feedback"): (
        "robocourse.frames:dh_transform", "robocourse.robot:Link.transform",
        "forward kinematics"),
    phrase("inverse kinematics of the 2R arm", "feedback"): (
        "robocourse.kinematics:inverse_kinematics_2r",),
    # τ = Jᵀ F: a unit load at the tool gives a row of J (statics, and inverse dynamics at
    # rest without gravity)
    phrase("the Jacobian", "feedback"): (
        "robocourse.kinematics:jacobian", "robocourse.kinematics:jacobian_rows",
        "robocourse.kinematics:jacobian_by_cross_products",
        "robocourse.kinematics:jacobian_by_propagation",
        "robocourse.kinematics:jacobian_by_differential_transforms",
        "robocourse.kinematics:rotate_jacobian",
        "robocourse.statics:static_forces_by_propagation",
        "robocourse.statics:joint_torques_by_jacobian"),
    phrase("the Jacobian's determinant", "feedback"): (
        "robocourse.kinematics:jacobian_determinant", "robocourse.kinematics:manipulability"),
    # q̇ = J⁻¹ v; q̈ = J⁻¹ (a − J̇ q̇) is the same at rest
    phrase("the inverse Jacobian", "feedback"): (
        "robocourse.kinematics:inverse_jacobian", "robocourse.kinematics:joint_rates",
        "robocourse.kinematics:joint_accelerations",
        "robocourse.exercises.ch0_kinematics:rates_from_jacobian"),
    # --- chapter 1: statics and the 6x6 transforms ---------------------------------------
    # force_transform(R, P) = velocity_transform(R, P)ᵀ = adjoint(T)⁻ᵀ
    phrase("the force transform", "feedback"): (
        "robocourse.frames:force_transform", "robocourse.frames:velocity_transform",
        "robocourse.frames:velocity_transform_unchecked", "robocourse.frames:adjoint",
        "robocourse.spatial:spatial_transforms"),
    phrase("the velocity transform", "feedback"): ("the force transform",),
    phrase("statics", "feedback"): (
        "robocourse.statics:static_forces_by_propagation",
        "robocourse.statics:joint_torques_by_jacobian", "robocourse.statics:tool_wrench"),
    # --- chapter 2: inertia ---------------------------------------------------------------
    phrase("the inertia tensor by integration", "feedback"): (
        "robocourse.inertia:inertia_by_integration", "robocourse.inertia:Box.integrate",
        "robocourse.inertia:Cylinder.integrate", "robocourse.inertia:Rod.integrate"),
    phrase("the parallel-axis theorem", "feedback"): (
        "robocourse.inertia:parallel_axis", "robocourse.inertia:parallel_axis_to_centre",
        "robocourse.inertia:point_mass_inertia", "robocourse.spatial:spatial_inertia",
        # the spatial algorithms share spatial_inertia's helper (a link's inertia about its
        # origin): listed, they switch it off with it
        "the spatial algorithms"),
    phrase("turning an inertia tensor", "feedback"): ("robocourse.inertia:rotate_inertia",),
    phrase("the principal axes", "feedback"): ("robocourse.inertia:principal_axes",),
    phrase("the physical check of an inertia tensor", "feedback"): (
        "robocourse.inertia:check_inertia", "robocourse.inertia:broken_triangle_inequality"),
    # --- chapters 3 and 4: dynamics -------------------------------------------------------
    phrase("inverse dynamics", "feedback"): (
        f"{_N_E}:newton_euler", f"{_N_E}:inverse_dynamics", f"{_N_E}:torque_parts",
        f"{_LAGRANGE}:inverse_dynamics", f"{_LAGRANGE}:lagrange_equations",
        f"{_L_E}:inverse_dynamics", "robocourse.parameters:inverse_dynamics",
        "the generated dynamics", "the spatial algorithms"),
    # the models that answer every question of the dynamics at once (operation_count runs
    # the generated recursion to count it)
    phrase("the generated dynamics", "feedback"): (
        "robocourse.closed_form:closed_form", "robocourse.codegen:CompiledDynamics",
        "robocourse.codegen:compiled_dynamics", "robocourse.codegen:ParametricDynamics",
        "robocourse.codegen:operation_count"),
    # chapter 8: every answer of the dynamics from spatial vectors (operation_counts runs
    # the algorithms to count them)
    phrase("the spatial algorithms", "feedback"): (
        f"{_SPATIAL}:spatial_newton_euler", f"{_SPATIAL}:rnea", f"{_SPATIAL}:crba",
        f"{_SPATIAL}:aba", f"{_SPATIAL}:forward_dynamics_by_crba",
        f"{_SPATIAL}:operation_counts"),
    phrase("the Newton–Euler recursion", "feedback"): (
        f"{_N_E}:newton_euler", f"{_N_E}:inverse_dynamics", f"{_N_E}:torque_parts",
        f"{_N_E}:payload_trace", f"{_N_E}:payload_wrench", f"{_N_E}:mass_matrix",
        f"{_N_E}:velocity_product", f"{_N_E}:coriolis_matrix", f"{_N_E}:gravity_load",
        "the spatial algorithms"),
    phrase("Lagrange's equations", "feedback"): (
        f"{_LAGRANGE}:lagrange_equations", f"{_LAGRANGE}:equation_terms",
        f"{_LAGRANGE}:euler_lagrange", f"{_LAGRANGE}:inverse_dynamics",
        f"{_LAGRANGE}:mass_matrix", f"{_LAGRANGE}:mass_matrix_derivatives",
        f"{_LAGRANGE}:christoffel_symbols", f"{_LAGRANGE}:coriolis_matrix",
        f"{_LAGRANGE}:velocity_product", f"{_LAGRANGE}:gravity_load",
        f"{_L_E}:mass_matrix", f"{_L_E}:coriolis_matrix", f"{_L_E}:velocity_product",
        f"{_L_E}:gravity_load", f"{_L_E}:inverse_dynamics"),
    # M is the Hessian of the kinetic energy in the rates
    phrase("the mass matrix", "feedback"): (
        f"{_N_E}:mass_matrix", f"{_LAGRANGE}:mass_matrix", f"{_L_E}:mass_matrix",
        f"{_LAGRANGE}:equation_terms", f"{_LAGRANGE}:lagrange_equations",
        f"{_LAGRANGE}:kinetic_energy", "Lagrange's equations", "the generated dynamics",
        "the spatial algorithms"),
    phrase("the velocity product", "feedback"): (
        f"{_N_E}:velocity_product", f"{_N_E}:coriolis_matrix",
        f"{_LAGRANGE}:velocity_product", f"{_LAGRANGE}:coriolis_matrix",
        f"{_LAGRANGE}:christoffel_symbols", f"{_L_E}:velocity_product",
        f"{_L_E}:coriolis_matrix", "the generated dynamics", "the spatial algorithms"),
    phrase("the Coriolis matrix", "feedback"): (
        f"{_LAGRANGE}:christoffel_symbols", f"{_LAGRANGE}:coriolis_matrix",
        f"{_LAGRANGE}:mass_matrix_derivatives", f"{_N_E}:coriolis_matrix",
        f"{_L_E}:coriolis_matrix"),
    # G is the gradient of the potential energy
    phrase("the gravity load", "feedback"): (
        f"{_N_E}:gravity_load", f"{_LAGRANGE}:gravity_load", f"{_L_E}:gravity_load",
        f"{_LAGRANGE}:potential_energy", "the generated dynamics", "the spatial algorithms"),
    phrase("the energies", "feedback"): (
        f"{_LAGRANGE}:kinetic_energy", f"{_LAGRANGE}:potential_energy",
        f"{_LAGRANGE}:total_energy", "robocourse.simulate:energy",
        "robocourse.simulate:energies"),
    phrase("forward dynamics", "feedback"): (
        "robocourse.simulate:forward_dynamics", "robocourse.simulate:simulate",
        "robocourse.simulate:simulate_equations",
        "robocourse.codegen:CompiledDynamics.forward_dynamics",
        "robocourse.codegen:CompiledDynamics.state_rate", "the spatial algorithms"),
    # everything that gives the equations of motion or a part of them
    phrase("the equations of motion", "feedback"): (
        "inverse dynamics", "the Newton–Euler recursion", "Lagrange's equations",
        "the mass matrix", "the velocity product", "the gravity load", "the energies",
        "forward dynamics"),
    # --- chapter 5: trajectories and control ----------------------------------------------
    phrase("the cubic trajectory", "feedback"): (
        "robocourse.trajectories:cubic_coefficients", "robocourse.trajectories:cubic",
        "robocourse.trajectories:cubic_duration", "robocourse.trajectories:synchronised",
        "robocourse.trajectories:unsynchronised", "robocourse.trajectories:JointTrajectory",
        "robocourse.trajectories:via_point_cubics", "robocourse.trajectories:ViaPointPath"),
    phrase("computed-torque control", "feedback"): (
        "robocourse.control:computed_torque", "robocourse.control:track"),
    # --- chapter 6: the PUMA 560 ---------------------------------------------------------------
    phrase("inverse kinematics of the PUMA 560", "feedback"): (
        "robocourse.puma560:inverse_kinematics",),
    # --- chapter 7: the dynamic parameters --------------------------------------------------
    phrase("the dynamic parameters of a link", "feedback"): (
        "robocourse.parameters:origin_parameters", "robocourse.parameters:move_parameters",
        "robocourse.parameters:standard_parameters"),
    phrase("the regressor", "feedback"): (
        "robocourse.parameters:regressor", "robocourse.parameters:inverse_dynamics",
        "robocourse.base_parameters:base_regressor",
        "robocourse.identification:BaseRegressor"),
    phrase("the base parameters", "feedback"): (
        "robocourse.base_parameters:base_parameters_by_regrouping",
        "robocourse.base_parameters:base_parameters_by_qr",
        "robocourse.base_parameters:base_model",
        "robocourse.base_parameters:base_parameter_table"),
    phrase("least-squares identification", "feedback"): (
        "robocourse.identification:least_squares",),
    phrase("the physical check of dynamic parameters", "feedback"): (
        "robocourse.parameters:centre_of_mass_parameters",
        "robocourse.identification:pseudo_inertia",
        "robocourse.identification:physical_consistency"),
}


#: {concept: its name as a phrase} (a concept named in a plain string is said too).
_SAID = {str(name): name for name in CONCEPTS}


def check(names):
    """``names`` as a tuple of concept names of :data:`CONCEPTS`; ValueError names one that
    is not (a typo, or a function name where a concept belongs)."""
    if isinstance(names, str):
        raise ValueError(f"forbidden must be a tuple of concept names; got the string {names!r}")
    names = tuple(names)
    for name in names:
        if name not in CONCEPTS:
            close = difflib.get_close_matches(str(name), CONCEPTS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ValueError(f"forbidden must name concepts of {__name__}.CONCEPTS; got "
                             f"{name!r}{hint}")
    return names


def functions(names):
    """The public functions (``"module:qualified name"``) of the concepts ``names``, in the
    table's order, each once."""
    found = {}
    for name in check(names):
        for entry in CONCEPTS[name]:
            found.update(dict.fromkeys(functions([entry]) if ":" not in entry else [entry]))
    return tuple(found)


def message(leaf, concept):
    """What a switched-off function ``leaf`` of ``concept`` says (in the language in use)."""
    return say("{leaf} is switched off for this exercise, which asks you to derive {concept} "
               "yourself", "feedback", leaf=leaf, concept=_SAID.get(concept, concept))


def resolve(spec):
    """The function or class a ``"module:qualified name"`` names (importing the module;
    a method's function, not its descriptor)."""
    module_name, _, attribute = spec.partition(":")
    holder = importlib.import_module(module_name)
    for part in attribute.split("."):
        holder = inspect.getattr_static(holder, part) if isinstance(holder, type) else \
            getattr(holder, part)
    return unwrapped(holder)


# --- the code graph -------------------------------------------------------------------------

def switched_off(forbidden):
    """``[(object, concept)]``: what switching off ``forbidden`` (concept names, or single
    ``"module:qualified name"`` specs, which stand for themselves) turns off — the table's
    functions and the private helpers only they run, each with the first concept that
    reaches it. Functions are returned unwrapped; a class stands for its methods."""
    roots = {}
    for name in forbidden:
        specs = functions([name]) if ":" not in name else (name,)
        for spec in specs:
            roots.setdefault(resolve(spec), name if ":" not in name else None)
    graph = _Graph()
    built_on = graph.callers(roots)
    left_on = [node for node in graph.public() if node not in roots and node not in built_on]
    shared = graph.helpers(left_on, stop=roots)
    off = dict(roots)
    for root, concept in roots.items():
        for helper in graph.helpers([root]):
            if helper not in shared:
                off.setdefault(helper, concept)
    return list(off.items())


def unwrapped(obj):
    """The function or class behind ``obj`` (a decorator's wrapper, a method, a property)."""
    if isinstance(obj, (classmethod, staticmethod)):
        obj = obj.__func__
    if isinstance(obj, property):
        obj = obj.fget
    if isinstance(obj, functools.cached_property):
        obj = obj.func
    return inspect.unwrap(obj) if callable(obj) else obj


def _library(obj):
    return (getattr(obj, "__module__", None) or "").startswith("robocourse")


def _private(obj):
    """A helper of its module: its name (or its class's) starts with ``_``. The functions of
    the private modules (``_backend``, ``_checks``: numbers or symbols, the checks of the
    arguments) are the whole library's infrastructure and compute no concept: never
    helpers to switch off."""
    if _infrastructure(obj):
        return False
    return any(part.startswith("_") and not part.startswith("__")
               for part in obj.__qualname__.split(".") if part != "<locals>")


def _infrastructure(obj):
    return obj.__module__.rpartition(".")[2].startswith("_")


def members(cls):
    """What a class's code is: the functions it defines in the library (methods,
    properties' accessors; not those a decorator such as ``dataclass`` writes), and the
    library classes it is built on."""
    found = [base for base in cls.__bases__ if _library(base)]
    for value in vars(cls).values():
        node = unwrapped(value)
        if isinstance(node, types.FunctionType) and _library(node) and \
                node.__code__.co_filename == inspect.getfile(cls):
            found.append(node)
    return found


#: The references of every function and class analysed so far, by object: kept for the
#: process (a forked child inherits them; a switched-off function keeps its old ones).
_EDGES = {}


class _Graph:
    """Which library functions and classes the code of each refers to, over the robocourse
    modules loaded now."""

    def __init__(self):
        self.modules = [m for name, m in list(sys.modules.items())
                        if name.startswith("robocourse") and isinstance(m, types.ModuleType)]

    def public(self):
        """Every public function and class of the loaded modules (their ``__all__``, or the
        names they define without a leading underscore), public methods of classes too."""
        found = {}
        for module in self.modules:
            names = getattr(module, "__all__", None) or [
                n for n, v in vars(module).items() if not n.startswith("_") and
                getattr(v, "__module__", None) == module.__name__]
            for name in names:
                obj = unwrapped(getattr(module, name, None))
                if (inspect.isfunction(obj) or inspect.isclass(obj)) and _library(obj):
                    found[obj] = None
        return list(found)

    def references(self, node):
        """The library functions and classes ``node``'s code loads (a class: its methods)."""
        if node not in _EDGES:
            _EDGES[node] = _references(node) if not inspect.isclass(node) else members(node)
        return _EDGES[node]

    def helpers(self, roots, stop=()):
        """The private helpers the ``roots`` run (their code, then their helpers' code), not
        past public functions or ``stop``; a class runs its methods."""
        seen, todo = set(), list(roots)
        while todo:
            node = todo.pop()
            for ref in self.references(node):
                if ref in seen or ref in stop or not (_private(ref) or inspect.isclass(node)):
                    continue
                seen.add(ref)
                todo.append(ref)
        return seen

    def callers(self, targets):
        """The library functions and classes whose code runs one of ``targets``, through
        any library code (a class runs its methods and its base classes' — but a method
        that is one of ``targets`` does not make its class one of these: the class stays
        on)."""
        callers, todo = {}, self.public()
        seen = set(todo)
        while todo:
            node = todo.pop()
            for ref in self.references(node):
                if not (ref in targets and inspect.isclass(node) and not inspect.isclass(ref)):
                    callers.setdefault(ref, []).append(node)
                if ref not in seen:
                    seen.add(ref)
                    todo.append(ref)
        found, todo = set(), list(targets)
        while todo:
            for caller in callers.get(todo.pop(), ()):
                if caller not in found and caller not in targets:
                    found.add(caller)
                    todo.append(caller)
        return found


def _references(function):
    """The library functions and classes a function's code loads: global names, attributes
    of library modules (``B.matrix``) and private attributes of its own class
    (``self._function``), in its code and the code nested in it."""
    if not isinstance(function, types.FunctionType):
        return []
    namespace, owner, found = function.__globals__, _owner(function), {}
    codes = [function.__code__]
    while codes:
        code = codes.pop()
        codes.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
        module = None
        for kind, name in _loads(code):
            if kind is _GLOBAL:
                value = namespace.get(name)
                module = value if isinstance(value, types.ModuleType) and \
                    value.__name__.startswith("robocourse") else None
                _add(found, value)
            elif kind is _ATTRIBUTE and module is not None:
                _add(found, getattr(module, name, None))
                module = None
            elif kind is _ATTRIBUTE and owner is not None and name.startswith("_") and \
                    not name.startswith("__"):
                _add(found, inspect.getattr_static(owner, name, None))
            else:
                module = None
    return list(found)


_GLOBAL, _ATTRIBUTE, _OTHER = "global", "attribute", "other"
_KINDS = {dis.opmap[name]: kind for name, kind in (
    ("LOAD_GLOBAL", _GLOBAL), ("LOAD_NAME", _GLOBAL), ("LOAD_ATTR", _ATTRIBUTE),
    ("LOAD_METHOD", _ATTRIBUTE)) if name in dis.opmap}
#: In Python 3.11 LOAD_GLOBAL's argument is twice the name's index; from 3.12 LOAD_ATTR's too.
_SHIFT = {dis.opmap["LOAD_GLOBAL"]: int(sys.version_info >= (3, 11)),
          dis.opmap["LOAD_ATTR"]: int(sys.version_info >= (3, 12))}
_SKIPPED = {dis.EXTENDED_ARG, dis.opmap.get("CACHE", dis.EXTENDED_ARG)}


def _loads(code):
    """``[(kind, name)]``: the instructions of ``code`` that load a global or an attribute,
    with the others as ``(_OTHER, None)`` (a quicker walk than ``dis.get_instructions``:
    only the names are needed)."""
    raw, names, kinds, shift, skipped = code.co_code, code.co_names, _KINDS, _SHIFT, _SKIPPED
    found, argument, other = [], 0, (_OTHER, None)
    for index in range(0, len(raw), 2):
        op = raw[index]
        argument = argument << 8 | raw[index + 1]
        if op in skipped:
            if op != dis.EXTENDED_ARG:
                argument = 0
            continue
        kind = kinds.get(op)
        found.append(other if kind is None else (kind, names[argument >> shift.get(op, 0)]))
        argument = 0
    return found


def _add(found, value):
    """Record a library function or class — or those a module-level table holds."""
    values = value.values() if isinstance(value, dict) else \
        value if isinstance(value, (tuple, list, frozenset, set)) else [value]
    for item in values:
        node = unwrapped(item) if callable(item) or isinstance(
            item, (classmethod, staticmethod, property, functools.cached_property)) else None
        if (inspect.isfunction(node) or inspect.isclass(node)) and _library(node):
            found[node] = None


def _owner(function):
    """The class a method is defined in (None for a function)."""
    path = function.__qualname__.split(".")
    if len(path) < 2 or "<locals>" in path:
        return None
    holder = sys.modules.get(function.__module__)
    for part in path[:-1]:
        holder = getattr(holder, part, None)
    return holder if inspect.isclass(holder) else None
