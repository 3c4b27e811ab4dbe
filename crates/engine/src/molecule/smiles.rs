//! A structure as SMILES text in RULES §10's form: every atom in brackets, every H its own atom;
//! and SMILES as PubChem writes it read back into a structure ([`parse`]).

use super::{Bond, Molecule};
use crate::elements::Element;
use crate::substances::MAX_ATOMS;

/// The SMILES of a structure: `[H][O][H]`, `[O]=[C]=[C]=[O]`, `[O]=[C]1[O][Ca][O]1`. It starts
/// at one end of the longest chain and follows it to the other, side branches in brackets.
pub fn smiles(molecule: &Molecule) -> String {
    smiles_with_order(molecule).0
}

/// [`smiles`] and the atoms in the order the text names them (for tests that read it back).
pub fn smiles_with_order(molecule: &Molecule) -> (String, Vec<usize>) {
    let n = molecule.atoms.len();
    if n == 0 {
        return (String::new(), Vec::new());
    }
    let adjacency: Vec<Vec<(usize, u8)>> = (0..n)
        .map(|i| {
            let mut list: Vec<(usize, u8)> = molecule.neighbours(i).collect();
            crate::sort_small(&mut list);
            list
        })
        .collect();
    let start = (0..n)
        .max_by_key(|&i| (eccentricity(&adjacency, i), std::cmp::Reverse(i)))
        .unwrap_or(0);
    let tree = Tree::new(&adjacency, start);
    let mut writer = Writer {
        molecule,
        adjacency: &adjacency,
        parent: &tree.parent,
        children: &tree.children,
        digits: [None; 100],
        written: vec![false; n],
        text: String::new(),
        order: Vec::new(),
    };
    writer.atom(start);
    (writer.text, writer.order)
}

/// A depth-first spanning tree whose deepest branch comes last at every atom, so that the
/// main chain reads straight through; bonds not in it close rings.
pub(crate) struct Tree {
    pub parent: Vec<usize>,
    pub children: Vec<Vec<usize>>,
}

impl Tree {
    pub fn new(adjacency: &[Vec<(usize, u8)>], start: usize) -> Tree {
        let n = adjacency.len();
        let mut parent = vec![usize::MAX; n];
        let mut seen = vec![false; n];
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut visit = vec![start];
        let mut preorder = Vec::new();
        while let Some(i) = visit.pop() {
            if seen[i] {
                continue;
            }
            seen[i] = true;
            preorder.push(i);
            if parent[i] != usize::MAX {
                children[parent[i]].push(i);
            }
            for &(j, _) in adjacency[i].iter().rev() {
                if !seen[j] {
                    parent[j] = i;
                    visit.push(j);
                }
            }
        }
        let mut depth = vec![0usize; n];
        for &i in preorder.iter().rev() {
            depth[i] = children[i].iter().map(|&c| depth[c] + 1).max().unwrap_or(0);
        }
        // among equals, a multiple-bonded end first (in brackets) and a single bond last:
        // HO–S(=O)(=O)–OH
        let order = |i: usize, c: usize| {
            adjacency[i]
                .iter()
                .find(|&&(j, _)| j == c)
                .map_or(1, |&(_, o)| o)
        };
        for (i, list) in children.iter_mut().enumerate() {
            let key = |c: usize| (depth[c], std::cmp::Reverse(order(i, c)), c);
            crate::sort_short(list, |&a, &b| key(a) < key(b));
        }
        Tree { parent, children }
    }

    pub fn is_tree_bond(&self, i: usize, j: usize) -> bool {
        self.parent[i] == j || self.parent[j] == i
    }
}

pub(crate) fn eccentricity(adjacency: &[Vec<(usize, u8)>], from: usize) -> usize {
    let mut distance = vec![usize::MAX; adjacency.len()];
    distance[from] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    let mut far = 0;
    while let Some(i) = queue.pop_front() {
        far = far.max(distance[i]);
        for &(j, _) in &adjacency[i] {
            if distance[j] == usize::MAX {
                distance[j] = distance[i] + 1;
                queue.push_back(j);
            }
        }
    }
    far
}

fn bond_symbol(order: u8) -> &'static str {
    match order {
        2 => "=",
        3 => "#",
        4 => "$",
        _ => "",
    }
}

