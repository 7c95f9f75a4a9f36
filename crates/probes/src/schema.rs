//! Reading the parts of a JSON Schema the probe cares about: an object's properties, which are
//! required, and each property's type, enum (or `oneOf`/`anyOf` of `const`s with titles),
//! default, pattern, description and examples.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::Value;

/// A schema's `pattern`, compiled with the ECMA 262 features JSON Schema patterns use beyond
/// plain regular expressions (lookaround, backreferences), as the `jsonschema` validator
/// compiles them: a pattern the validator accepts is one the probe recognises tokens with.
#[derive(Debug)]
pub struct Pattern(fancy_regex::Regex);

impl Pattern {
    /// Whether `text` has a match; a match that exhausts the backtracking budget is none.
    pub fn is_match(&self, text: &str) -> bool {
        self.0.is_match(text).unwrap_or(false)
    }
}

/// A compiled `pattern`, shared across requests: schemas repeat, compiling does not need to.
/// `None` for a pattern that is not a valid regular expression. The cache is bounded; past the
/// bound it starts afresh.
pub fn compiled(pattern: &str) -> Option<Arc<Pattern>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Option<Arc<Pattern>>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(hit) = map.get(pattern) {
        return hit.clone();
    }
    if map.len() > 4096 {
        map.clear();
    }
    let re = fancy_regex::Regex::new(pattern)
        .ok()
        .map(|re| Arc::new(Pattern(re)));
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
    let named_date = own
        .iter()
        .any(|t| ["date", "day", "when"].contains(&t.as_str()));
    let named_time = own
        .iter()
        .any(|t| ["time", "hour", "clock"].contains(&t.as_str()));
    // A format the description spells out says what the value holds ("in 24-hour format
    // 'HH:MM'" is a time, whatever date the sentence also mentions); without one, the word
    // "date" in it says it holds a date.
    let (spelled_date, spelled_time) = (described.contains("yyyy"), described.contains("hh:mm"));
    let says_date = if spelled_date || spelled_time {
        spelled_date
    } else {
        text::words(&described).iter().any(|w| w == "date")
    };
    let date = named_date || (says_date && !is_free_text(p));
    let time = named_time || spelled_time;
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
    /// For a list, its items' `type`, when a single one is given.
    pub item_kind: Option<String>,
    /// Allowed values with their labels (the value itself, or a `const`'s title).
    pub choices: Vec<Choice>,
    /// Whether a `default` is declared.
    pub has_default: bool,
    /// The declared `default`, sent for a required parameter the query leaves open.
    pub default: Option<Value>,
    /// A default the description states in prose ("Default is true", "defaults to 'units'"),
    /// typed by the parameter's type: sent like a declared one when it fits the schema.
    pub stated_default: Option<Value>,
    /// `pattern`, for strings.
    pub pattern: Option<String>,
    /// `format`, for strings.
    pub format: Option<String>,
    /// The shape its description spells out with digit placeholders ("in format 'YYYY-YYYY'"),
    /// as a pattern: what a token must look like when no moment the query gives fits.
    pub shape: Option<String>,
    /// Description (may be empty).
    pub description: String,
    /// The moment it takes, if it is a date or time string (classified once, here).
    pub temporal: Option<Temporal>,
    /// For an object with declared properties, those properties (a request body's fields); for a
    /// list of such objects, its items' properties.
    pub nested: Vec<Param>,
    /// `examples`, rendered as text.
    pub examples: Vec<String>,
    /// Values the description names in prose: quoted ones ("Options: 'miles', 'kilometers'") and
    /// those listed after a cue ("e.g. vegan, vegetarian", "like Sushi", "either to rent or to
    /// buy"), as written there.
    pub named_values: Vec<String>,
    /// Codes the description lists for the things they stand for ("1 for Bangkok, 2 for Chiang
    /// Mai"), typed as the parameter takes them: a query that names the thing sends its code.
    pub codes: Vec<Choice>,
    /// The property's own schema, compiled (`None` when it does not compile on its own, for
    /// example a `$ref` into the method's definitions).
    pub validator: Option<Compiled>,
    /// Whether no value of its own type satisfies its schema as written (a list whose `enum`
    /// lists single values): its choices are read as the items', but no call may send it.
    pub unsatisfiable: bool,
    /// The preposition the method's description writes right before this parameter's name, as
    /// the slot its value fills ("the average price of an instrument from a particular
    /// manufacturer": `of` for `instrument`, `from` for `manufacturer`), when it writes only that
    /// one and no other parameter's slot has it ([`introductions`]).
    pub introduced_by: Option<String>,
}

/// A compiled property schema, shared by the clones of its parameter.
#[derive(Clone)]
pub struct Compiled(pub std::sync::Arc<jsonschema::Validator>);

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Compiled")
    }
}

impl Param {
    /// The values a caller may be offered for it: its choices, none when no value satisfies its
    /// schema as written (choosing one would be refused again).
    pub fn offered_choices(&self) -> Vec<Value> {
        if self.unsatisfiable {
            return Vec::new();
        }
        self.choices.iter().map(|c| c.value.clone()).collect()
    }

    /// Whether `value` opens with the sign of a handle or a hashtag ("@jack", "#climate") that
    /// this parameter's description says to leave out ("without the @", "no leading #").
    fn wants_without_sign(&self, value: &str) -> bool {
        let Some(sign) = value.chars().next().filter(|c| matches!(c, '@' | '#')) else {
            return false;
        };
        let description = self.description.to_lowercase();
        value.len() > 1
            && description.contains(sign)
            && text::lexicon::SIGN_OMITTING_WORDS
                .iter()
                .any(|w| description.contains(w))
    }

