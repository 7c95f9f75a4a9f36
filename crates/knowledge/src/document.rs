//! Reading one file into a document: its title, its sections (by headings) and their paragraphs.
//!
//! Markdown (`#` headings), HTML (`h1`–`h6`, block elements as paragraph breaks, `script` and
//! `style` dropped, entities decoded) and plain text (paragraphs only). Every chunk has a stable
//! id derived from its document and its text: the same text in the same document keeps its id
//! across restarts and edits elsewhere in the file.

use sha2::{Digest, Sha256};

/// The kinds of file a collection reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `.md`, `.markdown`.
    Markdown,
    /// `.html`, `.htm`.
    Html,
    /// `.txt`, `.text`.
    Text,
}

impl Format {
    /// The format a file name says, if it is one a collection reads.
    pub fn of(path: &std::path::Path) -> Option<Self> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "md" | "markdown" => Some(Format::Markdown),
            "html" | "htm" => Some(Format::Html),
            "txt" | "text" => Some(Format::Text),
            _ => None,
        }
    }
}

/// The level of a chunk in its document's hierarchy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A whole document.
    Document,
    /// A section: a heading and what follows it up to the next heading of its level or above.
    Section,
    /// A paragraph of a section.
    Paragraph,
}

/// One chunk: a document, a section or a paragraph.
#[derive(Debug, Clone, PartialEq)]
pub struct Chunk {
    /// Stable id (`c_` and 16 hex digits of the hash of the document id, the level and the text).
    pub id: String,
    /// Its level.
    pub level: Level,
    /// The document it belongs to.
    pub document_id: String,
    /// The chunk it is part of (`None` for a document).
    pub parent: Option<String>,
    /// The headings above it, outermost first (a section's own heading last).
    pub heading_path: Vec<String>,
    /// Its text (a section's is its heading; a document's its title).
    pub text: String,
    /// Its chunks, in order.
    pub children: Vec<String>,
}

/// A parsed document: its chunks, the document chunk first.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// The title: the first top-level heading, else the file name.
    pub title: String,
    /// Every chunk, parents before their children.
    pub chunks: Vec<Chunk>,
}

fn hex(bytes: &[u8], n: usize) -> String {
    bytes.iter().take(n).map(|b| format!("{b:02x}")).collect()
}

/// The id of the document at `relative` in `collection`.
pub fn document_id(collection: &str, relative: &str) -> String {
    let digest = Sha256::digest(format!("{collection}\0{relative}").as_bytes());
    format!("d_{}", hex(&digest, 8))
}

/// The content hash of a file's bytes.
pub fn content_hash(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes), 16)
}

fn chunk_id(
    document_id: &str,
    level: Level,
    text: &str,
    seen: &mut std::collections::HashSet<String>,
) -> String {
    let digest = Sha256::digest(format!("{document_id}\0{level:?}\0{text}").as_bytes());
    let mut id = format!("c_{}", hex(&digest, 8));
    // The same paragraph twice in one document: the second is told apart by its position.
    let mut n = 1;
    while !seen.insert(id.clone()) {
        n += 1;
        let digest = Sha256::digest(format!("{document_id}\0{level:?}\0{text}\0{n}").as_bytes());
        id = format!("c_{}", hex(&digest, 8));
    }
    id
}

/// A block of a document before chunking: a heading of a level, or a paragraph.
#[derive(Debug, Clone, PartialEq)]
enum Block {
    Heading(usize, String),
    Paragraph(String),
}

