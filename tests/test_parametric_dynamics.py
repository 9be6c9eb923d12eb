"""codegen.ParametricDynamics: one compilation for a family of arms, the parameters given
at run time; every member equals Newton–Euler and CompiledDynamics of that numeric arm,
works in simulate and control, and bad input names the argument."""

import numpy as np
import pytest
import sympy as sp

from robocourse import newton_euler as ne
from robocourse.codegen import CompiledDynamics, ParametricDynamics
from robocourse.control import track
from robocourse.models import planar_2r, rp_arm
from robocourse.simulate import simulate
from robocourse.trajectories import synchronised

RNG = np.random.default_rng(7)
RP_FIXED = dict(l1=0.5, Ixx1=0.17, Iyy1=0.01, Izz1=0.17, Ixx2=0.08, Iyy2=0.001, Izz2=0.08,
                g=9.81)


@pytest.fixture(scope="module", params=["c", "numpy"])
def family(request):
    return ParametricDynamics(planar_2r, ["l1", "l2", "m1", "m2", "g"], backend=request.param)


@pytest.fixture(scope="module")
def rp_family():
    return ParametricDynamics(rp_arm, ["m1", "m2"], **RP_FIXED)


def test_each_member_is_newton_euler_of_that_arm(family):
    for _ in range(5):
        values = dict(zip(["l1", "l2", "m1", "m2", "g"], RNG.uniform(0.2, 3.0, 5), strict=True))
        member, arm = family.at(**values), planar_2r(**values)
        q, qd, qdd = RNG.uniform(-2, 2, size=(3, 2))
        assert member.robot.n == 2 and np.allclose(member.robot.gravity, arm.gravity)
        assert np.allclose(member.inverse_dynamics(q, qd, qdd),
                           ne.inverse_dynamics(arm, q, qd, qdd))
        assert np.allclose(member.mass_matrix(q), ne.mass_matrix(arm, q))
        assert np.allclose(member.velocity_product(q, qd), ne.velocity_product(arm, q, qd))
        assert np.allclose(member.gravity_load(q), ne.gravity_load(arm, q))
        tau = ne.inverse_dynamics(arm, q, qd, qdd)
        assert np.allclose(member.forward_dynamics(q, qd, tau), qdd)
        assert np.allclose(member.coriolis_matrix(q, qd), ne.coriolis_matrix(arm, q, qd))
        assert np.allclose(member.state_rate(np.concatenate([q, qd]), tau),
                           np.concatenate([qd, qdd]))
        p = [values[name] for name in ["l1", "l2", "m1", "m2", "g"]]
        assert np.allclose(family.gravity_load(q, p), ne.gravity_load(arm, q))
        out = np.empty((2, 2))
        assert member.mass_matrix(q, out=out) is out and np.allclose(out, ne.mass_matrix(arm, q))


def test_the_family_is_compiled_once_for_all_its_members(family):
    light, heavy = family.at(l1=1, l2=1, m1=1, m2=1, g=9.81), family.at(l1=1, l2=1, m1=1, m2=5,
                                                                       g=9.81)
    assert light.mass_matrix.function is heavy.mass_matrix.function is family.mass_matrix
    assert "p" in repr(family.mass_matrix)                       # (q, p): p is an argument
    assert not np.allclose(light.mass_matrix([0.1, 0.2]), heavy.mass_matrix([0.1, 0.2]))


def _named_like_the_program(c1=None, w2z=None):
    """planar_2r with l1 and m2 called as the generated program calls two intermediates
    (cos θ1 and ω of link 2 about z)."""
    return planar_2r(l1=sp.Symbol("c1") if c1 is None else c1, l2=0.6, m1=1.5,
                     m2=sp.Symbol("w2z") if w2z is None else w2z, g=9.81)


@pytest.mark.parametrize("backend", ["c", "numpy"])
def test_parameters_named_like_the_programs_intermediates_keep_their_values(backend):
    family = ParametricDynamics(_named_like_the_program, ["c1", "w2z"], backend=backend)
    member, arm = family.at(c1=0.7, w2z=1.3), planar_2r(l1=0.7, l2=0.6, m1=1.5, m2=1.3, g=9.81)
    q, qd, qdd = RNG.uniform(-2, 2, size=(3, 2))
    assert np.allclose(member.inverse_dynamics(q, qd, qdd), ne.inverse_dynamics(arm, q, qd, qdd))


