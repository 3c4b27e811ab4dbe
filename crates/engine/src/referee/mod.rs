//! The referee: which formulas are valid, in Standard Mode (the card), Theory Mode (valency)
//! and under the chemist's referee (documented substances in a conventional order).

mod card;
pub mod chemist;
pub mod ionic;
pub mod ions;
mod teach;
mod theory;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

use std::fmt;

use crate::elements::Element;
use crate::substances::Only as chemistry_only;

pub use chemist::Edition;

pub use card::{
    card_entry, card_index, card_index_of_counts, card_index_of_multiset, CardFormula, CARD,
    CARD_MAX_LEN, STARTERS,
};
pub use theory::{bond_graph_exists, theory_check_counts};

/// Which referee judges the formulas. Stored formats read and write it only through
/// [`Mode::code`] and its `FromStr`; every decision on it is an exhaustive `match`, so a
/// fourth referee fails to compile wherever it is not yet handled. Ordered as the variants are
/// declared (a history lists a day's results in this order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mode {
    /// Only the 42 card formulas, in exact tile order.
    Standard,
    /// Every documented substance, in a conventional order (RULES §11): the chemist's referee.
    Chemist,
    /// Card formulas in any order, plus anything the valency calculator can draw.
    Theory,
}

impl Mode {
    /// Every referee, strictest first (their order).
    pub const ALL: [Mode; 3] = [Mode::Standard, Mode::Chemist, Mode::Theory];

    /// Whether formulas are judged by the valency calculator, in any order (Theory Mode),
    /// rather than looked up in a list, each in its order (the card, the documented
    /// substances): any order of a play's tiles then scores the same, Organic Chemistry Mode
    /// has a choice to narrow, and a formula may be Hypothetical.
    pub fn by_valency(self) -> bool {
        match self {
            Mode::Standard | Mode::Chemist => false,
            Mode::Theory => true,
        }
    }

    /// Whether charged formulas can count (Ion Rules): not on the card alone, which has no
    /// ions.
    pub fn takes_ions(self) -> bool {
        match self {
            Mode::Standard => false,
            Mode::Chemist | Mode::Theory => true,
        }
    }

    /// Whether judging needs the table of documented substances installed
    /// ([`chemist::install`]).
    pub fn needs_lexicon(self) -> bool {
        match self {
            Mode::Standard | Mode::Theory => false,
            Mode::Chemist => true,
        }
    }

    /// "standard", "theory" or "chemist", as in `--mode` and the JSON.
    pub fn code(self) -> &'static str {
        match self {
            Mode::Standard => "standard",
            Mode::Theory => "theory",
            Mode::Chemist => "chemist",
        }
    }
}

impl Mode {
    /// The referee's name as players read it, the same on the Play tab, in a game's title, on
    /// the Daily Bench and in its share text: "Standard Mode", "Real substances" (the chemist's
    /// referee: every documented substance, each in a conventional order), "Theory Mode".
    pub fn name(self) -> &'static str {
        match self {
            Mode::Standard => "Standard Mode",
            Mode::Chemist => "Real substances",
            Mode::Theory => "Theory Mode",
        }
    }
}

/// The referee a record's `"theory"` flag names when it names no other (RULES §8): Theory Mode
/// or Standard Mode.
pub fn theory_or_standard(theory: bool) -> Mode {
    match theory {
        true => Mode::Theory,
        false => Mode::Standard,
    }
}

impl std::str::FromStr for Mode {
    type Err = String;
    fn from_str(text: &str) -> Result<Mode, String> {
        match text {
            "standard" => Ok(Mode::Standard),
            "theory" => Ok(Mode::Theory),
            "chemist" => Ok(Mode::Chemist),
            other => Err(format!(
                "unknown mode \"{other}\": use standard, theory or chemist"
            )),
        }
    }
}

