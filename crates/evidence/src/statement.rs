//! What one evidence unit says in an answer: the fields the request asks for, first and alone,
//! in words ([`crate::prose`]); the row of a table the request names; "as of" its timestamp.
//!
//! A field is asked for when its name shares the request's words, or words alike in meaning
//! ([`text::semantic`]); a number in the request counts only beside a shared word ("24 hour
//! change" asks for the 24-hour change, not for everything over 24 hours). When no field is
//! asked for, the unit's content speaks: its lists of records, then its numbers, then its text,
//! never its identifiers.

use std::cell::RefCell;
use std::collections::HashMap;

use serde_json::{Map, Value};
use text::lexicon;

use crate::EvidenceUnit;
use crate::prose::{self, Context, Label};

/// A field asked for when it is this close to the best-matching field.
const ASKED_SHARE: f64 = 0.75;

/// Words from which a text value reads as prose (a sentence), not as a name or a code.
const PROSE_WORDS: usize = 8;

/// Whether a value is prose: a text of a sentence or more.
fn is_prose(v: &Value) -> bool {
    v.as_str()
        .is_some_and(|s| s.split_whitespace().count() >= PROSE_WORDS)
}

/// Fields a unit shows when the request asks for none in particular.
const CONTENT_FIELDS: usize = 3;

/// What the answer is to: the request's words and the output schemas of the methods called.
pub struct Ask<'a> {
    /// The request's content terms with the words they came from, chatter removed.
    terms: Vec<(String, String)>,
    /// The vector of each word of `terms` that has one and is not a number.
    vectors: Vec<Option<text::semantic::Vector>>,
    schemas: HashMap<(&'a str, &'a str), &'a Value>,
    /// Relevance by label and field name: the records of one call share their fields.
    known: RefCell<HashMap<(String, String), f64>>,
}

impl<'a> Ask<'a> {
    /// The request `query`, with the declared output schema of each `(tool, method)`.
    pub fn new(
        query: &str,
        schemas: impl IntoIterator<Item = (&'a str, &'a str, &'a Value)>,
    ) -> Self {
        let terms: Vec<(String, String)> = text::terms_with_words(query)
            .into_iter()
            .filter(|(t, _)| !text::chatter(t))
            .collect();
        Ask {
            vectors: terms
                .iter()
                .map(|(t, w)| {
                    if number(t) {
                        None
                    } else {
                        text::semantic::vector(w)
                    }
                })
                .collect(),
            terms,
            schemas: schemas.into_iter().map(|(t, m, s)| ((t, m), s)).collect(),
            known: RefCell::new(HashMap::new()),
        }
    }

    /// How much a field answers the request: one per request word its label or name shares, a
    /// share of one per word alike in meaning; request numbers count only beside a shared word.
    pub(crate) fn relevance(&self, label: &Label, key: &str) -> f64 {
        let memo = (label.text.clone(), key.to_owned());
        if let Some(known) = self.known.borrow().get(&memo) {
            return *known;
        }
        let mut own = text::terms_with_words(&label.text);
        own.extend(text::terms_with_words(key));
        let own_vectors: Vec<text::semantic::Vector> = own
            .iter()
            .filter_map(|(_, w)| text::semantic::vector(w))
            .collect();
        let (mut words, mut numbers) = (0.0, 0.0);
        for ((stem, _), vector) in self.terms.iter().zip(&self.vectors) {
            if own.iter().any(|(s, _)| s == stem) {
                if number(stem) {
                    numbers += 1.0;
                } else {
                    words += 1.0;
                }
            } else if let Some(v) = vector {
                let alike = own_vectors
                    .iter()
                    .map(|o| text::semantic::cosine(v, o))
                    .fold(0.0_f32, f32::max);
                if alike >= text::semantic::ALIKE {
                    words += 0.5 * f64::from(alike);
                }
            }
        }
        let relevance = if words > 0.0 { words + numbers } else { 0.0 };
        self.known.borrow_mut().insert(memo, relevance);
        relevance
    }

    /// Whether the request names `text`: every content term of it is a request term.
    pub(crate) fn names(&self, text: &str) -> bool {
        let own = text::terms(text);
        !own.is_empty() && own.iter().all(|t| self.terms.iter().any(|(s, _)| s == t))
    }

    fn schema(&self, tool: &str, method: &str) -> Option<&'a Value> {
        self.schemas.get(&(tool, method)).copied()
    }
}

