"""Every error tabletop raises, as one small tree.

    TabletopError                 base: catch this to show any refusal to a player
    ├── IllegalAction             the rules refuse this action in this position
    │   ├── NotYourTurn           another seat (or the deal) is to act
    │   └── GameIsOver            nothing can be played after the end
    ├── MalformedAction           not an action of this game, or its fields are wrong
    ├── HistoryError              nothing to undo or redo, or no such log position
    ├── SaveFileError             a saved match that is damaged, tampered or of an unknown version
    ├── OptionsError              game options or rules data that cannot be used
    └── UnknownTitle              no game of that name

Messages are written for a player at the table: they say what was refused and why.
Every error leaves the match exactly as it was before the call.
"""

__all__ = [
    "TabletopError", "IllegalAction", "NotYourTurn", "GameIsOver", "MalformedAction",
    "HistoryError", "SaveFileError", "OptionsError", "UnknownTitle",
]


class TabletopError(Exception):
    """Base of every error raised by tabletop."""


class IllegalAction(TabletopError, ValueError):
    """The rules do not allow this action now."""


class NotYourTurn(IllegalAction):
    pass


class GameIsOver(IllegalAction):
    pass


class MalformedAction(TabletopError, ValueError):
    pass


class HistoryError(TabletopError):
    pass


class SaveFileError(TabletopError, ValueError):
    pass


class OptionsError(TabletopError, ValueError):
    pass


class UnknownTitle(TabletopError, KeyError):
    def __str__(self):  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""
