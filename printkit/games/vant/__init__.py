"""The plugin of "I vant to be alone": what printkit may ask of the game."""

from printkit.plugins import GamePlugin

PLUGIN = GamePlugin(
    name="i-vant-to-be-alone",
    title='"I vant to be alone"',
    package=__name__,
    engine=".rules:Vant",
)
