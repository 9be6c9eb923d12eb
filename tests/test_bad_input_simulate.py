"""Bad input to robocourse.simulate and robocourse.control: torque functions that are not
functions or return inf, absurd durations (refused with the number of evaluations they
would need, instead of running forever), gains as text, trajectories of the wrong number
of joints — each refused with the argument named (issue 17)."""

import numpy as np
import pytest
import sympy as sp
from bad_input import named_in_the_error

from robocourse.codegen import CompiledDynamics
from robocourse.control import computed_torque, track
from robocourse.models import planar_2r, planar_3r
from robocourse.robot import Link, SerialChain
from robocourse.simulate import Motion, energy, forward_dynamics, simulate, simulate_equations
from robocourse.trajectories import synchronised

ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
OTHER = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
HUGE = planar_2r(l1=1e200, l2=1e200, m1=1e200, m2=1.0, g=9.81)
HALF = SerialChain([Link(mass=1.0, r_c=[0, 0, 0], I_c=np.eye(3)), Link(a=1.0)], name="half")
PATH = synchronised([0.0, 0.0], [1.0, 1.0], 1.0)
GAINS = dict(Kp=100.0, Kv=20.0)


class _Still:
    """A desired motion without a duration: at rest at the origin."""

    def at(self, t):
        return np.zeros(2), np.zeros(2), np.zeros(2)


@pytest.fixture(scope="module")
def fast():
    return CompiledDynamics(ARM)


def _simulate(**changes):
    arguments = dict(robot=ARM, q0=[0.0, 0.0], qd0=[0.0, 0.0], duration=0.05)
    arguments.update(changes)
    return lambda: simulate(**arguments)


_x, _xd, _xdd = sp.symbols("x xdot xddot")

