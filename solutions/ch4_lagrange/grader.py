"""Chapter 4 exercises — the hidden tests (instructor only: never released).

Registered on the assignment's exercise set (``robocourse.exercises.ch4_lagrange``);
the grader runs each exercise's visible tests, then these.
"""

import functools

import numpy as np
import sympy as sp

from robocourse import lagrange, newton_euler
from robocourse.exercises import hidden_catalogue
from robocourse.exercises.ch4_lagrange import (
    DYNAMICS_ROUTES,
    ENERGY_SYMBOLS,
    LIFT_SYMBOLS,
    MODEL_MENU,
    MODEL_SYMBOLS,
    check_coriolis,
    check_energy_part,
    check_group,
    check_mass_matrix,
    classmate_model,
    coriolis_case,
    corrected_model,
    entry_of,
    exercises,
    from_energy,
    group_stems_from,
    lift_energy,
    lift_torques,
    motion_state,
    mp,
    payload_arm_parts,
    payload_numbers,
    payload_terms,
    uniform_rods,
)
from robocourse.grading import check_expression, check_number
from robocourse.grading.checks import Known, Mistake, case, equal
from robocourse.language import locate, say
from robocourse.models import planar_2r_distributed, planar_3r, rp_arm
from robocourse.robot import joint_symbols

__all__ = ["exercises"]

#: What these hidden tests say, in the student's language (never released).
locate("hidden", hidden_catalogue(__file__))


@exercises.hidden(1, by_hand={"K_lift": DYNAMICS_ROUTES})
def exercise_1(K_lift):
    check_energy_part(K_lift, "ḋ1⋅θ̇2")
    check_expression(K_lift, lift_energy(), "K_lift", markers=sp.symbols("m1 m2 I2"),
                     allowed_symbols=ENERGY_SYMBOLS)


@exercises.hidden(2, by_hand={"tau_lift": DYNAMICS_ROUTES})
def exercise_2(tau_lift, context):
    with from_energy(context, tau_lift):
        check_expression(tau_lift, lift_torques(), "tau_lift", allowed_symbols=LIFT_SYMBOLS)


@exercises.hidden(3, by_hand={"M_payload": DYNAMICS_ROUTES})
def exercise_3(M_payload):
    with case(say("without the payload (m_p = 0: the chapter's arm of section 4.2)",
                  "hidden")):
        check_mass_matrix(M_payload, {mp: 0})
    check_mass_matrix(M_payload, {})


def _arm_3r():
    third = sp.Rational
    return planar_3r([third(1, 2), third(2, 5), third(3, 10)], [2, third(3, 2), 1],
                     [third(1, 4), third(1, 5), third(3, 20)],
                     [third(1, 24), third(1, 50), third(3, 400)], third(981, 100))


@exercises.hidden(4)
def exercise_4(coriolis_from_M):
    check_coriolis(coriolis_from_M, say("2R arm with distributed links", "hidden"),
                   planar_2r_distributed)
    check_coriolis(coriolis_from_M, say("R-P arm", "hidden"), rp_arm, q_as_list=True)
    check_coriolis(coriolis_from_M, say("payload arm", "hidden"), payload_arm_parts)
    C3 = check_coriolis(coriolis_from_M, say("3R arm", "hidden"), _arm_3r)
    q3, qd3, M3, _ = coriolis_case(_arm_3r)
    N = sum((sp.diff(M3, q3[k]) * qd3[k] for k in range(3)), sp.zeros(3, 3)) - 2 * C3
    if not equal(N + N.T, sp.zeros(3, 3)):
        raise Mistake(say("with coriolis_from_M, Mdot - 2C is not skew-symmetric for the 3R "
                          "arm", "hidden"), "not-skew")


@exercises.hidden(5, by_hand={"terms_payload": DYNAMICS_ROUTES})
def exercise_5(terms_payload, context):
    for key in ("gravity", "inertial", "centripetal", "coriolis"):
        with group_stems_from(context, key, terms_payload):
            check_group(key, terms_payload[key], payload_terms()[key])


# --- exercises 6-7: numbers of one student ------------------------------------------------------