/// Parses `text` of `format` as the document `document_id`, titled from its first top heading or
/// `fallback_title`.
pub fn parse(document_id: &str, format: Format, text: &str, fallback_title: &str) -> Parsed {
    let blocks = match format {
        Format::Markdown => markdown_blocks(text),
        Format::Html => html_blocks(text),
        Format::Text => paragraphs(text).into_iter().map(Block::Paragraph).collect(),
    };
    let title = blocks
        .iter()
        .find_map(|b| match b {
            Block::Heading(1, t) => Some(t.clone()),
            _ => None,
        })
        .unwrap_or_else(|| fallback_title.to_owned());
    let mut seen = std::collections::HashSet::new();
    let root = Chunk {
        id: chunk_id(document_id, Level::Document, &title, &mut seen),
        level: Level::Document,
        document_id: document_id.to_owned(),
        parent: None,
        heading_path: Vec::new(),
        text: title.clone(),
        children: Vec::new(),
    };
    let mut chunks = vec![root];
    // The open sections, outermost first: (level, index in `chunks`).
    let mut open: Vec<(usize, usize)> = Vec::new();
    for block in blocks {
        match block {
            Block::Heading(level, heading) => {
                while open.last().is_some_and(|(l, _)| *l >= level) {
                    open.pop();
                }
                let parent = open.last().map_or(0, |(_, i)| *i);
                let mut path = chunks[parent].heading_path.clone();
                path.push(heading.clone());
                let id = chunk_id(document_id, Level::Section, &path.join("\n"), &mut seen);
                chunks[parent].children.push(id.clone());
                let parent_id = chunks[parent].id.clone();
                chunks.push(Chunk {
                    id,
                    level: Level::Section,
                    document_id: document_id.to_owned(),
                    parent: Some(parent_id),
                    heading_path: path,
                    text: heading,
                    children: Vec::new(),
                });
                open.push((level, chunks.len() - 1));
            }
            Block::Paragraph(text) => {
                let parent = open.last().map_or(0, |(_, i)| *i);
                let id = chunk_id(document_id, Level::Paragraph, &text, &mut seen);
                chunks[parent].children.push(id.clone());
                let parent_id = chunks[parent].id.clone();
                let path = chunks[parent].heading_path.clone();
                chunks.push(Chunk {
                    id,
                    level: Level::Paragraph,
                    document_id: document_id.to_owned(),
                    parent: Some(parent_id),
                    heading_path: path,
                    text,
                    children: Vec::new(),
                });
            }
        }
    }
    Parsed { title, chunks }
}

/// Paragraphs of plain text: runs of non-blank lines, joined by spaces.
fn paragraphs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            if !current.is_empty() {
                out.push(current.join(" "));
                current.clear();
            }
        } else {
            current.push(line.trim());
        }
    }
    if !current.is_empty() {
        out.push(current.join(" "));
    }
    out
}

/// Markdown: ATX headings (`#`…`######`), paragraphs between blank lines; fenced code blocks
/// are paragraphs of their own, kept as written; list items stay in their paragraph.
fn markdown_blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    let mut fence: Option<Vec<&str>> = None;
    let flush = |current: &mut Vec<&str>, blocks: &mut Vec<Block>| {
        if !current.is_empty() {
            blocks.push(Block::Paragraph(current.join(" ")));
            current.clear();
        }
    };
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(code) = &mut fence {
            if trimmed.starts_with("```") {
                blocks.push(Block::Paragraph(code.join("\n")));
                fence = None;
            } else {
                code.push(line);
            }
            continue;
        }
        if trimmed.starts_with("```") {
            flush(&mut current, &mut blocks);
            fence = Some(Vec::new());
            continue;
        }
        let hashes = trimmed.chars().take_while(|c| *c == '#').count();
        if (1..=6).contains(&hashes) && trimmed[hashes..].starts_with(' ') {
            flush(&mut current, &mut blocks);
            let heading = trimmed[hashes..].trim().trim_end_matches('#').trim();
            if !heading.is_empty() {
                blocks.push(Block::Heading(hashes, heading.to_owned()));
            }
        } else if trimmed.is_empty() {
            flush(&mut current, &mut blocks);
        } else {
            current.push(trimmed);
        }
    }
    if let Some(code) = fence {
        blocks.push(Block::Paragraph(code.join("\n")));
    }
    flush(&mut current, &mut blocks);
    blocks
}

/// HTML: headings `h1`–`h6`; `p`, `li`, `div`, `pre`, `td`, `br`, … end a paragraph; the
/// contents of `script`, `style`, `head` and comments are dropped; entities decoded.
fn html_blocks(html: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut text = String::new();
    let mut heading: Option<usize> = None;
    let mut skip: Option<String> = None;
    let mut rest = html;
    let flush = |text: &mut String, heading: Option<usize>, blocks: &mut Vec<Block>| {
        let t = text.split_whitespace().collect::<Vec<_>>().join(" ");
        text.clear();
        if t.is_empty() {
            return;
        }
        blocks.push(match heading {
            Some(level) => Block::Heading(level, t),
            None => Block::Paragraph(t),
        });
    };
    while let Some(lt) = rest.find('<') {
        if skip.is_none() {
            text.push_str(&decode_entities(&rest[..lt]));
        }
        rest = &rest[lt..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
            continue;
        }
        let Some(gt) = rest.find('>') else {
            rest = "";
            break;
        };
        let tag = &rest[1..gt];
        rest = &rest[gt + 1..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if let Some(skipped) = &skip {
            if closing && &name == skipped {
                skip = None;
            }
            continue;
        }
        match name.as_str() {
            "script" | "style" | "head" | "template" if !closing => skip = Some(name),
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                flush(&mut text, heading, &mut blocks);
                heading = (!closing).then(|| usize::from(name.as_bytes()[1] - b'0'));
            }
            "p" | "li" | "div" | "pre" | "td" | "th" | "tr" | "br" | "dt" | "dd" | "blockquote"
            | "section" | "article" | "ul" | "ol" | "table" | "title" | "body" | "dl" | "hr" => {
                flush(&mut text, heading, &mut blocks);
            }
            _ => {}
        }
    }
    if skip.is_none() {
        text.push_str(&decode_entities(rest));
    }
    flush(&mut text, heading, &mut blocks);
    blocks
}

