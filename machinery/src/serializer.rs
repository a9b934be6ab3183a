//! Serializers selected by media type: JSON (compact or pretty), YAML, protobuf with the `k8s\0`
//! envelope, and the raw protobuf form used inside length-framed watch streams.

use crate::budget::{DecodeBudget, DecodeLimits};
use crate::error::{DecodeError, DecodeErrorKind, EncodeError};
use crate::json::{JsonReader, JsonWriter};
use crate::object::{GroupVersionKind, Object, TypeMeta};
use crate::proto::{ProtoReader, ProtoWriter, decode_envelope, encode_envelope};
use crate::scheme::Scheme;

/// `application/json`.
pub const MEDIA_TYPE_JSON: &str = "application/json";
/// `application/yaml`.
pub const MEDIA_TYPE_YAML: &str = "application/yaml";
/// `application/vnd.kubernetes.protobuf`.
pub const MEDIA_TYPE_PROTOBUF: &str = "application/vnd.kubernetes.protobuf";
/// The protobuf stream form: raw messages, each framed by a 4-byte big-endian length.
pub const MEDIA_TYPE_PROTOBUF_STREAM: &str = "application/vnd.kubernetes.protobuf;stream=watch";

/// The wire format of a serializer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// [`MEDIA_TYPE_JSON`], as upstream's JSON serializer writes it: compact with a trailing
    /// newline, or indented without one when [`Options::pretty`] is set.
    Json,
    /// [`MEDIA_TYPE_YAML`]: the JSON form converted as `sigs.k8s.io/yaml` converts it (go-yaml v2
    /// output, keys sorted); read back through the same conversion the other way.
    Yaml,
    /// `k8s\0` + `runtime.Unknown` around the message.
    Protobuf,
    /// The bare message, no envelope (the payload of a length-delimited frame).
    RawProtobuf,
}

/// Encoder and decoder options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// JSON only: indent with two spaces (`json.MarshalIndent`), no trailing newline.
    pub pretty: bool,
    /// JSON and YAML only: report unknown and duplicate fields as errors.
    pub strict: bool,
    /// The storage each decode may allocate for lists, maps and boxes (see [`crate::budget`]);
    /// [`DecodeLimits::DEFAULT`] unless set.
    pub decode_limits: DecodeLimits,
}

impl Options {
    /// Compact, lenient, with the default decoding budget.
    pub const DEFAULT: Options = Options { pretty: false, strict: false, decode_limits: DecodeLimits::DEFAULT };
}

impl Default for Options {
    fn default() -> Self {
        Options::DEFAULT
    }
}

/// The result of decoding.
#[derive(Debug)]
pub struct Decoded {
    /// The object.
    pub object: Box<dyn Object>,
    /// The kind the data named (after defaults were applied).
    pub gvk: GroupVersionKind,
    /// Strict-mode findings (`unknown field "spec.foo"`), empty unless strict.
    pub strict_errors: Vec<String>,
}

/// Encodes and decodes objects of the kinds a scheme knows, in one format.
pub struct Serializer<'s> {
    scheme: &'s Scheme,
    format: Format,
    options: Options,
}

impl<'s> Serializer<'s> {
    /// A serializer for a format.
    pub fn new(scheme: &'s Scheme, format: Format, options: Options) -> Self {
        Serializer { scheme, format, options }
    }

    /// A serializer for a media type (parameters other than `stream=watch` are ignored).
    pub fn for_media_type(scheme: &'s Scheme, media_type: &str, options: Options) -> Result<Self, DecodeError> {
        let mut parts = media_type.split(';').map(str::trim);
        let base = parts.next().unwrap_or_default().to_ascii_lowercase();
        let stream = parts.any(|p| p.eq_ignore_ascii_case("stream=watch"));
        let format = match base.as_str() {
            MEDIA_TYPE_JSON => Format::Json,
            MEDIA_TYPE_YAML => Format::Yaml,
            MEDIA_TYPE_PROTOBUF if stream => Format::RawProtobuf,
            MEDIA_TYPE_PROTOBUF => Format::Protobuf,
            _ => {
                return Err(DecodeError::new(DecodeErrorKind::UnsupportedMediaType(media_type.to_owned())));
            }
        };
        Ok(Serializer { scheme, format, options })
    }

