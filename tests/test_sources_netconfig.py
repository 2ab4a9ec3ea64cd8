"""Reading network-device configurations: comments, banner lines and interface descriptions are
prose, a pipe-separated description is headed by the host it names, commands are never read
(decision 0250)."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.netconfig import network_config_dialect, parse_network_config

IOS = """\
Building configuration...

Current configuration : 9120 bytes
!
version 17.6
hostname edge-lf03
!
banner motd #
  Cage 4: Trainium kit on loan
  Cage power budget 40 kW
#
!
! ==== what hangs off this leaf ====
! cage 4 holds two trn1 hosts with 512 GB of
! accelerator memory each
! MI250 cards rated 560 W
!
interface TenGigabitEthernet1/0/3
 description trn1-host-01 | 16x Trainium | mtu jumbo
 switchport access vlan 410
 mtu 9216
!
interface TenGigabitEthernet1/0/4
 description printer
!
ip access-list extended CAGE4
 remark --- spot trn1 nodes at USD 6.00 per hour ---
 permit ip any any
!
end
"""

EOS_BANNER = """\
hostname core-9
banner login
Rack 12 holds the A100 nodes
EOF
!
interface Ethernet1
   description a100-node-01 | 8x A100
!
interface Ethernet2
   description spare
!
end
"""

JUNOS = """\
# kept with the config
set system host-name qfx-b
set interfaces et-0/0/1 description "l4-box-02 | 24 GB GDDR6 per card"
set interfaces et-0/0/2 description "uplink"
set interfaces et-0/0/1 mtu 9216
"""


def _prose(text: str, dialect: str) -> list[tuple[int, int, str, tuple[str, ...]]]:
    blocks = parse_network_config(text.splitlines(), 1, dialect)
    assert all(block.kind is BlockKind.PARAGRAPH for block in blocks)
    return [(block.line, block.column, block.text, block.headings) for block in blocks]


def test_ios_dialect_needs_interfaces_and_a_marker() -> None:
    assert network_config_dialect(IOS.splitlines(), ".txt") == "ios"
    assert network_config_dialect(EOS_BANNER.splitlines(), "") == "ios"
    # prose that mentions one interface, or a Markdown file, is no configuration
    assert network_config_dialect(["interface Ethernet1 is down", "!", "end"], ".txt") is None
    assert network_config_dialect(IOS.splitlines(), ".md") is None


def test_juniper_set_files_are_commands_only() -> None:
    assert network_config_dialect(JUNOS.splitlines(), ".conf") == "junos"
    assert network_config_dialect([*JUNOS.splitlines(), "The switch was set up in May."], ".conf") is None


def test_ios_comments_banner_and_descriptions_are_the_only_prose() -> None:
    prose = _prose(IOS, "ios")
    assert prose == [
        (9, 3, "Cage 4: Trainium kit on loan", ()),
        (10, 3, "Cage power budget 40 kW", ()),
        (
            14,
            3,
            "cage 4 holds two trn1 hosts with 512 GB of\naccelerator memory each",
            ("what hangs off this leaf",),
        ),
        (16, 3, "MI250 cards rated 560 W", ("what hangs off this leaf",)),
        (19, 29, "16x Trainium; mtu jumbo", ("trn1-host",)),
        (24, 14, "printer", ()),
        (27, 13, "spot trn1 nodes at USD 6.00 per hour", ()),
    ]


def test_eos_banner_runs_to_eof_and_descriptions_name_their_host() -> None:
    prose = _prose(EOS_BANNER, "ios")
    assert prose[0] == (3, 1, "Rack 12 holds the A100 nodes", ())
    assert prose[1] == (7, 31, "8x A100", ("a100-node",))
    assert prose[2][2] == "spare"


def test_juniper_descriptions_are_unquoted_prose() -> None:
    prose = _prose(JUNOS, "junos")
    assert prose[0] == (1, 3, "kept with the config", ())
    assert prose[1] == (3, 50, "24 GB GDDR6 per card", ("l4-box",))
    assert prose[2][2] == "uplink"


def test_loader_routes_a_running_config(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "edge-lf03.cfg"
    path.write_text(IOS, encoding="utf-8")
    document = load_document(path, "edge-lf03.cfg")
    assert document.format == "text"
    assert not any("9216" in block.text for block in document.blocks)
    assert any(block.headings == ("trn1-host",) for block in document.blocks)


def test_a_numbered_host_heads_nothing() -> None:
    lines = [" description gp-h03 | 2x L4", " description l4-box-07 | 2x L4"]
    blocks = parse_network_config(lines, 1, "ios")
    assert [(block.text, block.headings) for block in blocks] == [("2x L4", ()), ("2x L4", ("l4-box",))]
