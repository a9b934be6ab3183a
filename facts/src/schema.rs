//! Schema facts of the type language (patch strategies, list, map and struct types) as typed values, used by machinery at run time and by the front-end's checks.

use std::fmt;

/// How a strategic merge patch treats a field (`+patchStrategy=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchStrategy {
    /// Lists merge element by element (by the merge key, or as a set of scalars); maps merge by key.
    Merge,
    /// Fields of the struct that the patch leaves out are cleared.
    RetainKeys,
    /// Both: the list merges, and each element keeps only the keys the patch names.
    MergeRetainKeys,
    /// The value is replaced whole.
    Replace,
}

impl PatchStrategy {
    /// Every accepted spelling, as upstream writes it.
    pub const NAMES: &[&str] = &["merge", "retainKeys", "merge,retainKeys", "replace"];

    /// Parses upstream's spelling.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "merge" => Self::Merge,
            "retainKeys" => Self::RetainKeys,
            "merge,retainKeys" | "retainKeys,merge" => Self::MergeRetainKeys,
            "replace" => Self::Replace,
            _ => return None,
        })
    }

    /// Whether lists and maps under this strategy merge rather than replace.
    pub fn merges(self) -> bool {
        matches!(self, Self::Merge | Self::MergeRetainKeys)
    }

    /// Whether struct fields the patch leaves out are cleared.
    pub fn retains_keys(self) -> bool {
        matches!(self, Self::RetainKeys | Self::MergeRetainKeys)
    }

    /// Upstream's spelling (the `x-kubernetes-patch-strategy` value).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Merge => "merge",
            Self::RetainKeys => "retainKeys",
            Self::MergeRetainKeys => "merge,retainKeys",
            Self::Replace => "replace",
        }
    }
}

/// How server-side apply treats a list (`+listType=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListType {
    /// Replaced whole; owned as one field.
    Atomic,
    /// A set of scalars; each value owned separately.
    Set,
    /// Elements identified by their `list_map_key` fields; each element owned separately.
    Map,
}

impl ListType {
    /// Every accepted spelling.
    pub const NAMES: &[&str] = &["atomic", "set", "map"];

    /// Parses upstream's spelling.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "atomic" => Self::Atomic,
            "set" => Self::Set,
            "map" => Self::Map,
            _ => return None,
        })
    }

    /// Upstream's spelling (the `x-kubernetes-list-type` value).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Atomic => "atomic",
            Self::Set => "set",
            Self::Map => "map",
        }
    }
}

/// How server-side apply treats a map or struct (`+mapType=`, `+structType=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Granularity {
    /// Replaced whole; owned as one field.
    Atomic,
    /// Each key owned separately (the default).
    Granular,
}

impl Granularity {
    /// Every accepted spelling.
    pub const NAMES: &[&str] = &["atomic", "granular"];

    /// Parses upstream's spelling.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "atomic" => Self::Atomic,
            "granular" => Self::Granular,
            _ => return None,
        })
    }

    /// Upstream's spelling (the `x-kubernetes-map-type` value).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Atomic => "atomic",
            Self::Granular => "granular",
        }
    }
}

macro_rules! display_as_str {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    )*};
}

display_as_str!(PatchStrategy, ListType, Granularity);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_parses_and_prints_back() {
        for s in PatchStrategy::NAMES {
            assert_eq!(PatchStrategy::parse(s).map(|p| p.to_string()).as_deref(), Some(*s));
        }
        for s in ListType::NAMES {
            assert_eq!(ListType::parse(s).map(|p| p.to_string()).as_deref(), Some(*s));
        }
        for s in Granularity::NAMES {
            assert_eq!(Granularity::parse(s).map(|p| p.to_string()).as_deref(), Some(*s));
        }
        assert_eq!(PatchStrategy::parse("retainKeys,merge"), Some(PatchStrategy::MergeRetainKeys));
        assert_eq!(PatchStrategy::parse("Merge"), None);
        assert_eq!(ListType::parse("Map"), None);
    }
}
