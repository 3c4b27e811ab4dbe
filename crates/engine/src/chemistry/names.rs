//! A formula's names: the card's, the offline table of documented substances, or a systematic
//! IUPAC composition name for binary compounds (dinitrogen tetroxide, iron(III) chloride).
//!
//! The table's reader is [`crate::substances`], a layer below (the chemist's referee reads the
//! table too); its items are named here as well.

use crate::elements::Element;
use crate::referee::card_entry;

pub use crate::substances::{
    counts_of, hill_formula, hill_order, parse_formula, parse_sequence, Counts, Editions, Entry,
    LineProblem, Measured, Only, Reading, Source, Substances, TableError, COLDEST_C, DENSEST,
    HOTTEST_C, LATEST_EDITION, MAX_ENTRIES, MAX_NAMES_PER_ENTRY, MAX_NAME_CHARS,
    MAX_STRUCTURE_CHARS, MAX_TABLE_BYTES, TABLE_HEADER, TABLE_HEADER_V2, TABLE_HEADER_V3,
};

/// Where a name came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    /// The card or the table of documented substances.
    Documented,
    /// Built from the composition by IUPAC's rules; no such substance is documented.
    Systematic,
    /// No name: an invented molecule.
    Hypothetical,
}

impl NameKind {
    pub fn code(self) -> &'static str {
        match self {
            NameKind::Documented => "documented",
            NameKind::Systematic => "systematic",
            NameKind::Hypothetical => "hypothetical",
        }
    }
}

/// The names of a formula's multiset and where they came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    /// The card's names, then each documented substance's preferred name, most common first
    /// (isomers: ethanol, dimethyl ether); or the one systematic name.
    pub names: Vec<String>,
    pub kind: NameKind,
    /// The documented substances, each with all its names (the card's first): NaCl is one
    /// substance, table salt, sodium chloride and halite; C₂H₆O is two.
    pub substances: Vec<Vec<String>>,
    /// Set when the table says the formula is seen only in the gas phase, or is an alloy.
    pub only: Option<Only>,
}

impl Names {
    /// A documented substance a chemist could hand you: on the card, or in the table and not
    /// only a gas-phase species or an alloy.
    pub fn is_substance(&self) -> bool {
        self.kind == NameKind::Documented && self.only.is_none()
    }
}

/// Names for these tiles (order never matters): the card's names and the table's, most common
/// first; else a systematic name for a binary compound; else none.
pub fn names(tiles: &[Element], table: Option<&Substances>) -> Names {
    let counts = counts_of(tiles);
    let mut card_names: Vec<String> = Vec::new();
    if let Some(card) = card_entry(tiles) {
        // "Rust, iron(III) oxide" → rust, iron(III) oxide; mid-sentence case
        for part in card.name.split(", ") {
            let mut chars = part.chars();
            if let Some(first) = chars.next() {
                card_names.push(format!("{}{}", first.to_ascii_lowercase(), chars.as_str()));
            }
        }
    }
    let entry = table.and_then(|t| t.entry_in(&counts, LATEST_EDITION));
    // tiles that read as a condensed structural formula name only the isomers they can be
    // (RULES §11): CH₃OCH₃ is dimethyl ether, not ethanol
    // a bare molecular (Hill) formula names every isomer, the one a course means first
    let hill = crate::substances::hill_tiles(&counts);
    let written: Option<Vec<usize>> = entry.filter(|_| tiles != hill.as_slice()).and_then(|e| {
        let who: Vec<usize> = crate::referee::chemist::structure_writings(&counts, e)
            .into_iter()
            .filter(|(_, writings)| writings.iter().any(|w| w == tiles))
            .map(|(k, _)| k)
            .collect();
        (!who.is_empty()).then_some(who)
    });
    let chosen = |k: usize| written.as_ref().is_none_or(|who| who.contains(&k));
    if !chosen(0) {
        // the card names the table's most common substance, which this writing is not
        card_names.clear();
    }
    let preferred: Vec<String> = entry.map_or_else(Vec::new, |e| {
        e.preferred
            .iter()
            .enumerate()
            .filter(|&(k, _)| chosen(k))
            .map(|(_, n)| n.clone())
            .collect()
    });
    let fresh = |list: &[String], name: &str| !list.iter().any(|n| n.eq_ignore_ascii_case(name));
    let mut names: Vec<String> = Vec::new();
    for name in card_names.iter().chain(&preferred) {
        if fresh(&names, name) {
            names.push(name.clone());
        }
    }
    if names.is_empty() {
        return match systematic_name(&counts) {
            Some(name) => Names {
                names: vec![name],
                kind: NameKind::Systematic,
                substances: Vec::new(),
                only: None,
            },
            None => Names {
                names: Vec::new(),
                kind: NameKind::Hypothetical,
                substances: Vec::new(),
                only: None,
            },
        };
    }
    let mut substances: Vec<Vec<String>> = entry.map_or_else(Vec::new, |e| {
        e.substances
            .iter()
            .enumerate()
            .filter(|&(k, _)| chosen(k))
            .map(|(_, s)| s.clone())
            .collect()
    });
    if !card_names.is_empty() {
        // the card names the table's most common substance
        let first = substances.first().cloned().unwrap_or_default();
        let mut merged = card_names.clone();
        for name in first {
            if fresh(&merged, &name) {
                merged.push(name);
            }
        }
        match substances.first_mut() {
            Some(slot) => *slot = merged,
            None => substances.push(merged),
        }
    }
    Names {
        names,
        kind: NameKind::Documented,
        substances,
        only: if card_names.is_empty() {
            entry.and_then(|e| e.only)
        } else {
            None
        },
    }
}

