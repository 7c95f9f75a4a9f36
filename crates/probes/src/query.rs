//! A query as the probe sees it: content terms, raw tokens (for patterns and entities) and
//! numbers.

/// A parsed query.
#[derive(Debug, Clone)]
pub struct Query {
    /// The trimmed text.
    pub text: String,
    /// Distinct content terms, in order of first appearance.
    pub terms: Vec<String>,
    /// The word each of `terms` was first written as (same order): what messages show.
    pub spellings: Vec<String>,
    /// Whitespace tokens with surrounding punctuation and possessive `'s` removed.
    pub tokens: Vec<String>,
    /// The phrases it puts in quotes, in order: literal values it gives.
    pub quotes: Vec<String>,
    /// Dates it gives, in order.
    pub dates: Vec<crate::when::Moment>,
    /// Times of day it gives, in order.
    pub times: Vec<crate::when::Moment>,
    /// The word the request proper leads with, after its lead-ins ("play" in "Can you play
    /// some songs"), a stem: its verb, when it opens with one.
    pub lead: Option<String>,
    /// The verb that changes things the request leads with ("send", "book"), a stem: `lead`,
    /// when it is such a verb.
    pub act: Option<String>,
    /// The verb a command leads with when it neither looks nor asks ("make the volume 20"),
    /// a stem: such a request does not only look.
    pub commands: Option<String>,
    /// Every verb that changes things the request asks for, in any clause ("... and move the
    /// file"), stems in order.
    pub acts: Vec<String>,
    /// Stems of the words right after a word that puts a request ("to", "please"): what it
    /// wants done.
    pub requested: Vec<String>,
    /// The words that frame the request, stems: the verbs that put it ("help me find", "can you
    /// provide"), the markers that lead it on ("Finally, ..."), the words that refer without
    /// naming ("a specific file"). They ask; they are not what is asked about.
    pub framing: Vec<String>,
    /// What a request opening "Calculate the X of ..." or "What is the X of ..." asks for: the
    /// terms of X.
    pub asked_for: Option<Vec<String>>,
    /// The thing a request asks for: the terms of the noun phrase its asking verb or question
    /// word takes, without the words that rate, date or place it ("services" in "what services
    /// are in the default namespace", "price" in "tell me the current price of a jacket",
    /// "departur" and "board" in "show me the departures board").
    pub asked_thing: Option<Vec<String>>,
    /// Whether the thing asked for is written as many of it ("find movies playing in Berkeley",
    /// "the list of projects") or as any one of it ("find a drama movie", "are there any
    /// trains"): the request wants to learn which there are, not about one it already has.
    pub asked_any: bool,
    /// Terms written only inside the names and quotations of several words the query gives
    /// ([`Query::entities`]): "Processing" in "the Chinese Information Processing Laboratory"
    /// names a place, it does not ask about processing. A single capitalised word may as well be
    /// an acronym or emphasis ("API tokens", "START mode"), and counts as written.
    pub named_only: Vec<String>,
    /// Terms written only where the request gives context, not where it asks: its statements
    /// and the reasons it gives ([`crate::asks::context`]).
    pub context: Vec<String>,
    /// Verbs written only in the past, telling what was done ("the order I just placed", "the
    /// tweet we posted"), stems: they describe a thing the request is about; they do not ask for
    /// that to be done again.
    pub done: Vec<String>,
    /// The date the request is made on, when the caller or the server's clock gives it: what
    /// "tomorrow" and "next Friday" are read against where the query does not state its own.
    pub today: Option<chrono::NaiveDate>,
}

/// The verbs `text` writes in the past after a word that makes them tell what was done
/// ([`text::lexicon::BEFORE_DONE`], or a contracted "'ve"): "placed" in "the order I just
/// placed", "booked" in "I've booked", "posted" in "the posted tweet".
fn done_words(text: &str) -> Vec<String> {
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '\u{2019}')
                .to_lowercase()
        })
        .collect();
    words
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(i, w)| {
            let before = &words[i - 1];
            w.len() > 4
                && w.ends_with("ed")
                && w.chars().all(char::is_alphabetic)
                && (text::lexicon::BEFORE_DONE.contains(&before.as_str())
                    || before.ends_with("'ve")
                    || before.ends_with("\u{2019}ve"))
        })
        .map(|(_, w)| w.clone())
        .collect()
}

