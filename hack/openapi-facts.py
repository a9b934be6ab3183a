#!/usr/bin/env python3
"""Extracts the structural facts of upstream's OpenAPI v3 documents for codegen/tests/codegen/openapi.rs.

Usage: hack/openapi-facts.py SOURCE-LABEL OUT-DIR K8S-API-DIR@COMMIT UPSTREAM-V3.json...

UPSTREAM-V3.json are v3 documents named `<path>_openapi.json` with `/` written as `__`
(`apis__apps__v1_openapi.json`), as kubernetes/kubernetes keeps them in api/openapi-spec/v3.
K8S-API-DIR is the source of k8s.io/api (kubernetes/api) at the fixtures' COMMIT: the
`enum` lists come from it (see `enums`), because the copies of the documents read may have
them stripped.

Writes OUT-DIR/documents.json (per document, the names of its schemas) and one
OUT-DIR/<package>.json per schema package (`io.k8s.api.apps.v1.json`) with each schema's facts:
property names, types, formats, references, items, additional properties, required lists,
enums and x-kubernetes-* extensions. Descriptions, defaults and examples are dropped: the facts
are upstream's, the words are ours. Not run by CI: run it by hand when the fixtures move to a new
release, and commit the output.

The documents listed under `sources` in documents.json were later overlaid (their own packages'
schemas only) with facts of kubernetes/kubernetes documents at the commits named there; running
this script again writes the 1.35 facts back over them, so redo that overlay afterwards.

The committed facts came from (Kubernetes 1.35 documents, k8s.io/api at the fixtures' commit):
  git -C kubectl-validate archive a97ccfac pkg/openapiclient/builtins/1.35 | tar -x -C /tmp/kv
  (rename each <path>.json to <path with / as __>_openapi.json)
  git -C api archive 10b39a39 | tar -x -C /tmp/k8sapi
  hack/openapi-facts.py "<source>" codegen/tests/openapi/upstream \
      /tmp/k8sapi@10b39a39bcee995dfe7cd5e8e7b922be5e46f1e2 /tmp/kv135/*_openapi.json
"""
import json
import os
import re
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


def go_files(root):
    """The non-test Go files of a k8s.io/api checkout, by package directory."""
    out = {}
    for d, _, files in os.walk(root):
        for f in sorted(files):
            if f.endswith(".go") and not f.endswith("_test.go"):
                rel = os.path.relpath(d, root)
                with open(os.path.join(d, f)) as fh:
                    out.setdefault(rel, []).append(fh.read())
    return out


IMPORT = re.compile(r'^\s*(?:(\w+)\s+)?"k8s\.io/api/([^"]+)"', re.M)
TYPE = re.compile(r"^type (\w+)( =)? ([\w.]+)\s*$")
CONST = re.compile(r"^\s*(?:const\s+)?(\w+)\s+([\w.]+)\s*=\s*(\"[^\"]*\"|[\w.]+)\s*(?://.*)?$")
# `Name = Type("value")` and `Name = Type(other.Constant)`: the conversion gives the type.
CONST_CONVERSION = re.compile(r"^\s*(?:const\s+)?(\w+)\s*=\s*([\w.]+)\((\"[^\"]*\"|[\w.]+)\)\s*(?://.*)?$")
FIELD = re.compile(r'^\t(\w+)\s+(\*?[\w.]+)\s+`[^`]*json:"([^",]*)[^"]*"')
EMBEDDED = re.compile(r'^\t(\*?[\w.]+)\s+`[^`]*json:"(?:,inline)?"')


