//! The host side of the guest's imports: per-run state, the `sluice` calls and the few WASI
//! functions the QuickJS build imports.
//!
//! Every import validates what the guest hands it (pointers, lengths, UTF-8, JSON) because the
//! guest is hostile. A limit reached inside an import is recorded in [`RunState::limit_hit`] and
//! ends the run by returning an error, which wasmtime turns into a trap the program cannot catch.
//!
//! WASI, implemented here and nowhere else:
//! - `clock_time_get` answers every clock with the instant the run started, frozen. Programs may
//!   need today's date (`new Date()`) to ask tools sensible questions, but a clock that does not
//!   move gives them no way to time anything (no timing side channel).
//! - `fd_write` (QuickJS prints engine diagnostics to stderr) goes to the run's logs, under the
//!   same byte cap as `console.log`.
//! - `fd_close`, `fd_fdstat_get`, `fd_seek` answer `EBADF`: there are no files.
//!
//! Randomness: the guest imports none. `Math.random` and the engine's hash seed are reseeded per
//! run from a host seed passed to `sluice_run`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;
use wasmtime::{Caller, Extern, Linker, Memory, ResourceLimiter};

use crate::capability::{Allowlist, Rejection};
use crate::record::{CallError, CallErrorKind, LimitHit, ToolCallRecord};
use crate::{Limits, ToolCaller};

const WASI: &str = "wasi_snapshot_preview1";
const ERRNO_SUCCESS: i32 = 0;
const ERRNO_BADF: i32 = 8;
const ERRNO_FAULT: i32 = 21;

/// What the guest reported through `finish`.
pub(crate) enum Finish {
    Value(Vec<u8>),
    Exception(Vec<u8>),
}

/// The data of one run's `Store`.
pub(crate) struct RunState {
    pub limits: Limits,
    pub allowlist: Allowlist,
    pub caller: Arc<dyn ToolCaller>,
    pub deadline: Instant,
    pub clock_ns: u64,
    pub calls: Vec<ToolCallRecord>,
    pub pending_reply: Option<Vec<u8>>,
    pub logs: Vec<String>,
    pub log_bytes: usize,
    pub finish: Option<Finish>,
    pub limit_hit: Option<LimitHit>,
    /// Whether the host keeps the bytecode the guest compiles this run's source to.
    pub wants_bytecode: bool,
    /// That bytecode, once the guest reported it (before any of the program ran).
    pub compiled: Option<Vec<u8>>,
}

impl RunState {
    pub fn new(
        deadline: Instant,
        limits: Limits,
        allowlist: Allowlist,
        caller: Arc<dyn ToolCaller>,
        clock_ns: u64,
    ) -> Self {
        Self {
            limits,
            allowlist,
            caller,
            deadline,
            clock_ns,
            calls: Vec::new(),
            pending_reply: None,
            logs: Vec::new(),
            log_bytes: 0,
            finish: None,
            limit_hit: None,
            wants_bytecode: false,
            compiled: None,
        }
    }

    fn stop(&mut self, limit: LimitHit) -> wasmtime::Error {
        self.limit_hit.get_or_insert(limit);
        wasmtime::Error::msg(format!("run stopped: {} limit", limit.as_str()))
    }

    fn append_log(&mut self, text: &str) -> wasmtime::Result<()> {
        self.log_bytes += text.len();
        if self.log_bytes > self.limits.max_log_bytes {
            return Err(self.stop(LimitHit::LogBytes));
        }
        self.logs.push(text.to_owned());
        Ok(())
    }
}

impl ResourceLimiter for RunState {
    fn memory_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _max: Option<usize>,
    ) -> wasmtime::Result<bool> {
        if desired > self.limits.memory_bytes {
            return Err(self.stop(LimitHit::Memory));
        }
        Ok(true)
    }

    fn table_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _max: Option<usize>,
    ) -> wasmtime::Result<bool> {
        // QuickJS never grows its function table; a guest that tries is refused.
        Ok(desired <= 65_536)
    }
}

fn memory(caller: &mut Caller<'_, RunState>) -> wasmtime::Result<Memory> {
    match caller.get_export("memory") {
        Some(Extern::Memory(m)) => Ok(m),
        _ => Err(wasmtime::Error::msg("guest exports no memory")),
    }
}

fn span(ptr: i32, len: i32) -> wasmtime::Result<std::ops::Range<usize>> {
    let (p, l) = (ptr as u32 as usize, len as u32 as usize);
    let end = p
        .checked_add(l)
        .ok_or_else(|| wasmtime::Error::msg("guest pointer overflow"))?;
    Ok(p..end)
}

