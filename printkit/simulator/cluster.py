"""Run a simulation on a Dask cluster (the optional extra ``pip install printkit[cluster]``).

The games are cut into ranges and each range is a Dask task running
:func:`printkit.simulator.runner.play_range` on a worker; the tallies come back and are added
up exactly, so the result equals one process playing every game.  Every worker needs
printkit (and any third-party game simulated) installed, the same version as the client.
``address`` is a scheduler's address (``tcp://10.0.0.5:8786``) or ``local`` for a
:class:`distributed.LocalCluster` of worker processes on this machine (``local:4`` for
four of them), which is how the tests prove the equality.
"""

from __future__ import annotations

import importlib
from typing import Any

from printkit.errors import PrintkitError
from printkit.simulator.runner import (
    Progress,
    RunSpec,
    chunk_size,
    chunks,
    default_jobs,
    merge,
    play_range,
)
from printkit.simulator.tally import Tally

MOST_PER_TASK = 20_000
"""Games per Dask task at most: ten million games make at least 500 tasks, enough to keep
a few hundred cores busy, and a lost worker costs a few seconds of work."""


class ClusterError(PrintkitError):
    """Dask is not installed, or the cluster cannot be reached."""


LOCAL_SCHEDULER: dict[str, Any] = {"dashboard": False, "dashboard_address": ":0"}
"""The scheduler of ``--dask local``: no dashboard, its web server on any free port."""


def _distributed() -> Any:
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise ClusterError("--dask needs Dask's distributed scheduler: "
                           "pip install 'printkit[cluster]'") from None


def run_on_dask(spec: RunSpec, start: int, stop: int, address: str, *,
                workers: int | None = None, progress: Progress | None = None) -> Tally:
    """Play games ``start`` to ``stop - 1`` on the Dask cluster at ``address`` (or a local
    one); ``workers`` sizes a local cluster (default: every core)."""
    distributed = _distributed()
    cluster = None
    if address == "local" or address.startswith("local:"):
        count = workers or default_jobs()
        if address.startswith("local:"):
            try:
                count = int(address.removeprefix("local:"))
            except ValueError:
                raise ClusterError(f"--dask {address}: write local or local:N") from None
        # dashboard_address=None alone still opens the scheduler's web server on port 8787
        # (and warns when that port is taken): no dashboard, and any free port for the rest
        cluster = distributed.LocalCluster(
            n_workers=max(1, count), threads_per_worker=1, processes=True,
            dashboard_address=None, scheduler_kwargs=LOCAL_SCHEDULER)
        target: Any = cluster
    else:
        target = address
    try:
        try:
            client = distributed.Client(target, timeout="30s")
        except (OSError, TimeoutError) as exc:
            raise ClusterError(f"--dask {address}: cannot reach the scheduler ({exc})"
                               ) from None
        with client:
            slots = max(1, sum(client.nthreads().values()))
            parts = list(chunks(start, stop, chunk_size(stop - start, slots,
                                                        most=MOST_PER_TASK)))
            futures = [client.submit(play_range, spec, low, high, pure=False)
                       for low, high in parts]
            index = {future.key: i for i, future in enumerate(futures)}
            results: dict[int, Tally] = {}
            done = 0
            for future in distributed.as_completed(futures):
                i = index[future.key]
                results[i] = future.result()
                done += parts[i][1] - parts[i][0]
                if progress is not None:
                    progress(done, stop - start)
    finally:
        if cluster is not None:
            cluster.close()
    return merge([results[i] for i in range(len(parts))])


__all__ = ["LOCAL_SCHEDULER", "MOST_PER_TASK", "ClusterError", "run_on_dask"]
