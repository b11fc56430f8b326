//! The two C libraries a speech worker drives, loaded at run time so the
//! server builds (and runs, without speech) where they are not installed:
//! libespeak-ng (Debian `libespeak-ng1` + `espeak-ng-data`) and libmp3lame
//! (`libmp3lame0`). espeak-ng keeps global state, so one process runs one
//! synthesis at a time: the pool runs several worker processes instead.
//!
//! The only `unsafe` code of the project: calls into C, each with its SAFETY note.
#![allow(unsafe_code)]
#![allow(elided_lifetimes_in_paths)]
use libloading::{Library, Symbol};
use std::cell::RefCell;
use std::ffi::{c_char, c_int, c_uint, c_void, CString};

/// lame's encoder state (`lame_global_flags *`).
type LameFlags = *mut c_void;

/// espeak-ng calls back with each chunk of samples (synchronous mode).
type SynthCallback = unsafe extern "C" fn(*mut i16, c_int, *mut c_void) -> c_int;

const AUDIO_OUTPUT_SYNCHRONOUS: c_int = 2;
const ESPEAK_CHARS_UTF8: c_uint = 1;
const POS_CHARACTER: c_int = 1;
const MPEG_MONO: c_int = 3;

thread_local! {
    /// Where the callback puts samples; the worker is single-threaded.
    static SAMPLES: RefCell<Vec<i16>> = const { RefCell::new(Vec::new()) };
}

unsafe extern "C" fn collect(wav: *mut i16, count: c_int, _events: *mut c_void) -> c_int {
    if !wav.is_null() && count > 0 {
        // SAFETY: espeak-ng hands `count` valid samples at `wav` for the call.
        let chunk = unsafe { std::slice::from_raw_parts(wav, usize::try_from(count).unwrap_or(0)) };
        SAMPLES.with(|s| s.borrow_mut().extend_from_slice(chunk));
    }
    0
}

/// A loaded espeak-ng and lame.
pub struct Engine {
    espeak: Library,
    lame: Library,
    /// espeak-ng's output rate (22 050 Hz with the Debian data).
    pub sample_rate: u32,
}

