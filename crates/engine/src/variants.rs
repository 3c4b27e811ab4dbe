//! The boxed set's table variants (manual §18, RULES §10): Biology Bonus, Ion Rules, Organic Chemistry Mode, Speed Lab, Junior Chemist; and a formula judged under them ([`judge_with`]).

use std::fmt;

use crate::elements::Element::{self, *};
use crate::kind::Kind;
use crate::referee::{judge, judge_ions, Accepted, Edition, Mode, Rejection, Rule};
use crate::turn::ScoredFormula;
use molscrab_json::Value;

/// Biology Bonus: points for each scored formula found naturally in the human body.
pub const BIOLOGY_BONUS: i32 = 5;

/// Speed Lab: seconds a turn may take before it is passed.
pub const SPEED_LAB_SECONDS: u32 = 60;

/// One table variant of manual §18.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    BiologyBonus,
    /// Charged species count: OH⁻, NH₄⁺, SO₄²⁻ (RULES §10.3).
    IonRules,
    Junior,
    Organic,
    SpeedLab,
}

impl Variant {
    /// Every variant, in the order of their codes (the order records and bests write them).
    pub const ALL: [Variant; 5] = [
        Variant::BiologyBonus,
        Variant::IonRules,
        Variant::Junior,
        Variant::Organic,
        Variant::SpeedLab,
    ];

    /// The stable code of RULES §10, as in a record's `"variants"`.
    pub fn code(self) -> &'static str {
        match self {
            Variant::BiologyBonus => "biology-bonus",
            Variant::IonRules => "ion-rules",
            Variant::Junior => "junior",
            Variant::Organic => "organic",
            Variant::SpeedLab => "speed-lab",
        }
    }

    pub fn from_code(code: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.code() == code)
    }

    /// The name the player reads, as in the manual.
    pub fn name(self) -> &'static str {
        match self {
            Variant::BiologyBonus => "Biology Bonus",
            Variant::IonRules => "Ion Rules",
            Variant::Junior => "Junior Chemist",
            Variant::Organic => "Organic Chemistry Mode",
            Variant::SpeedLab => "Speed Lab",
        }
    }

    /// One line for the Play tab.
    pub fn description(self) -> &'static str {
        match self {
            Variant::BiologyBonus => {
                "+5 points for each formula found naturally in the human body, such as H₂O, CO₂ \
                 or NaCl."
            }
            Variant::IonRules => {
                "Charged formulas count too, such as OH⁻, NH₄⁺ or SO₄²⁻. Not in Standard Mode."
            }
            Variant::Junior => "The reference card stays open beside the board.",
            Variant::Organic => "Theory Mode only: every formula must hold carbon and hydrogen.",
            Variant::SpeedLab => {
                "60 seconds a turn; when the time runs out, the turn is passed. Not in Solitaire."
            }
        }
    }

    /// Whether the variant can be played in a game of this kind and mode: Organic Chemistry
    /// Mode needs Theory Mode (Standard Mode's card has no choice to narrow), Ion Rules a
    /// referee beyond the card (the card has no ions), Speed Lab a game that can pass
    /// (Solitaire has no passes).
    pub fn fits(self, kind: Kind, mode: Mode) -> bool {
        match self {
            Variant::Organic => mode.by_valency(),
            Variant::IonRules => mode.takes_ions(),
            Variant::SpeedLab => kind != Kind::Solitaire,
            Variant::BiologyBonus | Variant::Junior => true,
        }
    }

    /// Why the variant can't be played here, for the player.
    pub fn misfit(self) -> &'static str {
        match self {
            Variant::Organic => {
                "Organic Chemistry Mode is played in Theory Mode only; this game is in Standard \
                 Mode."
            }
            Variant::IonRules => {
                "Ion Rules are played in Theory Mode or under the chemist's referee; the \
                 reference card of Standard Mode has no ions."
            }
            Variant::SpeedLab => {
                "Speed Lab is not played in Solitaire: a timed-out turn is passed, and Solitaire \
                 has no passes."
            }
            Variant::BiologyBonus | Variant::Junior => "This variant fits every game.",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str(self.name())
    }
}

/// The variants a game is played with: a set, so a variant is in it once or not at all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Variants(u8);

impl Variants {
    /// No variant: the plain rules.
    pub const NONE: Variants = Variants(0);

    pub fn of(variants: &[Variant]) -> Variants {
        variants.iter().fold(Variants::NONE, |set, &v| set.with(v))
    }

