//! The pool of long-lived speech worker processes. At most `workers`
//! requests run and at most `queue` wait; past that a request is refused at
//! once ("busy"), so load never piles up in memory. A worker that dies or
//! hangs is killed and replaced, and its request gets one more try on a
//! fresh worker (synthesis is local and repeatable). A worker whose request
//! is cancelled half-way is killed too, never reused.
use super::worker::Job;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::sync::{Mutex, Semaphore};

/// One request may take this long before its worker counts as hung.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);
/// Audio answers are at most a few megabytes (500 characters ≈ 40 s).
const MAX_ANSWER: usize = 16 * 1024 * 1024;

/// Why the pool gave no audio.
#[derive(Debug)]
pub enum PoolError {
    /// Every worker busy and the queue full.
    Busy,
    /// The worker failed twice, or answered with an error.
    Failed(String),
}

/// The audio of one job.
pub struct Answer {
    pub duration_ms: u32,
    pub mp3: Vec<u8>,
    pub wav: Vec<u8>,
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// Worker processes behind a bounded admission.
pub struct Pool {
    exe: PathBuf,
    slots: Vec<Mutex<Option<Worker>>>,
    running: Semaphore,
    admitted: AtomicUsize,
    limit: usize,
    /// Workers started so far (replacements included), for tests and logs.
    pub spawned: AtomicUsize,
}

impl Pool {
    pub fn new(exe: PathBuf, workers: usize, queue: usize) -> Pool {
        let workers = workers.max(1);
        Pool {
            exe,
            slots: (0..workers).map(|_| Mutex::new(None)).collect(),
            running: Semaphore::new(workers),
            admitted: AtomicUsize::new(0),
            limit: workers + queue,
            spawned: AtomicUsize::new(0),
        }
    }

    /// Runs `job` on a worker, waiting in the queue when all are busy.
    ///
    /// # Errors
    /// [`PoolError::Busy`] past the bound; [`PoolError::Failed`] otherwise.
    pub async fn run(&self, job: &Job) -> Result<Answer, PoolError> {
        if self.admitted.fetch_add(1, Ordering::SeqCst) >= self.limit {
            self.admitted.fetch_sub(1, Ordering::SeqCst);
            return Err(PoolError::Busy);
        }
        let result = self.run_admitted(job).await;
        self.admitted.fetch_sub(1, Ordering::SeqCst);
        result
    }

    async fn run_admitted(&self, job: &Job) -> Result<Answer, PoolError> {
        let _permit = self
            .running
            .acquire()
            .await
            .map_err(|e| PoolError::Failed(e.to_string()))?;
        // A permit guarantees a free slot; find it.
        let mut slot = loop {
            if let Some(guard) = self.slots.iter().find_map(|s| s.try_lock().ok()) {
                break guard;
            }
            tokio::task::yield_now().await;
        };
        let request = serde_json::to_vec(job).map_err(|e| PoolError::Failed(e.to_string()))?;
        let mut last_error = String::new();
        for _ in 0..2 {
            // The worker leaves its slot for the exchange and comes back only
            // after a whole answer. If this request is cancelled half-way (a
            // client gone, a request time-out), the worker is dropped with it,
            // which kills its process (kill_on_drop): an answer left in its
            // pipe would otherwise be read as the next request's audio.
            let mut worker = match slot.take() {
                Some(worker) => worker,
                None => self.spawn().map_err(PoolError::Failed)?,
            };
            match tokio::time::timeout(REQUEST_TIMEOUT, exchange(&mut worker, &request)).await {
                Ok(Ok(answer)) => {
                    *slot = Some(worker);
                    // An error answer means the job itself is bad, not the worker.
                    return answer.map_err(PoolError::Failed);
                }
                Ok(Err(e)) => last_error = e.to_string(),
                Err(_) => last_error = "timed out".to_owned(),
            }
            tracing::warn!(error = %last_error, "speech worker lost; starting a new one");
        }
        Err(PoolError::Failed(last_error))
    }

    fn spawn(&self) -> Result<Worker, String> {
        let mut child = Command::new(&self.exe)
            .arg("speech-worker")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("starting {}: {e}", self.exe.display()))?;
        self.spawned.fetch_add(1, Ordering::SeqCst);
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Worker {
            child,
            stdin,
            stdout,
        })
    }

    /// The process ids of the running workers (tests kill one).
    pub async fn worker_pids(&self) -> Vec<u32> {
        let mut pids = Vec::new();
        for slot in &self.slots {
            if let Some(worker) = slot.lock().await.as_ref() {
                pids.extend(worker.child.id());
            }
        }
        pids
    }
}

/// One request and its answer. The outer error is the pipe (the worker is
/// gone); the inner one the worker's own refusal.
async fn exchange(worker: &mut Worker, request: &[u8]) -> std::io::Result<Result<Answer, String>> {
    worker
        .stdin
        .write_all(
            &u32::try_from(request.len())
                .unwrap_or(u32::MAX)
                .to_le_bytes(),
        )
        .await?;
    worker.stdin.write_all(request).await?;
    worker.stdin.flush().await?;
    let ok = worker.stdout.read_u8().await?;
    if ok == 0 {
        let message = read_block(&mut worker.stdout).await?;
        return Ok(Err(String::from_utf8_lossy(&message).into_owned()));
    }
    let duration_ms = worker.stdout.read_u32_le().await?;
    let mp3 = read_block(&mut worker.stdout).await?;
    let wav = read_block(&mut worker.stdout).await?;
    Ok(Ok(Answer {
        duration_ms,
        mp3,
        wav,
    }))
}

async fn read_block(stdout: &mut BufReader<ChildStdout>) -> std::io::Result<Vec<u8>> {
    let len = stdout.read_u32_le().await? as usize;
    if len > MAX_ANSWER {
        return Err(std::io::Error::other(format!("answer of {len} bytes")));
    }
    let mut block = vec![0_u8; len];
    stdout.read_exact(&mut block).await?;
    Ok(block)
}
