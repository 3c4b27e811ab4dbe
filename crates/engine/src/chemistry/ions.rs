//! Ionic solids drawn as ions: which formulas are salts, and their cations and anions as
//! separate units (Na⁺ beside Cl⁻, Ca²⁺ beside a carbonate drawn as C with three O).
//!
//! The rule (docs/CHEMISTRY.md): a formula is a salt when it is one metal element that forms
//! ions ([`forms_ions`], the referee's reading of ionic compounds: not Hg, Au, Pt or U, whose
//! compounds are molecular or covalent networks) or ammonium
//! (NH₄⁺), with one kind of anion from [`ANIONS`], and a charge of the metal (one of its
//! valences, at most 3) balances the anions' charges. Hydride, nitride, phosphide and peroxide
//! ions only with the s-block metals (Li, Na, K, Mg, Ca, Ba): AlN and FeP are covalent solids. The
//! structure search (`structure.rs`) keeps drawing one connected molecule for `smiles`, which
//! RULES §10.2 fixes; the card's drawing, one-line form and explanation use the ions.

use super::layout::{layout, Layout};
use super::structure::{Bond, Molecule};
use crate::elements::Element;
use crate::referee::formula_text;
use crate::referee::ionic::{forms_ions, multiple_of, s_block};

/// One ligand of an anion's central atom: element, bond order, formal charge, and whether it
/// carries a hydrogen (the OH of HCO₃⁻).
type Ligand = (Element, u8, i8, bool);

/// An anion: its name, central atom and formal charge, ligands, and the tile order its
/// formula is written in.
pub struct AnionKind {
    pub name: &'static str,
    centre: (Element, i8),
    ligands: &'static [Ligand],
    written: &'static [Element],
}

use Element::{Br, Cl, Si, C, F, H, I, N, O, P, S};

const fn anion(
    name: &'static str,
    centre: (Element, i8),
    ligands: &'static [Ligand],
    written: &'static [Element],
) -> AnionKind {
    AnionKind {
        name,
        centre,
        ligands,
        written,
    }
}

const DOUBLE_O: Ligand = (O, 2, 0, false);
const OXIDE_O: Ligand = (O, 1, -1, false);
const HYDROXY_O: Ligand = (O, 1, 0, true);

