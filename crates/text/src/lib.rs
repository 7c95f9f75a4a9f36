//! Shared text handling: one tokenizer for queries, method names, schemas and tool output, so
//! that a word in a query and the same word in a method's metadata always meet as the same term.
//!
//! - [`terms`] splits on anything that is not a letter or digit, splits `camelCase` and
//!   `snake_case` and a field name run together from a known word and a head noun (`zipcode`),
//!   lowercases, drops stopwords and stems (Snowball English).
//! - [`mutating_verb`] and [`destructive_verb`] are the verb lexicons behind query-safety
//!   inference and action-intent detection. They describe English, not any tool or benchmark.
//!
//! Nothing here allocates more than the terms it returns; it is on the probe's hot path.

pub mod lexicon;

pub mod places;
pub mod semantic;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

fn stemmer() -> &'static Stemmer {
    static STEMMER: OnceLock<Stemmer> = OnceLock::new();
    STEMMER.get_or_init(|| Stemmer::create(Algorithm::English))
}

/// Whether `word` (lowercase) is a stopword.
pub fn is_stopword(word: &str) -> bool {
    lexicon::STOPWORDS.binary_search(&word).is_ok()
}

/// Splits text into lowercase words: on non-alphanumerics, at `camelCase` humps and between
/// letters and digits only where a lowercase letter meets an uppercase one.
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut prev: Option<char> = None;
    // How many capitals the word being read ends with: an acronym run into the next word
    // ("getISSLocation", "parseJSONBody") ends before the capital that opens that word.
    let mut capitals = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        // A decimal point between digits belongs to the number: "0.5" is one word.
        let decimal = c == '.'
            && prev.is_some_and(|p| p.is_ascii_digit())
            && chars.peek().is_some_and(char::is_ascii_digit);
        if c.is_alphanumeric() || decimal {
            if let Some(p) = prev
                && p.is_lowercase()
                && c.is_uppercase()
                && !current.is_empty()
            {
                push_word(&mut out, std::mem::take(&mut current));
            }
            // Two capitals or more, then one opening a lower-case word of two letters or more:
            // the acronym is a word of its own ("ISS" + "location"); "IDs" and "GHz" stay whole.
            if c.is_lowercase()
                && capitals >= 3
                && chars.peek().is_some_and(|n| n.is_lowercase())
                && let Some(opener) = current.pop()
            {
                push_word(&mut out, std::mem::take(&mut current));
                current.push(opener);
            }
            capitals = if c.is_uppercase() { capitals + 1 } else { 0 };
            current.extend(c.to_lowercase());
            prev = Some(c);
        } else {
            if !current.is_empty() {
                push_word(&mut out, std::mem::take(&mut current));
            }
            prev = None;
            capitals = 0;
        }
    }
    if !current.is_empty() {
        push_word(&mut out, current);
    }
    out
}

/// The words that end a name run into the word before it (`zipcode`, `username`, `videoid`,
/// `startdate`, `datatype`): the head nouns of field names, which say what sort of value the
/// field takes.
const RUN_IN_TAILS: &[&str] = &["code", "codes", "date", "id", "ids", "number"];

/// Pushes `word`, or the two words it runs together: a word the language model does not know
/// whole that is a word it knows (three letters or more) followed by one of [`RUN_IN_TAILS`].
/// A known word is never taken apart ("valid", "mandate", "keyword" stays one as its tail is
/// no field's head noun).
fn push_word(out: &mut Vec<String>, word: String) {
    let split = (word.len() >= 5 && word.chars().all(|c| c.is_ascii_lowercase()))
        .then(|| {
            RUN_IN_TAILS.iter().find_map(|tail| {
                let head = word.strip_suffix(tail)?;
                (head.len() >= 3 && semantic::whole_word(head) && !semantic::whole_word(&word))
                    .then_some(head.len())
            })
        })
        .flatten();
    match split {
        Some(at) => {
            let tail = word[at..].to_owned();
            let mut head = word;
            head.truncate(at);
            out.push(head);
            out.push(tail);
        }
        None => out.push(word),
    }
}

/// Whitespace tokens with surrounding punctuation and a possessive `'s` removed, as written
/// (`"Spain's"` → `Spain`, `"$1,500."` → `$1,500`): what values and patterns are read from.
///
/// Numbers joined by bare commas are a list, one token each ("2,3,4" is three), unless the
/// commas group thousands ("1,500").
pub fn tokens(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(token)
        .flat_map(|t| match number_list(&t).or_else(|| key_value(&t)) {
            Some(items) => items,
            None => vec![t],
        })
        .filter(|t| !t.is_empty())
        .collect()
}

