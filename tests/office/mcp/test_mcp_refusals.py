"""What Marginalia's MCP server refuses in a real soffice, seen by the official SDK and by plain HTTP."""
import http.client
import json
import os
import time

import pytest

from support.mcp_kit import http_session, mcp_server, run, text_of

pytest.importorskip("mcp")


@pytest.fixture
def server(office):
    with mcp_server(office) as running:
        yield running


def raw_post(url, message, headers):
    port = int(url.split(":")[2].split("/")[0])
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    sent = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    sent.update(headers)
    connection.request("POST", "/mcp", json.dumps(message), sent)
    response = connection.getresponse()
    return response.status, response.read()


PING = {"jsonrpc": "2.0", "id": 1, "method": "ping"}


@pytest.mark.parametrize("authorization", [None, "Bearer wrong-token", "Basic abc"])
def test_a_missing_or_wrong_token_gets_401(server, authorization):
    url, token = server
    headers = {"Authorization": authorization} if authorization else {}
    assert raw_post(url, PING, headers)[0] == 401
    assert raw_post(url, PING, {"Authorization": "Bearer " + token})[0] == 200


def test_the_sdk_with_a_wrong_token_cannot_connect(server):
    url, _ = server
    statuses = []

    async def scenario():
        async with http_session(url, "wrong", statuses=statuses) as session:
            await session.list_tools()

    with pytest.raises(BaseException) as failure:
        run(scenario, timeout=30)
    assert "MCPError" in repr(failure.value)
    assert statuses and set(statuses) == {401}


def test_a_foreign_origin_gets_403(server):
    url, token = server
    status, _ = raw_post(url, PING, {"Authorization": "Bearer " + token, "Origin": "https://evil.example"})
    assert status == 403
    status, _ = raw_post(url, PING, {"Authorization": "Bearer " + token, "Origin": "http://localhost:5173"})
    assert status == 200


def test_the_server_listens_on_loopback_only(server):
    import socket
    url, _ = server
    port = int(url.split(":")[2].split("/")[0])
    addresses = {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    addresses.discard("127.0.0.1")
    addresses = {a for a in addresses if not a.startswith("127.")}
    for address in addresses:
        with pytest.raises(OSError):
            socket.create_connection((address, port), timeout=1).close()


def test_a_call_to_a_closed_document_is_an_error_result(office, server):
    url, token = server
    doc = office.new_document("swriter")
    title = doc.getTitle()
    office.close_document(doc)

    async def scenario():
        async with http_session(url, token) as session:
            return await session.call_tool("get_document", {"document": title})

    result = run(scenario)
    assert result.is_error
    assert "No open document is called '%s'" % title in text_of(result)


@pytest.mark.parametrize("arguments, reason", [
    ({"new_text": "x"}, "Invalid arguments for replace_text"),
    ({"old_text": 5, "new_text": "x"}, "Invalid arguments for replace_text"),
    ({"old_text": "not in the text", "new_text": "x"}, ""),
])
def test_invalid_arguments_are_error_results_and_change_nothing(office, writer, server, arguments, reason):
    url, token = server
    writer.getText().setString("Unchanged text.")

    async def scenario():
        async with http_session(url, token) as session:
            return await session.call_tool("replace_text", arguments)

    result = run(scenario)
    assert result.is_error, text_of(result)
    assert reason in text_of(result)
    assert writer.getText().getString() == "Unchanged text."


def test_a_writer_tool_on_a_calc_document_is_refused(office, calc, server):
    url, token = server
    title = calc.getTitle()

    async def scenario():
        async with http_session(url, token) as session:
            return await session.call_tool("get_document", {"document": title})

    result = run(scenario)
    assert result.is_error and "works in Writer documents" in text_of(result)


def test_an_unknown_tool_is_a_json_rpc_error(server):
    url, token = server
    status, body = raw_post(url, {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "format_c"}},
                            {"Authorization": "Bearer " + token})
    assert status == 200
    assert json.loads(body)["error"]["code"] == -32602


def test_read_only_mode_offers_only_reading_tools(office, writer):
    with mcp_server(office, ReadOnly=True) as (url, token):
        writer.getText().setString("Keep me.")

        async def scenario():
            async with http_session(url, token) as session:
                names = {tool.name for tool in (await session.list_tools()).tools}
                read = await session.call_tool("get_document", {})
                return names, read

        names, read = run(scenario)
        assert "get_document" in names and "replace_text" not in names and "write_range" not in names
        assert not read.is_error and "Keep me." in text_of(read)
        status, body = raw_post(url, {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                                      "params": {"name": "replace_text",
                                                 "arguments": {"old_text": "Keep", "new_text": "Lose"}}},
                                {"Authorization": "Bearer " + token})
        assert "error" in json.loads(body) or json.loads(body)["result"]["isError"]
        assert writer.getText().getString() == "Keep me."


