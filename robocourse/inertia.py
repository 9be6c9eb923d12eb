"""Inertia tensors: by volume integration, moved (parallel axis), turned (rotation),
diagonalised (principal axes), and checked for physical validity (chapter 2; Craig §6.3).

Sign convention (Craig): about the origin of a frame {A},

    A_I = [[ Ixx, -Ixy, -Ixz],        Ixx = ∫ (y² + z²) dm,  Ixy = ∫ x y dm,
           [-Ixy,  Iyy, -Iyz],        Iyy = ∫ (x² + z²) dm,  Ixz = ∫ x z dm,
           [-Ixz, -Iyz,  Izz]]        Izz = ∫ (x² + y²) dm,  Iyz = ∫ y z dm,

with (x, y, z) the position of the mass element dm in {A}; in vector form
``A_I = ∫ (rᵀr I3 − r rᵀ) dm``: the products of inertia enter with a minus sign.

A uniform body (``Box``, ``Cylinder``, ``Rod``) is described in its own body frame
{C}: origin at its centre of mass, axes along its edges or its axis of symmetry.
"""

import functools
from dataclasses import astuple, dataclass, fields
from typing import Any, NamedTuple

import numpy as np
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.frames import cross_unchecked as cross
from robocourse.language import phrase, say


class UnphysicalInertiaWarning(UserWarning):
    """A link was loaded, on request (``Link(..., physical=False)``), with an inertia tensor
    that no rigid body has: it breaks the triangle inequality."""


@check.arguments(_finite=False, name=check.Text(), triangle=check.Flag())
def check_inertia(I, name="I_c", triangle=True):
    """Return ``I`` as a 3x3 matrix after checking that a rigid body can have it.

    Checks: 3x3 and symmetric; when the entries are numbers (floats, or exact sympy
    numbers such as ``sp.Rational``), also positive semi-definite (a point mass has
    the zero tensor) and, with ``triangle``, the triangle inequalities of the principal
    moments, ``I1 + I2 >= I3`` (true for every real mass distribution, since
    ``I1 + I2 − I3 = 2 ∫ r3² dm``; see ``broken_triangle_inequality``). Tensors with free
    symbols are checked for symmetry, and for a diagonal entry that sympy knows to be
    negative (``-a`` with ``a`` declared positive). Numbers are compared to round-off (1e-9)
    relative to the largest entry. Errors name the argument ``name``.

    >>> check_inertia([[1, 0, 0], [0, 1, 0], [0, 0, 3]])
    Traceback (most recent call last):
    ...
    ValueError: inertia tensor I_c breaks the triangle inequality: principal moments 1, 1, 3 ...
    """
    return _tensor(I, name, triangle)


#: The kernel of ``check_inertia``, for the modules that check a tensor under a name they
#: give (it checks ``I`` all the same: only ``name`` and ``triangle`` are theirs).
check_inertia_unchecked = check_inertia.__wrapped__


def _tensor(I, name, triangle=True):
    """``check_inertia`` for a checked ``name`` and ``triangle``: the kernel, for library code."""
    I = _MATRIX.of(I, name)
    exact = B.is_symbolic(I)
    values = None if exact and I.free_symbols else np.array(I, dtype=float)
    scale = 1.0 if values is None else max(1.0, float(np.abs(values).max()))
    for i, j in ((0, 1), (0, 2), (1, 2)):
        difference = I[i, j] - I[j, i]
        if (sp.simplify(difference) != 0) if exact else abs(difference) > check.ROUND_OFF * scale:
            raise ValueError(say("inertia tensor {name} must be symmetric; got {upper}={Iij}, "
                                 "{lower}={Iji}", "errors", name=name, upper=f"{name}[{i},{j}]",
                                 Iij=I[i, j], lower=f"{name}[{j},{i}]", Iji=I[j, i]))
    if values is None:
        return _known_negative_moment(I, name)
    moments = np.linalg.eigvalsh(values / scale)     # in units of the largest entry: no overflow
    if moments[0] < -check.ROUND_OFF:
        raise ValueError(say("inertia tensor {name} must be positive semi-definite; its "
                             "principal moments are {moments}", "errors", name=name,
                             moments=", ".join(f"{m * scale:.6g}" for m in moments)))
    if triangle and broken_triangle_inequality_unchecked(I):
        raise ValueError(say("inertia tensor {name} breaks the triangle inequality: principal "
                             "moments {moments} (each must be <= the sum of the other two)",
                             "errors", name=name,
                             moments=", ".join(f"{m * scale:.6g}" for m in moments)))
    return I


