"""One vocabulary for the dynamics: every route answers the same five verbs alike.

The routes are Newton–Euler, the Lagrange manipulator form, the Lagrange–Euler trace
form (modules: ``verb(robot, ...)``), the generated code of ``codegen.CompiledDynamics``
and the simplified equations of ``closed_form.ClosedForm`` (objects of one robot:
``route.verb(...)``). Each verb must agree on every route: on random chains (numbers),
on the PUMA 560 (numbers) and exactly on the symbolic 2R and R-P arms. The loads
(``wrench=``, ``frame=``) and ``gravity=`` of the module routes agree as well.
"""

from functools import partial

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import chains, joint_vectors, right_angle_chains

from robocourse import lagrange as la
from robocourse import lagrange_euler as le
from robocourse import newton_euler as ne
from robocourse.closed_form import closed_form
from robocourse.codegen import CompiledDynamics
from robocourse.equivalence import assert_identical
from robocourse.models import planar_2r, planar_2r_distributed, puma560, rp_arm
from robocourse.robot import SerialChain, joint_symbols
from robocourse.statics import joint_torques_by_jacobian

#: The five verbs and the joint vectors each one takes.
VERBS = {"inverse_dynamics": ("q", "qd", "qdd"), "mass_matrix": ("q",),
         "velocity_product": ("q", "qd"), "coriolis_matrix": ("q", "qd"),
         "gravity_load": ("q",)}
MODULES = {"Newton–Euler": ne, "Lagrange": la, "Lagrange–Euler": le}
TOLERANCE = dict(rtol=1e-9, atol=1e-9)


def routes(robot, compiled=True, closed=True):
    """``{route name: verb -> function of the joint vectors}`` for ``robot``."""
    found = {name: (lambda verb, m=module: partial(getattr(m, verb), robot))
             for name, module in MODULES.items()}
    if compiled:
        model = CompiledDynamics(robot, backend="numpy")
        found["compiled"] = lambda verb: getattr(model, verb)
    if closed:
        form = closed_form(robot)
        found["closed form"] = lambda verb: getattr(form, verb)
    return found


def assert_routes_agree(every, state):
    """Every verb of every route in ``every`` (from ``routes``) at ``state`` (a dict
    q, qd, qdd) equals Newton–Euler's."""
    for verb, names in VERBS.items():
        arguments = [state[name] for name in names]
        expected = every["Newton–Euler"](verb)(*arguments)
        for route, verb_of in every.items():
            np.testing.assert_allclose(verb_of(verb)(*arguments), expected, **TOLERANCE,
                                       err_msg=f"{route}: {verb}")


@st.composite
def states(draw, robots):
    robot = draw(robots)
    return robot, {name: draw(joint_vectors(robot.n)) for name in ("q", "qd", "qdd")}


@settings(max_examples=8)
@given(states(right_angle_chains()))
def test_five_routes_agree_on_random_right_angle_chains(drawn):
    robot, state = drawn
    assert_routes_agree(routes(robot), state)


@settings(max_examples=30)
@given(states(chains()))
def test_the_three_derivations_agree_on_any_random_chain(drawn):
    """Any twists and offsets: Newton–Euler, Lagrange and Lagrange–Euler, each verb."""
    robot, state = drawn
    assert_routes_agree(routes(robot, compiled=False, closed=False), state)


@pytest.mark.slow
def test_five_routes_agree_on_the_puma_560():
    every = routes(puma560())
    rng = np.random.default_rng(20)
    for q, qd, qdd in rng.uniform(-2, 2, size=(3, 3, 6)):
        assert_routes_agree(every, {"q": q, "qd": qd, "qdd": qdd})


@pytest.mark.parametrize("model", [planar_2r, planar_2r_distributed, rp_arm])
def test_symbolic_routes_are_identical(model):
    """Exactly: the symbolic arms of chapters 3 and 4, every verb, four routes."""
    robot = model()
    q, qd, qdd = joint_symbols(robot)
    state = {"q": q, "qd": qd, "qdd": qdd}
    every = routes(robot, compiled=False)
    for verb, names in VERBS.items():
        arguments = [state[name] for name in names]
        expected = every["Newton–Euler"](verb)(*arguments)
        for route, verb_of in every.items():
            assert_identical(verb_of(verb)(*arguments), expected, f"{route}: {verb}")