    /// The format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Encodes an object. Where its `TypeMeta` leaves `kind` or `apiVersion` empty, the kind its
    /// type is registered as is written instead, as upstream's versioning encoder sets the kind
    /// before encoding, so the output always names its kind (a `Default` object included). The
    /// object itself is not changed, and a list's items are written as they are. Kinds without a
    /// `TypeMeta` (`WatchEvent`) name no kind, as upstream's do.
    /// Objects of internal kinds have no wire form: convert them to a version first (see
    /// [`Serializer::encode_as`]).
    pub fn encode(&self, obj: &dyn Object) -> Result<Vec<u8>, EncodeError> {
        if obj.is_internal() {
            return Err(EncodeError::Internal(obj.registered_gvk().kind));
        }
        let completed = completed_type_meta(obj);
        match self.format {
            Format::Json => {
                let mut w = JsonWriter::with_capacity(self.options.pretty, 1024);
                if let Some(tm) = completed {
                    w.set_top_level_type_meta(tm);
                }
                obj.encode_json_dyn(&mut w)?;
                let mut out = w.finish()?;
                if !self.options.pretty {
                    // `json.NewEncoder(w).Encode` ends with a newline; `MarshalIndent` does not.
                    out.push(b'\n');
                }
                Ok(out)
            }
            Format::Yaml => {
                let mut w = JsonWriter::compact();
                if let Some(tm) = completed {
                    w.set_top_level_type_meta(tm);
                }
                obj.encode_json_dyn(&mut w)?;
                let json = w.finish()?;
                crate::yaml::json_to_yaml(&json)
                    .map_err(|e| EncodeError::InvalidRawJson { path: String::new(), reason: e.to_string() })
            }
            Format::Protobuf => {
                let (api_version, kind) = match completed.as_ref().or(obj.type_meta()) {
                    Some(tm) => (tm.api_version.as_str(), tm.kind.as_str()),
                    None => ("", ""),
                };
                let mut result = Ok(());
                let out = encode_envelope(api_version, kind, |w| result = obj.encode_proto_dyn(w));
                result.map(|()| out)
            }
            // The bare message carries no kind: the reader of a watch stream knows it.
            Format::RawProtobuf => {
                let mut w = ProtoWriter::with_capacity(1024);
                obj.encode_proto_dyn(&mut w)?;
                Ok(w.into_vec())
            }
        }
    }

    /// Converts an object (typically internal) to `version` of its group and encodes that, as
    /// upstream's codecs encode internal objects to a target version.
    pub fn encode_as(&self, obj: &dyn Object, version: &str) -> Result<Vec<u8>, EncodeError> {
        if !obj.is_internal() && obj.registered_gvk().version == version {
            // Already that version: encoding it as it is writes the same bytes without a copy.
            return self.encode(obj);
        }
        let converted =
            self.scheme.convert_to_version(obj, version).map_err(|e| EncodeError::Conversion(e.to_string()))?;
        self.encode(converted.as_ref())
    }

    /// Decodes data, applies the defaulting functions registered for the decoded kind, and
    /// converts the result to `version` of its group (typically the internal version) — what an
    /// API server does with every request body.
    pub fn decode_into(
        &self,
        data: &[u8],
        default_gvk: Option<&GroupVersionKind>,
        version: &str,
    ) -> Result<Decoded, DecodeError> {
        let mut decoded = self.decode(data, default_gvk)?;
        self.scheme.apply_defaults(decoded.object.as_mut());
        let object = self
            .scheme
            .convert_into_version(decoded.object, version)
            .map_err(|e| DecodeError::new(DecodeErrorKind::Invalid(e.to_string())))?;
        decoded.gvk = object.registered_gvk();
        decoded.object = object;
        Ok(decoded)
    }

    /// Decodes data into a new object of the kind it names, with `default_gvk` filling in whatever
    /// part the data leaves empty. In strict mode unknown or duplicate fields are an error.
    pub fn decode(&self, data: &[u8], default_gvk: Option<&GroupVersionKind>) -> Result<Decoded, DecodeError> {
        let decoded = self.decode_reporting(data, default_gvk)?;
        if self.options.strict && !decoded.strict_errors.is_empty() {
            return Err(DecodeError::new(DecodeErrorKind::Strict(decoded.strict_errors)));
        }
        Ok(decoded)
    }

