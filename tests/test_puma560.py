"""The PUMA 560 of chapter 6 in Craig's frames: the same machine as Armstrong, Khatib and
Burdick's model; the closed-form inverse kinematics (every solution reproduces the target,
the joint vector the target came from is among them, 8 for a generic pose and fewer at
boundaries) and each of its steps against the library's matrix equations; the tool-frame
Jacobian by differential transforms and by propagation, and its determinant's three
factors; the trace form of the dynamics against Newton–Euler."""

import math

import numpy as np
import pytest
import sympy as sp
from hypothesis import assume, given, settings
from strategies import joint_vectors

from robocourse import lagrange_euler, newton_euler
from robocourse.closed_form import exact_arm
from robocourse.equivalence import identical
from robocourse.frames import rot_x, rotation, transform, translation
from robocourse.kinematics import (
    forward_kinematics,
    jacobian_by_cross_products,
    jacobian_by_differential_transforms,
    jacobian_by_propagation,
    link_frames,
    rotate_jacobian,
)
from robocourse.models import akb_joint_angles, akb_joint_signs, planar_2r, puma560, puma560_akb
from robocourse.puma560 import (
    inverse_kinematics,
    inverse_transform_equation,
    target_symbols,
    wrist_singular,
)
from robocourse.robot import SerialChain, joint_symbols

ROBOT = puma560()
SYMBOLIC = puma560(symbolic_lengths=True)
A2, A3, D3, D4 = 0.4318, 0.0203, 0.1501, 0.4331
GENERIC = np.array([0.3, -0.5, 0.4, 0.6, 0.7, -0.8])
Q = joint_symbols(SYMBOLIC)[0]
a2, a3, d3, d4 = sp.symbols("a2 a3 d3 d4")
s, c = sp.sin, sp.cos


def wrap(angles):
    """Angles wrapped to (−π, π] (independently of the library's own wrapping)."""
    return -np.angle(np.exp(-1j * np.asarray(angles)))


def reproduces(solutions, T, robot=ROBOT):
    return all(np.abs(forward_kinematics(robot, q) - T).max() < 1e-9 for q in solutions)


def contains(solutions, q):
    return bool((np.abs(wrap(solutions - q)) < 1e-7).all(axis=1).any())


def assert_distinct(solutions):
    for i, j in zip(*np.triu_indices(len(solutions), 1), strict=True):
        assert np.abs(wrap(solutions[i] - solutions[j])).max() > 1e-6


# --- the model: Craig's table, AKB's machine --------------------------------------------

def test_craig_table_and_lengths():
    twists = [round(float(link.alpha) / (math.pi / 2)) for link in ROBOT.links]
    assert twists == [0, -1, 0, -1, 1, -1]
    assert [link.a for link in ROBOT.links] == [0, 0, A2, A3, 0, 0]
    assert [link.d for link in ROBOT.links] == [0, 0, D3, D4, 0, 0]
    assert [link.a for link in SYMBOLIC.links] == [0, 0, a2, a3, 0, 0]
    assert [link.d for link in SYMBOLIC.links] == [0, 0, d3, d4, 0, 0]
    # Craig 2017, §3.7: the wrist centre, the origin of {4}
    p = sp.Matrix(translation(link_frames(SYMBOLIC, Q)[3]))
    X = a2 * c(Q[1]) + a3 * c(Q[1] + Q[2]) - d4 * s(Q[1] + Q[2])
    assert identical(p, sp.Matrix([c(Q[0]) * X - d3 * s(Q[0]), s(Q[0]) * X + d3 * c(Q[0]),
                                   -a3 * s(Q[1] + Q[2]) - a2 * s(Q[1]) - d4 * c(Q[1] + Q[2])]))


