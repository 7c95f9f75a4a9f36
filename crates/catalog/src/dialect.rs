//! Input schemas as JSON Schema, whatever dialect a tool wrote them in.
//!
//! Many tool definitions are written by hand or generated from Python signatures, and name their
//! types the way the author's language does: `dict`, `float`, `int`, `str`, `bool`, `list`,
//! `tuple`, `any`, or JSON Schema's own names capitalised (`String`, `Integer`); some mark a
//! property required with `"required": true` on the property itself (JSON Schema's draft 3) or
//! leave out the `object` type of a schema that lists properties; some write a Python annotation
//! (`List[int]`, `str, optional`, `Dict[str, Any]`). No JSON Schema validator compiles
//! those, so a method written that way could neither be checked nor have its values typed, and
//! every call planned for it would be refused. [`standard`] rewrites exactly those spellings into JSON Schema and leaves every other
//! keyword as the tool wrote it: a schema already in JSON Schema comes out unchanged.

use serde_json::{Map, Value};

/// The JSON Schema type a dialect's type name means, in any case (`Dict`, `String`); `None` for a
/// name that constrains nothing (`any`); the name as written when it is not known.
fn type_name(name: &str) -> Option<&str> {
    Some(match name.to_ascii_lowercase().as_str() {
        "object" | "dict" | "map" | "obj" | "hash" | "record" => "object",
        "number" | "float" | "double" | "decimal" | "real" => "number",
        "integer" | "int" | "long" | "uint" => "integer",
        "string" | "str" | "text" => "string",
        "boolean" | "bool" => "boolean",
        "array" | "list" | "tuple" | "set" | "sequence" => "array",
        "null" | "none" => "null",
        "any" | "callable" => return None,
        _ => return Some(name),
    })
}

/// The schema a Python type annotation stands for (`List[int]`, `Dict[str, Any]`,
/// `Optional[str]`, `Union[int, float]`, `str, optional`), as `type` and `items` keywords;
/// empty for one that constrains nothing (`Any`, `Callable`); `None` when `written` is no
/// annotation this reads.
fn annotation(written: &str) -> Option<Map<String, Value>> {
    let mut text = written.trim();
    // "str, optional" and "int optional": the docstring way of saying a default exists.
    for marker in [", optional", " optional"] {
        if text.len() > marker.len() && text.to_ascii_lowercase().ends_with(marker) {
            text = text[..text.len() - marker.len()].trim_end();
        }
    }
    let mut out = Map::new();
    let Some((outer, inner)) = text
        .strip_suffix(']')
        .and_then(|t| t.split_once('['))
        .map(|(o, i)| (o.trim(), i.trim()))
    else {
        if text.contains(['[', ']', ',', ' ']) {
            return None;
        }
        return match type_name(text)? {
            known if known == text && !is_json_type(known) => None,
            known => {
                out.insert("type".into(), Value::String(known.to_owned()));
                Some(out)
            }
        };
    };
    let args = top_level(inner);
    match outer.to_ascii_lowercase().as_str() {
        "optional" => return annotation(inner),
        "union" => {
            let types: Option<Vec<Value>> =
                args.iter().map(|a| annotation(a)?.remove("type")).collect();
            if let Some(mut types) = types {
                types.dedup();
                out.insert("type".into(), Value::Array(types));
            }
        }
        "list" | "sequence" | "set" | "frozenset" | "iterable" | "tuple" => {
            out.insert("type".into(), Value::String("array".into()));
            let items: Vec<Map<String, Value>> = args
                .iter()
                .filter(|a| **a != "...")
                .map(|a| annotation(a))
                .collect::<Option<_>>()?;
            if let Some(first) = items.first()
                && !first.is_empty()
                && items.iter().all(|i| i == first)
            {
                out.insert("items".into(), Value::Object(first.clone()));
            }
        }
        "dict" | "mapping" => {
            out.insert("type".into(), Value::String("object".into()));
        }
        _ => return None,
    }
    Some(out)
}

/// Whether `name` is one of JSON Schema's own type names.
fn is_json_type(name: &str) -> bool {
    matches!(
        name,
        "object" | "number" | "integer" | "string" | "boolean" | "array" | "null"
    )
}

/// The comma-separated arguments of an annotation, split only at its top level
/// (`str, List[int]` is two).
fn top_level(inner: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(inner[start..].trim());
    out.retain(|a| !a.is_empty());
    out
}

