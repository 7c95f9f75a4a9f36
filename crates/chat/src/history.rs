//! The conversation a message carries into the pipeline (`context.history`).
//!
//! Recent turns go in whole, newest first, while they fit three quarters of the budget; what is
//! older is folded into one summary turn (the earlier questions, most recent first, as many as
//! the rest of the budget holds). The fold is deterministic: the same thread gives the same
//! history.

use contract::request::MAX_QUERY_CHARS;
use contract::{Clarification, MAX_HISTORY_TURNS, Role, Turn};

/// One earlier message as the next turn needs it: what was said, the option a person's message
/// chose, and the clarification a reply asked.
#[derive(Debug, Clone, PartialEq)]
pub struct Said {
    /// Who said it.
    pub role: Role,
    /// What was said.
    pub content: String,
    /// The clarification option a person's message chose.
    pub selected_option_id: Option<String>,
    /// The clarification a reply asked.
    pub clarification: Option<Clarification>,
}

/// Estimated tokens of `text`: about four characters each.
pub fn tokens(text: &str) -> usize {
    text.chars().count().div_ceil(4)
}

/// A thread's turns split for the next message: the most recent turns that fit three quarters
/// of the budget go in whole; the older ones are to be summarized within `room` tokens.
#[derive(Debug, Clone, PartialEq)]
pub struct Split {
    /// Turns too old to go in whole, oldest first.
    pub older: Vec<Turn>,
    /// Turns that go in whole, oldest first.
    pub recent: Vec<Turn>,
    /// Estimated tokens left for the summary of `older`.
    pub room: usize,
}

impl Split {
    /// The history with `summary` (if any) before the recent turns.
    pub fn with_summary(self, summary: Option<Turn>) -> Vec<Turn> {
        summary.into_iter().chain(self.recent).collect()
    }
}

/// Splits the thread whose messages are `messages` (oldest first) for a `budget` of estimated
/// tokens.
pub fn split(messages: &[Said], budget: usize) -> Split {
    let mut turns = spoken(messages);
    let whole_budget = budget - budget / 4;
    let mut used = 0;
    let mut kept = 0;
    for turn in turns.iter().rev() {
        let cost = tokens(&turn.content);
        if used + cost > whole_budget || kept + 1 >= MAX_HISTORY_TURNS {
            break;
        }
        used += cost;
        kept += 1;
    }
    let recent = turns.split_off(turns.len() - kept);
    Split {
        older: turns,
        recent,
        room: budget.saturating_sub(used),
    }
}

/// The summary turn a model's `summary` of the older turns becomes, cut to `room` tokens.
pub fn summary_turn(summary: &str, room: usize) -> Option<Turn> {
    const LEAD: &str = "Earlier in this conversation: ";
    let room_chars = room.saturating_sub(tokens(LEAD)) * 4;
    let text: String = summary.trim().chars().take(room_chars).collect();
    (!text.trim().is_empty()).then(|| Turn {
        role: Role::User,
        content: clip(&format!("{LEAD}{}", text.trim())),
    })
}

/// The deterministic summary of `older`: the earlier questions, most recent first, as many as
/// `room` tokens hold.
pub fn fold(older: &[Turn], room: usize) -> Option<Turn> {
    const LEAD: &str = "Earlier questions: ";
    let mut questions: Vec<&str> = Vec::new();
    let mut used = tokens(LEAD);
    for turn in older.iter().rev().filter(|t| t.role == Role::User) {
        let cost = tokens(&turn.content) + 1;
        if used + cost > room {
            break;
        }
        used += cost;
        questions.push(&turn.content);
    }
    if questions.is_empty() {
        return None;
    }
    Some(Turn {
        role: Role::User,
        content: clip(&format!("{LEAD}{}", questions.join("; "))),
    })
}

/// The thread's messages as turns: what was said, where a reply that chose a clarification's
/// option reads as the question it answered with that option's label ("Who will win the World
/// Cup? Rugby World Cup 2027"), so that a later follow-up joins the question actually answered.
fn spoken(messages: &[Said]) -> Vec<Turn> {
    let mut turns: Vec<Turn> = Vec::with_capacity(messages.len());
    let mut asked: Option<&str> = None;
    for (i, m) in messages.iter().enumerate() {
        let content = match m.role {
            Role::User => {
                let chosen = m.selected_option_id.as_deref().and_then(|id| {
                    let clarification = messages[i.checked_sub(1)?].clarification.as_ref()?;
                    clarification.options.iter().find(|o| o.id == id)
                });
                match (chosen, asked) {
                    (Some(option), Some(question)) => format!("{question} {}", option.label),
                    _ => {
                        asked = Some(&m.content);
                        m.content.clone()
                    }
                }
            }
            Role::Assistant => m.content.clone(),
        };
        let content = clip(content.trim());
        if !content.is_empty() {
            turns.push(Turn {
                role: m.role,
                content,
            });
        }
    }
    turns
}

