//! Values and field names as people write them: `change24hPct: -0.6` reads "24-hour change
//! -0.6%", `marketCapUsd: 419000000000` reads "market cap $419 billion", a timestamp reads
//! "21 Nov 2026, 12:00 UTC", a list of records becomes a Markdown table.
//!
//! Everything is read from the field's name, its output schema (`title`, `format`,
//! `description`) and its value; the English words it relies on are in [`text::lexicon`].
//! Nothing here knows a particular tool.

use chrono::{DateTime, NaiveDate};
use serde_json::{Map, Value};
use text::lexicon;

/// Rows a table or list shows; the rest are counted.
pub(crate) const MAX_ROWS: usize = 10;

/// Items of a list of plain values written out; the rest are counted.
const MAX_ITEMS: usize = 8;

/// How a number is written.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Unit {
    /// An amount of money in the currency with this lowercase ISO code.
    Money(&'static str),
    /// A percentage.
    Percent,
    /// A plain number.
    Plain,
}

/// A field as a reader sees it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Label {
    /// The words shown: `24-hour change`.
    pub(crate) text: String,
    unit: Unit,
    /// A change, written with its sign.
    signed: bool,
    /// A sum of money when the record says its currency (`price` beside `currency: EUR`).
    money: bool,
    /// The moment the record was observed ("as of …").
    pub(crate) observed: bool,
    /// The record's identity (`id`, `team_id`): shown only when asked for.
    pub(crate) identity: bool,
}

/// The words of a field name: `volume24hUsd` → `volume`, `24h`, `usd`.
fn name_words(key: &str) -> Vec<String> {
    let mut out = Vec::new();
    for word in text::words(key) {
        // A number after letters starts a word of its own ("change24h" → "change", "24h").
        let cut = word
            .char_indices()
            .zip(word.chars().skip(1))
            .find(|((_, a), b)| a.is_alphabetic() && b.is_ascii_digit())
            .map(|((i, a), _)| i + a.len_utf8());
        match cut {
            Some(at) => {
                out.push(word[..at].to_owned());
                out.push(word[at..].to_owned());
            }
            None => out.push(word),
        }
    }
    out
}

/// `24h` → `24-hour`.
fn span(word: &str) -> Option<String> {
    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return None;
    }
    let letters = &word[digits.len()..];
    lexicon::SPAN_LETTERS
        .iter()
        .find(|(short, _)| *short == letters)
        .map(|(_, long)| format!("{digits}-{long}"))
}

fn currency(code: &str) -> Option<&'static str> {
    let code = code.to_ascii_lowercase();
    lexicon::CURRENCIES
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(c, _)| *c)
}

