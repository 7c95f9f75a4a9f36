//! Logs and traces. Logs go to stderr (`RUST_LOG`, default `warn`). When
//! `OTEL_EXPORTER_OTLP_ENDPOINT` is set, spans (one per request, one per stage, named after the
//! stage's event) are exported over OTLP/HTTP to `<endpoint>/v1/traces`.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer, Registry};

/// Keeps the exporter alive; flushes and shuts it down when dropped.
pub struct TelemetryGuard {
    provider: Option<SdkTracerProvider>,
}

impl TelemetryGuard {
    /// Exports every finished span now.
    pub fn flush(&self) {
        if let Some(p) = &self.provider {
            let _ = p.force_flush();
        }
    }
}

impl Drop for TelemetryGuard {
    fn drop(&mut self) {
        if let Some(p) = self.provider.take() {
            let _ = p.shutdown();
        }
    }
}

/// An OpenTelemetry layer exporting to `endpoint` (the collector's base URL), with its provider.
pub fn otlp_layer<S>(endpoint: &str) -> anyhow::Result<(impl Layer<S>, SdkTracerProvider)>
where
    S: tracing::Subscriber + for<'span> tracing_subscriber::registry::LookupSpan<'span>,
{
    use opentelemetry_otlp::WithExportConfig;
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_endpoint(format!("{}/v1/traces", endpoint.trim_end_matches('/')))
        .build()?;
    let provider = SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(Resource::builder().with_service_name("sluice").build())
        .build();
    let layer = tracing_opentelemetry::layer().with_tracer(provider.tracer("sluice"));
    Ok((layer, provider))
}

/// Installs the global subscriber: stderr logs, plus OTLP export when configured.
pub fn init() -> anyhow::Result<TelemetryGuard> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("warn"));
    let fmt = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_filter(filter);
    let (otel, provider) = match std::env::var("OTEL_EXPORTER_OTLP_ENDPOINT")
        .ok()
        .filter(|e| !e.is_empty())
    {
        Some(endpoint) => {
            let (layer, provider) = otlp_layer::<Registry>(&endpoint)?;
            (Some(layer), Some(provider))
        }
        None => (None, None),
    };
    Registry::default().with(otel).with(fmt).try_init()?;
    Ok(TelemetryGuard { provider })
}
