//! Sounds through ALSA on Linux, with `libasound.so.2` loaded at run time (`libloading`), so that
//! building needs no system library. A thread plays the sounds it is sent over a bounded channel
//! (one playing, two waiting; more are dropped): the window never waits. A missing library or
//! device makes the sink `Unavailable` without a panic or a message (ALSA's own error printing is
//! switched off on that thread).

use super::{Availability, Sound, SoundSink, wav};
use std::ffi::{CStr, c_char, c_int, c_long, c_uint, c_ulong, c_void};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};

/// Sounds waiting while one plays.
const QUEUE: usize = 2;

const UNKNOWN: u8 = 0;
const READY: u8 = 1;
const UNAVAILABLE: u8 = 2;

/// The sink the window holds: the sending end of the sound thread's channel, started with the
/// first sound.
pub struct AlsaSink {
    sender: Option<SyncSender<Sound>>,
    state: Arc<AtomicU8>,
    wake: Option<Box<dyn Fn() + Send>>,
    /// The ALSA device name (`default`, or one that does not exist in tests).
    device: &'static CStr,
}

impl AlsaSink {
    pub fn new(wake: Box<dyn Fn() + Send>) -> AlsaSink {
        AlsaSink {
            sender: None,
            state: Arc::new(AtomicU8::new(UNKNOWN)),
            wake: Some(wake),
            device: c"default",
        }
    }

    /// The same sink on another ALSA device (tests use one that does not exist).
    #[cfg(test)]
    pub fn with_device(mut self, device: &'static CStr) -> AlsaSink {
        self.device = device;
        self
    }

    fn start(&mut self) -> Option<&SyncSender<Sound>> {
        if self.sender.is_none() {
            let (tx, rx) = sync_channel(QUEUE);
            let state = self.state.clone();
            let wake = self.wake.take().unwrap_or_else(|| Box::new(|| {}));
            let device = self.device;
            let spawned = std::thread::Builder::new()
                .name("junqi-sound".into())
                .spawn(move || worker(rx, &state, wake, device));
            match spawned {
                Ok(_) => self.sender = Some(tx),
                Err(_) => self.state.store(UNAVAILABLE, Ordering::Relaxed),
            }
        }
        self.sender.as_ref()
    }
}

impl SoundSink for AlsaSink {
    fn play(&mut self, sound: Sound) {
        if let Some(tx) = self.start() {
            match tx.try_send(sound) {
                // A full queue drops the sound; a finished thread (it cannot load ALSA) too.
                Ok(()) | Err(TrySendError::Full(_)) | Err(TrySendError::Disconnected(_)) => {}
            }
        }
    }

    fn availability(&self) -> Availability {
        match self.state.load(Ordering::Relaxed) {
            READY => Availability::Ready,
            UNAVAILABLE => Availability::Unavailable,
            _ => Availability::Unknown,
        }
    }
}

/// The sound thread: load ALSA once, then open the default device for each sound, play it, close.
fn worker(rx: Receiver<Sound>, state: &AtomicU8, wake: Box<dyn Fn() + Send>, device: &CStr) {
    let set = |v: u8| {
        if state.swap(v, Ordering::Relaxed) != v {
            wake();
        }
    };
    // SAFETY: loading libasound runs its initialisers, which have no preconditions.
    let alsa = match unsafe { Alsa::load() } {
        Some(a) => a,
        None => {
            set(UNAVAILABLE);
            // Drain what is sent, so the window can keep sending without a thread to answer.
            for _ in rx {}
            return;
        }
    };
    let mut decoded: [Option<wav::Wav>; 4] = Default::default();
    for sound in rx {
        let slot = &mut decoded[sound as usize];
        if slot.is_none() {
            *slot = wav::read(sound.wav()).ok();
        }
        let Some(w) = slot.as_ref() else { continue };
        match alsa.play(w, device) {
            Ok(()) => set(READY),
            Err(()) => set(UNAVAILABLE),
        }
    }
}

