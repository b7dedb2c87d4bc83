"""Safe XML: decode the bytes ourselves, refuse any DTD, parse with no entities and no network.

Every XML file the pipeline reads (URDF, MJCF, ROS ``package.xml``) goes through
:func:`safe_xml_bytes` before lxml sees it. The bytes are decoded here, by their byte-order
mark or their declared encoding (UTF-8, ASCII, Latin-1, UTF-16, UTF-32; any other
declared encoding, such as UTF-7, is refused with ``xml.encoding.unsupported`` because a
DTD could hide in it from a byte-level check), NUL characters are removed, and a
``<!DOCTYPE`` or ``<!ENTITY`` anywhere in the *decoded* text is refused with
``xml.doctype``. lxml then parses plain UTF-8 with entity expansion, DTD loading and
network access off, and a tree that still carries a DTD is refused too.

A namespace prefix used without its ``xmlns:`` declaration (``drake:acceleration``, a file
cut out of a larger document) is no reason to refuse a file that urdfdom, PyBullet and
MuJoCo read (their parsers know no namespaces): the prefix is declared on the root element
as ``urn:arena:undeclared:PREFIX`` and the file parsed again, with an
``xml.namespace.undeclared`` info issue. Nothing else is repaired this way.

Example:
    >>> root = parse_xml('<robot name="a"/>'.encode("utf-16"))
    >>> root.tag, root.get("name")
    ('robot', 'a')
    >>> parse_xml(b'<?xml version="1.0" encoding="UTF-7"?><robot/>')
    Traceback (most recent call last):
    ...
    arena_core.formats.xmlsafe.XmlError: XML declared in encoding 'UTF-7'; only UTF-8, ASCII, Latin-1, UTF-16 and UTF-32 are read
"""

from __future__ import annotations

import codecs
import re

from lxml import etree

from schemas.errors import ArenaError
from schemas.issues import Issue, issue

_DECLARATION = re.compile(r"^\s*<\?xml[^>]*?\?>")
_ENCODING = re.compile(r"""\bencoding\s*=\s*(["'])([^"']*)\1""")
_ASCII_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']""")
_ACCEPTED = {"utf-8": "utf-8", "utf8": "utf-8", "us-ascii": "ascii", "ascii": "ascii",
             "iso-8859-1": "latin-1", "latin-1": "latin-1", "latin1": "latin-1",
             "utf-16": "utf-16", "utf-16le": "utf-16-le", "utf-16be": "utf-16-be",
             "utf-32": "utf-32", "utf-32le": "utf-32-le", "utf-32be": "utf-32-be"}
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"))
_UTF16_NO_BOM = ((b"<\x00?\x00", "utf-16-le"), (b"\x00<\x00?", "utf-16-be"))


#: Deepest element nesting lxml parses without its "huge tree" mode (which would also lift
#: its other size limits): deeper documents are ``input.too_deep``.
MAX_DEPTH = 256


def root_tag(data: bytes) -> str | None:
    """The tag of the first element of ``data`` (after :func:`safe_xml_bytes`), read without
    parsing the rest: what a document too deep or too broken to parse says it is."""
    try:
        clean = tinyxml_leniencies(safe_xml_bytes(data))[0]
        parser = etree.XMLPullParser(events=("start",), resolve_entities=False,
                                     no_network=True, load_dtd=False)
        for start in range(0, min(len(clean), 1 << 16), 256):
            parser.feed(clean[start:start + 256])
            for _, el in parser.read_events():
                return el.tag if isinstance(el.tag, str) else None
    except (XmlError, etree.XMLSyntaxError):
        return None
    return None


