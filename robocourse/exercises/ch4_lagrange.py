"""Chapter 4 exercises — Lagrangian dynamics: the answers, the per-student numbers, the
visible tests.

The expected equations come from the chapter's second method — Newton–Euler, or the
library's Lagrange functions on the exercises' arms — computed once (cached); the
hidden tests compare the whole answers, try other arms and name the known mistakes
(``solutions/ch4_lagrange/grader.py``). Every answer except the function of exercise 4
is derived by hand: the grader recomputes it from the answer cell with
:data:`DYNAMICS_ROUTES` switched off.

>>> K = sp.Rational(1, 2) * (m1 + m2) * ddot1**2            # the carriage part only
>>> exercise_1(K)
Traceback (most recent call last):
...
robocourse.grading.exercises.NotPassed: Exercise 1: the part of K_lift in θ̇2² (its coefficient)
is not right: the term in I₂ is missing; the term in m₂ is missing.
"""

import functools
import math

import numpy as np
import sympy as sp
from scipy.integrate import solve_ivp

from robocourse import lagrange, newton_euler
from robocourse.frames import transform
from robocourse.grading import (
    ExerciseSet,
    check_call,
    check_expression,
    student_rng,
    term_code,
    term_kind,
)
from robocourse.grading.checks import Mistake, case, equal, same, settled
from robocourse.grading.exercises import Expression, Function, Mapping, Matrix, Numbers
from robocourse.language import say
from robocourse.models import planar_2r, planar_2r_distributed
from robocourse.robot import Link, SerialChain, joint_symbols

#: What the test cells (``checks.exercise_<n>(…)``) and the hidden tests
#: (``solutions/ch4_lagrange/grader.py``) use of this module: its interface
#: (tests/test_exercise_interfaces.py keeps it exact).
__all__ = [
    "exercises",
    "exercise_1", "exercise_2", "exercise_3", "exercise_4", "exercise_5", "exercise_6",
    "exercise_7", "exercise_8",
    "DYNAMICS_ROUTES", "ENERGY_SYMBOLS", "LIFT_SYMBOLS", "MODEL_MENU", "MODEL_SYMBOLS",
    "check_coriolis", "check_energy_part", "check_group", "check_mass_matrix",
    "classmate_model", "coriolis_case", "corrected_model", "entry_of", "free_swing_energy",
    "from_energy", "group_stems_from", "lift_arm", "lift_energy", "lift_torques",
    "motion_state", "mp", "payload_arm_parts", "payload_numbers", "payload_terms",
    "uniform_rods",
]

exercises = ExerciseSet("ch4_lagrange")

theta1, theta2, d1 = sp.symbols("theta1 theta2 d1")
thetadot1, thetadot2, ddot1 = sp.symbols("thetadot1 thetadot2 ddot1")
thetaddot1, thetaddot2, dddot1 = sp.symbols("thetaddot1 thetaddot2 dddot1")
l1, l2, m1, m2, r1, r2, I1, I2, g = sp.symbols("l1 l2 m1 m2 r1 r2 I1 I2 g")
mp = sp.Symbol("m_p")

#: The concepts (``grading.concepts``) a dynamics derivation by hand asks for: switched off
#: when the grader recomputes the answer from the answer cell. What is built on them
#: refuses too (``simulate.forward_dynamics``, ``control.computed_torque``, …).
DYNAMICS_ROUTES = ("the equations of motion",)
#: …and the Coriolis matrix of exercise 4.
CORIOLIS_ROUTES = ("the Coriolis matrix",)


# --- the exercises' arms -----------------------------------------------------------------