SIMULATE = [
    ("equations infinite at the start (a division by zero)",
     lambda: simulate_equations(sp.Matrix([_xdd + 1 / _x]), [_x], [_xd], [_xdd], [0.0], [0.0],
                                0.01, samples=2), ValueError,
     r"^the equations must be finite along the motion; at t = 0.0, q = \[0.0\], qd = \[0.0\] "
     r"they are not \(a division by zero\): choose other q0, qd0$"),
    ("duration nan", _simulate(duration=np.nan), ValueError,
     r"^duration must be a finite real number; got nan"),
    ("duration inf", _simulate(duration=np.inf), ValueError,
     r"^duration must be a finite real number; got inf"),
    ("duration True", _simulate(duration=True), TypeError,
     r"^duration must be a number .* not a bool"),
    ("duration as text", _simulate(duration="2"), TypeError,
     r"^duration must be a number or a sympy expression; got '2'"),
    ("duration zero", _simulate(duration=0), ValueError, r"^duration must be > 0 \(s\); got 0"),
    ("duration a symbol", _simulate(duration=sp.Symbol("T")), TypeError,
     r"^duration must be a number here \(this computation is numeric\), not an expression in "
     r"symbols; got T"),
    ("torque as text", _simulate(torque="gravity"), TypeError,
     r"^torque must be a function torque\(t, q, qd\) that returns 2 joint torques/forces, or "
     r"None; got 'gravity'"),
    ("torque of one argument", _simulate(torque=lambda t: [0.0, 0.0]), TypeError,
     r"^torque must take three arguments \(t, q, qd\); got <lambda>\(t\)"),
    ("torque that raises", _simulate(torque=lambda t, q, qd: 1 / 0), RuntimeError,
     r"^torque\(t, q, qd\) raised ZeroDivisionError at t = 0.0: division by zero"),
    ("torque that returns inf", _simulate(torque=lambda t, q, qd: [np.inf, 0.0]), ValueError,
     r"^torque\(t, q, qd\)\[0\] must be a finite real number; got inf \(returned at t = 0.0\)"),
    ("torque that returns nan", _simulate(torque=lambda t, q, qd: np.array([0.0, np.nan])),
     ValueError, r"^torque\(t, q, qd\)\[1\] must be a finite real number; got nan"),
    ("torque that returns bools", _simulate(torque=lambda t, q, qd: [True, False]), TypeError,
     r"^torque\(t, q, qd\)\[0\] must be a number .* not a bool; got True \(returned at"),
    ("torque that returns text", _simulate(torque=lambda t, q, qd: ["1", "2"]), TypeError,
     r"^torque\(t, q, qd\)\[0\] must be a number or a sympy expression; got '1'"),
    ("torque that returns 3 numbers", _simulate(torque=lambda t, q, qd: [0.0, 0.0, 0.0]),
     ValueError, r"^torque\(t, q, qd\) must have 2 entries \(one per joint\); got 3"),
    ("torque that returns None", _simulate(torque=lambda t, q, qd: None), TypeError,
     r"^torque\(t, q, qd\) must be a sequence of 2 numbers; got None"),
    ("method Euler", _simulate(method="Euler"), ValueError,
     r"^method must be 'RK45', 'RK23', 'DOP853', 'Radau', 'BDF' or 'LSODA'; got 'Euler'"),
    ("rtol negative", _simulate(rtol=-1e-8), ValueError,
     r"^rtol must be > 0 \(relative\); got -1e-08"),
    ("rtol as text", _simulate(rtol="1e-8"), TypeError,
     r"^rtol must be a number or a sympy expression; got '1e-8'"),
    ("atol nan", _simulate(atol=np.nan), ValueError, r"^atol must be a finite real number"),
    ("atol zero", _simulate(atol=0.0), ValueError,
     r"^atol must be > 0 \(in the units of q and qd\); got 0.0"),
    ("model as text", _simulate(model="fast"), TypeError,
     r"^model must be the CompiledDynamics of this robot \(codegen.CompiledDynamics\(robot\)\), "
     r"None or False; got 'fast'"),
    ("samples a trillion", _simulate(samples=10**12), ValueError,
     r"^samples must be an integer from 2 to 100,000,000; got 1000000000000"),
    ("samples True", _simulate(samples=True), ValueError,
     r"^samples must be an integer from 2 .*; got True"),
    ("samples 2.5", _simulate(samples=2.5), ValueError, r"^samples must be an integer"),
    ("q0 with a bool", _simulate(q0=[0.0, True]), TypeError,
     r"^q0\[1\] must be a number .* not a bool"),
    ("q0 of 3 joints", _simulate(q0=[0.0, 0.0, 0.0]), ValueError,
     r"^q0 must have 2 entries \(one per joint\); got 3"),
    ("qd0 with nan", _simulate(qd0=[np.nan, 0.0]), ValueError,
     r"^qd0\[0\] must be a finite real number; got nan"),
    ("the model function, not a robot", _simulate(robot=planar_2r), TypeError,
     r"^robot must be a SerialChain; got the function planar_2r \(did you mean planar_2r\(\)\?\)"),
    ("a robot without masses", _simulate(robot=HALF), ValueError,
     r"^link 2 of 'half' has no mass, r_c, I_c"),
    ("a symbolic robot", _simulate(robot=planar_2r()), TypeError,
     r"^robot must have numeric parameters \(e.g. .*\); got the symbols g, l1, l2, m1, m2$"),
    ("forward dynamics of inf torques",
     lambda: forward_dynamics(ARM, [0.0, 0.0], [0.0, 0.0], [np.inf, 0.0]), ValueError,
     r"^tau\[0\] must be a finite real number; got inf"),
    ("forward dynamics of text torques",
     lambda: forward_dynamics(ARM, [0.0, 0.0], [0.0, 0.0], "zero"), TypeError,
     r"^tau must be a sequence of 2 numbers; got 'zero'"),
    ("forward dynamics that overflows",
     lambda: forward_dynamics(HUGE, [0.0, 0.3], [1e100, 0.0], [0.0, 0.0]), OverflowError,
     r"^forward_dynamics\(\.\.\.\) overflows floating point: .* up to 1e\+200 \(in robot\)"),
    ("energy of text", lambda: energy(ARM, "motion"), TypeError,
     r"^motion must be a Motion; got str 'motion'"),
    ("energy of nothing", lambda: energy(ARM, None), TypeError,
     r"^motion must be a Motion; got None"),
    ("energy of the class Motion", lambda: energy(ARM, Motion), TypeError,
     r"^motion must be a Motion; got the class Motion \(did you mean Motion\(\.\.\.\)\?\)"),
    ("energy of another arm's motion",
     lambda: energy(ARM, Motion(np.arange(2.0), np.zeros((2, 3)), np.zeros((2, 3)),
                                np.zeros((2, 3)))),
     ValueError, r"^motion must be a motion of the 2 joints of robot 'planar 2R'; got one of 3"),
]

