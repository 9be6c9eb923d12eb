"""Ready-made robots of the course, symbolic or numeric.

Every argument left as ``None`` becomes the sympy symbol of the same name, so
``planar_2r()`` is the lecture's fully symbolic arm and
``planar_2r(l1=0.5, l2=0.5, m1=1, m2=1, g=9.81)`` a numeric one.

The planar arms move in the vertical X0–Y0 plane with every joint axis along Z
and gravity along −Y0 (the conventions of chapters 0–5).
"""

import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.frames import rotation_unchecked as rotation
from robocourse.frames import transform_unchecked as transform
from robocourse.frames import translation_unchecked as translation
from robocourse.inertia import check_inertia_unchecked as check_inertia
from robocourse.inertia import composite_body, rotate_inertia, symbolic_inertia
from robocourse.language import phrase, say
from robocourse.robot import Link, SerialChain

# What a parameter of a model function is: a length l1, a mass m1, a centre-of-mass
# distance r1 (signed), a moment of inertia I1 or Ixx1, the size g of gravity (signed:
# g < 0 points it up); each may be left None, for its symbol.
_LENGTH = check.Number(phrase("a length, m", "errors"), at_least=0)
_MASS = check.Number("kg", at_least=0)
_MOMENT = check.Number(phrase("a moment of inertia, kg m²", "errors"), at_least=0)
_L, _M, _R, _I, _G = (check.Optional(rule) for rule in (_LENGTH, _MASS, check.Number(),
                                                         _MOMENT, check.Number()))
_ONE_PER_LINK = phrase("one per link", "errors")
_LIKE_LENGTHS = phrase("one per link, like lengths", "errors")


def _given_or_symbol(value, name):
    """The symbol ``name`` for None; else ``value`` (checked as that parameter)."""
    return sp.Symbol(name) if value is None else value


def _each(values, name, rule):
    """The entries of the list ``values`` (the argument ``name``), each checked by ``rule``."""
    return [rule.of(value, f"{name}[{k}]") for k, value in enumerate(values)]


@check.arguments(_finite=False, lengths=check.Sequence(None, _ONE_PER_LINK),
                 masses=check.Sequence("lengths", _LIKE_LENGTHS),
                 com_distances=check.Sequence("lengths", _LIKE_LENGTHS),
                 inertias=check.Sequence("lengths", _LIKE_LENGTHS), g=check.Number(),
                 name=check.Text())
def planar_arm(lengths, masses, com_distances, inertias, g, name="planar arm"):
    """An n-R arm in the vertical plane, link i a slender rod of length l_i.

    Link i has its centre of mass at ``r_i`` along ``X_i`` (``i_P_Ci = [r_i, 0, 0]``)
    and the inertia tensor of a rod along ``X_i`` about it: ``diag(0, I_i, I_i)``
    (only ``Izz = I_i`` enters planar motion). DH: ``alpha_{i-1} = 0``,
    ``a_{i-1} = l_{i-1}`` (``a_0 = 0``), ``d_i = 0``; the tool frame {n+1} sits at
    the tip, ``l_n`` along ``X_n``. Gravity is ``[0, -g, 0]`` in {0}.

    >>> arm = planar_arm([1.0, 1.0, 0.5], [1, 1, 1], [0.5, 0.5, 0.25], [0.1, 0.1, 0.02], 9.81)
    >>> arm
    SerialChain(name='planar arm', joints='RRR')
    """
    return _planar_arm(_each(lengths, "lengths", _LENGTH), _each(masses, "masses", _MASS),
                       com_distances, _each(inertias, "inertias", _MOMENT), g, name)


def _planar_arm(lengths, masses, com_distances, inertias, g, name):
    """``planar_arm`` on checked lists of as many entries, and a checked ``g``."""
    links = []
    for i in range(len(lengths)):
        I = inertias[i]
        links.append(Link(alpha=0, a=lengths[i - 1] if i else 0, d=0, theta=0, joint="R",
                          mass=masses[i], r_c=[com_distances[i], 0, 0],
                          I_c=B.scalars_of(I).matrix([[0, 0, 0], [0, I, 0], [0, 0, I]])))
    tool = transform(B.scalars_of(lengths[-1]).identity(3), [lengths[-1], 0, 0])
    return SerialChain(links, tool=tool, gravity=[0, -g, 0], name=name)