/// Whether a term is a number.
fn number(term: &str) -> bool {
    term.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// One unit, written.
#[derive(Debug, Clone)]
pub(crate) struct Statement {
    /// The unit's registry ordinal, its `[n]`.
    pub(crate) ordinal: usize,
    /// The unit's share of the request's terms (its call's arguments included).
    pub(crate) score: f64,
    /// The share of the request's terms its own record says: among the results of one call,
    /// whose arguments they share, what sets the best apart.
    pub(crate) own_score: f64,
    /// The call it came from (round, sequence).
    pub(crate) call: (u32, u32),
    /// The fields shown, by name.
    pub(crate) keys: Vec<String>,
    /// The unit written alone: a sentence, then any table under it.
    pub(crate) text: String,
    /// As a table row, when it is one line of fields: the column headers and the cells.
    pub(crate) row: Option<(Vec<String>, Vec<String>)>,
}

/// A field of a unit with its label.
struct Field<'v> {
    key: &'v str,
    label: Label,
    value: &'v Value,
}

/// What `unit` (ordinal `ordinal`) says in answer to `ask`; `None` when it has nothing to say
/// beyond its name.
pub(crate) fn statement(
    unit: &EvidenceUnit,
    ordinal: usize,
    tabular: bool,
    ask: &Ask,
) -> Option<Statement> {
    let marker = format!("[{ordinal}]");
    let call = (unit.round, unit.call_seq);
    let Value::Object(map) = &unit.data else {
        let value = prose::scalar(&unit.data, &prose::label("value", None), Context::default())?;
        return Some(Statement {
            ordinal,
            score: unit.score,
            own_score: unit.own_score,
            call,
            keys: Vec::new(),
            text: format!("{}: {value} {marker}.", unit.title),
            row: None,
        });
    };
    let schema = ask.schema(&unit.tool_id, &unit.method);
    let currency = prose::record_currency(map);
    let cx = Context {
        currency: currency.map(|(_, c)| c),
    };
    let title_key = map
        .iter()
        .find(|(_, v)| v.as_str() == Some(unit.title.as_str()))
        .map(|(k, _)| k.as_str());
    let question = unit.title.trim_end().ends_with('?');
    let symbol = (!question)
        .then(|| {
            lexicon::SYMBOL_FIELDS.iter().find_map(|k| {
                let (key, v) = map.get_key_value(*k)?;
                let s = v.as_str()?;
                (s != unit.title && !s.is_empty()).then_some((key.as_str(), s))
            })
        })
        .flatten();
    let subject = match symbol {
        Some((_, s)) => format!("{} ({s})", unit.title),
        None => unit.title.clone(),
    };
    let skipped = [title_key, symbol.map(|(k, _)| k), currency.map(|(k, _)| k)];
    // A text the title already says ("FIFA World Cup 2026" in "Who will win the FIFA World Cup
    // 2026?") is not said twice.
    let title = unit.title.to_lowercase();
    let repeats = |v: &Value| {
        v.as_str().is_some_and(|s| {
            let s = s.trim().to_lowercase();
            s.contains(' ') && title.contains(&s)
        })
    };
    let fields: Vec<Field> = map
        .iter()
        .filter(|(k, v)| !skipped.contains(&Some(k.as_str())) && !prose::is_empty(v) && !repeats(v))
        .map(|(k, v)| Field {
            key: k,
            label: prose::label(k, schema.and_then(|s| prose::field_schema(s, k))),
            value: v,
        })
        .collect();
    let (shown, asked) = shown(&fields, ask);
    if shown.is_empty() {
        return None;
    }
    let observed = fields
        .iter()
        .find(|f| f.label.observed && !shown.iter().any(|s| s.key == f.key))
        .and_then(|f| prose::scalar(f.value, &f.label, cx));

    let mut said: Vec<(String, String)> = Vec::new();
    let mut picked: Vec<String> = Vec::new();
    let mut blocks: Vec<(String, String)> = Vec::new();
    for f in &shown {
        // A list of one row the request names ("Spain's odds", answered by a call that took
        // the team) reads as that row, as it would among the others.
        let named_row = |r: &Value| {
            r.as_object().is_some_and(|r| {
                prose::naming_key(r)
                    .and_then(|k| r[k].as_str())
                    .is_some_and(|name| ask.names(name))
            })
        };
        match prose::rows(f.value) {
            Some(rows) if rows.len() > 1 || rows.first().is_some_and(named_row) => {
                let named: Vec<&Map<String, Value>> = rows
                    .iter()
                    .filter(|r| named_row(r))
                    .filter_map(Value::as_object)
                    .collect();
                if !named.is_empty() && (named.len() < rows.len() || rows.len() == 1) {
                    for r in named {
                        let key = prose::naming_key(r);
                        let name = key.and_then(|k| r[k].as_str()).unwrap_or_default();
                        let parts = prose::fields(r, key, cx);
                        picked.push(format!(
                            "{subject} — {name}: {} {marker}.",
                            parts.join(", ")
                        ));
                    }
                } else {
                    blocks.push((f.label.text.clone(), prose::table(rows, cx)));
                }
            }
            _ => {
                if let Some(value) = prose::inline(f.value, &f.label, cx) {
                    said.push((f.label.text.clone(), value));
                }
            }
        }
    }
    // The rows the request names are the answer; content it did not ask for stays out.
    if !picked.is_empty() && !asked {
        said.clear();
        blocks.clear();
    }
    let sep = if question { " — " } else { ": " };
    let mut lines: Vec<String> = Vec::new();
    let prose_alone = shown.len() == 1 && is_prose(shown[0].value);
    match said.as_slice() {
        [] => {}
        // A passage speaks for itself: "Billing: The Fleet plan costs €49 per month [1]."
        [(_, value)] if prose_alone => {
            let value = value.trim_end().trim_end_matches('.');
            lines.push(format!("{subject}{sep}{value} {marker}."));
        }
        // "The price of Solana is …"; a plural ("markets") reads better as a list.
        [(label, value)]
            if !question && picked.is_empty() && blocks.is_empty() && !plural(label) =>
        {
            let when = observed
                .as_ref()
                .map(|o| format!(" as of {o}"))
                .unwrap_or_default();
            lines.push(format!(
                "The {label} of {subject} is {value}{when} {marker}."
            ));
        }
        many => {
            let list: Vec<String> = many.iter().map(|(l, v)| format!("{l} {v}")).collect();
            let when = observed
                .as_ref()
                .map(|o| format!(" (as of {o})"))
                .unwrap_or_default();
            lines.push(format!("{subject}{sep}{}{when} {marker}.", list.join(", ")));
        }
    }
    lines.extend(picked.iter().cloned());
    for (i, (label, table)) in blocks.iter().enumerate() {
        // A Markdown table stands apart from the text around it.
        if lines.is_empty() && i == 0 {
            lines.push(format!("{subject}{sep}{label} {marker}:\n\n{table}\n"));
        } else {
            lines.push(format!("\n{}:\n\n{table}\n", prose::capitalized(label)));
        }
    }
    // As a row of a table of like units (when there are others), every shown field on one line.
    let row = (tabular && picked.is_empty()).then(|| {
        let head_label =
            title_key.map_or_else(|| "result".to_owned(), |k| prose::label(k, None).text);
        let mut head = vec![prose::capitalized(&head_label)];
        let mut cells = vec![prose::cell(&subject)];
        for f in &shown {
            head.push(prose::capitalized(&f.label.text));
            cells.push(prose::cell(
                &prose::inline(f.value, &f.label, cx).unwrap_or_default(),
            ));
        }
        (head, cells)
    });
    Some(Statement {
        ordinal,
        score: unit.score,
        own_score: unit.own_score,
        call,
        keys: shown.iter().map(|f| f.key.to_owned()).collect(),
        text: lines.join("\n").trim_end().to_owned(),
        row,
    })
}

