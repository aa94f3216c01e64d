"""Long simulations spread over a real local Dask cluster (loopback) give the in-process answer."""
import os

import pytest

from tabletop.economics.auctions import simulate_revenue
from tabletop.simulate import simulate

if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes", "on"):
    import distributed  # the 'cluster' extra is installed in CI (CI=1, true, yes): this must run there
else:
    distributed = pytest.importorskip("distributed", reason="the 'cluster' extra is not installed")


@pytest.fixture(scope="module")
def executor():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, processes=True) as cluster, \
            distributed.Client(cluster) as client:
        yield client.get_executor()


def test_engine_simulation_over_the_cluster_matches_in_process(executor):
    local = simulate("stockpile", 3, 40, seed=5)
    spread = simulate("stockpile", 3, 40, seed=5, executor=executor)
    assert spread.mean_score == local.mean_score
    assert spread.win_share == local.win_share


def test_lesson_revenue_simulation_over_the_cluster(executor):
    local = simulate_revenue(5, "second-price", auctions=40_000, seed=3)
    spread = simulate_revenue(5, "second-price", auctions=40_000, seed=3, executor=executor)
    assert spread.mean == pytest.approx(local.mean)
    assert abs(spread.mean - 2 / 3) < 0.005
