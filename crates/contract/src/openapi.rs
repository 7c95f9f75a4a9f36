//! The OpenAPI 3.1 document, generated from the wire types so that it cannot drift from them.

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::{Value, json};

use crate::{
    AnswerDelta, ApiError, ChatModels, ChatRequest, ChatThread, ChatTurn, CitationList, ErrorBody,
    QueryRequest, QueryResponse, ThreadList, ThreadOpened, ToolListing, TraceEvent,
};

/// The document, with `answerModelId` listing no particular models.
pub fn document() -> Value {
    document_for(&[])
}

/// The document served at `GET /openapi.json`: `answer_models` are the values this server
/// accepts for `answerModelId` (empty: any string).
pub fn document_for(answer_models: &[String]) -> Value {
    let mut settings = SchemaSettings::draft2020_12();
    settings.definitions_path = "#/components/schemas/".into();
    let mut generator = settings.into_generator();
    let mut schema =
        |f: fn(&mut schemars::SchemaGenerator) -> schemars::Schema| f(&mut generator).to_value();
    let request = schema(QueryRequest::json_schema_ref);
    let response = schema(QueryResponse::json_schema_ref);
    let error = schema(ErrorBody::json_schema_ref);
    let tools = schema(ToolListing::json_schema_ref);
    let stage = schema(TraceEvent::json_schema_ref);
    let delta = schema(AnswerDelta::json_schema_ref);
    let failed = schema(ApiError::json_schema_ref);
    let chat_request = schema(ChatRequest::json_schema_ref);
    let chat_turn = schema(ChatTurn::json_schema_ref);
    let chat_thread = schema(ChatThread::json_schema_ref);
    let thread_list = schema(ThreadList::json_schema_ref);
    let chat_models = schema(ChatModels::json_schema_ref);
    let opened = schema(ThreadOpened::json_schema_ref);
    let citations = schema(CitationList::json_schema_ref);
    let mut schemas = Value::Object(generator.take_definitions(true));
    enums_as_enum(&mut schemas);
    any_value_as_empty_schema(&mut schemas);
    let model_fields: &[(&str, &str)] = if answer_models.is_empty() {
        &[]
    } else {
        &[
            ("QueryRequest", "answerModelId"),
            ("ChatRequest", "selectedChatModel"),
        ]
    };
    for (object, field) in model_fields {
        let field = &mut schemas[object]["properties"][field];
        let mut allowed: Vec<Value> = answer_models.iter().map(|m| json!(m)).collect();
        if field["type"]
            .as_array()
            .is_some_and(|t| t.contains(&json!("null")))
        {
            allowed.push(Value::Null);
        }
        field["enum"] = Value::Array(allowed);
    }
    let err = |what: &str| json!({"description": what, "content": {"application/json": {"schema": error}}});
    // Each SSE event: `event:` names its kind, `data:` is one JSON payload of that kind's schema.
    let events = json!({"stage": stage, "answer_delta": delta, "final": response, "error": failed});
    let stream = json!({
        "description": "One Server-Sent Event's `data`; the SSE `event:` field names which schema it follows (see x-sse-events)",
        "oneOf": [stage, delta, response, failed],
    });
    let chat_events = json!({"thread": opened, "stage": stage, "delta": delta, "citations": citations,
        "answer": chat_turn, "clarification": chat_turn, "capability_miss": chat_turn, "error": failed});
    let chat_stream = json!({
        "description": "One Server-Sent Event's `data`; the SSE `event:` field names which schema it follows (see x-sse-events)",
        "oneOf": [opened, stage, delta, citations, chat_turn, failed],
    });
    let thread_id =
        json!([{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}]);

    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Sluice",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Query orchestration: one natural-language query settles as an answer with citations, a clarification, or a capability miss."
        },
        "paths": {
            "/api/v1/query": {"post": {
                "operationId": "query",
                "summary": "Answer, clarify, or refuse one query",
                "security": [{"apiKey": []}, {}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": request}}},
                "responses": {
                    "200": {"description": "The settled query; with `stream: true`, Server-Sent Events: `stage` (one per stage, as it happens), `answer_delta` (pieces of the answer), then `final` (the whole response) or `error`. Request errors are answered before the stream starts, as JSON with their status.",
                            "content": {"application/json": {"schema": response}, "text/event-stream": {"schema": stream, "x-sse-events": events}}},
                    "400": err("Invalid request: the body names the field"),
                    "405": err("Only POST is accepted"),
                    "408": err("The request body did not arrive in time"),
                    "413": err("Request body too large"),
                    "415": err("The body is not application/json"),
                    "401": err("An API key is needed (`[auth] mode = \"keys\"`) and none was sent, or it is unknown or revoked"),
                    "429": err("The caller's request limit or daily turn quota is spent; retry after the Retry-After header"),
                    "500": err("Internal error (details are logged, not sent)"),
                    "503": err("Too many connections or running queries; retry after the Retry-After header"),
                    "504": err("The query did not settle within the request deadline")
                }
            }},
            "/api/chat": {"post": {
                "operationId": "chat",
                "summary": "One chat message: a query through the same pipeline, in a thread that is stored",
                "requestBody": {"required": true, "content": {"application/json": {"schema": chat_request}}},
                "responses": {
                    "200": {"description": "The stored turn; with `stream: true`, Server-Sent Events: `thread` first, `stage` as each stage ends, `delta` pieces of the answer, `citations`, then `answer`, `clarification` or `capability_miss` (the stored turn) or `error`. Request errors are answered before the stream starts, as JSON with their status.",
                            "content": {"application/json": {"schema": chat_turn}, "text/event-stream": {"schema": chat_stream, "x-sse-events": chat_events}}},
                    "400": err("Invalid request: the body names the field (a message over the cap, a widened tool scope, an unknown thread or option, a thread at its turn limit)"),
                    "413": err("Request body too large"),
                    "415": err("The body is not application/json"),
                    "401": err("The API key sent is unknown or revoked (the chat needs none)"),
                    "429": err("The caller's request limit or daily turn quota is spent; retry after the Retry-After header"),
                    "503": err("Too many running queries; retry after the Retry-After header"),
                    "504": err("The turn did not settle within the request deadline")
                }
            }},
            "/api/chat/threads": {"get": {
                "operationId": "listThreads",
                "summary": "Chat threads, most recently updated first",
                "responses": {"200": {"description": "Threads", "content": {"application/json": {"schema": thread_list}}}}
            }},
            "/api/chat/threads/{id}": {
                "get": {
                    "operationId": "getThread",
                    "summary": "A thread and its messages with their stored envelopes",
                    "parameters": thread_id,
                    "responses": {"200": {"description": "The thread", "content": {"application/json": {"schema": chat_thread}}},
                                  "404": err("No such thread")}
                },
                "delete": {
                    "operationId": "deleteThread",
                    "summary": "Deletes a thread and its messages",
                    "parameters": thread_id,
                    "responses": {"204": {"description": "Deleted"}, "404": err("No such thread")}
                }
            },
            "/api/chat/models": {"get": {
                "operationId": "chatModels",
                "summary": "The answer models a chat message may choose",
                "responses": {"200": {"description": "Models", "content": {"application/json": {"schema": chat_models}}}}
            }},
            "/api/v1/tools": {"get": {
                "operationId": "tools",
                "security": [{"apiKey": []}, {}],
                "summary": "The marketplace: every tool and method with its query-safety classification; `complete` is false while listings are pending or failed",
                "responses": {"200": {"description": "Tools", "content": {"application/json": {"schema": tools}}},
                              "401": err("An API key is needed and none was sent, or it is unknown or revoked"),
                              "429": err("The caller's request limit is spent; retry after the Retry-After header")}
            }},
            "/healthz": {"get": {"operationId": "health", "summary": "Liveness", "responses": {"200": {"description": "ok"}}}},
            "/metrics": {"get": {"operationId": "metrics", "summary": "Prometheus metrics", "responses": {"200": {"description": "text exposition format"}}}},
            "/openapi.json": {"get": {"operationId": "openapi", "summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1"}}}}
        },
        "components": {
            "schemas": schemas,
            "securitySchemes": {"apiKey": {"type": "http", "scheme": "bearer",
                "description": "A key from `sluice keys create`, needed on /api/v1/* when the server runs with `[auth] mode = \"keys\"`"}}
        }
    })
}