/// `[C]`, `[O-]`, `[N+]`, `[Fe+2]`.
pub fn bracket_atom(symbol: &str, charge: i8) -> String {
    let sign = if charge < 0 { '-' } else { '+' };
    match charge.unsigned_abs() {
        0 => format!("[{symbol}]"),
        1 => format!("[{symbol}{sign}]"),
        n => format!("[{symbol}{sign}{n}]"),
    }
}

struct Writer<'a> {
    molecule: &'a Molecule,
    adjacency: &'a [Vec<(usize, u8)>],
    parent: &'a [usize],
    children: &'a [Vec<usize>],
    /// Ring-closure digit → the ring bond waiting for its second atom (from, to, order).
    digits: [Option<(usize, usize, u8)>; 100],
    written: Vec<bool>,
    text: String,
    order: Vec<usize>,
}

impl Writer<'_> {
    fn atom(&mut self, i: usize) {
        let m = self.molecule;
        self.text
            .push_str(&bracket_atom(m.atoms[i].symbol(), m.charges[i]));
        self.written[i] = true;
        self.order.push(i);
        // ring bonds: close those waiting for this atom, open those to atoms not yet written
        for &(j, order) in &self.adjacency[i] {
            if self.parent[i] == j || self.parent[j] == i {
                continue;
            }
            if self.written[j] {
                if let Some(d) = (1..100).find(|&d| self.digits[d] == Some((j, i, order))) {
                    self.digits[d] = None;
                    self.text.push_str(bond_symbol(order));
                    self.push_digit(d);
                }
            } else if let Some(d) = (1..100).find(|&d| self.digits[d].is_none()) {
                self.digits[d] = Some((i, j, order));
                self.push_digit(d);
            }
        }
        let children = &self.children[i];
        for (k, &c) in children.iter().enumerate() {
            let last = k + 1 == children.len();
            if !last {
                self.text.push('(');
            }
            self.text.push_str(bond_symbol(m.order(i, c)));
            self.atom(c);
            if !last {
                self.text.push(')');
            }
        }
    }

    fn push_digit(&mut self, d: usize) {
        if d < 10 {
            self.text.push(char::from(b'0' + d as u8));
        } else {
            // never seen for up to 15 atoms; standard SMILES' two-digit form, just in case
            self.text.push_str(&format!("%{d}"));
        }
    }
}

/// The longest SMILES text [`parse`] reads.
pub const MAX_SMILES_TEXT: usize = 200;

/// A bond as written, before aromatic bonds are given an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Written {
    /// No symbol: aromatic between two aromatic atoms, else single.
    Default,
    Order(u8),
    Aromatic,
}

/// An atom as written: `hydrogens` is `Some` for a bracket atom (its H count, 0 unless given).
#[derive(Clone, Copy, Debug)]
struct WrittenAtom {
    element: Element,
    aromatic: bool,
    hydrogens: Option<u8>,
    charge: i8,
}

