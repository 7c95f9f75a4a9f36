//! Why an exchange with a tool server failed, in the few words a caller is shown.
//!
//! Invariant: a remote's reply body, its headers and this process's internal type names never
//! reach a caller. Each failure is reduced to a [`Failure`]; the raw detail goes to the server
//! log only, scrubbed of the URL's secrets and cut short.

use std::error::Error as StdError;
use std::fmt;

use rmcp::ServiceError;
use rmcp::service::ClientInitializeError;
use rmcp::transport::streamable_http_client::{HttpStatusError, StreamableHttpError};

use crate::address::Blocked;

/// The typed cause of a failed exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// No answer in time.
    Timeout,
    /// The server answered with this HTTP status.
    HttpStatus(u16),
    /// The reply was not a valid MCP message.
    InvalidReply,
    /// The reply exceeded the size limit.
    TooLarge,
    /// The connection was refused or could not be made.
    Refused,
    /// The outbound policy does not allow the server's address.
    Blocked,
    /// The connection closed before the exchange ended.
    Closed,
    /// The server answered with a JSON-RPC error of this code.
    ErrorReply(i32),
    /// This process ran out of a resource (open files, sessions).
    Exhausted,
    /// Under replay, the exchange has no cassette.
    NotRecorded,
}

impl Failure {
    /// The failure a recorded wire name (its `Display`) stands for.
    pub fn from_wire(word: &str) -> Option<Self> {
        let (head, tail) = word.split_once(' ').unwrap_or((word, ""));
        Some(match head {
            "timeout" => Self::Timeout,
            "http_status" => Self::HttpStatus(tail.parse().ok()?),
            "invalid_reply" => Self::InvalidReply,
            "too_large" => Self::TooLarge,
            "refused" => Self::Refused,
            "blocked" => Self::Blocked,
            "connection_closed" => Self::Closed,
            "error_reply" => Self::ErrorReply(tail.parse().ok()?),
            "resources_exhausted" => Self::Exhausted,
            "not_recorded" => Self::NotRecorded,
            _ => return None,
        })
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Timeout => f.write_str("timeout"),
            Self::HttpStatus(code) => write!(f, "http_status {code}"),
            Self::InvalidReply => f.write_str("invalid_reply"),
            Self::TooLarge => f.write_str("too_large"),
            Self::Refused => f.write_str("refused"),
            Self::Blocked => f.write_str("blocked by the outbound policy"),
            Self::Closed => f.write_str("connection_closed"),
            Self::ErrorReply(code) => write!(f, "error_reply {code}"),
            Self::Exhausted => f.write_str("resources_exhausted"),
            Self::NotRecorded => f.write_str("not_recorded"),
        }
    }
}

/// Longest raw detail written to the log.
const LOGGED_DETAIL: usize = 300;

/// `text` on one line (control characters become spaces), trimmed, and cut to at most `max`
/// characters on a character boundary.
pub(crate) fn one_line(text: &str, max: usize) -> String {
    let line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    match line.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", line[..end].trim()),
        None => line.trim().to_owned(),
    }
}

/// `detail` cut to a loggable length, on one line.
pub(crate) fn loggable(detail: &str) -> String {
    one_line(detail, LOGGED_DETAIL)
}

/// The cause of a failed request on an open session.
pub(crate) fn of_service(e: &ServiceError) -> Failure {
    match e {
        ServiceError::McpError(data) => Failure::ErrorReply(data.code.0),
        ServiceError::TransportSend(d) => of_chain(d.error.as_ref()),
        ServiceError::TransportClosed | ServiceError::Cancelled { .. } => Failure::Closed,
        ServiceError::Timeout { .. } => Failure::Timeout,
        _ => Failure::InvalidReply,
    }
}

/// The cause of a failed handshake.
pub(crate) fn of_handshake(e: &ClientInitializeError) -> Failure {
    match e {
        ClientInitializeError::TransportError { error, .. } => of_chain(error.error.as_ref()),
        ClientInitializeError::ConnectionClosed(_) => Failure::Closed,
        ClientInitializeError::JsonRpcError(data) => Failure::ErrorReply(data.code.0),
        _ => Failure::InvalidReply,
    }
}

