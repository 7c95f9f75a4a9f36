//! Documents as a tool, end to end: a server started with the corpus written in the knowledge
//! crate's tests answers from its passages through the same pipeline (the `docs` tool over MCP),
//! citing the chunks it read, and stays out of questions about other tools.

use std::sync::OnceLock;

use runtime::config::Config;
use serde_json::{Value, json};

use crate::support::{Server, query_at, start};

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| {
        let corpus =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../knowledge/tests/corpus");
        let mut c = Config::default();
        c.knowledge.collections = knowledge::collections_in(&corpus).unwrap();
        c.knowledge.rescan_secs = 0;
        start(c)
    })
}

async fn ask(body: Value) -> Value {
    query_at(&server().url, body).await
}

/// `query` over the pinned documents, answered with its evidence.
async fn ask_docs(query: &str) -> Value {
    ask(json!({"query": query, "tools": ["docs"], "responseShape": "answer_with_evidence"})).await
}

/// The evidence behind citation `n` of `r`.
fn cited(r: &Value, n: usize) -> &Value {
    unit(r, &r["citations"][n]["evidenceId"])
}

/// The evidence unit of `r` with id `id`.
fn unit<'a>(r: &'a Value, id: &Value) -> &'a Value {
    r["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| &e["id"] == id)
        .unwrap_or_else(|| panic!("{id} resolves to gathered evidence"))
}

