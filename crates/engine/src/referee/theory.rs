//! Theory Mode's valency calculator: can these atoms be drawn as one molecule (RULES §4, §9)?

use super::Rule;
use crate::elements::Element;

// Elements sharing a valence list share a "kind", so the search runs over at most 15 kinds,
// whatever the formula. Valences are bit masks: bit v set = valence v allowed (v is 1..=7).
const KINDS: usize = 15;
const NOBLE: u8 = u8::MAX;

const fn bits(valences: &[u8]) -> u8 {
    let mut mask = 0;
    let mut i = 0;
    while i < valences.len() {
        mask |= 1 << valences[i];
        i += 1;
    }
    mask
}

const KIND_MASK: [u8; KINDS] = [
    bits(&[1]),
    bits(&[2]),
    bits(&[3]),
    bits(&[4]),
    bits(&[3, 5]),
    bits(&[1, 3, 5, 7]),
    bits(&[2, 4, 6]),
    bits(&[2, 3]),
    bits(&[1, 2]),
    bits(&[2, 4, 7]),
    bits(&[1, 3, 5]),
    bits(&[2, 3, 6]),
    bits(&[1, 3]),
    bits(&[2, 4]),
    bits(&[4, 6]),
];

// in `Element` order; a unit test checks it against `Element::valences`
const KIND_OF: [u8; Element::COUNT] = [
    0,     // H
    1,     // O
    3,     // C
    4,     // N
    0,     // Na
    5,     // Cl
    1,     // Ca
    0,     // K
    6,     // S
    1,     // Mg
    4,     // P
    3,     // Si
    2,     // Al
    7,     // Fe
    1,     // Zn
    8,     // Cu
    9,     // Mn
    1,     // Ba
    10,    // Br
    0,     // Li
    0,     // F
    0,     // Ag
    13,    // Sn
    5,     // I
    1,     // Ni
    13,    // Pb
    11,    // Cr
    12,    // Au
    13,    // Pt
    8,     // Hg
    14,    // U
    NOBLE, // He
    NOBLE, // Ne
];

const ODD_BITS: u8 = 0b1010_1010;
const EVEN_BITS: u8 = 0b0101_0100;

const fn highest(mask: u8) -> u8 {
    if mask == 0 {
        0
    } else {
        7 - mask.leading_zeros() as u8
    }
}

// TOP[k][c]: the largest valence of kind k that is ≤ c (0: none);
// FLIP[k][c]: the largest valence ≤ c of the other parity (0: none)
const fn top_and_flip() -> ([[u8; 8]; KINDS], [[u8; 8]; KINDS]) {
    let mut top = [[0u8; 8]; KINDS];
    let mut flip = [[0u8; 8]; KINDS];
    let mut k = 0;
    while k < KINDS {
        let mut c = 0;
        while c < 8 {
            let allowed = KIND_MASK[k] & ((2u16 << c) - 1) as u8;
            let a = highest(allowed);
            top[k][c] = a;
            if a != 0 {
                let other = if a % 2 == 1 { EVEN_BITS } else { ODD_BITS };
                flip[k][c] = highest(allowed & other);
            }
            c += 1;
        }
        k += 1;
    }
    (top, flip)
}

const TABLES: ([[u8; 8]; KINDS], [[u8; 8]; KINDS]) = top_and_flip();
static TOP: [[u8; 8]; KINDS] = TABLES.0;
static FLIP: [[u8; 8]; KINDS] = TABLES.1;

const fn kinds_with_each_valence() -> [u16; 8] {
    let mut out = [0u16; 8];
    let mut k = 0;
    while k < KINDS {
        let mut v = 1;
        while v < 8 {
            if KIND_MASK[k] & (1 << v) != 0 {
                out[v] |= 1 << k;
            }
            v += 1;
        }
        k += 1;
    }
    out
}

static KINDS_WITH: [u16; 8] = kinds_with_each_valence();

// kinds whose valences have both parities: with one of them present, the total can be made even
const fn mixed_kinds() -> u16 {
    let mut out = 0u16;
    let mut k = 0;
    while k < KINDS {
        if KIND_MASK[k] & ODD_BITS != 0 && KIND_MASK[k] & EVEN_BITS != 0 {
            out |= 1 << k;
        }
        k += 1;
    }
    out
}

const MIXED: u16 = mixed_kinds();
const ODD_ONLY: u16 = {
    let mut out = 0u16;
    let mut k = 0;
    while k < KINDS {
        if KIND_MASK[k] & EVEN_BITS == 0 {
            out |= 1 << k;
        }
        k += 1;
    }
    out
};

