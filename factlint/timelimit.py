"""A wall-clock limit on one document's reading or extraction.

A pathological input (a reader's worst case, a line of 100,000 spaces, a regular expression that
backtracks) must not hold up a whole CI run: past the limit the document is reported as an error
naming it, and the other documents go on. The limit is an interval timer (``SIGALRM``), so it
works in the main thread of a process, which is where documents are read and extracted (worker
processes run their tasks in their main thread too). Where there is no ``SIGALRM`` (Windows) or
outside the main thread, there is no limit. A timer the caller had set is suspended during the
limit and goes on afterwards with the time it had left.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class DocumentTimeout(Exception):
    """Raised inside the work on a document that ran past its time limit."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"stopped after {seconds:g} s, the per-document limit (raise it with --timeout)")
        self.seconds = seconds


def can_limit() -> bool:
    """Return True when this process and thread can enforce a time limit."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Run the body under a wall-clock limit; raise DocumentTimeout inside it when the limit passes.

    ``seconds`` of 0 (or a platform without interval timers) means no limit.
    """
    if seconds <= 0 or not can_limit():
        yield
        return

    def _expire(signum: int, frame: FrameType | None) -> None:
        raise DocumentTimeout(seconds)

    previous = signal.signal(signal.SIGALRM, _expire)
    started = time.monotonic()
    earlier_delay, earlier_interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if earlier_delay > 0:
            # a timer the caller had set goes on with what was left of it (at once if it is due)
            left = earlier_delay - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-6), earlier_interval)
