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
    /// Dates it gives, in order.
    pub dates: Vec<crate::when::Moment>,
    /// Times of day it gives, in order.
    pub times: Vec<crate::when::Moment>,
    /// The verb that changes things the request leads with ("send", "book"), a stem.
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
    /// The verbs that frame the request ("help me find", "can you provide"), stems: they ask,
    /// they are not what is asked about.
    pub framing: Vec<String>,
    /// What a request opening "Calculate the X of ..." or "What is the X of ..." asks for: the
    /// terms of X.
    pub asked_for: Option<Vec<String>>,
}

impl Query {
    /// Parses `text`.
    pub fn parse(text: &str) -> Self {
        let mut terms = Vec::new();
        let mut spellings = Vec::new();
        for (t, word) in text::terms_with_words(text) {
            if !terms.contains(&t) {
                terms.push(t);
                spellings.push(word);
            }
        }
        let tokens = text::tokens(text);
        let mut query = Self {
            text: text.trim().to_owned(),
            terms,
            spellings,
            tokens,
            dates: Vec::new(),
            times: Vec::new(),
            act: text::leading_verb(text).filter(|v| text::mutating_verb(v)),
            commands: text::commanding_verb(text),
            acts: text::requested_actions(text),
            requested: text::requested_words(text, false),
            framing: text::framing_verbs(text),
            asked_for: asked_for(text),
        };
        query.dates = crate::when::dates(&query.tokens);
        query.times = crate::when::times(&query.tokens);
        query
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

    /// Numbers written as words ("two nights"), with their token positions.
    pub fn number_words_at(&self) -> Vec<(usize, f64)> {
        self.tokens
            .iter()
            .enumerate()
            .filter_map(|(i, t)| text::lexicon::number_value(&t.to_lowercase()).map(|v| (i, v)))
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
            let parsed = serde_json::from_str::<serde_json::Value>(&literal)
                .or_else(|_| serde_json::from_str(&literal.replace('\'', "\"")));
            if let Ok(v @ serde_json::Value::Array(_)) = parsed
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
        let first = entity.split_whitespace().next()?;
        self.tokens.iter().position(|t| t == first)
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

    /// Terms of the phrases the query puts in quotes: literal values it gives, not topics.
    pub fn quoted_terms(&self) -> std::collections::HashSet<String> {
        quoted(&self.text)
            .iter()
            .flat_map(|q| text::terms(q))
            .collect()
    }

    /// Candidate named entities: quoted phrases, then runs of capitalised words that do not
    /// open the sentence.
    pub fn entities(&self) -> Vec<String> {
        let mut out = quoted(&self.text);
        // Runs of capitalised words, broken at the end of a sentence ("Karan. Could" is two).
        let raw: Vec<&str> = self.text.split_whitespace().collect();
        let cleaned: Vec<String> = raw.iter().map(|t| text::token(t)).collect();
        let mut run: Vec<&str> = Vec::new();
        for (i, token) in cleaned.iter().enumerate() {
            if token.is_empty() {
                continue;
            }
            let first = token.chars().next();
            // A number continues a name that has begun ("World Cup 2026") but never starts one.
            let continues = first.is_some_and(char::is_uppercase)
                || (!run.is_empty() && first.is_some_and(|c| c.is_ascii_digit()));
            let sentence_start =
                i == 0 || raw.get(i - 1).is_some_and(|p| p.ends_with(['.', '?', '!']));
            if continues && !(sentence_start && run.is_empty()) && !crate::when::is_date_word(token)
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
    (starts_unit && number.bytes().any(|b| b.is_ascii_digit()))
        .then(|| number.parse().ok())
        .flatten()
}

/// Phrases in quotes. A quote opens at the start or after whitespace and closes before
/// whitespace, punctuation or the end, so apostrophes ("What's", "Spain's") are not quotes.
fn quoted(text: &str) -> Vec<String> {
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
                if !inner.is_empty() && inner.split_whitespace().count() <= 6 {
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
/// asks for: the one to three words between "the" and "of".
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
    let terms: Vec<String> = rest[..of].iter().flat_map(|w| text::terms(w)).collect();
    (!terms.is_empty()).then_some(terms)
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
}
