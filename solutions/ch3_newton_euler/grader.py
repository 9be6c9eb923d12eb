"""Chapter 3 exercises — the hidden tests (instructor only: never released).

Registered on the assignment's exercise set (``robocourse.exercises.ch3_newton_euler``);
the grader runs each exercise's visible tests, then these. Expected answers that do not
depend on the student are cached: the grader decides many submissions in one process.
"""

import functools

import numpy as np
import sympy as sp

from robocourse.exercises import hidden_catalogue
from robocourse.exercises.ch3_newton_euler import (
    DISTRIBUTED_SYMBOLS,
    DYNAMICS_ROUTES,
    FORWARD_ROUTES,
    INWARD_NAMES,
    LINES,
    OUTWARD_NAMES,
    PR_SYMBOLS,
    RP_SYMBOLS,
    STEPS,
    Robot,
    bearing_slips,
    call_step,
    check_inward_step,
    check_mass_matrix,
    check_outward_step,
    com_slips,
    ddot2,
    exercises,
    floats,
    from_mass_matrix,
    from_vdot_C2,
    inward_arguments,
    payload_numbers,
    pr_slips,
    release_arm,
    symbolic_trace,
    thetadot1,
)
from robocourse.frames import rotation, translation
from robocourse.grading import check_expression, check_number
from robocourse.grading.checks import Known, Mistake
from robocourse.language import locate, say
from robocourse.models import planar_2r, puma560
from robocourse.newton_euler import (
    gravity_load,
    inverse_dynamics,
    mass_matrix,
    newton_euler,
    velocity_product,
)
from robocourse.robot import Link, SerialChain
from robocourse.simulate import forward_dynamics

__all__ = ["exercises"]

#: What these hidden tests say, in the student's language (never released).
locate("hidden", hidden_catalogue(__file__))


# --- exercise 1: the outward step on more arms, and whole outward passes --------------------

@functools.lru_cache(maxsize=None)
def _outward_passes():
    """The PUMA 560 and a twisted R-P-R arm in random states, with the library's trace."""
    rng = np.random.default_rng(20261130)
    puma_state = rng.uniform(-2, 2, (3, 6))
    links = [Link(alpha=rng.uniform(-np.pi, np.pi), a=rng.uniform(0, 0.5),
                  d=rng.uniform(0, 0.3), theta=rng.uniform(-1, 1), joint=joint, mass=1.0 + k,
                  r_c=rng.uniform(-0.2, 0.2, 3), I_c=np.diag([0.02, 0.03, 0.04]))
             for k, joint in enumerate("RPR")]
    twisted = SerialChain(links, gravity=[0, 0, -9.81], name="twisted RPR")
    cases = [(puma560(), puma_state), (twisted, rng.uniform(-2, 2, (3, 3)))]
    return tuple((robot, state, newton_euler(robot, *state)) for robot, state in cases)


def _check_outward_pass(outward_step, label, robot, state, result):
    """The whole outward pass built from the student's step, with numbers."""
    q, qd, qdd = state
    motion = (sp.zeros(3, 1), sp.zeros(3, 1), -sp.Matrix(robot.gravity))
    for i, link in enumerate(robot.links):
        T = link.transform(q[i])
        step = say("{arm}, link {i} -> {j}", "hidden", arm=label, i=i, j=i + 1)
        answer = call_step(outward_step, OUTWARD_NAMES, step,
                           (sp.Matrix(rotation(T)), sp.Matrix(translation(T)),
                            sp.Matrix(link.r_c), *motion, sp.Float(qd[i]), sp.Float(qdd[i]),
                            "R" if link.is_revolute else "P"))
        for value, name in zip(answer, OUTWARD_NAMES, strict=True):
            label_of_step = say("{name} ({label})", "hidden", name=name, label=step)
            check_number(floats(value, label_of_step), getattr(result.link(i + 1), name),
                         label_of_step, rtol=1e-8, atol=1e-8)
        motion = tuple(answer[:3])


