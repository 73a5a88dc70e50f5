from writer_docs import blocks, texts
from picture_files import write_png, png_data_url

def dump(doc):
    for b in blocks(doc):
        if b.supportsService("com.sun.star.text.Paragraph"):
            print(repr(b.getString()), b.ParaStyleName, b.ParaAdjust, b.ParaLineSpacing.Height, b.BreakType.value,
                  [(q.TextPortionType, q.getString(), q.CharEscapement) for q in b.createEnumeration()])
    g = doc.getGraphicObjects()
    for n in g.getElementNames():
        o = g.getByName(n); print("G", n, o.AnchorType.value, o.Size.Width, o.Size.Height, o.Description, o.Graphic.Linked)

def test_scratch(tools, sample, tmp_path):
    png = write_png(tmp_path / "1.png")
    print(tools.run("replace_text", old_text="Dear Micheal Smith, this report covers the first quarter.", new_text='<p style="text-align: center; line-height: 200%">Dear Micheal Smith, this report covers the <b>first</b> quarter.</p>', format="html", paragraph=2).content)
    print(tools.run("replace_text", old_text="12%", new_text="H<sub>2</sub>O", format="html").content)
    print(tools.run("insert_content", content="![shot](file://%s)" % png, position="after", paragraph=2).content)
    print(tools.run("insert_content", content='<img src="%s" alt="x">' % png_data_url(), position="after", paragraph=3, format="html").content)
    print(tools.run("insert_content", content='<p style="page-break-before: always">&nbsp;</p>', position="end", format="html").content)
    print(tools.run("insert_content", content='<hr>', position="after", paragraph=1, format="html").content)
    print(tools.run("insert_content", content='a <span style="vertical-align: middle; color: red">b</span> <video src=x></video> ![w](http://127.0.0.1:9/x.png)', position="end").content)
    print(tools.run("insert_content", content='# T\n\n![w](http://127.0.0.1:9/x.png) and ![l](%s)' % png, position="end").content)
    print(tools.run("insert_content", content='![l](/nonexistent/x.png)', position="end").content)
    dump(sample)
