//! Query-safety classification of a method from its declared metadata, with an inferred
//! fallback from its name and description.
//!
//! The rules, in order:
//! 1. Declared negatives win: `_meta.surface = "execute"`, `_meta.queryEligible = false`,
//!    `readOnlyHint = false` or `destructiveHint = true` make a method unsafe.
//! 2. A destructive verb (delete, erase, reset, transfer, ...) in the name or leading its
//!    description makes a method unsafe even when its metadata claims otherwise: metadata is
//!    additive, never the correctness boundary. Every word of the name counts, in every naming
//!    style (`records_delete_all`, `recordsDeleteAll`, `records-delete-all`, `RECORDS.DELETE`);
//!    past the first word only the bare verb does ("list_deleted_files" reads).
//! 3. Declared positives (`surface = "query"`, `queryEligible = true`, `readOnlyHint = true`) make
//!    it safe.
//! 4. With nothing declared, a name (its own part, after any dotted service or module path) or a
//!    description led by a mutating verb makes it unsafe, unless the name ends in a verb of
//!    reading and the description does not lead with a change ("order_status_check"), or the
//!    description says that what it sends reads; anything else is inferred safe, and the record
//!    says it was inferred.
//!
//! An operator's per-server lists ([`Overrides`]) come before all of these.

use contract::{MethodMeta, QuerySafety, SafetyBasis, Surface};
use serde_json::Value;

/// Reads `_meta` and MCP annotations from a tool definition as it appears on the wire.
pub fn method_meta(tool: &Value) -> MethodMeta {
    let meta = &tool["_meta"];
    let notes = &tool["annotations"];
    MethodMeta {
        surface: match meta["surface"].as_str() {
            Some("execute") => Some(Surface::Execute),
            Some("query") => Some(Surface::Query),
            _ => None,
        },
        query_eligible: meta["queryEligible"].as_bool(),
        latency_class: meta["latencyClass"].as_str().map(str::to_owned),
        read_only_hint: notes["readOnlyHint"].as_bool(),
        destructive_hint: notes["destructiveHint"].as_bool(),
    }
}

/// An operator's word on one server's methods, which outranks what the server declares and
/// what the names suggest.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overrides {
    /// Methods query mode may call.
    pub query_methods: Vec<String>,
    /// Methods query mode must never call.
    pub deny_methods: Vec<String>,
}

/// Classifies one method, with the operator's overrides first.
pub fn classify_with(
    name: &str,
    description: &str,
    meta: &MethodMeta,
    overrides: &Overrides,
    input_schema: &Value,
) -> QuerySafety {
    let configured = |safe: bool, reason: &str| QuerySafety {
        query_safe: safe,
        basis: SafetyBasis::Configured,
        reason: reason.into(),
    };
    if overrides.deny_methods.iter().any(|m| m == name) {
        return configured(false, "the operator denies it (deny_methods)");
    }
    if overrides.query_methods.iter().any(|m| m == name) {
        return configured(true, "the operator allows it in query mode (query_methods)");
    }
    classify_schema(name, description, meta, input_schema)
}

/// What each property an input schema requires is, as far as arithmetic goes: a number, a
/// moment (a string whose format or name says date or time), or anything else.
fn value_kinds(schema: &Value) -> Vec<text::ValueKind> {
    let required = schema["required"].as_array().into_iter().flatten();
    required
        .filter_map(Value::as_str)
        .map(|name| {
            let p = &schema["properties"][name];
            let moment = p["format"]
                .as_str()
                .is_some_and(|f| matches!(f, "date" | "date-time" | "time"))
                || text::words(name)
                    .iter()
                    .any(|w| text::lexicon::MOMENT_WORDS.contains(&w.to_lowercase().as_str()));
            match p["type"].as_str() {
                Some("integer" | "number") => text::ValueKind::Number,
                Some("string") if moment => text::ValueKind::Moment,
                _ => text::ValueKind::Other,
            }
        })
        .collect()
}

