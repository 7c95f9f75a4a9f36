//! `markets`: prediction markets on politics, sports, crypto and economics.

use std::collections::HashSet;

use serde_json::{Map, Value, json};

use super::{BuiltinTool, Manifest, arg_limit, arg_str};

pub struct Markets {
    manifest: Manifest,
    data: Value,
}

impl Markets {
    pub fn load() -> Self {
        Self {
            manifest: Manifest::parse(include_str!("../../builtin/markets/manifest.json")),
            data: serde_json::from_str(include_str!("../../builtin/markets/data.json"))
                .expect("valid data (tested)"),
        }
    }

    fn markets(&self) -> impl Iterator<Item = &Value> {
        self.data["markets"].as_array().into_iter().flatten()
    }

    fn summary(market: &Value) -> Value {
        json!({
            "id": market["id"], "question": market["question"], "category": market["category"],
            "status": market["status"], "outcomes": market["outcomes"], "volumeUsd": market["volumeUsd"],
            "endDate": market["endDate"],
        })
    }

    fn search(&self, args: &Map<String, Value>) -> Result<Value, String> {
        let query: HashSet<String> = text::terms(arg_str(args, "query")?).into_iter().collect();
        if query.is_empty() {
            return Err("the query has no searchable words".into());
        }
        let status = args.get("status").and_then(Value::as_str).unwrap_or("open");
        let category = args.get("category").and_then(Value::as_str);
        let mut scored: Vec<(usize, &Value)> = self
            .markets()
            .filter(|m| m["status"] == status && category.is_none_or(|c| m["category"] == c))
            .filter_map(|m| {
                let hay: HashSet<String> =
                    text::terms(&format!("{} {}", m["question"], m["category"]))
                        .into_iter()
                        .collect();
                let hits = query.intersection(&hay).count();
                (hits > 0).then_some((hits, m))
            })
            .collect();
        scored.sort_by(|a, b| {
            b.0.cmp(&a.0).then_with(|| {
                let volume = |m: &Value| m["volumeUsd"].as_f64().unwrap_or(f64::NEG_INFINITY);
                volume(b.1).total_cmp(&volume(a.1))
            })
        });
        let total = scored.len();
        let markets: Vec<Value> = scored
            .into_iter()
            .take(arg_limit(args, 5, 20))
            .map(|(_, m)| Self::summary(m))
            .collect();
        Ok(json!({"markets": markets, "total": total}))
    }

    fn get(&self, args: &Map<String, Value>) -> Result<Value, String> {
        let id = arg_str(args, "market_id")?;
        self.markets()
            .find(|m| m["id"] == id)
            .cloned()
            .ok_or_else(|| format!("no market with id '{id}'"))
    }

    fn winner_odds(&self, args: &Map<String, Value>) -> Result<Value, String> {
        let tournament = arg_str(args, "tournament")?;
        let event = self.data["events"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|e| e["tournament"] == tournament)
            .ok_or_else(|| format!("no outright market for '{tournament}'"))?;
        let market = self
            .markets()
            .find(|m| m["eventId"] == event["id"])
            .ok_or("the event has no winner market")?;
        let team = args
            .get("team")
            .and_then(Value::as_str)
            .map(str::to_lowercase);
        let teams: Vec<Value> = market["outcomes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|o| {
                team.as_deref()
                    .is_none_or(|t| o["name"].as_str().is_some_and(|n| n.to_lowercase() == t))
            })
            .map(|o| json!({"team": o["name"], "price": o["price"]}))
            .collect();
        if teams.is_empty() {
            return Err(format!(
                "'{}' has no price in the {tournament} market",
                team.unwrap_or_default()
            ));
        }
        Ok(json!({
            "tournament": tournament, "marketId": market["id"], "question": market["question"],
            "status": market["status"], "endDate": market["endDate"], "volumeUsd": market["volumeUsd"], "teams": teams,
        }))
    }

    fn list_events(&self, args: &Map<String, Value>) -> Result<Value, String> {
        let category = arg_str(args, "category")?;
        let events: Vec<Value> = self.data["events"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|e| e["category"] == category)
            .map(|e| {
                let markets: Vec<&Value> = self.markets().filter(|m| m["eventId"] == e["id"]).collect();
                let volume: f64 = markets.iter().filter_map(|m| m["volumeUsd"].as_f64()).sum();
                json!({"id": e["id"], "title": e["title"], "category": category, "markets": markets.len(), "volumeUsd": volume})
            })
            .collect();
        Ok(json!({"events": events}))
    }
}

impl BuiltinTool for Markets {
    fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    fn call(&self, method: &str, args: &Map<String, Value>) -> Result<Value, String> {
        match method {
            "search_markets" => self.search(args),
            "get_market" => self.get(args),
            "get_tournament_winner_odds" => self.winner_odds(args),
            "list_events" => self.list_events(args),
            other => Err(format!("unknown method {other}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(method: &str, args: Value) -> Result<Value, String> {
        Markets::load().call(method, args.as_object().unwrap())
    }

    #[test]
    fn every_tournament_in_the_schema_has_a_winner_market() {
        let m = Markets::load();
        let def = m
            .manifest
            .methods
            .iter()
            .find(|d| d["name"] == "get_tournament_winner_odds")
            .unwrap();
        for t in def["inputSchema"]["properties"]["tournament"]["enum"]
            .as_array()
            .unwrap()
        {
            let out = call("get_tournament_winner_odds", json!({"tournament": t})).unwrap();
            assert!(!out["teams"].as_array().unwrap().is_empty(), "{t}");
        }
    }

    #[test]
    fn search_ranks_by_matching_words_and_filters() {
        let out = call("search_markets", json!({"query": "Fed rate cut December"})).unwrap();
        assert_eq!(out["markets"][0]["id"], "mkt-fed-cut-dec-2026");
        let out = call(
            "search_markets",
            json!({"query": "Fed rate cut", "status": "resolved"}),
        )
        .unwrap();
        assert_eq!(out["markets"][0]["id"], "mkt-fed-cut-sep-2026");
        assert_eq!(
            call("search_markets", json!({"query": "zebra"})).unwrap()["total"],
            0
        );
    }

    #[test]
    fn lookups_fail_clearly() {
        assert!(
            call("get_market", json!({"market_id": "mkt-nope"}))
                .unwrap_err()
                .contains("no market")
        );
        let spain = call(
            "get_tournament_winner_odds",
            json!({"tournament": "FIFA World Cup 2026", "team": "spain"}),
        )
        .unwrap();
        assert_eq!(spain["teams"], json!([{"team": "Spain", "price": 0.18}]));
    }
}
