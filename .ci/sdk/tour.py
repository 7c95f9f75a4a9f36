"""Send the README tour's requests through the Python client generated from /openapi.json.

Usage: python tour.py README.md http://127.0.0.1:PORT

The requests are read from the README itself (every `-d '{...}'` body and every GET in the
"Five-minute tour" section), so the tour and this check cannot drift apart. Every response is
parsed with the generated models and must survive a round trip (`from_dict(j).to_dict() == j`),
which fails when the document leaves out a field, an enum value or an event type the server sends.
"""

import json
import re
import sys

from sluice_client import Client
from sluice_client.api.default import health, metrics, openapi, query, tools
from sluice_client.models import (
    AnswerDelta,
    ApiError,
    ErrorBody,
    Outcome,
    QueryRequest,
    QueryResponse,
    ToolListing,
    TraceEvent,
)

# The SSE `event:` names and the schema each one's data follows (the document's x-sse-events).
EVENTS = {
    "stage": TraceEvent,
    "answer_delta": AnswerDelta,
    "final": QueryResponse,
    "error": ApiError,
}


def tour_section(readme: str) -> str:
    start = readme.index("## Five-minute tour")
    end = readme.find("\n## ", start + 1)
    return readme[start : end if end >= 0 else len(readme)]


def round_trip(model, data, what):
    parsed = model.from_dict(data)
    again = parsed.to_dict()
    if again != data:
        raise SystemExit(
            f"{what}: the generated {model.__name__} does not carry the whole reply\n"
            f"  sent:   {json.dumps(data, sort_keys=True)[:600]}\n"
            f"  parsed: {json.dumps(again, sort_keys=True)[:600]}"
        )
    return parsed


def sse_events(lines):
    """Yield (event, data) pairs from Server-Sent Event lines."""
    event, data = None, []
    for line in lines:
        if line == "":
            if event is not None or data:
                yield event or "message", "\n".join(data)
            event, data = None, []
        elif line.startswith(":"):
            continue
        elif line.startswith("event:"):
            event = line[len("event:") :].strip()
        elif line.startswith("data:"):
            data.append(line[len("data:") :].lstrip())
    if event is not None or data:
        yield event or "message", "\n".join(data)


def streamed(client, body, what):
    names = []
    final = None
    with client.get_httpx_client().stream("POST", "/api/v1/query", json=body) as reply:
        if reply.status_code != 200:
            raise SystemExit(f"{what}: HTTP {reply.status_code}")
        for name, data in sse_events(reply.iter_lines()):
            model = EVENTS.get(name)
            if model is None:
                raise SystemExit(f"{what}: event {name!r} is not in the document's x-sse-events")
            parsed = round_trip(model, json.loads(data), f"{what} ({name})")
            names.append(name)
            if name == "final":
                final = parsed
    if final is None or names[-1] != "final" or "stage" not in names:
        raise SystemExit(f"{what}: expected stage events then a final one, got {names}")
    print(f"  streamed: {len(names)} events ({', '.join(sorted(set(names)))}), outcome {final.outcome}")
    return final


def main():
    readme_path, base = sys.argv[1], sys.argv[2]
    section = tour_section(open(readme_path, encoding="utf-8").read())
    bodies = [json.loads(b) for b in re.findall(r"-d '(\{.*?\})'", section)]
    gets = re.findall(r"^curl -s localhost:\d+(/\S+)[ \t]*(?:#.*)?$", section, re.MULTILINE)
    if len(bodies) < 5 or len(gets) < 3:
        raise SystemExit(f"the README tour has {len(bodies)} bodies and {len(gets)} GETs: was it rewritten?")

    client = Client(base_url=base, raise_on_unexpected_status=True, timeout=60.0)
    outcomes = set()
    for body in bodies:
        what = json.dumps(body)
        request = QueryRequest.from_dict(body)
        if request.to_dict() != body:
            raise SystemExit(f"{what}: the generated QueryRequest drops part of the request")
        print(what)
        if body.get("stream"):
            outcomes.add(streamed(client, request.to_dict(), what).outcome)
            continue
        reply = query.sync_detailed(client=client, body=request)
        if reply.status_code != 200 or not isinstance(reply.parsed, QueryResponse):
            raise SystemExit(f"{what}: HTTP {reply.status_code}: {reply.content[:300]!r}")
        parsed = round_trip(QueryResponse, json.loads(reply.content), what)
        outcomes.add(parsed.outcome)
        print(f"  outcome {parsed.outcome}")

    # A request error is parsed as the document's error body.
    bad = query.sync_detailed(client=client, body=QueryRequest.from_dict({"query": "x", "tools": ["no-such-tool"]}))
    if not isinstance(bad.parsed, ErrorBody) or bad.status_code != 400:
        raise SystemExit(f"an unknown tool: expected a 400 with the error body, got {bad.status_code}")
    round_trip(ErrorBody, json.loads(bad.content), "unknown tool")
    print(f"unknown tool: 400 {bad.parsed.error.code}")

    for path in gets:
        if path == "/api/v1/tools":
            listing = tools.sync(client=client)
            round_trip(ToolListing, json.loads(tools.sync_detailed(client=client).content), path)
            print(f"{path}: {len(listing.tools)} tools, complete {listing.complete}")
        elif path == "/openapi.json":
            document = json.loads(openapi.sync_detailed(client=client).content)
            print(f"{path}: OpenAPI {document['openapi']}")
        elif path == "/metrics":
            text = metrics.sync_detailed(client=client).content.decode()
            if "sluice_" not in text:
                raise SystemExit(f"{path}: no sluice_ counters in {text[:200]!r}")
            print(f"{path}: {len(text.splitlines())} lines")
        else:
            raise SystemExit(f"{path}: a GET in the tour that this check does not know")
    if health.sync_detailed(client=client).status_code != 200:
        raise SystemExit("/healthz did not answer 200")

    expected = {Outcome.ANSWER, Outcome.CLARIFICATION_REQUIRED, Outcome.CAPABILITY_MISS}
    if outcomes != expected:
        raise SystemExit(f"the tour should show every outcome; it showed {sorted(outcomes)}")
    print(f"python client: {len(bodies)} tour requests, every outcome parsed")


if __name__ == "__main__":
    main()
