"""Settings without the dialog: typed views of each group, the form's fields, the endpoint check.

The settings dialog's logic lives here so it runs in pure tests: parsing and checking its
fields, and the Test button's check of an endpoint with its report in plain words.

May import: core, core.loop, core.net, core.stream, core.llm.
"""
