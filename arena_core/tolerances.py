"""Named numerical tolerances, in one place (never a bare ``1e-9`` elsewhere).

Every tolerance carries its unit. Code imports the module (``from arena_core import
tolerances as tol``) and reads ``tol.ORACLE`` so a reader can find every use.
"""

#: An edge whose motion ``E(J, J0)`` is at most this is contracted before tree matching.
FIXED_EDGE = 1e-12

#: Pipeline oracle: a transformation of an object must keep the tree distance below this.
ORACLE = 1e-9

#: Differential tests against the reference package agree to this (absolute).
REFERENCE = 1e-9

#: An axis vector shorter than this is treated as zero (unitless).
ZERO_AXIS = 1e-12

#: An axis whose norm differs from 1 by more than this is reported as non-unit.
UNIT_AXIS = 1e-6

#: Relative slack when comparing tree-distance bounds (upper - lower <= GAP * scale).
CERTIFY_GAP = 1e-12

#: Two floats written to URDF and read back must agree to this (relative).
ROUND_TRIP = 1e-12

#: Smallest mass (kg) and principal inertia (kg m^2) accepted as physical.
MIN_MASS = 1e-12
MIN_INERTIA = 1e-18

#: Volume (m^3) below which a mesh is treated as degenerate.
MIN_VOLUME = 1e-15