def lift_arm(l2=l2, m1=m1, m2=m2, r2=r2, I2=I2, g=g):
    """The lift arm: a carriage on a vertical rail (joint 1, prismatic: height d1 along +Y0)
    carrying a rod on a revolute joint (joint 2: angle theta2 from the horizontal +X0).

    >>> lift_arm()
    SerialChain(name='lift arm', joints='PR')
    """
    quarter = math.pi / 2                    # exact in the DH transform when symbols are involved
    carriage = Link(alpha=-quarter, a=0, d=0, theta=0, joint="P", mass=m1, r_c=[0, 0, 0],
                    I_c=[[0, 0, 0], [0, 0, 0], [0, 0, 0]])   # it never turns: no inertia needed
    rod = Link(alpha=quarter, a=0, d=0, theta=0, joint="R", mass=m2, r_c=[r2, 0, 0],
               I_c=[[0, 0, 0], [0, I2, 0], [0, 0, I2]])      # a rod along X2, I2 about its COM
    return SerialChain([carriage, rod], tool=transform(sp.eye(3), [l2, 0, 0]),
                       gravity=[0, -g, 0], name="lift arm")


def payload_arm_parts(l1=l1, l2=l2, m1=m1, m2=m2, r1=r1, r2=r2, I1=I1, I2=I2, mp=mp, g=g):
    """The payload arm as two library arms whose dynamics add up: the distributed 2R arm,
    and a 2R arm with a single point mass m_p at the tip (``planar_2r`` with m1 = 0)."""
    return (planar_2r_distributed(l1=l1, l2=l2, m1=m1, m2=m2, r1=r1, r2=r2, I1=I1, I2=I2, g=g),
            planar_2r(l1=l1, l2=l2, m1=0, m2=mp, g=g))


LIFT_SYMBOLS = (d1, theta2, ddot1, thetadot2, dddot1, thetaddot2, m1, m2, r2, I2, l2, g)
ENERGY_SYMBOLS = (d1, theta2, ddot1, thetadot2, m1, m2, r2, I2, l2)
PAYLOAD_SYMBOLS = (theta1, theta2, thetadot1, thetadot2, thetaddot1, thetaddot2,
                   l1, l2, m1, m2, r1, r2, I1, I2, mp, g)
PAYLOAD_MARKERS = (m1, m2, I1, I2, mp)


# --- expected answers (the chapter's second method) ------------------------------------------

@functools.lru_cache(maxsize=None)
def lift_energy():
    """K of the lift arm (lagrange.kinetic_energy)."""
    return lagrange.kinetic_energy(lift_arm(), [d1, theta2], [ddot1, thetadot2])


@functools.lru_cache(maxsize=None)
def lift_torques():
    """τ = [f1; τ2] of the lift arm, by Newton–Euler."""
    return newton_euler.inverse_dynamics(lift_arm(), *joint_symbols(lift_arm()))


@functools.lru_cache(maxsize=None)
def payload_mass_matrix():
    """M(q) of the payload arm: the sum of its two parts' mass matrices."""
    return sum((lagrange.mass_matrix(arm, [theta1, theta2]) for arm in payload_arm_parts()),
               sp.zeros(2, 2))


TERM_KEYS = ("inertial", "coriolis", "centripetal", "gravity")


@functools.lru_cache(maxsize=None)
def payload_terms():
    """The payload arm's labelled terms: {group: 2x1 Matrix} (lagrange.equation_terms)."""
    parts = [lagrange.equation_terms(arm) for arm in payload_arm_parts()]
    return {key: getattr(parts[0], key) + getattr(parts[1], key) for key in TERM_KEYS}


# --- per-student numbers -----------------------------------------------------------------

def payload_numbers(student):
    """Exercises 6 and 7: a payload arm of uniform rods, and one state of its motion."""
    rng = student_rng(student)
    l1_m, l2_m = (round(float(v), 2) for v in rng.uniform([0.35, 0.30], [0.80, 0.70]))
    m1_kg, m2_kg = (round(float(v), 2) for v in rng.uniform([1.5, 0.8], [5.0, 3.0]))
    mp_kg = round(float(rng.uniform(0.2, 2.0)), 2)
    theta_deg = [int(v) for v in rng.integers([-60, 20], [61, 121])]
    thetadot_rad_s = [round(float(v), 2) for v in rng.uniform(-2.0, 2.0, 2)]
    thetaddot_rad_s2 = [round(float(v), 2) for v in rng.uniform(-3.0, 3.0, 2)]
    return l1_m, l2_m, m1_kg, m2_kg, mp_kg, theta_deg, thetadot_rad_s, thetaddot_rad_s2


