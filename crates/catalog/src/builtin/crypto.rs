//! `crypto-prices`: spot prices, market capitalisation and 24-hour change. Nothing about order
//! books, exchange flows or liquidations, on purpose.

use serde_json::{Map, Value, json};

use super::{BuiltinTool, Manifest, arg_limit, arg_str};

pub struct CryptoPrices {
    manifest: Manifest,
    data: Value,
}

impl CryptoPrices {
    pub fn load() -> Self {
        Self {
            manifest: Manifest::parse(include_str!("../../builtin/crypto-prices/manifest.json")),
            data: serde_json::from_str(include_str!("../../builtin/crypto-prices/data.json"))
                .expect("valid data (tested)"),
        }
    }

    fn asset(&self, args: &Map<String, Value>) -> Result<&Value, String> {
        let symbol = arg_str(args, "symbol")?;
        self.data["assets"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|a| a["symbol"] == symbol)
            .ok_or_else(|| format!("unsupported symbol '{symbol}'"))
    }
}

impl BuiltinTool for CryptoPrices {
    fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    fn call(&self, method: &str, args: &Map<String, Value>) -> Result<Value, String> {
        match method {
            "get_spot_price" => {
                let a = self.asset(args)?;
                let currency = args
                    .get("currency")
                    .and_then(Value::as_str)
                    .unwrap_or("USD");
                let usd = a["priceUsd"].as_f64().ok_or("price missing")?;
                let price = match currency {
                    "USD" => usd,
                    "EUR" => {
                        (usd * self.data["eurPerUsd"].as_f64().unwrap_or(1.0) * 100.0).round()
                            / 100.0
                    }
                    other => return Err(format!("unsupported currency '{other}'")),
                };
                Ok(
                    json!({"symbol": a["symbol"], "name": a["name"], "price": price, "currency": currency, "asOf": self.data["asOf"]}),
                )
            }
            "get_market_overview" => {
                let a = self.asset(args)?;
                Ok(
                    json!({"symbol": a["symbol"], "name": a["name"], "marketCapUsd": a["marketCapUsd"],
                    "volume24hUsd": a["volume24hUsd"], "change24hPct": a["change24hPct"], "asOf": self.data["asOf"]}),
                )
            }
            "top_movers" => {
                let losers = args.get("direction").and_then(Value::as_str) == Some("losers");
                let mut assets: Vec<&Value> = self.data["assets"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .collect();
                let change = |a: &Value| a["change24hPct"].as_f64().unwrap_or(f64::NEG_INFINITY);
                assets.sort_by(|a, b| change(a).total_cmp(&change(b)));
                if !losers {
                    assets.reverse();
                }
                let movers: Vec<Value> = assets
                    .into_iter()
                    .take(arg_limit(args, 3, 6))
                    .map(|a| json!({"symbol": a["symbol"], "name": a["name"], "change24hPct": a["change24hPct"], "priceUsd": a["priceUsd"]}))
                    .collect();
                Ok(
                    json!({"direction": if losers { "losers" } else { "gainers" }, "assets": movers, "asOf": self.data["asOf"]}),
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
    fn prices_convert_and_movers_sort() {
        let c = CryptoPrices::load();
        let eur = c
            .call(
                "get_spot_price",
                json!({"symbol": "BTC", "currency": "EUR"})
                    .as_object()
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(eur["price"], 89470.0);
        let up = c
            .call("top_movers", json!({"limit": 1}).as_object().unwrap())
            .unwrap();
        assert_eq!(up["assets"][0]["symbol"], "DOGE");
        let down = c
            .call(
                "top_movers",
                json!({"direction": "losers", "limit": 1})
                    .as_object()
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(down["assets"][0]["symbol"], "ADA");
    }
}