def _value(expression, numbers):
    """A symbolic answer with one student's arm and state put in, as floats."""
    values = expression.subs(uniform_rods(numbers)).subs(motion_state(numbers))
    return np.array(values, dtype=float).ravel()


def _numeric_parts(numbers, mp_kg=None, I_factor=1 / 12, g_value=9.81):
    rods = uniform_rods(numbers, I_factor)
    return payload_arm_parts(*(rods[s] for s in sp.symbols("l1 l2 m1 m2 r1 r2 I1 I2")),
                             mp=rods[mp] if mp_kg is None else mp_kg, g=g_value)


def _torques(arms, q, qd, qdd):
    return sum(newton_euler.inverse_dynamics(arm, q, qd, qdd) for arm in arms)


def _move_mistakes(numbers):
    """The torques of exercise 6 and the known wrong ones."""
    degrees, rates, accelerations = numbers[5:]
    q, qd, qdd = np.radians(degrees), np.array(rates), np.array(accelerations)
    arms = _numeric_parts(numbers)
    known = [
        Known(_torques(arms, np.array(degrees, dtype=float), qd, qdd),
              say("It matches the angles in degrees used as radians.", "hidden"), "degrees"),
        Known(_torques(_numeric_parts(numbers, mp_kg=0.0), q, qd, qdd),
              say("It matches the arm without its payload: the payload adds to M, C and G.",
                  "hidden"), "no-payload"),
        Known(_torques(_numeric_parts(numbers, I_factor=1 / 3), q, qd, qdd),
              say("It matches I = m l²/3, the moment of inertia about the joint; the energy "
                  "uses I about the centre of mass (m l²/12) plus m r² from the centre's "
                  "motion.", "hidden"), "inertia-at-joint"),
        Known(_torques(_numeric_parts(numbers, I_factor=0.0), q, qd, qdd),
              say("It matches links without their own moment of inertia (point masses at "
                  "mid-length): add ½ I ω² for each rod.", "hidden"), "no-inertia"),
        Known(sum(lagrange.mass_matrix(arm, q) @ qdd + lagrange.gravity_load(arm, q)
                  for arm in arms),
              say("It matches M q̈ + G alone: the Coriolis and centripetal terms C q̇ are "
                  "missing.", "hidden"), "no-velocity-terms"),
        Known(_torques(_numeric_parts(numbers, g_value=-9.81), q, qd, qdd),
              say("It matches gravity pointing up: the weights pull along −Y0.", "hidden"),
              "gravity-up"),
    ]
    return _torques(arms, q, qd, qdd), known


@exercises.hidden(6, by_hand={"tau_move": DYNAMICS_ROUTES})
def exercise_6(tau_move, context):
    numbers = payload_numbers(context.student)
    expected, known = _move_mistakes(numbers)

    def from_terms(terms):
        return np.allclose(tau_move, _value(sum(terms.values(), sp.zeros(2, 1)), numbers),
                           rtol=1e-3, atol=1e-3)

    with context.builds_on((5, "terms_payload"), consistent=from_terms,
                    own={k.code for k in known}):
        check_number(tau_move, expected, "tau_move", rtol=1e-3, atol=1e-3, unit="N·m",
                     mistakes=known)


def _energy(arms, q, qd):
    return sum(lagrange.total_energy(arm, q, qd) for arm in arms)


