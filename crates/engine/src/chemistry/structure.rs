//! One structure for a formula: which atoms bond to which, and how many times (RULES §10).
//!
//! The search grows the molecule breadth-first from one atom: each atom in turn picks its
//! valence and fills every bond it still has, to atoms already drawn (a ring) or to new atoms
//! from what is left of the tiles. Every connected structure can be grown this way, so the
//! search is complete; a cost says what a chemist would draw, and branch and bound keeps the
//! cheapest. Identical new atoms are interchangeable ("twins"), so only one order of them is
//! tried. Same multiset in, same structure out: the tiles' order never enters.

use crate::elements::Element;
pub use crate::molecule::{Bond, Molecule};
use crate::referee::card_index_of_multiset;

pub use crate::substances::MAX_ATOMS;

/// The structure of these atoms (any order): N₂O as chemists draw it (N≡N⁺–O⁻); else the
/// cheapest by [`cost`](self) that satisfies Theory Mode's rule, else for a card formula that
/// valency can't draw (CO, NO₂) its usual drawing with charges. `None`: fewer than 2 or more than [`MAX_ATOMS`] atoms, helium or
/// neon, or no structure at all (the referee rejects such formulas).
pub fn structure(tiles: &[Element]) -> Option<Molecule> {
    if tiles.len() < 2 || tiles.len() > MAX_ATOMS || tiles.iter().any(|e| !e.forms_bonds()) {
        return None;
    }
    let mut pool = [0u8; Element::COUNT];
    for &e in tiles {
        pool[e.index()] += 1;
    }
    charged_drawing(&pool)
        .or_else(|| search(&pool))
        .or_else(|| card_drawing(tiles))
}

/// Molecules whose only neutral valence structure is one no chemist draws, drawn as they
/// are: nitrous oxide is linear N≡N⁺–O⁻, not the three-membered ring that N 3 and O 2 allow.
fn charged_drawing(pool: &[u8; Element::COUNT]) -> Option<Molecule> {
    use Element::*;
    let only = |wanted: &[(Element, u8)]| {
        pool.iter().sum::<u8>() == wanted.iter().map(|w| w.1).sum::<u8>()
            && wanted.iter().all(|&(e, n)| pool[e.index()] == n)
    };
    if only(&[(N, 2), (O, 1)]) {
        return Some(Molecule {
            atoms: vec![N, N, O],
            charges: vec![0, 1, -1],
            bonds: vec![
                Bond {
                    a: 0,
                    b: 1,
                    order: 3,
                },
                Bond {
                    a: 1,
                    b: 2,
                    order: 1,
                },
            ],
        });
    }
    None
}

// ---- what a chemist would draw: the cost of a structure ----

// a step up an element's valence list (N 3 → 5, S 2 → 4 → 6, Cl 1 → 3 ...): for main-group
// atoms the step costs more than the double bonds it usually brings, so that H₂S wins over
// H–S(=…) forms; metals change oxidation state freely
fn valence_step_cost(e: Element) -> u32 {
    match class(e) {
        Class::Metal => 6,
        // a halogen in the middle (Cl with 3 bonds) only when nothing else works: NH₄Cl is
        // N with four H and a Cl, not H₂N–ClH₂
        Class::Halogen => 25,
        _ => 20,
    }
}
const DOUBLE: u32 = 10;
const TRIPLE: u32 = 18; // one multiple bond, not two: fewer than two doubles
const CUMULENE: u32 = 8; // a carbon double-bonded to two carbons (C=C=C) is rarely drawn
const RING: u32 = 30; // chains before rings
const BRANCH: u32 = 3; // per carbon neighbour past two: chains before branches
const CARBON_SPLIT: u32 = 15; // per carbon fragment past one: carbon backbones (ethanol, not ether)
const CARBON_HETERO: u32 = 1; // per carbon bonded to a heteroatom: acetic acid, not glycolaldehyde
const LOWEST_EXTRA: u32 = TRIPLE / 2; // the least any bond past a tree can cost

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Hydrogen,
    Carbon,
    Halogen,
    Oxygen,
    Sulfur,
    Pnictogen,
    Silicon,
    Metal,
}

fn class(e: Element) -> Class {
    use Element::*;
    match e {
        H => Class::Hydrogen,
        C => Class::Carbon,
        F | Cl | Br | I => Class::Halogen,
        O => Class::Oxygen,
        S => Class::Sulfur,
        N | P => Class::Pnictogen,
        Si => Class::Silicon,
        _ => Class::Metal,
    }
}

