"""Extraction workers: forked from a process running no other thread, spawned otherwise, same claims."""

from __future__ import annotations

import multiprocessing
import sys
import threading
from collections.abc import Iterator

import pytest

from factlint import api
from factlint.config import Config
from factlint.models import Block, BlockKind, Document
from factlint.pack import KnowledgePack, load_pack

CAN_FORK = sys.platform != "darwin" and "fork" in multiprocessing.get_all_start_methods()
TEXTS = (
    "Our render farm swapped to GH200 modules, each pairing the Grace CPU with 96 GB of HBM3.",
    "In the lab, one Inferentia2 card delivered 190 TFLOPS at FP16.",
    "Release 3.2 of the driver shipped in 2021.",  # a version and a year: no claim
)


@pytest.fixture(scope="module")
def pack() -> KnowledgePack:
    return load_pack()


@pytest.fixture
def other_thread() -> Iterator[None]:
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, daemon=True)
    thread.start()
    yield
    stop.set()
    thread.join()


def _documents() -> list[Document]:
    return [
        Document(
            path=f"note{number}.md",
            sha256=f"{number:064d}",
            format="markdown",
            blocks=(Block(kind=BlockKind.PARAGRAPH, text=text, line=1, column=1),),
        )
        for number, text in enumerate(TEXTS)
    ]


@pytest.mark.skipif(not CAN_FORK, reason="no safe fork on this platform")
def test_workers_are_forked_when_no_other_thread_runs(pack: KnowledgePack) -> None:
    assert threading.active_count() == 1
    assert api._worker_context(pack).get_start_method() == "fork"


@pytest.mark.usefixtures("other_thread")
def test_workers_are_spawned_while_another_thread_runs(pack: KnowledgePack) -> None:
    assert api._worker_context(pack).get_start_method() == "spawn"


def _assert_two_workers_match_one_process(pack: KnowledgePack) -> None:
    serial = api.extract_documents(_documents(), pack)
    assert len(serial.claims) >= 2
    parallel = api.extract_documents(_documents(), pack, Config(cache=False, jobs=2))
    assert parallel.claims == serial.claims
    assert parallel.sources == serial.sources


def test_forked_workers_find_the_claims_one_process_finds(pack: KnowledgePack) -> None:
    _assert_two_workers_match_one_process(pack)


@pytest.mark.usefixtures("other_thread")
def test_spawned_workers_find_the_claims_one_process_finds(pack: KnowledgePack) -> None:
    _assert_two_workers_match_one_process(pack)
