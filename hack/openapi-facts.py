#!/usr/bin/env python3
"""Extracts the structural facts of upstream's OpenAPI v3 documents for codegen/tests/openapi.rs.

Usage: hack/openapi-facts.py SOURCE-LABEL OUT.json UPSTREAM-V3.json...

Reads kubernetes/kubernetes api/openapi-spec/v3/<path>_openapi.json files (or copies of them) and
writes, per document, every schema's facts: property names, types, formats, references, items,
additional properties, required lists and x-kubernetes-* extensions. Descriptions, defaults,
enums and examples are dropped: the facts are upstream's, the words are ours. Not run by CI: run
it by hand when the fixtures move to a new release, and commit the output.
"""
import json
import sys

DROP = {"description", "default", "enum", "example", "title"}


def facts(node):
    """The structural part of a schema node, with `allOf: [$ref]` folded into `$ref`."""
    if isinstance(node, list):
        return [facts(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key in DROP:
            continue
        if key == "$ref":
            out["$ref"] = value.rsplit("/", 1)[-1]
        elif key == "allOf" and len(value) == 1 and set(value[0]) == {"$ref"}:
            out["$ref"] = value[0]["$ref"].rsplit("/", 1)[-1]
        elif key == "properties":
            out["properties"] = {k: facts(v) for k, v in sorted(value.items())}
        else:
            out[key] = facts(value)
    return out


def main():
    label, out_path, inputs = sys.argv[1], sys.argv[2], sys.argv[3:]
    documents = {}
    schemas = {}
    for path in inputs:
        name = path.rsplit("/", 1)[-1].removesuffix("_openapi.json").removesuffix(".json")
        with open(path) as f:
            doc = json.load(f)["components"]["schemas"]
        documents[name] = sorted(doc)
        for key, value in doc.items():
            value = facts(value)
            # A schema shared by several documents (ObjectMeta, PodSpec) is written once; the
            # documents of one release agree on it.
            if key in schemas and schemas[key] != value:
                sys.exit(f"{key} differs between documents")
            schemas[key] = value
    with open(out_path, "w") as out:
        out.write('{"source":%s,\n"documents":{\n' % json.dumps(label))
        out.write(",\n".join(json.dumps(k) + ":" + json.dumps(v, separators=(",", ":")) for k, v in sorted(documents.items())))
        out.write('\n},\n"schemas":{\n')
        out.write(",\n".join(json.dumps(k) + ":" + json.dumps(v, sort_keys=True, separators=(",", ":")) for k, v in sorted(schemas.items())))
        out.write("\n}}\n")


if __name__ == "__main__":
    main()
