//! Collections of documents, indexed for retrieval: BM25 (tantivy, English stemming and
//! stopwords) fused with meaning from the semantic word table, over paragraphs; every level of
//! the hierarchy readable by chunk id.
//!
//! Invariants: the index lives under the data directory and is only written where a file's
//! content hash changed (a restart re-reads files but re-indexes none that stayed the same); a
//! file that cannot be read as text (unreadable, binary, too large, not UTF-8) is skipped with a
//! warning naming it, never a failed start; searches read one consistent snapshot.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, RwLock};
use std::time::SystemTime;

use serde::Serialize;
use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, Occur, Query, QueryParser, TermQuery};
use tantivy::schema::{
    Field, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions, Value,
};
use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, StopWordFilter, TextAnalyzer,
};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

use crate::document::{self, Chunk, Format, Level};

/// The analyzer documents and queries are read with.
const ANALYZER: &str = "sluice_en";

/// One collection to serve.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CollectionSpec {
    /// Stable id, used to scope a search.
    pub id: String,
    /// The folder its files are read from (recursively).
    pub path: PathBuf,
    /// What it is called; defaults to the id.
    #[serde(default)]
    pub title: Option<String>,
}

/// Collections from a `--docs DIR` folder: each subfolder is one; files directly in it form a
/// collection named after the folder.
pub fn collections_in(dir: &Path) -> std::io::Result<Vec<CollectionSpec>> {
    let mut specs = Vec::new();
    let mut loose = false;
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            let id = entry.file_name().to_string_lossy().into_owned();
            specs.push(CollectionSpec {
                id,
                path,
                title: None,
            });
        } else if Format::of(&path).is_some() {
            loose = true;
        }
    }
    if loose || specs.is_empty() {
        let id = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "docs".into());
        specs.insert(
            0,
            CollectionSpec {
                id,
                path: dir.to_owned(),
                title: None,
            },
        );
    }
    Ok(specs)
}

/// Limits on what is read.
#[derive(Debug, Clone, Copy)]
pub struct LibraryLimits {
    /// Largest file read, in bytes.
    pub max_file_bytes: u64,
}

impl Default for LibraryLimits {
    fn default() -> Self {
        Self {
            max_file_bytes: 10 << 20,
        }
    }
}

/// Why the library could not open.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    /// The index directory could not be created or opened.
    #[error("the document index at {path}: {message}")]
    Index {
        /// Where.
        path: String,
        /// What went wrong.
        message: String,
    },
}

/// A document as listed.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentInfo {
    /// Stable id.
    pub document_id: String,
    /// Its collection.
    pub collection_id: String,
    /// Its title.
    pub title: String,
    /// Its path inside the collection.
    pub path: String,
    /// Its chunk id (the document level).
    pub chunk_id: String,
    #[serde(skip)]
    hash: String,
    #[serde(skip)]
    stamp: Option<(SystemTime, u64)>,
    #[serde(skip)]
    chunks: Vec<String>,
}

/// A collection as listed.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CollectionInfo {
    /// Stable id.
    pub collection_id: String,
    /// Its title.
    pub title: String,
    /// How many documents it holds.
    pub documents: usize,
}

/// Why a scope names nothing the library holds.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScopeError {
    /// No collection has this id.
    #[error("no collection has the id '{0}'")]
    UnknownCollection(String),
    /// No document has this id.
    #[error("no document has the id '{0}'")]
    UnknownDocument(String),
    /// The document belongs to another collection.
    #[error("document '{document}' is not in collection '{collection}' (it is in '{home}')")]
    DocumentElsewhere {
        /// The document.
        document: String,
        /// The collection the scope names.
        collection: String,
        /// The collection the document is in.
        home: String,
    },
}

/// A term a section of the documents defines (see [`Library::defined_terms`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinedTerm {
    /// The section's heading.
    pub term: String,
    /// The document it is in.
    pub document_id: String,
    /// That document's title.
    pub document_title: String,
}

