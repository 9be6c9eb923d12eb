"""Computed-torque control of the 2R arm along a cubic trajectory."""

import numpy as np
import pytest

from robocourse.codegen import CompiledDynamics
from robocourse.control import computed_torque, track
from robocourse.models import planar_2r, planar_3r
from robocourse.trajectories import synchronised

PAYLOAD = 2.0
ARM = planar_2r(l1=1.0, l2=0.8, m1=3.0, m2=PAYLOAD, g=9.81)
HEAVIER = planar_2r(l1=1.0, l2=0.8, m1=3.0, m2=1.2 * PAYLOAD, g=9.81)   # 20 % payload error
PATH = synchronised([-0.5, 0.2], [1.0, 1.4], 2.0)
GAINS = dict(Kp=100.0, Kv=20.0)               # ωn = 10 rad/s, critically damped
OFFSET = np.array([0.05, -0.05])              # the arm starts off the trajectory


@pytest.fixture(scope="module")
def models():
    return CompiledDynamics(ARM), CompiledDynamics(HEAVIER)


def run(controller, models, q0=None):
    exact, heavier = models
    return track(ARM, controller, PATH, **GAINS, q0=q0, duration=3.0, plant_model=exact,
                 controller_model=exact if controller is ARM else heavier)


def test_with_an_exact_model_the_error_decays_like_a_critically_damped_spring(models):
    result = run(ARM, models, q0=PATH.q0 - OFFSET)        # e = q_d − q
    t, e = result.motion.t, result.error
    np.testing.assert_allclose(e[0], OFFSET)
    # ë + Kv ė + Kp e = 0 from e(0) = OFFSET, ė(0) = 0: e = OFFSET (1 + 10 t) exp(−10 t)
    expected = OFFSET * ((1 + 10 * t) * np.exp(-10 * t))[:, None]
    np.testing.assert_allclose(e, expected, atol=1e-6)
    assert np.abs(e[-1]).max() < 1e-6


def test_a_heavier_payload_in_the_model_leaves_a_bounded_larger_error(models):
    exact = run(ARM, models)
    wrong = run(HEAVIER, models)
    exact_error = np.abs(exact.error).max()
    wrong_error = np.abs(wrong.error).max()
    assert exact_error < 1e-6                  # on track all the way
    assert 1e-4 < wrong_error < 0.05           # off track, but not far
    assert wrong_error > 100 * exact_error
    assert np.abs(wrong.error[-1]).max() > 1e-3   # at rest: a lasting offset, not decaying


def test_the_law_is_the_same_with_newton_euler_and_generated_code(models):
    exact, _ = models
    by_ne = computed_torque(ARM, PATH, **GAINS)
    by_code = computed_torque(ARM, PATH, **GAINS, model=exact)
    q, qd = np.array([0.1, 0.5]), np.array([-0.3, 0.8])
    for t in (0.0, 0.7, 2.5):
        np.testing.assert_allclose(by_code(t, q, qd), by_ne(t, q, qd), atol=1e-10)


def test_bad_control_inputs_name_the_argument(models):
    with pytest.raises(ValueError, match="Kp"):
        computed_torque(ARM, PATH, Kp=-1.0, Kv=20.0)
    with pytest.raises(ValueError, match="Kv"):
        computed_torque(ARM, PATH, Kp=100.0, Kv=[1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="model"):
        computed_torque(ARM, PATH, **GAINS, model=models[1])
    with pytest.raises(ValueError, match="controller"):
        track(ARM, planar_3r([1.0] * 3, [1.0] * 3, [0.5] * 3, [0.1] * 3, 9.81), PATH, **GAINS)
    with pytest.raises(ValueError, match="duration"):
        track(ARM, ARM, PATH, **GAINS, duration=0.0, plant_model=models[0])
