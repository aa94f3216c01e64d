"""Package discovery that pyproject.toml alone cannot express: the dashboards in ``widgets/``
install as ``tabletop.widgets`` (see ``package-dir`` in pyproject.toml)."""
from setuptools import find_packages, setup

packages = find_packages(".", include=["tabletop", "tabletop.*"])
packages += ["tabletop.widgets"] + ["tabletop.widgets." + p for p in find_packages("widgets")]
setup(packages=packages)
