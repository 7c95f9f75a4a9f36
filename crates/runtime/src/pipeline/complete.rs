//! Step 8, complete: plan and execute, gather the evidence, judge whether it answers the question
//! and, when it does not and a follow-up query promises more, probe again and run another round —
//! at most `max_rediscovery_rounds` more, and never a round that added nothing. Rediscovery never
//! clarifies: it takes the follow-up's best executable reading.

use contract::ApiError;
use evidence::{CompletenessVerdict, EvidenceRegistry};
use probes::{Interpretation, MethodIndex, Query};
use traces::{EventName, TraceLog};

use super::execute;
use super::normalize::Normalized;
use super::plan::SafeMethods;
use super::probe::FollowUp;
use super::{Pipeline, Request, Traced};

/// Longest section heading read as a term the documents define (`Burst credit`, `Quiet hours`).
const DEFINED_TERM_WORDS: usize = 3;

/// A follow-up search for a term the best passage uses and another document defines.
struct DefinitionHop {
    term: knowledge::DefinedTerm,
    /// The question's words the best passage does not say.
    unsaid: Vec<String>,
    /// The evidence id of the passage that uses the term.
    used_by: String,
}

impl Traced for DefinitionHop {
    fn record(&self, trace: &mut TraceLog) {
        trace.record(EventName::ScoutPrePlanProbe, || {
            serde_json::json!({"followUpQuery": self.term.term, "reason": "defined_term",
                "definedIn": self.term.document_title, "unsaid": self.unsaid})
        });
    }
}

/// The term to read next, when this round's best document passage leaves words of the question
/// unsaid and uses a term (a section heading of another document, not in the
/// question) whose section nothing gathered comes from and no search has tried.
fn definition_hop(
    library: &knowledge::Library,
    registry: &EvidenceRegistry,
    round: u32,
    query: &Query,
    tried: &[String],
) -> Option<DefinitionHop> {
    let units = registry.units();
    let passage = |u: &&evidence::EvidenceUnit| {
        u.tool_id == knowledge::TOOL_ID && u.data.get("chunkId").is_some()
    };
    let best = units
        .iter()
        .filter(passage)
        .filter(|u| u.round == round)
        .max_by(|a, b| a.score.total_cmp(&b.score).then(b.id.cmp(&a.id)))?;
    let unsaid: Vec<String> = query
        .terms
        .iter()
        .zip(&query.spellings)
        .filter(|(t, _)| !text::chatter(t) && !best.terms.contains(*t))
        .map(|(_, w)| w.clone())
        .collect();
    if unsaid.is_empty() {
        return None;
    }
    let own_document = best.data.get("documentId").and_then(|d| d.as_str());
    let text = best.data["text"]
        .as_str()
        .unwrap_or(&best.excerpt)
        .to_lowercase();
    let gathered_under = |term: &str| units.iter().any(|u| under_heading(u, term));
    let mut candidates: Vec<(usize, knowledge::DefinedTerm)> = library
        .defined_terms(DEFINED_TERM_WORDS)
        .into_iter()
        .filter(|d| Some(d.document_id.as_str()) != own_document)
        .filter(|d| !tried.iter().any(|t| t.eq_ignore_ascii_case(&d.term)))
        .filter(|d| {
            let stems = text::terms(&d.term);
            !stems.is_empty()
                && stems.iter().all(|s| best.terms.contains(s))
                && !stems.iter().all(|s| query.terms.contains(s))
        })
        .filter(|d| !gathered_under(&d.term))
        .map(|d| (first_use(&text, &d.term), d))
        .collect();
    candidates.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.term.cmp(&b.1.term)));
    let (_, term) = candidates.into_iter().next()?;
    Some(DefinitionHop {
        term,
        unsaid,
        used_by: best.id.clone(),
    })
}

/// Whether `unit` is a document passage from under the heading `term`.
fn under_heading(unit: &evidence::EvidenceUnit, term: &str) -> bool {
    unit.tool_id == knowledge::TOOL_ID
        && unit.data["headingPath"]
            .as_array()
            .is_some_and(|path| path.iter().any(|h| h.as_str() == Some(term)))
}

/// Where `term` is first written in `text` (lowercase), by its first word; the end when it is not
/// written as such (its stems matched other forms).
fn first_use(text: &str, term: &str) -> usize {
    let first = term
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_lowercase();
    text.find(&first).unwrap_or(text.len())
}

/// A search like the document search in `interpretation` (or one of its other asks), for
/// `query` instead.
fn search_like(interpretation: &Interpretation, query: &str) -> Option<Interpretation> {
    let search = std::iter::once(interpretation)
        .chain(&interpretation.also)
        .find(|i| i.tool_id == knowledge::TOOL_ID && i.arguments.contains_key("query"))?;
    let mut next = search.clone();
    next.arguments
        .insert("query".into(), serde_json::Value::from(query));
    next.also.clear();
    next.before.clear();
    next.fan_out = None;
    Some(next)
}

