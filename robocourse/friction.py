"""Joint friction: viscous and Coulomb (chapters 4–5; Craig 2017 §6.11).

A real joint loses torque to its bearings and gears. The two classic terms, joint by
joint, are **viscous** friction, proportional to the rate, and **Coulomb** friction, of
constant size and against the motion:

    τ_f = F_v q̇ + F_c sgn(q̇)          (per joint: τ_f,i = F_v,i q̇_i + F_c,i sgn q̇_i),

so the torques the motors must supply are ``τ = M(q) q̈ + C(q, q̇) q̇ + G(q) + τ_f``.
``F_v`` is in N·m·s/rad (N·s/m for a prismatic joint), ``F_c`` in N·m (N). Friction
always takes power out of the arm, ``q̇ᵀ τ_f = Σ F_v,i q̇_i² + F_c,i |q̇_i| ≥ 0``, so the
energy balance of chapter 4 becomes

    dE/dt = q̇ᵀ τ − q̇ᵀ τ_f,

and a free motion (``τ = 0``) loses energy until it comes to rest.

The sign jumps at ``q̇ = 0``. For identification and inverse dynamics the exact sign is
right (``sgn 0 = 0``, as ``numpy.sign`` and ``sympy.sign``). For **simulation** a jump in
the equations of motion stalls an adaptive integrator (it halves its step again and
again wherever a rate crosses zero), so the sign is smoothed over a width ``ε``:

    sgn(q̇) ≈ tanh(q̇ / ε),

which is within 0.5 % of ±1 for ``|q̇| > 3ε`` (``1 − tanh 3 = 0.005``), and keeps
``q̇ τ_f ≥ 0`` (the smoothed friction still only dissipates). Near rest the smoothed
Coulomb term acts like a steep viscous one, ``F_c q̇ / ε``: it brakes the motion but
cannot hold the arm against a load (no stiction).

One model of joint friction for the whole course: ``Friction(viscous, coulomb,
smoothing)`` with ``torque(qd)``, taken by ``simulate.forward_dynamics``,
``simulate.simulate`` and ``control.computed_torque`` / ``control.track`` as
``friction=``. Numbers or symbols, with one implementation. The convention is the one of
the identification of chapter 7 (``τ_f = F_v q̇ + F_c sgn q̇`` per joint, ``sgn 0 = 0``):
its pair ``(viscous, coulomb)`` is ``Friction(viscous, coulomb)``, and its friction
torques are ``Friction(viscous, coulomb).torque(qd)`` (one rate vector or (N, n) rates).
"""

from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy as sp
from scipy.integrate import cumulative_trapezoid

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.language import phrase, say
from robocourse.simulate import Motion

_VISCOUS = phrase("N·m·s/rad, or N·s/m for a prismatic joint", "errors")
_COULOMB = phrase("N·m, or N for a prismatic joint", "errors")


def _coefficients(value, length, name, unit, entries=check.ONE_PER_JOINT):
    """One friction coefficient ``>= 0`` per joint (a number or a symbol each)."""
    checked = check.Vector(length, entries).of(value, name)
    at_least_zero = check.Number(unit, at_least=0)
    for k, entry in enumerate(checked):
        at_least_zero.of(entry, f"{name}[{k}]")
    return checked


#: The joint rates of a friction's methods: one vector of its n joints (in the kind of the
#: call: symbols when the rates or the friction hold any), or N of them as an (N, n) array.
_RATES = check.Vector(lambda given: given["self"].n, check.ONE_PER_JOINT, batch=True)


