"""Acquire's board squares show each corporation's name cut to two letters, in the screen's
language: on every edition and in every language no two corporations share a square's label, and
the Korean and Japanese labels hold no Latin letters (CI once showed "Ro" for Rove on a Korean board)."""
import re

import pytest

from tabletop import i18n
from tabletop.acquire.data import EDITIONS
from tabletop.acquire.rules import tables_for
from tabletop.registry import get_title
from tabletop.widgets.render import short_name


@pytest.mark.parametrize("lang", ["en", "ko", "ja", "es"])
@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_each_corporation_has_its_own_two_letter_label_in_the_screens_language(edition, lang):
    acquire = get_title("acquire")
    corps = tables_for(acquire.normalize_options({"edition": edition}, 4)).corps
    with i18n.language(lang):
        labels = {c: short_name(c, "acquire corporation") for c in corps}
    assert len(set(labels.values())) == len(corps), labels
    if lang in ("ko", "ja"):
        assert not any(re.search("[A-Za-z]", label) for label in labels.values()), labels
    if lang == "en":
        assert labels["Tower"] == "To" if "Tower" in labels else labels["Rove"] == "Ro"
