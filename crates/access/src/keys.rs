//! API keys, kept in the same database as the chat's threads (any `sqlx::Any` pool: SQLite or
//! PostgreSQL), with their own embedded migrations.
//!
//! A key reads `sluice_<id>_<secret>`. The id is public (it names the key in listings, logs and
//! limits); the secret is 192 random bits, shown once when the key is made and kept only as
//! SHA-256 over a per-key random salt and the secret. A slow password hash would add
//! milliseconds to every request without making a random 192-bit secret any harder to guess.
//!
//! Invariants: no secret is stored, logged or returned after [`KeyStore::create`]; a revoked key
//! never verifies again, on any replica (every check reads the database); hashes are compared in
//! constant time.

use std::fmt;

use contract::time::{now_ms, timestamp};
use sha2::{Digest, Sha256};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

/// The prefix every key starts with.
pub const KEY_PREFIX: &str = "sluice_";

/// Longest a key's name runs, in characters.
const NAME_CHARS: usize = 64;

/// Why a key could not be made, listed, revoked or checked.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    /// The name is empty, too long or has control characters.
    #[error("a key's name must be 1 to {NAME_CHARS} printable characters")]
    BadName,
    /// A live key already has this name.
    #[error("a live key is already called '{0}'; revoke it first or choose another name")]
    NameTaken(String),
    /// No live key has this name or id.
    #[error("no live key is called or numbered '{0}'")]
    NoKey(String),
    /// The operating system's random source failed; no key is made from a weaker one.
    #[error("the operating system's random source is unavailable: {0}")]
    Random(getrandom::Error),
    /// The database failed or did not answer in time.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The migrations could not be applied.
    #[error("database migration: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
}

/// What is known about a key, without its secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyInfo {
    /// Its public id (`k` and 12 hex digits).
    pub id: String,
    /// The name it was made with.
    pub name: String,
    /// When it was made (RFC 3339, UTC).
    pub created_at: String,
    /// When it was revoked, if it was.
    pub revoked_at: Option<String>,
}

/// A key just made: the only time its whole text exists outside the caller's hands.
pub struct NewKey {
    /// The key's public facts.
    pub info: KeyInfo,
    /// The whole key, to send as `Authorization: Bearer …`.
    pub key: String,
}

impl fmt::Debug for NewKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NewKey")
            .field("info", &self.info)
            .field("key", &"[redacted]")
            .finish()
    }
}

/// The key table.
#[derive(Debug, Clone)]
pub struct KeyStore {
    pool: AnyPool,
}

impl KeyStore {
    /// The key table on `pool`, created or brought up to date first. Its migrations are tracked
    /// apart from the chat's, in `_sluice_access_migrations`.
    pub async fn open(pool: AnyPool) -> Result<Self, KeyError> {
        let mut migrator = sqlx::migrate!("./migrations");
        migrator.dangerous_set_table_name("_sluice_access_migrations");
        migrator.run(&pool).await?;
        Ok(Self { pool })
    }

    /// Makes a key called `name`.
    pub async fn create(&self, name: &str) -> Result<NewKey, KeyError> {
        let name = name.trim();
        if name.is_empty()
            || name.chars().count() > NAME_CHARS
            || name.chars().any(char::is_control)
        {
            return Err(KeyError::BadName);
        }
        let id = format!("k{}", hex(&random::<6>()?));
        let secret = hex(&random::<24>()?);
        let salt = hex(&random::<16>()?);
        let at = now_ms();
        let inserted = sqlx::query(
            "INSERT INTO api_keys (id, name, salt, hash, created_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&id)
        .bind(name)
        .bind(&salt)
        .bind(digest(&salt, &secret))
        .bind(at)
        .execute(&self.pool)
        .await;
        match inserted {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(KeyError::NameTaken(name.to_owned()));
            }
            Err(e) => return Err(e.into()),
        }
        Ok(NewKey {
            key: format!("{KEY_PREFIX}{id}_{secret}"),
            info: KeyInfo {
                id,
                name: name.to_owned(),
                created_at: timestamp(at),
                revoked_at: None,
            },
        })
    }

    /// Every key, live and revoked, oldest first.
    pub async fn list(&self) -> Result<Vec<KeyInfo>, KeyError> {
        let rows = sqlx::query(
            "SELECT id, name, created_at, revoked_at FROM api_keys ORDER BY created_at, id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(info).collect()
    }

    /// Revokes the live key with this id or name; it stops verifying at once, everywhere.
    pub async fn revoke(&self, id_or_name: &str) -> Result<KeyInfo, KeyError> {
        let row = sqlx::query(
            "UPDATE api_keys SET revoked_at = $1 WHERE revoked_at IS NULL AND (id = $2 OR name = $2) \
             RETURNING id, name, created_at, revoked_at",
        )
        .bind(now_ms())
        .bind(id_or_name)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(row) => info(&row),
            None => Err(KeyError::NoKey(id_or_name.to_owned())),
        }
    }

    /// The live key `presented` is, or `None` when it is malformed, unknown, wrong or revoked.
    pub async fn verify(&self, presented: &str) -> Result<Option<KeyInfo>, KeyError> {
        let Some((id, secret)) = split(presented) else {
            return Ok(None);
        };
        let row = sqlx::query(
            "SELECT id, name, created_at, revoked_at, salt, hash FROM api_keys \
             WHERE id = $1 AND revoked_at IS NULL",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let salt: String = row.try_get("salt")?;
        let hash: String = row.try_get("hash")?;
        if !same(digest(&salt, secret).as_bytes(), hash.as_bytes()) {
            return Ok(None);
        }
        info(&row).map(Some)
    }
}

/// A presented key's id and secret, when it has the shape of a key.
fn split(presented: &str) -> Option<(&str, &str)> {
    let (id, secret) = presented.strip_prefix(KEY_PREFIX)?.split_once('_')?;
    let hex_digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_hexdigit());
    (id.starts_with('k') && hex_digits(&id[1..], 12) && hex_digits(secret, 48))
        .then_some((id, secret))
}

fn info(row: &AnyRow) -> Result<KeyInfo, KeyError> {
    Ok(KeyInfo {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        created_at: timestamp(row.try_get("created_at")?),
        revoked_at: row.try_get::<Option<i64>, _>("revoked_at")?.map(timestamp),
    })
}

fn digest(salt: &str, secret: &str) -> String {
    let mut h = Sha256::new();
    h.update(salt.as_bytes());
    h.update(b":");
    h.update(secret.as_bytes());
    hex(&h.finalize())
}

/// Equal bytes, compared without stopping at the first difference.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Random bytes from the OS; a key is never made from a predictable source.
fn random<const N: usize>() -> Result<[u8; N], KeyError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(KeyError::Random)?;
    Ok(bytes)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
