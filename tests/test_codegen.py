"""Generated code equals the symbolic models it came from, compiled or in numpy; the
generated PUMA code stays within its operation count; the extension reads every kind
of argument, and bad input is named."""


import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import chains

from robocourse import codegen
from robocourse import newton_euler as ne
from robocourse.base_parameters import base_parameter_table
from robocourse.codegen import (
    CompiledDynamics,
    NumericFunction,
    c_compiler,
    c_source,
    compile_c,
    compiled_dynamics,
    count_operations,
    operation_count,
    straight_line_program,
)
from robocourse.component_recursion import link_parameters
from robocourse.models import planar_2r, planar_2r_distributed, puma560, rp_arm
from robocourse.robot import Link, SerialChain

RNG = np.random.default_rng(2024)
PUMA = puma560()
EXACT = dict(rtol=1e-12, atol=1e-12)        # every generated path against Newton–Euler
needs_a_compiler = pytest.mark.skipif(c_compiler() is None, reason="no C compiler")


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
    np.testing.assert_allclose(single, expected, **EXACT)
    np.testing.assert_allclose(puma.inverse_dynamics.many(Q, QD, QDD), expected, **EXACT)


def assert_every_verb_is_newton_euler(model, states):
    """The six compiled verbs of ``model`` against Newton–Euler at each of ``states``, to
    1e-12 of the largest of the state's quantities (a term that cancels to zero carries
    the round-off of its parts); forward dynamics through ``M q̈`` (``M⁻¹`` magnifies the
    round-off of τ)."""
    robot = model.robot
    for q, qd, qdd in zip(*states, strict=True):
        tau = ne.inverse_dynamics(robot, q, qd, qdd)
        M = ne.mass_matrix(robot, q)
        pairs = ((model.inverse_dynamics(q, qd, qdd), tau), (model.mass_matrix(q), M),
                 (model.velocity_product(q, qd), ne.velocity_product(robot, q, qd)),
                 (model.coriolis_matrix(q, qd), ne.coriolis_matrix(robot, q, qd)),
                 (model.gravity_load(q), ne.gravity_load(robot, q)),
                 (M @ model.forward_dynamics(q, qd, tau), M @ qdd))
        scale = max(1.0, *(np.abs(expected).max() for _, expected in pairs))
        for got, expected in pairs:
            np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12 * scale)


def test_every_puma_verb_matches_newton_euler(puma):
    assert_every_verb_is_newton_euler(puma, random_states(6, 10))


def test_puma_code_stays_within_its_operation_count():
    """The customised Newton–Euler of Khalil & Kleinfinger: at most 250 multiplications."""
    count = operation_count(PUMA)
    assert count["multiplications"] <= 250
    assert count["additions"] <= 200
    assert count["functions"] == 8     # sin, cos of θ2 … θ5 once each: θ1 turns
                                       # about gravity, and link 6 is round
    assert count == count_operations(CompiledDynamics(PUMA).inverse_dynamics.source)


def test_puma_base_parameter_code_stays_within_its_operation_count():
    """With the base parameters of the parameters chapter: at most 170 multiplications
    (link 6 keeps only its Jzz, so it is never turned by θ6 and sin/cos θ6 are not
    needed), and the torques are still Newton–Euler's."""
    table = base_parameter_table(PUMA)
    count = operation_count(PUMA, table)
    assert count["multiplications"] <= 170
    assert count["additions"] <= 150
    assert count["functions"] == 8                         # sin and cos of θ2 … θ5
    Q, QD, QDD = random_states(6, 5)
    np.testing.assert_allclose(CompiledDynamics(PUMA, parameters=table).inverse_dynamics
                               .many(Q, QD, QDD), ne.inverse_dynamics(PUMA, Q, QD, QDD),
                               **EXACT)


@given(chains(max_joints=3, round_last_link=True), st.integers(0, 2**32 - 1))
@settings(max_examples=4)          # each example compiles six programs
def test_a_round_last_link_is_never_turned_and_changes_no_torque(robot, seed):
    """A last link round about its axis (``I_c = diag(a, a, c)``, centre on the axis) is
    taken in the axes of {n} at θ_n = 0: the code has no cos θ_n, every verb is still
    Newton–Euler's, and so is the batch recursion with and without a load at the tool."""
    model = CompiledDynamics(robot)
    source = model.inverse_dynamics.source
    assert f"cos(theta{robot.n})" not in source and f"sin(theta{robot.n})" not in source
    Q, QD, QDD = np.random.default_rng(seed).uniform(-2, 2, size=(3, 3, robot.n))
    assert_every_verb_is_newton_euler(model, (Q, QD, QDD))
    wrench = [1.5, -0.4, 2.0, 0.3, 0.7, -1.1]
    for frame in ("base", "tool"):
        expected = [ne.inverse_dynamics(robot, *state, wrench=wrench, frame=frame)
                    for state in zip(Q, QD, QDD, strict=True)]
        np.testing.assert_allclose(ne.inverse_dynamics(robot, Q, QD, QDD, wrench=wrench,
                                                       frame=frame), expected, **EXACT)


