import tempfile, uno
from com.sun.star.beans import PropertyValue
from com.sun.star.beans.PropertyState import DIRECT_VALUE
from writer_docs import blocks

PROPS = ("ParaAdjust", "ParaLineSpacing", "ParaTopMargin", "ParaBottomMargin", "ParaLeftMargin", "ParaRightMargin",
         "ParaFirstLineIndent", "BreakType", "ParaKeepTogether", "ParaSplit", "ParaWidows", "ParaOrphans", "TopBorder",
         "BottomBorder", "ParaBackColor", "PageDescName", "ParaStyleName")

def test_probe(writer):
    doc = writer
    html = '<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body><p>plain</p><p style="text-align:center">c</p><h2>h</h2><h2 style="text-align:right">hr</h2><ul><li>li</li></ul><p>after</p><table><tr><td>x</td></tr></table><p>last</p></body></html>'
    path = tempfile.mktemp(suffix=".html"); open(path, "w").write(html)
    p = PropertyValue(); p.Name, p.Value = "FilterName", "HTML (StarWriter)"
    doc.getText().createTextCursor().insertDocumentFromURL(uno.systemPathToFileUrl(path), (p,))
    for b in blocks(doc):
        if b.supportsService("com.sun.star.text.Paragraph"):
            states = b.getPropertyStates(PROPS)
            print(repr(b.getString()), [n for n, s in zip(PROPS, states) if s == DIRECT_VALUE])
