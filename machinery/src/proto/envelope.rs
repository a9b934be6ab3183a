//! The Kubernetes protobuf envelope (`k8s\0` + `runtime.Unknown`) and 4-byte length framing.

use super::{ProtoReader, ProtoWriter, WireType};
use crate::error::{DecodeError, DecodeErrorKind};

/// The four bytes every Kubernetes protobuf document starts with.
pub const PROTOBUF_MAGIC: &[u8; 4] = b"k8s\0";

/// A decoded envelope: the object's type and its still-encoded body.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Envelope<'a> {
    /// `typeMeta.apiVersion` (field 1.1), which names the version `raw` is encoded in.
    pub api_version: String,
    /// `typeMeta.kind` (field 1.2), the kind to decode `raw` as.
    pub kind: String,
    /// The object's own protobuf message (field 2), borrowed from the input.
    pub raw: &'a [u8],
    /// Field 3; upstream always writes it empty (no compression) and so does kapi.
    pub content_encoding: String,
    /// Field 4; empty means `raw` is protobuf, which is all upstream's serializer writes.
    pub content_type: String,
}

/// Writes `k8s\0` and a `runtime.Unknown` whose `raw` is produced by `body`, in one backwards pass.
/// `contentEncoding` and `contentType` are written as empty strings, as upstream does.
pub fn encode_envelope(api_version: &str, kind: &str, body: impl FnOnce(&mut ProtoWriter)) -> Vec<u8> {
    let mut w = ProtoWriter::with_capacity(1024);
    w.put_bytes_field(4, b"");
    w.put_bytes_field(3, b"");
    let mark = w.len();
    body(&mut w);
    w.put_len_since(mark);
    w.put_tag(2, WireType::Len);
    let mark = w.len();
    w.put_bytes_field(2, kind.as_bytes());
    w.put_bytes_field(1, api_version.as_bytes());
    w.put_len_since(mark);
    w.put_tag(1, WireType::Len);
    w.put_slice(PROTOBUF_MAGIC);
    w.into_vec()
}

/// Checks the prefix and parses the `runtime.Unknown` around an object.
pub fn decode_envelope(data: &[u8]) -> Result<Envelope<'_>, DecodeError> {
    let Some(body) = data.strip_prefix(&PROTOBUF_MAGIC[..]) else {
        return Err(DecodeError::new(DecodeErrorKind::BadMagic));
    };
    let mut r = ProtoReader::new(body);
    let mut env = Envelope::default();
    while !r.is_empty() {
        let (field, wire) = r.key()?;
        match field {
            1 => {
                r.expect(wire, WireType::Len).map_err(|e| e.in_field("typeMeta"))?;
                let mut tm = r.message().map_err(|e| e.in_field("typeMeta"))?;
                while !tm.is_empty() {
                    let (f, w) = tm.key()?;
                    match f {
                        1 => {
                            tm.expect(w, WireType::Len).map_err(|e| e.in_field("apiVersion").in_field("typeMeta"))?;
                            env.api_version =
                                tm.str().map_err(|e| e.in_field("apiVersion").in_field("typeMeta"))?.to_owned();
                        }
                        2 => {
                            tm.expect(w, WireType::Len).map_err(|e| e.in_field("kind").in_field("typeMeta"))?;
                            env.kind = tm.str().map_err(|e| e.in_field("kind").in_field("typeMeta"))?.to_owned();
                        }
                        _ => tm.skip(w)?,
                    }
                }
            }
            2 => {
                r.expect(wire, WireType::Len).map_err(|e| e.in_field("raw"))?;
                env.raw = r.bytes().map_err(|e| e.in_field("raw"))?;
            }
            3 => {
                r.expect(wire, WireType::Len).map_err(|e| e.in_field("contentEncoding"))?;
                env.content_encoding = r.str().map_err(|e| e.in_field("contentEncoding"))?.to_owned();
            }
            4 => {
                r.expect(wire, WireType::Len).map_err(|e| e.in_field("contentType"))?;
                env.content_type = r.str().map_err(|e| e.in_field("contentType"))?.to_owned();
            }
            _ => r.skip(wire)?,
        }
    }
    Ok(env)
}

/// Prefixes a message with its length as four big-endian bytes (the watch stream framing).
pub fn frame_length_delimited(msg: &[u8]) -> Result<Vec<u8>, String> {
    let len = u32::try_from(msg.len()).map_err(|_| format!("frame of {} bytes exceeds 4 GiB", msg.len()))?;
    let mut out = Vec::with_capacity(msg.len() + 4);
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(msg);
    Ok(out)
}

/// Reads one frame from a stream buffer: `Ok(None)` if more bytes are needed, else the frame and
/// the number of bytes it used. Frames larger than `max_frame` are an error.
pub fn read_frame(buf: &[u8], max_frame: usize) -> Result<Option<(&[u8], usize)>, DecodeError> {
    if buf.len() < 4 {
        return Ok(None);
    }
    let len = u32::from_be_bytes([buf[0], buf[1], buf[2], buf[3]]) as usize;
    if len > max_frame {
        return Err(DecodeError::invalid(format!("frame of {len} bytes exceeds the limit of {max_frame}")));
    }
    if buf.len() < 4 + len {
        return Ok(None);
    }
    Ok(Some((&buf[4..4 + len], 4 + len)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelope_round_trip() {
        let bytes = encode_envelope("admission.k8s.io/v1", "AdmissionReview", |w| w.put_bytes_field(1, b"x"));
        assert_eq!(&bytes[..4], PROTOBUF_MAGIC);
        assert!(bytes.ends_with(&[0x1a, 0x00, 0x22, 0x00]));
        let env = decode_envelope(&bytes).unwrap();
        assert_eq!(env.api_version, "admission.k8s.io/v1");
        assert_eq!(env.kind, "AdmissionReview");
        assert_eq!(env.raw, &[0x0a, 0x01, b'x']);
        assert!(matches!(decode_envelope(b"k8s").unwrap_err().kind, DecodeErrorKind::BadMagic));
        assert!(decode_envelope(&bytes[..bytes.len() - 3]).is_err());
    }

    #[test]
    fn frames() {
        let f = frame_length_delimited(b"abc").unwrap();
        assert_eq!(f, [0, 0, 0, 3, b'a', b'b', b'c']);
        assert_eq!(read_frame(&f, 10).unwrap(), Some((&b"abc"[..], 7)));
        assert_eq!(read_frame(&f[..5], 10).unwrap(), None);
        assert!(read_frame(&f, 2).is_err());
    }
}