// what a bond between two elements costs beyond its order: peroxides, halogen–halogen,
// metal–metal and H–H only when nothing else fits
fn pair_cost(x: Element, y: Element) -> u32 {
    use Class::*;
    match (class(x), class(y)) {
        (Oxygen, Oxygen) | (Halogen, Halogen) | (Hydrogen, Hydrogen) => 80,
        (Metal, Metal) => 60,
        (Sulfur, Sulfur) => 20,
        (Pnictogen, Pnictogen) | (Silicon, Silicon) => 15,
        (Metal, Carbon) | (Carbon, Metal) => 15,
        (Metal, Hydrogen) | (Hydrogen, Metal) => 5,
        // H on oxygen rather than on carbon: acetaldehyde, not vinyl alcohol
        (Oxygen, Hydrogen) | (Hydrogen, Oxygen) => 2,
        _ => 0,
    }
}

fn bond_cost(x: Element, y: Element, order: u8) -> u32 {
    let multiple = match order {
        2 => DOUBLE,
        3 => TRIPLE,
        _ => 0,
    };
    multiple + pair_cost(x, y)
}

// ---- the search ----

const NONE: u8 = u8::MAX;
// a formula a chemist would recognise is settled in a few hundred steps; a soup of metals (where
// metal–metal bonds can't be avoided and the bound is weak) runs out and keeps the best
// structure found so far, which the sorted fills make a good one. Bounds the worst case.
const STEP_BUDGET: u32 = 60_000;
// kinds are (element, valence) pairs of the formula's elements: at most 15 elements × 4
const MAX_KINDS: usize = 60;

/// An element with one of its valences chosen.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Kind {
    element: Element,
    valence: u8,
}

/// A partial structure: atoms in the order they were drawn; atoms before `next` are done, and
/// every bond has at least one done atom (so the atoms still open share no bond yet).
#[derive(Clone, Copy)]
struct State {
    n: usize,
    kind: [u8; MAX_ATOMS],
    bonds: [u8; MAX_ATOMS],
    twin: [u8; MAX_ATOMS],
    order: [[u8; MAX_ATOMS]; MAX_ATOMS],
    pool: [u8; MAX_KINDS],
    left: usize,
    next: usize,
    cost: u32,
}

/// What one atom's fill may bond to: an open atom already drawn, or new atoms of a kind.
#[derive(Clone, Copy)]
enum Target {
    Drawn(usize),
    New(usize, u8),
}

struct Search {
    kinds: Vec<Kind>,
    root: Element,
    best: Option<(u32, State)>,
    steps: u32,
    carbons: usize,
}

fn search(counts: &[u8; Element::COUNT]) -> Option<Molecule> {
    let elements: Vec<Element> = Element::ALL
        .iter()
        .copied()
        .filter(|e| counts[e.index()] > 0)
        .collect();
    // the root: carbon, else the element with the most valence (tile-list order on ties); any
    // root reaches every structure, this one reaches good structures first
    let root = *elements.iter().max_by_key(|&&e| {
        (
            e == Element::C,
            max_valence(e),
            std::cmp::Reverse(e.index()),
        )
    })?;
    let kinds: Vec<Kind> = elements
        .iter()
        .flat_map(|&element| {
            element
                .valences()
                .iter()
                .map(move |&valence| Kind { element, valence })
        })
        .collect();
    if kinds.len() > MAX_KINDS {
        return None;
    }
    let mut search = Search {
        kinds,
        root,
        best: None,
        steps: 0,
        carbons: counts[Element::C.index()] as usize,
    };
    // valence choices by rising cost, in rounds: each round tries those costing more than the
    // last round's ceiling, up to its own; once the best structure costs no more than the
    // ceiling, no dearer choice can beat it
    let most = elements
        .iter()
        .map(|&e| counts[e.index()] as u32 * (e.valences().len() as u32 - 1) * valence_step_cost(e))
        .sum::<u32>();
    let mut floor: Option<u32> = None;
    let mut ceiling = 0u32;
    loop {
        let mut pool = [0u8; MAX_KINDS];
        search.choose_valences(counts, &elements, 0, 0, &mut pool, floor, ceiling);
        let done = search.best.as_ref().is_some_and(|b| b.0 <= ceiling);
        if done || ceiling >= most || search.steps > STEP_BUDGET {
            break;
        }
        floor = Some(ceiling);
        ceiling = (ceiling + ceiling / 2).max(ceiling + 6).min(most);
    }
    search.best.as_ref().map(|(_, s)| search.molecule_of(s))
}

fn max_valence(e: Element) -> u8 {
    e.valences().iter().copied().max().unwrap_or(0)
}

