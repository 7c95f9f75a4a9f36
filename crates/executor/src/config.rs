//! Sandbox configuration: engine-wide settings fixed at start-up, and per-run limits.

use std::path::PathBuf;
use std::time::Duration;

/// Per-run limits. Each one, when reached, ends the run with the matching [`crate::LimitHit`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for the whole run, tool calls included (epoch interruption).
    pub deadline: Duration,
    /// CPU budget in wasmtime fuel units (roughly one per wasm instruction). Ignored when the
    /// sandbox was built with `fuel_enabled = false`.
    pub fuel: u64,
    /// Linear memory of the guest, in bytes. At most [`SandboxConfig::max_memory_bytes`].
    pub memory_bytes: usize,
    /// Tool calls a program may make; the call past this ends the run.
    pub max_tool_calls: usize,
    /// Bytes of one tool reply (serialized JSON).
    pub max_reply_bytes: usize,
    /// Bytes of the program's result (serialized JSON).
    pub max_result_bytes: usize,
    /// Bytes of `console` output.
    pub max_log_bytes: usize,
    /// Bytes of program source.
    pub max_program_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            deadline: Duration::from_secs(10),
            fuel: 2_000_000_000,
            memory_bytes: 64 << 20,
            max_tool_calls: 64,
            max_reply_bytes: 8 << 20,
            max_result_bytes: 1 << 20,
            max_log_bytes: 64 << 10,
            max_program_bytes: 256 << 10,
        }
    }
}

/// Engine-wide settings, fixed when the [`crate::Sandbox`] is built.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// Limits applied by [`crate::Sandbox::run`].
    pub limits: Limits,
    /// Whether fuel is metered. Metering costs some speed; without it only the deadline bounds CPU.
    pub fuel_enabled: bool,
    /// Upper bound on any run's memory; sizes the instance pool.
    pub max_memory_bytes: usize,
    /// wasm (native) stack available to a run. Deep recursion past it ends the run.
    pub max_wasm_stack_bytes: usize,
    /// Runs executing at once; further runs wait for a slot.
    pub max_concurrent_runs: u32,
    /// Granularity of the deadline.
    pub epoch_tick: Duration,
    /// Where to keep the compiled, pre-initialised module between processes. `None` compiles at
    /// every start. Only point it at a directory that this user alone can write: a cached module
    /// is machine code that is loaded as is.
    pub module_cache_dir: Option<PathBuf>,
    /// Bytes (program text plus bytecode) of compiled programs kept so that a program run again
    /// with exactly the same text skips parsing and compiling; 0 compiles every run.
    pub compiled_cache_bytes: usize,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        Self {
            limits: Limits::default(),
            fuel_enabled: true,
            max_memory_bytes: 64 << 20,
            max_wasm_stack_bytes: 1 << 20,
            max_concurrent_runs: 256,
            epoch_tick: Duration::from_millis(5),
            module_cache_dir: None,
            compiled_cache_bytes: 16 << 20,
        }
    }
}
