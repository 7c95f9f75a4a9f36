//! The sandbox: one engine, one pre-initialised module and one linker, shared by every run; a
//! fresh `Store` per run.
//!
//! Start-up (once): check the embedded guest against its recorded SHA-256, pre-initialise it with
//! wasmtime-wizer (the QuickJS runtime, context, intrinsics and prelude are built and captured in
//! the snapshot), compile it with cranelift (or load it from the disk cache), and
//! pre-instantiate it against the host imports.
//!
//! A run: acquire a slot, instantiate the snapshot into a new store with fuel, an epoch deadline
//! and a memory limiter, copy the program (or the bytecode an earlier run compiled the same text
//! to, see [`crate::compiled`]) and the allow-list in, call `sluice_run`, and turn whatever
//! happened into an [`ExecutionRecord`]. The store is dropped at the end of the run.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use serde_json::Value;
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;
use wasmtime::{
    Config, Enabled, Engine, InstanceAllocationStrategy, InstancePre, Linker, Module, OptLevel,
    PoolingAllocationConfig, Store, Trap, TypedFunc,
};

use crate::compiled::CompiledPrograms;
use crate::host::{Finish, RunState, define_imports};
use crate::record::{ExecutionRecord, LimitHit, ProgramError, RunOutcome};
use crate::{
    Allowlist, Error, Limits, SandboxConfig, ToolCaller, ToolError, ToolFuture, module_cache,
};

/// The guest module, built by `guest/build.sh` and committed with its checksum.
const GUEST_WASM: &[u8] = include_bytes!("../guest/sluice-quickjs.wasm");
const GUEST_SHA256: &str = include_str!("../guest/sluice-quickjs.wasm.sha256");

/// Runs programs. Build one per process and share it (`Arc<Sandbox>`); runs may be concurrent.
pub struct Sandbox {
    config: SandboxConfig,
    engine: Engine,
    pre: InstancePre<RunState>,
    slots: Semaphore,
    ticker_stop: Arc<AtomicBool>,
    compiled: CompiledPrograms,
}

/// What `sluice_run` is given (the guest's `INPUT_*`): source; bytecode an earlier run offered;
/// source whose bytecode the host wants offered through `sluice.compiled`.
const INPUT_SOURCE: i32 = 0;
const INPUT_BYTECODE: i32 = 1;
const INPUT_SOURCE_OFFERED: i32 = 2;

/// `sluice_run(code, code_len, kind, allow, allow_len, input, input_len, seed) -> status`.
type SluiceRun = TypedFunc<(i32, i32, i32, i32, i32, i32, i32, i64), i32>;

impl std::fmt::Debug for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sandbox")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        self.ticker_stop.store(true, Ordering::Relaxed);
    }
}

/// The caller the snapshot step runs with: initialisation never calls a tool.
struct NoTools;

impl ToolCaller for NoTools {
    fn call<'a>(&'a self, _: &'a str, _: &'a str, _: &'a Value) -> ToolFuture<'a> {
        Box::pin(async { Err(ToolError::new("no tools during initialisation")) })
    }
}

impl Sandbox {
    /// Prepares the engine and the module. Takes about a second on a cold start (compilation);
    /// with a warm [`SandboxConfig::module_cache_dir`] a few milliseconds.
    pub fn new(config: SandboxConfig) -> Result<Self, Error> {
        if config.limits.memory_bytes > config.max_memory_bytes {
            return Err(Error::InvalidConfig(format!(
                "limits.memory_bytes ({}) exceeds max_memory_bytes ({})",
                config.limits.memory_bytes, config.max_memory_bytes
            )));
        }
        if config.max_concurrent_runs == 0 || config.epoch_tick.is_zero() {
            return Err(Error::InvalidConfig(
                "max_concurrent_runs and epoch_tick must be non-zero".into(),
            ));
        }
        let guest_sha = verify_guest()?;
        let engine = build_engine(&config)?;
        let mut linker = Linker::new(&engine);
        define_imports(&mut linker).map_err(engine_error)?;

        let cache_path = config
            .module_cache_dir
            .as_deref()
            .map(|d| module_cache::path_for(d, &engine, &guest_sha));
        let module = match cache_path
            .as_deref()
            .and_then(|p| module_cache::load(&engine, p))
        {
            Some(module) => module,
            None => {
                let snapshot = snapshot(&engine, &linker)?;
                let module = Module::new(&engine, &snapshot).map_err(engine_error)?;
                if let Some(path) = cache_path.as_deref() {
                    // A cache that cannot be written only costs the next start its compile.
                    let _ = module_cache::store(&module, path);
                }
                module
            }
        };
        let pre = linker.instantiate_pre(&module).map_err(engine_error)?;

        let ticker_stop = Arc::new(AtomicBool::new(false));
        spawn_epoch_ticker(engine.clone(), config.epoch_tick, Arc::clone(&ticker_stop));
        let slots = Semaphore::new(config.max_concurrent_runs as usize);
        let compiled = CompiledPrograms::new(config.compiled_cache_bytes);
        Ok(Self {
            config,
            engine,
            pre,
            slots,
            ticker_stop,
            compiled,
        })
    }

