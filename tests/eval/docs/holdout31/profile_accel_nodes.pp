# == Class: profile::accel_nodes
#
# Managed by Puppet (control-repo tag r2026.11.3, Puppet 8.10.0). Do not edit on the hosts.
#
# Units live in parameter names: *_gb accelerator memory, *_tbs memory bandwidth in TB/s,
# *_tflops / *_tops peak throughput, *_mb on-chip SRAM, *_w power, *_usd prices.
# host_ram_gb is the server's DDR, not accelerator memory. power_cap_w is OUR cap, not a rating.
# CHANGES
#   2026-10-14  mi100: accel_mem_gb was 16 (copied from the MI50 16GB row); the MI100 has 32.
#   2026-10-14  mi100: accel_mem_bw_tbs 1.0 came from an old wiki page; AMD's figure is 1.23.
#   2026-10-30  bow: the 3.6 GB in-processor total below is per machine (4 x 900 MB), not per IPU.
#   2026-11-02  a30: a forum post says the A30 is 5 nm. Not true: it is TSMC 7 nm, kept at 7.
#
class profile::accel_nodes (
  String  $exporter_version = '1.8.2',
  Integer $exporter_port    = 9835,
  Hash    $fleet            = lookup('profile::accel_nodes::fleet', Hash, 'deep', {}),
) {
  file { '/etc/accel-exporter/config.yaml':
    mode    => '0644',
    content => epp('profile/accel_exporter.yaml.epp', { 'port' => $exporter_port }),
  }
}

# --- AMD Instinct MI100 nodes (six Supermicro AS-4124GS-TNR) -----------------------------
node /^mi100-0[1-6]\.lab\.fellbridge\.example\.ac\.uk$/ {
  class { 'profile::accel_nodes::gpu_host':
    system_model     => 'AS-4124GS-TNR',
    accel_model      => 'Instinct MI100',
    accel_count      => 8,
    accel_mem_gb     => 32,        # HBM2, per GPU
    accel_mem_bw_tbs => 1.23,      # per GPU
    fp16_tflops      => 184.6,     # peak FP16 matrix, per GPU
    compute_units    => 120,
    board_power_w    => 300,       # AMD TBP
    power_cap_w      => 225,       # summer cap, see RI-2240
    process_nm       => 7,
    announced        => '2020-11-16',
    host_ram_gb      => 1024,
    purchase_usd     => 71500,     # per server, PO 4500017731
  }
  # facter accel_idle_w on mi100-03 (2026-11-01): 37
}

# --- Graphcore Bow-2000 IPU-Machines ------------------------------------------------------
node 'bow-01.lab.fellbridge.example.ac.uk', 'bow-02.lab.fellbridge.example.ac.uk' {
  class { 'profile::accel_nodes::ipu_host':
    ipu_machine          => 'Bow-2000',
    ipu_model            => 'Bow IPU',
    ipu_count            => 4,
    in_processor_mem_mb  => 900,    # SRAM per Bow IPU
    in_processor_total_gb => 3.6,   # per machine
    streaming_mem_gb     => 256,    # DDR4 streaming memory per machine
    fp16_tflops_machine  => 1400,   # "1.4 petaFLOPS FP16.16" per machine
    ipu_cores            => 1472,   # tiles per IPU
    process_nm           => 7,      # TSMC 7 nm, wafer-on-wafer
    announced            => '2022-03',
    host_ram_gb          => 512,
  }
}

# --- Tenstorrent TT-LoudBox (four n300s cards, two Wormhole ASICs each) --------------------
node 'tt-loud-01.lab.fellbridge.example.ac.uk' {
  class { 'profile::accel_nodes::tt_host':
    system_model    => 'TT-LoudBox',
    card_model      => 'n300s',
    card_count      => 4,
    chip_count      => 8,
    card_mem_gb     => 24,         # GDDR6, 12 GB per Wormhole chip
    card_mem_bw_tbs => 0.576,
    card_fp8_tflops => 466,
    card_tensix_cores => 128,
    card_sram_mb    => 192,
    card_power_w    => 300,        # max TBP
    purchase_usd    => 12000,      # whole LoudBox, list price at order time
  }
}

# --- NVIDIA A30 inference nodes (Dell PowerEdge R7525 hosts) -------------------------------
node /^a30-(0[1-9]|1[0-2])\.lab\.fellbridge\.example\.ac\.uk$/ {
  class { 'profile::accel_nodes::gpu_host':
    system_model     => 'PowerEdge R7525',
    accel_model      => 'A30',
    accel_count      => 2,
    accel_mem_gb     => 24,        # HBM2
    accel_mem_bw_tbs => 0.933,
    fp16_tflops      => 165,       # Tensor Core, dense; 330 with sparsity
    int8_tops        => 330,       # dense
    board_power_w    => 165,
    process_nm       => 7,
  }
}

# g5.48xlarge: 8 x A10G with 24 GB each; spot runs about 66% below on-demand (2026-11 average)
$burst = {
  'g5.48xlarge' => { 'gpus' => 8, 'gpu_mem_gb' => 24, 'hourly_usd' => 16.288, 'spot_hourly_usd' => 5.50 },
  'dl1.24xlarge' => { 'accels' => 8, 'accel_mem_gb' => 32, 'hourly_usd' => 13.11 },
}
