//! The method index: each method's metadata turned into weighted terms, with inverse document
//! frequencies over the indexed methods. Built once per tool set; the runtime caches it.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use contract::{MethodDescriptor, ToolDescriptor};

use crate::schema::{self, Param};
use crate::weights::Weights;

/// Indexes one parameter's name, description, enum values and examples, scaled by `factor`.
fn index_param(p: &Param, factor: f64, add: &mut impl FnMut(&str, f64, bool)) {
    add(&p.name, Weights::DEFAULT.in_param_name * factor, false);
    add(
        &p.description,
        Weights::DEFAULT.in_param_text * factor,
        true,
    );
    for c in &p.choices {
        add(&c.label, Weights::DEFAULT.in_enum_value * factor, false);
    }
    for e in &p.examples {
        add(e, Weights::DEFAULT.in_example * factor, false);
    }
}

/// One method, indexed.
#[derive(Debug)]
pub struct MethodDoc {
    /// The tool it belongs to.
    pub tool: Arc<ToolDescriptor>,
    /// Position of the method in `tool.methods`.
    pub position: usize,
    /// Term → strongest weight among the places it occurs.
    pub terms: HashMap<String, f64>,
    /// Terms of the method name alone.
    pub name_terms: HashSet<String>,
    /// Terms only the tool's own title and description give, none of the method's own
    /// metadata: what the API as a whole is about ("Online store: products, reviews and orders"),
    /// which says nothing of what this one method serves.
    pub tool_only_terms: HashSet<String>,
    /// The word each metadata term was first written as ("movies" for `movi`): what the semantic
    /// table reads.
    pub forms: Vec<(String, String)>,
    /// What the method name is about: its terms minus generic verbs (get, find, list, ...), the
    /// verb of generating, numbers and single letters. `Weather_1_GetWeather` → {weather},
    /// `generate_random_number` → {random, number}.
    pub subject_terms: HashSet<String>,
    /// What the method's name says it works from, not what it gives: the terms after the first
    /// preposition of its name when a word comes before it (`get_calories_in_recipe` →
    /// {recip}; `weather_for_city` → {citi}), less any the words before it also have.
    pub name_source_terms: HashSet<String>,
    /// The abbreviations among `subject_terms` that the description spells out, each with the
    /// terms of the words it stands for: `calculate_gcd`, "the greatest common divisor of two
    /// numbers" → gcd: [greatest, common, divisor].
    pub spelled_out: HashMap<String, Vec<String>>,
    /// What the method is about: terms of the tool's and the method's names and descriptions
    /// (not of parameter descriptions or examples, which name sample values), each weighted by
    /// where it is found at its most telling ([`Weights::in_name`] for the method's name).
    pub topic_terms: HashMap<String, f64>,
    /// Input parameters.
    pub params: Vec<Param>,
    /// Whether one parameter takes free text (a search query).
    pub free_text: bool,
    /// Whether a free-text parameter searches or asks ([`crate::schema::searches`]: a `query`,
    /// a `question`), as opposed to text the method works on (`text` to encode).
    pub searching_param: bool,
    /// Whether the method searches the free text it takes: a searching parameter, or a name that
    /// says it searches (`search_recipes(text)`); a method that works on text it is given
    /// (`translate_morse(text)`) does not.
    pub searches_free_text: bool,
    /// Whether a parameter takes a free-form name (a string with no enum, pattern or format).
    pub takes_names: bool,
    /// Whether a parameter takes a word of language as its value ([`crate::schema::takes_words`]).
    pub takes_words: bool,
    /// The terms of what its description says it gives ([`text::description_gives`]).
    pub gives: HashSet<String>,
    /// The terms of everything its metadata says it can give: its own name, what its description
    /// leads with ([`MethodDoc::gives`]), the tool's title and description, the values a
    /// parameter chooses among (an enum of what to return) and the fields of its output. A term
    /// found only elsewhere (a parameter's name, description or example, the rest of the
    /// method's description: "given the loan amount and the annual interest rate") names
    /// something the method takes.
    pub given_terms: HashSet<String>,
    /// The terms of its number parameters' names and of the phrases their descriptions lead
    /// with ([`leading_phrase`]) that none of what it gives nor any other parameter writes:
    /// quantities it takes ("The acceleration due to gravity").
    pub taken_quantities: HashSet<String>,
    /// The spans of time its number parameters count (`days` → "day", `num_months` → "month":
    /// the name's last word, plural, one of [`text::lexicon::SPANS`]).
    pub counts_spans: Vec<String>,
    /// Whether a parameter takes a handle ("@rustlang"): its pattern accepts one but not words
    /// with a space between, or its name is a handle or a user name.
    pub takes_handles: bool,
    /// Whether a parameter takes an email address (its `format` is `email`, or its name or
    /// description names email): an address the request writes is named by its schema.
    pub takes_emails: bool,
    /// Whether it takes an owner and its thing (`owner`, `repo`), which an `owner/thing`
    /// reference gives ([`crate::schema::owner_and_owned`]).
    pub takes_pairs: bool,
    /// Whether a parameter takes a number.
    pub takes_numbers: bool,
    /// Whether a parameter takes a date or a time.
    pub takes_moments: bool,
    /// How many currencies its parameters take (those whose name or description says
    /// "currency"; a list of them takes any number): as many currencies as the query names
    /// ("USD", "yen"), in order, are then named by the method's schema.
    pub currencies_taken: usize,
    /// Whether a parameter takes a unit of measure ([`schema::about_unit`]): a unit the query
    /// names ("miles", "kg") is then named by the method's schema.
    pub takes_units: bool,
    /// The units its unit parameters allow, when each of them lists its choices ("g", "oz",
    /// "cup"): a unit none allows ("5 km" of a nutrition method) is not named by its schema.
    /// `None` when one takes any unit.
    pub unit_symbols: Option<HashSet<&'static str>>,
    /// Whether a parameter takes a sum of money ([`schema::about_money`]): an amount the query
    /// writes with a currency's sign ("$100") is then named by the method's schema.
    pub takes_money: bool,
    /// Whether a parameter is a list of records with a text field ("ingredients", each with a
    /// name and grams): the things a request measures out
    /// ([`crate::query::Query::measured_things`]) are then
    /// values it takes.
    pub takes_records: bool,
    /// The verb that changes things its name leads with, after any namespace or service prefix
    /// (`add_…`, `create…`, `Events_3_BuyEventTickets`): a stem.
    pub acts: Option<String>,
    /// Whether its name leads with a verb that only looks (`get_…`, `ListAlarms`), after any
    /// namespace or service prefix.
    pub looks: bool,
    /// Whether its name says it tells the details of the thing it is about
    /// (`sculpture.get_details`, `get_player_profile`: [`text::lexicon::DETAIL_WORDS`]).
    pub tells_details: bool,
    /// Whether its name says it generates what it returns (`travel_itinerary_generator`,
    /// [`text::lexicon::GENERATING`]): it makes what a request to create asks for.
    pub generates: bool,
    /// Terms its description writes only as something already done, after an auxiliary ("the
    /// alarms the user has set"): they say what the method is about, not what it does.
    pub done_terms: HashSet<String>,
    /// Pairs of words its name writes side by side where the first says what kind of the second
    /// it is about (`basketball` and `scores` of `basketball_scores.get_scores`, `vegan` and
    /// `products` of `wholefoods.vegan_products`), stems: a request for another kind of that
    /// thing ("soccer scores", "vegetarian products") is not about it.
    pub name_kinds: Vec<NameKind>,
    /// Compiled `pattern`s of string parameters, only those no plain word fits
    /// ([`text::lexicon::PLAIN_WORDS`]): a query token they match is named by the method's own
    /// schema.
    pub patterns: Vec<Arc<crate::schema::Pattern>>,
    /// The method's whole input schema, compiled on first use and kept with the index (which
    /// lives as long as the tool listing it was built from): `None` when it does not compile.
    input: std::sync::OnceLock<Option<crate::schema::Compiled>>,
}

