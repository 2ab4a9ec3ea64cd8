"""Columns of a table that hold readings of the moment (draw, temperature) or settings, no ratings."""

from __future__ import annotations

from dataclasses import dataclass

from factlint.claims.fastre import FoldedPattern

_POWER = "watt"  # the unit a power column's header names ("PWR(W)", "Power (W)")


@dataclass(frozen=True)
class ReadingWords:
    """Header words that tell readings, settings and ratings apart."""

    reading: FoldedPattern  # "| power_draw_w |", "| Temp (C) |": a runtime reading
    measured_peak: FoldedPattern  # "| measured_peak_w |": a measured peak, no reading
    setting: FoldedPattern  # "| power_limit_w |", "| CAP(W) |": beside readings, an operator's setting
    rated: FoldedPattern  # "| TDP (W) |", "| Rated power |": a rating, also beside readings
    idle: FoldedPattern  # "| Idle (W) |": a reading at rest, which a benchmark's table writes too
    ratio: FoldedPattern  # "| Speedup |", "measured speedup": a multiplier, a finding and no reading


def reading_columns(
    headers: tuple[str, ...], units: tuple[tuple[str, str] | None, ...], words: ReadingWords
) -> tuple[bool, ...]:
    """Return, per column, whether it holds a runtime reading, or () for a table holding none.

    A table with a reading column (a temperature, a utilisation, a usage) is a snapshot of live
    devices (``nvidia-smi``, ``amd-smi``, a vendor's ``show accelerators``): beside it an operator's
    setting ("power_limit_w", "CAP(W)") is what the device was set to, and a power column naming no
    rating ("PWR(W)", "Power (W)") is what it drew at that moment. A rating's column ("TDP (W)",
    "Rated power") keeps its figures, and so does a benchmark's table whose only reading is taken
    at rest ("| Load (W) | Idle (W) |": the load column is a measured draw, a finding).
    """
    # a measured peak or multiplier ("measured speedup") is a finding about the product, no reading
    readings = tuple(
        bool(words.reading.search(header))
        and not words.measured_peak.search(header)
        and not words.ratio.search(header)
        for header in headers
    )
    if not any(readings):
        return _settings_beside_ratings(headers, words)
    # a benchmark's "| Load (W) | Idle (W) |" measures its load; only readings of the moment make a snapshot
    live = any(
        reading and not words.idle.search(header) for reading, header in zip(readings, headers, strict=True)
    )
    return tuple(
        reading
        or bool(words.setting.search(header))
        or (live and unit is not None and unit[1] == _POWER and not words.rated.search(header))
        for reading, header, unit in zip(readings, headers, units, strict=True)
    )


def _settings_beside_ratings(headers: tuple[str, ...], words: ReadingWords) -> tuple[bool, ...]:
    """Return, per column, whether it is an operator's setting beside a rating, or () for none.

    A record that states a device's rating ("gpu_tdp_w", "| TDP (W) |") and also a cap or limit
    ("gpu_power_cap_w", "| Power cap (W) |") gives the limit the operator set, not a second rating;
    a limit that is itself a rating ("max_power_limit_w") stays one.
    """
    rated = tuple(bool(words.rated.search(header)) for header in headers)
    settings = tuple(
        bool(words.setting.search(header)) and not rating
        for header, rating in zip(headers, rated, strict=True)
    )
    return settings if any(settings) and any(rated) else ()
