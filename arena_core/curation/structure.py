"""The joint structure of an object, as the taxonomy's structure rules read it.

Robot names are ambiguous ("panda" is the Franka arm and the Franka hand, a "gripper"
folder holds dexterous hands), so ``manifests/taxonomy.yaml`` has ``structure_rules`` that
decide between robot categories by counting joints (:func:`structure_of`):

* **virtual** joints are those of a virtual base, a mobile or floating base written as
  joints between empty frames: a moving joint whose child is a frame, or whose parent is a
  frame moved by another joint. A *frame* is a link without geometry, known from its record
  by having no mass or a placeholder one.
* **body** joints are the other moving joints. ``revolute`` (continuous and helical
  included) and ``prismatic`` count them; ``dof`` counts those that do not mimic another
  joint (a parallel gripper's coupled finger adds nothing).
* **leaves** are the links a body joint moves with no body joint below them (fixed links
  below a leaf belong to it): a parallel gripper's two fingers, an arm's last link.
  **tips** are the leaves at least two body joints deep: fingertips, feet.
* **arm_joints** counts the body joints above the link where the tips branch off (their
  lowest common ancestor): a dexterous hand has 0-2 (a wrist), an arm carrying a hand 6-7.

Example:
    >>> from schemas.record import JointRecord, LinkRecord
    >>> def j(name, child, mimic=None):
    ...     return JointRecord(name=name, type="prismatic", parent="base", child=child,
    ...                        axis=[0, 1, 0], origin=[0, 0, 0], twist=[0, 0, 0, 0, 1, 0],
    ...                        mimic=mimic)
    >>> links = [LinkRecord(name=n, mass=0.1) for n in ("base", "left", "right")]
    >>> s = structure_of([j("l", "left"), j("r", "right", {"joint": "l"})], links)
    >>> (s.dof, s.prismatic, s.leaves, s.tips, s.virtual, s.arm_joints)
    (1, 2, 2, 0, 0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from schemas.curation import CountRange
from schemas.record import JointRecord, LinkRecord


@dataclass(frozen=True)
class Structure:
    """Joint counts of one object (module docstring)."""

    dof: int
    revolute: int
    prismatic: int
    leaves: int
    tips: int
    virtual: int
    arm_joints: int

    def meets(self, bounds: Mapping[str, CountRange]) -> bool:
        """Whether every ``{field: [min]|[min, max]}`` bound holds (inclusive)."""
        for name, bound in bounds.items():
            value = getattr(self, name)
            if value < bound[0] or (len(bound) > 1 and value > bound[1]):
                return False
        return True


def structure_of(joints: Sequence[JointRecord], links: Sequence[LinkRecord]) -> Structure:
    """The :class:`Structure` of a processed object's recorded joints and links."""
    frames = {link.name for link in links
              if link.mass is None or link.mass_source == "placeholder"}
    moving = [j for j in joints if j.type != "fixed"]
    moved = {j.child for j in moving}
    virtual = {j.name for j in moving if j.child in frames or (j.parent in frames and
                                                                j.parent in moved)}
    body = [j for j in moving if j.name not in virtual]
    leaves, tips, arm = _leaves(joints, {j.child for j in body})
    return Structure(
        dof=sum(1 for j in body if j.mimic is None),
        revolute=sum(1 for j in body if j.type != "prismatic"),
        prismatic=sum(1 for j in body if j.type == "prismatic"),
        leaves=leaves, tips=tips, virtual=len(virtual), arm_joints=arm)


def _leaves(joints: Sequence[JointRecord], body_children: set[str]) -> tuple[int, int, int]:
    """``(leaves, tips, arm_joints)``: see the module docstring."""
    parent = {j.child: j.parent for j in joints}

    def chain(link: str) -> list[str]:
        """The body-joint children on the path from the root to ``link``, root first."""
        out = []
        while link in parent:
            if link in body_children:
                out.append(link)
            link = parent[link]
        return out[::-1]

    below = {p for c in body_children for p in chain(c)[:-1]}  # links with a body joint below
    leaves = [chain(c) for c in body_children if c not in below]
    paths = [p for p in leaves if len(p) >= 2]
    if not paths:
        return len(leaves), 0, 0
    shared = 0
    while all(len(p) > shared and p[shared] == paths[0][shared] for p in paths):
        shared += 1
    return len(leaves), len(paths), shared if len(paths) > 1 else len(paths[0]) - 1