/// The numbers of a token that joins them by commas ("2,3,4"), or `None` when it is not such a
/// list or its commas group thousands ("1,500", "$12,000,000").
fn number_list(token: &str) -> Option<Vec<String>> {
    if !token.contains(',') {
        return None;
    }
    let items: Vec<&str> = token.split(',').collect();
    let numeric = |s: &str| {
        !s.is_empty()
            && s.trim_start_matches('-')
                .starts_with(|c: char| c.is_ascii_digit())
            && s.trim_start_matches('-').parse::<f64>().is_ok()
    };
    if !items.iter().all(|s| numeric(s)) {
        return None;
    }
    let thousands = items[0].trim_start_matches('-').len() <= 3
        && items[1..].iter().enumerate().all(|(k, s)| {
            let digits = if k + 2 == items.len() {
                s.split('.').next().unwrap_or(s)
            } else {
                s
            };
            digits.len() == 3 && digits.bytes().all(|b| b.is_ascii_digit())
        });
    (!thousands).then(|| items.into_iter().map(str::to_owned).collect())
}

/// A word and the value written after it with a colon or an equals sign ("id:7434", "x=3"), as
/// two tokens, or `None` when `token` is not such a pair. A time ("15:30") opens with a digit and
/// an address ("https://…", "C:\\") has no value right after its colon; both stay whole.
fn key_value(token: &str) -> Option<Vec<String>> {
    let at = token.find([':', '='])?;
    let (key, value) = (&token[..at], &token[at + 1..]);
    let valued = value.starts_with(|c: char| c.is_alphanumeric())
        && value
            .chars()
            .all(|c| c.is_alphanumeric() || "-_.".contains(c));
    (!key.is_empty() && key.chars().all(char::is_alphabetic) && valued)
        .then(|| vec![key.to_owned(), value.to_owned()])
}

/// One whitespace token cleaned as [`tokens`] cleans it.
pub fn token(t: &str) -> String {
    let outer = |c: char| !c.is_alphanumeric() && !"-_.$@#/%".contains(c);
    // A full stop or comma may close a quote ("page size 'nine'."): both go.
    let t = t
        .trim_matches(outer)
        .trim_end_matches(['.', ','])
        .trim_end_matches(outer);
    t.strip_suffix("'s")
        .or_else(|| t.strip_suffix("\u{2019}s"))
        .unwrap_or(t)
        .to_owned()
}

/// The stem of a lowercase word. Stems are remembered per thread (queries, metadata and tool
/// output repeat the same words).
///
/// The English stemmer undoubles a final consonant only where it strips `-ed` or `-ing`
/// ("added" → `ad`, "stopped" → `stop`), so a word whose own form ends in that double kept it
/// ("add" → `add`) and never met its inflections. Its stem is undoubled the same way here, so
/// "add", "adds", "added" and "adding" are one term.
pub fn stem(word: &str) -> String {
    thread_local! {
        static STEMS: Memo<String> = RefCell::new(HashMap::new());
    }
    remembered(&STEMS, word, |w| {
        let w = lexicon::IRREGULAR_PLURALS
            .binary_search_by_key(&w, |(plural, _)| plural)
            .map_or(w, |i| lexicon::IRREGULAR_PLURALS[i].1);
        let mut stem = stemmer().stem(w).into_owned();
        let tail = stem.as_bytes();
        if let [.., a, b] = tail
            && a == b
            && b"bdfgmnprt".contains(b)
            && tail.len() > 2
        {
            stem.pop();
        }
        stem
    })
}

/// Whether stem `t` is word `w` with the double letter it ends its own form in undoubled
/// ("eggs" → `eg`), not a shorter word it inflects.
fn own_double_undoubled(t: &str, w: &str) -> bool {
    t.chars()
        .last()
        .is_some_and(|last| w.strip_prefix(t).is_some_and(|rest| rest.starts_with(last)))
}

/// A per-thread memory of what a text gave.
type Memo<V> = RefCell<HashMap<String, V>>;

/// `compute(key)`, remembered in `memo`; the memory is dropped whole when it reaches
/// [`STEM_MEMORY`] entries.
fn remembered<V: Clone>(
    memo: &'static std::thread::LocalKey<Memo<V>>,
    key: &str,
    compute: impl FnOnce(&str) -> V,
) -> V {
    if let Some(known) = memo.with_borrow(|m| m.get(key).cloned()) {
        return known;
    }
    let found = compute(key);
    memo.with_borrow_mut(|m| {
        if m.len() >= STEM_MEMORY {
            m.clear();
        }
        m.insert(key.to_owned(), found.clone());
    });
    found
}

