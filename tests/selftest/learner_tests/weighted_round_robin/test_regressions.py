from weighted_round_robin import WeightedRoundRobin


def test_heavy_worker_is_spread_out():
    wrr = WeightedRoundRobin({"a": 5, "b": 1, "c": 1})
    assert [wrr.assign() for _ in range(7)] == ["a", "a", "b", "a", "c", "a", "a"]


def test_tie_goes_to_the_first_worker():
    wrr = WeightedRoundRobin({"a": 1, "b": 1, "c": 1})
    assert [wrr.assign() for _ in range(3)] == ["a", "b", "c"]


def test_down_worker_not_in_total():
    wrr = WeightedRoundRobin({"a": 2, "b": 1, "c": 4})
    wrr.set_available("c", False)
    assert [wrr.assign() for _ in range(6)] == ["a", "b", "a", "a", "b", "a"]


def test_no_burst_when_worker_comes_back():
    wrr = WeightedRoundRobin({"a": 1, "b": 1})
    wrr.set_available("b", False)
    for _ in range(10):
        wrr.assign()
    wrr.set_available("b", True)
    got = [wrr.assign() for _ in range(4)]
    assert got.count("b") == 2


def test_zero_weight_rejected():
    try:
        WeightedRoundRobin({"a": 0})
    except ValueError:
        return
    raise AssertionError("weight 0 accepted")
