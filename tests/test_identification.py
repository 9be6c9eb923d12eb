"""Chapter 7: identification of the base parameters from simulated torque measurements."""

import functools

import numpy as np
import pytest
import sympy as sp
from bad_input import named_in_the_error

from robocourse import identification as I
from robocourse import parameters as P
from robocourse.base_parameters import base_parameters_by_regrouping
from robocourse.models import planar_2r, puma560

TIMES = np.arange(0.0, 10.0, 0.02)
LIMITS = ([-2.6, -2.6], [2.6, 2.6])


@functools.lru_cache(maxsize=1)
def experiment():
    arm = I.experiment_arm()
    base = base_parameters_by_regrouping(arm, friction=True)
    true = base.values(P.standard_parameters(arm, friction=I.EXPERIMENT_FRICTION))
    return arm, base, I.BaseRegressor(arm, base), true


def test_the_fourier_series_and_its_derivatives():
    motion = I.exciting_trajectory(3, amplitude=[1.0, 0.5, 0.2], q0=[0.1, 0.0, -0.2],
                                   harmonics=3, seed=4)
    t = sp.Symbol("t")
    w = motion.base_frequency
    q = [motion.q0[j] + sum(motion.a[j, k] / ((k + 1) * w) * sp.sin((k + 1) * w * t)
                            - motion.b[j, k] / ((k + 1) * w) * sp.cos((k + 1) * w * t)
                            for k in range(3)) for j in range(3)]
    samples = np.linspace(0, 7, 9)
    for values, derivative in zip(motion.at(samples), range(3), strict=True):
        expected = [[float(sp.diff(q_j, t, derivative).subs(t, s)) for q_j in q] for s in samples]
        np.testing.assert_allclose(values, expected, atol=1e-12)


def test_the_motion_stays_within_its_amplitude_and_repeats():
    motion = I.exciting_trajectory(2, amplitude=[1.2, 1.5], limits=LIMITS, seed=3)
    q, qd, qdd = motion.at(np.linspace(0, motion.period, 2001))
    assert np.all(np.abs(q - motion.q0) <= motion.amplitude + 1e-12)
    assert np.all(np.abs(q) < 2.6)
    for first, last in zip(motion.at([0.0]), motion.at([motion.period]), strict=True):
        np.testing.assert_allclose(first, last, atol=1e-9)


def test_noiseless_measurements_give_the_true_base_parameters():
    arm, base, model, true = experiment()
    motion = I.exciting_trajectory(2, amplitude=[1.2, 1.5], limits=LIMITS, seed=3)
    tau = I.measured_torques(arm, motion, TIMES, friction=I.EXPERIMENT_FRICTION)
    estimate = I.least_squares(model.stacked(motion, TIMES), tau.T.ravel(), joints=2)
    np.testing.assert_allclose(estimate.values, true, rtol=1e-8, atol=1e-10)


@pytest.mark.parametrize("noise", [0.1, 1.0])
def test_identification_recovers_the_base_parameters_within_the_noise_bound(noise):
    arm, base, model, true = experiment()
    motion = I.exciting_trajectory(2, amplitude=[1.2, 1.5], limits=LIMITS, seed=3)
    W = model.stacked(motion, TIMES)
    errors = []
    for seed in range(20):
        tau = I.measured_torques(arm, motion, TIMES, noise=noise,
                                 friction=I.EXPERIMENT_FRICTION, seed=seed)
        estimate = I.least_squares(W, tau.T.ravel(), joints=2)
        np.testing.assert_allclose(estimate.joint_noise, noise, rtol=0.15)
        assert np.all(np.abs(estimate.values - true) <= 4.5 * estimate.standard_deviations)
        errors.append((estimate.values - true) / estimate.standard_deviations)
    # the standardised errors scatter like a unit normal distribution
    assert 0.6 < np.std(errors) < 1.4


def test_weighted_least_squares_trusts_the_quiet_joint():
    arm, base, model, true = experiment()
    motion = I.exciting_trajectory(2, amplitude=[1.2, 1.5], limits=LIMITS, seed=3)
    W = model.stacked(motion, TIMES)
    tau = I.measured_torques(arm, motion, TIMES, noise=[2.0, 0.1],
                             friction=I.EXPERIMENT_FRICTION, seed=5)
    plain = I.least_squares(W, tau.T.ravel(), joints=2)
    weighted = I.least_squares(W, tau.T.ravel(), joints=2, weighted=True)
    np.testing.assert_allclose(weighted.joint_noise, [2.0, 0.1], rtol=0.15)
    joint_2 = [base.names.index(name) for name in ("ZZ2", "MX2", "MY2", "FV2", "FC2")]
    assert np.all(weighted.standard_deviations[joint_2] < 0.3 * plain.standard_deviations[joint_2])
    assert np.all(np.abs(weighted.values - true) <= 4.5 * weighted.standard_deviations)


