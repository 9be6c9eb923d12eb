"""Chapter 7 exercises — dynamic parameters and identification: the answers, the
per-student numbers, the visible tests.

The expected answers come from the library's second method (the regressor of
``parameters``, the regrouping rules and QR of ``base_parameters``, least squares on the
library's regressor); the hidden tests check the whole answer
(``solutions/ch7_parameters/grader.py``).
"""

import functools

import numpy as np
import sympy as sp

from robocourse.grading import ExerciseSet, check_call, check_expression, check_number, student_rng
from robocourse.grading.checks import Mistake, case
from robocourse.grading.exercises import Choice, Expression, Function, Matrix, Numbers, Value
from robocourse.language import say
from robocourse.models import planar_2r
from robocourse.parameters import parameter_symbols, regressor
from robocourse.robot import joint_symbols

#: What the test cells (``checks.exercise_<n>(…)``) and the hidden tests
#: (``solutions/ch7_parameters/grader.py``) use of this module: its interface
#: (tests/test_exercise_interfaces.py keeps it exact).
__all__ = [
    "exercises",
    "exercise_1", "exercise_2", "exercise_3", "exercise_4", "exercise_5", "exercise_6",
    "exercise_7",
    "EX2_SYMBOLS", "EX4_SYMBOLS", "GRAVITY", "IDENTIFICATION_ROUTES", "M2", "M3",
    "PARAMETER_ROUTES", "REGRESSOR_ROUTES", "REGROUPING_ROUTES", "ZZ1", "check_rigid", "g",
    "l1", "l2", "link_numbers", "no_effect_2r", "pendulum_data", "regressor_column", "theta1",
    "theta2", "zzr1_3r",
]

exercises = ExerciseSet("ch7_parameters")

GRAVITY = 9.81
ARM = planar_2r()
(theta1, theta2), (thetadot1, thetadot2), (thetaddot1, thetaddot2) = joint_symbols(ARM)
l1, l2, l3, g = sp.symbols("l1 l2 l3 g")
STANDARD_2R = tuple(str(s) for s in parameter_symbols(ARM))
XX1, XY1, XZ1, YY1, YZ1, ZZ1, MX1, MY1, MZ1, M1 = sp.symbols(STANDARD_2R[:10])
ZZ2, MX2, MY2, M2, ZZ3, MX3, MY3, M3, YY2, YY3, MZ2, MZ3 = sp.symbols(
    "ZZ2 MX2 MY2 M2 ZZ3 MX3 MY3 M3 YY2 YY3 MZ2 MZ3")

#: The concepts (``grading.concepts``) an exercise asks to derive: switched off when the
#: answer is recomputed from the answer cell. The ten parameters of a link…
PARAMETER_ROUTES = ("the dynamic parameters of a link", "the parallel-axis theorem")
#: …a column of the regressor (or the torques it multiplies)…
REGRESSOR_ROUTES = ("the regressor", "the equations of motion")
#: …the regrouped parameters…
REGROUPING_ROUTES = ("the base parameters", "the dynamic parameters of a link", "the regressor")
#: …the identification's linear system and its solution…
IDENTIFICATION_ROUTES = ("the regressor", "least-squares identification")
#: …and whether parameters are those of a rigid body.
CONSISTENCY_ROUTES = ("the physical check of dynamic parameters",
                      "the physical check of an inertia tensor", "the parallel-axis theorem")



class Names(Value):
    """A collection of parameter names (strings), order and repetition not counted.

    (A kind the framework does not have yet: a set of names from a fixed list.)
    """

    def __init__(self, allowed):
        self.allowed = tuple(allowed)

    def describe(self):
        return say("a list of parameter names (strings such as 'ZZ1')", "exercises")

    def prepare(self, value, name):
        if isinstance(value, str) or not isinstance(value, (list, tuple, set, frozenset)):
            raise Mistake(say("{name} should be {kind}; got {got}", "exercises", name=name,
                              kind=self.describe(), got=type(value).__name__), "wrong-type")
        names = [item.strip() if isinstance(item, str) else item for item in value]
        wrong = [item for item in names if not isinstance(item, str)]
        if wrong:
            raise Mistake(say("{name} should hold strings only; got {entry}", "exercises",
                              name=name, entry=repr(wrong[0])), "wrong-type")
        unknown = sorted(set(names) - set(self.allowed))
        if unknown:
            raise Mistake(say("{name} holds names that are not standard parameters of this "
                              "arm: {unknown} (the names are {first} … {last})", "exercises",
                              name=name, unknown=", ".join(unknown), first=self.allowed[0],
                              last=self.allowed[-1]), "unknown-name")
        return tuple(sorted(set(names), key=self.allowed.index))


# --- per-student numbers ------------------------------------------------------------------

