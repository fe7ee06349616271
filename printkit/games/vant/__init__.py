"""The plugin of "I vant to be alone": what printkit may ask of the game."""

from printkit.plugins import GamePlugin, Resource

PLUGIN = GamePlugin(
    name="i-vant-to-be-alone",
    title='"I vant to be alone"',
    package=__name__,
    engine=".rules:Vant",
    agents=".agents:AGENTS",
    face_kinds=".faces:FACE_KINDS",
    phrases=".phrases:VantPhrases",
    board=".board:board_picture",
    positions=".diagrams:POSITIONS",
    definition=Resource("printkit.decks", "i-vant-to-be-alone.yaml"),
    template=Resource("printkit.templates", "i-vant-to-be-alone.md.j2"),
)
