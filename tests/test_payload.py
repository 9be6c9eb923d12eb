"""Chapter 3, §3.3 — why the R-P arm's tensor of link 2 looks permuted — and §3.5 — a
spatial arm holding a payload: the model ``spatial_3r``, the payload as the tool's load
(``payload_trace``, ``payload_wrench``) against the payload fastened to the last link
(``with_payload``, by ``inertia.composite_body``) and Lagrange, the joint torques taken
apart by virtual work (``torque_parts``), the chapter's worked answers, and bad input."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import chains, inertia_tensors, joint_vectors

from robocourse import lagrange
from robocourse import newton_euler as ne
from robocourse.equivalence import assert_identical
from robocourse.frames import rot_x, rotation, transform
from robocourse.inertia import (
    Box,
    Cylinder,
    inertia_by_integration,
    rotate_inertia,
    symbolic_inertia,
)
from robocourse.kinematics import forward_kinematics, link_frames
from robocourse.models import planar_2r, planar_3r, rp_arm, spatial_3r, with_payload
from robocourse.robot import SerialChain, joint_symbols

ARM = spatial_3r()
Q, QD, QDD = joint_symbols(ARM)
(t1, t2, t3), (w1, w2, w3), (a1, a2, a3) = Q, QD, QDD
l2, l3, g = sp.symbols("l2 l3 g")


# --- §3.3: the R-P arm's tensor of link 2 in the axes of {2} ---------------------------------

def test_rp_arm_link_2_tensor_is_craigs_turned_into_frame_2():
    """Craig's axes (X across the arm, Y along it, Z on axis 1), written in {2} from the
    kinematics, turn diag(Ixx2, Iyy2, Izz2) into the stored diag(Ixx2, Izz2, Iyy2)."""
    rp = rp_arm()
    (theta1, _), _, _ = joint_symbols(rp)
    frames = link_frames(rp, joint_symbols(rp)[0])
    craig = sp.Matrix.hstack(rotation(frames[0])[:, 0],
                             sp.Matrix([sp.cos(theta1), sp.sin(theta1), 0]), sp.Matrix([0, 0, 1]))
    R2C = (rotation(frames[1]).T @ craig).applyfunc(sp.simplify)
    assert R2C == sp.Matrix([[1, 0, 0], [0, 0, -1], [0, 1, 0]])
    Ixx2, Iyy2, Izz2 = sp.symbols("Ixx2 Iyy2 Izz2")
    assert_identical(rotate_inertia(sp.diag(Ixx2, Iyy2, Izz2), R2C), rp.links[1].I_c, "²I₂")
    assert rp.links[1].I_c == sp.diag(Ixx2, Izz2, Iyy2)


# --- the model -------------------------------------------------------------------------------

def test_spatial_3r_reaches_along_x_and_up_as_its_dh_table_says():
    T = forward_kinematics(ARM, [0, 0, 0])
    assert_identical(T[:3, 3], sp.Matrix([l2 + l3, 0, 0]), "the stretched arm along X0")
    assert_identical(forward_kinematics(ARM, [0, -sp.pi / 2, 0])[:3, 3],
                     sp.Matrix([0, 0, l2 + l3]), "θ2 = −90°: the arm points up")
    frames = link_frames(ARM, Q)
    assert_identical(rotation(frames[1])[:, 2], sp.Matrix([-sp.sin(t1), sp.cos(t1), 0]),
                     "the shoulder axis Z2 is horizontal")
    assert_identical(rotation(frames[2])[:, 2], rotation(frames[1])[:, 2],
                     "the elbow axis is parallel to the shoulder axis")
    assert ARM.gravity[2] == -g and ARM.links[2].a == l2


def test_spatial_3r_full_tensors_carry_craigs_minus_signs():
    I2 = ARM.links[1].I_c
    xx, xy = sp.symbols("I_xx2 I_xy2")
    assert I2[0, 0] == xx and I2[0, 1] == -xy and I2 == I2.T
    assert sp.latex(xx) == "I_{xx2}"                     # as chapter 4 writes I_{zz1}


def test_angular_velocities_and_the_gyroscopic_term_of_link_2():
    """The chapter's closed forms: ²ω₂ = [−s2 θ̇1, −c2 θ̇1, θ̇2], and with a principal-axes
    tensor ω × Iω = [(I_yy − I_zz) c2 θ̇1θ̇2, (I_zz − I_xx) s2 θ̇1θ̇2, (I_yy − I_xx) s2c2 θ̇1²]."""
    trace = ne.newton_euler(ARM, Q, QD, QDD)
    s2, c2, s23, c23 = sp.sin(t2), sp.cos(t2), sp.sin(t2 + t3), sp.cos(t2 + t3)
    assert_identical(trace.link(2).omega, sp.Matrix([-s2 * w1, -c2 * w1, w2]), "²ω₂")
    assert_identical(trace.link(3).omega, sp.Matrix([-s23 * w1, -c23 * w1, w2 + w3]), "³ω₃")
    Ixx, Iyy, Izz = sp.symbols("I_xx2 I_yy2 I_zz2")
    principal = sp.diag(Ixx, Iyy, Izz)
    omega = trace.link(2).omega
    assert_identical(omega.cross(principal @ omega),
                     sp.Matrix([(Iyy - Izz) * c2 * w1 * w2, (Izz - Ixx) * s2 * w1 * w2,
                                (Iyy - Ixx) * s2 * c2 * w1**2]), "ω × Iω of link 2")


# --- the payload: its wrench at {N+1} against the payload fastened to the last link ---------------

def test_payload_at_rest_is_its_weight_held_at_the_tool():
    m, p = sp.Symbol("m_p"), sp.Matrix(sp.symbols("p_x p_y p_z"))
    rest = sp.zeros(3, 1)
    wrench = ne.payload_wrench(ARM, Q, rest, rest, m, p, symbolic_inertia("p"))
    R = rotation(forward_kinematics(ARM, Q))                  # 0_R_T
    up = R.T @ sp.Matrix([0, 0, m * g])                        # −m g in the tool frame
    assert_identical(wrench[:3, 0], up, "the force holds the weight")
    assert_identical(wrench[3:, 0], p.cross(up), "the moment of the weight about {T}")


def test_symbolic_payload_wrench_gives_lagranges_torques_of_the_arm_holding_it():
    """The chapter's cross-check, fully symbolic: general tensors on every link and on the
    payload, payload anywhere in the tool frame."""
    m, p, I_p = sp.Symbol("m_p"), sp.Matrix(sp.symbols("p_x p_y p_z")), symbolic_inertia("p")
    tau = ne.inverse_dynamics(ARM, Q, QD, QDD, wrench=ne.payload_wrench(ARM, Q, QD, QDD, m, p, I_p),
                              frame="tool")
    held = with_payload(ARM, m, p, I_p)
    assert_identical(tau, lagrange.inverse_dynamics(held, Q, QD, QDD), "NE + wrench vs Lagrange")


@settings(max_examples=25)
@given(st.data())
def test_payload_wrench_is_the_payload_fastened_to_the_last_link(data):
    robot = data.draw(chains(max_joints=4))
    state = [data.draw(joint_vectors(robot.n)) for _ in range(3)]
    mass = data.draw(st.floats(0.1, 5.0))
    r_c = data.draw(joint_vectors(3, scale=0.5))
    I_c = data.draw(inertia_tensors())
    load = ne.payload_wrench(robot, *state, mass, r_c, I_c)
    tau = ne.inverse_dynamics(robot, *state, wrench=load, frame="tool")
    held = with_payload(robot, mass, r_c, I_c)
    np.testing.assert_allclose(tau, ne.inverse_dynamics(held, *state), rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(tau, lagrange.inverse_dynamics(held, *state), rtol=1e-9,
                               atol=1e-9)
    trace = ne.payload_trace(robot, *state, mass, r_c, I_c)
    np.testing.assert_allclose(trace.f, mass * trace.vdot_c, atol=1e-12)
    np.testing.assert_allclose(np.concatenate([trace.f, trace.n]), load, atol=1e-12)


def test_payload_motion_is_the_tool_frames():
    """ω and v̇ of the payload's frame are those of the tool point of the last link
    (the same as a massless extra link would see): checked against the Jacobian route
    v̇ = J q̈ + J̇ q̇ by differentiating the tool position twice."""
    arm = spatial_3r(l2=0.4, l3=0.3, masses=(1.0, 1.0, 1.0), com_distances=(0.2, 0.1),
                     inertias=[np.diag([0.1, 0.1, 0.1])] * 3, g=0.0)
    q, qd, qdd = np.array([0.2, -0.5, 0.9]), np.array([1.0, -0.5, 2.0]), np.array([0.3, 0.2, -1])
    trace = ne.payload_trace(arm, q, qd, qdd, 1.0, [0, 0, 0], np.zeros((3, 3)))
    h = 1e-4

    def tool_at(time):
        return forward_kinematics(arm, q + qd * time + qdd * time**2 / 2)

    R = rotation(tool_at(0.0))
    position = [tool_at(s)[:3, 3] for s in (-h, 0.0, h)]
    acceleration = (position[0] - 2 * position[1] + position[2]) / h**2
    np.testing.assert_allclose(R @ trace.vdot, acceleration, atol=1e-5)
    spin = (rotation(tool_at(h)) - rotation(tool_at(-h))) / (2 * h) @ R.T
    np.testing.assert_allclose(R @ trace.omega, [spin[2, 1], spin[0, 2], spin[1, 0]], atol=1e-6)


# --- the torques taken apart --------------------------------------------------------------------

@settings(max_examples=30)
@given(st.data())
def test_torque_parts_add_up_to_the_inverse_dynamics(data):
    robot = data.draw(chains(max_joints=4))
    state = [data.draw(joint_vectors(robot.n)) for _ in range(3)]
    wrench = data.draw(joint_vectors(6, scale=5.0))
    frame = data.draw(st.sampled_from(["base", "tool"]))
    parts = ne.torque_parts(robot, *state, wrench=wrench, frame=frame)
    np.testing.assert_allclose(parts.total, ne.inverse_dynamics(robot, *state, wrench=wrench,
                                                                frame=frame), rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(parts.weight, ne.gravity_load(robot, state[0]), atol=1e-9)
    at_constant_rates = ne.torque_parts(robot, state[0], state[1], np.zeros(robot.n), gravity=0)
    np.testing.assert_allclose(at_constant_rates.total, ne.velocity_product(robot, *state[:2]),
                               rtol=1e-9, atol=1e-9)
    assert not np.any(at_constant_rates.weight) and not np.any(at_constant_rates.load)


def test_planar_arms_have_no_gyroscopic_torques_and_rest_has_no_inertial_ones():
    arm = planar_3r([1.0, 0.8, 0.5], [2.0, 1.5, 1.0], [0.5, 0.4, 0.25], [0.2, 0.1, 0.05], 9.81)
    parts = ne.torque_parts(arm, [0.3, -0.4, 1.0], [2.0, -1.0, 3.0], [0.5, 1.0, -2.0])
    assert np.allclose(parts.gyroscopic, 0.0)
    rest = ne.torque_parts(ARM, Q, sp.zeros(3, 1), QDD, gravity=0)   # q̇ = 0: only M q̈
    assert rest.gyroscopic == sp.zeros(3, 1) and rest.weight == sp.zeros(3, 1)
    assert_identical(rest.newton + rest.euler, ne.mass_matrix(ARM, Q) @ QDD, "M q̈")


def test_symbolic_torque_parts_add_up():
    parts = ne.torque_parts(planar_2r(), *joint_symbols(planar_2r()))
    assert_identical(parts.total, ne.inverse_dynamics(planar_2r(), *joint_symbols(planar_2r())),
                     "the parts of the 2R torques")


# --- the worked example of §3.5, in numbers -------------------------------------------------------

def example():
    """The chapter's arm: links and payload as uniform bodies (chapter 2), the state."""
    inertias = (inertia_by_integration(Cylinder(0.1, 0.3), 5.0),
                inertia_by_integration(Box(0.4, 0.06, 0.1), 3.0),
                inertia_by_integration(Box(0.3, 0.05, 0.05), 1.5))
    arm = spatial_3r(l2=0.4, l3=0.3, masses=(5.0, 3.0, 1.5), com_distances=(0.2, 0.15),
                     inertias=inertias, g=9.81)
    panel = (3.0, [0.05, 0.0, 0.0],
             rotate_inertia(inertia_by_integration(Box(0.05, 0.4, 0.8), 3.0),
                            rot_x(np.radians(30.0))))
    state = (np.radians([20.0, -45.0, 120.0]), np.array([3.0, 0.0, 2.0]), np.zeros(3))
    return arm, panel, state


