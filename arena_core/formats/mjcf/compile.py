"""Compile a prepared MJCF tree with MuJoCo, repairing what MuJoCo refuses when the fix is
unambiguous.

:func:`compile_tree` serializes the tree, asks ``mujoco.MjModel.from_xml_string`` for a
model and, when MuJoCo refuses, reads its message (``Element 'x', line N`` names the
element in the serialized text) and applies at most one repair per attempt:

=====================================================  =================================
MuJoCo says                                            repair (warning code)
=====================================================  =================================
``Schema violation: unrecognized element``             element removed
                                                       (``mjcf.element.unknown``)
``unrecognized attribute: 'a'``                        attribute removed
                                                       (``mjcf.attribute.unknown``)
``repeated name 'n' in mesh`` (an asset)               the later copy removed when both
                                                       are identical
                                                       (``mjcf.name.repeated``); else none
``mass and inertia of moving bodies must be larger``   ``<compiler boundmass boundinertia>``
                                                       set to :data:`BOUND_MASS`; those
                                                       links get no inertial
                                                       (``mjcf.body.massless``)
``material 'm' not found``                             ``m`` defined with the default look
                                                       (``mjcf.material.missing``)
``top-level default class 'c' cannot be renamed``      nested under the main class
                                                       (``mjcf.default.renamed``)
``joint 'j' not found in tendon``                      the tendon removed
                                                       (``mjcf.tendon.broken``)
``required attribute missing: 'pos'`` (inertial)       ``pos="0 0 0"`` (pybullet's reading,
                                                       ``mjcf.inertial.pos_missing``)
=====================================================  =================================

MuJoCo's warnings are kept as ``mjcf.mujoco_warning`` (info) instead of being printed.
Anything else, or more than :data:`MAX_REPAIRS` repairs, is ``mjcf.compile_failed`` with
MuJoCo's message. The returned ``xml`` is the text MuJoCo compiled: it is written beside the
converted object so the MuJoCo oracle compiles exactly the same model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import mujoco
from lxml import etree

from arena_core.formats.mjcf.mujoco_load import compile_model
from schemas.issues import Issue, issue

#: Most repairs tried on one model.
MAX_REPAIRS = 50
#: Mass (kg) and inertia (kg m^2) given to bodies MuJoCo refuses as massless; below
#: ``tolerances.MIN_MASS``, so the conversion writes no inertial for them.
BOUND_MASS = 1e-13
_LINE = re.compile(r"Element (?:name )?'([^']*)'(?:, id \d+)?, line (\d+)")
_PLAIN_TAG = re.compile(r"Element '([^']*)', line \d+")


@dataclass
class Compiled:
    """The compiled model (None when refused), the text compiled and the repair issues."""

    model: mujoco.MjModel | None
    xml: str
    issues: list[Issue] = field(default_factory=list)


def compile_tree(tree: etree._Element, *, name: str,
                 assets: dict[str, bytes] | None = None) -> Compiled:
    """Compile ``tree`` (not modified) with the in-memory ``assets``, repairing refusals as
    listed in the module docstring. A file name in ``tree`` that is not a key of ``assets``
    is refused before MuJoCo sees the text (``mjcf.file.unsupported``): MuJoCo would open
    it from the disk."""
    issues: list[Issue] = []
    text = etree.tostring(tree, pretty_print=True, encoding="unicode")
    unvetted = sorted({f"<{el.tag} {a}>" for el in tree.iter() if isinstance(el.tag, str)
                       for a, v in el.attrib.items()
                       if a.startswith("file") and v not in (assets or {})})
    if unvetted:
        return Compiled(None, text, [issue("mjcf.file.unsupported", "file names MuJoCo would "
                                           f"open itself: {', '.join(unvetted)[:300]}",
                                           location="file")])
    for _ in range(MAX_REPAIRS):
        try:
            model = _quiet_compile(text, issues, assets)
        except Exception as exc:  # mujoco raises ValueError, FatalError, ...: all mean "refused"
            message = str(exc).strip()
            current = etree.fromstring(text)  # line numbers of the text MuJoCo read
            fix = _repair(current, message)
            if fix is None:
                issues.append(issue("mjcf.compile_failed", f"MuJoCo cannot compile {name}: "
                                    f"{_one_line(message)}", location="file"))
                return Compiled(None, text, _merged(issues))
            issues.append(fix)
            text = etree.tostring(current, pretty_print=True, encoding="unicode")
            continue
        return Compiled(model, text, _merged(issues))
    issues.append(issue("mjcf.compile_failed", f"MuJoCo cannot compile {name}: more than "
                        f"{MAX_REPAIRS} repairs needed", location="file"))
    return Compiled(None, text, _merged(issues))


def _quiet_compile(text: str, issues: list[Issue], assets: dict[str, bytes] | None
                   ) -> mujoco.MjModel:
    """Compile ``text``; MuJoCo's warnings become ``mjcf.mujoco_warning`` info issues."""
    model, warnings = compile_model(xml=text, assets=assets)
    issues += [issue("mjcf.mujoco_warning", f"MuJoCo: {w}", location="file")
               for w in warnings]
    return model


