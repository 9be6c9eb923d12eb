"""Chapter 0 exercises — the hidden tests (instructor only: never released).

Registered on the assignment's exercise set (``robocourse.exercises.ch0_kinematics``);
the grader runs each exercise's visible tests, then these.
"""

import numpy as np
import sympy as sp

from robocourse.exercises import hidden_catalogue
from robocourse.exercises.ch0_kinematics import (
    DETERMINANT_ROUTES,
    JACOBIAN_ROUTES,
    LENGTHS,
    PLANAR,
    POSE_ROUTES,
    RATE_ROUTES,
    SYMBOLS,
    Q,
    base_jacobian,
    check_dh,
    check_out_of_reach,
    check_pose,
    check_step,
    dh_call,
    exercises,
    expected_step,
    from_base_jacobian,
    from_pose,
    from_rates_jacobian,
    gripper_arm,
    ik_numbers,
    jacobian_det,
    rates_numbers,
    student_dh,
    student_solutions,
    student_step,
    theta1,
    tool_jacobian,
    turn_into_tool_frame,
)
from robocourse.frames import dh_transform
from robocourse.grading import check_expression, check_number
from robocourse.grading.checks import Known, Mistake, case
from robocourse.kinematics import forward_kinematics, inverse_kinematics_2r, joint_rates
from robocourse.language import locate, say
from robocourse.models import planar_2r, puma560

__all__ = ["exercises"]

#: What these hidden tests say, in the student's language (never released).
locate("hidden", hidden_catalogue(__file__))


@exercises.hidden(1, by_hand={"pose_3r": POSE_ROUTES})
def exercise_1(pose_3r):
    check_pose(pose_3r, {theta1: 0}, say("with theta1 = 0", "hidden"))
    check_pose(pose_3r, {}, say("the whole pose", "hidden"))


@exercises.hidden(2)
def exercise_2(dh):
    alpha, a, theta, d = sp.symbols("alpha a theta d")
    check_dh(dh, (alpha, a, theta, d))
    check_dh(dh, (sp.pi / 2, a, theta, d))
    angles = [0.3, -1.1, 2.0, -0.4, 1.3, -2.6]
    for k, (link, q) in enumerate(zip(puma560().links, angles, strict=True), start=1):
        args = (link.alpha, link.a, link.theta + q, link.d)
        label = say("link {k} of the PUMA 560 (alpha{i} = {alpha}°, a{i} = {a} m, "
                    "d{k} = {d} m, theta{k} = {q} rad)", "hidden", k=k, i=k - 1,
                    alpha=f"{np.degrees(link.alpha):.0f}", a=link.a, d=link.d, q=q)
        with case(label):
            check_number(student_dh(dh, *args), link.transform(q), dh_call(args), rtol=0,
                         atol=1e-9, unit="m")
    t1, t2, a1, a2 = sp.symbols("theta1 theta2 l1 l2")
    product = student_dh(dh, 0, 0, t1, 0) * student_dh(dh, 0, a1, t2, 0) * \
        student_dh(dh, 0, a2, 0, 0)
    check_expression(product, forward_kinematics(planar_2r(), [t1, t2]),
                     say("the 2R arm's 0_T_3 as a product of your dh", "hidden"),
                     markers=(a1, a2),
                     allowed_symbols=(t1, t2, a1, a2))


def check_branches(ik_2r, x, y, arm_l1, arm_l2):
    """Both branches equal the library's (modulo 2π)."""
    branches = student_solutions(ik_2r, x, y, arm_l1, arm_l2)
    for theta, name, elbow in zip(branches, ("theta_pos", "theta_neg"), ("down", "up"),
                                  strict=True):
        expected = inverse_kinematics_2r(planar_2r(l1=arm_l1, l2=arm_l2), x, y, elbow=elbow)
        closest = expected + np.angle(np.exp(1j * (theta - expected)))          # same mod 2π
        quadrant = [Known(expected + [turn, 0], say("theta1 is off by 180°: np.arctan(y / x) "
                                                    "loses the quadrant, np.arctan2(y, x) "
                                                    "keeps it.", "hidden"), "quadrant")
                    for turn in (np.pi, -np.pi)]
        check_number(closest, expected, f"{name} = ik_2r({x}, {y}, {arm_l1}, {arm_l2})",
                     rtol=0, atol=1e-6, unit="rad", mistakes=quadrant)


@exercises.hidden(3)
def exercise_3(ik_2r, context):
    arm_l1, arm_l2, target = ik_numbers(context.student)
    for x, y in [(0.6, 0.3), (-0.45, 0.5), (-0.7, -0.2), (0.2, -0.65), (0.0, 0.8), (-0.3, 0.0)]:
        check_branches(ik_2r, x, y, 0.5, 0.4)
    check_branches(ik_2r, 0.9, 1.4, 1.2, 0.8)
    check_branches(ik_2r, *target, arm_l1, arm_l2)
    check_out_of_reach(ik_2r, 0.05, 0.02, 0.5, 0.4)          # inside the hole: |l1 - l2| > r
    check_out_of_reach(ik_2r, -2.0, -1.0, 1.2, 0.8)


@exercises.hidden(4, by_hand={"J0_3r": JACOBIAN_ROUTES})
def exercise_4(J0_3r, context):
    with from_pose(context, J0_3r):
        check_expression(J0_3r, base_jacobian(), "J0_3r", markers=LENGTHS,
                         allowed_symbols=SYMBOLS,
                         mistakes=[Known(base_jacobian().T,
                                         say("It looks transposed: column j holds the velocity "
                                             "made by joint j alone.", "hidden"),
                                         "transposed")])


