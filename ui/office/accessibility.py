"""Accessible states of a control, on every LibreOffice version.

Up to 7.5 ``XAccessibleContext.getAccessibleStateSet()`` returns an ``XAccessibleStateSet``
and the ``AccessibleStateType`` constants are small numbers (FOCUSED is 11); since 7.6 it
returns a bit mask (an int) and the constants are its bits (FOCUSED is 1024). The constants
read from the running office fit the set it returns, so one test covers both.
"""
from __future__ import annotations


def has_state(context, state: int) -> bool:
    """True when the accessible ``context`` is in ``state`` (an ``AccessibleStateType`` constant)."""
    states = context.getAccessibleStateSet()
    if isinstance(states, int):
        return bool(states & state)
    return bool(states.contains(state))


def is_focused(control) -> bool:
    """True when ``control`` (a control or window with an accessible context) has the keyboard focus."""
    from com.sun.star.accessibility.AccessibleStateType import FOCUSED
    return has_state(control.getAccessibleContext(), FOCUSED)
