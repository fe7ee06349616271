"""Stars (White Star): the game's plugin (what printkit may ask of it)."""

from printkit.plugins import GamePlugin, Resource

PLUGIN = GamePlugin(
    name="white-star",
    title='Stars (White Star)',
    package=__name__,
    engine=".rules:WhiteStar",
    agents=".agents:AGENTS",
    face_kinds=".faces:FACE_KINDS",
    phrases=".phrases:WhiteStarPhrases",
    positions=".diagrams:POSITIONS",
    definition=Resource("printkit.decks", "white-star.yaml"),
    template=Resource("printkit.templates", "white-star.md.j2"),
)
