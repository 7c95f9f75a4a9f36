//! The first-party chat's state and conversation rules, beside the pipeline rather than inside
//! it: a chat turn is a query like any other; this crate keeps the thread it belongs to.
//!
//! - [`store`]: threads and their messages in SQLite (a file, the default) or PostgreSQL
//!   (`DATABASE_URL`), one migration set for both; a turn (the person's message, the reply and
//!   its envelope) is written in one transaction or not at all;
//! - [`history`]: the earlier turns a new message carries as context, within a token budget,
//!   older turns folded into one summary turn;
//! - [`reply`]: whether a typed reply to a clarification names exactly one offered option.
//!
//! Invariant: nothing here runs a stage or calls a tool; the runtime drives the pipeline and
//! hands this crate what to keep.

pub mod history;
pub mod reply;
pub mod store;

pub use history::{Said, Split};
pub use reply::chosen_option;
pub use store::{NewTurn, Store, StoreError, ThreadKey, new_thread_id};
