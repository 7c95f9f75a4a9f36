//! `validate-rollout`: measure the gate metrics of a suite; exit 1 when a gate fails, 2 on bad
//! input.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Parser, Subcommand};
use runtime::cli::{UsageError, exit_with};
use validate_rollout::{import, metrics, report, run, suite::Suite};

#[derive(Parser)]
#[command(name = "validate-rollout", version, about = "Runs a suite of queries against Sluice and gates on the clarification metrics",
    after_long_help = metrics::help(), args_conflicts_with_subcommands = true)]
struct Cli {
    /// The suite (YAML).
    #[arg(long)]
    suite: Option<PathBuf>,
    /// A running server (for example http://127.0.0.1:8080); default: an in-process runtime.
    #[arg(long)]
    url: Option<String>,
    /// Write the JSON report here.
    #[arg(long)]
    report: Option<PathBuf>,
    /// Cases in flight at once.
    #[arg(long, default_value_t = 8)]
    concurrency: usize,
    /// Runtime configuration for in-process runs (TOML).
    #[arg(long)]
    config: Option<PathBuf>,
    /// In-process runs: write every tool and model exchange as cassettes under DIR.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["replay", "url"])]
    record: Option<PathBuf>,
    /// In-process runs: serve every tool and model exchange from the cassettes under DIR, so a
    /// suite over live tools is reproducible; an exchange that was not recorded fails the run.
    #[arg(long, value_name = "DIR", conflicts_with = "url")]
    replay: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Convert a public benchmark into a suite (plus its static tool catalog beside it).
    Import {
        #[command(subcommand)]
        source: Source,
    },
}

#[derive(Subcommand)]
enum Source {
    /// BFCL v4 single-turn data: a directory with BFCL_v4_<category>.json and possible_answer/.
    Bfcl {
        /// The data directory.
        dir: PathBuf,
        /// The suite to write.
        #[arg(long)]
        out: PathBuf,
        /// Categories to import (repeatable; default all of simple_python, multiple, live_simple,
        /// live_multiple, live_relevance, irrelevance, live_irrelevance).
        #[arg(long)]
        category: Vec<String>,
        /// Instead of the authors' cases: each answer case whose tool set has further functions,
        /// with the functions its ground truth calls taken out, expecting capability_miss (a
        /// label derived here: the request sits next to methods that cannot serve it).
        #[arg(long)]
        withhold_expected: bool,
        #[command(flatten)]
        bounds: Bounds,
    },
    /// BFCL v4 multi-turn data (the same directory, with multi_turn_func_doc/), turn by turn.
    BfclMultiTurn {
        /// The data directory.
        dir: PathBuf,
        /// The suite to write.
        #[arg(long)]
        out: PathBuf,
        /// Categories to import (repeatable; default all of multi_turn_base,
        /// multi_turn_miss_func, multi_turn_miss_param).
        #[arg(long)]
        category: Vec<String>,
        #[command(flatten)]
        bounds: Bounds,
    },
    /// LiveMCPBench: a directory with tools.json (its MCP servers) and all_annotations.json.
    Livemcpbench {
        /// The data directory.
        dir: PathBuf,
        /// The suite to write.
        #[arg(long)]
        out: PathBuf,
        #[command(flatten)]
        bounds: Bounds,
    },
    /// The When2Call LLM-judge JSONL file.
    When2call {
        /// The file.
        file: PathBuf,
        /// The suite to write.
        #[arg(long)]
        out: PathBuf,
        /// BFCL data for the argument labels (default: ../bfcl beside the file's folder).
        #[arg(long)]
        bfcl: Option<PathBuf>,
        #[command(flatten)]
        bounds: Bounds,
    },
}

/// Thresholds an imported suite gates on (none by default: it only measures).
#[derive(clap::Args)]
struct Bounds {
    /// The metric must be at least VALUE (repeatable), e.g. `--min macroF1=0.70`.
    #[arg(long, value_name = "METRIC=VALUE")]
    min: Vec<String>,
    /// The metric must be at most VALUE (repeatable), e.g. `--max toolHallucinationRate=0.10`.
    #[arg(long, value_name = "METRIC=VALUE")]
    max: Vec<String>,
}