def test_regrouped_parameters_go_in_the_same_slots():
    """Link 1 of the PUMA turns about the vertical Z0: of its parameters only Jzz reaches a
    torque. A table without the others (as a set of base parameters would drop them)
    gives the same torques with fewer operations."""
    table = np.array([link_parameters(link) for link in PUMA.links])
    assert table.shape == (6, 10)
    reduced = table.copy()
    reduced[0, [0, 1, 2, 3, 4, 6, 7, 8, 9]] = 0.0              # all but Jzz of link 1
    model = CompiledDynamics(PUMA, parameters=reduced)
    Q, QD, QDD = random_states(6, 5)
    np.testing.assert_allclose(model.inverse_dynamics.many(Q, QD, QDD),
                               ne.inverse_dynamics(PUMA, Q, QD, QDD), **EXACT)
    assert (operation_count(PUMA, reduced)["multiplications"]
            <= operation_count(PUMA)["multiplications"])
    kinematic = SerialChain([Link(alpha=link.alpha, a=link.a, d=link.d) for link in PUMA.links],
                            gravity=PUMA.gravity)               # no mass properties needed
    np.testing.assert_allclose(CompiledDynamics(kinematic, parameters=table).gravity_load(Q[0]),
                               ne.gravity_load(PUMA, Q[0]), **EXACT)


def test_numpy_fallback_matches_the_compiled_code(puma):
    tau = ne.inverse_dynamics(PUMA, puma.q, puma.qd, puma.qdd)
    fallback = NumericFunction(tau, {"q": puma.q, "qd": puma.qd, "qdd": puma.qdd},
                               backend="numpy")
    assert fallback.backend == "numpy" and "def " in fallback.source
    Q, QD, QDD = random_states(6, 25)
    np.testing.assert_allclose(fallback.many(Q, QD, QDD), puma.inverse_dynamics.many(Q, QD, QDD),
                               **EXACT)
    np.testing.assert_allclose(fallback(Q[0], QD[0], QDD[0]),
                               puma.inverse_dynamics(Q[0], QD[0], QDD[0]), **EXACT)


@given(chains(max_joints=4), st.integers(0, 2**32 - 1))
@settings(max_examples=4)          # each example compiles six programs
def test_random_chain_dynamics_match_newton_euler(robot, seed):
    model = CompiledDynamics(robot)
    Q, QD, QDD = np.random.default_rng(seed).uniform(-2, 2, size=(3, 3, robot.n))
    assert_every_verb_is_newton_euler(model, (Q, QD, QDD))
    np.testing.assert_allclose(model.inverse_dynamics.many(Q, QD, QDD),
                               ne.inverse_dynamics(robot, Q, QD, QDD), **EXACT)


def test_a_tiny_twist_is_a_twist_not_a_right_angle():
    """A twist of 1e-9 rad (and offsets of a float32 round-off) are angles, not zeros in
    disguise: the generated code keeps them, as Newton–Euler does (to 1e-12, not 1e-9)."""
    links = [Link(alpha=0.0, a=0.0, d=0.4, theta=-5.96e-8, mass=2.4, r_c=[0, 0, -0.8],
                  I_c=np.diag([0.03, 0.15, 0.16])),
             Link(alpha=1.19e-7, a=1e-9, d=-0.3, mass=3.4, r_c=[0.03, 0.67, 0],
                  I_c=np.diag([0.4, 0.8, 1.0])),
             Link(alpha=1e-9, a=-0.04, d=1.0, theta=1.4, mass=1.7, r_c=[-0.07, 0, 0],
                  I_c=np.diag([0.3, 0.6, 0.9]))]
    robot = SerialChain(links, gravity=[0, 0, -9.81])
    assert_every_verb_is_newton_euler(CompiledDynamics(robot), random_states(3, 5))


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


# --- the call: the extension, its fallbacks, and what it reads ------------------------------

@needs_a_compiler
def test_the_extension_reads_arrays_lists_floats_views_and_fills_out(puma):
    f = puma.inverse_dynamics
    assert f.calls == "extension" and isinstance(f, NumericFunction)
    Q, QD, QDD = random_states(6, 3)
    expected = ne.inverse_dynamics(PUMA, Q[0], QD[0], QDD[0])
    strided = np.stack([Q[0], Q[1]], axis=1)[:, 0]                   # a view, stride 16
    assert not strided.flags.c_contiguous
    for q, qd, qdd in ((Q[0], QD[0], QDD[0]), (list(Q[0]), tuple(QD[0]), QDD[0]),
                       (strided, QD[0].astype(np.float32).astype(float), QDD[0]),
                       ([int(0)] * 6, [0.0] * 6, [0] * 6), (Q[0].astype(np.float32), QD[0],
                                                            Q[0].astype(">f8"))):
        np.testing.assert_allclose(f(q, qd, qdd), ne.inverse_dynamics(PUMA, q, qd, qdd),
                                   rtol=1e-6 if np.asarray(q).dtype == np.float32 else 1e-12,
                                   atol=1e-6)
    out = np.empty(6)
    assert f(Q[0], QD[0], QDD[0], out=out) is out
    with pytest.raises(ValueError, match="out must be"):
        f(Q[0], QD[0], QDD[0], out=np.empty(6, dtype=">f8"))
    np.testing.assert_allclose(out, expected, **EXACT)
    assert f(Q[0], QD[0], QDD[0], out=None).shape == (6,)
    x, y = sp.symbols("x y")
    g = NumericFunction([x * y], {"x": x, "y": y})               # scalar arguments
    assert g(2.0, 3.0) == g(np.float64(2.0), 3) == g(2, np.array(3.0)) == 6.0