/// Entries a thread remembers per memory (stems, terms of short texts).
const STEM_MEMORY: usize = 32_768;

/// Content terms of `text`: words minus stopwords, stemmed. Order is kept; duplicates are not
/// removed (callers that want sets collect into one).
pub fn terms(text: &str) -> Vec<String> {
    // Short texts (names, labels, values, queries) recur across methods and requests: their
    // terms are remembered per thread, like stems.
    thread_local! {
        static TERMS: Memo<Vec<String>> = RefCell::new(HashMap::new());
    }
    if text.len() > MEMO_TEXT_BYTES {
        return fresh_terms(text);
    }
    remembered(&TERMS, text, fresh_terms)
}

/// Texts longer than this are tokenized afresh each time (tool output, long descriptions).
const MEMO_TEXT_BYTES: usize = 256;

fn fresh_terms(text: &str) -> Vec<String> {
    fresh_pairs(text).into_iter().map(|(t, _)| t).collect()
}

/// Each content term of `text` with the word it came from, in order (`"countries"` gives
/// `("countri", "countries")`): what a message shows a user is the word, never the stem.
pub fn terms_with_words(text: &str) -> Vec<(String, String)> {
    // Field names, labels and requests recur: short texts are remembered per thread.
    thread_local! {
        static PAIRS: Memo<Vec<(String, String)>> = RefCell::new(HashMap::new());
    }
    if text.len() > MEMO_TEXT_BYTES {
        return fresh_pairs(text);
    }
    remembered(&PAIRS, text, fresh_pairs)
}

fn fresh_pairs(text: &str) -> Vec<(String, String)> {
    words(text)
        .into_iter()
        .filter(|w| !is_stopword(w))
        .map(|w| (stem(&w), w))
        // "ones", "others": a plural of a stopword is one too. A word whose own double letter
        // was undoubled into one ("eggs" to `eg`, "inn" to `in`) is not.
        .filter(|(t, w)| !is_stopword(t) || own_double_undoubled(t, w))
        .collect()
}

/// Whether two stems are near forms of one word: one extends the other by one or two letters and
/// both have at least four ("gainer" and "gain", "rental" and "rent"; not "art" and "artist"),
/// or they are verbs that do the same to a thing ([`lexicon::SAME_ACTS`]: "remove" and
/// "delete").
pub fn near_form(a: &str, b: &str) -> bool {
    let spelled = a.len() >= 4
        && b.len() >= 4
        && a.len().abs_diff(b.len()) <= 2
        && (a.starts_with(b) || b.starts_with(a));
    let same_act = || {
        lexicon::SAME_ACTS
            .iter()
            .any(|acts| acts.contains(&a) && acts.contains(&b))
    };
    a != b && (spelled || same_act())
}

/// Whether `typo` reads as a misspelling of `word`: one letter more, one less, one other, or
/// two neighbours swapped, never the first letter nor the last ("profressional" for
/// "professional", "seacrh" for "search"; not "ticker" for "ticket"), both of at least five
/// letters. Whether `typo` is a word in its own right is for the caller to know.
pub fn misspelling_of(typo: &str, word: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (typo.chars().collect(), word.chars().collect());
    if a == b
        || a.len().min(b.len()) < 5
        || a.len().abs_diff(b.len()) > 1
        || a.first() != b.first()
        || a.last() != b.last()
        || !a.iter().chain(&b).all(char::is_ascii_lowercase)
    {
        return false;
    }
    // The first place they differ; what follows must line up after one edit there.
    let at = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Greater => a[at + 1..] == b[at..],
        std::cmp::Ordering::Less => a[at..] == b[at + 1..],
        std::cmp::Ordering::Equal => {
            a[at + 1..] == b[at + 1..]
                || (at + 1 < a.len()
                    && a[at] == b[at + 1]
                    && a[at + 1] == b[at]
                    && a[at + 2..] == b[at + 2..])
        }
    }
}

/// Whether the stem `term` is chatter: present in a request, but not what it asks for.
pub fn chatter(term: &str) -> bool {
    lexicon::CHATTER.binary_search(&term).is_ok()
}