CONTROL = [
    ("Kp as text", lambda: computed_torque(ARM, PATH, Kp="100", Kv=20.0), TypeError,
     r"^Kp must be a number or a sympy expression; got '100'"),
    ("Kp True", lambda: computed_torque(ARM, PATH, Kp=True, Kv=20.0), TypeError,
     r"^Kp must be a number .* not a bool"),
    ("Kp negative", lambda: computed_torque(ARM, PATH, Kp=-1.0, Kv=20.0), ValueError,
     r"^Kp must be > 0 \(1/s²\); got -1.0"),
    ("Kv zero", lambda: computed_torque(ARM, PATH, Kp=100.0, Kv=0), ValueError,
     r"^Kv must be > 0 \(1/s\); got 0"),
    ("Kp nan", lambda: computed_torque(ARM, PATH, Kp=np.nan, Kv=20.0), ValueError,
     r"^Kp must be a finite real number; got nan"),
    ("Kp for 3 joints", lambda: computed_torque(ARM, PATH, Kp=[1.0, 2.0, 3.0], Kv=20.0),
     ValueError, r"^Kp must have 2 entries \(one per joint\); got 3"),
    ("Kv negative for joint 2", lambda: computed_torque(ARM, PATH, Kp=100.0, Kv=[1.0, -1.0]),
     ValueError, r"^Kv\[1\] must be > 0 \(1/s\); got -1.0"),
    ("Kp declared negative",
     lambda: computed_torque(ARM, PATH, Kp=-100.0, Kv=20.0),
     ValueError, r"^Kp must be > 0 \(1/s²\); got -100.0"),
    ("Kp a symbol (the control law runs on numbers)",
     lambda: computed_torque(ARM, PATH, Kp=sp.Symbol("k", positive=True), Kv=20.0),
     TypeError, r"^Kp must be a number here \(this computation is numeric\), not an expression "
     r"in symbols; got k"),
    ("no trajectory", lambda: computed_torque(ARM, None, **GAINS), TypeError,
     r"^trajectory must be a desired motion with at\(t\) -> \(q, qd, qdd\), such as "
     r"trajectories.synchronised\(q0, qf, duration\); got None"),
    ("a trajectory of one joint",
     lambda: computed_torque(ARM, synchronised([0.0], [1.0], 1.0), **GAINS), ValueError,
     r"^trajectory must move the 2 joints of the robot: at\(0\) must give q, qd, qdd of 2 "
     r"entries each; got shapes \[\(1,\), \(1,\), \(1,\)\]"),
    ("a trajectory as text", lambda: computed_torque(ARM, "line", **GAINS), TypeError,
     r"^trajectory must be a desired motion .*; got 'line'"),
    ("a model as text", lambda: computed_torque(ARM, PATH, **GAINS, model="x"), TypeError,
     r"^model must be the CompiledDynamics of this robot"),
    ("a law for a robot without masses", lambda: computed_torque(HALF, PATH, **GAINS),
     ValueError, r"^link 2 of 'half' has no mass"),
    ("track a trajectory of 3 joints",
     lambda: track(ARM, ARM, synchronised([0.0] * 3, [1.0] * 3, 1.0), **GAINS), ValueError,
     r"^trajectory must move the 2 joints of the plant"),
    ("track a trajectory as text", lambda: track(ARM, ARM, "line", **GAINS), TypeError,
     r"^trajectory must be a desired motion"),
    ("track with the model function as controller",
     lambda: track(ARM, planar_2r, PATH, **GAINS), TypeError,
     r"^controller must be a SerialChain; got the function planar_2r \(did you mean"),
    ("track with the model function as plant", lambda: track(planar_3r, ARM, PATH, **GAINS),
     TypeError, r"^plant must be a SerialChain; got the function planar_3r"),
    ("track with a 3-joint controller",
     lambda: track(ARM, planar_3r([1.0] * 3, [1.0] * 3, [0.5] * 3, [0.1] * 3, 9.81), PATH,
                   **GAINS), ValueError,
     r"^controller must model an arm of 2 joints like the plant; got 3"),
    ("track for a negative duration", lambda: track(ARM, ARM, PATH, **GAINS, duration=-1.0),
     ValueError, r"^duration must be > 0 \(s\); got -1.0"),
    ("track for a duration nan", lambda: track(ARM, ARM, PATH, **GAINS, duration=np.nan),
     ValueError, r"^duration must be a finite real number; got nan"),
    ("track with one sample", lambda: track(ARM, ARM, PATH, **GAINS, samples=1), ValueError,
     r"^samples must be an integer from 2"),
    ("track from q0 of 3 joints",
     lambda: track(ARM, ARM, PATH, **GAINS, q0=[0.0, 0.0, 0.0]), ValueError,
     r"^q0 must have 2 entries \(one per joint\); got 3"),
    ("track with the plant model of another robot",
     lambda: track(ARM, ARM, PATH, **GAINS, plant_model=CompiledDynamics(OTHER)), ValueError,
     r"^plant_model must be the CompiledDynamics of this robot .*; got the model of another "
     r"robot"),
    ("track with a controller model as text",
     lambda: track(ARM, ARM, PATH, **GAINS, controller_model="fast"), TypeError,
     r"^controller_model must be the CompiledDynamics of this robot"),
    ("track a desired motion without a duration", lambda: track(ARM, ARM, _Still(), **GAINS),
     TypeError, r"^duration must be given for a trajectory without a duration"),
    ("track with rtol zero", lambda: track(ARM, ARM, PATH, **GAINS, duration=0.01, rtol=0.0),
     ValueError, r"^rtol must be > 0 \(relative\); got 0.0"),
    ("track with rtol 2 (a tolerance of 200 %)",
     lambda: track(ARM, ARM, PATH, **GAINS, duration=0.01, rtol=2.0), ValueError,
     r"^rtol must be a relative tolerance, 0 <= rtol < 1; got 2.0"),
    ("track with a symbolic rtol",
     lambda: track(ARM, ARM, PATH, **GAINS, duration=0.01, rtol=sp.Symbol("r")), TypeError,
     r"^rtol must be a number here"),
    ("track with a controller of symbols (planar_2r())",
     lambda: track(ARM, planar_2r(), PATH, **GAINS, duration=0.01), TypeError,
     r"^controller must have numeric parameters \(e.g. .*\); got the symbols g, l1, l2, m1, m2$"),
    ("computed torque of a robot of symbols", lambda: computed_torque(planar_2r(), PATH, **GAINS),
     TypeError, r"^robot must have numeric parameters"),
    ("the control law at 3 joints of a 2-joint arm",
     lambda: computed_torque(ARM, PATH, **GAINS)(0.0, [0.0, 0.0, 0.0], [0.0, 0.0]), ValueError,
     r"^q must have 2 entries \(one per joint\); got 3$"),
    ("gains as a ragged list", lambda: computed_torque(ARM, PATH, Kp=[[1.0, 2.0], [3.0]], Kv=20.0),
     TypeError, r"^Kp\[0\] must be a number or a sympy expression; got \[1.0, 2.0\]$"),
    ("the control law at a symbolic time",
     lambda: computed_torque(ARM, PATH, **GAINS)(sp.Symbol("t"), [0.0, 0.0], [0.0, 0.0]),
     TypeError, r"^t must be a number here"),
    ("simulate for an array of one duration",
     lambda: simulate(ARM, [0.0, 0.0], [0.0, 0.0], np.array([0.01])), TypeError,
     r"^duration must be a number or a sympy expression; got array\(\[0.01\]\)"),
    ("a motion whose times go back",
     lambda: Motion([0.1, 0.0], np.zeros((2, 2)), np.zeros((2, 2)), np.zeros((2, 2))),
     ValueError, r"^t must increase from sample to sample; got \[0.1, 0.0\]"),
    ("a motion with fewer rows than times",
     lambda: Motion([0.0, 0.1, 0.2], np.zeros((2, 2)), np.zeros((2, 2)), np.zeros((2, 2))),
     ValueError, r"^q must have one row per time in t \(3\); got 2"),
    ("a motion of lists of another shape",
     lambda: Motion([0.0, 0.1], np.zeros((2, 2)), np.zeros((2, 3)), np.zeros((2, 2))),
     ValueError, r"^qd must be a batch of states, shape \(N, 2\)"),
    ("a motion with a nan torque",
     lambda: Motion([0.0, 0.1], np.zeros((2, 2)), np.zeros((2, 2)), [[0.0, np.nan], [0, 0]]),
     ValueError, r"^tau must be finite; got nan or inf in row 0"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(SIMULATE + CONTROL)


@pytest.mark.parametrize("q0", [[0.0, 0.0], [-np.pi / 2, 0.0]], ids=["swinging", "hanging"])
def test_an_absurd_duration_is_refused_with_the_evaluations_it_would_need(fast, q0):
    """1e300 s used to run forever; now a few hundred evaluations tell how many it needs."""
    with pytest.raises(ValueError, match=r"^duration = 1e\+300 s is too long to simulate: after "
                                         r"256 evaluations .* would need about \d\.\de\+30\d of "
                                         r"them \(simulate takes at most 1e\+08\)"):
        simulate(ARM, q0, [0.0, 0.0], 1e300, model=fast)


def test_a_long_but_possible_duration_still_runs(fast):
    """30 s of a double pendulum: thousands of evaluations, each estimate of the whole well
    under the limit, and the torques recomputed at every solver step afterwards."""
    swing = simulate(ARM, [0.0, 0.0], [0.0, 0.0], 30.0, model=fast)
    assert len(swing.t) > 1000 and swing.t[-1] == 30.0


def test_the_model_of_another_robot_is_refused(fast):
    with pytest.raises(ValueError, match=r"^model must be the CompiledDynamics of this robot "
                                         r".*; got the model of another robot, SerialChain"):
        simulate(OTHER, [0.0, 0.0], [0.0, 0.0], 0.1, model=fast)


def test_a_desired_motion_needs_only_at(fast):
    """Any object with ``at(t)`` is a trajectory (the graders use one that stands still)."""
    law = computed_torque(ARM, _Still(), **GAINS, model=fast)
    np.testing.assert_allclose(law(0.0, np.zeros(2), np.zeros(2)), [29.43, 9.81])
    result = track(ARM, ARM, _Still(), **GAINS, duration=0.05, samples=2, plant_model=fast,
                   controller_model=fast)
    assert np.abs(result.error).max() < 1e-9
