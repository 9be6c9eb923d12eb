"""The input gate (robocourse._checks): every check raises the right exception with a
message that names the argument, what was expected and what was got — and every public
function that takes a robot goes through it."""

import inspect
import math

import numpy as np
import pytest
import sympy as sp

from robocourse import (
    _backend,
    closed_form,
    codegen,
    control,
    kinematics,
    lagrange,
    lagrange_euler,
    newton_euler,
    puma560,
    robot,
    simulate,
    statics,
    trajectories,
)
from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.inertia import Box, inertia_by_integration, parallel_axis, point_mass_inertia
from robocourse.models import planar_2r
from robocourse.robot import Link, SerialChain

ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
NEGATIVE = sp.Symbol("m", negative=True)


# --- one value ------------------------------------------------------------------------------

@pytest.mark.parametrize("value, error, message", [
    (True, TypeError, r"x must be a number or a sympy expression, not a bool; got True"),
    (np.True_, TypeError, r"x must be a number .* not a bool"),
    ("1.0", TypeError, r"x must be a number or a sympy expression; got '1.0'"),
    (None, TypeError, r"x must be a number"),
    ([1.0], TypeError, r"x must be a number"),
    (sp.true, TypeError, r"x must be a number or a sympy expression; got True"),
    (sp.Eq(sp.Symbol("a"), 1), TypeError, r"x must be a number"),
    (planar_2r, TypeError, r"x must be a number.*got the function planar_2r \(did you mean "
                           r"planar_2r\(\)\?\)"),
    (1 + 2j, TypeError, r"x must be a real number, not complex; got \(1\+2j\)"),
    (np.complex128(1), TypeError, r"x must be a real number, not complex; got \(1\+0j\)"),
    (2 + sp.I, TypeError, r"x must be real, not complex; got 2 \+ I"),
    (10**400, ValueError, r"x must be a number floating point can hold .*; got an integer of 401 "
     r"digits"),
    (float("nan"), ValueError, r"x must be a finite real number; got nan"),
    (-math.inf, ValueError, r"x must be a finite real number; got -inf"),
    (np.float64("inf"), ValueError, r"x must be a finite real number"),
    (sp.oo, ValueError, r"x must be finite; got oo"),
    (sp.nan, ValueError, r"x must be finite; got nan"),
    (sp.zoo, ValueError, r"x must be finite; got zoo"),
])
def test_a_number_is_real_finite_and_not_a_bool_or_a_string(value, error, message):
    with pytest.raises(error, match=message):
        check._scalar(value, "x")


def test_numbers_and_expressions_pass_and_numpy_scalars_become_python_numbers():
    t = sp.Symbol("t")
    assert check._scalar(2, "x") == 2 and check._scalar(t + 1, "x") == t + 1
    assert type(check._scalar(np.float64(0.5), "x")) is float
    assert check._scalar(np.array(3.0), "x") == 3.0


@pytest.mark.parametrize("value, error, message", [
    ([1.0, 2.0], ValueError, r"q must have 3 entries \(one per joint or axis\); got 2"),
    ("abc", TypeError, r"q must be a sequence of 3 numbers; got 'abc'"),
    (None, TypeError, r"q must be a sequence of 3 numbers; got None"),
    (np.zeros((3, 3)), ValueError, r"q must be a vector of 3 entries; got shape \(3, 3\)"),
    (sp.zeros(3, 3), ValueError, r"q must be a vector of 3 entries; got a 3x3 matrix"),
    ([[1.0, 2.0], [3.0], [4.0]], TypeError, r"q\[0\] must be a number .*got \[1.0, 2.0\]"),
    ([0.0, True, 1.0], TypeError, r"q\[1\] must be a number .* not a bool"),
    (np.array([True, False, True]), TypeError, r"q\[0\] must be a number .* not a bool"),
    ([0.0, "pi", 1.0], TypeError, r"q\[1\] must be a number"),
    ([0.0, 1.0, np.nan], ValueError, r"q\[2\] must be a finite real number"),
])
def test_a_vector_has_the_right_length_and_only_numbers(value, error, message):
    with pytest.raises(error, match=message):
        check._vector(value, 3, "q")


def test_a_vector_of_any_length_must_not_be_empty():
    with pytest.raises(ValueError, match="q0 must hold at least one number; got none"):
        check._vector([], None, "q0")
    np.testing.assert_allclose(check._vector((1, 2, 3, 4), None, "q0"), [1, 2, 3, 4])


