//! A Sluice server on a loopback port, started once per test binary on its own runtime thread so
//! that it outlives each test's runtime.

use std::sync::{Arc, OnceLock};

use runtime::config::Config;
use runtime::pipeline::Pipeline;
use serde_json::Value;

pub struct Server {
    pub url: String,
    pub pipeline: Arc<Pipeline>,
}

/// Starts a server for `config` on its own thread and runtime. Its chat keeps threads in a
/// fresh data directory unless the configuration names one (or a database).
pub fn start(mut config: Config) -> Server {
    if config.data_dir.is_none() {
        config.data_dir = Some(fresh_dir("sluice-data"));
    }
    let pipeline = Arc::new(runtime::build_pipeline(&config, false).expect("pipeline builds"));
    let server = config.server.clone();
    let serving = Arc::clone(&pipeline);
    let addr = on_own_runtime(2, move |listener| async move {
        let state = runtime::serving_state(&config, serving)
            .await
            .expect("the chat store opens");
        runtime::server::serve(listener, state, &server, std::future::pending())
            .await
            .unwrap();
    });
    Server {
        url: format!("http://{addr}"),
        pipeline,
    }
}

/// The scripted model provider (`scripted-model`, OpenAI wire format) on a loopback port of its
/// own thread; returns its address.
pub fn scripted_model_server() -> std::net::SocketAddr {
    on_own_runtime(1, |listener| async move {
        scripted_model::serve(listener).await.unwrap();
    })
}

/// A new, empty directory under the system's temporary directory.
pub fn fresh_dir(prefix: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("{prefix}-{}", chat::new_thread_id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Serves `app` on a loopback port from its own thread and runtime (so that blocking handlers
/// never stall the test's runtime); returns the address.
pub fn serve_elsewhere(app: axum::Router) -> std::net::SocketAddr {
    on_own_runtime(12, move |listener| async move {
        axum::serve(listener, app).await.unwrap();
    })
}

/// Binds a loopback port and runs `serve` on it from a new thread with its own runtime of
/// `workers` threads; returns the address once it is bound.
fn on_own_runtime<F, Fut>(workers: usize, serve: F) -> std::net::SocketAddr
where
    F: FnOnce(tokio::net::TcpListener) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()>,
{
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(workers)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            serve(listener).await;
        });
    });
    rx.recv().unwrap()
}

/// The shared server with the default configuration (built-in tools, embedded models).
pub fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| start(Config::default()))
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(60))
        .build()
        .unwrap()
}

/// The `/metrics` text of the server at `base`.
pub async fn metrics_text(base: &str) -> String {
    client()
        .get(format!("{base}/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// GETs `path` from the shared server.
pub async fn get(path: &str) -> reqwest::Response {
    client()
        .get(format!("{}{path}", server().url))
        .send()
        .await
        .unwrap()
}

/// GETs `path` from the server at `base`, asserting a 200; returns the JSON body.
pub async fn get_from(base: &str, path: &str) -> Value {
    let r = client().get(format!("{base}{path}")).send().await.unwrap();
    assert_eq!(r.status(), 200, "GET {path}");
    r.json().await.unwrap()
}

/// POSTs `body` (raw) to `/api/v1/query` on `base`; returns the status and the JSON body.
pub async fn post_raw(base: &str, body: impl Into<reqwest::Body>) -> (u16, Value) {
    post_to(base, "/api/v1/query", body).await
}

/// POSTs `body` (raw JSON) to `path` on `base`; returns the status and the JSON body.
pub async fn post_to(base: &str, path: &str, body: impl Into<reqwest::Body>) -> (u16, Value) {
    let r = client()
        .post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    let text = r.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text)
            .unwrap_or_else(|_| panic!("non-JSON body with {status}: {text}")),
    )
}

/// POSTs a query to the shared server and asserts a 200.
pub async fn query(body: Value) -> Value {
    query_at(&server().url, body).await
}

/// POSTs a query to `base` and asserts a 200.
pub async fn query_at(base: &str, body: Value) -> Value {
    let (status, v) = post_raw(base, body.to_string()).await;
    assert_eq!(status, 200, "{body}: {v}");
    v
}

/// The names of the developer-trace events, in order.
pub fn event_names(response: &Value) -> Vec<String> {
    response["developerTrace"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_owned())
        .collect()
}

/// The data of the first event named `name`.
pub fn event<'a>(response: &'a Value, name: &str) -> &'a Value {
    response["developerTrace"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .map(|e| &e["data"])
        .unwrap_or_else(|| panic!("no {name} event"))
}

/// Every `final-execution` call in the trace.
pub fn executed_calls(response: &Value) -> Vec<Value> {
    response["developerTrace"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["name"] == "final-execution")
        .flat_map(|e| e["data"]["calls"].as_array().unwrap().clone())
        .collect()
}

/// A running `sluice serve` process (started with `--port 0`): its URL is read from its log,
/// which is kept whole; it is killed, and its folder removed, when dropped.
pub struct SluiceProcess {
    child: std::process::Child,
    pub url: String,
    log: Arc<std::sync::Mutex<Vec<String>>>,
    dir: Option<std::path::PathBuf>,
}

impl Drop for SluiceProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

impl SluiceProcess {
    /// Runs `command` (which starts `sluice … serve --port 0`) and waits until it serves;
    /// `dir`, when given, is removed with the process.
    pub fn start(mut command: std::process::Command, dir: Option<std::path::PathBuf>) -> Self {
        use std::io::{BufRead, BufReader};
        let mut child = command
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let log = Arc::new(std::sync::Mutex::new(Vec::new()));
        let url = loop {
            let Some(line) = lines.next() else {
                panic!(
                    "sluice exited before serving:\n{}",
                    log.lock().unwrap().join("\n")
                );
            };
            let line = line.unwrap();
            log.lock().unwrap().push(line.clone());
            if let Some(at) = line.find("serving on http://") {
                let from = at + "serving on ".len();
                break line[from..].split_whitespace().next().unwrap().to_owned();
            }
        };
        // Keep reading its log, so that it never blocks on a full pipe.
        let kept = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                kept.lock().unwrap().push(line);
            }
        });
        Self {
            child,
            url,
            log,
            dir,
        }
    }

    /// Everything it has logged so far.
    pub fn log(&self) -> String {
        self.log.lock().unwrap().join("\n")
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

/// Serves the MCP server `factory` makes (one per session) over streamable HTTP at `/mcp` on a
/// loopback port of its own runtime; returns the endpoint's URL.
pub fn mcp_url<S>(factory: impl Fn() -> S + Send + Sync + 'static) -> String
where
    S: rmcp::ServerHandler + Send + 'static,
{
    use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
    use rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService,
    };
    let service = StreamableHttpService::new(
        move || Ok(factory()),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let addr = serve_elsewhere(axum::Router::new().nest_service("/mcp", service));
    format!("http://{addr}/mcp")
}

/// The URL of a service a test needs, from `variable` (`.ci/run` starts the service and sets
/// it): `None`, with a note, when it is unset — unless `required` is set to `1`, which makes
/// its absence a failure.
pub fn service_url(variable: &str, required: &str) -> Option<String> {
    match std::env::var(variable) {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var(required).as_deref() != Ok("1"),
                "{required}=1 but {variable} is not set"
            );
            eprintln!("{variable} is not set: this test is skipped");
            None
        }
    }
}