/// The structure a SMILES string describes, every hydrogen an atom of its own (implicit ones
/// added after the heavy atoms, each after the one before it). Reads PubChem's canonical and
/// isomeric SMILES: the organic subset with its implicit hydrogens (C 4, N 3 or 5, O 2,
/// S 2, 4 or 6, P 3 or 5, F Cl Br I 1), bracket atoms (`[NH4+]`, `[O-]`, `[Fe+3]`, `[2H]`),
/// bonds `-` `=` `#` `:` (and `/` `\` as single), branches, ring closures (`1`, `%12`),
/// dot-separated components, and aromatic atoms (`c n o s p`, `[nH]`), which are given
/// alternating double bonds. Isotopes, chirality and atom classes are read and ignored.
///
/// `Err` (a sentence) for text longer than [`MAX_SMILES_TEXT`], an element not on the tiles,
/// more than [`MAX_ATOMS`] atoms counting hydrogens, an aromatic ring that can't be given
/// alternating double bonds, or text that is no SMILES. Never panics.
pub fn parse(text: &str) -> Result<Molecule, String> {
    let text = text.trim();
    if text.len() > MAX_SMILES_TEXT {
        return Err(format!(
            "a SMILES string of at most {MAX_SMILES_TEXT} characters is read; this one has {}",
            text.len()
        ));
    }
    if text.is_empty() {
        return Err("an empty SMILES string has no atoms".to_string());
    }
    if !text.is_ascii() {
        return Err("SMILES is written in ASCII characters only".to_string());
    }
    let (atoms, bonds) = Reader::new(text.as_bytes()).read()?;
    let orders = kekulize(&atoms, &bonds)?;
    let mut hydrogens = Vec::with_capacity(atoms.len());
    for (i, atom) in atoms.iter().enumerate() {
        hydrogens.push(implicit_hydrogens(i, atom, &bonds, &orders));
    }
    let total = atoms.len() + hydrogens.iter().map(|&h| h as usize).sum::<usize>();
    if total > MAX_ATOMS {
        return Err(format!(
            "a structure of at most {MAX_ATOMS} atoms (hydrogens included) is read; this one has {total}"
        ));
    }
    let mut molecule = Molecule {
        atoms: atoms.iter().map(|a| a.element).collect(),
        charges: atoms.iter().map(|a| a.charge).collect(),
        bonds: Vec::with_capacity(total),
    };
    for (k, &(a, b, _)) in bonds.iter().enumerate() {
        let order = orders.get(k).copied().unwrap_or(1);
        molecule.bonds.push(Bond {
            a: a.min(b),
            b: a.max(b),
            order,
        });
    }
    for (i, &h) in hydrogens.iter().enumerate() {
        for _ in 0..h {
            let index = molecule.atoms.len();
            molecule.atoms.push(Element::H);
            molecule.charges.push(0);
            molecule.bonds.push(Bond {
                a: i,
                b: index,
                order: 1,
            });
        }
    }
    Ok(molecule)
}

/// Reads the atoms and bonds of SMILES text, as written.
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
    atoms: Vec<WrittenAtom>,
    bonds: Vec<(usize, usize, Written)>,
    /// Ring-closure number → the atom that opened it and the bond written there.
    rings: [Option<(usize, Option<Written>)>; 100],
}

