"""No import cycles among printkit's modules, type-only imports (``if TYPE_CHECKING:``)
included: each cycle is a tangle a newcomer has to read all at once (issue 26, item 5).

The graph is grimp's, the one ``lint-imports`` checks the layers on.  A cycle is a strongly
connected component of more than one module: the modules each reachable from the other.
:data:`ALLOWED` lists the cycles still being taken apart, each with its reason; a cycle
outside it fails, and so does an entry whose cycle is gone (delete it: the list only
shrinks).
"""

from __future__ import annotations

import functools

import grimp
import pytest

ALLOWED: dict[frozenset[str], str] = {}
"""Cycles still being taken apart: the modules of each, and why it is allowed for now."""


@functools.cache
def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("printkit", include_external_packages=False,
                             exclude_type_checking_imports=False, cache_dir=None)


def cycles(graph: grimp.ImportGraph) -> set[frozenset[str]]:
    """The strongly connected components of more than one module of ``graph``: for each
    module, those it reaches by imports that also reach it."""
    found: set[frozenset[str]] = set()
    seen: set[str] = set()
    for module in sorted(graph.modules):
        if module in seen:
            continue
        tangle = graph.find_upstream_modules(module) & graph.find_downstream_modules(module)
        if tangle:
            component = frozenset({module, *tangle})
            found.add(component)
            seen |= component
    return found


def _describe(component: frozenset[str], graph: grimp.ImportGraph) -> str:
    edges = sorted(f"{a} -> {b}" for a in component
                   for b in graph.find_modules_directly_imported_by(a) if b in component)
    return f"{len(component)} modules: " + "; ".join(edges)


def test_no_import_cycle_but_those_allowed() -> None:
    graph = _graph()
    unexpected = [c for c in cycles(graph) if not any(c <= allowed for allowed in ALLOWED)]
    assert not unexpected, "import cycles (type-only imports included):\n" + "\n".join(
        _describe(c, graph) for c in sorted(unexpected, key=sorted))


def test_every_allowance_is_still_needed() -> None:
    found = cycles(_graph())
    stale = [sorted(allowed) for allowed in ALLOWED
             if not any(c <= allowed for c in found)]
    assert not stale, f"these cycles are gone: remove them from ALLOWED: {stale}"


@pytest.mark.parametrize("edges, expected", [
    ([("a", "b"), ("b", "c")], set()),
    ([("a", "b"), ("b", "a"), ("b", "c")], {frozenset({"a", "b"})}),
    ([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e"), ("e", "d")],
     {frozenset({"a", "b", "c"}), frozenset({"d", "e"})}),
])
def test_cycles_finds_each_tangle_whole(edges: list[tuple[str, str]],
                                        expected: set[frozenset[str]]) -> None:
    graph = grimp.ImportGraph()
    for importer, imported in edges:
        graph.add_import(importer=importer, imported=imported)
    assert cycles(graph) == expected


def test_type_only_imports_are_in_the_graph() -> None:
    """The graph checked keeps the imports under ``if TYPE_CHECKING:`` (a cycle through one
    is still a cycle for the reader): it has more imports than the graph without them."""
    without = grimp.build_graph("printkit", include_external_packages=False,
                                exclude_type_checking_imports=True, cache_dir=None)
    assert _graph().count_imports() > without.count_imports()
