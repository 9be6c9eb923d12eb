"""Every error robocourse.simulate raises, word for word: the whole English sentence a
student reads, with the values it shows (the argument, the time, how far the motion got,
what the solver said), from a call that reaches it."""

import functools
import pathlib
import re
import warnings

import numpy as np
import pytest
import sympy as sp

from robocourse.codegen import CompiledDynamics
from robocourse.models import planar_2r, planar_arm
from robocourse.robot import Link, SerialChain
from robocourse.simulate import (
    JointSpring,
    Motion,
    actuator_work,
    energy,
    forward_dynamics,
    simulate,
    simulate_equations,
)
from tests.bad_input import raised

ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
FAST = CompiledDynamics(ARM)
HUGE = planar_2r(l1=1e200, l2=1e200, m1=1e200, m2=1.0, g=9.81)
MASSLESS = SerialChain([Link(a=0.0, mass=0.0, r_c=[0, 0, 0], I_c=np.zeros((3, 3))),
                        Link(a=1.0, mass=0.0, r_c=[0, 0, 0], I_c=np.zeros((3, 3)))])
x, xd, xdd, y, yd, ydd = sp.symbols("x xdot xddot y ydot yddot")
STILL = (np.zeros((2, 2)),) * 3

STIFF_ADVICE = ("the solver takes ever smaller steps, so the equations have turned stiff (try "
                "method='Radau' or 'BDF') or the motion runs away (check the torques, and the "
                "signs of damping and friction); a larger time_limit goes on")
RUNS_AWAY = ("The torques or the starting state are too large, or the motion runs away (check "
             "the torques, and the signs of damping and friction)")


def _torque(torque):
    """A 10 ms simulation of the double pendulum under ``torque``."""
    return lambda: simulate(ARM, [0.0, 0.0], [0.0, 0.0], 0.01, torque, model=FAST)


def _oscillator(equations, q0=(0.0,), qd0=(0.0,), duration=0.01, **options):
    """``simulate_equations`` of one coordinate x (rate xdot, acceleration xddot)."""
    return lambda: simulate_equations(equations, [x], [xd], [xdd], list(q0), list(qd0),
                                      duration, **options)


