//! The built-in `docs` tool: the library served over MCP like every other tool, each method
//! declared query-safe.

use std::sync::Arc;

/// The documents tool's id in the marketplace.
pub const TOOL_ID: &str = "docs";

use catalog::builtin::{BuiltinTool, Manifest};
use serde_json::{Map, Value, json};

use crate::library::{Direction, Library, Scope};

/// Most bytes of the table of contents the tool's description carries: enough for the probe
/// to know what the documents are about, short enough to list on every request.
const CONTENTS_BYTES: usize = 6_000;

/// Most bytes of the list of the documents' most used words in the description.
const VOCABULARY_BYTES: usize = 16_000;

/// Most hits one search returns.
const MAX_LIMIT: u64 = 20;

/// The `docs` tool over a library.
pub struct DocsTool {
    library: Arc<Library>,
    manifest: Manifest,
}

impl DocsTool {
    /// The tool for `library`; its collections are listed in the schemas, so that a request
    /// naming one can be scoped to it.
    pub fn new(library: Arc<Library>) -> Self {
        let collections = library.collections();
        let ids: Vec<&str> = collections
            .iter()
            .map(|c| c.collection_id.as_str())
            .collect();
        let collection = json!({"type": "string", "enum": ids,
            "description": format!("Only this collection of documents: {}.", named(library.as_ref()))});
        let query_meta = json!({"surface": "query", "queryEligible": true, "latencyClass": "fast"});
        let read_only = json!({"readOnlyHint": true});
        let chunk_id = json!({"type": "string", "description": "A chunk id from a search, a listing or an expansion."});
        let document = json!({"type": "string", "description": "Only this document."});
        let manifest = Manifest {
            id: TOOL_ID.into(),
            title: "Documents".into(),
            description: describe(&library),
            methods: vec![
                json!({"name": "deep_search",
                    "description": "Search the documents for passages that answer a question: the best paragraphs, with their document, section headings and relevance score.",
                    "inputSchema": {"type": "object", "additionalProperties": false, "required": ["query"],
                        "properties": {
                            "query": {"type": "string", "minLength": 1, "description": "What to look for, in words."},
                            "collectionId": collection,
                            "documentId": document,
                            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": 5, "description": "Most passages returned."},
                            "maxTokens": {"type": "integer", "minimum": 50, "maximum": 8000, "default": 1500, "description": "Most text returned, in tokens of about four characters."}}},
                    "annotations": read_only, "_meta": query_meta}),
                json!({"name": "deep_read",
                    "description": "Read one passage, section or document in full by its chunk id.",
                    "inputSchema": {"type": "object", "additionalProperties": false, "required": ["chunkId"],
                        "properties": {"chunkId": chunk_id, "collectionId": collection, "documentId": document}},
                    "annotations": read_only, "_meta": query_meta}),
                json!({"name": "deep_expand",
                    "description": "The passages around a chunk: its enclosing section, the passages beside it, or the ones under it.",
                    "inputSchema": {"type": "object", "additionalProperties": false, "required": ["chunkId"],
                        "properties": {"chunkId": chunk_id, "collectionId": collection, "documentId": document,
                            "direction": {"type": "string", "enum": ["parent", "siblings", "children"], "default": "siblings",
                                "description": "parent: the enclosing section; siblings: the passages beside it; children: the passages under it."}}},
                    "annotations": read_only, "_meta": query_meta}),
                json!({"name": "find_items",
                    "description": "List the document collections and the documents whose titles match some words.",
                    "inputSchema": {"type": "object", "additionalProperties": false,
                        "properties": {"title": {"type": "string", "description": "Words of a document's title or file name; empty lists every document."},
                            "collectionId": collection,
                            "documentId": document,
                            "limit": {"type": "integer", "minimum": 1, "maximum": 200, "default": 50, "description": "Most documents listed."}}},
                    "annotations": read_only, "_meta": query_meta}),
            ],
        };
        Self { library, manifest }
    }

    /// Where a call may look: its `collectionId` and `documentId`, each checked to exist.
    fn scope(&self, args: &Map<String, Value>) -> Result<Scope, String> {
        let scope = Scope {
            collection_id: text_arg(args, "collectionId")?.map(str::to_owned),
            document_id: text_arg(args, "documentId")?.map(str::to_owned),
        };
        self.library
            .check_scope(&scope)
            .map_err(|e| e.to_string())?;
        Ok(scope)
    }
}