@check.arguments(_finite=False, l1=_L, l2=_L, m1=_M, m2=_M, g=_G)
def planar_2r(l1=None, l2=None, m1=None, m2=None, g=None):
    """The lecture's 2R arm with point masses ``m1, m2`` at the distal ends of the links.

    ``1_P_C1 = l1 X1``, ``2_P_C2 = l2 X2``, ``C_I = 0`` (chapter 3, §3.2); tool frame {3}
    at the tip.

    >>> planar_2r().links[1].a
    l1
    """
    l1, l2, m1, m2, g = (_given_or_symbol(v, k) for v, k in
                         ((l1, "l1"), (l2, "l2"), (m1, "m1"), (m2, "m2"), (g, "g")))
    return _planar_arm([l1, l2], [m1, m2], [l1, l2], [0, 0], g, name="planar 2R")


@check.arguments(_finite=False, l1=_L, l2=_L, m1=_M, m2=_M, r1=_R, r2=_R, I1=_I, I2=_I, g=_G)
def planar_2r_distributed(l1=None, l2=None, m1=None, m2=None, r1=None, r2=None,
                          I1=None, I2=None, g=None):
    """The 2R arm with distributed links: centre of mass at ``r_i`` along link i and
    moment of inertia ``I_i`` about it (chapter 4, §4.2).

    >>> planar_2r_distributed().links[0].r_c.T
    Matrix([[r1, 0, 0]])
    """
    values = {k: _given_or_symbol(v, k) for v, k in
              ((l1, "l1"), (l2, "l2"), (m1, "m1"), (m2, "m2"), (r1, "r1"), (r2, "r2"),
               (I1, "I1"), (I2, "I2"), (g, "g"))}
    v = values
    return _planar_arm([v["l1"], v["l2"]], [v["m1"], v["m2"]], [v["r1"], v["r2"]],
                       [v["I1"], v["I2"]], v["g"], name="planar 2R (distributed)")


_THREE = check.Optional(check.Sequence(3, phrase("one per link of the 3R arm", "errors")))


@check.arguments(_finite=False, lengths=_THREE, masses=_THREE, com_distances=_THREE,
                 inertias=_THREE, g=_G)
def planar_3r(lengths=None, masses=None, com_distances=None, inertias=None, g=None):
    """A 3R arm with distributed links; each list defaults to the symbols
    ``l1..l3``, ``m1..m3``, ``r1..r3``, ``I1..I3``.

    >>> planar_3r().tool[0, 3]
    l3
    """
    def three(values, stem, name, rule):
        return sp.symbols(f"{stem}1:4") if values is None else _each(values, name, rule)

    return _planar_arm(three(lengths, "l", "lengths", _LENGTH),
                       three(masses, "m", "masses", _MASS),
                       three(com_distances, "r", "com_distances", check.Number()),
                       three(inertias, "I", "inertias", _MOMENT), _given_or_symbol(g, "g"),
                       name="planar 3R")


@check.arguments(_finite=False, l1=_L, m1=_M, m2=_M, Ixx1=_I, Iyy1=_I, Izz1=_I, Ixx2=_I,
                 Iyy2=_I, Izz2=_I, g=_G)
