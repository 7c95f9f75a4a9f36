//! Dates and times the query gives, as written and, when they are complete, in the forms schemas
//! ask for (`YYYY-MM-DD`, `HH:MM`). Everything here reads the query's tokens and the date the
//! request is made on, when known; nothing guesses today's date. A date written without its year
//! takes the one the query's other dates all give, else (kept apart, for parameters that demand
//! a full date) its next coming on or after today; "Saturday" or "tomorrow" is a date only when
//! the query states today's or the caller gives the date the request is made on.

/// A date or a time of day in the query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moment {
    /// First and last token positions.
    pub span: (usize, usize),
    /// The tokens as written, joined by spaces.
    pub text: String,
    /// `YYYY-MM-DD` for a date with day, month and year; `HH:MM` (24-hour) for a time.
    pub normal: Option<String>,
    /// Whether it names a period rather than a day ("next week", "this month").
    pub period: bool,
    /// For a day and a month written without a year ("March 9th"), `YYYY-MM-DD` on their next
    /// coming on or after today (or in the year after today's, where the query says "next
    /// year"): the date a parameter that demands a full date gets, when today is known.
    pub coming: Option<String>,
}

/// Month number of a month name or its usual abbreviation ("Sept", "feb").
fn month(token: &str) -> Option<u32> {
    let t = token.to_lowercase();
    let t = t.trim_end_matches('.');
    text::lexicon::MONTHS
        .iter()
        .position(|m| {
            *m == t || (t.len() >= 3 && m.starts_with(t) && (t.len() == 3 || t == "sept"))
        })
        .map(|i| i as u32 + 1)
}

/// `text` with a month name parted from the number a comma or a full stop glues to it
/// ("15th October,2023", "March.11, 2022" read as "October 2023" and "March 11"), so that the
/// date is read as if it were spaced, and with a sentence parted from the next one a full stop
/// glues to it ("shown in Napa.I would like" reads "Napa. I would like").
pub fn unglued(text: &str) -> String {
    let words: Vec<String> = text
        .split(' ')
        .map(|w| {
            let glue = w.find([',', '.']).filter(|&at| {
                month(&w[..at]).is_some()
                    && w[..at].chars().all(char::is_alphabetic)
                    && w[at + 1..].starts_with(|c: char| c.is_ascii_digit())
            });
            if let Some(at) = glue {
                return format!("{} {}", &w[..at], &w[at + 1..]);
            }
            match sentence_glue(w) {
                Some(at) => format!("{} {}", &w[..=at], &w[at + 1..]),
                None => w.to_owned(),
            }
        })
        .collect();
    words.join(" ")
}

/// Where a full stop glues two sentences in one word: after a word of two letters or more that
/// ends in lower case, before a capital that opens a word ("Napa.I", "there.Could"), never in
/// a name written with one ("Node.JS", "ASP.NET", "example.com").
fn sentence_glue(word: &str) -> Option<usize> {
    let at = word.find('.')?;
    let (before, after) = (&word[..at], &word[at + 1..]);
    let mut next = after.chars();
    let opens = next.next().is_some_and(|c| c.is_ascii_uppercase())
        && next
            .next()
            .is_none_or(|c| c.is_ascii_lowercase() || !c.is_alphanumeric());
    (before.chars().count() >= 2
        && before.chars().all(char::is_alphabetic)
        && before.ends_with(|c: char| c.is_lowercase())
        && opens
        && !after.contains('.'))
    .then_some(at)
}

/// A day of the month: `15`, `15th`, `1st`.
fn day(token: &str) -> Option<u32> {
    let t = token.to_lowercase();
    let digits = ["st", "nd", "rd", "th"]
        .iter()
        .find_map(|s| t.strip_suffix(s))
        .unwrap_or(&t);
    digits
        .parse::<u32>()
        .ok()
        .filter(|d| (1..=31).contains(d) && digits.len() <= 2)
}

/// A four-digit year between 1900 and 2199.
fn year(token: &str) -> Option<u32> {
    (token.len() == 4)
        .then(|| token.parse::<u32>().ok())
        .flatten()
        .filter(|y| (1900..2200).contains(y))
}

