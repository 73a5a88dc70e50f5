"""=PROMPT() against the real embedded model: the cells fill, recalculation keeps the same answers."""
import pytest

from support.panel import set_settings, wait_until

pytestmark = pytest.mark.e2e

PENDING = "…"


@pytest.fixture
def real_endpoint(office, local_model_server):
    set_settings(office.ctx, "Endpoint", URL=local_model_server.base_url, Model=local_model_server.model,
                 EmbeddedURL=local_model_server.base_url)  # the embedded model: one request at a time
    set_settings(office.ctx, "Chat", Temperature=0.0)
    yield local_model_server
    set_settings(office.ctx, "Endpoint", URL="", Model="", EmbeddedURL="")
    set_settings(office.ctx, "Chat", Temperature=-1.0)


def test_prompt_cells_fill_from_the_real_model_and_keep_their_answers(real_endpoint, calc):
    sheet = calc.getSheets().getByIndex(0)
    sheet.getCellRangeByName("A1:A3").setDataArray((("apple",), ("car",), ("river",)))
    sheet.getCellRangeByName("B1:B3").setFormulaArray(tuple(
        ('=PROMPT("Translate this English word to French. Reply with the word only.";A%d)' % n,) for n in (1, 2, 3)))
    values = lambda: [row[0] for row in sheet.getCellRangeByName("B1:B3").getDataArray()]  # noqa: E731
    wait_until(lambda: PENDING not in values(), timeout=180, message="the real model's answers")
    answers = values()
    assert not [value for value in answers if str(value).startswith("#AI!")], answers  # three real values
    calc.calculateAll()
    assert values() == answers  # from the cache: the same answers, nothing asked again
