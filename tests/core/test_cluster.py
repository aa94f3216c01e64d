"""Long simulations spread over a real local Dask cluster (loopback) give the same summary."""
import os

import pytest

from tabletop.simulate import simulate

distributed = pytest.importorskip("distributed", reason="the 'cluster' extra is not installed") \
    if os.environ.get("CI") != "true" else __import__("distributed")


def test_simulation_over_a_local_dask_cluster_matches_in_process():
    local = simulate("stockpile", 3, 40, seed=5)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, processes=True) as cluster, \
            distributed.Client(cluster) as client:
        spread = simulate("stockpile", 3, 40, seed=5, executor=client.get_executor())
    assert spread.mean_score == local.mean_score
    assert spread.win_share == local.win_share
