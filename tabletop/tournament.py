"""Strategy tournaments: agents play many games, seats rotated, and are ranked.

    from tabletop import tournament
    result = tournament.run("stockpile", ["straightforward", "shading", "greedy", "random"], games=400)
    result.ranking()          # win share, mean score, 95% intervals, forfeits
    result.games_table()      # one row per game and agent; result.to_csv(path) writes it
    tournament.figure(result) # plotly: win shares with their intervals

Agents follow ``tabletop.agents`` (``choose(view, legal, rng)``) and are given by registered
name, ``"module:object"``, ``"file.py:object"`` or as objects. One agent per seat: four agents
make four-player games (an agent may be listed twice).

Seats: games go in blocks of one game per seat. Each block draws an order of the agents (from
the seed and the block) and rotates it one seat per game, so every agent sits in every seat
equally often (exactly, when the number of games is a multiple of the number of agents).

Reproducible: game ``g`` is dealt from ``simulate.game_seeds(seed, games)[g]`` and seated from
``(seed, g)``; each agent draws from its own generator seeded by the game and its seat. Nothing
depends on which process or worker plays a game, so ``jobs`` and the executor change only the
speed.

An agent that raises, returns an action that is not legal, or takes longer than
``move_seconds`` on one move loses that game: the reason is recorded, a random player finishes
its seat's game, and the others are ranked by the end of that game. (A move that never returns is
interrupted by a watchdog thread; Python cannot interrupt a blocking call such as a long
``time.sleep``, which is judged when it returns.)
"""
from __future__ import annotations

import ctypes
import math
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Mapping, NamedTuple, Sequence

from .agents import RandomAgent, builtin_agents, is_blind, load_agent, new_player
from .core import CHANCE, TERMINAL, Game, shown
from .errors import OptionsError
from .registry import get_title
from .batches import game_seeds

__all__ = ["run", "play", "GameRecord", "Tournament", "figure", "seating", "MOVE_SECONDS", "MAX_ACTIONS"]

#: default time an agent may take for one move, in seconds
MOVE_SECONDS = 1.0
#: a game longer than this many actions is stopped with no winner (agents that never end it)
MAX_ACTIONS = 50_000
#: agents' generators are seeded above every game seed, so none repeats a dealer's stream
_AGENT_SEEDS = 2 ** 64
#: 95% two-sided normal quantile
_Z = 1.959963984540054


class GameRecord(NamedTuple):
    """One game of a tournament. ``seating[seat]`` is the index of the agent in that seat;
    ``forfeits`` pairs (seat, reason) for every agent that lost the game by misbehaving."""
    game: int
    seed: int
    seating: tuple[int, ...]
    scores: tuple[int, ...] | None      # by seat; None for a game stopped unfinished
    winners: tuple[int, ...]            # seats, a tie shares the win
    forfeits: tuple[tuple[int, str], ...]
    end: str                            # how the game ended, in words
    actions: int
    measures: tuple[tuple[str, tuple[float, ...]], ...] = ()   # (name, value by seat)


# --- the watchdog: interrupts a move that runs past its time ---------------------------------------

class _Overdue(BaseException):
    """Raised inside an agent's move by the watchdog (a BaseException: ``except Exception``
    in the agent does not swallow it)."""


_set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc
_set_async_exc.argtypes = (ctypes.c_ulong, ctypes.py_object)


class _Watchdog:
    """One thread per process while games are played: it raises ``_Overdue`` in a thread whose
    move has passed its deadline. A playing thread holds a slot ``[deadline or 0.0]``; both
    sides change a slot only under ``lock``, and firing clears the deadline, so an interrupt is
    raised at most once per move and always before the player has left that move."""

    TICK = 0.02

    def __init__(self):
        self.lock = threading.Lock()
        self.slots: dict[int, list[float]] = {}
        self.thread: threading.Thread | None = None

    def register(self) -> list[float]:
        with self.lock:
            slot = self.slots.setdefault(threading.get_ident(), [0.0, 0])
            slot[1] += 1   # nested registrations of the same thread
            if self.thread is None:
                self.thread = threading.Thread(target=self._watch, name="tabletop-move-watchdog",
                                               daemon=True)
                self.thread.start()
            return slot

    def unregister(self) -> None:
        with self.lock:
            ident = threading.get_ident()
            slot = self.slots[ident]
            slot[1] -= 1
            if not slot[1]:
                del self.slots[ident]

    def _watch(self) -> None:
        while True:
            time.sleep(self.TICK)
            with self.lock:
                if not self.slots:
                    self.thread = None
                    return
                now = time.perf_counter()
                for ident, slot in self.slots.items():
                    if slot[0] and now > slot[0]:
                        slot[0] = 0.0
                        _set_async_exc(ident, _Overdue)