def link_numbers(student):
    """Exercise 1: a link's mass (kg), centre of mass in {j} (m), and tensor about the
    centre of mass (kg·m², chapter 2's signs), all rounded as printed."""
    rng = student_rng(student).spawn(2)[0]
    mass = round(float(rng.uniform(1.0, 5.0)), 2)
    r_c = np.round(rng.uniform(-0.3, 0.3, 3), 3)
    while True:
        moments = np.sort(rng.uniform(0.01, 0.2, 3))
        if moments[2] < moments[0] + moments[1]:
            break
    angle = rng.uniform(-np.pi, np.pi)
    c, s = np.cos(angle), np.sin(angle)
    R = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
    I_c = np.round(R @ np.diag(moments) @ R.T, 4)
    return mass, r_c, I_c


def pendulum_data(student):
    """Exercise 5: ``(q, qd, qdd, tau, noise)`` of the pendulum experiment — 60 samples (rad,
    rad/s, rad/s², N·m) and the noise level of the torque sensor (N·m)."""
    rng = student_rng(student).spawn(2)[1]
    truth = [rng.uniform(0.2, 1.0), rng.uniform(0.5, 2.0), rng.uniform(-0.2, 0.2),
             rng.uniform(0.1, 0.5), rng.uniform(0.2, 1.0)]
    q = np.round(rng.uniform(-np.pi, np.pi, 60), 4)
    qd = np.round(rng.uniform(-2.0, 2.0, 60), 4)
    qdd = np.round(rng.uniform(-4.0, 4.0, 60), 4)
    noise = 0.05
    ZZ, MX, MY, FV, FC = truth
    tau = (ZZ * qdd + GRAVITY * (MX * np.cos(q) - MY * np.sin(q)) + FV * qd + FC * np.sign(qd)
           + noise * rng.standard_normal(60))
    return q, qd, qdd, np.round(tau, 4), noise


# --- exercise 1: the ten parameters of a link ---------------------------------------------

@exercises.visible(1, cell="ex1_pi_link_test", pi_link=Numbers((10,), "kg·m², kg·m, kg"))
def exercise_1(pi_link, context):
    """Visible: the mass and the first moments (no parallel axis needed); the tensor about
    the origin has the trace of the tensor about the centre plus 2 m |r_c|²."""
    mass, r_c, I_c = link_numbers(context.student)
    check_number(pi_link[9], mass, "M (pi_link[9])", rtol=1e-6, atol=1e-9, unit="kg")
    check_number(pi_link[6:9], mass * r_c, "MX, MY, MZ (pi_link[6:9])", rtol=1e-6, atol=1e-9,
                 unit="kg·m")
    trace = pi_link[0] + pi_link[3] + pi_link[5]
    check_number(trace, np.trace(I_c) + 2 * mass * r_c @ r_c,
                 say("XX + YY + ZZ (the trace of J, which the parallel-axis theorem raises by "
                     "2 m |r_c|²)", "exercises"), rtol=1e-4, atol=1e-6, unit="kg·m²")


# --- exercise 2: a column of the 2R regressor by hand -------------------------------------

EX2_SYMBOLS = (theta1, theta2, thetadot1, thetadot2, thetaddot1, thetaddot2, l1, g)


@functools.lru_cache(maxsize=None)
def regressor_column(name):
    """The column of ``Y`` of the 2R arm for the standard parameter ``name``."""
    q, qd, qdd = joint_symbols(ARM)
    return regressor(ARM, q, qd, qdd)[:, STANDARD_2R.index(name)]


@exercises.visible(2, cell="ex2_Y_MX2_test", Y_MX2=Matrix(2, 1))
def exercise_2(Y_MX2):
    """Visible: the arm at rest (only gravity acts)."""
    rest = {thetadot1: 0, thetadot2: 0, thetaddot1: 0, thetaddot2: 0}
    with case(say("at rest (all rates and accelerations zero)", "exercises")):
        check_expression(Y_MX2.subs(rest), regressor_column("MX2").subs(rest), "Y_MX2",
                         markers=(g,), allowed_symbols=EX2_SYMBOLS)


# --- exercise 3: the parameters that have no effect ---------------------------------------

@functools.lru_cache(maxsize=1)
def no_effect_2r():
    """The standard parameters of the 2R arm whose column of Y is zero."""
    q, qd, qdd = joint_symbols(ARM)
    Y = regressor(ARM, q, qd, qdd)
    return tuple(name for k, name in enumerate(STANDARD_2R) if Y[:, k] == sp.zeros(2, 1))


@exercises.visible(3, cell="ex3_no_effect_test", no_effect=Names(STANDARD_2R))
def exercise_3(no_effect):
    """Visible: the answer names standard parameters of the 2R arm (checked by the kind);
    a parameter of every link acts, so not all ten of a link can be listed."""
    for link in (1, 2):
        if all(f"{name}{link}" in no_effect for name in
               ("XX", "XY", "XZ", "YY", "YZ", "ZZ", "MX", "MY", "MZ", "M")):
            raise Mistake(say("no_effect lists all ten parameters of link {link}, but link "
                              "{link} does move the joints", "exercises", link=link),
                          "whole-link")


