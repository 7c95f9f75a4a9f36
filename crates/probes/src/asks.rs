//! A request's asks: its sentences, and the clauses a coordinator joins ("and", "also", "as well
//! as", "plus", "then", "additionally"). A clause with fewer than two content words is not an ask
//! of its own: "the price of BTC and ETH" or "weather in Paris and London" name several values
//! for one ask, and such a clause stays with the one before it.
//!
//! Splitting only proposes asks; [`crate::compound`] decides from the methods whether they are
//! really separate (served by different methods, or one of them by none).

/// Coordinators that may open a new ask, longest first (each a sequence of lowercase words),
/// and whether each adds a further request ("also") rather than only joining ("and").
const CONNECTORS: &[(&[&str], bool)] = &[
    (&["and", "also"], true),
    (&["and", "additionally"], true),
    (&["in", "addition"], true),
    (&["and", "then"], false),
    (&["as", "well", "as"], true),
    (&["additionally"], true),
    (&["besides"], true),
    (&["also"], true),
    (&["plus"], true),
    (&["then"], false),
    (&["and"], false),
];

/// One ask of a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ask {
    /// Its words, as written (the connector left out).
    pub text: String,
    /// Whether a coordinator that adds a further request opened it ("also", "as well as",
    /// "additionally"), or it is a question of its own: the forms in which a request asks for
    /// something more, which may be something else entirely.
    pub added: bool,
    /// The whitespace-separated words of the request it spans, by position: from its first
    /// word to its last, so that asks next to each other span the connector between them.
    pub words: std::ops::Range<usize>,
}

/// The content terms of `text`: its terms without chatter, verbs that only say "read" or "tell
/// me", and the words that open a request.
pub fn content_terms(text: &str) -> Vec<String> {
    text::terms(text)
        .into_iter()
        .filter(|t| {
            !text::chatter(t)
                && text::lexicon::GENERIC_VERBS
                    .binary_search(&t.as_str())
                    .is_err()
                && !text::lexicon::ASKING_VERBS
                    .iter()
                    .any(|v| text::stem(v) == *t)
        })
        .collect()
}

/// Whether `part` points back at what the request already named ("make it quick", "sort them
/// by date"): then it qualifies the ask before it rather than asking for something new.
pub fn refers_back(part: &str) -> bool {
    let words = text::words(part);
    words.iter().enumerate().any(|(i, w)| {
        text::lexicon::BACK_REFERENCES.contains(&w.as_str())
            && !(w == "it" && names_nothing(&words, i))
    })
}

/// Whether the "it" at `i` of `words` names nothing, as in a question about the time, the
/// distance or the weather ("what time is it in Paris?", "how far is it to Leeds?", "if it's
/// 14:30 in London"): a verb of being before it and nothing after it but a word that places or
/// dates the question, or a verb of being after it and a number next. "Is it open on Sunday?"
/// and "make it quick" point back.
fn names_nothing(words: &[String], i: usize) -> bool {
    let being = |w: Option<&String>| w.is_some_and(|w| matches!(w.as_str(), "is" | "was" | "s"));
    let after = words.get(i + 1);
    if i > 0 && being(words.get(i - 1)) {
        return after.is_none_or(|a| text::lexicon::SITUATING_WORDS.contains(&a.as_str()));
    }
    being(after)
        && words
            .get(i + 2)
            .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
}

/// Whether `part` has the form of a request: a question, an imperative or a noun phrase ("the
/// opening hours of the museum"), rather than a statement giving context ("I'm travelling alone",
/// "It will be for one person"). A statement with a wanting verb early on ("I would also like
/// ...") is a request.
pub fn is_request(part: &str) -> bool {
    if part.trim_end().ends_with('?') {
        return true;
    }
    let words = text::words(part);
    let Some(first) = words.first() else {
        return false;
    };
    if text::lexicon::QUESTION_OPENERS.contains(&first.as_str()) {
        return true;
    }
    let early = || words.iter().take(6);
    // "her biography": a possessive that opens a noun phrase and nothing more names a thing.
    if names_a_thing(part) {
        return true;
    }
    if text::lexicon::STATEMENT_SUBJECTS.contains(&first.as_str()) {
        return early().any(|w| text::lexicon::WANTING_VERBS.contains(&w.as_str()));
    }
    // "Today is Tuesday", "The server is listening on port 5432": a verb of being right after
    // the first word or two, or after a noun phrase, states a fact.
    let being = |w: &String| text::lexicon::BEING_VERBS.contains(&w.as_str());
    let determiner = text::lexicon::DETERMINERS.contains(&first.as_str());
    !(words.iter().take(3).any(being) || (determiner && early().any(being)))
}