/// The destructive verb the name carries: its first word, or a later word in its bare form,
/// unless a later one names what a described method reports about it ("PlayerTransferHistory",
/// "CalorieBurnEstimator": a transfer's history, an estimate of calories burned). Without a
/// description nothing says so, and the verb stands.
fn destructive_in_name(name: &str, description: &str) -> Option<String> {
    let words: Vec<String> = text::words(name).iter().map(|w| w.to_lowercase()).collect();
    let described = !description.trim().is_empty();
    words.iter().enumerate().find_map(|(i, word)| {
        let stem = text::stem(word);
        let bare = i == 0
            || *word == stem
            || [&stem[..], "e"].concat() == *word
            || [&stem[..], "s"].concat() == *word
            || [&stem[..], "es"].concat() == *word;
        let modifies = i > 0
            && described
            && words.get(i + 1).is_some_and(|next| {
                text::lexicon::REPORT_NOUNS.contains(&text::stem(next).as_str())
            });
        (bare && !modifies && text::destructive_verb(&stem)).then_some(stem)
    })
}

/// Whether a description led by a destructive verb says, in its first sentence, that what it
/// sends reads ("Sends a GET request to retrieve the nodes"): a reading verb follows and no other
/// verb there changes anything.
fn sends_a_read(description: &str) -> bool {
    let first = description.split(['.', '\n']).next().unwrap_or("");
    let stems: Vec<String> = text::words(first)
        .iter()
        .skip(1)
        .map(|w| text::stem(&w.to_lowercase()))
        .collect();
    stems.iter().any(|s| reading_verb(s)) && !stems.iter().any(|s| text::mutating_verb(s))
}

/// Whether `stem` is a verb of reading ([`text::lexicon::GENERIC_VERBS`]: get, list, search, …).
fn reading_verb(stem: &str) -> bool {
    text::lexicon::GENERIC_VERBS.binary_search(&stem).is_ok()
}

/// Classifies one method.
pub fn classify(name: &str, description: &str, meta: &MethodMeta) -> QuerySafety {
    classify_schema(name, description, meta, &Value::Null)
}

