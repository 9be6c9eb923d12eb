"""Chapter 3 exercises — Newton–Euler dynamics: the answers, the per-student numbers, the
visible tests.

The exercises go from the step to the whole: one outward and one inward step of the
recursion as functions (exercises 1, 2); intermediates of the recursion of the distributed
2R arm (3, 4); the whole recursion by hand for a new arm, the P-R arm (5); the torques your
own arm needs for a payload (6); the mass matrix column by column and forward dynamics
(7, 8); a classmate's derivation to correct (9, 10).

The expected answers come from the library's Newton–Euler trace (``newton_euler``) and,
for the mass matrix, from Lagrange's form (``lagrange.mass_matrix``); those that do not
depend on the student are cached. The hidden tests (``solutions/ch3_newton_euler/grader.py``)
check the whole answers on other cases.
"""

import contextlib
import functools
import math

import numpy as np
import sympy as sp

from robocourse import lagrange, language
from robocourse.frames import rot_z, rotation, transform, translation
from robocourse.grading import ExerciseSet, check_call, check_expression, check_number, student_rng
from robocourse.grading.checks import Known, Mistake, case, joined, same, settled
from robocourse.grading.exercises import Choice, Function, Matrix, Numbers, Robot
from robocourse.language import say
from robocourse.models import planar_2r, planar_2r_distributed, rp_arm
from robocourse.newton_euler import gravity_load, inverse_dynamics, newton_euler
from robocourse.robot import Link, SerialChain, joint_symbols

#: What the test cells (``checks.exercise_<n>(…)``) and the hidden tests
#: (``solutions/ch3_newton_euler/grader.py``) use of this module: its interface
#: (tests/test_exercise_interfaces.py keeps it exact).
__all__ = [
    "exercises",
    "exercise_1", "exercise_2", "exercise_3", "exercise_4", "exercise_5", "exercise_6",
    "exercise_7", "exercise_8", "exercise_9", "exercise_10",
    "DISTRIBUTED_SYMBOLS", "DYNAMICS_ROUTES", "FORWARD_ROUTES", "INWARD_NAMES", "LINES",
    "OUTWARD_NAMES", "PR_SYMBOLS", "RP_SYMBOLS", "Robot", "STEPS", "bearing_slips",
    "call_step", "check_inward_step", "check_mass_matrix", "check_outward_step",
    "classmate_derivation", "com_slips", "ddot2", "floats", "from_mass_matrix", "from_vdot_C2",
    "inward_arguments", "payload_numbers", "pr_slips", "release_arm", "release_numbers",
    "symbolic_trace", "thetadot1",
]

exercises = ExerciseSet("ch3_newton_euler")

theta1, theta2, d1, d2 = sp.symbols("theta1 theta2 d1 d2")
thetadot1, thetadot2, ddot1, ddot2 = sp.symbols("thetadot1 thetadot2 ddot1 ddot2")
thetaddot1, thetaddot2, dddot1, dddot2 = sp.symbols("thetaddot1 thetaddot2 dddot1 dddot2")
l1, l2, m1, m2, r1, r2, I1, I2, g = sp.symbols("l1 l2 m1 m2 r1 r2 I1 I2 g")
Izz1, Izz2 = sp.symbols("Izz1 Izz2")

# --- the concepts an exercise switches off (``grading.concepts``) ---------------------------

#: Exercise 1: what would do the outward step.
OUTWARD_STEP_ROUTES = ("the Newton–Euler recursion",)
#: Exercise 2: what would do the inward step.
INWARD_STEP_ROUTES = ("the Newton–Euler recursion", "the force transform", "statics")
#: Switched off when a dynamics answer is recomputed "by hand" (exercises 3-6, 10). What is
#: built on it refuses too: ``simulate.forward_dynamics``, ``control.computed_torque``
#: (``tests/test_exercises_ch3.py``).
DYNAMICS_ROUTES = ("the equations of motion",)
#: Exercise 7: the mass matrix from the library (``inverse_dynamics`` stays on).
MASS_MATRIX_ROUTES = ("the mass matrix",)
#: Exercise 8: forward dynamics, and M, c, G other than from inverse dynamics
#: (``inverse_dynamics`` stays on).
FORWARD_ROUTES = ("forward dynamics", "the mass matrix", "the velocity product",
                  "the gravity load")


# --- the arms of the exercises ----------------------------------------------------------

