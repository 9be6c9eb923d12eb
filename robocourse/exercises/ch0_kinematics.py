"""Chapter 0 exercises — kinematics: the answers, the per-student numbers, the visible tests.

Most exercises use the planar 3R arm with a side-mounted gripper (``gripper_arm``).
The expected answers come from the library's own routes — forward kinematics as the
product of the DH transforms, the Jacobian by differentiation in {0} and by velocity
propagation in the tool frame — which the answers derived by hand must match; the
hidden tests check the whole answers on other cases
(``solutions/ch0_kinematics/grader.py``).
"""

import functools

import numpy as np
import sympy as sp

from robocourse.frames import dh_transform, rotation, transform, translation, velocity_transform
from robocourse.grading import ExerciseSet, check_expression, check_number, student_rng
from robocourse.grading.checks import Known, Mistake, case, numbers_at, same
from robocourse.grading.exercises import Expression, Function, Matrix, Numbers, Value
from robocourse.kinematics import forward_kinematics, is_singular, jacobian_rows
from robocourse.language import say
from robocourse.models import planar_2r, planar_3r
from robocourse.robot import SerialChain

#: What the test cells (``checks.exercise_<n>(…)``) and the hidden tests
#: (``solutions/ch0_kinematics/grader.py``) use of this module: its interface
#: (tests/test_exercise_interfaces.py keeps it exact).
__all__ = [
    "exercises",
    "exercise_1", "exercise_2", "exercise_3", "exercise_4", "exercise_5", "exercise_6",
    "exercise_7", "exercise_8",
    "DETERMINANT_ROUTES", "JACOBIAN_ROUTES", "LENGTHS", "PLANAR", "POSE_ROUTES", "Q",
    "RATE_ROUTES", "SYMBOLS", "base_jacobian", "check_dh", "check_out_of_reach", "check_pose",
    "check_step", "dh_call", "expected_step", "from_base_jacobian", "from_pose",
    "from_rates_jacobian", "gripper_arm", "ik_numbers", "jacobian_det", "rates_numbers",
    "student_dh", "student_solutions", "student_step", "theta1", "tool_jacobian",
    "turn_into_tool_frame",
]

exercises = ExerciseSet("ch0_kinematics")

theta1, theta2, theta3 = sp.symbols("theta1 theta2 theta3")
l1, l2, l3, h = sp.symbols("l1 l2 l3 h")
Q = (theta1, theta2, theta3)
LENGTHS = (l1, l2, l3, h)
SYMBOLS = (*Q, *LENGTHS)
#: The rows [vx, vy, ωz] of the 6 x 3 Jacobian: the planar velocity of the tool.
PLANAR = (0, 1, 5)

#: The concepts (``grading.concepts``) an exercise asks to derive: switched off while the
#: student's function runs (``Function(forbidden=…)``) or when the answer, to be derived by
#: hand, is recomputed from the answer cells (``by_hand`` in the grader).
POSE_ROUTES = ("forward kinematics",)
DH_ROUTES = ("the DH transform",)
IK_ROUTES = ("inverse kinematics of the 2R arm",)
JACOBIAN_ROUTES = ("the Jacobian",)
#: Exercise 6: one step of velocity propagation (the Jacobian by propagation takes them all).
STEP_ROUTES = ("the velocity transform", "the Jacobian")
#: Exercises 7 and 8 use the student's own J0_3r: the library's Jacobian stays off too.
DETERMINANT_ROUTES = ("the Jacobian's determinant", "the Jacobian")
RATE_ROUTES = ("the inverse Jacobian", "the Jacobian")


# --- the arm and its expected answers ---------------------------------------------------

def gripper_arm(lengths=None, offset=h):
    """The planar 3R arm with its tool frame {4} at ``(l3, offset, 0)`` in {3}, turned
    like {3}: the side-mounted gripper of these exercises (``offset = 0``: ``planar_3r``).

    >>> gripper_arm([0.7, 0.5, 0.3], 0.1).tool[:2, 3]
    array([0.3, 0.1])
    """
    base = planar_3r(lengths=lengths)
    tool = transform(base.tool[:3, :3], [base.tool[0, 3], offset, 0])
    return SerialChain(base.links, tool=tool, gravity=base.gravity,
                       name="3R arm with a side gripper")


