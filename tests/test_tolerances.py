"""Every named tolerance of the library pinned from both sides (issue 41): a case at half the
tolerance is on the accepting side, a case at twice it is on the refusing side. A tolerance
loosened or tightened (by 1000×, or by a factor of three) fails one of the two; so does a
comparison turned round. The tolerances are named in ``robocourse._checks`` and only there;
where a function takes its own ``tol``, its default is pinned the same way."""

import math

import numpy as np
import pytest
import sympy as sp

from robocourse import _backend as B
from robocourse import _checks as check
from robocourse.base_parameters import base_parameters_by_qr
from robocourse.frames import (
    as_rotation,
    dh_transform,
    inverse_transform,
    rot_x,
    skew,
    transform,
    vee,
)
from robocourse.identification import exciting_trajectory
from robocourse.inertia import broken_triangle_inequality, check_inertia, composite_body
from robocourse.kinematics import inverse_jacobian, inverse_kinematics_2r, is_singular
from robocourse.models import planar_2r
from robocourse.puma560 import wrist_singular
from robocourse.robot import SerialChain
from robocourse.trajectories import cubic, lspb_blend_time

ARM = planar_2r(l1=1.0, l2=1.0)
INSIDE, OUTSIDE = 0.5, 2.0          # a case at half, and one at twice, the tolerance


def test_the_named_tolerances_are_the_documented_ones():
    assert ((check.ROUND_OFF, check.RIGHT_ANGLE, check.ROTATION, check.SAME_ANGLE)
            == (1e-9, 1e-13, 1e-6, 1e-6))
    assert (check.MAX_EVALUATIONS, check.MAX_COUNT, check.MAX_DIGITS) == (10**8, 10**7, 17)


# --- accepted on one side, refused (by name) on the other ------------------------------------

def _psd(factor):
    return check_inertia(np.diag([1.0, 1.0, -factor * check.ROUND_OFF]))


