"""The paragraph and character styles of a Word document: heading levels, list and struck styles."""

from __future__ import annotations

from dataclasses import dataclass

from factlint.sources.wordkeys import WordKeys, child_element, property_on
from factlint.sources.xmltree import XmlElement, held_elements

# Elements that hold style declarations: a flat package, its parts, a styles part.
_STYLE_CONTAINERS = frozenset(("package", "part", "xmldata", "styles"))


def _squeezed(name: str) -> str:
    return name.replace(" ", "").lower()


@dataclass(frozen=True)
class _Style:
    name: str
    parent: str
    outline: int | None  # w:outlineLvl (0 is level 1), None when the style sets none
    struck: bool | None  # None when the style sets no strike


@dataclass(frozen=True)
class WordStyles:
    """The paragraph and character styles of a styles part, by style id."""

    styles: dict[str, _Style]
    keys: WordKeys

    @classmethod
    def of(cls, roots: list[XmlElement], keys: WordKeys) -> WordStyles:
        """Return the styles declared in any of ``roots`` (a styles part, or a flat package's)."""
        styles = {
            child.attrs["styleid"]: _style(child, keys)
            for child in held_elements(roots, _STYLE_CONTAINERS)
            if child.tag == "style" and "styleid" in child.attrs
        }
        return cls(styles, keys)

    def lineage(self, style_id: str) -> list[tuple[str, _Style | None]]:
        """Return the style and the styles it is based on, nearest first, as (id, declaration)."""
        found: list[tuple[str, _Style | None]] = []
        seen: set[str] = set()
        current = style_id
        while current and current not in seen and len(seen) < 16:
            seen.add(current)
            style = self.styles.get(current)
            found.append((current, style))
            current = style.parent if style else ""
        return found

    def heading_level(self, style_id: str) -> int | None:
        """Return the heading level of a paragraph style (by outline level, id or name), None for none."""
        for name, style in self.lineage(style_id):
            if style is not None and style.outline is not None:
                return style.outline + 1 if style.outline < 9 else None
            for label in (name, style.name if style else ""):
                matched = self.keys.heading_styles.fullmatch(label.strip()) if label else None
                if matched:
                    return int(next(group for group in matched.groups() if group))
        return None

    def is_in(self, style_id: str, names: frozenset[str]) -> bool:
        """Return True when the style or one it is based on is named (by id or name) in ``names``."""
        return any(
            _squeezed(name) in names or (style is not None and _squeezed(style.name) in names)
            for name, style in self.lineage(style_id)
        )

    def strikes(self, style_id: str) -> bool:
        """Return True when a character style (or one it is based on) strikes its text."""
        for _, style in self.lineage(style_id):
            if style is not None and style.struck is not None:
                return style.struck
        return False


def _style(element: XmlElement, keys: WordKeys) -> _Style:
    name = child_element(element, "name")
    based = child_element(element, "basedon")
    paragraph = child_element(element, "ppr")
    outline = child_element(paragraph, "outlinelvl")
    run = child_element(element, "rpr")
    struck: bool | None = None
    if run is not None and any(child.tag in keys.struck_properties for child in run.elements()):
        struck = property_on(run, keys.struck_properties, keys)
    level = outline.attrs.get("val", "") if outline is not None else ""
    return _Style(
        name.attrs.get("val", "") if name is not None else "",
        based.attrs.get("val", "") if based is not None else "",
        int(level) if level.isdigit() else None,
        struck,
    )
