"""Named numerical tolerances, in one place (never a bare ``1e-9`` elsewhere).

Every tolerance carries its unit. Code imports the module (``from arena_core import
tolerances as tol``) and reads ``tol.ORACLE`` so a reader can find every use.
"""

#: An edge whose motion ``E(J, J0)`` is at most this is contracted before tree matching.
FIXED_EDGE = 1e-12

#: Pipeline oracle: a transformation of an object must keep the tree distance below this.
ORACLE = 1e-9

#: The MuJoCo oracle (arena_core.pipeline.mjcf_oracle): MuJoCo's world joint axes (unitless), anchors
#: and body positions (m), rotation entries (unitless), limits (rad or m) and mimic residuals
#: agree with the canonical object's after the normalization transform to this (absolute).
MJCF_ORACLE = 1e-9

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

#: Smallest mass (kg) and principal inertia (kg m^2) accepted as physical
#: (:mod:`arena_core.model.inertia`, the one rule).
MIN_MASS = 1e-12
MIN_INERTIA = 1e-18

#: Largest mass (kg) and principal inertia (kg m^2) accepted as physical (a loaded ship).
MAX_MASS = 1e9
MAX_INERTIA = 1e12

#: The inertia rule (arena_core.model.inertia): an inertia tensor may be asymmetric by this fraction
#: of its largest entry, and its principal moments may break ``a + b >= c`` by this fraction
#: of ``c`` (rounding of the written digits; relative, unitless).
INERTIA_SLACK = 1e-6

#: Principal moments with ``a + b - c`` below this fraction of ``c`` are on the edge of the
#: triangle inequality: an engine's own eigen-decomposition of the tensor can round them to
#: either side of it (a flat plate, ``c = a + b`` exactly; relative, unitless).
INERTIA_EDGE = 1e-12

#: Volume (m^3) below which a mesh is treated as degenerate.
MIN_VOLUME = 1e-15

# --- self-collision (arena_core.engines.self_collision) ----------------------------------
#: Two of an object's own parts penetrate when an engine's contact between them is deeper
#: than this (m; MuJoCo's contact ``dist < -SELF_PENETRATION``, PyBullet's
#: ``contactDistance``). Parts that touch (a door in its frame, a lid on its body) are normal.
SELF_PENETRATION = 2e-3

#: A joint's sweep takes a sample at least every this far along the path of its moving
#: part's farthest point (m), between the bounds below per direction.
SWEEP_STEP = 0.01
SWEEP_MIN_SAMPLES = 4
SWEEP_MAX_SAMPLES = 64
#: Samples of all of an object's sweeps, per engine: more are scaled down to fit, each
#: direction keeping at least SWEEP_BUDGET_FLOOR (a piano's 88 keys).
SWEEP_OBJECT_SAMPLES = 256
SWEEP_BUDGET_FLOOR = 2

# ---------------------------------------------------------------- verification (arena_core.verify)
#: Plausible object size: the rest-pose bounding-box diagonal must lie in [min, max] meters.
UNITS_MIN_EXTENT = 5e-3
UNITS_MAX_EXTENT = 50.0

#: Surface area (m^2) below which a mesh is degenerate (no faces that enclose anything visible).
MIN_AREA = 1e-12

#: A moving part may leave the rest bounding box by at most this fraction of its diagonal.
MOTION_BOUNDS = 1.0

#: A rotation axis farther than this many child-part diagonals from the child part is "far".
AXIS_FAR = 1.0

#: Prismatic travel above this many child-part diagonals is implausible.
PRISMATIC_TRAVEL = 3.0

#: The COM may lie outside its link's convex hull by at most this fraction of the link diagonal.
COM_HULL = 0.05

#: A door, window or gate hinge within this angle (rad, 20 deg) of +-Z is vertical; sources
#: with sloppy root rotations (habitat-sim's rpy="1.565 0 0") stay far inside it.
UPRIGHT_HINGE = 0.35

#: A rotating joint is a hinge (not a handle or knob) when its moving part's rest bounding-box
#: diagonal is at least this fraction of the object's.
HINGE_PART = 0.5

#: Two annotations of one joint (URDF vs mobility_v2.json) agree when E_phi is at most this.
MOBILITY_AGREE = 1e-6

# --- curation (duplicates) -------------------------------------------------------------
#: Two duplicates whose tree distance is at most this are "the same annotation" (metric
#: units: split norm, alpha = 1/m, so about 0.1 mm / 0.1 mrad of joint motion).
SAME_ANNOTATION = 1e-4

#: Near-duplicate geometry: every principal extent agrees to this relative tolerance
#: (the build samples every surface with one seed, so copies of a mesh agree closely; two
#: independent 2048-point samples of one shape differ by about 3 %, too much for this).
DUPLICATE_EXTENT_RTOL = 0.01

#: Near-duplicate geometry: D2 shape histograms (each sums to 1) differ by at most this in L1.
DUPLICATE_D2_L1 = 0.05

#: Principal extents (m) below this are floored before taking logs (flat parts, planes).
MIN_EXTENT = 1e-6

# --- metric core (arena_core.metric) ---------------------------------------------------
#: Two axes whose cross product is shorter than this are parallel (prior origin score).
PARALLEL_AXES = 1e-12

# --- normalization and mass properties (arena_core.pipeline.normalize, arena_core.mesh.massprops) ------
#: Principal moments derived from geometry are floored at this fraction of the largest one.
INERTIA_FLOOR = 1e-10

#: A bottom-center offset (m) at most this large is treated as already zero (idempotency).
CENTER_SNAP = 1e-9

#: An axis whose norm is within this of 1 is kept as written (renormalizing it again would
#: only move rounding bits and break idempotency).
UNIT_AXIS_EXACT = 4e-15

#: A roll or yaw within this of -pi (rad) is written as +pi, the same rotation (URDF text).
RPY_WRAP = 1e-9

#: Near duplicates found by geometry alone (no shared upstream id) are the same object only
#: when their kinematics are also close: E_alpha^{phi,tree} at most this (dimensionless).
#: Same-geometry objects that move very differently are different objects.
GEOMETRY_ONLY_MAX_TREE = 0.5

# --- coupled joints under simulation (arena_core.model.coupling) ---------------------------
#: A follower driven through its coupling (a helical joint's translation, a mimic joint) may
#: be off ``multiplier * leader + offset`` by this fraction of its expected displacement from
#: rest: the stiff MuJoCo equality and PyBullet's gear constraint settle well within 1e-3
#: (measured 1e-9 .. 2e-4 on the default build); a missing or wrong coupling is off by 100%.
COUPLING_RELATIVE = 0.01

#: ... plus this much (m or rad): PyBullet reports joint states through float32.
COUPLING_ABSOLUTE = 1e-6

# ---------------------------------------------------------------- collision geometry
#: Collision fidelity (arena_core.mesh.collision_fidelity): a link's collision geometry, as
#: engines use it (each piece's convex hull), may stand off its source collision surface by
#: at most this fraction of the link's bounding-box diagonal (unitless) ...
COLLISION_STANDOFF = 0.05
#: ... or by this much (m), whichever is larger.
COLLISION_STANDOFF_FLOOR = 0.01
#: A collision mesh is close enough to convex to be kept as it is (no decomposition) when its
#: hull stands off the link's collision surface by at most this fraction of the link's
#: diagonal (unitless) ...
CONVEX_STANDOFF = 0.02
#: ... or by at most this much (m): small parts (knobs, handles' posts) are not decomposed.
CONVEX_STANDOFF_FLOOR = 0.01