/// A formula's atoms counted per kind (valence list); noble gases counted apart.
#[derive(Clone, Copy, Debug, Default)]
struct Atoms {
    count: [u64; KINDS],
    present: u16,
    total: u64,
    noble: u64,
}

impl Atoms {
    fn add(&mut self, element: usize, how_many: u64) {
        if how_many == 0 {
            return;
        }
        let kind = KIND_OF[element];
        self.total += how_many;
        if kind == NOBLE {
            self.noble += how_many;
        } else {
            self.count[kind as usize] += how_many;
            self.present |= 1 << kind;
        }
    }

    fn of_tiles(tiles: &[Element]) -> Atoms {
        let mut atoms = Atoms::default();
        for &e in tiles {
            atoms.add(e.index(), 1);
        }
        atoms
    }

    fn of_counts(counts: &[u8; Element::COUNT]) -> Atoms {
        let mut atoms = Atoms::default();
        for (element, &n) in counts.iter().enumerate() {
            atoms.add(element, n as u64);
        }
        atoms
    }

    /// The largest even bond-end total with every valence ≤ `cap`, if there is one.
    fn best_even_total(&self, cap: usize) -> Option<u64> {
        let mut total = 0u64;
        let mut least_loss = u8::MAX;
        for kind in kinds_in(self.present) {
            let a = TOP[kind][cap];
            if a == 0 {
                return None;
            }
            total += self.count[kind] * a as u64;
            let b = FLIP[kind][cap];
            if b != 0 {
                least_loss = least_loss.min(a - b);
            }
        }
        // one atom stepping down to the other parity is always the cheapest way to fix parity
        if total % 2 == 1 {
            if least_loss == u8::MAX {
                return None;
            }
            total -= least_loss as u64;
        }
        Some(total)
    }
}

fn kinds_in(mask: u16) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(k)
        }
    })
}

/// The RULES §9 chain for at least two atoms, none of them noble: the first empty set's rule.
fn valency_chain(atoms: &Atoms) -> Result<(), Rule> {
    let n = atoms.total;
    // S0: parity is fixed unless some atom can choose either parity
    if atoms.present & MIXED == 0 {
        let odd_atoms: u64 = kinds_in(atoms.present & ODD_ONLY)
            .map(|k| atoms.count[k])
            .sum();
        if odd_atoms % 2 == 1 {
            return Err(Rule::Unpaired);
        }
    }
    // S1, S2: with every valence ≤ cap, the best even total decides both; try each cap
    let mut fed = false;
    let mut joined = false;
    for cap in 1..=7 {
        if let Some(total) = atoms.best_even_total(cap) {
            if total >= 2 * cap as u64 {
                fed = true;
                if total >= 2 * (n - 1) {
                    joined = true;
                    break;
                }
            }
        }
    }
    if !fed {
        return Err(Rule::Starved);
    }
    if !joined {
        return Err(Rule::Disconnected);
    }
    if bonds_fit(atoms) {
        Ok(())
    } else {
        Err(Rule::BondOrder)
    }
}

