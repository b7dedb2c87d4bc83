"""License classes of sources: what a license lets users of the dataset do.

Example:
    >>> classify_license("CC-BY-NC-SA-4.0"), classify_license("GPL-3.0-only")
    ('non-commercial', 'copyleft')
    >>> classify_license("BSD-3-Clause-Clear"), classify_license("NOASSERTION")
    ('permissive', 'unknown')
"""

from __future__ import annotations

import re
from typing import Literal

LicenseClass = Literal["non-commercial", "copyleft", "permissive", "unknown"]

#: License names (upper case) whose terms forbid commercial use.
_NON_COMMERCIAL_NAMES = frozenset(
    {"PARTNET-MOBILITY TERMS", "SAPIEN TERMS", "SHAPENET TERMS", "PARTNET TERMS"}
)
#: Exact SPDX ids (upper case) that are permissive.
_PERMISSIVE_IDS = frozenset(
    {"MIT", "APACHE-2.0", "CC0-1.0", "ZLIB", "ISC", "BSL-1.0", "UNLICENSE", "0BSD"}
)


def classify_license(license_id: str) -> LicenseClass:
    """Return the license class of an SPDX id or a library's terms name.

    ``CC-BY-NC*`` and the PartNet-Mobility/SAPIEN/ShapeNet terms are ``non-commercial``
    (non-commercial wins over share-alike); ``*-SA*`` and ``GPL``/``LGPL``/``AGPL`` are
    ``copyleft``; MIT, Apache-2.0, BSD*, CC-BY-x.y, CC0 and a few other permissive ids are
    ``permissive``; anything else is ``unknown``.
    """
    key = license_id.strip().upper()
    if key.startswith("CC-BY-NC") or key in _NON_COMMERCIAL_NAMES:
        return "non-commercial"
    if re.search(r"-SA(-|$)", key) or re.match(r"^(L|A)?GPL", key):
        return "copyleft"
    if key in _PERMISSIVE_IDS or key.startswith("BSD") or re.match(r"^CC-BY-\d", key):
        return "permissive"
    return "unknown"