/// Whether `word` (lower case) has the form of a participle: "-ing", "-ed", or an irregular
/// one from [`lexicon::IRREGULAR_PARTICIPLES`].
pub fn participle(word: &str) -> bool {
    let ing = word.ends_with("ing");
    let ed = word.ends_with("ed") && !word.ends_with("eed");
    (word.len() > 4 && (ing || ed)) || lexicon::IRREGULAR_PARTICIPLES.contains(&word)
}

/// Whether the stem `term` is a verb that changes the world.
pub fn mutating_verb(term: &str) -> bool {
    lexicon::MUTATING.binary_search(&term).is_ok()
}

/// What a value a method requires is, as far as arithmetic goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// An integer or a number.
    Number,
    /// A date, a time or both.
    Moment,
    /// Anything else: a name, an id, a text.
    Other,
}

/// Whether a method whose name leads with the stem `verb` works out a value rather than changing
/// anything: the verb is one of arithmetic ([`lexicon::ARITHMETIC_VERBS`]: "add_days" adds days
/// to a date, "sum_numbers") and what it requires are numbers or moments, one number at least.
/// "add_to_cart" requires an item, "AddAlarm" a time alone: each adds a thing somewhere.
pub fn computes(verb: &str, required: &[ValueKind]) -> bool {
    lexicon::ARITHMETIC_VERBS.iter().any(|w| stem(w) == verb)
        && required.contains(&ValueKind::Number)
        && required.iter().all(|k| *k != ValueKind::Other)
}

/// Stems of the verbs that change things a request asks for in any of its clauses ("Go to the
/// folder and move the file", "Would you mind retweeting it?", "I'd like to book the flight"): a
/// changing verb that opens a sentence or follows a word that puts a request
/// ([`lexicon::ACTION_OPENERS`]). "How to add a user" asks how, not to add.
pub fn requested_actions(text: &str) -> Vec<String> {
    requested_words(text, true)
        .into_iter()
        .filter(|w| mutating_verb(w))
        .collect()
}

/// Stems of the words where a request puts what it wants done: one after a word that puts a
/// request ("I'd like to visit ...", "please renew ..."), and with `sentence_starts` a
/// sentence's first word too (which may as well be the noun a question opens with), distinct,
/// in order. "How to add a user" asks how, not to add.
pub fn requested_words(text: &str, sentence_starts: bool) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (bare, prev, before) in words_in_clauses(text) {
        let opens = match prev.as_deref() {
            None => sentence_starts,
            Some(p) => lexicon::ACTION_OPENERS.contains(&p),
        };
        let how_to = prev.as_deref() == Some("to") && before.as_deref() == Some("how");
        let stem = stem(&bare);
        if opens && !how_to && !out.contains(&stem) {
            out.push(stem);
        }
    }
    out
}

/// Stems of the verbs that frame a request rather than say what it is about ("Help find ...",
/// "Can you provide ...", "I need to know ..."): an asking verb ([`lexicon::ASKING_VERBS`])
/// that opens a sentence or follows a word that puts a request. "The user did not provide a
/// query" frames nothing.
pub fn framing_verbs(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (bare, prev, _) in words_in_clauses(text) {
        let opens = prev.as_deref().is_none_or(|p| {
            lexicon::ACTION_OPENERS.contains(&p) || lexicon::LEAD_INS.binary_search(&p).is_ok()
        });
        if opens && lexicon::ASKING_VERBS.contains(&bare.as_str()) {
            let stem = stem(&bare);
            if !out.contains(&stem) {
                out.push(stem);
            }
        }
    }
    out
}

/// Stems of the words that only lead a sentence into the next step of a conversation or a list
/// ("Finally, ...", "Next, ...", "Lastly show ..."): a word from
/// [`lexicon::DISCOURSE_MARKERS`] opening a sentence, or any word opening one with a comma right
/// after it when it is an adverb in "-ly" ("Honestly, ..."). They say nothing a tool serves.
pub fn discourse_markers(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut opens = true;
    for w in text.split_whitespace() {
        let bare: String = w
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        if opens && !bare.is_empty() {
            let comma = w.ends_with(',');
            let marker = lexicon::DISCOURSE_MARKERS.contains(&bare.as_str())
                && (comma || bare.ends_with("ly"))
                || (comma && bare.len() > 4 && bare.ends_with("ly"));
            if marker {
                let stem = stem(&bare);
                if !out.contains(&stem) {
                    out.push(stem);
                }
            }
        }
        opens = w.ends_with(['.', '?', '!', ';', ':']);
    }
    out
}