/// S3: is there a valence choice passing every test of the chain, triple-bond cap included?
///
/// With valences ≤ 7 the cap's inequality can only fail for k ≤ 3, so it needs just the three
/// largest valences d1 ≥ d2 ≥ d3 and sums over the rest. Guess those three and which kinds
/// supply them; every other atom then takes its largest valence ≤ d3 (each test only gets
/// easier as the rest grow), with at most one atom stepping down a parity to make the total even.
// the valences are numbers in the tests as well as indices into the tables
#[allow(clippy::needless_range_loop)]
fn bonds_fit(atoms: &Atoms) -> bool {
    let n = atoms.total;
    if n == 2 {
        // two atoms: one bond of order 1–3, the same valence on both ends
        let common = kinds_in(atoms.present).fold(0b1110u8, |m, k| m & KIND_MASK[k]);
        return common != 0;
    }
    let present = atoms.present;
    for c3 in 1..=7usize {
        // the rest, if every atom took its largest valence ≤ c3; `forced` atoms have none
        let (mut r, mut r3, mut r6, mut forced) = (0u64, 0u64, 0u64, 0u64);
        for kind in kinds_in(present) {
            let a = TOP[kind][c3] as u64;
            let count = atoms.count[kind];
            if a == 0 {
                forced += count;
            } else {
                r += count * a;
                r3 += count * a.min(3);
                r6 += count * a.min(6);
            }
        }
        // the third-largest atom takes c3 itself, so at most two atoms can be above it
        if forced > 2 {
            continue;
        }
        for c2 in c3..=7usize {
            for c1 in c2..=7usize {
                let top = [c1, c2, c3];
                // the rest only shrinks once the top three leave it
                if !caps_hold(top, r, r3, r6, n) {
                    continue;
                }
                for k1 in kinds_in(KINDS_WITH[c1] & present) {
                    for k2 in kinds_in(KINDS_WITH[c2] & present) {
                        if c1 == c2 && k2 < k1 {
                            continue;
                        }
                        for k3 in kinds_in(KINDS_WITH[c3] & present) {
                            if c2 == c3 && k3 < k2 {
                                continue;
                            }
                            if top_fits(atoms, [k1, k2, k3], top, (r, r3, r6), forced) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}

// the top three atoms come from kinds `ks` with valences `top`; the rest are at their best
fn top_fits(
    atoms: &Atoms,
    ks: [usize; 3],
    top: [usize; 3],
    (mut r, mut r3, mut r6): (u64, u64, u64),
    forced: u64,
) -> bool {
    let c3 = top[2];
    let mut used = [0u64; KINDS];
    let mut forced_used = 0;
    for &k in &ks {
        used[k] += 1;
        if used[k] > atoms.count[k] {
            return false;
        }
        let a = TOP[k][c3] as u64;
        if a == 0 {
            forced_used += 1;
        }
        r -= a;
        r3 -= a.min(3);
        r6 -= a.min(6);
    }
    // every atom with no valence ≤ c3 must be one of the top three
    if forced_used != forced {
        return false;
    }
    let sum = (top[0] + top[1] + top[2]) as u64;
    if (sum + r).is_multiple_of(2) {
        return caps_hold(top, r, r3, r6, atoms.total);
    }
    for kind in kinds_in(atoms.present) {
        let (a, b) = (TOP[kind][c3] as u64, FLIP[kind][c3] as u64);
        if atoms.count[kind] > used[kind] && a != 0 && b != 0 {
            let (r, r3, r6) = (
                r - (a - b),
                r3 - (a.min(3) - b.min(3)),
                r6 - (a.min(6) - b.min(6)),
            );
            if caps_hold(top, r, r3, r6, atoms.total) {
                return true;
            }
        }
    }
    false
}

// connectivity and the cap's inequalities for k = 1, 2, 3 (parity is the caller's)
fn caps_hold(top: [usize; 3], r: u64, r3: u64, r6: u64, n: u64) -> bool {
    let [d1, d2, d3] = top.map(|d| d as u64);
    d1 + d2 + d3 + r >= 2 * (n - 1)
        && d1 <= d2.min(3) + d3.min(3) + r3
        && d1 + d2 <= 6 + d3.min(6) + r6
        && d1 + d2 + d3 <= 18 + r
}

/// Theory Mode on a tile multiset: counts per `Element::index`. `Ok(true)` = known (a card
/// formula's multiset), `Ok(false)` = valid hypothetical, `Err` = the rule that rejects it.
///
/// The verdict depends only on the multiset, so a move generator may cache it per multiset.
/// No allocation; the work is bounded by the 15 valence lists, not by the number of atoms.
pub fn theory_check_counts(counts: &[u8; Element::COUNT]) -> Result<bool, Rule> {
    let atoms = Atoms::of_counts(counts);
    if atoms.total < 2 {
        return Err(Rule::SingleTile);
    }
    if super::card::card_index_of_counts(counts).is_some() {
        return Ok(true);
    }
    if atoms.noble > 0 {
        return Err(Rule::NoBonds);
    }
    valency_chain(&atoms).map(|()| false)
}

/// The valency part of Theory Mode for a tile sequence that is not a card multiset.
pub(super) fn theory_check_tiles(tiles: &[Element]) -> Result<(), Rule> {
    let atoms = Atoms::of_tiles(tiles);
    if atoms.total < 2 {
        return Err(Rule::SingleTile);
    }
    if atoms.noble > 0 {
        return Err(Rule::NoBonds);
    }
    valency_chain(&atoms)
}

/// RULES §4's condition, literally: can some connected multigraph without self-loops and with at
/// most 3 bonds between two atoms give the atoms exactly these degrees? (Any order; n ≥ 2.)
pub fn bond_graph_exists(degrees: &[u8]) -> bool {
    let n = degrees.len();
    if n < 2 || degrees.contains(&0) {
        return false;
    }
    let mut d: Vec<u64> = degrees.iter().map(|&x| x as u64).collect();
    d.sort_unstable_by(|a, b| b.cmp(a));
    let total: u64 = d.iter().sum();
    if total % 2 == 1 || total / 2 < n as u64 - 1 {
        return false;
    }
    (1..=n).all(|k| {
        let kk = k as u64;
        let left: u64 = d[..k].iter().sum();
        let right: u64 = d[k..].iter().map(|&x| x.min(3 * kk)).sum();
        left <= 3 * kk * (kk - 1) + right
    })
}

/// Why a starved formula fails, for the message: the atom that needs the most bonds under the
/// least-bad even valence choice, what it needs and what the others can give it.
pub(super) fn starved_detail(tiles: &[Element]) -> Option<(Element, u64, u64)> {
    let atoms = Atoms::of_tiles(tiles);
    let mut best: Option<(i64, Element, u64, u64)> = None;
    for cap in 1..=7usize {
        let Some(values) = even_choice(&atoms, tiles, cap) else {
            continue;
        };
        let total: u64 = values.iter().map(|&(_, v)| v).sum();
        let Some(&(element, most)) = values.iter().max_by_key(|&&(_, v)| v) else {
            continue;
        };
        let shortfall = 2 * most as i64 - total as i64;
        if best.is_none_or(|b| shortfall < b.0) {
            best = Some((shortfall, element, most, total - most));
        }
    }
    best.map(|(_, e, needs, gets)| (e, needs, gets))
}

/// The most bonds any even valence choice with no starved atom allows (for the message).
pub(super) fn most_bonds(tiles: &[Element]) -> u64 {
    let atoms = Atoms::of_tiles(tiles);
    if atoms.noble > 0 {
        return 0;
    }
    (1..=7usize)
        .filter_map(|cap| atoms.best_even_total(cap).filter(|&t| t >= 2 * cap as u64))
        .max()
        .unwrap_or(0)
        / 2
}

// the choice behind `best_even_total`, atom by atom (first-listed atom of a kind steps down)
fn even_choice(atoms: &Atoms, tiles: &[Element], cap: usize) -> Option<Vec<(Element, u64)>> {
    // a rejection can be built by hand, so don't trust it to be free of noble gases
    if atoms.noble > 0 {
        return None;
    }
    let total = atoms.best_even_total(cap)?;
    let mut values: Vec<(Element, u64)> = tiles
        .iter()
        .map(|&e| (e, TOP[KIND_OF[e.index()] as usize][cap] as u64))
        .collect();
    let top_total: u64 = values.iter().map(|&(_, v)| v).sum();
    if top_total != total {
        let loss = top_total - total;
        let stepping = values.iter_mut().find(|(e, v)| {
            let f = FLIP[KIND_OF[e.index()] as usize][cap] as u64;
            f != 0 && *v - f == loss
        })?;
        stepping.1 -= loss;
    }
    Some(values)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
pub(super) mod internals {
    use super::*;

    /// The fast test of one valence choice (the k ≤ 3 reduction of the cap, with parity and
    /// connectivity), for comparing with the SPEC's literal condition.
    pub fn fast_sequence_fits(degrees: &[u8]) -> bool {
        let mut d: Vec<u64> = degrees.iter().map(|&x| x as u64).collect();
        d.sort_unstable_by(|a, b| b.cmp(a));
        let total: u64 = d.iter().sum();
        if d.len() < 2 || total % 2 == 1 {
            return false;
        }
        if d.len() == 2 {
            return d[0] == d[1] && d[0] <= 3;
        }
        let rest = &d[3..];
        let r = rest.iter().sum();
        let r3 = rest.iter().map(|&x| x.min(3)).sum();
        let r6 = rest.iter().map(|&x| x.min(6)).sum();
        let top = [d[0] as usize, d[1] as usize, d[2] as usize];
        caps_hold(top, r, r3, r6, d.len() as u64)
    }

    /// Each element's kind has exactly its valence list.
    pub fn kinds_match_elements() -> bool {
        Element::ALL.iter().all(|&e| {
            let kind = KIND_OF[e.index()];
            if e.valences().is_empty() {
                kind == NOBLE
            } else {
                kind != NOBLE && KIND_MASK[kind as usize] == bits(e.valences())
            }
        })
    }
}
