//! Server processes on one PostgreSQL database, and the round-robin TCP
//! proxy in front of them.
use std::net::SocketAddr;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};
use tokio::process::{Child, Command};

/// Generous: a loaded CI machine starts processes slowly, and a job cut off
/// by kill -9 runs again only after its lease and a 30 s backoff.
pub const PATIENCE: Duration = Duration::from_secs(150);

/// Polls `check` until it returns `Some`, or panics naming `what`.
pub async fn eventually<T, F: std::future::Future<Output = Option<T>>>(
    what: &str,
    mut check: impl FnMut() -> F,
) -> T {
    let start = Instant::now();
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(start.elapsed() < PATIENCE, "timed out waiting for: {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A port nobody listens on right now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One `server` process.
pub struct Instance {
    pub name: String,
    pub addr: SocketAddr,
    child: Child,
}

impl Instance {
    /// Starts the server binary with `env` on a free port and waits until it answers `/ready`.
    pub async fn start(name: &str, env: &[(String, String)]) -> Instance {
        let addr: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_server"));
        command
            .env_clear()
            .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .env("BIND_ADDR", addr.to_string());
        command
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("RUST_LOG", "warn,server=info");
        // Its log goes to the test's output: a failure shows what each instance did.
        command
            .stdin(Stdio::null())
            .stdout(Stdio::inherit())
            .stderr(Stdio::inherit())
            .kill_on_drop(true);
        let child = command.spawn().expect("start the server binary");
        let instance = Instance {
            name: name.to_owned(),
            addr,
            child,
        };
        let client = reqwest::Client::new();
        let url = format!("http://{addr}/ready");
        eventually(&format!("{name} ready"), || {
            let request = client.get(&url).send();
            async move {
                request
                    .await
                    .ok()
                    .filter(|r| r.status().is_success())
                    .map(|_| ())
            }
        })
        .await;
        instance
    }

    pub fn pid(&self) -> u32 {
        self.child.id().expect("still running")
    }

    /// `kill -STOP` (`true`) or `kill -CONT` (`false`): a paused instance
    /// takes no work, so another one is known to take it.
    pub fn pause(&self, paused: bool) {
        let signal = if paused { "-STOP" } else { "-CONT" };
        let status = std::process::Command::new("kill")
            .arg(signal)
            .arg(self.pid().to_string())
            .status()
            .unwrap();
        assert!(status.success(), "kill {signal} failed");
    }

    /// `kill -9`: no chance to hand anything back.
    pub async fn kill(mut self) {
        self.child.kill().await.expect("kill -9");
    }

    /// Sends SIGTERM and waits for the exit; returns how long it took.
    pub async fn terminate(mut self) -> Duration {
        let sent = Instant::now();
        let status = std::process::Command::new("kill")
            .arg("-TERM")
            .arg(self.pid().to_string())
            .status()
            .unwrap();
        assert!(status.success(), "kill -TERM failed");
        let exit = tokio::time::timeout(PATIENCE, self.child.wait())
            .await
            .expect("exits after SIGTERM")
            .unwrap();
        assert!(exit.success(), "{} exited with {exit}", self.name);
        sent.elapsed()
    }
}

/// Round-robin TCP proxy: each new connection goes to the next backend
/// that accepts it (a dead one is skipped).
#[derive(Clone)]
pub struct Proxy {
    pub addr: SocketAddr,
    backends: Arc<Mutex<(Vec<SocketAddr>, usize)>>,
}

impl Proxy {
    pub async fn start() -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = Proxy {
            addr: listener.local_addr().unwrap(),
            backends: Arc::default(),
        };
        let shared = proxy.clone();
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let proxy = shared.clone();
                tokio::spawn(async move {
                    if let Some(mut outbound) = proxy.connect().await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        proxy
    }

    pub fn set_backends(&self, addrs: &[SocketAddr]) {
        self.backends.lock().unwrap().0 = addrs.to_vec();
    }

    fn next(&self) -> Vec<SocketAddr> {
        let mut guard = self.backends.lock().unwrap();
        let (list, turn) = &mut *guard;
        *turn += 1;
        let n = list.len();
        (0..n).map(|i| list[(*turn + i) % n]).collect()
    }

    async fn connect(&self) -> Option<TcpStream> {
        for addr in self.next() {
            if let Ok(stream) = TcpStream::connect(addr).await {
                return Some(stream);
            }
        }
        None
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}
