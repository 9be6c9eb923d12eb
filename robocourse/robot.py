"""The robot model: links in Craig's modified DH convention, joints, mass
properties, and the serial chain that holds them.

Link i carries the four DH parameters of the transform ``i-1_T_i``
(``alpha_{i-1}, a_{i-1}, d_i, theta_i``), the type of joint i, and its mass
properties: mass ``m_i``, centre of mass ``i_P_Ci`` in {i}, inertia tensor
``Ci_I_i`` about the centre of mass in axes parallel to {i}.
For a revolute joint the joint variable is added to ``theta``; for a prismatic
joint it is added to ``d`` (the stored value is the offset).
"""

from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse.frames import as_rotation, dh_transform
from robocourse.inertia import check_inertia

REVOLUTE = "revolute"
PRISMATIC = "prismatic"
_JOINT_TYPES = {"revolute": REVOLUTE, "r": REVOLUTE, "prismatic": PRISMATIC, "p": PRISMATIC}


@dataclass(frozen=True)
class Link:
    """Link i: modified-DH parameters, joint type and (optional) mass properties.

    >>> l1, m1 = sp.symbols('l1 m1')
    >>> Link(a=l1, joint="R", mass=m1, r_c=[0, 0, 0], I_c=sp.zeros(3)).joint
    'revolute'
    >>> Link(joint="screw")
    Traceback (most recent call last):
    ...
    ValueError: joint must be 'revolute' or 'prismatic' (or 'R'/'P'); got 'screw'
    """

    alpha: Any = 0
    a: Any = 0
    d: Any = 0
    theta: Any = 0
    joint: str = REVOLUTE
    mass: Any = None
    r_c: Any = None
    I_c: Any = None

    def __post_init__(self):
        for name in ("alpha", "a", "d", "theta"):
            B.scalar(getattr(self, name), name)
        if not isinstance(self.joint, str) or self.joint.lower() not in _JOINT_TYPES:
            raise ValueError("joint must be 'revolute' or 'prismatic' (or 'R'/'P'); "
                             f"got {self.joint!r}")
        object.__setattr__(self, "joint", _JOINT_TYPES[self.joint.lower()])
        if self.mass is not None:
            mass = B.scalar(self.mass, "mass")
            if not B.is_symbolic(mass) and mass < 0:
                raise ValueError(f"mass must be >= 0 (kg); got {mass}")
            object.__setattr__(self, "mass", mass)
        if self.r_c is not None:
            object.__setattr__(self, "r_c", B.as_vector(self.r_c, 3, "r_c"))
        if self.I_c is not None:
            object.__setattr__(self, "I_c", check_inertia(self.I_c, "I_c"))

    @property
    def is_revolute(self):
        """True for a revolute joint, False for a prismatic one."""
        return self.joint == REVOLUTE

    @property
    def has_mass_properties(self):
        """True when mass, centre of mass and inertia tensor are all given."""
        return self.mass is not None and self.r_c is not None and self.I_c is not None

    def transform(self, q):
        """``i-1_T_i`` for joint value ``q`` (an angle for revolute, a length for prismatic)."""
        if self.is_revolute:
            offset = B.exact_angle(self.theta) if B.is_symbolic(q) else self.theta
            return dh_transform(self.alpha, self.a, offset + q, self.d)
        return dh_transform(self.alpha, self.a, self.theta, self.d + q)

    def parameters(self, dynamics=True):
        """The DH parameters, and with ``dynamics`` the mass properties given."""
        values = [self.alpha, self.a, self.d, self.theta]
        if dynamics:
            values += [v for v in (self.mass, self.r_c, self.I_c) if v is not None]
        return values


