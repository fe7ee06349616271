"""The plugin of "I vant to be alone": what printkit may ask of the game."""

from printkit.plugins import GamePlugin, Resource

PLUGIN = GamePlugin(
    name="i-vant-to-be-alone",
    title='"I vant to be alone"',
    package=__name__,
    engine=".rules:Vant",
    agents=".agents:AGENTS",
    face_kinds=".faces:FACE_KINDS",
    definition=Resource("printkit.decks", "i-vant-to-be-alone.yaml"),
    template=None,
)
