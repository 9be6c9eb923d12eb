"""Chapter 8 exercises — the hidden tests (instructor only: never released).

Registered on the assignment's exercise set (``robocourse.exercises.ch8_spatial_vectors``);
the grader runs each exercise's visible tests, then these.
"""

import numpy as np

from robocourse import simulate, spatial
from robocourse.exercises import hidden_catalogue
from robocourse.exercises.ch8_spatial_vectors import (
    DYNAMICS_ROUTES,
    INERTIA_ROUTES,
    TRANSFORM_ROUTES,
    arm_numbers,
    exercises,
    expected_inertia,
    expected_transform,
    forward_mistakes,
    inertia_mistakes,
    mass_matrix_mistakes,
    motion_numbers,
    student_arm,
    transform_mistakes,
)
from robocourse.grading import check_number
from robocourse.grading.checks import Known
from robocourse.language import locate, say
from robocourse.models import planar_2r

__all__ = ["exercises"]

#: What these hidden tests say, in the student's language (never released).
locate("hidden", hidden_catalogue(__file__))


def expected_acceleration(student):
    """Featherstone's ``a = [v̇ − ω × v_O; ω̇]``."""
    v, vdot, omega_dot = motion_numbers(student)
    return np.concatenate([vdot - np.cross(v[3:], v[:3]), omega_dot])


def acceleration_mistakes(student):
    v, vdot, omega_dot = motion_numbers(student)
    return [Known(np.concatenate([vdot, omega_dot]),
                  say("It matches Craig's acceleration of the origin: the spatial "
                      "acceleration's linear part is v̇ − ω × v_O.", "hidden"), "classic"),
            Known(np.concatenate([vdot + np.cross(v[3:], v[:3]), omega_dot]),
                  say("It matches v̇ + ω × v_O: Craig's v̇ = a_lin + ω × v_O, so "
                      "a_lin = v̇ − ω × v_O.", "hidden"), "cross-sign")]


@exercises.hidden(1, by_hand={"X_21": TRANSFORM_ROUTES}, first=True)
def exercise_1(X_21, context):
    check_number(X_21, expected_transform(context.student), "X_21", rtol=1e-4, atol=1e-4,
                 mistakes=transform_mistakes(context.student))


@exercises.hidden(2, by_hand={"I_link": INERTIA_ROUTES}, first=True)
def exercise_2(I_link, context):
    check_number(I_link, expected_inertia(context.student), "I_link", rtol=1e-4, atol=1e-6,
                 unit="kg, kg·m, kg·m²", mistakes=inertia_mistakes(context.student))


@exercises.hidden(3, first=True)
def exercise_3(a_spatial, context):
    check_number(a_spatial, expected_acceleration(context.student), "a_spatial", rtol=1e-4,
                 atol=1e-4, mistakes=acceleration_mistakes(context.student))


@exercises.hidden(4, by_hand={"M_crba": DYNAMICS_ROUTES}, first=True)
def exercise_4(M_crba, context):
    arm, q = student_arm(context.student)
    check_number(M_crba, spatial.crba(arm, q), "M_crba", rtol=1e-4, atol=1e-6, unit="kg·m²",
                 mistakes=mass_matrix_mistakes(context.student))


@exercises.hidden(5, by_hand={"qdd_aba": DYNAMICS_ROUTES}, first=True)
def exercise_5(qdd_aba, context):
    l1, l2, m1, m2, _, _, tau = arm_numbers(context.student)
    _, q = student_arm(context.student)
    expected = simulate.forward_dynamics(planar_2r(l1=l1, l2=l2, m1=m1, m2=m2, g=9.81), q,
                                         [0.0, 0.0], tau)       # M⁻¹(τ − G): a second route
    check_number(qdd_aba, expected, "qdd_aba", rtol=1e-4, atol=1e-4, unit="rad/s²",
                 mistakes=forward_mistakes(context.student))