def test_a_matrix_has_the_right_shape_and_only_numbers():
    with pytest.raises(ValueError, match=r"R must be a 3x3 matrix; got 2x2"):
        check._matrix(np.eye(2), (3, 3), "R")
    with pytest.raises(TypeError, match=r"R\[1,1\] must be a number .* not a bool"):
        check._matrix([[1, 0], [0, True]], (2, 2), "R")
    with pytest.raises(TypeError, match=r"R must be a 2x2 matrix; got 'I'"):
        check._matrix("I", (2, 2), "R")


# --- the robot, the gate --------------------------------------------------------------------

# Kernels: public names of a lower layer for the modules above it, which call them with a
# robot their own gate has checked (tests/test_layers.py: no private name crosses modules).
KERNELS = {"newton_euler.link_transforms_unchecked", "newton_euler.outward_recursion_unchecked",
           "newton_euler.inward_recursion_unchecked", "kinematics.link_frames_unchecked",
           "kinematics.jacobian_unchecked", "statics.tool_wrench_unchecked",
           "statics.joint_torques_by_jacobian_unchecked", "newton_euler.gravity_load_unchecked",
           "robot.joint_symbols_unchecked"}


def _public_callables_taking_a_robot():
    """Every public function or class of the robot modules whose first argument is a robot
    (but the ``KERNELS``)."""
    found = []
    for module in (kinematics, statics, newton_euler, lagrange, lagrange_euler, simulate,
                   control, codegen, closed_form, puma560, trajectories, robot):
        for name, value in vars(module).items():
            if name.startswith("_") or getattr(value, "__module__", None) != module.__name__:
                continue
            if not (inspect.isfunction(value) or inspect.isclass(value)):
                continue
            try:
                parameters = list(inspect.signature(value).parameters.values())
            except ValueError:                            # an exception class: no robot
                continue
            if parameters and parameters[0].name in ("robot", "plant") and \
                    f"{module.__name__.split('.')[-1]}.{name}" not in KERNELS:
                found.append((f"{module.__name__.split('.')[-1]}.{name}", value, parameters))
    return found


_FILLERS = {"T": np.eye(4), "x": 1.0, "y": 0.5, "wrench": [0.0] * 6, "start": [1.0, 0.0],
            "end": [0.0, 1.0], "points": 3, "duration": 1.0, "controller": ARM, "Kp": 1.0,
            "Kv": 1.0, "trajectory": None, "motion": None}


@pytest.mark.parametrize("function, parameters", [
    pytest.param(function, parameters, id=name)
    for name, function, parameters in _public_callables_taking_a_robot()])
def test_a_model_function_instead_of_a_robot_asks_did_you_mean(function, parameters):
    """``inverse_dynamics(planar_2r, ...)`` and every other such call: the friendly message."""
    required = [p for p in parameters[1:] if p.default is inspect.Parameter.empty
                and p.kind is p.POSITIONAL_OR_KEYWORD]
    arguments = [_FILLERS.get(p.name, [0.0, 0.0]) for p in required]
    first = parameters[0].name
    with pytest.raises(TypeError, match=rf"{first} must be a SerialChain; got the function "
                                        r"planar_2r \(did you mean planar_2r\(\)\?\)"):
        function(planar_2r, *arguments)


def test_the_gate_covers_the_dynamics_kinematics_and_statics_modules():
    names = {name for name, _, _ in _public_callables_taking_a_robot()}
    for verb in ("inverse_dynamics", "mass_matrix", "velocity_product", "coriolis_matrix",
                 "gravity_load"):
        assert {f"newton_euler.{verb}", f"lagrange.{verb}", f"lagrange_euler.{verb}"} <= names
    assert {"kinematics.jacobian", "kinematics.inverse_kinematics_2r", "statics.tool_wrench",
            "puma560.inverse_kinematics", "codegen.CompiledDynamics"} <= names


def test_anything_else_instead_of_a_robot_names_its_type():
    with pytest.raises(TypeError, match=r"robot must be a SerialChain \(e.g. planar_2r\(\)\); "
                                        r"got str"):
        check._robot("2R")


def _declared(dynamics=False):
    """A public function of the library in miniature: its arguments declared to the gate."""
    @check.arguments(robot=check.Robot(dynamics=dynamics), q=check.Joints(),
                     qd=check.Optional(check.Joints()), qdd=check.Optional(check.Joints()),
                     load=check.Optional(check.Vector(2)))
    def declared(robot, q, qd=None, qdd=None, load=None):
        return q
    return declared


