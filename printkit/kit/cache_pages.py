"""A kit's files written through the rendering cache (:mod:`printkit.cache`).

Each writer of :mod:`printkit.kit.write` (and the booklet's and tuck boxes') turns a
prepared part into files.  Through :func:`cached_files`, a writer whose part, options and
code are those of an earlier build gives that build's files back instead of laying the
pages out again: the key is the prepared part itself (the faces' and backs' SVG text, the
sheet geometry, the duplex and back offset, the booklet's verified blocks...), the files
already queued before it (a writer may look at them) and the code.  The steps a writer
reported to the progress display are kept with its files and reported again.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from printkit import cache
from printkit.cachekey import code_digest
from printkit.definition.fontstack import current_stack
from printkit.kit import Progress
from printkit.kit.outputs import OutputSet

Writer = Callable[[OutputSet, Progress], None]


def cached_files(step: str, key: tuple[object, ...], out: OutputSet, progress: Progress,
                 write: Writer) -> None:
    """Run ``write`` on ``out``, or queue the files it made for the same ``key`` before."""
    if cache.active() is None:
        write(out, progress)
        return

    def compute() -> bytes:
        scratch = OutputSet(out.folder, dict(out.files))
        steps: list[tuple[str, int, int]] = []
        write(scratch, lambda label, done, total: steps.append((label, done, total)))
        made = {path: data for path, data in scratch.files.items()
                if out.files.get(path) is not data}
        return _pack(made, steps)

    made, steps = _unpack(cache.cached_bytes(
        f"files:{step}", (code_digest(), current_stack(), tuple(sorted(out.files)), *key),
        compute))
    for label, done, total in steps:
        progress(label, done, total)
    for path, data in made.items():
        out.add(path, data)


def _pack(files: dict[str, bytes], steps: list[tuple[str, int, int]]) -> bytes:
    head = json.dumps({"files": [[path, len(data)] for path, data in files.items()],
                       "steps": steps}).encode()
    return b"%d\n" % len(head) + head + b"".join(files.values())


def _unpack(payload: bytes) -> tuple[dict[str, bytes], list[tuple[str, int, int]]]:
    size, _, rest = payload.partition(b"\n")
    head = json.loads(rest[:int(size)])
    at = int(size)
    files: dict[str, bytes] = {}
    for path, length in head["files"]:
        files[str(path)] = rest[at:at + int(length)]
        at += int(length)
    steps = [(str(label), int(done), int(total)) for label, done, total in head["steps"]]
    return files, steps
