"""Motors and gears (chapter 5, §5.9; chapter 7): the reflected inertia η² I_m on the diagonal
of M, checked against the energy route (the rotors' kinetic energy ½ I_m (η q̇)² added to the
links'), in the inverse and forward dynamics, the simulation and computed-torque control; and
its identification as one more parameter per joint (the regressor's column q̈_j, the base
parameters regrouped with it)."""

import numpy as np
import sympy as sp
from bad_input import named_in_the_error
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import chains, joint_vectors, right_angle_chains

from robocourse import base_parameters as BP
from robocourse import lagrange
from robocourse import parameters as P
from robocourse.codegen import CompiledDynamics
from robocourse.control import computed_torque, track
from robocourse.equivalence import assert_identical
from robocourse.models import planar_2r, puma560, puma560_motors
from robocourse.motors import (
    inverse_dynamics_with_motors,
    mass_matrix_with_motors,
    reflected_inertia,
    rotor_kinetic_energy,
)
from robocourse.newton_euler import inverse_dynamics, mass_matrix
from robocourse.robot import Link, SerialChain, joint_symbols
from robocourse.simulate import energy, forward_dynamics, simulate
from robocourse.trajectories import synchronised

ARM = planar_2r(l1=0.5, l2=0.5, m1=2.0, m2=1.0, g=9.81)


def _energy_mass_matrix(robot, q, motor_inertia, gear_ratio):
    """M + diag(η² I_m) read off the total kinetic energy K(q̇) = ½ q̇ᵀ M_total q̇ of links and
    rotors, by polarisation at unit rates: an independent route (energies, not Newton–Euler)."""
    n = robot.n

    def K(qd):
        return (lagrange.kinetic_energy(robot, q, qd)
                + rotor_kinetic_energy(motor_inertia, gear_ratio, qd))
    unit = np.eye(n)
    return np.array([[K(unit[j] + unit[k]) - K(unit[j]) - K(unit[k]) if j != k
                      else 2 * K(unit[j]) for k in range(n)] for j in range(n)], dtype=float)


def test_the_pumas_armature_from_the_published_set():
    motor_inertia, gear_ratio = puma560_motors()
    # Corke and Armstrong-Hélouvry 1994 (mdl_puma560): Jm and G, squared by hand
    by_hand = [200e-6 * 62.6111**2, 200e-6 * 107.815**2, 200e-6 * 53.7063**2,
               33e-6 * 76.0364**2, 33e-6 * 71.923**2, 33e-6 * 76.686**2]
    np.testing.assert_allclose(reflected_inertia(motor_inertia, gear_ratio), by_hand, rtol=1e-12)
    np.testing.assert_allclose(reflected_inertia(motor_inertia, gear_ratio),
                               [0.78403, 2.32481, 0.57687, 0.19079, 0.17071, 0.19406], atol=1e-5)


def test_the_armature_is_the_rotors_energy_on_the_pumas_mass_matrix():
    motor_inertia, gear_ratio = puma560_motors()
    armature = reflected_inertia(motor_inertia, gear_ratio)
    q = np.array([0.3, -0.7, 0.9, 0.2, 1.1, -0.4])
    M = mass_matrix_with_motors(puma560(), q, armature)
    np.testing.assert_allclose(M, _energy_mass_matrix(puma560(), q, motor_inertia, gear_ratio),
                               rtol=1e-9, atol=1e-12)
    off_diagonal = ~np.eye(6, dtype=bool)
    assert np.array_equal(M[off_diagonal], mass_matrix(puma560(), q)[off_diagonal])


def test_the_euler_lagrange_equations_with_rotors_are_the_inverse_dynamics_with_motors():
    arm = planar_2r()
    q, qd, qdd = joint_symbols(arm)
    I_m, eta = sp.symbols("I_m1:3", positive=True), sp.symbols("eta1:3")
    L = (lagrange.kinetic_energy(arm, q, qd) + rotor_kinetic_energy(I_m, eta, qd)
         - lagrange.potential_energy(arm, q))
    by_energy = lagrange.euler_lagrange(L, q, qd, qdd)
    assert_identical(by_energy,
                     inverse_dynamics_with_motors(arm, q, qd, qdd, reflected_inertia(I_m, eta)),
                     "Euler-Lagrange with rotors = Newton-Euler + eta^2 I_m qdd")