def test_the_gate_decides_symbolic_once_from_everything_the_call_reads():
    t = sp.Symbol("theta1")
    q = _declared()(ARM, [t, 0.0])
    assert isinstance(q, sp.MatrixBase) and q[0] == t
    massive = planar_2r(l1=1.0, l2=1.0, m1=sp.Symbol("m1"), m2=1.0, g=9.81)
    assert isinstance(_declared(dynamics=True)(massive, [0.0, 0.0]), sp.MatrixBase)  # the mass
    assert isinstance(_declared()(massive, [0.0, 0.0]), np.ndarray)   # kinematics does not
    assert isinstance(_declared()(ARM, [0.0, 0.0], load=[sp.Symbol("f"), 0]), sp.MatrixBase)


def test_the_gate_checks_every_joint_vector_by_its_name():
    with pytest.raises(ValueError, match="qdd must have 2 entries \\(one per joint\\); got 3"):
        _declared()(ARM, [0, 0], qd=[0, 0], qdd=[0, 0, 0])
    with pytest.raises(TypeError, match=r"qd\[0\] must be a number .* not a bool"):
        newton_euler.inverse_dynamics(ARM, [0.0, 0.0], [True, False], [0.0, 0.0])


def test_dynamics_needs_every_link_s_mass_properties():
    half = SerialChain([Link(mass=1.0, r_c=[0, 0, 0], I_c=np.eye(3)), Link(a=1.0)], name="half")
    with pytest.raises(ValueError, match=r"link 2 of 'half' has no mass, r_c, I_c"):
        _declared(dynamics=True)(half, [0, 0])
    _declared()(half, [0, 0])                                              # kinematics is fine


# --- numbers of links, counts, choices, tolerances --------------------------------------------

@pytest.mark.parametrize("value", [0, 3, True, 1.0, "1", -1])
def test_a_link_number_is_an_integer_from_one(value):
    with pytest.raises(ValueError, match=rf"link must be an integer from 1 to 2; got {value!r}"):
        check._link_number(value, 2)


def test_none_is_a_link_number_only_where_it_means_something():
    assert check._link_number(None, 2, none="the tool frame") is None
    assert check._link_number(np.int64(2), 2) == 2
    with pytest.raises(ValueError, match=r"\(or None for all links\); got 'all'"):
        check._link_number("all", 2, none="all links")
    with pytest.raises(ValueError, match=r"link must be an integer from 1 to 2; got None"):
        check._link_number(None, 2)


def test_one_link_number_check_everywhere():
    for call in (lambda: kinematics.jacobian_by_cross_products(ARM, [0, 0], link=True),
                 lambda: lagrange.potential_energy(ARM, [0, 0], link=3),
                 lambda: newton_euler.newton_euler(ARM, [0, 0], [0, 0], [0, 0]).link(0),
                 lambda: statics.static_forces_by_propagation(ARM, [0, 0], [0] * 6).force(4)):
        with pytest.raises(ValueError, match=r"must be an integer from 1 to \d"):
            call()


@pytest.mark.parametrize("value", [1, 2.0, True, "3"])
def test_a_count_is_an_integer_at_least_the_minimum(value):
    with pytest.raises(ValueError, match=rf"points must be an integer >= 3; got {value!r}"):
        check._count(value, "points", 3)


def test_a_choice_is_one_of_the_strings():
    with pytest.raises(ValueError, match=r"elbow must be 'up' or 'down'; got 'left'"):
        check._choice("left", "elbow", ("up", "down"))
    with pytest.raises(ValueError, match=r"frame must be 'base' or 'tool'; got 0"):
        check._choice(0, "frame", check.FRAMES)


@pytest.mark.parametrize("value, error", [(-0.1, ValueError), (1.0, ValueError),
                                          (True, TypeError), ("1e-9", TypeError)])
def test_a_tolerance_is_relative(value, error):
    with pytest.raises(error, match="tol"):
        check._tolerance(value)
    with pytest.raises(error, match="tol"):
        kinematics.is_singular(ARM, [0.3, 1.0], rows=(0, 1), tol=value)


# --- masses and positive quantities -----------------------------------------------------------