MESSAGES = [
    ("a chain without masses", lambda: forward_dynamics(MASSLESS, [0.1, 0.2], [0.0, 0.0],
                                                        [1.0, 0.0]), ValueError,
     "the mass matrix M(q) is singular at q = [0.1, 0.2]: do all moving links have mass and "
     "inertia?"),
    ("a motion whose times go back", lambda: Motion([0.1, 0.0], *STILL), ValueError,
     "t must increase from sample to sample; got [0.1, 0.0]"),
    ("a motion with two equal times", lambda: Motion([0.0, 0.0], *STILL), ValueError,
     "t must increase from sample to sample; got [0.0, 0.0]"),
    ("a motion whose times are a matrix", lambda: Motion(np.zeros((2, 2)), *STILL), ValueError,
     "t must be a vector; got shape (2, 2)"),
    ("a motion with fewer rows of q than times",
     lambda: Motion([0.0, 0.1, 0.2], *STILL), ValueError,
     "q must have one row per time in t (3); got 2"),
    ("a motion with more rows of tau than times",
     lambda: Motion([0.0, 0.1], np.zeros((2, 2)), np.zeros((2, 2)), np.zeros((3, 2))),
     ValueError, "tau must have one row per time in t (2); got 3"),
    ("a motion at a symbolic time", lambda: Motion([0.0, sp.Symbol("T")], *STILL), TypeError,
     "t[1] must be a number here (this computation is numeric), not an expression in symbols; "
     "got T"),
    ("a motion of one joint given as vectors",
     lambda: Motion([0.0, 1.0, 2.0], np.zeros(3), np.ones(3), np.zeros(3)), ValueError,
     "q must be a batch of states, shape (N, 1) (one row per state, one entry per joint); "
     "got shape (3,)"),
    ("torque as text", _torque("gravity"), TypeError,
     "torque must be a function torque(t, q, qd) that returns 2 joint torques/forces, or "
     "None; got 'gravity'"),
    ("torque of one argument", _torque(lambda t: [0.0, 0.0]), TypeError,
     "torque must take three arguments (t, q, qd); got <lambda>(t)"),
    ("torque a partial of one argument (no __name__)",
     _torque(functools.partial(lambda gain, t: [gain, gain], 1.0)), TypeError,
     "torque must take three arguments (t, q, qd); got torque(t)"),
    ("torque that raises", _torque(lambda t, q, qd: 1 / 0), RuntimeError,
     "torque(t, q, qd) raised ZeroDivisionError at t = 0.0: division by zero"),
    ("torque that returns 3 numbers", _torque(lambda t, q, qd: [0.0, 0.0, 0.0]), ValueError,
     "torque(t, q, qd) must have 2 entries (one per joint); got 3 (returned at t = 0.0)"),
    ("torque that returns an array of 3 numbers", _torque(lambda t, q, qd: np.zeros(3)),
     ValueError,
     "torque(t, q, qd) must have 2 entries (one per joint); got 3 (returned at t = 0.0)"),
    ("torque that returns an array with nan", _torque(lambda t, q, qd: np.array([np.nan, 0.0])),
     ValueError, "torque(t, q, qd)[0] must be a finite real number; got nan (returned at t = 0.0)"),
    ("torque that returns an array of bools",
     _torque(lambda t, q, qd: np.array([True, False])), TypeError,
     "torque(t, q, qd)[0] must be a number or a sympy expression, not a bool; got True "
     "(returned at t = 0.0)"),
    ("torque that returns complex numbers", _torque(lambda t, q, qd: np.array([1j, 0])),
     TypeError, "torque(t, q, qd)[0] must be a real number, not complex; got 1j (returned at "
     "t = 0.0)"),
    ("torque that returns a symbol", _torque(lambda t, q, qd: [sp.Symbol("k"), 0.0]), TypeError,
     "torque(t, q, qd)[0] must be a number here (this computation is numeric), not an "
     "expression in symbols; got k (returned at t = 0.0)"),
    ("torque that returns None", _torque(lambda t, q, qd: None), TypeError,
     "torque(t, q, qd) must be a sequence of 2 numbers; got None (returned at t = 0.0)"),
    ("an absurd duration",
     _oscillator(xdd + x, q0=[-1.0], duration=1e300), ValueError,
     "duration = 1e+300 s is too long to simulate: after 256 evaluations of the equations of "
     "motion the solver has reached t = 4.48 s, so the whole motion would need about 5.7e+301 "
     "of them (simulate takes at most 1e+08); simulate a shorter duration, or a slower motion "
     "(|q| reaches 0.226 and |qd| 0.974: are the torques or the starting rates too large?)"),
    ("an absurd duration of a motion that speeds its steps up",
     _oscillator(xdd, q0=[-1.0], duration=1e300), ValueError,
     "duration = 1e+300 s is too long to simulate: after 256 evaluations of the equations of "
     "motion the solver has reached t = 4.11e+35 s, so the whole motion would need about "
     "6.2e+266 of them (simulate takes at most 1e+08); simulate a shorter duration, or a slower "
     "motion (|q| reaches 1 and |qd| 0: are the torques or the starting rates too large?)"),
    ("no time to compute", _oscillator(xdd + x, q0=[-1.0], duration=2.5, time_limit=1e-12),
     RuntimeError,
     "the simulation stopped after time_limit = 1e-12 s of computing, at t = 0 s of 2.5 s (1 "
     "evaluations of the equations of motion): " + STIFF_ADVICE),
    ("a motion that overflows",
     lambda: simulate(HUGE, [0.0, -0.3], [-1e100, 0.0], 0.01, model=False), OverflowError,
     "the motion overflows floating point at t = 0 s, where |q| reaches 0.3 and |qd| 1e+100: "
     "the result [[nan, nan], [inf, inf]] is not finite. " + RUNS_AWAY),
    ("equations that overflow", _oscillator(xdd - sp.exp(x), q0=[1000.0]), OverflowError,
     "the motion overflows floating point at t = 0 s, where |q| reaches 1e+03 and |qd| 0: the "
     "equations overflow. " + RUNS_AWAY),
    ("equations with an inertia beyond floating point", _oscillator(10**400 * xdd + x, q0=[1.0]),
     OverflowError, "the motion overflows floating point at t = 0 s, where |q| reaches 1 and |qd| "
     "0: the equations overflow. " + RUNS_AWAY),
    ("equations with a force beyond floating point", _oscillator(xdd + 10**400, q0=[1.0]),
     OverflowError, "the motion overflows floating point at t = 0 s, where |q| reaches 1 and |qd| "
     "0: the equations overflow. " + RUNS_AWAY),
    ("a rate that blows up in finite time (at t = 1/2)", _oscillator(xdd - xd**3, qd0=[1.0],
                                                                     duration=1.0),
     RuntimeError, "the simulation stopped at t = 0.5000000066170918: Required step size is "
     "less than spacing between numbers."),
    ("q and qd the same symbols", lambda: simulate_equations(xdd + x, [x], [x], [xdd], [0.0],
                                                            [0.0], 0.01), ValueError,
     "q, qd and qdd must be different symbols; got x in q and in qd"),
    ("qd and qdd the same symbols", lambda: simulate_equations(xdd + x, [x], [xd], [xd], [0.0],
                                                              [0.0], 0.01), ValueError,
     "q, qd and qdd must be different symbols; got xdot in qd and in qdd"),
    ("q and qdd the same symbols", lambda: simulate_equations(xdd + x, [x], [xd], [x], [0.0],
                                                             [0.0], 0.01), ValueError,
     "q, qd and qdd must be different symbols; got x in q and in qdd"),
    ("equations with parameters left", _oscillator(sp.Matrix([
        xdd + sp.Symbol("k") * x + sp.Symbol("b") * xd + sp.Symbol("a")])), ValueError,
     "equations must have numbers for every parameter; got the symbols ['a', 'b', 'k']: "
     "substitute their values first"),
    ("equations not linear in qdd", _oscillator(xdd**2 + x), ValueError,
     "equations must be linear in the accelerations qdd (A(q, qd) qdd + b(q, qd) = 0)"),
    ("equations singular in qdd", _oscillator(x * xdd + 1), ValueError,
     "the equations cannot be solved for qdd at t = 0.0, q = [0.0]: their matrix A = ∂E/∂q̈ "
     "is singular"),
    ("equations divided by zero at the start", _oscillator(xdd + 1 / x), ValueError,
     "the equations must be finite along the motion; at t = 0.0, q = [0.0], qd = [0.0] they "
     "are not (a division by zero): choose other q0, qd0"),
    ("one equation of two coordinates",
     lambda: simulate_equations(xdd + x, [x, y], [xd, yd], [xdd, ydd], [0.0, 0.0], [0.0, 0.0],
                                0.01), ValueError,
     "q must have 1 entries (one per joint); got 2"),
    ("two equations of one coordinate", _oscillator(sp.Matrix([xdd + x, ydd])), ValueError,
     "q must have 2 entries (one per joint); got 1"),
    ("energy of another arm's motion",
     lambda: energy(ARM, Motion(np.arange(2.0), *(np.zeros((2, 3)),) * 3)), ValueError,
     "motion must be a motion of the 2 joints of robot 'planar 2R'; got one of 3 joints"),
    ("the work of one sample", lambda: actuator_work(Motion(np.zeros(1), *(np.zeros((1, 2)),) * 3)),
     ValueError, "motion must have at least 2 samples to integrate over; got 1"),
    ("a spring's force at 3 joints of 2",
     lambda: JointSpring(ARM, 1, 1.0)(0.0, [0.0, 0.0, 0.0], [0.0, 0.0]), ValueError,
     "q must have 2 entries per configuration (one per joint); got shape (3,)"),
    ("a spring's energy along rows of 3 joints",
     lambda: JointSpring(ARM, 1, 1.0).energy(np.zeros((4, 3))), ValueError,
     "q must have 2 entries per configuration (one per joint); got shape (4, 3)"),
    ("a spring on a text", lambda: JointSpring("arm", 1, 1.0), TypeError,
     "robot must be a SerialChain (e.g. planar_2r()); got str"),
    ("a spring at joint 0", lambda: JointSpring(ARM, 0, 1.0), ValueError,
     "joint must be an integer from 1 to 2; got 0"),
    ("a spring at joint 3 of 2", lambda: JointSpring(ARM, 3, 1.0), ValueError,
     "joint must be an integer from 1 to 2; got 3"),
    ("a spring of negative stiffness", lambda: JointSpring(ARM, 1, -1.0), ValueError,
     "stiffness must be >= 0 (N/m or N·m/rad); got -1.0"),
    ("a spring of symbolic stiffness", lambda: JointSpring(ARM, 1, sp.Symbol("k")), TypeError,
     "stiffness must be a number here (this computation is numeric), not an expression in "
     "symbols; got k"),
    ("a spring relaxed at a symbol", lambda: JointSpring(ARM, 1, 1.0, sp.Symbol("r")), TypeError,
     "rest must be a number here (this computation is numeric), not an expression in "
     "symbols; got r"),
    ("a spring relaxed at nan", lambda: JointSpring(ARM, 1, 1.0, np.nan), ValueError,
     "rest must be a finite real number; got nan"),
]