def pr_arm(m1=None, m2=None, r2=None, I2=None, l2=None, g=None):
    """Exercise 5's P-R arm: a vertical slider (joint 1, along Y0) carrying a swinging link
    (joint 2, about Z0); every parameter left as None becomes its symbol.

    DH: link 1 ``(−90°, 0, d1, 0)`` prismatic, link 2 ``(+90°, 0, 0, θ2)`` revolute; the
    carriage's centre of mass at the origin of {1}, the rod's at ``r2`` along X2 with
    ``C2_I2 = diag(0, I2, I2)``; tool frame ``l2`` along X2; gravity along −Y0.

    >>> pr_arm().joint_types
    ('prismatic', 'revolute')
    >>> pr_arm(m1=3.0, m2=1.2, r2=0.3, I2=0.04, l2=0.6, g=9.81).links[1].mass
    1.2
    """
    given = {"m1": m1, "m2": m2, "r2": r2, "I2": I2, "l2": l2, "g": g}
    symbolic = any(value is None for value in given.values())
    v = {k: sp.Symbol(k) if value is None else value for k, value in given.items()}
    zero, rod = (sp.zeros(3), sp.diag(0, v["I2"], v["I2"])) if symbolic else \
        (np.zeros((3, 3)), np.diag([0.0, v["I2"], v["I2"]]))
    carriage = Link(alpha=-math.pi / 2, joint="P", mass=v["m1"], r_c=[0, 0, 0], I_c=zero)
    swing = Link(alpha=math.pi / 2, joint="R", mass=v["m2"], r_c=[v["r2"], 0, 0], I_c=rod)
    tool = transform(sp.eye(3) if symbolic else np.eye(3), [v["l2"], 0, 0])
    return SerialChain([carriage, swing], tool=tool, gravity=[0, -v["g"], 0], name="P-R arm")


def shoulder():
    """Two revolute joints whose axes are at right angles (``α1 = −90°``), gravity along −Z0."""
    a1, length, mass1, mass2, gravity = sp.symbols("a1 l2 m1 m2 g")
    return SerialChain([Link(joint="R", mass=mass1, r_c=[0, 0, 0], I_c=sp.zeros(3)),
                        Link(alpha=-math.pi / 2, a=a1, joint="R", mass=mass2,
                             r_c=[length, 0, 0], I_c=sp.zeros(3))],
                       gravity=[0, 0, -gravity], name="shoulder")


SYMBOLIC_ARMS = {"2R arm": planar_2r, "R-P arm": rp_arm, "shoulder": shoulder,
                 "P-R arm": pr_arm, "distributed 2R arm": planar_2r_distributed}


@functools.lru_cache(maxsize=None)
def symbolic_trace(name):
    """``(robot, joint symbols, newton_euler result)`` of one of the symbolic arms above.

    >>> robot, (q, qd, qdd), result = symbolic_trace("2R arm")
    >>> result.link(1).omega.T
    Matrix([[0, 0, thetadot1]])
    """
    if name not in SYMBOLIC_ARMS:
        raise ValueError(f"name must be one of {', '.join(SYMBOLIC_ARMS)}; got {name!r}")
    robot = SYMBOLIC_ARMS[name]()
    q, qd, qdd = joint_symbols(robot)
    return robot, (q, qd, qdd), newton_euler(robot, q, qd, qdd)


# --- checking a step of the recursion ----------------------------------------------------

def _vector(value, label):
    """A 3-vector returned by a student's function, as a 3×1 sympy Matrix."""
    if isinstance(value, sp.MatrixBase):
        if value.shape not in ((3, 1), (1, 3)):
            raise Mistake(say("{label} should be a 3×1 Matrix; got a {rows}×{cols} one",
                              "exercises", label=label, rows=value.rows, cols=value.cols),
                          "wrong-shape")
        return sp.Matrix(list(value))
    if isinstance(value, (list, tuple, np.ndarray)):
        flat = list(np.ravel(np.asarray(value, dtype=object)))
        if len(flat) == 3:
            try:
                return sp.Matrix([sp.sympify(x) for x in flat])
            except (sp.SympifyError, TypeError):
                pass
    raise Mistake(say("{label} should be a 3×1 sympy Matrix; got {kind}", "exercises",
                      label=label, kind=type(value).__name__), "wrong-type")


def exact(values):
    """A library vector or matrix (numpy or sympy) as an exact sympy Matrix."""
    return sp.Matrix(values).applyfunc(lambda x: sp.nsimplify(x) if x.is_Float else x)


def floats(matrix, label):
    """A student's numeric 3-vector as floats (it must not contain symbols; one it does not
    depend on is given a value: ``settled``)."""
    matrix = settled(matrix, (), label)
    if matrix.free_symbols:
        names = ", ".join(sorted(map(str, matrix.free_symbols)))
        raise Mistake(say("{label} contains symbols ({names}) although every argument was a "
                          "number", "exercises", label=label, names=names),
                      "symbols-in-numbers")
    return np.array([complex(sp.N(x)).real for x in matrix])