fn read_bytes(caller: &mut Caller<'_, RunState>, ptr: i32, len: i32) -> wasmtime::Result<Vec<u8>> {
    let mem = memory(caller)?;
    let range = span(ptr, len)?;
    mem.data(&*caller)
        .get(range)
        .map(<[u8]>::to_vec)
        .ok_or_else(|| wasmtime::Error::msg("guest passed an out-of-bounds buffer"))
}

fn read_str(caller: &mut Caller<'_, RunState>, ptr: i32, len: i32) -> wasmtime::Result<String> {
    String::from_utf8(read_bytes(caller, ptr, len)?)
        .map_err(|_| wasmtime::Error::msg("guest passed a string that is not UTF-8"))
}

fn error_reply(name: &str, message: &str, extra: &[(&str, &str)]) -> Vec<u8> {
    let mut obj = serde_json::Map::new();
    obj.insert("name".into(), Value::from(name));
    obj.insert("message".into(), Value::from(message));
    for (k, v) in extra {
        obj.insert((*k).into(), Value::from(*v));
    }
    serde_json::to_vec(&obj).expect("a map of strings serializes")
}

/// Reply length as the guest expects it: positive for a result, negative for an error.
fn announce(len: usize, is_error: bool) -> i32 {
    // Replies are capped far below i32::MAX by `max_reply_bytes` before they get here.
    let n = len as i32;
    if is_error { -n } else { n }
}

/// One tool call from the guest: check, dispatch, record, and stash the reply.
async fn tool_call(caller: &mut Caller<'_, RunState>, args: [i32; 6]) -> wasmtime::Result<i32> {
    let [tp, tl, mp, ml, ap, al] = args;
    let tool_id = read_str(caller, tp, tl)?;
    let method = read_str(caller, mp, ml)?;
    let raw_args = read_bytes(caller, ap, al)?;
    let state = caller.data_mut();
    let seq = state.calls.len();
    if seq >= state.limits.max_tool_calls {
        return Err(state.stop(LimitHit::ToolCalls));
    }
    let arguments: Value = serde_json::from_slice(&raw_args).unwrap_or(Value::Null);
    let mut record = ToolCallRecord {
        seq,
        tool_id: tool_id.clone(),
        method: method.clone(),
        arguments,
        outcome: Ok(Value::Null),
        duration: Duration::ZERO,
    };

    let refusal = match state.allowlist.check(&tool_id, &method, &record.arguments) {
        Ok(()) => None,
        Err(Rejection::NotAllowed) => {
            let message = format!("{tool_id}.{method} is not allowed in this run");
            Some((
                CallErrorKind::NotAllowed,
                error_reply("CapabilityError", &message, &[]),
                message,
            ))
        }
        Err(Rejection::InvalidArguments { field, message }) => {
            let reply = error_reply("ArgumentError", &message, &[("field", &field)]);
            Some((CallErrorKind::InvalidArguments, reply, message))
        }
    };
    if let Some((kind, reply, message)) = refusal {
        record.outcome = Err(CallError { kind, message });
        state.calls.push(record);
        let n = announce(reply.len(), true);
        state.pending_reply = Some(reply);
        return Ok(n);
    }

    let tool_caller = Arc::clone(&state.caller);
    let remaining = state.deadline.saturating_duration_since(Instant::now());
    let started = Instant::now();
    let answer = tokio::time::timeout(
        remaining,
        tool_caller.call(&tool_id, &method, &record.arguments),
    )
    .await;
    record.duration = started.elapsed();
    let state = caller.data_mut();
    let answer = match answer {
        Ok(answer) => answer,
        Err(_elapsed) => {
            let message = "the run's deadline passed during the call".to_owned();
            record.outcome = Err(CallError {
                kind: CallErrorKind::Timeout,
                message,
            });
            state.calls.push(record);
            return Err(state.stop(LimitHit::Deadline));
        }
    };
    let (reply, is_error) = match answer {
        Ok(value) => {
            let bytes = serde_json::to_vec(&value).expect("a JSON value serializes");
            record.outcome = Ok(value);
            (bytes, false)
        }
        Err(e) => {
            let reply = error_reply(
                "ToolError",
                &e.message,
                &[("tool", &tool_id), ("method", &method)],
            );
            record.outcome = Err(CallError {
                kind: CallErrorKind::Tool,
                message: e.message,
            });
            (reply, true)
        }
    };
    if reply.len() > state.limits.max_reply_bytes {
        let message = format!(
            "reply of {} bytes exceeds the {}-byte cap",
            reply.len(),
            state.limits.max_reply_bytes
        );
        record.outcome = Err(CallError {
            kind: CallErrorKind::ReplyTooLarge,
            message,
        });
        state.calls.push(record);
        return Err(state.stop(LimitHit::ReplyBytes));
    }
    state.calls.push(record);
    let n = announce(reply.len(), is_error);
    state.pending_reply = Some(reply);
    Ok(n)
}

