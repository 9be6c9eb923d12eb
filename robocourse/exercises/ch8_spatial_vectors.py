"""Chapter 8 exercises — spatial vectors: the answers, the per-student numbers, the visible
tests.

The expected answers come from the library (chapter 1's velocity transform, the spatial
inertia, the composite-rigid-body and articulated-body algorithms); the visible tests check
properties every right answer has (the block structure of a transform, the symmetry of an
inertia, a known entry) and the hidden tests (``solutions/ch8_spatial_vectors/grader.py``)
the whole answer and the known mistakes.
"""


import numpy as np

from robocourse import spatial
from robocourse.frames import dh_transform, velocity_transform
from robocourse.grading import ExerciseSet, check_number, student_rng
from robocourse.grading.checks import Known, Mistake
from robocourse.grading.exercises import Numbers
from robocourse.language import say
from robocourse.models import planar_2r

#: What the test cells (``checks.exercise_<n>(…)``) and the hidden tests
#: (``solutions/ch8_spatial_vectors/grader.py``) use of this module: its interface
#: (tests/test_exercise_interfaces.py keeps it exact).
__all__ = [
    "exercises",
    "exercise_1", "exercise_2", "exercise_3", "exercise_4", "exercise_5",
    "DYNAMICS_ROUTES", "INERTIA_ROUTES", "TRANSFORM_ROUTES",
    "arm_numbers", "body_numbers", "expected_inertia",
    "expected_transform", "forward_mistakes", "inertia_mistakes", "link_numbers",
    "link_transform", "mass_matrix_mistakes", "motion_numbers", "student_arm",
    "transform_mistakes",
]

exercises = ExerciseSet("ch8_spatial_vectors")

#: The concepts (``grading.concepts``) an exercise asks to derive: switched off when the
#: answer is recomputed from the answer cell.
TRANSFORM_ROUTES = ("the force transform",)
INERTIA_ROUTES = ("the parallel-axis theorem",)
DYNAMICS_ROUTES = ("the equations of motion",)


def _angular_first(M):
    """``M`` (a 6-vector or 6x6) in Featherstone's order, the angular part first."""
    order = [3, 4, 5, 0, 1, 2]
    M = np.asarray(M, dtype=float)
    return M[order] if M.ndim == 1 else M[np.ix_(order, order)]


def _skew(v):
    x, y, z = v
    return np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])


# --- per-student numbers --------------------------------------------------------------------

def link_numbers(student):
    """Exercise 1: the DH values of link 2, ``(alpha1 (degrees), a1 (m), theta2 (degrees),
    d2 (m))``, ``1_T_2 = RotX(α1) TransX(a1) RotZ(θ2) TransZ(d2)``."""
    rng = student_rng(student).spawn(4)[0]
    alpha_deg = int(rng.choice([-90, 90])) if rng.random() < 0.5 else int(rng.integers(-170, 171))
    return (alpha_deg, round(float(rng.uniform(0.1, 0.8)), 2), int(rng.integers(-170, 171)),
            round(float(rng.uniform(-0.5, 0.5)), 2))


def link_transform(student):
    """Exercise 1: the student's ``1_T_2`` (a 4x4 array)."""
    alpha_deg, a, theta_deg, d = link_numbers(student)
    return np.asarray(dh_transform(np.radians(alpha_deg), a, np.radians(theta_deg), d),
                      dtype=float)


def body_numbers(student):
    """Exercise 2: the mass (kg), centre of mass (m, in the link frame) and tensor about the
    centre of mass (kg·m², axes of the link frame) of one link."""
    rng = student_rng(student).spawn(4)[1]
    mass = round(float(rng.uniform(0.5, 5.0)), 2)
    r_c = np.round(rng.uniform(-0.3, 0.3, 3), 3)
    a, b = np.round(rng.uniform(0.01, 0.2, 2), 4)
    c = round(float(rng.uniform(abs(a - b) + 0.005, a + b - 0.005)), 4)
    xy = round(float(rng.uniform(-0.2, 0.2) * min(a, b)), 4)
    return mass, r_c, np.array([[a, xy, 0.0], [xy, b, 0.0], [0.0, 0.0, c]])


def motion_numbers(student):
    """Exercise 3: the spatial velocity ``v = [v_O; ω]`` of a link in its frame, and Craig's
    accelerations of its origin, ``v̇`` (m/s²), and of its turning, ``ω̇`` (rad/s²)."""
    rng = student_rng(student).spawn(4)[2]
    v = np.round(rng.uniform(-2.0, 2.0, 6), 2)
    return v, np.round(rng.uniform(-5.0, 5.0, 3), 2), np.round(rng.uniform(-5.0, 5.0, 3), 2)


