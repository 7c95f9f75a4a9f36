//! Evidence units gathered from tool output.

use std::collections::HashSet;

use executor::ExecutionRecord;
use serde_json::{Map, Value};

/// One unit of evidence.
#[derive(Debug, Clone, PartialEq)]
pub struct EvidenceUnit {
    /// Stable id.
    pub id: String,
    /// Tool.
    pub tool_id: String,
    /// Method.
    pub method: String,
    /// The arguments of the call.
    pub arguments: Value,
    /// Round of rediscovery it came from (0 for the first).
    pub round: u32,
    /// Index of the call in that round's execution record.
    pub call_seq: u32,
    /// Where the record is in the call's result (RFC 6901).
    pub pointer: String,
    /// Title.
    pub title: String,
    /// Short text rendering.
    pub excerpt: String,
    /// The record.
    pub data: Value,
    /// Share of the query's terms the unit mentions (its call's arguments included).
    pub score: f64,
    /// Share of the query's terms the record itself says, without its call's arguments: what
    /// tells apart the results of one call.
    pub own_score: f64,
    /// The terms of the record's text (its title, keys and values), computed once.
    pub terms: HashSet<String>,
    /// Whether it came from a call made only to give a later call its arguments (a club search
    /// before the squad lookup): a step towards the answer, stated after what it led to.
    pub step: bool,
}

/// Evidence gathered in one request, in the order gathered.
#[derive(Debug, Clone, Default)]
pub struct EvidenceRegistry {
    units: Vec<EvidenceUnit>,
    seen: HashSet<String>,
    /// Calls that failed, as `tool.method: message`.
    pub failures: Vec<String>,
}

fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

pub(crate) fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// A compact, readable rendering: scalar fields as `key: value`, arrays of small objects as their
/// first text and first number (`Spain 0.18`), at most `max` characters.
pub fn render(v: &Value, max: usize) -> String {
    let mut parts: Vec<String> = Vec::new();
    match v {
        Value::Object(map) => {
            for (k, field) in map {
                if let Some(s) = scalar(field) {
                    parts.push(format!("{k}: {s}"));
                } else if let Value::Array(items) = field {
                    let rendered: Vec<String> = items.iter().take(8).map(pair).collect();
                    let more = if items.len() > 8 {
                        format!(" (+{} more)", items.len() - 8)
                    } else {
                        String::new()
                    };
                    parts.push(format!("{k}: {}{more}", rendered.join(", ")));
                }
            }
        }
        other => parts.push(scalar(other).unwrap_or_else(|| other.to_string())),
    }
    let mut out = parts.join("; ");
    if out.len() > max {
        let cut = (0..=max)
            .rev()
            .find(|i| out.is_char_boundary(*i))
            .unwrap_or(0);
        out.truncate(cut);
        out.push('…');
    }
    out
}

/// Text a record's words are read from: its keys and scalar values, depth first, up to
/// [`SPOKEN_BYTES`].
fn spoken(v: &Value, out: &mut String) {
    if out.len() >= SPOKEN_BYTES {
        return;
    }
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                out.push_str(k);
                out.push(' ');
                spoken(child, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| spoken(i, out)),
        other => {
            if let Some(s) = scalar(other) {
                out.push_str(&s);
                out.push(' ');
            }
        }
    }
}

/// Bytes of a record's text its terms are read from.
const SPOKEN_BYTES: usize = 4096;

fn pair(item: &Value) -> String {
    match item {
        Value::Object(map) => {
            let text = map.values().find_map(|v| v.as_str().map(str::to_owned));
            let number = map.values().find_map(|v| v.as_f64().map(|n| n.to_string()));
            match (text, number) {
                (Some(t), Some(n)) => format!("{t} {n}"),
                (Some(t), None) => t,
                (None, Some(n)) => n,
                (None, None) => "…".into(),
            }
        }
        other => scalar(other).unwrap_or_else(|| other.to_string()),
    }
}

/// A record's title: its naming field (`question`, `title`, `name`, ...), else its first short
/// text field, else its identifier, else `fallback`.
fn title_of(v: &Value, fallback: &str) -> String {
    // A naming field, or one whose name ends in a naming word (`documentTitle`).
    let named = || {
        text::lexicon::TITLE_FIELDS
            .iter()
            .find_map(|k| v.get(*k).and_then(scalar))
            .or_else(|| {
                v.as_object()?
                    .iter()
                    .find(|(k, _)| ends_with_one_of(k, text::lexicon::TITLE_FIELDS))
                    .and_then(|(_, t)| scalar(t))
            })
    };
    let first_text = || {
        v.as_object()?
            .values()
            .filter_map(Value::as_str)
            .find(|s| !s.is_empty() && s.chars().count() <= 80)
            .map(str::to_owned)
    };
    named()
        .or_else(first_text)
        .or_else(|| v.get("id").and_then(scalar))
        .unwrap_or_else(|| fallback.to_owned())
}

