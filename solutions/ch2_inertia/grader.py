"""Chapter 2 exercises — the hidden tests (instructor only: never released).

Registered on the assignment's exercise set (``robocourse.exercises.ch2_inertia``);
the grader runs each exercise's visible tests, then these.
"""

import functools

import numpy as np
import sympy as sp

from robocourse.exercises import hidden_catalogue
from robocourse.exercises.ch2_inertia import (
    BOX,
    BY_HAND_ROUTES,
    CYLINDER,
    PLATE,
    PRINCIPAL_ROUTES,
    ROTATION_ROUTES,
    box_about_edge,
    box_centre,
    box_numbers,
    check_reply,
    check_theorem,
    cylinder_about_rim,
    exercises,
    h,
    l,
    link_numbers,
    m,
    plate_about_corner,
    r,
    random_turn,
    tensor_numbers,
    w,
)
from robocourse.frames import rot_x, rot_y, rot_z
from robocourse.grading import check_expression, check_number
from robocourse.grading.checks import Known, Mistake, numbers_at
from robocourse.inertia import (
    Box,
    inertia_by_integration,
    parallel_axis,
    parallel_axis_to_centre,
    principal_axes,
    rotate_inertia,
)
from robocourse.language import locate, say

__all__ = ["exercises"]

#: What these hidden tests say, in the student's language (never released).
locate("hidden", hidden_catalogue(__file__))


def products_flipped(I):
    """``I`` with the products of inertia entered without their minus sign."""
    return 2 * sp.diag(*I.diagonal()) - I


def check_tensor(I, expected, name, symbols, sign_slip):
    """The whole symbolic tensor, with the sign slip of its products named (``sign_slip``)."""
    flipped = Known(products_flipped(expected), sign_slip, "products:sign")
    check_expression(I, expected, name, markers=symbols[1:], allowed_symbols=symbols,
                     mistakes=[flipped])


def check_numbers(I, values, expected, name, rtol=1e-9, atol=1e-12):
    """The tensor for ``values`` against a second, numeric route."""
    check_number(numbers_at(I, values, name), expected, name, rtol=rtol, atol=atol,
                 unit="kg·m²")


@exercises.hidden(1, by_hand={"I_plate": BY_HAND_ROUTES})
def exercise_1(I_plate):
    check_tensor(I_plate, plate_about_corner(), "I_plate", PLATE,
                 say("The product of inertia has the wrong sign: the products enter the matrix "
                     "with a minus sign, I[0, 1] = −∫ x y dm.", "hidden"))
    # A 1.2 kg plate of 0.5 m × 0.3 m against a box 1 nm thick (numeric integration).
    thin_box = inertia_by_integration(Box(0.5, 0.3, 1e-9), 1.2, origin=(-0.25, -0.15, -0.5e-9))
    check_numbers(I_plate, {m: 1.2, w: 0.5, l: 0.3}, thin_box,
                  say("I_plate for m = 1.2 kg, w = 0.5 m, l = 0.3 m", "hidden"), rtol=1e-6,
                  atol=1e-9)


@exercises.hidden(2, by_hand={"I_edge": BY_HAND_ROUTES})
def exercise_2(I_edge):
    check_tensor(I_edge, box_about_edge(), "I_edge", BOX,
                 say("The product of inertia has the wrong sign: the products enter the matrix "
                     "with a minus sign (I[1, 2] = −∫ y z dm), and seen from {E} the centre of "
                     "mass is at E_P_C = (0, +l/2, −h/2).", "hidden"))
    # Second route: the numeric centre tensor moved by the theorem.
    theorem = parallel_axis(box_centre(2.0, 0.5, 0.3, 0.2), 2.0, [0.0, 0.15, -0.1])
    check_numbers(I_edge, {m: 2.0, w: 0.5, l: 0.3, h: 0.2}, theorem,
                  say("I_edge for m = 2 kg, w = 0.5 m, l = 0.3 m, h = 0.2 m", "hidden"))


