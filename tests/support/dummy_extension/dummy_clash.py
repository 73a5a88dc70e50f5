"""A dummy extension that imports its own top-level 'core' and 'ui' packages at load time."""
import json
import sys

import core  # noqa: F401  (the point: a top-level 'core' in the office's sys.modules)
import ui  # noqa: F401
import unohelper
from com.sun.star.task import XJob


class Probe(unohelper.Base, XJob):
    def __init__(self, ctx):
        self.ctx = ctx

    def execute(self, args):
        return json.dumps({name: getattr(sys.modules.get(name), "OWNER", None) for name in ("core", "ui")})


g_ImplementationHelper = unohelper.ImplementationHelper()
g_ImplementationHelper.addImplementation(Probe, "org.example.dummy.clash.Probe", ("org.example.dummy.clash.Probe",))
