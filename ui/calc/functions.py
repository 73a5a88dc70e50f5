"""Calc's function names in English, read once per process from the formula op-code mapper.

Two uses: formulas read through the API spell add-in functions by their programmatic
names (``COM.SUN.STAR.SHEET.ADDIN.ANALYSIS.GETEOMONTH``), which :func:`api_renames`
maps back to ``EOMONTH``; and a formula showing ``#NAME?`` is explained by naming
the functions Calc does not know (:func:`unknown_functions`).
"""
from __future__ import annotations

from typing import Dict, FrozenSet, List, Optional, Tuple

from ...core.calc.formula_syntax import function_names_used

FORMULA_LANGUAGE_ENGLISH = 2   # com.sun.star.sheet.FormulaLanguage.ENGLISH
FORMULA_LANGUAGE_API = 6       # com.sun.star.sheet.FormulaLanguage.API
MAP_GROUP_FUNCTIONS = 16       # com.sun.star.sheet.FormulaMapGroup.FUNCTIONS

_cache: Optional[Tuple[FrozenSet[str], Dict[str, str]]] = None


def _load(document) -> Tuple[FrozenSet[str], Dict[str, str]]:
    global _cache
    if _cache is None:
        mapper = document.createInstance("com.sun.star.sheet.FormulaOpCodeMapper")
        external = mapper.OpCodeExternal  # an attribute (getOpCodeExternal), not a property
        english = mapper.getAvailableMappings(FORMULA_LANGUAGE_ENGLISH, MAP_GROUP_FUNCTIONS)
        api = mapper.getAvailableMappings(FORMULA_LANGUAGE_API, MAP_GROUP_FUNCTIONS)
        add_in_names = {entry.Token.Data: entry.Name for entry in english if entry.Token.OpCode == external}
        renames = {entry.Name.upper(): add_in_names[entry.Token.Data] for entry in api
                   if entry.Token.OpCode == external and entry.Token.Data in add_in_names
                   and entry.Name.upper() != add_in_names[entry.Token.Data].upper()}
        known = frozenset(entry.Name.upper() for entry in list(english) + list(api) if entry.Name)
        _cache = (known, renames)
    return _cache


def api_renames(document) -> Dict[str, str]:
    """Upper-case API add-in names → the English names people write."""
    try:
        return _load(document)[1]
    except Exception:  # the mapper is missing: show formulas as the API gives them
        return {}


def unknown_functions(document, formula: str) -> List[str]:
    """The names ``formula`` calls as functions that Calc does not know."""
    try:
        known = _load(document)[0]
    except Exception:  # the mapper is missing: no names to offer
        return []
    return [name.upper() for name in function_names_used(formula) if name.upper() not in known]
