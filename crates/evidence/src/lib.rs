//! Evidence, completeness and synthesis.
//!
//! - [`EvidenceRegistry::gather`] turns the successful calls of an execution record into evidence
//!   units with stable ids (the same tool output always gets the same id), deduplicated across
//!   rounds; only tool output enters, never model text.
//! - [`completeness`] decides whether the evidence answers the question and, when not, proposes a
//!   follow-up query for a bounded rediscovery round.
//! - [`conflicts`] finds units that state different values for the same thing (a field of one
//!   record from two calls, a quantity in two documents); the answer names both values.
//! - [`synthesis`] writes the answer with `[n]` markers, and [`citations::validate`] checks any
//!   answer's markers against the registry: markers that point at no gathered evidence are
//!   stripped, survivors renumbered densely, and the drops counted.
//!
//! Invariant: every citation this crate returns resolves to a unit in the registry, and every unit
//! resolves to a call in the execution record.

pub mod citations;
pub mod completeness;
pub mod conflicts;
mod prose;
pub mod registry;
mod statement;
pub mod synthesis;

pub use completeness::{CompletenessVerdict, completeness};
pub use registry::{EvidenceRegistry, EvidenceUnit};
pub use statement::Ask;
pub use synthesis::{Synthesis, synthesize};