/// Whether `part` is a question that opens with a question word and ends with its mark ("what's
/// the weather there?"): one that asks for a thing of its own however few words name it.
pub fn wh_question(part: &str) -> bool {
    part.trim_end().ends_with('?')
        && text::words(part)
            .first()
            .is_some_and(|w| text::lexicon::WH_WORDS.contains(&w.as_str()))
}

/// An ask's words without the commas, semicolons and colons that part it from its neighbours.
pub fn trimmed(words: &str) -> &str {
    words.trim_matches(|c: char| c.is_whitespace() || ",;:".contains(c))
}

/// The asks of `text`, in order. One element when the request is a single ask.
pub fn split(text: &str) -> Vec<Ask> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    let quoted = inside_quotes(&words);
    // Each piece: its words, whether a coordinator that adds opened it, and where it starts.
    let mut pieces: Vec<(Vec<&str>, bool, usize)> = vec![(Vec::new(), false, 0)];
    // Whether the word at `at` is in one of `lists`.
    let is_in = |at: usize, lists: &[&[&str]]| {
        words
            .get(at)
            .is_some_and(|w| lists.iter().any(|l| l.contains(&bare(w).as_str())))
    };
    let finite = |at: usize| is_in(at, &[text::lexicon::FINITE_VERBS]);
    let subject = |at: usize| {
        is_in(
            at,
            &[
                text::lexicon::THIRD_PERSON_PRONOUNS,
                text::lexicon::INDEFINITE_PRONOUNS,
            ],
        )
    };
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        // A coordinator at a clause start opens a new piece and is left out.
        let connector = CONNECTORS.iter().find(|(c, _)| {
            c.len() <= words.len() - i
                && c.iter().zip(&words[i..]).all(|(want, got)| bare(got) == *want)
                // Only the coordinator's last word may carry the clause's comma ("also,").
                && words[i..i + c.len() - 1].iter().all(|got| !ends_clause(got))
        });
        // "a hotel that allows smoking and has two rooms": a verb that agrees with a subject
        // ("has", "is") carries on the clause before; a new ask puts its verb to the listener.
        // So does a clause with a subject of its own before such a verb ("... to ensure all
        // issues were addressed and nothing is left unresolved"), unless the subject is the
        // speaker or the listener ("... and I want to set a delay" puts a request).
        // But an auxiliary put before its own subject asks a question of its own ("..., and is
        // 7919 prime?", "and does Tesla pay dividends?", "and is there a pharmacy open?").
        let inverted = || {
            is_in(i + 1, &[text::lexicon::QUESTION_AUXILIARIES])
                && words.get(i + 2).is_some_and(|w| {
                    let b = bare(w);
                    b == "there"
                        || b.starts_with(|c: char| c.is_ascii_digit())
                        || w.starts_with(char::is_uppercase)
                        || text::lexicon::THIRD_PERSON_PRONOUNS.contains(&b.as_str())
                        || text::lexicon::DETERMINERS.contains(&b.as_str())
                })
                && words[i + 1..]
                    .iter()
                    .find(|w| ends_clause(w) || w.ends_with('.'))
                    .is_some_and(|w| w.ends_with('?'))
        };
        let continues = |c: &[&str]| {
            c == ["and"] && (finite(i + 1) || (subject(i + 1) && finite(i + 2))) && !inverted()
        };
        if let Some((c, adds)) = connector.filter(|(c, _)| !quoted[i] && !continues(c)) {
            i += c.len();
            pieces.push((Vec::new(), *adds, i));
            continue;
        }
        pieces.last_mut().expect("one piece at least").0.push(word);
        if !quoted[i] && ends_sentence(word, words.get(i + 1).copied()) {
            pieces.push((Vec::new(), false, i + 1));
        }
        i += 1;
    }
    let asks: Vec<Ask> = pieces
        .into_iter()
        .map(|(p, added, start)| {
            let text = trimmed(&p.join(" ")).to_owned();
            let added = added || text.ends_with('?');
            let words = start..start + p.len();
            Ask { text, added, words }
        })
        .filter(|a| !a.text.is_empty())
        .collect();
    // A piece that names fewer than two things is a value or a modifier of the ask before it, and
    // so is one that opens with a number ("five burgers and six chicken wings").
    let mut merged: Vec<Ask> = Vec::new();
    let mut pending = String::new();
    let mut pending_from: Option<usize> = None;
    let after_and = |ask: &Ask| {
        ask.words
            .start
            .checked_sub(1)
            .is_some_and(|at| bare(words[at]) == "and")
    };
    // "Tell me a joke and give me a trivia question": a request put to the listener, followed by
    // another put so, is a whole request however few things it names.
    let before_another_put: Vec<bool> = (0..asks.len())
        .map(|k| {
            puts_to_listener(&asks[k].text)
                && asks
                    .get(k + 1)
                    .is_some_and(|next| after_and(next) && puts_to_listener(&next.text))
        })
        .collect();
    for (k, ask) in asks.into_iter().enumerate() {
        let opens_with_number = text::words(&ask.text).first().is_some_and(|w| {
            w.starts_with(|c: char| c.is_ascii_digit()) || text::lexicon::number_value(w).is_some()
        });
        // A question of its own joined on by a coordinator needs but one ("..., and what's the
        // weather there?"); a sentence of so few words leans on the one before ("What's
        // inside?").
        let joined = ask.words.start.checked_sub(1).is_some_and(|at| {
            CONNECTORS
                .iter()
                .any(|(c, _)| c.last().is_some_and(|l| bare(words[at]) == *l))
        });
        // "... top tracks and her biography": a bare "and" before a determiner or a possessive
        // with a plain word or two puts a thing of its own, not one more value of the ask before
        // (values are names and numbers, written without one).
        // A verb that changes things takes both ("remove it and the directory"): one ask.
        let acts_before = merged
            .last()
            .is_some_and(|m| text::terms(&m.text).iter().any(|t| text::mutating_verb(t)));
        // So does any coordinator before a thing of someone the request already named ("and a
        // list of her albums", "Also list her albums").
        let after_and = after_and(&ask);
        // Not the last item of a list of things ("its price, its metrics, and the volume of
        // its trades"), nor a clause that does not open as a request ("and would love to hear
        // their view").
        let listed = ask
            .words
            .start
            .checked_sub(2)
            .is_some_and(|at| words[at].ends_with(','));
        let thing_joined = !acts_before
            && ((after_and && names_a_thing(&ask.text))
                || (joined
                    && !listed
                    && opens_as_request_for_a_thing(&ask.text)
                    && names_owned_thing(&ask.text)));
        // "... and give me some synonyms for it": a bare "and" before a verb that puts a request
        // to the listener ("give me", "tell me") opens a request of its own, whose one thing is
        // enough.
        let put_to_listener = after_and && puts_to_listener(&ask.text);
        let least = if (joined && wh_question(&ask.text))
            || thing_joined
            || put_to_listener
            || (pending.is_empty() && before_another_put[k])
        {
            1
        } else {
            2
        };
        // One put with a verb that brings ("and find me a hotel there") adds a thing to find;
        // one that asks ("and tell me the temperature") may well ask the same thing's details.
        let brings = put_to_listener && opens_with_bringing_verb(&ask.text);
        // A question joined on by a coordinator, asked outright or as the object of the verb
        // before it ("show me the schedule and how much a ticket costs"), is one of its own.
        let asked = joined && opens_with(&ask.text, text::lexicon::WH_WORDS);
        let ask = Ask {
            added: ask.added || thing_joined || brings || asked,
            ..ask
        };
        if content_terms(&ask.text).len() >= least && (!opens_with_number || merged.is_empty()) {
            let text = if pending.is_empty() {
                ask.text
            } else {
                format!("{} {}", std::mem::take(&mut pending), ask.text)
            };
            let words = pending_from.take().unwrap_or(ask.words.start)..ask.words.end;
            merged.push(Ask { text, words, ..ask });
        } else if let Some(last) = merged.last_mut() {
            last.text.push_str(" and ");
            last.text.push_str(&ask.text);
            last.words.end = ask.words.end;
        } else {
            pending_from.get_or_insert(ask.words.start);
            if !pending.is_empty() {
                pending.push(' ');
            }
            pending.push_str(&ask.text);
        }
    }
    // The first ask is the request itself, never a further one.
    if let Some(first) = merged.first_mut() {
        first.added = false;
    }
    if !pending.is_empty() {
        match merged.first_mut() {
            Some(first) => {
                first.text = format!("{pending} {}", first.text);
                first.words.start = pending_from.unwrap_or(first.words.start);
            }
            None => merged.push(Ask {
                text: pending,
                added: false,
                words: pending_from.unwrap_or(0)..text.split_whitespace().count(),
            }),
        }
    }
    merged
}