impl MethodDoc {
    /// The method's descriptor.
    pub fn method(&self) -> &MethodDescriptor {
        &self.tool.methods[self.position]
    }

    /// Whether the method may run in query mode.
    pub fn query_safe(&self) -> bool {
        self.method().safety.query_safe
    }

    /// The method's input schema, compiled once (`None` when it is not valid JSON Schema).
    pub fn input_validator(&self) -> Option<&crate::schema::Compiled> {
        self.input
            .get_or_init(|| {
                jsonschema::validator_for(&self.method().input_schema)
                    .ok()
                    .map(|v| crate::schema::Compiled(Arc::new(v)))
            })
            .as_ref()
    }
}

/// Positions in the index's vectors of the terms alike to one query word, with their similarity.
type Kin = Arc<[(usize, f32)]>;

/// The indexed methods of a set of tools.
#[derive(Debug, Default)]
pub struct MethodIndex {
    /// Every method, tool by tool in the order given.
    pub docs: Vec<MethodDoc>,
    df: HashMap<String, usize>,
    /// Metadata terms with a semantic vector (of the word each was first written as), and those
    /// vectors end to end, [`text::semantic::DIMS`] numbers each.
    kin_terms: Vec<String>,
    kin_vectors: Vec<f32>,
    /// Query words already compared with every metadata term: their kin at or above the floor
    /// they were asked with (bounded; dropped whole when full).
    kin_memory: std::sync::Mutex<HashMap<(String, u32), Kin>>,
    reads_only: bool,
}

