"""The one tree walk (``walk_links``, ``joints_parent_first``) keeps the orders of the three
hand-written walks it replaced, sibling ties included, on random trees."""

from __future__ import annotations

import numpy as np
import pytest

from arena_core.model.articulated import (
    ArticulatedObject,
    Joint,
    Link,
    joints_parent_first,
    walk_links,
)
from arena_core.model.kinematics import link_poses
from arena_core.verify.base import subtree_links


def _random_tree(seed: int) -> ArticulatedObject:
    """A tree of up to 30 links, names shuffled so that name order and joint order differ."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 30))
    names = [f"l{k}" for k in rng.permutation(n)]
    joints = [Joint(name=f"j{k}", type="revolute", parent=names[int(rng.integers(0, k))],
                    child=names[k], origin_local=np.eye(4), axis_local=np.array([0.0, 0, 1]),
                    lower=-1.0, upper=1.0) for k in range(1, n)]
    order = rng.permutation(len(joints))
    return ArticulatedObject.from_parts("t", [Link(x) for x in names],
                                        [joints[int(i)] for i in order])


def _old_mjcf_link_order(obj):  # formats/mjcf/write.py before
    order, stack = [], [obj.root]
    while stack:
        name = stack.pop()
        order.append(name)
        stack.extend(j.child for j in reversed(obj.children(name)))
    return order


def _old_subtree_links(obj, link):  # verify/base.py before
    out, stack = [], [link]
    while stack:
        name = stack.pop()
        out.append(name)
        stack.extend(sorted((j.child for j in obj.children(name)), reverse=True))
    return out


def _old_pose_order(obj):  # model/kinematics.py and the rest poses before
    order, stack = [obj.root], [obj.root]
    while stack:
        parent = stack.pop()
        for j in obj.children(parent):
            order.append(j.child)
            stack.append(j.child)
    return order


@pytest.mark.parametrize("seed", range(40))
def test_the_walk_keeps_every_former_order(seed):
    obj = _random_tree(seed)
    assert list(walk_links(obj.root, obj.children)) == _old_mjcf_link_order(obj)
    for link in obj.links:
        assert subtree_links(obj, link) == _old_subtree_links(obj, link)
    expected = _old_pose_order(obj)
    assert list(link_poses(obj, {})) == expected
    assert list(obj.link_poses) == expected
    assert [obj.root, *(j.child for j in joints_parent_first(obj.root, obj.children))] == expected


def test_parents_come_first_and_every_link_once():
    obj = _random_tree(7)
    seen = {obj.root}
    for j in joints_parent_first(obj.root, obj.children):
        assert j.parent in seen and j.child not in seen
        seen.add(j.child)
    assert seen == set(obj.links) == set(walk_links(obj.root, obj.children))
