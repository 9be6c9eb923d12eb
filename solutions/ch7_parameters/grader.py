"""Chapter 7 exercises — the hidden tests (instructor only: never released).

Registered on the assignment's exercise set (``robocourse.exercises.ch7_parameters``);
the grader runs each exercise's visible tests, then these.
"""

import functools

import numpy as np
import sympy as sp

from robocourse.exercises import hidden_catalogue
from robocourse.exercises.ch7_parameters import (
    EX2_SYMBOLS,
    EX4_SYMBOLS,
    GRAVITY,
    IDENTIFICATION_ROUTES,
    M2,
    M3,
    PARAMETER_ROUTES,
    REGRESSOR_ROUTES,
    REGROUPING_ROUTES,
    ZZ1,
    check_rigid,
    exercises,
    g,
    l1,
    l2,
    link_numbers,
    no_effect_2r,
    pendulum_data,
    regressor_column,
    theta1,
    theta2,
    zzr1_3r,
)
from robocourse.grading import check_expression, check_number
from robocourse.grading.checks import Known, Mistake
from robocourse.language import locate, say
from robocourse.parameters import origin_parameters, regressor
from robocourse.robot import Link, SerialChain

__all__ = ["exercises"]

#: What these hidden tests say, in the student's language (never released).
locate("hidden", hidden_catalogue(__file__))


# --- exercise 1 ------------------------------------------------------------------------------

def _link_mistakes(mass, r_c, I_c):
    """Known wrong parameter vectors: no parallel axis, Craig's products, the axis term
    subtracted."""
    def vector(J):
        return [J[0, 0], J[0, 1], J[0, 2], J[1, 1], J[1, 2], J[2, 2], *(mass * r_c), mass]

    outer = mass * (r_c @ r_c * np.eye(3) - np.outer(r_c, r_c))
    craig = I_c + outer
    return [Known(vector(I_c),
                  say("It matches the tensor about the centre of mass: the standard parameters "
                      "take it about the origin of the link frame (parallel axis, "
                      "J = C_I + m (r_cᵀ r_c I3 − r_c r_cᵀ)).", "hidden"), "no-parallel-axis"),
            Known(vector(craig * np.array([[1, -1, -1], [-1, 1, -1], [-1, -1, 1]])),
                  say("It matches the products of inertia with the opposite sign: XY, XZ, YZ "
                      "are the entries of the tensor (XY = −I_xy).", "hidden"),
                  "product-sign"),
            Known(vector(I_c - outer),
                  say("It matches the parallel-axis term subtracted: moving away from the "
                      "centre of mass makes the moments larger.", "hidden"),
                  "parallel-axis-sign")]


@exercises.hidden(1, by_hand={"pi_link": PARAMETER_ROUTES})
def exercise_1(pi_link, context):
    mass, r_c, I_c = link_numbers(context.student)
    expected = origin_parameters(mass, r_c, I_c)
    check_number(pi_link, expected, "pi_link", rtol=1e-4, atol=1e-6, unit="kg·m², kg·m, kg",
                 mistakes=_link_mistakes(mass, r_c, I_c))


# --- exercise 2 ------------------------------------------------------------------------------

@exercises.hidden(2, by_hand={"Y_MX2": REGRESSOR_ROUTES})
def exercise_2(Y_MX2):
    column = regressor_column("MX2")
    c12, s12 = sp.cos(theta1 + theta2), sp.sin(theta1 + theta2)
    known = [Known(regressor_column("MY2"),
                   say("It matches the column of MY2: MX2 is the first moment along X2 (cos of "
                       "the absolute angle in the gravity term).", "hidden"), "other-column"),
             Known(sp.Matrix([g * c12, g * c12]),
                   say("Only the gravity terms: the elbow accelerates, so link 2's first moment "
                       "also meets inertial and centripetal forces (the terms in l1).",
                       "hidden"), "elbow-fixed"),
             Known(column - g * sp.Matrix([c12 + s12, c12 + s12]),
                   say("The gravity term is the one of MY2: with gravity along −Y0 the weight's "
                       "lever arm for a first moment along X2 is cos(θ1 + θ2).", "hidden"),
                   "gravity:axis")]
    check_expression(Y_MX2, column, "Y_MX2", markers=(g, l1), allowed_symbols=EX2_SYMBOLS,
                     mistakes=known)


