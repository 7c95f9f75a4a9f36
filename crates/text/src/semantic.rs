//! Meaning beyond shared words: a static table of word vectors distilled from the sentence
//! model all-MiniLM-L6-v2 (`semantic/distill.py` regenerates `semantic/words.bin` byte for
//! byte; its SHA-256 is beside it). Every WordPiece token of the model has a 128-dimensional
//! vector; a word the vocabulary lacks whole is the mean of its WordPiece pieces.
//!
//! Similar is not the same: callers weigh a [`similarity`] below a shared word.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The distilled table, compiled in.
const TABLE: &[u8] = include_bytes!("../semantic/words.bin");

/// Numbers in a vector.
pub const DIMS: usize = 128;

/// The similarity from which two words are taken as alike in meaning. Chosen on general word
/// pairs: synonyms score 0.7–0.94 (film/movie 0.82, buy/purchase 0.85), related but different
/// words 0.3–0.6 (forecast/weather 0.51), unrelated ones below 0.15.
pub const ALIKE: f32 = 0.65;

/// The similarity from which two words are related in meaning, though not alike: inside the
/// related range on the scale of [`ALIKE`] (forecast/weather 0.51, height/dimension 0.38), above
/// words that only keep company (price/current 0.30) and far above unrelated ones.
pub const RELATED: f32 = 0.35;

/// A unit-length word vector.
pub type Vector = Arc<[f32]>;

struct Table {
    dims: usize,
    index: HashMap<&'static str, usize>,
    vectors: &'static [u8],
}

/// Why the compiled-in table could not be read: only a corrupted build can cause it.
#[derive(Debug)]
pub struct TableError(&'static str);

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the semantic word table is malformed: {}", self.0)
    }
}

impl std::error::Error for TableError {}

fn parse(bytes: &'static [u8]) -> Result<Table, TableError> {
    let u32_at = |at: usize| -> Result<usize, TableError> {
        let raw = bytes
            .get(at..at + 4)
            .ok_or(TableError("truncated header"))?;
        Ok(u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]) as usize)
    };
    if bytes.get(..4) != Some(b"SLWT".as_slice()) || u32_at(4)? != 1 {
        return Err(TableError("unknown magic or version"));
    }
    let (dims, count) = (u32_at(8)?, u32_at(12)?);
    if dims != DIMS {
        return Err(TableError("vectors of another size"));
    }
    let mut index = HashMap::with_capacity(count);
    let mut at = 16;
    for i in 0..count {
        let len = bytes
            .get(at..)
            .and_then(|rest| rest.iter().position(|b| *b == 0))
            .ok_or(TableError("truncated token list"))?;
        let token =
            std::str::from_utf8(&bytes[at..at + len]).map_err(|_| TableError("token not UTF-8"))?;
        index.entry(token).or_insert(i);
        at += len + 1;
    }
    let vectors = bytes
        .get(at..at + count * dims)
        .ok_or(TableError("truncated vectors"))?;
    Ok(Table {
        dims,
        index,
        vectors,
    })
}

fn table() -> Option<&'static Table> {
    static LOADED: OnceLock<Option<Table>> = OnceLock::new();
    LOADED.get_or_init(|| parse(TABLE).ok()).as_ref()
}

/// Loads the table now rather than at first use, and says whether it is usable (a server calls
/// this at start, so that no request pays for it).
pub fn load() -> Result<(), TableError> {
    match table() {
        Some(_) => Ok(()),
        None => parse(TABLE).map(|_| ()),
    }
}

impl Table {
    fn row(&self, i: usize) -> impl Iterator<Item = f32> + '_ {
        self.vectors[i * self.dims..(i + 1) * self.dims]
            .iter()
            .map(|b| f32::from(*b as i8))
    }

    /// The token ids of `word` by greedy longest-match WordPiece, or `None` when some part of
    /// it has no piece.
    fn pieces(&self, word: &str) -> Option<Vec<usize>> {
        let mut out = Vec::new();
        let mut rest = word;
        while !rest.is_empty() {
            let (id, len) = rest
                .char_indices()
                .map(|(i, c)| i + c.len_utf8())
                .rev()
                .find_map(|end| {
                    let piece = &rest[..end];
                    let id = if out.is_empty() {
                        self.index.get(piece)
                    } else {
                        self.index.get(format!("##{piece}").as_str())
                    };
                    id.map(|id| (*id, end))
                })?;
            out.push(id);
            rest = &rest[len..];
        }
        Some(out)
    }

    fn vector(&self, word: &str) -> Option<Vector> {
        let ids = match self.index.get(word) {
            Some(id) => vec![*id],
            None => self.pieces(word)?,
        };
        let mut sum = vec![0.0f32; self.dims];
        for id in ids {
            let row: Vec<f32> = self.row(id).collect();
            let norm = row
                .iter()
                .map(|x| x * x)
                .sum::<f32>()
                .sqrt()
                .max(f32::EPSILON);
            for (s, x) in sum.iter_mut().zip(row) {
                *s += x / norm;
            }
        }
        let norm = sum.iter().map(|x| x * x).sum::<f32>().sqrt();
        (norm > f32::EPSILON).then(|| sum.iter().map(|x| x / norm).collect())
    }
}

