"""Hypothesis strategies: random serial chains and joint states, all numeric.

``chains()`` draws 1–6 joints, mixed revolute/prismatic, random modified-DH values,
and physically valid mass properties (positive mass, a random rotation of
principal moments that satisfy the triangle inequality); ``grid_chains()`` the same
with parameters on a grid of exact decimals (for ``closed_form``), and
``right_angle_chains()`` those with twists and offsets that are multiples of 90°.
"""

import numpy as np
from hypothesis import strategies as st

from robocourse.robot import Link, SerialChain

_angle = st.floats(-np.pi, np.pi, allow_nan=False)
_length = st.floats(-1.0, 1.0, allow_nan=False)


@st.composite
def rotations(draw):
    """A random rotation matrix (QR of a drawn matrix, det fixed to +1)."""
    entries = draw(st.lists(st.floats(-1, 1, allow_nan=False), min_size=9, max_size=9))
    A = np.array(entries).reshape(3, 3) + 2.0 * np.eye(3)   # well away from rank loss
    Q, R = np.linalg.qr(A)
    Q = Q @ np.diag(np.sign(np.diag(R)))
    if np.linalg.det(Q) < 0:
        Q[:, 0] = -Q[:, 0]
    return Q


@st.composite
def inertia_tensors(draw):
    """A physical inertia tensor about the centre of mass, in random axes."""
    a, b = draw(st.floats(0.01, 1.0)), draw(st.floats(0.01, 1.0))
    c = draw(st.floats(abs(a - b) + 1e-3, a + b))        # triangle inequality holds
    R = draw(rotations())
    return R @ np.diag([a, b, c]) @ R.T


@st.composite
def links(draw, with_mass=True):
    joint = draw(st.sampled_from(["revolute", "prismatic"]))
    kwargs = dict(alpha=draw(_angle), a=draw(_length), d=draw(_length), theta=draw(_angle),
                  joint=joint)
    if with_mass:
        kwargs.update(mass=draw(st.floats(0.1, 5.0)),
                      r_c=draw(st.lists(_length, min_size=3, max_size=3)),
                      I_c=draw(inertia_tensors()))
    return Link(**kwargs)


@st.composite
def round_links(draw):
    """A link whose mass is round about its z axis: ``I_c = diag(a, a, c)`` with
    ``c ≤ 2a``, the centre of mass on the axis (or at the origin)."""
    joint = draw(st.sampled_from(["revolute", "prismatic"]))
    a = draw(st.floats(0.01, 1.0))
    return Link(alpha=draw(_angle), a=draw(_length), d=draw(_length), theta=draw(_angle),
                joint=joint, mass=draw(st.floats(0.1, 5.0)),
                r_c=[0.0, 0.0, draw(st.sampled_from([0.0, 0.3, -0.45]))],
                I_c=np.diag([a, a, draw(st.floats(1e-3, 2 * a))]))


@st.composite
def chains(draw, min_joints=1, max_joints=6, with_mass=True, round_last_link=False):
    """A random numeric SerialChain with a random tool offset and gravity
    (``round_last_link``: the last link drawn by ``round_links``)."""
    n = draw(st.integers(min_joints, max_joints))
    chain_links = [draw(links(with_mass)) for _ in range(n - round_last_link)]
    chain_links += [draw(round_links()) for _ in range(round_last_link)]
    tool = np.eye(4)
    tool[:3, :3] = draw(rotations())
    tool[:3, 3] = draw(st.lists(_length, min_size=3, max_size=3))
    gravity = draw(st.lists(st.floats(-10, 10), min_size=3, max_size=3))
    return SerialChain(chain_links, tool=tool, gravity=gravity, name="random chain")


def joint_vectors(n, scale=2.0):
    """A strategy for one joint vector of length n with entries in [-scale, scale]."""
    return st.lists(st.floats(-scale, scale, allow_nan=False), min_size=n, max_size=n).map(
        np.array)


@st.composite
def states(draw, min_joints=1, max_joints=6):
    """A random chain and a joint state ``(robot, q, q̇, q̈)``."""
    robot = draw(chains(min_joints=min_joints, max_joints=max_joints))
    return (robot, draw(joint_vectors(robot.n)), draw(joint_vectors(robot.n)),
            draw(joint_vectors(robot.n)))


def _on_grid(low, high, step=0.1):
    """Numbers from ``low`` to ``high`` on a grid of ``step`` (exact decimals, so that
    ``closed_form``'s fractions stay small)."""
    return st.integers(round(low / step), round(high / step)).map(lambda k: round(k * step, 10))


_RIGHT_ANGLES = (-np.pi / 2, 0.0, np.pi / 2, np.pi)


def right_angle_chains(min_joints=1, max_joints=3):
    """``grid_chains`` whose twists and joint offsets are multiples of 90° (as every arm
    of the course has)."""
    return grid_chains(min_joints, max_joints, angles=_RIGHT_ANGLES)


@st.composite
def grid_chains(draw, min_joints=1, max_joints=3, angles=(*_RIGHT_ANGLES, np.pi / 6, -0.3)):
    """A random numeric chain with its parameters on a 0.1 grid (exact decimals, so that
    ``closed_form``'s fractions stay small): twists and joint offsets from ``angles``
    (default: multiples of 90°, 30° and −0.3 rad), mixed joints, masses, centres of
    mass, principal inertias along the link axes, a tool offset and gravity."""
    n = draw(st.integers(min_joints, max_joints))
    angle = st.sampled_from(angles)
    chain_links = []
    for _ in range(n):
        a, b = draw(_on_grid(0.1, 1.0)), draw(_on_grid(0.1, 1.0))
        c = draw(_on_grid(max(abs(a - b), 0.1), a + b))          # triangle inequality
        chain_links.append(Link(alpha=draw(angle), a=draw(_on_grid(-1.0, 1.0)),
                                d=draw(_on_grid(-1.0, 1.0)), theta=draw(angle),
                                joint=draw(st.sampled_from(["revolute", "prismatic"])),
                                mass=draw(_on_grid(0.5, 5.0, 0.5)),
                                r_c=[draw(_on_grid(-0.5, 0.5)) for _ in range(3)],
                                I_c=np.diag([a, b, c])))
    tool = np.eye(4)
    tool[:3, 3] = [draw(_on_grid(-0.5, 0.5)) for _ in range(3)]
    gravity = [draw(_on_grid(-10.0, 10.0, 0.5)) for _ in range(3)]
    return SerialChain(chain_links, tool=tool, gravity=gravity, name="grid chain")
