"""Chapter 3's Newton–Euler, word for word and part by part: every error the module raises
with the whole sentence a student reads, its documented defaults, its symbolic results,
its batches and the payload on arms of three and more links, and each part of
``torque_parts`` against its own formula."""

import warnings

import numpy as np
import pytest
import sympy as sp

from robocourse import newton_euler as NE
from robocourse._checks import DegreesWarning
from robocourse.frames import roll_pitch_yaw, transform
from robocourse.kinematics import jacobian, jacobian_by_cross_products, link_frames
from robocourse.models import planar_2r, planar_3r, puma560, random_chain, with_payload
from robocourse.robot import SerialChain
from robocourse.statics import joint_torques_by_jacobian
from tests.bad_input import raised

ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
ZERO = [0.0, 0.0]
BATCH = np.zeros((3, 2))
PUMA = puma560()
Q6 = np.array([0.1, -0.4, 0.3, 0.5, -0.6, 0.7])
QD6 = np.array([0.3, 0.2, -0.5, 0.4, 0.1, 0.6])
QDD6 = np.array([-0.2, 0.5, 0.3, -0.1, 0.4, 0.2])
WRENCH = np.array([1.0, -2.0, 3.0, 0.5, -0.4, 0.3])

MESSAGES = [
    (lambda: NE.inverse_dynamics(ARM, BATCH, BATCH, ZERO), ValueError,
     "qdd must be a batch of states like q (shape (3, 2), one row per state); got shape (2,)"),
    (lambda: NE.velocity_product(ARM, BATCH, [ZERO]), ValueError,
     "q, qd must hold the same number of states (rows); got [3, 1]"),
    (lambda: NE.velocity_product(ARM, np.zeros((4, 2)), ZERO), ValueError,
     "qd must be a batch of states like q (shape (4, 2), one row per state); got shape (2,)"),
    (lambda: NE.inverse_dynamics(ARM, BATCH, np.zeros((2, 2)), BATCH), ValueError,
     "q, qd, qdd must hold the same number of states (rows); got [3, 2, 3]"),
    (lambda: NE.coriolis_matrix(ARM, BATCH, np.zeros((4, 2))), ValueError,
     "q, qd must hold the same number of states (rows); got [3, 4]"),
    (lambda: NE.payload_wrench(ARM, ZERO, ZERO, ZERO, 1.0, [0, 0], np.zeros((3, 3))),
     ValueError, "r_c must have 3 entries (x, y, z in the tool frame); got 2"),
    (lambda: NE.payload_trace(ARM, ZERO, ZERO, ZERO, 1.0, [0, 0, 0, 0], np.zeros((3, 3))),
     ValueError, "r_c must have 3 entries (x, y, z in the tool frame); got 4"),
    (lambda: NE.velocity_product(ARM, BATCH, np.zeros((3, 2, 1))), ValueError,
     "qd must be a batch of states like q (shape (3, 2), one row per state); got shape "
     "(3, 2, 1)"),
    (lambda: NE.gravity_load(ARM, [[0.1, 0.2], [0.3]]), TypeError,
     "q[0] must be a number or a sympy expression; got [0.1, 0.2]"),
    (lambda: NE.gravity_load(ARM, [[0.0, 0.0], np.zeros((2, 2))]), ValueError,
     "q must be a sequence of 2 numbers, flat (not nested); got [[0.0, 0.0], "
     "array([[0., 0.], [0., 0.]])]"),
    (lambda: NE.gravity_load(ARM, np.zeros((2, 3))), ValueError,
     "q must be a vector of 2 entries; got shape (2, 3)"),
    (lambda: NE.mass_matrix(ARM, [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]), ValueError,
     "q must be a vector of 2 entries; got shape (2, 3)"),
    (lambda: NE.gravity_load(planar_2r(), BATCH), TypeError,
     "robot must have numeric parameters (e.g. planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, "
     "g=9.81)); got the symbols g, l1, l2, m1, m2"),
    (lambda: NE.newton_euler(ARM, ZERO, ZERO, ZERO).link(3), ValueError,
     "i must be an integer from 1 to 2; got 3"),
]


