"""The privacy rule after a secret is used: random games of every title forked at a secret card,
fork B playing fork A's game with the owner's uses of the card mapped to the other card (placed
face down, exchanged), followed to the end of the game or until the rules make the card public;
every other seat and the shared screen see the same in both forks at every step. See follow.py."""
import pytest

from tabletop import Match

from . import follow
from .follow import follow_forks

CASES = ([("stockpile", n, {}, 500 + n) for n in (2, 3, 4, 5)]
         + [("stockpile", 4, {"investors": True}, 511)]
         + [("acquire", n, {}, 600 + n) for n in (2, 4, 6)]
         + [("acquire", 4, {"edition": "classic", "hidden_money": True}, 611)]
         + [("black-monday", n, {}, 700 + n) for n in (2, 4, 6)]
         + [("jika", n, {}, 800 + n) for n in (3, 4)])
#: titles whose owners use a secret card secretly (a face-down placement, an exchange)
SECRET_USES = {"stockpile", "black-monday"}


@pytest.mark.parametrize("title,n,options,seed", CASES,
                         ids=[f"{c[0]}-{c[1]}p{'-' + '+'.join(c[2]) if c[2] else ''}" for c in CASES])
def test_what_the_game_remembers_of_a_used_secret_is_the_owners_alone(title, n, options, seed):
    result = follow_forks(title, n, options, seed, forks=6)
    assert result.forks >= 4, f"only {result.forks} forks"
    # a Stockpile card is followed through its supply step and auction; the others much further
    assert result.steps >= (2 if title == "stockpile" else 5) * result.forks, f"the forks were not followed: {result.ends}"
    if title in SECRET_USES:
        assert result.used >= 1 and result.steps_after_use >= 3, (
            f"no fork followed past the owner's secret use of the card: {result.ends}")
    assert not result.leaks, (f"{len(result.leaks)} differences only the owner may tell apart, e.g.:\n"
                              + "\n".join(f"{w}, {s} entries later, {k}: {d}" for w, s, k, d in result.leaks[:5]))
    print(f"{title} {n}p: {result.forks} forks, {result.steps} steps ({result.steps_after_use} after the "
          f"owner's secret use), {result.comparisons} comparisons")


class _PeeksFaceDown(Match):
    """A shared screen that shows the cards lying face down on the stockpiles."""

    def view(self, seat=None):
        view = super().view(seat)
        if seat is None and self.game.title == "stockpile":
            view["leak"] = [[k for k, up, _mask in pile if not up] for pile in self.state.piles]
        return view


class _PeeksExchanged(Match):
    """A shared screen that shows the whole discard pile, exchanged cards (face down) included."""

    def view(self, seat=None):
        view = super().view(seat)
        if seat is None and self.game.title == "black-monday":
            view["leak"] = sorted(self.state.discard)
        return view


@pytest.mark.parametrize("leaky,title,n,seed", [(_PeeksFaceDown, "stockpile", 3, 501),
                                                (_PeeksExchanged, "black-monday", 3, 702)])
def test_the_followed_forks_see_a_card_shown_after_its_owner_put_it_face_down(monkeypatch, leaky, title, n, seed):
    monkeypatch.setattr(follow, "Match", leaky)
    result = follow_forks(title, n, {}, seed, forks=6)
    assert result.used and any(k == "view(None)" and '"leak"' in d for _w, _s, k, d in result.leaks), result.ends
