"""A toy title with a large first-player advantage, for seat-rotation tests: players in turn step
1 or 2 squares; the first to reach square 6 wins. Played at random, the first seat wins far more
than its share (it reaches 6 first whenever it needs no more turns than the others)."""
from dataclasses import dataclass

from tabletop.core import TERMINAL, Action, Outcome, State, Title
from tabletop.errors import IllegalAction
from tabletop.registry import register_title

GOAL = 6


@dataclass(frozen=True)
class Step(Action):
    seat: int
    squares: int


class RaceState(State):
    def __init__(self, game):
        super().__init__(game)
        self.money = [0] * self.n
        self.square = [0] * self.n
        self.to_act = 0
        self.phase = "race"

    def current_player(self):
        return self.to_act

    def legal_actions(self):
        return [] if self.to_act == TERMINAL else [Step(self.to_act, 1), Step(self.to_act, 2)]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not a legal step now.")
        self.square[action.seat] += action.squares
        self.to_act = TERMINAL if self.square[action.seat] >= GOAL else (action.seat + 1) % self.n

    def view(self, seat):
        return {"title": "Race", "squares": list(self.square), "to_act": self.to_act}

    def outcome(self):
        if self.to_act != TERMINAL:
            return None
        return Outcome(tuple(self.square), (max(range(self.n), key=self.square.__getitem__),))


class RaceTitle(Title):
    name = "race"
    display_name = "Race"
    min_players = 2
    max_players = 5
    state_class = RaceState
    action_types = (Step,)


register_title(RaceTitle())