/// Each word of `text`, lowercased without its punctuation, with the two words before it in its
/// sentence (none at a sentence's start).
fn words_in_clauses(text: &str) -> Vec<(String, Option<String>, Option<String>)> {
    let mut out = Vec::new();
    let (mut prev, mut before): (Option<String>, Option<String>) = (None, None);
    for w in text.split_whitespace() {
        let bare: String = w
            .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_lowercase();
        if bare.is_empty() {
            continue;
        }
        out.push((bare.clone(), prev.clone(), before.clone()));
        if w.ends_with(['.', '?', '!', ';', ':']) {
            (prev, before) = (None, None);
        } else {
            before = prev.replace(bare);
        }
    }
    out
}

/// The answer `reply` gives to a yes-or-no question when it is only that answer ("Yes", "nope").
pub fn yes_or_no(reply: &str) -> Option<bool> {
    let words = words(reply);
    let [word] = &words[..] else {
        return None;
    };
    let word = word.to_lowercase();
    lexicon::ANSWER_OPENERS
        .contains(&word.as_str())
        .then(|| !lexicon::NO_ANSWERS.contains(&word.as_str()))
}

/// Whether the stem `term` is a verb whose effect cannot be undone.
pub fn destructive_verb(term: &str) -> bool {
    lexicon::DESTRUCTIVE.binary_search(&term).is_ok()
}

/// The first word of the request proper, skipping lead-ins: "Please could you send ..." → "send".
pub fn leading_verb(text: &str) -> Option<String> {
    let all = words(text);
    let at = request_start(&all)?;
    // A word written as one of several alternatives ("Buy/hold/sell recommendations") qualifies
    // the noun after it: it is no command.
    let mut seen = 0;
    for token in text.split_whitespace() {
        seen += words(token).len();
        if seen > at {
            let alternatives = token
                .split('/')
                .filter(|part| part.chars().any(char::is_alphabetic))
                .count();
            if alternatives > 1 {
                return None;
            }
            break;
        }
    }
    all.get(at).map(|w| stem(w))
}

/// Where the request proper starts among `words`: the first that is not a lead-in.
fn request_start(words: &[String]) -> Option<usize> {
    words
        .iter()
        .position(|w| lexicon::LEAD_INS.binary_search(&w.as_str()).is_err())
}

/// The verb a command leads with when it is not one that only looks or asks ("Make the volume
/// 20", "Can you lower my thermostat?" → `lower`): the request's first word (after lead-ins)
/// followed by a word that opens its object. "Find the restaurants" looks, "Tell me" asks,
/// "Events downtown?" has no object.
pub fn commanding_verb(text: &str) -> Option<String> {
    let words = words(text);
    let at = request_start(&words)?;
    // "I love my ..." states; "I need to ...", "Can you ..." ask.
    let lead = &words[..at];
    let states = lead
        .iter()
        .any(|w| w != "you" && lexicon::STATEMENT_SUBJECTS.contains(&w.as_str()))
        && !lead
            .iter()
            .any(|w| lexicon::ASKING_VERBS.contains(&w.as_str()));
    if states {
        return None;
    }
    let (first, next) = (&words[at], words.get(at + 1)?);
    let verb = stem(first);
    let opens_object = lexicon::OBJECT_OPENERS.contains(&next.as_str());
    let looks_or_asks = lexicon::GENERIC_VERBS.contains(&verb.as_str())
        || lexicon::ASKING_VERBS.contains(&first.as_str());
    (opens_object && !looks_or_asks).then_some(verb)
}

/// The verb a method's description leads with ([`leading_verb`]), unless that word is one that
/// qualifies a noun as often as it commands ([`lexicon::QUALIFYING_VERBS`]) and nothing opens an
/// object after it: "Open safety recalls for a vehicle" lists the open ones, "Open a ticket"
/// opens one.
pub fn description_verb(description: &str) -> Option<String> {
    let verb = leading_verb(description)?;
    let all = words(description);
    let next = request_start(&all).and_then(|at| all.get(at + 1));
    let qualifies = lexicon::QUALIFYING_VERBS.contains(&verb.as_str())
        && next.is_some_and(|w| {
            let w = w.to_lowercase();
            !lexicon::OBJECT_OPENERS.contains(&w.as_str())
                && !lexicon::BACK_REFERENCES.contains(&w.as_str())
        });
    (!qualifies).then_some(verb)
}

