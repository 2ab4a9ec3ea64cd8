# accel-catalog.nix -- imported by modules/scheduler/federation.nix (flake input `hpcfed`)
# Units live in the attribute names: *_gb decimal GB, *_tbs TB/s, *_gbs GB/s, *_gbps Gb/s,
# *_w watts, *_nm nanometres, *_tflops TFLOPS, *_usd US dollars, *_usd_h US dollars per hour.
# Figures are vendor numbers unless a comment says otherwise. Last edited 2026-11-21 (rev 14).
{ lib, ... }:

let
  GiB = 1024 * 1024 * 1024;
  mkDevice = name: attrs: { inherit name; vendor = "unknown"; notes = [ ]; } // attrs;
in
{
  catalogVersion = "2026.11.2";

  devices = {
    "MI300A" = mkDevice "MI300A" {
      vendor = "amd";
      hbm_gb = 128;
      hbm_tbs = 5.3;
      compute_units = 228;
      fp64_tflops = 61.3;          # vector; the matrix figure is 122.6
      fp16_tflops_dense = 980.6;
      tdp_w = 550;                 # AMD default; configurable up to 760 W
      node_nm = 5;                 # XCDs and CCDs; the 6 nm parts are the I/O dies
      announced = "2023-12";
    };

    "GH200" = mkDevice "GH200" {
      vendor = "nvidia";
      hbm_gb = 96;                 # the 144 GB HBM3e version is another SKU, not in our sites
      lpddr_gb = 480;              # Grace memory; not accelerator memory
      hbm_tbs = 4.0;
      c2c_gbs = 900;               # NVLink-C2C between Grace and Hopper
      fp8_tflops_sparse = 3958;
      module_power_w = [ 450 1000 ];
    };

    "H200" = mkDevice "H200" {
      vendor = "nvidia";
      hbm_gb = 141;
      hbm_tbs = 4.8;
      nvlink_gbs = 900;
      fp8_tflops_sparse = 3958;
      tdp_w = 700;
      node_nm = 4;                 # TSMC 4N; the "3 nm" in rev 12 was simply wrong
      list_usd = 32000;            # our last quote, Q3 2026
      announced = "2023-11";
    };

    "A100 40GB" = mkDevice "A100 40GB" {
      vendor = "nvidia";
      hbm_gb = 40;
      hbm_tbs = 1.555;
      fp16_tflops_dense = 312;
      tdp_w = 400;
      node_nm = 7;
      sm_count = 108;
    };
  };

  sites = {
    tuolumne = {
      system = "Tuolumne";
      device = "MI300A";
      apus = 4608;                 # 1,152 nodes x 4; was 4,096 in rev 13
      peak_fp64_pflops = 288;
      available = "2024-11";
    };
    venado = {
      system = "Venado";
      device = "GH200";
      superchips = 2560;
      peak_fp8_eflops_sparse = 10;   # LANL: "about 10 exaflops" of AI performance
      available = "2024-04";
    };
    polaris = {
      system = "Polaris";
      device = "A100 40GB";
      gpus = 2240;                 # 560 nodes x 4
      peak_fp64_pflops = 44;
      available = "2022-08";
    };
    abci3 = {
      system = "ABCI 3.0";
      device = "H200";
      gpus = 6128;
      peak_fp16_eflops = 6.2;      # AIST: "approximately 6.2 exaflops" half precision
      available = "2025-01";
    };
    cloudBurst = {
      instance = "p5e.48xlarge";
      accel = 8;
      efa_gbps = 3200;
      host_mem_bytes = 2048 * GiB;  # host RAM
      od_usd_h = 39.80;
      ri_1y_usd_h = 27.86;
      ri_discount_pct = 30;
      # spot_usd_h = 12.10;        # removed: that was the p4d price, pasted by mistake
    };
  };
}