_MATRIX = check.Matrix(3, 3)
#: The rule of an argument that is an inertia tensor (``check.arguments``): checked by
#: ``check_inertia`` and given in the kind of the call.
TENSOR = check.Argument(lambda value, name, call: call.scalars.convert(_tensor(value, name)),
                        "a tensor")


def _known_negative_moment(I, name):
    """A symbolic tensor ``I``, refused when sympy knows a moment about an axis of the frame
    (a diagonal entry ``∫ (r² − r_k²) dm >= 0``) to be negative."""
    for k in range(3):
        if I[k, k].is_negative:
            raise ValueError(say("inertia tensor {name} must be positive semi-definite; got "
                                 "{entry} = {Ikk}, which is negative", "errors", name=name,
                                 entry=f"{name}[{k},{k}]", Ikk=I[k, k]))
    return I


@check.arguments(_finite=False, I=_MATRIX)
def broken_triangle_inequality(I):
    """The triangle inequality that the numeric inertia tensor ``I`` breaks, as text, or
    None when it keeps all three (or has free symbols).

    The principal moments of a rigid body obey ``I3 <= I1 + I2`` and its two companions;
    for a diagonal tensor they are named ``Ixx, Iyy, Izz``. roboticstoolbox's PUMA 560
    gives link 1 the tensor ``diag(0, 0.35, 0)``:

    >>> broken_triangle_inequality(np.diag([0.0, 0.35, 0.0]))
    'Iyy <= Ixx + Izz: 0.35 > 0 + 0'
    >>> broken_triangle_inequality(np.diag([1.0, 1.0, 1.5])) is None
    True
    """
    if B.is_symbolic(I) and I.free_symbols:
        return None
    values = np.array(I, dtype=float)
    scale = max(1.0, float(np.abs(values).max()))
    diagonal = np.abs(values - np.diag(np.diag(values))).max() <= check.ROUND_OFF * scale
    scaled = np.diag(values) / scale if diagonal else np.linalg.eigvalsh(values / scale)
    names = ("Ixx", "Iyy", "Izz") if diagonal else ("I1", "I2", "I3")
    for k, a, b in ((0, 1, 2), (1, 0, 2), (2, 0, 1)):      # in units of the largest entry
        if scaled[k] > scaled[a] + scaled[b] + check.ROUND_OFF:
            moment, first, second = (scaled[m] * scale for m in (k, a, b))
            return (f"{names[k]} <= {names[a]} + {names[b]}: {moment:.6g} > "
                    f"{first:.6g} + {second:.6g}")
    return None


#: The kernel of ``broken_triangle_inequality``, for a tensor already checked (a Link's).
broken_triangle_inequality_unchecked = broken_triangle_inequality.__wrapped__


_MASS = check.Number("kg", at_least=0)
_CENTRE = check.Vector(3, phrase("x, y, z in {A}", "errors"))


@check.arguments(mass=_MASS, p=_CENTRE)
def point_mass_inertia(mass, p):
    """The inertia tensor about the origin of {A} of a point mass m at ``p`` (written in {A}).

    Implements ``m (pᵀp I3 − p pᵀ)``: the building block of every tensor. A body is a
    sum of such terms, ``A_I = ∫ (rᵀr I3 − r rᵀ) dm``, and the parallel-axis theorem
    adds one for the whole mass placed at the centre of mass.

    >>> m, l = sp.symbols('m l')
    >>> point_mass_inertia(m, [l, 0, 0])
    Matrix([
    [0,      0,      0],
    [0, l**2*m,      0],
    [0,      0, l**2*m]])
    """
    scalars = B.scalars_of(p)
    outer = scalars.matrix([[p[i] * p[j] for j in range(3)] for i in range(3)])
    return mass * (B.dot(p, p) * scalars.identity(3) - outer)


_point_mass = point_mass_inertia.__wrapped__


def _integrand(f, name, call):
    """The rule of the integrand of a body's ``integrate``: ``f(r)``, a function of the
    position, whose values are checked as they come (``_checked_integrand``)."""
    if not callable(f):
        raise TypeError(say("f must be a function f(r) of the position r (a sympy column); "
                            "got {f}", "errors", f=check.shown(f)))
    return _checked_integrand(f)


