"""CI-gate features between reconcile and reports: baseline, changed-since, suppressions, cache."""
