"""Benchmark of chapter 7: the PUMA 560's base parameters and base model (one table).

Run with ``.venv/bin/python bench/parameters.py``.

* Derivation: the base parameters by the regrouping rules and by QR with column pivoting
  (4p/n + 10 random states), the symbolic regressor, the standard model (Newton–Euler with
  the PUMA's numbers and symbolic joints) and the base model (Newton–Euler in the
  link-origin parameters of the virtual robot π_b).
* Code: the operations of each model as codegen generates it (``codegen.operation_count``:
  the customised recursion, standard parameters against the table of base parameters,
  ``base_parameters.base_parameter_table``), of the sympy trees reduced by ``sp.cse``
  (``codegen.count_operations`` of a ``NumericFunction``), and the time per state of each
  compiled model (``CompiledDynamics``) over 1,000 states.
* Identification of the PUMA's 36 base parameters from 1,000 noiseless samples of a Fourier
  motion (compiled regressor, least squares).

Times are medians over repeated runs.
"""

import statistics
import time
import timeit

import numpy as np

from robocourse import identification, newton_euler, parameters
from robocourse.base_parameters import (
    base_model,
    base_parameter_table,
    base_parameters_by_qr,
    base_parameters_by_regrouping,
)
from robocourse.codegen import (
    CompiledDynamics,
    NumericFunction,
    count_operations,
    operation_count,
)
from robocourse.models import puma560
from robocourse.robot import joint_symbols


def once(function):
    start = time.perf_counter()
    value = function()
    return value, time.perf_counter() - start


def median_time(function, number=1, repeat=5):
    return statistics.median(timeit.repeat(function, number=number, repeat=repeat)) / number


def main():
    puma = puma560()
    q, qd, qdd = joint_symbols(puma)
    rows = []
    rules, seconds = once(lambda: base_parameters_by_regrouping(puma))
    rows.append(("base parameters, regrouping rules", f"{seconds:.2f} s", f"{rules.count} of 60"))
    qr, seconds = once(lambda: base_parameters_by_qr(puma))
    rows.append(("base parameters, QR with pivoting", f"{seconds:.2f} s", f"{qr.count} of 60"))
    _, seconds = once(lambda: parameters.regressor(puma, q, qd, qdd))
    rows.append(("symbolic regressor Y (6 x 60)", f"{seconds:.2f} s", ""))
    standard, seconds = once(lambda: newton_euler.inverse_dynamics(puma, q, qd, qdd))
    rows.append(("standard model, symbolic (Newton–Euler)", f"{seconds:.2f} s", ""))
    base, seconds = once(lambda: base_model(puma, rules))
    rows.append(("base model, symbolic (Y_b π_b)", f"{seconds:.2f} s", ""))
    arguments = {"q": q, "qd": qd, "qdd": qdd}
    for label, model in (("standard", standard), ("base", base)):
        source = NumericFunction(model, arguments, f"puma_{label}_tree").source
        count = count_operations(source)
        rows.append((f"{label} model, sympy tree + cse", "",
                     f"{count['multiplications']} ×, {count['additions']} ±"))
    table = base_parameter_table(puma, rules)
    states = np.random.default_rng(0).uniform(-2, 2, (3, 1000, 6))
    for label, parameters_table in (("standard", None), ("base", table)):
        count = operation_count(puma, parameters_table)
        compiled = CompiledDynamics(puma, parameters=parameters_table).inverse_dynamics
        per_state = median_time(lambda compiled=compiled: compiled.many(*states)) / 1000
        rows.append((f"{label} model, codegen", f"{per_state * 1e6:.2f} µs",
                     f"{count['multiplications']} ×, {count['additions']} ± (per state, "
                     "1,000 states)"))
    model = identification.BaseRegressor(puma, rules)
    motion = identification.exciting_trajectory(6, amplitude=0.8, harmonics=4, seed=2)
    times = np.arange(0.0, 10.0, 0.01)
    tau = identification.measured_torques(puma, motion, times)
    estimate, seconds = once(lambda: identification.least_squares(
        model.stacked(motion, times), tau.T.ravel(), joints=6))
    true = rules.values(parameters.standard_parameters(puma))
    rows.append(("identify the 36 (1,000 samples)", f"{seconds:.3f} s",
                 f"cond(W) {estimate.condition:.0f}, max error "
                 f"{np.abs(estimate.values - true).max():.1e}"))
    width = max(len(r[0]) for r in rows)
    for task, seconds, note in rows:
        print(f"{task:{width}s}  {seconds:>10s}  {note}")


if __name__ == "__main__":
    main()
