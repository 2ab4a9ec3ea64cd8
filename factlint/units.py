"""Unit conversion backed by pint, with the few units pint lacks (FLOPS, USD, multiples)."""

from __future__ import annotations

from functools import lru_cache

import pint

_DEFINITIONS = (
    "FLOPS = [compute]",
    "USD = [currency]",
    "multiple = [] = x",
)


@lru_cache(maxsize=1)
def registry() -> pint.UnitRegistry:
    """Return the shared unit registry, extended with compute, currency and multiples."""
    units: pint.UnitRegistry = pint.UnitRegistry(cache_folder=None)
    for definition in _DEFINITIONS:
        units.define(definition)
    return units


@lru_cache(maxsize=4096)
def conversion_factor(from_unit: str, to_unit: str) -> float | None:
    """Return the factor that converts ``from_unit`` to ``to_unit`` (pint expressions).

    Returns ``None`` when the units measure different things (GB and TB/s) or an
    expression is not understood, so callers can treat that as "not this attribute".
    """
    units = registry()
    try:
        return float(units.Quantity(1.0, from_unit).to(to_unit).magnitude)
    except (pint.errors.DimensionalityError, pint.errors.UndefinedUnitError, AttributeError, ValueError):
        return None


@lru_cache(maxsize=4096)
def dimensionality(unit: str) -> str:
    """Return pint's dimensionality of a unit expression as a string, e.g. '[length]'."""
    return str(registry().Quantity(1.0, unit).dimensionality)
