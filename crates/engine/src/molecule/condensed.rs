//! Condensed structural formulas (RULES §11): the tile orders in which a chemist writes one
//! structure — CH₃CH₂OH, C₂H₅OH, HOCH₂CH₃ — without brackets or digits, as tiles.
//!
//! A writing is a walk of the structure's heavy (non-hydrogen) atoms:
//!
//! - It starts at a **chain end**: a heavy atom with at most one heavy neighbour, not counting
//!   a carbonyl oxygen (an O or S double-bonded to it and to nothing else, which belongs to its
//!   atom: HCOOH and HCHO start at the carbon). A carbonyl oxygen never starts a walk. A
//!   structure with no chain end (benzene, pyridine) starts at any of its atoms.
//! - Each atom is followed by its own hydrogens; the first atom may have some or all of them
//!   just before it instead (HOCH₂CH₂OH, H₂NCH₂COOH, HCOOH, H₃CCH₂OH).
//! - Then its carbonyl oxygens (CHO, CO, COOH, COCl, CONH₂), then its other neighbours not yet
//!   written, one after the other, each written completely before the next (a branch is
//!   written inline right after the atom it hangs from: CH₃CH(OH)CH₃ is C·H·H·H·C·H·O·H·C·H·H·H
//!   and also CH₃CH(CH₃)OH); any neighbour may be the last, the one the chain goes on with.
//!   A ring is walked around from the atom where the walk enters it.
//! - A carbon with no hydrogens reached from an oxygen may have its carbonyl oxygen written just
//!   before it instead of after: the COOH and COO groups read backwards (HOOCCH₃, CH₃OOCCH₃,
//!   beside HOCOCH₃ and CH₃OCOCH₃).
//! - A group may be written **lumped**, its carbons then its hydrogens: a saturated acyclic
//!   alkyl group of two or more carbons hanging by one bond (C₂H₅ as C·C·H·H·H·H·H, C₃H₇) and
//!   a ring of carbons with at most one single-bonded group on each ring atom (C₆H₅, C₆H₄,
//!   and benzene's whole C₆H₆). A lumped group is written as one atom would be.
//!
//! A salt — dot-separated parts: one or more copies of one part with two or more heavy atoms,
//! each copy written the same way, and copies of one ion with a single heavy atom (Na⁺, Ca²⁺,
//! NH₄⁺, Cl⁻) — has its cation ions first or last (NaCH₃COO, CH₃COONa, CH₃COONH₄) and its
//! anion ions last (CH₃NH₃Cl). Other mixtures of parts (a hydrate's water, two different
//! organic parts) have no writing here.
//!
//! A molecule with one heavy atom (CH₄, H₂O, NH₃, and NaCl's ions) has no writing here either:
//! its usual formula is the other conventions' business (never H₄C or OH₂). Nor has a structure
//! with more than one ring (cages such as P₄O₁₀), or a hydrogen bonded to anything but one heavy
//! atom.

use std::collections::{BTreeMap, BTreeSet};

use super::Molecule;
use crate::elements::Element;
use crate::substances::MAX_ATOMS;

/// The most writings [`writings`] gives one structure.
pub const MAX_WRITINGS: usize = 64;

/// Walk steps spent on one structure at most (a few thousand are enough for every structure
/// of up to 15 atoms with at most one ring).
const BUDGET: u32 = 40_000;

/// Every accepted condensed writing of this structure, deduplicated and sorted (by the tiles'
/// element order, [`Element`]'s `Ord`). Empty when the structure has no chain to write: one
/// heavy atom (CH₄, NaCl), more than one ring, a hydrogen not bonded to exactly one heavy
/// atom, more than [`MAX_ATOMS`] atoms, or parts that are no salt (see the module's text).
///
/// When there are more than [`MAX_WRITINGS`], those kept are the first in the order (writings
/// whose first atom has all or none of its hydrogens before it first, then by the tiles'
/// order): a start split as H·C·H·H… is the least usual. The walks are enumerated in a fixed
/// order within a fixed number of steps (never reached by the structures of up to 15 atoms
/// tried), so the same structure always gives the same writings.
pub fn writings(molecule: &Molecule) -> Vec<Vec<Element>> {
    let scored = scored_writings(molecule);
    // the map is in the tiles' order: the usual writings in that order, then the others
    let mut kept: BTreeSet<&Vec<Element>> = BTreeSet::new();
    for score in 0..=1 {
        for (writing, _) in scored.iter().filter(|&(_, &s)| s == score) {
            if kept.len() < MAX_WRITINGS {
                kept.insert(writing);
            }
        }
    }
    kept.into_iter().cloned().collect()
}

