"""Chapter 7: base parameters by QR with column pivoting (Gautier) and by the regrouping rules
(Khalil–Kleinfinger) — the same count and the same combinations; the base model's torques
and its operation count."""

import numpy as np
import pytest
import sympy as sp
from bad_input import named_in_the_error
from hypothesis import given, settings
from strategies import right_angle_chains

from robocourse import base_parameters as BP
from robocourse import newton_euler as ne
from robocourse import parameters as P
from robocourse.codegen import CompiledDynamics, operation_count
from robocourse.models import planar_2r, planar_3r, puma560, rp_arm
from robocourse.robot import joint_symbols

l1, l2, l3 = sp.symbols("l1 l2 l3")
LENGTHS = {l1: 0.5, l2: 0.4, l3: 0.3}
S = {name: sp.Symbol(name) for name in ("ZZ1", "M2", "MX1", "MY1", "ZZ2", "MX2", "MY2", "YY2",
                                         "MZ2", "M3", "ZZ3", "MX3", "MY3")}

# (symbolic arm, the same arm with numbers, base count, standard count)
ARMS = {
    "2R": (planar_2r(), planar_2r(l1=0.5, l2=0.4, m1=2.0, m2=1.0, g=9.81), 6, 20),
    "R-P": (rp_arm(), rp_arm(l1=0.5, m1=2.0, m2=1.0, Ixx1=0.1, Iyy1=0.05, Izz1=0.12, Ixx2=0.02,
                             Iyy2=0.03, Izz2=0.04, g=9.81), 6, 20),
    "3R": (planar_3r(), planar_3r(lengths=[0.5, 0.4, 0.3], masses=[2.0, 1.5, 1.0],
                                  com_distances=[0.25, 0.2, 0.15], inertias=[0.05, 0.03, 0.01],
                                  g=9.81), 9, 30),
    "PUMA 560": (puma560(), puma560(), 36, 60),
}