@pytest.mark.parametrize(("call", "error", "message"), MESSAGES)
def test_every_error_of_newton_euler_reads_as_written(call, error, message):
    assert str(raised(call, error)) == message


# ------------------------------------------------------------------------ defaults

def test_a_load_is_written_in_the_base_frame_by_default():
    base = NE.inverse_dynamics(PUMA, Q6, QD6, QDD6, wrench=WRENCH, frame="base")
    assert np.array_equal(NE.inverse_dynamics(PUMA, Q6, QD6, QDD6, wrench=WRENCH), base)
    tool = NE.inverse_dynamics(PUMA, Q6, QD6, QDD6, wrench=WRENCH, frame="tool")
    free = NE.inverse_dynamics(PUMA, Q6, QD6, QDD6)
    assert np.allclose(base - free, jacobian(PUMA, Q6).T @ WRENCH)
    assert np.allclose(tool - free, jacobian(PUMA, Q6, frame="tool").T @ WRENCH)
    result = NE.newton_euler(PUMA, Q6, QD6, QDD6, wrench=WRENCH)
    assert np.array_equal(result.tau, base)
    result = NE.newton_euler(PUMA, Q6, QD6, QDD6, wrench=WRENCH, frame="tool")
    assert np.allclose(result.tau, tool)


def test_newton_euler_of_a_symbolic_state_of_a_numeric_arm_is_symbolic():
    q = sp.symbols("theta1 theta2")
    result = NE.newton_euler(ARM, q, [1, -2], [3, 1])
    assert isinstance(result.tau, sp.MatrixBase)
    at = {q[0]: 0.3, q[1]: -0.4}
    assert np.allclose(np.array(result.tau.subs(at), dtype=float).ravel(),
                       NE.inverse_dynamics(ARM, [0.3, -0.4], [1.0, -2.0], [3.0, 1.0]))
    tau = NE.inverse_dynamics(ARM, q, [1, -2], [3, 1])
    assert isinstance(tau, sp.MatrixBase)
    assert np.allclose(np.array(tau.subs(at), dtype=float), np.array(result.tau.subs(at),
                                                                      dtype=float))


def test_a_batch_takes_its_load_in_the_base_frame_by_default_and_in_the_tool_frame_if_asked():
    Q, QD, QDD = (np.stack([x, x / 2, -x]) for x in (Q6, QD6, QDD6))
    for frame in ("base", "tool"):
        batch = NE.inverse_dynamics(PUMA, Q, QD, QDD, wrench=WRENCH, frame=frame)
        one = [NE.inverse_dynamics(PUMA, Q[k], QD[k], QDD[k], wrench=WRENCH, frame=frame)
               for k in range(3)]
        assert np.allclose(batch, one)
    assert np.array_equal(NE.inverse_dynamics(PUMA, Q, QD, QDD, wrench=WRENCH),
                          NE.inverse_dynamics(PUMA, Q, QD, QDD, wrench=WRENCH, frame="base"))


def test_a_batch_with_a_load_on_a_turned_and_offset_tool():
    tool = transform(roll_pitch_yaw(0.4, -0.3, 1.2), [0.1, -0.2, 0.3])
    robot = SerialChain(PUMA.links, tool=tool, gravity=PUMA.gravity)
    Q, QD, QDD = (np.stack([x, -x / 2]) for x in (Q6, QD6, QDD6))
    for frame in ("base", "tool"):
        batch = NE.inverse_dynamics(robot, Q, QD, QDD, wrench=WRENCH, frame=frame, gravity=0)
        one = [NE.inverse_dynamics(robot, Q[k], QD[k], QDD[k], wrench=WRENCH, frame=frame,
                                   gravity=0) for k in range(2)]
        assert np.allclose(batch, one)
    assert not np.allclose(batch, NE.inverse_dynamics(robot, Q, QD, QDD, wrench=WRENCH,
                                                      gravity=0))


