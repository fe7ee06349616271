"""The simulator: many complete games of an engine played by agents, added up
exactly and reported on (``printkit simulate``; docs/simulation.md).

:mod:`~printkit.simulator.simulate` plays games, :mod:`~printkit.simulator.runner`
splits a run over cores, shards (:mod:`~printkit.simulator.shards`) and a Dask
cluster (:mod:`~printkit.simulator.cluster`), :mod:`~printkit.simulator.tally` adds
results up, :mod:`~printkit.simulator.report`, :mod:`~printkit.simulator.stats`,
:mod:`~printkit.simulator.balance`, :mod:`~printkit.simulator.compare` and
:mod:`~printkit.simulator.report_html` say what they mean, and
:mod:`~printkit.simulator.agents` holds the players (a game adds its own through
the ``agents`` part of its plugin).  The engines it plays are behind
:mod:`printkit.rules`.
"""