@exercises.hidden(5, by_hand={"J4_3r": JACOBIAN_ROUTES})
def exercise_5(J4_3r, context):
    unturned = Known(base_jacobian(), say("It is the base-frame Jacobian J0_3r: turn its rows "
                                          "vx, vy by −(theta1 + theta2 + theta3) into {4}.",
                                          "hidden"), "not-turned")
    with from_base_jacobian(context, J4_3r, "J4_3r", turn_into_tool_frame):
        check_expression(J4_3r, tool_jacobian(), "J4_3r", markers=LENGTHS,
                         allowed_symbols=SYMBOLS, mistakes=[unturned])


@exercises.hidden(6)
def exercise_6(outward_step):
    alpha, a, theta, d = sp.symbols("alpha a theta d")
    check_step(outward_step, dh_transform(alpha, a, theta, d),
               say("a general link T = dh(alpha, a, theta, d)", "hidden"),
               (alpha, a, theta, d))
    link = puma560().links[3]                       # alpha3 = -90°, a3 = 0.0203 m, d4 = 0.4331 m
    T = sp.Matrix(link.transform(0.7))
    omega, v = sp.Matrix([0.3, -1.2, 0.8]), sp.Matrix([0.05, 0.4, -0.25])
    label = say("link 4 of the PUMA 560 (alpha3 = -90°, a3 = 0.0203 m, d4 = 0.4331 m) at "
                "theta4 = 0.7 rad", "hidden")
    wanted = expected_step(T, omega, v, 1.5)
    given = student_step(outward_step, T, omega, v, 1.5)
    for answer, expected, name, unit in zip(given, wanted, ("omega_next", "v_next"),
                                            ("rad/s", "m/s"), strict=True):
        check_number(answer, expected, say("{name} for {label}", "hidden", name=name,
                                           label=label), rtol=0, atol=1e-9, unit=unit)
    check_jacobian_from_steps(outward_step)


def check_jacobian_from_steps(outward_step):
    """The 3R tool-frame Jacobian, one column per joint, built from the student's steps."""
    arm = gripper_arm()
    transforms = [link.transform(q) for link, q in zip(arm.links, Q, strict=True)]
    transforms.append(sp.Matrix(arm.tool))
    columns = []
    for j in range(3):
        omega, v = sp.zeros(3, 1), sp.zeros(3, 1)
        for i, T in enumerate(transforms):
            omega, v = student_step(outward_step, T, omega, v, 1 if i == j else 0)
        columns.append([v[0], v[1], omega[2]])
    check_expression(sp.Matrix(columns).T, tool_jacobian(),
                     say("the 3R tool-frame Jacobian built with your outward_step",
                         "hidden"),
                     markers=LENGTHS, allowed_symbols=SYMBOLS)


@exercises.hidden(7, by_hand={"det_J0_3r": DETERMINANT_ROUTES})
def exercise_7(det_J0_3r, singular_theta2, context):
    with from_base_jacobian(context, det_J0_3r, "det_J0_3r", lambda J0: sp.Matrix(J0).det()):
        check_expression(det_J0_3r, jacobian_det(), "det_J0_3r", markers=LENGTHS,
                         allowed_symbols=SYMBOLS)
    roots = sp.solveset(jacobian_det().subs(dict.fromkeys(LENGTHS, 1)), Q[1],
                        sp.Interval.Ropen(0, 2 * sp.pi))
    wanted = np.array(sorted(float(root) for root in roots))
    if len(set(np.round(singular_theta2, 6))) < len(singular_theta2):
        raise Mistake(say("singular_theta2 lists the same angle twice", "hidden"),
                      "duplicate")
    if len(singular_theta2) < len(wanted):
        raise Mistake(say("singular_theta2 misses a singular configuration: there are more "
                          "values of theta2 in [0, 2π) where det J = 0", "hidden"), "missing")
    check_number(singular_theta2, wanted, "singular_theta2", rtol=0, atol=1e-6, unit="rad")


def _rates(lengths, theta, offset, task):
    return joint_rates(gripper_arm(lengths, offset), theta, task, rows=PLANAR)


@exercises.hidden(8, by_hand={"qdot": RATE_ROUTES})
def exercise_8(qdot, context):
    lengths, theta_deg, offset, v, omega = rates_numbers(context.student)
    theta, task = np.radians(theta_deg), np.array([*v, omega])
    right = _rates(lengths, theta, offset, task)
    known = [Known(_rates(lengths, np.asarray(theta_deg, dtype=float), offset, task),
                   say("It matches a Jacobian evaluated at the angles in degrees taken as "
                       "radians: convert rates_theta_deg with np.radians first.", "hidden"),
                   "degrees"),
             Known(_rates(lengths, theta, 0.0, task), say("It moves the end of link 3 as asked, "
                                                          "not the gripper: include the offset "
                                                          "h.", "hidden"), "no-offset"),
             Known(_rates(lengths, theta, -offset, task), say("It matches the gripper offset on "
                                                              "the wrong side: h lies along "
                                                              "+Y3.", "hidden"),
                   "offset-sign")]
    with from_rates_jacobian(context, qdot):
        check_number(qdot, right, "qdot", rtol=1e-6, atol=1e-9, unit="rad/s", mistakes=known)