/// The label of field `key`, whose output schema (when declared) is `schema`. Labels of fields
/// without a title or description of their own are remembered per thread: the rows of a table
/// and the records of a listing repeat the same names.
pub(crate) fn label(key: &str, schema: Option<&Value>) -> Label {
    thread_local! {
        static LABELS: std::cell::RefCell<std::collections::HashMap<String, Label>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    let described =
        schema.is_some_and(|s| s.get("title").is_some() || s.get("description").is_some());
    if described {
        return fresh_label(key, schema);
    }
    if let Some(known) = LABELS.with_borrow(|m| m.get(key).cloned()) {
        return known;
    }
    let made = fresh_label(key, None);
    LABELS.with_borrow_mut(|m| {
        if m.len() >= 4096 {
            m.clear();
        }
        m.insert(key.to_owned(), made.clone());
    });
    made
}

fn fresh_label(key: &str, schema: Option<&Value>) -> Label {
    let words = name_words(key);
    let mut spans = Vec::new();
    let mut unit = Unit::Plain;
    let mut rest: Vec<String> = Vec::new();
    for w in &words {
        if let Some(s) = span(w) {
            spans.push(s);
        } else if let Some(code) = currency(w).filter(|_| words.len() > 1) {
            unit = Unit::Money(code);
        } else if lexicon::PERCENT_WORDS.contains(&w.as_str()) && words.len() > 1 {
            unit = Unit::Percent;
        } else {
            rest.push(w.clone());
        }
    }
    // "isOpen" reads "open".
    if rest.len() > 1 && rest[0] == "is" {
        rest.remove(0);
    }
    let has = |list: &[&str]| rest.iter().any(|w| list.contains(&w.as_str()));
    let signed = has(lexicon::CHANGE_WORDS);
    let money = has(lexicon::MONEY_WORDS);
    let joined = rest.join(" ");
    let observed = lexicon::OBSERVED_WORDS
        .iter()
        .any(|o| joined == *o || rest.iter().any(|w| w == o));
    let identity = rest.last().is_some_and(|w| w == "id" || w == "ids");
    let shown: Vec<&str> = spans
        .iter()
        .map(String::as_str)
        .chain(rest.iter().map(|w| {
            lexicon::LABEL_WORDS
                .iter()
                .find(|(short, _)| short == w)
                .map_or(w.as_str(), |(_, long)| long)
        }))
        .collect();
    let described = |word: &str| {
        schema
            .and_then(|s| s["description"].as_str())
            .is_some_and(|d| text::words(d).iter().any(|w| w == word))
    };
    if unit == Unit::Plain && (described("percent") || described("percentage")) {
        unit = Unit::Percent;
    }
    let text = schema
        .and_then(|s| s["title"].as_str())
        .filter(|t| !t.trim().is_empty())
        .map(|t| t.trim().to_lowercase())
        .unwrap_or_else(|| shown.join(" "));
    Label {
        text,
        unit,
        signed,
        money,
        observed,
        identity,
    }
}

/// The currency a record gives its amounts in (`"currency": "EUR"`), as a lowercase code.
pub(crate) fn record_currency(record: &Map<String, Value>) -> Option<(&str, &'static str)> {
    record.iter().find_map(|(k, v)| {
        // The key's letters, lowercase, compared without allocating: this runs for every row.
        let letters = || {
            k.chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase())
        };
        let named = lexicon::CURRENCY_FIELDS
            .iter()
            .any(|f| f.chars().eq(letters()));
        if !named {
            return None;
        }
        Some((k.as_str(), currency(v.as_str()?)?))
    })
}

/// `significant(1.925, 3)` → `1.93`: at most `digits` significant digits, no trailing zeros.
fn significant(x: f64, digits: i32) -> String {
    let whole = if x.abs() < 1.0 {
        1
    } else {
        x.abs().log10().floor() as i32 + 1
    };
    let decimals = (digits - whole).max(0) as usize;
    trimmed(format!("{x:.decimals$}"))
}

fn trimmed(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s
    }
}

/// Thousands separated by commas: `15230` → `15,230`, `3480.5` with two decimals → `3,480.50`.
fn grouped(x: f64, decimals: usize) -> String {
    let text = format!("{:.decimals$}", x.abs());
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let mut out = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if !fraction.is_empty() {
        out.push('.');
        out.push_str(fraction);
    }
    if x < 0.0 {
        out.insert(0, '-');
    }
    out
}

/// A magnitude in words (`419 billion`) from a million up, else the number itself.
fn amount(x: f64, money: bool) -> String {
    for (scale, word) in [(1e12, "trillion"), (1e9, "billion"), (1e6, "million")] {
        if x.abs() >= scale {
            return format!("{} {word}", significant(x / scale, 3));
        }
    }
    let fractional = x.fract() != 0.0;
    if money && fractional && x.abs() >= 1.0 {
        grouped(x, 2)
    } else if x.abs() >= 10_000.0 {
        grouped(x, if fractional { 2 } else { 0 })
    } else {
        trimmed(format!("{x}"))
    }
}

