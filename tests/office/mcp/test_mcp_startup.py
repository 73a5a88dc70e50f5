"""The MCP server starts with LibreOffice when it is turned on (the startup job), with the same token as before."""
import http.client
import json

from officectl import read_settings, write_settings
from support.mcp_kit import read_token, wait_for_port
from support.office import Office, free_port
from support.office_fixtures import _require_office


def status(port, token):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", "/mcp", json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
                       {"Content-Type": "application/json", "Authorization": "Bearer " + token})
    return connection.getresponse().status


def test_the_server_starts_at_office_start_when_turned_on(built_oxt, tmp_path):
    _require_office()
    office = Office([built_oxt], workdir=str(tmp_path))
    port = free_port()
    office.start()
    try:
        assert read_settings(office.ctx, "Agents")["ServerEnabled"] is False  # off by default
        write_settings(office.ctx, "Agents", ServerEnabled=True, Port=port, AskApproval=False)
        wait_for_port(port)
        token = read_token(office.ctx)
        assert status(port, token) == 200
    finally:
        office.stop()
    wait_for_port(port, listening=False)
    office.port = free_port()
    office._launch()  # the same profile: the settings and the password store were kept
    office._connect(90)
    try:
        wait_for_port(port)  # nobody touched anything: the startup job started it
        assert read_token(office.ctx) == token
        assert status(port, token) == 200
    finally:
        office.stop()