_WATCHDOG = _Watchdog()


def _checkpoint() -> None:
    """Entering a Python function is a point where a pending interrupt is raised."""


# --- one game --------------------------------------------------------------------------------------

def _forfeit_reason(error: BaseException | None, seconds: float, limit: float, choice: Any,
                    legal: Sequence) -> str | None:
    if isinstance(error, _Overdue) or seconds > limit:
        return f"took longer than {limit:g} s for one move (stopped after {seconds:.2f} s)"
    if error is not None:
        try:
            text = str(error).splitlines()[0] if str(error) else ""
        except Exception:  # an exception whose message itself fails
            text = ""
        text = text if len(text) <= 120 else text[:117] + "..."
        return f"raised {type(error).__name__}" + (f": {text}" if text else "")
    return (f"returned {shown(choice, 80)}, which is not one of its {len(legal)} legal actions")


def _play(title, agents: Sequence[Any], names: Sequence[str], options: Mapping, seed: int,
          move_seconds: float, max_actions: int, slot: list[float], measure=None, game: int = 0,
          seating: tuple[int, ...] | None = None) -> GameRecord:
    """One game; ``agents[seat]`` are loaded agents called ``names[seat]``. The caller holds a
    watchdog slot."""
    n = len(agents)
    seating = seating or tuple(range(n))
    state = title.new_state(Game(title.name, tuple(names), options, seed))
    dealer = random.Random(seed)
    rngs = [random.Random(_AGENT_SEEDS + seed * 64 + s) for s in range(n)]
    blind = [is_blind(a) for a in agents]
    forfeits: dict[int, str] = {}
    # seats the loop plays itself, at random: tabletop's random player (it needs no clock and no
    # check: its move is drawn from the legal actions here) and, after a forfeit, the forfeiter's
    drawn = {s for s, a in enumerate(agents) if a is RandomAgent or type(a) is RandomAgent}
    chooses = []
    for s, agent in enumerate(agents):
        try:
            chooses.append(new_player(agent))
        except Exception as exc:   # a class that fails to start, an object that cannot be copied
            chooses.append(None)
            forfeits[s] = _forfeit_reason(exc, 0.0, move_seconds, None, ()) + " when it was set up"
            drawn.add(s)
    lock, perf_counter = _WATCHDOG.lock, time.perf_counter
    actions = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            break
        if actions == max_actions:
            return GameRecord(game, seed, seating, None, (), tuple(sorted(forfeits.items())),
                              f"stopped unfinished after {max_actions:,} actions", actions,
                              _measured(measure, state))
        actions += 1
        if player == CHANCE:
            state.apply(state.sample_chance(dealer))
            continue
        legal = state.legal_actions()
        if player in drawn:
            state.apply(legal[rngs[player].randrange(len(legal))])
            continue
        view = {"seat": player} if blind[player] else state.view(player)
        view["seat"] = player
        choice = error = None
        start = perf_counter()
        slot[0] = start + move_seconds
        try:
            try:
                choice = chooses[player](view, legal[:], rngs[player])   # its own copy to keep
            except (Exception, SystemExit) as exc:  # the agent's own bug: it loses this game only
                error = exc
            with lock:   # from here the watchdog cannot fire; one fired before lands in this try
                slot[0] = 0.0
            _checkpoint()
        except _Overdue as exc:
            error = exc
        seconds = perf_counter() - start
        if error is None and seconds <= move_seconds:
            try:   # the very object offered (fast), else an equal one
                action = legal[list(map(id, legal)).index(id(choice))]
            except ValueError:
                try:
                    action = legal[legal.index(choice)]
                except Exception:   # not in the list, or an object that cannot even be compared
                    action = None
            if action is not None:
                state.apply(action)
                continue
        forfeits[player] = _forfeit_reason(error, seconds, move_seconds, choice, legal)
        drawn.add(player)
        state.apply(legal[rngs[player].randrange(len(legal))])
    outcome = state.outcome()
    # the engine's winners (its tie-breaks included), less any who forfeited; if all of them
    # did, the best score among the others
    winners = tuple(s for s in outcome.winners if s not in forfeits)
    if not winners:
        fair = [s for s in range(n) if s not in forfeits]
        best = max((outcome.scores[s] for s in fair), default=None)
        winners = tuple(s for s in fair if outcome.scores[s] == best)
    return GameRecord(game, seed, seating, tuple(outcome.scores), winners,
                      # a record is data (CSV, JSON, the lessons' stored results): the reason in English
                      tuple(sorted(forfeits.items())), str(outcome.reason), actions, _measured(measure, state))


