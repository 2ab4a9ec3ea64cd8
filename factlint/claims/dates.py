"""Find dates in text and keep the precision they were written with."""

from __future__ import annotations

import re
from calendar import monthrange
from dataclasses import dataclass

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation, says_any

_YEAR = r"(?:19[5-9]\d|20[0-9]\d)"
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4}  # "Quarter II/2026": a quarter's number in numerals
_SHORT_YEAR = r"(?:['’]?\d\d)"  # "'25", and "25" glued to a half or quarter mark ("2H25")
DAY_FIRST, MONTH_FIRST = "day-first", "month-first"
# "03/11/2025": 3 November in a day-first document, 11 March in a month-first one
_SLASH_DATE = re.compile(rf"(?<![\w/.,])(\d{{1,2}})/(\d{{1,2}})/({_YEAR})(?![\w/]|[.,]\d)")
_ANY_YEAR = re.compile(rf"{_YEAR}|['’]\d\d(?!\w)|(?<![\w])(?:[1-4][HQ]|[HQ][1-4])\s*['’]?\s*\d\d(?!\w)")


@dataclass(frozen=True)
class DateMention:
    """A date as written: ISO partial value, optional ISO bounds and qualifier."""

    start: int
    end: int
    value: str  # "2023", "2023-11", "2023-11-28"
    low: str | None = None  # for quarters and halves: first month
    high: str | None = None  # last month
    qualifier: str | None = None  # early | mid | late | at least
    bare_year: bool = False  # a lone year: needs a cue to count as a date claim