@exercises.hidden(7, by_hand={"E_state": DYNAMICS_ROUTES})
def exercise_7(E_state, context):
    numbers = payload_numbers(context.student)
    degrees, rates, _ = numbers[5:]
    q, qd = np.radians(degrees), np.array(rates)
    arms = _numeric_parts(numbers)
    expected = _energy(arms, q, qd)
    half_I2 = 0.5 * uniform_rods(numbers)[sp.Symbol("I2")]
    known = [
        Known(_energy(arms, np.array(degrees, dtype=float), qd),
              say("It matches the angles in degrees used as radians.", "hidden"), "degrees"),
        Known(_energy(_numeric_parts(numbers, mp_kg=0.0), q, qd),
              say("It matches the arm without its payload.", "hidden"), "no-payload"),
        Known(expected - half_I2 * ((qd[0] + qd[1])**2 - qd[1]**2),
              say("It matches link 2 turning at θ̇2 alone: its angular velocity is the absolute "
                  "one, θ̇1 + θ̇2.", "hidden"), "relative-omega"),
        Known(_energy(_numeric_parts(numbers, I_factor=0.0), q, qd),
              say("It matches links without their rotational energy ½ I ω².", "hidden"),
              "no-inertia"),
        Known(_energy(_numeric_parts(numbers, I_factor=1 / 3), q, qd),
              say("It matches I = m l²/3 (about the joint) in ½ I ω²: with the centre's speed "
                  "in ½ m v² you need I about the centre of mass.", "hidden"),
              "inertia-at-joint"),
        Known(_energy(_numeric_parts(numbers, g_value=-9.81), q, qd),
              say("It matches the potential energy with the wrong sign: U = +m g h.",
                  "hidden"), "potential-sign"),
        Known(_energy(arms, q, np.zeros(2)),
              say("It matches the potential energy alone: add the kinetic energy.",
                  "hidden"), "no-kinetic"),
    ]
    rates_matrix = sp.Matrix(sp.symbols("thetadot1 thetadot2"))

    def from_mass_matrix(M):
        kinetic = _value((rates_matrix.T * M * rates_matrix)[0] / 2, numbers)[0]
        potential = _energy(arms, q, np.zeros(2))
        return np.isclose(E_state, kinetic + potential, rtol=1e-3, atol=1e-3)

    with context.builds_on((3, "M_payload"), consistent=from_mass_matrix,
                    own={k.code for k in known}):
        check_number(E_state, expected, "E_state", rtol=1e-3, atol=1e-3, unit="J",
                     mistakes=known)


# --- exercise 8: spot the error -----------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def true_model():
    """M, the Christoffel C and G of the distributed 2R arm."""
    arm = planar_2r_distributed()
    q, qd, _ = joint_symbols(arm)
    return (lagrange.mass_matrix(arm, q), lagrange.coriolis_matrix(arm, q, qd),
            lagrange.gravity_load(arm, q))


@functools.lru_cache(maxsize=None)
def classmate_errors():
    """The entries in which the classmate's model differs from the arm's."""
    given, right = classmate_model(), true_model()
    return frozenset(key for key in MODEL_MENU
                     if not equal(entry_of(given, key), entry_of(right, key)))


#: The earlier answer each kind of entry builds on: M from exercise 3 (m_p = 0),
#: C from the Christoffel symbols of exercise 4.
BUILDS_ON = {"M": ((3, "M_payload"),), "C": ((4, "coriolis_from_M"),), "G": ()}


@exercises.hidden(8, by_hand={"corrections": DYNAMICS_ROUTES})
def exercise_8(corrections, context):
    wrong = classmate_errors()
    markers = sp.symbols("m1 m2 I1 I2")
    for key, entry in corrections.items():
        if key not in wrong:
            raise Mistake(say("corrections[{quoted}]: the classmate's {key} was right already "
                              "— name only the wrong entries (C is the Christoffel matrix)",
                              "hidden", quoted=repr(key), key=key), "right-already")
        with context.builds_on(*BUILDS_ON[key[0]]):
            check_expression(entry, entry_of(true_model(), key), f"corrections[{key!r}]",
                             markers=markers, allowed_symbols=MODEL_SYMBOLS)
    if wrong - set(corrections):
        arm = planar_2r_distributed()
        q, qd, qdd = joint_symbols(arm)
        M, C, G = corrected_model(corrections)
        try:
            check_expression(M * qdd + C * qd + G, newton_euler.inverse_dynamics(arm, q, qd, qdd),
                             say("τ of the corrected model", "hidden"), markers=markers)
        except Mistake as error:
            raise Mistake(say("a wrong entry is still missing from corrections: {error}",
                              "hidden", error=error), "entry-missing") from None
        raise Mistake(say("a wrong entry is still missing from corrections: your corrections "
                          "give the right τ but not the Christoffel C — compare each entry of C "
                          "with your coriolis_from_M", "hidden"), "not-christoffel")