type Pcm = c_void;
type OpenFn = unsafe extern "C" fn(*mut *mut Pcm, *const c_char, c_int, c_int) -> c_int;
type SetParamsFn =
    unsafe extern "C" fn(*mut Pcm, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteiFn = unsafe extern "C" fn(*mut Pcm, *const c_void, c_ulong) -> c_long;
type PcmFn = unsafe extern "C" fn(*mut Pcm) -> c_int;
type RecoverFn = unsafe extern "C" fn(*mut Pcm, c_int, c_int) -> c_int;
type NonblockFn = unsafe extern "C" fn(*mut Pcm, c_int) -> c_int;
/// ALSA's thread-local error handler (`snd_local_error_handler_t`); its last argument, a
/// `va_list`, is not declared: the handler below ignores every argument.
type LocalHandler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
type SetLocalFn = unsafe extern "C" fn(Option<LocalHandler>) -> Option<LocalHandler>;

const SND_PCM_STREAM_PLAYBACK: c_int = 0;
const SND_PCM_NONBLOCK: c_int = 1;
const SND_PCM_ACCESS_RW_INTERLEAVED: c_int = 3;
#[cfg(target_endian = "little")]
const SND_PCM_FORMAT_S16: c_int = 2;
#[cfg(target_endian = "big")]
const SND_PCM_FORMAT_S16: c_int = 3;
/// The latency asked of the device, in microseconds.
const LATENCY_US: c_uint = 50_000;

/// The few functions of libasound this program uses, with the library they come from.
struct Alsa {
    open: OpenFn,
    set_params: SetParamsFn,
    writei: WriteiFn,
    drain: PcmFn,
    close: PcmFn,
    recover: Option<RecoverFn>,
    nonblock: Option<NonblockFn>,
    _lib: libloading::Library,
}

/// Says nothing: ALSA would otherwise print "cannot find card '0'" and the like to stderr.
unsafe extern "C" fn quiet(
    _file: *const c_char,
    _line: c_int,
    _function: *const c_char,
    _err: c_int,
    _fmt: *const c_char,
) {
}

impl Alsa {
    /// # Safety
    /// Loads a system library (its initialisers run); the symbols are taken with the types of
    /// ALSA's documented C API.
    unsafe fn load() -> Option<Alsa> {
        // SAFETY: see above; each symbol's type is the one `alsa/pcm.h` declares.
        unsafe {
            let lib = libloading::Library::new("libasound.so.2").ok()?;
            if let Ok(set_local) = lib.get::<SetLocalFn>(b"snd_lib_error_set_local\0") {
                set_local(Some(quiet));
            }
            Some(Alsa {
                open: *lib.get::<OpenFn>(b"snd_pcm_open\0").ok()?,
                set_params: *lib.get::<SetParamsFn>(b"snd_pcm_set_params\0").ok()?,
                writei: *lib.get::<WriteiFn>(b"snd_pcm_writei\0").ok()?,
                drain: *lib.get::<PcmFn>(b"snd_pcm_drain\0").ok()?,
                close: *lib.get::<PcmFn>(b"snd_pcm_close\0").ok()?,
                recover: lib.get::<RecoverFn>(b"snd_pcm_recover\0").ok().map(|f| *f),
                nonblock: lib
                    .get::<NonblockFn>(b"snd_pcm_nonblock\0")
                    .ok()
                    .map(|f| *f),
                _lib: lib,
            })
        }
    }

    /// Play one sound on the default device and wait until it has been heard. An error: the
    /// device did not open or refused the format.
    fn play(&self, w: &wav::Wav, device: &CStr) -> Result<(), ()> {
        let mut pcm: *mut Pcm = std::ptr::null_mut();
        // SAFETY: the functions come from libasound with their declared types; `pcm` is used only
        // after a successful open and closed exactly once; the buffer outlives each write and its
        // length is given in frames of one 16-bit sample.
        unsafe {
            // Not blocking on open: a busy device fails at once rather than holding the thread.
            let mode = if self.nonblock.is_some() {
                SND_PCM_NONBLOCK
            } else {
                0
            };
            if (self.open)(&mut pcm, device.as_ptr(), SND_PCM_STREAM_PLAYBACK, mode) < 0
                || pcm.is_null()
            {
                return Err(());
            }
            if let Some(nonblock) = self.nonblock {
                nonblock(pcm, 0);
            }
            let ok = (self.set_params)(
                pcm,
                SND_PCM_FORMAT_S16,
                SND_PCM_ACCESS_RW_INTERLEAVED,
                1,
                w.rate,
                1,
                LATENCY_US,
            ) >= 0;
            if ok {
                let mut at = 0;
                let mut failures = 0;
                while at < w.samples.len() && failures < 8 {
                    let rest = &w.samples[at..];
                    let n = (self.writei)(pcm, rest.as_ptr().cast(), rest.len() as c_ulong);
                    if n >= 0 {
                        at += n as usize;
                    } else {
                        failures += 1;
                        match self.recover {
                            Some(recover) if recover(pcm, n as c_int, 1) >= 0 => {}
                            _ => break,
                        }
                    }
                }
                (self.drain)(pcm);
            }
            (self.close)(pcm);
            if ok { Ok(()) } else { Err(()) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_device_is_unavailable_without_blocking_or_panicking() {
        // A device that exists nowhere (so the test is silent and the same on every machine,
        // with or without libasound): playing returns at once, a flood of sounds is dropped
        // rather than queued, and the sink settles on Unavailable, waking the window once.
        let wakes = Arc::new(AtomicU8::new(0));
        let w = wakes.clone();
        let mut sink = AlsaSink::new(Box::new(move || {
            w.fetch_add(1, Ordering::Relaxed);
        }))
        .with_device(c"junqi-test-no-such-device");
        assert_eq!(sink.availability(), Availability::Unknown);
        let t = std::time::Instant::now();
        for _ in 0..50 {
            sink.play(Sound::Move);
        }
        // (Fifty sounds played one after another would take seconds each.)
        assert!(t.elapsed() < std::time::Duration::from_secs(10));
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(90);
        while sink.availability() == Availability::Unknown && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!(sink.availability(), Availability::Unavailable);
        // Later sounds still return at once.
        sink.play(Sound::End);
        // The sink gone, its thread ends, dropping its wake: every wake it made has been made.
        drop(sink);
        while Arc::strong_count(&wakes) > 1 {
            assert!(
                std::time::Instant::now() < deadline,
                "the sound thread ended"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!(wakes.load(Ordering::Relaxed), 1);
    }
}