def test_optimising_the_excitation_lowers_the_condition_number():
    arm, base, model, true = experiment()
    start = I.exciting_trajectory(2, amplitude=[1.2, 1.5], limits=LIMITS, seed=3)
    best, history = I.optimise_excitation(model, start, TIMES, iterations=150)
    assert history[0] == pytest.approx(I.condition_number(model.stacked(start, TIMES)))
    assert I.condition_number(model.stacked(best, TIMES)) == pytest.approx(history[-1])
    assert history[-1] < 0.8 * history[0]
    np.testing.assert_allclose(best.amplitude, start.amplitude)        # the same limits
    small = I.exciting_trajectory(2, amplitude=0.05, seed=3)
    assert I.condition_number(model.stacked(small, TIMES)) > 10 * history[0]


def test_the_identified_model_predicts_the_torques_of_another_motion():
    arm, base, model, true = experiment()
    motion = I.exciting_trajectory(2, amplitude=[1.2, 1.5], limits=LIMITS, seed=3)
    tau = I.measured_torques(arm, motion, TIMES, noise=0.1, friction=I.EXPERIMENT_FRICTION)
    estimate = I.least_squares(model.stacked(motion, TIMES), tau.T.ravel(), joints=2)
    other = I.exciting_trajectory(2, amplitude=[1.0, 1.0], seed=11)
    measured = I.measured_torques(arm, other, TIMES, friction=I.EXPERIMENT_FRICTION)
    predicted = model.at(*other.at(TIMES)) @ estimate.values
    assert np.all(I.prediction_error(predicted, measured) < 2.0)


def test_physical_consistency_of_the_true_and_of_a_wrong_model():
    arm, base, model, true = experiment()
    reference = P.standard_parameters(arm, friction=I.EXPERIMENT_FRICTION)
    pi, problems = I.physical_consistency(base, true, reference)
    np.testing.assert_allclose(pi, reference, atol=1e-12)
    assert problems == []
    wrong = np.array(true, dtype=float)
    wrong[base.names.index("ZZ2")] = 0.2 * wrong[base.names.index("ZZ2")]   # below m r²
    _, problems = I.physical_consistency(base, wrong, reference)
    assert [link for link, _ in problems] == [2]
    assert "the parameters of link 2 are not those of a rigid body" in problems[0][1]


def test_the_puma_is_identified_with_its_36_base_parameters():
    puma = puma560()
    base = base_parameters_by_regrouping(puma)
    model = I.BaseRegressor(puma, base)
    motion = I.exciting_trajectory(6, amplitude=0.8, harmonics=4, seed=2)
    times = np.arange(0.0, 10.0, 0.01)
    tau = I.measured_torques(puma, motion, times)
    estimate = I.least_squares(model.stacked(motion, times), tau.T.ravel(), joints=6)
    np.testing.assert_allclose(estimate.values, base.values(P.standard_parameters(puma)),
                               rtol=1e-6, atol=1e-8)


ARM = planar_2r(l1=0.5, l2=0.4, m1=1.0, m2=1.0, g=9.81)
MOTION = I.exciting_trajectory(2, amplitude=0.5, seed=0)

