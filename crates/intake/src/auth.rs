//! Where a Sentry client puts its DSN public key: the `sentry_key` query
//! parameter, the `X-Sentry-Auth` header, or the envelope's `dsn` header.

/// `X-Sentry-Auth: Sentry sentry_version=7, sentry_client=sentry.javascript.react/11.12.0, sentry_key=abc`
/// → `abc`. The `Sentry ` prefix is optional; keys are case-insensitive.
pub fn key_from_auth_header(value: &str) -> Option<String> {
    let value = value.trim();
    let rest = value
        .get(..7)
        .filter(|p| p.eq_ignore_ascii_case("sentry "))
        .map_or(value, |_| &value[7..]);
    rest.split(',').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        k.trim()
            .eq_ignore_ascii_case("sentry_key")
            .then(|| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    })
}

/// `sentry_key` from a query string (`?sentry_key=abc&sentry_version=7`).
pub fn key_from_query(query: &str) -> Option<String> {
    form_pairs(query).find_map(|(k, v)| (k == "sentry_key" && !v.is_empty()).then_some(v))
}

fn form_pairs(query: &str) -> impl Iterator<Item = (String, String)> + '_ {
    query.split('&').filter_map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        Some((percent_decode(k)?, percent_decode(v)?))
    })
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'%' => {
                let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// The parts of a DSN `{scheme}://{public_key}[:{secret}]@{host}[:{port}]/{path/}{project_id}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dsn {
    pub public_key: String,
    /// `scheme://host[:port]`: where the envelope endpoint lives.
    pub origin: String,
    pub project_id: String,
}

impl Dsn {
    pub fn parse(dsn: &str) -> Option<Dsn> {
        let (scheme, rest) = dsn.trim().split_once("://")?;
        if scheme != "http" && scheme != "https" {
            return None;
        }
        let (userinfo, host_path) = rest.split_once('@')?;
        let public_key = userinfo.split(':').next()?.to_owned();
        let (host, path) = host_path.split_once('/').unwrap_or((host_path, ""));
        let project_id = path.trim_end_matches('/').rsplit('/').next()?.to_owned();
        if public_key.is_empty() || host.is_empty() || project_id.is_empty() {
            return None;
        }
        Some(Dsn {
            public_key,
            origin: format!("{scheme}://{host}"),
            project_id,
        })
    }

    /// Builds the DSN string for a key and project at `public_url` (`https://shop.example[/prefix]`).
    pub fn format(public_url: &str, public_key: &str, project_id: i64) -> String {
        let public_url = public_url.trim_end_matches('/');
        match public_url.split_once("://") {
            Some((scheme, rest)) => format!("{scheme}://{public_key}@{rest}/{project_id}"),
            None => format!("http://{public_key}@{public_url}/{project_id}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_auth_header_yields_its_key() {
        assert_eq!(
            key_from_auth_header(
                "Sentry sentry_version=7, sentry_client=sentry.javascript.react/11.12.0, sentry_key=5f0e8a"
            )
            .as_deref(),
            Some("5f0e8a")
        );
        assert_eq!(
            key_from_auth_header("sentry_key=abc,sentry_version=7").as_deref(),
            Some("abc")
        );
        assert_eq!(key_from_auth_header("Sentry sentry_version=7"), None);
        assert_eq!(key_from_auth_header("Sentry sentry_key="), None);
        assert_eq!(key_from_auth_header("é"), None);
    }

    #[test]
    fn the_query_yields_its_key() {
        assert_eq!(
            key_from_query("sentry_version=7&sentry_key=ab%63&sentry_client=x").as_deref(),
            Some("abc")
        );
        assert_eq!(key_from_query("sentry_key="), None);
        assert_eq!(key_from_query("sentry_key=%zz"), None);
    }

    #[test]
    fn dsns_round_trip() {
        let dsn = Dsn::format("http://localhost:8080", "k3y", 1);
        assert_eq!(dsn, "http://k3y@localhost:8080/1");
        let p = Dsn::parse(&dsn).unwrap();
        assert_eq!(
            (
                p.public_key.as_str(),
                p.origin.as_str(),
                p.project_id.as_str()
            ),
            ("k3y", "http://localhost:8080", "1")
        );
        let p = Dsn::parse("https://pub:secret@o1.ingest.sentry.io/sub/42").unwrap();
        assert_eq!(
            (p.public_key.as_str(), p.project_id.as_str()),
            ("pub", "42")
        );
        assert_eq!(Dsn::parse("ftp://a@b/1"), None);
        assert_eq!(Dsn::parse("https://b/1"), None);
    }
}
