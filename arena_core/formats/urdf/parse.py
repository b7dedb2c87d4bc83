"""yourdfpy's ``URDF._parse_robot`` with each distinct ``<origin>`` composed once.

:func:`parse_robot` walks the ``<robot>`` tree exactly as yourdfpy's ``_parse_robot``,
``_parse_link``, ``_parse_inertial``, ``_parse_visual``, ``_parse_collision`` and
``_parse_joint`` do (same elements, same order, same yourdfpy element parsers for
geometry, materials, inertia, limits, mimic, ..., so the same result and the same
exceptions for malformed input), but an ``<origin>`` whose ``xyz``/``rpy`` strings were
seen before in the same tree is a copy of the matrix already composed for them: trimesh's
``compose_matrix`` (yourdfpy's ``_parse_origin``) is most of yourdfpy's parse time, and a
link's visual and collision usually share their origin. The result is the
``yourdfpy.Robot`` that ``_parse_robot`` returns, array for array (the tests compare both
on every fixture and on malformed trees).

Example:
    >>> from lxml import etree
    >>> root = etree.fromstring('<robot name="r"><link name="a"><visual><origin xyz="0 0 1"/>'
    ...     '<geometry><box size="1 1 1"/></geometry></visual><collision><origin xyz="0 0 1"/>'
    ...     '<geometry><box size="1 1 1"/></geometry></collision></link></robot>')
    >>> link = parse_robot(root).links[0]
    >>> link.visuals[0].origin[:3, 3].tolist(), link.collisions[0].origin is link.visuals[0].origin
    ([0.0, 0.0, 1.0], False)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from lxml import etree


class _Parser:
    """One tree's parse: yourdfpy's element parsers and a memo of composed origins."""

    def __init__(self) -> None:
        from yourdfpy import urdf as yourdfpy_urdf  # imported on first use (slow import)

        self.y = yourdfpy_urdf
        self.urdf = yourdfpy_urdf.URDF
        self._origins: dict[tuple[str, str], np.ndarray] = {}

    def origin(self, el: etree._Element | None) -> np.ndarray | None:
        """``URDF._parse_origin(el)``: a fresh array, composed once per ``(xyz, rpy)``."""
        if el is None:
            return None
        key = (el.get("xyz", default="0 0 0"), el.get("rpy", default="0 0 0"))
        found = self._origins.get(key)
        if found is None:  # a malformed origin raises here, as in yourdfpy
            found = self._origins[key] = self.urdf._parse_origin(el)
        return found.copy()

    def robot(self, el: etree._Element) -> Any:
        robot = self.y.Robot(name=el.attrib["name"])
        for link in el.findall("link"):
            robot.links.append(self.link(link))
        for joint in el.findall("joint"):
            robot.joints.append(self.joint(joint))
        for material in el.findall("material"):
            robot.materials.append(self.urdf._parse_material(material))
        return robot

    def link(self, el: etree._Element) -> Any:
        link = self.y.Link(name=el.attrib["name"])
        link.inertial = self.inertial(el.find("inertial"))
        for visual in el.findall("visual"):
            link.visuals.append(self.visual(visual))
        for collision in el.findall("collision"):
            link.collisions.append(self.collision(collision))
        return link

    def inertial(self, el: etree._Element | None) -> Any:
        if el is None:
            return None
        inertial = self.y.Inertial()
        inertial.origin = self.origin(el.find("origin"))
        inertial.inertia = self.urdf._parse_inertia(el.find("inertia"))
        inertial.mass = self.urdf._parse_mass(el.find("mass"))
        return inertial

    def visual(self, el: etree._Element) -> Any:
        visual = self.y.Visual(name=el.get("name"))
        visual.geometry = self.urdf._parse_geometry(el.find("geometry"))
        visual.origin = self.origin(el.find("origin"))
        visual.material = self.urdf._parse_material(el.find("material"))
        return visual

    def collision(self, el: etree._Element) -> Any:
        collision = self.y.Collision(name=el.get("name"))
        collision.geometry = self.urdf._parse_geometry(el.find("geometry"))
        collision.origin = self.origin(el.find("origin"))
        return collision

    def joint(self, el: etree._Element) -> Any:
        urdf = self.urdf
        joint = self.y.Joint(name=el.attrib["name"])
        joint.type = el.get("type", default=None)
        joint.parent = el.find("parent").get("link")
        joint.child = el.find("child").get("link")
        joint.origin = self.origin(el.find("origin"))
        joint.axis = urdf._parse_axis(el.find("axis"))
        joint.limit = urdf._parse_limit(el.find("limit"))
        joint.dynamics = urdf._parse_dynamics(el.find("dynamics"))
        joint.mimic = urdf._parse_mimic(el.find("mimic"))
        joint.calibration = urdf._parse_calibration(el.find("calibration"))
        joint.safety_controller = urdf._parse_safety_controller(el.find("safety_controller"))
        return joint


def parse_robot(root: etree._Element) -> Any:
    """``yourdfpy.URDF._parse_robot(xml_element=root)`` (a ``yourdfpy.Robot``), each
    distinct origin composed once; raises what yourdfpy raises for malformed input."""
    return _Parser().robot(root)