/// A record of a result: its identity, where it is in the result (a JSON Pointer), and itself.
type Record<'a> = (Option<String>, String, &'a Value);

/// Splits a result into records: the items of its one array of identified objects, or itself.
fn records(result: &Value) -> Vec<Record<'_>> {
    if let Value::Object(map) = result {
        let lists: Vec<(&String, &Vec<Value>)> = map
            .iter()
            .filter_map(|(k, v)| Some((k, v.as_array()?)))
            .filter(|(_, a)| {
                !a.is_empty() && a.iter().all(|i| i.as_object().is_some_and(has_identity))
            })
            .collect();
        if let [(key, items)] = lists[..] {
            let key = escape_pointer(key);
            return items
                .iter()
                .enumerate()
                .map(|(n, i)| (Some(identity(i)), format!("/{key}/{n}"), i))
                .collect();
        }
        if map
            .values()
            .all(|v| matches!(v, Value::Array(a) if a.is_empty()) || v.is_number())
            && map.values().any(Value::is_array)
        {
            return Vec::new(); // an empty listing, such as {"markets": [], "total": 0}
        }
    }
    if let Value::Array(items) = result {
        return items
            .iter()
            .enumerate()
            .map(|(n, i)| (Some(identity(i)), format!("/{n}"), i))
            .collect();
    }
    vec![(None, String::new(), result)]
}

