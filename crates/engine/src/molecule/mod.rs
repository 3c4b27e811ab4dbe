//! A molecule as atoms and bonds, read from the table's structures (SMILES) and written as the
//! condensed formulas chemists use (RULES §11). The chemist's referee builds its lexicon's
//! writings from these; the chemistry module draws, names and explains them.

pub mod condensed;
pub mod smiles;

use crate::elements::Element;

/// One bond between atoms `a` < `b`: single, double or triple.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bond {
    pub a: usize,
    pub b: usize,
    pub order: u8,
}

/// A structure: atoms (with formal charges, zero unless a card formula needs them) and bonds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Molecule {
    pub atoms: Vec<Element>,
    pub charges: Vec<i8>,
    pub bonds: Vec<Bond>,
}

impl Molecule {
    /// How many bonds atom `i` has (a double counts 2).
    pub fn bond_count(&self, i: usize) -> u8 {
        self.bonds
            .iter()
            .filter(|b| b.a == i || b.b == i)
            .map(|b| b.order)
            .sum()
    }

    /// Atom `i`'s neighbours with the bond order to each.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.bonds.iter().filter_map(move |b| {
            if b.a == i {
                Some((b.b, b.order))
            } else if b.b == i {
                Some((b.a, b.order))
            } else {
                None
            }
        })
    }

    /// The bond order between two atoms (0: none).
    pub fn order(&self, i: usize, j: usize) -> u8 {
        self.neighbours(i)
            .find(|&(k, _)| k == j)
            .map_or(0, |(_, o)| o)
    }

    /// Every atom reachable from the first.
    pub fn is_connected(&self) -> bool {
        let n = self.atoms.len();
        if n == 0 {
            return false;
        }
        let mut seen = vec![false; n];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for (j, _) in self.neighbours(i) {
                if !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.iter().all(|&s| s)
    }

    /// Theory Mode's rule (RULES §4, §10): connected, no pair sharing more than 3 bonds or
    /// listed twice, no atom bonded to itself, every atom's bond count one of its valences.
    /// Charged atoms (a card formula's drawing) are exempt from the valence test, but the
    /// charges must add up to zero.
    pub fn is_valid(&self) -> bool {
        let n = self.atoms.len();
        if n < 2 || self.charges.len() != n || !self.is_connected() {
            return false;
        }
        for (k, b) in self.bonds.iter().enumerate() {
            let twice = self.bonds[..k]
                .iter()
                .any(|c| (c.a, c.b) == (b.a, b.b) || (c.a, c.b) == (b.b, b.a));
            if b.a == b.b || b.a >= n || b.b >= n || !(1..=3).contains(&b.order) || twice {
                return false;
            }
        }
        let charge: i32 = self.charges.iter().map(|&c| c as i32).sum();
        charge == 0
            && (0..n).all(|i| {
                self.charges[i] != 0 || self.atoms[i].valences().contains(&self.bond_count(i))
            })
    }

    /// True when no atom carries a charge.
    pub fn is_neutral(&self) -> bool {
        self.charges.iter().all(|&c| c == 0)
    }
}
