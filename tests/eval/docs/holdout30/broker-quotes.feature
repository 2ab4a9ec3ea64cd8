# language: en
# features/quotes/broker-quotes.feature -- capacity broker acceptance tests (behave 1.2.6)
@broker @quotes @release-2026.11
Feature: Quote accelerator shapes from the provider catalogs
  In order to compare offers from three clouds fairly
  As a capacity planner
  I want every quote to show the accelerators, their memory and the rates the provider lists

  Background:
    Given the catalog snapshot "cat-2026-11-20" is loaded
    And rates are in US dollars per hour, before tax
    And "memory" means accelerator memory, never the host's RAM

  Scenario Outline: on-demand quote for an eight-GPU shape
    Given the provider "<provider>" lists the shape "<shape>"
    When I ask for a quote for 1 instance for 730 hours
    Then the quote shows <gpus> accelerators with <memory> GB each
    And the hourly rate is $<rate>

    Examples: the four eight-GPU shapes of the snapshot
      | provider | shape               | gpus | memory | rate   |
      | OCI      | BM.GPU4.8           | 8    | 40     | 24.40  |
      | Azure    | Standard_ND96asr_v4 | 8    | 40     | 27.197 |
      | GCP      | a2-ultragpu-8g      | 8    | 80     | 40.44  |
      | GCP      | g2-standard-96      | 8    | 24     | 8.01   |

  Scenario: per-GPU-hour rate is shown next to the instance rate
    Given the shape "BM.GPU.L40S.4" with 4 L40S GPUs of 48 GB
    When I ask for a quote
    Then the per-GPU-hour rate is $3.50
    And the instance rate is $14.00 per hour

  Scenario: host memory is not accelerator memory
    Given the shape "Standard_ND96asr_v4" has 900 GiB of host RAM and 96 vCPUs
    When I open its detail card
    Then the accelerator memory shows 320 GB for the instance
    And the interconnect shows 1,600 Gbps for the instance (8 x 200 Gbps HDR InfiniBand)

  Scenario: a superseded catalog price is never quoted
    Given the snapshot "cat-2026-09-01" listed "BM.GPU4.8" at $26.00 per hour
    And the snapshot "cat-2026-11-20" lists "BM.GPU4.8" at $24.40 per hour
    When I ask for a quote for "BM.GPU4.8"
    Then the hourly rate is $24.40
    And the quote does not mention $26.00

  Scenario: committed-use discount on a TPU slice
    Given the shape "ct6e-standard-4t" with 4 TPU v6e chips at $10.80 per hour on demand
    When a 1-year commitment is applied
    Then the hourly rate is $7.02
    And the discount shown is 35%

  Scenario: the TPU tooltip shows per-chip figures
    When I hover over "ct6e-standard-4t"
    Then the tooltip reads "Trillium: 32 GB HBM, 1,640 GB/s, 918 TFLOPS BF16 per chip"
    And the tooltip reads "announced May 2024, generally available December 2024"

  Scenario: spot rate and its discount
    Given the shape "g2-standard-96" on the spot market
    Then the hourly rate is $3.20
    And the discount against on-demand is shown as 60%

  @wip @pricing-not-public
  Scenario: GB200 shape with an unconfirmed rate
    Given the shape "BM.GPU.GB200.4" with 4 B200 GPUs of 186 GB each
    And the rate "$16.00 per GPU-hour" is marked "unconfirmed" by the account team
    When I ask for a quote
    Then the quote is flagged "indicative"

  # Disabled 2026-11-12: the A100 80GB was listed with 2,039 GB/s here, but the step
  # checked 1,935 GB/s, which is the PCIe card's figure, not the SXM part the shape uses.
  @skip
  Scenario: memory bandwidth column for the A2 Ultra
    When I open the detail card of "a2-ultragpu-8g"
    Then the memory bandwidth shows 2,039 GB/s per GPU