CASES = [
    ("coefficients of different shapes",
     lambda: I.FourierTrajectory(np.ones((2, 3)), np.ones((2, 2)), [0, 0], 1.0), ValueError,
     "b", "same shape", "(2, 2)"),
    ("coefficients as text", lambda: I.FourierTrajectory("a", "b", [0], 1.0), TypeError,
     "a", "array", "'a'"),
    ("zero base frequency", lambda: I.FourierTrajectory(np.ones((1, 2)), np.ones((1, 2)), [0], 0.0),
     ValueError, "base_frequency", "> 0", "0.0"),
    ("q0 of the wrong length",
     lambda: I.FourierTrajectory(np.ones((2, 2)), np.ones((2, 2)), [0], 1), ValueError,
     "q0", "2 entries", "1"),
    ("times with nan", lambda: MOTION.at([0.0, np.nan]), ValueError, "t", "finite"),
    ("negative amplitude", lambda: I.exciting_trajectory(2, amplitude=[-1, 1]), ValueError,
     "amplitude", "> 0", "[-1.0, 1.0]"),
    ("amplitude beyond the limits",
     lambda: I.exciting_trajectory(2, amplitude=2.0, limits=([-1, -3], [1, 3])), ValueError,
     "amplitude", "limits", "0 ± 2"),
    ("zero harmonics", lambda: I.exciting_trajectory(2, amplitude=1, harmonics=0), ValueError,
     "harmonics", "integer", "0"),
    ("optimise without a model", lambda: I.optimise_excitation(ARM, MOTION, [0, 1]), TypeError,
     "model", "BaseRegressor", "SerialChain"),
    ("base regressor without a base", lambda: I.BaseRegressor(ARM, "base"), TypeError,
     "base", "BaseParameters"),
    ("base regressor of a symbolic arm",
     lambda: I.BaseRegressor(planar_2r(), base_parameters_by_regrouping(planar_2r())), ValueError,
     "robot", "numeric"),
    ("measured torques, negative noise", lambda: I.measured_torques(ARM, MOTION, [0.0], noise=-1),
     ValueError, "noise", ">= 0", "[-1.0, -1.0]"),
    ("measured torques, 3 noise levels",
     lambda: I.measured_torques(ARM, MOTION, [0.0], noise=[1, 1, 1]), ValueError,
     "noise", "2 entries", "3"),
    ("least squares, y too short", lambda: I.least_squares(np.ones((6, 2)), [1, 2], 2), ValueError,
     "y", "row", "2"),
    ("least squares, uneven blocks", lambda: I.least_squares(np.ones((7, 2)), np.ones(7), 2),
     ValueError, "W", "2 blocks", "7"),
    ("least squares, too few rows", lambda: I.least_squares(np.ones((4, 2)), np.ones(4), 2),
     ValueError, "W", "more than 2 rows", "2"),
    ("least squares, W is 1-D", lambda: I.least_squares(np.ones(4), np.ones(4), 2), ValueError,
     "W", "2-D", "(4,)"),
    ("condition of text", lambda: I.condition_number("W"), TypeError, "W", "array", "'W'"),
    ("prediction of other shapes", lambda: I.prediction_error(np.ones((3, 2)), np.ones((2, 2))),
     ValueError, "measured", ("shape", "(3, 2)"), "(2, 2)"),
    ("pseudo-inertia of 9 numbers", lambda: I.pseudo_inertia([1] * 9), ValueError,
     "link_parameters", "10 entries", "9"),
    ("consistency without a base", lambda: I.physical_consistency(None, [1], [1]), TypeError,
     "base", "BaseParameters", "None"),
    ("consistency, reference too short",
     lambda: I.physical_consistency(base_parameters_by_regrouping(ARM), [1] * 6, [1] * 3),
     ValueError, "reference", "20 entries", "3"),
    ("least squares, a column of W repeated (not identifiable)",
     lambda: I.least_squares(np.repeat(np.arange(1.0, 9.0)[:, None], 2, axis=1), np.ones(8), 2),
     ValueError, "W", "full column rank", "rank 1"),
    ("least squares, W of zeros", lambda: I.least_squares(np.zeros((8, 2)), np.ones(8), 2),
     ValueError, "W", "full column rank", "rank 0"),
    ("condition of no rows", lambda: I.condition_number(np.zeros((0, 2))), ValueError,
     "W", "empty", "(0, 2)"),
    ("optimise over no times", lambda: I.optimise_excitation(
        I.BaseRegressor(ARM, base_parameters_by_regrouping(ARM)), MOTION, []), ValueError,
     "times", "empty", "(0,)"),
    ("prediction against torques that are all zero",
     lambda: I.prediction_error(np.ones((5, 2)), np.zeros((5, 2))), ValueError,
     "measured", "other than zero", "joint 1"),
    ("measured at times given as bools", lambda: I.measured_torques(ARM, MOTION, [True, False]),
     TypeError, "times[0]", "number", "True"),
    ("a condition number of complex numbers",
     lambda: I.condition_number(np.array([[1 + 5j, 0], [0, 1]])), TypeError,
     "W[0]", "not complex", "(1+5j)"),
    ("an amplitude as a ragged list",
     lambda: I.exciting_trajectory(2, amplitude=[[1.0, 2.0], [3.0]]), TypeError,
     "amplitude[0]", "number", "[1.0, 2.0]"),
    ("more harmonics than memory holds",
     lambda: I.exciting_trajectory(2, amplitude=1.0, harmonics=10**400), ValueError,
     "harmonics", "integer", str(10**400)),
    ("a prediction of symbols", lambda: I.prediction_error([[sp.Symbol("t")]], [[1.0]]), TypeError,
     "predicted[0]", "number"),
]


