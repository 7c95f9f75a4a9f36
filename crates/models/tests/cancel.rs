//! Provider exchanges a caller does not control: dropping a call cancels the HTTP exchange (the
//! provider sees its request abandoned), and a reply too large to hold is refused while it streams.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use models::openai::{OpenAiCompatible, Structured};
use models::{Model, ModelRequest};
use serde_json::json;

/// Sets its flag when dropped before it was defused: the handler's future was abandoned.
struct Abandoned(Arc<AtomicBool>, bool);

impl Abandoned {
    fn defuse(&mut self) {
        self.1 = true;
    }
}
impl Drop for Abandoned {
    fn drop(&mut self) {
        if !self.1 {
            self.0.store(true, Ordering::SeqCst);
        }
    }
}

/// An OpenAI-compatible model whose provider is `app` on a loopback port, and a small request.
async fn model_served_by(app: axum::Router) -> (OpenAiCompatible, ModelRequest) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let model = OpenAiCompatible::new(
        "m",
        &format!("http://{addr}/v1"),
        "m",
        None,
        Structured::JsonSchema,
        Default::default(),
    );
    let request = ModelRequest {
        stage: "judge",
        system: "s".into(),
        user: "u".into(),
        schema: json!({"type": "object"}),
        schema_name: "x",
        max_tokens: 10,
    };
    (model, request)
}

#[tokio::test]
async fn dropping_a_call_abandons_the_providers_request() {
    let abandoned = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&abandoned);
    let app = axum::Router::new().route(
        "/v1/chat/completions",
        axum::routing::post(move || {
            let mut guard = Abandoned(Arc::clone(&flag), false);
            async move {
                tokio::time::sleep(Duration::from_secs(30)).await;
                guard.defuse();
                axum::Json(json!({}))
            }
        }),
    );
    let (model, request) = model_served_by(app).await;
    // The caller gives up (a dropped HTTP request upstream does the same to this future).
    assert!(
        tokio::time::timeout(Duration::from_millis(200), model.generate(&request))
            .await
            .is_err()
    );
    for _ in 0..50 {
        if abandoned.load(Ordering::SeqCst) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the provider's request was not abandoned after the call was dropped");
}

#[tokio::test]
async fn an_oversized_reply_is_refused_not_buffered() {
    // A success whose body grows past the limit, with no content-length to refuse it early.
    let app = axum::Router::new().route(
        "/v1/chat/completions",
        axum::routing::post(|| async {
            let chunk = bytes_of(64 * 1024);
            let chunks = (0..(models::http::MAX_REPLY_BYTES / chunk.len() + 8))
                .map(move |_| Ok::<_, std::io::Error>(chunk.clone()));
            axum::body::Body::from_stream(futures::stream::iter(chunks))
        }),
    );
    let (model, request) = model_served_by(app).await;
    let error = model.generate(&request).await.unwrap_err();
    assert!(
        error.to_string().contains("larger than"),
        "expected a refusal naming the size, got {error}"
    );
}

fn bytes_of(n: usize) -> axum::body::Bytes {
    axum::body::Bytes::from(vec![b' '; n])
}
