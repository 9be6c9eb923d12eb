"""The robot model: links in Craig's modified DH convention, joints, mass
properties, and the serial chain that holds them.

Link i carries the four DH parameters of the transform ``i-1_T_i``
(``alpha_{i-1}, a_{i-1}, d_i, theta_i``), the type of joint i, and its mass
properties: mass ``m_i``, centre of mass ``i_P_Ci`` in {i}, inertia tensor
``Ci_I_i`` about the centre of mass in axes parallel to {i}.
For a revolute joint the joint variable is added to ``theta``; for a prismatic
joint it is added to ``d`` (the stored value is the offset).

Links and joints are numbered from 1, as in Craig, wherever the library takes or
hands out a number (``link=2``, ``result.link(2)``, ``force(3)``, ``c[1, 2, 2]``);
sequences in joint order — vectors, matrices, lists — are indexed from 0 like every
Python sequence, so ``tau[0]`` is τ1.

This module also owns the names of the joint variables (``joint_symbols``):
``theta1, thetadot1, thetaddot1`` for a revolute joint 1, ``d2, ddot2, dddot2`` for a
prismatic joint 2. ``joint_symbol_role`` reads a symbol's role back from its name.
"""

import numbers
import re
import warnings
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.frames import dh_transform_unchecked as dh_transform
from robocourse.inertia import UnphysicalInertiaWarning
from robocourse.inertia import broken_triangle_inequality_unchecked as broken_triangle_inequality
from robocourse.inertia import check_inertia_unchecked as check_inertia
from robocourse.language import phrase, say

REVOLUTE = "revolute"
PRISMATIC = "prismatic"
_JOINT_TYPES = {"revolute": REVOLUTE, "r": REVOLUTE, "prismatic": PRISMATIC, "p": PRISMATIC}