#: The rules of the arguments of a body's ``integrate``.
_INTEGRATE = dict(f=check.Argument(_integrand, "a function f(r)", decides_kind=False),
                  mass=check.Number("kg", at_least=0))


def _checked_integrand(f):
    """``f`` whose value at ``r`` is checked to be an expression (or a matrix of them); an
    error in ``f`` (a wrong index, a wrong number of arguments) is reported as the user's."""
    def value(r):
        try:
            result = f(r)
        except Exception as error:
            raise TypeError(say("f must be a function f(r) of the position r = (x, y, z), a "
                                "sympy column (r[0] is x); calling it raised {kind}: {error}",
                                "errors", kind=type(error).__name__, error=error)) from error
        return _EXPRESSION.of(result, "f(r)")
    return value


_EXPRESSION, _NUMBER = check.Expression(), check.Number()
_POSITIVE = check.Number(phrase("a length, m", "errors"), at_least=">0")


def _length(value, name):
    """A dimension of a body, checked to be one number (or expression) ``> 0``."""
    _POSITIVE.of(_NUMBER.of(value, name), name)


@dataclass(frozen=True)
class Box:
    """A uniform rectangular box: sides ``w`` along X, ``l`` along Y, ``h`` along Z.

    Body frame {C}: origin at the centre, axes along the edges, so the box fills
    ``|x| <= w/2, |y| <= l/2, |z| <= h/2``; its corner frame (box in the positive
    octant, chapter 2, §2.1) has origin ``(-w/2, -l/2, -h/2)`` in {C}.
    """

    w: Any
    l: Any
    h: Any

    def __post_init__(self):
        for name in ("w", "l", "h"):
            _length(getattr(self, name), name)

    @check.arguments(**_INTEGRATE)
    def integrate(self, f, mass):
        """``∫ f(r) dm`` over the box, ``r = (x, y, z)`` in {C}, ``dm = m/(w l h) dx dy dz``."""
        w, l, h = (sp.sympify(value) for value in astuple(self))
        x, y, z = sp.Dummy("x"), sp.Dummy("y"), sp.Dummy("z")
        dm = mass / (w * l * h)
        return sp.integrate(f(sp.Matrix([x, y, z])) * dm,
                            (x, -w / 2, w / 2), (y, -l / 2, l / 2), (z, -h / 2, h / 2))


@dataclass(frozen=True)
class Cylinder:
    """A uniform solid cylinder of ``radius`` and ``height``.

    Body frame {C}: origin at the centre, Z along the axis, so the cylinder fills
    ``x² + y² <= radius², |z| <= height/2``; the centre of an end face is at
    ``(0, 0, ±height/2)``.
    """

    radius: Any
    height: Any

    def __post_init__(self):
        for name in ("radius", "height"):
            _length(getattr(self, name), name)

    @check.arguments(**_INTEGRATE)
    def integrate(self, f, mass):
        """``∫ f(r) dm`` in cylindrical coordinates: ``r = (ρ cos φ, ρ sin φ, z)``,
        ``dm = m/(π radius² height) ρ dρ dφ dz``."""
        radius, height = (sp.sympify(value) for value in astuple(self))
        rho, phi, z = sp.Dummy("rho"), sp.Dummy("phi"), sp.Dummy("z")
        dm = mass / (sp.pi * radius**2 * height) * rho
        r = sp.Matrix([rho * sp.cos(phi), rho * sp.sin(phi), z])
        return sp.integrate(f(r) * dm, (rho, 0, radius), (phi, 0, 2 * sp.pi),
                            (z, -height / 2, height / 2))


@dataclass(frozen=True)
class Rod:
    """A uniform slender rod (a line mass) of ``length``.

    Body frame {C}: origin at the middle, X along the rod (as the links of
    ``robocourse.models.planar_arm``), so the rod is ``|x| <= length/2, y = z = 0``;
    its ends are at ``(±length/2, 0, 0)``.
    """

    length: Any

    def __post_init__(self):
        _length(self.length, "length")

    @check.arguments(**_INTEGRATE)
    def integrate(self, f, mass):
        """``∫ f(r) dm`` along the rod, a line integral: ``r = (s, 0, 0)``, ``dm = m/length ds``."""
        length = sp.sympify(self.length)
        s = sp.Dummy("s")
        return sp.integrate(f(sp.Matrix([s, 0, 0])) * mass / length, (s, -length / 2, length / 2))