class DateReader:
    """Compiled date patterns for one language."""

    def __init__(self, language: Language) -> None:
        self._months = {name.lower(): number for name, number in language.months}
        # read() depends only on its arguments and the language, fixed at construction, and
        # DateMention is frozen: a sentence repeated across documents is read once.
        self._read_cache: dict[tuple[str, str | None, str | None], tuple[DateMention, ...]] = {}
        month = alternation([name for name, _ in language.months])
        # "bulletin 4/2025", "Issue 3/2024": a publication's number in its year, no month
        number_mark = alternation(language.issue_number_marks, words=False, hyphens=False)
        self._issue_before = compile_folded(
            rf"(?<![\w\-]){alternation(language.issue_nouns)}[ \t\u00a0]*(?:{number_mark}[ \t\u00a0]*)?$",
            re.I,
        )
        # "announcement No. 2026/02 of 20 January 2026": the date of a numbered publication
        self._issue_date_before = compile_folded(
            rf"(?<![\w\-]){alternation(language.issue_nouns)}[ \t\u00a0]*(?:{number_mark}[ \t\u00a0]*)?"
            r"[\w/.\-]*\d[\w/.\-]*,?[ \t\u00a0]+"
            + alternation(language.issue_date_links, words=False, hyphens=False)
            + r"[ \t\u00a0]+$",
            re.I,
        )
        connector = alternation(language.month_connectors)
        self._ordinals = {word.lower(): number for word, number in language.ordinal_words}
        # "the third quarter", "the 3rd quarter 2026"; "the second half of 2026"
        ordinal = alternation([word for word, _ in language.ordinal_words], words=False, hyphens=False)
        half_ordinal = alternation(
            [word for word, number in language.ordinal_words if number <= 2], words=False, hyphens=False
        )
        quarter = alternation(language.quarter_nouns, words=False, hyphens=False)
        half = alternation(language.half_nouns, words=False, hyphens=False)
        self._year_parts = {" ".join(word.lower().split()): part for word, part in language.year_part_words}
        # "from Q1", "during Q3": matched in the case written, as the "Q" is
        quarter_opener = alternation(language.quarter_prepositions, words=False, hyphens=False)
        # "Q2 FY2026", "the third quarter of next year": a quarter of another year than the document's
        fiscal = alternation(language.fiscal_year_marks, words=False, hyphens=False)
        other_year = alternation(language.other_year_words, words=False, hyphens=False)
        year_part = alternation([word for word, _ in language.year_part_words], words=False, hyphens=False)
        # "Quarter II/2026", "quarter IV 2025": capitalised or not, as the numeral's other patterns are
        written_quarter = "|".join(
            f"[{word[0].upper()}{word[0].lower()}]{re.escape(word[1:])}" for word in language.quarter_nouns
        )
        marks = dict(language.date_marks)
        self._first_half_marks = frozenset(marks.get("first_half", ()))
        year_mark, month_mark, day_mark = (_marks(marks.get(key, ())) for key in ("year", "month", "day"))
        # Hungarian writes the year first and its month names in lower case: "2026. március 16.",
        # "2026. márc. 16-án", "2026 márciusában". Matched in the case written, so that English
        # "2024. March" (a sentence end, then a capitalised word) is no such date; after its dot a year
        # takes only a Hungarian month ("2020. may 14" is English), without it only a suffixed one
        # ("2026 márciusában"), not "2024 may".
        year_first = frozenset(marks.get("year_first_months", ()))
        lower_month = alternation([name for name, _ in language.months if name in year_first])
        # Czech, Slovak and Polish month names in the case a date takes, after a day with its dot
        day_first_month = alternation([name for name, _ in language.months if name == name.lower()])
        endings = tuple(marks.get("month_case_endings", ()))
        cased_month = alternation(
            [name for name, _ in language.months if name == name.lower() and name.endswith(endings)]
            if endings
            else []
        )
        day_suffix = _marks(marks.get("day_suffixes", ()))
        quarter_mark = _marks(marks.get("quarter_after", ()))
        # without a year only the marks of the notation ("a II. negyedévben"), not a translation's
        # gloss of it ("2026. II. negyedév (II. quarter)" is one date)
        own_quarter = _marks(
            tuple(w for w in marks.get("quarter_after", ()) if w not in language.quarter_nouns)
        )
        half_after = _marks(marks.get("half_after", ()))
        year_word, day_word, month_word = (
            _marks(marks.get(key, ())) for key in ("year_after", "day_after", "month_after")
        )
        self._half_marks = frozenset(word.lower() for word in marks.get("half_after", ()))
        half_mark = _marks(marks.get("first_half", ()) + marks.get("second_half", ()))
        self._patterns: tuple[tuple[str, re.Pattern[str] | FoldedPattern], ...] = (
            (
                "iso",
                re.compile(rf"(?<![\w\-.])({_YEAR})-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?(?![\w\-])"),
            ),
            (
                "day_month_year",
                compile_folded(
                    rf"(?<![\w])(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:{connector}\s+)?({month})\.?,?\s+(?:{connector}\s+)?({_YEAR})(?![\w])",
                    re.I,
                ),
            ),
            # Czech, Slovak and Polish write the day as an ordinal with its dot and the month in the
            # genitive, in lower case: "16. března 2026", "3. marca 2025". Matched in the case
            # written, so that a list number before an English month ("3. March 2026 ...") is not.
            (
                "day_month_year",
                re.compile(
                    rf"(?<![\w.,])(0?[1-9]|[12]\d|3[01])\.[ \t\u00a0]*({day_first_month})\s+({_YEAR})(?![\w])"
                ),
            ),
            (
                "month_day_year",
                compile_folded(
                    rf"({month})\.?\s+(?:(\d{{1,2}})(?:st|nd|rd|th)?,?\s+|{connector}\s+)?({_YEAR}|['’]\d\d)(?![\w])",
                    re.I,
                ),
            ),
            # Central European numeric dates, day first: "18.11.2024", "3.6.2025".
            (
                "dotted_day_month_year",
                re.compile(rf"(?<![\w.,])(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.({_YEAR})(?![\w]|[.,]\d)"),
            ),
            # The same spaced, as Czech and Slovak write it: "16. 3. 2026".
            (
                "dotted_day_month_year",
                re.compile(
                    rf"(?<![\w.,])(0?[1-9]|[12]\d|3[01])\.[ \u00a0](0?[1-9]|1[0-2])\.[ \u00a0]({_YEAR})"
                    r"(?![\w]|[.,]\d)"
                ),
            ),
            # Vietnamese dates and their translations, each number after its word: "ngày 16 tháng 3
            # năm 2026", "day 16 month 3 year 2026".
            (
                "worded_day_month_year",
                compile_folded(
                    rf"(?<![\w])(?:{_marks(marks.get('day_before', ()))})\s+(0?[1-9]|[12]\d|3[01])\s+"
                    rf"(?:{_marks(marks.get('month_before', ()))})\s+(0?[1-9]|1[0-2]),?\s+"
                    rf"(?:{_marks(marks.get('year_before', ()))})\s+({_YEAR})(?![\w])",
                    re.I,
                ),
            ),
            # East Asian dates: "2025년 7월", "2025年7月1日", "'24년 8월", "2026년 상반기".
            (
                "marked_date",
                re.compile(
                    rf"(?<![\w'’])({_YEAR}|['’]\d\d)\s*{year_mark}\s*"
                    rf"(?:(0?[1-9]|1[0-2])\s*{month_mark}(?:\s*(0?[1-9]|[12]\d|3[01])\s*{day_mark})?|({half_mark}))"
                ),
            ),
            # Year-first dotted dates of East Asian notices: "2025.10.01", "'25.06.02".
            (
                "dotted_year_month_day",
                re.compile(
                    rf"(?<![\w.,'’])({_YEAR}|['’]\d\d)\.(0[1-9]|1[0-2])\.(0[1-9]|[12]\d|3[01])(?![\w]|[.,]\d)"
                ),
            ),
            # Year-first dates of Hungarian notices, the day ending on a dot or a suffix after a
            # hyphen: "2026. március 16.", "2026. márc. 16-án", "2026. március", "2026 márciusában".
            (
                "year_month_day",
                re.compile(
                    rf"(?<![\w\-.,])({_YEAR})(?:\.\s+({lower_month})|\s+({cased_month}))\.?"
                    rf"(?:\s+(0?[1-9]|[12]\d|3[01])(?:\.|-{day_suffix})(?![\w]))?"
                ),
            ),
            # Baltic dates, the year with its word first, the month in lower case as written:
            # Lithuanian "2025 m. birželio 12 d." and "2020 m. lapkričio mėn.", Latvian "2025. gada
            # 12. jūnijs" and "2025. gada jūnijā". Without the year's word no date is read here.
            (
                "year_word_month_day",
                re.compile(
                    rf"(?<![\w\-.,])({_YEAR})\.?\s+(?:{year_word})\s+"
                    rf"(?:(0?[1-9]|[12]\d|3[01])\.\s*)?({day_first_month})(?![\w])"
                    rf"(?:\s+(0?[1-9]|[12]\d|3[01])\s*(?:{day_word})(?![\w])|\s+(?:{month_word})(?![\w]))?"
                ),
            ),
            # Their quarters and halves: "2025 m. III ketv.", "2025. gada 3. ceturksnī".
            (
                "year_quarter_words",
                compile_folded(
                    rf"(?<![\w\-.,])({_YEAR})\.?\s+(?:{year_word})\s+(?:(IV|I{{1,3}}|[1-4])\.?|({ordinal}))\s*"
                    rf"({quarter_mark}|{half_after})(?![\w])"
                ),
            ),
            # The same in numbers, spaced: "2026. 03. 16." (the last dot is written, unlike a list's).
            (
                "dotted_year_month_day",
                re.compile(rf"(?<![\w.,'’])({_YEAR})\.\s(0?[1-9]|1[0-2])\.\s(0?[1-9]|[12]\d|3[01])\.(?!\d)"),
            ),
            # A year-first quarter or half, its number in Roman numerals with a dot or an ordinal word:
            # "2026. II. negyedév", "2026 második negyedévében", "2026. I. félév".
            (
                "year_quarter_words",
                compile_folded(
                    rf"(?<![\w\-.,])({_YEAR})\.?\s+(?:(IV|I{{1,3}})\.|({ordinal}))\s*"
                    rf"({quarter_mark}|{half_after})(?![\w])"
                ),
            ),
            ("slash_date", _SLASH_DATE),  # read only when the order is known (see read())
            ("month_slash_year", re.compile(rf"(?<![\w/.])(0?[1-9]|1[0-2])/({_YEAR})(?![\w/])")),
            # "10.2020": a month and its year with a dot, as day-first (European) documents write it;
            # read only in such a document (see read()), where no decimal is written with a point
            ("month_dot_year", re.compile(rf"(?<![\w.,])(0?[1-9]|1[0-2])\.({_YEAR})(?![\w]|[.,]\d)")),
            ("quarter", re.compile(rf"(?<![\w])Q([1-4])\s*[’']?\s*({_YEAR})(?![\w])")),
            # Year first, as data files and ISO-minded writers put it: "2023-Q4", "2026 Q1", "2025-H2".
            ("year_quarter", re.compile(rf"(?<![\w\-.])({_YEAR})[\-\s]?Q([1-4])(?![\w])")),
            ("year_half", re.compile(rf"(?<![\w\-.])({_YEAR})[\-\s]?H([12])(?![\w])")),
            (
                "quarter_words",
                compile_folded(
                    rf"(?<![\w])({ordinal})\s+{quarter}\s+(?:of\s+)?({_YEAR})(?![\w])",
                    re.I,
                ),
            ),
            # A quarter in Roman numerals, as Vietnamese ("Quý II/2026") and other notices write it:
            # "Quarter II/2026", "quarter IV 2025", "Q.III/2026".
            (
                "quarter",
                re.compile(
                    rf"(?<![\w])(?:(?:{written_quarter})\s+|Q\.?\s?)(IV|I{{1,3}})\s*[/\-]?\s*({_YEAR})(?![\w/])"
                ),
            ),
            # The Roman numeral before its quarter word, as Russian writes it ("II кв. 2026 г.",
            # "во II квартале 2026 года") and translations keep it ("the II quarter of 2026").
            (
                "quarter",
                compile_folded(
                    rf"(?<![\w])(IV|I{{1,3}})\s+(?:{_marks(marks.get('quarter_after', ()))})"
                    rf"\s*(?:of\s+)?({_YEAR})(?![\w])"
                ),
            ),
            # A quarter or half numbered as an ordinal with its dot, before its year, as Czech, Slovak
            # and Polish write it: "3. čtvrtletí 2026", "III. štvrťrok 2026", "1. pololetí 2027". Only
            # the notation's own words ("3. quarter" may number a list).
            (
                "ordinal_period",
                compile_folded(
                    rf"(?<![\w.,])(IV|I{{1,3}}|[1-4])\.\s*({own_quarter}|{half_after})\s+(?:of\s+)?({_YEAR})(?![\w])"
                ),
            ),
            ("half", re.compile(rf"(?<![\w])H([12])\s*[’']?\s*({_YEAR})(?![\w])")),
            # Analysts' short forms: "2H25", "1H 2026", "H2'25", "3Q24", "Q4'24".
            ("half", re.compile(rf"(?<![\w])([12])H(\s?{_YEAR}|{_SHORT_YEAR})(?![\w])")),
            ("half", re.compile(r"(?<![\w])H([12])\s?(['’]\d\d)(?![\w])")),
            ("quarter", re.compile(rf"(?<![\w])([1-4])Q(\s?{_YEAR}|{_SHORT_YEAR})(?![\w])")),
            ("quarter", re.compile(r"(?<![\w])Q([1-4])\s?(['’]\d\d)(?![\w])")),
            (
                "half_words",
                # "a second-half-2026 product": the words may be hyphenated into a modifier
                compile_folded(
                    rf"(?<![\w])({half_ordinal})[\s\-]+{half}[\s\-]+(?:of[\s\-]+)?({_YEAR})(?![\w])", re.I
                ),
            ),
            (
                "part_of_year",
                compile_folded(
                    rf"(?<![\w])({year_part})[\s\-]+(?:of\s+)?({_YEAR})(?![\w])",
                    re.I,
                ),
            ),
            ("year", re.compile(rf"(?<![\w\-.$/:,])({_YEAR})(\+)?(?![\w\-/.,]\d|[\w%])")),
        )
        # A quarter with no year ("in the fourth quarter", "from Q1") is of the year the
        # document is dated in; read only when the caller knows that year. A fiscal quarter
        # ("Q2 FY2025") is no such date. Months alone ("showed it in June", "its fiscal year
        # ends in late January") name other events too often to be read so.
        self._yearless: tuple[tuple[str, re.Pattern[str] | FoldedPattern], ...] = (
            # Hungarian "a II. negyedévben", "az I. félévben": a Roman numeral with its dot; Czech
            # "ve 3. čtvrtletí" an Arabic one.
            (
                "roman_period",
                compile_folded(rf"(?<![\w.,])(IV|I{{1,3}}|[1-4])\.\s*({own_quarter}|{half_after})(?![\w])"),
            ),
            (
                "quarter_words",
                compile_folded(
                    rf"(?<![\w])(?:the\s+)?({ordinal})\s+{quarter}(?![\w\-])"
                    rf"(?!\s+(?:of\s+)?(?:the\s+)?(?:{fiscal}|{other_year}|{_YEAR})\b)",
                    re.I,
                ),
            ),
            (
                "quarter",
                re.compile(
                    rf"(?<![\w]){quarter_opener}\s+Q([1-4])"
                    rf"(?![\w'’\-]|\s*(?:[’']|\d|{fiscal}))"
                ),
            ),
        )

    def read(self, text: str, year: str | None = None, order: str | None = None) -> list[DateMention]:
        """Return date mentions, left to right, the most precise reading of each span.

        With ``year`` (the document's own date), quarters and months written without a year
        are read as of that year. ``order`` is the document's order of numeric dates,
        DAY_FIRST or MONTH_FIRST (see numeric_date_order); without it a slash date is read
        only when a field over 12 settles it. The list is new: the caller may change it.
        """
        key = (text, year, order)
        cached = self._read_cache.get(key)
        if cached is None:
            cached = tuple(self._read(text, year, order))
            if len(self._read_cache) < 50_000:
                self._read_cache[key] = cached
        return list(cached)

    def _read(self, text: str, year: str | None, order: str | None) -> list[DateMention]:
        patterns = self._patterns + self._yearless if year else self._patterns
        if not year and not _ANY_YEAR.search(text):
            return []
        found: list[DateMention] = []
        taken: list[tuple[int, int]] = []
        for index, (name, pattern) in enumerate(patterns):
            yearless = index >= len(self._patterns)
            for match in pattern.finditer(text):
                if any(start < match.end() and match.start() < end for start, end in taken):
                    continue
                if (
                    name == "month_slash_year"
                    and self._issue_before.search(text, max(0, match.start() - 40), match.start())
                ) or self._issue_date_before.search(text, max(0, match.start() - 60), match.start()):
                    taken.append((match.start(), match.end()))
                    continue
                mention = (
                    self._yearless_mention(name, match, year)
                    if yearless
                    else self._mention(name, match, order)
                )
                if mention is not None:
                    found.append(mention)
                    taken.append((match.start(), match.end()))
        found.sort(key=lambda mention: mention.start)
        return found

    def _period(self, start: int, end: int, year: str, number: str, word: str) -> DateMention | None:
        """Return the quarter or half ``number`` of ``year``, a half when ``word`` is a half's word."""
        count = self._ordinal(number)
        if word.lower() in self._half_marks:
            if count > 2:
                return None
            first, length = 1 + 6 * (count - 1), 6
        else:
            first, length = 1 + 3 * (count - 1), 3
        return DateMention(start, end, year, f"{year}-{first:02d}", f"{year}-{first + length - 1:02d}")

    def _ordinal(self, word: str) -> int:
        """Return the number of a quarter or half as written: "third", "3rd", "III" or "3"."""
        return self._ordinals.get(word.lower()) or _ROMAN.get(word.lower()) or int(word[0])

    def _yearless_mention(self, name: str, match: re.Match[str], year: str | None) -> DateMention | None:
        if year is None:
            return None
        if name == "roman_period":
            return self._period(match.start(), match.end(), year, match.group(1), match.group(2))
        quarter = self._ordinal(match.group(1))
        first = 3 * (quarter - 1) + 1
        start = match.start(1) - (1 if name == "quarter" else 0)  # from the "Q" of "in Q4"
        return DateMention(start, match.end(), year, f"{year}-{first:02d}", f"{year}-{first + 2:02d}")

    def _mention(self, name: str, match: re.Match[str], order: str | None) -> DateMention | None:
        start, end = match.start(), match.end()
        if name == "slash_date":
            first, second = int(match.group(1)), int(match.group(2))
            year = match.group(3)
            order = _settled_order(first, second) or order
            if order is None:
                return None
            day_number, month_number = (first, second) if order == DAY_FIRST else (second, first)
            return (
                DateMention(start, end, _iso(year, month_number, str(day_number)))
                if 1 <= month_number <= 12 and 1 <= day_number <= 31
                else None
            )
        if name == "iso":
            year, month, day = match.groups()
            value = f"{year}-{month}" + (f"-{day}" if day else "")
            return DateMention(start, end, value)
        if name == "marked_date":
            year_text, month_text, day, half = match.groups()
            if half is not None:
                year = _full_year(year_text)
                first = 1 if half in self._first_half_marks else 7
                return DateMention(start, end, year, f"{year}-{first:02d}", f"{year}-{first + 5:02d}")
            return DateMention(start, end, _iso(year_text, int(month_text), day))
        if name == "year_month_day":
            year_text, dotted_month, cased_month, day = match.groups()
            month = self._months[(dotted_month or cased_month).lower()]
            if not _real_day(year_text, month, day):
                return None
            return DateMention(start, end, _iso(year_text, month, day))
        if name == "year_word_month_day":
            year_text, day_before, month_name, day_after = match.groups()
            month = self._months[month_name.lower()]
            day = day_before or day_after
            if not _real_day(year_text, month, day):
                return None
            return DateMention(start, end, _iso(year_text, month, day))
        if name == "ordinal_period":
            number, word, year_text = match.groups()
            return self._period(start, end, year_text, number, word)
        if name == "year_quarter_words":
            year_text, roman, ordinal, word = match.groups()
            return self._period(start, end, year_text, roman or ordinal, word)
        if name == "dotted_year_month_day":
            if not _real_day(match.group(1), int(match.group(2)), match.group(3)):
                return None  # "2026. 02. 30.": no such day
            return DateMention(start, end, _iso(match.group(1), int(match.group(2)), match.group(3)))
        if name == "month_slash_year" or (name == "month_dot_year" and order == DAY_FIRST):
            return DateMention(start, end, _iso(match.group(2), int(match.group(1)), None))
        if name == "month_dot_year":
            return None
        if name == "month_day_year":
            month = self._months[match.group(1).lower()]
            return DateMention(start, end, _iso(match.group(3), month, match.group(2)))
        if name in ("dotted_day_month_year", "worded_day_month_year"):
            return DateMention(start, end, _iso(match.group(3), int(match.group(2)), match.group(1)))
        if name == "day_month_year":
            month = self._months[match.group(2).lower()]
            return DateMention(start, end, _iso(match.group(3), month, match.group(1)))
        if name in ("quarter", "quarter_words"):
            quarter = self._ordinal(match.group(1))
            first = 3 * (quarter - 1) + 1
            year = _full_year(match.group(2))
            return DateMention(start, end, year, f"{year}-{first:02d}", f"{year}-{first + 2:02d}")
        if name in ("year_quarter", "year_half"):
            count = 4 if name == "year_quarter" else 2
            length = 12 // count
            first = length * (int(match.group(2)) - 1) + 1
            year = match.group(1)
            return DateMention(start, end, year, f"{year}-{first:02d}", f"{year}-{first + length - 1:02d}")
        if name in ("half", "half_words"):
            half = self._ordinal(match.group(1))
            year = _full_year(match.group(2))
            first = 1 if half == 1 else 7
            return DateMention(start, end, year, f"{year}-{first:02d}", f"{year}-{first + 5:02d}")
        if name == "part_of_year":
            qualifier = self._year_parts[" ".join(match.group(1).lower().split())]
            return DateMention(start, end, match.group(2), qualifier=qualifier)
        year, plus = match.groups()
        return DateMention(start, end, year, qualifier="at least" if plus else None, bare_year=True)


