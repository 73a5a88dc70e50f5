"""Encoding detection for web pages: BOM, header, meta, XML declaration, UTF-8, windows-1252."""
import codecs

import pytest

from marginalia.core.research.charset import codec_for, decode_body, header_charset, sniff

TEXT = "Grüße, “quotes” – café"


def test_bom_wins_over_a_wrong_header_and_is_removed():
    data = codecs.BOM_UTF8 + TEXT.encode("utf-8")
    decoded = decode_body(data, "text/html; charset=iso-8859-1")
    assert decoded == (TEXT, "utf-8", "bom")


@pytest.mark.parametrize("bom, codec", [(codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")])
def test_utf16_with_bom(bom, codec):
    decoded = decode_body(bom + ("<p>%s</p>" % TEXT).encode(codec), "text/html")
    assert decoded.text == "<p>%s</p>" % TEXT and decoded.source == "bom"


def test_header_charset_beats_the_meta_tag():
    data = '<meta charset="utf-8"><p>%s</p>' % TEXT
    decoded = decode_body(data.encode("cp1252"), 'text/html; charset="windows-1252"')
    assert decoded.source == "header" and TEXT in decoded.text


@pytest.mark.parametrize("meta", ['<meta charset="ISO-8859-15">', "<meta charset=iso-8859-15>",
                                  '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-15">'])
def test_meta_charset_in_either_form(meta):
    page = "<html><head>%s<title>€uro</title></head><body>%s €</body></html>" % (meta, TEXT.replace("“", '"')
                                                                                .replace("”", '"').replace("–", "-"))
    decoded = decode_body(page.encode("iso-8859-15"), "text/html")
    assert decoded.source == "meta" and decoded.encoding == "iso8859-15"
    assert "€uro" in decoded.text and "Grüße" in decoded.text


def test_xml_declaration():
    data = '<?xml version="1.0" encoding="koi8-r"?><rss><title>Привет</title></rss>'.encode("koi8-r")
    decoded = decode_body(data, "application/xml", is_html=False)
    assert decoded.source == "xml" and "Привет" in decoded.text


def test_valid_utf8_without_any_declaration():
    assert decode_body(TEXT.encode("utf-8"), "text/html").source == "utf-8"


def test_utf8_cut_inside_a_character_at_the_end_is_still_utf8():
    data = TEXT.encode("utf-8") + "é".encode("utf-8")[:1]
    decoded = decode_body(data, "")
    assert decoded.encoding == "utf-8" and decoded.text.startswith(TEXT)


def test_undeclared_non_utf8_falls_back_to_windows_1252():
    decoded = decode_body(TEXT.encode("cp1252"), "text/html")
    assert decoded == (TEXT, "cp1252", "fallback")


def test_latin1_label_means_windows_1252_as_in_browsers():
    decoded = decode_body("“quoted”".encode("cp1252"), "text/html; charset=ISO-8859-1")
    assert decoded.text == "“quoted”"


@pytest.mark.parametrize("label, codec", [("Shift_JIS", "shift_jis"), ("gb2312", "gb18030"), ("GBK", "gb18030"),
                                          ("euc-kr", "euc_kr"), ("UTF8", "utf-8"), ("us-ascii", "cp1252")])
def test_labels_map_as_browsers_map_them(label, codec):
    assert codec_for(label) == codec


@pytest.mark.parametrize("label", ["utf-7", "x-unknown-thing", "", None])
def test_unknown_or_dangerous_labels_are_ignored(label):
    assert codec_for(label) is None


def test_unknown_header_label_falls_through_to_detection():
    assert sniff("é".encode("utf-8"), "text/html; charset=bogus") == ("utf-8", "utf-8")


def test_a_meta_that_claims_utf16_is_read_as_utf8():
    data = '<meta charset="utf-16"><p>café</p>'.encode("utf-8")
    assert decode_body(data, "text/html").encoding == "utf-8"


def test_japanese_page_in_shift_jis_declared_by_meta():
    page = '<html><head><meta charset="shift_jis"></head><body><p>日本語のページ</p></body></html>'
    assert "日本語のページ" in decode_body(page.encode("shift_jis")).text


def test_bad_bytes_become_replacement_characters_not_errors():
    decoded = decode_body(b"abc \xff\xfe\xfd def", "text/plain; charset=utf-8", is_html=False)
    assert decoded.text.startswith("abc ") and "\ufffd" in decoded.text


def test_header_charset_parsing():
    assert header_charset("text/html;charset=UTF-8") == "utf-8"
    assert header_charset("text/html") is None
