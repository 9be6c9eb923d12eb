"""simulate.energies, actuator_work and JointSpring: the energy account of a simulated
motion, checked against the mass matrix, closed forms, finite differences and the
balance E(t) = E(0) + W(t); bad input names the argument."""

import numpy as np
import pytest
import sympy as sp

from robocourse.codegen import CompiledDynamics
from robocourse.control import computed_torque
from robocourse.models import planar_2r, rp_arm
from robocourse.newton_euler import mass_matrix
from robocourse.simulate import JointSpring, Motion, actuator_work, energies, energy, simulate
from robocourse.trajectories import synchronised

ARM = planar_2r(l1=0.5, l2=0.4, m1=2.0, m2=1.0, g=9.81)
RP = rp_arm(l1=0.5, m1=2.0, m2=1.0, Ixx1=0.17, Iyy1=0.01, Izz1=0.17, Ixx2=0.08, Iyy2=0.001,
            Izz2=0.08, g=9.81)


@pytest.fixture(scope="module")
def arm_model():
    return CompiledDynamics(ARM)


def random_motion(robot, count=7, seed=0):
    rng = np.random.default_rng(seed)
    q, qd, tau = rng.uniform(-2, 2, size=(3, count, robot.n))
    return Motion(np.linspace(0.0, 1.0, count), q, qd, tau)


def test_kinetic_energy_is_half_qd_M_qd_and_the_potential_the_closed_form():
    motion = random_motion(ARM)
    K, U = energies(ARM, motion)
    for k in range(len(motion.t)):
        q, qd = motion.q[k], motion.qd[k]
        assert np.isclose(K[k], 0.5 * qd @ mass_matrix(ARM, q) @ qd)
        heights = [0.5 * np.sin(q[0]), 0.5 * np.sin(q[0]) + 0.4 * np.sin(q.sum())]
        assert np.isclose(U[k], 9.81 * (2.0 * heights[0] + 1.0 * heights[1]))
    assert np.allclose(K + U, energy(ARM, motion))


def test_actuator_work_integrates_the_power():
    t = np.linspace(0.0, 2.0, 41)
    qd = np.column_stack([np.cos(t), np.zeros_like(t)])
    tau = np.column_stack([np.ones_like(t), np.full_like(t, 7.0)])   # joint 2 at rest: no work
    work = actuator_work(Motion(t, np.zeros((41, 2)), qd, tau))
    assert work[0] == 0.0 and np.allclose(work, np.sin(t), atol=1e-6)


def test_under_control_the_energy_gained_is_the_work_done(arm_model):
    law = computed_torque(ARM, synchronised([-1.5, 0.2], [0.8, 1.2], 1.0), 100, 20,
                          model=arm_model)
    motion = simulate(ARM, [-1.5, 0.2], [0.0, 0.0], 1.2, law, model=arm_model, samples=601,
                      rtol=1e-10, atol=1e-10)
    E = energy(ARM, motion)
    work = actuator_work(motion)
    assert abs(E[-1] - E[0]) > 5.0                                  # the arm was lifted …
    assert np.allclose(E - E[0], work, atol=1e-6 * np.ptp(E))       # … by the motors


def test_a_spring_force_is_minus_the_slope_of_its_energy():
    spring = JointSpring(RP, joint=2, stiffness=40.0, rest=0.5)
    q, h = np.array([0.3, 0.9]), 1e-6
    slope = (spring.energy(q + [0, h]) - spring.energy(q - [0, h])) / (2 * h)
    assert np.allclose(spring(0.0, q, np.zeros(2)), [0.0, -slope])
    assert np.isclose(spring.energy(q), 0.5 * 40.0 * 0.4 ** 2)
    rows = np.array([[0.0, 0.5], [1.0, 0.7]])
    assert np.allclose(spring.energy(rows), [0.0, 0.5 * 40.0 * 0.2 ** 2])
    turning = JointSpring(ARM, joint=1, stiffness=3.0)             # a torsion spring, rest 0
    assert np.allclose(turning(0.0, [0.2, 1.0], [0.0, 0.0]), [-0.6, 0.0])


def test_on_a_spring_the_free_motion_keeps_K_plus_U_plus_the_spring_energy():
    spring = JointSpring(RP, joint=2, stiffness=60.0, rest=0.6)
    motion = simulate(RP, [0.5, 0.6], [0.0, 0.0], 2.0, spring, model=CompiledDynamics(RP),
                      samples=81, rtol=1e-10, atol=1e-10)
    K, U = energies(RP, motion)
    total = K + U + spring.energy(motion.q)
    assert np.ptp(motion.q[:, 1]) > 0.2 and np.ptp(K) > 1.0         # it moves, and trades …
    assert np.ptp(total) < 1e-7 * np.ptp(K)                         # … but keeps its energy


@pytest.mark.parametrize("call, error, message", [
    (lambda: energies(ARM, (np.zeros(2), np.zeros((2, 2)))), TypeError,
     r"motion must be a Motion"),
    (lambda: energies(planar_2r(), random_motion(ARM)), TypeError,
     r"robot must have numeric parameters \(e.g. .*\); got the symbols g, l1, l2, m1, m2"),
    (lambda: actuator_work("motion"), TypeError, r"motion must be a Motion"),
    (lambda: actuator_work(Motion(np.zeros(1), np.zeros((1, 2)), np.zeros((1, 2)),
                                  np.zeros((1, 2)))), ValueError,
     r"motion must have at least 2"),
    (lambda: JointSpring(RP, joint=3, stiffness=1.0), ValueError,
     r"joint must be an integer from 1 to 2"),
    (lambda: JointSpring(RP, joint=True, stiffness=1.0), ValueError, r"joint must be an integer"),
    (lambda: JointSpring(RP, joint=2, stiffness=-1.0), ValueError, r"stiffness must be >= 0"),
    (lambda: JointSpring(RP, joint=2, stiffness=sp.Symbol("k")), TypeError,
     r"stiffness must be a number"),
    (lambda: JointSpring(RP, joint=2, stiffness=1.0, rest="0.6 m"), TypeError,
     r"rest must be a number"),
    (lambda: JointSpring(planar_2r, joint=1, stiffness=1.0), TypeError,
     r"robot must be a SerialChain"),
    (lambda: JointSpring(RP, joint=2, stiffness=1.0).energy([0.1, 0.2, 0.3]), ValueError,
     r"q must have 2 entries"),
    (lambda: JointSpring(RP, joint=2, stiffness=1.0).energy([0.1, np.nan]), ValueError,
     r"q\[1\] must be a finite real number; got nan"),
    (lambda: JointSpring(RP, joint=2, stiffness=1.0)(0.0, [0.1, True], [0.0, 0.0]), TypeError,
     r"q\[1\] must be a number .*not a bool"),
    (lambda: energies(ARM, Motion(np.arange(2.0), *np.zeros((3, 2, 3)))), ValueError,
     r"motion must be a motion of the 2 joints"),
    (lambda: energies(planar_2r, random_motion(ARM)), TypeError,
     r"robot must be a SerialChain; got the function planar_2r"),
])
def test_bad_input_names_the_argument(call, error, message):
    with pytest.raises(error, match=message):
        call()
