//! What a request leaves in the logs: the route template and a request id,
//! never the path's values (an owner's secret token, a looked-up number), and
//! never a request id a stranger chose.
use crate::util::TestApp;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Log output collected in memory.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

#[tokio::test]
async fn logs_name_the_route_never_the_secret_in_the_path() {
    for app in TestApp::all().await {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .with_max_level(tracing::Level::DEBUG)
            .finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let secret = "f00dfeedcafebabe0123456789abcdef";
        let number = "6281234567890";
        app.get_with(
            &format!("/api_f/v1/reveal/{secret}"),
            &[("x-request-id", "forged\" admin=\"1")],
        )
        .await;
        app.get(&format!("/api_f/v1/lookup/%2B{number}")).await;
        tracing::info!("done");
        let logs = captured.text();
        assert!(logs.contains("/api_f/v1/reveal/{token}"), "{logs}");
        assert!(logs.contains("/api_f/v1/lookup/{phone}"), "{logs}");
        assert!(
            logs.lines().all(|line| line.matches("route=").count() <= 1),
            "one route per line: {logs}"
        );
        for leak in [secret, number, "forged"] {
            assert!(!logs.contains(leak), "{:?}: {leak} in {logs}", app.backend);
        }
    }
}
