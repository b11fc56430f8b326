//! Text to speech with espeak-ng: a bounded pool of long-lived worker
//! processes ([`pool`]) in front of a content-addressed cache. The same
//! words in the same voice are synthesized once; the audio comes as MP3 for
//! browsers and 8 kHz μ-law WAV for telephone calls.
pub mod engine;
pub mod pcm;
pub mod pool;
pub mod voices;
pub mod worker;

use crate::signing::hex;
use app_core::model::voice::Voice;
use sha2::{Digest as _, Sha256};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// Changes whenever the audio for the same request would change (voices,
/// encoder settings), so cached audio of an older engine is never served.
const ENGINE_VERSION: &str = "espeak-ng-1.51/lame-32k-q7/mulaw-8k/v2";
/// Silence between the parts of a call (disclosure, message, menu).
const GAP_MS: u32 = 600;

pub use crate::config::SpeechConfig;

/// What to speak.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpeechRequest {
    /// One of `app_core::model::voice::LANGUAGES`.
    pub language: String,
    pub voice: Voice,
    /// Spoken in order with a short silence between them.
    pub segments: Vec<String>,
}

/// Synthesized audio.
#[derive(Debug)]
pub struct Rendered {
    /// The content hash the cache knows it by.
    pub key: String,
    /// MPEG audio for `<audio>` elements.
    pub mp3: Vec<u8>,
    /// 8 kHz mono G.711 μ-law WAV for the phone.
    pub telephony_wav: Vec<u8>,
    pub duration_ms: u32,
}

/// Why there is no audio.
#[derive(Debug)]
pub enum SpeechError {
    /// Every worker busy and the queue full: try again in a moment.
    Busy,
    /// This server has no espeak-ng.
    Unavailable,
    /// The language is unknown, or synthesis failed.
    Failed(String),
}

/// The speech service of a running server.
pub struct Speech {
    pool: Option<pool::Pool>,
    cache: Mutex<Cache>,
}

impl Speech {
    /// A pool for `config` after checking this machine has espeak-ng and
    /// lame (workers start on first use).
    ///
    /// # Errors
    /// A library is missing or the worker program does not exist.
    pub fn start(config: &SpeechConfig) -> anyhow::Result<Speech> {
        engine::Engine::check().map_err(|e| anyhow::anyhow!(e))?;
        anyhow::ensure!(
            config.worker_exe.is_file(),
            "speech worker {} not found",
            config.worker_exe.display()
        );
        Ok(Speech {
            pool: Some(pool::Pool::new(
                config.worker_exe.clone(),
                config.workers,
                config.queue,
            )),
            cache: Mutex::new(Cache::new(config.cache_bytes)),
        })
    }

    /// A server without speech: every request is [`SpeechError::Unavailable`].
    pub fn unavailable() -> Speech {
        Speech {
            pool: None,
            cache: Mutex::new(Cache::new(0)),
        }
    }

    /// The pool, for tests and benchmarks.
    pub fn pool(&self) -> Option<&pool::Pool> {
        self.pool.as_ref()
    }

    /// The audio of `request`, from the cache or synthesized now.
    ///
    /// # Errors
    /// See [`SpeechError`].
    pub async fn render(&self, request: &SpeechRequest) -> Result<Arc<Rendered>, SpeechError> {
        let pool = self.pool.as_ref().ok_or(SpeechError::Unavailable)?;
        let voice = voices::espeak_voice(&request.language, request.voice)
            .ok_or_else(|| SpeechError::Failed(format!("language {:?}", request.language)))?;
        let key = cache_key(&voice, &request.segments);
        if let Some(hit) = self
            .cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&key)
        {
            return Ok(hit);
        }
        let job = worker::Job {
            voice,
            segments: request.segments.clone(),
            gap_ms: GAP_MS,
        };
        let answer = pool.run(&job).await.map_err(|e| match e {
            pool::PoolError::Busy => SpeechError::Busy,
            pool::PoolError::Failed(message) => SpeechError::Failed(message),
        })?;
        let rendered = Arc::new(Rendered {
            key: key.clone(),
            mp3: answer.mp3,
            telephony_wav: answer.wav,
            duration_ms: answer.duration_ms,
        });
        self.cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .put(key, rendered.clone());
        Ok(rendered)
    }
}

fn cache_key(voice: &str, segments: &[String]) -> String {
    let mut hash = Sha256::new();
    for part in [ENGINE_VERSION, voice]
        .into_iter()
        .chain(segments.iter().map(String::as_str))
    {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part.as_bytes());
    }
    hex(&hash.finalize())
}

/// Audio by content hash, bounded in bytes; the oldest entries go first.
struct Cache {
    entries: HashMap<String, Arc<Rendered>>,
    order: VecDeque<String>,
    bytes: usize,
    limit: usize,
}

impl Cache {
    fn new(limit: usize) -> Cache {
        Cache {
            entries: HashMap::new(),
            order: VecDeque::new(),
            bytes: 0,
            limit,
        }
    }

    fn get(&self, key: &str) -> Option<Arc<Rendered>> {
        self.entries.get(key).cloned()
    }

    fn put(&mut self, key: String, rendered: Arc<Rendered>) {
        let size = rendered.mp3.len() + rendered.telephony_wav.len();
        if size > self.limit || self.entries.contains_key(&key) {
            return;
        }
        while self.bytes + size > self.limit {
            let Some(oldest) = self.order.pop_front() else {
                break;
            };
            if let Some(gone) = self.entries.remove(&oldest) {
                self.bytes -= gone.mp3.len() + gone.telephony_wav.len();
            }
        }
        self.bytes += size;
        self.order.push_back(key.clone());
        self.entries.insert(key, rendered);
    }
}
