//! The accept loop: every connection bounded in count and in time.
//!
//! Invariants: at most `max_connections` connections are served at once, and one more is answered
//! at once with a 503 JSON body and closed; a client has `header_timeout` to send each request's
//! headers (an idle keep-alive connection is closed after it too); an error from `accept`
//! (out of file descriptors) is logged, counted and waited out, never a crash or a busy loop.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

use crate::config::ServerConfig;
use crate::http::AppState;

/// How long a shutdown waits for open connections to finish.
const DRAIN: Duration = Duration::from_secs(10);

/// Serves the API over `state` on `listener` until `shutdown` resolves, then drains open
/// connections. When `accept` fails for want of file descriptors, the least recently used half
/// of the remote MCP sessions is closed (they reopen on demand).
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    config: &ServerConfig,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let metrics = Arc::clone(&state.metrics);
    let marketplace = Arc::clone(state.pipeline.marketplace());
    let app = crate::http::app(state);
    let slots = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(Duration::from_millis(config.header_timeout_ms));
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(Duration::from_secs(30))
        .keep_alive_timeout(Duration::from_millis(config.header_timeout_ms));
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                metrics.accept_failed();
                tracing::error!(error = %e, "cannot accept a connection (out of file descriptors?); retrying shortly");
                if matches!(e.raw_os_error(), Some(23 | 24)) {
                    let closed = marketplace.shed_sessions();
                    tracing::warn!(closed, "out of file descriptors: closed idle MCP sessions");
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Ok(permit) = Arc::clone(&slots).try_acquire_owned() else {
            metrics.connection_refused();
            tokio::spawn(refuse(stream));
            continue;
        };
        let _ = stream.set_nodelay(true);
        // The peer's address rides on each request, for the limits on anonymous callers.
        let service = TowerToHyperService::new(tower::ServiceExt::map_request(
            app.clone(),
            move |mut request: axum::http::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            },
        ));
        let connection = builder
            .serve_connection_with_upgrades(TokioIo::new(stream), service)
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, "connection ended with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("connections still open after {DRAIN:?}; closing them");
    }
    Ok(())
}

/// Answers a connection beyond the cap with a 503 and closes it, without reading the request.
async fn refuse(mut stream: TcpStream) {
    let body = r#"{"error":{"code":"overloaded","message":"the server has too many open connections; retry shortly"}}"#;
    let reply = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = stream.write_all(reply.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}