/// Whether `part` opens by putting a request to the listener: a verb that asks or brings
/// ([`text::lexicon::ASKING_VERBS`]: "give", "tell"; [`text::lexicon::BRINGING_VERBS`]:
/// "find", "show") before "me" or "us" and more after them.
pub fn puts_to_listener(part: &str) -> bool {
    let words = text::words(part);
    match &words[..] {
        [verb, whom, _, ..] => {
            let verb = verb.to_lowercase();
            (text::lexicon::ASKING_VERBS.contains(&verb.as_str())
                || text::lexicon::BRINGING_VERBS.contains(&verb.as_str()))
                && matches!(whom.to_lowercase().as_str(), "me" | "us")
        }
        _ => false,
    }
}

/// Whether `part` opens with a verb that brings a thing to the listener
/// ([`text::lexicon::BRINGING_VERBS`]: "find a hotel near it", "show me the menu").
pub fn opens_with_bringing_verb(part: &str) -> bool {
    opens_with(part, text::lexicon::BRINGING_VERBS)
}

/// Whether the first word of `part`, in lower case, is one of `words`.
fn opens_with(part: &str, words: &[&str]) -> bool {
    text::words(part)
        .first()
        .is_some_and(|w| words.contains(&w.to_lowercase().as_str()))
}

