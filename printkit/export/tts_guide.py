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
            lines.append(f"- {thing.name}: a deck of {len(thing.cards)} cards, face down")
        else:
            group = thing.name.partition(": ")[0]
            tiles[group] = tiles.get(group, 0) + thing.count
    lines += [f"- {name}: {count} tokens in stacks, one stack per kind"
              for name, count in tiles.items()]
    return lines


def guide_text(title: str, prefix: str, objects: Sequence[TableObject],
               files: Sequence[str], base_url: str) -> str:
    """``IMPORT.md``: what the export holds, where TTS wants each file, and how
    ``--base-url`` serves the images to other players."""
    images = [f for f in files if f.startswith("Mods/Images/")]
    if base_url:
        found = (f"This export names every image at `{base_url}` followed by its file "
                 f"name: put the {len(images)} files of `Mods/Images/` there (step 1 is "
                 "then only needed for playing offline).")
    else:
        found = ("The saved object names each image by its file name alone, such as "
                 f"`{images[0].rpartition('/')[2] if images else prefix + '.png'}`; TTS "
                 "looks such names up in its own Mods folders, so the images must be "
                 "there (step 1). They are files on your computer: other players do not "
                 "see them. To play together, host them (below).")
    lines = [
        f"# {title} for Tabletop Simulator", "",
        f"Made by printkit: {len(images)} images and a saved object that lays the game "
        "out on the table:", "", *_contents(objects), "",
        "## Install", "",
        "1. Copy the images in `Mods/Images/` into the images folder of Tabletop Simulator:",
        "   - Windows: `Documents/My Games/Tabletop Simulator/Mods/Images`",
        "   - macOS: `~/Library/Tabletop Simulator/Mods/Images`",
        "   - Linux: `~/.local/share/Tabletop Simulator/Mods/Images`",
        "   (or the Mods folder chosen in the game's settings, if you moved it).",
        f"2. Copy `Saves/Saved Objects/{prefix}.json` and its thumbnail `{prefix}.png` into "
        "`Documents/My Games/Tabletop Simulator/Saves/Saved Objects` (on macOS and Linux, "
        "`Saves/Saved Objects` in the folder holding `Mods`).",
        "   Copying this folder's `Mods` and `Saves` into `Tabletop Simulator` does steps "
        "1 and 2 at once.",
        f"3. In the game, open **Objects > Saved Objects** and choose **{prefix}**: the "
        "pieces appear on the table.", "",
        "## How the images are found", "", found, "",
        "## Playing with others", "",
        "Upload the files of `Mods/Images/` to a place that serves them as they are (your "
        "Steam Cloud through the game's Cloud Manager, or any web host), then export again "
        "with that folder's address, and share the new saved object:", "",
        "```sh",
        "printkit export tts GAME --base-url https://example.org/my-game/",
        "```", "",
        "Every image name in the saved object then starts with the address. A folder of "
        "your own on this computer works too: `--base-url file:///C:/Users/me/my-game/`.",
        "",
        "Sizes on the table follow the printed pieces approximately; the game's scale "
        "keys adjust any piece.", "",
        "## Files", "",
        *(f"- `{name}`" for name in files), "",
    ]
    return "\n".join(lines)
