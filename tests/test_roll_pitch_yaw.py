"""frames.roll_pitch_yaw: the X–Y–Z fixed-angle rotation, against scipy and the elementary
rotations, on numbers and symbols; bad input names the angle."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import given
from hypothesis import strategies as st
from scipy.spatial.transform import Rotation

from robocourse.frames import roll_pitch_yaw, rot_x, rot_y, rot_z

ANGLE = st.floats(-np.pi, np.pi, allow_nan=False)


@given(ANGLE, ANGLE, ANGLE)
def test_roll_pitch_yaw_is_scipys_extrinsic_xyz_rotation(roll, pitch, yaw):
    expected = Rotation.from_euler("xyz", [roll, pitch, yaw]).as_matrix()   # fixed axes
    assert np.allclose(roll_pitch_yaw(roll, pitch, yaw), expected)


def test_each_angle_alone_is_the_elementary_rotation_about_a_fixed_axis():
    assert np.allclose(roll_pitch_yaw(0.4, 0, 0), rot_x(0.4))
    assert np.allclose(roll_pitch_yaw(0, 0.4, 0), rot_y(0.4))
    assert np.allclose(roll_pitch_yaw(0, 0, 0.4), rot_z(0.4))
    # turning about the fixed Z last: the image of X_B stays in the plane of X_A, Y_A
    R = roll_pitch_yaw(0.0, 0.0, np.pi / 2)
    assert np.allclose(R @ [1, 0, 0], [0, 1, 0])


def test_symbols_give_craigs_closed_form_and_agree_with_numbers():
    r, p, y = sp.symbols("r p y")
    R = roll_pitch_yaw(r, p, y)
    c, s = sp.cos, sp.sin
    craig = sp.Matrix([                                        # Craig eq. 2.64
        [c(y) * c(p), c(y) * s(p) * s(r) - s(y) * c(r), c(y) * s(p) * c(r) + s(y) * s(r)],
        [s(y) * c(p), s(y) * s(p) * s(r) + c(y) * c(r), s(y) * s(p) * c(r) - c(y) * s(r)],
        [-s(p), c(p) * s(r), c(p) * c(r)]])
    assert sp.simplify(R - craig) == sp.zeros(3)
    values = {r: 0.3, p: -1.1, y: 2.0}
    assert np.allclose(np.array(R.subs(values), dtype=float), roll_pitch_yaw(0.3, -1.1, 2.0))
    mixed = roll_pitch_yaw(r, 0.5, 0)                          # one symbol: all symbolic
    assert isinstance(mixed, sp.MatrixBase) and mixed.free_symbols == {r}
    assert roll_pitch_yaw(r, 0, 0) == rot_x(r)                 # exact: 1, not 1.0


@pytest.mark.parametrize("angles, error, name", [
    (("30deg", 0, 0), TypeError, "roll"),
    ((0, None, 0), TypeError, "pitch"),
    ((0, 0, float("nan")), ValueError, "yaw"),
])
def test_bad_angles_name_the_argument(angles, error, name):
    with pytest.raises(error, match=f"^{name} must be"):
        roll_pitch_yaw(*angles)
