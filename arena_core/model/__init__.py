"""The articulated object in memory: links, joints, dynamics, inertia rules, kinematics."""
