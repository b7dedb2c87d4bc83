"""The error of a source location that cannot be turned into a verified local file or folder.

Its own module so that :mod:`flows.fetch` and :mod:`flows.packages` (the installed-package
locations that fetch resolves) both raise it without importing each other.
"""

from __future__ import annotations

from schemas.errors import ArenaError


class FetchError(ArenaError, RuntimeError):
    """A location that could not be turned into a verified local file or folder.

    ``code`` is a ``fetch.*`` code of the catalog (``schemas/issue_codes.yaml``); the message names the URL or path.
    """

    def __init__(self, code: str, message: str):
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")
