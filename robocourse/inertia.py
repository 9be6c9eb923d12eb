"""Inertia tensors: the physical-validity check (more to come in this module).

Sign convention (Craig, lecture 3.2): the tensor is
``[[Ixx, -Ixy, -Ixz], [-Ixy, Iyy, -Iyz], [-Ixz, -Iyz, Izz]]`` with the products of
inertia ``Ixy = ∫ x y dm`` entering with a minus sign.
"""

import numpy as np
import sympy as sp

from robocourse import _backend as B


def check_inertia(I, name="I_c", tolerance=1e-9):
    """Return ``I`` as a 3x3 matrix after checking that a rigid body can have it.

    Checks: symmetric; for numbers also positive semi-definite (a point mass has
    the zero tensor) and the principal moments obey the triangle inequalities
    ``I1 + I2 >= I3`` (a real mass distribution satisfies them). Symbolic tensors
    are checked for symmetry only.

    >>> check_inertia([[1, 0, 0], [0, 1, 0], [0, 0, 3]])
    Traceback (most recent call last):
    ...
    ValueError: inertia tensor I_c breaks the triangle inequality: principal moments 1, 1, 3 (each must be <= the sum of the other two)
    """
    I = B.as_matrix(I, (3, 3), name)
    scale = 1.0 if B.is_symbolic(I) else max(1.0, float(np.abs(I).max()))
    for i, j in ((0, 1), (0, 2), (1, 2)):
        difference = I[i, j] - I[j, i]
        if (sp.simplify(difference) != 0) if B.is_symbolic(I) else abs(difference) > tolerance * scale:
            raise ValueError(f"inertia tensor {name} must be symmetric; got {name}[{i},{j}]="
                             f"{I[i, j]}, {name}[{j},{i}]={I[j, i]}")
    if B.is_symbolic(I):
        return I
    moments = np.linalg.eigvalsh(I)
    if moments[0] < -tolerance * scale:
        raise ValueError(f"inertia tensor {name} must be positive semi-definite; its principal "
                         f"moments are {', '.join(f'{m:.6g}' for m in moments)}")
    if moments[2] > moments[0] + moments[1] + tolerance * scale:
        raise ValueError(f"inertia tensor {name} breaks the triangle inequality: principal "
                         f"moments {', '.join(f'{m:.6g}' for m in moments)} (each must be <= "
                         "the sum of the other two)")
    return I
