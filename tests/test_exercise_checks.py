"""The checks of the chapter 4 and 5 exercises, decided as the grader decides them (visible
then hidden tests, on hand-over data, one submission's answers in order), without a
notebook or a sandbox: right answers pass, the named mistakes get their codes, and
feedback that stems from an earlier answer says so. Also the answer kinds these
exercises use and ``Context.builds_on``."""

import pathlib

import numpy as np
import pytest
import sympy as sp
from test_exercise_feedback import shared_runner

from robocourse import lagrange
from robocourse.exercises import ch4_lagrange as ch4
from robocourse.exercises import ch5_trajectories_control as ch5
from robocourse.grading.checks import Mistake
from robocourse.grading.exercises import (
    Choice,
    Context,
    ExerciseVerdict,
    Expression,
    Mapping,
    Matrix,
)
from robocourse.grading.handover import FunctionSource, encode
from robocourse.grading.vocabulary import Vocabulary
from robocourse.models import planar_2r_distributed
from robocourse.robot import joint_symbols
from robocourse_grader.preprocessors import load_exercise_set

ROOT = pathlib.Path(__file__).resolve().parent.parent
STUDENT = "s1234567"


@pytest.fixture(scope="module")
def sets():
    return {name: load_exercise_set(ROOT / "solutions" / name / "grader.py")[0]
            for name in ("ch4_lagrange", "ch5_trajectories_control")}


class Submission:
    """One student's answers decided in order, sharing the grader's context."""

    def __init__(self, exercise_set):
        self.exercise_set = exercise_set
        self.context = Context(exercise_set, STUDENT, runner_factory=shared_runner)

    def hand_in(self, number, **answers):
        exercise = self.exercise_set.exercises[number]
        handed = {name: {"value": encode(FunctionSource.of(value) if callable(value) else value)}
                  for name, value in answers.items()}
        verdict = self.exercise_set.decide(exercise.cell, handed, self.context)
        self.context.verdicts[number] = verdict
        return verdict

    def close(self):
        shared_runner().end()


@pytest.fixture
def chapter4(sets):
    submission = Submission(sets["ch4_lagrange"])
    yield submission
    submission.close()


@pytest.fixture
def chapter5(sets):
    submission = Submission(sets["ch5_trajectories_control"])
    yield submission
    submission.close()


def assert_code(verdict, code, *words):
    assert (verdict.passed, verdict.code) == (code == "passed", code), verdict.message
    for word in words:
        assert word in verdict.message, verdict.message


# --- chapter 4 ---------------------------------------------------------------------------------

def coriolis_from_M(M, q, qd):
    n = len(q)
    C = sp.zeros(n, n)
    for i in range(n):
        for j in range(n):
            for k in range(n):
                C[i, j] += (sp.diff(M[i, j], q[k]) + sp.diff(M[i, k], q[j])
                            - sp.diff(M[j, k], q[i])) / 2 * qd[k]
    return C


def coriolis_with_a_sign_error(M, q, qd):
    n = len(q)
    C = sp.zeros(n, n)
    for i in range(n):
        for j in range(n):
            for k in range(n):
                C[i, j] += (sp.diff(M[i, j], q[k]) + sp.diff(M[i, k], q[j])
                            + sp.diff(M[j, k], q[i])) / 2 * qd[k]
    return C


def coriolis_stub(M, q, qd):
    raise NotImplementedError()


def _payload_values(expression, degrees_as_radians=False):
    numbers = ch4.payload_numbers(STUDENT)
    state = ch4.motion_state(numbers)
    if degrees_as_radians:
        state.update(zip((ch4.theta1, ch4.theta2), map(float, numbers[5]), strict=True))
    return np.array(expression.subs(ch4.uniform_rods(numbers)).subs(state), dtype=float).ravel()


def tau_move(terms, **options):
    return _payload_values(sum(terms.values(), sp.zeros(2, 1)), **options)