impl MethodIndex {
    /// Whether no method of the index may change anything: none leads its name with a changing
    /// verb, and no description uses one ("Manages a todo list allowing the user to add ...").
    /// Decided once, when the index is built.
    pub fn reads_only(&self) -> bool {
        self.reads_only
    }

    /// Terms of the index that are near forms of `t` ([`text::near_form`]): "gainer" for
    /// "gain"; or, when `t` was written as `word`, a word of six letters or more the language
    /// model does not know whole, the terms it misspells ([`text::misspelling_of`]:
    /// "profession" for "profressional"). Shorter words are too often another real word one
    /// letter off ("tower" and "power").
    pub fn near_forms(&self, t: &str, word: &str) -> Vec<&str> {
        if t.chars().all(|c| c.is_ascii_digit()) {
            return Vec::new();
        }
        // A short stem has no near form by spelling, but a verb that does the same to a thing
        // is one however short ("add" and "create": `text::near_form`).
        let misspelt = t.len() >= 4 && word.len() >= 6 && !text::semantic::whole_word(word);
        self.df
            .keys()
            .filter(|d| text::near_form(d, t) || (misspelt && text::misspelling_of(t, d)))
            .map(String::as_str)
            .collect()
    }
}

impl MethodIndex {
    /// Indexes every method of `tools`.
    pub fn build(tools: &[Arc<ToolDescriptor>]) -> Self {
        let mut docs = Vec::new();
        for tool in tools {
            let tool_terms =
                affirmed_terms(&format!("{} {} {}", tool.id, tool.title, tool.description));
            for (position, m) in tool.methods.iter().enumerate() {
                docs.push(index_method(tool, position, m, &tool_terms));
            }
        }
        let mut df: HashMap<String, usize> = HashMap::new();
        for d in &docs {
            for t in d.terms.keys() {
                *df.entry(t.clone()).or_default() += 1;
            }
        }
        let (mut kin_terms, mut kin_vectors) = (Vec::new(), Vec::new());
        let mut seen: HashSet<&str> = HashSet::new();
        for d in &docs {
            for (t, word) in &d.forms {
                if seen.insert(t.as_str())
                    && let Some(v) = text::semantic::vector(word)
                {
                    kin_terms.push(t.clone());
                    kin_vectors.extend_from_slice(&v);
                }
            }
        }
        let reads_only = docs.iter().all(|d| {
            d.acts.is_none()
                && !text::terms(&d.method().description)
                    .iter()
                    .any(|t| text::mutating_verb(t))
        });
        Self {
            reads_only,
            docs,
            df,
            kin_terms,
            kin_vectors,
            kin_memory: Default::default(),
        }
    }

    /// Metadata terms alike in meaning to the query word `word` (term `term`), with their
    /// similarity: those at or above `floor`, never `term` itself.
    pub fn kin(&self, term: &str, word: &str, floor: f32) -> Vec<(&str, f32)> {
        const MEMORY: usize = 4096;
        let key = (word.to_owned(), floor.to_bits());
        let known = self
            .kin_memory
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned();
        let found = known.unwrap_or_else(|| {
            let found: Kin = match text::semantic::vector(word) {
                Some(v) => self
                    .kin_vectors
                    .chunks_exact(text::semantic::DIMS)
                    .enumerate()
                    .map(|(i, w)| (i, text::semantic::cosine(&v, w)))
                    .filter(|(_, s)| *s >= floor)
                    .collect(),
                None => Arc::new([]),
            };
            let mut memory = self.kin_memory.lock().unwrap_or_else(|e| e.into_inner());
            if memory.len() >= MEMORY {
                memory.clear();
            }
            memory.insert(key, Arc::clone(&found));
            found
        });
        found
            .iter()
            .map(|(i, s)| (self.kin_terms[*i].as_str(), *s))
            .filter(|(t, _)| *t != term)
            .collect()
    }

