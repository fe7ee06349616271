"""Building a game's kit: from a definition to the files in ``output/<game>/``."""