    /// The value to send for `value`, read from the query: itself when the schema allows it, else
    /// the same value in the type the schema asks for (`"5"` for an integer is 5, a lone value
    /// for an array is a list of one), else why the schema refuses it.
    pub fn conform(&self, value: Value) -> Result<Value, String> {
        // An integer written as 3.0 is sent as 3.
        let value = match (&value, self.kind.as_deref()) {
            (Value::Number(n), Some("integer")) if !n.is_i64() && !n.is_u64() => n
                .as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 9e15)
                .map_or(value, |f| Value::from(f as i64)),
            _ => value,
        };
        // A handle or a hashtag for a parameter whose description asks for it without its sign
        // ("The username, without the @.") is sent without it.
        let value = match &value {
            Value::String(s) if self.wants_without_sign(s) => Value::String(s[1..].to_owned()),
            _ => value,
        };
        let Some(Compiled(v)) = &self.validator else {
            return Ok(value);
        };
        let Some(error) = v.iter_errors(&value).next().map(|e| e.to_string()) else {
            return Ok(value);
        };
        // The allowed value written the same way (2012 for "2012").
        let shown = render(&value);
        let same_choice = self
            .choices
            .iter()
            .find(|c| render(&c.value).eq_ignore_ascii_case(&shown))
            .map(|c| c.value.clone())
            // A choice of a list's items is sent as a list of one.
            .map(|c| match self.kind.as_deref() {
                Some("array") if !c.is_array() => Value::Array(vec![c]),
                _ => c,
            });
        let recast = match (self.kind.as_deref(), &value) {
            _ if same_choice.is_some() => same_choice,
            (Some("integer"), Value::String(s)) => {
                s.trim().parse::<i64>().ok().map(Value::from).or_else(|| {
                    let f = s.trim().parse::<f64>().ok()?;
                    (f.fract() == 0.0 && f.abs() < 9e15).then_some(Value::from(f as i64))
                })
            }
            (Some("integer"), Value::Number(n)) => n
                .as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 9e15)
                .map(|f| Value::from(f as i64)),
            (Some("number"), Value::String(s)) => s.trim().parse::<f64>().ok().map(Value::from),
            // A number a text parameter takes is sent as written: 120, not 120.0 (a quantity
            // in text, [`quantity_in_text`], is bound as the number it is).
            (Some("string" | "number"), Value::Number(n)) => Some(Value::String(number_text(n))),
            (Some("boolean"), Value::String(s)) => match s.trim().to_lowercase().as_str() {
                "true" | "yes" => Some(Value::Bool(true)),
                "false" | "no" => Some(Value::Bool(false)),
                _ => None,
            },
            // Structured values written in the query ("[10, 20]", "{'a': 1}") bind as JSON.
            (Some("array" | "object"), Value::String(s)) => serde_json::from_str(s.trim())
                .or_else(|_| serde_json::from_str(&s.trim().replace('\'', "\"")))
                .ok()
                .filter(|v: &Value| v.is_array() || v.is_object())
                .or_else(|| {
                    (self.kind.as_deref() == Some("array"))
                        .then(|| Value::Array(vec![value.clone()]))
                }),
            (Some("array"), v) if !v.is_array() => Some(Value::Array(vec![v.clone()])),
            // A handle or a hashtag whose sign the pattern refuses ("@jack" for `^\w+$`).
            (Some("string"), Value::String(s))
                if s.starts_with(['@', '#']) && v.is_valid(&Value::String(s[1..].to_owned())) =>
            {
                Some(Value::String(s[1..].to_owned()))
            }
            // A code a pattern wants bare, written with separators ("978-0-14-044913-6" for
            // digits only, "AB 12 CD" for letters and digits): the same code without them.
            (Some("string"), Value::String(s))
                if self.pattern.is_some()
                    && s.contains(['-', ' '])
                    && s.chars().any(|c| c.is_ascii_digit())
                    && s.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ' ') =>
            {
                Some(Value::String(without_separators(s)))
            }
            _ => None,
        };
        match recast {
            Some(r) if v.is_valid(&r) => Ok(r),
            _ => Err(error),
        }
    }
}

/// One allowed value of an enum-like property.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The value to send.
    pub value: Value,
    /// Words that name it: the value, a `const`'s title and description, and aliases the
    /// property description gives in the form `VALUE (Alias)`.
    pub label: String,
    /// The label's terms, computed once: every bind reads them.
    pub terms: Vec<String>,
}

impl Choice {
    /// The choice of `value`, named by `label`.
    pub fn new(value: Value, label: String) -> Self {
        let terms = text::terms(&label);
        Self {
            value,
            label,
            terms,
        }
    }
}

/// How deep object properties are followed.
const MAX_NESTING: usize = 3;

/// Whether `p` takes a domain or a host name (`domain`, `email_domain`, `host`, `hostname`):
/// the name's last word says so.
pub fn takes_host(p: &Param) -> bool {
    text::words(&p.name)
        .last()
        .is_some_and(|w| matches!(w.as_str(), "domain" | "host" | "hostname"))
}

/// The properties of an object schema, in declaration order.
pub fn params(schema: &Value) -> Vec<Param> {
    params_at(schema, schema, 0)
}

/// Gives the values the method's description lists ("Find places of a given type, such as
/// restaurants, pharmacies or gas stations") to the one top-level parameter that takes a kind of
/// thing: text without a list of choices or values of its own, named or described as a type, a
/// kind or a category (`place_type`, "Kind of place to look for"). With two such parameters,
/// which one the values are for is a guess, and neither gets them.
pub fn described_kinds(params: &mut [Param], description: &str) {
    const KIND_WORDS: &[&str] = &["categori", "kind", "type"];
    let kind_of = |p: &Param| {
        let named = text::terms(&p.name)
            .last()
            .is_some_and(|t| KIND_WORDS.contains(&t.as_str()));
        let described = text::words(&p.description)
            .iter()
            .find(|w| !text::is_stopword(w))
            .is_some_and(|w| KIND_WORDS.contains(&text::stem(w).as_str()));
        p.kind.as_deref().is_none_or(|k| k == "string")
            && p.choices.is_empty()
            && p.named_values.is_empty()
            && p.examples.is_empty()
            && (named || described)
    };
    // The description is read for values only for a method that has such a parameter: most do
    // not, and every method is indexed at start-up.
    let mut kinds = params.iter_mut().filter(|p| kind_of(p));
    if let (Some(one), None) = (kinds.next(), kinds.next()) {
        one.named_values = named_values(description);
    }
}