/// A record without the fields that only say how well it matched a search (`score`, `rank`).
fn without_relevance(data: &Value) -> Value {
    match data {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| !says_relevance(k))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Whether the field `key` only says how well a record matched a search (`score`, `bm25`,
/// `searchRank`), not what the record says.
pub(crate) fn says_relevance(key: &str) -> bool {
    let fields = text::lexicon::RELEVANCE_FIELDS;
    fields.contains(&key.to_lowercase().as_str()) || ends_with_one_of(key, fields)
}

/// A key as a JSON Pointer reference token (RFC 6901): `~` as `~0`, `/` as `~1`.
fn escape_pointer(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn has_identity(o: &Map<String, Value>) -> bool {
    text::lexicon::IDENTITY_FIELDS
        .iter()
        .any(|k| o.contains_key(*k))
        || o.keys().any(|k| names_an_id(k))
}

/// Whether a field's name ends in the word "id" (`chunkId`, `order_id`): an identifier of its
/// own kind.
pub(crate) fn names_an_id(key: &str) -> bool {
    ends_with_one_of(key, &["id"])
}

/// Whether the last word of the field name `key` is one of `words` (`documentTitle` ends with
/// "title").
fn ends_with_one_of(key: &str, words: &[&str]) -> bool {
    text::words(key)
        .last()
        .is_some_and(|w| words.contains(&w.as_str()))
}

fn identity(v: &Value) -> String {
    text::lexicon::IDENTITY_FIELDS
        .iter()
        .find_map(|k| v.get(*k).and_then(scalar))
        .or_else(|| {
            v.as_object()?
                .iter()
                .find(|(k, _)| names_an_id(k))
                .and_then(|(_, id)| scalar(id))
        })
        .unwrap_or_else(|| v.to_string())
}

impl EvidenceRegistry {
    /// Marks the units of round `round` that came from `steps` (tool and method of calls made
    /// only to give later calls their arguments) as steps.
    pub fn mark_steps(&mut self, round: u32, steps: &[(String, String)]) {
        for u in self.units.iter_mut().filter(|u| u.round == round) {
            if steps.iter().any(|(t, m)| *t == u.tool_id && *m == u.method) {
                u.step = true;
            }
        }
    }

    /// Ranks the units `ids` as relevant as the unit `led_by`, and just below it, so that the
    /// answer states them right after it: what a unit said led to them (a definition read
    /// because a passage used the term).
    pub fn rank_after(&mut self, ids: &[String], led_by: &str) {
        let Some((score, own_score)) = self
            .units
            .iter()
            .find(|u| u.id == led_by)
            .map(|u| (u.score, u.own_score))
        else {
            return;
        };
        for u in self.units.iter_mut().filter(|u| ids.contains(&u.id)) {
            u.score = u.score.max(score);
            u.own_score = u.own_score.max(own_score.next_down());
        }
    }

    /// Adds the output of every successful call in `record` (round `round`), scored against
    /// `query`. Returns how many new units were added.
    pub fn gather(&mut self, record: &ExecutionRecord, round: u32, query: &str) -> usize {
        let q: HashSet<String> = text::terms(query).into_iter().collect();
        let before = self.units.len();
        // Calls the program gave up on before dispatching them (a chained call whose earlier
        // call found nothing) are failures too: their reason is in the program's result.
        for entry in record
            .result()
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let (Some(tool), Some(method), Some(error)) = (
                entry["tool"].as_str(),
                entry["method"].as_str(),
                entry["error"].as_str(),
            ) else {
                continue;
            };
            let dispatched = record
                .calls
                .iter()
                .any(|c| c.tool_id == tool && c.method == method);
            if entry["ok"] == Value::Bool(false) && !dispatched {
                self.failures.push(format!("{tool}.{method}: {error}"));
            }
        }
        for call in &record.calls {
            let result = match &call.outcome {
                Ok(result) => result,
                Err(e) => {
                    self.failures
                        .push(format!("{}.{}: {}", call.tool_id, call.method, e.message));
                    continue;
                }
            };
            let fallback = format!("{}.{}", call.tool_id, call.method);
            let argument_terms: HashSet<String> = text::terms(&call.arguments.to_string())
                .into_iter()
                .collect();
            for (identity, pointer, data) in records(result) {
                // A record with its own identity that says the same thing is the same record
                // whichever search found it (a passage two queries both return is gathered once;
                // how well it matched each query is not what it says). One without an identity
                // is known by the call that returned it.
                let canon = match &identity {
                    Some(identity) => format!(
                        "{}\u{1f}{}\u{1f}{identity}\u{1f}{}",
                        call.tool_id,
                        call.method,
                        without_relevance(data)
                    ),
                    None => format!(
                        "{}\u{1f}{}\u{1f}{}",
                        call.tool_id, call.method, call.arguments
                    ),
                };
                let id = format!("ev-{:012x}", fnv1a(&canon) & 0xffff_ffff_ffff);
                if !self.seen.insert(id.clone()) {
                    continue;
                }
                let excerpt = render(data, 400);
                let title = title_of(data, &fallback);
                // What the record says is all of it, not just its short rendering: a fixture
                // list names its competitions even where the excerpt stops at the dates.
                let mut said = String::new();
                spoken(data, &mut said);
                let mut terms: HashSet<String> = text::terms(&said).into_iter().collect();
                if title != fallback {
                    terms.extend(text::terms(&title));
                }
                let share = |found: usize| {
                    if q.is_empty() {
                        0.0
                    } else {
                        (found as f64 / q.len() as f64 * 1000.0).round() / 1000.0
                    }
                };
                let own = q.iter().filter(|t| terms.contains(*t)).count();
                let argued = q
                    .iter()
                    .filter(|t| !terms.contains(*t) && argument_terms.contains(*t))
                    .count();
                self.units.push(EvidenceUnit {
                    id,
                    tool_id: call.tool_id.clone(),
                    method: call.method.clone(),
                    arguments: call.arguments.clone(),
                    round,
                    call_seq: call.seq as u32,
                    pointer,
                    title,
                    excerpt,
                    data: data.clone(),
                    score: share(own + argued),
                    own_score: share(own),
                    terms,
                    step: false,
                });
            }
        }
        self.units.len() - before
    }

    /// Units in the order gathered; unit `i` has ordinal `i + 1`.
    pub fn units(&self) -> &[EvidenceUnit] {
        &self.units
    }

    /// The unit with ordinal `n` (1-based).
    pub fn by_ordinal(&self, n: usize) -> Option<&EvidenceUnit> {
        n.checked_sub(1).and_then(|i| self.units.get(i))
    }

    /// Whether nothing was gathered.
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// The wire form of every unit.
    pub fn to_wire(&self) -> Vec<contract::Evidence> {
        self.units
            .iter()
            .enumerate()
            .map(|(i, u)| contract::Evidence {
                id: u.id.clone(),
                ordinal: i as u32 + 1,
                tool_id: u.tool_id.clone(),
                method: u.method.clone(),
                call_seq: u.call_seq,
                call_id: format!("r{}c{}", u.round, u.call_seq),
                pointer: u.pointer.clone(),
                arguments: u.arguments.clone(),
                title: u.title.clone(),
                score: u.score,
                excerpt: u.excerpt.clone(),
                data: u.data.clone(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn identified_lists_split_and_parts_of_one_record_do_not() {
        let listing = json!({"markets": [{"id": "a", "question": "Q1?"}, {"id": "b", "question": "Q2?"}], "total": 2});
        assert_eq!(records(&listing).len(), 2);
        let odds = json!({"tournament": "T", "teams": [{"team": "Spain", "price": 0.18}]});
        assert_eq!(records(&odds).len(), 1);
        assert!(records(&json!({"markets": [], "total": 0})).is_empty());
        assert_eq!(render(&odds, 200), "tournament: T; teams: Spain 0.18");
    }

    #[test]
    fn each_record_knows_its_json_pointer_into_the_result() {
        let pointers = |v: Value| -> Vec<String> { records(&v).into_iter().map(|r| r.1).collect() };
        assert_eq!(
            pointers(json!({"total": 2, "items/all": [{"id": "a"}, {"id": "b"}]})),
            ["/items~1all/0", "/items~1all/1"]
        );
        assert_eq!(pointers(json!([{"id": "a"}, {"id": "b"}])), ["/0", "/1"]);
        assert_eq!(pointers(json!({"price": 3})), [""]);
    }
}
