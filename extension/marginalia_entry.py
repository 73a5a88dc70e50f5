"""Marginalia's UNO entry module: registers the components and imports the package lazily.

unopkg imports this file at install time and LibreOffice at start-up, so it stays tiny:
the real work lives in ``marginalia.ui`` (shipped in the extension's ``pythonpath/``),
imported only when a component is first used. The first use also makes the one
:class:`marginalia.ui.app.Marginalia` of this office process, which every component
shares: it owns everything that outlives a panel.
"""
import unohelper
from com.sun.star.frame import XDispatch, XDispatchProvider
from com.sun.star.lang import XInitialization, XServiceInfo, XServiceName
from com.sun.star.sheet import XAddIn
from com.sun.star.task import XJob
from com.sun.star.ui import XUIElementFactory

try:
    from org.marginalia.calc import XPromptFunction  # our type library (types/marginalia.rdb)
except ImportError:  # unopkg registering the extension: its type library is not loaded yet
    class XPromptFunction:
        """Stand-in while registering (only names and services are read then)."""

PANEL_FACTORY = "org.marginalia.PanelFactory"
PROTOCOL_HANDLER = "org.marginalia.ProtocolHandler"
STARTUP_JOB = "org.marginalia.StartupJob"
PROTOCOL = "org.marginalia:"
PROMPT_ADDIN = "org.marginalia.calc.PromptAddIn"

_application = []  # the one Marginalia of this process, made on first use


def application(ctx):
    """Return the process-wide Marginalia, making it the first time."""
    if not _application:
        from marginalia.ui import entry
        _application.append(entry.create_application(ctx))
    return _application[0]


class ServiceInfo:
    """XServiceInfo from two class attributes: the implementation's name and its services."""

    IMPLEMENTATION = ""
    SERVICES = ()

    def getImplementationName(self):
        return self.IMPLEMENTATION

    def supportsService(self, name):
        return name in self.SERVICES

    def getSupportedServiceNames(self):
        return self.SERVICES


class PanelFactory(ServiceInfo, unohelper.Base, XUIElementFactory, XServiceInfo):
    """Creates the chat panel for the sidebar (see registry/.../Factories.xcu)."""

    IMPLEMENTATION, SERVICES = PANEL_FACTORY, ("com.sun.star.ui.UIElementFactory",)

    def __init__(self, ctx):
        self.ctx = ctx

    # XUIElementFactory
    def createUIElement(self, url, args):
        from marginalia.ui import entry
        return entry.create_panel_element(application(self.ctx), url, args)



class ProtocolHandler(ServiceInfo, unohelper.Base, XDispatchProvider, XDispatch, XInitialization, XServiceInfo):
    """Handles ``org.marginalia:<Command>`` URLs from the Marginalia menu and shortcuts."""

    IMPLEMENTATION, SERVICES = PROTOCOL_HANDLER, ("com.sun.star.frame.ProtocolHandler",)

    def __init__(self, ctx):
        self.ctx = ctx
        self.frame = None

    # XInitialization
    def initialize(self, args):
        if args:
            self.frame = args[0]

    # XDispatchProvider
    def queryDispatch(self, url, target, flags):
        return self if url.Protocol == PROTOCOL else None

    def queryDispatches(self, requests):
        return tuple(self.queryDispatch(r.FeatureURL, r.FrameName, r.SearchFlags) for r in requests)

    # XDispatch
    def dispatch(self, url, args):
        from marginalia.ui import entry
        entry.dispatch_command(application(self.ctx), self.frame, url.Path, args)

    def addStatusListener(self, listener, url):
        pass

    def removeStatusListener(self, listener, url):
        pass



class StartupJob(ServiceInfo, unohelper.Base, XJob, XServiceInfo):
    """Runs when LibreOffice starts (registry/.../Jobs.xcu): starts the MCP server if it is turned on."""

    IMPLEMENTATION, SERVICES = STARTUP_JOB, ("com.sun.star.task.Job",)

    def __init__(self, ctx):
        self.ctx = ctx

    # XJob
    def execute(self, args):
        from marginalia.ui import entry
        entry.start_office(application(self.ctx))
        return None



class PromptAddIn(ServiceInfo, unohelper.Base, XPromptFunction, XAddIn, XServiceName, XServiceInfo):
    """Calc's ``PROMPT(instruction; input…)`` cell function (a ``com.sun.star.sheet.AddIn``)."""

    IMPLEMENTATION, SERVICES = PROMPT_ADDIN, (PROMPT_ADDIN, "com.sun.star.sheet.AddIn")

    def __init__(self, ctx):
        self.ctx = ctx
        self.locale = None

    # XPromptFunction
    def prompt(self, document, instruction, inputs):
        from marginalia.ui import entry
        return entry.prompt_call(application(self.ctx), document, instruction, inputs)

    # XAddIn
    def getProgrammaticFuntionName(self, display_name):
        from marginalia.ui.prompt import descriptions
        return descriptions.programmatic_name(display_name)

    def getDisplayFunctionName(self, name):
        from marginalia.ui.prompt import descriptions
        return descriptions.display_name(name)

    def getFunctionDescription(self, name):
        from marginalia.ui import entry
        return entry.prompt_text(application(self.ctx), "function_description", name)

    def getDisplayArgumentName(self, name, index):
        from marginalia.ui import entry
        return entry.prompt_text(application(self.ctx), "argument_name", name, index)

    def getArgumentDescription(self, name, index):
        from marginalia.ui import entry
        return entry.prompt_text(application(self.ctx), "argument_description", name, index)

    def getProgrammaticCategoryName(self, name):
        # Calc's own category for add-ins (its categories are fixed); the description names Marginalia
        return "Add-In"

    def getDisplayCategoryName(self, name):
        return "Add-In"

    # XLocalizable
    def setLocale(self, locale):
        self.locale = locale

    def getLocale(self):
        return self.locale

    # XServiceName
    def getServiceName(self):
        return PROMPT_ADDIN



g_ImplementationHelper = unohelper.ImplementationHelper()
for _component in (PanelFactory, ProtocolHandler, StartupJob, PromptAddIn):
    g_ImplementationHelper.addImplementation(_component, _component.IMPLEMENTATION, _component.SERVICES)
