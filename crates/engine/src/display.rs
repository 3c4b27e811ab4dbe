//! How a formula reads to players, wherever it is shown (notebook, turn news, hand-off, cards,
//! hints, the command line): its text, its label with a name, and its tag. The page, the
//! worker and the `molscrab` command call these, so a change of writing is made here once.

use crate::elements::Element;
use crate::referee::{formula_label, formula_label_charged, formula_text_charged, ions};

/// The tag a scored formula carries in the notebook and in the turn's news.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tag {
    /// A formula of the reference card.
    Card,
    /// A documented substance off the card, or a documented ion (Ion Rules).
    Documented,
    /// Valid by the rules, but no one has documented it.
    Hypothetical,
}

impl Tag {
    /// The tag's code (the notebook's CSS class): `known`, `documented`, `hypo`.
    pub fn code(self) -> &'static str {
        match self {
            Tag::Card => "known",
            Tag::Documented => "documented",
            Tag::Hypothetical => "hypo",
        }
    }

    /// The tag as players read it.
    pub fn word(self) -> &'static str {
        match self {
            Tag::Card => "known",
            Tag::Documented => "documented",
            Tag::Hypothetical => "Hypothetical",
        }
    }
}

/// A formula's text: its tiles in order, repeats as subscripts, a charge as superscripts
/// (H₂O, OH₂, SO₄²⁻).
pub fn formula(tiles: &[Element], charge: i8) -> String {
    formula_text_charged(tiles, charge)
}

/// A formula as a line shows it: its text, then its name when it has one (the card's, the
/// documented ion's); [`shown`] adds a documented substance's.
pub fn label(tiles: &[Element], charge: i8) -> String {
    formula_label_charged(tiles, charge)
}

/// A scored formula as the notebook and the turn's news show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// "H₂O — water", "HBr — hydrogen bromide", "SO₄²⁻ — sulfate", "C₂O₂".
    pub label: String,
    pub tag: Tag,
}

/// How a scored formula is shown: `known` as the referee said (a card formula), its
/// `charge` (Ion Rules), and the name of the documented substance its tiles make, if any.
pub fn shown(tiles: &[Element], known: bool, charge: i8, documented: Option<&str>) -> Shown {
    // an ion is named by the ion table, never as a substance
    if charge != 0 {
        let documented_ion = ions::ion_of_multiset(tiles).is_some_and(|ion| ion.charge == charge);
        return Shown {
            label: label(tiles, charge),
            tag: match documented_ion {
                true => Tag::Documented,
                false => Tag::Hypothetical,
            },
        };
    }
    match (known, documented) {
        (true, _) => Shown {
            label: formula_label(tiles),
            tag: Tag::Card,
        },
        (false, Some(name)) => Shown {
            label: format!("{} — {name}", formula_label(tiles)),
            tag: Tag::Documented,
        },
        (false, None) => Shown {
            label: formula_label(tiles),
            tag: Tag::Hypothetical,
        },
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::elements::Element::*;

    #[test]
    fn a_formula_is_shown_with_its_name_and_tag() {
        assert_eq!(formula(&[H, H, O], 0), "H₂O");
        assert_eq!(formula(&[S, O, O, O, O], -2), "SO₄²⁻");
        assert_eq!(label(&[O, H, H], 0), "OH₂ — water");
        let water = shown(&[H, H, O], true, 0, Some("water"));
        assert_eq!(
            (water.label.as_str(), water.tag),
            ("H₂O — water", Tag::Card)
        );
        let hbr = shown(&[H, Br], false, 0, Some("hydrogen bromide"));
        assert_eq!(
            (hbr.label.as_str(), hbr.tag),
            ("HBr — hydrogen bromide", Tag::Documented)
        );
        let c2o2 = shown(&[C, C, O, O], false, 0, None);
        assert_eq!((c2o2.label.as_str(), c2o2.tag), ("C₂O₂", Tag::Hypothetical));
        let sulfate = shown(&[S, O, O, O, O], false, -2, None);
        assert_eq!(
            (sulfate.label.as_str(), sulfate.tag),
            ("SO₄²⁻ — sulfate", Tag::Documented)
        );
        // a charge no documented ion has
        assert_eq!(shown(&[O, H], false, 1, None).tag, Tag::Hypothetical);
        assert_eq!(
            [Tag::Card, Tag::Documented, Tag::Hypothetical].map(|t| (t.code(), t.word())),
            [
                ("known", "known"),
                ("documented", "documented"),
                ("hypo", "Hypothetical")
            ]
        );
    }
}