def rp_arm(l1=None, m1=None, m2=None, Ixx1=None, Iyy1=None, Izz1=None,
           Ixx2=None, Iyy2=None, Izz2=None, g=None):
    """The R-P arm of Craig's Example 6.5 (chapter 4, §4.3) in the vertical plane.

    Joint 1 turns about Z0 = Z1 (θ1 = 0: arm along +X0, horizontal); joint 2 slides
    along the arm (``d2``). Link 1 has its centre of mass ``l1`` from axis 1; link 2
    has it at the slider, ``d2`` from axis 1. The inertias are given, as in Craig,
    in axes with Z along joint axis 1 and Y along the arm.

    DH: link 1 ``(0, 0, 0, θ1 − 90°)``, link 2 ``(−90°, 0, d2, 0)``, so the arm
    direction is ``Y1 = Z2``; in {2} axes Craig's ``diag(Ixx2, Iyy2, Izz2)`` reads
    ``diag(Ixx2, Izz2, Iyy2)`` (Y2 = −Z1, Z2 = Y1).

    >>> rp_arm().joint_types
    ('revolute', 'prismatic')
    """
    v = {k: _given_or_symbol(val, k) for val, k in
         ((l1, "l1"), (m1, "m1"), (m2, "m2"), (Ixx1, "Ixx1"), (Iyy1, "Iyy1"),
          (Izz1, "Izz1"), (Ixx2, "Ixx2"), (Iyy2, "Iyy2"), (Izz2, "Izz2"), (g, "g"))}
    scalars = B.scalars_of(*v.values())
    quarter = math.pi / 2      # made exact by the DH transform whenever symbols are involved
    link1 = Link(alpha=0, a=0, d=0, theta=-quarter, joint="R", mass=v["m1"],
                 r_c=[0, v["l1"], 0],
                 I_c=scalars.matrix([[v["Ixx1"], 0, 0], [0, v["Iyy1"], 0], [0, 0, v["Izz1"]]]))
    link2 = Link(alpha=-quarter, a=0, d=0, theta=0, joint="P", mass=v["m2"], r_c=[0, 0, 0],
                 I_c=scalars.matrix([[v["Ixx2"], 0, 0], [0, v["Izz2"], 0], [0, 0, v["Iyy2"]]]))
    return SerialChain([link1, link2], gravity=[0, -v["g"], 0], name="R-P arm")


# Armstrong, Khatib & Burdick (1986), "The explicit dynamic model and inertial
# parameters of the PUMA 560 arm": their link frames (modified DH, their twist signs) and
# their measured rigid-link data in those frames (m, kg, kg m²), written as the decimals
# they publish, so that the re-expression in Craig's frames below is exact.
_AKB_DH = (  # alpha_{i-1} in quarter turns, a_{i-1}, d_i
    (0, "0", "0"),
    (-1, "0", "0.2435"),
    (0, "0.4318", "-0.0934"),
    (1, "-0.0203", "0.4331"),
    (-1, "0", "0"),
    (1, "0", "0"),
)
_AKB_MASS = ("0", "17.4", "4.8", "0.82", "0.34", "0.09")
_AKB_COM = (("0", "0", "0"), ("0.068", "0.006", "-0.016"), ("0", "-0.070", "0.014"),
            ("0", "0", "-0.019"), ("0", "0", "0"), ("0", "0", "0.032"))
_AKB_INERTIA = (("0.175", "0.175", "0.35"), ("0.13", "0.524", "0.539"),
                ("0.066", "0.0125", "0.066"), ("1.8e-3", "1.8e-3", "1.3e-3"),
                ("0.3e-3", "0.3e-3", "0.4e-3"), ("0.15e-3", "0.15e-3", "0.04e-3"))

# Craig's table (Craig 2017, §3.7): alpha_{i-1} in quarter turns, and the names of the
# four lengths in it.
_CRAIG_TWISTS = (0, -1, 0, -1, 1, -1)
_CRAIG_LENGTHS = {(2, "a"): "a2", (3, "a"): "a3", (2, "d"): "d3", (3, "d"): "d4"}
# Craig's link frame {i} in AKB's frame {i} of the same link, E_i = (R_E, p_E), with
# {i}_Craig = {i}_AKB E_i: R_E a diagonal rotation (a half turn, or none), p_E an offset.
# Links 1, 4 and 6 keep AKB's frames.
_CRAIG_IN_AKB = {2: ((1, 1, 1), (0, 0, Fraction("-0.2435"))),    # down axis 2, onto {1}
                 3: ((-1, -1, 1), (0, 0, 0)),                     # half a turn about Z3
                 5: ((1, -1, -1), (0, 0, 0))}                     # half a turn about X5
# Joint angles: θ_AKB = sign θ_Craig + offset (in quarter turns), joint by joint.
_AKB_ANGLES = ((1, 0), (1, 0), (1, -2), (1, 2), (-1, 0), (1, 0))


def _akb_values(i):
    """AKB's link ``i`` (0-based) as Fractions: ``(twist, a, d, mass, r_c, diag I)``."""
    twist, a, d = _AKB_DH[i]
    return (twist, Fraction(a), Fraction(d), Fraction(_AKB_MASS[i]),
            [Fraction(x) for x in _AKB_COM[i]], [Fraction(x) for x in _AKB_INERTIA[i]])