@dataclass(frozen=True)
class Friction(check.JointFriction):
    """Viscous and Coulomb friction of n joints, ``τ_f = F_v q̇ + F_c sgn(q̇)`` per joint.

    ``viscous`` (F_v, N·m·s/rad) and ``coulomb`` (F_c, N·m), one coefficient ``>= 0`` per
    joint each (numbers or symbols). ``smoothing``: None for the exact sign, or the width
    ``ε > 0`` (rad/s, m/s) of the smooth sign ``tanh(q̇/ε)`` — which ``simulate`` needs.

    >>> friction = Friction([0.5, 0.5, 0.5], [1.0, 1.0, 1.0])
    >>> friction.torque([2.0, -1.0, 0.0])
    array([ 2. , -1.5,  0. ])
    >>> Friction([0.0], [1.0], smoothing=0.01).torque([0.03])    # tanh(3)
    array([0.99505475])
    >>> v, c, w = sp.symbols('F_v F_c thetadot1')
    >>> Friction([v], [c]).torque([w])
    Matrix([[F_c*sign(thetadot1) + F_v*thetadot1]])
    """

    viscous: Any
    coulomb: Any
    smoothing: Any = None

    def __post_init__(self):
        viscous = _coefficients(self.viscous, None, "viscous", _VISCOUS)
        object.__setattr__(self, "viscous", viscous)
        object.__setattr__(self, "coulomb", _coefficients(
            self.coulomb, len(viscous), "coulomb", _COULOMB,
            phrase("one per entry of viscous", "errors")))
        if self.smoothing is not None:
            smoothing = check.Number().of(self.smoothing, "smoothing")         # one number
            object.__setattr__(self, "smoothing", check.Number(
                phrase("rad/s or m/s, the width of the smooth sign", "errors"),
                at_least=">0").of(smoothing, "smoothing"))

    @property
    def n(self):
        """The number of joints."""
        return len(self.viscous)

    @property
    def uses_symbols(self):
        """True when a coefficient or the smoothing width is a sympy expression."""
        return B.is_symbolic(self.viscous, self.coulomb, self.smoothing)

    def _numeric_torque(self, qd):
        """``τ_f`` for a numeric friction at one 1-D float array of n rates, unchecked: the
        fast path that ``simulate`` calls at every step (``torque`` checks its input)."""
        sign = np.sign(qd) if self.smoothing is None else np.tanh(qd / self.smoothing)
        return self.viscous * qd + self.coulomb * sign

    @check.arguments(qd=_RATES)
    def torque(self, qd):
        """``τ_f = F_v q̇ + F_c sgn(q̇)`` at the joint rates ``qd``: one vector of n rates
        (a sympy column for symbols, else a 1-D array), or numbers for N states as an
        (N, n) array (then an (N, n) array)."""
        return self._torque(qd)

    def _torque(self, rates):
        """``τ_f`` at ``rates`` checked by ``torque``."""
        if not isinstance(rates, sp.MatrixBase):
            return self._numeric_torque(rates)
        viscous, coulomb = B.SYMBOLS.convert(self.viscous), B.SYMBOLS.convert(self.coulomb)
        if self.smoothing is None:
            signs = rates.applyfunc(sp.sign)
        else:
            signs = rates.applyfunc(lambda rate: sp.tanh(rate / self.smoothing))
        return sp.Matrix([viscous[i] * rates[i] + coulomb[i] * signs[i] for i in range(self.n)])

    @check.arguments(qd=_RATES)
    def power(self, qd):
        """``q̇ᵀ τ_f``, the power friction takes out of the arm (W, ``>= 0``): a number for
        one rate vector, an array of N for an (N, n) array of rates.

        >>> float(Friction([0.5, 0.5], [1.0, 1.0]).power([2.0, -1.0]))
        5.5
        """
        tau = self._torque(qd)
        if isinstance(tau, np.ndarray) and tau.ndim == 2:
            return np.einsum("ij,ij->i", qd, tau)
        return B.dot(qd, tau)

    @check.arguments(motion=check.Instance(Motion))
    def energy_taken(self, motion):
        """The energy friction has taken out of ``motion`` (a ``simulate.Motion``) by each of
        its samples, ``∫₀ᵗ q̇ᵀ τ_f dt`` (J), by the trapezoid rule over the samples: what
        ``E(0) − E(t)`` must be for a free motion (its accuracy is the sampling's).

        >>> turning = Motion(t=np.array([0.0, 1.0]), q=np.zeros((2, 1)), qd=np.ones((2, 1)),
        ...                  tau=np.zeros((2, 1)))                 # at 1 rad/s for 1 s
        >>> Friction([0.5], [1.0]).energy_taken(turning)           # 1.5 W for 1 s
        array([0. , 1.5])
        """
        if motion.qd.shape[1:] != (self.n,):
            joints = (say("1 joint", "errors") if self.n == 1 else
                      say("{n} joints", "errors", n=self.n))
            raise ValueError(say("motion must be a motion of {joints}, as this friction; got one "
                                 "of {got}", "errors", joints=joints, got=motion.qd.shape[-1]))
        return cumulative_trapezoid(self.power(motion.qd), motion.t, initial=0.0)


__all__ = ["Friction"]