@exercises.hidden(1)
def exercise_1(outward_step):
    check_outward_step(outward_step, say("P-R arm, base -> link 1 (prismatic)", "hidden"),
                       "P-R arm", 0)
    check_outward_step(outward_step, say("P-R arm, link 1 -> 2", "hidden"), "P-R arm", 1)
    check_outward_step(outward_step, say("R-P arm, base -> link 1", "hidden"), "R-P arm", 0)
    labels = ("PUMA 560", say("twisted RPR arm", "hidden"))
    for label, (robot, state, result) in zip(labels, _outward_passes(), strict=True):
        _check_outward_pass(outward_step, label, robot, state, result)


# --- exercise 2: the inward step on more arms, and a whole inward pass with a tool load ----

@functools.lru_cache(maxsize=None)
def _inward_pass():
    """The PUMA 560 in a random state with a load at the tool, and the library's trace."""
    rng = np.random.default_rng(20261201)
    q, qd, qdd = rng.uniform(-2, 2, (3, 6))
    f_tip, n_tip = np.array([5.0, -3.0, 20.0]), np.array([0.4, 0.0, -1.2])
    result = newton_euler(puma560(), q, qd, qdd, wrench=[*f_tip, *n_tip], frame="tool")
    return q, f_tip, n_tip, result


@exercises.hidden(2)
def exercise_2(inward_step):
    check_inward_step(inward_step, say("R-P arm, link 2", "hidden"), "R-P arm", 2)
    check_inward_step(inward_step, say("R-P arm, link 1", "hidden"), "R-P arm", 1)
    check_inward_step(inward_step, say("P-R arm, link 1", "hidden"), "P-R arm", 1)
    puma = puma560()
    q, f_tip, n_tip, result = _inward_pass()
    f, n = sp.Matrix(f_tip), sp.Matrix(n_tip)
    for i in range(puma.n, 0, -1):
        args = inward_arguments(puma, q, i, result, f_tip, n_tip, sp.Matrix)
        label = say("PUMA 560 with a tool load, link {i}", "hidden", i=i)
        f, n = call_step(inward_step, INWARD_NAMES, label, (*args[:3], f, n, *args[5:]))
        f_label, n_label = (say("{name} ({label})", "hidden", name=name, label=label)
                            for name in ("f", "n"))
        check_number(floats(f, f_label), result.link(i).f, f_label, rtol=1e-8, atol=1e-8,
                     unit="N")
        check_number(floats(n, n_label), result.link(i).n, n_label, rtol=1e-8, atol=1e-8,
                     unit="N·m")


# --- exercises 3-5: the distributed 2R arm, the P-R arm ----------------------------------------

@exercises.hidden(3, by_hand={"vdot_C2": DYNAMICS_ROUTES})
def exercise_3(vdot_C2):
    _, _, result = symbolic_trace("distributed 2R arm")
    check_expression(vdot_C2, result.link(2).vdot_c, "vdot_C2",
                     allowed_symbols=DISTRIBUTED_SYMBOLS, mistakes=com_slips())


@exercises.hidden(4, by_hand={"f_1": DYNAMICS_ROUTES})
def exercise_4(f_1, context):
    _, _, result = symbolic_trace("distributed 2R arm")
    with from_vdot_C2(context, f_1):
        check_expression(f_1, result.link(1).f, "f_1", allowed_symbols=DISTRIBUTED_SYMBOLS,
                         mistakes=bearing_slips())


@exercises.hidden(5, by_hand={"tau_pr": DYNAMICS_ROUTES})
def exercise_5(tau_pr, context):
    _, _, result = symbolic_trace("P-R arm")
    with context.builds_on(*STEPS):
        check_expression(tau_pr, result.tau, "tau_pr", allowed_symbols=PR_SYMBOLS,
                         mistakes=pr_slips())


# --- exercise 6: your arm and its payload ------------------------------------------------------

