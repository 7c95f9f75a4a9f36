//! The rollout validator: runs a suite of cases against Sluice and measures whether the gate asks
//! and refuses when it should — and answers when it should.
//!
//! - [`suite`]: the YAML suite format (cases, expectations, thresholds);
//! - [`run`]: running cases in-process or against `--url`;
//! - [`metrics`]: every metric, defined once, computed over the required cases;
//! - [`report`]: the table, the gate verdict and the JSON report;
//! - [`import`]: BFCL and When2Call as suites.

pub mod import;
pub mod metrics;
pub mod report;
pub mod run;
pub mod suite;