/// Sets each top-level parameter's [`Param::introduced_by`] from the method's description: the
/// preposition before a word of the parameter's name, past articles and words that leave the
/// thing open ("of *a particular* species"). A parameter whose name the description writes
/// after several prepositions, or whose preposition another parameter's slot has too ("two
/// species", `species1` and `species2`), gets none: which value goes where would be a guess.
pub fn introductions(params: &mut [Param], description: &str) {
    let raw: Vec<&str> = description.split_whitespace().collect();
    let words: Vec<String> = raw
        .iter()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    // Where a raw word ends its clause, no slot runs across it.
    let ends: Vec<bool> = raw
        .iter()
        .map(|w| w.ends_with([',', ';', ':', '.', '?', '!', ')']))
        .collect();
    let found: Vec<Option<String>> = params
        .iter()
        .map(|p| {
            let own: HashSet<String> = text::terms(&p.name)
                .into_iter()
                .filter(|t| !text::lexicon::NAME_FIELDS.contains(&t.as_str()))
                .collect();
            let mut leads = words.iter().enumerate().filter_map(|(at, w)| {
                if !text::terms(w).first().is_some_and(|t| own.contains(t)) {
                    return None;
                }
                let mut k = at.checked_sub(1)?;
                while text::lexicon::DETERMINERS.contains(&words[k].as_str())
                    || text::lexicon::PLACEHOLDER_WORDS.contains(&words[k].as_str())
                {
                    k = k.checked_sub(1)?;
                }
                let crossed = (k..at).any(|i| ends[i]);
                (!crossed && text::lexicon::SLOT_PREPOSITIONS.contains(&words[k].as_str()))
                    .then(|| words[k].clone())
            });
            let first = leads.next()?;
            leads.all(|l| l == first).then_some(first)
        })
        .collect();
    for (k, p) in params.iter_mut().enumerate() {
        let shared = found
            .iter()
            .enumerate()
            .any(|(j, f)| j != k && f.is_some() && *f == found[k]);
        p.introduced_by = found[k].clone().filter(|_| !shared);
    }
}

/// A property as its author meant it, for reading its kind and constraints: a reference into
/// the schema's own definitions (`{"$ref": "#/$defs/Address"}`) is followed, and a value that
/// may also be null (`{"anyOf": [{"type": "integer"}, {"type": "null"}]}`, `"type": ["integer",
/// "null"]`, as generated for optional arguments) is read as the value it is when given. Keys
/// written on the property itself (its description, its default) win over the ones it refers
/// to.
fn effective(root: &Value, p: &Value) -> Value {
    let mut p = p.clone();
    for _ in 0..MAX_NESTING {
        let target = p["$ref"].as_str().and_then(|r| defined(root, r)).cloned();
        let sole = p["allOf"]
            .as_array()
            .filter(|all| all.len() == 1)
            .map(|all| all[0].clone());
        let alternatives = p["anyOf"].as_array().or_else(|| p["oneOf"].as_array());
        let non_null: Vec<&Value> = alternatives
            .into_iter()
            .flatten()
            .filter(|a| a["type"] != "null")
            .collect();
        let nullable = match non_null.as_slice() {
            [one] if alternatives.is_some_and(|a| a.len() > 1) && one.get("const").is_none() => {
                Some((*one).clone())
            }
            _ => None,
        };
        let Some(inner) = target.or(sole).or(nullable) else {
            break;
        };
        if let (Some(map), Value::Object(inner)) = (p.as_object_mut(), inner) {
            for key in ["$ref", "allOf", "anyOf", "oneOf"] {
                map.remove(key);
            }
            for (k, v) in inner {
                map.entry(k).or_insert(v);
            }
        }
    }
    if let Some(kinds) = p["type"].as_array() {
        let kinds: Vec<&Value> = kinds.iter().filter(|k| *k != "null").collect();
        if let [one] = kinds[..] {
            p["type"] = one.clone();
        }
    }
    p
}

/// The definition a local reference points to (`#/$defs/Name`, `#/definitions/Name`).
fn defined<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    root.pointer(reference.strip_prefix('#')?)
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

/// The default a description states in prose ("Default is true", "Defaults to 'units'",
/// "default: 10", "(default 'c')"), typed by `kind`; "the default date set in the picker" states
/// none. A string default must be quoted or one plain
/// word that names a value ("the current year" and "None" name none).
fn stated_default(description: &str, kind: Option<&str>) -> Option<Value> {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r#"(?i)(?:(?:^|[^'"`\w])defaults?(?:\s+value)?(?:\s+is|\s+to|\s+of|\s*[:=])|\(default)\s*(?:'([^']{1,60})'|"([^"]{1,60})"|`([^`]{1,60})`|([A-Za-z0-9_.+-]+))"#,
        )
        .expect("the default pattern compiles")
    });
    let c = re.captures(description)?;
    let quoted = c.get(1).or(c.get(2)).or(c.get(3)).map(|m| m.as_str());
    let word = c
        .get(4)
        .map(|m| m.as_str().trim_end_matches('.'))
        .filter(|w| !w.is_empty());
    let plain = quoted.or(word)?;
    match kind {
        Some("boolean") => match plain.to_lowercase().as_str() {
            "true" | "yes" => Some(Value::Bool(true)),
            "false" | "no" => Some(Value::Bool(false)),
            _ => None,
        },
        Some("integer") => plain.parse::<i64>().ok().map(Value::from),
        Some("number") => plain.parse::<f64>().ok().map(Value::from),
        Some("string") | None => {
            let lower = plain.to_lowercase();
            let names_nothing =
                text::is_stopword(&lower) || text::lexicon::NO_VALUE.contains(&lower.as_str());
            (quoted.is_some() || !names_nothing).then(|| Value::String(plain.to_owned()))
        }
        _ => None,
    }
}

