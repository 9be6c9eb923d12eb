"""Chapter 2 exercises — inertia tensors: the answers, the per-student numbers, the visible tests.

The expected tensors come from the library's volume integrals (``inertia_by_integration``);
the hidden tests check the whole answers, and the numbers against the parallel-axis
theorem (``solutions/ch2_inertia/grader.py``). The visible tests of the exercises with
numbers of your own check properties only — symmetry, the trace, the principal
moments that a turn keeps — never the tensor itself.
"""

import functools

import numpy as np
import sympy as sp

from robocourse.frames import rot_x, rot_y, rot_z
from robocourse.grading import ExerciseSet, check_expression, check_number, student_rng
from robocourse.grading.checks import Known, Mistake, case, note, same
from robocourse.grading.exercises import Function, Matrix, Numbers
from robocourse.inertia import (
    Box,
    Cylinder,
    inertia_by_integration,
    parallel_axis,
    point_mass_inertia,
    rotate_inertia,
)
from robocourse.language import say

#: What the test cells (``checks.exercise_<n>(…)``) and the hidden tests
#: (``solutions/ch2_inertia/grader.py``) use of this module: its interface
#: (tests/test_exercise_interfaces.py keeps it exact).
__all__ = [
    "exercises",
    "exercise_1", "exercise_2", "exercise_3", "exercise_4", "exercise_5", "exercise_6",
    "exercise_7", "exercise_8", "exercise_9",
    "BOX", "BY_HAND_ROUTES", "CYLINDER", "PLATE", "PRINCIPAL_ROUTES", "ROTATION_ROUTES",
    "box_about_edge", "box_centre", "box_numbers", "check_reply", "check_theorem",
    "cylinder_about_rim", "h", "l", "link_numbers", "m", "plate_about_corner", "r",
    "random_turn", "tensor_numbers", "w",
]

exercises = ExerciseSet("ch2_inertia")

m, w, l, h, r = sp.symbols("m w l h r", positive=True)

#: The concepts (``grading.concepts``) an exercise asks to derive: switched off while the
#: student's function runs (``Function(forbidden=…)``) or when the answer, to be derived by
#: hand, is recomputed from the answer cells (``by_hand`` in the grader).
INTEGRATION_ROUTES = ("the inertia tensor by integration",)
THEOREM_ROUTES = ("the parallel-axis theorem",)
#: Exercises 1-3: a tensor by integration or by the theorem, by hand.
BY_HAND_ROUTES = (*INTEGRATION_ROUTES, *THEOREM_ROUTES)
#: Exercise 6: a turned tensor (the box of its numbers could also be integrated in turned axes).
ROTATION_ROUTES = ("turning an inertia tensor", *INTEGRATION_ROUTES)
#: Exercises 7 and 8: principal moments and axes.
PRINCIPAL_ROUTES = ("the principal axes",)
#: Exercise 9: the physical-validity check (and with it every function that checks its input).
CHECK_ROUTES = ("the physical check of an inertia tensor", *PRINCIPAL_ROUTES)


# --- expected tensors (by volume integration) ---------------------------------------------

@functools.lru_cache(maxsize=None)
def plate_about_corner():
    """The thin plate (w along X, l along Y) about its corner: the box about its corner,
    flattened (h → 0).

    >>> plate_about_corner()[0, 1]
    -l*m*w/4
    """
    return inertia_by_integration(Box(w, l, h), m, origin=(-w / 2, -l / 2, -h / 2)).subs(h, 0)


@functools.lru_cache(maxsize=None)
def box_about_edge():
    """The box about the midpoint of its edge at y = −l/2, z = +h/2, axes along the edges.

    >>> box_about_edge()[1, 2]
    h*l*m/4
    """
    return inertia_by_integration(Box(w, l, h), m, origin=(0, -l / 2, h / 2))


@functools.lru_cache(maxsize=None)
def cylinder_about_rim():
    """The cylinder about the point of the rim of its lower face on the +X side."""
    return inertia_by_integration(Cylinder(r, h), m, origin=(r, 0, -h / 2))


# --- checks shared by the tensor exercises --------------------------------------------------

def check_symmetric(I, name):
    """Every product of inertia appears twice in the matrix, with the same value."""
    transposed = I.T if isinstance(I, sp.MatrixBase) else np.transpose(I)
    symmetric = (same(I, transposed) if isinstance(I, sp.MatrixBase)
                 else np.allclose(I, transposed, rtol=0, atol=1e-9))
    if not symmetric:
        raise Mistake(say("{name} is not symmetric: every product of inertia appears twice in "
                          "the matrix, with the same sign", "exercises", name=name),
                      "not-symmetric")