/// Numeric dates: `2023-03-13`, `2023.4.15`, `2023/04/15`, and US-style `3/13/2023`.
fn numeric_date(token: &str) -> Option<(u32, u32, u32)> {
    let parts: Vec<&str> = token.split(['-', '.', '/']).collect();
    if parts.len() != 3
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let n: Vec<u32> = parts.iter().filter_map(|p| p.parse().ok()).collect();
    let (y, m, d) = if parts[0].len() == 4 {
        (n[0], n[1], n[2])
    } else if parts[2].len() == 4 && token.contains('/') {
        (n[2], n[0], n[1])
    } else {
        return None;
    };
    ((1900..2200).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d))
        .then_some((y, m, d))
}

/// Month and weekday names written in full (capitalised, but dates, not names) and dates written
/// in digits ("2022/08/16", which a number-continued name must not take in).
pub(crate) fn is_date_word(token: &str) -> bool {
    let t = token.to_lowercase();
    text::lexicon::MONTHS.contains(&t.as_str())
        || text::lexicon::WEEKDAYS.contains(&t.as_str())
        || numeric_date(token).is_some()
}

fn moment(tokens: &[String], first: usize, last: usize, normal: Option<String>) -> Moment {
    Moment {
        span: (first, last),
        text: tokens[first..=last].join(" "),
        normal,
        period: false,
        coming: None,
    }
}

/// The day a date names in full (its [`Moment::normal`]), as a date.
pub fn full_date(m: &Moment) -> Option<chrono::NaiveDate> {
    as_date(m.normal.as_deref()?)
}

/// A `YYYY-MM-DD` string as a date.
pub fn as_date(normal: &str) -> Option<chrono::NaiveDate> {
    chrono::NaiveDate::parse_from_str(normal, "%Y-%m-%d").ok()
}

/// The year, month and day a date gives, each when it gives it ("February 2022" gives a year
/// and a month, "March 3rd" a month and a day).
pub fn parts(m: &Moment) -> (Option<u32>, Option<u32>, Option<u32>) {
    use chrono::Datelike;
    if let Some(date) = full_date(m) {
        return (
            u32::try_from(date.year()).ok(),
            Some(date.month()),
            Some(date.day()),
        );
    }
    let words: Vec<&str> = m.text.split_whitespace().collect();
    let mo = words.iter().find_map(|w| month(w.trim_end_matches(',')));
    let y = words.iter().find_map(|w| year(w.trim_end_matches(',')));
    // A day is only read beside a month ("the 5th of March", "March 5"), never from a year.
    let d = mo.and(
        words
            .iter()
            .filter(|w| year(w.trim_end_matches(',')).is_none())
            .find_map(|w| day(w.trim_end_matches(','))),
    );
    (y, mo, d)
}

/// Dates in the query, in order, with no date known for today (see [`dates_on`]).
pub fn dates(toks: &[String]) -> Vec<Moment> {
    dates_on(toks, None)
}

