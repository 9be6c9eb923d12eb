"""Feedback of the graded exercises on answers a student would write: the instructor's
answers pass the visible and the hidden tests, and each named mistake reaches the
student with its code (an answer that follows from a wrong earlier one says so).

The grader's decisions are made here, in this process, on the answers handed over as
data; the student's functions run in an unsandboxed runner. Recomputing the answers
derived by hand needs the sandbox: ``test_exercises.py`` grades the solutions that way,
and ``test_autograde.py`` a library route taken instead.
"""

import atexit
import importlib
import importlib.util
import pathlib

import nbformat
import numpy as np
import pytest

from robocourse.grading import concepts
from robocourse.grading.exercises import Context, Function
from robocourse.grading.handover import encode
from robocourse.grading.runner import Runner
from robocourse_grader.preprocessors import load_exercise_set
from robocourse_grader.report import english_assignment

ROOT = pathlib.Path(__file__).resolve().parent.parent
STUDENT = "s1234567"
_RUNNER = []


def shared_runner():
    """One runner process for every decision these tests make, as a grading worker keeps
    one per submission: each start and each replay forks a fresh child of it, which is
    all that ever runs student code, so nothing carries over from one decision to the
    next (and a runner stopped by a timeout is started again on its next use). It is
    stopped when the tests end."""
    if not _RUNNER:
        _RUNNER.append(Runner())
        atexit.register(_RUNNER[0].close)
    return _RUNNER[0]


def solution_source(assignment):
    """The instructor's notebook as one program: its set-up, numbers and answer cells."""
    notebook = nbformat.read(ROOT / "solutions" / assignment / f"{assignment}.ipynb", 4)
    cells = [f'STUDENT_ID = "{STUDENT}"']
    cells += [cell.source for cell in notebook.cells if cell.cell_type == "code"
              and cell.metadata.get("nbgrader", {}).get("grade_id")
              and not cell.metadata["nbgrader"].get("grade")]
    return "\n\n".join(cells)


def run_as_module(source, path):
    """Run ``source`` from a file (so that its functions can be handed over as source).

    numpy's print options are the process's: a notebook's ``np.set_printoptions`` is
    undone afterwards, or every later doctest in this process would print with it."""
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    with np.printoptions():
        spec.loader.exec_module(module)
    return vars(module)


def decide(assignment, namespace, numbers):
    """The grader's verdicts on the exercises ``numbers`` (in order), answers handed over
    from ``namespace`` as a test cell would."""
    exercise_set, _ = load_exercise_set(ROOT / "solutions" / assignment / "grader.py")
    context = Context(exercise_set, STUDENT, runner_factory=shared_runner)
    verdicts = {}
    try:
        for number in sorted(numbers):
            exercise = exercise_set.exercises[number]
            handed = {name: {"value": encode(kind.prepare(namespace[name], name)
                                             if isinstance(kind, Function) else namespace[name])}
                      for name, kind in exercise.answers.items()}
            verdicts[number] = exercise_set.decide(exercise.cell, handed, context)
            context.verdicts[number] = verdicts[number]
    finally:
        shared_runner().end()
    return verdicts


#: The English assignments' grader modules (a Chinese version's is a link to its English one's).
GRADED = sorted(p.parent.name for p in (ROOT / "solutions").glob("*/grader.py")
                if english_assignment(p.parent.name) == p.parent.name)


@pytest.mark.parametrize("assignment", GRADED)
def test_every_route_an_exercise_switches_off_exists(assignment):
    """A renamed library function must not leave a route that cannot be switched off: every
    function of every concept an exercise forbids is there."""
    exercise_set, _ = load_exercise_set(ROOT / "solutions" / assignment / "grader.py")
    forbidden = {name for exercise in exercise_set.exercises.values()
                 for kind in exercise.answers.values() if isinstance(kind, Function)
                 for name in kind.forbidden}
    forbidden |= {name for exercise in exercise_set.exercises.values()
                  for names in exercise.by_hand.values() for name in names}
    routes = concepts.functions(sorted(forbidden))
    missing = [route for route in routes if not callable(concepts.resolve(route))]
    assert routes and not missing