def E_state(M, g_sign=1):
    rates = sp.Matrix([ch4.thetadot1, ch4.thetadot2])
    numbers = ch4.payload_numbers(STUDENT)
    kinetic = _payload_values((rates.T * M * rates)[0] / 2)[0]
    return kinetic + g_sign * ch4.payload_potential(numbers)


def right_corrections():
    arm = planar_2r_distributed()
    q, qd, _ = joint_symbols(arm)
    return {"C12": lagrange.coriolis_matrix(arm, q, qd)[0, 1],
            "G2": lagrange.gravity_load(arm, q)[1]}


def test_chapter_4_right_answers_pass(chapter4):
    answers = {1: {"K_lift": ch4.lift_energy()}, 2: {"tau_lift": ch4.lift_torques()},
               3: {"M_payload": ch4.payload_mass_matrix()},
               4: {"coriolis_from_M": coriolis_from_M},
               5: {"terms_payload": ch4.payload_terms()},
               6: {"tau_move": tau_move(ch4.payload_terms())},
               7: {"E_state": E_state(ch4.payload_mass_matrix())},
               8: {"corrections": right_corrections()}}
    for number, given in answers.items():
        assert_code(chapter4.hand_in(number, **given), "passed")


def test_chapter_4_energy_mistakes_and_what_follows_from_them(chapter4):
    K = ch4.lift_energy()
    no_cross = K - ch4.m2 * ch4.r2 * ch4.ddot1 * ch4.thetadot2 * sp.cos(ch4.theta2)  # no ḋ1θ̇2
    assert_code(chapter4.hand_in(1, K_lift=no_cross), "term:m2:missing", "ḋ1⋅θ̇2")
    assert_code(chapter4.hand_in(2, tau_lift=ch4.lift_torques_from(no_cross)), "follows:ex1",
                "your K_lift of exercise 1")
    wrong_gravity = ch4.lift_torques().subs(ch4.g, -ch4.g)
    assert_code(chapter4.hand_in(2, tau_lift=wrong_gravity), "gravity:sign",
                "did not pass either")
    assert_code(chapter4.hand_in(1, K_lift=K + ch4.ddot1), "not-quadratic")


def test_chapter_4_a_mistake_of_its_own_is_not_blamed_on_an_earlier_answer(chapter4):
    assert_code(chapter4.hand_in(1, K_lift=ch4.lift_energy()), "passed")
    wrong_gravity = ch4.lift_torques().subs(ch4.g, -ch4.g)
    assert_code(chapter4.hand_in(2, tau_lift=wrong_gravity), "gravity:sign")


def test_chapter_4_mass_matrix_and_coriolis_mistakes(chapter4):
    M = ch4.payload_mass_matrix()
    unsymmetric = M.copy()
    unsymmetric[0, 1] += ch4.I2
    assert_code(chapter4.hand_in(3, M_payload=unsymmetric), "not-symmetric")
    assert_code(chapter4.hand_in(3, M_payload=M.subs(ch4.mp, 0)), "term:m_p:missing")
    assert_code(chapter4.hand_in(4, coriolis_from_M=coriolis_with_a_sign_error),
                "velocity:extra", "lift arm")
    assert_code(chapter4.hand_in(4, coriolis_from_M=coriolis_stub), "raised", "stub")