/// The terms of what a method's description says it gives: the noun phrase it leads with, after
/// a verb that only looks or gives ("Get", "Returns") and up to the first word that joins more to
/// it ([`lexicon::PHRASE_JOINERS`]). "Dictionary definitions of a word" gives definitions, not
/// words; "Words with the same or a similar meaning" gives words.
pub fn description_gives(description: &str) -> Vec<String> {
    let first = description
        .split(['.', ',', ';', ':', '('])
        .next()
        .unwrap_or("");
    let mut out = Vec::new();
    for (at, word) in words(first).iter().enumerate() {
        let lower = word.to_lowercase();
        if lexicon::PHRASE_JOINERS.contains(&lower.as_str()) {
            break;
        }
        let term = stem(&lower);
        let frames = lexicon::GENERIC_VERBS.contains(&term.as_str())
            || lexicon::GIVING_VERBS.contains(&term.as_str());
        if (at == 0 && frames) || is_stopword(&lower) {
            continue;
        }
        out.push(term);
    }
    out
}

/// Whether a method's own name follows its first word with a preposition ("book_by_isbn",
/// "post_of_user"): that word is then the thing found by a key, not an act, since an act takes
/// its object rather than "by". A description that leads with a change still makes it one.
pub fn leads_with_a_thing(name: &str, description: &str) -> bool {
    let words = words(name_tail(name));
    words
        .get(1)
        .is_some_and(|w| lexicon::KEY_PREPOSITIONS.contains(&w.to_lowercase().as_str()))
        && description_verb(description).is_none_or(|v| !mutating_verb(&v))
}

