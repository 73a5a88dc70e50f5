"""API keys in LibreOffice's PasswordContainer: per endpoint, persistent, never in plain text.

The key functions run in the test process against the real office (the password
container and the configuration live in soffice); the chat inside the office reads the
same store (see test_chat_settings.py).
"""
import os

import pytest

from marginalia.ui.settings import keys
from officectl import Office

KEY = "sk-test-PlainTextMustNeverAppear-4242"


def profile_files_containing(profile_dir: str, needle: bytes):
    found = []
    for folder, _, files in os.walk(profile_dir):
        for name in files:
            path = os.path.join(folder, name)
            try:
                with open(path, "rb") as handle:
                    if needle in handle.read():
                        found.append(path)
            except OSError:
                pass
    return found


@pytest.fixture
def clean_keys(office):
    urls = []
    yield urls
    for url in urls:
        keys.delete_key(office.ctx, url)


def test_key_round_trip_per_endpoint_in_any_url_form(office, clean_keys):
    clean_keys += ["http://127.0.0.1:11434/v1", "http://127.0.0.1:1234/v1"]
    keys.store_key(office.ctx, "127.0.0.1:11434", KEY)
    assert keys.read_key(office.ctx, "http://127.0.0.1:11434/v1/chat/completions") == KEY
    assert keys.read_key(office.ctx, "http://127.0.0.1:11434/api") == KEY
    assert keys.read_key(office.ctx, "http://127.0.0.1:1234/v1") == ""
    keys.store_key(office.ctx, "http://127.0.0.1:1234/v1", "other-key")
    assert keys.read_key(office.ctx, "http://127.0.0.1:1234") == "other-key"
    assert keys.read_key(office.ctx, "http://127.0.0.1:11434/v1") == KEY


def test_a_key_is_not_handed_to_a_parent_or_child_address(office, clean_keys):
    clean_keys.append("https://example.com/api/v1")
    keys.store_key(office.ctx, "https://example.com/api/v1", KEY)
    assert keys.read_key(office.ctx, "https://example.com/v1") == ""
    assert keys.read_key(office.ctx, "https://example.com/api/v1/extra") == ""
    assert keys.read_key(office.ctx, "https://example.com/api/v1") == KEY


def test_replacing_and_deleting(office, clean_keys):
    url = "http://10.0.0.5:8000/v1"
    clean_keys.append(url)
    keys.store_key(office.ctx, url, "first")
    keys.store_key(office.ctx, url, "second")
    assert keys.read_key(office.ctx, url) == "second"
    keys.store_key(office.ctx, url, "")
    assert keys.read_key(office.ctx, url) == ""
    keys.delete_key(office.ctx, url)  # deleting what is not there is fine
    assert keys.protection(office.ctx) == "default"


def test_key_survives_a_restart_and_no_profile_file_holds_it(built_oxt, tmp_path):
    workdir = str(tmp_path)
    first = Office([built_oxt], workdir=workdir).start()
    try:
        assert keys.protection(first.ctx) == "off"
        keys.store_key(first.ctx, "https://openrouter.ai/api/v1", KEY)
        assert keys.protection(first.ctx) == "default"
    finally:
        first.stop()
    profile = os.path.join(workdir, "profile")
    with open(os.path.join(profile, "user", "registrymodifications.xcu"), encoding="utf-8") as handle:
        registry = handle.read()
    assert "https_3a_2f_2fopenrouter_2eai_2fapi_2fv1__marginalia" in registry  # stored, encrypted
    assert profile_files_containing(profile, KEY.encode()) == []
    assert profile_files_containing(profile, KEY.encode("utf-16-le")) == []
    second = Office([built_oxt], workdir=workdir).start()
    try:
        assert keys.read_key(second.ctx, "openrouter.ai/api/v1/chat/completions") == KEY
    finally:
        second.stop()


def test_a_locked_store_never_loses_a_key(built_oxt, tmp_path):
    """Issue 30: with the master password not entered, storing a key fails and keeps the old one."""
    from support.master_password import enter_master_password, set_master_password
    url = "https://api.example.com/v1"
    workdir = str(tmp_path)
    first = Office([built_oxt], workdir=workdir).start()
    try:
        set_master_password(first.ctx)
        keys.store_key(first.ctx, url, KEY)
        assert keys.protection(first.ctx) == "master"
    finally:
        first.stop()
    second = Office([built_oxt], workdir=workdir).start()  # headless: the master-password dialog is cancelled
    try:
        assert keys.read_key(second.ctx, url) == ""  # could not be read: no key to send
        with pytest.raises(Exception) as refused:
            keys.store_key(second.ctx, url, "a-new-key")
        enter_master_password(second.ctx)
        assert keys.read_key(second.ctx, url) == KEY  # the old key is still there
        assert refused.type is keys.StoreLocked
        keys.store_key(second.ctx, url, "a-new-key")
        assert keys.read_key(second.ctx, url) == "a-new-key"
    finally:
        second.stop()