def test_chapter_4_labelled_terms_and_numbers(chapter4):
    terms = ch4.payload_terms()
    misplaced = {**terms, "coriolis": terms["coriolis"] + terms["centripetal"],
                 "centripetal": sp.zeros(2, 1)}
    assert_code(chapter4.hand_in(5, terms_payload=misplaced), "misplaced:coriolis",
                "belongs in 'centripetal'")
    assert_code(chapter4.hand_in(5, terms_payload={"inertial": terms["inertial"]}),
                "wrong-keys", "missing")
    wrong = {**terms, "gravity": -terms["gravity"]}
    assert_code(chapter4.hand_in(5, terms_payload=wrong), "gravity:sign")
    assert_code(chapter4.hand_in(6, tau_move=tau_move(wrong)), "follows:ex5",
                "your terms_payload of exercise 5")
    assert_code(chapter4.hand_in(6, tau_move=tau_move(terms, degrees_as_radians=True)),
                "degrees")                  # a named mistake: exercise 5 is not blamed for it
    assert_code(chapter4.hand_in(7, E_state=E_state(ch4.payload_mass_matrix(), g_sign=-1)),
                "negative-kinetic", "check the signs")        # caught by the visible test
    no_payload = ch4.payload_mass_matrix().subs(ch4.mp, 0)
    assert_code(chapter4.hand_in(3, M_payload=no_payload), "term:m_p:missing")
    assert_code(chapter4.hand_in(7, E_state=E_state(no_payload)), "follows:ex3",
                "your M_payload of exercise 3")
    assert_code(chapter4.hand_in(7, E_state=2 * E_state(ch4.payload_mass_matrix())),
                "out-of-tolerance", "your M_payload of exercise 3 did not pass")


def test_chapter_4_spot_the_error(chapter4):
    right = right_corrections()
    classmate = ch4.classmate_model()
    assert_code(chapter4.hand_in(8, corrections={**right, "C11": classmate[1][0, 0]}),
                "right-already", "C11")
    assert_code(chapter4.hand_in(8, corrections={"C12": right["C12"]}), "energy-drift")
    assert_code(chapter4.hand_in(8, corrections={**right, "G2": right["G2"] + sp.Symbol("x")}),
                "foreign-symbols", "x")
    assert_code(chapter4.hand_in(8, corrections={"X12": 0}), "wrong-keys", "'X12'")


# --- chapter 5 ---------------------------------------------------------------------------------

def cubic_position(theta0, thetaf, tf, t):
    change = thetaf - theta0
    return theta0 + 3 * change * (t / tf)**2 - 2 * change * (t / tf)**3


def linear_position(theta0, thetaf, tf, t):
    return theta0 + (thetaf - theta0) * t / tf


def computed_torque_law(robot, q, qd, q_des, qd_des, qdd_des, Kp, Kv):
    from robocourse.newton_euler import gravity_load, mass_matrix, velocity_product

    servo = qdd_des + Kv * (qd_des - qd) + Kp * (q_des - q)
    return mass_matrix(robot, q) @ servo + velocity_product(robot, q, qd) + gravity_load(robot, q)


def law_without_gravity(robot, q, qd, q_des, qd_des, qdd_des, Kp, Kv):
    from robocourse.newton_euler import mass_matrix, velocity_product

    servo = qdd_des + Kv * (qd_des - qd) + Kp * (q_des - q)
    return mass_matrix(robot, q) @ servo + velocity_product(robot, q, qd)


def law_with_the_library(robot, q, qd, q_des, qd_des, qdd_des, Kp, Kv):
    from robocourse import control

    class Standing:
        def at(self, t):
            return q_des, qd_des, qdd_des

    return control.computed_torque(robot, Standing(), Kp, Kv)(0.0, q, qd)


def sync_answers(factor=1.5):
    change, v_max = ch5.sync_moves(STUDENT)
    t_sync = float((factor * np.abs(change) / v_max).max())
    return t_sync, 1.5 * change / t_sync


def max_gap(points_more=0):
    from robocourse.kinematics import forward_kinematics
    from robocourse.models import planar_2r
    from robocourse.trajectories import distance_from_line, joint_space_path

    lengths, A, B, n = ch5.line_numbers(STUDENT)
    arm = planar_2r(l1=lengths[0], l2=lengths[1], m1=1.0, m2=1.0, g=9.81)
    path = joint_space_path(ch5.straight_line_2r(arm, A, B, points=n + points_more), 100)
    tips = np.array([np.asarray(forward_kinematics(arm, q), dtype=float)[:2, 3] for q in path])
    return float(np.abs(distance_from_line(tips, A, B)).max())