/// Why a formula is rejected; `code` is stable (RULES §9), the wording is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A symbol that is not one of the 33 elements: [`parse_spaced`] reports it, with the
    /// symbol; [`judge`] never does, since it takes elements.
    UnknownElement,
    SingleTile,
    /// Theory Mode: helium or neon.
    NoBonds,
    /// Theory Mode: every valence choice has an odd total.
    Unpaired,
    /// Theory Mode: some atom always needs more bonds than all the others together.
    Starved,
    /// Theory Mode: too few bonds to hold all the atoms together.
    Disconnected,
    /// Theory Mode: only possible with a quadruple (or higher) bond.
    BondOrder,
    /// Standard Mode: these tiles are on the card, in another order.
    CardOrder,
    /// Standard Mode: not on the card at all.
    NotOnCard,
    /// Organic Chemistry Mode (a table variant): no carbon or no hydrogen.
    NotOrganic,
    /// The chemist's referee: a documented substance, in an order that is not conventional.
    Order,
    /// The chemist's referee: no documented substance has these atoms.
    NotDocumented,
}

impl Rule {
    pub const ALL: [Rule; 12] = [
        Rule::UnknownElement,
        Rule::SingleTile,
        Rule::NoBonds,
        Rule::Unpaired,
        Rule::Starved,
        Rule::Disconnected,
        Rule::BondOrder,
        Rule::CardOrder,
        Rule::NotOnCard,
        Rule::NotOrganic,
        Rule::Order,
        Rule::NotDocumented,
    ];

    /// The stable code of RULES §9, e.g. "card-order".
    pub fn code(self) -> &'static str {
        match self {
            Rule::UnknownElement => "unknown-element",
            Rule::SingleTile => "single-tile",
            Rule::NoBonds => "no-bonds",
            Rule::Unpaired => "unpaired",
            Rule::Starved => "starved",
            Rule::Disconnected => "disconnected",
            Rule::BondOrder => "bond-order",
            Rule::CardOrder => "card-order",
            Rule::NotOnCard => "not-on-card",
            Rule::NotOrganic => "not-organic",
            Rule::Order => "order",
            Rule::NotDocumented => "not-documented",
        }
    }
}

/// A valid formula: `known` for a card formula, else Hypothetical (Theory Mode only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    pub known: bool,
    /// Index into [`CARD`] when the tiles (Standard) or their multiset (Theory) match it.
    pub card: Option<usize>,
    /// Ion Rules (a table variant): the formula's charge, −3…+3; 0 for a neutral molecule.
    pub charge: i8,
}

/// A rejected formula; its `Display` is the sentence shown to the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    pub rule: Rule,
    pub tiles: Vec<Element>,
    /// For [`Rule::CardOrder`]: the card formula to play instead. (For [`Rule::Order`] the
    /// order to play comes from the installed lexicon, [`chemist::installed`].)
    pub card: Option<usize>,
    /// The chemist's rules the formula was judged by: a [`Rule::Order`] refusal offers the
    /// order they take. The other referees have one edition, and read none.
    pub edition: Edition,
}

/// Judge one formula (a Wild Isotope already counts as its chosen element) by `mode`'s rules:
/// under the chemist's referee, those of `edition` (a game's own: [`Edition::CURRENT`] for a
/// formula judged outside a game); the other referees read no edition. Never panics.
pub fn judge(mode: Mode, edition: Edition, tiles: &[Element]) -> Result<Accepted, Rejection> {
    let reject = |rule: Rule, card: Option<usize>| Rejection {
        rule,
        tiles: tiles.to_vec(),
        card,
        edition,
    };
    if tiles.len() < 2 {
        return Err(reject(Rule::SingleTile, None));
    }
    let same_multiset = card_index_of_multiset(tiles);
    match mode {
        Mode::Standard => match card_index(tiles) {
            Some(i) => Ok(Accepted {
                known: true,
                card: Some(i),
                charge: 0,
            }),
            None => match same_multiset {
                Some(i) => Err(reject(Rule::CardOrder, Some(i))),
                None => Err(reject(Rule::NotOnCard, None)),
            },
        },
        // a card multiset is known before any valency test: C·O passes though valency fails it
        Mode::Theory => match same_multiset {
            Some(i) => Ok(Accepted {
                known: true,
                card: Some(i),
                charge: 0,
            }),
            None => match theory::theory_check_tiles(tiles) {
                Ok(()) => Ok(Accepted {
                    known: false,
                    card: None,
                    charge: 0,
                }),
                Err(rule) => Err(reject(rule, None)),
            },
        },
        // without the table nothing off the card can be judged: `Game` refuses to start a
        // chemist's game before it is installed, so this is only a caller's slip
        Mode::Chemist => match chemist::installed() {
            Some(lexicon) if lexicon.accepts(tiles, edition) => {
                let card = card_index(tiles);
                Ok(Accepted {
                    known: card.is_some(),
                    card,
                    charge: 0,
                })
            }
            Some(lexicon)
                if lexicon
                    .known(tiles, edition)
                    .is_some_and(|k| k.play.is_some()) =>
            {
                Err(reject(Rule::Order, same_multiset))
            }
            _ => Err(reject(Rule::NotDocumented, None)),
        },
    }
}

