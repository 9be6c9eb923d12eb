"""Chapter 0: forward and inverse kinematics, Jacobians, singularities, joint rates.

Every worked answer of SYLLABUS 0.1–0.7 is checked against its closed form and by the
two methods the syllabus lists; property tests compare the two Jacobians with each
other and with finite differences of the forward kinematics on random chains.
"""

import math

import numpy as np
import pytest
import sympy as sp
from bad_input import named_in_the_error
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import chains, joint_vectors

from robocourse.frames import rot_z, rotation, skew, transform, translation
from robocourse.kinematics import (
    SingularConfigurationError,
    forward_kinematics,
    inverse_jacobian,
    inverse_kinematics_2r,
    is_singular,
    jacobian,
    jacobian_by_cross_products,
    jacobian_by_differential_transforms,
    jacobian_by_propagation,
    jacobian_derivative,
    jacobian_determinant,
    jacobian_rows,
    joint_accelerations,
    joint_rates,
    link_frames,
    manipulability,
    rotate_jacobian,
)
from robocourse.models import planar_2r, planar_3r, puma560, rp_arm
from robocourse.newton_euler import newton_euler
from robocourse.robot import Link, SerialChain, joint_symbols

l1, l2, l3 = sp.symbols("l1 l2 l3")
t1, t2, t3 = sp.symbols("theta1 theta2 theta3")
s1, c1, s2, c2 = sp.sin(t1), sp.cos(t1), sp.sin(t2), sp.cos(t2)
s12, c12 = sp.sin(t1 + t2), sp.cos(t1 + t2)

# SYLLABUS 0.4 and 0.6, typed in from the lecture
J0_2R = sp.Matrix([[-l1 * s1 - l2 * s12, -l2 * s12], [l1 * c1 + l2 * c12, l2 * c12]])
J3_2R = sp.Matrix([[l1 * s2, 0], [l1 * c2 + l2, l2]])


def is_zero(difference):
    """True when a symbolic matrix or expression simplifies to zero."""
    return sp.simplify(sp.Matrix([difference])).is_zero_matrix


# ---------------------------------------------------------------- 0.1, 0.2 forward kinematics

def test_2r_forward_kinematics_dh_product_matches_plane_geometry():        # 0.1
    T = forward_kinematics(planar_2r(), [t1, t2])
    elbow = l1 * sp.Matrix([c1, s1, 0])              # geometry: add the link vectors
    tip = elbow + l2 * sp.Matrix([c12, s12, 0])
    assert is_zero(translation(T) - tip)
    assert is_zero(rotation(T) - rot_z(t1 + t2))
    assert is_zero(translation(link_frames(planar_2r(), [t1, t2])[1]) - elbow)


def test_3r_forward_kinematics_dh_product_matches_plane_geometry():        # 0.2
    T = forward_kinematics(planar_3r(), [t1, t2, t3])
    t123 = t1 + t2 + t3
    x = l1 * c1 + l2 * c12 + l3 * sp.cos(t123)
    y = l1 * s1 + l2 * s12 + l3 * sp.sin(t123)
    assert is_zero(translation(T) - sp.Matrix([x, y, 0]))
    assert is_zero(rotation(T) - rot_z(t123))


def test_forward_kinematics_numbers_agree_with_symbols():
    values = {l1: 0.7, l2: 0.4, t1: 0.3, t2: -1.1}
    numeric = forward_kinematics(planar_2r(l1=0.7, l2=0.4), [0.3, -1.1])
    symbolic = forward_kinematics(planar_2r(), [t1, t2]).subs(values)
    np.testing.assert_allclose(numeric, np.array(symbolic, dtype=float), atol=1e-12)


# ---------------------------------------------------------------- 0.3 inverse kinematics

def test_2r_inverse_kinematics_closed_form_cosine_law():                   # 0.3
    x, y = sp.symbols("x y")
    for elbow in ("up", "down"):
        theta1, theta2 = inverse_kinematics_2r(planar_2r(), x, y, elbow=elbow)
        assert is_zero(sp.cos(theta2) - (x**2 + y**2 - l1**2 - l2**2) / (2 * l1 * l2))
    down, up = (inverse_kinematics_2r(planar_2r(), x, y, elbow=e)[1] for e in ("down", "up"))
    assert is_zero(sp.sin(down) + sp.sin(up))         # the branches mirror θ2
    assert is_zero(sp.cos(down) - sp.cos(up))


