//! TEMPORARY minimal Duration until the full module lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Duration(pub i64);
impl Duration {
    pub fn format_go(&self) -> String { format!("{}ns", self.0) }
    pub fn parse_go(s: &str) -> Result<Duration, String> { s.strip_suffix("ns").and_then(|x| x.parse().ok()).map(Duration).ok_or_else(|| "bad duration".into()) }
}