/// The stems that frame a request rather than say what it asks: the verbs that put it ("help me
/// find"), the markers that lead it on from a step before ("Finally, ..."), and the words that
/// refer to a thing without naming it ("a specific file", "several lines").
fn framing(text: &str) -> Vec<String> {
    let mut out = text::framing_verbs(text);
    out.extend(text::discourse_markers(text));
    let words = text::words(text);
    for (i, w) in words.iter().enumerate() {
        if text::lexicon::is_vague(w, words.get(i + 1).map(String::as_str)) {
            out.push(text::stem(w));
        }
        // "Pull up the profile", "bring up my notes": a verb with "up" that fetches.
        let lowered = w.to_lowercase();
        if text::lexicon::FETCHING_WITH_UP.contains(&lowered.as_str())
            && words
                .get(i + 1)
                .is_some_and(|next| next.eq_ignore_ascii_case("up"))
        {
            out.push(text::stem(&lowered));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The terms of `text` written only as an operator between two numbers ("394 times 213"), which
/// say how to combine the numbers, not what the request is about (no time in "times"); and the
/// terms of the operations they stand for ([`text::lexicon::OPERATOR_WORDS`]: multiply,
/// product), each with the word the request wrote.
fn operator_terms(text: &str) -> (Vec<String>, Vec<(String, String)>) {
    let words = text::words(text);
    let number = |i: usize| words.get(i).is_some_and(|w| w.parse::<f64>().is_ok());
    let mut operator = Vec::new();
    let mut operations = Vec::new();
    let mut other = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let lower = w.to_lowercase();
        let between = i > 0 && number(i - 1) && number(i + 1);
        match text::lexicon::OPERATOR_WORDS
            .iter()
            .find(|(word, _)| between && *word == lower)
        {
            Some((_, operation)) => {
                operator.extend(text::terms(&lower));
                operations.extend(
                    operation
                        .iter()
                        .flat_map(|o| text::terms(o))
                        .map(|t| (t, w.clone())),
                );
            }
            None => other.extend(text::terms(&lower)),
        }
    }
    operator.retain(|t| !other.contains(t));
    (operator, operations)
}

/// The terms of `text` every occurrence of which is inside `parts` (pieces of `text`), sorted.
fn written_only_in(text: &str, parts: &[String]) -> Vec<String> {
    if parts.is_empty() {
        return Vec::new();
    }
    let count = |terms: Vec<String>| {
        let mut n: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        for t in terms {
            *n.entry(t).or_default() += 1;
        }
        n
    };
    let all = count(text::terms(text));
    let within = count(parts.iter().flat_map(|p| text::terms(p)).collect());
    let mut out: Vec<String> = within
        .into_iter()
        .filter(|(t, n)| all.get(t).is_some_and(|a| a <= n))
        .map(|(t, _)| t)
        .collect();
    out.sort();
    out
}

/// The parts of a request that give context rather than ask ([`crate::asks::context_of`]), and
/// its quotes too long to be a value scored against a method's words
/// ([`LONGEST_SCORED_QUOTE`]): a message body's words ("post 'Just booked a flight to Los
/// Angeles! Excited for the trip.'") are what the user wants sent, not what the request is about.
fn context_parts(text: &str, sentences: &[String]) -> Vec<String> {
    let mut parts = crate::asks::context_of(sentences);
    parts.extend(quoted(text.trim()).into_iter().filter(|q| !short_quote(q)));
    parts
}

impl Query {
    /// Parses `text`, with no date known for the day it is made on: a day named relative to
    /// today is a date only where the query states today's.
    pub fn parse(text: &str) -> Self {
        Self::parse_on(text, None)
    }

    /// Parses `text`, made on `today` (when known): "tomorrow" or "next Friday" is a date even
    /// where the query does not state today's, and one it states comes first.
    pub fn parse_on(text: &str, today: Option<chrono::NaiveDate>) -> Self {
        let text = crate::when::unglued(text);
        let text = text.as_str();
        let mut terms = Vec::new();
        let mut spellings = Vec::new();
        let (operators, operations) = operator_terms(text);
        for (t, word) in text::terms_with_words(text) {
            if !terms.contains(&t) && !operators.contains(&t) {
                terms.push(t);
                spellings.push(word);
            }
        }
        for (t, word) in operations {
            if !terms.contains(&t) {
                terms.push(t);
                spellings.push(word);
            }
        }
        let tokens = text::tokens(text);
        let sentences = crate::asks::sentences(text);
        let lead = text::leading_verb(text);
        let (asked_thing, asked_any) =
            asked_thing(&sentences).map_or((None, false), |(thing, many)| (Some(thing), many));
        let mut query = Self {
            text: text.trim().to_owned(),
            terms,
            spellings,
            tokens,
            quotes: quoted(text.trim()),
            dates: Vec::new(),
            times: Vec::new(),
            act: lead.clone().filter(|v| text::mutating_verb(v)),
            lead,
            commands: text::commanding_verb(text),
            acts: text::requested_actions(text),
            requested: text::requested_words(text, false),
            framing: framing(text),
            asked_for: asked_for(text),
            asked_thing,
            asked_any,
            context: Vec::new(),
            named_only: Vec::new(),
            done: written_only_in(text, &done_words(text)),
            today,
        };
        query.dates = crate::when::dates_on(&query.tokens, today);
        query.times = crate::when::times(&query.tokens);
        // A statement of today's date ("..., today is Monday April 25th 2023") says when the
        // request is made: context, wherever it stands in the sentence.
        let mut parts = context_parts(text, &sentences);
        if let Some((first, last)) = crate::when::today_stated(&query.tokens, &query.dates) {
            parts.push(query.tokens[first..=last].join(" "));
        }
        query.context = written_only_in(text, &parts);
        query.named_only = query.written_in_names();
        // "the order I just placed": a verb in the past is not what the request puts to be done.
        let done = &query.done;
        query.requested.retain(|w| !done.contains(w));
        query
    }

    /// [`Query::named_only`], computed.
    fn written_in_names(&self) -> Vec<String> {
        let names: Vec<String> = self
            .entities()
            .into_iter()
            .filter(|e| e.split_whitespace().count() > 1)
            .collect();
        written_only_in(&self.text, &names)
    }

    /// Whether the request names the verb `stem` as something to do: it writes it, and not
    /// only as what was done ("the order I just placed").
    pub fn names_to_do(&self, stem: &str) -> bool {
        self.terms.iter().any(|t| t == stem) && !self.done.iter().any(|t| t == stem)
    }

    /// Whether `term` is written only where the request gives context.
    pub fn in_context(&self, term: &str) -> bool {
        self.context.iter().any(|t| t == term)
    }

    /// How the user wrote `term` (its first spelling in the query), or the term itself.
    pub fn spelling<'a>(&'a self, term: &'a str) -> &'a str {
        self.terms
            .iter()
            .position(|t| t == term)
            .map_or(term, |i| self.spellings[i].as_str())
    }

    /// Numbers in the query, as written and as values (`$1,500` → 1500).
    pub fn numbers(&self) -> Vec<(String, f64)> {
        self.numbers_at()
            .into_iter()
            .map(|(_, t, v)| (t, v))
            .collect()
    }

    /// Numbers with their token positions.
    /// A number the next word scales ("8.5 million") is counted at its full value.
    pub fn numbers_at(&self) -> Vec<(usize, String, f64)> {
        self.tokens
            .iter()
            .enumerate()
            .filter_map(|(i, t)| {
                let cleaned: String = t
                    .chars()
                    .filter(|c| !matches!(c, '$' | ',' | '%' | '€' | '£'))
                    .collect();
                // Written in lower case: "3 Thousand Oaks" is a place.
                let scale = self.tokens.get(i + 1).and_then(|next| {
                    text::lexicon::SCALE_WORDS
                        .iter()
                        .find(|(w, _)| w == next)
                        .map(|(_, f)| *f)
                });
                cleaned
                    .parse::<f64>()
                    .ok()
                    .map(|v| v * scale.unwrap_or(1.0))
                    .or_else(|| quantity(&cleaned))
                    .filter(|v| v.is_finite())
                    .map(|v| (i, t.clone(), v))
            })
            .collect()
    }

    /// The attributes a question asks for: for the term of each adjective after "how" ("old"
    /// in "How old am I?", [`text::lexicon::HOW_ATTRIBUTES`]) or verb after a question word
    /// ("mean" in "What does it mean?", [`text::lexicon::ASKING_FOR_ATTRIBUTES`]), the stems of
    /// the nouns that name what it asks ("age", "definition").
    pub fn attributes_asked(&self) -> Vec<(String, Vec<String>)> {
        let asked = |word: &str, list: &[(&str, &[&str])]| {
            let word = word.to_lowercase();
            let (_, nouns) = list.iter().find(|(a, _)| *a == word)?;
            let term = text::terms(&word).into_iter().next()?;
            Some((term, nouns.iter().map(|n| text::stem(n)).collect()))
        };
        let how = self
            .tokens
            .windows(2)
            .filter(|w| w[0].eq_ignore_ascii_case("how"))
            .filter_map(|w| asked(&w[1], text::lexicon::HOW_ATTRIBUTES));
        let question = self
            .tokens
            .iter()
            .position(|t| text::lexicon::WH_WORDS.contains(&t.to_lowercase().as_str()));
        let verbs = self
            .tokens
            .iter()
            .enumerate()
            .filter(|(i, _)| question.is_some_and(|q| q < *i))
            .filter_map(|(_, t)| asked(t, text::lexicon::ASKING_FOR_ATTRIBUTES));
        how.chain(verbs).collect()
    }

    /// The verb a question for a way of doing something asks about, a stem: "start" in "How do
    /// I start my own podcast?" (how, an auxiliary, a person, then the verb). Such a question
    /// asks for steps, so only a method whose metadata covers the doing serves it.
    pub fn how_to(&self) -> Option<String> {
        let lower: Vec<String> = self.tokens.iter().map(|t| t.to_lowercase()).collect();
        match lower.as_slice() {
            [how, aux, person, verb, ..]
                if how == "how"
                    && text::lexicon::HOW_TO_AUXILIARIES.contains(&aux.as_str())
                    && text::lexicon::HOW_TO_PERSONS.contains(&person.as_str()) =>
            {
                Some(text::stem(verb))
            }
            _ => None,
        }
    }

    /// Numbers written as words ("two nights"), with their token positions.
    pub fn number_words_at(&self) -> Vec<(usize, f64)> {
        self.tokens
            .iter()
            .enumerate()
            .filter_map(|(i, t)| text::lexicon::number_value(&t.to_lowercase()).map(|v| (i, v)))
            .collect()
    }

    /// Numbers written as words joined by a hyphen to the word they count ("a two-bedroom
    /// apartment"), with their token positions and the counted word's terms. Such a number
    /// counts only that word: "a one-way flight" has no quantity in it.
    pub fn hyphened_counts_at(&self) -> Vec<(usize, f64, Vec<String>)> {
        self.tokens
            .iter()
            .enumerate()
            .filter_map(|(i, t)| {
                let (number, counted) = t.split_once('-')?;
                let value = text::lexicon::number_value(&number.to_lowercase())?;
                let counted = counted.to_lowercase();
                counted
                    .chars()
                    .all(char::is_alphabetic)
                    .then(|| (i, value, text::terms(&counted)))
            })
            .collect()
    }

    /// Lists the query writes out as JSON arrays (`[12, 15, 18]`, `["a", "b"]`), in order.
    pub fn lists(&self) -> Vec<serde_json::Value> {
        self.written_lists().into_iter().map(|(_, v)| v).collect()
    }

    /// [`Query::lists`], each with the part of the text that writes it.
    pub fn written_lists(&self) -> Vec<(std::ops::Range<usize>, serde_json::Value)> {
        let mut out: Vec<(std::ops::Range<usize>, serde_json::Value)> = Vec::new();
        let mut from = 0;
        while let Some(open) = self.text[from..].find('[').map(|i| from + i) {
            let after = &self.text[open..];
            let Some(literal) = crate::bind::bracketed(after) else {
                break;
            };
            let parsed = crate::bind::loose_json(&literal);
            if let Some(v @ serde_json::Value::Array(_)) = parsed
                && v.as_array().is_some_and(|a| !a.is_empty())
            {
                out.push((open..open + literal.len(), v));
            }
            from = open + literal.len();
        }
        out.extend(self.number_tuples());
        out.sort_by_key(|(at, _)| at.start);
        out
    }

    /// Numbers written together in parentheses ("(40.7128, -74.0060)"), with the part of the text
    /// each group takes: a compass letter after a number gives its sign ("112.0740 W" is
    /// -112.0740). A group with anything but numbers in it ("(for two)") is none.
    fn number_tuples(&self) -> Vec<(std::ops::Range<usize>, serde_json::Value)> {
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(open) = self.text[from..].find('(').map(|i| from + i) {
            let Some(close) = self.text[open..].find(')').map(|i| open + i) else {
                break;
            };
            let items: Option<Vec<serde_json::Value>> = self.text[open + 1..close]
                .split(',')
                .map(|item| {
                    let item = item.trim();
                    let (number, sign) = match item.rsplit_once(' ') {
                        Some((n, "N" | "E")) => (n, 1.0),
                        Some((n, "S" | "W")) => (n, -1.0),
                        _ => (item, 1.0),
                    };
                    let v = number.trim_end_matches('°').parse::<f64>().ok()?;
                    serde_json::Number::from_f64(sign * v).map(serde_json::Value::Number)
                })
                .collect();
            if let Some(items) = items.filter(|i| i.len() >= 2) {
                out.push((open..close + 1, serde_json::Value::Array(items)));
            }
            from = close + 1;
        }
        out
    }

    /// The token position where `entity` (one of [`Query::entities`]) starts.
    pub fn position_of(&self, entity: &str) -> Option<usize> {
        let first = text::token(entity.split_whitespace().next()?);
        self.tokens.iter().position(|t| *t == first)
    }

    /// Whether every place the request writes the term `term` is as the verb of a question
    /// about what someone does ("What fees do you charge": `charg` after "do you"), not as the
    /// noun the method may be about. A request ("can you set", "when you post") is not such a
    /// question: its verb is what the method may do.
    pub fn only_as_verb(&self, term: &str) -> bool {
        let at: Vec<usize> = self
            .tokens
            .iter()
            .enumerate()
            .filter(|(_, t)| text::terms(t).iter().any(|x| x == term))
            .map(|(i, _)| i)
            .collect();
        !at.is_empty()
            && at.iter().all(|&i| {
                i > 1
                    && text::lexicon::SUBJECT_PRONOUNS
                        .contains(&self.tokens[i - 1].to_lowercase().as_str())
                    && matches!(
                        self.tokens[i - 2].to_lowercase().as_str(),
                        "do" | "does" | "did"
                    )
            })
    }

    /// Positions of tokens that share a term with `words`.
    pub fn mentions(&self, words: &std::collections::HashSet<String>) -> Vec<usize> {
        self.tokens
            .iter()
            .enumerate()
            .filter(|(_, t)| text::terms(t).iter().any(|x| words.contains(x)))
            .map(|(i, _)| i)
            .collect()
    }

    /// Where the request writes a number or a code a common noun labels ("the odds on event
    /// 88123", "branch BR-12", "order #4521"): digits, or letters and digits joined by hyphens,
    /// three characters or more, right after a word in lower case that is no small word, no
    /// count ("top 100"), no month or day and no unit. A year ("season 2023") and a number with a
    /// unit after it measure, they label nothing. Each with where it is and the code itself,
    /// without a leading `#` or trailing punctuation.
    pub fn labelled_codes(&self) -> Vec<(usize, &str)> {
        let tokens = &self.tokens;
        (1..tokens.len())
            .filter_map(|i| {
                let code = tokens[i]
                    .trim_start_matches('#')
                    .trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
                let digits = code.chars().filter(char::is_ascii_digit).count();
                let shaped = code.len() >= 3
                    && digits > 0
                    && code.starts_with(|c: char| c.is_ascii_alphanumeric())
                    && code
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
                // "70kg", "50km": a quantity with its unit.
                let fused = text::lexicon::unit_dimension(
                    code.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'),
                )
                .is_some();
                let year = digits == code.len()
                    && code.len() == 4
                    && code.parse::<u32>().is_ok_and(|y| (1800..2200).contains(&y));
                let label = &tokens[i - 1];
                let lower = label.to_lowercase();
                let noun = label.chars().all(|c| c.is_ascii_lowercase())
                    && label.len() > 2
                    && !text::is_stopword(&lower)
                    && !text::lexicon::COUNT_LEADS.contains(&lower.as_str())
                    && !text::lexicon::MONTHS.contains(&lower.as_str())
                    && !text::lexicon::WEEKDAYS.contains(&lower.as_str())
                    && !text::lexicon::RELATIVE_DAYS.contains(&lower.as_str())
                    && !text::lexicon::NAMING_WORDS.contains(&lower.as_str())
                    && text::lexicon::unit_dimension(&lower).is_none();
                let measured = tokens
                    .get(i + 1)
                    .is_some_and(|next| text::lexicon::unit_dimension(next).is_some());
                (shaped && !fused && !year && noun && !measured && !written_code(&tokens[i]))
                    .then_some((i, code))
            })
            .collect()
    }

    /// Positions of the tokens a comma or a semicolon ends ("8%," in "a return of 8%, an
    /// investment of $20000"): what lies on either side belongs to different clauses.
    pub fn clause_breaks(&self) -> std::collections::HashSet<usize> {
        let mut out = std::collections::HashSet::new();
        let mut at = 0;
        for raw in self.text.split_whitespace() {
            at += text::tokens(raw).len();
            if at > 0 && raw.ends_with([',', ';']) {
                out.insert(at - 1);
            }
        }
        out
    }

    /// The terms of what the query points at ("his", "that", "my":
    /// [`text::lexicon::POINTING_WORDS`]) without writing it out: the word right after the
    /// pointing word, and the one after that when a modifier comes between ("that new bill").
    pub fn pointed_terms(&self) -> std::collections::HashSet<String> {
        let lower: Vec<String> = self.tokens.iter().map(|t| t.to_lowercase()).collect();
        lower
            .iter()
            .enumerate()
            .filter(|(_, w)| text::lexicon::POINTING_WORDS.contains(&w.as_str()))
            .flat_map(|(i, _)| {
                lower[i + 1..]
                    .iter()
                    .take(2)
                    .take_while(|t| !text::is_stopword(t))
                    .flat_map(|t| text::terms(t))
            })
            .collect()
    }

    /// The phrases a request puts after a word that introduces its topic ("articles *about*
    /// the Mars sample return mission", [`text::lexicon::TOPIC_LEADS`]), up to the end of the
    /// clause or the next "and"/"or": for each, the term of the word it is about ("articl") and
    /// the terms of the phrase, what a search for that word is asked to look for.
    pub fn searched_phrases(&self) -> Vec<(String, Vec<String>)> {
        self.searched_texts()
            .into_iter()
            .map(|(head, words)| (head, words.iter().flat_map(|w| text::terms(w)).collect()))
            .collect()
    }

    /// [`Query::searched_phrases`] with each phrase's words as the request writes them.
    pub fn searched_texts(&self) -> Vec<(String, Vec<String>)> {
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        let mut open = false;
        let mut before: Option<String> = None;
        // Whether a demonstrative came shortly before the word the phrase is about: "that
        // (fantastic) post about tire maintenance" points at a known post, it searches for none.
        let mut pointed = false;
        let mut recent: Vec<String> = Vec::new();
        for raw in self.text.split_whitespace() {
            for token in text::tokens(raw) {
                let lower = token.to_lowercase();
                if text::lexicon::TOPIC_LEADS.contains(&lower.as_str()) {
                    open = false;
                    if let Some(head) = before.take().filter(|_| !pointed) {
                        out.push((head, Vec::new()));
                        open = true;
                    }
                } else if matches!(lower.as_str(), "and" | "or" | "but") {
                    open = false;
                } else if open {
                    if let Some((_, phrase)) = out.last_mut() {
                        phrase.push(token.clone());
                    }
                } else if let Some(term) = text::terms(&token).pop() {
                    pointed = recent.iter().rev().take(2).any(|w| {
                        text::lexicon::DEMONSTRATIVES.contains(&w.as_str()) || w == "that"
                    });
                    before = Some(term);
                }
                recent.push(lower);
            }
            if raw.ends_with([',', ';', '.', '?', '!', ':']) {
                open = false;
                before = None;
            }
        }
        out.retain(|(_, phrase)| phrase.iter().any(|w| !text::terms(w).is_empty()));
        out
    }

    /// Terms of the phrases the query puts in quotes: literal values it gives, not topics.
    /// Only a short quote's: a long one may be a sentence whose words say what is asked.
    pub fn quoted_terms(&self) -> std::collections::HashSet<String> {
        self.quotes
            .iter()
            .filter(|q| short_quote(q))
            .flat_map(|q| text::terms(q))
            .collect()
    }

    /// Whether the query writes `value`, as a whole, in quotes.
    pub fn quoted(&self, value: &str) -> bool {
        self.quotes.iter().any(|q| q == value)
    }

    /// Whether `value` is the one thing the query writes in quotes.
    pub fn quotes_only(&self, value: &str) -> bool {
        matches!(&self.quotes[..], [only] if only == value)
    }

    /// The terms of the names and quotations the query gives ([`Query::entities`]): values
    /// rather than topics.
    /// Only a short quote's words count among them ([`Query::quoted_terms`]).
    pub fn name_terms(&self) -> std::collections::HashSet<String> {
        self.entities()
            .iter()
            .filter(|e| !self.quoted(e) || short_quote(e))
            .flat_map(|e| text::terms(e))
            .collect()
    }

    /// Terms of the things the request measures out ([`measured_out`]): values a list of
    /// records takes ([`crate::index::MethodDoc::takes_records`]), not topics.
    pub fn measured_things(&self) -> std::collections::HashSet<String> {
        measured_out(&self.text)
            .iter()
            .flat_map(|thing| text::terms(thing))
            .collect()
    }

    /// Candidate named entities: quoted phrases, then runs of capitalised words that do not
    /// open the sentence and addresses ([`written_address`]).
    pub fn entities(&self) -> Vec<String> {
        let mut out = self.quotes.clone();
        // Runs of capitalised words, broken at the end of a sentence ("Karan. Could" is two).
        let raw: Vec<&str> = self.text.split_whitespace().collect();
        let cleaned: Vec<String> = raw.iter().map(|t| text::token(t)).collect();
        // A house number opens the name of the street it numbers: "2020 Addison Street",
        // "221B Baker Street", "456 Elm St" (capitalised words up to a street's kind).
        let numbers_street = |i: usize| {
            let t = cleaned[i].as_str();
            let digits = t.chars().take_while(char::is_ascii_digit).count();
            digits > 0
                && t.len() <= 6
                && t[digits..].chars().all(|c| c.is_ascii_alphabetic())
                && (i + 2..=i + 4).any(|end| {
                    cleaned.get(i + 1..end).is_some_and(|words| {
                        words.iter().all(|w| w.starts_with(char::is_uppercase))
                            && words.last().is_some_and(|w| {
                                text::lexicon::STREET_KINDS.contains(&w.to_lowercase().as_str())
                            })
                    })
                })
        };
        // An abbreviation keeps its full stop ("Washington D.C.", "Apple Inc.", "Mr. X"); only a
        // title's never ends a sentence.
        let stopped = |i: usize| {
            raw[i]
                .trim_end_matches(['"', '\'', ')', '?', '!', ',', ';', ':'])
                .ends_with('.')
        };
        let abbreviated = |i: usize| {
            let lower = cleaned[i].to_lowercase();
            stopped(i)
                && (text::lexicon::ABBREVIATIONS.contains(&lower.as_str())
                    || (cleaned[i].contains('.')
                        && cleaned[i].split('.').all(|part| {
                            (1..=2).contains(&part.len()) && part.chars().all(char::is_uppercase)
                        })))
        };
        let titled = |i: usize| {
            stopped(i) && text::lexicon::NAME_TITLES.contains(&cleaned[i].to_lowercase().as_str())
        };
        let written: Vec<String> = (0..cleaned.len())
            .map(|i| {
                if abbreviated(i) && cleaned[i].starts_with(char::is_uppercase) {
                    format!("{}.", cleaned[i])
                } else {
                    cleaned[i].clone()
                }
            })
            .collect();
        let mut run: Vec<&str> = Vec::new();
        for (i, token) in cleaned.iter().enumerate() {
            if token.is_empty() {
                continue;
            }
            // An address ("https://example.com", "jo@example.org") is a value of its own,
            // whatever its case.
            if written_address(token) || written_handle(token) || written_path(token) {
                if !run.is_empty() {
                    out.push(run.join(" "));
                    run.clear();
                }
                out.push(token.clone());
                continue;
            }
            let token = &written[i];
            let first = token.chars().next();
            // A number continues a name that has begun ("World Cup 2026") but never starts one,
            // but for a house number.
            // "of" joins two capitalised names into one ("Metropolitan Museum of Art", "Bank of
            // America"), where nothing ends between them.
            let joins = !run.is_empty()
                && token == "of"
                && !raw[i - 1].ends_with(|c: char| !c.is_alphanumeric())
                && written
                    .get(i + 1)
                    .is_some_and(|next| next.starts_with(char::is_uppercase));
            // The speaker's "I" ("I", "I'm", "I've") is written with a capital and names no one.
            let speaker = token == "I" || token.starts_with("I'") || token.starts_with("I\u{2019}");
            // Nor does a reply word written in capitals on its own ("Is the air quality OK
            // where I live?"), where no capitalised word follows to make it part of a title.
            let reply_word = run.is_empty()
                && text::lexicon::ANSWER_OPENERS.contains(&token.to_lowercase().as_str())
                && !written
                    .get(i + 1)
                    .is_some_and(|next| next.starts_with(char::is_uppercase));
            let continues = (first.is_some_and(char::is_uppercase) && !speaker && !reply_word)
                || joins
                || (!run.is_empty() && first.is_some_and(|c| c.is_ascii_digit()))
                || (run.is_empty() && numbers_street(i));
            let sentence_start = i == 0
                || (raw.get(i - 1).is_some_and(|p| p.ends_with(['.', '?', '!'])) && !titled(i - 1));
            // A sentence may open with a city's name of several words ("New York and Boston"):
            // its first word is the name's, not only a capital that opens a sentence.
            let opens_city = || {
                (i + 2..=i + 3).any(|end| {
                    end <= cleaned.len()
                        && raw[i..end - 1]
                            .iter()
                            .all(|w| w.ends_with(|c: char| c.is_alphanumeric()))
                        && cleaned[i + 1..end]
                            .iter()
                            .all(|w| w.starts_with(char::is_uppercase))
                        && text::places::city(&cleaned[i..end].join(" ")).is_some()
                })
            };
            if continues
                && !(sentence_start && run.is_empty() && !opens_city())
                && !crate::when::is_date_word(token)
            {
                run.push(token);
            } else if !run.is_empty() {
                out.push(run.join(" "));
                run.clear();
            }
            if raw
                .get(i)
                .is_some_and(|t| t.ends_with(['.', '?', '!', ',', ';']))
                && !run.is_empty()
                && !titled(i)
            {
                out.push(run.join(" "));
                run.clear();
            }
        }
        if !run.is_empty() {
            out.push(run.join(" "));
        }
        out
    }
}

/// The things `text` measures out, in order ("200 grams of rice and 150 grams of chicken
/// breast": `rice`, `chicken breast`): the words after a quantity with its unit and "of", to the
/// end of the clause or the next "and".
pub fn measured_out(text: &str) -> Vec<String> {
    static THING: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let thing = THING.get_or_init(|| {
        regex::Regex::new(r"(?i)\d[\d.,]*\s*([a-zµ°/]+)\s+of\s+([^,;.?!]+)")
            .expect("the quantity-of pattern compiles")
    });
    thing
        .captures_iter(text)
        .filter(|c| text::lexicon::unit_dimension(&c[1]).is_some())
        .filter_map(|c| {
            let things = c[2].split(" and ").next()?.trim();
            (!things.is_empty()).then(|| things.to_owned())
        })
        .collect()
}

/// Whether `token` is an address written as one: a URL ("https://example.com/a"), a host
/// ("www.example.org", "pg.example.org", under a common top-level domain: "summary.txt" is a
/// file), or an email address. Such a token is a value as
/// written, whatever its case, never words the metadata should name.
pub fn written_address(token: &str) -> bool {
    token.contains("://")
        || token.starts_with("www.")
        || (token.contains('@') && token.contains('.'))
        || (domain_name(token)
            && token.rsplit('.').next().is_some_and(|tld| {
                text::lexicon::TOP_LEVEL_DOMAINS.contains(&tld.to_lowercase().as_str())
            }))
}

/// Whether `token` is a file's or a folder's path ("/root/txt/Android.txt", "~/notes/todo.md",
/// "./src", "C:\\Users\\me"): a value however many words its parts spell, opened by a root, a home
/// or a relative mark, with two parts or a last part with an extension.
pub fn written_path(token: &str) -> bool {
    let drive = token.len() > 3
        && token.as_bytes()[0].is_ascii_alphabetic()
        && token[1..].starts_with(":\\");
    let rest = ["/", "~/", "./", "../"]
        .iter()
        .find_map(|root| token.strip_prefix(root))
        .or_else(|| drive.then(|| &token[3..]));
    rest.is_some_and(|rest| {
        let parts: Vec<&str> = rest.split(['/', '\\']).filter(|p| !p.is_empty()).collect();
        parts.iter().all(|p| p.chars().any(char::is_alphanumeric))
            && (parts.len() >= 2 || parts.last().is_some_and(|p| p.contains('.')))
    })
}

/// Whether `token` is a code written as one word ("EV330912", "LH903", "B07XJ8C8F5"): four or
/// more capital letters and digits, with a letter and at least two digits, that is no number
/// with a unit or a size after it ("300K", "5GB", "1080P"). A word in lower case with a number
/// in it ("Sample1", "440Hz", "network222") is a name or a quantity, not a code.
pub fn written_code(token: &str) -> bool {
    let word = token.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    if word.len() < 4
        || !word
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
        || word.chars().filter(char::is_ascii_digit).count() < 2
        || !word.chars().any(|c| c.is_ascii_uppercase())
    {
        return false;
    }
    let suffix = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let measured = suffix.len() < word.len() && suffix.len() <= 2;
    !measured
}

/// Whether `token` is a handle ("@rustlang", "@jane_doe"): an account's name written as one,
/// a value whatever its case and however its parts split into words.
pub fn written_handle(token: &str) -> bool {
    token.strip_prefix('@').is_some_and(|h| {
        h.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
            && h.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
    })
}

/// Whether `token` writes an owner and its thing as code hosts and registries do
/// ("tokio-rs/axum", "huggingface/transformers"): two parts of letters, digits, `-`, `_` or
/// `.`, each opening with a letter or a digit and holding a letter, joined by one slash; not a
/// unit ("km/h").
pub fn written_pair(token: &str) -> bool {
    let Some((owner, thing)) = token.split_once('/') else {
        return false;
    };
    let part = |p: &str| {
        p.starts_with(|c: char| c.is_ascii_alphanumeric())
            && p.chars().any(|c| c.is_ascii_alphabetic())
            && p.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    };
    part(owner) && part(thing) && text::lexicon::unit_dimension(token).is_none()
}

/// Whether `token` is a hexadecimal address ("0x742d35Cc…", a wallet or a contract): a value
/// for a parameter that takes an address, though not a name any text parameter may take.
pub fn hex_address(token: &str) -> bool {
    token
        .strip_prefix("0x")
        .is_some_and(|h| h.len() >= 8 && h.chars().all(|c| c.is_ascii_hexdigit()))
}

/// A host written bare ("google.com", "pg.example.org"): labels of letters, digits and hyphens
/// joined by dots, the first opening with a letter and the last of letters only, two or more
/// long ("e.g." and "D.C." are not hosts, nor is "v1.2").
pub(crate) fn domain_name(token: &str) -> bool {
    let labels: Vec<&str> = token.split('.').collect();
    let label_ok = |l: &&str| {
        !l.is_empty()
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !l.starts_with('-')
    };
    labels.len() >= 2
        && labels.iter().all(label_ok)
        && labels[0].starts_with(|c: char| c.is_ascii_alphabetic())
        && labels
            .last()
            .is_some_and(|l| l.len() >= 2 && l.chars().all(|c| c.is_ascii_alphabetic()))
}

/// A number with its unit written on: `6cm`, `100µF`, `9.8m/s`, `0.5-second` → the number.
fn quantity(token: &str) -> Option<f64> {
    let end = token
        .char_indices()
        .find(|(i, c)| !(c.is_ascii_digit() || *c == '.' || (*i == 0 && *c == '-')))
        .map_or(token.len(), |(i, _)| i);
    let (number, unit) = token.split_at(end);
    let unit = unit.strip_prefix('-').unwrap_or(unit);
    let starts_unit = unit
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '°');
    // A unit is written in letters, with at most a power at its end ("km2", "m/s^2"): digits
    // among them make the token a code ("9bZkp7q19f0").
    let spelled = !unit
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .trim_end_matches('^')
        .contains(|c: char| c.is_ascii_digit());
    (starts_unit && spelled && number.bytes().any(|b| b.is_ascii_digit()))
        .then(|| number.parse().ok())
        .flatten()
}

/// The most words a quote may have and still be one value to bind ("'The Legend of Zelda:
/// Breath of the Wild'"); a longer one is a passage.
const LONGEST_QUOTE: usize = 12;

/// The most words a quote may have for its words to be taken as a value when the request is
/// scored: a longer quote ("'Safety first! Remember tire checks are crucial.'") is still bound
/// whole, but its words may also say what the request is about.
const LONGEST_SCORED_QUOTE: usize = 6;

/// Whether a quote is at most [`LONGEST_SCORED_QUOTE`] words long.
fn short_quote(quote: &str) -> bool {
    quote.split_whitespace().count() <= LONGEST_SCORED_QUOTE
}

/// Phrases in quotes. A quote opens at the start or after whitespace and closes before
/// whitespace, punctuation or the end, so apostrophes ("What's", "Spain's") are not quotes.
pub(crate) fn quoted(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let close = match c {
            '"' => '"',
            '\'' => '\'',
            '“' => '”',
            '‘' => '’',
            _ => {
                i += 1;
                continue;
            }
        };
        if i > 0 && !chars[i - 1].is_whitespace() && chars[i - 1] != '(' {
            i += 1;
            continue;
        }
        let end = (i + 1..chars.len())
            .find(|&j| chars[j] == close && chars.get(j + 1).is_none_or(|n| !n.is_alphanumeric()));
        match end {
            Some(j) => {
                let inner: String = chars[i + 1..j].iter().collect();
                let inner = inner.trim();
                if !inner.is_empty() && inner.split_whitespace().count() <= LONGEST_QUOTE {
                    out.push(inner.to_owned());
                }
                i = j + 1;
            }
            None => i += 1,
        }
    }
    out
}

