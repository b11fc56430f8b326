//! The speech engine's settings: its worker processes, queue and cache.
use std::path::PathBuf;

/// `SPEECH_*` settings.
#[derive(Clone, Debug)]
pub struct SpeechConfig {
    /// Worker processes (`SPEECH_WORKERS`, default: the CPU cores).
    pub workers: usize,
    /// Requests that may wait for a worker (`SPEECH_QUEUE`, 16); more are "busy".
    pub queue: usize,
    /// Bytes of audio kept in the cache (`SPEECH_CACHE_MB`, 64).
    pub cache_bytes: usize,
    /// The program started as `<exe> speech-worker` (`SPEECH_WORKER_EXE`,
    /// default: this server's own executable).
    pub worker_exe: PathBuf,
}

impl SpeechConfig {
    /// Reads the `SPEECH_*` variables.
    ///
    /// # Errors
    /// A value that is not a number.
    pub fn from_vars(var: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<SpeechConfig> {
        let get = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        let number = |name: &str, default: usize| -> anyhow::Result<usize> {
            get(name).map_or(Ok(default), |v| {
                v.trim()
                    .parse()
                    .map_err(|_| anyhow::anyhow!("{name}={v:?} is not a number"))
            })
        };
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        Ok(SpeechConfig {
            workers: number("SPEECH_WORKERS", cores)?.max(1),
            queue: number("SPEECH_QUEUE", 16)?,
            cache_bytes: number("SPEECH_CACHE_MB", 64)? * 1024 * 1024,
            worker_exe: get("SPEECH_WORKER_EXE")
                .map(PathBuf::from)
                .or_else(|| std::env::current_exe().ok())
                .unwrap_or_default(),
        })
    }
}