def _origin(value, name, call):
    """The rule of ``origin``, ``C_P_A``: a 3-vector, exact (it enters the exact integral)."""
    return check.Vector(3, phrase("x, y, z in {C}", "errors")).of(value, name,
                                                                 scalars=B.SYMBOLS)


def _axes(value, name, call):
    """The rule of ``axes``, ``C_R_A``: a rotation (the identity for None), in the kind of the
    integration: symbols when an argument or a dimension of the body is a sympy object."""
    kind = B.exact_if(call.scalars.exact or B.is_symbolic(astuple(call.given["body"])))
    return kind.identity(3) if value is None else check.Rotation().of(value, name, scalars=kind)


@check.arguments(body=check.Instance((Box, Cylinder, Rod)), mass=check.Number("kg", at_least=0),
                 origin=check.Argument(_origin, "C_P_A"), axes=check.Argument(_axes, "C_R_A"))
def inertia_by_integration(body, mass, origin=(0, 0, 0), axes=None):
    """The inertia tensor ``A_I`` of a uniform ``body`` about a frame {A}, by volume integration.

    {A} is given in the body frame {C} (see ``Box``, ``Cylinder``, ``Rod``): ``origin``
    is ``C_P_A``, its origin written in {C} (default: the centre of mass); ``axes`` is
    ``C_R_A``, its axes written in {C} (default: parallel to {C}). A mass element at
    ``r`` in {C} sits at ``d = r − C_P_A`` from the origin of {A}, and

        ``A_I = C_R_Aᵀ [∫ (dᵀd I3 − d dᵀ) dm] C_R_A``,  ``dm = m / volume · dV``,

    so the density is eliminated and the result is in terms of m and the dimensions.
    sympy does the integral exactly, once per kind of body, with the dimensions, the mass
    and ``C_P_A`` as symbols; the arguments are put into it afterwards. With numbers in,
    numbers come out: the exact integral evaluated in floating point.

    >>> m, w, l, h = sp.symbols('m w l h')
    >>> inertia_by_integration(Box(w, l, h), m, origin=(-w/2, -l/2, -h/2))   # corner
    Matrix([
    [m*(h**2 + l**2)/3,          -l*m*w/4,          -h*m*w/4],
    [         -l*m*w/4, m*(h**2 + w**2)/3,          -h*l*m/4],
    [         -h*m*w/4,          -h*l*m/4, m*(l**2 + w**2)/3]])
    >>> inertia_by_integration(Rod(2.0), 3.0, origin=(-1.0, 0, 0))        # m l²/3 at an end
    array([[0., 0., 0.],
           [0., 4., 0.],
           [0., 0., 4.]])
    """
    if B.is_symbolic(axes):
        about_origin = _general_integral(type(body)).at(body, mass, origin)
        return _rotated(about_origin, axes.T).applyfunc(sp.factor)
    with np.errstate(over="ignore", invalid="ignore"):
        about_origin = _general_integral(type(body)).evaluate(body, mass, origin)
    if not np.isfinite(about_origin).all():
        raise check.overflow_error(inertia_by_integration, {"body": astuple(body), "mass": mass,
                                                            "origin": list(origin)},
                                   say("the integral is not finite in floating point",
                                       "errors"))
    return _rotated(about_origin, axes.T)


class _GeneralIntegral(NamedTuple):
    """``∫ (dᵀd I3 − d dᵀ) dm``, ``d = r − C_P_A``, over a body with symbolic dimensions,
    mass and ``C_P_A``: the exact ``matrix``, and the same as a numpy function."""

    dimensions: tuple
    mass: sp.Symbol
    origin: tuple
    matrix: sp.Matrix
    function: Any

    def at(self, body, mass, origin):
        """The integral for this ``body``, ``mass`` and ``origin`` (sympy, exact)."""
        values = zip((*self.dimensions, self.mass, *self.origin),
                     (*astuple(body), mass, *origin), strict=True)
        return self.matrix.xreplace({symbol: sp.sympify(value) for symbol, value in values})

    def evaluate(self, body, mass, origin):
        """The integral for this ``body``, ``mass`` and ``origin`` in floating point."""
        numbers = [np.float64(value) for value in (*astuple(body), mass, *origin)]
        n = len(self.dimensions)
        return np.array(self.function(numbers[:n], numbers[n], numbers[n + 1:]), dtype=float)