/// Can some multigraph (loops no, at most 3 bonds a pair, not necessarily connected) give
/// these degrees? Chungphaisan's condition, as in RULES §4; zeros are atoms with nothing left.
fn multigraph_exists(degrees: &mut [u8]) -> bool {
    crate::sort_short(degrees, |a, b| a > b);
    let total: u32 = degrees.iter().map(|&d| d as u32).sum();
    if total % 2 == 1 {
        return false;
    }
    let mut left = 0u32;
    for k in 1..=degrees.len() {
        left += degrees[k - 1] as u32;
        let kk = k as u32;
        let right: u32 = degrees[k..].iter().map(|&d| (d as u32).min(3 * kk)).sum();
        if left > 3 * kk * (kk - 1) + right {
            return false;
        }
    }
    true
}

impl Search {
    fn bound(&self) -> u32 {
        self.best.as_ref().map_or(u32::MAX, |b| b.0)
    }

    /// Every split of each element's atoms over its valences with a cost in (floor, ceiling]:
    /// those whose degrees can make a molecule are searched for structures.
    #[allow(clippy::too_many_arguments)]
    fn choose_valences(
        &mut self,
        counts: &[u8; Element::COUNT],
        elements: &[Element],
        at: usize,
        cost: u32,
        pool: &mut [u8; MAX_KINDS],
        floor: Option<u32>,
        ceiling: u32,
    ) {
        self.steps += 1;
        if cost > ceiling || cost >= self.bound() || self.steps > STEP_BUDGET {
            return;
        }
        let Some(&e) = elements.get(at) else {
            if floor.is_some_and(|f| cost <= f) {
                return;
            }
            let mut degrees: Vec<u8> = Vec::with_capacity(MAX_ATOMS);
            for (k, kind) in self.kinds.iter().enumerate() {
                degrees.extend(std::iter::repeat_n(kind.valence, pool[k] as usize));
            }
            if crate::referee::bond_graph_exists(&degrees) {
                self.grow(pool, cost);
            }
            return;
        };
        let first = self.kinds.iter().position(|k| k.element == e).unwrap_or(0);
        let options = e.valences().len();
        self.split(
            counts[e.index()],
            first,
            options,
            0,
            cost,
            e,
            counts,
            elements,
            at,
            pool,
            floor,
            ceiling,
        );
    }

    // puts `count` atoms of `e` on its valences from the `i`th on, cheapest first
    #[allow(clippy::too_many_arguments)]
    fn split(
        &mut self,
        count: u8,
        first: usize,
        options: usize,
        i: usize,
        cost: u32,
        e: Element,
        counts: &[u8; Element::COUNT],
        elements: &[Element],
        at: usize,
        pool: &mut [u8; MAX_KINDS],
        floor: Option<u32>,
        ceiling: u32,
    ) {
        if i + 1 == options {
            pool[first + i] = count;
            let cost = cost + count as u32 * i as u32 * valence_step_cost(e);
            self.choose_valences(counts, elements, at + 1, cost, pool, floor, ceiling);
            pool[first + i] = 0;
            return;
        }
        for here in (0..=count).rev() {
            pool[first + i] = here;
            let cost = cost + here as u32 * i as u32 * valence_step_cost(e);
            if cost <= ceiling {
                self.split(
                    count - here,
                    first,
                    options,
                    i + 1,
                    cost,
                    e,
                    counts,
                    elements,
                    at,
                    pool,
                    floor,
                    ceiling,
                );
            }
        }
        pool[first + i] = 0;
    }

    /// Searches the structures of one valence choice, from a root atom of the root element.
    fn grow(&mut self, pool: &[u8; MAX_KINDS], cost: u32) {
        // the root's kind: its element at the highest valence chosen for it (the likely centre)
        let Some(root) = (0..self.kinds.len())
            .rev()
            .find(|&k| self.kinds[k].element == self.root && pool[k] > 0)
        else {
            return;
        };
        let mut state = State {
            n: 1,
            kind: [0; MAX_ATOMS],
            bonds: [0; MAX_ATOMS],
            twin: [NONE; MAX_ATOMS],
            order: [[0; MAX_ATOMS]; MAX_ATOMS],
            pool: *pool,
            left: pool.iter().map(|&c| c as usize).sum::<usize>() - 1,
            next: 0,
            cost,
        };
        state.kind[0] = root as u8;
        state.pool[root] -= 1;
        self.process(&state);
    }

    fn element(&self, s: &State, i: usize) -> Element {
        self.kinds[s.kind[i] as usize].element
    }

