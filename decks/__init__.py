"""The definitions of the shipped games, installed as the package printkit.decks."""
