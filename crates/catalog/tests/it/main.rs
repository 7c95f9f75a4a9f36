//! Integration tests of the marketplace over real MCP transports.

mod discovery;
mod hostile;
mod remote;