@pytest.mark.parametrize("call, error, message", [case[1:] for case in MESSAGES],
                         ids=[case[0] for case in MESSAGES])
def test_the_error_is_the_whole_sentence(call, error, message):
    assert str(raised(call, error)) == message


def test_a_motion_keeps_its_times_as_an_array_of_floats():
    motion = Motion([0, 1], [[0.0, 1.0], [2.0, 3.0]], [[0, 0], [0, 0]], [[1, 2], [3, 4]])
    assert isinstance(motion.t, np.ndarray) and motion.t.dtype == float
    np.testing.assert_array_equal(motion.t, [0.0, 1.0])
    assert all(isinstance(rows, np.ndarray) and rows.shape == (2, 2)
               for rows in (motion.q, motion.qd, motion.tau))


def test_a_division_by_zero_later_in_the_motion_gives_no_advice_on_the_start():
    """The advice to choose other q0, qd0 is for a start where the equations are not finite;
    x'' = -1/⌊x⌋ from x = -0.5 at 100 m/s divides by zero once x reaches 0."""
    with pytest.raises(ValueError) as caught:
        _oscillator(xdd + 1 / sp.floor(x), q0=[-0.5], qd0=[100.0])()
    number = r"[0-9.e+-]+"
    assert re.fullmatch(rf"the equations must be finite along the motion; at t = {number}, "
                        rf"q = \[{number}\], qd = \[{number}\] they are not \(a division by "
                        r"zero\)", str(caught.value))


