//! Sample-level audio: joining segments with silence, resampling espeak-ng's
//! 22 050 Hz to the telephone's 8 000 Hz (rubato), G.711 μ-law, and the WAV
//! container.

/// The telephone's sample rate.
pub const PHONE_RATE: u32 = 8_000;
/// Length of rubato's sinc filter. Measured against the 32-tap windowed
/// sinc this module had before (`tools/resample-bench`, 12 s of speech,
/// release build, a shared 2-core machine): 3.5-7.5 ms against 2 ms, next
/// to a synthesis of hundreds of ms; 3.4 kHz kept at -2.5 dB against
/// -3.8 dB, a 5 kHz tone (folding back to 3 kHz) removed to -96 dB against
/// -44 dB; both pass 300 Hz-1 kHz untouched. 64 taps take about a third
/// less time but cut 3.4 kHz to -9.8 dB, audible on a phone line.
const SINC_LEN: usize = 128;

/// Resamples `input` from `from` Hz to `to` Hz (`to` < `from`) with rubato's
/// band-limited sinc interpolation (cutoff chosen by rubato for the filter
/// length, Blackman-Harris window), so nothing above the new Nyquist
/// frequency folds back as noise. The filter's delay is trimmed: the
/// output starts with the input's first sample. Empty on a rate of 0.
pub fn downsample(input: &[i16], from: u32, to: u32) -> Vec<i16> {
    use rubato::audioadapter_buffers::direct::InterleavedSlice;
    use rubato::{Async, FixedAsync, Resampler as _, SincInterpolationParameters};
    use rubato::{SincInterpolationType, WindowFunction};
    if input.is_empty() || from == 0 || to == 0 {
        return Vec::new();
    }
    let params = SincInterpolationParameters {
        sinc_len: SINC_LEN,
        f_cutoff: None,
        oversampling_factor: 128,
        interpolation: SincInterpolationType::Linear,
        window: WindowFunction::BlackmanHarris2,
    };
    let ratio = f64::from(to) / f64::from(from);
    let Ok(mut resampler) = Async::<f32>::new_sinc(ratio, 1.0, &params, 1024, 1, FixedAsync::Input)
    else {
        return Vec::new();
    };
    let samples: Vec<f32> = input.iter().map(|s| f32::from(*s) / 32_768.0).collect();
    let mut out = vec![0.0_f32; resampler.process_all_needed_output_len(samples.len())];
    let frames = out.len();
    let produced = match (
        InterleavedSlice::new(&samples, 1, samples.len()),
        InterleavedSlice::new_mut(&mut out, 1, frames),
    ) {
        (Ok(source), Ok(mut target)) => resampler
            .process_all_into_buffer(&source, &mut target, samples.len(), None)
            .map_or(0, |(_, produced)| produced),
        _ => 0,
    };
    out.truncate(produced);
    out.iter()
        .map(|s| (s * 32_768.0).round().clamp(-32_768.0, 32_767.0) as i16)
        .collect()
}

/// G.711 μ-law code of a 16-bit sample.
pub fn mulaw(sample: i16) -> u8 {
    const BIAS: i32 = 0x84;
    const CLIP: i32 = 32_635;
    let mut s = i32::from(sample);
    let sign = if s < 0 {
        s = -s;
        0x80
    } else {
        0
    };
    s = s.min(CLIP) + BIAS;
    // The segment is the position of the highest set bit above bit 7.
    let highest = 31 - s.leading_zeros() as i32;
    let exponent = (highest - 7).clamp(0, 7);
    let mantissa = (s >> (exponent + 3)) & 0x0F;
    !(sign | (exponent << 4) | mantissa) as u8
}

/// The 16-bit sample a μ-law code stands for (tests; a listener's view).
pub fn mulaw_decode(code: u8) -> i16 {
    let code = !code;
    let sign = code & 0x80;
    let exponent = i32::from((code >> 4) & 0x07);
    let mantissa = i32::from(code & 0x0F);
    let magnitude = (((mantissa << 3) + 0x84) << exponent) - 0x84;
    if sign != 0 {
        -magnitude as i16
    } else {
        magnitude as i16
    }
}