/// Whether `part` opens with a determiner ("the results of round 3", "a hotel near it"): a
/// noun phrase, a thing put on its own.
pub fn opens_with_determiner(part: &str) -> bool {
    opens_with(part, text::lexicon::DETERMINERS)
}

/// Whether `part` opens with a preposition ([`text::lexicon::DETAIL_PREPOSITIONS`]: "in
/// business class", "without trip protection"): a phrase that qualifies, not a request.
pub fn opens_with_preposition(part: &str) -> bool {
    opens_with(part, text::lexicon::DETAIL_PREPOSITIONS)
}

/// Whether `part` opens as a request for a thing: with a determiner or a possessive ("a list
/// of ...", "her albums") or a verb that brings, lists or tells ("list her albums").
fn opens_as_request_for_a_thing(part: &str) -> bool {
    opens_with_bringing_verb(part)
        || text::words(part).first().is_some_and(|w| {
            let w = w.to_lowercase();
            text::lexicon::DETERMINERS.contains(&w.as_str())
                || text::lexicon::POSSESSIVES.contains(&w.as_str())
                || text::lexicon::ASKING_VERBS.contains(&w.as_str())
                || w == "list"
        })
}

/// Whether `part` names a thing of someone or something named before it: a possessive of the
/// third person and a plain lower-case word after it ("a list of *her albums*", "check *their
/// reviews*").
pub fn names_owned_thing(part: &str) -> bool {
    let words: Vec<&str> = part.split_whitespace().collect();
    words.windows(2).any(|w| {
        let owner = w[0].to_lowercase();
        let thing = w[1].trim_end_matches(['?', '.', '!', ',']);
        text::lexicon::OWNERS_NAMED_BEFORE.contains(&owner.as_str())
            && thing.len() > 1
            && (thing.chars().all(|c| c.is_ascii_lowercase()) || acronym(thing))
            && !text::is_stopword(thing)
    })
}

/// Whether `word` is an acronym or a code in capitals ("MX", "DNS", "PTR", "LAKERS"): two
/// capitals or more, digits allowed.
pub(crate) fn acronym(word: &str) -> bool {
    word.len() > 1
        && word
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        && word.chars().any(|c| c.is_ascii_uppercase())
}

/// Whether `part` is a noun phrase of a determiner or a possessive and one or two plain
/// lower-case words ("her biography", "the reviews"): a thing, not a name or a number.
fn names_a_thing(part: &str) -> bool {
    let words: Vec<&str> = part.split_whitespace().collect();
    // Plain words, or an acronym ("its MX records"); a capitalised word would make it a name.
    let plain = |w: &&str| {
        let w = w.trim_end_matches(['?', '.', '!']);
        w.chars().all(|c| c.is_ascii_lowercase()) || acronym(w)
    };
    match words.split_first() {
        Some((first, rest)) => {
            text::lexicon::OBJECT_OPENERS.contains(first)
                && (1..=2).contains(&rest.len())
                && rest.iter().all(plain)
        }
        None => false,
    }
}

/// The parts of `text` that give context rather than ask: its statements ("I have a busy day
/// today.") when another sentence asks, and the purpose or reason a request gives for itself
/// ("... so that I can decide what to wear", "... because my flight lands late"). Empty when
/// nothing in `text` asks, so that a request written as a statement keeps all its words.
pub fn context(text: &str) -> Vec<String> {
    context_of(&sentences(text))
}

