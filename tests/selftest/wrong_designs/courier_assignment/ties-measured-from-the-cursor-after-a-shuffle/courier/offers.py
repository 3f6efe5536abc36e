"""A wrong version (blind hunt 9, q14): the couriers sorted by score once per order; each
offer shuffles the tie at the cursor and takes its first, and the next tie is measured
from whoever the shuffle left at the cursor, not from the lowest of the couriers not yet
asked, so a courier more than epsilon above one still to ask may come first.

Offering an order: to the best-placed courier, and when one declines, to the
best of the others.

An order's round of offers runs inside one assign() call, judged at one clock
reading: the couriers eligible then, their ETAs and scores then. The round ends
when a courier accepts, when `max_declines` couriers have declined, or when
nobody eligible is left to ask; then the order is unassigned.
"""

from __future__ import annotations

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
        # Scored and sorted once per order: O(n log n). Each offer shuffles the tie at
        # the cursor in place and takes its first: the couriers asked are behind the
        # cursor.
        ranked = sorted(
            self._ranker.scored(self._fleet.eligible(now, excluding=NOBODY), pickup),
            key=lambda courier: courier.score,
        )
        for declines in range(self._max_declines):
            cursor = declines  # each decline moved the cursor one on
            if cursor == len(ranked):
                return Assignment(order_id, None, None, declines)
            lowest = ranked[cursor].score
            end = cursor
            while end < len(ranked) and ranked[end].score - lowest <= self._ranker.epsilon:
                end += 1
            # The tie in a random order, so that the couriers tied share the orders.
            tie = ranked[cursor:end]
            self._ranker.shuffle(tie)
            ranked[cursor:end] = tie
            chosen = ranked[cursor]
            if self._ask(chosen.courier_id, order_id):
                self._fleet.carry(chosen.courier_id, order_id)
                return Assignment(order_id, chosen.courier_id, chosen.eta, declines)
        return Assignment(order_id, None, None, self._max_declines)

    def _next(self, offer_round: OfferRound) -> Scored | None:
        """The courier to ask next; None when nobody eligible is left to ask."""
        # The same `now` for every offer of the round, however long the couriers
        # take to answer: a courier eligible when the order came stays so until
        # the round is over.
        couriers = self._fleet.eligible(offer_round.now, excluding=offer_round.declined)
        if not couriers:
            return None
        return self._ranker.pick(self._ranker.scored(couriers, offer_round.pickup))

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