def test_mass_properties_are_akb_moved_into_craig_frames():
    assert [link.mass for link in ROBOT.links] == [0.0, 17.4, 4.8, 0.82, 0.34, 0.09]
    assert ROBOT.links[1].r_c.tolist() == [0.068, 0.006, 0.2275]       # 0.2435 − 0.016
    assert ROBOT.links[2].r_c.tolist() == [0.0, 0.070, 0.014]          # half a turn about Z3
    assert np.diag(ROBOT.links[2].I_c).tolist() == [0.066, 0.0125, 0.066]


@settings(max_examples=25)
@given(joint_vectors(6, scale=math.pi))
def test_same_machine_every_centre_of_mass_and_inertia_in_the_same_place(q):
    craig, akb = link_frames(ROBOT, q), link_frames(puma560_akb(), akb_joint_angles(q))
    np.testing.assert_allclose(craig[-1], akb[-1], atol=1e-12)               # the tool
    for i in range(6):
        for frames, link in ((craig, ROBOT.links[i]), (akb, puma560_akb().links[i])):
            R, p = rotation(frames[i]), translation(frames[i])
            if frames is craig:
                com, tensor = R @ link.r_c + p, R @ link.I_c @ R.T
            else:
                np.testing.assert_allclose(R @ link.r_c + p, com, atol=1e-12)
                np.testing.assert_allclose(R @ link.I_c @ R.T, tensor, atol=1e-12)


@settings(max_examples=25)
@given(joint_vectors(6, scale=math.pi), joint_vectors(6), joint_vectors(6, scale=3.0))
def test_same_machine_same_torques(q, qd, qdd):
    signs = akb_joint_signs()
    tau = newton_euler.inverse_dynamics(ROBOT, q, qd, qdd)
    tau_akb = newton_euler.inverse_dynamics(puma560_akb(), akb_joint_angles(q), signs * qd,
                                            signs * qdd)
    np.testing.assert_allclose(tau, signs * tau_akb, rtol=0, atol=1e-12)


def test_akb_joint_angles_of_symbols_and_bad_input():
    assert list(akb_joint_angles(Q)) == [Q[0], Q[1], Q[2] - sp.pi, Q[3] + sp.pi, -Q[4], Q[5]]
    with pytest.raises(ValueError, match=r"q must have 6 entries"):
        akb_joint_angles([0.0, 1.0])


# --- inverse kinematics -----------------------------------------------------------------

@settings(max_examples=40)
@given(joint_vectors(6, scale=math.pi))
def test_round_trip_finds_the_original_and_only_true_solutions(q):
    assume(abs(math.sin(q[4])) > 1e-3)               # the singular wrist has its own test
    T = forward_kinematics(ROBOT, q)
    solutions = inverse_kinematics(ROBOT, T)
    assert solutions.shape[1] == 6 and 1 <= len(solutions) <= 8
    assert contains(solutions, q)
    assert reproduces(solutions, T)
    assert ((solutions > -math.pi) & (solutions <= math.pi)).all()
    assert_distinct(solutions)


def test_generic_pose_has_eight_solutions_in_flip_pairs():
    T = forward_kinematics(ROBOT, GENERIC)
    solutions = inverse_kinematics(ROBOT, T)
    assert solutions.shape == (8, 6)
    assert_distinct(solutions)
    assert reproduces(solutions, T)
    for q in solutions:                           # the wrist flip (θ4 + π, −θ5, θ6 + π)
        flipped = q + [0, 0, 0, math.pi, 0, math.pi]
        flipped[4] = -q[4]
        assert contains(solutions, flipped)
    assert not any(wrist_singular(q) for q in solutions)


