//! References a turn makes to what the assistant just listed.
//!
//! After "I found three cats: Miso (P-3391), Pepper (P-3402) and Tofu (P-3417)", the next turn's
//! "Tell me more about the second one" means P-3402. The current turn is read with the phrase
//! that points at a position ("the second one", "the last option", "the third cat") written as
//! the thing at that position, so the method and its values are chosen from the current turn
//! as if the user had named it. What counts as the listed things is read from the reply's text
//! alone: the identifiers it names, in order, when it names at least two; otherwise the lines of
//! a bulleted or numbered list; otherwise the items after its colon.

use text::lexicon::{LIST_POSITION_NOUNS, LIST_POSITIONS};

/// `turn` with its phrase pointing at a position in what `told` listed replaced by the thing at
/// that position, or `None` when the turn points at none, the reply lists fewer than two things,
/// or fewer than the position asks for.
pub fn resolve_position(turn: &str, told: &str) -> Option<String> {
    let words: Vec<&str> = turn.split_whitespace().collect();
    let (start, end, position) = pointing_phrase(&words, told)?;
    let items = listed(told);
    if items.len() < 2 {
        return None;
    }
    let item = match position {
        Position::From(k) => items.get(k - 1)?,
        Position::Last => items.last()?,
    };
    // The punctuation the phrase's last word carried ("the second one?") stays in the turn.
    let last = words[end - 1];
    let trailing = &last[last.trim_end_matches(|c: char| !c.is_alphanumeric()).len()..];
    let mut out: Vec<String> = words[..start].iter().map(|w| (*w).to_owned()).collect();
    out.push(format!("{item}{trailing}"));
    out.extend(words[end..].iter().map(|w| (*w).to_owned()));
    Some(out.join(" "))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Position {
    /// 1-based, from the start.
    From(usize),
    Last,
}

/// The phrase of `words` that points at a position: "the" and a position word, then "one" or a
/// noun for what was listed ("the second one", "the last option", "the third van" after a reply
/// about vans), or nothing more. A position word followed by any other noun ("the first week of
/// March") points at no listed thing. Gives the phrase's word range and the position.
fn pointing_phrase(words: &[&str], told: &str) -> Option<(usize, usize, Position)> {
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    let told_terms = text::terms(told);
    (1..words.len()).find_map(|k| {
        if bare(words[k - 1]) != "the" {
            return None;
        }
        let position = LIST_POSITIONS
            .iter()
            .find(|(word, _)| *word == bare(words[k]))
            .map(|(_, at)| match at {
                0 => Position::Last,
                n => Position::From(*n),
            })?;
        // The position word ends the phrase when punctuation closes it or nothing follows.
        let closed = words[k].ends_with(|c: char| !c.is_alphanumeric());
        match words.get(k + 1).map(|w| bare(w)) {
            None => Some((k - 1, k + 1, position)),
            Some(_) if closed => Some((k - 1, k + 1, position)),
            Some(next)
                if LIST_POSITION_NOUNS.contains(&next.as_str())
                    || text::terms(&next).iter().any(|t| told_terms.contains(t)) =>
            {
                Some((k - 1, k + 2, position))
            }
            Some(next) if text::is_stopword(&next) => Some((k - 1, k + 1, position)),
            Some(_) => None,
        }
    })
}

/// The things `told` lists, in order.
fn listed(told: &str) -> Vec<String> {
    let mut codes: Vec<String> = Vec::new();
    for word in told.split_whitespace() {
        let word = word.trim_matches(|c: char| !c.is_alphanumeric());
        if identifier(word) && !codes.iter().any(|c| c == word) {
            codes.push(word.to_owned());
        }
    }
    if codes.len() >= 2 {
        return codes;
    }
    let lines: Vec<String> = told.lines().filter_map(list_line).collect();
    if lines.len() >= 2 {
        return lines;
    }
    after_colon(told)
}

/// Whether `word` reads as an identifier: letters and digits, perhaps joined by `-` or `_`, with
/// at least one of each ("P-3391", "VAN-02", "EV330912").
fn identifier(word: &str) -> bool {
    word.len() >= 3
        && word.chars().any(|c| c.is_ascii_digit())
        && word.chars().any(|c| c.is_ascii_alphabetic())
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The item a line of a bulleted or numbered list names ("2. Pepper (P-3402), 4 years" gives
/// "Pepper"): what follows the marker, up to a parenthesis, a dash, a colon or a comma.
fn list_line(line: &str) -> Option<String> {
    let line = line.trim_start();
    let rest = line
        .strip_prefix(['-', '*', '•'])
        .or_else(|| {
            let digits = line.trim_start_matches(|c: char| c.is_ascii_digit());
            (digits.len() < line.len())
                .then(|| digits.strip_prefix(['.', ')']))
                .flatten()
        })?
        .trim();
    item(
        rest.split([':', '(', ',', '—', '–'])
            .next()?
            .split(" - ")
            .next()?,
    )
}

/// The items after the colon of `told` ("I found three: Miso, Pepper and Tofu."), up to the end
/// of that sentence, split at commas, "and" and "or".
fn after_colon(told: &str) -> Vec<String> {
    let Some((_, rest)) = told.split_once(':') else {
        return Vec::new();
    };
    let sentence = rest
        .split(". ")
        .next()
        .unwrap_or(rest)
        .split(['!', '?', '\n', ';'])
        .next()
        .unwrap_or(rest);
    sentence
        .split(',')
        .flat_map(|part| part.split(" and ").flat_map(|p| p.split(" or ")))
        .filter_map(|part| item(part.split('(').next().unwrap_or(part)))
        .collect()
}

/// A listed item as written, without the punctuation and the joining word around it.
fn item(part: &str) -> Option<String> {
    let part = part.trim().trim_end_matches(['.', '*']).trim();
    let part = part
        .strip_prefix("and ")
        .or_else(|| part.strip_prefix("or "))
        .unwrap_or(part)
        .trim_matches('*')
        .trim();
    (!part.is_empty()).then(|| part.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_names_the_identifier_listed_there() {
        let told =
            "I found three cats in Bristol: Miso (P-3391), Pepper (P-3402) and Tofu (P-3417).";
        assert_eq!(
            resolve_position("Tell me more about the second one", told).as_deref(),
            Some("Tell me more about P-3402")
        );
        assert_eq!(
            resolve_position("And the last one?", told).as_deref(),
            Some("And P-3417?")
        );
        assert_eq!(
            resolve_position("Is the first cat vaccinated?", told).as_deref(),
            Some("Is P-3391 vaccinated?")
        );
    }

    #[test]
    fn names_listed_after_a_colon_or_in_lines_are_the_things() {
        let told = "I found three cats in Bristol: Miso, Pepper and Tofu.";
        assert_eq!(
            resolve_position("Tell me about the third", told).as_deref(),
            Some("Tell me about Tofu")
        );
        let lines =
            "Here are the results:\n1. Hotel Arcadia (4 stars)\n2. Casa Verde - near the beach\n";
        assert_eq!(
            resolve_position("Book the second one", lines).as_deref(),
            Some("Book Casa Verde")
        );
    }

    #[test]
    fn no_list_or_another_noun_points_at_nothing() {
        let told = "The Hull depot has VAN-02, VAN-05 and VAN-11.";
        assert_eq!(
            resolve_position("What happened in the first week of March?", told),
            None
        );
        assert_eq!(resolve_position("Where is the fifth one?", told), None);
        assert_eq!(
            resolve_position("Where is the second one?", "VAN-02 is in Leeds."),
            None
        );
        assert_eq!(
            resolve_position("Where is the third van now?", told).as_deref(),
            Some("Where is VAN-11 now?")
        );
    }
}