@pytest.fixture(scope="module", params=["ch0_kinematics", "ch2_inertia", "ch3_newton_euler"])
def solution(request, tmp_path_factory):
    assignment = request.param
    folder = tmp_path_factory.mktemp(assignment)
    return assignment, run_as_module(solution_source(assignment), folder / "solution.py")


def test_the_instructors_answers_pass_the_visible_and_the_hidden_tests(solution):
    assignment, namespace = solution
    exercise_set, _ = load_exercise_set(ROOT / "solutions" / assignment / "grader.py")
    verdicts = decide(assignment, namespace, exercise_set.exercises)
    failed = {n: v.message for n, v in verdicts.items() if not v.passed}
    assert not failed


SIDE_GRIPPER_FLIPPED = """
phi = theta1 + theta2 + theta3
pose_3r = sp.Matrix([l1 * sp.cos(theta1) + l2 * sp.cos(theta1 + theta2) + l3 * sp.cos(phi)
                     + h * sp.sin(phi),
                     l1 * sp.sin(theta1) + l2 * sp.sin(theta1 + theta2) + l3 * sp.sin(phi)
                     - h * sp.cos(phi), phi])
J0_3r = pose_3r.jacobian([theta1, theta2, theta3])
J4_3r = (R_40 * J0_3r).applyfunc(sp.fu)
qdot = np.linalg.solve(np.array(J0_3r.subs(values), dtype=float),
                       [rates_v[0], rates_v[1], rates_omega])
"""

FUNCTIONS_SLIPPED = """
from robocourse.frames import dh_transform


def dh(alpha, a, theta, d):
    return dh_transform(alpha, a, theta, d)


def ik_2r(x, y, l1, l2):
    c2 = (x**2 + y**2 - l1**2 - l2**2) / (2 * l1 * l2)
    if abs(c2) > 1:
        raise ValueError("out of reach")
    branches = []
    for s2 in (np.sqrt(1 - c2**2), -np.sqrt(1 - c2**2)):
        theta1 = np.arctan(y / x) - np.arctan2(l2 * s2, l1 + l2 * c2)
        branches.append(np.array([theta1, np.arctan2(s2, c2)]))
    return tuple(branches)


singular_theta2 = [0]
"""

UNITS_SLIPPED = """
def ik_2r(x, y, l1, l2):
    c2 = (x**2 + y**2 - l1**2 - l2**2) / (2 * l1 * l2)
    s2 = np.sqrt(1 - c2**2)
    return (np.array([np.arctan2(y, x) - np.arctan2(l2 * s2, l1 + l2 * c2), np.arctan2(s2, c2)]),
            np.array([np.arctan2(y, x) + np.arctan2(l2 * s2, l1 + l2 * c2), -np.arctan2(s2, c2)]))


values.update(zip((theta1, theta2, theta3), rates_theta_deg))
qdot = np.linalg.solve(np.array(J0_3r.subs(values), dtype=float),
                       [rates_v[0], rates_v[1], rates_omega])
"""

SLIPS_OF_THE_TENSORS = """
I_plate = 2 * sp.diag(*I_plate.diagonal()) - I_plate       # products without their minus sign


def my_parallel_axis(I_c, mass, p_c):
    p = np.asarray(p_c, dtype=float)
    return np.asarray(I_c, dtype=float) + mass * p @ p * np.eye(3)


I_B5 = parallel_axis(I_A5, mass_5, p_AB)                   # straight from {A} to {B}
I_B6 = A_R_B @ I_A6 @ A_R_B.T                                # turned the wrong way
moments_7 = np.sort(np.diag(I_7))
axis_8 = axes_7[:, 2]


def physical_problem(I, tol=1e-9):
    I = np.asarray(I, dtype=float)
    if np.any(I != I.T):
        return "symmetry"
    moments = np.linalg.eigvalsh(I)
    if moments[0] < 0:
        return "positive"
    return "triangle" if moments[2] > moments[0] + moments[1] else None
"""

