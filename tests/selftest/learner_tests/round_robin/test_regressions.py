from round_robin import RoundRobinWorkers


def test_rotation_goes_on_between_calls():
    rr = RoundRobinWorkers(["A", "B", "C"])
    assert [rr.assign() for _ in range(4)] == ["A", "B", "C", "A"]


def test_recovered_worker_comes_back():
    rr = RoundRobinWorkers(["A", "B", "C"])
    rr.set_available("B", False)
    rr.set_available("B", True)
    assert [rr.assign() for _ in range(3)] == ["A", "B", "C"]


def test_empty_is_none():
    assert RoundRobinWorkers([]).assign() is None


def test_unknown_raises():
    rr = RoundRobinWorkers(["A"])
    try:
        rr.set_available("Z", True)
    except KeyError:
        return
    raise AssertionError("no KeyError")


def test_skips_unavailable():
    rr = RoundRobinWorkers(["A", "B", "C"])
    rr.set_available("B", False)
    assert [rr.assign() for _ in range(3)] == ["A", "C", "A"]
