"""The economics behind the games, for the lessons in ``notebooks/lessons/``.

Pure Python, no Jupyter: the notebooks narrate and plot; the numbers come from here and are
tested by pytest.

- ``auctions``    sealed-bid auctions with uniform values, equilibrium bids, revenue equivalence
- ``assignment``  unit-demand markets: efficient assignment, VCG, ascending auctions, ladders
"""