impl<'a> Reader<'a> {
    fn new(text: &'a [u8]) -> Reader<'a> {
        Reader {
            text,
            at: 0,
            atoms: Vec::new(),
            bonds: Vec::new(),
            rings: [None; 100],
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn here(&self) -> String {
        format!("at character {} of the SMILES", self.at + 1)
    }

    #[allow(clippy::type_complexity)]
    fn read(mut self) -> Result<(Vec<WrittenAtom>, Vec<(usize, usize, Written)>), String> {
        let mut previous: Option<usize> = None;
        let mut branches: Vec<usize> = Vec::new();
        let mut bond: Option<Written> = None;
        while let Some(c) = self.peek() {
            match c {
                b'(' => {
                    let Some(p) = previous else {
                        return Err(format!("a branch with no atom before it {}", self.here()));
                    };
                    if bond.is_some() {
                        return Err(format!("a bond symbol before a branch {}", self.here()));
                    }
                    branches.push(p);
                    self.at += 1;
                    if self.peek() == Some(b')') {
                        return Err(format!("an empty branch {}", self.here()));
                    }
                }
                b')' => {
                    if bond.is_some() {
                        return Err(format!("a bond to nothing {}", self.here()));
                    }
                    let Some(p) = branches.pop() else {
                        return Err(format!("a ')' with no '(' {}", self.here()));
                    };
                    previous = Some(p);
                    self.at += 1;
                }
                b'.' => {
                    if bond.is_some() {
                        return Err(format!("a bond to nothing {}", self.here()));
                    }
                    previous = None;
                    self.at += 1;
                }
                b'-' | b'/' | b'\\' | b'=' | b'#' | b':' => {
                    if bond.is_some() {
                        return Err(format!("two bond symbols in a row {}", self.here()));
                    }
                    if previous.is_none() {
                        return Err(format!("a bond with no atom before it {}", self.here()));
                    }
                    bond = Some(match c {
                        b'=' => Written::Order(2),
                        b'#' => Written::Order(3),
                        b':' => Written::Aromatic,
                        _ => Written::Order(1),
                    });
                    self.at += 1;
                }
                b'$' => return Err("quadruple bonds ($) are not read".to_string()),
                b'0'..=b'9' | b'%' => {
                    let Some(p) = previous else {
                        return Err(format!(
                            "a ring closure with no atom before it {}",
                            self.here()
                        ));
                    };
                    let number = self.ring_number()?;
                    self.ring(p, number, bond.take())?;
                }
                b'[' => {
                    let atom = self.bracket()?;
                    previous = Some(self.add(atom, previous, bond.take())?);
                }
                b'*' => return Err("a wildcard atom (*) is no element".to_string()),
                _ => {
                    let atom = self.organic()?;
                    previous = Some(self.add(atom, previous, bond.take())?);
                }
            }
        }
        if bond.is_some() {
            return Err("the SMILES ends with a bond to nothing".to_string());
        }
        if !branches.is_empty() {
            return Err("a branch '(' is never closed".to_string());
        }
        if let Some(n) = self.rings.iter().position(Option::is_some) {
            return Err(format!("ring closure {n} is never closed"));
        }
        if self.atoms.is_empty() {
            return Err("the SMILES has no atoms".to_string());
        }
        Ok((self.atoms, self.bonds))
    }

    fn add(
        &mut self,
        atom: WrittenAtom,
        previous: Option<usize>,
        bond: Option<Written>,
    ) -> Result<usize, String> {
        if self.atoms.len() >= MAX_ATOMS {
            return Err(format!(
                "a structure of at most {MAX_ATOMS} atoms (hydrogens included) is read; this one has more"
            ));
        }
        let index = self.atoms.len();
        self.atoms.push(atom);
        if let Some(p) = previous {
            self.bonds
                .push((p, index, bond.unwrap_or(Written::Default)));
        }
        Ok(index)
    }

    fn ring_number(&mut self) -> Result<usize, String> {
        let digit = |c: Option<u8>| c.filter(u8::is_ascii_digit).map(|d| usize::from(d - b'0'));
        if self.peek() == Some(b'%') {
            self.at += 1;
            let tens = digit(self.peek());
            let units = digit(self.text.get(self.at + 1).copied());
            let (Some(tens), Some(units)) = (tens, units) else {
                return Err(format!("'%' takes two digits {}", self.here()));
            };
            self.at += 2;
            Ok(tens * 10 + units)
        } else {
            let n = digit(self.peek()).unwrap_or(0);
            self.at += 1;
            Ok(n)
        }
    }

    fn ring(&mut self, atom: usize, number: usize, bond: Option<Written>) -> Result<(), String> {
        let Some(slot) = self.rings.get_mut(number) else {
            return Err(format!("ring closure {number} is out of range"));
        };
        match slot.take() {
            None => *slot = Some((atom, bond)),
            Some((other, opened)) => {
                if other == atom {
                    return Err(format!("ring closure {number} bonds an atom to itself"));
                }
                let written = match (opened, bond) {
                    (Some(x), Some(y)) if x != y => {
                        return Err(format!(
                            "ring closure {number} has two different bonds written"
                        ))
                    }
                    (Some(x), _) | (None, Some(x)) => x,
                    (None, None) => Written::Default,
                };
                if self
                    .bonds
                    .iter()
                    .any(|&(a, b, _)| (a, b) == (other, atom) || (a, b) == (atom, other))
                {
                    return Err(format!(
                        "ring closure {number} bonds two atoms already bonded"
                    ));
                }
                self.bonds.push((other, atom, written));
            }
        }
        Ok(())
    }

    /// An atom of the organic subset: `C`, `Cl`, `Br`, `c`, `n` ….
    fn organic(&mut self) -> Result<WrittenAtom, String> {
        let c = self.peek().unwrap_or(b' ');
        let next = self.text.get(self.at + 1).copied();
        let (symbol, aromatic, length) = match (c, next) {
            (b'C', Some(b'l')) => ("Cl", false, 2),
            (b'B', Some(b'r')) => ("Br", false, 2),
            (b'B', _) => ("B", false, 1),
            (b'C', _) => ("C", false, 1),
            (b'N', _) => ("N", false, 1),
            (b'O', _) => ("O", false, 1),
            (b'P', _) => ("P", false, 1),
            (b'S', _) => ("S", false, 1),
            (b'F', _) => ("F", false, 1),
            (b'I', _) => ("I", false, 1),
            (b'b', _) => ("B", true, 1),
            (b'c', _) => ("C", true, 1),
            (b'n', _) => ("N", true, 1),
            (b'o', _) => ("O", true, 1),
            (b'p', _) => ("P", true, 1),
            (b's', _) => ("S", true, 1),
            _ => {
                return Err(format!(
                    "'{}' is no SMILES atom or symbol {}",
                    char::from(c),
                    self.here()
                ))
            }
        };
        self.at += length;
        let element = element_of(symbol)?;
        Ok(WrittenAtom {
            element,
            aromatic,
            hydrogens: None,
            charge: 0,
        })
    }

    /// `[` isotope? symbol chirality? hydrogens? charge? class? `]`.
    fn bracket(&mut self) -> Result<WrittenAtom, String> {
        self.at += 1; // '['
        let mut digits = 0;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            digits += 1;
            self.at += 1;
            if digits > 3 {
                return Err(format!("an isotope of more than 3 digits {}", self.here()));
            }
        }
        let first = self.peek().unwrap_or(b']');
        let (symbol, aromatic) = if first.is_ascii_lowercase() {
            // aromatic: c n o s p (b, se, as: not on the tiles)
            let two = self.text.get(self.at..self.at + 2).unwrap_or(b"");
            if two == b"se" || two == b"as" {
                return Err("selenium and arsenic are not on the tiles".to_string());
            }
            self.at += 1;
            let upper = char::from(first.to_ascii_uppercase()).to_string();
            (upper, true)
        } else if first.is_ascii_uppercase() {
            self.at += 1;
            let mut symbol = char::from(first).to_string();
            if let Some(c) = self.peek().filter(u8::is_ascii_lowercase) {
                symbol.push(char::from(c));
                self.at += 1;
            }
            (symbol, false)
        } else {
            return Err(format!("a bracket atom without an element {}", self.here()));
        };
        if aromatic && !matches!(symbol.as_str(), "C" | "N" | "O" | "S" | "P") {
            return Err(format!(
                "'{}' is no aromatic atom on the tiles",
                symbol.to_ascii_lowercase()
            ));
        }
        let element = element_of(&symbol)?;
        // chirality: @, @@, @TH1, @SP2, @OH12 …
        if self.peek() == Some(b'@') {
            self.at += 1;
            if self.peek() == Some(b'@') {
                self.at += 1;
            }
            let two = self.text.get(self.at..self.at + 2).unwrap_or(b"");
            if matches!(two, b"TH" | b"AL" | b"SP" | b"TB" | b"OH") {
                self.at += 2;
                let mut digits = 0;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) && digits < 2 {
                    self.at += 1;
                    digits += 1;
                }
            }
        }
        let mut hydrogens = 0u8;
        if self.peek() == Some(b'H') {
            self.at += 1;
            hydrogens = 1;
            if let Some(d) = self.peek().filter(u8::is_ascii_digit) {
                hydrogens = d - b'0';
                self.at += 1;
            }
        }
        let mut charge: i32 = 0;
        if let Some(sign @ (b'+' | b'-')) = self.peek() {
            let unit = if sign == b'+' { 1 } else { -1 };
            self.at += 1;
            charge = unit;
            if let Some(d) = self.peek().filter(u8::is_ascii_digit) {
                self.at += 1;
                charge = unit * i32::from(d - b'0');
                if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    return Err(format!("a charge of more than 9 {}", self.here()));
                }
            } else {
                while self.peek() == Some(sign) {
                    self.at += 1;
                    charge += unit;
                    if charge.abs() > 9 {
                        return Err(format!("a charge of more than 9 {}", self.here()));
                    }
                }
            }
        }
        if self.peek() == Some(b':') {
            self.at += 1;
            let mut digits = 0;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.at += 1;
                digits += 1;
                if digits > 4 {
                    return Err(format!(
                        "an atom class of more than 4 digits {}",
                        self.here()
                    ));
                }
            }
        }
        if self.peek() != Some(b']') {
            return Err(format!("a bracket atom not closed by ']' {}", self.here()));
        }
        self.at += 1;
        Ok(WrittenAtom {
            element,
            aromatic,
            hydrogens: Some(hydrogens),
            charge: i8::try_from(charge).unwrap_or(0),
        })
    }
}

