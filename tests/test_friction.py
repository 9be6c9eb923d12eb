"""Joint friction: the model τ_f = F_v q̇ + F_c sgn q̇, its smooth sign, the energy it takes out
of a simulated motion (dE/dt = −q̇ᵀ τ_f) and computed-torque control with and without it."""

import numpy as np
import pytest
import sympy as sp
from bad_input import named_in_the_error
from hypothesis import given
from hypothesis import strategies as st
from scipy.integrate import cumulative_trapezoid, trapezoid
from strategies import chains, joint_vectors

from robocourse.codegen import CompiledDynamics
from robocourse.control import computed_torque, track
from robocourse.friction import Friction
from robocourse.models import planar_2r, planar_2r_distributed
from robocourse.simulate import energy, forward_dynamics, simulate
from robocourse.trajectories import synchronised

ARM = planar_2r_distributed(l1=0.5, l2=0.4, m1=2.0, m2=1.0, r1=0.25, r2=0.2, I1=2 / 48,
                            I2=0.16 / 12, g=9.81)
FRICTION = Friction([0.3, 0.2], [0.4, 0.25], smoothing=0.01)
_coefficient = st.floats(0.0, 5.0)
_rate = st.floats(-10.0, 10.0)


ARM_MODEL = CompiledDynamics(ARM)


@pytest.fixture(scope="module")
def model():
    return ARM_MODEL


def test_the_torque_is_viscous_plus_coulomb_joint_by_joint():
    friction = Friction([0.5, 2.0, 1.0], [1.0, 0.5, 3.0])
    np.testing.assert_allclose(friction.torque([2.0, -1.0, 0.0]),
                               [0.5 * 2 + 1.0, 2.0 * -1 - 0.5, 0.0])      # sgn 0 = 0


def test_chapter_7s_convention_gives_the_same_numbers():
    # parameters.friction_torque(qd, (viscous, coulomb)) on branch ch7, its own example
    assert Friction([0.5] * 3, [1.0] * 3).torque([2.0, -1.0, 0.0]).tolist() == [2.0, -1.5, 0.0]


def test_symbolic_friction_is_the_equation():
    Fv, Fc = sp.symbols("F_v1:3"), sp.symbols("F_c1:3")
    w = sp.symbols("thetadot1:3")
    tau = Friction(Fv, Fc).torque(w)
    assert tau == sp.Matrix([Fv[i] * w[i] + Fc[i] * sp.sign(w[i]) for i in range(2)])
    eps = sp.Symbol("epsilon", positive=True)
    smooth = Friction(Fv, Fc, smoothing=eps).torque(w)
    assert smooth == sp.Matrix([Fv[i] * w[i] + Fc[i] * sp.tanh(w[i] / eps) for i in range(2)])


def test_the_smooth_sign_is_within_half_a_percent_beyond_three_widths():
    friction = Friction([0.0], [1.0], smoothing=0.02)
    rates = np.linspace(0.06, 5.0, 50)
    assert np.all(np.abs(friction.torque(rates[:, None]).ravel() - 1.0) < 0.005)
    assert friction.torque([0.0])[0] == 0.0
    assert friction.torque([0.02])[0] == pytest.approx(np.tanh(1.0))


@given(st.lists(_coefficient, min_size=3, max_size=3), st.lists(_coefficient, min_size=3,
                                                                 max_size=3),
       st.lists(_rate, min_size=3, max_size=3), st.sampled_from([None, 0.001, 0.1]))
def test_friction_only_takes_power_out_and_opposes_the_motion(viscous, coulomb, rates, width):
    friction = Friction(viscous, coulomb, smoothing=width)
    tau = friction.torque(rates)
    assert friction.power(rates) >= 0
    assert np.all(tau * np.array(rates) >= 0)                    # joint by joint, too
    np.testing.assert_allclose(friction.torque(-np.array(rates)), -tau)      # odd in q̇


def test_a_batch_of_rates_is_the_rows_one_by_one():
    rates = np.random.default_rng(1).normal(size=(7, 2))
    np.testing.assert_allclose(FRICTION.torque(rates), [FRICTION.torque(r) for r in rates])
    np.testing.assert_allclose(FRICTION.power(rates), [FRICTION.power(r) for r in rates])


@given(st.data())
def test_forward_dynamics_with_friction_is_the_torque_less_friction(data):
    robot = data.draw(chains(max_joints=3))
    q, qd, tau = (data.draw(joint_vectors(robot.n)) for _ in range(3))
    friction = Friction(data.draw(joint_vectors(robot.n).map(np.abs)),
                        data.draw(joint_vectors(robot.n).map(np.abs)), smoothing=0.05)
    np.testing.assert_allclose(forward_dynamics(robot, q, qd, tau, friction=friction),
                               forward_dynamics(robot, q, qd, tau - friction.torque(qd)),
                               atol=1e-9)


