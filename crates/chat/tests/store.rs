//! The thread store against SQLite (always) and PostgreSQL (when `SLUICE_TEST_POSTGRES_URL`
//! names a server; `.ci/run` starts one and sets `SLUICE_REQUIRE_POSTGRES=1` so that its absence
//! fails there instead of skipping).

use std::time::Duration;

use chat::{NewTurn, Store, StoreError, ThreadKey, new_thread_id};
use contract::{Outcome, QueryResponse, Role};

fn envelope(answer: &str) -> QueryResponse {
    serde_json::from_value(serde_json::json!({
        "requestId": "req-1", "outcome": "answer", "answer": answer,
        "citations": [{"ordinal": 1, "evidenceId": "ev-1", "toolId": "markets", "method": "get_market",
            "title": "Rugby World Cup 2027", "score": 0.9, "excerpt": "New Zealand 0.31"}],
        "meta": {"lane": "deep", "latencyMs": 1, "modelCalls": 0, "toolCalls": 1,
            "evidenceGathered": 1, "citationsDropped": 0, "rediscoveryRounds": 0}
    }))
    .expect("a valid envelope")
}

fn turn(thread: ThreadKey, message: &str) -> NewTurn {
    NewTurn {
        thread,
        message: message.into(),
        selected_option_id: None,
        reply: format!("reply to {message}"),
        envelope: envelope(&format!("reply to {message}")),
    }
}

async fn sqlite() -> Store {
    let dir = std::env::temp_dir().join(format!("sluice-store-{}", new_thread_id()));
    Store::in_dir(&dir, Duration::from_secs(5))
        .await
        .expect("a SQLite store in a fresh directory")
}

async fn postgres() -> Option<Store> {
    match std::env::var("SLUICE_TEST_POSTGRES_URL") {
        Ok(url) => Some(
            Store::connect(&url, Duration::from_secs(5))
                .await
                .expect("the PostgreSQL named by SLUICE_TEST_POSTGRES_URL"),
        ),
        Err(_) if std::env::var_os("SLUICE_REQUIRE_POSTGRES").is_some() => {
            panic!("SLUICE_REQUIRE_POSTGRES is set but SLUICE_TEST_POSTGRES_URL is not")
        }
        Err(_) => {
            eprintln!(
                "SLUICE_TEST_POSTGRES_URL is not set: the PostgreSQL half of this test is skipped"
            );
            None
        }
    }
}

/// Runs `check` on SQLite, then on PostgreSQL when one is configured.
async fn on_both<F, Fut>(check: F)
where
    F: Fn(Store) -> Fut,
    Fut: Future<Output = ()>,
{
    check(sqlite().await).await;
    if let Some(store) = postgres().await {
        check(store).await;
    }
}

#[tokio::test]
async fn turns_round_trip_with_their_envelopes_and_a_thread_can_be_deleted() {
    on_both(|store| async move {
        let id = new_thread_id();
        let scope = contract::DocumentScope {
            collection_id: Some("handbook".into()),
            document_id: None,
        };
        let key = ThreadKey::New {
            id: id.clone(),
            tools: Some(vec!["markets".into()]),
            scope: Some(scope.clone()),
        };
        let first = store
            .append(turn(key, "Who will win the Rugby World Cup?"), 10)
            .await
            .unwrap();
        assert_eq!(first.thread_id, id);
        let mut second = turn(ThreadKey::Existing(id.clone()), "and the FIFA one?");
        second.selected_option_id = Some("opt-1".into());
        store.append(second, 10).await.unwrap();

        let thread = store.thread(&id).await.unwrap().expect("the thread");
        assert_eq!(thread.thread.turns, 2);
        assert_eq!(thread.thread.title, "Who will win the Rugby World Cup?");
        assert_eq!(thread.thread.tools, Some(vec!["markets".to_owned()]));
        assert_eq!(thread.thread.scope, Some(scope));
        let roles: Vec<Role> = thread.messages.iter().map(|m| m.role).collect();
        assert_eq!(
            roles,
            [Role::User, Role::Assistant, Role::User, Role::Assistant]
        );
        assert_eq!(
            thread.messages[2].selected_option_id.as_deref(),
            Some("opt-1")
        );
        let stored = thread.messages[1].envelope.as_ref().expect("the envelope");
        assert_eq!(stored.outcome, Outcome::Answer);
        assert_eq!(stored.citations[0].excerpt, "New Zealand 0.31");
        assert_eq!(thread.messages[0].envelope, None);

        let listed = store.threads(100).await.unwrap();
        assert!(listed.iter().any(|t| t.id == id && t.turns == 2));

        assert!(store.delete(&id).await.unwrap());
        assert!(store.thread(&id).await.unwrap().is_none());
        assert!(!store.delete(&id).await.unwrap());
        assert!(!store.threads(100).await.unwrap().iter().any(|t| t.id == id));
    })
    .await;
}

