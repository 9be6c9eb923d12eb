"""Bad input to robocourse.models and robocourse.robot: parameters named as the model names
them (``l1``, not ``r_c[0]``), negative lengths, booleans and strings as numbers or flags,
lists of the wrong length blamed on the right list — and the explicit way to load a published
parameter set whose inertia breaks the triangle inequality (issue 17), which then works on
every route (issue 41)."""

import warnings
from dataclasses import replace

import numpy as np
import pytest
import sympy as sp
from bad_input import named_in_the_error

from robocourse import lagrange, newton_euler, parameters
from robocourse.codegen import CompiledDynamics, c_compiler
from robocourse.inertia import UnphysicalInertiaWarning
from robocourse.models import (
    planar_2r,
    planar_2r_distributed,
    planar_3r,
    planar_arm,
    puma560,
    rp_arm,
    with_payload,
)
from robocourse.robot import (
    Link,
    SerialChain,
    derivative_name,
    is_rate,
    joint_of,
    joint_symbol_role,
    joint_symbols,
)
from robocourse.simulate import simulate

ARM = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
RTB_LINK_1 = np.diag([0.0, 0.35, 0.0])            # roboticstoolbox Puma560, links 1 and 3
RTB_LINK_3 = np.diag([0.066, 0.086, 0.0125])

MODELS = [
    ("a negative link length", lambda: planar_2r(l1=-1.0), ValueError, "l1", ">= 0", "-1.0"),
    ("a link length True", lambda: planar_2r(l1=True), TypeError, "l1", "number", "True"),
    ("a link length as text", lambda: planar_2r(l2="1"), TypeError, "l2", "number", "'1'"),
    ("a link length nan", lambda: planar_2r(l1=np.nan), ValueError, "l1", "finite", "nan"),
    ("a link length declared negative", lambda: planar_2r(l1=sp.Symbol("l", negative=True)),
     ValueError, "l1", ">= 0", "l"),
    ("a negative mass", lambda: planar_2r(m1=-2.0), ValueError, "m1", ">= 0", "-2.0"),
    ("a mass declared negative", lambda: planar_2r(m2=sp.Symbol("m", negative=True)), ValueError,
     "m2", ">= 0", "m"),
    ("gravity 'no'", lambda: planar_2r(g="no"), TypeError, "g", "number", "'no'"),
    ("gravity True", lambda: planar_2r(g=True), TypeError, "g", "number", "True"),
    ("gravity inf", lambda: planar_2r(g=np.inf), ValueError, "g", "finite", "inf"),
    ("lengths as one number", lambda: planar_arm(3, [1], [1], [1], 9.81), TypeError,
     "lengths", "sequence", "3"),
    ("no lengths", lambda: planar_arm([], [], [], [], 9.81), ValueError,
     "lengths", "at least one number", "none"),
    ("lengths as text", lambda: planar_arm("11", [1, 1], [1, 1], [0, 0], 9.81), TypeError,
     "lengths", "sequence", "'11'"),
    ("a length that is a bool", lambda: planar_arm([1.0, False], [1, 1], [1, 1], [0, 0], 9.81),
     TypeError, "lengths[1]", "number", "False"),
    ("a negative length in the list", lambda: planar_arm([1.0, -0.5], [1, 1], [1, 1], [0, 0], 9.81),
     ValueError, "lengths[1]", ">= 0", "-0.5"),
    ("too few masses", lambda: planar_arm([1, 1], [1], [0.5, 0.5], [0, 0], 9.8), ValueError,
     "masses", "2 entries", "1"),
    ("too many centres of mass", lambda: planar_arm([1], [1], [0.5, 0.5], [0], 9.8), ValueError,
     "com_distances", "1 entries", "2"),
    ("a negative moment of inertia", lambda: planar_arm([1.0], [1.0], [0.5], [-1.0], 9.81),
     ValueError, "inertias[0]", ">= 0", "-1.0"),
    ("an arm named 3", lambda: planar_arm([1.0], [1.0], [0.5], [0.1], 9.81, name=3), TypeError,
     "name", "string", "3"),
    ("a 3R arm of two lengths", lambda: planar_3r(lengths=[1.0, 1.0]), ValueError,
     "lengths", "3 entries", "2"),
    ("a 3R arm of four masses", lambda: planar_3r(masses=[1.0] * 4), ValueError,
     "masses", "3 entries", "4"),
    ("a 3R arm with gravity as text", lambda: planar_3r(g="down"), TypeError,
     "g", "number", "'down'"),
    ("a centre of mass as text", lambda: planar_2r_distributed(r1="half"), TypeError,
     "r1", "number", "'half'"),
    ("a negative moment of inertia I1", lambda: planar_2r_distributed(I1=-0.1), ValueError,
     "I1", ">= 0", "-0.1"),
    ("R-P arm with a negative Ixx1", lambda: rp_arm(Ixx1=-1.0), ValueError, "Ixx1", ">= 0", "-1.0"),
    ("R-P arm with a negative l1", lambda: rp_arm(l1=-0.5), ValueError, "l1", ">= 0", "-0.5"),
    ("R-P arm with a bool mass", lambda: rp_arm(m2=True), TypeError, "m2", "number", "True"),
    ("PUMA with symbolic lengths 'yes'", lambda: puma560(symbolic_lengths="yes"), TypeError,
     "symbolic_lengths", ("True", "False"), "'yes'"),
    ("PUMA with symbolic lengths 1", lambda: puma560(symbolic_lengths=1), TypeError,
     "symbolic_lengths", ("True", "False"), "1"),
]