/// [`judge`] under Ion Rules (RULES §10.3). A card formula is always the card's neutral
/// substance. Theory Mode: a documented ion's atoms, in any order, count with the ion's charge;
/// otherwise a neutral molecule counts as it does without Ion Rules, and failing that a
/// molecule the valency model can draw with a charge of ±1…±3 ([`ions::theory_charge`]). The
/// chemist's referee: a documented ion counts in the textbook's order only; in another order
/// the rule is [`Rule::Order`].
pub fn judge_ions(mode: Mode, edition: Edition, tiles: &[Element]) -> Result<Accepted, Rejection> {
    let plain = judge(mode, edition, tiles);
    if tiles.len() < 2 || card_index_of_multiset(tiles).is_some() {
        return plain;
    }
    let ion = |charge: i8| Accepted {
        known: false,
        card: None,
        charge,
    };
    match mode {
        Mode::Standard => plain,
        Mode::Theory => {
            let counts = ions::counts_of(tiles);
            match ions::theory_charge(&counts, plain.is_ok()) {
                Some(charge) => Ok(ion(charge)),
                None => plain,
            }
        }
        Mode::Chemist => match (ions::ion_in_order(tiles, edition), plain) {
            (Some(found), _) => Ok(ion(found.charge)),
            (None, Ok(accepted)) => Ok(accepted),
            (None, Err(rejection)) => match ions::ion_of_multiset(tiles) {
                Some(_) if rejection.rule == Rule::NotDocumented => Err(Rejection {
                    rule: Rule::Order,
                    ..rejection
                }),
                _ => Err(rejection),
            },
        },
    }
}

/// Tiles joined by "·", as the chemist's referee names them: "Cl·Na".
pub(crate) fn joined(tiles: &[Element]) -> String {
    tiles
        .iter()
        .map(|e| e.symbol())
        .collect::<Vec<_>>()
        .join("·")
}

fn subscript(n: usize) -> String {
    const DIGITS: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
    n.to_string()
        .bytes()
        .map(|b| DIGITS[(b - b'0') as usize])
        .collect()
}

/// H₂O-style text in tile order: H·H·O → "H₂O", O·H·H → "OH₂", H·O·H → "HOH".
pub fn formula_text(tiles: &[Element]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < tiles.len() {
        let run = tiles[i..].iter().take_while(|&&e| e == tiles[i]).count();
        out.push_str(tiles[i].symbol());
        if run > 1 {
            out.push_str(&subscript(run));
        }
        i += run;
    }
    out
}

/// A neutral formula as players read it wherever it is shown: an ionic compound with its ions'
/// brackets (Ca(OH)₂, [`ionic::ionic_text`]), anything else in tile order (H₂O, CH₃CH₂OH).
pub fn shown_text(tiles: &[Element]) -> String {
    ionic::ionic_text(tiles).unwrap_or_else(|| formula_text(tiles))
}

/// [`formula_text`] with a charge as superscripts: "OH⁻", "SO₄²⁻", "NH₄⁺"; a charge of 0
/// adds nothing.
pub fn formula_text_charged(tiles: &[Element], charge: i8) -> String {
    let mut text = formula_text(tiles);
    text.push_str(&ions::superscript(charge));
    text
}