    fn open(&self, s: &State, i: usize) -> u8 {
        self.kinds[s.kind[i] as usize].valence - s.bonds[i]
    }

    /// Processes the next atom: fills every bond it still has.
    fn process(&mut self, state: &State) {
        if self.steps > STEP_BUDGET {
            return;
        }
        let u = state.next;
        if u == state.n {
            if state.left == 0 {
                self.finish(state);
            }
            return;
        }
        let mut s = *state;
        // `u` is about to differ from any twin it had
        for j in u + 1..s.n {
            if s.twin[j] as usize == u {
                s.twin[j] = NONE;
            }
        }
        let open = self.open(&s, u);
        let mut targets: Vec<Target> = (u + 1..s.n)
            .filter(|&j| self.open(&s, j) > 0)
            .map(Target::Drawn)
            .collect();
        for (k, kind) in self.kinds.iter().enumerate() {
            if s.pool[k] > 0 {
                for order in 1..=kind.valence.min(3) {
                    targets.push(Target::New(k, order));
                }
            }
        }
        let mut picks = vec![0u8; targets.len()];
        let mut fills = Vec::new();
        self.fill(&s, u, open, &targets, 0, &mut picks, &mut fills);
        // the most promising fills first, so that a good structure bounds the rest early
        fills.sort_by_key(|f| f.0);
        for (key, next) in fills {
            if key < self.bound() {
                self.process(&next);
            }
        }
    }

    /// Chooses how many bonds atom `u` makes to each target, `open` still to place; each
    /// complete choice that leaves a drawable rest goes to `fills` with its least total cost.
    #[allow(clippy::too_many_arguments)]
    fn fill(
        &mut self,
        state: &State,
        u: usize,
        open: u8,
        targets: &[Target],
        at: usize,
        picks: &mut [u8],
        fills: &mut Vec<(u32, State)>,
    ) {
        self.steps += 1;
        if self.steps > STEP_BUDGET {
            return;
        }
        if open == 0 {
            for p in picks[at..].iter_mut() {
                *p = 0;
            }
            if let Some(fill) = self.commit(state, u, targets, picks) {
                fills.push(fill);
            }
            return;
        }
        let Some(&target) = targets.get(at) else {
            return;
        };
        match target {
            Target::Drawn(j) => {
                let twin = state.twin[j];
                let mut most = self.open(state, j).min(3).min(open);
                if twin != NONE {
                    // a twin takes no more than the twin before it: one order of the two
                    most = match targets[..at]
                        .iter()
                        .position(|t| matches!(t, Target::Drawn(w) if *w == twin as usize))
                    {
                        Some(k) => most.min(picks[k]),
                        None => 0,
                    };
                }
                for order in 0..=most {
                    picks[at] = order;
                    self.fill(state, u, open - order, targets, at + 1, picks, fills);
                }
            }
            Target::New(k, order) => {
                // atoms of this kind already picked at this fill (with other bond orders)
                let taken: u8 = targets[..at]
                    .iter()
                    .zip(picks.iter())
                    .filter(|(t, _)| matches!(t, Target::New(x, _) if *x == k))
                    .map(|(_, &c)| c)
                    .sum();
                let most = (state.pool[k] - taken).min(open / order);
                for count in (0..=most).rev() {
                    picks[at] = count;
                    self.fill(
                        state,
                        u,
                        open - count * order,
                        targets,
                        at + 1,
                        picks,
                        fills,
                    );
                }
            }
        }
    }

    /// Applies a complete fill of atom `u`: the new state and the least its structures cost,
    /// or None if the rest can't be drawn or can't beat the best.
    fn commit(
        &self,
        state: &State,
        u: usize,
        targets: &[Target],
        picks: &[u8],
    ) -> Option<(u32, State)> {
        let mut s = *state;
        let eu = self.element(&s, u);
        for (t, &p) in targets.iter().zip(picks) {
            if p == 0 {
                continue;
            }
            match *t {
                Target::Drawn(j) => {
                    s.cost += RING + bond_cost(eu, self.element(&s, j), p);
                    bond(&mut s, u, j, p);
                }
                Target::New(k, order) => {
                    let e = self.kinds[k].element;
                    let mut previous = NONE;
                    for _ in 0..p {
                        let j = s.n;
                        s.n += 1;
                        s.kind[j] = k as u8;
                        s.bonds[j] = 0;
                        s.twin[j] = previous;
                        s.pool[k] -= 1;
                        s.left -= 1;
                        s.cost += bond_cost(eu, e, order);
                        bond(&mut s, u, j, order);
                        previous = j as u8;
                    }
                }
            }
        }
        // twins stay twins only if `u` bonded to both alike
        for j in u + 1..state.n {
            let w = s.twin[j];
            if w != NONE && s.order[u][j] != s.order[u][w as usize] {
                s.twin[j] = NONE;
            }
        }
        let mut carbons = 0u32;
        let mut double_carbons = 0;
        let mut hetero = false;
        for j in 0..s.n {
            if s.order[u][j] > 0 {
                match self.element(&s, j) {
                    Element::C => {
                        carbons += 1;
                        double_carbons += (s.order[u][j] == 2) as u32;
                    }
                    Element::H => {}
                    _ => hetero = true,
                }
            }
        }
        s.cost += carbons.saturating_sub(2) * BRANCH;
        if eu == Element::C {
            s.cost += CARBON_HETERO * hetero as u32;
            if double_carbons >= 2 {
                s.cost += CUMULENE;
            }
        }
        s.next = u + 1;
        let least = s.cost + self.rest(&s)?;
        (least < self.bound()).then_some((least, s))
    }

