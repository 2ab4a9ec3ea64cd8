# -----------------------------------------------------------------------------
# modules/gpu-pools/main.tf -- accelerator pools of the inference platform
# Owner: platform-infra. Terraform >= 1.7, google ~> 6.14, aws ~> 5.80.
# Last reviewed 2026-02-03 (INFRA-2291). Hardware figures in comments are vendor
# figures unless marked "measured".
# -----------------------------------------------------------------------------

terraform {
  required_version = ">= 1.7.0"
  required_providers {
    google = { source = "hashicorp/google", version = "~> 6.14" }
    aws    = { source = "hashicorp/aws", version = "~> 5.80" }
  }
}

variable "a4x_vm_count" {
  type        = number
  default     = 18
  description = "A4X VMs in the GB200 pool. Each A4X VM has 4 B200 GPUs with 186 GB of HBM3e each (744 GB per VM)."
}

variable "a4x_on_demand_usd_per_hour" {
  type        = number
  default     = 55.41 # list price of one a4x-highgpu-4g, us-central1, checked 2026-01-28
  description = "On-demand price of one A4X VM in USD/hour; feeds the cost dashboard only."
}

variable "p6_b300_count" {
  type    = number
  default = 4
  # p6-b300.48xlarge: 8x B300 (Blackwell Ultra), 2.1 TB of GPU memory in total,
  # 6.4 Tbps of EFA networking, 1,100 W per GPU. The Capacity Block rate was $75.00/h
  # in December; it is $68.80/h since 1 Feb 2026.
}

locals {
  # Pool catalogue. accel_mem_gb is per accelerator (decimal GB), hourly_usd per instance.
  pools = {
    trn2 = {
      instance_type = "trn2.48xlarge" # 16x Trainium2, 1.5 TB HBM in total, 2.9 TB/s per chip
      accel_count   = 16
      accel_mem_gb  = 96
      hourly_usd    = 46.98 # on-demand; a 3-yr savings plan brings it to ~$24.16 (-49%)
    }
    a3u = {
      instance_type = "a3-ultragpu-8g" # 8x H200, 141 GB each, 3,200 Gbps GPU-to-GPU RDMA
      accel_count   = 8
      accel_mem_gb  = 141
      hourly_usd    = 84.81 # on-demand, us-east5; Spot is ~$30.64
    }
    nimbo_mi325x = {
      instance_type = "nb-mi325x-8" # 8x Instinct MI325X, 256 GB HBM3E and 6 TB/s each, 1,000 W each
      accel_count   = 8
      accel_mem_gb  = 256
      hourly_usd    = 17.92 # = $2.24 per GPU-hour, 12-month reservation
    }
    nimbo_l20 = {
      instance_type = "nb-l20-2" # 2x L20, 48 GB GDDR6 and 275 W each. NOT an H20 (96 GB HBM3)
      accel_count   = 2
      accel_mem_gb  = 48
      hourly_usd    = 1.98
    }
  }
  # TODO(kw): the B300 has 288 GB of HBM3e per GPU, not 270 GB as the old wiki page says.
  # Removed 2026-01-12: the H100 pool (a3-highgpu-8g, 8 GPUs per VM) was retired.
}

resource "google_compute_instance_template" "a4x" {
  name_prefix  = "inf-a4x-"
  machine_type = "a4x-highgpu-4g"
  guest_accelerator {
    type  = "nvidia-gb200"
    count = 4
  }
  disk { disk_size_gb = 500, disk_type = "hyperdisk-balanced" }
  network_interface { nic_type = "GVNIC" } # RDMA: 1.6 Tbps per A4X VM for GPU traffic; 2 x 200 Gbps front-end
}

resource "aws_launch_template" "p6_b300" {
  name_prefix   = "inf-p6b300-"
  instance_type = "p6-b300.48xlarge"
  block_device_mappings {
    device_name = "/dev/xvda"
    ebs { volume_size = 1024, volume_type = "gp3", iops = 16000 }
  }
  tags = { CostCenter = "4410", Pool = "b300" }
}

output "pool_summary" {
  description = "Summary for the dashboard (vendor peak figures, not measured)."
  value = {
    b300_fp4_pflops = var.p6_b300_count * 8 * 15  # 15 PF dense FP4 per B300, 8 per instance
    trn2_fp8_pflops = 8 * 16 * 1.299               # 1,299 TFLOPS dense FP8 per Trainium2, 8 instances
    a4x_fp8_note    = "measured 0.71x of vendor peak on our FP8 GEMM test; see INFRA-2302"
  }
}