class SerialChain:
    """A serial manipulator: links 1..n, an optional tool frame, and gravity.

    ``tool`` is ``n_T_tool``, the constant transform from the last link frame to
    the tool (end-effector) frame (identity when not given). ``gravity`` is the
    gravity vector written in the base frame {0}; Newton–Euler enters it as the
    base acceleration ``0v̇0 = -gravity``.

    >>> chain = SerialChain([Link(), Link(a=1.0)])
    >>> chain.n, chain.joint_types
    (2, ('revolute', 'revolute'))
    >>> SerialChain([])
    Traceback (most recent call last):
    ...
    ValueError: links must hold at least one Link; got 0
    """

    def __init__(self, links, tool=None, gravity=(0, 0, -9.81), name="robot"):
        links = tuple(links)
        if not links:
            raise ValueError("links must hold at least one Link; got 0")
        for k, link in enumerate(links):
            if not isinstance(link, Link):
                raise TypeError(f"links[{k}] must be a Link; got {type(link).__name__}")
        self.links = links
        self.name = name
        self.tool = B.identity(4, False) if tool is None else _check_transform(tool, "tool")
        self.gravity = B.as_vector(gravity, 3, "gravity")

    def __repr__(self):
        kinds = "".join("R" if link.is_revolute else "P" for link in self.links)
        return f"SerialChain(name={self.name!r}, joints={kinds!r})"

    @property
    def n(self):
        """Number of joints."""
        return len(self.links)

    @property
    def joint_types(self):
        """('revolute' | 'prismatic', ...) for joints 1..n."""
        return tuple(link.joint for link in self.links)

    def uses_symbols(self, *joint_values, dynamics=True):
        """True when a computation on ``joint_values`` must be symbolic.

        That is when any joint value, or any parameter the computation reads, is a
        sympy expression: the DH parameters and tool for kinematics; also gravity and
        the mass properties with ``dynamics``.
        """
        values = [self.tool, *joint_values]
        if dynamics:
            values.append(self.gravity)
        for link in self.links:
            values.extend(link.parameters(dynamics))
        return B.is_symbolic(*values)

    def joint_vector(self, value, name, symbolic):
        """Check that ``value`` holds one entry per joint; return it as a vector."""
        return B.as_vector(value, self.n, name, symbolic)

    def require_mass_properties(self):
        """Raise ValueError naming the first link without mass, centre of mass or inertia."""
        for i, link in enumerate(self.links, start=1):
            missing = [name for name in ("mass", "r_c", "I_c") if getattr(link, name) is None]
            if missing:
                raise ValueError(f"link {i} of {self.name!r} has no {', '.join(missing)}: "
                                 "dynamics needs the mass properties of every link")


def _check_transform(T, name):
    """``T`` as a 4x4 homogeneous transform: a rotation block and the last row [0, 0, 0, 1]."""
    T = B.as_matrix(T, (4, 4), name)
    as_rotation(T[:3, :3], f"{name}[:3, :3]")
    last_row = [T[3, k] for k in range(4)]
    if any(B.is_symbolic(entry) and entry.free_symbols for entry in last_row) or not np.allclose(
            np.array(last_row, dtype=float), [0, 0, 0, 1]):
        raise ValueError(f"{name} must be a homogeneous transform with last row [0, 0, 0, 1]; "
                         f"got {last_row}")
    return T


def require_chain(robot, name="robot"):
    """Return ``robot`` if it is a SerialChain; otherwise raise a TypeError that says what it got.

    >>> from robocourse.models import planar_2r
    >>> require_chain(planar_2r)
    Traceback (most recent call last):
    ...
    TypeError: robot must be a SerialChain (e.g. planar_2r()); got function
    """
    if not isinstance(robot, SerialChain):
        raise TypeError(f"{name} must be a SerialChain (e.g. planar_2r()); "
                        f"got {type(robot).__name__}")
    return robot


def joint_symbols(robot):
    """Symbols for the joint variables, rates and accelerations of ``robot``.

    Revolute joint i: ``theta_i, thetadot_i, thetaddot_i`` (printed θᵢ, θ̇ᵢ, θ̈ᵢ);
    prismatic joint i: ``d_i, ddot_i, dddot_i`` (printed dᵢ, ḋᵢ, d̈ᵢ). Plain symbols
    without assumptions, so ``sp.Symbol('theta1')`` typed in a notebook is the same symbol.

    >>> q, qd, qdd = joint_symbols(SerialChain([Link(), Link(joint="P")]))
    >>> list(q), list(qd), list(qdd)
    ([theta1, d2], [thetadot1, ddot2], [thetaddot1, dddot2])
    """
    require_chain(robot)
    names = [("theta" if link.is_revolute else "d", i)
             for i, link in enumerate(robot.links, start=1)]
    q = sp.Matrix([sp.Symbol(f"{base}{i}") for base, i in names])
    qd = sp.Matrix([sp.Symbol(f"{base}dot{i}") for base, i in names])
    qdd = sp.Matrix([sp.Symbol(f"{base}ddot{i}") for base, i in names])
    return q, qd, qdd


__all__ = ["Link", "SerialChain", "joint_symbols", "REVOLUTE", "PRISMATIC"]


# TEMPORARY (until the vocabulary branch lands, which owns the naming scheme): the
# joint-symbol roles the grading code asks for.
import re as _re  # noqa: E402
from typing import NamedTuple as _NamedTuple  # noqa: E402


class JointRole(_NamedTuple):
    kind: str
    joint: int
    base: str


def joint_symbol_role(symbol):
    match = _re.match(r"^(theta|d)(dot|ddot)?(\d+)$", getattr(symbol, "name", ""))
    if not match:
        return None
    kind = {None: "position", "dot": "rate", "ddot": "acceleration"}[match.group(2)]
    return JointRole(kind, int(match.group(3)), f"{match.group(1)}{match.group(3)}")


def derivative_name(base, order):
    match = _re.match(r"^(theta|d)(\d+)$", base)
    if not match or order == 0 or order > 2:
        return base
    return f"{match.group(1)}{'d' * order}ot{match.group(2)}"