def _repair(tree: etree._Element, message: str) -> Issue | None:
    """Apply the repair ``message`` calls for to ``tree``; None when there is none."""
    el = _element(tree, message)
    if "mass and inertia of moving bodies" in message:
        return _bound_mass(tree, message)
    if el is None:
        return None
    if "unrecognized element" in message and el.getparent() is not None:
        el.getparent().remove(el)
        return _warning("mjcf.element.unknown", f"unknown element <{el.tag}> removed")
    found = re.search(r"unrecognized attribute: '([^']+)'", message)
    if found and found.group(1) in el.attrib:
        del el.attrib[found.group(1)]
        return _warning("mjcf.attribute.unknown", f"unknown attribute {found.group(1)!r} of "
                        f"<{el.tag}> removed")
    found = re.search(r"repeated name '([^']*)' in (\w+)", message)
    if found:
        return _drop_identical(tree, el, found.group(1))
    found = re.search(r"material '([^']*)' not found", message)
    if found:
        return _plain_material(tree, found.group(1))
    if "top-level default class" in message and "cannot be renamed" in message \
            and el.tag == "default" and el.getparent() is tree:
        wrapper = etree.Element("default")
        tree.replace(el, wrapper)
        wrapper.append(el)
        return _warning("mjcf.default.renamed", f"top-level <default class="
                        f"{el.get('class')!r}> (old MJCF) nested under the main class")
    found = re.search(r"joint '([^']*)' not found in tendon", message)
    if found:
        return _drop_tendon(el, found.group(1))
    if "required attribute missing: 'pos'" in message and el.tag == "inertial":
        el.set("pos", "0 0 0")
        return _warning("mjcf.inertial.pos_missing", "an <inertial> without 'pos' is placed at "
                        "its body's origin")
    return None


def _element(tree: etree._Element, message: str) -> etree._Element | None:
    """The element MuJoCo's message points at (by line, and tag when it names one)."""
    found = _LINE.search(message)
    if found is None:
        return None
    line, tag = int(found.group(2)), None
    plain = _PLAIN_TAG.search(message)
    if plain is not None:
        tag = plain.group(1)
    candidates = [el for el in tree.iter() if isinstance(el.tag, str) and el.sourceline == line]
    named = [el for el in candidates if tag is None or el.tag == tag]
    return (named or candidates or [None])[0]


def _bound_mass(tree: etree._Element, message: str) -> Issue | None:
    compilers = [c for c in tree if c.tag == "compiler"]
    if any(c.get("boundmass") for c in compilers):
        return None
    compiler = compilers[-1] if compilers else etree.Element("compiler")
    if not compilers:
        tree.insert(0, compiler)
    compiler.set("boundmass", repr(BOUND_MASS))
    compiler.set("boundinertia", repr(BOUND_MASS))
    found = _LINE.search(message)
    body = f" (first: {found.group(1)!r})" if found else ""
    return _warning("mjcf.body.massless", f"moving bodies without mass{body}: their links get "
                    "no inertial (a placeholder is added for simulators)")


def _drop_identical(tree: etree._Element, el: etree._Element, name: str) -> Issue | None:
    """Remove ``el`` when an earlier element of its tag and name is identical to it."""
    if el.getparent() is None or el.getparent().tag != "asset":
        return None  # two bodies or joints of one name are two things: never merged
    first = next((o for o in tree.iter(el.tag) if o is not el and o.get("name") == name), None)
    if first is None or dict(first.attrib) != dict(el.attrib) or len(el) or len(first):
        return None
    el.getparent().remove(el)
    return _warning("mjcf.name.repeated", f"<{el.tag} name={name!r}> is defined twice "
                    "identically: the copy is removed")


def _plain_material(tree: etree._Element, name: str) -> Issue | None:
    """Define the missing material ``name`` with MuJoCo's default look (geometry is kept)."""
    if any(m.get("name") == name for m in tree.iter("material")):
        return None
    asset = next((a for a in tree if a.tag == "asset"), None)
    if asset is None:
        asset = etree.SubElement(tree, "asset")
    etree.SubElement(asset, "material", name=name)
    return _warning("mjcf.material.missing", f"material {name!r} is used but not defined: "
                    "defined with the default look")


def _drop_tendon(el: etree._Element, joint: str) -> Issue | None:
    tendon = el
    while tendon is not None and (tendon.getparent() is None
                                  or tendon.getparent().tag != "tendon"):
        tendon = tendon.getparent()
    if tendon is None:
        return None
    tendon.getparent().remove(tendon)
    return _warning("mjcf.tendon.broken", f"a tendon through the undefined joint {joint!r} "
                    "is removed")


def _warning(code: str, message: str) -> Issue:
    return issue(code, message, severity="warning", location="file")


def _merged(issues: list[Issue]) -> list[Issue]:
    """One issue per code (counts kept in the message) so a file with 40 fixes stays readable."""
    by_code: dict[str, list[Issue]] = {}
    for found in issues:
        by_code.setdefault(found.code, []).append(found)
    out = []
    for group in by_code.values():
        extra = f" (and {len(group) - 1} more like it)" if len(group) > 1 else ""
        out.append(group[0].model_copy(update={"message": group[0].message + extra}))
    return out


def _one_line(message: str) -> str:
    return " | ".join(part.strip() for part in message.splitlines() if part.strip())[:400]
