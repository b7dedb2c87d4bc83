"""Issue records: one problem found in one object, with a stable code."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Severity = Literal["error", "warning", "info"]


class Issue(BaseModel):
    """A problem found by a reader, an adapter or a check.

    ``code`` is stable and dotted (``joint.limit.missing``); ``location`` names the element
    (``joint:door_hinge``, ``link:body/visual[0]``, ``file``); ``message`` is for people.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    severity: Severity
    location: str = ""
    message: str