@pytest.mark.parametrize("call, name", [
    (lambda m: Link(mass=m), "mass"),
    (lambda m: point_mass_inertia(m, [1, 0, 0]), "mass"),
    (lambda m: parallel_axis(sp.zeros(3), m, [1, 0, 0]), "mass"),
    (lambda m: inertia_by_integration(Box(1, 1, 1), m), "mass"),
    (lambda m: planar_2r(m1=m), "m1"),                     # named as the model names it
])
def test_one_mass_check_refuses_negative_masses_everywhere(call, name):
    with pytest.raises(ValueError, match=rf"{name} must be >= 0 \(kg\); got m, a symbol declared "
                                         r"negative"):
        call(NEGATIVE)
    with pytest.raises(ValueError, match=rf"{name} must be >= 0 \(kg\); got -1.5"):
        call(-1.5)
    with pytest.raises(TypeError, match=rf"{name} must be a number .* not a bool"):
        call(True)
    call(sp.Symbol("m"))                                      # unknown sign: allowed


def test_a_positive_quantity_refuses_zero_negative_and_declared_non_positive_symbols():
    with pytest.raises(ValueError, match=r"duration must be > 0 \(s\); got -1.0"):
        check._positive(-1.0, "duration", "s")
    with pytest.raises(ValueError, match=r"w must be > 0 \(a length, m\); got w, which is "
                                         r"declared not positive"):
        Box(sp.Symbol("w", nonpositive=True), 1, 1)
    assert check._positive(sp.Symbol("L"), "L", "m") == sp.Symbol("L")


# --- gravity and the wrench ------------------------------------------------------------------

@pytest.mark.parametrize("value, error, message", [
    (False, TypeError, r"gravity must be a 3-vector in \{0\}, None \(the robot's own\) or 0 "
                       r"\(none\); got False"),
    (True, TypeError, r"gravity must be .* got True"),
    ("no", TypeError, r"gravity must be .* got 'no'"),
    (9.81, ValueError, r"gravity must be .* got the number 9.81"),
    ([0.0, -9.81], ValueError, r"gravity must have 3 entries \(x, y, z in \{0\}\); got 2"),
])
def test_gravity_is_none_zero_or_a_vector(value, error, message):
    for call in (lambda: newton_euler.inverse_dynamics(ARM, [0, 0], [0, 0], [0, 0], gravity=value),
                 lambda: lagrange.gravity_load(ARM, [0, 0], gravity=value),
                 lambda: lagrange_euler.inverse_dynamics(ARM, [0, 0], [0, 0], [0, 0],
                                                         gravity=value)):
        with pytest.raises(error, match=message):
            call()


def test_gravity_none_is_the_robot_s_and_zero_is_none():
    np.testing.assert_allclose(check._gravity(None, ARM, B.NUMBERS), [0.0, -9.81, 0.0])
    np.testing.assert_allclose(check._gravity(0, ARM, B.NUMBERS), [0.0, 0.0, 0.0])
    assert check._gravity(sp.Integer(0), ARM, B.SYMBOLS) == sp.zeros(3, 1)
    np.testing.assert_allclose(check._gravity((0, 0, -1), ARM, B.NUMBERS), [0.0, 0.0, -1.0])


def test_a_wrench_is_six_numbers_and_none_is_no_load():
    with pytest.raises(ValueError, match=r"wrench must have 6 entries \(fx, fy, fz, nx, ny, nz\); "
                                         r"got 3"):
        check._wrench([1, 2, 3], B.NUMBERS)
    with pytest.raises(TypeError, match=r"wrench\[5\] must be a number"):
        check._wrench([0, 0, 0, 0, 0, "z"], B.NUMBERS)
    np.testing.assert_allclose(check._wrench(None, B.NUMBERS), np.zeros(6))


# --- the named tolerances ---------------------------------------------------------------------

def test_only_float_round_off_makes_an_angle_an_exact_right_angle():
    quarter = math.pi / 2
    for typed, exact in ((np.radians(-90.0), -sp.pi / 2), (90 * math.pi / 180, sp.pi / 2),
                         (3 * quarter, 3 * sp.pi / 2), (-math.pi, -sp.pi)):
        assert _backend.exact_angle(typed) == exact
    assert _backend.exact_angle(quarter * (1 + check.RIGHT_ANGLE / 2)) == sp.pi / 2
    assert _backend.exact_angle(quarter * (1 + 2 * check.RIGHT_ANGLE)) != sp.pi / 2
    for meant in (1e-9, -5.96e-8, quarter + 1e-9):        # small angles that are meant
        assert _backend.exact_angle(meant) == meant


def test_rotation_tolerance_accepts_seven_typed_decimals_not_three():
    from robocourse.frames import as_rotation, rot_z
    as_rotation(np.round(np.array(rot_z(0.3), dtype=float), 7))
    with pytest.raises(ValueError, match=r"R must be a rotation matrix.*up to"):
        as_rotation(np.round(np.array(rot_z(0.3), dtype=float), 3))


