//! Protobuf: wire primitives, codec traits, the `k8s\0` envelope and length-delimited framing.

mod envelope;
mod traits;
mod wire;

pub use envelope::{Envelope, PROTOBUF_MAGIC, decode_envelope, encode_envelope, frame_length_delimited, read_frame};
pub use traits::{ProtoField, ProtoMessage, ProtoRepeated, encode_message_field, merge_message_field};
pub use wire::{ProtoReader, ProtoWriter, WireType};
