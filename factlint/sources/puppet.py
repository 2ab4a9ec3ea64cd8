"""Puppet manifests (.pp) read as documents of records and prose, through the HCL reader.

A manifest states a machine's figures as the parameters of a resource or class declaration
(``class { 'profile::gpu_host': accel_mem_gb => 80, board_power_w => 700 }``), in hashes
(``$burst = { 'p4d.24xlarge' => { 'hourly_usd' => 32.77 } }``) and in comments. These are
the bodies, objects and comments of HCL in other punctuation, so ``puppetlex`` rewrites the
tokens into HCL's shape and ``hcl`` reads them as it reads a Terraform module (decision
0121): each body a data record whose keys carry the units, each comment run a paragraph.
See decision 0225.
"""

from __future__ import annotations

from collections.abc import Sequence

from factlint.sources.hcl import HclDocument, hcl_document
from factlint.sources.hclparse import parse_tokens
from factlint.sources.puppetlex import puppet_tokens

PUPPET_SUFFIXES = frozenset({".pp"})


def parse_puppet_file(lines: Sequence[str]) -> HclDocument:
    """Return the record rows and prose paragraphs of a Puppet manifest's ``lines``, in file order."""
    return hcl_document(parse_tokens(puppet_tokens("\n".join(lines))))