def test_without_a_compiler_the_warning_is_the_sentence(monkeypatch):
    monkeypatch.setenv("CC", "no-such-compiler-anywhere")
    arm = planar_arm([0.7], [1.3], [0.35], [0.05], 9.81)           # not compiled before
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        simulate(arm, [0.3], [0.0], 0.01, samples=2)
    said = [w for w in caught if issubclass(w.category, RuntimeWarning)
            and str(w.message).startswith("simulate")]        # not codegen's own, if it builds
    assert [str(w.message) for w in said] == [
        "simulate: no C compiler found (install cc or set $CC): the equations of motion run as "
        "numpy code, many times slower"]
    # told at the caller's line, not at simulate's own (not exactly this file's: mutation
    # testing calls simulate through one more frame)
    assert pathlib.Path(said[0].filename).name != "simulate.py"


def test_a_motion_that_runs_away_stops_with_the_solvers_reason_and_no_warning():
    """x'' = x from 1e300 grows as e^t: the solver's own steps overflow (silently) before the
    equations do, and it gives up at t ≈ 16.6 s."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(RuntimeError) as caught:
            _oscillator(xdd - x, q0=[1e300], qd0=[1e300], duration=30.0)()
    assert str(caught.value) == ("the simulation stopped at t = 16.604548323858854: Required "
                                 "step size is less than spacing between numbers.")


def test_equations_not_finite_for_another_reason_than_a_division_are_refused_too():
    """log(x) at x = -1: not a number (numpy's invalid value), refused like 1/0."""
    with pytest.raises(ValueError) as caught:
        _oscillator(xdd + sp.log(x), q0=[-1.0])()
    assert str(caught.value).startswith("the equations must be finite along the motion; at "
                                        "t = 0.0, q = [-1.0], qd = [0.0] they are not")