def call_step(step, names, label, args):
    """Call the student's ``step`` (outward or inward); its results as 3×1 Matrices."""
    function = step.__name__
    result = check_call(step, *args, name=function)
    if not isinstance(result, (tuple, list)) or len(result) != len(names):
        raise Mistake(say("{function} should return the tuple ({names}); got {kind}",
                          "exercises", function=function, names=", ".join(names),
                          kind=type(result).__name__), "wrong-type")
    return [_vector(value, say("{name} ({label})", "exercises", name=name, label=label))
            for value, name in zip(result, names, strict=True)]


def _transposed(step, names, label, args, expected, why):
    """The named mistake when the step is right once it is handed R transposed, else None."""
    try:
        again = call_step(step, names, label, [args[0].T, *args[1:]])
    except Mistake:
        return None
    if all(same(a, e) for a, e in zip(again, expected, strict=True)):
        return Mistake(say("Your step gives the right result when it is handed R transposed: "
                           "{why}", "exercises", why=why), "R-transposed")
    return None


def check_symbolic_step(step, names, label, args, expected, slips, why, allowed):
    """The student's step on symbolic ``args`` against the library's ``expected``
    vectors; ``slips``: {name: [Known]} of that step."""
    answer = call_step(step, names, label, args)
    for value, wanted, name in zip(answer, expected, names, strict=True):
        try:
            check_expression(value, wanted, say("{name} ({label})", "exercises", name=name,
                                                label=label),
                             allowed_symbols=allowed, mistakes=slips.get(name, ()))
        except Mistake as mistake:
            hint = _transposed(step, names, label, args, expected, why)
            if hint is None:
                raise
            raise Mistake(joined(mistake, hint), hint.code) from None


# --- exercise 1: one outward step ---------------------------------------------------------

OUTWARD_NAMES = ("omega", "omega_dot", "vdot", "vdot_c")


def outward_arguments(robot, q, qd, qdd, i, result, convert):
    """The arguments of the step from link i to link i+1 (i = 0: from the base), with the
    motion of link i from the Newton–Euler ``result``."""
    link = robot.links[i]
    T = link.transform(q[i])
    if i == 0:
        state = (sp.zeros(3, 1), sp.zeros(3, 1), -convert(robot.gravity))
    else:
        state = tuple(convert(getattr(result.link(i), n)) for n in ("omega", "omega_dot", "vdot"))
    return (convert(rotation(T)), convert(translation(T)), convert(link.r_c), *state,
            sp.sympify(qd[i]), sp.sympify(qdd[i]), "R" if link.is_revolute else "P")


def _outward_slips(args, expected):
    """Known slips of a prismatic step: the Coriolis term with link i's ω, or only once."""
    _, _, _, omega, *_, qd, _, joint = args
    if joint != "P":
        return {}
    axis = sp.Matrix([0, 0, qd])
    coriolis = 2 * expected[0].cross(axis)
    return {"vdot": [Known(expected[2] - coriolis + 2 * omega.cross(axis),
                           say("It matches the Coriolis term 2 ω × ḋ Ẑ taken with link i's ω_i, "
                               "written in {i}: it needs the angular velocity of link i+1 in "
                               "{i+1}, R ω_i (R = i+1_R_i).", "exercises"), "coriolis-frame"),
                     Known(expected[2] - coriolis / 2,
                           say("It matches the Coriolis term taken once: it is 2 ω × ḋ Ẑ.",
                               "exercises"), "coriolis-half")]}


def check_outward_step(outward_step, label, name, i):
    """Step i -> i+1 of the symbolic arm ``name`` against the library's trace of link i+1."""
    robot, (q, qd, qdd), result = symbolic_trace(name)
    args = outward_arguments(robot, q, qd, qdd, i, result, exact)
    expected = [getattr(result.link(i + 1), n) for n in OUTWARD_NAMES]
    check_symbolic_step(outward_step, OUTWARD_NAMES, label, args, expected,
                        _outward_slips(args, expected),
                        say("R is i_R_i+1, the outward equations need i+1_R_i = Rᵀ.",
                            "exercises"), {*q, *qd, *qdd})


@exercises.visible(1, cell="ex1_outward_step_test",
                   outward_step=Function(forbidden=OUTWARD_STEP_ROUTES))
