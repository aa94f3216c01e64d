"""Show a plotly figure in a lesson: ``show(fig)`` instead of ``fig.show()``.

``fig.show()`` first imports plotly's renderer machinery, which imports nbformat to check its
version; nbformat imports jsonschema with its format checkers, which compile some forty grammars
(rfc3987-syntax). That took 2-5 s in every new kernel (measured on 2 cores), before a lesson's
first figure appeared. ``show`` sends the same figure JSON under plotly's own MIME type
(``application/vnd.plotly.v1+json``, what ``fig.show()`` sends in JupyterLab and Voilà), which the
jupyterlab-plotly extension draws. plotly and IPython are imported when a figure is shown.
"""
from __future__ import annotations

__all__ = ["PLOTLY_MIME", "show"]

PLOTLY_MIME = "application/vnd.plotly.v1+json"


def show(fig) -> None:
    """Display ``fig`` (a plotly figure) in the notebook."""
    import json

    from IPython.display import display
    from plotly.io import to_json

    display({PLOTLY_MIME: json.loads(to_json(fig, validate=False, remove_uids=False))}, raw=True)