/// Whether a label ends with a plural noun ("markets", not "address").
fn plural(label: &str) -> bool {
    label
        .rsplit(' ')
        .next()
        .is_some_and(|w| w.ends_with('s') && !w.ends_with("ss") && w.len() > 3)
}

/// The fields to show and whether the request asked for them: those it asks for, best first;
/// else the unit's content.
fn shown<'f, 'v>(fields: &'f [Field<'v>], ask: &Ask) -> (Vec<&'f Field<'v>>, bool) {
    // A short text value the request names ("open" in "is it still open?") answers it too.
    let named = |v: &Value| {
        v.as_str()
            .is_some_and(|s| s.split_whitespace().count() <= 3 && ask.names(s))
    };
    let scored: Vec<(f64, &Field)> = fields
        .iter()
        .map(|f| {
            let value = if named(f.value) { 1.0 } else { 0.0 };
            (ask.relevance(&f.label, f.key) + value, f)
        })
        .collect();
    let best = scored.iter().map(|(r, _)| *r).fold(0.0, f64::max);
    if best > 0.0 {
        let mut asked: Vec<(f64, &Field)> = scored
            .into_iter()
            .filter(|(r, _)| *r >= best * ASKED_SHARE)
            .collect();
        asked.sort_by(|a, b| b.0.total_cmp(&a.0));
        return (asked.into_iter().map(|(_, f)| f).collect(), true);
    }
    // Lists of records, then prose (a text of a sentence or more is what a record says), then
    // numbers, then the rest; never identifiers or the timestamp.
    let kind = |f: &Field| match f.value {
        v if prose::rows(v).is_some() => 0,
        v if is_prose(v) => 1,
        Value::Number(_) => 2,
        _ => 3,
    };
    let mut content: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.label.identity && !f.label.observed)
        .collect();
    content.sort_by_key(|f| kind(f));
    // A record that says something in prose (a passage) is that prose; its scores stay in the
    // evidence.
    let keep = if content.first().is_some_and(|f| is_prose(f.value)) {
        1
    } else {
        CONTENT_FIELDS
    };
    content.truncate(keep);
    (content, false)
}