def test_gravity_defaults_to_the_robots_own_and_zero_switches_it_off():
    assert np.array_equal(NE.gravity_load(PUMA, Q6),
                          NE.gravity_load(PUMA, Q6, gravity=PUMA.gravity))
    assert np.array_equal(NE.gravity_load(PUMA, Q6, gravity=0), np.zeros(6))
    tilted = [1.0, 2.0, -9.0]
    assert np.allclose(NE.gravity_load(PUMA, Q6, gravity=tilted),
                       NE.inverse_dynamics(PUMA, Q6, 0 * Q6, 0 * Q6, gravity=tilted))
    batch = NE.gravity_load(PUMA, np.stack([Q6, -Q6]), gravity=tilted)
    assert np.allclose(batch, [NE.gravity_load(PUMA, q, gravity=tilted) for q in (Q6, -Q6)])
    assert np.allclose(NE.gravity_load(PUMA, np.stack([Q6, -Q6])),
                       [NE.gravity_load(PUMA, q) for q in (Q6, -Q6)])


# ---------------------------------------------------------- the five verbs on batches

@pytest.mark.parametrize("robot", [PUMA, random_chain(3, seed=2)], ids=["puma", "random RPR"])
def test_every_verb_of_a_batch_is_the_verb_of_each_state(robot):
    n = robot.n
    rng = np.random.default_rng(n)
    Q, QD, QDD = (rng.uniform(-1, 1, (2, n)) for _ in range(3))
    pairs = [
        (NE.inverse_dynamics(robot, Q, QD, QDD),
         [NE.inverse_dynamics(robot, Q[k], QD[k], QDD[k]) for k in range(2)]),
        (NE.mass_matrix(robot, Q), [NE.mass_matrix(robot, Q[k]) for k in range(2)]),
        (NE.velocity_product(robot, Q, QD),
         [NE.velocity_product(robot, Q[k], QD[k]) for k in range(2)]),
        (NE.coriolis_matrix(robot, Q, QD),
         [NE.coriolis_matrix(robot, Q[k], QD[k]) for k in range(2)]),
        (NE.gravity_load(robot, Q), [NE.gravity_load(robot, Q[k]) for k in range(2)]),
    ]
    for batch, one_by_one in pairs:
        assert np.allclose(batch, one_by_one)
    assert NE.mass_matrix(robot, Q).shape == (2, n, n)
    assert NE.coriolis_matrix(robot, Q, QD).shape == (2, n, n)


def test_a_list_of_rows_is_a_batch_and_a_list_of_symbols_is_one_state():
    rows = [[0.1, 0.2], [0.3, -0.4]]
    assert NE.gravity_load(ARM, rows).shape == (2, 2)
    assert NE.gravity_load(ARM, [[0.1, 0.2]]).shape == (1, 2)
    t = sp.symbols("theta1 theta2")
    G = NE.gravity_load(ARM, [list(t)])                         # a row of symbols: one state
    assert isinstance(G, sp.MatrixBase) and G == NE.gravity_load(ARM, t)


