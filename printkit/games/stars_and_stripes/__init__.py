"""Stars and Stripes: the game's plugin (what printkit may ask of it)."""

from printkit.plugins import GamePlugin, Resource
from printkit.rules.compiled import prefer_fresh

prefer_fresh(__name__, "core")  # the playout core, compiled with mypyc where it could be

PLUGIN = GamePlugin(
    name="stars-and-stripes",
    title='Stars and Stripes',
    package=__name__,
    engine=".rules:StarsAndStripes",
    agents=".agents:AGENTS",
    face_kinds=".faces:FACE_KINDS",
    phrases=".phrases:StarsAndStripesPhrases",
    board=".board:board_picture",
    positions=".board:POSITIONS",
    definition=Resource("printkit.decks", "stars-and-stripes.yaml"),
    template=Resource("printkit.templates", "stars-and-stripes.md.j2"),
)