def _symmetric(factor):
    return check_inertia([[1.0, factor * check.ROUND_OFF, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])


def _triangle(factor):        # scale 2: the inequality is compared in units of the largest entry
    return check_inertia(np.diag([1.0, 1.0, 2.0 + 2.0 * factor * check.ROUND_OFF]))


def _rotation(factor):        # |RᵀR − I| = 2δ + δ², |det R − 1| = δ
    delta = factor * check.ROTATION / 2
    return as_rotation(np.diag([1.0, 1.0, 1.0 + delta]))


def _last_row(factor):
    T = np.eye(4)
    T[3, 0] = factor * check.ROUND_OFF
    return inverse_transform(T)


def _skew(factor):
    S = skew([1.0, 2.0, 3.0])          # max |entry| 3: round-off relative to it
    S[0, 1] += 3 * factor * check.ROUND_OFF
    return vee(S)


def _end_instant(factor):             # t within [0, tf] up to ROUND_OFF·max(1, tf)
    return cubic(0.0, 1.0, 2.0, 2.0 + 2.0 * factor * check.ROUND_OFF)


def _reach(factor):                   # c2 = (r² − 2)/2 = 1 + 4δ + 2δ² at r = 2(1 + δ)
    delta = factor * check.ROUND_OFF / 4
    return inverse_kinematics_2r(ARM, 2.0 * (1.0 + delta), 0.0)


def _blends(factor):                  # |θ̈| >= 4|Δθ|/tf² up to ROUND_OFF, relative
    return lspb_blend_time(0.0, 1.0, 2.0, 1.0 * (1.0 - factor * check.ROUND_OFF))


def _massless(factor):                # a composite body needs a total mass above ROUND_OFF
    mass = check.ROUND_OFF / factor
    return composite_body([(mass, [0, 0, 0], np.zeros((3, 3)))])


def _limits(factor):                  # q0 ± amplitude within the limits up to ROUND_OFF
    return exciting_trajectory(1, amplitude=[1.0], limits=([-1.0 + factor * check.ROUND_OFF],
                                                            [1.0]), seed=0)


def _count(factor):                   # at most MAX_COUNT points
    points = check.MAX_COUNT if factor < 1 else check.MAX_COUNT + 1
    return check._count(points, "points", 2, check.MAX_COUNT)


def _digits(factor):
    digits = check.MAX_DIGITS if factor < 1 else check.MAX_DIGITS + 1
    return check._count(digits, "digits", 0, check.MAX_DIGITS)


BOTH_SIDES = {
    "positive semi-definite": (_psd, r"I_c must be positive semi-definite"),
    "symmetric": (_symmetric, r"I_c must be symmetric"),
    "triangle inequality": (_triangle, r"I_c breaks the triangle inequality"),
    "rotation matrix": (_rotation, r"R must be a rotation matrix"),
    "last row of a transform": (_last_row, r"T must be a homogeneous transform"),
    "skew-symmetric": (_skew, r"S must be skew-symmetric"),
    "a trajectory's end instant": (_end_instant, r"t must lie in \[0, 2.0\]"),
    "the 2R arm's reach": (_reach, r"is out of reach"),
    "the blends' least acceleration": (_blends, r"acceleration must be >= 4\|thetaf - theta0\|"),
    "a composite body's mass": (_massless, r"parts must have a positive total mass"),
    "joint limits of an exciting motion": (_limits, r"amplitude takes joint 1 outside its "
                                                    r"limits"),
    "the most points of a call": (_count, r"points must be an integer from 2 to 10,000,000"),
    "the most digits of a float": (_digits, r"digits must be an integer from 0 to 17"),
}


@pytest.mark.parametrize("guard", [v[0] for v in BOTH_SIDES.values()], ids=BOTH_SIDES.keys())
def test_half_the_tolerance_is_accepted(guard):
    guard(INSIDE)


@pytest.mark.parametrize("guard, pattern", BOTH_SIDES.values(), ids=BOTH_SIDES.keys())
def test_twice_the_tolerance_is_refused(guard, pattern):
    with pytest.raises(ValueError, match=pattern):
        guard(OUTSIDE)


def test_the_triangle_inequality_says_which_side_it_is_on():
    assert broken_triangle_inequality(np.diag([1.0, 1.0, 2.0 + INSIDE * 2e-9])) is None
    assert broken_triangle_inequality(np.diag([1.0, 1.0, 2.0 + OUTSIDE * 2e-9])).startswith(
        "Izz <= Ixx + Iyy")


# --- decisions on one side or the other -----------------------------------------------------

def _stretched(ratio):
    """The 2R arm's q at which the Jacobian (rows x, y) has s_min / s_max = ``ratio``."""
    def gap(theta2):
        s = np.linalg.svd(np.array([[-math.sin(0.0) - math.sin(theta2), -math.sin(theta2)],
                                    [math.cos(0.0) + math.cos(theta2), math.cos(theta2)]]),
                          compute_uv=False)
        return s[-1] / s[0] - ratio
    low, high = 0.0, 1.0
    for _ in range(200):                          # bisection: the ratio grows with θ2
        middle = (low + high) / 2
        low, high = (middle, high) if gap(middle) < 0 else (low, middle)
    return [0.0, (low + high) / 2]


def test_the_singularity_tolerance_decides_between_half_and_twice_it():
    near, beyond = _stretched(INSIDE * check.ROUND_OFF), _stretched(OUTSIDE * check.ROUND_OFF)
    assert is_singular(ARM, near, rows=(0, 1)) and not is_singular(ARM, beyond, rows=(0, 1))
    with pytest.raises(ValueError, match=r"singular configuration"):
        inverse_jacobian(ARM, near, rows=(0, 1))
    assert np.isfinite(inverse_jacobian(ARM, beyond, rows=(0, 1))).all()


@pytest.mark.parametrize("tilt", [math.pi / 2, sp.pi / 2], ids=["float", "exact"])
def test_a_jacobian_of_round_off_alone_is_singular_as_its_exact_twin(tilt):
    """The tool's y velocity of the planar arm whose tool is turned about x: zero, or
    about 1e-16 when the turn is a float. Relative to its own largest singular value a row
    of round-off would have rank 1; the floor at ``tol`` (m/rad) gives it rank 0."""
    tilted = SerialChain(ARM.links, tool=np.asarray(ARM.tool @ transform(rot_x(tilt), [0, 0, 0]),
                                                   dtype=float), name="tilted")
    assert is_singular(tilted, [0.3, 0.7], rows=(1,), frame="tool")
    assert not is_singular(tilted, [0.3, 0.7], rows=(2,), frame="tool")
    assert is_singular(tilted, [0.3, 0.7], rows=(1, 2), frame="tool")


def test_the_wrist_singularity_tolerance_decides_between_half_and_twice_it():
    assert wrist_singular([0, 0, 0, 0, INSIDE * check.ROUND_OFF, 0])
    assert not wrist_singular([0, 0, 0, 0, OUTSIDE * check.ROUND_OFF, 0])


def test_a_right_angle_is_exact_within_its_tolerance_and_a_twist_beyond_it():
    near = math.pi / 2 * (1 + INSIDE * check.RIGHT_ANGLE)
    beyond = math.pi / 2 * (1 + 4 * OUTSIDE * check.RIGHT_ANGLE)     # float steps: 2.2e-16
    assert B.exact_angle(near) == sp.pi / 2 and B.exact_angle(-near) == -sp.pi / 2
    assert B.exact_angle(beyond) == beyond
    l1 = sp.Symbol("l1")
    assert dh_transform(near, l1, 0, 0)[1, 1] == 0
    assert dh_transform(beyond, l1, 0, 0)[1, 1] != 0


def test_a_parameter_acts_above_round_off_and_has_no_effect_below_it():
    """Gravity of 1e-7 m/s² still identifies the 2R arm's first moments (6 base parameters);
    at 1e-11 their columns are round-off beside the inertial ones (4): the numerical-rank
    decisions of base_parameters_by_qr, relative to ROUND_OFF, with a margin of 100 each side."""
    assert base_parameters_by_qr(planar_2r(l1=0.5, l2=0.4, g=1e-7)).count == 6
    assert base_parameters_by_qr(planar_2r(l1=0.5, l2=0.4, g=1e-11)).count == 4
