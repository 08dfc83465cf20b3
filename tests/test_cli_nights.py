"""`scorekeeper sessions` and `scorekeeper ratings`, and sessions through
`export` and `import`, run as real subprocesses on a temporary data folder."""

import json
import subprocess
import sys

from openskill.models import PlackettLuce

GAME = {"format": "spades-score/1", "rules": {"target": 100}}
SIDE_1 = [{"bids": [6, 3, 4, 0], "tricks": [6, 3, 4, 0]}]  # Ben + Dee win 130-60
SIDE_0 = [{"bids": [3, 6, 0, 4], "tricks": [3, 6, 0, 4]}]  # the first side wins


def record(players, hands, when, session="fri"):
    game = {**GAME, "players": players, "hands": hands, "ended_at": when}
    return {**game, "session": {"id": session, "match": 2}} if session else game


NIGHT = [
    record(["Ana", "Ben", "Cy", "Dee"], SIDE_0, "2026-03-06T20:00:00+00:00"),
    record(["Ana", "Ben", "Cy", "Dee"], SIDE_1, "2026-03-06T21:00:00+00:00"),
    record(["Ana", "Cy", "Ben", "Dee"], SIDE_0, "2026-03-06T22:00:00+00:00"),  # partners switched
    {
        **record(["Eve", "Ben"], [{"bids": [10, 1], "tricks": [13, 0]}], "2026-03-06T19:00", None),
        "variant": "two-player",
    },
]


def run(data, *args):
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--data", str(data), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "PYTHONPATH": sys.path[0]},
    )


def stored(tmp_path):
    data = tmp_path / "data"
    night = tmp_path / "night.json"
    night.write_text(json.dumps(NIGHT))
    result = run(data, "import", str(night))
    assert result.returncode == 0, result.stderr
    return data, result.stdout.split()