    /// Whether some method's metadata names the term.
    pub fn names(&self, term: &str) -> bool {
        self.df.contains_key(term)
    }

    /// Inverse document frequency: rare terms weigh more. A term no method mentions weighs as
    /// much as the rarest term some method does: it is what the query is about and nothing here
    /// covers it, but in a small index (one pinned tool) "unseen" says little more than "rare",
    /// and weighing it higher would let every filler word count double against coverage.
    pub fn idf(&self, term: &str) -> f64 {
        let n = self.docs.len() as f64;
        let df = self.df.get(term).copied().unwrap_or(1).max(1) as f64;
        (1.0 + (n + 1.0) / (df + 0.5)).ln()
    }
}

fn index_method(
    tool: &Arc<ToolDescriptor>,
    position: usize,
    m: &MethodDescriptor,
    tool_terms: &[String],
) -> MethodDoc {
    let mut terms: HashMap<String, f64> = HashMap::new();
    let mut forms: Vec<(String, String)> = Vec::new();
    let mut seen_forms: HashSet<String> = HashSet::new();
    // The terms the method's own metadata gives, once the tool's title and description are in:
    // what tells a word of the API as a whole from one of this method.
    let own_metadata = std::cell::Cell::new(false);
    let mut method_terms: HashSet<String> = HashSet::new();
    let mut add = |text: &str, w: f64, affirmed_only: bool| {
        let found = if affirmed_only {
            affirmed_terms(text)
        } else {
            text::terms(text)
        };
        if own_metadata.get() {
            method_terms.extend(found.iter().cloned());
        }
        for (t, word) in text::terms_with_words(text) {
            if seen_forms.insert(t.clone()) {
                forms.push((t, word.to_lowercase()));
            }
        }
        for t in found {
            let slot = terms.entry(t).or_insert(0.0);
            *slot = slot.max(w);
        }
    };
    for t in tool_terms {
        add(t, Weights::DEFAULT.in_tool, false);
    }
    own_metadata.set(true);
    add(&m.name, Weights::DEFAULT.in_name, false);
    add(&m.description, Weights::DEFAULT.in_description, true);
    let mut params = schema::params(&m.input_schema);
    schema::introductions(&mut params, &m.description);
    schema::described_kinds(&mut params, &m.description);
    // Nested fields (a request body's) describe the method as much as top-level ones.
    let every = schema::flattened(&params);
    for p in &params {
        index_param(p, 1.0, &mut add);
    }
    // Nested fields (a request body's) describe the method too, a step further from what it is
    // about.
    for p in params.iter().flat_map(|top| schema::flattened(&top.nested)) {
        index_param(p, Weights::DEFAULT.nested, &mut add);
    }
    if let Some(out) = &m.output_schema {
        for name in output_property_names(out) {
            add(&name, Weights::DEFAULT.in_output, false);
        }
    }
    // The words only the tool's own title and description give: what its API is about, not
    // what this method does.
    let tool_only_terms: HashSet<String> = tool_terms
        .iter()
        .flat_map(|t| text::terms(t))
        .filter(|t| !method_terms.contains(t))
        .collect();
    let name_terms: HashSet<String> = text::terms(&m.name).into_iter().collect();
    let subject_terms = text::terms(text::name_tail(&m.name))
        .into_iter()
        .filter(|t| {
            t.len() > 1
                && !t.chars().all(|c| c.is_ascii_digit())
                && !text::lexicon::GENERIC_VERBS.contains(&t.as_str())
                && t != text::lexicon::GENERATING
                && !text::lexicon::SERVICE_WORDS.contains(&t.as_str())
        })
        .collect();
    let mut topic_terms: HashMap<String, f64> = HashMap::new();
    let sources = [
        (tool_terms.to_vec(), Weights::DEFAULT.in_tool),
        (
            affirmed_terms(&m.description),
            Weights::DEFAULT.in_description,
        ),
        (text::terms(&m.name), Weights::DEFAULT.in_name),
    ];
    for (terms, weight) in sources {
        for t in terms {
            let w = topic_terms.entry(t).or_insert(weight);
            *w = w.max(weight);
        }
    }
    let gives: HashSet<String> = text::description_gives(&m.description)
        .into_iter()
        .collect();
    let given_terms: HashSet<String> = name_terms
        .iter()
        .chain(&gives)
        .cloned()
        .chain(tool_terms.iter().flat_map(|t| text::terms(t)))
        .chain(
            every
                .iter()
                .flat_map(|p| &p.choices)
                .flat_map(|c| text::terms(&c.label)),
        )
        .chain(
            m.output_schema
                .iter()
                .flat_map(output_property_names)
                .flat_map(|name| text::terms(&name)),
        )
        .collect();
    let numeric = |p: &Param| matches!(p.kind.as_deref(), Some("integer" | "number"));
    let other_terms: HashSet<String> = every
        .iter()
        .filter(|p| !numeric(p))
        .flat_map(|p| {
            text::terms(&p.name)
                .into_iter()
                .chain(text::terms(&p.description))
        })
        .collect();
    // What a number parameter takes is what its name and the phrase its description leads
    // with say ("The year the song was released" takes a year, not a song).
    let taken_quantities: HashSet<String> = every
        .iter()
        .filter(|p| numeric(p))
        .flat_map(|p| {
            text::terms(&p.name)
                .into_iter()
                .chain(leading_phrase(&p.description))
        })
        .filter(|t| !given_terms.contains(t) && !other_terms.contains(t))
        .collect();
    let counts_spans: Vec<String> = every
        .iter()
        .filter(|p| numeric(p))
        .filter_map(|p| schema::counted_span(p))
        .filter(|unit| text::lexicon::SPANS.contains(&unit.as_str()))
        .collect();
    let free_text = every.iter().any(|p| crate::schema::is_free_text(p));
    let searching_param = params
        .iter()
        .any(|p| crate::schema::is_free_text(p) && crate::schema::searches(p));
    let name_searches = name_terms
        .iter()
        .any(|t| text::lexicon::SEARCH_NAME_WORDS.contains(&t.as_str()) || t == "find");
    let searches_free_text = free_text && (searching_param || name_searches);
    // A parameter about a currency or a unit takes its code ("EUR", "km"), which the query's
    // currencies and units name; it takes no name or number of any other kind.
    let takes_names = every.iter().any(|p| {
        p.kind.as_deref().is_none_or(|k| k == "string")
            && p.choices.is_empty()
            && p.pattern.is_none()
            && p.format.is_none()
            && !crate::schema::about_currency(p)
            && !crate::schema::about_unit(p)
    });
    let takes_handles = every.iter().any(|p| crate::schema::takes_handle(p));
    // A parameter for a domain or a host takes none, however its description speaks of email
    // ("Email domain, e.g. mailinator.com").
    let takes_emails = every.iter().any(|p| {
        p.format.as_deref() == Some("email")
            || (!crate::schema::takes_host(p)
                && text::words(&format!("{} {}", p.name, p.description))
                    .iter()
                    .any(|w| w.eq_ignore_ascii_case("email") || w.eq_ignore_ascii_case("emails")))
    });
    let takes_words = every.iter().any(|p| crate::schema::takes_words(p));
    let takes_pairs = crate::schema::owner_and_owned(&params).is_some();
    // A list of numbers takes numbers as much as one number does ("sort [5, 3, 4]").
    let takes_numbers = every.iter().any(|p| {
        let kind = match p.kind.as_deref() {
            Some("array") => p.item_kind.as_deref(),
            kind => kind,
        };
        matches!(kind, Some("integer" | "number"))
    });
    let takes_moments = every.iter().any(|p| p.temporal.is_some());
    let currencies_taken = every
        .iter()
        .filter(|p| crate::schema::about_currency(p))
        .map(|p| {
            if p.kind.as_deref() == Some("array") {
                usize::MAX
            } else {
                1
            }
        })
        .fold(0, usize::saturating_add);
    let takes_units = every.iter().any(|p| crate::schema::about_unit(p));
    let unit_symbols = every
        .iter()
        .filter(|p| crate::schema::about_unit(p))
        .try_fold(HashSet::new(), |mut allowed, p| {
            if p.choices.is_empty() {
                return None;
            }
            allowed.extend(
                p.choices
                    .iter()
                    .filter_map(|c| text::lexicon::unit_symbol(&c.label)),
            );
            Some(allowed)
        });
    let takes_money = every.iter().any(|p| crate::schema::about_money(p));
    let takes_records = params.iter().any(|p| {
        p.kind.as_deref() == Some("array") && p.nested.iter().any(crate::schema::takes_any_text)
    });
    // Only patterns that recognise something: one that accepts plain words would credit the
    // method with any query's words.
    // A parameter for an IP address or a hashtag recognises one, declared pattern or not.
    let patterns = every
        .iter()
        .filter_map(|p| {
            p.pattern
                .as_deref()
                .or_else(|| crate::schema::recognising_shape(p))
        })
        .filter_map(crate::schema::compiled)
        .filter(|re| !text::lexicon::PLAIN_WORDS.iter().any(|w| re.is_match(w)))
        .collect();
    let lead = text::words(text::name_tail(&m.name))
        .first()
        .map(|w| text::stem(w));
    let name_kinds = name_kinds(&m.name, &m.description);
    MethodDoc {
        name_kinds,
        looks: lead.as_deref().is_some_and(text::lexicon::looking_verb)
            && !text::words(&m.description)
                .first()
                .is_some_and(|w| text::mutating_verb(&text::stem(w))),
        acts: lead.clone().filter(|v| {
            text::mutating_verb(v)
                && !text::leads_with_a_thing(&m.name, &m.description)
                && !text::computes(v, &value_kinds(&params))
        }),
        tells_details: text::lexicon::DETAIL_WORDS
            .iter()
            .any(|w| name_terms.contains(&text::stem(w))),
        generates: name_terms.contains(text::lexicon::GENERATING),
        done_terms: done_terms(&m.description),
        patterns,
        spelled_out: spelled_out(&subject_terms, &m.description),
        name_source_terms: name_source_terms(&m.name),
        subject_terms,
        topic_terms,
        tool_only_terms,
        tool: Arc::clone(tool),
        position,
        terms,
        name_terms,
        forms,
        params,
        free_text,
        searching_param,
        searches_free_text,
        takes_names,
        takes_words,
        gives,
        given_terms,
        taken_quantities,
        counts_spans,
        takes_handles,
        takes_emails,
        takes_pairs,
        takes_numbers,
        takes_moments,
        currencies_taken,
        takes_units,
        unit_symbols,
        takes_records,
        takes_money,
        input: std::sync::OnceLock::new(),
    }
}

