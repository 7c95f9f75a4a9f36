//! The on-disk cache of the compiled, pre-initialised guest module.
//!
//! Compiling the ~1 MB QuickJS module and snapshotting it takes about a second; a CLI that starts
//! per command cannot pay that every time. The cache key is the guest's SHA-256, this crate's
//! version and wasmtime's engine compatibility hash, so a changed guest, harness, wasmtime or
//! engine configuration never loads a stale artifact.
//!
//! This is the crate's only `unsafe`: wasmtime cannot check that a serialized module is the one it
//! wrote, so loading one trusts the file. The directory must be writable by this user alone
//! (documented on [`crate::SandboxConfig::module_cache_dir`]); a file that fails wasmtime's own
//! header and version checks is ignored and rewritten.
#![allow(unsafe_code)]

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};

use wasmtime::{Engine, Module};

/// The cache file for `guest_sha256` under `dir` on this engine.
pub(crate) fn path_for(dir: &Path, engine: &Engine, guest_sha256: &str) -> PathBuf {
    let mut h = DefaultHasher::new();
    engine.precompile_compatibility_hash().hash(&mut h);
    env!("CARGO_PKG_VERSION").hash(&mut h);
    let short = guest_sha256.get(..16).unwrap_or(guest_sha256);
    dir.join(format!("sluice-guest-{short}-{:016x}.cwasm", h.finish()))
}

/// Loads a cached module, or `None` when there is none or it does not fit this engine.
pub(crate) fn load(engine: &Engine, path: &Path) -> Option<Module> {
    // Read, not mapped: a mapped file that another process truncates would kill this one with
    // SIGBUS; a copy in memory cannot change under us.
    let bytes = std::fs::read(path).ok()?;
    // SAFETY: the file is one this crate wrote with `Module::serialize` under a key that includes
    // the engine's compatibility hash, in a directory the operator keeps private (see module doc).
    // wasmtime still checks the header and version and returns an error on mismatch.
    unsafe { Module::deserialize(engine, &bytes) }.ok()
}

/// Writes `module` to `path` atomically (temporary file, then rename). Failures are not fatal:
/// the next start simply compiles again.
pub(crate) fn store(module: &Module, path: &Path) -> std::io::Result<()> {
    let bytes = module.serialize().map_err(std::io::Error::other)?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}
