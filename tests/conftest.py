import os

import pytest
from hypothesis import HealthCheck, settings

# Tests never touch the user's real data folder.
os.environ.pop("SCOREKEEPER_DATA", None)

# No test depends on the machine's speed: a loaded 2-core machine can take 300 ms
# for an example that takes 2 ms on a quiet one, so no example has a deadline.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")
# `make mutate` runs the tests that cover a function once per fault put into it
# (thousands of runs): there, property tests try fewer examples, the same ones
# each run (`--hypothesis-profile=mutation`, set in pyproject.toml).
settings.register_profile(
    "mutation", parent=settings.get_profile("suite"), max_examples=30, derandomize=True
)


# -- the served app in real Chromium, shared by the browser tests -------------------

# Headless Chromium on a loaded 2-core machine was seen, now and then, to stall a
# page's renderer for minutes (its main thread busy, every wait in it timing out),
# in a different test each time and never when that test ran again. A browser
# test that fails runs once more, from its own fresh page; failing twice fails
# the run, and the first failure is still printed (below).
BROWSER_RERUNS = 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("e2e") and not item.get_closest_marker("flaky"):
            item.add_marker(pytest.mark.flaky(reruns=BROWSER_RERUNS))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """How each test that passed on its second run failed on its first: a
    failure that goes away must still be seen to be understood."""
    for report in terminalreporter.stats.get("rerun", []):
        terminalreporter.write_sep("_", f"first run of {report.nodeid}")
        terminalreporter.write_line(report.longreprtext)


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module: starting it costs more than most tests."""
    from playwright.sync_api import sync_playwright

    from tests.served import launch

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def app(tmp_path):
    """The app served from its own data folder on a free loopback port."""
    from tests.served import ServedApp

    served = ServedApp(tmp_path)
    served.start()
    yield served
    served.stop()


@pytest.fixture
def page(browser, app):
    """A phone-sized tab on the app, signed in as the keeper."""
    from tests.served import PHONE, open_app

    page = open_app(browser, app.url, PHONE)
    yield page
    page.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The offline build (`scorekeeper publish`), made once for every test that
    only reads it: building it takes a while."""
    from scorekeeper.commands.publish import publish

    return publish(tmp_path_factory.mktemp("pwa") / "site")


@pytest.fixture
def far_from_utc(monkeypatch):
    """The machine's local time 7 hours ahead of UTC (times must not depend on it)."""
    import time

    monkeypatch.setenv("TZ", "Asia/Bangkok")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