def check_units(I, name, symbols):
    """Every entry is a mass times a length squared: linear in the mass ``symbols[0]``, and
    four times larger when every length (``symbols[1:]``) doubles."""
    mass, *lengths = symbols
    doubled = {length: 2 * length for length in lengths}
    if not (same(I.subs(mass, 2 * mass), 2 * I) and
            same(I.subs(doubled, simultaneous=True), 4 * I)):
        raise Mistake(say("{name} does not have the units of an inertia tensor, a mass times a "
                          "length squared (doubling the mass should double it, doubling every "
                          "length multiply it by 4): check the density — the mass over the "
                          "volume or the area — and the limits of the integrals", "exercises",
                          name=name), "units")


def check_zero_products(I, name, entries, reason):
    """The products of inertia at ``entries`` vanish (``reason``: the symmetry that says so)."""
    for i, j in entries:
        if not same(I[i, j], 0):
            raise Mistake(say("{name}[{i}, {j}] should be zero: {reason}", "exercises",
                              name=name, i=i, j=j, reason=reason), f"product-{i}{j}")


def check_trace(I, expected, name, symbols):
    """The trace of a symbolic tensor: the sum of its moments."""
    with note(say("Moving the origin from the centre of mass adds 2 m |P_c|² to the trace "
                  "(the point-mass term m (P_cᵀP_c I3 − P_c P_cᵀ) has the trace 2 m P_cᵀP_c): "
                  "check the moments on the diagonal.", "exercises")):
        check_expression(I.trace(), expected.trace(),
                         say("the trace of {name}", "exercises", name=name),
                         markers=symbols[1:], allowed_symbols=symbols)


def check_limit(I, values, expected, name, symbols, label):
    """``I`` with ``values`` substituted (after cancelling), against ``expected`` there."""
    reduced = I.applyfunc(lambda entry: sp.cancel(entry).subs(values))
    with case(label):
        check_expression(reduced, expected.subs(values), name, markers=symbols[1:],
                         allowed_symbols=symbols)


# --- exercise 1: a thin plate about its corner, by integration -------------------------------

PLATE = (m, w, l)


@exercises.visible(1, cell="ex1_test", I_plate=Matrix(3, 3))
def exercise_1(I_plate):
    """Visible: symmetry, units, the products in z, the flat-plate rule, the plate shrunk
    to a rod."""
    check_symmetric(I_plate, "I_plate")
    check_units(I_plate, "I_plate", PLATE)
    check_zero_products(I_plate, "I_plate", [(0, 2), (1, 2)],
                        say("the plate has z = 0 everywhere, so the products ∫ x z dm and "
                            "∫ y z dm vanish", "exercises"))
    if not same(I_plate[2, 2], I_plate[0, 0] + I_plate[1, 1]):
        raise Mistake(say("I_plate breaks the flat-plate rule Izz = Ixx + Iyy (all the mass has "
                          "z = 0, so Ixx + Iyy − Izz = 2∫z² dm = 0): check the moments on the "
                          "diagonal", "exercises"), "plate-rule")
    check_limit(I_plate, {l: 0}, plate_about_corner(), "I_plate", PLATE,
                say("with l = 0 (the plate becomes a rod of length w along X, about its end)",
                    "exercises"))


# --- exercise 2: a box about the midpoint of an edge ----------------------------------------

BOX = (m, w, l, h)


@exercises.visible(2, cell="ex2_test", I_edge=Matrix(3, 3))
def exercise_2(I_edge):
    """Visible: symmetry, units, the products in x, the trace, the box shrunk to a rod
    along Z."""
    check_symmetric(I_edge, "I_edge")
    check_units(I_edge, "I_edge", BOX)
    check_zero_products(I_edge, "I_edge", [(0, 1), (0, 2)],
                        say("the box is symmetric about the plane x = 0 of {E}, so ∫ x y dm and "
                            "∫ x z dm vanish", "exercises"))
    check_trace(I_edge, box_about_edge(), "I_edge", BOX)
    check_limit(I_edge, {w: 0, l: 0}, box_about_edge(), "I_edge", BOX,
                say("with w = l = 0 (the box becomes a rod of length h along Z, about its "
                    "end)", "exercises"))


# --- exercise 3: a cylinder about a point on its rim -----------------------------------------

CYLINDER = (m, r, h)