def test_a_set_is_refused_where_order_matters_and_sorted_where_it_is_a_set_of_symbols():
    with pytest.raises(TypeError, match=r"^q must be a sequence of 2 numbers in order \(a list, "
                                        r"a tuple or an array\): a set has no order; got"):
        check._vector({0.2, 0.1}, 2, "q")
    with pytest.raises(TypeError, match=r"^links must be a sequence of Link objects in order "
                                        r"\(a set has no order\)"):
        SerialChain({Link(), Link(a=1.0)})
    a, b = sp.symbols("a b")
    assert check._symbols({b, a}, None, "extra") == [a, b]


def test_a_batch_of_states_with_an_integer_too_large_for_floating_point_is_named():
    with pytest.raises(TypeError, match=r"^q must be a batch of states \(an array of real numbers"):
        check._states([[10**400, 0.0]], 2, "q")


# --- the edge: rules declared once per argument (check.arguments) --------------------------

@check.arguments(robot=check.Robot(dynamics=True), q=check.Joints(), wrench=check.Wrench(),
                 frame=check.Frame(), gravity=check.Gravity())
def _edge(robot, q, wrench=None, *, frame="base", gravity=None):
    return q, wrench, frame, gravity


def test_arguments_checks_each_argument_by_its_rule_and_names_it():
    q, wrench, frame, g = _edge(ARM, [0, 1])
    assert isinstance(q, np.ndarray) and q.dtype == float and not wrench.any()    # no load
    assert frame == "base"
    np.testing.assert_array_equal(g, ARM.gravity)
    with pytest.raises(ValueError, match=r"q must have 2 entries \(one per joint\); got 3"):
        _edge(ARM, [0, 1, 2])
    with pytest.raises(ValueError, match=r"frame must be 'base' or 'tool'; got 'world'"):
        _edge(ARM, [0, 1], frame="world")
    with pytest.raises(ValueError, match=r"wrench must have 6 entries"):
        _edge(ARM, [0, 1], [1, 2])
    with pytest.raises(TypeError, match=r"robot must be a SerialChain; got the function"):
        _edge(planar_2r, [0, 1, 2])                                      # the robot first


def test_arguments_decides_numbers_or_symbols_once_for_the_whole_call():
    f = sp.Symbol("f")
    q, wrench, _, g = _edge(ARM, [0, 1], [f, 0, 0, 0, 0, 0])        # a symbol in the load
    assert isinstance(q, sp.MatrixBase) and isinstance(wrench, sp.MatrixBase)
    assert isinstance(g, sp.MatrixBase)
    q, _, _, g = _edge(planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0), [0, 1])    # g: a symbol
    assert isinstance(q, sp.MatrixBase) and g == sp.Matrix([0, -sp.Symbol("g"), 0])


def test_arguments_leaves_a_wrong_call_to_python_and_guards_the_result():
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'q'"):
        _edge(ARM)
    with pytest.raises(TypeError, match="unexpected keyword argument 'qd'"):
        _edge(ARM, [0, 1], qd=[0, 0])
    with pytest.raises(TypeError, match="multiple values for argument 'q'"):
        _edge(ARM, [0, 1], q=[0, 1])

    @check.arguments(x=check.Number())
    def square(x):
        return np.array([x]) ** 2

    with pytest.raises(OverflowError, match=r"square\(\.\.\.\) overflows floating point"):
        square(1e200)
    assert square.finite_result and square.__wrapped__(3) == 9


def test_joints_without_a_robot_and_a_value_kept_as_given():
    """A rule of joints takes their number from the arguments when the call has no robot;
    ``Values(kept=True)`` checks a value and hands it over as given (its kind decides)."""
    gains = check.PerJoint(length=lambda given: given["n"])
    states = check.States(lambda given: given["self"].n)
    np.testing.assert_array_equal(gains.of([1, 2], "gains", n=2), [1.0, 2.0])
    assert gains.of(3, "gains", n=2) == 3.0
    with pytest.raises(ValueError, match=r"gains must have 2 entries \(one per joint\); got 3"):
        gains.of([1, 2, 3], "gains", n=2)
    with pytest.raises(ValueError, match=r"q must be a batch of states, shape \(N, 2\)"):
        states.of(np.ones((4, 3)), "q", self=ARM)
    other = check.Values(kept=True)
    kept = sp.Matrix([1, 2])
    assert other.of(kept, "other") is kept
    with pytest.raises(ValueError, match=r"other\[1\] must be a finite real number; got nan"):
        other.of([0, np.nan], "other")


