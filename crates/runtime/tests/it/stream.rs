//! `stream: true`: Server-Sent Events.

use serde_json::{Value, json};

use crate::support::{client, server};

/// POSTs a streaming query to the shared server.
async fn post(body: &Value) -> reqwest::Response {
    client()
        .post(format!("{}/api/v1/query", server().url))
        .json(body)
        .send()
        .await
        .unwrap()
}

/// Parses an SSE body into (event, data) pairs.
pub(crate) fn parse(body: &str) -> Vec<(String, Value)> {
    body.split("\n\n")
        .filter_map(|block| {
            let event = block
                .lines()
                .find_map(|l| l.strip_prefix("event:"))?
                .trim()
                .to_owned();
            let data: String = block
                .lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .map(str::trim)
                .collect();
            Some((event, serde_json::from_str(&data).unwrap()))
        })
        .collect()
}

#[tokio::test]
async fn stage_events_then_answer_deltas_then_the_final_envelope() {
    let body = json!({"query": "Who will win the World Cup?", "tools": ["markets"], "clarificationPolicy": "auto", "stream": true});
    let r = post(&body).await;
    assert_eq!(r.status(), 200);
    assert!(
        r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let events = parse(&r.text().await.unwrap());
    let kinds: Vec<&str> = events.iter().map(|(e, _)| e.as_str()).collect();
    let first_delta = kinds
        .iter()
        .position(|k| *k == "answer_delta")
        .expect("answer deltas");
    assert!(
        kinds[..first_delta].iter().all(|k| *k == "stage"),
        "{kinds:?}"
    );
    assert_eq!(kinds.last(), Some(&"final"));
    assert_eq!(events[0].1["name"], "query-normalized");
    let stages: Vec<&str> = events
        .iter()
        .filter(|(e, _)| e == "stage")
        .map(|(_, d)| d["name"].as_str().unwrap())
        .collect();
    assert!(stages.ends_with(&["query-settled"]));
    let text: String = events
        .iter()
        .filter(|(e, _)| e == "answer_delta")
        .map(|(_, d)| d["text"].as_str().unwrap())
        .collect();
    let last = &events.last().unwrap().1;
    assert_eq!(last["outcome"], "answer");
    assert_eq!(
        last["answer"].as_str().unwrap(),
        text,
        "the deltas add up to the answer"
    );
}

#[tokio::test]
async fn a_bad_streamed_request_is_refused_before_the_stream_starts() {
    for (body, field) in [
        (
            json!({"query": "x", "tools": ["markets"], "answerModelId": "nope", "stream": true}),
            "answerModelId",
        ),
        (
            json!({"query": "x", "tools": ["no-such-tool"], "stream": true}),
            "tools[0]",
        ),
        (
            json!({"query": "Who will win the World Cup?", "tools": ["markets"], "selectedOptionId": "opt-bogus", "stream": true}),
            "selectedOptionId",
        ),
    ] {
        let r = post(&body).await;
        assert_eq!(r.status(), 400, "{body}");
        assert!(
            r.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("application/json")
        );
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["error"]["field"], field, "{v}");
    }
}