/// A method's own name: the last part of a namespaced path (`open_meteo_api.fetch_weather_data`,
/// `api/v1:list_items`), without a numbered service prefix (`Weather_1_GetWeather` →
/// `GetWeather`). The parts dropped name the service or module the method belongs to; the verb
/// that says what the method does leads what is left.
pub fn name_tail(name: &str) -> &str {
    let leaf = name
        .rsplit(['.', '/', ':'])
        .find(|part| !part.is_empty())
        .unwrap_or(name);
    let mut parts = leaf.splitn(3, '_');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(service), Some(number), Some(rest))
            if !service.is_empty()
                && !number.is_empty()
                && number.chars().all(|c| c.is_ascii_digit())
                && !rest.is_empty() =>
        {
            rest
        }
        _ => leaf,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_gives_the_thing_it_leads_with() {
        assert_eq!(
            description_gives("Dictionary definitions of a word."),
            ["dictionari", "definit"]
        );
        assert_eq!(
            description_gives("Words with the same or a similar meaning."),
            ["word"]
        );
        assert_eq!(
            description_gives("Returns the current weather for a city"),
            ["current", "weather"]
        );
    }

    #[test]
    fn prepositions_written_as_participles_are_not_content() {
        // "including", "regarding" and "concerning" join words here; their stems ("includ",
        // "regard", "concern") would otherwise count as something the request asks for.
        assert_eq!(
            terms("list the files including hidden ones"),
            ["list", "file", "hidden"]
        );
        assert_eq!(terms("news regarding Apple"), ["news", "appl"]);
        assert_eq!(terms("facts concerning tides"), ["fact", "tide"]);
        // The verb keeps its meaning.
        assert!(terms("include the logs").contains(&"includ".to_string()));
    }

    #[test]
    fn a_first_word_a_preposition_follows_is_the_thing_found_by_a_key() {
        assert!(leads_with_a_thing(
            "book_by_isbn",
            "Look up a book by ISBN."
        ));
        assert!(leads_with_a_thing("books.PostOfUser", ""));
        // An act takes its object; a description leading with a change keeps the act.
        assert!(!leads_with_a_thing("book_flight", "Look up flights."));
        assert!(!leads_with_a_thing(
            "order_by_id",
            "Places the order again."
        ));
    }

    #[test]
    fn name_tails_drop_namespaces_and_service_prefixes() {
        assert_eq!(name_tail("Weather_1_GetWeather"), "GetWeather");
        assert_eq!(name_tail("Movies_3_Find_Movies"), "Find_Movies");
        assert_eq!(name_tail("api.TokenApi.get_api_tokens"), "get_api_tokens");
        assert_eq!(name_tail("get_top_10_movers"), "get_top_10_movers");
        assert_eq!(name_tail("list_markets"), "list_markets");
        assert_eq!(name_tail("v2_"), "v2_");
        assert_eq!(
            name_tail("open_meteo_api.fetch_weather_data"),
            "fetch_weather_data"
        );
        assert_eq!(name_tail("tools/"), "tools");
    }

    #[test]
    fn stopwords_and_their_plurals_and_contractions_are_not_terms() {
        assert_eq!(terms("I love the pop ones, don't you?"), ["love", "pop"]);
        assert_eq!(terms("I didn't do my hair cut"), ["hair", "cut"]);
        // Prepositions that only relate other words ("miles per hour", "via email") are no
        // topic either.
        assert_eq!(
            terms("wind speed in miles per hour"),
            ["wind", "speed", "mile", "hour"]
        );
        assert_eq!(
            terms("sent via email, whether or not read"),
            ["sent", "email", "read"]
        );
        // A word whose stem only looks like a stopword, its double letter undoubled, is a term.
        assert_eq!(terms("eggs and flour"), ["eg", "flour"]);
        assert_eq!(terms("finding an egg"), ["eg"]);
    }

    #[test]
    fn near_forms_are_one_word_spelled_longer_or_verbs_that_do_the_same() {
        assert!(near_form("gainer", "gain") && near_form("rental", "rent"));
        assert!(!near_form("artist", "art") && !near_form("gain", "gain"));
        let same = |a: &str, b: &str| near_form(&stem(a), &stem(b));
        assert!(same("remove", "delete") && same("creating", "add") && same("modify", "update"));
        assert!(!same("remove", "update") && !same("add", "delete") && !same("find", "search"));
    }

    #[test]
    fn a_misspelling_is_one_edit_inside_the_word() {
        for (typo, word) in [
            ("profressional", "professional"),
            ("seacrh", "search"),
            ("readible", "readable"),
            ("coommand", "command"),
            ("contoller", "controller"),
        ] {
            assert!(misspelling_of(typo, word), "{typo}");
        }
        // An edit at either end, two edits, short words, or the word itself.
        for (typo, word) in [
            ("ticker", "ticket"),
            ("xsearch", "search"),
            ("saerhc", "search"),
            ("tower", "towel"),
            ("cat", "cut"),
            ("search", "search"),
        ] {
            assert!(!misspelling_of(typo, word), "{typo}");
        }
        // The model knows common words whole ("causal" is no misspelling of "casual"); it
        // pieces a misspelling together.
        assert!(misspelling_of("causal", "casual"));
        assert!(semantic::whole_word("causal") && semantic::whole_word("search"));
        assert!(!semantic::whole_word("seacrh"));
    }

    #[test]
    fn the_kind_parameters_are_the_stems_of_their_words() {
        for word in [
            "category",
            "cuisine",
            "discipline",
            "genre",
            "kind",
            "sort",
            "style",
            "subject",
            "topic",
            "type",
            "variety",
        ] {
            assert!(
                lexicon::KIND_PARAMETERS.contains(&stem(word).as_str()),
                "{word}: {}",
                stem(word)
            );
        }
    }

    #[test]
    fn an_irregular_plural_stems_as_its_singular() {
        assert_eq!(stem("children"), stem("child"));
        assert_eq!(stem("people"), stem("person"));
        assert_eq!(stem("women"), stem("woman"));
        assert!(
            lexicon::IRREGULAR_PLURALS
                .windows(2)
                .all(|w| w[0].0 < w[1].0)
        );
    }

    #[test]
    fn a_command_leads_with_a_verb_that_neither_looks_nor_asks_before_its_object() {
        assert_eq!(
            commanding_verb("Make the volume 20").as_deref(),
            Some("make")
        );
        assert_eq!(
            commanding_verb("Can you lower my thermostat?").as_deref(),
            Some("lower")
        );
        assert_eq!(
            commanding_verb("I need to establish a new server").as_deref(),
            Some("establish")
        );
        for looks_asks_or_states in [
            "Find the restaurants nearby",
            "Tell me the time",
            "Events downtown?",
            "I love my maroon clothing",
        ] {
            assert_eq!(
                commanding_verb(looks_asks_or_states),
                None,
                "{looks_asks_or_states}"
            );
        }
    }

    #[test]
    fn numbers_joined_by_commas_are_a_list_unless_the_commas_group_thousands() {
        assert_eq!(
            tokens("Move it to 2,3,4"),
            ["Move", "it", "to", "2", "3", "4"]
        );
        assert_eq!(
            tokens("at (40.7128,-74.0060)"),
            ["at", "40.7128", "-74.0060"]
        );
        assert_eq!(
            tokens("pay $1,500 or 12,000,000.50 and 1,500"),
            ["pay", "$1,500", "or", "12,000,000.50", "and", "1,500"]
        );
        assert_eq!(tokens("Paris,France"), ["Paris,France"]);
        assert_eq!(tokens("at 5%, or 12.5%."), ["at", "5%", "or", "12.5%"]);
    }

    #[test]
    fn a_value_written_after_its_name_and_a_colon_is_a_token_of_its_own() {
        assert_eq!(
            tokens("Open profile id:7434 with x=3"),
            ["Open", "profile", "id", "7434", "with", "x", "3"]
        );
        // Times, addresses and paths keep their colons.
        assert_eq!(
            tokens("at 15:30 from https://a.io or C:\\temp"),
            ["at", "15:30", "from", "https://a.io", "or", "C:\\temp"]
        );
    }

    #[test]
    fn a_word_and_its_inflections_are_one_term_and_plurals_keep_meeting() {
        for word in ["add", "adds", "added", "adding"] {
            assert_eq!(stem(word), stem("add"), "{word}");
        }
        assert_eq!(stem("stopped"), stem("stop"));
        assert_eq!(stem("staffed"), stem("staff"));
        // A closing quote before a full stop goes with it.
        assert_eq!(tokens("page size 'nine'."), ["page", "size", "nine"]);
    }

    #[test]
    fn requested_actions_are_changing_verbs_in_request_position() {
        assert_eq!(
            requested_actions("Go to the folder and move the file into 'archive'."),
            ["move"]
        );
        assert_eq!(
            requested_actions("Would you mind retweeting it? Then delete the draft"),
            ["retweet", "delet"]
        );
        assert_eq!(requested_actions("I'd like to book the flight"), ["book"]);
        assert!(requested_actions("How to add a user to the book club?").is_empty());
        assert!(requested_actions("Show the posts about the move").is_empty());
        assert_eq!(
            requested_words(
                "Events downtown? I'd like to visit one, please book it",
                false
            ),
            ["visit", "book"]
        );
        assert_eq!(requested_words("Events downtown", true), ["event"]);
        assert!(requested_words("Events downtown", false).is_empty());
    }

    #[test]
    fn a_field_name_run_together_is_its_words() {
        assert_eq!(words("zipcode"), ["zip", "code"]);
        assert_eq!(words("the postcode"), ["the", "post", "code"]);
        assert_eq!(words("videoid"), ["video", "id"]);
        assert_eq!(words("startdate"), ["start", "date"]);
        // Known words stay whole, and a tail that heads no field splits nothing.
        assert_eq!(words("valid fluid"), ["valid", "fluid"]);
        assert_eq!(words("keyword"), ["keyword"]);
        assert_eq!(words("username"), ["username"]);
    }

    #[test]
    fn splits_identifiers_and_prose_alike() {
        assert_eq!(words("getSpotPrice"), ["get", "spot", "price"]);
        assert_eq!(words("getISSLocation"), ["get", "iss", "location"]);
        assert_eq!(words("parseJSONBody"), ["parse", "json", "body"]);
        assert_eq!(words("list user IDs"), ["list", "user", "ids"]);
        assert_eq!(words("at 5GHz"), ["at", "5ghz"]);
        assert_eq!(
            words("get_tournament_winner_odds"),
            ["get", "tournament", "winner", "odds"]
        );
        assert_eq!(
            words("FIFA World Cup 2026!"),
            ["fifa", "world", "cup", "2026"]
        );
        assert_eq!(words("ICC Men's T20"), ["icc", "men", "s", "t20"]);
        assert_eq!(
            words("send 0.5 ETH. Then 2."),
            ["send", "0.5", "eth", "then", "2"]
        );
        assert_eq!(
            terms("Who will win the World Cups?"),
            ["win", "world", "cup"]
        );
        assert_eq!(terms("winning"), terms("wins"));
    }

    #[test]
    fn asking_verbs_frame_a_request_only_where_they_put_it() {
        assert_eq!(
            framing_verbs("Help find a housekeeper who provides ironing."),
            ["help"]
        );
        assert_eq!(
            framing_verbs("Can you provide the details? I need to know more."),
            ["provid", "need", "know"]
        );
        assert!(framing_verbs("The user did not provide a query").is_empty());
    }

    #[test]
    fn finds_the_verb_behind_lead_ins() {
        assert_eq!(
            leading_verb("Please could you transfer 5 ETH").as_deref(),
            Some("transfer")
        );
        assert_eq!(
            leading_verb("I'd like to send money").as_deref(),
            Some("send")
        );
        assert_eq!(leading_verb("How many transfers?").as_deref(), Some("how"));
        assert!(mutating_verb(&leading_verb("Place an order").unwrap()));
        assert!(!mutating_verb(&stem("price")));
    }
}