/// The anions a salt may have, monatomic first. Each polyatomic one is drawn with its usual
/// formal charges (CO₃²⁻: one C=O and two C–O⁻).
pub static ANIONS: &[AnionKind] = &[
    anion("hydride", (H, -1), &[], &[H]),
    anion("fluoride", (F, -1), &[], &[F]),
    anion("chloride", (Cl, -1), &[], &[Cl]),
    anion("bromide", (Br, -1), &[], &[Br]),
    anion("iodide", (I, -1), &[], &[I]),
    anion("oxide", (O, -2), &[], &[O]),
    anion("sulfide", (S, -2), &[], &[S]),
    anion("nitride", (N, -3), &[], &[N]),
    anion("phosphide", (P, -3), &[], &[P]),
    anion("hydroxide", (O, -1), &[(H, 1, 0, false)], &[O, H]),
    anion("peroxide", (O, -1), &[OXIDE_O], &[O, O]),
    anion("cyanide", (C, -1), &[(N, 3, 0, false)], &[C, N]),
    anion(
        "carbonate",
        (C, 0),
        &[DOUBLE_O, OXIDE_O, OXIDE_O],
        &[C, O, O, O],
    ),
    anion(
        "hydrogencarbonate",
        (C, 0),
        &[DOUBLE_O, OXIDE_O, HYDROXY_O],
        &[H, C, O, O, O],
    ),
    anion(
        "nitrate",
        (N, 1),
        &[DOUBLE_O, OXIDE_O, OXIDE_O],
        &[N, O, O, O],
    ),
    anion("nitrite", (N, 0), &[DOUBLE_O, OXIDE_O], &[N, O, O]),
    anion(
        "sulfate",
        (S, 0),
        &[DOUBLE_O, DOUBLE_O, OXIDE_O, OXIDE_O],
        &[S, O, O, O, O],
    ),
    anion(
        "hydrogensulfate",
        (S, 0),
        &[DOUBLE_O, DOUBLE_O, OXIDE_O, HYDROXY_O],
        &[H, S, O, O, O, O],
    ),
    anion(
        "sulfite",
        (S, 0),
        &[DOUBLE_O, OXIDE_O, OXIDE_O],
        &[S, O, O, O],
    ),
    anion(
        "phosphate",
        (P, 0),
        &[DOUBLE_O, OXIDE_O, OXIDE_O, OXIDE_O],
        &[P, O, O, O, O],
    ),
    anion(
        "hydrogenphosphate",
        (P, 0),
        &[DOUBLE_O, OXIDE_O, OXIDE_O, HYDROXY_O],
        &[H, P, O, O, O, O],
    ),
    anion(
        "dihydrogenphosphate",
        (P, 0),
        &[DOUBLE_O, OXIDE_O, HYDROXY_O, HYDROXY_O],
        &[H, H, P, O, O, O, O],
    ),
    anion(
        "silicate",
        (Si, 0),
        &[DOUBLE_O, OXIDE_O, OXIDE_O],
        &[Si, O, O, O],
    ),
    anion("hypochlorite", (Cl, 0), &[OXIDE_O], &[Cl, O]),
    anion("chlorite", (Cl, 0), &[DOUBLE_O, OXIDE_O], &[Cl, O, O]),
    anion(
        "chlorate",
        (Cl, 0),
        &[DOUBLE_O, DOUBLE_O, OXIDE_O],
        &[Cl, O, O, O],
    ),
    anion(
        "perchlorate",
        (Cl, 0),
        &[DOUBLE_O, DOUBLE_O, DOUBLE_O, OXIDE_O],
        &[Cl, O, O, O, O],
    ),
    anion(
        "bromate",
        (Br, 0),
        &[DOUBLE_O, DOUBLE_O, OXIDE_O],
        &[Br, O, O, O],
    ),
    anion(
        "iodate",
        (I, 0),
        &[DOUBLE_O, DOUBLE_O, OXIDE_O],
        &[I, O, O, O],
    ),
];

impl AnionKind {
    /// The anion's charge: its atoms' formal charges added up.
    pub fn charge(&self) -> i8 {
        self.centre.1 + self.ligands.iter().map(|l| l.2).sum::<i8>()
    }

    fn counts(&self) -> [u8; Element::COUNT] {
        let mut counts = [0u8; Element::COUNT];
        for &e in self.written {
            counts[e.index()] += 1;
        }
        counts
    }

    // hydride, nitride, phosphide and peroxide ions: with the s-block metals only
    fn s_block_only(&self) -> bool {
        matches!(self.name, "hydride" | "nitride" | "phosphide" | "peroxide")
    }

    fn monatomic(&self) -> bool {
        self.ligands.is_empty()
    }

    /// Its atoms, formal charges and bonds, the central atom first.
    fn unit(&self) -> Unit {
        let mut atoms = vec![self.centre.0];
        let mut charges = vec![self.centre.1];
        let mut bonds = Vec::new();
        for &(e, order, charge, hydrogen) in self.ligands {
            let at = atoms.len();
            atoms.push(e);
            charges.push(charge);
            bonds.push(Bond { a: 0, b: at, order });
            if hydrogen {
                atoms.push(H);
                charges.push(0);
                bonds.push(Bond {
                    a: at,
                    b: at + 1,
                    order: 1,
                });
            }
        }
        Unit {
            atoms,
            charges,
            bonds,
        }
    }
}

struct Unit {
    atoms: Vec<Element>,
    charges: Vec<i8>,
    bonds: Vec<Bond>,
}

/// The cation of a salt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cation {
    Metal(Element, u8),
    Ammonium,
}

/// A formula read as a salt: `cations` cations and `anions` anions of one kind each.
pub struct Salt {
    pub cation: Cation,
    pub cations: u8,
    pub anion: &'static AnionKind,
    pub anions: u8,
}