/// Each writing and how unusual it is (0: usual; 1: the first atom's hydrogens split).
fn scored_writings(molecule: &Molecule) -> BTreeMap<Vec<Element>, u8> {
    let none = BTreeMap::new();
    let n = molecule.atoms.len();
    if n == 0 || n > MAX_ATOMS || molecule.charges.len() != n {
        return none;
    }
    if molecule
        .bonds
        .iter()
        .any(|b| b.a >= n || b.b >= n || b.a == b.b || !(1..=3).contains(&b.order))
    {
        return none;
    }
    let heavy = |i: usize| molecule.atoms.get(i).is_some_and(|&e| e != Element::H);
    // every hydrogen single-bonded to one heavy atom
    for i in (0..n).filter(|&i| !heavy(i)) {
        let mut bonds = molecule.neighbours(i);
        match (bonds.next(), bonds.next()) {
            (Some((j, 1)), None) if heavy(j) => {}
            _ => return none,
        }
    }
    let parts = components(molecule);
    let mut bodies: Vec<BTreeMap<Vec<Element>, u8>> = Vec::new();
    let mut ions: Vec<(Vec<Element>, i32)> = Vec::new();
    let mut budget = BUDGET;
    for part in &parts {
        let heavy_atoms: Vec<usize> = part.iter().copied().filter(|&i| heavy(i)).collect();
        match heavy_atoms.as_slice() {
            [] => return none,
            &[atom] => {
                let mut tiles = vec![molecule.atoms[atom]];
                tiles.extend(std::iter::repeat_n(Element::H, part.len() - 1));
                let charge: i32 = part.iter().map(|&i| i32::from(molecule.charges[i])).sum();
                ions.push((tiles, charge));
            }
            _ => bodies.push(chain_writings(molecule, &heavy_atoms, &mut budget)),
        }
    }
    let Some(body) = bodies.first() else {
        return none;
    };
    if bodies.iter().any(|b| b != body) || body.is_empty() {
        return none;
    }
    let repeated = |w: &Vec<Element>| -> Vec<Element> {
        std::iter::repeat_n(w.as_slice(), bodies.len())
            .flatten()
            .copied()
            .collect()
    };
    let Some((ion, charge)) = ions.first() else {
        return if bodies.len() == 1 {
            body.clone()
        } else {
            none
        };
    };
    if ions.iter().any(|(t, c)| (t, c) != (ion, charge)) {
        return none;
    }
    let block: Vec<Element> = std::iter::repeat_n(ion.as_slice(), ions.len())
        .flatten()
        .copied()
        .collect();
    let cation = *charge > 0 || (*charge == 0 && ion.len() == 1 && ion[0].is_metal());
    if !cation && *charge == 0 {
        return none;
    }
    let mut out = BTreeMap::new();
    for (w, &score) in body {
        let chain = repeated(w);
        let last: Vec<Element> = chain.iter().chain(&block).copied().collect();
        keep(&mut out, last, score);
        if cation {
            let first: Vec<Element> = block.iter().chain(&chain).copied().collect();
            keep(&mut out, first, score);
        }
    }
    out
}

fn keep(found: &mut BTreeMap<Vec<Element>, u8>, writing: Vec<Element>, score: u8) {
    let entry = found.entry(writing).or_insert(score);
    *entry = (*entry).min(score);
}

/// The structure's connected parts (its dot-separated SMILES components), each sorted.
fn components(molecule: &Molecule) -> Vec<Vec<usize>> {
    let n = molecule.atoms.len();
    let mut part = vec![usize::MAX; n];
    let mut parts = Vec::new();
    for start in 0..n {
        if part[start] != usize::MAX {
            continue;
        }
        let id = parts.len();
        let mut members = vec![start];
        part[start] = id;
        let mut k = 0;
        while let Some(&i) = members.get(k) {
            k += 1;
            for (j, _) in molecule.neighbours(i) {
                if part[j] == usize::MAX {
                    part[j] = id;
                    members.push(j);
                }
            }
        }
        crate::sort_small(&mut members);
        parts.push(members);
    }
    parts
}

