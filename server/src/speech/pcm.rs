//! Sample-level audio: joining segments with silence, resampling espeak-ng's
//! 22 050 Hz to the telephone's 8 000 Hz, G.711 μ-law, and the WAV container.

/// The telephone's sample rate.
pub const PHONE_RATE: u32 = 8_000;
/// Taps on each side of the resampling filter: enough for a clean cut
/// below 4 kHz, cheap enough (~3 ms for 12 s of speech).
const HALF_TAPS: i64 = 16;

/// Resamples `input` from `from` Hz to `to` Hz (`to` < `from`) with a
/// windowed-sinc low-pass at 90 % of the new Nyquist frequency, so nothing
/// above it folds back as noise. The output positions fall on `to / gcd`
/// distinct fractional phases; each phase's weights are computed once, so
/// a sample costs one multiply-add per tap.
pub fn downsample(input: &[i16], from: u32, to: u32) -> Vec<i16> {
    if input.is_empty() || from == 0 || to == 0 {
        return Vec::new();
    }
    let g = gcd(from, to);
    let (up, down) = (u64::from(from / g), u64::from(to / g));
    let table = phase_weights(f64::from(to) / f64::from(from), down);
    let taps = 2 * HALF_TAPS as usize;
    let out_len = (input.len() as u64 * down / up) as usize;
    let mut out = Vec::with_capacity(out_len);
    for n in 0..out_len as u64 {
        let centre = (n * up / down) as i64;
        let weights = &table[((n * up) % down) as usize * taps..][..taps];
        let first = centre - HALF_TAPS + 1;
        let mut acc = 0.0;
        for (j, w) in weights.iter().enumerate() {
            if let Some(sample) = usize::try_from(first + j as i64)
                .ok()
                .and_then(|k| input.get(k))
            {
                acc += w * f64::from(*sample);
            }
        }
        out.push(acc.round().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16);
    }
    out
}

/// The normalized filter weights of every phase `p / phases`, tap by tap.
fn phase_weights(ratio: f64, phases: u64) -> Vec<f64> {
    let cutoff = 0.9 * ratio / 2.0;
    let mut table = Vec::with_capacity(phases as usize * 2 * HALF_TAPS as usize);
    for p in 0..phases {
        let frac = p as f64 / phases as f64;
        let weights: Vec<f64> = (0..2 * HALF_TAPS)
            .map(|j| {
                let x = frac - (j - HALF_TAPS + 1) as f64;
                let window = 0.5 + 0.5 * (std::f64::consts::PI * x / HALF_TAPS as f64).cos();
                let arg = 2.0 * cutoff * x;
                let sinc = if arg.abs() < 1e-9 {
                    1.0
                } else {
                    (std::f64::consts::PI * arg).sin() / (std::f64::consts::PI * arg)
                };
                sinc * window
            })
            .collect();
        let norm: f64 = weights.iter().sum();
        table.extend(weights.iter().map(|w| w / norm));
    }
    table
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
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
        // 6 kHz would fold back to 2 kHz without the low-pass.
        let removed = downsample(&tone(6_000.0), 22_050, PHONE_RATE);
        assert!(rms(&removed[100..7_900]) < 300.0, "{}", rms(&removed));
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