impl Bounds {
    /// Adds the bounds to `suite`'s thresholds; a malformed pair or an unknown metric is a
    /// usage error.
    fn apply(&self, suite: &mut validate_rollout::suite::Suite) -> Result<(), UsageError> {
        let pairs = self
            .min
            .iter()
            .map(|p| (p, true))
            .chain(self.max.iter().map(|p| (p, false)));
        for (pair, is_min) in pairs {
            let (name, value) = pair
                .split_once('=')
                .and_then(|(n, v)| Some((n.trim(), v.trim().parse::<f64>().ok()?)))
                .ok_or_else(|| UsageError(format!("expected METRIC=VALUE, got '{pair}'")))?;
            if metrics::definition(name).is_none() {
                return Err(UsageError(format!(
                    "unknown metric '{name}' (see --help for the list)"
                )));
            }
            let t = suite.thresholds.entry(name.to_owned()).or_default();
            if is_min {
                t.min = Some(value);
            } else {
                t.max = Some(value);
            }
        }
        Ok(())
    }
}

fn main() {
    exit_with("validate-rollout", run_cli(Cli::parse()));
}

fn run_cli(cli: Cli) -> anyhow::Result<i32> {
    if let Some(Command::Import { source }) = cli.command {
        let (mut suite, catalog, out, bounds) = match source {
            Source::Bfcl {
                dir,
                out,
                category,
                withhold_expected,
                bounds,
            } => {
                let how = if withhold_expected {
                    import::BfclCases::Withheld
                } else {
                    import::BfclCases::AsWritten
                };
                let (s, c) = import::bfcl_cases(&dir, &category, how)
                    .map_err(|e| UsageError(format!("{e:#}")))?;
                (s, c, out, bounds)
            }
            Source::BfclMultiTurn {
                dir,
                out,
                category,
                bounds,
            } => {
                let (s, c) = import::bfcl_multi_turn(&dir, &category)
                    .map_err(|e| UsageError(format!("{e:#}")))?;
                (s, c, out, bounds)
            }
            Source::Livemcpbench { dir, out, bounds } => {
                let (s, c) =
                    import::livemcpbench(&dir).map_err(|e| UsageError(format!("{e:#}")))?;
                (s, c, out, bounds)
            }
            Source::When2call {
                file,
                out,
                bfcl,
                bounds,
            } => {
                let bfcl = bfcl.unwrap_or_else(|| {
                    file.parent()
                        .unwrap_or(std::path::Path::new("."))
                        .join("../bfcl")
                });
                let (s, c) =
                    import::when2call(&file, &bfcl).map_err(|e| UsageError(format!("{e:#}")))?;
                (s, c, out, bounds)
            }
        };
        bounds.apply(&mut suite)?;
        let cases = suite.cases.len();
        let tools = import::write(suite, &catalog, &out)?;
        println!(
            "wrote {} ({cases} cases) and {}",
            out.display(),
            tools.display()
        );
        return Ok(0);
    }
    let path = cli
        .suite
        .ok_or_else(|| UsageError("--suite FILE is required (or use `import`)".into()))?;
    let suite = Suite::load(&path)
        .and_then(|s| metrics::check_thresholds(&s.thresholds).map(|()| s))
        .map_err(|e| UsageError(format!("{e:#}")))?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let target = match &cli.url {
        Some(url) => run::Target::remote(url)?,
        None => {
            let mut config = runtime::config::Config::load(cli.config.as_deref())
                .map_err(|e| UsageError(e.to_string()))?;
            config.tape = match (&cli.record, &cli.replay) {
                (Some(dir), _) => Some(catalog::Tape::Record(dir.clone())),
                (None, Some(dir)) if !dir.is_dir() => {
                    return Err(UsageError(format!(
                        "--replay {}: no such folder of cassettes",
                        dir.display()
                    ))
                    .into());
                }
                (None, Some(dir)) => Some(catalog::Tape::Replay(dir.clone())),
                (None, None) => None,
            };
            run::Target::in_process(&suite, config).context("starting the in-process runtime")?
        }
    };
    let results = rt.block_on(run::run(&suite, &target, cli.concurrency));
    let measurement = metrics::measure(&results);
    let verdict = report::gates(&suite, &measurement);
    print!(
        "{}",
        report::table(&suite, &measurement, &verdict, &results)
    );
    if let Some(out) = &cli.report {
        let json = report::json(&suite, &measurement, &verdict, &results);
        std::fs::write(out, serde_json::to_string_pretty(&json)?)
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    let misses = target.replay_misses();
    // The documents' index of this run (if it made one) goes with it.
    drop(target);
    let _ = std::fs::remove_dir_all(run::scratch_dir());
    if misses > 0 {
        eprintln!(
            "validate-rollout: {misses} exchange(s) were not in the cassettes of --replay (each is logged above); the run does not count"
        );
        return Ok(1);
    }
    Ok(if verdict.passed { 0 } else { 1 })
}
