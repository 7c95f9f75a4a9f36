//! `sports-data`: league tables and fixtures, with deliberately poor metadata (see mod docs), and
//! a club search whose ids a squad lookup takes (a pair that needs chained calls).

use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Map, Value, json};

use super::{BuiltinTool, Manifest, arg_str};

pub struct SportsData {
    manifest: Manifest,
    data: Value,
    alerts_sent: AtomicUsize,
}

impl SportsData {
    pub fn load() -> Self {
        Self {
            manifest: Manifest::parse(include_str!("../../builtin/sports-data/manifest.json")),
            data: serde_json::from_str(include_str!("../../builtin/sports-data/data.json"))
                .expect("valid data (tested)"),
            alerts_sent: AtomicUsize::new(0),
        }
    }
}

impl BuiltinTool for SportsData {
    fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    fn call(&self, method: &str, args: &Map<String, Value>) -> Result<Value, String> {
        match method {
            "get_standings" => {
                let league = arg_str(args, "league")?;
                let table = self.data["standings"]
                    .get(league)
                    .ok_or_else(|| format!("no table for '{league}'"))?;
                Ok(json!({"league": league, "table": table}))
            }
            "fixtures" => {
                let team = arg_str(args, "team")?.to_lowercase();
                let matches: Vec<&Value> = self.data["fixtures"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|f| {
                        [&f["home"], &f["away"]]
                            .iter()
                            .any(|s| s.as_str().is_some_and(|s| s.to_lowercase() == team))
                    })
                    .collect();
                Ok(json!({"team": args["team"], "fixtures": matches}))
            }
            "search_teams" => {
                let name = arg_str(args, "name")?.to_lowercase();
                let teams: Vec<Value> = self.data["teams"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|t| {
                        t["name"]
                            .as_str()
                            .is_some_and(|n| n.to_lowercase().contains(&name))
                    })
                    .map(|t| json!({"team_id": t["team_id"], "name": t["name"], "league": t["league"]}))
                    .collect();
                Ok(json!({"teams": teams}))
            }
            "team_squad" => {
                let id = arg_str(args, "team_id")?;
                let team = self.data["teams"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .find(|t| t["team_id"].as_str() == Some(id))
                    .ok_or_else(|| format!("no club with id '{id}'"))?;
                Ok(json!({"team_id": id, "players": team["squad"]}))
            }
            "send_score_alert" => {
                let sent = self.alerts_sent.fetch_add(1, Ordering::SeqCst) + 1;
                Ok(json!({"status": "sent", "match": args.get("match_id"), "alertsSent": sent}))
            }
            "purge_standings_cache" => Ok(json!({"status": "purged"})),
            other => Err(format!("unknown method {other}")),
        }
    }
}
