"""Bad input to robocourse.simulate and robocourse.control: torque functions that are not
functions or return inf, absurd durations (refused with the number of evaluations they
would need, instead of running forever), gains as text, trajectories of the wrong number
of joints — each refused with the argument named (issue 17)."""

import numpy as np
import pytest
import sympy as sp
from bad_input import assert_keeps_the_contract, named_in_the_error

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
     "equations", "finite"),
    ("duration nan", _simulate(duration=np.nan), ValueError, "duration", "finite", "nan"),
    ("duration inf", _simulate(duration=np.inf), ValueError, "duration", "finite", "inf"),
    ("duration True", _simulate(duration=True), TypeError, "duration", "number", "True"),
    ("duration as text", _simulate(duration="2"), TypeError, "duration", "number", "'2'"),
    ("duration zero", _simulate(duration=0), ValueError, "duration", "> 0", "0"),
    ("duration a symbol", _simulate(duration=sp.Symbol("T")), TypeError, "duration", "number", "T"),
    ("torque as text", _simulate(torque="gravity"), TypeError, "torque", "function", "'gravity'"),
    ("torque of one argument", _simulate(torque=lambda t: [0.0, 0.0]), TypeError,
     "torque", "three arguments", "<lambda>(t)"),
    ("torque that raises", _simulate(torque=lambda t, q, qd: 1 / 0), RuntimeError,
     "torque(t, q, qd)", "raised", "division by zero"),
    ("torque that returns inf", _simulate(torque=lambda t, q, qd: [np.inf, 0.0]), ValueError,
     "torque(t, q, qd)[0]", "finite", "inf"),
    ("torque that returns nan", _simulate(torque=lambda t, q, qd: np.array([0.0, np.nan])),
     ValueError, "torque(t, q, qd)[1]", "finite", "nan"),
    ("torque that returns bools", _simulate(torque=lambda t, q, qd: [True, False]), TypeError,
     "torque(t, q, qd)[0]", "number", "True"),
    ("torque that returns text", _simulate(torque=lambda t, q, qd: ["1", "2"]), TypeError,
     "torque(t, q, qd)[0]", "number", "'1'"),
    ("torque that returns 3 numbers", _simulate(torque=lambda t, q, qd: [0.0, 0.0, 0.0]),
     ValueError, "torque(t, q, qd)", "2 entries", "3"),
    ("torque that returns None", _simulate(torque=lambda t, q, qd: None), TypeError,
     "torque(t, q, qd)", "sequence", "None"),
    ("method Euler", _simulate(method="Euler"), ValueError,
     "method", ("'RK45'", "'RK23'", "'DOP853'", "'Radau'", "'BDF'", "'LSODA'"), "'Euler'"),
    ("rtol negative", _simulate(rtol=-1e-8), ValueError, "rtol", "> 0", "-1e-08"),
    ("rtol as text", _simulate(rtol="1e-8"), TypeError, "rtol", "number", "'1e-8'"),
    ("atol nan", _simulate(atol=np.nan), ValueError, "atol", "finite", "nan"),
    ("atol zero", _simulate(atol=0.0), ValueError, "atol", "> 0", "0.0"),
    ("model as text", _simulate(model="fast"), TypeError, "model", "CompiledDynamics", "'fast'"),
    ("samples a trillion", _simulate(samples=10**12), ValueError,
     "samples", "integer", "1000000000000"),
    ("samples True", _simulate(samples=True), ValueError, "samples", "integer", "True"),
    ("samples 2.5", _simulate(samples=2.5), ValueError, "samples", "integer", "2.5"),
    ("q0 with a bool", _simulate(q0=[0.0, True]), TypeError, "q0[1]", "number", "True"),
    ("q0 of 3 joints", _simulate(q0=[0.0, 0.0, 0.0]), ValueError, "q0", "2 entries", "3"),
    ("qd0 with nan", _simulate(qd0=[np.nan, 0.0]), ValueError, "qd0[0]", "finite", "nan"),
    ("the model function, not a robot", _simulate(robot=planar_2r), TypeError,
     "robot", "SerialChain", "planar_2r"),
    ("a robot without masses", _simulate(robot=HALF), ValueError, "link 2", "mass"),
    ("a symbolic robot", _simulate(robot=planar_2r()), TypeError,
     "robot", "numeric", "g, l1, l2, m1, m2"),
    ("forward dynamics of inf torques",
     lambda: forward_dynamics(ARM, [0.0, 0.0], [0.0, 0.0], [np.inf, 0.0]), ValueError,
     "tau[0]", "finite", "inf"),
    ("forward dynamics of text torques",
     lambda: forward_dynamics(ARM, [0.0, 0.0], [0.0, 0.0], "zero"), TypeError,
     "tau", "sequence", "'zero'"),
    ("forward dynamics that overflows",
     lambda: forward_dynamics(HUGE, [0.0, 0.3], [1e100, 0.0], [0.0, 0.0]), OverflowError,
     "robot", "floating point"),
    ("energy of text", lambda: energy(ARM, "motion"), TypeError,
     "motion", "Motion", "str 'motion'"),
    ("energy of nothing", lambda: energy(ARM, None), TypeError, "motion", "Motion", "None"),
    ("energy of the class Motion", lambda: energy(ARM, Motion), TypeError,
     "motion", "Motion", "Motion"),
    ("energy of another arm's motion",
     lambda: energy(ARM, Motion(np.arange(2.0), np.zeros((2, 3)), np.zeros((2, 3)),
                                np.zeros((2, 3)))),
     ValueError, "motion", "2 joints", "3"),
]