@dataclass(frozen=True)
class Link:
    """Link i: modified-DH parameters, joint type and (optional) mass properties.

    Every parameter is a finite real number or a sympy expression (the twist ``alpha``,
    the length ``a`` and the offsets ``d``, ``theta`` are signed); the mass is ``>= 0``,
    ``r_c`` a 3-vector and ``I_c`` a tensor that a rigid body can have (``check_inertia``).
    A published parameter set whose inertia tensor breaks the triangle inequality (such
    as roboticstoolbox's PUMA 560, links 1 and 3) is refused, unless it is asked for
    with ``physical=False``: then the tensor is kept and the ``SerialChain`` that the link
    joins warns (``UnphysicalInertiaWarning``), naming the link and the inequality. The
    tensor must still be symmetric and positive semi-definite.

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
    physical: bool = field(default=True, repr=False)

    def __post_init__(self):
        """The fields that ``__init__`` (below the class: its declared arguments) leaves:
        the joint type by its name, ``r_c`` as a vector of its own kind, ``I_c``."""
        if not isinstance(self.joint, str) or self.joint.lower() not in _JOINT_TYPES:
            raise ValueError(say("joint must be 'revolute' or 'prismatic' (or 'R'/'P'); got "
                                 "{joint}", "errors", joint=repr(self.joint)))
        object.__setattr__(self, "joint", _JOINT_TYPES[self.joint.lower()])
        if self.r_c is not None:
            object.__setattr__(self, "r_c", B.scalars_of(self.r_c).vector(self.r_c))
        if self.I_c is not None:
            object.__setattr__(self, "I_c", check_inertia(self.I_c, "I_c", triangle=False))
            broken = broken_triangle_inequality(self.I_c)
            if broken and self.physical:
                raise ValueError(say(
                    "inertia tensor I_c breaks the triangle inequality {broken}: no rigid body "
                    "has it (each principal moment must be <= the sum of the other two). To "
                    "load a published parameter set that does (e.g. roboticstoolbox's PUMA 560, "
                    "links 1 and 3) anyway, pass physical=False: the chain then warns",
                    "errors", broken=broken))

    @property
    def is_revolute(self):
        """True for a revolute joint, False for a prismatic one."""
        return self.joint == REVOLUTE

    @property
    def has_mass_properties(self):
        """True when mass, centre of mass and inertia tensor are all given."""
        return self.mass is not None and self.r_c is not None and self.I_c is not None

    @check.arguments(q=check.Angle(when=lambda given: given["self"].is_revolute))
    def transform(self, q):
        """``i-1_T_i`` for joint value ``q`` (an angle for revolute, a length for prismatic).

        >>> Link(a=1.0, joint="P").transform(0.5)[:3, 3].tolist()
        [1.0, 0.0, 0.5]
        """
        return self.transform_unchecked(q)

    def transform_unchecked(self, q):
        """``transform`` for a joint value ``q`` the library has already checked (the kernel
        its recursions call for every link, every state)."""
        if self.is_revolute:
            offset = B.exact_angle(self.theta) if B.is_symbolic(q) else self.theta
            return dh_transform(self.alpha, self.a, offset + q, self.d)
        return dh_transform(self.alpha, self.a, self.theta, self.d + q)

    @check.arguments(_finite=False, dynamics=check.Flag())
    def parameters(self, dynamics=True):
        """The DH parameters, and with ``dynamics`` the mass properties given.

        >>> Link(a=1.0, mass=2.0).parameters()
        [0, 1.0, 0, 0, 2.0]
        """
        return self._parameters(dynamics)

    def _parameters(self, dynamics):
        """``parameters`` for a checked flag ``dynamics`` (the robot's own calls)."""
        values = [self.alpha, self.a, self.d, self.theta]
        if dynamics:
            values += [v for v in (self.mass, self.r_c, self.I_c) if v is not None]
        return values


#: ``Link``'s constructor: the fields it takes, declared as the arguments of any other public
#: function (the twist and the joint angle in radians: degrees warn at the user's line;
#: ``r_c`` keeps the kind of the numbers given, ``__post_init__`` makes it a vector).
Link.__init__ = check.arguments(
    _finite=False, alpha=check.Angle(), a=check.Number(), d=check.Number(), theta=check.Angle(),
    mass=check.Optional(check.Number("kg", at_least=0)),
    r_c=check.Optional(check.Sequence(3, entries="x, y, z")),
    physical=check.Flag())(Link.__init__)


_FLAG = check.Flag()


class SerialChain(check.Chain):
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
    >>> SerialChain(Link())
    Traceback (most recent call last):
    ...
    TypeError: links must be a sequence of Link objects; got a Link (did you mean [link]?)
    """

    @check.arguments(_finite=False, tool=check.Optional(check.Transform()),
                     gravity=check.Sequence(3, entries=phrase("x, y, z in {0}", "errors")),
                     name=check.Text())
    def __init__(self, links, tool=None, gravity=(0, 0, -9.81), name="robot"):
        if isinstance(links, Link):
            raise TypeError(say("links must be a sequence of Link objects; got a Link (did you "
                                "mean [link]?)", "errors"))
        if isinstance(links, (set, frozenset)):
            raise TypeError(say("links must be a sequence of Link objects in order (a set has "
                                "no order); got {links}", "errors", links=repr(links)))
        if isinstance(links, (str, bytes)) or not hasattr(links, "__iter__"):
            raise TypeError(say("links must be a sequence of Link objects; got {links}",
                                "errors", links=repr(links)))
        links = tuple(links)
        if not links:
            raise ValueError(say("links must hold at least one Link; got 0", "errors"))
        for k, link in enumerate(links):
            check.Instance(Link).of(link, f"links[{k}]")
        self.links = links
        self.name = name
        self.tool = B.NUMBERS.identity(4) if tool is None else tool
        self.gravity = B.scalars_of(gravity).vector(gravity)
        for i, link in enumerate(links, start=1):
            if link.physical or link.I_c is None:     # a physical tensor: checked by Link
                continue
            broken = broken_triangle_inequality(link.I_c)
            if broken:
                warnings.warn(say("link {i} of {name}: its inertia tensor I_c breaks the "
                                  "triangle inequality {broken}; loaded as asked "
                                  "(physical=False), but no rigid body has it", "errors", i=i,
                                  name=repr(name), broken=broken),
                              UnphysicalInertiaWarning, stacklevel=2)

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
        if _FLAG.of(dynamics, "dynamics"):           # *joint_values: no declared arguments
            values.append(self.gravity)
        for link in self.links:
            values.extend(link._parameters(dynamics))
        return B.is_symbolic(*values)


@check.arguments(_finite=False, robot=check.Robot())
def joint_symbols(robot):
    """Symbols for the joint variables, rates and accelerations of ``robot``.

    Revolute joint i: ``theta_i, thetadot_i, thetaddot_i`` (printed θᵢ, θ̇ᵢ, θ̈ᵢ);
    prismatic joint i: ``d_i, ddot_i, dddot_i`` (printed dᵢ, ḋᵢ, d̈ᵢ). Plain symbols
    without assumptions, so ``sp.Symbol('theta1')`` typed in a notebook is the same symbol.

    >>> q, qd, qdd = joint_symbols(SerialChain([Link(), Link(joint="P")]))
    >>> list(q), list(qd), list(qdd)
    ([theta1, d2], [thetadot1, ddot2], [thetaddot1, dddot2])
    """
    bases = [f"{'theta' if link.is_revolute else 'd'}{i}"
             for i, link in enumerate(robot.links, start=1)]
    return tuple(sp.Matrix([sp.Symbol(derivative_name(base, order)) for base in bases])
                 for order in (0, 1, 2))


#: The kernel of ``joint_symbols``, for the modules that call it with a robot their gate
#: has checked.
joint_symbols_unchecked = joint_symbols.__wrapped__


# --- the naming scheme of the joint symbols, and its inverse ---------------------------

_KINDS = {"": "position", "dot": "rate", "ddot": "acceleration"}      # suffix -> kind
_SUFFIXES = ("", "dot", "ddot")                                       # by derivative order
_JOINT_NAME = re.compile(r"^(theta|d)(|dot|ddot)([1-9][0-9]*)$")


class JointRole(NamedTuple):
    """What a symbol of ``joint_symbols`` stands for.

    ``kind``: ``"position"``, ``"rate"`` or ``"acceleration"``; ``joint``: the joint
    number (from 1); ``base``: the name of the joint variable, ``"theta1"`` or ``"d2"``.
    """

    kind: str
    joint: int
    base: str


#: What the joint-symbol functions read: any sympy object (only a Symbol can be a joint's).
_SYMBOL = check.Instance(sp.Basic, "sympy Symbol")


@check.arguments(_finite=False, symbol=_SYMBOL)
def joint_symbol_role(symbol):
    """The ``JointRole`` of a joint symbol (``theta1``, ``thetadot1``, ``dddot2``, …), read
    from its name; None for any other sympy object (``alpha1``, ``l1``, ``m2``, ``I_zz1``,
    ``2*theta1``).

    >>> joint_symbol_role(sp.Symbol('ddot2')), joint_symbol_role(sp.Symbol('dddot2'))
    (JointRole(kind='rate', joint=2, base='d2'), JointRole(kind='acceleration', joint=2, base='d2'))
    >>> joint_symbol_role(sp.Symbol('alpha1')) is None
    True
    """
    return _role(symbol)


def _role(symbol):
    """``joint_symbol_role`` of a sympy object."""
    match = _JOINT_NAME.match(symbol.name) if isinstance(symbol, sp.Symbol) else None
    if match is None:
        return None
    variable, suffix, number = match.groups()
    return JointRole(_KINDS[suffix], int(number), variable + number)


@check.arguments(_finite=False, symbol=_SYMBOL)
def is_rate(symbol):
    """True for a joint rate (``thetadot1``, ``ddot2``)."""
    role = _role(symbol)
    return role is not None and role.kind == "rate"


@check.arguments(_finite=False, symbol=_SYMBOL)
def is_acceleration(symbol):
    """True for a joint acceleration (``thetaddot1``, ``dddot2``)."""
    role = _role(symbol)
    return role is not None and role.kind == "acceleration"


@check.arguments(_finite=False, symbol=_SYMBOL)
def joint_of(symbol):
    """The joint number of a joint symbol (position, rate or acceleration); else None.

    >>> joint_of(sp.Symbol('thetaddot3')), joint_of(sp.Symbol('m3'))
    (3, None)
    """
    role = _role(symbol)
    return None if role is None else role.joint


def derivative_name(base, order):
    """The name of the ``order``-th time derivative (0, 1 or 2) of the joint variable
    named ``base``: ``theta1 → thetadot1 → thetaddot1``, ``d2 → ddot2 → dddot2``.

    >>> derivative_name("theta1", 1), derivative_name("d2", 2)
    ('thetadot1', 'dddot2')
    """
    match = _JOINT_NAME.match(base) if isinstance(base, str) else None
    if match is None or match.group(2):
        raise ValueError(say("base must be the name of a joint variable, 'theta<i>' or 'd<i>' "
                             "(e.g. 'theta1', 'd2'); got {base}", "errors", base=repr(base)))
    if isinstance(order, bool) or not isinstance(order, numbers.Integral) or order not in (0, 1, 2):
        raise ValueError(say("order must be 0, 1 or 2 (position, rate, acceleration); got "
                             "{order}", "errors", order=repr(order)))
    variable, _, number = match.groups()
    return f"{variable}{_SUFFIXES[int(order)]}{number}"


__all__ = ["Link", "SerialChain", "joint_symbols", "REVOLUTE", "PRISMATIC", "JointRole",
           "joint_symbol_role", "is_rate", "is_acceleration", "joint_of", "derivative_name"]
