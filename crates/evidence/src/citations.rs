//! Server-side citation validation: an answer may only cite evidence that was gathered.

/// An answer after validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Validated {
    /// The answer with surviving markers renumbered `[1]`, `[2]`, ... by first appearance.
    pub text: String,
    /// The registry ordinals (1-based) of the surviving citations, in their new order.
    pub ordinals: Vec<usize>,
    /// Distinct citations removed because they pointed at no gathered evidence.
    pub dropped: u32,
}

/// Validates the `[n]` markers of `answer` and the separately `declared` cited ordinals against a
/// registry of `available` units. Declared ordinals that are valid but not marked in the text
/// are kept after the marked ones.
pub fn validate(answer: &str, declared: &[i64], available: usize) -> Validated {
    let valid = |n: i64| n >= 1 && (n as u64) <= available as u64;
    let mut order: Vec<usize> = Vec::new();
    let mut invalid: Vec<i64> = Vec::new();
    let mut text = String::with_capacity(answer.len());
    let mut rest = answer;
    while let Some(open) = rest.find('[') {
        text.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        let closes =
            !digits.is_empty() && digits.len() <= 9 && after[digits.len()..].starts_with(']');
        if !closes {
            text.push('[');
            rest = after;
            continue;
        }
        let n: i64 = digits.parse().expect("at most nine digits");
        rest = &after[digits.len() + 1..];
        if valid(n) {
            let ordinal = n as usize;
            let position = order.iter().position(|o| *o == ordinal).unwrap_or_else(|| {
                order.push(ordinal);
                order.len() - 1
            });
            text.push_str(&format!("[{}]", position + 1));
        } else {
            if !invalid.contains(&n) {
                invalid.push(n);
            }
            // Strip the marker and the space before it, so no gap is left behind.
            while text.ends_with(' ') {
                text.pop();
            }
        }
    }
    text.push_str(rest);
    for &n in declared {
        if valid(n) {
            if !order.contains(&(n as usize)) {
                order.push(n as usize);
            }
        } else if !invalid.contains(&n) {
            invalid.push(n);
        }
    }
    Validated {
        text,
        ordinals: order,
        dropped: invalid.len() as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(
        answer: &str,
        declared: &[i64],
        available: usize,
        text: &str,
        ordinals: &[usize],
        dropped: u32,
    ) {
        let v = validate(answer, declared, available);
        assert_eq!(
            (v.text.as_str(), v.ordinals.as_slice(), v.dropped),
            (text, ordinals, dropped),
            "{answer}"
        );
    }

    #[test]
    fn renumbers_densely_and_strips_what_points_nowhere() {
        check(
            "A [3]. B [1]. C [3].",
            &[],
            3,
            "A [1]. B [2]. C [1].",
            &[3, 1],
            0,
        );
        check("A [7]. B [2].", &[], 3, "A. B [1].", &[2], 1);
        check("A [0] [9] [9].", &[4, 2], 3, "A.", &[2], 3);
        check(
            "Arrays like [a] and [ 1] stay; [12345678901] too.",
            &[],
            2,
            "Arrays like [a] and [ 1] stay; [12345678901] too.",
            &[],
            0,
        );
        check("Nothing cited.", &[1], 1, "Nothing cited.", &[1], 0);
        check("No evidence [1].", &[], 0, "No evidence.", &[], 1);
    }
}