def exercise_1(outward_step):
    """Visible: link 1 -> 2 of the 2R arm, of the R-P arm (prismatic) and of a shoulder
    whose second axis is at right angles to the first."""
    check_outward_step(outward_step, say("2R arm, link 1 -> 2", "exercises"), "2R arm", 1)
    check_outward_step(outward_step, say("R-P arm, link 1 -> 2 (prismatic)", "exercises"),
                       "R-P arm", 1)
    check_outward_step(outward_step, say("shoulder, link 1 -> 2 (axes at right angles)",
                                         "exercises"), "shoulder", 1)


# --- exercise 2: one inward step ----------------------------------------------------------

INWARD_NAMES = ("f", "n")


def inward_arguments(robot, q, i, result, f_tip, n_tip, convert):
    """The arguments that balance link i (from 1), from the Newton–Euler ``result``;
    ``f_tip, n_tip``: the load at the tool, in the tool frame."""
    T = robot.links[i].transform(q[i]) if i < robot.n else robot.tool
    f_next, n_next = (result.link(i + 1).f, result.link(i + 1).n) if i < robot.n else \
        (f_tip, n_tip)
    link, motion = robot.links[i - 1], result.link(i)
    return (convert(rotation(T)), convert(translation(T)), convert(link.r_c), convert(f_next),
            convert(n_next), convert(motion.F), convert(motion.N))


def _inward_slips(args, expected):
    """Known slips of the balance of link i: one term missing or turned round."""
    R, P, P_c, f_next, n_next, F, N = args
    f, n = expected
    pushed = R * f_next
    return {"f": [Known(f - F, say("It matches the balance without link i's own inertial "
                                   "force F.", "exercises"), "own-force-missing")],
            "n": [Known(n - P_c.cross(F),
                        say("It matches the balance without the moment of link i's own "
                            "inertial force about the origin of {i}, P_c × F.", "exercises"),
                        "own-force-moment-missing"),
                  Known(n - 2 * P_c.cross(F),
                        say("It matches P_c × F with the wrong sign (the moment arm comes "
                            "first).", "exercises"), "own-force-moment-sign"),
                  Known(n - P.cross(pushed),
                        say("It matches the balance without the moment of link i+1's push "
                            "about the origin of {i}, P × (R f_next).", "exercises"),
                        "push-moment-missing"),
                  Known(n - 2 * P.cross(pushed),
                        say("It matches P × (R f_next) with the wrong sign (the moment arm "
                            "comes first).", "exercises"), "push-moment-sign"),
                  Known(n - R * n_next,
                        say("It matches the balance without link i+1's moment R n_next.",
                            "exercises"), "next-moment-missing"),
                  Known(n - N,
                        say("It matches the balance without link i's own inertial moment N.",
                            "exercises"), "own-moment-missing")]}


def check_inward_step(inward_step, label, name, i):
    """The balance of link i of the symbolic arm ``name`` (no tool load) against the trace."""
    robot, (q, qd, qdd), result = symbolic_trace(name)
    args = inward_arguments(robot, q, i, result, sp.zeros(3, 1), sp.zeros(3, 1), exact)
    expected = [result.link(i).f, result.link(i).n]
    check_symbolic_step(inward_step, INWARD_NAMES, label, args, expected,
                        _inward_slips(args, expected),
                        say("R is i_R_i+1, which brings link i+1's force into {i} as it is.",
                            "exercises"), {*q, *qd, *qdd})


@exercises.visible(2, cell="ex2_inward_step_test",
                   inward_step=Function(forbidden=INWARD_STEP_ROUTES))
def exercise_2(inward_step):
    """Visible: links 2 and 1 of the 2R arm."""
    check_inward_step(inward_step, say("2R arm, link 2", "exercises"), "2R arm", 2)
    check_inward_step(inward_step, say("2R arm, link 1", "exercises"), "2R arm", 1)


# --- feedback that stems from elsewhere ------------------------------------------------------

# --- exercises 3-5: intermediates of the recursion, then all of it ----------------------------

DISTRIBUTED_SYMBOLS = (theta1, theta2, thetadot1, thetadot2, thetaddot1, thetaddot2,
                       l1, l2, m1, m2, r1, r2, I1, I2, g)
PR_SYMBOLS = (d1, theta2, ddot1, thetadot2, dddot1, thetaddot2, m1, m2, r2, I2, g)


def special_cases(name):
    """The visible cases of an arm's answers: at rest, and started from rest without gravity."""
    _, (_, qd, qdd), _ = symbolic_trace(name)
    return ((say("at rest (all rates and accelerations 0)", "exercises"),
             {s: 0 for s in [*qd, *qdd]}),
            (say("started from rest with g = 0", "exercises"), {**{s: 0 for s in qd}, g: 0}))