    /// The configuration the sandbox was built with.
    pub fn config(&self) -> &SandboxConfig {
        &self.config
    }

    /// Runs `program` (the body of an async function) with the configured limits.
    pub async fn run(
        &self,
        program: &str,
        allowlist: &Allowlist,
        caller: Arc<dyn ToolCaller>,
    ) -> ExecutionRecord {
        self.run_inner(program, None, allowlist, caller, &self.config.limits)
            .await
    }

    /// Runs `program` with `input`, which it reads as the global `input` (JSON data, parsed on
    /// first use). A program that takes its data as input keeps the same text from run to run,
    /// so it is compiled once. Its serialized size counts against the program's byte limit.
    pub async fn run_with_input(
        &self,
        program: &str,
        input: &Value,
        allowlist: &Allowlist,
        caller: Arc<dyn ToolCaller>,
    ) -> ExecutionRecord {
        self.run_inner(program, Some(input), allowlist, caller, &self.config.limits)
            .await
    }

    /// Runs `program` with `limits` instead of the configured ones. A memory limit above
    /// [`SandboxConfig::max_memory_bytes`] is lowered to it.
    pub async fn run_with_limits(
        &self,
        program: &str,
        allowlist: &Allowlist,
        caller: Arc<dyn ToolCaller>,
        limits: &Limits,
    ) -> ExecutionRecord {
        self.run_inner(program, None, allowlist, caller, limits)
            .await
    }

    async fn run_inner(
        &self,
        program: &str,
        input: Option<&Value>,
        allowlist: &Allowlist,
        caller: Arc<dyn ToolCaller>,
        limits: &Limits,
    ) -> ExecutionRecord {
        let started = Instant::now();
        let input = input.map_or_else(|| "null".to_owned(), Value::to_string);
        let _slot = self
            .slots
            .acquire()
            .await
            .expect("the semaphore is never closed");
        let mut limits = limits.clone();
        limits.memory_bytes = limits.memory_bytes.min(self.config.max_memory_bytes);

        let clock_ns = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let state = RunState::new(
            started + limits.deadline,
            limits,
            allowlist.clone(),
            caller,
            clock_ns,
        );
        let mut store = Store::new(&self.engine, state);
        store.limiter(|s| s as &mut dyn wasmtime::ResourceLimiter);
        let fuel = self.config.fuel_enabled.then_some(store.data().limits.fuel);
        if let Some(fuel) = fuel {
            store
                .set_fuel(fuel)
                .expect("fuel is enabled on this engine");
        }
        let tick = self.config.epoch_tick.as_nanos().max(1);
        store.set_epoch_deadline((store.data().limits.deadline.as_nanos() / tick).max(1) as u64);
        store.epoch_deadline_trap();

        let outcome = if program.len() + input.len() > store.data().limits.max_program_bytes {
            RunOutcome::LimitHit(LimitHit::ProgramBytes)
        } else {
            match self.execute(&mut store, program, &input).await {
                Ok(()) => settle(store.data_mut()),
                Err(err) => classify(store.data(), &err),
            }
        };
        let fuel_used = fuel.map(|f| f.saturating_sub(store.get_fuel().unwrap_or(0)));
        let mut state = store.into_data();
        if let Some(bytecode) = state.compiled.take() {
            self.compiled.keep(program, bytecode);
        }
        ExecutionRecord {
            calls: state.calls,
            outcome,
            logs: state.logs,
            fuel_used,
            wall_time: started.elapsed(),
        }
    }

