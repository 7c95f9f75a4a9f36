//! `wallet`: read methods (balances, history) beside execute-surface methods (transfer,
//! place_order) that really change the in-memory ledger. Query mode must never reach the latter;
//! tests prove it by reading the ledger afterwards.

use std::sync::Mutex;

use serde_json::{Map, Value, json};

use super::{BuiltinTool, Manifest, arg_limit, arg_str};

pub struct Wallet {
    manifest: Manifest,
    ledger: Mutex<Value>,
}

impl Wallet {
    pub fn load() -> Self {
        Self {
            manifest: Manifest::parse(include_str!("../../builtin/wallet/manifest.json")),
            ledger: Mutex::new(
                serde_json::from_str(include_str!("../../builtin/wallet/data.json"))
                    .expect("valid data (tested)"),
            ),
        }
    }

    fn account<'a>(
        ledger: &'a mut Value,
        args: &Map<String, Value>,
    ) -> Result<&'a mut Value, String> {
        let id = arg_str(args, "account")?;
        ledger["accounts"]
            .get_mut(id)
            .ok_or_else(|| format!("no account '{id}'"))
    }

    fn debit(account: &mut Value, asset: &str, amount: f64) -> Result<f64, String> {
        let balances = account["balances"].as_array_mut().ok_or("ledger corrupt")?;
        let entry = balances
            .iter_mut()
            .find(|b| b["asset"] == asset)
            .ok_or_else(|| format!("no {asset} balance"))?;
        let held = entry["amount"].as_f64().unwrap_or(0.0);
        if held < amount {
            return Err(format!("insufficient {asset}: {held} held"));
        }
        entry["amount"] = json!(held - amount);
        Ok(held - amount)
    }
}

impl BuiltinTool for Wallet {
    fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    fn call(&self, method: &str, args: &Map<String, Value>) -> Result<Value, String> {
        let mut ledger = self.ledger.lock().map_err(|_| "ledger unavailable")?;
        let account = Self::account(&mut ledger, args)?;
        match method {
            "get_balances" => {
                Ok(json!({"account": args["account"], "balances": account["balances"]}))
            }
            "get_transaction_history" => {
                let n = arg_limit(args, 10, 50);
                let history: Vec<Value> = account["history"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .take(n)
                    .cloned()
                    .collect();
                Ok(json!({"account": args["account"], "transactions": history}))
            }
            "transfer" => {
                let asset = arg_str(args, "asset")?;
                let amount = args
                    .get("amount")
                    .and_then(Value::as_f64)
                    .ok_or("missing amount")?;
                let left = Self::debit(account, asset, amount)?;
                Ok(
                    json!({"status": "sent", "asset": asset, "amount": amount, "to": args["to_address"], "remaining": left}),
                )
            }
            "place_order" => {
                let side = arg_str(args, "side")?;
                Ok(
                    json!({"status": "accepted", "side": side, "symbol": args["symbol"], "amount": args["amount"]}),
                )
            }
            other => Err(format!("unknown method {other}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transfer_really_moves_funds() {
        let w = Wallet::load();
        let args =
            json!({"account": "acct-0001", "to_address": "0xabc", "asset": "ETH", "amount": 2.5});
        assert_eq!(
            w.call("transfer", args.as_object().unwrap()).unwrap()["remaining"],
            10.0
        );
        let b = w
            .call(
                "get_balances",
                json!({"account": "acct-0001"}).as_object().unwrap(),
            )
            .unwrap();
        assert_eq!(b["balances"][1], json!({"asset": "ETH", "amount": 10.0}));
    }
}
