"""Line comments of configuration and data files (TOML, Protocol Buffers text format): their shape and
how consecutive ones group into the note they write together."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

RULE = re.compile(r"[\s\-=#*~_+/.]*")  # a comment that only draws a line: "# ------"


@dataclass(frozen=True)
class Comment:
    """A ``#`` comment's text (past the mark and its blanks), its place, and whether code stands
    before it on its line."""

    text: str
    line: int
    column: int
    trailing: bool


def comment_runs(
    comments: Sequence[Comment], skipped: Callable[[str], object] | None = None
) -> list[list[Comment]]:
    """Return the comments in runs: full-line comments on consecutive lines join. A comment that only
    draws a rule, and one ``skipped`` accepts (a tooling directive), ends a run and is left out, as a
    blank line would."""
    runs: list[list[Comment]] = []
    previous: Comment | None = None
    for comment in comments:
        if RULE.fullmatch(comment.text) or (skipped is not None and skipped(comment.text)):
            previous = None
            continue
        if (
            previous is not None
            and not comment.trailing
            and not previous.trailing
            and comment.line == previous.line + 1
        ):
            runs[-1].append(comment)
        else:
            runs.append([comment])
        previous = comment
    return runs
