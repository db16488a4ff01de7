//! A small reader of the WAV files the program ships (`assets/sounds/`): RIFF/WAVE with a `fmt `
//! chunk of plain PCM, one channel, 16 bits per sample, and a `data` chunk. Anything else is
//! refused with a reason. Sizes declared in the file are checked against the bytes really there,
//! so a malformed file never panics and never allocates more than its own length.

use std::fmt;

/// A decoded sound: 16-bit samples of one channel at `rate` samples per second.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Wav {
    pub rate: u32,
    pub samples: Vec<i16>,
}

impl Wav {
    /// How long the sound lasts, in seconds.
    pub fn seconds(&self) -> f64 {
        self.samples.len() as f64 / f64::from(self.rate.max(1))
    }
}

/// Why bytes are not a WAV this reader plays.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum WavError {
    /// The file does not start with `RIFF`…`WAVE`.
    NotRiffWave,
    /// A chunk header or a chunk's declared size runs past the end of the file.
    Truncated { chunk: String },
    /// No `fmt ` chunk before the `data` chunk.
    MissingFormat,
    /// No `data` chunk.
    MissingData,
    /// Not plain PCM (format tag 1): compressed or floating-point sound.
    NotPcm { format_tag: u16 },
    /// More than one channel.
    NotMono { channels: u16 },
    /// Not 16 bits per sample.
    NotSixteenBit { bits: u16 },
    /// A sample rate of zero.
    NoRate,
    /// The data chunk holds half a sample.
    OddData { bytes: u32 },
}

impl fmt::Display for WavError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WavError::NotRiffWave => write!(f, "not a WAV file (no RIFF/WAVE header)"),
            WavError::Truncated { chunk } => {
                write!(f, "the WAV file ends inside its '{chunk}' chunk")
            }
            WavError::MissingFormat => {
                write!(f, "the WAV file has no 'fmt ' chunk before its data")
            }
            WavError::MissingData => write!(f, "the WAV file has no 'data' chunk"),
            WavError::NotPcm { format_tag } => write!(
                f,
                "the WAV file is not plain PCM (format tag {format_tag}; only 1 is read)"
            ),
            WavError::NotMono { channels } => {
                write!(
                    f,
                    "the WAV file has {channels} channels (only mono is read)"
                )
            }
            WavError::NotSixteenBit { bits } => write!(
                f,
                "the WAV file has {bits} bits per sample (only 16 is read)"
            ),
            WavError::NoRate => write!(f, "the WAV file's sample rate is 0"),
            WavError::OddData { bytes } => write!(
                f,
                "the WAV file's data chunk of {bytes} bytes is not whole 16-bit samples"
            ),
        }
    }
}

impl std::error::Error for WavError {}

/// Read a 16-bit mono PCM WAV.
///
/// # Errors
/// A `WavError` naming what is wrong: not RIFF/WAVE, a chunk cut short, no `fmt ` or `data`
/// chunk, or a format other than PCM, mono, 16 bits.
///
/// # Examples
/// ```
/// let bytes = include_bytes!("../../../assets/sounds/move.wav");
/// let wav = junqi::app::sound::wav::read(bytes).unwrap();
/// assert_eq!(wav.rate, 22050);
/// ```
pub fn read(bytes: &[u8]) -> Result<Wav, WavError> {
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err(WavError::NotRiffWave);
    }
    let mut rest = &bytes[12..];
    let mut rate = None;
    while !rest.is_empty() {
        if rest.len() < 8 {
            return Err(WavError::Truncated {
                chunk: "header".into(),
            });
        }
        let id = &rest[0..4];
        let size = u32::from_le_bytes([rest[4], rest[5], rest[6], rest[7]]);
        let name = String::from_utf8_lossy(id).into_owned();
        // Compared as u64: a huge declared size never wraps and never allocates.
        if u64::from(size) > (rest.len() - 8) as u64 {
            return Err(WavError::Truncated { chunk: name });
        }
        let body = &rest[8..8 + size as usize];
        match id {
            b"fmt " => rate = Some(format(body)?),
            b"data" => {
                let rate = rate.ok_or(WavError::MissingFormat)?;
                if !size.is_multiple_of(2) {
                    return Err(WavError::OddData { bytes: size });
                }
                let samples = body
                    .chunks_exact(2)
                    .map(|b| i16::from_le_bytes([b[0], b[1]]))
                    .collect();
                return Ok(Wav { rate, samples });
            }
            _ => {}
        }
        // Chunks are padded to an even length; a missing pad byte at the very end is forgiven.
        let next = (8 + size as usize + (size as usize & 1)).min(rest.len());
        rest = &rest[next..];
    }
    Err(WavError::MissingData)
}