def _craig_values(i):
    """Link ``i`` (0-based) of ``puma560()`` as Fractions: Craig's twist; AKB's lengths in
    Craig's places and signs (``a2``; ``a3 = −a3_AKB``, X3 being turned; ``d3 = d2_AKB +
    d3_AKB``, Craig's {2} sitting on {1}; ``d4``); AKB's centre of mass moved into Craig's
    frame, ``r = R_Eᵀ (r_AKB − p_E)``; AKB's principal moments, which a diagonal half turn
    leaves on the diagonal (``R_Eᵀ I R_E = I``)."""
    akb = [_akb_values(k) for k in range(6)]
    a = (0, 0, akb[2][1], -akb[3][1], 0, 0)[i]
    d = (0, 0, akb[1][2] + akb[2][2], akb[3][2], 0, 0)[i]
    _, _, _, mass, r_c, inertia = akb[i]
    signs, offset = _CRAIG_IN_AKB.get(i + 1, ((1, 1, 1), (0, 0, 0)))
    r_c = [sign * (x - o) for sign, x, o in zip(signs, r_c, offset, strict=True)]
    return _CRAIG_TWISTS[i], a, d, mass, r_c, inertia


def _link(twist, a, d, mass, r_c, inertia):
    """A revolute ``Link`` from a twist in quarter turns and exact (or symbolic) values."""
    Ixx, Iyy, Izz = (float(x) for x in inertia)
    a, d = (x if isinstance(x, sp.Basic) else float(x) for x in (a, d))
    return Link(alpha=twist * math.pi / 2, a=a, d=d, theta=0, joint="R", mass=float(mass),
                r_c=[float(x) for x in r_c], I_c=[[Ixx, 0, 0], [0, Iyy, 0], [0, 0, Izz]])


@check.arguments(_finite=False, symbolic_lengths=check.Flag())
def puma560(symbolic_lengths=False):
    """The PUMA 560 in Craig's modified-DH table, with Armstrong, Khatib and Burdick's
    (1986) measured lengths, masses, centres of mass and inertias.

    DH (alpha_{i-1}, a_{i-1}, d_i), Craig 2017 §3.7: (0, 0, 0), (−90°, 0, 0),
    (0, a2, d3), (−90°, a3, d4), (+90°, 0, 0), (−90°, 0, 0), with a2 = 0.4318,
    a3 = 0.0203, d3 = 0.1501 and d4 = 0.4331 m.

    AKB measured the links in frames of their own (``puma560_akb()``: twists +90°, −90°,
    +90° on joints 4–6, the shoulder offset split in two). Craig's frame of each link is
    AKB's frame of that link moved by a fixed ``E_i`` — {2} moved 0.2435 m down axis 2
    (onto {1}), {3} and {5} turned half a turn about Z3 and X5 — so each centre of mass is
    re-expressed exactly as ``r = R_Eᵀ (r_AKB − p_E)`` (from AKB's published decimals, in
    exact arithmetic) and each inertia as ``R_Eᵀ I R_E``, which for these half turns keeps
    the principal moments in place. The two models are the same machine: at the joint
    angles ``akb_joint_angles(q)`` both put every link and the tool in the same place, and
    their torques agree (``τ_Craig = akb_joint_signs() · τ_AKB``). Motor inertia, gearing
    and friction are left out (rigid links); ``Ixx1 = Iyy1 = Izz1/2`` as in
    ``puma560_akb``.

    ``symbolic_lengths=True`` replaces the four lengths by the symbols ``a2, a3, d3, d4``
    (for the symbolic kinematics of chapter 6); the mass properties stay numeric.

    >>> robot = puma560()
    >>> [link.a for link in robot.links], [link.d for link in robot.links]
    ([0.0, 0.0, 0.4318, 0.0203, 0.0, 0.0], [0.0, 0.0, 0.1501, 0.4331, 0.0, 0.0])
    >>> robot.links[1].r_c              # the upper arm's centre of mass, in Craig's {2}
    array([0.068 , 0.006 , 0.2275])
    """
    links = []
    for i in range(6):
        twist, a, d, *mass_properties = _craig_values(i)
        if symbolic_lengths:
            a = sp.Symbol(_CRAIG_LENGTHS[(i, "a")]) if (i, "a") in _CRAIG_LENGTHS else a
            d = sp.Symbol(_CRAIG_LENGTHS[(i, "d")]) if (i, "d") in _CRAIG_LENGTHS else d
        links.append(_link(twist, a, d, *mass_properties))
    return SerialChain(links, gravity=[0, 0, -9.81], name="PUMA 560")


