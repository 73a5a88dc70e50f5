"""Open one streamed round on the Responses API (``POST /v1/responses``).

The round's Chat Completions body is converted (:func:`.responses_request.responses_body`).
A model that refuses the reasoning summary parameter (OpenAI answers 400 "Unsupported
parameter: 'reasoning.summary'" for models that do not reason, or for organisations not
allowed summaries) is asked again without it, and not asked for summaries again.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Dict, Optional, Tuple

from ..errors import BadRequestError
from ..net.cancel import CancelToken
from ..net.event_stream import open_event_stream
from ..stream.assembler import StreamAssembler
from .endpoint_facts import EndpointFacts
from .responses_request import responses_body

if TYPE_CHECKING:  # pragma: no cover
    from .request import ChatRequest
    from ..net.response import HttpResponse
    from ..net.transport import HttpClient

log = logging.getLogger("marginalia.stream")


def open_responses_stream(client: "HttpClient", request: "ChatRequest", headers: Dict[str, str],
                          cancel: Optional[CancelToken], facts: EndpointFacts
                          ) -> Tuple["HttpResponse", StreamAssembler]:
    """POST the round to ``…/responses``; return ``(response, assembler)``.

    Raises:
        MarginaliaError: Network, HTTP and protocol failures.
    """
    endpoint = request.endpoint
    summaries = not facts.summaries_refused(endpoint)
    body = responses_body(request.body, reasoning_summary=summaries)
    try:
        response = open_event_stream(client, endpoint.responses_url, body, headers, cancel, tls=endpoint.tls)
    except BadRequestError as error:
        if not summaries or "reasoning" not in error.body_excerpt.lower():
            raise
        log.info("the model refused reasoning summaries (%s); asking without", error.body_excerpt)
        facts.refuse_summaries(endpoint)
        body.pop("reasoning", None)
        response = open_event_stream(client, endpoint.responses_url, body, headers, cancel, tls=endpoint.tls)
    return response, StreamAssembler(api="responses")
