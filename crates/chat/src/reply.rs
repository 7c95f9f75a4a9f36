//! A typed reply to a clarification: does it name exactly one offered option?
//!
//! "the rugby one" names the option whose label or description alone carries "rugby". A reply
//! that says anything the options and the question do not (a new question, a new value) is not
//! a choice, and neither is one that fits several options or none.

use std::collections::HashSet;

use contract::{Clarification, ClarificationOption};

/// The option `reply` names among `clarification`'s, asked after `question`, if exactly one.
pub fn chosen_option<'a>(
    reply: &str,
    question: &str,
    clarification: &'a Clarification,
) -> Option<&'a ClarificationOption> {
    let options = &clarification.options;
    let said = reply.trim();
    if let Some(exact) = options
        .iter()
        .find(|o| o.label.trim().eq_ignore_ascii_case(said) || o.id == said)
    {
        return Some(exact);
    }
    let reply_terms: HashSet<String> = text::terms(said)
        .into_iter()
        .filter(|t| !text::chatter(t) && !text::lexicon::CHOICE_FILLERS.contains(&t.as_str()))
        .collect();
    if reply_terms.is_empty() {
        return None;
    }
    let per_option: Vec<HashSet<String>> = options.iter().map(option_terms).collect();
    let known: HashSet<&String> = per_option.iter().flatten().collect();
    let asked: HashSet<String> = text::terms(question).into_iter().collect();
    if reply_terms
        .iter()
        .any(|t| !known.contains(t) && !asked.contains(t))
    {
        return None;
    }
    // Terms every option shares ("world", "cup") pick none of them.
    let distinct = |i: usize| {
        per_option[i]
            .iter()
            .filter(|t| !per_option.iter().all(|other| other.contains(*t)))
            .any(|t| reply_terms.contains(t))
    };
    let mut named = (0..options.len()).filter(|&i| distinct(i));
    match (named.next(), named.next()) {
        (Some(i), None) => Some(&options[i]),
        _ => None,
    }
}

/// The terms an option is known by: its label, its description and its argument values.
fn option_terms(option: &ClarificationOption) -> HashSet<String> {
    let mut said = format!("{} {}", option.label, option.description);
    for value in option.arguments.values() {
        if let Some(s) = value.as_str() {
            said.push(' ');
            said.push_str(s);
        }
    }
    text::terms(&said).into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn option(id: &str, label: &str, description: &str) -> ClarificationOption {
        ClarificationOption {
            id: id.into(),
            label: label.into(),
            description: description.into(),
            tool_id: "markets".into(),
            method: "get_market".into(),
            arguments: serde_json::Map::new(),
        }
    }

    fn asked() -> Clarification {
        Clarification {
            kind: contract::ClarificationKind::AmbiguousInterpretation,
            question: "Which World Cup do you mean?".into(),
            options: vec![
                option("opt-a", "FIFA World Cup 2026", "Football, in North America"),
                option("opt-b", "Rugby World Cup 2027", "Rugby union, in Australia"),
            ],
            missing_parameters: Vec::new(),
            invalid_parameters: Vec::new(),
            recommended_option_id: Some("opt-a".into()),
        }
    }

    const QUESTION: &str = "Who will win the World Cup?";

    #[test]
    fn a_reply_naming_one_option_chooses_it() {
        let c = asked();
        for reply in [
            "the rugby one",
            "Rugby please",
            "I meant the FIFA one",
            "rugby world cup",
        ] {
            let chosen = chosen_option(reply, QUESTION, &c).map(|o| o.id.as_str());
            let want = if reply.to_lowercase().contains("rugby") {
                "opt-b"
            } else {
                "opt-a"
            };
            assert_eq!(chosen, Some(want), "{reply}");
        }
        assert_eq!(
            chosen_option("Rugby World Cup 2027", QUESTION, &c).map(|o| o.id.as_str()),
            Some("opt-b")
        );
    }

    #[test]
    fn anything_else_is_a_new_question() {
        let c = asked();
        for reply in [
            "the world cup one",
            "rugby or football, either",
            "what is the price of bitcoin?",
            "rugby, and who is the top scorer",
            "yes",
            "",
        ] {
            assert_eq!(chosen_option(reply, QUESTION, &c), None, "{reply}");
        }
    }
}
