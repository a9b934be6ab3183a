//! The contract between generated apply configurations and the client that sends them.

use crate::json::JsonEncode;
use crate::object::Kind;

/// A kind's apply configuration (upstream's `<Kind>ApplyConfiguration`): every field optional,
/// encoded with only the fields the caller set, so that server-side apply makes the field
/// manager own exactly those. `kapi-codegen`'s `applyconfig` generator implements it for every
/// kind it writes a configuration for; a client's `apply` takes it and decodes the answer as
/// [`ApplyConfiguration::Kind`].
pub trait ApplyConfiguration: JsonEncode {
    /// The kind the configuration applies to, which the server answers with.
    type Kind: Kind;

    /// `metadata.name`, if set.
    fn name(&self) -> Option<&str>;
    /// `metadata.namespace`, if set.
    fn namespace(&self) -> Option<&str>;
    /// `apiVersion`, if set (the generated constructors set it).
    fn api_version(&self) -> Option<&str>;
    /// `kind`, if set (the generated constructors set it).
    fn kind(&self) -> Option<&str>;
}