def test_the_second_shoulder_branch_turns_the_waist_round_and_reaches_backwards():
    """Chapter 6, step 1: the second θ1 turns the waist by 180° − 2 atan2(d3, √(px² + py² − d3²))
    and puts the wrist centre behind X1; at the chapter's pose its θ2 is 98.08° (−28.65° on the
    first branch)."""
    solutions = inverse_kinematics(ROBOT, forward_kinematics(ROBOT, GENERIC))
    p = forward_kinematics(ROBOT, GENERIC)[:3, 3]
    turn = math.pi - 2 * math.atan2(D3, math.sqrt(p[0] ** 2 + p[1] ** 2 - D3 ** 2))
    assert np.isclose(wrap(solutions[0, 0] - solutions[4, 0] - turn), 0)
    assert np.round(np.degrees(solutions[[0, 4], 1]), 2).tolist() == [-28.65, 98.08]
    for row in range(8):
        first = row < 4
        X1 = np.array([math.cos(solutions[row, 0]), math.sin(solutions[row, 0]), 0.0])
        ahead = p @ X1                           # the wrist centre along the waist's X1
        assert (ahead > 0.4) if first else (ahead < -0.4)


def test_elbow_factor_is_the_distance_of_the_wrist_centre_from_the_plane_of_axes_2_and_3():
    rng = np.random.default_rng(43)
    for q in rng.uniform(-np.pi, np.pi, (20, 6)):
        frames = link_frames(ROBOT, q)
        axis_2, shoulder = rotation(frames[1])[:, 2], translation(frames[1])
        normal = np.cross(axis_2, translation(frames[2]) - shoulder)
        distance = abs((translation(frames[3]) - shoulder) @ normal) / np.linalg.norm(normal)
        assert np.isclose(distance, abs(D4 * math.cos(q[2]) + A3 * math.sin(q[2])))
        assert np.isclose(abs(rotation(frames[2])[:, 2] @ axis_2), 1)      # axes 2, 3 parallel


def test_the_consensus_link_3_moment_is_not_a_rigid_body_and_moves_only_m22_m23_m33():
    """Chapter 6, the AKB comparison: link 3's moment about the joint-3 axis is 0.066 kg m² in
    AKB's table (the course's), 0.086 in the consensus set of Corke & Armstrong-Hélouvry 1994;
    with the other two moments (0.066, 0.0125) the latter breaks the triangle inequality, and
    it would add 0.020 to M22, M23 and M33 only (the waist's M11, AKB's I1 and I3, unchanged)."""
    import dataclasses
    import warnings

    from robocourse import lagrange
    from robocourse.inertia import UnphysicalInertiaWarning, broken_triangle_inequality

    I_3 = np.array(ROBOT.links[2].I_c, dtype=float)
    np.testing.assert_allclose(np.diag(I_3), [0.066, 0.0125, 0.066])
    assert rotation(link_frames(ROBOT, GENERIC)[2])[:, 2] @ rotation(
        link_frames(ROBOT, GENERIC)[1])[:, 2] > 0.999                      # Z3 is axis 3 ∥ axis 2
    assert not broken_triangle_inequality(I_3)
    consensus = np.diag([0.066, 0.0125, 0.086])
    assert broken_triangle_inequality(consensus) and 0.066 + 0.0125 < 0.086
    with pytest.raises(ValueError, match="triangle inequality"):
        dataclasses.replace(ROBOT.links[2], I_c=consensus)
    with pytest.warns(UnphysicalInertiaWarning):
        arm = SerialChain([*ROBOT.links[:2], dataclasses.replace(ROBOT.links[2], I_c=consensus,
                                                                 physical=False),
                           *ROBOT.links[3:]], gravity=[0, 0, -9.81])
    expected = np.zeros((6, 6))
    expected[1:3, 1:3] = 0.020
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UnphysicalInertiaWarning)
        for q in np.random.default_rng(44).uniform(-np.pi, np.pi, (5, 6)):
            difference = lagrange.mass_matrix(arm, q) - lagrange.mass_matrix(ROBOT, q)
            np.testing.assert_allclose(difference, expected, atol=1e-12)


def test_stretched_elbow_merges_the_elbow_branches():
    # a3 c3 − d4 s3 = K is at its largest, √(a3² + d4²): the root in θ3 is zero
    q = GENERIC.copy()
    q[2] = math.atan2(-D4, A3)
    T = forward_kinematics(ROBOT, q)
    solutions = inverse_kinematics(ROBOT, T)
    assert solutions.shape == (4, 6)
    assert contains(solutions, q) and reproduces(solutions, T)