/// Pauling electronegativities (noble gases: none, listed high).
pub fn electronegativity(e: Element) -> f64 {
    use Element::*;
    match e {
        H => 2.20,
        O => 3.44,
        C => 2.55,
        N => 3.04,
        Na => 0.93,
        Cl => 3.16,
        Ca => 1.00,
        K => 0.82,
        S => 2.58,
        Mg => 1.31,
        P => 2.19,
        Si => 1.90,
        Al => 1.61,
        Fe => 1.83,
        Zn => 1.65,
        Cu => 1.90,
        Mn => 1.55,
        Ba => 0.89,
        Br => 2.96,
        Li => 0.98,
        F => 3.98,
        Ag => 1.93,
        Sn => 1.96,
        I => 2.66,
        Ni => 1.91,
        Pb => 2.33,
        Cr => 1.66,
        Au => 2.54,
        Pt => 2.28,
        Hg => 2.00,
        U => 1.38,
        He | Ne => 5.0,
    }
}

// IUPAC's element sequence for binary names (Red Book Table VI): the later one is named last
// with "-ide"; metals come before every nonmetal. None for metals.
fn nonmetal_rank(e: Element) -> Option<u8> {
    use Element::*;
    Some(match e {
        Si => 1,
        C => 2,
        P => 3,
        N => 4,
        H => 5,
        S => 6,
        I => 7,
        Br => 8,
        Cl => 9,
        O => 10,
        F => 11,
        _ => return None,
    })
}

// the "-ide" name and the charge it stands for
fn anion(e: Element) -> Option<(&'static str, u8)> {
    use Element::*;
    Some(match e {
        O => ("oxide", 2),
        S => ("sulfide", 2),
        N => ("nitride", 3),
        P => ("phosphide", 3),
        C => ("carbide", 4),
        Si => ("silicide", 4),
        H => ("hydride", 1),
        F => ("fluoride", 1),
        Cl => ("chloride", 1),
        Br => ("bromide", 1),
        I => ("iodide", 1),
        _ => return None,
    })
}

const PREFIXES: [&str; 16] = [
    "",
    "mono",
    "di",
    "tri",
    "tetra",
    "penta",
    "hexa",
    "hepta",
    "octa",
    "nona",
    "deca",
    "undeca",
    "dodeca",
    "trideca",
    "tetradeca",
    "pentadeca",
];
const ROMAN: [&str; 8] = ["", "I", "II", "III", "IV", "V", "VI", "VII"];

// "tetra" + "oxide" → "tetroxide", "mono" + "oxide" → "monoxide", as chemists write them
fn prefixed(count: u8, word: &str) -> String {
    let prefix = PREFIXES.get(count as usize).copied().unwrap_or("");
    if word.starts_with('o') && (prefix.ends_with('a') || prefix.ends_with('o')) {
        format!("{}{word}", &prefix[..prefix.len() - 1])
    } else {
        format!("{prefix}{word}")
    }
}

/// A systematic composition name for an element or a binary compound: "dinitrogen tetroxide",
/// "iron(III) chloride", "sodium chloride", "trioxygen". None for anything else, for two
/// metals, and for hydrocarbons (organic names are beyond composition rules).
pub fn systematic_name(counts: &Counts) -> Option<String> {
    let present: Vec<(Element, u8)> = Element::ALL
        .iter()
        .filter(|e| counts[e.index()] > 0)
        .map(|&e| (e, counts[e.index()]))
        .collect();
    let lower = |e: Element| e.name().to_ascii_lowercase();
    match present.as_slice() {
        [(e, n)] if *n >= 2 => Some(prefixed(*n, &lower(*e))),
        [(a, na), (b, nb)] => {
            let (rank_a, rank_b) = (nonmetal_rank(*a), nonmetal_rank(*b));
            let ((first, nf), (second, ns)) = match (rank_a, rank_b) {
                (None, None) => return None,
                (None, Some(_)) => ((*a, *na), (*b, *nb)),
                (Some(_), None) => ((*b, *nb), (*a, *na)),
                (Some(x), Some(y)) if x < y => ((*a, *na), (*b, *nb)),
                _ => ((*b, *nb), (*a, *na)),
            };
            if first == Element::C && second == Element::H {
                return None;
            }
            let (ide, charge) = anion(second)?;
            if nonmetal_rank(first).is_none() {
                // a metal: fixed charge → no numbers; several valences → Stock number; a
                // ratio no valence explains → stoichiometric prefixes
                let total = ns as u32 * charge as u32;
                let state = total.is_multiple_of(nf as u32).then(|| total / nf as u32);
                let valences = first.valences();
                if let Some(state) = state.filter(|s| valences.contains(&(*s as u8))) {
                    if valences.len() == 1 {
                        return Some(format!("{} {ide}", lower(first)));
                    }
                    return Some(format!(
                        "{}({}) {ide}",
                        lower(first),
                        ROMAN.get(state as usize).copied().unwrap_or("")
                    ));
                }
            }
            let lead = if nf == 1 {
                lower(first)
            } else {
                prefixed(nf, &lower(first))
            };
            // hydrogen first: hydrogen chloride, dihydrogen sulfide
            let tail = if first == Element::H {
                ide.to_string()
            } else {
                prefixed(ns, ide)
            };
            Some(format!("{lead} {tail}"))
        }
        _ => None,
    }
}
