//! A scripted model provider for tests and CI.
//!
//! It speaks the OpenAI chat-completions wire format (`POST /v1/chat/completions`) and answers
//! each of Sluice's model stages — recognised by the structured-output schema name the runtime
//! sends — from what the stage's prompt offers, the way a sound and obedient model would:
//!
//! - `tool_selection`: keeps every tool listed;
//! - `judge_decision`: no option → `capability_miss`; one option that needs nothing → `answer`;
//!   otherwise `clarification_required` with every option offered;
//! - `program`: calls exactly the calls the prompt says the interpretation stands for (an
//!   argument that refers to an earlier call's result is read from it);
//! - `cited_answer`: one statement per evidence line, each citing its ordinal;
//! - `sufficiency`: sufficient.
//!
//! So a pipeline with every stage on this server must settle every request as the embedded
//! pipeline does, while really taking the model path (prompts rendered, replies parsed and
//! validated, tokens counted). A request it cannot follow gets HTTP 400 with an OpenAI-style
//! error body, never a made-up answer.

use axum::Json;
use axum::http::StatusCode;
use axum::routing::post;
use serde_json::{Value, json};

/// The reply to one chat-completions request body, or the error to send.
pub fn follow(body: &Value) -> Result<Value, String> {
    let stage = body["response_format"]["json_schema"]["name"]
        .as_str()
        .unwrap_or_default();
    let prompt: String = body["messages"]
        .as_array()
        .ok_or("the body has no messages")?
        .iter()
        .filter_map(|m| m["content"].as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let listed = |prefix: &str| -> Vec<String> {
        prompt
            .lines()
            .filter_map(|l| l.trim().strip_prefix(prefix))
            .map(|s| s.trim().to_owned())
            .collect()
    };
    let content = match stage {
        "tool_selection" => json!({"toolIds": listed("- id: ")}),
        "judge_decision" => {
            let ids = listed("- id: ");
            let needs = prompt.contains("still needs:");
            match (ids.len(), needs) {
                (0, _) => {
                    json!({"outcome": "capability_miss", "optionIds": [], "confidence": 0.9, "question": "None of these does what was asked."})
                }
                (1, false) => {
                    json!({"outcome": "answer", "optionIds": ids, "confidence": 0.9, "question": ""})
                }
                _ => {
                    json!({"outcome": "clarification_required", "optionIds": ids, "confidence": 0.9, "question": ""})
                }
            }
        }
        "program" => {
            let line = prompt
                .lines()
                .find_map(|l| l.strip_prefix("The calls it stands for (JSON): "))
                .ok_or("the program prompt names no calls")?;
            let calls: Value =
                serde_json::from_str(line).map_err(|e| format!("unreadable calls: {e}"))?;
            // An argument {"$from": "call-N", "pointer": …} is read from the N-th call's result.
            let body: Vec<String> = calls
                .as_array()
                .ok_or("the calls are not a list")?
                .iter()
                .map(|c| {
                    format!(
                        "out.push(tools[{}][{}](from({})));",
                        c["tool"], c["method"], c["arguments"]
                    )
                })
                .collect();
            let from = "const from = (args) => Object.fromEntries(Object.entries(args).map(([k, v]) => \
                [k, v && typeof v === \"object\" && typeof v.$from === \"string\" \
                  ? v.pointer.split(\"/\").slice(1).reduce((x, key) => x[key], out[Number(v.$from.slice(5)) - 1]) \
                  : v]));";
            json!({"program": format!("const out = [];\n{from}\n{}\nreturn out;", body.join("\n"))})
        }
        "cited_answer" => {
            let lines: Vec<(usize, String)> = prompt
                .lines()
                .filter_map(|l| {
                    let rest = l.strip_prefix('[')?;
                    let (n, tail) = rest.split_once(']')?;
                    Some((
                        n.parse().ok()?,
                        tail.split(" (").next().unwrap_or("").trim().to_owned(),
                    ))
                })
                .collect();
            let answer: Vec<String> = lines
                .iter()
                .map(|(n, title)| format!("{title} [{n}]."))
                .collect();
            json!({"answer": answer.join(" "), "citedOrdinals": lines.iter().map(|(n, _)| n).collect::<Vec<_>>(),
                "gaps": [], "conflicts": [], "sufficient": true})
        }
        "sufficiency" => json!({"sufficient": true, "missing": "", "follow_up_query": ""}),
        // What the person asked, in order: the summary a careful model would keep.
        "conversation_summary" => {
            json!({"summary": format!("The person asked: {}.", listed("user: ").join("; "))})
        }
        other => return Err(format!("no script for the stage '{other}'")),
    };
    Ok(json!({
        "choices": [{"message": {"role": "assistant", "content": content.to_string()}}],
        "usage": {"prompt_tokens": 50, "completion_tokens": 10}
    }))
}

/// The server's routes.
pub fn app() -> axum::Router {
    axum::Router::new().route(
        "/v1/chat/completions",
        post(|Json(body): Json<Value>| async move {
            match follow(&body) {
                Ok(reply) => (StatusCode::OK, Json(reply)),
                Err(message) => (
                    StatusCode::BAD_REQUEST,
                    Json(json!({"error": {"message": message, "type": "invalid_request_error"}})),
                ),
            }
        }),
    )
}

/// Serves [`app`] on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    axum::serve(listener, app()).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(schema: &str, prompt: &str) -> Value {
        let body = json!({"response_format": {"json_schema": {"name": schema}},
            "messages": [{"role": "user", "content": prompt}]});
        let reply = follow(&body).unwrap();
        serde_json::from_str(reply["choices"][0]["message"]["content"].as_str().unwrap()).unwrap()
    }

    #[test]
    fn the_judge_follows_the_options_offered() {
        assert_eq!(
            ask("judge_decision", "Interpretations:\n")["outcome"],
            "capability_miss"
        );
        let one = ask("judge_decision", "- id: opt-1\n  calls: x");
        assert_eq!(
            (&one["outcome"], &one["optionIds"]),
            (&json!("answer"), &json!(["opt-1"]))
        );
        let needs = ask("judge_decision", "- id: opt-1\n  still needs: symbol");
        assert_eq!(needs["outcome"], "clarification_required");
        let two = ask("judge_decision", "- id: opt-1\n- id: opt-2");
        assert_eq!(two["optionIds"], json!(["opt-1", "opt-2"]));
    }

    #[test]
    fn the_planner_calls_what_the_prompt_plans_and_synthesis_cites_each_line() {
        let p = ask(
            "program",
            r#"The calls it stands for (JSON): [{"tool":"t","method":"m","arguments":{"a":1}}]"#,
        );
        let program = p["program"].as_str().unwrap();
        assert!(program.starts_with("const out = [];\n"), "{program}");
        assert!(
            program.contains("\nout.push(tools[\"t\"][\"m\"](from({\"a\":1})));\nreturn out;"),
            "{program}"
        );
        let a = ask(
            "cited_answer",
            "[1] Bitcoin (BTC): 97250\n[2] Ether (ETH): 3480",
        );
        assert_eq!(a["answer"], "Bitcoin [1]. Ether [2].");
        assert_eq!(a["citedOrdinals"], json!([1, 2]));
    }

    #[test]
    fn what_it_cannot_follow_is_an_error_not_an_answer() {
        let body = |schema: &str| json!({"response_format": {"json_schema": {"name": schema}}, "messages": [{"role": "user", "content": "hi"}]});
        assert!(follow(&body("program")).is_err());
        assert!(follow(&body("poem")).is_err());
        assert!(follow(&json!({})).is_err());
    }
}