impl Engine {
    /// Whether both libraries can be loaded here, without initializing
    /// espeak-ng (which must happen in one thread of one process only).
    ///
    /// # Errors
    /// A library or one of its functions is missing.
    pub fn check() -> Result<(), String> {
        // SAFETY: loading well-known system libraries whose initializers are sound;
        // nothing is called.
        unsafe {
            let espeak =
                Library::new("libespeak-ng.so.1").map_err(|e| format!("libespeak-ng: {e}"))?;
            espeak
                .get::<unsafe extern "C" fn()>(b"espeak_Synth")
                .map_err(|e| e.to_string())?;
            let lame = Library::new("libmp3lame.so.0").map_err(|e| format!("libmp3lame: {e}"))?;
            lame.get::<unsafe extern "C" fn()>(b"lame_encode_buffer")
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// Loads both libraries and initializes espeak-ng.
    ///
    /// # Errors
    /// A library is missing, or espeak-ng finds no data.
    pub fn load() -> Result<Engine, String> {
        // SAFETY: loading well-known system libraries whose initializers are sound.
        let espeak = unsafe { Library::new("libespeak-ng.so.1") }
            .map_err(|e| format!("libespeak-ng: {e}"))?;
        let lame =
            unsafe { Library::new("libmp3lame.so.0") }.map_err(|e| format!("libmp3lame: {e}"))?;
        // SAFETY: signatures as in espeak-ng's speak_lib.h.
        let rate = unsafe {
            let init: Symbol<unsafe extern "C" fn(c_int, c_int, *const c_char, c_int) -> c_int> =
                espeak
                    .get(b"espeak_Initialize")
                    .map_err(|e| e.to_string())?;
            let rate = init(AUDIO_OUTPUT_SYNCHRONOUS, 0, std::ptr::null(), 0);
            let set_callback: Symbol<unsafe extern "C" fn(SynthCallback)> = espeak
                .get(b"espeak_SetSynthCallback")
                .map_err(|e| e.to_string())?;
            set_callback(collect);
            rate
        };
        let sample_rate = u32::try_from(rate)
            .ok()
            .filter(|r| *r > 0)
            .ok_or("espeak-ng did not initialize (no data?)")?;
        Ok(Engine {
            espeak,
            lame,
            sample_rate,
        })
    }

    /// Speaks `text` with `voice` (`id+f3`): 16-bit mono samples.
    ///
    /// # Errors
    /// An unknown voice or a synthesis error.
    pub fn speak(&self, voice: &str, text: &str) -> Result<Vec<i16>, String> {
        let voice = CString::new(voice).map_err(|e| e.to_string())?;
        let text = CString::new(text.replace('\0', " ")).map_err(|e| e.to_string())?;
        SAMPLES.with(|s| s.borrow_mut().clear());
        // SAFETY: signatures as in speak_lib.h; `text` outlives the synchronous call.
        unsafe {
            let set_voice: Symbol<unsafe extern "C" fn(*const c_char) -> c_int> = self
                .espeak
                .get(b"espeak_SetVoiceByName")
                .map_err(|e| e.to_string())?;
            if set_voice(voice.as_ptr()) != 0 {
                return Err(format!("unknown voice {voice:?}"));
            }
            type Synth = unsafe extern "C" fn(
                *const c_void,
                usize,
                c_uint,
                c_int,
                c_uint,
                c_uint,
                *mut c_uint,
                *mut c_void,
            ) -> c_int;
            let synth: Symbol<Synth> = self
                .espeak
                .get(b"espeak_Synth")
                .map_err(|e| e.to_string())?;
            let bytes = text.as_bytes_with_nul();
            let status = synth(
                bytes.as_ptr().cast(),
                bytes.len(),
                0,
                POS_CHARACTER,
                0,
                ESPEAK_CHARS_UTF8,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            );
            if status != 0 {
                return Err(format!("espeak_Synth failed ({status})"));
            }
        }
        Ok(SAMPLES.with(|s| std::mem::take(&mut *s.borrow_mut())))
    }

    /// MP3 of `samples` at the engine's rate: mono, 32 kbit/s, fast quality.
    ///
    /// # Errors
    /// lame refuses the settings or the data.
    pub fn mp3(&self, samples: &[i16]) -> Result<Vec<u8>, String> {
        // SAFETY: the encoder comes from a successful `lame_init_params` and
        // `encode_and_close` closes it.
        unsafe {
            let flags = self.open_encoder()?;
            self.encode_and_close(flags, samples)
        }
    }

    /// A lame encoder set up for mono 32 kbit/s at the engine's rate.
    ///
    /// # Safety
    /// The caller closes the encoder with `lame_close`.
    unsafe fn open_encoder(&self) -> Result<LameFlags, String> {
        // SAFETY: signatures as in lame.h; `flags` is closed here when its
        // parameters are refused, else by the caller.
        unsafe {
            let sym = |name: &[u8]| {
                self.lame
                    .get::<unsafe extern "C" fn(LameFlags, c_int) -> c_int>(name)
                    .map_err(|e| e.to_string())
            };
            let init: Symbol<unsafe extern "C" fn() -> LameFlags> =
                self.lame.get(b"lame_init").map_err(|e| e.to_string())?;
            let flags = init();
            if flags.is_null() {
                return Err("lame_init failed".into());
            }
            let rate = c_int::try_from(self.sample_rate).unwrap_or(22_050);
            sym(b"lame_set_in_samplerate")?(flags, rate);
            sym(b"lame_set_num_channels")?(flags, 1);
            sym(b"lame_set_mode")?(flags, MPEG_MONO);
            sym(b"lame_set_brate")?(flags, 32);
            sym(b"lame_set_quality")?(flags, 7);
            // No blank Xing/Info frame at the start: the buffer API cannot fill it in.
            sym(b"lame_set_bWriteVbrTag")?(flags, 0);
            let params: Symbol<unsafe extern "C" fn(LameFlags) -> c_int> = self
                .lame
                .get(b"lame_init_params")
                .map_err(|e| e.to_string())?;
            let close: Symbol<unsafe extern "C" fn(LameFlags) -> c_int> =
                self.lame.get(b"lame_close").map_err(|e| e.to_string())?;
            if params(flags) < 0 {
                close(flags);
                return Err("lame_init_params failed".into());
            }
            Ok(flags)
        }
    }

    /// Encodes and flushes `samples`, then closes the encoder.
    ///
    /// # Safety
    /// `flags` is an encoder from [`Engine::open_encoder`], not yet closed.
    unsafe fn encode_and_close(
        &self,
        flags: LameFlags,
        samples: &[i16],
    ) -> Result<Vec<u8>, String> {
        // SAFETY: signatures as in lame.h; `out` holds `cap` bytes, and the
        // flush writes after the `written` ones, within what is left.
        unsafe {
            let close: Symbol<unsafe extern "C" fn(LameFlags) -> c_int> =
                self.lame.get(b"lame_close").map_err(|e| e.to_string())?;
            let encode: Symbol<
                unsafe extern "C" fn(
                    LameFlags,
                    *const i16,
                    *const i16,
                    c_int,
                    *mut u8,
                    c_int,
                ) -> c_int,
            > = self
                .lame
                .get(b"lame_encode_buffer")
                .map_err(|e| e.to_string())?;
            let flush: Symbol<unsafe extern "C" fn(LameFlags, *mut u8, c_int) -> c_int> = self
                .lame
                .get(b"lame_encode_flush")
                .map_err(|e| e.to_string())?;
            let mut out = vec![0_u8; samples.len() * 5 / 4 + 7_200];
            let n = c_int::try_from(samples.len()).unwrap_or(c_int::MAX);
            let cap = c_int::try_from(out.len()).unwrap_or(c_int::MAX);
            let written = encode(
                flags,
                samples.as_ptr(),
                samples.as_ptr(),
                n,
                out.as_mut_ptr(),
                cap,
            );
            let tail = if written >= 0 {
                flush(flags, out.as_mut_ptr().add(written as usize), cap - written)
            } else {
                -1
            };
            close(flags);
            if written < 0 || tail < 0 {
                return Err(format!("lame failed ({written}, {tail})"));
            }
            out.truncate((written + tail) as usize);
            Ok(out)
        }
    }
}
