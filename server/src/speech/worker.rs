//! A speech worker process (`server speech-worker`): loads espeak-ng and
//! lame once, then answers framed requests on stdin/stdout until stdin
//! closes. One request at a time; the pool runs several workers.
//!
//! Frames: a request is a little-endian `u32` length and that much JSON
//! ([`Job`]); the answer is `1`, `u32` duration in ms, `u32` + MP3, `u32` +
//! WAV — or `0`, `u32` + an error text.
use super::engine::Engine;
use super::pcm;
use serde::{Deserialize, Serialize};
use std::io::{self, Read, Write};

/// The largest request accepted (a message is at most a few kilobytes).
const MAX_REQUEST: usize = 64 * 1024;

/// What a worker is asked to speak.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Job {
    /// An espeak-ng voice with its variant (`id+f3`).
    pub voice: String,
    pub segments: Vec<String>,
    /// Silence between segments.
    pub gap_ms: u32,
}

/// The audio a worker made.
pub struct Made {
    pub duration_ms: u32,
    pub mp3: Vec<u8>,
    pub wav: Vec<u8>,
}

/// Speaks `job` with `engine`.
///
/// # Errors
/// A synthesis or encoding error.
pub fn make(engine: &Engine, job: &Job) -> Result<Made, String> {
    let gap = vec![0_i16; (engine.sample_rate as usize) * job.gap_ms as usize / 1000];
    let mut samples = Vec::new();
    for (i, segment) in job.segments.iter().enumerate() {
        if i > 0 {
            samples.extend_from_slice(&gap);
        }
        samples.extend(engine.speak(&job.voice, segment)?);
    }
    let mp3 = engine.mp3(&samples)?;
    let wav = pcm::mulaw_wav(&pcm::downsample(
        &samples,
        engine.sample_rate,
        pcm::PHONE_RATE,
    ));
    let duration_ms = u32::try_from(samples.len() as u64 * 1000 / u64::from(engine.sample_rate))
        .unwrap_or(u32::MAX);
    Ok(Made {
        duration_ms,
        mp3,
        wav,
    })
}

/// The worker's main loop. Returns when stdin closes.
///
/// # Errors
/// The libraries cannot be loaded, or stdout is gone.
pub fn run_stdio() -> Result<(), String> {
    let engine = Engine::load()?;
    let (mut input, mut output) = (io::stdin().lock(), io::stdout().lock());
    loop {
        let mut len = [0_u8; 4];
        if input.read_exact(&mut len).is_err() {
            return Ok(());
        }
        let len = u32::from_le_bytes(len) as usize;
        if len > MAX_REQUEST {
            return Err(format!("request of {len} bytes"));
        }
        let mut body = vec![0_u8; len];
        input.read_exact(&mut body).map_err(|e| e.to_string())?;
        let answer = serde_json::from_slice::<Job>(&body)
            .map_err(|e| e.to_string())
            .and_then(|job| make(&engine, &job));
        write_answer(&mut output, answer).map_err(|e| e.to_string())?;
    }
}

fn write_answer(out: &mut impl Write, answer: Result<Made, String>) -> io::Result<()> {
    let len = |n: usize| u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes();
    match answer {
        Ok(made) => {
            out.write_all(&[1])?;
            out.write_all(&made.duration_ms.to_le_bytes())?;
            out.write_all(&len(made.mp3.len()))?;
            out.write_all(&made.mp3)?;
            out.write_all(&len(made.wav.len()))?;
            out.write_all(&made.wav)?;
        }
        Err(message) => {
            out.write_all(&[0])?;
            out.write_all(&len(message.len()))?;
            out.write_all(message.as_bytes())?;
        }
    }
    out.flush()
}
