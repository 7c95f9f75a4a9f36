//! Reading the parts of a JSON Schema the probe cares about: an object's properties, which are
//! required, and each property's type, enum (or `oneOf`/`anyOf` of `const`s with titles),
//! default, pattern, description and examples.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::Value;

/// A compiled `pattern`, shared across requests: schemas repeat, compiling does not need to.
/// `None` for a pattern that is not a valid regular expression. The cache is bounded; past the
/// bound it starts afresh.
pub fn compiled(pattern: &str) -> Option<Arc<regex::Regex>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Option<Arc<regex::Regex>>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(hit) = map.get(pattern) {
        return hit.clone();
    }
    if map.len() > 4096 {
        map.clear();
    }
    let re = regex::Regex::new(pattern).ok().map(Arc::new);
    map.insert(pattern.to_owned(), re.clone());
    re
}

/// What kind of moment a string parameter takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Temporal {
    /// A calendar date.
    Date,
    /// A time of day.
    Time,
    /// Both.
    DateTime,
}

/// Whether `p` takes a date, a time or both: by its `format`, else by its name's words or its
/// description ("check_in: the check-in date, YYYY-MM-DD"; "departure_time as 'YYYY-MM-DD HH:MM'").
fn temporal(p: &Param) -> Option<Temporal> {
    if p.kind.as_deref().is_some_and(|k| k != "string") {
        return None;
    }
    match p.format.as_deref() {
        Some("date") => return Some(Temporal::Date),
        Some("time") => return Some(Temporal::Time),
        Some("date-time") => return Some(Temporal::DateTime),
        _ => {}
    }
    let own = text::terms(&p.name);
    let described = p.description.to_lowercase();
    let says_date =
        described.contains("yyyy") || text::words(&described).iter().any(|w| w == "date");
    let date = own
        .iter()
        .any(|t| ["date", "day", "when"].contains(&t.as_str()))
        || (says_date && !is_free_text(p));
    let time = own
        .iter()
        .any(|t| ["time", "hour", "clock"].contains(&t.as_str()))
        || described.contains("hh:mm");
    match (date, time) {
        (true, true) => Some(Temporal::DateTime),
        (true, false) => Some(Temporal::Date),
        (false, true) => Some(Temporal::Time),
        (false, false) => None,
    }
}

/// One property of a method's input schema.
#[derive(Debug, Clone)]
pub struct Param {
    /// Property name.
    pub name: String,
    /// Whether the schema lists it as required.
    pub required: bool,
    /// `type`, when a single one is given.
    pub kind: Option<String>,
    /// Allowed values with their labels (the value itself, or a `const`'s title).
    pub choices: Vec<Choice>,
    /// Whether a `default` is declared.
    pub has_default: bool,
    /// `pattern`, for strings.
    pub pattern: Option<String>,
    /// `format`, for strings.
    pub format: Option<String>,
    /// Description (may be empty).
    pub description: String,
    /// The moment it takes, if it is a date or time string (classified once, here).
    pub temporal: Option<Temporal>,
    /// For an object with declared properties, those properties (a request body's fields).
    pub nested: Vec<Param>,
    /// `examples`, rendered as text.
    pub examples: Vec<String>,
}

/// One allowed value of an enum-like property.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The value to send.
    pub value: Value,
    /// Words that name it: the value, a `const`'s title and description, and aliases the
    /// property description gives in the form `VALUE (Alias)`.
    pub label: String,
}

/// How deep object properties are followed.
const MAX_NESTING: usize = 3;

/// The properties of an object schema, in declaration order.
pub fn params(schema: &Value) -> Vec<Param> {
    params_at(schema, 0)
}

/// Every parameter, nested ones included, depth first.
pub fn flattened(params: &[Param]) -> Vec<&Param> {
    let mut out = Vec::new();
    for p in params {
        out.push(p);
        out.extend(flattened(&p.nested));
    }
    out
}

