"""HTML and Markdown content on its way into Writer: runs that carry every look, blocks made safe for the import,
pictures read from files or data: URLs, and everything Writer will not show named."""
import base64
import struct
import zlib

import pytest

from marginalia.core.text import css
from marginalia.core.text.html_import import prepare_import
from marginalia.core.text.html_inline import inline_runs, scan
from marginalia.core.text.markdown import inline_scan, markdown_to_html
from marginalia.core.text.pictures import Picture, PictureError, RemotePicture, load, sniff
from marginalia.core.text.runs import Run, described, load_pictures, plain_text


def _png() -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" + b"\xff\x00\x00" * 2) * 2) + chunk(b"IEND", b""))


@pytest.fixture
def png_file(tmp_path):
    path = tmp_path / "shot 1.png"
    path.write_bytes(_png())
    return str(path)


# --- inline runs ----------------------------------------------------------------------------------

def test_sub_and_superscript_become_runs_of_their_own():
    assert inline_runs("H<sub>2</sub>O and x<sup>2</sup>") == [
        Run("H"), Run("2", subscript=True), Run("O and x"), Run("2", superscript=True)]


def test_styled_spans_font_tags_and_mark_carry_their_looks():
    runs = inline_runs('<span style="color: #ff0000; font-size: 18pt; font-family: \'Courier New\', mono; '
                       'background: yellow">a</span> <font color="blue" size="5" face="Arial">b</font> '
                       '<mark>c</mark> <u>d</u> <s>e</s>')
    assert runs[0] == Run("a", color=0xFF0000, size_pt=18.0, font="Courier New", background=0xFFFF00)
    assert runs[2] == Run("b", color=0x0000FF, size_pt=18.0, font="Arial")
    assert runs[4] == Run("c", background=0xFFFF00)
    assert Run("d", underline=True) in runs and Run("e", strike=True) in runs


def test_capitals_small_capitals_and_letter_spacing_carry_their_looks():
    found = scan('<span style="text-transform: uppercase">a</span> <span style="font-variant: small-caps; '
                 'letter-spacing: 2pt">b</span> <span style="text-transform: capitalize">c d</span> '
                 '<span style="text-transform: none; letter-spacing: normal">e</span>')
    assert found.runs[0] == Run("a", case_map=1) and found.runs[2] == Run("b", case_map=4, spacing_pt=2.0)
    assert found.runs[4] == Run("c d", case_map=3) and found.runs[-1] == Run(" e")
    assert found.ignored == []
    assert described(found.runs[:3]) == ["\u201ca\u201d capitals", "\u201cb\u201d small capitals, letter spacing 2 pt"]


def test_a_lone_paragraph_with_a_look_is_a_block_and_one_without_is_inline():
    assert not scan('<p style="text-align: center; line-height: 200%">x</p>').is_inline
    assert not scan('<p align="right">x</p>').is_inline
    assert not scan('<p style="page-break-before: always">&nbsp;</p>').is_inline
    found = scan('<p style="color: red">x</p>')
    assert found.is_inline and found.runs == [Run("x", color=0xFF0000)]


def test_what_runs_cannot_carry_is_named():
    found = scan('a <span style="vertical-align: middle; text-shadow: 1px 1px">b</span><video src="v.mp4">no</video>'
                 '<input><blink>c</blink> <svg><text>d</text></svg>')
    assert found.ignored == ["vertical-align: middle (on <span>)", "text-shadow: 1px 1px (on <span>)",
                             "<video> (not inserted)", "<input> (not inserted)",
                             "<blink> (its text kept without its look)", "<svg> (not inserted)"]
    assert plain_text(found.runs) == "a bc "


def test_white_space_across_tags_folds_as_a_browser_shows_it():
    assert plain_text(inline_runs("one <b> two </b> three<br> four")) == "one two three\nfour"


def test_an_image_is_a_picture_run_with_its_alt_text_and_size():
    runs = inline_runs('see <img src="/x/1.png" alt="A chart" width="80" style="height: 2cm">')
    picture = runs[-1].picture
    assert (picture.source, picture.alt, round(picture.width_cm, 3), picture.height_cm) == (
        "/x/1.png", "A chart", round(80 * 2.54 / 96, 3), 2.0)
    assert plain_text(runs) == "see "


def test_a_picture_size_that_cannot_be_used_is_named():
    found = scan('<img src="/x/1.png" width="50%" style="height: auto">')
    assert (found.runs[0].picture.width_cm, found.runs[0].picture.height_cm) == (None, None)
    assert found.ignored == ["width: 50% (on <img>: the picture keeps its own size, fitted to the text's width)"]


def test_markdown_inline_reads_raw_html_and_file_images():
    found = inline_scan("H<sub>2</sub>O is **water** ![shot](file:///tmp/a%20b.png)")
    assert found.runs[:3] == [Run("H"), Run("2", subscript=True), Run("O is ")]
    assert found.runs[3] == Run("water", bold=True)
    assert found.runs[-1].picture.source == "file:///tmp/a%20b.png" and found.runs[-1].picture.alt == "shot"


def test_markdown_still_refuses_script_links():
    found = inline_scan("[x](javascript:alert(1))")
    assert all(run.link is None for run in found.runs)


def test_described_names_each_formatted_piece():
    runs = inline_runs('H<sub>2</sub>O <b style="color: red">now</b>')
    assert described(runs) == ["\u201c2\u201d subscript", "\u201cnow\u201d bold, colour #FF0000"]


