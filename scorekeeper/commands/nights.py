"""The commands on game nights: `sessions` (the games each table played
together, and who won how many) and `ratings` (players by rating)."""

import argparse
import json
import sys

from scorekeeper.commands.games import open_store
from scorekeeper.commands.reading import printable
from scorekeeper.i18n import _, decimal, moment, ngettext, number


def cmd_sessions(args: argparse.Namespace) -> int:
    from scorekeeper.core.session import played, player_wins, session_tally, standings_text

    with open_store(args, read_only=True) as store:
        sessions = store.sessions()
        summaries = {s.id: s for s in store.history(limit=10**9).items}
        aliases = store.aliases()
    rows = []
    for session in sessions:
        games = [played(summaries[g]) for g in session.games]
        rows.append((session, games, player_wins(games, aliases)))
    if args.json:
        listed = [{"id": s.id, "games": list(s.games), "wins": wins} for s, _games, wins in rows]
        json.dump(listed, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    if not rows:
        print(_("no sessions yet: a rematch continues the session of the game before"))
    for session, games, _wins in rows:
        tally = session_tally(games, session.match, aliases)
        count = ngettext("{count} game", "{count} games", len(games)).format(
            count=number(len(games))
        )
        line = f"{printable(session.id)}  {moment(summaries[session.games[0]].created_at)}  "
        line += f"{count}  {printable(standings_text(tally))}"
        if session.match is not None:
            line += "  " + _("first to {count}").format(count=number(session.match))
        if tally.winner is not None:
            line += "  " + _("won by {names}").format(names=printable(" + ".join(tally.winner)))
        print(line)
    return 0


def cmd_ratings(args: argparse.Namespace) -> int:
    with open_store(args, read_only=True) as store:
        ratings = store.ratings()
    if args.json:
        listed = [
            {
                "player": r.name,
                "mu": r.mu,
                "sigma": r.sigma,
                "ordinal": r.ordinal,
                "games": r.games,
            }
            for r in ratings
        ]
        json.dump(listed, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    if not ratings:
        print(_("no finished games yet: a rating needs one"))
    for place, r in enumerate(ratings, start=1):
        games = ngettext("{count} game", "{count} games", r.games).format(count=number(r.games))
        print(
            _("{place}. {player}  {rating} (mu {mu}, sigma {sigma})  {games}").format(
                place=number(place),
                player=printable(r.name),
                rating=decimal(r.ordinal, "#,##0.0"),
                mu=decimal(r.mu, "#,##0.0"),
                sigma=decimal(r.sigma, "#,##0.0"),
                games=games,
            )
        )
    return 0
