"""English grammar resources (number words, months, comparison markers) from english.yaml."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import Any

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.errors import ConfigError
from factlint.sources.packaged import packaged_file, stray_word


@dataclass(frozen=True)
class Language:
    """Word lists for reading prose; see english.yaml for what each one is for."""

    number_words: tuple[tuple[str, float], ...]
    scale_words: tuple[tuple[str, float], ...]
    multiplier_words: tuple[tuple[str, float], ...]
    money_words: tuple[tuple[str, float], ...]
    months: tuple[tuple[str, int], ...]
    month_connectors: tuple[str, ...]
    comparison_markers: tuple[str, ...]
    strict_comparison_markers: tuple[str, ...]
    measured_on: tuple[str, ...]  # "on the A100", "(was 12 nm on Wormhole)": where a figure was measured
    replacing_verbs: tuple[str, ...]
    share_units: tuple[str, ...]
    component_nouns: tuple[str, ...]
    chip_nouns: tuple[str, ...]
    container_verbs: tuple[str, ...]
    chip_counters: tuple[str, ...]  # piece_counters and the counters only written before a chip
    chip_kind_words: tuple[str, ...]
    trailing_counters: tuple[str, ...]  # piece_counters and the counters only written after a chip
    bare_trailing_counters: tuple[str, ...]
    trailing_count_participles: tuple[str, ...]
    anaphors: tuple[str, ...]
    aside_openers: tuple[str, ...]
    enclosing_prepositions: tuple[str, ...]
    mounting_prepositions: tuple[str, ...]
    mounting_places: tuple[str, ...]
    mounting_place_determiners: tuple[str, ...]
    hosted_in: tuple[str, ...]
    company_anaphors: tuple[str, ...]
    source_prepositions: tuple[str, ...]
    named_system_nouns: tuple[str, ...]
    system_naming_words: tuple[str, ...]
    premodified_system_nouns: tuple[str, ...]  # "the Brackenridge training cluster"
    system_determiners: tuple[str, ...]
    cluster_software: tuple[str, ...]  # "the Slurm cluster" names no system
    relative_pronouns: tuple[str, ...]
    list_conjunctions: tuple[str, ...]  # "the CX-2400 and CX-4800 servers": a noun both share
    reporting_verbs: tuple[str, ...]
    date_openers: tuple[str, ...]
    hearsay_openers: tuple[str, ...]
    part_nouns: tuple[str, ...]
    inner_part_nouns: tuple[str, ...]
    whole_part_words: tuple[str, ...]  # "the full die has": the part itself
    rating_verbs: tuple[str, ...]
    sized_part_nouns: tuple[str, ...]
    usage_time_nouns: tuple[str, ...]
    measured_nouns: tuple[str, ...]  # "1 440 GB accelerator memory": the scope noun modifies, counts nothing
    comparatives: tuple[str, ...]
    improvement_words: tuple[str, ...]
    modifier_suffixes: tuple[str, ...]
    subject_verbs: tuple[str, ...]
    counted_item_words: tuple[str, ...]  # "12 x <name> developer kits": counted things, no baseline
    rate_suffixes: tuple[tuple[str, tuple[str, ...]], ...]
    participle_openers: tuple[str, ...]
    superseded_markers: tuple[str, ...]
    retraction_openers: tuple[str, ...]
    revised_assumptions: tuple[str, ...]  # "we previously assumed ... 64 GB": the writer's old view
    numbered_revisions: tuple[str, ...]  # "Rev 12 had", "edition 3 gave": an earlier issue
    retraction_verbs: tuple[str, ...]
    retractions_after: tuple[str, ...]
    fake_verdicts: tuple[str, ...]  # "141GB is fake news": a figure of a product that does not exist
    year_description_nouns: tuple[str, ...]
    plan_step_nouns: tuple[str, ...]  # "phase 2 (2027)": the year dates the step of a plan
    share_price_verbs: tuple[str, ...]
    funding_words: tuple[str, ...]
    share_nouns: tuple[str, ...]
    aggregate_price_nouns: tuple[str, ...]  # "average realized price ... $2.31": a company result
    price_target_nouns: tuple[str, ...]  # "our $245 price target on AMZN": an analyst's share target
    financial_statement_nouns: tuple[str, ...]  # "revenue of $412.7 million": a company's result
    property_nouns: tuple[str, ...]  # "bought its building for $96 million": no product's price
    financial_item_links: tuple[str, ...]  # "$3 billion *in* revenue": money, then its statement item
    property_price_links: tuple[str, ...]  # "the building *for* $96 million": a property, then its price
    withdrawn_headers: tuple[str, ...]
    reading_headers: tuple[str, ...]  # a runtime reading: "mem_used_mib", "power_draw_w"
    measured_peak_headers: tuple[str, ...]  # a measured peak, no reading: "measured_peak_w"
    setting_headers: tuple[str, ...]  # an operator's setting beside readings: "power_limit_w"
    repetition_verbs: tuple[str, ...]  # before "N times" counting repetitions: "repeat up to 3 times"
    clause_subject_determiners: tuple[str, ...]  # "the 160 W some users saw": another noun phrase
    setting_marks: tuple[str, ...]  # after a figure in brackets: "(set by admin)", a value someone set
    rating_headers: tuple[str, ...]  # a rating, no reading, beside readings: "| Rated power (W) |"
    carrier_nouns: tuple[str, ...]
    baseline_determiners: tuple[str, ...]
    total_row_words: tuple[str, ...]  # "| | Total | 15,100 |", "Summe brutto", "TVA 20 %": a row that sums
    multiplier_of_words: tuple[str, ...]  # "2x the performance of the X", "2x die Leistung der X"
    multiplier_on_words: tuple[str, ...]  # "2.1x our measured throughput on the P4d"
    multiplier_of_articles: tuple[str, ...]  # "of the X", "de la X", "van de X": an article after them
    reference_headings: tuple[str, ...]
    conditionals: tuple[str, ...]
    non_cues: tuple[str, ...]
    field_headers: tuple[str, ...]
    discount_headers: tuple[str, ...]
    total_headers: tuple[str, ...]  # an order line's total over its quantity: no unit's price
    commitment_headers: tuple[str, ...]  # "| 1-year commitment |": a rate column sharing its table's time
    description_headers: tuple[str, ...]  # "| description |": a line item's text, its product named first
    accessory_nouns: tuple[str, ...]  # "cabling kit", "installation": a line item that is no product
    bare_price_headers: tuple[str, ...]  # "| Variant Price |": a selling price naming no currency
    price_term_words: tuple[str, ...]  # "| On-demand price |": a pricing term before a price noun
    other_currencies: tuple[str, ...]  # "€", "EUR", "zł": money that is not the dollar
    slash_alternative_units: tuple[str, ...]  # "5 nm / 6 nm": one chip's alternatives, not two variants
    issue_nouns: tuple[str, ...]  # "bulletin 4/2025": an issue's number in its year, no month
    issue_number_marks: tuple[str, ...]  # "Bulletin Nr. 9/2026": the sign before an issue's number
    from_range_closers: tuple[str, ...]  # "from 450 W up to 1,000 W": the word closing a range
    notation_bounds: tuple[tuple[str, str], ...]  # "do 400 W": a bound of comma-notation documents only
    indian_currency: tuple[str, ...]  # "₹", "Rs.": the amount after it may be grouped in lakhs
    bundle_nouns: tuple[str, ...]  # "4-pack", "Four cards": units sold together
    bundle_openers: tuple[str, ...]  # "pack of 2"
    spend_headers: tuple[str, ...]  # a bill's cost, credit or tax beside a unit price: no price
    unit_price_headers: tuple[str, ...]
    usage_unit_headers: tuple[str, ...]
    usage_time_units: tuple[tuple[str, tuple[str, ...]], ...]  # (rate, cell texts naming it)
    usage_rate_nouns: tuple[str, ...]  # "chip-hour" in a row's description: its prices are hourly
    rate_hour_words: tuple[str, ...]  # "hour" in "per GPU-hour", Danish "time" in "per GPU-time"
    attachment_phrases: tuple[str, ...]  # "T4 GPU attached to n1-standard-8": the machine's chips
    total_markers: tuple[str, ...]  # "640 GB total": a figure summed over a machine's chips
    per_device_notes: tuple[str, ...]  # "values are per accelerator": a table's figures are its chips'
    quantity_headers: tuple[str, ...]  # "| Accelerator | Quantity |": the column counts the model's units
    unnamed_machine_nouns: tuple[str, ...]  # "a UBB kit with eight Gaudi 3": see unnamed.py
    product_line_nouns: tuple[str, ...]  # "the MI355X platform delivered 2.7x": see resolve.py
    machine_group_nouns: tuple[str, ...]  # "than our previous A100 partition": see comparedmachines.py
    rental_verbs: tuple[str, ...]  # "rent a CS-2 at $1,650 per hour": see rentedmachines.py
    fraction_words: tuple[str, ...]  # "a quarter of the Bow Pod64": see fractionparts.py
    both_rate_nouns: tuple[str, ...]  # "lowers both rates by 25%": see bothrates.py
    partitive_relatives: tuple[str, ...]  # "400 kW, of which the cluster draws 95 kW": see resolve.py
    reassignment_copulas: tuple[str, ...]  # "that is" (the MI355X figure): see reassigned.py
    reassignment_nouns: tuple[str, ...]  # (that is the MI355X) "figure"
    answer_openers: tuple[str, ...]  # "... 8 TB/s? No: 8 TB/s is the B200 figure": see reassigned.py
    answer_copulas: tuple[str, ...]  # (No: 8 TB/s) "is" (the B200 figure)
    variant_nouns: tuple[str, ...]  # "a max q edition", "the PCIe version": the word before names a variant
    written_variant_nouns: tuple[str, ...]  # "The PCIe one": only after a capitalised or numbered word
    cued_units: tuple[tuple[str, str], ...]  # ("nano", "nanometer"): a unit only beside its attribute's cue
    device_headers: tuple[str, ...]  # a figure only a device has ("TDP"): a model column's
    peak_rate_headers: tuple[str, ...]  # "int8_tops": a peak rating, each unit's in a per-unit record
    relation_headers: tuple[str, ...]  # "| Replaces |": its names are not the row's subject
    relation_key_words: tuple[str, ...]  # "vs_accelerator": a data key naming a compared product
    multiplier_headers: tuple[str, ...]  # "| Speedup |": a column whose bare numbers are multipliers
    ratio_key_words: tuple[str, ...]  # "perf_per_watt_vs_v6e": a data key's multiplier against a baseline
    ratio_key_baselines: tuple[str, ...]  # "perf_vs_prev_gen": a baseline a ratio key names without a product
    conversion_words: tuple[str, ...]  # "| Approx. in USD |": a conversion of the column before
    conversion_currencies: tuple[str, ...]  # the currencies a conversion column may name
    conversion_links: tuple[str, ...]  # "CNY each, so ~$3,200": dollars restating the price before
    unit_headers: tuple[str, ...]
    memory_headers: tuple[str, ...]
    function_words: tuple[str, ...]
    series_nouns: tuple[str, ...]
    increase_verbs: tuple[str, ...]
    increase_comparatives: tuple[str, ...]
    setting_openers: tuple[str, ...]
    ratio_nouns: tuple[str, ...]  # "ratio against X is 2.7x": the baseline named before the figure
    doubted_figure_nouns: tuple[str, ...]  # "BR104 figures ... never confirmed": all its figures doubted
    doubted_figure_links: tuple[str, ...]  # "the figures *for* BR104": a figures noun, then its product
    settable_modals: tuple[str, ...]  # "it can be lowered to 800 W": a chosen setting, no spec
    action_modals: tuple[str, ...]  # "you can cap it to 400 W": a modal before an active setting verb
    settable_actions: tuple[str, ...]
    operator_settings: tuple[str, ...]  # "we cap": the writer's own setting, before "them at 480 W"
    local_places: tuple[str, ...]  # "capped at 241 W on this box": the writer's own machine
    local_setting_verbs: tuple[str, ...]  # "capped at" before such a figure
    each_holding_words: tuple[str, ...]  # "32 x HX-4A nodes, each with 4 APUs": one machine's count
    setting_gerunds: tuple[str, ...]  # "Capping the card at 300 W ...": a test condition
    setting_imperatives: tuple[str, ...]  # "Power-cap the T4s at 60 W": a task's instruction
    performance_share_nouns: tuple[str, ...]  # "cost 6% of throughput": a share of performance lost
    pricing_verbs: tuple[str, ...]  # "is priced 9% below the X": a price set against another's
    below_words: tuple[str, ...]
    pronoun_openers: tuple[str, ...]
    change_verbs: tuple[str, ...]
    decrease_comparatives: tuple[str, ...]
    replacement_openers: tuple[str, ...]
    restatement_openers: tuple[str, ...]  # "was $75/h in December; it is $68.80/h": see restated.py
    restatement_verbs: tuple[str, ...]  # "printed 350 W; the table now holds 300 W": see restated.py
    later_change_adverbs: tuple[str, ...]  # "$0.86, then cut that to $0.79": see changedlater.py
    later_change_verbs: tuple[str, ...]
    later_change_objects: tuple[str, ...]
    correction_change_verbs: tuple[str, ...]  # "...; the vendor corrected it to 5.3 TB/s": no adverb
    translator_note_openers: tuple[str, ...]  # "[Translator's note: ...]": see translatornotes.py
    consumption_nouns: tuple[str, ...]
    customer_classes: tuple[str, ...]  # "education discount": a buyer's discount, no saving
    tax_nouns: tuple[str, ...]  # "GST @ 18%": a tax rate, no saving
    discount_nouns: tuple[str, ...]
    discount_off_words: tuple[str, ...]  # "5% off for 16+": a discount on the price
    discount_off_followers: tuple[str, ...]
    discount_off_volume_words: tuple[str, ...]  # "5% off for 16+": an order's size follows
    discount_period_words: tuple[str, ...]  # "20% off for 3 months": a campaign
    correction_openers: tuple[str, ...]
    correction_copulas: tuple[str, ...]
    correction_copula_adverbs: tuple[str, ...]
    correction_adjectives: tuple[str, ...]
    quote_header_openers: tuple[str, ...]
    quote_header_endings: tuple[str, ...]
    designator_nouns: tuple[str, ...]
    designator_number_marks: tuple[str, ...]  # "nr." of "Lot nr. 2"
    host_counts: tuple[str, ...]
    host_memory_types: tuple[str, ...]
    host_memory_labels: tuple[str, ...]  # "system memory 1.5TB": the host's RAM
    device_memory_denials: tuple[str, ...]  # "2,304 GB (not GPU memory)": the figure is no device's memory
    host_nouns: tuple[str, ...]  # "n/a (host 4 GB)": the host itself labels the memory
    host_processor_nouns: tuple[str, ...]  # "each CPU brings 120 GB": the CPU's memory
    accelerator_nouns: tuple[str, ...]
    free_memory_words: tuple[str, ...]  # "110 GB free": a reading, not a capacity
    usable_memory_words: tuple[str, ...]  # "(22.4 GiB usable)": a gloss of the figure before
    accelerator_memory_types: tuple[str, ...]  # "384 GB of HBM3e": never the host's
    dangling_words: tuple[str, ...]  # "... the list prices of\n X": a line break after one wraps on
    stated_size_followers: tuple[str, ...]  # "H100 80GB memory": the glued size is stated, not a name
    form_factor_words: tuple[str, ...]  # "8x B200 SXM 180 GB", "600 W per OAM": the chip's form
    module_form_words: tuple[str, ...]  # "Metis M.2": a module's slot after its name, no name of its own
    off_chip_memory_words: tuple[str, ...]  # "900 MB" near none of these is on-chip memory
    supporting_die_nouns: tuple[str, ...]  # "6 nm I/O dies": a supporting die's node, not the product's
    chip_noun_singulars: tuple[str, ...]  # "one WSE-2 wafer-scale engine": a single chip's noun
    multiplier_comparisons: tuple[str, ...]
    multiplier_articles: tuple[str, ...]
    multiplier_output_nouns: tuple[str, ...]  # "1.8x the streams of a T4": work done, set against a product
    multiplier_measure_words: tuple[str, ...]
    pair_joiners: tuple[str, ...]
    talk_openers: tuple[str, ...]
    configuration_nouns: tuple[str, ...]
    hosting_prepositions: tuple[str, ...]
    margin_verbs: tuple[str, ...]
    row_id_headers: tuple[str, ...]
    requirement_headers: tuple[str, ...]
    offer_headers: tuple[str, ...]
    rank_fields: tuple[str, ...]  # "Priority : P3": a field whose value is a rank, never a product
    weekdays: tuple[str, ...]  # "Tue", "Friday": a date's word, never a product's name
    unnamed_device_articles: tuple[str, ...]  # "an accelerator has ...": no named product's
    relation_nouns: tuple[str, ...]
    relation_links: tuple[str, ...]  # "the successor to the H100": see resolve.named_in_passing
    threshold_openers: tuple[str, ...]
    limit_determiners: tuple[str, ...]  # "the minimum of 64 GB required": see requiredlimits.py
    required_limit_nouns: tuple[str, ...]
    requirement_participles: tuple[str, ...]
    attributive_requirement_nouns: tuple[str, ...]  # "the 288 GB-per-GPU requirement": no product's
    requirement_determiners: tuple[str, ...]
    wish_verbs: tuple[str, ...]  # "cust wants < $1.5M": asked for, not stated
    wish_nouns: tuple[str, ...]  # "target: under $2/GPU-hr"
    wish_bounds: tuple[str, ...]
    owned_limit_nouns: tuple[str, ...]  # "its liquid-cooled ceiling of 760 W": a product's bound
    owner_words: tuple[str, ...]  # "its", "their": a determiner owning the noun after it
    threshold_closers: tuple[str, ...]
    bounds_after: tuple[str, ...]  # "14.3 kW max": a bound written after its figure
    comma_notation_cues: tuple[str, ...]
    day_first_cues: tuple[str, ...]  # "DD/MM/YYYY": numeric dates day first
    refutation_subjects: tuple[str, ...]  # "That was itself wrong.": a sentence refuting the last
    refutation_verbs: tuple[str, ...]
    refutation_adverbs: tuple[str, ...]
    refutation_predicates: tuple[str, ...]
    refutation_reporters: tuple[str, ...]  # "The maker told me that it's not true.": reported speech
    refutation_verdicts: tuple[str, ...]  # "Wrong -- it is 12 kW.": a bare verdict refuting the last
    attribution_verbs: tuple[str, ...]  # "That figure belonged to a prototype and is not supported."
    withdrawal_predicates: tuple[str, ...]  # "... is not supported": said of a figure, it is withdrawn
    reversion_subjects: tuple[str, ...]  # "...; I reverted.": an editor undoing the change just told
    reversion_verbs: tuple[str, ...]
    removal_subjects: tuple[str, ...]  # "We found no source for that and removed it.": the writer
    removal_reasons: tuple[str, ...]  # takes the figure before out of the text
    removal_verbs: tuple[str, ...]
    removal_places: tuple[str, ...]  # "... removed it from the memo": a place in the text
    removal_pronouns: tuple[str, ...]  # "removed it": what takes up the figure before
    removal_determiners: tuple[str, ...]  # "deleted that figure"
    record_removal_verbs: tuple[str, ...]  # "deletes a duplicate entry that said 16 GB": what a
    removed_record_nouns: tuple[str, ...]  # removed record said is withdrawn (removedrecords.py)
    removal_place_prepositions: tuple[str, ...]  # "from the memo"
    removal_place_determiners: tuple[str, ...]  # "from our memo"
    removal_adverbs: tuple[str, ...]  # "we have since deleted ..."
    removal_joiners: tuple[str, ...]  # "found no source for it and removed it"
    roadmap_nouns: tuple[str, ...]  # "showed its roadmap: A in Q1 2026, B in Q4 2026"
    recap_openers: tuple[str, ...]  # "Also said X was 96 GB." ...
    fix_openers: tuple[str, ...]  # ... "It is 64 GB.": a recap of one's own words, then the fix
    question_openers: tuple[str, ...]  # "Is this 128GB?" asks; "rack ~ 20 kW?" doubts
    alternative_joiners: tuple[str, ...]  # "128 GB or 96 GB?" asks which; it doubts no one figure
    hedges_after: tuple[str, ...]  # "... is unconfirmed": a figure before it is likely, not stated
    error_nouns: tuple[str, ...]  # "the 48 GB spec-sheet error", "listed 15 kW in error": a wrong figure
    rating_phrases: tuple[str, ...]  # "a pod of 9,216 chips good for 42.5 exaflops"
    volume_nouns: tuple[str, ...]  # "2024 shipments": a year's units, no release date
    quota_nouns: tuple[str, ...]  # "the limit rose to 8 GPUs": an allowance, no chip count
    incident_verbs: tuple[str, ...]  # "two GPUs failed burn-in": chips an incident hit, no chip count
    rival_count_verbs: tuple[str, ...]  # "one server replaces 160 GPUs": chips set against it, no chip count
    increment_words: tuple[str, ...]  # "another 9,216 GPUs": chips added to a machine, no chip count
    item_number_nouns: tuple[str, ...]  # "line" of a "line_no" column: "Line 3" names row 3's product
    bare_amount_nouns: tuple[str, ...]  # "unit cost amended to 515,000.00": a sum with no sign
    superseding_words: tuple[str, ...]  # "142,000.00 (SUPERSEDES 154,000.00 ABOVE)": the earlier figure goes
    # "X was given as 6 TB/s. Correct are 8 TB/s.": the sentence before's figures of the same kind go
    correct_sentence_openers: tuple[str, ...]
    correct_sentence_copulas: tuple[str, ...]
    correct_sentence_links: tuple[str, ...]  # "for" of "the correct value for the X is"
    superseded_verdicts: tuple[str, ...]  # "Outdated: ...": the sentence before is out of date
    back_reference_words: tuple[str, ...]  # "the 49152.00 MiB above": a figure pointed back at, no new claim
    storage_nouns: tuple[str, ...]  # "NVMe SSD 30.72 TB": a disk's size, not memory
    charge_nouns: tuple[str, ...]  # "+ $24.90 shipping": a side charge, not the price
    making_costs: tuple[str, ...]  # "$3,300 to build": the maker's cost, not the price
    measure_nouns: tuple[str, ...]  # "$0.0125 per GB-hour": a unit rate, not a product's price
    appliance_nouns: tuple[str, ...]  # "the appliance is rated at 3 kW": a server by another name
    host_cpu_brands: tuple[str, ...]  # "two Xeon processors": a host's CPUs, no chip count
    size_units: tuple[str, ...]  # "a 46,225 mm2 die": a part's size, no count of parts
    auxiliary_core_words: tuple[str, ...]  # "4 assistant cores": cores beside the product's own
    host_core_words: tuple[str, ...]  # "8 CPU cores", "8 CPU-cores": the host processor's cores
    host_socket_nouns: tuple[str, ...]  # "CPU: 2 sockets": a host's CPU slots, no chip count
    sale_prepositions: tuple[str, ...]  # "the board for $1,299": the money a sale asks
    launch_price_verbs: tuple[str, ...]  # "launched in 2022 at $6,800": the launch price
    header_glossary: tuple[tuple[str, str], ...]  # a translated table's header words -> English
    place_nouns: tuple[str, ...]  # "the Paris-2 region", "zone eu-3": a name introduced as a place
    region_directions: tuple[str, ...]  # "US-EAST-1", "AP-SOUTH-2": compass words of region codes
    place_prepositions: tuple[str, ...]  # "instances in Paris-2": where a place name stands
    rental_nouns: tuple[str, ...]  # "the GPU-B8 plan": a name of something rented, an instance
    dotted_name_endings: tuple[str, ...]  # "llama.q4.gguf", "x.h100.com": a file or an address
    host_cpu_headers: tuple[str, ...]  # "| CPU |": a bare memory column beside it is host RAM
    place_headers: tuple[str, ...]  # "rack": "R07": a column or key of places
    host_part_headers: tuple[str, ...]  # "cpu": "2x EPYC 9334": a column of host processors
    form_factor_headers: tuple[str, ...]  # "| Form factor |": a column saying what a row's product is
    board_form_words: tuple[str, ...]  # "| board |": a form factor carrying several chips (formrows.py)
    whole_machine_phrases: tuple[str, ...]  # "410 W at the wall": the whole machine's figure
    whole_system_openers: tuple[str, ...]  # "8.5 MW for the whole <system>"
    whole_product_nouns: tuple[str, ...]  # "my Thor *dev kit* at the wall": a product that is a whole machine
    priced_item_nouns: tuple[str, ...]  # "the 4-chip *card* at $1,390": a sold unit priced with "at"
    unit_purchase_verbs: tuple[str, ...]  # "*order* 1 at $3,499": a count bought at a price
    item_price_joiners: tuple[str, ...]  # "24x Hailo-8 *at* $189": the word before an item's money
    item_price_hedges: tuple[str, ...]  # "AI Kit at *around* $70": a hedge between joiner and money
    node_share_openers: tuple[str, ...]  # "each node holds four": a count of one node's chips
    node_share_verbs: tuple[str, ...]  # "each node *carries* four", "nodes *hold* eight"
    node_share_plurals: tuple[str, ...]  # "the nodes carry four", "64 nodes with 8 GPUs each"
    node_share_closers: tuple[str, ...]  # "four MI250X per node"
    node_share_named: tuple[str, ...]  # "each El Capitan *node* has four": a named system's node
    operator_cues: tuple[str, ...]  # "measured 10.1 kW", "we plan 190 kW": the site's power
    operator_cues_after: tuple[str, ...]  # "150 kW provisioned": the site's power
    product_limits: tuple[str, ...]  # "the MI350X is *limited to* 1,000 W": a product's own limit
    site_points: tuple[str, ...]  # "9.7 kW at the PDU": read by the site
    idle_words: tuple[str, ...]  # "41 W idle", "idles at 90 W": a reading at rest, no rating
    idle_hedges: tuple[str, ...]  # "idle: ca 40 W": a hedge between the idle label and its reading
    idle_openers: tuple[str, ...]  # "*At rest* the node draws 90 W": an idle phrase opening the clause
    idle_reading_verbs: tuple[str, ...]  # "at rest the node *draws* 90 W": the verb reading the draw
    vendor_cues: tuple[str, ...]  # "vendor has quoted ~600 kW": still the product's
    status_headers: tuple[str, ...]  # "| status |": a column saying whether a row's figures stand
    verdict_headers: tuple[str, ...]  # "| verdict |": a status column judging one fact per row
    status_refuted: tuple[str, ...]  # "debunked": the row's figures are withdrawn
    status_superseded: tuple[str, ...]  # "superseded": withdrawn in a row stating one fact
    status_hedged: tuple[str, ...]  # "rumour": the row's figures are likely
    status_confirmed: tuple[str, ...]  # "confirmed": stated plainly
    note_headers: tuple[str, ...]  # "| notes |": a cell of free text speaking for itself
    refuted_figure_nouns: tuple[str, ...]  # "The 25 kW figure is wrong.": a figure named and refuted
    price_differences: tuple[str, ...]  # "$5,000 more than the H100": a difference, no price
    other_date_events: tuple[str, ...]  # "cancelled in Jan 2025": an event that is no release
    expectation_cues: tuple[str, ...]  # "sampling expected H2 2026": no release cue after an event
    figure_nouns: tuple[str, ...]  # "750 W, which is the MI300X figure": whose figure it is
    single_unit_words: tuple[str, ...]  # "Single card power: 400W": a label of one unit's figures
    question_formulas: tuple[str, ...]  # "To ask the Secretary of State, how many ...": a question
    energy_denominators: tuple[str, ...]  # "68.8 gigaflops per watt": a ratio to energy, no rating
    throughput_denominators: tuple[str, ...]  # "0.5 W per TOPS": a ratio to a throughput, no rating
    clause_conjunctions: tuple[str, ...]  # ", but a rack ...": after a comma, another clause
    new_clause_conjunctions: tuple[str, ...]  # "1.5x, though 2x over the H200": a comma opening a new clause
    contrast_conjunctions: tuple[str, ...]  # "... per GPU while the node ...": a clause set against the last
    sum_words: tuple[str, ...]  # "for a total of 44,544": a sum over the units just counted
    rate_prepositions: tuple[str, ...]  # "180GB per 1 GPU": the number after one is a rate's unit
    part_rate_words: tuple[str, ...]  # "288 GB per GPU", "/accelerator": a rate per chip or card
    single_counts: tuple[str, ...]  # "one Groq LPU per card", "a single GB10": a count of one
    articles: tuple[str, ...]  # "which is the MI300X figure", "; a 1-year CUD by 37%"
    wrapping_words: tuple[str, ...]  # "on an" / "NVIDIA T4": a line ending on one wraps its sentence
    figure_owner_openers: tuple[str, ...]  # "750 W, which is the MI300X figure": whose figure it is
    ratio_prepositions: tuple[str, ...]  # "lowers the price by 55%": the word before a ratio of change
    approximators: tuple[str, ...]  # "by about 40%", "by ~2x": an approximate figure follows
    each_of_verbs: tuple[str, ...]  # "each of the 8 B200 GPUs has 180 GB": one of the parts' figure
    distributive_words: tuple[str, ...]  # "per GPU", "each card": one unit's figure
    one_unit_phrases: tuple[str, ...]  # "Memory of 1 accel.", "TDP for one GPU": one unit's figure
    subject_pronouns: tuple[str, ...]  # "It delivers ...": a sentence carrying its subject in
    locative_prepositions: tuple[str, ...]  # "each MI450X in the rack": the rack only places the chip
    attribute_compounds: tuple[str, ...]  # "process node": a scope noun naming an attribute, no scope
    each_of_openers: tuple[str, ...]  # "each of", "every one of" (the 8 B200 GPUs has 180 GB)
    definite_determiners: tuple[str, ...]  # (each of) "the", "its", "these" (8 B200 GPUs)
    noun_determiners: tuple[str, ...]  # "the rack", "a node", "each card": a noun that may name a scope
    part_determiners: tuple[str, ...]  # "in X both accelerators ...": a machine's parts as a subject
    apiece_words: tuple[str, ...]  # "80 GB each", "$2,500 apiece": a figure of each counted thing
    gloss_openers: tuple[str, ...]  # "= 4 x GB300 NVL72, i.e. 288 GPUs": a total restated
    relative_quantifiers: tuple[str, ...]  # "each of which", "both of which": a relative clause's opening
    one_pronoun_phrases: tuple[str, ...]  # "one of the chips": "one" is a pronoun, no count
    one_pronoun_before: tuple[str, ...]  # "each one", "in one package": "one" is no count after these
    one_part_before: tuple[str, ...]  # "the bandwidth of one accelerator": one part's figure, no count
    figure_noun_links: tuple[str, ...]  # "64 GB of HBM": the word before a figure's own noun
    having_prepositions: tuple[str, ...]  # "one L40S with 48 GB": a unit with its own figure
    shared_unit_nouns: tuple[str, ...]  # "the instances A and B have": see sharedsubjects.py
    pair_nouns: tuple[str, ...]  # "both export variants are": see sharedsubjects.py
    shared_holding_verbs: tuple[str, ...]  # "the A and B instances have": see sharedsubjects.py
    pair_subject_verbs: tuple[str, ...]  # "Both ship with": see sharedsubjects.py
    ordinal_words: tuple[tuple[str, int], ...]  # "third" -> 3: a quarter's or half's number (dates.py)
    # ("first-generation", ("first-gen", "1st-gen", ...)): short forms of a generation in a name
    generation_nouns: tuple[tuple[str, tuple[str, ...]], ...]  # "generation" and its short nouns ("gen")
    generation_ordinals: tuple[tuple[str, ...], ...]  # an ordinal word and its numerals ("first", "1st")
    quarter_nouns: tuple[str, ...]  # "the fourth quarter", "Quarter II/2026"
    half_nouns: tuple[str, ...]  # "the second half of 2026"
    status_prepositions: tuple[str, ...]  # "debunked by the vendor": see verdicts.py
    quarter_prepositions: tuple[str, ...]  # "from Q1": a quarter of the document's year (dates.py)
    year_part_words: tuple[tuple[str, str], ...]  # ("end of", "late"): "the end of 2024" is late 2024
    # East Asian date marks written after their numbers ("2025년 7월", "2025年7月1日") and the
    # halves of a year ("2026년 상반기"): keys year, month, day, first_half, second_half
    date_marks: tuple[tuple[str, tuple[str, ...]], ...]
    committed_rate_nouns: tuple[str, ...]  # "the reserved tariff of X": the price a discount is worked out on
    card_nouns: tuple[str, ...]  # "Gaudi 2 (HL-225H) mezzanine card": the text is about the card
    card_share_phrases: tuple[str, ...]  # "4 GPUs on one card": a card's chips, no machine's count
    table_pointers: tuple[str, ...]  # "the following configurations": a sentence about the table after it
    site_cap_phrases: tuple[str, ...]  # "the 6 kW per-node cap": see settingfigures.py
    setting_change_verbs: tuple[str, ...]  # "per-node cap raised back to": see settingfigures.py
    share_openers: tuple[str, ...]  # "the cap left each card 330 W": see settingfigures.py
    partition_cues: tuple[str, ...]  # "MIG", "compute instance": see settingfigures.py
    slice_nouns: tuple[str, ...]  # "each slice sees 6 GB": see settingfigures.py
    unit_basis_phrases: tuple[str, ...]  # "counted in binary units": see settingfigures.py
    restated_referents: tuple[str, ...]  # "that memory": see settingfigures.py
    subject_reassignment_verbs: tuple[str, ...]  # "the 16 GB figure was the T4's": see reassigned.py
    reassignment_pointers: tuple[str, ...]  # "that figure belongs to ...": the figure just written
    ownership_verbs: tuple[str, ...]  # "the 48 GB in v2 belonged to RNGD": see reassigned.py
    source_possessive_nouns: tuple[str, ...]  # "the vendor's maximum is 375 W": the company gives it
    whole_total_nouns: tuple[str, ...]  # "8 TB per RDU; that was the total for the system"
    tag_question_words: tuple[str, ...]  # ", right?": a tag checking the statement before it (extract.py)
    tag_question_auxiliaries: tuple[str, ...]  # "isn't it?": the negated verb of a tag question
    tag_question_pronouns: tuple[str, ...]  # (isn't) "it": the pronoun closing a tag question
    respective_words: tuple[
        str, ...
    ]  # "640 GB and 1.5 TB respectively": one figure each (sharedsubjects.py, quantities.py)
    joint_quantifiers: tuple[str, ...]  # "both A and B", "all of the A and B": the figure is every one's
    distributives_after: tuple[
        str, ...
    ]  # "A and B each", "A and B instances both": the figure is every one's
    pair_pronouns: tuple[str, ...]  # "Both are built on 3 nm", "Each of them carry": the pair named before
    fiscal_year_marks: tuple[
        str, ...
    ]  # "Q2 FY2026", "fiscal 2026": a year that is no calendar year (dates.py)
    other_year_words: tuple[
        str, ...
    ]  # "the third quarter of next year": a year other than the document's (dates.py)
    hearsay_verbs: tuple[str, ...]  # "someone claimed 7 nm; ..., so ignore that": hearsay (withdrawn.py)
    dismissal_verbs: tuple[str, ...]  # (..., so) "ignore" (that): hearsay dismissed (withdrawn.py)
    time_held_phrases: tuple[str, ...]  # "was $999 at launch, now $1,099": when it held (withdrawn.py)
    offering_prepositions: tuple[
        str, ...
    ]  # "available in AWS EC2 Trn1 instances": where a product is offered
    open_line_prepositions: tuple[str, ...]  # "... the list prices of" at a line's end: the sentence goes on
    place_words: tuple[str, ...]  # "in our rack": the noun after one is a place, no scope (extract.py)
    question_clause_openers: tuple[
        str, ...
    ]  # ", but is it ...?": after a comma, a question's own clause (extract.py)
    bare_question_clause_openers: tuple[str, ...]  # "128 GB but is it ...?": with no comma before it
    trailing_question_additions: tuple[str, ...]  # "$179 each incl. tax?": the mark asks the addition
    trailing_question_doubts: tuple[str, ...]  # "$9,000, not sure though?": the mark asks the figure
    issue_date_links: tuple[
        str, ...
    ]  # "No. 2026/02 of 20 January 2026": the issue's own date follows (dates.py)
    # deploymentcounts.py: see the comments on each list in english.yaml
    deployment_owners: tuple[str, ...]
    deployment_nouns: tuple[str, ...]
    trial_phrases: tuple[str, ...]
    purchase_verbs: tuple[str, ...]
    # withdrawn.py: see the comments on each list in english.yaml
    past_copulas: tuple[str, ...]
    subject_articles: tuple[str, ...]
    change_from_words: tuple[str, ...]
    change_to_words: tuple[str, ...]
    bare_holding_verbs: tuple[str, ...]
    own_earlier_subjects: tuple[str, ...]
    own_earlier_verbs: tuple[str, ...]
    own_earlier_objects: tuple[str, ...]
    own_earlier_times: tuple[str, ...]
    short_of_phrases: tuple[str, ...]
    short_of_owners: tuple[str, ...]
    short_of_rating_kinds: tuple[str, ...]
    rating_qualifiers: tuple[str, ...]
    rating_nouns: tuple[str, ...]
    release_prepositions: tuple[str, ...]
    release_nouns: tuple[str, ...]
    glued_release_marks: tuple[str, ...]
    replacing_links: tuple[str, ...]
    retraction_pronouns: tuple[str, ...]
    retracted_objects: tuple[str, ...]
    retracted_determiners: tuple[str, ...]
    retracted_links: tuple[str, ...]
    revision_prepositions: tuple[str, ...]
    revision_nouns: tuple[str, ...]
    retiring_retractions: tuple[str, ...]
    retiring_prepositions: tuple[str, ...]
    dismissal_adverbs: tuple[str, ...]
    dismissed_pronouns: tuple[str, ...]
    dismissed_nouns: tuple[str, ...]
    # sharedsubjects.py: see the comments on each list in english.yaml
    list_joiners: tuple[str, ...]
    list_articles: tuple[str, ...]
    listed_totals: tuple[str, ...]
    listed_total_tails: tuple[str, ...]
    date_list_prepositions: tuple[str, ...]
    figure_list_prepositions: tuple[str, ...]
    figure_list_quantifiers: tuple[str, ...]
    list_comparison_words: tuple[str, ...]
    listed_distributives: tuple[tuple[str, int], ...]
    list_counts: tuple[tuple[str, int], ...]
    # resolve.py: see the comments on each list in english.yaml
    each_place_prepositions: tuple[str, ...]
    owning_prepositions: tuple[str, ...]
    name_of_prepositions: tuple[str, ...]
    each_label_words: tuple[str, ...]
    # extract.py's own patterns: see the comments on each list in english.yaml
    figure_coordinators: tuple[str, ...]
    joined_date_prepositions: tuple[str, ...]
    named_after_prepositions: tuple[str, ...]
    need_verbs: tuple[str, ...]
    need_approximators: tuple[str, ...]
    then_date_prepositions: tuple[str, ...]
    copulas: tuple[str, ...]
    phrase_break_conjunctions: tuple[str, ...]
    figure_owner_links: tuple[str, ...]
    count_holding_words: tuple[str, ...]
    price_hedges: tuple[str, ...]
    clause_subject_pronouns: tuple[str, ...]
    share_of_pronouns: tuple[str, ...]
    apposition_hedges: tuple[str, ...]
    described_base_determiners: tuple[str, ...]
    product_next_articles: tuple[str, ...]
    base_age_words: tuple[str, ...]
    measure_pronouns: tuple[str, ...]  # "5x that of an H100": see referredmeasures.py
    object_prepositions: tuple[str, ...]
    premodifier_determiners: tuple[str, ...]
    elided_prepositions: tuple[str, ...]
    elided_determiners: tuple[str, ...]
    indefinite_openers: tuple[str, ...]
    owner_verbs: tuple[str, ...]
    owner_verb_hedges: tuple[str, ...]
    level_verbs: tuple[str, ...]
    level_adverbs: tuple[str, ...]
    figure_hedges: tuple[str, ...]
    derived_openers: tuple[str, ...]
    elided_links: tuple[str, ...]
    elided_adverbs: tuple[str, ...]
    count_label_words: tuple[str, ...]
    each_unit_having_words: tuple[str, ...]
    date_scope_prepositions: tuple[str, ...]
    baseline_phrase_markers: tuple[str, ...]
    # resolve.py's own patterns: see the comments on each list in english.yaml
    figure_noun_stops: tuple[str, ...]
    part_clause_conjunctions: tuple[str, ...]
    colon_lead_copulas: tuple[str, ...]
    colon_lead_words: tuple[str, ...]
    contrast_noun_prepositions: tuple[str, ...]
    bundle_determiners: tuple[str, ...]
    other_part_determiners: tuple[str, ...]
    each_having_words: tuple[str, ...]
    group_determiners: tuple[str, ...]
    group_adverbs: tuple[str, ...]
    group_verbs: tuple[str, ...]
    whole_determiners: tuple[str, ...]
    whole_adverbs: tuple[str, ...]
    part_size_prepositions: tuple[str, ...]
    counted_chip_size_links: tuple[str, ...]  # "4 L40S GPUs of 48 GB": each counted chip's size
    variant_size_units: tuple[str, ...]  # "eight A100 80GB": a chip's name ending in its size
    hosted_determiners: tuple[str, ...]
    joined_verb_conjunctions: tuple[str, ...]
    joined_verb_adverbs: tuple[str, ...]
    # number_words as a lookup by lower-cased word ("twelve" -> 12), built once
    number_values: dict[str, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "number_values", {word.lower(): value for word, value in self.number_words})

    def __hash__(self) -> int:
        """Return the hash of the word lists, computed once.

        A language keys per-document caches (``setting_patterns``); hashing its hundreds of word
        tuples anew each time cost about 2 % of a run.
        """
        cached: int | None = self.__dict__.get(_HASH)
        if cached is None:
            cached = hash(tuple(getattr(self, spec.name) for spec in fields(self) if spec.compare))
            object.__setattr__(self, _HASH, cached)
        return cached

    def __getstate__(self) -> dict[str, Any]:
        # String hashes differ between processes: a copy sent to a worker hashes itself again.
        return {name: value for name, value in self.__dict__.items() if name != _HASH}


_HASH = "_word_lists_hash"


@lru_cache(maxsize=1)
def english() -> Language:
    """Return the English language resources shipped with factlint."""
    return read_language(packaged_file("factlint.claims", "english.yaml").data, "english.yaml")


def read_language(raw: Mapping[str, Any], path: str) -> Language:
    """Return the Language of a language file's word lists; a file that leaves one out is refused."""
    missing = [spec.name for spec in fields(Language) if spec.init and spec.name not in raw]
    if missing:
        raise ConfigError("missing word lists: " + ", ".join(missing), path=path)
    for name, words in raw.items():
        stray = stray_word(words)
        if stray is not None:
            # YAML reads an unquoted on, off, yes or no as true or false
            raise ConfigError(f"word list {name} holds {stray!r}, which is no word (quote it)", path=path)
    return Language(
        number_words=tuple((str(k), float(v)) for k, v in raw["number_words"].items()),
        scale_words=tuple((str(k), float(v)) for k, v in raw["scale_words"].items()),
        multiplier_words=tuple((str(k), float(v)) for k, v in raw["multiplier_words"].items()),
        money_words=tuple((str(k), float(v)) for k, v in raw["money_words"].items()),
        months=tuple((str(k), int(v)) for k, v in raw["months"].items()),
        month_connectors=tuple(raw["month_connectors"]),
        comparison_markers=tuple(raw["comparison_markers"]),
        strict_comparison_markers=tuple(raw["strict_comparison_markers"]),
        measured_on=tuple(raw["measured_on"]),
        replacing_verbs=tuple(raw["replacing_verbs"]),
        share_units=tuple(raw["share_units"]),
        component_nouns=tuple(raw["component_nouns"]),
        chip_nouns=tuple(raw["chip_nouns"]),
        container_verbs=tuple(raw["container_verbs"]),
        chip_counters=(*raw["piece_counters"], *raw["chip_counters"]),
        chip_kind_words=tuple(raw["chip_kind_words"]),
        trailing_counters=(*raw["piece_counters"], *raw["trailing_counters"]),
        bare_trailing_counters=tuple(raw["bare_trailing_counters"]),
        trailing_count_participles=tuple(raw["trailing_count_participles"]),
        anaphors=tuple(raw["anaphors"]),
        aside_openers=tuple(raw["aside_openers"]),
        enclosing_prepositions=tuple(raw["enclosing_prepositions"]),
        mounting_prepositions=tuple(raw["mounting_prepositions"]),
        mounting_places=tuple(raw["mounting_places"]),
        mounting_place_determiners=tuple(raw["mounting_place_determiners"]),
        hosted_in=tuple(raw["hosted_in"]),
        company_anaphors=tuple(raw["company_anaphors"]),
        source_prepositions=tuple(raw["source_prepositions"]),
        named_system_nouns=tuple(raw["named_system_nouns"]),
        system_naming_words=tuple(raw["system_naming_words"]),
        premodified_system_nouns=tuple(raw["premodified_system_nouns"]),
        system_determiners=tuple(raw["system_determiners"]),
        cluster_software=tuple(raw["cluster_software"]),
        relative_pronouns=tuple(raw["relative_pronouns"]),
        list_conjunctions=tuple(raw["list_conjunctions"]),
        reporting_verbs=tuple(raw["reporting_verbs"]),
        date_openers=tuple(raw["date_openers"]),
        hearsay_openers=tuple(raw["hearsay_openers"]),
        part_nouns=tuple(raw["part_nouns"]),
        inner_part_nouns=tuple(raw["inner_part_nouns"]),
        whole_part_words=tuple(raw["whole_part_words"]),
        rating_verbs=tuple(raw["rating_verbs"]),
        sized_part_nouns=tuple(raw["sized_part_nouns"]),
        usage_time_nouns=tuple(raw["usage_time_nouns"]),
        measured_nouns=tuple(raw["measured_nouns"]),
        comparatives=tuple(raw["comparatives"]),
        improvement_words=tuple(raw["improvement_words"]),
        modifier_suffixes=tuple(raw["modifier_suffixes"]),
        subject_verbs=tuple(raw["subject_verbs"]),
        counted_item_words=tuple(raw["counted_item_words"]),
        rate_suffixes=tuple((str(k), tuple(v)) for k, v in raw["rate_suffixes"].items()),
        participle_openers=tuple(raw["participle_openers"]),
        superseded_markers=tuple(raw["superseded_markers"]),
        retraction_openers=tuple(raw["retraction_openers"]),
        revised_assumptions=tuple(raw["revised_assumptions"]),
        numbered_revisions=tuple(raw["numbered_revisions"]),
        retraction_verbs=tuple(raw["retraction_verbs"]),
        retractions_after=tuple(raw["retractions_after"]),
        fake_verdicts=tuple(raw["fake_verdicts"]),
        year_description_nouns=tuple(raw["year_description_nouns"]),
        plan_step_nouns=tuple(raw["plan_step_nouns"]),
        share_price_verbs=tuple(raw["share_price_verbs"]),
        funding_words=tuple(raw["funding_words"]),
        share_nouns=tuple(raw["share_nouns"]),
        aggregate_price_nouns=tuple(raw["aggregate_price_nouns"]),
        price_target_nouns=tuple(raw["price_target_nouns"]),
        financial_statement_nouns=tuple(raw.get("financial_statement_nouns", ())),
        property_nouns=tuple(raw.get("property_nouns", ())),
        financial_item_links=tuple(raw.get("financial_item_links", ())),
        property_price_links=tuple(raw.get("property_price_links", ())),
        withdrawn_headers=tuple(raw["withdrawn_headers"]),
        reading_headers=tuple(raw["reading_headers"]),
        measured_peak_headers=tuple(raw["measured_peak_headers"]),
        setting_headers=tuple(raw["setting_headers"]),
        rating_headers=tuple(raw["rating_headers"]),
        setting_marks=tuple(raw["setting_marks"]),
        clause_subject_determiners=tuple(raw["clause_subject_determiners"]),
        repetition_verbs=tuple(raw["repetition_verbs"]),
        carrier_nouns=tuple(raw["carrier_nouns"]),
        baseline_determiners=tuple(raw["baseline_determiners"]),
        total_row_words=tuple(raw["total_row_words"]),
        multiplier_of_words=tuple(raw["multiplier_of_words"]),
        multiplier_on_words=tuple(raw["multiplier_on_words"]),
        multiplier_of_articles=tuple(raw["multiplier_of_articles"]),
        reference_headings=tuple(raw["reference_headings"]),
        conditionals=tuple(raw["conditionals"]),
        non_cues=tuple(raw["non_cues"]),
        field_headers=tuple(raw["field_headers"]),
        discount_headers=tuple(raw["discount_headers"]),
        total_headers=tuple(raw["total_headers"]),
        commitment_headers=tuple(raw["commitment_headers"]),
        description_headers=tuple(raw["description_headers"]),
        accessory_nouns=tuple(raw["accessory_nouns"]),
        bare_price_headers=tuple(raw["bare_price_headers"]),
        price_term_words=tuple(raw.get("price_term_words", ())),
        other_currencies=tuple(raw["other_currencies"]),
        indian_currency=tuple(raw["indian_currency"]),
        issue_nouns=tuple(raw["issue_nouns"]),
        issue_number_marks=tuple(str(word) for word in raw["issue_number_marks"]),
        from_range_closers=tuple(str(word) for word in raw["from_range_closers"]),
        notation_bounds=tuple((str(word), str(bound)) for word, bound in raw["notation_bounds"].items()),
        slash_alternative_units=tuple(raw["slash_alternative_units"]),
        bundle_nouns=tuple(raw["bundle_nouns"]),
        bundle_openers=tuple(raw["bundle_openers"]),
        spend_headers=tuple(raw["spend_headers"]),
        unit_price_headers=tuple(raw["unit_price_headers"]),
        usage_unit_headers=tuple(raw["usage_unit_headers"]),
        usage_time_units=tuple(
            (str(rate), tuple(map(str, texts))) for rate, texts in raw["usage_time_units"].items()
        ),
        usage_rate_nouns=tuple(raw["usage_rate_nouns"]),
        rate_hour_words=tuple(raw["rate_hour_words"]),
        attachment_phrases=tuple(raw["attachment_phrases"]),
        total_markers=tuple(raw["total_markers"]),
        per_device_notes=tuple(raw["per_device_notes"]),
        quantity_headers=tuple(raw["quantity_headers"]),
        unnamed_machine_nouns=tuple(raw["unnamed_machine_nouns"]),
        product_line_nouns=tuple(raw["product_line_nouns"]),
        machine_group_nouns=tuple(raw["machine_group_nouns"]),
        rental_verbs=tuple(raw["rental_verbs"]),
        fraction_words=tuple(raw["fraction_words"]),
        both_rate_nouns=tuple(raw["both_rate_nouns"]),
        partitive_relatives=tuple(raw["partitive_relatives"]),
        reassignment_copulas=tuple(raw["reassignment_copulas"]),
        reassignment_nouns=tuple(raw["reassignment_nouns"]),
        answer_openers=tuple(raw["answer_openers"]),
        answer_copulas=tuple(raw["answer_copulas"]),
        variant_nouns=tuple(raw["variant_nouns"]),
        written_variant_nouns=tuple(raw["written_variant_nouns"]),
        cued_units=tuple((str(word), str(expr)) for word, expr in raw["cued_units"].items()),
        device_headers=tuple(raw["device_headers"]),
        peak_rate_headers=tuple(raw["peak_rate_headers"]),
        relation_headers=tuple(raw["relation_headers"]),
        relation_key_words=tuple(raw["relation_key_words"]),
        multiplier_headers=tuple(raw["multiplier_headers"]),
        ratio_key_words=tuple(raw.get("ratio_key_words", ())),
        ratio_key_baselines=tuple(raw.get("ratio_key_baselines", ())),
        conversion_words=tuple(raw["conversion_words"]),
        conversion_currencies=tuple(raw["conversion_currencies"]),
        conversion_links=tuple(raw["conversion_links"]),
        unit_headers=tuple(raw["unit_headers"]),
        memory_headers=tuple(raw["memory_headers"]),
        function_words=tuple(dict.fromkeys(str(word) for word in raw["function_words"])),
        series_nouns=tuple(raw["series_nouns"]),
        increase_verbs=tuple(raw["increase_verbs"]),
        increase_comparatives=tuple(raw["increase_comparatives"]),
        setting_openers=tuple(raw["setting_openers"]),
        settable_modals=tuple(raw.get("settable_modals", ())),
        doubted_figure_nouns=tuple(raw.get("doubted_figure_nouns", ())),
        doubted_figure_links=tuple(raw.get("doubted_figure_links", ())),
        action_modals=tuple(raw["action_modals"]),
        settable_actions=tuple(raw["settable_actions"]),
        operator_settings=tuple(raw.get("operator_settings", ())),
        local_places=tuple(raw.get("local_places", ())),
        local_setting_verbs=tuple(raw.get("local_setting_verbs", ())),
        each_holding_words=tuple(raw.get("each_holding_words", ())),
        ratio_nouns=tuple(raw.get("ratio_nouns", ())),
        setting_gerunds=tuple(raw.get("setting_gerunds", ())),
        setting_imperatives=tuple(raw.get("setting_imperatives", ())),
        performance_share_nouns=tuple(raw.get("performance_share_nouns", ())),
        pricing_verbs=tuple(raw.get("pricing_verbs", ())),
        below_words=tuple(raw.get("below_words", ())),
        pronoun_openers=tuple(raw["pronoun_openers"]),
        change_verbs=tuple(raw["change_verbs"]),
        decrease_comparatives=tuple(raw["decrease_comparatives"]),
        replacement_openers=tuple(raw["replacement_openers"]),
        restatement_openers=tuple(raw["restatement_openers"]),
        restatement_verbs=tuple(raw.get("restatement_verbs", ())),
        later_change_adverbs=tuple(raw.get("later_change_adverbs", ())),
        later_change_verbs=tuple(raw.get("later_change_verbs", ())),
        later_change_objects=tuple(raw.get("later_change_objects", ())),
        correction_change_verbs=tuple(raw.get("correction_change_verbs", ())),
        translator_note_openers=tuple(raw["translator_note_openers"]),
        consumption_nouns=tuple(raw["consumption_nouns"]),
        customer_classes=tuple(raw["customer_classes"]),
        tax_nouns=tuple(raw["tax_nouns"]),
        discount_nouns=tuple(raw["discount_nouns"]),
        discount_off_words=tuple(raw["discount_off_words"]),
        discount_off_followers=tuple(raw["discount_off_followers"]),
        discount_off_volume_words=tuple(raw["discount_off_volume_words"]),
        discount_period_words=tuple(raw["discount_period_words"]),
        correction_openers=tuple(raw["correction_openers"]),
        correction_copulas=tuple(raw["correction_copulas"]),
        correction_copula_adverbs=tuple(raw["correction_copula_adverbs"]),
        correction_adjectives=tuple(raw["correction_adjectives"]),
        quote_header_openers=tuple(raw["quote_header_openers"]),
        quote_header_endings=tuple(raw["quote_header_endings"]),
        multiplier_comparisons=tuple(raw["multiplier_comparisons"]),
        multiplier_articles=tuple(raw["multiplier_articles"]),
        multiplier_output_nouns=tuple(raw["multiplier_output_nouns"]),
        multiplier_measure_words=tuple(raw["multiplier_measure_words"]),
        pair_joiners=tuple(raw["pair_joiners"]),
        designator_nouns=tuple(raw["designator_nouns"]),
        designator_number_marks=tuple(raw["designator_number_marks"]),
        host_counts=tuple(raw["host_counts"]),
        host_memory_types=tuple(raw["host_memory_types"]),
        host_memory_labels=tuple(raw["host_memory_labels"]),
        device_memory_denials=tuple(raw["device_memory_denials"]),
        host_nouns=tuple(raw.get("host_nouns", ())),
        host_processor_nouns=tuple(raw["host_processor_nouns"]),
        accelerator_nouns=tuple(raw["accelerator_nouns"]),
        free_memory_words=tuple(raw["free_memory_words"]),
        usable_memory_words=tuple(raw["usable_memory_words"]),
        accelerator_memory_types=tuple(raw["accelerator_memory_types"]),
        form_factor_words=tuple(raw["form_factor_words"]),
        module_form_words=tuple(raw["module_form_words"]),
        stated_size_followers=tuple(raw["stated_size_followers"]),
        dangling_words=tuple(raw["dangling_words"]),
        chip_noun_singulars=tuple(raw["chip_noun_singulars"]),
        off_chip_memory_words=tuple(raw["off_chip_memory_words"]),
        supporting_die_nouns=tuple(raw["supporting_die_nouns"]),
        talk_openers=tuple(raw["talk_openers"]),
        configuration_nouns=tuple(raw["configuration_nouns"]),
        hosting_prepositions=tuple(raw["hosting_prepositions"]),
        margin_verbs=tuple(raw["margin_verbs"]),
        row_id_headers=tuple(str(word) for word in raw["row_id_headers"]),
        requirement_headers=tuple(raw["requirement_headers"]),
        offer_headers=tuple(raw["offer_headers"]),
        rank_fields=tuple(raw["rank_fields"]),
        weekdays=tuple(raw["weekdays"]),
        unnamed_device_articles=tuple(raw["unnamed_device_articles"]),
        relation_nouns=tuple(raw["relation_nouns"]),
        relation_links=tuple(raw.get("relation_links", ())),
        threshold_openers=tuple(raw["threshold_openers"]),
        limit_determiners=tuple(raw.get("limit_determiners", ())),
        required_limit_nouns=tuple(raw.get("required_limit_nouns", ())),
        requirement_participles=tuple(raw.get("requirement_participles", ())),
        attributive_requirement_nouns=tuple(raw.get("attributive_requirement_nouns", ())),
        requirement_determiners=tuple(raw.get("requirement_determiners", ())),
        wish_verbs=tuple(raw["wish_verbs"]),
        wish_nouns=tuple(raw["wish_nouns"]),
        wish_bounds=tuple(raw["wish_bounds"]),
        owned_limit_nouns=tuple(raw.get("owned_limit_nouns") or ()),
        owner_words=tuple(raw.get("owner_words") or ()),
        threshold_closers=tuple(raw["threshold_closers"]),
        bounds_after=tuple(raw["bounds_after"]),
        comma_notation_cues=tuple(raw["comma_notation_cues"]),
        day_first_cues=tuple(raw["day_first_cues"]),
        refutation_subjects=tuple(raw["refutation_subjects"]),
        refutation_verbs=tuple(raw["refutation_verbs"]),
        refutation_adverbs=tuple(raw["refutation_adverbs"]),
        refutation_predicates=tuple(raw["refutation_predicates"]),
        refutation_reporters=tuple(raw.get("refutation_reporters", ())),
        refutation_verdicts=tuple(raw["refutation_verdicts"]),
        attribution_verbs=tuple(raw.get("attribution_verbs", ())),
        withdrawal_predicates=tuple(raw.get("withdrawal_predicates", ())),
        reversion_subjects=tuple(raw["reversion_subjects"]),
        reversion_verbs=tuple(raw["reversion_verbs"]),
        removal_subjects=tuple(raw["removal_subjects"]),
        removal_reasons=tuple(raw["removal_reasons"]),
        removal_verbs=tuple(raw["removal_verbs"]),
        removal_places=tuple(raw["removal_places"]),
        removal_pronouns=tuple(raw["removal_pronouns"]),
        removal_determiners=tuple(raw["removal_determiners"]),
        record_removal_verbs=tuple(raw["record_removal_verbs"]),
        removed_record_nouns=tuple(raw["removed_record_nouns"]),
        removal_place_prepositions=tuple(raw["removal_place_prepositions"]),
        removal_place_determiners=tuple(raw["removal_place_determiners"]),
        removal_adverbs=tuple(raw["removal_adverbs"]),
        removal_joiners=tuple(raw["removal_joiners"]),
        roadmap_nouns=tuple(raw["roadmap_nouns"]),
        recap_openers=tuple(raw["recap_openers"]),
        fix_openers=tuple(raw["fix_openers"]),
        question_openers=tuple(raw["question_openers"]),
        alternative_joiners=tuple(raw["alternative_joiners"]),
        hedges_after=tuple(raw["hedges_after"]),
        error_nouns=tuple(raw["error_nouns"]),
        rating_phrases=tuple(raw["rating_phrases"]),
        volume_nouns=tuple(raw["volume_nouns"]),
        storage_nouns=tuple(raw["storage_nouns"]),
        quota_nouns=tuple(raw["quota_nouns"]),
        incident_verbs=tuple(raw["incident_verbs"]),
        rival_count_verbs=tuple(raw["rival_count_verbs"]),
        increment_words=tuple(raw["increment_words"]),
        item_number_nouns=tuple(raw["item_number_nouns"]),
        bare_amount_nouns=tuple(raw["bare_amount_nouns"]),
        superseding_words=tuple(raw["superseding_words"]),
        correct_sentence_openers=tuple(raw.get("correct_sentence_openers", ())),
        correct_sentence_copulas=tuple(raw.get("correct_sentence_copulas", ())),
        correct_sentence_links=tuple(raw.get("correct_sentence_links", ())),
        superseded_verdicts=tuple(raw.get("superseded_verdicts", ())),
        back_reference_words=tuple(raw["back_reference_words"]),
        charge_nouns=tuple(raw["charge_nouns"]),
        making_costs=tuple(raw["making_costs"]),
        measure_nouns=tuple(raw["measure_nouns"]),
        appliance_nouns=tuple(raw["appliance_nouns"]),
        host_cpu_brands=tuple(raw["host_cpu_brands"]),
        size_units=tuple(raw["size_units"]),
        auxiliary_core_words=tuple(raw.get("auxiliary_core_words", ())),
        host_core_words=tuple(raw.get("host_core_words", ())),
        host_socket_nouns=tuple(raw["host_socket_nouns"]),
        sale_prepositions=tuple(raw["sale_prepositions"]),
        launch_price_verbs=tuple(raw["launch_price_verbs"]),
        header_glossary=tuple((str(k), str(v)) for k, v in raw["header_glossary"].items()),
        place_nouns=tuple(raw["place_nouns"]),
        region_directions=tuple(raw["region_directions"]),
        place_prepositions=tuple(raw["place_prepositions"]),
        rental_nouns=tuple(raw["rental_nouns"]),
        dotted_name_endings=tuple(raw["dotted_name_endings"]),
        place_headers=tuple(raw["place_headers"]),
        host_part_headers=tuple(raw["host_part_headers"]),
        form_factor_headers=tuple(raw["form_factor_headers"]),
        board_form_words=tuple(raw["board_form_words"]),
        host_cpu_headers=tuple(raw["host_cpu_headers"]),
        whole_machine_phrases=tuple(raw["whole_machine_phrases"]),
        whole_system_openers=tuple(raw["whole_system_openers"]),
        whole_product_nouns=tuple(raw["whole_product_nouns"]),
        priced_item_nouns=tuple(raw["priced_item_nouns"]),
        unit_purchase_verbs=tuple(raw["unit_purchase_verbs"]),
        item_price_joiners=tuple(raw["item_price_joiners"]),
        item_price_hedges=tuple(raw["item_price_hedges"]),
        node_share_openers=tuple(raw["node_share_openers"]),
        node_share_verbs=tuple(raw["node_share_verbs"]),
        node_share_plurals=tuple(raw["node_share_plurals"]),
        node_share_closers=tuple(raw["node_share_closers"]),
        node_share_named=tuple(raw["node_share_named"]),
        operator_cues=tuple(raw["operator_cues"]),
        operator_cues_after=tuple(raw["operator_cues_after"]),
        idle_words=tuple(raw["idle_words"]),
        idle_hedges=tuple(raw["idle_hedges"]),
        idle_openers=tuple(raw["idle_openers"]),
        idle_reading_verbs=tuple(raw["idle_reading_verbs"]),
        product_limits=tuple(raw["product_limits"]),
        site_points=tuple(raw["site_points"]),
        vendor_cues=tuple(raw["vendor_cues"]),
        status_headers=tuple(raw["status_headers"]),
        verdict_headers=tuple(raw["verdict_headers"]),
        status_refuted=tuple(raw["status_refuted"]),
        status_superseded=tuple(raw["status_superseded"]),
        status_hedged=tuple(raw["status_hedged"]),
        status_confirmed=tuple(raw["status_confirmed"]),
        note_headers=tuple(raw["note_headers"]),
        refuted_figure_nouns=tuple(raw["refuted_figure_nouns"]),
        price_differences=tuple(raw["price_differences"]),
        other_date_events=tuple(raw["other_date_events"]),
        expectation_cues=tuple(raw["expectation_cues"]),
        figure_nouns=tuple(raw["figure_nouns"]),
        question_formulas=tuple(raw["question_formulas"]),
        energy_denominators=tuple(raw["energy_denominators"]),
        throughput_denominators=tuple(raw["throughput_denominators"]),
        single_unit_words=tuple(raw["single_unit_words"]),
        clause_conjunctions=tuple(raw["clause_conjunctions"]),
        new_clause_conjunctions=tuple(raw["new_clause_conjunctions"]),
        contrast_conjunctions=tuple(raw["contrast_conjunctions"]),
        sum_words=tuple(raw["sum_words"]),
        rate_prepositions=tuple(raw["rate_prepositions"]),
        part_rate_words=tuple(raw["part_rate_words"]),
        single_counts=tuple(raw["single_counts"]),
        articles=tuple(raw["articles"]),
        wrapping_words=tuple(str(word) for word in raw["wrapping_words"]),
        figure_owner_openers=tuple(raw["figure_owner_openers"]),
        ratio_prepositions=tuple(raw["ratio_prepositions"]),
        approximators=tuple(raw["approximators"]),
        each_of_verbs=tuple(raw["each_of_verbs"]),
        distributive_words=tuple(raw["distributive_words"]),
        one_unit_phrases=tuple(str(phrase) for phrase in raw["one_unit_phrases"]),
        subject_pronouns=tuple(raw["subject_pronouns"]),
        locative_prepositions=tuple(raw["locative_prepositions"]),
        attribute_compounds=tuple(raw["attribute_compounds"]),
        each_of_openers=tuple(raw["each_of_openers"]),
        definite_determiners=tuple(raw["definite_determiners"]),
        noun_determiners=tuple(raw["noun_determiners"]),
        part_determiners=tuple(raw["part_determiners"]),
        apiece_words=tuple(raw["apiece_words"]),
        gloss_openers=tuple(raw["gloss_openers"]),
        relative_quantifiers=tuple(raw["relative_quantifiers"]),
        one_pronoun_phrases=tuple(raw["one_pronoun_phrases"]),
        one_pronoun_before=tuple(raw["one_pronoun_before"]),
        one_part_before=tuple(raw["one_part_before"]),
        figure_noun_links=tuple(raw["figure_noun_links"]),
        having_prepositions=tuple(raw["having_prepositions"]),
        shared_unit_nouns=tuple(raw["shared_unit_nouns"]),
        pair_nouns=tuple(raw["pair_nouns"]),
        shared_holding_verbs=tuple(raw["shared_holding_verbs"]),
        pair_subject_verbs=tuple(raw["pair_subject_verbs"]),
        ordinal_words=tuple((str(k), int(v)) for k, v in raw["ordinal_words"].items()),
        generation_nouns=tuple(
            (str(k), tuple(str(w) for w in v)) for k, v in raw["generation_nouns"].items()
        ),
        generation_ordinals=tuple(tuple(str(w) for w in forms) for forms in raw["generation_ordinals"]),
        quarter_nouns=tuple(raw["quarter_nouns"]),
        half_nouns=tuple(raw["half_nouns"]),
        status_prepositions=tuple(raw["status_prepositions"]),
        quarter_prepositions=tuple(raw["quarter_prepositions"]),
        year_part_words=tuple((str(k), str(v)) for k, v in raw["year_part_words"].items()),
        date_marks=tuple((str(k), tuple(str(w) for w in v)) for k, v in raw["date_marks"].items()),
        table_pointers=tuple(raw["table_pointers"]),
        card_share_phrases=tuple(raw["card_share_phrases"]),
        card_nouns=tuple(raw["card_nouns"]),
        committed_rate_nouns=tuple(raw["committed_rate_nouns"]),
        site_cap_phrases=tuple(raw["site_cap_phrases"]),
        setting_change_verbs=tuple(raw["setting_change_verbs"]),
        share_openers=tuple(raw["share_openers"]),
        partition_cues=tuple(raw["partition_cues"]),
        slice_nouns=tuple(raw["slice_nouns"]),
        unit_basis_phrases=tuple(raw["unit_basis_phrases"]),
        restated_referents=tuple(raw["restated_referents"]),
        subject_reassignment_verbs=tuple(raw["subject_reassignment_verbs"]),
        reassignment_pointers=tuple(raw.get("reassignment_pointers", ())),
        ownership_verbs=tuple(raw.get("ownership_verbs", ())),
        source_possessive_nouns=tuple(raw.get("source_possessive_nouns", ())),
        whole_total_nouns=tuple(raw.get("whole_total_nouns", ())),
        tag_question_words=tuple(raw["tag_question_words"]),
        tag_question_auxiliaries=tuple(raw["tag_question_auxiliaries"]),
        tag_question_pronouns=tuple(raw["tag_question_pronouns"]),
        respective_words=tuple(raw["respective_words"]),
        joint_quantifiers=tuple(raw["joint_quantifiers"]),
        distributives_after=tuple(raw["distributives_after"]),
        pair_pronouns=tuple(raw["pair_pronouns"]),
        fiscal_year_marks=tuple(raw["fiscal_year_marks"]),
        other_year_words=tuple(raw["other_year_words"]),
        hearsay_verbs=tuple(raw["hearsay_verbs"]),
        dismissal_verbs=tuple(raw["dismissal_verbs"]),
        time_held_phrases=tuple(raw["time_held_phrases"]),
        offering_prepositions=tuple(raw["offering_prepositions"]),
        open_line_prepositions=tuple(raw["open_line_prepositions"]),
        place_words=tuple(raw["place_words"]),
        question_clause_openers=tuple(raw["question_clause_openers"]),
        bare_question_clause_openers=tuple(raw["bare_question_clause_openers"]),
        trailing_question_additions=tuple(raw.get("trailing_question_additions", ())),
        trailing_question_doubts=tuple(raw.get("trailing_question_doubts", ())),
        issue_date_links=tuple(raw["issue_date_links"]),
        deployment_owners=tuple(str(word) for word in raw["deployment_owners"]),
        deployment_nouns=tuple(str(word) for word in raw["deployment_nouns"]),
        trial_phrases=tuple(str(word) for word in raw["trial_phrases"]),
        purchase_verbs=tuple(str(word) for word in raw["purchase_verbs"]),
        past_copulas=tuple(raw["past_copulas"]),
        subject_articles=tuple(raw["subject_articles"]),
        change_from_words=tuple(str(word) for word in raw["change_from_words"]),
        change_to_words=tuple(str(word) for word in raw["change_to_words"]),
        bare_holding_verbs=tuple(str(word) for word in raw["bare_holding_verbs"]),
        own_earlier_subjects=tuple(str(word) for word in raw["own_earlier_subjects"]),
        own_earlier_verbs=tuple(str(word) for word in raw["own_earlier_verbs"]),
        own_earlier_objects=tuple(str(word) for word in raw["own_earlier_objects"]),
        own_earlier_times=tuple(str(word) for word in raw["own_earlier_times"]),
        short_of_phrases=tuple(str(word) for word in raw["short_of_phrases"]),
        short_of_owners=tuple(str(word) for word in raw["short_of_owners"]),
        short_of_rating_kinds=tuple(str(word) for word in raw["short_of_rating_kinds"]),
        rating_qualifiers=tuple(str(word) for word in raw["rating_qualifiers"]),
        rating_nouns=tuple(str(word) for word in raw["rating_nouns"]),
        release_prepositions=tuple(str(word) for word in raw["release_prepositions"]),
        release_nouns=tuple(str(word) for word in raw["release_nouns"]),
        glued_release_marks=tuple(str(word) for word in raw["glued_release_marks"]),
        replacing_links=tuple(str(word) for word in raw["replacing_links"]),
        retraction_pronouns=tuple(str(word) for word in raw["retraction_pronouns"]),
        retracted_objects=tuple(str(word) for word in raw["retracted_objects"]),
        retracted_determiners=tuple(str(word) for word in raw["retracted_determiners"]),
        retracted_links=tuple(str(word) for word in raw["retracted_links"]),
        revision_prepositions=tuple(str(word) for word in raw["revision_prepositions"]),
        revision_nouns=tuple(str(word) for word in raw["revision_nouns"]),
        retiring_retractions=tuple(str(word) for word in raw["retiring_retractions"]),
        retiring_prepositions=tuple(str(word) for word in raw["retiring_prepositions"]),
        dismissal_adverbs=tuple(str(word) for word in raw["dismissal_adverbs"]),
        dismissed_pronouns=tuple(str(word) for word in raw["dismissed_pronouns"]),
        dismissed_nouns=tuple(str(word) for word in raw["dismissed_nouns"]),
        list_joiners=tuple(str(word) for word in raw["list_joiners"]),
        list_articles=tuple(str(word) for word in raw["list_articles"]),
        listed_totals=tuple(str(word) for word in raw["listed_totals"]),
        listed_total_tails=tuple(str(word) for word in raw["listed_total_tails"]),
        date_list_prepositions=tuple(str(word) for word in raw["date_list_prepositions"]),
        figure_list_prepositions=tuple(str(word) for word in raw["figure_list_prepositions"]),
        figure_list_quantifiers=tuple(str(word) for word in raw["figure_list_quantifiers"]),
        list_comparison_words=tuple(str(word) for word in raw["list_comparison_words"]),
        each_place_prepositions=tuple(str(word) for word in raw["each_place_prepositions"]),
        owning_prepositions=tuple(str(word) for word in raw["owning_prepositions"]),
        name_of_prepositions=tuple(str(word) for word in raw["name_of_prepositions"]),
        each_label_words=tuple(str(word) for word in raw["each_label_words"]),
        figure_coordinators=tuple(raw["figure_coordinators"]),
        joined_date_prepositions=tuple(raw["joined_date_prepositions"]),
        named_after_prepositions=tuple(raw["named_after_prepositions"]),
        need_verbs=tuple(raw["need_verbs"]),
        need_approximators=tuple(raw["need_approximators"]),
        then_date_prepositions=tuple(raw["then_date_prepositions"]),
        copulas=tuple(raw["copulas"]),
        phrase_break_conjunctions=tuple(raw["phrase_break_conjunctions"]),
        figure_owner_links=tuple(raw["figure_owner_links"]),
        count_holding_words=tuple(raw["count_holding_words"]),
        price_hedges=tuple(raw["price_hedges"]),
        clause_subject_pronouns=tuple(raw["clause_subject_pronouns"]),
        share_of_pronouns=tuple(raw["share_of_pronouns"]),
        apposition_hedges=tuple(raw["apposition_hedges"]),
        described_base_determiners=tuple(raw["described_base_determiners"]),
        product_next_articles=tuple(raw["product_next_articles"]),
        base_age_words=tuple(raw["base_age_words"]),
        measure_pronouns=tuple(raw.get("measure_pronouns", ())),
        object_prepositions=tuple(raw["object_prepositions"]),
        premodifier_determiners=tuple(raw["premodifier_determiners"]),
        elided_prepositions=tuple(raw["elided_prepositions"]),
        elided_determiners=tuple(raw["elided_determiners"]),
        indefinite_openers=tuple(raw["indefinite_openers"]),
        owner_verbs=tuple(raw["owner_verbs"]),
        owner_verb_hedges=tuple(raw["owner_verb_hedges"]),
        level_verbs=tuple(raw["level_verbs"]),
        level_adverbs=tuple(raw["level_adverbs"]),
        figure_noun_stops=tuple(raw["figure_noun_stops"]),
        part_clause_conjunctions=tuple(raw["part_clause_conjunctions"]),
        colon_lead_copulas=tuple(raw["colon_lead_copulas"]),
        colon_lead_words=tuple(raw["colon_lead_words"]),
        contrast_noun_prepositions=tuple(raw["contrast_noun_prepositions"]),
        bundle_determiners=tuple(raw["bundle_determiners"]),
        other_part_determiners=tuple(raw["other_part_determiners"]),
        each_having_words=tuple(raw["each_having_words"]),
        group_determiners=tuple(raw["group_determiners"]),
        group_adverbs=tuple(raw["group_adverbs"]),
        group_verbs=tuple(raw["group_verbs"]),
        whole_determiners=tuple(raw["whole_determiners"]),
        whole_adverbs=tuple(raw["whole_adverbs"]),
        part_size_prepositions=tuple(raw["part_size_prepositions"]),
        counted_chip_size_links=tuple(raw.get("counted_chip_size_links", ())),
        variant_size_units=tuple(raw.get("variant_size_units", ())),
        hosted_determiners=tuple(raw["hosted_determiners"]),
        joined_verb_conjunctions=tuple(raw["joined_verb_conjunctions"]),
        joined_verb_adverbs=tuple(raw["joined_verb_adverbs"]),
        figure_hedges=tuple(raw["figure_hedges"]),
        derived_openers=tuple(raw["derived_openers"]),
        elided_links=tuple(raw["elided_links"]),
        elided_adverbs=tuple(raw["elided_adverbs"]),
        count_label_words=tuple(raw["count_label_words"]),
        each_unit_having_words=tuple(raw["each_unit_having_words"]),
        date_scope_prepositions=tuple(raw["date_scope_prepositions"]),
        baseline_phrase_markers=tuple(raw["baseline_phrase_markers"]),
        listed_distributives=tuple((str(k), int(v)) for k, v in raw["listed_distributives"].items()),
        list_counts=tuple((str(k), int(v)) for k, v in raw["list_counts"].items()),
    )