    pub fn with(self, variant: Variant) -> Variants {
        Variants(self.0 | variant.bit())
    }

    pub fn without(self, variant: Variant) -> Variants {
        Variants(self.0 & !variant.bit())
    }

    pub fn contains(self, variant: Variant) -> bool {
        self.0 & variant.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Every set of variants, the empty one first.
    pub fn every_set() -> impl Iterator<Item = Variants> {
        (0..1u8 << Variant::ALL.len()).map(Variants)
    }

    /// The variants in the order of their codes.
    pub fn iter(self) -> impl Iterator<Item = Variant> {
        Variant::ALL.into_iter().filter(move |&v| self.contains(v))
    }

    /// The sorted codes joined by "+", e.g. "biology-bonus+organic"; "" for none. Personal
    /// bests are kept under this key.
    pub fn key(self) -> String {
        // by hand: a join would add its own code to the app's wasm
        let mut key = String::new();
        for v in self.iter() {
            if !key.is_empty() {
                key.push('+');
            }
            key.push_str(v.code());
        }
        key
    }

    /// Reads [`Variants::key`]'s text back; `None` for a code it does not know, a repeated
    /// code or codes out of order (so each set has exactly one key).
    pub fn from_key(key: &str) -> Option<Variants> {
        if key.is_empty() {
            return Some(Variants::NONE);
        }
        let mut set = Variants::NONE;
        let mut last: Option<Variant> = None;
        for code in key.split('+') {
            let v = Variant::from_code(code)?;
            if last.is_some_and(|l| l >= v) {
                return None;
            }
            last = Some(v);
            set = set.with(v);
        }
        Some(set)
    }

    /// The first variant that does not fit a game of this kind and mode, if any.
    pub fn misfit(self, kind: Kind, mode: Mode) -> Option<Variant> {
        self.iter().find(|v| !v.fits(kind, mode))
    }

    /// These variants less those that do not fit a game of this kind and mode (a choice made
    /// for any game, applied to one).
    pub fn fitting(self, kind: Kind, mode: Mode) -> Variants {
        self.iter()
            .filter(|v| v.fits(kind, mode))
            .fold(Variants::NONE, Variants::with)
    }

    /// `["biology-bonus", …]`, as in the record.
    pub fn to_value(self) -> Value {
        Value::Array(self.iter().map(|v| v.code().into()).collect())
    }

    /// Organic Chemistry Mode's refusal of a formula the referee accepted (by the chemist's
    /// `edition`): rule `not-organic` when it lacks carbon or hydrogen. `None` when the
    /// formula counts.
    pub fn refusal(self, edition: Edition, tiles: &[Element]) -> Option<Rejection> {
        (self.contains(Variant::Organic) && !is_organic(tiles)).then(|| Rejection {
            rule: Rule::NotOrganic,
            tiles: tiles.to_vec(),
            card: None,
            edition,
        })
    }

    /// Biology Bonus: [`BIOLOGY_BONUS`] for each formula in the human body; 0 without the
    /// variant.
    pub fn biology_bonus(self, formulas: &[ScoredFormula]) -> i32 {
        if !self.contains(Variant::BiologyBonus) {
            return 0;
        }
        let found = formulas
            .iter()
            .filter(|f| body_index(&f.tiles).is_some())
            .count();
        BIOLOGY_BONUS * found as i32
    }

    /// Speed Lab's turn time in seconds; `None` when turns are untimed.
    pub fn turn_seconds(self) -> Option<u32> {
        self.contains(Variant::SpeedLab)
            .then_some(SPEED_LAB_SECONDS)
    }

    /// Ion Rules: charged formulas count (RULES §10.3).
    pub fn ions(self) -> bool {
        self.contains(Variant::IonRules)
    }

    /// Junior Chemist: the reference card stays open beside the board.
    pub fn card_open(self) -> bool {
        self.contains(Variant::Junior)
    }
}

/// Judge one formula in a game played with these table variants, under `mode` (by the
/// chemist's `edition`): Ion Rules' charged formulas count as well ([`judge_ions`]), then
/// Organic Chemistry Mode refuses what lacks C or H.
pub fn judge_with(
    mode: Mode,
    edition: Edition,
    variants: Variants,
    tiles: &[Element],
) -> Result<Accepted, Rejection> {
    let verdict = if variants.ions() {
        judge_ions(mode, edition, tiles)
    } else {
        judge(mode, edition, tiles)
    };
    verdict.and_then(|a| variants.refusal(edition, tiles).map_or(Ok(a), Err))
}

/// Organic Chemistry Mode's test: at least one carbon and one hydrogen.
pub fn is_organic(tiles: &[Element]) -> bool {
    tiles.contains(&C) && tiles.contains(&H)
}

/// A substance found naturally in the human body (docs/DAILY.md lists each with its source).
#[derive(Clone, Copy, Debug)]
pub struct BodyFormula {
    /// In the usual order of its formula; any order of these tiles matches.
    pub tiles: &'static [Element],
    pub name: &'static str,
}

/// Biology Bonus's list: substances of the human body a formula of at most 15 tiles can spell
/// and Theory Mode accepts (a test checks both). The first ten are RULES §10's. Their tiles
/// and names are kept apart so that the app's scoring carries the tiles only.
pub const HUMAN_BODY_TILES: [&[Element]; 30] = [
    &[H, H, O],
    &[C, O, O],
    &[Na, Cl],
    &[O, O],
    &[N, N],
    &[H, Cl],
    &[K, Cl],
    &[Ca, C, O, O, O],
    &[N, H, H, H],
    &[C, H, H, H, H],
    &[H, H],
    &[H, H, O, O],
    &[C, O],
    &[H, H, S],
    &[H, H, C, O, O, O],
    &[Na, H, C, O, O, O],
    &[C, H, H, O],
    &[H, C, O, O, H],
    &[C, H, H, H, H, N, N, O],
    &[C, C, H, H, H, H, O, O],
    &[C, C, H, H, H, H, H, N, O, O],
    &[C, C, C, H, H, H, H, H, H, O],
    &[C, C, C, H, H, H, H, O, O, O],
    &[C, C, C, H, H, H, H, H, H, O, O, O],
    &[C, C, C, H, H, H, H, H, H, H, N, O, O],
    &[C, C, C, H, H, H, H, H, H, H, N, O, O, O],
    &[C, C, C, H, H, H, H, H, H, H, H, O, O, O],
    &[C, C, H, H, H, H, H, H, H, N, O, O, O, S],
    &[Ca, C, C, O, O, O, O],
    &[C, C, C, C, C, H, H, H, H, H, N, N, N, N, N],
];

/// The names of [`HUMAN_BODY_TILES`], in the same order.
pub const HUMAN_BODY_NAMES: [&str; 30] = [
    "water",
    "carbon dioxide",
    "sodium chloride",
    "oxygen",
    "nitrogen",
    "hydrochloric acid",
    "potassium chloride",
    "calcium carbonate",
    "ammonia",
    "methane",
    "hydrogen",
    "hydrogen peroxide",
    "carbon monoxide",
    "hydrogen sulfide",
    "carbonic acid",
    "sodium bicarbonate",
    "formaldehyde",
    "formic acid",
    "urea",
    "acetic acid",
    "glycine",
    "acetone",
    "pyruvic acid",
    "lactic acid",
    "alanine",
    "serine",
    "glycerol",
    "taurine",
    "calcium oxalate",
    "adenine",
];

/// [`HUMAN_BODY_TILES`] and [`HUMAN_BODY_NAMES`] together.
pub const HUMAN_BODY: [BodyFormula; 30] = {
    let mut all = [BodyFormula {
        tiles: &[],
        name: "",
    }; 30];
    let mut i = 0;
    while i < 30 {
        all[i] = BodyFormula {
            tiles: HUMAN_BODY_TILES[i],
            name: HUMAN_BODY_NAMES[i],
        };
        i += 1;
    }
    all
};

// the multiset of a formula: counts per element
fn counts(tiles: &[Element]) -> [u8; Element::COUNT] {
    let mut counts = [0u8; Element::COUNT];
    for e in tiles {
        if let Some(c) = counts.get_mut(e.index()) {
            *c = c.saturating_add(1);
        }
    }
    counts
}

/// Where these tiles, in any order, are in [`HUMAN_BODY_TILES`]; `None` when they spell no
/// body substance.
pub fn body_index(tiles: &[Element]) -> Option<usize> {
    let mut want: Option<[u8; Element::COUNT]> = None;
    HUMAN_BODY_TILES.iter().position(|entry| {
        entry.len() == tiles.len() && *want.get_or_insert_with(|| counts(tiles)) == counts(entry)
    })
}

/// The body substance these tiles spell, in any order; `None` when they spell none.
pub fn in_human_body(tiles: &[Element]) -> Option<BodyFormula> {
    body_index(tiles).and_then(|i| HUMAN_BODY.get(i).copied())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