    async fn execute(
        &self,
        store: &mut Store<RunState>,
        program: &str,
        input: &str,
    ) -> wasmtime::Result<()> {
        let instance = self.pre.instantiate_async(&mut *store).await?;
        let alloc: TypedFunc<i32, i32> = instance.get_typed_func(&mut *store, "sluice_alloc")?;
        let run: SluiceRun = instance.get_typed_func(&mut *store, "sluice_run")?;
        let memory = instance
            .get_memory(&mut *store, "memory")
            .ok_or_else(|| wasmtime::Error::msg("guest exports no memory"))?;

        // The program (or its bytecode), the allow-list and the input go in one buffer, each
        // followed by a NUL (QuickJS reads one byte past the length it is given): one guest
        // allocation, one write.
        let bytecode = self.compiled.get(program);
        let wants_bytecode = bytecode.is_none() && self.compiled.keeps();
        let (code, kind) = match &bytecode {
            Some(b) => (&b[..], INPUT_BYTECODE),
            None if wants_bytecode => (program.as_bytes(), INPUT_SOURCE_OFFERED),
            None => (program.as_bytes(), INPUT_SOURCE),
        };
        store.data_mut().wants_bytecode = wants_bytecode;
        let allowlist = store.data().allowlist.guest_json();
        let mut buffer = Vec::with_capacity(code.len() + allowlist.len() + input.len() + 3);
        for part in [code, allowlist.as_bytes(), input.as_bytes()] {
            buffer.extend_from_slice(part);
            buffer.push(0);
        }
        let too_large = || wasmtime::Error::msg("input too large");
        let code_len = i32::try_from(code.len()).map_err(|_| too_large())?;
        let allow_len = i32::try_from(allowlist.len()).map_err(|_| too_large())?;
        let input_len = i32::try_from(input.len()).map_err(|_| too_large())?;
        let buffer_len = i32::try_from(buffer.len()).map_err(|_| too_large())?;
        let ptr = alloc.call_async(&mut *store, buffer_len).await?;
        if ptr == 0 {
            return Err(wasmtime::Error::msg("guest could not allocate its input"));
        }
        memory.write(&mut *store, ptr as u32 as usize, &buffer)?;
        let code_ptr = ptr;
        let allow_ptr = code_ptr.wrapping_add(code_len + 1);
        let input_ptr = allow_ptr.wrapping_add(allow_len + 1);
        let seed =
            getrandom::u64().unwrap_or_else(|_| store.data().clock_ns ^ 0x9e37_79b9_7f4a_7c15);
        let status = run
            .call_async(
                &mut *store,
                (
                    code_ptr,
                    code_len,
                    kind,
                    allow_ptr,
                    allow_len,
                    input_ptr,
                    input_len,
                    seed as i64,
                ),
            )
            .await?;
        if status != 0 {
            return Err(wasmtime::Error::msg(format!(
                "guest harness failed with status {status}"
            )));
        }
        Ok(())
    }
}

/// Turns the guest's `finish` report into an outcome.
fn settle(state: &mut RunState) -> RunOutcome {
    match state.finish.take() {
        Some(Finish::Value(bytes)) => match serde_json::from_slice(&bytes) {
            Ok(v) => RunOutcome::Returned(v),
            Err(e) => RunOutcome::Internal(format!("guest returned invalid JSON: {e}")),
        },
        Some(Finish::Exception(bytes)) => {
            let error = program_error(&bytes);
            // QuickJS's own stack guard (re-enabled by the harness) reports exhaustion this way.
            if error.name == "InternalError" && error.message.contains("stack overflow") {
                RunOutcome::LimitHit(LimitHit::Stack)
            } else if error.name == "InternalError" && error.message.contains("out of memory") {
                RunOutcome::LimitHit(LimitHit::Memory)
            } else {
                RunOutcome::Threw(error)
            }
        }
        None => RunOutcome::Internal("guest ended without reporting an outcome".into()),
    }
}

/// Maps a failed guest call to an outcome: a limit recorded by the host first, then wasmtime traps.
fn classify(state: &RunState, err: &wasmtime::Error) -> RunOutcome {
    if let Some(limit) = state.limit_hit {
        return RunOutcome::LimitHit(limit);
    }
    match err.downcast_ref::<Trap>() {
        Some(Trap::OutOfFuel) => RunOutcome::LimitHit(LimitHit::Fuel),
        Some(Trap::Interrupt) => RunOutcome::LimitHit(LimitHit::Deadline),
        Some(Trap::StackOverflow) => RunOutcome::LimitHit(LimitHit::Stack),
        _ => RunOutcome::Internal(format!("{err:#}")),
    }
}

/// Parses the harness's `{name, message, stack}` description of an uncaught error.
fn program_error(bytes: &[u8]) -> ProgramError {
    let v: Value = serde_json::from_slice(bytes).unwrap_or(Value::Null);
    let field = |k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let stack = field("stack");
    let (line, column) = program_location(&stack);
    ProgramError {
        name: field("name"),
        message: field("message"),
        line,
        column,
        stack,
    }
}

/// Lines the harness's wrapper puts before the program (see `WRAP_OPEN` in guest/harness.c).
const WRAPPER_LINES: u32 = 1;

