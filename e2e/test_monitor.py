"""The page watch in conftest.py really sees off-origin requests and console/page errors.

Only loopback is touched: http://127.0.0.1:PORT is a different origin from http://localhost:PORT.
"""

import pytest
from gin_e2e import capture, paints


def _clear(mon):
    mon.offorigin.clear()
    mon.console_errors.clear()
    mon.page_errors.clear()
    mon.failed_requests.clear()


@pytest.mark.browser_context_args(bypass_csp=True)  # the site's CSP would block the fetch itself
def test_monitor_sees_offorigin_request_and_errors(page, site_url, page_monitor):
    assert site_url.startswith("http://localhost:")
    page.goto(site_url + "build-info.json")  # any on-origin document; no Python boot needed
    other = site_url.replace("localhost", "127.0.0.1", 1) + "build-info.json"
    page.evaluate(
        """async (other) => {
            console.error("boom from the test");
            try { await fetch(other); } catch (e) {}
            setTimeout(() => { throw new Error("uncaught from the test"); }, 0);
        }""",
        other,
    )
    page.wait_for_timeout(300)
    problems = "\n".join(page_monitor.problems())
    assert f"off-origin request: GET {other}" in problems
    assert "console error: boom from the test" in problems
    assert "uncaught page error: " in problems and "uncaught from the test" in problems
    _clear(page_monitor)  # otherwise this test would (rightly) fail
    assert page_monitor.problems() == []


@pytest.mark.allow_console_errors
def test_allow_console_errors_marker(page, site_url, page_monitor):
    page.goto(site_url + "build-info.json")
    page.evaluate("console.error('tolerated')")
    page.wait_for_timeout(100)
    assert page_monitor.problems(allow_console_errors=True) == []
    assert page_monitor.console_errors


def test_a_capture_tells_a_frozen_page_from_one_that_paints(page, site_url, tmp_path):
    """``capture``'s check on a stalled screenshot: a page that paints is seen painting, one whose
    main thread is busy is not (and the check itself returns rather than hangs)."""
    page.goto(site_url + "build-info.json")
    assert paints(page)
    capture(page, path=str(tmp_path / "shot.png"))
    assert (tmp_path / "shot.png").stat().st_size > 0
    page.evaluate("setTimeout(() => { const t = Date.now(); while (Date.now() - t < 4000) {} }, 0)")
    assert not paints(page, timeout_ms=1_500)
    page.wait_for_timeout(3_000)
    assert paints(page)
