"""Call functions of an in-office script (``*_inside.py``) from a benchmark or test driver.

The script is copied into the office profile's ``Scripts/python`` folder and inside_common.py
into ``Scripts/python/pythonpath`` (on the office Python's ``sys.path``), then each function is
called through LibreOffice's script provider; it answers JSON text (see inside_common.py).
"""
from __future__ import annotations

import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
COMMON = "inside_common.py"


class Inside:
    """Calls the functions of the in-office script ``script`` (a file name in scripts/) inside ``office``."""

    def __init__(self, office, script: str = "writer_bench_inside.py"):
        folder = office.profile_path("user", "Scripts", "python")
        os.makedirs(os.path.join(folder, "pythonpath"), exist_ok=True)
        shutil.copy(os.path.join(HERE, script), folder)
        shutil.copy(os.path.join(HERE, COMMON), os.path.join(folder, "pythonpath"))
        office.service("org.marginalia.PanelFactory")  # loads the extension's Python package
        factory = office.service("com.sun.star.script.provider.MasterScriptProviderFactory")
        self._provider = factory.createScriptProvider("")
        self._script = script

    def call(self, function: str, *args):
        """Call ``function(*args)`` inside the office; its decoded JSON answer (raises on its error)."""
        script = self._provider.getScript("vnd.sun.star.script:%s$%s?language=Python&location=user"
                                          % (self._script, function))
        result = json.loads(script.invoke(args, (), ())[0])
        if isinstance(result, dict) and "error" in result:
            raise RuntimeError("%s failed inside the office:\n%s" % (function, result["error"]))
        return result