fn element_of(symbol: &str) -> Result<Element, String> {
    Element::from_symbol(symbol)
        .ok_or_else(|| format!("{symbol} is not one of the 33 elements on the tiles"))
}

/// The valences an atom may have: the organic subset's normal ones (shifted for a charge, N⁺
/// as C, O⁻ as F …), or for another element its tile valences.
fn valences(element: Element, charge: i8) -> &'static [u8] {
    use Element::*;
    match (element, charge) {
        (C, 0) => &[4],
        (C, -1 | 1) => &[3],
        (N | P, 0) => &[3, 5],
        (N | P, 1) => &[4],
        (N | P, -1) => &[2],
        (O, 0) => &[2],
        (O, 1) => &[3],
        (O, -1) => &[1],
        (S, 0) => &[2, 4, 6],
        (S, 1) => &[3, 5],
        (S, -1) => &[1, 3, 5],
        (F | Cl | Br | I, 0) => &[1],
        (_, 0) => element.valences(),
        _ => &[],
    }
}

/// The bonds' orders: as written, and the aromatic ones single or double so that every
/// aromatic atom with room for one more bond (the ring carbons, pyridine's n; not [nH], o, s)
/// has exactly one double bond.
fn kekulize(atoms: &[WrittenAtom], bonds: &[(usize, usize, Written)]) -> Result<Vec<u8>, String> {
    let aromatic_bond = |&(a, b, w): &(usize, usize, Written)| match w {
        Written::Aromatic => true,
        Written::Default => {
            atoms.get(a).is_some_and(|x| x.aromatic) && atoms.get(b).is_some_and(|x| x.aromatic)
        }
        Written::Order(_) => false,
    };
    let mut orders: Vec<u8> = bonds
        .iter()
        .map(|&(_, _, w)| match w {
            Written::Order(o) => o,
            _ => 1,
        })
        .collect();
    let aromatic: Vec<bool> = bonds.iter().map(aromatic_bond).collect();
    let needs: Vec<bool> = (0..atoms.len())
        .map(|i| needs_double(i, atoms, bonds, &orders))
        .collect();
    // candidate bonds: aromatic, between two atoms that each need their double bond
    let candidates: Vec<usize> = (0..bonds.len())
        .filter(|&k| {
            let (a, b, _) = bonds[k];
            aromatic[k] && needs.get(a) == Some(&true) && needs.get(b) == Some(&true)
        })
        .collect();
    let mut matched = vec![false; atoms.len()];
    let mut chosen = Vec::new();
    let mut budget = 100_000u32;
    if !matching(
        &needs,
        bonds,
        &candidates,
        &mut matched,
        &mut chosen,
        &mut budget,
    ) {
        return Err(
            "the aromatic atoms can't be given alternating double bonds (no Kekulé structure)"
                .to_string(),
        );
    }
    for k in chosen {
        if let Some(o) = orders.get_mut(k) {
            *o = 2;
        }
    }
    Ok(orders)
}

