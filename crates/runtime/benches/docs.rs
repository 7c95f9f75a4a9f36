//! A document question through the whole pipeline with embedded models: the corpus written in
//! the knowledge crate's tests, the `docs` tool over MCP, 2,000 runs; p50 and p99 printed, not
//! asserted (`cargo bench -p runtime --bench docs`).

#![allow(missing_docs)]

use std::time::{Duration, Instant};

use contract::{Outcome, QueryRequest};
use runtime::config::Config;

fn main() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../knowledge/tests/corpus");
    let config = Config {
        data_dir: Some(
            std::env::temp_dir().join(format!("sluice-bench-docs-{}", std::process::id())),
        ),
        knowledge: runtime::config::KnowledgeSection {
            collections: knowledge::collections_in(&corpus).unwrap(),
            rescan_secs: 0,
            ..Default::default()
        },
        ..Config::default()
    };
    let pipeline = runtime::build_pipeline(&config, false).unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    for (label, pinned) in [("pinned to docs", true), ("unpinned", false)] {
        let request = || {
            let mut r = QueryRequest::new("How much does the Fleet plan cost?");
            if pinned {
                r.tools = Some(vec!["docs".into()]);
            }
            r
        };
        let mut samples: Vec<Duration> = Vec::new();
        rt.block_on(async {
            for i in 0..2_100 {
                let t = Instant::now();
                let r = pipeline.run(request(), None).await.unwrap();
                let took = t.elapsed();
                assert_eq!(r.outcome, Outcome::Answer);
                if i >= 100 {
                    samples.push(took);
                }
            }
        });
        samples.sort();
        let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q).round() as usize];
        println!(
            "document question, {label}: p50 {:.3?}, p99 {:.3?} over {} runs",
            at(0.5),
            at(0.99),
            samples.len()
        );
    }
}
