import os, tempfile, uno
from com.sun.star.beans import PropertyValue
from writer_docs import blocks

B64 = "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGNgYPiPhIjiAACOsw/xs6MvMwAAAABJRU5ErkJggg=="
HTML = """<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body>
<p style="text-align: center; line-height: 200%%; margin-top: 12pt; margin-bottom: 6pt">Centred double</p>
<p style="page-break-before: always">After break</p>
<p style="page-break-after: always">Before break</p>
<h2 style="text-align: right">Right heading</h2>
<p>H<sub>2</sub>O and x<sup>2</sup> <u>under</u> <s>strike</s> <span style="color: #ff0000; font-size: 18pt; font-family: Courier New; background: yellow">span</span> a<br>b</p>
<hr>
<p>img file <img src="file:///tmp/w33b/red.png" alt="red box" width="80" height="40"></p>
<p>img data <img src="data:image/png;base64,%s" alt="blue"></p>
<p style="page-break-before: always">&nbsp;</p>
<p style="text-indent: 1cm; margin-left: 2cm; line-height: 18pt">indent</p>
</body></html>""" % B64

def test_probe(writer):
    doc = writer
    path = tempfile.mktemp(suffix=".html")
    open(path, "w").write(HTML)
    p = PropertyValue(); p.Name, p.Value = "FilterName", "HTML (StarWriter)"
    cursor = doc.getText().createTextCursor()
    cursor.insertDocumentFromURL(uno.systemPathToFileUrl(path), (p,))
    for b in blocks(doc):
        if b.supportsService("com.sun.star.text.Paragraph"):
            ports = []
            for q in b.createEnumeration():
                ports.append((q.TextPortionType, q.getString(), q.CharEscapement, q.CharEscapementHeight, q.CharUnderline, q.CharStrikeout, hex(q.CharColor & 0xffffffff), q.CharHeight, q.CharFontName, hex(q.CharBackColor & 0xffffffff)))
            print(repr(b.getString()), b.ParaStyleName, "adj", b.ParaAdjust, "ls", b.ParaLineSpacing.Mode, b.ParaLineSpacing.Height,
                  "top", b.ParaTopMargin, "bot", b.ParaBottomMargin, "left", b.ParaLeftMargin, "fli", b.ParaFirstLineIndent, "brk", b.BreakType.value)
            for x in ports: print("    ", x)
    g = doc.getGraphicObjects()
    for i in range(g.getCount()):
        o = g.getByIndex(i)
        print("graphic", o.getName(), o.AnchorType.value, o.Width, o.Height, o.Description, o.Title, o.Graphic is not None)
        for n in ("GraphicURL","LinkDisplayName","ReplacementGraphicURL", "HoriOrient","VertOrient","TextWrap","HoriOrientRelation"):
            try: print("  ", n, o.getPropertyValue(n))
            except Exception as e: print("  no", n)
        print("  size", o.Size.Width, o.Size.Height, "actual", o.ActualSize.Width, o.ActualSize.Height)
