//! OpenTelemetry export: stage spans arrive at an OTLP/HTTP receiver on loopback.

use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use contract::QueryRequest;
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
    tracing::subscriber::with_default(subscriber, || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let mut request = QueryRequest::new("Who will win the World Cup?");
        request.tools = Some(vec!["markets".into()]);
        let r = rt.block_on(pipeline.run(request, None)).unwrap();
        assert_eq!(r.outcome, contract::Outcome::ClarificationRequired);
    });
    provider.force_flush().unwrap();

    let bodies = received.lock().unwrap();
    let all: Vec<u8> = bodies.iter().flat_map(|b| b.to_vec()).collect();
    let contains = |needle: &str| all.windows(needle.len()).any(|w| w == needle.as_bytes());
    assert!(!bodies.is_empty(), "the receiver got an export");
    for span in [
        "sluice.query",
        "query-normalized",
        "tool-selection",
        "scout-pre-plan-probe",
    ] {
        assert!(contains(span), "span {span} was exported");
    }
    // The resource's `service.name` attribute, as OTLP's protobuf encodes it: a KeyValue whose
    // key (field 1, 12 bytes) is "service.name" and whose value (field 2, an AnyValue of 8
    // bytes) holds the string (field 1, 6 bytes) "sluice". The span names above cannot satisfy
    // this by accident.
    assert!(
        contains("\x0a\x0cservice.name\x12\x08\x0a\x06sluice"),
        "the service is named sluice"
    );
}