def puma560_motors():
    """``(motor_inertia, gear_ratio)``: the PUMA 560's rotor inertias ``I_m`` (kg·m²) and gear
    ratios ``η`` (rotor turns per joint turn), joints 1–6, as the consensus set of Corke and
    Armstrong-Hélouvry (1994) gives them (from Armstrong, Khatib and Burdick 1986; the
    ``Jm`` and ``G`` of Corke's ``mdl_puma560``). A negative ratio turns the rotor the other
    way; the reflected inertia ``η² I_m`` (``motors.reflected_inertia``) does not see it.

    >>> motor_inertia, gear_ratio = puma560_motors()
    >>> (gear_ratio**2 * motor_inertia).round(3)           # η² I_m, kg·m²
    array([0.784, 2.325, 0.577, 0.191, 0.171, 0.194])
    """
    return (np.array([200e-6, 200e-6, 200e-6, 33e-6, 33e-6, 33e-6]),
            np.array([-62.6111, 107.815, -53.7063, 76.0364, 71.923, 76.686]))


def puma560_akb():
    """The PUMA 560 in Armstrong, Khatib and Burdick's own frames (AKB 1986), the arm whose
    data ``puma560()`` re-expresses in Craig's frames (chapter 6, §6.1).

    DH (alpha_{i-1}, a_{i-1}, d_i): (0, 0, 0), (−90°, 0, 0.2435), (0, 0.4318, −0.0934),
    (+90°, −0.0203, 0.4331), (−90°, 0, 0), (+90°, 0, 0) — metres; masses, centres of mass
    and principal inertias as AKB measured them in these frames. AKB give only
    ``Izz1 = 0.35`` for link 1, which turns about Z1 alone, so ``Ixx1, Iyy1`` never enter
    the dynamics; they are set to ``Izz1/2`` (a flat disc) so the tensor passes the
    physical check. Its joint angles for a pose of ``puma560()``: ``akb_joint_angles``.

    >>> [link.d for link in puma560_akb().links][:4]
    [0.0, 0.2435, -0.0934, 0.4331]
    """
    return SerialChain([_link(*_akb_values(i)) for i in range(6)], gravity=[0, 0, -9.81],
                       name="PUMA 560 (AKB frames)")


@check.arguments(q=check.Vector(6, check.ONE_PER_JOINT))
def akb_joint_angles(q):
    """The joint angles of ``puma560_akb()`` for the pose that ``puma560()`` has at ``q``:
    ``(θ1, θ2, θ3 − π, θ4 + π, −θ5, θ6)``.

    Craig's {3} is AKB's {3} turned half a turn about Z3 (θ3 counts from the other side,
    and the half turn comes back in θ4); his {5} is AKB's {5} turned half a turn about X5
    (Z5, and so the sense of θ5, flip). Rates and accelerations map with the signs alone
    (``akb_joint_signs``), and so do torques: ``τ_Craig = signs · τ_AKB``.

    >>> akb_joint_angles([0, 0, 0, 0, 0, 0]) / np.pi
    array([ 0.,  0., -1.,  1.,  0.,  0.])
    >>> akb_joint_angles(sp.symbols('theta1:7')).T
    Matrix([[theta1, theta2, theta3 - pi, theta4 + pi, -theta5, theta6]])
    """
    scalars = B.scalars_of(q)
    quarter = sp.pi / 2 if scalars.exact else math.pi / 2
    return scalars.vector([sign * q_i + offset * quarter
                           for (sign, offset), q_i in zip(_AKB_ANGLES, q, strict=True)])