/// A mono 8 kHz G.711 μ-law WAV file (format 7 with its `fact` chunk).
pub fn mulaw_wav(samples: &[i16]) -> Vec<u8> {
    let data: Vec<u8> = samples.iter().map(|s| mulaw(*s)).collect();
    let len = u32::try_from(data.len()).unwrap_or(u32::MAX);
    let mut out = Vec::with_capacity(data.len() + 58);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(50 + len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&18_u32.to_le_bytes());
    out.extend_from_slice(&7_u16.to_le_bytes()); // WAVE_FORMAT_MULAW
    out.extend_from_slice(&1_u16.to_le_bytes()); // mono
    out.extend_from_slice(&PHONE_RATE.to_le_bytes());
    out.extend_from_slice(&PHONE_RATE.to_le_bytes()); // bytes per second
    out.extend_from_slice(&1_u16.to_le_bytes()); // block align
    out.extend_from_slice(&8_u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(&0_u16.to_le_bytes()); // no extension
    out.extend_from_slice(b"fact");
    out.extend_from_slice(&4_u32.to_le_bytes());
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&data);
    out
}

/// Root mean square of `samples` (0 for silence).
pub fn rms(samples: &[i16]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    (samples.iter().map(|s| f64::from(*s).powi(2)).sum::<f64>() / samples.len() as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mulaw_matches_g711_reference_codes() {
        assert_eq!(mulaw(0), 0xFF);
        assert_eq!(mulaw(-1), 0x7F);
        assert_eq!(mulaw(i16::MAX), 0x80);
        assert_eq!(mulaw(i16::MIN), 0x00);
        assert_eq!(mulaw(1000), 0xCE);
        assert_eq!(mulaw(-1000), 0x4E);
        // Decoding gives the segment's value back within its quantization step.
        for sample in [-30_000_i16, -5_000, -100, 0, 100, 5_000, 30_000] {
            let back = i32::from(mulaw_decode(mulaw(sample)));
            assert!(
                (back - i32::from(sample)).abs() <= i32::from(sample).abs() / 16 + 8,
                "{sample} -> {back}"
            );
        }
    }

    #[test]
    fn downsampling_keeps_speech_band_tones_and_removes_high_ones() {
        let tone = |hz: f64| -> Vec<i16> {
            (0..22_050)
                .map(|n| {
                    (10_000.0 * (2.0 * std::f64::consts::PI * hz * f64::from(n) / 22_050.0).sin())
                        as i16
                })
                .collect()
        };
        let kept = downsample(&tone(440.0), 22_050, PHONE_RATE);
        assert_eq!(kept.len(), 8_000);
        assert!(
            (rms(&kept[100..7_900]) - 7_071.0).abs() < 300.0,
            "{}",
            rms(&kept)
        );
        // 6 kHz would fold back to 2 kHz and 5 kHz to 3 kHz without the
        // low-pass: both end below μ-law's own quantization noise (-60 dB).
        for hz in [5_000.0, 6_000.0] {
            let removed = downsample(&tone(hz), 22_050, PHONE_RATE);
            assert!(rms(&removed[100..7_900]) < 7.0, "{hz}: {}", rms(&removed));
        }
        // The edge of the telephone band is kept (within 3 dB).
        let edge = downsample(&tone(3_400.0), 22_050, PHONE_RATE);
        assert!(rms(&edge[100..7_900]) > 5_000.0, "{}", rms(&edge));
    }

    #[test]
    fn wav_header_describes_mulaw_at_8_khz() {
        let wav = mulaw_wav(&[0, 1000, -1000]);
        assert_eq!(&wav[0..4], b"RIFF");
        assert_eq!(
            u32::from_le_bytes(wav[4..8].try_into().unwrap()) as usize,
            wav.len() - 8
        );
        assert_eq!(&wav[8..16], b"WAVEfmt ");
        assert_eq!(u16::from_le_bytes([wav[20], wav[21]]), 7);
        assert_eq!(u32::from_le_bytes(wav[24..28].try_into().unwrap()), 8_000);
        assert_eq!(&wav[50..54], b"data");
        assert_eq!(&wav[58..], &[0xFF, 0xCE, 0x4E]);
    }
}
