//! Indexing and retrieval over a real corpus: the Debian Reference (`debian-reference-en`).
//! `cargo bench -p knowledge --bench library` prints indexing throughput (MB/s), the index's
//! size on disk, and `deep_search` p50/p99 over questions and single words. Nothing is
//! asserted; without the package it says so and stops.

#![allow(missing_docs)]

use std::path::Path;
use std::time::{Duration, Instant};

use knowledge::{Library, LibraryLimits, Scope, collections_in};

const CORPUS: &str = "/usr/share/debian-reference";

fn size_of(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| {
            let p = e.path();
            if p.is_dir() {
                size_of(&p)
            } else {
                e.metadata().map(|m| m.len()).unwrap_or(0)
            }
        })
        .sum()
}

fn main() {
    let corpus = Path::new(CORPUS);
    if !corpus.join("ch01.en.html").exists() {
        println!("{CORPUS} is absent (apt-get install debian-reference-en): nothing to measure");
        return;
    }
    let read: u64 = std::fs::read_dir(corpus)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| {
            e.path()
                .extension()
                .is_some_and(|x| x == "html" || x == "md" || x == "txt")
        })
        .map(|e| e.metadata().map(|m| m.len()).unwrap_or(0))
        .sum();
    let data = std::env::temp_dir().join(format!("sluice-bench-dref-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let started = Instant::now();
    let library = Library::open(
        &data,
        collections_in(corpus).unwrap(),
        LibraryLimits::default(),
    )
    .unwrap();
    let took = started.elapsed();
    println!(
        "indexing: {:.1} MB of HTML in {:.2?} = {:.1} MB/s; index on disk {:.1} MB",
        read as f64 / 1e6,
        took,
        read as f64 / 1e6 / took.as_secs_f64(),
        size_of(&data) as f64 / 1e6
    );
    let started = Instant::now();
    drop(library);
    let library = Library::open(
        &data,
        collections_in(corpus).unwrap(),
        LibraryLimits::default(),
    )
    .unwrap();
    println!("restart (nothing re-indexed): {:.2?}", started.elapsed());
    let queries = [
        "How do I change the default text editor?",
        "How do I remove packages that are no longer needed?",
        "How do I configure GRUB, the boot loader?",
        "How do I set a static IP address for a network interface?",
        "How should I back up my data?",
        "firewall",
        "ssh keys",
        "locale and keyboard layout",
        "What is a chroot?",
        "mount a USB stick",
    ];
    let mut samples: Vec<Duration> = Vec::new();
    for _ in 0..50 {
        for q in queries {
            let t = Instant::now();
            let hits = library.search(q, &Scope::default(), 5, 1_500);
            samples.push(t.elapsed());
            assert!(!hits.is_empty(), "{q}");
        }
    }
    samples.sort();
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "deep_search over {} searches: p50 {:.3?}, p99 {:.3?}",
        samples.len(),
        at(0.5),
        at(0.99)
    );
    let _ = std::fs::remove_dir_all(&data);
}