test_bad_input_is_named_in_the_error = named_in_the_error(CASES)


def test_viscous_friction_of_joint_1_is_confounded_with_coulomb_friction_not_inertia():
    """Chapter 7, 7.5: over a whole period ∫ q̇1 q̈1 dt = 0, so FV1's column (q̇1 on joint 1's
    rows) is orthogonal to ZZR1's (q̈1); FV1's is close to FC1's (sgn q̇1). The estimates'
    correlations from (WᵀW)⁻¹, computed here from the regressor alone (σ² cancels)."""
    _, base, model, _ = experiment()
    motion = I.exciting_trajectory(2, amplitude=[2.0, 2.4], limits=LIMITS, seed=3)
    W = model.stacked(motion, TIMES)
    names = list(base.names)
    _, qd, qdd = motion.at(TIMES)
    n = len(TIMES)                                       # W stacks joint 1's rows first
    np.testing.assert_allclose(W[:n, names.index("FV1")], qd[:, 0], atol=1e-12)
    np.testing.assert_allclose(W[:n, names.index("FC1")], np.sign(qd[:, 0]), atol=1e-12)
    assert np.allclose(W[n:, [names.index("FV1"), names.index("FC1")]], 0)
    assert abs(np.sum(qd[:, 0] * qdd[:, 0])) < 1e-9 * np.sum(qd[:, 0] ** 2)

    def cosine(a, b):
        u, v = W[:, names.index(a)], W[:, names.index(b)]
        return u @ v / np.linalg.norm(u) / np.linalg.norm(v)

    inverse = np.linalg.inv(W.T @ W)
    sd = np.sqrt(np.diag(inverse))
    correlation = inverse / np.outer(sd, sd)

    def corr(a, b):
        return correlation[names.index(a), names.index(b)]

    assert abs(cosine("FV1", "ZZR1")) < 1e-12
    assert round(cosine("FV1", "FC1"), 2) == 0.86 and round(cosine("FV2", "FC2"), 2) == 0.84
    assert round(corr("FV1", "ZZR1"), 2) == 0.06
    assert round(corr("FV1", "FC1"), 2) == -0.88 and round(corr("FV2", "FC2"), 2) == -0.83
    tau = I.measured_torques(experiment()[0], motion, TIMES, noise=1.0,
                             friction=I.EXPERIMENT_FRICTION, seed=2)
    estimate = I.least_squares(W, tau.T.ravel(), joints=2)
    np.testing.assert_allclose(estimate.covariance / np.outer(estimate.standard_deviations,
                                                               estimate.standard_deviations),
                               correlation, atol=1e-9)


def test_the_condition_number_bound_with_a_residual():
    """‖δπ‖/‖π̂‖ ≤ cond(W) ‖δy‖/‖Py‖ for least squares with a residual (chapter 7, 7.5)."""
    arm, _, model, _ = experiment()
    motion = I.exciting_trajectory(2, amplitude=[2.0, 2.4], limits=LIMITS, seed=3)
    W = model.stacked(motion, TIMES)
    s = np.linalg.svd(W, compute_uv=False)
    assert np.isclose(I.condition_number(W), s[0] / s[-1])
    rng = np.random.default_rng(40)
    y = I.measured_torques(arm, motion, TIMES, noise=0.5, friction=I.EXPERIMENT_FRICTION,
                           seed=5).T.ravel()
    pi = np.linalg.lstsq(W, y, rcond=None)[0]
    for _ in range(20):
        dy = rng.normal(size=y.shape) * rng.uniform(0.01, 1.0)
        dpi = np.linalg.lstsq(W, dy, rcond=None)[0]
        bound = s[0] / s[-1] * np.linalg.norm(dy) / np.linalg.norm(W @ pi)
        assert np.linalg.norm(dpi) / np.linalg.norm(pi) <= bound
    # the worst case is reached: δy along the smallest singular direction, y along the largest
    U, _, Vt = np.linalg.svd(W, full_matrices=False)
    y_worst, dy_worst = U[:, 0], 1e-3 * U[:, -1]
    ratio = (np.linalg.norm(np.linalg.lstsq(W, dy_worst, rcond=None)[0])
             / np.linalg.norm(np.linalg.lstsq(W, y_worst, rcond=None)[0]))
    assert np.isclose(ratio, s[0] / s[-1] * 1e-3)