def uniform_rods(numbers, I_factor=1 / 12):
    """The symbols of the payload arm → the numbers of one student's arm of uniform rods
    (centres at mid-length, ``I = I_factor m l²`` about them; g = 9.81 m/s²)."""
    l1_m, l2_m, m1_kg, m2_kg, mp_kg = numbers[:5]
    return {l1: l1_m, l2: l2_m, m1: m1_kg, m2: m2_kg, r1: l1_m / 2, r2: l2_m / 2,
            I1: I_factor * m1_kg * l1_m**2, I2: I_factor * m2_kg * l2_m**2, mp: mp_kg, g: 9.81}


def motion_state(numbers):
    """The joint symbols → one student's angles (radians), rates and accelerations."""
    theta_deg, rates, accelerations = numbers[5:]
    return {**dict(zip((theta1, theta2), np.radians(theta_deg), strict=True)),
            **dict(zip((thetadot1, thetadot2), rates, strict=True)),
            **dict(zip((thetaddot1, thetaddot2), accelerations, strict=True))}


# --- exercise 1: the lift arm's kinetic energy ------------------------------------------------

LIFT_RATES = (ddot1, thetadot2)
ENERGY_PARTS = {"ḋ1²": (ddot1, ddot1), "θ̇2²": (thetadot2, thetadot2), "ḋ1⋅θ̇2": (ddot1, thetadot2)}


def check_energy_part(K_lift, label):
    """The coefficient of one product of rates in the quadratic form K_lift."""
    a, b = ENERGY_PARTS[label]
    split = 2 if a == b else 1
    check_expression(sp.diff(K_lift, a, b) / split, sp.diff(lift_energy(), a, b) / split,
                     say("the part of K_lift in {label} (its coefficient)", "exercises",
                         label=label), markers=(m1, m2, I2), allowed_symbols=ENERGY_SYMBOLS)


@exercises.visible(1, cell="ex1_test", K_lift=Expression(symbols=LIFT_SYMBOLS))
def exercise_1(K_lift):
    """Visible: a quadratic form in the rates; the carriage moving alone, the rod swinging
    about a fixed joint."""
    K_lift = settled(K_lift, ENERGY_SYMBOLS)
    foreign = sorted(s.name for s in K_lift.free_symbols - set(ENERGY_SYMBOLS))
    if foreign:
        raise Mistake(say("K_lift uses symbols that do not belong in a kinetic energy: "
                          "{symbols}", "exercises", symbols=", ".join(foreign)),
                      "foreign-symbols")
    scale = sp.Dummy("scale")
    scaled = K_lift.subs({ddot1: scale * ddot1, thetadot2: scale * thetadot2}, simultaneous=True)
    if not equal(scaled, scale**2 * K_lift):
        raise Mistake(say("K_lift should be a quadratic form in the rates ḋ1, θ̇2: every term "
                          "a product of two rates (no term without a rate, none with a single "
                          "rate)", "exercises"), "not-quadratic")
    check_energy_part(K_lift, "ḋ1²")
    check_energy_part(K_lift, "θ̇2²")


# --- exercise 2: the lift arm's equations of motion -------------------------------------------

LIFT_REST = {ddot1: 0, thetadot2: 0, dddot1: 0, thetaddot2: 0}


def euler_lagrange(L, q, qd, qdd):
    """τ_i = d/dt ∂L/∂q̇_i − ∂L/∂q_i (the time derivative by the chain rule)."""
    return sp.Matrix([lagrange.time_derivative(sp.diff(L, qd[i]), q, qd, qdd) - sp.diff(L, q[i])
                      for i in range(len(q))])


