//! Ion Rules (a table variant, RULES §10.3): the documented ions (`data/ions.tsv`) and Theory
//! Mode's charged molecules, each with its charge.

use std::sync::OnceLock;

use super::card::card_index_of_counts;
use super::theory::bond_graph_exists;
use crate::elements::Element;

/// The largest charge, either sign, a formula may carry.
pub const MAX_CHARGE: i8 = 3;

const TABLE: &str = include_str!("../../../../data/ions.tsv");

/// A documented ion: its tiles in the textbook's order, its charge and its name; the other
/// orders chemists write it in (O·Cl for hypochlorite beside Cl·O), and whether it is an
/// organic ion (acetate, formate, the oxalates), whose salts the chemist's referee reads as
/// structures rather than ion by ion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ion {
    pub tiles: Vec<Element>,
    pub charge: i8,
    pub name: &'static str,
    pub also: Vec<Vec<Element>>,
    pub organic: bool,
}

impl Ion {
    /// Every order it is written in: the textbook's first, then [`Ion::also`].
    pub fn writings(&self) -> impl Iterator<Item = &[Element]> {
        std::iter::once(self.tiles.as_slice()).chain(self.also.iter().map(Vec::as_slice))
    }
}

/// Tiles of a formula written without brackets: "SO4" → S·O·O·O·O; `None` for text that is not
/// one.
fn read_formula(formula: &str) -> Option<Vec<Element>> {
    let mut tiles = Vec::new();
    let mut rest = formula;
    while !rest.is_empty() {
        // a symbol is a capital and at most one small letter, then an optional count
        let small = rest
            .char_indices()
            .nth(1)
            .filter(|&(_, c)| c.is_ascii_lowercase())
            .map_or(1, |(i, c)| i + c.len_utf8());
        let element = Element::from_symbol(rest.get(..small)?)?;
        rest = rest.get(small..)?;
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let count = match digits {
            0 => 1,
            _ => rest.get(..digits)?.parse().ok()?,
        };
        rest = rest.get(digits..)?;
        tiles.extend(std::iter::repeat_n(element, count));
    }
    Some(tiles)
}

/// One line of `data/ions.tsv` read: "SO4<TAB>-2<TAB>sulfate", then an optional fourth column
/// of words separated by spaces: other orders of the same atoms ("OCl") and `organic`; `None`
/// for a line it can't read.
fn parse_line(line: &'static str) -> Option<Ion> {
    let mut cols = line.split('\t');
    let (formula, charge, name) = (cols.next()?, cols.next()?, cols.next()?);
    let notes = cols.next().unwrap_or("");
    if cols.next().is_some() {
        return None;
    }
    // "+1", "-2": a sign and one digit
    let (sign, digit) = match charge.as_bytes() {
        [b'+', d] => (1, *d),
        [b'-', d] => (-1, *d),
        _ => return None,
    };
    let charge = sign * (digit.checked_sub(b'0')? as i8);
    if charge == 0 || charge.abs() > MAX_CHARGE {
        return None;
    }
    let tiles = read_formula(formula)?;
    let mut also = Vec::new();
    let mut organic = false;
    for word in notes.split(' ').filter(|w| !w.is_empty()) {
        match word {
            "organic" => organic = true,
            other => {
                let order = read_formula(other)?;
                // another order of the same atoms, listed once
                if counts_of(&order) != counts_of(&tiles) || order == tiles || also.contains(&order)
                {
                    return None;
                }
                also.push(order);
            }
        }
    }
    (tiles.len() >= 2).then_some(Ion {
        tiles,
        charge,
        name,
        also,
        organic,
    })
}

/// The documented ions, in the file's order (lines it can't read are left out; a test checks
/// there are none).
pub fn documented() -> &'static [Ion] {
    static IONS: OnceLock<Vec<Ion>> = OnceLock::new();
    IONS.get_or_init(|| {
        TABLE
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .filter_map(parse_line)
            .collect()
    })
}

/// How many lines of `data/ions.tsv` hold an ion (read or not), for the test that none is lost.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(super) fn lines_listed() -> usize {
    TABLE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count()
}

/// Counts per [`Element::index`].
pub fn counts_of(tiles: &[Element]) -> [u8; Element::COUNT] {
    let mut counts = [0u8; Element::COUNT];
    for e in tiles {
        if let Some(c) = counts.get_mut(e.index()) {
            *c = c.saturating_add(1);
        }
    }
    counts
}

/// The documented ion whose atoms these counts are, in any order.
pub fn ion_of_counts(counts: &[u8; Element::COUNT]) -> Option<&'static Ion> {
    documented().iter().find(|i| counts_of(&i.tiles) == *counts)
}

/// The documented ion these tiles make, in any order.
pub fn ion_of_multiset(tiles: &[Element]) -> Option<&'static Ion> {
    ion_of_counts(&counts_of(tiles))
}