fn params_at(schema: &Value, depth: usize) -> Vec<Param> {
    let required: Vec<&str> = schema["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let Some(props) = schema["properties"].as_object() else {
        return Vec::new();
    };
    props
        .iter()
        .map(|(name, p)| {
            let description = p["description"].as_str().unwrap_or_default().to_owned();
            let mut param = Param {
                name: name.clone(),
                required: required.contains(&name.as_str()),
                kind: p["type"].as_str().map(str::to_owned),
                choices: choices(p, &description),
                has_default: p.get("default").is_some(),
                pattern: p["pattern"].as_str().map(str::to_owned),
                format: p["format"].as_str().map(str::to_owned),
                examples: p["examples"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(render)
                    .collect(),
                description,
                temporal: None,
                nested: if depth < MAX_NESTING && p["properties"].is_object() {
                    params_at(p, depth + 1)
                } else {
                    Vec::new()
                },
            };
            param.temporal = temporal(&param);
            param
        })
        .collect()
}

fn render(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn choices(p: &Value, description: &str) -> Vec<Choice> {
    if let Some(values) = p["enum"].as_array() {
        return values
            .iter()
            .filter(|v| !v.is_null())
            .map(|v| {
                let text = render(v);
                let alias = alias_in(description, &text);
                Choice {
                    value: v.clone(),
                    label: format!("{text} {}", alias.unwrap_or_default())
                        .trim()
                        .to_owned(),
                }
            })
            .collect();
    }
    let alternatives = p["oneOf"].as_array().or_else(|| p["anyOf"].as_array());
    alternatives
        .into_iter()
        .flatten()
        .filter_map(|alt| {
            let value = alt.get("const")?.clone();
            let label = [
                render(&value),
                alt["title"].as_str().unwrap_or_default().to_owned(),
                alt["description"].as_str().unwrap_or_default().to_owned(),
            ]
            .join(" ");
            Some(Choice {
                value,
                label: label.trim().to_owned(),
            })
        })
        .collect()
}

/// `"Ticker: BTC (Bitcoin), ETH (Ethereum)"` gives `Bitcoin` for `BTC`.
fn alias_in(description: &str, value: &str) -> Option<String> {
    let at = description.find(value)?;
    let rest = description[at + value.len()..].trim_start();
    let inner = rest.strip_prefix('(')?;
    let end = inner.find(')')?;
    Some(inner[..end].to_owned())
}

/// Whether a parameter takes the user's words as they are (a search query).
pub fn is_free_text(p: &Param) -> bool {
    let stringy = p.kind.as_deref().is_none_or(|k| k == "string");
    let plain = p.choices.is_empty() && p.pattern.is_none() && p.format.is_none();
    let lowered = p.name.to_lowercase();
    stringy && plain && text::lexicon::FREE_TEXT_NAMES.contains(&lowered.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_enums_consts_aliases_and_requirements() {
        let schema = json!({
            "type": "object",
            "properties": {
                "symbol": {"type": "string", "enum": ["BTC", "ETH"], "description": "Ticker: BTC (Bitcoin), ETH (Ethereum)."},
                "unit": {"oneOf": [{"const": "c", "title": "Celsius"}, {"const": "f", "title": "Fahrenheit"}], "default": "c"},
                "id": {"type": "string", "pattern": "^x-[0-9]+$", "examples": ["x-1"]}
            },
            "required": ["symbol", "id"]
        });
        let p = params(&schema);
        assert_eq!(
            p.iter()
                .map(|p| (p.name.as_str(), p.required))
                .collect::<Vec<_>>(),
            [("symbol", true), ("unit", false), ("id", true)]
        );
        assert_eq!(p[0].choices[0].label, "BTC Bitcoin");
        assert_eq!(p[1].choices[1].label, "f Fahrenheit");
        assert!(p[1].has_default);
        assert_eq!(p[2].pattern.as_deref(), Some("^x-[0-9]+$"));
        assert_eq!(p[2].examples, ["x-1"]);
    }
}