/// Whether aromatic atom `i` has room for one more bond: its written bonds (aromatic ones as
/// single) and hydrogens stop short of its smallest valence that holds them.
fn needs_double(
    i: usize,
    atoms: &[WrittenAtom],
    bonds: &[(usize, usize, Written)],
    orders: &[u8],
) -> bool {
    let Some(atom) = atoms.get(i) else {
        return false;
    };
    if !atom.aromatic {
        return false;
    }
    let used = bond_sum(i, bonds, orders) + atom.hydrogens.unwrap_or(0);
    valences(atom.element, atom.charge)
        .iter()
        .find(|&&v| v >= used)
        .is_some_and(|&v| v > used)
}

fn bond_sum(i: usize, bonds: &[(usize, usize, Written)], orders: &[u8]) -> u8 {
    bonds
        .iter()
        .zip(orders)
        .filter(|((a, b, _), _)| *a == i || *b == i)
        .map(|(_, &o)| o)
        .fold(0u8, u8::saturating_add)
}

/// A perfect matching of the atoms that need a double bond, by backtracking: the first
/// unmatched such atom takes each of its candidate bonds in turn.
fn matching(
    needs: &[bool],
    bonds: &[(usize, usize, Written)],
    candidates: &[usize],
    matched: &mut [bool],
    chosen: &mut Vec<usize>,
    budget: &mut u32,
) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let Some(i) = (0..needs.len()).find(|&i| needs[i] && !matched[i]) else {
        return true;
    };
    for &k in candidates {
        let Some(&(a, b, _)) = bonds.get(k) else {
            continue;
        };
        let other = if a == i {
            b
        } else if b == i {
            a
        } else {
            continue;
        };
        if matched.get(other) != Some(&false) {
            continue;
        }
        matched[i] = true;
        matched[other] = true;
        chosen.push(k);
        if matching(needs, bonds, candidates, matched, chosen, budget) {
            return true;
        }
        chosen.pop();
        matched[i] = false;
        matched[other] = false;
    }
    false
}

