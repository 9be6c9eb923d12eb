"""Ready-made robots of the course, symbolic or numeric.

Every argument left as ``None`` becomes the sympy symbol of the same name, so
``planar_2r()`` is the lecture's fully symbolic arm and
``planar_2r(l1=0.5, l2=0.5, m1=1, m2=1, g=9.81)`` a numeric one.

The planar arms move in the vertical X0–Y0 plane with every joint axis along Z
and gravity along −Y0 (the conventions of chapters 0–5).
"""

import math
from dataclasses import replace

import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as C
from robocourse.frames import rotation, transform, translation
from robocourse.inertia import check_inertia, composite_body, rotate_inertia, symbolic_inertia
from robocourse.robot import Link, SerialChain


def _length(value, name):
    return C.nonnegative(value, name, "a length, m")


def _moment_of_inertia(value, name):
    return C.nonnegative(value, name, "a moment of inertia, kg m²")


# What a parameter of a model function is, by the first letter of its name: a length
# l1, a mass m1, a centre-of-mass distance r1 (signed), a moment of inertia I1 or Ixx1,
# the size g of gravity (signed: g < 0 points it up).
_PARAMETERS = {"l": _length, "m": C.mass, "r": C.scalar, "I": _moment_of_inertia,
               "g": C.scalar}


def _given_or_symbol(value, name):
    """The symbol ``name`` for None; else ``value`` checked as that parameter."""
    return sp.Symbol(name) if value is None else _PARAMETERS[name[0]](value, name)


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
    lengths = C.sequence(lengths, None, "lengths", "one per link", _length)
    n = len(lengths)
    masses, com_distances, inertias = (
        C.sequence(values, n, label, "one per link, like lengths", check)
        for values, label, check in ((masses, "masses", C.mass),
                                     (com_distances, "com_distances", C.scalar),
                                     (inertias, "inertias", _moment_of_inertia)))
    g = C.scalar(g, "g")
    links = []
    for i in range(n):
        I = inertias[i]
        links.append(Link(alpha=0, a=lengths[i - 1] if i else 0, d=0, theta=0, joint="R",
                          mass=masses[i], r_c=[com_distances[i], 0, 0],
                          I_c=B.matrix([[0, 0, 0], [0, I, 0], [0, 0, I]], B.is_symbolic(I))))
    tool = transform(B.identity(3, B.is_symbolic(lengths[-1])), [lengths[-1], 0, 0])
    return SerialChain(links, tool=tool, gravity=[0, -g, 0], name=name)


def planar_2r(l1=None, l2=None, m1=None, m2=None, g=None):
    """The lecture's 2R arm with point masses ``m1, m2`` at the distal ends of the links.

    ``1_P_C1 = l1 X1``, ``2_P_C2 = l2 X2``, ``C_I = 0`` (chapter 3, §3.2); tool frame {3}
    at the tip.

    >>> planar_2r().links[1].a
    l1
    """
    l1, l2, m1, m2, g = (_given_or_symbol(v, k) for v, k in
                         ((l1, "l1"), (l2, "l2"), (m1, "m1"), (m2, "m2"), (g, "g")))
    return planar_arm([l1, l2], [m1, m2], [l1, l2], [0, 0], g, name="planar 2R")


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
    return planar_arm([v["l1"], v["l2"]], [v["m1"], v["m2"]], [v["r1"], v["r2"]],
                      [v["I1"], v["I2"]], v["g"], name="planar 2R (distributed)")


def planar_3r(lengths=None, masses=None, com_distances=None, inertias=None, g=None):
    """A 3R arm with distributed links; each list defaults to the symbols
    ``l1..l3``, ``m1..m3``, ``r1..r3``, ``I1..I3``.

    >>> planar_3r().tool[0, 3]
    l3
    """
    def three(values, stem, name):
        if values is None:
            return sp.symbols(f"{stem}1:4")
        return C.sequence(values, 3, name, "one per link of the 3R arm")

    return planar_arm(three(lengths, "l", "lengths"), three(masses, "m", "masses"),
                      three(com_distances, "r", "com_distances"),
                      three(inertias, "I", "inertias"), _given_or_symbol(g, "g"),
                      name="planar 3R")


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
    symbolic = B.is_symbolic(*v.values())
    quarter = math.pi / 2      # made exact by the DH transform whenever symbols are involved
    link1 = Link(alpha=0, a=0, d=0, theta=-quarter, joint="R", mass=v["m1"],
                 r_c=[0, v["l1"], 0],
                 I_c=B.matrix([[v["Ixx1"], 0, 0], [0, v["Iyy1"], 0], [0, 0, v["Izz1"]]],
                              symbolic))
    link2 = Link(alpha=-quarter, a=0, d=0, theta=0, joint="P", mass=v["m2"], r_c=[0, 0, 0],
                 I_c=B.matrix([[v["Ixx2"], 0, 0], [0, v["Izz2"], 0], [0, 0, v["Iyy2"]]],
                              symbolic))
    return SerialChain([link1, link2], gravity=[0, -v["g"], 0], name="R-P arm")


