"""The broken games' modules fail when imported, on purpose: pytest's doctest collection
must not import them (tests/test_plugin_isolation.py installs them for its own commands)."""

collect_ignore = ["printkit_broken_game"]