/// Atom `i`'s hydrogens: a bracket atom's as written; else those that bring its bonds up to
/// its smallest normal valence that holds them (none past the largest).
fn implicit_hydrogens(
    i: usize,
    atom: &WrittenAtom,
    bonds: &[(usize, usize, Written)],
    orders: &[u8],
) -> u8 {
    if let Some(h) = atom.hydrogens {
        return h;
    }
    let used = bond_sum(i, bonds, orders);
    valences(atom.element, 0)
        .iter()
        .find(|&&v| v >= used)
        .map_or(0, |&v| v - used)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::substances::counts_of;
    use proptest::prelude::*;
    use Element::*;

    /// The formula's element counts, in tile-list order.
    fn counts(text: &str) -> Vec<(Element, u8)> {
        let molecule = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let counts = counts_of(&molecule.atoms);
        Element::ALL
            .iter()
            .filter(|e| counts[e.index()] > 0)
            .map(|&e| (e, counts[e.index()]))
            .collect()
    }

    fn double_bonds(text: &str) -> usize {
        let molecule = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        molecule.bonds.iter().filter(|b| b.order == 2).count()
    }

    #[test]
    fn the_organic_subset_gets_its_implicit_hydrogens() {
        assert_eq!(counts("C"), vec![(H, 4), (C, 1)]);
        assert_eq!(counts("CCO"), vec![(H, 6), (O, 1), (C, 2)]);
        assert_eq!(counts("C=O"), vec![(H, 2), (O, 1), (C, 1)]);
        assert_eq!(counts("C#N"), vec![(H, 1), (C, 1), (N, 1)]);
        assert_eq!(counts("CC(=O)O"), vec![(H, 4), (O, 2), (C, 2)]);
        assert_eq!(counts("OS(=O)(=O)O"), vec![(H, 2), (O, 4), (S, 1)]);
        assert_eq!(counts("CS(=O)C"), vec![(H, 6), (O, 1), (C, 2), (S, 1)]);
        assert_eq!(counts("OCl"), vec![(H, 1), (O, 1), (Cl, 1)]);
        assert_eq!(counts("BrCCBr"), vec![(H, 4), (C, 2), (Br, 2)]);
    }

    #[test]
    fn bracket_atoms_keep_their_hydrogens_and_charges() {
        let salt = parse("CC(=O)[O-].[Na+]").unwrap();
        assert_eq!(salt.atoms.len(), 8);
        assert_eq!(salt.charges.iter().map(|&c| i32::from(c)).sum::<i32>(), 0);
        assert_eq!(salt.bonds.len(), 6, "the ions are not bonded");
        assert_eq!(counts("[NH4+].[Cl-]"), vec![(H, 4), (N, 1), (Cl, 1)]);
        let iron = parse("[Fe+3]").unwrap();
        assert_eq!(
            (iron.atoms.clone(), iron.charges.clone()),
            (vec![Fe], vec![3])
        );
        assert_eq!(parse("[Cu++]").unwrap().charges, vec![2]);
        assert_eq!(parse("[O--]").unwrap().charges, vec![-2]);
        assert_eq!(counts("[2H]O[2H]"), vec![(H, 2), (O, 1)]);
        assert_eq!(counts("C[C@@H](O)CC"), vec![(H, 10), (O, 1), (C, 4)]);
        assert_eq!(counts("C/C=C\\C"), vec![(H, 8), (C, 4)]);
        assert_eq!(counts("[CH3:1]O"), vec![(H, 4), (O, 1), (C, 1)]);
    }

    #[test]
    fn aromatic_rings_get_alternating_double_bonds() {
        assert_eq!(counts("c1ccccc1"), vec![(H, 6), (C, 6)]);
        assert_eq!(double_bonds("c1ccccc1"), 3);
        assert_eq!(counts("c1ccncc1"), vec![(H, 5), (C, 5), (N, 1)]);
        assert_eq!(double_bonds("c1ccncc1"), 3);
        assert_eq!(counts("c1cc[nH]c1"), vec![(H, 5), (C, 4), (N, 1)]);
        assert_eq!(double_bonds("c1cc[nH]c1"), 2);
        assert_eq!(counts("c1ccoc1"), vec![(H, 4), (O, 1), (C, 4)]);
        assert_eq!(counts("c1ccsc1"), vec![(H, 4), (C, 4), (S, 1)]);
        assert_eq!(counts("C1=CC=C(C=C1)O"), vec![(H, 6), (O, 1), (C, 6)]);
        assert_eq!(counts("c1ccc(cc1)O"), vec![(H, 6), (O, 1), (C, 6)]);
        assert_eq!(counts("c1ccc(cc1)C(=O)O"), vec![(H, 6), (O, 2), (C, 7)]);
        assert_eq!(counts("c1cnc[nH]1"), vec![(H, 4), (C, 3), (N, 2)]);
        // every ring carbon of benzoic acid has 4 bonds
        let acid = parse("c1ccc(cc1)C(=O)O").unwrap();
        for i in 0..6 {
            assert_eq!(acid.bond_count(i), 4, "atom {i}");
        }
        assert!(
            parse("c1cccc1").is_err(),
            "five ring carbons can't alternate"
        );
    }

    #[test]
    fn ring_closures_read_digits_and_percent_numbers() {
        assert_eq!(counts("C1CC1"), vec![(H, 6), (C, 3)]);
        assert_eq!(counts("C%10CC%10"), vec![(H, 6), (C, 3)]);
        assert_eq!(counts("C1=CC1"), vec![(H, 4), (C, 3)]);
        assert_eq!(counts("C=1CC1"), vec![(H, 4), (C, 3)]);
        assert!(parse("C1CC").is_err());
        assert!(parse("C11").is_err());
        assert!(parse("C1C1").is_err(), "two atoms bonded twice");
    }

    #[test]
    fn what_is_no_smiles_or_not_on_the_tiles_is_refused_in_words() {
        for bad in [
            "",
            "(",
            "C(",
            "C)",
            "()",
            "C()",
            "=C",
            "C=",
            "C==C",
            "C.=C",
            "[C",
            "[]",
            "[Xx]",
            "B",
            "[Co]",
            "[se]1cccc1",
            "*",
            "C$C",
            "Q",
            "C C",
            "%1",
            "C%1",
            "[C+++++++++++]",
            "CCCCCCCCCCCCCCCCC",
            "CCCCC",
            "é",
        ] {
            let result = parse(bad);
            assert!(result.is_err(), "{bad:?} read as {result:?}");
            assert!(!result.unwrap_err().is_empty());
        }
        let long = "C".repeat(MAX_SMILES_TEXT + 1);
        assert!(parse(&long).unwrap_err().contains("200"));
        // CH4 is 5 atoms, C2H6 8, C4H10 14, C5H12 17: the cap counts hydrogens
        assert!(parse("CCCC").is_ok());
        assert!(parse("CCCCC").unwrap_err().contains("15"));
    }

    #[test]
    fn what_is_read_writes_back_the_same_counts() {
        for text in ["CCO", "CC(=O)O", "c1ccccc1", "OCCO", "NCC(=O)O", "CC#N"] {
            let molecule = parse(text).unwrap();
            let again = parse(&smiles(&molecule)).unwrap();
            assert_eq!(
                counts_of(&again.atoms),
                counts_of(&molecule.atoms),
                "{text}"
            );
            assert_eq!(again.bonds.len(), molecule.bonds.len(), "{text}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn parse_never_panics_on_smiles_like_text(text in "[CNOSPFIBrlcnospH0-9%()=#:/\\\\.@+\\-\\[\\]a-zA-Z*$]{0,40}") {
            if let Ok(molecule) = parse(&text) {
                prop_assert!(molecule.atoms.len() <= MAX_ATOMS);
                prop_assert_eq!(molecule.charges.len(), molecule.atoms.len());
                for b in &molecule.bonds {
                    prop_assert!(b.a < b.b && b.b < molecule.atoms.len());
                    prop_assert!((1..=3).contains(&b.order));
                }
            }
        }

        #[test]
        fn parse_never_panics_on_any_text(text in "\\PC{0,250}") {
            let _ = parse(&text);
        }
    }
}