def test_wrist_centre_over_the_shoulder_merges_the_shoulder_branches():
    # X = a2 c2 + a3 c23 − d4 s23 = 0: the wrist centre sits at distance d3 from axis 1
    q = GENERIC.copy()
    u = A2 + A3 * math.cos(q[2]) - D4 * math.sin(q[2])      # X = u c2 + v s2
    v = -A3 * math.sin(q[2]) - D4 * math.cos(q[2])
    q[1] = math.atan2(-u, v)
    T = forward_kinematics(ROBOT, q)
    solutions = inverse_kinematics(ROBOT, T)
    assert solutions.shape == (4, 6)
    assert contains(solutions, q) and reproduces(solutions, T)


@pytest.mark.parametrize("theta5, combination", [(0.0, 1), (math.pi, -1)])
def test_singular_wrist_returns_one_representative_for_its_arm(theta5, combination):
    q = GENERIC.copy()
    q[4] = theta5
    T = forward_kinematics(ROBOT, q)
    solutions = inverse_kinematics(ROBOT, T)
    assert reproduces(solutions, T)
    # only the arm branch of q has axes 4 and 6 in line; its flip gives no new row
    singular = np.array([wrist_singular(s) for s in solutions])
    assert solutions.shape == (7, 6) and singular.sum() == 1
    representative = solutions[singular][0]
    assert np.abs(wrap(representative[:3] - q[:3])).max() < 1e-7
    assert representative[3] == 0.0                   # θ4 chosen 0, the rest in θ6
    # only θ4 + θ6 (θ5 = 0) or θ6 − θ4 (θ5 = π) is fixed
    assert wrap(representative[5] + combination * representative[3]
                - q[5] - combination * q[3]) == pytest.approx(0, abs=1e-7)


def test_tool_frame_is_taken_off_first():
    tool = transform(rot_x(0.4), [0.0, 0.02, 0.1])
    robot = SerialChain(ROBOT.links, tool=tool, name="PUMA 560 with gripper")
    T = forward_kinematics(robot, GENERIC)
    solutions = inverse_kinematics(robot, T)
    assert len(solutions) == 8
    assert contains(solutions, GENERIC) and reproduces(solutions, T, robot)


def test_symbolic_branches_agree_with_the_numeric_solutions():
    T = forward_kinematics(ROBOT, GENERIC)
    symbolic = inverse_kinematics(SYMBOLIC, T)
    assert isinstance(symbolic, sp.Matrix) and symbolic.shape == (8, 6)
    numbers = np.array(symbolic.subs({a2: A2, a3: A3, d3: D3, d4: D4}).evalf(), dtype=float)
    assert np.abs(wrap(numbers - inverse_kinematics(ROBOT, T))).max() < 1e-9


def test_symbolic_theta1_and_theta3_are_craigs_formulas():
    T = target_symbols()
    px, py, pz = T[0, 3], T[1, 3], T[2, 3]
    branches = inverse_kinematics(SYMBOLIC, T)
    K = (px**2 + py**2 + pz**2 - a2**2 - a3**2 - d3**2 - d4**2) / (2 * a2)
    for row, (shoulder, elbow) in zip(range(0, 8, 2), [(1, 1), (1, -1), (-1, 1), (-1, -1)],
                                      strict=True):
        rho, kappa = sp.sqrt(px**2 + py**2 - d3**2), sp.sqrt(a3**2 + d4**2 - K**2)
        assert sp.simplify(branches[row, 0] - (sp.atan2(py, px)
                                               - sp.atan2(d3, shoulder * rho))) == 0
        assert sp.simplify(branches[row, 2] - (sp.atan2(a3, d4)
                                               - sp.atan2(K, elbow * kappa))) == 0


# --- each step of the derivation, from the library's matrix equations --------------------

@pytest.fixture(scope="module")
def equations():
    return {k: inverse_transform_equation(SYMBOLIC, k) for k in (1, 3)}


