"""The economics behind the games, for the lessons in ``notebooks/lessons/``.

No Jupyter and no plotting (importing a module loads neither, nor numpy): the notebooks narrate and
plot; the numbers come from here and are tested by pytest. The Monte-Carlo loops of lessons 1 and
2 run in numpy, on the very draws a loop over ``random.Random(seed)`` makes. Game facts are read from the engines' data modules and
rules functions, never copied.

- ``auctions``      sealed-bid auctions with uniform values: equilibrium bids, revenue
                    equivalence and risk, Monte-Carlo revenue (lesson 1); a common value and
                    the winner's curse (lesson 2)
- ``assignment``    unit-demand markets: efficient assignment, VCG = minimum Walrasian prices,
                    exact and small-step ascending auctions, ladder auctions (lesson 2)
- ``ladders``       a fixed ladder of bids against VCG: efficiency and revenue (lesson 2)
- ``piles``         Stockpile's piles valued from what a player sees; the winner's curse (lesson 2)
- ``markov``        a Stockpile value as a Markov chain (irreducible, aperiodic); what a share held
                    k rounds is worth (lesson 3)
- ``mergers``       Acquire merger economics on ``tabletop.acquire.mergers`` (lesson 4)
- ``manipulation``  時価で勝負's lower-of-two price and Black Monday's limits; agents, seats
                    rotated (lesson 5)
- ``tables``        formatted tables for the lessons (imports pandas when a table is made)
- ``figures``       ``show(fig)``: a plotly figure without the seconds ``fig.show()`` spends
                    importing nbformat in a new kernel
- ``stored``        ``recall(function, ...)``: the lessons' long computations (engine games),
                    stored with the package and re-checked by pytest, so a lesson opens in seconds

Every simulation takes ``executor=`` (anything with ``concurrent.futures``' ``map``: a process
pool, a Dask client's ``get_executor()``) and gives the same answer with or without it.
"""