/// The first `program.js:LINE:COL` in a QuickJS stack trace, as a location in the program.
fn program_location(stack: &str) -> (Option<u32>, Option<u32>) {
    let Some(at) = stack.find("program.js:") else {
        return (None, None);
    };
    let mut parts = stack[at + "program.js:".len()..].split(|c: char| !c.is_ascii_digit());
    let line = parts.next().and_then(|s| s.parse::<u32>().ok());
    let column = parts.next().and_then(|s| s.parse().ok());
    match line
        .and_then(|l| l.checked_sub(WRAPPER_LINES))
        .filter(|l| *l > 0)
    {
        Some(line) => (Some(line), column),
        None => (None, None),
    }
}

fn verify_guest() -> Result<String, Error> {
    let want = GUEST_SHA256.split_whitespace().next().unwrap_or_default();
    let got = format!("{:x}", Sha256::digest(GUEST_WASM));
    if got != want {
        return Err(Error::Engine(format!(
            "embedded guest module has sha256 {got}, expected {want}"
        )));
    }
    Ok(got)
}

/// Linear memory a pooled slot keeps resident between runs (see `build_engine`).
const KEEP_RESIDENT_BYTES: usize = 8 << 20;

fn build_engine(config: &SandboxConfig) -> Result<Engine, Error> {
    let slots = config.max_concurrent_runs;
    let mut pool = PoolingAllocationConfig::new();
    pool.total_core_instances(slots)
        .total_memories(slots)
        .total_tables(slots)
        .total_stacks(slots)
        .max_memory_size(config.max_memory_bytes)
        // A slot keeps up to this much of its memory mapped between runs; only the pages a run
        // dirtied are copied back from the snapshot (found with PAGEMAP_SCAN where the kernel has
        // it), so the next run in the slot takes no copy-on-write faults on them. Memory beyond
        // it, and everything on kernels without the scan, is reset with `madvise`. Either way a
        // run starts from the snapshot's exact bytes.
        .linear_memory_keep_resident(KEEP_RESIDENT_BYTES.min(config.max_memory_bytes))
        .table_keep_resident(1 << 16)
        .pagemap_scan(Enabled::Auto);
    let mut c = Config::new();
    c.cranelift_opt_level(OptLevel::Speed)
        .consume_fuel(config.fuel_enabled)
        .epoch_interruption(true)
        .max_wasm_stack(config.max_wasm_stack_bytes)
        .async_stack_size(config.max_wasm_stack_bytes + (1 << 20))
        .allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    Engine::new(&c).map_err(engine_error)
}

/// Pre-initialises the guest: runs `sluice_init` and captures the memory it leaves behind.
fn snapshot(engine: &Engine, linker: &Linker<RunState>) -> Result<Vec<u8>, Error> {
    let limits = Limits {
        fuel: u64::MAX / 4,
        ..Limits::default()
    };
    let state = RunState::new(
        Instant::now() + limits.deadline,
        limits,
        Allowlist::empty(),
        Arc::new(NoTools),
        0,
    );
    let mut store = Store::new(engine, state);
    if engine.get_consume_fuel() {
        store.set_fuel(u64::MAX / 4).map_err(engine_error)?;
    }
    store.set_epoch_deadline(1 << 40);
    // wizer's API is async; it never waits on anything here, so a private current-thread runtime
    // on a scoped thread drives it without caring whether the caller is inside a runtime.
    std::thread::scope(|scope| {
        scope
            .spawn(|| {
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| Error::Engine(e.to_string()))?;
                rt.block_on(async {
                    let mut wizer = wasmtime_wizer::Wizer::new();
                    wizer.init_func("sluice_init");
                    wizer
                        .run(&mut store, GUEST_WASM, async |store, module| {
                            linker.instantiate_async(store, module).await
                        })
                        .await
                        .map_err(engine_error)
                })
            })
            .join()
            .map_err(|_| Error::Engine("the snapshot thread panicked".into()))?
    })
}

fn spawn_epoch_ticker(engine: Engine, tick: std::time::Duration, stop: Arc<AtomicBool>) {
    std::thread::Builder::new()
        .name("sluice-epoch".into())
        .spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(tick);
                engine.increment_epoch();
            }
        })
        .expect("spawning the epoch thread");
}

fn engine_error(e: wasmtime::Error) -> Error {
    Error::Engine(format!("{e:#}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_program_location_in_a_stack() {
        assert_eq!(
            program_location("    at f (program.js:4:14)\n    at <anonymous>"),
            (Some(3), Some(14))
        );
        assert_eq!(
            program_location("    at program.js:1:3"),
            (None, None),
            "the wrapper's line is not the program's"
        );
        assert_eq!(
            program_location("    at <eval> (<prelude>:1:2)"),
            (None, None)
        );
    }

    #[test]
    fn embedded_guest_matches_its_checksum() {
        assert!(verify_guest().is_ok());
    }
}