def akb_joint_signs():
    """``(1, 1, 1, 1, −1, 1)``: the signs in ``akb_joint_angles``, which carry joint rates,
    accelerations and torques between the two models (``τ_Craig = signs · τ_AKB``).

    >>> akb_joint_signs()
    array([ 1,  1,  1,  1, -1,  1])
    """
    return np.array([sign for sign, _ in _AKB_ANGLES])


@check.arguments(_finite=False, symbolic_lengths=check.Flag())
def puma560_d2(symbolic_lengths=False):
    """The PUMA 560 of ``puma560()`` in the other common form of Craig's table: the shoulder
    offset written ``d2``, on joint 2, instead of ``d3`` on joint 3 (the form many
    textbooks print; chapter 6, §6.1).

    DH (alpha_{i-1}, a_{i-1}, d_i): (0, 0, 0), (−90°, 0, d2), (0, a2, 0), (−90°, a3, d4),
    (+90°, 0, 0), (−90°, 0, 0), with d2 = 0.1501 m: Craig's twists, lengths and joint
    angles. Only frame {2} moves: its origin slides ``d2`` along axis 2, off the waist axis
    into the plane of the arm, where {3} is; so link 2's centre of mass, written in this
    {2}, is Craig's ``r − d2 Ẑ2``, and its inertia tensor (about the centre of mass, in the
    same axes) stays. ``TransZ(d)`` commutes with ``TransX(a2) RotZ(θ3)``, so ``0_T_3`` and
    every frame after it are ``puma560()``'s at the same joint angles.
    ``symbolic_lengths=True``: the symbols ``a2, a3, d2, d4`` (the mass properties, and so
    link 2's centre of mass, stay numeric).

    >>> [link.d for link in puma560_d2().links]
    [0.0, 0.1501, 0.0, 0.4331, 0.0, 0.0]
    >>> puma560_d2().links[1].r_c                 # the upper arm's centre of mass, in this {2}
    array([0.068 , 0.006 , 0.0774])
    """
    values = [list(_craig_values(i)) for i in range(6)]
    offset = values[2][2]
    values[1][2], values[2][2] = offset, 0                       # d2 = Craig's d3; d3 = 0
    values[1][4] = [*values[1][4][:2], values[1][4][2] - offset]  # r − d2 Ẑ2
    if symbolic_lengths:
        values[1][2], values[3][2] = sp.Symbol("d2"), sp.Symbol("d4")
        values[2][1], values[3][1] = sp.Symbol("a2"), sp.Symbol("a3")
    return SerialChain([_link(*link) for link in values], gravity=[0, 0, -9.81],
                       name="PUMA 560 (d2 table)")


@check.arguments(_finite=False, robot=check.Robot(dynamics=True))
def named_mass_properties(robot):
    """``robot`` with every mass property that is not zero, and gravity, replaced by a
    symbol: the equations of motion in named link parameters.

    Link i's mass becomes ``m_i``, its centre of mass ``(x_ci, y_ci, z_ci)``, the diagonal of
    its inertia tensor ``(I_xxi, I_yyi, I_zzi)`` (written ``m2``, ``x_c2``, ``I_zz2``, …) and
    gravity ``g`` along the robot's gravity direction. Entries that are zero stay zero —
    they are what the link's shape makes vanish (a wrist link's centre of mass on its
    axis) — so the equations keep only the terms the arm has. Off-diagonal products of
    inertia must be zero (every arm of the course has principal axes along its frames).
    The DH parameters are kept as they are.

    >>> arm = named_mass_properties(planar_2r(l1=0.5, l2=0.5, m1=1.0, m2=1.0, g=9.81))
    >>> arm.links[1].mass, arm.links[1].r_c.T, arm.gravity.T
    (m2, Matrix([[x_c2, 0, 0]]), Matrix([[0, -g, 0]]))
    """
    links = []
    for i, link in enumerate(robot.links, start=1):
        I_c = np.asarray(link.I_c, dtype=float) if not B.is_symbolic(link.I_c) else None
        if I_c is None or np.abs(I_c - np.diag(np.diag(I_c))).max() > 0:
            raise ValueError(say("named_mass_properties needs link {i} of {robot} to have a "
                                 "diagonal numeric inertia tensor (principal axes along its "
                                 "frame); got I_c = {I_c}", "errors", i=i, robot=repr(robot.name),
                                 I_c=link.I_c.tolist()))
        links.append(replace(
            link, mass=_named(link.mass, "m", i),
            r_c=[_named(x, f"{axis}_c", i) for x, axis in zip(link.r_c, "xyz", strict=True)],
            I_c=sp.diag(*[_named(I_c[k, k], f"I_{axis * 2}", i) for k, axis in enumerate("xyz")])))
    gravity = np.asarray(robot.gravity, dtype=float)
    size = float(np.linalg.norm(gravity))
    direction = [sp.nsimplify(x / size) if size else 0 for x in gravity]
    return SerialChain(links, tool=robot.tool, gravity=[sp.Symbol("g") * x for x in direction],
                       name=f"{robot.name} (named mass properties)")