/// The pattern of a shape a description writes with digit placeholders: `YYYY-YYYY` is four
/// digits, a hyphen and four digits. A shape has at least two runs of one placeholder letter
/// (Y, M, D, H, h, m, s), joined by separators (`-`, `/`, `:`, `.`), and nothing else.
fn described_shape(description: &str) -> Option<String> {
    description.split_whitespace().find_map(|word| {
        let word = word.trim_matches(|c: char| !c.is_alphanumeric());
        let mut pattern = String::from("^");
        let mut runs = 0;
        let chars: Vec<char> = word.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if "YMDHhms".contains(c) {
                let len = chars[i..].iter().take_while(|x| **x == c).count();
                pattern.push_str(&format!("[0-9]{{{len}}}"));
                runs += 1;
                i += len;
            } else if "-/:.".contains(c) && i > 0 {
                pattern.push_str(&regex::escape(&c.to_string()));
                i += 1;
            } else {
                return None;
            }
        }
        (runs >= 2 && pattern.len() > 1).then(|| pattern + "$")
    })
}

/// The pattern of the address a string parameter takes, when its format or the words of its
/// name and description say it takes one (`format: email`, "The URL of the page", "the file
/// system path to the directory"): the query token written in that form is its value.
/// An IPv4 address (`8.8.8.8`) or an IPv6 one (`2001:db8::1`, two colons at least).
pub const IP_ADDRESS: &str = r"^(?:(?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])$|^(?=(?:[0-9A-Fa-f]*:){2})[0-9A-Fa-f:]+$";

/// A hashtag as written: its sign, then letters, digits or underscores.
pub const HASHTAG: &str = r"^#\w+$";

/// The shape `p` takes that recognises a value written in it, whatever else the request says:
/// an IP address or a hashtag, by its format or by its name or description (the shape read
/// when the schema was, [`Param::shape`]).
pub fn recognising_shape(p: &Param) -> Option<&'static str> {
    [IP_ADDRESS, HASHTAG]
        .into_iter()
        .find(|s| p.shape.as_deref() == Some(*s))
}

fn address_shape(p: &Param) -> Option<String> {
    use text::lexicon::Address;
    if p.kind.as_deref().is_some_and(|k| k != "string") || !p.choices.is_empty() {
        return None;
    }
    let by_format = match p.format.as_deref() {
        Some("email" | "idn-email") => Some(Address::Email),
        Some("uri" | "url" | "iri") => Some(Address::Url),
        Some("hostname" | "idn-hostname") => Some(Address::Domain),
        Some("ipv4" | "ipv6") => Some(Address::Ip),
        _ => None,
    };
    let words = text::words(&format!("{} {}", p.name.replace('_', " "), p.description));
    let kind = by_format.or_else(|| {
        words.iter().find_map(|w| {
            let w = w.to_lowercase();
            text::lexicon::ADDRESS_WORDS
                .iter()
                .find(|(word, _)| *word == w)
                .map(|(_, kind)| *kind)
        })
    })?;
    Some(
        match kind {
            Address::Email => r"^[^@\s/]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$",
            Address::Url => r"^[A-Za-z][A-Za-z0-9+.-]*://\S+$",
            Address::Path => r"^(?:~|\.{1,2})?/[^\s/]+(?:/[^\s/]*)*$",
            Address::Domain => r"^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$",
            Address::Ip => IP_ADDRESS,
            Address::Hashtag => HASHTAG,
        }
        .to_owned(),
    )
}

/// Where `cue` stands in `lower` (a description in ASCII lower case) as whole words: its start
/// and end, in order.
fn cue_spans(lower: &str, cue: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find(cue).map(|i| i + from) {
        from = at + cue.len();
        let bounded = lower[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric())
            && lower[from..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric());
        if bounded {
            out.push((at, from));
        }
    }
    out
}

/// What a description says a parameter is, before the first example of its values: up to its
/// first value cue ([`text::lexicon::VALUE_CUES`]) or quote ("Subject, e.g. 'statistics'" is a
/// subject, not statistics).
pub fn before_examples(description: &str) -> &str {
    let lower = description.to_ascii_lowercase();
    text::lexicon::VALUE_CUES
        .iter()
        .filter_map(|cue| cue_spans(&lower, cue).first().map(|&(at, _)| at))
        .chain(description.find(['\'', '"']))
        .min()
        .map_or(description, |at| &description[..at])
}

/// Whether a parameter takes an account's handle ("@rustlang"): its pattern accepts one but not
/// words with a space between, or it takes any text under a handle's name
/// ([`text::lexicon::HANDLE_NAMES`]).
pub fn takes_handle(p: &Param) -> bool {
    let by_pattern = p
        .pattern
        .as_deref()
        .and_then(compiled)
        .is_some_and(|re| re.is_match("@handle") && !re.is_match("two words"));
    by_pattern
        || (takes_any_text(p)
            && text::lexicon::HANDLE_NAMES.contains(&p.name.to_lowercase().as_str()))
}

/// Whether `p`'s name has one of `words` (lowercase) as a word of its own.
pub fn name_has(p: &Param, words: &[&str]) -> bool {
    text::words(&p.name)
        .iter()
        .any(|w| words.contains(&w.to_lowercase().as_str()))
}

/// Whether `p` is a text parameter whose name has one of `words` ([`name_has`]).
pub fn named_one_of(p: &Param, words: &[&str]) -> bool {
    takes_any_text(p) && name_has(p, words)
}

/// The parameters for an owner and for its thing (`owner`, `repo`) among `params`, when it has
/// both: what an `owner/thing` reference ("tokio-rs/axum") fills.
pub fn owner_and_owned(params: &[Param]) -> Option<(&Param, &Param)> {
    let owner = params
        .iter()
        .find(|p| named_one_of(p, text::lexicon::OWNER_NAMES))?;
    let owned = params
        .iter()
        .find(|p| p.name != owner.name && named_one_of(p, text::lexicon::OWNED_NAMES))?;
    Some((owner, owned))
}