/// The terms of what a request opening "Calculate the X of ..." or "What is the X of ..."
/// asks for: the one to three words between "the" and "of", less those that rate or date it
/// ([`text::lexicon::QUALIFIERS`]).
fn asked_for(text: &str) -> Option<Vec<String>> {
    let words: Vec<String> = text::words(text)
        .into_iter()
        .map(|w| w.to_lowercase())
        .collect();
    let first = words
        .iter()
        .position(|w| text::lexicon::ASKING_FOR_ONE.contains(&w.as_str()))?;
    let mut i = first + 1;
    if words.get(first).is_some_and(|w| w == "what") {
        if words
            .get(i)
            .is_some_and(|w| w == "is" || w == "are" || w == "s")
        {
            i += 1;
        } else {
            return None;
        }
    }
    if words.get(i).is_none_or(|w| w != "the") || first > 3 {
        return None;
    }
    let rest = &words[i + 1..];
    let of = rest.iter().position(|w| w == "of")?;
    if of == 0 || of > 3 {
        return None;
    }
    if rest[..of]
        .iter()
        .any(|w| text::lexicon::ASPECT_NOUNS.contains(&w.as_str()))
    {
        return None;
    }
    // A word that rates or dates the thing ("the current price of") says which of it, not
    // what it is.
    let terms: Vec<String> = rest[..of]
        .iter()
        .filter(|w| !text::lexicon::QUALIFIERS.contains(&w.as_str()))
        .flat_map(|w| text::terms(w))
        .collect();
    (!terms.is_empty()).then_some(terms)
}

