//! TEMPORARY minimal Quantity until the full module lands.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Quantity { v: i64 }
impl Quantity {
    pub fn parse(s: &str) -> Result<Quantity, String> { s.parse().map(|v| Quantity { v }).map_err(|_| "bad quantity".into()) }
    pub fn to_canonical_string(&self) -> String { self.v.to_string() }
    pub fn is_zero(&self) -> bool { self.v == 0 }
}