def _measured(measure, state) -> tuple:
    if measure is None:
        return ()
    return tuple((str(name), tuple(float(v) for v in values)) for name, values in measure(state).items())


def play(title: str, agents: Sequence[Any], seed: int = 0, options: Mapping | None = None,
         move_seconds: float = MOVE_SECONDS, max_actions: int = MAX_ACTIONS,
         measure=None) -> GameRecord:
    """One game of ``title`` with ``agents`` (one per seat, in seat order) from ``seed``."""
    t = get_title(title)
    loaded = [load_agent(a, t.name) for a in agents]
    normalized = t.normalize_options(dict(options or {}), len(loaded))
    slot = _WATCHDOG.register()
    try:
        return _play(t, loaded, agent_labels(agents), normalized, seed, move_seconds, max_actions, slot,
                     measure)
    finally:
        _WATCHDOG.unregister()


def seating(seed: int, game: int, n: int) -> tuple[int, ...]:
    """The agent (its index in the line-up) in each seat of game ``game``: blocks of ``n``
    games share an order drawn from ``(seed, block)`` and rotate it one seat per game."""
    block, turn = divmod(game, n)
    order = random.Random(f"tabletop seating {seed} {block}").sample(range(n), n)
    return tuple(order[(seat + turn) % n] for seat in range(n))


def play_batch(title_name: str, agents: Sequence[Any], labels: Sequence[str], options: Mapping,
           move_seconds: float, max_actions: int, measure,
           games: Sequence[tuple[int, int, tuple[int, ...]]]) -> list[GameRecord]:
    """A batch of games (index, seed, seating), in one process or worker thread."""
    t = get_title(title_name)
    loaded = [load_agent(a, t.name) for a in agents]
    slot = _WATCHDOG.register()
    try:
        return [_play(t, [loaded[i] for i in seats], [labels[i] for i in seats], options, seed,
                      move_seconds, max_actions, slot, measure, g, seats) for g, seed, seats in games]
    finally:
        _WATCHDOG.unregister()


class _NoBar:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def update(self, n: int = 1) -> None:
        pass


def _progress(total: int, show: bool | None):
    """A tqdm bar (a widget in notebooks) shown once a run has lasted a second (``show`` None),
    from the start (True) or never (False)."""
    if show is False:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:   # an install without its dependencies (Binder installs with --no-deps)
        return _NoBar()
    return tqdm(total=total, unit="game", delay=0 if show else 1.0, desc="games", leave=bool(show))


