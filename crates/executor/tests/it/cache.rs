//! The on-disk cache of the compiled, pre-initialised module.

use executor::{RunOutcome, Sandbox, SandboxConfig};
use serde_json::json;

use crate::support::{market_allowlist, market_tools};

fn cached_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

async fn works(sandbox: &Sandbox) {
    let record = sandbox
        .run(
            "return tools.markets.search({ query: 'q' }).markets[0].title;",
            &market_allowlist(),
            market_tools(),
        )
        .await;
    assert_eq!(record.outcome, RunOutcome::Returned(json!("q winner")));
}

#[tokio::test]
async fn a_compiled_module_is_written_once_reused_and_rewritten_when_corrupt() {
    let dir = std::env::temp_dir().join(format!("sluice-cache-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = SandboxConfig {
        module_cache_dir: Some(dir.clone()),
        max_concurrent_runs: 4,
        ..SandboxConfig::default()
    };

    let first = Sandbox::new(config.clone()).unwrap();
    works(&first).await;
    let files = cached_files(&dir);
    assert_eq!(files.len(), 1, "one artifact: {files:?}");
    let written = std::fs::metadata(&files[0]).unwrap().modified().unwrap();

    let second = Sandbox::new(config.clone()).unwrap();
    works(&second).await;
    assert_eq!(
        std::fs::metadata(&files[0]).unwrap().modified().unwrap(),
        written,
        "loaded, not rewritten"
    );

    std::fs::write(&files[0], b"not a module").unwrap();
    let third = Sandbox::new(config).unwrap();
    works(&third).await;
    assert!(
        std::fs::metadata(&files[0]).unwrap().len() > 1000,
        "a corrupt artifact is replaced"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn invalid_configurations_are_refused() {
    let mut config = SandboxConfig::default();
    config.limits.memory_bytes = config.max_memory_bytes + 1;
    assert!(matches!(
        Sandbox::new(config),
        Err(executor::Error::InvalidConfig(_))
    ));
    let config = SandboxConfig {
        max_concurrent_runs: 0,
        ..SandboxConfig::default()
    };
    assert!(matches!(
        Sandbox::new(config),
        Err(executor::Error::InvalidConfig(_))
    ));
}