    /// Like [`Serializer::decode`], but returns strict-mode findings beside the object instead of
    /// failing, as upstream's strict decoding error does.
    pub fn decode_reporting(
        &self,
        data: &[u8],
        default_gvk: Option<&GroupVersionKind>,
    ) -> Result<Decoded, DecodeError> {
        match self.format {
            Format::Json => self.decode_json(data, default_gvk),
            Format::Yaml => {
                // As upstream: convert leniently, decode, and in strict mode run the strict YAML
                // conversion as well so duplicate keys are reported beside the object.
                let json = crate::yaml::yaml_to_json(data, false)?;
                let mut decoded = self.decode_json(&json, default_gvk)?;
                if self.options.strict
                    && let Err(e) = crate::yaml::yaml_to_json(data, true)
                {
                    if !matches!(e.kind, DecodeErrorKind::Strict(_)) {
                        return Err(e);
                    }
                    if let DecodeErrorKind::Strict(msgs) = e.into_kind() {
                        decoded.strict_errors.splice(0..0, msgs).for_each(drop);
                    }
                }
                Ok(decoded)
            }
            Format::Protobuf => {
                let env = decode_envelope(data)?;
                let found = GroupVersionKind::from_api_version_and_kind(&env.api_version, &env.kind)?;
                let gvk = resolve(found, default_gvk)?;
                let mut obj = self.scheme.new_object(&gvk)?;
                let budget = DecodeBudget::for_input(&self.options.decode_limits, env.raw.len());
                let mut r = ProtoReader::with_budget(env.raw, &budget);
                obj.merge_proto_dyn(&mut r)?;
                if let Some(tm) = obj.type_meta_mut() {
                    tm.set_gvk(&gvk);
                }
                Ok(Decoded { object: obj, gvk, strict_errors: Vec::new() })
            }
            Format::RawProtobuf => {
                let gvk = resolve(GroupVersionKind::default(), default_gvk)?;
                let mut obj = self.scheme.new_object(&gvk)?;
                let budget = DecodeBudget::for_input(&self.options.decode_limits, data.len());
                let mut r = ProtoReader::with_budget(data, &budget);
                obj.merge_proto_dyn(&mut r)?;
                if let Some(tm) = obj.type_meta_mut() {
                    tm.set_gvk(&gvk);
                }
                Ok(Decoded { object: obj, gvk, strict_errors: Vec::new() })
            }
        }
    }

    fn decode_json(&self, data: &[u8], default_gvk: Option<&GroupVersionKind>) -> Result<Decoded, DecodeError> {
        // When the pre-scan fails after it has seen the kind, the typed decode below reports the
        // same problem with its full field path.
        let found = match find_json_type_meta(data) {
            Ok(found) => found,
            Err(failed) => match *failed {
                (Some(found), _) => found,
                (None, e) => return Err(e),
            },
        };
        let gvk = resolve(found, default_gvk)?;
        let mut obj = self.scheme.new_object(&gvk)?;
        let budget = DecodeBudget::for_input(&self.options.decode_limits, data.len());
        let mut r = JsonReader::with_budget(data, self.options.strict, &budget);
        obj.decode_json_dyn(&mut r)?;
        let strict_errors = r.finish()?;
        Ok(Decoded { object: obj, gvk, strict_errors })
    }
}

impl GroupVersionKind {
    /// The `apiVersion` string, empty when group and version are both empty.
    pub fn api_version_or_empty(&self) -> String {
        if self.group.is_empty() && self.version.is_empty() { String::new() } else { self.api_version() }
    }
}

/// The `TypeMeta` to write for an object whose own leaves a field empty: its fields, with the empty
/// ones taken from the kind its type is registered as. `None` when nothing needs filling in, or
/// the kind has no `TypeMeta`.
fn completed_type_meta(obj: &dyn Object) -> Option<TypeMeta> {
    let tm = obj.type_meta()?;
    tm.is_incomplete().then(|| tm.or_gvk(&obj.registered_gvk()))
}

/// Fills the empty parts of the kind the data named from the default, as upstream does.
fn resolve(mut found: GroupVersionKind, default: Option<&GroupVersionKind>) -> Result<GroupVersionKind, DecodeError> {
    if let Some(d) = default {
        if found.kind.is_empty() {
            found.kind = d.kind.clone();
        }
        if found.version.is_empty() && found.group.is_empty() {
            found.group = d.group.clone();
            found.version = d.version.clone();
        }
    }
    if found.kind.is_empty() {
        return Err(DecodeError::new(DecodeErrorKind::MissingKind(String::from("the data"))));
    }
    if found.version.is_empty() {
        return Err(DecodeError::invalid(format!("Object 'apiVersion' is missing for kind {:?}", found.kind)));
    }
    Ok(found)
}

/// Reads the top-level `apiVersion` and `kind` members of a JSON object (upstream's meta factory).
/// On failure, returns the kind if both members were read before the problem.
fn find_json_type_meta(data: &[u8]) -> Result<GroupVersionKind, Box<(Option<GroupVersionKind>, DecodeError)>> {
    let mut api_version = None;
    let mut kind = None;
    let scan = (|| {
        let mut r = JsonReader::new(data, false);
        let mut it = r.begin_object()?;
        while let Some(key) = r.next_key(&mut it)? {
            match key.as_ref() {
                "apiVersion" if !r.try_null()? => api_version = Some(r.string()?),
                "kind" if !r.try_null()? => kind = Some(r.string()?),
                "apiVersion" | "kind" => {}
                _ => r.skip_value()?,
            }
        }
        r.finish().map(|_| ())
    })();
    let gvk = || {
        GroupVersionKind::from_api_version_and_kind(api_version.as_deref().unwrap_or(""), kind.as_deref().unwrap_or(""))
    };
    match scan {
        Ok(()) => gvk().map_err(|e| Box::new((None, e))),
        Err(e) if api_version.is_some() && kind.is_some() => Err(Box::new((gvk().ok(), e))),
        Err(e) => Err(Box::new((None, e))),
    }
}
