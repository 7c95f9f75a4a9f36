//! Who may call Sluice and how often.
//!
//! - [`keys`]: API keys stored hashed in the same database as the chat's threads; made, listed
//!   and revoked with `sluice keys`, checked on every `/api/v1/*` request when `[auth] mode =
//!   "keys"`;
//! - [`limits`]: a sliding-window request limit and a daily turn quota per caller (a key, or the
//!   client address of an anonymous caller), kept in process or in Redis for several replicas.
//!
//! Invariant: nothing here knows HTTP or the pipeline; the runtime says who is calling and what
//! the request spends, and turns a decision into a response.

pub mod keys;
pub mod limits;

pub use keys::{KeyError, KeyInfo, KeyStore, NewKey};
pub use limits::{Charge, Decision, FailMode, Limit, LimitError, Limiter, LimiterStats, Rule};