/// Writes the schema of "any JSON value" as `{}` where schemars writes `true` for list items:
/// client generators read a schema object there, not a boolean.
fn any_value_as_empty_schema(node: &mut Value) {
    match node {
        Value::Object(map) => {
            if map.get("items") == Some(&Value::Bool(true)) {
                map.insert("items".into(), json!({}));
            }
            map.values_mut().for_each(any_value_as_empty_schema);
        }
        Value::Array(items) => items.iter_mut().for_each(any_value_as_empty_schema),
        _ => {}
    }
}

/// Rewrites every `oneOf` of single string constants as a plain `enum`, which client generators
/// read as an enumeration (a `oneOf` of `const`s reads to them as a union of one-value types).
/// The constants' descriptions are kept in the enum's description.
fn enums_as_enum(node: &mut Value) {
    match node {
        Value::Object(map) => {
            let constants: Option<Vec<(String, Option<String>)>> =
                map.get("oneOf")
                    .and_then(Value::as_array)
                    .and_then(|branches| {
                        branches
                            .iter()
                            .map(|b| {
                                let value = b.get("const")?.as_str()?.to_owned();
                                let extra = b.as_object()?.keys().any(|k| {
                                    !matches!(k.as_str(), "const" | "type" | "description")
                                });
                                (!extra).then(|| {
                                    (
                                        value,
                                        b.get("description")
                                            .and_then(Value::as_str)
                                            .map(str::to_owned),
                                    )
                                })
                            })
                            .collect()
                    });
            if let Some(constants) = constants.filter(|c| !c.is_empty()) {
                map.remove("oneOf");
                let lines: Vec<String> = constants
                    .iter()
                    .map(|(v, d)| match d {
                        Some(d) => format!("- `{v}`: {d}"),
                        None => format!("- `{v}`"),
                    })
                    .collect();
                let described = match map.get("description").and_then(Value::as_str) {
                    Some(head) => format!("{head}\n\n{}", lines.join("\n")),
                    None => lines.join("\n"),
                };
                map.insert("type".into(), json!("string"));
                map.insert(
                    "enum".into(),
                    Value::Array(
                        constants
                            .into_iter()
                            .map(|(v, _)| Value::String(v))
                            .collect(),
                    ),
                );
                map.insert("description".into(), Value::String(described));
            }
            for child in map.values_mut() {
                enums_as_enum(child);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(enums_as_enum),
        _ => {}
    }
}

trait RefSchema {
    fn json_schema_ref(generator: &mut schemars::SchemaGenerator) -> schemars::Schema;
}

impl<T: JsonSchema> RefSchema for T {
    fn json_schema_ref(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<T>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn document_is_stable() {
        insta::assert_json_snapshot!(document());
    }

    #[test]
    fn every_reference_resolves() {
        let doc = document();
        let text = doc.to_string();
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        for part in text.split("\"#/components/schemas/").skip(1) {
            let name = part.split('"').next().unwrap();
            assert!(schemas.contains_key(name), "dangling $ref to {name}");
        }
        assert!(schemas.contains_key("QueryRequest") && schemas.contains_key("QueryResponse"));
    }

    #[test]
    fn enums_are_plain_enums_with_their_descriptions() {
        let doc = document();
        let text = doc.to_string();
        assert!(!text.contains("\"const\""), "no oneOf of constants is left");
        let outcome = &doc["components"]["schemas"]["Outcome"];
        assert_eq!(
            outcome["enum"],
            json!(["answer", "clarification_required", "capability_miss"])
        );
        assert!(
            outcome["description"]
                .as_str()
                .unwrap()
                .contains("`capability_miss`")
        );
        let with_models = document_for(&["embedded".into(), "local".into()]);
        assert_eq!(
            with_models["components"]["schemas"]["QueryRequest"]["properties"]["answerModelId"]["enum"],
            json!(["embedded", "local", null])
        );
        let query = &doc["components"]["schemas"]["QueryRequest"]["properties"]["query"];
        assert_eq!(
            (query["minLength"].clone(), query["maxLength"].clone()),
            (json!(1), json!(4000))
        );
    }
}