/// One connected part's heavy atoms, numbered 0.. in the part's order.
struct Skeleton {
    elements: Vec<Element>,
    hydrogens: Vec<u8>,
    /// Heavy neighbours with the bond order.
    adjacency: Vec<Vec<(usize, u8)>>,
    /// Heavy bonds (a, b, order).
    bonds: Vec<(usize, usize, u8)>,
}

impl Skeleton {
    fn new(molecule: &Molecule, heavy: &[usize]) -> Skeleton {
        let local = |i: usize| heavy.iter().position(|&h| h == i);
        let mut skeleton = Skeleton {
            elements: heavy.iter().map(|&i| molecule.atoms[i]).collect(),
            hydrogens: vec![0; heavy.len()],
            adjacency: vec![Vec::new(); heavy.len()],
            bonds: Vec::new(),
        };
        for b in &molecule.bonds {
            match (local(b.a), local(b.b)) {
                (Some(x), Some(y)) => {
                    skeleton.adjacency[x].push((y, b.order));
                    skeleton.adjacency[y].push((x, b.order));
                    skeleton.bonds.push((x, y, b.order));
                }
                (Some(x), None) | (None, Some(x)) => skeleton.hydrogens[x] += 1,
                (None, None) => {}
            }
        }
        skeleton
    }

    /// An O or S double-bonded to one heavy atom and to nothing else: written with its atom.
    fn is_carbonyl(&self, i: usize) -> bool {
        matches!(self.elements[i], Element::O | Element::S)
            && self.hydrogens[i] == 0
            && matches!(self.adjacency[i].as_slice(), [(_, 2)])
    }

    /// The atoms reachable from `from` without crossing bond `(from, away)`, as a bit mask.
    fn side(&self, from: usize, away: usize) -> u32 {
        let mut mask = 1u32 << from;
        let mut stack = vec![from];
        while let Some(i) = stack.pop() {
            for &(j, _) in &self.adjacency[i] {
                let crossing = (i, j) == (from, away);
                if !crossing && mask & (1 << j) == 0 {
                    mask |= 1 << j;
                    stack.push(j);
                }
            }
        }
        mask
    }

    fn is_bridge(&self, a: usize, b: usize) -> bool {
        self.side(a, b) & (1 << b) == 0
    }

    /// Groups that may be written lumped: saturated acyclic alkyls of two or more carbons
    /// hanging by one bond, and a ring of carbons each with at most one single-bonded group.
    fn lumps(&self, rings: usize) -> Vec<u32> {
        let m = self.elements.len();
        let members = |mask: u32| (0..m).filter(move |&i| mask & (1 << i) != 0);
        let mut lumps = Vec::new();
        for &(x, y, order) in &self.bonds {
            if order != 1 || !self.is_bridge(x, y) {
                continue;
            }
            for (a, b) in [(x, y), (y, x)] {
                let side = self.side(a, b);
                let size = members(side).count();
                let carbons = members(side).all(|i| self.elements[i] == Element::C);
                let inner: Vec<&(usize, usize, u8)> = self
                    .bonds
                    .iter()
                    .filter(|&&(p, q, _)| side & (1 << p) != 0 && side & (1 << q) != 0)
                    .collect();
                let saturated = inner.iter().all(|&&(_, _, o)| o == 1)
                    && members(side)
                        .map(|i| usize::from(self.hydrogens[i]))
                        .sum::<usize>()
                        == 2 * size + 1;
                if size >= 2 && carbons && saturated && inner.len() + 1 == size {
                    lumps.push(side);
                }
            }
        }
        if rings == 1 {
            let ring: u32 = self
                .bonds
                .iter()
                .filter(|&&(a, b, _)| !self.is_bridge(a, b))
                .fold(0, |mask, &(a, b, _)| mask | 1 << a | 1 << b);
            let fits = members(ring).all(|i| {
                let outside: Vec<&(usize, u8)> = self.adjacency[i]
                    .iter()
                    .filter(|&&(j, _)| ring & (1 << j) == 0)
                    .collect();
                self.elements[i] == Element::C
                    && outside.len() <= 1
                    && outside.iter().all(|&&(_, o)| o == 1)
            });
            if fits && members(ring).count() >= 3 {
                lumps.push(ring);
            }
        }
        lumps
    }
}