def test_theta1_equation(equations):
    left, right = equations[1]
    T = target_symbols()
    assert identical(left[1, 3], -s(Q[0]) * T[0, 3] + c(Q[0]) * T[1, 3])
    assert right[1, 3] == d3


def test_the_k_equation_removes_theta2(equations):
    left, right = equations[1]
    T = target_symbols()
    lhs = sum(left[i, 3] ** 2 for i in range(3))
    rhs = sum(right[i, 3] ** 2 for i in range(3))
    assert identical(lhs, T[0, 3] ** 2 + T[1, 3] ** 2 + T[2, 3] ** 2)
    assert identical(rhs, a2**2 + a3**2 + d3**2 + d4**2
                     + 2 * a2 * (a3 * c(Q[2]) - d4 * s(Q[2])))


def test_theta23_and_wrist_equations(equations):
    left, right = equations[3]
    T = target_symbols()
    u = c(Q[0]) * T[0, 3] + s(Q[0]) * T[1, 3]
    t23 = Q[1] + Q[2]
    assert identical(left[0, 3], c(t23) * u - s(t23) * T[2, 3] - a2 * c(Q[2]))
    assert identical(left[1, 3], -s(t23) * u - c(t23) * T[2, 3] + a2 * s(Q[2]))
    assert (right[0, 3], right[1, 3]) == (a3, d4)
    assert identical(right[0, 2], -c(Q[3]) * s(Q[4]))
    assert identical(right[2, 2], s(Q[3]) * s(Q[4]))
    assert identical(left[2, 2], -T[0, 2] * s(Q[0]) + T[1, 2] * c(Q[0]))


def test_inverse_transform_equation_holds_at_the_true_angles():
    rng = np.random.default_rng(6)
    for k in (1, 3, 5):
        q = rng.uniform(-math.pi, math.pi, 6)
        T = forward_kinematics(ROBOT, q)
        left, right = inverse_transform_equation(ROBOT, k, T)
        values = dict(zip(joint_symbols(ROBOT)[0], q, strict=True))
        np.testing.assert_allclose(np.array(left.subs(values), dtype=float),
                                   np.array(right.subs(values), dtype=float), atol=1e-12)


def test_inverse_transform_equation_bad_input():
    with pytest.raises(ValueError, match=r"k must be"):
        inverse_transform_equation(ROBOT, 7)
    with pytest.raises(ValueError, match=r"T must be a 4x4 matrix"):
        inverse_transform_equation(ROBOT, 1, np.eye(3))


# --- the Jacobian: two methods, one determinant ------------------------------------------

@pytest.fixture(scope="module")
def tool_jacobian():
    return jacobian_by_differential_transforms(SYMBOLIC, Q)


def test_tool_jacobian_by_differential_transforms_equals_propagation(tool_jacobian):
    assert identical(tool_jacobian, jacobian_by_propagation(SYMBOLIC, Q))
    base = rotate_jacobian(tool_jacobian, rotation(forward_kinematics(SYMBOLIC, Q)))
    assert identical(base, jacobian_by_cross_products(SYMBOLIC, Q))


def test_column_three_is_the_lecture_pattern(tool_jacobian):
    t4, t5, t6 = Q[3], Q[4], Q[5]
    # in Craig's frames the pattern d4 (c4 c5 c6 − s4 s6) − a3 s5 c6 has the other sign
    assert identical(tool_jacobian[0, 2],
                     -(d4 * (c(t4) * c(t5) * c(t6) - s(t4) * s(t6)) - a3 * s(t5) * c(t6)))
    assert identical(tool_jacobian[2, 2], d4 * c(t4) * s(t5) + a3 * c(t5))
    assert tool_jacobian[:3, 3:] == sp.zeros(3, 3)         # the wrist centre is the tool origin