/// A search hit: a paragraph with where it sits.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hit {
    /// The paragraph's chunk id.
    pub chunk_id: String,
    /// Its document.
    pub document_id: String,
    /// Its document's title.
    pub document_title: String,
    /// Its collection.
    pub collection_id: String,
    /// The headings above it, outermost first.
    pub heading_path: Vec<String>,
    /// Its text.
    pub text: String,
    /// The fused relevance, 0 to 1.
    pub score: f64,
    /// Its BM25 score, when the words matched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bm25: Option<f64>,
    /// Its similarity in meaning to the query, when the table knows both.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub similarity: Option<f64>,
}

/// Where a search looks.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    /// Only this collection.
    pub collection_id: Option<String>,
    /// Only this document.
    pub document_id: Option<String>,
}

impl Scope {
    /// Whether `document` lies inside this scope.
    pub fn admits(&self, document: &DocumentInfo) -> bool {
        self.document_id
            .as_ref()
            .is_none_or(|id| &document.document_id == id)
            && self
                .collection_id
                .as_ref()
                .is_none_or(|c| &document.collection_id == c)
    }

    /// Whether the whole library is in scope.
    pub fn is_everything(&self) -> bool {
        self.collection_id.is_none() && self.document_id.is_none()
    }

    fn admits_chunk(&self, state: &State, chunk: &Chunk) -> bool {
        self.is_everything()
            || state
                .documents
                .get(&chunk.document_id)
                .is_some_and(|d| self.admits(d))
    }
}

/// A chunk as read or expanded.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChunkView {
    /// Its id.
    pub chunk_id: String,
    /// Its level.
    pub level: Level,
    /// Its document.
    pub document_id: String,
    /// Its document's title.
    pub document_title: String,
    /// The headings above it.
    pub heading_path: Vec<String>,
    /// Its parent chunk.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_id: Option<String>,
    /// The full text: a paragraph's own, a section's heading and everything under it, a
    /// document's whole text.
    pub text: String,
}

#[derive(Default)]
struct State {
    chunks: HashMap<String, Chunk>,
    documents: BTreeMap<String, DocumentInfo>,
    vectors: HashMap<String, Vec<f32>>,
}

struct Fields {
    chunk: Field,
    document: Field,
    collection: Field,
    body: Field,
    heading: Field,
}

/// The document library: collections, their index and their chunks.
pub struct Library {
    specs: Vec<CollectionSpec>,
    limits: LibraryLimits,
    dir: PathBuf,
    fields: Fields,
    reader: IndexReader,
    parser: QueryParser,
    writer: Mutex<Option<IndexWriter>>,
    /// The content hash of every document the index holds, as of its last commit (also kept in
    /// `files.json` beside the index, for the next start). Held for a whole refresh, so that
    /// refreshes never overlap.
    indexed: Mutex<HashMap<String, String>>,
    state: RwLock<State>,
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library")
            .field("collections", &self.specs)
            .field("dir", &self.dir)
            .finish()
    }
}

/// What one refresh changed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Refreshed {
    /// Documents (re-)indexed.
    pub indexed: usize,
    /// Documents read but already indexed with the same content.
    pub unchanged: usize,
    /// Documents removed.
    pub removed: usize,
    /// Files skipped (warned about).
    pub skipped: usize,
}

fn index_error(dir: &Path, e: impl std::fmt::Display) -> LibraryError {
    LibraryError::Index {
        path: dir.display().to_string(),
        message: e.to_string(),
    }
}

