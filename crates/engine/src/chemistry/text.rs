//! A structure on one line of text, hydrogens folded in: H–O–H, O=C=C=O, CH₃–CH₂–OH.
//!
//! Rules: a molecule that is one unbranched chain is written atom by atom (H–O–H, Na–O–H,
//! H–Cl). Otherwise hydrogens join their atom (CH₃, OH; at the start of the line a heteroatom
//! writes them first: HO–, H₂N–), the longest chain runs left to right from its more
//! electropositive end, side branches sit in brackets after their atom — O=N(=O)–OH — and
//! ring bonds are marked by the same superscript digit on both atoms (O=C¹–O–Ca–O¹). Bonds:
//! – single, = double, ≡ triple. Charges are superscripts: C⁻≡O⁺.

use super::names::electronegativity;
use super::smiles::{eccentricity, Tree};
use super::structure::Molecule;
use crate::elements::Element;

fn bond(order: u8) -> &'static str {
    match order {
        2 => "=",
        3 => "≡",
        _ => "–",
    }
}

fn subscript(n: u8) -> String {
    const DIGITS: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
    n.to_string()
        .bytes()
        .map(|b| DIGITS[(b - b'0') as usize])
        .collect()
}

fn superscript(n: usize) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .bytes()
        .map(|b| DIGITS[(b - b'0') as usize])
        .collect()
}

fn charge_mark(charge: i8) -> String {
    let sign = if charge < 0 { "⁻" } else { "⁺" };
    match charge.unsigned_abs() {
        0 => String::new(),
        1 => sign.to_string(),
        k => format!("{}{sign}", superscript(k as usize)),
    }
}

/// The one-line form of a structure.
pub fn line_text(molecule: &Molecule) -> String {
    let n = molecule.atoms.len();
    if n == 0 {
        return String::new();
    }
    let chain =
        molecule.bonds.len() + 1 == n && (0..n).all(|i| molecule.neighbours(i).count() <= 2);
    // atoms written, and the hydrogens each carries in its label
    let written: Vec<bool> = (0..n)
        .map(|i| chain || molecule.atoms[i] != Element::H || heavy_atoms(molecule) == 0)
        .collect();
    let mut hydrogens = vec![0u8; n];
    for b in &molecule.bonds {
        if !written[b.a] {
            hydrogens[b.b] += 1;
        }
        if !written[b.b] {
            hydrogens[b.a] += 1;
        }
    }
    let adjacency: Vec<Vec<(usize, u8)>> = (0..n)
        .map(|i| {
            let mut list: Vec<(usize, u8)> = molecule
                .neighbours(i)
                .filter(|&(j, _)| written[j])
                .collect();
            crate::sort_small(&mut list);
            if written[i] {
                list
            } else {
                Vec::new()
            }
        })
        .collect();
    let Some(start) = start_atom(molecule, &adjacency, &written) else {
        return String::new();
    };
    let tree = Tree::new(&adjacency, start);
    let mut writer = Writer {
        molecule,
        adjacency: &adjacency,
        tree: &tree,
        hydrogens: &hydrogens,
        rings: Vec::new(),
        next_ring: 1,
        text: String::new(),
    };
    writer.atom(start, true);
    writer.text
}

fn heavy_atoms(molecule: &Molecule) -> usize {
    molecule.atoms.iter().filter(|&&e| e != Element::H).count()
}

// one end of the longest chain: of all the ends, the most electropositive; on ties (O and O)
// one that carries hydrogens, so acids read HO–…
fn start_atom(
    molecule: &Molecule,
    adjacency: &[Vec<(usize, u8)>],
    written: &[bool],
) -> Option<usize> {
    let ends: Vec<(usize, usize)> = (0..written.len())
        .filter(|&i| written[i])
        .map(|i| (i, eccentricity(adjacency, i)))
        .collect();
    let longest = ends.iter().map(|&(_, e)| e).max()?;
    let carries = |i: usize| molecule.neighbours(i).any(|(j, _)| !written[j]);
    ends.iter()
        .filter(|&&(_, e)| e == longest)
        .map(|&(i, _)| i)
        .min_by(|&x, &y| {
            electronegativity(molecule.atoms[x])
                .total_cmp(&electronegativity(molecule.atoms[y]))
                .then((!carries(x)).cmp(&!carries(y)))
                .then(x.cmp(&y))
        })
}

struct Writer<'a> {
    molecule: &'a Molecule,
    adjacency: &'a [Vec<(usize, u8)>],
    tree: &'a Tree,
    hydrogens: &'a [u8],
    /// Open ring bonds: (from, to, digit).
    rings: Vec<(usize, usize, usize)>,
    next_ring: usize,
    text: String,
}

impl Writer<'_> {
    fn atom(&mut self, i: usize, first: bool) {
        let e = self.molecule.atoms[i];
        let h = self.hydrogens[i];
        let hs = match h {
            0 => String::new(),
            1 => "H".to_string(),
            k => format!("H{}", subscript(k)),
        };
        let charge = charge_mark(self.molecule.charges.get(i).copied().unwrap_or(0));
        if first && e != Element::C && h > 0 && !self.adjacency[i].is_empty() {
            self.text.push_str(&format!("{hs}{}{charge}", e.symbol()));
        } else {
            self.text.push_str(&format!("{}{hs}{charge}", e.symbol()));
        }
        for &(j, order) in &self.adjacency[i] {
            if self.tree.is_tree_bond(i, j) {
                continue;
            }
            if let Some(k) = self.rings.iter().position(|&(a, b, _)| a == j && b == i) {
                let (_, _, digit) = self.rings.remove(k);
                if order > 1 {
                    self.text.push_str(bond(order));
                }
                self.text.push_str(&superscript(digit));
            } else if !self.rings.iter().any(|&(a, b, _)| a == i && b == j) {
                let digit = self.next_ring;
                self.next_ring += 1;
                self.rings.push((i, j, digit));
                self.text.push_str(&superscript(digit));
            }
        }
        let children = &self.tree.children[i];
        for (k, &c) in children.iter().enumerate() {
            let last = k + 1 == children.len();
            if !last {
                self.text.push('(');
            }
            self.text.push_str(bond(self.molecule.order(i, c)));
            self.atom(c, false);
            if !last {
                self.text.push(')');
            }
        }
    }
}
