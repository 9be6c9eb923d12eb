"""The robots of the benchmark written for the peer libraries, from a robocourse chain.

``pinocchio_model(robot)``: a ``pinocchio.Model`` with one joint per link (``RZ`` or
``PZ``) placed by Craig's modified DH, ``RotX(α) TransX(a) RotZ(θ0) TransZ(d)``, each
body with its mass, centre of mass and inertia about it; ``roboticstoolbox_robot(robot)``:
a ``DHRobot`` of ``RevoluteMDH`` / ``PrismaticMDH`` links, no motor inertia or friction.
Each peer is imported only when asked for: ``peer(name)`` is the module or None.
"""

import importlib

import numpy as np

from robocourse.frames import rot_x, rot_z


def peer(name):
    """The peer module (``"pinocchio"`` or ``"roboticstoolbox"``), None when not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _placement(link):
    """``RotX(α) TransX(a) RotZ(θ0) TransZ(d)`` as (R, p) for the joint frame of ``link``."""
    R = rot_x(float(link.alpha)) @ rot_z(float(link.theta))
    p = rot_x(float(link.alpha)) @ np.array([float(link.a), 0.0, 0.0]) + R @ [0, 0, float(link.d)]
    return R, p


def pinocchio_model(robot):
    """``(model, data)`` of ``robot`` for pinocchio."""
    pin = importlib.import_module("pinocchio")
    model = pin.Model()
    parent = 0
    for k, link in enumerate(robot.links, start=1):
        R, p = _placement(link)
        joint = pin.JointModelRZ() if link.is_revolute else pin.JointModelPZ()
        parent = model.addJoint(parent, joint, pin.SE3(R, p), f"joint{k}")
        inertia = pin.Inertia(float(link.mass), np.array(link.r_c, dtype=float),
                              np.array(link.I_c, dtype=float))
        model.appendBodyToJoint(parent, inertia, pin.SE3.Identity())
    model.gravity = pin.Motion(np.array(robot.gravity, dtype=float), np.zeros(3))
    return model, model.createData()


def roboticstoolbox_robot(robot):
    """``robot`` as a roboticstoolbox ``DHRobot`` (modified DH)."""
    rtb = importlib.import_module("roboticstoolbox")
    links = []
    for link in robot.links:
        kind = rtb.RevoluteMDH if link.is_revolute else rtb.PrismaticMDH
        geometry = dict(alpha=float(link.alpha), a=float(link.a), offset=float(
            link.theta if link.is_revolute else link.d))
        geometry["d" if link.is_revolute else "theta"] = float(
            link.d if link.is_revolute else link.theta)
        links.append(kind(**geometry, m=float(link.mass), r=np.array(link.r_c, dtype=float),
                          I=np.array(link.I_c, dtype=float), Jm=0.0, G=1.0, B=0.0,
                          Tc=[0.0, 0.0]))
    return rtb.DHRobot(links, gravity=np.array(robot.gravity, dtype=float), name=robot.name)
