import csv
import io
import json
from datetime import UTC, datetime

import pytest

from scorekeeper.core.exchange import (
    ImportRefusedError,
    export_csv,
    export_record,
    parse_import,
    safe_cell,
)
from scorekeeper.core.model import Adjustment, Bid, Game, Hand, Variant
from scorekeeper.core.record import game_to_record
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.saved import SavedGame
from scorekeeper.core.scoring import scored
from tests.factories import EVEN, game, hand, two_player

AT = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)


def saved(g, game_id="g1"):
    return SavedGame(game_id, scored(g), AT, AT, 1)


@pytest.mark.parametrize("text", ["=SUM(A1)", "+1", "-2", "@x", "\tx"])
def test_formula_like_cells_are_escaped(text):
    assert safe_cell(text) == "'" + text


def test_plain_cells_are_kept():
    assert safe_cell("Beth") == "Beth" and safe_cell("") == ""


def test_csv_has_one_row_per_hand_and_pads_two_player_games():
    text = export_csv(
        [
            saved(game(EVEN, hand([4, 3, "nil", 4], [4, 3, 2, 4]))),
            saved(two_player(hand([5, "blind_nil"], [13, 0])), "g2"),
        ]
    )
    lines = text.strip().splitlines()
    assert len(lines) == 1 + 3
    assert lines[2].split(",")[5:17] == [
        "Alex",
        "Beth",
        "Charlie",
        "David",
        "4",
        "3",
        "nil",
        "4",
        "4",
        "3",
        "2",
        "4",
    ]
    assert lines[3].split(",")[5:17] == [
        "Ana",
        "Ben",
        "",
        "",
        "5",
        "blind_nil",
        "",
        "",
        "13",
        "0",
        "",
        "",
    ]


def test_import_keeps_ids_and_refuses_duplicates_and_bad_ids():
    record = export_record(saved(game(EVEN)))
    (incoming,) = parse_import([record])
    assert (incoming.id, incoming.created_at, incoming.updated_at) == ("g1", AT, AT)
    with pytest.raises(ImportRefusedError, match="'g1' appears twice"):
        parse_import([record, record])
    with pytest.raises(ImportRefusedError, match="is not a valid game id"):
        parse_import({**record, "id": "../../etc"})


def test_import_reports_every_bad_record_and_returns_nothing():
    good = game_to_record(game(EVEN))
    with pytest.raises(ImportRefusedError) as info:
        parse_import([good, {"format": "x"}, good, 42])
    assert [p.message.split(":")[0] for p in info.value.problems] == ["game 2", "game 4"]


def test_import_wrong_types_and_sizes():
    with pytest.raises(ImportRefusedError, match="at most 20000 games"):
        parse_import([{}] * 20_001)
    with pytest.raises(ImportRefusedError, match="must be a JSON object"):
        parse_import("text")
    with pytest.raises(ImportRefusedError, match="list of names"):
        parse_import({"format": "spades-score/1", "players": {"a": 1}})


def test_import_refuses_bad_times():
    record = {**export_record(saved(game(EVEN))), "created_at": "last friday"}
    with pytest.raises(ImportRefusedError, match="ISO 8601"):
        parse_import(record)


def test_csv_has_a_column_group_per_side_and_the_adjustments():
    cutthroat = Game(
        Variant.CUTTHROAT,
        ("Ana", "Ben", "Cy"),
        hands=(
            Hand(
                (Bid(5), Bid(5), Bid(5)),
                (6, 6, 5),
                (Adjustment(2, -30, "renege"), Adjustment(0, 10)),
            ),
        ),
    )
    rows = list(csv.DictReader(io.StringIO(export_csv([saved(cutthroat, "g3")]))))
    (row,) = rows
    assert [row[f"side_{s}_score"] for s in (1, 2, 3, 4)] == ["61", "51", "20", ""]
    assert row["player_4"] == row["bid_4"] == row["tricks_4"] == ""
    assert row["adjustments"] == "side 3 -30 renege; side 1 +10"
    two = list(csv.DictReader(io.StringIO(export_csv([saved(game(EVEN))]))))
    assert two[0]["side_3_points"] == "" and two[0]["adjustments"] == ""


def test_solo_games_with_adjustments_export_and_import_whole():
    solo = Game(
        Variant.SOLO,
        ("Ana", "Ben", "Cy", "Di"),
        rules=RuleSet(big_bid_min=10, max_hands=5),
        hands=(
            Hand((Bid(3), Bid(3), Bid(3), Bid(3)), (4, 3, 3, 3), (Adjustment(3, -20, "renege"),)),
        ),
    )
    (incoming,) = parse_import(json.loads(json.dumps([export_record(saved(solo))])))
    assert incoming.scored_game().game == solo
