"""Text normalization for category matching: tokens, singular forms, normalized keys.

Source vocabularies spell one concept many ways (``WashingMachine``, ``washing_machine``,
``washing machines``, ``Washing-Machine``). :func:`tokens` splits on separators, camelCase
and letter/digit boundaries, lower-cases and singularizes each token;
:func:`normalize` joins the tokens with ``_``. The same function is applied to the
taxonomy's aliases and to the text being matched, so the rules only need to be
consistent, not linguistically perfect.

Example:
    >>> tokens("DishwasherBox__bad_12259")
    ['dishwasher', 'box', 'bad', '12259']
    >>> normalize("Washing-Machines"), normalize("EyeGlasses"), normalize("USB")
    ('washing_machine', 'eye_glass', 'usb')
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")

#: Words that end in "s" in the singular (left unchanged by :func:`singular`).
_KEEP_S = ("ss", "us", "is", "ous")

#: Tokens shorter than this are never singularized ("gas", "bus", "ds").
_MIN_PLURAL_LEN = 4


def singular(word: str) -> str:
    """Return a crude singular of a lower-case ``word`` (deterministic, table-free).

    >>> [singular(w) for w in ["boxes", "batteries", "knives", "shelves", "glasses", "keys"]]
    ['box', 'battery', 'knife', 'shelf', 'glass', 'key']
    """
    if len(word) < _MIN_PLURAL_LEN or not word.endswith("s") or word.endswith(_KEEP_S):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("ives"):
        return word[:-4] + "ife"
    if word.endswith("lves"):
        return word[:-3] + "f"
    if word.endswith(("sses", "ches", "shes", "xes", "zes")):
        return word[:-2]
    return word[:-1]


def tokens(text: str) -> list[str]:
    """Split ``text`` into lower-case singular word tokens (digits are their own tokens)."""
    return [singular(w.lower()) for w in _WORD.findall(text)]


def normalize(text: str) -> str:
    """The normalized key of ``text``: its :func:`tokens` joined by ``_``."""
    return "_".join(tokens(text))
