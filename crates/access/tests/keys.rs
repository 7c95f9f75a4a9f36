//! API keys against SQLite (always) and PostgreSQL (when `SLUICE_TEST_POSTGRES_URL` names a
//! server; `SLUICE_REQUIRE_POSTGRES=1` makes its absence a failure).

use access::{KeyError, KeyStore, keys::KEY_PREFIX};
use sqlx::{AnyPool, Row};

async fn pools() -> Vec<AnyPool> {
    sqlx::any::install_default_drivers();
    let connect = |url: String| async move {
        sqlx::any::AnyPoolOptions::new()
            .max_connections(2)
            .connect(&url)
            .await
            .unwrap_or_else(|e| panic!("{url}: {e}"))
    };
    let file = std::env::temp_dir().join(format!(
        "sluice-keys-{}-{}.db",
        std::process::id(),
        unique("")
    ));
    let mut pools = vec![connect(format!("sqlite://{}?mode=rwc", file.display())).await];
    match std::env::var("SLUICE_TEST_POSTGRES_URL") {
        Ok(url) => pools.push(connect(url).await),
        Err(_) if std::env::var("SLUICE_REQUIRE_POSTGRES").as_deref() == Ok("1") => {
            panic!("SLUICE_REQUIRE_POSTGRES=1 but SLUICE_TEST_POSTGRES_URL is not set")
        }
        Err(_) => eprintln!("SLUICE_TEST_POSTGRES_URL is not set: PostgreSQL is skipped"),
    }
    pools
}

/// Names no earlier run used (a PostgreSQL test database outlives a run).
fn unique(name: &str) -> String {
    let at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{name}{at}")
}

#[tokio::test]
async fn a_key_verifies_until_it_is_revoked() {
    for pool in pools().await {
        let keys = KeyStore::open(pool).await.unwrap();
        let name = unique("ci bot ");
        let made = keys.create(&name).await.unwrap();
        assert!(made.key.starts_with(KEY_PREFIX));
        assert!(
            !format!("{made:?}").contains(&made.key),
            "Debug shows the key"
        );
        let found = keys.verify(&made.key).await.unwrap().unwrap();
        assert_eq!(
            (found.name.as_str(), found.id.as_str()),
            (name.as_str(), made.info.id.as_str())
        );
        // One changed digit of the secret, a cut key and a stranger's text do not verify.
        let mut wrong = made.key.clone();
        let last = wrong.pop().unwrap();
        wrong.push(if last == '0' { '1' } else { '0' });
        assert_eq!(keys.verify(&wrong).await.unwrap(), None);
        assert_eq!(
            keys.verify(&made.key[..made.key.len() - 1]).await.unwrap(),
            None
        );
        assert_eq!(keys.verify("nonsense").await.unwrap(), None);
        let revoked = keys.revoke(&name).await.unwrap();
        assert!(revoked.revoked_at.is_some());
        assert_eq!(keys.verify(&made.key).await.unwrap(), None);
        assert!(matches!(keys.revoke(&name).await, Err(KeyError::NoKey(_))));
    }
}

#[tokio::test]
async fn the_secret_is_not_stored_and_a_name_belongs_to_one_live_key() {
    for pool in pools().await {
        let keys = KeyStore::open(pool.clone()).await.unwrap();
        let name = unique("agent ");
        let made = keys.create(&name).await.unwrap();
        let secret = made.key.rsplit('_').next().unwrap().to_owned();
        let rows = sqlx::query("SELECT id, name, salt, hash FROM api_keys")
            .fetch_all(&pool)
            .await
            .unwrap();
        for row in &rows {
            for column in ["id", "name", "salt", "hash"] {
                let v: String = row.try_get(column).unwrap();
                assert!(!v.contains(&secret), "{column} holds the secret");
            }
        }
        let padded = format!(" {name} ");
        assert!(matches!(keys.create(&padded).await, Err(KeyError::NameTaken(n)) if n == name));
        assert!(matches!(keys.create("").await, Err(KeyError::BadName)));
        assert!(matches!(keys.create("a\nb").await, Err(KeyError::BadName)));
        keys.revoke(&made.info.id).await.unwrap();
        // Once revoked, the name is free again; the listing keeps both.
        let again = keys.create(&name).await.unwrap();
        let listed: Vec<_> = keys
            .list()
            .await
            .unwrap()
            .into_iter()
            .filter(|k| k.name == name)
            .collect();
        assert_eq!(listed.len(), 2);
        let live: Vec<_> = listed.iter().filter(|k| k.revoked_at.is_none()).collect();
        assert_eq!(live.len(), 1);
        assert_eq!(live[0].id, again.info.id);
    }
}