def ydot(without_gravity=False):
    numbers = ch5.state_numbers(STUDENT)
    arm, q = ch5.state_arm(numbers), np.radians(numbers[2])
    rates, tau = numbers[3], numbers[4]
    bias = ch5.velocity_product(arm, q, rates) + (0 if without_gravity else
                                                   ch5.gravity_load(arm, q))
    return np.concatenate([rates, np.linalg.solve(ch5.mass_matrix(arm, q), tau - bias)])


def e_inf(through_M=True):
    arm, path, Kp, _ = ch5.classmate_setup()
    M, G = ch5.mass_matrix(arm, path.qf), ch5.gravity_load(arm, path.qf)
    return (np.linalg.solve(M, G) if through_M else G) / Kp


def test_chapter_5_right_answers_pass(chapter5):
    t_sync, qd_half = sync_answers()
    answers = {"1": {"coeffs": ch5.rest_to_rest()}, "2": {"coeffs_v": ch5.through_via()},
               "3": {"cubic_position": cubic_position}, "4a": {"t_sync": t_sync},
               "4b": {"qd_half": qd_half}, "5": {"max_gap": max_gap()}, "6": {"ydot": ydot()},
               "7": {"computed_torque_law": computed_torque_law},
               "8a": {"missing_term": " Gravity"}, "8b": {"tau_corrected": ch5.corrected_law()},
               "8c": {"e_inf": e_inf()}}
    for number, given in answers.items():
        assert_code(chapter5.hand_in(number, **given), "passed")


def test_chapter_5_cubic_mistakes_and_what_follows_from_them(chapter5):
    coeffs = ch5.rest_to_rest()
    assert_code(chapter5.hand_in("1", coeffs=coeffs + sp.Matrix([0, ch5.t, 0, 0])), "has-time")
    wrong = coeffs.subs(ch5.t_f**3, -ch5.t_f**3)                      # c3 with the wrong sign
    assert_code(chapter5.hand_in("1", coeffs=wrong), "term:theta_f:wrong", "θ(t_f)")
    at_rest_as_wrong = ch5.through_via() + (wrong - coeffs)
    assert_code(chapter5.hand_in("2", coeffs_v=at_rest_as_wrong), "follows:ex1",
                "your coeffs of exercise 1")
    assert_code(chapter5.hand_in("3", cubic_position=linear_position), "linear",
                "constant speed")


def test_chapter_5_timing_mistakes(chapter5):
    t_sync, _ = sync_answers(factor=1.0)
    assert_code(chapter5.hand_in("4a", t_sync=t_sync), "average-speed")
    change, _ = ch5.sync_moves(STUDENT)
    assert_code(chapter5.hand_in("4b", qd_half=1.5 * change / t_sync), "follows:ex4a",
                "your t_sync of exercise 4a")
    assert_code(chapter5.hand_in("5", max_gap=max_gap(points_more=1)), "points-plus-one")


def test_chapter_5_state_rate_and_control_mistakes(chapter5):
    right = ydot()
    assert_code(chapter5.hand_in("6", ydot=np.concatenate([right[2:], right[:2]])),
                "halves-swapped")
    assert_code(chapter5.hand_in("6", ydot=ydot(without_gravity=True)), "gravity-missing")
    assert_code(chapter5.hand_in("7", computed_torque_law=law_without_gravity),
                "gravity-missing", "2R arm at rest on the track")
    assert_code(chapter5.hand_in("7", computed_torque_law=law_with_the_library), "library-route",
                "switched off")


