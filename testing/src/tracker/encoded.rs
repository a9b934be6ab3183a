//! How a store keeps an object: encoded as kube-apiserver writes it to etcd, with its resource version beside the bytes.

use std::sync::{Arc, OnceLock};

use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::ObjectMeta;
use kapi_machinery::proto::{ProtoMessage as _, ProtoReader, WireType, decode_envelope};
use kapi_machinery::{Format, Object};

use super::{ConvertFn, Result, meta, meta_mut};

/// One stored state of an object: protobuf in the `k8s\0` envelope for kinds served as protobuf
/// (every built-in kind), compact JSON for the rest (custom resources), as upstream's storage
/// codec writes them. The bytes hold no resource version: upstream's etcd store clears it before
/// writing (`PrepareObjectForStorage`) and sets it from the key's revision when it reads, so a
/// deletion's event and the last state before it share one encoding. Cloning shares the bytes.
#[derive(Clone)]
pub(crate) struct Encoded {
    rv: u64,
    inner: Arc<Inner>,
}

struct Inner {
    bytes: Box<[u8]>,
    /// What a read does after decoding: upstream's storage decodes into the internal type and
    /// the response converts back, which the server's function does (see
    /// `ObjectTracker::set_storage_read`).
    read: Option<ConvertFn>,
    /// The object as the first read made it, with the resource version of the state that read
    /// it (a deletion's event shares the bytes at another one), copied for each read after, or
    /// encoded as it is by a list: upstream's watch cache likewise keeps objects decoded once
    /// from etcd's bytes.
    decoded: OnceLock<(u64, Box<dyn Object>)>,
}

impl std::fmt::Debug for Encoded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Encoded").field("rv", &self.rv).field("len", &self.inner.bytes.len()).finish()
    }
}

impl Encoded {
    /// Encodes `obj`, an object of `info`'s store, as stored at `rv`; leaves `rv` in the
    /// object's metadata, as the write answers with it.
    pub(crate) fn encode(
        info: &ResourceInfo,
        obj: &mut dyn Object,
        rv: u64,
        read: Option<&ConvertFn>,
    ) -> Result<Encoded> {
        meta_mut(info, obj)?.resource_version.clear();
        let bytes = meta::encode(obj, if info.protobuf { Format::Protobuf } else { Format::Json });
        meta_mut(info, obj)?.resource_version = rv.to_string();
        let bytes = bytes.map_err(|e| api_errors::internal(&format!("encoding the object for storage: {e}")))?;
        let inner = Inner { bytes: bytes.into(), read: read.cloned(), decoded: OnceLock::new() };
        Ok(Encoded { rv, inner: Arc::new(inner) })
    }

    /// The object, decoded as `info`'s store's kind, with its resource version: a copy of
    /// [`Encoded::object`].
    pub(crate) fn decode(&self, info: &ResourceInfo) -> Result<Box<dyn Object>> {
        let mut obj = self.object(info)?.deep_copy_object();
        meta_mut(info, obj.as_mut())?.resource_version = self.rv.to_string();
        Ok(obj)
    }

    /// Runs `f` on the object with this state's resource version: the object the store keeps,
    /// borrowed where the state that first read it is this one (always, but for a deletion's
    /// event), else a copy at this version. What a list encodes without copying each item.
    pub(crate) fn with_current<R>(&self, info: &ResourceInfo, f: impl FnOnce(&dyn Object) -> R) -> Result<R> {
        let obj = self.object(info)?;
        if self.inner.decoded.get().is_some_and(|(rv, _)| *rv == self.rv) {
            return Ok(f(obj));
        }
        Ok(f(self.decode(info)?.as_ref()))
    }

    /// The object as the store reads it, borrowed, with the resource version of the state that
    /// first read it (not necessarily this one's: see [`Encoded::with_current`]): decoded (and passed
    /// through the storage read) the first time, kept for every read after.
    pub(crate) fn object(&self, info: &ResourceInfo) -> Result<&dyn Object> {
        if let Some((_, obj)) = self.inner.decoded.get() {
            return Ok(obj.as_ref());
        }
        let bytes = &self.inner.bytes;
        let mut obj = if info.protobuf {
            decode_protobuf(info, bytes)
        } else {
            meta::decode_json(info, bytes, false).map(|(o, _)| o)
        }
        .map_err(|e| api_errors::internal(&format!("decoding the stored object: {e}")))?;
        if let Some(read) = &self.inner.read {
            obj = read(obj, info)?;
        }
        meta_mut(info, obj.as_mut())?.resource_version = self.rv.to_string();
        // A list reads after letting the tracker's lock go, so another read may have filled it
        // meanwhile: then that one's object stays (the same but perhaps for the version).
        Ok(self.inner.decoded.get_or_init(|| (self.rv, obj)).1.as_ref())
    }

