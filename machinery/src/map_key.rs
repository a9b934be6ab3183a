//! Types usable as map keys: strings and string newtypes.

/// A string-like map key. Maps are `BTreeMap`s, so iteration is in byte order of the key, which is
/// the order Go's JSON encoder and gogo's stable protobuf marshaler both use.
pub trait MapKey: Ord + Clone + Default {
    /// The key as a string.
    fn key_str(&self) -> &str;
    /// Builds a key from a decoded string.
    fn from_key_string(s: String) -> Self;
}

impl MapKey for String {
    fn key_str(&self) -> &str {
        self
    }
    fn from_key_string(s: String) -> Self {
        s
    }
}