def run(title: str, agents: Sequence[Any], games: int = 100, seed: int = 0,
        options: Mapping | None = None, jobs: int = 1, executor=None,
        move_seconds: float = MOVE_SECONDS, max_actions: int = MAX_ACTIONS,
        progress: bool | None = None, measure=None) -> "Tournament":
    """Play ``games`` games of ``title`` between ``agents`` (one per seat), seats rotated.

    ``jobs`` > 1 spreads the games over that many processes on this machine; ``executor`` (any
    ``concurrent.futures``-style executor with ``submit``: a Dask client's ``get_executor()``)
    spreads them wherever it runs. The result is the same either way. ``progress``: None shows
    a progress bar once a run has lasted a second, True from the start, False never.
    ``measure(final_state)`` (optional) returns ``{name: value by seat}`` for each game: more
    columns of the games table, averaged by agent in the ranking (say, money paid at auctions)."""
    t = get_title(title)
    agents = list(agents)
    labels = agent_labels(agents)
    n = len(agents)
    if not t.min_players <= n <= t.max_players:
        raise OptionsError(f"{t.display_name} is for {t.min_players} to {t.max_players} players: "
                           f"give that many agents, not {n}.")
    if type(games) is not int or games < 1:
        raise OptionsError(f"A tournament needs a whole number of games, at least 1, not {shown(games)}.")
    if type(jobs) is not int or jobs < 1:
        raise OptionsError(f"jobs is a number of processes, at least 1, not {shown(jobs)}.")
    if not (isinstance(move_seconds, (int, float)) and move_seconds > 0):
        raise OptionsError(f"move_seconds is a time in seconds above 0, not {shown(move_seconds)}.")
    loaded = [load_agent(a, t.name) for a in agents]
    # built-in names and paths travel as text (a worker loads the agent itself); agents, and
    # names registered in this process only, as objects
    shipped = [a if isinstance(a, str) and (":" in a or a in builtin_agents(t.name)) else b
               for a, b in zip(agents, loaded)]
    normalized = t.normalize_options(dict(options or {}), n)
    plan = [(g, s, seating(seed, g, n)) for g, s in enumerate(game_seeds(seed, games))]
    records: list[GameRecord] = []
    started = time.perf_counter()
    with _progress(games, progress) as bar:
        if executor is None and jobs == 1:
            slot = _WATCHDOG.register()
            try:
                for g, s, seats in plan:
                    records.append(_play(t, [loaded[i] for i in seats], [labels[i] for i in seats],
                                         normalized, s, move_seconds, max_actions, slot, measure,
                                         g, seats))
                    bar.update()
            finally:
                _WATCHDOG.unregister()
        else:
            setup = (t.name, shipped, labels, normalized, move_seconds, max_actions, measure)
            if executor is None:
                _check_sendable(setup, agents, labels, measure)
            pool = ProcessPoolExecutor(jobs) if executor is None else None
            try:
                records = _spread(pool or executor, setup, plan, jobs, bar)
            finally:
                if pool is not None:
                    pool.shutdown(cancel_futures=True)
    return Tournament(t.name, tuple(labels), seed, tuple(records), time.perf_counter() - started)


def _check_sendable(setup: tuple, agents, labels, measure) -> None:
    """Refuse, before any process starts, what a process pool cannot send to its workers (the
    pool would fail only once games were under way, and Python 3.11's pool can then hang)."""
    from multiprocessing.reduction import ForkingPickler
    for agent, label in [*zip(setup[1], labels), (measure, "the measure")]:
        try:
            ForkingPickler.dumps(agent)
        except Exception:
            raise OptionsError(
                "{agent} cannot be sent to another process (a lambda, or a function defined inside another "
                "function?): put it in a file and name it 'file.py:object', or play with jobs=1.",
                agent=label) from None
    ForkingPickler.dumps(setup)