@settings(max_examples=25, deadline=None)
@given(chains(min_joints=1, max_joints=5), st.data())
def test_random_robots_energy_route_and_round_trip(robot, data):
    n = robot.n
    motor_inertia = data.draw(st.lists(st.floats(0.0, 1e-3), min_size=n, max_size=n))
    gear_ratio = data.draw(st.lists(st.floats(1.0, 150.0) | st.floats(-150.0, -1.0),
                                    min_size=n, max_size=n))
    q, qd, qdd = (data.draw(joint_vectors(n)) for _ in range(3))
    armature = reflected_inertia(motor_inertia, gear_ratio)
    M = mass_matrix_with_motors(robot, q, armature)
    np.testing.assert_allclose(M, _energy_mass_matrix(robot, q, motor_inertia, gear_ratio),
                               rtol=1e-8, atol=1e-10)
    tau = inverse_dynamics_with_motors(robot, q, qd, qdd, armature)
    np.testing.assert_allclose(tau, inverse_dynamics(robot, q, qd, qdd) + armature * qdd,
                               rtol=1e-10, atol=1e-10)
    if np.linalg.cond(M) < 1e8:          # forward dynamics undoes it
        np.testing.assert_allclose(forward_dynamics(robot, q, qd, tau, armature=armature), qdd,
                                   rtol=1e-6, atol=1e-6 * max(1.0, np.abs(qdd).max()))
    # the regressor's armature columns: τ = Y π with π = [links, IA]
    pi = P.standard_parameters(robot, armature=armature)
    Y = P.regressor(robot, q, qd, qdd, armature=True)
    np.testing.assert_allclose(Y @ pi, tau, rtol=1e-8, atol=1e-8)
    np.testing.assert_allclose(P.inverse_dynamics(robot, q, qd, qdd, parameters=pi), tau,
                               rtol=1e-8, atol=1e-8)


def test_a_free_swing_with_rotors_keeps_links_and_rotors_energy_and_compiled_is_newton_euler():
    armature = np.array([0.3, 0.1])
    fast = CompiledDynamics(ARM)
    runs = [simulate(ARM, [0.3, 0.5], [0.0, 0.0], 1.5, armature=armature, model=model,
                     samples=31, rtol=1e-10, atol=1e-10) for model in (fast, False)]
    np.testing.assert_allclose(runs[0].q, runs[1].q, atol=1e-7)
    rotors = 0.5 * np.sum(armature * runs[0].qd**2, axis=1)
    E = energy(ARM, runs[0]) + rotors
    assert np.ptp(E) < 1e-6 * np.abs(E).max()
    bare = simulate(ARM, [0.3, 0.5], [0.0, 0.0], 1.5, model=fast, samples=31)
    assert np.abs(bare.q - runs[0].q).max() > 0.05          # the rotors slow the swing down


def test_computed_torque_cancels_the_armature_only_when_it_models_it():
    armature = reflected_inertia(*puma560_motors())
    puma = puma560()
    fast = CompiledDynamics(puma)
    path = synchronised([0.0, -0.8, 0.8, 0.0, 0.0, 0.0], [1.0, -0.3, 0.2, 1.0, 0.5, 1.0], 1.0)
    options = dict(plant_model=fast, controller_model=fast, plant_armature=armature,
                   duration=1.5, samples=61)
    modelled = track(puma, puma, path, 100.0, 20.0, controller_armature=armature, **options)
    omitted = track(puma, puma, path, 100.0, 20.0, **options)
    assert np.abs(modelled.error).max() < 1e-6
    assert np.abs(omitted.error[:, 3:]).max() > 0.3         # the wrist: M̂ far too small
    law_nogear = computed_torque(puma, path, 100.0, 20.0, model=fast)
    law = computed_torque(puma, path, 100.0, 20.0, model=fast, armature=armature)
    q, qd = path.at(0.5)[:2]
    np.testing.assert_allclose(law(0.5, q, qd) - law_nogear(0.5, q, qd),
                               armature * path.at(0.5)[2], atol=1e-9)
    by_newton_euler = computed_torque(puma, path, 100.0, 20.0, armature=armature)
    np.testing.assert_allclose(by_newton_euler(0.5, q, qd), law(0.5, q, qd), atol=1e-8)


def test_the_pumas_base_parameters_with_the_armature():
    rules = BP.base_parameters_by_regrouping(puma560(), armature=True)
    assert rules.count == 40                    # 36 + IA3…IA6; IA1, IA2 regroup
    IA1, IA2, ZZ1 = sp.symbols("IA1 IA2 ZZ1")
    assert rules.expressions[0].coeff(IA1) == 1 and rules.expressions[0].coeff(ZZ1) == 1
    zz2 = rules.names.index("ZZR2")
    assert rules.expressions[zz2].coeff(IA2) == 1
    assert rules.names[-4:] == ("IA3", "IA4", "IA5", "IA6")
    qr = BP.base_parameters_by_qr(puma560(), armature=True, keep=rules.kept)
    assert qr.kept == rules.kept
    np.testing.assert_allclose(qr.K, rules.numeric_K(), atol=1e-9)
    assert BP.base_parameters_by_qr(puma560(), armature=True).count == 40
    both = BP.base_parameters_by_regrouping(puma560(), armature=True, friction=True)
    assert both.count == 52 and both.armature and both.friction and both.links == 6