/// The part of a method name that names the operation, without namespaces: after the last
/// `.`, `/` or `:` (`pkg.Api.get_tokens` → `get_tokens`), and after a numbered service prefix
/// (`Weather_1_GetWeather` → `GetWeather`).
/// A word of a method's name that says what kind of the next word's thing it is about
/// ([`MethodDoc::name_kinds`]).
#[derive(Debug, Clone)]
pub struct NameKind {
    /// The kind word, as written (lower case): what meaning is measured on.
    pub word: String,
    /// Its stem.
    pub kind: String,
    /// The stem of the word it qualifies.
    pub thing: String,
}

/// The pairs of [`MethodDoc::name_kinds`]: a plain word of the name that says what kind, not a
/// verb, a qualifier ("current", "nearby") or a number, and the word it comes right before. The
/// word a name's tail leads with says what the method does when the description opens with it
/// too ("Restores ..." of `restore_mobile_app_alert_config`), or when there is no description;
/// otherwise it is a kind like any other ("circle" of `math.circle_area`, "Calculates the area of
/// a circle").
fn name_kinds(name: &str, description: &str) -> Vec<NameKind> {
    let words: Vec<String> = text::words(name).iter().map(|w| w.to_lowercase()).collect();
    let lead = words.len() - text::words(text::name_tail(name)).len();
    let opens_description = |word: &str| {
        text::words(description)
            .first()
            .is_none_or(|first| text::stem(&first.to_lowercase()) == text::stem(word))
    };
    words
        .windows(2)
        .enumerate()
        .filter(|(at, pair)| *at != lead || !opens_description(&pair[0]))
        .map(|(_, pair)| pair)
        .filter_map(|pair| {
            let (word, next) = (&pair[0], &pair[1]);
            let kind = text::stem(word);
            let thing = text::stem(next);
            (word.len() > 2
                && word.chars().all(|c| c.is_ascii_alphabetic())
                && next.chars().all(|c| c.is_ascii_alphabetic())
                && !text::is_stopword(word)
                && !text::lexicon::GENERIC_VERBS.contains(&kind.as_str())
                && !text::mutating_verb(&kind)
                && !text::lexicon::QUALIFIERS.contains(&word.as_str())
                && kind != thing)
                .then(|| NameKind {
                    word: word.clone(),
                    kind,
                    thing,
                })
        })
        .collect()
}