@functools.cache
def _general_integral(kind):
    """The inertia integral of a ``kind`` of body (``Box``, ``Cylinder``, ``Rod``) about a
    general point, integrated by sympy once."""
    dimensions = sp.symbols(" ".join(field.name for field in fields(kind)) + ",",
                            positive=True)
    mass = sp.Symbol("m", positive=True)
    origin = sp.symbols("x_A y_A z_A", real=True)
    point = sp.Matrix(origin)
    matrix = sp.Matrix(kind(*dimensions).integrate(lambda r: _point_mass(1, r - point), mass))
    function = sp.lambdify((dimensions, mass, origin), matrix, "numpy")
    return _GeneralIntegral(dimensions, mass, origin, matrix, function)


@check.arguments(I_c=TENSOR, mass=_MASS, p_c=_CENTRE)
def parallel_axis(I_c, mass, p_c):
    """Move an inertia tensor from the centre of mass to a parallel frame {A}.

    Implements ``A_I = C_I + m (p_cᵀp_c I3 − p_c p_cᵀ)`` (parallel-axis theorem,
    chapter 2, §2.3; Craig eq. 6.25), with ``p_c`` the centre of mass written in {A} and
    the axes of {A} parallel to those in which ``I_c`` is written.

    >>> m, l = sp.symbols('m l')
    >>> parallel_axis(sp.zeros(3), m, sp.Matrix([l, 0, 0]))[1, 1]
    l**2*m
    """
    return parallel_axis_unchecked.__wrapped__(I_c, mass, p_c)


@check.finite_result
def parallel_axis_unchecked(I_c, mass, p_c):
    """``parallel_axis`` for a tensor ``I_c`` that a ``Link`` has already checked (symmetric,
    positive semi-definite), without the triangle inequality: a link loaded with
    ``physical=False`` keeps its published tensor (the chain has warned, naming the link)."""
    scalars = B.scalars_of(I_c, mass, p_c)
    return scalars.convert(I_c) + _point_mass(mass, _CENTRE.of(p_c, "p_c", scalars=scalars))


@check.arguments(I_A=TENSOR, mass=_MASS, p_c=_CENTRE)
def parallel_axis_to_centre(I_A, mass, p_c):
    """Move an inertia tensor from a frame {A} back to the centre of mass (axes parallel).

    The parallel-axis theorem read backwards: ``C_I = A_I − m (p_cᵀp_c I3 − p_c p_cᵀ)``,
    with ``p_c`` the centre of mass written in {A}. Raises ValueError when the result
    is not a physical tensor, i.e. ``I_A`` cannot belong to that mass at ``p_c``.

    >>> m, w, l, h = sp.symbols('m w l h')
    >>> I_A = inertia_by_integration(Box(w, l, h), m, origin=(-w/2, -l/2, -h/2))
    >>> parallel_axis_to_centre(I_A, m, [w/2, l/2, h/2]).applyfunc(sp.factor)    # 2.2
    Matrix([
    [m*(h**2 + l**2)/12,                  0,                  0],
    [                 0, m*(h**2 + w**2)/12,                  0],
    [                 0,                  0, m*(l**2 + w**2)/12]])
    """
    I_c = I_A - _point_mass(mass, p_c)
    try:
        return _tensor(I_c, "C_I")
    except ValueError as error:
        raise ValueError(say("I_A cannot be the tensor of mass {mass} with its centre of mass "
                             "at p_c: I_A − m (p_cᵀp_c I3 − p_c p_cᵀ) is not physical ({error})",
                             "errors", mass=mass, error=error)) from None