def check_special_cases(answer, expected, name, cases, allowed, slips):
    """The answer in each of the ``cases``; when one fails, the known slip (``Known``) that
    the whole answer is, if any."""
    try:
        for label, values in cases:
            with case(label):
                check_expression(answer.subs(values), expected.subs(values), name,
                                 allowed_symbols=allowed)
    except Mistake as mistake:
        for slip in slips:
            if same(answer, slip.value):
                raise Mistake(joined(mistake, slip.message), slip.code) from None
        raise


@language.cached
def com_slips():
    """Exercise 3's known slips: the origin's acceleration, or the vector in {1} or {0}
    (one cache per language: language.cached)."""
    _, (q, _, _), result = symbolic_trace("distributed 2R arm")
    expected = result.link(2).vdot_c
    return (Known(result.link(2).vdot,
                  say("It matches the acceleration of the origin of {2}: the centre of mass is "
                      "r2 along X2 (2v̇C2 = 2ω̇2 × 2PC2 + 2ω2 × (2ω2 × 2PC2) + 2v̇2).",
                      "exercises"), "origin-not-com"),
            Known(rot_z(q[1]) * expected,
                  say("It matches the right vector written in {1}: give it in {2}.",
                      "exercises"), "frame-1"),
            Known(rot_z(q[0] + q[1]) * expected,
                  say("It matches the right vector written in {0}: give it in {2}.",
                      "exercises"), "frame-0"))


@exercises.visible(3, cell="ex3_vdot_C2_test", vdot_C2=Matrix(3, 1))
def exercise_3(vdot_C2):
    """Visible: at rest (gravity's part alone) and started from rest without gravity."""
    _, _, result = symbolic_trace("distributed 2R arm")
    check_special_cases(vdot_C2, result.link(2).vdot_c, "vdot_C2",
                        special_cases("distributed 2R arm"), DISTRIBUTED_SYMBOLS, com_slips())


@language.cached
def bearing_slips():
    """Exercise 4's known slips: link 2's push not rotated, or rotated the wrong way, or
    missing; link 1's own inertial force missing (one cache per language: language.cached)."""
    _, (q, _, _), result = symbolic_trace("distributed 2R arm")
    R12 = rot_z(q[1])
    f2, F1 = result.link(2).f, result.link(1).F
    return (Known(f2 + F1, say("It looks like 2f2 was added without being rotated into {1} by "
                               "1R2.", "exercises"), "f2-not-rotated"),
            Known(R12.T * f2 + F1, say("It looks like 2f2 was rotated with 2R1; 1R2 brings a "
                                       "vector from {2} into {1}.", "exercises"),
                  "f2-wrong-rotation"),
            Known(R12 * f2, say("Link 1's own inertial force 1F1 is missing.", "exercises"),
                  "own-force-missing"),
            Known(F1, say("Link 2's push on link 1, 1R2 2f2, is missing.", "exercises"),
                  "push-missing"))


@contextlib.contextmanager
def from_vdot_C2(context, f_1):
    """Feedback for an f_1 that follows, by 1f1 = 1R2 m2 2v̇C2 + 1F1, from a wrong vdot_C2 of
    exercise 3 (and a note for any other f_1 when exercise 3 did not pass)."""
    _, (q, _, _), result = symbolic_trace("distributed 2R arm")
    with context.following(3, "vdot_C2", f_1, "f_1",
                           lambda vdot: rot_z(q[1]) * (m2 * sp.Matrix(vdot)) + result.link(1).F):
        yield


@exercises.visible(4, cell="ex4_f_1_test", f_1=Matrix(3, 1))
def exercise_4(f_1, context):
    """Visible: at rest (the weight of the arm) and started from rest without gravity."""
    _, _, result = symbolic_trace("distributed 2R arm")
    with from_vdot_C2(context, f_1):
        check_special_cases(f_1, result.link(1).f, "f_1", special_cases("distributed 2R arm"),
                            DISTRIBUTED_SYMBOLS, bearing_slips())


@language.cached
def pr_slips():
    """Exercise 5's known slips: the slider lifting the carriage alone; the arm's moment
    without the moment of its inertial force (one cache per language: language.cached)."""
    _, _, result = symbolic_trace("P-R arm")
    tau = result.tau
    return (Known(sp.Matrix([m1 * (dddot1 + g), tau[1]]),
                  say("It matches the force that lifts and accelerates the carriage alone: the "
                      "slider carries the arm too (1f1 = 1R2 2f2 + 1F1).", "exercises"),
                  "slider-alone"),
            Known(sp.Matrix([tau[0], I2 * thetaddot2]),
                  say("It matches 2n2 = 2N2 alone: the moment of the arm's inertial force about "
                      "the joint axis, 2PC2 × 2F2, is missing.", "exercises"),
                  "com-moment-missing"))