@exercises.hidden(3, by_hand={"I_rim": BY_HAND_ROUTES})
def exercise_3(I_rim):
    check_tensor(I_rim, cylinder_about_rim(), "I_rim", CYLINDER,
                 say("The product of inertia has the wrong sign: the products enter the matrix "
                     "with a minus sign (I[0, 2] = −∫ x z dm), and seen from {R} the centre of "
                     "mass is at R_P_C = (−r, 0, +h/2).", "hidden"))
    # Second route: the textbook centre tensor diag(m(3r²+h²)/12, same, m r²/2), moved.
    centre = np.diag([1.5 * (3 * 0.05**2 + 0.3**2) / 12] * 2 + [1.5 * 0.05**2 / 2])
    theorem = parallel_axis(centre, 1.5, [-0.05, 0.0, 0.15])
    check_numbers(I_rim, {m: 1.5, r: 0.05, h: 0.3}, theorem,
                  say("I_rim for m = 1.5 kg, r = 0.05 m, h = 0.3 m", "hidden"))


@exercises.hidden(4)
def exercise_4(my_parallel_axis, context):
    rng = context.rng()
    cases = []
    for _ in range(5):
        mass = float(rng.uniform(0.5, 6.0))
        centre = rotate_inertia(box_centre(mass, *rng.uniform(0.1, 0.8, 3)), random_turn(rng))
        cases.append((centre, mass, rng.uniform(-1.0, 1.0, 3)))      # products of both signs
    cases.append((cases[0][0].tolist(), 3.0, (0.0, 0.0, -0.7)))       # lists and tuples
    cases.append((np.zeros((3, 3)), 0.0, [0.4, 0.5, 0.6]))            # no mass: no change
    for k, (I_c, mass, p_c) in enumerate(cases):
        check_theorem(my_parallel_axis, I_c, mass, p_c,
                      say("my_parallel_axis on hidden test case {k} (mass {mass} kg)",
                          "hidden", k=k, mass=f"{mass:.3g}"))


@exercises.hidden(5)
def exercise_5(I_B5, context):
    mass, p_AC, p_AB, I_A = link_numbers(context.student)
    expected = parallel_axis(parallel_axis_to_centre(I_A, mass, p_AC), mass, p_AC - p_AB)
    check_number(I_B5, expected, "I_B5", rtol=0, atol=1e-6, unit="kg·m²")


def turn_slips(I_A, theta_deg, beta_deg):
    """``(right, [Known …])``: B_I and every combination of three classic slips, named."""
    slips = {"direction": say("the tensor is turned the wrong way: B_I = B_R_A A_I B_R_Aᵀ with "
                              "B_R_A = A_R_Bᵀ", "hidden"),
             "order": say("the two turns are composed in the wrong order: the second turn is "
                          "about the new Y axis, so its matrix multiplies on the right",
                          "hidden"),
             "degrees": say("the angles are in degrees, but rot_y and rot_z take radians",
                            "hidden")}
    combos = {}
    for degrees in (False, True):
        t, b = (theta_deg, beta_deg) if degrees else np.radians([theta_deg, beta_deg])
        for order in (False, True):
            A_R_B = rot_y(b) @ rot_z(t) if order else rot_z(t) @ rot_y(b)
            for direction in (False, True):
                R = A_R_B if direction else A_R_B.T                     # the B_R_A used
                names = [name for name, flag in (("direction", direction), ("order", order),
                                                 ("degrees", degrees)) if flag]
                combos[tuple(names)] = R @ I_A @ R.T
    right = combos.pop(())
    known = []
    for names, wrong in combos.items():
        if not np.allclose(wrong, right, atol=1e-6):
            text = functools.reduce(lambda first, then: say("{first}; {then}", "hidden",
                                                            first=first, then=then),
                                    (slips[name] for name in names))
            sentence = say("{slips}.", "hidden", slips=text[0].upper() + text[1:])
            known.append(Known(wrong, sentence, "turn:" + "+".join(names)))
    return right, known


@exercises.hidden(6, by_hand={"I_B6": ROTATION_ROUTES})
def exercise_6(I_B6, context):
    *_, I_A, theta_deg, beta_deg = box_numbers(context.student)
    right, known = turn_slips(I_A, theta_deg, beta_deg)
    check_number(I_B6, right, "I_B6", rtol=0, atol=1e-6, unit="kg·m²", mistakes=known)