# --- exercise 3 ------------------------------------------------------------------------------

@exercises.hidden(3)
def exercise_3(no_effect):
    expected = set(no_effect_2r())
    given = set(no_effect)
    acting, missing = sorted(given - expected), sorted(expected - given)
    problems = []
    if acting:
        problems.append(say("it lists {count} parameter(s) whose column of Y is not zero "
                            "(they move a joint): look again at what each link's motion can "
                            "feel", "hidden", count=len(acting)))
    if missing:
        problems.append(say("{count} parameter(s) with a zero column of Y are missing: think of "
                            "a first moment along the joint axes, and of a mass that sits on a "
                            "joint axis that never moves", "hidden", count=len(missing)))
    if problems:
        both = functools.reduce(lambda first, then: say("{first}; {then}", "hidden",
                                                        first=first, then=then), problems)
        raise Mistake(say("no_effect is not right: {problems}", "hidden", problems=both),
                      "acting-listed" if acting else "no-effect-missing")


# --- exercise 4 ------------------------------------------------------------------------------

@exercises.hidden(4, by_hand={"ZZR1": REGROUPING_ROUTES})
def exercise_4(ZZR1):
    expected = zzr1_3r()
    known = [Known(ZZ1 + l1**2 * M2,
                   say("It matches the 2R arm's ZZR1: link 3's mass rides on link 2 "
                       "(MR2 = M2 + M3), and with it onto link 1.", "hidden"), "m3-missing"),
             Known(ZZ1 + l1**2 * M2 + (l1 + l2)**2 * M3,
                   say("It matches link 3's mass at the tip of link 2 seen from axis 1: the "
                       "rules regroup one joint at a time — M3 first rides onto link 2 at the "
                       "origin of {3}, which is l1 from axis 1 only after the next step.",
                       "hidden"), "whole-lever")]
    check_expression(ZZR1, expected, "ZZR1", markers=(M2, M3),
                     allowed_symbols=EX4_SYMBOLS, mistakes=known)


# --- exercise 5 ------------------------------------------------------------------------------

def pendulum_rows(q, qd, qdd):
    """The library's regressor of the pendulum for ``[ZZ1, MX1, MY1, FV1, FC1]``, one row
    per sample (the other standard parameters have no effect)."""
    pendulum = SerialChain([Link(joint="R")], gravity=(0.0, -GRAVITY, 0.0), name="pendulum")
    keep = [5, 6, 7, 10, 11]
    return np.array([regressor(pendulum, [a], [b], [c], friction=True)[0, keep]
                     for a, b, c in zip(q, qd, qdd, strict=True)])


def _fit(rows, tau):
    return np.linalg.lstsq(rows, tau, rcond=None)[0]


@exercises.hidden(5, by_hand={"pi_hat": IDENTIFICATION_ROUTES})
def exercise_5(pi_hat, context):
    q, qd, qdd, tau, _ = pendulum_data(context.student)
    rows = pendulum_rows(q, qd, qdd)
    expected = _fit(rows, tau)
    flip = np.diag([1.0, 1.0, -1.0, 1.0, 1.0])
    swap = np.column_stack([rows[:, 0], -rows[:, 2], -rows[:, 1], rows[:, 3], rows[:, 4]])
    with_q = np.column_stack([rows[:, :4], np.sign(q)])
    known = [Known(_fit(rows @ flip, tau),
                   say("It matches the column of MY with the wrong sign: with gravity along −Y0 "
                       "it is −g sin θ.", "hidden"), "gravity:sign"),
             Known(_fit(swap, tau),
                   say("It matches MX and MY swapped: the first moment along X1 has the lever "
                       "arm g cos θ.", "hidden"), "columns-swapped"),
             Known(_fit(with_q, tau),
                   say("It matches Coulomb friction with sign(q): it opposes the motion, "
                       "sign(q̇).", "hidden"), "coulomb:sign-of-q"),
             Known(_fit(rows * [1, 9.8 / GRAVITY, 9.8 / GRAVITY, 1, 1], tau),
                   say("It matches g = 9.8: take g = 9.81 m/s².", "hidden"), "g-value")]
    check_number(pi_hat, expected, "pi_hat", rtol=1e-5, atol=1e-7,
                 unit="kg·m², kg·m, N·m·s, N·m", mistakes=known)