/// Property names anywhere in an output schema (objects, array items), bounded in depth.
fn output_property_names(schema: &serde_json::Value) -> Vec<String> {
    fn walk(v: &serde_json::Value, depth: usize, out: &mut Vec<String>) {
        if depth > 4 {
            return;
        }
        if let Some(props) = v["properties"].as_object() {
            for (k, p) in props {
                out.push(k.clone());
                walk(p, depth + 1, out);
            }
        }
        if v.get("items").is_some() {
            walk(&v["items"], depth + 1, out);
        }
    }
    let mut out = Vec::new();
    walk(schema, 0, &mut out);
    out
}

/// Terms of the noun phrase `prose` leads with: its first words after any stop words, up to
/// the next stop word, joiner or mark ("The acceleration due to gravity" → acceler, due; "Number
/// of top teams" → number).
fn leading_phrase(prose: &str) -> Vec<String> {
    let first = prose.split(CLAUSE_ENDS).next().unwrap_or("");
    let first = first.split([',', '(']).next().unwrap_or("");
    text::words(first)
        .iter()
        .map(|w| w.to_lowercase())
        .skip_while(|w| text::is_stopword(w))
        .take_while(|w| {
            !text::is_stopword(w) && !text::lexicon::PHRASE_JOINERS.contains(&w.as_str())
        })
        .map(|w| text::stem(&w))
        .collect()
}

