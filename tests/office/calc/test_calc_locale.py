"""English formulas work the same in an office set to German conventions (decimal comma, ';' separators).

A separate soffice runs with the locale de-DE and Calc's formula separators set the
German way, so the UI would show =RUNDEN(2,567;1)-style input; the tools still take
and give English function names with commas, and numbers with a decimal point.
"""
import pytest
from calc_sheet import values
from calc_driver import ToolDriver

from support.office import Office


def configure(ctx, path, **values):
    import uno  # noqa: F401
    from com.sun.star.beans import PropertyValue
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", ctx)
    argument = PropertyValue()
    argument.Name, argument.Value = "nodepath", path
    access = provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationUpdateAccess",
                                                  (argument,))
    for name, value in values.items():
        access.replaceByName(name, value)
    access.commitChanges()


@pytest.fixture(scope="module")
def german_office(office, tmp_path_factory):
    """A second soffice (no extension needed: the tools run in the test process) with German settings."""
    instance = Office([], workdir=str(tmp_path_factory.mktemp("office-de")))
    instance.start()
    configure(instance.ctx, "/org.openoffice.Setup/L10N", ooSetupSystemLocale="de-DE")
    configure(instance.ctx, "/org.openoffice.Office.Calc/Formula/Syntax", SeparatorArg=";", SeparatorArrayCol=".",
              SeparatorArrayRow=";")
    yield instance
    instance.stop()


@pytest.fixture
def german(german_office):
    document = german_office.new_document("scalc")
    yield document, ToolDriver(document, german_office.ctx)
    german_office.close_document(document)


def test_english_formulas_and_numbers_in_a_german_office(german):
    document, tool = german
    sheet = document.getSheets().getByIndex(0)
    tool.ok("write_range", range="A1", values=[[2.5, "=ROUND(2.567, 1)", '=IF(A1>2, "yes, big", "no")',
                                                "=SUM({1,2;3,4})", "1.5"]])
    assert values(sheet, "A1:E1") == [[2.5, 2.6, "yes, big", 10.0, 1.5]]
    # the office really uses German conventions: its UI form of the formula has a decimal comma
    assert sheet.getCellRangeByName("B1").getPropertyValue("FormulaLocal") == "=ROUND(2,567; 1)"  # spaces are kept as typed
    assert sheet.getCellRangeByName("A1").getString() == "2,5"
    text = tool.ok("read_range", range="A1:E1").content
    assert "=ROUND(2.567, 1) → 2.6" in text and "| 2.5 |" in text


def test_fill_conditions_and_csv_in_a_german_office(german):
    document, tool = german
    sheet = document.getSheets().getByIndex(0)
    tool.ok("import_csv", csv="a;b\n1,5;2,25", decimal_comma=True)
    tool.ok("write_range", range="C2:C2", fill="=ROUND(A2*B2, 2)")
    assert values(sheet, "A2:C2") == [[1.5, 2.25, 3.38]]
    tool.ok("conditional_format", range="A2:B2", rule="formula", value="=AND(A2>1, A2<3)")
    entries = sheet.getCellRangeByName("A2").ConditionalFormat
    assert entries.getByIndex(0).getFormula1() == "AND(A2>1; A2<3)"