impl Library {
    /// Opens (or creates) the index under `data_dir/knowledge` for `specs` and reads every
    /// collection once.
    pub fn open(
        data_dir: &Path,
        specs: Vec<CollectionSpec>,
        limits: LibraryLimits,
    ) -> Result<Self, LibraryError> {
        let dir = data_dir.join("knowledge").join("index");
        std::fs::create_dir_all(&dir).map_err(|e| index_error(&dir, e))?;
        let mut schema = Schema::builder();
        let analyzed = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(ANALYZER)
                .set_index_option(IndexRecordOption::WithFreqsAndPositions),
        );
        let fields = Fields {
            chunk: schema.add_text_field("chunk", STRING | STORED),
            document: schema.add_text_field("document", STRING),
            collection: schema.add_text_field("collection", STRING),
            body: schema.add_text_field("body", analyzed.clone()),
            heading: schema.add_text_field("heading", analyzed),
        };
        let directory =
            tantivy::directory::MmapDirectory::open(&dir).map_err(|e| index_error(&dir, e))?;
        let index =
            Index::open_or_create(directory, schema.build()).map_err(|e| index_error(&dir, e))?;
        let analyzer = TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(RemoveLongFilter::limit(40))
            .filter(LowerCaser)
            .filter(StopWordFilter::new(Language::English).expect("English stopwords ship"))
            .filter(Stemmer::new(Language::English))
            .build();
        index.tokenizers().register(ANALYZER, analyzer);
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()
            .map_err(|e| index_error(&dir, e))?;
        // Another process writing the same index: this one serves what is there, read-only.
        let writer = match index.writer_with_num_threads(1, 32 << 20) {
            Ok(w) => Some(w),
            Err(e) => {
                tracing::warn!(index = %dir.display(), error = %e, "the document index is locked by another process; serving it read-only");
                None
            }
        };
        let mut parser = QueryParser::for_index(&index, vec![fields.body, fields.heading]);
        parser.set_field_boost(fields.heading, 0.5);
        let indexed = std::fs::read(manifest_path(&dir))
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default();
        let library = Self {
            specs,
            limits,
            dir,
            fields,
            reader,
            parser,
            writer: Mutex::new(writer),
            indexed: Mutex::new(indexed),
            state: RwLock::new(State::default()),
        };
        library.refresh();
        Ok(library)
    }

    /// Whether a collection is called `id`.
    pub fn has_collection(&self, id: &str) -> bool {
        self.specs.iter().any(|s| s.id == id)
    }

    /// Reads every collection again: a file whose size or time changed is hashed, and only a
    /// file whose content changed is re-indexed; files gone are removed from the index.
    pub fn refresh(&self) -> Refreshed {
        let mut done = Refreshed::default();
        let Ok(mut indexed) = self.indexed.lock() else {
            return done;
        };
        let known: BTreeMap<String, DocumentInfo> = self
            .state
            .read()
            .map(|s| s.documents.clone())
            .unwrap_or_default();
        let mut documents = BTreeMap::new();
        let mut parsed: Vec<(DocumentInfo, Vec<Chunk>)> = Vec::new();
        let mut to_index: Vec<String> = Vec::new();
        for spec in &self.specs {
            for path in files_under(&spec.path) {
                let Some(format) = Format::of(&path) else {
                    continue;
                };
                let relative = path
                    .strip_prefix(&spec.path)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .replace('\\', "/");
                let id = document::document_id(&spec.id, &relative);
                let stamp = std::fs::metadata(&path)
                    .ok()
                    .and_then(|m| Some((m.modified().ok()?, m.len())));
                // Untouched on disk and indexed as read: nothing to do. A document whose last
                // commit failed is read and indexed again.
                if let Some(old) = known.get(&id)
                    && stamp.is_some()
                    && old.stamp == stamp
                    && indexed.get(&id) == Some(&old.hash)
                {
                    documents.insert(id, old.clone());
                    done.unchanged += 1;
                    continue;
                }
                let Some(text) = self.read_text(&path) else {
                    done.skipped += 1;
                    continue;
                };
                let hash = document::content_hash(text.as_bytes());
                let fallback = path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_else(|| relative.clone());
                let doc = document::parse(&id, format, &text, &fallback);
                let info = DocumentInfo {
                    document_id: id.clone(),
                    collection_id: spec.id.clone(),
                    title: doc.title.clone(),
                    path: relative,
                    chunk_id: doc.chunks[0].id.clone(),
                    hash: hash.clone(),
                    stamp,
                    chunks: doc.chunks.iter().map(|c| c.id.clone()).collect(),
                };
                if indexed.get(&id) == Some(&hash) {
                    done.unchanged += 1;
                } else {
                    to_index.push(id.clone());
                    done.indexed += 1;
                }
                documents.insert(id, info.clone());
                parsed.push((info, doc.chunks));
            }
        }
        let removed: Vec<String> = indexed
            .keys()
            .filter(|id| !documents.contains_key(*id))
            .cloned()
            .collect();
        done.removed = removed.len();
        if (!to_index.is_empty() || !removed.is_empty())
            && self.write_index(&to_index, &removed, &parsed)
        {
            *indexed = documents
                .iter()
                .map(|(id, d)| (id.clone(), d.hash.clone()))
                .collect();
            self.record(&indexed);
        }
        let Ok(mut state) = self.state.write() else {
            return done;
        };
        // Chunks of documents that stayed the same are kept; the rest are replaced.
        let mut chunks = HashMap::new();
        let mut vectors = HashMap::new();
        for info in documents.values() {
            for id in &info.chunks {
                if let Some(c) = state.chunks.remove(id) {
                    if let Some(v) = state.vectors.remove(id) {
                        vectors.insert(id.clone(), v);
                    }
                    chunks.insert(id.clone(), c);
                }
            }
        }
        for (_, doc_chunks) in parsed {
            for c in doc_chunks {
                if c.level == Level::Paragraph
                    && let Some(v) = meaning(&format!("{} {}", c.heading_path.join(" "), c.text))
                {
                    vectors.insert(c.id.clone(), v);
                }
                chunks.insert(c.id.clone(), c);
            }
        }
        *state = State {
            chunks,
            documents,
            vectors,
        };
        done
    }

    /// Deletes and re-adds the paragraphs of `changed` documents and deletes `removed` ones;
    /// whether the index committed them.
    fn write_index(
        &self,
        changed: &[String],
        removed: &[String],
        parsed: &[(DocumentInfo, Vec<Chunk>)],
    ) -> bool {
        let Ok(mut guard) = self.writer.lock() else {
            return false;
        };
        let Some(writer) = guard.as_mut() else {
            return false;
        };
        let f = &self.fields;
        for id in changed.iter().chain(removed) {
            writer.delete_term(Term::from_field_text(f.document, id));
        }
        for (info, chunks) in parsed {
            if !changed.contains(&info.document_id) {
                continue;
            }
            for c in chunks.iter().filter(|c| c.level == Level::Paragraph) {
                let mut d = TantivyDocument::default();
                d.add_text(f.chunk, &c.id);
                d.add_text(f.document, &info.document_id);
                d.add_text(f.collection, &info.collection_id);
                d.add_text(f.body, &c.text);
                d.add_text(f.heading, c.heading_path.join(" "));
                if let Err(e) = writer.add_document(d) {
                    tracing::warn!(document = %info.path, error = %e, "cannot index a paragraph");
                }
            }
        }
        if let Err(e) = writer.commit() {
            tracing::error!(error = %e, "cannot commit the document index; the next refresh indexes the same files again");
            return false;
        }
        if let Err(e) = self.reader.reload() {
            tracing::warn!(error = %e, "cannot reload the document index reader");
        }
        true
    }

    /// Writes the indexed hashes beside the index (atomically), for the next start.
    fn record(&self, indexed: &HashMap<String, String>) {
        let manifest = manifest_path(&self.dir);
        let temporary = manifest.with_extension("json.new");
        let sorted: BTreeMap<&String, &String> = indexed.iter().collect();
        let written = serde_json::to_vec(&sorted)
            .map_err(std::io::Error::other)
            .and_then(|bytes| std::fs::write(&temporary, bytes))
            .and_then(|()| std::fs::rename(&temporary, &manifest));
        if let Err(e) = written {
            tracing::warn!(error = %e, "cannot record the indexed files; they are re-indexed on restart");
        }
    }

    /// The text of `path`, or `None` (with a warning naming it) when it cannot be served.
    fn read_text(&self, path: &Path) -> Option<String> {
        let skip = |why: &str| {
            tracing::warn!(file = %path.display(), "skipping a document: {why}");
            None
        };
        match std::fs::metadata(path) {
            Ok(m) if m.len() > self.limits.max_file_bytes => {
                return skip(&format!(
                    "{} bytes, over the limit of {}",
                    m.len(),
                    self.limits.max_file_bytes
                ));
            }
            Err(e) => return skip(&format!("unreadable: {e}")),
            Ok(_) => {}
        }
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => return skip(&format!("unreadable: {e}")),
        };
        if bytes.contains(&0) {
            return skip("binary content");
        }
        match String::from_utf8(bytes) {
            Ok(text) => Some(text),
            Err(_) => skip("not valid UTF-8"),
        }
    }

    /// The collections, with how many documents each holds.
    pub fn collections(&self) -> Vec<CollectionInfo> {
        let state = self.state.read().ok();
        self.specs
            .iter()
            .map(|s| CollectionInfo {
                collection_id: s.id.clone(),
                title: s.title.clone().unwrap_or_else(|| s.id.clone()),
                documents: state.as_ref().map_or(0, |st| {
                    st.documents
                        .values()
                        .filter(|d| d.collection_id == s.id)
                        .count()
                }),
            })
            .collect()
    }

    /// The terms the documents define under a heading of their own: every section heading of at
    /// most `max_words` words that is not its document's title ("Burst credit" in a glossary),
    /// with the document that defines it. A passage using such a term leans on that section.
    pub fn defined_terms(&self, max_words: usize) -> Vec<DefinedTerm> {
        let Ok(state) = self.state.read() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for d in state.documents.values() {
            for c in d.chunks.iter().filter_map(|id| state.chunks.get(id)) {
                let words = c.text.split_whitespace().count();
                if c.level == Level::Section
                    && c.text != d.title
                    && (1..=max_words).contains(&words)
                {
                    out.push(DefinedTerm {
                        term: c.text.clone(),
                        document_id: d.document_id.clone(),
                        document_title: d.title.clone(),
                    });
                }
            }
        }
        out
    }

    /// The table of contents, as the tool's metadata carries it: each document's title with its
    /// section headings, documents of a collection together, cut at `max_bytes` (shallower
    /// headings first: every title before any section, top sections before subsections).
    pub fn contents(&self, max_bytes: usize) -> String {
        let Ok(state) = self.state.read() else {
            return String::new();
        };
        let mut out = String::new();
        for depth in 0..3 {
            let mut added = false;
            for d in state.documents.values() {
                let headings: Vec<&str> = d
                    .chunks
                    .iter()
                    .filter_map(|id| state.chunks.get(id))
                    .filter(|c| c.level == Level::Section && c.heading_path.len() == depth + 1)
                    .filter(|c| c.text != d.title)
                    .map(|c| c.text.as_str())
                    .collect();
                let piece = if depth == 0 {
                    format!("{}; ", d.title)
                } else if headings.is_empty() {
                    continue;
                } else {
                    format!("{}: {}; ", d.title, headings.join(", "))
                };
                if out.len() + piece.len() > max_bytes {
                    return out.trim_end_matches("; ").to_owned();
                }
                out.push_str(&piece);
                added = true;
            }
            if !added && depth > 0 {
                break;
            }
        }
        out.trim_end_matches("; ").to_owned()
    }

    /// The words the documents use most, most used first, each its own clause (`; `), within
    /// `max_bytes`: with the table of contents, what tells the probe what the documents are
    /// about.
    pub fn vocabulary(&self, max_bytes: usize) -> String {
        let Ok(state) = self.state.read() else {
            return String::new();
        };
        let mut counts: HashMap<String, usize> = HashMap::new();
        for c in state
            .chunks
            .values()
            .filter(|c| c.level == Level::Paragraph)
        {
            for w in text::words(&c.text) {
                if w.len() > 2 && w.chars().all(char::is_alphabetic) && !text::is_stopword(&w) {
                    *counts.entry(w).or_default() += 1;
                }
            }
        }
        let mut words: Vec<(String, usize)> = counts.into_iter().collect();
        words.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut out = String::new();
        for (w, _) in words {
            if out.len() + w.len() + 2 > max_bytes {
                break;
            }
            // Each word stands alone: a word of negation in the list ("without") negates
            // nothing after it.
            if !out.is_empty() {
                out.push_str("; ");
            }
            out.push_str(&w);
        }
        out
    }

    /// Whether `scope` names what the library holds: a known collection, a known document, and
    /// with both, the document inside the collection.
    pub fn check_scope(&self, scope: &Scope) -> Result<(), ScopeError> {
        if let Some(c) = &scope.collection_id
            && !self.has_collection(c)
        {
            return Err(ScopeError::UnknownCollection(c.clone()));
        }
        if let Some(d) = &scope.document_id {
            let doc = self
                .document(d)
                .ok_or_else(|| ScopeError::UnknownDocument(d.clone()))?;
            if let Some(c) = &scope.collection_id
                && &doc.collection_id != c
            {
                return Err(ScopeError::DocumentElsewhere {
                    document: d.clone(),
                    collection: c.clone(),
                    home: doc.collection_id,
                });
            }
        }
        Ok(())
    }

    /// The document `id`, if the library holds it.
    pub fn document(&self, id: &str) -> Option<DocumentInfo> {
        self.state.read().ok()?.documents.get(id).cloned()
    }

    /// Documents whose title or path shares a word with `query` (every document when it is
    /// empty), inside `scope`, at most `limit`.
    pub fn documents(&self, query: &str, scope: &Scope, limit: usize) -> Vec<DocumentInfo> {
        let wanted: Vec<String> = text::terms(query);
        let Ok(state) = self.state.read() else {
            return Vec::new();
        };
        let mut found: Vec<(usize, &DocumentInfo)> = state
            .documents
            .values()
            .filter(|d| scope.admits(d))
            .filter_map(|d| {
                let said: std::collections::HashSet<String> =
                    text::terms(&format!("{} {}", d.title, d.path))
                        .into_iter()
                        .collect();
                let shared = wanted.iter().filter(|w| said.contains(*w)).count();
                (wanted.is_empty() || shared > 0).then_some((shared, d))
            })
            .collect();
        found.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.title.cmp(&b.1.title)));
        found
            .into_iter()
            .take(limit)
            .map(|(_, d)| d.clone())
            .collect()
    }

    /// The paragraphs that best answer `query` in `scope`: BM25 over the words and similarity in
    /// meaning, fused by reciprocal rank; at most `limit`, and no more text than `max_tokens`
    /// (estimated at four characters each) once the first is in.
    pub fn search(&self, query: &str, scope: &Scope, limit: usize, max_tokens: usize) -> Vec<Hit> {
        let Ok(state) = self.state.read() else {
            return Vec::new();
        };
        let pool = limit.max(1) * 4;
        let words = self.bm25(query, scope, pool);
        let mut scored: Vec<(f32, &String)> = match meaning(query) {
            Some(q) => state
                .vectors
                .iter()
                .filter(|(id, _)| {
                    scope.is_everything()
                        || state
                            .chunks
                            .get(*id)
                            .is_some_and(|c| scope.admits_chunk(&state, c))
                })
                .map(|(id, v)| (text::semantic::cosine(&q, v), id))
                .collect(),
            None => Vec::new(),
        };
        // Only the best `pool` are ranked; the rest are never sorted.
        let by_score =
            |a: &(f32, &String), b: &(f32, &String)| b.0.total_cmp(&a.0).then(a.1.cmp(b.1));
        if scored.len() > pool {
            scored.select_nth_unstable_by(pool, by_score);
            scored.truncate(pool);
        }
        scored.sort_by(by_score);
        let sense: Vec<(String, f64)> = scored
            .into_iter()
            .map(|(score, id)| (id.clone(), f64::from(score)))
            .collect();
        // Reciprocal rank fusion (k = 60, the customary constant): a paragraph found by both
        // readings ranks above one found by either. A paragraph found by meaning alone must be
        // alike in meaning, not merely nearest.
        const K: f64 = 60.0;
        let mut fused: HashMap<String, Fused> = HashMap::new();
        for (rank, (id, score)) in words.iter().enumerate() {
            let e = fused.entry(id.clone()).or_default();
            e.score += 1.0 / (K + rank as f64 + 1.0);
            e.bm25 = Some(*score);
        }
        let alike = f64::from(text::semantic::ALIKE);
        for (rank, (id, similarity)) in sense.iter().enumerate() {
            if !fused.contains_key(id) && *similarity < alike {
                continue;
            }
            let e = fused.entry(id.clone()).or_default();
            e.score += 1.0 / (K + rank as f64 + 1.0);
            e.similarity = Some(*similarity);
        }
        let best = 2.0 / (K + 1.0);
        let mut ranked: Vec<(String, Fused)> = fused.into_iter().collect();
        ranked.sort_by(|a, b| b.1.score.total_cmp(&a.1.score).then(a.0.cmp(&b.0)));
        let mut hits = Vec::new();
        let mut spent = 0;
        for (id, fused) in ranked {
            let Fused {
                score,
                bm25,
                similarity,
            } = fused;
            let Some(c) = state.chunks.get(&id) else {
                continue;
            };
            let cost = c.text.len().div_ceil(4);
            if hits.len() >= limit || (!hits.is_empty() && spent + cost > max_tokens) {
                break;
            }
            spent += cost;
            let doc = state.documents.get(&c.document_id);
            hits.push(Hit {
                chunk_id: id,
                document_id: c.document_id.clone(),
                document_title: doc.map(|d| d.title.clone()).unwrap_or_default(),
                collection_id: doc.map(|d| d.collection_id.clone()).unwrap_or_default(),
                heading_path: c.heading_path.clone(),
                text: c.text.clone(),
                score: round(score / best),
                bm25: bm25.map(round),
                similarity: similarity.map(round),
            });
        }
        hits
    }

    /// BM25 hits (chunk id, score) for `query` in `scope`, at most `limit`.
    fn bm25(&self, query: &str, scope: &Scope, limit: usize) -> Vec<(String, f64)> {
        let f = &self.fields;
        let (parsed, _) = self.parser.parse_query_lenient(query);
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, parsed)];
        for (field, value) in [
            (f.collection, &scope.collection_id),
            (f.document, &scope.document_id),
        ] {
            if let Some(v) = value {
                clauses.push((
                    Occur::Must,
                    Box::new(TermQuery::new(
                        Term::from_field_text(field, v),
                        IndexRecordOption::Basic,
                    )),
                ));
            }
        }
        let searcher = self.reader.searcher();
        let top = match searcher.search(
            &BooleanQuery::new(clauses),
            &TopDocs::with_limit(limit).order_by_score(),
        ) {
            Ok(top) => top,
            Err(e) => {
                tracing::warn!(error = %e, "document search failed");
                return Vec::new();
            }
        };
        top.into_iter()
            .filter_map(|(score, address)| {
                let d: TantivyDocument = searcher.doc(address).ok()?;
                let id = d.get_first(f.chunk)?.as_str()?.to_owned();
                Some((id, f64::from(score)))
            })
            .collect()
    }

    /// The chunk `id` with its full text; `None` when no chunk has that id inside `scope`.
    pub fn read(&self, id: &str, scope: &Scope) -> Option<ChunkView> {
        let state = self.state.read().ok()?;
        let c = state
            .chunks
            .get(id)
            .filter(|c| scope.admits_chunk(&state, c))?;
        let mut text = Vec::new();
        gather(&state, c, &mut text);
        Some(view(&state, c, text.join("\n\n")))
    }

    /// The chunks around `id`: its parent, its siblings (itself included) or its children;
    /// `None` when no chunk has that id inside `scope`. A scope holds whole documents, so what
    /// lies around a chunk in scope is in scope too.
    pub fn expand(&self, id: &str, direction: Direction, scope: &Scope) -> Option<Vec<ChunkView>> {
        let state = self.state.read().ok()?;
        let c = state
            .chunks
            .get(id)
            .filter(|c| scope.admits_chunk(&state, c))?;
        let ids: Vec<String> = match direction {
            Direction::Parent => c.parent.iter().cloned().collect(),
            Direction::Children => c.children.clone(),
            Direction::Siblings => match &c.parent {
                Some(p) => state.chunks.get(p).map(|p| p.children.clone())?,
                None => vec![c.id.clone()],
            },
        };
        Some(
            ids.iter()
                .filter_map(|i| state.chunks.get(i))
                .map(|c| view(&state, c, c.text.clone()))
                .collect(),
        )
    }
}