@functools.lru_cache(maxsize=None)
def tool_pose():
    """``[x, y, φ]`` of the tool frame {4} in {0}, read off the product of the DH transforms
    ``0_T_4`` (its rotation is ``Rot_Z(θ1 + θ2 + θ3)``).

    >>> tool_pose()[2]
    theta1 + theta2 + theta3
    """
    T = forward_kinematics(gripper_arm(), Q)
    return sp.Matrix([T[0, 3], T[1, 3], sum(Q)])


@functools.lru_cache(maxsize=None)
def base_jacobian():
    """The rows [vx, vy, ωz] of the tool-point Jacobian in {0} (by differentiation)."""
    return jacobian_rows(gripper_arm(), Q, rows=PLANAR)


@functools.lru_cache(maxsize=None)
def tool_jacobian():
    """The same rows written in the tool frame {4} (by velocity propagation)."""
    return jacobian_rows(gripper_arm(), Q, rows=PLANAR, frame="tool")


@functools.lru_cache(maxsize=None)
def jacobian_det():
    """``det`` of the square base-frame Jacobian: ``l1 l2 sin θ2``.

    >>> jacobian_det()
    l1*l2*sin(theta2)
    """
    return sp.trigsimp(sp.expand(base_jacobian().det()))


# --- feedback that stems from an earlier answer ---------------------------------------------

def angle_text(angle):
    """An angle the lecture's way: ``"3.1416 rad (180°)"``."""
    return f"{angle:.5g} rad ({np.degrees(angle):.4g}°)"


# --- per-student numbers ----------------------------------------------------------------------

def ik_numbers(student):
    """Exercise 3: the 2R arm's link lengths (m) and a target (x, y) (m) inside its workspace."""
    rng = student_rng(student).spawn(2)[0]
    l1_m, l2_m = (float(v) for v in np.round(rng.uniform([0.45, 0.30], [0.90, 0.75]), 2))
    reach = rng.uniform(abs(l1_m - l2_m) + 0.08, l1_m + l2_m - 0.08)
    bearing = rng.uniform(-np.pi, np.pi)
    target = tuple(float(v) for v in
                   np.round(reach * np.array([np.cos(bearing), np.sin(bearing)]), 3))
    return l1_m, l2_m, target


def rates_numbers(student):
    """Exercise 8: link lengths (m), joint angles (degrees), gripper offset h (m), tool
    velocity (vx, vy) in {0} (m/s) and turning rate ωz (rad/s) of one student."""
    rng = student_rng(student).spawn(2)[1]
    lengths = [float(v) for v in np.round(rng.uniform(0.30, 0.80, size=3), 2)]
    theta_deg = [int(rng.integers(-60, 61)),
                 int(rng.choice([-1, 1]) * rng.integers(30, 151)),
                 int(rng.integers(-90, 91))]
    offset = float(rng.choice([-1, 1]) * np.round(rng.uniform(0.05, 0.15), 2))
    speed, heading = rng.uniform(0.15, 0.50), rng.uniform(-np.pi, np.pi)
    v = [float(x) for x in np.round(speed * np.array([np.cos(heading), np.sin(heading)]), 2)]
    omega = float(rng.choice([-1, 1]) * np.round(rng.uniform(0.2, 0.6), 2))
    return lengths, theta_deg, offset, v, omega


# --- exercise 1: forward kinematics ---------------------------------------------------------

def check_pose(pose_3r, values, label):
    """``pose_3r`` against the product of the DH transforms, with ``values`` substituted."""
    expected = tool_pose().subs(values)
    with case(label):
        for k, (name, markers) in enumerate((("x", LENGTHS), ("y", LENGTHS), ("phi", Q))):
            check_expression(pose_3r[k].subs(values), expected[k], name, markers=markers,
                             allowed_symbols=SYMBOLS)


