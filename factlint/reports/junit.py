"""The JUnit XML report: one test case per fact stated by two or more sources; conflicts fail."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from factlint.reports.records import (
    ConflictRecord,
    FactRecord,
    ReportRecords,
    claim_location,
    consensus_text,
    fact_name,
)

# Characters XML 1.0 cannot carry at all, even escaped (scraped text sometimes has them).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def render_junit(records: ReportRecords) -> str:
    """Return the JUnit XML document: one <testsuite> inside <testsuites>, UTF-8 declaration first."""
    facts = [fact for fact in records.facts if len(fact.sources) >= 2 or fact.conflicts]
    findings = records.report.findings
    failures = sum(1 for fact in facts if any(record.is_open for record in fact.conflicts))
    failures += sum(1 for finding in findings if finding.severity != "note")
    skipped = sum(1 for fact in facts if fact.conflicts and not any(r.is_open for r in fact.conflicts))
    errors = len(records.errored_sources)
    tests = len(facts) + errors + len(findings)
    counts = {"tests": str(tests), "failures": str(failures), "errors": str(errors), "skipped": str(skipped)}
    root = ET.Element("testsuites", {"name": "factlint", **counts})
    suite = ET.SubElement(root, "testsuite", {"name": "factlint", **counts})
    properties = ET.SubElement(suite, "properties")
    ET.SubElement(properties, "property", {"name": "summary", "value": _xml(records.summary.line)})
    for fact in facts:
        _testcase(suite, fact)
    for source in records.errored_sources:
        case = ET.SubElement(suite, "testcase", {"classname": "sources", "name": _xml(source.path)})
        reason = _xml(source.error or "")
        ET.SubElement(case, "error", {"type": "unreadable-source", "message": reason}).text = reason
    for finding in findings:
        where = f"{finding.path}:{finding.line}" if finding.path and finding.line else finding.path or "run"
        case = ET.SubElement(
            suite,
            "testcase",
            {
                "classname": "sources" if finding.about_source else "setup",
                "name": _xml(f"{finding.kind} · {where}"),
            },
        )
        if finding.severity != "note":
            message = _xml(finding.message)
            ET.SubElement(case, "failure", {"type": finding.severity, "message": message}).text = message
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _testcase(suite: ET.Element, fact: FactRecord) -> None:
    subject = fact.conflicts[0].conflict if fact.conflicts else fact.claims[0]
    case = ET.SubElement(
        suite, "testcase", {"classname": _xml(fact.entity), "name": _xml(fact_name(subject))}
    )
    open_records = [record for record in fact.conflicts if record.is_open]
    if fact.conflicts and not open_records:
        known = "; ".join(f"{r.conflict.status}: {r.conflict.explanation}" for r in fact.conflicts)
        ET.SubElement(case, "skipped", {"message": _xml(known)})
    for record in open_records:
        conflict = record.conflict
        failure = ET.SubElement(
            case, "failure", {"type": conflict.severity.value, "message": _xml(conflict.explanation)}
        )
        failure.text = _xml(_details(record))


def _details(record: ConflictRecord) -> str:
    lines = [f"{record.conflict.severity.value}: {record.label}"]
    for side in record.sides:
        lines.append(f"{side.display} from {', '.join(side.value.sources)}")
        lines += [f"  {claim_location(claim)}: {' '.join(claim.quote.split())}" for claim in side.claims]
    lines.append(record.conflict.explanation)
    consensus = consensus_text(record.conflict)
    if consensus:
        lines.append(f"Consensus: {consensus}")
    return "\n".join(lines)


def _xml(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)
