"""Open Marginalia's deck through the sidebar API.

The ``.uno:SidebarDeck.<Id>`` dispatch is a toggle: when the deck already shows, it
hides the whole sidebar. The API below is idempotent: it only ever shows.
"""
from __future__ import annotations

DECK_ID = "MarginaliaDeck"


def open_deck(frame, pump=None, attempts: int = 50):
    """Show the sidebar with Marginalia's deck active in ``frame``; return the deck.

    Args:
        pump: called between attempts (``toolkit.processEventsToIdle``): a sidebar that
            was hidden lists its decks only after it has processed its events.
    """
    sidebar = frame.getController().getSidebar()
    sidebar.setVisible(True)  # the deck list is empty while the sidebar is hidden
    for _ in range(attempts):
        if DECK_ID in sidebar.getDecks().getElementNames() or pump is None:
            break
        pump()
    deck = sidebar.getDecks().getByName(DECK_ID)
    if not deck.isActive():
        deck.activate(True)
    return deck
