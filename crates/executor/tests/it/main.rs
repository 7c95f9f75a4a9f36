//! Integration tests of the sandbox: one binary, one compiled sandbox shared by every test.

mod basics;
mod cache;
mod compiled;
mod hostile;
mod support;
