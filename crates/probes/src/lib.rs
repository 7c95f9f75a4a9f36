//! The metadata pre-plan probe: what the runtime knows before planning.
//!
//! From the selected tools' metadata alone (names, descriptions, input and output schemas, enum
//! values, examples, declared `_meta`), the probe
//! 1. filters out every method that is not query-safe (they never enter any pool),
//! 2. ranks the rest by how much of the query their metadata covers ([`index`]),
//! 3. binds their parameters from the query ([`bind`]),
//! 4. builds the **execution shortlist** ("what should I try to execute?") and, separately, the
//!    **ambiguity pool** ("which materially different interpretations survive?"),
//! 5. reports adequacy, a confidence score and, when nothing fits, a missing-capability signal.
//!
//! Everything is deterministic: the same query and tools give the same report, ids included.
//! Nothing here is keyed to any particular tool or query; it reads metadata.

pub mod asks;
pub mod bind;
pub mod index;
pub mod query;
pub mod refer;
pub mod schema;
pub mod weights;
pub mod when;

use std::cell::OnceCell;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;

pub use contract::ProbeStatus;
use contract::{MissReason, ToolDescriptor};
use serde::Serialize;
use serde_json::{Map, Value, json};

pub use bind::{Binding, MissingParam};
pub use index::MethodIndex;
pub use query::Query;
pub use weights::Weights;

/// Probe tuning. The defaults are the product's; tests and benchmarks may vary them.
#[derive(Debug, Clone)]
pub struct ProbeConfig {
    /// Every number the probe decides with.
    pub weights: Weights,
    /// Size of the execution shortlist.
    pub shortlist_size: usize,
    /// Size of the list a selection model would choose from.
    pub llm_candidates: usize,
}

impl Default for ProbeConfig {
    fn default() -> Self {
        Self {
            weights: Weights::DEFAULT,
            shortlist_size: 3,
            llm_candidates: 8,
        }
    }
}

/// How well the best method covers the query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Adequacy {
    /// At least three quarters covered.
    Adequate,
    /// Viable, but parts of the query are not covered.
    Partial,
    /// Nothing viable.
    Inadequate,
}

/// A method with its rank.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RankedMethod {
    /// Tool id.
    pub tool_id: String,
    /// Method name.
    pub method: String,
    /// Ranking score: coverage plus a small bonus for terms in the method name.
    pub score: f64,
    /// Share of the query's (IDF-weighted) terms the metadata covers.
    pub coverage: f64,
    /// Query terms the metadata covers.
    pub matched_terms: Vec<String>,
    /// Whether the method is query-safe.
    pub query_safe: bool,
}

/// One interpretation: a method plus a (partial) binding of its arguments.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Interpretation {
    /// Stable id (`opt-` + hash of tool, method and arguments).
    pub id: String,
    /// Tool id.
    pub tool_id: String,
    /// Method name.
    pub method: String,
    /// Bound arguments.
    pub arguments: Map<String, Value>,
    /// One call per value of this parameter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fan_out: Option<(String, Vec<Value>)>,
    /// Required parameters the query does not give.
    pub missing: Vec<MissingParam>,
    /// The parameter and value that set this interpretation apart from its siblings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discriminator: Option<(String, Value)>,
    /// Short label.
    pub label: String,
    /// What choosing it means.
    pub description: String,
    /// The method's score.
    pub score: f64,
    /// Query terms the method covers.
    pub matched_terms: Vec<String>,
    /// The other asks of a compound request, each with the call that serves it: planned and
    /// run with this one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Interpretation>,
    /// Calls that must run first because their output gives one of this call's required
    /// arguments, in order; an argument they give is a [`contract::reference`] to one of them
    /// (`call-1` is the first).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub before: Vec<Interpretation>,
}

/// How deep a chain of calls may go: a call, the call that gives its argument, and so on.
pub const MAX_CHAIN: usize = 3;

/// `arguments` with every reference moved `by` calls on (a chain placed after other calls).
pub fn shifted(arguments: &Map<String, Value>, by: usize) -> Map<String, Value> {
    arguments
        .iter()
        .map(|(k, v)| {
            let moved = contract::referred(v)
                .map_or_else(|| v.clone(), |(call, p)| contract::reference(call + by, p));
            (k.clone(), moved)
        })
        .collect()
}

impl Serialize for MissingParam {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut v =
            json!({"name": self.name, "description": self.description, "choices": self.choices});
        if let Some((value, constraint)) = &self.invalid {
            v["invalid"] = json!({"value": value, "constraint": constraint});
        }
        v.serialize(s)
    }
}

/// A method the probe considered and put aside.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NearMiss {
    /// Tool id.
    pub tool_id: String,
    /// Method name.
    pub method: String,
    /// Its score.
    pub score: f64,
    /// Why it does not serve the query.
    pub why_not: String,
}

/// Why no method can serve the query.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MissingCapability {
    /// Why nothing serves the request.
    pub reason: MissReason,
    /// For people.
    pub message: String,
    /// Query terms no query-safe method covers.
    pub unmatched_terms: Vec<String>,
    /// The closest methods, best first.
    pub nearest: Vec<NearMiss>,
    /// For a compound request served in part: which asks are served and which are not.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub partial: Option<Box<PartialCoverage>>,
}

/// The asks of a compound request that are served and those that are not.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PartialCoverage {
    /// The asks no query-safe method serves, as written.
    pub unserved_parts: Vec<String>,
    /// The asks that can be served, each with the call that would serve it.
    pub servable_parts: Vec<(String, Interpretation)>,
}

/// One ask of a compound request and the method that serves it, if any.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AskServed {
    /// The ask, as written.
    pub text: String,
    /// `tool.method`, or `None` when no query-safe method serves it.
    pub served_by: Option<String>,
}

/// The probe's output.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProbeReport {
    /// Whether the probe ran.
    pub status: ProbeStatus,
    /// Every query-safe method of the selected tools (`tool.method`).
    pub query_safe_candidate_set: Vec<String>,
    /// Methods kept out of every pool, with the reason.
    pub excluded: Vec<NearMiss>,
    /// Query-safe methods by score, best first (at most ten).
    pub ranked_methods: Vec<RankedMethod>,
    /// What to try to execute, best first.
    pub execution_shortlist: Vec<Interpretation>,
    /// Materially different interpretations that survive.
    pub ambiguity_pool: Vec<Interpretation>,
    /// What a selection model would choose from.
    pub llm_selection_candidates: Vec<String>,
    /// How well the best method covers the query.
    pub adequacy: Adequacy,
    /// 0 to 1.
    pub confidence_score: f64,
    /// Present when nothing can serve the query.
    pub missing_capability_signal: Option<MissingCapability>,
    /// A compound request's asks and what serves each (empty for a single ask).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub asks: Vec<AskServed>,
}

impl ProbeReport {
    /// The reading the report settles on first: the execution shortlist's head, else the
    /// ambiguity pool's.
    pub fn first_reading(&self) -> Option<&Interpretation> {
        self.execution_shortlist
            .first()
            .or(self.ambiguity_pool.first())
    }

    /// Number of viable interpretations.
    pub fn viable_candidate_count(&self) -> usize {
        self.ambiguity_pool
            .len()
            .max(usize::from(!self.execution_shortlist.is_empty()))
    }
}

/// The weight of a metadata term that is a near form of `t`: one extends the other by at most
/// two letters and both have at least four ("gain"/"gainer", "lose"/"loser"), or `t` misspells
/// it ([`index::MethodIndex::near_forms`]). The stemmer keeps such agentive and similar endings
/// apart, and users mistype; a query should not miss a method over either.
fn near_form(doc: &index::MethodDoc, candidates: &[&str]) -> Option<f64> {
    candidates
        .iter()
        .filter_map(|c| doc.terms.get(*c).copied())
        .reduce(f64::max)
}

/// One scored method of the index.
struct Scored<'a> {
    doc: &'a index::MethodDoc,
    score: f64,
    coverage: f64,
    matched: Vec<String>,
    /// The request writes a code ("EV330912") that no parameter of the method takes: it names
    /// a thing the method cannot be asked about.
    leaves_code: bool,
}

/// The best weight times similarity among the method's terms alike in meaning to a query word.
fn kin_weight(doc: &index::MethodDoc, kin: &[(&str, f32)]) -> Option<f64> {
    kin.iter()
        .filter_map(|(t, sim)| doc.terms.get(*t).map(|w| w * f64::from(*sim)))
        .max_by(f64::total_cmp)
}

/// Scores every method of `index` against `query`, best first. Ties break on the method's
/// position in the index (tool order, then declaration order), so ranking is deterministic.
fn score_all<'a>(index: &'a MethodIndex, query: &Query, wt: &Weights) -> Vec<Scored<'a>> {
    // Words that are values rather than topics: named entities and numbers. No metadata can
    // list every city or amount, so a method with a parameter that takes such a value covers
    // them (a little less than a word its metadata names).
    let names = query.name_terms();
    let measured = if index.docs.iter().any(|d| d.takes_records) {
        query.measured_things()
    } else {
        HashSet::new()
    };
    // A number written as a word ("three people") is as much a value as one in digits.
    let numbers: HashSet<String> = query
        .numbers()
        .iter()
        .map(|(t, _)| t.as_str())
        .chain(
            query
                .number_words_at()
                .iter()
                .map(|(i, _)| query.tokens[*i].as_str()),
        )
        .flat_map(text::terms)
        .collect();
    let moment_terms: Vec<Vec<String>> = query
        .dates
        .iter()
        .chain(&query.times)
        .map(|m| text::terms(&m.text))
        .collect();
    // Chatter ("maybe", "something nice") weighs little: it is in the request, but no tool is
    // expected to cover it.
    // So do the verbs that frame it ("help me find", "can you provide"), and the topics of the
    // context it gives ("I have a busy day today", "so that I can decide what to wear"): the
    // request explains itself there, it does not ask for it.
    // An address ("john.doe@example.com") or a path ("/root/txt/Android.txt") is one value
    // however many words it is written with: its words share one word's weight.
    let mut address_parts: HashMap<String, usize> = HashMap::new();
    for token in query.tokens.iter().filter(|t| {
        query::written_address(t)
            || query::written_handle(t)
            || query::written_pair(t)
            || query::written_path(t)
    }) {
        let terms = text::terms(token);
        for t in &terms {
            let k = address_parts.entry(t.clone()).or_insert(1);
            *k = (*k).max(terms.len());
        }
    }
    // So is a name written in several words that no method's metadata names a word of ("Martin
    // Luther King", "Denver Nuggets"): one value, not as many topics the metadata fails to name.
    // A name whose words the metadata names ("the World Cup") is what the request is about.
    for name in query.entities().iter().filter(|e| !query.quoted(e)) {
        let terms = text::terms(name);
        if terms.iter().any(|t| index.names(t)) {
            continue;
        }
        for t in &terms {
            let k = address_parts.entry(t.clone()).or_insert(1);
            *k = (*k).max(terms.len());
        }
    }
    // Each term's weight is worked out once here, not once per method.
    let weights: HashMap<&str, f64> = query
        .terms
        .iter()
        .map(|t| {
            let one_of = address_parts.get(t).map_or(1.0, |k| 1.0 / *k as f64);
            let factor = one_of
                * if query.in_context(t) {
                    wt.context
                } else if text::chatter(t) || query.framing.contains(t) {
                    wt.chatter
                } else {
                    1.0
                };
            (t.as_str(), index.idf(t) * factor)
        })
        .collect();
    // All the context together weighs at most `context_share` of the ask.
    let (in_context, asked): (f64, f64) = weights.iter().fold((0.0, 0.0), |(c, a), (t, w)| {
        if query.in_context(t) {
            (c + w, a)
        } else {
            (c, a + w)
        }
    });
    // A request that is all context (one long quotation) keeps its words' weights.
    let context_scale = if asked > 0.0 && in_context > wt.context_share * asked {
        wt.context_share * asked / in_context
    } else {
        1.0
    };
    let mut weights = weights;
    for (t, w) in weights.iter_mut() {
        if query.in_context(t) {
            *w *= context_scale;
        }
    }
    let weight = |t: &str| weights.get(t).copied().unwrap_or_default();
    let total: f64 = query.terms.iter().map(|t| weight(t)).sum();
    // For a method that takes a date or a time, one written in several words ("April 11th,
    // 2023", "9 pm") is one value: its words share one word's weight. For a method that takes
    // none, every word of it stays a part of the request the method does not serve.
    let mut parts: HashMap<&str, usize> = HashMap::new();
    for terms in &moment_terms {
        for t in terms {
            let k = parts.entry(t.as_str()).or_insert(1);
            *k = (*k).max(terms.len());
        }
    }
    let as_one = |t: &str| parts.get(t).map_or(1.0, |k| 1.0 / *k as f64);
    // A term's weight as `doc` sees it: a date's words as one value when it takes one.
    let weight_for = |doc: &index::MethodDoc, t: &str| {
        weight(t) * if doc.takes_moments { as_one(t) } else { 1.0 }
    };
    let total_with_moments_as_one: f64 = query.terms.iter().map(|t| weight(t) * as_one(t)).sum();
    // Words of dates and times ("April 11th, 2023", "9 pm").
    let moments: HashSet<&str> = moment_terms.iter().flatten().map(String::as_str).collect();
    // Words the query quotes: a literal value ("a todo that says 'go for shopping'"), which no
    // metadata is expected to name.
    let quoted = query.quoted_terms();
    // Terms of the units of measure the query names ("miles", "kg"), each with the stem of what
    // it measures ("length"), for methods taking a unit of that, or of any when their metadata
    // names no dimension. A unit of one letter ("m", "s") may be anything else.
    let unit_terms: Vec<(String, String, Option<&str>)> = query
        .tokens
        .iter()
        .filter(|t| t.chars().count() > 1)
        .filter_map(|t| Some((t, text::stem(text::lexicon::unit_dimension(t)?))))
        .flat_map(|(t, dimension)| {
            let symbol = text::lexicon::unit_symbol(t);
            text::terms(t)
                .into_iter()
                .map(move |u| (u, dimension.clone(), symbol))
        })
        .collect();
    // What units measure, as stems: a method taking units whose metadata names none of them
    // ("Convert cooking measurements from one unit to another") takes a unit of any.
    let dimensions: Vec<String> = text::lexicon::DIMENSION_NAMES
        .iter()
        .map(|(d, _)| text::stem(d))
        .collect();
    // Terms of the currencies the query names ("USD", "Japanese yen"), for methods taking one.
    // A sign before an amount ("$200") names the amount's currency, not one to convert.
    // A method taking one currency is named by the first the query names, not by a second one
    // it has no parameter for ("Convert 100 euros to dollars" asks more than a price in euros).
    let currency_terms: Vec<Vec<String>> = if index.docs.iter().any(|d| d.currencies_taken > 0) {
        bind::currencies_named(query)
            .iter()
            .map(|m| {
                m.terms()
                    .into_iter()
                    .filter(|t| t.chars().any(char::is_alphabetic))
                    .collect()
            })
            .collect()
    } else {
        Vec::new()
    };
    // Terms of the amounts the query writes with a currency's sign ("$100", "€20"), for methods
    // taking a sum of money.
    let any_takes_money = index.docs.iter().any(|d| d.takes_money);
    let money_terms: Vec<String> = query
        .tokens
        .iter()
        .filter(|t| {
            any_takes_money
                && t.contains(|c: char| c.is_ascii_digit())
                && text::lexicon::CURRENCIES
                    .iter()
                    .any(|(_, sign)| !sign.is_empty() && t.starts_with(sign))
        })
        .flat_map(|t| text::terms(t))
        .collect();
    // So are an amount and the currency's name or code after it ("100 dollars", "50 EUR"), for a
    // method that takes no currency of its own: the currency is the amount's.
    let written_sums: Vec<String> = if any_takes_money {
        bind::currencies_named(query)
            .iter()
            .flat_map(bind::CurrencyMention::sum_terms)
            .collect()
    } else {
        Vec::new()
    };
    // Spans of time a request writes from now ("the next 3 days", "next week"): the words of
    // each, with the span, for methods that count that span.
    let spans_ahead = spans_from_now(query);
    let asks_to_act = query.act.is_some();
    // Near forms are looked up once per query against the index's vocabulary, not per method.
    let near: HashMap<&str, Vec<&str>> = query
        .terms
        .iter()
        .map(|t| {
            let word = query.spelling(t).to_lowercase();
            (t.as_str(), index.near_forms(t, &word))
        })
        .filter(|(_, c)| !c.is_empty())
        .collect();
    // Two words the request writes apart that the metadata writes as one ("sun rise" for
    // "Sunrise", "zip code" for `zipcode`): each of them names that word.
    let mut joined: HashMap<String, String> = HashMap::new();
    for pair in query.tokens.windows(2) {
        let (a, b) = (pair[0].to_lowercase(), pair[1].to_lowercase());
        let plain = |w: &str| w.len() > 1 && w.chars().all(|c| c.is_ascii_lowercase());
        // "every day", "a day", "per week": the span's adverb ("daily", "weekly"), where the
        // metadata writes that.
        if text::lexicon::FREQUENCY_LEADS.contains(&a.as_str())
            && text::lexicon::SPANS.contains(&b.as_str())
        {
            let adverb = match b.strip_suffix('y') {
                Some(stem) => format!("{stem}ily"),
                None => format!("{b}ly"),
            };
            let often = text::stem(&adverb);
            if index.names(&often) {
                for t in text::terms(&a).into_iter().chain(text::terms(&b)) {
                    joined.entry(t).or_insert_with(|| often.clone());
                }
                continue;
            }
        }
        if !plain(&a) || !plain(&b) {
            continue;
        }
        let one = text::stem(&format!("{a}{b}"));
        if !index.names(&one) {
            continue;
        }
        for t in text::terms(&a).into_iter().chain(text::terms(&b)) {
            joined.entry(t).or_insert_with(|| one.clone());
        }
    }
    // Words written in lower case that no language knows ([`unknown_word`]), once per query: a
    // method's binder may take one as a name.
    let unknown: HashSet<&str> = query
        .tokens
        .iter()
        .map(String::as_str)
        .filter(|t| unknown_word(t))
        .collect();
    // Codes the request writes ("EV330912", "LH903"): one term of letters and digits, no
    // number with its unit and no time of day. No metadata names a code, and a parameter for a
    // name or a place does not take one, so a method is credited with a code only where a
    // pattern of its recognises it (above) or its binder takes it as a value.
    // So is a number or a code a noun labels ("event 88123", "branch BR-12"), each of its terms,
    // for a method whose metadata names that noun: it asks about one of the method's things.
    let mut codes: Vec<(&str, &str, Option<String>)> = query
        .tokens
        .iter()
        .filter(|t| query::written_code(t))
        .filter_map(|t| match text::terms(t).as_slice() {
            [term] => query
                .terms
                .iter()
                .find(|q| *q == term)
                .map(|q| (q.as_str(), t.as_str(), None)),
            _ => None,
        })
        .collect();
    for (at, code) in query.labelled_codes() {
        let label = text::terms(&query.tokens[at - 1]).pop();
        for term in text::terms(code) {
            if let Some(q) = query.terms.iter().find(|q| **q == term) {
                codes.push((q.as_str(), code, label.clone()));
            }
        }
    }
    // The phrases a request says a thing is about ("articles about the Mars sample return
    // mission"): for a method that searches free text for that thing, the text searched for.
    let searched = query.searched_phrases();
    // The attribute a "how" question asks for ("how old": the age), by its adjective's term.
    let attributes: HashMap<String, Vec<String>> = query.attributes_asked().into_iter().collect();
    // Metadata words alike in meaning to each content word that is not a value, once per query.
    let kin: HashMap<&str, Vec<(&str, f32)>> = query
        .terms
        .iter()
        .filter(|t| {
            !text::chatter(t)
                && !names.contains(*t)
                && !numbers.contains(*t)
                && !moments.contains(t.as_str())
        })
        .map(|t| {
            let word = query.spelling(t).to_lowercase();
            (t.as_str(), index.kin(t, &word, wt.kin_floor))
        })
        .filter(|(_, k)| !k.is_empty())
        .collect();
    if total == 0.0 {
        return index
            .docs
            .iter()
            .map(|doc| Scored {
                doc,
                score: 0.0,
                coverage: 0.0,
                matched: Vec::new(),
                leaves_code: false,
            })
            .collect();
    }
    // The days the request names relative to today, or by their names.
    let day_words: Vec<&String> = query
        .terms
        .iter()
        .filter(|t| {
            let word = query.spelling(t).to_lowercase();
            text::lexicon::RELATIVE_DAYS.contains(&word.as_str())
                || text::lexicon::WEEKDAYS.contains(&word.as_str())
        })
        .collect();
    // The head word of the thing the request asks for ("email" of "the work email of ...").
    let asked_head = query.asked_thing.as_ref().and_then(|thing| thing.last());
    // What each method's metadata names of the query, before any value counts.
    let named: Vec<Named> = index
        .docs
        .iter()
        .map(|doc| {
            let weight_of = |t: &str| weight_for(doc, t);
            let total = if doc.takes_moments {
                total_with_moments_as_one
            } else {
                total
            };
            let mut named = Named {
                total,
                covered: 0.0,
                in_name: 0.0,
                matched: Vec::new(),
                values: Vec::new(),
                literal: 0.0,
                untaken_codes: Vec::new(),
                taken_codes: Vec::new(),
            };
            // Terms of tokens that one of the method's declared patterns recognises
            // ("acct-0002" for `^acct-[0-9]{4}$`), email addresses for a method that takes
            // one, currencies for a method that takes one, and
            // units for one that takes a unit of what its metadata says it measures ("miles" for
            // conversions "between units of length"), are named by its schema.
            let recognised: HashSet<String> = query
                .tokens
                .iter()
                .filter(|tok| {
                    // A code written with hyphens a pattern wants bare ("978-0-14-044913-6")
                    // is recognised as the schema will take it.
                    doc.patterns.iter().any(|re| {
                        re.is_match(tok)
                            || (tok.contains('-')
                                && tok.chars().any(|c| c.is_ascii_digit())
                                && re.is_match(&schema::without_separators(tok)))
                    }) || (doc.takes_handles && query::written_handle(tok))
                        || (doc.takes_emails && tok.contains('@') && query::written_address(tok))
                        || (doc.takes_pairs && query::written_pair(tok))
                })
                .flat_map(|tok| text::terms(tok))
                .chain(
                    currency_terms
                        .iter()
                        .take(doc.currencies_taken)
                        .flatten()
                        .cloned(),
                )
                .chain(
                    unit_terms
                        .iter()
                        .filter(|(_, dimension, symbol)| {
                            doc.takes_units
                                && (doc.terms.contains_key(dimension)
                                    || !dimensions.iter().any(|d| doc.terms.contains_key(d)))
                                && doc.unit_symbols.as_ref().is_none_or(|allowed| {
                                    symbol.is_some_and(|s| allowed.contains(s))
                                })
                        })
                        .map(|(unit, _, _)| unit.clone()),
                )
                .collect();
            // The codes this method's binder leaves untaken: values of none of its parameters.
            // A code a noun labels is one of this method's things only where its metadata
            // says it gives things of that noun ("Upcoming events" for "event 88123"), not
            // where a parameter's description names it ("The zipcode of the city").
            if !codes.is_empty() {
                let binding = bind::bind(&doc.params, query, &doc.topic_terms);
                // A code a parameter's schema refuses is still that parameter's value (asked
                // again as invalid, not left untaken).
                let taken = |code: &str| {
                    binding
                        .arguments
                        .values()
                        .chain(
                            binding
                                .missing
                                .iter()
                                .filter_map(|m| m.invalid.as_ref().map(|(v, _)| v)),
                        )
                        .any(|v| v.to_string().to_lowercase().contains(&code.to_lowercase()))
                };
                for (term, code, label) in &codes {
                    if taken(code) {
                        named.taken_codes.push((*term).to_owned());
                    } else if label.as_ref().is_none_or(|l| doc.given_terms.contains(l)) {
                        named.untaken_codes.push((*term).to_owned());
                    }
                }
            }
            // The words of a span from now the method counts ("the next 3 days" for `days`):
            // a value it takes.
            let span_words: HashSet<&String> = spans_ahead
                .iter()
                .filter(|(_, span)| {
                    doc.counts_spans
                        .iter()
                        .any(|unit| text::lexicon::span_in(span, unit).is_some())
                })
                .flat_map(|(terms, _)| terms)
                .chain(
                    // So is a day named relative to today ("this weekend", "tomorrow",
                    // "Friday") for a method that counts days ahead.
                    day_words
                        .iter()
                        .copied()
                        .filter(|_| doc.counts_spans.iter().any(|unit| unit == "day")),
                )
                .collect();
            for t in &query.terms {
                // The attribute a question's verb asks for is named by the noun that says it
                // ("What does ephemeral mean?" asks for a definition): a method whose metadata
                // names that noun is named by the verb in full, one that only writes the verb's
                // own word ("words with a similar meaning") by a form of it.
                let others: Vec<&String> = attributes
                    .get(t)
                    .map(|nouns| nouns.iter().filter(|n| *n != t).collect())
                    .unwrap_or_default();
                let attribute = (!others.is_empty())
                    .then(|| {
                        others
                            .iter()
                            .filter_map(|n| doc.terms.get(*n))
                            .copied()
                            .reduce(f64::max)
                            .or_else(|| doc.terms.get(t).map(|w| w * wt.near_form))
                    })
                    .flatten();
                if let Some(w) = attribute {
                    named.covered += weight_of(t) * w;
                    named.matched.push(t.clone());
                    if doc.name_terms.contains(t) {
                        named.in_name += weight_of(t);
                    }
                } else if recognised.contains(t) {
                    named.covered += weight_of(t) * wt.pattern;
                    named.matched.push(t.clone());
                } else if doc.takes_money
                    && (money_terms.contains(t)
                        || (doc.currencies_taken == 0 && written_sums.contains(t)))
                {
                    // A sum of money for a method that takes one is a value its schema names: it
                    // anchors the request in the method's domain, at a value's weight.
                    named.covered += weight_of(t) * wt.value;
                    named.matched.push(t.clone());
                } else if let Some(w) = doc.terms.get(t) {
                    // The thing the request asks for, where the method takes it and does not say
                    // it gives it (`define_word` requires a `word` and gives definitions; "other
                    // words for happy" asks for words), is named by its input, whatever its name
                    // says.
                    let input =
                        asked_head == Some(t) && takes_only(doc, t) && !doc.gives.contains(t);
                    let w = if input { w.min(wt.in_param_name) } else { *w };
                    named.covered += weight_of(t) * w;
                    named.matched.push(t.clone());
                    if doc.name_terms.contains(t) && !input {
                        named.in_name += weight_of(t);
                    }
                } else if let Some(w) = joined.get(t).and_then(|one| doc.terms.get(one)) {
                    named.covered += weight_of(t) * w;
                    named.matched.push(t.clone());
                } else if let Some(w) = near.get(t.as_str()).and_then(|c| near_form(doc, c)) {
                    named.covered += weight_of(t) * w * wt.near_form;
                    named.matched.push(t.clone());
                } else if let Some(w) = kin.get(t.as_str()).and_then(|k| kin_weight(doc, k)) {
                    named.covered += weight_of(t) * w * wt.kin;
                    named.matched.push(t.clone());
                } else if named.untaken_codes.contains(t) {
                    // A code no parameter of the method takes is a part of the request it does
                    // not serve.
                } else if span_words.contains(t)
                    || (doc.takes_numbers && numbers.contains(t))
                    || (doc.takes_moments && moments.contains(t.as_str()))
                    || (doc.takes_names && (names.contains(t) || numbers.contains(t)))
                    || (doc.takes_records && measured.contains(t))
                {
                    if doc.takes_names && quoted.contains(t) {
                        named.literal += weight_of(t);
                    }
                    named.values.push((t.clone(), weight_of(t)));
                }
            }
            named
        })
        .collect();
    // The most any method's metadata names of the words the query does not quote.
    let best_unquoted = named.iter().map(Named::unquoted).fold(0.0, f64::max);
    // A code some query-safe method takes is that method's value (a login's user id beside a
    // message, a chained call's key): only one no such method takes names a thing none of them
    // can be asked about.
    let taken_somewhere: HashSet<&str> = codes
        .iter()
        .map(|(term, _, _)| *term)
        .filter(|term| {
            index
                .docs
                .iter()
                .zip(&named)
                .any(|(doc, n)| doc.query_safe() && n.taken_codes.iter().any(|c| c == term))
        })
        .collect();
    let mut scored: Vec<Scored> = index
        .docs
        .iter()
        .zip(named)
        .map(|(doc, named)| {
            let unquoted = named.unquoted();
            let Named {
                total,
                covered,
                in_name,
                mut matched,
                values,
                literal,
                untaken_codes,
                taken_codes: _,
            } = named;
            let leaves_code = untaken_codes
                .iter()
                .any(|c| !taken_somewhere.contains(c.as_str()));
            // Only once the metadata itself anchors the query in the method's domain do values
            // and, for a search method, unnamed topics count: names alone ("Bybit", "BTC") must
            // not make an unrelated search look relevant. What the query quotes is a value ("a
            // todo for 'go for shopping at 9 pm'"), not a topic the metadata should name: the
            // method that names the most of the other words is anchored on them alone.
            // A method whose own name names the thing the request asks for ("the work email
            // of Jane Smith" of `find_email`) is anchored in its domain however many values the
            // request writes beside it.
            // For a method that searches free text, the phrase the request says a thing the
            // method's own metadata names is about ("articles about the Mars sample return
            // mission" of `search_news`) is the text searched for, not words its metadata should
            // name: the method is anchored by what it names of the rest, and that phrase is then
            // its value. Nothing named outside the phrase anchors nothing.
            let searched_words: Vec<(String, f64)> = searched
                .iter()
                .filter(|(head, _)| {
                    doc.terms.contains_key(head) && doc.free_text && doc.searching_param
                })
                .flat_map(|(_, phrase)| phrase)
                .filter(|t| query.terms.contains(t) && !matched.contains(t))
                .map(|t| (t.clone(), weight_for(doc, t)))
                .collect();
            let outside = total - searched_words.iter().map(|(_, w)| w).sum::<f64>();
            let topical = covered / total;
            let anchored = topical >= wt.anchor
                || (!searched_words.is_empty()
                    && outside > 0.0
                    && covered > 0.0
                    && covered / outside >= wt.anchor)
                || (literal > 0.0 && unquoted >= wt.anchor && unquoted >= best_unquoted)
                || asked_head.is_some_and(|h| doc.name_terms.contains(h))
                // So is one whose description says it gives a thing alike in meaning to the one
                // asked for ("the coordinates of ..." of "Latitude and longitude of an address").
                || asked_head.is_some_and(|h| {
                    kin.get(h.as_str())
                        .is_some_and(|k| k.iter().any(|(t, _)| doc.gives.contains(*t)))
                });
            // A request that reads ("list", "get", "what ...") is not served by a method whose name
            // leads with a verb that changes things ("add_postgres_server"), however many words they share.
            let verb_penalty = if !asks_to_act && doc.acts.is_some() {
                wt.mutating_name_penalty
            } else {
                1.0
            };
            let mut coverage = topical;
            if anchored {
                let mut values = values;
                for (t, w) in searched_words {
                    if !values.iter().any(|(v, _)| *v == t) {
                        values.push((t, w));
                    }
                }
                for (t, weight) in values {
                    coverage += weight * wt.value / total;
                    matched.push(t);
                }
                // A word the method's own binder takes as the value of a parameter ("lodash" of
                // "the lodash package" for a package's `name`) is a value of it, however it is
                // written. Looked at only where it decides whether the method serves at all.
                if coverage < wt.viable_coverage && !unknown.is_empty() {
                    for t in bound_names(doc, query, &unknown) {
                        if query.terms.contains(&t) && !matched.contains(&t) {
                            coverage += weight_for(doc, &t) * wt.value / total;
                            matched.push(t);
                        }
                    }
                }
                // So is a value its binder reads right after the parameter's own word ("season
                // 2023-24", "ISBN 978-0-14-044913-6"), and words of the kind a parameter names
                // ("chicken breast" for `food_name`: chicken is a food).
                if coverage < wt.viable_coverage {
                    for t in values_it_names(doc, query) {
                        if query.terms.contains(&t) && !matched.contains(&t) {
                            coverage += weight_for(doc, &t) * wt.value / total;
                            matched.push(t);
                        }
                    }
                }
                // A word of language the method's binder takes as the value of a parameter for
                // one ("ephemeral" for a dictionary's `word`) is that value, however common a
                // word, when it is the only word the metadata leaves unnamed: the rest of the
                // request is the method's own frame.
                if coverage < wt.viable_coverage && doc.takes_words {
                    let left: Vec<&String> = query
                        .terms
                        .iter()
                        .filter(|t| !text::chatter(t) && !matched.contains(t))
                        .collect();
                    if let [t] = left[..]
                        && bound_words(doc, query).contains(t)
                    {
                        coverage += weight_for(doc, t) * wt.value / total;
                        matched.push(t.clone());
                    }
                }
                // A search method takes topics its metadata cannot list: it is credited with
                // half of what is left uncovered. A method that works on text it is given
                // (`text` to encode, translate or analyse; not `text` of `search_recipes`) is
                // credited so only when the request writes that text out, quoted or after a
                // colon: "Who invented Morse code?" is no text to encode.
                let given = !query.quotes.is_empty() || query.text.contains(':');
                if doc.free_text && (doc.searches_free_text || given) {
                    coverage += wt.free_text_credit * (1.0 - coverage);
                }
            }
            Scored {
                doc,
                score: (coverage + wt.name_bonus * in_name / total) * verb_penalty,
                coverage,
                matched,
                leaves_code,
            }
        })
        .collect();
    scored.sort_by(|a, b| b.score.total_cmp(&a.score));
    scored
}

/// The spans of time `query` counts from now, ahead or back: "next", "last" or "past", then a
/// number or none, then a span ("the next 3 days", "next week", "the last 30 days"), each as the terms of its words with the span in the
/// singular ("day"). A method that counts that span takes them as one value.
fn spans_from_now(query: &Query) -> Vec<(Vec<String>, String)> {
    let lower: Vec<String> = query.tokens.iter().map(|t| t.to_lowercase()).collect();
    let number = |w: &str| w.parse::<f64>().is_ok() || text::lexicon::number_value(w).is_some();
    (0..lower.len())
        .filter(|&i| text::lexicon::SPAN_LEADS.contains(&lower[i].as_str()))
        .filter_map(|i| {
            let at = i + 1 + usize::from(lower.get(i + 1).is_some_and(|w| number(w)));
            let written = lower.get(at)?;
            let span = written.strip_suffix('s').unwrap_or(written);
            text::lexicon::SPANS.contains(&span).then(|| {
                let terms = lower[i..=at].iter().flat_map(|w| text::terms(w)).collect();
                (terms, span.to_owned())
            })
        })
        .collect()
}

/// Whether `word` is written in lower case and no language knows it: the semantic table has no
/// token for it ("lodash", "magnuscarlsen"), and a long one is no misspelling of a word it has
/// ("sweate"). Such a word is a name when a parameter takes it.
fn unknown_word(word: &str) -> bool {
    word.len() > 2
        && word.chars().all(|c| c.is_ascii_lowercase())
        && !text::semantic::whole_word(word)
        && (word.len() < 6 || !text::semantic::one_edit_from_whole(word))
}

/// The terms of the `unknown` words ([`unknown_word`]) that `doc`'s binder takes, each alone, as
/// the value of a parameter that does not take the whole text of a search. A word the language
/// knows, or a phrase, may be anything the request says.
fn bound_names(doc: &index::MethodDoc, query: &Query, unknown: &HashSet<&str>) -> Vec<String> {
    let binding = bind::bind(&doc.params, query, &doc.topic_terms);
    binding
        .arguments
        .iter()
        .filter(|(name, _)| {
            !doc.params
                .iter()
                .any(|p| p.name == **name && schema::is_free_text(p))
        })
        .filter_map(|(_, value)| value.as_str().filter(|v| unknown.contains(v)))
        .flat_map(text::terms)
        .collect()
}

/// The terms of the values `doc`'s binder gives a parameter that the request names as that
/// parameter's: one the schema refuses, written right after a word of the parameter's name
/// ("season 2023-24" for a `season` of the pattern YYYY/YYYY: no pattern credits it, yet it is
/// the request's value, to be corrected), a postal code in digits for a parameter named for one,
/// or words related in meaning to the kind of thing a parameter names (`food_name`, "The food
/// item": chicken is a food).
fn values_it_names(doc: &index::MethodDoc, query: &Query) -> Vec<String> {
    let binding = bind::bind(&doc.params, query, &doc.topic_terms);
    let mut out = Vec::new();
    for p in &doc.params {
        // A value the schema refuses is still the request's value for it.
        let refused = || {
            binding
                .missing
                .iter()
                .find(|m| m.name == p.name)
                .and_then(|m| m.invalid.as_ref())
                .map(|(v, _)| v)
        };
        if let Some(value) = refused().and_then(Value::as_str) {
            let own: HashSet<String> = text::words(&p.name).iter().map(|w| text::stem(w)).collect();
            // Right after the parameter's word, or after it and a word that labels a code ("the
            // team code LAKERS"), which is then the value's label.
            let tokens = &query.tokens;
            let is_value = |i: usize| {
                tokens.get(i).is_some_and(|t| {
                    schema::without_separators(t) == schema::without_separators(value)
                })
            };
            let after_own = query.mentions(&own).into_iter().find_map(|at| {
                if is_value(at + 1) {
                    Some(at + 1..at + 2)
                } else {
                    let labelled = tokens.get(at + 1).is_some_and(|t| bind::labels_a_code(t));
                    (labelled && is_value(at + 2)).then_some(at + 1..at + 3)
                }
            });
            out.extend(
                after_own
                    .into_iter()
                    .flatten()
                    .flat_map(|i| text::terms(&tokens[i])),
            );
            continue;
        }
        let Some(value) = binding.arguments.get(&p.name).and_then(Value::as_str) else {
            continue;
        };
        // A postal code written in digits ("from 10115 to 80331") is the value of a parameter
        // named for one.
        if bind::names_postal_code(p) && value.chars().all(|c| c.is_ascii_digit()) {
            out.push(value.to_owned());
            continue;
        }
        // So is the country or state whose code a parameter takes, named in full ("Canada"
        // for a country's ISO code).
        if let Some((_, words)) = bind::place_code_named(p, query) {
            out.extend(text::terms(&words));
            continue;
        }
        // The kind a name of a kind names: the words before `name` (`food_name`), or a
        // parameter named for its kind alone that its description calls that kind's name
        // (`food`, "Food name").
        let Some(kinds) = bind::kind_named(p).or_else(|| bind::kind_described(p)) else {
            continue;
        };
        let of_kind = text::words(value).iter().any(|w| {
            kinds.iter().any(|k| {
                text::semantic::similarity(w, k).is_some_and(|s| s >= text::semantic::RELATED)
            })
        });
        if of_kind {
            out.extend(text::terms(value));
        }
    }
    out
}

/// The terms of the one-word values `doc`'s binder gives its parameters that take a word of
/// language ([`schema::takes_words`]).
fn bound_words(doc: &index::MethodDoc, query: &Query) -> Vec<String> {
    let binding = bind::bind(&doc.params, query, &doc.topic_terms);
    doc.params
        .iter()
        .filter(|p| schema::takes_words(p))
        .filter_map(|p| binding.arguments.get(&p.name).and_then(Value::as_str))
        .filter(|v| !v.contains(char::is_whitespace))
        .flat_map(text::terms)
        .collect()
}

/// What one method's metadata names of a query, before values count.
struct Named {
    /// The query's whole weight, as this method sees it (a date as one value when it takes one).
    total: f64,
    /// The weight of the words its metadata names.
    covered: f64,
    /// The weight of the words its name names.
    in_name: f64,
    /// The terms named.
    matched: Vec<String>,
    /// Values it could take, with their weights.
    values: Vec<(String, f64)>,
    /// The weight of the values the query quotes.
    literal: f64,
    /// The codes the request writes that are values of none of its parameters.
    untaken_codes: Vec<String>,
    /// The codes the request writes that its binder takes as values.
    taken_codes: Vec<String>,
}

impl Named {
    /// The share of the words the query does not quote that the metadata names.
    fn unquoted(&self) -> f64 {
        if self.total > self.literal {
            self.covered / (self.total - self.literal)
        } else {
            0.0
        }
    }
}

fn ranked(s: &Scored) -> RankedMethod {
    RankedMethod {
        tool_id: s.doc.tool.id.clone(),
        method: s.doc.method().name.clone(),
        score: round(s.score),
        coverage: round(s.coverage),
        matched_terms: s.matched.clone(),
        query_safe: s.doc.query_safe(),
    }
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// A stable 64-bit FNV-1a hash: ids must not change between runs or builds.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The stable id of an interpretation.
pub fn interpretation_id(tool_id: &str, method: &str, arguments: &Map<String, Value>) -> String {
    let mut keys: Vec<&String> = arguments.keys().collect();
    keys.sort();
    let mut canon = format!("{tool_id}\u{1f}{method}");
    for k in keys {
        canon.push('\u{1f}');
        canon.push_str(k);
        canon.push('=');
        canon.push_str(&arguments[k].to_string());
    }
    format!("opt-{:012x}", fnv1a(&canon) & 0xffff_ffff_ffff)
}

impl Interpretation {
    /// This interpretation with `value` given for its first missing parameter, `name`: the
    /// argument bound, the parameter no longer missing, and id, label, description and
    /// discriminator made to say so.
    pub fn with_argument(&self, name: &str, value: &Value) -> Interpretation {
        let mut filled = self.clone();
        filled.arguments.insert(name.to_owned(), value.clone());
        filled.missing.retain(|m| m.name != name);
        filled.id = interpretation_id(&filled.tool_id, &filled.method, &filled.arguments);
        filled.label = value
            .as_str()
            .map_or_else(|| value.to_string(), str::to_owned);
        filled.description = format!("{} with {name} = {}", self.description, filled.label);
        filled.discriminator = Some((name.to_owned(), value.clone()));
        filled
    }
}

fn describe_call(tool_id: &str, method: &str, arguments: &Map<String, Value>) -> String {
    if arguments.is_empty() {
        return format!("{tool_id}.{method}()");
    }
    let args: Vec<String> = arguments
        .iter()
        .map(|(k, v)| {
            format!(
                "{k} = {}",
                v.as_str().map_or_else(|| v.to_string(), str::to_owned)
            )
        })
        .collect();
    format!("{tool_id}.{method}({})", args.join(", "))
}

/// The first sentence of a description, or the method name in words.
fn method_label(doc: &index::MethodDoc) -> String {
    let m = doc.method();
    let pieces: Vec<&str> = m
        .description
        .split(['.', ':'])
        .map(|p| p.trim().trim_matches(['"', '\'']).trim())
        .filter(|p| !p.is_empty())
        .collect();
    // A sentence every other method of the tool also writes ("This is the subfunction for tool
    // ...") is the tool's boilerplate: the label is the first one of the method's own.
    let siblings: Vec<&str> = doc
        .tool
        .methods
        .iter()
        .filter(|o| o.name != m.name)
        .map(|o| o.description.as_str())
        .collect();
    let shared = |p: &&str| !siblings.is_empty() && siblings.iter().all(|d| d.contains(*p));
    match pieces.iter().find(|p| !shared(p)).or(pieces.first()) {
        Some(label) => (*label).to_owned(),
        None => text::words(&m.name).join(" "),
    }
}

fn interpretation(
    s: &Scored,
    binding: &Binding,
    discriminator: Option<(String, Value)>,
) -> Interpretation {
    let tool_id = s.doc.tool.id.clone();
    let method = s.doc.method().name.clone();
    let mut arguments = binding.arguments.clone();
    if let Some((param, value)) = &discriminator {
        arguments.insert(param.clone(), value.clone());
    }
    let label = match &discriminator {
        Some((_, value)) => value
            .as_str()
            .map_or_else(|| value.to_string(), str::to_owned),
        None => method_label(s.doc),
    };
    Interpretation {
        id: interpretation_id(&tool_id, &method, &arguments),
        description: describe_call(&tool_id, &method, &arguments),
        tool_id,
        method,
        arguments,
        fan_out: binding.fan_out.clone(),
        missing: binding.missing.clone(),
        discriminator,
        label,
        score: round(s.score),
        matched_terms: s.matched.clone(),
        also: Vec::new(),
        before: Vec::new(),
    }
}

/// Interpretations of one method: one per candidate when an enum is ambiguous, else one. A
/// required argument the query lacks but another query-safe method's output gives is taken from
/// that method's call, planned first.
fn interpretations(index: &MethodIndex, s: &Scored, query: &Query) -> Vec<Interpretation> {
    let mut binding = bind::bind(&s.doc.params, query, &s.doc.topic_terms);
    let before = chain(index, query, s.doc, &mut binding, MAX_CHAIN - 1);
    let mut out = match &binding.ambiguity {
        Some(a) => a
            .candidates
            .iter()
            .map(|v| interpretation(s, &binding, Some((a.param.clone(), v.clone()))))
            .collect(),
        None => vec![interpretation(s, &binding, None)],
    };
    for i in &mut out {
        i.before.clone_from(&before);
    }
    out
}

/// The calls that give `needer`'s missing required arguments, in order, each argument bound as a
/// reference to its call and taken off `binding.missing`; at most `depth` calls deep.
///
/// A provider is another query-safe method whose output schema has a field named as the argument
/// (`team_id` in `{"teams": [{"team_id": ...}]}`; the first item of a list, the best match of a
/// search), that takes at least one value from the query, and whose own required arguments the
/// query gives in full (or, in turn, a provider does).
fn chain(
    index: &MethodIndex,
    query: &Query,
    needer: &index::MethodDoc,
    binding: &mut bind::Binding,
    depth: usize,
) -> Vec<Interpretation> {
    let mut before: Vec<Interpretation> = Vec::new();
    if depth == 0 || binding.missing.is_empty() || binding.ambiguity.is_some() {
        return before;
    }
    let mut still = Vec::new();
    for m in std::mem::take(&mut binding.missing) {
        let found = (m.invalid.is_none() && !m.name.contains('.'))
            .then(|| provider(index, query, needer, &m.name, depth))
            .flatten();
        let Some((mut call, pointer)) = found else {
            still.push(m);
            continue;
        };
        // The provider's own earlier calls go first, renumbered after those already planned.
        let offset = before.len();
        for mut earlier in std::mem::take(&mut call.before) {
            earlier.arguments = shifted(&earlier.arguments, offset);
            before.push(earlier);
        }
        call.arguments = shifted(&call.arguments, offset);
        before.push(call);
        binding
            .arguments
            .insert(m.name.clone(), contract::reference(before.len(), &pointer));
    }
    binding.missing = still;
    before
}

/// The provider of `param` for `needer` and the pointer to the value in its result.
fn provider(
    index: &MethodIndex,
    query: &Query,
    needer: &index::MethodDoc,
    param: &str,
    depth: usize,
) -> Option<(Interpretation, String)> {
    index.docs.iter().find_map(|doc| {
        if std::ptr::eq(doc, needer) || !doc.query_safe() {
            return None;
        }
        let pointer = output_pointer(doc.method().output_schema.as_ref()?, param)?;
        let mut binding = bind::bind(&doc.params, query, &doc.topic_terms);
        // It must take a value the query names ("Arsenal" for a club search), itself or through
        // its own earlier call: a method that takes nothing from the query, or only its whole
        // text, would hand over an arbitrary first item.
        let takes_from_query = doc.params.iter().any(|p| {
            p.default.is_none()
                && p.stated_default.is_none()
                && !schema::is_free_text(p)
                && binding.arguments.contains_key(&p.name)
        });
        let before = chain(index, query, doc, &mut binding, depth - 1);
        // An argument an earlier call gives anchors it too, through that call.
        let anchored = takes_from_query || !before.is_empty();
        if !anchored
            || !binding.missing.is_empty()
            || binding.ambiguity.is_some()
            || binding.fan_out.is_some()
        {
            return None;
        }
        let scored = Scored {
            doc,
            score: 0.0,
            coverage: 0.0,
            matched: Vec::new(),
            leaves_code: false,
        };
        let mut call = interpretation(&scored, &binding, None);
        call.before = before;
        Some((call, pointer))
    })
}

/// The JSON pointer to the first field of an output schema named as `param` (by its words:
/// `teamId` is `team_id`), through objects and the first item of arrays; at most four levels. A
/// field named for the rest of the parameter's name inside one named for its thing is it too:
/// `id` of the items of `artists` for `artist_id`.
fn output_pointer(schema: &Value, param: &str) -> Option<String> {
    fn walk(
        s: &Value,
        want: &[String],
        owner: &[String],
        at: String,
        depth: usize,
    ) -> Option<String> {
        if depth > 4 {
            return None;
        }
        if let Some(props) = s["properties"].as_object() {
            let named = |name: &str| {
                let own = text::terms(name);
                own == want || (!owner.is_empty() && [owner, &own[..]].concat() == want)
            };
            if let Some((name, _)) = props.iter().find(|(name, _)| named(name)) {
                return Some(format!(
                    "{at}/{}",
                    name.replace('~', "~0").replace('/', "~1")
                ));
            }
            for (name, inner) in props {
                let path = format!("{at}/{}", name.replace('~', "~0").replace('/', "~1"));
                if let Some(found) = walk(inner, want, &text::terms(name), path, depth + 1) {
                    return Some(found);
                }
            }
        }
        if s["items"].is_object() {
            return walk(&s["items"], want, owner, format!("{at}/0"), depth + 1);
        }
        None
    }
    let want = text::terms(param);
    if want.is_empty() {
        return None;
    }
    walk(schema, &want, &[], String::new(), 0)
}

/// Runs the probe over `index` (the selected tools) for `query`.
pub fn run(index: &MethodIndex, query: &Query, config: &ProbeConfig) -> ProbeReport {
    run_after(index, query, &[], config)
}

/// [`run`] for a turn that comes after `earlier` ones (oldest first), whose values a method may
/// take too.
fn run_after(
    index: &MethodIndex,
    query: &Query,
    earlier: &[Query],
    config: &ProbeConfig,
) -> ProbeReport {
    let scored = score_all(index, query, &config.weights);
    let (safe, unsafe_): (Vec<&Scored>, Vec<&Scored>) =
        scored.iter().partition(|s| s.doc.query_safe());

    let excluded = unsafe_
        .iter()
        .map(|s| NearMiss {
            tool_id: s.doc.tool.id.clone(),
            method: s.doc.method().name.clone(),
            score: round(s.score),
            why_not: format!("not query-safe: {}", s.doc.method().safety.reason),
        })
        .collect();
    let query_safe_candidate_set = safe
        .iter()
        .map(|s| format!("{}.{}", s.doc.tool.id, s.doc.method().name))
        .collect();
    let ranked_methods = safe.iter().take(10).map(|s| ranked(s)).collect();
    let llm_selection_candidates = safe
        .iter()
        .take(config.llm_candidates)
        .map(|s| format!("{}.{}", s.doc.tool.id, s.doc.method().name))
        .collect();

    let viability = Viability::new(index, query, None, earlier, config);
    let mut viable: Vec<&Scored> = safe
        .iter()
        .copied()
        .filter(|s| viability.admits(s))
        .collect();
    // The method the request names goes first, unless a method it fills completely must.
    named_first(query, &mut viable, &config.weights);
    let coded = coded_first(query, &mut viable, &config.weights);
    complete_first(index, query, &mut viable);
    let signal = missing_capability(index, query, &scored, &viable, &config.weights);
    let mut report = ProbeReport {
        status: ProbeStatus::Completed,
        query_safe_candidate_set,
        excluded,
        ranked_methods,
        execution_shortlist: Vec::new(),
        ambiguity_pool: Vec::new(),
        llm_selection_candidates,
        adequacy: Adequacy::Inadequate,
        confidence_score: 0.0,
        missing_capability_signal: signal,
        asks: Vec::new(),
    };
    match compound(index, query, earlier, viable.first().copied(), config) {
        Some(Compound::Partial(miss)) => {
            if let Some(p) = &miss.partial {
                report.asks = asks_served(&p.servable_parts, &p.unserved_parts);
            }
            report.missing_capability_signal = Some(miss);
            return report;
        }
        Some(Compound::Served(combined, asks)) => {
            report.asks = asks;
            report.missing_capability_signal = None;
            report.adequacy = Adequacy::Adequate;
            report.confidence_score = 1.0;
            report.execution_shortlist = vec![(*combined).clone()];
            report.ambiguity_pool = vec![*combined];
            return report;
        }
        None => {}
    }
    if report.missing_capability_signal.is_some() {
        return report;
    }

    report.execution_shortlist = viable
        .iter()
        .take(config.shortlist_size)
        .filter_map(|s| interpretations(index, s, query).into_iter().next())
        .collect();

    // The ambiguity pool: near-top methods, one per distinct reading of the query (methods that
    // cover the same query terms are alternatives for execution, not different meanings), each
    // expanded over an ambiguous enum.
    let best = viable[0].score;
    let mut readings: Vec<BTreeSet<&str>> = Vec::new();
    // When the request names everything the best method's name is about ("the integral of ...",
    // "find trains"), a method whose name is about something it does not name ("derivative",
    // "train tickets") is no other reading of it.
    let names_best = names_subject(viable[0].doc, query);
    // When the verb the request leads with is one the best method's name says it does ("play
    // some rock songs" of `PlayMedia`), a method that does not do it ("LookupMusic") is no
    // other reading of the request.
    let lead = query
        .lead
        .as_ref()
        .filter(|v| viable[0].doc.name_terms.contains(*v));
    for s in viable
        .iter()
        .filter(|s| s.score >= best * config.weights.pool_margin)
        .filter(|s| {
            std::ptr::eq(s.doc, viable[0].doc) || !names_best || names_subject(s.doc, query)
        })
        .filter(|s| lead.is_none_or(|v| names_verb(s.doc, v, &config.weights)))
        .filter(|s| !(coded && s.doc.free_text))
    {
        let reading: BTreeSet<&str> = s.matched.iter().map(String::as_str).collect();
        if readings.iter().any(|r| r.is_superset(&reading)) {
            continue;
        }
        readings.push(reading);
        let mut seen: HashSet<String> =
            report.ambiguity_pool.iter().map(|i| i.id.clone()).collect();
        for i in interpretations(index, s, query) {
            if seen.insert(i.id.clone()) {
                report.ambiguity_pool.push(i);
            }
        }
    }
    report.adequacy = if viable[0].coverage >= config.weights.adequate_coverage {
        Adequacy::Adequate
    } else {
        Adequacy::Partial
    };
    let spread = 1.0 / report.ambiguity_pool.len().max(1) as f64;
    report.confidence_score = round(viable[0].coverage.min(1.0) * spread);
    report
}

/// Whether one of `doc`'s declared patterns recognises a token of `query` ("4455667788" for a
/// card number's `^[0-9]{10}$`): its schema says what that token is. The index keeps only
/// patterns no plain word fits ([`index::MethodDoc::patterns`]).
fn recognises_code(doc: &index::MethodDoc, query: &Query) -> bool {
    doc.patterns
        .iter()
        .any(|re| query.tokens.iter().any(|t| re.is_match(t)))
}

/// When the best method searches free text and a near-top one recognises a code the request
/// writes ([`recognises_code`]), that one goes first, and the search is no other reading of the
/// request: it would take the code as words to look for. Says whether it did.
fn coded_first(query: &Query, viable: &mut [&Scored], wt: &Weights) -> bool {
    let Some(best) = viable.first() else {
        return false;
    };
    if !best.doc.free_text || recognises_code(best.doc, query) {
        return false;
    }
    let floor = best.score * wt.pool_margin;
    match viable
        .iter()
        .position(|s| s.score >= floor && !s.doc.free_text && recognises_code(s.doc, query))
    {
        Some(at) => {
            viable[..=at].rotate_right(1);
            true
        }
        None => false,
    }
}

/// When the request names everything a near-top method's name is about ("find trains" of
/// `FindTrains`) and not all the best one's (`GetTrainTickets`: it names no tickets), the method
/// it names goes first: scoring alone ranks them by how many words their metadata shares.
fn named_first(query: &Query, viable: &mut [&Scored], wt: &Weights) {
    let Some(best) = viable.first() else {
        return;
    };
    if names_subject(best.doc, query) {
        return;
    }
    let floor = best.score * wt.pool_margin;
    if let Some(at) = viable
        .iter()
        .position(|s| s.score >= floor && names_subject(s.doc, query))
    {
        viable[..=at].rotate_right(1);
    }
}

/// Of the viable methods that serve the best one's reading of the query (its words or fewer),
/// one the query gives every required value for goes first when the best lacks one: asking for
/// a latitude and a longitude when a sibling takes the city the query names ("the weather in
/// Beijing") is over-asking. A method that takes nothing, or free text (which any request
/// fills), is complete only vacuously, so it never goes first this way.
fn complete_first(index: &MethodIndex, query: &Query, viable: &mut Vec<&Scored>) {
    let Some(best) = viable.first().copied() else {
        return;
    };
    // Siblings are found by their words before anything is bound, so that a request with none
    // binds nothing more than it did.
    let reading: HashSet<&str> = best.matched.iter().map(String::as_str).collect();
    let siblings: Vec<usize> = (1..viable.len())
        .filter(|&k| {
            let s = viable[k];
            s.matched.iter().all(|t| reading.contains(t.as_str()))
                && s.doc.params.iter().any(|p| p.required)
                && !s.doc.free_text
        })
        .collect();
    if siblings.is_empty() {
        return;
    }
    let best_reading = interpretations(index, best, query).remove(0);
    if best_reading.missing.is_empty() {
        return;
    }
    // A sibling that fills a parameter for no place with a known place the best one reads as
    // where one goes to or comes from ("a flight to Rome" as the airline of a baggage policy)
    // reads the request otherwise, not more completely.
    let way_of = |doc: &index::MethodDoc, name: &str| {
        doc.params
            .iter()
            .find(|p| p.name == name)
            .and_then(bind::direction)
    };
    let reads_alike = |s: &Scored, i: &Interpretation| {
        i.arguments.iter().all(|(name, value)| {
            best_reading
                .arguments
                .iter()
                .filter(|(_, v)| {
                    *v == value
                        && v.as_str().is_some_and(|place| {
                            text::places::city(place).is_some()
                                || text::places::country_code(place).is_some()
                        })
                })
                .all(|(theirs, _)| {
                    let way = way_of(best.doc, theirs);
                    !matches!(way, Some(bind::Direction::To | bind::Direction::From))
                        || way_of(s.doc, name).is_some()
                })
        })
    };
    // Each sibling is bound once, to see both whether the request fills it and how it reads.
    if let Some(&k) = siblings.iter().find(|&&k| {
        interpretations(index, viable[k], query)
            .first()
            .is_some_and(|i| i.missing.is_empty() && reads_alike(viable[k], i))
    }) {
        let s = viable.remove(k);
        viable.insert(0, s);
    }
}

/// What decides, for one query, whether a method can serve it ([`Viability::admits`]); what
/// does not depend on the method is worked out once, here.
struct Viability<'a> {
    index: &'a MethodIndex,
    query: &'a Query,
    /// Where else a method may take its values from: for an ask, the whole request it is part
    /// of, and the earlier turns of a conversation.
    whole: Option<&'a Query>,
    earlier: &'a [Query],
    config: &'a ProbeConfig,
    reads_only: bool,
    /// Metadata terms related in meaning to the thing the query asks for
    /// ([`Query::asked_thing`]), at `asked_related` or above.
    asked_kin: Vec<&'a str>,
    /// For a question that asks who, the stems of words about people, their own and the
    /// metadata's alike in meaning ([`asks_who`]).
    people: Option<Vec<String>>,
    /// The query's terms that are names ([`Query::name_terms`]).
    names: HashSet<String>,
    /// The terms the query points at without writing them out ([`Query::pointed_terms`]).
    pointed: HashSet<String>,
    /// Whether the query asks about another day than today ([`asks_another_day`]).
    another_day: bool,
}

impl<'a> Viability<'a> {
    fn new(
        index: &'a MethodIndex,
        query: &'a Query,
        whole: Option<&'a Query>,
        earlier: &'a [Query],
        config: &'a ProbeConfig,
    ) -> Self {
        let asked_kin = query
            .asked_thing
            .iter()
            .flatten()
            .flat_map(|t| {
                let word = query.spelling(t).to_lowercase();
                index.kin(t, &word, config.weights.asked_related)
            })
            .map(|(k, _)| k)
            .collect();
        // "Who is aboard the station?" asks for people: the metadata words related in meaning
        // to a person, when the request is such a question.
        let people = asks_who(query).then(|| {
            text::lexicon::PERSON_WORDS
                .iter()
                .flat_map(|w| {
                    let stem = text::stem(w);
                    let mut words: Vec<String> = index
                        .kin(&stem, w, config.weights.asked_related)
                        .into_iter()
                        .map(|(k, _)| k.to_owned())
                        .collect();
                    words.push(stem);
                    words
                })
                .collect()
        });
        Self {
            index,
            query,
            whole,
            earlier,
            config,
            reads_only: index.reads_only(),
            people,
            asked_kin,
            names: query.name_terms(),
            pointed: query.pointed_terms(),
            another_day: asks_another_day(query),
        }
    }

    /// Whether a method can serve the query: it covers enough of it, or the query names
    /// everything its name is about (`weather` for `Weather_1_GetWeather`).
    /// Whether a word of `doc`'s subject stands right before a token some other method's
    /// declared pattern recognises: "video 9bZkp7q19f0" names one video by its code.
    fn subject_labels_code(&self, doc: &index::MethodDoc) -> bool {
        let tokens = &self.query.tokens;
        tokens.windows(2).any(|pair| {
            text::terms(&pair[0])
                .iter()
                .any(|t| doc.subject_terms.contains(t))
                && self.index.docs.iter().any(|d| {
                    !std::ptr::eq(d, doc) && d.patterns.iter().any(|re| re.is_match(&pair[1]))
                })
        })
    }

    fn admits(&self, s: &Scored) -> bool {
        let (query, config) = (self.query, self.config);
        // A method that changes things ("BuyEventTickets") does not serve a request that only
        // looks ("find theater events") unless the request names what it does, commands a
        // change in words of its own ("make the volume 20" of `set_volume`), or asks for
        // something its name names ("I'd like to visit the property" of `ScheduleVisit`).
        // Naming what was done ("the order I just placed") is not naming what to do.
        if let Some(verb) = &s.doc.acts
            && !query.names_to_do(verb)
            && query.act.is_none()
            && query.commands.is_none()
            && !query
                .lead
                .iter()
                .chain(&query.requested)
                .any(|w| text::near_form(w, verb))
            && !query.requested.iter().any(|w| s.doc.name_terms.contains(w))
        {
            return false;
        }
        // A request to change something ("move the file", "retweet it") is not served by a
        // tool set whose methods only read, unless the method names the change itself.
        if s.doc.acts.is_none()
            && self.reads_only
            && query
                .acts
                .iter()
                .any(|v| !does_or_views(s.doc, query, v, &config.weights))
        {
            return false;
        }
        // A method named for looking ("GetAlarms", "list_servers") does not do the change a
        // request leads with ("Set a new alarm", "book a train") unless its metadata names it,
        // wherever in the tool set the change might be.
        if s.doc.looks
            && query
                .act
                .as_ref()
                .is_some_and(|v| !does_or_views(s.doc, query, v, &config.weights))
        {
            return false;
        }
        // "Calculate the volume of the sphere": what is asked for, the words between "the" and
        // "of", is something the method's metadata covers in some way, or it is not served. When
        // the metadata names the thing itself (the phrase's last word) but not what kind of it
        // ("the freezing point" of a method about the boiling point), it is about another kind.
        if let Some(asked) = &query.asked_for
            && (!asked.iter().any(|t| s.matched.contains(t))
                || asked.split_last().is_some_and(|(head, kind)| {
                    s.matched.contains(head) && kind.iter().any(|t| !s.matched.contains(t))
                }))
            && !s.doc.tells_details
        {
            return false;
        }
        // "How do I start my own podcast?" asks for the steps of a doing: a method whose
        // metadata covers the thing but not the doing ("search podcasts") does not give them.
        // Verbs that only look or make ("How can I find ...", "How do I make a lentil soup?")
        // say nothing of a doing of their own.
        if let Some(verb) = query.how_to()
            && !text::chatter(&verb)
            && !text::lexicon::GENERIC_VERBS.contains(&verb.as_str())
            && !text::lexicon::MAKING_VERBS.contains(&verb.as_str())
            && !s.matched.contains(&verb)
            && !s.doc.tells_details
        {
            return false;
        }
        // "Tell me the current price of a jacket": what is asked for, the asking verb's object,
        // is something the method's metadata names or relates to in meaning ("forecast" of a
        // weather method), however much else they share. A method that searches free text
        // takes any topic.
        // A word of the thing written as a name ("a Family Counselor") is matched by a method
        // that takes any name; only its metadata naming the word relates it to the thing.
        // A search in one domain ("Search granted patents") finds its things, not what they
        // cost: only a search of the web takes a question for a price as its topic.
        let asks_price = query.asked_thing.as_ref().is_some_and(|t| {
            t.last()
                .is_some_and(|h| text::lexicon::PRICE_WORDS.contains(&h.as_str()))
        });
        let searches_web = text::lexicon::WEB_SEARCH_WORDS
            .iter()
            .any(|w| s.doc.terms.contains_key(*w));
        let searches_for_it = s.doc.free_text && (!asks_price || searches_web);
        if let Some(thing) = &query.asked_thing
            && !searches_for_it
            && !s.doc.tells_details
            && !thing.iter().any(|t| {
                s.matched.contains(t) && (!self.names.contains(t) || s.doc.terms.contains_key(t))
            })
            && !self.asked_kin.iter().any(|k| s.doc.terms.contains_key(*k))
        {
            return false;
        }
        // "Who is aboard the space station?" is not asked of a method about the station's
        // position: a question for people is served by a method whose metadata says something
        // of people, or that searches.
        if let Some(people) = &self.people
            && !s.doc.searches_free_text
            && !people.iter().any(|k| s.doc.terms.contains_key(k))
        {
            return false;
        }
        // "The lowest score" is not asked of `high_score`: the request says the opposite of a
        // word of the method's name.
        if says_the_opposite(s.doc, query) {
            return false;
        }
        // "soccer scores" are not asked of `basketball_scores.get_scores`: the request names
        // another kind of the thing the method's name is about.
        if names_other_kind(s.doc, query, self.index) {
            return false;
        }
        // "Will it rain in Dublin over the next three days?" is not asked of a method that
        // gives the weather as it is now and takes no day.
        if self.another_day && gives_only_now(s.doc) {
            return false;
        }
        if takes_one_of_what_is_asked(s.doc, query)
            || needs_what_is_asked(s.doc, query)
            || takes_the_quantity_asked(s.doc, query)
            || works_from_what_is_asked(s.doc, query)
        {
            return false;
        }
        // "Where is event EV330912 being held?" names one event by its code: a method none of
        // whose parameters takes that code ("search events in a city") cannot be asked about it.
        if s.leaves_code {
            return false;
        }
        // A request that names the method's subject is served however chatty, unless a search
        // sees its subject only as the label of a code another method recognises ("the comments
        // under video 9bZkp7q19f0" is about that one video, not a search for videos).
        if names_subject(s.doc, query) && !(s.doc.free_text && self.subject_labels_code(s.doc)) {
            return true;
        }
        // A request that gives none of the several values a method requires, and does not name
        // what the method is about ("What's the current interest rate?" of a mortgage payment
        // calculator taking a loan amount, a rate and years), names something the method takes
        // or relates to, not what it does.
        // One that points at the thing the method is about without writing it ("show me his
        // games", "what did that bill say") has a value in mind: it is asked for, not missing.
        // So does one that speaks of the one thing a required parameter identifies ("the
        // closed issues of the repo" of a method requiring `repo`), or writes a place the
        // method's place parameters could each take ("a visa for Japan" of one requiring the
        // passport's country and the destination).
        // And so does one that asks for the very thing the method's name says it gives, in
        // words the method's metadata covers as good as whole ("How many calories should I eat
        // every day?" of `getDailyCalorieNeeds`).
        s.coverage >= config.weights.viable_coverage
            && (s.matched.iter().any(|t| self.pointed.contains(t))
                || (s.coverage >= config.weights.adequate_coverage
                    && query
                        .asked_thing
                        .as_ref()
                        .and_then(|t| t.last())
                        .is_some_and(|head| s.doc.subject_terms.contains(head)))
                || refers_to_required(s.doc, query)
                || leaves_a_place(s.doc, query)
                || !std::iter::once(query)
                    .chain(self.whole)
                    .chain(self.earlier)
                    .all(|q| gives_none(self.index, s, q, 2)))
    }
}

/// Whether `query` speaks of one thing a required parameter of the method identifies, by a
/// word of that parameter's name after "the" ("the closed issues of the repo" for `repo`, "the
/// account" for `account_id`): the user has one in mind and has not said which. Only a
/// parameter for a thing named in words (a string with no choices and no moment) identifies
/// one; "the rate" of a number the method works from is no such thing.
fn refers_to_required(doc: &index::MethodDoc, query: &Query) -> bool {
    let identified: HashSet<String> = doc
        .params
        .iter()
        .filter(|p| {
            p.required
                && p.kind.as_deref().is_none_or(|k| k == "string")
                && p.choices.is_empty()
                && p.temporal.is_none()
        })
        .flat_map(|p| text::words(&p.name))
        .filter(|w| {
            !text::lexicon::ID_WORDS.contains(&w.as_str())
                && !text::lexicon::NAME_FIELDS.contains(&text::stem(w).as_str())
        })
        .map(|w| text::stem(&w))
        .collect();
    // The thing a question asks for ("What is the version?") is wanted, not referred to.
    let asked: HashSet<&String> = query.asked_thing.iter().flatten().collect();
    query.tokens.windows(2).any(|pair| {
        pair[0].eq_ignore_ascii_case("the")
            && text::terms(&pair[1])
                .first()
                .is_some_and(|t| identified.contains(t) && !asked.contains(t))
    })
}

/// Whether `query` writes a known place (a country or a city) that the binder left to none of
/// the method's required place parameters while one is open: with two such parameters it
/// could go to either, so the request gives a value; which one is asked, not missing.
fn leaves_a_place(doc: &index::MethodDoc, query: &Query) -> bool {
    let places: Vec<&schema::Param> = doc
        .params
        .iter()
        .filter(|p| {
            p.required
                && bind::direction(p).is_some()
                && p.choices.is_empty()
                && p.kind.as_deref().is_none_or(|k| k == "string")
        })
        .collect();
    if places.len() < 2 {
        return false;
    }
    let binding = bind::bind(&doc.params, query, &doc.topic_terms);
    let bound: HashSet<String> = binding
        .arguments
        .values()
        .filter_map(Value::as_str)
        .flat_map(text::terms)
        .collect();
    places
        .iter()
        .any(|p| !binding.arguments.contains_key(&p.name))
        && query.entities().iter().any(|e| {
            (text::places::country_code(e).is_some() || text::places::city(e).is_some())
                && text::terms(e).iter().any(|t| !bound.contains(t))
        })
}

/// Whether `query` asks about a day other than today: a span from now ("over the next three
/// days"), a date that is not today's ("on March 9th" when today is another day), or one
/// written relative to today that is not today ("tomorrow", "next week", "last Friday":
/// [`text::lexicon::OTHER_DAY_WORDS`]); "this afternoon" and "tonight" are today.
fn asks_another_day(query: &Query) -> bool {
    let today = query.today.map(|d| d.format("%Y-%m-%d").to_string());
    // A date the request states as context ("Today is Tuesday.") asks about no day.
    let stated = |m: &crate::when::Moment| text::terms(&m.text).iter().all(|t| query.in_context(t));
    let relative = |m: &crate::when::Moment| {
        text::words(&m.text)
            .iter()
            .any(|w| text::lexicon::OTHER_DAY_WORDS.contains(&w.as_str()))
    };
    let dated = |m: &crate::when::Moment| {
        m.normal
            .as_ref()
            .or(m.coming.as_ref())
            .is_some_and(|d| d.len() == 10 && today.as_ref().is_some_and(|t| t != d))
    };
    !spans_from_now(query).is_empty()
        || query
            .dates
            .iter()
            .filter(|m| !stated(m))
            .any(|m| relative(m) || dated(m))
}

/// Whether a method says it gives things as they are now ("current weather", "live status":
/// [`text::lexicon::PRESENT_WORDS`] in its name or in what its description says it gives) and
/// takes no date, time or span that could point it at another day.
fn gives_only_now(doc: &index::MethodDoc) -> bool {
    !doc.takes_moments
        && doc.counts_spans.is_empty()
        && text::lexicon::PRESENT_WORDS
            .iter()
            .any(|w| doc.name_terms.contains(*w) || doc.gives.contains(*w))
}

/// Whether the method does the change `verb` asks for ([`names_verb`]) or, for a change that
/// only brings a thing up, shows that thing ([`views_what_it_shows`]).
fn does_or_views(d: &index::MethodDoc, query: &Query, verb: &str, wt: &Weights) -> bool {
    names_verb(d, verb, wt) || views_what_it_shows(d, query, verb)
}

/// Whether the change a request leads with only brings up, for a look, the thing the method is
/// named for showing ([`text::lexicon::VIEWING_ACTS`]): "Open service provider profile id:7434"
/// of `view_service_provider_profile`. What the verb takes is the run of plain words after it,
/// past a determiner or a possessive, up to an identifier or a number; every one of them is a
/// word of the method's name.
fn views_what_it_shows(d: &index::MethodDoc, query: &Query, act: &str) -> bool {
    if !text::lexicon::VIEWING_ACTS.contains(&act) {
        return false;
    }
    let tokens = &query.tokens;
    let Some(at) = tokens
        .iter()
        .position(|t| text::stem(&t.to_lowercase()) == act)
    else {
        return false;
    };
    // "Open a ticket", "open a new account": what an indefinite article brings is a thing to
    // make, not one to look at.
    let next = tokens.get(at + 1).map(|t| t.to_lowercase());
    if next.is_some_and(|w| text::lexicon::INDEFINITES.contains(&w.as_str()) || w == "new") {
        return false;
    }
    let object: Vec<String> = tokens[at + 1..]
        .iter()
        .map(|t| t.to_lowercase())
        .skip_while(|w| {
            text::lexicon::DETERMINERS.contains(&w.as_str())
                || text::lexicon::POINTING_WORDS.contains(&w.as_str())
        })
        .take_while(|w| {
            w.chars().all(char::is_alphabetic)
                && !text::is_stopword(w)
                && !text::lexicon::ID_WORDS.contains(&w.as_str())
        })
        .flat_map(|w| text::terms(&w))
        .collect();
    !object.is_empty() && object.iter().all(|t| d.name_terms.contains(t))
}

/// Whether the method requires, as an input the request does not give, the very thing the
/// request asks for ("What time is it in Tokyo?" of `convert_time(time, from_tz, to_tz)`): it
/// works from that value, it does not find it.
fn needs_what_is_asked(d: &index::MethodDoc, query: &Query) -> bool {
    let Some(head) = query.asked_thing.as_ref().and_then(|t| t.last()) else {
        return false;
    };
    let wanted: Vec<&schema::Param> = d
        .params
        .iter()
        .filter(|p| p.required && named_by_only(p, head))
        .collect();
    if wanted.is_empty() {
        return false;
    }
    let binding = bind::bind(&d.params, query, &d.topic_terms);
    wanted
        .iter()
        .any(|p| binding.missing.iter().any(|m| m.name == p.name))
}

/// Whether the thing `query` asks for is a quantity the method takes and does not give: only
/// its number parameters name it ("What is the acceleration a ball will reach?" of a maximum
/// height calculator whose `gravity` is "the acceleration due to gravity"). It works from that
/// value, however it defaults; it does not find it. A thing some word of which the method
/// gives ("the humidity level" of a humidity forecast filtering by a minimum level) or counted
/// in a unit ("how many gallons") is not such a quantity.
fn takes_the_quantity_asked(doc: &index::MethodDoc, query: &Query) -> bool {
    let Some(thing) = &query.asked_thing else {
        return false;
    };
    thing.last().is_some_and(|head| {
        doc.taken_quantities.contains(head)
            && text::lexicon::unit_dimension(query.spelling(head)).is_none()
            && !thing.iter().any(|t| doc.given_terms.contains(t))
    })
}

/// Whether `query` writes the opposite ([`text::lexicon::OPPOSITES`]) of a word of the method's
/// name ("the lowest score" of `game_tracker.high_score`) and not that word itself, while the
/// method's metadata never writes the opposite (a method about "high and low tides" serves
/// both).
fn says_the_opposite(doc: &index::MethodDoc, query: &Query) -> bool {
    // The lexicon's pairs as stems, worked out once rather than for every method scored.
    static STEMMED: std::sync::OnceLock<Vec<(Vec<String>, Vec<String>)>> =
        std::sync::OnceLock::new();
    let pairs = STEMMED.get_or_init(|| {
        let stems = |words: &[&str]| words.iter().map(|w| text::stem(w)).collect();
        text::lexicon::OPPOSITES
            .iter()
            .map(|(a, b)| (stems(a), stems(b)))
            .collect()
    });
    pairs.iter().any(|(a, b)| {
        [(a, b), (b, a)].iter().any(|(named, opposite)| {
            named.iter().any(|t| doc.name_terms.contains(t))
                && opposite.iter().any(|t| query.terms.contains(t))
                && !named.iter().any(|t| query.terms.contains(t))
                && !opposite.iter().any(|t| doc.terms.contains_key(t))
        })
    })
}

/// Whether the thing `query` asks for is what the method's name says it works from, not what
/// it gives ("What's the recipe for lasagna?" of `get_calories_in_recipe`:
/// [`index::MethodDoc::name_source_terms`]), while the request names nothing of what it gives.
fn works_from_what_is_asked(doc: &index::MethodDoc, query: &Query) -> bool {
    let Some(head) = query.asked_thing.as_ref().and_then(|t| t.last()) else {
        return false;
    };
    doc.name_source_terms.contains(head)
        && !doc
            .subject_terms
            .iter()
            .any(|t| !doc.name_source_terms.contains(t) && query.terms.contains(t))
}

/// Whether `doc` requires a parameter named only by `term` (`define_word`'s `word` for "word"):
/// that thing is what it takes, not what it gives.
fn takes_only(doc: &index::MethodDoc, term: &str) -> bool {
    doc.params
        .iter()
        .any(|p| p.required && named_by_only(p, term))
}

/// Whether every word of `p`'s name has the stem `term` (`word` for "word").
fn named_by_only(p: &schema::Param, term: &str) -> bool {
    let words = text::words(&p.name);
    if !words.is_empty() && words.iter().all(|w| text::stem(&w.to_lowercase()) == term) {
        return true;
    }
    // Past the words that point a way or say it is a code, a name that shortens the thing
    // ("target_lang" names a language).
    let rest: Vec<String> = words
        .iter()
        .map(|w| w.to_lowercase())
        .filter(|w| {
            !text::lexicon::TARGET_WORDS.contains(&w.as_str())
                && !text::lexicon::SOURCE_WORDS.contains(&w.as_str())
                && w != "code"
        })
        .collect();
    rest.len() < words.len()
        && !rest.is_empty()
        && rest.iter().all(|w| {
            let stem = text::stem(w);
            stem == term || (stem.len() >= 3 && term.starts_with(&stem))
        })
}

/// Whether `query` is a question that asks who ("Who is aboard ...?", "who won ..."): its first
/// sentence opens with "who" or "whom".
fn asks_who(query: &Query) -> bool {
    query.text.contains('?')
        && text::words(&query.text)
            .first()
            .is_some_and(|w| matches!(w.to_lowercase().as_str(), "who" | "whom"))
}

/// Whether `query` asks which of a thing there are ("find movies playing in Berkeley", "the
/// list of projects Adriel works on", "find a drama movie") and the method requires one of that
/// thing by name or id (`movie_name` of `GetTimesForMovie`, `project_name`), which the query
/// does not give as that thing: such a method tells about a thing the user already has; it does
/// not find which there are.
fn takes_one_of_what_is_asked(d: &index::MethodDoc, query: &Query) -> bool {
    let Some(head) = query
        .asked_thing
        .as_ref()
        .and_then(|t| t.last())
        .filter(|_| query.asked_any)
    else {
        return false;
    };
    // `movie_name`, or a bare `id` of a method named for the thing (`get_synthetic_location`;
    // a bare `name` may as well be whoever the thing belongs to, as of `user.mandates`).
    let names_head = d.subject_terms.contains(head);
    let identifies = |p: &schema::Param| {
        use text::lexicon::{ID_WORDS, NAME_FIELDS};
        let words = text::words(&p.name);
        let bare_id = words.iter().all(|w| ID_WORDS.contains(&w.as_str()));
        ((names_head && bare_id) || words.iter().any(|w| text::stem(w) == *head))
            && words.iter().all(|w| {
                let stem = text::stem(w);
                stem == *head
                    || ID_WORDS.contains(&w.as_str())
                    || NAME_FIELDS.contains(&stem.as_str())
            })
    };
    let wanted: Vec<&schema::Param> = d
        .params
        .iter()
        .filter(|p| p.required && identifies(p))
        .collect();
    if wanted.is_empty() {
        return false;
    }
    // A value bound from elsewhere in the request ("the Orinda Theatre") is not the one thing
    // the method wants; only a quoted one, or one the thing's word itself leads to ("a recipe
    // for pasta carbonara", "the movie Dune"), is given as that thing.
    let binding = bind::bind(&d.params, query, &d.topic_terms);
    // Where such a value stands: right after the thing's word, or after its "for" or naming word.
    let tokens = &query.tokens;
    let links = |at: usize| {
        tokens.get(at).is_some_and(|w| {
            let w = w.to_lowercase();
            w == "for" || text::lexicon::NAMING_WORDS.contains(&w.as_str())
        })
    };
    let led_to: Vec<usize> = (0..tokens.len())
        .filter(|h| text::terms(&tokens[*h]).first() == Some(head))
        .flat_map(|h| std::iter::once(h + 1).chain(links(h + 1).then_some(h + 2)))
        .collect();
    let given =
        |v: &str| query.quoted(v) || query.position_of(v).is_some_and(|at| led_to.contains(&at));
    wanted.iter().any(|p| {
        binding
            .arguments
            .get(&p.name)
            .and_then(Value::as_str)
            .is_none_or(|v| !given(v))
    })
}

/// Whether `query` writes a thing the method's name qualifies ([`index::MethodDoc::name_kinds`])
/// with a word of another kind of it right before ("soccer scores" for
/// `basketball_scores.get_scores`) or after its "of" ("the area of a triangle" for
/// `math.circle_area`), while it never names the method's kind and the method's
/// metadata never names the request's. Another kind is a plain lower-case word related in meaning
/// to the method's ([`text::semantic::RELATED`]) but not alike to it
/// ([`text::semantic::ALIKE`]: "film" for "movie") nor a shortening of it ("app" of
/// "application"): a word unrelated to it says something else ("baby shark song" names a song).
/// A word another method of the tool set is named for is another kind however far its meaning
/// ("flight tickets" for `Trains_1_GetTrainTickets` beside `Flights_4_SearchOnewayFlight`).
/// A word more related in meaning to the thing itself than to the method's kind word is one of
/// the thing, not a kind of it ("blue colors" for `mix_paint_color`: blue is a color).
fn names_other_kind(d: &index::MethodDoc, query: &Query, index: &MethodIndex) -> bool {
    let tokens = &query.tokens;
    // The words that may say what kind of the thing at `i` the query means: the one right before
    // it ("soccer scores"), and the one its "of" takes ("the area of a triangle").
    let kind_words = |i: usize| {
        let after_of = (tokens
            .get(i + 1)
            .is_some_and(|w| w.eq_ignore_ascii_case("of")))
        .then(|| {
            let at = i + 2;
            match tokens.get(at) {
                Some(w) if text::lexicon::DETERMINERS.contains(&w.to_lowercase().as_str()) => {
                    tokens.get(at + 1)
                }
                other => other,
            }
        })
        .flatten();
        i.checked_sub(1)
            .map(|b| &tokens[b])
            .into_iter()
            .chain(after_of)
    };
    d.name_kinds.iter().any(|k| {
        !query.terms.contains(&k.kind)
            && (0..tokens.len()).any(|i| {
                text::terms(&tokens[i]).first() == Some(&k.thing)
                    && kind_words(i).any(|word| {
                        let word = word.as_str();
                        if word.len() <= 2 || !word.chars().all(|c| c.is_ascii_lowercase()) {
                            return false;
                        }
                        let other = text::stem(word);
                        if other == k.kind
                            || word.starts_with(k.word.as_str())
                            || k.word.starts_with(word)
                            || d.terms.contains_key(&other)
                        {
                            return false;
                        }
                        // Meaning is looked up only for a word the cheap tests leave open.
                        let to_kind = text::semantic::similarity(word, &k.word);
                        let one_of_it = text::semantic::similarity(word, &tokens[i].to_lowercase())
                            .is_some_and(|s| {
                                s >= text::semantic::RELATED && to_kind.is_none_or(|k| s > k)
                            });
                        !one_of_it
                            && (to_kind.is_some_and(|s| {
                                (text::semantic::RELATED..text::semantic::ALIKE).contains(&s)
                            }) || index.docs.iter().any(|o| o.name_terms.contains(&other)))
                    })
            })
    })
}

/// Whether `query` names everything the method's name is about (`weather` for
/// `Weather_1_GetWeather`).
fn names_subject(d: &index::MethodDoc, query: &Query) -> bool {
    // A word of a name the query gives ("the Information Processing Laboratory") names that
    // thing, not the method's subject.
    // An abbreviation is named by the words it stands for ("greatest common divisor").
    // A word the request only uses as a verb ("What fees do you charge") names no thing.
    let named = |t: &String| {
        (query.terms.contains(t) && !query.only_as_verb(t))
            || d.spelled_out
                .get(t)
                .is_some_and(|words| words.iter().all(|w| query.terms.contains(w)))
    };
    !d.subject_terms.is_empty()
        && d.subject_terms.iter().all(named)
        && !query.named_only.iter().any(|t| d.subject_terms.contains(t))
}

/// Whether the method's name, or its metadata with weight, names the verb `verb` (a stem) as
/// what it does: a description that writes it only as done ("alarms the user has set") or as a
/// state ("delayed or cancelled") does not.
/// A method named for generating something makes what a request to create, draft or compose asks
/// for.
fn names_verb(d: &index::MethodDoc, verb: &str, wt: &Weights) -> bool {
    // A value a parameter offers ("open" of a `state` listing open and closed) is a state a
    // thing is in, not what the method does, unless its description says the verb as well.
    let only_a_choice = || {
        d.params.iter().any(|p| {
            p.choices
                .iter()
                .any(|c| text::terms(&c.label).iter().any(|t| t == verb))
        }) && !text::terms(&d.method().description)
            .iter()
            .any(|t| t == verb)
    };
    d.name_terms.contains(verb)
        || (d.terms.get(verb).is_some_and(|w| *w >= wt.names_verb)
            && !d.done_terms.contains(verb)
            && !only_a_choice())
        || (d.generates && text::lexicon::MAKING_VERBS.contains(&verb))
}

/// Why nothing can serve `query`, or `None` when something can.
fn missing_capability(
    index: &MethodIndex,
    query: &Query,
    scored: &[Scored],
    viable: &[&Scored],
    wt: &Weights,
) -> Option<MissingCapability> {
    // The `n` best-scoring methods; with `unsafe_first`, those that could act before those that
    // only read (stable otherwise).
    let nearest = |n: usize, unsafe_first: bool| -> Vec<NearMiss> {
        let mut near: Vec<&Scored> = scored.iter().filter(|s| s.score > 0.0).take(n).collect();
        if unsafe_first {
            near.sort_by_key(|s| s.doc.query_safe());
        }
        near.into_iter()
            .map(|s| NearMiss {
                tool_id: s.doc.tool.id.clone(),
                method: s.doc.method().name.clone(),
                score: round(s.score),
                why_not: if s.doc.query_safe() {
                    let missing: Vec<&str> = query
                        .terms
                        .iter()
                        .filter(|t| !s.matched.contains(t) && !text::chatter(t))
                        .map(|t| query.spelling(t))
                        .collect();
                    let covers = format!("covers {:.0}% of the query", s.coverage * 100.0);
                    if missing.is_empty() {
                        covers
                    } else {
                        format!("{covers}; nothing about: {}", missing.join(", "))
                    }
                } else {
                    format!("not query-safe: {}", s.doc.method().safety.reason)
                },
            })
            .collect()
    };
    // The words no query-safe method covers: none names them, in their own form, a near form or
    // other words alike in meaning ("film" is covered by a method about movies), nor takes them
    // as a value its metadata anchors. What a miss says is not served is what scoring found.
    let unmatched: Vec<String> = query
        .terms
        .iter()
        .filter(|t| {
            !text::chatter(t)
                && !scored
                    .iter()
                    .any(|s| s.doc.query_safe() && s.matched.contains(t))
        })
        .cloned()
        .collect();

    if index.docs.is_empty() {
        return Some(MissingCapability {
            reason: MissReason::NoTools,
            message: "no tool with any method is available for this request".into(),
            unmatched_terms: unmatched,
            nearest: Vec::new(),
            partial: None,
        });
    }
    // A request to act ("transfer ...", "send ...") is served only by a query-safe method that
    // itself does that; reading nearby data is not doing what was asked.
    if let Some(verb) = query.act.clone() {
        let names_verb = |d: &index::MethodDoc| names_verb(d, &verb, wt);
        // A method that claims to be query-safe yet does what a destructive request asks is a
        // contradiction: query mode treats it as unsafe.
        if text::destructive_verb(&verb)
            && let Some(liar) = index.docs.iter().find(|d| {
                d.query_safe()
                    && d.method().safety.basis != contract::SafetyBasis::Configured
                    && d.name_terms.contains(&verb)
            })
        {
            return Some(MissingCapability {
                reason: MissReason::ExecuteOnly,
                message: format!(
                    "the request asks to '{}'; {} claims to be read-only yet does that, a contradiction, so query mode treats it as unsafe",
                    query.spelling(&verb),
                    format_args!("{}.{}", liar.tool.id, liar.method().name)
                ),
                unmatched_terms: unmatched,
                nearest: nearest(5, true),
                partial: None,
            });
        }
        let safe_does_it = index.docs.iter().any(|d| d.query_safe() && names_verb(d));
        let unsafe_does_it = index.docs.iter().any(|d| !d.query_safe() && names_verb(d));
        if !safe_does_it && (unsafe_does_it || text::destructive_verb(&verb)) {
            let near = nearest(5, true);
            return Some(MissingCapability {
                reason: MissReason::ExecuteOnly,
                message: format!(
                    "the request asks to '{}', which only an execute-surface method could do; query mode never calls one",
                    query.spelling(&verb)
                ),
                unmatched_terms: unmatched,
                nearest: near,
                partial: None,
            });
        }
    }
    if viable.is_empty() {
        let reason = if scored
            .first()
            .is_some_and(|s| !s.doc.query_safe() && s.coverage >= wt.execute_only_coverage)
        {
            MissReason::ExecuteOnly
        } else {
            MissReason::NoRelevantMethod
        };
        return Some(MissingCapability {
            reason,
            message: if unmatched.is_empty() {
                "no query-safe method covers enough of the request".into()
            } else {
                let words: Vec<&str> = unmatched.iter().map(|t| query.spelling(t)).collect();
                format!("no query-safe method covers: {}", words.join(", "))
            },
            unmatched_terms: unmatched,
            nearest: nearest(3, false),
            partial: None,
        });
    }
    None
}

/// How the asks of a request with several are served.
#[derive(Debug, Clone)]
enum Compound {
    /// Every ask is served, by different methods: one interpretation whose `also` holds the
    /// others' calls, and each ask with the method that serves it.
    Served(Box<Interpretation>, Vec<AskServed>),
    /// Some asks no query-safe method serves: the miss that names them and the servable rest.
    Partial(MissingCapability),
}

/// The asks of `query` when it has several that differ in what serves them; `None` for a single
/// ask (or several that one method serves together, or none of which anything serves: the
/// whole-query rules decide those).
///
/// An ask that no method serves on its own still belongs to the request's main ask when the
/// method that serves the whole request covers at least half of its content words ("... and
/// make it cheap" is a modifier, not a request).
/// `whole_best` is the best viable method for the whole request, as the caller scored it.
fn compound(
    index: &MethodIndex,
    query: &Query,
    earlier: &[Query],
    whole_best: Option<&Scored>,
    config: &ProbeConfig,
) -> Option<Compound> {
    let parts = asks::split(&query.text);
    if parts.len() < 2 {
        return None;
    }
    let wt = &config.weights;
    // Each ask's best viable method (by its position in the index), or none. Only a part in the
    // form of a request may stand as an ask of its own; a statement of context, a clause that
    // points back, or one that shares words with the tools belongs to the main ask.
    let mut groups: Vec<(usize, Vec<&str>)> = Vec::new();
    let mut unserved: Vec<String> = Vec::new();
    // Statements of context, and clauses that point back: they join an ask once the asks are
    // known. Requests the main method covers are the main ask itself, or details of it.
    let mut context: Vec<&str> = Vec::new();
    let mut covered: Vec<&str> = Vec::new();
    // Asks of their own that point back at an earlier one's thing.
    let mut pointing: Vec<&str> = Vec::new();
    let main = whole_best.map(|w| doc_position(index, w.doc));
    // Whether a request-form ask came before: the first one is the request itself.
    let mut first = true;
    // Where in the index the method serving the first ask is.
    let mut first_served: Option<usize> = None;
    // Whether a statement of context was set aside.
    let mut statements = false;
    for (i, ask) in parts.iter().enumerate() {
        let part = ask.text.as_str();
        let back = asks::refers_back(part);
        if !asks::is_request(part) || (back && first_served.is_none()) {
            statements |= !asks::is_request(part);
            context.push(part);
            continue;
        }
        let n = usize::from(!std::mem::replace(&mut first, false));
        let q = Query::parse_on(part, query.today);
        let topic = asks::topic_terms(&q);
        let scored = score_all(index, &q, wt);
        // Each ask may take the values the whole request and the earlier turns give.
        let viability = Viability::new(index, &q, Some(query), earlier, config);
        let viable: Vec<&Scored> = scored
            .iter()
            .filter(|s| s.doc.query_safe() && viability.admits(s))
            .collect();
        // Served on its own: the first ask (the request itself) by a viable method, a further
        // one by a method that covers it adequately, or by another method than the first ask's
        // when that one covers none of its words ("Find thriller books and also recommend
        // thriller movies").
        // Whether `s` is another method than the first ask's, and that one names none of this
        // ask's words.
        // An ask of values alone ("... and example.org?") names no thing another method is
        // about.
        // The first ask's method, and how it scores on this ask.
        let first_doc = first_served.map(|at| &index.docs[at]);
        let first_here = first_doc.and_then(|d| scored.iter().find(|t| std::ptr::eq(t.doc, d)));
        let not_first = |s: &Scored| first_doc.is_some_and(|d| !std::ptr::eq(s.doc, d));
        let other_than_first = |s: &Scored| {
            !topic.is_empty()
                && not_first(s)
                && first_here.is_none_or(|t| {
                    // What the tool's description says of the whole API is no word of that
                    // method's ("Stories, comments and users of Hacker News"), unless the
                    // other method is a free-text search, which takes any words.
                    !topic.iter().any(|w| {
                        t.matched.contains(w)
                            && (!t.doc.tool_only_terms.contains(w) || s.doc.searches_free_text)
                    })
                })
        };
        // Or, for an ask added or put to the listener ("..., and show me how the EUR/JPY rate
        // moved"), by another method the first ask's method is not in contention with for it,
        // when each thing of the ask that method leaves unnamed is at least related in meaning
        // to it: "the opening hours of the city museum" is no market's, whatever hours they keep.
        let outranks_first = |s: &Scored| {
            !topic.is_empty()
                && (ask.added || asks::puts_to_listener(part))
                && things_of(&topic)
                    .iter()
                    .all(|t| s.matched.contains(t) || kin_in(index, s.doc, &q, t, wt, false))
                && not_first(s)
                && first_here.is_some_and(|t| t.score < s.score * wt.pool_margin)
        };
        let own = missing_capability(index, &q, &scored, &viable, wt)
            .is_none()
            .then(|| viable[0])
            .filter(|s| {
                n == 0
                    || s.coverage >= wt.adequate_coverage
                    || other_than_first(s)
                    || outranks_first(s)
            });
        // A request that points back at the first ask's thing ("... and give me some
        // synonyms for it", "... and also its MX records") is an ask of its own only when it is
        // put to the listener or added with "also", another method serves it and the first
        // ask's method names none of its words; else it qualifies the ask before it ("and only
        // those that include 'alpha'").
        // An ask added with "also" that another method than the first ask's serves adequately
        // on its own ("Also, what will it be like over the next 5 days?" after the weather now)
        // is an ask of its own, whatever it points back at.
        let added_own =
            ask.added && own.is_some_and(|o| not_first(o) && o.coverage >= wt.adequate_coverage);
        if back {
            // A thing of its own a determiner puts ("... and the results of round 3 that
            // season") that another method serves adequately and well above the first ask's is
            // asked for, whatever it points back at.
            let determined = asks::opens_with_determiner(part);
            let own_ask = added_own
                || own.is_some_and(|o| {
                    ((asks::puts_to_listener(part) || ask.added) && other_than_first(o))
                        || (determined
                            && o.coverage >= wt.adequate_coverage
                            && not_first(o)
                            && first_here.is_none_or(|t| t.score < o.score * wt.pool_margin))
                });
            if !own_ask {
                // One that asks to bring a thing of its own no tool's metadata names ("... and
                // also find a hotel near it") is an ask nothing serves, whatever it points back
                // at; a clause that only describes ("that are featuring ...") is no such ask.
                // So is a noun phrase joined by "and" that no tool names, whatever it points back
                // at ("... and a hotel near JFK for that night").
                let things = things_of(&topic);
                if own.is_none()
                    && ((ask.added
                        && asks::opens_with_bringing_verb(part)
                        && !things.is_empty()
                        && !shares_words_with_tools(index, &things))
                        || coordinated_unnamed_thing(index, query, &parts, i, &things, first_doc))
                {
                    unserved.push(ask.text.clone());
                } else {
                    context.push(part);
                }
                continue;
            }
            pointing.push(part);
        }
        // A further ask the first ask's method covers as well as any is a detail of the
        // request itself ("... a payment request to Mary for $200, and make sure it is
        // private").
        if n > 0
            && !added_own
            && let Some(at) = first_served
            && let Some(there) = scored.iter().find(|s| std::ptr::eq(s.doc, &index.docs[at]))
            && covers_half(there, &topic)
            && own.is_none_or(|o| {
                std::ptr::eq(o.doc, there.doc)
                    || o.coverage <= there.coverage
                    // A further ask that gives the method none of its values modifies the
                    // request rather than asks ("make sure it is private").
                    || gives_none(index, o, &q, 1)
            })
        {
            // A further ask of values alone that give the method every value it requires ("...
            // from Boston to New York, and from Boston to Philadelphia") asks the same again
            // for those values: a call of its own.
            let again = topic.is_empty() && {
                let b = bind::bind(&index.docs[at].params, &q, &index.docs[at].topic_terms);
                !b.arguments.is_empty() && b.missing.is_empty()
            };
            match groups.iter_mut().find(|(g, _)| *g == at) {
                Some(_) if again => groups.push((at, vec![part])),
                Some((_, texts)) => texts.push(part),
                None => {}
            }
            continue;
        }
        // A further ask that names a parameter of the first ask's method and gives it its value
        // ("... with mass 12 kg and volume 3 cubic meters?") is a value of that ask.
        if n > 0
            && !pointing.contains(&part)
            && let Some(at) = first_served
            && labels_own_value(&index.docs[at], &q)
            && let Some((_, texts)) = groups.iter_mut().find(|(g, _)| *g == at)
        {
            texts.push(part);
            continue;
        }
        // A further ask that is a phrase opened by a preposition and gives the first ask's
        // method a value ("... from New York to Los Angeles on April 23, and in business
        // class?") qualifies that ask: it is no request of its own.
        if n > 0
            && asks::opens_with_preposition(part)
            && let Some(at) = first_served
            && !bind::bind(&index.docs[at].params, &q, &index.docs[at].topic_terms)
                .arguments
                .is_empty()
            && let Some((_, texts)) = groups.iter_mut().find(|(g, _)| *g == at)
        {
            texts.push(part);
            continue;
        }
        // A further ask the main method covers is a detail of the main ask, unless another
        // method covers it better on its own (the first ask is the request itself: its own
        // method decides).
        if n > 0
            && let Some(w) = whole_best
            && covers_half(w, &topic)
        {
            let main_there = scored
                .iter()
                .find(|s| std::ptr::eq(s.doc, w.doc))
                .map_or(0.0, |s| s.coverage);
            if own.is_none_or(|o| std::ptr::eq(o.doc, w.doc) || o.coverage <= main_there) {
                covered.push(part);
                continue;
            }
        }
        let own = own.map(|s| doc_position(index, s.doc));
        // Something else entirely: asked for as a further request, about topics of its own that
        // no tool's metadata names.
        // Words that rate or date the thing ("the latest news") say nothing of what it is, and
        // a coordinator that adds ("and also the latest news about Tesla") puts one thing as a
        // request of its own.
        let things = things_of(&topic);
        let adds = ask.added && !part.trim_end().ends_with('?');
        // So is one put to the listener ("... and tell me the weather at Anfield on Saturday")
        // about things no tool names and none of which is even related in meaning to what the
        // first ask's method covers: "... and tell me the temperature and wind speed" details a
        // request for the weather.
        let unrelated_to_first = || {
            first_doc.is_some_and(|d| {
                things
                    .iter()
                    .all(|t| !d.terms.contains_key(t) && !kin_in(index, d, &q, t, wt, true))
            })
        };
        let put_elsewhere =
            asks::puts_to_listener(part) && !things.is_empty() && unrelated_to_first();
        let unnamed_thing = coordinated_unnamed_thing(index, query, &parts, i, &things, first_doc);
        let about_something_else = (((ask.added || put_elsewhere)
            && (things.len() >= 2
                || (!things.is_empty() && (adds || put_elsewhere || asks::wh_question(part)))))
            || unnamed_thing)
            && !shares_words_with_tools(index, &things);
        if n == 0 {
            first_served = own;
        }
        match (own, about_something_else) {
            (Some(at), _) => match groups.iter_mut().find(|(g, _)| *g == at) {
                Some((_, texts)) => texts.push(part),
                None => groups.push((at, vec![part])),
            },
            (None, true) => unserved.push(ask.text.clone()),
            (None, false) => context.push(part),
        }
    }
    if !covered.is_empty()
        && let Some(at) = main
    {
        match groups.iter_mut().find(|(g, _)| *g == at) {
            Some((_, texts)) => texts.extend(covered),
            None => groups.insert(0, (at, covered)),
        }
    }
    // Context joins the main ask when it is one of the asks, else the first ask.
    if !context.is_empty() {
        match groups
            .iter()
            .position(|(g, _)| Some(*g) == main)
            .or((!groups.is_empty()).then_some(0))
        {
            Some(g) => groups[g].1.extend(context),
            None => {
                if let Some(at) = main {
                    groups.push((at, context));
                }
            }
        }
    }
    // One ask, nothing unserved: a compound only when statements of context were set aside (the
    // method was chosen on the request without them).
    if groups.is_empty() || (groups.len() == 1 && unserved.is_empty() && !statements) {
        return None;
    }
    // In the order the request asks them.
    let order = |texts: &Vec<&str>| {
        texts
            .iter()
            .filter_map(|t| parts.iter().position(|a| a.text == *t))
            .min()
            .unwrap_or(usize::MAX)
    };
    groups.sort_by_key(|(_, texts)| order(texts));
    // One interpretation per serving method, bound on the words of its own asks.
    let mut served: Vec<(String, Interpretation)> = Vec::new();
    let mut detail_short = 0;
    for (at, texts) in &groups {
        let text = as_written(&query.text, &parts, texts);
        let q = Query::parse_on(&text, query.today);
        let doc = &index.docs[*at];
        let s = score_all(index, &q, wt)
            .into_iter()
            .find(|s| std::ptr::eq(s.doc, doc))?;
        let mut reading = interpretations(index, &s, &q).remove(0);
        // An ask that lacks a value on its own, neither points back ("its MX records") nor is
        // added ("... and also ...", a question of its own) and does not name what its method
        // is about ("Transfer through app balance.") may be a detail of the request as a whole.
        let put_as_ask = texts.iter().any(|t| {
            pointing.contains(t)
                || asks::names_owned_thing(t)
                || parts.iter().any(|a| a.text == *t && a.added)
        });
        if !reading.missing.is_empty() && !put_as_ask && !names_subject(doc, &q) {
            detail_short += 1;
        }
        // What an ask leaves unsaid ("the forecast for the next 3 days" after the weather in
        // Lisbon; "synonyms for it" after "Define laconic") is the value an earlier ask gives
        // the parameter of the same name.
        if !reading.missing.is_empty() {
            reading.missing.retain(|m| {
                let earlier = served
                    .iter()
                    .find_map(|(_, i)| i.arguments.get(&m.name).cloned());
                match earlier {
                    Some(value) => {
                        reading.arguments.insert(m.name.clone(), value);
                        false
                    }
                    None => true,
                }
            });
            relabel(&mut reading);
        }
        // A further ask of the same method takes what the earlier one gave and it leaves
        // unsaid: "the NS records of example.com and example.org" asks NS of both.
        if let Some((_, before)) = served
            .iter()
            .find(|(_, i)| i.tool_id == reading.tool_id && i.method == reading.method)
        {
            let unsaid: Vec<(String, Value)> = before
                .arguments
                .iter()
                .filter(|(k, _)| !reading.arguments.contains_key(*k))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            if !unsaid.is_empty() {
                for (k, v) in unsaid {
                    reading.missing.retain(|m| m.name != k);
                    reading.arguments.insert(k, v);
                }
                relabel(&mut reading);
            }
        }
        served.push((text, reading));
    }
    if unserved.is_empty() {
        // A required value missing in more than one ask cannot be asked for in one question.
        let short = served.iter().filter(|(_, i)| !i.missing.is_empty()).count();
        if short > 1 {
            return None;
        }
        // Nor is it a separate ask when the request as a whole gives its method everything
        // ("a private transaction to Emma for $50? Transfer through app balance." is one
        // payment, its method named by the whole).
        // An ask left short only until an earlier one's value filled it counts too, unless it
        // names what its method is about ("the forecast for the next 3 days").
        if (short == 1 || detail_short == 1)
            && let Some(w) = whole_best
            && interpretations(index, w, query)
                .first()
                .is_some_and(|i| i.missing.is_empty())
        {
            return None;
        }
        let asks = asks_served(&served, &[]);
        served.sort_by_key(|(_, i)| i.missing.is_empty());
        let mut parts = served.into_iter().map(|(_, i)| i);
        let mut combined = parts.next()?;
        combined.also = parts.collect();
        let ids: Vec<&str> = std::iter::once(combined.id.as_str())
            .chain(combined.also.iter().map(|i| i.id.as_str()))
            .collect();
        let canon = ids.join("\u{1f}");
        combined.id = format!("opt-{:012x}", fnv1a(&canon) & 0xffff_ffff_ffff);
        for other in &combined.also {
            combined.label = format!("{}; {}", combined.label, other.label);
            combined.description = format!("{}; {}", combined.description, other.description);
        }
        return Some(Compound::Served(Box::new(combined), asks));
    }
    let words: Vec<String> = unserved.iter().map(|u| format!("'{u}'")).collect();
    Some(Compound::Partial(MissingCapability {
        reason: MissReason::PartiallyServed,
        message: format!(
            "no query-safe method serves {} of this request; the rest can be answered",
            words.join(" or ")
        ),
        unmatched_terms: unserved
            .iter()
            .flat_map(|u| asks::content_terms(u))
            .collect(),
        nearest: Vec::new(),
        partial: Some(Box::new(PartialCoverage {
            unserved_parts: unserved,
            servable_parts: served,
        })),
    }))
}

/// Whether `doc`'s metadata names a word alike or related in meaning to the query term `term`
/// (at `asked_related` or above); with `own_only`, the method's own metadata, not what its
/// tool's description says of the whole API ("Access files ..." says nothing of a domain).
fn kin_in(
    index: &MethodIndex,
    doc: &index::MethodDoc,
    query: &Query,
    term: &str,
    wt: &Weights,
    own_only: bool,
) -> bool {
    let word = query.spelling(term).to_lowercase();
    index
        .kin(term, &word, wt.asked_related)
        .iter()
        .any(|(k, _)| doc.terms.contains_key(*k) && !(own_only && doc.tool_only_terms.contains(*k)))
}

/// The asks `texts` (some of `parts`, the asks of `request`) as the request writes them: in its
/// order, asks next to each other with the words between them ("... created. The image should
/// be ... with an elegant and highly detailed style."), asks apart joined by "and".
fn as_written(request: &str, parts: &[asks::Ask], texts: &[&str]) -> String {
    let words: Vec<&str> = request.split_whitespace().collect();
    let mut at: Vec<usize> = Vec::new();
    for t in texts {
        if let Some(i) = (0..parts.len()).find(|i| parts[*i].text == *t && !at.contains(i)) {
            at.push(i);
        }
    }
    at.sort_unstable();
    let mut runs: Vec<(usize, std::ops::Range<usize>)> = Vec::new();
    for i in at {
        let span = parts[i].words.clone();
        match runs.last_mut() {
            Some((last, run)) if *last + 1 == i => {
                *last = i;
                run.end = span.end;
            }
            _ => runs.push((i, span)),
        }
    }
    runs.into_iter()
        .filter_map(|(_, run)| words.get(run))
        .map(|w| asks::trimmed(&w.join(" ")).to_owned())
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Whether `query` gives the method `s` none of the values it requires, when it requires at
/// least `least` of them: neither itself nor through another method's call. Binding alone
/// settles most methods; the calls that could give a value are sought only when it finds none.
/// Whether `ask` names a required parameter of `doc` by every word of its name and gives it a
/// value: "volume 3 cubic meters" for `volume`.
fn labels_own_value(doc: &index::MethodDoc, ask: &Query) -> bool {
    let binding = bind::bind(&doc.params, ask, &doc.topic_terms);
    doc.params.iter().any(|p| {
        let own = text::terms(&p.name);
        p.required
            && !own.is_empty()
            && own.iter().all(|t| ask.terms.contains(t))
            && binding.arguments.contains_key(&p.name)
    })
}

fn gives_none(index: &MethodIndex, s: &Scored, query: &Query, least: usize) -> bool {
    let required: Vec<&str> = s
        .doc
        .params
        .iter()
        .filter(|p| p.required)
        .map(|p| p.name.as_str())
        .collect();
    if required.len() < least.max(1) {
        return false;
    }
    // Each required parameter left without a value, once: an object missing two of its own
    // fields (`dateRange.start`, `dateRange.end`) is one parameter not given.
    let none_given = |b: &bind::Binding| {
        required.iter().all(|r| {
            b.missing.iter().any(|m| {
                m.name == *r
                    || m.name
                        .strip_prefix(r)
                        .is_some_and(|rest| rest.starts_with(['.', '[']))
            })
        })
    };
    let mut binding = bind::bind(&s.doc.params, query, &s.doc.topic_terms);
    if !none_given(&binding) {
        return false;
    }
    chain(index, query, s.doc, &mut binding, MAX_CHAIN - 1);
    none_given(&binding)
}

/// The trace's view of a compound request's asks.
fn asks_served(served: &[(String, Interpretation)], unserved: &[String]) -> Vec<AskServed> {
    served
        .iter()
        .map(|(text, i)| AskServed {
            text: text.clone(),
            served_by: Some(format!("{}.{}", i.tool_id, i.method)),
        })
        .chain(unserved.iter().map(|u| AskServed {
            text: u.clone(),
            served_by: None,
        }))
        .collect()
}

/// Where `doc` sits in `index`: a method's identity within one request.
fn doc_position(index: &MethodIndex, doc: &index::MethodDoc) -> usize {
    index
        .docs
        .iter()
        .position(|d| std::ptr::eq(d, doc))
        .expect("a scored method is in its index")
}

/// Whether some query-safe method's metadata names at least half of `topic` (a part's topic
/// words) in its own words, not only its tool's: then the part is about what the tools do, not
/// something else entirely.
fn shares_words_with_tools(index: &MethodIndex, topic: &[String]) -> bool {
    index.docs.iter().any(|d| {
        d.query_safe()
            && topic
                .iter()
                .filter(|t| d.terms.contains_key(*t) && !d.tool_only_terms.contains(*t))
                .count()
                * 2
                >= topic.len()
    })
}

/// Whether ask `i` of `parts` is a thing merely coordinated with the first ask's, a noun phrase
/// of its own ("... and the head-to-head record of Arsenal and Chelsea"), that is something else:
/// no query-safe tool names any word of its `things`, two words at least. Only one joined by
/// "and" to a part that asks too ("My preferences include a modern style and a warm color
/// scheme" states values; "The style should be ..." is a sentence of its own), and not where the
/// first ask's method (`first_doc`) takes a list, whose items a request coordinates ("three
/// bottles of olive oil and a five pound bag of rice").
fn coordinated_unnamed_thing(
    index: &MethodIndex,
    query: &Query,
    parts: &[asks::Ask],
    i: usize,
    things: &[String],
    first_doc: Option<&index::MethodDoc>,
) -> bool {
    let ask = &parts[i];
    let noun_phrase = asks::opens_with_determiner(&ask.text);
    let after_request = i > 0 && asks::is_request(&parts[i - 1].text);
    let joined_by_and = ask.words.start.checked_sub(1).is_some_and(|before| {
        query
            .text
            .split_whitespace()
            .nth(before)
            .is_some_and(|w| w.eq_ignore_ascii_case("and"))
    });
    let takes_list =
        first_doc.is_some_and(|d| d.params.iter().any(|p| p.kind.as_deref() == Some("array")));
    noun_phrase
        && after_request
        && joined_by_and
        && !takes_list
        && things.len() >= 2
        && !things.iter().any(|t| {
            index
                .docs
                .iter()
                .any(|d| d.query_safe() && d.terms.contains_key(t))
        })
}

/// An ask's topic words without those that only rate or date the thing it asks for ("the
/// *latest* news about Tesla" is about news: [`text::lexicon::QUALIFIERS`]), unless those are
/// all it has.
fn things_of(topic: &[String]) -> Vec<String> {
    let things: Vec<String> = topic
        .iter()
        .filter(|t| {
            !text::lexicon::QUALIFIERS
                .iter()
                .any(|q| text::stem(q) == **t)
        })
        .cloned()
        .collect();
    if things.is_empty() {
        topic.to_vec()
    } else {
        things
    }
}

/// Whether the method `s` matched at least half of `topic` (a part's topic words: names and
/// numbers aside, since any method with a parameter takes those), counting only the words that
/// say what the thing is ([`things_of`]: a method for the latest stock price does not cover
/// "the latest news") and that its own metadata names (a store's description naming orders
/// does not make its product search cover "where my order is"); a part of values only is
/// covered.
fn covers_half(s: &Scored, topic: &[String]) -> bool {
    let topic = things_of(topic);
    let matched = topic
        .iter()
        .filter(|t| s.matched.contains(t) && !s.doc.tool_only_terms.contains(*t))
        .count();
    matched * 2 >= topic.len()
}

/// Whether `query` reads as a follow-up to an earlier turn: it points back ("the second one",
/// "and that?"), opens with "and", "also" or "then" or as an answer does ("yes, ..."), names at
/// most one thing ("in euros?"), or only gives values ("500 USD to EUR").
pub fn follows_up(query: &Query) -> bool {
    use text::lexicon::{ANSWER_OPENERS, FOLLOW_UP_OPENERS};
    let content = asks::content_terms(&query.text);
    // "Thank you, that's all": thanks and leave-taking alone close the conversation.
    let closing = |t: &String| text::lexicon::CLOSINGS.contains(&t.as_str());
    let thanks = text::words(&query.text)
        .iter()
        .any(|w| closing(&text::stem(&w.to_lowercase())));
    if thanks && content.iter().all(closing) {
        return false;
    }
    asks::refers_back(&query.text)
        || content.len() < 2
        || text::words(&query.text).first().is_some_and(|w| {
            FOLLOW_UP_OPENERS.contains(&w.as_str()) || ANSWER_OPENERS.contains(&w.as_str())
        })
        || opens_what_about(&query.text)
        || gives_only_values(query)
}

/// Whether every content word of `query` is a name or a number it gives ("From GBP to JPY, 300
/// of them", "ACC-104233"): values for a request made before, nothing asked of its own.
fn gives_only_values(query: &Query) -> bool {
    let names = query.name_terms();
    let numbers: HashSet<String> = query.numbers().into_iter().map(|(t, _)| t).collect();
    // The words of identifiers, which may open the turn ("ACC-104233").
    let coded: HashSet<String> = query
        .text
        .split_whitespace()
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
        .flat_map(text::terms)
        .collect();
    asks::content_terms(&query.text)
        .iter()
        .all(|t| names.contains(t) || numbers.contains(t) || coded.contains(t))
}

/// Whether `text` opens "What about ..." or "How about ...": it asks the same of something else.
/// The words a "what about" follow-up asks about ("What about dang?" gives "dang"): one to
/// three, none a stopword.
fn asked_about(turn: &Query) -> Option<String> {
    let words = text::words(&turn.text);
    let rest = words.get(2..)?;
    if !(1..=3).contains(&rest.len()) {
        return None;
    }
    rest.iter()
        .all(|w| !text::is_stopword(&w.to_lowercase()))
        .then(|| rest.join(" "))
}

fn opens_what_about(text: &str) -> bool {
    let words = text::words(text);
    matches!(
        words.as_slice(),
        [first, second, ..] if ["what", "how"].contains(&first.to_lowercase().as_str())
            && second.eq_ignore_ascii_case("about")
    )
}

/// What came before the current turn of a conversation.
#[derive(Debug, Clone, Copy, Default)]
pub struct Conversation<'a> {
    /// The user's earlier turns, oldest first.
    pub turns: &'a [String],
    /// The question the reply just before the current turn asked the user ("What amount and
    /// which currencies?"), if it asked one: the current turn then answers it ("500 USD to
    /// EUR"), is read with the turn that reply answered, whatever its words, and gives the
    /// parameters the question names ([`answer_asked`]).
    pub asked: Option<&'a str>,
    /// What the assistant said just before the current turn, whatever it said: the things it
    /// listed are what "the second one" points at ([`refer::resolve_position`]).
    pub told: Option<&'a str>,
}

/// A follow-up (`turn`) read after the earlier turn it follows (`last`): two sentences, so that
/// the earlier turn's last word and the follow-up's first never read as one name ("Inception
/// What").
pub fn joined(last: &str, turn: &str) -> String {
    let last = last.trim_end();
    if last.ends_with(['.', '?', '!']) {
        format!("{last} {turn}")
    } else {
        format!("{last}. {turn}")
    }
}

impl Conversation<'_> {
    /// `query` with a phrase pointing at a position in what the assistant just listed ("the
    /// second one") written as the thing listed there, when it has one.
    fn resolved(&self, query: &Query) -> Option<Query> {
        let told = self.told?;
        refer::resolve_position(&query.text, told).map(|text| Query::parse_on(&text, query.today))
    }

    /// Whether `query` replies to the assistant's question with values alone ("ACC-104233" after
    /// "Which account should I look at?"): it continues the request the question was about, even
    /// where its values alone would choose a method of their own.
    fn continued_by(&self, query: &Query) -> bool {
        self.asked.is_some() && answers(query) && gives_only_values(query)
    }

    /// Whether `reading`, a reading of `query` with the turn it follows, leaves out the change
    /// `query` asks for: unless the assistant asked something, a turn that asks for a change
    /// ("Can you book two seats on the first one?", "now move 200 from it to ACC-550190") is not
    /// served by a method that only reads what the earlier turn asked about (`search_trains`).
    /// Adding to what was asked ("Add Berlin too") changes nothing.
    fn drops_change(&self, index: &MethodIndex, query: &Query, reading: &Interpretation) -> bool {
        let asks_change = text::requested_actions(&query.text)
            .iter()
            .any(|verb| !text::lexicon::EXTENDING_VERBS.contains(&verb.as_str()));
        self.asked.is_none()
            && asks_change
            && doc_of(index, reading)
                .is_some_and(|d| !d.name_terms.iter().any(|t| text::mutating_verb(t)))
    }

    /// The last earlier user turn, when `query` reads as following it ([`follows_up`], or an
    /// answer to what was asked).
    pub fn followed<'t>(&'t self, query: &Query) -> Option<&'t str> {
        self.turns
            .last()
            .filter(|_| self.asked.is_some() || follows_up(query))
            .map(String::as_str)
    }
}

/// The probe in a conversation: the current turn decides. When it finds nothing to serve and
/// reads as a follow-up ([`Conversation::followed`]), it is read together with the last earlier
/// user turn; then parameters the chosen readings still lack are filled from earlier user turns,
/// most recent first.
pub fn run_in_conversation(
    index: &MethodIndex,
    query: &Query,
    conversation: Conversation,
    config: &ProbeConfig,
) -> ProbeReport {
    let resolved = conversation.resolved(query);
    let query = resolved.as_ref().unwrap_or(query);
    let earlier = parsed_turns(conversation.turns, query);
    let mut report = run_after(index, query, &earlier, config);
    // A follow-up that asks the same of something else ("What about line 7?" after the alerts on
    // line 4, where another method also takes a line but needs a stop) and alone would only ask
    // is read with the turn it follows too; that reading wins when it asks nothing.
    let only_asks = |r: &ProbeReport| {
        opens_what_about(&query.text)
            && r.missing_capability_signal.is_none()
            && r.execution_shortlist
                .first()
                .is_some_and(|i| !i.missing.is_empty())
    };
    let asked_alone = only_asks(&report);
    if (report.missing_capability_signal.is_some()
        || asked_alone
        || conversation.continued_by(query))
        && let Some(last) = conversation.followed(query)
    {
        let joined = run_after(
            index,
            &Query::parse_on(&joined(last, &query.text), query.today),
            &earlier,
            config,
        );
        let complete = |r: &ProbeReport| {
            r.execution_shortlist
                .first()
                .is_some_and(|i| i.missing.is_empty())
        };
        let drops_change = |r: &ProbeReport| {
            r.first_reading()
                .is_some_and(|i| conversation.drops_change(index, query, i))
        };
        if joined.missing_capability_signal.is_none()
            && (!asked_alone || complete(&joined))
            && !drops_change(&joined)
        {
            report = joined;
            for i in report
                .ambiguity_pool
                .iter_mut()
                .chain(report.execution_shortlist.iter_mut())
            {
                prefer_turn(index, i, query);
            }
        }
    }
    // An answer whose own words no method covers ("the Amazon rainforest is shrinking" as the
    // text to translate) answers the request the question was about: that request is read.
    if report.missing_capability_signal.is_some()
        && conversation.asked.is_some()
        && answers(query)
        && let Some((last, before)) = earlier.split_last()
    {
        let asked = run_after(index, last, before, config);
        if asked.missing_capability_signal.is_none() {
            report = asked;
        }
    }
    let then = OnceCell::new();
    for i in report
        .ambiguity_pool
        .iter_mut()
        .chain(report.execution_shortlist.iter_mut())
    {
        if let Some(question) = conversation.asked {
            answer_asked(index, i, question, query);
        }
        fill_from(index, i, &earlier, query, &then, config);
    }
    report
}

/// The earlier user turns of `query`'s conversation, parsed once for the request, on its day.
fn parsed_turns(history: &[String], query: &Query) -> Vec<Query> {
    history
        .iter()
        .map(|turn| Query::parse_on(turn, query.today))
        .collect()
}

/// The fast lane's pick in a conversation: as [`run_in_conversation`] does for the probe.
pub fn fast_pick_in_conversation(
    index: &MethodIndex,
    query: &Query,
    conversation: Conversation,
    config: &ProbeConfig,
) -> Result<Interpretation, MissingCapability> {
    let resolved = conversation.resolved(query);
    let query = resolved.as_ref().unwrap_or(query);
    let earlier = parsed_turns(conversation.turns, query);
    let continues = conversation.continued_by(query);
    let mut picked = match fast_pick_after(index, query, &earlier, config) {
        Ok(picked) if !continues => picked,
        alone => {
            let Some(last) = conversation.followed(query) else {
                return alone;
            };
            let reading = Query::parse_on(&joined(last, &query.text), query.today);
            let read = fast_pick_after(index, &reading, &earlier, config)
                .ok()
                .filter(|i| !conversation.drops_change(index, query, i))
                .ok_or(());
            match (read, alone) {
                (Ok(mut picked), _) => {
                    prefer_turn(index, &mut picked, query);
                    picked
                }
                (Err(_), Ok(picked)) => picked,
                // As the probe does: an answer no method covers answers the request asked about.
                (Err(_), Err(miss)) => match earlier.split_last() {
                    Some((last, before)) if conversation.asked.is_some() && answers(query) => {
                        fast_pick_after(index, last, before, config).map_err(|_| miss)?
                    }
                    _ => return Err(miss),
                },
            }
        }
    };
    if let Some(question) = conversation.asked {
        answer_asked(index, &mut picked, question, query);
    }
    fill_from(
        index,
        &mut picked,
        &earlier,
        query,
        &OnceCell::new(),
        config,
    );
    Ok(picked)
}

/// The indexed method `i` calls.
fn doc_of<'a>(index: &'a MethodIndex, i: &Interpretation) -> Option<&'a index::MethodDoc> {
    index
        .docs
        .iter()
        .find(|d| d.tool.id == i.tool_id && d.method().name == i.method)
}

/// In a reading of a follow-up (`turn`) with the turn it follows, the values the follow-up itself
/// gives for the method win over the earlier turn's ("And Microsoft?" after the price of Apple
/// asks Microsoft's): each parameter the follow-up alone binds takes its value, and a further
/// call (`also`) that then repeats this one is dropped ("And from Chicago to Denver?" after a
/// distance from New York is one call).
fn prefer_turn(index: &MethodIndex, i: &mut Interpretation, turn: &Query) {
    let Some(doc) = doc_of(index, i) else {
        return;
    };
    let binding = bind::bind(&doc.params, turn, &doc.topic_terms);
    // Read with the turn it follows, the request names two values of one parameter ("courses
    // in the fall? What about in the summer?"): the follow-up's value replaces the earlier one,
    // it is not one more to ask about.
    let mut changed = false;
    if let Some((name, values)) = &i.fan_out {
        match binding.arguments.get(name) {
            Some(own) if values.contains(own) && !adds_to(turn) => {
                i.arguments.insert(name.clone(), own.clone());
                i.fan_out = None;
                changed = true;
            }
            _ => return,
        }
    }
    // A parameter that takes the user's words as they are took the turn it followed: the
    // follow-up's words are not the text to work on ("Now into French").
    let free = |name: &str| {
        doc.params
            .iter()
            .any(|p| p.name == name && schema::is_free_text(p))
    };
    for (name, value) in &binding.arguments {
        let taken = i.arguments.get(name);
        if binding.leftover.as_ref() == Some(name)
            || free(name)
            || taken == Some(value)
            || taken.is_some_and(|v| contract::referred(v).is_some())
        {
            continue;
        }
        i.arguments.insert(name.clone(), value.clone());
        i.missing.retain(|m| m.name != *name);
        changed = true;
    }
    // "What about dang?" after the karma of the user pg: where the follow-up alone binds
    // nothing, the few words after its opener, none of which the method's metadata names, are
    // the value of the one parameter of plain names the earlier turn gave.
    if binding.arguments.is_empty()
        && opens_what_about(&turn.text)
        && let Some(value) =
            asked_about(turn).filter(|v| text::terms(v).iter().all(|t| !doc.terms.contains_key(t)))
    {
        let plain: Vec<&schema::Param> = doc
            .params
            .iter()
            .filter(|p| {
                p.choices.is_empty()
                    && p.pattern.is_none()
                    && p.format.is_none()
                    && p.temporal.is_none()
                    && p.kind.as_deref().is_none_or(|k| k == "string")
                    && !schema::is_free_text(p)
                    && i.arguments.get(&p.name).is_some_and(Value::is_string)
            })
            .collect();
        if let [p] = plain.as_slice() {
            i.arguments.insert(p.name.clone(), Value::String(value));
            changed = true;
        }
    }
    if changed {
        relabel(i);
    }
    let (tool, method, arguments) = (&i.tool_id, &i.method, &i.arguments);
    i.also
        .retain(|a| !(a.tool_id == *tool && a.method == *method && a.arguments == *arguments));
}

/// Whether a follow-up adds to what was asked ("... too?", "both", "as well") rather than asking
/// it of something else instead.
fn adds_to(turn: &Query) -> bool {
    turn.tokens.iter().enumerate().any(|(k, t)| {
        let lower = t.to_lowercase();
        text::lexicon::ADDING_WORDS.contains(&lower.as_str())
            || (lower == "well" && k > 0 && turn.tokens[k - 1].eq_ignore_ascii_case("as"))
    })
}

/// A reply (`reply`) to a question the assistant asked (`question`, "What is the tracking
/// number?") gives the parameters the question names, in the order it names them, over what the
/// turn before bound for them ("Check if a word is a palindrome" / "Which word?" / "level"): the
/// reply's parts ("$85, 15%", "Paris and Rome") one each, when there are as many parts as
/// parameters asked. When the question names none of them and `i` lacks one, or the method has
/// only one, the question asked for that one. A part is read as the parameter's value the way
/// the binder reads "tracking number: 1Z999" (a number, a date, one of the allowed values); a
/// parameter of plain text takes the part as written, after what introduces it ("It's", "My
/// email is"), and one asked for alone a name as written ("Seattle, WA").
fn answer_asked(index: &MethodIndex, i: &mut Interpretation, question: &str, reply: &Query) {
    let Some(doc) = doc_of(index, i).filter(|_| i.fan_out.is_none()) else {
        return;
    };
    // The question's words, with the attribute a "how" asks for beside its adjective ("How long
    // should it be?" asks the length).
    let question = Query::parse_on(question, reply.today);
    let attributes = question.attributes_asked();
    let asked_terms: Vec<&str> = question
        .terms
        .iter()
        .flat_map(|t| {
            let nouns = attributes
                .iter()
                .filter(move |(a, _)| a == t)
                .flat_map(|(_, n)| n);
            std::iter::once(t).chain(nouns).map(String::as_str)
        })
        .collect();
    // Each parameter the question names a word of, with its name's terms and where the question
    // first names one of them.
    let named: Vec<(usize, &schema::Param, Vec<String>)> = doc
        .params
        .iter()
        .filter(|p| {
            i.missing
                .iter()
                .all(|m| m.name != p.name || m.invalid.is_none())
        })
        .filter_map(|p| {
            let own = text::terms(&p.name);
            asked_terms
                .iter()
                .position(|t| own.iter().any(|o| o == t))
                .map(|at| (at, p, own))
        })
        .collect();
    // A parameter the question names in full ("the source language"), by its name or by the
    // few words that describe it ("your country of citizenship" of `citizenship`, "Country of
    // citizenship."), is what it asks for; another that shares only a word of that name
    // (`target_language` by "language", `destination_country` by "country") is not.
    let all_asked = |terms: &[String]| terms.iter().all(|o| asked_terms.contains(&o.as_str()));
    let described = |p: &schema::Param| {
        let terms = asks::content_terms(&p.description);
        (terms.len() <= 4 && all_asked(&terms)).then_some(terms)
    };
    let in_full = |p: &schema::Param, own: &[String]| all_asked(own) || described(p).is_some();
    let of_full_names: HashSet<String> = named
        .iter()
        .filter(|(_, p, own)| in_full(p, own))
        .flat_map(|(_, p, own)| own.iter().cloned().chain(described(p).unwrap_or_default()))
        .collect();
    let mut asked: Vec<(usize, &schema::Param)> = named
        .iter()
        .filter(|(_, p, own)| {
            in_full(p, own)
                || own
                    .iter()
                    .any(|o| asked_terms.contains(&o.as_str()) && !of_full_names.contains(o))
        })
        .map(|(at, p, _)| (*at, *p))
        .collect();
    // A question that names no parameter asks for the one still open only when the reply gives
    // values ("Blade Runner" after "Which one?"); a reply in the words of what the method is
    // about ("I would love to adopt a dog" after "How can I help?") is a request, not that value.
    let requests = || {
        asks::content_terms(&reply.text)
            .iter()
            .any(|t| doc.topic_terms.contains_key(t))
    };
    if asked.is_empty() && (gives_only_values(reply) || !requests()) {
        let open: Vec<&schema::Param> = i
            .missing
            .iter()
            .filter(|m| m.invalid.is_none())
            .filter_map(|m| doc.params.iter().find(|p| p.name == m.name))
            .collect();
        // The one parameter a method has is what any question about it asks for.
        if let [only] = open[..] {
            asked.push((0, only));
        } else if let [only] = &doc.params[..] {
            asked.push((0, only));
        }
    }
    asked.sort_by_key(|(at, _)| *at);
    // A parameter of plain text the question did not ask for does not take the reply as a whole
    // ("English" after "What is the source language?" is not the text to translate): it is open
    // again, for the turn the reply answers to fill. What the reply sets apart for it (a quote)
    // stays.
    let mut reopened = false;
    if !asked.is_empty() {
        for p in doc
            .params
            .iter()
            .filter(|p| schema::is_free_text(p) && !asked.iter().any(|(_, a)| a.name == p.name))
        {
            let taken_from_reply = i
                .arguments
                .get(&p.name)
                .and_then(Value::as_str)
                .is_some_and(|v| text::words(v) == text::words(&reply.text));
            if taken_from_reply {
                reopen(i, p);
                reopened = true;
            }
        }
    }
    if reopened {
        relabel(i);
    }
    // Two parameters the same word of the question names ("which languages?") have no order of
    // their own: the parts cannot be matched to them.
    if asked.windows(2).any(|w| w[0].0 == w[1].0) {
        return;
    }
    let mut parts = answer_parts(&reply.text);
    // "Yes, it's BA283": an opener alone is no part, unless it is the answer ("16, yes").
    while parts.len() > asked.len() && parts.first().is_some_and(|p| only_opener(p)) {
        parts.remove(0);
    }
    // "English, please": courtesy after the answer is no part either.
    while parts.len() > asked.len() && parts.last().is_some_and(|p| only_courtesy(p)) {
        parts.pop();
    }
    // A list asked for alone takes every part as an item ("chicken, rice and peppers" after
    // "What ingredients do you have?").
    if let [(_, p)] = asked[..]
        && p.kind.as_deref() == Some("array")
        && parts.len() > 1
    {
        let said = labelled(p, &reply.text, reply.today);
        let plain = p.item_kind.as_deref().is_none_or(|k| k == "string");
        let items = bind::bind(&doc.params, &said, &doc.topic_terms)
            .arguments
            .remove(&p.name)
            .filter(|v| v.as_array().is_some_and(|a| a.len() == parts.len()))
            .or_else(|| {
                plain.then(|| Value::Array(parts.iter().map(|s| Value::from(*s)).collect()))
            });
        if let Some(items) = items
            && give(i, &p.name, items)
        {
            relabel(i);
        }
        return;
    }
    // The words that say what is asked for `p`, which introduce its value ("The city is ..."):
    // the question's and the parameter's own.
    let known_for = |p: &schema::Param| -> Vec<String> {
        asked_terms
            .iter()
            .map(|t| (*t).to_owned())
            .chain(text::terms(&p.name))
            .chain(text::terms(&p.description))
            .collect()
    };
    // The reply as a whole, without the stop that ends it.
    let whole = reply.text.trim().trim_end_matches(['.', '!']).trim_end();
    // Text asked for alone is the whole reply, "and" and commas included ("Pride and
    // Prejudice" after "What is the title or author?").
    if let [(_, p)] = asked[..]
        && schema::is_free_text(p)
        && parts.len() > 1
    {
        if give(i, &p.name, Value::from(introduced(whole, &known_for(p)))) {
            relabel(i);
        }
        return;
    }
    // A name asked for alone is the reply as written, commas and all ("Seattle, WA", "United
    // Kingdom"): its words are not parts, nor is a capital that opens it only a sentence's.
    if let [(_, p)] = asked[..]
        && schema::takes_any_text(p)
        && !schema::is_free_text(p)
    {
        let known = known_for(p);
        // "In Austin, TX": the preposition that places it is no word of the name.
        let name = introduced(whole, &known);
        let name = unplaced(name);
        if written_as_name(name) {
            // The name is one value: a word of it the reply's own reading gave another
            // parameter ("Kingdom" as the category) is no value of that one, which is open
            // again for the turn the reply answers to fill.
            let words = text::words(name);
            let of_the_name: Vec<&schema::Param> = doc
                .params
                .iter()
                .filter(|o| o.name != p.name)
                .filter(|o| {
                    i.arguments
                        .get(&o.name)
                        .and_then(Value::as_str)
                        .is_some_and(|v| text::words(v).iter().all(|w| words.contains(w)))
                })
                .collect();
            for o in of_the_name {
                reopen(i, o);
            }
            give(i, &p.name, Value::from(name));
            relabel(i);
            return;
        }
    }
    if asked.is_empty() || parts.len() != asked.len() {
        return;
    }
    // What the reply binds on its own words stands where the part answering for it writes it
    // ("It weighs 5 kg and it's going to Berlin"); "Business, Japan" after "Which category, and
    // for which country?" is read part by part.
    let own = bind::bind(&doc.params, reply, &doc.topic_terms);
    let mut changed = false;
    for ((_, p), part) in asked.into_iter().zip(parts) {
        let known = known_for(p);
        let part = introduced(part, &known);
        // The text to work on is the part as written ("Thank you very much" to translate).
        if schema::is_free_text(p) {
            changed |= give(i, &p.name, Value::from(part));
            continue;
        }
        let in_part = |v: &Value| {
            let said = match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let words = text::words(part);
            text::words(&said)
                .iter()
                .all(|w| words.iter().any(|x| x.eq_ignore_ascii_case(w)))
        };
        if let Some(value) = own
            .arguments
            .get(&p.name)
            .filter(|v| own.leftover.as_ref() != Some(&p.name) && in_part(v))
        {
            changed |= give(i, &p.name, value.clone());
            continue;
        }
        let said = labelled(p, part, reply.today);
        let value = bind::bind(&doc.params, &said, &doc.topic_terms)
            .arguments
            .remove(&p.name)
            .or_else(|| {
                (p.kind.as_deref() == Some("boolean"))
                    .then(|| text::yes_or_no(part).map(Value::Bool))
                    .flatten()
            })
            .or_else(|| schema::takes_any_text(p).then(|| Value::String(part.to_owned())));
        if let Some(value) = value {
            changed |= give(i, &p.name, value);
        }
    }
    if changed {
        relabel(i);
    }
}

/// `i`'s id and description again, after its arguments changed.
fn relabel(i: &mut Interpretation) {
    i.id = interpretation_id(&i.tool_id, &i.method, &i.arguments);
    i.description = describe_call(&i.tool_id, &i.method, &i.arguments);
}

/// Whether a reply reads as an answer, not a request of its own: it asks nothing ("?") and asks
/// for no change ("Actually, book me a taxi").
fn answers(reply: &Query) -> bool {
    !reply.text.contains('?') && text::requested_actions(&reply.text).is_empty()
}

/// `value` for `name` in `i`, which then no longer lacks it; whether that changed `i`.
fn give(i: &mut Interpretation, name: &str, value: Value) -> bool {
    if i.arguments.get(name) == Some(&value) {
        return false;
    }
    i.arguments.insert(name.to_owned(), value);
    i.missing.retain(|m| m.name != name);
    true
}

/// `p` without a value in `i`: lacking, when it is required.
fn reopen(i: &mut Interpretation, p: &schema::Param) {
    i.arguments.remove(&p.name);
    if p.required && !i.missing.iter().any(|m| m.name == p.name) {
        i.missing.push(bind::MissingParam {
            name: p.name.clone(),
            description: p.description.clone(),
            choices: Vec::new(),
            invalid: None,
        });
    }
}

/// `text` as the binder reads a value written after the parameter's name ("tracking number:
/// 1Z999").
fn labelled(p: &schema::Param, text: &str, today: Option<chrono::NaiveDate>) -> Query {
    Query::parse_on(
        &format!("{}: {text}", text::words(&p.name).join(" ")),
        today,
    )
}

/// The parts of a reply that answers a question: split at commas, semicolons and "and", each
/// without the stop that ends it.
fn answer_parts(reply: &str) -> Vec<&str> {
    reply
        .split([',', ';'])
        .flat_map(|piece| piece.split(" and "))
        .map(|part| part.trim().trim_end_matches(['.', '!', '?']).trim_end())
        .filter(|part| !text::words(part).is_empty())
        .collect()
}

/// The value a part of an answer writes, after the words that introduce it: "it's 1Z999" →
/// "1Z999", "The recipient is anna@example.com" → "anna@example.com". Only words that say what
/// is asked (`known`: the question's and the parameter's) or none (a pronoun) introduce a
/// value; "the Amazon rainforest is shrinking" is the value as a whole.
fn introduced<'p>(part: &'p str, known: &[String]) -> &'p str {
    let lower = part.to_ascii_lowercase();
    let value = [
        " is ",
        "'s ",
        "\u{2019}s ",
        " are ",
        " am ",
        "'m ",
        "\u{2019}m ",
    ]
    .iter()
    .filter_map(|link| lower.find(link).map(|at| (at, at + link.len())))
    .min()
    .filter(|&(at, _)| text::terms(&part[..at]).iter().all(|t| known.contains(t)))
    .map(|(_, after)| part[after..].trim_start());
    // "I'm from India": the preposition that places the value is no part of it.
    value.map_or(part, unplaced)
}

/// `value` without the preposition that places it ("In Austin, TX", "from India").
fn unplaced(value: &str) -> &str {
    match value.split_once(' ') {
        Some((first, rest))
            if text::lexicon::SLOT_PREPOSITIONS.contains(&first.to_lowercase().as_str()) =>
        {
            rest
        }
        _ => value,
    }
}

/// Whether `text` is written as a name: two words or more, each capitalised (or a code in
/// capitals, or a number), with nothing but commas between them ("Seattle, WA", "United
/// Kingdom", "Los Angeles").
fn written_as_name(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    words.len() > 1
        && words.iter().all(|w| {
            let w = w.trim_end_matches(',');
            w.chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
                && w.chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '-' | '.' | '\''))
        })
}

/// Whether `part` only asks or thanks politely ("please", "thank you", "thanks a lot").
fn only_courtesy(part: &str) -> bool {
    text::words(part).iter().all(|w| {
        let w = w.to_lowercase();
        text::lexicon::COURTESY.contains(&w.as_str())
            || text::lexicon::CLOSINGS.contains(&text::stem(&w).as_str())
    })
}

/// Whether `part` is only an answer's opener ("Yes", "sure").
fn only_opener(part: &str) -> bool {
    text::words(part)
        .iter()
        .all(|w| text::lexicon::ANSWER_OPENERS.contains(&w.to_lowercase().as_str()))
}

/// Fills the parameters `i` lacks (never a refused value) from the earlier user turns (`earlier`,
/// oldest first): first with what the last turn's own reading gave a parameter of the same name
/// ("tomato" for `plant` after "When should I sow tomatoes in zone 7?", where the method now
/// asked about has no example to read "tomatoes" by), then, most recent first, binding the
/// method's parameters on each turn's words. A parameter whose thing the current turn leaves
/// unnamed on purpose ("one of my files", "a specific file", "another file") is not filled: the
/// earlier turns named another. `then` holds the last turn's reading once it is read, for every
/// interpretation of the request to share.
fn fill_from(
    index: &MethodIndex,
    i: &mut Interpretation,
    earlier: &[Query],
    query: &Query,
    then: &OnceCell<Option<ProbeReport>>,
    config: &ProbeConfig,
) {
    let fillable = |i: &Interpretation| i.missing.iter().any(|m| m.invalid.is_none());
    if !fillable(i) {
        return;
    }
    let Some(doc) = doc_of(index, i) else {
        return;
    };
    let unnamed: Vec<String> = i
        .missing
        .iter()
        .filter(|m| leaves_unnamed(query, &m.name))
        .map(|m| m.name.clone())
        .collect();
    // Each source gives the values it has for what `i` still lacks; a refused value and one the
    // current turn leaves unnamed on purpose are never given.
    let take = |i: &mut Interpretation, value: &dyn Fn(&MissingParam) -> Option<Value>| {
        let mut filled = false;
        i.missing.retain(|m| {
            let given = (m.invalid.is_none() && !unnamed.contains(&m.name))
                .then(|| value(m))
                .flatten();
            let found = given.is_some();
            if let Some(v) = given {
                i.arguments.insert(m.name.clone(), v);
                filled = true;
            }
            !found
        });
        if filled {
            relabel(i);
        }
        fillable(i)
    };
    let read = then.get_or_init(|| {
        earlier
            .split_last()
            .map(|(last, before)| run_after(index, last, before, config))
    });
    if let Some(then) = read.as_ref().and_then(ProbeReport::first_reading) {
        let given = |m: &MissingParam| {
            let v = then.arguments.get(&m.name)?;
            let p = doc.params.iter().find(|p| p.name == m.name)?;
            contract::referred(v)
                .is_none()
                .then(|| p.conform(v.clone()).ok())
                .flatten()
        };
        if !take(i, &given) {
            return;
        }
    }
    for turn in earlier.iter().rev() {
        let binding = bind::bind(&doc.params, turn, &doc.topic_terms);
        let given = |m: &MissingParam| {
            (binding.leftover.as_ref() != Some(&m.name))
                .then(|| binding.arguments.get(&m.name).cloned())
                .flatten()
        };
        if !take(i, &given) {
            return;
        }
    }
}

/// Whether `query` writes the thing parameter `name` is for as one it does not name: a word of
/// the parameter's name after a word that leaves it open ([`text::lexicon::UNNAMED_MARKERS`],
/// within three words: "one of my files", "a specific file", "another file").
fn leaves_unnamed(query: &Query, name: &str) -> bool {
    let own: HashSet<String> = text::terms(name)
        .into_iter()
        .filter(|t| !text::lexicon::NAME_FIELDS.contains(&t.as_str()))
        .collect();
    let tokens = &query.tokens;
    // What the query quotes is someone's words ("'I just executed another order'"), not how it
    // names the thing.
    let quoted = |from: usize, to: usize| {
        let phrase = tokens[from..=to].join(" ").to_lowercase();
        query
            .quotes
            .iter()
            .any(|q| q.to_lowercase().contains(&phrase))
    };
    query.mentions(&own).iter().any(|&at| {
        (at.saturating_sub(3)..at).any(|k| {
            let lower = tokens[k].to_lowercase();
            let opens = text::lexicon::UNNAMED_MARKERS.contains(&lower.as_str())
                || (lower == "one" && tokens[k + 1].eq_ignore_ascii_case("of"));
            opens && !quoted(k, at)
        })
    })
}

/// The fast lane's one-shot pick: the best viable method with its binding, no pools, no
/// clarification. `None` when nothing is viable.
pub fn fast_pick(
    index: &MethodIndex,
    q: &Query,
    config: &ProbeConfig,
) -> Result<Interpretation, MissingCapability> {
    fast_pick_after(index, q, &[], config)
}

/// [`fast_pick`] for a turn that comes after `earlier` ones.
fn fast_pick_after(
    index: &MethodIndex,
    q: &Query,
    earlier: &[Query],
    config: &ProbeConfig,
) -> Result<Interpretation, MissingCapability> {
    let scored = score_all(index, q, &config.weights);
    let viability = Viability::new(index, q, None, earlier, config);
    let mut viable: Vec<&Scored> = scored
        .iter()
        .filter(|s| s.doc.query_safe() && viability.admits(s))
        .collect();
    complete_first(index, q, &mut viable);
    match compound(index, q, earlier, viable.first().copied(), config) {
        Some(Compound::Served(combined, _)) => return Ok(*combined),
        Some(Compound::Partial(miss)) => return Err(miss),
        None => {}
    }
    if let Some(signal) = missing_capability(index, q, &scored, &viable, &config.weights) {
        return Err(signal);
    }
    Ok(interpretations(index, viable[0], q).remove(0))
}

/// Tool selection without pinned tools, over the index of every tool: the tools whose best method (safe or not: a miss should
/// name what came close) scores above zero, best first, at most `max`.
pub fn select_tools(
    q: &Query,
    index: &MethodIndex,
    max: usize,
    wt: &Weights,
) -> Vec<(Arc<ToolDescriptor>, f64)> {
    let mut best: Vec<(Arc<ToolDescriptor>, f64)> = Vec::new();
    for s in score_all(index, q, wt)
        .into_iter()
        .filter(|s| s.score > 0.0)
    {
        if !best.iter().any(|(t, _)| t.id == s.doc.tool.id) {
            best.push((Arc::clone(&s.doc.tool), round(s.score)));
        }
    }
    best.truncate(max);
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use contract::{MethodDescriptor, MethodMeta, QuerySafety, SafetyBasis};

    /// One tool whose methods are declared query-eligible, as a static catalog declares them.
    fn index(methods: &[(&str, &str, Value)]) -> MethodIndex {
        let with_outputs: Vec<(&str, &str, Value, Option<Value>)> = methods
            .iter()
            .map(|(n, d, s)| (*n, *d, s.clone(), None))
            .collect();
        index_with_outputs(&with_outputs)
    }

    /// [`index`] with output schemas.
    fn index_with_outputs(methods: &[(&str, &str, Value, Option<Value>)]) -> MethodIndex {
        index_of_tool("", methods)
    }

    /// [`index_with_outputs`] of a tool with a description of its own.
    fn index_of_tool(
        tool_description: &str,
        methods: &[(&str, &str, Value, Option<Value>)],
    ) -> MethodIndex {
        let methods = methods
            .iter()
            .map(|(name, description, schema, output)| MethodDescriptor {
                name: (*name).into(),
                description: (*description).into(),
                input_schema: schema.clone(),
                output_schema: output.clone(),
                meta: MethodMeta::default(),
                safety: QuerySafety {
                    query_safe: true,
                    basis: SafetyBasis::Declared,
                    reason: "declared query-eligible".into(),
                },
            })
            .collect();
        MethodIndex::build(&[Arc::new(ToolDescriptor {
            id: "svc".into(),
            title: "Service".into(),
            description: tool_description.into(),
            source: "test".into(),
            methods,
            schema_hash: None,
            schema_changed_at: None,
        })])
    }

    /// The method a report would run first, if any.
    fn first_shortlisted(report: &ProbeReport) -> Option<&str> {
        report
            .execution_shortlist
            .first()
            .map(|i| i.method.as_str())
    }

    /// Each call the first reading of `r` plans, with the value it gives `param`.
    fn planned_calls<'r>(r: &'r ProbeReport, param: &str) -> Vec<(&'r str, &'r Value)> {
        let first = &r.ambiguity_pool[0];
        std::iter::once(first)
            .chain(&first.also)
            .map(|i| (i.method.as_str(), &i.arguments[param]))
            .collect()
    }

    /// Why nothing serves `query` over `idx` with the default configuration, if nothing does.
    fn miss_of(idx: &MethodIndex, query: &str) -> Option<MissingCapability> {
        run(idx, &Query::parse(query), &ProbeConfig::default()).missing_capability_signal
    }

    fn city() -> Value {
        json!({"type": "object", "properties": {"city": {"type": "string", "description": "City name"}},
            "required": ["city"]})
    }

    fn music() -> Vec<(&'static str, &'static str, Value)> {
        vec![
            (
                "get_album_tracklist",
                "The tracklist of an album: every song in order.",
                json!({"type": "object", "properties": {"album": {"type": "string", "description": "Album title"}}, "required": ["album"]}),
            ),
            (
                "get_artist_biography",
                "The biography of a singer or band.",
                json!({"type": "object", "properties": {"artist": {"type": "string", "description": "Singer or band name"}}, "required": ["artist"]}),
            ),
        ]
    }

    #[test]
    fn a_method_named_for_the_thing_asked_for_is_anchored_whatever_values_surround_it() {
        let idx = index(&[
            (
                "estimate_drive_feasibility_by_mileage",
                "Part of a vehicle control system for the car's engine, doors and lights. \
                 Estimates the milage of the vehicle given the distance needed to drive.",
                json!({"type": "object", "properties": {
                    "distance": {"type": "number", "description": "The distance to travel in miles."}},
                    "required": ["distance"]}),
            ),
            (
                "estimate_distance",
                "Part of a vehicle control system for the car's engine, doors and lights. \
                 Estimates the distance between two cities.",
                json!({"type": "object", "properties": {
                    "cityA": {"type": "string", "description": "The zipcode of the first city."},
                    "cityB": {"type": "string", "description": "The zipcode of the second city."}},
                    "required": ["cityA", "cityB"]}),
            ),
            (
                "get_zipcode_based_on_city",
                "Part of a vehicle control system for the car's engine, doors and lights. \
                 Gets the zipcode based on the city.",
                city(),
            ),
        ]);
        let query = "Could you provide me with a rough distance from Rivermist (zip 83214) to \
                     Greenway (zip 74532)? I'm eager to plan a visit and need to know the travel \
                     distance.";
        let report = run(&idx, &Query::parse(query), &ProbeConfig::default());
        assert!(report.missing_capability_signal.is_none(), "{report:?}");
        assert_eq!(
            first_shortlisted(&report),
            Some("estimate_distance"),
            "{report:?}"
        );
    }

    #[test]
    fn a_method_that_needs_what_the_request_asks_for_does_not_serve_it() {
        let idx = index(&[(
            "convert_time",
            "Convert a clock time from one time zone to another.",
            json!({"type": "object", "required": ["time", "from_tz", "to_tz"], "properties": {
                "time": {"type": "string", "description": "Time as HH:MM"},
                "from_tz": {"type": "string", "description": "Source IANA time zone"},
                "to_tz": {"type": "string", "description": "Target IANA time zone"}}}),
        )]);
        assert!(miss_of(&idx, "What time is it in Tokyo right now?").is_some());
        // Given the time, the method has what it works from.
        let doc = &idx.docs[0];
        assert!(needs_what_is_asked(
            doc,
            &Query::parse("What time is it in Tokyo?")
        ));
        assert!(!needs_what_is_asked(
            doc,
            &Query::parse("What time is it in Tokyo when it is 14:30 in London?")
        ));
    }

    #[test]
    fn a_long_explanation_does_not_outweigh_the_ask_it_explains() {
        let idx = index(&[(
            "Services_4_FindProvider",
            "Find a suitable therapist in a specified city according to user's requirements.",
            json!({"type": "object", "required": ["city", "type"], "properties": {
                "city": {"type": "string", "description": "The city to search in."},
                "type": {"type": "string", "enum": ["Psychologist", "Family Counselor", "Psychiatrist"]}}}),
        )]);
        let query = "My family is having trouble processing the horrible gas explosion and traffic \
                     pile-up we witnessed. Would you please help me locate a therapist?";
        assert!(miss_of(&idx, query).is_none());
        // The context still counts: an ask the method does not serve stays a miss.
        let other = "My family is having trouble processing the horrible gas explosion and traffic \
                     pile-up we witnessed. Would you please book us a table for dinner?";
        assert!(miss_of(&idx, other).is_some());
    }

    #[test]
    fn a_span_from_now_is_a_value_of_a_method_that_counts_it() {
        let q = Query::parse("Will it rain over the next 3 days, or next week?");
        assert_eq!(
            spans_from_now(&q),
            [
                (
                    vec!["next".to_owned(), "3".to_owned(), "day".to_owned()],
                    "day".to_owned()
                ),
                (
                    vec!["next".to_owned(), "week".to_owned()],
                    "week".to_owned()
                ),
            ]
        );
        let forecast = |name: &str, description: &str| {
            (
                name.to_owned(),
                description.to_owned(),
                json!({"type": "object", "required": ["location", "days"], "properties": {
                    "location": {"type": "string", "description": "The city."},
                    "days": {"type": "integer", "description": "How many days ahead."}}}),
            )
        };
        let (n, d, schema) = forecast(
            "air_quality_forecast",
            "Retrieve an air quality forecast for a location.",
        );
        let air = index(&[(n.as_str(), d.as_str(), schema)]);
        // "next week" is the seven days the method counts, not a word it fails to name.
        assert!(
            miss_of(
                &air,
                "What will be the air quality index of New York for the next week?"
            )
            .is_none()
        );
        // A span alone does not make an unrelated method serve.
        let (n, d, schema) = forecast("weather_forecast", "Retrieve a weather forecast.");
        let weather = index(&[(n.as_str(), d.as_str(), schema)]);
        assert!(
            miss_of(
                &weather,
                "Predict the stock price for Google for the next 3 days."
            )
            .is_some()
        );
    }

    #[test]
    fn a_quantity_the_method_only_takes_is_not_what_it_answers() {
        let idx = index(&[(
            "calculate_maximum_height",
            "Calculate the maximum height an object will reach if it's thrown straight upwards \
             with an initial velocity.",
            json!({"type": "object", "required": ["initial_velocity"], "properties": {
                "initial_velocity": {"type": "number", "description": "The initial velocity in m/s."},
                "gravity": {"type": "number", "description": "The acceleration due to gravity, default 9.8."}}}),
        )]);
        // The acceleration is what the method works from (its optional `gravity`), not what it
        // works out, however many of its words the question shares.
        let asked = "What is the acceleration a ball will reach if it's thrown straight upwards \
                     with a velocity of 5 m/s?";
        assert!(miss_of(&idx, asked).is_some());
        assert!(takes_the_quantity_asked(&idx.docs[0], &Query::parse(asked)));
        // The height it gives is served.
        let height = "What is the maximum height a ball will reach if it's thrown straight \
                      upwards with a velocity of 5 m/s?";
        assert!(miss_of(&idx, height).is_none());
        // A thing some word of which the method gives is not only taken: a humidity forecast
        // that filters by a minimum level answers for the humidity level.
        let humidity = index(&[(
            "weather.humidity_forecast",
            "Retrieve a humidity forecast for a specific location and time frame.",
            json!({"type": "object", "required": ["location", "days"], "properties": {
                "location": {"type": "string", "description": "The city."},
                "days": {"type": "integer", "description": "Number of days for the forecast."},
                "min_humidity": {"type": "integer", "description": "Minimum level of humidity to filter by."}}}),
        )]);
        // A number parameter takes what its description leads with ("The year the song was
        // released" takes a year), not every word it writes.
        let music = index(&[(
            "Music_3_LookupMusic",
            "Discover songs that align with your musical preferences by specifying the album.",
            json!({"type": "object", "required": [], "properties": {
                "album": {"type": "string", "description": "The album title."},
                "year": {"type": "integer", "description": "The year the song was released."}}}),
        )]);
        let songs = Query::parse("Find me some songs from the album 'Halcyon' released in 2012");
        assert!(!takes_the_quantity_asked(&music.docs[0], &songs));
        // Nor is it what the method's description says it works from ("given ... an interest
        // rate"), beside the thing it leads with.
        let mortgage = index(&[(
            "calculate_mortgage_payment",
            "Calculate the monthly mortgage payment given the loan amount, loan term and annual \
             interest rate.",
            json!({"type": "object", "required": ["loan_amount", "loan_term", "annual_interest_rate"], "properties": {
                "loan_amount": {"type": "number", "description": "The loan amount."},
                "loan_term": {"type": "integer", "description": "The loan term in years."},
                "annual_interest_rate": {"type": "number", "description": "The annual interest rate."}}}),
        )]);
        assert!(
            miss_of(
                &mortgage,
                "Calculate the compounded interest for a principal amount of $10000, with an \
                 annual interest rate of 5% for a period of 3 years."
            )
            .is_some()
        );
        let level = Query::parse("What is the humidity level in Miami in the upcoming 7 days?");
        assert!(!takes_the_quantity_asked(&humidity.docs[0], &level));
        assert!(
            miss_of(
                &humidity,
                "What is the humidity level in Miami in the upcoming 7 days?"
            )
            .is_none()
        );
    }

    #[test]
    fn a_path_is_one_value_however_many_words_its_parts_spell() {
        for path in [
            "/root/txt/Android.txt",
            "~/notes/todo.md",
            "./src/main.rs",
            "/etc/hosts",
            "C:\\Users\\me",
        ] {
            assert!(query::written_path(path), "{path}");
        }
        for not_path in ["km/h", "and/or", "tokio-rs/axum", "/", "/login", "1/2"] {
            assert!(!query::written_path(not_path), "{not_path}");
        }
        let files = index(&[(
            "get_text_file_contents",
            "Read the contents of a text file, optionally a range of lines.",
            json!({"type": "object", "properties": {
                "path": {"type": "string", "description": "Path to the file"},
                "line": {"type": "integer", "description": "Line number"}},
                "required": ["path"]}),
        )]);
        assert!(miss_of(&files, "Get line 10 of /root/txt/Android.txt").is_none());
    }

    #[test]
    fn times_between_two_numbers_multiplies_and_asks_no_time() {
        let two = json!({"type": "object", "properties": {
            "a": {"type": "number", "description": "First factor"},
            "b": {"type": "number", "description": "Second factor"}}, "required": ["a", "b"]});
        let clock = (
            "getCurrentTime",
            "Returns the current local time in ISO 8601 format.",
            json!({"type": "object", "properties": {}}),
        );
        let product = (
            "CalcProduct",
            "Calculates the product of two numeric values.",
            two,
        );
        let q = "How much is 394 times 213?";
        assert!(miss_of(&index(std::slice::from_ref(&clock)), q).is_some());
        let report = run(
            &index(&[clock.clone(), product]),
            &Query::parse(q),
            &ProbeConfig::default(),
        );
        assert_eq!(
            first_shortlisted(&report),
            Some("CalcProduct"),
            "{report:?}"
        );
        // Anywhere else the word is about time.
        assert!(miss_of(&index(&[clock]), "What time is it now?").is_none());
    }

    #[test]
    fn a_request_for_the_opposite_of_what_a_method_is_named_for_is_not_served() {
        let game = json!({"type": "object", "properties": {"game_name": {"type": "string",
            "description": "The name of the game"}}, "required": ["game_name"]});
        let scores = index(&[(
            "game_tracker.high_score",
            "Retrieves the highest score recorded in the specified game.",
            game.clone(),
        )]);
        for q in [
            "What's the lowest score in the Flappy Bird game?",
            "Show me the low score of Tetris",
        ] {
            assert!(miss_of(&scores, q).is_some(), "{q}");
        }
        assert!(miss_of(&scores, "What's the highest score in the Flappy Bird game?").is_none());
        // Metadata that writes both sides serves either.
        let port = json!({"type": "object", "properties": {"port": {"type": "string",
            "description": "The port"}}, "required": ["port"]});
        let tides = index(&[(
            "high_tide_times",
            "Times of high and low tide at a port.",
            port,
        )]);
        assert!(miss_of(&tides, "When is low tide at the port of Dover?").is_none());
    }

    #[test]
    fn what_a_method_s_name_works_from_is_not_what_it_gives() {
        let calories = index(&[(
            "get_calories_in_recipe",
            "Calculate the total calories in a given recipe based on its ingredients.",
            json!({"type": "object", "properties": {"ingredients": {"type": "array",
                "items": {"type": "string"}, "description": "The ingredients"}},
                "required": ["ingredients"]}),
        )]);
        assert!(miss_of(&calories, "What's the recipe for lasagna?").is_some());
        // Asked for what it gives, the same method serves.
        assert!(
            miss_of(
                &calories,
                "What are the calories in a recipe of flour, eggs and milk?"
            )
            .is_none()
        );
        let movies = index(&[
            (
                "GetTimesForMovie",
                "Show times of a movie at a theater on a date.",
                json!({"type": "object", "properties": {
                    "movie_name": {"type": "string", "description": "The movie"},
                    "location": {"type": "string", "description": "City"}},
                    "required": ["movie_name", "location"]}),
            ),
            (
                "FindMovies",
                "Search for movies playing in a city.",
                json!({"type": "object", "properties": {
                    "location": {"type": "string", "description": "City"}},
                    "required": ["location"]}),
            ),
        ]);
        let report = run(
            &movies,
            &Query::parse("Find a movie to watch in Saratoga this weekend"),
            &ProbeConfig::default(),
        );
        assert_eq!(first_shortlisted(&report), Some("FindMovies"), "{report:?}");
    }

    #[test]
    fn opening_the_thing_a_method_shows_views_it_and_opening_a_new_one_does_not() {
        let profiles = index(&[
            (
                "view_service_provider_profile",
                "Retrieve and display the profile of a service provider.",
                json!({"type": "object", "properties": {"professional_id": {"type": "integer",
                    "description": "The provider's ID"}}, "required": ["professional_id"]}),
            ),
            (
                "view_ticket",
                "Show a support ticket by its number.",
                json!({"type": "object", "properties": {"ticket_id": {"type": "integer",
                    "description": "The ticket number"}}, "required": ["ticket_id"]}),
            ),
        ]);
        let report = run(
            &profiles,
            &Query::parse("Open service provider profile id:7434"),
            &ProbeConfig::default(),
        );
        assert!(report.missing_capability_signal.is_none(), "{report:?}");
        assert_eq!(
            first_shortlisted(&report),
            Some("view_service_provider_profile"),
            "{report:?}"
        );
        assert!(miss_of(&profiles, "Open the ticket 5512").is_none());
        // A thing an indefinite article brings is one to make, which no method here does.
        for q in ["Open a ticket for my broken laptop", "Open a new ticket"] {
            assert!(miss_of(&profiles, q).is_some(), "{q}");
        }
    }

    #[test]
    fn a_question_for_who_is_served_only_by_a_method_about_people() {
        let space = |with_people: bool| {
            let mut methods = vec![(
                "iss_position",
                "Current latitude and longitude of the International Space Station.",
                json!({"type": "object", "properties": {}}),
            )];
            if with_people {
                methods.push((
                    "astronauts_in_space",
                    "People currently in space and their spacecraft.",
                    json!({"type": "object", "properties": {}}),
                ));
            }
            index(&methods)
        };
        let q = "Who is currently aboard the space station?";
        assert!(miss_of(&space(false), q).is_some());
        let report = run(
            &space(true),
            &Query::parse("Who is in space right now?"),
            &ProbeConfig::default(),
        );
        assert_eq!(
            first_shortlisted(&report),
            Some("astronauts_in_space"),
            "{report:?}"
        );
        // Where the station is stays the position's.
        assert!(miss_of(&space(false), "Where is the space station right now?").is_none());
    }

    #[test]
    fn a_sibling_that_reads_a_destination_as_something_else_does_not_go_first() {
        let idx = index(&[
            (
                "searchFlights",
                "Search flights between two airports on a date.",
                json!({"type": "object", "required": ["origin", "destination", "date"],
                    "properties": {
                        "origin": {"type": "string", "description": "Departure airport"},
                        "destination": {"type": "string", "description": "Arrival airport"},
                        "date": {"type": "string", "format": "date"}}}),
            ),
            (
                "getBaggagePolicy",
                "Baggage allowance of an airline.",
                json!({"type": "object", "required": ["airline"], "properties": {
                    "airline": {"type": "string", "description": "Airline name or IATA code"}}}),
            ),
        ]);
        let report = run(
            &idx,
            &Query::parse("Find me a flight to Rome"),
            &ProbeConfig::default(),
        );
        let first = report.execution_shortlist.first().expect("a reading");
        assert_eq!(first.method, "searchFlights", "{report:?}");
        assert_eq!(first.arguments.get("destination"), Some(&json!("Rome")));
    }

    #[test]
    fn an_owner_and_its_thing_written_as_one_is_a_value_its_schema_names() {
        let repo = json!({"type": "object", "required": ["owner", "repo"], "properties": {
            "owner": {"type": "string", "description": "Repository owner"},
            "repo": {"type": "string", "description": "Repository name"}}});
        let idx = index(&[
            (
                "get_repository",
                "Repository details: description, stars, forks, language.",
                repo.clone(),
            ),
            ("list_issues", "List issues of a repository.", repo),
        ]);
        let report = run(
            &idx,
            &Query::parse("How many stars does tokio-rs/axum have?"),
            &ProbeConfig::default(),
        );
        let first = report.execution_shortlist.first();
        assert_eq!(
            first.map(|i| i.method.as_str()),
            Some("get_repository"),
            "{report:?}"
        );
        assert_eq!(
            first.and_then(|i| i.arguments.get("repo")),
            Some(&json!("axum"))
        );
    }

    #[test]
    fn two_words_the_metadata_writes_as_one_name_that_word() {
        let idx = index(&[
            (
                "sun_times",
                "Sunrise and sunset times at a location on a date.",
                json!({"type": "object", "required": ["lat", "lng"], "properties": {
                    "lat": {"type": "number", "description": "Latitude"},
                    "lng": {"type": "number", "description": "Longitude"},
                    "date": {"type": "string", "format": "date", "description": "Date"}}}),
            ),
            (
                "moon_phase",
                "Phase of the moon on a date.",
                json!({"type": "object", "required": ["date"], "properties": {
                    "date": {"type": "string", "format": "date", "description": "Date"}}}),
            ),
        ]);
        let report = run(
            &idx,
            &Query::parse("When does the sun rise at 48.85, 2.35 on 2025-03-01?"),
            &ProbeConfig::default(),
        );
        let first = report.execution_shortlist.first();
        assert_eq!(
            first.map(|i| i.method.as_str()),
            Some("sun_times"),
            "{report:?}"
        );
        assert_eq!(
            first.and_then(|i| i.arguments.get("lat")),
            Some(&json!(48.85))
        );
        // Words that make no word of the metadata together still name nothing.
        assert!(miss_of(&idx, "When does the tide rise at 48.85, 2.35?").is_some());
    }

    #[test]
    fn a_name_of_several_words_weighs_as_one_value() {
        let idx = index(&[
            (
                "quote_of_the_day",
                "Today's inspirational quote.",
                json!({"type": "object", "properties": {}}),
            ),
            (
                "by_author",
                "Quotes by a given author.",
                json!({"type": "object", "required": ["author"],
                    "properties": {"author": {"type": "string", "description": "Author name"}}}),
            ),
        ]);
        let report = run(
            &idx,
            &Query::parse("Give me some quotes by Martin Luther King"),
            &ProbeConfig::default(),
        );
        let first = report.execution_shortlist.first();
        assert_eq!(
            first.map(|i| i.method.as_str()),
            Some("by_author"),
            "{report:?}"
        );
        assert_eq!(
            first.and_then(|i| i.arguments.get("author")),
            Some(&json!("Martin Luther King"))
        );
        // A name alone still anchors nothing.
        assert!(miss_of(&idx, "Tell me about Maya Angelou").is_some());
    }

    #[test]
    fn a_word_no_language_knows_that_the_binder_takes_is_a_value() {
        let package = || {
            json!({"type": "object", "required": ["name"],
                "properties": {"name": {"type": "string", "description": "Package name"}}})
        };
        let idx = index(&[
            (
                "package_info",
                "Latest version, description, license and maintainers of an npm package.",
                package(),
            ),
            (
                "package_downloads",
                "Download counts of a package for a period.",
                package(),
            ),
        ]);
        let report = run(
            &idx,
            &Query::parse("What license does the lodash package use?"),
            &ProbeConfig::default(),
        );
        let first = report.execution_shortlist.first();
        assert_eq!(
            first.map(|i| i.method.as_str()),
            Some("package_info"),
            "{report:?}"
        );
        assert_eq!(
            first.and_then(|i| i.arguments.get("name")),
            Some(&json!("lodash"))
        );
        // A word the language knows is no value on that ground alone.
        assert!(miss_of(&idx, "What license does the garden package use?").is_some());
    }

    #[test]
    fn a_currency_parameter_takes_a_currency_not_an_amount() {
        let idx = index(&[
            (
                "latest_rates",
                "Latest exchange rates for a base currency.",
                json!({"type": "object", "required": ["base"], "properties": {
                    "base": {"type": "string", "description": "Base currency code, e.g. USD"}}}),
            ),
            (
                "convert",
                "Convert an amount between two currencies.",
                json!({"type": "object", "required": ["from", "to", "amount"], "properties": {
                    "from": {"type": "string", "description": "Source currency code"},
                    "to": {"type": "string", "description": "Target currency code"},
                    "amount": {"type": "number", "description": "Amount"}}}),
            ),
        ]);
        let report = run(
            &idx,
            &Query::parse("How much is 100 in euros?"),
            &ProbeConfig::default(),
        );
        let best = report.execution_shortlist.first().expect("a reading");
        assert_eq!(best.method, "convert", "{report:?}");
        assert!(best.missing.iter().any(|m| m.name == "from"), "{best:?}");
    }

    #[test]
    fn of_two_methods_for_one_reading_the_one_the_request_fills_goes_first() {
        let weather = index(&[
            (
                "get_weather",
                "Get current weather and forecast for a specific location.",
                json!({"type": "object", "properties": {
                    "latitude": {"type": "number"}, "longitude": {"type": "number"},
                    "location_name": {"type": "string", "description": "Name shown for the location"}},
                    "required": ["latitude", "longitude"]}),
            ),
            (
                "get_weather_by_city",
                "Weather and forecast for a city, by its name.",
                city(),
            ),
        ]);
        let q = Query::parse("What is the weather forecast for Beijing?");
        let r = run(&weather, &q, &ProbeConfig::default());
        assert_eq!(r.ranked_methods[0].method, "get_weather", "{r:?}");
        let first = &r.ambiguity_pool[0];
        assert_eq!(
            (first.method.as_str(), &first.arguments["city"]),
            ("get_weather_by_city", &json!("Beijing")),
            "{r:?}"
        );
        assert_eq!(
            fast_pick(&weather, &q, &ProbeConfig::default())
                .map(|i| i.method)
                .ok()
                .as_deref(),
            Some("get_weather_by_city")
        );
        // With the coordinates given, the best method stays first.
        let r = run(
            &weather,
            &Query::parse("What's the current weather at latitude 39.9 and longitude 116.4?"),
            &ProbeConfig::default(),
        );
        assert_eq!(r.ambiguity_pool[0].method, "get_weather", "{r:?}");
    }

    #[test]
    fn the_text_of_a_request_set_apart_into_asks_is_bound_as_written() {
        let images = index(&[(
            "generate_image",
            "Creates an image from a text prompt, in the style and quality asked for",
            json!({"type": "object", "properties": {
                "prompt": {"type": "string", "description": "What the image should show"}},
                "required": ["prompt"]}),
        )]);
        // Sentences and a coordinated clause: the prompt keeps their order and their words.
        let request = "I'd like an image created. It should show a lighthouse on a cliff, \
                       with a calm and detailed style. The sky should be orange at sunset.";
        let r = run(&images, &Query::parse(request), &ProbeConfig::default());
        let best = r.ambiguity_pool.first().expect("served");
        assert_eq!(best.arguments["prompt"], json!(request), "{r:?}");
    }

    #[test]
    fn a_date_is_one_value_for_a_method_that_takes_one_and_unserved_words_for_one_that_does_not() {
        let sun = index(&[(
            "get_sun_times",
            "Sunrise and sunset times for a city",
            json!({"type": "object", "properties": {
                "city": {"type": "string"},
                "date": {"type": "string", "format": "date"}}, "required": ["city", "date"]}),
        )]);
        // Three words of a date are one value for a method that takes a date: the request is
        // about the sunrise, which the method serves.
        let r = run(
            &sun,
            &Query::parse("Sunrise in Oslo on the 21st of December 2026"),
            &ProbeConfig::default(),
        );
        assert!(
            r.missing_capability_signal.is_none(),
            "{:?}",
            r.ranked_methods
        );
        let adequate = ProbeConfig::default().weights.adequate_coverage;
        assert!(
            r.ranked_methods[0].coverage >= adequate,
            "{:?}",
            r.ranked_methods
        );
        // A method that takes no date leaves every word of it unserved.
        let price = index(&[(
            "get_price",
            "Current price of a coin",
            json!({"type": "object", "properties": {"coin": {"type": "string", "enum": ["BTC", "ETH"],
                "description": "BTC (Bitcoin), ETH (Ethereum)"}}, "required": ["coin"]}),
        )]);
        let r = run(
            &price,
            &Query::parse("What was the Ethereum price on the 1st of March 2024?"),
            &ProbeConfig::default(),
        );
        let viable = ProbeConfig::default().weights.viable_coverage;
        assert!(
            r.ranked_methods[0].coverage < viable,
            "{:?}",
            r.ranked_methods
        );
    }

    /// A dictionary's definitions and synonyms, each taking a `word`.
    fn dictionary() -> MethodIndex {
        let word = || {
            json!({"type": "object", "required": ["word"], "properties": {
                "word": {"type": "string", "description": "The word"}}})
        };
        index(&[
            ("define_word", "Dictionary definitions of a word.", word()),
            (
                "get_synonyms",
                "Words with the same or a similar meaning.",
                word(),
            ),
        ])
    }

    #[test]
    fn an_ask_that_points_back_takes_the_value_of_the_ask_it_points_at() {
        let idx = dictionary();
        let r = run(
            &idx,
            &Query::parse("Define laconic and give me some synonyms for it"),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.ambiguity_pool.len(), 1, "{r:?}");
        assert_eq!(
            planned_calls(&r, "word"),
            [
                ("define_word", &json!("laconic")),
                ("get_synonyms", &json!("laconic"))
            ]
        );
        assert!(
            r.ambiguity_pool[0]
                .also
                .iter()
                .all(|i| i.missing.is_empty()),
            "{r:?}"
        );
        assert_eq!(r.asks.len(), 2);
    }

    #[test]
    fn a_thing_of_someone_named_before_is_an_ask_of_its_own_and_takes_their_value() {
        let mut methods = music();
        methods.push((
            "find_albums",
            "Find albums by an artist.",
            json!({"type": "object", "properties": {"artist": {"type": "string", "description": "Artist name"}}, "required": ["artist"]}),
        ));
        let idx = index(&methods);
        for request in [
            "Give me the biography of Adele and list her albums",
            "Show me the biography of Adele. Also find her albums.",
        ] {
            let q = Query::parse(request);
            let r = run(&idx, &q, &ProbeConfig::default());
            assert!(r.missing_capability_signal.is_none(), "{request}: {r:?}");
            assert_eq!(
                planned_calls(&r, "artist"),
                [
                    ("get_artist_biography", &json!("Adele")),
                    ("find_albums", &json!("Adele"))
                ],
                "{request}"
            );
        }
        // A pronoun that is no possessive qualifies the ask before it.
        assert!(!asks::names_owned_thing("sort them by date"));
        assert!(asks::names_owned_thing("check their reviews"));
    }

    #[test]
    fn a_code_no_parameter_takes_is_a_thing_the_method_cannot_be_asked_about() {
        let idx = index(&[(
            "search_events",
            "Search for upcoming events in a city by category.",
            json!({"type": "object", "required": ["city"], "properties": {
                "city": {"type": "string", "description": "City name"},
                "category": {"type": "string", "enum": ["music", "comedy"]}}}),
        )]);
        let miss = miss_of(&idx, "Where is event EV330912 being held?");
        assert!(
            miss.is_some(),
            "the event's code is a value of no parameter"
        );
        // Without the code it is a search that lacks its city.
        assert!(miss_of(&idx, "Where are comedy events being held?").is_none());
        // A parameter that takes the code serves it.
        let idx = index(&[(
            "get_event_details",
            "Get details of an event such as its venue.",
            json!({"type": "object", "required": ["event_id"], "properties": {
                "event_id": {"type": "string", "description": "Event id"}}}),
        )]);
        assert!(miss_of(&idx, "Where is event EV330912 being held?").is_none());
        // A code another method of the set takes is that method's value, not a thing this one
        // cannot be asked about.
        let idx = index(&[
            (
                "search_events",
                "Search for upcoming events in a city by category.",
                json!({"type": "object", "required": ["city"], "properties": {
                    "city": {"type": "string", "description": "City name"}}}),
            ),
            (
                "get_member",
                "Get a member's profile by member id.",
                json!({"type": "object", "required": ["member_id"], "properties": {
                    "member_id": {"type": "string", "description": "Member id"}}}),
            ),
        ]);
        let r = run(
            &idx,
            &Query::parse("Search events in Leeds for member MB20417"),
            &ProbeConfig::default(),
        );
        assert_eq!(first_shortlisted(&r), Some("search_events"), "{r:?}");
        assert!(query::written_code("EV330912") && query::written_code("LH903"));
        for not_code in ["300K", "5GB", "Sample1", "440Hz", "network222", "2024"] {
            assert!(!query::written_code(not_code), "{not_code}");
        }
    }

    #[test]
    fn the_phrase_a_request_says_a_searched_thing_is_about_is_the_search_s_text() {
        let idx = index(&[(
            "search_news",
            "Search news articles by keyword.",
            json!({"type": "object", "required": ["q"], "properties": {
                "q": {"type": "string", "description": "Keywords or phrase to search for"}}}),
        )]);
        assert!(
            miss_of(
                &idx,
                "Find recent articles about the Mars sample return mission"
            )
            .is_none()
        );
        // Nothing the method names outside the phrase: no anchor.
        assert!(miss_of(&idx, "Tell me about the Mars sample return mission").is_some());
        // A phrase about something the method does not search for is not its text.
        assert!(miss_of(&idx, "Find recipes about the Mars sample return mission").is_some());
        // One that says which known thing is meant searches for nothing.
        let q = Query::parse(
            "I'd really appreciate it if you could assist in retweeting that fantastic post about tire maintenance.",
        );
        assert!(
            q.searched_phrases().is_empty(),
            "{:?}",
            q.searched_phrases()
        );
        let q = Query::parse("Find posts about tire maintenance");
        assert_eq!(
            q.searched_phrases(),
            [(
                "post".to_owned(),
                vec!["tire".to_owned(), "mainten".to_owned()]
            )]
        );
    }

    #[test]
    fn a_method_that_gives_things_as_they_are_now_does_not_serve_another_day() {
        let current = (
            "get_current_weather",
            "Current weather conditions for a city.",
            json!({"type": "object", "required": ["city"], "properties": {
                "city": {"type": "string", "description": "City name"}}}),
        );
        let idx = index(std::slice::from_ref(&current));
        assert!(miss_of(&idx, "Will it rain in Dublin over the next three days?").is_some());
        assert!(miss_of(&idx, "What will the weather be in Dublin tomorrow?").is_some());
        assert!(miss_of(&idx, "What's the weather in Dublin right now?").is_none());
        assert!(miss_of(&idx, "What's the weather in Dublin today?").is_none());
        assert!(miss_of(&idx, "What's the weather in Dublin this afternoon?").is_none());
        // A date stated as context asks about no day.
        assert!(miss_of(&idx, "What's the weather in Dublin? Today is Tuesday.").is_none());
        // A method that takes the day serves it.
        let idx = index(&[
            current,
            (
                "get_forecast",
                "Daily weather forecast for a city.",
                json!({"type": "object", "required": ["city"], "properties": {
                    "city": {"type": "string", "description": "City name"},
                    "days": {"type": "integer", "description": "Number of days to forecast"}}}),
            ),
        ]);
        let r = run(
            &idx,
            &Query::parse("Will it rain in Dublin over the next three days?"),
            &ProbeConfig::default(),
        );
        assert_eq!(first_shortlisted(&r), Some("get_forecast"), "{r:?}");
    }

    #[test]
    fn a_question_for_how_to_do_something_needs_a_method_that_covers_the_doing() {
        let idx = index(&[(
            "search_podcasts",
            "Search podcasts by keywords.",
            json!({"type": "object", "required": ["keywords"], "properties": {
                "keywords": {"type": "string", "description": "Words to search for"}}}),
        )]);
        assert!(miss_of(&idx, "How do I start my own podcast?").is_some());
        // Looking for the thing is what the method does.
        assert!(miss_of(&idx, "How can I find podcasts about cooking?").is_none());
        let idx = index(&[(
            "search_recipes",
            "Search cooking recipes for soups and other dishes by ingredient, such as lentils.",
            json!({"type": "object", "required": ["text"], "properties": {
                "text": {"type": "string", "description": "Dish or ingredients"}}}),
        )]);
        assert!(miss_of(&idx, "How do I cook a lentil soup?").is_none());
        // Making is no doing of its own; freezing is, and recipes do not cover it.
        assert!(miss_of(&idx, "How do I make a lentil soup?").is_none());
        assert!(miss_of(&idx, "How do I freeze a lentil soup?").is_some());
    }

    /// A tool set of one method that lists a sport's events by date.
    fn sport_events() -> MethodIndex {
        index(&[(
            "list_events",
            "Upcoming events of a sport on a date.",
            json!({"type": "object", "required": ["sport"], "properties": {
                "sport": {"type": "string", "enum": ["soccer", "tennis"]},
                "date": {"type": "string", "description": "Date, YYYY-MM-DD"}}}),
        )])
    }

    #[test]
    fn a_code_a_noun_labels_is_one_of_the_things_a_method_gives_or_none() {
        let idx = sport_events();
        // "event 88123" is one event, which a list of events by sport cannot be asked about.
        assert!(miss_of(&idx, "What are the odds on event 88123?").is_some());
        assert!(miss_of(&idx, "Which tennis events are on 2026-12-12?").is_none());
        // A code labelled by what a parameter describes, not by what the method gives, is
        // that parameter's business ("zip 83214" of a distance between cities).
        let idx = index(&[(
            "estimate_distance",
            "Estimate the distance between two cities.",
            json!({"type": "object", "required": ["cityA", "cityB"], "properties": {
                "cityA": {"type": "string", "description": "The zipcode of the first city"},
                "cityB": {"type": "string", "description": "The zipcode of the second city"}}}),
        )]);
        assert!(
            miss_of(
                &idx,
                "What is the distance from Rivermist (zip 83214) to Greenway?"
            )
            .is_none()
        );
        // A code the schema refuses is the parameter's, asked again, not a thing left untaken.
        let idx = index(&[(
            "get_balance",
            "Balance of a bank account.",
            json!({"type": "object", "required": ["account"], "properties": {
                "account": {"type": "string", "description": "Account number", "pattern": "^[0-9]{8}$"}}}),
        )]);
        assert!(miss_of(&idx, "What is the balance of account 204518?").is_none());
    }

    #[test]
    fn a_thing_asked_for_alike_in_meaning_to_what_a_method_gives_anchors_its_values() {
        let coordinates = json!({"type": "object", "required": ["lat", "lon"], "properties": {
            "lat": {"type": "number", "description": "Latitude"},
            "lon": {"type": "number", "description": "Longitude"}}});
        let idx = index(&[
            (
                "geocode_address",
                "Latitude and longitude of a street address or place.",
                json!({"type": "object", "required": ["address"], "properties": {
                    "address": {"type": "string", "description": "Address or place name"}}}),
            ),
            (
                "get_timezone",
                "Time zone and UTC offset at a latitude and longitude.",
                coordinates,
            ),
        ]);
        let r = run(
            &idx,
            &Query::parse("What are the coordinates of 1600 Pennsylvania Avenue?"),
            &ProbeConfig::default(),
        );
        assert_eq!(first_shortlisted(&r), Some("geocode_address"), "{r:?}");
        assert_eq!(
            r.execution_shortlist[0].arguments.get("address"),
            Some(&json!("1600 Pennsylvania Avenue"))
        );
    }

    #[test]
    fn a_day_ahead_is_a_value_of_a_method_that_counts_days() {
        let place =
            json!({"type": "string", "description": "City name, postcode or latitude,longitude"});
        let idx = index(&[
            (
                "realtime_weather",
                "Current weather for a location.",
                json!({"type": "object", "required": ["q"], "properties": {"q": place.clone()}}),
            ),
            (
                "forecast_weather",
                "Weather forecast for up to 14 days.",
                json!({"type": "object", "required": ["q", "days"], "properties": {
                    "q": place,
                    "days": {"type": "integer", "description": "Number of days of forecast"}}}),
            ),
        ]);
        // "this weekend" is the forecast's to count; the place is asked, not refused.
        let r = run(
            &idx,
            &Query::parse("What will the weather be like this weekend?"),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(
            r.ambiguity_pool.first().map(|i| i.method.as_str()),
            Some("forecast_weather")
        );
    }

    #[test]
    fn a_search_in_one_domain_finds_its_things_not_what_they_cost() {
        let search = |name: &str, description: &str| {
            index(&[(
                name,
                description,
                json!({"type": "object", "required": ["keywords"], "properties": {
                    "keywords": {"type": "string", "description": "Words to search for"}}}),
            )])
        };
        let patents = search("search_patents", "Search granted patents by keywords.");
        assert!(
            miss_of(
                &patents,
                "How much does it cost to file a patent in Europe?"
            )
            .is_some()
        );
        assert!(miss_of(&patents, "Find patents on solid-state batteries").is_none());
        // A search whose things carry their price answers what they cost.
        let flights = search("search_flights", "Search flights with their prices.");
        assert!(
            miss_of(
                &flights,
                "How much does a flight from London to Paris cost?"
            )
            .is_none()
        );
        // A search of the web finds a price as well as anything.
        let web = search(
            "web_search",
            "Search the web for a patent, a price or anything else.",
        );
        assert!(miss_of(&web, "How much does it cost to file a patent in Europe?").is_none());
    }

    #[test]
    fn a_food_named_for_a_food_parameter_and_units_its_schema_allows() {
        let idx = index(&[(
            "getNutrition",
            "Calories, protein, fat and carbohydrates of a food in a quantity.",
            json!({"type": "object", "required": ["food"], "properties": {
                "food": {"type": "string", "description": "Food name"},
                "quantity": {"type": "number", "description": "Amount"},
                "unit": {"type": "string", "description": "Unit of the amount", "enum": ["g", "oz", "cup"]}}}),
        )]);
        // "chicken breast" is a food: the value of `food`, which its description calls a food's
        // name.
        let r = run(
            &idx,
            &Query::parse("How much protein is in 200 g of chicken breast?"),
            &ProbeConfig::default(),
        );
        assert_eq!(first_shortlisted(&r), Some("getNutrition"), "{r:?}");
        assert_eq!(
            r.execution_shortlist[0].arguments.get("food"),
            Some(&json!("chicken breast"))
        );
        // Kilometres are no unit the schema allows: running 5 km is not a food's nutrition.
        assert!(miss_of(&idx, "How many calories do I burn running 5 km?").is_some());
    }

    #[test]
    fn a_method_that_needs_the_thing_asked_for_does_not_find_it() {
        // `target_lang` names a language: asked which language a word is, a translator that
        // needs the language to translate into does not tell it.
        let idx = index(&[(
            "translate_text",
            "Translate text into a target language.",
            json!({"type": "object", "required": ["text", "target_lang"], "properties": {
                "text": {"type": "string", "description": "Text to translate"},
                "target_lang": {"type": "string", "enum": ["EN", "PT", "FR"], "description": "Target language code"}}}),
        )]);
        assert!(miss_of(&idx, "What language is 'obrigado'?").is_some());
        assert!(miss_of(&idx, "Translate 'obrigado' into French").is_none());
    }

    #[test]
    fn a_coordinated_ask_for_a_thing_no_tool_names_is_unserved() {
        let idx = sport_events();
        let request = "Show me the soccer fixtures for 2026-12-13 and the head-to-head record of Arsenal and Chelsea";
        let miss = miss_of(&idx, request).expect("half of it is served");
        let partial = miss.partial.expect("the fixtures are servable");
        assert_eq!(
            partial.unserved_parts,
            ["the head-to-head record of Arsenal and Chelsea"]
        );
        // A coordinated detail the method names is part of the ask.
        assert!(
            miss_of(
                &idx,
                "Show me the soccer fixtures for 2026-12-13 and the tennis events"
            )
            .is_none()
        );
    }

    #[test]
    fn a_further_ask_for_a_thing_no_tool_names_is_unserved_whatever_it_points_back_at() {
        let idx = index(&[(
            "get_current_weather",
            "Current weather conditions for a city.",
            json!({"type": "object", "required": ["city"], "properties": {
                "city": {"type": "string", "description": "City name"}}}),
        )]);
        for (request, unserved) in [
            (
                "What's the weather in Lisbon and find me a hotel there",
                "find me a hotel there",
            ),
            (
                "What's the weather in Lisbon, and also find a hotel near it",
                "find a hotel near it",
            ),
        ] {
            let miss = miss_of(&idx, request).unwrap_or_else(|| panic!("{request}"));
            let partial = miss.partial.unwrap_or_else(|| panic!("{request}"));
            assert_eq!(partial.unserved_parts, [unserved], "{request}");
            assert_eq!(partial.servable_parts.len(), 1, "{request}");
        }
        // A detail of the weather that points back is part of the weather ask, and so is one
        // asked for with a verb that asks rather than brings.
        assert!(miss_of(&idx, "What's the weather in Lisbon and is it windy there?").is_none());
        assert!(
            miss_of(
                &idx,
                "What's the current weather in Lisbon, and tell me the wind speed and precipitation"
            )
            .is_none()
        );
    }

    #[test]
    fn a_sum_written_with_its_currency_is_a_value_of_a_method_that_takes_money() {
        let idx = index(&[(
            "search_products",
            "Search the product catalogue by keyword.",
            json!({"type": "object", "required": ["query"], "properties": {
                "query": {"type": "string", "description": "Search terms"},
                "max_price": {"type": "number", "description": "Highest price"}}}),
        )]);
        assert!(miss_of(&idx, "Find wireless headphones under 100 dollars").is_none());
        assert!(miss_of(&idx, "Find wireless headphones under $100").is_none());
        // Nothing of its own named, the names alone anchor nothing.
        assert!(miss_of(&idx, "Find wireless headphones").is_some());
    }

    #[test]
    fn a_compound_request_served_by_two_methods_plans_both_in_every_lane() {
        let idx = index(&music());
        let q = Query::parse(
            "Give me the tracklist of the album Blue and the biography of the singer Joni Mitchell",
        );
        let r = run(&idx, &q, &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(
            r.ambiguity_pool.len(),
            1,
            "complementary methods are not alternatives: {r:?}"
        );
        let combined = &r.ambiguity_pool[0];
        let methods: Vec<&str> = std::iter::once(combined)
            .chain(&combined.also)
            .map(|i| i.method.as_str())
            .collect();
        assert_eq!(methods, ["get_album_tracklist", "get_artist_biography"]);
        assert_eq!(r.asks.len(), 2);
        assert!(r.asks.iter().all(|a| a.served_by.is_some()));
        let fast = fast_pick(&idx, &q, &ProbeConfig::default()).unwrap();
        assert_eq!(fast.also.len(), 1, "{fast:?}");
    }

    /// The methods the first reading of `query` calls, in order.
    fn planned_methods(idx: &MethodIndex, query: &str) -> Vec<(String, Map<String, Value>)> {
        let r = run(idx, &Query::parse(query), &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{query}: {r:?}");
        let first = &r.execution_shortlist[0];
        std::iter::once(first)
            .chain(&first.also)
            .map(|i| (i.method.clone(), i.arguments.clone()))
            .collect()
    }

    #[test]
    fn two_requests_put_to_the_listener_are_two_calls_however_short_the_first() {
        let idx = index(&[
            (
                "get_random_joke",
                "Fetches a random joke from a category.",
                json!({"type": "object", "properties": {"category": {"type": "string",
                    "enum": ["general", "programming", "knock-knock"]}}}),
            ),
            (
                "trivia_question",
                "Gets a trivia question of a given difficulty.",
                json!({"type": "object", "required": ["difficulty"], "properties": {
                    "difficulty": {"type": "string", "enum": ["easy", "medium", "hard"]}}}),
            ),
        ]);
        let calls = planned_methods(&idx, "Tell me a joke and give me an easy trivia question");
        let methods: Vec<&str> = calls.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(methods, ["get_random_joke", "trivia_question"]);
        assert_eq!(calls[1].1["difficulty"], json!("easy"));
    }

    #[test]
    fn text_to_work_on_is_what_the_request_writes_and_a_pronoun_writes_none() {
        let text = json!({"type": "object", "required": ["text"], "properties": {
            "text": {"type": "string", "description": "The input string."}}});
        let idx = index(&[
            (
                "is_palindrome",
                "Checks if a string is a palindrome.",
                text.clone(),
            ),
            (
                "reverse_string",
                "Reverses the characters in a string.",
                text,
            ),
        ]);
        let calls = planned_methods(&idx, "Is racecar a palindrome?");
        assert_eq!(calls[0].0, "is_palindrome");
        assert_eq!(calls[0].1["text"], json!("racecar"));
        // "it" is no text: the request is asked for it.
        let r = run(
            &idx,
            &Query::parse("Is it a palindrome?"),
            &ProbeConfig::default(),
        );
        let first = &r.execution_shortlist[0];
        assert_eq!(first.method, "is_palindrome");
        assert!(first.arguments.is_empty(), "{r:?}");
        assert_eq!(first.missing[0].name, "text");
    }

    #[test]
    fn adding_days_to_a_date_works_out_a_date_and_is_no_change() {
        let idx = index(&[
            (
                "days_between",
                "Calculates the number of days between two dates.",
                json!({"type": "object", "required": ["start_date", "end_date"], "properties": {
                    "start_date": {"type": "string", "format": "date"},
                    "end_date": {"type": "string", "format": "date"}}}),
            ),
            (
                "add_days",
                "Adds a number of days to a date.",
                json!({"type": "object", "required": ["date", "days"], "properties": {
                    "date": {"type": "string", "format": "date"},
                    "days": {"type": "integer", "description": "The number of days to add."}}}),
            ),
        ]);
        let calls = planned_methods(&idx, "What date is 45 days after 2025-06-10?");
        assert_eq!(calls.len(), 1, "{calls:?}");
        assert_eq!(calls[0].0, "add_days");
        assert_eq!(calls[0].1["days"], json!(45));
        assert_eq!(calls[0].1["date"], json!("2025-06-10"));
    }

    #[test]
    fn values_written_in_their_own_form_reach_the_method_that_takes_them() {
        let idx = index(&[
            (
                "search_hashtag",
                "Searches posts with a hashtag.",
                json!({"type": "object", "required": ["tag"], "properties": {
                    "tag": {"type": "string", "description": "The hashtag, without the #."}}}),
            ),
            (
                "get_user_profile",
                "Fetches the profile of a user by username.",
                json!({"type": "object", "required": ["username"], "properties": {
                    "username": {"type": "string", "description": "The username, without the @."}}}),
            ),
            (
                "country_info",
                "Fetches basic facts (capital, population, currency) about a country.",
                json!({"type": "object", "required": ["code"], "properties": {
                    "code": {"type": "string", "pattern": "^[A-Z]{2}$",
                        "description": "The ISO 3166-1 alpha-2 code of the country."}}}),
            ),
        ]);
        // "What are people posting" asks what they post: "people" is no thing asked for.
        let calls = planned_methods(&idx, "What are people posting under #climate?");
        assert_eq!(calls[0].0, "search_hashtag");
        assert_eq!(calls[0].1["tag"], json!("climate"));
        let calls = planned_methods(&idx, "What's the capital of Canada?");
        assert_eq!(calls[0].0, "country_info");
        assert_eq!(calls[0].1["code"], json!("CA"));
    }

    #[test]
    fn a_search_takes_what_the_request_says_to_search_for() {
        let idx = index(&[(
            "search_products",
            "Searches the catalogue for products matching a query.",
            json!({"type": "object", "required": ["query"], "properties": {
                "query": {"type": "string", "description": "The search query."},
                "max_price": {"type": "number", "description": "The highest price in US dollars."}}}),
        )]);
        let calls = planned_methods(&idx, "Search for wireless headphones under $100");
        assert_eq!(calls[0].1["query"], json!("wireless headphones"));
        assert_eq!(calls[0].1["max_price"], json!(100.0));
        let calls = planned_methods(&idx, "Search the shop for Lego trains");
        assert_eq!(calls[0].1["query"], json!("Lego trains"));
        // Only the kind of thing the method finds, however qualified, is no topic: the request
        // is searched as written.
        let calls = planned_methods(&idx, "Find the latest products, please");
        assert_eq!(
            calls[0].1["query"],
            json!("Find the latest products, please")
        );
    }

    #[test]
    fn a_further_ask_added_that_another_method_serves_adequately_is_an_ask_of_its_own() {
        // Added with "also", pointing back at nothing but the weather's "it".
        let days = json!({"type": "object", "required": ["city"], "properties": {
            "city": {"type": "string", "description": "City name"},
            "days": {"type": "integer", "description": "Number of days to forecast"}}});
        let idx = index(&[
            (
                "get_current_weather",
                "Current weather conditions for a city.",
                city(),
            ),
            ("get_forecast", "Daily weather forecast for a city.", days),
        ]);
        let planned = planned_methods(
            &idx,
            "I need the weather in Oslo right now. Also, what will it be like over the next 5 days?",
        );
        let methods: Vec<&str> = planned.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(methods, ["get_current_weather", "get_forecast"]);
        assert_eq!(planned[1].1["city"], "Oslo");
    }

    #[test]
    fn an_ask_put_to_the_listener_about_nothing_the_first_method_relates_to_is_unserved() {
        let league = json!({"type": "object", "required": ["league"], "properties": {
            "league": {"type": "string", "description": "League name, e.g. Premier League"}}});
        let idx = index(&[(
            "get_league_table",
            "Returns the current standings table of a football league.",
            league,
        )]);
        let miss = miss_of(
            &idx,
            "Get the Premier League table and tell me the weather at Anfield on Saturday",
        )
        .expect("the weather is no league's");
        let partial = miss.partial.expect("the table is served");
        assert_eq!(
            partial.unserved_parts,
            ["tell me the weather at Anfield on Saturday"]
        );
    }

    #[test]
    fn a_further_ask_of_values_alone_takes_what_the_first_leaves_unsaid() {
        let records = json!({"type": "object", "required": ["domain"], "properties": {
            "domain": {"type": "string", "description": "Domain name"},
            "record_type": {"type": "string", "enum": ["A", "MX", "NS", "TXT"], "default": "A"}}});
        let whois = json!({"type": "object", "required": ["domain"], "properties": {
            "domain": {"type": "string", "description": "Domain name, e.g. example.com"}}});
        let idx = index(&[
            ("whois_lookup", "Registration data of a domain name.", whois),
            ("dns_records", "Get the DNS records of a domain.", records),
        ]);
        let planned = planned_methods(
            &idx,
            "What are the NS records of example.com and example.org?",
        );
        assert_eq!(planned.len(), 2, "{planned:?}");
        for (method, arguments) in &planned {
            assert_eq!(method, "dns_records");
            assert_eq!(arguments["record_type"], "NS", "{planned:?}");
        }
        // A thing an acronym names, added with "also", is an ask of its own.
        let planned = planned_methods(
            &idx,
            "Look up the registration data for rust-lang.org and also its MX records",
        );
        let methods: Vec<&str> = planned.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(methods, ["whois_lookup", "dns_records"], "{planned:?}");
        assert_eq!(planned[1].1["domain"], "rust-lang.org");
    }

    #[test]
    fn a_further_ask_the_first_ask_s_method_covers_nothing_of_is_an_ask_of_its_own() {
        let idx = index(&[
            (
                "search_books",
                "Search for books based on title or author",
                json!({"type": "object", "required": ["query"], "properties": {
                    "query": {"type": "string", "description": "The title or author to search for"}}}),
            ),
            (
                "get_movie_recommendations",
                "Get movie recommendations based on genre",
                json!({"type": "object", "required": ["genre"], "properties": {
                    "genre": {"type": "string", "description": "The genre of movies"},
                    "year": {"type": "integer", "description": "The release year"}}}),
            ),
        ]);
        // The second ask shares a word with the first, which its method does not name: it is
        // served less than adequately, but by another method than the first, which covers none
        // of it. Both are planned, never offered as alternatives.
        let q = Query::parse("Find thriller books and also recommend thriller movies");
        let r = run(&idx, &q, &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.ambiguity_pool.len(), 1, "{r:?}");
        let combined = &r.ambiguity_pool[0];
        let calls: Vec<(&str, &Map<String, Value>)> = std::iter::once(combined)
            .chain(&combined.also)
            .map(|i| (i.method.as_str(), &i.arguments))
            .collect();
        assert_eq!(calls.len(), 2, "{calls:?}");
        assert_eq!(calls[1].0, "get_movie_recommendations");
        assert_eq!(calls[1].1["genre"], "thriller");
    }

    #[test]
    fn a_further_ask_that_labels_a_value_of_the_first_ask_s_method_is_part_of_that_ask() {
        let idx = index(&[(
            "density",
            "Calculates the density of an object given its mass and volume.",
            json!({"type": "object", "required": ["mass", "volume"], "properties": {
                "mass": {"type": "number", "description": "The mass of the object."},
                "volume": {"type": "number", "description": "The volume of the object."}}}),
        )]);
        let q = Query::parse(
            "What's the density of an object with mass 12 kg and volume 3 cubic meters?",
        );
        let r = run(&idx, &q, &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        let call = &r.ambiguity_pool[0];
        assert!(call.also.is_empty(), "{r:?}");
        assert_eq!(
            (
                call.arguments["mass"].as_f64(),
                call.arguments["volume"].as_f64()
            ),
            (Some(12.0), Some(3.0))
        );
    }

    #[test]
    fn a_further_ask_of_values_alone_is_the_same_call_again() {
        let idx = index(&[(
            "calculate_distance",
            "Calculate the driving distance between two cities.",
            json!({"type": "object", "required": ["origin", "destination"], "properties": {
                "origin": {"type": "string", "description": "Start city"},
                "destination": {"type": "string", "description": "End city"}}}),
        )]);
        let q = Query::parse(
            "What is the driving distance from Boston to New York and from Boston to Philadelphia?",
        );
        let r = run(&idx, &q, &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        let combined = &r.ambiguity_pool[0];
        let destinations: Vec<&Value> = std::iter::once(combined)
            .chain(&combined.also)
            .map(|i| &i.arguments["destination"])
            .collect();
        assert_eq!(destinations, [&json!("New York"), &json!("Philadelphia")]);
        assert!(
            std::iter::once(combined)
                .chain(&combined.also)
                .all(|i| i.arguments["origin"] == "Boston")
        );
        // Values that leave the method short of one are a detail of the ask before.
        let q = Query::parse("What is the driving distance from Boston to New York and Denver?");
        let r = run(&idx, &q, &ProbeConfig::default());
        assert!(r.ambiguity_pool[0].also.is_empty(), "{r:?}");
    }

    #[test]
    fn the_ask_no_method_serves_is_named_and_the_rest_offered() {
        let idx = index(&music()[..1]);
        let q = Query::parse(
            "Give me the tracklist of the album Blue, and also the opening hours of the city museum",
        );
        let r = run(&idx, &q, &ProbeConfig::default());
        let miss = r.missing_capability_signal.as_ref().expect("a miss");
        assert_eq!(miss.reason, MissReason::PartiallyServed);
        let parts = miss.partial.as_ref().expect("the parts");
        assert_eq!(
            parts.unserved_parts,
            ["the opening hours of the city museum"]
        );
        assert_eq!(parts.servable_parts.len(), 1);
        assert_eq!(parts.servable_parts[0].1.method, "get_album_tracklist");
        // The fast lane does not answer the half it can do as if it were the whole.
        let fast = fast_pick(&idx, &q, &ProbeConfig::default()).unwrap_err();
        assert_eq!(fast.reason, MissReason::PartiallyServed);
        // A question joined on asks for its own thing, however few words name it.
        let idx = index(&[(
            "get_city_by_zip",
            "Retrieves the city name for a given US ZIP code.",
            json!({"type": "object", "required": ["zipcode"], "properties": {
                "zipcode": {"type": "string", "description": "The ZIP code."}}}),
        )]);
        let q = Query::parse("Which city is ZIP 10001 in, and what's the weather there?");
        let r = run(&idx, &q, &ProbeConfig::default());
        let miss = r.missing_capability_signal.as_ref().expect("a miss");
        let parts = miss.partial.as_ref().expect("the parts");
        assert_eq!(parts.unserved_parts, ["what's the weather there?"]);
        assert_eq!(parts.servable_parts[0].1.arguments["zipcode"], "10001");
        // So does one thing a coordinator that adds puts, however the method rates or dates
        // its own thing ("latest" of a latest-price method).
        let idx = index(&[(
            "stock_quote",
            "Latest price, change and volume for a stock ticker.",
            json!({"type": "object", "required": ["symbol"], "properties": {
                "symbol": {"type": "string", "description": "Ticker symbol, e.g. AAPL"}}}),
        )]);
        let q = Query::parse("Get the stock quote for TSLA and also the latest news about Tesla");
        let r = run(&idx, &q, &ProbeConfig::default());
        let miss = r.missing_capability_signal.as_ref().expect("a miss");
        let parts = miss.partial.as_ref().expect("the parts");
        assert_eq!(parts.unserved_parts, ["the latest news about Tesla"]);
        assert_eq!(parts.servable_parts[0].1.arguments["symbol"], "TSLA");
        // What the tool as a whole is about ("... and orders") is no method's: the product
        // search does not cover where an order is.
        let idx = index_of_tool(
            "Online store: products, reviews and orders.",
            &[(
                "product_search",
                "Search the product catalogue.",
                json!({"type": "object", "required": ["keyword"], "properties": {
                    "keyword": {"type": "string", "description": "Search keyword"}}}),
                None,
            )],
        );
        let q =
            Query::parse("Search for wireless earbuds and also tell me where my order 55-12345 is");
        let r = run(&idx, &q, &ProbeConfig::default());
        let miss = r.missing_capability_signal.as_ref().expect("a miss");
        let parts = miss.partial.as_ref().expect("the parts");
        assert_eq!(parts.unserved_parts, ["tell me where my order 55-12345 is"]);
        // And a thing a possessive opens after a bare "and" is an ask of its own.
        let idx = index(&music()[..1]);
        let q = Query::parse("Give me the tracklist of the album Blue and its reviews");
        let r = run(&idx, &q, &ProbeConfig::default());
        let miss = r.missing_capability_signal.as_ref().expect("a miss");
        let parts = miss.partial.as_ref().expect("the parts");
        assert_eq!(parts.unserved_parts, ["its reviews"]);
    }

    #[test]
    fn several_values_and_modifiers_stay_one_ask() {
        let idx = index(&music());
        for query in [
            "the tracklist of the album Blue and of the album Court and Spark",
            "Give me the tracklist of the album Blue and make it quick",
        ] {
            let r = run(&idx, &Query::parse(query), &ProbeConfig::default());
            assert!(r.missing_capability_signal.is_none(), "{query}: {r:?}");
            assert!(
                r.ambiguity_pool.iter().all(|i| i.also.is_empty()),
                "{query}: {r:?}"
            );
            assert_eq!(r.ambiguity_pool[0].method, "get_album_tracklist");
        }
    }

    #[test]
    fn a_further_sentence_that_only_details_the_request_is_no_ask_of_its_own() {
        let pay = json!({"type": "object", "required": ["payment_method", "amount", "receiver"], "properties": {
            "payment_method": {"type": "string", "description": "The payment source to use for the transaction, such as a balance within the app or a linked bank card.", "enum": ["app balance", "debit card", "credit card"]},
            "amount": {"type": "number", "description": "The monetary value to send, specified in the currency used by the payment platform."},
            "receiver": {"type": "string", "description": "The identifier of the contact or account to receive the payment."},
            "private_visibility": {"type": "boolean", "description": "A flag indicating whether the transaction should be hidden from public transaction feeds.", "default": false}}});
        let request = json!({"type": "object", "required": ["receiver", "amount"], "properties": {
            "receiver": {"type": "string", "description": "The name or identifier of the contact or account to which the payment request is sent."},
            "amount": {"type": "number", "description": "The monetary value to be requested, specified in dollars."},
            "private_visibility": {"type": "boolean", "description": "Indicates if the transaction should be hidden from public transaction feeds.", "default": false}}});
        let idx = index(&[
            (
                "request_payment",
                "This function initiates a payment request to a specified receiver for a certain amount. It allows setting the visibility of the transaction to private or public.",
                request,
            ),
            (
                "make_payment",
                "Initiate a transaction to send a specified amount of money to a friend or contact using a chosen payment method.",
                pay,
            ),
        ]);
        let q = Query::parse(
            "Could you set up a private transaction to Emma for $50? Transfer through app balance.",
        );
        let r = run(&idx, &q, &ProbeConfig::default());
        // Not two asks, one of them missing everything: the payment, told by the whole request.
        assert!(
            r.ambiguity_pool
                .iter()
                .all(|i| i.also.is_empty() && i.missing.is_empty()),
            "{r:?}"
        );
        let send = r
            .ambiguity_pool
            .iter()
            .find(|i| i.method == "make_payment")
            .expect("the payment is offered");
        assert_eq!(send.arguments["payment_method"], "app balance");
        assert_eq!(send.arguments["receiver"], "Emma");
        assert_eq!(send.arguments["amount"], 50.0);
    }

    #[test]
    fn a_method_about_something_the_request_does_not_name_is_no_other_reading_of_it() {
        let tickets = json!({"type": "object", "required": ["_from", "to", "date_of_journey", "journey_start_time", "number_of_adults"], "properties": {
            "_from": {"type": "string", "description": "The departure city for the train journey."},
            "to": {"type": "string", "description": "The arrival city for the train journey."},
            "date_of_journey": {"type": "string", "description": "The date of the train journey, in the format 'MM/DD/YYYY'."},
            "journey_start_time": {"type": "string", "description": "The starting time of the train journey, in 24-hour format 'HH:MM'."},
            "number_of_adults": {"type": "integer", "description": "The number of adults to reserve train tickets for."}}});
        let trains = json!({"type": "object", "required": ["_from", "to", "date_of_journey"], "properties": {
            "_from": {"type": "string", "description": "The name of the starting city for the train journey."},
            "to": {"type": "string", "description": "The destination city for the train journey."},
            "date_of_journey": {"type": "string", "description": "The date of the train journey, in the format 'MM/DD/YYYY'."}}});
        let idx = index(&[
            (
                "Trains_1_GetTrainTickets",
                "Reserves tickets for a train journey between specified cities on a given date and time.",
                tickets,
            ),
            (
                "Trains_1_FindTrains",
                "Finds available trains to a specified destination city on a particular date, allowing for reservation in different fare classes.",
                trains,
            ),
        ]);
        let r = run(
            &idx,
            &Query::parse(
                "Can you find me available trains departing from Anaheim to Berkeley on April 10, 2023?",
            ),
            &ProbeConfig::default(),
        );
        let methods: Vec<&str> = r.ambiguity_pool.iter().map(|i| i.method.as_str()).collect();
        assert_eq!(methods, ["Trains_1_FindTrains"], "{r:?}");
    }

    #[test]
    fn what_a_calculation_asks_for_must_be_something_the_method_covers() {
        let bmi = json!({"type": "object", "required": ["weight", "height"], "properties": {
            "weight": {"type": "number", "description": "Weight of the person in kilograms"},
            "height": {"type": "number", "description": "Height of the person in meters"}}});
        let proteins = json!({"type": "object", "required": ["cell_compartment"], "properties": {
            "cell_compartment": {"type": "string", "description": "The specific cell compartment."},
            "include_description": {"type": "boolean", "description": "Set true if you want a brief description of each protein.", "default": false}}});
        let idx = index(&[
            (
                "determine_body_mass_index",
                "Calculate body mass index given weight and height",
                bmi,
            ),
            (
                "cellbio.get_proteins",
                "Get the list of proteins in a specific cell compartment.",
                proteins,
            ),
        ]);
        let config = ProbeConfig::default();
        let area = run(
            &idx,
            &Query::parse(
                "Calculate the area of a triangle given the base is 10 meters and height is 5 meters.",
            ),
            &config,
        );
        assert!(area.missing_capability_signal.is_some(), "{area:?}");
        let index_of = run(
            &idx,
            &Query::parse(
                "Calculate the body mass index of a person 1.8 meters tall weighing 70 kilograms.",
            ),
            &config,
        );
        assert!(index_of.missing_capability_signal.is_none(), "{index_of:?}");
        // "The names of ..." asks for the thing after "of".
        let names = run(
            &idx,
            &Query::parse("What are the names of proteins found in the plasma membrane?"),
            &config,
        );
        assert!(names.missing_capability_signal.is_none(), "{names:?}");
    }

    #[test]
    fn a_permissive_pattern_claims_no_words() {
        // `name` accepts any text: words matching it say nothing about the method.
        let loose = json!({"type": "object", "properties": {"name": {"type": "string", "pattern": "^[A-Za-z0-9 _-]+$"}},
            "required": ["name"]});
        let strict = json!({"type": "object", "properties": {"code": {"type": "string", "pattern": "^INV-[0-9]{4}$"}},
            "required": ["code"]});
        let idx = index(&[
            ("register_pet", "Register a pet with the shelter.", loose),
            ("get_invoice", "An invoice by its code.", strict),
        ]);
        let r = run(
            &idx,
            &Query::parse("What is the weather in Oslo tomorrow"),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_some(), "{r:?}");
        let pet = r
            .ranked_methods
            .iter()
            .find(|m| m.method == "register_pet")
            .unwrap();
        assert!(pet.matched_terms.is_empty(), "{pet:?}");
        // A pattern that recognises something still names its token.
        let r = run(
            &idx,
            &Query::parse("Show INV-0042"),
            &ProbeConfig::default(),
        );
        assert_eq!(r.ranked_methods[0].method, "get_invoice", "{r:?}");
        assert!(
            r.ranked_methods[0]
                .matched_terms
                .iter()
                .any(|t| t.contains("0042") || t.contains("inv")),
            "{r:?}"
        );
    }

    #[test]
    fn a_subject_that_labels_a_code_another_method_takes_is_no_search_for_it() {
        let id = json!({"type": "object", "required": ["video_id"], "properties": {
            "video_id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{11}$"}}});
        let search = json!({"type": "object", "required": ["q"], "properties": {
            "q": {"type": "string", "description": "Search keywords"}}});
        let idx = index(&[
            ("search_videos", "Search videos by keyword.", search),
            (
                "get_video_details",
                "Title, views and duration of a video.",
                id,
            ),
        ]);
        let asked = "What are people saying in the comments under video 9bZkp7q19f0?";
        assert!(miss_of(&idx, asked).is_some());
        // A search the request asks for by the subject's word alone is still served.
        let r = run(
            &idx,
            &Query::parse("What are people saying in videos about lofi beats?"),
            &ProbeConfig::default(),
        );
        assert_eq!(first_shortlisted(&r), Some("search_videos"), "{r:?}");
    }

    #[test]
    fn a_label_leaves_out_the_sentences_every_method_of_the_tool_writes() {
        let stock = |what: &str| {
            format!(
                "This is the subfunction for tool \"hoops\", you can use this tool.The description of this function is: \"{what}\""
            )
        };
        let team = json!({"type": "object", "required": ["team"], "properties": {
            "team": {"type": "string", "description": "Team abbreviation, e.g. BOS"}}});
        let (roster, scores) = (
            stock("Get the current roster of a team"),
            stock("Final scores of a day"),
        );
        let idx = index(&[
            ("get_roster_for_hoops", roster.as_str(), team.clone()),
            ("get_scores_for_hoops", scores.as_str(), team),
        ]);
        let r = run(
            &idx,
            &Query::parse("Show me the current roster for BOS"),
            &ProbeConfig::default(),
        );
        assert_eq!(
            r.execution_shortlist[0].label, "Get the current roster of a team",
            "{r:?}"
        );
    }

    #[test]
    fn a_chatty_request_that_names_the_methods_subject_is_served() {
        let idx = index(&[
            ("Weather_1_GetWeather", "Current conditions", city()),
            ("Ferries_2_BuyTicket", "Buy a ferry ticket", city()),
        ]);
        let query = "It's gloomy and I keep wondering about the weather over in Oslo this afternoon, honestly";
        let r = run(&idx, &Query::parse(query), &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.execution_shortlist[0].method, "Weather_1_GetWeather");
        // The same chatter about something no method's name is about stays a miss.
        let r = run(
            &idx,
            &Query::parse(
                "It's gloomy and I keep wondering about the tides over in Oslo this afternoon, honestly",
            ),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_some(), "{r:?}");
    }

    #[test]
    fn the_context_a_request_gives_is_not_what_it_asks_for() {
        let idx = index(&[("get_city_forecast", "Temperature and rain forecast", city())]);
        // Statements about the speaker and the reason for asking outweigh the ask on words
        // alone; they are context, and the ask is served.
        for query in [
            "My cousin arrives with her two children and we are planning a long picnic by the \
             lake. What is the forecast for Oslo?",
            "Give me the forecast for Oslo so that I can decide whether my cousin and her \
             children should pack jackets, boots and umbrellas",
        ] {
            let r = run(&idx, &Query::parse(query), &ProbeConfig::default());
            assert!(r.missing_capability_signal.is_none(), "{query}: {r:?}");
        }
        // What the context mentions does not make a method serve an ask about something else.
        let query = "The forecast for Oslo looks sunny. Book me a table at a lakeside restaurant.";
        assert!(miss_of(&idx, query).is_some(), "{query}");
        // A request written as a statement keeps all its words: nothing else asks.
        assert!(asks::context("I need the forecast for Oslo").is_empty());
    }

    #[test]
    fn a_short_verb_that_does_the_same_is_a_near_form() {
        let idx = index(&[(
            "create_todo",
            "Create a new todo item",
            json!({"type": "object", "required": ["title"], "properties": {
                "title": {"type": "string", "description": "The title of the todo"},
                "priority": {"type": "string", "enum": ["low", "medium", "high"]}}}),
        )]);
        // "add" is three letters, no near form by spelling, but adding an item creates it.
        assert!(idx.near_forms("ad", "add").contains(&"creat"));
        let r = run(
            &idx,
            &Query::parse("Add a todo titled 'Call mom' with high priority"),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
    }

    #[test]
    fn a_name_that_says_it_is_a_service_is_about_the_rest() {
        let idx = index(&[(
            "Translation API",
            "Translate text between languages.",
            json!({"type": "object", "required": ["text", "target"], "properties": {
                "text": {"type": "string", "description": "Text to translate"},
                "target": {"type": "string", "description": "Target language code, e.g. fr"}}}),
        )]);
        // "API" says what the method is, not what it is about: the request names its subject,
        // and the values it lacks are asked for.
        let r = run(
            &idx,
            &Query::parse("Can you translate something for me?"),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert!(!r.ambiguity_pool[0].missing.is_empty(), "{r:?}");
    }

    #[test]
    fn a_pattern_with_lookaround_recognises_what_it_accepts() {
        // JSON Schema patterns are ECMA 262: a lookahead is as valid there as a character class.
        let idx = index(&[(
            "lookup_code",
            "Look up a product by its code",
            json!({"type": "object", "required": ["code"], "properties": {
                "code": {"type": "string", "pattern": "^(?!X)[A-Z]{2}\\d{4}$",
                         "description": "Product code"}}}),
        )]);
        let r = run(
            &idx,
            &Query::parse("Look up product AB1234"),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.execution_shortlist[0].arguments["code"], "AB1234");
        // What the lookahead refuses is no code of this method.
        let refused = run(
            &idx,
            &Query::parse("Look up product XB1234"),
            &ProbeConfig::default(),
        );
        assert!(
            refused
                .execution_shortlist
                .iter()
                .chain(&refused.ambiguity_pool)
                .all(|i| i.arguments.get("code") != Some(&json!("XB1234"))),
            "{refused:?}"
        );
    }

    #[test]
    fn a_statement_of_today_s_date_is_context_wherever_it_stands() {
        let idx = index(&[(
            "get_weather",
            "Retrieves the weather forecast for a specified city on a particular date.",
            json!({"type": "object", "required": ["city"], "properties": {
                "city": {"type": "string", "description": "The name of the city"},
                "date": {"type": "string", "description": "The date, in the format of 'YYYY-MM-DD'"}}}),
        )]);
        let q = Query::parse(
            "Could you provide the forecast for Tromso on the coming Friday, today is Tuesday May 2nd 2023?",
        );
        assert!(q.in_context("today") && q.in_context("tuesday"), "{q:?}");
        assert!(!q.in_context("friday"), "{q:?}");
        let r = run(&idx, &q, &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        let call = &r.execution_shortlist[0];
        assert_eq!(call.arguments["city"], "Tromso");
        assert_eq!(call.arguments["date"], "2023-05-05");
    }

    #[test]
    fn words_that_lead_a_request_on_or_refer_without_naming_are_not_what_it_asks_for() {
        let idx = index(&[(
            "tail",
            "Last lines of a file",
            json!({"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}),
        )]);
        for query in [
            "Finally, lines of it",
            "Afterwards, several lines of it",
            "The lines of a certain one",
        ] {
            assert!(miss_of(&idx, query).is_none(), "{query}");
        }
        // Only a marker leading the sentence is one: "next" naming a week is a topic.
        assert_eq!(
            text::discourse_markers("Finally, the lines. Next week's report. Next, the rest"),
            ["final", "next"]
        );
        assert!(text::discourse_markers("Next week's report").is_empty());
    }

    #[test]
    fn a_word_of_a_name_the_request_gives_does_not_name_the_methods_subject() {
        let idx = index(&[(
            "list_processes",
            "Running programs on this machine",
            json!({"type": "object", "properties": {}}),
        )]);
        let query = "Find Dr. Lu's resume at the Chinese Information Processing Laboratory";
        assert!(miss_of(&idx, query).is_some(), "{query}");
        // The same word where the request asks, or as one capitalised word, is a mention.
        for query in [
            "Show me the processes at the Chinese Information Laboratory",
            "Show me the Processes at the Chinese Information Laboratory",
        ] {
            assert!(miss_of(&idx, query).is_none(), "{query}");
        }
    }

    #[test]
    fn what_a_request_asks_for_is_something_the_method_names_or_relates_to() {
        let idx = index(&[(
            "get_current_weather",
            "Current weather conditions in a city",
            city(),
        )]);
        // Everything but the thing asked for ("price") is the method's: a miss.
        let query = "Tell me the current price of a 'winter jacket' in Berkeley";
        assert!(miss_of(&idx, query).is_some(), "{query}");
        // The thing asked for named by the method, or related in meaning to what it names.
        for query in [
            "Tell me the current weather in Berkeley",
            "Get the weather forecast for Berkeley",
        ] {
            assert!(miss_of(&idx, query).is_none(), "{query}");
        }
        let pods = index(&[(
            "get_pods",
            "List the pods of a namespace",
            json!({"type": "object", "properties": {"namespace": {"type": "string"}}, "required": ["namespace"]}),
        )]);
        for query in [
            "Retrieve the list of secrets from the 'cascade-sandbox' namespace",
            "What secrets are in the default namespace?",
        ] {
            let r = run(&pods, &Query::parse(query), &ProbeConfig::default());
            assert!(r.missing_capability_signal.is_some(), "{query} {r:?}");
        }
        assert!(miss_of(&pods, "What pods are in the default namespace?").is_none());
    }

    #[test]
    fn a_miss_names_the_words_the_user_wrote_not_their_stems() {
        let idx = index(&[("Weather_1_GetWeather", "Current conditions", city())]);
        let r = run(
            &idx,
            &Query::parse("Which countries favour lifting trophies?"),
            &ProbeConfig::default(),
        );
        let signal = r
            .missing_capability_signal
            .expect("nothing covers trophies");
        assert_eq!(
            signal.message,
            "no query-safe method covers: countries, favour, lifting, trophies"
        );
        assert!(signal.unmatched_terms.contains(&"countri".to_owned()));
    }

    #[test]
    fn a_miss_does_not_name_a_word_a_method_covers_in_other_words() {
        let idx = index(&[(
            "FindMovies",
            "Retrieves a list of movies by their director and cast",
            json!({"type": "object", "properties": {
                "directed_by": {"type": "string", "description": "Director of the movie"}},
                "required": []}),
        )]);
        let r = run(
            &idx,
            &Query::parse("Which film won the most awards at the festival this spring?"),
            &ProbeConfig::default(),
        );
        let miss = r
            .missing_capability_signal
            .expect("nothing covers awards or festivals");
        // The method is about movies: "film" is covered, in other words.
        assert!(
            !miss.unmatched_terms.contains(&"film".to_owned()),
            "{miss:?}"
        );
        assert!(!miss.message.contains("film"), "{}", miss.message);
        assert!(
            miss.unmatched_terms.contains(&"award".to_owned()),
            "{miss:?}"
        );
    }

    #[test]
    fn chatter_does_not_count_against_a_request_but_other_topics_do() {
        let homes = json!({"type": "object", "properties": {
            "area": {"type": "string", "description": "City to search in"},
            "bedrooms": {"type": "integer"}, "bathrooms": {"type": "integer"}},
            "required": ["area", "bedrooms"]});
        let idx = index(&[(
            "Homes_2_FindHomeByArea",
            "Find a property to buy, with bedrooms and bathrooms",
            homes,
        )]);
        let chatty = "Honestly I'd really love something nice, maybe a place to buy with 3 bedrooms and 2 bathrooms in Leeds, I think";
        let r = run(&idx, &Query::parse(chatty), &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        // Words that only stress how much it matters are chatter too.
        let stressed = "Crucially, meticulously and thoroughly, however keen, find a place to buy with 3 bedrooms in Leeds";
        let r = run(&idx, &Query::parse(stressed), &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        let other = "Tides and ferries and harbour fees and moorings, also a place to buy with 3 bedrooms and 2 bathrooms in Leeds, plus boats";
        let r = run(&idx, &Query::parse(other), &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_some(), "{r:?}");
    }

    #[test]
    fn dates_count_for_a_method_that_takes_one() {
        let daylight = |param: Value| {
            index(&[(
                "Almanac_1_GetDaylight",
                "Sunrise and sunset times",
                json!({"type": "object", "properties": {"when": param}, "required": ["when"]}),
            )])
        };
        let query = "When is sunrise on the 4th of April 2023?";
        let r = run(
            &daylight(json!({"type": "string", "format": "date"})),
            &Query::parse(query),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.execution_shortlist[0].arguments["when"], "2023-04-04");
        let r = run(
            &daylight(json!({"type": "string", "enum": ["north", "south"]})),
            &Query::parse(query),
            &ProbeConfig::default(),
        );
        assert!(
            r.missing_capability_signal.is_some(),
            "no date parameter, no credit for the date: {r:?}"
        );
    }

    #[test]
    fn the_verbs_that_frame_a_request_are_not_what_it_asks_for() {
        let city = json!({"type": "object", "properties": {"city": {"type": "string",
            "description": "The city to search in."}}, "required": ["city"]});
        let idx = index(&[
            (
                "FindProvider",
                "Search for a hair stylist within a specified city; the salon may be unisex.",
                city.clone(),
            ),
            (
                "BookAppointment",
                "Books an appointment with a hair stylist or salon at a time and date.",
                city.clone(),
            ),
            (
                "FindRestaurants",
                "Finds restaurants in a city by food category.",
                city,
            ),
        ]);
        let probe = |q: &str| run(&idx, &Query::parse(q), &ProbeConfig::default());
        let r = probe("Would you help me to find a salon in Mill Valley?");
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.execution_shortlist[0].arguments["city"], "Mill Valley");
        // Where "help" is what the request is about, it still counts against the method.
        let r = probe("Find a salon whose help desk in Mill Valley answers calls");
        assert!(r.missing_capability_signal.is_some(), "{r:?}");
    }

    #[test]
    fn numbers_count_for_a_method_that_takes_a_list_of_them() {
        let sorter = |items: Value| {
            index(&[(
                "array_sort",
                "Sorts a given list in ascending or descending order.",
                json!({"type": "object", "properties": {"list": {"type": "array", "items": items,
                    "description": "The list to sort."}}, "required": ["list"]}),
            )])
        };
        let query = Query::parse("Sort the list [5, 3, 4, 1, 2] in ascending order.");
        let r = run(
            &sorter(json!({"type": "number"})),
            &query,
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(
            r.execution_shortlist[0].arguments["list"],
            json!([5, 3, 4, 1, 2])
        );
        let r = run(
            &sorter(json!({"type": "boolean"})),
            &query,
            &ProbeConfig::default(),
        );
        assert!(
            r.missing_capability_signal.is_some(),
            "a list of flags takes no numbers: {r:?}"
        );
    }

    #[test]
    fn a_request_bodys_fields_describe_the_method() {
        let idx = index(&[(
            "Appliance_Connect",
            "Send a command to an appliance",
            json!({"type": "object", "required": ["body"], "properties": {"body": {
                "type": "object", "description": "The command", "required": ["coolTarget"], "properties": {
                    "fanSpeed": {"type": "string", "enum": ["LOW", "HIGH"], "default": "LOW"},
                    "coolTarget": {"type": "integer", "description": "Cooling target in Celsius"}}}}}),
        )]);
        let r = run(
            &idx,
            &Query::parse("High fan speed, cooling target 21 celsius"),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(
            r.execution_shortlist[0].arguments["body"],
            json!({"fanSpeed": "HIGH", "coolTarget": 21})
        );
    }

    #[test]
    fn a_paraphrase_reaches_its_method_through_words_alike_in_meaning_and_nothing_else_does() {
        let idx = index(&[
            ("find_movies", "Find movies showing in a city", city()),
            ("get_forecast", "Weather forecast for a city", city()),
        ]);
        let paraphrase = Query::parse("Which films are on in Lisbon?");
        let without_table = ProbeConfig {
            weights: Weights {
                kin_floor: 1.01,
                ..Weights::DEFAULT
            },
            ..ProbeConfig::default()
        };
        // Sharing no word with the method, the paraphrase is a miss on words alone ...
        let words_only = run(&idx, &paraphrase, &without_table);
        assert!(
            words_only.missing_capability_signal.is_some(),
            "{words_only:?}"
        );
        // ... and reaches it through the table ("films" is alike to "movies").
        let report = run(&idx, &paraphrase, &ProbeConfig::default());
        assert!(report.missing_capability_signal.is_none(), "{report:?}");
        assert_eq!(report.ranked_methods[0].method, "find_movies");
        assert!(
            report.ranked_methods[0]
                .matched_terms
                .contains(&"film".to_owned())
        );
        // A request about something else stays a miss with the table.
        let unrelated = run(
            &idx,
            &Query::parse("Which banks are open in Lisbon?"),
            &ProbeConfig::default(),
        );
        assert!(
            unrelated.missing_capability_signal.is_some(),
            "{unrelated:?}"
        );
    }

    #[test]
    fn a_missing_argument_another_methods_output_gives_is_taken_from_its_call_at_most_three_deep() {
        let one = |field: &str| {
            json!({"type": "object", "properties": {field: {"type": "string", "pattern": "^x-[0-9]+$"}},
                "required": [field]})
        };
        let listing = |field: &str| {
            Some(
                json!({"type": "object", "properties": {"items": {"type": "array",
                "items": {"type": "object", "properties": {field: {"type": "string"}}}}}}),
            )
        };
        let by_name = json!({"type": "object", "properties": {"name": {"type": "string"}},
            "required": ["name"]});
        let first = |idx: &MethodIndex, q: &str| {
            let r = run(idx, &Query::parse(q), &ProbeConfig::default());
            r.ambiguity_pool
                .first()
                .cloned()
                .expect("an interpretation")
        };
        let tracklist = || {
            (
                "album_tracklist",
                "The tracklist of an album",
                one("album_id"),
                None,
            )
        };
        let albums = || {
            let out = listing("album_id");
            (
                "artist_albums",
                "Albums of an artist",
                one("artist_id"),
                out,
            )
        };
        // search_albums("Abbey Road") gives the album id the tracklist takes.
        let idx = index_with_outputs(&[
            tracklist(),
            (
                "search_albums",
                "Find albums by title",
                by_name.clone(),
                listing("album_id"),
            ),
        ]);
        let i = first(&idx, "The tracklist of the album 'Abbey Road'");
        assert_eq!(i.method, "album_tracklist");
        assert!(i.missing.is_empty(), "{i:?}");
        assert_eq!(
            i.arguments["album_id"],
            contract::reference(1, "/items/0/album_id")
        );
        assert_eq!(i.before.len(), 1);
        assert_eq!(i.before[0].method, "search_albums");
        assert_eq!(i.before[0].arguments["name"], json!("Abbey Road"));

        // Three calls deep: the id comes from a call whose own id comes from a search; the middle
        // call's reference is to the first.
        let idx = index_with_outputs(&[
            tracklist(),
            albums(),
            (
                "search_artists",
                "Find artists by name",
                by_name.clone(),
                listing("artist_id"),
            ),
        ]);
        let i = first(&idx, "The tracklist of an album by 'Nina Simone'");
        assert!(i.missing.is_empty(), "{i:?}");
        let order: Vec<&str> = i.before.iter().map(|b| b.method.as_str()).collect();
        assert_eq!(order, ["search_artists", "artist_albums"]);
        assert_eq!(
            i.before[1].arguments["artist_id"],
            contract::reference(1, "/items/0/artist_id")
        );
        assert_eq!(
            i.arguments["album_id"],
            contract::reference(2, "/items/0/album_id")
        );

        // Four deep is past the limit: the argument stays missing (asked for).
        let idx = index_with_outputs(&[
            tracklist(),
            albums(),
            (
                "label_artists",
                "Artists of a label",
                one("label_id"),
                listing("artist_id"),
            ),
            (
                "search_labels",
                "Find labels by name",
                by_name,
                listing("label_id"),
            ),
        ]);
        let i = first(&idx, "The tracklist of an album on the label 'Blue Note'");
        assert!(i.before.is_empty(), "{i:?}");
        assert_eq!(i.missing[0].name, "album_id");

        // A method that takes nothing the query names would hand over an arbitrary first item.
        let idx = index_with_outputs(&[
            tracklist(),
            (
                "list_albums",
                "Every album",
                json!({"type": "object", "properties": {}}),
                listing("album_id"),
            ),
        ]);
        let i = first(&idx, "The tracklist of the album 'Abbey Road'");
        assert!(i.before.is_empty(), "{i:?}");
        assert_eq!(i.missing[0].name, "album_id");
    }

    #[test]
    fn a_method_about_another_kind_of_the_thing_asked_for_does_not_serve_it() {
        let substance = json!({"type": "object", "required": ["substance", "pressure"], "properties": {
            "substance": {"type": "string", "description": "The substance."},
            "pressure": {"type": "number", "description": "The pressure in kPa."}}});
        let idx = index(&[(
            "thermodynamics.calculate_boiling_point",
            "Calculate the boiling point of a given substance at a specific pressure.",
            substance,
        )]);
        let probe = |q: &str| run(&idx, &Query::parse(q), &ProbeConfig::default());
        // The method names the point asked for, but as a boiling point: a freezing point is
        // another thing.
        let other = probe("What is the freezing point of water at a pressure of 10 kPa?");
        let signal = other
            .missing_capability_signal
            .expect("a boiling point is not a freezing point");
        assert_eq!(signal.reason, MissReason::NoRelevantMethod);
        let same = probe("What is the boiling point of water at a pressure of 10 kPa?");
        assert!(same.missing_capability_signal.is_none(), "{same:?}");
        // Where the metadata calls the asked thing by another word altogether, what it shares
        // still counts.
        let trip = json!({"type": "object", "required": ["miles"], "properties": {
            "miles": {"type": "number", "description": "Miles driven."}}});
        let idx = index(&[(
            "calculate_carbon_emissions",
            "Calculate the carbon emissions of a vehicle over the miles driven.",
            trip,
        )]);
        let served = run(
            &idx,
            &Query::parse("What is the carbon footprint of a vehicle driving 1500 miles?"),
            &ProbeConfig::default(),
        );
        assert!(served.missing_capability_signal.is_none(), "{served:?}");
        // A word that dates or rates the thing ("the current price") says which of it is
        // wanted, not another kind of it.
        let ticker = json!({"type": "object", "required": ["symbol"], "properties": {
            "symbol": {"type": "string", "description": "Ticker symbol, e.g. AAPL."}}});
        let idx = index(&[(
            "Get Stock Price",
            "Retrieve the latest trading price of a stock by its ticker symbol.",
            ticker,
        )]);
        let current = run(
            &idx,
            &Query::parse("What's the current price of NVDA?"),
            &ProbeConfig::default(),
        );
        assert!(current.missing_capability_signal.is_none(), "{current:?}");
        assert_eq!(current.ranked_methods[0].method, "Get Stock Price");
    }

    #[test]
    fn an_address_weighs_as_one_value_a_method_takes() {
        let qr = json!({"type": "object", "required": ["data"], "properties": {
            "data": {"type": "string", "description": "Text or URL to encode."}}});
        let idx = index(&[(
            "QRCodeGenerator",
            "Produces a QR code image for the given text or URL.",
            qr,
        )]);
        let r = run(
            &idx,
            &Query::parse("Create a QR code for https://example.com/docs/start."),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(
            r.ambiguity_pool[0].arguments["data"],
            "https://example.com/docs/start"
        );
    }

    #[test]
    fn a_question_about_the_time_is_an_ask_of_its_own() {
        let one = |name: &str, about: &str| {
            json!({"type": "object", "required": [name], "properties": {
                name: {"type": "string", "description": about}}})
        };
        let idx = index(&[
            (
                "get_time_in_timezone",
                "Get the current local time in a timezone or city.",
                one("location", "City or IANA timezone."),
            ),
            (
                "get_order_status",
                "Get the shipping status of an order by its order number.",
                one("order_id", "The order number."),
            ),
        ]);
        // The "it" of "what time is it" points back at nothing: the question is an ask.
        let r = run(
            &idx,
            &Query::parse("What time is it in Paris, and where is order 5521?"),
            &ProbeConfig::default(),
        );
        let both = &r.ambiguity_pool[0];
        assert_eq!(both.method, "get_time_in_timezone", "{r:?}");
        assert_eq!(both.arguments["location"], "Paris");
        assert_eq!(both.also.len(), 1, "{r:?}");
        assert_eq!(both.also[0].method, "get_order_status");
        assert_eq!(both.also[0].arguments["order_id"], "5521");
    }

    #[test]
    fn a_unit_is_named_by_a_method_taking_units_of_what_it_measures() {
        let units = json!({"type": "object", "required": ["value", "from_unit", "to_unit"], "properties": {
            "value": {"type": "number", "description": "The quantity."},
            "from_unit": {"type": "string", "description": "Unit to convert from."},
            "to_unit": {"type": "string", "description": "Unit to convert to."}}});
        let probe = |name: &str, about: &str| {
            let idx = index(&[(name, about, units.clone())]);
            run(
                &idx,
                &Query::parse("How many kilometers is 26.2 miles?"),
                &ProbeConfig::default(),
            )
        };
        let lengths = probe(
            "convert_units",
            "Convert a quantity between units of length, mass or volume.",
        );
        assert!(lengths.missing_capability_signal.is_none(), "{lengths:?}");
        assert_eq!(lengths.ambiguity_pool[0].arguments["to_unit"], "kilometers");
        let matched = &lengths.ranked_methods[0].matched_terms;
        assert!(
            matched.contains(&"mile".to_owned()) && matched.contains(&"kilomet".to_owned()),
            "{matched:?}"
        );
        // Miles are no unit of temperature.
        let temperatures = probe(
            "convert_temperature",
            "Convert a temperature between units such as Celsius and Fahrenheit.",
        );
        assert!(
            temperatures.missing_capability_signal.is_some(),
            "{temperatures:?}"
        );
        // A converter whose metadata names no dimension takes units of any.
        let any = probe(
            "cooking_conversion.convert",
            "Convert cooking measurements from one unit to another.",
        );
        assert!(any.missing_capability_signal.is_none(), "{any:?}");
    }

    #[test]
    fn an_object_missing_its_fields_is_one_parameter_not_given() {
        let events = json!({"type": "object", "required": ["city", "dateRange"], "properties": {
            "city": {"type": "string", "description": "City where the events take place."},
            "dateRange": {"type": "object", "description": "Range of dates.",
                "required": ["start", "end"], "properties": {
                    "start": {"type": "string", "description": "Start date, YYYY-MM-DD."},
                    "end": {"type": "string", "description": "End date, YYYY-MM-DD."}}}}});
        let idx = index(&[(
            "CulturalEventScheduler.getEvents",
            "Lists cultural events (concerts, exhibitions, festivals) in a city within a date range.",
            events,
        )]);
        // The city is given; only the range is not: a clarification, not a request about
        // something else.
        let r = run(
            &idx,
            &Query::parse("Find me concerts in Berlin."),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        let i = &r.ambiguity_pool[0];
        assert_eq!(i.arguments["city"], "Berlin");
        assert!(
            i.missing.iter().all(|m| m.name.starts_with("dateRange")),
            "{i:?}"
        );
    }

    #[test]
    fn a_kind_written_in_capitals_is_asked_for_not_given_as_a_name() {
        let idx = index(&[(
            "Weather_1_GetWeather",
            "Retrieve the weather forecast for a specified city on a particular date",
            json!({"type": "object", "required": ["city"], "properties": {
                "city": {"type": "string", "description": "The city, such as 'New York, NY'"},
                "date": {"type": "string", "description": "The date, such as '2023-04-01'"}}}),
        )]);
        let probe = |q: &str| run(&idx, &Query::parse(q), &ProbeConfig::default());
        // "a Family Counselor" is a kind of person the user wants found, not a name the weather
        // method could take beside the city; a greeting before the request changes nothing.
        for query in [
            "Find me a Family Counselor in New York?",
            "Hi, find me a Family Counselor in New York?",
        ] {
            let signal = probe(query).missing_capability_signal;
            assert!(signal.is_some(), "{query}: a counselor is not a forecast");
        }
        let forecast = probe("Hi, find me the weather forecast in New York");
        assert!(forecast.missing_capability_signal.is_none(), "{forecast:?}");
    }

    #[test]
    fn a_currency_the_request_names_is_named_by_a_method_that_takes_one() {
        let idx = index(&[(
            "exchange",
            "Exchange an amount between two monies at today's rate",
            json!({"type": "object", "required": ["amount", "base_currency", "target_currency"], "properties": {
                "amount": {"type": "integer", "description": "The amount"},
                "base_currency": {"type": "string", "description": "The currency the amount is in"},
                "target_currency": {"type": "string", "description": "The currency wanted"}}}),
        )]);
        let probe = |q: &str| run(&idx, &Query::parse(q), &ProbeConfig::default());
        let r = probe("How much will 20000 Japanese Yen be in United States Dollar?");
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.execution_shortlist[0].arguments["base_currency"], "JPY");
        let r = probe("I have 100 euro. How much is it in USD?");
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        // Money written with its sign is an amount, not a currency named: a request about
        // something else is not about exchanging it.
        let r = probe("$200 for Diego, privately");
        assert!(r.missing_capability_signal.is_some(), "{r:?}");
        // A method that takes one currency is named by one: a request naming a second one, to
        // convert between them, asks more than it does.
        let price = index(&[(
            "get_crypto_price",
            "Fetches the current market price of a cryptocurrency.",
            json!({"type": "object", "required": ["symbol"], "properties": {
                "symbol": {"type": "string", "description": "Coin symbol, e.g. BTC."},
                "currency": {"type": "string", "description": "Quote currency. Defaults to USD."}}}),
        )]);
        let probe = |q: &str| run(&price, &Query::parse(q), &ProbeConfig::default());
        let r = probe("Convert 100 euros to dollars.");
        assert!(r.missing_capability_signal.is_some(), "{r:?}");
        let r = probe("How much is Bitcoin worth in euros right now?");
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        // What a thing is worth is its price: a coin pointed at, not named, is asked for.
        let r = probe("What's that coin worth now?");
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert!(
            r.execution_shortlist[0]
                .missing
                .iter()
                .any(|m| m.name == "symbol"),
            "{r:?}"
        );
    }

    #[test]
    fn a_request_for_what_a_generator_makes_asks_for_its_values() {
        let idx = index(&[(
            "generate_random_number",
            "Generate a random number within a specified range",
            json!({"type": "object", "required": ["min", "max"], "properties": {
                "min": {"type": "integer", "description": "The minimum value"},
                "max": {"type": "integer", "description": "The maximum value"}}}),
        )]);
        // The request names what the method is about (a random number; generating is how), so
        // the values it leaves open are asked for rather than the request missed.
        let r = run(
            &idx,
            &Query::parse("Give me a random number"),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        let missing: Vec<&str> = r.ambiguity_pool[0]
            .missing
            .iter()
            .map(|m| m.name.as_str())
            .collect();
        assert_eq!(missing, ["min", "max"]);
    }

    #[test]
    fn a_how_question_asks_for_the_attribute_its_adjective_names() {
        let age = index(&[(
            "calculate_age",
            "Calculate the age based on the birthdate",
            json!({"type": "object", "required": ["birthdate"], "properties": {
                "birthdate": {"type": "string", "description": "The birthdate in YYYY-MM-DD format"}}}),
        )]);
        let probe =
            |idx: &MethodIndex, q: &str| run(idx, &Query::parse(q), &ProbeConfig::default());
        let r = probe(&age, "How old am I?");
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.ambiguity_pool[0].missing[0].name, "birthdate");
        let r = probe(&age, "I was born on 1990-05-15. How old am I?");
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(
            r.execution_shortlist[0].arguments["birthdate"],
            "1990-05-15"
        );
        // A method that takes a distance does not tell one (it gives none of what it takes).
        let fuel = index(&[(
            "estimate_fuel",
            "Estimate the fuel a trip needs",
            json!({"type": "object", "required": ["distance"], "properties": {
                "distance": {"type": "number", "description": "The distance in miles"}}}),
        )]);
        let r = probe(&fuel, "How far is Boston?");
        assert!(r.missing_capability_signal.is_some(), "{r:?}");
    }

    #[test]
    fn a_kind_the_method_description_lists_is_a_value_of_its_kind_parameter() {
        let idx = index(&[(
            "find_nearby",
            "Find places of a given type near a location, such as restaurants, pharmacies or gas stations.",
            json!({"type": "object", "required": ["location", "place_type"], "properties": {
                "location": {"type": "string", "description": "Address or city."},
                "place_type": {"type": "string", "description": "Kind of place to look for."}}}),
        )]);
        let r = run(
            &idx,
            &Query::parse("Is there a pharmacy near 221B Baker Street?"),
            &ProbeConfig::default(),
        );
        let call = &r.execution_shortlist[0].arguments;
        assert_eq!(call["place_type"], "pharmacies", "{r:?}");
        assert_eq!(call["location"], "221B Baker Street", "{r:?}");
    }

    #[test]
    fn a_dictionary_takes_any_word_and_gives_what_its_description_leads_with() {
        let dictionary = dictionary();
        let probe = |q: &str| run(&dictionary, &Query::parse(q), &ProbeConfig::default());
        // A common word, unquoted, is the value; "mean" asks for a definition, which the
        // method whose description names one gives.
        let r = probe("What does ephemeral mean?");
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.execution_shortlist[0].method, "define_word");
        assert_eq!(r.execution_shortlist[0].arguments["word"], "ephemeral");
        // Words are asked for: the method that gives words serves, not the one that only
        // takes a word (and whose name says so).
        let r = probe("Give me some other words for happy");
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.execution_shortlist[0].method, "get_synonyms");
        assert_eq!(r.execution_shortlist[0].arguments["word"], "happy");
        // A request about something else is still none of the dictionary's.
        let r = probe("What's the weather in Paris?");
        assert!(r.missing_capability_signal.is_some(), "{r:?}");
    }

    #[test]
    fn a_question_asks_for_the_attribute_its_verb_names() {
        let define = index(&[(
            "define_word",
            "Looks up the dictionary definition of an English word.",
            json!({"type": "object", "required": ["word"], "properties": {
                "word": {"type": "string", "description": "The word to define."}}}),
        )]);
        let probe =
            |idx: &MethodIndex, q: &str| run(idx, &Query::parse(q), &ProbeConfig::default());
        // "What does X mean?" asks for its meaning, which a definition gives.
        let r = probe(&define, "What does 'serendipity' mean?");
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.execution_shortlist[0].arguments["word"], "serendipity");
        // Outside a question the verb asks for nothing.
        let r = probe(&define, "I mean 'serendipity' in a toast.");
        assert!(r.missing_capability_signal.is_some(), "{r:?}");
        let value = index(&[(
            "PropertyValuation.estimate",
            "Estimate the market value of a residential property.",
            json!({"type": "object", "required": ["address"], "properties": {
                "address": {"type": "string", "description": "Street address of the property."},
                "squareFeet": {"type": "integer", "description": "Living area in square feet."},
                "bedrooms": {"type": "integer", "description": "Number of bedrooms."}}}),
        )]);
        let r = probe(
            &value,
            "What would the property at 12 Oak Lane be worth? It has 3 bedrooms.",
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.execution_shortlist[0].arguments["bedrooms"], 3);
        // "Where is it cheapest?" asks for prices; "how much do they earn?" for a salary.
        let shop = index(&[
            (
                "get_product_reviews",
                "Get customer reviews and the average rating of a product.",
                json!({"type": "object", "required": ["product_name"], "properties": {
                    "product_name": {"type": "string", "description": "Name of the product."}}}),
            ),
            (
                "compare_prices",
                "Compare the prices of a product across online stores.",
                json!({"type": "object", "required": ["product_name"], "properties": {
                    "product_name": {"type": "string", "description": "Name of the product."}}}),
            ),
            (
                "get_salary_estimate",
                "Estimate the typical salary for a job title in a location.",
                json!({"type": "object", "required": ["job_title", "location"], "properties": {
                    "job_title": {"type": "string", "description": "Job title."},
                    "location": {"type": "string", "description": "City or region."}}}),
            ),
        ]);
        let r = probe(&shop, "Where can I get the iPad Air cheapest?");
        assert_eq!(r.ambiguity_pool[0].method, "compare_prices", "{r:?}");
        let r = probe(&shop, "How much do nurses earn in Texas?");
        assert_eq!(r.ambiguity_pool[0].method, "get_salary_estimate", "{r:?}");
    }

    #[test]
    fn a_tool_set_that_only_reads_does_not_serve_a_request_to_change_something() {
        let reads = index(&[(
            "get_watchlist",
            "Get the stocks on the user's stock watchlist",
            json!({"type": "object", "properties": {}}),
        )]);
        let removal =
            "I'd like help with my stock watchlist. Would you mind removing 'TSLA' from it?";
        let signal = run(&reads, &Query::parse(removal), &ProbeConfig::default())
            .missing_capability_signal
            .expect("reading the watchlist is not removing from it");
        assert_eq!(signal.reason, MissReason::NoRelevantMethod);
        // Reading is still served; and a tool set whose method says it changes the list serves
        // the removal.
        let looks = run(
            &reads,
            &Query::parse("Show the stocks on my watchlist"),
            &ProbeConfig::default(),
        );
        assert!(looks.missing_capability_signal.is_none(), "{looks:?}");
        let manages = index(&[(
            "watchlist",
            "Manages the user's stock watchlist: add or remove stocks",
            json!({"type": "object", "properties": {}}),
        )]);
        let served = run(&manages, &Query::parse(removal), &ProbeConfig::default());
        assert!(served.missing_capability_signal.is_none(), "{served:?}");
    }

    #[test]
    fn a_method_that_acts_does_not_serve_a_request_that_only_looks() {
        let idx = index(&[(
            "Concerts_3_BuyConcertTickets",
            "Buy tickets for a concert in a city",
            city(),
        )]);
        let looks = run(
            &idx,
            &Query::parse("Find concerts in Lisbon"),
            &ProbeConfig::default(),
        );
        let signal = looks
            .missing_capability_signal
            .expect("a read is not a purchase");
        assert_eq!(signal.reason, MissReason::NoRelevantMethod);
        let asks = run(
            &idx,
            &Query::parse("Buy concert tickets in Lisbon"),
            &ProbeConfig::default(),
        );
        assert!(asks.missing_capability_signal.is_none(), "{asks:?}");
        let names = run(
            &idx,
            &Query::parse("Where can I buy concert tickets in Lisbon?"),
            &ProbeConfig::default(),
        );
        assert!(names.missing_capability_signal.is_none(), "{names:?}");
    }

    #[test]
    fn playing_is_an_act_that_listening_asks_for_and_finding_does_not() {
        let idx = index(&[(
            "Music_3_PlayMedia",
            "Plays the specified music track on a designated media player device",
            json!({"type": "object", "required": ["track"], "properties": {
                "track": {"type": "string", "description": "The title of the song"},
                "artist": {"type": "string", "description": "The artist of the song"},
                "album": {"type": "string", "description": "The album of the song"}}}),
        )]);
        let miss = miss_of(
            &idx,
            "Find me songs by Cody Johnson from his album 'Gotta Be Me'",
        );
        assert!(miss.is_some(), "finding is not playing: {miss:?}");
        for query in [
            "Play 'Shape of You' by Ed Sheeran",
            "I'd like to listen to 'Shape of You' by Ed Sheeran",
            "Listen to 'Shape of You' by Ed Sheeran",
        ] {
            let served = miss_of(&idx, query);
            assert!(served.is_none(), "{query}: {served:?}");
        }
    }

    #[test]
    fn the_words_an_abbreviated_method_name_stands_for_name_what_it_is_about() {
        let idx = index(&[(
            "calculate_gcd",
            "Calculate the greatest common divisor of two numbers",
            json!({"type": "object", "required": ["a", "b"], "properties": {
                "a": {"type": "integer", "description": "The first number"},
                "b": {"type": "integer", "description": "The second number"}}}),
        )]);
        // Asked in the words `gcd` stands for, without the numbers: the numbers are asked for,
        // as they are when the request writes "GCD".
        for query in [
            "I need the greatest common divisor of two numbers.",
            "I need the GCD of two numbers.",
        ] {
            let r = run(&idx, &Query::parse(query), &ProbeConfig::default());
            assert!(r.missing_capability_signal.is_none(), "{query}: {r:?}");
        }
        // Words that are not all of it name something else.
        assert!(miss_of(&idx, "What is the greatest of two numbers?").is_some());
    }

    #[test]
    fn enrolling_donating_or_renewing_is_not_searching_for_the_thing() {
        let idx = index(&[
            (
                "search_courses",
                "Search for online courses by subject",
                json!({"type": "object", "required": ["subject"], "properties": {
                    "subject": {"type": "string", "description": "The subject of the course"}}}),
            ),
            (
                "search_charities",
                "Search for charities by cause",
                json!({"type": "object", "required": ["cause"], "properties": {
                    "cause": {"type": "string", "description": "The cause the charity supports"}}}),
            ),
        ]);
        for query in [
            "Enroll me in a history course.",
            "Donate 20 dollars to a charity for animal welfare.",
            "Please renew my subscription to the history course.",
        ] {
            let miss = miss_of(&idx, query);
            assert!(miss.is_some(), "{query}: served by a search");
        }
        let served = miss_of(&idx, "Find me a history course.");
        assert!(served.is_none(), "{served:?}");
    }

    #[test]
    fn a_method_that_does_not_do_what_the_request_leads_with_is_no_other_reading() {
        let songs = json!({"type": "object", "properties": {
            "artist": {"type": "string", "description": "The artist"},
            "genre": {"type": "string", "enum": ["Rock", "Pop", "Jazz"]}}});
        let idx = index(&[
            ("PlayMedia", "Plays an artist on a device", songs.clone()),
            (
                "LookupMusic",
                "Retrieves a list of songs by artist and genre",
                songs,
            ),
        ]);
        let pool = |query: &str| -> Vec<String> {
            run(&idx, &Query::parse(query), &ProbeConfig::default())
                .ambiguity_pool
                .iter()
                .map(|i| i.method.clone())
                .collect()
        };
        assert_eq!(
            pool("Can you play some rock songs by Thousand Foot Krutch?"),
            ["PlayMedia"]
        );
        // One that leads with a verb neither name says goes to the method that covers it best.
        assert_eq!(
            pool("Can you get some rock songs by Thousand Foot Krutch?"),
            ["LookupMusic"]
        );
    }

    #[test]
    fn what_a_request_says_was_done_does_not_ask_for_it_again() {
        let order = json!({"type": "object", "properties": {
            "order_id": {"type": "integer", "description": "The ID of the order."}},
            "required": ["order_id"]});
        let idx = index(&[
            (
                "get_order_details",
                "Fetch the details of an order",
                order.clone(),
            ),
            (
                "place_order",
                "Place an order for shares and return its details",
                order,
            ),
        ]);
        for query in [
            "Can you fetch the details of order 150 for the shares I just placed?",
            "Fetch the details of the shares order 150 we've placed",
        ] {
            let report = run(&idx, &Query::parse(query), &ProbeConfig::default());
            let methods: Vec<&str> = report
                .ambiguity_pool
                .iter()
                .map(|i| i.method.as_str())
                .collect();
            assert_eq!(methods, ["get_order_details"], "{query}: {report:?}");
        }
        // Asked for in words of its own, the act is asked for.
        let report = run(
            &idx,
            &Query::parse("Place order 150 again, the one I placed yesterday"),
            &ProbeConfig::default(),
        );
        assert!(
            report
                .ambiguity_pool
                .iter()
                .any(|i| i.method == "place_order"),
            "{report:?}"
        );
    }

    #[test]
    fn going_somewhere_or_asking_for_help_is_how_a_request_is_put_not_what_it_asks() {
        let idx = index(&[
            (
                "Services_1_FindProvider",
                "Discover a hair stylist or salon in a specified city",
                json!({"type": "object", "properties": {
                    "city": {"type": "string", "description": "The city to search in"},
                    "is_unisex": {"type": "boolean", "description": "Whether it serves everyone"}},
                    "required": ["city"]}),
            ),
            (
                "Services_1_BookAppointment",
                "Book an appointment with a hair stylist",
                json!({"type": "object", "properties": {
                    "stylist_name": {"type": "string", "description": "The stylist"},
                    "appointment_date": {"type": "string", "description": "The date, YYYY-MM-DD"}},
                    "required": ["stylist_name", "appointment_date"]}),
            ),
            (
                "Weather_1_GetWeather",
                "Retrieves the weather for a city",
                json!({"type": "object", "properties": {
                    "city": {"type": "string", "description": "The city"}},
                    "required": ["city"]}),
            ),
        ]);
        let report = run(
            &idx,
            &Query::parse("I'll be in San Ramon and want to go to a salon."),
            &ProbeConfig::default(),
        );
        assert!(report.missing_capability_signal.is_none(), "{report:?}");
        let report = run(
            &idx,
            &Query::parse("I'll be in San Ramon and want to go to a bakery."),
            &ProbeConfig::default(),
        );
        // What the refusal says is not served is the bakery, not the going.
        let miss = report
            .missing_capability_signal
            .expect("a bakery is not served");
        assert!(
            miss.unmatched_terms.contains(&"bakeri".to_owned()),
            "{miss:?}"
        );
        assert!(!miss.unmatched_terms.contains(&"go".to_owned()), "{miss:?}");
        // Nor is asking for help.
        let report = run(
            &idx,
            &Query::parse("Hi, I think I need some help. Could you assist me with a bakery?"),
            &ProbeConfig::default(),
        );
        let miss = report
            .missing_capability_signal
            .expect("a bakery is not served");
        assert_eq!(miss.unmatched_terms, ["bakeri"], "{miss:?}");
    }

    #[test]
    fn a_count_written_as_a_word_is_a_value_a_numeric_parameter_takes() {
        let idx = index(&[(
            "Camping_1_SearchSite",
            "Search for a campsite with amenities such as showers",
            json!({"type": "object", "properties": {
                "region": {"type": "string", "description": "Where to camp"},
                "campers": {"type": "integer", "description": "How many campers"},
                "has_showers": {"type": "boolean", "description": "Whether it has showers"}},
                "required": ["region"]}),
        )]);
        let report = run(
            &idx,
            &Query::parse(
                "I'm going to Banff, Alberta and need a site for four hikers with showers.",
            ),
            &ProbeConfig::default(),
        );
        assert!(report.missing_capability_signal.is_none(), "{report:?}");
        let top = &report.ranked_methods[0];
        assert!(top.matched_terms.iter().any(|t| t == "four"), "{top:?}");
    }

    #[test]
    fn a_method_named_for_a_things_details_serves_a_request_for_any_one_of_them() {
        let sculpture = json!({"type": "object", "properties": {
            "artist": {"type": "string", "description": "The artist who made the sculpture."},
            "title": {"type": "string", "description": "The title of the sculpture."}},
            "required": ["artist", "title"]});
        let query =
            Query::parse("Find the size of the sculpture with title 'David' by Michelangelo.");
        let idx = index(&[(
            "sculpture.get_details",
            "Retrieve the details of a sculpture based on the artist and the title",
            sculpture.clone(),
        )]);
        let report = run(&idx, &query, &ProbeConfig::default());
        assert!(report.missing_capability_signal.is_none(), "{report:?}");
        assert_eq!(report.ambiguity_pool[0].method, "sculpture.get_details");
        // A method that tells one other thing about it does not tell its size.
        let idx = index(&[(
            "sculpture.get_creator",
            "Retrieve the creator of a sculpture based on the artist and the title",
            sculpture,
        )]);
        let report = run(&idx, &query, &ProbeConfig::default());
        assert!(report.missing_capability_signal.is_some(), "{report:?}");
    }

    #[test]
    fn a_method_named_for_looking_does_not_serve_a_request_to_change() {
        let alarm = json!({"type": "object", "properties": {
            "time": {"type": "string", "description": "The alarm time, e.g. 17:15."},
            "name": {"type": "string", "description": "A label for the alarm."}}});
        let idx = index(&[
            (
                "Alarm_1_GetAlarms",
                "Retrieves the list of alarms the user has configured",
                alarm.clone(),
            ),
            (
                "Timer_1_DeleteTimer",
                "Deletes a running kitchen timer",
                json!({"type": "object", "properties": {
                    "timer_id": {"type": "string", "description": "The timer to delete."}}}),
            ),
        ]);
        let report = run(
            &idx,
            &Query::parse("Set a new alarm for 17:15 named 'Grocery run'"),
            &ProbeConfig::default(),
        );
        assert!(report.missing_capability_signal.is_some(), "{report:?}");
        // A description that writes the verb only as done ("the user has set") does not name
        // the change as what the method does.
        let set = index(&[(
            "Alarm_1_GetAlarms",
            "Retrieves the list of alarms that the user has set",
            alarm.clone(),
        )]);
        let report = run(
            &set,
            &Query::parse("Can you set a new alarm for 07:30 and label it 'Morning workout'?"),
            &ProbeConfig::default(),
        );
        assert!(report.missing_capability_signal.is_some(), "{report:?}");
        // Nor does one that writes it as a state it reports ("delayed or cancelled").
        let status = index(&[(
            "getFlightStatus",
            "Get the real-time status (on time, delayed, cancelled) of a flight.",
            json!({"type": "object", "properties": {
                "flightNumber": {"type": "string", "description": "Flight number such as BA283."}},
                "required": ["flightNumber"]}),
        )]);
        let report = run(
            &status,
            &Query::parse("Cancel my flight LH400."),
            &ProbeConfig::default(),
        );
        assert!(report.missing_capability_signal.is_some(), "{report:?}");
        let report = run(
            &status,
            &Query::parse("Was flight LH400 cancelled?"),
            &ProbeConfig::default(),
        );
        assert_eq!(
            report.ambiguity_pool[0].method, "getFlightStatus",
            "{report:?}"
        );
        // Asked to look, it serves.
        let report = run(
            &idx,
            &Query::parse("Show me the alarms I have"),
            &ProbeConfig::default(),
        );
        assert_eq!(report.ambiguity_pool[0].method, "Alarm_1_GetAlarms");
        // A method named "get" whose description leads with a change does change things.
        let idx = index(&[(
            "Trains_1_GetTrainTickets",
            "Reserves tickets for a train journey between two cities",
            json!({"type": "object", "properties": {
                "from": {"type": "string", "description": "Departure city"},
                "to": {"type": "string", "description": "Arrival city"}}}),
        )]);
        let report = run(
            &idx,
            &Query::parse("Reserve train tickets from Boston to Denver"),
            &ProbeConfig::default(),
        );
        assert!(report.missing_capability_signal.is_none(), "{report:?}");
    }

    #[test]
    fn a_method_named_for_generating_makes_what_a_request_to_create_asks_for() {
        let schema = json!({"type": "object", "required": ["destination", "days"], "properties": {
            "destination": {"type": "string", "description": "City of the trip"},
            "days": {"type": "integer", "description": "Length of the trip in days"}}});
        let query = "Create an itinerary for a 7 days trip to Tokyo";
        let generator = index(&[(
            "travel_itinerary_generator",
            "Plan a travel itinerary for a destination and a number of days",
            schema.clone(),
        )]);
        let served = miss_of(&generator, query);
        assert!(served.is_none(), "{served:?}");
        // Named otherwise, a method that only reads does not do what "create" asks.
        let reader = index(&[(
            "travel_itinerary_lookup",
            "Look up a travel itinerary for a destination and a number of days",
            schema,
        )]);
        let refused = miss_of(&reader, query);
        assert!(refused.is_some(), "{refused:?}");
    }

    #[test]
    fn a_request_for_another_kind_of_the_thing_a_method_is_named_for_is_not_served() {
        let scores = index(&[(
            "basketball_scores.get_scores",
            "Retrieve the scores of a team's recent games in a league",
            json!({"type": "object", "required": ["team", "league"], "properties": {
                "team": {"type": "string", "description": "Name of the team"},
                "league": {"type": "string", "description": "Name of the league"},
                "rounds": {"type": "integer", "description": "How many rounds back"}}}),
        )]);
        let miss = miss_of(
            &scores,
            "Get the soccer scores for Real Madrid games in La Liga for the last 5 rounds",
        );
        assert!(miss.is_some(), "{miss:?}");
        // Its own kind, or none named, is served.
        for query in [
            "Get the basketball scores for the Lakers in the NBA for the last 5 rounds",
            "Get the scores for the Lakers games in the NBA for the last 5 rounds",
        ] {
            let served = miss_of(&scores, query);
            assert!(served.is_none(), "{query}: {served:?}");
        }
    }

    #[test]
    fn a_word_that_is_one_of_the_thing_is_no_other_kind_of_it() {
        let paint = index(&[(
            "mix_paint_color",
            "Combine two primary paint colors and adjust the resulting color's lightness level",
            json!({"type": "object", "required": ["color1", "color2"], "properties": {
                "color1": {"type": "string", "description": "The first primary color to be mixed"},
                "color2": {"type": "string", "description": "The second primary color to be mixed"},
                "lightness": {"type": "integer", "description": "Lightness in percent"}}}),
        )]);
        // Blue is a color, not a kind of color beside paint colors.
        let served = miss_of(&paint, "Mix yellow and blue colors at 60 percent lightness");
        assert!(served.is_none(), "{served:?}");
    }

    #[test]
    fn a_thing_of_a_kind_another_method_is_named_for_is_not_asked_of_this_one() {
        let trip = |what: &str| {
            json!({"type": "object", "required": ["origin", "destination", "date"], "properties": {
                "origin": {"type": "string", "description": format!("The city the {what} leaves from, such as 'New York'")},
                "destination": {"type": "string", "description": format!("The city the {what} goes to")},
                "date": {"type": "string", "format": "date", "description": "The day of travel"},
                "class": {"type": "string", "enum": ["Economy", "Business"], "description": "The fare class"}}})
        };
        let idx = index(&[
            (
                "Trains_1_GetTrainTickets",
                "Reserve train tickets for a journey between two cities on a date, in a fare class",
                trip("train"),
            ),
            (
                "Flights_4_SearchOnewayFlight",
                "Search for one-way flights between two cities on a date",
                trip("flight"),
            ),
        ]);
        // The train method is not what a flight ticket is asked of ("flight" and "train" are
        // too far apart in meaning for that alone to tell).
        let query =
            "I need to purchase an Economy class flight ticket from LA to New York for March 14th";
        let r = run(&idx, &Query::parse(query), &ProbeConfig::default());
        assert!(
            r.ambiguity_pool
                .iter()
                .all(|c| c.method != "Trains_1_GetTrainTickets"),
            "{r:?}"
        );
        let query =
            "I need to purchase an Economy class train ticket from LA to New York for March 14th";
        let r = run(&idx, &Query::parse(query), &ProbeConfig::default());
        assert_eq!(
            r.ambiguity_pool[0].method, "Trains_1_GetTrainTickets",
            "{r:?}"
        );
    }

    #[test]
    fn a_thing_of_another_kind_after_of_is_not_what_the_method_is_named_for() {
        let shapes = index(&[(
            "math.circle_area",
            "Calculates the area of a circle given its radius",
            json!({"type": "object", "required": ["radius"], "properties": {
                "radius": {"type": "number", "description": "The radius of the circle"}}}),
        )]);
        let miss = miss_of(
            &shapes,
            "Calculate the area of a triangle with sides 3, 4 and 5",
        );
        assert!(miss.is_some(), "{miss:?}");
        for query in [
            "Calculate the area of a circle with radius 3",
            "Calculate the area with radius 3",
        ] {
            let served = miss_of(&shapes, query);
            assert!(served.is_none(), "{query}: {served:?}");
        }
    }

    fn mortgage() -> MethodIndex {
        index(&[(
            "calculate_mortgage_payment",
            "Calculate the monthly mortgage payment given the loan amount, annual interest rate, and number of years",
            json!({"type": "object", "required": ["loan_amount", "annual_rate", "years"], "properties": {
                "loan_amount": {"type": "number", "description": "The loan amount"},
                "annual_rate": {"type": "number", "description": "The annual interest rate"},
                "years": {"type": "integer", "description": "Number of years of the loan"}}}),
        )])
    }

    #[test]
    fn a_request_that_gives_none_of_several_values_and_names_something_else_is_not_served() {
        let idx = mortgage();
        // It names what the method takes, not what it does.
        let miss = miss_of(&idx, "What's the current interest rate");
        assert!(miss.is_some(), "{miss:?}");
        // Nor does it give the rate however many values come with it: the rate is a quantity
        // it takes.
        let miss = miss_of(
            &idx,
            "What's the interest rate on a loan of 300000 over 30 years?",
        );
        assert!(miss.is_some(), "{miss:?}");
        // Naming what the method is about asks for the values; giving them plans the call.
        for query in [
            "What's the monthly payment on a loan of 300000 at 4% over 30 years?",
            "Calculate my mortgage payment",
        ] {
            let r = run(&idx, &Query::parse(query), &ProbeConfig::default());
            assert!(r.missing_capability_signal.is_none(), "{query}: {r:?}");
        }
    }

    #[test]
    fn a_request_that_points_at_what_the_method_is_about_asks_for_its_values() {
        let idx = index(&[(
            "get_player_games",
            "Get the games a player played, with their results",
            json!({"type": "object", "required": ["player_id", "season"], "properties": {
                "player_id": {"type": "string", "description": "The player's id"},
                "season": {"type": "string", "description": "The season, such as '2023-24'"}}}),
        )]);
        // "his games", "those games": a player and games the user has in mind, not written.
        for query in [
            "Show me his games and how they ended",
            "How did those games end?",
        ] {
            let r = run(&idx, &Query::parse(query), &ProbeConfig::default());
            assert!(r.missing_capability_signal.is_none(), "{query}: {r:?}");
        }
        // Without the pointing word nothing says a player is meant: the request names only what
        // the method returns.
        let miss = miss_of(&idx, "How did the games end?");
        assert!(miss.is_some(), "{miss:?}");
    }

    #[test]
    fn a_request_for_which_things_there_are_is_not_served_by_a_method_that_takes_one() {
        let idx = index(&[
            (
                "Movies_1_GetTimesForMovie",
                "Retrieve the showtimes of a specific movie at a theater on a date",
                json!({"type": "object", "required": ["movie_name", "location"], "properties": {
                    "movie_name": {"type": "string", "description": "The title of the movie"},
                    "location": {"type": "string", "description": "The city, such as 'Berkeley, CA'"}}}),
            ),
            (
                "get_synthetic_location",
                "Get one synthetic monitoring location",
                json!({"type": "object", "required": ["id"], "properties": {
                    "id": {"type": "string", "description": "The location's id"}}}),
            ),
            (
                "find_recipe",
                "Find a recipe by its name and its most calories",
                json!({"type": "object", "required": ["recipeName"], "properties": {
                    "recipeName": {"type": "string", "description": "The recipe's name"},
                    "maxCalories": {"type": "integer", "description": "The most calories"}}}),
            ),
        ]);
        // Many of the thing asked for, which the method takes one of by name or id.
        for query in [
            "Find action movies showing in Berkeley this weekend",
            "Can you search for some movies in Berkeley, CA?",
            "Find movies playing at the Orinda Theatre in Orinda, CA",
            "What are the synthetic locations, give me 5?",
            // Any one of it.
            "Can you search for a drama movie in Healdsburg, CA?",
            "Find me an IMAX movie playing at the Regal theater in San Ramon, CA",
            "I would like a drama movie at the Regal theater in San Ramon, CA",
        ] {
            let miss = miss_of(&idx, query);
            assert!(miss.is_some(), "{query}");
        }
        // One of it, named: the method tells about it.
        for query in [
            "Find the showtimes for the movie 'Dune' in Berkeley, CA",
            "Find showtimes of the movies 'Dune' in Berkeley, CA",
        ] {
            let r = run(&idx, &Query::parse(query), &ProbeConfig::default());
            assert!(r.missing_capability_signal.is_none(), "{query}: {r:?}");
            assert_eq!(
                r.ambiguity_pool[0].method, "Movies_1_GetTimesForMovie",
                "{query}"
            );
        }
        // Any one of it, named right after its word.
        let query = "Find a recipe for pasta carbonara with less than 500 calories";
        let r = run(&idx, &Query::parse(query), &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.ambiguity_pool[0].method, "find_recipe");
    }

    #[test]
    fn a_misspelt_word_reads_as_the_metadata_word_it_misspells() {
        let idx = index(&[(
            "getDataForProfessional",
            "Find professional cleaning services in a province, by their average rating",
            json!({"type": "object", "required": ["province"], "properties": {
                "province": {"type": "string", "description": "The province, such as Bangkok"},
                "avg_rating": {"type": "number", "description": "The lowest average rating"}}}),
        )]);
        let query = Query::parse("find profressional cleaning in Bangkok with rating 2.0");
        let r = run(&idx, &query, &ProbeConfig::default());
        assert!(
            r.ranked_methods[0]
                .matched_terms
                .contains(&text::stem("profressional")),
            "{r:?}"
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        // A word the model knows whole is itself, however close its spelling.
        let idx = index(&[(
            "casual_games",
            "List casual games",
            json!({"type": "object", "properties": {}}),
        )]);
        let r = run(
            &idx,
            &Query::parse("list causal links"),
            &ProbeConfig::default(),
        );
        assert!(
            !r.ranked_methods[0]
                .matched_terms
                .contains(&"causal".to_owned()),
            "{r:?}"
        );
    }

    #[test]
    fn the_method_whose_name_the_request_names_goes_before_one_that_shares_more_words() {
        let city = |what: &str| json!({"type": "string", "description": format!("The {what} city of the train journey, such as 'Los Angeles, CA'")});
        let idx = index(&[
            (
                "Trains_1_GetTrainTickets",
                "Reserve train tickets for a journey between two cities on a given date and time",
                json!({"type": "object", "required": ["_from", "to", "date_of_journey", "journey_start_time"], "properties": {
                    "_from": city("departure"), "to": city("destination"),
                    "date_of_journey": {"type": "string", "description": "The date of the train journey, 'MM/DD/YYYY'"},
                    "journey_start_time": {"type": "string", "description": "The departure time, 'HH:MM'"}}}),
            ),
            (
                "Trains_1_FindTrains",
                "Find trains going to a destination city on a given date",
                json!({"type": "object", "required": ["_from", "to", "date_of_journey"], "properties": {
                    // Its examples name the request's cities: as metadata words they weigh less
                    // than values, so it scores below the method that names fewer words.
                    "_from": {"type": "string", "description": "Starting city, such as 'San Francisco, CA'"},
                    "to": city("destination"),
                    "date_of_journey": {"type": "string", "description": "Date of the train journey, 'YYYY-MM-DD'"}}}),
            ),
        ]);
        let query =
            "Can you find trains going from San Francisco to Los Angeles on April 15th, 2023?";
        let r = run(&idx, &Query::parse(query), &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.ambiguity_pool.len(), 1, "{:?}", r.ambiguity_pool);
        assert_eq!(r.ambiguity_pool[0].method, "Trains_1_FindTrains");
    }

    #[test]
    fn values_an_earlier_turn_gives_count_for_a_method_that_requires_several() {
        let idx = mortgage();
        let history = ["I'm borrowing 300000 for 30 years at 4%.".to_owned()];
        let q = Query::parse("How much is that a month?");
        let alone = run(&idx, &q, &ProbeConfig::default());
        assert!(alone.missing_capability_signal.is_some(), "{alone:?}");
        let conversation = Conversation {
            turns: &history,
            asked: None,
            told: None,
        };
        let after = run_in_conversation(&idx, &q, conversation, &ProbeConfig::default());
        assert!(after.missing_capability_signal.is_none(), "{after:?}");
    }

    #[test]
    fn an_email_address_is_named_by_a_schema_that_takes_one() {
        let idx = index(&[(
            "findFreeSlots",
            "Find times when all attendees are free for a meeting.",
            json!({"type": "object", "required": ["attendees", "duration_minutes", "date"],
                "properties": {
                    "attendees": {"type": "array", "items": {"type": "string", "format": "email"},
                        "description": "Email addresses of the attendees"},
                    "duration_minutes": {"type": "integer", "description": "Meeting length in minutes"},
                    "date": {"type": "string", "format": "date", "description": "Day, YYYY-MM-DD"}}}),
        )]);
        let q = Query::parse(
            "When are ana@example.com and li.wei@example.org both free for a 45 minute call on 2027-01-12?",
        );
        let r = run(&idx, &q, &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        let i = &r.execution_shortlist[0];
        assert_eq!(
            i.arguments.get("attendees"),
            Some(&json!(["ana@example.com", "li.wei@example.org"])),
            "{i:?}"
        );
        // Addresses alone do not make a request about something else the method's.
        let q = Query::parse("Send the quarterly report to ana@example.com");
        let r = run(&idx, &q, &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_some(), "{r:?}");
    }

    #[test]
    fn a_code_a_schema_recognises_is_not_words_for_a_search() {
        let idx = index(&[
            (
                "search_catalog",
                "Search the library catalogue by title, author or subject.",
                json!({"type": "object", "required": ["query"], "properties": {
                    "query": {"type": "string", "description": "Search terms"},
                    "format": {"type": "string", "description": "Item format",
                        "enum": ["book", "ebook", "audiobook", "dvd"]}}}),
            ),
            (
                "get_loans",
                "List the items a library card currently has on loan, with due dates.",
                json!({"type": "object", "required": ["card_number"], "properties": {
                    "card_number": {"type": "string", "description": "Library card number",
                        "pattern": "^[0-9]{10}$"}}}),
            ),
        ]);
        let q = Query::parse("Which books do I have out on card 4455667788 and when are they due?");
        let r = run(&idx, &q, &ProbeConfig::default());
        assert_eq!(r.execution_shortlist[0].method, "get_loans", "{r:?}");
        assert!(
            r.ambiguity_pool
                .iter()
                .all(|i| i.method != "search_catalog"),
            "{:?}",
            r.ambiguity_pool
        );
        // Without the code the search reads the request as well as any.
        let q = Query::parse("Which books about owls do you have?");
        let r = run(&idx, &q, &ProbeConfig::default());
        assert_eq!(r.execution_shortlist[0].method, "search_catalog", "{r:?}");
    }

    #[test]
    fn a_later_ask_takes_the_value_an_earlier_one_gave_and_it_leaves_unsaid() {
        let idx = index(&[
            (
                "get_current_weather",
                "Current weather conditions in a city.",
                city(),
            ),
            (
                "get_forecast",
                "Daily weather forecast for a city for the next days.",
                json!({"type": "object", "required": ["city"], "properties": {
                    "city": {"type": "string", "description": "City name"},
                    "days": {"type": "integer", "description": "Number of days", "minimum": 1,
                        "maximum": 7}}}),
            ),
        ]);
        let q =
            Query::parse("What's the weather in Lisbon now and the forecast for the next 3 days?");
        let r = run(&idx, &q, &ProbeConfig::default());
        let calls = planned_calls(&r, "city");
        assert_eq!(
            calls,
            [
                ("get_current_weather", &json!("Lisbon")),
                ("get_forecast", &json!("Lisbon"))
            ],
            "{r:?}"
        );
    }

    #[test]
    fn a_phrase_a_preposition_opens_details_the_ask_before_it() {
        let idx = index(&[
            (
                "get_train_tickets",
                "Reserve train tickets for a journey.",
                json!({"type": "object", "required": ["from", "to", "date"], "properties": {
                    "from": {"type": "string", "description": "Departure city"},
                    "to": {"type": "string", "description": "Arrival city"},
                    "date": {"type": "string", "description": "Date of the journey, YYYY-MM-DD"},
                    "class": {"type": "string", "enum": ["Value", "Flexible", "Business"],
                        "description": "Fare class"}}}),
            ),
            (
                "find_trains",
                "Find trains between two cities on a date, optionally in one fare class.",
                json!({"type": "object", "required": ["from", "to"], "properties": {
                    "from": {"type": "string", "description": "Departure city"},
                    "to": {"type": "string", "description": "Arrival city"},
                    "class": {"type": "string", "enum": ["Value", "Flexible", "Business"],
                        "description": "Fare class"}}}),
            ),
        ]);
        let q = Query::parse(
            "Reserve train tickets from Boston to Chicago on 2027-04-23 and in business class",
        );
        let r = run(&idx, &q, &ProbeConfig::default());
        let first = &r.execution_shortlist[0];
        assert_eq!(first.method, "get_train_tickets", "{r:?}");
        assert!(first.also.is_empty(), "one call, not two: {first:?}");
        assert_eq!(
            first.arguments.get("class"),
            Some(&json!("Business")),
            "{first:?}"
        );
    }

    #[test]
    fn a_word_the_tool_description_shares_does_not_make_the_first_method_own_an_ask() {
        // "Stories, comments and users of Hacker News" names users for every method: the
        // profile of a user is still the user method's ask, not a detail of the top stories.
        let idx = index_of_tool(
            "Stories, comments and users of Hacker News.",
            &[
                (
                    "get_top_stories",
                    "Current top stories on Hacker News.",
                    json!({"type": "object", "properties": {
                        "limit": {"type": "integer", "description": "How many stories"}}}),
                    None,
                ),
                (
                    "get_user",
                    "Profile of a Hacker News user: karma, creation date, about text.",
                    json!({"type": "object", "required": ["username"], "properties": {
                        "username": {"type": "string", "description": "User name"}}}),
                    None,
                ),
            ],
        );
        let q = Query::parse("Show me the top stories on Hacker News and the profile of user dang");
        let r = run(&idx, &q, &ProbeConfig::default());
        let first = &r.execution_shortlist[0];
        let methods: Vec<&str> = std::iter::once(first)
            .chain(&first.also)
            .map(|i| i.method.as_str())
            .collect();
        assert_eq!(methods, ["get_top_stories", "get_user"], "{r:?}");
        assert_eq!(
            first.also[0].arguments.get("username"),
            Some(&json!("dang"))
        );
    }

    #[test]
    fn a_question_put_elsewhere_is_unserved_though_the_tool_description_relates_to_it() {
        // "Access files ..." of the tool relates loosely to a domain; the listing method's own
        // metadata does not, so who owns a domain is a part nothing serves.
        let idx = index_of_tool(
            "Access files on the local disk inside the allowed directories.",
            &[
                (
                    "list_directory",
                    "List the files and directories in a directory.",
                    json!({"type": "object", "required": ["path"], "properties": {
                        "path": {"type": "string", "description": "Directory path"}}}),
                    None,
                ),
                (
                    "read_file",
                    "Read the complete contents of a file.",
                    json!({"type": "object", "required": ["path"], "properties": {
                        "path": {"type": "string", "description": "Path of the file"}}}),
                    None,
                ),
            ],
        );
        let miss = miss_of(
            &idx,
            "List the files in /srv/app and tell me who owns the domain example.com",
        )
        .expect("a part no method serves");
        let partial = miss.partial.expect("the servable rest");
        assert_eq!(
            partial.unserved_parts,
            ["tell me who owns the domain example.com"]
        );
        assert_eq!(partial.servable_parts[0].1.method, "list_directory");
    }

    #[test]
    fn a_thing_a_determiner_puts_that_another_method_serves_is_an_ask_though_it_points_back() {
        let idx = index_of_tool(
            "",
            &[
                (
                    "get_driver_standings",
                    "Drivers' championship standings of a season.",
                    json!({"type": "object", "required": ["season"], "properties": {
                        "season": {"type": "integer", "description": "Season year"}}}),
                    None,
                ),
                (
                    "get_race_results",
                    "Finishing order of a Grand Prix.",
                    json!({"type": "object", "required": ["season", "round"], "properties": {
                        "season": {"type": "integer", "description": "Season year"},
                        "round": {"type": "integer",
                            "description": "Round number within the season"}}}),
                    None,
                ),
            ],
        );
        let q =
            Query::parse("Get the 2022 driver standings and the results of round 3 that season");
        let r = run(&idx, &q, &ProbeConfig::default());
        let calls = planned_calls(&r, "season");
        assert_eq!(
            calls,
            [
                ("get_driver_standings", &json!(2022)),
                ("get_race_results", &json!(2022))
            ],
            "{r:?}"
        );
    }

    #[test]
    fn a_verb_of_a_question_about_what_someone_does_names_no_thing() {
        let idx = index(&[(
            "list_charges",
            "Recent charges, newest first, optionally for one customer.",
            json!({"type": "object", "properties": {
                "customer": {"type": "string", "description": "Customer id"},
                "limit": {"type": "integer", "description": "How many charges"}}}),
        )]);
        assert!(
            miss_of(&idx, "What fees do you charge for payments in Germany?").is_some(),
            "the fees charged are no list of charges"
        );
        let r = run(
            &idx,
            &Query::parse("Show me the recent charges"),
            &ProbeConfig::default(),
        );
        assert_eq!(first_shortlisted(&r), Some("list_charges"), "{r:?}");
    }

    #[test]
    fn what_about_a_plain_word_replaces_the_name_the_turn_before_gave() {
        let idx = index(&[(
            "get_user",
            "Profile of a Hacker News user: karma, creation date, about text.",
            json!({"type": "object", "required": ["username"], "properties": {
                "username": {"type": "string", "description": "User name"}}}),
        )]);
        let history = ["How much karma does the user pg have?".to_owned()];
        let conversation = Conversation {
            turns: &history,
            asked: None,
            told: None,
        };
        let r = run_in_conversation(
            &idx,
            &Query::parse("What about dang?"),
            conversation,
            &ProbeConfig::default(),
        );
        let i = &r.execution_shortlist[0];
        assert_eq!(i.arguments.get("username"), Some(&json!("dang")), "{r:?}");
    }

    #[test]
    fn an_ip_address_is_recognised_by_a_parameter_for_one() {
        let idx = index(&[(
            "lookup_ip",
            "Location, ISP and organisation of an IPv4 or IPv6 address.",
            json!({"type": "object", "required": ["ip"], "properties": {
                "ip": {"type": "string", "description": "IP address", "format": "ipv4"}}}),
        )]);
        for (request, ip) in [
            ("Where is 8.8.8.8 located?", "8.8.8.8"),
            ("Which ISP does 1.1.1.1 belong to?", "1.1.1.1"),
        ] {
            let r = run(&idx, &Query::parse(request), &ProbeConfig::default());
            assert!(r.missing_capability_signal.is_none(), "{request}: {r:?}");
            assert_eq!(
                r.execution_shortlist[0].arguments.get("ip"),
                Some(&json!(ip)),
                "{r:?}"
            );
        }
        assert!(miss_of(&idx, "Is example.com down right now?").is_some());
    }

    #[test]
    fn text_to_work_on_takes_no_question_as_its_text() {
        // A method that encodes the text it is given is no answer to a question about its
        // subject; a search would take the question.
        let idx = index(&[(
            "translate_morse",
            "Encode text as Morse code or decode Morse code into text.",
            json!({"type": "object", "required": ["text", "direction"], "properties": {
                "text": {"type": "string", "description": "Text or Morse code"},
                "direction": {"type": "string", "enum": ["encode", "decode"]}}}),
        )]);
        assert!(miss_of(&idx, "Who invented Morse code?").is_some());
        let r = run(
            &idx,
            &Query::parse("Decode this Morse: .... . .-.. .-.. ---"),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        let r = run(
            &idx,
            &Query::parse("Encode 'SOS' in Morse code"),
            &ProbeConfig::default(),
        );
        let i = &r.execution_shortlist[0];
        assert_eq!(i.arguments.get("text"), Some(&json!("SOS")), "{r:?}");
        assert_eq!(
            i.arguments.get("direction"),
            Some(&json!("encode")),
            "{r:?}"
        );
    }

    #[test]
    fn an_id_inside_a_list_named_for_its_thing_is_the_things_id_for_a_chain() {
        let output = json!({"type": "object", "properties": {"artists": {"type": "array",
            "items": {"type": "object", "properties": {"id": {"type": "string"},
                "name": {"type": "string"}}}}}});
        let idx = index_with_outputs(&[
            (
                "search_artists",
                "Search artists by name. Returns artist ids and genres.",
                json!({"type": "object", "required": ["name"], "properties": {
                    "name": {"type": "string", "description": "Artist name"}}}),
                Some(output),
            ),
            (
                "get_artist_top_tracks",
                "The ten most played tracks of an artist.",
                json!({"type": "object", "required": ["artist_id"], "properties": {
                    "artist_id": {"type": "string", "description": "Artist id as returned by search_artists",
                        "pattern": "^[0-9A-Za-z]{22}$"}}}),
                None,
            ),
        ]);
        let q = Query::parse("What are the most played tracks of Rosalía?");
        let r = run(&idx, &q, &ProbeConfig::default());
        let i = &r.execution_shortlist[0];
        assert_eq!(i.method, "get_artist_top_tracks", "{r:?}");
        assert_eq!(i.before[0].method, "search_artists", "{i:?}");
        assert_eq!(
            contract::referred(&i.arguments["artist_id"]),
            Some((1, "/artists/0/id")),
            "{i:?}"
        );
    }

    #[test]
    fn a_thing_or_a_question_joined_on_that_no_tool_serves_is_an_unserved_part() {
        let flights = index(&[
            (
                "search_flights",
                "Search flights between two airports on a date.",
                json!({"type": "object", "required": ["origin", "destination", "date"], "properties": {
                    "origin": {"type": "string", "pattern": "^[A-Z]{3}$"},
                    "destination": {"type": "string", "pattern": "^[A-Z]{3}$"},
                    "date": {"type": "string", "format": "date"}}}),
            ),
            (
                "get_baggage_policy",
                "Checked and cabin baggage allowance of an airline.",
                json!({"type": "object", "required": ["airline"], "properties": {
                    "airline": {"type": "string", "description": "Airline name"}}}),
            ),
        ]);
        // A noun phrase after "and" that points back ("that night") but that no tool names.
        let miss = miss_of(
            &flights,
            "Find flights from LHR to JFK on 2027-03-14 and a hotel near JFK for that night",
        )
        .expect("the hotel is served by nothing");
        let partial = miss.partial.expect("the flights are servable");
        assert_eq!(partial.unserved_parts, ["a hotel near JFK for that night"]);
        assert_eq!(partial.servable_parts[0].1.method, "search_flights");
        // A question put as the object of the verb before it.
        let schedule = index(&[(
            "get_schedule",
            "Talks scheduled on one day of the conference.",
            json!({"type": "object", "required": ["day"], "properties": {
                "day": {"type": "string", "format": "date"}}}),
        )]);
        let miss = miss_of(
            &schedule,
            "Show me the schedule for 2027-05-12 and how much a ticket costs",
        )
        .expect("the ticket price is served by nothing");
        let partial = miss.partial.expect("the schedule is servable");
        assert_eq!(partial.unserved_parts, ["how much a ticket costs"]);
        // Both served: two calls.
        let r = run(
            &flights,
            &Query::parse(
                "Find flights from LHR to JFK on 2027-03-14 and how many bags can I check with KLM?",
            ),
            &ProbeConfig::default(),
        );
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
        assert_eq!(r.execution_shortlist[0].also.len(), 1, "{r:?}");
    }

    #[test]
    fn what_about_asks_the_turn_before_of_something_else() {
        let idx = index(&[
            (
                "get_next_departures",
                "Next departures from a stop, optionally for one line.",
                json!({"type": "object", "required": ["stop_name"], "properties": {
                    "stop_name": {"type": "string", "description": "Name of the stop or station"},
                    "line": {"type": "string", "description": "Line number or name"}}}),
            ),
            (
                "get_service_alerts",
                "Current disruptions and service alerts, optionally for one line",
                json!({"type": "object", "properties": {
                    "line": {"type": "string", "description": "Line number or name"}}}),
            ),
            (
                "plan_journey",
                "Plan a journey by public transport between two places.",
                json!({"type": "object", "required": ["origin", "destination"], "properties": {
                    "origin": {"type": "string", "description": "Where the journey starts"},
                    "destination": {"type": "string", "description": "Where the journey ends"}}}),
            ),
        ]);
        // Alone, the turn names a line, which the departures method, listed first, also takes.
        let q = Query::parse("What about line 7?");
        let alone = run(&idx, &q, &ProbeConfig::default());
        assert_eq!(
            alone.execution_shortlist[0].method, "get_next_departures",
            "{alone:?}"
        );
        let history = ["Are there any disruptions on line 4 today?".to_owned()];
        let conversation = Conversation {
            turns: &history,
            asked: None,
            told: None,
        };
        let r = run_in_conversation(&idx, &q, conversation, &ProbeConfig::default());
        let i = &r.execution_shortlist[0];
        assert_eq!(i.method, "get_service_alerts", "{r:?}");
        assert_eq!(i.arguments.get("line"), Some(&json!("7")), "{i:?}");
        assert!(i.missing.is_empty(), "{i:?}");
    }

    #[test]
    fn a_follow_up_naming_another_value_of_a_parameter_replaces_it_unless_it_adds_one() {
        let idx = index(&[(
            "search_courses",
            "Search courses by subject and term.",
            json!({"type": "object", "required": ["subject"], "properties": {
                "subject": {"type": "string", "description": "Subject area such as Chemistry"},
                "term": {"type": "string", "enum": ["fall", "spring", "summer"]}}}),
        )]);
        let history = ["Are there any Economics courses in the fall?".to_owned()];
        let conversation = Conversation {
            turns: &history,
            asked: None,
            told: None,
        };
        let config = ProbeConfig::default();
        let r = run_in_conversation(
            &idx,
            &Query::parse("What about in the summer?"),
            conversation,
            &config,
        );
        let i = &r.execution_shortlist[0];
        assert_eq!(i.fan_out, None, "{i:?}");
        assert_eq!(i.arguments.get("term"), Some(&json!("summer")), "{i:?}");
        assert_eq!(
            i.arguments.get("subject"),
            Some(&json!("Economics")),
            "{i:?}"
        );
        // "... too" asks it of both.
        let r = run_in_conversation(
            &idx,
            &Query::parse("What about in the summer too?"),
            conversation,
            &config,
        );
        let i = &r.execution_shortlist[0];
        assert_eq!(
            i.fan_out,
            Some(("term".to_owned(), vec![json!("fall"), json!("summer")])),
            "{i:?}"
        );
    }

    #[test]
    fn a_follow_up_s_own_values_win_over_the_turn_it_follows() {
        let idx = index(&[
            (
                "get_stock_price",
                "Get the current stock price of a company",
                json!({"type": "object", "required": ["symbol"], "properties": {
                    "symbol": {"type": "string", "description": "The stock symbol, e.g. AAPL"}}}),
            ),
            (
                "get_movie_details",
                "Get details of a movie",
                json!({"type": "object", "required": ["title"], "properties": {
                    "title": {"type": "string", "description": "The title of the movie"}}}),
            ),
            (
                "calculate_distance",
                "Calculate the distance between two locations",
                json!({"type": "object", "required": ["origin", "destination"], "properties": {
                    "origin": {"type": "string", "description": "The starting location"},
                    "destination": {"type": "string", "description": "The destination location"}}}),
            ),
        ]);
        let config = ProbeConfig::default();
        let calls = |earlier: &str, turn: &str| -> Vec<(String, Map<String, Value>)> {
            let history = [earlier.to_owned()];
            let conversation = Conversation {
                turns: &history,
                asked: None,
                told: None,
            };
            let q = Query::parse(turn);
            let r = run_in_conversation(&idx, &q, conversation, &config);
            assert!(r.missing_capability_signal.is_none(), "{turn}: {r:?}");
            let i = &r.execution_shortlist[0];
            let fast = fast_pick_in_conversation(&idx, &q, conversation, &config).unwrap();
            assert_eq!(
                fast.arguments, i.arguments,
                "{turn}: the fast lane reads it alike"
            );
            std::iter::once(i)
                .chain(&i.also)
                .map(|c| (c.method.clone(), c.arguments.clone()))
                .collect()
        };
        let price = calls("What's the current stock price of Apple?", "And Microsoft?");
        assert_eq!(price.len(), 1, "{price:?}");
        assert_eq!(price[0].1["symbol"], "Microsoft");
        let film = calls(
            "Tell me about the movie Inception",
            "What about The Dark Knight?",
        );
        assert_eq!(film.len(), 1, "{film:?}");
        assert_eq!(film[0].1["title"], "The Dark Knight");
        // The earlier turn's ask is not asked again beside the follow-up's.
        let way = calls(
            "What's the distance between New York and Los Angeles?",
            "And from Chicago to Denver?",
        );
        assert_eq!(way.len(), 1, "{way:?}");
        assert_eq!(
            (&way[0].1["origin"], &way[0].1["destination"]),
            (&json!("Chicago"), &json!("Denver"))
        );
        // The two turns are two sentences: the earlier one's last word and the follow-up's first
        // are not one name.
        assert_eq!(
            joined("Tell me about Apple", "What about Google?"),
            "Tell me about Apple. What about Google?"
        );
        assert_eq!(
            joined("Tell me about Apple?", "And Google"),
            "Tell me about Apple? And Google"
        );
    }

    #[test]
    fn an_answer_to_the_assistant_s_question_gives_the_parameters_it_names() {
        let idx = index(&[
            (
                "track_package",
                "Track the status of a package",
                json!({"type": "object", "required": ["tracking_number"], "properties": {
                    "tracking_number": {"type": "string", "description": "The tracking number"}}}),
            ),
            (
                "check_palindrome",
                "Check if a word is a palindrome",
                json!({"type": "object", "required": ["word"], "properties": {
                    "word": {"type": "string", "description": "The word to check"}}}),
            ),
            (
                "get_news",
                "Get the latest news",
                json!({"type": "object", "required": ["category", "country"], "properties": {
                    "category": {"type": "string", "description": "The news category"},
                    "country": {"type": "string", "description": "The country"},
                    "summaries": {"type": "boolean", "description": "Whether to add summaries"}}}),
            ),
            (
                "translate_text",
                "Translate text from one language to another",
                json!({"type": "object", "required": ["text", "target_language"], "properties": {
                    "text": {"type": "string", "description": "The text to translate"},
                    "target_language": {"type": "string", "description": "The language to translate into"}}}),
            ),
            (
                "search_recipes",
                "Search for recipes based on ingredients",
                json!({"type": "object", "required": ["ingredients"], "properties": {
                    "ingredients": {"type": "array", "items": {"type": "string"},
                                    "description": "The ingredients to search with"}}}),
            ),
        ]);
        let config = ProbeConfig::default();
        let settle = |earlier: &str, question: &str, reply: &str| -> ProbeReport {
            let history = [earlier.to_owned()];
            let conversation = Conversation {
                turns: &history,
                asked: Some(question),
                told: None,
            };
            let q = Query::parse(reply);
            let r = run_in_conversation(&idx, &q, conversation, &config);
            if let Some(i) = r.execution_shortlist.first() {
                let fast = fast_pick_in_conversation(&idx, &q, conversation, &config).unwrap();
                assert_eq!(
                    fast.arguments, i.arguments,
                    "{reply}: the fast lane reads it alike"
                );
            }
            r
        };
        let call = |r: &ProbeReport| -> Map<String, Value> {
            assert!(r.missing_capability_signal.is_none(), "{r:?}");
            let i = &r.execution_shortlist[0];
            assert!(i.missing.is_empty(), "{i:?}");
            i.arguments.clone()
        };
        // A value introduced by a pronoun, which the turn before does not name.
        let code = settle(
            "Can you track my package?",
            "Sure, what is the tracking number?",
            "Yes, it's 1Z999AA10123456784",
        );
        assert_eq!(call(&code)["tracking_number"], "1Z999AA10123456784");
        // The answer wins over the word the turn before happened to bind.
        let word = settle(
            "Can you check if a word is a palindrome?",
            "Which word should I check?",
            "level",
        );
        assert_eq!(call(&word)["word"], "level");
        // Parts in the order the question names the parameters, and yes for a flag.
        let news = settle(
            "What's in the news?",
            "Which country, which category, and should I add summaries?",
            "Japan, business, yes",
        );
        let news = call(&news);
        assert_eq!(
            (&news["country"], &news["category"], &news["summaries"]),
            (&json!("Japan"), &json!("business"), &json!(true))
        );
        // Words no method covers are the text asked for, whole.
        let text = settle(
            "Translate a sentence into Portuguese",
            "What is the text?",
            "the Amazon rainforest is shrinking",
        );
        assert_eq!(call(&text)["text"], "the Amazon rainforest is shrinking");
        // A list asked for alone takes every part as an item.
        let dish = settle(
            "Can you find me a recipe?",
            "Sure! What ingredients do you have?",
            "chicken, rice and peppers",
        );
        assert_eq!(
            call(&dish)["ingredients"],
            json!(["chicken", "rice", "peppers"])
        );
        // Fewer parts than parameters asked: the rest is still asked for.
        let short = settle(
            "What's in the news?",
            "Which country, and which category?",
            "Japan",
        );
        assert!(short.missing_capability_signal.is_none(), "{short:?}");
        let lacks: Vec<&str> = short
            .ambiguity_pool
            .iter()
            .chain(&short.execution_shortlist)
            .flat_map(|i| i.missing.iter().map(|m| m.name.as_str()))
            .collect();
        assert!(lacks.contains(&"category"), "{short:?}");
        // A request of its own after the question is not an answer to it.
        let taxi = settle(
            "Translate a sentence into Portuguese",
            "What is the text?",
            "Actually, can you book me a taxi?",
        );
        assert!(taxi.missing_capability_signal.is_some(), "{taxi:?}");
    }

    /// The arguments the deep and the fast reading give `reply` after the user's `earlier` turn
    /// and the assistant's `question`, each of which must find a method that lacks nothing.
    fn read_reply(
        idx: &MethodIndex,
        earlier: &str,
        question: &str,
        reply: &str,
    ) -> [Map<String, Value>; 2] {
        let history = [earlier.to_owned()];
        let conversation = Conversation {
            turns: &history,
            asked: Some(question),
            told: None,
        };
        let (q, config) = (Query::parse(reply), ProbeConfig::default());
        let r = run_in_conversation(idx, &q, conversation, &config);
        assert!(r.missing_capability_signal.is_none(), "{reply}: {r:?}");
        let i = &r.execution_shortlist[0];
        assert!(i.missing.is_empty(), "{reply}: {i:?}");
        let fast = fast_pick_in_conversation(idx, &q, conversation, &config).unwrap();
        [i.arguments.clone(), fast.arguments]
    }

    #[test]
    fn a_question_that_names_one_parameter_in_full_asks_for_that_one_alone() {
        let idx = index(&[(
            "translate_text",
            "Translate text from one language to another",
            json!({"type": "object", "required": ["text", "source_language", "target_language"],
                "properties": {
                    "text": {"type": "string", "description": "The text to translate"},
                    "source_language": {"type": "string", "description": "The source language"},
                    "target_language": {"type": "string", "description": "The target language"}}}),
        )]);
        // "language" is a word of both languages' names; "source language" names one of them in
        // full. The reply is that one, not the text, and courtesy after it is no part.
        for reply in ["English", "It's English.", "English, please"] {
            let earlier = "Translate 'good night' into French";
            for args in read_reply(
                &idx,
                earlier,
                "Could you tell me the source language?",
                reply,
            ) {
                assert_eq!(
                    (
                        &args["text"],
                        &args["source_language"],
                        &args["target_language"]
                    ),
                    (&json!("good night"), &json!("English"), &json!("French")),
                    "{reply}"
                );
            }
        }
    }

    #[test]
    fn a_name_asked_for_alone_is_the_reply_as_written() {
        let idx = index(&[(
            "get_weather",
            "Get the current weather for a location",
            json!({"type": "object", "required": ["location"], "properties": {
                "location": {"type": "string", "description": "The city and state, e.g. San Francisco, CA"}}}),
        )]);
        // The question names no parameter: the method's only one is what it asks for, and the
        // name is whole, its comma and its opening capital included.
        for (reply, location) in [
            ("Seattle, WA", "Seattle, WA"),
            ("It's New York", "New York"),
            ("In Austin, TX", "Austin, TX"),
        ] {
            let question = "Which city would you like the weather for?";
            for args in read_reply(&idx, "What's the weather like?", question, reply) {
                assert_eq!(args["location"], json!(location), "{reply}");
            }
        }
    }

    #[test]
    fn a_question_in_the_words_that_describe_a_parameter_asks_for_it_alone() {
        let idx = index(&[(
            "check_visa_requirements",
            "Check visa requirements for a citizen of one country travelling to another",
            json!({"type": "object", "required": ["citizenship", "destination_country"], "properties": {
                "citizenship": {"type": "string", "description": "Country of citizenship"},
                "destination_country": {"type": "string", "description": "The country to travel to"}}}),
        )]);
        // "country of citizenship" describes `citizenship`; "country" alone is no question about
        // the destination. What the speaker says they are, or where they are from, is the value.
        let question = "Could you tell me your country of citizenship?";
        for (reply, citizenship) in [
            ("India", "India"),
            ("India, please.", "India"),
            ("I'm from India.", "India"),
            ("I am Indian.", "Indian"),
        ] {
            for args in read_reply(&idx, "Do I need a visa for Canada?", question, reply) {
                assert_eq!(
                    (&args["citizenship"], &args["destination_country"]),
                    (&json!(citizenship), &json!("Canada")),
                    "{reply}"
                );
            }
        }
    }

    #[test]
    fn text_asked_for_alone_is_the_whole_reply() {
        let idx = index(&[(
            "search_books",
            "Search for books by title or author",
            json!({"type": "object", "required": ["query"], "properties": {
                "query": {"type": "string", "description": "The title or author to search for"}}}),
        )]);
        // "and" inside a title is no boundary between parts, and the earlier turn's words are
        // not the text searched for.
        let question = "What is the title or author?";
        for args in read_reply(&idx, "Find me a book", question, "Pride and Prejudice") {
            assert_eq!(args["query"], json!("Pride and Prejudice"));
        }
    }

    #[test]
    fn a_reply_that_answers_or_only_gives_values_is_read_with_the_turn_before() {
        let idx = index(&[(
            "get_flight_fare",
            "Get the fare of a flight between two cities",
            json!({"type": "object", "required": ["origin", "destination"], "properties": {
                "origin": {"type": "string", "description": "The city the flight leaves from"},
                "destination": {"type": "string", "description": "The city the flight goes to"}}}),
        )]);
        let history = ["What is the fare of a flight?".to_owned()];
        let told = Conversation {
            turns: &history,
            asked: None,
            told: None,
        };
        // Values only, and an answer's opener.
        for reply in [
            "From Paris to Rome",
            "Sure, leaving Paris and landing in Rome",
        ] {
            let q = Query::parse(reply);
            assert!(follows_up(&q), "{reply}");
            let alone = run(&idx, &q, &ProbeConfig::default());
            assert!(
                alone.missing_capability_signal.is_some(),
                "{reply}: {alone:?}"
            );
            let after = run_in_conversation(&idx, &q, told, &ProbeConfig::default());
            assert!(
                after.missing_capability_signal.is_none(),
                "{reply}: {after:?}"
            );
            let call = after
                .execution_shortlist
                .first()
                .or(after.ambiguity_pool.first());
            assert_eq!(call.unwrap().method, "get_flight_fare", "{reply}");
        }
        let q = Query::parse("From Paris to Rome");
        let after = run_in_conversation(&idx, &q, told, &ProbeConfig::default());
        let call = &after.execution_shortlist[0];
        assert_eq!(call.arguments["origin"], "Paris");
        assert_eq!(call.arguments["destination"], "Rome");
        // A request of its own words is not a follow-up, unless what came before asked the user
        // something: then whatever the user says answers it.
        let own = Query::parse("Book the cheapest hotel the Bank of England recommends");
        assert!(!follows_up(&own));
        assert_eq!(told.followed(&own), None);
        let asked = Conversation {
            turns: &history,
            asked: Some("Where are you flying?"),
            told: None,
        };
        assert_eq!(asked.followed(&own), Some(history[0].as_str()));
        // Thanks and leave-taking close the conversation: the fare is not asked again.
        for closing in ["Thank you, that's all", "Thanks!", "Great, bye"] {
            let q = Query::parse(closing);
            assert!(!follows_up(&q), "{closing}");
            let after = run_in_conversation(&idx, &q, told, &ProbeConfig::default());
            assert!(
                after.missing_capability_signal.is_some(),
                "{closing}: {after:?}"
            );
        }
        // Thanks before a follow-up still follow up.
        assert!(follows_up(&Query::parse("Thanks! And from Rome to Oslo?")));
    }

    #[test]
    fn an_ask_may_take_its_values_from_the_rest_of_the_request() {
        let idx = index(&[(
            "interior_design_analysis.generate_report",
            "Generates a detailed interior design report based on the user's preferences",
            json!({"type": "object", "required": ["user_preferences", "data_source"], "properties": {
                "user_preferences": {"type": "string", "description": "The user's design preferences"},
                "data_source": {"type": "string", "description": "Where the data comes from",
                    "enum": ["internal_database", "survey"]},
                "output_format": {"type": "string", "enum": ["PDF", "DOCX"]}}}),
        )]);
        let query = "I'd like to start the process for creating an interior design report. \
                     My preferences include a modern style and a warm color scheme. Could we use \
                     data from our internal database and have the report in DOCX format?";
        let r = run(&idx, &Query::parse(query), &ProbeConfig::default());
        assert!(r.missing_capability_signal.is_none(), "{r:?}");
    }

    #[test]
    fn a_thing_written_as_one_not_named_is_left_unnamed() {
        let unnamed = |q: &str| leaves_unnamed(&Query::parse(q), "file_name");
        assert!(unnamed("How many words does one of my files contain?"));
        assert!(unnamed("Count the characters in a specific file."));
        assert!(unnamed("Within a different file, sort the lines"));
        assert!(unnamed("Show me another file"));
        assert!(!unnamed("Show the last lines of the file"));
        assert!(!unnamed("Count the words in report.txt"));
        // Words quoted are someone else's.
        assert!(!unnamed("Post 'I opened another file today' to my feed"));
    }

    #[test]
    fn what_a_request_quotes_is_a_value_not_a_topic_the_method_leaves_unsaid() {
        let idx = index(&[(
            "todo_add",
            "Adds an item to the todo list",
            json!({"type": "object", "required": ["content"], "properties": {
                "content": {"type": "string", "description": "The text of the item"}}}),
        )]);
        let quoted = miss_of(&idx, "can you create a todo for 'go for shopping at 9 pm'");
        assert!(quoted.is_none(), "{quoted:?}");
        // Quotes make a value of their words, never a topic of the request.
        let elsewhere = miss_of(
            &idx,
            "Translate 'buy shopping list items at the market' into Portuguese",
        );
        assert!(elsewhere.is_some(), "{elsewhere:?}");
    }

    #[test]
    fn a_method_that_acts_serves_a_request_for_what_its_name_names() {
        let idx = index(&[(
            "Homes_2_ScheduleVisit",
            "Arrange a visit to a property on a date",
            json!({"type": "object", "required": ["property_name"], "properties": {
                "property_name": {"type": "string", "description": "Name of the property"}}}),
        )]);
        let wants = miss_of(&idx, "I'd like to visit the property Northridge Apartments");
        assert!(wants.is_none(), "{wants:?}");
        // Naming the thing is not asking for what the method does to it.
        let looks = miss_of(
            &idx,
            "Who manages the Northridge Apartments property visits?",
        );
        assert!(looks.is_some(), "{looks:?}");
    }

    #[test]
    fn a_method_that_acts_serves_a_command_in_other_words() {
        let idx = index(&[(
            "set_volume",
            "Set the playback volume of the speaker",
            json!({"type": "object", "required": ["volume"], "properties": {
                "volume": {"type": "integer", "description": "Volume level from 0 to 100"}}}),
        )]);
        for command in [
            "Make the volume 20",
            "Can you lower the playback volume to 30?",
        ] {
            let miss = miss_of(&idx, command);
            assert!(miss.is_none(), "{command}: {miss:?}");
        }
        // A statement about the thing commands nothing.
        let states = miss_of(&idx, "I love my speaker volume at 20");
        assert!(states.is_some(), "{states:?}");
    }

    #[test]
    fn a_sum_of_money_anchors_a_request_in_a_method_that_takes_a_price() {
        let search = |price: &str| {
            index(&[(
                "search_products",
                "Search the product catalog by keyword.",
                json!({"type": "object", "required": ["keyword"], "properties": {
                    "keyword": {"type": "string", "description": "Search keyword."},
                    "max_number": {"type": "number", "description": price}}}),
            )])
        };
        let priced = search("Maximum price in USD.");
        let miss = miss_of(&priced, "Find wireless headphones under $100.");
        assert!(miss.is_none(), "{miss:?}");
        // Without the sum, nothing the request says is named by the method.
        assert!(miss_of(&priced, "Find wireless headphones.").is_some());
        // A method whose number is no price is not anchored by a sum of money.
        let counted = search("How many results to return.");
        assert!(miss_of(&counted, "Find wireless headphones under $100.").is_some());
    }

    #[test]
    fn the_fields_of_a_list_of_records_say_what_a_method_takes() {
        let idx = index(&[(
            "analyze_meal",
            "Analyze the calories of a meal.",
            json!({"type": "object", "required": ["ingredients"], "properties": {
                "ingredients": {"type": "array", "description": "Ingredients of the meal.",
                    "items": {"type": "object", "required": ["name", "grams"], "properties": {
                        "name": {"type": "string", "description": "Ingredient name."},
                        "grams": {"type": "number", "description": "Quantity in grams."}}}}}}),
        )]);
        let report = run(
            &idx,
            &Query::parse("Calories of a meal of 200 grams of rice"),
            &ProbeConfig::default(),
        );
        assert!(
            report.ranked_methods[0]
                .matched_terms
                .contains(&"gram".to_owned()),
            "{:?}",
            report.ranked_methods[0]
        );
        // What the request measures out ("rice", "chicken breast") is what such a list takes.
        let miss = miss_of(
            &idx,
            "How many calories are in a meal of 200 grams of rice and 150 grams of chicken breast?",
        );
        assert!(miss.is_none(), "{miss:?}");
    }

    #[test]
    fn seeing_locating_and_providing_frame_a_request_as_finding_and_giving_do() {
        let idx = index(&[(
            "Services_4_FindProvider",
            "Discover a therapist in a city.",
            json!({"type": "object", "properties": {"city": {"type": "string", "description": "City of the practice"}},
                "required": ["city"]}),
        )]);
        let coverage = |query: &str| {
            run(&idx, &Query::parse(query), &ProbeConfig::default()).ranked_methods[0].coverage
        };
        let finding = coverage("Could you find a therapist?");
        for query in [
            "Could you locate a therapist?",
            "Could you see if there is a therapist?",
            "Could you provide a therapist?",
        ] {
            assert_eq!(coverage(query), finding, "{query}");
        }
        // The verbs frame a request; they do not make an unrelated one served.
        let miss = miss_of(&idx, "Could you locate my lost keys?");
        assert!(miss.is_some());
    }

    /// The deep and the fast reading of `turn` after `conversation`, each of which must settle on
    /// a method: its name and arguments.
    fn read_after(
        idx: &MethodIndex,
        turn: &str,
        conversation: Conversation,
    ) -> [(String, Map<String, Value>); 2] {
        let (q, config) = (Query::parse(turn), ProbeConfig::default());
        let r = run_in_conversation(idx, &q, conversation, &config);
        assert!(r.missing_capability_signal.is_none(), "{turn}: {r:?}");
        let i = r
            .execution_shortlist
            .first()
            .or(r.ambiguity_pool.first())
            .unwrap();
        let fast = fast_pick_in_conversation(idx, &q, conversation, &config).unwrap();
        [
            (i.method.clone(), i.arguments.clone()),
            (fast.method, fast.arguments),
        ]
    }

    #[test]
    fn a_position_in_what_the_assistant_listed_names_the_thing_there() {
        let idx = index(&[
            (
                "search_books",
                "Search books by genre",
                json!({"type": "object", "required": ["genre"], "properties": {
                    "genre": {"type": "string", "description": "The genre", "enum": ["fantasy", "crime", "poetry"]}}}),
            ),
            (
                "get_book",
                "Get the details of a book: author, pages and reviews",
                json!({"type": "object", "required": ["book_id"], "properties": {
                    "book_id": {"type": "string", "description": "The book id, e.g. BK-1001"}}}),
            ),
        ]);
        let history = ["Find me some fantasy books".to_owned()];
        let told = "I found three: The Hobbit (BK-2001), Mistborn (BK-2002) and Eragon (BK-2003).";
        let conversation = Conversation {
            turns: &history,
            asked: None,
            told: Some(told),
        };
        for (turn, id) in [
            ("Tell me more about the third one", "BK-2003"),
            ("And the second one?", "BK-2002"),
        ] {
            for (method, args) in read_after(&idx, turn, conversation) {
                assert_eq!(method, "get_book", "{turn}");
                assert_eq!(args["book_id"], id, "{turn}");
            }
        }
        // Without the list, the position names nothing: no book is made up for it.
        let q = Query::parse("Tell me more about the third one");
        let untold = Conversation {
            told: None,
            ..conversation
        };
        let r = run_in_conversation(&idx, &q, untold, &ProbeConfig::default());
        assert!(
            r.execution_shortlist
                .iter()
                .chain(&r.ambiguity_pool)
                .all(|i| i.arguments.get("book_id") != Some(&json!("BK-2003"))),
            "{r:?}"
        );
    }

    #[test]
    fn a_reply_of_values_alone_continues_the_request_the_question_was_about() {
        let idx = index(&[
            (
                "get_balance",
                "Get the balance of an account",
                json!({"type": "object", "required": ["account_id"], "properties": {
                    "account_id": {"type": "string", "description": "The account, e.g. AC-1001", "pattern": "^AC-[0-9]{4}$"}}}),
            ),
            (
                "list_payments",
                "List the payments of an account, optionally of one category",
                json!({"type": "object", "required": ["account_id"], "properties": {
                    "account_id": {"type": "string", "description": "The account, e.g. AC-1001", "pattern": "^AC-[0-9]{4}$"},
                    "category": {"type": "string", "description": "Spending category", "enum": ["travel", "food"]}}}),
            ),
        ]);
        let history = ["Show me my travel payments".to_owned()];
        let conversation = Conversation {
            turns: &history,
            asked: Some("Which account should I look at?"),
            told: Some("Which account should I look at?"),
        };
        for (method, args) in read_after(&idx, "AC-1234", conversation) {
            assert_eq!(method, "list_payments");
            assert_eq!(args["account_id"], "AC-1234");
            assert_eq!(args["category"], "travel");
        }
        // Alone, the same value asks for the balance: the reply is what changes it.
        let alone = run(&idx, &Query::parse("AC-1234"), &ProbeConfig::default());
        assert_eq!(alone.execution_shortlist[0].method, "get_balance");
    }

    #[test]
    fn an_offer_of_help_asks_for_no_parameter() {
        let idx = index(&[(
            "search_pets",
            "Search pets waiting for adoption by species and city",
            json!({"type": "object", "required": ["species", "city"], "properties": {
                "species": {"type": "string", "description": "The species", "enum": ["dog", "cat"]},
                "city": {"type": "string", "description": "The city to search in"}}}),
        )]);
        let history = ["Hello!".to_owned()];
        let conversation = Conversation {
            turns: &history,
            asked: Some("Hello! How can I help?"),
            told: Some("Hello! How can I help?"),
        };
        let q = Query::parse("I would love to adopt a dog");
        let r = run_in_conversation(&idx, &q, conversation, &ProbeConfig::default());
        let i = r
            .execution_shortlist
            .first()
            .or(r.ambiguity_pool.first())
            .unwrap();
        assert_eq!(i.arguments.get("species"), Some(&json!("dog")), "{i:?}");
        assert!(i.arguments.get("city").is_none(), "{i:?}");
        assert!(i.missing.iter().any(|m| m.name == "city"), "{i:?}");
    }

    #[test]
    fn a_change_asked_after_a_reading_is_not_served_by_that_reading() {
        let idx = index(&[
            (
                "search_trains",
                "Find trains between two stations on a date",
                json!({"type": "object", "required": ["origin", "destination", "date"], "properties": {
                    "origin": {"type": "string", "description": "Departure station"},
                    "destination": {"type": "string", "description": "Arrival station"},
                    "date": {"type": "string", "format": "date", "description": "Travel date"}}}),
            ),
            (
                "get_station_info",
                "Get the facilities and opening hours of a station",
                json!({"type": "object", "required": ["station_name"], "properties": {
                    "station_name": {"type": "string", "description": "The station"}}}),
            ),
        ]);
        let history = ["Find me trains from Leeds to York on 2027-02-01".to_owned()];
        let conversation = Conversation {
            turns: &history,
            asked: None,
            told: Some("There are 9 trains from Leeds to York that day."),
        };
        let config = ProbeConfig::default();
        let q = Query::parse("Can you book two seats on the first one?");
        let r = run_in_conversation(&idx, &q, conversation, &config);
        assert!(r.missing_capability_signal.is_some(), "{r:?}");
        assert!(fast_pick_in_conversation(&idx, &q, conversation, &config).is_err());
        // A follow-up that asks the same of another day is still read with the turn before.
        for (method, args) in read_after(&idx, "And on 2027-02-02?", conversation) {
            assert_eq!(method, "search_trains");
            assert_eq!(
                (&args["origin"], &args["destination"], &args["date"]),
                (&json!("Leeds"), &json!("York"), &json!("2027-02-02"))
            );
        }
    }

    #[test]
    fn a_parameter_the_turn_leaves_open_takes_what_the_earlier_reading_gave_it() {
        let idx = index(&[
            (
                "get_planting_calendar",
                "Gives the sowing months of a plant for a hardiness zone",
                json!({"type": "object", "required": ["plant", "zone"], "properties": {
                    "plant": {"type": "string", "description": "The plant, e.g. tomato"},
                    "zone": {"type": "integer", "description": "Hardiness zone", "minimum": 1, "maximum": 13}}}),
            ),
            (
                "get_companion_plants",
                "Lists plants that grow well next to a plant",
                json!({"type": "object", "required": ["plant"], "properties": {
                    "plant": {"type": "string", "description": "The plant"}}}),
            ),
            (
                "get_watering_schedule",
                "Gives how often to water a plant in a season",
                json!({"type": "object", "required": ["plant"], "properties": {
                    "plant": {"type": "string", "description": "The plant"},
                    "season": {"type": "string", "description": "The season", "enum": ["summer", "winter"]}}}),
            ),
        ]);
        let history = ["When should I sow tomatoes in zone 7?".to_owned()];
        let conversation = Conversation {
            turns: &history,
            asked: None,
            told: Some("Sow them indoors in March."),
        };
        // The earlier turn's own words, bound for a plant with no example, would give "zone 7";
        // its reading gave the plant "tomato". "next to them" places, it names no plant.
        for (turn, method) in [
            (
                "And how often should I water them in summer?",
                "get_watering_schedule",
            ),
            ("What should I plant next to them?", "get_companion_plants"),
        ] {
            for (m, args) in read_after(&idx, turn, conversation) {
                assert_eq!(m, method, "{turn}");
                assert_eq!(args["plant"], "tomato", "{turn}");
            }
        }
    }
}
