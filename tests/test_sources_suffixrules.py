"""A reader's suffix rule: claimed by name, never read, or left to the content."""

from factlint.sources.packaged import PackagedFile
from factlint.sources.suffixrules import SuffixRule


def test_a_suffix_is_claimed_refused_or_left_to_the_content() -> None:
    known = PackagedFile("test.yaml", {"suffixes": [".Feature"], "content_suffixes": [".txt", ""]})
    rule = SuffixRule.from_file(known)
    assert rule.decides(".FEATURE") is True
    assert rule.decides(".md") is False
    assert rule.decides(".TXT") is None
    assert rule.decides("") is None
