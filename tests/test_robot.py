"""The robot model (links, joints, the serial chain, joint symbols) and the ready-made
robots of the course: their parameters, symbols and geometry."""

import dataclasses
import math

import numpy as np
import pytest
import sympy as sp

from robocourse.frames import dh_transform, rot_z, rotation, translation
from robocourse.kinematics import forward_kinematics, link_frames
from robocourse.models import (
    named_mass_properties,
    planar_2r,
    planar_2r_distributed,
    planar_3r,
    planar_arm,
    puma560,
    rp_arm,
)
from robocourse.robot import (
    PRISMATIC,
    REVOLUTE,
    JointRole,
    Link,
    SerialChain,
    derivative_name,
    is_acceleration,
    is_rate,
    joint_of,
    joint_symbol_role,
    joint_symbols,
)

t1, t2 = sp.symbols("theta1 theta2")


def is_zero(difference):
    """True when a symbolic matrix or expression simplifies to zero."""
    return sp.simplify(sp.Matrix([difference])).is_zero_matrix


# ---------------------------------------------------------------- Link

@pytest.mark.parametrize("name, kind", [("R", REVOLUTE), ("revolute", REVOLUTE),
                                        ("Revolute", REVOLUTE), ("p", PRISMATIC),
                                        ("P", PRISMATIC), ("prismatic", PRISMATIC)])
def test_link_joint_names(name, kind):
    link = Link(joint=name)
    assert link.joint == kind
    assert link.is_revolute == (kind == REVOLUTE)


def test_revolute_link_adds_the_joint_variable_to_theta():
    a, d, offset = sp.symbols("a d offset")
    link = Link(alpha=sp.pi / 2, a=a, d=d, theta=offset, joint="R")
    assert link.transform(t1) == dh_transform(sp.pi / 2, a, offset + t1, d)


def test_prismatic_link_adds_the_joint_variable_to_d():
    d2, offset = sp.symbols("d2 offset")
    link = Link(alpha=0, a=1, d=offset, theta=0.5, joint="P")
    assert link.transform(d2) == dh_transform(0, 1, 0.5, offset + d2)
    np.testing.assert_allclose(translation(Link(joint="P").transform(0.3)), [0, 0, 0.3])


def test_numeric_quarter_turn_offset_is_exact_with_symbols():
    link = Link(theta=-math.pi / 2)
    assert link.transform(t1)[0, 0] == sp.sin(t1)          # cos(θ1 − 90°), no 6e-17


def test_link_mass_properties():
    m, r = sp.symbols("m r")
    link = Link(mass=m, r_c=[r, 0, 0], I_c=sp.diag(1, 2, 2))
    assert link.has_mass_properties
    assert link.r_c == sp.Matrix([r, 0, 0])
    assert not Link(mass=1.0).has_mass_properties
    numeric = Link(mass=2, r_c=(0.1, 0.2, 0.3), I_c=np.diag([1.0, 1.0, 1.5]))
    assert isinstance(numeric.r_c, np.ndarray) and numeric.r_c.shape == (3,)
    assert numeric.parameters(dynamics=False) == [0, 0, 0, 0]
    assert len(numeric.parameters()) == 7


def test_link_is_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Link().a = 1.0


# ---------------------------------------------------------------- SerialChain

def test_serial_chain_basics():
    chain = SerialChain([Link(), Link(joint="P"), Link(a=0.5)])
    assert chain.n == 3
    assert chain.joint_types == (REVOLUTE, PRISMATIC, REVOLUTE)
    assert repr(chain) == "SerialChain(name='robot', joints='RPR')"
    np.testing.assert_allclose(chain.tool, np.eye(4))
    np.testing.assert_allclose(chain.gravity, [0, 0, -9.81])


def test_uses_symbols_reads_only_what_the_computation_needs():
    m = sp.Symbol("m")
    chain = SerialChain([Link(a=1.0, mass=m, r_c=[0, 0, 0], I_c=np.zeros((3, 3)))])
    assert not chain.uses_symbols([0.3], dynamics=False)    # kinematics: all numbers
    assert chain.uses_symbols([0.3], dynamics=True)         # dynamics reads the mass
    assert chain.uses_symbols([t1], dynamics=False)
    assert SerialChain([Link()], gravity=[0, 0, -sp.Symbol("g")]).uses_symbols([0.0])


def test_joint_symbols():
    q, qd, qdd = joint_symbols(rp_arm())
    assert list(q) == [sp.Symbol("theta1"), sp.Symbol("d2")]
    assert list(qd) == [sp.Symbol("thetadot1"), sp.Symbol("ddot2")]
    assert list(qdd) == [sp.Symbol("thetaddot1"), sp.Symbol("dddot2")]


# ---------------------------------------------------------------- models