/// Dates in the query, in order. A day named relative to today ("tomorrow", "next Friday") is a
/// date when the query states today's, or else when `today` is known.
pub fn dates_on(toks: &[String], today: Option<chrono::NaiveDate>) -> Vec<Moment> {
    let lower: Vec<String> = toks.iter().map(|t| t.to_lowercase()).collect();
    let mut out: Vec<Moment> = Vec::new();
    // Dates written with a day and a month but no year: where in `out`, the month, the day.
    let mut yearless: Vec<(usize, u32, u32)> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if let Some((y, m, d)) = numeric_date(&toks[i]) {
            out.push(moment(toks, i, i, Some(format!("{y:04}-{m:02}-{d:02}"))));
            i += 1;
            continue;
        }
        if let Some(m) = month(&toks[i]) {
            // "15th of August", "the 4th March", "August 15th, 2023", "March 10 of 2024".
            let mut first = i;
            let mut d = None;
            if i >= 1
                && let Some(x) = day(&toks[i - 1])
            {
                d = Some(x);
                first = i - 1;
            } else if i >= 2
                && lower[i - 1] == "of"
                && let Some(x) = day(&toks[i - 2])
            {
                d = Some(x);
                first = i - 2;
            }
            let mut last = i;
            if d.is_none()
                && let Some(x) = toks.get(i + 1).and_then(|t| day(t))
            {
                d = Some(x);
                last = i + 1;
            }
            let mut y = None;
            let at = if lower.get(last + 1).is_some_and(|w| w == "of") {
                last + 2
            } else {
                last + 1
            };
            if let Some(x) = toks.get(at).and_then(|t| year(t)) {
                y = Some(x);
                last = at;
            } else if d.is_some()
                && let Some(x) = first.checked_sub(1).and_then(|k| year(&toks[k]))
            {
                // "from 2023 April 4th", "on the 2023 1st of March": the year written first.
                y = Some(x);
                first -= 1;
            }
            // A month word alone ("I may", "march on") is not a date.
            if d.is_some() || y.is_some() {
                let normal = match (y, d) {
                    (Some(y), Some(d)) => Some(format!("{y:04}-{m:02}-{d:02}")),
                    (None, Some(d)) => {
                        yearless.push((out.len(), m, d));
                        None
                    }
                    _ => None,
                };
                out.push(moment(toks, first, last, normal));
                i = last + 1;
                continue;
            }
        }
        // "next week", "this month", "last year": a period named relative to now is a time the
        // request gives, not what it is about.
        if i >= 1
            && text::lexicon::PERIODS.contains(&lower[i].as_str())
            && text::lexicon::PERIOD_OPENERS.contains(&lower[i - 1].as_str())
        {
            out.push(Moment {
                period: true,
                ..moment(toks, i - 1, i, None)
            });
            i += 1;
            continue;
        }
        // "last night", "this morning": a part of a day named relative to today.
        if i >= 1
            && text::lexicon::PARTS_OF_DAY.contains(&lower[i].as_str())
            && ["last", "this"].contains(&lower[i - 1].as_str())
        {
            out.push(moment(toks, i - 1, i, None));
            i += 1;
            continue;
        }
        // A relative day written with a capital after a word that leads a name ("the lyrics of
        // Yesterday", "a film called Tomorrow") is that name, not a day; weekdays are written
        // with one either way.
        let named = i >= 1
            && toks[i].starts_with(char::is_uppercase)
            && (["of", "the"].contains(&lower[i - 1].as_str())
                || text::lexicon::NAMING_WORDS.contains(&lower[i - 1].as_str()))
            && text::lexicon::RELATIVE_DAYS.contains(&lower[i].as_str());
        if !named
            && (text::lexicon::RELATIVE_DAYS.contains(&lower[i].as_str())
                || text::lexicon::WEEKDAYS.contains(&lower[i].as_str()))
        {
            let first = if i >= 1
                && ["next", "this", "coming", "upcoming", "following"]
                    .contains(&lower[i - 1].as_str())
            {
                i - 1
            } else {
                i
            };
            out.push(moment(toks, first, i, None));
        }
        i += 1;
    }
    // "from April 18th 2023 until April 24th": a date without a year is in the year the query
    // gives its other dates, when they all give the same one and it names no other year ("on
    // March 3rd next year").
    let another_year = lower
        .windows(2)
        .any(|w| w[1] == "year" && text::lexicon::OTHER_YEAR.contains(&w[0].as_str()));
    let mut years = out
        .iter()
        .filter_map(|m| m.normal.as_deref()?.get(..4).map(str::to_owned));
    if let Some(y) = years.next()
        && years.all(|other| other == y)
        && !another_year
    {
        for &(at, m, d) in &yearless {
            out[at].normal = Some(format!("{y}-{m:02}-{d:02}"));
        }
    }
    // "... on the upcoming Saturday? Today is Tuesday April 25th 2023": with today's date stated,
    // a day named relative to it is that date, and the statement's own dates come after the
    // others: they say when the request is made, not what it asks for. Without one, the date
    // the request is made on, when known, serves.
    let stated = stated_today(&lower, &out);
    // "next Monday 2023.10.2", "tonight 2023.10.02": a day named relative to today with a
    // complete date written right after it is that date; the relative words only describe it.
    // (A date that states today says when the request is made, and names no day asked about.)
    let stating_span = stated.map(|(_, first, last)| (first, last));
    for k in 0..out.len() {
        if out[k].normal.is_some() || out[k].period {
            continue;
        }
        let end = out[k].span.1;
        // A word that joins two ends or two choices ("next Tuesday and March 10") parts them.
        let parted = |from: usize, to: usize| {
            lower[from..to]
                .iter()
                .any(|w| w == "or" || text::lexicon::RANGE_JOINERS.contains(&w.as_str()))
        };
        let beside = out.iter().find(|m| {
            m.normal.is_some()
                && m.span.0 > end
                && m.span.0 <= end + 2
                && !parted(end + 1, m.span.0)
                && stating_span.is_none_or(|(first, last)| m.span.1 < first || m.span.0 > last)
        });
        if let Some(normal) = beside.and_then(|m| m.normal.clone()) {
            out[k].normal = Some(normal);
        }
    }
    let known = stated.or_else(|| today.map(|d| (d, usize::MAX, 0)));
    // "on March 3rd next year" is in the year after today's; "last year" names a past one, and
    // gets no date.
    let next_year = lower
        .windows(2)
        .any(|w| w[1] == "year" && ["next", "following"].contains(&w[0].as_str()));
    if let Some((today, _, _)) = known {
        use chrono::Datelike;
        for &(at, m, d) in &yearless {
            let on = |y: i32| chrono::NaiveDate::from_ymd_opt(y, m, d);
            let coming = if next_year {
                on(today.year() + 1)
            } else if another_year {
                None
            } else {
                on(today.year())
                    .filter(|date| *date >= today)
                    .or_else(|| on(today.year() + 1))
            };
            if out[at].normal.is_none() {
                out[at].coming = coming.map(|date| date.format("%Y-%m-%d").to_string());
            }
        }
    }
    if let Some((today, first, last)) = known {
        let stating = |m: &Moment| m.span.0 >= first && m.span.1 <= last;
        for m in out.iter_mut().filter(|m| m.normal.is_none()) {
            let day = if stating(m) {
                "today"
            } else {
                &lower[m.span.1]
            };
            m.normal = relative_to(today, day).map(|d| d.format("%Y-%m-%d").to_string());
        }
        out.sort_by_key(stating);
    }
    out
}