/// Characters that end a clause of a description.
const CLAUSE_ENDS: [char; 6] = ['.', ';', ':', '!', '?', '\n'];

/// Stems of the words `prose` writes only right after an auxiliary ("has set", "were created")
/// or as a participle ("delayed or cancelled"): a thing done, or a state, which a description
/// names to say what the method reads.
fn done_terms(prose: &str) -> HashSet<String> {
    const AUXILIARIES: &[&str] = &["are", "been", "had", "has", "have", "is", "was", "were"];
    let mut done = HashSet::new();
    let mut elsewhere = HashSet::new();
    for clause in prose.split(CLAUSE_ENDS) {
        let words = text::words(clause);
        for (i, w) in words.iter().enumerate() {
            // "flights delayed or cancelled", "a completed workout": a participle names a
            // state, not what the method does. A verb that ends so of itself ("shred") is none.
            let participle = w.len() > 4 && w.ends_with("ed") && text::stem(w) != *w;
            if participle || (i > 0 && AUXILIARIES.contains(&words[i - 1].as_str())) {
                done.insert(text::stem(w));
            } else {
                elsewhere.insert(text::stem(w));
            }
        }
    }
    done.retain(|t| !elsewhere.contains(t));
    done
}

/// Terms of prose, leaving out what a clause negates: in "No order books, fund flows or
/// liquidation data." nothing after "No" describes what the tool does.
pub fn affirmed_terms(prose: &str) -> Vec<String> {
    const NEGATIONS: &[&str] = &[
        "no",
        "not",
        "never",
        "without",
        "nothing",
        "neither",
        "nor",
        "excluding",
        "except",
    ];
    let mut out = Vec::new();
    for clause in prose.split(CLAUSE_ENDS) {
        for word in text::words(clause) {
            if NEGATIONS.contains(&word.as_str()) {
                break;
            }
            if !text::is_stopword(&word) {
                out.push(text::stem(&word));
            }
        }
    }
    out
}

/// The terms of `subject` that are the initials of consecutive words of `description` (two to
/// six of them), with those words' terms: "body mass index" for `bmi`.
fn spelled_out(subject: &HashSet<String>, description: &str) -> HashMap<String, Vec<String>> {
    let words = text::words(description);
    subject
        .iter()
        .filter(|t| (2..=6).contains(&t.len()) && t.chars().all(|c| c.is_ascii_lowercase()))
        .filter_map(|t| {
            let n = t.len();
            words.windows(n).find_map(|w| {
                let initials: String = w.iter().filter_map(|x| x.chars().next()).collect();
                let terms = text::terms(&w.join(" "));
                (initials == *t && terms.len() == n).then(|| (t.clone(), terms))
            })
        })
        .collect()
}