def test_many_states_with_one_member_equal_one_state_at_a_time(rp_family):
    member = rp_family.at(m1=2.0, m2=1.5)
    fixed = CompiledDynamics(rp_arm(m1=2.0, m2=1.5, **RP_FIXED))
    q, qd = RNG.uniform(0.3, 1.2, size=(2, 9, 2))
    assert np.allclose(member.mass_matrix.many(q), fixed.mass_matrix.many(q))
    assert np.allclose(member.velocity_product.many(q, qd), fixed.velocity_product.many(q, qd))
    assert np.allclose(member.gravity_load.many(q), [fixed.gravity_load(row) for row in q])


def test_a_member_simulates_and_controls_like_the_arm_compiled_alone(rp_family):
    member = rp_family.at(m1=2.0, m2=0.8)
    fixed = CompiledDynamics(rp_arm(m1=2.0, m2=0.8, **RP_FIXED))
    start = ([0.3, 0.7], [0.0, 0.0], 0.6)
    a = simulate(member.robot, *start, model=member, samples=7)
    b = simulate(fixed.robot, *start, model=fixed, samples=7)
    assert np.allclose(a.q, b.q, atol=1e-8)
    heavier = rp_family.at(m1=2.0, m2=1.2)                         # the model is wrong …
    result = track(heavier.robot, member.robot, synchronised([0.3, 0.7], [0.9, 1.0], 0.5),
                   100, 20, plant_model=heavier, controller_model=member, samples=11)
    assert 1e-5 < np.abs(result.error).max() < 0.1                 # … so the arm lags a little


@pytest.mark.parametrize("call, error, message", [
    (lambda f: f.at(m1=1.0), TypeError, r"at\(\) needs a value for each parameter \['m1', 'm2'\]"),
    (lambda f: f.at(m1=1.0, m2=1.0, g=9.0), TypeError, r"needs a value for each parameter"),
    (lambda f: f.at(m1=1.0, m2="heavy"), TypeError, r"m2 must be a number"),
    (lambda f: f.at(m1=1.0, m2=sp.Symbol("m")), TypeError, r"m2 must be a number"),
    (lambda f: f.at(m1=True, m2=1.0), TypeError, r"m1 must be a number .*not a bool"),
    (lambda f: f.at(m1=1.0, m2=np.nan), ValueError, r"m2 must be a finite real number"),
    (lambda f: f.at(m1=-1.0, m2=1.0), ValueError, r"m1 must be >= 0 \(kg\)"),
    (lambda f: f.mass_matrix([0.1, 0.2], [1.0, np.nan]), ValueError,
     r"p\[1\] must be a finite real number; got nan"),
    (lambda f: f.mass_matrix([0.1, 0.2], [1.0]), ValueError, r"p must have shape \(2,\)"),
    (lambda f: ParametricDynamics(rp_arm, ["m1", "m2"], **{**RP_FIXED, "l1": True}), TypeError,
     r"l1 must be a number .*not a bool"),
    (lambda f: ParametricDynamics(rp_arm, ["m1", "m1", "m2"], **RP_FIXED), ValueError,
     r"none of them also fixed or named twice"),
    (lambda f: ParametricDynamics(rp_arm, ["m1", "m2"], l1=0.5), ValueError,
     r"rp_arm\(\*\*fixed\) leaves the symbols Ixx1, .*g.* that are not parameters"),
    (lambda f: ParametricDynamics(rp_arm, ["m1", "g"], g=9.81), ValueError,
     r"parameters must name at least one argument, none of them also fixed"),
    (lambda f: ParametricDynamics(rp_arm, ["m1", "m3"], **RP_FIXED), ValueError,
     r"rp_arm has no argument m3; its arguments are l1, m1, m2"),
    (lambda f: ParametricDynamics(rp_arm, "m1", **RP_FIXED), TypeError,
     r"parameters must be a list of argument names"),
    (lambda f: ParametricDynamics(rp_arm(), ["m1"]), TypeError, r"model must be a model function"),
    (lambda f: ParametricDynamics(rp_arm, True, **RP_FIXED), TypeError,
     r"parameters must be a list of argument names"),
    (lambda f: ParametricDynamics(rp_arm, ["m1", "m2"], backend="fortran", **RP_FIXED),
     ValueError, r"backend must be 'c' or 'numpy'"),
])
def test_bad_input_names_the_argument(rp_family, call, error, message):
    with pytest.raises(error, match=message):
        call(rp_family)
