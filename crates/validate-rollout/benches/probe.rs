//! The metadata probe over a marketplace of thousands of real methods: the LiveMCPBench catalog
//! (527 MCP methods) plus every BFCL single-turn function and every When2Call tool.
//!
//! `cargo bench -p validate-rollout --bench probe` reads `../shared/data` beside the checkout
//! (public benchmark data); without it, it says so and measures nothing. Prints the index size,
//! the index build time, and p50/p99 of one probe run per query (LiveMCPBench task questions
//! and When2Call questions), then criterion's median for one query.

#![allow(missing_docs)]

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use catalog::classify;
use catalog::dialect::standard;
use contract::{MethodDescriptor, ToolDescriptor};
use criterion::Criterion;
use probes::{MethodIndex, ProbeConfig};
use serde_json::Value;

fn descriptor(id: &str, methods: Vec<Value>) -> Arc<ToolDescriptor> {
    let methods = methods
        .into_iter()
        .filter_map(|m| {
            let name = m["name"].as_str()?.to_owned();
            let description = m["description"].as_str().unwrap_or_default().to_owned();
            let meta = classify::method_meta(&m);
            let safety = classify::classify(&name, &description, &meta);
            let schema = m
                .get("inputSchema")
                .or_else(|| m.get("parameters"))
                .map(standard)
                .unwrap_or_default();
            Some(MethodDescriptor {
                name,
                description,
                input_schema: schema,
                output_schema: None,
                meta,
                safety,
            })
        })
        .collect();
    Arc::new(ToolDescriptor {
        id: id.into(),
        title: id.into(),
        description: String::new(),
        source: "bench".into(),
        methods,
        schema_hash: None,
        schema_changed_at: None,
    })
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .map(|t| {
            t.lines()
                .filter_map(|l| serde_json::from_str(l).ok())
                .collect()
        })
        .unwrap_or_default()
}

fn main() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    if !data.join("livemcpbench/tools.json").exists() {
        println!(
            "benchmark data is absent ({}): nothing measured",
            data.display()
        );
        return;
    }
    let mut tools = Vec::new();
    let live: Value = serde_json::from_str(
        &std::fs::read_to_string(data.join("livemcpbench/tools.json")).unwrap(),
    )
    .unwrap();
    for (i, server) in live.as_array().unwrap().iter().enumerate() {
        for (name, inner) in server["tools"].as_object().into_iter().flatten() {
            let methods = inner["tools"].as_array().cloned().unwrap_or_default();
            tools.push(descriptor(&format!("live-{i}-{name}"), methods));
        }
    }
    let mut seen = HashSet::new();
    let mut bfcl = Vec::new();
    for f in [
        "simple_python",
        "multiple",
        "live_simple",
        "live_multiple",
        "irrelevance",
        "live_irrelevance",
    ] {
        for r in lines(&data.join(format!("bfcl/BFCL_v4_{f}.json"))) {
            for func in r["function"].as_array().into_iter().flatten() {
                if seen.insert(func["name"].as_str().unwrap_or_default().to_owned()) {
                    bfcl.push(func.clone());
                }
            }
        }
    }
    for chunk in bfcl.chunks(8) {
        tools.push(descriptor(&format!("bfcl-{}", tools.len()), chunk.to_vec()));
    }
    let mut queries: Vec<String> = Vec::new();
    let w2c = lines(&data.join("when2call/when2call_test_llm_judge.jsonl"));
    for r in &w2c {
        let methods: Vec<Value> = r["tools"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|t| t.as_str())
            .filter_map(|t| serde_json::from_str(t).ok())
            .collect();
        let fresh: Vec<Value> = methods
            .into_iter()
            .filter(|m| seen.insert(m["name"].as_str().unwrap_or_default().to_owned()))
            .collect();
        if !fresh.is_empty() {
            tools.push(descriptor(&format!("w2c-{}", tools.len()), fresh));
        }
        queries.push(r["question"].as_str().unwrap_or_default().to_owned());
    }
    let tasks: Value = serde_json::from_str(
        &std::fs::read_to_string(data.join("livemcpbench/all_annotations.json")).unwrap(),
    )
    .unwrap();
    queries.extend(
        tasks
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|t| t["Question"].as_str().map(str::to_owned)),
    );

    let methods: usize = tools.iter().map(|t| t.methods.len()).sum();
    let started = Instant::now();
    let index = MethodIndex::build(&tools);
    println!(
        "index: {} tools, {methods} methods, built in {:?}",
        tools.len(),
        started.elapsed()
    );

    let config = ProbeConfig::default();
    let mut samples: Vec<Duration> = queries
        .iter()
        .map(|q| {
            let t = Instant::now();
            std::hint::black_box(probes::run(&index, &probes::Query::parse(q), &config));
            t.elapsed()
        })
        .collect();
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    println!(
        "probe over the whole index: {} queries, p50 {:?}, p99 {:?}",
        samples.len(),
        at(0.5),
        at(0.99)
    );

    let mut c = Criterion::default().configure_from_args();
    let q = queries[0].clone();
    c.bench_function("probe/whole_index_one_query", |b| {
        b.iter(|| probes::run(&index, &probes::Query::parse(&q), &config))
    });
    c.final_summary();
}