@exercises.hidden(7, by_hand={"moments_7": PRINCIPAL_ROUTES})
def exercise_7(moments_7, context):
    I_7 = tensor_numbers(context.student)
    diagonal = Known(np.sort(np.diag(I_7)),
                     say("It holds the diagonal entries of I_7: those are the moments about the "
                         "axes of {A}; the principal moments are the eigenvalues.", "hidden"),
                     "diagonal")
    try:
        check_number(moments_7, principal_axes(I_7)[0], "moments_7", rtol=0, atol=1e-6,
                     unit="kg·m²", mistakes=[diagonal])
    except Mistake as mistake:
        scale = np.abs(I_7).max()
        wrong = [k for k, moment in enumerate(moments_7)
                 if abs(np.linalg.det(I_7 - moment * np.eye(3))) / scale**3 > 1e-4]
        if mistake.code == "diagonal" or not wrong:
            raise
        raise Mistake(say("{mistake} moments_7[{k}] is not a principal moment: "
                          "det(I_7 − λ I3) is not zero there.", "hidden", mistake=mistake,
                          k=wrong[0]), "not-eigenvalue") from None


@exercises.hidden(8, by_hand={"axis_8": PRINCIPAL_ROUTES})
def exercise_8(axis_8, context):
    I_7 = tensor_numbers(context.student)
    axes = principal_axes(I_7)[1]
    for k, which, message in [
            (2, "largest", say("axis_8 is the principal axis of the largest moment, not of the "
                               "smallest", "hidden")),
            (1, "middle", say("axis_8 is the principal axis of the middle moment, not of the "
                              "smallest", "hidden"))]:
        if np.isclose(abs(axis_8 @ axes[:, k]), 1.0, atol=1e-4):
            raise Mistake(message, f"axis:{which}")
    along = axis_8 if axis_8 @ axes[:, 0] >= 0 else -axis_8        # either direction is fine
    check_number(along, axes[:, 0], "axis_8", rtol=0, atol=1e-4)


@exercises.hidden(9)
def exercise_9(physical_problem):
    R = rot_z(0.7) @ rot_y(-0.4) @ rot_x(1.1)          # a generic turn: products appear

    def turn(diagonal):
        return R @ np.diag(diagonal) @ R.T

    corner = parallel_axis(box_centre(2.0, 0.6, 0.4, 0.2), 2.0, [0.3, 0.2, 0.1])
    negative_inside = turn([-0.02, 0.30, 0.35])         # every diagonal entry > 0
    triangle_inside = turn([0.10, 0.15, 0.40])          # the diagonal obeys the triangle rule
    asymmetric, rounding = corner.copy(), corner.copy()
    asymmetric[0, 2] += 1e-3
    rounding[1, 0] += 1e-12
    cases = [
        (turn([0.02, 0.05, 0.07]), None,
         say("a flat plate in turned axes (principal moments I3 = I1 + I2 exactly): the "
             "equality case of the triangle inequality is physical — allow for rounding with "
             "tol", "hidden"), "rejects-plate"),
        (turn([0.0, 0.045, 0.045]), None,
         say("a slender rod in turned axes (a zero principal moment is physical — allow for "
             "rounding with tol)", "hidden"), "rejects-rod"),
        (np.zeros((3, 3)), None,
         say("a point mass at the origin (the zero tensor is physical)", "hidden"),
         "rejects-point-mass"),
        (R @ corner @ R.T, None,
         say("a box about its corner in turned axes (products of either sign are physical)",
             "hidden"), "rejects-physical"),
        (rounding, None,
         say("a symmetric tensor up to a rounding error of 1e-12 (within tol)", "hidden"),
         "tolerance"),
        (negative_inside, "positive",
         say("a tensor whose diagonal entries are all positive but which has a negative "
             "principal moment (check the eigenvalues, not the diagonal)", "hidden"),
         "diagonal-only"),
        (triangle_inside, "triangle",
         say("a tensor whose diagonal entries satisfy the triangle inequality but whose "
             "principal moments break it (check the principal moments, not the diagonal)",
             "hidden"), "diagonal-only"),
        (asymmetric, "symmetry",
         say("a box tensor with I[0,2] and I[2,0] differing by 1e-3", "hidden"),
         "misses-symmetry"),
        (np.diag([-0.1, 0.2, 0.5]), "positive",
         say("a tensor with a negative moment that also breaks the triangle inequality (report "
             "the first failing check: {reply})", "hidden", reply=repr("positive")), "order"),
        (corner.tolist(), None, say("a physical tensor given as a nested list", "hidden"),
         "nested-list"),
    ]
    for tensor, wanted, description, code in cases:
        check_reply(physical_problem, tensor, wanted, description, code)