#: The answers the whole recursion of exercises 5 and 6 may be built from.
STEPS = ((1, "outward_step"), (2, "inward_step"))


@exercises.visible(5, cell="ex5_tau_pr_test", tau_pr=Matrix(2, 1))
def exercise_5(tau_pr, context):
    """Visible: held still (the gravity load G(q)) and started from rest without gravity
    (M(q) q̈)."""
    _, _, result = symbolic_trace("P-R arm")
    with context.builds_on(*STEPS):
        check_special_cases(tau_pr, result.tau, "tau_pr", special_cases("P-R arm"),
                            PR_SYMBOLS, pr_slips())


# --- exercise 6: your arm swings a payload -------------------------------------------------

def payload_numbers(student):
    """Exercise 6: an arm, a payload and a state of motion of one student: lengths (m),
    masses (kg), the payload (kg), angles (degrees), rates (rad/s), accelerations (rad/s²)."""
    rng = student_rng(student).spawn(2)[0]
    lengths = np.round(rng.uniform([0.35, 0.25], [0.80, 0.60]), 2)
    masses = np.round(rng.uniform([1.0, 0.5], [4.0, 2.5]), 2)
    payload_kg = round(float(rng.uniform(0.3, 2.0)), 2)
    theta_deg = np.array([int(rng.integers(-60, 61)), int(rng.integers(20, 141))])
    theta_dot = np.round(rng.uniform(-2.0, 2.0, 2), 2) + 0.0                # no -0.0
    theta_ddot = np.round(rng.uniform(-4.0, 4.0, 2), 2) + 0.0
    return lengths, masses, payload_kg, theta_deg, theta_dot, theta_ddot


def point_mass_power(lengths, masses, q, qd, qdd, g=9.81):
    """The rate of change of the energy of the point masses at the elbow and the tip of a
    2R arm, ``dE/dt = Σ m_i v_i · (a_i + g Ŷ0)`` (W).

    Its joint torques deliver exactly this power, ``τᵀ q̇ = dE/dt``: with one mass of 1 kg
    at the tip, turning joint 1 at 1 rad/s with no acceleration and no gravity takes none.

    >>> point_mass_power([1.0, 1.0], [0.0, 1.0], [0.0, 0.0], [1.0, 0.0], [0.0, 0.0], g=0)
    0.0
    """
    power, v, a = 0.0, np.zeros(2), np.zeros(2)
    angle = rate = acceleration = 0.0
    for length, mass, q_i, qd_i, qdd_i in zip(lengths, masses, q, qd, qdd, strict=True):
        angle, rate, acceleration = angle + q_i, rate + qd_i, acceleration + qdd_i
        along = np.array([np.cos(angle), np.sin(angle)])
        normal = np.array([-along[1], along[0]])
        v = v + length * rate * normal
        a = a + length * (acceleration * normal - rate ** 2 * along)
        power += mass * v @ (a + np.array([0.0, g]))
    return float(power)


@exercises.visible(6, cell="ex6_tau_payload_test", tau_payload=Numbers((2,), "N·m"))
def exercise_6(tau_payload, context):
    """Visible: the power the torques deliver is the rate of change of the energy of the
    arm with its payload (τᵀ θ̇ = dE/dt)."""
    lengths, masses, kg, deg, rate, acc = payload_numbers(context.student)
    power = point_mass_power(lengths, [masses[0], masses[1] + kg], np.radians(deg), rate, acc)
    with context.builds_on(*STEPS):
        check_power(tau_payload @ rate, power)


def check_power(delivered, power):
    """The torques' power ``delivered`` (W) is the energy rate ``power`` (±0.1 %)."""
    if abs(delivered - power) > 1e-3 * max(1.0, abs(power)):
        raise Mistake(say("the power your torques deliver, τᵀ θ̇, is not the rate at which "
                          "the energy of the arm and its payload grows (dE/dt, which they must "
                          "supply): check the payload, gravity, the rates and the units "
                          "(degrees → radians)", "exercises"), "power")


# --- exercise 7: the mass matrix, column by column -------------------------------------------