# --- exercise 4: a regrouped base parameter -----------------------------------------------

EX4_SYMBOLS = (l1, l2, l3, ZZ1, MX1, MY1, M1, ZZ2, MX2, MY2, M2, ZZ3, MX3, MY3, M3, YY2, YY3,
               MZ2, MZ3, *sp.symbols("XX1 XX2 XX3 YY1 MZ1"))


@functools.lru_cache(maxsize=1)
def zzr1_3r():
    """ZZR1 of the planar 3R arm, by the regrouping rules."""
    from robocourse.base_parameters import base_parameters_by_regrouping
    from robocourse.models import planar_3r

    base = base_parameters_by_regrouping(planar_3r())
    return base.expressions[base.names.index("ZZR1")]


@exercises.visible(4, cell="ex4_ZZR1_test", ZZR1=Expression())
def exercise_4(ZZR1):
    """Visible: without a third link (M3 = 0) the 3R arm's ZZR1 is the 2R arm's."""
    with case(say("with M3 = 0 (no mass beyond link 2)", "exercises")):
        check_expression(ZZR1.subs({M3: 0, YY3: 0, MZ3: 0}),
                         zzr1_3r().subs({M3: 0, YY3: 0, MZ3: 0}), "ZZR1",
                         allowed_symbols=EX4_SYMBOLS)


# --- exercise 5: least squares on your data -----------------------------------------------

@exercises.visible(5, cell="ex5_pi_hat_test", pi_hat=Numbers((5,), "kg·m², kg·m, N·m·s, N·m"))
def exercise_5(pi_hat):
    """Visible: what physics demands of any estimate — a positive moment of inertia about the
    axis and friction that dissipates (the hidden tests compare with your data's fit)."""
    ZZ, _, _, FV, FC = pi_hat
    if not ZZ > 0:
        raise Mistake(say("pi_hat gives ZZ1 = {ZZ}: the moment of inertia about the axis "
                          "must be positive (is the column of ZZ1 the acceleration q̈?)",
                          "exercises", ZZ=f"{ZZ:.4g}"), "inertia-sign")
    if FV < 0 or FC < 0:
        raise Mistake(say("pi_hat gives FV1 = {FV}, FC1 = {FC}: friction must oppose the "
                          "motion (columns q̇ and sign(q̇), both >= 0)", "exercises",
                          FV=f"{FV:.4g}", FC=f"{FC:.4g}"), "friction-sign")


# --- exercise 6: what the condition number says -------------------------------------------

CONDITION_OPTIONS = ("a", "b", "c", "d")


@exercises.visible(6, cell="ex6_condition_test", meaning=Choice(CONDITION_OPTIONS))
def exercise_6(meaning):
    """Visible: one of the options (checked by the kind)."""


# --- exercise 7: is it a rigid body? ------------------------------------------------------

def rigid_body_cases():
    """``[(label, link parameters, verdict)]``: the cases the visible test tries."""
    rod = [0.0, 0.0, 0.0, 0.5, 0.0, 0.5, 1.0, 0.0, 0.0, 2.0]      # 2 kg, COM at 0.5 m on X
    return [(say("a point mass of 2 kg at [0.5, 0, 0]", "exercises"), rod, True),
            (say("the same with a negative mass", "exercises"), rod[:9] + [-2.0], False),
            (say("a point mass at [0.5, 0, 0] claiming ZZ = 0.3 < m r² = 0.5", "exercises"),
             rod[:5] + [0.3] + rod[6:], False)]


def check_rigid(is_rigid_body, label, link_parameters, expected):
    answer = check_call(is_rigid_body, list(link_parameters), name="is_rigid_body")
    if not isinstance(answer, (bool, np.bool_)):
        raise Mistake(say("is_rigid_body should return True or False; got {kind} ({label})",
                          "exercises", kind=type(answer).__name__, label=label), "wrong-type")
    if bool(answer) != expected:
        if expected:
            raise Mistake(say("is_rigid_body says {answer} for {label}; it is a rigid body",
                              "exercises", answer=bool(answer), label=label), "wrong-verdict")
        raise Mistake(say("is_rigid_body says {answer} for {label}; it is not a rigid body",
                          "exercises", answer=bool(answer), label=label), "wrong-verdict")


@exercises.visible(7, cell="ex7_is_rigid_body_test",
                   is_rigid_body=Function(forbidden=CONSISTENCY_ROUTES))
def exercise_7(is_rigid_body):
    """Visible: a point mass, a negative mass, and a tensor too small for its mass."""
    for label, values, expected in rigid_body_cases():
        check_rigid(is_rigid_body, label, values, expected)