def test_planar_2r_is_the_lecture_arm():
    l1, l2, m1, m2, g = sp.symbols("l1 l2 m1 m2 g")
    arm = planar_2r()
    assert [link.a for link in arm.links] == [0, l1]
    assert [link.mass for link in arm.links] == [m1, m2]
    assert arm.links[0].r_c == sp.Matrix([l1, 0, 0])          # point mass at the distal end
    assert arm.links[1].r_c == sp.Matrix([l2, 0, 0])
    np.testing.assert_array_equal(np.array(arm.links[1].I_c, dtype=float), np.zeros((3, 3)))
    assert arm.gravity == sp.Matrix([0, -g, 0])
    assert translation(arm.tool) == sp.Matrix([l2, 0, 0])
    assert joint_symbols(arm)[0] == sp.Matrix([t1, t2])


def test_planar_2r_numeric():
    arm = planar_2r(l1=0.5, l2=0.3, m1=1.0, m2=2.0, g=9.81)
    assert not arm.uses_symbols([0.0, 0.0])
    np.testing.assert_allclose(forward_kinematics(arm, [0.0, math.pi / 2])[:3, 3],
                               [0.5, 0.3, 0.0], atol=1e-15)
    np.testing.assert_allclose(arm.gravity, [0, -9.81, 0])


def test_planar_2r_distributed():
    r1, I1 = sp.symbols("r1 I1")
    arm = planar_2r_distributed()
    assert arm.links[0].r_c == sp.Matrix([r1, 0, 0])
    assert arm.links[0].I_c == sp.diag(0, I1, I1)


def test_planar_3r_defaults_and_numbers():
    arm = planar_3r()
    assert arm.n == 3 and arm.tool[0, 3] == sp.Symbol("l3")
    numeric = planar_3r([1.0, 1.0, 0.5], [1, 1, 1], [0.5, 0.5, 0.25], [0.1, 0.1, 0.02], 9.81)
    np.testing.assert_allclose(forward_kinematics(numeric, [0, 0, 0])[:3, 3], [2.5, 0, 0])


def test_planar_arm_frames_lie_at_the_joints():
    arm = planar_arm([1.0, 2.0], [1, 1], [0.5, 1.0], [0.1, 0.1], 9.81)
    frames = link_frames(arm, [math.pi / 2, 0.0])
    np.testing.assert_allclose([translation(T) for T in frames],
                               [[0, 0, 0], [0, 1, 0], [0, 3, 0]], atol=1e-15)


def test_rp_arm_geometry():
    d2 = sp.Symbol("d2")
    arm = rp_arm()
    assert arm.joint_types == (REVOLUTE, PRISMATIC)
    T = forward_kinematics(arm, [t1, d2])
    assert is_zero(translation(T) - sp.Matrix([d2 * sp.cos(t1), d2 * sp.sin(t1), 0]))
    assert is_zero(rotation(T)[:, 2] - sp.Matrix([sp.cos(t1), sp.sin(t1), 0]))   # Z2 = arm
    Ixx2, Iyy2, Izz2 = sp.symbols("Ixx2 Iyy2 Izz2")
    assert arm.links[1].I_c == sp.diag(Ixx2, Izz2, Iyy2)
    assert arm.links[0].r_c == sp.Matrix([0, sp.Symbol("l1"), 0])
    # link 1's COM, l1 along the arm: Y1 is the arm direction
    frames = link_frames(arm, [t1, d2])
    assert is_zero(rotation(frames[0]) @ arm.links[0].r_c
                   - sp.Symbol("l1") * sp.Matrix([sp.cos(t1), sp.sin(t1), 0]))


def test_puma560_parameters():
    robot = puma560()
    assert robot.n == 6 and robot.joint_types == (REVOLUTE,) * 6
    assert [link.a for link in robot.links] == [0, 0, 0.4318, 0.0203, 0, 0]
    assert [link.d for link in robot.links] == [0, 0, 0.1501, 0.4331, 0, 0]
    assert all(link.has_mass_properties for link in robot.links)
    assert robot.links[1].mass == 17.4
    a2, d3, a3, d4 = sp.symbols("a2 d3 a3 d4")
    symbolic = puma560(symbolic_lengths=True)
    assert [link.a for link in symbolic.links] == [0, 0, a2, a3, 0, 0]
    assert [link.d for link in symbolic.links] == [0, 0, d3, d4, 0, 0]
    assert symbolic.links[1].mass == 17.4