/// Today's date where the query states it ("Today is Tuesday April 25th 2023", "today's date is
/// 2023-10-10"): a complete date within four words after "today", with the first and last token
/// of the statement.
/// Where the query states today's date ("today is Monday April 25th 2023"), among `toks` whose
/// dates are `dates` ([`dates_on`]): the first and last token of the statement.
pub fn today_stated(toks: &[String], dates: &[Moment]) -> Option<(usize, usize)> {
    let lower: Vec<String> = toks.iter().map(|t| t.to_lowercase()).collect();
    stated_today(&lower, dates).map(|(_, first, last)| (first, last))
}

fn stated_today(lower: &[String], found: &[Moment]) -> Option<(chrono::NaiveDate, usize, usize)> {
    lower.iter().enumerate().find_map(|(k, w)| {
        if w != "today" {
            return None;
        }
        let m = found
            .iter()
            .find(|m| m.span.0 > k && m.span.0 <= k + 4 && m.normal.is_some())?;
        Some((full_date(m)?, k, m.span.1))
    })
}

/// The date `day` (a relative day or a weekday, lower case) names when today is `today`: a
/// weekday is its next one after today.
fn relative_to(today: chrono::NaiveDate, day: &str) -> Option<chrono::NaiveDate> {
    use chrono::Datelike;
    match day {
        "today" | "tonight" => Some(today),
        "tomorrow" => today.succ_opt(),
        "yesterday" => today.pred_opt(),
        _ => {
            let want = day.parse::<chrono::Weekday>().ok()?;
            let ahead =
                (7 + want.num_days_from_monday() - today.weekday().num_days_from_monday()) % 7;
            today.checked_add_days(chrono::Days::new(u64::from(if ahead == 0 {
                7
            } else {
                ahead
            })))
        }
    }
}

