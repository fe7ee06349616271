"""Star Battle: the game's plugin (what printkit may ask of it)."""

from printkit.plugins import GamePlugin, Resource

PLUGIN = GamePlugin(
    name="star-battle",
    title='Star Battle',
    package=__name__,
    engine=".rules:StarBattle",
    agents=".agents:AGENTS",
    face_kinds=".faces:FACE_KINDS",
    positions=".diagrams:POSITIONS",
    phrases=".phrases:StarBattlePhrases",
    template=Resource("printkit.templates", "star-battle.md.j2"),
    definition=Resource("printkit.decks", "star-battle.yaml"),
)
