//! The allow-list: which `(toolId, method)` pairs a run may call, with their compiled input
//! schemas.
//!
//! The guest shows a program only the allow-listed methods, but the host checks again on every
//! call: the guest is untrusted, so the host-side check is the one that counts.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;

use crate::Error;

/// One method a run may call.
#[derive(Debug, Clone)]
pub struct AllowedMethod {
    /// The tool (server) id as the program writes it: `tools.<toolId>.<method>`.
    pub tool_id: String,
    /// The method name.
    pub method: String,
    /// The method's input JSON Schema, as written or already compiled; arguments are validated
    /// against it before the call.
    pub input: InputSchema,
}

/// A method's input schema as an allow-list receives it.
#[derive(Clone)]
pub enum InputSchema {
    /// The JSON Schema, compiled when the allow-list is built.
    Json(Value),
    /// A validator compiled earlier from the method's schema (for example once per tool listing),
    /// shared rather than compiled again for every run.
    Compiled(Arc<jsonschema::Validator>),
}

impl std::fmt::Debug for InputSchema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Json(v) => f.debug_tuple("Json").field(v).finish(),
            Self::Compiled(_) => f.write_str("Compiled"),
        }
    }
}

impl AllowedMethod {
    /// A method of `tool_id` named `method` whose arguments must satisfy `input_schema`.
    pub fn new(tool_id: impl Into<String>, method: impl Into<String>, input_schema: Value) -> Self {
        Self {
            tool_id: tool_id.into(),
            method: method.into(),
            input: InputSchema::Json(input_schema),
        }
    }

    /// A method whose input schema the caller has already compiled (it must be the method's own
    /// schema: the host checks every call with it).
    pub fn compiled(
        tool_id: impl Into<String>,
        method: impl Into<String>,
        validator: Arc<jsonschema::Validator>,
    ) -> Self {
        Self {
            tool_id: tool_id.into(),
            method: method.into(),
            input: InputSchema::Compiled(validator),
        }
    }
}

/// The methods one run may call. Cheap to clone; build it once per request.
#[derive(Clone)]
pub struct Allowlist {
    methods: Arc<BTreeMap<(String, String), Arc<jsonschema::Validator>>>,
    guest_json: Arc<str>,
}

impl std::fmt::Debug for Allowlist {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.methods.keys()).finish()
    }
}

impl Allowlist {
    /// Compiles the input schema of every method given as JSON. Fails on a schema that is not valid
    /// JSON Schema.
    pub fn new(methods: impl IntoIterator<Item = AllowedMethod>) -> Result<Self, Error> {
        let mut compiled = BTreeMap::new();
        let mut by_tool: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for m in methods {
            let validator = match m.input {
                InputSchema::Compiled(v) => v,
                InputSchema::Json(schema) => {
                    Arc::new(jsonschema::validator_for(&schema).map_err(|e| {
                        Error::InvalidSchema {
                            tool_id: m.tool_id.clone(),
                            method: m.method.clone(),
                            message: e.to_string(),
                        }
                    })?)
                }
            };
            by_tool
                .entry(m.tool_id.clone())
                .or_default()
                .push(m.method.clone());
            compiled.insert((m.tool_id, m.method), validator);
        }
        let guest_json = serde_json::to_string(&by_tool).expect("a map of strings serializes");
        Ok(Self {
            methods: Arc::new(compiled),
            guest_json: guest_json.into(),
        })
    }

    /// An allow-list with no methods: the program can compute but call nothing.
    pub fn empty() -> Self {
        Self::new([]).expect("no schemas to compile")
    }

    /// Whether `tool_id.method` may be called.
    pub fn allows(&self, tool_id: &str, method: &str) -> bool {
        self.methods
            .contains_key(&(tool_id.to_owned(), method.to_owned()))
    }

    /// The allowed pairs, sorted.
    pub fn methods(&self) -> impl Iterator<Item = (&str, &str)> {
        self.methods.keys().map(|(t, m)| (t.as_str(), m.as_str()))
    }

    /// Checks a call against the list and the method's schema. On a schema violation the error
    /// names the offending field as a JSON pointer (`/limit`), or the root (`/`).
    pub(crate) fn check(
        &self,
        tool_id: &str,
        method: &str,
        arguments: &Value,
    ) -> Result<(), Rejection> {
        let Some(validator) = self.methods.get(&(tool_id.to_owned(), method.to_owned())) else {
            return Err(Rejection::NotAllowed);
        };
        match validator.iter_errors(arguments).next() {
            None => Ok(()),
            Some(e) => {
                let pointer = e.instance_path().to_string();
                let field = if pointer.is_empty() {
                    "/".to_owned()
                } else {
                    pointer
                };
                Err(Rejection::InvalidArguments {
                    message: format!("argument {field}: {e}"),
                    field,
                })
            }
        }
    }

    /// The `{toolId: [method, ...]}` JSON the guest builds `tools` from.
    pub(crate) fn guest_json(&self) -> &str {
        &self.guest_json
    }
}

/// Why the host refused a call before dispatching it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Rejection {
    NotAllowed,
    InvalidArguments { field: String, message: String },
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn list() -> Allowlist {
        Allowlist::new([AllowedMethod::new(
            "markets",
            "search",
            json!({"type": "object", "properties": {"limit": {"type": "integer", "minimum": 1}},
                   "required": ["query"]}),
        )])
        .unwrap()
    }

    #[test]
    fn rejects_methods_not_on_the_list() {
        assert_eq!(
            list().check("wallet", "transfer", &json!({})),
            Err(Rejection::NotAllowed)
        );
        assert_eq!(
            list().check("markets", "place_order", &json!({})),
            Err(Rejection::NotAllowed)
        );
    }

    #[test]
    fn names_the_offending_field() {
        let err = list()
            .check("markets", "search", &json!({"query": "x", "limit": 0}))
            .unwrap_err();
        let Rejection::InvalidArguments { field, .. } = err else {
            panic!("{err:?}")
        };
        assert_eq!(field, "/limit");
        let err = list().check("markets", "search", &json!({})).unwrap_err();
        let Rejection::InvalidArguments { field, message } = err else {
            panic!("{err:?}")
        };
        assert_eq!(field, "/");
        assert!(message.contains("query"), "{message}");
    }

    #[test]
    fn accepts_valid_arguments_and_rejects_invalid_schemas() {
        assert_eq!(
            list().check("markets", "search", &json!({"query": "cup", "limit": 3})),
            Ok(())
        );
        let bad = Allowlist::new([AllowedMethod::new(
            "t",
            "m",
            json!({"type": "no-such-type"}),
        )]);
        assert!(matches!(bad, Err(Error::InvalidSchema { .. })));
    }

    #[test]
    fn guest_json_groups_methods_by_tool() {
        let l = Allowlist::new([
            AllowedMethod::new("b", "y", json!({})),
            AllowedMethod::new("a", "x", json!({})),
            AllowedMethod::new("b", "z", json!({})),
        ])
        .unwrap();
        assert_eq!(l.guest_json(), r#"{"a":["x"],"b":["y","z"]}"#);
    }
}