/// Times of day in the query, in order: `09:00`, `2 PM`, `5pm`, `5 in the afternoon`, `noon`.
pub fn times(toks: &[String]) -> Vec<Moment> {
    let lower: Vec<String> = toks
        .iter()
        .map(|t| t.to_lowercase().replace('.', ""))
        .collect();
    let word = |i: usize| lower.get(i).map_or("", String::as_str);
    let mut out = Vec::new();
    let mut i = 0;
    while i < lower.len() {
        let t = word(i);
        if t == "noon" || t == "midnight" {
            let h = if t == "noon" { 12 } else { 0 };
            out.push(moment(toks, i, i, Some(format!("{h:02}:00"))));
            i += 1;
            continue;
        }
        // "5pm" / "5 pm" / "5 in the afternoon": the half of the day and the last token.
        let (body, half, last) = if let Some(b) = t.strip_suffix("am").filter(|b| !b.is_empty()) {
            (b, Some("am"), i)
        } else if let Some(b) = t.strip_suffix("pm").filter(|b| !b.is_empty()) {
            (b, Some("pm"), i)
        } else if matches!(word(i + 1), "am" | "pm") {
            (t, Some(word(i + 1)), i + 1)
        } else if word(i + 1) == "in"
            && word(i + 2) == "the"
            && matches!(word(i + 3), "morning" | "afternoon" | "evening")
        {
            (
                t,
                Some(if word(i + 3) == "morning" { "am" } else { "pm" }),
                i + 3,
            )
        } else {
            (t, None, i)
        };
        // Seconds may follow when they are zero ("07:30:00"): a clock to the minute.
        let body = body
            .strip_suffix(":00")
            .filter(|b| b.contains(':'))
            .unwrap_or(body);
        let clock: Option<(u32, u32)> = match body.split_once(':') {
            Some((h, m)) if m.len() == 2 => h
                .parse()
                .ok()
                .zip(m.parse().ok())
                .filter(|(h, m)| *h < 24 && *m < 60),
            Some(_) => None,
            None if half.is_some() => body
                .parse()
                .ok()
                .filter(|h| (1..=12).contains(h))
                .map(|h| (h, 0)),
            None => None,
        };
        let Some((mut h, m)) = clock else {
            i += 1;
            continue;
        };
        match half {
            Some("pm") if h < 12 => h += 12,
            Some("am") if h == 12 => h = 0,
            _ => {}
        }
        out.push(moment(toks, i, last, Some(format!("{h:02}:{m:02}"))));
        i = last + 1;
    }
    out
}