def test_determinant_has_the_three_singular_factors(tool_jacobian):
    factored = (-a2 * s(Q[4]) * (d4 * c(Q[2]) + a3 * s(Q[2]))
                * (a2 * c(Q[1]) + a3 * c(Q[1] + Q[2]) - d4 * s(Q[1] + Q[2])))
    block = tool_jacobian[:3, :3].det() * tool_jacobian[3:, 3:].det()
    assert identical(block, factored)
    rng = np.random.default_rng(13)
    lengths = {a2: A2, a3: A3, d3: D3, d4: D4}
    for q in rng.uniform(-math.pi, math.pi, (5, 6)):
        values = {**lengths, **dict(zip(Q, q, strict=True))}
        J = np.array(jacobian_by_differential_transforms(ROBOT, q), dtype=float)
        assert np.linalg.det(J) == pytest.approx(float(factored.subs(values)), abs=1e-12)


# --- the trace form against Newton–Euler ---------------------------------------------------

def test_trace_form_gravity_is_newton_euler_symbolically():
    arm = exact_arm(ROBOT)
    q = joint_symbols(arm)[0]
    assert identical(lagrange_euler.gravity_load(arm, q), newton_euler.gravity_load(arm, q))


@pytest.mark.slow
def test_trace_form_mass_matrix_is_newton_euler_symbolically():
    arm = exact_arm(ROBOT)
    q = joint_symbols(arm)[0]
    assert identical(lagrange_euler.mass_matrix(arm, q), newton_euler.mass_matrix(arm, q))


# --- bad input ----------------------------------------------------------------------------

@pytest.mark.parametrize("position, reason", [
    ([1.5, 0.0, 0.2], r"\|K\| > √\(a3² \+ d4²\)"),    # beyond the stretched arm
    ([0.05, 0.0, 0.3], r"px² \+ py² < d3²"),          # inside the shoulder-offset cylinder
])
def test_unreachable_target_names_T(position, reason):
    with pytest.raises(ValueError, match=r"target T \(tool at \[.*\]\) is out of reach of the "
                                         r"PUMA 560: " + reason):
        inverse_kinematics(ROBOT, transform(np.eye(3), position))


@pytest.mark.parametrize("T, error, message", [
    (np.eye(3), ValueError, r"T must be a 4x4 matrix; got 3x3"),
    (np.diag([2.0, 1, 1, 1]), ValueError, r"T\[:3, :3\] must be a rotation matrix"),
    (np.vstack([np.eye(4)[:3], [0, 0, 1, 1]]), ValueError, r"T must be a homogeneous transform"),
    ("eye", TypeError, r"T must be a 4x4 matrix"),
])
def test_bad_target_names_the_argument(T, error, message):
    with pytest.raises(error, match=message):
        inverse_kinematics(ROBOT, T)


def test_bad_robot_and_bad_q():
    with pytest.raises(ValueError, match=r"robot must be built like models.puma560\(\)"):
        inverse_kinematics(planar_2r(l1=1.0, l2=1.0), np.eye(4))
    with pytest.raises(ValueError, match=r"robot must be built like .*got SerialChain\(name="
                                         r"'PUMA 560 \(AKB frames\)'"):
        inverse_kinematics(puma560_akb(), np.eye(4))          # AKB's twists, not Craig's
    with pytest.raises(TypeError, match=r"robot must be a SerialChain; got the function "
                                        r"puma560 \(did you mean puma560\(\)\?\)"):
        inverse_kinematics(puma560, np.eye(4))
    with pytest.raises(ValueError, match=r"q must have 6 entries"):
        wrist_singular([0.0, 0.0])


def test_wrist_singular_on_symbols():
    theta5 = sp.Symbol("theta5")
    assert wrist_singular([0, 0, 0, 0, 0, 0]) and wrist_singular(sp.Matrix([0, 0, 0, 0, -sp.pi, 0]))
    assert not wrist_singular([0, 0, 0, 0, theta5, 0])
    assert not wrist_singular([0, 0, 0, 0, 1e-6, 0]) and wrist_singular([0, 0, 0, 0, 1e-6, 0],
                                                                        tol=1e-3)