@exercises.visible(3, cell="ex3_test", I_rim=Matrix(3, 3))
def exercise_3(I_rim):
    """Visible: symmetry, units, the products in y, the trace, the cylinder shrunk to a
    rod."""
    check_symmetric(I_rim, "I_rim")
    check_units(I_rim, "I_rim", CYLINDER)
    check_zero_products(I_rim, "I_rim", [(0, 1), (1, 2)],
                        say("the cylinder is symmetric about the plane y = 0 of {R}, so "
                            "∫ x y dm and ∫ y z dm vanish", "exercises"))
    check_trace(I_rim, cylinder_about_rim(), "I_rim", CYLINDER)
    check_limit(I_rim, {r: 0}, cylinder_about_rim(), "I_rim", CYLINDER,
                say("with r = 0 (the cylinder becomes a slender rod of length h along Z, and "
                    "{R} sits at its end)", "exercises"))


# --- exercise 4: the parallel-axis theorem, implemented --------------------------------------

def call_theorem(my_parallel_axis, I_c, mass, p_c, label):
    """``my_parallel_axis(I_c, mass, p_c)`` as a 3x3 array (a Mistake if it is not one)."""
    return Numbers((3, 3)).prepare(my_parallel_axis(I_c, mass, p_c), label)


def theorem_slips(I_c, mass, p_c):
    """The classic slips of the theorem, each named without giving its result away."""
    I_c, p = np.asarray(I_c, dtype=float), np.asarray(p_c, dtype=float)
    right = parallel_axis(I_c, mass, p)
    return [Known(I_c + mass * (p @ p * np.eye(3) + np.outer(p, p)),
                  say("The products of inertia have the wrong sign: the point-mass term is "
                      "m (pᵀp I3 − p pᵀ), with a minus before the outer product.", "exercises"),
                  "products:sign"),
            Known(I_c + mass * p @ p * np.eye(3),
                  say("The outer-product part m p pᵀ is missing: moving the origin changes the "
                      "products of inertia too, and not every moment by the same m|p|².",
                      "exercises"), "outer-missing"),
            Known(2 * I_c - right,
                  say("The point-mass term was subtracted: moving away from the centre of mass "
                      "adds it (the centre has the smallest moments).", "exercises"),
                  "subtracted"),
            Known(I_c + point_mass_inertia(1.0, p),
                  say("The mass is missing from the point-mass term.", "exercises"),
                  "mass-missing")]


def check_theorem(my_parallel_axis, I_c, mass, p_c, label):
    """The student's theorem on one case, against the library's, with the slips named."""
    given = call_theorem(my_parallel_axis, I_c, mass, p_c, label)
    check_number(given, parallel_axis(np.asarray(I_c, dtype=float), mass, np.asarray(p_c)),
                 label, rtol=1e-9, atol=1e-12, unit="kg·m²",
                 mistakes=theorem_slips(I_c, mass, p_c))


@exercises.visible(4, cell="ex4_test", my_parallel_axis=Function(forbidden=THEOREM_ROUTES))
def exercise_4(my_parallel_axis):
    """Visible: no move, a general move, a point mass."""
    I_c = np.diag([0.02, 0.05, 0.06])
    check_number(call_theorem(my_parallel_axis, I_c, 1.5, [0.0, 0.0, 0.0], "my_parallel_axis"),
                 I_c, say("my_parallel_axis with p_c = 0 (no move: it must return I_c)",
                          "exercises"), rtol=1e-9, atol=1e-12, unit="kg·m²")
    check_theorem(my_parallel_axis, I_c, 1.5, [0.2, -0.1, 0.3],
                  "my_parallel_axis(I_c, 1.5, [0.2, -0.1, 0.3])")
    check_theorem(my_parallel_axis, np.zeros((3, 3)), 2.0, [1.0, 0.0, 0.0],
                  say("my_parallel_axis for a 2 kg point mass at (1, 0, 0) m (I_c = 0)",
                      "exercises"))


# --- per-student numbers (exercises 5-8) --------------------------------------------------------

def _rng(student, exercise):
    return np.random.default_rng([student_rng(student).integers(2**32), exercise])


def random_turn(rng):
    """A rotation Rot_Z Rot_Y Rot_X by random angles: a tensor turned by it has products of
    both signs."""
    return rot_z(rng.uniform(-3, 3)) @ rot_y(rng.uniform(-1.5, 1.5)) @ rot_x(rng.uniform(-3, 3))


def box_centre(mass, a, b, c):
    """A box's tensor about its centre (sides a, b, c along X, Y, Z)."""
    return mass / 12 * np.diag([b**2 + c**2, a**2 + c**2, a**2 + b**2])


