"""Score factlint's extraction against hand-labelled gold files: benchmarks/eval.py GOLD.yaml [...]."""

import sys

from factlint.evaluation import main

if __name__ == "__main__":
    sys.exit(main())