def test_2r_inverse_kinematics_symbolic_formula_matches_numbers():
    x, y = sp.symbols("x y")
    values = {x: 0.6, y: 0.9, l1: 0.7, l2: 0.5}
    for elbow in ("up", "down"):
        symbolic = inverse_kinematics_2r(planar_2r(), x, y, elbow=elbow).subs(values)
        numeric = inverse_kinematics_2r(planar_2r(l1=0.7, l2=0.5), 0.6, 0.9, elbow=elbow)
        np.testing.assert_allclose(np.array(symbolic, dtype=float).ravel(), numeric, atol=1e-12)


def test_2r_inverse_kinematics_exact_numbers():
    one = sp.Integer(1)
    arm = planar_2r(l1=one, l2=one)
    assert list(inverse_kinematics_2r(arm, one, one, elbow="down")) == [0, sp.pi / 2]
    assert list(inverse_kinematics_2r(arm, one, one, elbow="up")) == [sp.pi / 2, -sp.pi / 2]


def test_2r_inverse_kinematics_branches_put_the_elbow_on_either_side():
    for elbow, side in (("down", -1), ("up", 1)):
        q = inverse_kinematics_2r(planar_2r(l1=1.0, l2=0.8), 1.2, 0.5, elbow=elbow)
        elbow_point = translation(link_frames(planar_2r(l1=1.0, l2=0.8), q)[1])
        # sign of the z component of (target × elbow): + left of the base→target line
        assert np.sign(1.2 * elbow_point[1] - 0.5 * elbow_point[0]) == side


def test_2r_inverse_kinematics_on_the_workspace_boundary():
    arm = planar_2r(l1=1.0, l2=0.5)
    q = inverse_kinematics_2r(arm, 0.0, 1.5)                  # stretched out: θ2 = 0
    np.testing.assert_allclose(q, [math.pi / 2, 0.0], atol=1e-12)
    q = inverse_kinematics_2r(arm, 0.5 + 1e-15, 0.0)          # folded back, round-off
    np.testing.assert_allclose(abs(q[1]), math.pi, atol=1e-6)


@st.composite
def reachable_targets(draw):
    a, b = draw(st.floats(0.1, 2.0)), draw(st.floats(0.1, 2.0))
    r = draw(st.floats(abs(a - b), a + b))
    phi = draw(st.floats(-math.pi, math.pi))
    return a, b, r * math.cos(phi), r * math.sin(phi)


@settings(max_examples=80)
@given(reachable_targets(), st.sampled_from(["up", "down"]))
def test_2r_inverse_kinematics_round_trip(target, elbow):                  # 0.3 method 2
    a, b, x, y = target
    q = inverse_kinematics_2r(planar_2r(l1=a, l2=b), x, y, elbow=elbow)
    np.testing.assert_allclose(forward_kinematics(planar_2r(l1=a, l2=b), q)[:2, 3], [x, y],
                               atol=1e-6)
    assert (q[1] >= 0) if elbow == "down" else (q[1] <= 0)


# ---------------------------------------------------------------- 0.4, 0.6 the 2R Jacobian

def test_2r_base_jacobian_by_differentiating_fk():                         # 0.4 method 1
    p = translation(forward_kinematics(planar_2r(), [t1, t2]))
    by_hand = sp.Matrix([p[0], p[1]]).jacobian([t1, t2])
    assert is_zero(by_hand - J0_2R)
    assert is_zero(jacobian_rows(planar_2r(), [t1, t2], rows=(0, 1)) - J0_2R)
    omega = jacobian_by_cross_products(planar_2r(), [t1, t2])[3:, :]
    assert omega == sp.Matrix([[0, 0], [0, 0], [1, 1]])


def test_2r_base_jacobian_by_velocity_propagation():                       # 0.4 method 2
    arm = planar_2r()
    J_tool = jacobian_by_propagation(arm, [t1, t2])
    J_base = rotate_jacobian(J_tool, rotation(forward_kinematics(arm, [t1, t2])))
    assert is_zero(J_base[:2, :] - J0_2R)
    assert is_zero(J_base - jacobian_by_cross_products(arm, [t1, t2]))


