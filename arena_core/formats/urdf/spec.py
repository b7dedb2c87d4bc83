"""What the URDF specification defines: its elements, where each may sit, which attributes
hold numbers, and :func:`ignored_elements`, the rest.

The reader checks numbers only where the specification defines them (``<mass value>``, not
a ROS ``<verbose value="Yes"/>`` inside a ``<collision>``). Everything else, as urdfdom,
PyBullet, Pinocchio and yourdfpy do, is not read: ``<gazebo>``, ``<transmission>``,
PyBullet's ``<contact>``, elements of other XML namespaces (``<drake:...>``), and whatever
sits inside them. :func:`ignored_elements` names them for the ``urdf.element.ignored`` info
issue. Attributes are never a reason to look at an element: an attribute the specification
does not define (``drake:acceleration``) is simply not read.

Example:
    >>> from lxml import etree
    >>> root = etree.fromstring('<robot name="r"><gazebo/><link name="a"><collision>'
    ...                         '<verbose value="Yes"/></collision></link></robot>')
    >>> [(el.tag, el.getparent().tag) for el in ignored_elements(root)]
    [('gazebo', 'robot'), ('verbose', 'collision')]
    >>> is_specified(root.find("link/collision"))
    True
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

#: Where each element of URDF may sit: tag -> the tags of its allowed parents (URDF 1.0 as
#: urdfdom reads it, plus this project's ``<helical>`` and the ``<capsule>`` that the
#: reader turns into a cylinder and two spheres).
PARENTS: dict[str, frozenset[str]] = {
    tag: frozenset(parents) for tag, parents in {
        "link": ("robot",), "joint": ("robot",), "material": ("robot", "visual"),
        "inertial": ("link",), "visual": ("link",), "collision": ("link",),
        "origin": ("inertial", "visual", "collision", "joint"),
        "mass": ("inertial",), "inertia": ("inertial",), "geometry": ("visual", "collision"),
        "box": ("geometry",), "cylinder": ("geometry",), "sphere": ("geometry",),
        "mesh": ("geometry",), "capsule": ("geometry",),
        "color": ("material",), "texture": ("material",),
        "parent": ("joint",), "child": ("joint",), "axis": ("joint",),
        "calibration": ("joint",), "dynamics": ("joint",), "limit": ("joint",),
        "mimic": ("joint",), "safety_controller": ("joint",), "helical": ("joint",),
    }.items()
}

#: The attributes that hold numbers, by element (the specification's, as the reader uses
#: them; ``pitch`` of a joint is the short form of ``<helical pitch>``).
NUMBER_ATTRIBUTES: dict[str, frozenset[str]] = {
    tag: frozenset(attrs) for tag, attrs in {
        "origin": ("xyz", "rpy"), "axis": ("xyz",), "mesh": ("scale",), "box": ("size",),
        "cylinder": ("radius", "length"), "capsule": ("radius", "length"),
        "sphere": ("radius",), "mass": ("value",),
        "inertia": ("ixx", "ixy", "ixz", "iyy", "iyz", "izz"),
        "limit": ("lower", "upper", "effort", "velocity"),
        "mimic": ("multiplier", "offset"), "helical": ("pitch",), "joint": ("pitch",),
    }.items()
}


def is_specified(el: etree._Element) -> bool:
    """Whether ``el`` is an element of URDF where URDF puts it (its ancestors unchecked)."""
    parent = el.getparent()
    if parent is None:
        return el.tag == "robot"
    tag = el.tag if isinstance(el.tag, str) else ""
    return parent.tag in PARENTS.get(tag, ())


def specified_elements(root: etree._Element) -> Iterator[etree._Element]:
    """The elements of ``root`` that URDF defines, in document order; an element that it
    does not define is skipped with everything inside it."""
    stack = [child for child in reversed(root) if isinstance(child.tag, str)]
    while stack:
        el = stack.pop()
        if is_specified(el):
            yield el
            stack.extend(child for child in reversed(el) if isinstance(child.tag, str))


def ignored_elements(root: etree._Element) -> list[etree._Element]:
    """The outermost elements of ``root`` that URDF does not define (document order)."""
    out = []
    for el in (root, *specified_elements(root)):
        out.extend(child for child in el
                   if isinstance(child.tag, str) and not is_specified(child))
    return sorted(out, key=lambda el: el.sourceline or 0)