def link_numbers(student):
    """Exercise 5: mass (kg), A_P_C and A_P_B (m), and the tensor about {A} (kg·m²)."""
    rng = _rng(student, 5)
    mass = round(float(rng.uniform(1.0, 4.0)), 2)
    p_AC = np.round(rng.uniform(-0.3, 0.3, 3), 2)
    p_AB = np.round(rng.uniform(-0.3, 0.3, 3), 2)
    I_C = box_centre(mass, *rng.uniform(0.1, 0.5, 3))
    I_A = np.round(parallel_axis(rotate_inertia(I_C, random_turn(rng)), mass, p_AC), 6)
    return mass, p_AC, p_AB, I_A


def box_numbers(student):
    """Exercise 6: the box's sides (m) and mass (kg), its tensor about a corner in the axes
    of its edges (kg·m²), and the two turns (degrees)."""
    rng = _rng(student, 6)
    sides = np.round(rng.uniform(0.2, 0.8, 3), 2)
    mass = round(float(rng.uniform(1.0, 5.0)), 2)
    I_A = np.round(parallel_axis(box_centre(mass, *sides), mass, sides / 2), 6)
    theta_deg = int(rng.integers(15, 76))
    beta_deg = int(rng.integers(-60, -9))
    return (*(float(s) for s in sides), mass, I_A, theta_deg, beta_deg)


def tensor_numbers(student):
    """Exercises 7 and 8: a link's tensor about a point that is not its centre, in axes that
    are not its edges (kg·m²)."""
    rng = _rng(student, 7)
    sides = rng.permutation([rng.uniform(0.1, 0.2), rng.uniform(0.3, 0.4), rng.uniform(0.5, 0.6)])
    mass = rng.uniform(1.0, 5.0)
    I_C = box_centre(mass, *sides)
    p_C = rng.uniform(-0.2, 0.2, 3)
    return np.round(rotate_inertia(parallel_axis(I_C, mass, p_C), random_turn(rng)), 6)


# --- exercise 5: from one joint frame to another, through the centre of mass --------------------

def trace_slips(mass, p_AC, p_AB, I_A):
    """The traces of the classic slips between {A} and {B} (the trace is what the visible
    test checks; each slip has its own)."""
    def moved(p):
        return 2 * mass * p @ p

    at_centre = np.trace(I_A) - moved(p_AC)
    return [Known(np.trace(I_A),
                  say("It is the trace of I_A5: I_B5 is still the tensor about {A} (from the "
                      "centre of mass, move by B_P_C = A_P_C − A_P_B).", "exercises"),
                  "still-at-A"),
            Known(at_centre,
                  say("It is the trace of the tensor about the centre of mass: it still has to "
                      "be moved to {B}.", "exercises"), "at-centre"),
            Known(np.trace(I_A) + moved(p_AB),
                  say("It matches a move straight from {A} to {B}: the parallel-axis theorem "
                      "holds only between the centre of mass and another point — go through "
                      "the centre of mass.", "exercises"), "not-through-centre"),
            Known(np.trace(I_A) + moved(p_AC) + moved(p_AC - p_AB),
                  say("Going from {A} to the centre of mass, the point-mass term must be "
                      "subtracted, not added (the centre has the smallest moments).",
                      "exercises"), "centre-added"),
            Known(at_centre + moved(p_AC + p_AB),
                  say("The centre of mass seen from {B} is A_P_C − A_P_B, not A_P_C + A_P_B.",
                      "exercises"), "offset-sign")]


@exercises.visible(5, cell="ex5_test", I_B5=Numbers((3, 3), "kg·m²"))
def exercise_5(I_B5, context):
    """Visible: symmetry and the trace, trace C_I + 2 m |B_P_C|² (slips named)."""
    mass, p_AC, p_AB, I_A = link_numbers(context.student)
    check_symmetric(I_B5, "I_B5")
    trace = np.trace(I_A) - 2 * mass * p_AC @ p_AC + 2 * mass * (p_AC - p_AB) @ (p_AC - p_AB)
    check_number(np.trace(I_B5), trace,
                 say("the trace of I_B5 (trace C_I + 2 m |B_P_C|²)", "exercises"), rtol=0,
                 atol=3e-6, unit="kg·m²", mistakes=trace_slips(mass, p_AC, p_AB, I_A))


# --- exercise 6: the same tensor in turned axes --------------------------------------------------

