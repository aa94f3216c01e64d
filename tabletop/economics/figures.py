"""Show a plotly figure in a lesson: ``show(fig)`` instead of ``fig.show()``, and ``as_output(fig)``
for a chart that widgets redraw.

``fig.show()`` first imports plotly's renderer machinery, which imports nbformat to check its
version; nbformat imports jsonschema with its format checkers, which compile some forty grammars
(rfc3987-syntax). That took 2-5 s in every new kernel (measured on 2 cores), before a lesson's
first figure appeared. ``show`` sends the same figure JSON under plotly's own MIME type
(``application/vnd.plotly.v1+json``, what ``fig.show()`` sends in JupyterLab and Voilà), which the
jupyterlab-plotly extension draws. plotly and IPython are imported when a figure is shown.

A chart under sliders is an ``ipywidgets.Output`` whose ``outputs`` are set to ``(as_output(fig),)``
at every move, never a figure displayed inside ``with output:`` (``interactive`` does that). While
Voilà runs a notebook, each output captured that way makes nbclient write the widget's new state to
the kernel's shell socket while it waits on that socket for the cell's reply; now and then the
reply's wake-up is lost, the page waits until the idle kernel is culled (30-40 s) and opens with a
dead kernel (lesson 4, one page in three; voila-dashboards/voila#1428). Setting ``outputs`` is a
plain widget update, which nbclient only reads.
"""
from __future__ import annotations

__all__ = ["PLOTLY_MIME", "as_output", "percent_histogram", "show"]

PLOTLY_MIME = "application/vnd.plotly.v1+json"


def _figure_json(fig) -> dict:
    import json

    from plotly.io import to_json

    return json.loads(to_json(fig, validate=False, remove_uids=False))


def as_output(fig) -> dict:
    """``fig`` (a plotly figure) as one entry of an ``ipywidgets.Output``'s ``outputs``."""
    return {"output_type": "display_data", "data": {PLOTLY_MIME: _figure_json(fig)}, "metadata": {}}


def show(fig) -> None:
    """Display ``fig`` (a plotly figure) in the notebook."""
    from IPython.display import display

    display({PLOTLY_MIME: _figure_json(fig)}, raw=True)


def percent_histogram(values, width: float) -> tuple[list[float], list[float]]:
    """A histogram for a bar chart: bins ``[k width, (k + 1) width)`` from the lowest value's to
    the highest's, as (bin centres, percent of ``values`` in each bin). Binned here rather than
    by plotly.js, so the page receives a few dozen bars, not every sample (lesson 2's winner's
    curse: 7,200 estimates, 138 KB of figure, binned again in the browser at every load)."""
    import math

    from ..errors import OptionsError

    values = list(values)
    if not values or width <= 0:
        raise OptionsError("A histogram needs at least one value and a positive bin width.")
    first = math.floor(min(values) / width)
    counts = [0] * (math.floor(max(values) / width) - first + 1)
    for v in values:
        counts[math.floor(v / width) - first] += 1
    return ([(first + k + 0.5) * width for k in range(len(counts))],
            [100 * c / len(values) for c in counts])
