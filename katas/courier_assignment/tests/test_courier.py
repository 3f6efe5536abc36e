"""Tests written by the team that owns the courier assignment service.

Run them from the kata folder: python -m pytest tests
"""

import math

import pytest
from courier import CourierService

NOW = 1_700_000_000.0  # the clock, in epoch seconds
MS = 1_700_000_000_000  # the same moment, as the apps stamp it
RESTAURANT = (37.7749, -122.4194)
METRES_PER_DEGREE = 6_371_000 * math.pi / 180


def near(north=0.0, east=0.0):
    """The point that many metres north and east of the restaurant."""
    lat, lon = RESTAURANT
    across = METRES_PER_DEGREE * math.cos(math.radians(lat))
    return lat + north / METRES_PER_DEGREE, lon + east / across


class World:
    """The clock, and the couriers' apps: they accept every offer but those declined."""

    def __init__(self, declines=()):
        self.now = NOW
        self.declines = set(declines)  # couriers, or (courier, order) pairs
        self.offers = []

    def clock(self):
        return self.now

    def offer(self, courier, order):
        self.offers.append((courier, order))
        return courier not in self.declines and (courier, order) not in self.declines


def make(couriers, declines=(), **settings):
    """A service whose couriers ({name: (lat, lon)}) are online and reported just now."""
    world = World(declines)
    service = CourierService(world.offer, world.clock, **settings)
    for name, (lat, lon) in couriers.items():
        service.online(name)
        service.report(name, lat, lon, MS)
    return service, world


def assign(service, order):
    return service.assign(order, *RESTAURANT)


def test_the_nearest_courier_gets_the_order():
    service, _ = make({"ana": near(north=300), "ben": near(north=-900), "cy": near(north=1500)})
    assert assign(service, "o1").courier == "ana"


def test_the_eta_is_the_ride_plus_the_wait():
    service, _ = make({"ana": near(east=1000)})
    # 1,000 m at 5 m/s, and the minute's wait at the restaurant.
    assert assign(service, "o1").eta == pytest.approx(260.0, abs=0.5)


def test_a_loaded_courier_gives_way_to_a_free_one():
    service, _ = make({"ana": near(north=100), "ben": near(north=800)})
    assert [assign(service, order).courier for order in ("o1", "o2")] == ["ana", "ben"]


def test_a_full_courier_is_not_offered_the_order():
    service, _ = make({"ana": near(north=100)}, capacity=1)
    assert assign(service, "o1").courier == "ana"
    assert assign(service, "o2").courier is None


def test_a_courier_offline_is_not_offered_the_order():
    service, world = make({"ana": near(north=100), "ben": near(north=700)})
    service.offline("ana")
    assert assign(service, "o1").courier == "ben"
    assert world.offers == [("ben", "o1")]


def test_a_courier_whose_app_went_quiet_is_not_offered_the_order():
    service, world = make({"ana": near(north=100), "ben": near(north=700)})
    world.now += 20
    service.report("ben", *near(north=700), MS + 20_000)
    world.now += 20  # ana's last report is now 40 s old
    assert assign(service, "o1").courier == "ben"


def test_an_older_report_is_ignored():
    service, _ = make({"ana": near(north=100), "ben": near(north=500)})
    service.report("ana", *near(north=2000), MS - 5_000)  # sent late, from earlier
    assert assign(service, "o1").courier == "ana"


def test_a_declined_order_goes_to_the_next_best():
    service, world = make({"ana": near(north=100), "ben": near(north=500)}, declines={"ana"})
    result = assign(service, "o1")
    assert (result.courier, result.declines) == ("ben", 1)
    assert world.offers == [("ana", "o1"), ("ben", "o1")]


def test_a_courier_who_declines_is_left_alone():
    couriers = {"ana": near(north=100), "ben": near(north=500), "cy": near(north=900)}
    service, _ = make(couriers, declines={("ana", "o1")})
    assert assign(service, "o1").courier == "ben"
    # ana said no: the next order goes to cy, ben being busy with o1.
    assert assign(service, "o2").courier == "cy"


def test_after_three_declines_the_order_is_unassigned():
    couriers = {"ana": near(north=100), "ben": near(north=500), "cy": near(north=900)}
    service, world = make({**couriers, "dee": near(north=1200)}, declines=set(couriers))
    result = assign(service, "o1")
    assert (result.courier, result.eta, result.declines) == (None, None, 3)
    assert [courier for courier, _ in world.offers] == ["ana", "ben", "cy"]


def test_couriers_at_the_same_spot_share_the_orders():
    winners = set()
    for seed in range(20):
        service, _ = make({"ana": near(north=200), "ben": near(north=200)}, seed=seed)
        winners.add(assign(service, "o1").courier)
    assert winners == {"ana", "ben"}


def test_the_same_seed_gives_the_same_couriers():
    def run():
        couriers = {name: near(north=300) for name in ("ana", "ben", "cy", "dee")}
        service, _ = make(couriers, seed=7)
        taken = []
        for n in range(30):
            taken.append(assign(service, f"o{n}").courier)
            service.complete(f"o{n}")
        return taken

    assert run() == run()


def test_a_delivered_order_frees_its_courier():
    service, _ = make({"ana": near(north=100)}, capacity=1)
    assign(service, "o1")
    service.complete("o1")
    assert assign(service, "o2").courier == "ana"


def test_completing_an_order_nobody_carries_is_refused():
    service, _ = make({"ana": near(north=100)})
    with pytest.raises(KeyError):
        service.complete("o1")


def test_assigning_an_order_being_carried_is_refused():
    service, _ = make({"ana": near(north=100), "ben": near(north=500)})
    assign(service, "o1")
    with pytest.raises(ValueError):
        assign(service, "o1")


def test_stats_count_offers_and_answers():
    couriers = {"ana": near(north=100), "ben": near(north=500)}
    service, _ = make(couriers, declines={("ana", "o2")}, penalty=0.0)
    for order in ("o1", "o2", "o3"):
        assign(service, order)
    service.complete("o1")
    ana, ben = service.stats("ana"), service.stats("ben")
    assert (ana.offered, ana.accepted, ana.declined, ana.delivered) == (3, 2, 1, 1)
    assert (ben.offered, ben.accepted, ben.declined, ben.delivered) == (1, 1, 0, 0)


def test_settings_that_make_no_sense_are_refused():
    for settings in ({"freshness": 0}, {"speed": -5.0}, {"capacity": 0}, {"penalty": -1.0}):
        with pytest.raises(ValueError):
            CourierService(lambda courier, order: True, lambda: NOW, **settings)
