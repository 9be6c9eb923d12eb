"""The sweep of tests/test_bad_input_api.py again, with values at the edges (issue 41): every
numeric argument of every public callable replaced by a number near the top of floating point
(1e300), and by a numpy masked array with a masked entry. A huge number is computed, or
refused by name, or said to overflow (``OverflowError``: "overflows floating point", never
Python's raw ``(34, 'Numerical result out of range')``), or diagnosed for what it is ("out of
reach", "too long to simulate") — and numpy's RuntimeWarnings never leak. A masked entry is
refused by name (the library would compute with what the mask hides); a masked array with
nothing masked is its data."""

import importlib
import inspect
import pkgutil
import re
import warnings

import numpy as np
import pytest
from bad_input import names
from test_bad_input_api import CALLS, numeric_arguments

import robocourse

HUGE = 1e300
#: What a huge number may be diagnosed as, besides an error that names the argument.
DIAGNOSES = ("overflows floating point", "out of reach", "too long to simulate")


def _numeric_arguments():
    """The numeric arguments of the sweep, but the answer checker's (tests/test_checks.py)."""
    return [case for case in numeric_arguments() if not case[0].startswith("checks.")]


def _names(error, name):
    """Whether ``error`` names ``name`` as a whole name (a huge number may be named in a
    diagnosis, "the tensor of mass 1e+300", not only as the argument the contract wants)."""
    return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", str(error))


def _huge_cases():
    for key, name, value, kind in _numeric_arguments():
        if kind == "number":
            yield pytest.param(key, name, HUGE, id=f"{key}({name}=1e300)")
        elif kind == "vector":
            entries = np.asarray(value, dtype=float).tolist()
            yield pytest.param(key, name, [HUGE, *entries[1:]], id=f"{key}({name}[0]=1e300)")


@pytest.mark.parametrize("key, parameter, value", list(_huge_cases()))
def test_a_huge_number_is_computed_refused_by_name_or_diagnosed(key, parameter, value):
    function, valid = CALLS[key]
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)        # numpy's overflow warnings
        try:
            function(**{**valid, parameter: value})
        except (TypeError, ValueError, OverflowError, RuntimeError) as error:
            text = str(error)
            assert "(34, " not in text, f"{key}: Python's raw overflow error: {text}"
            assert _names(error, parameter) or any(d in text for d in DIAGNOSES), \
                f"{key}: {parameter}={value!r} neither named nor diagnosed: {error}"


def _masked(value, kind, hide):
    array = np.asarray(value, dtype=float)
    mask = np.zeros(array.shape, dtype=bool)
    if hide:
        mask.flat[0] = True
    return np.ma.array(array, mask=mask)


def _masked_cases():
    for key, name, value, kind in _numeric_arguments():
        yield pytest.param(key, name, _masked(value, kind, True), id=f"{key}({name} masked)")
    yield pytest.param("statics.joint_torques_by_jacobian", "wrench",
                       np.ma.array(CALLS["statics.joint_torques_by_jacobian"][1]["wrench"],
                                   mask=[0, 0, 1, 0, 0, 0]), id="the issue's masked wrench")
    yield pytest.param("frames.rot_x", "angle", np.ma.masked, id="numpy's masked constant")


@pytest.mark.parametrize("key, parameter, value", list(_masked_cases()))
def test_a_masked_entry_is_refused_by_name(key, parameter, value):
    """Refused as what hides behind the mask — or, a count, a number of a link or of a row,
    as what it is not (an integer)."""
    function, valid = CALLS[key]
    with pytest.raises((TypeError, ValueError)) as caught:
        function(**{**valid, parameter: value})
    message = str(caught.value)
    assert names(message, parameter), message          # q, or an entry: q[0]
    assert any(kind in message for kind in ("mask", "integer", "distinct row numbers",
                                            "0, 1 or 2")), message


@pytest.mark.parametrize("key, parameter", [
    ("newton_euler.inverse_dynamics", "q"), ("statics.joint_torques_by_jacobian", "wrench"),
    ("trajectories.cubic", "t"), ("identification.condition_number", "W"),
    ("kinematics.forward_kinematics", "q")])
def test_a_masked_array_with_nothing_masked_is_its_data(key, parameter):
    function, valid = CALLS[key]
    plain = function(**valid)
    masked = function(**{**valid, parameter: _masked(valid[parameter], None, False)})
    for got, expected in zip(np.atleast_1d(masked), np.atleast_1d(plain), strict=True):
        np.testing.assert_array_equal(np.asarray(got, dtype=float),
                                      np.asarray(expected, dtype=float))
    assert not isinstance(masked, np.ma.MaskedArray)


# --- the finite-result guard: on every public function of the core, or a reason why not ---------

