"""Stage 3: group claims by fact and flag the values that cannot all hold."""

from factlint.reconcile.engine import reconcile

__all__ = ["reconcile"]