ROBOT = [
    ("Link(a=True)", lambda: Link(a=True), TypeError, "a", "number", "True"),
    ("a twist as text", lambda: Link(alpha="90deg"), TypeError, "alpha", "number", "'90deg'"),
    ("an offset nan", lambda: Link(d=np.nan), ValueError, "d", "finite", "nan"),
    ("an angle inf", lambda: Link(theta=-np.inf), ValueError, "theta", "finite", "-inf"),
    ("a joint True", lambda: Link(joint=True), ValueError,
     "joint", ("'revolute'", "'prismatic'"), "True"),
    ("a link mass declared negative", lambda: Link(mass=sp.Symbol("m", negative=True)), ValueError,
     "mass", ">= 0", "m"),
    ("a centre of mass in 2-D", lambda: Link(r_c=[0.1, 0.2]), ValueError, "r_c", "3 entries", "2"),
    ("physical 'no'", lambda: Link(physical="no"), TypeError,
     "physical", ("True", "False"), "'no'"),
    ("a published tensor refused by default", lambda: Link(mass=17.4, r_c=[0, 0, 0],
                                                           I_c=RTB_LINK_1), ValueError,
     "I_c", "triangle inequality", "0.35"),
    ("physical=False still wants symmetry",
     lambda: Link(I_c=[[1, 0.5, 0], [0, 1, 0], [0, 0, 1]], physical=False), ValueError,
     "I_c", "symmetric"),
    ("physical=False still wants positive moments",
     lambda: Link(I_c=np.diag([1.0, -1.0, 1.0]), physical=False), ValueError,
     "I_c", "positive semi-definite"),
    ("a chain of one Link", lambda: SerialChain(Link()), TypeError, "links", "sequence", "Link"),
    ("a chain of None", lambda: SerialChain(None), TypeError, "links", "sequence", "None"),
    ("a chain of text", lambda: SerialChain("RR"), TypeError, "links", "sequence", "'RR'"),
    ("a chain with a number", lambda: SerialChain([Link(), 3]), TypeError,
     "links[1]", "Link", "int 3"),
    ("a chain with the class Link", lambda: SerialChain([Link]), TypeError,
     "links[0]", "Link", "Link"),
    ("a chain named 2", lambda: SerialChain([Link()], name=2), TypeError, "name", "string", "2"),
    ("a chain with gravity as text", lambda: SerialChain([Link()], gravity="down"), TypeError,
     "gravity", "sequence", "'down'"),
    ("a chain with gravity nan", lambda: SerialChain([Link()], gravity=[0, 0, np.nan]), ValueError,
     "gravity[2]", "finite", "nan"),
    ("a link transform of text", lambda: Link().transform("pi"), TypeError, "q", "number", "'pi'"),
    ("a link transform of True", lambda: Link().transform(True), TypeError, "q", "number", "True"),
    ("link parameters with dynamics 'no'", lambda: Link().parameters(dynamics="no"), TypeError,
     "dynamics", ("True", "False"), "'no'"),
    ("uses_symbols with dynamics 0", lambda: ARM.uses_symbols(dynamics=0), TypeError,
     "dynamics", ("True", "False"), "0"),
    ("joint symbols of the model function", lambda: joint_symbols(planar_2r), TypeError,
     "robot", "SerialChain", "planar_2r"),
    ("the role of a name as text", lambda: joint_symbol_role("theta1"), TypeError,
     "symbol", "Symbol", "'theta1'"),
    ("is_rate of a number", lambda: is_rate(3), TypeError, "symbol", "Symbol", "3"),
    ("joint_of None", lambda: joint_of(None), TypeError, "symbol", "Symbol", "None"),
    ("the derivative of x1", lambda: derivative_name("x1", 0), ValueError,
     "base", "joint variable", "'x1'"),
    ("the third derivative", lambda: derivative_name("theta1", 3), ValueError,
     "order", ("0", "1", "2"), "3"),
    ("the derivative of order True", lambda: derivative_name("theta1", True), ValueError,
     "order", ("0", "1", "2"), "True"),
]

