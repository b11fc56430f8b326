//! An SMTP receiver stand-in that records every message it accepted with its
//! recipients and `Message-ID`, and can hold back its answer to the message
//! (recorded first, as a receiver that got it). A receiving mail system shows
//! a repeated `Message-ID` once: [`FakeSmtp::mails_to`] counts distinct ids.
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader};
use tokio::net::{TcpListener, TcpStream};

#[derive(Clone, Debug)]
pub struct Received {
    /// The envelope sender (each instance has its own).
    pub from: String,
    pub to: Vec<String>,
    pub message_id: String,
}

#[derive(Clone, Default)]
pub struct FakeSmtp {
    received: Arc<Mutex<Vec<Received>>>,
    /// Milliseconds the answer to a message is held back.
    hold_ms: Arc<AtomicU64>,
    /// Messages recorded whose answer has not been written yet.
    unanswered: Arc<AtomicUsize>,
}

impl FakeSmtp {
    /// Listens on a free port; returns the fake and its port.
    pub async fn start() -> (FakeSmtp, u16) {
        let fake = FakeSmtp::default();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let shared = fake.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let fake = shared.clone();
                tokio::spawn(async move { fake.session(stream).await });
            }
        });
        (fake, port)
    }

    pub fn hold(&self, delay: Duration) {
        self.hold_ms
            .store(u64::try_from(delay.as_millis()).unwrap(), Ordering::Relaxed);
    }

    pub fn unanswered(&self) -> usize {
        self.unanswered.load(Ordering::Relaxed)
    }

    /// The sender of the first delivery to `to`.
    pub fn first_sender_to(&self, to: &str) -> Option<String> {
        self.deliveries_to(to).first().map(|r| r.from.clone())
    }

    /// Every delivery to `to`, repeats included.
    pub fn deliveries_to(&self, to: &str) -> Vec<Received> {
        let received = self.received.lock().unwrap();
        received
            .iter()
            .filter(|r| r.to.iter().any(|t| t == to))
            .cloned()
            .collect()
    }

    /// The mails `to` sees: deliveries with distinct `Message-ID`s.
    pub fn mails_to(&self, to: &str) -> usize {
        let ids: BTreeSet<String> = self
            .deliveries_to(to)
            .into_iter()
            .map(|r| r.message_id)
            .collect();
        ids.len()
    }

    async fn session(&self, stream: TcpStream) {
        let (read, mut write) = stream.into_split();
        let mut lines = BufReader::new(read).lines();
        let _ = write.write_all(b"220 fake-smtp ready\r\n").await;
        let (mut from, mut to) = (String::new(), Vec::new());
        while let Ok(Some(line)) = lines.next_line().await {
            let verb = line.get(..4).unwrap_or_default().to_ascii_uppercase();
            let answer: &[u8] = match verb.as_str() {
                "EHLO" | "HELO" => b"250 fake-smtp\r\n",
                "MAIL" => {
                    from = address_in(&line);
                    b"250 ok\r\n"
                }
                "RCPT" => {
                    to.push(address_in(&line));
                    b"250 ok\r\n"
                }
                "DATA" => {
                    let _ = write.write_all(b"354 go on\r\n").await;
                    let message_id = read_message(&mut lines).await;
                    let received = Received {
                        from: from.clone(),
                        to: std::mem::take(&mut to),
                        message_id,
                    };
                    self.record(received).await;
                    b"250 queued\r\n"
                }
                "QUIT" => {
                    let _ = write.write_all(b"221 bye\r\n").await;
                    return;
                }
                _ => b"250 ok\r\n",
            };
            if write.write_all(answer).await.is_err() {
                return;
            }
        }
    }

    /// Records a message, then holds the answer back as set.
    async fn record(&self, received: Received) {
        self.received.lock().unwrap().push(received);
        self.unanswered.fetch_add(1, Ordering::Relaxed);
        let hold = self.hold_ms.load(Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(hold)).await;
        self.unanswered.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The address between `<` and `>` of a `MAIL FROM` or `RCPT TO` line.
fn address_in(line: &str) -> String {
    line.split(['<', '>'])
        .nth(1)
        .unwrap_or_default()
        .to_lowercase()
}

/// Reads a message up to its lone `.` line; returns its `Message-ID`.
async fn read_message(
    lines: &mut tokio::io::Lines<BufReader<tokio::net::tcp::OwnedReadHalf>>,
) -> String {
    let mut message_id = String::new();
    while let Ok(Some(line)) = lines.next_line().await {
        if line == "." {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("message-id") {
                value.trim().clone_into(&mut message_id);
            }
        }
    }
    message_id
}
