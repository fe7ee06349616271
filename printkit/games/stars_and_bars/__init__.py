"""Stars and Bars: the game's plugin (what printkit may ask of it)."""

from printkit.plugins import GamePlugin, Resource

PLUGIN = GamePlugin(
    name="stars-and-bars",
    title='Stars and Bars',
    package=__name__,
    engine=".rules:StarsAndBars",
    agents=".agents:AGENTS",
    face_kinds=".faces:FACE_KINDS",
    phrases=".phrases:StarsAndBarsPhrases",
    board=".board:board_picture",
    positions=".diagrams:POSITIONS",
    definition=Resource("printkit.decks", "stars-and-bars.yaml"),
    template=Resource("printkit.templates", "stars-and-bars.md.j2"),
)