CONTROL = [
    ("Kp as text", lambda: computed_torque(ARM, PATH, Kp="100", Kv=20.0), TypeError,
     "Kp", "number", "'100'"),
    ("Kp True", lambda: computed_torque(ARM, PATH, Kp=True, Kv=20.0), TypeError,
     "Kp", "number", "True"),
    ("Kp negative", lambda: computed_torque(ARM, PATH, Kp=-1.0, Kv=20.0), ValueError,
     "Kp", "> 0", "-1.0"),
    ("Kv zero", lambda: computed_torque(ARM, PATH, Kp=100.0, Kv=0), ValueError, "Kv", "> 0", "0"),
    ("Kp nan", lambda: computed_torque(ARM, PATH, Kp=np.nan, Kv=20.0), ValueError,
     "Kp", "finite", "nan"),
    ("Kp for 3 joints", lambda: computed_torque(ARM, PATH, Kp=[1.0, 2.0, 3.0], Kv=20.0), ValueError,
     "Kp", "2 entries", "3"),
    ("Kv negative for joint 2", lambda: computed_torque(ARM, PATH, Kp=100.0, Kv=[1.0, -1.0]),
     ValueError, "Kv[1]", "> 0", "-1.0"),
    ("Kp declared negative", lambda: computed_torque(ARM, PATH, Kp=-100.0, Kv=20.0), ValueError,
     "Kp", "> 0", "-100.0"),
    ("Kp a symbol (the control law runs on numbers)",
     lambda: computed_torque(ARM, PATH, Kp=sp.Symbol("k", positive=True), Kv=20.0), TypeError,
     "Kp", "number", "k"),
    ("no trajectory", lambda: computed_torque(ARM, None, **GAINS), TypeError,
     "trajectory", "motion", "None"),
    ("a trajectory of one joint",
     lambda: computed_torque(ARM, synchronised([0.0], [1.0], 1.0), **GAINS), ValueError,
     "trajectory", "2 joints", "[(1,), (1,), (1,)]"),
    ("a trajectory as text", lambda: computed_torque(ARM, "line", **GAINS), TypeError,
     "trajectory", "motion", "'line'"),
    ("a model as text", lambda: computed_torque(ARM, PATH, **GAINS, model="x"), TypeError,
     "model", "CompiledDynamics", "'x'"),
    ("a law for a robot without masses", lambda: computed_torque(HALF, PATH, **GAINS), ValueError,
     "link 2", "mass"),
    ("track a trajectory of 3 joints",
     lambda: track(ARM, ARM, synchronised([0.0] * 3, [1.0] * 3, 1.0), **GAINS), ValueError,
     "trajectory", "2 joints"),
    ("track a trajectory as text", lambda: track(ARM, ARM, "line", **GAINS), TypeError,
     "trajectory", "motion", "'line'"),
    ("track with the model function as controller", lambda: track(ARM, planar_2r, PATH, **GAINS),
     TypeError, "controller", "SerialChain", "planar_2r"),
    ("track with the model function as plant", lambda: track(planar_3r, ARM, PATH, **GAINS),
     TypeError, "plant", "SerialChain", "planar_3r"),
    ("track with a 3-joint controller",
     lambda: track(ARM, planar_3r([1.0] * 3, [1.0] * 3, [0.5] * 3, [0.1] * 3, 9.81), PATH,
                   **GAINS), ValueError,
     "controller", "2 joints", "3"),
    ("track for a negative duration", lambda: track(ARM, ARM, PATH, **GAINS, duration=-1.0),
     ValueError, "duration", "> 0", "-1.0"),
    ("track for a duration nan", lambda: track(ARM, ARM, PATH, **GAINS, duration=np.nan),
     ValueError, "duration", "finite", "nan"),
    ("track with one sample", lambda: track(ARM, ARM, PATH, **GAINS, samples=1), ValueError,
     "samples", "integer", "1"),
    ("track from q0 of 3 joints", lambda: track(ARM, ARM, PATH, **GAINS, q0=[0.0, 0.0, 0.0]),
     ValueError, "q0", "2 entries", "3"),
    ("track with the plant model of another robot",
     lambda: track(ARM, ARM, PATH, **GAINS, plant_model=CompiledDynamics(OTHER)), ValueError,
     "plant_model", "CompiledDynamics"),
    ("track with a controller model as text",
     lambda: track(ARM, ARM, PATH, **GAINS, controller_model="fast"), TypeError,
     "controller_model", "CompiledDynamics", "'fast'"),
    ("track a desired motion without a duration", lambda: track(ARM, ARM, _Still(), **GAINS),
     TypeError, "duration", "without a duration"),
    ("track with rtol zero", lambda: track(ARM, ARM, PATH, **GAINS, duration=0.01, rtol=0.0),
     ValueError, "rtol", "> 0", "0.0"),
    ("track with rtol 2 (a tolerance of 200 %)",
     lambda: track(ARM, ARM, PATH, **GAINS, duration=0.01, rtol=2.0), ValueError,
     "rtol", "tolerance", "2.0"),
    ("track with a symbolic rtol",
     lambda: track(ARM, ARM, PATH, **GAINS, duration=0.01, rtol=sp.Symbol("r")), TypeError,
     "rtol", "number"),
    ("track with a controller of symbols (planar_2r())",
     lambda: track(ARM, planar_2r(), PATH, **GAINS, duration=0.01), TypeError,
     "controller", "numeric", "g, l1, l2, m1, m2"),
    ("computed torque of a robot of symbols", lambda: computed_torque(planar_2r(), PATH, **GAINS),
     TypeError, "robot", "numeric"),
    ("the control law at 3 joints of a 2-joint arm",
     lambda: computed_torque(ARM, PATH, **GAINS)(0.0, [0.0, 0.0, 0.0], [0.0, 0.0]), ValueError,
     "q", "2 entries", "3"),
    ("gains as a ragged list", lambda: computed_torque(ARM, PATH, Kp=[[1.0, 2.0], [3.0]], Kv=20.0),
     TypeError, "Kp[0]", "number", "[1.0, 2.0]"),
    ("the control law at a symbolic time",
     lambda: computed_torque(ARM, PATH, **GAINS)(sp.Symbol("t"), [0.0, 0.0], [0.0, 0.0]), TypeError,
     "t", "number"),
    ("simulate for an array of one duration",
     lambda: simulate(ARM, [0.0, 0.0], [0.0, 0.0], np.array([0.01])), TypeError,
     "duration", "number", "array([0.01])"),
    ("a motion whose times go back",
     lambda: Motion([0.1, 0.0], np.zeros((2, 2)), np.zeros((2, 2)), np.zeros((2, 2))), ValueError,
     "t", "increase", "[0.1, 0.0]"),
    ("a motion with fewer rows than times",
     lambda: Motion([0.0, 0.1, 0.2], np.zeros((2, 2)), np.zeros((2, 2)), np.zeros((2, 2))),
     ValueError, "q", "one row per time", "2"),
    ("a motion of lists of another shape",
     lambda: Motion([0.0, 0.1], np.zeros((2, 2)), np.zeros((2, 3)), np.zeros((2, 2))), ValueError,
     "qd", "batch"),
    ("a motion with a nan torque",
     lambda: Motion([0.0, 0.1], np.zeros((2, 2)), np.zeros((2, 2)), [[0.0, np.nan], [0, 0]]),
     ValueError, "tau", "finite", "row 0"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(SIMULATE + CONTROL)


@pytest.mark.parametrize("q0", [[0.0, 0.0], [-np.pi / 2, 0.0]], ids=["swinging", "hanging"])
def test_an_absurd_duration_is_refused_with_the_evaluations_it_would_need(fast, q0):
    """1e300 s used to run forever; now a few hundred evaluations tell how many it needs."""
    with pytest.raises(ValueError) as caught:
        simulate(ARM, q0, [0.0, 0.0], 1e300, model=fast)
    assert_keeps_the_contract(str(caught.value), "duration", ("too long", "256 evaluations",
                                                              "1e+08"), "1e+300")


def test_a_long_but_possible_duration_still_runs(fast):
    """30 s of a double pendulum: thousands of evaluations, each estimate of the whole well
    under the limit, and the torques recomputed at every solver step afterwards."""
    swing = simulate(ARM, [0.0, 0.0], [0.0, 0.0], 30.0, model=fast)
    assert len(swing.t) > 1000 and swing.t[-1] == 30.0


def test_the_model_of_another_robot_is_refused(fast):
    with pytest.raises(ValueError) as caught:
        simulate(OTHER, [0.0, 0.0], [0.0, 0.0], 0.1, model=fast)
    assert_keeps_the_contract(str(caught.value), "model", "CompiledDynamics", "SerialChain")


def test_a_desired_motion_needs_only_at(fast):
    """Any object with ``at(t)`` is a trajectory (the graders use one that stands still)."""
    law = computed_torque(ARM, _Still(), **GAINS, model=fast)
    np.testing.assert_allclose(law(0.0, np.zeros(2), np.zeros(2)), [29.43, 9.81])
    result = track(ARM, ARM, _Still(), **GAINS, duration=0.05, samples=2, plant_model=fast,
                   controller_model=fast)
    assert np.abs(result.error).max() < 1e-9
