# salt/neuron_fleet/init.sls -- state for the inference fleet (managed by salt-master 3007.1)
# Pillar keys carry their units in the name; see pillar/neuron_fleet.sls. Rev 17, 2026-11-18.
{% set fleet = salt['pillar.get']('neuron_fleet', {}) %}
{% set sdk_version = '2.21.0' %}

# --- accelerator facts used by the capacity dashboards (vendor figures) -----------------
neuron_fleet_facts:
  grains.present:
    - name: accel_catalog
    - value:
        inf2.24xlarge:
          accel_model: Inferentia2
          accel_count: 6
          accel_mem_gb_each: 32
          accel_mem_gb_total: 192
          network_gbps: 50
          on_demand_hourly_usd: 6.49
          ri_1y_hourly_usd: 4.09
          ri_1y_discount_pct: 37
          host_ram_gib: 384            # host DDR, not accelerator memory
        Inferentia2:
          neuroncores_per_chip: 2
          hbm_bw_tbs: 0.82
          bf16_tflops: 190
          fp8_tflops: 190              # same peak as BF16 per the Neuron docs
          announced: '2022-11'         # re:Invent 2022 announcement
        Trn2:
          accel_model: Trainium2
          accel_count: 16
          network_tbps: 3.2            # EFAv3, total per instance
          on_demand_hourly_usd: 46.01  # listed Dec 2024
        Trainium2:
          hbm_gb: 96
          hbm_bw_tbs: 2.9
          fp8_tflops_dense: 1299
          fp8_tflops_sparse: 2563      # FIX: was 2600 in rev 16 (rounded), vendor says 2,563
          neuroncores_per_chip: 8
          process_nm: 5                # refuted "3 nm" from a news piece removed in rev 15
        Trn2 UltraServer:
          accel_count: 64
          fp8_pflops_dense: 83.2
          released: '2025-07'          # GA in us-east-2 (Ohio) per the AWS news blog

# --- host side: nothing below is an accelerator figure ----------------------------------
neuron_driver:
  pkg.installed:
    - name: aws-neuronx-dkms
    - version: {{ sdk_version }}
  service.running:
    - name: neuron-monitor
    - enable: True

neuron_power_cap:
  cmd.run:
    - name: neuron-ls --set-power-cap 400   # our own cap for the rack budget, not a rating
    - unless: test -f /etc/neuron/cap-400

/etc/neuron/fleet.conf:
  file.managed:
    - mode: '0644'
    - contents: |
        # rendered by salt; 4 workers per node, 12 nodes in rack R07
        max_batch = 32
        idle_watts_observed = 88
        model = llama-3.1-70b
