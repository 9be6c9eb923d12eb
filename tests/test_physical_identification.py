"""Physically consistent identification (robocourse.physical_identification): on chapter 7's
experiment arm with noisy torques, the estimate constrained by the pseudo-inertia LMI is a
rigid body link by link, its friction dissipates, and its base parameters stay within the
noise of least squares and of the truth — also where least squares itself is not physical."""

import numpy as np
import pytest
from bad_input import named_in_the_error

from robocourse import identification, parameters
from robocourse.base_parameters import base_parameters_by_regrouping
from robocourse.physical_identification import physical_least_squares, smallest_eigenvalues

ARM = identification.experiment_arm()
FRICTION = identification.EXPERIMENT_FRICTION
BASE = base_parameters_by_regrouping(ARM, friction=True)
REFERENCE = parameters.standard_parameters(ARM, friction=FRICTION)
TRUE = BASE.values(REFERENCE)
TIMES = np.arange(0.0, 10.0, 0.02)
LIMITS = ([-2.6, -2.6], [2.6, 2.6])
#: chapter 7's motions: the exciting one (7.5) and the small one of 7.6
MOTIONS = {"exciting": identification.exciting_trajectory(2, amplitude=[2.0, 2.4],
                                                          limits=LIMITS, seed=3),
           "small": identification.exciting_trajectory(2, amplitude=0.2, limits=LIMITS,
                                                       seed=3)}
#: a solver-independent tolerance: the solver's accuracy is far below it
TOLERANCE = 1e-7
MODEL = identification.BaseRegressor(ARM, BASE)


def experiment(motion, noise, seed):
    """``(W, y)`` of a simulated experiment along chapter 7's ``motion``."""
    tau = identification.measured_torques(ARM, MOTIONS[motion], TIMES, noise=noise,
                                          friction=FRICTION, seed=seed)
    return MODEL.stacked(MOTIONS[motion], TIMES), tau.T.ravel()


def assert_physical(fit, margin=0.0):
    """Every link a rigid body by both tests (pseudo-inertia and chapter 2's checks of the
    tensor about the centre of mass), every friction coefficient >= 0."""
    assert np.all(smallest_eigenvalues(fit.standard, 2) >= margin - TOLERANCE)
    for j in range(2):
        mass, _, _ = parameters.centre_of_mass_parameters(fit.standard[10 * j:10 * (j + 1)])
        assert mass > 0
    assert np.all(fit.standard[20:] >= -TOLERANCE)


@pytest.mark.parametrize("noise, seed", [(1.0, 2), (1.0, 4), (3.0, 5)])
def test_the_estimate_is_physical_and_within_the_noise(noise, seed):
    fit = physical_least_squares(BASE, *experiment("exciting", noise, seed), 2,
                                 REFERENCE)
    assert_physical(fit, margin=1e-6)
    sigma = fit.least_squares.standard_deviations
    assert np.all(np.abs(fit.values - TRUE) <= 4 * sigma)
    assert np.all(np.abs(fit.values - fit.least_squares.values) <= 3 * sigma)
    assert fit.status == "optimal"


def test_where_least_squares_is_not_physical_the_estimate_is():
    """Chapter 7.6's poor experiment: its least-squares completion breaks both links and
    its viscous friction is negative; the constrained estimate is physical, within the
    noise of the truth, and moved from least squares by a few standard deviations only."""
    W, y = experiment("small", 3.0, 4)
    fit = physical_least_squares(BASE, W, y, 2, REFERENCE)
    completed, problems = identification.physical_consistency(BASE, fit.least_squares.values,
                                                              REFERENCE)
    assert [link for link, _ in problems] == [1, 2]
    assert np.all(smallest_eigenvalues(completed, 2) < -0.01)
    assert np.all(fit.least_squares.values[[BASE.names.index("FV1"),
                                            BASE.names.index("FV2")]] < 0)
    assert_physical(fit)
    assert np.all(np.abs(fit.values - TRUE) <= 3 * fit.least_squares.standard_deviations)
    assert 0.5 < fit.distance < 4