@settings(max_examples=12, deadline=None)
@given(right_angle_chains(min_joints=1, max_joints=4))
def test_rules_and_qr_agree_with_the_armature_on_random_right_angle_chains(robot):
    try:
        rules = BP.base_parameters_by_regrouping(robot, armature=True)
    except ValueError as error:                  # a prismatic joint near the base: QR only
        assert "base_parameters_by_qr" in str(error)
        assert not all(link.is_revolute for link in robot.links)
        return
    qr = BP.base_parameters_by_qr(robot, armature=True, keep=rules.kept)
    assert qr.kept == rules.kept
    np.testing.assert_allclose(qr.K, rules.numeric_K(), rtol=1e-9, atol=1e-9)
    assert BP.base_parameters_by_qr(robot, armature=True).count == rules.count


_path = synchronised([0.0, 0.0], [1.0, 1.0], 1.0)

test_bad_input_is_named_in_the_error = named_in_the_error([
    ("reflected: negative inertia", lambda: reflected_inertia([-1e-4], [50.0]), ValueError,
     "motor_inertia[0]", ">= 0", "-0.0001"),
    ("reflected: zero ratio", lambda: reflected_inertia([1e-4], [0.0]), ValueError,
     "gear_ratio[0]", "not be 0"),
    ("reflected: lengths", lambda: reflected_inertia([1e-4, 1e-4], [50.0]), ValueError,
     "gear_ratio", "one entry per entry of motor_inertia"),
    ("reflected: text", lambda: reflected_inertia("0.001", [50.0]), TypeError,
     "motor_inertia", "sequence"),
    ("rotor energy: rates", lambda: rotor_kinetic_energy([1e-4], [50.0], [1.0, 2.0]), ValueError,
     "qd", "one entry per entry of motor_inertia"),
    ("mass matrix: length", lambda: mass_matrix_with_motors(ARM, [0.0, 0.0], [0.1]), ValueError,
     "armature", "2 entries"),
    ("mass matrix: negative", lambda: mass_matrix_with_motors(ARM, [0.0, 0.0], [0.1, -0.1]),
     ValueError, "armature[1]", ">= 0"),
    ("inverse: nan", lambda: inverse_dynamics_with_motors(ARM, [0, 0], [0, 0], [0, 0],
                                                          [0.1, np.nan]),
     ValueError, "armature[1]", "finite"),
    ("forward: length", lambda: forward_dynamics(ARM, [0, 0], [0, 0], [0, 0], armature=[0.1]),
     ValueError, "armature", "2 entries"),
    ("simulate: symbols", lambda: simulate(ARM, [0, 0], [0, 0], 1.0,
                                           armature=[sp.Symbol("I_a"), 0.1]),
     TypeError, "armature[0]", "number"),
    ("simulate: negative", lambda: simulate(ARM, [0, 0], [0, 0], 1.0, armature=[0.1, -0.2]),
     ValueError, "armature[1]", ">= 0"),
    ("computed torque: length", lambda: computed_torque(ARM, _path, 100, 20, armature=[0.1]),
     ValueError, "armature", "2 entries"),
    ("track: plant", lambda: track(ARM, ARM, _path, 100, 20, plant_armature=[0.1, 0.2, 0.3]),
     ValueError, "plant_armature", "2 entries"),
    ("track: controller", lambda: track(ARM, ARM, _path, 100, 20, controller_armature=[-1, 0]),
     ValueError, "controller_armature[0]", ">= 0"),
    ("regressor: flag", lambda: P.regressor(ARM, [0, 0], [0, 0], [0, 0], armature="yes"),
     TypeError, "armature", "True or False"),
    ("parameters: length", lambda: P.inverse_dynamics(ARM, [0, 0], [0, 0], [0, 0],
                                                      parameters=[0.0] * 21),
     ValueError, "parameters", ("20", "22", "24", "26")),
    ("regrouping: prismatic first", lambda: BP.base_parameters_by_regrouping(
        SerialChain([Link(joint="P"), Link(a=0.5)], name="P-R"), armature=True),
     ValueError, "armature", "base_parameters_by_qr"),
])