@needs_a_compiler
@pytest.mark.parametrize("call, error, match", [
    (lambda f, q: f(q, q), TypeError, r"takes 3 arguments \(q, qd, qdd\); got 2"),
    (lambda f, q: f(q, q, q[:5]), ValueError, r"qdd must have shape \(6,\)"),
    (lambda f, q: f(q, q, ["a"] * 6), TypeError, r"qdd\[0\] must be a number"),
    (lambda f, q: f(q, q, q, out=np.empty(5)), ValueError, r"out must be .* shape \(6,\); "
                                                           r"got an array of float64 with shape"),
    (lambda f, q: f(q, q, q, out=np.empty(6, dtype=np.float32)), ValueError, "out must be"),
    (lambda f, q: f(q, q, q, out=[0.0] * 6), ValueError, r"out must be .*; got \[0.0"),
    (lambda f, q: f(q, q, q, where=1), TypeError, "unexpected keyword argument 'where'"),
])
def test_bad_calls_through_the_extension_name_the_argument(puma, call, error, match):
    with pytest.raises(error, match=match):
        call(puma.inverse_dynamics, np.zeros(6))


def test_without_the_extension_ctypes_calls_the_same_library(monkeypatch):
    if c_compiler() is None:
        pytest.skip("no C compiler on this machine")
    monkeypatch.setattr(codegen, "_fast_class", lambda: None)
    x, y = sp.symbols("x y")
    f = NumericFunction(sp.Matrix([x * y, x - y]), {"x": x, "y": y})
    assert f.calls == "ctypes" and "ctypes" in repr(f)
    np.testing.assert_allclose(f(2.0, 3.0), [6.0, -1.0])
    out = np.empty(2)
    assert f(2.0, 3.0, out=out) is out
    with pytest.raises(ValueError, match="out must be"):
        f(2.0, 3.0, out=np.empty(3))


def test_without_python_headers_the_extension_is_not_built(monkeypatch, tmp_path):
    monkeypatch.setattr(codegen.sysconfig, "get_paths", lambda: {"include": str(tmp_path)})
    with pytest.warns(RuntimeWarning, match="called through ctypes .*no Python.h in"):
        assert codegen._fastcall.__wrapped__() is None


def test_compiled_dynamics_are_shared_by_robots_with_the_same_parameters():
    arm = planar_2r(l1=1.0, l2=0.7, m1=2.0, m2=0.5, g=9.81)
    first = compiled_dynamics(arm)
    assert compiled_dynamics(planar_2r(l1=1.0, l2=0.7, m1=2.0, m2=0.5, g=9.81)) is first
    assert compiled_dynamics(planar_2r(l1=1.0, l2=0.7, m1=2.0, m2=0.6, g=9.81)) is not first
    with pytest.raises(ValueError, match="numeric parameters"):
        compiled_dynamics(planar_2r())


@pytest.mark.parametrize("parameters, error, match", [
    (np.zeros((2, 9)), ValueError, r"parameters must be a \(2, 10\) matrix of numbers, one row "
                                   r"per link \(Jxx, .*, m\); got 2x9"),
    ([["a"] * 10] * 2, TypeError, r"parameters\[0,0\] must be a number .*; got 'a'"),
    (np.full((2, 10), np.inf), ValueError, r"parameters\[0,0\] must be a finite .*; got inf"),
    ("base", TypeError, r"parameters must be a \(2, 10\) matrix of numbers.*; got 'base'"),
])
def test_bad_parameters_are_named(parameters, error, match):
    with pytest.raises(error, match=match):
        CompiledDynamics(planar_2r(1.0, 1.0, 1.0, 1.0, 9.81), parameters=parameters)
    with pytest.raises(error, match=match):
        operation_count(planar_2r(1.0, 1.0, 1.0, 1.0, 9.81), parameters)


def test_count_operations_reads_generated_c_only():
    with pytest.raises(TypeError, match="source must be the C text of codegen.c_source"):
        count_operations("def f(x): return x")
    x = sp.Symbol("x")
    source = c_source(straight_line_program([(sp.sin(x) * x**3 - 2) / (1 + x)], [x]), [x], "f")
    assert "x*x*x" in source
    assert count_operations(source) == {"multiplications": 3, "divisions": 1, "additions": 2,
                                        "functions": 1, "assignments": 0}