def arm_numbers(student):
    """Exercises 4 and 5: the 2R arm with point masses at the link ends: ``l1, l2`` (m),
    ``m1, m2`` (kg), the joint angles ``theta1, theta2`` (degrees) and the torques ``tau``
    (N·m) of exercise 5; gravity 9.81 m/s² along −Y0."""
    rng = student_rng(student).spawn(4)[3]
    l1, l2 = (round(float(x), 2) for x in rng.uniform(0.3, 0.8, 2))
    m1, m2 = (round(float(x), 2) for x in rng.uniform(0.5, 3.0, 2))
    theta1_deg, theta2_deg = int(rng.integers(-60, 61)), int(rng.integers(20, 161))
    tau = np.round(rng.uniform(-10.0, 10.0, 2), 1)
    return l1, l2, m1, m2, theta1_deg, theta2_deg, tau


def student_arm(student):
    """Exercises 4 and 5: the student's arm (``planar_2r`` with numbers) and its joint
    angles in radians."""
    l1, l2, m1, m2, theta1_deg, theta2_deg, _ = arm_numbers(student)
    return (planar_2r(l1=l1, l2=l2, m1=m1, m2=m2, g=9.81),
            np.radians([theta1_deg, theta2_deg]))


# --- expected answers and known mistakes ------------------------------------------------

def expected_transform(student):
    """``2_X_1``: chapter 1's velocity transform of ``1_T_2``."""
    T = link_transform(student)
    return velocity_transform(T[:3, :3], T[:3, 3])


def transform_mistakes(student):
    T = link_transform(student)
    R, p = T[:3, :3], T[:3, 3]
    X = expected_transform(student)
    flipped = X.copy()
    flipped[:3, 3:] = -flipped[:3, 3:]
    return [Known(velocity_transform(R.T, -R.T @ p),
                  say("It matches 1_X_2, the transform the other way (from {2} to {1}): 2_X_1 "
                      "rotates with E = 2_R_1 = 1_R_2ᵀ.", "exercises"), "direction"),
            Known(_angular_first(X),
                  say("It matches the transform in Featherstone's order (angular part first); "
                      "the course writes [v_O; ω], the linear part first.", "exercises"),
                  "angular-first"),
            Known(flipped,
                  say("It matches the upper-right block with the wrong sign: "
                      "v_2 = E (v_1 + ω × p) = E v_1 − E [p×] ω.", "exercises"), "cross-sign")]


def expected_inertia(student):
    """The spatial inertia of the student's link about its frame origin."""
    return spatial.spatial_inertia(*body_numbers(student))


def inertia_mistakes(student):
    mass, r_c, I_c = body_numbers(student)
    I = expected_inertia(student)
    without = I.copy()
    without[3:, 3:] = I_c
    signs = I.copy()
    signs[:3, 3:], signs[3:, :3] = -I[:3, 3:], -I[3:, :3]
    return [Known(without,
                  say("It matches the lower-right block left at C_I, the tensor about the "
                      "centre of mass: about the frame origin it is C_I − m [c×][c×] (the "
                      "parallel-axis theorem).", "exercises"), "no-parallel-axis"),
            Known(signs,
                  say("It matches the off-diagonal blocks with their signs swapped: the linear "
                      "momentum is m (v_O + ω × c) = m v_O − m [c×] ω.", "exercises"),
                  "cross-sign"),
            Known(_angular_first(I),
                  say("It matches the inertia in Featherstone's order (angular part first); "
                      "the course writes [v_O; ω], the linear part first.", "exercises"),
                  "angular-first")]


def _composites(student):
    """``(I_1, I_2, X_2)`` of the student's arm at its angles."""
    arm, q = student_arm(student)
    inertias = [spatial.spatial_inertia(link.mass, link.r_c, link.I_c) for link in arm.links]
    return (*inertias, spatial.spatial_transforms(arm, q)[1])


def mass_matrix_mistakes(student):
    I1, I2, X2 = _composites(student)
    S = np.array([0, 0, 0, 0, 0, 1.0])
    M = spatial.crba(*student_arm(student))
    alone = M.copy()
    alone[0, 0] = S @ I1 @ S
    wrong_composite = I1 + X2 @ I2 @ X2.T
    off = S @ (X2 @ (I2 @ S))
    turned = np.array([[S @ wrong_composite @ S, off], [off, M[1, 1]]])
    return [Known(alone,
                  say("It matches M11 of link 1 alone: joint 1 carries links 1 AND 2, the "
                      "composite rigid body I^c_1 = I_1 + X_2ᵀ I^c_2 X_2.", "exercises"),
                  "no-composite"),
            Known(turned,
                  say("It matches link 2's inertia carried to {1} with X_2 … X_2ᵀ: forces go "
                      "inward with the transpose, I^c_1 = I_1 + X_2ᵀ I^c_2 X_2.", "exercises"),
                  "transform-direction")]