def test_symbolic_forward_dynamics_subtracts_the_friction():
    arm = planar_2r()
    w = sp.symbols("w1:3")
    Fv, Fc = sp.symbols("F_v1:3"), sp.symbols("F_c1:3")
    with_friction = forward_dynamics(arm, [0, 0], w, [0, 0], friction=Friction(Fv, Fc))
    without = forward_dynamics(arm, [0, 0], w, -Friction(Fv, Fc).torque(w))
    assert sp.simplify(with_friction - without) == sp.zeros(2, 1)


def test_a_friction_of_symbols_makes_the_call_symbolic():
    """Its coefficients choose numbers or symbols, as a robot's parameters do: numeric rates
    with symbolic coefficients give the exact torque, and a numeric arm with such a friction
    exact accelerations — the numeric ones once numbers are put in."""
    Fv, Fc = sp.symbols("F_v1:3"), sp.symbols("F_c1:3")
    assert Friction(Fv, Fc).torque([2.0, 0]) == sp.Matrix([2.0 * Fv[0] + Fc[0], 0])
    q, qd, tau = [0.1, 0.2], [0.3, -0.4], [1.0, 2.0]
    exact = forward_dynamics(ARM, q, qd, tau, friction=Friction(Fv, Fc))
    assert isinstance(exact, sp.MatrixBase) and exact.free_symbols == {*Fv, *Fc}
    values = dict(zip([*Fv, *Fc], [0.1, 0.2, 0.3, 0.4], strict=True))
    np.testing.assert_allclose(np.array(exact.subs(values), dtype=float).ravel(),
                               forward_dynamics(ARM, q, qd, tau, friction=Friction(
                                   [0.1, 0.2], [0.3, 0.4])), rtol=1e-12)


def test_a_free_swing_with_friction_loses_energy_as_friction_takes_it(model):
    motion = simulate(ARM, [0.6, -0.4], [0.0, 0.0], 3.0, friction=FRICTION, model=model,
                      samples=1201, rtol=1e-10, atol=1e-10)
    E = energy(ARM, motion)
    power = FRICTION.power(motion.qd)
    assert np.all(np.diff(E) <= 1e-9 * np.ptp(E))                 # never gains energy
    assert E[0] - E[-1] > 1.0                                      # joules, not round-off
    taken = FRICTION.energy_taken(motion)                          # ∫ q̇ᵀ τ_f dt
    np.testing.assert_allclose(E - E[0], -taken, atol=1e-5 * np.ptp(E))
    np.testing.assert_allclose(taken, cumulative_trapezoid(power, motion.t, initial=0.0))
    assert taken[-1] == pytest.approx(trapezoid(power, motion.t))
    np.testing.assert_allclose(np.gradient(E, motion.t)[5:-5], -power[5:-5],
                               atol=1e-3 * power.max())
    free = simulate(ARM, [0.6, -0.4], [0.0, 0.0], 3.0, model=model, samples=1201,
                    rtol=1e-10, atol=1e-10)
    assert np.ptp(energy(ARM, free)) < 1e-6 * np.ptp(E)          # without: conserved
    assert np.abs(motion.qd[-200:]).max() < np.abs(free.qd[-200:]).max()   # it calms down


def test_the_motors_torque_is_recorded_not_the_friction(model):
    held = lambda t, q, qd: np.array([9.0, 1.0])                  # noqa: E731
    motion = simulate(ARM, [0.2, 0.1], [1.0, -1.0], 0.2, held, friction=FRICTION,
                      model=model, samples=3)
    np.testing.assert_allclose(motion.tau, [[9.0, 1.0]] * 3)


def test_newton_euler_and_compiled_simulations_with_friction_agree(model):
    runs = [simulate(ARM, [0.6, -0.4], [0.5, 0.0], 0.3, friction=FRICTION, model=m,
                     samples=4, rtol=1e-10, atol=1e-10) for m in (model, False)]
    np.testing.assert_allclose(runs[0].q, runs[1].q, atol=1e-8)


@pytest.fixture(scope="module")
def runs(model):
    path = synchronised([-1.2, 0.3], [0.4, 1.1], 1.5)
    options = dict(q0=[-1.1, 0.3], duration=2.0, plant_model=model, controller_model=model,
                   samples=201, plant_friction=FRICTION)
    return path, {"modelled": track(ARM, ARM, path, 100.0, 20.0,
                                    controller_friction=FRICTION, **options),
                  "ignored": track(ARM, ARM, path, 100.0, 20.0, **options)}


def test_a_friction_model_in_the_controller_cancels_the_friction(runs):
    _, result = runs
    t = result["modelled"].motion.t
    np.testing.assert_allclose(result["modelled"].error[:, 0],
                               -0.1 * (1 + 10 * t) * np.exp(-10 * t), atol=1e-6)
    assert np.abs(result["modelled"].error[:, 1]).max() < 1e-6


