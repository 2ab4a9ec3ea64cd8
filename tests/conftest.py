"""Test-wide settings: Hypothesis is derandomised under CI so a run is reproducible."""

from __future__ import annotations

import os

from hypothesis import settings

# Locally Hypothesis explores new random examples on every run (and keeps failures in
# .hypothesis/); under CI the same examples are drawn every time, so a red CI run is
# reproducible and never caused by a lucky draw.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