def enums(root):
    """kube-openapi's enum rule applied to the Go source: a type marked `+enum` lists the string
    constants of that type (from any package, aliases followed), sorted, on every struct field
    whose type is the enum type or a pointer to it (not on list items or map values)."""
    packages = go_files(root)
    imports = {}
    enum_types = {}  # (pkg, name) -> (pkg, name) it resolves to
    aliases = {}  # every `type X = Y`
    for pkg, sources in packages.items():
        for src in sources:
            for alias, path in IMPORT.findall(src):
                imports[(pkg, alias or path.rsplit("/", 1)[-1])] = path
    def qualify(pkg, ty):
        if "." in ty:
            alias, name = ty.split(".", 1)
            return (imports.get((pkg, alias), "?" + alias), name)
        return (pkg, ty)
    for pkg, sources in packages.items():
        for src in sources:
            lines = src.split("\n")
            for i, line in enumerate(lines):
                m = TYPE.match(line)
                if not m:
                    continue
                j = i - 1
                marked = False
                while j >= 0 and lines[j].startswith("//"):
                    marked |= lines[j].strip() == "// +enum"
                    j -= 1
                if m.group(2):
                    aliases[(pkg, m.group(1))] = qualify(pkg, m.group(3))
                if marked:
                    target = qualify(pkg, m.group(3)) if m.group(2) else (pkg, m.group(1))
                    enum_types[(pkg, m.group(1))] = target
    def resolve(key):
        seen = set()
        while key in enum_types and enum_types[key] != key and key not in seen:
            seen.add(key)
            key = enum_types[key]
        return key
    values = {resolve(k): set() for k in enum_types}
    consts = {}
    pending = []
    for pkg, sources in packages.items():
        for src in sources:
            for block in re.findall(r"^const \((.*?)^\)", src, re.M | re.S) + re.findall(r"^const .*$", src, re.M):
                for line in block.split("\n"):
                    m = CONST.match(line) or CONST_CONVERSION.match(line)
                    if not m:
                        continue
                    name, ty, value = m.groups()
                    ty = resolve(qualify(pkg, ty))
                    if value.startswith('"'):
                        consts[(pkg, name)] = value[1:-1]
                        if ty in values:
                            values[ty].add(value[1:-1])
                    elif ty in values:
                        pending.append((ty, qualify(pkg, value)))
    for ty, ref in pending:
        if ref in consts:
            values[ty].add(consts[ref])
        else:
            sys.exit(f"constant {ref} of enum {ty} has no literal value")
    fields = {}  # struct -> [(json name, enum values)]
    embeds = {}  # struct -> [struct]
    for pkg, sources in packages.items():
        for src in sources:
            for name, body in re.findall(r"^type (\w+) struct \{\n(.*?)^\}", src, re.M | re.S):
                key = (pkg, name)
                for line in body.split("\n"):
                    m = EMBEDDED.match(line)
                    if m:
                        embeds.setdefault(key, []).append(qualify(pkg, m.group(1).lstrip("*")))
                        continue
                    m = FIELD.match(line)
                    if not m or m.group(3) in ("", "-"):
                        continue
                    ty = resolve(qualify(pkg, m.group(2).lstrip("*")))
                    if ty in values and values[ty]:
                        fields.setdefault(key, []).append((m.group(3), sorted(values[ty])))
    def flattened(key, depth=0):
        key = aliases.get(key, key)
        out = list(fields.get(key, []))
        for inner in embeds.get(key, []) if depth < 8 else []:
            out.extend(flattened(inner, depth + 1))
        return out
    by_property = {}
    for key in set(fields) | set(embeds):
        schema = "io.k8s.api." + key[0].replace("/", ".") + "." + key[1]
        for prop, vals in flattened(key):
            by_property[(schema, prop)] = vals
    return by_property, {k: sorted(values[resolve(k)]) for k in enum_types}


def package_of(name):
    return name.rsplit(".", 1)[0]


def main():
    label, out_dir, api_root, inputs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    api_root, _, api_commit = api_root.partition("@")
    enum_facts, _ = enums(api_root)
    documents = {}
    schemas = {}
    for path in inputs:
        name = path.rsplit("/", 1)[-1].removesuffix("_openapi.json").removesuffix(".json")
        with open(path) as f:
            doc = json.load(f)["components"]["schemas"]
        documents[name] = sorted(doc)
        for key, value in doc.items():
            value = facts(value)
            for prop, schema in value.get("properties", {}).items():
                if (key, prop) in enum_facts:
                    schema["enum"] = enum_facts[(key, prop)]
            # A schema shared by several documents (ObjectMeta, PodSpec) is written once; the
            # documents of one release agree on it.
            if key in schemas and schemas[key] != value:
                sys.exit(f"{key} differs between documents")
            schemas[key] = value
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "documents.json"), "w") as out:
        source = f"{label}; enum lists from the Go source of k8s.io/api at {api_commit}"
        out.write('{"source":%s,\n"documents":{\n' % json.dumps(source))
        out.write(",\n".join(json.dumps(k) + ":" + json.dumps(v, separators=(",", ":")) for k, v in sorted(documents.items())))
        out.write("\n}}\n")
    by_package = {}
    for key, value in schemas.items():
        by_package.setdefault(package_of(key), {})[key] = value
    for pkg, members in sorted(by_package.items()):
        with open(os.path.join(out_dir, pkg + ".json"), "w") as out:
            out.write("{\n")
            out.write(",\n".join(json.dumps(k) + ":" + json.dumps(v, sort_keys=True, separators=(",", ":")) for k, v in sorted(members.items())))
            out.write("\n}\n")


if __name__ == "__main__":
    main()