/// [`context`], of a text already split into its [`sentences`].
pub fn context_of(sentences: &[String]) -> Vec<String> {
    let mut asking = false;
    let mut out = Vec::new();
    for sentence in sentences {
        if !is_request(sentence) && !wants_later(sentence) {
            out.push(sentence.clone());
            continue;
        }
        let sentence: Vec<&str> = sentence.split_whitespace().collect();
        let start = stated_lead_in(&sentence);
        if start > 0 {
            out.push(sentence[..start].join(" "));
        }
        let sentence = &sentence[start..];
        let cut = (0..sentence.len()).find(|&i| opens_reason(&sentence[i..]));
        let (ask, why) = sentence.split_at(cut.unwrap_or(sentence.len()));
        asking |= !content_terms(&ask.join(" ")).is_empty();
        if !why.is_empty() {
            out.push(why.join(" "));
        }
    }
    if asking { out } else { Vec::new() }
}

/// Where the ask starts in a sentence that opens with a statement of the speaker's and, after a
/// comma, puts the ask to the listener ("I am in desperate need of a haircut, can you find me a
/// salon in San Jose?"): the statement explains the ask. 0 when the sentence does not, or when
/// the ask names too little to stand alone ("I need a flight to Paris, can you help?") or
/// points back at the statement ("I need to process a number, can you do it with 4.0?").
fn stated_lead_in(sentence: &[&str]) -> usize {
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_lowercase()
            .replace('\'', "")
    };
    let Some(first) = sentence.first().map(|w| bare(w)) else {
        return 0;
    };
    if !text::lexicon::STATEMENT_SUBJECTS.contains(&first.as_str()) {
        return 0;
    }
    (1..sentence.len())
        .find(|&i| {
            sentence[i - 1].ends_with(',')
                && text::lexicon::LISTENER_ASKS.contains(&bare(sentence[i]).as_str())
                && content_terms(&sentence[i..].join(" ")).len() >= 2
                && !refers_back(&sentence[i..].join(" "))
        })
        .unwrap_or(0)
}

/// Whether a statement goes on to want something ("I'm planning a picnic and would like to
/// know the forecast"): a wanting verb right after its subject or "would", anywhere in it.
fn wants_later(sentence: &str) -> bool {
    let words = text::words(sentence);
    words.windows(2).any(|w| {
        ["i", "we", "would", "d"].contains(&w[0].as_str())
            && text::lexicon::WANTING_VERBS.contains(&w[1].as_str())
    })
}

/// The sentences of `text`, in order.
pub fn sentences(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let quoted = inside_quotes(&words);
    let mut out: Vec<Vec<&str>> = vec![Vec::new()];
    for (i, word) in words.iter().enumerate() {
        out.last_mut().expect("one sentence at least").push(word);
        if !quoted[i] && ends_sentence(word, words.get(i + 1).copied()) {
            out.push(Vec::new());
        }
    }
    out.into_iter()
        .filter(|s| !s.is_empty())
        .map(|s| s.join(" "))
        .collect()
}

/// Whether `rest` opens a clause that gives a purpose or a reason: "so that", "in order to", or
/// a marker from [`text::lexicon::REASON_MARKERS`] with, for "so" and "since", a subject right
/// after it ("so I can", "since we", but not "since July").
fn opens_reason(rest: &[&str]) -> bool {
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_lowercase()
    };
    let first = bare(rest[0]);
    if let Some(second) = rest.get(1).map(|w| bare(w))
        && text::lexicon::REASON_MARKERS
            .iter()
            .any(|(w, needs_subject)| {
                *w == first
                    && (!needs_subject
                        || text::lexicon::SUBJECT_PRONOUNS
                            .iter()
                            .any(|p| second == *p || second.starts_with(&format!("{p}'"))))
            })
    {
        return true;
    }
    // "... for my mental health issues.", "... with my friends who are visiting.": what the
    // request is for, or who comes along, ending it and naming no value (no quote, number or
    // name), is the user's own circumstance.
    if ["for", "with"].contains(&first.as_str())
        && rest
            .get(1)
            .is_some_and(|w| text::lexicon::POSSESSIVES.contains(&bare(w).as_str()))
        && rest.iter().all(|w| {
            let w = w.trim_end_matches(['.', '?', '!', ',']);
            !w.is_empty() && w.chars().all(|c| c.is_lowercase() || c == '\'')
        })
    {
        return true;
    }
    first == "so" && rest.get(1).is_some_and(|w| bare(w) == "that")
        || first == "in"
            && rest.get(1).is_some_and(|w| bare(w) == "order")
            && rest.get(2).is_some_and(|w| bare(w) == "to")
}

