//! Schema facts of API types at run time (list and map types, patch strategies, merge keys), so patch, apply and OpenAPI code reads them from the types instead of tables.

/// A type's schema: what its JSON value is, and for structs the facts of each field.
#[derive(Debug)]
pub enum TypeSchema {
    /// A JSON string, number or boolean (also the special types written as one: `Time`, `Quantity`, …).
    Scalar,
    /// Either a string or an integer (`IntOrString`).
    IntOrString,
    /// Any JSON value, kept as it is (`RawExtension`, `FieldsV1`): nothing below it is known.
    Any,
    /// A JSON object with known fields.
    Struct(StructSchema),
    /// A JSON array (a list newtype).
    List(&'static TypeSchema),
    /// A JSON object with arbitrary keys (a map newtype).
    Map(&'static TypeSchema),
    /// Another type's schema, reached through a function so types can refer to themselves.
    Named(fn() -> &'static TypeSchema),
}

impl TypeSchema {
    /// The schema itself, past any `Named` indirection.
    pub fn resolve(&self) -> &TypeSchema {
        let mut s = self;
        // Only a newtype over a boxed copy of itself could make names loop; such a type has no
        // JSON value, so after a bound the chain is taken as unknown content.
        for _ in 0..64 {
            match s {
                TypeSchema::Named(f) => s = f(),
                _ => return s,
            }
        }
        &TypeSchema::Any
    }

    /// The struct schema, if this is a struct.
    pub fn as_struct(&self) -> Option<&StructSchema> {
        match self.resolve() {
            TypeSchema::Struct(s) => Some(s),
            _ => None,
        }
    }
}

/// The fields of a struct, and how apply treats it.
#[derive(Debug)]
pub struct StructSchema {
    /// The Rust type name (for messages).
    pub name: &'static str,
    /// The fields in declaration order; inline fields contribute their own fields to the JSON object.
    pub fields: &'static [FieldSchema],
    /// `struct_type = "atomic"`: replaced whole by apply.
    pub atomic: bool,
    /// `union`: the fields are the members of a union.
    pub union: bool,
}

impl StructSchema {
    /// The field written under a JSON key, looking through inline fields.
    pub fn field(&self, json: &str) -> Option<&'static FieldSchema> {
        for f in self.fields {
            if f.inline {
                if let Some(inner) = f.ty.as_struct().and_then(|s| s.field(json)) {
                    return Some(inner);
                }
            } else if f.json == json {
                return Some(f);
            }
        }
        None
    }

    /// Every field as it appears in the JSON object, inline fields flattened, in declaration order.
    pub fn json_fields(&self) -> Vec<&'static FieldSchema> {
        let mut out = Vec::new();
        for f in self.fields {
            match (f.inline, f.ty.as_struct()) {
                (true, Some(s)) => out.extend(s.json_fields()),
                _ => out.push(f),
            }
        }
        out
    }
}

pub use kapi_facts::{Granularity, ListType, PatchStrategy};

/// One field of a struct.
#[derive(Debug)]
pub struct FieldSchema {
    /// The JSON name (empty for inline fields).
    pub json: &'static str,
    /// An embedded struct whose fields are flattened into this one's JSON object.
    pub inline: bool,
    /// The field's type, past `Option` and `Box`.
    pub ty: &'static TypeSchema,
    /// `patch_strategy`.
    pub patch_strategy: Option<PatchStrategy>,
    /// `patch_merge_key`.
    pub patch_merge_key: Option<&'static str>,
    /// `list_type`.
    pub list_type: Option<ListType>,
    /// `list_map_key`s, in order.
    pub list_map_keys: &'static [&'static str],
    /// `map_type = "atomic"`.
    pub map_atomic: bool,
    /// `struct_type = "atomic"` on the field.
    pub struct_atomic: bool,
    /// `optional`.
    pub optional: bool,
    /// `required`.
    pub required: bool,
    /// `union_discriminator`.
    pub union_discriminator: bool,
}

impl FieldSchema {
    /// A field with no facts beyond its name and type, for hand-written schemas.
    pub const fn plain(json: &'static str, ty: &'static TypeSchema) -> FieldSchema {
        FieldSchema {
            json,
            inline: false,
            ty,
            patch_strategy: None,
            patch_merge_key: None,
            list_type: None,
            list_map_keys: &[],
            map_atomic: false,
            struct_atomic: false,
            optional: false,
            required: false,
            union_discriminator: false,
        }
    }

    /// An optional field with no other facts: what most fields are. The derive writes this (and
    /// [`FieldSchema::plain`]) with any other fact set over it, so a type's schema is a line per
    /// field rather than a full literal, which is less for every build to expand and check.
    pub const fn plain_optional(json: &'static str, ty: &'static TypeSchema) -> FieldSchema {
        FieldSchema { optional: true, ..FieldSchema::plain(json, ty) }
    }