def test_2r_jacobian_determinant():                                        # 0.4
    det = jacobian_determinant(planar_2r(), [t1, t2], rows=(0, 1))
    assert is_zero(det - l1 * l2 * s2)
    assert is_zero(det - J0_2R.det())


def test_2r_tool_jacobian_by_propagation_and_by_rotating():                # 0.6
    arm = planar_2r()
    assert is_zero(jacobian(arm, [t1, t2], frame="tool")[:2, :] - J3_2R)
    R = rotation(forward_kinematics(arm, [t1, t2]))                 # 0_R_3
    assert is_zero(rotate_jacobian(jacobian(arm, [t1, t2]), R.T)[:2, :] - J3_2R)
    assert is_zero(jacobian_rows(arm, [t1, t2], rows=(0, 1), frame="tool") - J3_2R)


# ---------------------------------------------------------------- 0.5 joint rates

def test_2r_joint_rates_lecture_example():                                 # 0.5
    arm = planar_2r(l1=0.5, l2=0.5)
    q = np.radians([30.0, 60.0])
    for method in ("inverse", "solve"):
        rates = joint_rates(arm, q, [1.0, 0.0], rows=(0, 1), method=method)
        np.testing.assert_allclose(rates, [0.0, -2.0], atol=1e-12)


def test_2r_joint_rates_exact_lecture_example():                           # 0.5, exact
    arm = planar_2r(l1=sp.Rational(1, 2), l2=sp.Rational(1, 2))
    q = [sp.pi / 6, sp.pi / 3]
    for method in ("inverse", "solve"):
        rates = sp.simplify(joint_rates(arm, q, [1, 0], rows=(0, 1), method=method))
        assert rates == sp.Matrix([0, -2])


def test_2r_joint_rates_near_the_singularity():                             # chapter 0's table
    """At θ2 = 0.1° the task of Example 0.5 needs about 1,000 and 2,000 rad/s: 991 and −1,984
    from the closed form θ̇1 = c12/(l1 s2), θ̇2 = −(l1 c1 + l2 c12)/(l1 l2 s2), exactly."""
    arm = planar_2r(l1=sp.Rational(1, 2), l2=sp.Rational(1, 2))
    q = [sp.pi / 6, sp.pi / 1800]
    rates = joint_rates(arm, q, [1, 0], rows=(0, 1))
    c1, s2, c12 = sp.cos(q[0]), sp.sin(q[1]), sp.cos(q[0] + q[1])
    half = sp.Rational(1, 2)
    expected = [c12 / (half * s2), -(half * c1 + half * c12) / (half * half * s2)]
    assert all(sp.simplify(r - e) == 0 for r, e in zip(rates, expected, strict=True))
    assert [round(float(r)) for r in rates] == [991, -1984]
    numbers = joint_rates(planar_2r(l1=0.5, l2=0.5), np.radians([30.0, 0.1]), [1.0, 0.0],
                          rows=(0, 1))
    np.testing.assert_allclose(numbers, [float(e) for e in expected], rtol=1e-9)


def test_2r_closed_form_inverse_jacobian():
    J_inv = inverse_jacobian(planar_2r(), [t1, t2], rows=(0, 1))
    expected = sp.Matrix([[l2 * c12, l2 * s12],
                          [-l1 * c1 - l2 * c12, -l1 * s1 - l2 * s12]]) / (l1 * l2 * s2)
    assert is_zero(J_inv - expected)
    assert is_zero(J_inv @ J0_2R - sp.eye(2))


def test_2r_joint_rates_symbolic_methods_agree():
    xdot, ydot = sp.symbols("xdot ydot")
    by_inverse = joint_rates(planar_2r(), [t1, t2], [xdot, ydot], rows=(0, 1),
                             method="inverse")
    by_solve = joint_rates(planar_2r(), [t1, t2], [xdot, ydot], rows=(0, 1), method="solve")
    assert is_zero(by_inverse - by_solve)
    assert is_zero(J0_2R @ by_solve - sp.Matrix([xdot, ydot]))