/// The vector of `word` (lowercased first), remembered per thread; `None` for a word with no
/// WordPiece reading (digits and letters the model never saw) or when the table is unusable.
pub fn vector(word: &str) -> Option<Vector> {
    thread_local! {
        static VECTORS: crate::Memo<Option<Vector>> = std::cell::RefCell::new(HashMap::new());
    }
    let lower = word.to_lowercase();
    if lower.is_empty() || lower.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    crate::remembered(&VECTORS, &lower, |w| table()?.vector(w))
}

/// Whether the model reads `word` (lower case) as one token of its vocabulary: a word it knows
/// whole, not one it can only piece together (a rare word or a misspelling). `true` when the
/// table is unusable: nothing is then taken for a misspelling.
pub fn whole_word(word: &str) -> bool {
    table().is_none_or(|t| t.index.contains_key(word))
}

/// Whether a word the model knows whole is one edit (a letter left out, added, changed or two
/// swapped) from `word` (lower case): `word` may then be that word misspelt ("sweate"). `false`
/// when the table is unusable. Wider than [`crate::misspelling_of`], which pairs a typo with one
/// given word and never at its first or last letter: this asks whether a word may be a typo of
/// any known word at all, so that it is not taken for a name, and so it is generous.
pub fn one_edit_from_whole(word: &str) -> bool {
    let Some(t) = table() else {
        return false;
    };
    let chars: Vec<char> = word.chars().collect();
    let known = |c: &[char]| t.index.contains_key(c.iter().collect::<String>().as_str());
    let letters = 'a'..='z';
    (0..chars.len()).any(|i| {
        let mut c = chars.clone();
        c.remove(i);
        known(&c)
    }) || (0..chars.len().saturating_sub(1)).any(|i| {
        let mut c = chars.clone();
        c.swap(i, i + 1);
        known(&c)
    }) || (0..=chars.len()).any(|i| {
        letters.clone().any(|l| {
            let mut c = chars.clone();
            c.insert(i, l);
            known(&c)
        })
    }) || (0..chars.len()).any(|i| {
        letters.clone().any(|l| {
            let mut c = chars.clone();
            c[i] = l;
            l != chars[i] && known(&c)
        })
    })
}

/// Cosine similarity of two unit vectors (eight running sums, so that it vectorises).
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    let mut sums = [0.0f32; 8];
    for (x, y) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
        for k in 0..8 {
            sums[k] += x[k] * y[k];
        }
    }
    let tail: f32 = a
        .chunks_exact(8)
        .remainder()
        .iter()
        .zip(b.chunks_exact(8).remainder())
        .map(|(x, y)| x * y)
        .sum();
    sums.iter().sum::<f32>() + tail
}

/// How alike in meaning two words are, from -1 to 1; `None` when either has no vector.
pub fn similarity(a: &str, b: &str) -> Option<f32> {
    Some(cosine(&vector(a)?, &vector(b)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_table_loads_and_reads_words_whole_or_in_pieces() {
        load().expect("the table is well-formed");
        let t = table().expect("loaded");
        assert_eq!(t.dims, 128);
        assert!(t.index.len() > 29_000);
        assert!(t.index.contains_key("movie"));
        // "hairdresser" is not one token: it is read in pieces.
        assert!(!t.index.contains_key("hairdresser"));
        assert!(vector("hairdresser").is_some());
        assert!(vector("2026").is_none());
    }

    #[test]
    fn words_that_mean_the_same_are_closer_than_words_that_do_not() {
        let s = |a, b| similarity(a, b).expect("both words have vectors");
        for (a, b) in [
            ("film", "movie"),
            ("buy", "purchase"),
            ("doctor", "physician"),
        ] {
            assert!(s(a, b) > 0.7, "{a}/{b}: {}", s(a, b));
        }
        for (a, b) in [
            ("film", "weather"),
            ("barber", "bank"),
            ("movie", "restaurant"),
        ] {
            assert!(s(a, b) < 0.3, "{a}/{b}: {}", s(a, b));
        }
        assert!((s("movie", "movie") - 1.0).abs() < 1e-4);
    }

    #[test]
    fn a_word_one_edit_from_a_known_word_may_be_it_misspelt() {
        assert!(one_edit_from_whole("sweate"));
        assert!(one_edit_from_whole("wetaher"));
        assert!(!one_edit_from_whole("magnuscarlsen"));
    }

    #[test]
    fn a_malformed_table_is_refused_with_its_reason() {
        assert!(parse(b"NOPE").is_err());
        assert!(parse(b"SLWT\x01\x00\x00\x00\x80\x00\x00\x00\x02\x00\x00\x00a\0").is_err());
    }
}
