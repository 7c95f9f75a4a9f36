//! Documents as a tool: collections of Markdown, HTML and plain-text files, read into a
//! document → section → paragraph hierarchy, indexed for retrieval, and served by the built-in
//! `docs` MCP tool like any other tool, so the probe, the planner, the sandbox and synthesis
//! treat a document question as they treat any other.
//!
//! - [`document`]: one file into chunks with stable ids and heading paths;
//! - [`library`]: the collections, their on-disk index (re-indexed only where content changed)
//!   and retrieval (BM25 fused with similarity in meaning), reading and expanding chunks;
//! - [`tool`]: the `docs` tool (`deep_search`, `deep_read`, `deep_expand`, `find_items`).
//!
//! Invariant: this crate reads files and answers calls; it runs no stage and knows no request.

pub mod document;
pub mod library;
pub mod tool;

pub use library::{
    CollectionSpec, DefinedTerm, Library, LibraryLimits, Refreshed, Scope, ScopeError,
    collections_in,
};
pub use tool::{DocsTool, TOOL_ID};

use std::sync::{Arc, Weak};
use std::time::Duration;

/// Re-reads `library`'s collections every `every` on a thread of its own, so that a changed
/// file is re-indexed while the server runs, and calls `changed` after each refresh that changed
/// something (the tool's description follows the documents); the thread ends when the library
/// is dropped.
pub fn watch(
    library: &Arc<Library>,
    every: Duration,
    changed: impl Fn() + Send + 'static,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    let weak: Weak<Library> = Arc::downgrade(library);
    std::thread::Builder::new()
        .name("docs-watch".into())
        .spawn(move || {
            loop {
                std::thread::sleep(every);
                let Some(library) = weak.upgrade() else {
                    return;
                };
                let done = library.refresh();
                if done.indexed + done.removed > 0 {
                    tracing::info!(
                        indexed = done.indexed,
                        removed = done.removed,
                        "documents changed on disk; re-indexed them"
                    );
                    changed();
                }
            }
        })
}