@settings(max_examples=30)
@given(st.data())
def test_joint_rates_methods_agree_on_random_square_jacobians(data):
    robot = data.draw(chains(min_joints=6, max_joints=6, with_mass=False))
    q = data.draw(joint_vectors(6))
    velocity = data.draw(joint_vectors(6, scale=1.0))
    J = jacobian(robot, q)
    if abs(np.linalg.det(J)) < 1e-3 * np.prod(np.linalg.norm(J, axis=0)):
        return                                      # too close to a singularity to compare
    by_inverse = joint_rates(robot, q, velocity, method="inverse")
    by_solve = joint_rates(robot, q, velocity, method="solve")
    np.testing.assert_allclose(by_inverse, by_solve, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(J @ by_solve, velocity, atol=1e-8)
    np.testing.assert_allclose(inverse_jacobian(robot, q) @ J, np.eye(6), atol=1e-6)


def test_joint_rates_in_the_tool_frame():
    arm = planar_2r(l1=0.5, l2=0.5)
    q = np.radians([30.0, 60.0])
    R = rotation(forward_kinematics(arm, q))[:2, :2]
    tool_velocity = R.T @ [1.0, 0.0]                 # the same motion, written in {3}
    rates = joint_rates(arm, q, tool_velocity, rows=(0, 1), frame="tool")
    np.testing.assert_allclose(rates, [0.0, -2.0], atol=1e-12)


# ---------------------------------------------------------------- 0.7 singularities

def test_2r_singularities_from_det_and_from_rank():                        # 0.7
    det = jacobian_determinant(planar_2r(), [t1, t2], rows=(0, 1))
    assert set(sp.solve(sp.simplify(det), t2)) == {0, sp.pi}
    for angle in (0, sp.pi):
        J = jacobian_rows(planar_2r(), [t1, angle], rows=(0, 1))
        assert J.rank(simplify=True) == 1
        assert is_singular(planar_2r(), [t1, angle], rows=(0, 1))
    assert not is_singular(planar_2r(), [t1, t2], rows=(0, 1))


def test_2r_singularities_numeric():
    arm = planar_2r(l1=0.5, l2=0.3)
    for angle in (0.0, math.pi, -math.pi):
        assert is_singular(arm, [0.4, angle], rows=(0, 1))
        assert abs(jacobian_determinant(arm, [0.4, angle], rows=(0, 1))) < 1e-15
    assert not is_singular(arm, [0.4, 1e-3], rows=(0, 1))
    assert not is_singular(arm, [0.4, 0.0])          # all six rows: ω_z keeps rank 2


def test_singular_configuration_error_for_both_methods():
    arm = planar_2r(l1=0.5, l2=0.5)
    for q in ([0.3, 0.0], [1.0, math.pi], [t1, 0], [t1, sp.pi]):
        robot = planar_2r() if isinstance(q[0], sp.Symbol) else arm
        with pytest.raises(SingularConfigurationError, match=r"q = \[.*det J = 0"):
            inverse_jacobian(robot, q, rows=(0, 1))
        for method in ("inverse", "solve"):
            with pytest.raises(SingularConfigurationError, match=r"singular configuration"):
                joint_rates(robot, q, [1, 0], rows=(0, 1), method=method)
    assert issubclass(SingularConfigurationError, ValueError)


def test_puma_wrist_singularity_numeric():                                 # 0.7 PUMA
    robot = puma560()
    rng = np.random.default_rng(7)
    for _ in range(5):
        q = rng.uniform(-math.pi, math.pi, 6)
        q[4] = 0.0
        J = jacobian(robot, q)
        assert abs(np.linalg.det(J)) < 1e-12
        assert np.linalg.matrix_rank(J, rtol=1e-9) == 5
        assert is_singular(robot, q)
        assert manipulability(robot, q) < 1e-12
        with pytest.raises(SingularConfigurationError):
            joint_rates(robot, q, np.ones(6))
        q[4] = 0.3
        assert not is_singular(robot, q)


def test_puma_wrist_singularity_axes_four_and_six_align():                 # 0.7 PUMA
    theta = list(sp.symbols("theta1:7"))
    theta[4] = 0
    frames = link_frames(puma560(), theta)
    assert is_zero(rotation(frames[3])[:, 2] - rotation(frames[5])[:, 2])
    J = jacobian_by_cross_products(puma560(), theta)
    assert is_zero(J[:, 3] - J[:, 5])                # two equal columns: rank < 6


# ---------------------------------------------------------------- manipulability

def test_2r_manipulability():
    w = manipulability(planar_2r(), [t1, t2], rows=(0, 1))
    assert sp.simplify(w) == sp.Abs(l1 * l2 * s2)
    arm = planar_2r(l1=0.5, l2=0.3)
    assert manipulability(arm, [0.2, 0.0], rows=(0, 1)) == pytest.approx(0.0, abs=1e-9)
    assert manipulability(arm, [0.2, -math.pi / 2], rows=(0, 1)) == pytest.approx(0.15)


@pytest.mark.parametrize("q1", [0.7, 1.1, 2.3])
def test_manipulability_of_a_wide_jacobian_is_zero_to_round_off_at_a_singularity(q1):
    """A stretched planar 3R arm (2 x 3 Jacobian of rank 1): w is as small as J's own
    round-off (1e-16), not its square root (√det(J Jᵀ) gives 2.6e-8)."""
    tool = np.eye(4)
    tool[0, 3] = 0.3
    arm = SerialChain([Link(a=0.0), Link(a=0.7), Link(a=0.5)], tool=tool)
    assert manipulability(arm, [q1, 0.0, 0.0], rows=(0, 1)) < 1e-14
    assert manipulability(arm, [q1, 0.4, -0.9], rows=(0, 1)) == pytest.approx(
        np.prod(np.linalg.svd(jacobian_rows(arm, [q1, 0.4, -0.9], (0, 1)), compute_uv=False)))


@settings(max_examples=30)
@given(st.data())
def test_manipulability_is_the_product_of_singular_values(data):
    robot = data.draw(chains(with_mass=False))
    q = data.draw(joint_vectors(robot.n))
    rows = data.draw(st.lists(st.integers(0, 5), min_size=1, max_size=6, unique=True))
    singular_values = np.linalg.svd(jacobian_rows(robot, q, rows), compute_uv=False)
    assert manipulability(robot, q, rows) == pytest.approx(np.prod(singular_values),
                                                           rel=1e-6, abs=1e-9)


# ---------------------------------------------------------------- properties on random chains

def _point_position(robot, q, link, point):
    T = link_frames(robot, q)[link - 1]
    return rotation(T) @ point + translation(T)


@settings(max_examples=60)
@given(st.data())
def test_jacobian_propagation_equals_differentiation(data):
    robot = data.draw(chains(with_mass=False))
    q = data.draw(joint_vectors(robot.n))
    link = data.draw(st.one_of(st.none(), st.integers(1, robot.n)))
    point = data.draw(joint_vectors(3, scale=1.0))
    frames = link_frames(robot, q)
    R = rotation(frames[-1] if link is None else frames[link - 1])
    by_propagation = rotate_jacobian(jacobian_by_propagation(robot, q, link, point), R)
    by_differentiation = jacobian_by_cross_products(robot, q, link, point)
    np.testing.assert_allclose(by_propagation, by_differentiation, atol=1e-9)


@settings(max_examples=40)
@given(st.data())
def test_jacobian_by_cross_products_equals_finite_differences(data):
    robot = data.draw(chains(with_mass=False))
    q = data.draw(joint_vectors(robot.n))
    link = data.draw(st.integers(1, robot.n))
    point = data.draw(joint_vectors(3, scale=1.0))
    J = jacobian_by_cross_products(robot, q, link, point)
    h = 1e-6
    R = rotation(link_frames(robot, q)[link - 1])
    for j in range(robot.n):
        step = h * np.eye(robot.n)[j]
        plus, minus = q + step, q - step
        linear = (_point_position(robot, plus, link, point)
                  - _point_position(robot, minus, link, point)) / (2 * h)
        dR = (rotation(link_frames(robot, plus)[link - 1])
              - rotation(link_frames(robot, minus)[link - 1])) / (2 * h)
        W = dR @ R.T                                  # [ω x] = Ṙ Rᵀ
        angular = [W[2, 1], W[0, 2], W[1, 0]]
        np.testing.assert_allclose(J[:3, j], linear, atol=1e-6)
        np.testing.assert_allclose(J[3:, j], angular, atol=1e-6)


@settings(max_examples=30)
@given(st.data())
def test_tool_jacobian_is_the_rotated_base_jacobian(data):
    robot = data.draw(chains(with_mass=False))
    q = data.draw(joint_vectors(robot.n))
    R = rotation(forward_kinematics(robot, q))
    np.testing.assert_allclose(jacobian(robot, q, frame="tool"),
                               rotate_jacobian(jacobian(robot, q, frame="base"), R.T),
                               atol=1e-9)


@settings(max_examples=40)
@given(st.data())
def test_differential_transforms_equal_propagation_for_the_tool(data):
    """Paul's columns from j_T_tool alone against the outward velocity recursion."""
    robot = data.draw(chains(with_mass=False))
    q = data.draw(joint_vectors(robot.n))
    np.testing.assert_allclose(jacobian_by_differential_transforms(robot, q),
                               jacobian_by_propagation(robot, q), atol=1e-9)


def test_differential_transforms_of_the_r_p_arm_and_bad_input():
    d2 = sp.Symbol("d2")
    J = jacobian_by_differential_transforms(rp_arm(), [t1, d2])
    assert is_zero(J - jacobian_by_propagation(rp_arm(), [t1, d2]))
    assert is_zero(J[:, 1] - sp.Matrix([0, 0, 1, 0, 0, 0]))     # slides along Z2, no turn
    with pytest.raises(ValueError, match=r"q must have 2 entries"):
        jacobian_by_differential_transforms(rp_arm(), [0.1])
    with pytest.raises(TypeError, match=r"robot must be a SerialChain"):
        jacobian_by_differential_transforms(rp_arm, [0.1, 0.2])


def test_jacobian_columns_vanish_after_the_point_link():
    robot = planar_3r(lengths=[1.0, 1.0, 0.5], masses=[1, 1, 1], com_distances=[0.5] * 3,
                      inertias=[0.1] * 3, g=9.81)
    for jacobian_of in (jacobian_by_cross_products, jacobian_by_propagation):
        J = jacobian_of(robot, [0.2, 0.3, 0.4], link=2, point=[0.5, 0, 0])
        assert np.all(J[:, 2] == 0)
        assert np.any(J[:, 1] != 0)


def test_prismatic_joint_jacobian_column():
    d2 = sp.Symbol("d2")
    J = jacobian_by_cross_products(rp_arm(), [t1, d2])
    # the slider moves the tip along the arm, [c1, s1, 0], and adds no rotation
    assert is_zero(J[:, 1] - sp.Matrix([c1, s1, 0, 0, 0, 0]))
    assert is_zero(J[:, 0] - sp.Matrix([-d2 * s1, d2 * c1, 0, 0, 0, 1]))


def test_rotate_jacobian_numbers_and_symbols():
    J = np.arange(12.0).reshape(6, 2)
    R = rot_z(0.3)
    rotated = rotate_jacobian(J, R)
    np.testing.assert_allclose(rotated[:3], R @ J[:3])
    np.testing.assert_allclose(rotated[3:], R @ J[3:])
    np.testing.assert_allclose(rotate_jacobian(rotated, R.T), J, atol=1e-12)
    symbolic = rotate_jacobian(sp.Matrix(J), rot_z(t1))
    assert symbolic[:3, :] == rot_z(t1) @ sp.Matrix(J[:3])
    assert symbolic[3:, :] == rot_z(t1) @ sp.Matrix(J[3:])


def test_tool_transform_enters_the_tool_jacobian():
    arm = planar_2r(l1=1.0, l2=1.0)
    longer = SerialChain(arm.links, tool=transform(np.eye(3), [1.5, 0, 0]))
    np.testing.assert_allclose(jacobian(longer, [0.0, 0.0])[:2],
                               [[0.0, 0.0], [2.5, 1.5]], atol=1e-12)


# ---------------------------------------------------------------- 0.8 tip acceleration and J̇

w1, w2 = sp.symbols("thetadot1 thetadot2")
w12 = w1 + w2
# d(0_J)/dt of the 2R arm, by hand from J0_2R: every s becomes c times the angle's rate
J0_DOT_2R = sp.Matrix([[-l1 * c1 * w1 - l2 * c12 * w12, -l2 * c12 * w12],
                       [-l1 * s1 * w1 - l2 * s12 * w12, -l2 * s12 * w12]])


def test_2r_jacobian_derivative_closed_form():                              # 0.8
    J_dot = jacobian_derivative(planar_2r(), [t1, t2], [w1, w2])
    assert is_zero(J_dot[:2, :] - J0_DOT_2R)
    assert J_dot[2:5, :] == sp.zeros(3, 2) and J_dot[5, :] == sp.zeros(1, 2)
    # the lecture's tip acceleration at q̈ = 0: the centripetal terms
    bias = J_dot[:2, :] @ sp.Matrix([w1, w2])
    assert is_zero(bias - sp.Matrix([-l1 * c1 * w1**2 - l2 * c12 * w12**2,
                                     -l1 * s1 * w1**2 - l2 * s12 * w12**2]))


@pytest.mark.parametrize("model", [planar_2r, planar_3r, rp_arm])
def test_jacobian_derivative_is_the_chain_rule_derivative(model):              # 0.8
    robot = model()
    q, qd = joint_symbols(robot)[:2]
    J = jacobian(robot, q)
    chain_rule = sum((J.diff(q_k) * qd_k for q_k, qd_k in zip(q, qd, strict=True)),
                     sp.zeros(*J.shape))
    assert is_zero(jacobian_derivative(robot, q, qd) - chain_rule)


def test_jacobian_derivative_numbers_agree_with_symbols():
    q_values, qd_values = [0.3, -0.8, 0.5], [1.2, -0.4, 2.0]
    lengths = [0.5, 0.4, 0.2]
    numeric = jacobian_derivative(planar_3r(lengths=lengths), q_values, qd_values, frame="tool")
    robot = planar_3r()
    q, qd = joint_symbols(robot)[:2]
    symbolic = jacobian_derivative(robot, q, qd, frame="tool")
    values = dict(zip([l1, l2, l3, *q, *qd], [*lengths, *q_values, *qd_values], strict=True))
    np.testing.assert_allclose(numeric, np.array(symbolic.subs(values), dtype=float),
                               atol=1e-12)


@settings(max_examples=40)
@given(st.data())
def test_jacobian_derivative_equals_finite_differences(data):
    robot = data.draw(chains(with_mass=False))
    q, qd = data.draw(joint_vectors(robot.n)), data.draw(joint_vectors(robot.n))
    h = 1e-6
    by_differences = (jacobian(robot, q + h * qd) - jacobian(robot, q - h * qd)) / (2 * h)
    np.testing.assert_allclose(jacobian_derivative(robot, q, qd), by_differences, atol=1e-5)
    # the tool-frame J̇ is 0_J̇ written in the tool axes; d(tool_J)/dt also turns with them
    R = rotation(forward_kinematics(robot, q))
    tool_J_dot = jacobian_derivative(robot, q, qd, frame="tool")
    np.testing.assert_allclose(tool_J_dot, rotate_jacobian(by_differences, R.T), atol=1e-5)
    tool_J = jacobian(robot, q, frame="tool")
    turning = skew((tool_J @ qd)[3:])                            # [ω x], ω in the tool axes
    tool_differences = (jacobian(robot, q + h * qd, frame="tool")
                        - jacobian(robot, q - h * qd, frame="tool")) / (2 * h)
    np.testing.assert_allclose(tool_differences,
                               tool_J_dot - np.vstack([turning @ tool_J[:3], turning @ tool_J[3:]]),
                               atol=1e-5)


@settings(max_examples=40)
@given(st.data())
def test_tip_acceleration_equals_newton_euler_propagation(data):
    robot = data.draw(chains())
    q, qd, qdd = (data.draw(joint_vectors(robot.n)) for _ in range(3))
    # Newton–Euler's outward recursion (gravity off): link n's accelerations in {n},
    # carried to the tool point and written in the tool axes
    last = newton_euler(robot, q, qd, qdd, gravity=0).link(robot.n)
    R, p = rotation(robot.tool), translation(robot.tool)
    tip = last.vdot + np.cross(last.omega_dot, p) + np.cross(last.omega,
                                                             np.cross(last.omega, p))
    propagated = np.concatenate([R.T @ tip, R.T @ last.omega_dot])
    by_jacobian = (jacobian(robot, q, frame="tool") @ qdd
                   + jacobian_derivative(robot, q, qd, frame="tool") @ qd)
    np.testing.assert_allclose(by_jacobian, propagated, atol=1e-8)


def test_2r_joint_accelerations_lecture_example_exact():                     # 0.8
    # Example 0.5 held on its straight line: 1 m/s along +X0 at constant speed
    arm = planar_2r(l1=sp.Rational(1, 2), l2=sp.Rational(1, 2))
    q = [sp.pi / 6, sp.pi / 3]
    for method in ("inverse", "solve"):
        qdd = joint_accelerations(arm, q, [0, -2], [0, 0], rows=(0, 1), method=method)
        assert is_zero(qdd - sp.Matrix([8 / sp.sqrt(3), -4 * sp.sqrt(3)]))
    numeric = joint_accelerations(planar_2r(l1=0.5, l2=0.5), np.radians([30, 60]), [0, -2],
                                  [0, 0], rows=(0, 1))
    np.testing.assert_allclose(numeric, [8 / math.sqrt(3), -4 * math.sqrt(3)])


@settings(max_examples=30)
@given(st.data())
def test_joint_accelerations_give_the_task_acceleration(data):
    robot = data.draw(chains(min_joints=2, max_joints=2, with_mass=False))
    q, qd = data.draw(joint_vectors(2)), data.draw(joint_vectors(2))
    frame = data.draw(st.sampled_from(["base", "tool"]))
    rows = data.draw(st.lists(st.integers(0, 5), min_size=2, max_size=2, unique=True))
    xddot = data.draw(joint_vectors(2))
    J = jacobian_rows(robot, q, rows, frame)
    assume(np.linalg.cond(J) < 1e6)                   # away from singular configurations
    by_solve = joint_accelerations(robot, q, qd, xddot, rows, frame)
    by_inverse = joint_accelerations(robot, q, qd, xddot, rows, frame, method="inverse")
    np.testing.assert_allclose(by_solve, by_inverse, rtol=1e-6, atol=1e-6)
    J_dot = jacobian_derivative(robot, q, qd, frame)[rows, :]
    np.testing.assert_allclose(J @ by_solve + J_dot @ qd, xddot, atol=1e-7)


def test_joint_accelerations_at_a_singularity_name_the_angles():
    with pytest.raises(SingularConfigurationError,
                       match=r"q = \[0\.523599, 0\.0\] is a singular configuration "
                             r"\(θ1 = 30°, θ2 = 0°\): det J = 0"):
        joint_accelerations(planar_2r(l1=0.5, l2=0.5), np.radians([30.0, 0.0]), [0.0, 1.0],
                            [0.0, 0.0], rows=(0, 1))
    with pytest.raises(SingularConfigurationError, match=r"\(θ1 = 10°, d2 = 0 m\)"):
        joint_rates(rp_arm(l1=0.3), [math.radians(10.0), 0.0], [0.0, 1.0], rows=(0, 1))


test_acceleration_bad_input_names_the_argument = named_in_the_error([
    ("qd of 1 entry",
     lambda: jacobian_derivative(planar_2r(l1=1.0, l2=1.0), [0.0, 1.0], [1.0]), ValueError,
     "qd", "2 entries", "1"),
    ("qd None", lambda: jacobian_derivative(planar_2r(l1=1.0, l2=1.0), [0.0, 1.0], None),
     TypeError, "qd", "sequence", "None"),
    ("frame world", lambda: jacobian_derivative(planar_2r(l1=1.0, l2=1.0), [0.0, 1.0],
                                                [1.0, 2.0], frame="world"), ValueError,
     "frame", ("'base'", "'tool'"), "'world'"),
    ("the model function", lambda: jacobian_derivative(planar_2r, [0.0, 1.0], [1.0, 2.0]),
     TypeError, "robot", "SerialChain", "planar_2r()"),
    ("acceleration of 1 entry", lambda: joint_accelerations(
        planar_2r(l1=1.0, l2=1.0), [0.0, 1.0], [1.0, 2.0], [1.0], rows=(0, 1)), ValueError,
     "acceleration", "2 entries", "1"),
    ("acceleration as text", lambda: joint_accelerations(
        planar_2r(l1=1.0, l2=1.0), [0.0, 1.0], [1.0, 2.0], "up", rows=(0, 1)), TypeError,
     "acceleration", "sequence", "'up'"),
    ("method pinv", lambda: joint_accelerations(
        planar_2r(l1=1.0, l2=1.0), [0.0, 1.0], [1.0, 2.0], [0.0, 0.0], rows=(0, 1),
        method="pinv"), ValueError, "method", ("'inverse'", "'solve'"), "'pinv'"),
    ("all six rows", lambda: joint_accelerations(
        planar_2r(l1=1.0, l2=1.0), [0.0, 1.0], [1.0, 2.0], [0.0, 0.0]), ValueError,
     "rows", "2 rows", "6"),
])
