"""Chapter 1: statics. Every worked answer of SYLLABUS 1.1–1.6 by its two methods
(force/moment propagation and the force Jacobian ``τ = Jᵀ F``; the 6x6 transforms and
propagation with no joint), and virtual work on random chains."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import chains, joint_vectors, rotations

from robocourse.frames import (
    cross,
    force_transform,
    rot_x,
    rot_z,
    rotation,
    transform,
    translation,
    velocity_transform,
)
from robocourse.kinematics import (
    forward_kinematics,
    jacobian,
    jacobian_by_propagation,
    jacobian_rows,
    link_frames,
)
from robocourse.models import planar_2r, rp_arm
from robocourse.robot import Link, SerialChain
from robocourse.statics import (
    StaticForces,
    joint_torques_by_jacobian,
    static_forces_by_propagation,
    tool_wrench,
)

l1, l2 = sp.symbols("l1 l2")
t1, t2 = sp.symbols("theta1 theta2")
fx, fy = sp.symbols("f_x f_y")
s2, c2 = sp.sin(t2), sp.cos(t2)

# SYLLABUS 1.1, typed in from the lecture
TAU_2R = sp.Matrix([l1 * s2 * fx + (l2 + l1 * c2) * fy, l2 * fy])
FORCE_JACOBIAN_2R = sp.Matrix([[l1 * s2, l2 + l1 * c2], [0, l2]])


def is_zero(difference):
    """True when a symbolic matrix or expression simplifies to zero."""
    return sp.simplify(sp.Matrix([difference])).is_zero_matrix


# ---------------------------------------------------------------- 1.1 the 2R arm, load in {3}

def test_2r_statics_by_propagation_every_intermediate():                  # 1.1 method 1
    statics = static_forces_by_propagation(planar_2r(), [t1, t2], [fx, fy, 0, 0, 0, 0],
                                           frame="tool")
    assert isinstance(statics, StaticForces)
    assert statics.force(3) == sp.Matrix([fx, fy, 0])
    assert statics.moment(3) == sp.zeros(3, 1)
    assert statics.force(2) == sp.Matrix([fx, fy, 0])                  # 2_R_3 = I
    assert statics.moment(2) == sp.Matrix([0, 0, l2 * fy])              # l2 X̂2 × 2_f_2
    assert is_zero(statics.force(1) - sp.Matrix([c2 * fx - s2 * fy, s2 * fx + c2 * fy, 0]))
    assert is_zero(statics.moment(1) - sp.Matrix([0, 0, l2 * fy + l1 * (s2 * fx + c2 * fy)]))
    assert is_zero(statics.torques - TAU_2R)
    with pytest.raises(ValueError, match="i must be an integer from 1 to 3"):
        statics.force(4)


def test_2r_statics_by_force_jacobian_in_the_tool_frame():                # 1.1 method 2
    tau = joint_torques_by_jacobian(planar_2r(), [t1, t2], [fx, fy, 0, 0, 0, 0], frame="tool")
    assert is_zero(tau - TAU_2R)
    assert is_zero(FORCE_JACOBIAN_2R @ sp.Matrix([fx, fy]) - TAU_2R)
    J3 = jacobian_rows(planar_2r(), [t1, t2], rows=(0, 1), frame="tool")
    assert is_zero(J3.T - FORCE_JACOBIAN_2R)


# ---------------------------------------------------------------- 1.2 the same load in {0}

def test_2r_statics_with_the_load_in_the_base_frame():                    # 1.2
    arm = planar_2r()
    F0 = rotation(forward_kinematics(arm, [t1, t2])) @ sp.Matrix([fx, fy, 0])   # 0F = 0R3 3F
    by_base_jacobian = joint_torques_by_jacobian(arm, [t1, t2], [*F0, 0, 0, 0])  # frame="base"
    assert is_zero(by_base_jacobian - TAU_2R)
    by_propagation = static_forces_by_propagation(arm, [t1, t2], [*F0, 0, 0, 0], frame="base")
    assert is_zero(by_propagation.torques - TAU_2R)
    assert is_zero(by_propagation.force(3) - sp.Matrix([fx, fy, 0]))    # back in {3}


# ---------------------------------------------------------------- 1.3 singular statics

def test_2r_singular_statics_force_along_the_arm_needs_no_torque():      # 1.3
    for angle in (0, sp.pi):
        statics = static_forces_by_propagation(planar_2r(), [t1, angle], [fx, 0, 0, 0, 0, 0],
                                               frame="tool")
        assert is_zero(statics.torques)                                 # for every fx
        JT = jacobian_rows(planar_2r(), [t1, angle], rows=(0, 1), frame="tool").T
        assert JT.rank(simplify=True) == 1
        null = JT.nullspace(simplify=True)
        assert len(null) == 1 and is_zero(null[0] - sp.Matrix([1, 0]))  # 3F along X̂3
    tau = static_forces_by_propagation(planar_2r(), [t1, t2], [fx, 0, 0, 0, 0, 0],
                                       frame="tool").torques
    assert not is_zero(tau)                                             # only there


# ---------------------------------------------------------------- 1.4 virtual work

def test_2r_virtual_work_for_any_displacement():                           # 1.4 symbolic
    arm = planar_2r()
    dt1, dt2 = sp.symbols("delta_theta1 delta_theta2")
    dq = sp.Matrix([dt1, dt2])
    F0 = sp.Matrix(sp.symbols("F_x F_y F_z N_x N_y N_z"))
    tau = static_forces_by_propagation(arm, [t1, t2], F0, frame="base")
    dX = jacobian(arm, [t1, t2], frame="base") @ dq
    assert is_zero(tau.torques.dot(dq) - F0.dot(dX))


def _finite_displacement(robot, q, dq):
    """``δX = [δp; δφ]`` in {0} between the tool poses at ``q ∓ dq/2``."""
    T_minus = forward_kinematics(robot, q - dq / 2)
    T_plus = forward_kinematics(robot, q + dq / 2)
    W = rotation(T_plus) @ rotation(T_minus).T         # ≈ I + [δφ x]
    return np.concatenate([translation(T_plus) - translation(T_minus),
                           [(W[2, 1] - W[1, 2]) / 2, (W[0, 2] - W[2, 0]) / 2,
                            (W[1, 0] - W[0, 1]) / 2]])


@settings(max_examples=60)
@given(st.data())
def test_virtual_work_on_random_chains(data):                              # 1.4 numeric
    robot = data.draw(chains(with_mass=False))
    q = data.draw(joint_vectors(robot.n))
    force = data.draw(joint_vectors(3, scale=10.0))
    moment = data.draw(joint_vectors(3, scale=10.0))
    direction = data.draw(joint_vectors(robot.n, scale=1.0))
    dq = 1e-5 * direction
    tau = static_forces_by_propagation(robot, q, [*force, *moment], frame="base").torques
    dX = _finite_displacement(robot, q, dq)
    assert tau @ dq == pytest.approx(np.concatenate([force, moment]) @ dX, abs=1e-9)


@settings(max_examples=60)
@given(st.data())
def test_propagation_equals_force_jacobian_on_random_chains(data):
    robot = data.draw(chains(with_mass=False))
    q = data.draw(joint_vectors(robot.n))
    force = data.draw(joint_vectors(3, scale=10.0))
    moment = data.draw(joint_vectors(3, scale=10.0))
    for frame in ("tool", "base"):
        wrench = [*force, *moment]
        by_propagation = static_forces_by_propagation(robot, q, wrench, frame=frame).torques
        by_jacobian = joint_torques_by_jacobian(robot, q, wrench, frame=frame)
        np.testing.assert_allclose(by_propagation, by_jacobian, atol=1e-9)
    R = rotation(forward_kinematics(robot, q))          # the same load, given in {0}
    np.testing.assert_allclose(
        static_forces_by_propagation(robot, q, [*(R @ force), *(R @ moment)]).torques,
        static_forces_by_propagation(robot, q, [*force, *moment], frame="tool").torques,
        atol=1e-9)
    np.testing.assert_allclose(                          # the load in the tool frame
        tool_wrench(robot, q, [*(R @ force), *(R @ moment)]), [*force, *moment], atol=1e-9)


def test_rp_arm_statics_prismatic_joint_takes_the_force_along_its_axis():
    d2 = sp.Symbol("d2")
    f = sp.Matrix(sp.symbols("f_1:4"))                  # the load, in {2} = tool frame
    arm = rp_arm()
    statics = static_forces_by_propagation(arm, [t1, d2], [*f, 0, 0, 0], frame="tool")
    assert statics.torques[1] == f[2]                   # τ2 = 2_f_2 · Ẑ2, the slider force
    F0 = rotation(forward_kinematics(arm, [t1, d2])) @ f
    tip = translation(forward_kinematics(arm, [t1, d2]))
    assert is_zero(statics.torques[0] - cross(tip, F0)[2])   # moment of 0F about Ẑ0
    assert is_zero(statics.torques - joint_torques_by_jacobian(arm, [t1, d2], [*f, 0, 0, 0],
                                                               frame="tool"))


def test_numeric_2r_statics():
    arm = planar_2r(l1=0.5, l2=0.3)
    statics = static_forces_by_propagation(arm, [0.4, 0.9], [2.0, -1.0, 0, 0, 0, 0],
                                           frame="tool")
    values = {l1: 0.5, l2: 0.3, t2: 0.9, fx: 2.0, fy: -1.0}
    np.testing.assert_allclose(statics.torques, np.array(TAU_2R.subs(values), dtype=float)
                               .ravel(), atol=1e-12)
    assert isinstance(statics.torques, np.ndarray) and statics.torques.shape == (2,)


# ---------------------------------------------------------------- 1.5 velocity transform

def test_velocity_transform_is_propagation_without_joint_motion():         # 1.5 symbolic
    phi, psi = sp.symbols("phi psi")
    R = rot_z(phi) @ rot_x(psi)                          # A_R_B
    P = sp.Matrix(sp.symbols("p_x p_y p_z"))             # A_P_B
    v = sp.Matrix(sp.symbols("v_x v_y v_z"))
    w = sp.Matrix(sp.symbols("omega_x omega_y omega_z"))
    by_matrix = velocity_transform(R, P) @ v.col_join(w)
    # Craig 5.45 / 5.47 with θ̇ = 0: Bω = B_R_A Aω, Bv = B_R_A (Av + Aω × A_P_B)
    by_propagation = (R.T @ (v + cross(w, P))).col_join(R.T @ w)
    assert is_zero(by_matrix - by_propagation)


@settings(max_examples=40)
@given(st.data())
def test_velocity_transform_carries_the_last_link_jacobian_to_the_tool(data):  # 1.5
    robot = data.draw(chains(with_mass=False))
    q = data.draw(joint_vectors(robot.n))
    V = velocity_transform(rotation(robot.tool), translation(robot.tool))
    np.testing.assert_allclose(jacobian_by_propagation(robot, q),
                               V @ jacobian_by_propagation(robot, q, link=robot.n), atol=1e-9)


# ---------------------------------------------------------------- 1.6 force transform

def test_force_transform_is_propagation_through_no_joint():               # 1.6 symbolic
    phi = sp.Symbol("phi")
    R, P = rot_z(phi), sp.Matrix(sp.symbols("p_x p_y p_z"))       # A_R_B, A_P_B
    f, n = sp.Matrix(sp.symbols("f_1:4")), sp.Matrix(sp.symbols("n_1:4"))
    sensor = SerialChain([Link()], tool=transform(R, P))          # {A} = {1}, {B} = tool
    statics = static_forces_by_propagation(sensor, [0], [*f, *n], frame="tool")
    by_matrix = force_transform(R, P) @ f.col_join(n)
    assert is_zero(by_matrix - statics.force(1).col_join(statics.moment(1)))


@settings(max_examples=40)
@given(rotations(), joint_vectors(3, scale=1.0), joint_vectors(6, scale=10.0),
       joint_vectors(6, scale=1.0))
def test_force_transform_numeric_and_power(R, P, wrench_B, twist_A):      # 1.6 numeric
    sensor = SerialChain([Link()], tool=transform(R, P))
    statics = static_forces_by_propagation(sensor, [0.0], wrench_B, frame="tool")
    wrench_A = force_transform(R, P) @ wrench_B
    np.testing.assert_allclose(wrench_A, np.concatenate([statics.force(1), statics.moment(1)]),
                               atol=1e-9)
    twist_B = velocity_transform(R, P) @ twist_A
    assert wrench_A @ twist_A == pytest.approx(wrench_B @ twist_B, abs=1e-9)


def test_static_forces_list_every_frame_in_order():
    robot = planar_2r(l1=1.0, l2=1.0)
    statics = static_forces_by_propagation(robot, [0.0, 0.0], [0.0, 1.0, 0, 0, 0, 0])
    assert [statics.force(i)[1] for i in (1, 2, 3)] == [1.0, 1.0, 1.0]
    assert [statics.moment(i)[2] for i in (1, 2, 3)] == [2.0, 1.0, 0.0]
    np.testing.assert_allclose(statics.torques, [2.0, 1.0])
    frames = link_frames(robot, [0.0, 0.0])
    assert len(frames) == 3                              # links 1, 2 and the tool frame {3}
    with pytest.raises(ValueError, match="i must be an integer from 1 to 3"):
        statics.moment(True)


def test_tool_moment_passes_straight_to_revolute_joints():
    statics = static_forces_by_propagation(planar_2r(), [t1, t2], [0, 0, 0, 0, 0, 3])
    assert statics.torques == sp.Matrix([3, 3])
