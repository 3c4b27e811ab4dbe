//! Why no documented substance has these atoms, in a teacher's words (RULES §11): the sentence
//! a refusal of the chemist's referee adds after "… is not a documented substance". It reasons
//! from what the engine already knows — the noble gases, the documented ions and their charges,
//! each element's usual charges and valences — and offers only plays the referee accepts
//! (`accepts` is the edition's lexicon), so a suggestion is never itself refused.

use super::ions::{self, superscript};
use super::joined;
use crate::elements::Element::{self, *};

/// The charges a metal's simple ion takes, most common first; `None` for a nonmetal.
fn metal_charges(e: Element) -> Option<&'static [i8]> {
    Some(match e {
        Li | Na | K | Ag => &[1],
        Mg | Ca | Ba | Zn | Ni => &[2],
        Al => &[3],
        Fe => &[2, 3],
        Cu => &[2, 1],
        Mn => &[2],
        Cr => &[3, 2],
        Sn | Pb => &[2, 4],
        Hg => &[2, 1],
        Au => &[3, 1],
        Pt => &[2, 4],
        U => &[4],
        _ => return None,
    })
}

/// The charge of a nonmetal's simple anion (Cl⁻, O²⁻, N³⁻); `None` when it forms none the
/// course teaches.
fn anion_charge(e: Element) -> Option<i8> {
    match e {
        F | Cl | Br | I | H => Some(-1),
        O | S => Some(-2),
        N | P => Some(-3),
        _ => None,
    }
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// "Na⁺", "Fe²⁺ or Fe³⁺".
fn ion_words(symbol: &str, charges: &[i8]) -> String {
    charges
        .iter()
        .map(|&q| format!("{symbol}{}", superscript(q)))
        .collect::<Vec<_>>()
        .join(" or ")
}

/// "a·b", "a·b or c·d", "a·b, c·d or e·f".
fn either(plays: &[Vec<Element>]) -> String {
    let words: Vec<String> = plays.iter().map(|p| joined(p)).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// A cation's tiles `m` times, then an anion's tiles `a` times: ion by ion.
fn ion_by_ion(cation: &[Element], m: u8, anion: &[Element], a: u8) -> Vec<Element> {
    let mut out = Vec::new();
    for _ in 0..m {
        out.extend_from_slice(cation);
    }
    for _ in 0..a {
        out.extend_from_slice(anion);
    }
    out
}

/// How many of `cation` (charge `cq` > 0) and `anion` (charge `aq` < 0) make a neutral salt.
fn balance(cq: i8, aq: i8) -> (u8, u8) {
    let (c, a) = (cq.unsigned_abs(), aq.unsigned_abs());
    let g = gcd(c, a).max(1);
    (a / g, c / g)
}

/// The sentence, when one of the reasons below fits; `None` leaves the plain refusal.
pub fn why_not(tiles: &[Element], accepts: &dyn Fn(&[Element]) -> bool) -> Option<String> {
    if tiles.is_empty() || tiles.len() > crate::substances::MAX_ATOMS {
        return None;
    }
    if let Some(&gas) = tiles.iter().find(|e| !e.forms_bonds()) {
        return Some(format!(
            "{} is a noble gas: it forms no compounds",
            gas.name()
        ));
    }
    lone_ion(tiles, accepts)
        .or_else(|| metal_and_anion(tiles, accepts))
        .or_else(|| valence(tiles))
}

/// A documented ion alone: "NH₄ is the ammonium ion: it needs a partner, e.g. N·H·H·H·H·Cl".
fn lone_ion(tiles: &[Element], accepts: &dyn Fn(&[Element]) -> bool) -> Option<String> {
    let ion = ions::ion_of_multiset(tiles)?;
    let partners: &[(Element, i8)] = if ion.charge > 0 {
        &[(Cl, -1), (Br, -1), (O, -2)]
    } else {
        &[(Na, 1), (K, 1), (H, 1), (Ca, 2)]
    };
    let example = partners.iter().find_map(|&(partner, q)| {
        let play = if ion.charge > 0 {
            let (m, a) = balance(ion.charge, q);
            ion_by_ion(&ion.tiles, m, &[partner], a)
        } else {
            let (m, a) = balance(q, ion.charge);
            ion_by_ion(&[partner], m, &ion.tiles, a)
        };
        accepts(&play).then_some(play)
    });
    let text = format!(
        "{}{}",
        crate::referee::formula_text(&ion.tiles),
        superscript(ion.charge)
    );
    Some(match example {
        Some(play) => format!(
            "{text} is the {} ion: it needs a partner, e.g. {}",
            ion.name,
            joined(&play)
        ),
        None => format!("{text} is the {} ion: it needs a partner", ion.name),
    })
}

/// One metal and one anion (a nonmetal's, or a documented polyatomic one) in the wrong
/// numbers: "Na forms Na⁺ and Cl forms Cl⁻: try Na·Cl".
fn metal_and_anion(tiles: &[Element], accepts: &dyn Fn(&[Element]) -> bool) -> Option<String> {
    let counts = ions::counts_of(tiles);
    let mut present = Element::ALL
        .iter()
        .copied()
        .filter(|e| counts[e.index()] > 0);
    let metal = present.clone().find(|&e| metal_charges(e).is_some())?;
    if present
        .clone()
        .filter(|&e| metal_charges(e).is_some())
        .count()
        != 1
    {
        return None;
    }
    let mut rest = counts;
    rest[metal.index()] = 0;
    let others: Vec<Element> = present.by_ref().filter(|&e| e != metal).collect();
    // the anion: one nonmetal's simple ion, or a documented anion whose atoms the rest repeats
    let (anion_tiles, anion_q, anion_text) = match others.as_slice() {
        [single] => {
            let q = anion_charge(*single)?;
            (
                vec![*single],
                q,
                format!(
                    "{} forms {}",
                    single.symbol(),
                    ion_words(single.symbol(), &[q])
                ),
            )
        }
        _ => {
            let ion = ions::documented().iter().find(|ion| {
                ion.charge < 0 && {
                    let unit = ions::counts_of(&ion.tiles);
                    let k = (0..Element::COUNT)
                        .find(|&i| unit[i] > 0)
                        .map_or(0, |i| rest[i] / unit[i]);
                    k > 0 && (0..Element::COUNT).all(|i| rest[i] == unit[i] * k)
                }
            })?;
            let text = format!(
                "{}{}",
                crate::referee::formula_text(&ion.tiles),
                superscript(ion.charge)
            );
            (
                ion.tiles.clone(),
                ion.charge,
                format!("{text} is the {} ion", ion.name),
            )
        }
    };
    let charges = metal_charges(metal)?;
    let plays: Vec<Vec<Element>> = charges
        .iter()
        .map(|&q| {
            let (m, a) = balance(q, anion_q);
            ion_by_ion(&[metal], m, &anion_tiles, a)
        })
        .filter(|play| play.as_slice() != tiles && accepts(play))
        .collect();
    if plays.is_empty() {
        return None;
    }
    Some(format!(
        "{} forms {} and {anion_text}: try {}",
        metal.symbol(),
        ion_words(metal.symbol(), charges),
        either(&plays)
    ))
}

/// Atoms bonded by their valences: "C makes 4 bonds and H 1: …".
fn valence(tiles: &[Element]) -> Option<String> {
    let counts = ions::counts_of(tiles);
    let present: Vec<Element> = Element::ALL
        .iter()
        .copied()
        .filter(|e| counts[e.index()] > 0)
        .collect();
    let words: Vec<String> = present
        .iter()
        .map(|e| {
            let v: Vec<String> = e.valences().iter().map(u8::to_string).collect();
            let bonds = if e.valences() == [1] { "bond" } else { "bonds" };
            format!("{} makes {} {bonds}", e.symbol(), v.join(" or "))
        })
        .collect();
    let fits = super::theory::theory_check_counts(&counts).is_ok();
    Some(if fits {
        format!(
            "{}: the atoms could be joined, but no one has made and recorded that substance",
            words.join(", ")
        )
    } else {
        format!("{}: no structure joins these atoms", words.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept_only(plays: &'static [&'static [Element]]) -> impl Fn(&[Element]) -> bool {
        move |tiles: &[Element]| plays.contains(&tiles)
    }

    #[test]
    fn a_noble_gas_forms_no_compounds() {
        let said = why_not(&[He, Cl], &|_| true);
        assert_eq!(
            said.as_deref(),
            Some("Helium is a noble gas: it forms no compounds")
        );
    }

    #[test]
    fn sodium_and_chlorine_in_the_wrong_numbers_point_to_nacl() {
        let accepts = accept_only(&[&[Na, Cl]]);
        let said = why_not(&[Na, Cl, Cl], &accepts);
        assert_eq!(
            said.as_deref(),
            Some("Na forms Na⁺ and Cl forms Cl⁻: try Na·Cl")
        );
    }

    #[test]
    fn iron_offers_both_of_its_chlorides_that_the_referee_takes() {
        let accepts = accept_only(&[&[Fe, Cl, Cl], &[Fe, Cl, Cl, Cl]]);
        let said = why_not(&[Fe, Cl], &accepts).unwrap_or_default();
        assert_eq!(
            said,
            "Fe forms Fe²⁺ or Fe³⁺ and Cl forms Cl⁻: try Fe·Cl·Cl or Fe·Cl·Cl·Cl"
        );
    }

    #[test]
    fn a_metal_with_a_polyatomic_anion_is_balanced_ion_by_ion() {
        let accepts = accept_only(&[&[Ca, N, O, O, O, N, O, O, O]]);
        let said = why_not(&[Ca, N, O, O, O], &accepts).unwrap_or_default();
        assert_eq!(
            said,
            "Ca forms Ca²⁺ and NO₃⁻ is the nitrate ion: try Ca·N·O·O·O·N·O·O·O"
        );
    }

    #[test]
    fn a_lone_ion_needs_a_partner_the_referee_accepts() {
        let accepts = accept_only(&[&[N, H, H, H, H, Cl]]);
        let said = why_not(&[N, H, H, H, H], &accepts).unwrap_or_default();
        assert_eq!(
            said,
            "NH₄⁺ is the ammonium ion: it needs a partner, e.g. N·H·H·H·H·Cl"
        );
        let sulfate = why_not(&[S, O, O, O, O], &|_| false).unwrap_or_default();
        assert_eq!(sulfate, "SO₄²⁻ is the sulfate ion: it needs a partner");
    }

    #[test]
    fn no_suggestion_the_referee_would_refuse() {
        // nothing accepted: the metal's reason falls through to the valences
        let said = why_not(&[Na, Cl, Cl], &|_| false).unwrap_or_default();
        assert!(!said.contains("try"), "{said}");
        assert!(said.contains("Na makes 1 bond"), "{said}");
    }

    #[test]
    fn carbon_with_five_hydrogens_is_explained_by_valence() {
        let said = why_not(&[C, H, H, H, H, H], &|_| false).unwrap_or_default();
        assert_eq!(
            said,
            "H makes 1 bond, C makes 4 bonds: no structure joins these atoms"
        );
    }
}