def _named(value, name, i):
    """0 for a zero parameter, else the symbol ``name`` followed by the link number."""
    return 0 if value == 0 else sp.Symbol(f"{name}{i}")


@check.arguments(_finite=False, l2=_L, l3=_L,
                 masses=check.Optional(check.Sequence(3, _ONE_PER_LINK)),
                 com_distances=check.Optional(check.Sequence(2, "r2, r3")), g=_G)
def spatial_3r(l2=None, l3=None, masses=None, com_distances=None, inertias=None, g=None):
    """A spatial 3R arm — waist, shoulder, elbow — with full inertia tensors (chapter 3, §3.5).

    The first three joints of an articulated arm such as the PUMA 560, without its
    offsets. Modified DH (``alpha_{i-1}, a_{i-1}, d_i, theta_i``): link 1 ``(0, 0, 0, θ1)``,
    the waist, turning about the vertical Z0; link 2 ``(−90°, 0, 0, θ2)``, the shoulder,
    its axis Z2 horizontal; link 3 ``(0, l2, 0, θ3)``, the elbow, parallel to the
    shoulder; the tool frame {4} sits ``l3`` along X3 with the axes of {3}. At
    ``θ2 = θ3 = 0`` both arm links point along X1, horizontally; ``θ2 < 0`` raises the
    upper arm. Gravity is ``[0, 0, −g]`` in {0}.

    Link 1 (the turret) has its centre of mass on axis 1; links 2 and 3 have theirs
    ``r2``, ``r3`` along X2, X3 (``com_distances = (r2, r3)``). ``inertias`` are the three
    tensors about the centres of mass in the axes of {1}, {2}, {3}; every argument left
    None becomes symbols (``m1..m3``, ``r2, r3``, ``l2, l3``, ``g``, and the general
    tensors ``inertia.symbolic_inertia(i)``: ``I_xxi``, ``I_xyi``, … with the products
    entering with a minus sign).

    >>> arm = spatial_3r()
    >>> arm, arm.links[2].a, arm.tool[0, 3]
    (SerialChain(name='spatial 3R', joints='RRR'), l2, l3)
    >>> arm.links[1].I_c[0, 1]
    -I_xy2
    """
    l2, l3, g = (_given_or_symbol(v, k) for v, k in ((l2, "l2"), (l3, "l3"), (g, "g")))
    masses = sp.symbols("m1:4") if masses is None else _each(masses, "masses", _MASS)
    com_distances = sp.symbols("r2 r3") if com_distances is None else com_distances
    if inertias is None:
        inertias = [symbolic_inertia.__wrapped__(str(i)) for i in (1, 2, 3)]
    elif not isinstance(inertias, (list, tuple)) or len(inertias) != 3:
        raise TypeError(say("inertias must be a list of three 3x3 tensors (links 1, 2, 3); "
                            "got {inertias}", "errors", inertias=check.shown(inertias)))
    else:
        inertias = [check_inertia(I, f"inertias[{k}]") for k, I in enumerate(inertias)]
    quarter = math.pi / 2      # made exact by the DH transform whenever symbols are involved
    centres = ([0, 0, 0], [com_distances[0], 0, 0], [com_distances[1], 0, 0])
    geometry = ((0, 0), (-quarter, 0), (0, l2))                 # alpha_{i-1}, a_{i-1}
    links = [Link(alpha=alpha, a=a, d=0, theta=0, joint="R", mass=masses[i], r_c=centres[i],
                  I_c=inertias[i]) for i, (alpha, a) in enumerate(geometry)]
    tool = transform(B.scalars_of(l3).identity(3), [l3, 0, 0])
    return SerialChain(links, tool=tool, gravity=[0, 0, -g], name="spatial 3R")