def numeric_date_order(text: str, comma_decimal: bool, day_first_cues: tuple[str, ...]) -> str | None:
    """Return the order a document writes its numeric dates in, DAY_FIRST or MONTH_FIRST, or None.

    A slash date with a field over 12 settles it ("25/11/2025" day first, "11/25/2025" month
    first); failing that, decimal commas or a declared notation ("French notation",
    "DD/MM/YYYY") say day first. Otherwise the order is unknown.
    """
    settled = {_settled_order(int(a), int(b)) for a, b, _ in _SLASH_DATE.findall(text)} - {None}
    if len(settled) == 1:
        return settled.pop()
    if settled:
        return None  # both orders written: each date only as its own fields settle it
    if comma_decimal or says_any(text, day_first_cues):
        return DAY_FIRST
    return None


def _marks(words: tuple[str, ...]) -> str:
    """Return a group matching any of the date marks ``words``, or one that never matches."""
    return alternation(words, words=False) if words else "(?!x)x"  # marks stand glued to digits


def _settled_order(first: int, second: int) -> str | None:
    if first > 12 >= second:
        return DAY_FIRST
    if second > 12 >= first:
        return MONTH_FIRST
    return None


def _iso(year: str, month: int, day: str | None) -> str:
    year = _full_year(year)
    return f"{year}-{month:02d}" + (f"-{int(day):02d}" if day else "")


def _real_day(year: str, month: int, day: str | None) -> bool:
    """Return True when ``day`` (or no day) exists in that month of that year: not "02. 30."."""
    return day is None or int(day) <= monthrange(int(_full_year(year)), month)[1]


def _full_year(year: str) -> str:
    """Return a four-digit year; "'24" and "24" are of this century, or the last from 50 on."""
    digits = year.strip().lstrip("'’")
    if len(digits) == 2:
        return ("19" if int(digits) >= 50 else "20") + digits
    return digits
