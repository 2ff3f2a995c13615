"""PDF form fields that every reader shows: appearance streams for WeasyPrint's fields.

Why: a `fillable: true` sheet's boxes are HTML inputs that WeasyPrint prints as AcroForm
fields (`appearance: auto`, templates/css/sheet.css). WeasyPrint (70) leaves text fields
without an appearance stream, gives check boxes an "on" look only, and sets the form's
NeedAppearances flag so readers draw the fields themselves. Poppler (Evince, Okular,
pdftoppm) then re-draws check boxes from their /DA, which WeasyPrint does not write, and
shows no tick at all. `finish_forms`, a WeasyPrint finisher, gives every field what the
PDF standard expects (an empty look for an empty text box and for an unticked box, a
/DA for check boxes with ZapfDingbats in the form's resources) and clears
NeedAppearances: readers show the stored looks, and draw a new one for a field edited.
A document without fields is left untouched.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["FieldNames", "field_name", "finish_forms"]

_FIELD_CHARS = re.compile(r"[^a-z0-9]+")

# A check box's default appearance: ZapfDingbats, auto size, black (PDF 32000 12.7.3.3).
CHECK_DA = "/ZaDb 0 Tf 0 g"


def field_name(*parts: Any) -> str:
    """A PDF form field name from words: ``("status", "Death Sentence")`` ->
    ``status_death_sentence``. ASCII letters, digits and ``_`` only: a ``.`` would nest
    fields in PDF readers, and names come from content (a weapon, a status)."""
    words = (_FIELD_CHARS.sub("_", str(p).strip().lower()).strip("_") for p in parts)
    return "_".join(w for w in words if w) or "field"


class FieldNames:
    """Hands out a sheet's field names, each once: a second ``notes`` is ``notes_2``.

    Why: two widgets of one name are one field in a PDF reader (typing in one fills
    both), so every box of a `fillable: true` sheet needs its own name; stable names
    let a player's tool fill a sheet and a rebuild keep what the names mean. ``prefix``
    (a combatant's id) keeps the sheets of a book of several apart.
    """

    def __init__(self, prefix: str = "") -> None:
        self._seen: set[str] = set()
        self._prefix = (prefix,) if prefix else ()

    def __call__(self, *parts: Any) -> str:
        base = field_name(*self._prefix, *parts)
        name, n = base, 2
        while name in self._seen:
            name, n = f"{base}_{n}", n + 1
        self._seen.add(name)
        return name

    def many(self, count: int, *parts: Any) -> list[str]:
        """``count`` names ``<parts>_1`` ... ``<parts>_<count>`` (boxes of one tracker)."""
        return [self(*parts, i) for i in range(1, count + 1)]


def finish_forms(document: Any, pdf: Any) -> None:
    """WeasyPrint finisher (`write_pdf(finisher=...)`): complete the form's appearances."""
    import pydyf

    form = pdf.catalog.get("AcroForm")
    if form is None:
        return
    dingbats = pydyf.Dictionary({"Type": "/Font", "Subtype": "/Type1", "BaseFont": "/ZapfDingbats"})
    pdf.add_object(dingbats)
    form["DR"] = _resources_with(pdf, form.get("DR"), "ZaDb", dingbats.reference)
    for ref in form.get("Fields", []):
        field = _resolve(pdf, ref)
        for widget in [field, *(_resolve(pdf, kid) for kid in field.get("Kids", []))]:
            if "Rect" in widget:
                _complete(pdf, field, widget)
    form["NeedAppearances"] = "false"


def _complete(pdf: Any, field: Any, widget: Any) -> None:
    """Give one widget the looks it lacks: empty for a blank text box or an unticked box."""
    import pydyf

    x1, y1, x2, y2 = (float(v) for v in widget["Rect"])
    empty = pydyf.Stream(
        extra={
            "Type": "/XObject",
            "Subtype": "/Form",
            "BBox": pydyf.Array((0, 0, abs(x2 - x1), abs(y2 - y1))),
        }
    )
    kind = field.get("FT")
    if kind == "/Btn":
        field.setdefault("DA", pydyf.String(CHECK_DA))
        looks = widget.get("AP", {}).get("N")
        if isinstance(looks, dict) and "Off" not in looks:
            pdf.add_object(empty)
            looks["Off"] = empty.reference
    elif kind in ("/Tx", "/Ch") and "AP" not in widget:
        pdf.add_object(empty)
        widget["AP"] = pydyf.Dictionary({"N": empty.reference})


def _resolve(pdf: Any, ref: Any) -> Any:
    """A pydyf object from its reference (``b"12 0 R"``); objects are numbered in order."""
    if isinstance(ref, (bytes, str)):
        number = int(ref.split()[0])
        return pdf.objects[number]
    return ref


def _resources_with(pdf: Any, resources: Any, name: str, font_ref: Any) -> Any:
    """A copy of the form's resources (`DR`) with one more font: pages keep their own."""
    import pydyf

    source = _resolve(pdf, resources) if resources is not None else {}
    out = pydyf.Dictionary(dict(source))
    fonts = _resolve(pdf, source.get("Font")) if source.get("Font") is not None else {}
    out["Font"] = pydyf.Dictionary({**dict(fonts), name: font_ref})
    return out