MORE_SLIPS_OF_THE_TENSORS = """
I_plate = I_plate * w * l                                   # density m instead of m/(w l)
I_B6 = rot_z(theta_deg) @ rot_y(beta_deg)
I_B6 = I_B6.T @ I_A6 @ I_B6                                  # degrees as radians
axis_8 = axes_7[0, :]                                        # a row of the eigenvectors
"""

STEPS_SLIPPED = """
def outward_step(R, P, P_c, omega, omega_dot, vdot, qd, qdd, joint):
    R_back = R                                                  # i_R_i+1 taken as it is
    rigid = R_back * (omega_dot.cross(P) + omega.cross(omega.cross(P)) + vdot)
    if joint == "R":
        omega_new = R_back * omega + qd * Z
        omega_dot_new = R_back * omega_dot + (R_back * omega).cross(qd * Z) + qdd * Z
        vdot_new = rigid
    else:
        omega_new, omega_dot_new = R_back * omega, R_back * omega_dot
        vdot_new = rigid + (2 * omega_new).cross(qd * Z) + qdd * Z
    vdot_c = omega_dot_new.cross(P_c) + omega_new.cross(omega_new.cross(P_c)) + vdot_new
    return omega_new, omega_dot_new, vdot_new, vdot_c


def inward_step(R, P, P_c, f_next, n_next, F, N):
    from robocourse.frames import force_transform
    wrench = force_transform(R, P) * sp.Matrix([*f_next, *n_next])
    return sp.Matrix(wrench[:3]) + F, sp.Matrix(wrench[3:]) + N + P_c.cross(F)


tau_pr = sp.Matrix([m1 * (dddot1 + g), tau_pr[1]])           # the slider lifts the carriage alone
"""

DISTRIBUTED_SLIPPED = """
R12_d, P2 = rot_z(theta2), sp.Matrix([l1, 0, 0])
w1, w1_dot = thetadot1 * Z, thetaddot1 * Z
v1_dot_d = rot_z(theta1).T * sp.Matrix([0, g, 0])
w2_d = w1 + thetadot2 * Z
v2_dot_d = R12_d.T * (w1_dot.cross(P2) + w1.cross(w1.cross(P2)) + v1_dot_d)
PC1, PC2 = sp.Matrix([r1, 0, 0]), sp.Matrix([r2, 0, 0])
vdot_C2 = w2_d.cross(w2_d.cross(PC2)) + v2_dot_d             # the term 2ω̇2 × 2PC2 forgotten
f_1 = R12_d * (m2 * vdot_C2) + m1 * (w1_dot.cross(PC1) + w1.cross(w1.cross(PC1)) + v1_dot_d)
wrong_line = "I"
corrected_line = sp.Matrix([-2 * thetadot1 * ddot2, 0, 0])
"""

PAYLOAD_FORGOTTEN = """
tau_payload, _ = torques_by_my_steps(planar_2r(**arm, m2=masses[1]), q_now, theta_dot, theta_ddot)


def mass_matrix_by_columns(robot, q):
    n = robot.n
    return np.column_stack([inverse_dynamics(robot, q, np.zeros(n), np.eye(n)[j])
                            for j in range(n)])


M8 = mass_matrix_by_columns(arm8, q8)
qdd_now = np.linalg.solve(M8, tau8 - c8 - G8)
"""

SIGNS_AND_DEGREES = """
tau_payload, _ = torques_by_my_steps(planar_2r(**arm, m2=masses[1] + payload_kg),
                                     theta_deg.astype(float), theta_dot, theta_ddot)
qdd_now = np.linalg.solve(M8, tau8 + c8 + G8)
wrong_line = "e"
corrected_line = R21 * rigid + omega_2.cross(ddot2 * Z) + dddot2 * Z
"""

