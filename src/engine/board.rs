//! The 15×15 board and its premium squares (SPEC §2).

/// Squares on a side.
pub const SIZE: usize = 15;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Premium {
    Plain,
    DoubleLetter,
    TripleLetter,
    DoubleWord,
    TripleWord,
}

// SPEC §2 row by row: T triple word, D double word (star included), t triple letter, d double letter
const LAYOUT: [&[u8; SIZE]; SIZE] = [
    b"T..d...T...d..T",
    b".D...t...t...D.",
    b"..D...d.d...D..",
    b"d..D...d...D..d",
    b"....D.....D....",
    b".t...t...t...t.",
    b"..d...d.d...d..",
    b"T..d...D...d..T",
    b"..d...d.d...d..",
    b".t...t...t...t.",
    b"....D.....D....",
    b"d..D...d...D..d",
    b"..D...d.d...D..",
    b".D...t...t...D.",
    b"T..d...T...d..T",
];

/// The premium under a square; off-board squares are plain.
pub fn premium(row: usize, col: usize) -> Premium {
    match LAYOUT.get(row).and_then(|r| r.get(col)) {
        Some(b'T') => Premium::TripleWord,
        Some(b'D') => Premium::DoubleWord,
        Some(b't') => Premium::TripleLetter,
        Some(b'd') => Premium::DoubleLetter,
        _ => Premium::Plain,
    }
}

/// The centre star, which the first play must cover.
pub fn is_star(row: usize, col: usize) -> bool {
    row == 7 && col == 7
}
