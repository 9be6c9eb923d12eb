"""Chapter 3's exercise checks: the identity the payload's visible test relies on, the
library routes switched off for answers derived by hand (what is built on them refuses
too, what an exercise allows still works), a student's function of a robot, and feedback
that only the grader can give.

The verdicts on right and wrong answers are in ``test_exercise_feedback.py``.
"""

import pathlib

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from robocourse.exercises import ch3_newton_euler as ch3
from robocourse.grading.checks import Mistake
from robocourse.grading.exercises import Context, ExerciseVerdict, Function, Robot
from robocourse.grading.handover import FunctionSource
from robocourse.grading.runner import Runner
from robocourse.models import planar_2r
from robocourse.newton_euler import inverse_dynamics
from robocourse_grader.preprocessors import load_exercise_set

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def runner():
    with Runner(timeout=60) as job:
        yield job


lengths = st.floats(0.1, 2.0)
masses = st.floats(0.0, 5.0)
angles = st.floats(-np.pi, np.pi)
rates = st.floats(-3.0, 3.0)


@given(st.tuples(lengths, lengths), st.tuples(masses, masses), st.tuples(angles, angles),
       st.tuples(rates, rates), st.tuples(rates, rates))
def test_the_torques_deliver_the_power_the_point_masses_take(lengths, masses, q, qd, qdd):
    """τᵀ θ̇ = dE/dt: the torques of Newton–Euler against the energy of the point masses."""
    arm = planar_2r(l1=lengths[0], l2=lengths[1], m1=masses[0], m2=masses[1], g=9.81)
    tau = inverse_dynamics(arm, q, qd, qdd)
    power = ch3.point_mass_power(lengths, masses, q, qd, qdd)
    assert tau @ np.asarray(qd) == pytest.approx(power, rel=1e-9, abs=1e-9)


def test_the_power_check_refuses_torques_that_do_not_supply_the_energy():
    ch3.check_power(2.0, 2.0 + 1e-4)
    with pytest.raises(Mistake, match="dE/dt") as raised:
        ch3.check_power(2.0, 2.1)
    assert raised.value.code == "power"


# The one-call routes a student might take, as data: ``refused`` lists those that raise
# "switched off", ``answered`` those that still work.
ROUTES = """
from robocourse import control, lagrange, lagrange_euler, newton_euler, simulate
from robocourse._backend import NUMBERS
from robocourse.closed_form import closed_form
from robocourse.codegen import CompiledDynamics
from robocourse.models import planar_2r
from robocourse.trajectories import synchronised

arm = planar_2r(l1=0.5, l2=0.4, m1=1.0, m2=0.5, g=9.81)
q, qd, qdd = [0.3, 0.4], [0.5, -0.2], [1.0, 0.1]
calls = {
    "newton_euler.inverse_dynamics": lambda: newton_euler.inverse_dynamics(arm, q, qd, qdd),
    "newton_euler._weightless": lambda: newton_euler._weightless(arm, q, qd, qdd, NUMBERS),
    "newton_euler.mass_matrix": lambda: newton_euler.mass_matrix(arm, q),
    "lagrange.lagrange_equations": lambda: lagrange.lagrange_equations(planar_2r()),
    "lagrange.inverse_dynamics": lambda: lagrange.inverse_dynamics(arm, q, qd, qdd),
    "lagrange_euler.inverse_dynamics": lambda: lagrange_euler.inverse_dynamics(arm, q, qd, qdd),
    "closed_form": lambda: closed_form(arm).inverse_dynamics(q, qd, qdd),
    "CompiledDynamics": lambda: CompiledDynamics(arm, backend="numpy").mass_matrix(q),
    "simulate.forward_dynamics": lambda: simulate.forward_dynamics(arm, q, qd, [1.0, 0.0]),
    "control.computed_torque": lambda: control.computed_torque(
        arm, synchronised([0.0, 0.0], [1.0, 1.0], 1.0), 10, 5)(0.5, np.array(q), np.array(qd)),
}
refused, answered = [], []
for name, call in calls.items():
    try:
        call()
    except AssertionError as error:
        if "switched off" not in str(error):
            raise
        refused.append(name)
    else:
        answered.append(name)
"""


