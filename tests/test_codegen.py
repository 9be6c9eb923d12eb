"""Generated code equals the symbolic models it came from, compiled or in numpy."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import chains

from robocourse import newton_euler as ne
from robocourse.codegen import (
    CompiledDynamics,
    NumericFunction,
    c_compiler,
    c_source,
    compile_c,
    straight_line_program,
)
from robocourse.models import planar_2r, planar_2r_distributed, puma560, rp_arm
from robocourse.robot import Link, SerialChain

RNG = np.random.default_rng(2024)
PUMA = puma560()


@pytest.fixture(scope="module")
def puma():
    return CompiledDynamics(PUMA)


def random_states(n, count):
    return RNG.uniform(-2, 2, size=(3, count, n))


def test_puma_inverse_dynamics_matches_newton_euler(puma):
    Q, QD, QDD = random_states(6, 40)
    expected = np.array([ne.inverse_dynamics(PUMA, *state) for state in zip(Q, QD, QDD,
                                                                              strict=True)])
    single = np.array([puma.inverse_dynamics(*state) for state in zip(Q, QD, QDD,
                                                                       strict=True)])
    np.testing.assert_allclose(single, expected, rtol=0, atol=1e-10)
    np.testing.assert_allclose(puma.inverse_dynamics.many(Q, QD, QDD), expected, rtol=0,
                               atol=1e-10)


def test_numpy_fallback_matches_the_compiled_code(puma):
    tau = ne.inverse_dynamics(PUMA, puma.q, puma.qd, puma.qdd)
    fallback = NumericFunction(tau, {"q": puma.q, "qd": puma.qd, "qdd": puma.qdd},
                               backend="numpy")
    assert fallback.backend == "numpy" and "def " in fallback.source
    Q, QD, QDD = random_states(6, 25)
    np.testing.assert_allclose(fallback.many(Q, QD, QDD), puma.inverse_dynamics.many(Q, QD, QDD),
                               rtol=0, atol=1e-10)
    np.testing.assert_allclose(fallback(Q[0], QD[0], QDD[0]),
                               puma.inverse_dynamics(Q[0], QD[0], QDD[0]), rtol=0, atol=1e-10)


@given(chains(max_joints=3), st.integers(0, 2**32 - 1))
@settings(max_examples=5)
def test_random_chain_dynamics_match_newton_euler(robot, seed):
    model = CompiledDynamics(robot)
    Q, QD, QDD = np.random.default_rng(seed).uniform(-2, 2, size=(3, 5, robot.n))
    for q, qd, qdd in zip(Q, QD, QDD, strict=True):
        tau = ne.inverse_dynamics(robot, q, qd, qdd)
        np.testing.assert_allclose(model.inverse_dynamics(q, qd, qdd), tau, atol=1e-10)
        np.testing.assert_allclose(model.mass_matrix(q), ne.mass_matrix(robot, q), atol=1e-10)
        np.testing.assert_allclose(model.forward_dynamics(q, qd, tau), qdd, atol=1e-7)
    np.testing.assert_allclose(
        model.inverse_dynamics.many(Q, QD, QDD),
        [ne.inverse_dynamics(robot, *state) for state in zip(Q, QD, QDD, strict=True)],
        atol=1e-10)


@pytest.mark.parametrize("robot", [
    planar_2r(l1=1.0, l2=0.7, m1=2.0, m2=0.5, g=9.81),
    rp_arm(l1=0.4, m1=3.0, m2=1.2, Ixx1=0.12, Iyy1=0.1, Izz1=0.2, Ixx2=0.06, Iyy2=0.05,
           Izz2=0.1, g=9.81),
], ids=["2R", "R-P"])
def test_every_compiled_term_matches_newton_euler(robot):
    model = CompiledDynamics(robot)
    Q, QD, QDD = random_states(2, 10)
    for q, qd, qdd in zip(Q, QD, QDD, strict=True):
        np.testing.assert_allclose(model.velocity_product(q, qd),
                                   ne.velocity_product(robot, q, qd), atol=1e-10)
        np.testing.assert_allclose(model.gravity_load(q), ne.gravity_load(robot, q), atol=1e-10)
        tau = ne.inverse_dynamics(robot, q, qd, qdd)
        np.testing.assert_allclose(model.state_rate(np.concatenate([q, qd]), tau),
                                   np.concatenate([qd, qdd]), atol=1e-9)
    M = model.mass_matrix.many(Q)
    assert M.shape == (10, 2, 2)
    np.testing.assert_allclose(M[3], ne.mass_matrix(robot, Q[3]), atol=1e-10)


def test_straight_line_program_computes_each_repeated_piece_once():
    theta = sp.Symbol("theta")
    assignments, outputs = straight_line_program(
        [sp.sin(theta) ** 2 + sp.cos(theta), sp.sin(theta) * sp.cos(theta)], [theta])
    assert {value for _, value in assignments} == {sp.sin(theta), sp.cos(theta)}
    text = c_source((assignments, outputs), [theta], "g")
    assert text.count("sin(") == 1 and text.count("cos(") == 1


def test_libraries_are_cached_by_the_hash_of_their_source(tmp_path, monkeypatch):
    if c_compiler() is None:
        pytest.skip("no C compiler on this machine")
    monkeypatch.setenv("ROBOCOURSE_CACHE", str(tmp_path))
    x = sp.Symbol("x")
    first = compile_c(c_source(straight_line_program([x + 1], [x]), [x], "h"), "h")
    again = compile_c(c_source(straight_line_program([x + 1], [x]), [x], "h"), "h")
    other = compile_c(c_source(straight_line_program([x + 2], [x]), [x], "h"), "h")
    assert first == again != other
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([first.name, other.name])
    assert NumericFunction([x + 1], {"x": x}, name="h")(2.0) == 3.0


def test_without_a_compiler_numpy_is_used(monkeypatch):
    monkeypatch.setenv("CC", "no-such-compiler-anywhere")
    x, y = sp.symbols("x y")
    f = NumericFunction(sp.Matrix([[x, y], [x * y, 1]]), {"x": x, "y": y})
    assert f.backend == "numpy"
    np.testing.assert_allclose(f(2.0, 3.0), [[2.0, 3.0], [6.0, 1.0]])
    np.testing.assert_allclose(f.many([2.0, 1.0], [3.0, 0.0])[1], [[1.0, 0.0], [0.0, 1.0]])
    with pytest.raises(RuntimeError, match="compiler"):
        NumericFunction([x], {"x": x}, backend="c")


@pytest.mark.parametrize("backend", ["c", "numpy"])
def test_a_result_that_is_not_finite_is_reported(backend):
    if backend == "c" and c_compiler() is None:
        pytest.skip("no C compiler on this machine")
    x = sp.Symbol("x")
    f = NumericFunction([1 / x], {"x": x}, backend=backend, failure="1/x has no value")
    assert f(4.0) == 0.25
    with pytest.raises(ValueError, match=r"1/x has no value at x=0.0"):
        f(0.0)
    with pytest.raises(ValueError, match=r"in state 1: x=0.0"):
        f.many([1.0, 0.0])


def test_bad_input_names_the_argument(puma):
    f = puma.inverse_dynamics
    q = np.zeros(6)
    with pytest.raises(ValueError, match="qd must have shape"):
        f(q, np.zeros(5), q)
    with pytest.raises(TypeError, match="3 arguments"):
        f(q, q)
    with pytest.raises(TypeError, match=r"qdd\[0\] must be a number .*; got 'a'"):
        f(q, q, ["a"] * 6)
    with pytest.raises(ValueError, match="qdd must be an array of shape"):
        f.many(q[None], q[None], q)
    with pytest.raises(ValueError, match="same number of rows"):
        f.many(np.zeros((2, 6)), np.zeros((2, 6)), np.zeros((3, 6)))


def test_bad_definitions_name_what_is_wrong():
    x, a = sp.symbols("x a")
    with pytest.raises(ValueError, match="not arguments: a"):
        NumericFunction([x * a], {"x": x})
    with pytest.raises(TypeError, match="sympy symbols"):
        NumericFunction([x], {"x": [x + 1]})
    with pytest.raises(ValueError, match="backend"):
        NumericFunction([x], {"x": x}, backend="fortran")
    with pytest.raises(ValueError, match="name"):
        NumericFunction([x], {"x": x}, name="not valid")
    with pytest.raises(ValueError, match="numeric parameters"):
        CompiledDynamics(planar_2r_distributed())


def test_a_massless_chain_reports_a_singular_mass_matrix():
    nothing = dict(mass=0.0, r_c=[0, 0, 0], I_c=np.zeros((3, 3)))
    model = CompiledDynamics(SerialChain([Link(**nothing), Link(a=1.0, **nothing)]))
    with pytest.raises(ValueError, match=r"singular at q="):
        model.forward_dynamics([0.1, 0.2], [0.0, 0.0], [1.0, 0.0])