def lift_torques_from(K_lift):
    """The equations of motion that a kinetic energy K_lift gives with the lift's U."""
    q, qd, qdd = joint_symbols(lift_arm())
    U = m1 * g * d1 + m2 * g * (d1 + r2 * sp.sin(theta2))
    return euler_lagrange(K_lift - U, q, qd, qdd)


def from_energy(context, tau_lift):
    """Feedback on tau_lift that stems from exercise 1's K_lift."""
    return context.builds_on((1, "K_lift"),
                      consistent=lambda K: same(tau_lift, lift_torques_from(K)))


@exercises.visible(2, cell="ex2_test", tau_lift=Matrix(2, 1, symbols=LIFT_SYMBOLS))
def exercise_2(tau_lift, context):
    """Visible: held at rest (gravity only), starting from rest (inertial and gravity)."""
    with from_energy(context, tau_lift):
        with case(say("held at rest (all rates and accelerations zero)", "exercises")):
            check_expression(tau_lift.subs(LIFT_REST), lift_torques().subs(LIFT_REST),
                             "tau_lift", allowed_symbols=LIFT_SYMBOLS)
        still = dict.fromkeys(LIFT_RATES, 0)
        with case(say("starting from rest (all rates zero)", "exercises")):
            check_expression(tau_lift.subs(still), lift_torques().subs(still), "tau_lift",
                             allowed_symbols=LIFT_SYMBOLS)


# --- exercise 3: the payload arm's mass matrix ------------------------------------------------

def check_mass_matrix(M_payload, subs, name="M_payload"):
    check_expression(M_payload.subs(subs), payload_mass_matrix().subs(subs), name,
                     markers=PAYLOAD_MARKERS, allowed_symbols=PAYLOAD_SYMBOLS)


@exercises.visible(3, cell="ex3_test", M_payload=Matrix(2, 2, symbols=PAYLOAD_SYMBOLS))
def exercise_3(M_payload):
    """Visible: M is symmetric; the arm stretched out (θ2 = 0)."""
    if not equal(M_payload, M_payload.T):
        raise Mistake(say("M_payload is not symmetric: M12 and M21 must be equal (M is the "
                          "Hessian of K with respect to the rates)", "exercises"),
                      "not-symmetric")
    with case(say("stretched out (theta2 = 0)", "exercises")):
        check_mass_matrix(M_payload, {theta2: 0})


# --- exercise 4: the Coriolis matrix from the Christoffel symbols -----------------------------

def student_coriolis(coriolis_from_M, M, q, qd, label):
    """coriolis_from_M(M, q, qd) (the library's Christoffel routes are off where it runs),
    as an n×n sympy Matrix."""
    result = check_call(coriolis_from_M, M, q, qd,
                        name=say("{name} ({label})", "exercises", name="coriolis_from_M",
                                 label=label))
    n = len(q)
    if isinstance(result, (list, tuple)):
        try:
            result = sp.Matrix(result)
        except (TypeError, ValueError):
            pass
    if not isinstance(result, sp.MatrixBase) or result.shape != (n, n):
        raise Mistake(say("coriolis_from_M ({label}) should return a {n}×{n} sympy Matrix; "
                          "got {kind} {shape}", "exercises", label=label, n=n,
                          kind=type(result).__name__, shape=getattr(result, "shape", "")),
                      "wrong-shape")
    return result


def check_coriolis(coriolis_from_M, label, build, q_as_list=False):
    """coriolis_from_M on the mass matrix of the arm ``build()`` (one arm, or a tuple of
    arms whose dynamics add up) against the library's Christoffel matrix; returns the
    student's C."""
    q, qd, M, expected = coriolis_case(build)
    args = (list(q), list(qd)) if q_as_list else (q, qd)
    C = student_coriolis(coriolis_from_M, M, *args, label)
    check_expression(C, expected, say("coriolis_from_M(M of the {label}, q, qd)", "exercises",
                                      label=label),
                     allowed_symbols=M.free_symbols | set(qd))
    return C


