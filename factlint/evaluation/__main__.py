"""Allow ``python -m factlint.evaluation GOLD.yaml [...]``."""

import sys

from factlint.evaluation.report import main

sys.exit(main())
