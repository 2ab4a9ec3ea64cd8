-- accel_catalog.lua: device catalogue of the broker's placement plugin (Lua 5.4)
-- Loaded by placement.lua through require("accel_catalog"); edit in git, never on the hosts.
-- Units live in the key names: *_gb = GB of device memory, *_tbs = TB/s, *_w = watts,
-- *_tflops / *_tops = per chip unless the table is a system, *_usd_hr = USD per hour.
-- host_* keys describe the host machine, not the accelerator. Maintainer: platform-sched, rev 41.

local GiB = 1024 ^ 3

local M = {}

M.schema_version = 7
M.updated = "2026-11-23"

M.chips = {
  ["Trainium3"] = {
    vendor = "AWS",
    node_nm = 3,
    -- node_nm = 2,   -- from a supply-chain note; AWS never said so, left disabled on purpose
    hbm_gb = 144,
    hbm_tbs = 4.9,
    fp8_dense_tflops = 2520,
    announced = "2025-12",
    ga = "2025-12",
  },
  ["TPU v7"] = {                     -- Ironwood
    vendor = "Google",
    node_nm = nil,                   -- not disclosed
    hbm_bytes = 192 * GiB,           -- the placement code wants bytes
    hbm_tbs = 7.37,
    fp8_dense_tflops = 4614,
    ici_tbps = 9.6,                  -- bidirectional, per chip
    perf_per_watt_vs_v6e = 2.0,      -- Google's figure against Trillium
    announced = "2025-04",
    ga = "2025-11",
  },
  ["Maia 200"] = {
    vendor = "Microsoft",
    node_nm = 3,
    hbm_gb = 216,                    -- was 256 before rev 41 (typo in the import)
    hbm_tbs = 7.0,
    sram_mb = 272,
    fp4_pflops = 10,                 -- Microsoft: "over 10 petaFLOPS"
    fp8_pflops = 5,                  -- and "over 5" at FP8
    tdp_w = 750,
    announced = "2026-01",
  },
  ["MTIA v2"] = {
    vendor = "Meta",
    node_nm = 5,
    lpddr_gb = 128,                  -- LPDDR5 is this chip's only device memory
    lpddr_gbs = 204.8,
    sram_mb = 256,
    int8_dense_tops = 354,
    int8_sparse_tops = 708,
    tdp_w = 90,
    perf_vs_v1 = 3,                  -- Meta: "up to 3x" MTIA v1 on its four key models
  },
}

M.systems = {
  ["Trn3 UltraServer"] = {
    chips = 144,
    hbm_tb_total = 20.7,
    fp8_pflops_total = 362,
    hbm_tbs_total = 706,
  },
  ["TPU v7 pod"] = {
    chips = 9216,
    fp8_eflops_total = 42.5,
  },
  ["trn2.48xlarge"] = {
    chips = 16,
    hbm_gb_total = 1536,
    efa_gbps = 3200,
    host_mem_gib = 2048,             -- host DDR5, ignore for placement
    od_usd_hr = 46.00,
    spot_usd_hr = 18.40,
    savings_plan_1y_usd_hr = 32.20,  -- 30 % below on-demand
  },
}

M.pools = {
  ["iad-t3-a"] = { ultraservers = 2, chips = 2 * 144, chips_total = 288 },
  ["pdx-tr2-b"] = { instances = 24, power_cap_w = 600, idle_w_seen = 95 },  -- our cap, not AWS's
}

return M