/// Walks an error and its sources for the first cause it recognises.
fn of_chain(e: &(dyn StdError + 'static)) -> Failure {
    let mut next = Some(e);
    while let Some(e) = next {
        if let Some(found) = recognise(e) {
            return found;
        }
        next = e.source();
    }
    Failure::InvalidReply
}

fn recognise(e: &(dyn StdError + 'static)) -> Option<Failure> {
    if e.downcast_ref::<Blocked>().is_some() {
        return Some(Failure::Blocked);
    }
    if let Some(h) = e.downcast_ref::<HttpStatusError>() {
        return Some(Failure::HttpStatus(h.status));
    }
    if let Some(s) = e.downcast_ref::<StreamableHttpError<reqwest::Error>>() {
        return match s {
            StreamableHttpError::HttpStatus(h) => Some(Failure::HttpStatus(h.status)),
            StreamableHttpError::ResponseBodyTooLarge { .. } => Some(Failure::TooLarge),
            StreamableHttpError::Client(r) => Some(of_reqwest(r)),
            StreamableHttpError::Io(io) => Some(of_io(io)),
            StreamableHttpError::UnexpectedServerResponse(text) => {
                Some(status_prefix(text).map_or(Failure::InvalidReply, Failure::HttpStatus))
            }
            StreamableHttpError::AuthRequired(_) => Some(Failure::HttpStatus(401)),
            StreamableHttpError::InsufficientScope(_) => Some(Failure::HttpStatus(403)),
            StreamableHttpError::SessionExpired => Some(Failure::HttpStatus(404)),
            StreamableHttpError::UnexpectedEndOfStream
            | StreamableHttpError::TransportChannelClosed => Some(Failure::Closed),
            StreamableHttpError::ControlRequestTimeout
            | StreamableHttpError::SessionRecoveryTimeout => Some(Failure::Timeout),
            _ => Some(Failure::InvalidReply),
        };
    }
    if let Some(r) = e.downcast_ref::<reqwest::Error>() {
        return Some(of_reqwest(r));
    }
    if let Some(io) = e.downcast_ref::<std::io::Error>() {
        return Some(of_io(io));
    }
    None
}

/// Whether a source of `e` is a `T`.
fn chain_has<T: StdError + 'static>(e: &(dyn StdError + 'static)) -> bool {
    let mut next = e.source();
    while let Some(e) = next {
        if e.is::<T>() {
            return true;
        }
        next = e.source();
    }
    false
}

fn of_reqwest(r: &reqwest::Error) -> Failure {
    // A refused address is reported by the resolver, under reqwest's error.
    if chain_has::<Blocked>(r) {
        Failure::Blocked
    } else if r.is_timeout() {
        Failure::Timeout
    } else if let Some(status) = r.status() {
        Failure::HttpStatus(status.as_u16())
    } else if r.is_connect() {
        match io_source(r) {
            Some(io) => of_io(io),
            None => Failure::Refused,
        }
    } else if r.is_body() || r.is_decode() {
        Failure::InvalidReply
    } else {
        Failure::Closed
    }
}

fn io_source<'a>(e: &'a (dyn StdError + 'static)) -> Option<&'a std::io::Error> {
    let mut next = e.source();
    while let Some(e) = next {
        if let Some(io) = e.downcast_ref::<std::io::Error>() {
            return Some(io);
        }
        next = e.source();
    }
    None
}

fn of_io(io: &std::io::Error) -> Failure {
    use std::io::ErrorKind as K;
    if io.raw_os_error() == Some(24) || io.raw_os_error() == Some(23) {
        return Failure::Exhausted;
    }
    match io.kind() {
        K::TimedOut => Failure::Timeout,
        K::ConnectionRefused | K::AddrNotAvailable | K::NotFound => Failure::Refused,
        K::OutOfMemory => Failure::Exhausted,
        _ => Failure::Closed,
    }
}

/// `HTTP 404: …` → 404.
fn status_prefix(text: &str) -> Option<u16> {
    let rest = text.strip_prefix("HTTP ")?;
    let code = rest.get(..3)?;
    code.parse().ok().filter(|c| (100..600).contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn causes_read_as_short_words() {
        assert_eq!(Failure::HttpStatus(500).to_string(), "http_status 500");
        assert_eq!(Failure::TooLarge.to_string(), "too_large");
        assert_eq!(status_prefix("HTTP 418: <html>teapot</html>"), Some(418));
        assert_eq!(status_prefix("HTTPS"), None);
        let long = "x".repeat(1000) + "\nsecond line";
        let logged = loggable(&long);
        assert!(logged.chars().count() <= LOGGED_DETAIL + 1);
        assert!(!loggable("a\nb").contains('\n'));
    }

    #[test]
    fn io_errors_name_their_cause() {
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        assert_eq!(of_io(&refused), Failure::Refused);
        let files = std::io::Error::from_raw_os_error(24);
        assert_eq!(of_io(&files), Failure::Exhausted);
        let blocked: Box<dyn StdError + Send + Sync> = Box::new(Blocked("loopback"));
        assert_eq!(of_chain(blocked.as_ref()), Failure::Blocked);
    }
}