def _payload_torques(student, m2=None, g=9.81, degrees=False, rates=True, wrench=None):
    """The joint torques of the student's arm (``m2``: link 2's mass with what it holds;
    ``wrench``: a load at the tool, in {0})."""
    lengths, masses, kg, deg, rate, acc = payload_numbers(student)
    arm = planar_2r(l1=lengths[0], l2=lengths[1], m1=masses[0],
                    m2=masses[1] + kg if m2 is None else m2, g=g)
    q = deg if degrees else np.radians(deg)
    return inverse_dynamics(arm, q, rate if rates else np.zeros(2), acc, wrench=wrench)


def _payload_mistakes(context):
    _, masses, kg, _, _, _ = payload_numbers(context.student)
    weight = [0.0, kg * 9.81, 0.0, 0.0, 0.0, 0.0]         # held up by the tool, in {0}
    student = context.student
    return [Known(_payload_torques(student, m2=masses[1]),
                  say("It matches the arm without the payload.", "hidden"), "no-payload"),
            Known(_payload_torques(student, m2=masses[1], wrench=weight),
                  say("It matches the payload's weight alone, held as a static load: the "
                      "payload is accelerated with the tip too.", "hidden"), "static-weight"),
            Known(_payload_torques(student, g=-9.81),
                  say("It matches gravity with the wrong sign: the base is given the "
                      "acceleration 0v̇0 = −0g = [0, g, 0].", "hidden"), "gravity-sign"),
            Known(_payload_torques(student, g=0.0),
                  say("It matches the arm without gravity.", "hidden"), "no-gravity"),
            Known(_payload_torques(student, degrees=True),
                  say("It matches the angles in degrees used as radians.", "hidden"),
                  "degrees"),
            Known(_payload_torques(student, rates=False),
                  say("It matches the arm without its joint rates: the Coriolis and "
                      "centripetal torques are missing.", "hidden"), "no-rates")]


@exercises.hidden(6, by_hand={"tau_payload": DYNAMICS_ROUTES}, first=True)
def exercise_6(tau_payload, context):
    with context.builds_on(*STEPS):
        check_number(tau_payload, _payload_torques(context.student), "tau_payload", rtol=1e-3,
                     atol=1e-3, unit="N·m", mistakes=_payload_mistakes(context))


# --- exercise 7: the mass matrix ---------------------------------------------------------------

def hidden_arms():
    """The arms of the hidden tests and a configuration of each (named in the language in use)."""
    return (
        (Robot(say("R-P arm", "hidden"), "robocourse.models:rp_arm",
               (("l1", 0.3), ("m1", 2.0), ("m2", 1.0), ("Ixx1", 0.05), ("Iyy1", 0.01),
                ("Izz1", 0.05), ("Ixx2", 0.02), ("Iyy2", 0.005), ("Izz2", 0.02), ("g", 9.81))),
         (0.4, 0.7)),
        (Robot(say("3R arm", "hidden"), "robocourse.models:planar_3r",
               (("lengths", (0.5, 0.4, 0.2)), ("masses", (2.0, 1.5, 0.5)),
                ("com_distances", (0.25, 0.2, 0.1)), ("inertias", (0.05, 0.03, 0.01)),
                ("g", 9.81))),
         (0.9, -1.3, 1.7)),
        (Robot(say("P-R arm", "hidden"), "robocourse.exercises.ch3_newton_euler:pr_arm",
               (("m1", 3.0), ("m2", 1.2), ("r2", 0.3), ("I2", 0.04), ("l2", 0.6), ("g", 9.81))),
         (0.5, 1.1)),
        (Robot("PUMA 560", "robocourse.models:puma560"), (0.3, -1.2, 0.8, 1.9, -0.6, 1.4)),
    )


@exercises.hidden(7)
def exercise_7(mass_matrix_by_columns):
    for robot, q in hidden_arms():
        check_mass_matrix(mass_matrix_by_columns, robot, q)