/// The words of a part (parsed as `q`) that say what it is about: content terms that are not
/// names, numbers or dates (a clause of values, "featuring James Shapkoff III", asks for nothing
/// new).
pub fn topic_terms(q: &crate::Query) -> Vec<String> {
    let values: std::collections::HashSet<String> = q
        .entities()
        .iter()
        .chain(q.numbers().iter().map(|(t, _)| t))
        .chain(q.dates.iter().chain(&q.times).map(|m| &m.text))
        .flat_map(|v| text::terms(v))
        .collect();
    content_terms(&q.text)
        .into_iter()
        .filter(|t| !values.contains(t) && !t.chars().any(|c| c.is_ascii_digit()))
        .collect()
}

/// For each word, whether it lies inside a quote, before the word that closes it: what a quote
/// holds is someone's words ("post 'Engine purring smoothly! Ready to go' with #RoadTrip"), so
/// its full stops and its "and"s neither end the request's sentence nor open another ask. The
/// closing word itself still ends one when punctuation follows the quote mark ("…ready?'?").
/// A quote mark that nothing closes opens no quote.
fn inside_quotes(words: &[&str]) -> Vec<bool> {
    const PAIRS: [(char, char); 4] = [('\'', '\''), ('"', '"'), ('“', '”'), ('‘', '’')];
    let mut inside = vec![false; words.len()];
    let mut i = 0;
    while i < words.len() {
        let opened = words[i].trim_start_matches('(');
        let pair = PAIRS.iter().find(|(open, _)| opened.starts_with(*open));
        let Some(&(_, close)) = pair else {
            i += 1;
            continue;
        };
        let closes = |w: &str, own: bool| {
            let w = w.trim_end_matches(['.', ',', ';', ':', '?', '!', ')']);
            w.ends_with(close) && (!own || w.chars().count() > 1)
        };
        if closes(opened, true) {
            i += 1;
            continue;
        }
        match (i + 1..words.len()).find(|&j| closes(words[j], false)) {
            Some(end) => {
                inside[i..end].iter_mut().for_each(|q| *q = true);
                i = end + 1;
            }
            None => i += 1,
        }
    }
    inside
}

/// Whether `word` closes a clause (a comma, semicolon or sentence end follows it).
fn ends_clause(word: &str) -> bool {
    word.ends_with([',', ';', '.', '?', '!'])
}

/// Whether `word` ends a phrase: it ends a clause ([`ends_clause`]) or opens what a colon
/// introduces.
pub fn ends_phrase(word: &str) -> bool {
    ends_clause(word) || word.ends_with(':')
}

