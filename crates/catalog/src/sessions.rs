//! Open MCP sessions: at most one per tool, opened on first use, and for remote servers closed
//! again when idle or when too many are open (least recently used first), so that a marketplace
//! of thousands of servers holds a bounded number of sockets.
//!
//! Invariants: remote sessions never exceed the cap after [`Sessions::keep`]; every remote
//! session shares one HTTP client (TLS roots loaded once per process), built lazily and rebuilt
//! if building failed; a session whose exchange failed is forgotten, so the next call reconnects.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use crate::address::Outbound;
use crate::builtin::BuiltinServer;
use crate::failure::Failure;
use crate::mcp::{Connection, Fault};
use crate::{Origin, Source};

struct Session {
    connection: Arc<Connection>,
    last_used: Instant,
    remote: bool,
}

/// The marketplace's open sessions.
pub(crate) struct Sessions {
    open: Mutex<HashMap<String, Session>>,
    client: Mutex<Option<reqwest::Client>>,
    outbound: Outbound,
    idle: Duration,
    cap: usize,
    reaper: AtomicBool,
}

impl Sessions {
    pub(crate) fn new(outbound: Outbound, idle: Duration, cap: usize) -> Self {
        Self {
            open: Mutex::new(HashMap::new()),
            client: Mutex::new(None),
            outbound,
            idle,
            cap: cap.max(1),
            reaper: AtomicBool::new(false),
        }
    }

    /// The session of `source`, opened if there is none.
    pub(crate) async fn connection(
        self: &Arc<Self>,
        source: &Source,
    ) -> Result<Arc<Connection>, Fault> {
        if let Some(c) = self.reuse(&source.id) {
            return Ok(c);
        }
        let _opening = source.opening.lock().await;
        if let Some(c) = self.reuse(&source.id) {
            return Ok(c);
        }
        let (connection, remote) = match &source.origin {
            Origin::Builtin(tool) => (
                Connection::in_memory(BuiltinServer::new(Arc::clone(tool))).await?,
                false,
            ),
            Origin::Remote(address) => {
                let client = self.client()?;
                self.start_reaper();
                (
                    Connection::remote(address, &client, self.outbound).await?,
                    true,
                )
            }
        };
        let connection = Arc::new(connection);
        self.keep(&source.id, Arc::clone(&connection), remote);
        Ok(connection)
    }

    fn reuse(&self, id: &str) -> Option<Arc<Connection>> {
        let mut open = self.open.lock().expect("sessions lock");
        let session = open.get_mut(id)?;
        session.last_used = Instant::now();
        Some(Arc::clone(&session.connection))
    }

    /// Keeps a new session, closing idle ones and, past the cap, the least recently used.
    fn keep(&self, id: &str, connection: Arc<Connection>, remote: bool) {
        let mut open = self.open.lock().expect("sessions lock");
        let idle = self.idle;
        open.retain(|_, s| !s.remote || s.last_used.elapsed() < idle);
        if remote {
            while open.values().filter(|s| s.remote).count() >= self.cap {
                let oldest = open
                    .iter()
                    .filter(|(_, s)| s.remote)
                    .min_by_key(|(_, s)| s.last_used)
                    .map(|(k, _)| k.clone());
                match oldest {
                    Some(k) => {
                        tracing::debug!(tool = %k, "closing the least recently used MCP session");
                        open.remove(&k);
                    }
                    None => break,
                }
            }
        }
        open.insert(
            id.to_owned(),
            Session {
                connection,
                last_used: Instant::now(),
                remote,
            },
        );
    }

    /// Drops the session of `id` after a failed exchange; when the failure was running out of
    /// file descriptors or memory, sheds the least recently used half of the others too.
    pub(crate) fn failed(&self, id: &str, failure: Failure) {
        self.open.lock().expect("sessions lock").remove(id);
        if failure == Failure::Exhausted {
            let closed = self.shed();
            tracing::warn!(
                closed,
                "resources exhausted: closed the least recently used half of the MCP sessions"
            );
        }
    }

    /// Closes the least recently used half of the remote sessions (at least one when any is
    /// open), returning how many were closed: the relief when the process is out of descriptors.
    pub(crate) fn shed(&self) -> usize {
        let mut open = self.open.lock().expect("sessions lock");
        let mut remote: Vec<(String, Instant)> = open
            .iter()
            .filter(|(_, s)| s.remote)
            .map(|(k, s)| (k.clone(), s.last_used))
            .collect();
        remote.sort_by_key(|(_, used)| *used);
        let closing = remote.len().div_ceil(2);
        for (id, _) in remote.into_iter().take(closing) {
            open.remove(&id);
        }
        closing
    }

    /// Closes remote sessions idle longer than the idle time.
    fn sweep(&self) {
        let idle = self.idle;
        self.open
            .lock()
            .expect("sessions lock")
            .retain(|_, s| !s.remote || s.last_used.elapsed() < idle);
    }

    /// Remote sessions open now.
    pub(crate) fn open_remote(&self) -> usize {
        self.open
            .lock()
            .expect("sessions lock")
            .values()
            .filter(|s| s.remote)
            .count()
    }

    /// The one HTTP client, built on first need.
    fn client(&self) -> Result<reqwest::Client, Fault> {
        let mut slot = self.client.lock().expect("client lock");
        if let Some(c) = &*slot {
            return Ok(c.clone());
        }
        let built = self.outbound.client().map_err(|detail| Fault {
            failure: Failure::Exhausted,
            detail,
        })?;
        *slot = Some(built.clone());
        Ok(built)
    }

    /// Starts, once, the task that closes idle sessions between requests. It ends with the
    /// marketplace.
    fn start_reaper(self: &Arc<Self>) {
        if self.reaper.swap(true, Ordering::AcqRel) {
            return;
        }
        let weak: Weak<Self> = Arc::downgrade(self);
        let every = (self.idle / 2).clamp(Duration::from_millis(50), Duration::from_secs(30));
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                match weak.upgrade() {
                    Some(sessions) => sessions.sweep(),
                    None => return,
                }
            }
        });
    }
}
