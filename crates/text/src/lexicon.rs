//! Every English word list Sluice reads meaning from, in one place. Each list describes English,
//! never a tool, a tool's fields or a benchmark; lists of stems say so, and every list is sorted
//! (checked) so that membership is a binary search.

/// Stems of words that ask for every item or a comparison ("all", "every", "compare", "versus").
pub(crate) const EVERY_ITEM: &[&str] = &[
    "across", "all", "both", "compar", "each", "everi", "list", "versus", "vs",
];

/// Whether the stem `term` asks for every item or a comparison.
pub fn asks_for_every_item(term: &str) -> bool {
    EVERY_ITEM.binary_search(&term).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_sorted_for_binary_search() {
        for list in [EVERY_ITEM] {
            assert!(
                list.windows(2).all(|w| w[0] < w[1]),
                "{:?}",
                list.windows(2).find(|w| w[0] >= w[1])
            );
        }
    }
}