def test_sessions_json_lists_games_in_order_and_wins_per_player(tmp_path):
    data, ids = stored(tmp_path)
    result = run(data, "sessions", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [
        {"id": "fri", "games": ids[:3], "wins": {"Ana": 2, "Ben": 2, "Cy": 1, "Dee": 1}}
    ]


def test_sessions_text_shows_the_tally_and_the_match(tmp_path):
    data, _ids = stored(tmp_path)
    (line,) = run(data, "sessions").stdout.splitlines()
    assert line.startswith("fri  ")
    assert "3 games  Ana 2, Ben 2, Cy 1, Dee 1  first to 2  won by Ana + Ben" in line


def test_no_sessions_is_said_in_words(tmp_path):
    result = run(tmp_path / "empty", "sessions")
    assert result.returncode == 0 and "no sessions yet" in result.stdout
    assert json.loads(run(tmp_path / "empty", "sessions", "--json").stdout) == []
    assert json.loads(run(tmp_path / "empty", "ratings", "--json").stdout) == []


def reference():
    """openskill by hand, on the games in the order they ended."""
    model = PlackettLuce()
    table = {}
    for game in sorted(NIGHT, key=lambda g: g["ended_at"]):
        players = game["players"]
        sides = (
            [[players[0], players[2]], [players[1], players[3]]]
            if len(players) == 4
            else [[p] for p in players]
        )
        won = 0 if game["hands"] in (SIDE_0, NIGHT[3]["hands"]) else 1
        teams = [[table.setdefault(n, model.rating()) for n in side] for side in sides]
        rated = model.rate(teams, ranks=[1 if i == won else 2 for i in range(len(sides))])
        for side, team in zip(sides, rated, strict=True):
            for name, rating in zip(side, team, strict=True):
                table[name] = rating
    return table


def test_ratings_json_equals_openskill_at_full_precision_best_first(tmp_path):
    data, _ids = stored(tmp_path)
    listed = json.loads(run(data, "ratings", "--json").stdout)
    expected = reference()
    assert [r["player"] for r in listed] == sorted(
        expected, key=lambda n: -(expected[n].mu - 3 * expected[n].sigma)
    )
    for row in listed:
        r = expected[row["player"]]
        assert (row["mu"], row["sigma"]) == (r.mu, r.sigma)
        assert row["ordinal"] == r.mu - 3 * r.sigma
    assert {r["player"]: r["games"] for r in listed} == {
        "Ana": 3,
        "Ben": 4,
        "Cy": 3,
        "Dee": 3,
        "Eve": 1,
    }
    text = run(data, "ratings").stdout.splitlines()
    best = expected["Eve"]  # won the one game she played, against Ben
    assert (
        text[0] == f"1. Eve  {best.mu - 3 * best.sigma:.1f} (mu {best.mu:.1f}, sigma 8.1)  1 game"
    )
    assert text[1].endswith("  4 games") or text[1].endswith("  3 games")


def test_export_and_import_carry_sessions_and_end_times(tmp_path):
    data, ids = stored(tmp_path)
    exported = tmp_path / "all.json"
    assert run(data, "export", "--all", "-o", str(exported)).returncode == 0
    records = json.loads(exported.read_text())
    by_id = {r["id"]: r for r in records}
    assert by_id[ids[0]]["session"] == {"id": "fri", "match": 2}
    assert by_id[ids[0]]["ended_at"] == "2026-03-06T20:00:00+00:00"
    assert "session" not in by_id[ids[3]]
    again = tmp_path / "again"
    assert run(again, "import", str(exported)).returncode == 0
    assert run(again, "sessions", "--json").stdout == run(data, "sessions", "--json").stdout
    assert run(again, "ratings", "--json").stdout == run(data, "ratings", "--json").stdout


def test_export_then_import_keeps_the_ratings_of_games_without_an_end_time(tmp_path):
    """Games imported without `ended_at`, among games with one and games played
    after them, count in the same places once exported and imported again."""
    data = tmp_path / "data"
    early = [record(["Ana", "Ben", "Cy", "Dee"], SIDE_0, "2020-01-01T20:00:00+00:00", None)]
    untimed = [
        {key: value for key, value in record(players, hands, "", None).items() if key != "ended_at"}
        for players, hands in [
            (["Ana", "Ben", "Cy", "Dee"], SIDE_1),
            (["Ana", "Cy", "Ben", "Dee"], SIDE_0),
            (["Eve", "Ben", "Ana", "Dee"], SIDE_1),
            (["Ana", "Ben", "Eve", "Dee"], SIDE_0),
        ]
    ]
    later = [record(["Eve", "Cy", "Ana", "Ben"], SIDE_1, "2199-01-01T20:00:00+00:00", None)]
    for number, batch in enumerate([early, untimed, later]):
        (tmp_path / f"{number}.json").write_text(json.dumps(batch))
        assert run(data, "import", str(tmp_path / f"{number}.json")).returncode == 0
    exported = tmp_path / "all.json"
    assert run(data, "export", "--all", "-o", str(exported)).returncode == 0
    again = tmp_path / "again"
    assert run(again, "import", str(exported)).returncode == 0
    ratings = run(data, "ratings", "--json").stdout
    assert run(again, "ratings", "--json").stdout == ratings
    model, table = PlackettLuce(), {}  # in the order: early, the file's, later
    for game in [*early, *untimed, *later]:
        sides = [game["players"][0::2], game["players"][1::2]]
        first = game["hands"] == SIDE_0
        teams = [[table.setdefault(n, model.rating()) for n in side] for side in sides]
        rated = model.rate(teams, ranks=[1, 2] if first else [2, 1])
        for side, team in zip(sides, rated, strict=True):
            table.update(zip(side, team, strict=True))
    assert {r["player"]: (r["mu"], r["sigma"]) for r in json.loads(ratings)} == {
        name: (r.mu, r.sigma) for name, r in table.items()
    }


def test_export_then_import_into_an_empty_folder_gives_the_same_sessions(tmp_path):
    """An older game moved into a session takes its place in the order played,
    and keeps it through `export` and `import`: same ids, order and match."""
    from scorekeeper.storage.store import GameStore
    from tests.test_sessions_store import WIN_0, WIN_1, finished

    data = tmp_path / "data"
    with GameStore(data) as store:
        old, a, b, other = (store.create(finished(w)) for w in (WIN_1, WIN_0, WIN_0, WIN_1))
        store.continue_session(a.id, b.id)
        night = store.set_match(store.session_of(a.id).id, 2).id
        store.start_session(other.id)
        store.move_to_session(old.id, night)  # the keeper moves the earlier game in
    shown = run(data, "sessions", "--json")
    assert shown.returncode == 0, shown.stderr
    before = json.loads(shown.stdout)
    assert [s["games"] for s in before] == [[old.id, a.id, b.id], [other.id]]
    exported = tmp_path / "all.json"
    assert run(data, "export", "--all", "-o", str(exported)).returncode == 0
    again = tmp_path / "again"
    assert run(again, "import", str(exported)).returncode == 0
    assert json.loads(run(again, "sessions", "--json").stdout) == before
    with GameStore(again) as store:
        assert [(s.id, s.match) for s in store.sessions()] == [(night, 2), (before[1]["id"], None)]


def test_help_says_what_json_prints_for_sessions_and_ratings(tmp_path):
    sessions = " ".join(run(tmp_path, "sessions", "--help").stdout.split())
    assert "--json print JSON: a list, one object per session with its id, games and wins" in (
        sessions
    )
    ratings = " ".join(run(tmp_path, "ratings", "--help").stdout.split())
    assert "--json print JSON: a list of player, mu, sigma, ordinal and games, best first" in (
        ratings
    )