/// What the first asking one of a request's sentences asks for: the terms of the noun phrase after its
/// asking verb ("get", "show me", "tell me"), question word ("what", "which") or wanting lead-in
/// with an indefinite determiner ("I would like a movie", "we need some hotels"), passing over
/// lead-ins, determiners and an aspect noun's "of" ("the list of services" asks for services),
/// and leaving out the words that rate, date or place ([`text::lexicon::QUALIFIERS`]). `None`
/// when the sentence has no such frame, or the phrase ends in a name, a number or a quotation
/// (values, not what is asked for). With the terms, whether the phrase asks for any of the
/// thing: its head word is written as many ("movies"), or an indefinite determiner leads it
/// ("a movie", "any trains").
fn asked_thing(sentences: &[String]) -> Option<(Vec<String>, bool)> {
    use text::lexicon as lx;
    let sentence = sentences.iter().find(|s| crate::asks::is_request(s))?;
    // Tokens with their closing punctuation kept apart: a comma or a full stop ends a phrase.
    let raw: Vec<&str> = sentence.split_whitespace().collect();
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_lowercase()
            .replace("'s", "")
    };
    let mut i = 0;
    let mut wants = false;
    while let Some(w) = raw
        .get(i)
        .map(|w| bare(w))
        .filter(|w| lx::LEAD_INS.contains(&w.as_str()))
    {
        wants |= lx::WANTING_VERBS.contains(&w.as_str());
        i += 1;
    }
    let frame = bare(raw.get(i)?);
    i += 1;
    // "How much does it cost to file a patent?" asks a cost.
    if frame == "how"
        && raw.get(i).is_some_and(|w| bare(w) == "much")
        && raw[i..]
            .iter()
            .any(|w| matches!(bare(w).as_str(), "cost" | "costs"))
    {
        return Some((vec![text::stem("cost")], false));
    }
    if wants && lx::INDEFINITES.contains(&frame.as_str()) {
        // "I would like a drama movie", "we need some hotels": what is wanted follows.
        i -= 1;
    } else if lx::ASKING_FOR_THINGS.contains(&frame.as_str()) {
        while raw
            .get(i)
            .is_some_and(|w| ["me", "us", "up", "for", "with"].contains(&bare(w).as_str()))
        {
            i += 1;
        }
        // "tell me what the temperature is" (but "find what's available" asks for no thing).
        if let Some(w) = raw.get(i)
            && ["what", "which"].contains(&bare(w).as_str())
        {
            if w.contains('\'') {
                return None;
            }
            i += 1;
        }
    } else if ["are", "is"].contains(&frame.as_str())
        && raw.get(i).is_some_and(|w| bare(w) == "there")
    {
        // "Are there any cartoon movies showing ...?"
        i += 1;
    } else if !["what", "which"].contains(&frame.as_str()) {
        return None;
    }
    let asks_what_is = ["what", "which"].contains(&frame.as_str())
        && raw
            .get(i)
            .is_some_and(|w| lx::BEING_VERBS.contains(&bare(w).as_str()));
    if raw
        .get(i)
        .is_some_and(|w| lx::BEING_VERBS.contains(&bare(w).as_str()))
    {
        i += 1;
    }
    loop {
        let mut indefinite = false;
        let before_determiners = i;
        while let Some(w) = raw
            .get(i)
            .map(|w| bare(w))
            .filter(|w| lx::QUANTIFIERS.contains(&w.as_str()))
        {
            indefinite = lx::INDEFINITES.contains(&w.as_str());
            i += 1;
        }
        let start = i;
        while let Some(w) = raw.get(i) {
            let b = bare(w);
            if b.is_empty()
                || lx::VALUE_ENDS.contains(&b.as_str())
                || lx::RELATIVIZERS.contains(&b.as_str())
                || lx::PHRASE_ENDS.contains(&b.as_str())
                || lx::BEING_VERBS.contains(&b.as_str())
            {
                break;
            }
            // A participle after a noun describes it ("movies playing in Newark", "proteins
            // found in the membrane").
            if i > start && text::participle(&b) {
                // But one after a bare noun that follows "what are" is that noun's doing, and
                // "what" its object ("What are people posting under #climate?"): no thing is
                // named as the one asked for.
                if asks_what_is
                    && start == before_determiners
                    && i == start + 1
                    && b.ends_with("ing")
                {
                    return None;
                }
                break;
            }
            // A demonstrative after the noun opens another phrase ("his statistics this
            // season", "the scores these days"), and so does any determiner after a phrase a
            // determiner led: a clause about the thing whose "that" is left out ("the
            // acceleration a ball will reach").
            if i > start
                && (lx::DEMONSTRATIVES.contains(&b.as_str())
                    || (start > before_determiners && lx::QUANTIFIERS.contains(&b.as_str())))
            {
                break;
            }
            i += 1;
            if crate::asks::ends_phrase(w) {
                break;
            }
        }
        let phrase = &raw[start..i];
        let head = phrase.last()?;
        let word = bare(head);
        // "the list of services": what is asked for comes after "of"; "the app's name" or "the
        // latest trading details" ask for an aspect of a thing the phrase names only in passing.
        if lx::ASPECT_NOUNS.contains(&word.as_str()) {
            if raw.get(i).is_some_and(|w| bare(w) == "of") {
                i += 1;
                continue;
            }
            return None;
        }
        // The frame word comes first, so a capital here is a name's, not a sentence's; but what
        // an indefinite determiner leads is a kind however it is written ("a Family Counselor").
        let value = phrase.len() > 3
            || head.starts_with(['\'', '"'])
            || (!indefinite
                && head
                    .trim_start_matches(['\'', '"'])
                    .starts_with(char::is_uppercase))
            || word.chars().any(|c| c.is_ascii_digit())
            || lx::number_value(&word).is_some();
        if value {
            return None;
        }
        let terms: Vec<String> = phrase
            .iter()
            .map(|w| bare(w))
            // A count ("two tickets", "3 songs") says how many, not what.
            .filter(|w| {
                !lx::QUALIFIERS.contains(&w.as_str())
                    && lx::number_value(w).is_none()
                    && !w.chars().all(|c| c.is_ascii_digit())
            })
            .flat_map(|w| text::terms(&w))
            .filter(|t| !text::chatter(t))
            .collect();
        return (!terms.is_empty()).then_some((terms, written_as_many(&word) || indefinite));
    }
}

