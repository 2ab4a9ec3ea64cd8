"""SQL client session logs: statements at the prompt are machinery, and they shape the tables under them."""

from __future__ import annotations

from factlint.sources.clientsessions import apply_session, find_client_session
from factlint.sources.plaintext import parse_plain_text
from factlint.sources.ruledtables import find_ruled_tables

SESSION = [
    "lab=> SELECT board, n_gpus, usd_hr,",
    "lab->        round(usd_hr / n_gpus, 2) AS each_hr",
    "lab->   FROM boards;",
    "  board  | n_gpus | usd_hr | each_hr",
    "---------+--------+--------+---------",
    " rig-a   |      4 |  10.00 |    2.50",
    "(1 row)",
    "",
    "lab=> UPDATE boards SET usd_hr = 9.00 WHERE board = 'rig-a';",
    "UPDATE 1",
    "",
    "Notes -> none.",
]


def test_statements_and_reports_are_machinery_and_prose_arrows_are_not() -> None:
    session = find_client_session(SESSION)
    assert session is not None
    assert session.machinery == frozenset({0, 1, 2, 6, 8, 9})
    assert [statement.verb() for statement in session.statements] == ["SELECT", "UPDATE"]


def test_a_computed_quotient_by_a_count_is_named_per_part_and_an_update_supersedes() -> None:
    session = find_client_session(SESSION)
    assert session is not None
    rows = find_ruled_tables(SESSION)
    updates = apply_session(session, SESSION, rows)
    assert rows[5].headers == ("board", "n gpus", "usd hr", "usd hr per n gpus")
    assert [cell.text for cell in rows[5].cells] == ["rig-a", "4", "", "2.50"]
    assert len(updates) == 1
    assert updates[0].line == 9
    assert updates[0].table_headers == ("board", "usd hr")
    assert [cell.text for cell in updates[0].cells] == ["rig-a", "9.00"]


def test_text_without_a_prompt_has_no_session() -> None:
    assert find_client_session(["Price -> 9.00 USD per hour", "a => b"]) is None


def test_plain_text_reads_no_prompt_line_as_prose() -> None:
    blocks = parse_plain_text(SESSION)
    texts = [block.text for block in blocks]
    assert not any("SELECT" in text or "UPDATE" in text or "(1 row)" in text for text in texts)
    assert "Notes -> none." in texts
