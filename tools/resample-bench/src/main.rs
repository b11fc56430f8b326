//! espeak-ng's 22 050 Hz to the telephone's 8 000 Hz, ours against rubato's
//! sinc resampler (printed, not asserted): the median time for 12 s of
//! audio, the level kept of speech-band tones (300 Hz, 1 kHz, 3.4 kHz, in
//! dB: 0 is all of it) and of tones above the new Nyquist frequency that
//! would fold back into the band (5 kHz, 6 kHz, 9 kHz: lower is better).
#[allow(dead_code)]
#[path = "../../../server/src/speech/pcm.rs"]
mod pcm;
mod windowed_sinc;

use rubato::audioadapter_buffers::direct::InterleavedSlice;
use rubato::{
    Async, FixedAsync, Resampler, SincInterpolationParameters, SincInterpolationType,
    WindowFunction,
};
use std::time::{Duration, Instant};

const FROM: u32 = 22_050;
const TO: u32 = pcm::PHONE_RATE;
const SECONDS: usize = 12;
const RUNS: usize = 15;

fn tone(hz: f64, seconds: usize) -> Vec<i16> {
    (0..FROM as usize * seconds)
        .map(|n| {
            let t = n as f64 / f64::from(FROM);
            (10_000.0 * (2.0 * std::f64::consts::PI * hz * t).sin()) as i16
        })
        .collect()
}

/// rubato's asynchronous sinc resampler as the worker sets it up, with
/// another filter length at a fixed ratio, `sinc_len` taps.
fn rubato(input: &[i16], sinc_len: usize) -> Vec<i16> {
    let params = SincInterpolationParameters {
        sinc_len,
        f_cutoff: None,
        oversampling_factor: 128,
        interpolation: SincInterpolationType::Linear,
        window: WindowFunction::BlackmanHarris2,
    };
    let ratio = f64::from(TO) / f64::from(FROM);
    let mut r =
        Async::<f32>::new_sinc(ratio, 1.0, &params, 1024, 1, FixedAsync::Input).expect("resampler");
    let samples: Vec<f32> = input.iter().map(|s| f32::from(*s) / 32_768.0).collect();
    let input_adapter = InterleavedSlice::new(&samples, 1, samples.len()).expect("input");
    let mut out = vec![0.0_f32; r.process_all_needed_output_len(samples.len())];
    let frames = out.len();
    let mut output_adapter = InterleavedSlice::new_mut(&mut out, 1, frames).expect("output");
    let (_, produced) = r
        .process_all_into_buffer(&input_adapter, &mut output_adapter, samples.len(), None)
        .expect("resample");
    out.truncate(produced);
    out.iter()
        .map(|s| (s * 32_768.0).round().clamp(-32_768.0, 32_767.0) as i16)
        .collect()
}

/// A resampler under test: 22 050 Hz samples in, 8 000 Hz out.
type Resample<'a> = &'a dyn Fn(&[i16]) -> Vec<i16>;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn timed(f: &dyn Fn(&[i16]) -> Vec<i16>, input: &[i16]) -> Duration {
    median(
        (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(f(std::hint::black_box(input)));
                start.elapsed()
            })
            .collect(),
    )
}

/// Level of `hz` after resampling, relative to the input's, in dB.
fn level_db(f: &dyn Fn(&[i16]) -> Vec<i16>, hz: f64) -> f64 {
    let out = f(&tone(hz, 1));
    let middle = &out[200..out.len() - 200];
    20.0 * (pcm::rms(middle) / (10_000.0 / 2_f64.sqrt()))
        .max(1e-9)
        .log10()
}

fn main() {
    let before = |x: &[i16]| windowed_sinc::windowed_sinc(x, FROM, TO);
    let worker = |x: &[i16]| pcm::downsample(x, FROM, TO);
    let r32 = |x: &[i16]| rubato(x, 32);
    let r64 = |x: &[i16]| rubato(x, 64);
    let speech = tone(440.0, SECONDS);
    let candidates: [(&str, Resample<'_>); 4] = [
        ("hand-rolled 32-tap windowed sinc (before)", &before),
        ("rubato sinc_len 32", &r32),
        ("rubato sinc_len 64", &r64),
        ("rubato sinc_len 128 (the worker's)", &worker),
    ];
    println!("{SECONDS} s of {FROM} Hz mono to {TO} Hz, median of {RUNS} runs");
    println!("| resampler | time | 300 Hz | 1 kHz | 3.4 kHz | 5 kHz | 6 kHz | 9 kHz |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (name, f) in candidates {
        let levels: Vec<String> = [300.0, 1_000.0, 3_400.0, 5_000.0, 6_000.0, 9_000.0]
            .iter()
            .map(|hz| format!("{:.1} dB", level_db(f, *hz)))
            .collect();
        println!(
            "| {name} | {:.2} ms | {} |",
            timed(f, &speech).as_secs_f64() * 1000.0,
            levels.join(" | ")
        );
    }
}