/// Whether a lower-case noun has the form of a plural: it ends in "s" but not in "ss", "us" or
/// "is" ("movies", "projects"; not "address", "status", "analysis").
fn written_as_many(word: &str) -> bool {
    word.len() > 3 && word.ends_with('s') && !["ss", "us", "is"].iter().any(|e| word.ends_with(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_terms_tokens_numbers_and_entities() {
        let q = Query::parse(
            "What's the balance of acct-0001's wallet, and Spain's odds at the FIFA World Cup 2026?",
        );
        assert!(q.tokens.contains(&"acct-0001".to_owned()), "{:?}", q.tokens);
        assert_eq!(q.numbers(), [("2026".to_owned(), 2026.0)]);
        let units =
            Query::parse("base 6cm, 100µF, 9.8m/s^2, a 0.5-second window, u123, 2023-03-13");
        let values: Vec<f64> = units.numbers().into_iter().map(|(_, v)| v).collect();
        assert_eq!(values, [6.0, 100.0, 9.8, 0.5]);
        assert_eq!(
            Query::parse("average of [12, 15, 18] and [\"a\"]").lists(),
            [serde_json::json!([12, 15, 18]), serde_json::json!(["a"])]
        );
        assert_eq!(q.entities(), ["Spain", "FIFA World Cup 2026"]);
        // The speaker's capital "I" names no one, whatever comes before it.
        assert_eq!(
            Query::parse("citizenship: I'm from India, and I think I love it").entities(),
            ["India"]
        );
        // Nor does a reply word in capitals, unless a title goes on after it.
        assert!(
            Query::parse("Is the air quality OK where I live?")
                .entities()
                .is_empty()
        );
        assert_eq!(
            Query::parse("Is it OK in Leeds, or play Yes Minister").entities(),
            ["Leeds", "Yes Minister"]
        );
        assert_eq!(
            Query::parse("send $1,500 to 'Bob Smith'").numbers()[0].1,
            1500.0
        );
        assert_eq!(
            Query::parse("send $1,500 to 'Bob Smith'").entities()[0],
            "Bob Smith"
        );
    }

    #[test]
    fn a_sentence_may_open_with_a_city_s_name_of_several_words() {
        let names = |q: &str| Query::parse(q).entities();
        assert_eq!(
            names("Distance between two cities? New York and Los Angeles"),
            ["New York", "Los Angeles"]
        );
        assert_eq!(
            names("San Francisco to Boston, please"),
            ["San Francisco", "Boston"]
        );
        // A capital that only opens the sentence starts no name.
        assert_eq!(names("Find Chicago hotels"), ["Chicago"]);
    }

    #[test]
    fn an_abbreviation_keeps_its_full_stop_and_a_titles_ends_no_sentence() {
        let names = |q: &str| Query::parse(q).entities();
        assert_eq!(
            names("The distance from New York City to Washington D.C."),
            ["New York City", "Washington D.C."]
        );
        assert_eq!(names("Stocks of Apple Inc. today"), ["Apple Inc."]);
        assert_eq!(names("The cases of Mr. X in 2012"), ["Mr. X"]);
        assert_eq!(
            names("a therapist in the St. Helena CA."),
            ["St. Helena CA"]
        );
        // Any other full stop still ends the sentence, and the name.
        assert_eq!(names("I am Karan. Could you help?"), ["Karan"]);
        let q = Query::parse("The cases of Mr. X");
        assert_eq!(q.position_of("Mr. X"), Some(3));
    }

    #[test]
    fn a_long_quote_is_a_value_to_bind_and_its_words_are_context() {
        let q = Query::parse(
            "Post with the message 'Just booked a flight to Los Angeles! Excited for the trip.'",
        );
        assert_eq!(
            q.entities()[0],
            "Just booked a flight to Los Angeles! Excited for the trip."
        );
        assert!(!q.quoted_terms().contains("flight"));
        assert!(!q.name_terms().contains("flight"));
        // Its words are what the user wants sent, not what the request asks: they weigh as
        // context does, unless the request writes them outside the quote too.
        assert!(q.in_context("flight"), "{:?}", q.context);
        assert!(!q.in_context("post"), "{:?}", q.context);
        let q = Query::parse(
            "Book a flight and post 'Just booked a flight to Los Angeles! Excited for the trip.'",
        );
        assert!(!q.in_context("flight"), "{:?}", q.context);
        let q = Query::parse("a todo that says 'go for shopping'");
        assert!(q.quoted_terms().contains("shop"));
    }

    #[test]
    fn what_a_quantity_of_a_unit_measures_out_is_a_value() {
        let q = Query::parse("A meal of 200 grams of rice, and 2 cups of green tea?");
        let mut things: Vec<String> = q.measured_things().into_iter().collect();
        things.sort();
        assert_eq!(things, ["green", "rice", "tea"]);
        // A count of things without a unit measures nothing out.
        assert!(Query::parse("3 of them").measured_things().is_empty());
    }

    #[test]
    fn an_address_is_a_value_whatever_its_case() {
        let names = |q: &str| Query::parse(q).entities();
        assert_eq!(
            names("Create a code for https://example.com/a?b=1."),
            ["https://example.com/a?b=1"]
        );
        assert_eq!(
            names("Is john.doe@example.com valid, and who owns Google.com?"),
            ["john.doe@example.com", "Google.com"]
        );
        assert_eq!(names("Get the subdomains of plga.ca"), ["plga.ca"]);
        // A file is not a host.
        assert!(names("Count the words in summary.txt").is_empty());
    }

    #[test]
    fn of_joins_two_capitalised_names_into_one() {
        let names = |q: &str| Query::parse(q).entities();
        assert_eq!(
            names("The opening hours of the Metropolitan Museum of Art on Sunday?"),
            ["Metropolitan Museum of Art"]
        );
        assert_eq!(
            names("Exhibitions in the Museum of Modern Art, New York."),
            ["Museum of Modern Art", "New York"]
        );
        // Not after a lower-case word, nor across a comma.
        assert_eq!(names("The population of China"), ["China"]);
        assert_eq!(names("Flights to Paris, of Texas"), ["Paris", "Texas"]);
        // A name position counts its joined "of".
        let q = Query::parse("Hours of the Metropolitan Museum of Art today");
        assert_eq!(q.position_of("Metropolitan Museum of Art"), Some(3));
    }

    #[test]
    fn what_an_asking_verb_or_question_word_takes_is_what_is_asked_for() {
        let thing = |q: &str| Query::parse(q).asked_thing;
        let some = |t: &[&str]| Some(t.iter().map(|t| (*t).to_owned()).collect::<Vec<_>>());
        assert_eq!(
            thing("Tell me the current price of a jacket"),
            some(&["price"])
        );
        assert_eq!(
            thing("What services are in the default namespace?"),
            some(&["servic"])
        );
        assert_eq!(
            thing("Can you retrieve the list of services in it"),
            some(&["servic"])
        );
        assert_eq!(thing("Find movies playing in Newark"), some(&["movi"]));
        // A count says how many, not what.
        assert_eq!(thing("Get me two tickets for the show"), some(&["ticket"]));
        assert_eq!(
            thing("What are the names of proteins found in cells?"),
            some(&["protein"])
        );
        assert_eq!(
            thing("I'm off tomorrow. Get me the latest weather forecast"),
            some(&["weather", "forecast"])
        );
        // A demonstrative after the noun dates it; it names another thing.
        assert_eq!(
            thing("What are his statistics this season?"),
            some(&["statist"])
        );
        // A determiner after a phrase a determiner led opens a clause about the thing.
        assert_eq!(
            thing("What is the acceleration a ball will reach if it's thrown upwards?"),
            some(&["acceler"])
        );
        // No frame, a name, a number, a quotation or only an aspect of something: nothing.
        assert_eq!(thing("Weather in Oslo"), None);
        assert_eq!(thing("Find 'Blue Monday'"), None);
        assert_eq!(thing("Get the app's name and version"), None);
        assert_eq!(thing("Find what's available"), None);
        assert_eq!(thing("I would like the drama at the Regal"), None);
        // Searching, looking and providing with frame it too; a plural head, or an indefinite
        // determiner, asks for any of the thing.
        for (query, terms, any) in [
            (
                "Can you search for some action movies in Berkeley?",
                &["action", "movi"][..],
                true,
            ),
            (
                "Could you provide me with a list of projects that Adriel works on?",
                &["project"],
                true,
            ),
            (
                "Look up the weather forecast",
                &["weather", "forecast"],
                false,
            ),
            ("Get the status of my order", &["order"], false),
            (
                "Can you find a drama movie in Healdsburg?",
                &["drama", "movi"],
                true,
            ),
            (
                "Are there any cartoon movies showing in Union City?",
                &["cartoon", "movi"],
                true,
            ),
            // Wanting one of a thing asks for any of it, as finding one does.
            (
                "I would like a regular drama movie at Regal Crow Canyon.",
                &["drama", "movi"],
                true,
            ),
            ("We need some hotels in Paris", &["hotel"], true),
            // What an indefinite determiner leads is a kind, capitals or not; a greeting is a
            // lead-in.
            (
                "Hi, find me a Family Counselor in New York?",
                &["famili", "counselor"],
                true,
            ),
        ] {
            let q = Query::parse(query);
            assert_eq!((q.asked_thing, q.asked_any), (some(terms), any), "{query}");
        }
    }

    #[test]
    fn a_number_a_scale_word_follows_counts_in_full() {
        let q = Query::parse("a population of 213 million on 8.5 million km2, 3 Thousand Oaks");
        let values: Vec<f64> = q.numbers().into_iter().map(|(_, v)| v).collect();
        assert_eq!(
            values,
            [213e6, 8.5e6, 3.0],
            "a capitalised scale word is a name's"
        );
        assert_eq!(Query::parse("a million and 12 more").numbers()[0].1, 12.0);
    }

    #[test]
    fn a_code_that_opens_with_a_digit_is_no_quantity() {
        let q = Query::parse("comments on video 9bZkp7q19f0 within 5km");
        let values: Vec<f64> = q.numbers().into_iter().map(|(_, v)| v).collect();
        assert_eq!(values, [5.0]);
    }

    #[test]
    fn a_verb_in_the_past_after_its_subject_tells_what_was_done() {
        let done = |text: &str| Query::parse(text).done;
        assert_eq!(
            done("Fetch the details of the order I just placed"),
            ["place"]
        );
        assert_eq!(done("Show the tweet we've posted"), ["post"]);
        assert_eq!(done("Find the booked flights"), ["book"]);
        // A verb asked for, or also asked for, is not only done.
        assert!(done("Place an order for ten shares").is_empty());
        assert!(done("I placed an order; place it again").is_empty());
        let q = Query::parse("Can you fetch the order I just placed?");
        assert!(
            !q.requested.contains(&"place".to_owned()),
            "{:?}",
            q.requested
        );
    }
}