/// [`classify`] knowing the method's input schema: a name that leads with a verb of arithmetic
/// ("add_days") over required numbers and moments ([`text::computes`]) works out a value.
pub fn classify_schema(
    name: &str,
    description: &str,
    meta: &MethodMeta,
    input_schema: &Value,
) -> QuerySafety {
    let declared = |safe: bool, reason: &str| QuerySafety {
        query_safe: safe,
        basis: SafetyBasis::Declared,
        reason: reason.into(),
    };
    let inferred = |safe: bool, reason: String| QuerySafety {
        query_safe: safe,
        basis: SafetyBasis::Inferred,
        reason,
    };

    if meta.surface == Some(Surface::Execute) {
        return declared(false, "declared _meta.surface = execute");
    }
    if meta.query_eligible == Some(false) {
        return declared(false, "declared _meta.queryEligible = false");
    }
    if meta.read_only_hint == Some(false) {
        return declared(false, "declared readOnlyHint = false");
    }
    if meta.destructive_hint == Some(true) {
        return declared(false, "declared destructiveHint = true");
    }
    let claims =
        meta.surface.is_some() || meta.query_eligible.is_some() || meta.read_only_hint.is_some();
    let why = if claims {
        "it claims to be read-only, but its "
    } else {
        "its "
    };
    if let Some(verb) = destructive_in_name(name, description) {
        return inferred(
            false,
            format!("{why}name carries the destructive verb '{verb}'"),
        );
    }
    let description_verb = text::description_verb(description);
    if let Some(verb) = description_verb
        .as_deref()
        .filter(|v| text::destructive_verb(v) && !sends_a_read(description))
    {
        return inferred(
            false,
            format!("{why}description leads with the destructive verb '{verb}'"),
        );
    }
    if claims {
        return declared(true, "declared read-only / query surface");
    }
    let own: Vec<String> = text::words(text::name_tail(name))
        .iter()
        .map(|w| text::stem(&w.to_lowercase()))
        .collect();
    // A name that ends in a verb of reading ("order_status_check", "books_search") is written
    // noun first: its leading word is what it reads, not what it does, when the description
    // does not lead with a change either.
    let reads_last = own.len() > 1
        && own.last().is_some_and(|w| reading_verb(w))
        && !description.trim().is_empty()
        && description_verb
            .as_deref()
            .is_none_or(|v| !text::mutating_verb(v));
    // A leading word the name follows with a preposition ("book_by_isbn", "order_by_id") is the
    // thing looked up by that key, not a verb: an act takes its object, not "by".
    let noun_first = text::leads_with_a_thing(name, description);
    // A verb of arithmetic over numbers and moments ("add_days") works out a value.
    let computes = |v: &String| text::computes(v, &value_kinds(input_schema));
    if let Some(verb) = own
        .first()
        .filter(|v| text::mutating_verb(v) && !reads_last && !noun_first && !computes(v))
    {
        return inferred(
            false,
            format!("no metadata; name leads with the mutating verb '{verb}'"),
        );
    }
    // A name that leads with a verb of reading ("get_book_by_isbn") says what the method does:
    // a description that opens with a noun spelled like a verb ("Book details for an ISBN")
    // does not make it a change.
    let reads_first = own.len() > 1 && own.first().is_some_and(|w| reading_verb(w));
    if let Some(verb) = description_verb.filter(|v| {
        text::mutating_verb(v) && !sends_a_read(description) && !reads_first && !computes(v)
    }) {
        return inferred(
            false,
            format!("no metadata; description leads with the mutating verb '{verb}'"),
        );
    }
    inferred(
        true,
        "no metadata; name and description read as a query".into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(tool: Value, safe: bool, basis: SafetyBasis) {
        let meta = method_meta(&tool);
        let got = classify(
            tool["name"].as_str().unwrap(),
            tool["description"].as_str().unwrap_or(""),
            &meta,
        );
        assert_eq!(
            (got.query_safe, got.basis),
            (safe, basis),
            "{tool}: {got:?}"
        );
    }

    #[test]
    fn a_verb_of_arithmetic_over_numbers_works_out_a_value() {
        let none = MethodMeta::default();
        let schema = |props: Value, required: Value| json!({"type": "object", "properties": props, "required": required});
        let add_days = schema(
            json!({"date": {"type": "string", "format": "date"}, "days": {"type": "integer"}}),
            json!(["date", "days"]),
        );
        let got = classify_schema(
            "add_days",
            "Adds a number of days to a date.",
            &none,
            &add_days,
        );
        assert!(got.query_safe, "{got:?}");
        // Adding a thing somewhere, or a time alone, stays a change.
        let to_cart = schema(
            json!({"item_id": {"type": "string"}, "quantity": {"type": "integer"}}),
            json!(["item_id", "quantity"]),
        );
        assert!(
            !classify_schema("add_to_cart", "Adds an item to the cart.", &none, &to_cart)
                .query_safe
        );
        let alarm = schema(
            json!({"alarm_time": {"type": "string"}}),
            json!(["alarm_time"]),
        );
        assert!(!classify_schema("add_alarm", "Adds an alarm.", &none, &alarm).query_safe);
        // Without the schema nothing says what it adds.
        assert!(!classify("add_days", "Adds a number of days to a date.", &none).query_safe);
    }

    #[test]
    fn a_name_that_leads_with_reading_outweighs_a_description_led_by_a_noun_like_a_verb() {
        check(
            json!({"name": "get_book_by_isbn", "description": "Book details for an ISBN: title, authors, publisher."}),
            true,
            SafetyBasis::Inferred,
        );
        // Without a reading verb first, a description led by a change still decides.
        check(
            json!({"name": "table_service", "description": "Book a table at a restaurant."}),
            false,
            SafetyBasis::Inferred,
        );
        // A destructive verb leading the description decides whatever the name says.
        check(
            json!({"name": "get_and_purge", "description": "Delete every cached record."}),
            false,
            SafetyBasis::Inferred,
        );
    }

    #[test]
    fn declared_metadata_decides_when_present() {
        check(
            json!({"name": "get_balances", "_meta": {"surface": "query"}}),
            true,
            SafetyBasis::Declared,
        );
        check(
            json!({"name": "get_quote", "_meta": {"surface": "execute"}}),
            false,
            SafetyBasis::Declared,
        );
        check(
            json!({"name": "lookup", "_meta": {"queryEligible": false}}),
            false,
            SafetyBasis::Declared,
        );
        check(
            json!({"name": "lookup", "annotations": {"readOnlyHint": false}}),
            false,
            SafetyBasis::Declared,
        );
        check(
            json!({"name": "lookup", "annotations": {"readOnlyHint": true, "destructiveHint": true}}),
            false,
            SafetyBasis::Declared,
        );
        check(
            json!({"name": "add_numbers", "_meta": {"queryEligible": true}}),
            true,
            SafetyBasis::Declared,
        );
    }

    #[test]
    fn a_changing_verb_that_qualifies_the_noun_after_it_leads_no_change() {
        // "Open" of open recalls lists them; "open" with an object opens it.
        for (description, safe) in [
            (
                "Open safety recalls for a vehicle identification number.",
                true,
            ),
            ("Close prices of a stock over a range of days.", true),
            ("Open a support ticket for a customer.", false),
            ("Open it in the editor.", false),
        ] {
            check(
                json!({"name": "vehicle_recalls", "description": description}),
                safe,
                SafetyBasis::Inferred,
            );
        }
    }

    #[test]
    fn a_destructive_name_overrides_a_read_only_claim() {
        check(
            json!({"name": "purge_standings_cache", "annotations": {"readOnlyHint": true}}),
            false,
            SafetyBasis::Inferred,
        );
        check(
            json!({"name": "transferFunds", "_meta": {"surface": "query"}}),
            false,
            SafetyBasis::Inferred,
        );
    }

    #[test]
    fn a_destructive_word_anywhere_in_any_naming_style_makes_a_method_unsafe() {
        for name in [
            "records_delete_all",
            "delete_all_records",
            "recordsDeleteAll",
            "RecordsDeleteAll",
            "records-delete-all",
            "records.delete.all",
            "RECORDS_DELETE_ALL",
            "reset_database",
            "resetDatabase",
            "erase_everything",
            "EraseEverything",
            "db/flush",
            "get_and_delete",
        ] {
            for claim in [
                json!({"readOnlyHint": true}),
                json!({"readOnlyHint": true, "destructiveHint": false}),
            ] {
                let got = classify(name, "", &method_meta(&json!({"annotations": claim})));
                assert!(!got.query_safe, "{name}: {got:?}");
                assert!(got.reason.contains("claims to be read-only"), "{got:?}");
            }
        }
        // Past the first word, only the bare verb counts: these read.
        for name in [
            "list_deleted_files",
            "get_cancellation_policy",
            "recentlyRemovedItems",
        ] {
            let got = classify(
                name,
                "",
                &method_meta(&json!({"annotations": {"readOnlyHint": true}})),
            );
            assert!(got.query_safe, "{name}: {got:?}");
        }
    }

    #[test]
    fn a_verb_past_the_first_word_before_what_is_reported_about_it_is_a_noun() {
        let none = MethodMeta::default();
        for (name, description) in [
            (
                "PlayerTransferHistory",
                "Get the transfer history of a football player.",
            ),
            (
                "CalorieBurnEstimator",
                "Estimate calories burned during an exercise activity.",
            ),
            ("wire_transfer_fee", "The fee a bank charges for a wire."),
        ] {
            let got = classify(name, description, &none);
            assert!(got.query_safe, "{name}: {got:?}");
        }
        // Still unsafe: the verb leads, it is last, nothing describes the method, or the
        // description leads with the change.
        for (name, description) in [
            (
                "transfer_history",
                "Transfer the history to another account.",
            ),
            ("user_transfer", "Moves a user to another team."),
            ("PlayerTransferHistory", ""),
            ("bulk_delete_stats", "Deletes the stats of many players."),
        ] {
            let got = classify(name, description, &none);
            assert!(!got.query_safe, "{name}: {got:?}");
        }
    }

    #[test]
    fn a_verb_written_as_one_of_several_alternatives_qualifies_a_noun() {
        let none = MethodMeta::default();
        let got = classify(
            "Analyst Ratings",
            "Buy/hold/sell recommendations and price targets from analysts.",
            &none,
        );
        assert!(got.query_safe, "{got:?}");
        // The verb alone still leads a change.
        let got = classify(
            "Analyst Ratings",
            "Buy shares at the analysts' target.",
            &none,
        );
        assert!(!got.query_safe, "{got:?}");
    }

    #[test]
    fn a_description_that_leads_with_a_destructive_verb_outranks_a_claim() {
        let got = classify(
            "records",
            "Deletes every record in the store.",
            &method_meta(&json!({"_meta": {"surface": "query"}})),
        );
        assert!(!got.query_safe);
        assert!(
            got.reason
                .contains("description leads with the destructive verb")
        );
    }

    #[test]
    fn the_operator_overrides_the_server_and_the_name() {
        let lists = Overrides {
            query_methods: vec!["reset_view".into()],
            deny_methods: vec!["get_balance".into()],
        };
        let none = MethodMeta::default();
        let allowed = classify_with("reset_view", "", &none, &lists, &Value::Null);
        assert!(allowed.query_safe);
        assert_eq!(allowed.basis, SafetyBasis::Configured);
        let denied = classify_with(
            "get_balance",
            "",
            &method_meta(&json!({"annotations": {"readOnlyHint": true}})),
            &lists,
            &Value::Null,
        );
        assert!(!denied.query_safe);
        assert_eq!(denied.basis, SafetyBasis::Configured);
        assert!(classify_with("get_price", "", &none, &lists, &Value::Null).query_safe);
    }

    #[test]
    fn missing_metadata_is_inferred_from_name_and_description() {
        check(
            json!({"name": "send_score_alert", "description": "Sends a push notification"}),
            false,
            SafetyBasis::Inferred,
        );
        check(
            json!({"name": "alert", "description": "Sends a push notification to subscribers"}),
            false,
            SafetyBasis::Inferred,
        );
        check(json!({"name": "place_order"}), false, SafetyBasis::Inferred);
        // A first word a preposition follows is the thing found by that key, unless the
        // description leads with a change.
        check(
            json!({"name": "book_by_isbn", "description": "Look up a book's title and author by ISBN."}),
            true,
            SafetyBasis::Inferred,
        );
        check(
            json!({"name": "order_by_id", "description": "Places the order again."}),
            false,
            SafetyBasis::Inferred,
        );
        check(json!({"name": "book_flight"}), false, SafetyBasis::Inferred);
        check(
            json!({"name": "get_standings", "description": ""}),
            true,
            SafetyBasis::Inferred,
        );
        check(
            json!({"name": "fixtures", "description": "Upcoming matches of a club."}),
            true,
            SafetyBasis::Inferred,
        );
    }

    #[test]
    fn the_verb_that_counts_leads_the_methods_own_name_and_a_sent_read_reads() {
        // "Open" names the service here; what the method does is fetch.
        check(
            json!({"name": "open_meteo_api.fetch_weather_data", "description": "Fetches the current temperature for a location."}),
            true,
            SafetyBasis::Inferred,
        );
        check(
            json!({"name": "files.open_upload"}),
            false,
            SafetyBasis::Inferred,
        );
        check(
            json!({"name": "shop.cart.add_item"}),
            false,
            SafetyBasis::Inferred,
        );
        check(
            json!({"name": "requests.get", "description": "Sends an HTTP GET request to retrieve the nodes of a fabric."}),
            true,
            SafetyBasis::Inferred,
        );
        // Written noun first, a name ends in its verb.
        for (name, description) in [
            (
                "order_status_check",
                "Check the current status of an order.",
            ),
            (
                "google.books_search",
                "Search for a book in the Google Books library.",
            ),
            (
                "archival_memory_search",
                "Performs a semantic search on archival memory.",
            ),
        ] {
            check(
                json!({"name": name, "description": description}),
                true,
                SafetyBasis::Inferred,
            );
        }
        for (name, description) in [
            ("save_search", "Saves a search for later."),
            ("set_view", ""),
        ] {
            check(
                json!({"name": name, "description": description}),
                false,
                SafetyBasis::Inferred,
            );
        }
        check(
            json!({"name": "requests.post", "description": "Sends an HTTP POST request to create a node."}),
            false,
            SafetyBasis::Inferred,
        );
    }
}
