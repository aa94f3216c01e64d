"""A lesson's figure is shown as plotly's own MIME type, without the seconds fig.show() spends
importing nbformat and jsonschema in a fresh kernel."""
import json
import subprocess
import sys

SHOW_IN_A_SHELL = """
import json, sys
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output
import plotly.graph_objects as go
from plotly.io import to_json
from tabletop.economics.figures import PLOTLY_MIME, show

InteractiveShell.instance()
fig = go.Figure(go.Bar(x=["Ann", "Ben", "Cy"], y=[7000, 4300, 4300]), layout=dict(title="Bolt at 5 tiles"))
with capture_output() as shown:
    show(fig)
print(json.dumps({"outputs": [o.data for o in shown.outputs], "figure": json.loads(to_json(fig)),
                  "slow imports": sorted(m for m in ("nbformat", "jsonschema", "plotly.io._renderers")
                                         if m in sys.modules)}))
"""


def test_show_displays_the_figure_as_plotly_json_without_importing_nbformat():
    done = subprocess.run([sys.executable, "-c", SHOW_IN_A_SHELL], capture_output=True, text=True, check=True)
    seen = json.loads(done.stdout)
    (output,) = seen["outputs"]
    assert list(output) == ["application/vnd.plotly.v1+json"]
    figure = output["application/vnd.plotly.v1+json"]
    assert figure["data"][0]["y"] == [7000, 4300, 4300] and figure["layout"]["title"]["text"] == "Bolt at 5 tiles"
    assert figure == seen["figure"]                      # the figure's own JSON, template and all
    assert seen["slow imports"] == []


AS_OUTPUT_IN_A_SHELL = """
import json, sys
import plotly.graph_objects as go
from plotly.io import to_json
from tabletop.economics.figures import PLOTLY_MIME, as_output

fig = go.Figure(go.Bar(x=["Ann", "Ben"], y=[9000, 5500]), layout=dict(title="Bolt at 12 tiles"))
print(json.dumps({"output": as_output(fig), "figure": json.loads(to_json(fig)),
                  "slow imports": sorted(m for m in ("nbformat", "jsonschema", "plotly.io._renderers")
                                         if m in sys.modules)}))
"""


def test_as_output_is_an_output_widget_entry_holding_the_figure():
    # lesson 4's chart under its sliders: Output.outputs = (as_output(fig),) at every move
    done = subprocess.run([sys.executable, "-c", AS_OUTPUT_IN_A_SHELL], capture_output=True, text=True, check=True)
    seen = json.loads(done.stdout)
    output = seen["output"]
    assert output["output_type"] == "display_data" and output["metadata"] == {}
    assert list(output["data"]) == ["application/vnd.plotly.v1+json"]
    figure = output["data"]["application/vnd.plotly.v1+json"]
    assert figure["data"][0]["y"] == [9000, 5500] and figure == seen["figure"]
    assert seen["slow imports"] == []
    import ipywidgets                                     # the widget takes it as one of its outputs
    chart = ipywidgets.Output()
    chart.outputs = (output,)
    assert chart.outputs[0]["data"]["application/vnd.plotly.v1+json"]["data"][0]["y"] == [9000, 5500]


def test_percent_histogram_bins_at_multiples_of_the_width():
    from tabletop.economics.figures import percent_histogram
    centres, shares = percent_histogram([-1500, -200, 0, 999, 1000, 2500], width=1000)
    assert centres == [-1500, -500, 500, 1500, 2500]
    assert [round(s, 2) for s in shares] == [16.67, 16.67, 33.33, 16.67, 16.67]


def test_percent_histogram_agrees_with_numpy():
    import random

    import numpy as np

    from tabletop.economics.figures import percent_histogram
    rng = random.Random(4)
    sample = [rng.gauss(300, 4000) for _ in range(3000)]
    centres, shares = percent_histogram(sample, width=1000)
    edges = np.arange(centres[0] - 500, centres[-1] + 501, 1000)
    counts, _ = np.histogram(sample, bins=edges)
    assert np.allclose(shares, 100 * counts / len(sample)) and abs(sum(shares) - 100) < 1e-9


def test_percent_histogram_refuses_an_empty_sample_or_a_bad_width():
    import pytest

    from tabletop.economics.figures import percent_histogram
    from tabletop.errors import TabletopError
    for values, width in (([], 10), ([1, 2], 0)):
        with pytest.raises(TabletopError, match="positive bin width"):
            percent_histogram(values, width)