fn number(x: f64, unit: Unit, signed: bool) -> String {
    match unit {
        Unit::Money(code) => {
            let sign = lexicon::CURRENCIES
                .iter()
                .find(|(c, _)| *c == code)
                .map_or("", |(_, s)| *s);
            let body = amount(x.abs(), true);
            let minus = if x < 0.0 { "-" } else { "" };
            if sign.is_empty() {
                format!("{minus}{} {body}", code.to_ascii_uppercase())
            } else {
                format!("{minus}{sign}{body}")
            }
        }
        Unit::Percent => {
            let plus = if signed && x > 0.0 { "+" } else { "" };
            format!("{plus}{}%", trimmed(format!("{x}")))
        }
        Unit::Plain => {
            let plus = if signed && x > 0.0 { "+" } else { "" };
            format!("{plus}{}", amount(x, false))
        }
    }
}

/// A timestamp or a date as people write it, when `s` is one.
fn moment(s: &str) -> Option<String> {
    // Dates start with a four-digit year and a dash; most text is not one.
    let b = s.as_bytes();
    if b.len() < 10 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return None;
    }
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        let zone = if t.offset().local_minus_utc() == 0 {
            "UTC".to_owned()
        } else {
            t.format("UTC%:z").to_string()
        };
        return Some(format!("{} {zone}", t.format("%-d %b %Y, %H:%M")));
    }
    if s.len() == 10 {
        return NaiveDate::parse_from_str(s, "%Y-%m-%d")
            .ok()
            .map(|d| d.format("%-d %b %Y").to_string());
    }
    None
}

/// How a record reads its fields: the currency its amounts are in.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Context {
    pub(crate) currency: Option<&'static str>,
}

impl Context {
    /// The context inside `record`: its own currency, else the one around it.
    fn within(self, record: &Map<String, Value>) -> Context {
        Context {
            currency: record_currency(record).map(|(_, c)| c).or(self.currency),
        }
    }
}

/// A plain value as people write it; `None` for nothing to say (null, empty text or list).
pub(crate) fn scalar(v: &Value, label: &Label, cx: Context) -> Option<String> {
    match v {
        Value::Null => None,
        Value::Bool(b) => Some(if *b { "yes" } else { "no" }.to_owned()),
        Value::Number(n) => {
            let x = n.as_f64()?;
            let unit = match (label.unit, cx.currency) {
                (Unit::Plain, Some(code)) if label.money => Unit::Money(code),
                (unit, _) => unit,
            };
            Some(number(x, unit, label.signed))
        }
        Value::String(s) => {
            let s = s.trim();
            (!s.is_empty()).then(|| moment(s).unwrap_or_else(|| s.to_owned()))
        }
        Value::Array(_) | Value::Object(_) => None,
    }
}

/// The items of `v` when it is a non-empty list of records.
pub(crate) fn rows(v: &Value) -> Option<&[Value]> {
    match v {
        Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_object) => {
            Some(items)
        }
        _ => None,
    }
}

/// The naming field of a record: its title field, else its first short text.
pub(crate) fn naming_key(record: &Map<String, Value>) -> Option<&str> {
    lexicon::TITLE_FIELDS
        .iter()
        .find_map(|k| record.get_key_value(*k).filter(|(_, v)| v.is_string()))
        .or_else(|| {
            record
                .iter()
                .find(|(_, v)| v.as_str().is_some_and(|s| !s.is_empty() && s.len() <= 80))
        })
        .map(|(k, _)| k.as_str())
}

/// Any value written on one line: plain values as [`scalar`], a list of plain values joined, a
/// record as `name (label value, …)`, a list of records as `name value, name value`.
pub(crate) fn inline(v: &Value, label: &Label, cx: Context) -> Option<String> {
    match v {
        Value::Array(items) => {
            let written: Vec<String> = items
                .iter()
                .filter_map(|i| match i {
                    Value::Object(map) => Some(inline_record(map, cx)),
                    other => scalar(other, label, cx),
                })
                .collect();
            if written.is_empty() {
                return None;
            }
            let mut out = written
                .iter()
                .take(MAX_ITEMS)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ");
            if written.len() > MAX_ITEMS {
                out.push_str(&format!(" and {} more", written.len() - MAX_ITEMS));
            }
            Some(out)
        }
        Value::Object(map) => {
            let parts = fields(map, None, cx);
            (!parts.is_empty()).then(|| parts.join(", "))
        }
        other => scalar(other, label, cx),
    }
}

