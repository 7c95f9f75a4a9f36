//! Dropping a call cancels the HTTP exchange: the provider sees its request abandoned.

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