@check.arguments(_finite=False, label=check.Text())
def symbolic_inertia(label):
    """The general inertia tensor as sympy symbols, with Craig's minus signs on the products:
    ``[[I_xx, −I_xy, −I_xz], [−I_xy, I_yy, −I_yz], [−I_xz, −I_yz, I_zz]]``, every name
    followed by the string ``label`` (``I_xx2`` for link 2, printed ``I_{xx2}`` as chapter 4
    writes ``I_{zz1}``). Six independent entries: a body about a point in general axes.

    >>> symbolic_inertia("2")
    Matrix([
    [ I_xx2, -I_xy2, -I_xz2],
    [-I_xy2,  I_yy2, -I_yz2],
    [-I_xz2, -I_yz2,  I_zz2]])
    """
    xx, yy, zz, xy, xz, yz = sp.symbols(" ".join(f"I_{axes}{label}" for axes in
                                                 ("xx", "yy", "zz", "xy", "xz", "yz")))
    return sp.Matrix([[xx, -xy, -xz], [-xy, yy, -yz], [-xz, -yz, zz]])


class MassProperties(NamedTuple):
    """The mass properties of a rigid body: ``mass``, centre of mass ``r_c`` (written in
    some frame {A}) and inertia tensor ``I_c`` about the centre of mass, in the axes of {A}."""

    mass: Any
    r_c: Any
    I_c: Any


def _parts(value, name, call):
    """The rule of the ``parts`` of ``composite_body``: a list of ``(mass, p_c, I_c)``, each
    mass and centre of mass checked (the tensors are checked by the body, as ``physical``
    says), in the kind of the call."""
    if not isinstance(value, (list, tuple)):
        raise TypeError(say("parts must be a list of (mass, p_c, I_c) tuples; got {parts}",
                            "errors", parts=check.shown(value)))
    if not value:
        raise ValueError(say("parts must hold at least one part (mass, p_c, I_c); got none",
                             "errors"))
    for k, part in enumerate(value):
        if not isinstance(part, (tuple, list)) or len(part) != 3:
            raise TypeError(say("parts[{k}] must be a tuple (mass, p_c, I_c); got {part}",
                                "errors", k=k, part=check.shown(part)))
    masses = [_MASS.of(part[0], f"{name}[{k}] mass") for k, part in enumerate(value)]
    centres = [_CENTRE.of(part[1], f"{name}[{k}] p_c", scalars=call.scalars)
               for k, part in enumerate(value)]
    return [(m_k, p_k, part[2]) for m_k, p_k, part in zip(masses, centres, value, strict=True)]


@check.arguments(parts=check.Argument(_parts, "parts (mass, p_c, I_c)"), physical=check.Flag())
def composite_body(parts, *, physical=True):
    """The mass properties of rigid bodies fastened together into one body.

    ``parts`` is a list of ``(mass, p_c, I_c)``: each part's mass ``m_k``, its centre of
    mass ``p_k`` and its tensor ``I_k`` about that centre of mass, all written in one frame
    {A}. The composite body has

        ``m = Σ m_k``,  ``p_c = Σ m_k p_k / m``,
        ``C_I = Σ [I_k + m_k (d_kᵀd_k I3 − d_k d_kᵀ)]``,  ``d_k = p_k − p_c``,

    every part moved to the common centre of mass by the parallel-axis theorem
    (chapter 2, §2.3) before the tensors are added. Returns ``MassProperties(mass, r_c,
    I_c)`` with ``r_c = p_c`` in {A} and ``I_c`` about it, in the axes of {A}: a forearm
    and the payload its gripper holds, as one link (chapter 3, §3.5). ``physical=False``
    accepts a part whose tensor breaks the triangle inequality (a link loaded with
    ``Link(..., physical=False)``), as ``Link`` does.

    >>> m, l = sp.symbols('m l')
    >>> rod = (m, [l / 2, 0, 0], sp.diag(0, m * l**2 / 12, m * l**2 / 12))
    >>> tip = (m, [l, 0, 0], sp.zeros(3))                      # a point mass at its end
    >>> body = composite_body([rod, tip])
    >>> body.mass, body.r_c.T
    (2*m, Matrix([[3*l/4, 0, 0]]))
    >>> body.I_c[2, 2]                                          # m l²/12 + m (l/4)² + m (l/4)²
    5*l**2*m/24
    """
    scalars = B.scalars_of(*(value for part in parts for value in part))
    masses, centres = [part[0] for part in parts], [part[1] for part in parts]
    tensors = [scalars.convert(_tensor(part[2], f"parts[{k}] I_c", physical))
               for k, part in enumerate(parts)]
    mass = sum(masses[1:], masses[0])
    if mass == 0 or not scalars.exact and mass <= check.ROUND_OFF:
        raise ValueError(say("parts must have a positive total mass (the centre of mass of a "
                             "massless body is undefined); got masses {masses}", "errors",
                             masses=masses))
    centre = sum((m_k * p_k for m_k, p_k in zip(masses[1:], centres[1:], strict=True)),
                 masses[0] * centres[0]) / mass
    inertia = sum((parallel_axis_unchecked.__wrapped__(I_k, m_k, p_k - centre)
                   for I_k, m_k, p_k in zip(tensors, masses, centres, strict=True)),
                  0 * tensors[0])
    if scalars.exact:
        centre, inertia = centre.applyfunc(sp.factor), inertia.applyfunc(sp.factor)
    return MassProperties(mass, centre, inertia)


