//! Remote server addresses: how they are shown (never with their secrets) and where Sluice may
//! connect (never, by default, into the machine's own network).
//!
//! Invariants: a URL leaves this crate only as [`Address::shown`], with its userinfo removed and
//! every query value replaced; any text that may quote the URL (an upstream error) passes
//! through [`Address::scrub`] first. The outbound policy is checked on resolved addresses at
//! connect time, so a name that resolves somewhere else the second time is still refused.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use url::Url;

/// Placeholder for a hidden secret.
const HIDDEN: &str = "***";

/// A configured remote URL, parsed once.
#[derive(Debug, Clone)]
pub struct Address {
    raw: String,
    url: Url,
    shown: String,
    secrets: Vec<String>,
}

impl Address {
    /// Parses `raw`; only `http` and `https` with a host are accepted.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let url = Url::parse(raw).map_err(|e| format!("not a valid URL: {e}"))?;
        if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
            return Err("the URL must be http(s) with a host".into());
        }
        let mut secrets = Vec::new();
        let mut push = |s: &str| {
            if !s.is_empty() {
                secrets.push(s.to_owned());
                if let Ok(decoded) = percent_decode(s) {
                    secrets.push(decoded);
                }
            }
        };
        push(url.username());
        if let Some(p) = url.password() {
            push(p);
        }
        // The userinfo as written, which may differ from its normalised form.
        let authority = raw.split_once("://").map_or("", |(_, rest)| {
            rest.split(['/', '?', '#']).next().unwrap_or("")
        });
        if let Some((userinfo, _)) = authority.rsplit_once('@') {
            let (user, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
            push(user);
            push(password);
        }
        let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
        if let Some(q) = url.query() {
            for part in q.split('&') {
                push(part.split_once('=').map_or("", |(_, v)| v));
            }
        }
        for (_, v) in &pairs {
            push(v);
        }
        // Longest first, so a secret that contains another is replaced whole.
        secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
        secrets.dedup();
        let mut shown = url.clone();
        let _ = shown.set_username("");
        let _ = shown.set_password(None);
        if url.query().is_some() {
            let mut hidden = shown.query_pairs_mut();
            hidden.clear();
            for (k, _) in &pairs {
                hidden.append_pair(k, HIDDEN);
            }
        }
        let shown = shown.to_string().replace("%2A%2A%2A", HIDDEN);
        Ok(Self {
            raw: raw.to_owned(),
            url,
            shown,
            secrets,
        })
    }

    /// The URL to connect to, secrets included. Never display it.
    pub fn connect_url(&self) -> &str {
        self.url.as_str()
    }

    /// The URL as shown anywhere (listings, errors, traces, logs).
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// `text` with every secret of this URL (and the URL itself) replaced.
    pub fn scrub(&self, text: &str) -> String {
        let mut out = text
            .replace(self.raw.as_str(), &self.shown)
            .replace(self.url.as_str(), &self.shown);
        for s in &self.secrets {
            out = out.replace(s.as_str(), HIDDEN);
        }
        out
    }

    /// The host's IP address when the URL names one literally.
    pub fn literal_ip(&self) -> Option<IpAddr> {
        match self.url.host()? {
            url::Host::Ipv4(a) => Some(IpAddr::V4(a)),
            url::Host::Ipv6(a) => Some(IpAddr::V6(a)),
            url::Host::Domain(_) => None,
        }
    }
}

fn percent_decode(s: &str) -> Result<String, std::string::FromUtf8Error> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                i += 3;
            }
            (b'+', _, _) => {
                out.push(b' ');
                i += 1;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out)
}

/// Where remote servers may be reached.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Outbound {
    /// Allow private, link-local, unique-local and metadata addresses.
    pub allow_private: bool,
    /// Allow loopback (local setups and tests).
    pub allow_loopback: bool,
}

/// The class of an address the policy may refuse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    Public,
    Loopback,
    Private,
}

fn reach(ip: IpAddr) -> Reach {
    let ip = match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(v6),
        },
        v4 => v4,
    };
    match ip {
        IpAddr::V4(a) => reach_v4(a),
        IpAddr::V6(a) => reach_v6(a),
    }
}

fn reach_v4(a: Ipv4Addr) -> Reach {
    let [o1, o2, ..] = a.octets();
    if a.is_loopback() {
        Reach::Loopback
    } else if a.is_private()
        || a.is_link_local()
        || a.is_unspecified()
        || a.is_broadcast()
        || a.is_multicast()
        // Shared address space (carrier-grade NAT) and the IETF protocol block.
        || (o1 == 100 && (64..128).contains(&o2))
        || (o1 == 192 && o2 == 0 && a.octets()[2] == 0)
        || o1 == 0
        || o1 >= 240
    {
        Reach::Private
    } else {
        Reach::Public
    }
}

fn reach_v6(a: Ipv6Addr) -> Reach {
    let first = a.segments()[0];
    if a.is_loopback() {
        Reach::Loopback
    } else if a.is_unspecified()
        || a.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local
        || (first & 0xffc0) == 0xfe80 // link local
        || (first & 0xffc0) == 0xfec0
    // site local (deprecated)
    {
        Reach::Private
    } else {
        Reach::Public
    }
}

