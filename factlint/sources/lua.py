"""Lua table files (.lua) read as documents of records and prose, through the HCL reader.

A Lua module that returns nested tables (``M.chips = { ["TPU v7"] = { hbm_gb = 192 } }``)
writes the bodies, objects and comments of HCL in other punctuation, so ``lualex`` rewrites its
tokens into HCL's shape and ``hcl`` reads them as it reads a Terraform variables file
(decision 0121): each table a data record named by its key whose key names carry the units,
each comment run a paragraph. See decision 0247.
"""

from __future__ import annotations

from collections.abc import Sequence

from factlint.sources.hcl import HclDocument, hcl_document
from factlint.sources.hclparse import parse_tokens
from factlint.sources.lualex import lua_tokens

LUA_SUFFIXES = frozenset({".lua"})


def parse_lua_file(lines: Sequence[str]) -> HclDocument:
    """Return the record rows and prose paragraphs of a Lua file's ``lines``, in file order."""
    return hcl_document(parse_tokens(lua_tokens("\n".join(lines))))
