"""Allow ``python -m factlint``."""

from factlint.cli import main

if __name__ == "__main__":
    main()