impl Outbound {
    /// Whether `ip` may be contacted; the error names the kind of address refused.
    pub fn check(&self, ip: IpAddr) -> Result<(), Blocked> {
        match reach(ip) {
            Reach::Public => Ok(()),
            Reach::Loopback if self.allow_loopback => Ok(()),
            Reach::Private if self.allow_private => Ok(()),
            Reach::Loopback => Err(Blocked("loopback")),
            Reach::Private => Err(Blocked("private or link-local")),
        }
    }

    /// The HTTP client for every remote server: one per process (TLS roots are loaded once),
    /// redirects never followed, every resolved address checked against this policy.
    pub fn client(self) -> Result<reqwest::Client, String> {
        reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            // Idle pooled connections stall on delayed ACKs when a reply was not fully read;
            // sessions keep their own streams, so nothing is lost by not pooling.
            .pool_max_idle_per_host(0)
            .connect_timeout(std::time::Duration::from_secs(5))
            .dns_resolver(Arc::new(GuardedResolver { policy: self }))
            .build()
            .map_err(|e| format!("the HTTP client could not be built: {e}"))
    }
}

/// A refused destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the outbound policy refuses {0} addresses")]
pub struct Blocked(pub &'static str);

/// Resolves names with the system resolver and drops every address the policy refuses.
struct GuardedResolver {
    policy: Outbound,
}

impl reqwest::dns::Resolve for GuardedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let policy = self.policy;
        Box::pin(async move {
            let found: Vec<SocketAddr> =
                tokio::net::lookup_host((name.as_str(), 0)).await?.collect();
            let mut refused = None;
            let allowed: Vec<SocketAddr> = found
                .into_iter()
                .filter(|a| match policy.check(a.ip()) {
                    Ok(()) => true,
                    Err(b) => {
                        refused = Some(b);
                        false
                    }
                })
                .collect();
            match (allowed.is_empty(), refused) {
                (true, Some(blocked)) => Err(Box::new(blocked) as _),
                _ => Ok(Box::new(allowed.into_iter()) as reqwest::dns::Addrs),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn userinfo_and_query_values_never_show() {
        let a = Address::parse("https://svc:p%40ss@word@mcp.example/x?api_key=K123&v=2").unwrap();
        assert_eq!(a.shown(), "https://mcp.example/x?api_key=***&v=***");
        let upstream = "error sending request for url (https://svc:p%40ss@word@mcp.example/x?api_key=K123&v=2): p@ss@word K123";
        let scrubbed = a.scrub(upstream);
        for secret in ["p@ss", "word", "K123", "svc"] {
            assert!(!scrubbed.contains(secret), "{secret} in {scrubbed}");
        }
        assert!(scrubbed.contains("https://mcp.example/x?api_key=***"));
        let plain = Address::parse("http://127.0.0.1:9/mcp").unwrap();
        assert_eq!(plain.shown(), "http://127.0.0.1:9/mcp");
        assert_eq!(
            Address::parse("https://host/a@b").unwrap().shown(),
            "https://host/a@b"
        );
        assert!(Address::parse("ftp://host/x").is_err());
        assert!(Address::parse("not a url").is_err());
    }

    #[test]
    fn the_policy_refuses_inner_addresses_unless_allowed() {
        let strict = Outbound::default();
        for ip in [
            "169.254.169.254",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "100.64.0.1",
            "0.0.0.0",
            "fe80::1",
            "fd00::1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
        ] {
            assert!(strict.check(ip.parse().unwrap()).is_err(), "{ip}");
        }
        assert_eq!(
            strict.check("127.0.0.1".parse().unwrap()),
            Err(Blocked("loopback"))
        );
        assert_eq!(
            strict.check("::1".parse().unwrap()),
            Err(Blocked("loopback"))
        );
        for ip in ["93.184.216.34", "2606:4700::1111", "8.8.8.8"] {
            assert!(strict.check(ip.parse().unwrap()).is_ok(), "{ip}");
        }
        let local = Outbound {
            allow_loopback: true,
            allow_private: false,
        };
        assert!(local.check("127.0.0.1".parse().unwrap()).is_ok());
        assert!(local.check("169.254.169.254".parse().unwrap()).is_err());
        let open = Outbound {
            allow_loopback: false,
            allow_private: true,
        };
        assert!(open.check("10.0.0.1".parse().unwrap()).is_ok());
        assert!(open.check("127.0.0.1".parse().unwrap()).is_err());
    }
}

#[cfg(test)]
mod fuzz {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        /// Whatever the credentials and query values, neither the shown URL nor a scrubbed
        /// upstream message that quotes the URL contains them.
        #[test]
        fn secrets_never_show(
            user in "[A-Za-z0-9._~-]{1,12}",
            password in "[A-Za-z0-9._~!$&'()*+,;=:@%-]{6,24}",
            token in "[A-Za-z0-9._~-]{6,24}",
            key in "[a-z_]{1,10}",
        ) {
            let raw = format!("https://{user}:{password}@mcp.example.org/v1/mcp?{key}={token}");
            let Ok(a) = Address::parse(&raw) else { return Ok(()) };
            let shown = a.shown();
            prop_assert!(!shown.contains(&token), "{shown}");
            prop_assert!(!shown.contains('@') || !shown.contains(&password), "{shown}");
            let message = format!("error sending request for url ({raw}) and ({}): {token}", a.connect_url());
            let scrubbed = a.scrub(&message);
            prop_assert!(!scrubbed.contains(&token), "{scrubbed}");
            prop_assert!(!scrubbed.contains(&format!(":{password}@")), "{scrubbed}");
            prop_assert!(!scrubbed.contains(&password), "{scrubbed}");
        }
    }
}
