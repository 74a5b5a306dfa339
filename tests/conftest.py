"""CI sets ALMANAC_REQUIRE_PG / ALMANAC_REQUIRE_CHROMIUM: there a test that would skip for want of
PostgreSQL or Chromium fails instead, so a broken service set-up cannot pass unnoticed."""
import os

import pytest

_REQUIRED = {"ALMANAC_REQUIRE_PG": ("ALMANAC_TEST_PG_URL", "postgres"),
             "ALMANAC_REQUIRE_CHROMIUM": ("chromium",)}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if not report.skipped:
        return
    reason = str(report.longrepr).lower()
    for env, needles in _REQUIRED.items():
        if os.environ.get(env) and any(n.lower() in reason for n in needles):
            report.outcome = "failed"
            report.longrepr = f"skipped although {env} is set: {report.longrepr}"
