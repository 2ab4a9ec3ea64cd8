"""Docker Compose files read as documents: service settings are no claims, labels and comments are.

A compose file's services say what runs (image tags, commands, environment), how much of the host
it may take (``shm_size: 64gb``, ``mem_limit``, ``cpus``) and on how many devices (``deploy``
reservations with ``count: 2``): the writer's settings, not any product's figures. Its labels and
its ``x-`` extension fields (often YAML anchors merged into labels with ``<<: *anchor``) describe
the hardware, and its comments talk about it. Every service is read without the subtrees of its
setting keys (``compose.yaml``); the rest goes through the data-file reading of any YAML file.
See decision 0166.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import yaml

from factlint.models import Block
from factlint.sources.datablocks import data_keys
from factlint.sources.labelkeys import label_field
from factlint.sources.packaged import packaged_file
from factlint.sources.yamlscalars import key_text

_SERVICES = "services"


@dataclass(frozen=True)
class _Span:
    """The 1-based lines of a service or an extension field, and the product its labels name."""

    first_line: int
    last_line: int
    title: str


@cache
def _keys(group: str) -> frozenset[str]:
    """Return the keys of ``group`` ("service_marks", "service_settings") in ``compose.yaml``."""
    return frozenset(packaged_file("factlint.sources", "compose.yaml").words(group))


def is_compose(roots: Sequence[yaml.Node]) -> bool:
    """Return True if one of the YAML documents ``roots`` is a compose file: a top-level
    ``services`` mapping with a service that says what it runs (``image``, ``build``)."""
    marks = _keys("service_marks")
    return any(
        any(key_text(key) in marks for key, _ in _mapping_pairs(service))
        for root in roots
        for services in _services(root)
        for _, service in _mapping_pairs(services)
    )


def without_settings(root: yaml.Node) -> yaml.Node:
    """Return ``root`` with every service's setting subtrees left out (other keys kept as they are)."""
    if not isinstance(root, yaml.MappingNode):
        return root
    settings = _keys("service_settings")
    kept: list[tuple[yaml.Node, yaml.Node]] = []
    for key, value in root.value:
        if key_text(key) == _SERVICES and isinstance(value, yaml.MappingNode):
            services = [(name, _pruned_service(service, settings)) for name, service in value.value]
            value = yaml.MappingNode(value.tag, services, value.start_mark, value.end_mark)
        kept.append((key, value))
    return yaml.MappingNode(root.tag, kept, root.start_mark, root.end_mark)


def headed_by_product(blocks: Sequence[Block], roots: Sequence[yaml.Node]) -> list[Block]:
    """Return ``blocks`` with those inside a service or an ``x-`` extension field headed by the
    product its labels name (``model``, ``instance_type``, also through a ``<<:`` merge): a
    comment there ("# up to 760 W with liquid cooling") is about that product, as the text
    under a heading is."""
    spans = [span for root in roots for span in _spans(root)]
    if not spans:
        return list(blocks)
    headed: list[Block] = []
    for block in blocks:
        title = next((span.title for span in spans if span.first_line <= block.line <= span.last_line), None)
        headed.append(
            dataclasses.replace(block, headings=(title,)) if title and not block.headings else block
        )
    return headed


def _spans(root: yaml.Node) -> Iterator[_Span]:
    """Yield the span and product of every ``x-`` field and every service of a compose document."""
    for key, value in _mapping_pairs(root):
        name = key_text(key)
        members = (
            _mapping_pairs(value) if name == _SERVICES else [(key, value)] if name.startswith("x-") else []
        )
        for _, member in members:
            title = _product(member, depth=4)
            if title:
                yield _Span(member.start_mark.line + 1, member.end_mark.line + 1, title)


def _product(node: yaml.Node, depth: int) -> str:
    """Return the first product a mapping's fields name (a machine key before a name key), looking
    ``depth`` mappings down (into ``labels`` and merged anchors); "" when none does."""
    pairs = _mapping_pairs(node)
    for group in ("machine_keys", "name_keys"):
        for key, value in pairs:
            if (
                isinstance(value, yaml.ScalarNode)
                and label_field(key_text(key)).lower() in data_keys(group)
                and str(value.value).strip()
            ):
                return str(value.value).strip()
    if depth > 0:
        for _, value in pairs:
            found = _product(value, depth - 1)
            if found:
                return found
    return ""


def _pruned_service(service: yaml.Node, settings: frozenset[str]) -> yaml.Node:
    """Return one service's mapping without its setting keys."""
    if not isinstance(service, yaml.MappingNode):
        return service
    kept = [(key, value) for key, value in service.value if key_text(key) not in settings]
    return yaml.MappingNode(service.tag, kept, service.start_mark, service.end_mark)


def _services(root: yaml.Node) -> list[yaml.Node]:
    """Return the value of a document's top-level ``services`` key, if it has one."""
    return [value for key, value in _mapping_pairs(root) if key_text(key) == _SERVICES]


def _mapping_pairs(node: yaml.Node) -> list[tuple[yaml.Node, yaml.Node]]:
    """Return the (key, value) pairs of a mapping node, none for anything else."""
    return list(node.value) if isinstance(node, yaml.MappingNode) else []
