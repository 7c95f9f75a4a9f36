//! The OpenAPI 3.1 document, generated from the wire types so that it cannot drift from them.

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::{Value, json};

use crate::{ErrorBody, QueryRequest, QueryResponse, StreamEvent, ToolDescriptor};

/// The document served at `GET /openapi.json`.
pub fn document() -> Value {
    let mut settings = SchemaSettings::draft2020_12();
    settings.definitions_path = "#/components/schemas/".into();
    let mut generator = settings.into_generator();
    let mut schema =
        |f: fn(&mut schemars::SchemaGenerator) -> schemars::Schema| f(&mut generator).to_value();
    let request = schema(QueryRequest::json_schema_ref);
    let response = schema(QueryResponse::json_schema_ref);
    let error = schema(ErrorBody::json_schema_ref);
    let tools = schema(Vec::<ToolDescriptor>::json_schema_ref);
    let stream = schema(StreamEvent::json_schema_ref);
    let schemas = generator.take_definitions(true);
    let err = |what: &str| json!({"description": what, "content": {"application/json": {"schema": error}}});

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
                "requestBody": {"required": true, "content": {"application/json": {"schema": request}}},
                "responses": {
                    "200": {"description": "The settled query; with `stream: true`, Server-Sent Events whose data are StreamEvent payloads",
                            "content": {"application/json": {"schema": response}, "text/event-stream": {"schema": stream}}},
                    "400": err("Invalid request: the body names the field"),
                    "413": err("Request body too large"),
                    "429": err("Rate limited"),
                    "500": err("Internal error (details are logged, not sent)")
                }
            }},
            "/api/v1/tools": {"get": {
                "operationId": "tools",
                "summary": "The marketplace: every tool and method with its query-safety classification",
                "responses": {"200": {"description": "Tools", "content": {"application/json": {"schema": tools}}}}
            }},
            "/healthz": {"get": {"operationId": "health", "summary": "Liveness", "responses": {"200": {"description": "ok"}}}},
            "/metrics": {"get": {"operationId": "metrics", "summary": "Prometheus metrics", "responses": {"200": {"description": "text exposition format"}}}},
            "/openapi.json": {"get": {"operationId": "openapi", "summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1"}}}}
        },
        "components": {"schemas": schemas}
    })
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
}