/// The terms of a method name after its first preposition ([`text::lexicon::NAME_PREPOSITIONS`])
/// that the words before it do not have, when some word that is not a generic verb comes before
/// it: what the method works from.
fn name_source_terms(name: &str) -> HashSet<String> {
    let words: Vec<String> = text::words(text::name_tail(name))
        .into_iter()
        .map(|w| w.to_lowercase())
        .collect();
    let Some(at) = words
        .iter()
        .position(|w| text::lexicon::NAME_PREPOSITIONS.contains(&w.as_str()))
    else {
        return HashSet::new();
    };
    let before: HashSet<String> = words[..at]
        .iter()
        .flat_map(|w| text::terms(w))
        .filter(|t| !text::lexicon::GENERIC_VERBS.contains(&t.as_str()))
        .collect();
    if before.is_empty() {
        return HashSet::new();
    }
    words[at + 1..]
        .iter()
        .flat_map(|w| text::terms(w))
        .filter(|t| !before.contains(t))
        .collect()
}

/// What each parameter a method requires is, as far as arithmetic goes ([`text::computes`]).
fn value_kinds(params: &[crate::schema::Param]) -> Vec<text::ValueKind> {
    params
        .iter()
        .filter(|p| p.required)
        .map(|p| match (p.temporal, p.kind.as_deref()) {
            (Some(_), _) => text::ValueKind::Moment,
            (None, Some("integer" | "number")) => text::ValueKind::Number,
            _ => text::ValueKind::Other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_writes_a_verb_as_done_only_after_an_auxiliary() {
        let done = done_terms("Retrieves the alarms that the user has set. Lists timers.");
        assert!(done.contains("set"), "{done:?}");
        assert!(
            !done.contains("retriev") && !done.contains("alarm"),
            "{done:?}"
        );
        // Written once as done and once as what the method does: it does it.
        let both = done_terms("Sets an alarm, or moves one the user has set");
        assert!(!both.contains("set"), "{both:?}");
        // A participle names a state the method reports, not an act it performs.
        let state =
            done_terms("Get the real-time status (on time, delayed, cancelled) of a flight.");
        assert!(
            state.contains("cancel") && state.contains("delay"),
            "{state:?}"
        );
        assert!(!state.contains("get"), "{state:?}");
        let shred = done_terms("Shred a document so that no one can read it again.");
        assert!(!shred.contains("shred"), "{shred:?}");
    }

    #[test]
    fn a_name_says_what_kind_of_a_thing_with_the_word_before_it_but_not_with_the_verb_it_leads_with()
     {
        let pairs = |name: &str, description: &str| -> Vec<(String, String)> {
            name_kinds(name, description)
                .into_iter()
                .map(|k| (k.word, k.thing))
                .collect()
        };
        let pair = |a: &str, b: &str| (a.to_owned(), b.to_owned());
        assert_eq!(
            pairs("windFarm.potential", ""),
            vec![pair("wind", "farm"), pair("farm", "potenti")]
        );
        assert_eq!(
            pairs("calculate_boiling_point", ""),
            vec![pair("boiling", "point")]
        );
        assert_eq!(pairs("get_current_weather", ""), vec![]);
        // A lead the description opens with is what the method does; one it does not is a kind.
        let restore = "Restores the alert configuration of a mobile app";
        assert!(
            !pairs("restore_mobile_app_alert_config", restore).contains(&pair("restore", "mobil"))
        );
        let area = "Calculates the area of a circle given its radius";
        assert!(pairs("math.circle_area", area).contains(&pair("circle", "area")));
        assert!(!pairs("math.circle_area", "").contains(&pair("circle", "area")));
    }

    #[test]
    fn negated_clauses_describe_nothing() {
        let t = affirmed_terms(
            "Spot prices of crypto assets. No exchange order books, fund flows or liquidation data.",
        );
        assert!(t.contains(&text::stem("prices")));
        assert!(!t.contains(&text::stem("liquidation")), "{t:?}");
        assert!(!t.contains(&text::stem("books")));
    }
}
