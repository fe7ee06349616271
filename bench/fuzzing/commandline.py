"""Family (f), command lines: every sub-command with random combinations of its options,
each value drawn from the plausible and the hostile (negative, zero, huge, empty, not a
number, digits of other scripts, wrong units, values leading out of the folder)."""

from __future__ import annotations

import random

from bench.fuzzing.definitions import ROOT
from bench.fuzzing.model import Case

GAMES = ["toy-nim"] * 8 + ["stars-and-stripes", "star-battle", "white-star", "stars-and-bars",
                           "i-vant-to-be-alone", "{dir}/toy-nim.yaml", "nope", "stars-and-stripe",
                           "STARS-AND-STRIPES", "", "/dev/null", "{dir}", "{dir}/missing.yaml",
                           "../../etc/passwd", "toy-nim.yaml", "-", "\u0663", "x" * 300]
NUMBERS = ["0", "1", "2", "3", "-1", "-0", "999999999", "9" * 400, "1e3", "1.5", "nan", "inf",
           "", "\u0663", "\uff13", "0x10", " 2 ", "+2", "2_0", "x"]
LENGTHS = ["3mm", "0", "-1mm", "7mm", "1e9mm", "nan", "9" * 400 + "mm", "3in", "3 pt",
           "\u0663mm", "-0mm", "0.1mm", "20mm", "21mm", "inf mm", "", "mm", "1/8in"]
PAPERS = ["a4", "letter", "a9", "A4", "100000mm x 100000mm", "210mm x 297mm", "0 x 0",
          "nan mm x 3mm", "-210mm x 297mm", "1mm x 1mm", "a0", "legal", "tabloid", "2A0", "",
          "x", "5000mm x 5000mm", "1e9mm x 1mm", "\u0663\u0660mm x 30mm"]
OFFSETS = ["1,-1", "nan,0", "\u0663,0", "0,0", "21,0", "1e9,1", "1", "1,2,3", ",", "", "-0,-0",
           "inf,inf", "20,20", "x,y"]
SETS = ["decks=2", "players=9", "players=2", "card.size=1mm x 1mm", "card.size=70mm x 70mm",
        "card.size=1000mm x 1000mm", "decks=" + "9" * 400, "x=1", "=", "decks", "board_size=999",
        "players=-1", "title=" + "x" * 1000, "card.size=../../x", "print.bleed=nan mm",
        "decks=0", "piles=999999", "piles=0", "piles=3", "rolls=true", "card.safe_margin=40mm",
        "style.font=Nope", "back.kind=nope", "faces=[]", "game=../x", "decks=\u0663"]
LIMIT_NAMES = ["file-size", "yaml-depth", "yaml-nodes", "integer", "text", "cards", "faces",
               "board", "template-seconds", "output", "memory", "nope", "", "CARDS"]
URLS = ["https://example.org/x/", "file:///tmp/", "http://x", "javascript:alert(1)", "ftp://x",
        "https://", "https://a b", "", "https://" + "x" * 5000, "https://x/\u0000",
        "https://user:pw@x/", "data:,x", "HTTPS://X/"]
NEW_NAMES = ["nul", "con", "x", "my-game", "My Game", "../x", "/tmp/x", "-x", "", "a" * 300,
             "\u0663", "\u00e9", "aux", "com1", "x.yaml", ".", "..", "a--b", "a-"]
VARIANTS = ["two-player", "three-players", "large-15", "nope", "", "x" * 500, "../x"]
AGENTS = ["random", "greedy", "beginner", "nope", "", "../x"]


def _option(rng: random.Random, name: str, values: list[str]) -> list[str]:
    return [name, rng.choice(values)]


def _common(rng: random.Random) -> list[str]:
    words: list[str] = []
    for _ in range(rng.choice([0, 0, 1, 2])):
        pick = rng.randrange(4)
        if pick == 0:
            words += _option(rng, "--variant", VARIANTS)
        elif pick == 1:
            words += _option(rng, "--set", SETS)
        elif pick == 2:
            words += ["--limit", f"{rng.choice(LIMIT_NAMES)}={rng.choice(NUMBERS)}"]
        else:
            words.append(rng.choice(["-q", "-v", "--", "-x", "--nope", "=", "--set="]))
    return words


