"""Peak ratings in a per-unit record: ``int8_tops=47`` beside ``gpu_model``/``gpu_mem_gb`` is the GPU's.

A configuration record (an inventory group's vars, a manifest's parameters) may name both the
machine it is about (``system_model``) and the accelerator it holds (``gpu_model``). Keys opening
with the chip noun (``gpu_mem_gb``, ``gpu_tdp_w``) are the accelerator's already; a peak compute
key naming no noun at all (``fp16_tensor_tflops``, ``int8_tops``) is too when the record states its
chip figures per unit: a writer who gives each GPU's memory gives each GPU's peak. A record that
sums over its chips (``gpu_mem_total_gb``) states machine totals, so there such a key stays the
machine's, and so does a key naming a machine noun (``fp16_tflops_machine``, ``node_tops``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from factlint.claims.fastre import FoldedPattern


def peak_rate_owned(
    keys: Sequence[str],
    opens_with_noun: Sequence[bool],
    counts: Sequence[bool],
    peak_rate: FoldedPattern,
    total: FoldedPattern,
    names_machine: Callable[[str], bool],
) -> tuple[bool, ...]:
    """Return, per key, True when it is a noun-less peak rating the record's model owns.

    ``opens_with_noun`` marks the keys of the model's chip noun (``gpu_mem_gb``, or a reader's
    ``mem gb per accel``) and ``counts`` the keys
    that count units; the record must hold a per-unit chip key (opening with the noun, neither a
    count nor a total) and no key that sums over the units.
    """
    if any(total.search(key) for key in keys):
        return (False,) * len(keys)
    per_unit = any(opens and not counted for opens, counted in zip(opens_with_noun, counts, strict=True))
    if not per_unit:
        return (False,) * len(keys)
    return tuple(
        not opens and not counted and bool(peak_rate.search(key)) and not names_machine(key)
        for key, opens, counted in zip(keys, opens_with_noun, counts, strict=True)
    )
