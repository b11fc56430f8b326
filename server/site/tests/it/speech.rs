//! Speech with the real espeak-ng through the worker pool: decodable MP3
//! and telephone WAV that are not silent, durations that grow with the
//! text, each language's own voice, the bound ("busy"), a killed worker
//! replaced, a cancelled request's audio never reaching the next, the cache.
use app::model::voice::{Voice, LANGUAGES};
use futures::future::join_all;
use server::speech::{pcm, Speech, SpeechConfig, SpeechError, SpeechRequest};
use std::path::PathBuf;

fn speech(workers: usize, queue: usize) -> Speech {
    let config = SpeechConfig {
        workers,
        queue,
        cache_bytes: 16 * 1024 * 1024,
        worker_exe: PathBuf::from(env!("CARGO_BIN_EXE_server")),
    };
    Speech::start(&config)
        .expect("espeak-ng and lame are installed (scripts/test.sh installs them)")
}

fn request(language: &str, text: &str) -> SpeechRequest {
    SpeechRequest {
        language: language.to_owned(),
        voice: Voice::Female,
        segments: vec![text.to_owned()],
    }
}

/// Walks the MPEG audio frames of `mp3`: (frames, sample rate). Every byte
/// must belong to a frame whose header is valid — what a decoder needs.
fn mp3_frames(mp3: &[u8]) -> (usize, u32) {
    const BITRATES_V2: [u32; 16] = [
        0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0,
    ];
    const RATES_V2: [u32; 4] = [22_050, 24_000, 16_000, 0];
    let (mut at, mut frames, mut rate) = (0, 0, 0);
    while at + 4 <= mp3.len() {
        let h = &mp3[at..at + 4];
        assert!(
            h[0] == 0xFF && h[1] & 0xE0 == 0xE0,
            "no frame sync at byte {at}"
        );
        assert_eq!((h[1] >> 3) & 0b11, 0b10, "MPEG-2 (22.05 kHz) expected");
        assert_eq!((h[1] >> 1) & 0b11, 0b01, "layer III expected");
        let bitrate = BITRATES_V2[usize::from(h[2] >> 4)] * 1000;
        rate = RATES_V2[usize::from((h[2] >> 2) & 0b11)];
        assert!(bitrate > 0 && rate > 0, "bad header at {at}");
        let padding = usize::from((h[2] >> 1) & 1);
        at += (72 * bitrate / rate) as usize + padding;
        frames += 1;
    }
    assert_eq!(at, mp3.len(), "a truncated last frame");
    (frames, rate)
}

/// The telephone audio as samples, after checking its header.
fn wav_samples(wav: &[u8]) -> Vec<i16> {
    assert_eq!(&wav[0..4], b"RIFF");
    assert_eq!(u16::from_le_bytes([wav[20], wav[21]]), 7, "μ-law");
    assert_eq!(u32::from_le_bytes(wav[24..28].try_into().unwrap()), 8_000);
    assert_eq!(&wav[50..54], b"data");
    wav[58..]
        .iter()
        .map(|code| pcm::mulaw_decode(*code))
        .collect()
}

#[tokio::test]
async fn every_language_speaks_real_audio_with_its_own_voice() {
    let speech = speech(2, 16);
    let mut seen = Vec::new();
    for language in LANGUAGES {
        let rendered = speech
            .render(&request(language.code, "12345 67890"))
            .await
            .unwrap_or_else(|e| panic!("{}: {e:?}", language.code));
        let (frames, rate) = mp3_frames(&rendered.mp3);
        let mp3_ms = frames as u64 * 576 * 1000 / u64::from(rate);
        assert!(
            (mp3_ms as i64 - i64::from(rendered.duration_ms)).abs() < 200,
            "{}: {mp3_ms} vs {}",
            language.code,
            rendered.duration_ms
        );
        let samples = wav_samples(&rendered.telephony_wav);
        assert!(samples.len() > 8_000, "{}: under a second", language.code);
        assert!(
            pcm::rms(&samples) > 500.0,
            "{}: silent ({})",
            language.code,
            pcm::rms(&samples)
        );
        // The same digits sound different in every language: each has its own voice.
        assert!(
            !seen.contains(&rendered.telephony_wav),
            "{} sounds like another language",
            language.code
        );
        seen.push(rendered.telephony_wav.clone());
    }
}