#: Public functions of the core without ``_checks.finite_result``, each with the reason.
_KERNEL = "a kernel: library code calls it on checked arrays; its callers carry the guard"
_EXACT = "returns exact sympy objects (the guard passes exact results unchecked)"
_BOUNDED = "rearranges its finite inputs or multiplies them by sines and cosines: cannot overflow"
_BUILDS = "builds a robot from checked numbers (its arithmetic runs in the guarded functions)"
_VERDICT = "returns a yes or no, a count, a name or its checked input"
_CODE = "generates code: returns programs, C source, counts, paths or compiled functions"
_SIMULATES = "simulates: an overflow is diagnosed with its time and term (simulate.py)"
_WORDS = "chooses or looks up the words a student reads: no arithmetic"
NOT_GUARDED = {
    **dict.fromkeys([f"language.{name}" for name in (
                         "use", "using", "current", "catalogue_path", "locate", "say", "phrase",
                         "fields", "sayings", "sayings_in", "gaps", "installed_font", "cached")],
                     _WORDS),
    **dict.fromkeys(["frames.cross_unchecked", "frames.velocity_transform_unchecked",
                     "frames.skew_unchecked",
                     "frames.rotation_unchecked", "frames.translation_unchecked",
                     "frames.transform_unchecked", "frames.dh_transform_unchecked",
                     "statics.tool_wrench_unchecked",
                     "statics.joint_torques_by_jacobian_unchecked",
                     "kinematics.link_frames_unchecked", "kinematics.jacobian_unchecked",
                     "newton_euler.link_transforms_unchecked",
                     "newton_euler.outward_recursion_unchecked",
                     "newton_euler.inward_recursion_unchecked",
                     "newton_euler.christoffel_columns_unchecked",
                     "lagrange_euler.pseudo_inertia_unchecked",
                     "closed_form.joint_polynomials_unchecked",
                     "newton_euler.gravity_load_unchecked", "robot.joint_symbols_unchecked",
                     "notation.tidy_unchecked", "inertia.check_inertia_unchecked",
                     "inertia.broken_triangle_inequality_unchecked",
                     *(f"component_recursion.{name}" for name in (
                         "mul", "add", "sub", "constant_cos_sin", "link_parameters",
                         "link_recursion"))], _KERNEL),
    **dict.fromkeys(["closed_form.exact_arm", "closed_form.closed_form",
                     "parameters.parameter_symbols", "inertia.symbolic_inertia",
                     "puma560.target_symbols", "puma560.inverse_transform_equation",
                     "robot.joint_symbols", "base_parameters.base_model",
                     "models.named_mass_properties", "lagrange_euler.joint_derivative_matrix",
                     *(f"equivalence.{name}" for name in (
                         "canonical", "compare", "reduced_difference", "identical",
                         "assert_identical", "random_points_agree")),
                     *(f"notation.{name}" for name in (
                         "tidy", "abbreviate", "lecture_form", "by_rates", "latex",
                         "latex_sum", "show"))], _EXACT),
    "frames.as_rotation": _BOUNDED,
    **dict.fromkeys([f"models.{name}" for name in (
                         "planar_arm", "planar_2r", "planar_2r_distributed", "planar_3r",
                         "rp_arm", "puma560", "puma560_akb", "puma560_d2", "puma560_motors",
                         "akb_joint_signs",
                         "spatial_3r",
                         "with_payload", "random_chain")] + ["identification.experiment_arm"],
                    _BUILDS),
    "spatial.operation_counts": "counts the operations of a run on counting scalars: integers",
    **dict.fromkeys(["parameters.parameter_count", "parameters.parameter_name",
                     "robot.joint_symbol_role", "robot.is_rate", "robot.is_acceleration",
                     "robot.joint_of", "robot.derivative_name", "puma560.wrist_singular",
                     "inertia.check_inertia", "inertia.broken_triangle_inequality",
                     "identification.physical_consistency"], _VERDICT),
    "identification.condition_number": "inf is its answer for a regressor without full rank",
    **dict.fromkeys([f"codegen.{name}" for name in (
                         "cache_folder", "c_compiler", "straight_line_program", "c_source",
                         "count_operations", "compile_c", "operation_count",
                         "compiled_dynamics")], _CODE),
    **dict.fromkeys(["simulate.simulate", "simulate.simulate_equations", "control.track"],
                    _SIMULATES),
    "control.computed_torque": "returns a control law (a function), not numbers",
}


def _core_functions():
    """``{"module.name": function}`` for the public functions each core module defines."""
    found = {}
    for module in pkgutil.iter_modules(robocourse.__path__):
        if module.name.startswith("_") or module.ispkg:
            continue
        namespace = importlib.import_module(f"robocourse.{module.name}")
        found |= {f"{module.name}.{name}": value for name, value in vars(namespace).items()
                  if not name.startswith("_") and inspect.isfunction(value)
                  and value.__module__ == namespace.__name__}
    return found


def test_every_public_function_of_the_core_is_guarded_or_says_why_not():
    functions = _core_functions()         # check.finite_result and check.arguments mark theirs
    guarded = {key for key, function in functions.items()
               if getattr(function, "finite_result", False)}
    assert set(functions) - guarded - set(NOT_GUARDED) == set(), \
        "guard these with check.finite_result or check.arguments, or add them to NOT_GUARDED " \
        "with the reason"
    assert set(NOT_GUARDED) <= set(functions) - guarded, \
        "NOT_GUARDED names what is guarded or is not a public function of the core"


def test_an_overflow_inside_the_library_names_what_the_user_passed():
    """The library calls kernels, so an overflow on the way is the public function's, named
    with the user's arguments, never an argument of a function the user did not call
    (``jacobian_derivative`` once said ``b[0] must be a finite real number``: ``b`` is
    ``cross``'s)."""
    from robocourse import kinematics, models
    arm = models.spatial_3r(l2=1e200, l3=1e200)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        with pytest.raises(OverflowError, match=r"jacobian_derivative\(\.\.\.\) overflows "
                                                r"floating point.*\(in (robot|qd)\)"):
            kinematics.jacobian_derivative(arm, [0.3, 0.4, 0.5], [1e200, 2.0, 3.0])