    /// How a strategic merge patch merges this field's list: by a key, as a set of scalars, or
    /// not at all (replaced). Upstream's patch strategy wins; a `list_type` alone implies the
    /// same merge for apply.
    pub fn list_merge(&self) -> Option<ListMerge> {
        let merges = self.patch_strategy.is_some_and(PatchStrategy::merges);
        match (merges, self.patch_merge_key, self.list_type) {
            (true, Some(k), _) => Some(ListMerge::Key(vec![k])),
            (true, None, _) => Some(ListMerge::Set),
            _ => None,
        }
    }

    /// How server-side apply merges this field's list: by its map keys, as a set, or atomically.
    pub fn apply_merge(&self) -> Option<ListMerge> {
        match self.list_type {
            Some(ListType::Map) => Some(ListMerge::Key(self.list_map_keys.to_vec())),
            Some(ListType::Set) => Some(ListMerge::Set),
            Some(ListType::Atomic) => None,
            // Without a list type, apply follows the patch strategy as upstream's conversion of
            // old schemas does.
            None => self.list_merge(),
        }
    }
}

/// How a list merges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListMerge {
    /// A list of objects whose elements are identified by these fields.
    Key(Vec<&'static str>),
    /// A list of scalars merged as a set.
    Set,
}

/// Types that know their schema. `#[derive(Kapi)]` implements it for every versioned type.
pub trait HasSchema {
    /// The type's schema.
    fn schema() -> &'static TypeSchema;
}

macro_rules! scalar_schema {
    ($($t:ty),*) => {$(
        impl HasSchema for $t {
            fn schema() -> &'static TypeSchema {
                &TypeSchema::Scalar
            }
        }
    )*};
}

scalar_schema!(
    String,
    bool,
    i32,
    i64,
    u32,
    u64,
    f32,
    f64,
    crate::types::Time,
    crate::types::MicroTime,
    crate::types::Duration,
    crate::types::Quantity
);

impl HasSchema for crate::types::IntOrString {
    fn schema() -> &'static TypeSchema {
        &TypeSchema::IntOrString
    }
}

impl HasSchema for crate::types::RawExtension {
    fn schema() -> &'static TypeSchema {
        &TypeSchema::Any
    }
}

impl HasSchema for crate::types::FieldsV1 {
    fn schema() -> &'static TypeSchema {
        &TypeSchema::Any
    }
}

impl HasSchema for crate::TypeMeta {
    fn schema() -> &'static TypeSchema {
        static SCHEMA: TypeSchema = TypeSchema::Struct(StructSchema {
            name: "TypeMeta",
            fields: &[
                FieldSchema::plain("kind", &TypeSchema::Scalar),
                FieldSchema::plain("apiVersion", &TypeSchema::Scalar),
            ],
            atomic: false,
            union: false,
        });
        &SCHEMA
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Tree;

    impl HasSchema for Tree {
        fn schema() -> &'static TypeSchema {
            static SCHEMA: TypeSchema = TypeSchema::Struct(StructSchema {
                name: "Tree",
                fields: &[
                    FieldSchema { inline: true, ..FieldSchema::plain("", &TypeSchema::Named(crate::TypeMeta::schema)) },
                    FieldSchema {
                        patch_strategy: Some(PatchStrategy::Merge),
                        patch_merge_key: Some("name"),
                        list_type: Some(ListType::Map),
                        list_map_keys: &["name"],
                        ..FieldSchema::plain("children", &TypeSchema::List(&TypeSchema::Named(Tree::schema)))
                    },
                    FieldSchema {
                        list_type: Some(ListType::Set),
                        ..FieldSchema::plain("tags", &TypeSchema::List(&TypeSchema::Scalar))
                    },
                ],
                atomic: false,
                union: false,
            });
            &SCHEMA
        }
    }

    #[test]
    fn fields_are_found_through_inline_structs_and_self_references() {
        let tree = Tree::schema().as_struct().unwrap();
        assert_eq!(tree.field("apiVersion").unwrap().json, "apiVersion");
        let children = tree.field("children").unwrap();
        assert_eq!(children.list_merge(), Some(ListMerge::Key(vec!["name"])));
        let TypeSchema::List(item) = children.ty else { panic!("children is a list") };
        let again = item.as_struct().unwrap();
        assert_eq!(again.name, "Tree");
        assert_eq!(again.field("tags").unwrap().apply_merge(), Some(ListMerge::Set));
        assert_eq!(again.field("tags").unwrap().list_merge(), None);
        assert!(tree.field("missing").is_none());
        let names: Vec<&str> = tree.json_fields().iter().map(|f| f.json).collect();
        assert_eq!(names, ["kind", "apiVersion", "children", "tags"]);
    }
}