def _same(rules, qr, values=None):
    """QR, told to keep what the rules keep, gives the rules' combinations."""
    assert qr.kept == rules.kept
    np.testing.assert_allclose(qr.K, rules.numeric_K(values), rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("name", list(ARMS))
def test_the_count_and_the_combinations_agree(name):
    symbolic, numeric, count, standard = ARMS[name]
    rules = BP.base_parameters_by_regrouping(symbolic)
    pivoted = BP.base_parameters_by_qr(numeric)
    assert len(rules.symbols) == len(pivoted.symbols) == standard
    assert rules.count == pivoted.count == count
    assert set(rules.no_effect) == set(pivoted.no_effect)
    _same(rules, BP.base_parameters_by_qr(numeric, keep=rules.kept), LENGTHS)
    # Gautier's own choice of columns spans the same combinations (the same row space of K)
    both = np.vstack([rules.numeric_K(LENGTHS), pivoted.K])
    assert np.linalg.matrix_rank(both, tol=1e-8) == count


def test_puma_560_has_36_base_parameters_of_60_and_48_of_72_with_friction():
    puma = puma560()
    assert BP.base_parameters_by_regrouping(puma).count == 36
    with_friction = BP.base_parameters_by_regrouping(puma, friction=True)
    assert with_friction.count == 48 and with_friction.names[-2:] == ("FV6", "FC6")
    _same(with_friction, BP.base_parameters_by_qr(puma, friction=True, keep=with_friction.kept))


def test_the_regrouped_parameters_of_the_course_arms():
    two = BP.base_parameters_by_regrouping(planar_2r())
    assert two.names == ("ZZR1", "MXR1", "MY1", "ZZ2", "MX2", "MY2")
    assert list(two.expressions) == [S["ZZ1"] + l1**2 * S["M2"], S["MX1"] + l1 * S["M2"],
                                     S["MY1"], S["ZZ2"], S["MX2"], S["MY2"]]
    rp = BP.base_parameters_by_regrouping(rp_arm())
    assert rp.names == ("ZZR1", "MX1", "MY1", "MX2", "MZ2", "M2")
    assert rp.expressions[0] == S["ZZ1"] + S["YY2"]          # link 2's tensor rides on link 1
    three = BP.base_parameters_by_regrouping(planar_3r())
    assert three.expressions[3] == S["ZZ2"] + l2**2 * S["M3"]
    assert three.expressions[0] == sp.expand(S["ZZ1"] + l1**2 * (S["M2"] + S["M3"]))


@pytest.mark.parametrize("name", list(ARMS))
def test_base_regressor_times_base_parameters_is_the_torque(name):
    _, robot, _, _ = ARMS[name]
    base, pi = BP.base_parameters_by_regrouping(robot), P.standard_parameters(robot)
    rng = np.random.default_rng(3)
    for q, qd, qdd in rng.uniform(-2, 2, (4, 3, robot.n)):
        Yb = BP.base_regressor(robot, base, q, qd, qdd)
        np.testing.assert_allclose(Yb @ base.values(pi), ne.inverse_dynamics(robot, q, qd, qdd),
                                   rtol=1e-9, atol=1e-9)
        no_effect = P.regressor(robot, q, qd, qdd)[:, list(base.no_effect)]
        np.testing.assert_allclose(no_effect, 0, atol=1e-12)


@settings(max_examples=20)
@given(right_angle_chains(min_joints=1, max_joints=6))
def test_rules_and_qr_agree_on_random_right_angle_chains(robot):
    rules = BP.base_parameters_by_regrouping(robot)
    _same(rules, BP.base_parameters_by_qr(robot, keep=rules.kept))
    assert BP.base_parameters_by_qr(robot).count == rules.count


def test_the_base_model_is_the_dynamics_with_fewer_operations():
    puma = puma560()
    q, qd, qdd = joint_symbols(puma)
    model = BP.base_model(puma)
    table = BP.base_parameter_table(puma)
    compiled = CompiledDynamics(puma, parameters=table)
    rng = np.random.default_rng(5)
    for values in rng.uniform(-2, 2, (3, 18)):
        point = dict(zip([*q, *qd, *qdd], values, strict=True))
        expected = ne.inverse_dynamics(puma, *values.reshape(3, 6))
        np.testing.assert_allclose([float(t.xreplace(point)) for t in model], expected,
                                   rtol=1e-9, atol=1e-9)
        np.testing.assert_allclose(compiled.inverse_dynamics(*values.reshape(3, 6)), expected,
                                   rtol=1e-9, atol=1e-9)
    assert (operation_count(puma, table)["multiplications"]
            < 0.9 * operation_count(puma)["multiplications"])


def test_base_parameter_values_and_the_virtual_robot():
    robot = planar_2r(l1=0.5, l2=0.4, m1=2.0, m2=1.0, g=9.81)
    base = BP.base_parameters_by_regrouping(robot)
    pi = P.standard_parameters(robot)
    pi_b = base.values(pi)
    np.testing.assert_allclose(pi_b, [2.0 * 0.5**2 + 0.5**2 * 1.0, 2.0 * 0.5 + 0.5 * 1.0, 0,
                                      1.0 * 0.4**2, 1.0 * 0.4, 0], atol=1e-12)   # ZZR1, MXR1, …
    virtual = base.standard(pi_b)
    state = ([0.3, -0.4], [1.0, 2.0], [0.5, -1.0])
    np.testing.assert_allclose(P.inverse_dynamics(robot, *state, parameters=virtual),
                               ne.inverse_dynamics(robot, *state), atol=1e-12)


ARM = planar_2r(l1=0.5, l2=0.4, g=9.81)
NUMERIC = planar_2r(l1=0.5, l2=0.4, m1=1.0, m2=1.0, g=9.81)

CASES = [
    ("QR of a symbolic arm", lambda: BP.base_parameters_by_qr(planar_2r()), ValueError,
     "robot", "numeric"),
    ("QR with too few states",
     lambda: BP.base_parameters_by_qr(ARM, states=BP.random_states(ARM, 3)), ValueError,
     "states", "at least 20 rows", "6"),
    ("QR keeping an unknown name", lambda: BP.base_parameters_by_qr(ARM, keep=["ZZ9"]), ValueError,
     "keep", "parameter", "'ZZ9'"),
    ("QR keeping index 20", lambda: BP.base_parameters_by_qr(ARM, keep=[20]), ValueError,
     "keep entries", ("parameter names", "0 to 19"), "20"),
    ("QR keeping True", lambda: BP.base_parameters_by_qr(ARM, keep=[True]), ValueError,
     "keep entries", ("parameter names", "0 to 19"), "True"),
    ("QR keeping a list in a list", lambda: BP.base_parameters_by_qr(ARM, keep=[[1]]), ValueError,
     "keep entries", ("parameter names", "0 to 19"), "[1]"),
    ("rules of a list", lambda: BP.base_parameters_by_regrouping([1, 2]), TypeError,
     "robot", "SerialChain"),
    ("rules with friction as a number", lambda: BP.base_parameters_by_regrouping(ARM, friction=1),
     TypeError, "friction", ("True", "False"), "1"),
    ("base regressor without a base", lambda: BP.base_regressor(ARM, None, [0, 0], [0, 0], [0, 0]),
     TypeError, "base", "BaseParameters"),
    ("base regressor of another robot",
     lambda: BP.base_regressor(ARM, BP.base_parameters_by_regrouping(puma560()), [0, 0], [0, 0],
                               [0, 0]), ValueError, "base", "standard parameters", "60"),
    ("base model of a symbolic arm", lambda: BP.base_model(planar_2r()), ValueError,
     "robot", "numeric"),
    ("base values of a short vector", lambda: BP.base_parameters_by_regrouping(ARM).values([1, 2]),
     ValueError, "pi", "20 entries", "2"),
    ("virtual robot of a short vector",
     lambda: BP.base_parameters_by_regrouping(ARM).standard([1, 2]), ValueError,
     "pi_b", "6 entries", "2"),
    ("numeric K with symbols", lambda: BP.base_parameters_by_regrouping(planar_2r()).numeric_K(),
     ValueError, "K", "numbers", "['l1']"),
    ("random states, none", lambda: BP.random_states(ARM, 0), ValueError, "count", "integer", "0"),
    ("table of a symbolic arm", lambda: BP.base_parameter_table(planar_2r()), ValueError,
     "robot", "numeric"),
    ("table with friction",
     lambda: BP.base_parameter_table(NUMERIC, BP.base_parameters_by_regrouping(NUMERIC,
                                                                                friction=True)),
     ValueError, "base", "20 inertial parameters", "24"),
    ("table of no base", lambda: BP.base_parameter_table(NUMERIC, "base"), TypeError,
     "base", "BaseParameters", "str 'base'"),
]


test_bad_input_is_named_in_the_error = named_in_the_error(CASES)