def test_the_chapters_numbers():
    arm, panel, state = example()
    held = with_payload(arm, *panel)
    tau = lagrange.inverse_dynamics(held, *state)
    np.testing.assert_allclose(ne.inverse_dynamics(arm, *state, wrench=ne.payload_wrench(
        arm, *state, *panel), frame="tool"), tau, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(tau, EXAMPLE_TAU, atol=5e-5)
    parts = ne.torque_parts(held, *state)
    np.testing.assert_allclose(parts.gyroscopic, EXAMPLE_GYROSCOPIC, atol=5e-5)
    velocity = lagrange.velocity_product(held, *state[:2])
    np.testing.assert_allclose(parts.newton + parts.euler + parts.gyroscopic, velocity,
                               atol=1e-12)


EXAMPLE_TAU = [-5.0077, -22.5417, 0.6691]         # as chapter 3, §3.5 prints them (N·m)
EXAMPLE_GYROSCOPIC = [0.2284, -0.5186, -0.3426]


# --- bad input -----------------------------------------------------------------------------------

NUMERIC = spatial_3r(l2=0.4, l3=0.3, masses=(1.0, 1.0, 1.0), com_distances=(0.2, 0.1),
                     inertias=[np.diag([0.1, 0.1, 0.1])] * 3, g=9.81)
STILL = ([0.0] * 3, [0.0] * 3, [0.0] * 3)

BAD_INPUT = [
    (lambda: spatial_3r(masses=(1.0, 2.0)), ValueError, r"masses must have 3 entries"),
    (lambda: spatial_3r(masses=(1.0, -2.0, 1.0)), ValueError, r"masses\[1\] must be >= 0"),
    (lambda: spatial_3r(l2=-0.4), ValueError, r"l2 must be >= 0"),
    (lambda: spatial_3r(com_distances=0.2), TypeError, r"com_distances must be a sequence"),
    (lambda: spatial_3r(inertias=[np.eye(3)] * 2), TypeError,
     r"inertias must be a list of three 3x3 tensors"),
    (lambda: spatial_3r(inertias=[np.eye(3), np.eye(3), np.diag([1.0, 1.0, 3.0])]), ValueError,
     r"inertias\[2\] breaks the triangle inequality"),
    (lambda: with_payload(planar_2r, 1.0, [0, 0, 0], np.zeros((3, 3))), TypeError,
     r"robot must be a SerialChain; got the function planar_2r"),
    (lambda: with_payload(NUMERIC, -1.0, [0, 0, 0], np.zeros((3, 3))), ValueError,
     r"mass must be >= 0"),
    (lambda: with_payload(NUMERIC, 1.0, [0, 0], np.zeros((3, 3))), ValueError,
     r"r_c must have 3 entries \(x, y, z in the tool frame\)"),
    (lambda: with_payload(NUMERIC, 1.0, [0, 0, 0], np.diag([-1.0, 1.0, 1.0])), ValueError,
     r"inertia tensor I_c must be positive semi-definite"),
    (lambda: ne.payload_wrench(NUMERIC, *STILL, "heavy", [0, 0, 0], np.zeros((3, 3))),
     TypeError, r"mass must be a number"),
    (lambda: ne.payload_wrench(NUMERIC, *STILL, 1.0, "centre", np.zeros((3, 3))), TypeError,
     r"r_c must be a sequence"),
    (lambda: ne.payload_wrench(NUMERIC, *STILL, 1.0, [0, 0, 0], np.eye(2)), ValueError,
     r"I_c must be a 3x3 matrix"),
    (lambda: ne.payload_trace(NUMERIC, [0.0] * 2, *STILL[1:], 1.0, [0, 0, 0], np.eye(3)),
     ValueError, r"q must have 3 entries"),
    (lambda: ne.torque_parts(NUMERIC, *STILL, frame="world"), ValueError,
     r"frame must be 'base' or 'tool'; got 'world'"),
    (lambda: ne.torque_parts(NUMERIC, *STILL, wrench=[1.0, 2.0]), ValueError,
     r"wrench must have 6 entries"),
    (lambda: ne.torque_parts(NUMERIC, *STILL, gravity=True), TypeError, r"gravity must be"),
]


@pytest.mark.parametrize("call, error, message", BAD_INPUT)
def test_bad_input_names_the_argument(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_tool_frame_that_turns_is_respected():
    """with_payload writes the payload in the last link's frame through the tool rotation."""
    arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    turned = SerialChain(arm.links, tool=transform(rot_x(np.pi / 2), [1.0, 0.0, 0.0]),
                       gravity=arm.gravity)
    I_p = np.diag([0.01, 0.02, 0.03])
    held = with_payload(turned, 2.0, [0.0, 0.1, 0.0], I_p)
    np.testing.assert_allclose(held.links[1].r_c, [1.0, 0.0, 0.2 / 3], atol=1e-15)
    state = ([0.3, 0.4], [1.0, -2.0], [0.5, 0.5])
    load = ne.payload_wrench(turned, *state, 2.0, [0.0, 0.1, 0.0], I_p)
    np.testing.assert_allclose(ne.inverse_dynamics(turned, *state, wrench=load, frame="tool"),
                               lagrange.inverse_dynamics(held, *state), atol=1e-12)