#[tokio::test]
async fn a_document_question_is_answered_from_the_passage_and_cites_its_chunk() {
    let r = ask_docs("How much does the Fleet plan cost?").await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let answer = r["answer"].as_str().unwrap();
    assert!(
        answer.starts_with("Billing: The Fleet plan costs €49 per month"),
        "{answer}"
    );
    let first = cited(&r, 0);
    assert_eq!(first["toolId"], "docs");
    assert_eq!(first["method"], "deep_search");
    assert_eq!(first["title"], "Billing");
    assert!(first["data"]["chunkId"].as_str().unwrap().starts_with("c_"));
    assert_eq!(
        first["data"]["headingPath"],
        json!(["Billing", "Fleet plan pricing"])
    );
    assert_eq!(
        first["arguments"]["query"],
        "How much does the Fleet plan cost?"
    );
    // Every passage is its own unit, cited apart.
    let chunks: std::collections::HashSet<&str> = r["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["data"]["chunkId"].as_str())
        .collect();
    assert!(chunks.len() >= 2, "{r}");
}

#[tokio::test]
async fn unpinned_the_documents_are_chosen_for_what_they_say_and_not_for_other_questions() {
    let r = ask(json!({"query": "Which regions does Harbor run in?"})).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert_eq!(r["citations"][0]["toolId"], "docs");
    assert!(
        r["answer"].as_str().unwrap().contains("Lisbon and Osaka"),
        "{r}"
    );

    let r = ask(json!({"query": "What is the price of Bitcoin?"})).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert_eq!(r["citations"][0]["toolId"], "crypto-prices", "{r}");
}

#[tokio::test]
async fn the_docs_tool_is_listed_with_query_safe_methods() {
    let tools: Value = crate::support::client()
        .get(format!("{}/api/v1/tools", server().url))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let docs = tools["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == "docs")
        .expect("the docs tool is listed");
    let methods: Vec<&str> = docs["methods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        methods,
        ["deep_search", "deep_read", "deep_expand", "find_items"]
    );
    assert!(
        docs["methods"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["safety"]["querySafe"] == true)
    );
    assert!(
        docs["description"]
            .as_str()
            .unwrap()
            .contains("Rate limits")
    );
}

/// The Debian Reference (`debian-reference-en`), when installed: an unpinned question goes to
/// the documents and cites the chapter that answers it.
#[tokio::test]
async fn a_question_over_a_real_corpus_cites_the_chapter_that_answers_it() {
    let corpus = std::path::Path::new("/usr/share/debian-reference");
    if !corpus.join("ch01.en.html").exists() {
        assert!(
            std::env::var_os("SLUICE_REQUIRE_CORPUS").is_none(),
            "SLUICE_REQUIRE_CORPUS is set but {} is missing",
            corpus.display()
        );
        eprintln!("debian-reference-en is not installed: the real-corpus flow is skipped");
        return;
    }
    let mut c = Config::default();
    c.knowledge.collections = knowledge::collections_in(corpus).unwrap();
    c.knowledge.rescan_secs = 0;
    let s = start(c);
    let r = query_at(
        &s.url,
        json!({"query": "How do I configure GRUB, the boot loader?"}),
    )
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert_eq!(r["citations"][0]["toolId"], "docs");
    assert!(
        r["citations"][0]["title"]
            .as_str()
            .unwrap()
            .contains("system initialization"),
        "{r}"
    );
    assert!(r["answer"].as_str().unwrap().contains("GRUB"), "{r}");
}

#[tokio::test]
async fn two_documents_stating_different_limits_are_a_typed_conflict_the_answer_names() {
    let r = ask_docs("How many requests per minute can a Starter key send?").await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let conflicts = r["conflicts"].as_array().unwrap();
    let c = conflicts
        .iter()
        .find(|c| c["about"] == "Starter requests per minute")
        .unwrap_or_else(|| panic!("no typed conflict about the Starter limit: {r}"));
    let values: Vec<&str> = c["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["value"].as_str().unwrap())
        .collect();
    assert!(values.contains(&"60 requests per minute"), "{c}");
    assert!(values.contains(&"100 requests per minute"), "{c}");
    // Each value points at evidence from a different document.
    let documents: std::collections::HashSet<&str> = c["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            unit(&r, &v["evidenceId"])["data"]["documentTitle"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(documents.len(), 2, "{c}");
    // The answer says they disagree, naming both values, each cited.
    let answer = r["answer"].as_str().unwrap();
    let said = &answer[answer
        .find("Sources disagree on Starter requests per minute:")
        .unwrap_or_else(|| panic!("{answer}"))..];
    assert!(
        said.contains("60 requests per minute [") && said.contains("100 requests per minute ["),
        "{answer}"
    );
}

#[tokio::test]
async fn every_evidence_unit_says_which_call_returned_it_and_where_in_its_result() {
    let r = ask_docs("How much does the Fleet plan cost?").await;
    for e in r["evidence"].as_array().unwrap() {
        let pointer = e["pointer"].as_str().unwrap();
        let call = e["callId"].as_str().unwrap();
        assert!(call.starts_with('r') && call.contains('c'), "{e}");
        // The pointer names the record's place in the search result's list of chunks.
        let (list, index) = pointer
            .rsplit_once('/')
            .unwrap_or_else(|| panic!("{pointer}"));
        assert!(
            list.starts_with('/') && index.parse::<usize>().is_ok(),
            "{e}"
        );
    }
}

#[tokio::test]
async fn a_part_the_passages_miss_is_searched_again_once_with_a_new_query_then_left_as_a_gap() {
    let r = ask_docs("What is the Fleet plan price and the tide at Nazaré?").await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let meta = &r["meta"];
    // The request, then a follow-up search that is not the same query.
    let tried: Vec<&str> = meta["queriesTried"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q.as_str().unwrap())
        .collect();
    assert_eq!(tried.len(), 2, "{meta}");
    assert_eq!(
        tried[0],
        "What is the Fleet plan price and the tide at Nazaré?"
    );
    assert_ne!(tried[1], tried[0]);
    assert_eq!(meta["rediscoveryRounds"], 1, "{meta}");
    // Passages both searches returned are gathered once.
    let evidence = r["evidence"].as_array().unwrap();
    let chunks: std::collections::HashSet<&str> = evidence
        .iter()
        .map(|e| e["data"]["chunkId"].as_str().unwrap())
        .collect();
    assert_eq!(chunks.len(), evidence.len(), "{r}");
    assert_eq!(meta["chunksGathered"], evidence.len(), "{meta}");
    // What no passage says is a gap, not an answer.
    assert!(
        r["gaps"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g.as_str().unwrap().contains("Nazaré")),
        "{r}"
    );
}

/// The collection each evidence unit of `r` came from.
fn collections_cited(r: &Value) -> Vec<&str> {
    r["evidence"]
        .as_array()
        .map(|units| {
            units
                .iter()
                .filter_map(|e| e["data"]["collectionId"].as_str())
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn a_scoped_request_reads_only_its_collection_whatever_the_query_names() {
    let question = "How high did the spring tide at the north pier rise?";
    let open = ask_docs(question).await;
    assert_eq!(open["outcome"], "answer", "{open}");
    assert!(
        open["answer"].as_str().unwrap().contains("4.2 metres"),
        "{open}"
    );
    assert!(collections_cited(&open).contains(&"field-notes"), "{open}");

    let confined = ask(json!({"query": question, "tools": ["docs"],
        "responseShape": "answer_with_evidence", "scope": {"collectionId": "handbook"}}))
    .await;
    assert!(
        collections_cited(&confined)
            .iter()
            .all(|c| *c == "handbook"),
        "{confined}"
    );
    assert!(!confined.to_string().contains("4.2 metres"), "{confined}");

    // Naming the other collection does not widen the scope: every planned docs call is
    // confined to the one the request gave.
    let planned = ask(
        json!({"query": "In the field-notes collection, how high did the spring tide rise?",
        "tools": ["docs"], "planOnly": true, "scope": {"collectionId": "handbook"}}),
    )
    .await;
    let calls = planned["plan"]["calls"].as_array().expect("a plan");
    assert!(!calls.is_empty(), "{planned}");
    for call in calls {
        assert_eq!(call["arguments"]["collectionId"], "handbook", "{planned}");
    }
}

#[tokio::test]
async fn a_scope_that_cannot_hold_is_refused_naming_the_field() {
    let url = &server().url;
    // An unknown collection or document is a bad request (`not_found`, naming the field), as
    // an unknown tool is.
    for (body, status, field) in [
        (
            json!({"query": "limits?", "tools": ["docs"], "scope": {"collectionId": "recipes"}}),
            400,
            "scope.collectionId",
        ),
        (
            json!({"query": "limits?", "scope": {"documentId": "d_nothing"}}),
            400,
            "scope.documentId",
        ),
        (
            json!({"query": "limits?", "tools": ["markets"], "scope": {"collectionId": "handbook"}}),
            400,
            "scope",
        ),
    ] {
        let (got, e) = crate::support::post_raw(url, body.to_string()).await;
        assert_eq!(got, status, "{body}: {e}");
        assert_eq!(e["error"]["field"], field, "{body}: {e}");
    }
    // A server with no documents has no scope to confine.
    let (got, e) = crate::support::post_raw(
        &crate::support::server().url,
        json!({"query": "limits?", "scope": {"collectionId": "handbook"}}).to_string(),
    )
    .await;
    assert_eq!(got, 400, "{e}");
    assert_eq!(e["error"]["field"], "scope");
    assert!(
        e["error"]["message"].as_str().unwrap().contains("--docs"),
        "{e}"
    );
}

#[tokio::test]
async fn a_document_added_while_serving_changes_the_tool_description_and_is_found() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../knowledge/tests/corpus");
    let docs = crate::support::fresh_dir("sluice-docs");
    for c in ["handbook", "field-notes"] {
        std::fs::create_dir_all(docs.join(c)).unwrap();
        for f in std::fs::read_dir(corpus.join(c)).unwrap() {
            let f = f.unwrap();
            std::fs::copy(f.path(), docs.join(c).join(f.file_name())).unwrap();
        }
    }
    let mut c = Config::default();
    c.knowledge.collections = knowledge::collections_in(&docs).unwrap();
    c.knowledge.rescan_secs = 1;
    let server = start(c);
    let description = || async {
        let tools = crate::support::get_from(&server.url, "/api/v1/tools").await;
        tools["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == "docs")
            .map(|t| t["description"].as_str().unwrap().to_owned())
            .unwrap()
    };
    assert!(!description().await.contains("Volcanoes"));
    std::fs::write(
        docs.join("field-notes/volcanoes.md"),
        "# Volcanoes\n\n## Eruptions\n\nThe caldera vented ash twice in spring, the second time for nine hours.\n",
    )
    .unwrap();
    let mut seen = false;
    for _ in 0..100 {
        if description().await.contains("Volcanoes: Eruptions") {
            seen = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(
        seen,
        "the description names the new document within 20 s: {}",
        description().await
    );
    let r = query_at(
        &server.url,
        json!({"query": "How long did the caldera vent ash?", "responseShape": "answer_with_evidence"}),
    )
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert!(r["answer"].as_str().unwrap().contains("nine hours"), "{r}");
}

#[tokio::test]
async fn a_chat_thread_keeps_the_scope_it_started_with() {
    let url = &server().url;
    let chat = |body: Value| async move {
        crate::support::post_to(url, "/api/chat", body.to_string()).await
    };
    let question = "How high did the spring tide at the north pier rise?";
    let (status, first) = chat(json!({"message": question, "tools": ["docs"],
        "scope": {"collectionId": "handbook"}}))
    .await;
    assert_eq!(status, 200, "{first}");
    let thread = first["threadId"].as_str().unwrap().to_owned();
    let envelope = &first["reply"]["envelope"];
    assert!(
        collections_cited(envelope).iter().all(|c| *c == "handbook"),
        "{envelope}"
    );
    assert!(!envelope.to_string().contains("4.2 metres"), "{envelope}");

    // A later message keeps the thread's scope without repeating it, and cannot change it.
    let (status, second) =
        chat(json!({"threadId": thread, "message": "And the tide at the north pier?"})).await;
    assert_eq!(status, 200, "{second}");
    assert!(
        !second["reply"]["envelope"]
            .to_string()
            .contains("4.2 metres"),
        "{second}"
    );
    let (status, refused) = chat(json!({"threadId": thread, "message": question,
        "scope": {"collectionId": "field-notes"}}))
    .await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["error"]["field"], "scope");
    let listed = crate::support::get_from(url, &format!("/api/chat/threads/{thread}")).await;
    assert_eq!(
        listed["thread"]["scope"],
        json!({"collectionId": "handbook"}),
        "{listed}"
    );
    assert_eq!(
        listed["messages"].as_array().unwrap().len(),
        4,
        "the refused message left nothing"
    );

    // An unknown collection is refused before a thread is created.
    let (status, e) = chat(json!({"message": question, "tools": ["docs"],
        "scope": {"collectionId": "recipes"}}))
    .await;
    assert_eq!(status, 400, "{e}");
    assert_eq!(e["error"]["field"], "scope.collectionId");
}

#[tokio::test]
async fn a_term_the_answering_passage_leans_on_is_read_where_another_document_defines_it() {
    let question = "At what time of day does scheduled maintenance happen?";
    let r = ask(
        json!({"query": question, "tools": ["docs"], "responseShape": "answer_with_evidence",
        "includeDeveloperTrace": true}),
    )
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    // The FAQ says maintenance happens "during quiet hours" and leaves the time unsaid; the
    // glossary defines quiet hours. The second search is for the term, not the question again.
    assert_eq!(
        r["meta"]["queriesTried"],
        json!([question, "Quiet hours"]),
        "{}",
        r["meta"]
    );
    assert_eq!(r["meta"]["rediscoveryRounds"], 1);
    let hop = r["developerTrace"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "scout-pre-plan-probe" && e["data"]["reason"] == "defined_term")
        .expect("the hop is traced");
    assert_eq!(hop["data"]["definedIn"], "Glossary");
    assert_eq!(cited(&r, 0)["title"], "Frequently asked questions");
    assert_eq!(cited(&r, 1)["title"], "Glossary", "{r}");
    let answer = r["answer"].as_str().unwrap();
    let (first, second) = answer.split_once('\n').unwrap();
    assert!(first.contains("during quiet hours"), "{answer}");
    assert!(second.contains("01:00 to 05:00 UTC"), "{answer}");
    // The passage both searches returned is gathered once, and is no conflict with itself.
    assert!(r["conflicts"].as_array().unwrap().is_empty(), "{r}");

    // A passage that says everything the question asks needs no definition read.
    let plain = ask_docs("How much does the Fleet plan cost?").await;
    assert_eq!(plain["meta"]["rediscoveryRounds"], 0, "{}", plain["meta"]);
}