def forward_mistakes(student):
    l1, l2, m1, m2, _, _, tau = arm_numbers(student)
    _, q = student_arm(student)
    at_rest = np.zeros(2)
    return [Known(spatial.aba(planar_2r(l1=l1, l2=l2, m1=m1, m2=m2, g=0.0), q, at_rest, tau),
                  say("It matches the arm without gravity: start the outward pass from "
                      "a_0 = [−g; 0], the base accelerating upward.", "exercises"),
                  "no-gravity"),
            Known(spatial.aba(planar_2r(l1=l1, l2=l2, m1=m1, m2=m2, g=-9.81), q, at_rest, tau),
                  say("It matches gravity pointing up: a_0 = [−g; 0] with g = [0, −9.81, 0] "
                      "is [0, +9.81, 0, 0, 0, 0].", "exercises"), "gravity-sign")]


# --- the visible tests --------------------------------------------------------------------

@exercises.visible(1, cell="ex1_X_test", X_21=Numbers((6, 6)))
def exercise_1(X_21, context):
    """Visible: the block structure of a motion transform — no angular velocity from a linear
    one (lower-left zero), and the same rotation twice on the diagonal, a rotation."""
    check_number(X_21[3:, :3], np.zeros((3, 3)), say("the lower-left block of X_21", "exercises"),
                 atol=1e-6)
    E = X_21[3:, 3:]
    check_number(X_21[:3, :3], E, say("the upper-left block of X_21 (the same rotation as the "
                                      "lower-right one)", "exercises"), atol=1e-6)
    check_number(E @ E.T, np.eye(3), say("E Eᵀ of the rotation block E of X_21", "exercises"),
                 atol=1e-4)


@exercises.visible(2, cell="ex2_inertia_test", I_link=Numbers((6, 6)))
def exercise_2(I_link, context):
    """Visible: symmetric, and the mass on the diagonal of the upper-left block."""
    mass, _, _ = body_numbers(context.student)
    check_number(I_link, I_link.T, say("I_link against its transpose (a spatial inertia is "
                                       "symmetric)", "exercises"), atol=1e-6)
    check_number(np.diag(I_link)[:3], [mass] * 3,
                 say("the upper-left block's diagonal of I_link", "exercises"), atol=1e-6,
                 unit="kg")


@exercises.visible(3, cell="ex3_a_test", a_spatial=Numbers((6,)))
def exercise_3(a_spatial, context):
    """Visible: the angular part is ω̇ as given."""
    _, _, omega_dot = motion_numbers(context.student)
    check_number(a_spatial[3:], omega_dot, say("the angular part of a_spatial", "exercises"),
                 atol=1e-6, unit="rad/s²")


@exercises.visible(4, cell="ex4_M_test", M_crba=Numbers((2, 2), "kg·m²"))
def exercise_4(M_crba, context):
    """Visible: symmetric, and ``M22 = m2 l2²``: only the tip mass turns about joint 2."""
    _, l2, _, m2, *_ = arm_numbers(context.student)
    check_number(M_crba[0, 1], M_crba[1, 0],
                 say("M_crba[0, 1] against M_crba[1, 0] (M is symmetric)", "exercises"),
                 atol=1e-6, unit="kg·m²")
    check_number(M_crba[1, 1], m2 * l2 ** 2, "M_crba[1, 1]", rtol=1e-4, unit="kg·m²")


@exercises.visible(5, cell="ex5_qdd_test", qdd_aba=Numbers((2,), "rad/s²"))
def exercise_5(qdd_aba, context):
    """Visible: a finite answer of a plausible size (no more than the torques and gravity
    could give the lightest link at its length)."""
    l1, l2, m1, m2, _, _, tau = arm_numbers(context.student)
    bound = 50 * (np.abs(tau).sum() / (min(m1, m2) * min(l1, l2) ** 2) + 9.81 / min(l1, l2))
    if np.any(np.abs(qdd_aba) > bound):
        raise Mistake(say("qdd_aba is far larger than these torques and gravity can give: "
                          "check the units (degrees → radians) and the articulated inertias "
                          "D_i", "exercises"), "too-large")
