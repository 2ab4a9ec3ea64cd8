"""Spec catalogue of China-market AI accelerators for the export-screening notebook.

Figures are vendor figures unless a comment says otherwise. Units live in the field names
(``mem_gb``, ``bw_tbs``, ``tdp_w``, ``int8_tops``, ``fp16_tflops``, ``node_nm``); dates are ISO
strings as precise as the source. Last reviewed 2026-02-27 by the screening desk (SCR-2291).
"""
from dataclasses import dataclass, field
from typing import Optional

SCHEMA_VERSION = 4
TPP_THRESHOLD = 4800  # ECCN 3A090 line in the rules, not a device figure


@dataclass(frozen=True)
class Accel:
    name: str
    vendor: str
    form: str  # "chip", "card" or "module"
    mem_gb: Optional[float] = None
    bw_tbs: Optional[float] = None
    tdp_w: Optional[int] = None
    int8_tops: Optional[float] = None
    fp16_tflops: Optional[float] = None
    node_nm: Optional[int] = None
    announced: Optional[str] = None
    notes: list[str] = field(default_factory=list)


CATALOG: dict[str, Accel] = {
    "mlu370-x8": Accel(
        name="MLU370-X8",
        vendor="Cambricon", form="card",
        mem_gb=48,  # LPDDR5 for the whole card: two MLU370 chips with 24 GB each
        bw_tbs=0.6144,  # TODO: a distributor PDF says 768 GB/s; Cambricon's deck says 614.4 GB/s
        tdp_w=250,
        int8_tops=256,
        node_nm=7, announced="2022-03",
        notes=["MLU-Link bridge between the two chips on the card"],
    ),
    "mlu370-s4": Accel(
        name="MLU370-S4",
        vendor="Cambricon", form="card",
        mem_gb=24,
        bw_tbs=0.3072,
        tdp_w=75,
        # CORRECTION 2026-02-27: int8_tops was 256 here (that is the MLU370-X4's figure).
        int8_tops=192,
        fp16_tflops=72,
        # half-height, half-length, single slot
        announced="2021-11",  # the MLU370 chip itself was unveiled in November 2021
    ),
    "mlu290": Accel(
        name="MLU290-M5",
        vendor="Cambricon", form="module",  # OAM module with one MLU290 chip
        mem_gb=32,  # HBM2
        bw_tbs=1.23,
        tdp_w=350,
        int8_tops=512,
        notes=["1024 TOPS INT4", "street price about CNY 80,000 (~$11,000), unverified"],
    ),
    "ascend-310": Accel(
        name="Ascend 310",
        vendor="Huawei", form="chip",
        tdp_w=8,
        int8_tops=22,
        node_nm=12, announced="2018-10",
        # The Atlas 300I card carries four of these; card figures are not in this catalogue.
    ),
    "kunlun-ii": Accel(
        name="Kunlun II",
        vendor="Kunlunxin (Baidu)", form="chip",
        mem_gb=32,  # GDDR6 -- taken from a press report, Kunlunxin has not confirmed it
        int8_tops=256,
        # no card entry yet (R200 is a TODO)
        notes=["mass production since August 2021", "3x the performance of Kunlun I (vendor)"],
    ),
    "hanguang-800": Accel(
        name="Hanguang 800",
        vendor="T-Head (Alibaba)", form="chip",
        node_nm=12, announced="2019-09-25",
        # 78,563 IPS on ResNet-50 is a benchmark score, not a rate we screen on.
    ),
    "br104": Accel(
        name="BR104",
        vendor="Biren", form="chip",
        mem_gb=32,  # HBM2e
        bw_tbs=0.819,
        tdp_w=300,
        int8_tops=1024,  # Biren quotes INT8 with sparsity; about 512 TOPS dense
        node_nm=7, announced="2022-08",
        # An older draft had 64 GB for the BR104. That is the BR100's capacity; fixed in rev 3.
    ),
}


def tpp(a: Accel) -> Optional[float]:
    """Total processing performance as the rule defines it (bit length x TOPS)."""
    if a.int8_tops is None:
        return None
    return 8 * a.int8_tops