def test_friction_the_controller_ignores_drags_the_joints_behind(runs):
    path, result = runs
    motion = result["ignored"].motion
    dragged = result["ignored"].error - result["modelled"].error     # what friction adds
    assert np.abs(dragged).max() < 0.2                                # bounded
    # while the joints cruise, the error is about the quasi-static M⁻¹ τ_f / Kp: friction
    # is a disturbance that the spring Kp e must carry
    for k in np.flatnonzero((motion.t >= 0.4) & (motion.t <= 1.2)):
        predicted = np.linalg.solve(ARM_MODEL.mass_matrix(motion.q[k]),
                                    FRICTION.torque(motion.qd[k])) / 100.0
        assert np.linalg.norm(dragged[k] - predicted) < 0.3 * np.linalg.norm(predicted)
    moving = (motion.t > 0.3) & (motion.t < 1.3)                      # joint 2 lags behind
    assert np.all(dragged[moving, 1] * path.at(motion.t[moving])[1][:, 1] > 0)


def test_the_law_adds_the_modelled_friction_at_the_measured_rates(model):
    path = synchronised([0.0, 0.0], [1.0, 1.0], 1.0)
    with_friction = computed_torque(ARM, path, 100.0, 20.0, model, FRICTION)
    without = computed_torque(ARM, path, 100.0, 20.0, model)
    q, qd = np.array([0.1, 0.2]), np.array([0.7, -0.3])
    np.testing.assert_allclose(with_friction(0.3, q, qd) - without(0.3, q, qd),
                               FRICTION.torque(qd))


test_bad_friction_is_refused_by_name = named_in_the_error([
    ("negative viscous friction", lambda: Friction([-0.1, 0.2], [0.0, 0.0]), ValueError,
     "viscous[0]", ">= 0", "-0.1"),
    ("negative Coulomb friction", lambda: Friction([0.1], [-1.0]), ValueError,
     "coulomb[0]", ">= 0", "-1.0"),
    ("a Coulomb coefficient too few", lambda: Friction([0.1, 0.2], [1.0]), ValueError,
     "coulomb", "2 entries", "1"),
    ("a symbol declared negative", lambda: Friction([sp.Symbol("F", negative=True)], [0]),
     ValueError, "viscous[0]", ">= 0", "F"),
    ("a smoothing width of zero", lambda: Friction([0.1], [1.0], smoothing=0.0), ValueError,
     "smoothing", "> 0", "0.0"),
    ("a smoothing width as text", lambda: Friction([0.1], [1.0], smoothing="0.01"), TypeError,
     "smoothing", "number", "'0.01'"),
    ("rates of the wrong length", lambda: FRICTION.torque([1.0]), ValueError,
     "qd", "2 entries", "1"),
    ("a batch of the wrong width", lambda: FRICTION.torque(np.zeros((3, 3))), ValueError,
     "qd", "batch"),
    ("a pair instead of a Friction", lambda: simulate(ARM, [0, 0], [0, 0], 0.1,
                                                      friction=(0.1, 0.2)),
     TypeError, "friction", "Friction", "tuple"),
    ("the class instead of one", lambda: forward_dynamics(ARM, [0, 0], [0, 0], [0, 0],
                                                          friction=Friction),
     TypeError, "friction", "Friction", "Friction"),
    ("the friction of three joints", lambda: forward_dynamics(
        ARM, [0, 0], [0, 0], [0, 0], friction=Friction([0.1] * 3, [0.0] * 3)), ValueError,
     "friction", "2 joints", "3"),
    ("Coulomb friction without smoothing in a simulation", lambda: simulate(
        ARM, [0, 0], [0, 0], 0.1, friction=Friction([0.1, 0.1], [1.0, 0.0])), ValueError,
     "friction", "smoothing"),
    ("symbolic friction in a simulation", lambda: simulate(
        ARM, [0, 0], [0, 0], 0.1, friction=Friction(sp.symbols("a b"), [0, 0])), TypeError,
     "friction", "numeric", "[a, b]"),
    ("a controller's friction without smoothing", lambda: track(
        ARM, ARM, synchronised([0, 0], [1, 1], 1.0), 100.0, 20.0,
        controller_friction=Friction([0.1, 0.1], [1.0, 1.0])), ValueError,
     "controller_friction", "smoothing"),
    ("the energy taken from a pair of arrays", lambda: FRICTION.energy_taken(
        (np.zeros(3), np.zeros((3, 2)))), TypeError, "motion", "Motion", "tuple"),
    ("the energy taken from a motion of one joint", lambda: Friction([0.1], [0.0]).energy_taken(
        simulate(ARM, [0, 0], [0, 0], 0.01, samples=2, model=ARM_MODEL)), ValueError,
     "motion", "1 joint", "2"),
    ("a plant's friction of one joint", lambda: track(
        ARM, ARM, synchronised([0, 0], [1, 1], 1.0), 100.0, 20.0,
        plant_friction=Friction([0.1], [0.0])), ValueError,
     "plant_friction", "2 joints", "1"),
])


def test_chapter_4_friction_numbers():
    friction = Friction([0.1, 0.05], [0.3, 0.15], smoothing=0.01)
    np.testing.assert_allclose(friction.torque([1.0, -0.5]), [0.4, -0.175])
    np.testing.assert_allclose(friction.torque([0.02, -0.005]),
                               [0.002 + 0.3 * np.tanh(2.0), -0.00025 - 0.15 * np.tanh(0.5)])