/// The collections by id, each with its title when it differs: `handbook (Harbor handbook)`.
fn named(library: &Library) -> String {
    library
        .collections()
        .iter()
        .map(|c| {
            if c.title == c.collection_id {
                c.collection_id.clone()
            } else {
                format!("{} ({})", c.collection_id, c.title)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The tool's description: what the collections hold (their table of contents and their most
/// used words), as of the library's last refresh.
fn describe(library: &Library) -> String {
    format!(
        "Search and read the text of local document collections ({}): passages with the document, section and paragraph they come from. Contents: {}. Words used: {}.",
        named(library),
        library.contents(CONTENTS_BYTES),
        library.vocabulary(VOCABULARY_BYTES)
    )
}

fn text_arg<'a>(args: &'a Map<String, Value>, name: &str) -> Result<Option<&'a str>, String> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.as_str())),
        Some(_) => Err(format!("'{name}' must be a string")),
    }
}

/// Why the chunk `id` could not be read: it does not exist, or lies outside the call's scope.
fn outside(id: &str, scope: &Scope) -> String {
    if scope.is_everything() {
        format!("no chunk has the id '{id}'")
    } else {
        format!(
            "no chunk has the id '{id}' inside the collection or document the call is confined to"
        )
    }
}

fn count_arg(
    args: &Map<String, Value>,
    name: &str,
    default: u64,
    max: u64,
) -> Result<usize, String> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(default as usize),
        Some(v) => match v.as_u64() {
            Some(n) if (1..=max).contains(&n) => Ok(n as usize),
            _ => Err(format!("'{name}' must be a whole number from 1 to {max}")),
        },
    }
}

impl BuiltinTool for DocsTool {
    fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    fn source_label(&self) -> String {
        "builtin (documents)".into()
    }

    fn description(&self) -> String {
        describe(&self.library)
    }

    fn call(&self, method: &str, args: &Map<String, Value>) -> Result<Value, String> {
        let scope = self.scope(args)?;
        match method {
            "deep_search" => {
                let query = text_arg(args, "query")?
                    .filter(|q| !q.trim().is_empty())
                    .ok_or("'query' is required")?;
                let limit = count_arg(args, "limit", 5, MAX_LIMIT)?;
                let max_tokens = count_arg(args, "maxTokens", 1500, 8000)?;
                let hits = self.library.search(query, &scope, limit, max_tokens);
                Ok(json!({"query": query, "passages": hits}))
            }
            "deep_read" => {
                let id = text_arg(args, "chunkId")?.ok_or("'chunkId' is required")?;
                self.library
                    .read(id, &scope)
                    .map(|c| json!(c))
                    .ok_or_else(|| outside(id, &scope))
            }
            "deep_expand" => {
                let id = text_arg(args, "chunkId")?.ok_or("'chunkId' is required")?;
                let direction = match text_arg(args, "direction")?.unwrap_or("siblings") {
                    "parent" => Direction::Parent,
                    "siblings" => Direction::Siblings,
                    "children" => Direction::Children,
                    other => {
                        return Err(format!(
                            "'direction' must be parent, siblings or children, not '{other}'"
                        ));
                    }
                };
                self.library
                    .expand(id, direction, &scope)
                    .map(|chunks| json!({"chunkId": id, "chunks": chunks}))
                    .ok_or_else(|| outside(id, &scope))
            }
            "find_items" => {
                let title = text_arg(args, "title")?.unwrap_or_default();
                let limit = count_arg(args, "limit", 50, 200)?;
                let documents = self.library.documents(title, &scope, limit);
                // A scoped listing names only the collection it is confined to.
                let home = scope
                    .document_id
                    .as_ref()
                    .and_then(|d| self.library.document(d));
                let collections: Vec<_> = self
                    .library
                    .collections()
                    .into_iter()
                    .filter(|c| {
                        scope
                            .collection_id
                            .as_ref()
                            .is_none_or(|id| &c.collection_id == id)
                            && home
                                .as_ref()
                                .is_none_or(|d| d.collection_id == c.collection_id)
                    })
                    .collect();
                Ok(json!({"collections": collections, "documents": documents}))
            }
            other => Err(format!("no method named '{other}'")),
        }
    }
}
