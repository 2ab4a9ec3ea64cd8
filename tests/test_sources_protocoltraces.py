"""Reading pasted HTTP traces: header lines are skipped, JSON bodies are read as data records."""

from __future__ import annotations

from factlint.models import BlockKind
from factlint.sources.markdown import parse_markdown
from factlint.sources.plaintext import parse_plain_text
from factlint.sources.protocoltraces import trace_blocks, trace_spans

# A curl -v capture of our own: a quota API answering with one object, then a jq -c line.
CURL = [
    "Quota check before the rollout:",
    "$ curl -v https://quota.example.test/v3/pools/west",
    "*   Trying 203.0.113.7:443...",
    "* Connected to quota.example.test (203.0.113.7) port 443",
    "> GET /v3/pools/west HTTP/1.1",
    "> Host: quota.example.test",
    ">",
    "< HTTP/1.1 200 OK",
    "< content-length: 212",
    "< x-ratelimit-limit: 600",
    "<",
    "{",
    '  "id": "pool-west",',
    '  "card": {"name": "Instinct MI250X", "count": 16, "hbm_gb_each": 128},',
    '  "notes": ["The 560 W figure is per OAM module."]',
    "}",
    "* Connection #0 to host quota.example.test left intact",
    "$ curl -s https://quota.example.test/v3/pools/west/usage | jq -c '.[]'",
    '{"day":"2026-01-05","busy_pct":71}',
    "$ uptime",
    " 10:02:11 up 41 days",
    "",
    "Looks fine to me.",
]

# httpie --verbose prints unmarked request and status lines, each with Name: value headers.
HTTPIE = [
    "$ http --verbose POST api.example.test/v1/quote gpus:=2",
    "POST /v1/quote HTTP/1.1",
    "Content-Length: 9",
    "Host: api.example.test",
    "",
    '{"gpus": 2}',
    "",
    "HTTP/1.1 201 Created",
    "Date: Fri, 09 Jan 2026 11:00:00 GMT",
    "Retry-After: 30",
    "",
    '{"sku": "L40S", "vram_gb": 48}',
    "",
    "Done.",
]


def test_a_curl_trace_runs_from_its_prompt_over_bodies_and_client_prompts_to_the_next_other_prompt() -> None:
    assert trace_spans(CURL, 0, len(CURL)) == [(1, 19)]


def test_an_httpie_trace_spans_its_unmarked_headers_and_bodies() -> None:
    assert trace_spans(HTTPIE, 0, len(HTTPIE)) == [(0, 12)]


def test_text_without_an_http_message_has_no_span() -> None:
    quoted = ["> I measured 700 W on the H100.", "> HTTP is fine here", "", "Thanks."]
    assert trace_spans(quoted, 0, len(quoted)) == []
    assert trace_spans(["$ curl -O https://example.test/a.tgz", "done"], 0, 2) == []


def test_json_bodies_become_rows_placed_at_their_lines_and_headers_yield_nothing() -> None:
    blocks = trace_blocks(CURL, 1, 19, ())
    rows = {(block.line, block.table_headers) for block in blocks if block.kind is BlockKind.TABLE_ROW}
    assert (13, ("id", "card name", "card count", "card hbm gb each")) in rows
    assert (19, ("day", "busy pct")) in rows
    assert all(block.line >= 12 for block in blocks)  # no block from a header or connection line
    notes = [block for block in blocks if block.kind is BlockKind.PARAGRAPH]
    assert [(block.line, block.headings) for block in notes] == [(15, ("pool-west",))]


def test_plain_text_reads_the_trace_bodies_and_the_prose_around_it() -> None:
    blocks = parse_plain_text(CURL)
    lines = {block.line for block in blocks}
    assert {1, 13, 23} <= lines
    assert not lines & {3, 4, 5, 8, 9, 10}  # connection, request and response lines


def test_a_console_fence_holding_a_trace_is_read_for_its_bodies() -> None:
    text = "\n".join(["# Quota", "", "```console", *CURL[1:21], "```", ""])
    blocks, _ = parse_markdown(text.splitlines())
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert {block.line for block in rows} == {15, 21}


# wget -d logs its steps around the framed request and response, then the body it saved to stdout.
WGET = [
    "$ wget -d -O - https://mirror.example.test/catalog/h20.json",
    "Resolving mirror.example.test... 192.0.2.44",
    "---request begin---",
    "GET /catalog/h20.json HTTP/1.1",
    "Host: mirror.example.test",
    "",
    "---request end---",
    "HTTP request sent, awaiting response...",
    "---response begin---",
    "HTTP/1.1 200 OK",
    "Content-Length: 40",
    "",
    "---response end---",
    "Length: 40 [application/json]",
    '{"model": "NVIDIA H20", "memory_gb": 96}',
    "2026-03-03 09:00:01 (12 MB/s) - written to stdout [40/40]",
    "",
    "The H20 figures match.",
    "$ ls",
]


def test_a_wget_debug_log_runs_over_its_own_lines_to_the_blank_line_before_prose() -> None:
    assert trace_spans(WGET, 0, len(WGET)) == [(0, 16)]
    rows = [block for block in trace_blocks(WGET, 0, 16, ()) if block.kind is BlockKind.TABLE_ROW]
    assert [(block.line, block.table_headers) for block in rows] == [(15, ("model", "memory gb"))]