/// `schema` in JSON Schema: dialect type names replaced (through properties, items, combinators
/// and definitions), properties that declare themselves required listed in their object's
/// `required`, and `properties` without a `type` typed as an object. Everything else is kept as
/// written.
pub fn standard(schema: &Value) -> Value {
    let Value::Object(map) = schema else {
        return schema.clone();
    };
    let mut out = Map::new();
    let mut required_here: Vec<Value> = Vec::new();
    for (key, value) in map {
        match key.as_str() {
            "type" => match value {
                Value::String(name) => match type_name(name) {
                    Some(t) if t != name || is_json_type(t) => {
                        out.insert(key.clone(), Value::String(t.to_owned()));
                    }
                    // Read as an annotation, or kept as written when it is none.
                    Some(_) => match annotation(name) {
                        Some(read) => {
                            for (k, v) in read {
                                if k == "type" || !map.contains_key(&k) {
                                    out.insert(k, v);
                                }
                            }
                        }
                        None => {
                            out.insert(key.clone(), value.clone());
                        }
                    },
                    None => {}
                },
                Value::Array(names) => {
                    let mapped: Vec<Value> = names
                        .iter()
                        .filter_map(|n| match n.as_str() {
                            Some(name) => type_name(name).map(|t| Value::String(t.to_owned())),
                            None => Some(n.clone()),
                        })
                        .collect();
                    // `any` among the names lifts the constraint altogether.
                    if mapped.len() == names.len() {
                        out.insert(key.clone(), Value::Array(mapped));
                    }
                }
                other => {
                    out.insert(key.clone(), other.clone());
                }
            },
            "properties" | "$defs" | "definitions" | "patternProperties" => {
                let Value::Object(props) = value else {
                    out.insert(key.clone(), value.clone());
                    continue;
                };
                let mut mapped = Map::new();
                for (name, sub) in props {
                    if key == "properties" && sub.get("required") == Some(&Value::Bool(true)) {
                        required_here.push(Value::String(name.clone()));
                    }
                    mapped.insert(name.clone(), standard(sub));
                }
                out.insert(key.clone(), Value::Object(mapped));
            }
            "items" | "additionalProperties" | "additionalItems" | "not" | "contains" => {
                out.insert(key.clone(), standard(value));
            }
            "anyOf" | "oneOf" | "allOf" | "prefixItems" => {
                let mapped = match value {
                    Value::Array(subs) => Value::Array(subs.iter().map(standard).collect()),
                    other => standard(other),
                };
                out.insert(key.clone(), mapped);
            }
            // Draft 3's `"required": true` on a property is said by its parent (above).
            "required" if value.is_boolean() => {}
            _ => {
                out.insert(key.clone(), value.clone());
            }
        }
    }
    // Properties without a type describe an object: said, so that its fields are read as one.
    if !out.contains_key("type") && out.get("properties").is_some_and(Value::is_object) {
        out.insert("type".into(), Value::String("object".into()));
    }
    if !required_here.is_empty() {
        let list = out
            .entry("required")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(names) = list {
            for name in required_here {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(written: Value, expected: Value) {
        assert_eq!(standard(&written), expected);
        assert!(
            jsonschema::validator_for(&expected).is_ok(),
            "{expected} compiles"
        );
    }

    #[test]
    fn python_type_names_become_json_schema_types() {
        check(
            json!({"type": "dict", "properties": {
                "rate": {"type": "float"}, "count": {"type": "int"}, "name": {"type": "str"},
                "on": {"type": "bool"}, "pair": {"type": "tuple", "items": {"type": "dict",
                    "properties": {"x": {"type": "any"}}}}},
                "required": ["rate"]}),
            json!({"type": "object", "properties": {
                "rate": {"type": "number"}, "count": {"type": "integer"}, "name": {"type": "string"},
                "on": {"type": "boolean"}, "pair": {"type": "array", "items": {"type": "object",
                    "properties": {"x": {}}}}},
                "required": ["rate"]}),
        );
    }

    #[test]
    fn python_annotations_become_json_schema() {
        check(
            json!({"type": "object", "properties": {
                "nums": {"type": "List[int]"}, "opt": {"type": "str, optional"},
                "rows": {"type": "List[Dict[str, Any]]"}, "m": {"type": "Dict[str, int]"},
                "u": {"type": "Union[int, float]"}, "o": {"type": "Optional[List[str]]"},
                "pair": {"type": "Tuple[float, float]"}, "f": {"type": "Callable"},
                "mixed": {"type": "Tuple[int, str]"}, "n": {"type": "int, optional"},
                "own": {"type": "List[int]", "items": {"type": "integer", "minimum": 0}}}}),
            json!({"type": "object", "properties": {
                "nums": {"type": "array", "items": {"type": "integer"}}, "opt": {"type": "string"},
                "rows": {"type": "array", "items": {"type": "object"}}, "m": {"type": "object"},
                "u": {"type": ["integer", "number"]}, "o": {"type": "array", "items": {"type": "string"}},
                "pair": {"type": "array", "items": {"type": "number"}}, "f": {},
                "mixed": {"type": "array"}, "n": {"type": "integer"},
                "own": {"type": "array", "items": {"type": "integer", "minimum": 0}}}}),
        );
    }

    #[test]
    fn names_inside_combinators_lists_and_definitions_are_mapped_too() {
        check(
            json!({"type": "object", "$defs": {"P": {"type": "Dict"}}, "properties": {
                "a": {"anyOf": [{"type": "float"}, {"type": "null"}]},
                "b": {"type": ["int", "None"]},
                "c": {"type": ["str", "any"]},
                "d": {"type": "String"}}}),
            json!({"type": "object", "$defs": {"P": {"type": "object"}}, "properties": {
                "a": {"anyOf": [{"type": "number"}, {"type": "null"}]},
                "b": {"type": ["integer", "null"]},
                "c": {},
                "d": {"type": "string"}}}),
        );
    }

    #[test]
    fn a_property_that_says_it_is_required_is_listed_by_its_object_and_properties_make_an_object() {
        check(
            json!({"type": "object", "required": ["a"], "properties": {
                "a": {"type": "string"}, "b": {"type": "string", "required": true},
                "c": {"type": "string", "required": false},
                "d": {"properties": {"e": {"type": "str", "required": true}}}}}),
            json!({"type": "object", "required": ["a", "b"], "properties": {
                "a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"},
                "d": {"type": "object", "required": ["e"], "properties": {"e": {"type": "string"}}}}}),
        );
    }

    #[test]
    fn a_schema_already_in_json_schema_is_unchanged() {
        let schema = json!({"type": "object", "required": ["q"], "properties": {
            "q": {"type": "string", "pattern": "^[a-z]+$", "description": "a dict of words"},
            "n": {"type": "integer", "maximum": 5, "enum": [1, 2]},
            "tags": {"type": "array", "items": {"type": "string"}},
            "extra": {"type": "object", "additionalProperties": {"type": "number"}}}});
        assert_eq!(standard(&schema), schema);
    }
}
