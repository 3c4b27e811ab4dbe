//! A second writer of table links, from RULES §10.4 alone (table-driven CRC-32, bit-buffer base64url): the tests and the `link` fuzz target seal bytes with it, so the engine's reader is checked against it.

pub fn crc32_by_table(bytes: &[u8]) -> u32 {
    let table: Vec<u32> = (0..256u32)
        .map(|mut c| {
            for _ in 0..8 {
                c = if c & 1 == 1 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
            c
        })
        .collect();
    !bytes.iter().fold(!0u32, |c, &b| {
        table[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8)
    })
}

pub fn base64url(bytes: &[u8]) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = String::new();
    for &b in bytes {
        bits = (bits << 8) | u32::from(b);
        n += 8;
        while n >= 6 {
            n -= 6;
            out.push(char::from(A[((bits >> n) & 63) as usize]));
        }
    }
    if n > 0 {
        out.push(char::from(A[((bits << (6 - n)) & 63) as usize]));
    }
    out
}

pub fn leb128(mut n: u64, out: &mut Vec<u8>) {
    loop {
        let low = (n & 0x7F) as u8;
        n >>= 7;
        if n == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

/// `t1.` + base64url(length ‖ body ‖ CRC-32), as RULES §10.4 says.
pub fn seal(body: &[u8]) -> String {
    let mut bytes = Vec::new();
    leb128(body.len() as u64 + 4, &mut bytes);
    bytes.extend_from_slice(body);
    let crc = crc32_by_table(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    format!("t1.{}", base64url(&bytes))
}