def test_turning_the_server_off_closes_the_port(office):
    with mcp_server(office) as (url, token):
        assert raw_post(url, PING, {"Authorization": "Bearer " + token})[0] == 200
    time.sleep(0.1)
    with pytest.raises(OSError):
        raw_post(url, PING, {"Authorization": "Bearer " + token})


def test_the_token_never_reaches_the_office_log(office, writer, server):
    from support.office_fixtures import marginalia_log
    url, token = server

    async def scenario():
        async with http_session(url, token, name="log-check") as session:
            await session.call_tool("get_document", {})

    run(scenario)
    raw_post(url, PING, {"Authorization": "Bearer " + token + "x"})
    log = marginalia_log(office)
    assert "log-check" in log  # the calls were logged...
    assert token not in log  # ...never the token


def test_a_document_argument_that_is_not_a_string_is_an_error_result(office, writer, server):
    url, token = server

    async def scenario():
        async with http_session(url, token) as session:
            return await session.call_tool("get_document", {"document": 3})

    result = run(scenario)
    assert result.is_error and "'document' must be a title or URL" in text_of(result)


def test_two_documents_with_the_same_title_are_refused_with_their_paths(office, server, tmp_path):
    """Issue 30: ``document: "report.odt"`` must not pick one of two silently."""
    import uno
    url, token = server
    documents = []
    for folder, text in (("a", "First report."), ("b", "Second report.")):
        os.makedirs(str(tmp_path / folder))
        doc = office.new_document("swriter")
        doc.getText().setString(text)
        doc.storeAsURL(uno.systemPathToFileUrl(str(tmp_path / folder / "report.odt")), ())
        documents.append(doc)
    try:
        async def scenario():
            async with http_session(url, token) as session:
                by_title = await session.call_tool("get_document", {"document": "report.odt"})
                by_url = await session.call_tool("get_document", {"document": documents[1].getURL()})
                return by_title, by_url

        by_title, by_url = run(scenario)
        assert by_title.is_error, text_of(by_title)
        assert "First report." not in text_of(by_title) and "Second report." not in text_of(by_title)
        for folder in ("a", "b"):
            assert str(tmp_path / folder / "report.odt") in text_of(by_title)
        assert not by_url.is_error and "Second report." in text_of(by_url)
    finally:
        for doc in documents:
            office.close_document(doc)


def test_a_changing_call_in_read_only_mode_gets_the_read_only_reason(office, writer):
    """Issue 30: not "Unknown tool", but why the tool is not offered."""
    with mcp_server(office, ReadOnly=True) as (url, token):
        writer.getText().setString("Keep me.")

        async def scenario():
            async with http_session(url, token) as session:
                return await session.call_tool("replace_text", {"old_text": "Keep", "new_text": "Lose"})

        result = run(scenario)
    assert result.is_error and "read-only" in text_of(result), text_of(result)
    assert "Unknown tool" not in text_of(result)
    assert writer.getText().getString() == "Keep me."


def raw_exchange(url, request: bytes, wait: float = 15.0):
    """Send raw bytes to the server; return (the status line's code or None, seconds until the answer)."""
    import socket
    port = int(url.split(":")[2].split("/")[0])
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as connection:
        connection.sendall(request)
        try:
            head = connection.recv(4096)
        except socket.timeout:
            return None, time.monotonic() - started
    return int(head.split(b" ")[1]) if head.startswith(b"HTTP/") else None, time.monotonic() - started


def test_an_http_1_1_request_without_host_gets_400(server):
    url, token = server
    body = json.dumps(PING).encode()
    head = ("POST /mcp HTTP/1.1\r\nContent-Type: application/json\r\nAuthorization: Bearer %s\r\n"
            "Content-Length: %d\r\n\r\n" % (token, len(body))).encode()
    assert raw_exchange(url, head + body)[0] == 400
    with_host = head.replace(b"HTTP/1.1\r\n", b"HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    assert raw_exchange(url, with_host + body)[0] == 200
    two_hosts = head.replace(b"HTTP/1.1\r\n", b"HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: localhost\r\n")
    assert raw_exchange(url, two_hosts + body)[0] == 400


def test_a_body_shorter_than_its_length_is_answered_soon(server):
    """Issue 30: a short body held a server thread for 60 s."""
    url, token = server
    head = ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Authorization: Bearer %s\r\nContent-Length: 100\r\n\r\n" % token).encode()
    status, seconds = raw_exchange(url, head + b'{"jsonrpc"')
    assert status == 408 and seconds < 10


def test_the_endpoint_answers_at_the_root_too(server):
    """Issue 30: LM Studio's MCP client posts to "/" rather than "/mcp"."""
    url, token = server
    root = url[:-len("mcp")]

    async def scenario():
        async with http_session(root, token) as session:
            return {tool.name for tool in (await session.list_tools()).tools}

    assert "list_documents" in run(scenario)
