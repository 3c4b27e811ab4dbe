//! A structure as SMILES text in RULES §10's form: every atom in brackets, every H its own atom.

use super::structure::Molecule;

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
pub(super) struct Tree {
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

pub(super) fn eccentricity(adjacency: &[Vec<(usize, u8)>], from: usize) -> usize {
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
