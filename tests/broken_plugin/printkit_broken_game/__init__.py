"""Games broken on purpose, each in its own way, for printkit's tests of plugin isolation.

- ``broken-import``: the module its entry point names raises when imported;
- ``broken-faces``: the plugin loads, but the module of its face kinds raises when imported,
  so its definition (which names one of them) cannot be loaded;
- ``buggy-faces``: everything loads, and drawing a face raises (a bug in the plugin's own
  code, which printkit must blame on this plugin rather than on itself);
- ``mistyped-kinds``: everything imports, but its face kinds are not what the plugin
  contract asks for (strings, not ``FaceKind`` values), so its definition cannot be loaded.
"""

from printkit.plugins import GamePlugin, Resource

BROKEN_FACES = GamePlugin(
    name="broken-faces",
    title="Broken Faces",
    package=__name__,
    face_kinds=".faces:FACE_KINDS",
    definition=Resource(__name__, "broken-faces.yaml"),
)

BUGGY_FACES = GamePlugin(
    name="buggy-faces",
    title="Buggy Faces",
    package=__name__,
    face_kinds=".buggy:FACE_KINDS",
    definition=Resource(__name__, "buggy-faces.yaml"),
)

MISTYPED_KINDS = GamePlugin(
    name="mistyped-kinds",
    title="Mistyped Kinds",
    package=__name__,
    face_kinds=".mistyped:FACE_KINDS",
    definition=Resource(__name__, "mistyped-kinds.yaml"),
)
