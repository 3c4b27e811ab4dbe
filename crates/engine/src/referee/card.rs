//! The reference card: the 42 known formulas in Standard Mode's exact tile order (RULES §4).

use crate::elements::Element::{self, *};

/// One formula of the reference card.
#[derive(Debug)]
pub struct CardFormula {
    /// The tiles in the exact order Standard Mode demands.
    pub tiles: &'static [Element],
    pub name: &'static str,
}

const fn card(tiles: &'static [Element], name: &'static str) -> CardFormula {
    CardFormula { tiles, name }
}

// a const so that `card_counts` can read it at compile time
const CARD_TABLE: [CardFormula; 42] = [
    card(&[H, H, O], "Water"),
    card(&[C, O, O], "Carbon dioxide"),
    card(&[Na, Cl], "Table salt"),
    card(&[O, O], "Oxygen gas"),
    card(&[N, N], "Nitrogen gas"),
    card(&[H, H], "Hydrogen gas"),
    card(&[Cl, Cl], "Chlorine gas"),
    card(&[C, H, H, H, H], "Methane"),
    card(&[N, H, H, H], "Ammonia"),
    card(&[H, Cl], "Hydrochloric acid"),
    card(&[Ca, C, O, O, O], "Calcium carbonate"),
    card(&[Fe, Fe, O, O, O], "Rust, iron(III) oxide"),
    card(&[Na, O, H], "Lye, sodium hydroxide"),
    card(&[Mg, O], "Magnesium oxide"),
    card(&[C, O], "Carbon monoxide"),
    card(&[N, O, O], "Nitrogen dioxide"),
    card(&[S, O, O], "Sulfur dioxide"),
    card(&[S, O, O, O], "Sulfur trioxide"),
    card(&[K, Cl], "Potassium chloride"),
    card(&[Cu, O], "Copper(II) oxide"),
    card(&[Zn, O], "Zinc oxide"),
    card(&[Ca, Cl, Cl], "Calcium chloride"),
    card(&[Mg, Cl, Cl], "Magnesium chloride"),
    card(&[Al, Al, O, O, O], "Aluminium oxide"),
    card(&[Si, O, O], "Silicon dioxide"),
    card(&[Fe, O], "Iron(II) oxide"),
    card(&[Fe, S], "Iron(II) sulfide"),
    card(&[Cu, S], "Copper(II) sulfide"),
    card(&[Na, Na, O], "Sodium oxide"),
    card(&[K, K, O], "Potassium oxide"),
    card(&[K, O, H], "Potassium hydroxide"),
    card(&[H, N, O, O, O], "Nitric acid"),
    card(&[H, H, S, O, O, O, O], "Sulfuric acid"),
    card(&[N, H, H, H, H, Cl], "Ammonium chloride"),
    card(&[Fe, Cl, Cl], "Iron(II) chloride"),
    card(&[Ag, Cl], "Silver chloride"),
    card(&[Pb, O], "Lead(II) oxide"),
    card(&[Ba, O], "Barium oxide"),
    card(&[Br, Br], "Bromine"),
    card(&[Li, F], "Lithium fluoride"),
    card(&[Ca, O], "Calcium oxide, quicklime"),
    card(&[Sn, O, O], "Tin(IV) oxide"),
];

/// The reference card in RULES §4 order.
pub static CARD: [CardFormula; 42] = CARD_TABLE;

/// The manual's "ten molecules to start with": H₂O, CO₂, NaCl, O₂, CH₄, NH₃, HCl, CaCO₃, Fe₂O₃,
/// NaOH.
pub const STARTERS: [usize; 10] = [0, 1, 2, 3, 7, 8, 9, 10, 11, 12];

/// The longest card formula (H₂SO₄); a longer formula can't be on the card.
pub const CARD_MAX_LEN: usize = 7;

// each card formula as counts per element, so Theory Mode's "known" test is a table compare
const fn card_counts() -> [[u8; Element::COUNT]; 42] {
    let mut out = [[0u8; Element::COUNT]; 42];
    let mut i = 0;
    while i < 42 {
        let tiles = CARD_TABLE[i].tiles;
        let mut j = 0;
        while j < tiles.len() {
            out[i][tiles[j] as usize] += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

static CARD_COUNTS: [[u8; Element::COUNT]; 42] = card_counts();

/// The card formula with exactly this tile sequence.
pub fn card_index(tiles: &[Element]) -> Option<usize> {
    CARD.iter().position(|f| f.tiles == tiles)
}

/// The card formula with this multiset of elements (counts per `Element::index`), in any order.
pub fn card_index_of_counts(counts: &[u8; Element::COUNT]) -> Option<usize> {
    CARD_COUNTS.iter().position(|c| c == counts)
}

/// The card entry for these tiles in any order: the substance they make, whatever the order
/// (Standard Mode's order rule decides whether they may be played so, not what they are).
pub fn card_entry(tiles: &[Element]) -> Option<&'static CardFormula> {
    card_index_of_multiset(tiles).and_then(|i| CARD.get(i))
}

/// Same as [`card_index_of_counts`] for a tile sequence.
pub fn card_index_of_multiset(tiles: &[Element]) -> Option<usize> {
    if tiles.len() > CARD_MAX_LEN {
        return None;
    }
    let mut counts = [0u8; Element::COUNT];
    for &e in tiles {
        counts[e.index()] += 1;
    }
    card_index_of_counts(&counts)
}