# --- exercise 6 ------------------------------------------------------------------------------

def _condition_feedback(meaning):
    """What is wrong with a (wrong) option of exercise 6, and its code."""
    return {
        "a": (say("A larger condition number means LESS excitation: the smallest singular value "
                  "of W is small, some combination of parameters barely moves the torques.",
                  "hidden"), "more-is-better"),
        "c": (say("Noise is exactly what the condition number amplifies: "
                  "|δπ|/|π| <= cond(W) |δy|/|y|.", "hidden"), "noise-free"),
        "d": (say("The condition number does not count samples: it is a ratio of singular "
                  "values, which more samples of the same motion hardly change.", "hidden"),
              "samples"),
    }[meaning]


@exercises.hidden(6)
def exercise_6(meaning):
    if meaning != "b":
        message, code = _condition_feedback(meaning)
        raise Mistake(say("{name} is not right. {hint}", "hidden", name="meaning",
                          hint=message), code)


# --- exercise 7 ------------------------------------------------------------------------------

def _origin(mass, r_c, I_c):
    """The ten parameters about the link origin of any (even impossible) mass properties."""
    J = I_c + mass * (r_c @ r_c * np.eye(3) - np.outer(r_c, r_c))
    return np.array([J[0, 0], J[0, 1], J[0, 2], J[1, 1], J[1, 2], J[2, 2], *(mass * r_c), mass])


def _random_cases(rng, count):
    """Rigid bodies (mass, centre of mass, tensor in random axes) and broken ones: a negative
    moment about the centre of mass, a broken triangle inequality, a negative mass."""
    cases = []
    for k in range(count):
        mass, r_c = rng.uniform(0.5, 5.0), rng.uniform(-0.5, 0.5, 3)
        a, b = rng.uniform(0.02, 0.3, 2)
        c = rng.uniform(abs(a - b) + 0.01, a + b - 0.01)
        Q, _ = np.linalg.qr(rng.standard_normal((3, 3)))
        rigid = _origin(mass, r_c, Q @ np.diag([a, b, c]) @ Q.T)
        cases.append((say("random rigid body {k}", "hidden", k=k + 1), rigid, True))
        kind = k % 3
        label = (say("random case {k}, which has a negative principal moment about its centre "
                     "of mass", "hidden", k=k + 1),
                 say("random case {k}, which has a tensor about its centre of mass that breaks "
                     "the triangle inequality", "hidden", k=k + 1),
                 say("random case {k}, which has a negative mass", "hidden", k=k + 1))[kind]
        broken = (np.diag([a, b, -c]), np.diag([a, b, a + b + 0.05]), None)[kind]
        values = (_origin(mass, r_c, Q @ broken @ Q.T) if broken is not None
                  else rigid * np.r_[[1] * 9, -1])
        cases.append((label, values, False))
    return cases


@exercises.hidden(7)
def exercise_7(is_rigid_body, context):
    for label, values, expected in _random_cases(context.rng(), 6):
        check_rigid(is_rigid_body, label, values, expected)
    rod = [0.0, 0.0, 0.0, 0.5, 0.0, 0.5, 1.0, 0.0, 0.0, 2.0]
    check_rigid(is_rigid_body, say("a zero mass", "hidden"), rod[:9] + [0.0], False)
