"""robocourse: the mathematics of the robot-mechanics course.

One module per textbook concept; every function works on numbers (numpy) and on
sympy symbols. Conventions: Craig's modified DH frames (see ``robocourse.robot``).
"""

__version__ = "0.1.0"