# --- pictures -------------------------------------------------------------------------------------

def test_a_picture_is_read_from_a_path_a_file_url_or_a_data_url(png_file):
    assert load(Picture(png_file)).mime == "image/png"
    assert load(Picture("file://" + png_file.replace(" ", "%20"))).data == _png()
    data_url = "data:image/png;base64," + base64.b64encode(_png()).decode()
    assert load(Picture(data_url)).data == _png()


@pytest.mark.parametrize("source, words", [
    ("https://example.org/a.png", "web address"),
    ("//example.org/a.png", "web address"),
    ("pictures/a.png", "relative path"),
    ("/no/such/file.png", "there is no file"),
    ("data:image/png;base64,@@@", "is not an image"),
    ("mailto:a@b.c", "neither a file path nor a data: URL"),
])
def test_pictures_that_cannot_be_used_are_refused_with_the_reason(source, words):
    with pytest.raises(PictureError) as refused:
        load(Picture(source))
    assert words in str(refused.value)
    assert isinstance(refused.value, RemotePicture) == (words == "web address")


def test_a_file_that_is_no_image_is_refused(tmp_path):
    path = tmp_path / "notes.png"
    path.write_text("not a picture")
    with pytest.raises(PictureError, match="not an image"):
        load(Picture(str(path)))


def test_image_kinds_are_told_by_their_first_bytes():
    assert sniff(b"\xff\xd8\xff\xe0rest") == "image/jpeg"
    assert sniff(b"GIF89a...") == "image/gif"
    assert sniff(b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">') == "image/svg+xml"
    assert sniff(b"RIFF\x00\x00\x00\x00WEBPVP8 ") == "image/webp"
    assert sniff(b"%PDF-1.4") is None


def test_a_picture_on_the_web_becomes_a_link_and_is_named(png_file):
    runs, not_fetched = load_pictures(inline_runs('<img src="https://e.org/a.png" alt="Logo"> and '
                                                  '<img src="%s">' % png_file))
    assert runs[0] == Run("Logo", link="https://e.org/a.png") and not_fetched == ["https://e.org/a.png"]
    assert runs[-1].picture.data == _png()


# --- blocks for the import ------------------------------------------------------------------------

def test_blocks_embed_local_pictures_and_never_leave_a_web_address_to_fetch(png_file):
    prepared = prepare_import('<h1>T</h1><p><img src="%s" alt="A"> <img src="http://e.org/b.png" alt="B"></p>'
                              % png_file)
    assert 'src="data:image/png;base64,' in prepared.html and png_file not in prepared.html
    assert '<a href="http://e.org/b.png">B</a>' in prepared.html and "e.org/b.png\" alt" not in prepared.html
    assert (prepared.pictures, prepared.not_fetched) == (1, ["http://e.org/b.png"])


def test_blocks_leave_out_scripts_frames_and_sheets_from_the_web_and_say_so():
    prepared = prepare_import('<head><link rel="stylesheet" href="http://e.org/s.css"></head><body>'
                              '<p onclick="steal()">a</p><script>x()</script><iframe src="http://e.org"></iframe>'
                              '<p>b</p></body>')
    assert "onclick" not in prepared.html and "script" not in prepared.html and "iframe" not in prepared.html
    assert "e.org" not in prepared.html and "<p>b</p>" in prepared.html
    assert prepared.ignored == ["<link> (not fetched)", "<script> (not inserted)", "<iframe> (not inserted)"]


def test_blocks_name_css_the_import_does_not_honour_and_keep_what_it_does():
    prepared = prepare_import('<style>h1 { color: red; box-shadow: 1px 1px }</style>'
                              '<p style="text-align: center; line-height: 200%; direction: rtl">x &amp; y</p>'
                              '<h2 style="page-break-before: always">h</h2><p><mark>m</mark> <foo>f</foo></p>'
                              '<img src="data:image/png;base64,' + base64.b64encode(_png()).decode() +
                              '" style="width: 3cm; float: right">')
    assert prepared.ignored == ["box-shadow: 1px 1px (in <style>)", "direction: rtl (on <p>)",
                                "<foo> (its text kept without its look)"]
    assert '<p style="text-align: center; line-height: 200%; direction: rtl">x &amp; y</p>' in prepared.html
    assert '<span style="background: yellow">m</span>' in prepared.html


def test_a_missing_picture_refuses_the_whole_import():
    with pytest.raises(PictureError, match="there is no file"):
        prepare_import('<p>a</p><p><img src="/no/such.png"></p>')


def test_markdown_blocks_carry_their_images_to_the_import(png_file):
    prepared = prepare_import(markdown_to_html("# Title\n\n![shot](%s)\n" % png_file.replace(" ", "%20")))
    assert prepared.pictures == 1 and 'alt="shot"' in prepared.html


# --- css values -----------------------------------------------------------------------------------

@pytest.mark.parametrize("value, expected", [("#f00", 0xFF0000), ("rgb(0, 128, 255)", 0x0080FF), ("blue", 0x0000FF),
                                             ("Light Blue 2", 0x729FCF), ("transparent", None), ("nonsense", None)])
def test_css_colours(value, expected):
    assert css.color(value) == expected


@pytest.mark.parametrize("value, expected", [("18pt", 18.0), ("24px", 18.0), ("large", 14.0), ("1.5em", None),
                                             ("120%", None)])
def test_css_font_sizes(value, expected):
    assert css.font_size_pt(value) == expected
