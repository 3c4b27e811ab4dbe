//! How a formula reads to players, wherever it is shown (notebook, turn news, hand-off, cards,
//! hints, the command line): its text, its label with a name, and its tag. The page, the
//! worker and the `molscrab` command call these, so a change of writing is made here once.

use crate::elements::Element;
use crate::referee::{card_name, formula_label_charged, formula_text_charged, ions};

/// The tag a scored formula carries in the notebook and in the turn's news. The same three
/// words name the kinds of formula on the formula's card and in How to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tag {
    /// A formula of the reference card: "Card".
    Card,
    /// A real substance off the card, or a documented ion (Ion Rules): "Documented".
    Documented,
    /// Valid by the rules, but no one has documented it: "Hypothetical".
    Hypothetical,
}

impl Tag {
    /// Every tag, in the order How to play explains them.
    pub const ALL: [Tag; 3] = [Tag::Card, Tag::Documented, Tag::Hypothetical];

    /// What the tag means, one sentence for How to play, starting with its word.
    pub fn meaning(self) -> &'static str {
        match self {
            Tag::Card => "Card: one of the reference card's 42 formulas.",
            Tag::Documented => {
                "Documented: another real substance, recorded in PubChem (with Ion Rules, an \
                 ion a chemistry textbook names)."
            }
            Tag::Hypothetical => {
                "Hypothetical: the rules accept it (Theory Mode), but no one has documented it."
            }
        }
    }

    /// The tag's code (the notebook's CSS class): its word in lower case, `card`,
    /// `documented`, `hypothetical`.
    pub fn code(self) -> &'static str {
        match self {
            Tag::Card => "card",
            Tag::Documented => "documented",
            Tag::Hypothetical => "hypothetical",
        }
    }

    /// The tag as players read it: "Card", "Documented", "Hypothetical".
    pub fn word(self) -> &'static str {
        match self {
            Tag::Card => "Card",
            Tag::Documented => "Documented",
            Tag::Hypothetical => "Hypothetical",
        }
    }
}

/// A formula's text: its tiles in order, repeats as subscripts, a charge as superscripts
/// (H₂O, OH₂, SO₄²⁻). A neutral ionic compound ([`ionic::ionic_text`]) is written with its
/// ions' brackets and subscripts (Ca(OH)₂, NH₄HCO₃, Zn(NO₃)₂): in its own writing when the
/// tiles are one of its accepted writings (NaOCl, NaClO), else — its atoms in another order, as
/// Theory Mode and older games played them (Zn·N·N·O·O·O·O·O·O, Cl·Na) — as the compound is
/// usually written (Zn(NO₃)₂, NaCl).
pub fn formula(tiles: &[Element], charge: i8) -> String {
    match charge {
        0 => crate::referee::shown_text(tiles),
        _ => formula_text_charged(tiles, charge),
    }
}

/// A formula as a line shows it: its text ([`formula`]), then its name when it has one (the
/// card's, the documented ion's); [`shown`] adds a documented substance's.
pub fn label(tiles: &[Element], charge: i8) -> String {
    if charge != 0 {
        return formula_label_charged(tiles, charge);
    }
    let text = formula(tiles, 0);
    match card_name(tiles) {
        Some(name) => format!("{text} — {name}"),
        None => text,
    }
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
            label: label(tiles, 0),
            tag: Tag::Card,
        },
        (false, Some(name)) => Shown {
            label: format!("{} — {name}", label(tiles, 0)),
            tag: Tag::Documented,
        },
        (false, None) => Shown {
            label: label(tiles, 0),
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
        for tag in Tag::ALL {
            assert_eq!(tag.code(), tag.word().to_lowercase());
            assert!(tag.meaning().starts_with(&format!("{}: ", tag.word())));
        }
        assert_eq!(
            [Tag::Card, Tag::Documented, Tag::Hypothetical].map(Tag::word),
            ["Card", "Documented", "Hypothetical"]
        );
    }

    #[test]
    fn an_ionic_compound_is_shown_with_its_ions_brackets() {
        for (tiles, text) in [
            (&[Ca, O, H, O, H][..], "Ca(OH)₂"),
            (&[N, H, H, H, H, H, C, O, O, O], "NH₄HCO₃"),
            (&[Zn, N, O, O, O, N, O, O, O], "Zn(NO₃)₂"),
            (&[N, H, H, H, H, N, H, H, H, H, S, O, O, O, O], "(NH₄)₂SO₄"),
            (
                &[Fe, Fe, S, O, O, O, O, S, O, O, O, O, S, O, O, O, O],
                "Fe₂(SO₄)₃",
            ),
            (&[Na, Cl], "NaCl"),
            (&[Ca, Cl, Cl], "CaCl₂"),
            // the compound's atoms lumped, as older games played them: the compound
            (&[Zn, N, N, O, O, O, O, O, O], "Zn(NO₃)₂"),
            // molecules as played
            (&[H, H, O], "H₂O"),
            (&[O, H, H], "OH₂"),
            (&[H, N, O, O, O], "HNO₃"),
        ] {
            assert_eq!(formula(tiles, 0), text, "{tiles:?}");
        }
        // an ion keeps its text
        assert_eq!(formula(&[S, O, O, O, O], -2), "SO₄²⁻");
        assert_eq!(formula(&[O, H], -1), "OH⁻");
        assert_eq!(label(&[Ca, O, H, O, H], 0), "Ca(OH)₂");
        assert_eq!(label(&[Cl, K], 0), "KCl — potassium chloride");
        let lime = shown(&[Ca, O, H, O, H], false, 0, Some("calcium hydroxide"));
        assert_eq!(lime.label, "Ca(OH)₂ — calcium hydroxide");
    }
}