def routes_with(runner, forbidden):
    values = runner.start(program=[("routes", "import numpy as np\n" + ROUTES)],
                          names=["refused", "answered"], forbidden=forbidden)
    runner.end()
    return set(values["answered"])


def test_a_dynamics_answer_derived_by_hand_has_no_route_left(runner):
    assert routes_with(runner, ch3.DYNAMICS_ROUTES) == set()


def test_forward_dynamics_by_hand_keeps_inverse_dynamics_alone(runner):
    """``_weightless`` (a weightless pass) is left only to M and c, both off here: it goes
    off with them; with the mass matrix alone off, ``velocity_product`` still runs it."""
    assert routes_with(runner, ch3.FORWARD_ROUTES) == {"newton_euler.inverse_dynamics"}


def test_the_mass_matrix_by_columns_keeps_inverse_dynamics_alone(runner):
    assert routes_with(runner, ch3.MASS_MATRIX_ROUTES) == {"newton_euler.inverse_dynamics",
                                                           "newton_euler._weightless"}


def test_a_function_of_a_robot_gets_the_robot_built_in_its_process(runner):
    source = FunctionSource("joints", "def joints(robot, q):\n"
                            "    return [robot.n, robot.links[1].mass, len(q)]\n")
    context = Context(ch3.exercises, "s1", runner_factory=lambda: runner)
    function = Function(takes_robot=True).rebuild(source, "joints", context)
    assert function(ch3.numeric_2r(), [0.1, 0.2]) == [2, 1.0, 2]
    refusing = FunctionSource("refusing", "def refusing(robot, q):\n"
                              "    from robocourse.newton_euler import mass_matrix\n"
                              "    return mass_matrix(robot, q)\n")
    function = Function(forbidden=ch3.MASS_MATRIX_ROUTES, takes_robot=True).rebuild(
        refusing, "refusing", context)
    with pytest.raises(Mistake, match=r"refusing\(<2R arm.*mass_matrix is switched off for "
                       "this exercise, which asks you to derive the mass matrix yourself"):
        function(ch3.numeric_2r(), [0.1, 0.2])


def test_a_robot_is_named_as_data():
    assert Robot("P-R arm", "robocourse.exercises.ch3_newton_euler:pr_arm",
                     (("m1", 3.0), ("m2", 1.0), ("r2", 0.3), ("I2", 0.04), ("l2", 0.6),
                      ("g", 9.81))).build().joint_types == ("prismatic", "revolute")
    assert ch3.release_robot("s1").build().n == 2


def test_feedback_about_earlier_answers_needs_the_grader():
    """While a student works the kernel knows no earlier verdicts: nothing is added."""
    working = Context(ch3.exercises, "s1")
    with pytest.raises(Mistake) as raised, working.builds_on(*ch3.STEPS):
        raise Mistake("tau_pr is not right", "not-equal")
    assert str(raised.value) == "tau_pr is not right"
    graded = Context(ch3.exercises, "s1", answers={1: {"outward_step": object()}},
                     verdicts={1: ExerciseVerdict(False, "", "coriolis-frame")})
    with pytest.raises(Mistake) as raised, graded.builds_on(*ch3.STEPS):
        raise Mistake("tau_pr is not right", "not-equal")
    assert "your outward_step of exercise 1 did not pass" in str(raised.value)
    assert raised.value.code == "not-equal"


def test_the_numeric_exercises_name_their_known_mistakes_before_the_visible_checks():
    """The hidden tests hold the named mistakes of exercises 6 and 8: the grader runs them
    first, so a wrong answer gets its name rather than the visible check's plainer words."""
    exercise_set, _ = load_exercise_set(ROOT / "solutions" / "ch3_newton_euler" / "grader.py")
    assert exercise_set.exercises[6].hidden_first and exercise_set.exercises[8].hidden_first