/// `text` cut to the longest content a turn may carry.
fn clip(text: &str) -> String {
    text.chars().take(MAX_QUERY_CHARS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The history with the older turns folded, as a thread without a summary model gets it.
    fn history(messages: &[Said], budget: usize) -> Vec<Turn> {
        let split = split(messages, budget);
        let summary = fold(&split.older, split.room);
        split.with_summary(summary)
    }

    fn message(role: Role, content: &str) -> Said {
        Said {
            role,
            content: content.into(),
            selected_option_id: None,
            clarification: None,
        }
    }

    #[test]
    fn short_threads_go_in_whole() {
        let m = [
            message(Role::User, "Price of Solana?"),
            message(Role::Assistant, "The price of Solana is $150 [1]."),
        ];
        let h = history(&m, 1_000);
        assert_eq!(h.len(), 2);
        assert_eq!(h[0].content, "Price of Solana?");
        assert_eq!(h[1].role, Role::Assistant);
    }

    #[test]
    fn long_threads_fold_older_turns_into_one_summary_within_the_budget() {
        let mut m = Vec::new();
        for i in 0..40 {
            m.push(message(
                Role::User,
                &format!("question number {i} about topic {i}"),
            ));
            m.push(message(
                Role::Assistant,
                &"an answer that runs long ".repeat(8),
            ));
        }
        let budget = 300;
        let h = history(&m, budget);
        let spent: usize = h.iter().map(|t| tokens(&t.content)).sum();
        assert!(spent <= budget, "{spent} tokens over a budget of {budget}");
        assert!(h.len() <= MAX_HISTORY_TURNS);
        assert!(
            h[0].content.starts_with("Earlier questions: "),
            "{:?}",
            h[0]
        );
        // The most recent turns are kept whole, and the fold names the most recent older question
        // first.
        assert_eq!(h.last().unwrap().role, Role::Assistant);
        assert_eq!(
            h,
            history(&m, budget),
            "the same thread gives the same history"
        );
        let last_whole = h[1..]
            .iter()
            .find(|t| t.role == Role::User)
            .unwrap()
            .content
            .clone();
        let n: usize = last_whole
            .split_whitespace()
            .nth(2)
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            h[0].content
                .starts_with(&format!("Earlier questions: question number {}", n - 1)),
            "{}",
            h[0].content
        );
    }

    #[test]
    fn a_model_summary_is_cut_to_its_room_and_an_empty_one_is_no_turn() {
        let t = summary_turn(&"word ".repeat(500), 40).expect("a turn");
        assert!(tokens(&t.content) <= 41, "{} tokens", tokens(&t.content));
        assert!(t.content.starts_with("Earlier in this conversation: word"));
        assert_eq!(summary_turn("   ", 40), None);
        let mut m = Vec::new();
        for i in 0..30 {
            m.push(message(
                Role::User,
                &format!("question {i} about something long enough"),
            ));
            m.push(message(Role::Assistant, &"an answer ".repeat(20)));
        }
        let split = split(&m, 400);
        assert!(!split.older.is_empty() && !split.recent.is_empty());
        assert!(
            split.room >= 100,
            "a quarter of the budget is left for the summary"
        );
        assert_eq!(split.older.len() + split.recent.len(), 60);
    }

    #[test]
    fn a_chosen_option_reads_as_the_question_it_answered() {
        let clarification: Clarification = serde_json::from_value(serde_json::json!({
            "kind": "ambiguous_interpretation", "question": "Which one?",
            "options": [{"id": "opt-1", "label": "Rugby World Cup 2027", "description": "",
                "toolId": "markets", "method": "m", "arguments": {}}]
        }))
        .unwrap();
        let mut reply = message(Role::Assistant, "Which one?");
        reply.clarification = Some(clarification);
        let mut chose = message(Role::User, "the rugby one");
        chose.selected_option_id = Some("opt-1".into());
        let h = history(
            &[
                message(Role::User, "Who will win the World Cup?"),
                reply,
                chose,
            ],
            1_000,
        );
        assert_eq!(
            h[2].content,
            "Who will win the World Cup? Rugby World Cup 2027"
        );
    }
}
