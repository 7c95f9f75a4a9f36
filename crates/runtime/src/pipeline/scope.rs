//! A request's document scope (`scope`): the collection or document the `docs` tool is confined
//! to. It is written into every docs call the request plans, so `planOnly` shows it, and checked
//! again on every docs call the request dispatches, so that neither the query's words nor a
//! model-written program can widen it.

use contract::{ApiError, DocumentScope, ErrorCode};
use probes::Interpretation;
use serde_json::{Map, Value};

use super::Pipeline;

/// The arguments every call to the docs tool carries during one request.
#[derive(Debug, Clone)]
pub(crate) struct Confinement {
    arguments: Map<String, Value>,
}

impl Confinement {
    /// The confinement `scope` asks for; `None` without one.
    pub(crate) fn of(scope: Option<&DocumentScope>) -> Option<Self> {
        let scope = scope?;
        let arguments: Map<String, Value> = [
            ("collectionId", &scope.collection_id),
            ("documentId", &scope.document_id),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| (k.to_owned(), Value::String(v.clone()))))
        .collect();
        (!arguments.is_empty()).then_some(Self { arguments })
    }

    /// Writes the scope into every docs call of `interpretation` (its other asks and the calls
    /// before it included), over whatever the query bound; a fan-out over a scoped parameter
    /// collapses to the scope.
    pub(crate) fn apply(&self, interpretation: &mut Interpretation) {
        if interpretation.tool_id == knowledge::TOOL_ID {
            for (k, v) in &self.arguments {
                interpretation.arguments.insert(k.clone(), v.clone());
            }
            if interpretation
                .fan_out
                .as_ref()
                .is_some_and(|(p, _)| self.arguments.contains_key(p))
            {
                interpretation.fan_out = None;
            }
        }
        for other in interpretation
            .also
            .iter_mut()
            .chain(interpretation.before.iter_mut())
        {
            self.apply(other);
        }
    }

    /// The arguments a call to `tool_id` is dispatched with: a docs call gets the scope's values
    /// where it gave none; a docs call naming another collection or document is refused.
    pub(crate) fn admit(&self, tool_id: &str, arguments: &Value) -> Result<Option<Value>, String> {
        if tool_id != knowledge::TOOL_ID {
            return Ok(None);
        }
        let mut confined = match arguments {
            Value::Object(map) => map.clone(),
            Value::Null => Map::new(),
            // Not an object: the marketplace refuses it with its own message.
            _ => return Ok(None),
        };
        for (k, pinned) in &self.arguments {
            match confined.get(k) {
                None | Some(Value::Null) => {
                    confined.insert(k.clone(), pinned.clone());
                }
                Some(given) if given == pinned => {}
                Some(given) => {
                    return Err(format!(
                        "the request confines the docs tool to {k} {pinned}; this call asked for {given}"
                    ));
                }
            }
        }
        Ok(Some(Value::Object(confined)))
    }
}

/// Checks `scope` against what is served: the docs tool exists and is among the pinned tools,
/// and the collection and document exist (the document inside the collection).
pub(crate) fn check(
    pipeline: &Pipeline,
    scope: &DocumentScope,
    pinned: Option<&[String]>,
) -> Result<(), ApiError> {
    let Some(library) = pipeline.settings.documents.as_ref() else {
        return Err(ApiError::invalid(
            "scope",
            "no documents are served here (start Sluice with --docs DIR or [[knowledge.collections]])",
        ));
    };
    if let Some(tools) = pinned
        && !tools.is_empty()
        && !tools.iter().any(|t| t == knowledge::TOOL_ID)
    {
        return Err(ApiError::invalid(
            "scope",
            format!(
                "confines the '{}' tool, which `tools` does not pin",
                knowledge::TOOL_ID
            ),
        ));
    }
    let confined = knowledge::Scope {
        collection_id: scope.collection_id.clone(),
        document_id: scope.document_id.clone(),
    };
    match library.check_scope(&confined) {
        Ok(()) => {}
        Err(knowledge::ScopeError::UnknownCollection(c)) => {
            let known: Vec<String> = library
                .collections()
                .into_iter()
                .map(|c| c.collection_id)
                .collect();
            return Err(ApiError {
                code: ErrorCode::NotFound,
                message: format!(
                    "unknown collection '{c}'; the collections are: {}",
                    known.join(", ")
                ),
                field: Some("scope.collectionId".into()),
            });
        }
        Err(knowledge::ScopeError::UnknownDocument(d)) => {
            return Err(ApiError {
                code: ErrorCode::NotFound,
                message: format!("unknown document '{d}'"),
                field: Some("scope.documentId".into()),
            });
        }
        Err(e @ knowledge::ScopeError::DocumentElsewhere { .. }) => {
            return Err(ApiError::invalid("scope.documentId", e.to_string()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn confinement() -> Confinement {
        Confinement::of(Some(&DocumentScope {
            collection_id: Some("handbook".into()),
            document_id: None,
        }))
        .expect("a scope with a collection")
    }

    #[test]
    fn a_docs_call_gets_the_scope_and_one_asking_elsewhere_is_refused() {
        let c = confinement();
        let admitted = c.admit("docs", &json!({"query": "limits"})).unwrap();
        assert_eq!(
            admitted,
            Some(json!({"query": "limits", "collectionId": "handbook"}))
        );
        let same = c
            .admit("docs", &json!({"query": "x", "collectionId": "handbook"}))
            .unwrap();
        assert_eq!(
            same,
            Some(json!({"query": "x", "collectionId": "handbook"}))
        );
        let wider = c
            .admit(
                "docs",
                &json!({"query": "x", "collectionId": "field-notes"}),
            )
            .unwrap_err();
        assert!(wider.contains("field-notes"), "{wider}");
        assert_eq!(c.admit("markets", &json!({"q": 1})).unwrap(), None);
        assert!(Confinement::of(Some(&DocumentScope::default())).is_none());
    }

    #[test]
    fn the_scope_overrides_what_the_query_bound_in_every_docs_call() {
        let call = |tool: &str, args: Value| Interpretation {
            id: String::new(),
            tool_id: tool.into(),
            method: "deep_search".into(),
            arguments: args.as_object().cloned().unwrap_or_default(),
            fan_out: None,
            missing: Vec::new(),
            discriminator: None,
            label: String::new(),
            description: String::new(),
            score: 1.0,
            matched_terms: Vec::new(),
            also: Vec::new(),
            before: Vec::new(),
        };
        let mut i = call(
            "docs",
            json!({"query": "tides", "collectionId": "field-notes"}),
        );
        i.fan_out = Some((
            "collectionId".into(),
            vec![json!("field-notes"), json!("handbook")],
        ));
        i.also.push(call("markets", json!({"q": "x"})));
        i.also.push(call("docs", json!({"query": "fees"})));
        confinement().apply(&mut i);
        assert_eq!(i.arguments["collectionId"], "handbook");
        assert!(i.fan_out.is_none());
        assert!(!i.also[0].arguments.contains_key("collectionId"));
        assert_eq!(i.also[1].arguments["collectionId"], "handbook");
    }
}
