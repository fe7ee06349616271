"""Toy Nim for printkit: the plugin, which tells printkit where each part of the game is.

Every part is a ``"module:attribute"`` reference imported only when printkit needs it, so
listing games imports no engine and drawing cards imports no booklet code.
"""

from printkit.plugins import GamePlugin, Resource

PLUGIN = GamePlugin(
    name="toy-nim",
    title="Toy Nim",
    package=__name__,
    engine=".rules:ToyNim",
    face_kinds=".faces:FACE_KINDS",
    definition=Resource(__name__, "toy-nim.yaml"),
    template=Resource(__name__, "toy-nim.md.j2"),
)