    /// Only the object's metadata, with its resource version: for protobuf, only the message's
    /// field 1 is decoded (`metadata` is field 1 of every kind's message), so the server's
    /// controllers, which look at metadata alone, do not decode whole objects.
    pub(crate) fn metadata(&self, info: &ResourceInfo) -> Result<ObjectMeta> {
        if !info.protobuf || self.inner.decoded.get().is_some() {
            let mut meta = (info.metadata)(self.object(info)?)
                .cloned()
                .ok_or_else(|| api_errors::internal("a stored object without metadata"))?;
            meta.resource_version = self.rv.to_string();
            return Ok(meta);
        }
        let bad = |e: kapi_machinery::DecodeError| api_errors::internal(&format!("decoding the stored object: {e}"));
        let envelope = decode_envelope(&self.inner.bytes).map_err(bad)?;
        let mut r = ProtoReader::new(envelope.raw);
        let mut meta = ObjectMeta::default();
        while !r.is_empty() {
            let (field, wire) = r.key().map_err(bad)?;
            if field == 1 && wire == WireType::Len {
                meta.merge_proto(&mut r.message().map_err(bad)?).map_err(bad)?;
            } else {
                r.skip(wire).map_err(bad)?;
            }
        }
        meta.resource_version = self.rv.to_string();
        Ok(meta)
    }

    /// The same state recorded at another resource version (a deletion's event).
    pub(crate) fn at(&self, rv: u64) -> Encoded {
        Encoded { rv, inner: Arc::clone(&self.inner) }
    }

    /// The bytes, as etcd would hold them.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.inner.bytes
    }

    /// The resource version it was stored at.
    pub(crate) fn rv(&self) -> u64 {
        self.rv
    }
}

fn decode_protobuf(
    info: &ResourceInfo,
    bytes: &[u8],
) -> std::result::Result<Box<dyn Object>, kapi_machinery::DecodeError> {
    let envelope = decode_envelope(bytes)?;
    let mut obj = (info.new_object)();
    obj.merge_proto_dyn(&mut ProtoReader::new(envelope.raw))?;
    obj.set_registered_type_meta();
    Ok(obj)
}

#[cfg(test)]
mod tests {
    use kapi_api::core::v1::{Container, Pod, PodSpec};
    use kapi_api::meta::v1::OwnerReference;
    use kapi_api::served::ResourceInfoExt as _;

    use super::*;

    fn pod() -> Pod {
        let mut p = Pod::default();
        p.metadata.name = "web".into();
        p.metadata.namespace = "default".into();
        p.metadata.uid = "0b2b1a4e-0000-4000-8000-000000000001".into();
        p.metadata.resource_version = "7".into();
        p.metadata.labels.insert("app".into(), "web".into());
        p.metadata.finalizers.push("example.com/keep".into());
        p.metadata.owner_references.push(OwnerReference { name: "rs".into(), ..Default::default() });
        p.spec = PodSpec {
            containers: Some(vec![Container { name: "c".into(), image: "busybox".into(), ..Default::default() }]),
            ..Default::default()
        };
        p
    }

    #[test]
    fn the_bytes_hold_no_resource_version_and_decode_with_the_stored_one() {
        let info = ResourceInfo::of::<Pod>();
        let mut obj: Box<dyn Object> = Box::new(pod());
        let stored = Encoded::encode(&info, obj.as_mut(), 987_654_321, None).unwrap();
        assert_eq!(meta_mut(&info, obj.as_mut()).unwrap().resource_version, "987654321");
        assert!(stored.bytes().starts_with(b"k8s\0"));
        assert!(!stored.bytes().windows(9).any(|w| w == b"987654321"), "no resource version in the bytes");

        let back = stored.decode(&info).unwrap();
        let back = back.as_any().downcast_ref::<Pod>().unwrap();
        let mut want = pod();
        want.metadata.resource_version = "987654321".into();
        want.set_registered_type_meta();
        assert_eq!(back, &want);
        assert_eq!(
            stored.at(15).decode(&info).unwrap().as_any().downcast_ref::<Pod>().unwrap().metadata.resource_version,
            "15"
        );
    }

    #[test]
    fn metadata_alone_is_the_whole_decodes_metadata() {
        let info = ResourceInfo::of::<Pod>();
        let mut obj: Box<dyn Object> = Box::new(pod());
        let stored = Encoded::encode(&info, obj.as_mut(), 3, None).unwrap();
        let whole = stored.decode(&info).unwrap();
        assert_eq!(&stored.metadata(&info).unwrap(), (info.metadata)(whole.as_ref()).unwrap());
    }
}
