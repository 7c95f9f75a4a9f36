//! Threads and their messages, in SQLite or PostgreSQL through one async API (`sqlx::Any`) and
//! one set of embedded migrations written for both.
//!
//! Invariants: a turn (the person's message, the reply and its envelope, the thread's turn
//! count) is written in one transaction, so a crash or a cancelled request leaves no half turn;
//! a thread never holds more turns than the limit the writer passes, even under concurrent
//! writers (the count is raised with a conditional `UPDATE`); every call has the pool's acquire
//! timeout.

use std::path::Path;
use std::time::Duration;

use contract::time::{now_ms, timestamp};
use contract::{ChatMessage, ChatThread, ChatTurn, Outcome, QueryResponse, Role, ThreadSummary};

use crate::history::Said;
use sqlx::AnyPool;
use sqlx::Row;
use sqlx::any::{AnyPoolOptions, AnyRow};

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Longest a thread's title runs, in characters.
const TITLE_CHARS: usize = 80;

/// Why the store could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database URL names neither SQLite nor PostgreSQL.
    #[error("unsupported database URL (expected sqlite:… or postgres://…): {0}")]
    UnsupportedUrl(String),
    /// The data directory could not be created.
    #[error("cannot create the data directory {path}: {source}")]
    DataDir {
        /// The directory.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The thread does not exist (or was deleted while the turn ran).
    #[error("no thread has the id {0}")]
    NoThread(String),
    /// The thread has taken its last turn.
    #[error("the thread has reached its limit of {0} turns")]
    TurnLimit(u32),
    /// The database failed or did not answer in time.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The migrations could not be applied.
    #[error("database migration: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    /// A stored envelope could not be read back.
    #[error("a stored envelope is not a valid response: {0}")]
    Corrupt(#[from] serde_json::Error),
}

/// Which database a store writes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// The thread store.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

/// The thread a turn is written to.
#[derive(Debug, Clone)]
pub enum ThreadKey {
    /// A thread this turn starts: created in the turn's transaction.
    New {
        /// Its id (from [`new_thread_id`]), told to the client before the turn settles.
        id: String,
        /// The tools it is pinned to; `None`: the whole marketplace.
        tools: Option<Vec<String>>,
        /// The document collection or document it is confined to; `None`: everywhere.
        scope: Option<contract::DocumentScope>,
    },
    /// A thread that exists.
    Existing(String),
}

impl ThreadKey {
    /// The thread's id.
    pub fn id(&self) -> &str {
        match self {
            ThreadKey::New { id, .. } | ThreadKey::Existing(id) => id,
        }
    }
}

/// One turn to write.
#[derive(Debug, Clone)]
pub struct NewTurn {
    /// Where it goes.
    pub thread: ThreadKey,
    /// What the person wrote.
    pub message: String,
    /// The clarification option the message chose, if it did.
    pub selected_option_id: Option<String>,
    /// The reply's text.
    pub reply: String,
    /// The whole response the reply settled as.
    pub envelope: QueryResponse,
}

/// A fresh thread id.
pub fn new_thread_id() -> String {
    random_id("thr")
}

fn random_id(prefix: &str) -> String {
    let mut bytes = [0u8; 8];
    // The OS's random source does not fail on the platforms Sluice runs on; were it to, the
    // clock still gives distinct ids within one process.
    if getrandom::fill(&mut bytes).is_err() {
        bytes = now_ms().to_le_bytes();
    }
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{prefix}_{hex}")
}

impl Store {
    /// Connects to `url` (`sqlite:PATH?mode=rwc` or `postgres://…`) and applies the migrations.
    /// Every wait for a connection is bounded by `timeout`.
    pub async fn connect(url: &str, timeout: Duration) -> Result<Self, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            return Err(StoreError::UnsupportedUrl(redacted(url)));
        };
        let pool = AnyPoolOptions::new()
            .max_connections(match backend {
                Backend::Sqlite => 4,
                Backend::Postgres => 8,
            })
            .acquire_timeout(timeout)
            .connect(url)
            .await?;
        if backend == Backend::Sqlite {
            // Readers do not wait for the writer, and a writer waits its turn instead of failing.
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await?;
        }
        MIGRATOR.run(&pool).await?;
        Ok(Self { pool, backend })
    }

    /// The SQLite store in `dir` (`dir/sluice.db`), creating both when missing.
    pub async fn in_dir(dir: &Path, timeout: Duration) -> Result<Self, StoreError> {
        std::fs::create_dir_all(dir).map_err(|source| StoreError::DataDir {
            path: dir.display().to_string(),
            source,
        })?;
        let file = dir.join("sluice.db");
        Self::connect(&format!("sqlite://{}?mode=rwc", file.display()), timeout).await
    }

    /// The connection pool, for other tables kept in the same database (the API keys).
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Which database this store writes to.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Writes one turn, in one transaction: the thread (when new), its raised turn count, the
    /// person's message and the reply with its envelope. Refused when the thread is at
    /// `max_turns` or is gone.
    pub async fn append(&self, turn: NewTurn, max_turns: u32) -> Result<ChatTurn, StoreError> {
        let at = now_ms();
        let id = turn.thread.id().to_owned();
        let envelope = serde_json::to_string(&turn.envelope)?;
        let asked = turn
            .envelope
            .clarification
            .as_ref()
            .filter(|_| turn.envelope.outcome == Outcome::ClarificationRequired)
            .map(serde_json::to_string)
            .transpose()?;
        let mut tx = self.pool.begin().await?;
        if let ThreadKey::New { tools, scope, .. } = &turn.thread {
            let tools = tools.as_ref().map(serde_json::to_string).transpose()?;
            let scope = scope.as_ref().map(serde_json::to_string).transpose()?;
            sqlx::query(
                "INSERT INTO chat_threads (id, title, tools, scope, turns, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, 0, $5, $5)",
            )
            .bind(&id)
            .bind(title(&turn.message))
            .bind(tools)
            .bind(scope)
            .bind(at)
            .execute(&mut *tx)
            .await?;
        }
        let raised = sqlx::query(
            "UPDATE chat_threads SET turns = turns + 1, updated_at = $1 \
             WHERE id = $2 AND turns < $3 RETURNING turns",
        )
        .bind(at)
        .bind(&id)
        .bind(i64::from(max_turns))
        .fetch_optional(&mut *tx)
        .await?;
        let Some(raised) = raised else {
            let exists = sqlx::query("SELECT id FROM chat_threads WHERE id = $1")
                .bind(&id)
                .fetch_optional(&mut *tx)
                .await?;
            return Err(match exists {
                Some(_) => StoreError::TurnLimit(max_turns),
                None => StoreError::NoThread(id),
            });
        };
        let turns: i64 = raised.try_get(0)?;
        let seq = (turns - 1) * 2;
        let message = ChatMessage {
            id: random_id("msg"),
            role: Role::User,
            content: turn.message,
            created_at: timestamp(at),
            selected_option_id: turn.selected_option_id,
            envelope: None,
        };
        let reply = ChatMessage {
            id: random_id("msg"),
            role: Role::Assistant,
            content: turn.reply,
            created_at: timestamp(at),
            selected_option_id: None,
            envelope: Some(Box::new(turn.envelope)),
        };
        let rows = [
            (0, &message, None, None),
            (1, &reply, asked, Some(envelope)),
        ];
        for (offset, m, asked, stored) in rows {
            sqlx::query(
                "INSERT INTO chat_messages (id, thread_id, seq, role, content, \
                 selected_option_id, clarification, envelope, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(&m.id)
            .bind(&id)
            .bind(seq + offset)
            .bind(role_name(m.role))
            .bind(&m.content)
            .bind(m.selected_option_id.clone())
            .bind(asked)
            .bind(stored)
            .bind(at)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(ChatTurn {
            thread_id: id,
            message,
            reply,
        })
    }

    /// The thread `id`, without its messages.
    pub async fn summary(&self, id: &str) -> Result<Option<ThreadSummary>, StoreError> {
        let row = sqlx::query(
            "SELECT id, title, tools, scope, turns, created_at, updated_at FROM chat_threads WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(thread_summary).transpose()
    }

    /// The most recently updated threads, at most `limit`.
    pub async fn threads(&self, limit: u32) -> Result<Vec<ThreadSummary>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, title, tools, scope, turns, created_at, updated_at FROM chat_threads \
             ORDER BY updated_at DESC, id LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(thread_summary).collect()
    }

    /// The thread `id` with its messages, oldest first.
    pub async fn thread(&self, id: &str) -> Result<Option<ChatThread>, StoreError> {
        let Some(thread) = self.summary(id).await? else {
            return Ok(None);
        };
        let rows = sqlx::query(
            "SELECT id, role, content, selected_option_id, envelope, created_at \
             FROM chat_messages WHERE thread_id = $1 ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let messages = rows
            .iter()
            .map(chat_message)
            .collect::<Result<_, StoreError>>()?;
        Ok(Some(ChatThread { thread, messages }))
    }

    /// The thread `id` as its next turn needs it: the thread, and its last `limit` messages
    /// without their envelopes (only what they said, chose and asked), oldest first.
    pub async fn conversation(
        &self,
        id: &str,
        limit: u32,
    ) -> Result<Option<(ThreadSummary, Vec<Said>)>, StoreError> {
        let Some(thread) = self.summary(id).await? else {
            return Ok(None);
        };
        let rows = sqlx::query(
            "SELECT role, content, selected_option_id, clarification FROM chat_messages \
             WHERE thread_id = $1 ORDER BY seq DESC LIMIT $2",
        )
        .bind(id)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let mut said = rows
            .iter()
            .map(|row| {
                let role: String = row.try_get("role")?;
                let asked: Option<String> = row.try_get("clarification")?;
                Ok(Said {
                    role: role_of(&role),
                    content: row.try_get("content")?,
                    selected_option_id: row.try_get("selected_option_id")?,
                    clarification: asked.map(|a| serde_json::from_str(&a)).transpose()?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        said.reverse();
        Ok(Some((thread, said)))
    }

    /// Deletes the thread `id` and its messages; whether it existed.
    pub async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM chat_messages WHERE thread_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let gone = sqlx::query("DELETE FROM chat_threads WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(gone > 0)
    }
}

/// A thread's title: its first message, cut at a word boundary.
fn title(message: &str) -> String {
    let line = message.lines().next().unwrap_or_default().trim();
    if line.chars().count() <= TITLE_CHARS {
        return line.to_owned();
    }
    let cut: String = line.chars().take(TITLE_CHARS).collect();
    let at = cut.rfind(char::is_whitespace).unwrap_or(cut.len());
    format!("{}…", cut[..at].trim_end())
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::User => "user",
        Role::Assistant => "assistant",
    }
}

fn role_of(name: &str) -> Role {
    if name == "assistant" {
        Role::Assistant
    } else {
        Role::User
    }
}

fn thread_summary(row: &AnyRow) -> Result<ThreadSummary, StoreError> {
    let tools: Option<String> = row.try_get("tools")?;
    let scope: Option<String> = row.try_get("scope")?;
    let turns: i64 = row.try_get("turns")?;
    Ok(ThreadSummary {
        id: row.try_get("id")?,
        title: row.try_get("title")?,
        tools: tools.map(|t| serde_json::from_str(&t)).transpose()?,
        scope: scope.map(|s| serde_json::from_str(&s)).transpose()?,
        turns: u32::try_from(turns).unwrap_or(u32::MAX),
        created_at: timestamp(row.try_get("created_at")?),
        updated_at: timestamp(row.try_get("updated_at")?),
    })
}

fn chat_message(row: &AnyRow) -> Result<ChatMessage, StoreError> {
    let role: String = row.try_get("role")?;
    let envelope: Option<String> = row.try_get("envelope")?;
    Ok(ChatMessage {
        id: row.try_get("id")?,
        role: role_of(&role),
        content: row.try_get("content")?,
        created_at: timestamp(row.try_get("created_at")?),
        selected_option_id: row.try_get("selected_option_id")?,
        envelope: envelope
            .map(|e| serde_json::from_str(&e).map(Box::new))
            .transpose()?,
    })
}

/// `url` without its password, for messages.
fn redacted(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            format!("{}://…@{}", &url[..scheme], &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}