@check.arguments(I=TENSOR, R=check.Rotation())
def rotate_inertia(I, R):
    """Express an inertia tensor in rotated axes: ``A_I = A_R_B B_I A_R_Bᵀ``.

    ``I`` is ``B_I``, the tensor in the axes of {B}; ``R`` is ``A_R_B`` (it rotates
    vectors from {B} into {A}); both frames share the origin about which ``I`` is taken.
    The trace (the sum of the moments) does not change.

    >>> rotate_inertia(sp.diag(1, 2, 3), [[0, -1, 0], [1, 0, 0], [0, 0, 1]])   # RotZ(90°)
    Matrix([
    [2, 0, 0],
    [0, 1, 0],
    [0, 0, 3]])
    """
    return R @ I @ R.T


_rotated = rotate_inertia.__wrapped__


@check.arguments(I=check.Argument(lambda value, name, call: _tensor(value, name), "a tensor"))
def principal_axes(I):
    """The principal moments and principal axes of an inertia tensor.

    Returns ``(moments, axes)`` with ``axes`` a right-handed rotation matrix whose
    columns are the principal directions, so ``axesᵀ I axes = diag(moments)`` and
    ``I = axes diag(moments) axesᵀ``. Numbers: ``numpy.linalg.eigh``, moments ascending.
    Symbols: sympy's exact eigenvectors, orthonormalised (Gram–Schmidt) within a
    repeated moment; moments ascending when sympy can order them (taking every symbol
    as positive, as masses and lengths are), otherwise in sympy's order.
    The third axis is ``axis1 × axis2`` in both cases, so ``det(axes) = +1``.

    >>> m, a = sp.symbols('m a')
    >>> I = inertia_by_integration(Box(a, a, a), m, origin=(-a/2, -a/2, -a/2))  # cube corner
    >>> moments, axes = principal_axes(I)
    >>> moments.T
    Matrix([[a**2*m/6, 11*a**2*m/12, 11*a**2*m/12]])
    >>> axes[:, 0].T                    # the smallest moment is about the body diagonal
    Matrix([[sqrt(3)/3, sqrt(3)/3, sqrt(3)/3]])
    """
    if B.is_symbolic(I):
        groups = _ascending(I.eigenvects(), I.free_symbols)
        moments = B.SYMBOLS.vector([mu for mu, multiplicity, _ in groups
                                    for _ in range(multiplicity)])
        directions = [B.simplify(v) for _, _, basis in groups
                      for v in sp.GramSchmidt(basis, True)]
    else:
        moments, vectors = np.linalg.eigh(I)
        directions = [vectors[:, 0], vectors[:, 1]]
    first, second = directions[0], directions[1]
    third = B.simplify(cross(first, second))
    axes = B.scalars_of(I).matrix([[first[i], second[i], third[i]] for i in range(3)])
    return moments, axes


def _ascending(groups, symbols):
    """sympy's eigen-groups ``(moment, multiplicity, basis)`` by ascending moment, when
    sympy can order every pair (taking ``symbols`` as positive); otherwise unchanged."""
    positive = {s: sp.Symbol(s.name, positive=True) for s in symbols}

    def rank(moment):             # how many other moments are provably smaller
        return sum(sp.simplify((moment - other).subs(positive)).is_positive is True
                   for other, _, _ in groups)

    ranks = [rank(moment) for moment, _, _ in groups]
    if sorted(ranks) != list(range(len(groups))):
        return groups
    return [groups[ranks.index(k)] for k in range(len(groups))]