@exercises.visible(1, cell="ex1_test", pose_3r=Matrix(3, 1))
def exercise_1(pose_3r):
    """Visible: only joint 1 turned, only joint 3 turned."""
    check_pose(pose_3r, {theta2: 0, theta3: 0},
               say("with theta2 = theta3 = 0 (only joint 1 turned)", "exercises"))
    check_pose(pose_3r, {theta1: 0, theta2: 0},
               say("with theta1 = theta2 = 0 (only joint 3 turned)", "exercises"))


# --- exercise 2: the modified-DH link transform -----------------------------------------------

DH_PARAMETERS = sp.symbols("alpha a theta d")


def dh_call(args):
    """``"dh(-pi/2, 0, theta, d)"``: a call of the student's dh, numbers rounded."""
    return "dh(" + ", ".join(f"{a:.6g}" if isinstance(a, float) else str(a) for a in args) + ")"


def student_dh(dh, *args):
    """``dh(*args)`` as a 4x4 sympy Matrix (a Mistake if it is not one)."""
    return Matrix(4, 4).prepare(dh(*args), dh_call(args))


def check_dh(dh, args):
    """The student's ``dh`` against the library's ``dh_transform`` for symbolic ``args``."""
    label = dh_call(args)
    check_expression(student_dh(dh, *args), dh_transform(*args), label,
                     markers=DH_PARAMETERS[1::2], allowed_symbols=DH_PARAMETERS)


@exercises.visible(2, cell="ex2_test", dh=Function(forbidden=DH_ROUTES))
def exercise_2(dh):
    """Visible: a planar link (α = 0) and a twisted one (α = −90°)."""
    alpha, a, theta, d = DH_PARAMETERS
    check_dh(dh, (0, a, theta, d))
    check_dh(dh, (-sp.pi / 2, 0, theta, d))


# --- exercise 3: inverse kinematics of the 2R arm ----------------------------------------------

def student_solutions(ik_2r, x, y, arm_l1, arm_l2):
    """``ik_2r(x, y, l1, l2)`` as two arrays ``[θ1, θ2]`` (a Mistake if it is not that)."""
    call = f"ik_2r({x}, {y}, {arm_l1}, {arm_l2})"
    result = ik_2r(x, y, arm_l1, arm_l2)
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        raise Mistake(say("{call} should return the pair (theta_pos, theta_neg); got {kind}",
                          "exercises", call=call, kind=type(result).__name__), "wrong-type")
    return [Numbers((2,)).prepare(theta, f"{name} = {call}[{k}]")
            for k, (theta, name) in enumerate(zip(result, ("theta_pos", "theta_neg"),
                                                  strict=True))]


def _tip(theta, arm_l1, arm_l2):
    return forward_kinematics(planar_2r(l1=arm_l1, l2=arm_l2), theta)[:2, 3]


def check_reaches(ik_2r, x, y, arm_l1, arm_l2):
    """Both branches put the tip at (x, y) and have the sign of sin θ2 they should."""
    branches = student_solutions(ik_2r, x, y, arm_l1, arm_l2)
    for theta, name, sign in zip(branches, ("theta_pos", "theta_neg"), (1, -1), strict=True):
        call = f"{name} = ik_2r({x}, {y}, {arm_l1}, {arm_l2})[{(1 - sign) // 2}]"
        tip = _tip(theta, arm_l1, arm_l2)
        if not np.allclose(tip, [x, y], atol=1e-6):
            if np.allclose(_tip(np.radians(theta), arm_l1, arm_l2), [x, y], atol=1e-6):
                raise Mistake(say("{call} looks like it is in degrees: give the angles in "
                                  "radians", "exercises", call=call), "degrees")
            if np.allclose(tip, [-x, -y], atol=1e-6):
                raise Mistake(say("{call} puts the tip on the opposite side of the base: "
                                  "theta1 is off by 180° — np.arctan(y / x) loses the quadrant, "
                                  "np.arctan2(y, x) keeps it", "exercises", call=call),
                              "quadrant")
        check_number(tip, [x, y], say("the tip position reached by {call}", "exercises",
                                      call=call), rtol=0, atol=1e-6, unit="m")
        if not sign * np.sin(theta[1]) > 0:
            raise Mistake(say("{call} reaches the target but is the other branch: {name} "
                              "should have sin(theta2) {relation} 0", "exercises", call=call,
                              name=name, relation=">" if sign > 0 else "<"), "wrong-branch")


