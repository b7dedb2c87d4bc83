"""Every relative link and anchor in README.md and docs/*.md resolves.

A link is ``[text](target)`` or ``![alt](target)`` outside fenced code blocks and inline code.
``target`` is a path relative to the file (it must exist), optionally with ``#anchor`` (it must
be a heading of the target Markdown file, slugged as GitHub does); external links
(``http:``, ``https:``, ``mailto:``) are not followed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

_FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
_EXTERNAL = ("http://", "https://", "mailto:")


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens.

    >>> slug("Comparing methods: `arena evaluate`")
    'comparing-methods-arena-evaluate'
    """
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """Every heading anchor of a Markdown text, duplicates numbered as GitHub numbers them."""
    seen: dict[str, int] = {}
    out = set()
    for heading in _HEADING.findall(_FENCE.sub("", markdown)):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(markdown: str) -> list[str]:
    """The link targets of a Markdown text, outside code."""
    text = _INLINE_CODE.sub("", _FENCE.sub("", markdown))
    return _LINK.findall(text)


def broken_links(page: Path, root: Path) -> list[str]:
    """``"page: target (why)"`` for each relative link of ``page`` that does not resolve."""
    problems = []
    for target in links(page.read_text(encoding="utf-8")):
        if target.startswith(_EXTERNAL):
            continue
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page.resolve()
        if not dest.exists():
            problems.append(f"{page.relative_to(root)}: {target} (no such file)")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest.read_text("utf-8")):
            problems.append(f"{page.relative_to(root)}: {target} (no heading #{anchor})")
    return problems


def _pages(root: Path) -> list[Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


@pytest.mark.parametrize("page", _pages(REPO), ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_relative_link_resolves(page):
    assert broken_links(page, REPO) == []



def test_checker_finds_broken_files_and_anchors(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A page\n\n## Two words: `code`\n\n## Same\n\n## Same\n")
    (tmp_path / "fig.png").write_bytes(b"")
    (tmp_path / "README.md").write_text(
        "[ok](docs/a.md) [ok](docs/a.md#two-words-code) [ok](docs/a.md#same-1) ![ok](fig.png)\n"
        "[ok](https://example.org/x#y) [ok](#top) `[not a link](nowhere.md)`\n"
        "```\n[not a link](nowhere.md)\n```\n"
        "# Top\n"
        "[bad](docs/missing.md) [bad](docs/a.md#nope) [bad](#nowhere)\n")
    problems = broken_links(tmp_path / "README.md", tmp_path.resolve())
    assert problems == [
        "README.md: docs/missing.md (no such file)",
        "README.md: docs/a.md#nope (no heading #nope)",
        "README.md: #nowhere (no heading #nowhere)",
    ]