def _spread(executor, setup: tuple, plan, jobs: int, bar) -> list[GameRecord]:
    # batches small enough for a steady progress bar and for load balancing, large enough that
    # sending them costs little next to playing them
    size = max(1, min(200, len(plan) // (8 * max(jobs, 4))))
    batches = [plan[i:i + size] for i in range(0, len(plan), size)]
    futures = [executor.submit(play_batch, *setup, b) for b in batches]
    out = []
    for future in futures:   # in order: the records come back in game order
        part = future.result()
        out.extend(part)
        bar.update(len(part))
    return out


def agent_labels(agents: Sequence[Any]) -> list[str]:
    """A distinct label per entry: its name, or its object's name; repeats numbered."""
    names = []
    for a in agents:
        if isinstance(a, str):
            names.append(a)
        else:
            names.append(getattr(a, "name", None) or getattr(a, "__name__", None) or type(a).__name__)
    out, seen = [], {}
    for name in names:
        if names.count(name) > 1:
            seen[name] = seen.get(name, 0) + 1
            out.append(f"{name} #{seen[name]}")
        else:
            out.append(str(name))
    return out


# --- results ---------------------------------------------------------------------------------------

def _wilson(share: float, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a share observed over ``n`` games (a tie's fraction of a
    win makes it slightly conservative)."""
    centre = (share + _Z * _Z / (2 * n)) / (1 + _Z * _Z / n)
    half = _Z / (1 + _Z * _Z / n) * math.sqrt(share * (1 - share) / n + _Z * _Z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    n = len(values)
    if not n:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan, math.nan
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, mean - _Z * sd / math.sqrt(n), mean + _Z * sd / math.sqrt(n)


@dataclass(frozen=True)
class Tournament:
    """What a tournament played: the line-up and one record per game."""
    title: str
    agents: tuple[str, ...]              # labels, in the order given
    seed: int
    records: tuple[GameRecord, ...]
    seconds: float = field(default=0.0, compare=False)

    @property
    def games(self) -> int:
        return len(self.records)

    def _rows(self):
        for r in self.records:
            forfeits = dict(r.forfeits)
            for seat, entry in enumerate(r.seating):
                won = 1 / len(r.winners) if seat in r.winners else 0.0
                score = (None if r.scores is None or seat in forfeits else r.scores[seat])
                row = {"game": r.game, "seed": r.seed, "agent": self.agents[entry], "seat": seat,
                       "score": score, "win": won, "forfeit": forfeits.get(seat, ""), "end": r.end}
                for name, values in r.measures:
                    row[name] = values[seat]
                yield row

    def _measure_names(self) -> list[str]:
        return list(dict.fromkeys(name for r in self.records for name, _ in r.measures))

    def games_table(self):
        """pandas DataFrame, one row per game and agent: game, seed, agent, seat (0 acts first),
        score (empty for an agent that forfeited or a game stopped unfinished), win (1, a tie's
        share, or 0), forfeit (the reason, or empty), end (how the game ended), then one
        column per ``measure``."""
        import pandas as pd
        return pd.DataFrame(list(self._rows()), columns=["game", "seed", "agent", "seat", "score", "win",
                                                         "forfeit", "end", *self._measure_names()])

    def to_csv(self, path) -> None:
        """Write ``games_table()`` as CSV."""
        self.games_table().to_csv(path, index=False)

    def ranking(self):
        """pandas DataFrame, one row per agent, best first (by win share, then mean score):
        games, win share with its 95% interval (Wilson), mean score with its 95% interval
        (normal; over the games it finished), forfeits and the first forfeit's reason, then the
        mean of each ``measure``."""
        import pandas as pd
        measured = {name: {a: [] for a in self.agents} for name in self._measure_names()}
        wins = {a: [] for a in self.agents}
        scores = {a: [] for a in self.agents}
        forfeits = {a: [] for a in self.agents}
        for row in self._rows():
            wins[row["agent"]].append(row["win"])
            if row["score"] is not None:
                scores[row["agent"]].append(row["score"])
            if row["forfeit"]:
                forfeits[row["agent"]].append(row["forfeit"])
            for name in measured:
                if name in row:
                    measured[name][row["agent"]].append(row[name])
        rows = []
        for a in self.agents:
            n = len(wins[a])
            share = sum(wins[a]) / n
            low, high = _wilson(share, n)
            mean, s_low, s_high = _mean_interval(scores[a])
            rows.append({"agent": a, "games": n, "win share": share, "win low": low, "win high": high,
                         "mean score": mean, "score low": s_low, "score high": s_high,
                         "forfeits": len(forfeits[a]), "first forfeit": forfeits[a][0] if forfeits[a] else "",
                         **{name: sum(v[a]) / len(v[a]) if v[a] else math.nan for name, v in measured.items()}})
        table = pd.DataFrame(rows).sort_values(["win share", "mean score"], ascending=False, kind="stable")
        table.insert(0, "rank", range(1, len(rows) + 1))
        return table.reset_index(drop=True)

    def by_seat(self):
        """pandas DataFrame, one row per seat: the win share of whoever sat there, with its 95%
        interval (how much moving first, or last, is worth, whoever plays)."""
        import pandas as pd
        n = len(self.agents)
        rows = []
        for seat in range(n):
            share = sum(1 / len(r.winners) for r in self.records if seat in r.winners) / self.games
            low, high = _wilson(share, self.games)
            rows.append({"seat": seat, "win share": share, "win low": low, "win high": high})
        return pd.DataFrame(rows)

    def compare(self, a: str, b: str) -> dict:
        """Agent ``a`` against ``b`` over the games both played, paired game by game (so the luck
        of each deal cancels): the mean of (a's win - b's win) and of (a's score - b's score),
        each with its 95% interval (normal)."""
        for name in (a, b):
            if name not in self.agents:
                raise OptionsError(f"{name!r} did not play; the agents are {', '.join(self.agents)}.")
        games: dict[int, dict] = {}
        for row in self._rows():
            games.setdefault(row["game"], {})[row["agent"]] = row
        both = [g for g in games.values() if a in g and b in g]
        wins = _mean_interval([g[a]["win"] - g[b]["win"] for g in both])
        scores = _mean_interval([g[a]["score"] - g[b]["score"] for g in both
                                 if g[a]["score"] is not None and g[b]["score"] is not None])
        return {"games": len(both), "win difference": wins[0], "win low": wins[1], "win high": wins[2],
                "score difference": scores[0], "score low": scores[1], "score high": scores[2]}

    def __str__(self) -> str:
        title = get_title(self.title).display_name
        table = self.ranking()
        lines = [f"{self.games:,} games of {title}, {len(self.agents)} players, seats rotated"
                 + (f", {self.games / self.seconds:,.0f} games per second" if self.seconds else "")]
        width = max(len(a) for a in self.agents) + 2
        lines.append(f"{'rank':>4}  {'agent':<{width}}{'win share':>10}  {'95% interval':<15}"
                     f"{'mean score':>12}  {'95% interval':<21}{'forfeits':>8}")
        for r in table.itertuples(index=False):
            score = (f"{r[6]:>12,.0f}  {_span(r[7], r[8], '{:,.0f}'):<21}" if not math.isnan(r[6])
                     else f"{'-':>12}  {'':<21}")
            lines.append(f"{r[0]:>4}  {r[1]:<{width}}{r[3]:>10.1%}  {_span(r[4], r[5], '{:.1%}'):<15}"
                         f"{score}{r[9]:>8}")
        for r in table.itertuples(index=False):
            if r[9]:
                lines.append(f"{r[1]} forfeited {r[9]} game{'s' if r[9] > 1 else ''}: first, it {r[10]}")
        lines.append(f"fair share 1/{len(self.agents)} = {1 / len(self.agents):.1%}")
        return "\n".join(lines)


def _span(low: float, high: float, form: str) -> str:
    if math.isnan(low):
        return ""
    return f"{form.format(low)} to {form.format(high)}"


def figure(result: Tournament):
    """plotly figure: each agent's win share with its 95% interval, and the fair share 1/n."""
    import plotly.graph_objects as go
    table = result.ranking()
    fair = 1 / len(result.agents)
    fig = go.Figure(go.Bar(
        x=table["agent"], y=table["win share"],
        error_y=dict(type="data", symmetric=False, array=table["win high"] - table["win share"],
                     arrayminus=table["win share"] - table["win low"]),
        customdata=table[["mean score", "games"]],
        hovertemplate="%{x}: wins %{y:.1%} of %{customdata[1]} games, mean score %{customdata[0]:,.0f}"
                      "<extra></extra>"))
    fig.add_hline(y=fair, line_dash="dot", annotation_text=f"fair share 1/{len(result.agents)}")
    fig.update_layout(title=f"{get_title(result.title).display_name}: {result.games:,} games, seats rotated",
                      yaxis_title="win share (95% interval)", yaxis_tickformat=".0%", height=380)
    return fig
