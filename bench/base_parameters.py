"""A regrouped (base) set of inertial parameters for the benchmark, by the rules of
Khalil & Dombre (*Modeling, identification and control of robots*, 2002, §9.3.3.2), until
the parameters chapter provides its own: for each revolute joint j, from the tip down,
``YY_j``, ``MZ_j`` and ``M_j`` are folded into link j−1 (``XX_j`` becomes ``XX_j − YY_j``);
link 1, turning about the vertical axis of {0}, keeps only ``ZZ``. The table has the ten
slots of ``codegen.CompiledDynamics(robot, parameters=...)``.
"""

import math

import numpy as np

from robocourse.newton_euler import _standard_parameters

XX, XY, XZ, YY, YZ, ZZ, MX, MY, MZ, M = range(10)


def regrouped(robot):
    """The (n, 10) table of regrouped parameters of an all-revolute ``robot`` whose first
    axis is along gravity (the PUMA 560)."""
    table = np.array([_standard_parameters(link) for link in robot.links])
    for j in range(robot.n - 1, 0, -1):
        link, p, q = robot.links[j], table[j], table[j - 1]
        d, r = float(link.a), float(link.d)
        S, C = (round(f(float(link.alpha)), 12) for f in (math.sin, math.cos))
        yy, mz, m = p[YY], p[MZ], p[M]
        q[XX] += yy + 2 * r * mz + r * r * m
        q[XY] += d * S * (mz + r * m)
        q[XZ] -= d * C * (mz + r * m)
        q[YY] += C * C * yy + 2 * r * C * C * mz + (d * d + r * r * C * C) * m
        q[YZ] += C * S * (yy + 2 * r * mz + r * r * m)
        q[ZZ] += S * S * yy + 2 * r * S * S * mz + (d * d + r * r * S * S) * m
        q[MX] += d * m
        q[MY] -= S * mz + r * S * m
        q[MZ] += C * mz + r * C * m
        q[M] += m
        p[XX] -= yy
        p[[YY, MZ, M]] = 0.0
    table[0, [XX, XY, XZ, YY, YZ, MX, MY, MZ, M]] = 0.0
    return table