/// [`formula_label`] with a charge: the charged text, then the documented ion's name when the
/// tiles make one: "SO₄²⁻ — sulfate". A charge of 0 is [`formula_label`] itself.
pub fn formula_label_charged(tiles: &[Element], charge: i8) -> String {
    if charge == 0 {
        return formula_label(tiles);
    }
    let text = formula_text_charged(tiles, charge);
    match ions::ion_of_multiset(tiles).filter(|i| i.charge == charge) {
        Some(ion) => format!("{text} — {}", ion.name),
        None => text,
    }
}

/// [`formula_text`] plus the card name when the tiles, in any order, make a card substance:
/// "H₂O — water", "OH₂ — water", "CaO — calcium oxide, quicklime".
pub fn formula_label(tiles: &[Element]) -> String {
    let text = formula_text(tiles);
    match card_name(tiles) {
        Some(name) => format!("{text} — {name}"),
        None => text,
    }
}

/// The card's name of the substance these tiles make in any order, as it reads mid-line (the
/// card's names start with a capital): "water", "calcium oxide, quicklime".
pub fn card_name(tiles: &[Element]) -> Option<String> {
    let card = card_entry(tiles)?;
    let mut name = card.name.chars();
    let first = name.next().map(|c| c.to_ascii_lowercase());
    Some(format!(
        "{}{}",
        first.into_iter().collect::<String>(),
        name.as_str()
    ))
}