@functools.lru_cache(maxsize=None)
def coriolis_case(build):
    """``(q, q̇, M, C)`` of the arm ``build()`` (or of the sum of the arms it returns)."""
    arms = build()
    arms = arms if isinstance(arms, tuple) else (arms,)
    q, qd, _ = joint_symbols(arms[0])
    n = len(q)
    M = sum((lagrange.mass_matrix(arm, q) for arm in arms), sp.zeros(n, n))
    C = sum((lagrange.coriolis_matrix(arm, q, qd) for arm in arms), sp.zeros(n, n))
    return q, qd, M, C


@exercises.visible(4, cell="ex4_test", coriolis_from_M=Function(forbidden=CORIOLIS_ROUTES))
def exercise_4(coriolis_from_M):
    """Visible: a pendulum (constant M: no velocity terms), the lift arm."""
    x, xdot, m, length = sp.symbols("x xdot m l")
    C = student_coriolis(coriolis_from_M, sp.Matrix([[m * length**2]]), [x], [xdot],
                         say("a pendulum, M = [[m l²]]", "exercises"))
    check_expression(C, sp.zeros(1, 1),
                     say("coriolis_from_M(M of a pendulum, q, qd)", "exercises"))
    check_coriolis(coriolis_from_M, say("lift arm", "exercises"), lift_arm, q_as_list=True)


# --- exercise 5: the payload arm's labelled terms ---------------------------------------------

def check_sorted(terms_payload):
    """Every term of each group must be of that group's kind (``term_code``: the groups are
    named by the codes of their kinds)."""
    for key, part in terms_payload.items():
        for i in range(2):
            for term in sp.Add.make_args(sp.expand(part[i])):
                if term == 0:
                    continue
                kind, code = term_kind(term), term_code(term)
                if code != key:
                    if code in TERM_KEYS:
                        raise Mistake(say("terms_payload[{key}][{i}] contains a {kind}: it "
                                          "belongs in {home}", "exercises", key=repr(key), i=i,
                                          kind=kind, home=repr(code)), f"misplaced:{key}")
                    raise Mistake(say("terms_payload[{key}][{i}] contains a {kind}: it belongs "
                                      "in none of the groups", "exercises", key=repr(key), i=i,
                                      kind=kind), f"misplaced:{key}")


def check_group(key, answer, expected):
    """check_expression on one group; for gravity, also name the weight that is wrong."""
    name = f"terms_payload[{key!r}]"
    try:
        check_expression(answer, expected, name, markers=PAYLOAD_MARKERS,
                         allowed_symbols=PAYLOAD_SYMBOLS)
    except Mistake as error:
        if key != "gravity":
            raise
        try:                    # every term has g: compare the weights' lever arms
            check_expression((answer / g).applyfunc(sp.expand), expected / g, f"{name}/g",
                             markers=PAYLOAD_MARKERS, allowed_symbols=PAYLOAD_SYMBOLS)
        except Mistake as finer:
            raise Mistake(say("{error} ({finer})", "exercises", error=error, finer=finer),
                          error.code) from None
        raise


def group_stems_from(context, key, terms_payload):
    """Feedback on a group that stems from exercises 3 (M) and 4 (C)."""
    if key == "inertial":
        qdd = sp.Matrix([thetaddot1, thetaddot2])
        return context.builds_on((3, "M_payload"),
                          consistent=lambda M: same(terms_payload["inertial"], M * qdd))
    if key in ("coriolis", "centripetal"):
        return context.builds_on((3, "M_payload"), (4, "coriolis_from_M"))
    return context.builds_on()


TERMS = Mapping(TERM_KEYS, Matrix(2, 1, symbols=PAYLOAD_SYMBOLS))


