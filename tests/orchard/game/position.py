"""Starting from the table as it is, and the table's corrections (a mixin of ``OrchardState``)."""
from __future__ import annotations

from tabletop.core import Correction
from tabletop.errors import IllegalAction
from tabletop.i18n import Money, tr

from . import data

CORRECTION_KINDS = ("money", "value")


class PositionRules:
    def _apply_position(self, a) -> None:
        if self.phase != "deal" or any(self.tips) or self.round != 1:
            raise IllegalAction("A position can only be the first entry of a match.")
        if len(a.money) != self.n or len(a.shares) != self.n or not 0 <= a.first_player < self.n:
            raise IllegalAction("The position gives {given} players; this match has {players}.",
                                given=len(a.money), players=self.n)
        values = dict(a.values)
        for stock, value in values.items():
            self._check_value(stock, value)
        for seat, m in enumerate(a.money):
            if type(m) is not int or m < 0:
                raise IllegalAction("{player}'s money is a whole number, $0 or more.", player=self.name(seat))
        for seat, holding in enumerate(a.shares):
            for stock, count in holding:
                self._check_stock(stock)
                if type(count) is not int or count < 0:
                    raise IllegalAction("{player} cannot hold {count} {stock} shares.", player=self.name(seat),
                                        count=count, stock=stock)
        self.round, self.first = a.round, a.first_player
        for seat, m in enumerate(a.money):
            self.set_money(seat, m, "money on the table when the match began", "position")
        self.shares = [{s: dict(h).get(s, 0) for s in data.STOCKS} for h in a.shares]
        for stock, value in values.items():
            self.values[stock] = value
            self.mark_value(stock, value)

    def _check_stock(self, stock) -> None:
        if stock not in data.STOCKS:
            raise IllegalAction("{stock} is not an Orchard stock; the stocks are Apple and Pear.", stock=repr(stock))

    def _check_value(self, stock, value) -> None:
        self._check_stock(stock)
        if type(value) is not int or not data.LOWEST <= value <= data.HIGHEST:
            raise IllegalAction("{stock}'s value is on the track, 1 to 9; not {value}.", stock=stock, value=value)

    def _apply_correction(self, a: Correction) -> None:
        if a.kind not in CORRECTION_KINDS:
            raise IllegalAction("Orchard corrects money or a stock's value, not {kind}.", kind=repr(a.kind))
        if not str(a.reason).strip():
            raise IllegalAction("A correction needs its reason.")
        if a.kind == "money":
            if type(a.seat) is not int or not 0 <= a.seat < self.n:
                raise IllegalAction("A money correction names a seat.")
            if type(a.to) is not int or a.to < 0:
                raise IllegalAction("Money is a whole number, 0 or more; not {to}.", to=a.to)
            self.set_money(a.seat, a.to, tr("correction: {reason}", reason=a.reason), "correction")
        else:
            self._check_value(a.subject, a.to)
            self.values[a.subject] = a.to
            self.mark_value(a.subject, a.to)

    def _describe_correction(self, a: Correction) -> str:
        if a.kind == "money":
            return tr("Correction: {player}'s money is {money} ({reason})", player=self.name(a.seat),
                      money=Money(a.to), reason=a.reason)
        return tr("Correction: {stock} is at {value} ({reason})", stock=a.subject, value=a.to, reason=a.reason)