test_bad_input_is_named_in_the_error = named_in_the_error(MODELS + ROBOT)


def _roboticstoolbox_puma():
    """roboticstoolbox's ``models.DH.Puma560`` mass properties (Corke & Armstrong-Hélouvry
    1994) on the chain of ``models.puma560()``: links 1 and 3 break the triangle inequality."""
    masses = (0.0, 17.4, 4.8, 0.82, 0.34, 0.09)
    centres = ((0, 0, 0), (-0.3638, 0.006, 0.2275), (-0.0203, -0.0141, 0.070), (0, 0.019, 0),
               (0, 0, 0), (0, 0, 0.032))
    tensors = (RTB_LINK_1, np.diag([0.13, 0.524, 0.539]), RTB_LINK_3,
               np.diag([1.8e-3, 1.3e-3, 1.8e-3]), np.diag([0.3e-3, 0.4e-3, 0.3e-3]),
               np.diag([0.15e-3, 0.15e-3, 0.04e-3]))
    links = [Link(alpha=link.alpha, a=link.a, d=link.d, mass=m, r_c=r, I_c=I, physical=False)
             for link, m, r, I in zip(puma560().links, masses, centres, tensors, strict=True)]
    return SerialChain(links, gravity=[0, 0, -9.81], name="PUMA 560 (roboticstoolbox)")


def test_a_published_unphysical_set_loads_on_request_with_a_warning_per_link():
    with pytest.warns(UnphysicalInertiaWarning) as caught:
        robot = _roboticstoolbox_puma()
    messages = [str(w.message) for w in caught]
    assert messages == [
        "link 1 of 'PUMA 560 (roboticstoolbox)': its inertia tensor I_c breaks the triangle "
        "inequality Iyy <= Ixx + Izz: 0.35 > 0 + 0; loaded as asked (physical=False), but no "
        "rigid body has it",
        "link 3 of 'PUMA 560 (roboticstoolbox)': its inertia tensor I_c breaks the triangle "
        "inequality Iyy <= Ixx + Izz: 0.086 > 0.066 + 0.0125; loaded as asked (physical=False), "
        "but no rigid body has it"]
    q, qd, qdd = [0.3, -0.5, 0.4, 0.6, 0.7, -0.8], [0.1] * 6, [0.2] * 6
    np.testing.assert_allclose(newton_euler.inverse_dynamics(robot, q, qd, qdd),
                               lagrange.inverse_dynamics(robot, q, qd, qdd), atol=1e-10)


def test_physical_links_and_physical_false_on_a_physical_tensor_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        SerialChain([Link(mass=1.0, r_c=[0, 0, 0], I_c=np.eye(3), physical=False)])
        puma560()


def test_an_unphysical_set_works_on_every_route_and_only_the_chain_warns():
    """Issue 41: CompiledDynamics (C and numpy), simulate, the standard parameters and the
    torques in them refused a link loaded with physical=False ("I_c breaks the triangle
    inequality") and warned about "link 1 of 'robot'" — a one-link chain of their own. Each
    now uses the tensor as loaded; the chain's warning, naming link and robot, is the only one."""
    arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)
    links = [arm.links[0], replace(arm.links[1], I_c=np.diag([0.0, 0.05, 0.35]), physical=False)]
    with pytest.warns(UnphysicalInertiaWarning) as caught:
        robot = SerialChain(links, tool=arm.tool, gravity=arm.gravity, name="published 2R")
    assert [str(w.message)[:26] for w in caught] == ["link 2 of 'published 2R': "]
    q, qd, qdd = [0.3, -0.5], [0.1, 0.2], [0.2, -0.3]
    expected = newton_euler.inverse_dynamics(robot, q, qd, qdd)
    assert expected[0] != newton_euler.inverse_dynamics(arm, q, qd, qdd)[0]   # I_c counts
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        routes = {backend: CompiledDynamics(robot, backend=backend).inverse_dynamics(q, qd, qdd)
                  for backend in ("numpy", "c") if backend == "numpy" or c_compiler()}
        routes["parameters"] = parameters.inverse_dynamics(robot, q, qd, qdd)
        routes["standard parameters"] = parameters.regressor(robot, q, qd, qdd) @ \
            parameters.standard_parameters(robot)
        for name, tau in routes.items():
            np.testing.assert_allclose(tau, expected, atol=1e-12, err_msg=name)
        motion = simulate(robot, q, [0.0, 0.0], 0.01, samples=2)
    assert motion.q.shape == (2, 2)
    with pytest.warns(UnphysicalInertiaWarning) as caught:             # a new chain: its own
        held = with_payload(robot, 1.0, [0.0, 0.0, 0.0], np.eye(3) * 1e-3)
    assert [str(w.message)[:39] for w in caught] == ["link 2 of 'published 2R with payload': "]
    assert held.links[-1].physical is False