def test_a_physical_least_squares_estimate_is_kept():
    """Low noise: least squares is physical for some completion, so the constraint costs
    (almost) nothing — the base parameters stay where least squares put them."""
    fit = physical_least_squares(BASE, *experiment("exciting", 0.1, 2), 2, REFERENCE)
    assert fit.distance < 0.05
    assert np.allclose(fit.values, fit.least_squares.values,
                       atol=0.05 * fit.least_squares.standard_deviations.min())


def test_the_fit_term_is_the_growth_of_the_residual_in_noise_units():
    """``(K π − π̂)ᵀ C⁻¹ (K π − π̂) = (|y − W K π|² − |y − W π̂|²) / σ²``: the constrained
    fit is least squares on the torques, counted in standard deviations."""
    W, y = experiment("small", 3.0, 4)
    fit = physical_least_squares(BASE, W, y, 2, REFERENCE)
    r = BASE.count
    sigma2 = np.sum((y - W @ fit.least_squares.values) ** 2) / (len(y) - r)
    growth = np.sum((y - W @ fit.values) ** 2) - np.sum((y - W @ fit.least_squares.values) ** 2)
    assert np.isclose(fit.distance ** 2, growth / sigma2, rtol=1e-6)


def test_the_margin_is_kept_and_the_solve_is_deterministic():
    W, y = experiment("small", 3.0, 4)
    fit = physical_least_squares(BASE, W, y, 2, REFERENCE, margin=1e-3)
    assert_physical(fit, margin=1e-3)
    again = physical_least_squares(BASE, W, y, 2, REFERENCE, margin=1e-3)
    assert np.array_equal(fit.standard, again.standard)


def test_the_prior_fills_in_what_the_torques_cannot_see():
    """M1 moves no joint: it stays at its prior, whatever the prior says."""
    W, y = experiment("exciting", 1.0, 2)
    heavier = REFERENCE.copy()
    heavier[9] = 5.0                                            # M1
    for prior in (REFERENCE, heavier):
        fit = physical_least_squares(BASE, W, y, 2, prior)
        assert np.isclose(fit.standard[9], prior[9], rtol=1e-6)


def test_the_smallest_eigenvalues_give_the_verdict_of_chapter_2():
    assert np.all(smallest_eigenvalues(REFERENCE, 2) > 0)
    assert np.allclose(smallest_eigenvalues(REFERENCE[:20], 2), smallest_eigenvalues(REFERENCE, 2))
    broken = REFERENCE.copy()
    broken[5] = 0.0                                             # ZZ1 = 0 with MX1 ≠ 0
    assert smallest_eigenvalues(broken, 2)[0] < 0
    with pytest.raises(ValueError, match="rigid body"):
        parameters.centre_of_mass_parameters(broken[:10])


W_EXCITING, Y_EXCITING = experiment("exciting", 1.0, 2)


def _bad(**changed):
    """``physical_least_squares`` on chapter 7's exciting experiment with ``changed``."""
    arguments = dict(base=BASE, W=W_EXCITING, y=Y_EXCITING, joints=2, prior=REFERENCE)
    return lambda: physical_least_squares(**(arguments | changed))


test_bad_input = named_in_the_error([
    ("base is not a BaseParameters", _bad(base=REFERENCE), TypeError, "base", "BaseParameters"),
    ("the prior has an entry less", _bad(prior=REFERENCE[:-1]), ValueError, "prior",
     "24 entries"),
    ("the prior weight is zero", _bad(prior_weight=0.0), ValueError, "prior_weight", "> 0"),
    ("the margin is negative", _bad(margin=-1e-3), ValueError, "margin", ">= 0"),
    ("W has a column less than base", _bad(W=W_EXCITING[:, :9]), ValueError,
     "W", "base parameter"),
    ("a margin the solver cannot meet", _bad(margin=1e9), RuntimeError, "margin",
     "infeasible"),
    ("pi of 3 links for 2", lambda: smallest_eigenvalues(np.zeros(30), 2), ValueError, "pi",
     "20 entries"),
    ("links is zero", lambda: smallest_eigenvalues(REFERENCE, 0), ValueError, "links", "integer"),
])
