//! Protobuf: wire primitives, codec traits, the `k8s\0` envelope and length-delimited framing.

mod envelope;
mod traits;
mod wire;

pub use envelope::{decode_envelope, encode_envelope, frame_length_delimited, read_frame, Envelope, PROTOBUF_MAGIC};
pub use traits::{encode_bytes_always, encode_message_field, merge_message_field, ProtoField, ProtoMessage, ProtoRepeated};
pub use wire::{ProtoReader, ProtoWriter, WireType};
