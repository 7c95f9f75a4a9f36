//! `sluice`: serve the API, ask one question, or list the marketplace.
//!
//! `main` is thin: flags are parsed into a validated request or configuration before anything
//! runs, `run()` returns a result, and errors become a message on stderr and exit code 2 (bad
//! input) or 1 (anything else).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};
use contract::{
    ClarificationPolicy, Outcome, QueryDepth, QueryRequest, QueryResponse, ResponseShape,
};
use runtime::cli::{UsageError, exit_with};
use runtime::config::Config;

#[derive(Parser)]
#[command(
    name = "sluice",
    version,
    about = "Answer, clarify or refuse: query orchestration over MCP tools"
)]
struct Cli {
    /// Configuration file (TOML). Every key is optional.
    #[arg(long, global = true, env = "SLUICE_CONFIG")]
    config: Option<PathBuf>,
    /// Where the chat's threads are kept (a SQLite file inside; created on first run). Ignored
    /// when DATABASE_URL names a PostgreSQL server. Default: ~/.local/share/sluice.
    #[arg(long, global = true, env = "SLUICE_DATA_DIR")]
    data_dir: Option<PathBuf>,
    /// A folder of documents to serve through the `docs` tool: each subfolder is a collection
    /// (Markdown, HTML, plain text). Repeatable.
    #[arg(long, global = true)]
    docs: Vec<PathBuf>,
    /// Write every tool and model exchange (listings, calls, replies) as JSON cassettes under
    /// DIR (no keys, headers or addresses are written).
    #[arg(long, global = true, value_name = "DIR", conflicts_with = "replay")]
    record: Option<PathBuf>,
    /// Serve every tool and model exchange from the cassettes under DIR instead of the network;
    /// one that was not recorded fails (logged as an error, counted in /metrics).
    #[arg(long, global = true, value_name = "DIR")]
    replay: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the HTTP API.
    Serve {
        /// Port (overrides the configuration and SLUICE_PORT).
        #[arg(long)]
        port: Option<u16>,
        /// Address to bind (overrides the configuration and SLUICE_BIND).
        #[arg(long)]
        bind: Option<std::net::IpAddr>,
    },
    /// Ask one question and print how it settled.
    Query {
        /// The question.
        query: String,
        /// Pin tools (comma-separated ids).
        #[arg(long, value_delimiter = ',')]
        tools: Option<Vec<String>>,
        /// Confine the docs tool to this collection.
        #[arg(long)]
        collection: Option<String>,
        /// Confine the docs tool to this document.
        #[arg(long)]
        document: Option<String>,
        /// Clarification policy.
        #[arg(long, value_enum)]
        policy: Option<PolicyArg>,
        /// Lane.
        #[arg(long, value_enum)]
        depth: Option<DepthArg>,
        /// Response shape.
        #[arg(long, value_enum)]
        shape: Option<ShapeArg>,
        /// Resume a clarification with this option id.
        #[arg(long)]
        select: Option<String>,
        /// Print the response as JSON.
        #[arg(long)]
        json: bool,
        /// Include the developer trace (with --json).
        #[arg(long)]
        trace: bool,
    },
    /// List the marketplace: every tool and method with its query-safety classification.
    Tools {
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Make, list or revoke API keys (kept hashed in the chat's database: the data directory's
    /// SQLite file, or PostgreSQL with DATABASE_URL).
    Keys {
        #[command(subcommand)]
        action: KeysAction,
    },
}

#[derive(Subcommand)]
enum KeysAction {
    /// Make a key and print it once (stdout); only its hash is kept.
    Create {
        /// A name for the key (who or what uses it).
        #[arg(long)]
        name: String,
    },
    /// List keys, live and revoked (never their secrets).
    List {
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Revoke a live key by id or name; it stops working at once on every replica.
    Revoke {
        /// The key's id (`k…`) or name.
        key: String,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum PolicyArg {
    Return,
    Auto,
}

#[derive(Clone, Copy, ValueEnum)]
enum DepthArg {
    Fast,
    Deep,
    Auto,
    DeepLight,
    DeepHeavy,
}

#[derive(Clone, Copy, ValueEnum)]
enum ShapeArg {
    Answer,
    AnswerWithEvidence,
    EvidenceOnly,
}

fn main() {
    let cli = Cli::parse();
    exit_with("sluice", run(cli));
}

fn run(cli: Cli) -> anyhow::Result<i32> {
    let mut config = Config::load(cli.config.as_deref()).map_err(|e| UsageError(e.to_string()))?;
    if let Some(dir) = cli.data_dir {
        config.data_dir = Some(dir);
    }
    config.tape = match (cli.record, cli.replay) {
        (Some(dir), _) => Some(catalog::Tape::Record(dir)),
        (None, Some(dir)) if !dir.is_dir() => {
            return Err(UsageError(format!(
                "--replay {}: no such folder of cassettes",
                dir.display()
            ))
            .into());
        }
        (None, Some(dir)) => Some(catalog::Tape::Replay(dir)),
        (None, None) => None,
    };
    for dir in &cli.docs {
        let found = knowledge::collections_in(dir).map_err(|e| {
            UsageError(format!(
                "--docs {}: cannot read the folder: {e}",
                dir.display()
            ))
        })?;
        config.knowledge.collections.extend(found);
    }
    config
        .check_collections()
        .map_err(|e| UsageError(e.to_string()))?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    match cli.command {
        Command::Serve { port, bind } => rt.block_on(serve(config, port, bind)).map(|()| 0),
        Command::Query {
            query,
            tools,
            collection,
            document,
            policy,
            depth,
            shape,
            select,
            json,
            trace,
        } => {
            let mut request = QueryRequest::new(query);
            request.tools = tools;
            if collection.is_some() || document.is_some() {
                request.scope = Some(contract::DocumentScope {
                    collection_id: collection,
                    document_id: document,
                });
            }
            request.clarification_policy = policy.map(|p| match p {
                PolicyArg::Return => ClarificationPolicy::Return,
                PolicyArg::Auto => ClarificationPolicy::Auto,
            });
            request.query_depth = depth.map(|d| match d {
                DepthArg::Fast => QueryDepth::Fast,
                DepthArg::Deep => QueryDepth::Deep,
                DepthArg::Auto => QueryDepth::Auto,
                DepthArg::DeepLight => QueryDepth::DeepLight,
                DepthArg::DeepHeavy => QueryDepth::DeepHeavy,
            });
            request.response_shape = shape.map(|s| match s {
                ShapeArg::Answer => ResponseShape::Answer,
                ShapeArg::AnswerWithEvidence => ResponseShape::AnswerWithEvidence,
                ShapeArg::EvidenceOnly => ResponseShape::EvidenceOnly,
            });
            request.selected_option_id = select;
            request.include_developer_trace = Some(trace);
            // The same validation as the HTTP API, so the CLI refuses what the API refuses.
            let body = serde_json::to_vec(&request)?;
            let request =
                contract::parse_query_request(&body).map_err(|e| UsageError(e.to_string()))?;
            rt.block_on(ask(config, request, json))
        }
        Command::Tools { json } => rt.block_on(tools(config, json)).map(|()| 0),
        Command::Keys { action } => rt.block_on(keys(config, action)).map(|()| 0),
    }
}

async fn serve(
    mut config: Config,
    port: Option<u16>,
    bind: Option<std::net::IpAddr>,
) -> anyhow::Result<()> {
    let _telemetry = runtime::telemetry::init()?;
    if let Some(p) = port {
        config.server.port = p;
    }
    if let Some(b) = bind {
        config.server.bind = b;
    }
    let pipeline = Arc::new(runtime::build_pipeline(&config, true)?);
    let state = runtime::serving_state(&config, pipeline).await?;
    let kept = match state.chat.as_ref().map(|c| c.store.backend()) {
        Some(chat::store::Backend::Postgres) => "PostgreSQL (DATABASE_URL)".to_owned(),
        _ => config.data_dir().display().to_string(),
    };
    let addr = std::net::SocketAddr::new(config.server.bind, config.server.port);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    eprintln!(
        "sluice: serving on http://{} (the chat page at /, POST /api/v1/query, GET /api/v1/tools, /openapi.json); chat threads kept in {kept}",
        listener.local_addr()?
    );
    runtime::server::serve(listener, state, &config.server, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    Ok(())
}

async fn ask(config: Config, request: QueryRequest, json: bool) -> anyhow::Result<i32> {
    let pipeline = runtime::build_pipeline(&config, true)?;
    let progress = std::io::stderr().is_terminal();
    let sink: Option<traces::EventSink> = progress.then(|| -> traces::EventSink {
        Box::new(|e| eprintln!("\x1b[2m· {} ({:.1} ms)\x1b[0m", e.name, e.at_ms))
    });
    let response = match pipeline.run(request, sink).await {
        Ok(r) => r,
        Err(e)
            if matches!(
                e.code,
                contract::ErrorCode::InvalidField
                    | contract::ErrorCode::NotFound
                    | contract::ErrorCode::MalformedJson
            ) =>
        {
            return Err(UsageError(e.to_string()).into());
        }
        Err(e) => anyhow::bail!("{e}"),
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&response)?);
    } else {
        print!("{}", render(&response));
    }
    Ok(0)
}

/// A readable rendering of a response for the terminal.
fn render(r: &QueryResponse) -> String {
    let mut out = String::new();
    match r.outcome {
        Outcome::Answer => {
            if let Some(a) = &r.assumption {
                out.push_str(&format!(
                    "Assuming: {} (chosen automatically; {} other reading(s))\n\n",
                    a.label,
                    a.alternatives.len()
                ));
            }
            out.push_str(
                r.answer
                    .as_deref()
                    .unwrap_or("(no answer text: evidence only)"),
            );
            out.push('\n');
            if !r.citations.is_empty() {
                out.push_str("\nSources:\n");
                for c in &r.citations {
                    out.push_str(&format!(
                        "  [{}] {} — {}.{} ({})\n",
                        c.ordinal, c.title, c.tool_id, c.method, c.evidence_id
                    ));
                }
            }
            if let Some(evidence) = &r.evidence {
                out.push_str(&format!("\nEvidence ({}):\n", evidence.len()));
                for e in evidence {
                    out.push_str(&format!("  {}. {} — {}\n", e.ordinal, e.title, e.excerpt));
                }
            }
        }
        Outcome::ClarificationRequired => {
            let c = r
                .clarification
                .as_ref()
                .expect("a clarification carries its question");
            out.push_str(&format!("Clarification needed: {}\n", c.question));
            for o in &c.options {
                let mark = if c.recommended_option_id.as_deref() == Some(&o.id) {
                    " (recommended)"
                } else {
                    ""
                };
                out.push_str(&format!("  {}  {}{mark}\n", o.id, o.label));
            }
            if !c.options.is_empty() {
                out.push_str("Answer with: sluice query \"…\" --select <option id>\n");
            }
        }
        Outcome::CapabilityMiss => {
            let m = r
                .capability_miss
                .as_ref()
                .expect("a miss carries its reason");
            out.push_str(&format!(
                "Cannot answer with the available tools ({}): {}\n",
                m.reason.as_str(),
                m.message
            ));
            for part in &m.unserved_parts {
                out.push_str(&format!("  Not served: {part}\n"));
            }
            for part in &m.servable_parts {
                out.push_str(&format!(
                    "  Can be answered alone: {} (via {}.{})\n",
                    part.text, part.tool_id, part.method
                ));
            }
            if !m.nearest_methods.is_empty() {
                out.push_str("Nearest methods:\n");
                for n in &m.nearest_methods {
                    out.push_str(&format!("  {}.{} — {}\n", n.tool_id, n.method, n.why_not));
                }
            }
        }
    }
    for g in &r.gaps {
        out.push_str(&format!("Gap: {g}\n"));
    }
    for c in &r.conflicts {
        out.push_str(&format!("Conflict: {}\n", c.note));
    }
    out
}

async fn keys(config: Config, action: KeysAction) -> anyhow::Result<()> {
    let store = config
        .open_store()
        .await
        .context("opening the database that keeps the keys")?;
    let keys = access::KeyStore::open(store.pool().clone())
        .await
        .context("opening the API key table")?;
    let usage = |e: access::KeyError| -> anyhow::Error {
        match e {
            access::KeyError::BadName
            | access::KeyError::NameTaken(_)
            | access::KeyError::NoKey(_) => UsageError(e.to_string()).into(),
            other => other.into(),
        }
    };
    match action {
        KeysAction::Create { name } => {
            let made = keys.create(&name).await.map_err(usage)?;
            println!("{}", made.key);
            eprintln!(
                "sluice: made key {} ('{}'). It is shown only now: keep it somewhere safe. Send it as 'Authorization: Bearer <key>'.",
                made.info.id, made.info.name
            );
        }
        KeysAction::List { json } => {
            let listed = keys.list().await.map_err(usage)?;
            if json {
                let rows: Vec<serde_json::Value> = listed
                    .iter()
                    .map(|k| {
                        serde_json::json!({"id": k.id, "name": k.name, "createdAt": k.created_at,
                            "revokedAt": k.revoked_at})
                    })
                    .collect();
                println!("{}", serde_json::to_string_pretty(&rows)?);
            } else if listed.is_empty() {
                eprintln!("sluice: no keys yet (make one with `sluice keys create --name NAME`)");
            } else {
                for k in &listed {
                    let state = match &k.revoked_at {
                        Some(at) => format!("revoked {at}"),
                        None => "live".into(),
                    };
                    println!("{}  {:<24} made {}  {state}", k.id, k.name, k.created_at);
                }
            }
        }
        KeysAction::Revoke { key } => {
            let revoked = keys.revoke(&key).await.map_err(usage)?;
            eprintln!("sluice: revoked key {} ('{}')", revoked.id, revoked.name);
        }
    }
    Ok(())
}

async fn tools(config: Config, json: bool) -> anyhow::Result<()> {
    // The same marketplace `serve` builds: built-in tools, static catalogs, documents, remotes.
    let pipeline = runtime::build_pipeline(&config, true)?;
    let discovery = pipeline.marketplace().describe_all().await;
    if json {
        let tools: Vec<&contract::ToolDescriptor> =
            discovery.tools.iter().map(|t| t.as_ref()).collect();
        println!("{}", serde_json::to_string_pretty(&tools)?);
    } else {
        for t in &discovery.tools {
            println!("{} — {} [{}]", t.id, t.title, t.source);
            if let Some(hash) = &t.schema_hash {
                let changed = t.schema_changed_at.as_deref().map_or_else(
                    || "unchanged since listed".to_owned(),
                    |at| format!("last changed {at}"),
                );
                println!("  listing {} ({changed})", &hash[..hash.len().min(19)]);
            }
            for m in &t.methods {
                let class = if m.safety.query_safe {
                    "query"
                } else {
                    "EXECUTE"
                };
                let basis = match m.safety.basis {
                    contract::SafetyBasis::Declared => "declared",
                    contract::SafetyBasis::Inferred => "inferred",
                    contract::SafetyBasis::Configured => "configured",
                };
                println!("  {:<28} {class:<8} ({basis}: {})", m.name, m.safety.reason);
            }
        }
    }
    for f in &discovery.failures {
        eprintln!("sluice: {f}");
    }
    for id in &discovery.pending {
        eprintln!("sluice: tool '{id}' was still being listed when the discovery budget ran out");
    }
    Ok(())
}