def test_only_the_angles_of_a_batch_are_checked_for_degrees():
    whole = np.full((2, 2), 30.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rates = NE.velocity_product(ARM, np.zeros((2, 2)), whole)    # 30 rad/s: no warning
        accelerations = NE.inverse_dynamics(ARM, np.zeros((2, 2)), whole, whole)
    assert rates.shape == accelerations.shape == (2, 2)
    with pytest.warns(DegreesWarning):
        NE.gravity_load(ARM, whole)


def test_the_coriolis_matrix_of_a_three_link_arm_gives_the_velocity_product():
    for robot in (PUMA, planar_3r(lengths=[1.0, 0.8, 0.5], masses=[1.0, 2.0, 0.5],
                                  com_distances=[0.5, 0.4, 0.25],
                                  inertias=[0.1, 0.2, 0.05], g=9.81)):
        n = robot.n
        q, qd = Q6[:n], QD6[:n]
        C = NE.coriolis_matrix(robot, q, qd)
        assert np.allclose(C @ qd, NE.velocity_product(robot, q, qd))
        M_dot = (NE.mass_matrix(robot, q + 1e-6 * qd) - NE.mass_matrix(robot, q - 1e-6 * qd)) / 2e-6
        skew = M_dot - 2 * C
        assert np.allclose(skew, -skew.T, atol=1e-6)


# ----------------------------------------------------------------------- the payload

@pytest.mark.parametrize("robot", [PUMA, SerialChain(
    PUMA.links, tool=transform(roll_pitch_yaw(0.4, -0.3, 1.2), [0.1, -0.2, 0.3]),
    gravity=PUMA.gravity), planar_3r(lengths=[1.0, 0.8, 0.5],
                                                   masses=[1.0, 2.0, 0.5],
                                                   com_distances=[0.5, 0.4, 0.25],
                                                   inertias=[0.1, 0.2, 0.05], g=9.81)],
                         ids=["puma", "puma with a tool", "planar 3R"])
def test_the_payload_of_an_arm_of_three_or_more_links_is_carried_by_its_last_link(robot):
    n = robot.n
    state = Q6[:n], QD6[:n], QDD6[:n]
    payload = 2.0, [0.1, -0.05, 0.2], np.diag([0.02, 0.03, 0.04])
    load = NE.payload_wrench(robot, *state, *payload)
    tau = NE.inverse_dynamics(robot, *state, wrench=load, frame="tool")
    assert np.allclose(tau, NE.inverse_dynamics(with_payload(robot, *payload), *state))
    held = NE.payload_trace(robot, *state, *payload)
    last = NE.newton_euler(robot, *state).link(n)
    R = np.asarray(robot.tool, dtype=float)[:3, :3].T                  # T_R_n
    assert np.allclose(held.omega, R @ last.omega)
    assert np.allclose(held.omega_dot, R @ last.omega_dot)
    assert np.allclose(load, [*held.f, *held.n])


def test_the_payload_follows_the_gravity_it_is_given():
    state = Q6, 0 * Q6, 0 * Q6
    held = NE.payload_trace(PUMA, *state, 2.0, [0, 0, 0], np.zeros((3, 3)), gravity=0)
    assert np.allclose(held.f, 0)
    up = NE.payload_wrench(PUMA, *state, 2.0, [0, 0, 0], np.zeros((3, 3)))
    R = link_frames(PUMA, Q6)[-1][:3, :3]
    assert np.allclose(R @ up[:3], [0, 0, 2.0 * 9.81])


def test_a_payload_of_symbolic_inertia_on_a_numeric_state_gives_an_exact_wrench():
    Ixx, Iyy, Izz = sp.symbols("I_xx I_yy I_zz", positive=True)
    arm = planar_2r(l1=1, l2=1, m1=1, m2=1, g=10)
    load = NE.payload_wrench(arm, [0, 0], [1, 0], [0, 1], 2, [0, 0, 0],
                             sp.diag(Ixx, Iyy, Izz))
    assert isinstance(load, sp.MatrixBase) and load.shape == (6, 1)
    assert load[5] == Izz
    assert not load.atoms(sp.Float)


# ---------------------------------------------------------------- the parts of τ

def _point_jacobians(robot, q, i):
    J = jacobian_by_cross_products(robot, q, link=i, point=np.asarray(robot.links[i - 1].r_c,
                                                                        dtype=float))
    return J[:3, :], J[3:, :]


def _world_inertia(robot, q, i):
    R = link_frames(robot, q)[i - 1][:3, :3]
    return R @ np.asarray(robot.links[i - 1].I_c, dtype=float) @ R.T


def test_each_part_of_the_torques_against_its_own_formula():
    """At rest (q̇ = 0) the links accelerate as ``J q̈``: ``newton = Σ m Jvᵀ Jv q̈``,
    ``euler = Σ Jωᵀ I Jω q̈`` (I in {0}), and nothing is gyroscopic; moving without
    acceleration, ``gyroscopic = Σ Jωᵀ (ω × I ω)`` with ``ω = Jω q̇``."""
    at_rest = NE.torque_parts(PUMA, Q6, 0 * Q6, QDD6)
    newton, euler, gyroscopic = np.zeros(6), np.zeros(6), np.zeros(6)
    for i, link in enumerate(PUMA.links, start=1):
        Jv, Jw = _point_jacobians(PUMA, Q6, i)
        I = _world_inertia(PUMA, Q6, i)
        newton += float(link.mass) * Jv.T @ Jv @ QDD6
        euler += Jw.T @ I @ Jw @ QDD6
        omega = Jw @ QD6
        gyroscopic += Jw.T @ np.cross(omega, I @ omega)
    assert np.allclose(at_rest.newton, newton)
    assert np.allclose(at_rest.euler, euler)
    assert np.allclose(at_rest.gyroscopic, 0)
    assert np.allclose(at_rest.weight, NE.gravity_load(PUMA, Q6))
    assert np.allclose(at_rest.load, 0)
    moving = NE.torque_parts(PUMA, Q6, QD6, 0 * QDD6)
    assert np.allclose(moving.gyroscopic, gyroscopic)
    assert np.abs(gyroscopic).max() > 1e-3


def test_the_parts_sum_to_inverse_dynamics_and_the_newton_part_holds_no_weight():
    parts = NE.torque_parts(PUMA, Q6, QD6, QDD6, wrench=WRENCH)
    assert np.allclose(parts.total, NE.inverse_dynamics(PUMA, Q6, QD6, QDD6, wrench=WRENCH))
    weightless = NE.torque_parts(PUMA, Q6, QD6, QDD6, gravity=0)
    assert np.allclose(parts.newton, weightless.newton)
    assert np.allclose(weightless.weight, 0)
    tilted = NE.torque_parts(PUMA, Q6, QD6, QDD6, gravity=[1.0, 2.0, -9.0])
    assert np.allclose(tilted.weight, NE.gravity_load(PUMA, Q6, gravity=[1.0, 2.0, -9.0]))


def test_the_load_part_is_the_wrench_in_the_frame_it_is_written_in():
    base = NE.torque_parts(PUMA, Q6, QD6, QDD6, wrench=WRENCH)
    assert np.allclose(base.load, joint_torques_by_jacobian(PUMA, Q6, WRENCH, frame="base"))
    tool = NE.torque_parts(PUMA, Q6, QD6, QDD6, wrench=WRENCH, frame="tool")
    assert np.allclose(tool.load, joint_torques_by_jacobian(PUMA, Q6, WRENCH, frame="tool"))
    assert not np.allclose(tool.load, base.load)
    assert np.allclose(tool.total,
                       NE.inverse_dynamics(PUMA, Q6, QD6, QDD6, wrench=WRENCH, frame="tool"))
    default = NE.torque_parts(PUMA, Q6, QD6, QDD6, wrench=WRENCH, frame="base")
    assert all(np.array_equal(a, b) for a, b in zip(default, base, strict=True))


def test_the_parts_of_a_symbolic_state_are_expressions_of_it():
    q = sp.symbols("theta1 theta2")
    parts = NE.torque_parts(ARM, q, [1, -2], [3, 1])
    assert all(isinstance(part, sp.MatrixBase) for part in parts)
    at = {q[0]: 0.3, q[1]: -0.4}
    numeric = NE.torque_parts(ARM, [0.3, -0.4], [1.0, -2.0], [3.0, 1.0])
    for name, part in zip(parts._fields, parts, strict=True):
        assert np.allclose(np.array(part.subs(at), dtype=float).ravel(),
                           getattr(numeric, name)), name