/// The evidence of every round and the last verdict on it.
pub(crate) struct Gathered {
    pub(crate) registry: EvidenceRegistry,
    pub(crate) verdict: CompletenessVerdict,
    pub(crate) rounds: u32,
    pub(crate) tool_calls: u32,
    /// The queries the rounds searched with, the request's first.
    pub(crate) tried: Vec<String>,
    /// What the request names that the evidence does not mention, as the deterministic check
    /// found it in the last round (a completeness model's verdict does not erase it).
    pub(crate) unmentioned: Vec<String>,
}

/// A round's completeness verdict.
struct Judged<'a> {
    verdict: &'a CompletenessVerdict,
    round: u32,
    evidence: usize,
}

impl Traced for Judged<'_> {
    fn record(&self, trace: &mut TraceLog) {
        trace.record(EventName::CompletenessEvaluation, || {
            self.verdict.to_trace(self.round, self.evidence)
        });
    }
}

/// Runs rounds from `interpretation` until the evidence suffices or rediscovery is exhausted.
pub(crate) async fn gather(
    pipeline: &Pipeline,
    n: &Normalized,
    index: &MethodIndex,
    interpretation: Interpretation,
    r: &mut Request,
) -> Result<Gathered, ApiError> {
    let settings = &pipeline.settings;
    let safe = SafeMethods::of(index);
    let query = n.text();
    let mut registry = EvidenceRegistry::default();
    let mut tried = vec![query.to_owned()];
    let mut current = interpretation;
    let mut round = 0u32;
    let mut tool_calls = 0u32;
    let mut unmentioned: Vec<String>;
    // The term a definition hop reads, and the evidence id of the passage that used it.
    let mut defining: Option<(String, String)> = None;
    let verdict = loop {
        let record = execute::plan_and_execute(pipeline, query, &current, &safe, round, r).await?;
        tool_calls += record.dispatched_calls().count() as u32;
        let added = registry.gather(&record, round, query);
        if let Some((term, led_by)) = defining.take() {
            let read: Vec<String> = registry
                .units()
                .iter()
                .filter(|u| u.round == round && under_heading(u, &term))
                .map(|u| u.id.clone())
                .collect();
            registry.rank_after(&read, &led_by);
        }
        let steps: Vec<(String, String)> = std::iter::once(&current)
            .chain(&current.also)
            .flat_map(|i| &i.before)
            .map(|b| (b.tool_id.clone(), b.method.clone()))
            .collect();
        registry.mark_steps(round, &steps);
        let mut verdict = evidence::completeness(query, &registry, &tried);
        unmentioned = verdict.missing_aspects.clone();
        // The model is consulted only when the deterministic check finds the evidence short: it
        // may know better what is missing and what to ask next.
        if let Some(model) = settings
            .completeness
            .as_ref()
            .filter(|_| !verdict.sufficient)
        {
            let mut asker = r.asker(&settings.budgets);
            if let Ok(v) = asker
                .completeness(
                    model.as_ref(),
                    query,
                    &registry,
                    &tried,
                    settings.evidence_budget,
                )
                .await
            {
                verdict = v;
            }
        }
        r.done(Judged {
            verdict: &verdict,
            round,
            evidence: registry.units().len(),
        });
        let exhausted = round >= settings.max_rediscovery_rounds || (round > 0 && added == 0);
        let Some(follow_up) = verdict
            .follow_up_query
            .clone()
            .filter(|_| !verdict.sufficient && !exhausted)
        else {
            // Nothing named is missing, but the passage that answers best may lean on a term
            // another document defines: read the definition before answering.
            let hop = settings
                .documents
                .as_deref()
                .filter(|_| !exhausted)
                .and_then(|library| definition_hop(library, &registry, round, &n.query, &tried));
            let Some(hop) = hop else {
                break verdict;
            };
            // A search like the current one keeps its scope.
            let Some(next) = search_like(&current, &hop.term.term) else {
                break verdict;
            };
            tried.push(hop.term.term.clone());
            defining = Some((hop.term.term.clone(), hop.used_by.clone()));
            r.done(hop);
            current = next;
            round += 1;
            continue;
        };
        let report = probes::run(
            index,
            &Query::parse_on(&follow_up, n.query.today),
            &settings.probe,
        );
        let next = report
            .execution_shortlist
            .first()
            .filter(|i| i.missing.is_empty())
            .cloned();
        r.done(FollowUp {
            query: follow_up.clone(),
            report,
        });
        tried.push(follow_up);
        let Some(mut next) = next else {
            break verdict;
        };
        if let Some(c) = &n.confinement {
            c.apply(&mut next);
        }
        current = next;
        round += 1;
    };
    Ok(Gathered {
        registry,
        verdict,
        rounds: round,
        tool_calls,
        tried,
        unmentioned,
    })
}