# --- exercise 8: forward dynamics ---------------------------------------------------------------

def _release_mistakes(context):
    arm, q, rate, tau = release_arm(context.student)
    M, c, G = mass_matrix(arm, q), velocity_product(arm, q, rate), gravity_load(arm, q)
    return [Known(np.linalg.solve(M, tau + c + G),
                  say("It matches M q̈ = τ + c + G: the velocity and gravity torques are "
                      "subtracted from τ.", "hidden"), "signs"),
            Known(np.linalg.solve(M, tau - c + G),
                  say("It matches M q̈ = τ − c + G: the gravity torques are subtracted from τ.",
                      "hidden"), "gravity-sign"),
            Known(np.linalg.solve(M, tau - G),
                  say("The Coriolis and centripetal torques c(q, q̇) are missing.",
                      "hidden"), "no-velocity-torques"),
            Known(np.linalg.solve(M, tau - c),
                  say("The gravity torques G(q) are missing.", "hidden"), "no-gravity"),
            Known(np.linalg.solve(M + np.outer(G, np.ones(2)), tau - c - G),
                  say("It matches a mass matrix that holds G(q) in every column: switch "
                      "gravity off for the unit accelerations.", "hidden"), "gravity-in-M"),
            Known(forward_dynamics(arm, np.degrees(q), rate, tau),
                  say("It matches the angles in degrees used as radians.", "hidden"),
                  "degrees")]


@exercises.hidden(8, by_hand={"qdd_now": FORWARD_ROUTES}, first=True)
def exercise_8(qdd_now, context):
    arm, q, rate, tau = release_arm(context.student)
    with from_mass_matrix(context, qdd_now):
        check_number(qdd_now, forward_dynamics(arm, q, rate, tau), "qdd_now", rtol=1e-3,
                     atol=1e-3, unit="rad/s²", mistakes=_release_mistakes(context))


# --- exercises 9-10: the classmate's derivation ----------------------------------------------

FIRST_WRONG = "F"


@exercises.hidden(9)
def exercise_9(wrong_line):
    position, first = LINES.index(wrong_line), LINES.index(FIRST_WRONG)
    if position > first:
        raise Mistake(say("wrong_line: line {line} gives a wrong result, but only because it "
                          "carries on an error made in an earlier line", "hidden",
                          line=wrong_line), f"carried:{wrong_line}")
    if position < first:
        raise Mistake(say("wrong_line: line {line} is right", "hidden", line=wrong_line),
                      f"right-line:{wrong_line}")


@exercises.hidden(10, by_hand={"corrected_line": DYNAMICS_ROUTES})
def exercise_10(corrected_line, context):
    robot, (q, _, _), result = symbolic_trace("R-P arm")
    expected = result.link(2).vdot                        # 2v̇2 (= 2v̇C2)
    coriolis = sp.Matrix([-2 * thetadot1 * ddot2, 0, 0])   # 2 2ω2 × ḋ2 Ẑ
    R12 = rotation(robot.links[1].transform(q[1]))
    known = [Known(expected - coriolis / 2,
                   say("The Coriolis term is 2 ω × ḋ Ẑ: it is taken once here.", "hidden"),
                   "coriolis-half"),
             Known(coriolis,
                   say("It is the missing term alone: give the whole corrected vector.",
                       "hidden"), "term-only"),
             Known(R12 * expected,
                   say("It matches the corrected vector written in {1}: the line's vector is "
                       "written in {2}.", "hidden"), "frame-1"),
             Known(sp.Symbol("m2") * expected,
                   say("It matches m2 times the corrected vector, the force of a later line: "
                       "give the vector of the first wrong line itself.", "hidden"),
                   "later-line-vector")]
    with context.builds_on((9, "wrong_line")):
        check_expression(corrected_line, expected, "corrected_line", allowed_symbols=RP_SYMBOLS,
                         mistakes=known)