#[tokio::test]
async fn longer_text_is_longer_audio_and_voices_differ() {
    let speech = speech(2, 16);
    let short = speech.render(&request("id", "Halo.")).await.unwrap();
    let long = speech
        .render(&request(
            "id",
            "Halo, selamat ulang tahun! Semoga sehat selalu dan bahagia bersama keluarga di rumah.",
        ))
        .await
        .unwrap();
    assert!(
        long.duration_ms > short.duration_ms * 3,
        "{} vs {}",
        long.duration_ms,
        short.duration_ms
    );
    let male = SpeechRequest {
        voice: Voice::Male,
        ..request("id", "Halo.")
    };
    assert_ne!(
        speech.render(&male).await.unwrap().telephony_wav,
        short.telephony_wav
    );
    // Segments are joined with silence: two parts last longer than their sum.
    let parts = SpeechRequest {
        segments: vec!["Halo.".into(), "Halo.".into()],
        ..request("id", "")
    };
    assert!(speech.render(&parts).await.unwrap().duration_ms >= short.duration_ms * 2 + 500);
}

#[tokio::test]
async fn the_cache_answers_the_same_request_without_synthesis() {
    let speech = speech(1, 4);
    let first = speech
        .render(&request("en", "Hello from the cache"))
        .await
        .unwrap();
    let second = speech
        .render(&request("en", "Hello from the cache"))
        .await
        .unwrap();
    assert!(std::sync::Arc::ptr_eq(&first, &second));
    assert!(matches!(
        speech.render(&request("xx", "Hello")).await,
        Err(SpeechError::Failed(_))
    ));
}

#[tokio::test]
async fn past_workers_and_queue_requests_are_busy_at_once() {
    let speech = speech(1, 2);
    let requests: Vec<SpeechRequest> = (0..10)
        .map(|n| {
            request(
                "en",
                &format!("Burst number {n} of a long sentence to keep the worker busy for a while"),
            )
        })
        .collect();
    let results = join_all(requests.iter().map(|r| speech.render(r))).await;
    let done = results.iter().filter(|r| r.is_ok()).count();
    let busy = results
        .iter()
        .filter(|r| matches!(r, Err(SpeechError::Busy)))
        .count();
    assert_eq!(
        (done, busy),
        (3, 7),
        "one running and two waiting get through"
    );
}

#[tokio::test]
async fn a_killed_worker_is_replaced() {
    let speech = speech(1, 2);
    speech
        .render(&request("en", "Before the kill"))
        .await
        .unwrap();
    let pool = speech.pool().unwrap();
    let pids = pool.worker_pids().await;
    assert_eq!(pids.len(), 1);
    std::process::Command::new("kill")
        .args(["-9", &pids[0].to_string()])
        .status()
        .unwrap();
    let after = speech
        .render(&request("en", "After the kill"))
        .await
        .expect("a new worker answers");
    assert!(after.duration_ms > 0);
    assert_eq!(pool.spawned.load(std::sync::atomic::Ordering::SeqCst), 2);
    assert_ne!(pool.worker_pids().await, pids);
}

#[tokio::test]
async fn a_request_cancelled_mid_synthesis_never_hands_its_audio_to_the_next() {
    let speech = speech(1, 2);
    speech
        .render(&request("en", "Start the worker"))
        .await
        .unwrap();
    // Dropped while the worker is still speaking (a client gone, a request time-out).
    let long = SpeechRequest {
        segments: vec!["A long message spoken slowly, one word after another. ".repeat(9); 4],
        ..request("en", "")
    };
    let cancelled =
        tokio::time::timeout(std::time::Duration::from_millis(20), speech.render(&long)).await;
    assert!(
        cancelled.is_err(),
        "the long message finished within 20 ms; the test needs it cut off"
    );
    let next = request("en", "The next message");
    let got = speech.render(&next).await.unwrap();
    let fresh = speech_uncached().render(&next).await.unwrap();
    let (got_ms, fresh_ms) = (got.duration_ms, fresh.duration_ms);
    assert!(
        got.telephony_wav == fresh.telephony_wav,
        "the next request got other audio ({got_ms} ms, its own is {fresh_ms} ms)"
    );
}

fn speech_uncached() -> Speech {
    Speech::start(&SpeechConfig {
        workers: 1,
        queue: 0,
        cache_bytes: 0,
        worker_exe: PathBuf::from(env!("CARGO_BIN_EXE_server")),
    })
    .unwrap()
}
