"""The sidebar panel as LibreOffice sees it: XUIElement + XToolPanel + XSidebarPanel.

This is a thin, disposable shell. It creates the panel window from the XDL dialog and
hands it to :class:`~marginalia.ui.panel.view.ChatPanelView`; the chat session itself
belongs to the document (see :mod:`marginalia.ui.chat.sessions`) and survives the panel.
"""
from __future__ import annotations

import uno
import unohelper
from com.sun.star.lang import XComponent
from com.sun.star.ui import XSidebarPanel, XToolPanel, XUIElement
from com.sun.star.ui.UIElementType import TOOLPANEL

from ..office.extension import extension_url
from ..office.log import get_logger, logged

MINIMAL_WIDTH = 250

log = get_logger("panel")


class ChatPanelElement(unohelper.Base, XUIElement, XToolPanel, XSidebarPanel, XComponent):
    """One chat panel instance in one frame's sidebar."""

    def __init__(self, app, frame, parent_window, resource_url):
        self.app = app
        self.ctx = app.ctx
        self.Frame = frame
        self.ResourceURL = resource_url
        self.Type = TOOLPANEL
        self._parent = parent_window
        self._window = None
        self._view = None

    # XUIElement
    @logged(reraise=True)
    def getRealInterface(self):
        if self._window is None:
            self._create_view()
        return self

    def _create_view(self):
        from .view import ChatPanelView
        provider = self.ctx.ServiceManager.createInstanceWithContext(
            "com.sun.star.awt.ContainerWindowProvider", self.ctx)
        url = extension_url(self.ctx, "dialogs/ChatPanel.xdl")
        self._window = provider.createContainerWindow(url, "", self._parent, None)
        self._window.setVisible(True)  # without this the panel stays blank
        self._view = ChatPanelView(self.app, self.Frame, self._window)
        log.info("chat panel created for %s", self.ResourceURL)

    # XToolPanel (pyuno reads the ``Window`` attribute; getWindow serves direct calls)
    @property
    def Window(self):
        return self.getWindow()

    def getWindow(self):
        if self._window is None:
            self._create_view()
        return self._window

    def createAccessible(self, parent):
        return self.getWindow().getAccessibleContext()

    # XSidebarPanel
    @logged(default=None)
    def getHeightForWidth(self, width):
        height = self._view.layout_for_width(width) if self._view else 400
        return uno.createUnoStruct("com.sun.star.ui.LayoutSize", height, -1, height)

    def getMinimalWidth(self):
        return MINIMAL_WIDTH

    # XComponent
    @logged
    def dispose(self):
        if self._view is not None:
            self._view.dispose()
            self._view = None
        if self._window is not None:
            self._window.dispose()
            self._window = None

    def addEventListener(self, listener):
        pass

    def removeEventListener(self, listener):
        pass