@exercises.visible(6, cell="ex6_test", I_B6=Numbers((3, 3), "kg·m²"))
def exercise_6(I_B6, context):
    """Visible: symmetry and the principal moments, which a turn of the axes keeps."""
    I_A = box_numbers(context.student)[4]
    check_symmetric(I_B6, "I_B6")
    with note(say("Turning the axes keeps the principal moments: B_I = B_R_A A_I B_R_Aᵀ, with "
                  "a rotation matrix on the left and its transpose on the right.", "exercises"),
              "not-a-turn"):
        check_number(np.linalg.eigvalsh(I_B6), np.linalg.eigvalsh(I_A),
                     say("the principal moments of I_B6", "exercises"), rtol=0, atol=1e-6,
                     unit="kg·m²")


# --- exercises 7 and 8: principal moments and a principal axis ------------------------------------

@exercises.visible(7, cell="ex7_test", moments_7=Numbers((3,), "kg·m²"))
def exercise_7(moments_7, context):
    """Visible: ascending, and their sum is the trace (which no turn of the axes changes)."""
    I_7 = tensor_numbers(context.student)
    if np.any(np.diff(moments_7) < 0):
        raise Mistake(say("moments_7 should be sorted in ascending order", "exercises"),
                      "not-ascending")
    with note(say("The principal moments add up to the trace of I_7: the trace does not change "
                  "when the axes turn.", "exercises")):
        check_number(moments_7.sum(), np.trace(I_7), say("the sum of moments_7", "exercises"),
                     rtol=0, atol=3e-6, unit="kg·m²")


@exercises.visible(8, cell="ex8_test", axis_8=Numbers((3,)))
def exercise_8(axis_8, context):
    """Visible: a unit vector, and a principal axis (I_7 · axis_8 is parallel to axis_8)."""
    I_7 = tensor_numbers(context.student)
    length = np.linalg.norm(axis_8)
    if not np.isclose(length, 1.0, atol=1e-4):
        raise Mistake(say("axis_8 should be a unit vector; its length is {length}",
                          "exercises", length=f"{length:.4g}"), "not-unit")
    along = (axis_8 @ I_7 @ axis_8) * axis_8
    if not np.allclose(I_7 @ axis_8, along, atol=1e-3 * np.abs(I_7).max()):
        raise Mistake(say("axis_8 is not a principal axis of I_7: I_7 · axis_8 should be "
                          "parallel to axis_8 (np.linalg.eigh returns the eigenvectors as the "
                          "columns of its second result, not its rows)", "exercises"),
                      "not-principal")


# --- exercise 9: could a rigid body have this tensor? --------------------------------------------

REPLIES = (None, "symmetry", "positive", "triangle")


def ask(physical_problem, tensor):
    """The student's reply for one tensor (a Mistake if it is not one of ``REPLIES``)."""
    reply = physical_problem(tensor)
    if reply not in REPLIES:
        raise Mistake(say("physical_problem returned {reply}; it should return None or one of "
                          "{replies}", "exercises", reply=repr(reply),
                          replies=", ".join(map(repr, REPLIES[1:]))), "bad-reply")
    return reply


def check_reply(physical_problem, tensor, wanted, description, code):
    """The reply for one tensor is ``wanted``; otherwise say which case it got wrong."""
    reply = ask(physical_problem, tensor)
    if reply != wanted:
        if wanted is None:
            raise Mistake(say("physical_problem rejects {description} (it returned {reply})",
                              "exercises", description=description, reply=repr(reply)), code)
        raise Mistake(say("physical_problem gets this one wrong: {description} (it returned "
                          "{reply})", "exercises", description=description, reply=repr(reply)),
                      code)


@exercises.visible(9, cell="ex9_test", physical_problem=Function(forbidden=CHECK_ROUTES))
def exercise_9(physical_problem):
    """Visible: a box about its centre, and one tensor for each failing property."""
    check_reply(physical_problem, np.diag([0.0333, 0.0667, 0.0867]), None,
                say("a box about its centre of mass, which is physical", "exercises"),
                "rejects-physical")
    check_reply(physical_problem, [[1.0, 2.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
                "symmetry", say("a tensor with I[0,1] ≠ I[1,0] ({reply})", "exercises",
                                reply=repr("symmetry")), "misses-symmetry")
    check_reply(physical_problem, np.diag([-1.0, 2.0, 2.0]), "positive",
                say("a tensor with a negative moment ({reply})", "exercises",
                    reply=repr("positive")), "misses-positive")
    check_reply(physical_problem, np.diag([1.0, 1.0, 3.0]), "triangle",
                say("diag(1, 1, 3), where 3 > 1 + 1 ({reply})", "exercises",
                    reply=repr("triangle")), "misses-triangle")