@exercises.visible(5, cell="ex5_test", terms_payload=TERMS)
def exercise_5(terms_payload):
    """Visible: every term sits in its group; the gravity torques with the arm level."""
    check_sorted(terms_payload)
    level = {theta1: 0, theta2: 0}
    with case(say("with the arm level (theta1 = theta2 = 0)", "exercises")):
        check_group("gravity", terms_payload["gravity"].subs(level),
                    payload_terms()["gravity"].subs(level))


# --- exercises 6-7: your payload arm in motion ------------------------------------------------

@exercises.visible(6, cell="ex6_test", tau_move=Numbers((2,), "N·m"))
def exercise_6(tau_move, context):
    """Visible: no torque can exceed what accelerating and holding all the mass at full
    reach would need."""
    l1_m, l2_m, m1_kg, m2_kg, mp_kg, _, rates, accelerations = payload_numbers(context.student)
    reach = l1_m + l2_m
    bound = (m1_kg + m2_kg + mp_kg) * reach * (
        9.81 + reach * (sum(map(abs, accelerations)) + sum(map(abs, rates))**2))
    if np.max(np.abs(tau_move)) > bound:
        raise Mistake(say("tau_move is larger than this arm and motion can need: check the "
                          "units (degrees → radians) and the moments of inertia", "exercises"),
                      "too-large")


def payload_potential(numbers, g_value=9.81):
    """U of one student's payload arm at its pose (J, zero at the height of joint 1)."""
    heights = {theta1: np.radians(numbers[5][0]), theta2: np.radians(numbers[5][1])}
    U = g * (m1 * r1 * sp.sin(theta1) + m2 * (l1 * sp.sin(theta1) + r2 * sp.sin(theta1 + theta2))
             + mp * (l1 * sp.sin(theta1) + l2 * sp.sin(theta1 + theta2)))
    return float(U.subs({**uniform_rods(numbers), g: g_value}).subs(heights))


@exercises.visible(7, cell="ex7_test", E_state=Numbers((), "J"))
def exercise_7(E_state, context):
    """Visible: E − U is the kinetic energy, which is never negative."""
    if E_state - payload_potential(payload_numbers(context.student)) < -1e-3:
        raise Mistake(say("E_state is below the potential energy of this pose, so its kinetic "
                          "part would be negative: check the signs (U = m g h, heights above "
                          "joint 1)", "exercises"), "negative-kinetic")


# --- exercise 8: spot the error ---------------------------------------------------------------

MODEL_MENU = ("M11", "M12", "M21", "M22", "C11", "C12", "C21", "C22", "G1", "G2")
MODEL_SYMBOLS = (theta1, theta2, thetadot1, thetadot2, l1, l2, m1, m2, r1, r2, I1, I2, g)
SWING_VALUES = {l1: 0.6, l2: 0.45, m1: 3.0, m2: 1.5, r1: 0.3, r2: 0.225, I1: 0.09,
                I2: 0.0253125, g: 9.81}                      # two uniform rods


def classmate_model():
    """The classmate's M, C, G of the distributed 2R arm (two entries are wrong)."""
    beta = m2 * l1 * r2 * sp.sin(theta2)
    M = sp.Matrix([
        [I1 + I2 + m1 * r1**2 + m2 * (l1**2 + r2**2 + 2 * l1 * r2 * sp.cos(theta2)),
         I2 + m2 * (r2**2 + l1 * r2 * sp.cos(theta2))],
        [I2 + m2 * (r2**2 + l1 * r2 * sp.cos(theta2)), I2 + m2 * r2**2]])
    C = sp.Matrix([[-beta * thetadot2, -beta * thetadot2], [beta * thetadot1, 0]])
    G = sp.Matrix([g * (m1 * r1 * sp.cos(theta1)
                        + m2 * (l1 * sp.cos(theta1) + r2 * sp.cos(theta1 + theta2))),
                   g * m2 * r2 * sp.cos(theta2)])
    return M, C, G


def _place(key):
    """``"C12"`` → (1, (0, 1)): which of (M, C, G), and the 0-based row and column."""
    return "MCG".index(key[0]), (int(key[1]) - 1, int(key[2]) - 1 if len(key) == 3 else 0)


