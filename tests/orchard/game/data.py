"""Orchard's components."""
STOCKS = ("Apple", "Pear")
TIPS = ("Apple up", "Apple down", "Pear up", "Pear down")
HARVEST = (-2, -1, 1, 2)
LOWEST, HIGHEST, START_VALUE = 1, 9, 5
START_MONEY = 10
ROUNDS = 3