def build_words(rng: random.Random) -> list[str]:
    """``build`` with random printing options."""
    words = ["build", rng.choice(GAMES), "-o", "{dir}/out"]
    chosen = rng.sample(["paper", "bleed", "duplex", "offset", "board", "layout", "jobs"],
                        rng.randint(0, 3))
    for option in chosen:
        if option == "paper":
            words += _option(rng, "--paper", PAPERS)
        elif option == "bleed":
            words += _option(rng, "--bleed", LENGTHS)
        elif option == "duplex":
            words += _option(rng, "--duplex", ["long", "short", "none", "", "x"])
        elif option == "offset":
            words += _option(rng, "--back-offset", OFFSETS)
        elif option == "board":
            words += _option(rng, "--board-paper", PAPERS)
        elif option == "layout":
            words += _option(rng, "--sheets", ["sheets", "gutter-fold", "print-shop",
                                               "calibration", "all", "x"])
        else:
            words += _option(rng, "--jobs", NUMBERS[:8])
    if "--sheets" not in words and rng.random() < 0.7:
        words += ["--sheets", "calibration"]
    return words


def simulate_words(rng: random.Random) -> list[str]:
    """``simulate`` with a few games and random options."""
    game = rng.choice(["toy-nim"] * 3 + ["star-battle", "stars-and-stripes", "nope", "",
                                         "white-star", "stars-and-bars"])
    words = ["simulate", game, "--games", rng.choice(["1", "2", "5", "0", "-1", "", "x",
                                                      "\u0663", "9" * 400])]
    for option in rng.sample(["seed", "players", "agent", "max-moves", "max-deals", "jobs",
                              "shard", "json", "report", "output", "compare"],
                             rng.randint(0, 3)):
        if option in ("seed", "players", "max-moves", "max-deals", "jobs"):
            words += [f"--{option}", rng.choice(NUMBERS)]
        elif option == "agent":
            words += _option(rng, "--agent", AGENTS)
        elif option == "shard":
            words += _option(rng, "--shard", ["1/2", "0/2", "3/2", "1/0", "x", "1/1", "-1/2"])
        elif option == "json":
            words.append("--json")
        elif option == "report":
            words += ["--report", rng.choice(["{dir}/r.html", "/dev/null", "{dir}", ""])]
        elif option == "output":
            words += ["-o", rng.choice(["{dir}/s.json", "{dir}/no/such/s.json", ""])]
        else:
            words += ["--compare", rng.choice(AGENTS), rng.choice(AGENTS)]
    return words


def generate(rng: random.Random, index: int) -> Case:
    """One random command line."""
    pick = rng.choices(["build", "check", "png", "tts", "simulate", "new", "list", "schema",
                        "preview", "global"], weights=[6, 5, 2, 2, 3, 2, 1, 1, 1, 1])[0]
    if pick == "build":
        words = build_words(rng)
    elif pick == "check":
        words = ["check", *[rng.choice(GAMES) for _ in range(rng.choice([1, 1, 2]))]]
        words += rng.choice([["--jobs", "1"], ["--jobs", rng.choice(NUMBERS)], []])
    elif pick == "png":
        words = ["export", "png", rng.choice(GAMES), "-o", "{dir}/out"]
        words += _option(rng, "--dpi", ["72", "30", "1", "0", "-1", "300", "1200", "9999", "nan",
                                         "\u0663", "1e3", "", "x"])
        if rng.random() < 0.4:
            words += _option(rng, "--paper", PAPERS)
        if rng.random() < 0.3:
            words += _option(rng, "--bleed", LENGTHS)
    elif pick == "tts":
        words = ["export", "tts", rng.choice(GAMES), "-o", "{dir}/out"]
        if rng.random() < 0.6:
            words += _option(rng, "--base-url", URLS)
    elif pick == "simulate":
        words = simulate_words(rng)
    elif pick == "new":
        words = ["new", rng.choice(NEW_NAMES), *rng.choice([[], ["-o", "{dir}/made"],
                                                            ["-o", "/dev/null"], ["-o", ""]])]
    elif pick in ("list", "schema"):
        words = [pick, *rng.choice([[], ["--markdown"], ["x"], ["--json"]])]
    elif pick == "preview":  # only command lines that must fail before serving
        words = ["preview", rng.choice(["nope", "{dir}/missing.yaml", "/dev/null", ""]),
                 "--port", rng.choice(["70000", "-1", "x", "", "\u0663", "99999999999"])]
    else:
        words = rng.choice([["--version"], ["--help"], [], ["nope"], ["--limit"],
                            ["--limit", "cards=1", "list"], ["-q", "-v", "--debug", "list"]])
    words = [*words, *_common(rng)] if pick != "global" else words
    files = {"toy-nim.yaml": (ROOT / "tests" / "plugin_game" / "printkit_toy_nim" /
                              "toy-nim.yaml").read_bytes()}
    return Case("commands", index, " ".join(words)[:300], files, (tuple(words),), located=False)
