"""Bad input of the kinds a fresh sweep found (issue 41), each class wherever it can occur:
symbols that cannot be a real number, one state given two ways, numbers that start at 1,
degrees for radians, extreme values diagnosed for what they are, and a simulation that
runs away."""

import inspect
import re
import warnings

import numpy as np
import pytest
import sympy as sp
from bad_input import assert_keeps_the_contract, named_in_the_error

from robocourse import _checks as check
from robocourse import frames, kinematics, lagrange, lagrange_euler, newton_euler, simulate
from robocourse.codegen import CompiledDynamics
from robocourse.identification import condition_number
from robocourse.inertia import Box
from robocourse.models import planar_2r, rp_arm
from robocourse.robot import Link
from robocourse.trajectories import cubic, synchronised

ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
Q, QD, QDD = [0.3, 1.0], [0.5, -0.2], [0.1, 0.4]
COMPLEX = sp.Symbol("z", real=False)
MATRIX = sp.Symbol("N", commutative=False)
x, xd, xdd = sp.symbols("x xdot xddot")

KINDS = [
    # a symbol declared real=False is a complex number; commutative=False, a matrix
    ("a joint angle declared real=False", lambda: kinematics.forward_kinematics(ARM, [COMPLEX, 0]),
     TypeError, "q[0]", "real", "z"),
    ("twice a complex symbol",
     lambda: newton_euler.inverse_dynamics(ARM, [2 * COMPLEX, 0], QD, QDD), TypeError,
     "q[0]", "real", "2*z"),
    ("a length declared real=False", lambda: planar_2r(l1=COMPLEX), TypeError, "l1", "real", "z"),
    ("a twist declared real=False", lambda: Link(alpha=COMPLEX), TypeError, "alpha", "real", "z"),
    ("a box of a complex width", lambda: Box(COMPLEX, 1, 1), TypeError, "w", "real", "z"),
    ("a non-commutative joint angle", lambda: kinematics.forward_kinematics(ARM, [MATRIX, 0]),
     TypeError, "q[0]", "real", "N"),
    ("a non-commutative length in a sum", lambda: planar_2r(l2=MATRIX + 1), TypeError,
     "l2", "real", "1 + N"),
    ("a non-commutative time", lambda: cubic(0, 1, 2, MATRIX * x), TypeError, "t", "real", "x*N"),
    # numbers that start at 1
    ("Christoffel symbol c_000", lambda: lagrange.christoffel_symbols(ARM, Q)[0, 0, 0], KeyError,
     "christoffel_symbols(...)[i, j, k]", "from 1 to 2", "(0, 0, 0)"),
    ("Christoffel symbol c_113 of two joints",
     lambda: lagrange.christoffel_symbols(ARM, Q)[1, 1, 3], KeyError,
     "christoffel_symbols(...)[i, j, k]", "from 1 to 2", "(1, 1, 3)"),
    ("U_0", lambda: lagrange_euler.transform_derivatives(ARM, Q)[0], KeyError,
     "transform_derivatives(...)[i]", "from 1 to 2", "0"),
    ("U_20", lambda: lagrange_euler.transform_derivatives(ARM, Q)[2][0], KeyError,
     "transform_derivatives(...)[2][j]", "from 1 to 2", "0"),
    # a condition number that is no number
    ("the condition number of zeros", lambda: condition_number(np.zeros((6, 3))), ValueError,
     "W", "not be all zeros"),
    ("the condition number of a dependent column",
     lambda: condition_number(np.array([[1.0, 0.0, 1.0], [2.0, 0.0, 1.0], [3.0, 0.0, 4.0]])),
     ValueError, "W", "full column rank", "rank 2"),
    ("the condition number of fewer rows than columns", lambda: condition_number(np.ones((1, 3))),
     ValueError, "W", "full column rank", "rank 1"),
    # extreme values, diagnosed
    ("a target at 1e300", lambda: kinematics.inverse_kinematics_2r(ARM, 1e300, 0.0), ValueError,
     "x", "out of reach", "1e+300"),
    ("a target at (1e300, 1e300)", lambda: kinematics.inverse_kinematics_2r(ARM, 1e300, 1e300),
     ValueError, "x", "out of reach", "1.414"),
    ("a target just beyond twice the reach (no overflow there)",
     lambda: kinematics.inverse_kinematics_2r(ARM, 4.0000001, 0.0), ValueError,
     "x", "out of reach", "4.0000001"),
    ("forward dynamics at rates whose squares overflow",
     lambda: CompiledDynamics(ARM, backend="numpy").forward_dynamics(Q, [1e200, 0.0], [0, 0]),
     OverflowError, "qd", "floating point"),
    ("simulate under a torque that runs away",
     lambda: simulate.simulate(ARM, [0.0, 0.0], [0.0, 0.0], 1.0, lambda t, q, qd: [1e300, 0.0]),
     OverflowError, "qd", "floating point"),
    ("simulate by Newton-Euler under a torque that runs away",
     lambda: simulate.simulate(ARM, [0.0, 0.0], [0.0, 0.0], 1.0, lambda t, q, qd: [1e300, 0],
                               model=False), OverflowError,
     "qd", "floating point"),
    ("simulate under a torque so large that the steps vanish",
     lambda: simulate.simulate(ARM, Q, [0.0, 0.0], 1.0, lambda t, q, qd: [1e300, 0.0]), ValueError,
     "duration", "too long", "1 s"),
    ("simulate from rates that overflow", lambda: simulate.simulate(ARM, Q, [1e200, 0.0], 1.0),
     OverflowError, "qd", "floating point", "1e+200"),
    ("equations that overflow", lambda: simulate.simulate_equations(
        sp.Matrix([xdd - xd**2]), [x], [xd], [xdd], [0.0], [1e200], 1.0), OverflowError,
     "qd", "floating point", "1e+200"),
    ("the time limit at zero", lambda: simulate.simulate(ARM, Q, QD, 0.1, time_limit=0), ValueError,
     "time_limit", "> 0", "0"),
    ("the time limit as text", lambda: simulate.simulate(ARM, Q, QD, 0.1, time_limit="1"),
     TypeError, "time_limit", "number", "'1'"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(KINDS)


def test_a_complex_symbol_may_still_be_displayed_and_a_plain_one_computed():
    """Only what cannot be real is refused: symbols of unknown kind are the course's own."""
    assert kinematics.forward_kinematics(ARM, [x, 0])[0, 3] == 1.0 * sp.cos(x) + 1.0 * sp.cos(x)


# --- one state, one shape -------------------------------------------------------------------

@pytest.mark.parametrize("verb, arguments", [
    (newton_euler.inverse_dynamics, (Q, QD, QDD)), (newton_euler.mass_matrix, (Q,)),
    (newton_euler.velocity_product, (Q, QD)), (newton_euler.coriolis_matrix, (Q, QD)),
    (newton_euler.gravity_load, (Q,))])
def test_one_state_as_a_list_of_rows_is_a_batch_like_the_array(verb, arguments):
    as_list = verb(ARM, *([state] for state in arguments))
    as_array = verb(ARM, *(np.array([state]) for state in arguments))
    one = verb(ARM, *arguments)
    assert as_list.shape == as_array.shape == (1, *one.shape)
    np.testing.assert_array_equal(as_list, as_array)
    np.testing.assert_allclose(as_list[0], one, atol=1e-12)


def test_a_row_of_symbols_stays_one_symbolic_state():
    tau = newton_euler.gravity_load(planar_2r(), [[x, 0]])
    assert isinstance(tau, sp.MatrixBase) and tau.shape == (2, 1)


# --- degrees for radians ----------------------------------------------------------------------

DEGREES = {
    "joint angles": lambda: kinematics.forward_kinematics(ARM, [90, 0]),
    "joint angles of a dynamics call": lambda: newton_euler.inverse_dynamics(ARM, [90, 45],
                                                                             QD, QDD),
    "a batch of states": lambda: newton_euler.gravity_load(ARM, np.array([[0.0, 0.0],
                                                                         [180.0, 90.0]])),
    "a start to simulate": lambda: simulate.simulate(ARM, [-90, 0], [0, 0], 0.01, samples=2),
    "a rotation": lambda: frames.rot_z(90),
    "a DH transform": lambda: frames.dh_transform(90, 1.0, 0, 0),
    "a link's twist": lambda: Link(alpha=-90),
    "a link's joint angle": lambda: Link(a=1.0).transform(90),
    "a negative right angle": lambda: kinematics.forward_kinematics(ARM, [-90.0, 0.0]),
    "a full turn in degrees": lambda: frames.rot_x(360),
}
RADIANS = {
    "angles in radians": lambda: kinematics.forward_kinematics(ARM, [np.pi / 2, 0.0]),
    "whole radians within a turn": lambda: kinematics.forward_kinematics(ARM, [6, -6]),
    "not all whole": lambda: kinematics.forward_kinematics(ARM, [90, 0.5]),
    "more than a turn of degrees": lambda: frames.rot_z(361),
    "a link's joint angle in radians": lambda: Link(alpha=np.pi / 2).transform(1.5),
    "a prismatic link's length": lambda: Link(joint="prismatic").transform(90),
    "a prismatic joint's length": lambda: kinematics.forward_kinematics(rp_arm(l1=1.0), [1.0, 10]),
    "symbols": lambda: kinematics.forward_kinematics(ARM, [x, 90]),
    "the library's own calls with the user's radians": lambda: synchronised([0, 0], [1, 2], 1.0),
}


@pytest.mark.parametrize("call", DEGREES.values(), ids=DEGREES.keys())
def test_whole_angles_beyond_a_turn_of_radians_warn_of_degrees_at_the_users_line(call):
    with pytest.warns(check.DegreesWarning, match=r"looks like degrees: every angle is a whole "
                                              r"number and -?\d+ is more than a turn \(2π rad\). "
                                              r"The library takes radians: np.radians\(") as caught:
        call()
    assert len(caught) == 1 and caught[0].filename == __file__


@pytest.mark.parametrize("call", RADIANS.values(), ids=RADIANS.keys())
def test_angles_that_are_not_degrees_do_not_warn(call):
    with warnings.catch_warnings():
        warnings.simplefilter("error", check.DegreesWarning)
        call()


def test_the_warning_is_the_frames_module_s_and_filters_away():
    assert frames.DegreesWarning is check.DegreesWarning and issubclass(check.DegreesWarning,
                                                                        UserWarning)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", category=frames.DegreesWarning)
        kinematics.forward_kinematics(ARM, [90, 0])


# --- a simulation that runs away, and the budgets -------------------------------------------

def test_a_simulation_that_turns_stiff_is_stopped_by_its_time_limit():
    """An equation that needs ~3e7 evaluations (the up-front estimate lets it run, for ten
    minutes) is stopped after time_limit seconds of computing, with where it got to."""
    stiff = sp.Matrix([xdd + 2e5 * xd])
    with pytest.raises(RuntimeError) as caught:
        simulate.simulate_equations(stiff, [x], [xd], [xdd], [0.0], [1.0], 1.0, time_limit=0.2)
    assert_keeps_the_contract(str(caught.value), "time_limit", ("stiff", "'Radau'", "'BDF'"),
                              "0.2 s")
    simulate.simulate_equations(stiff, [x], [xd], [xdd], [0.0], [1.0], 1.0, method="Radau",
                                time_limit=60.0)                      # the stiff solver's way


def _budget(needed):
    """The error (or None) of the evaluation budget after 256 calls whose progress says the
    whole motion would need ``needed`` evaluations."""
    counted = simulate._within_budget(lambda t, y: y, 1.0, 60.0)
    try:
        for _ in range(256):
            counted(256 / needed, np.zeros(2))
    except ValueError as error:
        return error
    return None


def test_the_evaluation_budget_is_pinned_just_inside_and_just_outside():
    assert check.MAX_EVALUATIONS == 10**8
    assert _budget(0.99 * check.MAX_EVALUATIONS) is None
    error = _budget(1.01 * check.MAX_EVALUATIONS)
    assert re.search(r"would need about 1e\+08 of them \(simulate takes at most 1e\+08\)",
                     str(error))


def test_the_default_time_limit_is_two_minutes():
    assert check.TIME_LIMIT == 120.0
    for function in (simulate.simulate, simulate.simulate_equations):
        assert inspect.signature(function).parameters["time_limit"].default == check.TIME_LIMIT


@pytest.mark.parametrize("model", [None, False], ids=["compiled", "Newton-Euler"])
def test_a_runaway_simulation_leaks_no_numpy_warning(model):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        with pytest.raises(OverflowError) as caught:
            simulate.simulate(ARM, [0.0, 0.0], [0.0, 0.0], 1.0, lambda t, q, qd: [1e300, 0.0],
                              model=model)
    assert_keeps_the_contract(str(caught.value), "qd", "floating point")
