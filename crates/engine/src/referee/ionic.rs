//! Ionic compounds, read ion by ion (RULES §11): which atoms make one, every way chemists write
//! it, and its text with the ions' brackets and subscripts (Ca(OH)₂, NH₄HCO₃, Zn(NO₃)₂).
//!
//! The rule: the atoms are one kind of cation — a metal that forms ions ([`forms_ions`]), with
//! a charge of one of its valences up to 3, or ammonium N·H·H·H·H — and anions whose charges
//! balance it. An anion is a monatomic one (hydride, halides, oxide, sulfide, nitride,
//! phosphide), peroxide O·O, or a documented anion of `data/ions.tsv` that is not organic;
//! hydride, nitride, phosphide, peroxide and amide only with the s-block metals (Li, Na, K, Mg,
//! Ca, Ba): AlN and FeP are covalent solids. One kind of anion when the atoms can be read so,
//! else two kinds (a mixed salt: Ca(OCl)Cl). An acid (HNO₃, H₂SO₄) has no cation: it is
//! covalent, and no ionic compound.
//!
//! Written ion by ion: the cation first, written as a unit and repeated for its count, then each
//! kind of anion as a unit repeated for its count, in one of the orders the anion is written in
//! (the table's, [`super::ions::Ion::writings`]): Zn·N·O·O·O·N·O·O·O, never Zn·N·N·O·O·O·O·O·O.

use std::sync::OnceLock;

use super::formula_text;
use super::ions::documented;
use crate::elements::Element::{self, *};
use crate::substances::{counts_of, Counts};

/// The most atoms an ionic compound is read for (twice a board line: a text may show more than
/// a play holds).
const MAX_IONIC_ATOMS: usize = 60;

/// Metals whose compounds with the anions here chemists treat as ionic (not Hg, Au, Pt or U,
/// whose compounds are molecular or covalent networks).
pub fn forms_ions(e: Element) -> bool {
    matches!(
        e,
        Li | Na | K | Mg | Ca | Ba | Al | Fe | Zn | Cu | Mn | Ag | Sn | Ni | Pb | Cr
    )
}

/// The s-block metals among them, the only ones that take the strongly basic anions.
pub fn s_block(e: Element) -> bool {
    matches!(e, Li | Na | K | Mg | Ca | Ba)
}

/// An anion a salt may hold.
#[derive(Debug)]
struct Anion {
    /// Its orders, the usual one first.
    writings: Vec<Vec<Element>>,
    /// The size of its (negative) charge.
    charge: u8,
    counts: Counts,
    /// Hydride, nitride, phosphide, peroxide, amide: with the s-block metals only.
    s_block_only: bool,
}

/// The anions, monatomic ones first, then peroxide, then the table's (in its order).
fn anions() -> &'static [Anion] {
    static ANIONS: OnceLock<Vec<Anion>> = OnceLock::new();
    ANIONS.get_or_init(|| {
        let simple = |tiles: &[Element], charge: u8, s_block_only: bool| Anion {
            writings: vec![tiles.to_vec()],
            charge,
            counts: counts_of(tiles),
            s_block_only,
        };
        let mut out = vec![
            simple(&[F], 1, false),
            simple(&[Cl], 1, false),
            simple(&[Br], 1, false),
            simple(&[I], 1, false),
            simple(&[O], 2, false),
            simple(&[S], 2, false),
            simple(&[H], 1, true),
            simple(&[N], 3, true),
            simple(&[P], 3, true),
            simple(&[O, O], 2, true),
        ];
        for ion in documented() {
            if ion.charge >= 0 || ion.organic {
                continue;
            }
            out.push(Anion {
                writings: ion.writings().map(<[Element]>::to_vec).collect(),
                charge: ion.charge.unsigned_abs(),
                counts: counts_of(&ion.tiles),
                s_block_only: ion.name == "amide",
            });
        }
        out
    })
}

/// The cation of an ionic compound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cation {
    Metal(Element),
    Ammonium,
}

impl Cation {
    fn tiles(&self) -> &[Element] {
        match self {
            Cation::Metal(e) => std::slice::from_ref(e),
            Cation::Ammonium => &[N, H, H, H, H],
        }
    }
}