def test_puma560_geometry():
    a2, d3, a3, d4 = sp.symbols("a2 d3 a3 d4")
    theta = sp.symbols("theta1:7")
    frames = link_frames(puma560(symbolic_lengths=True), theta)
    # the wrist axes 4, 5, 6 meet in one point (what makes the closed-form IK possible)
    assert is_zero(translation(frames[3]) - translation(frames[4]))
    assert is_zero(translation(frames[4]) - translation(frames[5]))
    # the wrist centre lies d3 off the plane of the arm and depends on θ1, θ2, θ3 only
    in_arm_plane = sp.simplify(rot_z(theta[0]).T @ translation(frames[5]))
    assert in_arm_plane[1] == d3
    assert in_arm_plane.free_symbols == {a2, a3, d3, d4, theta[1], theta[2]}
    at_zero = forward_kinematics(puma560(), np.zeros(6))[:3, 3]    # forearm hanging down
    np.testing.assert_allclose(at_zero, [0.4318 + 0.0203, 0.1501, -0.4331], atol=1e-12)


def test_named_mass_properties_keep_the_zeros_and_name_the_rest():
    arm = named_mass_properties(puma560())
    m2, xc2, zc6, Izz3, g = sp.symbols("m2 x_c2 z_c6 I_zz3 g")
    assert arm.links[0].mass == 0 and arm.links[1].mass == m2
    assert arm.links[1].r_c[0] == xc2 and list(arm.links[5].r_c) == [0, 0, zc6]
    assert arm.links[2].I_c[2, 2] == Izz3 and arm.links[2].I_c[0, 1] == 0
    assert list(arm.gravity) == [0, 0, -g]
    assert [link.a for link in arm.links] == [link.a for link in puma560().links]
    tilted = SerialChain([Link(mass=1.0, r_c=[0, 0, 0], I_c=[[1, 0.1, 0], [0.1, 1, 0],
                                                               [0, 0, 1]])])
    with pytest.raises(ValueError, match=r"link 1 of 'robot' to have a diagonal numeric "
                                         r"inertia tensor"):
        named_mass_properties(tilted)
    with pytest.raises(TypeError, match=r"robot must be a SerialChain"):
        named_mass_properties(puma560)


# --- the naming scheme of the joint symbols ----------------------------------------------

@pytest.mark.parametrize("name, role", [
    ("theta1", JointRole("position", 1, "theta1")),
    ("thetadot1", JointRole("rate", 1, "theta1")),
    ("thetaddot12", JointRole("acceleration", 12, "theta12")),
    ("d2", JointRole("position", 2, "d2")),
    ("ddot2", JointRole("rate", 2, "d2")),
    ("dddot2", JointRole("acceleration", 2, "d2")),
    ("alpha1", None), ("l1", None), ("m2", None), ("I_zz1", None), ("Izz1", None),
    ("theta", None), ("theta0", None), ("theta01", None), ("dot2", None), ("d2dot", None),
    ("thetadddot1", None), ("q1", None), ("g", None),
])
def test_joint_symbol_role_reads_the_name(name, role):
    symbol = sp.Symbol(name)
    assert joint_symbol_role(symbol) == role
    assert is_rate(symbol) == (role is not None and role.kind == "rate")
    assert is_acceleration(symbol) == (role is not None and role.kind == "acceleration")
    assert joint_of(symbol) == (None if role is None else role.joint)


def test_joint_symbol_role_of_other_sympy_objects_is_none_and_of_text_an_error():
    assert joint_symbol_role(2 * sp.Symbol("theta1")) is None
    assert joint_symbol_role(sp.Function("theta1")(sp.Symbol("t"))) is None
    assert joint_symbol_role(sp.Integer(1)) is None
    with pytest.raises(TypeError, match="symbol must be a sympy Symbol; got str 'theta1'"):
        joint_symbol_role("theta1")


def test_joint_symbols_and_their_roles_are_one_scheme():
    """Every symbol ``joint_symbols`` makes has the role its position says, and
    ``derivative_name`` makes its name again."""
    robot = SerialChain([Link(), Link(joint="P"), Link()])
    for order, (symbols, kind) in enumerate(zip(joint_symbols(robot),
                                                ("position", "rate", "acceleration"),
                                                strict=True)):
        for joint, symbol in enumerate(symbols, start=1):
            role = joint_symbol_role(symbol)
            assert (role.kind, role.joint) == (kind, joint)
            assert derivative_name(role.base, order) == symbol.name


def test_derivative_name():
    assert [derivative_name("theta1", k) for k in (0, 1, 2)] == ["theta1", "thetadot1",
                                                                 "thetaddot1"]
    assert [derivative_name("d2", k) for k in (0, 1, 2)] == ["d2", "ddot2", "dddot2"]
    for base in ("thetadot1", "alpha1", "d", sp.Symbol("d2")):
        with pytest.raises(ValueError, match="base must be the name of a joint variable"):
            derivative_name(base, 1)
    for order in (3, -1, True, 1.0):
        with pytest.raises(ValueError, match=r"order must be 0, 1 or 2 \(position, rate, "
                                             r"acceleration\)"):
            derivative_name("theta1", order)
