"""Stars (White Star): the game's plugin (what printkit may ask of it)."""

from printkit.plugins import GamePlugin

PLUGIN = GamePlugin(
    name="white-star",
    title='Stars (White Star)',
    package=__name__,
    engine=".rules:WhiteStar",
)
