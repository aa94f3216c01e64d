"""One device, one seat: a Join carries the tag of the phone that joined (docs/experiments.md,
docs/classroom.md "Joining"); the rules refuse that phone a second seat, in words, and leave the
class as it was."""
import json

from tabletop.classroom import Join, seat_labels
from tabletop.errors import IllegalAction
from tabletop.match import Match

from .helpers import refused

PHONE, OTHER = "a1b2c3d4e5f6a7b8c9d0", "ffffeeeeddddccccbbbb"


def new_class(seats: int = 4) -> Match:
    return Match("classroom", seat_labels(seats), {"experiment": "first-price"})


def test_a_phone_that_holds_a_seat_cannot_take_another():
    m = new_class()
    m.apply(Join(0, "Ann", PHONE))
    assert m.state.seat_of_device(PHONE) == 0 and m.state.seat_of_device(OTHER) is None
    refused(m, Join(1, "Bob", PHONE), IllegalAction,
            "Seat 2 cannot join as 'Bob': this device already holds Seat 1 (Ann); a device takes one seat.")
    assert m.state.joined() == [0]
    m.apply(Join(1, "Bob", OTHER))                      # another phone takes the next seat
    assert m.state.joined() == [0, 1] and m.state.seat_of_device(OTHER) == 1


def test_a_seat_taken_from_one_phone_is_not_taken_over_from_another():
    m = new_class()
    m.apply(Join(0, "Ann", PHONE))
    refused(m, Join(0, "Zed", OTHER), IllegalAction, "Seat 1 cannot join as 'Zed': this seat was taken from another device.")
    m.apply(Join(0, "Annie", PHONE))                    # the same phone may rename its seat
    assert m.view(None)["seats"][0]["nickname"] == "Annie"


def test_a_device_tag_is_letters_and_digits_up_to_64():
    m = new_class()
    for tag in ("a b", "tag;drop", "x" * 65, "é" * 3):
        refused(m, Join(0, "Ann", tag), IllegalAction,
                f"Seat 1 cannot join as 'Ann': a device tag is up to 64 letters and digits, not {tag!r}."
                if len(repr(tag)) <= 40 else
                f"Seat 1 cannot join as 'Ann': a device tag is up to 64 letters and digits, not {repr(tag)[:37]}....")
    m.apply(Join(0, "Ann", "x" * 64))
    assert m.state.seat_of_device("x" * 64) == 0


def test_a_nickname_has_up_to_40_characters():
    m = new_class()
    m.apply(Join(0, "n" * 40, PHONE))
    assert m.view(None)["seats"][0]["nickname"] == "n" * 40
    refused(m, Join(1, "m" * 41, OTHER), IllegalAction,
            f"Seat 2 cannot join as '{'m' * 36}...: a nickname has 1 to 40 characters; this one has 41.")


def test_undoing_a_join_frees_the_phone_and_the_seat():
    m = new_class()
    m.apply(Join(0, "Ann", PHONE))
    m.undo()
    assert m.state.seat_of_device(PHONE) is None
    m.apply(Join(1, "Ann", PHONE))
    assert m.state.seat_of_device(PHONE) == 1


def test_the_tag_is_kept_in_the_save_and_left_out_of_the_public_record():
    m = new_class()
    m.apply(Join(0, "Ann", PHONE))
    m.apply(Join(1, "Bob"))                             # no device known (a script): saved as before
    saved = m.to_dict()
    assert saved["actions"][1] == {"type": "Join", "seat": 1, "nickname": "Bob"}
    again = Match.from_dict(json.loads(json.dumps(saved)))
    assert again.state.seat_of_device(PHONE) == 0
    refused(again, Join(2, "Cy", PHONE), IllegalAction,
            "Seat 3 cannot join as 'Cy': this device already holds Seat 1 (Ann); a device takes one seat.")
    assert PHONE not in json.dumps(m.public_record())
    assert PHONE in m.to_json()


def test_a_save_from_before_devices_still_loads():
    old = new_class()
    old.apply(Join(0, "Ann"))
    data = old.to_dict()
    assert "device" not in json.dumps(data["actions"])
    loaded = Match.from_dict(data)
    assert loaded.view(None)["seats"][0]["nickname"] == "Ann"
    loaded.apply(Join(1, "Bob", PHONE))
    assert loaded.state.seat_of_device(PHONE) == 1
