"""Family (a), definitions: the shipped games, the sample games and the test definitions, each
mutated in its parsed form (a value of another type or shape, a key deleted or added, a
length in the wrong unit, deep nesting, a list repeated) or in its text (duplicated keys,
aliases and alias bombs, tags, bytes that are not UTF-8, cut short)."""

from __future__ import annotations

import copy
import functools
import random
from dataclasses import dataclass
from pathlib import Path

import yaml

from bench.fuzzing.model import Case
from bench.fuzzing.values import Tree, dump, mutate_text, mutate_tree

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Base:
    """A definition to start from: its file name and every file of its folder."""

    name: str
    files: tuple[tuple[str, bytes], ...]
    weight: int

    @property
    def definition(self) -> bytes:
        """The definition's own text."""
        return dict(self.files)[self.name]


def _folder(path: Path, weight: int, *, whole_folder: bool = True) -> Base:
    files = [(path.name, path.read_bytes())]
    if whole_folder:
        for item in sorted(path.parent.rglob("*")):
            if item.is_file() and item != path and "__pycache__" not in item.parts \
                    and item.suffix in {".csv", ".tsv", ".xlsx", ".svg", ".png", ".jpg",
                                        ".ttf", ".j2", ".md"}:
                files.append((str(item.relative_to(path.parent)), item.read_bytes()))
    return Base(path.name, tuple(files), weight)


@functools.cache
def bases() -> tuple[Base, ...]:
    """The definitions mutated, with how often each is picked (the shipped games check
    every variant and replay their booklet's examples: slower, so picked less)."""
    found = [_folder(path, 1, whole_folder=False) for path in sorted(
        (ROOT / "decks").glob("*.yaml"))]
    found += [_folder(path, 4) for path in sorted((ROOT / "sample-games").glob("*/*.yaml"))]
    found.append(_folder(ROOT / "tests" / "data" / "components" / "skirmish.yaml", 5))
    found.append(_folder(ROOT / "tests" / "data" / "content" / "poker" / "poker.yaml", 5))
    toy = ROOT / "tests" / "plugin_game" / "printkit_toy_nim" / "toy-nim.yaml"
    found.append(_folder(toy, 4))
    return tuple(found)


@functools.cache
def _parsed(name: str) -> Tree:
    base = next(b for b in bases() if b.name == name)
    return yaml.load(base.definition, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def pick_base(rng: random.Random) -> Base:
    """A base definition, by weight."""
    choices = bases()
    return rng.choices(choices, weights=[b.weight for b in choices])[0]


def check_then_build(name: str, *extra: str, layout: str = "print-shop"
                     ) -> tuple[tuple[str, ...], ...]:
    """``check`` the definition ``name`` in the case folder, then ``build`` it if it passed
    (by default one card layout: every face is still drawn, and the booklet made)."""
    path = "{dir}/" + name
    return (("check", "--jobs", "1", path, *extra),
            ("-q", "build", "--jobs", "1", path, "-o", "{dir}/out", "--sheets", layout,
             *extra))


def mutated_definition(base: Base, rng: random.Random) -> tuple[bytes, str]:
    """The base's definition with one to three edits."""
    labels = []
    if rng.random() < 0.6:
        tree = copy.deepcopy(_parsed(base.name))
        for _ in range(rng.choice([1, 1, 2, 3])):
            labels.append(mutate_tree(tree, rng))
        text = dump(tree)
        if rng.random() < 0.2:
            data, label = mutate_text(text, rng)
            return data, "; ".join([*labels, label])
        return text.encode("utf-8", "surrogatepass"), "; ".join(labels)
    text = base.definition.decode()
    data = text.encode()
    for _ in range(rng.choice([1, 1, 2])):
        data, label = mutate_text(data.decode("utf-8", "surrogateescape"), rng)
        labels.append(label)
    return data, "; ".join(labels)


def generate(rng: random.Random, index: int) -> Case:
    """One mutated definition, checked and (if it passes) built."""
    base = pick_base(rng)
    data, label = mutated_definition(base, rng)
    files = dict(base.files)
    files[base.name] = data
    return Case("definitions", index, f"{base.name}: {label}", files,
                check_then_build(base.name))
