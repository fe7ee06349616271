"""Stars and Bars: the game's plugin (what printkit may ask of it)."""

from printkit.plugins import GamePlugin

PLUGIN = GamePlugin(
    name="stars-and-bars",
    title='Stars and Bars',
    package=__name__,
    engine=".rules:StarsAndBars",
)