def check_out_of_reach(ik_2r, x, y, arm_l1, arm_l2):
    """``ik_2r`` raises ValueError for a target the arm cannot reach."""
    call = f"ik_2r({x}, {y}, {arm_l1}, {arm_l2})"
    try:
        ik_2r(x, y, arm_l1, arm_l2)
    except Mistake as error:
        if getattr(error, "raised", None) == "ValueError":
            return
        raise Mistake(say("{call} should raise ValueError (the target is out of reach); "
                          "{error}", "exercises", call=call, error=error),
                      "wrong-exception") from None
    raise Mistake(say("{call} should raise ValueError: the target is out of reach, but it "
                      "returned a result", "exercises", call=call), "no-error")


@exercises.visible(3, cell="ex3_test", ik_2r=Function(forbidden=IK_ROUTES))
def exercise_3(ik_2r, context):
    """Visible: a test target and the student's own target (forward-kinematics round
    trip and the branch), an unreachable target."""
    arm_l1, arm_l2, target = ik_numbers(context.student)
    check_reaches(ik_2r, 0.6, 0.3, 0.5, 0.4)
    check_reaches(ik_2r, *target, arm_l1, arm_l2)
    check_out_of_reach(ik_2r, 1.0, 0.5, 0.5, 0.4)


# --- exercises 4 and 5: the Jacobian in {0} and in the tool frame ----------------------------

STRAIGHT = {theta2: 0, theta3: 0}


def check_jacobian(J, expected, name, values, label):
    """``J`` against ``expected`` with ``values`` substituted; a transposed J is named."""
    wanted = expected.subs(values)
    transposed = Known(wanted.T, say("It looks transposed: column j holds the velocity made "
                                     "by joint j alone (rows vx, vy, omega_z).", "exercises"),
                       "transposed")
    with case(label):
        check_expression(J.subs(values), wanted, name, markers=LENGTHS, allowed_symbols=SYMBOLS,
                         mistakes=[transposed])


def from_pose(context, J0_3r):
    """Feedback for a J0_3r that is the derivative of a wrong pose_3r of exercise 1."""
    return context.following(1, "pose_3r", J0_3r, "J0_3r",
                             lambda pose: sp.Matrix(pose).jacobian(Q))


def from_base_jacobian(context, answer, what, derive):
    """Feedback for an answer that follows from a wrong J0_3r of exercise 4."""
    return context.following(4, "J0_3r", answer, what, derive)


@exercises.visible(4, cell="ex4_test", J0_3r=Matrix(3, 3))
def exercise_4(J0_3r, context):
    """Visible: the straightened arm."""
    with from_pose(context, J0_3r):
        check_jacobian(J0_3r, base_jacobian(), "J0_3r", STRAIGHT,
                       say("with theta2 = theta3 = 0 (arm straightened)", "exercises"))


def turn_into_tool_frame(J0):
    """The rows [vx, vy] of a base-frame planar Jacobian turned by −φ into the tool frame."""
    phi = sum(Q)
    R_40 = sp.Matrix([[sp.cos(phi), sp.sin(phi), 0], [-sp.sin(phi), sp.cos(phi), 0], [0, 0, 1]])
    return R_40 * sp.Matrix(J0)


