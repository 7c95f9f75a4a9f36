//! OpenTelemetry export: the request span and one span per stage arrive at an OTLP/HTTP receiver
//! on loopback, decoded with the official OTLP protobuf definitions (`opentelemetry-proto`).
//!
//! This is the only test of its binary: tracing caches each callsite's interest process-wide, and
//! a pipeline running on another test's thread could register a stage's callsite as unwanted
//! while this test's subscriber is being installed.

use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use contract::QueryRequest;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::any_value;
use prost::Message;
use runtime::config::Config;
use tracing_subscriber::layer::SubscriberExt;

#[test]
fn stage_spans_are_exported_over_otlp_http() {
    let received: Arc<Mutex<Vec<Bytes>>> = Arc::default();
    let sink = Arc::clone(&received);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let app = axum::Router::new().route(
                "/v1/traces",
                axum::routing::post(move |body: Bytes| {
                    let sink = Arc::clone(&sink);
                    async move {
                        sink.lock().unwrap().push(body);
                        ""
                    }
                }),
            );
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            axum::serve(listener, app).await.unwrap();
        });
    });
    let addr = rx.recv().unwrap();

    let (layer, provider) = runtime::telemetry::otlp_layer(&format!("http://{addr}")).unwrap();
    let subscriber = tracing_subscriber::Registry::default().with(layer);
    let pipeline = runtime::build_pipeline(&Config::default(), false).unwrap();
    let settled = tracing::subscriber::with_default(subscriber, || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let mut request = QueryRequest::new("Who will win the World Cup?");
        request.tools = Some(vec!["markets".into()]);
        request.include_developer_trace = Some(true);
        let r = rt.block_on(pipeline.run(request, None)).unwrap();
        assert_eq!(r.outcome, contract::Outcome::ClarificationRequired);
        r
    });
    provider.force_flush().unwrap();

    // One span per stage the request passed, each a child of the request span in its trace.
    let stages = [
        "query-normalized",
        "tool-selection",
        "query-depth-decision",
        "scout-pre-plan-probe",
        "query-clarification-decision",
        "query-settled",
    ];
    // A loaded machine may export the spans in several batches, a scheduled one still on the
    // wire when the flush returns: read what arrived until every stage is there, for at most
    // half a minute.
    let mut spans = Vec::new();
    for _ in 0..300 {
        spans = exported_spans(&received.lock().unwrap());
        let every = ["sluice.query"]
            .iter()
            .chain(&stages)
            .all(|name| spans.iter().any(|s| s.name == *name));
        if every {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(
        !received.lock().unwrap().is_empty(),
        "the receiver got an export"
    );
    let request = spans
        .iter()
        .find(|s| s.name == "sluice.query")
        .expect("the request span");
    let request_id = request
        .attributes
        .iter()
        .find(|a| a.key == "request_id")
        .and_then(|a| a.value.as_ref())
        .and_then(|v| v.value.clone());
    assert_eq!(
        request_id,
        Some(any_value::Value::StringValue(settled.request_id.clone())),
        "the request span carries the response's request id"
    );
    for event in stages {
        let stage = spans
            .iter()
            .find(|s| s.name == event)
            .unwrap_or_else(|| panic!("no span for the stage {event}"));
        assert_eq!(stage.trace_id, request.trace_id, "{event}");
        assert_eq!(stage.parent_span_id, request.span_id, "{event}");
    }
}

/// Every span in the exports received so far, decoded with the official OTLP protobuf
/// definitions, as a collector would; each export names its service `sluice`.
fn exported_spans(bodies: &[Bytes]) -> Vec<opentelemetry_proto::tonic::trace::v1::Span> {
    let mut spans = Vec::new();
    for body in bodies {
        let export = ExportTraceServiceRequest::decode(body.as_ref()).expect("a valid OTLP export");
        for resource in export.resource_spans {
            let service = resource
                .resource
                .as_ref()
                .and_then(|r| r.attributes.iter().find(|a| a.key == "service.name"))
                .and_then(|a| a.value.as_ref())
                .and_then(|v| v.value.clone());
            assert_eq!(
                service,
                Some(any_value::Value::StringValue("sluice".into()))
            );
            for scope in resource.scope_spans {
                spans.extend(scope.spans);
            }
        }
    }
    spans
}