/// The sample rate of a `fmt ` chunk of 16-bit mono PCM.
fn format(body: &[u8]) -> Result<u32, WavError> {
    if body.len() < 16 {
        return Err(WavError::Truncated {
            chunk: "fmt ".into(),
        });
    }
    let u16_at = |i: usize| u16::from_le_bytes([body[i], body[i + 1]]);
    let format_tag = u16_at(0);
    let channels = u16_at(2);
    let rate = u32::from_le_bytes([body[4], body[5], body[6], body[7]]);
    let bits = u16_at(14);
    if format_tag != 1 {
        return Err(WavError::NotPcm { format_tag });
    }
    if channels != 1 {
        return Err(WavError::NotMono { channels });
    }
    if bits != 16 {
        return Err(WavError::NotSixteenBit { bits });
    }
    if rate == 0 {
        return Err(WavError::NoRate);
    }
    Ok(rate)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A WAV of `samples` with the given format fields.
    fn wav_bytes(tag: u16, channels: u16, rate: u32, bits: u16, samples: &[i16]) -> Vec<u8> {
        let data: Vec<u8> = samples.iter().flat_map(|s| s.to_le_bytes()).collect();
        let mut out = Vec::new();
        out.extend(b"RIFF");
        out.extend((36 + data.len() as u32).to_le_bytes());
        out.extend(b"WAVE");
        out.extend(b"fmt ");
        out.extend(16u32.to_le_bytes());
        out.extend(tag.to_le_bytes());
        out.extend(channels.to_le_bytes());
        out.extend(rate.to_le_bytes());
        out.extend((rate * u32::from(channels) * u32::from(bits) / 8).to_le_bytes());
        out.extend((channels * bits / 8).to_le_bytes());
        out.extend(bits.to_le_bytes());
        out.extend(b"data");
        out.extend((data.len() as u32).to_le_bytes());
        out.extend(data);
        out
    }

    #[test]
    fn reads_pcm16_mono() {
        let bytes = wav_bytes(1, 1, 8000, 16, &[0, 1, -1, i16::MAX, i16::MIN]);
        assert_eq!(
            read(&bytes),
            Ok(Wav {
                rate: 8000,
                samples: vec![0, 1, -1, i16::MAX, i16::MIN]
            })
        );
    }

    #[test]
    fn skips_unknown_chunks_and_their_pad_byte() {
        let mut bytes = wav_bytes(1, 1, 8000, 16, &[5, 6]);
        // A `LIST` chunk of odd length (3 bytes and a pad byte) between the header and `fmt `.
        let list = [b"LIST".as_slice(), &3u32.to_le_bytes(), b"abc\0"].concat();
        bytes.splice(12..12, list);
        assert_eq!(read(&bytes).unwrap().samples, vec![5, 6]);
    }

    #[test]
    fn the_shipped_sounds_are_pcm16_mono_22050() {
        for bytes in super::super::SOUND_FILES {
            let wav = read(bytes).unwrap();
            assert_eq!(wav.rate, 22050);
            assert!(
                wav.seconds() > 0.05 && wav.seconds() < 0.9,
                "{}",
                wav.seconds()
            );
            assert!(bytes.len() < 40 * 1024);
        }
    }

    #[test]
    fn refuses_other_formats() {
        assert_eq!(
            read(&wav_bytes(3, 1, 8000, 32, &[0, 0])),
            Err(WavError::NotPcm { format_tag: 3 })
        );
        assert_eq!(
            read(&wav_bytes(1, 2, 8000, 16, &[0, 0])),
            Err(WavError::NotMono { channels: 2 })
        );
        assert_eq!(
            read(&wav_bytes(1, 1, 8000, 8, &[0, 0])),
            Err(WavError::NotSixteenBit { bits: 8 })
        );
        assert_eq!(read(&wav_bytes(1, 1, 0, 16, &[0])), Err(WavError::NoRate));
        assert!(
            read(&wav_bytes(1, 2, 8000, 16, &[0]))
                .unwrap_err()
                .to_string()
                .contains("only mono")
        );
    }

    #[test]
    fn refuses_what_is_not_a_wav() {
        assert_eq!(read(b""), Err(WavError::NotRiffWave));
        assert_eq!(read(b"RIFF\0\0\0\0AVI LIST"), Err(WavError::NotRiffWave));
        assert_eq!(read(b"RIFF\0\0\0\0WAVE"), Err(WavError::MissingData));
    }

    #[test]
    fn every_truncation_is_an_error_not_a_panic() {
        let bytes = wav_bytes(1, 1, 8000, 16, &[1, 2, 3, 4]);
        for n in 0..bytes.len() {
            assert!(read(&bytes[..n]).is_err(), "{n} bytes read as a WAV");
        }
        assert!(read(&bytes).is_ok());
    }

    #[test]
    fn huge_declared_sizes_are_refused_without_allocating() {
        // The data chunk claims 4 GiB.
        let mut bytes = wav_bytes(1, 1, 8000, 16, &[1, 2]);
        let n = bytes.len();
        bytes[n - 8..n - 4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(
            read(&bytes),
            Err(WavError::Truncated {
                chunk: "data".into()
            })
        );
        // The fmt chunk claims 4 GiB; so does the RIFF header (which the reader does not trust).
        let mut bytes = wav_bytes(1, 1, 8000, 16, &[1, 2]);
        bytes[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
        bytes[16..20].copy_from_slice(&(u32::MAX - 1).to_le_bytes());
        assert_eq!(
            read(&bytes),
            Err(WavError::Truncated {
                chunk: "fmt ".into()
            })
        );
    }

    #[test]
    fn a_short_fmt_chunk_or_data_before_fmt_is_refused() {
        let mut short = Vec::new();
        short.extend(b"RIFF\0\0\0\0WAVEfmt ");
        short.extend(4u32.to_le_bytes());
        short.extend([1, 0, 1, 0]);
        assert_eq!(
            read(&short),
            Err(WavError::Truncated {
                chunk: "fmt ".into()
            })
        );
        let mut data_first = Vec::new();
        data_first.extend(b"RIFF\0\0\0\0WAVEdata");
        data_first.extend(2u32.to_le_bytes());
        data_first.extend([0, 0]);
        assert_eq!(read(&data_first), Err(WavError::MissingFormat));
        let mut odd = wav_bytes(1, 1, 8000, 16, &[]);
        let n = odd.len();
        odd[n - 4..].copy_from_slice(&1u32.to_le_bytes());
        odd.push(0);
        assert_eq!(read(&odd), Err(WavError::OddData { bytes: 1 }));
    }
}