/// Where the indexed hashes of the index in `dir` are kept.
fn manifest_path(dir: &Path) -> PathBuf {
    dir.join("../files.json")
}

/// A paragraph's fused relevance and the scores behind it.
#[derive(Debug, Default, Clone, Copy)]
struct Fused {
    score: f64,
    bm25: Option<f64>,
    similarity: Option<f64>,
}

/// Which way [`Library::expand`] looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// The enclosing section or document.
    Parent,
    /// The chunks beside it under the same parent.
    Siblings,
    /// The chunks under it.
    Children,
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn view(state: &State, c: &Chunk, text: String) -> ChunkView {
    ChunkView {
        chunk_id: c.id.clone(),
        level: c.level,
        document_id: c.document_id.clone(),
        document_title: state
            .documents
            .get(&c.document_id)
            .map(|d| d.title.clone())
            .unwrap_or_default(),
        heading_path: c.heading_path.clone(),
        parent_id: c.parent.clone(),
        text,
    }
}

/// `c`'s text and, depth first, its descendants'.
fn gather(state: &State, c: &Chunk, out: &mut Vec<String>) {
    out.push(c.text.clone());
    for child in &c.children {
        if let Some(child) = state.chunks.get(child) {
            gather(state, child, out);
        }
    }
}

/// The meaning of a text: the normalised mean of its content words' vectors.
fn meaning(text: &str) -> Option<Vec<f32>> {
    let mut sum = vec![0.0f32; text::semantic::DIMS];
    let mut n = 0;
    for word in text::words(text) {
        if text::is_stopword(&word) {
            continue;
        }
        if let Some(v) = text::semantic::vector(&word) {
            for (s, x) in sum.iter_mut().zip(v.iter()) {
                *s += x;
            }
            n += 1;
        }
    }
    let norm = sum.iter().map(|x| x * x).sum::<f32>().sqrt();
    (n > 0 && norm > f32::EPSILON).then(|| sum.iter().map(|x| x / norm).collect())
}

/// Every file under `dir`, in a stable order; unreadable folders are warned about and skipped.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        let entries = match std::fs::read_dir(&d) {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!(folder = %d.display(), error = %e, "skipping an unreadable folder");
                continue;
            }
        };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}
