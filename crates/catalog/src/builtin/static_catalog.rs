//! Static catalogs: tools defined in a JSON file (`{"tools": [manifest, ...]}`), with no backend.
//!
//! They let a suite or a deployment describe methods whose behaviour lives elsewhere (benchmark
//! function pools, a catalog under review). They are served over MCP like any built-in tool, so
//! discovery, classification, probing, clarification and planning treat them exactly alike; a
//! call fails with a clear error, so they are useful with `planOnly` and never pretend to answer.

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{BuiltinTool, Manifest};
use crate::CatalogError;

/// The file format.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct StaticCatalog {
    /// The tools.
    pub tools: Vec<Manifest>,
}

struct StaticTool {
    manifest: Manifest,
    source: String,
}

impl BuiltinTool for StaticTool {
    fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    fn source_label(&self) -> String {
        self.source.clone()
    }

    fn call(&self, method: &str, _args: &Map<String, Value>) -> Result<Value, String> {
        Err(format!(
            "{}.{method} comes from a static catalog of definitions and has no backend to call",
            self.manifest.id
        ))
    }
}

/// Loads the tools of a static catalog file.
pub fn load(path: &Path) -> Result<Vec<Arc<dyn BuiltinTool>>, CatalogError> {
    let bad = |message: String| CatalogError::BadCatalog {
        source_name: path.display().to_string(),
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
    let catalog: StaticCatalog =
        serde_json::from_str(&text).map_err(|e| bad(format!("not a static catalog: {e}")))?;
    from_catalog(catalog, &format!("static:{}", path.display()))
}

/// The tools of an in-memory catalog. Every method must be a valid MCP tool definition.
pub fn from_catalog(
    catalog: StaticCatalog,
    source: &str,
) -> Result<Vec<Arc<dyn BuiltinTool>>, CatalogError> {
    let mut tools: Vec<Arc<dyn BuiltinTool>> = Vec::new();
    for manifest in catalog.tools {
        for m in &manifest.methods {
            serde_json::from_value::<rmcp::model::Tool>(m.clone()).map_err(|e| {
                CatalogError::BadCatalog {
                    source_name: manifest.id.clone(),
                    message: format!("method {} is not an MCP tool definition: {e}", m["name"]),
                }
            })?;
        }
        tools.push(Arc::new(StaticTool {
            manifest,
            source: source.to_owned(),
        }));
    }
    Ok(tools)
}