/// A record on one line: `Spain 0.18` for a name and one value, else `name (label value, …)`.
fn inline_record(map: &Map<String, Value>, cx: Context) -> String {
    let cx = cx.within(map);
    let name_key = naming_key(map);
    let name = name_key.and_then(|k| map[k].as_str()).unwrap_or_default();
    let others: Vec<(&String, &Value)> = map
        .iter()
        .filter(|(k, _)| Some(k.as_str()) != name_key)
        .collect();
    if let [(k, v)] = others.as_slice()
        && !name.is_empty()
    {
        let l = label(k, None);
        if let Some(value) = inline(v, &l, cx) {
            return format!("{name} {value}");
        }
    }
    let parts = fields(map, name_key, cx);
    match (name.is_empty(), parts.is_empty()) {
        (true, _) => parts.join(", "),
        (false, true) => name.to_owned(),
        (false, false) => format!("{name} ({})", parts.join(", ")),
    }
}

/// `label value` for each field of `map` but `skip` with something to say.
pub(crate) fn fields(map: &Map<String, Value>, skip: Option<&str>, cx: Context) -> Vec<String> {
    let own = record_currency(map);
    let currency_key = own.map(|(k, _)| k);
    let cx = Context {
        currency: own.map(|(_, c)| c).or(cx.currency),
    };
    map.iter()
        .filter(|(k, _)| Some(k.as_str()) != skip && Some(k.as_str()) != currency_key)
        .filter_map(|(k, v)| {
            let l = label(k, None);
            inline(v, &l, cx).map(|value| format!("{} {value}", l.text))
        })
        .collect()
}

/// `rows` as a Markdown table with a column per field (labels as headers), at most
/// [`MAX_ROWS`] rows, then a line counting the rest.
pub(crate) fn table(rows: &[Value], cx: Context) -> String {
    let mut keys: Vec<&str> = Vec::new();
    for r in rows {
        for (k, v) in r.as_object().into_iter().flatten() {
            if !keys.contains(&k.as_str()) && !is_empty(v) {
                keys.push(k);
            }
        }
    }
    let labels: Vec<Label> = keys.iter().map(|k| label(k, None)).collect();
    let mut out = String::new();
    let header: Vec<String> = labels.iter().map(|l| capitalized(&l.text)).collect();
    out.push_str(&format!("| {} |\n", header.join(" | ")));
    out.push_str(&format!("|{}\n", " --- |".repeat(keys.len())));
    for r in rows.iter().take(MAX_ROWS) {
        let map = r.as_object();
        let cx = map.map_or(cx, |m| cx.within(m));
        let cells: Vec<String> = keys
            .iter()
            .zip(&labels)
            .map(|(k, l)| {
                map.and_then(|m| m.get(*k))
                    .and_then(|v| inline(v, l, cx))
                    .map(|c| cell(&c))
                    .unwrap_or_default()
            })
            .collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    if rows.len() > MAX_ROWS {
        out.push_str(&format!(
            "({} more rows in the evidence.)\n",
            rows.len() - MAX_ROWS
        ));
    }
    out.trim_end().to_owned()
}

/// Text safe inside a Markdown table cell.
pub(crate) fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// Whether a value has nothing to say.
pub(crate) fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::String(s) => s.trim().is_empty(),
        Value::Array(a) => a.iter().all(is_empty),
        Value::Object(o) => o.values().all(is_empty),
        _ => false,
    }
}