def check_mass_matrix(mass_matrix_by_columns, robot, q):
    """The student's M(q) of ``robot`` (a :class:`Robot`) against Lagrange's."""
    expected = lagrange_mass_matrix(robot, tuple(q))
    result = mass_matrix_by_columns(robot, list(q))
    try:
        M = np.asarray(result, dtype=float)
    except (TypeError, ValueError):
        raise Mistake(say("mass_matrix_by_columns should return an n×n numpy array; got "
                          "{kind}", "exercises", kind=type(result).__name__),
                      "wrong-type") from None
    if M.shape != expected.shape:
        raise Mistake(say("mass_matrix_by_columns ({robot}) has the wrong shape: {shape}, "
                          "expected {expected}", "exercises", robot=robot.label, shape=M.shape,
                          expected=expected.shape), "wrong-shape")
    with_gravity = expected + np.outer(gravity_torques(robot, tuple(q)), np.ones(len(q)))
    if np.allclose(M, with_gravity, atol=1e-9) and not np.allclose(M, expected, atol=1e-9):
        raise Mistake(say("mass_matrix_by_columns ({robot}): every column holds the gravity "
                          "torques G(q) too: switch gravity off for the unit accelerations",
                          "exercises", robot=robot.label), "gravity-in-columns")
    wrong = [j + 1 for j in range(len(q)) if not np.allclose(M[:, j], expected[:, j],
                                                             atol=1e-9)]
    if wrong:
        raise Mistake(say("mass_matrix_by_columns ({robot}): column(s) {wrong} are not right",
                          "exercises", robot=robot.label, wrong=wrong), "wrong-columns")


@functools.lru_cache(maxsize=None)
def lagrange_mass_matrix(robot, q):
    """Lagrange's ``M = Σ (m_i J_viᵀ J_vi + J_ωiᵀ I_i J_ωi)`` of a :class:`Robot` at ``q``."""
    return np.asarray(lagrange.mass_matrix(robot.build(), list(q)), dtype=float)


@functools.lru_cache(maxsize=None)
def gravity_torques(robot, q):
    """``G(q)`` of a :class:`Robot`."""
    return np.asarray(gravity_load(robot.build(), list(q)), dtype=float)


def numeric_2r():
    """The chapter's numeric 2R arm (named in the language in use)."""
    return Robot(say("2R arm, theta = (30°, 60°)", "exercises"), "robocourse.models:planar_2r",
                 (("l1", 0.5), ("l2", 0.5), ("m1", 2.0), ("m2", 1.0), ("g", 9.81)))


@exercises.visible(7, cell="ex7_mass_matrix_by_columns_test",
                   mass_matrix_by_columns=Function(forbidden=MASS_MATRIX_ROUTES, takes_robot=True))
def exercise_7(mass_matrix_by_columns):
    """Visible: the chapter's numeric 2R arm at θ = (30°, 60°)."""
    check_mass_matrix(mass_matrix_by_columns, numeric_2r(), tuple(np.radians([30.0, 60.0])))


# --- exercise 8: forward dynamics ------------------------------------------------------------

def release_numbers(student):
    """Exercise 8: a distributed 2R arm of one student — lengths, masses, centres of mass,
    inertias — its angles (degrees), rates (rad/s) and motor torques (N·m)."""
    rng = student_rng(student).spawn(2)[1]
    lengths = np.round(rng.uniform([0.40, 0.30], [0.80, 0.60]), 2)
    masses = np.round(rng.uniform([2.0, 1.0], [5.0, 3.0]), 2)
    com = np.round(lengths * rng.uniform(0.4, 0.6, 2), 3)
    inertia = np.round(masses * lengths**2 / 12, 4)
    theta_deg = np.array([int(rng.integers(-80, 81)), int(rng.integers(-150, 151))])
    theta_dot = np.round(rng.uniform(-2.5, 2.5, 2), 2) + 0.0                 # no -0.0
    tau = np.round(rng.uniform([-20.0, -8.0], [20.0, 8.0]), 1) + 0.0
    return lengths, masses, com, inertia, theta_deg, theta_dot, tau


def release_robot(student):
    """Exercise 8's arm with the student's numbers, as a :class:`Robot`."""
    lengths, masses, com, inertia, *_ = release_numbers(student)
    values = zip(("l1", "l2", "m1", "m2", "r1", "r2", "I1", "I2"),
                 (*lengths, *masses, *com, *inertia), strict=True)
    return Robot(say("your arm", "exercises"), "robocourse.models:planar_2r_distributed",
                 (*((k, float(v)) for k, v in values), ("g", 9.81)))


def release_arm(student):
    """Exercise 8's arm with the student's numbers, and its state ``(q, q̇, τ)``."""
    *_, deg, rate, tau = release_numbers(student)
    return release_robot(student).build(), np.radians(deg), rate, tau


