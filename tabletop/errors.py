"""Every error tabletop raises, as one small tree.

    TabletopError                 base: catch this to show any refusal to a player
    ├── IllegalAction             the rules refuse this action in this position
    │   ├── NotYourTurn           another seat (or the deal) is to act
    │   └── GameIsOver            nothing can be played after the end
    ├── MalformedAction           not an action of this game, or its fields are wrong
    ├── HistoryError              nothing to undo or redo, or no such log position
    ├── SaveFileError             a saved match that is damaged, tampered or of an unknown version
    ├── StoreError                the database of saved matches cannot be used as asked
    │   ├── DatabaseDamaged       the database file is damaged (it is moved aside, never replaced)
    │   └── DatabaseBusy          another program holds the database longer than we wait
    ├── PinError                  a seat's PIN was needed and not given, or given wrong
    │   ├── PinRequired           a full backup or a panel needs the PINs of protected seats
    │   └── PinLocked             too many wrong PINs: wait ``retry_after`` seconds
    ├── OptionsError              game options or rules data that cannot be used
    └── UnknownTitle              no game of that name

Messages are written for a player at the table: they say what was refused and why.
Every error leaves the match exactly as it was before the call.

A refusal is data: its message id (the English template) and its parameters
(``IllegalAction("{player} has only {money}.", player=name, money=Money(500))``), so each screen
renders it in its own language (``error.render("ko")``; ``str(error)`` in the current language,
English by default). A message given with no parameters is shown as it is (translated when the
catalogs hold it).
"""

__all__ = [
    "TabletopError", "IllegalAction", "NotYourTurn", "GameIsOver", "MalformedAction",
    "HistoryError", "SaveFileError", "OptionsError", "UnknownTitle",
    "StoreError", "DatabaseDamaged", "DatabaseBusy", "PinError", "PinRequired", "PinLocked",
]


class TabletopError(Exception):
    """Base of every error raised by tabletop."""

    def __init__(self, message: str = "", /, *args, **params):
        super().__init__(message, *args)
        self.message_id = message
        self.params = params

    def render(self, lang: str | None = None) -> str:
        """The refusal in ``lang`` (the current language if None)."""
        from .i18n import language, render_template
        if not isinstance(self.message_id, str):
            return str(self.message_id)
        if lang is None:
            return render_template(self.message_id, self.params)
        with language(lang):
            return render_template(self.message_id, self.params)

    def __str__(self) -> str:
        return self.render()


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


class StoreError(TabletopError):
    """The database of saved matches cannot do what was asked (said in plain words)."""


class DatabaseDamaged(StoreError):
    """The database file is damaged; it has been moved aside (``moved_to``), never silently replaced."""

    def __init__(self, message: str, moved_to=None, **params):
        super().__init__(message, **params)
        self.moved_to = moved_to


class DatabaseBusy(StoreError):
    """Another program kept the database locked for longer than tabletop waits."""


class PinError(TabletopError):
    """A seat's PIN was needed and not given, or given wrong."""


class PinRequired(PinError):
    """The PINs of the protected seats are needed (e.g. for a full backup holding their secrets)."""

    def __init__(self, message: str, seats=(), **params):
        super().__init__(message, **params)
        self.seats = tuple(seats)


class PinLocked(PinError):
    """Too many wrong PINs for a seat: no attempt is checked for ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: float = 0.0, **params):
        super().__init__(message, **params)
        self.retry_after = float(retry_after)


class UnknownTitle(TabletopError, KeyError):
    def __str__(self):  # KeyError would quote the message
        return self.render()
