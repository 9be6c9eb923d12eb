"""The PUMA 560's closed-form inverse kinematics (SYLLABUS ch. 6), checked by the
forward kinematics: every solution reproduces the target, the joint vector the target
came from is among them, and the count is 8 for a generic pose and fewer at boundaries."""

import math

import numpy as np
import pytest
import sympy as sp
from hypothesis import assume, given, settings
from strategies import joint_vectors

from robocourse.frames import rot_x, transform
from robocourse.kinematics import forward_kinematics
from robocourse.models import planar_2r, puma560
from robocourse.puma560 import inverse_kinematics, wrist_singular
from robocourse.robot import SerialChain

ROBOT = puma560()
A2, A3, D4 = 0.4318, -0.0203, 0.4331
GENERIC = np.array([0.3, -0.5, 0.4, 0.6, 0.7, -0.8])


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


def test_stretched_elbow_merges_the_elbow_branches():
    # a3 c3 + d4 s3 = K is at its largest, √(a3² + d4²): the root in θ3 is zero
    q = GENERIC.copy()
    q[2] = math.atan2(D4, A3)
    T = forward_kinematics(ROBOT, q)
    solutions = inverse_kinematics(ROBOT, T)
    assert solutions.shape == (4, 6)
    assert contains(solutions, q) and reproduces(solutions, T)


def test_wrist_centre_on_axis_one_merges_the_shoulder_branches():
    # X = a2 c2 + a3 c23 + d4 s23 = 0: the wrist centre sits at distance D from axis 1
    q = GENERIC.copy()
    u, v = A2 + A3 * math.cos(q[2]) + D4 * math.sin(q[2]), D4 * math.cos(q[2]) - A3 * math.sin(
        q[2])                                         # X = u c2 + v s2
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
    symbolic = inverse_kinematics(puma560(symbolic_lengths=True), T)
    assert isinstance(symbolic, sp.Matrix) and symbolic.shape == (8, 6)
    lengths = {sp.Symbol(name): value for name, value in (
        ("d2", 0.2435), ("a2", A2), ("d3", -0.0934), ("a3", A3), ("d4", D4))}
    numbers = np.array(symbolic.subs(lengths).evalf(), dtype=float)
    assert np.abs(wrap(numbers - inverse_kinematics(ROBOT, T))).max() < 1e-9


@pytest.mark.parametrize("position, reason", [
    ([1.5, 0.0, 0.2], r"\|K\| > √\(a3² \+ d4²\)"),    # beyond the stretched arm
    ([0.05, 0.0, 0.3], r"px² \+ py² < D²"),           # inside the shoulder-offset cylinder
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
    craig = SerialChain([type(link)(alpha=-link.alpha if i >= 3 else link.alpha, a=link.a,
                                    d=link.d) for i, link in enumerate(ROBOT.links)])
    with pytest.raises(ValueError, match=r"robot must be built like .*got SerialChain"):
        inverse_kinematics(craig, np.eye(4))
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