@contextlib.contextmanager
def from_mass_matrix(context, qdd_now):
    """Feedback for a qdd_now that follows from a wrong mass_matrix_by_columns of exercise 7
    (and a note for any other qdd_now when exercise 7 did not pass)."""
    arm, q, rate, tau = release_arm(context.student)

    def accelerations(mass_matrix_by_columns):
        M = np.asarray(mass_matrix_by_columns(release_robot(context.student), list(q)), float)
        return np.linalg.solve(M, tau - inverse_dynamics(arm, q, rate, np.zeros(2)))

    with context.following(7, "mass_matrix_by_columns", qdd_now, "qdd_now", accelerations):
        yield


@exercises.visible(8, cell="ex8_qdd_now_test", qdd_now=Numbers((2,), "rad/s²"))
def exercise_8(qdd_now, context):
    """Visible: the round trip — inverse dynamics at your accelerations gives back the
    applied torques."""
    arm, q, rate, tau = release_arm(context.student)
    with from_mass_matrix(context, qdd_now):
        check_number(inverse_dynamics(arm, q, rate, qdd_now), tau,
                     say("the torques inverse dynamics needs for your qdd_now (they should be "
                         "tau)", "exercises"), rtol=1e-3, atol=1e-3, unit="N·m")


# --- exercises 9-10: spot the error in a classmate's derivation -----------------------------

LINES = "ABCDEFGHI"


@functools.lru_cache(maxsize=None)
def classmate_derivation():
    """The classmate's Newton–Euler derivation of the R-P arm: ``({line: [vectors]},
    classmate_tau)`` with ``classmate_tau = [τ1; f2]``, as in the exercise's lines A–I."""
    s1, c1 = sp.sin(theta1), sp.cos(theta1)
    vC1 = sp.Matrix([-l1 * thetaddot1 - g * c1, -l1 * thetadot1**2 + g * s1, 0])
    v2 = sp.Matrix([-d2 * thetaddot1 - g * c1, 0, dddot2 - d2 * thetadot1**2 + g * s1])
    N2 = sp.Matrix([0, -Izz2 * thetaddot1, 0])
    lines = {
        "A": [sp.Matrix([0, 0, thetadot1]), sp.Matrix([0, 0, thetaddot1])],
        "B": [sp.Matrix([-g * c1, g * s1, 0])],
        "C": [vC1],
        "D": [m1 * vC1, sp.Matrix([0, 0, Izz1 * thetaddot1])],
        "E": [sp.Matrix([0, -thetadot1, 0]), sp.Matrix([0, -thetaddot1, 0])],
        "F": [v2],
        "G": [v2, m2 * v2, N2],
        "H": [m2 * v2, N2],
        "I": [sp.Matrix([-(m1 * l1 + m2 * d2) * thetaddot1 - (m1 + m2) * g * c1,
                         m2 * dddot2 - (m1 * l1 + m2 * d2) * thetadot1**2 + (m1 + m2) * g * s1,
                         0]),
              sp.Matrix([0, 0, (m1 * l1**2 + Izz1 + Izz2 + m2 * d2**2) * thetaddot1
                         + (m1 * l1 + m2 * d2) * g * c1])],
    }
    return lines, sp.Matrix([lines["I"][1][2], lines["H"][0][2]])


@exercises.visible(9, cell="ex9_wrong_line_test", wrong_line=Choice(tuple(LINES), ignore_case=True))
def exercise_9(wrong_line):
    """Visible: a letter from A to I (the kind of answer checks it)."""


RP_SYMBOLS = (theta1, d2, thetadot1, ddot2, thetaddot1, dddot2, l1, m1, m2, g,
              *sp.symbols("Ixx1 Iyy1 Izz1 Ixx2 Iyy2 Izz2"))


def _equal_as_read(answer, expected, name):
    """Whether ``answer`` equals ``expected`` as the checks read it; raises if it uses
    symbols that do not belong."""
    try:
        check_expression(answer, expected, name, allowed_symbols=RP_SYMBOLS)
    except Mistake as mistake:
        if mistake.code == "foreign-symbols":
            raise
        return False
    return True


@exercises.visible(10, cell="ex10_corrected_line_test", corrected_line=Matrix(3, 1))
def exercise_10(corrected_line):
    """Visible: the symbols, and that it is not one of the classmate's own results."""
    for k, entry in enumerate(corrected_line):          # against 0: names a foreign symbol
        _equal_as_read(entry, 0, f"corrected_line[{k}]")
    lines, _ = classmate_derivation()
    for line, vectors in lines.items():
        if any(_equal_as_read(corrected_line, vector, "corrected_line") for vector in vectors):
            raise Mistake(say("corrected_line is the classmate's own result of line {line}, "
                              "unchanged: give the corrected vector", "exercises", line=line),
                          "unchanged")
