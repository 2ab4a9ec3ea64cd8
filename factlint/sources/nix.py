"""Nix expressions (.nix) read as documents of records and prose, through the HCL reader.

A Nix file holding data (a scheduler's catalogue in a flake, a module's settings) states its
figures as attribute sets (``"H200" = mkDevice "H200" { hbm_gb = 141; tdp_w = 700; };``), lists and
``#`` comments: the bodies, objects and comments of HCL in other punctuation, so ``nixlex``
rewrites its tokens into HCL's shape and ``hcl`` reads them as it reads a Terraform variables
file (decision 0121): each set a data record named by its key whose key names carry the units,
each comment run a paragraph. See decision 0261.
"""

from __future__ import annotations

from collections.abc import Sequence

from factlint.sources.hcl import HclDocument, hcl_document
from factlint.sources.hclparse import parse_tokens
from factlint.sources.nixlex import nix_tokens

NIX_SUFFIXES = frozenset({".nix"})


def parse_nix_file(lines: Sequence[str]) -> HclDocument:
    """Return the record rows and prose paragraphs of a Nix file's ``lines``, in file order."""
    return hcl_document(parse_tokens(nix_tokens("\n".join(lines))))
