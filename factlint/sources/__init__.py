"""Sources stage: read files and folders into Documents of structural blocks with positions."""

from factlint.sources.loader import load_document, load_sources

__all__ = ["load_document", "load_sources"]
