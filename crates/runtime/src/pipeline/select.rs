//! Step 2, select: discovery of the pinned tools (or of every tool), then, when none are pinned,
//! the tools whose metadata covers the query best; a selection model may narrow that list, never
//! add to it.

use std::sync::Arc;

use catalog::CatalogError;
use contract::{ApiError, CapabilityMiss, ErrorCode, MissReason, ToolDescriptor, ToolFailure};
use serde_json::json;
use traces::{EventName, TraceLog};

use super::ask::Asker;
use super::normalize::Normalized;
use super::{Pipeline, Traced, broken};

/// The tools a request runs against.
pub(crate) struct Selection {
    pub(crate) tools: Vec<Arc<ToolDescriptor>>,
    pinned: bool,
    /// `deterministic`, `model`, or why the model's narrowing was not used.
    strategy: &'static str,
    considered: usize,
    scores: Vec<(String, f64)>,
    failures: Vec<String>,
    /// Tools whose listing changed since it was last listed (seen by this request's discovery).
    schema_changes: Vec<catalog::SchemaChange>,
    /// Pinned tools that could not be listed (failed, or still listing), with the typed cause.
    pub(crate) unavailable: Vec<ToolFailure>,
}

impl Selection {
    /// `miss` told what happened to the pinned tools that could not be reached: when none was
    /// left to answer, the miss is theirs.
    pub(crate) fn explain(&self, miss: &mut CapabilityMiss) {
        if self.unavailable.is_empty() {
            return;
        }
        if miss.reason == MissReason::NoTools {
            miss.reason = MissReason::ToolUnavailable;
            let each: Vec<String> = self
                .unavailable
                .iter()
                .map(|u| format!("'{}' ({})", u.tool_id, u.reason))
                .collect();
            miss.message = format!(
                "the pinned tool{} could not be reached: {}",
                if each.len() == 1 { "" } else { "s" },
                each.join(", ")
            );
        }
        miss.unavailable_tools = self.unavailable.clone();
    }
}

impl Traced for Selection {
    fn record(&self, trace: &mut TraceLog) {
        trace.record(EventName::ToolSelection, || {
            let mut data = json!({"mode": if self.pinned { "pinned" } else { "selected" }, "strategy": self.strategy,
                "considered": self.considered,
                "selected": self.tools.iter().map(|t| &t.id).collect::<Vec<_>>(),
                "scores": self.scores.iter().map(|(id, score)| json!({"toolId": id, "score": score})).collect::<Vec<_>>(),
                "discoveryFailures": self.failures});
            // A warning, present only when a listing changed under this request.
            if !self.schema_changes.is_empty() {
                data["schemaChanged"] = self.schema_changes.iter().map(|c| json!({"toolId": c.tool_id,
                    "previous": c.previous, "current": c.current,
                    "warning": format!("tool '{}' changed its tools/list since it was last listed; its method index was rebuilt", c.tool_id)}))
                    .collect();
            }
            data
        });
    }
}

/// Discovers and selects the tools for `n`.
pub(crate) async fn select(
    pipeline: &Pipeline,
    n: &Normalized,
    asker: &mut Asker<'_>,
) -> Result<Selection, ApiError> {
    let (ids, pinned) = match &n.pinned {
        Some(p) => (p.clone(), true),
        None => (pipeline.marketplace.tool_ids(), false),
    };
    let discovery = pipeline
        .marketplace
        .describe(&ids)
        .await
        .map_err(|e| match e {
            CatalogError::UnknownTool(id) => ApiError {
                code: ErrorCode::NotFound,
                message: format!("unknown tool '{id}'"),
                field: Some("tools".into()),
            },
            other => broken(EventName::ToolSelection, other.to_string()),
        })?;
    pipeline.forget_indexes_of(&discovery.changes);
    let (mut tools, scores): (Vec<Arc<ToolDescriptor>>, Vec<(String, f64)>) = if pinned {
        (discovery.tools.clone(), Vec::new())
    } else {
        // A follow-up ("and in euros?") is looked up with the turn it follows.
        let joined = n
            .conversation()
            .followed(&n.query)
            .map(|last| probes::Query::parse_on(&probes::joined(last, n.text()), n.query.today));
        probes::select_tools(
            joined.as_ref().unwrap_or(&n.query),
            &pipeline.index_for(&discovery.tools),
            pipeline.settings.max_selected_tools,
            &pipeline.settings.probe.weights,
        )
        .into_iter()
        .map(|(t, score)| {
            let id = t.id.clone();
            (t, (id, score))
        })
        .unzip()
    };
    let mut strategy = "deterministic";
    if let Some(model) = pipeline
        .settings
        .selection
        .as_ref()
        .filter(|_| !pinned && !tools.is_empty())
    {
        match asker.selection(model.as_ref(), n.text(), &tools).await {
            Ok(ids) => {
                tools.retain(|t| ids.contains(&t.id));
                strategy = "model";
            }
            Err(reason) => strategy = reason.as_str(),
        }
    }
    Ok(Selection {
        tools,
        pinned,
        strategy,
        considered: discovery.tools.len(),
        scores,
        schema_changes: discovery.changes.clone(),
        failures: discovery
            .failures
            .iter()
            .map(ToString::to_string)
            .chain(
                discovery
                    .pending
                    .iter()
                    .map(|id| format!("tool '{id}' is still being listed")),
            )
            .collect(),
        unavailable: if pinned {
            discovery
                .failures
                .iter()
                .filter_map(|f| match f {
                    CatalogError::Discovery { tool_id, failure } => Some(ToolFailure {
                        tool_id: tool_id.clone(),
                        reason: failure.to_string(),
                    }),
                    _ => None,
                })
                .chain(discovery.pending.iter().map(|id| ToolFailure {
                    tool_id: id.clone(),
                    reason: "still_listing".into(),
                }))
                .collect()
        } else {
            Vec::new()
        },
    })
}