def test_the_coriolis_matrix_times_the_rates_is_the_velocity_product():
    robot = planar_2r(l1=1.0, l2=0.7, m1=2.0, m2=1.0, g=9.81)
    q, qd = [0.3, -1.1], [0.8, 2.0]
    for module in MODULES.values():
        np.testing.assert_allclose(module.coriolis_matrix(robot, q, qd) @ qd,
                                   module.velocity_product(robot, q, qd), **TOLERANCE)


# --- the loads and gravity, the same on every module route ------------------------------

@settings(max_examples=30)
@given(st.data())
def test_wrench_frame_and_gravity_mean_the_same_on_every_route(data):
    robot = data.draw(chains(max_joints=4))
    q, qd, qdd = (data.draw(joint_vectors(robot.n)) for _ in range(3))
    wrench = data.draw(joint_vectors(6, scale=10.0))
    gravity = data.draw(joint_vectors(3, scale=10.0))
    frame = data.draw(st.sampled_from(["base", "tool"]))
    loaded = ne.inverse_dynamics(robot, q, qd, qdd, wrench=wrench, frame=frame, gravity=gravity)
    for name, module in MODULES.items():
        np.testing.assert_allclose(
            module.inverse_dynamics(robot, q, qd, qdd, wrench=wrench, frame=frame,
                                    gravity=gravity), loaded, **TOLERANCE, err_msg=name)
    # The load adds the torques that hold it (statics, τ = Jᵀ F) ...
    free = ne.inverse_dynamics(robot, q, qd, qdd, gravity=gravity)
    np.testing.assert_allclose(loaded - free,
                               joint_torques_by_jacobian(robot, q, wrench, frame=frame),
                               **TOLERANCE)
    # ... and gravity=g is the robot built with that gravity.
    same = SerialChain(robot.links, tool=robot.tool, gravity=gravity)
    np.testing.assert_allclose(free, ne.inverse_dynamics(same, q, qd, qdd), **TOLERANCE)
    for module in MODULES.values():
        np.testing.assert_allclose(module.gravity_load(robot, q, gravity=gravity),
                                   ne.gravity_load(same, q), **TOLERANCE)


def test_gravity_zero_switches_gravity_off_on_every_route():
    robot = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    weightless = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=0.0)
    state = ([0.3, 0.4], [1.0, -1.0], [0.5, 0.2])
    for module in MODULES.values():
        np.testing.assert_allclose(module.inverse_dynamics(robot, *state, gravity=0),
                                   module.inverse_dynamics(weightless, *state), **TOLERANCE)
        np.testing.assert_allclose(module.gravity_load(robot, state[0], gravity=[0, 0, 0]),
                                   [0.0, 0.0])
        np.testing.assert_allclose(module.gravity_load(robot, state[0]),
                                   ne.gravity_load(robot, state[0]), **TOLERANCE)


def test_symbolic_wrench_in_the_tool_frame_is_the_statics_of_chapter_1():
    fx, fy = sp.symbols("f_x f_y")
    arm = planar_2r()
    t1, t2 = sp.symbols("theta1 theta2")
    l1, l2 = sp.symbols("l1 l2")
    expected = sp.Matrix([l1 * sp.sin(t2) * fx + (l2 + l1 * sp.cos(t2)) * fy, l2 * fy])
    for name, module in MODULES.items():
        tau = module.inverse_dynamics(arm, [t1, t2], [0, 0], [0, 0],
                                      wrench=[fx, fy, 0, 0, 0, 0], frame="tool", gravity=0)
        assert_identical(tau, expected, name)


def test_the_bound_routes_are_the_robot_as_it_is():
    """CompiledDynamics and ClosedForm take no load or gravity: the documented rule."""
    robot = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    for bound in (CompiledDynamics(robot, backend="numpy"), closed_form(robot)):
        with pytest.raises(TypeError):
            bound.inverse_dynamics([0, 0], [0, 0], [0, 0], gravity=0)
        with pytest.raises(TypeError):
            bound.gravity_load([0, 0], gravity=0)
