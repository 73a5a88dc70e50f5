"""The scripted server itself behaves as the other tests assume."""
import http.client
import json

from support.scripted_server import text_stream_reply, json_reply


def test_streams_scripted_reply_and_records_request(scripted_server):
    scripted_server.enqueue(text_stream_reply(["Hel", "lo"]))
    conn = http.client.HTTPConnection("127.0.0.1", scripted_server.port, timeout=5)
    conn.request("POST", "/v1/chat/completions", body=json.dumps({"stream": True}),
                 headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    body = response.read().decode()
    assert response.status == 200
    assert '"content": "Hel"' in body and body.rstrip().endswith("data: [DONE]")
    assert scripted_server.chat_requests()[0].json() == {"stream": True}


def test_keep_alive_reuses_one_connection(scripted_server):
    scripted_server.enqueue(json_reply({"a": 1}), json_reply({"a": 2}))
    conn = http.client.HTTPConnection("127.0.0.1", scripted_server.port, timeout=5)
    for expected in (1, 2):
        conn.request("GET", "/v1/models")
        assert json.loads(conn.getresponse().read()) == {"a": expected}
    assert len(scripted_server.connections_seen) == 1