class XmlError(ArenaError, ValueError):
    """XML that is refused or cannot be parsed; ``code`` is a stable issue code."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def safe_xml_bytes(data: bytes, issues: list[Issue] | None = None) -> bytes:
    """``data`` decoded and re-encoded as UTF-8 without its encoding declaration.

    Repairs (NUL characters removed) are appended to ``issues`` as warnings.

    Raises:
        XmlError: ``xml.encoding.unsupported``, ``xml.encoding.invalid`` or ``xml.doctype``.
    """
    text = _decode(data)
    if "\x00" in text:
        if issues is not None:
            issues.append(issue("xml.nul_bytes", "NUL characters removed before parsing",
                                location="file"))
        text = text.replace("\x00", "")
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise XmlError("xml.doctype", "DOCTYPE/ENTITY declarations are not allowed")
    match = _DECLARATION.match(text)
    if match:
        head = _ENCODING.sub("", match.group(0))
        text = head + text[match.end():]
    return text.encode("utf-8")


def parse_xml(data: bytes, *, recover: bool = False,
              issues: list[Issue] | None = None) -> etree._Element:
    """The root element of ``data`` after :func:`safe_xml_bytes`.

    ``recover`` parses broken files as far as lxml can (for lenient reference listing).

    Raises:
        XmlError: refused (see :func:`safe_xml_bytes`) or not well-formed (``xml.malformed``).
    """
    clean = safe_xml_bytes(data, issues)
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                             huge_tree=False, recover=recover, remove_comments=True,
                             remove_pis=True)
    try:
        root = _parse(clean, parser, issues)
    except XmlError as exc:
        repaired, fixes = tinyxml_leniencies(clean)
        if exc.code != "xml.malformed" or not fixes:
            raise
        try:
            root = _parse(repaired, parser, issues)
        except XmlError:
            raise exc from None
        if issues is not None:
            issues.append(issue("xml.repaired", f"not well-formed XML that TinyXML-2 "
                                f"(urdfdom's and MuJoCo's parser) reads: {'; '.join(fixes)}",
                                location="file"))
    if root is None:
        raise XmlError("xml.malformed", "no XML element found")
    if root.getroottree().docinfo.internalDTD is not None:
        raise XmlError("xml.doctype", "DOCTYPE/ENTITY declarations are not allowed")
    return root


def _parse(clean: bytes, parser: etree.XMLParser,
           issues: list[Issue] | None) -> etree._Element:
    try:
        return etree.fromstring(clean, parser=parser)
    except etree.XMLSyntaxError as exc:
        if "Excessive depth" in str(exc):
            raise XmlError("input.too_deep", f"elements nest deeper than {MAX_DEPTH} levels, "
                           "the most the XML reader follows") from None
        return _with_prefixes_declared(clean, parser, exc, issues)


def tinyxml_leniencies(clean: bytes) -> tuple[bytes, list[str]]:
    """``clean`` (from :func:`safe_xml_bytes`) with what TinyXML-2 reads and XML forbids
    repaired, and what was: comments holding ``--`` (a myosuite leg's), which are dropped
    like every comment, and attributes with no space between them
    (``name="exoUpperarm"type="box"``), which get one. Nothing else is repaired.

    Raises:
        XmlError: ``xml.doctype`` when dropping a comment would reveal a DOCTYPE.

    Example:
        >>> tinyxml_leniencies(b'<a><!-- x -- y --><b c="1"d="2"/></a>')
        (b'<a><b c="1" d="2"/></a>', ["'--' inside a comment", 'attributes with no space between them'])
    """
    fixes, text = [], clean
    if any(b"--" in m.group(1) for m in _COMMENT.finditer(text)):
        text = _COMMENT.sub(b"", text)
        if b"<!DOCTYPE" in text or b"<!ENTITY" in text:
            raise XmlError("xml.doctype", "DOCTYPE/ENTITY declarations are not allowed")
        fixes.append("'--' inside a comment")
    glued = _TAG.sub(lambda m: _GLUED.sub(rb"\1 ", m.group(0)), text)
    if glued != text:
        text = glued
        fixes.append("attributes with no space between them")
    return text, fixes


_COMMENT = re.compile(rb"<!--(.*?)-->", re.DOTALL)
_TAG = re.compile(rb"<[A-Za-z_][^<>]*>")
_GLUED = re.compile(rb"""(=\s*(?:"[^"]*"|'[^']*'))(?=[A-Za-z_:])""")


def _with_prefixes_declared(clean: bytes, parser: etree.XMLParser, exc: etree.XMLSyntaxError,
                            issues: list[Issue] | None) -> etree._Element:
    """The root of ``clean`` parsed again with the prefixes that ``exc`` found undeclared
    declared on its root element; ``xml.malformed`` when that is not the only problem."""
    errors = [e for e in parser.error_log if e.level_name in ("ERROR", "FATAL")]
    found = [_UNDECLARED.search(e.message) if e.type_name == "NS_ERR_UNDEFINED_NAMESPACE"
             else None for e in errors]
    prefixes = sorted({m.group(1) for m in found if m is not None})
    start = _ROOT_START.search(clean) if errors and None not in found else None
    if start is None:
        raise XmlError("xml.malformed", f"not well-formed XML ({exc})") from None
    declared = b"".join(b' xmlns:%s="urn:arena:undeclared:%s"' % (p.encode(), p.encode())
                        for p in prefixes)
    try:
        root = etree.fromstring(clean[:start.end(1)] + declared + clean[start.end(1):],
                                parser=parser)
    except etree.XMLSyntaxError:
        raise XmlError("xml.malformed", f"not well-formed XML ({exc})") from None
    if issues is not None:
        issues.append(issue("xml.namespace.undeclared",
                            f"namespace prefix(es) {', '.join(prefixes)} used without an xmlns "
                            "declaration; what they name is not read", location="file"))
    return root


_UNDECLARED = re.compile(r"Namespace prefix ([A-Za-z_][\w.-]*) ")
#: The root element's start tag (after the declaration, comments and processing
#: instructions; the text is free of DTDs): group 1 ends at its name.
_ROOT_START = re.compile(rb"(?:<\?.*?\?>|<!--.*?-->|\s)*(<[A-Za-z_][\w.:-]*)", re.DOTALL)


def _decode(data: bytes) -> str:
    codec = next((name for bom, name in _BOMS if data.startswith(bom)), None)
    if codec is None:
        codec = next((name for start, name in _UTF16_NO_BOM if data.startswith(start)), None)
    declared = None
    if codec is None:
        declared = _ASCII_ENCODING.match(data)
        name = declared.group(1).decode("ascii", "replace").strip() if declared else "utf-8"
        codec = _ACCEPTED.get(name.lower())
        if codec is None:
            raise XmlError("xml.encoding.unsupported", f"XML declared in encoding {name!r}; "
                           "only UTF-8, ASCII, Latin-1, UTF-16 and UTF-32 are read")
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        if declared is None and codec == "utf-8":  # no BOM, no declaration: not XML text
            raise XmlError("xml.malformed", f"not XML text: invalid UTF-8 at byte "
                           f"{exc.start}") from None
        raise XmlError("xml.encoding.invalid", f"the bytes are not valid {codec} "
                       f"(at byte {exc.start})") from None
