//! accel_catalog -- static device table of the `sched-lite` batch scheduler.
//!
//! Units live in the field names: `mem_gb` (device memory, GB), `mem_bw_tbs` (TB/s),
//! `sram_mb` (on-chip SRAM, MB), `tflops` (with a `Precision` and a `Sparsity`), `tdp_w`
//! (board power of one card), `node_nm`, `cores`, `chips`. Host memory is not tracked here.
//! Crate 0.9.3, MSRV 1.78; regenerated 2026-11-21 from sheets@4e1b9c0 (see CHANGELOG #57).

use crate::types::{Accel, Kind, Peak, Pool, Precision::*, Sparsity::*};

pub const SCHEMA: u32 = 7;
const GIB: u64 = 1 << 30; // only used for host memory in `Pool::host_ram`

pub static ACCELS: &[Accel] = &[
    Accel {
        name: "Bow IPU", kind: Kind::Chip,
        cores: Some(1472), sram_mb: Some(900.0), mem_gb: None, // no on-package DRAM
        peaks: &[Peak { prec: FP16, sparsity: Dense, tflops: 350.0 }],
        node_nm: Some(7), // 7 nm logic die, bonded wafer-on-wafer to a power die
        released: Some("2022-03"), ..Accel::EMPTY
    },
    Accel {
        name: "Bow-2000", kind: Kind::Server, chips: Some(4),
        mem_gb: Some(256.0), // "up to 256 GB" of streaming memory per the brochure
        peaks: &[Peak { prec: FP16, sparsity: Dense, tflops: 1400.0 }],
        ..Accel::EMPTY
    },
    Accel {
        name: "Bow Pod64", kind: Kind::Pod, chips: Some(64),
        peaks: &[Peak { prec: FP16, sparsity: Dense, tflops: 22400.0 }], // 22.4 PFLOPS
        ..Accel::EMPTY
    },
    Accel {
        name: "RNGD", kind: Kind::Chip,
        mem_gb: Some(48.0), mem_bw_tbs: Some(1.5), sram_mb: Some(256.0),
        peaks: &[
            Peak { prec: FP8, sparsity: Dense, tflops: 512.0 },
            Peak { prec: INT8, sparsity: Dense, tflops: 512.0 }, // TOPS for integer formats
        ],
        tdp_w: Some(150.0), node_nm: Some(5), ..Accel::EMPTY
    },
    Accel {
        name: "p150b", kind: Kind::Card, chips: Some(1),
        mem_gb: Some(32.0), mem_bw_tbs: Some(0.512),
        peaks: &[Peak { prec: FP8, sparsity: Unknown, tflops: 774.0 }],
        tdp_w: Some(300.0), // CORRECTED 2026-10: was 350.0, the p150a's old sheet value
        ..Accel::EMPTY
    },
    Accel {
        name: "Blackhole", kind: Kind::Chip, cores: Some(140), // Tensix cores
        sram_mb: Some(210.0), node_nm: Some(6), ..Accel::EMPTY
    },
    Accel {
        name: "Blackhole Galaxy", kind: Kind::Server, chips: Some(32),
        mem_gb: Some(1024.0), // 32 x 32 GB GDDR6
        ..Accel::EMPTY
    },
    Accel {
        name: "Jetson T5000", kind: Kind::Card, mem_gb: Some(128.0), mem_bw_tbs: Some(0.273),
        peaks: &[Peak { prec: FP4, sparsity: Sparse, tflops: 2070.0 }],
        tdp_w_range: Some((40.0, 130.0)), released: Some("2025-08"), ..Accel::EMPTY
    },
    Accel {
        name: "Jetson T4000", kind: Kind::Card, mem_gb: Some(64.0),
        peaks: &[Peak { prec: FP4, sparsity: Sparse, tflops: 1200.0 }],
        tdp_w_range: Some((40.0, 70.0)), ..Accel::EMPTY
    },
    Accel {
        name: "Crescent Island", kind: Kind::Chip,
        mem_gb: Some(160.0), // LPDDR5X; Intel: customer sampling in H2 2026
        announced: Some("2025-10"), ..Accel::EMPTY
    },
    /* Removed in r41: Falcon Shores { mem_gb: 288.0, tdp_w: 1500.0 }. Both numbers came
       from a rumour site and Intel said they were wrong; the product was cancelled. */
    Accel {
        name: "Rebellions REBEL", kind: Kind::Chip,
        mem_gb: Some(144.0), mem_bw_tbs: Some(4.8), // vendor preview, not confirmed
        announced: Some("2024-11"), ..Accel::EMPTY
    },
];

pub static POOLS: &[Pool] = &[
    // sl.rngd.8: RNGD cards; the spot rate is 60 % below on-demand (usd_hour is per node)
    Pool { id: "sl.rngd.8", accel: "RNGD", chips: 8, usd_hour: 9.20, spot_usd_hour: Some(3.70),
           host_ram: 1024 * GIB, power_cap_w: Some(120.0) }, // our cap, below the 150 W rating
    // sl.bow.4: one Bow-2000. Graphcore quotes 1.4x the performance per watt of the
    // previous IPU-M2000 for this box.
    Pool { id: "sl.bow.4", accel: "Bow-2000", chips: 4, usd_hour: 6.40, spot_usd_hour: None,
           host_ram: 512 * GIB, power_cap_w: None },
];

#[cfg(test)]
mod tests {
    #[test]
    fn catalog_is_sane() {
        assert_eq!(super::SCHEMA, 7);
        assert!(super::ACCELS.len() >= 11 && super::POOLS.len() == 2);
    }
}