/// Values a description names in prose, in order, each once: quoted words and phrases, and the
/// short items listed after a cue word ([`text::lexicon::VALUE_CUES`]) up to the end of the
/// sentence. An item longer than three words is not a value, except that after "either" or
/// "whether" its last word is ("whether the user is looking to rent or buy" names rent and buy).
fn named_values(description: &str) -> Vec<String> {
    static QUOTED: OnceLock<regex::Regex> = OnceLock::new();
    let quoted = QUOTED.get_or_init(|| {
        regex::Regex::new(r#"'([^'\n]{1,40})'|"([^"\n]{1,40})"|`([^`\n]{1,40})`"#)
            .expect("the quoted-value pattern compiles")
    });
    let mut out: Vec<String> = Vec::new();
    // A value is words: a path, an address, a date format or a number is an illustration of a
    // form ("path/to/image.jpg", "YYYY-MM-DD"), not a value to pick.
    let mut push = |v: &str| {
        let v = v.trim().trim_matches(|c: char| !c.is_alphanumeric());
        let words = v.split_whitespace().count();
        // Words may be joined as identifiers join them ("read_write", "in_progress").
        let plain = v.chars().all(|c| c.is_alphabetic() || " -_'".contains(c));
        let kind = v
            .split_whitespace()
            .any(|w| text::lexicon::VALUE_KINDS.contains(&w.to_lowercase().as_str()));
        if plain
            && !kind
            && (1..=3).contains(&words)
            && !text::terms(v).is_empty()
            && !out.iter().any(|o| o.eq_ignore_ascii_case(v))
        {
            out.push(v.to_owned());
        }
    };
    for c in quoted.captures_iter(description) {
        if let Some(m) = c.get(1).or(c.get(2)).or(c.get(3)) {
            push(m.as_str());
        }
    }
    // ASCII lowercase keeps every byte where it was, so positions found in it index the
    // description itself.
    let lower = description.to_ascii_lowercase();
    for cue in text::lexicon::VALUE_CUES {
        for (_, from) in cue_spans(&lower, cue) {
            // The listed items run to the end of the sentence ("e.g." and "etc." are not ends).
            let rest = &description[from..];
            let end = rest
                .char_indices()
                .find(|&(i, c)| {
                    matches!(c, ';' | ')' | '(' | ':' | '\n')
                        || (c == '.'
                            && rest[i + 1..].chars().next().is_none_or(char::is_whitespace)
                            && !rest[..i].to_ascii_lowercase().ends_with("etc")
                            && !rest[..i].to_ascii_lowercase().ends_with("e.g"))
                })
                .map_or(rest.len(), |(i, _)| i);
            // Where the listed values are quoted, the quotes already gave them whole
            // ("e.g. 'San Francisco, CA'" names one value, not two).
            if rest[..end].contains(['\'', '"', '`']) {
                continue;
            }
            let either = matches!(*cue, "either" | "whether");
            for item in rest[..end]
                .split([',', '/'])
                .flat_map(|i| i.split(" or "))
                .flat_map(|i| i.split(" and "))
            {
                let words: Vec<&str> = item
                    .split_whitespace()
                    .filter(|w| !text::lexicon::LIST_FILLERS.contains(&w.to_lowercase().as_str()))
                    .collect();
                match words.as_slice() {
                    [] => {}
                    short if short.len() <= 3 => push(&short.join(" ")),
                    [.., last] if either => push(last),
                    _ => {}
                }
            }
        }
    }
    out
}

/// A code as a pattern that wants it bare takes it: without the hyphens and spaces written
/// between its parts ("978-0-14-044913-6" → "9780140449136", "AB 12 CD" → "AB12CD").
pub(crate) fn without_separators(code: &str) -> String {
    code.chars().filter(|c| !matches!(c, '-' | ' ')).collect()
}

/// The codes a description lists for named things, in order: a number, a word that says it
/// stands for something (`for`, `represents`, `means`, `corresponds to`, `to`, `=`, `:`), and
/// the thing, one to three words up to the next comma, stop or `and` ("For example, '1'
/// represents a cleaning service, 2 for ironing"). A table lists at least two distinct codes; one
/// is an illustration of the form. Typed as the parameter takes them (`integer`, `number` or
/// `string`); other types take no codes.
fn described_codes(description: &str, kind: Option<&str>) -> Vec<Choice> {
    static CODE: OnceLock<regex::Regex> = OnceLock::new();
    let code = CODE.get_or_init(|| {
        regex::Regex::new(
            r#"(?i)(?:^|[\s(,;'"])['"]?([0-9]{1,6})['"]?\s*(?:=|:|->|\bfor\b|\brepresents\b|\bmeans\b|\bstands for\b|\bcorresponds to\b|\bto\b)\s*(?:(?:an?|the)\s+)?([a-z][a-z' -]*?)\s*(?:[,.;)]|\band\b|\bor\b|\betc\b|$)"#,
        )
        .expect("the code-table pattern compiles")
    });
    let numeric = match kind {
        Some("integer" | "number") => true,
        Some("string") => false,
        _ => return Vec::new(),
    };
    let mut out: Vec<Choice> = Vec::new();
    for c in code.captures_iter(description) {
        let label = c[2].trim();
        let value = if numeric {
            c[1].parse::<u64>().map_or(Value::Null, Value::from)
        } else {
            Value::String(c[1].to_owned())
        };
        let choice = Choice::new(value, label.to_owned());
        if (1..=3).contains(&label.split_whitespace().count())
            && !choice.terms.is_empty()
            && !choice.value.is_null()
            && !out.iter().any(|o| o.value == choice.value)
        {
            out.push(choice);
        }
    }
    if out.len() < 2 { Vec::new() } else { out }
}

fn params_at(root: &Value, schema: &Value, depth: usize) -> Vec<Param> {
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
            let p = &effective(root, p);
            let description = p["description"].as_str().unwrap_or_default().to_owned();
            let mut param = Param {
                name: name.clone(),
                required: required.contains(&name.as_str()),
                kind: p["type"].as_str().map(str::to_owned),
                item_kind: p["items"]["type"].as_str().map(str::to_owned),
                choices: choices(p, &description),
                has_default: p.get("default").is_some(),
                default: p.get("default").cloned(),
                stated_default: stated_default(&description, p["type"].as_str()),
                pattern: p["pattern"].as_str().map(str::to_owned),
                format: p["format"].as_str().map(str::to_owned),
                shape: None,
                examples: p["examples"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(render)
                    .collect(),
                named_values: named_values(&description),
                codes: described_codes(&description, p["type"].as_str()),
                description,
                temporal: None,
                validator: None,
                unsatisfiable: false,
                introduced_by: None,
                nested: if depth >= MAX_NESTING {
                    Vec::new()
                } else if p["properties"].is_object() {
                    params_at(root, p, depth + 1)
                } else {
                    // A list of records ("ingredients", each with a name and grams): the fields
                    // of its items.
                    let items = effective(root, &p["items"]);
                    if items["properties"].is_object() {
                        params_at(root, &items, depth + 1)
                    } else {
                        Vec::new()
                    }
                },
            };
            param.temporal = temporal(&param);
            if param.pattern.is_none() {
                param.shape = described_shape(&param.description).or_else(|| address_shape(&param));
            }
            // Values are checked against the schema as the tool wrote it, which is what its server
            // checks them against.
            param.validator = jsonschema::validator_for(p)
                .ok()
                .map(|v| Compiled(std::sync::Arc::new(v)));
            param.unsatisfiable = enum_on_list(p);
            param
        })
        .collect()
}

