//! The HTTP exchange shared by providers: a total deadline, bounded retries on 429 and 5xx with
//! backoff that honours `Retry-After` (capped), and errors that never carry the request's headers.
//! A request the provider refuses as asked (400, 415, 422, 501, or any error naming
//! `response_format`) is not retried: it comes back as [`ModelError::Refused`], for the caller to
//! ask differently.

use std::time::{Duration, Instant};

use serde_json::Value;

use crate::ModelError;

/// Retry and timeout policy.
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    /// The whole call, retries included.
    pub timeout: Duration,
    /// Attempts after the first.
    pub retries: u32,
    /// First backoff; doubles per attempt.
    pub backoff: Duration,
    /// Longest wait between attempts, whatever `Retry-After` says.
    pub max_wait: Duration,
}

impl Default for Policy {
    fn default() -> Self {
        Self {
            timeout: Duration::from_secs(20),
            retries: 2,
            backoff: Duration::from_millis(200),
            max_wait: Duration::from_secs(5),
        }
    }
}

/// Largest reply body read from a provider; a longer one is refused, not buffered.
pub const MAX_REPLY_BYTES: usize = 4 * 1024 * 1024;

/// A client with a connect timeout (the total timeout is per call, in [`Policy`]).
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .build()
        .unwrap_or_default()
}

/// POSTs `body` to `url` with `headers` until success, a non-retryable failure, the retry budget
/// or the deadline. Returns the JSON body of the success.
pub async fn post(
    client: &reqwest::Client,
    url: &str,
    headers: &[(&str, &str)],
    body: &Value,
    policy: Policy,
) -> Result<Value, ModelError> {
    let deadline = Instant::now() + policy.timeout;
    let mut attempt = 0;
    loop {
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Err(ModelError::Timeout);
        }
        let mut request = client.post(url).timeout(remaining).json(body);
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        let (retry_after, failure) = match request.send().await {
            Err(e) if e.is_timeout() => return Err(ModelError::Timeout),
            // reqwest's errors name the URL, never headers; strip the query string anyway.
            Err(e) => (
                None,
                ModelError::Provider(format!("cannot reach the provider: {}", e.without_url())),
            ),
            Ok(r) if r.status().is_success() => return envelope(&capped(r).await?),
            Ok(r) => {
                let status = r.status();
                let retry_after = r
                    .headers()
                    .get("retry-after")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.parse::<u64>().ok());
                let detail: String = r
                    .text()
                    .await
                    .unwrap_or_default()
                    .chars()
                    .take(300)
                    .collect();
                // Some servers answer a request field they do not take with a 500 that names
                // it (llama-cpp-python on `response_format: json_schema`): a refusal too.
                if matches!(status.as_u16(), 400 | 415 | 422 | 501)
                    || detail.contains("response_format")
                {
                    return Err(ModelError::Refused {
                        status: status.as_u16(),
                        detail,
                    });
                }
                let failure = ModelError::Provider(format!("HTTP {status}: {detail}"));
                if !(status.as_u16() == 429 || status.is_server_error()) {
                    return Err(failure);
                }
                (retry_after, failure)
            }
        };
        if attempt >= policy.retries {
            return Err(failure);
        }
        let wait = retry_after
            .map(Duration::from_secs)
            .unwrap_or(policy.backoff * 2u32.pow(attempt))
            .min(policy.max_wait);
        if Instant::now() + wait >= deadline {
            return Err(ModelError::Timeout);
        }
        tokio::time::sleep(wait).await;
        attempt += 1;
    }
}

/// Reads a success body, refusing it once it passes [`MAX_REPLY_BYTES`].
async fn capped(mut reply: reqwest::Response) -> Result<Vec<u8>, ModelError> {
    if reply
        .content_length()
        .is_some_and(|n| n > MAX_REPLY_BYTES as u64)
    {
        return Err(too_large());
    }
    let mut body = Vec::new();
    while let Some(chunk) = reply
        .chunk()
        .await
        .map_err(|e| ModelError::Provider(e.without_url().to_string()))?
    {
        if body.len() + chunk.len() > MAX_REPLY_BYTES {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

fn too_large() -> ModelError {
    ModelError::Malformed(format!(
        "the provider's reply is larger than {MAX_REPLY_BYTES} bytes"
    ))
}

/// Parses a provider's reply body as its JSON envelope.
pub fn envelope(body: &[u8]) -> Result<Value, ModelError> {
    serde_json::from_slice(body)
        .map_err(|e| ModelError::Malformed(format!("provider envelope: {e}")))
}
