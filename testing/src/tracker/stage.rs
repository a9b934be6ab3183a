//! Where a write stands in seed 004's create and update flows: prepared and validated but held back for validating admission, then committed as prepared.

use kapi_api::meta::v1::ObjectMeta;
use kapi_machinery::types::Time;

/// How far a create or update goes. Upstream's store runs validating admission between the
/// strategy's validation and the write to storage (`createValidation`, `updateValidation`);
/// validating webhooks are remote calls the tracker cannot make under its lock, so the server
/// runs a write twice: held back, to learn the object as it would be stored, then committed
/// with the system fields the held write chose.
#[derive(Debug, Clone, Copy, Default)]
pub enum Stage<'a> {
    /// Prepare, validate and store at once.
    #[default]
    Store,
    /// Prepare and validate, store nothing: the result is the object as it would be stored,
    /// with a generated name, uid and creation timestamp as a real write has them, and on
    /// update the stored object's resourceVersion.
    Hold,
    /// Store the write an earlier [`Stage::Hold`] of the same request prepared: the system
    /// fields it chose are kept, and an update fails with `409 Conflict` when the stored
    /// object changed since.
    Commit(&'a Pins),
}

/// The system fields a held write chose, which its commit keeps, so that what validating
/// admission saw is what is stored.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pins {
    /// The name (`generateName`'s result on create).
    pub name: String,
    /// The uid.
    pub uid: String,
    /// The creation timestamp.
    pub creation_timestamp: Time,
    /// On update, the stored object's resourceVersion the held write was prepared against;
    /// empty on create.
    pub resource_version: String,
}

impl Pins {
    /// The pins of a held write's result.
    pub fn of(meta: &ObjectMeta) -> Pins {
        Pins {
            name: meta.name.clone(),
            uid: meta.uid.clone(),
            creation_timestamp: meta.creation_timestamp,
            resource_version: meta.resource_version.clone(),
        }
    }
}

impl Stage<'_> {
    /// Whether the write stops before storing.
    pub fn holds(self) -> bool {
        matches!(self, Stage::Hold)
    }
}
