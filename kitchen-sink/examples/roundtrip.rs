//! A round-trip test for a user's own type: a `#[derive(Kapi)]` kind is checked through JSON, YAML and protobuf with random objects, as kapi-api's generated suites check every built-in kind.
//!
//! ```text
//! cargo test -p kapi-kitchen-sink --example roundtrip    # the test at the bottom
//! cargo run -p kapi-kitchen-sink --example roundtrip     # the same checks, and one object in each format
//! ```

use kapi_api::meta::v1::{Condition, ListMeta, ObjectMeta};
use kapi_machinery::{Format, Options, Scheme, Serializer, TypeMeta};
use kapi_macros::Kapi;

/// A backup schedule: the kind a user would define for an operator.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "example.kapi.io", version = "v1")]
pub struct BackupSchedule {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    pub spec: BackupScheduleSpec,
    #[kapi(proto = 3, omitempty)]
    pub status: BackupScheduleStatus,
}

/// What to back up and when.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct BackupScheduleSpec {
    /// A cron schedule.
    #[kapi(proto = 1, omitempty)]
    pub schedule: String,
    /// The namespaces to include.
    #[kapi(proto = 2, omitempty)]
    pub namespaces: Vec<String>,
    /// Days to keep each backup; unset keeps them forever.
    #[kapi(proto = 3, optional)]
    pub retention_days: Option<i32>,
    /// Extra labels for the backups.
    #[kapi(proto = 4, omitempty)]
    pub labels: std::collections::BTreeMap<String, String>,
}

/// What the operator saw.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct BackupScheduleStatus {
    #[kapi(proto = 1, omitempty)]
    pub conditions: Vec<Condition>,
    #[kapi(proto = 2, omitempty)]
    pub last_backup: String,
}

/// A list of schedules.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "example.kapi.io", version = "v1")]
pub struct BackupScheduleList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Vec<BackupSchedule>,
}

fn scheme() -> Scheme {
    let mut scheme = Scheme::new();
    scheme.add_known_type::<BackupSchedule>().expect("registered once");
    scheme.add_known_type::<BackupScheduleList>().expect("registered once");
    scheme
}

/// Seeded random objects (20 per codec, `KAPI_ROUNDTRIP_ITERS` for more) must come back
/// semantically equal and encode to the same bytes again; a failure names the seed.
fn check() -> Result<(), kapi_machinery::roundtrip::Failure> {
    let scheme = scheme();
    kapi_machinery::roundtrip::versioned::<BackupSchedule>(&scheme, |_| {})?;
    kapi_machinery::roundtrip::versioned::<BackupScheduleList>(&scheme, |_| {})
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    check()?;
    println!("BackupSchedule and BackupScheduleList round-trip through JSON, YAML and protobuf");
    let scheme = scheme();
    let schedule = BackupSchedule {
        metadata: ObjectMeta { name: "nightly".into(), namespace: "default".into(), ..Default::default() },
        spec: BackupScheduleSpec {
            schedule: "0 2 * * *".into(),
            namespaces: vec!["shop".into()],
            retention_days: Some(7),
            ..Default::default()
        },
        ..Default::default()
    };
    for format in [Format::Json, Format::Yaml, Format::Protobuf] {
        let ser = Serializer::new(&scheme, format, Options::default());
        let bytes = ser.encode(&schedule)?;
        let back = ser.decode(&bytes, None)?;
        let back = back.object.downcast_ref::<BackupSchedule>().ok_or("decoded another kind")?;
        println!("{format:?}: {} bytes, equal after decoding: {}", bytes.len(), back.spec == schedule.spec);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn backup_schedule_round_trips() {
        if let Err(e) = super::check() {
            panic!("{e}");
        }
    }
}