def entry_of(model, key):
    """The entry ``"C12"`` (row, column from 1) of ``model = (M, C, G)``."""
    which, position = _place(key)
    return model[which][position]


def corrected_model(corrections):
    """The classmate's model with the ``corrections`` {"Xij": entry} put in (a symbol of
    an entry's own that it does not depend on given a value: ``settled``)."""
    model = classmate_model()
    for key, entry in corrections.items():
        which, position = _place(key)
        model[which][position] = settled(entry, MODEL_SYMBOLS)
    return model


@functools.lru_cache(maxsize=None)
def swing_arm():
    """The distributed 2R arm with the numbers of :data:`SWING_VALUES`."""
    return planar_2r_distributed(**{str(k): v for k, v in SWING_VALUES.items()})


def free_swing_energy(M, C, G, q0_deg=(30.0, 45.0), duration=2.0, samples=201):
    """Let the model M(q) q̈ + C(q, q̇) q̇ + G(q) = τ = 0 swing from rest at q0_deg (degrees) with
    the numbers of SWING_VALUES; return the times t (s) and the arm's true total energy
    K + U (J) along that motion (lagrange.total_energy). A right model keeps E constant.

    >>> t, E = free_swing_energy(*classmate_model(), duration=0.5, samples=3)
    >>> bool(np.ptp(E) > 0.1)                           # the classmate's model gains energy
    True
    """
    q, qd = (theta1, theta2), (thetadot1, thetadot2)
    M, C, G = (sp.Matrix(X).subs(SWING_VALUES) for X in (M, C, G))
    mass = sp.lambdify([q, qd], M, "numpy")
    rest = sp.lambdify([q, qd], -(C * sp.Matrix(qd)) - G, "numpy")

    def rate(t, y):
        accel = np.linalg.solve(np.array(mass(y[:2], y[2:]), dtype=float),
                                np.array(rest(y[:2], y[2:]), dtype=float).ravel())
        return np.concatenate([y[2:], accel])

    times = np.linspace(0.0, duration, samples)
    motion = solve_ivp(rate, (0.0, duration), [*np.radians(q0_deg), 0.0, 0.0], t_eval=times,
                       rtol=1e-10, atol=1e-10)
    energy = [lagrange.total_energy(swing_arm(), y[:2], y[2:]) for y in motion.y.T]
    return motion.t, np.array(energy)


CORRECTIONS = Mapping(MODEL_MENU, Expression(symbols=MODEL_SYMBOLS), exact=False)


@exercises.visible(8, cell="ex8_test", corrections=CORRECTIONS)
def exercise_8(corrections):
    """Visible: the corrections use the model's symbols, and the corrected model keeps
    the arm's energy in a free swing."""
    for key, entry in corrections.items():
        foreign = sorted(s.name for s in settled(entry, MODEL_SYMBOLS).free_symbols
                         - set(MODEL_SYMBOLS))
        if foreign:
            raise Mistake(say("corrections[{key}] uses symbols that do not belong in this "
                              "model: {symbols}", "exercises", key=repr(key),
                              symbols=", ".join(foreign)), "foreign-symbols")
    try:
        t, E = free_swing_energy(*corrected_model(corrections))
    except (ValueError, TypeError, np.linalg.LinAlgError) as error:
        raise Mistake(say("the corrected model cannot be simulated ({kind}: {error}): is M "
                          "still invertible?", "exercises", kind=type(error).__name__,
                          error=error), "not-simulable") from None
    drift = float(np.ptp(E))
    if not np.isfinite(drift) or drift > 1e-4:
        raise Mistake(say("with your corrections the free swing (τ = 0) still changes the "
                          "arm's energy by {drift} J in {seconds} s: the corrected model is "
                          "still wrong somewhere (or M is no longer the arm's mass matrix)",
                          "exercises", drift=f"{drift:.3g}", seconds=f"{t[-1]:.1f}"),
                      "energy-drift")
