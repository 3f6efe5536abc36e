"""A wrong version: when any courier is in the pickup's one-degree cell or the eight around
it, only those couriers are ranked: a nearer one two cells away is never offered the
order.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Set as AbstractSet

from .fleet import Fleet
from .ranking import Ranker, Scored
from .types import Assignment, Point

# Asks the courier's app whether it takes the order: True when it accepts.
Offer = Callable[[str, str], bool]

# Nobody: whom a round leaves out before a courier has declined.
NOBODY: AbstractSet[str] = frozenset()


class OfferRound:
    """One order on its way through the couriers, in one assign() call."""

    def __init__(self, order_id: str, pickup: Point, now: float) -> None:
        self.order_id = order_id
        self.pickup = pickup
        self.now = now  # the clock reading the whole round is judged at
        self.declined: AbstractSet[str] = NOBODY  # couriers not to ask again

    def __repr__(self) -> str:
        return (
            f"OfferRound({self.order_id!r}, pickup={self.pickup}, now={self.now!r}, "
            f"declined={sorted(self.declined)!r})"
        )


class Offers:
    """Runs the rounds of offers, and counts each courier's answers."""

    def __init__(self, fleet: Fleet, ranker: Ranker, offer: Offer, max_declines: int) -> None:
        self._fleet = fleet
        self._ranker = ranker
        self._offer = offer
        self._max_declines = max_declines

    def assign(self, order_id: str, pickup: Point, now: float) -> Assignment:
        """Offer the order until a courier accepts it, or the round ends without one.

        O(n) per offer for n couriers known: each offer scores the couriers still
        eligible afresh, since a tie among the others is decided anew.
        """
        offer_round = OfferRound(order_id, pickup, now)
        for declines in range(self._max_declines):
            chosen = self._next(offer_round)
            if chosen is None:
                return Assignment(order_id, None, None, declines)
            if self._ask(chosen.courier_id, order_id):
                self._fleet.carry(chosen.courier_id, order_id)
                return Assignment(order_id, chosen.courier_id, chosen.eta, declines)
            offer_round.declined = offer_round.declined | {chosen.courier_id}
        return Assignment(order_id, None, None, self._max_declines)

    def _next(self, offer_round: OfferRound) -> Scored | None:
        """The courier to ask next; None when nobody eligible is left to ask."""
        # The same `now` for every offer of the round, however long the couriers
        # take to answer: a courier eligible when the order came stays so until
        # the round is over.
        couriers = self._fleet.eligible(offer_round.now, excluding=offer_round.declined)
        if not couriers:
            return None
        pickup = offer_round.pickup
        row, column = math.floor(pickup.lat), math.floor(pickup.lon)
        near = [
            courier
            for courier in couriers
            if abs(math.floor(courier.point.lat) - row) <= 1
            and abs(math.floor(courier.point.lon) - column) <= 1
        ]
        return self._ranker.pick(self._ranker.scored(near or couriers, pickup))

    def _ask(self, courier_id: str, order_id: str) -> bool:
        """Offer the order to the courier and count its answer."""
        record = self._fleet.record(courier_id)
        record.offered += 1
        accepted = bool(self._offer(courier_id, order_id))
        if accepted:
            record.accepted += 1
        else:
            record.declined += 1
        return accepted