@exercises.visible(5, cell="ex5_test", J4_3r=Matrix(3, 3))
def exercise_5(J4_3r, context):
    """Visible: the tool-frame Jacobian does not depend on θ1; the straightened arm."""
    with from_base_jacobian(context, J4_3r, "J4_3r", turn_into_tool_frame):
        if not same(J4_3r, J4_3r.subs(theta1, 0)):
            raise Mistake(say("J4_3r changes with theta1, but turning the whole arm about Z0 "
                              "does not change the velocities seen in the tool frame {4}: check "
                              "the rotation you applied — it must be 4_R_0 = (0_R_4)ᵀ, a turn "
                              "by −(theta1 + theta2 + theta3)", "exercises"),
                          "depends-on-theta1")
        check_jacobian(J4_3r, tool_jacobian(), "J4_3r", STRAIGHT,
                       say("with theta2 = theta3 = 0 (arm straightened)", "exercises"))


# --- exercise 6: one step of outward velocity propagation ---------------------------------------

OMEGA = sp.Matrix(sp.symbols("omega_x omega_y omega_z"))
VELOCITY = sp.Matrix(sp.symbols("v_x v_y v_z"))
RATE = sp.Symbol("thetadot")
STEP_MARKERS = (*OMEGA, *VELOCITY, RATE)


def expected_step(T, omega, v, rate):
    """``(i+1_ω, i+1_v)`` by the 6x6 velocity transform, plus the joint's rate about Z."""
    twist = velocity_transform(rotation(T), translation(T)) @ sp.Matrix(v).col_join(
        sp.Matrix(omega))
    return twist[3:, :] + sp.Matrix([0, 0, rate]), twist[:3, :]


def student_step(outward_step, T, omega, v, rate):
    """``outward_step(T, omega, v, rate)`` as two 3x1 sympy Matrices."""
    result = outward_step(T, omega, v, rate)
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        raise Mistake(say("outward_step should return the pair (omega_next, v_next); got "
                          "{kind}", "exercises", kind=type(result).__name__), "wrong-type")
    return [Matrix(3, 1).prepare(value, name)
            for value, name in zip(result, ("omega_next", "v_next"), strict=True)]


def check_step(outward_step, T, label, symbols=()):
    """One step of the student's ``outward_step`` on a general ω, v against the expected."""
    allowed = (*STEP_MARKERS, *symbols)
    wanted = expected_step(T, OMEGA, VELOCITY, RATE)
    given = student_step(outward_step, T, OMEGA, VELOCITY, RATE)
    with case(say("for {label}", "exercises", label=label)):
        for answer, expected, name in zip(given, wanted, ("omega_next", "v_next"), strict=True):
            check_expression(answer, expected, name, markers=STEP_MARKERS, allowed_symbols=allowed)


@exercises.visible(6, cell="ex6_test", outward_step=Function(forbidden=STEP_ROUTES))
def exercise_6(outward_step):
    """Visible: a planar link and a twisted one, general ω and v."""
    theta, d = sp.symbols("theta d")
    check_step(outward_step, dh_transform(0, l1, theta2, 0),
               say("the planar link T = dh(0, l1, theta2, 0)", "exercises"), (l1, theta2))
    check_step(outward_step, dh_transform(-sp.pi / 2, 0, theta, d),
               say("the twisted link T = dh(-pi/2, 0, theta, d) (α = −90°)", "exercises"),
               (theta, d))


# --- exercise 7: singularities ------------------------------------------------------------------

class AngleList(Value):
    """A list of angles (radians): sympy numbers such as ``sp.pi`` or floats, any length."""

    def describe(self):
        return say("a list of angles in radians", "exercises")

    def prepare(self, value, name):
        if isinstance(value, (str, bytes, dict, sp.Basic)) or not hasattr(value, "__iter__"):
            raise Mistake(say("{name} should be a list of numbers (radians), such as "
                              "[0.5, sp.pi]; got {kind}", "exercises", name=name,
                              kind=type(value).__name__), "wrong-type")
        angles = []
        for entry in value:
            if isinstance(entry, (bool, np.bool_, str)):
                raise Mistake(say("{name} should hold numbers; got {entry}", "exercises",
                                  name=name, entry=repr(entry)), "wrong-type")
            try:
                angles.append(float(entry))
            except (TypeError, ValueError):
                raise Mistake(say("{name} should hold numbers (e.g. sp.pi), not symbols or "
                                  "expressions in symbols; got {entry}", "exercises", name=name,
                                  entry=entry), "wrong-type") from None
        return np.array(sorted(angles))