fn is_metal(e: Element) -> bool {
    use Element::*;
    !matches!(e, H | C | N | O | F | Cl | Br | I | S | P | Si | He | Ne)
}

/// The formula as a salt, if it is one by the rule above (any tile order).
pub fn salt(tiles: &[Element]) -> Option<Salt> {
    let mut counts = [0u8; Element::COUNT];
    for &e in tiles {
        counts[e.index()] = counts[e.index()].saturating_add(1);
    }
    let metals: Vec<Element> = Element::ALL
        .iter()
        .copied()
        .filter(|&e| counts[e.index()] > 0 && is_metal(e))
        .collect();
    match metals.as_slice() {
        [metal] if forms_ions(*metal) => {
            let m = counts[metal.index()];
            let mut rest = counts;
            rest[metal.index()] = 0;
            for kind in ANIONS {
                if kind.s_block_only() && !s_block(*metal) {
                    continue;
                }
                let Some(k) = multiple_of(&rest, &kind.counts()) else {
                    continue;
                };
                let needed = k as u32 * kind.charge().unsigned_abs() as u32;
                let charge = metal
                    .valences()
                    .iter()
                    .copied()
                    .find(|&q| q <= 3 && m as u32 * q as u32 == needed);
                if let Some(q) = charge {
                    return Some(Salt {
                        cation: Cation::Metal(*metal, q),
                        cations: m,
                        anion: kind,
                        anions: k,
                    });
                }
            }
            None
        }
        [] => {
            // ammonium salts: a NH₄⁺ for each negative charge
            for a in 1..=3u8 {
                let mut rest = counts;
                if rest[N.index()] < a || rest[H.index()] < 4 * a {
                    break;
                }
                rest[N.index()] -= a;
                rest[H.index()] -= 4 * a;
                for kind in ANIONS.iter().filter(|k| k.centre.0 != H) {
                    if let Some(k) = multiple_of(&rest, &kind.counts()) {
                        if k as u32 * kind.charge().unsigned_abs() as u32 == a as u32 {
                            return Some(Salt {
                                cation: Cation::Ammonium,
                                cations: a,
                                anion: kind,
                                anions: k,
                            });
                        }
                    }
                }
            }
            None
        }
        _ => None,
    }
}

fn superscript_charge(charge: i8) -> String {
    let digits = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let size = charge.unsigned_abs() as usize;
    let mut out = String::new();
    if size > 1 {
        out.push(digits[size % 10]);
    }
    out.push(if charge > 0 { '⁺' } else { '⁻' });
    out
}

impl Salt {
    /// The cation as written: Na⁺, Ca²⁺, NH₄⁺.
    pub fn cation_text(&self) -> String {
        match self.cation {
            Cation::Metal(e, q) => format!("{}{}", e.symbol(), superscript_charge(q as i8)),
            Cation::Ammonium => "NH₄⁺".to_string(),
        }
    }

    /// The anion as written: Cl⁻, O²⁻, CO₃²⁻.
    pub fn anion_text(&self) -> String {
        format!(
            "{}{}",
            formula_text(self.anion.written),
            superscript_charge(self.anion.charge())
        )
    }

    /// The card's explanation: "An ionic solid: Na⁺ and Cl⁻ ions." (a polyatomic anion
    /// named, the ratio said when it is not one to one).
    pub fn describe(&self) -> String {
        let (cation, anion, ratio) = self.parts();
        format!(
            "An ionic solid: {cation} and {anion} ions{ratio}, held together by their charges, \
             not by bonds between molecules."
        )
    }

    /// The card's explanation for a salt known only dissolved in water (calcium bicarbonate,
    /// ammonium hydroxide): "In water: Ca²⁺ and hydrogencarbonate (HCO₃⁻) ions, 1 to 2; no
    /// solid of them is known."
    pub fn describe_in_water(&self) -> String {
        let (cation, anion, ratio) = self.parts();
        format!("In water: {cation} and {anion} ions{ratio}; no solid of them is known.")
    }