# (assignment, what the student did, source run after the instructor's answers,
#  {exercise: (mistake code, words of the feedback)})
SLIPS = [
    ("ch0_kinematics", "the gripper offset on the wrong side, carried through",
     SIDE_GRIPPER_FLIPPED, {1: ("term:h:sign", "the term in h has the wrong sign"),
                            4: ("follows:ex1", "follows correctly from your pose_3r"),
                            5: ("follows:ex4", "from your J0_3r of exercise 4"),
                            8: ("follows:ex4", "gripper offset on the wrong side")}),
    ("ch0_kinematics", "a library route in a function, arctan, a singularity missed",
     FUNCTIONS_SLIPPED, {2: ("library-route", "dh_transform is switched off"),
                         3: ("quadrant", "np.arctan2(y, x) keeps it"),
                         7: ("missing", "misses a singular configuration")}),
    ("ch0_kinematics", "no reach check, the Jacobian at the angles in degrees",
     UNITS_SLIPPED, {3: ("no-error", "should raise ValueError"),
                     8: ("degrees", "angles in degrees taken as radians")}),
    ("ch2_inertia", "the classic slips of the theorem, the turn and the eigenvectors",
     SLIPS_OF_THE_TENSORS, {1: ("products:sign", "minus sign"),
                            4: ("outer-missing", "m p pᵀ is missing"),
                            5: ("not-through-centre", "go through the centre of mass"),
                            6: ("turn:direction", "turned the wrong way"),
                            7: ("diagonal", "diagonal entries"),
                            8: ("axis:largest", "of the largest moment"),
                            9: ("rejects-plate", "allow for rounding with tol")}),
    ("ch2_inertia", "the density, degrees as radians, a row for a column",
     MORE_SLIPS_OF_THE_TENSORS, {1: ("units", "a mass times a length squared"),
                                 6: ("turn:degrees", "degrees"),
                                 8: ("not-principal", "columns")}),
    ("ch3_newton_euler", "R untransposed, a library step, the slider alone",
     STEPS_SLIPPED, {1: ("R-transposed", "handed R transposed"),
                     2: ("library-route", "force_transform is switched off"),
                     5: ("slider-alone", "inward_step of exercise 2 did not pass")}),
    ("ch3_newton_euler", "a term forgotten and carried on, a later line, the term alone",
     DISTRIBUTED_SLIPPED, {3: ("inertial:wrong", "the inertial term in θ̈₁ is not right"),
                           4: ("follows:ex3", "from your vdot_C2 of exercise 3"),
                           9: ("carried:I", "carries on an error"),
                           10: ("term-only", "wrong_line of exercise 9 did not pass")}),
    ("ch3_newton_euler", "the payload forgotten, gravity in M carried to forward dynamics",
     PAYLOAD_FORGOTTEN, {6: ("no-payload", "without the payload"),
                         7: ("gravity-in-columns", "switch gravity off"),
                         8: ("follows:ex7", "from your mass_matrix_by_columns of exercise 7")}),
    ("ch3_newton_euler", "degrees as radians, the signs of c and G, the Coriolis term once",
     SIGNS_AND_DEGREES, {6: ("degrees", "degrees used as radians"),
                         8: ("signs", "τ + c + G"),
                         9: ("right-line:E", "line E is right"),
                         10: ("coriolis-half", "taken once")}),
]


@pytest.mark.parametrize("assignment, slip, source, expected", SLIPS,
                         ids=[f"{a}: {s}" for a, s, _, _ in SLIPS])
def test_a_slip_is_named_with_its_code(assignment, slip, source, expected, tmp_path):
    namespace = run_as_module(solution_source(assignment) + "\n\n" + source,
                              tmp_path / "submission.py")
    verdicts = decide(assignment, namespace, set(expected) | set(range(1, max(expected))))
    for number, (code, words) in expected.items():
        verdict = verdicts[number]
        assert (verdict.code, words in verdict.message) == (code, True), verdict.message