#[tokio::test]
async fn a_conversation_reads_what_was_said_chosen_and_asked_without_envelopes() {
    on_both(|store| async move {
        let id = new_thread_id();
        let mut asked = turn(
            ThreadKey::New {
                id: id.clone(),
                tools: None,
                scope: None,
            },
            "Who will win the World Cup?",
        );
        asked.envelope = serde_json::from_value(serde_json::json!({
            "requestId": "req-2", "outcome": "clarification_required",
            "clarification": {"kind": "ambiguous_interpretation", "question": "Which one?",
                "options": [{"id": "opt-r", "label": "Rugby World Cup 2027", "description": "",
                    "toolId": "markets", "method": "get_market", "arguments": {}}],
                "recommendedOptionId": "opt-r"},
            "meta": {"lane": "deep", "latencyMs": 1, "modelCalls": 0, "toolCalls": 0,
                "evidenceGathered": 0, "citationsDropped": 0, "rediscoveryRounds": 0}
        }))
        .unwrap();
        store.append(asked, 10).await.unwrap();
        let mut chose = turn(ThreadKey::Existing(id.clone()), "the rugby one");
        chose.selected_option_id = Some("opt-r".into());
        store.append(chose, 10).await.unwrap();

        let (thread, said) = store.conversation(&id, 10).await.unwrap().unwrap();
        assert_eq!(thread.turns, 2);
        let spoken: Vec<&str> = said.iter().map(|s| s.content.as_str()).collect();
        assert_eq!(
            spoken,
            [
                "Who will win the World Cup?",
                "reply to Who will win the World Cup?",
                "the rugby one",
                "reply to the rugby one"
            ]
        );
        let asked = said[1].clarification.as_ref().expect("the reply asked");
        assert_eq!(asked.options[0].id, "opt-r");
        assert_eq!(said[2].selected_option_id.as_deref(), Some("opt-r"));
        assert!(said[3].clarification.is_none(), "an answer asks nothing");
        // The most recent messages, still oldest first.
        let (_, last) = store.conversation(&id, 2).await.unwrap().unwrap();
        assert_eq!(last[0].content, "the rugby one");
        assert!(
            store
                .conversation(&new_thread_id(), 2)
                .await
                .unwrap()
                .is_none()
        );
    })
    .await;
}

#[tokio::test]
async fn a_refused_turn_writes_nothing() {
    on_both(|store| async move {
        let id = new_thread_id();
        let key = ThreadKey::New {
            id: id.clone(),
            tools: None,
            scope: None,
        };
        store.append(turn(key, "first"), 1).await.unwrap();
        let over = store
            .append(turn(ThreadKey::Existing(id.clone()), "second"), 1)
            .await;
        assert!(matches!(over, Err(StoreError::TurnLimit(1))), "{over:?}");
        let thread = store.thread(&id).await.unwrap().unwrap();
        assert_eq!(thread.messages.len(), 2, "no half turn was written");
        assert_eq!(thread.thread.turns, 1);

        let missing = store
            .append(turn(ThreadKey::Existing(new_thread_id()), "lost"), 5)
            .await;
        assert!(
            matches!(missing, Err(StoreError::NoThread(_))),
            "{missing:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn concurrent_turns_never_pass_the_limit() {
    on_both(|store| async move {
        let id = new_thread_id();
        let key = ThreadKey::New {
            id: id.clone(),
            tools: None,
            scope: None,
        };
        store.append(turn(key, "opening"), 5).await.unwrap();
        let writers = (0..8).map(|i| {
            let store = store.clone();
            let id = id.clone();
            tokio::spawn(async move {
                store
                    .append(turn(ThreadKey::Existing(id), &format!("turn {i}")), 5)
                    .await
            })
        });
        let mut written = 0;
        for w in writers {
            match w.await.unwrap() {
                Ok(_) => written += 1,
                Err(StoreError::TurnLimit(5)) => {}
                Err(e) => panic!("unexpected: {e}"),
            }
        }
        assert_eq!(written, 4, "the limit of five turns held");
        let thread = store.thread(&id).await.unwrap().unwrap();
        assert_eq!(thread.messages.len(), 10);
        for pair in thread.messages.chunks(2) {
            assert_eq!(pair[0].role, Role::User);
            assert_eq!(pair[1].content, format!("reply to {}", pair[0].content));
        }
    })
    .await;
}

#[tokio::test]
async fn a_url_that_is_neither_database_is_refused_without_its_password() {
    let e = Store::connect("mysql://root:hunter2@localhost/db", Duration::from_secs(1))
        .await
        .unwrap_err();
    let message = e.to_string();
    assert!(message.contains("unsupported database URL"), "{message}");
    assert!(!message.contains("hunter2"), "{message}");
}