    // the cation's text, the anion's (named when polyatomic) and the ratio when not one to one
    fn parts(&self) -> (String, String, String) {
        let anion = if self.anion.monatomic() {
            self.anion_text()
        } else {
            format!("{} ({})", self.anion.name, self.anion_text())
        };
        let ratio = if self.cations == self.anions {
            String::new()
        } else {
            format!(", {} to {}", self.cations, self.anions)
        };
        (self.cation_text(), anion, ratio)
    }

    /// The one-line form: "Na⁺ Cl⁻", "2 Na⁺ SO₄²⁻", "Ca²⁺ 2 Cl⁻".
    pub fn line(&self) -> String {
        let counted = |n: u8, text: String| {
            if n > 1 {
                format!("{n} {text}")
            } else {
                text
            }
        };
        format!(
            "{} {}",
            counted(self.cations, self.cation_text()),
            counted(self.anions, self.anion_text())
        )
    }

    fn units(&self) -> Vec<Unit> {
        let cation = match self.cation {
            Cation::Metal(e, q) => Unit {
                atoms: vec![e],
                charges: vec![q as i8],
                bonds: Vec::new(),
            },
            Cation::Ammonium => Unit {
                atoms: vec![N, H, H, H, H],
                charges: vec![1, 0, 0, 0, 0],
                bonds: (1..5).map(|b| Bond { a: 0, b, order: 1 }).collect(),
            },
        };
        let mut units: Vec<Unit> = (0..self.cations)
            .map(|_| Unit {
                atoms: cation.atoms.clone(),
                charges: cation.charges.clone(),
                bonds: cation.bonds.clone(),
            })
            .collect();
        units.extend((0..self.anions).map(|_| self.anion.unit()));
        units
    }

    /// Every ion as one (disconnected) molecule with formal charges: the cations first.
    pub fn molecule(&self) -> Molecule {
        let mut molecule = Molecule {
            atoms: Vec::new(),
            charges: Vec::new(),
            bonds: Vec::new(),
        };
        for unit in self.units() {
            let base = molecule.atoms.len();
            molecule.atoms.extend(&unit.atoms);
            molecule.charges.extend(&unit.charges);
            molecule.bonds.extend(unit.bonds.iter().map(|b| Bond {
                a: base + b.a,
                b: base + b.b,
                order: b.order,
            }));
        }
        molecule
    }

    /// The ions side by side in a row, each drawn on its own, a bond's length apart.
    pub fn layout(&self) -> Layout {
        let mut points = Vec::new();
        let mut hydrogens = Vec::new();
        let mut right_edge: Option<f64> = None;
        for unit in self.units() {
            let drawn = if unit.atoms.len() == 1 {
                Layout {
                    points: vec![Some((0.0, 0.0))],
                    hydrogens: vec![0],
                }
            } else {
                layout(&Molecule {
                    atoms: unit.atoms.clone(),
                    charges: unit.charges.clone(),
                    bonds: unit.bonds.clone(),
                })
            };
            let placed: Vec<(f64, f64)> = drawn.points.iter().flatten().copied().collect();
            let (mut low_x, mut high_x, mut low_y, mut high_y) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
            if let Some(&(x, y)) = placed.first() {
                (low_x, high_x, low_y, high_y) = (x, x, y, y);
            }
            for &(x, y) in &placed {
                low_x = low_x.min(x);
                high_x = high_x.max(x);
                low_y = low_y.min(y);
                high_y = high_y.max(y);
            }
            // a bond's length and a half between ions: room for the charges
            let shift_x = right_edge.map_or(-low_x, |edge| edge + 1.5 - low_x);
            let shift_y = -(low_y + high_y) / 2.0;
            right_edge = Some(high_x + shift_x);
            points.extend(
                drawn
                    .points
                    .iter()
                    .map(|p| p.map(|(x, y)| (x + shift_x, y + shift_y))),
            );
            hydrogens.extend(drawn.hydrogens);
        }
        Layout { points, hydrogens }
    }
}
