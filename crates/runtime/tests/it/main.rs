//! Integration tests of the runtime over HTTP on a loopback port: one binary, one server shared
//! by the tests that can share it.

mod admission;
mod anchors;
mod answers;
mod browser;
mod cassettes;
mod chained;
mod chat;
mod compound;
mod conversation;
mod docs;
mod drift;
mod errors;
mod exhaustion;
mod follower;
mod hardening;
mod lanes;
mod llama;
mod metrics;
mod models;
mod new_tool;
mod openapi;
mod replicas;
mod shapes;
mod stream;
mod support;
mod valid_plans;