@check.arguments(_finite=False, n=check.Count(1), seed=check.Count(0),
                 joints=check.Choice("RP", "R", "P"))
def random_chain(n, seed=0, joints="RP"):
    """A numeric arm of ``n`` joints drawn at random (the same arm for the same ``seed``):
    joints of the kinds in ``joints`` (``"RP"``: revolute or prismatic; ``"R"``: all
    revolute; ``"P"``: all prismatic), modified-DH values and centres of mass within a metre,
    masses from 0.5 to 5 kg and physical inertia tensors (principal moments that keep the
    triangle inequality, in random axes); gravity along −Z0. For experiments on arms of any
    size (chapter 8: the cost of the dynamics against n).

    >>> random_chain(4, seed=1).joint_types
    ('prismatic', 'revolute', 'prismatic', 'prismatic')
    >>> random_chain(2, joints="R").joint_types
    ('revolute', 'revolute')
    """
    rng = np.random.default_rng(seed)
    kinds = list(joints)
    links = []
    for _ in range(n):
        a, b = rng.uniform(0.01, 0.5, 2)
        moments = np.diag([a, b, rng.uniform(abs(a - b), a + b)])
        axes, _ = np.linalg.qr(rng.normal(size=(3, 3)))
        axes *= np.sign(np.linalg.det(axes))                    # a rotation: det +1
        links.append(Link(alpha=rng.uniform(-np.pi, np.pi), a=rng.uniform(-1, 1),
                          d=rng.uniform(-1, 1), theta=rng.uniform(-np.pi, np.pi),
                          joint=str(rng.choice(kinds)),
                          mass=rng.uniform(0.5, 5.0), r_c=rng.uniform(-1, 1, 3),
                          I_c=rotate_inertia.__wrapped__(moments, axes)))
    return SerialChain(links, gravity=[0.0, 0.0, -9.81], name=f"random {n}-joint arm")


@check.arguments(_finite=False, robot=check.Robot(dynamics=True), mass=_MASS,
                 r_c=check.Sequence(3, phrase("x, y, z in the tool frame", "errors")))
def with_payload(robot, mass, r_c, I_c):
    """``robot`` holding a rigid payload at its tool frame, as one more part of its last link.

    The payload has mass ``mass``, its centre of mass at ``r_c`` written in the tool frame
    {T}, and the tensor ``I_c`` about that centre in the axes of {T}. Written in the last
    link frame {n} (``n_T_T = robot.tool``: ``p = n_R_T r_c + n_P_T``,
    ``I = n_R_T I_c n_R_Tᵀ``), it is fastened to link n by ``inertia.composite_body``;
    the kinematics, the tool frame and gravity stay as they are. Newton–Euler with the
    payload's wrench at {T} (``newton_euler.payload_wrench``) must give the torques of
    this robot (chapter 3, §3.5).

    >>> arm = planar_2r(l1=1.0, l2=1.0, m1=1.0, m2=1.0, g=9.81)   # m2 at the tip
    >>> held = with_payload(arm, 1.0, [0, 0, 0], [[0] * 3] * 3)    # 1 kg more at the tip
    >>> held.links[1].mass, held.links[1].r_c
    (2.0, array([1., 0., 0.]))
    """
    scalars = B.scalars_of(mass, r_c, I_c, robot.tool, robot.links[-1].parameters())
    r_c = scalars.vector(r_c)
    I_c = scalars.convert(check_inertia(I_c, "I_c"))
    tool = scalars.convert(robot.tool)
    R, p = rotation(tool), translation(tool)
    last = robot.links[-1]
    payload = (mass, R @ r_c + p, rotate_inertia(I_c, R))            # written in {n}
    body = composite_body([(last.mass, last.r_c, last.I_c), payload], physical=last.physical)
    held = replace(last, mass=body.mass, r_c=body.r_c, I_c=body.I_c)
    return SerialChain(robot.links[:-1] + (held,), tool=robot.tool, gravity=robot.gravity,
                       name=f"{robot.name} with payload")