def test_chapter_5_spot_the_error(chapter5):
    assert_code(chapter5.hand_in("8a", missing_term="velocity"), "wrong-term", "zero at rest")
    assert_code(chapter5.hand_in("8a", missing_term="friction"), "not-an-option")
    no_gravity = ch5.corrected_law().subs(ch5.g, 0)
    assert_code(chapter5.hand_in("8b", tau_corrected=no_gravity), "gravity:missing")
    assert_code(chapter5.hand_in("8c", e_inf=e_inf(through_M=False)), "no-M", "G / Kp")
    assert_code(chapter5.hand_in("8c", e_inf=e_inf() * 2), "out-of-tolerance",
                "your missing_term of exercise 8a did not pass either")


# --- the answer kinds and feedback helpers ------------------------------------------------

def test_joint_kinds_read_time_functions_and_twins():
    t = sp.Symbol("t")
    theta = sp.Function("theta1")(t)
    twin = sp.Symbol("m1", positive=True)
    kind = Matrix(2, 1, symbols=(ch4.theta1, ch4.thetadot1, ch4.m1))
    read = kind.read(kind.prepare(sp.Matrix([twin * theta.diff(t), sp.cos(theta)]), "x"),
                     Vocabulary())
    assert read == sp.Matrix([ch4.m1 * ch4.thetadot1, sp.cos(ch4.theta1)])


def test_mapping_names_missing_and_unexpected_keys():
    exact = Mapping(("a", "b"), Expression())
    with pytest.raises(Mistake, match="not expected: 'c'; missing: 'b'") as raised:
        exact.prepare({"a": 1, "c": 2}, "terms")
    assert raised.value.code == "wrong-keys"
    menu = Mapping(("a", "b"), Expression(), exact=False)
    assert menu.prepare({"b": 3}, "fix") == {"b": sp.Integer(3)}
    with pytest.raises(Mistake, match="fix should be a dict"):
        menu.prepare({}, "fix")
    with pytest.raises(Mistake, match=r"fix\['a'\] should be a sympy expression"):
        menu.prepare({"a": "one"}, "fix")


def test_a_choice_may_take_any_capitals_and_refuses_other_words():
    kind = Choice(("gravity", "velocity"), ignore_case=True)
    assert kind.prepare("GRAVITY ", "w") == "gravity"
    with pytest.raises(Mistake, match="w should be one of 'gravity', 'velocity'"):
        kind.prepare("friction", "w")


def _context(verdicts, answers=None):
    context = Context(ch4.exercises, STUDENT, answers=answers)
    context.verdicts.update(verdicts)
    return context


@pytest.mark.parametrize("verdicts, consistent, code, words", [
    ({}, None, "sign", []),                                              # nothing known: as is
    ({1: ExerciseVerdict(True, "", "passed")}, None, "sign", []),       # the earlier one passed
    ({1: ExerciseVerdict(False, "", "x")}, None, "sign", ["your K of exercise 1 did not pass"]),
    ({1: ExerciseVerdict(False, "", "x")}, lambda K: True, "follows:ex1",
     ["follows correctly from your K"]),
    ({1: ExerciseVerdict(False, "", "x"), 2: ExerciseVerdict(False, "", "y")}, None, "sign",
     ["exercise 1 and your C of exercise 2", "them"]),
])
def test_builds_on_says_which_earlier_answer(verdicts, consistent, code, words):
    context = _context(verdicts, answers={1: {"K": sp.Integer(1)}})
    with pytest.raises(Mistake) as raised, \
            context.builds_on((1, "K"), (2, "C"), consistent=consistent):
        raise Mistake("tau is not right.", "sign")
    assert raised.value.code == code
    for word in words:
        assert word in str(raised.value)


def test_builds_on_does_not_blame_an_earlier_answer_for_a_stub():
    context = _context({1: ExerciseVerdict(False, "", "x")})
    with pytest.raises(Mistake) as raised, context.builds_on((1, "K")):
        raise Mistake("f raised NotImplementedError: is the answer cell still the stub?",
                      "raised")
    assert raised.value.code == "raised"