/// Defines every import the guest module needs.
pub(crate) fn define_imports(linker: &mut Linker<RunState>) -> wasmtime::Result<()> {
    linker.func_wrap_async(
        "sluice",
        "call",
        |mut caller: Caller<'_, RunState>,
         (tp, tl, mp, ml, ap, al): (i32, i32, i32, i32, i32, i32)| {
            Box::new(async move { tool_call(&mut caller, [tp, tl, mp, ml, ap, al]).await })
        },
    )?;
    linker.func_wrap(
        "sluice",
        "take_reply",
        |mut caller: Caller<'_, RunState>, dst: i32| {
            let reply = caller.data_mut().pending_reply.take().ok_or_else(|| {
                wasmtime::Error::msg("guest took a reply that was never announced")
            })?;
            let mem = memory(&mut caller)?;
            let range = span(dst, reply.len() as i32)?;
            mem.data_mut(&mut caller)
                .get_mut(range)
                .ok_or_else(|| wasmtime::Error::msg("guest passed an out-of-bounds reply buffer"))?
                .copy_from_slice(&reply);
            Ok(())
        },
    )?;
    linker.func_wrap(
        "sluice",
        "compiled",
        |mut caller: Caller<'_, RunState>, ptr: i32, len: i32| {
            let state = caller.data();
            if state.wants_bytecode && state.compiled.is_none() {
                let bytes = read_bytes(&mut caller, ptr, len)?;
                caller.data_mut().compiled = Some(bytes);
            }
            Ok(())
        },
    )?;
    linker.func_wrap(
        "sluice",
        "log",
        |mut caller: Caller<'_, RunState>, ptr: i32, len: i32| {
            let text = String::from_utf8_lossy(&read_bytes(&mut caller, ptr, len)?).into_owned();
            caller.data_mut().append_log(&text)
        },
    )?;
    linker.func_wrap(
        "sluice",
        "finish",
        |mut caller: Caller<'_, RunState>, status: i32, ptr: i32, len: i32| {
            let limit = caller.data().limits.max_result_bytes;
            if status == 0 && len as u32 as usize > limit {
                return Err(caller.data_mut().stop(LimitHit::ResultBytes));
            }
            let bytes = read_bytes(&mut caller, ptr, len)?;
            caller.data_mut().finish = Some(if status == 0 {
                Finish::Value(bytes)
            } else {
                Finish::Exception(bytes)
            });
            Ok(())
        },
    )?;

    linker.func_wrap(
        WASI,
        "clock_time_get",
        |mut caller: Caller<'_, RunState>, _id: i32, _precision: i64, out: i32| {
            let now = caller.data().clock_ns.to_le_bytes();
            let mem = memory(&mut caller)?;
            let Ok(range) = span(out, 8) else {
                return Ok(ERRNO_FAULT);
            };
            match mem.data_mut(&mut caller).get_mut(range) {
                Some(slot) => {
                    slot.copy_from_slice(&now);
                    Ok(ERRNO_SUCCESS)
                }
                None => Ok(ERRNO_FAULT),
            }
        },
    )?;
    linker.func_wrap(
        WASI,
        "fd_write",
        |mut caller: Caller<'_, RunState>,
         _fd: i32,
         iovs: i32,
         iovs_len: i32,
         nwritten: i32|
         -> wasmtime::Result<i32> {
            let table = read_bytes(&mut caller, iovs, iovs_len.saturating_mul(8))?;
            let mut text = Vec::new();
            for iov in table.chunks_exact(8) {
                let ptr = i32::from_le_bytes(iov[0..4].try_into().expect("4 bytes"));
                let len = i32::from_le_bytes(iov[4..8].try_into().expect("4 bytes"));
                text.extend(read_bytes(&mut caller, ptr, len)?);
            }
            let written = (text.len() as u32).to_le_bytes();
            caller
                .data_mut()
                .append_log(String::from_utf8_lossy(&text).trim_end())?;
            let mem = memory(&mut caller)?;
            let Ok(range) = span(nwritten, 4) else {
                return Ok(ERRNO_FAULT);
            };
            match mem.data_mut(&mut caller).get_mut(range) {
                Some(slot) => {
                    slot.copy_from_slice(&written);
                    Ok(ERRNO_SUCCESS)
                }
                None => Ok(ERRNO_FAULT),
            }
        },
    )?;
    linker.func_wrap(WASI, "fd_close", |_fd: i32| ERRNO_BADF)?;
    linker.func_wrap(WASI, "fd_fdstat_get", |_fd: i32, _out: i32| ERRNO_BADF)?;
    linker.func_wrap(
        WASI,
        "fd_seek",
        |_fd: i32, _offset: i64, _whence: i32, _out: i32| ERRNO_BADF,
    )?;
    Ok(())
}