/// The hour and minute of a time of day as the clock shows them: the hour as written ("6:30
/// PM" and "6 in the evening" → 6, "18:30" → 18), else the normalised one ("noon" → 12).
pub fn clock(m: &Moment) -> Option<(u32, u32)> {
    let (hour, minute) = m.normal.as_deref()?.split_once(':')?;
    let minute = minute.parse().ok()?;
    let digits: String = m.text.chars().take_while(char::is_ascii_digit).collect();
    let hour = match digits.parse() {
        Ok(written) => written,
        Err(_) => hour.parse().ok()?,
    };
    Some((hour, minute))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_glued_to_the_next_by_its_full_stop_is_parted() {
        assert_eq!(
            unglued("Movies shown in Napa.I would like to watch"),
            "Movies shown in Napa. I would like to watch"
        );
        assert_eq!(unglued("I am there.Could you"), "I am there. Could you");
        // Names written with a full stop keep it.
        assert_eq!(
            unglued("Node.JS, ASP.NET, example.com, St.Helena, U.S.A and v1.2"),
            "Node.JS, ASP.NET, example.com, St. Helena, U.S.A and v1.2"
        );
        let q = crate::Query::parse("Search for me movies shown in Napa.I would like a show");
        assert!(
            q.entities().contains(&"Napa".to_owned()),
            "{:?}",
            q.entities()
        );
    }

    #[test]
    fn a_month_glued_to_its_number_is_read_as_if_spaced() {
        assert_eq!(
            unglued("from 15th October,2023 on"),
            "from 15th October 2023 on"
        );
        assert_eq!(
            unglued("at closing March.11, 2022."),
            "at closing March 11, 2022."
        );
        // Only a month: other words keep their punctuation.
        assert_eq!(
            unglued("items A,1 and v1.2, Node.js"),
            "items A,1 and v1.2, Node.js"
        );
        let toks = crate::Query::parse("Book it for 15th October,2023").tokens;
        let dates = dates(&toks);
        assert_eq!(dates[0].normal.as_deref(), Some("2023-10-15"), "{dates:?}");
    }

    fn tokens(text: &str) -> Vec<String> {
        text::tokens(text)
    }

    fn normals(found: Vec<Moment>) -> Vec<(String, Option<String>)> {
        found.into_iter().map(|m| (m.text, m.normal)).collect()
    }

    fn pair(text: &str, normal: Option<&str>) -> (String, Option<String>) {
        (text.to_owned(), normal.map(str::to_owned))
    }

    #[test]
    fn a_clock_may_write_zero_seconds() {
        assert_eq!(
            normals(times(&tokens("an alarm for 2023-04-02 07:30:00 please"))),
            [pair("07:30:00", Some("07:30"))]
        );
        assert_eq!(
            normals(times(&tokens("at 12:00 or 12:00:15"))),
            [pair("12:00", Some("12:00"))]
        );
    }

    #[test]
    fn a_part_of_a_day_named_relative_to_today_is_a_moment() {
        assert_eq!(
            normals(dates(&tokens(
                "our dinner last night and this morning's run"
            ))),
            [pair("last night", None), pair("this morning", None)]
        );
        // Without "last" or "this" the word is only a word.
        assert!(dates(&tokens("a night at the opera")).is_empty());
    }

    #[test]
    fn dates_in_their_many_spellings() {
        let q = tokens("Book from August 15th to August 17th, 2023 please");
        assert_eq!(
            normals(dates(&q)),
            [
                pair("August 15th", Some("2023-08-15")),
                pair("August 17th 2023", Some("2023-08-17"))
            ]
        );
        // A date without a year takes the year of the others only when they agree on one.
        let q = tokens("from December 30th 2023 or January 2nd 2024 to January 5th");
        assert_eq!(normals(dates(&q))[2], pair("January 5th", None));
        assert_eq!(
            normals(dates(&tokens("on June 3rd")))[0],
            pair("June 3rd", None)
        );
        let q = tokens("on April 13th of next year? today is 2023-10-01");
        assert_eq!(normals(dates(&q))[0], pair("April 13th", None));
        let q = tokens("a picnic on the 4th march 2023, or 2023.4.15, or 2023-03-13, or 3/14/2024");
        assert_eq!(
            normals(dates(&q)),
            [
                pair("4th march 2023", Some("2023-03-04")),
                pair("2023.4.15", Some("2023-04-15")),
                pair("2023-03-13", Some("2023-03-13")),
                pair("3/14/2024", Some("2024-03-14")),
            ]
        );
        let q = tokens("Today is March 10 of 2024; the 20th of June 2022; next Tuesday");
        assert_eq!(
            normals(dates(&q)),
            [
                pair("20th of June 2022", Some("2022-06-20")),
                pair("next Tuesday", Some("2024-03-12")),
                pair("Today", Some("2024-03-10")),
                pair("March 10 of 2024", Some("2024-03-10")),
            ]
        );
        assert_eq!(
            normals(dates(&tokens(
                "Next Tuesday and March 10 of 2024; the 20th of June"
            ))),
            [
                pair("Next Tuesday", None),
                pair("March 10 of 2024", Some("2024-03-10")),
                pair("20th of June", Some("2024-06-20")),
            ]
        );
        assert!(dates(&tokens("I may march on, 3 of them")).is_empty());
        // The year may come first.
        assert_eq!(
            normals(dates(&tokens(
                "from 2023 April 4th to the 2023 1st of March"
            ))),
            [
                pair("2023 April 4th", Some("2023-04-04")),
                pair("2023 1st of March", Some("2023-03-01")),
            ]
        );
    }

    #[test]
    fn a_day_named_relative_to_a_stated_today_is_a_date() {
        let q = tokens(
            "Forecast for Berkeley on the upcoming Saturday? Today is Tuesday April 25th 2023",
        );
        // "upcoming" is a part of the day's name, as "next" and "this" are.
        assert_eq!(
            normals(dates(&q))[0],
            pair("upcoming Saturday", Some("2023-04-29"))
        );
        let q = tokens("today's date is 2023-10-10; events tomorrow and on Tuesday, not yesterday");
        assert_eq!(
            normals(dates(&q))[..3],
            [
                pair("tomorrow", Some("2023-10-11")),
                pair("Tuesday", Some("2023-10-17")),
                pair("yesterday", Some("2023-10-09")),
            ]
        );
        // The statement alone is the date asked for; without it nothing is guessed.
        let q = tokens("What's on? Today is 2023-10-10");
        assert_eq!(normals(dates(&q))[0], pair("Today", Some("2023-10-10")));
        assert_eq!(
            normals(dates(&tokens("events on Saturday"))),
            [pair("Saturday", None)]
        );
    }

    #[test]
    fn a_date_without_its_year_comes_next_on_or_after_today() {
        // Friday 27 November 2026.
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 27);
        let coming = |q: &str| -> Vec<Option<String>> {
            dates_on(&tokens(q), today)
                .into_iter()
                .map(|m| m.coming)
                .collect()
        };
        assert_eq!(
            coming("events on March 9th or on the 30th of November"),
            [Some("2027-03-09".into()), Some("2026-11-30".into())]
        );
        // "next year" is the year after the today the query states; "last year" names a past
        // year, and no date is guessed for it.
        assert_eq!(
            coming("weather on March 3rd next year? today is 2023.10.1")[0],
            Some("2024-03-03".into())
        );
        assert_eq!(coming("what happened on March 3rd last year")[0], None);
        // A date with its year, or a year the query's other dates give, has nothing to guess.
        assert_eq!(
            coming("from April 18th 2023 until April 24th"),
            [None, None]
        );
        // Without today, nothing.
        assert_eq!(
            dates(&tokens("events on March 9th"))[0].coming,
            None::<String>
        );
    }

    #[test]
    fn a_day_named_relative_to_the_day_the_request_is_made_is_a_date() {
        // Friday 27 November 2026.
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 27);
        let q = tokens("train tickets for tomorrow, or next Wednesday, or Friday");
        assert_eq!(
            normals(dates_on(&q, today)),
            [
                pair("tomorrow", Some("2026-11-28")),
                pair("next Wednesday", Some("2026-12-02")),
                pair("Friday", Some("2026-12-04")),
            ]
        );
        // A today the query states comes first.
        let q = tokens("events tomorrow? Today is 2023-10-10");
        assert_eq!(
            normals(dates_on(&q, today))[0],
            pair("tomorrow", Some("2023-10-11"))
        );
    }

    #[test]
    fn a_relative_day_with_a_complete_date_written_right_after_it_is_that_date() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 27);
        let q = tokens("a play next Monday 2023.10.2 in Chicago, or tonight 2023-10-05");
        assert_eq!(
            normals(dates_on(&q, today)),
            [
                pair("next Monday", Some("2023-10-02")),
                pair("2023.10.2", Some("2023-10-02")),
                pair("tonight", Some("2023-10-05")),
                pair("2023-10-05", Some("2023-10-05")),
            ]
        );
        // A date further on, or one a joining word parts from it, is another date; one that
        // states today only anchors the day.
        let q = tokens("a bus tomorrow or 2023-10-05");
        assert_eq!(
            normals(dates_on(&q, today))[0],
            pair("tomorrow", Some("2026-11-28"))
        );
        let q = tokens("a bus tomorrow, and a train back on the day after, 2023-10-05");
        assert_eq!(
            normals(dates_on(&q, today))[0],
            pair("tomorrow", Some("2026-11-28"))
        );
        let q = tokens("events tomorrow? Today is 2023-10-10");
        assert_eq!(
            normals(dates_on(&q, today))[0],
            pair("tomorrow", Some("2023-10-11"))
        );
    }

    #[test]
    fn a_period_named_relative_to_now_is_a_time_not_a_day() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 27);
        let q = tokens("the forecast for Friday next week, or this month, or last year");
        let found = dates_on(&q, today);
        assert_eq!(
            normals(found.clone()),
            [
                pair("Friday", Some("2026-12-04")),
                pair("next week", None),
                pair("this month", None),
                pair("last year", None),
            ]
        );
        assert_eq!(
            found.iter().map(|m| m.period).collect::<Vec<_>>(),
            [false, true, true, true]
        );
        // A period word with nothing placing it is just a word.
        assert!(dates_on(&tokens("the week of the fair"), today).is_empty());
    }

    #[test]
    fn times_of_day() {
        let q = tokens("leave around 09:00, or 2 PM, or 9pm, or at 5 in the afternoon, or noon");
        assert_eq!(
            normals(times(&q)),
            [
                pair("09:00", Some("09:00")),
                pair("2 PM", Some("14:00")),
                pair("9pm", Some("21:00")),
                pair("5 in the afternoon", Some("17:00")),
                pair("noon", Some("12:00")),
            ]
        );
        assert!(times(&tokens("3 bedrooms and 2 bathrooms")).is_empty());
    }
}