#: A numeric gripper arm on which listed angles are checked for singularity.
SINGULAR_TEST_ARM = ([0.7, 0.5, 0.3], 0.12)


def check_singular_angles(singular_theta2):
    """Every listed θ2 is in [0, 2π) and makes the arm singular (for two θ1, θ3)."""
    arm = gripper_arm(*SINGULAR_TEST_ARM)
    for value in singular_theta2:
        if not 0 <= value < 2 * np.pi:
            raise Mistake(say("singular_theta2 holds {angle}, which is not in [0, 2π): give "
                              "each singular angle once, in radians", "exercises",
                              angle=angle_text(value)), "out-of-range")
        for t1, t3 in ((0.4, -0.9), (-2.0, 1.7)):
            if not is_singular(arm, [t1, value, t3], rows=PLANAR, tol=1e-5):
                raise Mistake(say("theta2 = {angle} is not a singular configuration: the "
                                  "Jacobian has full rank there", "exercises",
                                  angle=angle_text(value)), "not-singular")


@exercises.visible(7, cell="ex7_test", det_J0_3r=Expression(), singular_theta2=AngleList())
def exercise_7(det_J0_3r, singular_theta2, context):
    """Visible: the determinant at two configurations; every listed θ2 is singular."""
    with from_base_jacobian(context, det_J0_3r, "det_J0_3r", lambda J0: sp.Matrix(J0).det()):
        for values, label in (({theta1: 0, theta2: 0, theta3: 0}, "theta = (0°, 0°, 0°)"),
                              ({theta2: sp.pi / 2}, "theta2 = pi/2 (90°)")):
            check_expression(det_J0_3r.subs(values), jacobian_det().subs(values),
                             say("det_J0_3r at {label}", "exercises", label=label),
                             markers=LENGTHS, allowed_symbols=SYMBOLS)
    check_singular_angles(singular_theta2)


# --- exercise 8: joint rates for your numbers ----------------------------------------------------

def rates_from_jacobian(J0, student):
    """The joint rates that a base-frame Jacobian ``J0`` (in the exercise's symbols) gives
    for a student's numbers — for feedback on a ``qdot`` that follows from a wrong
    ``J0_3r`` (switched off in the student's answer cells: see ``RATE_ROUTES``)."""
    lengths, theta_deg, offset, v, omega = rates_numbers(student)
    values = dict(zip(SYMBOLS, (*np.radians(theta_deg), *lengths, offset), strict=True))
    return np.linalg.solve(numbers_at(J0, values, "J0_3r"), [*v, omega])


def from_rates_jacobian(context, qdot):
    """Feedback for a qdot that the wrong J0_3r of exercise 4 gives."""
    return from_base_jacobian(context, qdot, "qdot",
                              lambda J0: rates_from_jacobian(J0, context.student))


@exercises.visible(8, cell="ex8_test", qdot=Numbers((3,), "rad/s"))
def exercise_8(qdot, context):
    """Visible: the turning rate of the tool, θ̇1 + θ̇2 + θ̇3 = ωz (row ωz of J0_3r is
    [1, 1, 1] whatever the lengths and the angles), in rad/s."""
    omega = rates_numbers(context.student)[4]
    per_second = Known(np.degrees(omega), say("It matches your rates in degrees per second: "
                                              "give rad/s.", "exercises"), "degrees-per-second")
    with from_rates_jacobian(context, qdot):
        check_number(qdot.sum(), omega, say("the tool's turning rate theta1_dot + theta2_dot "
                                            "+ theta3_dot (row omega_z of J0_3r)", "exercises"),
                     rtol=1e-6, atol=1e-9, unit="rad/s", mistakes=[per_second])