    /// None when the rest can't be drawn; else the least the rest will cost. The open atoms
    /// share no bond yet, so what is left is a fresh multigraph problem on their open bonds
    /// and the atoms still in the pool, plus one bond per pool atom to join it on.
    fn rest(&self, s: &State) -> Option<u32> {
        let mut degrees = [0u8; MAX_ATOMS];
        let mut m = 0;
        let mut drawn = 0u32;
        for i in s.next..s.n {
            let d = self.open(s, i);
            drawn += d as u32;
            degrees[m] = d;
            m += 1;
        }
        for (k, kind) in self.kinds.iter().enumerate() {
            for _ in 0..s.pool[k] {
                degrees[m] = kind.valence;
                m += 1;
            }
        }
        let total: u32 = degrees[..m].iter().map(|&d| d as u32).sum();
        let left = s.left as u32;
        if left > 0 && (drawn == 0 || total / 2 < left) {
            return None;
        }
        if !multigraph_exists(&mut degrees[..m]) {
            return None;
        }
        Some((total / 2 - left) * LOWEST_EXTRA)
    }

    fn finish(&mut self, s: &State) {
        let mut cost = s.cost;
        if self.carbons > 1 {
            cost += (self.carbon_fragments(s) - 1) * CARBON_SPLIT;
        }
        if cost < self.bound() {
            self.best = Some((cost, *s));
        }
    }

    fn carbon_fragments(&self, s: &State) -> u32 {
        let mut fragments = 0;
        let mut seen = [false; MAX_ATOMS];
        for start in 0..s.n {
            if seen[start] || self.element(s, start) != Element::C {
                continue;
            }
            fragments += 1;
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(i) = stack.pop() {
                for (j, done) in seen.iter_mut().enumerate().take(s.n) {
                    if s.order[i][j] > 0 && self.element(s, j) == Element::C && !*done {
                        *done = true;
                        stack.push(j);
                    }
                }
            }
        }
        fragments
    }

    fn molecule_of(&self, s: &State) -> Molecule {
        let atoms: Vec<Element> = (0..s.n).map(|i| self.element(s, i)).collect();
        let mut bonds = Vec::new();
        for i in 0..s.n {
            for j in i + 1..s.n {
                if s.order[i][j] > 0 {
                    bonds.push(Bond {
                        a: i,
                        b: j,
                        order: s.order[i][j],
                    });
                }
            }
        }
        Molecule {
            charges: vec![0; atoms.len()],
            atoms,
            bonds,
        }
    }
}

fn bond(s: &mut State, i: usize, j: usize, order: u8) {
    s.order[i][j] = order;
    s.order[j][i] = order;
    s.bonds[i] += order;
    s.bonds[j] += order;
}

/// Card formulas that valency can't draw, as chemists draw them: CO as ⁻C≡O⁺, NO₂ as
/// O=N⁺–O⁻ (its odd electron sits on nitrogen).
fn card_drawing(tiles: &[Element]) -> Option<Molecule> {
    use Element::*;
    let card = card_index_of_multiset(tiles)?;
    let single = |a, b, order| Bond { a, b, order };
    match crate::referee::CARD.get(card)?.tiles {
        [C, O] => Some(Molecule {
            atoms: vec![C, O],
            charges: vec![-1, 1],
            bonds: vec![single(0, 1, 3)],
        }),
        [N, O, O] => Some(Molecule {
            atoms: vec![N, O, O],
            charges: vec![1, 0, -1],
            bonds: vec![single(0, 1, 2), single(0, 2, 1)],
        }),
        _ => None,
    }
}
