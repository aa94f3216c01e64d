"""Figures of the differential secret test, printed at the end of the run."""
from .differential import Figures

TOTALS = Figures(games=0)


def pytest_terminal_summary(terminalreporter):
    if TOTALS.games:
        t = TOTALS
        terminalreporter.write_line(
            f"differential secret test: {t.games} games, {t.entries} entries, {t.secret_events} secret "
            f"events, {t.forks} forks ({t.no_other_outcome} without another outcome), {t.comparisons} "
            f"comparisons ({t.decision_lists} decision lists), leaks found: {len(t.leaks)}")
