//! Programs already compiled: the bytecode the guest compiled a program's source to, kept by the
//! program's exact text so that a later run of the same text skips parsing and compiling.
//!
//! What is kept is derived from the source alone, before any of the program's code ran (the guest
//! reports it between compiling and running), so reusing it shares no state between runs. The
//! bytes only ever come from the guest's own compiler. The cache is bounded by bytes (text plus
//! bytecode) and forgets the least recently used program first.

use std::sync::{Arc, Mutex};

use lru::LruCache;

/// The cache; `budget` 0 keeps nothing.
pub(crate) struct CompiledPrograms {
    budget: usize,
    inner: Mutex<Kept>,
}

struct Kept {
    programs: LruCache<Box<str>, Arc<[u8]>>,
    bytes: usize,
}

impl CompiledPrograms {
    pub(crate) fn new(budget: usize) -> Self {
        Self {
            budget,
            inner: Mutex::new(Kept {
                programs: LruCache::unbounded(),
                bytes: 0,
            }),
        }
    }

    /// Whether anything is ever kept (a budget of 0 keeps nothing).
    pub(crate) fn keeps(&self) -> bool {
        self.budget > 0
    }

    /// The bytecode of `program`, when an earlier run compiled exactly this text.
    pub(crate) fn get(&self, program: &str) -> Option<Arc<[u8]>> {
        if !self.keeps() {
            return None;
        }
        self.lock().programs.get(program).cloned()
    }

    /// Keeps `bytecode` for `program`, forgetting the least recently used programs while the
    /// total is over budget. A program bigger than a quarter of the budget is not kept.
    pub(crate) fn keep(&self, program: &str, bytecode: Vec<u8>) {
        let size = program.len() + bytecode.len();
        if size > self.budget / 4 {
            return;
        }
        let mut kept = self.lock();
        if let Some(old) = kept.programs.put(program.into(), bytecode.into()) {
            kept.bytes -= program.len() + old.len();
        }
        kept.bytes += size;
        while kept.bytes > self.budget {
            let Some((text, code)) = kept.programs.pop_lru() else {
                break;
            };
            kept.bytes -= text.len() + code.len();
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_within_its_budget_and_forgets_the_least_recently_used() {
        let cache = CompiledPrograms::new(40);
        cache.keep("a", vec![0; 9]); // 10 bytes
        cache.keep("b", vec![1; 9]);
        cache.keep("c", vec![2; 9]);
        assert!(cache.get("a").is_some()); // a is now the most recent
        cache.keep("d", vec![3; 9]);
        cache.keep("e", vec![4; 9]); // 50 bytes: the least recent (b) goes
        assert!(cache.get("b").is_none());
        assert_eq!(cache.get("a").as_deref(), Some(&[0u8; 9][..]));
        assert!(cache.get("e").is_some());
        assert!(cache.lock().bytes <= 40);
    }

    #[test]
    fn replacing_a_program_counts_its_bytes_once() {
        let cache = CompiledPrograms::new(100);
        cache.keep("a", vec![0; 9]);
        cache.keep("a", vec![0; 19]);
        assert_eq!(cache.lock().bytes, 20);
    }

    #[test]
    fn keeps_nothing_too_large_or_without_a_budget() {
        let cache = CompiledPrograms::new(40);
        cache.keep("big", vec![0; 20]);
        assert!(cache.get("big").is_none());
        let off = CompiledPrograms::new(0);
        off.keep("a", vec![0; 1]);
        assert!(off.get("a").is_none());
    }
}
