//! The suite file (YAML): cases, their expectations, and the thresholds that gate.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A suite.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Suite {
    /// Name, for reports.
    pub name: String,
    /// What the suite measures.
    #[serde(default)]
    pub description: String,
    /// A static catalog (JSON, relative to the suite file) whose tools the cases may pin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tools_file: Option<PathBuf>,
    /// Whether the built-in tools are in the marketplace (in-process runs).
    #[serde(default = "yes")]
    pub builtin_tools: bool,
    /// Folders of documents the built-in `docs` tool serves (relative to the suite file; each
    /// subfolder a collection, as `sluice --docs`), in in-process runs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub docs: Vec<PathBuf>,
    /// Metric name → bound. Only required cases count towards gated metrics.
    #[serde(default)]
    pub thresholds: BTreeMap<String, Threshold>,
    /// Trace events that must be observed across the suite.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required_stages: Vec<String>,
    /// The cases.
    pub cases: Vec<Case>,
}

fn yes() -> bool {
    true
}

/// A bound on a metric.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Threshold {
    /// The metric must be at least this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    /// The metric must be at most this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
}

impl Threshold {
    /// Whether `value` holds.
    pub fn holds(&self, value: f64) -> bool {
        self.min.is_none_or(|m| value >= m - 1e-9) && self.max.is_none_or(|m| value <= m + 1e-9)
    }
}

/// The three outcomes, as suites spell them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Expect {
    /// A (grounded) answer.
    Answer,
    /// A clarification.
    ClarificationRequired,
    /// A capability miss.
    CapabilityMiss,
}

impl Expect {
    /// All three, in matrix order.
    pub const ALL: [Expect; 3] = [
        Expect::Answer,
        Expect::ClarificationRequired,
        Expect::CapabilityMiss,
    ];

    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Expect::Answer => "answer",
            Expect::ClarificationRequired => "clarification_required",
            Expect::CapabilityMiss => "capability_miss",
        }
    }

    /// From a response outcome.
    pub fn from_outcome(o: contract::Outcome) -> Self {
        match o {
            contract::Outcome::Answer => Expect::Answer,
            contract::Outcome::ClarificationRequired => Expect::ClarificationRequired,
            contract::Outcome::CapabilityMiss => Expect::CapabilityMiss,
        }
    }
}

/// Whether a case gates or is only reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gate {
    /// Counts towards gated metrics.
    #[default]
    Required,
    /// Reported, never gating.
    Coverage,
}

/// One case.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Case {
    /// Unique id.
    pub id: String,
    /// The query.
    pub query: String,
    /// Pinned tools (none: the whole marketplace).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<String>>,
    /// `return` (default) or `auto`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<contract::ClarificationPolicy>,
    /// Lane.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<contract::QueryDepth>,
    /// Expected outcome.
    pub expect: Expect,
    /// Other outcomes that also count as right (for noisy labels).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accept_also: Vec<Expect>,
    /// An answer must carry assumption metadata (ambiguous cases under `auto`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub expect_assumption: bool,
    /// Required (default) or coverage.
    #[serde(default, skip_serializing_if = "is_required")]
    pub gate: Gate,
    /// Free label for reports (ambiguous, missing_parameter, unsupported, execute, precise, ...).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Expected method as `tool.method` or just the method name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Expected arguments: parameter → acceptable values (`""` means it may be left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arguments: Option<BTreeMap<String, Vec<Value>>>,
    /// Send `planOnly` (nothing executes).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub plan_only: bool,
    /// Every method the answer should plan (a multi-call turn), by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub methods: Vec<String>,
    /// An answer must list at least one gap (an abstention on what the evidence does not say).
    #[serde(default)]
    pub expect_gap: bool,
    /// An answer must list at least one typed conflict (two values, each with its evidence).
    #[serde(default)]
    pub expect_conflict: bool,
    /// An answer must cite a source with this title (a document's, a record's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect_cited_title: Option<String>,
    /// The conversation before the query, oldest first, sent as `context.history`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<Said>,
}

/// One earlier turn of a case's conversation: the user's, written as plain text, or any turn
/// with its speaker (`{role: assistant, content: "Which league do you mean?"}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Said {
    /// What the user said.
    User(String),
    /// A turn with its speaker.
    Turn(contract::Turn),
}

impl Said {
    /// The turn as `context.history` carries it.
    pub fn turn(&self) -> contract::Turn {
        match self {
            Said::User(content) => contract::Turn {
                role: contract::Role::User,
                content: content.clone(),
            },
            Said::Turn(turn) => turn.clone(),
        }
    }
}

fn is_required(g: &Gate) -> bool {
    *g == Gate::Required
}

impl Suite {
    /// Reads a suite file.
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
        let mut suite: Suite = serde_saphyr::from_str(&text)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        if let Some(tools) = &suite.tools_file
            && tools.is_relative()
        {
            suite.tools_file = Some(path.parent().unwrap_or(Path::new(".")).join(tools));
        }
        let dir = path.parent().unwrap_or(Path::new("."));
        for docs in suite.docs.iter_mut().filter(|d| d.is_relative()) {
            *docs = dir.join(&*docs);
        }
        suite.check()?;
        Ok(suite)
    }

    fn check(&self) -> anyhow::Result<()> {
        let mut ids = std::collections::HashSet::new();
        for c in &self.cases {
            anyhow::ensure!(ids.insert(&c.id), "duplicate case id '{}'", c.id);
        }
        Ok(())
    }

    /// Writes the suite as YAML.
    pub fn save(&self, path: &Path) -> anyhow::Result<()> {
        let text = serde_saphyr::to_string(self).map_err(|e| anyhow::anyhow!("{e}"))?;
        std::fs::write(path, text)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_history_turn_is_the_user_s_text_or_a_turn_with_its_speaker() {
        let case: Case = serde_saphyr::from_str(
            "{id: c, query: 'A dozen', expect: answer, history: ['I need a password', \
             {role: assistant, content: 'How long?'}]}",
        )
        .unwrap();
        let turns: Vec<contract::Turn> = case.history.iter().map(Said::turn).collect();
        assert_eq!(
            turns
                .iter()
                .map(|t| (t.role, t.content.as_str()))
                .collect::<Vec<_>>(),
            [
                (contract::Role::User, "I need a password"),
                (contract::Role::Assistant, "How long?")
            ]
        );
        // A turn with a speaker nobody is, or a field no turn has, is bad input.
        for bad in [
            "{id: c, query: q, expect: answer, history: [{role: robot, content: x}]}",
            "{id: c, query: q, expect: answer, history: [{role: user, content: x, mood: y}]}",
        ] {
            assert!(serde_saphyr::from_str::<Case>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_committed_conversation_suite_loads_with_its_tools() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("suites");
        let suite = Suite::load(&dir.join("conversation.yaml")).unwrap();
        assert!(suite.tools_file.as_ref().is_some_and(|t| t.exists()));
        assert!(suite.cases.iter().any(|c| {
            c.history
                .iter()
                .any(|t| t.turn().role == contract::Role::Assistant)
        }));
    }
}