# Armstrong, Khatib & Burdick (1986), "The explicit dynamic model and inertial
# parameters of the PUMA 560 arm", in Craig's modified DH convention (SI units).
_PUMA_DH = (  # alpha_{i-1}, a_{i-1}, d_i
    (0, 0.0, 0.0),
    (-1, 0.0, 0.2435),
    (0, 0.4318, -0.0934),
    (1, -0.0203, 0.4331),
    (-1, 0.0, 0.0),
    (1, 0.0, 0.0),
)
_PUMA_MASS = (0.0, 17.4, 4.8, 0.82, 0.34, 0.09)
_PUMA_COM = ((0, 0, 0), (0.068, 0.006, -0.016), (0, -0.070, 0.014),
             (0, 0, -0.019), (0, 0, 0), (0, 0, 0.032))
_PUMA_INERTIA = ((0.175, 0.175, 0.35), (0.13, 0.524, 0.539), (0.066, 0.0125, 0.066),
                 (1.8e-3, 1.8e-3, 1.3e-3), (0.3e-3, 0.3e-3, 0.4e-3),
                 (0.15e-3, 0.15e-3, 0.04e-3))


def puma560(symbolic_lengths=False):
    """The PUMA 560 with the Armstrong–Khatib–Burdick (1986) parameters, modified DH.

    DH (alpha_{i-1}, a_{i-1}, d_i): (0, 0, 0), (−90°, 0, 0.2435), (0, a2 = 0.4318, −0.0934),
    (90°, a3 = −0.0203, d4 = 0.4331), (−90°, 0, 0), (90°, 0, 0) — metres; the two
    shoulder offsets add to Craig's d3 = 0.1501 m. Masses, centres of mass and
    principal inertias (kg, m, kg m²) are AKB's rigid-link values; motor inertia,
    gearing and friction are left out. AKB give only ``Izz1 = 0.35`` for link 1,
    which turns about Z1 alone, so ``Ixx1, Iyy1`` never enter the dynamics; they are
    set to ``Izz1/2`` (a flat disc) so the tensor passes the physical check.

    ``symbolic_lengths=True`` replaces the lengths by the symbols ``d2, a2, d3, a3, d4``
    (for the symbolic kinematics of chapter 6); mass properties stay numeric.

    >>> puma560().links[2].a
    0.4318
    """
    names = {(1, "d"): "d2", (2, "a"): "a2", (2, "d"): "d3", (3, "a"): "a3", (3, "d"): "d4"}
    links = []
    for i, (twist, a, d) in enumerate(_PUMA_DH):
        if C.flag(symbolic_lengths, "symbolic_lengths"):
            a = sp.Symbol(names[(i, "a")]) if (i, "a") in names else a
            d = sp.Symbol(names[(i, "d")]) if (i, "d") in names else d
        Ixx, Iyy, Izz = _PUMA_INERTIA[i]
        alpha = twist * math.pi / 2
        links.append(Link(alpha=alpha, a=a, d=d, theta=0, joint="R", mass=_PUMA_MASS[i],
                          r_c=_PUMA_COM[i],
                          I_c=[[Ixx, 0, 0], [0, Iyy, 0], [0, 0, Izz]]))
    return SerialChain(links, gravity=[0, 0, -9.81], name="PUMA 560")


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
    masses = (sp.symbols("m1:4") if masses is None
              else C.sequence(masses, 3, "masses", "one per link", C.mass))
    com_distances = (sp.symbols("r2 r3") if com_distances is None
                     else C.sequence(com_distances, 2, "com_distances", "r2, r3"))
    if inertias is None:
        inertias = [symbolic_inertia(str(i)) for i in (1, 2, 3)]
    elif not isinstance(inertias, (list, tuple)) or len(inertias) != 3:
        raise TypeError("inertias must be a list of three 3x3 tensors (links 1, 2, 3); got "
                        f"{C.shown(inertias)}")
    else:
        inertias = [check_inertia(I, f"inertias[{k}]") for k, I in enumerate(inertias)]
    quarter = math.pi / 2      # made exact by the DH transform whenever symbols are involved
    centres = ([0, 0, 0], [com_distances[0], 0, 0], [com_distances[1], 0, 0])
    geometry = ((0, 0), (-quarter, 0), (0, l2))                 # alpha_{i-1}, a_{i-1}
    links = [Link(alpha=alpha, a=a, d=0, theta=0, joint="R", mass=masses[i], r_c=centres[i],
                  I_c=inertias[i]) for i, (alpha, a) in enumerate(geometry)]
    tool = transform(B.identity(3, B.is_symbolic(l3)), [l3, 0, 0])
    return SerialChain(links, tool=tool, gravity=[0, 0, -g], name="spatial 3R")


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
    robot = C.robot(robot, dynamics=True)
    mass = C.mass(mass, "mass")
    symbolic = B.is_symbolic(mass, r_c, I_c, robot.tool, robot.links[-1].parameters())
    r_c = C.vector(r_c, 3, "r_c", symbolic, entries="x, y, z in the tool frame")
    I_c = B.convert(check_inertia(I_c, "I_c"), symbolic)
    tool = B.convert(robot.tool, symbolic)
    R, p = rotation(tool), translation(tool)
    last = robot.links[-1]
    payload = (mass, R @ r_c + p, rotate_inertia(I_c, R))            # written in {n}
    body = composite_body([(last.mass, last.r_c, last.I_c), payload])
    held = replace(last, mass=body.mass, r_c=body.r_c, I_c=body.I_c)
    return SerialChain(robot.links[:-1] + (held,), tool=robot.tool, gravity=robot.gravity,
                       name=f"{robot.name} with payload")
