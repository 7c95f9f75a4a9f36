//! Binding a method's parameters from the query: enum values by the words they share with the
//! query, free-text parameters to the query itself, pattern-constrained strings to a matching
//! token, a lone required number to the lone unused number, a required name to a named entity.
//! What a required parameter cannot get from the query or a default is reported missing.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use serde_json::{Map, Value};

use crate::query::Query;
use crate::schema::{Choice, Param, Temporal, is_free_text, searches};
use crate::weights::Weights;

/// The result of binding one method.
#[derive(Debug, Clone, Default)]
pub struct Binding {
    /// Arguments bound from the query.
    pub arguments: Map<String, Value>,
    /// Required parameters that nothing bound and that have no default.
    pub missing: Vec<MissingParam>,
    /// An enum parameter for which several values fit the query equally well.
    pub ambiguity: Option<Ambiguity>,
    /// An enum parameter for which the query names several values, each with its own words
    /// ("BTC and ETH"): one call per value.
    pub fan_out: Option<(String, Vec<Value>)>,
    /// A parameter bound only on a second look, as the one name left over once every other
    /// parameter was settled: good enough for the request itself, too weak to carry over from an
    /// earlier turn.
    pub leftover: Option<String>,
}

/// A required parameter the query does not give, or any parameter it gives a value the schema
/// refuses (then `invalid` says which value and why).
#[derive(Debug, Clone, PartialEq)]
pub struct MissingParam {
    /// Parameter name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// Its allowed values, when it is an enum.
    pub choices: Vec<Value>,
    /// The value the query gave and the constraint it breaks, when one was given.
    pub invalid: Option<(Value, String)>,
}

/// Several values of one parameter fit.
#[derive(Debug, Clone)]
pub struct Ambiguity {
    /// The discriminating parameter.
    pub param: String,
    /// The values that fit, best first (by how much of each value the query names, then by the
    /// order the schema declares them in).
    pub candidates: Vec<Value>,
}

struct Scored<'a> {
    choice: &'a Choice,
    order: usize,
    hits: HashSet<String>,
    fraction: f64,
}

/// Binds `params` from `query`. `topic` is the method's own metadata vocabulary: words in it are
/// what the query is about ("Uber" for an Uber method), not values to pass.
///
/// The phases run in this order, each a [`Binder`] method, because each consumes words the later
/// ones must not reuse: explicit assignments, enum values, codes a description lists, dates and
/// times, ranges of numbers, mathematical expressions, lists written in
/// prose, then per remaining parameter a pattern, the free text, a structured value, a list, a
/// number or a name.
pub fn bind(params: &[Param], query: &Query, topic: &HashMap<String, f64>) -> Binding {
    // A text parameter that holds a quantity ([`crate::schema::quantity_in_text`]) is bound as
    // the number it is, and sent as the text its schema asks for ("120", by `Param::conform`).
    if params.iter().any(crate::schema::quantity_in_text) {
        let numeric: Vec<Param> = params
            .iter()
            .map(|p| Param {
                kind: if crate::schema::quantity_in_text(p) {
                    Some("number".to_owned())
                } else {
                    p.kind.clone()
                },
                ..p.clone()
            })
            .collect();
        return bind_typed(&numeric, query, topic);
    }
    bind_typed(params, query, topic)
}

/// [`bind`] over parameters whose types are as they are bound.
fn bind_typed(params: &[Param], query: &Query, topic: &HashMap<String, f64>) -> Binding {
    // A method that requires nothing but gives its text parameters defaults that are examples
    // of a value (`symbol` defaulting to "AAPL", not to "dontcare") says what a request names:
    // those parameters are read as required ones are, and one the request leaves open keeps its
    // default (left to the tool) rather than being asked for.
    if params.iter().all(|p| !p.required) && params.iter().any(example_default) {
        let promoted: Vec<Param> = params
            .iter()
            .map(|p| Param {
                required: example_default(p),
                ..p.clone()
            })
            .collect();
        let mut binding = bind_as_declared(&promoted, query, topic);
        // Read as required, not required: one left open is the tool's to fill, never asked.
        binding.missing.retain(|m| {
            m.invalid.is_some() || !promoted.iter().any(|p| p.name == m.name && p.required)
        });
        for p in &promoted {
            let written = |d: &Value| d.as_str().is_some_and(|d| query.text.contains(d));
            if p.default.as_ref().is_some_and(|d| !written(d))
                && binding.arguments.get(&p.name) == p.default.as_ref()
            {
                binding.arguments.remove(&p.name);
            }
        }
        return binding;
    }
    bind_as_declared(params, query, topic)
}

/// Whether `p`'s declared default is an example of a code ([`example_default`] written with
/// digits, or in capitals: "B07ZPKBL9V", "AAPL"): a thing the request must name.
fn example_code(p: &Param) -> bool {
    example_default(p)
        && p.default.as_ref().and_then(Value::as_str).is_some_and(|d| {
            !d.contains(char::is_whitespace)
                && (d.chars().any(|c| c.is_ascii_digit())
                    || d.chars().all(|c| c.is_ascii_uppercase()))
        })
}

/// Whether `p` is a text parameter without choices whose declared default is an example of a
/// value rather than a word for "no value" ([`text::lexicon::NO_VALUE_WORDS`]).
fn example_default(p: &Param) -> bool {
    p.choices.is_empty()
        && p.default.as_ref().and_then(Value::as_str).is_some_and(|d| {
            let d = d.trim();
            d.chars().filter(|c| c.is_alphanumeric()).count() >= 2
                && !text::lexicon::NO_VALUE_WORDS.contains(&d.to_lowercase().as_str())
        })
}

fn bind_as_declared(params: &[Param], query: &Query, topic: &HashMap<String, f64>) -> Binding {
    let first = numbered_in_turn(params, query, topic, bind_once(params, query, topic));
    let binding = with_regions(params, query, coordinated(params, query, topic, first));
    let binding = countries_of_nationalities(params, binding);
    with_stay_length(params, query, binding)
}

/// The length of a stay a request gives as its first and last day ("for the dates of August 15th
/// to August 17th, 2023"): the nights between them, for a whole-number parameter that measures a
/// stay ([`text::lexicon::STAY_WORDS`] in its name or description) and that nothing else bound.
/// Only when the request writes exactly two days, in order, at most a year apart; a day written
/// without its year takes the other's.
fn with_stay_length(params: &[Param], query: &Query, mut binding: Binding) -> Binding {
    use chrono::Datelike;
    let Some(p) = params.iter().find(|p| {
        p.kind.as_deref() == Some("integer")
            && p.temporal.is_none()
            && !binding.arguments.contains_key(&p.name)
            && text::terms(&format!("{} {}", p.name, p.description))
                .iter()
                .any(|t| text::lexicon::STAY_WORDS.contains(&t.as_str()))
    }) else {
        return binding;
    };
    let days: Vec<&crate::when::Moment> = query.dates.iter().filter(|m| !m.period).collect();
    let [first, last] = days[..] else {
        return binding;
    };
    let day = |m: &crate::when::Moment| {
        crate::when::full_date(m).or_else(|| crate::when::as_date(m.coming.as_deref()?))
    };
    let (Some(mut from), Some(mut to)) = (day(first), day(last)) else {
        return binding;
    };
    if first.normal.is_none() && last.normal.is_some() {
        from = from.with_year(to.year()).unwrap_or(from);
    } else if last.normal.is_none() && first.normal.is_some() {
        to = to.with_year(from.year()).unwrap_or(to);
    }
    let nights = (to - from).num_days();
    if !(1..=366).contains(&nights) {
        return binding;
    }
    binding
        .arguments
        .insert(p.name.clone(), Value::from(nights));
    binding
        .missing
        .retain(|m| m.name != p.name || m.invalid.is_some());
    binding
}

/// A city the place table knows, however it was found ("a therapist in berkeley") and in every
/// call of a fan-out, is written with the region its parameter's shape asks for ("Berkeley,
/// CA"); a place parameter's city goes by its name, not a short one ("LA" → "Los Angeles, CA"),
/// the short one having been spent like any name. Only a free string takes it: one with a list
/// of values or a pattern is left as bound. It runs once the fan-out is found, which looks for
/// each value as the query writes it.
/// A country parameter bound to a nationality ("Canadian" of "a Canadian passport") takes the
/// country it names.
fn countries_of_nationalities(params: &[Param], mut binding: Binding) -> Binding {
    for p in params.iter().filter(|p| {
        p.choices.is_empty()
            && p.pattern.is_none()
            && text::terms(&p.name).iter().any(|t| t == "countri")
    }) {
        if let Some(Value::String(written)) = binding.arguments.get_mut(&p.name)
            && let Some(country) = text::places::country_of_demonym(written)
        {
            *written = country.to_owned();
        }
    }
    binding
}

fn with_regions(params: &[Param], query: &Query, mut binding: Binding) -> Binding {
    let regioned = |p: &Param, value: &mut Value| {
        let Some(written) = value.as_str() else {
            return;
        };
        let city = direction(p)
            .and(text::places::city_nickname(written))
            .unwrap_or(written);
        // A country's name ("Mexico") names the country, not a city of that name in it.
        if !city.contains(',')
            && text::places::city(city).is_some()
            && text::places::country_code(city).is_none()
        {
            *value = Value::String(with_region(p, query, city.to_owned()));
        }
    };
    for p in params.iter().filter(|p| {
        p.kind.as_deref() == Some("string")
            && p.choices.is_empty()
            && p.pattern.is_none()
            && p.format.is_none()
    }) {
        if let Some(value) = binding.arguments.get_mut(&p.name) {
            regioned(p, value);
        }
        if let Some((name, values)) = &mut binding.fan_out
            && *name == p.name
        {
            values.iter_mut().for_each(|v| regioned(p, v));
        }
    }
    binding
}

/// Values the query coordinates for numbered text parameters of one kind (`color1`, `color2`;
/// "Mix yellow and blue"): the first takes the value bound, the next the value written after the
/// coordinator, found as [`coordinated`] finds a fan-out's: with the first value and its
/// coordinator taken out, the first parameter binds the value in its place. Only for a next
/// parameter nothing bound, and a value none other took.
fn numbered_in_turn(
    params: &[Param],
    query: &Query,
    topic: &HashMap<String, f64>,
    mut binding: Binding,
) -> Binding {
    let plain = |p: &Param| {
        p.choices.is_empty()
            && p.temporal.is_none()
            && p.kind.as_deref().is_none_or(|k| k == "string")
    };
    for p in params.iter().filter(|p| plain(p)) {
        let digits = p.name.len() - p.name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            continue;
        }
        let (base, number) = p.name.split_at(p.name.len() - digits);
        let Ok(number) = number.parse::<u32>() else {
            continue;
        };
        let next_name = format!("{base}{}", number + 1);
        let Some(next) = params.iter().find(|o| o.name == next_name && plain(o)) else {
            continue;
        };
        if binding.arguments.contains_key(&next.name) {
            continue;
        }
        let Some(first) = binding.arguments.get(&p.name).cloned() else {
            continue;
        };
        let written = written_form(&query.text, &first);
        let Some(at) = written_at(&query.text, &written) else {
            continue;
        };
        // The value bound may be the first of the two ("yellow and blue", "blue" bound: the
        // other comes after it) or the last ("yellow and blue colors", "blue" bound for the
        // noun it comes right before: the other comes before it).
        let text = &query.text;
        let after = coordinator(&text[at.1..])
            .filter(|(_, conjunction)| *conjunction)
            .map(|(joiner, _)| (format!("{}{}", &text[..at.0], &text[at.1 + joiner..]), true));
        let before = || {
            let head = &text[..at.0];
            let joined = [" and ", " or ", " & "]
                .iter()
                .find(|j| head.ends_with(*j))?;
            let cut = head.len() - joined.len();
            Some((format!("{}{}", &head[..cut], &text[at.1..]), false))
        };
        let Some((rest, first_bound)) = after.or_else(before) else {
            continue;
        };
        let again = bind_once(params, &Query::parse_on(&rest, query.today), topic);
        let Some(other) = again.arguments.get(&p.name).cloned() else {
            continue;
        };
        let other_written = written_form(&rest, &other);
        let in_place = written_at(&rest, &other_written).is_some_and(|span| {
            if first_bound {
                span.0 == at.0
            } else {
                span.1 == rest.len() - (text.len() - at.1)
            }
        });
        if !in_place || binding.arguments.values().any(|v| *v == other) {
            continue;
        }
        let (one, two) = if first_bound {
            (first, other)
        } else {
            (other, first)
        };
        binding.arguments.insert(p.name.clone(), one);
        binding.arguments.insert(next.name.clone(), two);
        binding.missing.retain(|m| m.name != next.name);
    }
    binding
}

/// How many values of one parameter a request may coordinate into calls of their own.
const MAX_COORDINATED: usize = 8;

/// Several values the query coordinates for one parameter that takes one ("the area of circles
/// with radius 5 and 10", "prices of AAPL, MSFT and GOOG"): one call per value, a fan-out. The
/// binder itself says what the parameter takes: with the bound value and its coordinator ("5
/// and") taken out of the request, the same parameter binds the value written in its place and
/// every other parameter binds as before. Values shared out between parameters ("the distance
/// between Boston and Denver") change the others' binding, and stay as they are.
fn coordinated(
    params: &[Param],
    query: &Query,
    topic: &HashMap<String, f64>,
    mut binding: Binding,
) -> Binding {
    if binding.fan_out.is_some() || binding.ambiguity.is_some() {
        return binding;
    }
    if let Some(listed) = listed_for_missing(params, query, topic, &binding) {
        return listed;
    }
    let named = query.name_terms();
    for p in params.iter().filter(|p| {
        p.choices.is_empty()
            && p.temporal.is_none()
            && matches!(
                p.kind.as_deref(),
                Some("string" | "number" | "integer") | None
            )
    }) {
        let Some(first) = binding.arguments.get(&p.name).cloned() else {
            continue;
        };
        let written = written_form(&query.text, &first);
        let Some(mut at) = written_at(&query.text, &written) else {
            continue;
        };
        // A number bound from inside a list of numbers ("are 17, 23 and 91 prime?") stands for
        // the whole list, when no other parameter took one of them.
        // So does a code of digits ("ZIP codes 10001 and 94105").
        let digits = first
            .as_str()
            .is_some_and(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit()));
        if (first.is_number() || digits)
            && let Some(run) = number_run(&query.text, at.0)
                .map(|run| {
                    run.into_iter()
                        .filter_map(|token| match digits {
                            true => Some(Value::String(token.to_owned())),
                            false => typed_number(p, token.parse().ok()?),
                        })
                        .collect::<Vec<_>>()
                })
                .filter(|run| run.len() >= 2)
            && binding
                .arguments
                .iter()
                .all(|(k, v)| k == &p.name || !run.contains(v))
        {
            binding.arguments.remove(&p.name);
            binding.fan_out = Some((p.name.clone(), run));
            break;
        }
        // A value written after a comma is the tail of one written in parts ("New York, USA"),
        // not the head of a list.
        if !names_a_value(&named, &written) || query.text[..at.0].trim_end().ends_with(',') {
            continue;
        }
        let mut text = query.text.clone();
        let mut values = vec![first];
        // How many values there are up to the last "and" or "or": a comma alone joins the parts
        // of one value ("Miami, FL") unless a conjunction closes the list ("AAPL, MSFT and GOOG").
        let mut closed = 1;
        while values.len() < MAX_COORDINATED {
            let Some((joiner, conjunction)) = coordinator(&text[at.1..]) else {
                break;
            };
            let rest = format!("{}{}", &text[..at.0], &text[at.1 + joiner..]);
            let again = bind_once(params, &Query::parse_on(&rest, query.today), topic);
            let Some(next) = again.arguments.get(&p.name) else {
                break;
            };
            let others_hold = again.arguments.len() == binding.arguments.len()
                && binding
                    .arguments
                    .iter()
                    .all(|(k, v)| k == &p.name || again.arguments.get(k) == Some(v));
            let next_written = written_form(&rest[at.0..], next);
            let Some(span) = written_at(&rest[at.0..], &next_written).filter(|s| s.0 == 0) else {
                break;
            };
            if !others_hold || values.contains(next) || !names_a_value(&named, &next_written) {
                break;
            }
            values.push(next.clone());
            if conjunction {
                closed = values.len();
            }
            at = (at.0, at.0 + span.1);
            text = rest;
        }
        values.truncate(closed);
        if values.len() > 1 {
            binding.arguments.remove(&p.name);
            binding.fan_out = Some((p.name.clone(), values));
            break;
        }
    }
    if binding.fan_out.is_none()
        && let Some((name, values)) = named_again(params, query, &binding)
    {
        binding.arguments.remove(&name);
        binding.fan_out = Some((name, values));
    }
    binding
}

/// A number parameter the query names again with another number ("two circles, one with a
/// radius of 4 and the other with a radius of 6"): one call per number. Each number is the
/// first within [`Weights::near_tokens`] after a mention of the parameter's one-word name, the
/// first is the one bound, and every other number the query writes is bound to another one, so
/// nothing written for a second call is left out of it ("speed 30 for 2 hours and speed 40
/// for 3 hours" stays one call).
fn named_again(params: &[Param], query: &Query, binding: &Binding) -> Option<(String, Vec<Value>)> {
    let numbers = query.numbers_at();
    params
        .iter()
        .filter(|p| matches!(p.kind.as_deref(), Some("number" | "integer")))
        .find_map(|p| {
            let first = binding.arguments.get(&p.name)?.as_f64()?;
            let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
            if own.len() != 1 {
                return None;
            }
            let mentions = query.mentions(&own);
            let written: Vec<&(usize, String, f64)> = mentions
                .iter()
                .enumerate()
                .filter_map(|(k, m)| {
                    let next_mention = mentions.get(k + 1).copied().unwrap_or(usize::MAX);
                    numbers.iter().find(|(i, _, _)| {
                        *i > *m && *i <= m + Weights::DEFAULT.near_tokens && *i < next_mention
                    })
                })
                .collect();
            let values: Vec<f64> = written.iter().map(|(_, _, v)| *v).collect();
            let distinct = values
                .iter()
                .enumerate()
                .all(|(k, v)| !values[..k].contains(v));
            if values.len() < 2 || values.len() > MAX_COORDINATED || !distinct || values[0] != first
            {
                return None;
            }
            let bound_elsewhere = |v: f64| {
                binding
                    .arguments
                    .iter()
                    .any(|(k, a)| k != &p.name && a.as_f64() == Some(v))
            };
            let stray = numbers
                .iter()
                .any(|(i, _, v)| !written.iter().any(|(j, _, _)| j == i) && !bound_elsewhere(*v));
            if stray {
                return None;
            }
            let typed: Vec<Value> = values.iter().filter_map(|v| typed_number(p, *v)).collect();
            (typed.len() == values.len()).then(|| (p.name.clone(), typed))
        })
}

/// A required number parameter left open because the query writes a list of numbers where it
/// takes one ("the factorials of 5, 7 and 10", "in 2000 and 2010", "of 5, and also of 7": the
/// last may repeat the preposition, after an "also"): with the list replaced by
/// each of its numbers in turn the parameter binds that number, and every other parameter binds
/// the same each time. Then one call per number.
fn listed_for_missing(
    params: &[Param],
    query: &Query,
    topic: &HashMap<String, f64>,
    binding: &Binding,
) -> Option<Binding> {
    static LIST: OnceLock<regex::Regex> = OnceLock::new();
    let re = LIST.get_or_init(|| {
        let n = NUMBER_PATTERN;
        let repeated = text::lexicon::LIST_PREPOSITIONS.join("|");
        regex::Regex::new(&format!(
            r"\b{n}(?:\s*,\s*{n})*\s*,?\s+(?:and|or|&)\s+(?:also\s+)?(?:(?:{repeated})\s+)?{n}\b"
        ))
        .expect("the list pattern compiles")
    });
    let open: Vec<&Param> = params
        .iter()
        .filter(|p| {
            p.required
                && p.choices.is_empty()
                && matches!(p.kind.as_deref(), Some("number" | "integer"))
                && binding
                    .missing
                    .iter()
                    .any(|m| m.name == p.name && m.invalid.is_none())
        })
        .collect();
    let [p] = open[..] else { return None };
    for list in re.find_iter(&query.text) {
        let items: Vec<&str> = number_token()
            .find_iter(list.as_str())
            .map(|m| m.as_str())
            .collect();
        // "between the ages of 25 and 35" is one range, not two values.
        let before = text::words(&query.text[..list.start()]);
        if items.len() > MAX_COORDINATED || before.iter().rev().take(4).any(|w| w == "between") {
            continue;
        }
        let mut each: Vec<Binding> = Vec::new();
        for item in &items {
            let text = format!(
                "{}{item}{}",
                &query.text[..list.start()],
                &query.text[list.end()..]
            );
            let b = bind_once(params, &Query::parse_on(&text, query.today), topic);
            let fits = b.arguments.get(&p.name).and_then(Value::as_f64) == item.parse::<f64>().ok()
                && b.fan_out.is_none()
                && b.ambiguity.is_none()
                && !b.missing.iter().any(|m| m.name == p.name);
            if !fits {
                break;
            }
            each.push(b);
        }
        if each.len() != items.len() {
            continue;
        }
        let others = |b: &Binding| {
            let mut a = b.arguments.clone();
            a.remove(&p.name);
            a
        };
        let first = others(&each[0]);
        if each.iter().any(|b| others(b) != first) {
            continue;
        }
        let values = each
            .iter()
            .filter_map(|b| b.arguments.get(&p.name).cloned())
            .collect();
        let mut out = each.swap_remove(0);
        out.arguments.remove(&p.name);
        out.fan_out = Some((p.name.clone(), values));
        return Some(out);
    }
    None
}

/// `value` as `text` writes it: a place the binder wrote with its region ("Paris, FR" for "news
/// in Paris and Letterkenny") is written as its city.
fn written_form(text: &str, value: &Value) -> Value {
    match value.as_str().and_then(|v| v.rsplit_once(", ")) {
        Some((city, _)) if written_at(text, value).is_none() && !city.is_empty() => {
            Value::String(city.to_owned())
        }
        _ => value.clone(),
    }
}

/// The term of the thing a description says a number counts: the word after its first "number
/// of" or "count of" ("Number of headlines to return" counts headlines).
fn described_count(description: &str) -> Option<String> {
    let words = text::words(description);
    words.windows(3).find_map(|w| {
        (matches!(w[0].as_str(), "number" | "count") && w[1] == "of")
            .then(|| text::terms(&w[2]).into_iter().next())
            .flatten()
    })
}

/// The numbers, as written, of the list in `text` that holds the number starting at byte `at`:
/// numbers joined by commas and closed by "and" or "or" ("17, 23 and 91", "5 or 10"), at most
/// [`MAX_COORDINATED`]; `None` when the number stands alone.
fn number_run(text: &str, at: usize) -> Option<Vec<&str>> {
    static RUN: OnceLock<regex::Regex> = OnceLock::new();
    let re = RUN.get_or_init(|| {
        let n = NUMBER_PATTERN;
        regex::Regex::new(&format!(
            r"\b{n}(?:\s*,\s*{n})*(?:\s*,?\s+(?:and|or)\s+{n})\b"
        ))
        .expect("the number-list pattern compiles")
    });
    let found = re
        .find_iter(text)
        .find(|m| m.start() <= at && at < m.end())?;
    let values: Vec<&str> = number_token()
        .find_iter(found.as_str())
        .map(|m| m.as_str())
        .collect();
    (2..=MAX_COORDINATED)
        .contains(&values.len())
        .then_some(values)
}

/// Where `value` is written in `text`, as whole words: a string as it is, a number as any
/// number token of that value ("5" for 5.0). The first place, as byte offsets.
fn written_at(text: &str, value: &Value) -> Option<(usize, usize)> {
    let whole = |s: usize, e: usize| {
        !text[..s].ends_with(|c: char| c.is_alphanumeric())
            && !text[e..].starts_with(|c: char| c.is_alphanumeric())
    };
    match value {
        Value::String(v) if !v.is_empty() => text
            .match_indices(v.as_str())
            .map(|(s, m)| (s, s + m.len()))
            .find(|&(s, e)| whole(s, e)),
        Value::Number(n) => {
            let want = n.as_f64()?;
            number_token()
                .find_iter(text)
                .find(|m| {
                    whole(m.start(), m.end()) && m.as_str().parse::<f64>().is_ok_and(|x| x == want)
                })
                .map(|m| (m.start(), m.end()))
        }
        _ => None,
    }
}

/// A number as a request writes it in digits ("5", "-3.5").
const NUMBER_PATTERN: &str = r"-?\d+(?:\.\d+)?";

/// [`NUMBER_PATTERN`], compiled.
fn number_token() -> &'static regex::Regex {
    static NUMBER: OnceLock<regex::Regex> = OnceLock::new();
    NUMBER.get_or_init(|| regex::Regex::new(NUMBER_PATTERN).expect("the number pattern compiles"))
}

/// The length of the coordinator `rest` opens with (", ", " and ", ", or ", " & "), and whether
/// it is a conjunction rather than a comma alone.
fn coordinator(rest: &str) -> Option<(usize, bool)> {
    static JOINER: OnceLock<regex::Regex> = OnceLock::new();
    let re = JOINER.get_or_init(|| {
        regex::Regex::new(r"^(?:\s*,\s*(?:(and|or)\s+)?|\s+(and|or|&)\s+)")
            .expect("the coordinator pattern compiles")
    });
    re.captures(rest).map(|c| {
        let conjunction = c.get(1).or(c.get(2)).is_some();
        (c.get(0).map_or(0, |m| m.end()), conjunction)
    })
}

/// Whether `value` is one a request writes as a value of its own: a number, or text every word
/// of which is in a name or a quotation the request gives (`named`, [`Query::name_terms`]: "AAPL",
/// "Boston, MA"). A plain word after "and" more likely opens a clause of its own ("oil and change
/// size to 12x18").
fn names_a_value(named: &HashSet<String>, value: &Value) -> bool {
    match value {
        Value::Number(_) => true,
        Value::String(v) => {
            let terms = text::terms(v);
            !terms.is_empty() && terms.iter().all(|t| named.contains(t))
        }
        _ => false,
    }
}

/// [`bind`] without looking for coordinated values.
fn bind_once(params: &[Param], query: &Query, topic: &HashMap<String, f64>) -> Binding {
    let mut b = Binder::new(params, query, topic);
    // A statement written out is taken whole before "SQL: SELECT ..." reads as an assignment of
    // its first word.
    b.statements();
    b.globs();
    b.assignments();
    // Allowed values that are units go before the other enums, which would read "miles" as a
    // form of "mi" or "m" alike; units written as text after currencies ("pounds").
    b.units(true);
    b.enums();
    b.languages();
    b.codes();
    b.currencies();
    b.units(false);
    b.moments();
    b.ranges();
    b.expressions();
    b.prose_lists();
    b.counted_lists();
    b.described_parts();
    b.described_values();
    b.owned_pair();
    b.name_parts();
    // A year is a number, whatever type the schema gives it; bound before names are shared out,
    // it leaves fewer text parameters open for them.
    for p in params.iter().filter(|p| {
        p.required
            && p.choices.is_empty()
            && p.format.is_none()
            && p.kind.as_deref().is_none_or(|k| k == "string")
            && names_a_year(p)
    }) {
        if !b.binding.arguments.contains_key(&p.name) {
            b.year(p);
        }
    }
    let assigned: HashSet<String> = b.binding.arguments.keys().cloned().collect();
    // Parameters that looked for a name and found none, maybe while others were still open:
    // once the others are bound, a name may be the last one's alone.
    let mut unnamed = Vec::new();
    for p in params
        .iter()
        .filter(|p| p.choices.is_empty() && !assigned.contains(&p.name))
    {
        if p.temporal.is_some() && p.pattern.is_none() {
            if p.shape.is_some() {
                b.pattern(p);
            }
            continue;
        }
        if p.pattern.is_some() {
            if !b.pattern(p) {
                b.place_code(p);
            }
            continue;
        }
        if p.shape.is_some() && b.pattern(p) {
            continue;
        }
        if b.free_text(p) {
            continue;
        }
        if !p.required {
            // An optional year takes the one year the query writes ("pop songs from 2013"); a
            // count per year is no year.
            if names_a_year(p)
                && !text::words(&p.name)
                    .iter()
                    .any(|w| w.eq_ignore_ascii_case("per"))
                && p.format.is_none()
                && p.kind.as_deref().is_none_or(|k| k != "boolean")
            {
                b.year(p);
                if b.binding.arguments.contains_key(&p.name) {
                    continue;
                }
            }
            match p.kind.as_deref() {
                Some("object") if !p.nested.is_empty() => b.optional_structured(p),
                Some("boolean") => b.optional_flag(p),
                Some("integer" | "number") => b.optional_number(p),
                _ => {
                    if b.optional_example(p) {
                        continue;
                    }
                    if !b.optional_code(p) {
                        b.optional_place(p);
                    }
                    if !b.binding.arguments.contains_key(&p.name) {
                        b.optional_name(p);
                    }
                }
            }
            continue;
        }
        match p.kind.as_deref() {
            Some("object") if !p.nested.is_empty() => b.structured(p),
            Some("object") => b.written_object(p),
            Some("array") if !p.nested.is_empty() => {
                b.list(p);
                if !b.binding.arguments.contains_key(&p.name) {
                    b.records(p);
                }
            }
            Some("array") => b.list(p),
            Some("integer" | "number") => b.number(p),
            Some("boolean") => b.flag(p),
            Some("string") | None if p.format.is_none() && !b.name(p, false) => unnamed.push(p),
            _ => {}
        }
    }
    // Only a parameter left alone gets a second look: with two open, which name is whose is a
    // guess.
    if let [p] = unnamed[..]
        && unnamed.len() < params.len()
        && b.name(p, true)
    {
        b.binding.leftover = Some(p.name.clone());
    }
    b.participants();
    b.makers_by_cue();
    b.vague_references();
    b.finish()
}

/// One method's binding in progress: what is bound so far, and the words and tokens already
/// spoken for, so that one part of the query binds one parameter.
struct Binder<'a> {
    params: &'a [Param],
    query: &'a Query,
    topic: &'a HashMap<String, f64>,
    binding: Binding,
    used_terms: HashSet<String>,
    used_tokens: HashSet<String>,
    /// Positions of the quantities already bound: "5%" and "5 years" are two fives.
    used_numbers: HashSet<usize>,
    /// Where the lists already bound start in the query's text.
    used_lists: HashSet<usize>,
    /// How many of the lists the query writes out (`[1, 2]`, "(40.7, -74.0)") are bound: each
    /// list parameter takes the next.
    written_lists: usize,
    /// How many of the objects the query writes out object parameters have taken.
    written_objects: usize,
    /// Tokens of the query's dates and times: their digits are not quantities.
    temporal_tokens: HashSet<String>,
    /// The name the request gives as its speaker's own, read once ([`self_introduced`]).
    speaker: Option<String>,
}

impl<'a> Binder<'a> {
    fn new(params: &'a [Param], query: &'a Query, topic: &'a HashMap<String, f64>) -> Self {
        let temporal_tokens = query
            .dates
            .iter()
            .chain(&query.times)
            .flat_map(|m| query.tokens[m.span.0..=m.span.1].iter().cloned())
            .collect();
        Self {
            params,
            query,
            topic,
            binding: Binding::default(),
            used_terms: HashSet::new(),
            used_tokens: HashSet::new(),
            used_numbers: HashSet::new(),
            used_lists: HashSet::new(),
            written_lists: 0,
            written_objects: 0,
            temporal_tokens,
            speaker: self_introduced(query),
        }
    }

    /// Explicit assignments: "a=1, b=-3" or "unit: celsius" name the parameter outright.
    fn assignments(&mut self) {
        for p in self.params {
            if self.binding.arguments.contains_key(&p.name) {
                continue;
            }
            if let Some((token, value)) = assignment(p, self.params, self.query) {
                // A list's or an object's items are spent with it ("flows: [-500, 100]"), and the
                // words that named the parameter with them ("the API key is 12344").
                self.used_tokens.extend(text::tokens(&token));
                self.used_terms.extend(text::terms(&token));
                self.used_tokens.insert(token);
                self.used_terms.extend(text::terms(&value.to_string()));
                self.used_terms.extend(text::terms(&p.name));
                self.binding.arguments.insert(p.name.clone(), value);
            }
        }
    }

    /// Enum values: the most constrained, and what they consume is not an entity. Values the
    /// query names each by their own words fan out; values it names equally well are ambiguous.
    fn enums(&mut self) {
        let q_terms: HashSet<&str> = self.query.terms.iter().map(String::as_str).collect();
        let assigned: HashSet<String> = self.binding.arguments.keys().cloned().collect();
        for p in self
            .params
            .iter()
            .filter(|p| !p.choices.is_empty() && !assigned.contains(&p.name))
        {
            // A twin of a parameter bound before it took its value with it.
            if self.binding.arguments.contains_key(&p.name) {
                continue;
            }
            // Words of the parameter's own name ("league" for `league`) name the parameter, not one
            // of its values: "the league standings" chooses no league.
            if self.string_flag(p) || self.language(p) {
                continue;
            }
            let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
            let words = named_by(p);
            // A value a twin (same choices) already took is not this one's too: "Convert 250 to
            // ounces" gives the target its ounces and the source nothing.
            let twin_bound = self.params.iter().any(|o| {
                o.name != p.name
                    && same_choices(o, p)
                    && self.binding.arguments.contains_key(&o.name)
            });
            let mut scored: Vec<Scored> = p
                .choices
                .iter()
                .enumerate()
                .filter_map(|(order, choice)| {
                    let label_terms: HashSet<&String> = choice.terms.iter().collect();
                    let hits: HashSet<String> = label_terms
                        .iter()
                        .filter(|t| q_terms.contains(t.as_str()) && !own.contains(**t))
                        .filter(|t| !(twin_bound && self.used_terms.contains(**t)))
                        .filter(|t| !counts_something_else(self.query, t, &words))
                        .map(|t| (*t).clone())
                        .collect();
                    (!hits.is_empty()).then(|| Scored {
                        choice,
                        order,
                        fraction: hits.len() as f64 / label_terms.len().max(1) as f64,
                        hits,
                    })
                })
                .collect();
            // A value written as one word of the request ("EuroMillions" of `euromillions`,
            // "MegaMillions" of `mega_millions`) is that value, whatever other values share a
            // word of it: the request's word is read whole before it is read in parts.
            let squash = |w: &str| -> String {
                w.chars()
                    .filter(|c| c.is_alphanumeric())
                    .flat_map(char::to_lowercase)
                    .collect()
            };
            let whole: Vec<&Choice> = p
                .choices
                .iter()
                .filter(|c| {
                    let label = squash(&c.label);
                    label.chars().count() >= 4
                        && label.chars().any(char::is_alphabetic)
                        && self
                            .query
                            .tokens
                            .iter()
                            .any(|t| squash(t) == label && !self.used_tokens.contains(t))
                })
                .collect();
            if let [choice] = whole[..]
                && !scored
                    .iter()
                    .any(|s| std::ptr::eq(s.choice, choice) && s.fraction >= 1.0)
            {
                let label = squash(&choice.label);
                self.used_tokens.extend(
                    self.query
                        .tokens
                        .iter()
                        .filter(|t| squash(t) == label)
                        .cloned(),
                );
                self.used_terms.extend(choice.terms.iter().cloned());
                self.binding
                    .arguments
                    .insert(p.name.clone(), choice.value.clone());
                continue;
            }
            if scored.is_empty() {
                self.form_choice(p, &own, &words);
                continue;
            }
            // Of several values, one named only in part and only by a word of the method's name
            // ("market" of `MARKET_INDEXES` for `Market Trends API`, in "gainers in the US
            // market") is what the method is about, not a value chosen beside the others. A word
            // its description uses ("opening hours") may well name a value.
            if scored.len() > 1 {
                let in_name = |t: &String| {
                    self.topic
                        .get(t)
                        .is_some_and(|w| *w >= crate::weights::Weights::DEFAULT.in_name)
                };
                let chosen = |s: &Scored| s.fraction >= 1.0 || !s.hits.iter().all(in_name);
                if scored.iter().any(chosen) {
                    scored.retain(chosen);
                }
            }
            let best = scored.iter().map(|s| s.hits.len()).max().unwrap_or(0);
            let disjoint = scored.len() > 1 && pairwise_disjoint(&scored);
            // Parameters that take the same choices and point no way (`sign1` and `sign2` of a
            // compatibility, `team_a` and `team_b`) take as many values as the request names,
            // one each in the order it writes them: "Scorpio and Gemini" is one pair, not two
            // calls nor a question.
            if disjoint {
                let twins: Vec<&Param> = self
                    .params
                    .iter()
                    .filter(|o| {
                        same_choices(o, p)
                            && direction(o).is_none()
                            && !self.binding.arguments.contains_key(&o.name)
                    })
                    .collect();
                if twins.len() == scored.len() && twins.len() > 1 {
                    let tokens = &self.query.tokens;
                    let place = |s: &Scored| {
                        tokens
                            .iter()
                            .position(|t| text::terms(t).iter().any(|x| s.hits.contains(x)))
                            .unwrap_or(usize::MAX)
                    };
                    scored.sort_by_key(place);
                    for (twin, s) in twins.iter().zip(&scored) {
                        self.used_terms.extend(s.hits.iter().cloned());
                        self.binding
                            .arguments
                            .insert(twin.name.clone(), s.choice.value.clone());
                    }
                    continue;
                }
            }
            if disjoint && self.binding.fan_out.is_none() {
                // The query names each of these values by its own words.
                scored.sort_by_key(|s| s.order);
                for s in &scored {
                    self.used_terms.extend(s.hits.iter().cloned());
                }
                self.binding.fan_out = Some((
                    p.name.clone(),
                    scored.iter().map(|s| s.choice.value.clone()).collect(),
                ));
                continue;
            }
            scored.retain(|s| s.hits.len() == best);
            scored.sort_by(|a, b| {
                b.fraction
                    .total_cmp(&a.fraction)
                    .then(a.order.cmp(&b.order))
            });
            for s in &scored {
                self.used_terms.extend(s.hits.iter().cloned());
            }
            self.used_tokens.extend(
                self.query
                    .tokens
                    .iter()
                    .filter(|t| text::terms(t).iter().any(|x| self.used_terms.contains(x)))
                    .cloned(),
            );
            // A value the query names in full ("Economy") beats values it names only in part
            // ("Premium Economy").
            let full: Vec<usize> = (0..scored.len())
                .filter(|&i| scored[i].fraction >= 1.0)
                .collect();
            if full.len() == 1 && scored.len() > 1 {
                let keep = full[0];
                scored = vec![scored.swap_remove(keep)];
            }
            // Of values named equally well, the one written exactly as the query writes it
            // ("AA" of `AA`, `Aa` and `aa`), else the one that also has a word of the
            // parameter's own name the query uses ("Adriel's education at UNS" of "Education at
            // UNS" and "Internship at UNS" for `experience_or_education`).
            if scored.len() > 1 {
                let tokens = &self.query.tokens;
                let written = |s: &Scored| {
                    s.choice.label.split_whitespace().count() == 1
                        && s.choice.label.chars().any(char::is_alphabetic)
                        && tokens.contains(&s.choice.label)
                };
                let own_named = |s: &Scored| {
                    s.choice
                        .terms
                        .iter()
                        .filter(|t| own.contains(*t) && q_terms.contains(t.as_str()))
                        .count()
                };
                let exact: Vec<usize> =
                    (0..scored.len()).filter(|&i| written(&scored[i])).collect();
                let most = scored.iter().map(own_named).max().unwrap_or(0);
                let by_own: Vec<usize> = (0..scored.len())
                    .filter(|&i| most > 0 && own_named(&scored[i]) == most)
                    .collect();
                if let [keep] = exact[..] {
                    scored = vec![scored.swap_remove(keep)];
                } else if let [keep] = by_own[..] {
                    scored = vec![scored.swap_remove(keep)];
                }
            }
            if scored.len() == 1 {
                self.binding
                    .arguments
                    .insert(p.name.clone(), scored[0].choice.value.clone());
            } else if p.required && self.binding.ambiguity.is_none() {
                // An optional parameter whose value the query leaves unclear is left to its
                // default: asking about what the request may not care about is over-asking.
                self.binding.ambiguity = Some(Ambiguity {
                    param: p.name.clone(),
                    candidates: scored.iter().map(|s| s.choice.value.clone()).collect(),
                });
            }
        }
    }

    /// Each open parameter that takes a language's code its description asks for (not an
    /// enum: [`Binder::enums`] reads those) takes the code of the language the request names for
    /// it ("from English" for a `source_language` in ISO 639-1 codes is en).
    fn languages(&mut self) {
        for p in self.params {
            if takes_language_code(p) && !self.binding.arguments.contains_key(&p.name) {
                self.language(p);
            }
        }
    }

    /// A parameter for a language written as its code (an enum of codes, or a code its
    /// description asks for) takes the code of the language the request names in its place:
    /// the one after "into" or "to" for the language a text is turned into, after "from" for the
    /// one it is written in, and the only one named for a parameter that says neither. A
    /// language whose code an enum does not list is bound as written, and so reported as a value
    /// the schema refuses. Returns whether one was bound.
    fn language(&mut self, p: &Param) -> bool {
        let coded = |v: &Value| {
            v.as_str().is_some_and(|c| {
                c.len() <= 3
                    && text::lexicon::LANGUAGES
                        .iter()
                        .any(|(_, code)| c.eq_ignore_ascii_case(code))
            })
        };
        if !names_a_language(p)
            || (!p.choices.is_empty()
                && p.choices.iter().filter(|c| coded(&c.value)).count() * 2 < p.choices.len())
        {
            return false;
        }
        let name_words = text::words(&p.name);
        let role_of = |list: &[&str]| name_words.iter().any(|w| list.contains(&w.as_str()));
        let (target, source) = (
            role_of(text::lexicon::TARGET_WORDS),
            role_of(text::lexicon::SOURCE_WORDS),
        );
        let tokens = &self.query.tokens;
        let quoted = self.query.quoted_terms();
        // Each language named outside a quote, with the word before it.
        let named: Vec<(usize, &'static str)> = (0..tokens.len())
            .filter(|&i| !text::terms(&tokens[i]).iter().any(|t| quoted.contains(t)))
            .filter_map(|i| text::lexicon::language_code(&tokens[i]).map(|c| (i, c)))
            .collect();
        let before = |i: usize| {
            i.checked_sub(1)
                .map(|k| tokens[k].to_lowercase())
                .unwrap_or_default()
        };
        let into = |i: usize| matches!(before(i).as_str(), "into" | "to" | "in");
        let from = |i: usize| before(i) == "from";
        let picked = if target {
            named
                .iter()
                .find(|(i, _)| into(*i))
                .or(match named.as_slice() {
                    [one] if !from(one.0) => Some(one),
                    _ => None,
                })
        } else if source {
            // "this English text to Danish": of two languages, the one the text is not turned
            // into.
            let not_into: Vec<&(usize, &str)> = named.iter().filter(|(i, _)| !into(*i)).collect();
            named.iter().find(|(i, _)| from(*i)).or(match not_into[..] {
                [one] if named.len() > 1 => Some(one),
                _ => None,
            })
        } else {
            match named.as_slice() {
                [one] => Some(one),
                _ => None,
            }
        };
        let Some(&(at, code)) = picked else {
            return false;
        };
        let written = tokens[at].clone();
        let value = if p.choices.is_empty() {
            Value::String(code.to_owned())
        } else {
            p.choices
                .iter()
                .find(|c| {
                    c.value
                        .as_str()
                        .is_some_and(|v| v.eq_ignore_ascii_case(code))
                })
                .map_or_else(|| Value::String(written.clone()), |c| c.value.clone())
        };
        self.used_tokens.insert(written.clone());
        self.settle(p, value, text::terms(&written));
        true
    }

    /// For an enum none of whose values the query names by their own words: the one value it
    /// names by a form of its word ("rental" for rent, "thrill" for Thriller). Words the method
    /// is about ("movie" for a movie search) and the parameter's own name no value. A word only
    /// alike in meaning does not choose: a wrong value quietly changes what the call returns
    /// ("acted" is near "Action"), where asking costs one click.
    fn form_choice(&mut self, p: &Param, own: &HashSet<String>, words: &HashSet<String>) {
        let open: Vec<&String> = self
            .query
            .terms
            .iter()
            .filter(|t| {
                !self.used_terms.contains(*t) && !own.contains(*t) && !self.topic.contains_key(*t)
            })
            .collect();
        let named: Vec<(u8, &crate::schema::Choice, Option<String>)> = p
            .choices
            .iter()
            .map(|c| {
                let (closeness, term) = naming(&c.label, &c.terms, &open, own, self.query, false);
                (closeness, c, term)
            })
            .filter(|(closeness, c, _)| {
                *closeness == 2 && !counts_something_else(self.query, &c.label, words)
            })
            .collect();
        if let [(_, choice, term)] = named.as_slice() {
            self.settle(p, choice.value.clone(), term.iter().cloned());
            return;
        }
        // A value for a person's sex is named by the word for such a person ("a 34 year old
        // woman" is `female`), when the request names people of one sex only.
        let tokens: Vec<String> = self.query.tokens.iter().map(|t| t.to_lowercase()).collect();
        let of_sex: Vec<(&Choice, &String)> = p
            .choices
            .iter()
            .filter_map(|c| {
                let (_, words) = text::lexicon::SEX_WORDS
                    .iter()
                    .find(|(value, _)| c.label.eq_ignore_ascii_case(value))?;
                tokens
                    .iter()
                    .find(|t| words.contains(&t.as_str()))
                    .map(|t| (c, t))
            })
            .collect();
        // The word stays free for text another parameter takes ("Convert it to audio: I am a
        // pretty girl" keeps its words).
        if let [(choice, _)] = of_sex.as_slice() {
            self.settle(p, choice.value.clone(), Vec::new());
            return;
        }
        // A value the description glosses with a word ("Use 'asc' for ascending") is named by
        // that word or a form of it.
        let glossed: Vec<(&Choice, String)> = glosses(&p.description)
            .into_iter()
            .filter_map(|(value, word)| {
                let choice = p
                    .choices
                    .iter()
                    .find(|c| c.label.eq_ignore_ascii_case(&value))?;
                let term = text::terms(&word).pop()?;
                open.iter()
                    .find(|t| ***t == term || text::near_form(t, &term))
                    .map(|t| (choice, (*t).clone()))
            })
            .collect();
        if let [(choice, term)] = glossed.as_slice() {
            self.settle(p, choice.value.clone(), [term.clone()]);
            return;
        }
        self.unlisted_code(p, own);
    }

    /// A code written in capitals right beside the parameter's own word ("the PTR records" for
    /// a `record_type` of `A`, `MX`, `TXT`), where every choice is such a code and none is this
    /// one: the value the request asks for, as written, which the schema then refuses and the
    /// user is asked to correct, rather than sent off with the default.
    fn unlisted_code(&mut self, p: &Param, own: &HashSet<String>) {
        let codes = p.choices.iter().all(|c| {
            c.value.as_str().is_some_and(|v| {
                v.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            })
        });
        if !codes {
            return;
        }
        let tokens = &self.query.tokens;
        let beside: Vec<&String> = self
            .query
            .mentions(own)
            .into_iter()
            .flat_map(|at| [at.checked_sub(1), Some(at + 1)])
            .flatten()
            .filter_map(|i| tokens.get(i))
            .filter(|t| crate::asks::acronym(t) && !self.used_tokens.contains(*t))
            .collect();
        if let [code] = beside[..] {
            self.used_tokens.insert(code.clone());
            self.settle(p, Value::String(code.clone()), text::terms(code));
        }
    }

    /// For a number named for a part of a date (`year`, `birth_month`, `day`), that part of the
    /// first date the query writes that gives it ("February 2022" → month 2, year 2022), with
    /// the date's first token.
    fn calendar_part(&self, p: &Param) -> Option<(usize, f64)> {
        let part = text::terms(&p.name).pop()?;
        if let Some(clock) = self.clock_part(&part) {
            return Some(clock);
        }
        // A plural (`years`, `num_days`) counts; it names no part of a date.
        let plural = text::words(&p.name)
            .last()
            .is_some_and(|w| w.to_lowercase().ends_with('s'));
        if plural || !["year", "month", "day"].contains(&part.as_str()) {
            return None;
        }
        self.query.dates.iter().find_map(|m| {
            let (year, month, day) = crate::when::parts(m);
            let value = match part.as_str() {
                "year" => year,
                "month" => month,
                _ => day,
            };
            value.map(|v| (m.span.0, f64::from(v)))
        })
    }

    /// For the hour or the minute of a method that takes a time of day in those two parts
    /// (`hours` and `minutes`), that part of the first time the query writes, as the clock shows
    /// it ([`crate::when::clock`]: "6:30 PM" → 6 and 30). A lone `hours` may be a duration,
    /// which a time of day does not give.
    fn clock_part(&self, part: &str) -> Option<(usize, f64)> {
        let named = |part: &str| {
            self.params
                .iter()
                .any(|q| text::terms(&q.name).last().is_some_and(|t| t == part))
        };
        if !["hour", "minut"].contains(&part) || !named("hour") || !named("minut") {
            return None;
        }
        let m = self.query.times.first()?;
        let (hour, minute) = crate::when::clock(m)?;
        let value = if part == "hour" { hour } else { minute };
        Some((m.span.0, f64::from(value)))
    }

    /// Binds `value` to `p`, spending the query's `words` that named it.
    fn settle(&mut self, p: &Param, value: Value, words: impl IntoIterator<Item = String>) {
        self.used_terms.extend(words);
        self.binding.arguments.insert(p.name.clone(), value);
    }

    /// Binds the quantity `v` at token `at` to `p` in `p`'s type (an integer parameter takes no
    /// fraction), spending it.
    fn settle_number(&mut self, p: &Param, at: usize, v: f64) {
        let v = if written_as_percent(self.query, at) && takes_fraction(p) {
            v / 100.0
        } else {
            v
        };
        // A span written in another unit of time than the parameter's ("a 2 hour meeting" for
        // `duration_minutes`) is given in the parameter's.
        let v = match (time_unit_written(self.query, at), time_unit_of(p)) {
            (Some(written), Some(own)) => v * written / own,
            _ => v,
        };
        if let Some(value) = typed_number(p, v) {
            self.used_numbers.insert(at);
            self.binding.arguments.insert(p.name.clone(), value);
        }
    }

    /// The parameters not bound yet that `keep` accepts, in declared order.
    fn open(&self, keep: impl Fn(&Param) -> bool) -> Vec<&'a Param> {
        let params: &'a [Param] = self.params;
        params
            .iter()
            .filter(|p| !self.binding.arguments.contains_key(&p.name) && keep(p))
            .collect()
    }

    /// Currencies: a text parameter about a currency takes the ISO code of one the query names
    /// by name, code or sign ("200 euros to US dollars": `EUR`, `USD`). One parameter takes the
    /// one currency named; of two, the one whose name says where money goes (`to_currency`,
    /// `target`) takes the currency "to", "into" or "in" introduces and the other the other,
    /// when exactly one is so introduced ("How many yen is 50 USD?" says no way in words).
    fn currencies(&mut self) {
        let open = self.open(|p| {
            p.choices.is_empty()
                && matches!(p.kind.as_deref(), Some("string") | None)
                && crate::schema::about_currency(p)
        });
        if open.is_empty() {
            return;
        }
        let named = currencies_named(self.query);
        let target = |p: &Param| matches!(direction(p), Some(Direction::To));
        let settled: Vec<(&Param, &CurrencyMention)> = match (&open[..], &named[..]) {
            ([p], [c]) if direction(p).is_none() || target(p) == c.after_to => vec![(*p, c)],
            // "Convert 100 USD" names the currency to convert from, and none to convert to.
            ([_], [c]) => {
                self.used_tokens.extend(c.tokens.iter().cloned());
                self.used_terms.extend(c.terms());
                return;
            }
            // The currency "to" introduces is the target; failing that, the one an amount is
            // written in is the source ("How many Canadian dollars for 500 US dollars?").
            ([a, b], [x, y]) if x.code != y.code => {
                match source_and_target(
                    [a, b],
                    [
                        (x, x.after_to, x.after_amount),
                        (y, y.after_to, y.after_amount),
                    ],
                ) {
                    Some(pairs) => pairs.to_vec(),
                    // Two currencies of no direction (`base` and `quote` of a rate) take the
                    // two a pair writes ("EUR/JPY") in its order.
                    None if direction(a).is_none()
                        && direction(b).is_none()
                        && x.tokens == y.tokens =>
                    {
                        vec![(*a, x), (*b, y)]
                    }
                    None => return,
                }
            }
            // One currency for a source and a target that "to" or "into" introduces names the
            // target alone ("And into CHF?" after a conversion).
            ([a, b], [c]) if target(a) != target(b) && c.after_to => {
                vec![(if target(a) { *a } else { *b }, c)]
            }
            _ => return,
        };
        for (p, c) in settled {
            self.used_tokens.extend(c.tokens.iter().cloned());
            self.settle(p, Value::String(c.code.to_uppercase()), c.terms());
        }
    }

    /// Units of measure ("26.2 miles to kilometers") for parameters that take a unit
    /// ([`crate::schema::about_unit`]) and are required or point one way, as written, and for
    /// those whose allowed values are all units ([`unit_choices`]), as the value that is the same
    /// unit ("mi" for "miles", "F" for "Fahrenheit"). One unit for one parameter binds unless it
    /// points the other way; of two units for a source and a target, the one "to", "into" or
    /// "in" introduces is the target, failing that the one no amount is written in ("How many
    /// kilometers is 26.2 miles?"). `of_choices` says which of the two kinds of parameter.
    fn units(&mut self, of_choices: bool) {
        // An optional unit of no direction is the unit of the result ("The unit of density"),
        // which a unit the query measures a value in does not give.
        let open = self.open(|p| {
            (if of_choices {
                unit_choices(p)
            } else {
                p.choices.is_empty() && crate::schema::about_unit(p)
            }) && (p.required || direction(p).is_some())
        });
        if open.is_empty() {
            return;
        }
        let tokens = &self.query.tokens;
        // Each unit written as a word of its own, with whether "to" introduces it and whether
        // it follows an amount.
        let named: Vec<(&String, bool, bool)> = (0..tokens.len())
            .filter(|&i| {
                tokens[i].chars().count() > 1
                    && !self.used_tokens.contains(&tokens[i])
                    && text::lexicon::unit_dimension(&tokens[i]).is_some()
            })
            .map(|i| {
                let before = i.checked_sub(1).map(|b| tokens[b].to_lowercase());
                let after_to = before
                    .as_deref()
                    .is_some_and(|w| matches!(w, "to" | "into" | "in"));
                let after_amount = before
                    .as_deref()
                    .is_some_and(|w| w.starts_with(|c: char| c.is_ascii_digit()));
                (&tokens[i], after_to, after_amount)
            })
            .collect();
        let target = |p: &Param| matches!(direction(p), Some(Direction::To));
        let settled: Vec<(&Param, &String)> = match (&open[..], &named[..]) {
            ([p], [(unit, to, _)]) if direction(p).is_none() || target(p) == *to => {
                vec![(*p, *unit)]
            }
            ([a, b], [x, y]) if !x.0.eq_ignore_ascii_case(y.0) => {
                match source_and_target([a, b], [*x, *y]) {
                    Some(pairs) => pairs.to_vec(),
                    None => return,
                }
            }
            // One unit for a source and a target: the target's when "to" introduces it, the
            // source's when an amount is written in it ("Convert 250 to ounces" leaves the unit
            // of the 250 open).
            ([a, b], [(unit, to, amount)]) if target(a) != target(b) && to != amount => {
                let p = if target(a) == *to { a } else { b };
                vec![(*p, *unit)]
            }
            _ => return,
        };
        for (p, unit) in settled {
            // Of allowed values, the one that is the same unit; a unit none is stays unbound.
            let value = if p.choices.is_empty() {
                Value::String(unit.to_lowercase())
            } else {
                let same = text::lexicon::unit_symbol(unit);
                match p
                    .choices
                    .iter()
                    .find(|c| same.is_some() && text::lexicon::unit_symbol(&c.label) == same)
                {
                    Some(c) => c.value.clone(),
                    None => continue,
                }
            };
            self.used_tokens.insert(unit.clone());
            self.settle(p, value, text::terms(unit));
        }
    }

    /// An owner and its thing written as one ("tokio-rs/axum"): the parameter for the owner
    /// (`owner`, `org`, `namespace`) takes the part before the slash, the one for what it owns
    /// (`repo`, `project`, `package`, `model`) the part after, as code hosts and registries name
    /// repositories, packages and models.
    fn owned_pair(&mut self) {
        let Some((owner, owned)) = crate::schema::owner_and_owned(self.params) else {
            return;
        };
        let args = &self.binding.arguments;
        if args.contains_key(&owner.name) || args.contains_key(&owned.name) {
            return;
        }
        let Some(token) = self
            .query
            .tokens
            .iter()
            .find(|t| !self.used_tokens.contains(*t) && crate::query::written_pair(t))
        else {
            return;
        };
        let (left, right) = token.split_once('/').expect("a pair has its slash");
        let (left, right) = (left.to_owned(), right.to_owned());
        self.used_tokens.insert(token.clone());
        self.used_terms.extend(text::terms(token));
        self.binding
            .arguments
            .insert(owner.name.clone(), Value::String(left));
        self.binding
            .arguments
            .insert(owned.name.clone(), Value::String(right));
    }

    /// A person's name written whole ("John Smith") for a method that takes it in parts
    /// (`first_name` and `last_name`, `givenName` and `surname`): the first word is the given
    /// name, the rest the family name. Only a name of two or three capitalised words that is no
    /// place, and only while both parts are open.
    fn name_parts(&mut self) {
        let open = |marks: &[&str]| {
            self.params.iter().find(|p| {
                p.choices.is_empty()
                    && p.kind.as_deref().is_none_or(|k| k == "string")
                    && !self.binding.arguments.contains_key(&p.name)
                    && name_part(p, marks)
            })
        };
        let (Some(given), Some(family)) = (
            open(text::lexicon::GIVEN_NAME_MARKS),
            open(text::lexicon::FAMILY_NAME_MARKS),
        ) else {
            return;
        };
        // A run of words any part of which names a place ("San Francisco International") is
        // that place's name, not a person's.
        let placed = |words: &[&str]| {
            (0..words.len()).any(|i| {
                (i + 1..=words.len()).any(|j| {
                    let part = words[i..j].join(" ");
                    text::places::city(&part).is_some()
                        || text::places::country_code(&part).is_some()
                })
            })
        };
        let whole = self.query.entities().into_iter().find(|e| {
            let words: Vec<&str> = e.split_whitespace().collect();
            (2..=3).contains(&words.len())
                && words.iter().all(|w| {
                    w.starts_with(char::is_uppercase) && w.chars().all(char::is_alphabetic)
                })
                && !placed(&words)
                && !self.query.quoted(e)
                && !self.taken(e)
                && !self.spent(e)
        });
        let Some(whole) = whole else {
            return;
        };
        let (first, rest) = whole.split_once(' ').expect("a name of two words or more");
        let (first, rest) = (first.to_owned(), rest.to_owned());
        self.settle(given, Value::String(first.clone()), text::terms(&first));
        self.settle(family, Value::String(rest.clone()), text::terms(&rest));
    }

    /// Codes a description lists ("1 for Bangkok, 2 for Chiang Mai"): the code of the one thing
    /// the query names by all its words, leaving out the parameter's own ("ironing services" is
    /// the ironing of `service_id`). Of several, the one named by more words ("big cleaning"
    /// over "cleaning"); things named equally well leave the parameter to the later phases.
    fn codes(&mut self) {
        for p in self.params.iter().filter(|p| !p.codes.is_empty()) {
            if self.binding.arguments.contains_key(&p.name) {
                continue;
            }
            let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
            let named: Vec<(usize, &crate::schema::Choice, Vec<String>)> = p
                .codes
                .iter()
                .filter_map(|c| {
                    let words: Vec<String> = c
                        .terms
                        .iter()
                        .filter(|t| !own.contains(*t))
                        .cloned()
                        .collect();
                    let all = !words.is_empty()
                        && words
                            .iter()
                            .all(|t| self.query.terms.contains(t) && !self.used_terms.contains(t));
                    all.then_some((words.len(), c, words))
                })
                .collect();
            let Some(most) = named.iter().map(|n| n.0).max() else {
                continue;
            };
            let best: Vec<_> = named.iter().filter(|n| n.0 == most).collect();
            if let [(_, code, words)] = best.as_slice() {
                self.settle(p, code.value.clone(), words.iter().cloned());
            }
        }
    }

    /// Dates and times: the query's own, in the order written, to the date and time parameters
    /// in the order the schema declares them ("from August 15th to August 17th" → check-in,
    /// check-out). A parameter with a pattern takes one as the pattern accepts it ("next
    /// Wednesday" as `2026-12-02`).
    fn moments(&mut self) {
        let (dates, times) = (&self.query.dates, &self.query.times);
        let (mut next_date, mut next_time) = (0, 0);
        for p in self.params.iter().filter(|p| p.choices.is_empty()) {
            if self.binding.arguments.contains_key(&p.name) {
                continue;
            }
            let Some(kind) = p.temporal else { continue };
            // A parameter for a month ("Month, YYYY-MM") takes the first month and year a date
            // gives ("March 2024" is 2024-03), in the form its pattern accepts.
            if kind == Temporal::Date
                && takes_month(p)
                && let Some((at, value)) =
                    dates.iter().enumerate().skip(next_date).find_map(|(k, m)| {
                        let (year, month, _) = crate::when::parts(m);
                        Some((k, format!("{:04}-{:02}", year?, month?)))
                    })
                && p.pattern.as_deref().is_none_or(|pattern| {
                    crate::schema::compiled(pattern).is_some_and(|re| re.is_match(&value))
                })
            {
                next_date = at + 1;
                self.binding
                    .arguments
                    .insert(p.name.clone(), Value::String(value));
                continue;
            }
            // A period ("next month") is no one day: it has no machine form to give a parameter
            // that asks for one, which takes the next day written instead.
            if wants_normal(p) {
                while dates.get(next_date).is_some_and(|m| m.period) {
                    next_date += 1;
                }
            }
            let date = matches!(kind, Temporal::Date | Temporal::DateTime)
                .then(|| dates.get(next_date))
                .flatten();
            let time = matches!(kind, Temporal::Time | Temporal::DateTime)
                .then(|| times.get(next_time))
                .flatten();
            // A second time on the day already given is on that day: "on February 23, between
            // 10:30 and 19:00" ends at 19:00 on February 23.
            // So is a date the request gives to two parameters it names together ("a pickup
            // date and end date of 2023-04-12"): one it does not name has no date of its own.
            let (date, same_day) = match (date, time, next_date.checked_sub(1)) {
                (None, Some(_), Some(last)) if kind == Temporal::DateTime => {
                    (dates.get(last), true)
                }
                (None, _, Some(last)) if kind == Temporal::Date && self.names_own_moment(p) => {
                    (dates.get(last), true)
                }
                _ => (date, false),
            };
            let value = match (date, time) {
                (Some(d), Some(t)) => moment_pair(p, d, t),
                (Some(m), None) | (None, Some(m)) => rendered(p, m),
                (None, None) => continue,
            };
            if let Some(pattern) = &p.pattern
                && !crate::schema::compiled(pattern).is_some_and(|re| re.is_match(&value))
            {
                continue;
            }
            // A parameter whose format is a whole date takes no moment that cannot be written as
            // one ("February 2032" is a month).
            if p.format.as_deref() == Some("date")
                && chrono::NaiveDate::parse_from_str(&value, "%Y-%m-%d").is_err()
            {
                continue;
            }
            next_date += usize::from(date.is_some() && !same_day);
            next_time += usize::from(time.is_some());
            // The words of a moment given to one parameter are not another's value: "45 days
            // after 2025-06-10" gives `days_between` a start and no end.
            for m in date.iter().chain(&time) {
                let (from, to) = m.span;
                self.used_tokens
                    .extend(self.query.tokens.iter().take(to + 1).skip(from).cloned());
            }
            self.binding
                .arguments
                .insert(p.name.clone(), Value::String(value));
        }
    }

    /// Whether the request names the parameter `p` for a moment by a word of its name other than
    /// the kind of moment it is and the words it shares with the other moments ("end" of
    /// `end_date` beside `start_date`).
    fn names_own_moment(&self, p: &Param) -> bool {
        // The words its name shares with another moment's (`available` of `start_available_date`
        // and `end_available_date`) name neither.
        let shared: HashSet<String> = self
            .params
            .iter()
            .filter(|q| q.name != p.name && q.temporal.is_some())
            .flat_map(|q| text::terms(&q.name))
            .collect();
        let own: HashSet<String> = text::terms(&p.name)
            .into_iter()
            .filter(|t| {
                !shared.contains(t)
                    && !text::lexicon::MOMENT_WORDS
                        .iter()
                        .any(|w| text::stem(w) == *t)
            })
            .collect();
        !own.is_empty() && !self.query.mentions(&own).is_empty()
    }

    /// A parameter with a pattern takes the first unused token that matches it.
    /// The first unused token matching the parameter's pattern, or else the shape its description
    /// spells out. Returns whether one was bound.
    fn pattern(&mut self, p: &Param) -> bool {
        let Some(re) = p
            .pattern
            .as_deref()
            .or(p.shape.as_deref())
            .and_then(crate::schema::compiled)
        else {
            return false;
        };
        // A parameter whose pattern takes a handle ("@rustlang") takes the handle the request
        // writes, as written: one its pattern refuses is reported, not swapped for a word.
        let handle = crate::schema::takes_handle(p).then(|| {
            self.query
                .tokens
                .iter()
                .find(|t| !self.used_tokens.contains(*t) && crate::query::written_handle(t))
        });
        // A function word a loose pattern happens to accept ("me" of "Give me ..." for
        // `^[a-z]{2}$`) is no value of it, unless written in capitals or named as a thing ("the
        // us"): a word of content that fits goes first.
        let tokens = &self.query.tokens;
        let named = |i: usize| {
            let t = &tokens[i];
            !text::is_stopword(&t.to_lowercase())
                || (t.len() > 1 && t.chars().all(|c| c.is_ascii_uppercase()))
                || (i > 0 && tokens[i - 1].eq_ignore_ascii_case("the"))
        };
        let Some(token) = handle.flatten().or_else(|| {
            (0..tokens.len())
                .find(|&i| {
                    named(i) && !self.used_tokens.contains(&tokens[i]) && re.is_match(&tokens[i])
                })
                .map(|i| &tokens[i])
        }) else {
            return self.pattern_written_otherwise(p, &re);
        };
        self.used_tokens.insert(token.clone());
        self.used_terms.extend(text::terms(token));
        self.binding
            .arguments
            .insert(p.name.clone(), Value::String(token.clone()));
        true
    }

    /// A value for a patterned parameter that no token fits as written: one that fits once its
    /// hyphens are dropped ("ISBN 978-0-14-044913-6" for digits only), as the pattern wants it;
    /// else the code written right after the parameter's own word ("season 2023-24" for
    /// `^\d{4}/\d{4}$`), as written, which the schema then refuses and the user is asked to
    /// correct rather than told nothing can serve them. Returns whether one was bound.
    fn pattern_written_otherwise(&mut self, p: &Param, re: &crate::schema::Pattern) -> bool {
        let tokens = &self.query.tokens;
        let fresh =
            |t: &String| !self.used_tokens.contains(t) && t.contains(|c: char| c.is_ascii_digit());
        let joined = tokens
            .iter()
            .filter(|t| fresh(t) && t.contains('-'))
            .find_map(|t| {
                let bare = crate::schema::without_separators(t);
                re.is_match(&bare).then(|| (t.clone(), bare))
            });
        let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
        // After the word, or after it and a word that labels a code ("the team code LAKERS"):
        // a token with digits, or one written in capitals.
        let capitals =
            |t: &String| !self.used_tokens.contains(t) && t.len() >= 3 && crate::asks::acronym(t);
        // A word in capitals that labels a value after it ("the host IP as '192.168.0.10'") is
        // no value itself.
        let labelling = |i: usize| {
            tokens
                .get(i + 1)
                .is_some_and(|t| text::lexicon::LABEL_LINKS.contains(&t.to_lowercase().as_str()))
        };
        let after_own = || {
            self.query
                .mentions(&own)
                .into_iter()
                .flat_map(|at| {
                    let labelled = tokens.get(at + 1).is_some_and(|t| labels_a_code(t));
                    [Some(at + 1), labelled.then_some(at + 2)]
                })
                .flatten()
                .filter(|&i| {
                    tokens
                        .get(i)
                        .is_some_and(|t| fresh(t) || (capitals(t) && !labelling(i)))
                })
                .map(|i| (tokens[i].clone(), tokens[i].clone()))
                .next()
        };
        let Some((token, value)) = joined.or_else(after_own) else {
            return false;
        };
        self.used_tokens.insert(token.clone());
        self.used_terms.extend(text::terms(&token));
        self.binding
            .arguments
            .insert(p.name.clone(), Value::String(value));
        true
    }

    /// A free-text parameter (a search query) takes the user's words as they are, when it is
    /// required or the only one; where the query quotes one phrase of several words that nothing
    /// else took ("search with prompt 'the current prime minister of India'"), that phrase is
    /// the text it means. Returns whether it was bound.
    fn free_text(&mut self, p: &Param) -> bool {
        let only = || self.params.iter().filter(|q| is_free_text(q)).count() == 1;
        // A request that names nothing beyond what the method is about ("I need a QR code"):
        // no name, number or quote, and no word its metadata does not say, gives it no text to
        // work on.
        // A question for information is itself what a search takes ("How much does the Fleet
        // plan cost?", "At what time does maintenance happen?"); a request to be served is not
        // ("Can you ..." is a request).
        let question = || {
            let words: Vec<String> = text::words(&self.query.text)
                .iter()
                .map(|w| w.to_lowercase())
                .collect();
            let request = words
                .first()
                .is_some_and(|w| matches!(w.as_str(), "can" | "could" | "would" | "will" | "may"));
            let asks = words.iter().enumerate().any(|(k, w)| {
                matches!(
                    w.as_str(),
                    "what" | "how" | "which" | "who" | "whom" | "whose" | "when" | "where" | "why"
                ) || (k == 0 && text::lexicon::QUESTION_OPENERS.contains(&w.as_str()))
            });
            self.query.text.contains('?') && !request && asks
        };
        // A word another parameter already took ("French" of "into French" for the target
        // language) is that parameter's value, not text to work on.
        // A text to work on that the request only points at ("translate *my name*", "summarise
        // *this*") is not written in it: the words that point are no text.
        let pointed = if searches(p) {
            HashSet::new()
        } else {
            self.query.pointed_terms()
        };
        let pointed_at = |t: &String| pointed.contains(t);
        let beyond = || {
            let unsaid = |t: &String| !self.topic.contains_key(t) && !self.used_terms.contains(t);
            // A question asks a search; it gives text to work on only where it writes some
            // ("Is it a palindrome?" gives none).
            (question() && searches(p))
                || !self.query.quotes.is_empty()
                || self.query.name_terms().iter().any(unsaid)
                || !self.query.numbers().is_empty()
                || crate::asks::content_terms(&self.query.text)
                    .iter()
                    .any(|t| unsaid(t) && !self.query.framing.contains(t) && !pointed_at(t))
        };
        // Text to work on that the request writes after a colon ("Decode this Morse: .... .
        // .-..") is what follows it, whatever words it has.
        let after_colon = (!searches(p))
            .then(|| self.query.text.split_once(": "))
            .flatten()
            .map(|(_, rest)| rest.trim().to_owned())
            .filter(|rest| !rest.is_empty());
        if is_free_text(p) && (p.required || only()) && (after_colon.is_some() || beyond()) {
            // One quoted word is a word a search looks up or a name; text to work on may be
            // one word ("Encode 'SOS'").
            let quoted = match &self.query.quotes[..] {
                [one] if one.split_whitespace().count() > 1 || !searches(p) => Some(one.clone()),
                _ => None,
            }
            .filter(|q| {
                !self
                    .binding
                    .arguments
                    .values()
                    .any(|v| v.as_str() == Some(q.as_str()))
            });
            // A search for the things the method names takes the phrase the request says they
            // are about ("videos about sourdough baking"), else the request itself.
            let about = || {
                let texts: Vec<String> = self
                    .query
                    .searched_texts()
                    .into_iter()
                    .filter(|(head, _)| self.topic.contains_key(head))
                    .map(|(_, words)| {
                        let lead = words
                            .iter()
                            .take_while(|w| {
                                text::lexicon::DETERMINERS.contains(&w.to_lowercase().as_str())
                            })
                            .count();
                        words[lead..].join(" ")
                    })
                    .collect();
                match &texts[..] {
                    [one] if searches(p) && !one.is_empty() => Some(one.clone()),
                    _ => None,
                }
            };
            // Text to work on written unquoted among the method's own words ("Is racecar a
            // palindrome?") is the one run of words the method's metadata does not say, once
            // every other parameter the method requires has its value ("French" of "into
            // French" is a language's, not text).
            let others_bound = self.params.iter().all(|q| {
                !q.required || q.name == p.name || self.binding.arguments.contains_key(&q.name)
            });
            let unsaid_run = || {
                if searches(p) || !others_bound {
                    return None;
                }
                let tokens = &self.query.tokens;
                let unsaid = |t: &String| {
                    let terms = text::terms(t);
                    !terms.is_empty()
                        && terms.iter().all(|x| {
                            !self.topic.contains_key(x)
                                && !self.used_terms.contains(x)
                                && !self.query.framing.contains(x)
                                && !text::chatter(x)
                        })
                };
                let at: Vec<usize> = (0..tokens.len()).filter(|&i| unsaid(&tokens[i])).collect();
                let (first, last) = (*at.first()?, *at.last()?);
                (last - first + 1 == at.len()).then(|| tokens[first..=last].join(" "))
            };
            let text = quoted
                .or_else(about)
                .or(after_colon)
                .or_else(unsaid_run)
                .or_else(|| searches(p).then(|| self.searched_for()).flatten())
                .unwrap_or_else(|| self.query.text.clone());
            self.binding
                .arguments
                .insert(p.name.clone(), Value::String(text));
            return true;
        }
        false
    }

    /// What a request says to search for ("Search for *wireless headphones* under $100",
    /// "I'm looking for *a quiet cafe* in Soho"): the words after "search for", "look for" or
    /// "find" (or after the "for" of "search the wiki for ...") up to the first preposition that
    /// details the search, a relative word or the end of the clause; `None` when it says no such
    /// thing, or only the kind of thing the method finds.
    fn searched_for(&self) -> Option<String> {
        /// One word of the request: bare, in lower case, and whether it opens a quote or ends
        /// its phrase.
        struct Word<'w> {
            bare: &'w str,
            lower: String,
            quoted: bool,
            ends: bool,
        }
        let words: Vec<Word> = self
            .query
            .text
            .split_whitespace()
            .map(|w| {
                let bare = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != '$');
                Word {
                    bare,
                    lower: bare.to_lowercase(),
                    quoted: w.starts_with(['\'', '"']),
                    ends: crate::asks::ends_phrase(w),
                }
            })
            .collect();
        let is_in = |i: usize, list: &[&str]| list.contains(&words[i].lower.as_str());
        // The verb puts the request: it opens a clause or follows a lead-in ("Can you find",
        // "I'm looking for"); "the web search function" names a thing.
        let verb = (0..words.len()).position(|i| {
            is_in(i, text::lexicon::SEARCHING_VERBS)
                && !words[i].ends
                && (i == 0
                    || words[i - 1].ends
                    || is_in(i - 1, text::lexicon::LEAD_INS)
                    || is_in(i - 1, text::lexicon::SEARCH_LEAD_INS))
        })?;
        let mut at = verb + 1;
        if at < words.len() && is_in(at, &["for", "me"]) {
            at += 1;
        } else if let Some(k) = (at..words.len())
            .take_while(|&k| k == at || !words[k - 1].ends)
            .find(|&k| words[k].lower == "for")
        {
            // "Search the French wiki for Victor Hugo": what is searched comes after "for".
            at = k + 1;
        }
        while at < words.len() && is_in(at, text::lexicon::DETERMINERS) {
            at += 1;
        }
        let mut phrase: Vec<&Word> = Vec::new();
        let mut end = words.len();
        for (i, word) in words.iter().enumerate().skip(at) {
            // What the things are about is the search's text where the method names them
            // ([`Query::searched_texts`]); where it does not, the request is searched whole.
            if is_in(i, text::lexicon::TOPIC_LEADS) {
                return None;
            }
            if is_in(i, text::lexicon::DETAIL_PREPOSITIONS)
                || is_in(i, text::lexicon::RELATIVIZERS)
                || is_in(i, text::lexicon::FILTER_PREPOSITIONS)
            {
                end = i;
                break;
            }
            phrase.push(word);
            if word.ends {
                end = i + 1;
                break;
            }
        }
        // A name or a quote the rest of the request gives that no parameter took ("songs by
        // 'Queen'", "flight prices from NYC") is part of the search: the request is searched
        // whole.
        let untaken = |i: usize| {
            let word = &words[i];
            let named =
                word.quoted || (word.bare.starts_with(char::is_uppercase) && !words[i - 1].ends);
            named
                && !text::terms(word.bare)
                    .iter()
                    .any(|t| self.used_terms.contains(t))
        };
        let clause_end = (end..words.len())
            .find(|&k| words[k].ends)
            .map_or(words.len(), |k| k + 1);
        if (end.max(1)..clause_end).any(untaken) {
            return None;
        }
        // The kind of thing the method finds, however qualified ("recent news articles that
        // mention him"), is no topic of its own.
        let topical = phrase.iter().any(|w| {
            !text::is_stopword(&w.lower)
                && !text::lexicon::QUALIFIERS.contains(&w.lower.as_str())
                && text::terms(&w.lower)
                    .iter()
                    .any(|t| !self.topic.contains_key(t) && !text::chatter(t))
        });
        let words: Vec<&str> = phrase.iter().map(|w| w.bare).collect();
        topical.then(|| words.join(" "))
    }

    /// A body of fields: bound field by field; what it lacks is asked for by its path, and a field
    /// several values fit is asked for with those values as choices.
    /// The binding of an object parameter's own fields on the whole request. The place
    /// fields of a body for one end of a way ("origin", "destination") are read as that end's:
    /// its `city` as the destination's city, which takes the place the request points to ("from
    /// Leeds to Bristol"), not the first place it names.
    fn fields_of(&self, p: &Param) -> Binding {
        let way = direction(p).filter(|w| matches!(w, Direction::From | Direction::To));
        match way {
            Some(_) => {
                let prefix = format!("{}_", p.name);
                let directed: Vec<Param> = p
                    .nested
                    .iter()
                    .map(|f| match direction(f) {
                        Some(Direction::At) => Param {
                            name: format!("{prefix}{}", f.name),
                            ..f.clone()
                        },
                        _ => f.clone(),
                    })
                    .collect();
                let mut inner = bind(&directed, self.query, self.topic);
                // Back to the fields' own names, for the fields renamed above only.
                let renamed: HashSet<&str> = directed
                    .iter()
                    .zip(&p.nested)
                    .filter(|(d, f)| d.name != f.name)
                    .map(|(d, _)| d.name.as_str())
                    .collect();
                let own = |name: &str| match name.strip_prefix(&prefix) {
                    Some(field) if renamed.contains(name) => field.to_owned(),
                    _ => name.to_owned(),
                };
                inner.arguments = std::mem::take(&mut inner.arguments)
                    .into_iter()
                    .map(|(name, v)| (own(&name), v))
                    .collect();
                for m in &mut inner.missing {
                    m.name = own(&m.name);
                }
                if let Some(a) = &mut inner.ambiguity {
                    a.param = own(&a.param);
                }
                if let Some((name, _)) = &mut inner.fan_out {
                    *name = own(name);
                }
                if let Some(name) = &mut inner.leftover {
                    *name = own(name);
                }
                inner
            }
            None => bind(&p.nested, self.query, self.topic),
        }
    }

    /// An optional object parameter takes the fields the request gives it ("on 170 gsm gloss
    /// paper" for `paper: {weight_gsm, finish}`), when it gives at least one and leaves none of
    /// its required fields open, none refused or unsettled; else it is left out. Only a field
    /// whose value the request settles by its form counts: one of its allowed values, a number
    /// or a flag. A text field of an optional body (a `query` among a request's `params`) would
    /// take any words, and is no sign the request meant the body.
    fn optional_structured(&mut self, p: &Param) {
        let mut inner = self.fields_of(p);
        inner.arguments.retain(|name, _| {
            p.nested.iter().any(|f| {
                f.name == *name
                    && (!f.choices.is_empty()
                        || matches!(f.kind.as_deref(), Some("integer" | "number" | "boolean")))
            })
        });
        if inner.arguments.is_empty()
            || !inner.missing.is_empty()
            || inner.ambiguity.is_some()
            || inner.fan_out.is_some()
        {
            return;
        }
        self.binding
            .arguments
            .insert(p.name.clone(), Value::Object(inner.arguments));
    }

    fn structured(&mut self, p: &Param) {
        let mut inner = self.fields_of(p);
        let path = |name: &str| format!("{}.{name}", p.name);
        // A body for one end of a way ("origin", "destination") takes no value the request
        // points the other way ("ship a parcel *to* postal code 10115": the destination's code,
        // never the origin's too).
        if let Some(way @ (Direction::From | Direction::To)) = direction(p) {
            let against: Vec<String> = inner
                .arguments
                .iter()
                .filter(|(_, v)| {
                    v.as_str()
                        .and_then(|v| pointed_before(self.query, v))
                        .is_some_and(|d| matches!(d, Direction::From | Direction::To) && d != way)
                })
                .map(|(name, _)| name.clone())
                .collect();
            for name in against {
                inner.arguments.remove(&name);
                if let Some(f) = p.nested.iter().find(|f| f.name == name && f.required) {
                    inner.missing.push(MissingParam {
                        name: f.name.clone(),
                        description: f.description.clone(),
                        choices: f.offered_choices(),
                        invalid: None,
                    });
                }
            }
        }
        for m in inner.missing {
            self.binding.missing.push(MissingParam {
                name: path(&m.name),
                ..m
            });
        }
        if let Some(a) = inner.ambiguity {
            let field = p.nested.iter().find(|f| f.name == a.param);
            self.binding.missing.push(MissingParam {
                name: path(&a.param),
                description: field.map(|f| f.description.clone()).unwrap_or_default(),
                choices: a.candidates,
                invalid: None,
            });
        }
        self.binding
            .arguments
            .insert(p.name.clone(), Value::Object(inner.arguments));
    }

    /// A list of records written in prose, one part of the request per record ("200 grams of
    /// rice and 150 grams of chicken breast" for `ingredients` of `{name, grams}`): each part,
    /// between commas and "and", is bound on its own against the records' fields, and a part
    /// that fills every required field is one record, in the order written. A quantity with its
    /// unit followed by "of" names its thing ("200 grams of rice": `rice`) for the one text
    /// field a part leaves open. Parts that fill no record leave the list to be asked for.
    fn records(&mut self, p: &Param) {
        static PARTS: OnceLock<regex::Regex> = OnceLock::new();
        let parts = PARTS.get_or_init(|| {
            regex::Regex::new(r"(?i),?\s+and\s+|,\s+|;\s*|[?!]\s*")
                .expect("the record separator compiles")
        });
        let text = &self.query.text;
        let breaks: Vec<regex::Match> = parts.find_iter(text).collect();
        // Each part: where it starts, whether a sentence opens there, and where it ends.
        let starts = std::iter::once((0, true)).chain(
            breaks
                .iter()
                .map(|m| (m.end(), m.as_str().contains(['?', '!']))),
        );
        let ends = breaks.iter().map(|m| m.start()).chain([text.len()]);
        let records: Vec<Value> = starts
            .zip(ends)
            .filter(|((start, _), end)| start < end)
            .filter_map(|((start, opens), end)| {
                record(&p.nested, text[start..end].trim(), opens, self.topic)
            })
            .collect();
        if !records.is_empty() {
            self.binding
                .arguments
                .insert(p.name.clone(), Value::Array(records));
        }
    }

    /// A record made only of values another parameter took ("from id = McDonald's" bound as the
    /// restaurant) is that parameter's, not an item of a list: it is dropped, and a list left
    /// with none is not bound.
    fn records_apart(&mut self) {
        for p in self.params {
            if p.kind.as_deref() != Some("array") || p.nested.is_empty() {
                continue;
            }
            let elsewhere: Vec<Value> = self
                .binding
                .arguments
                .iter()
                .filter(|(name, _)| **name != p.name)
                .map(|(_, v)| v.clone())
                .collect();
            let Some(Value::Array(records)) = self.binding.arguments.get_mut(&p.name) else {
                continue;
            };
            records.retain(|r| {
                r.as_object()
                    .is_none_or(|fields| fields.values().any(|v| !elsewhere.contains(v)))
            });
            if records.is_empty() {
                self.binding.arguments.remove(&p.name);
            }
        }
    }

    /// A list parameter takes the next list the query writes out, in the order written: a JSON
    /// array or numbers in parentheses ("(40.7128, -74.0060) and (34.0522, -118.2437)" fill
    /// `point1` and `point2`).
    fn list(&mut self, p: &Param) {
        let written = self
            .query
            .written_lists()
            .into_iter()
            .nth(self.written_lists);
        if let Some((span, list)) = written {
            self.written_lists += 1;
            // Its numbers are its items, not quantities of their own.
            self.used_tokens
                .extend(text::tokens(&self.query.text[span]));
            self.binding.arguments.insert(p.name.clone(), list);
        }
    }

    /// Lists written in prose ("the values 12, 24, 36", "'Age', 'Income' and 'Education'"), for
    /// the required list parameters, before names are read: their items are not names of other
    /// parameters. A query that writes a list as JSON is left to [`Binder::list`].
    fn prose_lists(&mut self) {
        if !self.query.lists().is_empty() {
            return;
        }
        let lists: Vec<&Param> = self
            .params
            .iter()
            .filter(|q| q.required && q.kind.as_deref() == Some("array"))
            .collect();
        for p in &lists {
            if self.binding.arguments.contains_key(&p.name) {
                continue;
            }
            let open = lists
                .iter()
                .filter(|q| {
                    q.item_kind == p.item_kind && !self.binding.arguments.contains_key(&q.name)
                })
                .count();
            if let Some((start, list)) =
                prose_list(p, self.query, &self.used_lists, open, self.topic)
            {
                self.used_lists.insert(start);
                for item in list.as_array().into_iter().flatten() {
                    if let Some(s) = item.as_str() {
                        self.used_terms.extend(text::terms(s));
                    }
                }
                self.binding.arguments.insert(p.name.clone(), list);
            }
        }
    }

    /// Things the request counts out ("five burgers and six chicken wings", "three bottles of
    /// olive oil and a bag of rice"): the things fill the one open required list of strings and
    /// their counts the one open required list of integers, item by item. A lone counted thing
    /// ("buy a pizza") binds only where the method takes both lists, items with their
    /// quantities. Runs after [`Binder::prose_lists`]: a list written out binds first.
    fn counted_lists(&mut self) {
        let open = |kind: &str| {
            self.open(|q| {
                q.required
                    && q.kind.as_deref() == Some("array")
                    && q.item_kind.as_deref() == Some(kind)
            })
        };
        let (things, counts) = (open("string"), open("integer"));
        let [things] = things[..] else {
            return;
        };
        let counts = match counts[..] {
            [counts] => Some(counts),
            _ => None,
        };
        // The longest run (the first of those): "an order" is one thing counted in passing, "two
        // Big Macs and one McFlurry" the order.
        let Some(run) = counted_things(&self.query.text)
            .into_iter()
            .rev()
            .max_by_key(Vec::len)
            .filter(|run| run.len() >= 2 || counts.is_some())
        else {
            return;
        };
        let items: Vec<Value> = run.iter().map(|(_, t)| Value::from(t.clone())).collect();
        for (_, thing) in &run {
            self.used_terms.extend(text::terms(thing));
        }
        self.binding
            .arguments
            .insert(things.name.clone(), Value::Array(items));
        if let Some(counts) = counts {
            let counted = run.iter().map(|(n, _)| Value::from(*n)).collect();
            self.binding
                .arguments
                .insert(counts.name.clone(), Value::Array(counted));
        }
    }

    /// An object parameter that declares no fields takes the object the query writes out, as
    /// JSON or with single quotes ("{'math': 90, 'science': 75}"): the objects written side by
    /// side (not one inside another) go to such parameters in the order both are written
    /// ("merge {'a': 1} with {'b': 2}" fills `dict1` and `dict2`), when there are as many of
    /// them as of such parameters.
    fn written_object(&mut self, p: &Param) {
        let text = &self.query.text;
        let mut objects: Vec<Value> = Vec::new();
        let mut after = 0;
        for (at, _) in text.match_indices('{') {
            if at < after {
                continue;
            }
            let Some(literal) = bracketed(&text[at..]) else {
                continue;
            };
            after = at + literal.len();
            if let Some(v) =
                loose_json(&literal).filter(|v| v.as_object().is_some_and(|o| !o.is_empty()))
            {
                objects.push(v);
            }
        }
        // Several written for fewer parameters: which goes where is a guess.
        let takers = self
            .params
            .iter()
            .filter(|q| q.kind.as_deref() == Some("object") && q.nested.is_empty())
            .count();
        if objects.len() > 1 && objects.len() != takers {
            return;
        }
        if let Some(object) = objects.get(self.written_objects) {
            self.written_objects += 1;
            self.binding
                .arguments
                .insert(p.name.clone(), object.clone());
        }
    }

    /// A list of numbers whose description names its parts ("An array containing the latitude
    /// and longitude") takes the number the query writes right after each part's word
    /// ("latitude 37.8715 and longitude -122.2730", "latitude of 40.7"), in the description's
    /// order. Two parts at least, each named once: one number beside one word is no list.
    fn described_parts(&mut self) {
        let lists = self.open(|q| {
            q.required
                && q.kind.as_deref() == Some("array")
                && matches!(q.item_kind.as_deref(), Some("number" | "integer"))
        });
        for p in lists {
            let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
            let mut parts: Vec<String> = Vec::new();
            for t in text::terms(&p.description) {
                if !own.contains(&t) && !parts.contains(&t) {
                    parts.push(t);
                }
            }
            let tokens = &self.query.tokens;
            let part_before = |at: usize| -> Option<usize> {
                let mut j = at.checked_sub(1)?;
                if ["of", "is", "at", "=", ":"].contains(&tokens[j].to_lowercase().as_str()) {
                    j = j.checked_sub(1)?;
                }
                let term = text::terms(&tokens[j]).pop()?;
                parts.iter().position(|t| *t == term)
            };
            let mut found: Vec<(usize, usize, f64)> = self
                .query
                .numbers_at()
                .into_iter()
                .filter(|(at, _, _)| !self.used_numbers.contains(at))
                .filter_map(|(at, _, v)| part_before(at).map(|part| (part, at, v)))
                .collect();
            found.sort_by_key(|(part, _, _)| *part);
            if found.len() < 2 || found.windows(2).any(|w| w[0].0 == w[1].0) {
                continue;
            }
            let Some(items) = found
                .iter()
                .map(|(_, _, v)| typed_item(p, *v))
                .collect::<Option<Vec<Value>>>()
            else {
                continue;
            };
            self.used_numbers.extend(found.iter().map(|(_, at, _)| *at));
            self.binding
                .arguments
                .insert(p.name.clone(), Value::Array(items));
        }
    }

    /// A number parameter takes the quantity that fits it best among those not yet used (nor part
    /// of a date or time); an integer parameter never takes a fraction.
    /// Binds the year the query gives `p`, a text parameter named for one: the year of its date,
    /// else the one number written in four digits that could be a year ("in 2022").
    fn year(&mut self, p: &Param) {
        let written = || {
            let years: Vec<(usize, f64)> = self
                .query
                .numbers_at()
                .into_iter()
                .filter(|(i, t, v)| {
                    t.len() == 4
                        && t.chars().all(|c| c.is_ascii_digit())
                        && (1000.0..3000.0).contains(v)
                        && !self.used_numbers.contains(i)
                        && !self.used_tokens.contains(t)
                })
                .map(|(i, _, v)| (i, v))
                .collect();
            match years[..] {
                [one] => Some(one),
                _ => None,
            }
        };
        if let Some((at, v)) = self.calendar_part(p).or_else(written) {
            self.settle_number(p, at, v);
            self.used_terms.insert(self.query.tokens[at].to_lowercase());
        }
    }

    fn number(&mut self, p: &Param) {
        if let Some((at, v)) = self.calendar_part(p) {
            self.settle_number(p, at, v);
            return;
        }
        // An age is the number the request gives as one: "I'm 29", "aged 29", "29 years old".
        if let Some((at, v)) = self.age_given(p) {
            self.settle_number(p, at, v);
            return;
        }
        // A year is the one year the query writes ("a 2019 Toyota Corolla"), not whichever
        // number comes first; a count of years (`years`) is no year.
        let plural = text::words(&p.name)
            .last()
            .is_some_and(|w| w.to_lowercase().ends_with('s'));
        if names_a_year(p) && !plural {
            self.year(p);
            if self.binding.arguments.contains_key(&p.name) {
                return;
            }
        }
        let not_quantities: HashSet<String> = self
            .used_tokens
            .union(&self.temporal_tokens)
            .cloned()
            .collect();
        let Some((at, v)) = pick_number(
            p,
            self.params,
            self.query,
            &not_quantities,
            &self.used_numbers,
            &self.binding.arguments,
        )
        .or_else(|| self.next_span(p)) else {
            return;
        };
        self.settle_number(p, at, v);
    }

    /// For a count of days, weeks, months, years or hours (its name's last word plural: `days`,
    /// `num_months`), the span "the next week" or "the past month" writes without a number, in the
    /// parameter's unit where the conversion is exact (a week is 7 days, a year 12 months, a day
    /// 24 hours). A calendar part (`year`, `month`) is not a count.
    fn next_span(&self, p: &Param) -> Option<(usize, f64)> {
        let unit = crate::schema::counted_span(p)?;
        let unit = unit.as_str();
        let tokens = &self.query.tokens;
        (1..tokens.len()).find_map(|i| {
            if !text::lexicon::SPAN_LEADS.contains(&tokens[i - 1].to_lowercase().as_str())
                || self.used_numbers.contains(&i)
            {
                return None;
            }
            text::lexicon::span_in(&tokens[i].to_lowercase(), unit).map(|v| (i, v))
        })
    }

    /// Mathematical expressions ("y=3x+2", "f(x) = 3x^2 + 2x - 4") fill the open string
    /// parameters whose names say they take one (`function`, `equation`, `func1`), in the order
    /// written, the part before an `=` left out: with one such parameter the first expression,
    /// with several only as many expressions as there are parameters.
    fn expressions(&mut self) {
        let open = self.open(|p| {
            p.required
                && p.choices.is_empty()
                && p.kind.as_deref().is_none_or(|k| k == "string")
                && text::words(&p.name).iter().any(|w| {
                    let bare = w.trim_end_matches(|c: char| c.is_ascii_digit());
                    text::lexicon::EXPRESSION_NAMES.contains(&bare)
                })
        });
        if open.is_empty() {
            return;
        }
        let written = expressions_written(&self.query.text);
        if open.len() > 1 && written.len() != open.len() {
            return;
        }
        for (p, (expression, tokens)) in open.into_iter().zip(written) {
            self.used_tokens.extend(tokens);
            self.binding
                .arguments
                .insert(p.name.clone(), Value::String(expression));
        }
    }

    /// The open text parameters without choices whose name or description has one of `words`
    /// (lower case).
    fn open_text_saying(&self, words: &[&str]) -> Vec<&'a Param> {
        self.open(|p| {
            p.choices.is_empty()
                && p.kind.as_deref().is_none_or(|k| k == "string")
                && text::words(&format!("{} {}", p.name, p.description))
                    .iter()
                    .any(|w| words.contains(&w.to_lowercase().as_str()))
        })
    }

    /// A file pattern the request writes with its wildcards ("all *.md files") for the one open
    /// text parameter that takes a glob or wildcard pattern (its name or description says so):
    /// the word as written, wildcards kept.
    fn globs(&mut self) {
        let [p] = self.open_text_saying(text::lexicon::GLOB_WORDS)[..] else {
            return;
        };
        let written: Vec<&str> = self
            .query
            .text
            .split_whitespace()
            .map(|w| {
                w.trim_matches(|c: char| "'\"`,;()".contains(c))
                    .trim_end_matches(['.', '?', '!'])
            })
            .filter(|w| w.contains(['*', '?']) && w.chars().any(char::is_alphanumeric))
            .collect();
        let [glob] = written.as_slice() else { return };
        self.used_tokens.insert((*glob).to_owned());
        self.used_terms.extend(text::terms(glob));
        self.binding
            .arguments
            .insert(p.name.clone(), Value::String((*glob).to_owned()));
    }

    /// A database statement the request writes out ("Run SELECT count(*) FROM users") for the
    /// one open text parameter that takes SQL (its name or description says SQL): the statement
    /// as written, from its opening keyword to the end of the request.
    fn statements(&mut self) {
        let [p] = self.open_text_saying(&["sql"])[..] else {
            return;
        };
        let Some(statement) = statement_written(&self.query.text) else {
            return;
        };
        self.used_tokens
            .extend(statement.split_whitespace().map(str::to_owned));
        self.used_terms.extend(text::terms(&statement));
        self.binding
            .arguments
            .insert(p.name.clone(), Value::String(statement));
    }

    /// Ranges of numbers. "From 1 to 2" or "between 10 and 20" fill the two number parameters
    /// that bound one (`a` "The lower bound", `b` "The upper bound"; `min_price`, `max_price`),
    /// the low end first. A number with a bound of its own ("over 4", "under $100", "at least
    /// 3", "fewer than 10") fills the one parameter that bounds from that side. With two
    /// parameters of one side open, or two numbers bounding one side, which is whose is a guess,
    /// and the later phases decide.
    fn ranges(&mut self) {
        let open = |end: RangeEnd| {
            self.open(|p| {
                matches!(p.kind.as_deref(), Some("integer" | "number")) && range_end(p) == Some(end)
            })
        };
        let (starts, ends) = (open(RangeEnd::Start), open(RangeEnd::End));
        if starts.is_empty() && ends.is_empty() {
            return;
        }
        let query = self.query;
        let numbers: Vec<(usize, f64)> = query
            .numbers_at()
            .into_iter()
            .filter(|(i, t, _)| {
                !self.used_numbers.contains(i)
                    && !self.used_tokens.contains(t)
                    && !self.temporal_tokens.contains(t)
            })
            .map(|(i, _, v)| (i, v))
            .collect();
        // Two numbers a range joins: "from 1 to 2", "between 10 and 20", "$300,000 to $400,000"
        // ("3 and 4" alone is a list).
        let spans: Vec<[(usize, f64); 2]> = numbers
            .windows(2)
            .filter(|pair| {
                let ((i, a), (j, b)) = (pair[0], pair[1]);
                let opened = i
                    .checked_sub(1)
                    .is_some_and(|k| word_in(query, k, text::lexicon::RANGE_OPENERS));
                j == i + 2
                    && a <= b
                    && word_in(query, i + 1, text::lexicon::RANGE_JOINERS)
                    && (opened || !word_in(query, i + 1, &["and"]))
            })
            .map(|pair| [pair[0], pair[1]])
            .collect();
        let mut found: Vec<(&Param, usize, f64)> = Vec::new();
        if let ([low], [high], [[(i, a), (j, b)]]) = (&starts[..], &ends[..], &spans[..]) {
            found.push((low, *i, *a));
            found.push((high, *j, *b));
        }
        if found.is_empty() {
            let in_span = |at: usize| spans.iter().flatten().any(|(i, _)| *i == at);
            for (side, params) in [(RangeEnd::Start, &starts), (RangeEnd::End, &ends)] {
                let cued: Vec<&(usize, f64)> = numbers
                    .iter()
                    .filter(|(i, _)| !in_span(*i) && bound_written(query, *i) == Some(side))
                    .collect();
                if let ([p], [(at, v)]) = (&params[..], &cued[..]) {
                    found.push((p, *at, *v));
                }
            }
        }
        for (p, at, v) in found {
            self.settle_number(p, at, v);
        }
    }

    /// A yes-or-no flag: on when the query names it ("include dissent information" for
    /// `include_dissent`), off when a negation comes just before ("without the dissent"). A flag
    /// the query never names is off, since a request does not ask for what it never mentions,
    /// unless the schema gives it a default.
    fn flag(&mut self, p: &Param) {
        let own = flag_words(p);
        let mentions = if own.is_empty() {
            Vec::new()
        } else {
            self.query.mentions(&own)
        };
        if mentions.is_empty() && (p.default.is_some() || p.stated_default.is_some()) {
            return;
        }
        let tokens = &self.query.tokens;
        let denied = |at: usize| {
            tokens[at.saturating_sub(3)..at]
                .iter()
                .any(|t| text::lexicon::NEGATORS.contains(&t.to_lowercase().as_str()))
        };
        let on = mentions.iter().any(|&at| !denied(at));
        self.binding
            .arguments
            .insert(p.name.clone(), Value::Bool(on));
    }

    /// An optional number takes the one the query writes right after all the words of its
    /// name ("a significance level of 0.05" for `significance_level`, "a dividend of $2"), with at
    /// most two small words between ("of", "is", "a"); a number written anywhere else may be any
    /// other, and the default stands.
    fn optional_number(&mut self, p: &Param) {
        if !p.choices.is_empty() {
            return;
        }
        let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
        if own.is_empty() {
            return;
        }
        let tokens = &self.query.tokens;
        let found = self.query.numbers_at().into_iter().find(|(at, token, _)| {
            if self.used_numbers.contains(at) || self.temporal_tokens.contains(token) {
                return false;
            }
            let mut i = *at;
            while i > 0
                && *at - i < 2
                && text::lexicon::NUMBER_LINKS.contains(&tokens[i - 1].to_lowercase().as_str())
            {
                i -= 1;
            }
            let before: HashSet<String> = tokens[i.saturating_sub(own.len() + 1)..i]
                .iter()
                .flat_map(|t| text::terms(t))
                .collect();
            own.iter().all(|t| before.contains(t))
        });
        if let Some((at, v)) = found
            .map(|(at, _, v)| (at, v))
            .or_else(|| self.counted(p))
            .or_else(|| self.results_asked(p))
        {
            self.settle_number(p, at, v);
        }
    }

    /// For a parameter named for a postal code (`zip`, `postcode_from`), the postal code written
    /// in digits ("from 10115 to 80331"): four to six digits that no other value took, the one
    /// "from" or "to" points at for a parameter that points that way, else the only one.
    fn postal_code(&self, p: &Param) -> Option<String> {
        if !names_postal_code(p) || p.kind.as_deref().is_some_and(|k| k != "string") {
            return None;
        }
        let way = direction(p).filter(|w| *w != Direction::At);
        let tokens = &self.query.tokens;
        let free = |t: &String| {
            !self.used_tokens.contains(t) && way.is_none_or(|w| cue(self.query, t) == Some(w))
        };
        // A code in two parts, an outward and an inward one ("SW1A 1AA", "K1A 0B1"): each of
        // two to four capitals and digits, with a digit, one after the other.
        let part = |t: &str| {
            (2..=4).contains(&t.len())
                && t.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                && t.chars().any(|c| c.is_ascii_digit())
        };
        let paired: Vec<String> = tokens
            .windows(2)
            .filter(|w| {
                part(&w[0]) && part(&w[1]) && free(&w[0]) && !self.used_tokens.contains(&w[1])
            })
            .filter(|w| w.iter().any(|t| t.chars().any(|c| c.is_ascii_uppercase())))
            .map(|w| format!("{} {}", w[0], w[1]))
            .collect();
        let found: Vec<String> = tokens
            .iter()
            .filter(|t| {
                (4..=6).contains(&t.len()) && t.chars().all(|c| c.is_ascii_digit()) && free(t)
            })
            .cloned()
            .chain(paired)
            .collect();
        only(found)
    }

    /// For a parameter named for an age (`age`, `driver_age`), the one number the request gives
    /// as an age: after "I'm", "I am", "aged" or "age", or before "years old" or "year-old".
    fn age_given(&self, p: &Param) -> Option<(usize, f64)> {
        if !text::words(&p.name).iter().any(|w| w == "age") {
            return None;
        }
        let lower: Vec<String> = self.query.tokens.iter().map(|t| t.to_lowercase()).collect();
        let word = |i: Option<usize>| i.and_then(|i| lower.get(i)).map(String::as_str);
        let found: Vec<(usize, f64)> = self
            .query
            .numbers_at()
            .into_iter()
            .filter(|(at, _, _)| !self.used_numbers.contains(at))
            .filter(|(at, _, _)| {
                let before = word(at.checked_sub(1));
                let said = before.is_some_and(|w| text::lexicon::AGE_LEADS.contains(&w))
                    || (before == Some("am") && word(at.checked_sub(2)) == Some("i"));
                let old = word(Some(at + 1)).is_some_and(|w| text::lexicon::AGE_UNITS.contains(&w))
                    && word(Some(at + 2)) == Some("old");
                said || old || lower[*at].ends_with("-year-old")
            })
            .map(|(at, _, v)| (at, v))
            .collect();
        only(found)
    }

    /// For a parameter that caps how many results come back (`limit`, `max_results`:
    /// [`text::lexicon::RESULT_LIMIT_WORDS`]), the one number the request puts before the things
    /// the method returns, a few words of theirs between ("the 5 most popular films" of a
    /// method about movies, "the 100 top trending movies"), or after a word that counts ("top
    /// 10").
    fn results_asked(&self, p: &Param) -> Option<(usize, f64)> {
        let words = text::words(&p.name);
        if words.is_empty()
            || !words
                .iter()
                .all(|w| text::lexicon::RESULT_LIMIT_WORDS.contains(&w.as_str()))
        {
            return None;
        }
        let tokens = &self.query.tokens;
        let of_topic = |t: &String| {
            text::terms(t)
                .first()
                .is_some_and(|term| self.topic.contains_key(term))
        };
        // A number with a unit on it or after it measures ("24h", "the last 24 hours").
        let measures = |at: usize| {
            !tokens[at].chars().all(|c| c.is_ascii_digit())
                || tokens.get(at + 1).is_some_and(|next| {
                    let lower = next.to_lowercase();
                    let one = lower.strip_suffix('s').unwrap_or(&lower);
                    text::lexicon::MEASURE_WORDS.contains(&one)
                        || text::lexicon::unit_dimension(&lower).is_some()
                })
        };
        let counts = |at: usize| {
            if measures(at) {
                return false;
            }
            let led = at > 0
                && text::lexicon::COUNT_LEADS.contains(&tokens[at - 1].to_lowercase().as_str());
            let before_things = tokens[at + 1..]
                .iter()
                .take(3)
                .take_while(|t| t.chars().all(char::is_alphabetic))
                .any(of_topic);
            led || before_things
        };
        let found: Vec<(usize, f64)> = self
            .query
            .numbers_at()
            .into_iter()
            .filter(|(at, token, _)| {
                !self.used_numbers.contains(at)
                    && !self.temporal_tokens.contains(token)
                    && counts(*at)
            })
            .map(|(at, _, v)| (at, v))
            .collect();
        only(found)
    }

    /// The count an optional number keeps, as the request writes it: the number right before
    /// the thing the parameter counts ("1 seat" for `number_of_seats`, "two adults"), or, for a
    /// count of people (`num_passengers`, `number_of_seats`), the number of people the request
    /// is for ("for 2 people", "a table for four at ..."). `None` unless exactly one number is.
    fn counted(&self, p: &Param) -> Option<(usize, f64)> {
        // A count per something is a rate: "3 years" is no `compounding_periods_per_year`.
        if text::words(&p.name).iter().any(|w| w == "per") {
            return None;
        }
        let own = text::terms(&p.name);
        let head = own
            .iter()
            .rev()
            .find(|t| !text::lexicon::COUNT_FIELDS.contains(&t.as_str()))?;
        // What its description says it is the number of ("Number of headlines to return" for
        // `page_size`) is counted by it too.
        let described = described_count(&p.description);
        let is_head =
            |t: Option<&String>| t.is_some_and(|t| t == head || described.as_ref() == Some(t));
        let of_people = own.iter().any(|t| {
            text::lexicon::PEOPLE_WORDS.contains(&t.as_str())
                || text::lexicon::PLACES_FOR_PEOPLE.contains(&t.as_str())
        });
        let tokens = &self.query.tokens;
        let counts = |at: usize| {
            let next = tokens
                .get(at + 1)
                .map(|t| text::terms(t))
                .unwrap_or_default();
            if is_head(next.first()) {
                return true;
            }
            // One plain word may say which kind of the thing it counts ("three hotel rooms",
            // "2 adult tickets").
            let plain = |t: &str| {
                t.chars().all(char::is_alphabetic)
                    && !text::is_stopword(&t.to_lowercase())
                    && !text::lexicon::PEOPLE_WORDS.contains(&text::stem(t).as_str())
            };
            if tokens.get(at + 1).is_some_and(|t| plain(t))
                && tokens
                    .get(at + 2)
                    .is_some_and(|t| is_head(text::terms(t).first()))
            {
                return true;
            }
            if !of_people {
                return false;
            }
            // "for 2 people", or "for four" with nothing after it but a small word.
            next.first()
                .is_some_and(|t| text::lexicon::PEOPLE_WORDS.contains(&t.as_str()))
                || (at > 0
                    && tokens[at - 1].eq_ignore_ascii_case("for")
                    && tokens.get(at + 1).is_none_or(|t| {
                        text::lexicon::STOPWORDS.contains(&t.to_lowercase().as_str())
                    }))
        };
        let mut found: Vec<(usize, f64)> = self
            .query
            .numbers_at()
            .into_iter()
            .filter(|(at, token, _)| {
                !self.used_numbers.contains(at) && !self.temporal_tokens.contains(token)
            })
            .map(|(at, _, v)| (at, v))
            .chain(self.query.number_words_at())
            .filter(|(at, _)| !self.used_numbers.contains(at) && counts(*at))
            .collect();
        found.dedup();
        match found.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// An optional flag the query names in all its own words ("with toll roads avoided" for
    /// `avoid_tolls`, "assuming equal variance") is on, or off where a negator opens the clause
    /// that names it ("I don't need the list of tools", "it shouldn't be unisex"); one it does
    /// not name keeps its default.
    fn optional_flag(&mut self, p: &Param) {
        if let Some(on) = self.stated_flag(p) {
            self.binding
                .arguments
                .insert(p.name.clone(), Value::Bool(on));
        }
    }

    /// A flag written as the strings "True" and "False" (with, maybe, a "dontcare") is set as
    /// [`Binder::optional_flag`] sets one ("has laundry service" for `has_laundry_service`).
    /// Returns whether it was.
    fn string_flag(&mut self, p: &Param) -> bool {
        let value_of = |word: &str| {
            p.choices
                .iter()
                .find(|c| {
                    c.value
                        .as_str()
                        .is_some_and(|v| v.eq_ignore_ascii_case(word))
                })
                .map(|c| c.value.clone())
        };
        let (Some(yes), Some(no)) = (value_of("true"), value_of("false")) else {
            return false;
        };
        let other = p.choices.iter().any(|c| {
            c.value
                .as_str()
                .is_none_or(|v| !["true", "false", "dontcare"].contains(&v.to_lowercase().as_str()))
        });
        if other {
            return false;
        }
        let Some(on) = self.stated_flag(p) else {
            return false;
        };
        self.binding
            .arguments
            .insert(p.name.clone(), if on { yes } else { no });
        true
    }

    /// Whether the query sets the flag `p` on or off: `None` unless it names the flag in all
    /// its own words, or in all the words its description says it asserts ("suitable for
    /// children" for `good_for_kids`); off where a negator opens the clause that names it, or
    /// the word itself denies it ("non-smoking").
    fn stated_flag(&self, p: &Param) -> Option<bool> {
        let written: HashSet<String> = self
            .query
            .tokens
            .iter()
            .flat_map(|t| text::terms(t))
            .collect();
        let all_written = |words: &HashSet<String>| {
            !words.is_empty() && words.iter().all(|t| written.contains(t))
        };
        // The flag's own words, else what its description says it asserts ("whether the
        // attraction is suitable for children": "suitable for children").
        let own = [flag_words(p), asserted_words(&p.description)]
            .into_iter()
            .find(all_written)?;
        let mut negated = false;
        for word in self.query.text.split_whitespace().flat_map(clause_pieces) {
            let bare = word
                .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '\u{2019}')
                .to_lowercase()
                .replace('\u{2019}', "'");
            if bare == "but" {
                negated = false;
            }
            negated |= text::lexicon::NEGATORS.contains(&bare.as_str());
            if text::terms(&bare).iter().any(|t| own.contains(t)) {
                // "a non-smoking room" denies in the word itself.
                return Some(!(negated || bare.starts_with("non-")));
            }
            if word.ends_with([',', '.', ';', ':', '?', '!']) {
                negated = false;
            }
        }
        None
    }

    /// A state's code is the code of the one US state the request names ("in California" for a
    /// `state` described as "the U.S. state abbreviation, such as 'CA'"), and a country's code
    /// the one country's ("London in the UK" for a `country` in ISO 3166 codes is GB). Returns
    /// whether one was bound.
    fn place_code(&mut self, p: &Param) -> bool {
        let Some((code, words)) = place_code_named(p, self.query) else {
            return false;
        };
        self.settle(p, Value::String(code.to_owned()), text::terms(&words));
        true
    }

    /// A free-form string takes a name from the query.
    ///
    /// Names fill free-form strings in order when the query gives at least as many names as there
    /// are such parameters ("from Sydney to Melbourne"). With fewer, one is missing, and a name
    /// binds only next to the parameter's own words ("'localhost' for the host"): guessing
    /// positions would fill the wrong one. Failing a name, the words right after a mention of the
    /// parameter are its value. A place parameter that points one way takes the name the query
    /// points that way ("from Fresno" for the origin), and never the one pointed the other way.
    ///
    /// On a second look (`last`: every other parameter is settled), only a lone name left over
    /// binds: the weaker sources were already tried.
    fn name(&mut self, p: &Param, last: bool) -> bool {
        if self.binding.arguments.contains_key(&p.name) {
            return true;
        }
        // An address parameter takes the query's address as written; one named an address or a
        // wallet (`address`, `wallet_address`: a street's too, so not every address) takes a
        // hexadecimal one ("0x742d…").
        let takes_address = matches!(identifier_of(p), Some(Identifier::Address));
        let takes_wallet = text::words(&p.name)
            .last()
            .is_some_and(|w| w == "address" || w == "wallet");
        // A domain is no email address ("bob@example.net" is a mailbox at one).
        let takes_host = crate::schema::takes_host(p);
        if let Some(address) = self.query.tokens.iter().find(|t| {
            !self.used_tokens.contains(*t)
                && ((takes_address
                    && !(takes_host && t.contains('@'))
                    && (crate::query::written_address(t) || crate::query::domain_name(t)))
                    || ((takes_address || takes_wallet) && crate::query::hex_address(t)))
        }) {
            self.used_tokens.insert(address.clone());
            self.binding
                .arguments
                .insert(p.name.clone(), Value::String(address.clone()));
            return true;
        }
        if let Some(code) = self.postal_code(p).or_else(|| self.code(p)) {
            for part in code.split_whitespace() {
                self.used_tokens.insert(part.to_owned());
            }
            self.take_code(p, code);
            return true;
        }
        // A value the parameter's own examples give, written in the request in any case
        // ("physics courses" for a department "e.g. Physics"): the request names it.
        if let Some((example, written)) = self.example_written(p) {
            let words: Vec<String> = written.iter().flat_map(|t| text::terms(t)).collect();
            self.used_tokens.extend(written);
            self.settle(p, Value::String(example), words);
            return true;
        }
        let query = self.query;
        if self.place_code(p) {
            return true;
        }
        // A sort of a thing is the word the request says right before the thing ("a single
        // room" for `room_type`), whatever names it writes elsewhere.
        if sorts_a_thing(&p.name)
            && let Some(e) = modifier_of_own(p, query, &self.used_terms, self.topic)
                .filter(|e| fits(p, query, e))
        {
            self.settle(p, Value::String(e.clone()), text::terms(&e));
            return true;
        }
        // A name the request gives as its speaker's own ("I am Karan") is the speaker's: it
        // fills a parameter for the one asking (`passenger_name`), and no other while one is open.
        let speaker = self.speaker.clone().filter(|e| !self.taken(e));
        if let Some(e) = &speaker
            && for_speaker(p)
            && fits(p, query, e)
        {
            self.settle(p, Value::String(e.clone()), text::terms(e));
            return true;
        }
        let speaker = speaker.filter(|_| {
            self.params
                .iter()
                .any(|q| for_speaker(q) && !self.binding.arguments.contains_key(&q.name))
        });
        let open_strings = self
            .params
            .iter()
            .filter(|q| {
                q.required
                    && q.choices.is_empty()
                    && q.pattern.is_none()
                    && q.temporal.is_none()
                    && q.kind.as_deref().is_none_or(|k| k == "string")
                    && !self.binding.arguments.contains_key(&q.name)
            })
            .count();
        let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
        // A label before a name is no part of it ("ID XK-2291"), but the thing a name names
        // often is: "Hotel Paradise" is the whole name for `hotel_name`.
        let names = own
            .iter()
            .any(|t| text::lexicon::NAME_FIELDS.contains(&t.as_str()));
        let labels: HashSet<String> = own
            .iter()
            .filter(|t| !names || text::lexicon::NAME_FIELDS.contains(&t.as_str()))
            .cloned()
            .collect();
        let mut candidates: Vec<String> = query
            .entities()
            .into_iter()
            .map(|e| without_leading_words(&e, &labels))
            .map(|e| without_id_label(&e))
            .map(|e| without_spent_numbers(e, &self.used_terms))
            .filter(|e| speaker.as_ref() != Some(e))
            .filter(|e| {
                let moment = e
                    .split_whitespace()
                    .all(|w| self.temporal_tokens.contains(text::token(w).as_str()));
                !text::terms(e).is_empty() && !self.taken(e) && !moment && !self.spent(e)
            })
            .collect();
        // A city or a country is named in words: a code with digits ("hotel H-4412") is some
        // other thing's.
        if crate::schema::name_has(p, text::lexicon::SETTLEMENT_WORDS) {
            candidates.retain(|e| !e.contains(|c: char| c.is_ascii_digit()));
        }
        let way = direction(p);
        // Whether another parameter for a place is open, and whether `e` is a country's name (a
        // code, "US", may be anything).
        let another_place_open = self.params.iter().any(|q| {
            q.name != p.name
                && direction(q).is_some()
                && q.choices.is_empty()
                && !self.binding.arguments.contains_key(&q.name)
        });
        let country_named = |e: &String| e.len() > 3 && text::places::country_code(e).is_some();
        // A country's name is left to an open parameter for a place ("the news in Germany" gives
        // `country`, not the required `category`).
        let leaves_places = way.is_none() && another_place_open;
        let other_place = |e: &String| leaves_places && country_named(e);
        candidates.retain(|e| !other_place(e));
        if let Some(w) = way.filter(|w| *w != Direction::At) {
            candidates.retain(|e| cue(query, e).is_none_or(|c| c == w || c == Direction::At));
        }
        // A place takes the name the query points at its way ("from Leeds" for an origin), else
        // one any place word introduces ("near Seattle"): a name with none may be anything
        // ("the Play genre").
        let cued = way.and_then(|w| {
            let pointed = |e: &&String| cue(query, e).is_some_and(|c| c == w) && fits(p, query, e);
            let placed = |e: &&String| cue(query, e).is_some() && fits(p, query, e);
            let set_off = |e: &&String| {
                w == Direction::At
                    && where_named_thing_is(query, e, self.topic)
                    && fits(p, query, e)
            };
            candidates
                .iter()
                .find(pointed)
                .or_else(|| candidates.iter().find(placed))
                .or_else(|| candidates.iter().find(set_off))
                .cloned()
        });
        // A name right beside a word of another parameter's own ("'TravelHistory' published"
        // for `publisher`) is left to that parameter.
        let beside = |q: &Param, e: &String| {
            let own: HashSet<String> = text::terms(&q.name).into_iter().collect();
            query.position_of(e).is_some_and(|at| {
                let last = at + e.split_whitespace().count().saturating_sub(1);
                query
                    .mentions(&own)
                    .iter()
                    .any(|m| *m + 1 == at || *m == last + 1)
            })
        };
        let others: Vec<&Param> = self
            .params
            .iter()
            .filter(|q| {
                q.name != p.name
                    && q.required
                    && q.kind.as_deref().is_none_or(|k| k == "string")
                    && !self.binding.arguments.contains_key(&q.name)
            })
            .collect();
        candidates.retain(|e| beside(p, e) || !others.iter().any(|q| beside(q, e)));
        // A name right beside a word of this parameter's own ("a Canadian passport" for
        // `passport_country`) is its value before any other.
        let of_own_words = |e: &String| {
            let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
            text::terms(e).iter().all(|t| own.contains(t))
        };
        // Nor is one that labels a quoted value after it ("host IP as '192.168.0.10'").
        let labels_a_quote = |e: &String| {
            text::lexicon::LABEL_LINKS.iter().any(|link| {
                ['\'', '"', '\u{2018}', '\u{201c}']
                    .iter()
                    .any(|mark| query.text.contains(&format!("{e} {link} {mark}")))
            })
        };
        if let Some(own) = candidates
            .iter()
            .position(|e| beside(p, e) && !of_own_words(e) && !labels_a_quote(e))
        {
            let e = candidates.remove(own);
            candidates.insert(0, e);
        }
        let titled = titled_thing(p);
        let titled = titled.as_ref();
        candidates.retain(|e| !named_otherwise(p, query, e) && !cast_of_titled(titled, query, e));
        // A name that says what kind of thing a title titles ("a Fantasy movie") shows the
        // request wants any one of it: no name it writes is the title but one given outright.
        let any_of_kind = candidates
            .iter()
            .any(|e| kind_of_untitled(titled, query, e));
        if any_of_kind {
            candidates.retain(|e| titled_outright(query, e));
        }
        if last {
            // With no name left, the one phrase a preposition introduces ("the population of
            // pandas" once the country is bound).
            if candidates.is_empty()
                && let Some(e) = slot_phrase(p, query, &self.used_terms, self.topic)
                    .or_else(|| introduced_phrase(p, query, &self.used_terms, self.topic))
                    .filter(|e| fits(p, query, e) && !any_of_kind && !other_place(e))
            {
                self.settle(p, Value::String(e.clone()), text::terms(&e));
                return true;
            }
            let [e] = &candidates[..] else {
                return false;
            };
            // Left over is not enough for a place that points one way (it needs its "from" or
            // "to"), nor for a code to fill a parameter that takes words.
            let pointed = way.is_none_or(|w| cue(query, e) == Some(w));
            let coded = identifier_of(p).is_none() && e.contains(|c: char| c.is_ascii_digit());
            let e = with_region(p, query, e.clone());
            if !pointed || coded || !fits(p, query, &e) {
                return false;
            }
            self.used_terms.extend(text::terms(&e));
            self.binding
                .arguments
                .insert(p.name.clone(), Value::String(e));
            return true;
        }
        let candidates_were_none = candidates.is_empty();
        // The parameters for no place leave a country's name to the one open parameter for a
        // place one goes to or comes from, however the query points at it ("a visa for Canada"
        // for `destination_country` beside `citizenship`). A place something is at takes the
        // name written first ("London, United Kingdom").
        let sole_place = way.is_some_and(|w| w != Direction::At) && !another_place_open;
        let country = sole_place
            .then(|| candidates.iter().find(|e| country_named(e)).cloned())
            .flatten();
        let entity = cued
            .or(country)
            .or_else(|| {
                if open_strings <= 1 || candidates.len() >= open_strings {
                    candidates.into_iter().next()
                } else {
                    nearest_entity(p, query, &candidates)
                }
            })
            .map(|e| with_region(p, query, e))
            .filter(|e| fits(p, query, e))
            .or_else(|| {
                slot_phrase(p, query, &self.used_terms, self.topic).filter(|e| fits(p, query, e))
            })
            .or_else(|| {
                // A code written right after the parameter's word is its value ("a secure
                // password 123412"); words after it may be anything ("business class ticket
                // going ..."), where the word before says the kind.
                let after =
                    value_after_mention(p, query, &self.used_terms).filter(|e| fits(p, query, e));
                let coded = after.as_deref().is_some_and(|v| {
                    !v.contains(char::is_whitespace) && v.contains(|c: char| c.is_ascii_digit())
                });
                if coded {
                    return after;
                }
                modifier_of_own(p, query, &self.used_terms, self.topic)
                    .filter(|e| fits(p, query, e))
                    .or(after)
            })
            .or_else(|| {
                modifier_of_described(p, query, &self.used_terms, self.topic)
                    .filter(|e| fits(p, query, e))
            })
            .or_else(|| {
                (open_strings <= 1)
                    .then(|| introduced_phrase(p, query, &self.used_terms, self.topic))
                    .flatten()
                    .filter(|e| fits(p, query, e))
            })
            .or_else(|| {
                (open_strings <= 1 && crate::schema::takes_words(p))
                    .then(|| lone_word(p, query, &self.used_terms, self.topic))
                    .flatten()
            })
            .or_else(|| {
                kind_of_subject(p, query, &self.used_terms, self.topic)
                    .filter(|e| fits(p, query, e))
            });
        let entity = entity.or_else(|| {
            (way == Some(Direction::At) && candidates_were_none)
                .then(|| place_written_plain(query, &self.used_terms, self.topic))
                .flatten()
        });
        let Some(e) = entity.filter(|e| {
            (!any_of_kind || titled_outright(query, e))
                && !cast_of_titled(titled, query, e)
                && !kind_of_untitled(titled, query, e)
                && !other_place(e)
        }) else {
            return false;
        };
        self.used_terms.extend(text::terms(&e));
        self.binding
            .arguments
            .insert(p.name.clone(), Value::String(e));
        true
    }

    /// The one example of `p` (its schema's `examples`, or what its description gives after
    /// "e.g." or "such as") the request writes as whole words, in any case, and that nothing has
    /// taken yet: the example as the schema writes it, with the tokens the request writes it as.
    fn example_written(&self, p: &Param) -> Option<(String, Vec<String>)> {
        if p.kind.as_deref().is_some_and(|k| k != "string") || !p.choices.is_empty() {
            return None;
        }
        let tokens = &self.query.tokens;
        let lower: Vec<String> = tokens.iter().map(|t| t.to_lowercase()).collect();
        let found: Vec<(String, Vec<String>)> = p
            .examples
            .iter()
            .cloned()
            .chain(described_examples(&p.description))
            .filter_map(|e| {
                let words: Vec<String> = e.split_whitespace().map(str::to_lowercase).collect();
                if words.is_empty() || words.iter().any(|w| text::is_stopword(w)) {
                    return None;
                }
                let at = lower
                    .windows(words.len())
                    .position(|w| w == words.as_slice())?;
                let written = tokens[at..at + words.len()].to_vec();
                let fresh = written.iter().all(|t| {
                    !self.used_tokens.contains(t)
                        && !text::terms(t).iter().any(|x| self.used_terms.contains(x))
                });
                fresh.then_some((e, written))
            })
            .collect();
        only(found)
    }

    /// An optional identifier takes the code the query writes for it ("the employee A1234567B"
    /// for `id_no`): a code is no word of anything else. Returns whether one was bound.
    fn optional_code(&mut self, p: &Param) -> bool {
        if p.kind.as_deref().is_some_and(|k| k != "string") || !p.choices.is_empty() {
            return false;
        }
        let Some(code) = self.code(p) else {
            return false;
        };
        // A code another word names with "is" ("password is SecurePass123") is that word's.
        let tokens = &self.query.tokens;
        let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
        let named_otherwise = tokens.iter().position(|t| *t == code).is_some_and(|at| {
            at >= 2
                && text::lexicon::BEING_VERBS.contains(&tokens[at - 1].to_lowercase().as_str())
                && !text::terms(&tokens[at - 2]).iter().any(|t| own.contains(t))
        });
        if named_otherwise {
            return false;
        }
        self.take_code(p, code);
        true
    }

    /// An optional text parameter whose description gives examples of one word ("Cuisine, e.g.
    /// Italian, Thai") takes the one such word the request writes: an example itself, or, where
    /// every example is a nationality, the one nationality written ("a vegetarian Mexican
    /// recipe").
    fn optional_example(&mut self, p: &Param) -> bool {
        if !crate::schema::takes_any_text(p) || crate::schema::is_free_text(p) {
            return false;
        }
        let examples = described_examples(&p.description);
        if examples.is_empty() || examples.iter().any(|e| e.contains(char::is_whitespace)) {
            return false;
        }
        let nationalities = examples
            .iter()
            .all(|e| text::places::country_of_demonym(e).is_some());
        let written: Vec<&String> = self
            .query
            .tokens
            .iter()
            .filter(|t| !self.used_tokens.contains(*t))
            .filter(|t| {
                let bare = phrase_word(t);
                examples.iter().any(|e| e.eq_ignore_ascii_case(&bare))
                    || (nationalities
                        && bare.starts_with(char::is_uppercase)
                        && text::places::country_of_demonym(&bare).is_some())
            })
            .collect();
        let [token] = written[..] else {
            return false;
        };
        let value = phrase_word(token);
        self.used_tokens.insert(token.clone());
        let words = text::terms(&value);
        self.settle(p, Value::String(value), words);
        true
    }

    /// Binds `code` to `p`, spending its token and words.
    fn take_code(&mut self, p: &Param, code: String) {
        self.used_tokens.insert(code.clone());
        let words = text::terms(&code);
        self.settle(p, Value::String(code), words);
    }

    /// Whether another parameter already took `entity`.
    fn taken(&self, entity: &str) -> bool {
        self.binding
            .arguments
            .values()
            .any(|v| v.as_str().is_some_and(|s| s.eq_ignore_ascii_case(entity)))
    }

    /// Whether every word of `entity` is spent on another value or is the method's topic.
    fn spent(&self, entity: &str) -> bool {
        text::terms(entity)
            .iter()
            .all(|t| self.used_terms.contains(t) || self.topic.contains_key(t))
    }

    /// An optional place takes the one name the query points its way ("the temperature in
    /// Hyderabad, India" for a `location` that defaults to where the caller is): left to its
    /// default, the call would answer about another place than the one asked about. A name
    /// with no place word right before it may be anything, so it stays unbound.
    fn optional_place(&mut self, p: &Param) {
        let Some(way) = direction(p) else {
            return;
        };
        if p.kind.as_deref().is_some_and(|k| k != "string") || p.format.is_some() {
            return;
        }
        let query = self.query;
        let pointed: Vec<String> = query
            .entities()
            .into_iter()
            .filter(|e| {
                let before = query.position_of(e).and_then(|at| at.checked_sub(1));
                !self.taken(e)
                    && !self.spent(e)
                    && before.and_then(|i| pointed_by(query, i)) == Some(way)
            })
            .collect();
        let [e] = &pointed[..] else {
            return;
        };
        let e = with_region(p, query, e.clone());
        if fits(p, query, &e) {
            let words = text::terms(&e);
            self.settle(p, Value::String(e), words);
        }
    }

    /// An optional name takes the one the query writes right after all the words of the
    /// parameter's name ("directed by Herbert Ross" for `directed_by`, "starring Ula Tabari" for
    /// `starring`) or right before them ("with Nancy Parsons in the cast" for `cast`), with at
    /// most two small words between ([`text::lexicon::NAME_LINKS`]); a name written anywhere else
    /// may be anyone's, and the default stands.
    fn optional_name(&mut self, p: &Param) {
        if !p.choices.is_empty()
            || p.format.is_some()
            || p.kind.as_deref().is_some_and(|k| k != "string")
        {
            return;
        }
        let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
        if own.is_empty() {
            return;
        }
        let query = self.query;
        let tokens = &query.tokens;
        let link =
            |i: usize| text::lexicon::NAME_LINKS.contains(&tokens[i].to_lowercase().as_str());
        // Plain words only: "'name':'John Doe'" writes no name after a word "name".
        let names_own = |words: &[String]| {
            let written: HashSet<String> = words.iter().flat_map(|t| text::terms(t)).collect();
            words.iter().all(|w| w.chars().all(char::is_alphabetic))
                && own.iter().all(|t| written.contains(t))
        };
        // The thing a name field names ("district" of `district_name`): a name written with
        // that word for its last ("Chatuchak District") or right after it ("the Regal theater")
        // is a name of that thing.
        let thing: HashSet<&String> = if own
            .iter()
            .any(|t| text::lexicon::NAME_FIELDS.contains(&t.as_str()))
        {
            own.iter()
                .filter(|t| !text::lexicon::NAME_FIELDS.contains(&t.as_str()))
                .collect()
        } else {
            HashSet::new()
        };
        let names_thing = |e: &str, end: usize| {
            let last = e.split_whitespace().last().map(text::terms);
            let next = tokens.get(end).map(|t| text::terms(t));
            [last, next]
                .into_iter()
                .flatten()
                .any(|terms| terms.len() == 1 && thing.contains(&terms[0]))
        };
        let found: Vec<String> = query
            .entities()
            .into_iter()
            .filter(|e| {
                let Some(at) = query.position_of(e) else {
                    return false;
                };
                if self.taken(e) || self.spent(e) {
                    return false;
                }
                if names_thing(e, at + e.split_whitespace().count()) {
                    return true;
                }
                let mut start = at;
                while start > 0 && at - start < 2 && link(start - 1) {
                    start -= 1;
                }
                let end = (at + e.split_whitespace().count()).min(tokens.len());
                let mut after = end;
                while after < tokens.len() && after - end < 2 && link(after) {
                    after += 1;
                }
                names_own(&tokens[start.saturating_sub(own.len())..start])
                    || names_own(&tokens[after..(after + own.len()).min(tokens.len())])
            })
            .collect();
        let [e] = &found[..] else {
            return;
        };
        if fits(p, query, e) {
            let words = text::terms(e);
            self.settle(p, Value::String(e.clone()), words);
        }
    }

    /// A name the request gives after "by" ("Yesterday by The Beatles") is the maker's: where
    /// names were shared out in order, so that a parameter for a work's maker (`artist`,
    /// `author`) took the name before "by" and another text parameter the one after it, the two
    /// trade values.
    fn makers_by_cue(&mut self) {
        let PersonRoles { makers, every, .. } = person_role_terms();
        let lower = |i: usize| {
            self.query
                .tokens
                .get(i)
                .map(|t| t.to_lowercase())
                .unwrap_or_default()
        };
        let by_before = |value: &str| {
            self.query
                .position_of(value)
                .and_then(|at| at.checked_sub(1))
                .is_some_and(|i| text::lexicon::MADE_BY.contains(&lower(i).as_str()))
        };
        let text_of = |p: &Param| {
            self.binding
                .arguments
                .get(&p.name)
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        let mut trades: Vec<(String, String, String, String)> = Vec::new();
        for maker in self
            .params
            .iter()
            .filter(|p| !person_roles(p, makers).is_empty())
        {
            let Some(given) = text_of(maker) else {
                continue;
            };
            if by_before(&given) {
                continue;
            }
            let other = self.params.iter().find(|q| {
                q.name != maker.name
                    && person_roles(q, every).is_empty()
                    && q.choices.is_empty()
                    && text_of(q).is_some_and(|v| by_before(&v))
            });
            if let Some(q) = other
                && let Some(after_by) = text_of(q)
            {
                trades.push((maker.name.clone(), after_by, q.name.clone(), given));
            }
        }
        for (maker, after_by, other, given) in trades {
            let args = &mut self.binding.arguments;
            args.insert(maker, Value::String(after_by));
            args.insert(other, Value::String(given));
        }
    }

    /// Optional parameters for the people a work has in it or is by (`cast`, `artist`, "the
    /// name of the director") take the names the request gives them. A name takes the role the
    /// request states beside it ("the actor James Keane", "David Leitch as the director"), else
    /// the kind its cue word introduces: cast after "starring", "featuring" or "with", a maker
    /// after "by". A name goes to the one open parameter of that role or kind (to the only open
    /// person parameter, whatever the cue); a parameter two names would go to gets neither.
    fn participants(&mut self) {
        let PersonRoles {
            cast,
            makers,
            every,
        } = person_role_terms();
        let open: Vec<(&Param, HashSet<String>)> = self
            .params
            .iter()
            .filter(|p| {
                !p.required
                    && p.format.is_none()
                    && p.kind.as_deref().is_none_or(|k| k == "string")
                    && p.choices.is_empty()
                    && !self.binding.arguments.contains_key(&p.name)
            })
            .map(|p| (p, person_roles(p, every)))
            .filter(|(_, roles)| !roles.is_empty())
            .collect();
        if open.is_empty() {
            return;
        }
        let query = self.query;
        let tokens = &query.tokens;
        let lower = |i: usize| tokens.get(i).map(|t| t.to_lowercase()).unwrap_or_default();
        let article = |i: usize| text::lexicon::DETERMINERS.contains(&lower(i).as_str());
        let role_at = |i: usize| -> HashSet<String> {
            text::terms(&lower(i))
                .into_iter()
                .take(1)
                .filter(|t| every.contains(t))
                .collect()
        };
        // The role written beside a name: before it ("the actor X", "director X", "acted by X",
        // a verb the role is named for) or after it through "as" ("X as the director").
        let done_by = |i: usize| -> HashSet<String> {
            let Some(stem) = text::terms(&lower(i)).into_iter().next() else {
                return HashSet::new();
            };
            every
                .iter()
                .filter(|role| stem.len() >= 3 && role.starts_with(stem.as_str()))
                .cloned()
                .collect()
        };
        let stated = |at: usize, end: usize| -> HashSet<String> {
            let mut roles = HashSet::new();
            if let Some(i) = at.checked_sub(1) {
                let i = if article(i) {
                    i.checked_sub(1)
                } else {
                    Some(i)
                };
                roles.extend(i.map(role_at).unwrap_or_default());
            }
            if let Some(i) = at.checked_sub(2)
                && text::lexicon::MADE_BY.contains(&lower(i + 1).as_str())
            {
                roles.extend(done_by(i));
            }
            if lower(end) == "as" {
                roles.extend(role_at(if article(end + 1) { end + 2 } else { end + 1 }));
            }
            roles
        };
        let mut chosen: Vec<(usize, String)> = Vec::new();
        for e in query.entities() {
            if self.taken(&e) || self.spent(&e) {
                continue;
            }
            let Some(at) = query.position_of(&e) else {
                continue;
            };
            let end = at + e.split_whitespace().count();
            let roles = stated(at, end);
            // The kind of person the name is: the roles stated, else the cue before it.
            let kind = if !roles.is_empty() && roles.is_subset(cast) {
                cast
            } else if !roles.is_empty() && roles.is_subset(makers) {
                makers
            } else {
                let cue = at.checked_sub(1).map(&lower).unwrap_or_default();
                if text::lexicon::CAST_WORDS.contains(&cue.as_str()) {
                    cast
                } else if text::lexicon::MADE_BY.contains(&cue.as_str()) {
                    makers
                } else {
                    continue;
                }
            };
            let exact: Vec<usize> = (0..open.len())
                .filter(|&k| !open[k].1.is_disjoint(&roles))
                .collect();
            let of_kind: Vec<usize> = (0..open.len())
                .filter(|&k| !open[k].1.is_disjoint(kind))
                .collect();
            let takers = if !exact.is_empty() {
                exact
            } else if open.len() == 1 {
                vec![0]
            } else {
                of_kind
            };
            if let [k] = takers[..]
                && fits(open[k].0, query, &e)
            {
                chosen.push((k, e));
            }
        }
        for (k, (p, _)) in open.iter().enumerate() {
            let mut mine = chosen.iter().filter(|(c, _)| *c == k).map(|(_, e)| e);
            if let Some(e) = mine.next()
                && mine.all(|other| other == e)
            {
                self.settle(p, Value::String(e.clone()), text::terms(e));
            }
        }
    }

    /// Values the descriptions of required string parameters name, bound before any parameter
    /// looks for a name: a parameter that says which words are its values ("either 'summary'
    /// or 'full'") has no other source, and it leaves fewer parameters open for the names.
    fn described_values(&mut self) {
        let params = self.params;
        for p in params.iter().filter(|p| {
            p.required
                && p.choices.is_empty()
                && p.pattern.is_none()
                && p.temporal.is_none()
                && p.kind.as_deref().is_none_or(|k| k == "string")
                && !is_free_text(p)
        }) {
            if self.binding.arguments.contains_key(&p.name) {
                continue;
            }
            if let Some(v) = self.named_value(p) {
                self.used_terms.extend(text::terms(&v));
                self.binding
                    .arguments
                    .insert(p.name.clone(), Value::String(v));
            }
        }
    }

    /// For an identifier parameter (`snp_id`, `order_number`), the code the query writes: an
    /// unused token mixing digits with letters or separators ("rs6034464", "A-113") that is not
    /// a date, a time or a quantity with its unit. With several, the one nearest a word of the
    /// parameter's name.
    fn code(&self, p: &Param) -> Option<String> {
        if !matches!(identifier_of(p), Some(Identifier::Id | Identifier::Number)) {
            return None;
        }
        let quantities: HashSet<usize> = self.query.numbers_at().iter().map(|n| n.0).collect();
        let codes: Vec<String> = self
            .query
            .tokens
            .iter()
            .enumerate()
            .filter(|(i, t)| {
                let digits = t.chars().any(|c| c.is_ascii_digit());
                let other = t.chars().any(|c| c.is_alphabetic() || "-_:/#".contains(c));
                digits
                    && other
                    && !quantities.contains(i)
                    && !self.used_tokens.contains(*t)
                    && !self.temporal_tokens.contains(*t)
                    && !text::terms(t)
                        .iter()
                        .any(|w| self.used_terms.contains(w) || self.topic.contains_key(w))
            })
            .map(|(_, t)| t.clone())
            .collect();
        match codes.as_slice() {
            [] => None,
            [one] => Some(one.clone()),
            _ => nearest_entity(p, self.query, &codes),
        }
    }

    /// The one value the description names ("like Sushi", "either to rent or to buy") that the
    /// query names too, for a parameter that is not one end of a journey: by all its words, or, for a one-word value, by a form of it ("rental"
    /// for rent) or a word alike in meaning ("purchase" for buy). Written as the description
    /// writes it. Several such values name none.
    fn named_value(&self, p: &Param) -> Option<String> {
        // An origin or a destination is read from the query's "from" and "to", never from an
        // example that happens to be the other end ("such as 'New York'").
        if direction(p).is_some() {
            return None;
        }
        let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
        let open: Vec<&String> = self
            .query
            .terms
            .iter()
            .filter(|t| !self.used_terms.contains(*t) && !own.contains(*t))
            .collect();
        let closeness = |v: &String, meaning: bool| {
            naming(v, &text::terms(v), &open, &own, self.query, meaning).0
        };
        // An example is taken only when the query writes it: one alike in meaning is another
        // value of the same kind ("Chelsea" for an example 'Arsenal'), not that one.
        let scored: Vec<(u8, &String)> = p
            .named_values
            .iter()
            .map(|v| (closeness(v, true), v))
            .chain(p.examples.iter().map(|v| (closeness(v, false), v)))
            .filter(|(c, _)| *c > 0)
            .collect();
        let best = scored.iter().map(|(c, _)| *c).max()?;
        let tied: Vec<&String> = scored
            .iter()
            .filter(|(c, _)| *c == best)
            .map(|(_, v)| *v)
            .collect();
        // Of values named equally well, one whose words hold every other's names more of the
        // request ("reading and writing" names `read_write`, not `read` alone).
        let words = |v: &String| -> HashSet<String> { text::terms(v).into_iter().collect() };
        match tied.as_slice() {
            [one] => Some((*one).clone()),
            many => many
                .iter()
                .find(|v| {
                    let mine = words(v);
                    many.iter()
                        .all(|o| o == *v || (words(o).is_subset(&mine) && words(o) != mine))
                })
                .map(|v| (*v).clone()),
        }
    }

    /// The binding, with every required parameter nothing bound (and that has no default) listed
    /// as missing.
    /// A thing the request names only vaguely ("a specific company's stock", "another file",
    /// "one of my files") has no value in it: a word taken for that parameter from the prose
    /// around it is let go, so the parameter is asked for. A value the request quotes, or
    /// writes with a capital or a digit, names the thing and stays.
    fn vague_references(&mut self) {
        for p in self.params {
            let Some(Value::String(value)) = self.binding.arguments.get(&p.name) else {
                continue;
            };
            if (*value == self.query.text && self.only_pointed_at(p)) || self.labels_only(p, value)
            {
                self.binding.arguments.remove(&p.name);
                if self.binding.leftover.as_ref() == Some(&p.name) {
                    self.binding.leftover = None;
                }
                continue;
            }
            let written = value
                .chars()
                .any(|c| c.is_uppercase() || c.is_ascii_digit())
                || self.query.text.contains(&format!("'{value}'"))
                || self.query.text.contains(&format!("\"{value}\""));
            if !written && vaguely_named(self.query, &text::terms(&p.name)) {
                self.binding.arguments.remove(&p.name);
                if self.binding.leftover.as_ref() == Some(&p.name) {
                    self.binding.leftover = None;
                }
            }
        }
    }

    /// Whether the whole request, bound as the text a method works on, gives none: beside the
    /// method's own words, the values other parameters took and the framing, all it writes is
    /// pointed at rather than written out ("Can you translate *my name* into Japanese?": the
    /// name is the speaker's, never said). A search takes the request itself and is never
    /// pointed at this way.
    fn only_pointed_at(&self, p: &Param) -> bool {
        if !self.query.quotes.is_empty() || searches(p) {
            return false;
        }
        let others: HashSet<String> = self
            .binding
            .arguments
            .iter()
            .filter(|(name, _)| **name != p.name)
            .flat_map(|(_, v)| match v {
                Value::String(s) => text::terms(s),
                other => text::terms(&other.to_string()),
            })
            .collect();
        let lower: Vec<String> = self.query.tokens.iter().map(|t| t.to_lowercase()).collect();
        let pointed: HashSet<String> = lower
            .iter()
            .enumerate()
            .skip(1)
            .filter(|(i, _)| text::lexicon::POINTING_WORDS.contains(&lower[i - 1].as_str()))
            .flat_map(|(_, t)| text::terms(t))
            .collect();
        let rest: Vec<String> = crate::asks::content_terms(&self.query.text)
            .into_iter()
            .filter(|t| {
                !self.topic.contains_key(t)
                    && !others.contains(t)
                    && !self.query.framing.contains(t)
            })
            .collect();
        !pointed.is_empty() && rest.iter().all(|t| pointed.contains(t))
    }

    /// Whether a value bound from the request's plain words is only a word of what the parameter
    /// is, written for a thing the request points at ("Which country is *this IP address* from?"
    /// gives `ip`, "IPv4 or IPv6 address", no "address"),
    /// or the word with which a question asks for an attribute ("What does this word *mean*?"
    /// gives `word` no "mean").
    fn labels_only(&self, p: &Param, value: &str) -> bool {
        let terms = text::terms(value);
        if terms.is_empty()
            || !p.choices.is_empty()
            || value.split_whitespace().count() > 2
            || value
                .chars()
                .any(|c| c.is_uppercase() || c.is_ascii_digit())
            || self.query.quotes.iter().any(|q| q == value)
        {
            return false;
        }
        let asking: HashSet<String> = self
            .query
            .attributes_asked()
            .into_iter()
            .map(|(word, _)| word)
            .collect();
        if terms.iter().all(|t| asking.contains(t)) {
            return true;
        }
        let label: HashSet<String> = text::terms(&p.name)
            .into_iter()
            .chain(text::terms(crate::schema::before_examples(&p.description)))
            .collect();
        if !terms.iter().all(|t| label.contains(t)) {
            return false;
        }
        let lower: Vec<String> = self.query.tokens.iter().map(|t| t.to_lowercase()).collect();
        let first = value.split_whitespace().next().unwrap_or("").to_lowercase();
        let mut at = lower
            .iter()
            .enumerate()
            .filter(|(_, t)| **t == first)
            .peekable();
        at.peek().is_some()
            && at.all(|(i, _)| {
                (i.saturating_sub(2)..i).any(|k| {
                    text::lexicon::POINTING_WORDS.contains(&lower[k].as_str())
                        && lower[k + 1..i].iter().all(|w| !text::is_stopword(w))
                })
            })
    }

    fn finish(mut self) -> Binding {
        self.records_apart();
        // Several values named for a list parameter are that list, not one call per value.
        if let Some((name, values)) = self.binding.fan_out.take() {
            if self
                .params
                .iter()
                .any(|p| p.name == name && p.kind.as_deref() == Some("array"))
            {
                self.binding.arguments.insert(name, Value::Array(values));
            } else {
                self.binding.fan_out = Some((name, values));
            }
        }
        // An identifier whose description's examples all carry digits ("e.g. EVS-20931") is not
        // a word without any ("CHAdeMO"): that word names something else, and the identifier is
        // still to be given.
        for p in self.params.iter().filter(|p| identifier_with_digits(p)) {
            if self
                .binding
                .arguments
                .get(&p.name)
                .and_then(Value::as_str)
                .is_some_and(|v| !v.chars().any(|c| c.is_ascii_digit()))
            {
                self.binding.arguments.remove(&p.name);
            }
        }
        // Every bound value must be one the schema allows: recast to the schema's type when it
        // only differs in form, else taken out and reported with the constraint it breaks.
        for p in self.params {
            let Some(value) = self.binding.arguments.remove(&p.name) else {
                continue;
            };
            // A body whose own fields are already reported is not reported again as a whole.
            let inner = format!("{}.", p.name);
            if self
                .binding
                .missing
                .iter()
                .any(|m| m.name.starts_with(&inner))
            {
                self.binding.arguments.insert(p.name.clone(), value);
                continue;
            }
            match p.conform(value.clone()) {
                Ok(v) => {
                    self.binding.arguments.insert(p.name.clone(), v);
                }
                // An optional parameter no value can satisfy as written is left out: the call
                // stays valid, and reads more rather than less.
                Err(_) if p.unsatisfiable && !p.required => {}
                Err(constraint) => self.binding.missing.push(MissingParam {
                    name: p.name.clone(),
                    description: p.description.clone(),
                    choices: p.offered_choices(),
                    invalid: Some((
                        value,
                        if p.unsatisfiable {
                            "no list satisfies the schema as written: its enum lists single values"
                                .into()
                        } else {
                            constraint
                        },
                    )),
                }),
            }
        }
        for p in self.params {
            if self.binding.missing.iter().any(|m| m.name == p.name) {
                continue;
            }
            let b = &self.binding;
            let bound = b.arguments.contains_key(&p.name)
                || b.ambiguity.as_ref().is_some_and(|a| a.param == p.name)
                || b.fan_out.as_ref().is_some_and(|(name, _)| *name == p.name);
            // A required parameter the schema gives a default takes it: the call stays valid.
            // Not a code given as an example of one ("B07ZPKBL9V" for a product's ASIN): the
            // request names no product, it is asked which.
            if p.required
                && !bound
                && let Some(default) = &p.default
                && !example_code(p)
            {
                self.binding
                    .arguments
                    .insert(p.name.clone(), default.clone());
                continue;
            }
            // Failing that, the default its description states, when the schema accepts it.
            if p.required
                && !bound
                && p.default.is_none()
                && let Some(stated) = p.stated_default.clone().and_then(|d| p.conform(d).ok())
            {
                self.binding.arguments.insert(p.name.clone(), stated);
                continue;
            }
            if p.required && !bound && (!p.has_default || example_code(p)) {
                self.binding.missing.push(MissingParam {
                    name: p.name.clone(),
                    description: p.description.clone(),
                    choices: p.offered_choices(),
                    invalid: None,
                });
            }
        }
        self.binding
    }
}

/// The values a description glosses with a word, as (value, word): a quoted value followed by
/// "for" or "means" and one word ("Use 'asc' for ascending or 'desc' for descending").
fn glosses(description: &str) -> Vec<(String, String)> {
    static GLOSS: OnceLock<regex::Regex> = OnceLock::new();
    let gloss = GLOSS.get_or_init(|| {
        regex::Regex::new(r#"['"`]([^'"`\n]{1,30})['"`]\s+(?:for|means)\s+([A-Za-z]{3,})"#)
            .expect("the gloss pattern compiles")
    });
    gloss
        .captures_iter(description)
        .map(|c| (c[1].to_owned(), c[2].to_owned()))
        .collect()
}

/// The terms of a parameter's name and description: the things it names.
fn named_by(p: &Param) -> HashSet<String> {
    text::terms(&p.name)
        .into_iter()
        .chain(text::terms(&p.description))
        .collect()
}

/// Whether every number `term` the query writes counts a thing the parameter does not name
/// (`named`, [`named_by`]): "3" in "3 nights" is no choice of `number_of_rooms`, where "3 rooms"
/// and a bare "3" are.
fn counts_something_else(query: &Query, term: &str, named: &HashSet<String>) -> bool {
    if term.parse::<f64>().is_err() {
        return false;
    }
    // Written tokens, so that a number ending a sentence ("in 2021. Search ...") counts nothing.
    let raw: Vec<&str> = query.text.split_whitespace().collect();
    let mut counts = (0..raw.len())
        .filter(|&i| text::token(raw[i]) == term && raw[i].ends_with(|c: char| c.is_alphanumeric()))
        .peekable();
    counts.peek().is_some()
        && counts.all(|i| {
            raw.get(i + 1).is_some_and(|next| {
                let next = text::token(next);
                let terms = text::terms(&next);
                next.chars().all(char::is_alphabetic)
                    && !terms.is_empty()
                    && !terms.iter().any(|t| named.contains(t))
                    && !text::is_stopword(&next.to_lowercase())
            })
        })
}

/// How closely `query` names `value` through its `open` terms (the parameter's `own` words
/// aside): by its words or a form of them (2), with `meaning` by a word alike in meaning (1), not
/// at all (0); with the query's term that named a one-word value. Closer names decide first:
/// "miles" names miles, however alike in meaning kilometers is.
fn naming(
    value: &str,
    terms: &[String],
    open: &[&String],
    own: &HashSet<String>,
    query: &Query,
    meaning: bool,
) -> (u8, Option<String>) {
    let terms: Vec<&String> = terms.iter().filter(|t| !own.contains(*t)).collect();
    match terms.as_slice() {
        [] => (0, None),
        [one] => {
            if let Some(t) = open.iter().find(|t| *t == one || text::near_form(t, one)) {
                return (2, Some((*t).clone()));
            }
            // Meaning is read only from whole common words: "CA" is close to "California" in
            // letters, not a value the query names.
            let word = value.trim().to_lowercase();
            let common =
                meaning && word.chars().count() >= 3 && value.chars().any(char::is_lowercase);
            // A name the query writes with a capital ("Chelsea") is a value of its own, however
            // alike in meaning to the one described ('Arsenal').
            let names = if common {
                query.name_terms()
            } else {
                HashSet::new()
            };
            let alike = open.iter().find(|t| {
                common
                    && !names.contains(**t)
                    && text::semantic::similarity(query.spelling(t), &word)
                        .is_some_and(|s| s >= text::semantic::ALIKE)
            });
            alike.map_or((0, None), |t| (1, Some((*t).clone())))
        }
        many => (2 * u8::from(many.iter().all(|t| open.contains(t))), None),
    }
}

/// `name=value` or `name: value` for this parameter in the query, typed by the schema: the value
/// must be a number for numeric parameters and one of the choices for enums. `name 'value'`
/// (a quotation right after the name) assigns too, a list never and an enum only one of its
/// choices.
fn assignment(p: &Param, params: &[Param], query: &Query) -> Option<(String, Value)> {
    // The name as the schema writes it, or as words ("ticket number: IND5463" for
    // `ticket_number`, "the page size is 50" for `pageSize`), or its last words when no other
    // parameter's name ends with them ("my first name is Michael" for `user_first_name`).
    let words = text::words(&p.name);
    let ends_with = |q: &Param, tail: &[String]| text::words(&q.name).ends_with(tail);
    // Each form with whether a value may follow it with no "is", "=" or ":" between (a last
    // word alone, "the version is 5" for `project_version`, is too loose for that) and whether
    // it is the whole name.
    let mut forms = vec![(p.name.to_lowercase(), true, true)];
    for start in 0..words.len() {
        let tail = &words[start..];
        let form = tail.join(" ");
        let own = start == 0
            || !params
                .iter()
                .any(|q| q.name != p.name && ends_with(q, tail));
        if own && !forms.iter().any(|(f, _, _)| *f == form) {
            forms.push((form, tail.len() > 1 || start == 0, start == 0));
        }
    }
    // A value written after the name in full is the parameter's, valid or not (so that a value
    // the schema refuses is reported); after a part of its name, only one of its type ("numerical
    // values: [2.5, 3.6]" is no choice of `missing_values`).
    let unquoted = |raw: &str| raw.trim_matches(|c: char| "\"'.?".contains(c)).to_owned();
    let typed = |raw: &str| {
        let raw = unquoted(raw);
        match p.kind.as_deref() {
            _ if !p.choices.is_empty() => choice_written(p, &raw).is_some(),
            Some("integer") => raw.parse::<i64>().is_ok(),
            Some("number") => raw.parse::<f64>().is_ok(),
            _ => true,
        }
    };
    let raw = forms.iter().find_map(|(form, spaced, whole)| {
        assigned_to(p, query, form, *spaced).filter(|raw| *whole || typed(raw))
    })?;
    let raw = if raw.starts_with(['[', '{']) {
        raw
    } else {
        unquoted(&raw)
    };
    let raw = raw.as_str();
    if raw.is_empty() {
        return None;
    }
    // Typed by the schema where it reads as that type; otherwise kept as written, so that a value
    // the schema refuses is reported as such rather than silently dropped.
    // A number may be written as a word ("page size 'nine'").
    let number = || {
        raw.parse::<f64>()
            .ok()
            .or_else(|| text::lexicon::number_value(&raw.to_lowercase()))
    };
    let typed = match p.kind.as_deref() {
        Some("integer") => raw
            .parse::<i64>()
            .ok()
            .or_else(|| number().filter(|v| v.fract() == 0.0).map(|v| v as i64))
            .map(Value::from),
        Some("number") => number()
            .and_then(serde_json::Number::from_f64)
            .map(Value::Number),
        Some("boolean") => raw.parse::<bool>().ok().map(Value::Bool),
        _ if !p.choices.is_empty() => choice_written(p, raw).cloned(),
        _ => None,
    };
    let value = typed.unwrap_or_else(|| Value::String(raw.to_owned()));
    Some((raw.to_owned(), value))
}

/// The value the query assigns to `p` written as `name` (lowercase), as written; with
/// `spaced_ok`, also a quotation or a code right after the name.
fn assigned_to(p: &Param, query: &Query, name: &str, spaced_ok: bool) -> Option<String> {
    let text = &query.text;
    let lower = text.to_lowercase();
    let mut from = 0;
    loop {
        let at = from + lower.get(from..)?.find(name)?;
        from = at + name.len();
        let before_ok = lower[..at]
            .chars()
            .next_back()
            .is_none_or(|c| c.is_whitespace() || ",(;".contains(c));
        let rest = lower[from..].trim_start();
        if before_ok && (rest.starts_with('=') || rest.starts_with(':')) {
            let offset = text.len() - rest.len() + 1;
            let after = text[offset..].trim_start();
            return Some(
                bracketed(after)
                    .or_else(|| (p.kind.as_deref() == Some("array")).then(|| listed(after)))
                    .unwrap_or_else(|| {
                        after
                            .chars()
                            .take_while(|c| !c.is_whitespace() && !",;)".contains(*c))
                            .collect()
                    }),
            );
        }
        // So does the name a linking verb joins to a quoted value ("the username is 'admin'",
        // "the database name is 'sales_data'").
        let named = rest.strip_prefix("name ").unwrap_or(rest);
        let linked = text::lexicon::LINKING_IS.iter().find_map(|link| {
            named
                .strip_prefix(link)
                .and_then(|r| r.strip_prefix(' '))
                .map(str::trim_start)
        });
        // Unquoted, a code alone is as plain ("my ticket number is IND4567"): one token with a
        // digit, where words after "is" may be anything ("the host is down").
        if before_ok
            && p.kind.as_deref() != Some("array")
            && p.temporal.is_none()
            && let Some(after) = linked
        {
            let after = &text[text.len() - after.len()..];
            if let Some(value) = quoted_at_start(after).or_else(|| code_for(p, after))
                && (p.choices.is_empty() || choice_written(p, &value).is_some())
            {
                return Some(value);
            }
        }
        // The name right before a quoted value or a code names it too ("for query \"llama\"",
        // "card number 4012888888881881"), unless it is a word like "to" that leads any value.
        let spaced = spaced_ok
            && lower[from..].starts_with(char::is_whitespace)
            && !text::terms(name).is_empty();
        let after = &text[text.len() - rest.len()..];
        if before_ok
            && spaced
            && p.kind.as_deref() != Some("array")
            && let Some(value) = quoted_at_start(after).or_else(|| code_for(p, after))
            && (p.choices.is_empty() || choice_written(p, &value).is_some())
        {
            return Some(value);
        }
    }
}

/// The code that opens `text` as a value of `p`: a number for a numeric parameter ("height 5ft"
/// is a quantity, read with its unit elsewhere), never a date or a time, which are read as
/// moments. A parameter that takes names takes the capitalised name that opens `text` ("last
/// name Thompson").
fn code_for(p: &Param, text: &str) -> Option<String> {
    let numeric = matches!(p.kind.as_deref(), Some("integer" | "number"));
    let takes_names = text::terms(&p.name)
        .iter()
        .any(|t| text::lexicon::NAME_FIELDS.contains(&t.as_str()));
    // A number of the parameter's type that ends its clause: one a word follows may be
    // scaled or counted by it ("213 million", "5 tickets"), which the quantity reader weighs.
    let number = |code: &String| {
        let typed = match p.kind.as_deref() {
            Some("integer") => code.parse::<i64>().is_ok(),
            _ => code.parse::<f64>().is_ok(),
        };
        let mut rest = text.split_whitespace();
        let first = rest.next().unwrap_or_default();
        let ends = first.len() > code.len()
            || rest
                .next()
                .is_none_or(|next| text::is_stopword(&next.to_lowercase()));
        typed && ends
    };
    code_at_start(text)
        .filter(|code| p.temporal.is_none() && (!numeric || number(code)))
        .or_else(|| {
            (takes_names && !numeric)
                .then(|| name_at_start(text))
                .flatten()
        })
}

/// One record of `fields` that `part` of a request fills ([`Binder::records`]), or `None` when it
/// leaves a required field open or fills nothing.
///
/// A part that does not open a sentence is read as the middle of one: its first word is not
/// capitalised only because a sentence starts there ("… and Physics for 3 credits").
fn record(
    fields: &[Param],
    part: &str,
    opens_sentence: bool,
    topic: &HashMap<String, f64>,
) -> Option<Value> {
    let query = if opens_sentence {
        Query::parse(part)
    } else {
        Query::parse(&format!("and {part}"))
    };
    let inner = bind(fields, &query, topic);
    if inner.ambiguity.is_some() || inner.arguments.is_empty() {
        return None;
    }
    let mut arguments = inner.arguments;
    match inner.missing.as_slice() {
        [] => {}
        [open] => {
            let field = fields
                .iter()
                .find(|f| f.name == open.name)
                .filter(|f| crate::schema::takes_any_text(f))?;
            let named = crate::query::measured_out(part).into_iter().next()?;
            arguments.insert(field.name.clone(), Value::String(named));
        }
        _ => return None,
    }
    Some(Value::Object(arguments))
}

/// Punctuation that ends a clause, trimmed off the value it follows.
const CLAUSE_ENDS: &str = ",;.?!)";

/// The capitalised name that opens `text`: up to three capitalised words, to the first
/// punctuation ("Michael, last name ..." → "Michael").
fn name_at_start(text: &str) -> Option<String> {
    let mut words = Vec::new();
    for raw in text.split_whitespace().take(3) {
        let word = raw.trim_end_matches(|c: char| CLAUSE_ENDS.contains(c));
        let capitalised = word.chars().next().is_some_and(char::is_uppercase)
            && word.chars().all(|c| c.is_alphabetic() || "-'".contains(c))
            && !text::is_stopword(&word.to_lowercase());
        if !capitalised {
            break;
        }
        words.push(word);
        if word.len() < raw.len() {
            break;
        }
    }
    (!words.is_empty()).then(|| words.join(" "))
}

/// The code that opens `text`: one token with a digit, of letters, digits and `-_./`
/// ("IND4567", "12344", "v1.2"), without the punctuation that ends a clause.
fn code_at_start(text: &str) -> Option<String> {
    let token = text
        .split_whitespace()
        .next()?
        .trim_end_matches(|c: char| CLAUSE_ENDS.contains(c));
    (token.contains(|c: char| c.is_ascii_digit())
        && token
            .chars()
            .all(|c| c.is_alphanumeric() || "-_./".contains(c)))
    .then(|| token.to_owned())
}

/// The string value of `p`'s choices that `raw` writes, in any case.
fn choice_written<'p>(p: &'p Param, raw: &str) -> Option<&'p Value> {
    p.choices
        .iter()
        .map(|c| &c.value)
        .find(|v| v.as_str().is_some_and(|v| v.eq_ignore_ascii_case(raw)))
}

/// The text of a quotation that opens `text` (`'llama' at offset 3` → `llama`), up to its
/// closing quote; `None` when `text` does not open with a quote or it is never closed.
fn quoted_at_start(text: &str) -> Option<String> {
    let open = text.chars().next()?;
    let close = match open {
        '"' | '\'' => open,
        '\u{201c}' => '\u{201d}',
        '\u{2018}' => '\u{2019}',
        _ => return None,
    };
    let body = &text[open.len_utf8()..];
    let end = body.find(close)?;
    (end > 0).then(|| body[..end].to_owned())
}

/// A list or an object written out (`literal`, from [`bracketed`]), as JSON or with single
/// quotes (`['a', 'b']`, `{'math': 90}`).
pub(crate) fn loose_json(literal: &str) -> Option<Value> {
    serde_json::from_str(literal)
        .or_else(|_| serde_json::from_str(&literal.replace('\'', "\"")))
        .ok()
}

/// A value written as a JSON list or object at the start of `text` (`[1, 2]`, `{"a": 1}`), up
/// to its matching bracket.
pub(crate) fn bracketed(text: &str) -> Option<String> {
    let open = text.chars().next().filter(|c| *c == '[' || *c == '{')?;
    let close = if open == '[' { ']' } else { '}' };
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Some(text[..=i].to_owned());
            }
        }
    }
    None
}

/// A list written without brackets at the start of `text` ("85, 90, 88 and set ..."): the
/// comma-separated one-word items, as a JSON list of the words.
fn listed(text: &str) -> String {
    let mut items = Vec::new();
    for piece in text.split(',') {
        let word = piece.trim();
        let first = word.split_whitespace().next().unwrap_or_default();
        let first = first.trim_end_matches(['.', ';', '?']);
        if first.is_empty() {
            break;
        }
        items.push(first.to_owned());
        if word.split_whitespace().count() > 1 {
            break;
        }
    }
    let typed: Vec<Value> = items
        .iter()
        .map(|w| {
            if let Ok(i) = w.parse::<i64>() {
                Value::from(i)
            } else if let Some(n) = w.parse::<f64>().ok().and_then(serde_json::Number::from_f64) {
                Value::Number(n)
            } else {
                Value::String(w.trim_matches(['"', '\'']).to_owned())
            }
        })
        .collect();
    Value::Array(typed).to_string()
}

/// Whether a free-form `value` can be `p`'s: not just the parameter's own words ("ID" for
/// `user_id`), not a lone letter, and, for a date or time, something with a digit or a date word.
/// An identifier takes a code, or the one word the query quotes when it quotes nothing else and
/// the word is not written as a name: the user marks "'sandcastle'" as the value, where "'Frank'"
/// names someone rather than giving an ID, and of "username 'admin' and password 'pass'" which
/// is an ID would be a guess.
fn fits(p: &Param, query: &Query, value: &str) -> bool {
    let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
    let terms = text::terms(value);
    // One character is a value only as a capital letter ("in G key", "trait A"), and not one
    // that only ever follows a number, whose unit or hemisphere it is ("5 V", "37.86 N").
    let tokens = &query.tokens;
    let after_number = |i: usize| {
        i.checked_sub(1)
            .is_some_and(|b| tokens[b].parse::<f64>().is_ok())
    };
    let trimmed = value.trim();
    let letter =
        one_letter(trimmed) && (0..tokens.len()).any(|i| tokens[i] == trimmed && !after_number(i));
    let own_only = !terms.is_empty() && terms.iter().all(|t| own.contains(t));
    if own_only || (!letter && (terms.is_empty() || trimmed.chars().count() < 2)) {
        return false;
    }
    let calendar = p.temporal.is_some() || own.iter().any(|t| t == "month" || t == "year");
    if calendar {
        return value.chars().any(|c| c.is_ascii_digit())
            || value.split_whitespace().any(crate::when::is_date_word);
    }
    match identifier_of(p) {
        Some(Identifier::Number) => value.chars().any(|c| c.is_ascii_digit()),
        Some(Identifier::Id) => {
            looks_like_identifier(value) || (query.quotes_only(value) && !written_as_name(value))
        }
        // A domain is no email address ("bob@example.net" is a mailbox at one).
        Some(Identifier::Address) => {
            value.contains(['.', '/', ':', '@'])
                && !value.contains(char::is_whitespace)
                && !(crate::schema::takes_host(p) && value.contains('@'))
        }
        None => true,
    }
}

/// Whether `word` is one capital letter written on its own, which names a thing ("the key of
/// G", "trait A", "Plan B") however short: never the speaker's "I".
fn one_letter(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_uppercase() && c != 'I')
        && chars.next().is_none()
}

/// The role words of [`text::lexicon::CAST_ROLES`] and [`text::lexicon::MAKER_ROLES`] as terms,
/// read once.
struct PersonRoles {
    cast: HashSet<String>,
    makers: HashSet<String>,
    every: HashSet<String>,
}

fn person_role_terms() -> &'static PersonRoles {
    static ROLES: OnceLock<PersonRoles> = OnceLock::new();
    ROLES.get_or_init(|| {
        let terms_of = |words: &[&str]| -> HashSet<String> {
            words.iter().flat_map(|w| text::terms(w)).collect()
        };
        let cast = terms_of(text::lexicon::CAST_ROLES);
        let makers = terms_of(text::lexicon::MAKER_ROLES);
        let every = cast.union(&makers).cloned().collect();
        PersonRoles {
            cast,
            makers,
            every,
        }
    })
}

/// The words of `roles` that say whom `p` names: those among its name's words, else those that
/// lead its description ("The lead actor in the movie", "A comma-separated list of actors")
/// before any word of the name does. A role written after the thing the parameter is named for
/// ("the title of the song by the artist" for `title`) describes that thing, not the parameter.
fn person_roles(p: &Param, roles: &HashSet<String>) -> HashSet<String> {
    let own = text::terms(&p.name);
    let named: HashSet<String> = own.iter().filter(|t| roles.contains(*t)).cloned().collect();
    if !named.is_empty() {
        return named;
    }
    text::terms(&p.description)
        .into_iter()
        .take(4)
        .take_while(|t| !own.contains(t))
        .filter(|t| roles.contains(t))
        .collect()
}

/// The thing a title parameter titles, as terms: the parameter's own words and the one its
/// description says it titles ("The title of the movie to be streamed"); `None` for a
/// parameter that takes no title.
fn titled_thing(p: &Param) -> Option<HashSet<String>> {
    let own = text::terms(&p.name);
    let words = text::words(&p.description);
    let described = words
        .iter()
        .map(|w| w.to_lowercase())
        .find(|w| !text::is_stopword(w));
    let titles = own.last().is_some_and(|t| t == "titl")
        || described.is_some_and(|w| text::stem(&w) == "titl");
    if !titles {
        return None;
    }
    let mut thing: HashSet<String> = own.into_iter().filter(|t| t != "titl").collect();
    if let Some(w) = described_of(&words) {
        thing.extend(text::terms(w));
    }
    Some(thing)
}

/// The thing a parameter's description says it is a part or kind of, from its words: the first
/// plain word after an "of" among its first three ("Genre of music to be played", "The title of
/// the movie").
fn described_of(words: &[String]) -> Option<&String> {
    let of = words.iter().position(|w| w.eq_ignore_ascii_case("of"))?;
    if of > 2 {
        return None;
    }
    words[of + 1..]
        .iter()
        .find(|w| !text::is_stopword(&w.to_lowercase()))
}

/// Whether the request gives `value` as who is in the thing a title parameter titles (`titled`,
/// [`titled_thing`]: "a thriller movie with Roberts Blossom", "films showcasing Peter Jackson"):
/// a cast, not a title.
fn cast_of_titled(titled: Option<&HashSet<String>>, query: &Query, value: &str) -> bool {
    titled.is_some()
        && !query.quoted(value)
        && written_after(query, value, text::lexicon::CAST_WORDS)
}

/// Whether the word right before `value` in the query is one of `words`.
fn written_after(query: &Query, value: &str, words: &[&str]) -> bool {
    query
        .position_of(value)
        .is_some_and(|at| at > 0 && words.contains(&query.tokens[at - 1].to_lowercase().as_str()))
}

/// Whether `value` only says what kind of thing a title parameter titles (`titled`,
/// [`titled_thing`]): a name written right before that thing where the request asks for any one
/// of it ("a good Offbeat movie", "some Reggae tracks", "Fight movies") rather than for one it
/// names ("the Titanic movie", "a movie called 'Inception'"). It is no title.
fn kind_of_untitled(titled: Option<&HashSet<String>>, query: &Query, value: &str) -> bool {
    let Some(thing) = titled.filter(|_| !query.quoted(value)) else {
        return false;
    };
    let Some(at) = query.position_of(value) else {
        return false;
    };
    let tokens = &query.tokens;
    let Some(noun) = tokens.get(at + value.split_whitespace().count()) else {
        return false;
    };
    if !text::terms(noun).iter().any(|t| thing.contains(t)) {
        return false;
    }
    // An indefinite word before the name, past at most two other words ("a good Offbeat"), with
    // no word that points at one thing ("the", "my") between them; or a plural no such word
    // opens ("Fight movies").
    let before: Vec<String> = tokens[at.saturating_sub(3)..at]
        .iter()
        .rev()
        .map(|w| w.to_lowercase())
        .take_while(|w| {
            text::lexicon::INDEFINITES.contains(&w.as_str())
                || !text::lexicon::OBJECT_OPENERS.contains(&w.as_str())
        })
        .collect();
    let pointed = before.len() < at.min(3);
    let plural = noun.ends_with('s') && !noun.ends_with("ss");
    before
        .iter()
        .any(|w| text::lexicon::INDEFINITES.contains(&w.as_str()))
        || (plural && !pointed)
}

/// Whether the request names `value` as the name of something `p` neither takes the name of
/// nor is about: "the default database called 'sales_db'" names a database, so it is no API
/// key.
fn named_otherwise(p: &Param, query: &Query, value: &str) -> bool {
    let Some(at) = query.position_of(value).filter(|at| *at >= 2) else {
        return false;
    };
    let label = &query.tokens[at - 2];
    let terms = text::terms(label);
    if !written_after(query, value, text::lexicon::NAMING_WORDS)
        || terms.is_empty()
        || !label.chars().all(char::is_alphabetic)
    {
        return false;
    }
    let takes_names = text::terms(&p.name)
        .iter()
        .any(|t| text::lexicon::NAME_FIELDS.contains(&t.as_str()));
    let about = named_by(p);
    !takes_names && !terms.iter().any(|t| about.contains(t))
}

/// Whether `value` is a title the request gives outright: quoted, or right after a word that
/// names ("a movie called Inception").
fn titled_outright(query: &Query, value: &str) -> bool {
    query.quoted(value) || written_after(query, value, text::lexicon::NAMING_WORDS)
}

/// Which way a place parameter points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    /// Origin, source, departure.
    From,
    /// Destination, target, arrival.
    To,
    /// Where something is.
    At,
}

/// Whether `p` is named for a postal code (`zip`, `postcode_to`, `postal_code`).
pub(crate) fn names_postal_code(p: &Param) -> bool {
    let name = p.name.to_lowercase();
    text::lexicon::POSTAL_CODE_WORDS
        .iter()
        .any(|w| name.contains(w))
}

/// The words of the kind of thing `p` is the name of, when its name is a kind's followed by
/// `name` (`food_name` → food, `drug_name` → drug).
pub(crate) fn kind_named(p: &Param) -> Option<Vec<String>> {
    let mut words = text::words(&p.name);
    match words.pop() {
        Some(last) if last == "name" && !words.is_empty() => Some(words),
        _ => None,
    }
}

/// The kind a parameter named for it alone takes the name of, by its description (`food`,
/// "Food name"): that kind.
pub(crate) fn kind_described(p: &Param) -> Option<Vec<String>> {
    let name = text::words(&p.name);
    let said = text::words(&p.description);
    match (&name[..], &said[..]) {
        ([kind], [first, second, ..])
            if second.eq_ignore_ascii_case("name")
                && text::stem(&first.to_lowercase()) == text::stem(&kind.to_lowercase()) =>
        {
            Some(vec![kind.to_lowercase()])
        }
        _ => None,
    }
}

/// The way `p` points, by the words of its name.
pub(crate) fn direction(p: &Param) -> Option<Direction> {
    let words: Vec<String> = text::words(&p.name)
        .into_iter()
        .flat_map(|w| [text::stem(&w), w])
        .collect();
    let has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
    if has(text::lexicon::DIRECTION_FROM) {
        Some(Direction::From)
    } else if has(text::lexicon::DIRECTION_TO) {
        Some(Direction::To)
    } else if has(text::lexicon::DIRECTION_AT) {
        Some(Direction::At)
    } else {
        None
    }
}

/// The way the query points at `entity`: the preposition right before it, else a "to" right
/// after it, which makes it the start of a way ("150 Euros to Canadian dollars", "NYC to
/// Tokyo").
fn cue(query: &Query, entity: &str) -> Option<Direction> {
    let at = query.position_of(entity)?;
    if let Some(way) = at.checked_sub(1).and_then(|i| pointed_by(query, i)) {
        return Some(way);
    }
    let after = at + entity.split_whitespace().count();
    // The entity must end where its last word is, not run on into a clause ("Paris, to").
    let whole = query.tokens.get(after - 1).is_some_and(|t| {
        entity
            .split_whitespace()
            .last()
            .is_some_and(|w| w == t.as_str())
    });
    (whole
        && query
            .tokens
            .get(after)
            .is_some_and(|t| matches!(t.to_lowercase().as_str(), "to" | "into")))
    .then_some(Direction::From)
}

/// Whether `entity` is set off by a comma after a name of the thing the method is about (a name
/// with a `topic` word) that the query puts somewhere: "in Hotel Paradise, Las Vegas" says
/// where the hotel is.
fn where_named_thing_is(query: &Query, entity: &str, topic: &HashMap<String, f64>) -> bool {
    let Some(at) = query.position_of(entity).filter(|at| *at > 0) else {
        return false;
    };
    let appositive = query
        .text
        .find(entity)
        .is_some_and(|i| query.text[..i].trim_end().ends_with(','));
    let capital = |i: &usize| {
        query.tokens[*i]
            .chars()
            .next()
            .is_some_and(char::is_uppercase)
    };
    let Some(start) = (0..at).rev().take_while(capital).last() else {
        return false;
    };
    let thing = query.tokens[start..at]
        .iter()
        .flat_map(|t| text::terms(t))
        .any(|t| topic.contains_key(&t));
    appositive
        && thing
        && start
            .checked_sub(1)
            .and_then(|i| pointed_by(query, i))
            .is_some_and(|way| way == Direction::At)
}

/// The way the request points the value written as `value` ("to postal code 10115": to), by
/// the nearest preposition of a way among the three words before it.
fn pointed_before(query: &Query, value: &str) -> Option<Direction> {
    let at = query.position_of(value)?;
    (at.saturating_sub(3)..at)
        .rev()
        .find_map(|i| pointed_by(query, i))
}

/// The way the preposition at token `at` points at the name after it ("from", "to", "in").
fn pointed_by(query: &Query, at: usize) -> Option<Direction> {
    match query.tokens.get(at)?.to_lowercase().as_str() {
        "from" => Some(Direction::From),
        "to" | "into" | "toward" | "towards" => Some(Direction::To),
        "in" | "at" | "near" | "around" => Some(Direction::At),
        _ => None,
    }
}

/// A place with the region the query writes right after it and a comma ("New York, NY",
/// "Chennai, Tamil Nadu", "Paris, France"), for a parameter whose description asks for the
/// state, region or country: up to three capitalised words, ending at the clause's end.
fn with_region(p: &Param, query: &Query, entity: String) -> String {
    // A country's name ("Mexico") names the country, not a city of that name in it.
    if text::places::country_code(&entity).is_some() {
        return entity;
    }
    let described = p.description.to_lowercase();
    let example = example_regions(&p.description);
    if example == Examples::default()
        && !text::lexicon::REGION_WORDS
            .iter()
            .any(|w| described.contains(w))
    {
        return entity;
    }
    // "Novato CA" or "Berkeley California" where the shape is 'City, ST': the state written
    // without its comma. A state's code in capitals says the state outright ("Pittsburg PA",
    // though the table's Pittsburg is California's); a state's name only where the city is in
    // it.
    if example.state_code
        && let Some((city, state)) = entity.rsplit_once(' ')
        && let Some(code) = text::places::us_state_code(state)
        && (state == code
            || text::places::city(city).is_some_and(|place| place.state == Some(code)))
    {
        return format!("{city}, {code}");
    }
    let words: Vec<&str> = entity.split_whitespace().collect();
    let Some(last) = words.last() else {
        return entity;
    };
    let raw: Vec<&str> = query.text.split_whitespace().collect();
    let found = (0..raw.len()).find(|&i| {
        i + words.len() <= raw.len()
            && raw[i + words.len() - 1].trim_end_matches(',') == *last
            && raw[i + words.len() - 1].ends_with(',')
    });
    // As many parts as the shape the description quotes has after its first ("'Street
    // Address, City, State (abbr), Country'" has three), one where it quotes none.
    let parts_asked = crate::query::quoted(&p.description)
        .iter()
        .map(|quoted| quoted.matches(',').count())
        .find(|&commas| commas > 0)
        .unwrap_or(1);
    let mut parts: Vec<String> = Vec::new();
    let mut part: Vec<&str> = Vec::new();
    let mut tokens = found
        .into_iter()
        .flat_map(|i| raw.iter().skip(i + words.len()))
        .peekable();
    while let Some(token) = tokens.next() {
        let bare = token.trim_end_matches(|c: char| !c.is_alphanumeric());
        let lower = bare.to_lowercase();
        // A state's code may spell a word ("OR", "IN"); a capitalised word may open a question.
        let code = bare.len() == 2 && bare.chars().all(|c| c.is_ascii_uppercase());
        if part.len() == 3
            || !bare.starts_with(char::is_uppercase)
            || (!code
                && (text::is_stopword(&lower)
                    || text::lexicon::QUESTION_OPENERS.contains(&lower.as_str())))
        {
            break;
        }
        part.push(bare);
        if bare.len() < token.len() {
            parts.push(part.join(" "));
            part.clear();
            if !token.ends_with(',') || parts.len() == parts_asked || tokens.peek().is_none() {
                break;
            }
        }
    }
    if !part.is_empty() && parts.len() < parts_asked {
        parts.push(part.join(" "));
    }
    if !parts.is_empty() {
        // "Nairobi, Kenya" where the shape is 'City, CC' ("such as 'Paris, FR'").
        if example.country == Some(Country::Code)
            && let Some(last) = parts.last_mut()
            && let Some(code) = text::places::country_code(last)
        {
            *last = code.to_owned();
        }
        // "San Francisco, California" where the shape is 'City, ST'.
        if example.state_code
            && let Some(last) = parts.last_mut()
            && let Some(code) = text::places::us_state_code(last)
        {
            *last = code.to_owned();
        }
        return format!("{entity}, {}", parts.join(", "));
    }
    // Where the query writes none, the description's own example of this very city shows how
    // to write it ("'London, UK'").
    if !entity.contains(',')
        && let Some((_, region)) = quoted_places(&p.description)
            .into_iter()
            .find(|(city, _)| city.eq_ignore_ascii_case(&entity))
    {
        return format!("{entity}, {region}");
    }
    match known_region(&p.description, example, &entity) {
        Some(region) => format!("{entity}, {region}"),
        None => entity,
    }
}

/// What the examples a place parameter's description quotes add after their cities.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Examples {
    /// A US state's two-letter code ("'Los Angeles, CA'").
    state_code: bool,
    /// A country, by name or by code.
    country: Option<Country>,
}

/// How an example writes a city's country.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Country {
    /// By name ("'Paris, France'").
    Name,
    /// By its ISO 3166 code ("'Paris, FR'").
    Code,
}

/// The places a description quotes as examples, each split at its first comma into the city and
/// what follows ("'Los Angeles, CA'" → ("Los Angeles", "CA")).
fn quoted_places(description: &str) -> Vec<(String, String)> {
    crate::query::quoted(description)
        .iter()
        .filter_map(|example| example.split_once(", "))
        .map(|(city, region)| (city.to_owned(), region.to_owned()))
        .collect()
}

/// What the examples a description quotes add to their cities, where the place table
/// ([`text::places`]) places each city there: "such as 'Los Angeles, CA'" shows the shape
/// 'City, ST' as plainly as "in the format 'City, State'" says it, and "'Paris, FR'" shows a
/// country by its code. An example the table cannot check ("'Springfield, IL'", "'Main St,
/// Anytown'") shows nothing.
fn example_regions(description: &str) -> Examples {
    let mut found = Examples::default();
    for (city, region) in quoted_places(description) {
        let Some(place) = text::places::city(&city) else {
            continue;
        };
        if place.state.is_some_and(|state| state == region) {
            found.state_code = true;
        } else if place.state.is_none() && found.country.is_none() {
            if place.country.eq_ignore_ascii_case(&region) {
                found.country = Some(Country::Name);
            } else if place.country_code == region {
                found.country = Some(Country::Code);
            }
        }
    }
    found
}

/// The region a description asks for after a city the query writes alone, from the place table
/// ([`text::places`]): a US city's state code where the description asks for a state and writes
/// or demands it abbreviated ("'City, State', such as 'Berkeley, CA'") or its examples add one,
/// another country's city's country where it asks for a country ("or 'City, Country' such as
/// 'Paris, France'") or its examples add one, by code where they write it so ("'Paris, FR'").
/// Nothing for a name the table does not know or that several cities share.
fn known_region(description: &str, example: Examples, entity: &str) -> Option<String> {
    if entity.contains(',') {
        return None;
    }
    let place = text::places::city(entity)?;
    let described = description.to_lowercase();
    match place.state {
        // "abbr" also reads the misspelt ("State has to be abbrieviated").
        Some(state)
            if example.state_code
                || (described.contains("state")
                    && (described.contains("abbr") || writes_state_code(description))) =>
        {
            Some(state.to_owned())
        }
        None if example.country == Some(Country::Code) => Some(place.country_code.to_owned()),
        None if (example.country.is_some() || described.contains("country"))
            && !place.country.is_empty() =>
        {
            Some(place.country.to_owned())
        }
        _ => None,
    }
}

/// Whether `description` writes a place with a two-letter code after its comma ("New York, NY").
fn writes_state_code(description: &str) -> bool {
    description.match_indices(", ").any(|(at, _)| {
        let code: Vec<char> = description[at + 2..].chars().take(3).collect();
        code.len() >= 2
            && code[..2].iter().all(char::is_ascii_uppercase)
            && code.get(2).is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Whether `p` asks for a machine form (a `format`, or a description that spells one).
fn wants_normal(p: &Param) -> bool {
    let d = p.description.to_lowercase();
    p.format.is_some() || d.contains("yyyy") || d.contains("hh:mm") || d.contains("iso")
}

/// A moment as `p` wants it: its normal form when `p` asks for one and the query gave it in full.
/// Whether a (lower-case) description spells a time with seconds ("hh:mm:ss") and never
/// without ("such as 'HH:MM:SS' or 'HH:MM'" takes either, so the shorter stays).
fn spells_seconds(described: &str) -> bool {
    let all = described.matches("hh:mm").count();
    all > 0 && described.matches("hh:mm:ss").count() == all
}

/// Whether a description spells no shape at all for its value (no "format", no word of doubled
/// date letters such as "YYYY", "MM", "DD" or "mmddyyyy"): a complete date is then given as
/// ISO 8601, the one form no reader takes for another.
fn spells_no_shape(p: &Param) -> bool {
    let date_letters = |w: &str| {
        let chars: Vec<char> = w.chars().collect();
        chars.len() >= 2
            && chars.iter().all(|c| matches!(c, 'y' | 'm' | 'd'))
            && chars.chunk_by(|a, b| a == b).all(|run| run.len() >= 2)
    };
    let d = p.description.to_lowercase();
    p.format.is_none()
        && !d
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == "format" || date_letters(w))
}

/// A time of day gets seconds where the description spells them ("HH:MM:SS"); a complete date
/// for a parameter that spells no shape is ISO 8601 ("January 1, 2022" → "2022-01-01").
fn rendered(p: &Param, m: &crate::when::Moment) -> String {
    let date = |n: &str| n.len() == 10 && n.as_bytes()[4] == b'-';
    // A date without its year takes its next coming only where the full form is demanded: as
    // written, "March 9th" says no more than the request did.
    if m.normal.is_none()
        && wants_normal(p)
        && let Some(coming) = &m.coming
    {
        return in_spelled_shape(p, coming);
    }
    match &m.normal {
        Some(n) if wants_normal(p) || (date(n) && spells_no_shape(p)) => {
            let clock = n.len() == 5 && n.as_bytes()[2] == b':';
            if clock && spells_seconds(&p.description.to_lowercase()) {
                format!("{n}:00")
            } else {
                in_spelled_shape(p, n)
            }
        }
        _ => m.text.clone(),
    }
}

/// Whether `p` takes a month of a year rather than a day: its pattern accepts `2000-01` and not
/// `2000-01-01`, or, without one, its description spells `YYYY-MM` and no day.
fn takes_month(p: &Param) -> bool {
    match p.pattern.as_deref().and_then(crate::schema::compiled) {
        Some(re) => re.is_match("2000-01") && !re.is_match("2000-01-01"),
        None => {
            let described = p.description.to_lowercase();
            described.contains("yyyy-mm") && !described.contains("yyyy-mm-dd")
        }
    }
}

/// `normal` (`YYYY-MM-DD` or a time) in the order and with the separator of the date shape the
/// description spells ("formatted as 'MM/DD/YYYY'" makes 2023-04-07 "04/07/2023"); as it is
/// where it spells none, or not a whole date.
fn in_spelled_shape(p: &Param, normal: &str) -> String {
    static SHAPE: OnceLock<regex::Regex> = OnceLock::new();
    let shape = SHAPE.get_or_init(|| {
        regex::Regex::new(r"(?i)\b(yyyy|mm|dd)([-/.])(yyyy|mm|dd)([-/.])(yyyy|mm|dd)\b")
            .expect("the date shape pattern compiles")
    });
    let parts: Vec<&str> = normal.split('-').collect();
    let ([year, month, day], Some(spelled)) = (&parts[..], shape.captures(&p.description)) else {
        return normal.to_owned();
    };
    let separator = &spelled[2];
    let order: Vec<String> = [1, 3, 5]
        .iter()
        .map(|&i| spelled[i].to_lowercase())
        .collect();
    let distinct: HashSet<&String> = order.iter().collect();
    if separator != &spelled[4] || distinct.len() != 3 || year.len() != 4 {
        return normal.to_owned();
    }
    order
        .iter()
        .map(|part| match part.as_str() {
            "yyyy" => *year,
            "mm" => *month,
            _ => *day,
        })
        .collect::<Vec<_>>()
        .join(separator)
}

/// A date and a time together for a date-time parameter.
/// The machine form follows the shape the description spells: the date's order and separator
/// ("'dd/mm/yyyy HH:MM'" makes "12/03/2023 15:00"), a `T` between the two where it writes one
/// ("YYYY-MM-DDTHH:MM:SS") or names ISO 8601 without spelling a space, and seconds where it
/// writes them ("YYYY-MM-DD HH:MM:SS").
fn moment_pair(p: &Param, date: &crate::when::Moment, time: &crate::when::Moment) -> String {
    let described = p.description.to_lowercase();
    let iso = p.format.as_deref() == Some("date-time");
    let joined = iso
        || described.contains("ddthh")
        || (described.contains("iso") && !described.contains("dd hh"));
    let seconds = iso || spells_seconds(&described);
    match (date.normal.as_ref().or(date.coming.as_ref()), &time.normal) {
        (Some(d), Some(t)) if wants_normal(p) => format!(
            "{}{}{t}{}",
            in_spelled_shape(p, d),
            if joined { "T" } else { " " },
            if seconds { ":00" } else { "" }
        ),
        _ => format!("{} {}", date.text, time.text),
    }
}

/// `entity` without leading words of the parameter's own name: "ID XK-2291" → "XK-2291".
fn without_leading_words(entity: &str, own: &HashSet<String>) -> String {
    let words: Vec<&str> = entity.split_whitespace().collect();
    let skip = words
        .iter()
        .take_while(|w| {
            let terms = text::terms(w);
            !terms.is_empty() && terms.iter().all(|t| own.contains(t))
        })
        .count();
    if skip == words.len() {
        entity.to_owned()
    } else {
        words[skip..].join(" ")
    }
}

/// `entity` without an identifier's label before the code it labels: "UUID AB1010CD" →
/// "AB1010CD", "ID 7G-22" → "7G-22". A label before words ("ID Card") stays.
fn without_id_label(entity: &str) -> String {
    match entity.split_whitespace().collect::<Vec<_>>()[..] {
        [label, code]
            if matches!(identifier_kind(label), Some(Identifier::Id))
                && code.contains(|c: char| c.is_ascii_digit()) =>
        {
            code.to_owned()
        }
        _ => entity.to_owned(),
    }
}

/// `entity` without the numbers another parameter took that end it ("NBA 2021" once the season
/// is 2021 → "NBA"); whole when nothing else is left.
fn without_spent_numbers(entity: String, used: &HashSet<String>) -> String {
    let words: Vec<&str> = entity.split_whitespace().collect();
    let spent = words
        .iter()
        .rev()
        .take_while(|w| w.chars().all(|c| c.is_ascii_digit()) && used.contains(**w))
        .count();
    if spent == 0 || spent == words.len() {
        entity
    } else {
        words[..words.len() - spent].join(" ")
    }
}

/// What an identifier parameter takes.
enum Identifier {
    /// `ticket_number`, `phone_no`: something with digits.
    Number,
    /// `user_id`, `websiteId`, `api_key`: a code, not a phrase.
    Id,
    /// `url`, `callback_uri`, `email`, `domain`: an address, written with its dots, slashes or
    /// at sign.
    Address,
}

/// Which of two mentions (each with whether "to" introduces it and whether an amount is written
/// in it) goes to which of a source and a target parameter: the one "to" introduces is the
/// target, failing that the one no amount is written in ("How many Canadian dollars for 500 US
/// dollars?"). `None` when the parameters do not point two ways or the mentions do not tell.
fn source_and_target<'p, T: Copy>(
    [a, b]: [&&'p Param; 2],
    [x, y]: [(T, bool, bool); 2],
) -> Option<[(&'p Param, T); 2]> {
    let target = |p: &Param| matches!(direction(p), Some(Direction::To));
    if target(a) == target(b) || (x.1 == y.1 && x.2 == y.2) {
        return None;
    }
    let (to, from) = if x.1 != y.1 {
        if x.1 { (x.0, y.0) } else { (y.0, x.0) }
    } else if y.2 {
        (x.0, y.0)
    } else {
        (y.0, x.0)
    };
    Some(if target(a) {
        [(*a, to), (*b, from)]
    } else {
        [(*a, from), (*b, to)]
    })
}

/// Whether every value `p` allows (two at least) is a unit of measure ("m", "km", "mi"; "C",
/// "F", "K"): the parameter takes a unit whatever its name says.
fn unit_choices(p: &Param) -> bool {
    p.choices.len() >= 2
        && p.choices
            .iter()
            .all(|c| text::lexicon::unit_symbol(&c.label).is_some())
}

/// What kind of identifier `p` takes: the one its name's last word makes it
/// ([`identifier_kind`]), except that a bare `key` is one only where its description names a
/// credential.
/// Whether `a` and `b` take the same choices.
fn same_choices(a: &Param, b: &Param) -> bool {
    a.choices.len() == b.choices.len()
        && a.choices
            .iter()
            .zip(&b.choices)
            .all(|(x, y)| x.value == y.value)
}

/// Whether `word` labels the code written after it ("code", "ID", "number" in "the team code
/// LAKERS").
pub(crate) fn labels_a_code(word: &str) -> bool {
    matches!(
        identifier_kind(word),
        Some(Identifier::Id | Identifier::Number)
    )
}

/// Whether `p` is for the part of a person's name one of `marks` says: the mark before "name"
/// (`first_name`, `lastName`) or run into it (`surname`, `forename`).
fn name_part(p: &Param, marks: &[&str]) -> bool {
    let words = text::words(&p.name);
    words.iter().enumerate().any(|(i, w)| {
        marks.iter().any(|m| {
            (w == m && words.get(i + 1).is_some_and(|n| n == "name"))
                || w.strip_prefix(m) == Some("name")
        })
    })
}

fn identifier_of(p: &Param) -> Option<Identifier> {
    let words = text::words(&p.name);
    if let [only] = words.as_slice()
        && only.eq_ignore_ascii_case("key")
    {
        // A bare `key` is a credential or a record's key only where its description says so;
        // elsewhere it is a key of something else ("The key for the chord progression").
        let described = text::words(&p.description);
        let credential = described
            .iter()
            .any(|w| text::lexicon::CREDENTIAL_WORDS.contains(&w.to_lowercase().as_str()));
        return credential.then_some(Identifier::Id);
    }
    identifier_kind(&p.name)
}

/// What kind of identifier a parameter named `name` takes: whether its name ends in a word that
/// makes it one.
fn identifier_kind(name: &str) -> Option<Identifier> {
    match text::words(name).last()?.as_str() {
        "number" | "no" | "num" => Some(Identifier::Number),
        "id" | "ids" | "uuid" | "guid" | "identifier" | "key" | "code" | "sku" | "isbn"
        | "issn" | "ean" | "upc" | "asin" => Some(Identifier::Id),
        "url" | "uri" | "link" | "endpoint" | "email" | "domain" => Some(Identifier::Address),
        _ => None,
    }
}

/// Whether `value` is written as a name rather than as one plain word: words with a space
/// between, or a capital followed by lower case only ("Frank", not "sandcastle" or "DB2").
fn written_as_name(value: &str) -> bool {
    let mut chars = value.chars();
    value.contains(char::is_whitespace)
        || (chars.next().is_some_and(char::is_uppercase) && chars.all(|c| !c.is_uppercase()))
}

/// A code rather than words: one token with a digit, a separator or a capital inside it
/// ("SK123", "efJG9", "acct-0002", "d0404"), not a name like "Smart LED TV" or "Frank".
fn looks_like_identifier(value: &str) -> bool {
    let value = value.trim_matches(|c: char| !c.is_alphanumeric());
    !value.contains(char::is_whitespace)
        && (value
            .chars()
            .any(|c| c.is_ascii_digit() || "-_.:/@#".contains(c))
            || value.chars().skip(1).any(char::is_uppercase))
}

/// The word the query puts before the thing a parameter's description is about: "classical"
/// in "a classical concert" for "Genre of the concert", "sushi" in "a sushi restaurant" for
/// "Cuisine of the restaurant", when that thing is what the method is about or what the
/// description calls the value a kind of ("jazz" in "jazz music" for "Genre of music"). Only a
/// plain word
/// the method's own metadata does not use, not a verb or a participle, not counted ("three star
/// hotel"), and not one that rates or places ("best", "new", "nearby": [`QUALIFIERS`]).
///
/// [`QUALIFIERS`]: text::lexicon::QUALIFIERS
fn modifier_of_described(
    p: &Param,
    query: &Query,
    used: &HashSet<String>,
    topic: &HashMap<String, f64>,
) -> Option<String> {
    let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
    modifier_before(query, &described_about(p, &own, topic), &own, used, topic)
}

/// The terms of the thing `p`'s description says it is about, other than its own name's `own`:
/// what the method is about ("Genre of the concert" for a concert search; a parameter's
/// description can name anything), and the thing it says it is a kind of ("Genre of music to
/// be played").
fn described_about(
    p: &Param,
    own: &HashSet<String>,
    topic: &HashMap<String, f64>,
) -> HashSet<String> {
    let mut about: HashSet<String> = text::terms(&p.description)
        .into_iter()
        .filter(|t| !own.contains(t) && topic.contains_key(t))
        .collect();
    if let Some(thing) = described_of(&text::words(&p.description)) {
        about.extend(text::terms(thing).into_iter().filter(|t| !own.contains(t)));
    }
    about
}

/// The word before the thing a method's name names, for a required parameter for a kind of it
/// ([`text::lexicon::KIND_PARAMETERS`]: a subject, a genre, a category) whose description names
/// nothing the method is about ("Subject area such as Chemistry"): "philosophy" in "the
/// philosophy courses" for a course search's `subject`. Under the same conditions as
/// [`modifier_before`]; the last reading the binder tries.
fn kind_of_subject(
    p: &Param,
    query: &Query,
    used: &HashSet<String>,
    topic: &HashMap<String, f64>,
) -> Option<String> {
    let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
    let names_a_kind = text::terms(&p.name)
        .last()
        .is_some_and(|t| text::lexicon::KIND_PARAMETERS.contains(&t.as_str()));
    let described_thing = !described_about(p, &own, topic).is_empty();
    if !names_a_kind
        || described_thing
        || !p.required
        || !p.choices.is_empty()
        || p.temporal.is_some()
        || direction(p).is_some()
        || identifier_of(p).is_some()
    {
        return None;
    }
    let about: HashSet<String> = topic
        .iter()
        .filter(|(t, w)| {
            **w >= Weights::DEFAULT.in_name
                && !own.contains(*t)
                && !text::lexicon::GENERIC_VERBS.contains(&t.as_str())
                && !text::mutating_verb(t)
        })
        .map(|(t, _)| t.clone())
        .collect();
    modifier_before(query, &about, &own, used, topic)
}

/// The word the query puts before the parameter's own head noun: "business" in "a business
/// class ticket" for `travel_class`, under the same conditions as [`modifier_of_described`]. Not
/// for identifiers and names, whose word before is no value ("the user id").
fn modifier_of_own(
    p: &Param,
    query: &Query,
    used: &HashSet<String>,
    topic: &HashMap<String, f64>,
) -> Option<String> {
    if identifier_of(p).is_some() {
        return None;
    }
    let mut others: Vec<String> = text::terms(&p.name);
    let mut last = others.pop();
    // A sort of a thing is said before the thing: "single" in "a single room" for `room_type`.
    if sorts_a_thing(&p.name) {
        last = others.pop();
    }
    let head: HashSet<String> = last.into_iter().collect();
    let others: HashSet<String> = others.into_iter().filter(|t| !head.contains(t)).collect();
    modifier_before(query, &head, &others, used, topic)
}

/// The name the request gives as its speaker's own, the last one where it gives several ("I am
/// Karan ... my name is Karan Sharma"; [`SELF_INTRODUCTIONS`]).
///
/// [`SELF_INTRODUCTIONS`]: text::lexicon::SELF_INTRODUCTIONS
fn self_introduced(query: &Query) -> Option<String> {
    query.entities().into_iter().rev().find(|e| {
        query.position_of(e).is_some_and(|at| {
            text::lexicon::SELF_INTRODUCTIONS.iter().any(|lead| {
                at >= lead.len()
                    && query.tokens[at - lead.len()..at]
                        .iter()
                        .zip(lead.iter())
                        .all(|(t, w)| t.eq_ignore_ascii_case(w))
            })
        })
    })
}

/// Whether `p` is a name of the one making the request (`user_name`, `passenger_name`;
/// [`SPEAKER_FIELDS`]): a string that is no identifier.
///
/// [`SPEAKER_FIELDS`]: text::lexicon::SPEAKER_FIELDS
fn for_speaker(p: &Param) -> bool {
    p.kind.as_deref().is_none_or(|k| k == "string")
        && p.choices.is_empty()
        && identifier_of(p).is_none()
        && text::terms(&p.name)
            .iter()
            .any(|t| text::lexicon::SPEAKER_FIELDS.contains(&t.as_str()))
}

/// Whether `p` takes a US state's two-letter code: a state by its name, described as an
/// abbreviation or a two-letter code, or with a two-letter example ("such as 'CA'").
fn takes_state_code(p: &Param) -> bool {
    takes_code(
        p,
        "state",
        &[
            "abbreviat",
            "two-letter",
            "two letter",
            "2-letter",
            "postal code",
        ],
    )
}

/// Whether `p`'s name says it is a language (`target_lang`, `source_language`:
/// [`text::lexicon::LANGUAGE_NAMES`]).
fn names_a_language(p: &Param) -> bool {
    text::words(&p.name)
        .iter()
        .any(|w| text::lexicon::LANGUAGE_NAMES.contains(&w.as_str()))
}

/// Whether `p` takes a language's ISO 639 code: named for a language and described by the
/// standard or as a code.
fn takes_language_code(p: &Param) -> bool {
    let described = p.description.to_lowercase();
    p.choices.is_empty()
        && names_a_language(p)
        && ["iso 639", "language code", "two-letter", "2-letter"]
            .iter()
            .any(|m| described.contains(m))
}

/// The code a parameter for a US state's or a country's code takes from the one state or
/// country the request names, with the words that name it.
pub fn place_code_named(p: &Param, query: &Query) -> Option<(&'static str, String)> {
    if takes_state_code(p) {
        us_state_named(query)
    } else if takes_country_code(p) {
        country_named(query)
    } else {
        None
    }
}

/// Whether `p` takes a country's ISO 3166 code: a country by its name, described by the
/// standard or as a code, or with a two-letter example ("'US' for the United States").
fn takes_country_code(p: &Param) -> bool {
    takes_code(
        p,
        "countri",
        &[
            "iso 3166",
            "alpha-2",
            "country code",
            "two-letter",
            "2-letter",
        ],
    )
}

/// Whether `p`, named for the thing `term` (a stem), or named a code and described as one of
/// that thing (`code`, "The ISO 3166-1 alpha-2 code of the country"), takes that thing's
/// two-letter code: its description writes one of `markers` or quotes a two-letter example in
/// capitals.
fn takes_code(p: &Param, term: &str, markers: &[&str]) -> bool {
    let described = p.description.to_lowercase();
    let name = text::terms(&p.name);
    (name.iter().any(|t| t == term)
        || (name == ["code"] && text::terms(&p.description).iter().any(|t| t == term)))
        && (markers.iter().any(|w| described.contains(w))
            || crate::query::quoted(&p.description).iter().any(|example| {
                example.len() == 2 && example.chars().all(|c| c.is_ascii_uppercase())
            }))
}

/// The code of the one country the request names ("France", "the UK"), with the words that
/// name it; `None` when it names none or several.
fn country_named(query: &Query) -> Option<(&'static str, String)> {
    named_once(query, |words| {
        // A code alone must be written in capitals ("US", not "us").
        let short = words.len() == 1 && words[0].len() <= 3;
        (!short || words[0].chars().all(|c| c.is_ascii_uppercase()))
            .then(|| text::places::country_code(&words.join(" ")))
            .flatten()
    })
}

/// The code of the one US state the request names in full ("California", "New York"), with the
/// words that name it; `None` when it names none or several.
fn us_state_named(query: &Query) -> Option<(&'static str, String)> {
    named_once(query, |words| {
        // A code alone ("OR", "IN") may be any word written in capitals.
        (words.len() > 1 || words[0].len() > 2)
            .then(|| text::places::us_state_code(&words.join(" ")))
            .flatten()
    })
}

/// The one code `code_of` gives a run of up to three capitalised words of the query, with the
/// words; `None` when none or several do.
fn named_once(
    query: &Query,
    code_of: impl Fn(&[String]) -> Option<&'static str>,
) -> Option<(&'static str, String)> {
    let tokens = &query.tokens;
    let mut found: Vec<(&'static str, String)> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let named = (1..=3).rev().find_map(|n| {
            let words = tokens.get(i..i + n)?;
            if !words[0].starts_with(char::is_uppercase) {
                return None;
            }
            code_of(words).map(|code| (code, n))
        });
        match named {
            Some((code, n)) => {
                if !found.iter().any(|(c, _)| *c == code) {
                    found.push((code, tokens[i..i + n].join(" ")));
                }
                i += n;
            }
            None => i += 1,
        }
    }
    match <[_; 1]>::try_from(found) {
        Ok([one]) => Some(one),
        Err(_) => None,
    }
}

/// Whether a parameter named `name` picks a sort of the thing its name names first
/// (`room_type`, `crime_kind`; [`SORT_WORDS`]).
///
/// [`SORT_WORDS`]: text::lexicon::SORT_WORDS
fn sorts_a_thing(name: &str) -> bool {
    let terms = text::terms(name);
    terms.len() >= 2
        && terms
            .last()
            .is_some_and(|t| text::lexicon::SORT_WORDS.contains(&t.as_str()))
}

/// The one plain word right before a query token that has a term of `about`, which is not
/// `own`, not already `used`, not the method's topic, not a verb or participle, not counted and
/// not a qualifier.
fn modifier_before(
    query: &Query,
    about: &HashSet<String>,
    own: &HashSet<String>,
    used: &HashSet<String>,
    topic: &HashMap<String, f64>,
) -> Option<String> {
    if about.is_empty() {
        return None;
    }
    let tokens = &query.tokens;
    let found: Vec<String> = (1..tokens.len())
        .filter(|&i| text::terms(&tokens[i]).iter().any(|t| about.contains(t)))
        .filter_map(|i| {
            let word = &tokens[i - 1];
            let lower = word.to_lowercase();
            let terms = text::terms(word);
            let plain = !word.is_empty() && word.chars().all(char::is_alphabetic);
            // A year or a span of years says which one as well ("the 2019-2020 season").
            let dated = word.len() >= 4
                && word
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '-' || c == '/')
                && word.chars().filter(char::is_ascii_digit).count() >= 4;
            let spoken = terms
                .iter()
                .any(|t| used.contains(t) || topic.contains_key(t) || own.contains(t));
            // A verb ("check weather"), a participle ("detailed information", "freezing point")
            // or a counted measure ("three star hotel") does not say what kind a thing is.
            // A word a determiner opens is a noun, whatever verb it can also be ("the orders
            // table").
            let determined = i >= 2
                && text::lexicon::DETERMINERS.contains(&tokens[i - 2].to_lowercase().as_str());
            let verb = (!determined
                && terms.first().is_some_and(|t| {
                    text::mutating_verb(t)
                        || text::lexicon::GENERIC_VERBS.contains(&t.as_str())
                        || text::lexicon::ASKING_VERBS.contains(&lower.as_str())
                }))
                || lower.ends_with("ing")
                || lower.ends_with("ed")
                || lower.ends_with("ly");
            let counted = i >= 2
                && (tokens[i - 2].chars().all(|c| c.is_ascii_digit())
                    || text::lexicon::number_value(&tokens[i - 2].to_ascii_lowercase()).is_some());
            let letter = one_letter(word);
            ((dated || (plain && (terms.len() == 1 || letter)))
                && !spoken
                && !verb
                && !counted
                && terms.first().is_none_or(|t| !text::chatter(t))
                && !text::lexicon::QUALIFIERS.contains(&lower.as_str()))
            .then(|| word.clone())
        })
        .collect();
    match found.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// The words following a mention of `p`'s name ("the function 3x^2 + 2x - 1" for `function`), up
/// to a connective or the end of the clause.
fn value_after_mention(p: &Param, query: &Query, used: &HashSet<String>) -> Option<String> {
    let mut own: HashSet<String> = text::terms(&p.name).into_iter().collect();
    // A name run into one word with its kind (`username`, `hostname`) is mentioned by the kind:
    // "the user pg".
    if let Some(kind) = p.name.to_lowercase().strip_suffix("name")
        && kind.len() >= 3
        && kind.chars().all(|c| c.is_ascii_lowercase())
    {
        own.extend(text::terms(kind));
    }
    let raw: Vec<&str> = query.text.split_whitespace().collect();
    // A quoted word is a value itself, not a mention of the parameter ("Move 'pointA' to ...").
    let at = raw.iter().position(|w| {
        !w.starts_with(['\'', '"', '“', '‘']) && text::terms(w).iter().any(|t| own.contains(t))
    })?;
    // What follows a mention written as an owner ("the team's current roster") is what it has,
    // not its value, unless it goes on with the parameter's own words ("the user's name is").
    let owner = raw[at].trim_end_matches(|c: char| !c.is_alphanumeric());
    let possessive = owner.ends_with("'s") || owner.ends_with("\u{2019}s");
    if possessive
        && raw
            .get(at + 1)
            .is_none_or(|next| !text::terms(next).iter().any(|t| own.contains(t)))
    {
        return None;
    }
    // A body of text ("a todo with content go to sleep at 9 pm") runs on to the end of its
    // sentence: its words are the user's, prepositions and times included.
    let body = own
        .iter()
        .any(|t| text::lexicon::BODY_FIELDS.contains(&t.as_str()));
    let mut value = Vec::new();
    let mut previous = String::new();
    for (k, w) in raw.iter().enumerate().skip(at + 1) {
        let bare = w.trim_matches(|c: char| !c.is_alphanumeric() && !"^+-*/=.()".contains(c));
        // A preposition of two words right after the mention ("What should I plant next to
        // them?") places something: the mention was a verb, and no value follows it.
        let opens_preposition = |next: &str| {
            text::lexicon::TWO_WORD_PREPOSITIONS
                .iter()
                .any(|(a, b)| bare.eq_ignore_ascii_case(a) && next.eq_ignore_ascii_case(b))
        };
        if !body && value.is_empty() && raw.get(k + 1).is_some_and(|n| opens_preposition(n)) {
            return None;
        }
        if !body
            && text::lexicon::VALUE_ENDS.contains(&bare.to_lowercase().as_str())
            && !value.is_empty()
        {
            break;
        }
        let lower = bare.to_lowercase();
        // A date is when, not what ("economy class on November 12th"): the value ends there.
        if !body && crate::when::is_date_word(bare) {
            break;
        }
        // A relative clause says something about the value once it has begun ("brownies which
        // prep time is under 30 minutes"): the value ends there.
        if !value.is_empty() && text::lexicon::RELATIVIZERS.contains(&lower.as_str()) {
            break;
        }
        // A verb of being right after the mention, or after one more word of what it names,
        // gives the value next ("the host address is http://plga.ca", "CIK number is 0001");
        // later, it opens a clause about the value, which ends there.
        if text::lexicon::BEING_VERBS.contains(&lower.as_str()) {
            // "if a word is a palindrome": what is said of one of a kind gives no value.
            let indefinite = at
                .checked_sub(1)
                .is_some_and(|i| matches!(raw[i].to_lowercase().as_str(), "a" | "an" | "any"));
            if value.is_empty() && indefinite {
                return None;
            }
            // One that ends the clause gives nothing after it ("does the user pg have?").
            if value.len() <= 1 && !w.ends_with(['?', '.', '!', ',']) {
                value.clear();
                continue;
            }
            break;
        }
        // "the projects that Adriel works on" says which projects, not a project's name; a
        // name written as one compound word right before the mention still names it ("the
        // e-commerce-website project that ...").
        if value.is_empty() && text::lexicon::RELATIVIZERS.contains(&lower.as_str()) {
            let before = at.checked_sub(1).map(|i| raw[i])?;
            let compound = before.len() > 2
                && before
                    .chars()
                    .all(|c| c.is_alphanumeric() || "-_".contains(c))
                && before.contains(['-', '_'])
                && !text::terms(before).iter().any(|t| used.contains(t));
            return compound.then(|| before.to_owned());
        }
        let lead = bare.is_empty()
            || (text::is_stopword(&lower) && !one_letter(bare))
            || (!one_letter(bare) && text::terms(bare).iter().all(|t| own.contains(t)));
        if !(value.is_empty() && lead) {
            // A phrase a demonstrative opens ("doing this season") refers to a thing without
            // writing it out: no value follows the mention. A possessive may open a name ("data
            // from our internal database"); a body of text is the user's words whatever it
            // points at.
            if !body
                && value.is_empty()
                && text::lexicon::DEMONSTRATIVES.contains(&previous.as_str())
            {
                return None;
            }
            value.push(*w);
        }
        previous = lower;
        if w.ends_with([',', ';', '?', '!']) || (w.ends_with('.') && !w.ends_with("..")) {
            break;
        }
    }
    let joined = value.join(" ");
    let joined = joined
        .trim_end_matches(['.', ',', ';', '?', '!'])
        .trim()
        .to_owned();
    let terms = text::terms(&joined);
    let named = !terms.is_empty() && !terms.iter().all(|t| used.contains(t));
    (named || one_letter(&joined)).then_some(joined)
}

/// The one phrase the query introduces with a preposition ("the boiling point of water",
/// "proteins in the plasma membrane") that nothing else explains: not the method's topic, not
/// words already bound, not the parameter's own words, not a number. A phrase opened by a word
/// of the method's topic is the topic ("the structure of a cell"), one opened by a verb's -ing
/// form is an action ("for activating the engine"); one opened by a possessive or
/// a pointing word ("for my trip", "of that event") refers to something unnamed. With two such
/// phrases, which one is the value is a guess, and none is taken. A parameter that takes a
/// proper name takes none, except that the name of a kind of thing (`drug_name`) takes one
/// common word the request asks about ("the side effects of ibuprofen").
fn introduced_phrase(
    p: &Param,
    query: &Query,
    used: &HashSet<String>,
    topic: &HashMap<String, f64>,
) -> Option<String> {
    let words = text::words(&p.name);
    // The name of a kind of thing (`drug_name`, `food_name`) may be common words ("the side
    // effects of ibuprofen", "150 grams of chicken breast"), though never a run of more than
    // three: that is a clause, not a name.
    let kind_name = kind_named(p).is_some();
    let takes_proper_names = direction(p).is_some()
        || identifier_of(p).is_some()
        || words.iter().any(|w| {
            text::lexicon::PROPER_VALUE_NAMES.contains(&w.as_str()) && !(kind_name && w == "name")
        });
    if takes_proper_names || p.temporal.is_some() {
        return None;
    }
    // Such a word is what the request asks about ("of ibuprofen", "for basil"), not any word
    // a preposition leads ("registered with id ...").
    let lead = |w: &str| {
        let w = phrase_word(w).to_lowercase();
        text::lexicon::VALUE_LEADS.contains(&w.as_str())
            && (!kind_name || text::lexicon::ABOUT_LEADS.contains(&w.as_str()))
    };
    let found = plain_phrases(p, query, used, topic, &lead, usize::MAX, false);
    if kind_name && found.iter().any(|f| f.split_whitespace().count() > 3) {
        return None;
    }
    only(found)
}

/// The one word a request writes that a parameter whose value is a word of language
/// ([`crate::schema::takes_words`]) can take when nothing introduces it ("What does ephemeral
/// mean?", "Define laconic"): no stop word, chatter, number or date, no word of the method's
/// topic (nor a form of one), of the parameter's own name or description, already bound, framing
/// the request, the verb it leads with, the word a question asks an attribute with, or one after
/// an article or a possessive. Only when
/// exactly one such word is left: with two, which one is meant is a guess.
fn lone_word(
    p: &Param,
    query: &Query,
    used: &HashSet<String>,
    topic: &HashMap<String, f64>,
) -> Option<String> {
    let own: HashSet<String> = text::terms(&format!("{} {}", p.name, p.description))
        .into_iter()
        .collect();
    let asking: HashSet<String> = query
        .attributes_asked()
        .into_iter()
        .map(|(word, _)| word)
        .collect();
    let mut found: Vec<(String, String)> = Vec::new();
    for (at, token) in query.tokens.iter().enumerate() {
        let word = phrase_word(token);
        let lower = word.to_lowercase();
        let [term] = &text::terms(&word)[..] else {
            continue;
        };
        // A word after an article or a possessive is a thing the request speaks of ("if a
        // word is a palindrome", "my essay"), not a word it cites.
        let determined = at > 0
            && text::lexicon::OBJECT_OPENERS
                .contains(&phrase_word(&query.tokens[at - 1]).to_lowercase().as_str());
        let frame = determined
            || text::is_stopword(&lower)
            || text::chatter(term)
            || word.chars().any(|c| c.is_ascii_digit())
            || crate::when::is_date_word(&word)
            || text::lexicon::RELATIVE_DAYS.contains(&lower.as_str())
            || own.contains(term)
            || used.contains(term)
            || asking.contains(term)
            || query.framing.contains(term)
            || query.requested.contains(term)
            || query.lead.as_ref() == Some(term)
            || topic.keys().any(|t| t == term || text::near_form(t, term));
        if !frame && !found.iter().any(|(t, _)| t == term) {
            found.push((term.clone(), word));
        }
    }
    match &found[..] {
        [(_, word)] => Some(word.clone()),
        _ => None,
    }
}

/// A query word without the punctuation around it (hyphens kept).
fn phrase_word(w: &str) -> String {
    w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-')
        .to_owned()
}

/// The phrases of plain words the query writes after each word `lead` accepts (past an article),
/// at most `most` words long, that could be `p`'s value: no stop words, numbers, amounts, dates or
/// relative days, no word already bound, of the parameter's own name or description, or chatter
/// (nor, with `end_at_qualifier`, a word that rates or dates: "the last", "in detail"), and not
/// opening with a word of the method's topic or an action ("for activating the engine": a
/// phrase starts at a thing).
fn plain_phrases(
    p: &Param,
    query: &Query,
    used: &HashSet<String>,
    topic: &HashMap<String, f64>,
    lead: &dyn Fn(&str) -> bool,
    most: usize,
    end_at_qualifier: bool,
) -> Vec<String> {
    let own: HashSet<String> = text::terms(&format!("{} {}", p.name, p.description))
        .into_iter()
        .collect();
    let reading = Reading {
        lead,
        past_determiner: true,
        most,
        resume_after_phrase: true,
    };
    reading.phrases(&query.text, |w, taken| {
        let word = phrase_word(w);
        let lower = word.to_lowercase();
        let terms = text::terms(&word);
        if terms.is_empty()
            || word.chars().any(|c| c.is_ascii_digit())
            || text::is_stopword(&lower)
            || text::lexicon::AMOUNT_QUALIFIERS.contains(&lower.as_str())
            || crate::when::is_date_word(&word)
            || text::lexicon::RELATIVE_DAYS.contains(&lower.as_str())
            || (end_at_qualifier && text::lexicon::QUALIFIERS.contains(&lower.as_str()))
        {
            return Step::End;
        }
        let fresh = terms
            .iter()
            .all(|t| !used.contains(t) && !own.contains(t) && !text::chatter(t));
        let opens = terms.iter().all(|t| !topic.contains_key(t)) && !lower.ends_with("ing");
        if !fresh || (taken == 0 && !opens) {
            return Step::End;
        }
        Step::Take(word)
    })
}

/// The phrase the query writes in the slot the method's description gives `p`: after the same
/// preposition ([`Param::introduced_by`]: "the average price and ratings *of* piano *from*
/// Yamaha" for "… of an instrument from a particular manufacturer"), up to four words that are
/// not stop words, numbers, dates, words already bound, the parameter's own or chatter, and
/// that do not open with a word of the method's topic. Only when the query writes exactly one
/// such phrase; never for a place that points one way, a moment or an identifier, which have
/// rules of their own.
fn slot_phrase(
    p: &Param,
    query: &Query,
    used: &HashSet<String>,
    topic: &HashMap<String, f64>,
) -> Option<String> {
    let lead_word = p.introduced_by.as_deref()?;
    if direction(p).is_some() || identifier_of(p).is_some() || p.temporal.is_some() {
        return None;
    }
    let lead = |w: &str| phrase_word(w).eq_ignore_ascii_case(lead_word);
    let found = plain_phrases(p, query, used, topic, &lead, 4, true);
    // A phrase that cuts a name short ("Premier" of "Premier League") or one that heads a phrase
    // of its own ("on the basis of rating") is not the value; one that holds a whole name and
    // more ("ATP synthase") may be.
    let entities = query.entities();
    only(found).filter(|phrase| {
        let words: HashSet<String> = text::terms(phrase).into_iter().collect();
        let inside_name = entities.iter().any(|e| {
            let name = text::terms(e);
            name.iter().any(|t| words.contains(t)) && !name.iter().all(|t| words.contains(t))
        });
        let heads = query
            .text
            .split_whitespace()
            .collect::<Vec<_>>()
            .windows(2)
            .any(|w| {
                phrase_word(w[0]) == *phrase.split_whitespace().last().unwrap_or_default()
                    && w[1].eq_ignore_ascii_case("of")
            });
        !inside_name && !heads
    })
}

/// A place the query writes in lower case after "in", "near" or "around" ("a therapist in
/// berkeley", "a movie in mountain view"), for a place parameter when the query writes no name
/// at all: up to three plain words, ending at the clause's end, a stop word, a date word or a
/// qualifier; none of them chatter, a word the method is about, one already bound or one the
/// preposition makes an idiom with ("in advance": [`text::lexicon::NOT_PLACES`]). Only when the
/// query writes exactly one. Failing that, one written after "of" or "at" that the place table
/// knows by that name ("the weather of nyc").
fn place_written_plain(
    query: &Query,
    used: &HashSet<String>,
    topic: &HashMap<String, f64>,
) -> Option<String> {
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    let read = |leads: &[&str]| {
        let reading = Reading {
            lead: &|w| leads.contains(&bare(w).as_str()),
            past_determiner: false,
            most: 3,
            resume_after_phrase: false,
        };
        reading.phrases(&query.text, |next, _| plain_place_word(next, used, topic))
    };
    // After "of" or "at" ("the weather of nyc"), only a place the table knows by that name.
    only(read(&["in", "near", "around"])).or_else(|| {
        only(
            read(&["of", "at"])
                .into_iter()
                .filter(|p| {
                    text::places::city(p).is_some() || text::places::city_nickname(p).is_some()
                })
                .collect(),
        )
    })
}

/// What one word does to a place written plain ([`place_written_plain`]): a stop word or a
/// date ends the place ("in berkeley for my family", "in oslo tomorrow"); a word the method is
/// about, a name or a number makes it no place.
fn plain_place_word(next: &str, used: &HashSet<String>, topic: &HashMap<String, f64>) -> Step {
    let word = next
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    let terms = text::terms(&word);
    let plain = !word.is_empty() && word.chars().all(char::is_alphabetic);
    let telling = terms.len() == 1
        && !used.contains(&terms[0])
        && !topic.contains_key(&terms[0])
        && !text::chatter(&terms[0]);
    if text::is_stopword(&word)
        || crate::when::is_date_word(&word)
        || text::lexicon::RELATIVE_DAYS.contains(&word.as_str())
        || text::lexicon::QUALIFIERS.contains(&word.as_str())
    {
        return Step::End;
    }
    if !plain
        || !telling
        || next.chars().next().is_some_and(char::is_uppercase)
        || text::lexicon::NOT_PLACES.contains(&word.as_str())
    {
        return Step::Drop;
    }
    Step::Take(word)
}

/// The examples a description gives after "e.g.", "for example" or "such as", each up to the
/// next comma, "or", bracket or full stop: "Department, e.g. Physics" gives Physics.
fn described_examples(description: &str) -> Vec<String> {
    static EXAMPLES: OnceLock<regex::Regex> = OnceLock::new();
    let re = EXAMPLES.get_or_init(|| {
        regex::Regex::new(r"(?i)\b(?:e\.g\.?|for example|such as)[:,]?\s+([^.;()]+)")
            .expect("the examples pattern compiles")
    });
    let quoted = quoted_examples();
    re.captures_iter(description)
        .flat_map(|c| {
            // Quoted examples are whole as quoted ("'Berkeley, CA' or 'New York, NY'").
            let inside: Vec<String> = quoted
                .captures_iter(&c[1])
                .map(|q| q[1].trim().to_owned())
                .collect();
            if !inside.is_empty() {
                return inside;
            }
            c[1].split([','])
                .flat_map(|part| part.split(" or "))
                .map(|e| e.trim().trim_matches(['\'', '"', '`']).to_owned())
                .filter(|e| !e.is_empty() && e.split_whitespace().count() <= 3)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A value written in quotes.
fn quoted_examples() -> &'static regex::Regex {
    static QUOTED: OnceLock<regex::Regex> = OnceLock::new();
    QUOTED.get_or_init(|| {
        regex::Regex::new(r#"['"`]([^'"`]{1,40})['"`]"#).expect("the quoted pattern compiles")
    })
}

/// The one item of `found`, if it holds exactly one: with two, which is meant is a guess.
fn only<T>(mut found: Vec<T>) -> Option<T> {
    (found.len() == 1).then(|| found.remove(0))
}

/// What a word does to the phrase being read after a lead word.
enum Step {
    /// It belongs to the phrase, as this.
    Take(String),
    /// The phrase ends before it.
    End,
    /// It shows the words read are no phrase of the kind sought.
    Drop,
}

/// How to read the phrases a query opens with lead words ("the boiling point *of* water", "a
/// therapist *in* berkeley").
struct Reading<'a> {
    /// Whether a whitespace token is a lead word.
    lead: &'a dyn Fn(&str) -> bool,
    /// Whether an article right after the lead is passed over ("of *the* water").
    past_determiner: bool,
    /// Words a phrase holds at most.
    most: usize,
    /// Whether reading resumes after a phrase, so that a lead inside one opens none of its own,
    /// rather than at the next word.
    resume_after_phrase: bool,
}

impl Reading<'_> {
    /// The phrases of `text`, in order: after each lead that does not end its clause, the words
    /// `step` takes (it is told how many are taken so far) until it ends the phrase or drops it,
    /// the clause ends or the phrase is `most` words long.
    fn phrases(&self, text: &str, mut step: impl FnMut(&str, usize) -> Step) -> Vec<String> {
        let raw: Vec<&str> = text.split_whitespace().collect();
        let mut found = Vec::new();
        let mut i = 0;
        while i < raw.len() {
            if !(self.lead)(raw[i]) || ends_with_clause_mark(raw[i]) {
                i += 1;
                continue;
            }
            let mut j = i + 1;
            if self.past_determiner
                && raw.get(j).is_some_and(|w| {
                    let bare = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
                    text::lexicon::DETERMINERS.contains(&bare.to_lowercase().as_str())
                })
            {
                j += 1;
            }
            let mut words: Vec<String> = Vec::new();
            while let Some(w) = raw.get(j) {
                match step(w, words.len()) {
                    Step::End => break,
                    Step::Drop => {
                        words.clear();
                        break;
                    }
                    Step::Take(word) => words.push(word),
                }
                j += 1;
                if ends_with_clause_mark(w) || words.len() == self.most {
                    break;
                }
            }
            if !words.is_empty() {
                found.push(words.join(" "));
            }
            i = if self.resume_after_phrase {
                j.max(i + 1)
            } else {
                i + 1
            };
        }
        found
    }
}

/// The candidate name closest to a mention of `p`'s own words, within [`Weights::near_tokens`] tokens.
fn nearest_entity(p: &Param, query: &Query, candidates: &[String]) -> Option<String> {
    let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
    let mentions = query.mentions(&own);
    candidates
        .iter()
        .filter_map(|c| {
            let at = query.position_of(c)?;
            mentions
                .iter()
                .map(|m| m.abs_diff(at))
                .min()
                .filter(|d| *d <= Weights::DEFAULT.near_tokens)
                .map(|d| (d, c))
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c.clone())
}

/// The number for a required numeric parameter: the unused number nearest to a mention of the
/// parameter's own words ("wait up to 600 seconds" for a `time` parameter described as "maximum
/// wait time"); failing that, the lone unused number for the lone numeric parameter, or the
/// number in the same position when numbers and unbound numeric parameters pair up one to one.
/// The quantity for number parameter `p` and its position: one written in the unit the
/// parameter is measured in ("6 hours" for "Total duration in hours"), else the nearest to a word
/// of its own name or description ("for 5 years" for `time_in_years`), never one written in
/// another open parameter's unit; else, when the open number parameters and the quantities are as
/// many, the one in the same place in order. A number written as a word counts only right beside
/// a word of the parameter's that no other open parameter shares ("two nights" for `nights`;
/// "one" is too often not a number, "three sides" names no side).
fn pick_number(
    p: &Param,
    params: &[Param],
    query: &Query,
    used_tokens: &HashSet<String>,
    used_numbers: &HashSet<usize>,
    bound: &Map<String, Value>,
) -> Option<(usize, f64)> {
    let numbers: Vec<(usize, String, f64)> = query
        .numbers_at()
        .into_iter()
        .filter(|(i, t, _)| !used_numbers.contains(i) && !used_tokens.contains(t))
        // "7 liters per 100 km": what a rate is per is part of its unit, no value.
        .filter(|(i, _, _)| !per_unit(query, *i))
        // "456 Elm St": a number followed by a name of two or more words is part of it, not a
        // quantity ("5 Ampere" is a quantity, and so is "20000 Japanese Yen", whose words are
        // already taken as a currency).
        .filter(|(i, _, _)| {
            let capital = |k: usize| {
                query.tokens.get(k).is_some_and(|n| {
                    n.chars().next().is_some_and(char::is_uppercase) && !used_tokens.contains(n)
                })
            };
            !(capital(i + 1) && capital(i + 2))
        })
        .collect();
    let words: Vec<(usize, f64)> = query
        .number_words_at()
        .into_iter()
        .filter(|(i, _)| !used_numbers.contains(i))
        .collect();
    let open: Vec<&Param> = params
        .iter()
        .filter(|q| {
            q.required
                && matches!(q.kind.as_deref(), Some("integer" | "number"))
                && !bound.contains_key(&q.name)
        })
        .collect();
    // Each number parameter's words, and the unit it is measured in: the words after "in" in
    // its name or description ("Total duration in hours", `time_in_years`, "The mass in kg").
    struct Quantity<'p> {
        name: &'p str,
        terms: HashSet<String>,
        unit: HashSet<String>,
        /// What its name says it measures (`height`: a length).
        dimension: Option<&'static str>,
    }
    let quantities: Vec<Quantity> = params
        .iter()
        .filter(|q| matches!(q.kind.as_deref(), Some("integer" | "number")))
        .map(|q| {
            let words = text::words(&format!("{} . {}", q.name, q.description));
            Quantity {
                name: &q.name,
                terms: text::terms(&format!("{} {}", q.name, q.description))
                    .into_iter()
                    .collect(),
                unit: words
                    .iter()
                    .enumerate()
                    .filter(|(_, w)| *w == "in")
                    .flat_map(|(i, _)| words.iter().skip(i + 1).take(2))
                    .flat_map(|w| text::terms(w))
                    .collect(),
                dimension: dimension_named(&q.name),
            }
        })
        .collect();
    let mine = quantities.iter().find(|q| q.name == p.name)?;
    let is_open = |q: &Quantity| open.iter().any(|o| o.name == q.name);
    // Two numbers written as a pair ("near 48.137, 11.575", "at 40.71,-74.00") where the method
    // takes a latitude and a longitude are the one and the other, in that order, whatever other
    // numbers the request writes.
    if let Some(axis) = coordinate_axis(&p.name)
        && params
            .iter()
            .any(|q| coordinate_axis(&q.name) == Some(1 - axis))
        && let Some(pair) = coordinate_pair(query, &query.numbers_at())
        && !used_numbers.contains(&pair[axis].0)
    {
        return Some(pair[axis]);
    }
    // A quantity in a unit of some dimension ("5 seconds", "100 m", "0°C") goes to the open
    // parameters whose names name that dimension (`time`, `height`, `initial_temperature`), the
    // first written to the first declared, when they are as many.
    if let Some(d) = mine.dimension {
        let peers: Vec<&str> = quantities
            .iter()
            .filter(|q| !bound.contains_key(q.name) && q.dimension == Some(d))
            .map(|q| q.name)
            .collect();
        let written: Vec<(usize, f64)> = numbers
            .iter()
            .filter(|(i, _, _)| dimension_at(query, *i) == Some(d))
            .map(|(i, _, v)| (*i, *v))
            .collect();
        if written.len() == peers.len()
            && let Some(k) = peers.iter().position(|n| *n == p.name)
        {
            return Some(written[k]);
        }
    }
    // Words of its own that no other number parameter shares, bound or not: "side" names none
    // of `side1`, `side2`, `side3`.
    let distinctive: HashSet<String> = mine
        .terms
        .iter()
        .filter(|t| {
            !quantities
                .iter()
                .any(|q| q.name != p.name && q.terms.contains(*t))
        })
        .cloned()
        .collect();
    let (near_distinctive, near_any) = (query.mentions(&distinctive), query.mentions(&mine.terms));
    // Words of its own name that no sibling shares ("radius" of `radius`), where a number word
    // beside them gives it.
    let near_own = query.mentions(
        &text::terms(&p.name)
            .into_iter()
            .filter(|t| distinctive.contains(t))
            .collect(),
    );
    // The unit written with the quantity at `at`: fused ("1kg") or the next word ("6 hours").
    let unit_of = |at: usize| -> HashSet<String> {
        let fused = query.tokens.get(at).map(|t| fused_unit(t));
        fused
            .into_iter()
            .chain(query.tokens.get(at + 1).map(String::as_str))
            .flat_map(text::terms)
            .collect()
    };
    let measured = |q: &Quantity, unit: &HashSet<String>| q.unit.iter().any(|t| unit.contains(t));
    // A number and a mention a comma parts are in different clauses: "a return of 8%, an
    // initial investment of $20000" gives the investment no 8.
    let breaks = query.clause_breaks();
    let parted = |m: usize, at: usize| (m.min(at)..m.max(at)).any(|k| breaks.contains(&k));
    let distance = |mentions: &[usize], at: usize| {
        mentions
            .iter()
            .filter(|m| !parted(**m, at))
            .map(|m| m.abs_diff(at))
            .min()
    };
    // A quantity written in the unit a parameter is measured in is that parameter's outright,
    // and no other open one's; else it is the parameter's whose words are near it (for a number
    // written as a word, right beside it and a word no sibling shares).
    let claim = |at: usize, word: bool| -> Option<usize> {
        // A quantity of one dimension is not a parameter's that names another, nor anyone's
        // while an open parameter names its own ("100 m" is the height's, not the velocity's).
        if let Some(d) = dimension_at(query, at)
            && (mine.dimension.is_some_and(|own| own != d)
                || quantities
                    .iter()
                    .any(|q| q.name != p.name && is_open(q) && q.dimension == Some(d)))
        {
            return None;
        }
        let unit = unit_of(at);
        let another = quantities
            .iter()
            .any(|q| q.name != p.name && is_open(q) && measured(q, &unit));
        if another {
            return None;
        }
        if measured(mine, &unit) {
            return Some(0);
        }
        if !word {
            return distance(&near_any, at).filter(|d| *d <= Weights::DEFAULT.near_tokens);
        }
        // A number word beside a word of the description counts that thing ("two circles"):
        // any number written near the parameter comes first.
        distance(&near_own, at).filter(|d| *d <= 1).or_else(|| {
            distance(&near_distinctive, at)
                .filter(|d| *d <= 1)
                .map(|d| d + Weights::DEFAULT.near_tokens + 1)
        })
    };
    // A number word joined to what it counts ("two-bedroom") is the parameter's when that is a
    // word of its own that no sibling shares, and nobody's otherwise.
    let hyphened = query
        .hyphened_counts_at()
        .into_iter()
        .filter(|(i, _, counted)| {
            !used_numbers.contains(i)
                && !counted.is_empty()
                && counted.iter().all(|t| distinctive.contains(t))
        })
        .map(|(i, v, _)| (0, i, v));
    let nearest = numbers
        .iter()
        .filter_map(|(i, _, v)| claim(*i, false).map(|d| (d, *i, *v)))
        .chain(
            words
                .iter()
                .filter_map(|(i, v)| claim(*i, true).map(|d| (d, *i, *v))),
        )
        .chain(hyphened)
        .min_by_key(|(d, i, _)| (*d, *i));
    if let Some((_, i, v)) = nearest {
        return Some((i, v));
    }
    // In order, a quantity written in a unit that an optional number parameter still unbound
    // measures ("within 10 km" of `radiusKm`) is that one's, and takes no place among the
    // required ones ("52.52, 13.405" are the latitude and the longitude).
    let optional_dimensions: Vec<&str> = params
        .iter()
        .filter(|q| !q.required && !bound.contains_key(&q.name))
        .filter_map(|q| quantities.iter().find(|o| o.name == q.name)?.dimension)
        .collect();
    let in_order: Vec<&(usize, String, f64)> = numbers
        .iter()
        .filter(|(i, _, _)| {
            dimension_at(query, *i)
                .is_none_or(|d| mine.dimension == Some(d) || !optional_dimensions.contains(&d))
        })
        .collect();
    if !in_order.is_empty() && open.len() == in_order.len() {
        let position = open.iter().position(|q| q.name == p.name)?;
        let (i, _, v) = in_order[position];
        return Some((*i, *v));
    }
    // With no number written in digits, numbers written as words stand in for them the same
    // way ("a ninety dollar transaction"), all but "one", which is too often not a number.
    let counted: Vec<&(usize, f64)> = words.iter().filter(|(_, v)| *v != 1.0).collect();
    if numbers.is_empty() && !counted.is_empty() && open.len() == counted.len() {
        let position = open.iter().position(|q| q.name == p.name)?;
        let (i, v) = counted[position];
        return Some((*i, *v));
    }
    None
}

/// Whether `p` is a string identifying one thing (`station_id`, `orderId`) whose description
/// gives examples, each with a digit ("e.g. EVS-20931").
fn identifier_with_digits(p: &Param) -> bool {
    let examples = described_examples(&p.description);
    p.kind.as_deref().is_none_or(|k| k == "string")
        && p.choices.is_empty()
        && matches!(identifier_of(p), Some(Identifier::Id))
        && !examples.is_empty()
        && examples
            .iter()
            .all(|e| e.chars().any(|c| c.is_ascii_digit()))
}

/// Which coordinate a number parameter is, by the last word of its name: 0 for a latitude
/// (`lat`, `latitude`), 1 for a longitude (`lon`, `lng`, `longitude`).
fn coordinate_axis(name: &str) -> Option<usize> {
    let last = text::words(name).pop()?.to_lowercase();
    if text::lexicon::LATITUDE_WORDS.contains(&last.as_str()) {
        Some(0)
    } else if text::lexicon::LONGITUDE_WORDS.contains(&last.as_str()) {
        Some(1)
    } else {
        None
    }
}

/// The one pair of numbers `query` writes side by side with a comma between them, each a
/// possible coordinate (a latitude within 90 degrees, a longitude within 180) and at least one
/// with decimals: a point, latitude first.
fn coordinate_pair(query: &Query, numbers: &[(usize, String, f64)]) -> Option<[(usize, f64); 2]> {
    let squashed: String = query.text.chars().filter(|c| !c.is_whitespace()).collect();
    let pairs: Vec<[(usize, f64); 2]> = numbers
        .windows(2)
        .filter(|w| {
            let ((i, a, x), (j, b, y)) = (&w[0], &w[1]);
            *j == i + 1
                && x.abs() <= 90.0
                && y.abs() <= 180.0
                && (a.contains('.') || b.contains('.'))
                && squashed.contains(&format!(
                    "{},{}",
                    a.trim_end_matches(','),
                    b.trim_end_matches(',')
                ))
        })
        .map(|w| [(w[0].0, w[0].2), (w[1].0, w[1].2)])
        .collect();
    only(pairs)
}

/// The mathematical expressions `text` writes, in order, each with the query tokens it takes: a
/// run of words with an operator and a variable ("3x^2", "y=3x+2", "3x^2 + 2x - 4"), without
/// what an `=` assigns it to ("f(x) = 3x^2" gives "3x^2"). "x=1" sets a value, no expression.
fn statement_written(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_ascii_alphanumeric())
            .to_owned()
    };
    // An opening keyword in capitals, or in any case when a FROM follows it ("select name from
    // users"): "select the top rows" is English.
    let at = words.iter().enumerate().position(|(i, w)| {
        let b = bare(w);
        text::lexicon::READING_STATEMENTS.contains(&b.to_ascii_uppercase().as_str())
            && (b.chars().all(|c| c.is_ascii_uppercase())
                || words[i + 1..]
                    .iter()
                    .any(|w| bare(w).eq_ignore_ascii_case("from")))
    })?;
    let statement = words[at..]
        .join(" ")
        .trim_start_matches(['`', '\'', '"'])
        .trim_end_matches(['?', '.', '!', '`', '\'', '"', ' '])
        .to_owned();
    (statement.split_whitespace().count() >= 2).then_some(statement)
}

fn expressions_written(text: &str) -> Vec<(String, Vec<String>)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let operator = |w: &str| matches!(w, "+" | "-" | "*" | "/" | "^");
    let term = |w: &str| {
        !w.is_empty()
            && w.len() <= 12
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || "^*/+-().".contains(c))
            && w.chars().any(|c| c.is_ascii_alphanumeric())
    };
    let mathy = |w: &str| {
        let body = w.rsplit('=').next().unwrap_or(w);
        term(body)
            && body.chars().any(|c| c.is_ascii_alphabetic())
            && (body.contains(['^', '*', '/', '+']) || (w.contains('=') && body.len() > 1))
            && body.parse::<f64>().is_err()
    };
    let trim = |w: &str| {
        w.trim_end_matches(|c: char| ",.;:?!".contains(c))
            .to_owned()
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let first = trim(words[i]);
        if !mathy(&first) {
            i += 1;
            continue;
        }
        let mut parts = vec![first.rsplit('=').next().unwrap_or(&first).to_owned()];
        let mut tokens = vec![text::token(words[i])];
        let mut j = i + 1;
        // "3x^2 + 2x - 4": an operator and a term continue it, until the clause ends.
        while !words[j - 1].ends_with([',', '.', ';', '?', '!'])
            && j + 1 < words.len()
            && operator(words[j])
            && term(&trim(words[j + 1]))
        {
            parts.push(words[j].to_owned());
            parts.push(trim(words[j + 1]));
            tokens.push(text::token(words[j + 1]));
            j += 2;
        }
        out.push((parts.join(" "), tokens));
        i = j;
    }
    out
}

/// `v` as `p`'s type: an integer parameter takes no fraction.
/// `v` as an item of list parameter `p`: an integer list takes no fraction.
fn typed_item(p: &Param, v: f64) -> Option<Value> {
    match p.item_kind.as_deref() {
        Some("integer") => (v.fract() == 0.0).then(|| Value::from(v as i64)),
        _ => serde_json::Number::from_f64(v).map(Value::Number),
    }
}

/// A whitespace word cut where a clause ends inside it with no space after ("time.will" →
/// "time.", "will"); a decimal ("4.5") stays whole.
fn clause_pieces(word: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    for k in 1..chars.len() {
        let (i, c) = chars[k];
        if matches!(chars[k - 1].1, '.' | '?' | '!' | ';' | ',') && c.is_alphabetic() {
            out.push(&word[start..i]);
            start = i;
        }
    }
    out.push(&word[start..]);
    out
}

/// The words of a flag's name that say what it is about, not how it acts (`include_dissent` →
/// "dissent").
fn flag_words(p: &Param) -> HashSet<String> {
    let own: HashSet<String> = text::terms(&p.name)
        .into_iter()
        .filter(|t| !text::lexicon::FLAG_VERBS.contains(&t.as_str()))
        .collect();
    // The attribute's word beside its value's (`private_visibility`) names nothing of its own.
    let valued: HashSet<String> = own
        .iter()
        .filter(|t| !text::lexicon::FLAG_ATTRIBUTES.contains(&t.as_str()))
        .cloned()
        .collect();
    if valued.is_empty() { own } else { valued }
}

/// What a flag's description says it asserts, as terms: the words after the verb of its
/// "whether" or "if" clause, up to the clause's end or an "or" ("whether the attraction is
/// suitable for children" asserts "suitable for children"; "if the transaction should be
/// private (true) or public (false)", "private"). Empty where the description has no such
/// clause.
fn asserted_words(description: &str) -> HashSet<String> {
    let lower = description.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some(open) = words.iter().position(|w| {
        matches!(
            w.trim_matches(|c: char| !c.is_alphanumeric()),
            "whether" | "if"
        )
    }) else {
        return HashSet::new();
    };
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_owned();
    let verb = |w: &str| {
        text::lexicon::BEING_VERBS.contains(&bare(w).as_str())
            || text::lexicon::MODALS.contains(&bare(w).as_str())
    };
    let clause = words[open + 1..]
        .iter()
        .position(|w| w.ends_with([',', '.', ';', ':']))
        .map_or(words.len(), |end| open + 2 + end);
    let Some(at) = words[open + 1..clause].iter().position(|w| verb(w)) else {
        return HashSet::new();
    };
    // A passive ("should be listed", "is hidden") asserts an action on the subject, not a
    // quality a request would name.
    let predicate = words[open + 1 + at..]
        .iter()
        .map(|w| bare(w))
        .find(|w| !verb(w) && w != "be" && w != "not");
    if predicate.is_some_and(|w| {
        w.ends_with("ed") || text::lexicon::IRREGULAR_PARTICIPLES.contains(&w.as_str())
    }) {
        return HashSet::new();
    }
    let mut asserted = HashSet::new();
    for w in &words[open + 1 + at..] {
        let word = bare(w);
        if word == "or" || w.starts_with('(') {
            break;
        }
        if !verb(w) && word != "be" {
            asserted.extend(text::terms(&word));
        }
        if w.ends_with([',', '.', ';', ':']) {
            break;
        }
    }
    asserted
}

/// Whether the number at token `at` is written as a percentage ("5%", "5 percent").
fn written_as_percent(query: &Query, at: usize) -> bool {
    query.tokens.get(at).is_some_and(|t| t.ends_with('%'))
        || query
            .tokens
            .get(at + 1)
            .is_some_and(|t| text::lexicon::PERCENT_WORDS.contains(&t.to_lowercase().as_str()))
}

/// Whether `p` takes a share as a fraction (5% as 0.05): its description says it is a decimal
/// or a fraction, or its name is a rate, a return or a yield, as programs write them; never
/// when its name or description says it is a percentage.
fn takes_fraction(p: &Param) -> bool {
    let described = p.description.to_lowercase();
    let own = text::terms(&p.name);
    if described.contains("percent") || own.iter().any(|t| t.starts_with("percent")) {
        return false;
    }
    described.contains("decimal")
        || described.contains("fraction")
        || own
            .iter()
            .any(|t| text::lexicon::FRACTION_FIELDS.contains(&t.as_str()))
}

fn typed_number(p: &Param, v: f64) -> Option<Value> {
    match p.kind.as_deref() {
        Some("integer") => (v.fract() == 0.0).then(|| Value::from(v as i64)),
        // A year a text parameter takes ("2022" for a string `year`).
        Some("string") | None => (v.fract() == 0.0).then(|| Value::String((v as i64).to_string())),
        _ => serde_json::Number::from_f64(v).map(Value::Number),
    }
}

/// Whether `p` is named for a year (`year`, `release_year`) or a season, which a year names:
/// a number, whatever its type.
fn names_a_year(p: &Param) -> bool {
    text::terms(&p.name)
        .last()
        .is_some_and(|t| t == "year" || t == "season")
}

/// The end of a range a number parameter bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RangeEnd {
    Start,
    End,
}

/// Which end of a range `p` bounds: what the words of its name say (`min_price`, `_from`, `to`),
/// else its description when it names one end only ("The lower bound of the integration"), its
/// prepositions left out there as prose ("The function to be integrated").
fn range_end(p: &Param) -> Option<RangeEnd> {
    let side = |words: Vec<String>, prose: bool| {
        let names = |list: &[&str]| {
            words.iter().any(|w| {
                list.contains(&w.as_str())
                    && !(prose && text::lexicon::RANGE_PREPOSITIONS.contains(&w.as_str()))
            })
        };
        match (
            names(text::lexicon::RANGE_STARTS),
            names(text::lexicon::RANGE_ENDS),
        ) {
            (true, false) => Some(RangeEnd::Start),
            (false, true) => Some(RangeEnd::End),
            _ => None,
        }
    };
    side(text::words(&p.name), false).or_else(|| side(text::words(&p.description), true))
}

/// Whether the query's token at `at`, lower-cased, is one of `list`.
fn word_in(query: &Query, at: usize, list: &[&str]) -> bool {
    query
        .tokens
        .get(at)
        .is_some_and(|t| list.contains(&t.to_lowercase().as_str()))
}

/// The end of a range the words before the number at `at` make it: "over 4", "at least 3" and
/// "more than 2" a low end; "under $100", "at most 3", "up to 5" and "less than 30" a high end
/// ("no more than 5" too).
fn bound_written(query: &Query, at: usize) -> Option<RangeEnd> {
    // The measure may stand between the cue and its number ("above magnitude 6", "stronger
    // than magnitude 7"): one plain word that is no cue itself.
    let cue = |k: usize| {
        word_in(query, k, text::lexicon::AT_LEAST_CUES)
            || word_in(query, k, text::lexicon::AT_MOST_CUES)
            || word_in(query, k, &["than"])
    };
    let measure_between = at.checked_sub(1).is_some_and(|k| {
        query.tokens[k].chars().all(|c| c.is_ascii_alphabetic())
            && !text::is_stopword(&query.tokens[k].to_lowercase())
            && !cue(k)
            && k.checked_sub(1).is_some_and(cue)
    });
    let at = if measure_between { at - 1 } else { at };
    let before = |back: usize| at.checked_sub(back);
    let is = |back: usize, list: &[&str]| before(back).is_some_and(|k| word_in(query, k, list));
    let denied = |back: usize| is(back, text::lexicon::BOUND_DENIALS);
    let (side, negated) = if is(1, text::lexicon::AT_LEAST_CUES) {
        (RangeEnd::Start, denied(2))
    } else if is(1, text::lexicon::AT_MOST_CUES) {
        (RangeEnd::End, denied(2))
    } else if is(1, &["to"]) && is(2, &["up"]) {
        (RangeEnd::End, false)
    } else if !is(1, &["than"]) {
        return None;
    } else if is(2, text::lexicon::MORE_THAN) {
        (RangeEnd::Start, denied(3))
    } else if is(2, text::lexicon::LESS_THAN) {
        (RangeEnd::End, denied(3))
    } else {
        return None;
    };
    Some(match (side, negated) {
        (RangeEnd::Start, true) => RangeEnd::End,
        (RangeEnd::End, true) => RangeEnd::Start,
        (side, false) => side,
    })
}

/// A currency the query names: its code (lower case), the tokens that name it, and whether "to",
/// "into" or "in" comes right before it.
pub(crate) struct CurrencyMention {
    code: &'static str,
    tokens: Vec<String>,
    after_to: bool,
    /// Whether an amount comes right before it ("500 US dollars"): the currency of that amount.
    after_amount: bool,
    /// The token of that amount.
    amount: Option<String>,
}

impl CurrencyMention {
    /// The terms of the words that name it.
    pub(crate) fn terms(&self) -> Vec<String> {
        self.tokens.iter().flat_map(|t| text::terms(t)).collect()
    }

    /// The terms of the sum of money it writes with the amount before it ("100 dollars"), if it
    /// follows one.
    pub(crate) fn sum_terms(&self) -> Vec<String> {
        match &self.amount {
            Some(amount) => text::terms(amount)
                .into_iter()
                .chain(self.terms())
                .collect(),
            None => Vec::new(),
        }
    }
}

/// The distinct currencies the query names, in order: by name ("euros", "US dollars"), by code
/// (`USD`) or by the sign before an amount (`€200`).
pub(crate) fn currencies_named(query: &Query) -> Vec<CurrencyMention> {
    let tokens = &query.tokens;
    // Where the query writes an amount, in digits or in words.
    let amounts: HashSet<usize> = query
        .numbers_at()
        .into_iter()
        .map(|(at, _, _)| at)
        .chain(query.number_words_at().into_iter().map(|(at, _)| at))
        .collect();
    let mut out: Vec<CurrencyMention> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let lower = |k: usize| tokens.get(k).map(|t| t.to_lowercase());
        let by_name = |n: usize| {
            let phrase = (i..i + n).map(lower).collect::<Option<Vec<_>>>()?.join(" ");
            text::lexicon::CURRENCY_NAMES
                .iter()
                .find(|(name, _)| *name == phrase)
                .map(|(_, code)| (*code, n))
        };
        let token = &tokens[i];
        // A pair of codes written with a slash ("EUR/JPY") names the base currency, then the
        // one it is quoted in.
        let code_of = |c: &str| {
            text::lexicon::CURRENCIES
                .iter()
                .find(|(code, _)| c.len() == 3 && c == code.to_uppercase())
                .map(|(code, _)| *code)
        };
        if let Some((base, quote)) = token.split_once('/')
            && let (Some(base), Some(quote)) = (code_of(base), code_of(quote))
            && base != quote
            && !out.iter().any(|c| c.code == base || c.code == quote)
        {
            for (code, after_to) in [(base, false), (quote, true)] {
                out.push(CurrencyMention {
                    code,
                    tokens: vec![token.clone()],
                    after_to,
                    after_amount: false,
                    amount: None,
                });
            }
            i += 1;
            continue;
        }
        let by_code = || code_of(token).map(|code| (code, 1));
        let by_sign = || {
            let mut signed: Vec<&(&str, &str)> = text::lexicon::CURRENCIES
                .iter()
                .filter(|(_, sign)| !sign.is_empty() && token.starts_with(sign))
                .collect();
            signed.sort_by_key(|(_, sign)| std::cmp::Reverse(sign.len()));
            let (code, sign) = signed.first()?;
            token[sign.len()..]
                .starts_with(|c: char| c.is_ascii_digit())
                .then_some((*code, 1))
        };
        match by_name(2)
            .or_else(|| by_name(1))
            .or_else(by_code)
            .or_else(by_sign)
        {
            Some((code, n)) => {
                // Names the list lacks in full may lead the currency's ("Japanese yen", "United
                // States dollar"): up to three capitalised words are part of the mention, and
                // "to" before them is before the currency.
                let mut start = i;
                while let Some(k) = start.checked_sub(1).filter(|k| {
                    i - k <= 3
                        && *k > 0
                        && tokens[*k].starts_with(char::is_uppercase)
                        && tokens[*k].chars().all(char::is_alphabetic)
                        && !out.iter().any(|c| c.tokens.contains(&tokens[*k]))
                }) {
                    start = k;
                }
                let before = start.checked_sub(1);
                let after_to = before
                    .and_then(lower)
                    .is_some_and(|w| text::lexicon::CONVERT_TO.contains(&w.as_str()));
                let after_amount = before.is_some_and(|k| amounts.contains(&k));
                if !out.iter().any(|c| c.code == code) {
                    out.push(CurrencyMention {
                        code,
                        tokens: tokens[start..i + n].to_vec(),
                        after_to,
                        after_amount,
                        amount: before.filter(|_| after_amount).map(|k| tokens[k].clone()),
                    });
                }
                i += n;
            }
            None => i += 1,
        }
    }
    out
}

/// Whether the query names the thing of `own` (a parameter's name terms) vaguely: one of its
/// words comes after a vague word ([`text::lexicon::VAGUE_WORDS`]) or "one of" with only
/// small words between ("a specific company stock", "one of my files"). The thing the request
/// asks back ([`Query::asked_thing`]) is not the value it gives, however vaguely it is named:
/// "some other words for happy" wants words and gives one.
fn vaguely_named(query: &Query, own: &[String]) -> bool {
    let asked = query.asked_thing.as_ref().and_then(|t| t.last());
    let lower: Vec<String> = query.tokens.iter().map(|t| t.to_lowercase()).collect();
    let vague_before = |i: usize| {
        for k in (i.saturating_sub(3)..i).rev() {
            if text::lexicon::is_vague(&lower[k], lower.get(k + 1).map(String::as_str)) {
                return true;
            }
            // Over small words, and one other word right before it ("a specific company stock").
            if k + 1 != i && !text::is_stopword(&lower[k]) {
                return false;
            }
        }
        false
    };
    lower.iter().enumerate().any(|(i, t)| {
        text::terms(t)
            .iter()
            .any(|x| own.contains(x) && Some(x) != asked)
            && vague_before(i)
    })
}

/// The dimension a parameter's name says it measures (`height` a length, `initial_temperature`
/// a temperature), from [`text::lexicon::DIMENSION_NAMES`].
fn dimension_named(name: &str) -> Option<&'static str> {
    let terms = text::terms(name);
    text::lexicon::DIMENSION_NAMES
        .iter()
        .find(|(_, words)| words.iter().any(|w| terms.contains(&text::stem(w))))
        .map(|(d, _)| *d)
}

/// The unit written on a number (`cm` of `6cm`, `°C` of `0°C`); empty when none is.
fn fused_unit(token: &str) -> &str {
    token.trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | '-'))
}

/// The seconds in the unit of time a number parameter is measured in, by the first word of its
/// name or, failing that, of its description that is one (`duration_minutes`, "Length of the
/// call in seconds"); none for a parameter that is no quantity of time.
fn time_unit_of(p: &Param) -> Option<f64> {
    if !matches!(p.kind.as_deref(), Some("integer" | "number")) {
        return None;
    }
    let first = |text: &str| {
        text::words(text)
            .iter()
            .find_map(|w| text::lexicon::seconds_in(w))
    };
    first(&p.name).or_else(|| first(&p.description))
}

/// The seconds in the unit of time the number at token `at` is written in ("10 hours",
/// "45min"), if it is written in one.
fn time_unit_written(query: &Query, at: usize) -> Option<f64> {
    // Only a number written in digits: a span read from words ("next week") is counted in
    // the parameter's unit already.
    if !query
        .tokens
        .get(at)?
        .starts_with(|c: char| c.is_ascii_digit())
    {
        return None;
    }
    text::lexicon::seconds_in(unit_at(query, at)?)
}

/// Whether the number at token `at` counts what a rate is per ("7 liters per 100 km"): it
/// measures no quantity of its own.
fn per_unit(query: &Query, at: usize) -> bool {
    at.checked_sub(1)
        .and_then(|b| query.tokens.get(b))
        .is_some_and(|w| text::lexicon::RATE_WORDS.contains(&w.to_lowercase().as_str()))
}

/// The dimension of the unit written with the number at token `at`: on it ("100m", "0°C") or as
/// the next word ("5 seconds").
fn dimension_at(query: &Query, at: usize) -> Option<&'static str> {
    text::lexicon::unit_dimension(unit_at(query, at)?)
}

/// The word the number at token `at` is written in: the unit run into it ("45min"), else the
/// next token ("45 minutes").
fn unit_at(query: &Query, at: usize) -> Option<&str> {
    let fused = fused_unit(query.tokens.get(at)?);
    if fused.is_empty() {
        query.tokens.get(at + 1).map(String::as_str)
    } else {
        Some(fused)
    }
}

/// A pattern for two or more `item`s joined by commas (with an optional "and" or "or" after
/// one) or by one of the `words` ("and|or").
fn joined(item: &str, words: &str) -> regex::Regex {
    regex::Regex::new(&format!(
        r"{item}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:{words})\s+){item})+"
    ))
    .expect("a list pattern over a valid item compiles")
}

/// A list the query writes in prose for list parameter `p`: two or more numbers ("the values
/// 12, 24, 36", "2nd, 3rd and 4th floors") for a list of numbers; for a list of strings, two or
/// more quoted phrases ("'Age', 'Income' and 'Education'"), else coordinated names, else
/// lower-case words a cue introduces ([`word_runs`]); joined by commas, "and" or "or".
/// The list right after a word of the parameter's own (its name written out first), else the
/// query's only such list when `open` list parameters of this kind are one. Returns where the
/// list starts in the text, and the list.
fn prose_list(
    p: &Param,
    query: &Query,
    used: &HashSet<usize>,
    open: usize,
    topic: &HashMap<String, f64>,
) -> Option<(usize, Value)> {
    static NUMBERS: OnceLock<regex::Regex> = OnceLock::new();
    static QUOTED: OnceLock<regex::Regex> = OnceLock::new();
    let numbers = NUMBERS.get_or_init(|| {
        let item = r"-?\d+(?:\.\d+)?(?:st|nd|rd|th)?";
        // Joined by commas, "and", "or", or as a range ("from 2015 to 2021").
        joined(item, "and|or|to|through")
    });
    let quoted = QUOTED.get_or_init(|| {
        let item = r#"(?:'[^'\n]{1,60}'|"[^"\n]{1,60}")"#;
        joined(item, "and|or")
    });
    let text = &query.text;
    let runs: Vec<(usize, Vec<Value>)> = match p.item_kind.as_deref() {
        Some(kind @ ("number" | "integer")) => numbers
            .find_iter(text)
            .filter_map(|m| {
                let items: Option<Vec<Value>> = m
                    .as_str()
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|w| !w.is_empty() && !matches!(*w, "and" | "or" | "to" | "through"))
                    .map(|w| {
                        let digits = w.trim_end_matches(|c: char| c.is_alphabetic());
                        let v: f64 = digits.parse().ok()?;
                        if kind == "integer" {
                            (v.fract() == 0.0).then(|| Value::from(v as i64))
                        } else {
                            serde_json::Number::from_f64(v).map(Value::Number)
                        }
                    })
                    .collect();
                Some((m.start(), items?))
            })
            .collect(),
        Some("string") => {
            let quoted: Vec<(usize, Vec<Value>)> = quoted
                .find_iter(text)
                .map(|m| {
                    let items = m
                        .as_str()
                        .split(['\'', '"'])
                        .enumerate()
                        .filter(|(i, _)| i % 2 == 1)
                        .map(|(_, s)| Value::String(s.trim().to_owned()))
                        .collect();
                    (m.start(), items)
                })
                .filter(|(_, items): &(usize, Vec<Value>)| items.len() >= 2)
                .collect();
            // A lone quotation is a value of its own, no list: names may still be one.
            if !quoted.is_empty() {
                quoted
            } else {
                // A word that labels the items leads the first ("IDs ITM456 and ITM789"): the
                // parameter's own words, and "ID" where it takes identifiers.
                let mut labels: HashSet<String> = text::terms(&p.name).into_iter().collect();
                if named_by(p).iter().any(|t| t == "id" || t == "identifi") {
                    labels.insert("id".to_owned());
                }
                let names: Vec<(usize, Vec<Value>)> = name_runs(query)
                    .into_iter()
                    .map(|(start, items)| {
                        let items = items
                            .into_iter()
                            .map(|v| match v {
                                Value::String(s) => {
                                    Value::String(without_leading_words(&s, &labels))
                                }
                                v => v,
                            })
                            .collect();
                        (start, items)
                    })
                    .collect();
                if names.is_empty() {
                    word_runs(query, topic, &labels)
                } else {
                    names
                }
            }
        }
        _ => return None,
    };
    let runs: Vec<(usize, Vec<Value>)> = runs
        .into_iter()
        .filter(|(start, items)| items.len() >= 2 && !used.contains(start))
        .collect();
    // A list of one ("recipes with chicken"): the one thing a request has, uses or wants with.
    if runs.is_empty() && open == 1 && p.item_kind.as_deref() == Some("string") {
        return lone_item(query, topic)
            .filter(|(start, _)| !used.contains(start))
            .map(|(start, item)| (start, Value::Array(vec![Value::String(item)])));
    }
    // Where the parameter is named: its name as written ("dataset_A"), else its own words.
    let lower = text.to_ascii_lowercase();
    let own: HashSet<String> = text::terms(&p.name).into_iter().collect();
    let mut mentions: Vec<usize> = lower
        .match_indices(&p.name.to_ascii_lowercase())
        .map(|(i, m)| i + m.len())
        .collect();
    if mentions.is_empty() {
        let mut at = 0;
        for word in text.split_whitespace() {
            let found = text[at..].find(word).map_or(at, |i| at + i);
            at = found + word.len();
            if text::terms(word).iter().any(|t| own.contains(t)) {
                mentions.push(at);
            }
        }
    }
    let after_mention = runs
        .iter()
        .filter_map(|(start, items)| {
            let gap = mentions
                .iter()
                .filter(|m| **m <= *start)
                .map(|m| text[*m..*start].split_whitespace().count())
                .min()?;
            (gap <= 4).then_some((gap, *start, items))
        })
        .min_by_key(|(gap, start, _)| (*gap, *start));
    if let Some((_, start, items)) = after_mention {
        return Some((start, Value::Array(items.clone())));
    }
    match runs.as_slice() {
        [(start, items)] if open == 1 => Some((*start, Value::Array(items.clone()))),
        _ => None,
    }
}

/// The runs of counted things in `text`, in order: each thing with its count ("two dozen eggs" is
/// 24 eggs; "a bag of rice" is 1 rice: a container or a measure before "of" is not the thing).
/// Things in a run are joined by commas, "and" or "or"; a thing is one to three words that are
/// neither stopwords nor measures of time ("3 days" counts no thing).
fn counted_things(text: &str) -> Vec<Vec<(i64, String)>> {
    static WORDS: OnceLock<regex::Regex> = OnceLock::new();
    let lexer = WORDS.get_or_init(|| {
        regex::Regex::new(r"\d+(?:\.\d+)?|[\p{L}][\p{L}'\-]*|[,;:.!?()]")
            .expect("the word pattern compiles")
    });
    let toks: Vec<&str> = lexer.find_iter(text).map(|m| m.as_str()).collect();
    let lower: Vec<String> = toks.iter().map(|t| t.to_lowercase()).collect();
    let count_at = |i: usize| -> Option<i64> {
        let t = lower.get(i)?;
        if let Ok(n) = t.parse::<i64>() {
            return (n > 0).then_some(n);
        }
        if text::lexicon::ONE_THING.contains(&t.as_str()) {
            return Some(1);
        }
        text::lexicon::number_value(t).map(|v| v as i64)
    };
    let is_word = |i: usize| {
        lower
            .get(i)
            .is_some_and(|t| t.chars().next().is_some_and(char::is_alphabetic))
    };
    // One counted thing at `i`: its count, the thing, and where it ends.
    let thing_at = |i: usize| -> Option<(i64, String, usize)> {
        let mut count = count_at(i)?;
        let mut j = i + 1;
        if let Some((_, factor)) = text::lexicon::COUNT_MULTIPLIERS
            .iter()
            .find(|(w, _)| lower.get(j).is_some_and(|t| t == w))
        {
            count *= factor;
            j += 1;
        }
        // A container or measure: up to three words, then "of" ("bottles of", "five pound bag
        // of").
        if let Some(of) = (j..j + 4)
            .take_while(|k| is_word(*k) || count_at(*k).is_some())
            .find(|k| lower[*k] == "of")
            .filter(|of| *of > j)
        {
            j = of + 1;
        }
        let start = j;
        while j < start + 3 && is_word(j) && !text::is_stopword(&lower[j]) && count_at(j).is_none()
        {
            j += 1;
        }
        if j == start {
            return None;
        }
        let measure = text::stem(&lower[j - 1]);
        if text::lexicon::MEASURE_WORDS
            .iter()
            .any(|m| text::stem(m) == measure)
        {
            return None;
        }
        Some((count, toks[start..j].join(" "), j))
    };
    let mut runs = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let Some((count, thing, mut end)) = thing_at(i) else {
            i += 1;
            continue;
        };
        let mut run = vec![(count, thing)];
        loop {
            let mut k = end;
            let mut joined = false;
            while matches!(lower.get(k).map(String::as_str), Some("," | "and" | "or")) {
                joined = true;
                k += 1;
            }
            match thing_at(k).filter(|_| joined) {
                Some((count, thing, next)) => {
                    run.push((count, thing));
                    end = next;
                }
                None => break,
            }
        }
        i = end;
        runs.push(run);
    }
    runs
}

/// The one thing a request has, uses or wants something with ("recipes with chicken", "I have
/// eggs", "a salad using spinach leaves"), with where it starts: one or two lower-case words
/// after such a cue ([`text::lexicon::HAVING_CUES`]), up to a stop word or the clause's end,
/// none of them a word of the method's topic, chatter or a number. Only when the request writes
/// exactly one.
fn lone_item(query: &Query, topic: &HashMap<String, f64>) -> Option<(usize, String)> {
    let text = &query.text;
    let raw: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
        .collect();
    let mut found: Vec<(usize, String)> = Vec::new();
    for (i, (_, cue)) in raw.iter().enumerate() {
        // The cue follows what the method is about ("recipes with", "a dish using"): the thing
        // is one it is made with, not one the request mentions in passing.
        let after_topic = i
            .checked_sub(1)
            .is_some_and(|j| text::terms(raw[j].1).iter().any(|t| topic.contains_key(t)));
        if ends_with_clause_mark(cue)
            || !after_topic
            || !text::lexicon::HAVING_CUES.contains(&phrase_word(cue).to_lowercase().as_str())
        {
            continue;
        }
        let mut words: Vec<String> = Vec::new();
        let mut start = None;
        for (at, w) in &raw[i + 1..] {
            let b = phrase_word(w);
            let lower = b.to_lowercase();
            if words.is_empty() && text::lexicon::DETERMINERS.contains(&lower.as_str()) {
                continue;
            }
            // A coordinator after it makes it the first of several ("engine size and fuel
            // economy"), which are no list of one.
            if matches!(lower.as_str(), "and" | "or") {
                words.clear();
                break;
            }
            if text::is_stopword(&lower) {
                break;
            }
            let terms = text::terms(&b);
            let plain = !b.is_empty()
                && b.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                && text::lexicon::number_value(&lower).is_none()
                && !terms.is_empty()
                && terms
                    .iter()
                    .all(|t| !text::chatter(t) && !topic.contains_key(t));
            // A name, a number or a longer phrase goes on past what one plain thing is.
            if !plain || words.len() == 2 {
                words.clear();
                break;
            }
            start.get_or_insert(*at);
            words.push(b);
            if ends_with_clause_mark(w) {
                break;
            }
        }
        if let (Some(at), false) = (start, words.is_empty()) {
            found.push((at, words.join(" ")));
        }
    }
    match found.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// Whether a whitespace token ends its clause with a mark.
fn ends_with_clause_mark(word: &str) -> bool {
    word.ends_with([',', ';', ':', '.', '?', '!'])
}

/// Single lower-case words a coordinator joins ("tomatoes and lettuce", "chicken, rice and
/// beans"), with where each run starts: the things a request lists when it names no name. A run
/// with a word that only frames the request (a stop word, chatter, a number) or that the
/// method's own metadata names ("the price and ratings of ...", `topic`) is no list of values.
fn word_runs(
    query: &Query,
    topic: &HashMap<String, f64>,
    labels: &HashSet<String>,
) -> Vec<(usize, Vec<Value>)> {
    static RUN: OnceLock<regex::Regex> = OnceLock::new();
    let run = RUN.get_or_init(|| joined(r"\b[a-z][a-z-]*[a-z]\b", "and|or"));
    let text = &query.text;
    run.find_iter(text)
        .filter(|m| m.as_str().contains(" and ") || m.as_str().contains(" or "))
        // Introduced as the things asked about, used or had ("the price of tomatoes and lettuce",
        // "uses chicken and mushrooms", "I have some eggs and flour"), or labelled by the
        // parameter's own word ("ingredients chicken and rice"), not words that happen to be
        // joined ("than expected, and visibility").
        .filter(|m| {
            text[..m.start()]
                .split_whitespace()
                .next_back()
                .is_some_and(|w| {
                    let w = w.to_lowercase();
                    text::lexicon::list_cue(&w)
                        || text::terms(&w).iter().any(|t| labels.contains(t))
                })
        })
        .filter_map(|m| {
            let words: Vec<&str> = m
                .as_str()
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|w| !w.is_empty())
                .collect();
            let value = |w: &str| {
                let terms = text::terms(w);
                text::lexicon::number_value(w).is_none()
                    && !terms.is_empty()
                    && terms
                        .iter()
                        .all(|t| !text::chatter(t) && !topic.contains_key(t))
            };
            // The list ends before the first word that is no thing ("eggs and leeks, not
            // necessarily vegetarian"), when a conjunction joined what comes before it.
            let end = words
                .iter()
                .position(|w| !matches!(*w, "and" | "or") && !value(w))
                .unwrap_or(words.len());
            let kept = &words[..end];
            let joined_by_conjunction = kept
                .iter()
                .rposition(|w| matches!(*w, "and" | "or"))
                .is_some_and(|at| at + 1 < kept.len());
            let mut items: Vec<String> = kept
                .iter()
                .filter(|w| !matches!(**w, "and" | "or"))
                .map(|w| (*w).to_owned())
                .collect();
            // The last thing may be written in two words ("spinach and coconut milk that ..."):
            // a plain word right after the list, itself a thing, not a verb's form.
            if end == words.len()
                && let Some(next) = text[m.end()..]
                    .strip_prefix(' ')
                    .and_then(|rest| rest.split(|c: char| !c.is_ascii_lowercase()).next())
                && next.len() > 2
                && !text::is_stopword(next)
                && !next.ends_with("ing")
                && !next.ends_with("ed")
                && text[m.end() + 1 + next.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric())
                && value(next)
                && let Some(last) = items.last_mut()
            {
                last.push(' ');
                last.push_str(next);
            }
            (joined_by_conjunction && items.len() >= 2)
                .then(|| (m.start(), items.into_iter().map(Value::String).collect()))
        })
        .collect()
}

/// Names the query coordinates ("Apple and Microsoft", "Paris, Rome or Oslo"), each run with
/// where it starts in the text: consecutive names with nothing but commas, "and", "or" and
/// articles between them, an "and" or "or" among them.
fn name_runs(query: &Query) -> Vec<(usize, Vec<Value>)> {
    let text = &query.text;
    // Each name where it is written, in the order written (quoted names come first among the
    // entities): the first place it stands that no name placed before overlaps.
    let mut placed: Vec<(usize, usize, String)> = Vec::new();
    for e in query.entities() {
        let free = text
            .match_indices(e.as_str())
            .map(|(start, _)| start)
            .find(|start| {
                let end = start + e.len();
                !placed.iter().any(|(s, t, _)| *start < *t && *s < end)
            });
        if let Some(start) = free {
            placed.push((start, start + e.len(), e));
        }
    }
    placed.sort_by_key(|(start, _, _)| *start);
    let joins = |between: &str| {
        let words: Vec<String> = between
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        between.trim().is_empty()
            || (words.iter().all(|w| {
                matches!(w.as_str(), "and" | "or")
                    || text::lexicon::DETERMINERS.contains(&w.as_str())
            }) && (between.contains(',') || words.iter().any(|w| w == "and" || w == "or")))
    };
    // Each run with whether a coordinator joins it: names joined by commas alone are the parts
    // of one thing ("123 Fastfood Lane, Chicago, IL"), not a list.
    let mut runs: Vec<(usize, Vec<Value>, bool)> = Vec::new();
    let mut last_end: Option<usize> = None;
    for (start, end, name) in placed {
        let bare = name.trim_matches(['\'', '"']).to_owned();
        match (last_end, runs.last_mut()) {
            (Some(prev), Some((_, items, coordinated))) if joins(&text[prev..start]) => {
                let between = text[prev..start].to_lowercase();
                *coordinated |= between
                    .split(|c: char| !c.is_alphabetic())
                    .any(|w| w == "and" || w == "or");
                items.push(Value::String(bare));
            }
            _ => runs.push((start, vec![Value::String(bare)], false)),
        }
        last_end = Some(end);
    }
    runs.into_iter()
        .filter(|(_, _, coordinated)| *coordinated)
        .map(|(start, items, _)| (start, items))
        .collect()
}

fn pairwise_disjoint(scored: &[Scored]) -> bool {
    scored
        .iter()
        .enumerate()
        .all(|(i, a)| scored[i + 1..].iter().all(|b| a.hits.is_disjoint(&b.hits)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::params;
    use serde_json::json;

    fn check(schema: Value, query: &str) -> Binding {
        bind(&params(&schema), &Query::parse(query), &HashMap::new())
    }

    #[test]
    fn a_date_given_to_one_parameter_is_no_other_parameter_s_unless_the_request_names_both() {
        let between = json!({"type": "object", "required": ["start_date", "end_date"], "properties": {
            "start_date": {"type": "string", "format": "date"},
            "end_date": {"type": "string", "format": "date"}}});
        let b = check(between.clone(), "What date is 45 days after 2025-06-10?");
        assert_eq!(b.arguments.get("start_date"), Some(&json!("2025-06-10")));
        assert!(b.arguments.get("end_date").is_none(), "{b:?}");
        assert!(b.missing.iter().any(|m| m.name == "end_date"), "{b:?}");
        // "A start and end date of ..." gives both the one date.
        let b = check(
            between,
            "Book it with a start date and end date of 2023-04-12",
        );
        assert_eq!(
            b.arguments.get("end_date"),
            Some(&json!("2023-04-12")),
            "{b:?}"
        );
        // A word two moments share names neither.
        let available = json!({"type": "object", "required": ["start_available_date"], "properties": {
            "start_available_date": {"type": "string", "format": "date"},
            "end_available_date": {"type": "string", "format": "date"}}});
        let b = check(available, "Find someone available on 2024-12-03");
        assert!(b.arguments.get("end_available_date").is_none(), "{b:?}");
    }

    #[test]
    fn a_whole_date_takes_no_month_and_an_example_code_is_no_value() {
        let day = json!({"type": "object", "required": ["date"], "properties": {
            "date": {"type": "string", "format": "date"}}});
        let b = check(day.clone(), "Does February 2032 have 29 days?");
        assert!(b.arguments.get("date").is_none(), "{b:?}");
        assert!(b.missing.iter().any(|m| m.name == "date"), "{b:?}");
        let b = check(day, "What happened on March 3, 2031?");
        assert_eq!(b.arguments.get("date"), Some(&json!("2031-03-03")), "{b:?}");
        // A required code whose default is an example ("B07ZPKBL9V") is asked for.
        let product = json!({"type": "object", "required": ["asin"], "properties": {
            "asin": {"type": "string", "description": "The product's ASIN.", "default": "B07ZPKBL9V"}}});
        let b = check(product.clone(), "Tell me more about this product");
        assert!(b.arguments.get("asin").is_none(), "{b:?}");
        assert!(b.missing.iter().any(|m| m.name == "asin"), "{b:?}");
        let b = check(product, "Tell me more about product B08N5WRWNW");
        assert_eq!(b.arguments.get("asin"), Some(&json!("B08N5WRWNW")), "{b:?}");
        // A default that is no code still makes the call valid.
        let units = json!({"type": "object", "required": ["units"], "properties": {
            "units": {"type": "string", "description": "Unit system", "default": "metric"}}});
        assert_eq!(
            check(units, "How hot is it?").arguments.get("units"),
            Some(&json!("metric"))
        );
    }

    #[test]
    fn a_country_named_in_full_is_its_code_for_a_code_described_as_a_country_s() {
        let schema = json!({"type": "object", "required": ["code"], "properties": {
            "code": {"type": "string", "pattern": "^[A-Z]{2}$",
                "description": "The ISO 3166-1 alpha-2 code of the country."}}});
        let b = check(schema.clone(), "What's the capital of Canada?");
        assert_eq!(b.arguments.get("code"), Some(&json!("CA")), "{b:?}");
        let b = check(schema, "Basic facts about DE");
        assert_eq!(b.arguments.get("code"), Some(&json!("DE")), "{b:?}");
        // A code of something else is no country's.
        let other = json!({"type": "object", "required": ["code"], "properties": {
            "code": {"type": "string", "pattern": "^[A-Z]{2}$", "description": "The discount code."}}});
        assert!(
            check(other, "Discounts in Canada")
                .arguments
                .get("code")
                .is_none()
        );
    }

    #[test]
    fn a_language_named_in_words_is_its_code_where_the_schema_takes_codes() {
        let schema = json!({"type": "object", "required": ["text", "target_language"], "properties": {
            "text": {"type": "string", "description": "Text to translate"},
            "target_language": {"type": "string", "description": "Target language", "enum": ["en", "fr", "de"]},
            "source_language": {"type": "string", "description": "ISO 639-1 code of the source language"}}});
        for request in [
            "Translate 'where is the station' from English into German",
            "Translate this English text to German: 'where is the station'",
        ] {
            let b = check(schema.clone(), request);
            assert_eq!(
                b.arguments.get("target_language"),
                Some(&json!("de")),
                "{b:?}"
            );
            assert_eq!(
                b.arguments.get("source_language"),
                Some(&json!("en")),
                "{b:?}"
            );
            assert_eq!(
                b.arguments.get("text"),
                Some(&json!("where is the station")),
                "{b:?}"
            );
        }
        // A language the enum does not list is reported as written, with the values allowed.
        let b = check(schema.clone(), "Translate 'good morning' into Swahili");
        assert_eq!(invalid(&b, "target_language").0, json!("Swahili"));
        // A word another parameter took is no text to work on (the method's own words, here
        // "translate", are its topic).
        let topic: HashMap<String, f64> = [("translat".to_owned(), 1.0)].into();
        for request in [
            "Translate this into French",
            "Can you translate my name into French?",
        ] {
            let b = bind(&params(&schema), &Query::parse(request), &topic);
            assert_eq!(b.arguments.get("target_language"), Some(&json!("fr")));
            assert!(
                b.missing.iter().any(|m| m.name == "text"),
                "{request}: {b:?}"
            );
        }
    }

    #[test]
    fn a_statement_a_request_writes_out_is_the_value_of_a_parameter_taking_sql() {
        let schema = json!({"type": "object", "required": ["sql"], "properties": {
            "sql": {"type": "string", "description": "A single SELECT statement"},
            "max_rows": {"type": "integer", "description": "Row limit"}}});
        for (request, statement) in [
            (
                "Run SELECT count(*) FROM users",
                "SELECT count(*) FROM users",
            ),
            // Not "SELECT" alone as the value of "SQL:".
            (
                "Run this SQL: SELECT name FROM users WHERE id = 4",
                "SELECT name FROM users WHERE id = 4",
            ),
            ("run select name from users?", "select name from users"),
        ] {
            let b = check(schema.clone(), request);
            assert_eq!(b.arguments.get("sql"), Some(&json!(statement)), "{b:?}");
            // A number inside the statement is the statement's, no row limit.
            assert_eq!(b.arguments.get("max_rows"), None, "{b:?}");
        }
        // English that opens like a statement is none, and a statement that changes data is no
        // statement for a parameter of one that reads.
        for (request, not) in [
            ("Select the top rows for me", "Select the top rows for me"),
            ("Run DROP TABLE sessions", "DROP TABLE sessions"),
        ] {
            let b = check(schema.clone(), request);
            assert_ne!(
                b.arguments.get("sql"),
                Some(&json!(not)),
                "{request}: {b:?}"
            );
        }
    }

    #[test]
    fn a_glob_pattern_keeps_its_wildcards() {
        let schema = json!({"type": "object", "required": ["path", "pattern"], "properties": {
            "path": {"type": "string", "description": "Directory to start from"},
            "pattern": {"type": "string", "description": "Glob pattern, e.g. *.md"}}});
        let b = check(schema.clone(), "Find all *.md files under /srv/docs");
        assert_eq!(b.arguments.get("pattern"), Some(&json!("*.md")), "{b:?}");
        assert_eq!(b.arguments.get("path"), Some(&json!("/srv/docs")), "{b:?}");
    }

    #[test]
    fn a_word_a_determiner_opens_before_a_parameters_noun_is_its_value_whatever_verb_it_can_be() {
        // "orders" is also a verb that changes things; after "the" it is the table's name.
        let schema = json!({"type": "object", "required": ["table"], "properties": {
            "table": {"type": "string", "description": "Table name"}}});
        let b = check(schema.clone(), "What columns does the orders table have?");
        assert_eq!(b.arguments.get("table"), Some(&json!("orders")), "{b:?}");
        // A verb still says no kind: "order" here is what to do.
        let b = check(schema, "Please order table 4 a pizza");
        assert_ne!(b.arguments.get("table"), Some(&json!("order")), "{b:?}");
    }

    #[test]
    fn a_name_run_into_its_kind_is_mentioned_by_the_kind() {
        // `username` is mentioned by "user"; a being verb that ends the clause gives nothing
        // after it, so the word before it stays the value.
        let schema = json!({"type": "object", "required": ["username"], "properties": {
            "username": {"type": "string", "description": "User name"}}});
        let b = check(schema.clone(), "How much karma does the user pg have?");
        assert_eq!(b.arguments.get("username"), Some(&json!("pg")), "{b:?}");
        let b = check(schema, "Show me the profile of user dang");
        assert_eq!(b.arguments.get("username"), Some(&json!("dang")), "{b:?}");
    }

    #[test]
    fn text_to_work_on_written_after_a_colon_is_what_follows_it() {
        let schema = json!({"type": "object", "required": ["text", "direction"], "properties": {
            "text": {"type": "string", "description": "Text or Morse code"},
            "direction": {"type": "string", "enum": ["encode", "decode"]}}});
        let b = check(schema, "Decode this Morse: .... . .-.. .-.. ---");
        assert_eq!(
            b.arguments.get("text"),
            Some(&json!(".... . .-.. .-.. ---")),
            "{b:?}"
        );
        assert_eq!(
            b.arguments.get("direction"),
            Some(&json!("decode")),
            "{b:?}"
        );
    }

    #[test]
    fn a_quantity_a_text_parameter_holds_is_the_number_written_as_text() {
        // Marketplace APIs declare numbers as strings: "The distance in KM." takes the 120 of
        // "a 120 km trip", sent as "120"; "The number of litres" the 40 of "40 litres".
        let car = json!({"type": "object", "required": ["distance", "vehicle"], "properties": {
            "distance": {"type": "string", "description": "The distance in KM."},
            "vehicle": {"type": "string", "enum": ["SmallDieselCar", "MediumDieselCar"]}}});
        let b = check(
            car,
            "How much CO2 does a 120 km trip in a medium diesel car produce?",
        );
        assert_eq!(b.arguments.get("distance"), Some(&json!("120")), "{b:?}");
        assert_eq!(b.arguments.get("vehicle"), Some(&json!("MediumDieselCar")));
        let fuel = json!({"type": "object", "required": ["type", "litres"], "properties": {
            "type": {"type": "string", "enum": ["Petrol", "Diesel"]},
            "litres": {"type": "string", "description": "The number of litres to calculate from."}}});
        let b = check(
            fuel,
            "How much CO2 comes from burning 40.5 litres of petrol?",
        );
        assert_eq!(b.arguments.get("litres"), Some(&json!("40.5")), "{b:?}");
        // An identifier counts nothing, whatever unit its description seems to name ("in SEC
        // filings"), and a size of two dimensions is no one number.
        let cik = json!({"type": "object", "required": ["cik"], "properties": {
            "cik": {"type": "string", "description": "The Central Index Key (CIK) used to identify the company in SEC filings."}}});
        let b = check(cik, "Get the filings of the company with CIK 0001067983");
        assert_eq!(b.arguments.get("cik"), Some(&json!("0001067983")), "{b:?}");
        let size = json!({"type": "object", "required": ["size"], "properties": {
            "size": {"type": "string", "description": "The size of the painting in inches, width by height."}}});
        assert_ne!(
            check(size, "Change the size to 12x18")
                .arguments
                .get("size"),
            Some(&json!("12"))
        );
    }

    #[test]
    fn a_query_parameter_described_as_a_place_takes_the_place() {
        let weather = json!({"type": "object", "required": ["q"], "properties": {
            "q": {"type": "string", "description": "Query parameter based on which data is sent back. It could be latitude and longitude, a city name, a US zip or a UK postcode"}}});
        let b = check(weather.clone(), "What is the weather in Paris right now?");
        assert_eq!(b.arguments.get("q"), Some(&json!("Paris")), "{b:?}");
        // No place written: the place is asked for, not the request sent as it.
        let b = check(weather, "What will the weather be like this weekend?");
        assert!(b.missing.iter().any(|m| m.name == "q"), "{b:?}");
        // A search query stays free text.
        let search = json!({"type": "object", "required": ["q"], "properties": {
            "q": {"type": "string", "description": "Keywords or phrases to search for"}}});
        let b = check(
            search,
            "Find the latest news about the Artemis moon mission",
        );
        assert!(b.arguments.contains_key("q"), "{b:?}");
    }

    #[test]
    fn one_unit_for_a_source_and_a_target_goes_where_it_points() {
        let units = [
            "cup",
            "tablespoon",
            "teaspoon",
            "gram",
            "ounce",
            "milliliter",
        ];
        let convert = json!({"type": "object", "required": ["quantity", "fromUnit", "toUnit"], "properties": {
            "quantity": {"type": "number", "description": "Amount to convert"},
            "fromUnit": {"type": "string", "description": "Unit of the amount", "enum": units},
            "toUnit": {"type": "string", "description": "Unit wanted", "enum": units}}});
        // Kitchen units are units: the one an amount is written in is the source.
        let b = check(convert.clone(), "How many grams is 2 cups?");
        assert_eq!(b.arguments.get("fromUnit"), Some(&json!("cup")), "{b:?}");
        assert_eq!(b.arguments.get("toUnit"), Some(&json!("gram")), "{b:?}");
        // "to ounces" is the target; the unit of the 250 is not said, and is asked.
        let b = check(convert.clone(), "Convert 250 to ounces");
        assert_eq!(b.arguments.get("toUnit"), Some(&json!("ounce")), "{b:?}");
        assert!(b.missing.iter().any(|m| m.name == "fromUnit"), "{b:?}");
        let b = check(convert, "convert 200 grams to ounces");
        assert_eq!(b.arguments.get("fromUnit"), Some(&json!("gram")), "{b:?}");
        assert_eq!(b.arguments.get("toUnit"), Some(&json!("ounce")), "{b:?}");
    }

    #[test]
    fn an_optional_text_takes_the_one_word_of_its_described_kind() {
        let recipes = json!({"type": "object", "properties": {
            "cuisine": {"type": "string", "description": "Cuisine, e.g. Italian, Thai"},
            "maxPrepTime": {"type": "integer", "description": "Longest preparation time in minutes"}}});
        // An example itself, or another nationality where every example is one.
        for (request, cuisine) in [
            (
                "Find me an Italian recipe I can make in under 30 minutes",
                "Italian",
            ),
            ("Something Mexican for dinner, please", "Mexican"),
        ] {
            let b = check(recipes.clone(), request);
            assert_eq!(b.arguments.get("cuisine"), Some(&json!(cuisine)), "{b:?}");
        }
        // Two of them: which one is meant is not said.
        let b = check(recipes, "Italian or Thai tonight?");
        assert_eq!(b.arguments.get("cuisine"), None, "{b:?}");
    }

    #[test]
    fn a_value_a_pattern_refuses_is_read_where_the_request_names_its_parameter() {
        let isbn = json!({"type": "object", "required": ["isbn"], "properties": {
            "isbn": {"type": "string", "pattern": "^\\d{10}(\\d{3})?$", "description": "ISBN, digits only"}}});
        // Hyphens a pattern of digits does not take are dropped.
        let b = check(isbn.clone(), "Look up ISBN 978-0-14-044913-6");
        assert_eq!(
            b.arguments.get("isbn"),
            Some(&json!("9780140449136")),
            "{b:?}"
        );
        // A code written after the parameter's word that no form of fits is bound as written,
        // for the schema to refuse and the user to correct.
        let season = json!({"type": "object", "required": ["league"], "properties": {
            "league": {"type": "string", "description": "League name"},
            "season": {"type": "string", "description": "Season in YYYY/YYYY format", "pattern": "^\\d{4}/\\d{4}$"}}});
        let b = check(
            season.clone(),
            "Show me the Serie A table for season 2023-24",
        );
        assert_eq!(invalid(&b, "season").0, json!("2023-24"), "{b:?}");
        let b = check(season, "Show me the Serie A table for season 2023/2024");
        assert_eq!(
            b.arguments.get("season"),
            Some(&json!("2023/2024")),
            "{b:?}"
        );
        // Nothing is read for it where the request does not name it.
        let b = check(isbn, "Look up the book 12-44");
        assert!(b.missing.iter().any(|m| m.name == "isbn"), "{b:?}");
    }

    #[test]
    fn parameters_of_the_same_choices_take_the_values_named_in_turn() {
        let signs = json!(["aries", "taurus", "gemini", "leo", "scorpio"]);
        let pair = json!({"type": "object", "required": ["sign1", "sign2"], "properties": {
            "sign1": {"type": "string", "enum": signs}, "sign2": {"type": "string", "enum": signs}}});
        let b = check(pair.clone(), "Are Scorpio and Gemini compatible?");
        assert_eq!(b.arguments.get("sign1"), Some(&json!("scorpio")), "{b:?}");
        assert_eq!(b.arguments.get("sign2"), Some(&json!("gemini")), "{b:?}");
        assert!(b.ambiguity.is_none() && b.fan_out.is_none(), "{b:?}");
        // Three values for two places are no pair.
        let b = check(pair, "Aries, Leo or Gemini with Taurus?");
        assert!(b.arguments.get("sign2").is_none(), "{b:?}");
    }

    #[test]
    fn a_code_the_schema_refuses_is_read_beside_its_parameter_s_word() {
        // A code of the kind the choices are, that they do not list, is bound as written.
        let dns = json!({"type": "object", "required": ["domain"], "properties": {
            "domain": {"type": "string"},
            "record_type": {"type": "string", "enum": ["A", "AAAA", "MX", "TXT"], "default": "A"}}});
        let refused = |b: &Binding, name: &str| {
            b.missing
                .iter()
                .find(|m| m.name == name)
                .and_then(|m| m.invalid.as_ref())
                .map(|(v, _)| v.clone())
        };
        let b = check(dns.clone(), "Get the PTR records for example.com");
        assert_eq!(refused(&b, "record_type"), Some(json!("PTR")), "{b:?}");
        assert_eq!(
            b.arguments.get("domain"),
            Some(&json!("example.com")),
            "{b:?}"
        );
        let b = check(dns, "Get the records for example.com");
        assert!(
            b.missing.is_empty() && b.arguments.get("record_type").is_none(),
            "{b:?}"
        );
        // A code in capitals after the parameter's word, or after it and a word that labels a
        // code, for a pattern that refuses it.
        let roster = json!({"type": "object", "required": ["team_abbr"], "properties": {
            "team_abbr": {"type": "string", "pattern": "^[A-Z]{3}$"}}});
        let b = check(roster.clone(), "Roster for the team code LAKERS please");
        assert_eq!(refused(&b, "team_abbr"), Some(json!("LAKERS")), "{b:?}");
        let b = check(roster, "Roster for the team please");
        assert_eq!(refused(&b, "team_abbr"), None, "{b:?}");
    }

    #[test]
    fn a_phrase_a_demonstrative_opens_after_the_parameter_s_word_is_no_value() {
        let player = json!({"type": "object", "required": ["player_name"], "properties": {
            "player_name": {"type": "string", "description": "Full name of the player"},
            "season": {"type": "integer"}}});
        let b = check(player, "How is my favourite player doing this season?");
        assert_eq!(b.arguments.get("player_name"), None, "{b:?}");
        // A possessive may open a name.
        let source = json!({"type": "object", "required": ["data_source"], "properties": {
            "data_source": {"type": "string"}}});
        let b = check(source, "Use data from our internal database");
        assert_eq!(
            b.arguments.get("data_source"),
            Some(&json!("internal database")),
            "{b:?}"
        );
    }

    #[test]
    fn a_search_takes_the_phrase_its_things_are_said_to_be_about() {
        let search = json!({"type": "object", "required": ["q"], "properties": {
            "q": {"type": "string", "description": "Search keywords"}}});
        let topic: HashMap<String, f64> = [("video".to_owned(), 1.0)].into();
        let bound = |q: &str| {
            bind(&params(&search), &Query::parse(q), &topic)
                .arguments
                .get("q")
                .cloned()
        };
        assert_eq!(
            bound("Find the most viewed videos about sourdough baking"),
            Some(json!("sourdough baking"))
        );
        // Things the method does not name leave the request whole.
        assert_eq!(
            bound("Find recipes about sourdough baking"),
            Some(json!("Find recipes about sourdough baking"))
        );
    }

    #[test]
    fn a_domain_takes_no_email_address() {
        let domain = json!({"type": "object", "required": ["domain"], "properties": {
            "domain": {"type": "string", "description": "Email domain, e.g. mailinator.com"}}});
        let b = check(
            domain.clone(),
            "Can emails to bob@example.net be delivered?",
        );
        assert_eq!(b.arguments.get("domain"), None, "{b:?}");
        let b = check(domain, "Is mailinator.com a throwaway provider?");
        assert_eq!(
            b.arguments.get("domain"),
            Some(&json!("mailinator.com")),
            "{b:?}"
        );
    }

    #[test]
    fn a_span_back_in_time_counts_as_one_ahead_does() {
        let history = json!({"type": "object", "required": ["symbol", "days"], "properties": {
            "symbol": {"type": "string"},
            "days": {"type": "integer", "description": "Number of past days"}}});
        let b = check(history.clone(), "How did TSLA do over the past week?");
        assert_eq!(b.arguments.get("days"), Some(&json!(7)), "{b:?}");
        let b = check(history, "How did TSLA do over the last week?");
        assert_eq!(b.arguments.get("days"), Some(&json!(7)), "{b:?}");
    }

    #[test]
    fn a_pair_of_currency_codes_is_a_base_and_a_quote() {
        let pair = json!({"type": "object", "required": ["base", "quote"], "properties": {
            "base": {"type": "string", "description": "Base currency code", "pattern": "^[A-Z]{3}$"},
            "quote": {"type": "string", "description": "Quote currency code", "pattern": "^[A-Z]{3}$"}}});
        let b = check(pair.clone(), "How did the EUR/JPY rate move?");
        assert_eq!(b.arguments.get("base"), Some(&json!("EUR")), "{b:?}");
        assert_eq!(b.arguments.get("quote"), Some(&json!("JPY")), "{b:?}");
        // Two currencies written apart give no order to parameters of no direction.
        let b = check(pair, "How many yen would I get for 300 CAD?");
        assert!(b.arguments.get("base").is_none_or(|v| v != "JPY"), "{b:?}");
    }

    #[test]
    fn a_name_written_whole_fills_its_parts() {
        let finder = json!({"type": "object", "required": ["first_name", "last_name", "domain"], "properties": {
            "first_name": {"type": "string", "description": "First name"},
            "last_name": {"type": "string", "description": "Last name"},
            "domain": {"type": "string", "description": "Company domain, e.g. stripe.com"}}});
        let b = check(
            finder,
            "What's the work email of Linus Torvalds at stripe.com?",
        );
        assert_eq!(
            b.arguments.get("first_name"),
            Some(&json!("Linus")),
            "{b:?}"
        );
        assert_eq!(
            b.arguments.get("last_name"),
            Some(&json!("Torvalds")),
            "{b:?}"
        );
        assert_eq!(
            b.arguments.get("domain"),
            Some(&json!("stripe.com")),
            "{b:?}"
        );
        let camel = json!({"type": "object", "required": ["givenName", "surname"], "properties": {
            "givenName": {"type": "string"}, "surname": {"type": "string"}}});
        let b = check(camel, "Look up Grace Hopper");
        assert_eq!(b.arguments.get("givenName"), Some(&json!("Grace")), "{b:?}");
        assert_eq!(b.arguments.get("surname"), Some(&json!("Hopper")), "{b:?}");
        // A place written in capitals is no person's name.
        let people = json!({"type": "object", "required": ["first_name", "last_name"], "properties": {
            "first_name": {"type": "string"}, "last_name": {"type": "string"}}});
        let b = check(people, "Who lives in New York?");
        assert_eq!(b.arguments.get("first_name"), None, "{b:?}");
    }

    #[test]
    fn a_nationality_beside_a_parameter_s_word_is_its_country() {
        let visa = json!({"type": "object", "required": ["passport_country", "destination_country"], "properties": {
            "passport_country": {"type": "string", "description": "Country that issued the passport"},
            "destination_country": {"type": "string", "description": "Country to visit"}}});
        let b = check(
            visa,
            "Do I need a visa to visit Vietnam with a Canadian passport?",
        );
        assert_eq!(
            b.arguments.get("passport_country"),
            Some(&json!("Canada")),
            "{b:?}"
        );
        assert_eq!(
            b.arguments.get("destination_country"),
            Some(&json!("Vietnam")),
            "{b:?}"
        );
        // A country's own name is not taken for a city of that name in it.
        let country = json!({"type": "object", "required": ["country"], "properties": {
            "country": {"type": "string", "description": "Country name, with its region if any"}}});
        let b = check(country, "Is it safe to travel to Mexico?");
        assert_eq!(b.arguments.get("country"), Some(&json!("Mexico")), "{b:?}");
        // A name that labels a quoted value after it is not the value.
        let server = json!({"type": "object", "required": ["host", "username"], "properties": {
            "host": {"type": "string"}, "username": {"type": "string"}}});
        let b = check(
            server,
            "Add a server with host IP as '192.168.0.10' and 'admin_user' as username",
        );
        assert_eq!(
            b.arguments.get("host"),
            Some(&json!("192.168.0.10")),
            "{b:?}"
        );
        assert_eq!(
            b.arguments.get("username"),
            Some(&json!("admin_user")),
            "{b:?}"
        );
    }

    #[test]
    fn one_currency_for_a_source_and_a_target_goes_where_its_word_points() {
        let schema = json!({"type": "object", "required": ["amount", "from_currency", "to_currency"], "properties": {
            "amount": {"type": "number"},
            "from_currency": {"type": "string", "description": "Currency code to convert from"},
            "to_currency": {"type": "string", "description": "Currency code to convert to"}}});
        let b = check(schema.clone(), "And into CHF?");
        assert_eq!(b.arguments.get("to_currency"), Some(&json!("CHF")), "{b:?}");
        assert!(!b.arguments.contains_key("from_currency"), "{b:?}");
    }

    #[test]
    fn a_postal_code_in_digits_goes_the_way_its_word_points() {
        let schema = json!({"type": "object", "required": ["postcode_from", "postcode_to"], "properties": {
            "postcode_from": {"type": "string"}, "postcode_to": {"type": "string"}}});
        let b = check(schema, "How long does delivery take from 10115 to 80331?");
        assert_eq!(
            b.arguments.get("postcode_from"),
            Some(&json!("10115")),
            "{b:?}"
        );
        assert_eq!(
            b.arguments.get("postcode_to"),
            Some(&json!("80331")),
            "{b:?}"
        );
        let zip = json!({"type": "object", "required": ["zip"], "properties": {"zip": {"type": "string"}}});
        let b = check(zip.clone(), "Weather for 94103 please");
        assert_eq!(b.arguments.get("zip"), Some(&json!("94103")), "{b:?}");
        // A count is no postal code.
        let b = check(zip, "Weather for 3 days");
        assert!(b.missing.iter().any(|m| m.name == "zip"), "{b:?}");
        // A code in an outward and an inward part is one code, not the first part alone.
        let near = json!({"type": "object", "required": ["postcode"], "properties": {
            "postcode": {"type": "string"}, "open_now": {"type": "boolean"}}});
        let b = check(near, "Is there a pharmacy open now near SW1A 1AA?");
        assert_eq!(
            b.arguments.get("postcode"),
            Some(&json!("SW1A 1AA")),
            "{b:?}"
        );
    }

    #[test]
    fn an_age_is_the_number_a_request_gives_as_one() {
        let schema = json!({"type": "object", "required": ["driver_age", "car_value"], "properties": {
            "driver_age": {"type": "integer", "minimum": 17, "maximum": 100},
            "car_value": {"type": "number", "description": "Value of the car"}}});
        let b = check(
            schema.clone(),
            "Get me a car insurance quote: I'm 29, the car is worth 18000",
        );
        assert_eq!(b.arguments.get("driver_age"), Some(&json!(29)), "{b:?}");
        assert_eq!(b.arguments.get("car_value"), Some(&json!(18000.0)), "{b:?}");
        let b = check(
            schema,
            "A quote for a 45 year old driver with a car worth 9000",
        );
        assert_eq!(b.arguments.get("driver_age"), Some(&json!(45)), "{b:?}");
    }

    #[test]
    fn a_number_before_the_things_a_method_returns_caps_how_many() {
        let schema = json!({"type": "object", "properties": {
            "region": {"type": "string", "pattern": "^[A-Z]{2}$"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}}});
        let topic: HashMap<String, f64> =
            [("movi".to_owned(), 1.0), ("trend".to_owned(), 1.0)].into();
        let bound = |q: &str| bind(&params(&schema), &Query::parse(q), &topic);
        let b = bound("What are the 5 most popular movies in GB this week?");
        assert_eq!(b.arguments.get("limit"), Some(&json!(5)), "{b:?}");
        let b = bound("Show me the 100 top trending movies");
        assert_eq!(invalid(&b, "limit").0, json!(100), "{b:?}");
        // A span of time is no cap.
        let b = bound("Movies trending in the last 24 hours");
        assert!(!b.arguments.contains_key("limit"), "{b:?}");
        // A number of something else is no cap.
        let b = bound("Movies trending in GB for 2 kids");
        assert!(
            !b.arguments.contains_key("limit") || b.arguments["limit"] == 10,
            "{b:?}"
        );
    }

    #[test]
    fn a_year_and_an_example_the_request_writes_are_their_parameters_values() {
        // A number named for a year takes the year written, not the first number.
        let car = json!({"type": "object", "required": ["make", "model", "year", "mileage"], "properties": {
            "make": {"type": "string"}, "model": {"type": "string"},
            "year": {"type": "integer", "minimum": 1980, "maximum": 2027},
            "mileage": {"type": "integer", "description": "Odometer reading in miles"}}});
        let b = check(
            car,
            "How much is my 2016 Ford Focus with 62000 miles worth?",
        );
        assert_eq!(b.arguments.get("year"), Some(&json!(2016)), "{b:?}");
        assert_eq!(b.arguments.get("mileage"), Some(&json!(62000)), "{b:?}");
        // A value the description gives as an example is named in any case.
        let courses = json!({"type": "object", "required": ["department"], "properties": {
            "department": {"type": "string", "description": "Department, e.g. Physics"},
            "term": {"type": "string", "enum": ["autumn", "spring", "summer"]}}});
        let b = check(
            courses.clone(),
            "What physics courses are on in the spring term?",
        );
        assert_eq!(
            b.arguments.get("department"),
            Some(&json!("Physics")),
            "{b:?}"
        );
        assert_eq!(b.arguments.get("term"), Some(&json!("spring")), "{b:?}");
        // A department the description does not give is not made up from a lower-case word.
        let b = check(courses, "What courses are on in the spring term?");
        assert!(b.missing.iter().any(|m| m.name == "department"), "{b:?}");
        assert_eq!(
            described_examples("Grid region, e.g. Scotland or Wales. Required."),
            ["Scotland", "Wales"]
        );
    }

    #[test]
    fn a_function_word_a_loose_pattern_accepts_is_no_value_of_it() {
        let schema = json!({"type": "object", "required": ["country"], "properties": {
            "country": {"type": "string", "description": "Two-letter country code", "pattern": "^[a-z]{2}$"}}});
        let b = check(schema.clone(), "Give me the business headlines for gb");
        assert_eq!(b.arguments.get("country"), Some(&json!("gb")), "{b:?}");
        let b = check(schema.clone(), "Give me the business headlines");
        assert!(b.missing.iter().any(|m| m.name == "country"), "{b:?}");
        // Named as a thing, it is one.
        let b = check(schema, "Show me the headlines in the us");
        assert_eq!(b.arguments.get("country"), Some(&json!("us")), "{b:?}");
    }

    #[test]
    fn a_number_before_what_a_parameter_s_description_counts_is_that_count() {
        let schema = json!({"type": "object", "required": ["country"], "properties": {
            "country": {"type": "string"},
            "page_size": {"type": "integer", "description": "Number of headlines to return", "maximum": 50}}});
        let b = check(schema.clone(), "The top 20 business headlines in Germany");
        assert_eq!(b.arguments.get("page_size"), Some(&json!(20)), "{b:?}");
        // One the schema refuses is reported, not dropped.
        let b = check(schema, "The top 200 business headlines in Germany");
        assert_eq!(invalid(&b, "page_size").0, json!(200));
    }

    /// The value a binding reports invalid for `name`, with the constraint it breaks.
    fn invalid<'a>(b: &'a Binding, name: &str) -> &'a (Value, String) {
        b.missing
            .iter()
            .find(|m| m.name == name)
            .and_then(|m| m.invalid.as_ref())
            .unwrap_or_else(|| panic!("{name} is not reported invalid: {b:?}"))
    }

    #[test]
    fn a_capital_letter_on_its_own_is_a_value() {
        let chords = json!({"type": "object", "required": ["key", "chords"], "properties": {
            "key": {"type": "string", "description": "The key for the chord progression."},
            "chords": {"type": "integer", "description": "Number of chords in the progression."}}});
        // A bare `key` whose description names no credential is a key of something else, and
        // one capital letter is its value, before the word or after its "of".
        for (query, key) in [
            (
                "Generate a major chord progression in C key with four chords.",
                "C",
            ),
            (
                "Generate a chord progression in the key of G with four chords.",
                "G",
            ),
            ("Make a progression in D key with 4 chords", "D"),
        ] {
            let b = check(chords.clone(), query);
            assert_eq!(b.arguments.get("key"), Some(&json!(key)), "{query}: {b:?}");
            assert_eq!(b.arguments.get("chords"), Some(&json!(4)), "{query}: {b:?}");
        }
        // A key its description calls a credential still wants a code, not a letter.
        let api = json!({"type": "object", "required": ["key"], "properties": {
            "key": {"type": "string", "description": "Your API key."}}});
        let b = check(api.clone(), "Generate a progression in G key");
        assert!(!b.arguments.contains_key("key"), "{b:?}");
        let b = check(api, "Use the key 'a81Fq-22x'");
        assert_eq!(b.arguments.get("key"), Some(&json!("a81Fq-22x")), "{b:?}");
        // A letter that only follows a number is its unit or hemisphere, not a name.
        let place = json!({"type": "object", "required": ["location"], "properties": {
            "location": {"type": "string", "description": "The location"}}});
        let b = check(place, "Weather at the coordinates 37.8651 N, 119.5383 W?");
        assert_ne!(b.arguments.get("location"), Some(&json!("N")), "{b:?}");
        assert_ne!(b.arguments.get("location"), Some(&json!("W")), "{b:?}");
        // The speaker's "I" is never a value.
        let player = json!({"type": "object", "required": ["player"], "properties": {
            "player": {"type": "string", "description": "The name of the player"}}});
        let b = check(player.clone(), "What score did I get as a player?");
        assert!(!b.arguments.contains_key("player"), "{b:?}");
        let b = check(player, "What is the score of player A?");
        assert_eq!(b.arguments.get("player"), Some(&json!("A")), "{b:?}");
    }

    #[test]
    fn a_parameter_for_a_word_takes_the_one_word_the_request_gives_it() {
        let word = json!({"type": "object", "required": ["word"], "properties": {
            "word": {"type": "string", "description": "The word"}}});
        // Nothing introduces the word, and however common a word it is the value.
        for (query, value) in [
            ("What does ephemeral mean?", "ephemeral"),
            ("Define laconic", "laconic"),
            ("Give me some other words for happy", "happy"),
        ] {
            let b = check(word.clone(), query);
            assert_eq!(
                b.arguments.get("word"),
                Some(&json!(value)),
                "{query}: {b:?}"
            );
        }
        // A request that writes no word but "that word", or two that could be it, gives none.
        for query in ["What does that word mean?", "Define laconic or terse"] {
            let b = check(word.clone(), query);
            assert!(!b.arguments.contains_key("word"), "{query}: {b:?}");
        }
        // A parameter named for something else does not take a lone word this way.
        let city = json!({"type": "object", "required": ["city"], "properties": {
            "city": {"type": "string", "description": "The city"}}});
        let b = check(city, "What does ephemeral mean?");
        assert!(!b.arguments.contains_key("city"), "{b:?}");
    }

    #[test]
    fn values_the_schema_refuses_are_reported_with_their_constraint_never_bound() {
        // maximum
        let b = check(
            json!({"type": "object", "properties": {"rating": {"type": "integer", "minimum": 1, "maximum": 5}},
                   "required": ["rating"]}),
            "rate the hotel rating=12",
        );
        assert!(!b.arguments.contains_key("rating"), "{b:?}");
        let (value, constraint) = invalid(&b, "rating");
        assert_eq!(value, &json!(12));
        assert!(constraint.contains("maximum of 5"), "{constraint}");
        // pattern
        let b = check(
            json!({"type": "object", "properties": {"code": {"type": "string", "pattern": "^[A-Z]{3}$"}},
                   "required": ["code"]}),
            "airport code=LHRX",
        );
        assert!(!b.arguments.contains_key("code"), "{b:?}");
        assert!(invalid(&b, "code").1.contains("^[A-Z]{3}$"));
        // type: a word where a boolean belongs
        let b = check(
            json!({"type": "object", "properties": {"express": {"type": "boolean"}}}),
            "ship it express=maybe",
        );
        assert!(!b.arguments.contains_key("express"), "{b:?}");
        assert_eq!(invalid(&b, "express").0, json!("maybe"));
        // enum, inside a body: the field is named by its path
        let b = check(
            json!({"type": "object", "required": ["body"], "properties": {"body": {"type": "object",
                "required": ["size"], "properties": {"size": {"type": "integer", "enum": [1, 2, 3]}}}}}),
            "size=7",
        );
        assert_eq!(invalid(&b, "body.size").0, json!(7), "{b:?}");
    }

    #[test]
    fn lists_and_objects_bind_as_structured_json() {
        let schema = json!({"type": "object", "properties": {
            "cash_flows": {"type": "array", "items": {"type": "integer"}},
            "table": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
            "options": {"type": "object", "properties": {"mode": {"type": "string"}}},
            "data": {"type": "array", "items": {"type": "integer"}}},
            "required": ["cash_flows", "table", "options", "data"]});
        let b = check(
            schema,
            "NPV with cash_flows=[200,300,400,500], table: [[10, 20], [30, 40]], options={'mode': 'fast'} and data: 85, 90, 88 and more",
        );
        assert_eq!(
            b.arguments["cash_flows"],
            json!([200, 300, 400, 500]),
            "{b:?}"
        );
        assert_eq!(b.arguments["table"], json!([[10, 20], [30, 40]]));
        assert_eq!(b.arguments["options"], json!({"mode": "fast"}));
        assert_eq!(b.arguments["data"], json!([85, 90, 88]));
        assert_eq!(
            Query::parse("a 2x2 table [ [10, 20], [30, 40] ] and ['a', 'b']").lists(),
            [json!([[10, 20], [30, 40]]), json!(["a", "b"])]
        );
        // Several values named for a list of choices are that list.
        let b = check(
            json!({"type": "object", "properties": {"metrics": {"type": "array",
                "items": {"enum": ["temperature", "humidity", "co2"]}}}, "required": ["metrics"]}),
            "latest temperature and humidity readings",
        );
        assert_eq!(
            b.arguments["metrics"],
            json!(["temperature", "humidity"]),
            "{b:?}"
        );
        assert!(b.fan_out.is_none() && b.missing.is_empty(), "{b:?}");
    }

    #[test]
    fn a_year_or_span_of_years_before_the_parameters_noun_is_its_value() {
        let schema = json!({"type": "object", "properties": {
            "player_name": {"type": "string", "description": "Name of the player."},
            "season": {"type": "string", "description": "Season, usually given by two years."}},
            "required": ["player_name", "season"]});
        let b = check(
            schema.clone(),
            "Get the player stats of Cristiano Ronaldo in the 2019-2020 season",
        );
        assert_eq!(b.arguments["season"], json!("2019-2020"), "{b:?}");
        let b = check(
            schema.clone(),
            "Get the player stats of Cristiano Ronaldo in the 2022 season",
        );
        assert_eq!(b.arguments["season"], json!("2022"), "{b:?}");
        // A count before it is not which one.
        let b = check(
            schema,
            "Get the player stats of Cristiano Ronaldo over 3 seasons",
        );
        assert!(!b.arguments.contains_key("season"), "{b:?}");
    }

    #[test]
    fn a_number_that_counts_another_thing_chooses_no_value() {
        let hotel = json!({"type": "object", "properties": {
            "stay_length": {"type": "integer", "description": "The length of the stay in days."},
            "number_of_rooms": {"type": "string", "description": "The number of rooms.",
                "enum": ["1", "2", "3", "dontcare"], "default": "dontcare"}},
            "required": ["stay_length"]});
        let b = check(hotel.clone(), "I will be staying for 3 nights");
        assert_eq!(b.arguments["stay_length"], json!(3), "{b:?}");
        assert!(!b.arguments.contains_key("number_of_rooms"), "{b:?}");
        // The thing it counts is the parameter's own.
        let b = check(hotel, "a stay of 4 days in 2 rooms");
        assert_eq!(b.arguments["number_of_rooms"], json!("2"), "{b:?}");
        // A number closing a sentence counts nothing.
        let b = check(
            json!({"type": "object", "properties": {"year": {"type": "string",
                "enum": ["2019", "2020", "2021"]}}}),
            "I like songs from 2021. Search for something like that",
        );
        assert_eq!(b.arguments["year"], json!("2021"), "{b:?}");
    }

    #[test]
    fn a_list_whose_enum_is_written_on_the_list_is_never_sent() {
        // As written, `enum` on the array itself admits no list: a server that checks its own
        // schema refuses any. Required, the value is reported with what it breaks.
        let metrics = json!({"type": "array", "items": {"type": "string"},
            "enum": ["temperature", "humidity", "co2"]});
        let b = check(
            json!({"type": "object", "properties": {"metrics": metrics}, "required": ["metrics"]}),
            "latest temperature and humidity readings",
        );
        assert!(!b.arguments.contains_key("metrics"), "{b:?}");
        let (value, constraint) = invalid(&b, "metrics");
        assert_eq!(*value, json!(["temperature", "humidity"]));
        assert!(constraint.contains("no list satisfies"), "{constraint}");
        // No value is offered: choosing one would be refused again.
        assert!(b.missing[0].choices.is_empty(), "{b:?}");
        // Optional, it is left out and the call stays valid.
        let b = check(
            json!({"type": "object", "properties": {"metrics": metrics, "per_page": {"type": "integer"}},
                "required": ["per_page"]}),
            "latest temperature and humidity readings, 100 per page",
        );
        assert_eq!(json!(b.arguments), json!({"per_page": 100}), "{b:?}");
        assert!(b.missing.is_empty(), "{b:?}");
    }

    #[test]
    fn values_that_only_differ_in_form_are_recast_to_the_schemas_type() {
        let schema = json!({"type": "object", "properties": {
            "count": {"type": "integer"}, "label": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}},
            "urgent": {"type": "boolean"}}});
        let p = params(&schema);
        let by = |n: &str| p.iter().find(|p| p.name == n).unwrap();
        assert_eq!(by("count").conform(json!("3")), Ok(json!(3)));
        assert_eq!(by("count").conform(json!(3.0)), Ok(json!(3)));
        assert_eq!(by("label").conform(json!(42)), Ok(json!("42")));
        assert_eq!(by("tags").conform(json!("red")), Ok(json!(["red"])));
        assert_eq!(
            by("tags").conform(json!("['red', 'blue']")),
            Ok(json!(["red", "blue"]))
        );
        assert_eq!(by("urgent").conform(json!("yes")), Ok(json!(true)));
        assert!(by("count").conform(json!("three")).is_err());
    }

    #[test]
    fn each_phase_binds_only_its_own_kind_and_spends_its_words() {
        let schema = json!({"type": "object", "properties": {
            "cabin": {"type": "string", "enum": ["Economy", "Business"]},
            "date": {"type": "string", "format": "date"},
            "seats": {"type": "integer"},
            "code": {"type": "string", "pattern": "^[A-Z]{2}[0-9]{3,4}$"},
            "city": {"type": "string"}},
            "required": ["cabin", "date", "seats", "code", "city"]});
        let params = params(&schema);
        let query = Query::parse("Business seats=2 on flight BA2490 to Lisbon on 2025-03-14");
        let topic = HashMap::new();
        let mut b = Binder::new(&params, &query, &topic);
        let bound = |b: &Binder| b.binding.arguments.keys().cloned().collect::<Vec<_>>();
        b.assignments();
        assert_eq!(bound(&b), ["seats"]);
        b.enums();
        assert_eq!(b.binding.arguments["cabin"], "Business");
        assert!(b.used_terms.contains("busi"), "the enum spent its word");
        b.moments();
        assert_eq!(b.binding.arguments["date"], "2025-03-14");
        let find = |name: &str| params.iter().find(|p| p.name == name).unwrap();
        b.pattern(find("code"));
        assert_eq!(b.binding.arguments["code"], "BA2490");
        let missing: Vec<String> = b.finish().missing.into_iter().map(|m| m.name).collect();
        assert_eq!(missing, ["city"], "the name phase did not run");
        let whole = check(
            schema,
            "Business seats=2 on flight BA2490 to Lisbon on 2025-03-14",
        );
        assert_eq!(whole.arguments.len(), 5, "{whole:?}");
    }

    fn tournaments() -> Value {
        json!({"type": "object", "properties": {
            "tournament": {"type": "string", "enum": ["FIFA World Cup 2026", "FIFA Women's World Cup 2027", "ICC Men's T20 World Cup 2026", "Rugby World Cup 2027", "NBA Finals 2027"]}
        }, "required": ["tournament"]})
    }

    #[test]
    fn identifier_parameters_take_codes_not_phrases() {
        let schema = json!({"type": "object", "properties": {
            "order_id": {"type": "string"}}, "required": ["order_id"]});
        let b = check(
            schema.clone(),
            "Check the status of my order for the Smart LED TV",
        );
        assert_eq!(
            b.missing.len(),
            1,
            "a product name is not an order id: {b:?}"
        );
        let b = check(schema.clone(), "Check the status of order ID XK-2291");
        assert_eq!(b.arguments["order_id"], "XK-2291");
        let b = check(schema.clone(), "Rename the order 'Frank' to 'Bob'");
        assert!(
            !b.arguments.contains_key("order_id"),
            "a quoted name is no id: {b:?}"
        );
        let b = check(schema, "Show the order with id efJG9");
        assert_eq!(
            b.arguments["order_id"], "efJG9",
            "the word after the id, not 'id efJG9'"
        );
        let schema = json!({"type": "object", "properties": {
            "ticket_number": {"type": "string"}}, "required": ["ticket_number"]});
        let b = check(
            schema.clone(),
            "What is the status of my flight? My name is Ana Lima.",
        );
        assert_eq!(b.missing.len(), 1, "a name is not a ticket number: {b:?}");
        let b = check(schema, "Status of ticket number 88172?");
        assert_eq!(b.arguments["ticket_number"], "88172");
    }

    #[test]
    fn dates_and_times_bind_in_order_in_the_form_the_schema_asks() {
        let schema = json!({"type": "object", "properties": {
            "check_in": {"type": "string", "description": "Check-in date, YYYY-MM-DD"},
            "check_out": {"type": "string", "description": "Check-out date, YYYY-MM-DD"},
            "guests": {"type": "integer"}
        }, "required": ["check_in", "check_out", "guests"]});
        let b = check(
            schema.clone(),
            "Rooms for 2 guests from the 3rd of May 2026 to May 7th, 2026",
        );
        assert_eq!(b.arguments["check_in"], "2026-05-03");
        assert_eq!(b.arguments["check_out"], "2026-05-07");
        assert_eq!(b.arguments["guests"], 2, "the year is not a guest count");
        let b = check(schema, "Rooms for 2 guests on June 4th");
        assert_eq!(b.arguments["check_in"], "June 4th", "no year: as written");
        assert_eq!(b.missing[0].name, "check_out");
        let schema = json!({"type": "object", "properties": {
            "departure_time": {"type": "string", "description": "Departure as 'YYYY-MM-DD HH:MM'"},
            "pickup": {"type": "string", "format": "time"}
        }, "required": ["departure_time"]});
        let b = check(schema, "Leave on 2026-01-20 at 5 in the afternoon");
        assert_eq!(b.arguments["departure_time"], "2026-01-20 17:00");
        // The shape the description spells: a `T` and seconds where it writes them, seconds
        // only where it never offers a time without.
        let spelled = |shape: &str, query: &str| {
            let schema = json!({"type": "object", "properties": {
                "date_time": {"type": "string", "description": format!("The new time, {shape}")}
            }, "required": ["date_time"]});
            check(schema, query).arguments["date_time"].clone()
        };
        let moved = "Move it to November 1, 2023 at 8pm";
        assert_eq!(
            spelled("in ISO-8601 format (e.g., 'YYYY-MM-DDTHH:MM:SS')", moved),
            "2023-11-01T20:00:00"
        );
        assert_eq!(spelled("in ISO 8601", moved), "2023-11-01T20:00");
        assert_eq!(
            spelled("as 'YYYY-MM-DD HH:MM:SS'", moved),
            "2023-11-01 20:00:00"
        );
        assert_eq!(spelled("as 'HH:MM:SS'", "Wake me at 11 PM"), "23:00:00");
        assert_eq!(
            spelled("such as 'HH:MM:SS' or 'HH:MM'", "Wake me at 11 PM"),
            "23:00"
        );
        // The date's order and separator too.
        assert_eq!(
            spelled(
                "in the format of 'dd/mm/yyyy HH:MM'",
                "Departing on the 12th of March 2023 at 3 in the afternoon"
            ),
            "12/03/2023 15:00"
        );
    }

    #[test]
    fn quantities_with_units_and_written_lists_bind() {
        let field = json!({"type": "object", "properties": {
            "current": {"type": "number", "description": "Current in amperes"},
            "radius": {"type": "number", "description": "Radius in meters"}
        }, "required": ["current", "radius"]});
        let b = check(
            field,
            "Field at the centre of a loop carrying 5 Ampere with a radius of 4m",
        );
        assert_eq!(
            (
                b.arguments["current"].as_f64(),
                b.arguments["radius"].as_f64()
            ),
            (Some(5.0), Some(4.0))
        );
        let street = json!({"type": "object", "properties": {
            "count": {"type": "integer"}}, "required": ["count"]});
        let b = check(street, "Deliver to 456 Elm Street");
        assert_eq!(b.missing.len(), 1, "a house number is not a count: {b:?}");
        let mean = json!({"type": "object", "properties": {
            "numbers": {"type": "array", "items": {"type": "integer"}}}, "required": ["numbers"]});
        let b = check(mean, "Average of [12, 15, 18, 20]");
        assert_eq!(b.arguments["numbers"], json!([12, 15, 18, 20]));
        // Objects written side by side fill the object parameters in order; one inside
        // another is part of it.
        let two = json!({"type": "object", "properties": {
            "dict1": {"type": "object"}, "dict2": {"type": "object"}},
            "required": ["dict1", "dict2"]});
        let b = check(two, "Combine {'a': 1, 'b': {'x': 2}} with {'c': 3}");
        assert_eq!(
            (&b.arguments["dict1"], &b.arguments["dict2"]),
            (&json!({"a": 1, "b": {"x": 2}}), &json!({"c": 3}))
        );
    }

    #[test]
    fn a_request_body_binds_field_by_field() {
        let schema = json!({"type": "object", "required": ["body"], "properties": {"body": {
            "type": "object", "required": ["mode", "power"], "properties": {
                "mode": {"type": "string", "enum": ["COOL", "AIR_DRY", "AIR_CLEAN"]},
                "power": {"type": "string", "enum": ["ECO", "BOOST"]},
                "target_temperature": {"type": "integer", "default": 22}}}}});
        let b = check(schema.clone(), "Set cool mode with boost power");
        assert_eq!(
            b.arguments["body"],
            json!({"mode": "COOL", "power": "BOOST"})
        );
        assert!(b.missing.is_empty(), "{b:?}");
        let b = check(schema.clone(), "Set air dry mode");
        assert_eq!(b.arguments["body"]["mode"], "AIR_DRY");
        assert_eq!(b.missing.len(), 1, "{b:?}");
        assert_eq!(b.missing[0].name, "body.power");
        assert_eq!(b.missing[0].choices, [json!("ECO"), json!("BOOST")]);
    }

    #[test]
    fn an_enum_value_named_in_full_binds_and_a_shared_phrase_is_ambiguous() {
        let b = check(tournaments(), "Who will win the FIFA World Cup 2026?");
        assert_eq!(b.arguments["tournament"], "FIFA World Cup 2026");
        assert!(b.ambiguity.is_none() && b.missing.is_empty());
        let b = check(tournaments(), "Who will win the World Cup?");
        let a = b.ambiguity.unwrap();
        assert_eq!(a.candidates.len(), 4, "{:?}", a.candidates);
        assert_eq!(
            a.candidates[0], "FIFA World Cup 2026",
            "fullest match, then declaration order"
        );
        let b = check(tournaments(), "women's world cup favourite");
        assert_eq!(b.arguments["tournament"], "FIFA Women's World Cup 2027");
        // An optional parameter the query leaves unclear is left to its default, not asked.
        let shop = json!({"type": "object", "properties": {
            "location": {"type": "string"},
            "services": {"type": "array",
                "items": {"type": "string", "enum": ["Guitar Lessons", "Violin Lessons"]}}},
            "required": ["location"]});
        let b = check(
            shop,
            "A guitar shop that offers violin lessons in Nashville",
        );
        assert!(b.ambiguity.is_none() && b.missing.is_empty(), "{b:?}");
        assert!(b.arguments.get("services").is_none(), "{b:?}");
    }

    #[test]
    fn of_values_named_equally_well_the_one_written_exactly_or_with_the_parameters_word_binds() {
        let genotype = json!({"type": "object", "required": ["genotype"], "properties": {
            "genotype": {"type": "string", "enum": ["AA", "Aa", "aa"]}}});
        let b = check(
            genotype.clone(),
            "What is the frequency of AA genotype in a population?",
        );
        assert_eq!(b.arguments["genotype"], "AA", "{b:?}");
        let b = check(
            genotype,
            "What is the frequency of aa genotype in a population?",
        );
        assert_eq!(b.arguments["genotype"], "aa", "{b:?}");
        let history = json!({"type": "object", "required": ["experience_or_education"], "properties": {
            "experience_or_education": {"type": "string", "enum": [
                "Internship at Universitas Sebelas Maret (UNS)",
                "Education at Universitas Sebelas Maret (UNS)"]}}});
        let b = check(
            history,
            "the details of Adriel's education at Universitas Sebelas Maret (UNS)",
        );
        assert_eq!(
            b.arguments["experience_or_education"], "Education at Universitas Sebelas Maret (UNS)",
            "{b:?}"
        );
        // A number the query writes for something else does not pick a numeric value.
        let service = json!({"type": "object", "required": ["service_id"], "properties": {
            "service_id": {"type": "integer", "enum": [1, 2, 35]}}});
        let b = check(service, "aged between 2 and 35");
        assert_ne!(b.arguments.get("service_id"), Some(&json!(35)), "{b:?}");
    }

    #[test]
    fn an_enum_value_named_by_a_form_of_its_word_binds_and_a_word_only_alike_does_not() {
        text::semantic::load().expect("the semantic table loads");
        let schema = json!({"type": "object", "properties": {
            "intent": {"type": "string", "enum": ["rent", "buy"]},
            "genre": {"type": "string", "enum": ["Action", "Thriller", "Drama"]}},
            "required": ["intent"]});
        let b = check(schema.clone(), "Find a rental in Lisbon with a thrill");
        assert_eq!(b.arguments["intent"], "rent");
        assert_eq!(b.arguments["genre"], "Thriller");
        // "acted" is near Action in meaning, "lease" near rent, but neither is a form of the
        // value ("purchase" is: buying is one act whatever the verb, `text::lexicon::SAME_ACTS`).
        let b = check(schema, "homes for lease, acted by someone");
        assert!(!b.arguments.contains_key("genre"), "{b:?}");
        assert_eq!(
            b.missing
                .iter()
                .map(|m| m.name.as_str())
                .collect::<Vec<_>>(),
            ["intent"]
        );
    }

    #[test]
    fn a_name_alike_in_meaning_to_a_described_value_is_a_value_of_its_own() {
        let schema = json!({"type": "object", "required": ["team"], "properties": {
            "team": {"type": "string", "description": "Club name, for example 'Arsenal'."}}});
        let b = check(schema.clone(), "Fixtures for Chelsea");
        assert_eq!(b.arguments["team"], "Chelsea", "{b:?}");
        let b = check(schema, "Fixtures for Arsenal");
        assert_eq!(b.arguments["team"], "Arsenal", "{b:?}");
    }

    #[test]
    fn values_the_query_coordinates_for_one_parameter_fan_out() {
        let ticker = json!({"type": "object", "required": ["ticker"], "properties": {
            "ticker": {"type": "string", "description": "Ticker symbol"}}});
        let b = check(ticker, "Get the stock prices of AAPL, MSFT and GOOG.");
        assert_eq!(
            b.fan_out,
            Some((
                "ticker".into(),
                vec![json!("AAPL"), json!("MSFT"), json!("GOOG")]
            )),
            "{b:?}"
        );
        assert!(b.arguments.get("ticker").is_none() && b.missing.is_empty());
        // A number taken from inside a list of numbers stands for the list; numbers two
        // parameters share out are no list.
        let prime = json!({"type": "object", "required": ["num"], "properties": {
            "num": {"type": "integer", "description": "The number to check."}}});
        let b = check(prime, "Are 17, 23 and 91 prime numbers?");
        assert_eq!(
            b.fan_out,
            Some(("num".into(), vec![json!(17), json!(23), json!(91)])),
            "{b:?}"
        );
        let zip = json!({"type": "object", "required": ["zipcode"], "properties": {
            "zipcode": {"type": "string", "description": "The ZIP code."}}});
        let b = check(zip, "Find the city for ZIP codes 10001 and 94105");
        assert_eq!(
            b.fan_out,
            Some(("zipcode".into(), vec![json!("10001"), json!("94105")])),
            "{b:?}"
        );
        let gcd = json!({"type": "object", "required": ["a", "b"], "properties": {
            "a": {"type": "integer"}, "b": {"type": "integer"}}});
        let b = check(gcd, "The greatest common divisor of 12 and 18");
        assert_eq!(
            (&b.arguments["a"], &b.arguments["b"], &b.fan_out),
            (&json!(12), &json!(18), &None)
        );
        let place = json!({"type": "object", "required": ["location"], "properties": {
            "location": {"type": "string", "description": "The city and state, e.g. San Francisco, CA"}}});
        let b = check(
            place.clone(),
            "Weather in Boston, MA and San Francisco, CA?",
        );
        assert_eq!(
            b.fan_out,
            Some((
                "location".into(),
                vec![json!("Boston, MA"), json!("San Francisco, CA")]
            )),
            "{b:?}"
        );
        // A comma alone joins the parts of one value.
        let b = check(place, "Weather in Miami, FL on Friday?");
        assert!(b.fan_out.is_none(), "{b:?}");
        let circle = json!({"type": "object", "required": ["radius"], "properties": {
            "radius": {"type": "number", "description": "The radius of the circle."}}});
        let b = check(circle, "What is the area of circles with radius 5 and 10?");
        assert_eq!(
            b.fan_out,
            Some(("radius".into(), vec![json!(5.0), json!(10.0)])),
            "{b:?}"
        );
        // Values shared out between parameters are not a list of one.
        let route = json!({"type": "object", "required": ["origin", "destination"], "properties": {
            "origin": {"type": "string", "description": "Start city"},
            "destination": {"type": "string", "description": "End city"}}});
        let b = check(route, "Driving distance from Boston and to Denver");
        assert!(b.fan_out.is_none(), "{b:?}");
        // A plain word after "and" opens a clause of its own.
        let painting = json!({"type": "object", "required": ["medium"], "properties": {
            "medium": {"type": "string", "description": "The new medium"},
            "size": {"type": "string", "description": "The new size"}}});
        let b = check(
            painting,
            "Change the medium to oil and change size to 12x18",
        );
        assert!(b.fan_out.is_none(), "{b:?}");
    }

    #[test]
    fn a_list_of_numbers_where_a_parameter_takes_one_fans_out() {
        let factorial = json!({"type": "object", "required": ["n"], "properties": {
            "n": {"type": "integer", "description": "The number"}}});
        let b = check(factorial.clone(), "What are the factorials of 5, 7 and 10?");
        assert_eq!(
            b.fan_out,
            Some(("n".into(), vec![json!(5), json!(7), json!(10)])),
            "{b:?}"
        );
        assert!(b.missing.is_empty(), "{b:?}");
        // The last may repeat the preposition, after an "also".
        let b = check(factorial, "What is the factorial of 5, and also of 7?");
        assert_eq!(
            b.fan_out,
            Some(("n".into(), vec![json!(5), json!(7)])),
            "{b:?}"
        );
        let population = json!({"type": "object", "required": ["country", "year"], "properties": {
            "country": {"type": "string", "description": "Country name"},
            "year": {"type": "integer", "description": "The year"}}});
        let b = check(population, "Population of Japan in 2000 and 2010");
        assert_eq!(
            b.fan_out,
            Some(("year".into(), vec![json!(2000), json!(2010)])),
            "{b:?}"
        );
        assert_eq!(b.arguments["country"], "Japan");
        // "between ... and" writes one range.
        let provider = json!({"type": "object", "required": ["group"], "properties": {
            "group": {"type": "integer", "description": "The group id"}}});
        let b = check(provider, "a provider between the ages of 25 and 35");
        assert!(b.fan_out.is_none(), "{b:?}");
    }

    #[test]
    fn units_bind_to_the_source_and_the_target_they_are_written_as() {
        let convert = json!({"type": "object", "required": ["value", "from_unit", "to_unit"], "properties": {
            "value": {"type": "number", "description": "The quantity."},
            "from_unit": {"type": "string", "description": "Unit to convert from."},
            "to_unit": {"type": "string", "description": "Unit to convert to."}}});
        for q in [
            "Convert 26.2 miles to kilometers.",
            "How many kilometers is 26.2 miles?",
        ] {
            let b = check(convert.clone(), q);
            assert!(b.missing.is_empty(), "{q}: {b:?}");
            assert_eq!(b.arguments["from_unit"], "miles", "{q}");
            assert_eq!(b.arguments["to_unit"], "kilometers", "{q}");
            assert_eq!(b.arguments["value"], 26.2, "{q}");
        }
        // Units of volume are units too, a kitchen's among them.
        let b = check(convert.clone(), "How many teaspoons are in 2 tablespoons?");
        assert!(b.missing.is_empty(), "{b:?}");
        assert_eq!(b.arguments["from_unit"], "tablespoons");
        assert_eq!(b.arguments["to_unit"], "teaspoons");
        assert_eq!(b.arguments["value"], 2.0);
        // One unit for a target: the one "to" introduces, never the one converted from.
        let target = json!({"type": "object", "required": ["to_unit"], "properties": {
            "to_unit": {"type": "string", "description": "Unit to convert to."}}});
        assert_eq!(
            check(target.clone(), "Show it in kilograms").arguments["to_unit"],
            "kilograms"
        );
        assert!(check(target, "Convert 3 kilograms").arguments.is_empty());
    }

    #[test]
    fn a_list_of_records_binds_one_record_per_part_written_in_prose() {
        let meal = json!({"type": "object", "required": ["ingredients"], "properties": {
            "ingredients": {"type": "array", "description": "Ingredients of the meal.",
                "items": {"type": "object", "required": ["name", "grams"], "properties": {
                    "name": {"type": "string", "description": "Ingredient name."},
                    "grams": {"type": "number", "description": "Quantity in grams."}}}}}});
        let b = check(
            meal.clone(),
            "How many calories are in a meal of 200 grams of rice and 150 grams of chicken breast?",
        );
        assert!(b.missing.is_empty(), "{b:?}");
        assert_eq!(
            b.arguments["ingredients"],
            json!([{"name": "rice", "grams": 200.0}, {"name": "chicken breast", "grams": 150.0}])
        );
        // A part that names no quantity of a thing fills no record: the list is asked for.
        let b = check(meal, "How many calories are in my dinner?");
        assert_eq!(b.missing[0].name, "ingredients");
        // A part whose values another parameter took is no record.
        let order = json!({"type": "object", "required": ["restaurant_id", "items"], "properties": {
            "restaurant_id": {"type": "string", "description": "The restaurant's id."},
            "items": {"type": "array", "items": {"type": "object", "required": ["item_id"],
                "properties": {"item_id": {"type": "string", "description": "The item's id."}}}}}});
        let b = check(
            order,
            "Order from id = McDonald's, the item ID 'burger123' and the item ID 'wing456'.",
        );
        assert_eq!(b.arguments["restaurant_id"], "McDonald's", "{b:?}");
        assert_eq!(
            b.arguments["items"],
            json!([{"item_id": "burger123"}, {"item_id": "wing456"}])
        );
        let courses = json!({"type": "object", "required": ["courses"], "properties": {
            "courses": {"type": "array", "items": {"type": "object", "required": ["course", "credits"],
                "properties": {
                    "course": {"type": "string", "description": "Course name."},
                    "credits": {"type": "integer", "description": "Credit hours."}}}}}});
        // The method's own topic ("GPA") is no course.
        let topic: HashMap<String, f64> = [("gpa".to_owned(), 1.0)].into();
        let q = Query::parse("My GPA with Algebra for 4 credits and Physics for 3 credits");
        let b = bind(&params(&courses), &q, &topic);
        assert_eq!(
            b.arguments["courses"],
            json!([{"course": "Algebra", "credits": 4}, {"course": "Physics", "credits": 3}]),
            "{b:?}"
        );
    }

    #[test]
    fn values_named_by_their_own_words_fan_out() {
        let schema = json!({"type": "object", "properties": {"symbol": {"type": "string", "enum": ["BTC", "ETH", "SOL"],
            "description": "BTC (Bitcoin), ETH (Ethereum), SOL (Solana)"}}, "required": ["symbol"]});
        let b = check(schema.clone(), "compare bitcoin and ethereum prices");
        assert_eq!(
            b.fan_out,
            Some(("symbol".into(), vec![json!("BTC"), json!("ETH")]))
        );
        assert!(b.missing.is_empty());
        let b = check(schema, "what is the price?");
        assert_eq!(b.missing[0].name, "symbol");
        assert_eq!(b.missing[0].choices.len(), 3);
        // A value named only in part, by the word the method itself is about, is not chosen
        // beside one the query names in full.
        let trends = json!({"type": "object", "required": ["trend_type"], "properties": {
            "trend_type": {"type": "string", "description": "Which list to return.",
                "enum": ["MARKET_INDEXES", "MOST_ACTIVE", "GAINERS", "LOSERS"]}}});
        let topic: HashMap<String, f64> = ["market", "trend"]
            .into_iter()
            .map(|t| (t.to_owned(), 1.0))
            .collect();
        let q = Query::parse("Show me today's top gainers in the US market.");
        let b = bind(&params(&trends), &q, &topic);
        assert!(b.fan_out.is_none(), "{b:?}");
        assert_eq!(b.arguments["trend_type"], "GAINERS");
        let q = Query::parse("Show me the market indexes and the losers.");
        let b = bind(&params(&trends), &q, &topic);
        assert_eq!(
            b.fan_out,
            Some((
                "trend_type".into(),
                vec![json!("MARKET_INDEXES"), json!("LOSERS")]
            ))
        );
        // A word only the description uses ("opening hours") still names its value.
        let museum = json!({"type": "object", "required": ["museum"], "properties": {
            "museum": {"type": "string", "description": "The name of the museum."},
            "information": {"type": "array", "description": "The information needed.",
                "items": {"type": "string", "enum": ["opening_hours", "ticket_price", "address"]}}}});
        let topic: HashMap<String, f64> = [("museum", 1.0), ("hour", 0.9), ("ticket", 0.9)]
            .into_iter()
            .map(|(t, w)| (t.to_owned(), w))
            .collect();
        let q = Query::parse("Find the working hours and ticket price of The British Museum.");
        let b = bind(&params(&museum), &q, &topic);
        assert_eq!(
            b.arguments["information"],
            json!(["opening_hours", "ticket_price"]),
            "{b:?}"
        );
    }

    #[test]
    fn items_chosen_from_a_set_bind_as_the_list_the_query_names() {
        let park = json!({"type": "object", "properties": {
            "park": {"type": "string"},
            "information": {"type": "array", "description": "What to tell about the park.",
                "items": {"type": "string", "enum": ["Elevation", "Area", "Location"]}}},
            "required": ["park", "information"]});
        let b = check(
            park.clone(),
            "What's the elevation and area of Yellowstone?",
        );
        assert_eq!(
            b.arguments["information"],
            json!(["Elevation", "Area"]),
            "{b:?}"
        );
        assert!(
            b.fan_out.is_none(),
            "one call with the list, not one per value"
        );
        let b = check(park.clone(), "What's the elevation of Yellowstone?");
        assert_eq!(
            b.arguments["information"],
            json!(["Elevation"]),
            "a list of one"
        );
        let b = check(park, "Tell me about Yellowstone");
        assert!(b.missing.iter().any(|m| m.name == "information"), "{b:?}");
    }

    #[test]
    fn patterns_numbers_entities_and_free_text() {
        let schema = json!({"type": "object", "properties": {
            "account": {"type": "string", "pattern": "^acct-[0-9]{4}$"},
            "limit": {"type": "integer"},
            "city": {"type": "string"},
            "query": {"type": "string"}
        }, "required": ["account", "limit", "city"]});
        let b = check(schema, "Show the last 5 trades of acct-0042 made in Lisbon");
        assert_eq!(b.arguments["account"], "acct-0042");
        assert_eq!(b.arguments["limit"], 5);
        assert_eq!(b.arguments["city"], "Lisbon");
        assert_eq!(
            b.arguments["query"],
            "Show the last 5 trades of acct-0042 made in Lisbon"
        );
        assert!(b.missing.is_empty());
    }

    #[test]
    fn explicit_assignments_bind_by_parameter_name() {
        let schema = json!({"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}, "c": {"type": "integer"},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, "required": ["a", "b", "c"]});
        let b = check(
            schema,
            "Find the roots with coefficients a=1, b=-3, c = 2 (unit: Fahrenheit)",
        );
        assert_eq!(b.arguments["a"], 1);
        assert_eq!(b.arguments["b"], -3);
        assert_eq!(b.arguments["c"], 2);
        assert_eq!(b.arguments["unit"], "fahrenheit");
        assert!(b.missing.is_empty());
        // A quoted value right after the parameter's name is its value; a possessive is not.
        let logs = json!({"type": "object", "properties": {
            "query": {"type": "string", "description": "A search query to filter the logs."},
            "owner": {"type": "string", "description": "Whose logs."}}});
        let b = check(
            logs.clone(),
            "Show the access log for query \"llama\", newest first",
        );
        assert_eq!(b.arguments["query"], "llama", "{b:?}");
        let b = check(logs, "the owner's logs for 'eu-west'");
        assert_ne!(
            b.arguments.get("owner"),
            Some(&json!("s logs for ")),
            "{b:?}"
        );
    }

    #[test]
    fn a_value_the_request_links_to_a_parameters_name_is_its_value() {
        let server = json!({"type": "object", "properties": {
            "nickname": {"type": "string", "description": "A nickname for the configuration."},
            "host": {"type": "string", "description": "The hostname or IP address."},
            "database": {"type": "string", "description": "The database to connect to."},
            "username": {"type": "string", "description": "The user to log in as."},
            "password": {"type": "string", "description": "The password of the user."}},
            "required": ["nickname", "host", "database", "username", "password"]});
        let b = check(
            server,
            "Connect to our database. My username is 'dbadmin', the password should be \
             'secure*pwd123', the database name is 'sales_data', the host is \
             'db.company.com' and the server is called 'EnterpriseDB'.",
        );
        for (name, value) in [
            ("nickname", "EnterpriseDB"),
            ("host", "db.company.com"),
            ("database", "sales_data"),
            ("username", "dbadmin"),
            ("password", "secure*pwd123"),
        ] {
            assert_eq!(b.arguments[name], value, "{name}: {b:?}");
        }
    }

    #[test]
    fn a_parameters_name_written_as_words_assigns_the_value_after_it() {
        let flight = json!({"type": "object", "properties": {
            "flight_id": {"type": "string", "description": "The flight's identifier."},
            "ticket_number": {"type": "string", "description": "The passenger's ticket."},
            "card_number": {"type": "string", "description": "The credit card number."},
            "pageSize": {"type": "integer", "description": "Entries per page."},
            "user_first_name": {"type": "string", "description": "The first name of the user."},
            "user_last_name": {"type": "string", "description": "The last name of the user."}},
            "required": ["flight_id", "ticket_number", "user_first_name", "user_last_name"]});
        // "is" and a code, a colon, a code right after the name, a number written as a word.
        let b = check(
            flight.clone(),
            "Check flight 6E123, my ticket number is IND4567. Card number 4012888888881881, \
             page size 'nine'. My first name is Maxwell, last name Edison.",
        );
        for (name, value) in [
            ("flight_id", json!("6E123")),
            ("ticket_number", json!("IND4567")),
            ("card_number", json!("4012888888881881")),
            ("pageSize", json!(9)),
            ("user_first_name", json!("Maxwell")),
            ("user_last_name", json!("Edison")),
        ] {
            assert_eq!(b.arguments.get(name), Some(&value), "{name}: {b:?}");
        }
        let b = check(flight.clone(), "Status for ticket number: IND5463 please");
        assert_eq!(b.arguments["ticket_number"], "IND5463", "{b:?}");
        // A name's last word alone assigns after "is" or a colon, and only a value of the
        // parameter's type.
        let badge = json!({"type": "object", "properties": {
            "project_name": {"type": "string", "description": "The project."},
            "project_version": {"type": "string", "description": "The project's version."},
            "missing_values": {"type": "string", "enum": ["mean", "median"]}},
            "required": ["project_version"]});
        let b = check(
            badge,
            "The violation badge for project bandana. The version is 5. Numerical values: [2.5, 3.6]",
        );
        assert_eq!(b.arguments["project_version"], "5", "{b:?}");
        assert!(b.arguments.get("missing_values").is_none(), "{b:?}");
        // A word like "my" is no name, and a quantity with its unit is no number's code.
        let b = check(flight, "What is your name My name is Sara");
        assert!(!b.arguments.values().any(|v| v == "My"), "{b:?}");
        let triangle = json!({"type": "object", "properties": {
            "base": {"type": "integer"}, "height": {"type": "integer"}},
            "required": ["base", "height"]});
        let b = check(
            triangle,
            "the area of a triangle with base 5m and height 3m",
        );
        assert_eq!(
            (&b.arguments["base"], &b.arguments["height"]),
            (&json!(5), &json!(3))
        );
        // "to" leads any value: a range's end stays the range's.
        let span = json!({"type": "object", "properties": {
            "to": {"type": "integer", "description": "End of the timeframe."},
            "_from": {"type": "integer", "description": "Start of the timeframe."}},
            "required": ["to"]});
        let b = check(span, "I need events from 193000 to 339000");
        assert_eq!(
            (&b.arguments["_from"], &b.arguments["to"]),
            (&json!(193000), &json!(339000))
        );
    }

    #[test]
    fn an_action_named_by_a_verb_that_does_the_same_is_chosen() {
        let todo = json!({"type": "object", "required": ["type", "content"], "properties": {
            "type": {"type": "string", "description": "The action to be performed on the todo list.", "enum": ["add", "delete", "update"]},
            "content": {"type": "string", "description": "The details of the todo item."}}});
        let b = check(
            todo.clone(),
            "Remove the 'todo random' item from my todo list",
        );
        assert_eq!(b.arguments["type"], "delete", "{b:?}");
        let b = check(
            todo.clone(),
            "can you create todo for 'go for shopping at 9 pm'",
        );
        assert_eq!(b.arguments["type"], "add", "{b:?}");
        let b = check(todo, "I want to look at 'go shopping' on my todo list");
        assert!(b.arguments.get("type").is_none(), "{b:?}");
    }

    #[test]
    fn buying_and_booking_are_each_one_act_whatever_the_verb() {
        let homes = json!({"type": "object", "required": ["area", "intent"], "properties": {
            "area": {"type": "string", "description": "The city, as 'City, State'."},
            "intent": {"type": "string", "description": "Whether the user is looking to rent or buy.", "enum": ["rent", "buy"]}}});
        let b = check(
            homes.clone(),
            "Find me homes available for purchase in Fresno, CA",
        );
        assert_eq!(b.arguments["intent"], "buy", "{b:?}");
        let b = check(homes.clone(), "Find me homes to rent in Fresno, CA");
        assert_eq!(b.arguments["intent"], "rent", "{b:?}");
        let b = check(homes, "Find me homes in Fresno, CA");
        assert!(b.arguments.get("intent").is_none(), "{b:?}");
        let seats = json!({"type": "object", "required": ["action"], "properties": {
            "action": {"type": "string", "enum": ["book", "cancel"]}}});
        let b = check(seats, "Please reserve two seats for tonight's show");
        assert_eq!(b.arguments["action"], "book", "{b:?}");
    }

    #[test]
    fn a_number_word_hyphened_to_what_it_counts_counts_that_alone() {
        let homes = json!({"type": "object", "required": ["number_of_beds", "number_of_baths"], "properties": {
            "number_of_beds": {"type": "integer", "description": "The number of bedrooms required in the property."},
            "number_of_baths": {"type": "integer", "description": "The number of bathrooms required in the property."}}});
        let b = check(
            homes,
            "Find a two-bedroom, one-bathroom apartment in Denver",
        );
        assert_eq!(
            (
                &b.arguments["number_of_beds"],
                &b.arguments["number_of_baths"]
            ),
            (&json!(2), &json!(1)),
            "{b:?}"
        );
        // "one-way" and "six-sided" count no passenger and no roll.
        let trip = json!({"type": "object", "required": ["passengers"], "properties": {
            "passengers": {"type": "integer", "description": "How many people travel."}}});
        let b = check(trip, "Find me a one-way flight to Portland");
        assert!(b.arguments.get("passengers").is_none(), "{b:?}");
        let dice = json!({"type": "object", "required": ["rolls"], "properties": {
            "rolls": {"type": "integer", "description": "Number of rolls."}}});
        let b = check(
            dice,
            "the chance of a total of 9 with a six-sided die, rolled twice",
        );
        assert_ne!(b.arguments.get("rolls"), Some(&json!(6)), "{b:?}");
    }

    #[test]
    fn a_time_of_day_fills_a_method_that_takes_it_as_hours_and_minutes() {
        let clock = json!({"type": "object", "required": ["hours", "minutes"], "properties": {
            "hours": {"type": "integer", "description": "The hour on the clock."},
            "minutes": {"type": "integer", "description": "The minute on the clock."}}});
        let b = check(
            clock.clone(),
            "the angle between the hands of a clock at 6:30 PM",
        );
        assert_eq!(
            (&b.arguments["hours"], &b.arguments["minutes"]),
            (&json!(6), &json!(30)),
            "{b:?}"
        );
        let b = check(clock, "the angle between the hands at 18:45");
        assert_eq!(
            (&b.arguments["hours"], &b.arguments["minutes"]),
            (&json!(18), &json!(45)),
            "{b:?}"
        );
        // A lone `hours` may be how long: a time of day is no value of it.
        let parking = json!({"type": "object", "required": ["hours"], "properties": {
            "hours": {"type": "integer", "description": "How long to park."}}});
        let b = check(parking, "park at 5pm tonight");
        assert!(b.arguments.get("hours").is_none(), "{b:?}");
    }

    #[test]
    fn a_list_whose_description_names_its_parts_takes_the_number_after_each() {
        let weather = json!({"type": "object", "required": ["coordinates"], "properties": {
            "coordinates": {"type": "array", "items": {"type": "number"},
                "description": "An array containing the latitude and longitude of the location."}}});
        let b = check(
            weather.clone(),
            "the temperature in Berkeley using longitude -122.2730 and latitude 37.8715",
        );
        assert_eq!(
            b.arguments["coordinates"],
            json!([37.8715, -122.273]),
            "{b:?}"
        );
        // One part named is no list of parts.
        let b = check(weather, "the temperature at latitude 37.8715 in Berkeley");
        assert!(b.arguments.get("coordinates").is_none(), "{b:?}");
    }

    #[test]
    fn a_value_the_description_glosses_with_a_word_is_named_by_that_word() {
        let order = json!({"type": "object", "required": ["sort"], "properties": {
            "sort": {"type": "string", "enum": ["asc", "desc"],
                "description": "The order of the list. Use 'asc' for ascending or 'desc' for descending order."}}});
        let b = check(
            order.clone(),
            "all synthetic locations, sorted in ascending order",
        );
        assert_eq!(b.arguments["sort"], "asc", "{b:?}");
        let b = check(
            order.clone(),
            "all synthetic locations, the newest first, descending",
        );
        assert_eq!(b.arguments["sort"], "desc", "{b:?}");
        let b = check(order, "all synthetic locations");
        assert!(b.arguments.get("sort").is_none(), "{b:?}");
    }

    #[test]
    fn an_object_without_declared_fields_takes_the_one_written_out() {
        let grades = json!({"type": "object", "required": ["gradeDict"], "properties": {
            "gradeDict": {"type": "object", "description": "A dictionary where keys represent subjects and values represent scores"}}});
        let b = check(
            grades.clone(),
            "the average for John, who has these scores {'math':90, 'science':75} across subjects",
        );
        assert_eq!(
            b.arguments["gradeDict"],
            json!({"math": 90, "science": 75}),
            "{b:?}"
        );
        let b = check(grades.clone(), r#"average of {"math": 90}"#);
        assert_eq!(b.arguments["gradeDict"], json!({"math": 90}), "{b:?}");
        // Two written out: which one is a guess.
        let b = check(grades, "compare {'math':90} with {'math':70}");
        assert!(b.arguments.get("gradeDict").is_none(), "{b:?}");
    }

    #[test]
    fn the_next_week_or_month_is_one_span_in_the_unit_a_count_takes() {
        let forecast = json!({"type": "object", "required": ["location", "days"], "properties": {
            "location": {"type": "string"},
            "days": {"type": "integer", "description": "Number of days to forecast."}}});
        let b = check(
            forecast.clone(),
            "the air quality index of New York for the next week",
        );
        assert_eq!(b.arguments["days"], 7, "{b:?}");
        let b = check(
            forecast.clone(),
            "the air quality index of New York for the next 3 days",
        );
        assert_eq!(b.arguments["days"], 3, "{b:?}");
        let b = check(forecast, "the air quality index of New York next month");
        assert!(
            b.arguments.get("days").is_none(),
            "a month is no exact count of days: {b:?}"
        );
        // A calendar year is no count of years.
        let census = json!({"type": "object", "required": ["year"], "properties": {
            "year": {"type": "integer"}}});
        let b = check(census, "the population of Peru next year");
        assert!(b.arguments.get("year").is_none(), "{b:?}");
    }

    #[test]
    fn coordinated_codes_fill_a_list_of_identifiers_wherever_a_quotation_stands() {
        let order = json!({"type": "object", "required": ["order_id", "items"], "properties": {
            "order_id": {"type": "string", "description": "Unique identifier for the order."},
            "items": {"type": "array", "items": {"type": "string"}, "description": "List of unique identifiers for items included in the order."}}});
        // The quoted code comes first among the names; the list's label is no item.
        let b = check(
            order,
            "The order ID is ORD123, it includes the items with IDs ITM456 and ITM789. \
             Apply the code 'DISC20'.",
        );
        assert_eq!(b.arguments["items"], json!(["ITM456", "ITM789"]), "{b:?}");
        assert_eq!(b.arguments["order_id"], "ORD123", "{b:?}");
    }

    #[test]
    fn a_year_is_a_number_whatever_type_the_schema_gives_it() {
        let density = json!({"type": "object", "properties": {
            "country": {"type": "string", "description": "The country."},
            "year": {"type": "string", "description": "The year of the figure."},
            "population": {"type": "integer", "description": "The population of the country."}},
            "required": ["country", "year", "population"]});
        // The year leaves one name for the one open text parameter, and a number a scale word
        // follows is read with its scale, not as a code after "is".
        let b = check(
            density,
            "Calculate the density for Brazil in 2022 if the population is 213 million",
        );
        assert_eq!(b.arguments["year"], "2022", "{b:?}");
        assert_eq!(b.arguments["country"], "Brazil", "{b:?}");
        assert_eq!(b.arguments["population"], 213_000_000, "{b:?}");
        // A season is named by its year; bound first, it leaves the names one for each of the
        // other text parameters, and a name it ends keeps none of it.
        let ranking = json!({"type": "object", "properties": {
            "team": {"type": "string", "description": "The name of the team."},
            "league": {"type": "string", "description": "The name of the sports league."},
            "season": {"type": "string", "description": "The season of the ranking."}},
            "required": ["team", "league", "season"]});
        let b = check(
            ranking.clone(),
            "What's the ranking of Barcelona in the 2021 La Liga season?",
        );
        assert_eq!(
            (
                &b.arguments["team"],
                &b.arguments["league"],
                &b.arguments["season"]
            ),
            (&json!("Barcelona"), &json!("La Liga"), &json!("2021")),
            "{b:?}"
        );
        let b = check(
            ranking,
            "Find the ranking of LA Lakers in the NBA 2021 season.",
        );
        assert_eq!(b.arguments["league"], "NBA", "{b:?}");
    }

    #[test]
    fn of_values_a_description_lists_the_one_naming_most_of_the_request_binds() {
        let auth = json!({"type": "object", "properties": {
            "grant_type": {"type": "string", "description": "The grant type of the request. Here are the options: read_write, read, write"}},
            "required": ["grant_type"]});
        let b = check(auth.clone(), "Set it up for both reading and writing");
        assert_eq!(b.arguments["grant_type"], "read_write", "{b:?}");
        let b = check(auth, "Set it up for reading only");
        assert_eq!(b.arguments["grant_type"], "read", "{b:?}");
    }

    #[test]
    fn a_name_the_request_gives_something_else_fills_no_parameter_about_another_thing() {
        let rds = json!({"type": "object", "properties": {
            "host": {"type": "string", "description": "The domain name of the server."},
            "api_key": {"type": "string", "description": "The key to authenticate with."}},
            "required": ["host", "api_key"]});
        let b = check(
            rds.clone(),
            "Register the server at host 'pg.example.org' with the default database called \
             'sales_db'",
        );
        assert_eq!(b.arguments["host"], "pg.example.org", "{b:?}");
        assert!(b.missing.iter().any(|m| m.name == "api_key"), "{b:?}");
        // A parameter that takes names, or is about the thing named, takes it.
        let speaker = json!({"type": "object", "properties": {
            "device_name": {"type": "string", "description": "The device to connect to."}},
            "required": ["device_name"]});
        let b = check(
            speaker,
            "Connect to my Bluetooth speaker called 'JBL Flip 4'",
        );
        assert_eq!(b.arguments["device_name"], "JBL Flip 4", "{b:?}");
    }

    #[test]
    fn what_is_said_of_one_of_a_kind_gives_no_value() {
        let word = json!({"type": "object", "properties": {
            "word": {"type": "string", "description": "The word to check"}},
            "required": ["word"]});
        let b = check(word.clone(), "Can you check if a word is a palindrome?");
        assert!(b.arguments.get("word").is_none(), "{b:?}");
        assert!(b.missing.iter().any(|m| m.name == "word"), "{b:?}");
        // The one named is its value.
        let b = check(word, "Check if the word is racecar");
        assert_eq!(b.arguments.get("word"), Some(&json!("racecar")), "{b:?}");
    }

    #[test]
    fn a_country_s_name_is_left_to_the_parameter_for_a_place() {
        let news = json!({"type": "object", "properties": {
            "category": {"type": "string", "description": "The category of news, e.g. sports"},
            "country": {"type": "string", "description": "The country for the news"}},
            "required": ["category"]});
        let b = check(news.clone(), "What's the news in Germany?");
        assert_eq!(b.arguments.get("country"), Some(&json!("Germany")), "{b:?}");
        assert!(b.missing.iter().any(|m| m.name == "category"), "{b:?}");
        let b = check(news, "What's the sports news in Germany?");
        assert_eq!(
            (&b.arguments["category"], &b.arguments["country"]),
            (&json!("sports"), &json!("Germany"))
        );
    }

    #[test]
    fn names_fill_strings_in_order_only_when_there_are_enough() {
        let schema = json!({"type": "object", "properties": {"start": {"type": "string"}, "end": {"type": "string"}}, "required": ["start", "end"]});
        let b = check(schema.clone(), "Get directions from Sydney to Melbourne");
        assert_eq!(
            (b.arguments["start"].as_str(), b.arguments["end"].as_str()),
            (Some("Sydney"), Some("Melbourne"))
        );
        let b = check(schema.clone(), "Get directions to Melbourne");
        assert_eq!(
            (b.arguments.get("start"), b.arguments["end"].as_str()),
            (None, Some("Melbourne")),
            "one name for two places binds only where the query points it"
        );
        assert_eq!(b.missing[0].name, "start", "and the other is asked for");
        let b = check(schema.clone(), "Get directions to Melbourne from Geelong");
        assert_eq!(
            (b.arguments["start"].as_str(), b.arguments["end"].as_str()),
            (Some("Geelong"), Some("Melbourne")),
            "prepositions, not order, say which is which"
        );
        let b = check(schema, "Get directions for Melbourne");
        assert!(
            b.arguments.is_empty() && b.missing.len() == 2,
            "one unpointed name for two places: ask, do not guess: {:?}",
            b.arguments
        );
        let city = json!({"type": "object", "properties": {"city": {"type": "string",
            "description": "City and state, such as 'Berkeley, CA'"}}, "required": ["city"]});
        assert_eq!(
            check(city, "Concerts in Portland, OR this weekend").arguments["city"],
            "Portland, OR"
        );
        let f = json!({"type": "object", "properties": {"function": {"type": "string"}}, "required": ["function"]});
        assert_eq!(
            check(f, "Calculate the derivative of the function 3x^2 + 2x - 1.").arguments["function"],
            "3x^2 + 2x - 1"
        );
    }

    #[test]
    fn required_parameters_without_a_source_are_missing_unless_defaulted() {
        let schema = json!({"type": "object", "properties": {
            "account": {"type": "string", "pattern": "^acct-[0-9]{4}$", "description": "Account id"},
            "currency": {"type": "string", "enum": ["USD", "EUR"], "default": "USD"}
        }, "required": ["account", "currency"]});
        let b = check(schema, "what is my balance");
        assert_eq!(
            b.missing
                .iter()
                .map(|m| m.name.as_str())
                .collect::<Vec<_>>(),
            ["account"]
        );
    }

    #[test]
    fn a_default_stated_in_the_description_fills_a_required_parameter_when_the_schema_takes_it() {
        let schema = json!({"type": "object", "properties": {
            "number": {"type": "integer", "description": "The number to factor."},
            "formatted": {"type": "boolean", "description": "Return a string if true. Default is true."},
            "unit": {"type": "string", "description": "The unit (defaults to 'units' if not given)."},
            "rounds": {"type": "integer", "description": "How many rounds. Default is ten."},
            "day": {"type": "string", "description": "The default date set in the picker."}
        }, "required": ["number", "formatted", "unit", "rounds", "day"]});
        let b = check(schema, "Find the prime factors of 450");
        assert_eq!(b.arguments["number"], json!(450));
        assert_eq!(b.arguments["formatted"], json!(true));
        assert_eq!(b.arguments["unit"], json!("units"));
        // "ten" is no integer and "the default date set" states no default: both stay open.
        let missing: Vec<&str> = b.missing.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(missing, ["rounds", "day"]);
    }

    #[test]
    fn a_flag_is_on_when_named_off_when_denied_or_never_mentioned() {
        let schema = || {
            json!({"type": "object", "properties": {
                "case": {"type": "string", "description": "Case title"},
                "include_dissent": {"type": "boolean", "description": "Whether to include the dissent."}
            }, "required": ["case", "include_dissent"]})
        };
        let flag = |q: &str| check(schema(), q).arguments.get("include_dissent").cloned();
        assert_eq!(
            flag("Details of 'Roe v. Wade', include dissent information"),
            Some(json!(true))
        );
        assert_eq!(
            flag("Details of 'Roe v. Wade' without the dissent"),
            Some(json!(false))
        );
        assert_eq!(flag("Details of 'Roe v. Wade'"), Some(json!(false)));
        // A flag whose name is only how it acts ("is", "include") is never named by a query.
        let bare = json!({"type": "object", "properties": {
            "is_included": {"type": "boolean", "description": "Whether."}
        }, "required": ["is_included"]});
        assert_eq!(
            check(bare, "include it").arguments["is_included"],
            json!(false)
        );
    }

    #[test]
    fn a_country_goes_to_the_one_parameter_for_where_one_goes() {
        let visa = json!({"type": "object", "properties": {
            "citizenship": {"type": "string", "description": "Country of citizenship"},
            "destination_country": {"type": "string", "description": "The country to travel to"}},
            "required": ["citizenship", "destination_country"]});
        let b = check(visa.clone(), "Do I need a visa for Canada?");
        assert_eq!(
            b.arguments.get("destination_country"),
            Some(&json!("Canada")),
            "{b:?}"
        );
        assert!(b.missing.iter().any(|m| m.name == "citizenship"), "{b:?}");
        // The speaker's "I" names no one.
        let b = check(visa, "I'm from India. Do I need a visa for Canada?");
        assert_eq!(
            b.arguments.get("citizenship"),
            Some(&json!("India")),
            "{b:?}"
        );
        // A place something is at takes the name written first, not the country after it.
        let weather = json!({"type": "object", "properties": {
            "location": {"type": "string", "description": "The place"},
            "days": {"type": "integer", "description": "How many days"}},
            "required": ["location"]});
        let b = check(
            weather,
            "The forecast for London, United Kingdom for 3 days",
        );
        assert_eq!(b.arguments.get("location"), Some(&json!("London")), "{b:?}");
    }

    #[test]
    fn what_a_rate_is_per_is_no_value() {
        let fuel = json!({"type": "object", "properties": {
            "distance": {"type": "number", "description": "The distance in kilometers"},
            "fuel_efficiency": {"type": "number", "description": "Fuel efficiency in liters per 100 km"},
            "fuel_price": {"type": "number", "description": "The price of fuel per liter"}},
            "required": ["distance", "fuel_efficiency", "fuel_price"]});
        let b = check(
            fuel,
            "Fuel cost of a 500 km trip if my car uses 7 liters per 100 km and fuel is $1.60 per liter?",
        );
        assert_eq!(
            (
                &b.arguments.get("distance"),
                &b.arguments.get("fuel_efficiency"),
                &b.arguments.get("fuel_price")
            ),
            (&Some(&json!(500.0)), &Some(&json!(7.0)), &Some(&json!(1.6))),
            "{b:?}"
        );
    }

    #[test]
    fn a_quantity_goes_to_the_parameters_named_for_what_its_unit_measures() {
        let entropy = json!({"type": "object", "properties": {
            "mass": {"type": "integer", "description": "The mass in kg."},
            "initial_temperature": {"type": "integer", "description": "The starting value."},
            "final_temperature": {"type": "integer", "description": "The ending value."}},
            "required": ["mass", "initial_temperature", "final_temperature"]});
        let b = check(entropy, "A 1kg ice block at 0°C is heated to 100°C.");
        assert_eq!(
            (
                &b.arguments["mass"],
                &b.arguments["initial_temperature"],
                &b.arguments["final_temperature"]
            ),
            (&json!(1), &json!(0), &json!(100)),
            "{b:?}"
        );
        let force = json!({"type": "object", "properties": {
            "charge1": {"type": "integer", "description": "The first charge."},
            "charge2": {"type": "integer", "description": "The second charge."},
            "distance": {"type": "integer", "description": "How far apart they are."}},
            "required": ["charge1", "charge2", "distance"]});
        let b = check(force, "Two charges of 5C and 7C placed 3 meters apart.");
        assert_eq!(b.arguments["distance"], json!(3), "{b:?}");
        let fall = json!({"type": "object", "properties": {
            "initial_velocity": {"type": "integer", "description": "The initial velocity of the object."},
            "height": {"type": "integer", "description": "Where it is dropped from."}},
            "required": ["initial_velocity", "height"]});
        let b = check(fall, "The final speed of an object dropped from 100 m.");
        assert_eq!(b.arguments["height"], json!(100), "{b:?}");
        assert!(
            !b.arguments.contains_key("initial_velocity"),
            "a length is no velocity: {b:?}"
        );
    }

    #[test]
    fn each_quantity_goes_to_the_parameter_whose_words_are_nearest() {
        let interest = json!({"type": "object", "properties": {
            "principal": {"type": "integer", "description": "The amount invested."},
            "annual_rate": {"type": "number", "description": "The interest rate for a year as a percentage."},
            "time_in_years": {"type": "integer", "description": "The time the money is invested for in years."}},
            "required": ["principal", "annual_rate", "time_in_years"]});
        let b = check(
            interest,
            "Compound interest on $10000 at an annual interest rate of 5% for 5 years.",
        );
        assert_eq!(b.arguments["annual_rate"], json!(5.0), "{b:?}");
        assert_eq!(
            b.arguments["time_in_years"],
            json!(5),
            "two fives are two quantities"
        );
        let bacteria = json!({"type": "object", "properties": {
            "start_population": {"type": "integer", "description": "The starting population."},
            "duplication_frequency": {"type": "integer", "description": "Duplications per hour."},
            "duration": {"type": "integer", "description": "Total duration in hours."}},
            "required": ["start_population", "duplication_frequency", "duration"]});
        let b = check(
            bacteria,
            "Start with 5000 bacteria that duplicate once every hour for 6 hours.",
        );
        assert_eq!(b.arguments["duration"], json!(6), "{b:?}");
        let booking = json!({"type": "object", "properties": {
            "adults": {"type": "integer", "description": "The number of adults."},
            "nights": {"type": "integer", "description": "The number of nights."}},
            "required": ["adults", "nights"]});
        let b = check(
            booking.clone(),
            "A room for two adults, three nights from May 2.",
        );
        assert_eq!(
            (&b.arguments["adults"], &b.arguments["nights"]),
            (&json!(2), &json!(3))
        );
        let b = check(booking, "A room for the one I booked last time.");
        assert!(
            b.arguments.is_empty(),
            "a number word away from the parameter's word: {b:?}"
        );
        let triangle = json!({"type": "object", "properties": {
            "side1": {"type": "integer", "description": "Length of the first side."},
            "side2": {"type": "integer", "description": "Length of the second side."},
            "side3": {"type": "integer", "description": "Length of the third side."}},
            "required": ["side1", "side2", "side3"]});
        let b = check(
            triangle,
            "The area of a triangle whose three sides are 3, 4, and 5.",
        );
        assert_eq!(
            [
                &b.arguments["side1"],
                &b.arguments["side2"],
                &b.arguments["side3"]
            ],
            [&json!(3), &json!(4), &json!(5)],
            "\"three sides\" counts sides, it is no side's length"
        );
        let b = check(
            json!({"type": "object", "properties": {"nights": {"type": "integer"}}, "required": ["nights"]}),
            "the one I booked",
        );
        assert!(
            b.arguments.is_empty(),
            "a number word away from the parameter's word: {b:?}"
        );
    }

    #[test]
    fn one_thing_a_request_makes_something_with_is_a_list_of_one() {
        let recipes = json!({"type": "object", "properties": {
            "ingredients": {"type": "array", "items": {"type": "string"}, "description": "Ingredients to include."}},
            "required": ["ingredients"]});
        let topic: HashMap<String, f64> = text::terms("find recipes use given ingredients")
            .into_iter()
            .map(|t| (t, 1.0))
            .collect();
        let bound = |q: &str| {
            bind(&params(&recipes), &Query::parse(q), &topic)
                .arguments
                .get("ingredients")
                .cloned()
        };
        assert_eq!(
            bound("Find me recipes with chicken"),
            Some(json!(["chicken"]))
        );
        assert_eq!(
            bound("Find recipes with chicken breast, please"),
            Some(json!(["chicken breast"]))
        );
        // The first of several is no list of one; a thing mentioned in passing is no ingredient.
        assert_eq!(bound("Find recipes with smoked ham and cheese"), None);
        assert_eq!(bound("Find recipes for a party with friends"), None);
    }

    #[test]
    fn lists_written_in_prose_bind_to_the_list_parameter_they_follow() {
        let datasets = json!({"type": "object", "properties": {
            "dataset_A": {"type": "array", "items": {"type": "integer"}},
            "dataset_B": {"type": "array", "items": {"type": "integer"}}},
            "required": ["dataset_A", "dataset_B"]});
        let b = check(
            datasets,
            "Compare dataset_A with the values 12, 24, 36 and dataset_B with the values 15, 30 and 42.",
        );
        assert_eq!(b.arguments["dataset_A"], json!([12, 24, 36]), "{b:?}");
        assert_eq!(b.arguments["dataset_B"], json!([15, 30, 42]), "{b:?}");
        let floors = json!({"type": "object", "properties": {
            "floors": {"type": "array", "items": {"type": "integer"}, "description": "Floor numbers."}},
            "required": ["floors"]});
        assert_eq!(
            check(floors.clone(), "Analyse the 2nd, 3rd and 4th floors.").arguments["floors"],
            json!([2, 3, 4])
        );
        assert!(
            check(floors, "Analyse floor 2.")
                .arguments
                .get("floors")
                .is_none(),
            "one number is no list"
        );
        let predictors = json!({"type": "object", "properties": {
            "predictors": {"type": "array", "items": {"type": "string"}}},
            "required": ["predictors"]});
        assert_eq!(
            check(
                predictors,
                "Regress on predictors 'Age', 'Income' and 'Education'."
            )
            .arguments["predictors"],
            json!(["Age", "Income", "Education"])
        );
        let videos = json!({"type": "object", "properties": {
            "title": {"type": "string"},
            "publisher": {"type": "string"},
            "tags": {"type": "array", "items": {"type": "string"}}},
            "required": ["title", "publisher", "tags"]});
        let b = check(
            videos,
            "Did 'TravelHistory' publish a video tagged 'Taj Mahal', 'India' and 'architecture'?",
        );
        assert_eq!(
            b.arguments["tags"],
            json!(["Taj Mahal", "India", "architecture"])
        );
        assert_eq!(b.arguments["publisher"], json!("TravelHistory"), "{b:?}");
        assert!(
            b.missing.iter().any(|m| m.name == "title"),
            "the list's items and the publisher's name are spent: {b:?}"
        );
    }

    #[test]
    fn coordinated_values_fill_numbered_parameters_in_turn() {
        let mix = json!({"type": "object", "properties": {
            "color1": {"type": "string", "description": "The first primary color to be mixed."},
            "color2": {"type": "string", "description": "The second primary color to be mixed."},
            "lightness": {"type": "integer", "description": "The lightness in percent."}},
            "required": ["color1", "color2"]});
        let described =
            "Combine two primary paint colors and adjust the resulting color's lightness.";
        let b = check_described(
            mix.clone(),
            "mix_paint_color",
            described,
            "Mix yellow and blue colors and adjust the lightness level to 60 percent.",
        );
        assert_eq!(b.arguments["color1"], json!("yellow"), "{b:?}");
        assert_eq!(b.arguments["color2"], json!("blue"), "{b:?}");
        assert!(b.missing.is_empty(), "{b:?}");
        // One value is no pair: the second is still asked for.
        let b = check_described(
            mix,
            "mix_paint_color",
            described,
            "Mix yellow with something and set the lightness to 60 percent.",
        );
        assert!(b.missing.iter().any(|m| m.name == "color2"), "{b:?}");
    }

    #[test]
    fn how_many_times_written_as_a_word_is_a_count() {
        let dice = json!({"type": "object", "properties": {
            "desired_number": {"type": "integer", "description": "The number you want to roll."},
            "number_of_rolls": {"type": "integer", "description": "How many times you roll."},
            "die_sides": {"type": "integer", "description": "The number of sides on the die.", "default": 6}},
            "required": ["desired_number", "number_of_rolls"]});
        for (query, rolls) in [
            ("What's the probability of rolling a six twice in a row?", 2),
            (
                "What's the probability of rolling a six thrice in a row?",
                3,
            ),
        ] {
            let b = check(dice.clone(), query);
            assert_eq!(
                b.arguments["number_of_rolls"],
                json!(rolls),
                "{query}: {b:?}"
            );
            assert_eq!(b.arguments["desired_number"], json!(6), "{query}: {b:?}");
        }
    }

    #[test]
    fn things_counted_out_fill_the_items_and_their_counts() {
        let order = json!({"type": "object", "properties": {
            "restaurant": {"type": "string"},
            "items": {"type": "array", "items": {"type": "string"}},
            "quantities": {"type": "array", "items": {"type": "integer"}}},
            "required": ["restaurant", "items", "quantities"]});
        let b = check(
            order.clone(),
            "Order five burgers and six chicken wings from McDonald's",
        );
        assert_eq!(b.arguments["items"], json!(["burgers", "chicken wings"]));
        assert_eq!(b.arguments["quantities"], json!([5, 6]));
        let b = check(
            order.clone(),
            "Three bottles of olive oil, two dozen eggs and a five pound bag of rice, please",
        );
        assert_eq!(b.arguments["items"], json!(["olive oil", "eggs", "rice"]));
        assert_eq!(b.arguments["quantities"], json!([3, 24, 1]));
        let b = check(
            order.clone(),
            "Can you get an order from Wendy's? I'd like two Big Macs and one McFlurry.",
        );
        assert_eq!(b.arguments["items"], json!(["Big Macs", "McFlurry"]));
        assert_eq!(b.arguments["quantities"], json!([2, 1]));
        let b = check(order, "I want to go to Wendy's and buy a pizza.");
        assert_eq!(b.arguments["items"], json!(["pizza"]), "{b:?}");
        assert_eq!(b.arguments["quantities"], json!([1]));
        // Without counts to pair with, one thing is no list; nor is a stretch of time.
        let basket = json!({"type": "object", "properties": {
            "items": {"type": "array", "items": {"type": "string"}}},
            "required": ["items"]});
        assert!(
            check(basket.clone(), "Buy a pizza")
                .arguments
                .get("items")
                .is_none()
        );
        assert!(
            check(basket, "Plan 2 days and 3 weeks")
                .arguments
                .get("items")
                .is_none()
        );
    }

    #[test]
    fn the_word_before_the_thing_described_says_its_kind() {
        let concert = json!({"type": "object", "properties": {
            "genre": {"type": "string", "description": "Genre of the concert."}},
            "required": ["genre"]});
        let topic: HashMap<String, f64> =
            [("concert".to_owned(), 1.0), ("search".to_owned(), 1.0)].into();
        let bound = |query: &str| {
            bind(&params(&concert), &Query::parse(query), &topic)
                .arguments
                .get("genre")
                .cloned()
        };
        assert_eq!(
            bound("Find me a classical concert this weekend"),
            Some(json!("classical"))
        );
        for query in [
            "Find me a new concert",     // rates, says no kind
            "Check concert times",       // a verb
            "Find a three star concert", // counted
            "Find the upcoming concert", // a participle-like qualifier
        ] {
            assert_eq!(bound(query), None, "{query}");
        }
        // The thing the description calls it a kind of counts even when the method's own words
        // do not name it.
        let music = json!({"type": "object", "properties": {
            "genre": {"type": "string", "description": "Genre of music to be played at the concert."}},
            "required": ["genre"]});
        let b = bind(
            &params(&music),
            &Query::parse("Find concerts near me that play jazz music"),
            &topic,
        );
        assert_eq!(b.arguments["genre"], "jazz", "{b:?}");
        // The word before the parameter's own head noun says its kind; a code after it is its
        // value.
        let flight = json!({"type": "object", "required": ["travel_from", "travel_class", "password"], "properties": {
            "travel_from": {"type": "string", "description": "The location the travel is from"},
            "travel_class": {"type": "string", "description": "The class of the travel"},
            "password": {"type": "string", "description": "The password of the account"}}});
        let b = check(
            flight,
            "Book a business class ticket going from LAX, with a secure password 123412",
        );
        assert_eq!(b.arguments["travel_class"], "business", "{b:?}");
        assert_eq!(b.arguments["password"], "123412", "{b:?}");
        let url = json!({"type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]});
        assert!(
            check(url.clone(), "Get the data on Rome anomalies")
                .arguments
                .get("url")
                .is_none()
        );
        assert_eq!(
            check(url, "Get https://example.org/data now").arguments["url"],
            json!("https://example.org/data")
        );
    }

    #[test]
    fn the_code_a_description_lists_for_the_thing_the_query_names_is_sent() {
        let schema = json!({"type": "object", "properties": {
            "service_id": {"type": "integer", "description": "For example, 1 represents cleaning service, 2 represents ironing service, 13 represents big cleaning service."},
            "province_id": {"type": "integer", "description": "For example, 1 corresponds to Bangkok, 2 to Chiang Mai, and 3 to Chonburi."},
            "rating": {"type": "number"}
        }, "required": ["service_id"]});
        let bound = |query: &str| {
            let b = check(schema.clone(), query);
            (
                b.arguments.get("service_id").cloned(),
                b.arguments.get("province_id").cloned(),
                b.missing.iter().map(|m| m.name.clone()).collect::<Vec<_>>(),
            )
        };
        assert_eq!(
            bound("a housekeeper who does ironing services in Chiang Mai"),
            (Some(json!(2)), Some(json!(2)), vec![])
        );
        // The thing named by more of its words wins; the parameter's own word names no code.
        assert_eq!(bound("big cleaning service in Bangkok").0, Some(json!(13)));
        // Two things named alike, or none: the code is asked for.
        assert_eq!(
            bound("cleaning and ironing in Bangkok"),
            (None, Some(json!(1)), vec!["service_id".to_owned()])
        );
        assert_eq!(bound("any service in Phuket").2, ["service_id"]);
    }

    #[test]
    fn a_value_the_description_names_binds_when_the_query_names_it_too() {
        text::semantic::load().expect("the semantic table loads");
        let schema = |desc: &str| json!({"type": "object", "properties": {"city": {"type": "string"}, "kind": {"type": "string", "description": desc}}, "required": ["kind"]});
        for (desc, query, want) in [
            (
                "Type of food like Sushi.",
                "the closest sushi restaurant in Boston",
                Some("Sushi"),
            ),
            (
                "The unit of distance. Options: 'miles', 'kilometers'.",
                "the distance in miles",
                Some("miles"),
            ),
            (
                "Valid values include: 'spades', 'clubs', 'hearts'.",
                "the odds of drawing a heart",
                Some("hearts"),
            ),
            (
                "The intent, either to rent or to buy.",
                "homes available for purchase",
                Some("buy"),
            ),
            (
                "Whether the user is looking to rent or buy.",
                "find a rental in Lisbon",
                Some("rent"),
            ),
            (
                "Restrictions, e.g. vegan, vegetarian, gluten free.",
                "a gluten free cake",
                Some("gluten free"),
            ),
            // Two named values, or none: the description decides nothing.
            (
                "Options: 'miles', 'kilometers'.",
                "miles or kilometers",
                None,
            ),
            ("Type of food like Sushi.", "a restaurant nearby", None),
        ] {
            let b = check(schema(desc), query);
            assert_eq!(
                b.arguments.get("kind").and_then(Value::as_str),
                want,
                "{desc} / {query}"
            );
        }
    }

    #[test]
    fn a_parameter_left_alone_takes_the_one_phrase_a_preposition_introduces() {
        let schema = json!({"type": "object", "required": ["parties", "contract_type", "location"], "properties": {
            "parties": {"type": "array", "items": {"type": "string"}, "description": "Parties involved in the contract."},
            "contract_type": {"type": "string", "description": "Type of the contract."},
            "location": {"type": "string", "description": "Location where the contract will be in effect."}}});
        // The method is `generate_law_contract`: "law" is its topic, no sort of contract.
        let topic: HashMap<String, f64> = ["generat", "law", "contract"]
            .map(|t| (t.to_owned(), 1.0))
            .into();
        let b = bind(
            &params(&schema),
            &Query::parse(
                "Generate a law contract between John and Alice for rental agreement in California.",
            ),
            &topic,
        );
        assert_eq!(b.arguments["location"], "California", "{b:?}");
        assert_eq!(b.arguments["contract_type"], "rental agreement", "{b:?}");
    }

    #[test]
    fn the_one_phrase_a_preposition_introduces_names_a_lone_descriptive_parameter() {
        let schema = |name: &str| {
            json!({"type": "object", "properties": {
                name: {"type": "string", "description": "What to look up."}
            }, "required": [name]})
        };
        let topic: HashMap<String, f64> = text::terms("boiling point melting point structure cell")
            .into_iter()
            .map(|t| (t, 1.0))
            .collect();
        let bound = |name: &str, q: &str| {
            bind(&params(&schema(name)), &Query::parse(q), &topic)
                .arguments
                .get(name)
                .cloned()
        };
        assert_eq!(
            bound(
                "substance",
                "Find the boiling point and melting point of water under the sea"
            ),
            Some(json!("water"))
        );
        // The phrase may go on through topic words once it has begun, but not through the
        // parameter's own words.
        assert_eq!(
            bound("kind", "Information about the structure of human cell"),
            Some(json!("human cell"))
        );
        assert_eq!(
            bound("cell_type", "Information about the structure of human cell"),
            Some(json!("human"))
        );
        // A place or a name takes proper names, not common words.
        assert_eq!(bound("city", "Find the boiling point of water"), None);
        assert_eq!(bound("name", "Find the boiling point of water"), None);
        // The name of a kind of thing may be common words (three at most), of what the request asks about.
        assert_eq!(
            bound("drug_name", "What is the boiling point of ibuprofen?"),
            Some(json!("ibuprofen"))
        );
        assert_eq!(
            bound("drug_name", "What is the boiling point of ethyl alcohol?"),
            Some(json!("ethyl alcohol"))
        );
        assert_eq!(
            bound(
                "drug_name",
                "What is the boiling point of cheap grain alcohol people drink at parties?"
            ),
            None
        );
        assert_eq!(
            bound("drug_name", "Find the boiling point with ibuprofen"),
            None
        );
        // A possessive points at something unnamed; two phrases leave the value a guess; dates,
        // amounts and the method's own topic are never the value.
        assert_eq!(
            bound("substance", "Find the boiling point for my experiment"),
            None
        );
        assert_eq!(
            bound("substance", "The boiling point of water in a kettle"),
            None
        );
        assert_eq!(
            bound("substance", "The boiling point on Monday with at least 2"),
            None
        );
        assert_eq!(
            bound("substance", "Tell me about the structure of a cell"),
            None
        );
    }

    #[test]
    fn a_code_fills_an_identifier_parameter_and_a_quantity_does_not() {
        let schema = json!({"type": "object", "properties": {
            "snp_id": {"type": "string", "description": "The ID of the SNP mutation."}},
            "required": ["snp_id"]});
        let b = check(
            schema.clone(),
            "Find the mutation type of SNP (a variant) ID rs6034464.",
        );
        assert_eq!(b.arguments["snp_id"], "rs6034464");
        let b = check(schema, "Find the mutation that lies within 5km of the gene");
        assert_eq!(b.missing.len(), 1, "{b:?}");
    }

    #[test]
    fn numbers_named_for_parts_of_a_date_take_those_parts() {
        let schema = json!({"type": "object", "properties": {
            "year": {"type": "integer", "description": "Year"},
            "month": {"type": "integer", "description": "Month, 1 to 12"}},
            "required": ["year", "month"]});
        let b = check(schema.clone(), "What is the host count for February 2022?");
        assert_eq!(b.arguments["month"], 2, "{b:?}");
        assert_eq!(b.arguments["year"], 2022, "{b:?}");
        let b = check(schema.clone(), "Hosts on 2023-03-15, please");
        assert_eq!(
            (b.arguments["year"].clone(), b.arguments["month"].clone()),
            (json!(2023), json!(3))
        );
        // A part the date does not give is not made up: "February 2022" names no day.
        let schema = json!({"type": "object", "properties": {
            "month": {"type": "integer", "description": "Month"},
            "day": {"type": "integer", "description": "Day of the month"}},
            "required": ["month", "day"]});
        let b = check(schema, "What is the host count for February 2022?");
        assert_eq!(b.arguments["month"], 2, "{b:?}");
        assert!(b.missing.iter().any(|m| m.name == "day"), "{b:?}");
    }

    #[test]
    fn a_name_that_says_what_kind_of_thing_is_wanted_is_no_title_of_it() {
        let movie = json!({"type": "object", "properties": {
            "title": {"type": "string", "description": "The title of the movie to be streamed."}},
            "required": ["title"]});
        let song = json!({"type": "object", "properties": {
            "track": {"type": "string", "description": "The title of the song to be played."},
            "device": {"type": "string", "description": "Where to play it."}},
            "required": ["track"]});
        // Any one of a kind: the name says the kind, the title is not given.
        for (schema, query, name) in [
            (
                &movie,
                "Find me a good Horror movie with Arthur Lowe in it",
                "title",
            ),
            (&movie, "Search for Fight movies, please", "title"),
            (&song, "Find me some Reggae tracks to choose from?", "track"),
            // Nor is who is in it, nor a kind written in lower case.
            (
                &movie,
                "I'm looking for an thriller movie with Roberts Blossom.",
                "title",
            ),
            (&movie, "I enjoy films showcasing Peter Jackson.", "title"),
            (
                &movie,
                "I enjoy horror movies featuring Betsy Widhalm.",
                "title",
            ),
        ] {
            let b = check(schema.clone(), query);
            assert!(!b.arguments.contains_key(name), "{query}: {b:?}");
            assert!(b.missing.iter().any(|m| m.name == name), "{query}: {b:?}");
        }
        // One thing named: its title.
        let b = check(movie.clone(), "Stream the Titanic movie tonight");
        assert_eq!(b.arguments["title"], "Titanic", "{b:?}");
        let b = check(movie.clone(), "Stream a Horror movie called Nosferatu");
        assert_eq!(b.arguments["title"], "Nosferatu", "{b:?}");
        let b = check(movie, "Can you play a movie called 'Inception'?");
        assert_eq!(b.arguments["title"], "Inception", "{b:?}");
        let b = check(song, "Play the song Hallelujah in the kitchen");
        assert_eq!(b.arguments["track"], "Hallelujah", "{b:?}");
    }

    #[test]
    fn a_value_that_may_be_null_binds_as_the_kind_it_is_otherwise() {
        // As generated for an optional argument: the number keeps its type and its maximum.
        let schema = json!({"type": "object", "properties": {
            "topic": {"type": "string", "description": "Topic to search"},
            "limit": {"anyOf": [{"type": "integer", "maximum": 50}, {"type": "null"}],
                      "description": "Maximum number of results"}},
            "required": ["topic", "limit"]});
        let b = check(
            schema.clone(),
            "Search 'rust' repositories, limit 20 results",
        );
        assert_eq!(b.arguments["limit"], 20, "{b:?}");
        let b = check(schema, "Search 'rust' repositories, limit 80 results");
        assert_eq!(invalid(&b, "limit").0, 80);
    }

    #[test]
    fn a_shape_the_description_spells_out_picks_its_token() {
        let schema = json!({"type": "object", "properties": {
            "player": {"type": "string", "description": "Name of the player."},
            "season": {"type": "string", "description": "Specific season in format 'YYYY-YYYY'."}},
            "required": ["player", "season"]});
        let b = check(schema, "Goals of Pelé in the 1969-1970 season");
        assert_eq!(b.arguments["season"], "1969-1970");
        assert_eq!(b.arguments["player"], "Pelé");
    }

    #[test]
    fn values_a_description_names_bind_before_names_are_shared_out() {
        let schema = json!({"type": "object", "properties": {
            "religion_name": {"type": "string", "description": "The name of the religion."},
            "detail_level": {"type": "string", "description": "Level of detail, either 'summary' or 'full'."}},
            "required": ["religion_name", "detail_level"]});
        let b = check(schema, "Tell me the full story of Jainism");
        assert_eq!(b.arguments["detail_level"], "full");
        assert_eq!(b.arguments["religion_name"], "Jainism");
        assert!(b.missing.is_empty() && b.leftover.is_none(), "{b:?}");
    }

    #[test]
    fn the_last_open_parameter_takes_the_one_name_left_when_it_may() {
        let schema = json!({"type": "object", "properties": {
            "artist": {"type": "string", "description": "Who made the painting."},
            "title": {"type": "string", "description": "The title of the painting."}},
            "required": ["artist", "title"]});
        let b = check(
            schema,
            "How large is the painting titled 'Guernica' by Picasso?",
        );
        assert_eq!(b.arguments["title"], "Guernica");
        assert_eq!(b.arguments["artist"], "Picasso");
        assert_eq!(b.leftover.as_deref(), Some("artist"));
        // A code a later parameter could not use is not a name for this one.
        let schema = json!({"type": "object", "properties": {
            "origin": {"type": "string", "description": "Departure city."},
            "destination": {"type": "string", "description": "Arrival city."},
            "card_id": {"type": "string", "description": "The card to pay with."}},
            "required": ["origin", "destination", "card_id"]});
        let b = check(
            schema,
            "A flight from Oslo, paid with the card with id 'card_3478'",
        );
        assert_eq!(b.arguments["origin"], "Oslo");
        assert_eq!(b.arguments["card_id"], "card_3478");
        assert!(b.missing.iter().any(|m| m.name == "destination"), "{b:?}");
    }

    #[test]
    fn a_relative_clause_after_a_parameters_word_describes_it_and_does_not_name_it() {
        let schema = json!({"type": "object", "properties": {
            "project_name": {"type": "string", "description": "The name of the project."}},
            "required": ["project_name"]});
        let b = check(
            schema.clone(),
            "the list of projects that adriel is currently working on",
        );
        assert_eq!(b.missing.len(), 1, "{b:?}");
        let b = check(
            schema.clone(),
            "more about the e-commerce-website project that adriel is working on",
        );
        assert_eq!(b.arguments["project_name"], "e-commerce-website");
        let b = check(schema, "the status of project apollo-7, please");
        assert_eq!(b.arguments["project_name"], "apollo-7");
        // Nor is a date after the word: it says when.
        let trip = json!({"type": "object", "required": ["travel_class", "travel_date"], "properties": {
            "travel_class": {"type": "string", "description": "The class of the travel"},
            "travel_date": {"type": "string", "description": "The date, in the format YYYY-MM-DD"}}});
        let b = check(trip, "Schedule the class on November 12th 2026, please");
        assert_eq!(b.arguments["travel_date"], "2026-11-12");
        assert!(b.arguments.get("travel_class").is_none(), "{b:?}");
    }

    #[test]
    fn a_period_is_no_day_for_a_parameter_that_wants_a_date_in_a_format() {
        let free = json!({"type": "object", "required": ["date"], "properties": {
            "date": {"type": "string", "description": "When the concerts are"}}});
        let b = check(free, "pop concerts in New York for next month");
        assert_eq!(b.arguments["date"], "next month", "{b:?}");
        let formatted = json!({"type": "object", "required": ["date"], "properties": {
            "date": {"type": "string", "description": "The date, in the format YYYY-MM-DD"}}});
        let b = check(formatted.clone(), "pop concerts in New York for next month");
        assert!(b.arguments.get("date").is_none(), "{b:?}");
        assert!(b.missing.iter().any(|m| m.name == "date"), "{b:?}");
        // It takes the day written after the period instead.
        let b = check(formatted, "pop concerts next month, on December 12th 2026");
        assert_eq!(b.arguments["date"], "2026-12-12", "{b:?}");
    }

    #[test]
    fn a_place_takes_the_name_a_place_word_introduces_over_one_without() {
        let schema = json!({"type": "object", "required": ["where_to"], "properties": {
            "where_to": {"type": "string", "description": "The city or town of the stay"},
            "kind": {"type": "string", "description": "What sort of show"}}});
        let b = check(
            schema.clone(),
            "Search for something under the Play genre near Seattle.",
        );
        assert_eq!(b.arguments["where_to"], "Seattle", "{b:?}");
        let b = check(schema, "Anything of the Drama kind, in Portland?");
        assert_eq!(b.arguments["where_to"], "Portland", "{b:?}");
    }

    #[test]
    fn the_name_set_off_after_a_named_thing_the_request_places_is_where_it_is() {
        let hotel = json!({"type": "object", "required": ["hotel_name", "location", "room_type"], "properties": {
            "hotel_name": {"type": "string", "description": "The name of the hotel."},
            "location": {"type": "string", "description": "The location of the hotel."},
            "room_type": {"type": "string", "description": "The type of room preferred."}}});
        let topic: HashMap<String, f64> = text::terms("book hotel Book a room in a hotel")
            .into_iter()
            .map(|t| (t, 1.0))
            .collect();
        let query = "Book a luxury room in Hotel Paradise, Las Vegas, for 3 days";
        let b = bind(&params(&hotel), &Query::parse(query), &topic);
        // The thing a name names is part of it; the place after it is where it is.
        assert_eq!(b.arguments["hotel_name"], "Hotel Paradise", "{b:?}");
        assert_eq!(b.arguments["location"], "Las Vegas", "{b:?}");
    }

    #[test]
    fn numbers_a_comma_joins_are_a_list_and_a_quoted_word_is_no_mention() {
        let schema = json!({"type": "object", "properties": {
            "point_name": {"type": "string", "description": "The unique name of the point."},
            "x": {"type": "number"}, "y": {"type": "number"}, "z": {"type": "number"}},
            "required": ["point_name", "x", "y", "z"]});
        let b = check(schema, "Move 'pointA' to 2,3,4");
        assert_eq!(
            (&b.arguments["x"], &b.arguments["y"], &b.arguments["z"]),
            (&json!(2.0), &json!(3.0), &json!(4.0)),
            "{b:?}"
        );
        assert_ne!(
            b.arguments.get("point_name"),
            Some(&json!("2,3,4")),
            "what follows a quoted value is not the value of the word it quotes"
        );
    }

    #[test]
    fn a_thing_named_only_vaguely_is_asked_for() {
        let schema = json!({"type": "object", "properties": {
            "stock": {"type": "string", "description": "The stock to add."}},
            "required": ["stock"]});
        for query in [
            "I want to keep track of a specific company stock, add it to my watchlist",
            "Please add another stock to my watchlist",
        ] {
            let b = check(schema.clone(), query);
            assert!(
                b.missing.iter().any(|m| m.name == "stock"),
                "{query}: {b:?}"
            );
        }
        let b = check(schema, "Add the stock 'acme' to my watchlist");
        assert_eq!(
            b.arguments["stock"], "acme",
            "a quoted value names it: {b:?}"
        );
    }

    #[test]
    fn a_currency_parameter_takes_the_code_of_the_currency_named() {
        let schema = json!({"type": "object", "properties": {
            "amount": {"type": "number"},
            "base_currency": {"type": "string", "description": "The currency to convert from."},
            "target_currency": {"type": "string", "description": "The currency to convert to."}},
            "required": ["amount", "base_currency", "target_currency"]});
        let b = check(schema.clone(), "Convert 200 euros to US dollars.");
        assert_eq!(
            (
                &b.arguments["base_currency"],
                &b.arguments["target_currency"]
            ),
            (&json!("EUR"), &json!("USD")),
            "{b:?}"
        );
        // A name leading the currency's ("Japanese yen") is part of it: "to" before it points
        // at the yen.
        let b = check(schema.clone(), "Convert 10 British pounds to Japanese yen.");
        assert_eq!(
            (
                &b.arguments["base_currency"],
                &b.arguments["target_currency"]
            ),
            (&json!("GBP"), &json!("JPY")),
            "{b:?}"
        );
        let b = check(schema.clone(), "Change $50 into yen");
        assert_eq!(
            (
                &b.arguments["base_currency"],
                &b.arguments["target_currency"]
            ),
            (&json!("USD"), &json!("JPY")),
            "{b:?}"
        );
        // With no "to", the currency an amount is written in is the one converted from; several
        // capitalised words may lead a currency, and the amount before them is still an amount.
        for (query, from, to, amount) in [
            (
                "How many Canadian dollars can I get for 500 US dollars?",
                "USD",
                "CAD",
                500.0,
            ),
            (
                "How much will 20000 Japanese Yen be in United States Dollar?",
                "JPY",
                "USD",
                20000.0,
            ),
            (
                "Turn my yen into United States Dollar, 300 of them",
                "JPY",
                "USD",
                300.0,
            ),
        ] {
            let b = check(schema.clone(), query);
            assert_eq!(
                (
                    &b.arguments["base_currency"],
                    &b.arguments["target_currency"],
                    &b.arguments["amount"]
                ),
                (&json!(from), &json!(to), &json!(amount)),
                "{query}: {b:?}"
            );
        }
        let balance = json!({"type": "object", "properties": {
            "currency": {"type": "string", "description": "Currency of the report."}},
            "required": ["currency"]});
        let b = check(balance, "My balance in Swiss francs");
        assert_eq!(b.arguments["currency"], "CHF");
        let into = json!({"type": "object", "properties": {
            "to_currency": {"type": "string", "description": "Currency to convert into."}},
            "required": ["to_currency"]});
        let b = check(into, "Convert 100 USD");
        assert!(b.missing.iter().any(|m| m.name == "to_currency"), "{b:?}");
    }

    #[test]
    fn the_name_right_before_to_is_where_the_way_starts() {
        let schema = json!({"type": "object", "properties": {
            "amount": {"type": "number"},
            "from_currency": {"type": "string", "description": "The currency to convert from."},
            "to_currency": {"type": "string", "description": "The currency to convert to."}},
            "required": ["amount", "from_currency", "to_currency"]});
        let b = check(schema.clone(), "Convert 150 Euros to Kroner.");
        assert_eq!(b.arguments["from_currency"], "Euros");
        assert_eq!(b.arguments["to_currency"], "Kroner");
        // A name with no "to" after it is no start: the origin is asked for.
        let b = check(schema, "Convert 150 Euros, then send them to Kroner Bank.");
        assert!(b.missing.iter().any(|m| m.name == "from_currency"), "{b:?}");
    }

    #[test]
    fn coordinated_names_fill_a_list_of_strings_and_the_parts_of_an_address_do_not() {
        let schema = json!({"type": "object", "properties": {
            "companies": {"type": "array", "items": {"type": "string"}, "description": "Companies to look up."}},
            "required": ["companies"]});
        let b = check(
            schema.clone(),
            "Stock prices of Siemens, Airbus and Nokia today",
        );
        assert_eq!(
            b.arguments["companies"],
            json!(["Siemens", "Airbus", "Nokia"])
        );
        let b = check(
            schema,
            "Deliver to 12 Harbour Road, Leith, EH6 to the office",
        );
        assert!(b.missing.iter().any(|m| m.name == "companies"), "{b:?}");
    }

    #[test]
    fn a_range_fills_the_parameters_that_bound_it_and_a_one_sided_bound_its_side() {
        let integral = json!({"type": "object", "properties": {
            "func": {"type": "string", "description": "The function to be integrated."},
            "a": {"type": "integer", "description": "The lower bound of the integration."},
            "b": {"type": "integer", "description": "The upper bound of the integration."}},
            "required": ["a", "b"]});
        let b = check(integral.clone(), "Integrate 3x^2 from 1 to 2");
        assert_eq!(
            (&b.arguments["a"], &b.arguments["b"]),
            (&json!(1), &json!(2))
        );
        // The names decide before the descriptions, which mention both ends.
        let window = json!({"type": "object", "properties": {
            "to": {"type": "integer", "description": "The end of the timeframe."},
            "_from": {"type": "integer", "description": "The start of the timeframe, up to 'to'."}},
            "required": ["to"]});
        let b = check(window, "Kubernetes events between 193000 and 339000");
        assert_eq!(b.arguments["_from"], json!(193000));
        assert_eq!(b.arguments["to"], json!(339000));
        let prices = json!({"type": "object", "properties": {
            "min_price": {"type": "number"}, "max_price": {"type": "number"},
            "city": {"type": "string"}},
            "required": ["city"]});
        let b = check(prices.clone(), "Hotels in Oslo under $100");
        assert_eq!(b.arguments["max_price"], json!(100.0));
        assert!(!b.arguments.contains_key("min_price"));
        let b = check(prices.clone(), "Hotels in Oslo for more than 80 dollars");
        assert_eq!(b.arguments["min_price"], json!(80.0));
        let b = check(prices.clone(), "Hotels in Oslo for no more than 80 dollars");
        assert_eq!(b.arguments["max_price"], json!(80.0));
        // The measure may stand between the bound's word and its number.
        let quakes = json!({"type": "object", "required": ["region"], "properties": {
            "region": {"type": "string"},
            "min_magnitude": {"type": "number", "description": "Smallest magnitude"}}});
        let b = check(
            quakes.clone(),
            "Any earthquakes above magnitude 6 in Japan?",
        );
        assert_eq!(b.arguments.get("min_magnitude"), Some(&json!(6.0)), "{b:?}");
        let b = check(quakes, "Earthquakes in Chile stronger than magnitude 5.5");
        assert_eq!(b.arguments.get("min_magnitude"), Some(&json!(5.5)), "{b:?}");
        // A range one end of which has no parameter is not read as a bound on its own.
        let ceiling = json!({"type": "object", "properties": {
            "max": {"type": "number"}, "city": {"type": "string"}}, "required": ["city"]});
        let b = check(ceiling, "Villas in Oslo within $300,000 to $400,000");
        assert!(!b.arguments.contains_key("max"));
        // Numbers a plain "and" joins are a list, not a range.
        let b = check(prices, "Hotels in Oslo at 80 and 90");
        assert!(!b.arguments.contains_key("min_price") && !b.arguments.contains_key("max_price"));
    }

    #[test]
    fn each_list_parameter_takes_the_next_list_written_out() {
        let schema = json!({"type": "object", "properties": {
            "point1": {"type": "array", "items": {"type": "number"}},
            "point2": {"type": "array", "items": {"type": "number"}}},
            "required": ["point1", "point2"]});
        let b = check(
            schema.clone(),
            "Slope between (40.7128, -74.0060) and (34.0522, -118.2437)",
        );
        assert_eq!(b.arguments["point1"], json!([40.7128, -74.006]));
        assert_eq!(b.arguments["point2"], json!([34.0522, -118.2437]));
        // A compass letter gives the sign; JSON arrays and parentheses keep the order written.
        let b = check(
            schema.clone(),
            "From (33.4484 N, 112.0740 W) to [34.05, -118.24]",
        );
        assert_eq!(b.arguments["point1"], json!([33.4484, -112.074]));
        assert_eq!(b.arguments["point2"], json!([34.05, -118.24]));
        // A list's numbers are its items, not quantities of their own.
        let rated = json!({"type": "object", "properties": {
            "cash_flows": {"type": "array", "items": {"type": "number"}},
            "rate": {"type": "number", "description": "The rate to discount the cash flows at."}},
            "required": ["cash_flows", "rate"]});
        let b = check(
            rated.clone(),
            "NPV of the cash flows: [-500, 100, 300] discounted at 8% a year",
        );
        // (A rate takes its percentage as a fraction.)
        assert_eq!(b.arguments["rate"], json!(0.08));
        // So are those of a list assigned by name.
        let b = check(
            rated,
            "NPV with cash_flows: [-500, 100, 300], discounted at 8% a year",
        );
        assert_eq!(b.arguments["cash_flows"], json!([-500, 100, 300]));
        assert_eq!(b.arguments["rate"], json!(0.08));
        // Words in parentheses are no list.
        let b = check(schema, "Slope between (the old mill, 3) and (40.7, -74.0)");
        assert_eq!(b.arguments["point1"], json!([40.7, -74.0]));
        assert!(!b.arguments.contains_key("point2"));
    }

    #[test]
    fn a_place_keeps_the_region_written_after_it_when_the_description_asks_for_one() {
        let schema = json!({"type": "object", "properties": {
            "location": {"type": "string",
                "description": "The city, as 'City, State (abbr)', or 'City, Country' without a state."}},
            "required": ["location"]});
        let place = |q: &str| check(schema.clone(), q).arguments["location"].clone();
        assert_eq!(
            place("The weather in Chennai, Tamil Nadu in fahrenheit?"),
            json!("Chennai, Tamil Nadu")
        );
        assert_eq!(
            place("The temperature in Paris, France?"),
            json!("Paris, France")
        );
        assert_eq!(
            place("The weather in Berkeley, CA, USA"),
            json!("Berkeley, CA")
        );
        assert_eq!(
            place("Cars in Portland, OR, from April 22"),
            json!("Portland, OR")
        );
        // A question opening after the comma is no region; the place table's country is.
        assert_eq!(
            place("The weather in Gotham, Can you hurry?"),
            json!("Gotham")
        );
        assert_eq!(
            place("The weather in Paris, Can you hurry?"),
            json!("Paris, France")
        );
        // A description that asks for no region gets the place alone.
        let bare = json!({"type": "object", "properties": {
            "city": {"type": "string", "description": "The city."}}, "required": ["city"]});
        assert_eq!(
            check(bare, "The weather in Paris, France").arguments["city"],
            json!("Paris")
        );
    }

    #[test]
    fn a_flag_written_as_the_strings_true_and_false_is_set_as_a_flag_is() {
        let schema = json!({"type": "object", "properties": {
            "where_to": {"type": "string", "description": "The city."},
            "has_laundry_service": {"type": "string", "enum": ["True", "False", "dontcare"],
                "default": "dontcare"}}, "required": ["where_to"]});
        let laundry = |q: &str| {
            check(schema.clone(), q)
                .arguments
                .get("has_laundry_service")
                .cloned()
        };
        assert_eq!(
            laundry("A house in Austin that has laundry service"),
            Some(json!("True"))
        );
        assert_eq!(
            laundry("A house in Austin, I don't need laundry service"),
            Some(json!("False"))
        );
        assert_eq!(laundry("A house in Austin"), None);
    }

    #[test]
    fn an_address_keeps_its_house_number_and_as_many_parts_as_its_shape_quotes() {
        let schema = |desc: &str| {
            json!({"type": "object", "properties": {
                "loc": {"type": "string", "description": desc}}, "required": ["loc"]})
        };
        let loc = |desc: &str, q: &str| check(schema(desc), q).arguments["loc"].clone();
        let q =
            "I need a ride from 2020 Addison Street, Berkeley, CA, USA, and I can wait 5 minutes";
        assert_eq!(
            loc(
                "The start, as 'Street Address, City, State (abbr), Country'.",
                q
            ),
            json!("2020 Addison Street, Berkeley, CA, USA")
        );
        assert_eq!(
            loc("The start, as 'Address, City, State'.", q),
            json!("2020 Addison Street, Berkeley, CA")
        );
        assert_eq!(
            loc(
                "The start, as 'Address, City, State'.",
                "A ride from 221B Baker Street, Berkeley. It is late"
            ),
            json!("221B Baker Street, Berkeley")
        );
    }

    #[test]
    fn a_complete_date_takes_the_shape_its_description_spells_else_iso_8601() {
        let schema = |desc: &str| {
            json!({"type": "object", "properties": {
                "location": {"type": "string", "description": "The city."},
                "date": {"type": "string", "description": desc}}, "required": ["location", "date"]})
        };
        let date = |desc: &str, q: &str| check(schema(desc), q).arguments["date"].clone();
        let q = "The air quality in London on January 1, 2022";
        assert_eq!(date("The date of the reading.", q), json!("2022-01-01"));
        assert_eq!(
            date("The date of the address's reading.", q),
            json!("2022-01-01")
        );
        // A date written in digits is no part of the name before it.
        let b = check(schema("The date."), "The air quality in London 2022/08/16");
        assert_eq!(b.arguments["location"], json!("London"));
        assert_eq!(b.arguments["date"], json!("2022-08-16"));
        // A shape the description spells is its own matter; a date without its year stays as
        // written.
        assert_eq!(
            date("The date, such as 'March 3rd'. No format.", q),
            json!("January 1 2022")
        );
        assert_eq!(
            date(
                "The date of the reading.",
                "The air quality in London on March 9th"
            ),
            json!("March 9th")
        );
        // Where the full form is demanded and today is known, it comes next on or after today.
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 27);
        let on = |desc: &str, q: &str| {
            bind(
                &params(&schema(desc)),
                &Query::parse_on(q, today),
                &HashMap::new(),
            )
            .arguments["date"]
                .clone()
        };
        let q = "The air quality in London on March 9th";
        assert_eq!(
            on("The date, in the format 'YYYY-MM-DD'.", q),
            json!("2027-03-09")
        );
        assert_eq!(on("The date of the reading.", q), json!("March 9th"));
        // A shape the description spells orders the parts and picks the separator.
        let q = "The air quality in London on January 5, 2022";
        assert_eq!(
            date("The date, formatted as 'MM/DD/YYYY'.", q),
            json!("01/05/2022")
        );
        assert_eq!(
            date("The date, in the format dd-mm-yyyy.", q),
            json!("05-01-2022")
        );
        assert_eq!(
            on(
                "The date, formatted as 'MM/DD/YYYY'.",
                "Air in London on March 9th"
            ),
            json!("03/09/2027")
        );
    }

    #[test]
    fn a_method_that_requires_nothing_reads_parameters_with_example_defaults_as_required() {
        let schema = json!({"type": "object", "properties": {
            "symbol": {"type": "string", "description": "The stock symbol.", "default": "MSFT"},
            "exchange": {"type": "string", "description": "The stock exchange code."}}});
        let b = check(schema.clone(), "Give me the company profile of NVDA");
        assert_eq!(b.arguments["symbol"], "NVDA");
        assert!(b.missing.is_empty(), "{b:?}");
        // Left open, the default is the tool's to apply, and nothing is asked.
        let b = check(schema.clone(), "Give me a company profile");
        assert!(b.arguments.is_empty() && b.missing.is_empty(), "{b:?}");
        // A default that means "no value" is no example.
        let b = check(
            json!({"type": "object", "properties": {"symbol": {"type": "string",
                "description": "The stock symbol.", "default": "any"}}}),
            "Give me the company profile of NVDA",
        );
        assert!(!b.arguments.contains_key("symbol"), "{b:?}");
    }

    #[test]
    fn an_optional_name_takes_the_one_written_beside_all_its_words() {
        let schema = json!({"type": "object", "properties": {
            "directed_by": {"type": "string", "description": "The director.", "default": "dontcare"},
            "cast": {"type": "string", "description": "An actor.", "default": "dontcare"}}});
        let b = check(
            schema.clone(),
            "Find a movie directed by Herbert Ross with Nancy Parsons in the cast",
        );
        assert_eq!(b.arguments["directed_by"], json!("Herbert Ross"));
        assert_eq!(b.arguments["cast"], json!("Nancy Parsons"));
        // A name with no word of the parameter beside it, and no cue to its role, may be
        // anyone's: the default stands.
        let b = check(schema, "Find a movie for Nancy Parsons");
        assert!(!b.arguments.contains_key("cast"), "{b:?}");
        assert!(!b.arguments.contains_key("directed_by"), "{b:?}");
        // "'name':'John Doe'" is no word "name" followed by a name.
        let named = json!({"type": "object", "properties": {"name": {"type": "string"},
            "email": {"type": "string"}}});
        let b = check(
            named,
            "Update it with 'name':'John Doe', 'email':'jd@example.com'",
        );
        assert_ne!(b.arguments.get("name"), Some(&json!("Doe")), "{b:?}");
    }

    #[test]
    fn a_flag_is_set_where_the_request_writes_what_its_description_says_it_asserts() {
        let schema = json!({"type": "object", "properties": {
            "good_for_kids": {"type": "string", "enum": ["True", "False", "dontcare"],
                "description": "Indicates whether the attraction is suitable for children.",
                "default": "dontcare"},
            "private_visibility": {"type": "boolean", "default": false,
                "description": "Whether the transaction should be private (true) or public (false)."},
            "free_entry": {"type": "string", "enum": ["True", "False", "dontcare"],
                "description": "A flag indicating if only attractions with no entry fee should be listed.",
                "default": "dontcare"}}});
        let b = check(
            schema.clone(),
            "List attractions in Paris suitable for children, and keep the transaction private",
        );
        assert_eq!(b.arguments["good_for_kids"], json!("True"));
        assert_eq!(b.arguments["private_visibility"], json!(true));
        // A passive asserts nothing a request names: "list" is no word of free entry.
        assert!(!b.arguments.contains_key("free_entry"), "{b:?}");
        let b = check(
            schema,
            "Attractions in Paris that are not suitable for children",
        );
        assert_eq!(b.arguments["good_for_kids"], json!("False"));
    }

    #[test]
    fn an_optional_person_takes_the_one_name_introduced_as_maker_or_cast() {
        let music = json!({"type": "object", "properties": {
            "artist": {"type": "string", "description": "The name of the artist or band.",
                "default": "dontcare"},
            "genre": {"type": "string", "enum": ["Pop", "Metal", "dontcare"]},
            "year": {"type": "integer", "description": "The release year.",
                "default": "dontcare"}}});
        let b = check(
            music.clone(),
            "Can you find me Metal songs by Jinjer from 2019?",
        );
        assert_eq!(b.arguments["artist"], json!("Jinjer"));
        assert_eq!(b.arguments["genre"], json!("Metal"));
        // An optional year takes the one year written.
        assert_eq!(b.arguments["year"], json!(2019));
        // A name not introduced as the maker's is no artist.
        let b = check(music, "Find Pop songs for Jinjer");
        assert!(!b.arguments.contains_key("artist"), "{b:?}");
        // Once the director has its name, the cast takes the one featured.
        let movies = json!({"type": "object", "properties": {
            "directed_by": {"type": "string", "description": "The director of the movie.",
                "default": "dontcare"},
            "cast": {"type": "string", "description": "The lead actor in the movie.",
                "default": "dontcare"}}});
        let b = check(
            movies.clone(),
            "Get me movies directed by Herbert Ross and featuring James Shapkoff III",
        );
        assert_eq!(b.arguments["directed_by"], json!("Herbert Ross"));
        assert_eq!(b.arguments["cast"], json!("James Shapkoff III"));
        // With both open, the cue or the role written beside a name says whose it is ("with"
        // introduces cast, "acted by" an actor, "as the director" a director); two names for
        // one parameter leave it a guess.
        let b = check(movies.clone(), "Find a movie with Nancy Parsons");
        assert_eq!(
            b.arguments,
            json!({"cast": "Nancy Parsons"})
                .as_object()
                .cloned()
                .unwrap()
        );
        let b = check(
            movies.clone(),
            "A movie acted by Kathy Griffin, with Peter Strickland as the director",
        );
        assert_eq!(b.arguments["cast"], json!("Kathy Griffin"));
        assert_eq!(b.arguments["directed_by"], json!("Peter Strickland"));
        let b = check(
            movies,
            "A movie starring Ving Rhames or featuring Zach Woods",
        );
        assert!(b.arguments.is_empty(), "{b:?}");
        // A role written after what the parameter names describes that thing: a title is no
        // person, and a count per year is no year.
        let songs = json!({"type": "object", "properties": {
            "title": {"type": "string", "description": "The title of the song by the artist.",
                "default": "dontcare"},
            "plays_per_year": {"type": "integer", "description": "How often it plays.",
                "default": 1}}});
        let b = check(songs, "Play something by Kesha released in 2019");
        assert!(b.arguments.is_empty(), "{b:?}");
    }

    #[test]
    fn a_city_written_alone_takes_the_state_or_country_its_description_asks_for() {
        let schema = |desc: &str| {
            json!({"type": "object", "properties": {
                "city": {"type": "string", "description": desc}}, "required": ["city"]})
        };
        let city = |desc: &str, q: &str| check(schema(desc), q).arguments["city"].clone();
        let state = "The city, in the format of 'City, State', such as 'Austin, TX'.";
        assert_eq!(
            city(state, "Find a salon in Berkeley"),
            json!("Berkeley, CA")
        );
        assert_eq!(
            city(state, "Find a salon in New York"),
            json!("New York, NY")
        );
        // A name several cities of like size share gets no guess.
        assert_eq!(
            city(state, "Find a salon in Springfield"),
            json!("Springfield")
        );
        // A state spelled out in the example is not asked for as a code.
        let spelled = "The city, as 'City, State', such as 'Austin, Texas'.";
        assert_eq!(city(spelled, "Find a salon in Berkeley"), json!("Berkeley"));
        let abbreviated = "The city and its state. State names must be abbreviated.";
        assert_eq!(
            city(abbreviated, "Find a salon in Berkeley"),
            json!("Berkeley, CA")
        );
        let either = "The city, as 'City, State' or 'City, Country', for example 'Paris, France'.";
        assert_eq!(city(either, "Attractions in Paris"), json!("Paris, France"));
        assert_eq!(
            city(either, "Attractions in Toronto"),
            json!("Toronto, Canada")
        );
        // A description that asks for no region gets the city alone.
        assert_eq!(
            city("The city.", "Find a salon in Berkeley"),
            json!("Berkeley")
        );
        assert_eq!(city(state, "Attractions in Paris"), json!("Paris"));
        // An example the place table can check shows the shape without naming it.
        let shown = "The city the car is picked up in, such as 'Los Angeles, CA'.";
        assert_eq!(city(shown, "Rent a car in Berkeley"), json!("Berkeley, CA"));
        assert_eq!(city(shown, "Rent a car in Novato CA"), json!("Novato, CA"));
        let abroad = "The city of the hotel, e.g. 'Paris, France'.";
        assert_eq!(city(abroad, "A hotel in Toronto"), json!("Toronto, Canada"));
        // Examples show each kind of place its shape: a country by code where they write one.
        let coded = "The city, e.g. 'New York, NY' or 'Paris, FR'.";
        assert_eq!(city(coded, "A hotel in Nairobi"), json!("Nairobi, KE"));
        assert_eq!(
            city(coded, "A hotel in Nairobi, Kenya"),
            json!("Nairobi, KE")
        );
        assert_eq!(city(coded, "A hotel in Berkeley"), json!("Berkeley, CA"));
        // One it cannot check shows nothing.
        let unchecked = "The city of the hotel, e.g. 'Gotham, NJ'.";
        assert_eq!(city(unchecked, "A hotel in Berkeley"), json!("Berkeley"));
    }

    #[test]
    fn a_parameter_named_for_an_expression_takes_the_expression_written() {
        let one = json!({"type": "object", "properties": {
            "func": {"type": "string", "description": "The function to be integrated."},
            "a": {"type": "integer"}, "b": {"type": "integer"}},
            "required": ["func", "a", "b"]});
        let b = check(
            one.clone(),
            "Find the integral of the function f(x) = 3x^2 from 1 to 2.",
        );
        assert_eq!(b.arguments["func"], json!("3x^2"));
        assert_eq!(
            (&b.arguments["a"], &b.arguments["b"]),
            (&json!(1), &json!(2))
        );
        let b = check(
            one,
            "Area under the curve y=3x^2 + 2x - 4, between x = -1 and x = 2",
        );
        assert_eq!(b.arguments["func"], json!("3x^2 + 2x - 4"));
        let two = json!({"type": "object", "properties": {
            "function1": {"type": "string"}, "function2": {"type": "string"}},
            "required": ["function1", "function2"]});
        let b = check(
            two.clone(),
            "Find the intersection points of y=3x+2 and y=2x+3.",
        );
        assert_eq!(b.arguments["function1"], json!("3x+2"));
        assert_eq!(b.arguments["function2"], json!("2x+3"));
        // A value set by "=" is no expression, and one expression does not fill two.
        let b = check(two, "Where does y=3x+2 meet the line at x=1?");
        assert!(!b.arguments.contains_key("function1") && !b.arguments.contains_key("function2"));
    }

    #[test]
    fn a_range_of_numbers_fills_a_list_of_numbers() {
        let schema = json!({"type": "object", "properties": {
            "year_range": {"type": "array", "items": {"type": "integer"}, "description": "First and last year."}},
            "required": ["year_range"]});
        let b = check(schema, "Court cases about fishing rights from 1998 to 2004");
        assert_eq!(b.arguments["year_range"], json!([1998, 2004]));
    }

    #[test]
    fn a_format_the_description_spells_out_says_whether_a_moment_is_a_date_or_a_time() {
        let rental = json!({"type": "object", "required": ["start_date", "pickup_time", "end_date"],
            "properties": {
                "start_date": {"type": "string", "description": "The start date, in the format 'YYYY-MM-DD'."},
                "pickup_time": {"type": "string", "description": "The pickup time on the start date, in 24-hour format 'HH:MM'."},
                "end_date": {"type": "string", "description": "The end date, in the format 'YYYY-MM-DD'."}}});
        let b = check(
            rental,
            "Find a car from April 18th 2023 at 10am until April 24th?",
        );
        assert!(b.missing.is_empty(), "{b:?}");
        assert_eq!(b.arguments["start_date"], json!("2023-04-18"));
        assert_eq!(b.arguments["pickup_time"], json!("10:00"));
        assert_eq!(b.arguments["end_date"], json!("2023-04-24"));
    }

    #[test]
    fn numbers_written_as_words_fill_number_parameters_when_no_digits_do() {
        let payment = json!({"type": "object", "required": ["amount", "receiver"], "properties": {
            "amount": {"type": "number", "description": "The monetary value to send."},
            "receiver": {"type": "string", "description": "Who receives the payment."}}});
        let b = check(
            payment.clone(),
            "Could you initiate a ninety dollar transaction to Alice?",
        );
        assert_eq!(b.arguments["amount"], json!(90.0), "{b:?}");
        // "one" is too often not a number to stand in for one.
        let b = check(payment, "Make one transaction to Alice");
        assert!(b.missing.iter().any(|m| m.name == "amount"), "{b:?}");
    }

    #[test]
    fn an_address_the_schema_asks_for_takes_the_token_written_in_that_form() {
        let request = json!({"type": "object", "required": ["receiver", "amount"], "properties": {
            "receiver": {"type": "string", "description": "Who receives the request, such as an email or account number."},
            "amount": {"type": "number", "description": "The monetary value requested."}}});
        let b = check(
            request.clone(),
            "Request $83 from my friend's email, johndoe@example.com. Keep it private?",
        );
        assert_eq!(b.arguments["receiver"], "johndoe@example.com", "{b:?}");
        // No address written: a name still serves.
        let b = check(request, "Request $20 from Mary");
        assert_eq!(b.arguments["receiver"], "Mary", "{b:?}");
        let project = json!({"type": "object", "required": ["path"], "properties": {
            "path": {"type": "string", "description": "The file system path to the directory where the project is created."}}});
        let b = check(
            project,
            "Create a new project in the directory /Foo/Bar? and/or later",
        );
        assert_eq!(b.arguments["path"], "/Foo/Bar", "{b:?}");
        let domains = json!({"type": "object", "required": ["domain"], "properties": {
            "domain": {"type": "string", "description": "The target domain."}}});
        let b = check(
            domains,
            "i want to get the subdomains from google.com, e.g. quickly",
        );
        assert_eq!(b.arguments["domain"], "google.com", "{b:?}");
        let page = json!({"type": "object", "required": ["address"], "properties": {
            "address": {"type": "string", "format": "uri"}}});
        let b = check(page, "Summarise https://example.org/a?b=1 for me");
        assert_eq!(b.arguments["address"], "https://example.org/a?b=1", "{b:?}");
    }

    #[test]
    fn lower_case_words_a_list_cue_introduces_fill_a_list_of_strings() {
        let schema = json!({"type": "object", "properties": {
            "items": {"type": "array", "items": {"type": "string"}}},
            "required": ["items"]});
        let b = check(
            schema.clone(),
            "Check the price of tomatoes and lettuce at the market",
        );
        assert_eq!(
            b.arguments["items"],
            json!(["tomatoes", "lettuce"]),
            "{b:?}"
        );
        let b = check(schema.clone(), "a recipe that uses chicken, rice and beans");
        assert_eq!(
            b.arguments["items"],
            json!(["chicken", "rice", "beans"]),
            "{b:?}"
        );
        // What the user has is what a request lists, before the ask or after it.
        let b = check(
            schema.clone(),
            "I have some chicken, broccoli and cheese. Can you find me a recipe?",
        );
        assert_eq!(
            b.arguments["items"],
            json!(["chicken", "broccoli", "cheese"]),
            "{b:?}"
        );
        // The parameter's own word labels the list it leads.
        let ingredients = json!({"type": "object", "properties": {
            "ingredients": {"type": "array", "items": {"type": "string"}}},
            "required": ["ingredients"]});
        let b = check(
            ingredients,
            "Search recipes by ingredients eggs, flour and milk",
        );
        assert_eq!(
            b.arguments.get("ingredients").cloned().unwrap_or_default(),
            json!(["eggs", "flour", "milk"]),
            "{b:?}"
        );
        // Words merely joined, with no cue before them, are no list.
        let b = check(
            schema.clone(),
            "It is darker than expected, and visibility is poor",
        );
        assert!(!b.arguments.contains_key("items"), "{b:?}");
        // Nor are words the method's own metadata names ("the price and rating of ...").
        let topic: HashMap<String, f64> =
            [("price".to_owned(), 1.0), ("rate".to_owned(), 1.0)].into();
        let b = bind(
            &params(&schema),
            &Query::parse("Show me the average of price and rating"),
            &topic,
        );
        assert!(!b.arguments.contains_key("items"), "{b:?}");
    }

    #[test]
    fn an_identifier_takes_the_one_word_quoted_and_a_domain_its_bare_host() {
        let id = json!({"type": "object", "properties": {
            "id": {"type": "string", "description": "The unique identifier of the system."}},
            "required": ["id"]});
        let b = check(
            id.clone(),
            "The maintenance config is needed for 'sandcastle'.",
        );
        assert_eq!(b.arguments["id"], json!("sandcastle"), "{b:?}");
        // A quoted word written as a name names someone; it is not an ID.
        let b = check(id.clone(), "Show the settings of 'Frank'");
        assert!(!b.arguments.contains_key("id"), "{b:?}");
        // Of several quoted words, which is the ID would be a guess.
        let b = check(
            id,
            "the user 'admin' with password 'secret' needs the config",
        );
        assert!(!b.arguments.contains_key("id"), "{b:?}");

        let domain = json!({"type": "object", "properties": {
            "domain": {"type": "string", "description": "The main domain."}},
            "required": ["domain"]});
        let b = check(
            domain.clone(),
            "i want to get the subdomains from google.com",
        );
        assert_eq!(b.arguments["domain"], json!("google.com"), "{b:?}");
        // Abbreviations with full stops are no host.
        let b = check(domain, "the subdomains of the agency in Washington D.C.");
        assert!(!b.arguments.contains_key("domain"), "{b:?}");

        // A wallet's address is an address, but no name a text parameter takes.
        let wallet = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";
        let address = json!({"type": "object", "properties": {
            "address": {"type": "string", "description": "The Ethereum address."}},
            "required": ["address"]});
        let b = check(address, &format!("What's the balance of {wallet}?"));
        assert_eq!(b.arguments["address"], json!(wallet), "{b:?}");
        let password = json!({"type": "object", "properties": {
            "password": {"type": "string", "description": "The password for the new address"}},
            "required": ["password"]});
        let b = check(password, &format!("Send 2 ETH to {wallet}."));
        assert_ne!(b.arguments.get("password"), Some(&json!(wallet)), "{b:?}");
    }

    #[test]
    fn what_follows_a_parameters_word_written_as_an_owner_is_not_its_value() {
        let roster = json!({"type": "object", "required": ["team"], "properties": {
            "team": {"type": "string", "description": "Team name, e.g. Boston Celtics"}}});
        let b = check(roster.clone(), "Show me the team's current roster");
        assert_eq!(b.arguments.get("team"), None, "{b:?}");
        let b = check(
            roster,
            "Show me the current roster of the team Denver Nuggets",
        );
        assert_eq!(
            b.arguments.get("team"),
            Some(&json!("Denver Nuggets")),
            "{b:?}"
        );
    }

    #[test]
    fn a_month_written_in_words_takes_the_form_its_pattern_asks() {
        let views = json!({"type": "object", "required": ["title", "month"], "properties": {
            "title": {"type": "string", "description": "Article title"},
            "month": {"type": "string", "description": "Month, YYYY-MM", "pattern": "^\\d{4}-\\d{2}$"}}});
        let b = check(
            views,
            "How many views did the Ada Lovelace article get in March 2024?",
        );
        assert_eq!(b.arguments.get("month"), Some(&json!("2024-03")), "{b:?}");
    }

    #[test]
    fn an_owner_and_its_thing_written_as_one_fill_both() {
        let issues = json!({"type": "object", "required": ["owner", "repo"], "properties": {
            "owner": {"type": "string", "description": "Repository owner"},
            "repo": {"type": "string", "description": "Repository name"},
            "state": {"type": "string", "enum": ["open", "closed", "all"]}}});
        let b = check(
            issues.clone(),
            "List the open issues in the tokio-rs/axum repository",
        );
        assert_eq!(b.arguments.get("owner"), Some(&json!("tokio-rs")), "{b:?}");
        assert_eq!(b.arguments.get("repo"), Some(&json!("axum")), "{b:?}");
        // A unit is no such pair, nor is a pair anything to a method without both parameters.
        let b = check(issues, "List the issues at 50 km/h");
        assert_eq!(b.arguments.get("owner"), None, "{b:?}");
        let one = json!({"type": "object", "required": ["repo"], "properties": {
            "repo": {"type": "string", "description": "Repository name"}}});
        let b = check(one, "Show tokio-rs/axum");
        assert_ne!(b.arguments.get("repo"), Some(&json!("axum")), "{b:?}");
    }

    #[test]
    fn a_book_number_is_an_identifier_no_name_fills() {
        let book = json!({"type": "object", "required": ["isbn"], "properties": {
            "isbn": {"type": "string", "description": "ISBN-10 or ISBN-13"}}});
        let b = check(
            book.clone(),
            "Tell me about the author Chimamanda Ngozi Adichie",
        );
        assert_eq!(b.arguments.get("isbn"), None, "{b:?}");
        let b = check(book, "Look up the book with ISBN 9780143127550");
        assert_eq!(
            b.arguments.get("isbn"),
            Some(&json!("9780143127550")),
            "{b:?}"
        );
    }

    #[test]
    fn a_city_is_never_a_code_with_digits() {
        let hotels = json!({"type": "object", "required": ["city"], "properties": {
            "city": {"type": "string", "description": "City name"}}});
        let b = check(hotels.clone(), "What do guests think of hotel H-4412?");
        assert_eq!(b.arguments.get("city"), None, "{b:?}");
        let b = check(hotels, "What do guests think of hotels in Lisbon?");
        assert_eq!(b.arguments.get("city"), Some(&json!("Lisbon")), "{b:?}");
    }

    #[test]
    fn a_place_written_in_lower_case_after_in_fills_a_place_parameter() {
        let city = json!({"type": "object", "properties": {
            "city": {"type": "string", "description": "The city to search in."}},
            "required": ["city"]});
        let b = check(
            city.clone(),
            "I need a therapist for my family in berkeley.",
        );
        assert_eq!(b.arguments["city"], json!("berkeley"), "{b:?}");
        let b = check(city.clone(), "find a salon in mountain view for tomorrow");
        assert_eq!(b.arguments["city"], json!("mountain view"), "{b:?}");
        // An idiom is no place, nor is a place the query leaves to a pronoun.
        for query in [
            "I would like to purchase tickets in advance.",
            "Find a salon in my area",
        ] {
            let b = check(city.clone(), query);
            assert!(!b.arguments.contains_key("city"), "{query}: {b:?}");
        }
        // After "of" or "at", only a place the table knows by that name.
        let b = check(city.clone(), "get the weather of nyc");
        assert_eq!(b.arguments["city"], json!("New York"), "{b:?}");
        let b = check(city.clone(), "the average rent at berkeley");
        assert_eq!(b.arguments["city"], json!("berkeley"), "{b:?}");
        let b = check(city, "find the weather of my area");
        assert!(!b.arguments.contains_key("city"), "{b:?}");
    }

    #[test]
    fn a_value_a_mention_gives_with_is_comes_after_the_is() {
        let cik = json!({"type": "object", "properties": {
            "cik": {"type": "string", "description": "The Central Index Key of the company."}},
            "required": ["cik"]});
        let b = check(
            cik,
            "Retrieve their filings; their CIK number is 0001067983.",
        );
        assert_eq!(b.arguments["cik"], json!("0001067983"), "{b:?}");
        let database = json!({"type": "object", "properties": {
            "database": {"type": "string", "description": "The database to use."}},
            "required": ["database"]});
        let b = check(
            database.clone(),
            "Add a server; the database name is sales_db",
        );
        assert_eq!(b.arguments["database"], json!("sales_db"), "{b:?}");
        // Further on, a verb of being opens a clause about the value, which ends it.
        let b = check(
            database,
            "Use the database orders archive is the one we keep",
        );
        assert_eq!(b.arguments["database"], json!("orders archive"), "{b:?}");
        // So does a relative clause.
        let recipe = json!({"type": "object", "properties": {
            "recipe": {"type": "string", "description": "The dish to look for."}},
            "required": ["recipe"]});
        let b = check(
            recipe,
            "Find a recipe for pasta carbonara which has under 500 calories",
        );
        assert_eq!(b.arguments["recipe"], json!("pasta carbonara"), "{b:?}");
    }

    #[test]
    fn a_country_is_a_place_the_query_puts_things_in() {
        let b = check(
            json!({"type": "object", "required": ["species", "country"], "properties": {
                "species": {"type": "string", "description": "The species to estimate."},
                "country": {"type": "string", "description": "The country the species lives in."}}}),
            "Estimate the population of pandas in China.",
        );
        assert_eq!(b.arguments.get("country"), Some(&json!("China")), "{b:?}");
        assert_eq!(b.arguments.get("species"), Some(&json!("pandas")), "{b:?}");
    }

    #[test]
    fn a_percentage_is_a_fraction_for_a_rate_and_stays_whole_for_a_percentage() {
        let rate = |name: &str, description: &str| {
            let schema = json!({"type": "object", "required": [name, "principal"], "properties": {
                name: {"type": "number", "description": description},
                "principal": {"type": "number", "description": "The amount invested."}}});
            let words = name.replace('_', " ");
            check(
                schema,
                &format!("Invest a principal of $5000 with a {words} of 5%"),
            )
            .arguments
            .get(name)
            .cloned()
        };
        assert_eq!(
            rate("annual_rate", "The annual interest rate."),
            Some(json!(0.05))
        );
        assert_eq!(
            rate("growth", "The growth, as a decimal."),
            Some(json!(0.05))
        );
        assert_eq!(
            rate("annual_rate", "The interest rate as a percentage."),
            Some(json!(5.0))
        );
        assert_eq!(rate("increase", "How much it grows."), Some(json!(5.0)));
    }

    #[test]
    fn an_optional_identifier_takes_the_code_the_query_writes() {
        let contact = json!({"type": "object", "properties": {
            "id_no": {"type": "string", "description": "The employee's identification number."},
            "name": {"type": "string", "description": "The employee's name."}}});
        let b = check(
            contact.clone(),
            "Contact details for the employee A1234567B?",
        );
        assert_eq!(b.arguments.get("id_no"), Some(&json!("A1234567B")), "{b:?}");
        // A code another word names with "is" is that word's.
        let b = check(contact, "Contact details please, my password is Secure123");
        assert_eq!(b.arguments.get("id_no"), None, "{b:?}");
    }

    #[test]
    fn an_identifiers_label_is_no_part_of_the_code_it_labels() {
        let schema = json!({"type": "object", "required": ["project", "component"], "properties": {
            "project": {"type": "string", "description": "The project."},
            "component": {"type": "string", "description": "The component."}}});
        let b = check(
            schema,
            "Analysis trail for project SUPERFANCY with component UUID AB1010CD",
        );
        assert_eq!(
            b.arguments.get("component"),
            Some(&json!("AB1010CD")),
            "{b:?}"
        );
        assert_eq!(without_id_label("ID Card"), "ID Card");
    }

    #[test]
    fn a_free_text_parameter_takes_the_one_phrase_the_query_quotes() {
        let search = json!({"type": "object", "required": ["prompt"], "properties": {
            "prompt": {"type": "string", "description": "What to search for."}}});
        let b = check(
            search.clone(),
            "Look up 'the current prime minister of India', after 2022",
        );
        assert_eq!(
            b.arguments.get("prompt"),
            Some(&json!("the current prime minister of India")),
            "{b:?}"
        );
        // One quoted word says less than the words around it.
        let b = check(search, "Find songs by 'Queen' from the eighties");
        assert_eq!(
            b.arguments.get("prompt"),
            Some(&json!("Find songs by 'Queen' from the eighties")),
            "{b:?}"
        );
    }

    #[test]
    fn a_request_naming_nothing_beyond_the_method_gives_its_text_no_value() {
        let qr = json!({"type": "object", "required": ["text"], "properties": {
            "text": {"type": "string", "description": "The text to encode in the QR code"}}});
        // What the method is about: its name's and description's words.
        let topic: HashMap<String, f64> =
            text::terms("generate_qr_code Generate a QR code for a given text")
                .into_iter()
                .map(|t| (t, 1.0))
                .collect();
        let bound = |q: &str| bind(&params(&qr), &Query::parse(q), &topic);
        let b = bound("I need a QR code");
        assert!(b.arguments.get("text").is_none(), "{b:?}");
        assert!(b.missing.iter().any(|m| m.name == "text"), "{b:?}");
        // Something beyond it is the text: a word, a name, a number or a quote.
        for q in [
            "Generate a QR code for my website www.example.com",
            "I need a QR code saying 'hello there'",
            "A QR code for Mark",
        ] {
            assert!(bound(q).arguments.get("text").is_some(), "{q}");
        }
        // A question for information is what a search takes, however much the method names.
        let docs = json!({"type": "object", "required": ["query"], "properties": {
            "query": {"type": "string", "description": "What to look up"}}});
        let topic: HashMap<String, f64> =
            text::terms("search_docs Search the plan and pricing docs: cost, limits")
                .into_iter()
                .map(|t| (t, 1.0))
                .collect();
        for q in ["What does the plan cost?", "At what cost is the plan sold?"] {
            let b = bind(&params(&docs), &Query::parse(q), &topic);
            assert_eq!(b.arguments.get("query"), Some(&json!(q)), "{q}");
        }
    }

    #[test]
    fn a_thing_the_request_points_at_without_writing_it_out_gives_no_value() {
        let topic_of = |words: &str| -> HashMap<String, f64> {
            text::terms(words).into_iter().map(|t| (t, 1.0)).collect()
        };
        // Text a method works on is written out or quoted; "my name" only points at it.
        let translate = json!({"type": "object", "required": ["text", "target_lang"], "properties": {
            "text": {"type": "string", "description": "Text to translate"},
            "target_lang": {"type": "string", "description": "Target language code, e.g. 'de'"}}});
        let topic = topic_of("translate Translate text into a target language");
        let bound = |q: &str| bind(&params(&translate), &Query::parse(q), &topic);
        let b = bound("Can you translate my name into Japanese?");
        assert!(b.arguments.get("text").is_none(), "{b:?}");
        assert!(b.missing.iter().any(|m| m.name == "text"), "{b:?}");
        for (q, text) in [
            ("Translate good morning everyone into Japanese", None),
            (
                "Can you translate 'my name is Ana' into Japanese?",
                Some("my name is Ana"),
            ),
        ] {
            let b = bound(q);
            let got = b.arguments.get("text").and_then(Value::as_str);
            assert!(got.is_some(), "{q}: {b:?}");
            if let Some(text) = text {
                assert_eq!(got, Some(text), "{q}");
            }
        }
        // A search takes the request itself, pointing words and all.
        let search = json!({"type": "object", "required": ["query"], "properties": {
            "query": {"type": "string", "description": "Search keywords"}}});
        let b = bind(
            &params(&search),
            &Query::parse("What do people say about my name?"),
            &topic_of("search_web Search the web"),
        );
        assert!(b.arguments.get("query").is_some(), "{b:?}");
        // The word that says what a parameter is, written for the thing pointed at, is no value
        // of it; nor is the word a question asks for an attribute with.
        let ip = json!({"type": "object", "required": ["ip"], "properties": {
            "ip": {"type": "string", "description": "IPv4 or IPv6 address"}}});
        let b = check(ip.clone(), "Which country is this IP address from?");
        assert!(b.arguments.get("ip").is_none(), "{b:?}");
        let b = check(ip, "Which country is the IP 8.8.4.4 from?");
        assert_eq!(b.arguments.get("ip"), Some(&json!("8.8.4.4")), "{b:?}");
        let word = json!({"type": "object", "required": ["word"], "properties": {
            "word": {"type": "string", "description": "The word"}}});
        let b = check(word.clone(), "What does this word mean?");
        assert!(b.arguments.get("word").is_none(), "{b:?}");
        // Words of the thing that follow the pointing phrase ("my preferences include a modern
        // style") are the value, not its label.
        let prefs = json!({"type": "object", "required": ["user_preferences"], "properties": {
            "user_preferences": {"type": "string", "description": "Style preferences"}}});
        let b = check(prefs, "My preferences include a modern style");
        assert!(b.arguments.get("user_preferences").is_some(), "{b:?}");
    }

    #[test]
    fn a_body_for_one_end_of_a_way_takes_no_value_pointed_the_other_way() {
        let place = json!({"type": "object", "required": ["postalCode", "country"], "properties": {
            "postalCode": {"type": "string"}, "country": {"type": "string", "description": "ISO country code"}}});
        let schema = json!({"type": "object", "required": ["origin", "destination"], "properties": {
            "origin": place, "destination": place}});
        let b = check(
            schema,
            "How long would it take to ship a parcel to postal code 10115 in Germany?",
        );
        assert_eq!(
            b.arguments
                .get("destination")
                .and_then(|d| d.get("postalCode")),
            Some(&json!("10115")),
            "{b:?}"
        );
        assert!(
            b.arguments
                .get("origin")
                .and_then(|o| o.get("postalCode"))
                .is_none(),
            "{b:?}"
        );
        assert!(
            b.missing.iter().any(|m| m.name == "origin.postalCode"),
            "{b:?}"
        );
    }

    #[test]
    fn the_name_after_by_is_the_makers_and_a_capitalised_relative_day_is_a_title() {
        let lyrics = json!({"type": "object", "required": ["artist", "title"], "properties": {
            "artist": {"type": "string", "description": "Artist name"},
            "title": {"type": "string", "description": "Song title"}}});
        let b = check(lyrics, "Get me the lyrics of Yesterday by The Beatles");
        assert_eq!(
            b.arguments.get("artist"),
            Some(&json!("The Beatles")),
            "{b:?}"
        );
        assert_eq!(b.arguments.get("title"), Some(&json!("Yesterday")), "{b:?}");
        // Written in lower case, or opening the request, it is a day.
        let day = json!({"type": "object", "required": ["date"], "properties": {
            "date": {"type": "string", "format": "date"}}});
        for q in ["the news of yesterday", "Yesterday's news please"] {
            let b = bind(
                &params(&day),
                &Query::parse_on(q, chrono::NaiveDate::from_ymd_opt(2026, 12, 2)),
                &HashMap::new(),
            );
            assert_eq!(
                b.arguments.get("date"),
                Some(&json!("2026-12-01")),
                "{q}: {b:?}"
            );
        }
    }

    #[test]
    fn a_handle_binds_as_written_and_one_its_pattern_refuses_is_reported() {
        let profile = json!({"type": "object", "required": ["username"], "properties": {
            "username": {"type": "string", "pattern": "^@?[A-Za-z0-9_]{1,15}$"}}});
        let b = check(profile.clone(), "Show me the profile of @rustlang");
        assert_eq!(
            b.arguments.get("username"),
            Some(&json!("@rustlang")),
            "{b:?}"
        );
        // Never a word of the request in its place.
        let b = check(
            profile,
            "Show me the profile of @this_handle_is_far_too_long",
        );
        assert!(b.arguments.get("username").is_none(), "{b:?}");
        let (value, constraint) = invalid(&b, "username");
        assert_eq!(value, &json!("@this_handle_is_far_too_long"));
        assert!(
            constraint.contains("^@?[A-Za-z0-9_]{1,15}$"),
            "{constraint}"
        );
    }

    #[test]
    fn a_number_a_comma_parts_from_a_parameters_words_is_not_its() {
        let schema = json!({"type": "object", "required": ["initial_investment", "rate_of_return"],
            "properties": {
                "initial_investment": {"type": "integer", "description": "The initial investment amount."},
                "rate_of_return": {"type": "number", "description": "The annual rate of return."}}});
        let b = check(
            schema,
            "An investment with a rate of return of 8, an initial investment of $20000",
        );
        assert_eq!(
            b.arguments.get("rate_of_return"),
            Some(&json!(8.0)),
            "{b:?}"
        );
        assert_eq!(
            b.arguments.get("initial_investment"),
            Some(&json!(20000)),
            "{b:?}"
        );
    }

    #[test]
    fn a_plural_count_of_years_is_no_year_of_a_date() {
        let schema = json!({"type": "object", "required": ["years", "amount"], "properties": {
            "amount": {"type": "number", "description": "The amount invested."},
            "years": {"type": "integer", "description": "How long it is invested."}}});
        let b = check(
            schema,
            "Future value of $5000 invested on March 3, 2024 for a term of 10 years",
        );
        assert_eq!(b.arguments.get("years"), Some(&json!(10)), "{b:?}");
        let schema = json!({"type": "object", "required": ["year"], "properties": {
            "year": {"type": "integer", "description": "The year."}}});
        let b = check(schema, "Holidays around March 3, 2024");
        assert_eq!(b.arguments.get("year"), Some(&json!(2024)), "{b:?}");
    }

    #[test]
    fn allowed_values_that_are_units_take_the_same_unit_however_it_is_written() {
        let length = json!({"type": "object", "required": ["value", "from_unit", "to_unit"],
            "properties": {
                "value": {"type": "number"},
                "from_unit": {"type": "string", "enum": ["m", "km", "mi", "ft", "in"]},
                "to_unit": {"type": "string", "enum": ["m", "km", "mi", "ft", "in"]}}});
        let b = check(length.clone(), "Convert 26.2 miles to kilometres");
        assert_eq!(b.arguments.get("from_unit"), Some(&json!("mi")), "{b:?}");
        assert_eq!(b.arguments.get("to_unit"), Some(&json!("km")), "{b:?}");
        let temperature = json!({"type": "object", "required": ["value", "from_scale", "to_scale"],
            "properties": {
                "value": {"type": "number"},
                "from_scale": {"type": "string", "enum": ["C", "F", "K"]},
                "to_scale": {"type": "string", "enum": ["C", "F", "K"]}}});
        let b = check(temperature, "What is 100 degrees Fahrenheit in Celsius?");
        assert_eq!(b.arguments.get("from_scale"), Some(&json!("F")), "{b:?}");
        assert_eq!(b.arguments.get("to_scale"), Some(&json!("C")), "{b:?}");
        // A unit no value is stays unbound rather than taking a value of another unit.
        let b = check(length, "Convert 3 yards to kilometres");
        assert_eq!(b.arguments.get("from_unit"), None, "{b:?}");
    }

    #[test]
    fn a_written_pair_of_coordinates_fills_a_latitude_and_a_longitude_whatever_else_is_written() {
        let schema = json!({"type": "object", "required": ["location"], "properties": {
            "location": {"type": "object", "properties": {
                "latitude": {"type": "number"}, "longitude": {"type": "number"}},
                "required": ["latitude", "longitude"]},
            "min_power_kw": {"type": "number", "description": "Smallest charging power in kW"},
            "limit": {"type": "integer", "description": "How many stations to return"}}});
        let b = check(
            schema.clone(),
            "Find me up to 5 chargers of at least 150 kW near 48.137, 11.575.",
        );
        assert_eq!(
            b.arguments.get("location"),
            Some(&json!({"latitude": 48.137, "longitude": 11.575})),
            "{b:?}"
        );
        assert_eq!(
            b.arguments.get("min_power_kw"),
            Some(&json!(150.0)),
            "{b:?}"
        );
        // Two numbers apart are no point.
        let b = check(
            schema,
            "Find 5 chargers of at least 150 kW around 48.137 or 11.575",
        );
        assert!(
            b.arguments
                .get("location")
                .is_none_or(|l| l.get("longitude").is_none()),
            "{b:?}"
        );
    }

    #[test]
    fn a_denied_bound_is_the_other_end() {
        let schema = json!({"type": "object", "required": ["city"], "properties": {
            "city": {"type": "string", "description": "City"},
            "max_daily_rate": {"type": "number", "description": "Highest price per day in USD"},
            "min_seats": {"type": "integer", "description": "Fewest seats"}}});
        let b = check(
            schema.clone(),
            "Cars in Lisbon, nothing above 40 dollars a day",
        );
        assert_eq!(
            b.arguments.get("max_daily_rate"),
            Some(&json!(40.0)),
            "{b:?}"
        );
        let b = check(schema.clone(), "Cars in Lisbon with not under 5 seats");
        assert_eq!(b.arguments.get("min_seats"), Some(&json!(5)), "{b:?}");
        let b = check(schema, "Cars in Lisbon above 40 dollars a day");
        assert_eq!(b.arguments.get("max_daily_rate"), None, "{b:?}");
    }

    #[test]
    fn a_value_written_as_one_word_is_that_value_before_values_sharing_a_part_of_it() {
        let schema = json!({"type": "object", "required": ["game"], "properties": {
            "game": {"type": "string", "enum": ["powerball", "mega_millions", "euromillions"]}}});
        let b = check(schema.clone(), "How big is the EuroMillions jackpot?");
        assert_eq!(
            b.arguments.get("game"),
            Some(&json!("euromillions")),
            "{b:?}"
        );
        let b = check(schema, "How big is the Mega Millions jackpot?");
        assert_eq!(
            b.arguments.get("game"),
            Some(&json!("mega_millions")),
            "{b:?}"
        );
    }

    #[test]
    fn an_identifier_whose_examples_carry_digits_takes_no_word_without_any() {
        let schema = json!({"type": "object", "required": ["station_id"], "properties": {
            "station_id": {"type": "string", "description": "Station identifier, e.g. EVS-20931"}}});
        let b = check(schema.clone(), "Which chargers support CHAdeMO?");
        assert_eq!(b.arguments.get("station_id"), None, "{b:?}");
        assert!(b.missing.iter().any(|m| m.name == "station_id"), "{b:?}");
        let b = check(schema, "Is a plug free at station EVS-44120?");
        assert_eq!(
            b.arguments.get("station_id"),
            Some(&json!("EVS-44120")),
            "{b:?}"
        );
    }

    #[test]
    fn a_kind_of_the_methods_own_thing_is_the_word_before_it() {
        let schema = json!({"type": "object", "required": ["subject"], "properties": {
            "subject": {"type": "string", "description": "Subject area such as Chemistry or History"},
            "level": {"type": "string", "enum": ["undergraduate", "graduate"]}}});
        let topic: HashMap<String, f64> = [("cours".to_owned(), 1.0), ("search".to_owned(), 1.0)]
            .into_iter()
            .collect();
        let b = bind(
            &params(&schema),
            &Query::parse("List the undergraduate philosophy courses"),
            &topic,
        );
        assert_eq!(
            b.arguments.get("subject"),
            Some(&json!("philosophy")),
            "{b:?}"
        );
        assert_eq!(
            b.arguments.get("level"),
            Some(&json!("undergraduate")),
            "{b:?}"
        );
        // Without the method's thing after it, no word is the subject.
        let b = bind(
            &params(&schema),
            &Query::parse("List the undergraduate options"),
            &topic,
        );
        assert_eq!(b.arguments.get("subject"), None, "{b:?}");
    }

    #[test]
    fn things_listed_in_prose_end_where_a_word_is_no_thing_and_the_last_may_take_two_words() {
        let recipes = json!({"type": "object", "required": ["ingredients"], "properties": {
            "ingredients": {"type": "array", "items": {"type": "string"},
                "description": "Ingredients to use"},
            "vegetarian": {"type": "boolean", "description": "Only vegetarian recipes"}}});
        let topic: HashMap<String, f64> = text::terms("find recipes vegetarian")
            .into_iter()
            .map(|t| (t, 1.0))
            .collect();
        let listed = |q: &str| {
            bind(&params(&recipes), &Query::parse(q), &topic)
                .arguments
                .get("ingredients")
                .cloned()
        };
        assert_eq!(
            listed("A recipe with chickpeas, spinach and coconut milk that takes 20 minutes"),
            Some(json!(["chickpeas", "spinach", "coconut milk"]))
        );
        assert_eq!(
            listed("Recipes using eggs and leeks, not necessarily vegetarian."),
            Some(json!(["eggs", "leeks"]))
        );
        // A word of the method's own after the list is not a thing of it.
        assert_eq!(
            listed("Recipes using eggs and leeks vegetarian"),
            Some(json!(["eggs", "leeks"]))
        );
    }

    #[test]
    fn a_span_written_in_another_unit_of_time_is_given_in_the_parameters() {
        let meeting = json!({"type": "object", "required": ["duration_minutes"], "properties": {
            "duration_minutes": {"type": "integer", "maximum": 480,
                "description": "Meeting length in minutes"}}});
        let b = check(meeting.clone(), "Find a 2 hour slot for the review");
        assert_eq!(
            b.arguments.get("duration_minutes"),
            Some(&json!(120)),
            "{b:?}"
        );
        let b = check(meeting.clone(), "Find a 45 minute slot for the review");
        assert_eq!(
            b.arguments.get("duration_minutes"),
            Some(&json!(45)),
            "{b:?}"
        );
        // Converted, it is checked as the schema says: 600 minutes is too long.
        let b = check(meeting, "Find a 10 hour slot for the review");
        assert!(
            b.missing
                .iter()
                .any(|m| m.name == "duration_minutes" && m.invalid.is_some()),
            "{b:?}"
        );
        let back = json!({"type": "object", "required": ["days"], "properties": {
            "days": {"type": "integer", "description": "How many days back"}}});
        let b = check(back, "Quakes in the last 2 weeks");
        assert_eq!(b.arguments.get("days"), Some(&json!(14)), "{b:?}");
    }

    #[test]
    fn an_optional_body_takes_the_fields_the_request_settles_by_their_form() {
        let print = json!({"type": "object", "required": ["product", "quantity"], "properties": {
            "product": {"type": "string", "enum": ["business_cards", "flyers", "posters"]},
            "quantity": {"type": "integer", "minimum": 50},
            "paper": {"type": "object", "properties": {
                "weight_gsm": {"type": "integer", "description": "Paper weight in gsm"},
                "finish": {"type": "string", "enum": ["matte", "gloss"]}}}}});
        let b = check(
            print.clone(),
            "Price for 1000 business cards on matte paper",
        );
        assert_eq!(
            b.arguments.get("paper"),
            Some(&json!({"finish": "matte"})),
            "{b:?}"
        );
        let b = check(print, "Price for 1000 business cards");
        assert_eq!(b.arguments.get("paper"), None, "{b:?}");
        // A text field of an optional body takes no words: they are no sign the body was meant.
        let get = json!({"type": "object", "required": ["url"], "properties": {
            "url": {"type": "string", "description": "The URL to fetch"},
            "params": {"type": "object", "properties": {
                "query": {"type": "string", "description": "Search text"},
                "limit": {"type": "integer", "description": "Most results"}}}}});
        let b = check(
            get,
            "retrieve data from 'https://api.example.com/v1/data' with a limit of 50 items",
        );
        assert_eq!(
            b.arguments.get("params"),
            Some(&json!({"limit": 50})),
            "{b:?}"
        );
    }

    #[test]
    fn the_place_fields_of_a_body_for_one_end_of_a_way_take_that_ends_place() {
        let address = json!({"type": "object", "properties": {
            "street": {"type": "string"}, "city": {"type": "string"}}, "required": ["city"]});
        let schema = json!({"type": "object", "required": ["origin", "destination", "rooms"],
            "properties": {"origin": address, "destination": address,
                "rooms": {"type": "integer", "minimum": 1, "maximum": 12}}});
        let b = check(
            schema.clone(),
            "How much would it cost to move 3 rooms from Leeds to Bristol?",
        );
        assert_eq!(
            b.arguments.get("origin"),
            Some(&json!({"city": "Leeds"})),
            "{b:?}"
        );
        assert_eq!(
            b.arguments.get("destination"),
            Some(&json!({"city": "Bristol"})),
            "{b:?}"
        );
        assert!(b.missing.is_empty(), "{b:?}");
        // The end the request does not name is asked for.
        let b = check(schema, "How much would it cost to move 3 rooms to Bristol?");
        assert_eq!(
            b.arguments.get("destination"),
            Some(&json!({"city": "Bristol"})),
            "{b:?}"
        );
        assert!(b.missing.iter().any(|m| m.name == "origin.city"), "{b:?}");
    }

    #[test]
    fn a_quantity_in_another_parameters_unit_takes_no_place_in_order() {
        let near = json!({"type": "object", "required": ["latitude", "longitude"], "properties": {
            "latitude": {"type": "number", "description": "Latitude"},
            "longitude": {"type": "number", "description": "Longitude"},
            "radiusKm": {"type": "number", "description": "Search radius in kilometres"}}});
        let b = check(near.clone(), "Stations within 10 km of 52.52, 13.405");
        assert_eq!(b.arguments.get("latitude"), Some(&json!(52.52)), "{b:?}");
        assert_eq!(b.arguments.get("longitude"), Some(&json!(13.405)), "{b:?}");
        assert_eq!(b.arguments.get("radiusKm"), Some(&json!(10.0)), "{b:?}");
        // Without a parameter measured in that unit, three numbers for two places are a guess,
        // unless two of them are written as a point.
        let bare = json!({"type": "object", "required": ["latitude", "longitude"], "properties": {
            "latitude": {"type": "number", "description": "Latitude"},
            "longitude": {"type": "number", "description": "Longitude"}}});
        let b = check(bare.clone(), "Stations within 10 km of 52.52 and 13.405");
        assert_eq!(b.arguments.get("latitude"), None, "{b:?}");
        let b = check(bare, "Stations within 10 km of 52.52, 13.405");
        assert_eq!(b.arguments.get("latitude"), Some(&json!(52.52)), "{b:?}");
    }

    #[test]
    fn an_optional_number_takes_the_one_written_right_after_its_name() {
        let test = json!({"type": "object", "required": ["samples"], "properties": {
            "samples": {"type": "integer", "description": "How many samples"},
            "significance_level": {"type": "number", "default": 0.05},
            "tail_count": {"type": "integer", "default": 2}}});
        let b = check(
            test.clone(),
            "Test 40 samples at a significance level of 0.01",
        );
        assert_eq!(
            b.arguments.get("significance_level"),
            Some(&json!(0.01)),
            "{b:?}"
        );
        assert_eq!(b.arguments.get("tail_count"), None, "not named: {b:?}");
        // A number that is not right after the name may be any other.
        let b = check(
            test,
            "Test 40 samples, one tail, a level of 0.01 for significance",
        );
        assert_eq!(b.arguments.get("significance_level"), None, "{b:?}");
    }

    #[test]
    fn a_flag_named_for_an_attribute_and_its_value_is_named_by_the_value() {
        let payment = json!({"type": "object", "required": ["receiver", "amount"], "properties": {
            "receiver": {"type": "string", "description": "Who receives the money."},
            "amount": {"type": "number", "description": "How much."},
            "private_visibility": {"type": "boolean", "description": "Hidden from public feeds.", "default": false}}});
        let private = |q: &str| {
            check(payment.clone(), q)
                .arguments
                .get("private_visibility")
                .cloned()
        };
        assert_eq!(
            private("I need to privately send $50 to Jamie"),
            Some(json!(true))
        );
        assert_eq!(
            private("Send $150 to Alice. Keep the transaction private."),
            Some(json!(true))
        );
        assert_eq!(
            private("Send $150 to Alice, it need not be private"),
            Some(json!(false))
        );
        assert_eq!(private("Send $150 to Alice"), None);
    }

    #[test]
    fn an_optional_flag_the_query_names_is_set_and_one_it_does_not_keeps_its_default() {
        let route = json!({"type": "object", "required": ["start"], "properties": {
            "start": {"type": "string", "description": "Where to start from"},
            "avoid_tolls": {"type": "boolean", "default": false},
            "include_images": {"type": "boolean", "default": false}}});
        let b = check(
            route.clone(),
            "Fastest route from Leeds with toll roads avoided",
        );
        assert_eq!(b.arguments.get("avoid_tolls"), Some(&json!(true)), "{b:?}");
        assert_eq!(b.arguments.get("include_images"), None, "not named: {b:?}");
        // A negator anywhere in the clause that names it turns it off, not beyond the clause.
        let b = check(
            route.clone(),
            "Route from Leeds, I don't need any of the images",
        );
        assert_eq!(
            b.arguments.get("include_images"),
            Some(&json!(false)),
            "{b:?}"
        );
        // A clause may end with no space after it; "non-" denies in the word itself.
        let b = check(
            route.clone(),
            "I didn't plan it.show a route from Leeds with images",
        );
        assert_eq!(
            b.arguments.get("include_images"),
            Some(&json!(true)),
            "{b:?}"
        );
        let b = check(route.clone(), "A route from Leeds, non-images version");
        assert_eq!(
            b.arguments.get("include_images"),
            Some(&json!(false)),
            "{b:?}"
        );
        let b = check(route, "Not the slow one: a route from Leeds with images");
        assert_eq!(
            b.arguments.get("include_images"),
            Some(&json!(true)),
            "{b:?}"
        );
    }

    #[test]
    fn a_body_of_text_runs_on_to_the_end_of_its_sentence() {
        let todo = json!({"type": "object", "required": ["content"], "properties": {
            "content": {"type": "string", "description": "What the task says."}}});
        let b = check(todo, "add todo with content go to sleep at 9 pm");
        assert_eq!(
            b.arguments.get("content"),
            Some(&json!("go to sleep at 9 pm")),
            "{b:?}"
        );
        // Any other value still ends where a preposition opens what it is for.
        let class = json!({"type": "object", "required": ["seat_class"], "properties": {
            "seat_class": {"type": "string", "description": "Cabin class."}}});
        let b = check(class, "a seat class business for my trip");
        assert_eq!(
            b.arguments.get("seat_class"),
            Some(&json!("business")),
            "{b:?}"
        );
    }

    #[test]
    fn an_optional_place_takes_the_name_the_query_points_its_way() {
        let temperature = json!({"type": "object", "required": ["units"], "properties": {
            "units": {"type": "string", "enum": ["Celsius", "Fahrenheit"]},
            "location": {"type": "string", "default": "Current location",
                "description": "The location, in the format of 'City, Country'."}}});
        let b = check(
            temperature.clone(),
            "What is the temperature in Hyderabad, India, in Celsius?",
        );
        assert_eq!(
            b.arguments.get("location"),
            Some(&json!("Hyderabad, India")),
            "{b:?}"
        );
        // A name no place word points at may be anything: the default stands.
        let b = check(temperature, "Ask Priya for the temperature in Celsius");
        assert_eq!(b.arguments.get("location"), None, "{b:?}");
        // A place pointed another way is not this one's.
        let trains = json!({"type": "object", "required": ["station"], "properties": {
            "station": {"type": "string", "description": "Station to depart from"},
            "destination": {"type": "string", "description": "Where to travel to"}}});
        let b = check(trains.clone(), "Any trains from Leeds to York?");
        assert_eq!(
            b.arguments.get("destination"),
            Some(&json!("York")),
            "{b:?}"
        );
        let b = check(trains, "Any trains from Leeds?");
        assert_eq!(b.arguments.get("destination"), None, "{b:?}");
    }

    #[test]
    fn a_number_word_that_counts_the_described_thing_gives_way_to_the_parameters_own_number() {
        let b = check(
            json!({"type": "object", "required": ["radius"], "properties": {
                "radius": {"type": "number", "description": "The radius of the circle."}}}),
            "Calculate the area of two circles, one with a radius of 4.",
        );
        assert_eq!(b.arguments.get("radius"), Some(&json!(4.0)), "{b:?}");
        // With nothing written by its name, the count beside the described thing still gives it.
        let b = check(
            json!({"type": "object", "required": ["sides"], "properties": {
                "sides": {"type": "integer", "description": "How many faces the die has."}}}),
            "Roll a die with six faces.",
        );
        assert_eq!(b.arguments.get("sides"), Some(&json!(6)), "{b:?}");
    }

    #[test]
    fn a_number_parameter_named_again_with_another_number_fans_out() {
        let circle = json!({"type": "object", "required": ["radius"], "properties": {
            "radius": {"type": "number", "description": "The radius of the circle."}}});
        let b = check(
            circle,
            "Calculate the area of two circles, one with a radius of 4 and the other with a radius of 6.",
        );
        assert_eq!(
            b.fan_out,
            Some(("radius".into(), vec![json!(4.0), json!(6.0)])),
            "{b:?}"
        );
        // A number written for the second call that another parameter would take keeps it one.
        let trip = json!({"type": "object", "required": ["speed", "hours"], "properties": {
            "speed": {"type": "number", "description": "Speed in km/h"},
            "hours": {"type": "number", "description": "Time driven"}}});
        let b = check(
            trip,
            "Distance at speed 30 for 2 hours and speed 40 for 3 hours",
        );
        assert!(b.fan_out.is_none(), "{b:?}");
    }

    #[test]
    fn a_sort_of_a_thing_is_the_word_said_right_before_the_thing() {
        let hotel = json!({"type": "object", "required": ["hotel_name", "room_type", "location"], "properties": {
            "hotel_name": {"type": "string", "description": "The name of the hotel."},
            "room_type": {"type": "string", "description": "The type of room to book."},
            "location": {"type": "string", "description": "The city of the hotel."}}});
        let b = check(
            hotel.clone(),
            "Book a single room for two nights at the Hilton Hotel in Chicago",
        );
        assert_eq!(b.arguments["room_type"], "single", "{b:?}");
        assert_eq!(b.arguments["hotel_name"], "Hilton Hotel", "{b:?}");
        // Whatever names the request writes elsewhere: "Marriott" is no sort of room.
        let b = check(
            hotel,
            "Book a deluxe room at the Marriott hotel in New York",
        );
        assert_eq!(b.arguments["room_type"], "deluxe", "{b:?}");
        let crimes = json!({"type": "object", "required": ["crime_type", "location"], "properties": {
            "crime_type": {"type": "string", "description": "Type of the crime."},
            "location": {"type": "string", "description": "Where the cases were filed."}}});
        let b = check(crimes, "Retrieve cases about theft crimes in Los Angeles");
        assert_eq!(b.arguments["crime_type"], "theft", "{b:?}");
        assert_eq!(b.arguments["location"], "Los Angeles", "{b:?}");
        // A name that says no sort leaves the parameter to the other readings.
        let kind = json!({"type": "object", "required": ["room_kind"], "properties": {
            "room_kind": {"type": "string", "description": "The kind of room."}}});
        assert!(
            check(kind, "Book the room")
                .arguments
                .get("room_kind")
                .is_none()
        );
    }

    #[test]
    fn a_name_the_request_gives_as_its_speakers_fills_the_speakers_parameter() {
        let greeting = json!({"type": "object", "required": ["user_name", "partner_name"], "properties": {
            "user_name": {"type": "string", "description": "The name of the user sending the greeting."},
            "partner_name": {"type": "string", "description": "The name of the user's partner."}}});
        let b = check(
            greeting.clone(),
            "help me send a nice message to my husband, Jeff? My name is Emily.",
        );
        assert_eq!(b.arguments["user_name"], "Emily", "{b:?}");
        assert_eq!(b.arguments["partner_name"], "Jeff", "{b:?}");
        // Without an introduction the names go in the order written.
        let b = check(greeting, "Send a message from Jeff to Emily");
        assert_eq!(b.arguments["user_name"], "Jeff", "{b:?}");
        let flight = json!({"type": "object", "required": ["airlines", "person_name"], "properties": {
            "airlines": {"type": "string", "description": "The name of the airline."},
            "person_name": {"type": "string", "description": "The name of the passenger."}}});
        let b = check(
            flight.clone(),
            "Hi, I am Karan. Can you tell me the status of my Indigo flight?",
        );
        assert_eq!(b.arguments["person_name"], "Karan", "{b:?}");
        assert_eq!(b.arguments["airlines"], "Indigo", "{b:?}");
        // The last introduction is the fullest: "I am Karan ... my name is Karan Sharma".
        let b = check(
            flight,
            "I am Karan. What about my Delta flight? My name is Karan Sharma.",
        );
        assert_eq!(b.arguments["person_name"], "Karan Sharma", "{b:?}");
    }

    #[test]
    fn an_optional_count_takes_the_number_before_what_it_counts_or_of_the_people_it_is_for() {
        let house = json!({"type": "object", "required": ["where_to"], "properties": {
            "where_to": {"type": "string", "description": "The city to stay in."},
            "number_of_adults": {"type": "integer", "description": "The number of adults.", "default": 0},
            "number_of_rooms": {"type": "integer", "description": "The number of rooms.", "default": 1}}});
        let adults = |query: &str| {
            check(house.clone(), query)
                .arguments
                .get("number_of_adults")
                .cloned()
        };
        assert_eq!(
            adults("Find a house in Austin for 2 adults"),
            Some(json!(2))
        );
        assert_eq!(
            adults("I need a place in Sydney for three people"),
            Some(json!(3))
        );
        assert_eq!(adults("Find a house in Delhi for two?"), Some(json!(2)));
        // A number that counts anything else is not the people's.
        assert_eq!(adults("Find a house in Delhi for 3 nights"), None);
        assert_eq!(adults("Find a house in Delhi with 2 rooms"), None);
        assert_eq!(
            check(house.clone(), "Find a house in Delhi with 2 rooms").arguments["number_of_rooms"],
            json!(2)
        );
        // One word between may say which kind of the thing it counts.
        assert_eq!(
            check(house.clone(), "Finding three hotel rooms in Philadelphia").arguments["number_of_rooms"],
            json!(3)
        );
        assert_eq!(
            adults("A house in Lyon for 2 nights with laundry service"),
            None
        );
        // A count per something is a rate, not a count of the thing: "3 years" is no
        // compounding per year.
        let invest = json!({"type": "object", "required": ["present_value", "time_years"], "properties": {
            "present_value": {"type": "integer", "description": "The present value of the investment."},
            "compounding_periods_per_year": {"type": "integer", "description": "Times compounded per year.", "default": 1},
            "time_years": {"type": "integer", "description": "The investment horizon in years."}}});
        let b = check(invest, "the future value of a $5000 investment in 3 years");
        assert_eq!(b.arguments["time_years"], json!(3), "{b:?}");
        assert!(
            b.arguments.get("compounding_periods_per_year").is_none(),
            "{b:?}"
        );
    }

    #[test]
    fn an_optional_name_of_a_thing_takes_the_name_written_with_that_things_word() {
        let cleaner = json!({"type": "object", "required": ["service"], "properties": {
            "service": {"type": "string", "enum": ["cleaning", "ironing"]},
            "district_name": {"type": "string", "description": "The district.", "default": null}}});
        let district = |query: &str| {
            check(cleaner.clone(), query)
                .arguments
                .get("district_name")
                .cloned()
        };
        assert_eq!(
            district("Find ironing in Bangkok, Chatuchak District"),
            Some(json!("Chatuchak District"))
        );
        assert_eq!(
            district("Find ironing in Bangkok, in the Chatuchak district"),
            Some(json!("Chatuchak"))
        );
        // A name without the thing's word may be any other place.
        assert_eq!(district("Find ironing in Bangkok"), None);
        let movies = json!({"type": "object", "required": ["location"], "properties": {
            "location": {"type": "string", "description": "The city."},
            "theater_name": {"type": "string", "description": "The theater.", "default": "dontcare"}}});
        let b = check(
            movies,
            "Any regular movies in San Jose at the Century 20 theater?",
        );
        assert_eq!(b.arguments["theater_name"], "Century 20", "{b:?}");
        assert_eq!(b.arguments["location"], "San Jose", "{b:?}");
    }

    #[test]
    fn a_second_time_on_the_day_given_is_on_that_day() {
        let window = json!({"type": "object", "required": ["start", "end"], "properties": {
            "start": {"type": "string", "description": "The start, in the format 'YYYY-MM-DD HH:mm:ss'."},
            "end": {"type": "string", "description": "The end, in the format 'YYYY-MM-DD HH:mm:ss'."}}});
        let b = check(
            window.clone(),
            "Someone on February 23, 2024, between 10:30 and 19:00",
        );
        assert_eq!(b.arguments["start"], "2024-02-23 10:30:00", "{b:?}");
        assert_eq!(b.arguments["end"], "2024-02-23 19:00:00", "{b:?}");
        // Each day written is its own.
        let b = check(window, "From 2024-02-23 10:30 to 2024-02-25 19:00");
        assert_eq!(b.arguments["end"], "2024-02-25 19:00:00", "{b:?}");
    }

    #[test]
    fn a_state_code_is_the_code_of_the_state_the_request_names() {
        let tax = json!({"type": "object", "required": ["state", "amount"], "properties": {
            "state": {"type": "string", "description": "The U.S. state abbreviation, such as 'CA' for California."},
            "amount": {"type": "number", "description": "The purchase amount."},
            "city": {"type": "string", "description": "The city of the purchase.", "default": null}}});
        let b = check(tax.clone(), "I spent $999 in California, what tax is due?");
        assert_eq!(b.arguments["state"], "CA", "{b:?}");
        // The state's words are spent: the city is not the state.
        assert!(b.arguments.get("city").is_none(), "{b:?}");
        let b = check(
            tax.clone(),
            "A $59.99 purchase in San Francisco, California",
        );
        assert_eq!(b.arguments["state"], "CA", "{b:?}");
        assert_eq!(b.arguments["city"], "San Francisco", "{b:?}");
        // Two states name none.
        let b = check(tax, "A $10 purchase in Texas or Oregon");
        assert_ne!(b.arguments.get("state"), Some(&json!("TX")), "{b:?}");
        // A state that takes no code keeps the name written.
        let named = json!({"type": "object", "required": ["state"], "properties": {
            "state": {"type": "string", "description": "The state."}}});
        assert_eq!(
            check(named, "Parks in California").arguments["state"],
            "California"
        );
    }

    #[test]
    fn a_state_written_in_full_after_a_city_takes_its_code_where_the_shape_asks_for_one() {
        let shaped = json!({"type": "object", "required": ["city"], "properties": {
            "city": {"type": "string", "description": "The city, in the format 'City, State', such as 'San Francisco, CA'."}}});
        assert_eq!(
            check(shaped.clone(), "A house in Austin, Texas please").arguments["city"],
            "Austin, TX"
        );
        assert_eq!(
            check(shaped, "I'm in Berkeley California and need a counselor").arguments["city"],
            "Berkeley, CA"
        );
        // A shape that shows a state's name keeps the name.
        let named = json!({"type": "object", "required": ["city"], "properties": {
            "city": {"type": "string", "description": "The city and its state, such as 'Austin, Texas'."}}});
        assert_eq!(
            check(named, "A house in Austin, Texas please").arguments["city"],
            "Austin, Texas"
        );
    }

    #[test]
    fn a_city_takes_the_region_its_shape_asks_for_however_it_was_written() {
        let shaped = json!({"type": "object", "required": ["city"], "properties": {
            "city": {"type": "string", "description": "The city, in the format of 'City, State', such as 'Berkeley, CA' or 'New York, NY'."}}});
        // Written in lower case, found as the phrase after "in".
        assert_eq!(
            check(
                shaped.clone(),
                "I need a therapist for my family in berkeley."
            )
            .arguments["city"],
            "berkeley, CA"
        );
        // A state's code in capitals says the state, though the table's Pittsburg is in
        // California.
        assert_eq!(
            check(shaped.clone(), "Find me a therapist in Pittsburg PA please").arguments["city"],
            "Pittsburg, PA"
        );
        // The description's own example of the city shows its region.
        let abroad = json!({"type": "object", "required": ["city"], "properties": {
            "city": {"type": "string", "description": "The city, as 'City, State' or 'City, Country' (e.g., 'New York, NY' or 'London, UK')."}}});
        assert_eq!(
            check(abroad, "Find me a theater event in London tonight").arguments["city"],
            "London, UK"
        );
        // "abbrieviated" asks for the code as plainly as "abbreviated".
        let misspelt = json!({"type": "object", "required": ["location"], "properties": {
            "location": {"type": "string", "description": "The city, in the format of 'City, State'. State has to be abbrieviated"}}});
        assert_eq!(
            check(misspelt, "Three hotel rooms in Philadelphia please").arguments["location"],
            "Philadelphia, PA"
        );
        // A fan-out keeps each city, the region written on each.
        let b = check(shaped, "Therapists in Berkeley and Philadelphia");
        assert_eq!(
            b.fan_out,
            Some((
                "city".to_owned(),
                vec![json!("Berkeley, CA"), json!("Philadelphia, PA")]
            )),
            "{b:?}"
        );
    }

    /// Binds `query` to a method described as `description` and named `name` (its topic).
    fn check_described(schema: Value, name: &str, description: &str, query: &str) -> Binding {
        let mut ps = params(&schema);
        crate::schema::introductions(&mut ps, description);
        let topic: HashMap<String, f64> = text::terms(name).into_iter().map(|t| (t, 1.0)).collect();
        bind(&ps, &Query::parse(query), &topic)
    }

    #[test]
    fn a_phrase_in_the_slot_the_description_gives_a_parameter_is_its_value() {
        let instrument = json!({"type": "object", "required": ["instrument", "manufacturer"], "properties": {
            "instrument": {"type": "string", "description": "The name of the instrument."},
            "manufacturer": {"type": "string", "description": "The manufacturer of the instrument."}}});
        let described = "Retrieve the average price and ratings of an instrument from a particular manufacturer.";
        let b = check_described(
            instrument.clone(),
            "get_instrument_details",
            described,
            "Find me the average price and ratings of piano from Yamaha.",
        );
        assert_eq!(
            b.arguments.get("instrument"),
            Some(&json!("piano")),
            "{b:?}"
        );
        assert_eq!(
            b.arguments.get("manufacturer"),
            Some(&json!("Yamaha")),
            "{b:?}"
        );
        // Without the description's slots, which name goes where is a guess, and none is made.
        let b = check(
            instrument,
            "Find me the average price and ratings of piano from Yamaha.",
        );
        assert_eq!(b.arguments.get("instrument"), None, "{b:?}");

        let population = json!({"type": "object", "required": ["species", "country"], "properties": {
            "species": {"type": "string", "description": "The species for which population needs to be estimated."},
            "country": {"type": "string", "description": "The country where the species lives."}}});
        let b = check_described(
            population,
            "estimate_population",
            "Estimate the population of a particular species in a given country.",
            "Estimate the population of pandas in the wild in China.",
        );
        assert_eq!(b.arguments.get("species"), Some(&json!("pandas")), "{b:?}");
        assert_eq!(b.arguments.get("country"), Some(&json!("China")), "{b:?}");

        // A slot phrase never cuts a name short, nor takes the head of a phrase of its own.
        let ranking = json!({"type": "object", "required": ["team", "league"], "properties": {
            "team": {"type": "string", "description": "The team."},
            "league": {"type": "string", "description": "The league."}}});
        let b = check_described(
            ranking,
            "get_team_ranking",
            "Get the ranking of a team in a league.",
            "What is the ranking of Manchester United in Premier League?",
        );
        assert_eq!(
            b.arguments.get("league"),
            Some(&json!("Premier League")),
            "{b:?}"
        );
        let mut ps = params(&json!({"type": "object", "properties": {
            "league": {"type": "string", "description": "The league."}}}));
        crate::schema::introductions(&mut ps, "The ranking in a league.");
        let q = Query::parse("What is the ranking in Premier League?");
        assert_eq!(
            slot_phrase(&ps[0], &q, &HashSet::new(), &HashMap::new()),
            None
        );
        let q = Query::parse("What is the ranking in the local league of Lisbon?");
        assert_eq!(
            slot_phrase(&ps[0], &q, &HashSet::new(), &HashMap::new()),
            None
        );
        let brands = json!({"type": "object", "required": ["product"], "properties": {
            "product": {"type": "string", "description": "The product for which the top brands should be fetched."},
            "organic": {"type": "boolean", "description": "If the product should be organic. Default is false"}}});
        let b = check_described(
            brands,
            "whole_foods.find_top_brands",
            "Get top brands based on a specific product from Whole Foods",
            "Find the top five organic bananas brands on the basis of rating from Whole Foods store.",
        );
        assert_eq!(b.arguments.get("product"), Some(&json!("bananas")), "{b:?}");
    }

    #[test]
    fn a_stay_given_by_its_first_and_last_day_is_as_long_as_the_nights_between() {
        let hotel = json!({"type": "object", "required": ["check_in_date", "stay_length"], "properties": {
            "check_in_date": {"type": "string", "description": "The check-in date, in the format 'YYYY-MM-DD'."},
            "stay_length": {"type": "integer", "description": "The length of the stay in number of days."}}});
        let b = check(
            hotel.clone(),
            "Book me a room in Berkeley for the dates of August 15th to August 17th, 2023?",
        );
        assert_eq!(b.arguments.get("stay_length"), Some(&json!(2)), "{b:?}");
        assert!(b.missing.iter().all(|m| m.name != "stay_length"), "{b:?}");
        let b = check(hotel.clone(), "A room from 2024-03-30 to 2024-04-02");
        assert_eq!(b.arguments.get("stay_length"), Some(&json!(3)), "{b:?}");
        // One day gives no length; nor do three, nor a last day before the first.
        let b = check(hotel.clone(), "A room on 2024-03-30");
        assert_eq!(b.arguments.get("stay_length"), None, "{b:?}");
        let b = check(
            hotel.clone(),
            "A room on 2024-03-30, 2024-04-02 or 2024-04-05",
        );
        assert_eq!(b.arguments.get("stay_length"), None, "{b:?}");
        let b = check(hotel, "A room from 2024-04-02 to 2024-03-30");
        assert_eq!(b.arguments.get("stay_length"), None, "{b:?}");
        // A number of days that measures no stay is not worked out from them.
        let forecast = json!({"type": "object", "required": ["days"], "properties": {
            "days": {"type": "integer", "description": "Number of days to forecast."}}});
        let b = check(forecast, "The forecast from 2024-03-30 to 2024-04-02");
        assert_ne!(b.arguments.get("days"), Some(&json!(3)), "{b:?}");
    }

    #[test]
    fn a_long_quoted_title_is_one_value() {
        let game = json!({"type": "object", "required": ["game_name", "platform"], "properties": {
            "game_name": {"type": "string", "description": "The name of the game."},
            "platform": {"type": "string", "description": "The platform the game was released on (e.g., Nintendo Switch, PS5, etc.)", "default": "all platforms"}}});
        let b = check(
            game,
            "Get the average user score for the game 'The Legend of Zelda: Breath of the Wild' from GameSpot.",
        );
        assert_eq!(
            b.arguments["game_name"], "The Legend of Zelda: Breath of the Wild",
            "{b:?}"
        );
        assert_ne!(b.arguments.get("platform"), Some(&json!("Wild")), "{b:?}");
    }

    #[test]
    fn a_country_code_is_the_iso_code_of_the_country_the_request_names() {
        let weather = json!({"type": "object", "required": ["city", "country"], "properties": {
            "city": {"type": "string", "description": "The city, e.g., 'San Francisco'."},
            "country": {"type": "string", "description": "The country, in ISO 3166-1 alpha-2 codes, e.g., 'US'."}}});
        let b = check(weather.clone(), "The weather for London in the UK, please");
        assert_eq!(b.arguments["country"], "GB", "{b:?}");
        assert_eq!(b.arguments["city"], "London", "{b:?}");
        let b = check(weather.clone(), "The weather for Nairobi, Kenya");
        assert_eq!(b.arguments["country"], "KE", "{b:?}");
        // "us" the pronoun is no country.
        let b = check(weather, "Tell us the weather in Oslo");
        assert_ne!(b.arguments.get("country"), Some(&json!("US")), "{b:?}");
        // A country that takes no code keeps the name written.
        let named = json!({"type": "object", "required": ["country"], "properties": {
            "country": {"type": "string", "description": "The country."}}});
        assert_eq!(
            check(named, "Holidays in Kenya").arguments["country"],
            "Kenya"
        );
    }

    #[test]
    fn a_place_goes_by_the_citys_name_not_a_short_one() {
        let shaped = json!({"type": "object", "required": ["location"], "properties": {
            "location": {"type": "string", "description": "The city, in the format 'City, State', such as 'Austin, TX'."},
            "movie_name": {"type": "string", "description": "The movie's name.", "default": "dontcare"}}});
        let b = check(shaped.clone(), "Find me a regular show in LA tonight");
        assert_eq!(b.arguments["location"], "Los Angeles, CA", "{b:?}");
        // The short name is spent: it names no movie.
        assert!(b.arguments.get("movie_name").is_none(), "{b:?}");
        assert_eq!(
            check(shaped, "a salon in San Fran?").arguments["location"],
            "San Francisco, CA"
        );
        // Only a place: a short name elsewhere is what it is.
        let label = json!({"type": "object", "required": ["label"], "properties": {
            "label": {"type": "string", "description": "A label."}}});
        assert_eq!(check(label, "Tag it LA").arguments["label"], "LA");
    }
}