/// `text` with its first letter upper-case.
pub(crate) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The schema of field `key` somewhere in an output schema: the first `properties` entry of
/// that name, looking through nested objects and list items.
pub(crate) fn field_schema<'a>(schema: &'a Value, key: &str) -> Option<&'a Value> {
    let mut queue = vec![schema];
    while let Some(s) = queue.pop() {
        if let Some(props) = s["properties"].as_object() {
            if let Some(found) = props.get(key) {
                return Some(found);
            }
            queue.extend(props.values());
        }
        if s["items"].is_object() {
            queue.push(&s["items"]);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn reads(key: &str, v: Value, currency: Option<&'static str>) -> String {
        let l = label(key, None);
        format!(
            "{} {}",
            l.text,
            scalar(&v, &l, Context { currency }).unwrap()
        )
    }

    #[test]
    fn field_names_read_as_words_with_their_units() {
        for (key, value, currency, expected) in [
            ("change24hPct", json!(-0.6), None, "24-hour change -0.6%"),
            ("change24hPct", json!(4.3), None, "24-hour change +4.3%"),
            (
                "marketCapUsd",
                json!(419000000000_u64),
                None,
                "market cap $419 billion",
            ),
            (
                "marketCapUsd",
                json!(1925000000000_u64),
                None,
                "market cap $1.93 trillion",
            ),
            (
                "volume24hUsd",
                json!(4100000000_u64),
                None,
                "24-hour volume $4.1 billion",
            ),
            ("price", json!(195.41), Some("eur"), "price €195.41"),
            ("price", json!(3480.5), Some("usd"), "price $3,480.50"),
            ("priceUsd", json!(0.187), None, "price $0.187"),
            ("amount", json!(15230.0), Some("chf"), "amount CHF 15,230"),
            ("price", json!(0.18), None, "price 0.18"),
            ("points", json!(29), None, "points 29"),
            ("team_id", json!("t-101"), None, "team ID t-101"),
            (
                "asOf",
                json!("2026-11-21T12:00:00Z"),
                None,
                "as of 21 Nov 2026, 12:00 UTC",
            ),
            ("endDate", json!("2026-12-16"), None, "end date 16 Dec 2026"),
            ("isOpen", json!(true), None, "open yes"),
            ("holders", json!(48200000), None, "holders 48.2 million"),
            ("year", json!(2026), None, "year 2026"),
        ] {
            assert_eq!(reads(key, value, currency), expected, "{key}");
        }
        assert!(label("asOf", None).observed && label("updatedAt", None).observed);
        assert!(label("team_id", None).identity && !label("identity", None).identity);
    }

    #[test]
    fn a_schema_title_and_description_name_the_field() {
        let schema = json!({"title": "Last trade", "description": "Percentage of the float."});
        let l = label("lt", Some(&schema));
        assert_eq!(l.text, "last trade");
        assert_eq!(
            scalar(&json!(12.5), &l, Context::default()).as_deref(),
            Some("12.5%")
        );
        let output = json!({"type": "object", "properties": {"rows": {"type": "array", "items": {"type": "object", "properties": {"lt": schema}}}}});
        assert!(field_schema(&output, "lt").is_some());
        assert!(field_schema(&output, "nope").is_none());
    }

    #[test]
    fn records_read_inline_and_as_tables() {
        let cx = Context::default();
        let outcomes = json!([{"name": "Spain", "price": 0.18}, {"name": "France", "price": 0.15}]);
        assert_eq!(
            inline(&outcomes, &label("outcomes", None), cx).unwrap(),
            "Spain 0.18, France 0.15"
        );
        let table_rows = json!([
            {"position": 1, "team": "Arsenal", "played": 12, "points": 29},
            {"position": 2, "team": "Chelsea | FC", "played": 12, "points": 27}
        ]);
        assert_eq!(
            table(rows(&table_rows).unwrap(), cx),
            "| Position | Team | Played | Points |\n| --- | --- | --- | --- |\n| 1 | Arsenal | 12 | 29 |\n| 2 | Chelsea \\| FC | 12 | 27 |"
        );
        assert!(is_empty(&json!({"fixtures": []})));
        assert!(rows(&json!([])).is_none());
    }
}