def says_any(text: str, phrases: tuple[str, ...]) -> bool:
    """Return True when ``text`` holds one of ``phrases`` as words, in any case ("French notation")."""
    return bool(phrases) and phrase_pattern(phrases).search(text) is not None


def holds(text: str, words: str) -> bool:
    """Return True when ``words`` stand in ``text`` as written, as whole words (no letter, digit,
    ``-`` or ``_`` on either side)."""
    start = text.find(words)
    while start != -1:
        end = start + len(words)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or before in "-_") and not (after.isalnum() or after in "-_"):
            return True
        start = text.find(words, start + 1)
    return False


def phrase_pattern(phrases: tuple[str, ...]) -> FoldedPattern:
    """Return a case-insensitive pattern matching any of ``phrases`` as words; none match no text."""
    # folded: a case-insensitive alternation over a whole document is slow in plain ``re``
    return compile_folded(alternation(phrases), re.IGNORECASE)


def alternation(
    phrases: tuple[str, ...] | list[str],
    *,
    words: bool = True,
    digits_after: bool = False,
    hyphens: bool = True,
) -> str:
    """Return a regex alternation of phrases, longest first, whose inner spaces match any run of
    spaces or hyphens ("in-processor-memory" for "in-processor memory").

    With ``words`` the alternation is wrapped in word-boundary guards that also work
    for phrases starting or ending with punctuation ("~", "vs."); ``digits_after``
    lets a digit follow directly, as in scraped text ("HBM bandwidth2765 GBps"); without
    ``hyphens`` inner spaces match only whitespace ("in all" is no "in-all").
    """
    return _alternation(tuple(phrases), words, digits_after, hyphens)


def either(phrases: tuple[str, ...]) -> str:
    """Return a bare regex alternation of ``phrases`` (no word guards; inner spaces match any whitespace)."""
    return alternation(phrases, words=False, hyphens=False)


@lru_cache(maxsize=4096)
def _alternation(phrases: tuple[str, ...], words: bool, digits_after: bool, hyphens: bool) -> str:
    # Cached: an extractor copied for a document's own names builds the same alternations again.
    ordered = sorted({p for p in phrases if p}, key=len, reverse=True)
    gap = r"[\s\-]+" if hyphens else r"\s+"  # "in-processor memory"
    body = "|".join(re.escape(p).replace(r"\ ", gap) for p in ordered)
    if not words:
        return f"(?:{body})"
    after = r"(?![A-Za-z_])" if digits_after else r"(?![\w])"
    return rf"(?<![\w])(?:{body}){after}" if body else r"(?!x)x"
