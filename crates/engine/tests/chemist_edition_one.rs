//! The chemist's rules of edition 1 are fixed: saved games, links and Daily days played under
//! them replay with the same verdicts whatever the substance table gains later. The lexicon
//! edition 1 builds from the committed table is pinned here by a fingerprint of what it accepts
//! and of what it says of every multiset it knows (which order it offers and by which
//! convention, or that it is only a gas-phase species or an alloy). Names are left out: the
//! table may rename a substance without changing a verdict.

use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::referee::chemist::{Edition, Lexicon};

const TABLE_TEXT: &str = include_str!("../../../public/lazy/substances.txt");

/// The fingerprint of edition 1, as observed when it was pinned.
const EDITION_ONE: u64 = 0x52aa_e572_9e13_a16c;

/// FNV-1a, 64 bits.
fn fnv1a(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash ^= u64::from(b);
        *hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
}

/// (accepted sequences, known multisets, fingerprint) of a lexicon.
fn fingerprint(lexicon: &Lexicon) -> (usize, usize, u64) {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut sequences = lexicon.trie(Edition::Atoms).sequences();
    sequences.sort();
    for sequence in &sequences {
        fnv1a(&mut hash, sequence);
        fnv1a(&mut hash, &[0xff]);
    }
    // one line per known multiset: its tag (the offered order's convention, or `g` / `a`) and
    // its accepted orders, the offered one first; the name after the tab is left out
    let text = lexicon.listing(Edition::Atoms);
    let mut known = 0;
    let lines = text.lines();
    for line in lines {
        let (head, _name) = line.split_once('\t').expect("a tab before the name");
        fnv1a(&mut hash, head.as_bytes());
        fnv1a(&mut hash, b"\n");
        known += 1;
    }
    (sequences.len(), known, hash)
}

#[test]
fn edition_one_accepts_what_it_always_accepted() {
    let table = Substances::parse(TABLE_TEXT).expect("the committed table reads");
    let lexicon = Lexicon::build(Some(&table));
    let (sequences, known, hash) = fingerprint(&lexicon);
    assert_eq!(sequences, lexicon.len(Edition::Atoms));
    assert!(known >= 42 && sequences >= known / 2, "{sequences} {known}");
    assert_eq!(
        hash, EDITION_ONE,
        "edition 1's lexicon changed: {sequences} sequences, {known} multisets, fingerprint \
         {hash:#018x}"
    );
}

#[test]
fn the_fingerprint_sees_a_change_of_one_sequence() {
    // a table without silver bromate accepts one formula fewer: another fingerprint
    let table = Substances::parse(TABLE_TEXT).expect("the committed table reads");
    let line = TABLE_TEXT
        .lines()
        .find(|l| l.starts_with("AgBrO3\t"))
        .expect("silver bromate's line");
    let fewer = Substances::parse(&TABLE_TEXT.replace(&format!("{line}\n"), ""))
        .expect("the shorter table reads");
    assert_eq!(fewer.len() + 1, table.len());
    let all = fingerprint(&Lexicon::build(Some(&table)));
    let less = fingerprint(&Lexicon::build(Some(&fewer)));
    assert_ne!(all.2, less.2);
    assert!(less.1 < all.1);
}
