"""The mat's key states the rules of the build it is printed for: a variant that changes how
points count says so on the mat (a reader found the claim-or-lose mat silent)."""

from __future__ import annotations

import pytest

from printkit.games.vant.board import board_picture
from printkit.kit.games import resolve


@pytest.mark.parametrize(("variant", "claims", "dead"), [
    (None, False, False), ("claim-or-lose", True, False), ("dead-cells", False, True)])
def test_the_mat_key_states_the_variants_rule(variant: str | None, claims: bool,
                                              dead: bool) -> None:
    game = resolve("i-vant-to-be-alone", variant=variant)
    key = {line.lead: line.text for line in board_picture(game.engine, game.definition).key}
    assert ("Claim or lose." in key) == claims
    assert ("Dead cells." in key) == dead
    if claims:
        assert "unclaimed are lost" in key["Claim or lose."]
