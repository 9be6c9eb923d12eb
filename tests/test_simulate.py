"""Forward dynamics and simulation: identities, energy conservation, and bad input."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import chains, joint_vectors

from robocourse.codegen import CompiledDynamics, compiled_dynamics
from robocourse.models import planar_2r, planar_2r_distributed, rp_arm
from robocourse.newton_euler import inverse_dynamics
from robocourse.robot import Link, SerialChain, joint_symbols
from robocourse.simulate import energy, forward_dynamics, simulate

ARM = planar_2r_distributed(l1=1.0, l2=0.8, m1=2.0, m2=1.5, r1=0.5, r2=0.35, I1=0.17,
                            I2=0.08, g=9.81)
RP = rp_arm(l1=0.4, m1=3.0, m2=1.2, Ixx1=0.12, Iyy1=0.1, Izz1=0.2, Ixx2=0.06, Iyy2=0.05,
            Izz2=0.1, g=9.81)
MASSLESS = SerialChain([Link(a=0.0, mass=0.0, r_c=[0, 0, 0], I_c=np.zeros((3, 3))),
                        Link(a=1.0, mass=0.0, r_c=[0, 0, 0], I_c=np.zeros((3, 3)))])


@pytest.fixture(scope="module")
def arm_model():
    return CompiledDynamics(ARM)


@pytest.fixture(scope="module")
def rp_model():
    return CompiledDynamics(RP)


@given(st.data())
@settings(max_examples=40)
def test_forward_dynamics_undoes_inverse_dynamics(data):
    robot = data.draw(chains())
    q, qd, qdd = (data.draw(joint_vectors(robot.n)) for _ in range(3))
    tau = inverse_dynamics(robot, q, qd, qdd)
    np.testing.assert_allclose(forward_dynamics(robot, q, qd, tau), qdd, atol=1e-7)


def test_symbolic_forward_dynamics_of_the_rp_arm_is_the_closed_form():
    # SYLLABUS 4.3 solved for the accelerations
    robot = rp_arm()
    q, qd, _ = joint_symbols(robot)
    tau1, f2 = sp.symbols("tau1 f2")
    l1, m1, m2, Izz1, Izz2, g = sp.symbols("l1 m1 m2 Izz1 Izz2 g")
    (theta1, d2), (w1, v2) = q, qd
    expected = [
        (tau1 - 2 * m2 * d2 * v2 * w1 - (m1 * l1 + m2 * d2) * g * sp.cos(theta1))
        / (m1 * l1**2 + Izz1 + Izz2 + m2 * d2**2),
        (f2 + m2 * d2 * w1**2 - m2 * g * sp.sin(theta1)) / m2,
    ]
    got = forward_dynamics(robot, q, qd, [tau1, f2])
    assert [sp.simplify(a - b) for a, b in zip(got, expected, strict=True)] == [0, 0]


@pytest.mark.parametrize("robot, q0, qd0", [
    (ARM, [0.4, -0.9], [1.0, 2.0]),
    (RP, [-1.2, 0.6], [0.8, -0.3]),
], ids=["2R distributed", "R-P"])
def test_free_motion_conserves_energy(robot, q0, qd0, arm_model, rp_model):
    model = arm_model if robot is ARM else rp_model
    motion = simulate(robot, q0, qd0, 10.0, model=model, samples=101)
    assert motion.q.shape == motion.qd.shape == motion.tau.shape == (101, 2)
    np.testing.assert_array_equal(motion.tau, 0.0)
    E = energy(robot, motion)
    assert np.abs(E - E[0]).max() / abs(E[0]) < 1e-6
    assert np.ptp(motion.q, axis=0).min() > 0.3    # both joints moved


def test_compiled_and_newton_euler_simulations_agree(arm_model):
    def torque(t, q, qd):
        return np.array([np.sin(3 * t), -0.5 * qd[1]])
    slow = simulate(ARM, [0.3, 0.2], [0.0, 1.0], 0.2, torque, samples=5)
    fast = simulate(ARM, [0.3, 0.2], [0.0, 1.0], 0.2, torque, model=arm_model, samples=5)
    np.testing.assert_allclose(fast.q, slow.q, atol=1e-9)
    np.testing.assert_allclose(fast.tau, slow.tau, atol=1e-9)
    np.testing.assert_allclose(fast.tau[:, 0], np.sin(3 * fast.t))


def test_without_samples_the_solver_steps_are_returned(arm_model):
    motion = simulate(ARM, [0.3, 0.2], [0.0, 0.0], 1.0, model=arm_model)
    assert motion.t[0] == 0.0 and motion.t[-1] == 1.0 and len(motion.t) > 10
    assert np.all(np.diff(motion.t) > 0)


def test_a_massless_chain_has_a_singular_mass_matrix():
    with pytest.raises(ValueError, match=r"singular.* q = "):
        forward_dynamics(MASSLESS, [0.1, 0.2], [0.0, 0.0], [1.0, 0.0])
    with pytest.raises(ValueError, match=r"singular.* q = "):
        simulate(MASSLESS, [0.1, 0.2], [0.0, 0.0], 1.0)
    with pytest.raises(ValueError, match=r"singular.* q = "):
        simulate(MASSLESS, [0.1, 0.2], [0.0, 0.0], 1.0, model=CompiledDynamics(MASSLESS))


@pytest.mark.parametrize("duration", [0.0, -2.0])
def test_non_positive_duration_is_refused(duration, arm_model):
    with pytest.raises(ValueError, match="duration"):
        simulate(ARM, [0.0, 0.0], [0.0, 0.0], duration, model=arm_model)


def test_bad_simulation_inputs_name_the_argument(arm_model):
    with pytest.raises(ValueError, match="q0"):
        simulate(ARM, [0.0, 0.0, 0.0], [0.0, 0.0], 1.0, model=arm_model)
    with pytest.raises(ValueError, match="qd0"):
        simulate(ARM, [0.0, 0.0], [0.0], 1.0, model=arm_model)
    with pytest.raises(ValueError, match="torque"):
        simulate(ARM, [0.0, 0.0], [0.0, 0.0], 1.0, lambda t, q, qd: [1.0], model=arm_model)
    with pytest.raises(ValueError, match="samples"):
        simulate(ARM, [0.0, 0.0], [0.0, 0.0], 1.0, model=arm_model, samples=1)
    with pytest.raises(ValueError, match="model must be the CompiledDynamics of this robot"):
        simulate(planar_2r(1.0, 1.0, 1.0, 1.0, 9.81), [0.0, 0.0], [0.0, 0.0], 1.0,
                 model=arm_model)
    with pytest.raises(TypeError, match="None or False; got 'fast'"):
        simulate(ARM, [0.0, 0.0], [0.0, 0.0], 1.0, model="fast")
    with pytest.raises(TypeError, match="robot must have numeric parameters"):
        simulate(planar_2r(), [0.0, 0.0], [0.0, 0.0], 1.0)
    with pytest.raises(ValueError, match="tau"):
        forward_dynamics(ARM, [0.0, 0.0], [0.0, 0.0], [1.0])


def test_the_default_model_is_compiled_once_and_agrees_with_newton_euler():
    arm = planar_2r_distributed(l1=0.9, l2=0.8, m1=2.0, m2=1.5, r1=0.5, r2=0.35, I1=0.17,
                                I2=0.08, g=9.81)
    fast = simulate(arm, [0.3, 0.2], [0.0, 1.0], 0.3, samples=4)
    slow = simulate(arm, [0.3, 0.2], [0.0, 1.0], 0.3, model=False, samples=4)
    np.testing.assert_allclose(fast.q, slow.q, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(fast.qd, slow.qd, rtol=1e-12, atol=1e-12)
    assert compiled_dynamics(arm).state_rate.calls in ("extension", "ctypes")


def test_without_a_compiler_simulate_says_so_and_runs_numpy_code(monkeypatch):
    monkeypatch.setenv("CC", "no-such-compiler-anywhere")
    arm = planar_2r(l1=1.0, l2=0.61, m1=1.0, m2=1.0, g=9.81)        # not compiled before
    with pytest.warns(RuntimeWarning, match="no C compiler found .* numpy code"):
        motion = simulate(arm, [0.3, 0.2], [0.0, 0.0], 0.2, samples=3)
    assert compiled_dynamics(arm).state_rate.backend == "numpy"
    np.testing.assert_allclose(motion.q, simulate(arm, [0.3, 0.2], [0.0, 0.0], 0.2,
                                                  model=False, samples=3).q, atol=1e-12)