def test_a_rule_bounds_what_it_converts_and_sizes_by_the_other_arguments():
    @check.arguments(robot=check.Robot(numeric=True),
                     ghosts=check.Matrix(None, lambda given: given["robot"].n, numeric=True),
                     durations=check.Values(unit="s", at_least=">0"),
                     T=check.Number("s", at_least=">0", numeric=True))
    def plan(robot, ghosts, durations, T):
        return ghosts, durations, T

    ghosts, durations, T = plan(ARM, [[0, 1]], [1, 2], sp.Integer(2))
    assert ghosts.shape == (1, 2) and durations.tolist() == [1.0, 2.0] and T == 2.0
    with pytest.raises(ValueError, match=r"ghosts must be a Nx2 matrix; got 1x3"):
        plan(ARM, [[0, 1, 2]], 1.0, 1.0)
    with pytest.raises(ValueError, match=r"durations\[1\] must be > 0 \(s\); got 0.0"):
        plan(ARM, [[0, 1]], [1, 0], 1.0)
    with pytest.raises(TypeError, match=r"T must be a number here .* got T"):
        plan(ARM, [[0, 1]], 1.0, sp.Symbol("T", positive=True))


def test_arguments_refuses_rules_it_cannot_apply():
    with pytest.raises(TypeError, match="has no argument y"):
        check.arguments(y=check.Number())(lambda x: x)
    with pytest.raises(TypeError, match=r"takes \*args"):
        check.arguments(x=check.Number())(lambda *x: x)


def test_a_numeric_bound_is_one_number_then_bounded():
    """A duration, a solver's rtol: one number (not an array, not a symbol), then bounded;
    a gain per joint is > 0 entry by entry."""
    duration = check.Number("s", at_least=">0", numeric=True)
    assert duration.of(sp.pi / 2, "duration") == math.pi / 2
    rtol = check.Tolerance(at_least=">0", numeric=True)
    assert rtol.of(1e-8, "rtol") == 1e-8
    for rule, name, bad, error, message in (
            (duration, "duration", np.array([0.01]), TypeError, r"must be a number .*array"),
            (duration, "duration", sp.Symbol("T"), TypeError, "must be a number here"),
            (duration, "duration", 0, ValueError, r"must be > 0 \(s\); got 0"),
            (rtol, "rtol", 0.0, ValueError, r"must be > 0 \(relative\)"),
            (rtol, "rtol", 2.0, ValueError, "must be a relative tolerance"),
            (rtol, "rtol", sp.Symbol("r"), TypeError, "must be a number here")):
        with pytest.raises(error, match=f"^{name} {message}"):
            rule.of(bad, name)
    gain = check.PerJoint("1/s", at_least=">0")
    np.testing.assert_array_equal(gain.of([1, 2], "Kv", robot=ARM), [1.0, 2.0])
    with pytest.raises(ValueError, match=r"Kv\[1\] must be > 0 \(1/s\); got -1.0"):
        gain.of([1.0, -1.0], "Kv", robot=ARM)


def test_a_vector_may_be_a_batch_and_take_its_length_from_the_arguments():
    rates = check.Vector(lambda given: given["n"], batch=True)
    batch = rates.of(np.ones((3, 2)), "qd", scalars=B.NUMBERS, n=2)
    assert batch.shape == (3, 2) and batch.dtype == float
    with pytest.raises(ValueError, match="qd must be a batch of states"):
        rates.of(np.ones((3, 3)), "qd", scalars=B.NUMBERS, n=2)
    with pytest.raises(ValueError, match=r"qd must have 2 entries"):
        rates.of([1.0], "qd", scalars=B.NUMBERS, n=2)
    with pytest.raises(ValueError, match=r"qd must be a vector of 2 entries; got shape"):
        rates.of(np.ones((3, 2)), "qd", scalars=B.SYMBOLS, n=2)          # symbols: one vector


def test_a_fast_path_accepts_exactly_what_the_checks_one_by_one_accept():
    np.testing.assert_array_equal(check._vector([1, 2.5, 3], 3, "v"), [1.0, 2.5, 3.0])
    for bad, error in (([1.0, True, 3.0], TypeError), ([1.0, math.inf, 3.0], ValueError),
                       ([1.0, 10**400, 3.0], ValueError)):
        with pytest.raises(error, match=r"v\[1\]"):
            check._vector(bad, 3, "v")