/// Whether `p` makes a common mistake that leaves no value satisfying it: an `enum` of items
/// written on the array itself (`{"type": "array", "enum": ["a", "b"]}`). Its author meant the
/// items; its choices are read so, but as written no list passes.
fn enum_on_list(p: &Value) -> bool {
    p["type"] == "array"
        && p["items"].get("enum").is_none()
        && p["enum"]
            .as_array()
            .is_some_and(|a| a.iter().all(|v| !v.is_array()))
}

/// A number as written in text: whole numbers without a decimal point.
fn number_text(n: &serde_json::Number) -> String {
    match n.as_f64() {
        Some(v) if !n.is_i64() && !n.is_u64() && v.fract() == 0.0 && v.abs() < 9e15 => {
            (v as i64).to_string()
        }
        _ => n.to_string(),
    }
}

fn render(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn choices(p: &Value, description: &str) -> Vec<Choice> {
    // A list whose items are chosen from a set offers those: "elevation and area" is
    // `["Elevation", "Area"]`.
    if p["enum"].is_null() && p["items"].is_object() {
        return choices(&p["items"], description);
    }
    if let Some(values) = p["enum"].as_array() {
        return values
            .iter()
            .filter(|v| !v.is_null())
            .map(|v| {
                let text = render(v);
                let alias = alias_in(description, &text);
                Choice::new(
                    v.clone(),
                    format!("{text} {}", alias.unwrap_or_default())
                        .trim()
                        .to_owned(),
                )
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
            Some(Choice::new(value, label.trim().to_owned()))
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

/// Whether `p` is about a currency: its name or description says so ("from_currency", "The
/// currency to convert into").
pub fn about_currency(p: &Param) -> bool {
    text::terms(&p.name)
        .into_iter()
        .chain(text::terms(&p.description))
        .any(|t| t == "currenc")
}

/// Whether `p` takes a sum of money: a number whose name or description names a price, a cost,
/// a budget or a fee ([`text::lexicon::PRICE_WORDS`]), or a currency.
pub fn about_money(p: &Param) -> bool {
    matches!(p.kind.as_deref(), Some("number" | "integer"))
        && text::terms(&p.name)
            .into_iter()
            .chain(text::terms(&p.description))
            .any(|t| t == "currenc" || text::lexicon::PRICE_WORDS.contains(&t.as_str()))
}

/// The span of time `p` counts, by its name's last word in the plural (`days` → "day",
/// `num_months` → "month"); whether that word is a span ([`text::lexicon::SPANS`]) is the
/// caller's to ask where it matters.
pub fn counted_span(p: &Param) -> Option<String> {
    let last = text::words(&p.name).pop()?.to_lowercase();
    last.strip_suffix('s').map(str::to_owned)
}

/// Whether `p` takes a unit of measure: a string whose name or description says "unit"
/// (`from_unit`, "The unit to convert to").
pub fn about_unit(p: &Param) -> bool {
    p.kind.as_deref().is_none_or(|k| k == "string")
        && text::terms(&p.name)
            .into_iter()
            .chain(text::terms(&p.description))
            .any(|t| t == "unit")
}

/// Whether `p` takes any text as it is written: a string with no allowed values, pattern or
/// format.
pub fn takes_any_text(p: &Param) -> bool {
    p.kind.as_deref().is_none_or(|k| k == "string")
        && p.choices.is_empty()
        && p.pattern.is_none()
        && p.format.is_none()
        && p.nested.is_empty()
}

/// Whether a text parameter holds a quantity written in digits (`distance` "The distance in
/// KM.", `litres` "The number of litres to calculate from.", as marketplace APIs declare
/// numbers): any text, and a description that counts something ("number of litres", "how
/// many") or measures it in a unit ("in KM"). "The number of the flight" names, it counts
/// nothing.
pub fn quantity_in_text(p: &Param) -> bool {
    if p.kind.as_deref() != Some("string") || !takes_any_text(p) || p.temporal.is_some() {
        return false;
    }
    let words: Vec<String> = text::words(&p.description)
        .iter()
        .map(|w| w.to_lowercase())
        .collect();
    // An identifier ("The Central Index Key (CIK) used in SEC filings") counts nothing; a size
    // of two dimensions ("in inches, width by height") is two quantities, not one.
    let identifies = words
        .iter()
        .any(|w| text::lexicon::ID_WORDS.contains(&w.as_str()) || w == "key" || w == "code");
    let dimensions = text::lexicon::DIMENSION_NAMES
        .iter()
        .flat_map(|(_, names)| names.iter())
        .filter(|n| words.iter().any(|w| w == *n))
        .count();
    if identifies || dimensions > 1 {
        return false;
    }
    words.windows(3).any(|w| {
        (w[0] == "number" && w[1] == "of" && !text::lexicon::DETERMINERS.contains(&w[2].as_str()))
            || (w[0] == "how" && w[1] == "many")
    }) || words
        .windows(2)
        .any(|w| w[0] == "in" && text::lexicon::unit_dimension(&w[1]).is_some())
}

/// Whether a parameter takes the user's words as they are (a search query). A `q` whose
/// description says it is a place ("It could be latitude and longitude, a city name, a US zip
/// or a UK postcode") takes a place, not the request.
pub fn is_free_text(p: &Param) -> bool {
    let lowered = p.name.to_lowercase();
    takes_any_text(p)
        && text::lexicon::FREE_TEXT_NAMES.contains(&lowered.as_str())
        && !described_as_place(p)
}

/// Whether a parameter's description says it takes a place: it opens with a kind of place
/// ("City name, postcode or latitude,longitude") or names two kinds of one.
fn described_as_place(p: &Param) -> bool {
    let place = |t: &String| {
        text::lexicon::DIRECTION_AT.contains(&t.as_str())
            || text::lexicon::PLACE_CODE_WORDS.contains(&t.as_str())
    };
    let terms = text::terms(&p.description);
    let kinds: HashSet<&String> = terms.iter().filter(|t| place(t)).collect();
    terms.first().is_some_and(place) || kinds.len() >= 2
}

/// Whether `p` takes a word of language as its value (`word` of a dictionary's `define_word`,
/// [`text::lexicon::WORD_VALUE_NAMES`]): a plain string, no choices, pattern or format, and no
/// free text, whose name ends in such a word.
pub fn takes_words(p: &Param) -> bool {
    p.kind.as_deref().is_none_or(|k| k == "string")
        && p.choices.is_empty()
        && p.pattern.is_none()
        && p.format.is_none()
        && !is_free_text(p)
        && text::words(&p.name)
            .last()
            .is_some_and(|w| text::lexicon::WORD_VALUE_NAMES.contains(&w.to_lowercase().as_str()))
}

/// Whether a free-text parameter searches or asks (a `query`, `keywords`, a `question`, or a
/// `text` its description says is searched for), so that a request for information is itself
/// its value; otherwise it is text a method works on (`text` to translate or analyse), which a
/// request writes out or quotes.
pub fn searches(p: &Param) -> bool {
    let lowered = p.name.to_lowercase();
    let named = text::words(&lowered)
        .iter()
        .any(|w| text::lexicon::SEARCH_NAME_WORDS.contains(&text::stem(w).as_str()));
    named
        || text::terms(&p.description)
            .iter()
            .any(|t| text::lexicon::SEARCH_NAME_WORDS.contains(&t.as_str()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_handle_or_hashtag_goes_without_its_sign_where_the_schema_says_so() {
        let schema = json!({"type": "object", "properties": {
            "username": {"type": "string", "description": "The username, without the @."},
            "tag": {"type": "string", "pattern": "^\\w+$"},
            "mention": {"type": "string", "description": "Who to mention"}}});
        let ps = params(&schema);
        let of = |name: &str| ps.iter().find(|p| p.name == name).unwrap();
        assert_eq!(of("username").conform(json!("@jack")), Ok(json!("jack")));
        assert_eq!(of("tag").conform(json!("#climate")), Ok(json!("climate")));
        // Nothing says to leave the sign out: the value goes as written.
        assert_eq!(of("mention").conform(json!("@jack")), Ok(json!("@jack")));
        // A hashtag parameter recognises a hashtag, as an IP address parameter does an address.
        let tagged = json!({"type": "object", "properties": {
            "hashtag": {"type": "string", "description": "The hashtag to search"}}});
        let tagged = params(&tagged);
        assert_eq!(recognising_shape(&tagged[0]), Some(HASHTAG));
        assert_eq!(recognising_shape(of("mention")), None);
    }

    #[test]
    fn a_parameter_named_for_a_word_takes_words_unless_its_schema_narrows_it() {
        let schema = json!({"type": "object", "properties": {
            "word": {"type": "string"}, "target_term": {"type": "string"},
            "language": {"type": "string", "enum": ["en", "fr"]},
            "code_word": {"type": "string", "pattern": "^[A-Z]+$"},
            "wording": {"type": "string"}, "count": {"type": "integer"}}});
        let ps = params(&schema);
        let mut taking: Vec<&str> = ps
            .iter()
            .filter(|p| takes_words(p))
            .map(|p| p.name.as_str())
            .collect();
        taking.sort_unstable();
        assert_eq!(taking, ["target_term", "word"]);
    }

    #[test]
    fn a_description_gives_each_parameter_the_preposition_of_its_slot() {
        let schema = json!({"type": "object", "properties": {
            "instrument": {"type": "string"}, "manufacturer": {"type": "string"},
            "features": {"type": "array"}}});
        let mut ps = params(&schema);
        introductions(
            &mut ps,
            "Retrieve the average price and ratings of an instrument from a particular manufacturer.",
        );
        let by = |ps: &[Param], n: &str| {
            ps.iter()
                .find(|p| p.name == n)
                .and_then(|p| p.introduced_by.clone())
        };
        assert_eq!(by(&ps, "instrument").as_deref(), Some("of"));
        assert_eq!(by(&ps, "manufacturer").as_deref(), Some("from"));
        assert_eq!(by(&ps, "features"), None);
        // Two parameters in one slot ("between two species") get none; nor does a name written
        // after two different prepositions, nor one across a clause's end.
        let schema = json!({"type": "object", "properties": {
            "species1": {"type": "string"}, "species2": {"type": "string"},
            "city": {"type": "string"}, "format": {"type": "string"}}});
        let mut ps = params(&schema);
        introductions(
            &mut ps,
            "Similarity between a species and another species, in a city or for a city. Format, the result.",
        );
        assert_eq!(by(&ps, "species1"), None);
        assert_eq!(by(&ps, "species2"), None);
        assert_eq!(by(&ps, "city"), None);
        assert_eq!(by(&ps, "format"), None);
    }

    #[test]
    fn optional_and_referenced_properties_are_read_as_the_value_they_take() {
        let schema = serde_json::json!({
            "type": "object",
            "$defs": {"Place": {"type": "object", "description": "A place",
                "properties": {"city": {"type": "string"}}, "required": ["city"]}},
            "properties": {
                "limit": {"anyOf": [{"type": "integer", "maximum": 50}, {"type": "null"}],
                          "default": null, "description": "How many"},
                "lat": {"type": ["number", "null"]},
                "tags": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
                "where": {"$ref": "#/$defs/Place", "description": "Where to look"},
                "mode": {"anyOf": [{"const": "fast"}, {"const": "slow"}, {"type": "null"}]},
                "either": {"anyOf": [{"type": "string"}, {"type": "integer"}]}
            }
        });
        let params = super::params(&schema);
        let by = |name: &str| params.iter().find(|p| p.name == name).unwrap();
        let limit = by("limit");
        assert_eq!(limit.kind.as_deref(), Some("integer"));
        assert_eq!(limit.description, "How many");
        // The constraint of the value it takes holds: 80 is refused, 20 is not.
        let validator = limit.validator.as_ref().unwrap();
        assert!(!validator.0.is_valid(&serde_json::json!(80)));
        assert!(validator.0.is_valid(&serde_json::json!(20)));
        assert_eq!(by("lat").kind.as_deref(), Some("number"));
        assert_eq!(by("tags").kind.as_deref(), Some("array"));
        assert_eq!(by("tags").item_kind.as_deref(), Some("string"));
        let place = by("where");
        assert_eq!(place.kind.as_deref(), Some("object"));
        assert_eq!(place.description, "Where to look");
        assert_eq!(place.nested[0].name, "city");
        // A choice among constants stays a choice; two real alternatives stay open.
        assert_eq!(by("mode").choices.len(), 2);
        assert_eq!(by("either").kind, None);
    }

    #[test]
    fn a_description_lists_codes_for_the_things_they_stand_for() {
        let codes = |description: &str, kind: &str| -> Vec<(serde_json::Value, String)> {
            super::described_codes(description, Some(kind))
                .into_iter()
                .map(|c| (c.value, c.label))
                .collect()
        };
        assert_eq!(
            codes(
                "For example, '1' represents a cleaning service, 2 for ironing, and 13 represents big cleaning service.",
                "integer"
            ),
            [
                (json!(1), "cleaning service".to_owned()),
                (json!(2), "ironing".to_owned()),
                (json!(13), "big cleaning service".to_owned())
            ]
        );
        assert_eq!(
            codes(
                "Unique identifier. For example, 1 corresponds to Bangkok, 2 to Chiang Mai, and 3 to Chonburi.",
                "string"
            ),
            [
                (json!("1"), "Bangkok".to_owned()),
                (json!("2"), "Chiang Mai".to_owned()),
                (json!("3"), "Chonburi".to_owned())
            ]
        );
        assert_eq!(codes("Status: 0 = closed, 1 = open.", "integer").len(), 2);
        // Not tables: one code, ranges, counts, and a type that takes no codes.
        for (description, kind) in [
            ("Page to start from, e.g. 1 for the first page.", "integer"),
            ("Number of results, from 1 to 100.", "integer"),
            ("Between 2 and 10 guests, 3 for a family.", "integer"),
            ("1 for Bangkok, 2 for Chiang Mai.", "boolean"),
        ] {
            assert!(codes(description, kind).is_empty(), "{description}");
        }
    }

    #[test]
    fn a_description_names_values_quoted_or_listed_after_a_cue() {
        for (description, values) in [
            (
                "Options: 'miles', 'kilometers'.",
                vec!["miles", "kilometers"],
            ),
            ("Type of food like Sushi.", vec!["Sushi"]),
            (
                "Restrictions e.g. vegan, vegetarian, gluten free, dairy free.",
                vec!["vegan", "vegetarian", "gluten free", "dairy free"],
            ),
            (
                "Whether the user is looking to rent or buy.",
                vec!["rent", "buy"],
            ),
            (
                "Specify the type. i.e., victim, accused, etc.",
                vec!["victim", "accused"],
            ),
            ("The name of the user.", vec![]),
            // Not values: a cue inside a word, long phrases, a cue with nothing after it, and a
            // description whose lowercase is longer than itself.
            ("Unlike others, it sorts.", vec![]),
            (
                "Such as the one the user means when they write it down.",
                vec![],
            ),
            ("either", vec![]),
            ("Whether , or .", vec![]),
            ("İstanbul district, e.g. Kadıköy.", vec!["Kadıköy"]),
            ("City and state, e.g. 'San Francisco, CA'.", vec![]),
            (
                "The grant type. Here are the options: read_write, read, write",
                vec!["read_write", "read", "write"],
            ),
            ("The receiver, such as an email or phone number.", vec![]),
            (
                "Path, e.g. 'path/to/image.jpg' or 'YYYY-MM-DD' or '42'.",
                vec!["YYYY-MM-DD"],
            ),
        ] {
            assert_eq!(super::named_values(description), values, "{description}");
        }
    }

    #[test]
    fn values_a_method_lists_go_to_its_one_parameter_for_a_kind_of_thing() {
        let schema = serde_json::json!({"type": "object", "properties": {
            "location": {"type": "string", "description": "Address or city."},
            "place_type": {"type": "string", "description": "What to look for."}}});
        let described =
            "Find places near a location, such as restaurants, pharmacies or gas stations.";
        let mut p = super::params(&schema);
        super::described_kinds(&mut p, described);
        assert_eq!(
            p[1].named_values,
            ["restaurants", "pharmacies", "gas stations"]
        );
        assert!(p[0].named_values.is_empty());
        // Described as a kind rather than named one.
        let schema = serde_json::json!({"type": "object", "properties": {
            "what": {"type": "string", "description": "Kind of place to look for."}}});
        let mut p = super::params(&schema);
        super::described_kinds(&mut p, described);
        assert_eq!(p[0].named_values.len(), 3);
        // Two parameters for kinds: which one the values are for is a guess.
        let schema = serde_json::json!({"type": "object", "properties": {
            "place_type": {"type": "string"}, "cuisine_type": {"type": "string"}}});
        let mut p = super::params(&schema);
        super::described_kinds(&mut p, described);
        assert!(p.iter().all(|p| p.named_values.is_empty()));
    }

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