/// Every way to choose lumped groups that don't overlap (none chosen first), at most 32.
fn lump_choices(lumps: &[u32]) -> Vec<Vec<u32>> {
    fn grow(lumps: &[u32], from: usize, used: u32, chosen: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if out.len() >= 32 {
            return;
        }
        out.push(chosen.clone());
        for (k, &lump) in lumps.iter().enumerate().skip(from) {
            if lump & used == 0 {
                chosen.push(lump);
                grow(lumps, k + 1, used | lump, chosen, out);
                chosen.pop();
            }
        }
    }
    let mut out = Vec::new();
    grow(lumps, 0, 0, &mut Vec::new(), &mut out);
    out
}

/// The writings of one connected part with two or more heavy atoms.
fn chain_writings(
    molecule: &Molecule,
    heavy: &[usize],
    budget: &mut u32,
) -> BTreeMap<Vec<Element>, u8> {
    let mut found = BTreeMap::new();
    let skeleton = Skeleton::new(molecule, heavy);
    let m = skeleton.elements.len();
    let rings = (skeleton.bonds.len() + 1).saturating_sub(m);
    if m < 2 || rings > 1 {
        return found;
    }
    for choice in lump_choices(&skeleton.lumps(rings)) {
        let units = Units::new(&skeleton, &choice);
        let mut walker = Walker {
            skeleton: &skeleton,
            units: &units,
            found: &mut found,
            budget,
        };
        walker.all();
    }
    found
}

/// The walk's units: single heavy atoms and lumped groups.
struct Units {
    /// Per unit: `Some(atom)` for a single atom, `None` for a lumped group.
    atom: Vec<Option<usize>>,
    /// Per unit: the tiles it is written as (an atom then its hydrogens; a group's carbons then
    /// its hydrogens).
    tiles: Vec<Vec<Element>>,
    neighbours: Vec<Vec<usize>>,
}

impl Units {
    fn new(skeleton: &Skeleton, lumps: &[u32]) -> Units {
        let m = skeleton.elements.len();
        let mut unit_of = vec![usize::MAX; m];
        let mut units = Units {
            atom: Vec::new(),
            tiles: Vec::new(),
            neighbours: Vec::new(),
        };
        for &lump in lumps {
            let id = units.atom.len();
            let members: Vec<usize> = (0..m).filter(|&i| lump & (1 << i) != 0).collect();
            let hydrogens: usize = members
                .iter()
                .map(|&i| usize::from(skeleton.hydrogens[i]))
                .sum();
            let mut tiles = vec![Element::C; members.len()];
            tiles.extend(std::iter::repeat_n(Element::H, hydrogens));
            for &i in &members {
                unit_of[i] = id;
            }
            units.atom.push(None);
            units.tiles.push(tiles);
        }
        for (i, unit) in unit_of.iter_mut().enumerate() {
            if *unit == usize::MAX {
                *unit = units.atom.len();
                let mut tiles = vec![skeleton.elements[i]];
                tiles.extend(std::iter::repeat_n(
                    Element::H,
                    usize::from(skeleton.hydrogens[i]),
                ));
                units.atom.push(Some(i));
                units.tiles.push(tiles);
            }
        }
        units.neighbours = vec![Vec::new(); units.atom.len()];
        for &(a, b, _) in &skeleton.bonds {
            let (u, v) = (unit_of[a], unit_of[b]);
            if u != v && !units.neighbours[u].contains(&v) {
                units.neighbours[u].push(v);
                units.neighbours[v].push(u);
            }
        }
        units
    }

    fn count(&self) -> usize {
        self.atom.len()
    }
}

/// Enumerates the walks of one choice of units into `found`, within `budget` steps.
struct Walker<'a> {
    skeleton: &'a Skeleton,
    units: &'a Units,
    found: &'a mut BTreeMap<Vec<Element>, u8>,
    budget: &'a mut u32,
}

