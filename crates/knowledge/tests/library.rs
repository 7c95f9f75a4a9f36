//! The library over the corpus written here (`tests/corpus`): collections, retrieval with
//! scores and heading paths, reading and expanding the hierarchy, incremental re-indexing that a
//! restart does not redo, and files that cannot be served skipped without failing.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use knowledge::library::Direction;
use knowledge::{DocsTool, Library, LibraryLimits, Scope, collections_in};
use serde_json::{Map, Value, json};

fn fresh(prefix: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let dir = std::env::temp_dir().join(format!("{prefix}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy of the corpus, so that tests may change it.
fn corpus_copy() -> PathBuf {
    let to = fresh("sluice-corpus");
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    for collection in std::fs::read_dir(&from).unwrap() {
        let collection = collection.unwrap().path();
        let target = to.join(collection.file_name().unwrap());
        std::fs::create_dir_all(&target).unwrap();
        for file in std::fs::read_dir(&collection).unwrap() {
            let file = file.unwrap().path();
            std::fs::copy(&file, target.join(file.file_name().unwrap())).unwrap();
        }
    }
    to
}

fn open(docs: &Path, data: &Path) -> Library {
    Library::open(
        data,
        collections_in(docs).unwrap(),
        LibraryLimits::default(),
    )
    .unwrap()
}

#[test]
fn each_subfolder_is_a_collection_and_search_finds_the_passages_with_where_they_sit() {
    let docs = corpus_copy();
    let library = open(&docs, &fresh("sluice-data"));
    let collections = library.collections();
    let counts: Vec<(&str, usize)> = collections
        .iter()
        .map(|c| (c.collection_id.as_str(), c.documents))
        .collect();
    assert_eq!(counts, [("field-notes", 1), ("handbook", 4)]);

    let hits = library.search(
        "How many requests per minute does a Starter key allow?",
        &Scope::default(),
        5,
        2_000,
    );
    let texts: Vec<&str> = hits.iter().map(|h| h.text.as_str()).collect();
    assert!(
        texts
            .iter()
            .take(3)
            .any(|t| t.contains("60 requests per minute")),
        "{texts:#?}"
    );
    assert!(
        texts
            .iter()
            .take(3)
            .any(|t| t.contains("100 requests per minute")),
        "{texts:#?}"
    );
    let starter = hits
        .iter()
        .find(|h| h.text.contains("60 requests"))
        .unwrap();
    assert_eq!(starter.heading_path, ["Rate limits", "Starter plan"]);
    assert_eq!(starter.document_title, "Rate limits");
    assert_eq!(starter.collection_id, "handbook");
    assert!(starter.score > 0.0 && starter.score <= 1.0);
    assert!(starter.bm25.is_some());
    assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));

    // Scoped to a collection, only its documents answer.
    let scoped = library.search(
        "requests per minute",
        &Scope {
            collection_id: Some("field-notes".into()),
            document_id: None,
        },
        5,
        2_000,
    );
    assert!(
        scoped.iter().all(|h| h.collection_id == "field-notes"),
        "{scoped:#?}"
    );
    // The token budget holds after the first passage.
    let one = library.search("limit requests plan key", &Scope::default(), 10, 1);
    assert_eq!(one.len(), 1);
}

#[test]
fn a_paragraph_reads_in_full_and_expands_to_its_section_and_neighbours() {
    let docs = corpus_copy();
    let library = open(&docs, &fresh("sluice-data"));
    let hit = library
        .search("Fleet plan costs per month", &Scope::default(), 3, 2_000)
        .into_iter()
        .find(|h| h.text.contains("€49"))
        .expect("the HTML billing page is indexed, its entity decoded");
    assert_eq!(hit.heading_path, ["Billing", "Fleet plan pricing"]);
    let parent = library
        .expand(&hit.chunk_id, Direction::Parent, &Scope::default())
        .unwrap();
    assert_eq!(parent.len(), 1);
    let section = library
        .read(&parent[0].chunk_id, &Scope::default())
        .unwrap();
    assert!(
        section.text.starts_with("Fleet plan pricing"),
        "{}",
        section.text
    );
    assert!(section.text.contains("€49"));
    let siblings = library
        .expand(&parent[0].chunk_id, Direction::Siblings, &Scope::default())
        .unwrap();
    let headings: Vec<&str> = siblings.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(
        headings,
        [
            "Harbor bills each account monthly, on the first day of the month, in euros.",
            "Fleet plan pricing",
            "Refunds"
        ]
    );
    let document = library
        .read(&hit.document_id, &Scope::default())
        .map(|c| c.text);
    assert!(document.is_none(), "document ids are not chunk ids");
    let children = library
        .expand(
            &siblings[2].chunk_id,
            Direction::Children,
            &Scope::default(),
        )
        .unwrap();
    assert_eq!(children.len(), 2);
    assert!(
        library
            .read("c_0000000000000000", &Scope::default())
            .is_none()
    );
    // Confined elsewhere, the same chunk is not there to read or expand.
    let elsewhere = Scope {
        collection_id: Some("field-notes".into()),
        document_id: None,
    };
    assert!(library.read(&hit.chunk_id, &elsewhere).is_none());
    assert!(
        library
            .expand(&hit.chunk_id, Direction::Parent, &elsewhere)
            .is_none()
    );
    let home = Scope {
        collection_id: None,
        document_id: Some(hit.document_id.clone()),
    };
    assert!(library.read(&hit.chunk_id, &home).is_some());
}

#[test]
fn a_restart_reindexes_nothing_and_a_change_reindexes_only_its_file() {
    let docs = corpus_copy();
    let data = fresh("sluice-data");
    let first = open(&docs, &data);
    drop(first);
    let again = open(&docs, &data);
    let done = again.refresh();
    assert_eq!((done.indexed, done.removed), (0, 0), "{done:?}");
    drop(again);
    let reopened = Library::open(
        &data,
        collections_in(&docs).unwrap(),
        LibraryLimits::default(),
    )
    .unwrap();
    let hits = reopened.search("spring tide north pier", &Scope::default(), 3, 2_000);
    assert!(
        hits[0].text.contains("4.2 metres"),
        "the index survived the restart"
    );

    std::fs::write(
        docs.join("field-notes/tides.txt"),
        "The spring tide at the north pier rose to 4.6 metres after the storm.\n",
    )
    .unwrap();
    std::fs::remove_file(docs.join("handbook/faq.md")).unwrap();
    let done = reopened.refresh();
    assert_eq!((done.indexed, done.removed), (1, 1), "{done:?}");
    let hits = reopened.search("spring tide north pier", &Scope::default(), 3, 2_000);
    assert!(hits[0].text.contains("4.6 metres"), "{hits:#?}");
    assert!(!hits.iter().any(|h| h.text.contains("4.2")));
    let starter = reopened.search(
        "Starter key requests per minute",
        &Scope::default(),
        5,
        2_000,
    );
    assert!(
        !starter.iter().any(|h| h.text.contains("100 requests")),
        "the removed file is gone"
    );
}

#[test]
fn files_that_cannot_be_served_are_skipped_and_an_empty_folder_is_an_empty_collection() {
    let docs = fresh("sluice-bad-docs");
    let good = docs.join("good");
    let empty = docs.join("empty");
    std::fs::create_dir_all(&good).unwrap();
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::write(
        good.join("ok.md"),
        "# Fine\n\nA readable page about lighthouses.\n",
    )
    .unwrap();
    std::fs::write(good.join("binary.txt"), b"text\0with a NUL").unwrap();
    std::fs::write(good.join("latin1.txt"), b"caf\xe9 au lait").unwrap();
    std::fs::write(good.join("big.md"), "word ".repeat(400)).unwrap();
    std::fs::write(good.join("image.png"), b"\x89PNG").unwrap();
    let library = Library::open(
        &fresh("sluice-data"),
        collections_in(&docs).unwrap(),
        LibraryLimits {
            max_file_bytes: 1_000,
        },
    )
    .unwrap();
    let counts: Vec<(String, usize)> = library
        .collections()
        .into_iter()
        .map(|c| (c.collection_id, c.documents))
        .collect();
    assert_eq!(counts, [("empty".to_owned(), 0), ("good".to_owned(), 1)]);
    assert_eq!(
        library.refresh().skipped,
        3,
        "binary, not UTF-8 and too large"
    );
    let hits = library.search("lighthouses", &Scope::default(), 3, 100);
    assert_eq!(hits.len(), 1);
}

#[test]
fn the_docs_tool_answers_its_four_methods_and_refuses_bad_arguments() {
    let docs = corpus_copy();
    let library = Arc::new(open(&docs, &fresh("sluice-data")));
    let tool = DocsTool::new(Arc::clone(&library));
    use catalog::builtin::BuiltinTool;
    let args = |v: Value| -> Map<String, Value> { v.as_object().unwrap().clone() };
    let found = tool
        .call(
            "deep_search",
            &args(json!({"query": "Which regions does Harbor run in?", "limit": 2})),
        )
        .unwrap();
    let first = &found["passages"][0];
    assert!(
        first["text"].as_str().unwrap().contains("Lisbon"),
        "{found}"
    );
    for field in [
        "chunkId",
        "documentId",
        "documentTitle",
        "headingPath",
        "score",
    ] {
        assert!(!first[field].is_null(), "{field} in {first}");
    }
    let chunk = first["chunkId"].as_str().unwrap();
    let read = tool
        .call("deep_read", &args(json!({"chunkId": chunk})))
        .unwrap();
    assert_eq!(read["level"], "paragraph");
    let around = tool
        .call(
            "deep_expand",
            &args(json!({"chunkId": chunk, "direction": "parent"})),
        )
        .unwrap();
    assert_eq!(around["chunks"][0]["level"], "section");
    let items = tool
        .call("find_items", &args(json!({"title": "glossary"})))
        .unwrap();
    assert_eq!(items["documents"][0]["title"], "Glossary");
    assert_eq!(items["collections"].as_array().unwrap().len(), 2);
    let schema = &tool.manifest().methods[0]["inputSchema"]["properties"]["collectionId"]["enum"];
    assert_eq!(schema, &json!(["field-notes", "handbook"]));

    for (method, bad, says) in [
        ("deep_search", json!({}), "'query' is required"),
        ("deep_search", json!({"query": "x", "limit": 0}), "'limit'"),
        (
            "deep_search",
            json!({"query": "x", "collectionId": "nope"}),
            "no collection",
        ),
        ("deep_read", json!({"chunkId": "c_nothing"}), "no chunk"),
        (
            "deep_expand",
            json!({"chunkId": chunk, "direction": "up"}),
            "'direction'",
        ),
        ("summon", json!({}), "no method"),
        (
            "deep_read",
            json!({"chunkId": chunk, "collectionId": "field-notes"}),
            "inside the collection or document",
        ),
        (
            "deep_search",
            json!({"query": "x", "documentId": "d_nothing"}),
            "no document",
        ),
    ] {
        let e = tool.call(method, &args(bad)).unwrap_err();
        assert!(e.contains(says), "{method}: {e}");
    }
}

#[test]
fn a_call_confined_to_a_collection_or_document_sees_nothing_outside_it() {
    use catalog::builtin::BuiltinTool;
    let docs = corpus_copy();
    let library = Arc::new(open(&docs, &fresh("sluice-data")));
    let tool = DocsTool::new(Arc::clone(&library));
    let args = |v: Value| -> Map<String, Value> { v.as_object().unwrap().clone() };
    let tides = "spring tide at the north pier";
    let open_search = tool
        .call("deep_search", &args(json!({"query": tides})))
        .unwrap();
    let pier = &open_search["passages"][0];
    assert_eq!(pier["collectionId"], "field-notes", "{open_search}");
    let confined = tool
        .call(
            "deep_search",
            &args(json!({"query": tides, "collectionId": "handbook"})),
        )
        .unwrap();
    assert!(
        confined["passages"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["collectionId"] == "handbook"),
        "{confined}"
    );
    let listed = tool
        .call("find_items", &args(json!({"collectionId": "handbook"})))
        .unwrap();
    assert_eq!(listed["collections"].as_array().unwrap().len(), 1);
    assert!(
        listed["documents"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["collectionId"] == "handbook")
    );
    let pier_doc = pier["documentId"].as_str().unwrap();
    let one = tool
        .call("find_items", &args(json!({"documentId": pier_doc})))
        .unwrap();
    assert_eq!(one["documents"].as_array().unwrap().len(), 1, "{one}");
    assert_eq!(one["collections"][0]["collectionId"], "field-notes");
    let e = tool
        .call(
            "deep_search",
            &args(json!({"query": tides, "collectionId": "handbook", "documentId": pier_doc})),
        )
        .unwrap_err();
    assert!(e.contains("is not in collection 'handbook'"), "{e}");
}

#[test]
fn the_tool_description_follows_the_documents_after_a_refresh() {
    use catalog::builtin::BuiltinTool;
    let docs = corpus_copy();
    let library = Arc::new(open(&docs, &fresh("sluice-data")));
    let tool = DocsTool::new(Arc::clone(&library));
    assert!(!tool.description().contains("Volcanoes"));
    std::fs::write(
        docs.join("field-notes/volcanoes.md"),
        "# Volcanoes\n\n## Eruptions\n\nThe caldera vented ash twice in spring.\n",
    )
    .unwrap();
    assert_eq!(library.refresh().indexed, 1);
    let now = tool.description();
    assert!(now.contains("Volcanoes: Eruptions"), "{now}");
    assert!(now.contains("caldera"), "{now}");
}