/// One reading of the atoms as ions: the cation and its count, each anion kind with its count.
struct Reading {
    cation: Cation,
    cations: u8,
    anions: Vec<(&'static Anion, u8)>,
}

/// `have` less `unit` taken `k` times; `None` when it holds too few.
fn less(have: &Counts, unit: &Counts, k: u8) -> Option<Counts> {
    let mut out = *have;
    for (o, u) in out.iter_mut().zip(unit) {
        *o = o.checked_sub(u.checked_mul(k)?)?;
    }
    Some(out)
}

/// k when `have` is exactly k × `unit` (k ≥ 1).
pub fn multiple_of(have: &Counts, unit: &Counts) -> Option<u8> {
    let mut k = None;
    for (&h, &u) in have.iter().zip(unit) {
        match (h, u) {
            (0, 0) => {}
            (_, 0) | (0, _) => return None,
            (h, u) if h % u != 0 => return None,
            (h, u) => match k {
                None => k = Some(h / u),
                Some(k) if k == h / u => {}
                Some(_) => return None,
            },
        }
    }
    k
}

/// Every reading of the atoms as an ionic compound: those with one anion kind, or, when there
/// are none, those with two.
fn readings(counts: &Counts) -> Vec<Reading> {
    if counts.iter().map(|&n| usize::from(n)).sum::<usize>() > MAX_IONIC_ATOMS {
        return Vec::new();
    }
    // each cation, its count, what is left for the anions and the negative charge they need
    let mut cations: Vec<(Cation, u8, Counts, u32, bool)> = Vec::new();
    // mercury's nitrate and sulfate are written ion by ion too, though its halides are molecules
    for metal in Element::ALL
        .into_iter()
        .filter(|&e| forms_ions(e) || e == Hg)
    {
        let m = counts[metal.index()];
        if m == 0 {
            continue;
        }
        let mut rest = *counts;
        rest[metal.index()] = 0;
        for &q in metal.valences().iter().filter(|&&q| q <= 3) {
            let needed = u32::from(m) * u32::from(q);
            cations.push((Cation::Metal(metal), m, rest, needed, s_block(metal)));
        }
    }
    for a in 1..=counts[N.index()] {
        let ammonium = counts_of(&[N, H, H, H, H]);
        if let Some(rest) = less(counts, &ammonium, a) {
            cations.push((Cation::Ammonium, a, rest, u32::from(a), false));
        }
    }
    let fits = |anion: &Anion, s_block: bool| s_block || !anion.s_block_only;
    let mut out = Vec::new();
    for &(cation, m, rest, needed, s) in &cations {
        for anion in anions().iter().filter(|a| fits(a, s)) {
            if let Some(k) = multiple_of(&rest, &anion.counts) {
                if u32::from(k) * u32::from(anion.charge) == needed {
                    out.push(Reading {
                        cation,
                        cations: m,
                        anions: vec![(anion, k)],
                    });
                }
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    for &(cation, m, rest, needed, s) in &cations {
        let usable: Vec<&Anion> = anions().iter().filter(|a| fits(a, s)).collect();
        for (i, first) in usable.iter().enumerate() {
            for second in &usable[i + 1..] {
                let mut k = 1u8;
                while let Some(left) = less(&rest, &first.counts, k) {
                    if let Some(j) = multiple_of(&left, &second.counts) {
                        let charge = u32::from(k) * u32::from(first.charge)
                            + u32::from(j) * u32::from(second.charge);
                        if charge == needed {
                            out.push(Reading {
                                cation,
                                cations: m,
                                anions: vec![(first, k), (second, j)],
                            });
                        }
                    }
                    k = match k.checked_add(1) {
                        Some(next) => next,
                        None => break,
                    };
                }
            }
        }
    }
    out
}

/// One writing of a reading: the anion kinds in `kinds` order, each in its `writing`.
struct Writing<'a> {
    reading: &'a Reading,
    // (anion, count, the order it is written in)
    anions: Vec<(&'static Anion, u8, &'static [Element])>,
}

impl Writing<'_> {
    fn tiles(&self) -> Vec<Element> {
        let cation = self.reading.cation.tiles();
        let mut out = Vec::new();
        for _ in 0..self.reading.cations {
            out.extend_from_slice(cation);
        }
        for &(_, k, order) in &self.anions {
            for _ in 0..k {
                out.extend_from_slice(order);
            }
        }
        out
    }

    /// The text: a unit of more than one atom in brackets when repeated ((NH₄)₂, (NO₃)₂) or
    /// when another anion follows it (Ca(OCl)Cl), a single atom with its count (Fe₂, Cl₂).
    fn text(&self) -> String {
        let unit = |tiles: &[Element], k: u8, followed: bool| match (tiles.len(), k) {
            (1, k) => formula_text(&tiles.repeat(usize::from(k))),
            (_, 1) if !followed => formula_text(tiles),
            (_, 1) => format!("({})", formula_text(tiles)),
            (_, k) => format!(
                "({}){}",
                formula_text(tiles),
                super::subscript(usize::from(k))
            ),
        };
        let mut out = unit(self.reading.cation.tiles(), self.reading.cations, false);
        for (at, &(_, k, order)) in self.anions.iter().enumerate() {
            out.push_str(&unit(order, k, at + 1 < self.anions.len()));
        }
        out
    }
}

/// Every writing of every reading, the usual one first: the anion kinds in both orders (a mixed
/// salt), each anion in each of its orders.
fn writings(readings: &[Reading]) -> Vec<Writing<'_>> {
    let mut out: Vec<Writing<'_>> = Vec::new();
    for reading in readings {
        let mut kinds = vec![reading.anions.clone()];
        if reading.anions.len() > 1 {
            kinds.push(reading.anions.iter().rev().copied().collect());
        }
        for kinds in kinds {
            // every choice of order for each kind
            let mut choices: Vec<Vec<(&'static Anion, u8, &'static [Element])>> = vec![vec![]];
            for (anion, k) in kinds {
                choices = choices
                    .into_iter()
                    .flat_map(|chosen| {
                        anion.writings.iter().map(move |w| {
                            let mut next = chosen.clone();
                            next.push((anion, k, w.as_slice()));
                            next
                        })
                    })
                    .collect();
            }
            for anions in choices {
                let writing = Writing { reading, anions };
                let tiles = writing.tiles();
                if !out.iter().any(|w| w.tiles() == tiles) {
                    out.push(writing);
                }
            }
        }
    }
    out
}

/// Every accepted writing of these atoms as an ionic compound, the usual one first; `None`
/// when they are no ionic compound by the rule above. (NH₄)₂SO₄ is N·H·H·H·H·N·H·H·H·H·S·O·O·O·O;
/// Zn(NO₃)₂ is Zn·N·O·O·O·N·O·O·O; CaCl₂ is Ca·Cl·Cl; NaClO is Na·O·Cl or Na·Cl·O.
pub fn ionic_writings(counts: &Counts) -> Option<Vec<Vec<Element>>> {
    let readings = readings(counts);
    let out: Vec<Vec<Element>> = writings(&readings).iter().map(Writing::tiles).collect();
    (!out.is_empty()).then_some(out)
}

/// The text of an ionic compound with its ions' brackets and subscripts: these tiles' own
/// writing when they are one of [`ionic_writings`] (NaOCl, NaClO), else the usual writing of
/// their atoms (Zn·N·N·O·O·O·O·O·O shows as Zn(NO₃)₂). `None` when the atoms are no ionic
/// compound.
pub fn ionic_text(tiles: &[Element]) -> Option<String> {
    if tiles.len() > MAX_IONIC_ATOMS {
        return None;
    }
    let readings = readings(&counts_of(tiles));
    let writings = writings(&readings);
    let own = writings.iter().find(|w| w.tiles() == tiles);
    own.or(writings.first()).map(Writing::text)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn tiles(text: &str) -> Vec<Element> {
        text.split('·')
            .map(|s| Element::from_symbol(s).unwrap_or_else(|| panic!("{s}")))
            .collect()
    }

    fn writings_of(text: &str) -> Vec<Vec<Element>> {
        ionic_writings(&counts_of(&tiles(text))).unwrap_or_default()
    }

    /// Each example is accepted; it is the usual writing when `first`.
    fn accepted(text: &str, first: bool) {
        let all = writings_of(text);
        assert!(all.contains(&tiles(text)), "{text} not among {all:?}");
        if first {
            assert_eq!(all.first(), Some(&tiles(text)), "{text}");
        }
    }

    fn refused(lumped: &str) {
        let all = writings_of(lumped);
        assert!(!all.is_empty(), "{lumped}: no ionic compound at all");
        assert!(!all.contains(&tiles(lumped)), "{lumped} among {all:?}");
    }

    #[test]
    fn the_cation_comes_first_and_each_polyatomic_anion_is_a_repeated_unit() {
        for text in [
            "N·H·H·H·H·N·H·H·H·H·S·O·O·O·O",
            "Zn·N·O·O·O·N·O·O·O",
            "Ca·O·H·O·H",
            "Fe·Fe·S·O·O·O·O·S·O·O·O·O·S·O·O·O·O",
            "Ca·Cl·Cl",
            "Fe·Fe·O·O·O",
            "Al·Al·O·O·O",
            "Na·Cl",
            "N·H·H·H·H·O·H",
            "K·S·C·N",
            "K·Mn·O·O·O·O",
            "K·K·Cr·Cr·O·O·O·O·O·O·O",
            "Na·Na·O·O",
        ] {
            accepted(text, true);
        }
        refused("Zn·N·N·O·O·O·O·O·O");
        refused("N·N·H·H·H·H·H·H·H·H·S·O·O·O·O");
        refused("Ca·O·O·H·H");
        refused("Fe·Fe·S·S·S·O·O·O·O·O·O·O·O·O·O·O·O");
        // ammonium hydroxide: never NH5O lumped, nor with its hydrogens together
        refused("N·H·H·H·H·H·O");
        assert_eq!(writings_of("N·H·H·H·H·O·H"), vec![tiles("N·H·H·H·H·O·H")]);
        assert_eq!(writings_of("Ca·Cl·Cl"), vec![tiles("Ca·Cl·Cl")]);
    }

    #[test]
    fn hydrogen_stands_in_its_anion() {
        for text in [
            "K·H·H·P·O·O·O·O",
            "Na·H·C·O·O·O",
            "N·H·H·H·H·H·H·P·O·O·O·O",
            "Na·H·S·O·O·O·O",
            "Ca·H·C·O·O·O·H·C·O·O·O",
            "N·H·H·H·H·H·C·O·O·O",
            "Na·Na·H·P·O·O·O·O",
        ] {
            accepted(text, true);
        }
        refused("K·P·H·H·O·O·O·O");
        refused("K·P·O·O·O·O·H·H");
        refused("Na·C·H·O·O·O");
        refused("Ca·C·C·H·H·O·O·O·O·O·O");
    }

    #[test]
    fn an_anion_counts_in_each_order_the_ion_table_lists() {
        accepted("Na·Cl·O", true);
        accepted("Na·O·Cl", false);
        accepted("Ca·O·Cl·O·Cl", false);
        accepted("Ca·Cl·O·Cl·O", true);
        // hydroxide is O·H only
        refused("Na·H·O");
        assert_eq!(writings_of("Na·O·H"), vec![tiles("Na·O·H")]);
        // a mixed salt, when no one anion fits: bleaching powder Ca(OCl)Cl
        accepted("Ca·O·Cl·Cl", false);
        accepted("Ca·Cl·O·Cl", false);
    }

    #[test]
    fn acids_molecules_and_organic_salts_are_no_ionic_compounds() {
        for text in [
            "H·N·O·O·O",
            "H·H·S·O·O·O·O",
            "H·H·O",
            "N·H·H·H",
            "C·O·O",
            // an acetate is left to the structures
            "Na·C·H·H·H·C·O·O",
            // s-block only: AlN and FeP are covalent solids, ammonium takes no nitride
            "Al·N",
            "Fe·P",
            "N·N·H·H·H·H",
            // gold forms no ions here; nor do two metals make one cation
            "Au·Cl·Cl·Cl",
            "K·Na·Cl·Cl",
            // a charge no valence gives
            "Fe·S·S",
        ] {
            assert_eq!(ionic_writings(&counts_of(&tiles(text))), None, "{text}");
        }
        // mercury's nitrate is written ion by ion (its halides' writing is their molecule's too)
        assert_eq!(
            ionic_writings(&counts_of(&tiles("Hg·N·O·O·O·N·O·O·O"))),
            Some(vec![tiles("Hg·N·O·O·O·N·O·O·O")])
        );
        let mut many = [0u8; Element::COUNT];
        many[Na.index()] = 200;
        many[Cl.index()] = 200;
        assert_eq!(ionic_writings(&many), None);
    }

    #[test]
    fn an_ionic_compound_is_written_with_its_ions_brackets() {
        for (text, shown) in [
            ("Ca·O·H·O·H", "Ca(OH)₂"),
            ("N·H·H·H·H·H·C·O·O·O", "NH₄HCO₃"),
            ("Zn·N·O·O·O·N·O·O·O", "Zn(NO₃)₂"),
            ("N·H·H·H·H·N·H·H·H·H·S·O·O·O·O", "(NH₄)₂SO₄"),
            ("Fe·Fe·S·O·O·O·O·S·O·O·O·O·S·O·O·O·O", "Fe₂(SO₄)₃"),
            ("Na·Cl", "NaCl"),
            ("Ca·Cl·Cl", "CaCl₂"),
            ("Na·O·Cl", "NaOCl"),
            ("Na·Cl·O", "NaClO"),
            ("Ca·O·Cl·Cl", "Ca(OCl)Cl"),
            // the atoms in another order show as the compound
            ("Zn·N·N·O·O·O·O·O·O", "Zn(NO₃)₂"),
            ("Cl·Na", "NaCl"),
        ] {
            assert_eq!(ionic_text(&tiles(text)).as_deref(), Some(shown), "{text}");
        }
        assert_eq!(ionic_text(&tiles("H·H·O")), None);
    }
}