/// The common named entities and numeric references.
fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let Some(semi) = rest[..rest.len().min(12)].find(';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..semi];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some(' '),
            "mdash" => Some('—'),
            "ndash" => Some('–'),
            "hellip" => Some('…'),
            "euro" => Some('€'),
            "pound" => Some('£'),
            "yen" => Some('¥'),
            "copy" => Some('©'),
            "reg" => Some('®'),
            "deg" => Some('°'),
            "times" => Some('×'),
            "rsquo" => Some('\u{2019}'),
            "lsquo" => Some('\u{2018}'),
            "rdquo" => Some('\u{201d}'),
            "ldquo" => Some('\u{201c}'),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_becomes_a_document_of_sections_of_paragraphs() {
        let md = "# Rate limits\n\nIntro line one\nline two.\n\n## Free plan\n\nThe limit is 60 requests.\n\n```\ncode block\n```\n\n## Paid plan\n\nThe limit is 100 requests.\n";
        let p = parse("d_1", Format::Markdown, md, "fallback");
        assert_eq!(p.title, "Rate limits");
        let levels: Vec<Level> = p.chunks.iter().map(|c| c.level).collect();
        use Level::*;
        assert_eq!(
            levels,
            [
                Document, Section, Paragraph, Section, Paragraph, Paragraph, Section, Paragraph
            ]
        );
        let free = &p.chunks[4];
        assert_eq!(free.text, "The limit is 60 requests.");
        assert_eq!(free.heading_path, ["Rate limits", "Free plan"]);
        assert_eq!(free.parent.as_ref(), Some(&p.chunks[3].id));
        assert_eq!(p.chunks[2].text, "Intro line one line two.");
        assert_eq!(p.chunks[5].text, "code block");
        assert_eq!(p.chunks[0].children, [p.chunks[1].id.clone()]);
        // Stable: the same text keeps its id; other text does not share it.
        let again = parse(
            "d_1",
            Format::Markdown,
            &md.replace("Paid", "Team"),
            "fallback",
        );
        assert_eq!(again.chunks[4].id, free.id);
        assert_ne!(again.chunks[6].id, p.chunks[6].id);
        let ids: std::collections::HashSet<&String> = p.chunks.iter().map(|c| &c.id).collect();
        assert_eq!(ids.len(), p.chunks.len());
    }

    #[test]
    fn html_headings_blocks_and_entities() {
        let html = "<html><head><title>x</title><style>p{}</style></head><body><h1>Guide</h1><p>Fish &amp; chips&nbsp;cost &#163;5.</p><!-- note --><script>var a = '<p>';</script><h2>More</h2><ul><li>one</li><li>two</li></ul></body></html>";
        let p = parse("d_2", Format::Html, html, "fallback");
        assert_eq!(p.title, "Guide");
        let texts: Vec<&str> = p.chunks.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Guide",
                "Guide",
                "Fish & chips cost £5.",
                "More",
                "one",
                "two"
            ]
        );
        assert_eq!(p.chunks[4].heading_path, ["Guide", "More"]);
    }

    #[test]
    fn plain_text_is_paragraphs_under_the_file_name() {
        let p = parse("d_3", Format::Text, "one\ntwo\n\n\nthree\n", "notes");
        assert_eq!(p.title, "notes");
        assert_eq!(p.chunks.len(), 3);
        assert_eq!(p.chunks[1].text, "one two");
        assert!(p.chunks[1].heading_path.is_empty());
    }
}
