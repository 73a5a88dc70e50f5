"""=PROMPT() against the real embedded model: the cells fill, recalculation keeps the same answers."""
import pytest

from support.panel import set_settings, wait_until

pytestmark = pytest.mark.e2e

PENDING = "…"
NETWORK_ERRORS = ("#AI! server down", "#AI! no answer", "#AI! server error", "#AI! failed", "#AI! no endpoint")


@pytest.fixture
def real_endpoint(office, local_model_server):
    set_settings(office.ctx, "Endpoint", URL=local_model_server.base_url, Model=local_model_server.model)
    yield local_model_server
    set_settings(office.ctx, "Endpoint", URL="", Model="")


def test_prompt_cells_fill_from_the_real_model_and_keep_their_answers(real_endpoint, calc):
    sheet = calc.getSheets().getByIndex(0)
    sheet.getCellRangeByName("A1:A3").setDataArray((("apple",), ("car",), ("river",)))
    sheet.getCellRangeByName("B1:B3").setFormulaArray(tuple(
        ('=PROMPT("Translate this English word to French. Reply with the word only.";A%d)' % n,) for n in (1, 2, 3)))
    values = lambda: [row[0] for row in sheet.getCellRangeByName("B1:B3").getDataArray()]  # noqa: E731
    wait_until(lambda: PENDING not in values(), timeout=180, message="the real model's answers")
    answers = values()
    assert not [value for value in answers if value in NETWORK_ERRORS], answers
    assert all(str(value).strip() for value in answers), answers
    calc.calculateAll()
    assert values() == answers  # from the cache: the same answers, nothing asked again
