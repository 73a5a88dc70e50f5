"""Helpers of the page structure tests (page set-up, headers and footers, fields, notes, contents)."""


def page_style(doc, name="Standard"):
    """The page style ``name`` (programmatic name) of ``doc``."""
    return doc.getStyleFamilies().getByName("PageStyles").getByName(name)