/// Symbols joined by single spaces, the CLI and JSON form: "H H O".
pub fn spaced(tiles: &[Element]) -> String {
    tiles
        .iter()
        .map(|e| e.symbol())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Symbols joined by " · ", the manual's way of listing tiles to play: "Na · Cl".
pub fn dotted(tiles: &[Element]) -> String {
    tiles
        .iter()
        .map(|e| e.symbol())
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Read "H H O": whitespace-separated, case-sensitive symbols. The error names the bad symbol
/// (rule [`Rule::UnknownElement`]).
pub fn parse_spaced(text: &str) -> Result<Vec<Element>, String> {
    text.split_whitespace()
        .map(|symbol| {
            Element::from_symbol(symbol).ok_or_else(|| {
                format!(
                    "\"{symbol}\" is not one of the {} elements (symbols are case-sensitive)",
                    Element::COUNT
                )
            })
        })
        .collect()
}

fn lower(element: Element) -> String {
    element.name().to_ascii_lowercase()
}

impl fmt::Display for Rejection {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let formula = formula_text(&self.tiles);
        let tiles = &self.tiles;
        match self.rule {
            Rule::UnknownElement => write!(
                out,
                "{formula}: a symbol in it is not one of the {} elements",
                Element::COUNT
            ),
            Rule::SingleTile if tiles.is_empty() => {
                write!(out, "No tiles: a formula needs at least two tiles")
            }
            Rule::SingleTile => write!(
                out,
                "{formula}: a single tile is not a formula; a formula needs at least two tiles"
            ),
            Rule::NoBonds => {
                let he = tiles.contains(&Element::He);
                let ne = tiles.contains(&Element::Ne);
                let who = match (he, ne) {
                    (true, true) => "helium and neon form",
                    (false, true) => "neon forms",
                    _ => "helium forms",
                };
                write!(out, "{formula}: {who} no bonds")
            }
            Rule::Unpaired => write!(
                out,
                "{formula}: an atom is left needing a bond: every choice of valencies adds up \
                 to an odd number"
            ),
            Rule::Starved => match theory::starved_detail(tiles) {
                // an element that could take fewer bonds says its valencies, and that this
                // many are needed here ("manganese needs 7 bonds" alone reads as if it always
                // did)
                Some((element, needs, gets)) => match element.valences() {
                    several @ [least, _, ..] if u64::from(*least) < needs => {
                        let mut list = String::new();
                        for (i, v) in several.iter().enumerate() {
                            let sep = match i {
                                0 => "",
                                _ if i + 1 == several.len() => " or ",
                                _ => ", ",
                            };
                            list.push_str(sep);
                            list.push_str(&v.to_string());
                        }
                        write!(
                            out,
                            "{formula}: {} (valency {list}) needs {needs} bonds here but gets \
                             only {gets}",
                            lower(element)
                        )
                    }
                    _ => write!(
                        out,
                        "{formula}: {} needs {needs} bonds but gets only {gets}",
                        lower(element)
                    ),
                },
                None => write!(
                    out,
                    "{formula}: one atom needs more bonds than all the others can give it"
                ),
            },
            Rule::Disconnected => {
                let atoms = tiles.len();
                write!(
                    out,
                    "{formula}: can't be one molecule: {atoms} atoms need at least {} bonds, \
                     their valencies allow only {}",
                    atoms.saturating_sub(1),
                    theory::most_bonds(tiles)
                )
            }
            Rule::BondOrder => write!(
                out,
                "{formula}: would need more than a triple bond between two atoms"
            ),
            Rule::CardOrder => match self.card.and_then(|i| CARD.get(i)) {
                Some(card) => write!(
                    out,
                    "{formula} is not the conventional order: play {}",
                    dotted(card.tiles)
                ),
                None => write!(out, "{formula} is not the conventional order"),
            },
            Rule::NotOnCard => write!(
                out,
                "{formula} is not on the reference card: Standard Mode takes only its 42 \
                 formulas"
            ),
            Rule::Order => {
                let known = chemist::installed().and_then(|l| l.known(tiles, self.edition));
                let several = known.is_some_and(|k| k.several);
                match known.and_then(|k| k.play.as_ref().map(|p| (&k.name, p))) {
                    Some((name, (convention, order))) if several => write!(
                        out,
                        "{} is not how chemists write any substance with these atoms: play {} \
                         for {name} ({}, {})",
                        joined(tiles),
                        joined(order),
                        shown_text(order),
                        convention.reason()
                    ),
                    Some((name, (convention, order))) => write!(
                        out,
                        "{} is {name} in the wrong order: play {} ({}, {})",
                        joined(tiles),
                        joined(order),
                        shown_text(order),
                        convention.reason()
                    ),
                    None => match ions::ion_of_multiset(tiles) {
                        Some(ion) => write!(
                            out,
                            "{} is the {} ion in the wrong order: play {} (the textbook's order)",
                            joined(tiles),
                            ion.name,
                            joined(&ion.tiles)
                        ),
                        None => write!(out, "{} is not in a conventional order", joined(tiles)),
                    },
                }
            }
            Rule::NotDocumented => {
                let known = chemist::installed().map(|l| l.known(tiles, self.edition));
                match known {
                    None => write!(
                        out,
                        "{}: the table of documented substances has not loaded, so the \
                         chemist's referee can't judge it",
                        joined(tiles)
                    ),
                    Some(Some(k)) if k.only == Some(chemistry_only::GasPhase) => write!(
                        out,
                        "{} ({}) is seen only in the gas phase, in a spectrum: it is not a \
                         documented substance",
                        joined(tiles),
                        k.name
                    ),
                    Some(Some(k)) if k.only == Some(chemistry_only::Alloy) => write!(
                        out,
                        "{} ({}) is an alloy, not a compound: it is not a documented substance",
                        joined(tiles),
                        k.name
                    ),
                    Some(_) => {
                        let accepts = |t: &[Element]| {
                            chemist::installed().is_some_and(|l| l.accepts(t, self.edition))
                        };
                        match teach::why_not(tiles, &accepts) {
                            Some(why) => write!(
                                out,
                                "{} is not a documented substance. {why}",
                                joined(tiles)
                            ),
                            None => write!(out, "{} is not a documented substance", joined(tiles)),
                        }
                    }
                }
            }
            Rule::NotOrganic => {
                let missing = match (tiles.contains(&Element::C), tiles.contains(&Element::H)) {
                    (false, false) => "neither carbon nor hydrogen",
                    (false, true) => "no carbon",
                    _ => "no hydrogen",
                };
                write!(
                    out,
                    "{formula} has {missing}: Organic Chemistry Mode counts only formulas with \
                     carbon and hydrogen"
                )
            }
        }
    }
}

impl std::error::Error for Rejection {}
