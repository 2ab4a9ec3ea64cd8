"""factlint: find the numeric facts your documents disagree on."""

__version__ = "0.1.0"