/// The documented ion these tiles spell in the textbook's order or another order the table
/// lists for it ([`Ion::writings`]).
pub fn ion_in_order(tiles: &[Element], edition: super::chemist::Edition) -> Option<&'static Ion> {
    documented().iter().find(|ion| match edition {
        // edition 1 took the textbook's order alone
        super::chemist::Edition::Atoms => ion.tiles == tiles,
        super::chemist::Edition::Structures => ion.writings().any(|w| w == tiles),
    })
}

/// Bit for charge `q` (−3…−1, +1…+3) in a mask of charges.
fn charge_bit(q: i8) -> u8 {
    1 << (q + MAX_CHARGE) as u8
}

/// The charges (±1…±3) Theory Mode's valency model allows these atoms, as a mask: one, two or
/// three atoms other than hydrogen each take one bond fewer than a valence of theirs (a minus
/// each) or one bond more (a plus each), all of one sign, and the atoms still join into one
/// molecule as RULES §4 asks (at most a triple bond between two atoms). Helium and neon: none.
pub fn valency_charges(counts: &[u8; Element::COUNT]) -> u8 {
    let mut atoms: Vec<Element> = Vec::new();
    for (i, &n) in counts.iter().enumerate() {
        let Some(&e) = Element::ALL.get(i) else {
            continue;
        };
        if n > 0 && e.valences().is_empty() {
            return 0;
        }
        atoms.extend(std::iter::repeat_n(e, usize::from(n)));
    }
    if atoms.len() < 2 || atoms.len() > 15 {
        return 0;
    }
    // too few bond ends to hold the atoms together, even with three atoms a bond over: the
    // common case in move generation, answered without the search
    let most: usize = atoms
        .iter()
        .map(|e| usize::from(e.valences().iter().copied().max().unwrap_or(0)))
        .sum();
    if most + usize::from(MAX_CHARGE.unsigned_abs()) < 2 * (atoms.len() - 1) {
        return 0;
    }
    let mut found = 0u8;
    for sign in [-1i8, 1] {
        let mut seen = Vec::new();
        search(&atoms, 0, sign, 0, 0, &mut seen, &mut found);
    }
    found
}

// degrees 1..=8 as a histogram, 4 bits a degree (at most 15 atoms)
fn search(
    atoms: &[Element],
    at: usize,
    sign: i8,
    carriers: i8,
    histogram: u64,
    // the states already searched, sorted (a few hundred at most; a sorted list keeps std's
    // hashing out of the page's wasm)
    seen: &mut Vec<(usize, i8, u64)>,
    found: &mut u8,
) {
    match seen.binary_search(&(at, carriers, histogram)) {
        Ok(_) => return,
        Err(place) => seen.insert(place, (at, carriers, histogram)),
    }
    let Some(&atom) = atoms.get(at) else {
        if carriers > 0 && bond_graph_exists(&degrees(histogram)) {
            *found |= charge_bit(sign * carriers);
        }
        return;
    };
    for &v in atom.valences() {
        let v = v as i8;
        search(
            atoms,
            at + 1,
            sign,
            carriers,
            histogram + (1u64 << (4 * v as u32)),
            seen,
            found,
        );
        let charged = v + sign;
        if atom != Element::H && carriers < MAX_CHARGE && (1..=8).contains(&charged) {
            search(
                atoms,
                at + 1,
                sign,
                carriers + 1,
                histogram + (1u64 << (4 * charged as u32)),
                seen,
                found,
            );
        }
    }
}

fn degrees(histogram: u64) -> Vec<u8> {
    let mut out = Vec::new();
    for d in 1..=8u8 {
        let n = (histogram >> (4 * u32::from(d))) & 15;
        out.extend(std::iter::repeat_n(d, n as usize));
    }
    out
}

/// The charge Theory Mode gives these atoms under Ion Rules when they count as an ion and not
/// as a neutral molecule (`neutral`: whether the plain referee accepts them): a card formula
/// is always its neutral substance; a documented ion has its own charge; otherwise a neutral
/// molecule stays neutral, and a charged one takes the charge nearest zero the valency model
/// allows, minus before plus. `None`: no ion (neutral, or not a formula at all).
pub fn theory_charge(counts: &[u8; Element::COUNT], neutral: bool) -> Option<i8> {
    if card_index_of_counts(counts).is_some() {
        return None;
    }
    if let Some(ion) = ion_of_counts(counts) {
        return Some(ion.charge);
    }
    if neutral {
        return None;
    }
    let mask = valency_charges(counts);
    // the charge nearest zero, minus before plus
    for size in 1..=MAX_CHARGE {
        for q in [-size, size] {
            if mask & charge_bit(q) != 0 {
                return Some(q);
            }
        }
    }
    None
}

/// A charge as superscripts: −2 → "²⁻", +1 → "⁺", 0 → "".
pub fn superscript(charge: i8) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut out = String::new();
    let size = charge.unsigned_abs();
    // a charge is at most ±3 (MAX_CHARGE): one digit
    if let Some(&digit) = DIGITS.get(usize::from(size)).filter(|_| size > 1) {
        out.push(digit);
    }
    match charge {
        0 => {}
        c if c < 0 => out.push('⁻'),
        _ => out.push('⁺'),
    }
    out
}