/// Whether a sentence ends after `word`: `?`, `!` or `;`, or a full stop before a capital (so
/// that "3.5" and "e.g. this" stay whole).
fn ends_sentence(word: &str, next: Option<&str>) -> bool {
    if word.ends_with(['?', '!', ';']) {
        return true;
    }
    let bare = word
        .trim_end_matches('.')
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    word.ends_with('.')
        && bare.chars().filter(|c| c.is_alphabetic()).count() > 1
        && !text::lexicon::ABBREVIATIONS.contains(&bare.as_str())
        && next.is_some_and(|n| n.starts_with(|c: char| c.is_uppercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_put_to_the_listener_after_and_is_an_ask_of_its_own() {
        let two = split("Define laconic and give me some synonyms for it");
        let texts: Vec<&str> = two.iter().map(|a| a.text.as_str()).collect();
        assert_eq!(texts, ["Define laconic", "give me some synonyms for it"]);
        // A value, or a thing with no request verb, stays with the ask before it.
        assert_eq!(split("the price of BTC and ETH").len(), 1);
        assert_eq!(split("Find hotels in Rome and me too").len(), 1);
        // A request put so before another put so is whole however few things it names.
        let two = split("Tell me a joke and give me an easy trivia question");
        let texts: Vec<&str> = two.iter().map(|a| a.text.as_str()).collect();
        assert_eq!(texts, ["Tell me a joke", "give me an easy trivia question"]);
        assert_eq!(split("Tell me the weather and forecast for Paris").len(), 1);
        assert!(puts_to_listener("tell me its population"));
        assert!(!puts_to_listener("tell me"));
        assert!(!puts_to_listener("only those that include alpha"));
    }

    #[test]
    fn what_a_quote_holds_neither_ends_a_sentence_nor_opens_an_ask() {
        let one = split(
            "Following the tweet, could you drop a comment saying, 'Safety first! Remember tire checks are crucial.' to emphasize tire care?",
        );
        assert_eq!(one.len(), 1, "{one:?}");
        let one = split("Send Kim the message 'the report is done and the slides are ready'");
        assert_eq!(one.len(), 1, "{one:?}");
        // Outside the quote, the request still splits; a quote mark nothing closes is no quote,
        // and an apostrophe is none either.
        let two = split("Post 'Ready to go!' and also tell me the weather in Paris");
        assert_eq!(two.len(), 2, "{two:?}");
        let two = split(
            "Show me the films playing at the 'Odeon cinema. Then book two seats for tonight",
        );
        assert_eq!(two.len(), 2, "{two:?}");
        assert_eq!(
            sentences("Comment 'Safety first! Tires matter.' on it. Then share it."),
            [
                "Comment 'Safety first! Tires matter.' on it.",
                "Then share it."
            ]
        );
    }

    #[test]
    fn a_thing_of_someone_named_before_is_a_further_ask_unless_it_ends_a_list_or_only_says() {
        let added =
            |request: &str| -> Vec<bool> { split(request).iter().map(|a| a.added).collect() };
        assert_eq!(
            added("Give me the biography of Adele and list her albums"),
            [false, true]
        );
        assert_eq!(
            added("Show me the biography of Adele. Also list her albums."),
            [false, true]
        );
        // The last item of a list of the same thing's details is no ask of its own.
        let listed = split("I want its stock price, its market cap, and the volume of its trades");
        assert!(listed.iter().all(|a| !a.added), "{listed:?}");
        // Nor is a clause that does not open as a request.
        let said = split("I value their insights and would love to hear their perspective");
        assert!(said.iter().all(|a| !a.added), "{said:?}");
    }

    #[test]
    fn coordinated_clauses_and_sentences_are_asks() {
        // Each ask with the words of the request it spans, the connector between them left out.
        let ask = |text: &str, added: bool, words: std::ops::Range<usize>| Ask {
            text: text.into(),
            added,
            words,
        };
        assert_eq!(
            split("Give me the tracklist of the album and the biography of its singer"),
            [
                ask("Give me the tracklist of the album", false, 0..7),
                ask("the biography of its singer", true, 8..13)
            ]
        );
        assert_eq!(
            split("Tomorrow's trains from Leeds, and also the opening hours of the York museum"),
            [
                ask("Tomorrow's trains from Leeds", false, 0..4),
                ask("the opening hours of the York museum", true, 6..13)
            ]
        );
        assert_eq!(
            split("What is the weather in Oslo? Show the exchange rate of the krone."),
            [
                ask("What is the weather in Oslo?", false, 0..6),
                ask("Show the exchange rate of the krone.", false, 6..13)
            ]
        );
        // A piece too small to be an ask joins the one before, and the span covers both.
        assert_eq!(
            split("Book a table for two and tonight"),
            [ask("Book a table for two and tonight", false, 0..7)]
        );
    }

    #[test]
    fn a_thing_a_determiner_or_possessive_opens_after_and_is_a_further_ask() {
        let asks = split("Give me Adele's top tracks and her biography");
        assert_eq!(
            asks.iter().map(|a| a.text.as_str()).collect::<Vec<_>>(),
            ["Give me Adele's top tracks", "her biography"]
        );
        assert!(asks[1].added, "{asks:?}");
        // A name or a plain word after "and" is one more value of the same ask.
        assert_eq!(split("the reviews of Dune and Arrival").len(), 1);
        assert_eq!(split("recipes with chicken and rice").len(), 1);
        assert_eq!(split("the reviews and the Beatles").len(), 1);
        // A verb that changes things takes both things it is joined to.
        assert_eq!(split("Could you remove it and the directory").len(), 1);
        // A thing named by an acronym is a thing too.
        assert_eq!(
            split("Look up the whois record for rust-lang.org and also its MX records").len(),
            2
        );
        assert!(names_owned_thing("its MX records"));
        assert!(!names_owned_thing("its Berlin office"));
    }

    #[test]
    fn several_values_of_one_ask_stay_one_ask() {
        let texts = |t: &str| split(t).into_iter().map(|a| a.text).collect::<Vec<_>>();
        assert_eq!(texts("Price of BTC and ETH"), ["Price of BTC and ETH"]);
        assert_eq!(
            texts("weather in Paris and London"),
            ["weather in Paris and London"]
        );
        assert_eq!(texts("Rate it 3.5 stars"), ["Rate it 3.5 stars"]);
        assert_eq!(
            texts("Order five burgers and six chicken wings"),
            ["Order five burgers and six chicken wings"]
        );
        assert_eq!(
            texts("Where does Mr. Gates work and live?"),
            ["Where does Mr. Gates work and live?"]
        );
        // A lead-in before the coordinator is not an ask either.
        assert_eq!(
            texts("I also want the standings of the Premier League"),
            ["I want the standings of the Premier League"]
        );
        // A verb agreeing with the clause's own subject carries that clause on.
        assert_eq!(
            texts("Search for a hotel in Sydney that allows smoking and has two rooms available"),
            ["Search for a hotel in Sydney that allows smoking and has two rooms available"]
        );
        assert_eq!(
            texts("Find a museum near me and book a table at a cafe nearby").len(),
            2
        );
        // An auxiliary before its own subject asks a question of its own.
        assert_eq!(
            texts("What is the factorial of 7, and is 7919 prime?"),
            ["What is the factorial of 7", "is 7919 prime?"]
        );
        assert_eq!(
            texts("Where is parcel RB123456785GB, and is the Hillside library open on Sundays?")
                .len(),
            2
        );
        assert_eq!(
            texts("What are the side effects of naproxen, and is there a pharmacy open now?"),
            [
                "What are the side effects of naproxen",
                "is there a pharmacy open now?"
            ]
        );
        assert_eq!(
            texts("Find a hotel that is cheap and is near the beach?").len(),
            1
        );
        // So does one with a subject of its own that is not the speaker's or the listener's.
        assert_eq!(
            texts("Get my last ticket to check it was solved and nothing is left open?").len(),
            1
        );
        assert_eq!(
            texts("I have an API key and I want to set a delay of 5 seconds").len(),
            2
        );
        assert_eq!(
            texts(
                "I'm planning a movie night this weekend and want to watch something thrilling. \
                 Could you suggest an Action movie?"
            ),
            [
                "I'm planning a movie night this weekend and want to watch something thrilling.",
                "Could you suggest an Action movie?"
            ]
        );
    }

    #[test]
    fn statements_beside_an_ask_and_the_reasons_it_gives_are_context() {
        assert_eq!(
            context("I have a busy day today. What is the weather in Bangkok?"),
            ["I have a busy day today."]
        );
        assert_eq!(
            context("Tell me the weather so that I can decide what to wear"),
            ["so that I can decide what to wear"]
        );
        assert_eq!(
            context("Show my meetings because I'm late"),
            ["because I'm late"]
        );
        // A statement of the speaker's that a comma parts from an ask put to the listener.
        assert_eq!(
            context("I am in desperate need of a haircut, can you find me a salon in San Jose?"),
            ["I am in desperate need of a haircut,"]
        );
        // Not when the ask is too thin to stand alone, or points back at the statement.
        assert!(context("I need a flight to Paris, can you help?").is_empty());
        assert!(
            context("I need to process a number, can you do it with the value 4.0?").is_empty()
        );
        // "since" and "so" give a reason only with a subject after them.
        assert!(context("Show the sales since July").is_empty());
        assert!(context("Show the weather in Oslo so I can pack").len() == 1);
        // Whom the request is for, or who comes along, ending it without a value.
        assert_eq!(
            context("Find a psychologist in Campbell for my mental health issues."),
            ["for my mental health issues."]
        );
        assert_eq!(
            context("Find a comedy to watch with my friends who are visiting"),
            ["with my friends who are visiting"]
        );
        // One that goes on, or names a value, is part of the ask.
        assert!(context("Visit a museum with my kids in Paris").is_empty());
        assert!(context("Log in for my username 'JohnDoe'").is_empty());
        // Nothing asks: nothing is only context.
        assert!(context("I have a busy day today.").is_empty());
        // A statement that goes on to want something asks.
        assert!(
            context("I'm planning a picnic and would like to know the forecast. Could you help?")
                .is_empty()
        );
    }

    #[test]
    fn statements_values_and_back_references_are_not_asks_of_their_own() {
        assert!(!is_request("I'm planning to travel alone."));
        assert!(!is_request("It will be for one person."));
        assert!(!is_request("The server is listening on port 5432"));
        assert!(!is_request("Today is Tuesday."));
        assert!(is_request("I would also like his contact details"));
        assert!(is_request("the opening hours of the city museum"));
        assert!(is_request("her biography"));
        assert!(!is_request("My flight lands late."));
        assert!(is_request("Is it open on Sundays?"));
        assert!(is_request("What is the price of Solana in euros"));
        assert!(topic_terms(&crate::Query::parse("featuring James Shapkoff III")).len() < 2);
        assert!(topic_terms(&crate::Query::parse("today 2023.10.1")).is_empty());
        assert_eq!(
            topic_terms(&crate::Query::parse("the opening hours of the York museum")).len(),
            3
        );
        assert!(refers_back("and make it quick"));
        assert!(refers_back("is it open on Sunday?"));
        // An "it" that names nothing points at nothing.
        assert!(!refers_back("What time is it in Paris?"));
        assert!(!refers_back("how far is it to Leeds"));
        assert!(!refers_back(
            "If it's 14:30 in London, what time is it in Sydney?"
        ));
    }
}