impl Walker<'_> {
    fn is_carbonyl(&self, unit: usize) -> bool {
        self.units.atom[unit].is_some_and(|i| self.skeleton.is_carbonyl(i))
    }

    fn element(&self, unit: usize) -> Option<Element> {
        self.units.atom[unit].map(|i| self.skeleton.elements[i])
    }

    fn all(&mut self) {
        let count = self.units.count();
        let ends: Vec<usize> = (0..count)
            .filter(|&u| {
                !self.is_carbonyl(u)
                    && self.units.neighbours[u]
                        .iter()
                        .filter(|&&v| !self.is_carbonyl(v))
                        .count()
                        <= 1
            })
            .collect();
        let starts = if ends.is_empty() {
            (0..count).filter(|&u| !self.is_carbonyl(u)).collect()
        } else {
            ends
        };
        for start in starts {
            let tiles = &self.units.tiles[start];
            let hydrogens = match self.units.atom[start] {
                Some(i) => usize::from(self.skeleton.hydrogens[i]),
                None => 0,
            };
            for before in 0..=hydrogens {
                let mut out = vec![Element::H; before];
                out.extend(tiles.iter().take(1));
                out.extend(tiles.iter().skip(1 + before));
                let score = u8::from(before > 0 && before < hydrogens);
                self.step(&mut vec![start], 1 << start, &mut out, score);
            }
        }
    }

    /// One step of a depth-first walk: the unit on top of `stack` writes its next neighbour
    /// (its carbonyl oxygens first), or, done, hands back to the unit before it.
    fn step(&mut self, stack: &mut Vec<usize>, visited: u32, out: &mut Vec<Element>, score: u8) {
        if *self.budget == 0 {
            return;
        }
        *self.budget -= 1;
        let Some(&top) = stack.last() else {
            if visited.count_ones() as usize == self.units.count() {
                keep(self.found, out.clone(), score);
            }
            return;
        };
        let open: Vec<usize> = self.units.neighbours[top]
            .iter()
            .copied()
            .filter(|&v| visited & (1 << v) == 0)
            .collect();
        if open.is_empty() {
            stack.pop();
            self.step(stack, visited, out, score);
            stack.push(top);
            return;
        }
        let carbonyls: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&v| self.is_carbonyl(v))
            .collect();
        let choices = if carbonyls.is_empty() {
            open
        } else {
            carbonyls
        };
        let mut tried: Vec<usize> = Vec::with_capacity(choices.len());
        for next in choices {
            // two end groups written alike (the F's of CF₃) give the same writings
            let alike = |u: usize| {
                self.units.neighbours[u].len() == 1 && self.units.tiles[u] == self.units.tiles[next]
            };
            if alike(next) && tried.iter().any(|&t| alike(t)) {
                continue;
            }
            tried.push(next);
            let length = out.len();
            out.extend(&self.units.tiles[next]);
            stack.push(next);
            self.step(stack, visited | 1 << next, out, score);
            stack.pop();
            out.truncate(length);
            // COOH and COO backwards: O·O·C for a bare carbon reached from an oxygen
            if let Some(carbonyl) = self.backwards_carbonyl(top, next, visited) {
                out.push(Element::O);
                out.extend(&self.units.tiles[next]);
                stack.push(next);
                self.step(stack, visited | 1 << next | 1 << carbonyl, out, score);
                stack.pop();
                out.truncate(length);
            }
        }
    }

    /// The carbonyl oxygen `next` may have written just before it when the walk reaches it
    /// from `from`: `next` a carbon with no hydrogens, `from` an oxygen.
    fn backwards_carbonyl(&self, from: usize, next: usize, visited: u32) -> Option<usize> {
        let atom = self.units.atom[next]?;
        if self.element(from) != Some(Element::O)
            || self.skeleton.elements[atom] != Element::C
            || self.skeleton.hydrogens[atom] != 0
        {
            return None;
        }
        self.units.neighbours[next].iter().copied().find(|&v| {
            visited & (1 << v) == 0 && self.is_carbonyl(v) && self.element(v) == Some(Element::O)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::molecule::smiles::parse;
    use crate::substances::counts_of;

    /// Tiles from symbols written together, capitals starting each, brackets dropped (tiles have
    /// none): "CH3CH(OH)CH3" → C·H·H·H·C·H·O·H·C·H·H·H.
    fn tiles(text: &str) -> Vec<Element> {
        let mut out = Vec::new();
        let chars: Vec<char> = text.chars().filter(|c| !matches!(c, '(' | ')')).collect();
        let mut k = 0;
        while k < chars.len() {
            let mut symbol = chars[k].to_string();
            k += 1;
            if let Some(&c) = chars.get(k).filter(|c| c.is_ascii_lowercase()) {
                symbol.push(c);
                k += 1;
            }
            let element = Element::from_symbol(&symbol).unwrap_or_else(|| panic!("{symbol}"));
            let mut count = 0usize;
            while let Some(d) = chars.get(k).and_then(|c| c.to_digit(10)) {
                count = count * 10 + d as usize;
                k += 1;
            }
            out.extend(std::iter::repeat_n(element, count.max(1)));
        }
        out
    }

    fn of(smiles: &str) -> Vec<Vec<Element>> {
        writings(&parse(smiles).unwrap_or_else(|e| panic!("{smiles}: {e}")))
    }

    fn shown(writings: &[Vec<Element>]) -> Vec<String> {
        writings
            .iter()
            .map(|w| w.iter().map(|e| e.symbol()).collect::<String>())
            .collect()
    }

    fn accepts(smiles: &str, written: &[&str]) {
        let all = of(smiles);
        for w in written {
            assert!(
                all.contains(&tiles(w)),
                "{smiles}: {w} not among {:?}",
                shown(&all)
            );
        }
    }

    fn refuses(smiles: &str, written: &[&str]) {
        let all = of(smiles);
        for w in written {
            assert!(
                !all.contains(&tiles(w)),
                "{smiles}: {w} is among {:?}",
                shown(&all)
            );
        }
    }

    /// The structures of this module's examples.
    const EXAMPLES: &[&str] = &[
        "CCO",
        "COC",
        "CC",
        "C=C",
        "C#C",
        "CO",
        "CC(=O)O",
        "C(=O)O",
        "C=O",
        "C#N",
        "OO",
        "OCCO",
        "NCC(=O)O",
        "CC(=O)OC",
        "CCCl",
        "CCC(=O)O",
        "CCN",
        "CC(C)O",
        "CCC=O",
        "CC(=O)C",
        "CCOCC",
        "CC(=O)Cl",
        "CC(N)=O",
        "CC#N",
        "OCl",
        "CC(=O)[O-].[Na+]",
        "c1ccccc1",
        "c1ccc(cc1)O",
        "Cc1ccccc1",
        "c1ccc(cc1)C(=O)O",
        "CCCO",
        "C1CC1",
        "c1ccncc1",
        "Oc1ccc(O)cc1",
        "Clc1ccccc1Cl",
        "CS(=O)C",
        "O=C=O",
        "OS(=O)(=O)O",
        "C[NH3+].[Cl-]",
        "CC(=O)[O-].CC(=O)[O-].[Ca+2]",
        "CC(C)(C)O",
        "C(Cl)(Cl)Cl",
        "OC(=O)C(=O)O",
        "C[N+](=O)[O-]",
        "[NH4+].CC(=O)[O-]",
        "CC=O",
        "CCCC",
    ];

    #[test]
    fn ethanol_is_written_from_either_end_and_as_ethyl() {
        accepts(
            "CCO",
            &["CH3CH2OH", "CCH5OH", "C2H5OH", "HOCH2CH3", "H3CCH2OH"],
        );
        // O's hydrogen follows O, or stands before it when O starts
        refuses("CCO", &["CH3CH3O", "CH3CH2HO", "OCH3CH2H"]);
    }

    #[test]
    fn isomers_keep_their_own_writings() {
        accepts("COC", &["CH3OCH3", "H3COCH3"]);
        refuses("COC", &["CH3CH2OH", "C2H5OH"]);
        accepts("CC(=O)C", &["CH3COCH3"]);
        refuses("CC(=O)C", &["CH3CH2CHO", "C2H5CHO"]);
        accepts("CCC=O", &["CH3CH2CHO", "C2H5CHO", "HCOCH2CH3"]);
        refuses("CCC=O", &["CH3COCH3"]);
        // methyl acetate against propanoic acid
        refuses("CC(=O)OC", &["CH3CH2COOH"]);
        refuses("CCC(=O)O", &["CH3COOCH3"]);
    }

    #[test]
    fn small_chains() {
        accepts("CC", &["CH3CH3", "H3CCH3"]);
        accepts("C=C", &["CH2CH2", "H2CCH2"]);
        accepts("C#C", &["HCCH", "CHCH"]);
        accepts("CO", &["CH3OH", "HOCH3"]);
        accepts("C=O", &["HCHO", "H2CO", "CH2O"]);
        refuses("C=O", &["OCH2", "OHCH"]);
        accepts("C#N", &["HCN"]);
        accepts("OO", &["HOOH"]);
        accepts("OCl", &["HOCl", "ClOH"]);
        accepts("OCCO", &["HOCH2CH2OH"]);
        accepts("CCCl", &["CH3CH2Cl", "C2H5Cl", "ClCH2CH3"]);
        accepts("CCN", &["CH3CH2NH2", "C2H5NH2", "H2NCH2CH3"]);
        accepts("CCOCC", &["C2H5OC2H5", "CH3CH2OCH2CH3", "C2H5OCH2CH3"]);
        accepts("CCCO", &["CH3CH2CH2OH", "C3H7OH", "HOCH2CH2CH3"]);
    }

    #[test]
    fn carbonyl_groups_are_written_as_units() {
        accepts("CC(=O)O", &["CH3COOH", "CH3CO2H", "HOOCCH3", "HOCOCH3"]);
        refuses("CC(=O)O", &["CH3COHO", "CH3OCOH", "OCOHCH3"]);
        accepts("C(=O)O", &["HCOOH"]);
        accepts("NCC(=O)O", &["H2NCH2COOH", "NH2CH2COOH", "HOOCCH2NH2"]);
        accepts("C(C(=O)O)N", &["H2NCH2COOH", "NH2CH2COOH", "HOOCCH2NH2"]);
        accepts("CC(=O)OC", &["CH3COOCH3", "CH3OCOCH3", "CH3OOCCH3"]);
        accepts("CCC(=O)O", &["CH3CH2COOH", "C2H5COOH"]);
        accepts("CC(=O)Cl", &["CH3COCl"]);
        accepts("CC(N)=O", &["CH3CONH2"]);
        refuses("CC(N)=O", &["CH3CNH2O"]);
        accepts("CC#N", &["CH3CN"]);
        accepts("CC=O", &["CH3CHO", "HCOCH3"]);
        refuses("CC=O", &["CH3COH"]);
    }

    #[test]
    fn branches_are_written_inline_after_their_atom() {
        accepts("CC(C)O", &["CH3CH(OH)CH3", "CH3CH(CH3)OH", "HOCH(CH3)CH3"]);
        refuses("CC(C)O", &["CH3CH2CH2OH", "HOCH2CH2CH3"]);
        accepts(
            "CC(C)(C)O",
            &["CH3C(CH3)(CH3)OH", "C4H9OH", "HOC(CH3)(CH3)CH3"],
        );
    }

    #[test]
    fn salts_put_the_metal_first_or_last() {
        accepts("CC(=O)[O-].[Na+]", &["NaCH3COO", "CH3COONa", "NaOOCCH3"]);
        refuses("CC(=O)[O-].[Na+]", &["CH3NaCOO"]);
        accepts(
            "CC(=O)[O-].CC(=O)[O-].[Ca+2]",
            &["CaCH3COOCH3COO", "CH3COOCH3COOCa"],
        );
        accepts("C[NH3+].[Cl-]", &["CH3NH3Cl"]);
        refuses("C[NH3+].[Cl-]", &["ClCH3NH3"]);
        accepts("[NH4+].CC(=O)[O-]", &["CH3COONH4", "NH4CH3COO"]);
    }

    #[test]
    fn rings_are_walked_around_or_lumped() {
        accepts("c1ccccc1", &["C6H6", "CHCHCHCHCHCH"]);
        // PubChem's canonical SMILES write rings with their double bonds
        accepts("C1=CC=CC=C1", &["C6H6", "CHCHCHCHCHCH"]);
        accepts("C1=CC=C(C=C1)C(=O)O", &["C6H5COOH"]);
        accepts("c1ccc(cc1)O", &["C6H5OH", "HOC6H5"]);
        accepts("Cc1ccccc1", &["C6H5CH3", "CH3C6H5"]);
        accepts("c1ccc(cc1)C(=O)O", &["C6H5COOH", "HOOCC6H5"]);
        accepts("Oc1ccc(O)cc1", &["HOC6H4OH"]);
        accepts("Clc1ccccc1Cl", &["ClC6H4Cl"]);
        accepts("C1CC1", &["C3H6", "CH2CH2CH2"]);
        accepts("c1ccncc1", &["CHCHNCHCHCH", "NCHCHCHCHCH"]);
    }

    #[test]
    fn one_heavy_atom_and_cages_have_no_writing() {
        for smiles in ["C", "O", "N", "[Na+].[Cl-]", "[NH4+].[Cl-]", "[H][H]", "Cl"] {
            assert!(of(smiles).is_empty(), "{smiles}: {:?}", shown(&of(smiles)));
        }
        // P4O6: a cage of four rings
        let cage = "P12OP3OP(O1)OP(O2)O3";
        assert!(of(cage).is_empty());
    }

    #[test]
    fn every_writing_has_the_structures_atoms_and_there_are_at_most_64() {
        for smiles in EXAMPLES {
            let molecule = parse(smiles).unwrap_or_else(|e| panic!("{smiles}: {e}"));
            let all = writings(&molecule);
            assert!(!all.is_empty(), "{smiles}");
            assert!(all.len() <= MAX_WRITINGS, "{smiles}: {}", all.len());
            let mut sorted = all.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted, all, "{smiles}: sorted and without repeats");
            for w in &all {
                assert_eq!(counts_of(w), counts_of(&molecule.atoms), "{smiles}: {w:?}");
            }
        }
    }

    #[test]
    fn over_the_cap_the_usual_writings_are_kept_then_the_first_others() {
        // sodium 2-hydroxy-2-methylpropanoate has more than 64
        let salt = parse("CC(C)(O)C(=O)[O-].[Na+]").unwrap();
        let scored = scored_writings(&salt);
        assert!(scored.len() > MAX_WRITINGS, "{}", scored.len());
        let kept = writings(&salt);
        assert_eq!(kept.len(), MAX_WRITINGS);
        let with = |score: u8| -> Vec<&Vec<Element>> {
            scored
                .iter()
                .filter(|&(_, &s)| s == score)
                .map(|(w, _)| w)
                .collect()
        };
        let usual = with(0);
        assert!(usual.len() < MAX_WRITINGS);
        for w in &usual {
            assert!(kept.contains(w), "{:?}", shown(std::slice::from_ref(*w)));
        }
        let room = MAX_WRITINGS - usual.len();
        for (k, w) in with(1).into_iter().enumerate() {
            assert_eq!(
                kept.contains(w),
                k < room,
                "{:?}",
                shown(std::slice::from_ref(w))
            );
        }
        assert!(kept.contains(&tiles("CH3C(CH3)(OH)COONa")));
    }

    #[test]
    fn the_same_structure_always_gives_the_same_writings() {
        for smiles in EXAMPLES {
            assert_eq!(of(smiles), of(smiles), "{smiles}");
        }
    }

    #[test]
    fn every_parsed_structure_of_garbage_or_many_shapes_is_handled() {
        // generated shapes: chains, branches, rings, charges, dots; each must give writings
        // that are permutations of its atoms (or none), never a panic
        let pieces = [
            "C", "O", "N", "S", "Cl", "c", "n", "(", ")", "=", "#", "1", ".", "[Na+]", "[O-]",
            "[NH4+]", "P", "F", "[Fe+3]", "[nH]", "2", "Br",
        ];
        let mut state = 12345u64;
        let mut parsed = 0;
        for _ in 0..20_000 {
            let mut text = String::new();
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let length = 1 + (state >> 33) % 9;
            for _ in 0..length {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                text.push_str(pieces[((state >> 33) % pieces.len() as u64) as usize]);
            }
            if let Ok(molecule) = parse(&text) {
                parsed += 1;
                let all = writings(&molecule);
                assert!(all.len() <= MAX_WRITINGS);
                for w in &all {
                    assert_eq!(counts_of(w), counts_of(&molecule.atoms), "{text}: {w:?}");
                }
            }
        }
        assert!(parsed > 1000, "only {parsed} of the generated texts parsed");
    }
}
