"""Star Battle: the game's plugin (what printkit may ask of it)."""

from printkit.plugins import GamePlugin

PLUGIN = GamePlugin(
    name="star-battle",
    title='Star Battle',
    package=__name__,
    engine=".rules:StarBattle",
)
