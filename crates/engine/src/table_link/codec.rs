//! The bytes under a table link: base64url without padding, CRC-32, LEB128 numbers, and a reader that never reads past its end.

/// The 64 characters of base64url (RFC 4648 §5): letters, digits, `-` and `_`, all safe in a
/// URL fragment and left alone by messengers.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` as base64url text, no padding.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        // a chunk of k bytes needs k + 1 characters
        for i in 0..=chunk.len() {
            let index = (n >> (18 - 6 * i)) & 63;
            out.push(char::from(ALPHABET[index as usize]));
        }
    }
    out
}

fn sextet(c: u8) -> Option<u32> {
    let v = match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => return None,
    };
    Some(u32::from(v))
}

/// What base64url text decodes to, read leniently so that a cut-off link can still be told
/// apart from an edited one.
#[derive(Debug, PartialEq, Eq)]
pub struct Decoded {
    pub bytes: Vec<u8>,
    /// False when the text could not have been written by [`base64url`]: a lone last
    /// character, or unused low bits that are not zero. Such text is either cut short or edited;
    /// requiring the one canonical spelling means every changed character changes the bytes.
    pub canonical: bool,
}

/// Decodes base64url text without padding; `None` if it holds any other character.
pub fn from_base64url(text: &str) -> Option<Decoded> {
    let text = text.as_bytes();
    let mut bytes = Vec::with_capacity(text.len() / 4 * 3 + 2);
    let mut canonical = true;
    for chunk in text.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= sextet(c)? << (18 - 6 * i);
        }
        let whole = match chunk.len() {
            4 => 3,
            3 => 2,
            2 => 1,
            _ => {
                // one character carries 6 of a byte's 8 bits: never written, so cut short
                canonical = false;
                0
            }
        };
        for i in 0..whole {
            bytes.push((n >> (16 - 8 * i)) as u8);
        }
        let used_bits = 8 * whole;
        let given_bits = 6 * chunk.len();
        if whole > 0 && given_bits > used_bits {
            let spare = (n >> (24 - given_bits)) & ((1 << (given_bits - used_bits)) - 1);
            if spare != 0 {
                canonical = false;
            }
        }
    }
    Some(Decoded { bytes, canonical })
}

/// CRC-32 (IEEE 802.3, the one of zip and PNG: reflected polynomial 0xEDB88320, initial value
/// and final xor 0xFFFFFFFF). Bit by bit: links are short, and a table would weigh 1 KB.
/// Appended little-endian, it catches every burst of up to 32 changed bits, so any one changed
/// character of a link (6 bits).
pub fn crc32(bytes: &[u8]) -> u32 {
    Crc32::new().update(bytes).finish()
}

/// A CRC-32 computed over several pieces.
#[derive(Clone, Copy, Debug)]
pub struct Crc32(u32);

impl Crc32 {
    pub fn new() -> Crc32 {
        Crc32(0xFFFF_FFFF)
    }

    pub fn update(mut self, bytes: &[u8]) -> Crc32 {
        for &b in bytes {
            self.0 ^= u32::from(b);
            for _ in 0..8 {
                let mask = (self.0 & 1).wrapping_neg();
                self.0 = (self.0 >> 1) ^ (0xEDB8_8320 & mask);
            }
        }
        self
    }

    pub fn finish(self) -> u32 {
        !self.0
    }
}

/// Appends `n` as LEB128: 7 bits a byte, low bits first, the high bit set on all but the last.
pub fn put_number(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7F) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Why bytes could not be read; the format module says what it means for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Short {
    /// The bytes ended in the middle of something.
    End,
    /// A number written with more bytes than it needs, or too large for 64 bits.
    BadNumber,
}

/// Reads bytes front to back; every read checks what is left first.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// How many bytes are still unread.
    pub fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// How many bytes have been read.
    pub fn position(&self) -> usize {
        self.at
    }

    pub fn byte(&mut self) -> Result<u8, Short> {
        let b = *self.bytes.get(self.at).ok_or(Short::End)?;
        self.at += 1;
        Ok(b)
    }

    pub fn take(&mut self, n: usize) -> Result<&'a [u8], Short> {
        if n > self.left() {
            return Err(Short::End);
        }
        let taken = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(taken)
    }

    pub fn u32_le(&mut self) -> Result<u32, Short> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    pub fn u64_le(&mut self) -> Result<u64, Short> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    /// A LEB128 number in its shortest spelling (so that one value has one encoding).
    pub fn number(&mut self) -> Result<u64, Short> {
        let mut n = 0u64;
        for i in 0..10 {
            let b = self.byte()?;
            let bits = u64::from(b & 0x7F);
            // the tenth byte may only hold the 64th bit
            if i == 9 && bits > 1 {
                return Err(Short::BadNumber);
            }
            n |= bits << (7 * i);
            if b & 0x80 == 0 {
                if i > 0 && bits == 0 {
                    return Err(Short::BadNumber);
                }
                return Ok(n);
            }
        }
        Err(Short::BadNumber)
    }

    /// A number that counts things, no more than `max`.
    pub fn count(&mut self, max: usize) -> Result<usize, Short> {
        let n = self.number()?;
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= max)
            .ok_or(Short::BadNumber)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips_every_length() {
        for len in 0usize..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = base64url(&bytes);
            assert_eq!(text.len(), (len * 4).div_ceil(3));
            assert!(text.bytes().all(|c| ALPHABET.contains(&c)));
            assert_eq!(
                from_base64url(&text),
                Some(Decoded {
                    bytes,
                    canonical: true
                })
            );
        }
    }

    #[test]
    fn base64url_matches_rfc_4648_examples() {
        // RFC 4648 §10, padding dropped; and the two characters base64url changes
        assert_eq!(base64url(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64url(b"fooba"), "Zm9vYmE");
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(&[0xFB, 0xFF]), "-_8");
    }

    #[test]
    fn base64url_refuses_other_characters_and_flags_odd_spellings() {
        assert_eq!(from_base64url("Zm9v+mFy"), None);
        assert_eq!(from_base64url("Zm9v YmFy"), None);
        assert_eq!(from_base64url("Zm9=").map(|d| d.canonical), None);
        // "Zh" decodes to "f" too, but its spare bits are not zero
        assert!(!from_base64url("Zh").is_some_and(|d| d.canonical));
        // a lone last character can't be whole
        assert!(!from_base64url("Zm9vY").is_some_and(|d| d.canonical));
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
        assert_eq!(
            Crc32::new().update(b"1234").update(b"56789").finish(),
            0xCBF4_3926
        );
    }

    #[test]
    fn numbers_round_trip_and_have_one_spelling() {
        for n in [
            0,
            1,
            127,
            128,
            300,
            16_383,
            16_384,
            u64::from(u32::MAX),
            u64::MAX,
        ] {
            let mut out = Vec::new();
            put_number(&mut out, n);
            let mut r = Reader::new(&out);
            assert_eq!(r.number(), Ok(n));
            assert_eq!(r.left(), 0);
        }
        assert_eq!(Reader::new(&[0x80, 0x00]).number(), Err(Short::BadNumber));
        assert_eq!(Reader::new(&[0xFF; 11]).number(), Err(Short::BadNumber));
        assert_eq!(Reader::new(&[0x80]).number(), Err(Short::End));
        assert_eq!(Reader::new(&[5]).count(4), Err(Short::BadNumber));
    }
}
