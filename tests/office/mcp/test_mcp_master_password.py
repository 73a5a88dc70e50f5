"""A master password nobody enters: the MCP token is kept, and the server starts once the store opens.

The office is restarted headless with a real master password set (through the password
store's API): its master-password dialog is cancelled at once, as when nobody is there to
enter it. Issue 30, point 2: the startup used to take "could not read" for "no token",
make a new one and delete the old entry before storing failed.
"""
import http.client
import json
import socket

from officectl import write_settings
from support.master_password import enter_master_password, set_master_password
from support.mcp_kit import read_token, wait_for_port
from support.office import Office, free_port
from support.office_fixtures import _require_office, marginalia_log
from support.panel import wait_until


def ping(port, token):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", "/mcp", json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
                       {"Content-Type": "application/json", "Authorization": "Bearer " + token})
    return connection.getresponse().status


def listening(port) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
        return True
    except OSError:
        return False


def test_a_locked_store_keeps_the_token_and_the_server_starts_when_it_opens(built_oxt, tmp_path):
    _require_office()
    office = Office([built_oxt], workdir=str(tmp_path))
    port = free_port()
    office.start()
    try:
        set_master_password(office.ctx)
        write_settings(office.ctx, "Agents", ServerEnabled=True, Port=port, AskApproval=False)
        wait_for_port(port)
        token = read_token(office.ctx)
        assert token and ping(port, token) == 200
    finally:
        office.stop()
    wait_for_port(port, listening=False)
    earlier = len(marginalia_log(office))
    office.port = free_port()
    office._launch()  # the same profile; headless, so the master-password dialog is cancelled at once
    office._connect(90)
    try:
        def restart_log():
            return marginalia_log(office)[earlier:]

        wait_until(lambda: "master password" in restart_log() or "start_office" in restart_log(), 30,
                   message="the startup job to meet the locked password store")
        log = restart_log()
        assert "unhandled exception" not in log, log[-2000:]
        assert not listening(port)  # no server with a made-up token
        enter_master_password(office.ctx)  # the user enters it later (the chat or the settings asked)
        wait_for_port(port, timeout=15)
        assert read_token(office.ctx) == token  # the agents' token still works
        assert ping(port, token) == 200
    finally:
        office.stop()
