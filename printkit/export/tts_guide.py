"""What comes with a Tabletop Simulator export besides its images: the thumbnail TTS shows
beside a saved object, and ``IMPORT.md``, the guide that says where each file goes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from printkit.export.tts_json import BoardObject, DeckObject, TableObject

SIZE = 256
"""Thumbnails are square, 256 pixels a side, as TTS makes its own."""
BACKGROUND = (236, 232, 222)
EDGE = (90, 90, 90)


@dataclass
class Thumbnail:
    """The pictures a thumbnail is made of, collected as the export draws them."""

    board: Image.Image | None = None
    face: Image.Image | None = None
    back: Image.Image | None = None
    token: Image.Image | None = None


def _fit(image: Image.Image, width: int, height: int) -> Image.Image:
    """``image`` shrunk (never grown past twice its size) to fit ``width`` x ``height``."""
    scale = min(width / image.width, height / image.height, 2.0)
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image.resize(size, Image.Resampling.LANCZOS)


def _card(canvas: Image.Image, picture: Image.Image, box: tuple[int, int, int, int]) -> None:
    """``picture`` fitted in ``box`` (left, top, width, height), centred, with an edge."""
    left, top, width, height = box
    fitted = _fit(picture, width, height)
    x = left + (width - fitted.width) // 2
    y = top + (height - fitted.height) // 2
    canvas.paste(fitted, (x, y))
    ImageDraw.Draw(canvas).rectangle((x - 1, y - 1, x + fitted.width, y + fitted.height),
                                     outline=EDGE)


def thumbnail(pictures: Thumbnail) -> Image.Image:
    """The board filling the square with a card and its back in front of it; without a
    board, the card and back side by side; without cards, a token."""
    canvas = Image.new("RGB", (SIZE, SIZE), BACKGROUND)
    cards = [p for p in (pictures.face, pictures.back) if p is not None]
    if pictures.board is not None:
        _card(canvas, pictures.board, (8, 8, SIZE - 16, SIZE - 16))
        for index, card in enumerate(cards):
            _card(canvas, card, (20 + index * 92, SIZE - 124, 84, 108))
    elif cards:
        for index, card in enumerate(cards):
            _card(canvas, card, (12 + index * 122, 12, 110, SIZE - 24))
    elif pictures.token is not None:
        _card(canvas, pictures.token, (48, 48, SIZE - 96, SIZE - 96))
    return canvas


def _contents(objects: Sequence[TableObject]) -> list[str]:
    lines = []
    tiles: dict[str, int] = {}
    for thing in objects:
        if isinstance(thing, BoardObject):
            lines.append(f"- {thing.name} (locked in place; unlock it from its menu)")
        elif isinstance(thing, DeckObject):
            count = len(thing.cards)
            what = f"{count} card{'s' if count != 1 else ''}"
            how = "face up" if thing.face_up else "face down"
            lines.append(f"- {thing.name}: {what}, {how}"
                         + (f". {thing.note}" if thing.note else ""))
        else:
            group = thing.name.partition(": ")[0]
            tiles[group] = tiles.get(group, 0) + thing.count
    lines += [f"- {name}: {count} tokens in stacks, one stack per kind"
              for name, count in tiles.items()]
    return lines


KB = "https://kb.tabletopsimulator.com"
FOLDERS = (
    "   - Windows: `%USERPROFILE%\\Documents\\My Games\\Tabletop Simulator`",
    "   - macOS: `~/Library/Tabletop Simulator`",
    "   - Linux: `~/.local/share/Tabletop Simulator`",
)
"""Where TTS keeps its saves, by system (the knowledge base's Technical Info page), unless
moved in the game's settings."""


def guide_text(title: str, prefix: str, objects: Sequence[TableObject],
               files: Sequence[str], base_url: str, own_folder: str) -> str:
    """``IMPORT.md``: what the export holds, where TTS wants each file, how it finds the
    images, and how to let other players see them."""
    images = [f for f in files if f.startswith("Mods/Images/")]
    if base_url == own_folder:
        found = [
            "The saved object names every image by its address in this folder's "
            f"`Mods/Images` (`{base_url}...`), as TTS writes a local file. **Leave this "
            "folder where it is**: moved or deleted, the pieces lose their pictures (export "
            "again to name the new place).",
        ]
    else:
        found = [
            f"The saved object names every image at `{base_url}` followed by its file name: "
            f"put the {len(images)} files of `Mods/Images/` there before loading it.",
        ]
    lines = [
        f"# {title} for Tabletop Simulator", "",
        f"Made by printkit: {len(images)} images and a saved object that sets the game out "
        "as its rules do before play:", "", *_contents(objects), "",
        "## Load it", "",
        f"1. Copy `Saves/Saved Objects/{prefix}.json` and its thumbnail `{prefix}.png` into "
        "`Saves/Saved Objects` inside Tabletop Simulator's own folder (make that folder if "
        "it is not there yet):",
        *FOLDERS,
        f"2. Start a game (Create, then Singleplayer, or host one), open **Objects**, then "
        f"**Saved Objects**, and click **{prefix}**: the pieces appear on the table.", "",
        *found, "",
        "## Playing with others", "",
        "Images on your own computer are seen by you alone. To let the other players see "
        "them, upload them to your Steam Cloud:", "",
        "1. With the game loaded as above, open **Modding > Cloud Manager** and click the "
        "upload arrow at its top (Upload All): every local image is uploaded and the pieces "
        "on the table now name it in the cloud.",
        "2. Save again, or the old saved object still names the local files: drag a box "
        "round every piece, right-click one of them and choose **Save Object**. Share that "
        "saved object, or save the whole table (**Games**, then **Save & Load**, then "
        "**Create**) and host a game from it.", "",
        "Any web host that serves the files as they are works too: upload the files of "
        "`Mods/Images/`, then export again with that folder's address, and every image name "
        "starts with it:", "",
        "```sh",
        "printkit export tts GAME --base-url https://example.org/my-game/",
        "```", "",
        "Sizes on the table follow the printed pieces approximately; the game's scale keys "
        "adjust any piece.", "",
        "## Sources", "",
        f"- Where TTS keeps its saves: {KB}/getting-started/technical-info/",
        f"- Local files, online files and who sees them: {KB}/custom-content/asset-importing/",
        f"- The Cloud Manager and Upload All: {KB}/custom-content/cloud-manager/",
        f"- Saving the whole table: {KB}/getting-started/games-save-load/",
        f"- Card sheets and the hidden card: {KB}/custom-content/custom-deck/", "",
        "## Files", "",
        *(f"- `{name}`" for name in files), "",
    ]
    return "\n".join(lines)
