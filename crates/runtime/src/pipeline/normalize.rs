//! Step 1, normalize: the request's options resolved to what the rest of the pipeline runs on,
//! and the query parsed once (every later step reads the same [`probes::Query`]).

use contract::{ApiError, ClarificationPolicy, ErrorCode, QueryDepth, QueryRequest, ResponseShape};
use probes::Query;
use serde_json::json;
use traces::{EventName, TraceLog};

use super::scope::{self, Confinement};
use super::{Pipeline, Traced};

/// A request after normalization.
pub(crate) struct Normalized {
    pub(crate) request_id: String,
    /// The query, parsed once.
    pub(crate) query: Query,
    pub(crate) pinned: Option<Vec<String>>,
    /// The depth after mapping legacy aliases to `deep`.
    pub(crate) depth: QueryDepth,
    /// The depth the caller sent, if any.
    pub(crate) requested_depth: Option<QueryDepth>,
    pub(crate) policy: ClarificationPolicy,
    pub(crate) shape: ResponseShape,
    pub(crate) answer_model: String,
    pub(crate) selected_option_id: Option<String>,
    pub(crate) include_trace: bool,
    pub(crate) plan_only: bool,
    /// The user's earlier turns (`context.history`), oldest first.
    pub(crate) history: Vec<String>,
    /// The question the last earlier turn asks the user, when that turn is the assistant's and
    /// asks something.
    pub(crate) asked_back: Option<String>,
    /// What the last earlier turn says, when that turn is the assistant's: the things it lists
    /// are what "the second one" points at.
    pub(crate) told: Option<String>,
    /// Where the docs tool may look, when the request confines it.
    pub(crate) confinement: Option<std::sync::Arc<Confinement>>,
    /// The request's `scope`, as given.
    pub(crate) scope: Option<contract::DocumentScope>,
}

impl Normalized {
    /// The query as the user wrote it (trimmed).
    pub(crate) fn text(&self) -> &str {
        &self.query.text
    }

    /// The conversation before this turn, as the probe reads it.
    pub(crate) fn conversation(&self) -> probes::Conversation<'_> {
        probes::Conversation {
            turns: &self.history,
            asked: self.asked_back.as_deref(),
            told: self.told.as_deref(),
        }
    }

    /// Whether the response carries the gathered evidence.
    pub(crate) fn shows_evidence(&self) -> bool {
        matches!(
            self.shape,
            ResponseShape::AnswerWithEvidence | ResponseShape::EvidenceOnly
        )
    }
}

impl Traced for Normalized {
    fn record(&self, trace: &mut TraceLog) {
        trace.record(EventName::QueryNormalized, || {
            json!({"requestId": self.request_id, "query": self.text(), "queryDepth": self.depth.as_str(),
                "requestedQueryDepth": self.requested_depth.map(QueryDepth::as_str),
                "clarificationPolicy": self.policy.as_str(), "responseShape": self.shape.as_str(),
                "pinnedTools": self.pinned, "historyTurns": self.history.len(), "scope": self.scope})
        });
    }
}

/// Refuses an unknown answer model or tool with an error naming the field. Needs no network, so
/// a streamed request is checked before its stream starts.
pub(crate) fn check(pipeline: &Pipeline, request: &QueryRequest) -> Result<(), ApiError> {
    let settings = &pipeline.settings;
    if let Some(m) = &request.answer_model_id
        && !settings.answer_models.contains(m)
    {
        return Err(ApiError::invalid(
            "answerModelId",
            format!(
                "unknown answer model '{m}'; allowed: {}",
                settings.answer_models.join(", ")
            ),
        ));
    }
    for (i, id) in request.tools.iter().flatten().enumerate() {
        if !pipeline.marketplace.contains(id) {
            let near = close_matches(id, &pipeline.marketplace.tool_ids());
            let hint = if near.is_empty() {
                String::new()
            } else {
                format!("; did you mean {}?", near.join(", "))
            };
            return Err(ApiError {
                code: ErrorCode::NotFound,
                message: format!("unknown tool '{id}'{hint}"),
                field: Some(format!("tools[{i}]")),
            });
        }
    }
    if let Some(s) = &request.scope {
        scope::check(pipeline, s, request.tools.as_deref())?;
    }
    Ok(())
}

/// At most three configured ids close to `id` (by edit distance, or sharing a prefix), closest
/// first.
fn close_matches(id: &str, known: &[String]) -> Vec<String> {
    let prefix: String = id.chars().take(3).collect();
    let mut scored: Vec<(f64, &String)> = known
        .iter()
        .map(|k| (strsim::normalized_damerau_levenshtein(id, k), k))
        .filter(|(score, k)| {
            *score >= 0.6 || (prefix.chars().count() == 3 && k.starts_with(&prefix))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored
        .into_iter()
        .take(3)
        .map(|(_, k)| format!("'{k}'"))
        .collect()
}

/// Resolves `request`'s options; refuses an unknown answer model or tool with an error naming
/// the field.
pub(crate) fn normalize(
    pipeline: &Pipeline,
    request: QueryRequest,
    request_id: String,
) -> Result<Normalized, ApiError> {
    let settings = &pipeline.settings;
    let requested_depth = request.query_depth;
    let depth = match requested_depth.unwrap_or(QueryDepth::Auto) {
        d if d.is_legacy_alias() => QueryDepth::Deep,
        d => d,
    };
    check(pipeline, &request)?;
    let answer_model = request
        .answer_model_id
        .clone()
        .unwrap_or_else(|| settings.default_answer_model.clone());
    let confinement = Confinement::of(request.scope.as_ref()).map(std::sync::Arc::new);
    // The day "tomorrow" is read against: the caller's, or else the server's (UTC).
    let today = request
        .context
        .as_ref()
        .and_then(contract::QueryContext::today)
        .unwrap_or_else(contract::time::today);
    let told = request
        .context
        .as_ref()
        .and_then(|c| c.history.last())
        .filter(|t| t.role == contract::Role::Assistant)
        .map(|t| t.content.clone());
    Ok(Normalized {
        request_id,
        confinement,
        scope: request.scope,
        query: Query::parse_on(&request.query, Some(today)),
        pinned: request.tools.filter(|t| !t.is_empty()),
        depth,
        requested_depth,
        policy: request.clarification_policy.unwrap_or_default(),
        shape: request.response_shape.unwrap_or_default(),
        answer_model,
        selected_option_id: request.selected_option_id,
        include_trace: request.include_developer_trace.unwrap_or(false),
        plan_only: request.plan_only.unwrap_or(false),
        asked_back: told.as_ref().filter(|t| t.contains('?')).cloned(),
        told,
        history: request
            .context
            .map(|c| {
                c.history
                    .into_iter()
                    .filter(|t| t.role == contract::Role::User)
                    .map(|t| t.content)
                    .collect()
            })
            .unwrap_or_default(),
    })
}
