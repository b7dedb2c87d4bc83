"""Issue records: one problem found in one object, with a stable code from the catalog.

Build issues with :func:`issue`: it takes the default severity from the catalog
(:mod:`schemas.issue_codes`) and refuses a code that is not there. The accept/reject rule is
:func:`is_error` (and :func:`has_error` over a list), written here once: an object is rejected
exactly when one of its issues is an error. Records derive their status from it
(:class:`schemas.record.VerificationReport`), and :mod:`arena_core.verify.policy` judges with it.

Example:
    >>> found = issue("joint.limit.missing", "revolute joint without <limit>",
    ...               location="joint:hinge", data={"joint": "hinge"})
    >>> found.severity, found.data
    ('error', {'joint': 'hinge'})
    >>> is_error(found), has_error([issue("joint.axis.non_unit", "axis of length 2")])
    (True, False)
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    JsonValue,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from schemas.issue_codes import lookup

Severity = Literal["error", "warning", "info"]


class Issue(BaseModel):
    """A problem found by a reader, an adapter or a check.

    ``code`` is stable and dotted (``joint.limit.missing``, listed in
    ``schemas/issue_codes.yaml``); ``location`` names the element (``joint:door_hinge``,
    ``link:body/visual[0]``, ``file``); ``message`` is for people; ``data`` holds the
    facts behind the message for programs (the joint name, the measured value, the limit),
    JSON values only. ``data`` is left out of dumps when it is ``None``, so records written
    before it existed and records without data read and write the same.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    severity: Severity
    location: str = ""
    message: str
    data: dict[str, JsonValue] | None = None

    def __hash__(self) -> int:  # frozen and hashable like before, ``data`` included
        facts = None if self.data is None else json.dumps(self.data, sort_keys=True, default=str)
        return hash((self.code, self.severity, self.location, self.message, facts))

    @model_serializer(mode="wrap")
    def _drop_empty_data(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        out = handler(self)
        if out.get("data") is None:
            out.pop("data", None)
        return out


def issue(code: str, message: str, *, severity: Severity | None = None, location: str = "",
          data: dict[str, JsonValue] | None = None) -> Issue:
    """An :class:`Issue` with ``code``'s default severity unless ``severity`` is given.

    Raises:
        schemas.issue_codes.UnknownIssueCode: ``code`` is not in the catalog.
    """
    default = lookup(code).severity
    return Issue(code=code, severity=severity or default, location=location, message=message,
                 data=data)


def is_error(item: Issue) -> bool:
    """The accept/reject rule: whether ``item`` rejects its object (severity ``error``)."""
    return item.severity == "error"


def has_error(issues: Iterable[Issue]) -> bool:
    """Whether any of ``issues`` rejects its object (:func:`is_error`)."""
    return any(is_error(i) for i in issues)
