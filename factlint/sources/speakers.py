"""Who speaks on a time-stamped line: a chat's speaker, never a log's level or source.

A chat line names its writer after the stamp (``[09:14] <dana> ...``, ``09:14 Dana Lee: ...``); a
log line names a level or the program that wrote it (``... INFO: ...``, ``... kernel: ...``,
``... sshd[812]: ...``), or nobody at all (``[12:01:33] WARN disk 3 ...``). The levels and sources
are the ``log_sources`` of ``chatlines.yaml``, shared by the chat-export and plain-text readers.
"""

from __future__ import annotations

import re
from functools import cache

from factlint.sources.packaged import packaged_file

# A name of one to three words before a colon ("dana.k:", "Kevin Lau:"), or an IRC nick in angle
# brackets with its mode sign ("<@dana>"). A stamp followed by anything else names no one.
_NAME_WORD = r"[^\s:<>\[\]\"“]{1,32}"
_SPEAKER = re.compile(
    r"[ \t]*(?:<[ \t]?[@+%~&]?(?P<nick>[^>\s]{1,32})>"
    rf"|@?(?P<name>{_NAME_WORD}(?:[ \t]{_NAME_WORD}){{0,2}}):(?=\s|$))"
)


@cache
def _log_sources() -> re.Pattern[str]:
    return packaged_file("factlint.sources", "chatlines.yaml").alternation("log_sources")


def is_log_source(name: str) -> bool:
    """Return True when ``name``, where a writer would stand, is a log's level or source
    ("INFO", "WARN disk 3", "kernel", "sshd[812]", "app.worker.pool")."""
    return _log_sources().fullmatch(name.strip()) is not None


def speaker(text: str) -> str | None:
    """Return the writer that ``text`` (a line after its time stamp) opens with, or None when it
    opens with no writer's shape or with a log's level or source."""
    match = _SPEAKER.match(text)
    if match is None:
        return None
    name = match.group("nick") or match.group("name")
    return None if is_log_source(name) else name
