//! Where each atom of a structure goes on paper: 2-D coordinates, bond length 1.
//!
//! Textbook rules: the longest chain as a 120° zigzag, straight through sp atoms (a triple bond
//! or two double bonds: O=C=C=O is one line), rings as regular polygons, side branches spread
//! evenly in the largest free angle. Hydrogens fold into their atom's label (CH₃, OH) unless
//! the molecule has at most one other atom (H–O–H, methane's cross). If atoms still come
//! closer than [`MIN_DISTANCE`], springs and repulsion relax the drawing; if even that fails,
//! the atoms go round a circle, which never overlaps.

use std::f64::consts::PI;

use super::structure::Molecule;
use crate::elements::Element;

/// No two drawn atoms are closer than this (bond length 1); the property tests hold us to it.
pub const MIN_DISTANCE: f64 = 0.5;

/// A drawing's geometry: a point per atom (`None` for hydrogens folded into a label) and how
/// many hydrogens each drawn atom's label carries.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub points: Vec<Option<(f64, f64)>>,
    pub hydrogens: Vec<u8>,
}

impl Layout {
    /// The smallest distance between two drawn atoms (infinite with fewer than two).
    pub fn min_distance(&self) -> f64 {
        let drawn: Vec<(f64, f64)> = self.points.iter().flatten().copied().collect();
        let mut least = f64::INFINITY;
        for (i, a) in drawn.iter().enumerate() {
            for b in &drawn[i + 1..] {
                least = least.min(distance(*a, *b));
            }
        }
        least
    }
}

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

fn at(from: (f64, f64), angle: f64) -> (f64, f64) {
    (from.0 + angle.cos(), from.1 + angle.sin())
}

fn angle_to(from: (f64, f64), to: (f64, f64)) -> f64 {
    (to.1 - from.1).atan2(to.0 - from.0)
}

/// Whether hydrogens fold into labels: when the molecule has two or more other atoms.
pub fn folds_hydrogens(molecule: &Molecule) -> bool {
    molecule.atoms.iter().filter(|&&e| e != Element::H).count() >= 2
}

/// An atom with a triple bond or two double bonds: its bonds continue in a straight line.
pub fn is_linear(molecule: &Molecule, i: usize) -> bool {
    let orders: Vec<u8> = molecule.neighbours(i).map(|(_, o)| o).collect();
    orders.len() == 2 && (orders.contains(&3) || orders == [2, 2])
}

pub fn layout(molecule: &Molecule) -> Layout {
    let n = molecule.atoms.len();
    let fold = folds_hydrogens(molecule);
    let shown: Vec<bool> = (0..n)
        .map(|i| !fold || molecule.atoms[i] != Element::H)
        .collect();
    let mut hydrogens = vec![0u8; n];
    if fold {
        for b in &molecule.bonds {
            if !shown[b.a] {
                hydrogens[b.b] += 1;
            }
            if !shown[b.b] {
                hydrogens[b.a] += 1;
            }
        }
    }
    let adjacency: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            let mut list: Vec<usize> = molecule
                .neighbours(i)
                .map(|(j, _)| j)
                .filter(|&j| shown[j])
                .collect();
            crate::sort_small(&mut list);
            if shown[i] {
                list
            } else {
                Vec::new()
            }
        })
        .collect();
    let mut points: Vec<Option<(f64, f64)>> = vec![None; n];
    let mut placer = Placer {
        molecule,
        adjacency: &adjacency,
        points: &mut points,
        in_ring: ring_atoms(&adjacency, &shown),
    };
    placer.place(&shown);
    let mut drawing = Layout { points, hydrogens };
    if drawing.min_distance() < MIN_DISTANCE {
        relax(&mut drawing, &adjacency);
    }
    if drawing.min_distance() < MIN_DISTANCE {
        circle(&mut drawing, &shown);
    }
    drawing
}

/// Which atoms lie on a ring (an edge that is not a bridge).
fn ring_atoms(adjacency: &[Vec<usize>], shown: &[bool]) -> Vec<bool> {
    let n = adjacency.len();
    let mut on_ring = vec![false; n];
    for i in 0..n {
        for &j in &adjacency[i] {
            if i < j && !is_bridge(adjacency, shown, i, j) {
                on_ring[i] = true;
                on_ring[j] = true;
            }
        }
    }
    on_ring
}

// is i–j the only way between i and j? (n ≤ 15: a search per edge is cheap)
fn is_bridge(adjacency: &[Vec<usize>], shown: &[bool], i: usize, j: usize) -> bool {
    let mut seen = vec![false; adjacency.len()];
    let mut stack = vec![i];
    seen[i] = true;
    while let Some(a) = stack.pop() {
        for &b in &adjacency[a] {
            if (a, b) == (i, j) || (a, b) == (j, i) || seen[b] || !shown[b] {
                continue;
            }
            if b == j {
                return false;
            }
            seen[b] = true;
            stack.push(b);
        }
    }
    true
}

struct Placer<'a> {
    molecule: &'a Molecule,
    adjacency: &'a [Vec<usize>],
    points: &'a mut Vec<Option<(f64, f64)>>,
    in_ring: Vec<bool>,
}

impl Placer<'_> {
    fn place(&mut self, shown: &[bool]) {
        let n = self.adjacency.len();
        let Some(first) = (0..n).find(|&i| shown[i]) else {
            return;
        };
        // a ring to start from if there is one, else the longest chain
        if let Some(cycle) = (0..n)
            .filter(|&i| self.in_ring[i])
            .map(|i| self.longest_cycle(i))
            .max_by_key(|c| c.len())
        {
            self.polygon(&cycle, (0.0, 0.0), 0.0);
        } else {
            let path = self.longest_path(first);
            self.zigzag(&path);
        }
        // then outwards, breadth first, from every atom drawn
        let mut queue: std::collections::VecDeque<usize> =
            (0..n).filter(|&i| self.points[i].is_some()).collect();
        while let Some(a) = queue.pop_front() {
            let waiting: Vec<usize> = self.adjacency[a]
                .iter()
                .copied()
                .filter(|&j| self.points[j].is_none())
                .collect();
            if waiting.is_empty() {
                continue;
            }
            let directions = self.directions(a, waiting.len());
            for (&child, &angle) in waiting.iter().zip(&directions) {
                if self.points[child].is_some() {
                    continue;
                }
                let Some(here) = self.points[a] else { continue };
                if self.in_ring[child] {
                    // a ring hanging off a chain: its polygon points away from the chain
                    let cycle = self.longest_cycle(child);
                    if cycle.len() >= 3 && cycle.iter().all(|&c| self.points[c].is_none()) {
                        self.polygon(&cycle, at(here, angle), angle);
                        queue.extend(cycle.iter().copied());
                        continue;
                    }
                }
                self.points[child] = Some(at(here, angle));
                queue.push_back(child);
            }
        }
        // anything left (not reachable through drawn atoms) goes beside the rest
        for (i, &drawn) in shown.iter().enumerate() {
            if drawn && self.points[i].is_none() {
                let right = self
                    .points
                    .iter()
                    .flatten()
                    .map(|p| p.0)
                    .fold(0.0, f64::max);
                self.points[i] = Some((right + 1.0, 0.0));
            }
        }
    }

    /// Directions for `count` new bonds of atom `a`, given the bonds already drawn.
    fn directions(&self, a: usize, count: usize) -> Vec<f64> {
        let Some(here) = self.points[a] else {
            return Vec::new();
        };
        let mut taken: Vec<f64> = self.adjacency[a]
            .iter()
            .filter_map(|&j| self.points[j].map(|p| angle_to(here, p)))
            .collect();
        match taken.len() {
            0 => (0..count)
                .map(|k| 2.0 * PI * k as f64 / count as f64)
                .collect(),
            1 => {
                let back = taken[0];
                let total = count + 1;
                if total == 2 {
                    if is_linear(self.molecule, a) {
                        return vec![back + PI];
                    }
                    // the zigzag's two ways on: the less crowded one
                    let options = [back + 2.0 * PI / 3.0, back - 2.0 * PI / 3.0];
                    let best = options
                        .iter()
                        .copied()
                        .min_by(|x, y| {
                            self.crowding(at(here, *x))
                                .total_cmp(&self.crowding(at(here, *y)))
                        })
                        .unwrap_or(options[0]);
                    return vec![best];
                }
                let step = if total == 3 {
                    2.0 * PI / 3.0
                } else {
                    2.0 * PI / total as f64
                };
                (1..total).map(|k| back + step * k as f64).collect()
            }
            _ => {
                // spread over the largest free angle
                crate::sort_short(&mut taken, |a, b| a < b);
                let mut best = (0.0, 0.0);
                for k in 0..taken.len() {
                    let from = taken[k];
                    let to = if k + 1 < taken.len() {
                        taken[k + 1]
                    } else {
                        taken[0] + 2.0 * PI
                    };
                    if to - from > best.1 {
                        best = (from, to - from);
                    }
                }
                (1..=count)
                    .map(|k| best.0 + best.1 * k as f64 / (count + 1) as f64)
                    .collect()
            }
        }
    }

    fn crowding(&self, point: (f64, f64)) -> f64 {
        self.points
            .iter()
            .flatten()
            .map(|&p| 1.0 / (distance(p, point).powi(2) + 0.01))
            .sum()
    }

    /// The atoms of a regular polygon (side 1) round `centre_from`: with `heading`, the
    /// polygon's first atom sits at `centre_from` and its centre lies further along `heading`.
    fn polygon(&mut self, cycle: &[usize], start: (f64, f64), heading: f64) {
        let k = cycle.len() as f64;
        let radius = 1.0 / (2.0 * (PI / k).sin());
        let centre = (
            start.0 + radius * heading.cos(),
            start.1 + radius * heading.sin(),
        );
        let first = heading + PI;
        for (i, &atom) in cycle.iter().enumerate() {
            let angle = first + 2.0 * PI * i as f64 / k;
            self.points[atom] = Some((
                centre.0 + radius * angle.cos(),
                centre.1 + radius * angle.sin(),
            ));
        }
    }

    /// The longest path of drawn atoms without rings, by two searches for the farthest atom.
    fn longest_path(&self, from: usize) -> Vec<usize> {
        let end = *self.farthest(from).last().unwrap_or(&from);
        self.farthest(end)
    }

    // the path to the atom farthest from `from` (breadth first, lowest index on ties)
    fn farthest(&self, from: usize) -> Vec<usize> {
        let n = self.adjacency.len();
        let mut parent = vec![usize::MAX; n];
        let mut seen = vec![false; n];
        let mut queue = std::collections::VecDeque::from([from]);
        seen[from] = true;
        let mut last = from;
        while let Some(a) = queue.pop_front() {
            last = a;
            for &b in &self.adjacency[a] {
                if !seen[b] {
                    seen[b] = true;
                    parent[b] = a;
                    queue.push_back(b);
                }
            }
        }
        let mut path = vec![last];
        while parent[*path.last().unwrap_or(&from)] != usize::MAX {
            let p = parent[*path.last().unwrap_or(&from)];
            path.push(p);
        }
        path.reverse();
        path
    }

    /// The chain as a zigzag of 120° angles, straight through linear atoms.
    fn zigzag(&mut self, path: &[usize]) {
        let mut here = (0.0, 0.0);
        // two atoms side by side; longer chains zigzag about the horizontal
        let straight = path.len() == 2 || is_linear(self.molecule, path[1]);
        let mut heading = if straight { 0.0 } else { PI / 6.0 };
        let mut turn = -PI / 3.0;
        for (k, &atom) in path.iter().enumerate() {
            self.points[atom] = Some(here);
            if k > 0 && !is_linear(self.molecule, atom) {
                heading += turn;
                turn = -turn;
            }
            here = at(here, heading);
        }
    }

    /// The longest simple cycle through `start` (depth-first, a bounded number of steps).
    fn longest_cycle(&self, start: usize) -> Vec<usize> {
        let mut best = Vec::new();
        let mut path = vec![start];
        let mut on_path = vec![false; self.adjacency.len()];
        on_path[start] = true;
        let mut budget = 20_000u32;
        self.extend_cycle(start, &mut path, &mut on_path, &mut best, &mut budget);
        best
    }

    fn extend_cycle(
        &self,
        start: usize,
        path: &mut Vec<usize>,
        on_path: &mut [bool],
        best: &mut Vec<usize>,
        budget: &mut u32,
    ) {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        let Some(&tail) = path.last() else { return };
        for &next in &self.adjacency[tail] {
            if next == start && path.len() >= 3 && path.len() > best.len() {
                *best = path.clone();
            }
            if !on_path[next] && self.in_ring[next] {
                on_path[next] = true;
                path.push(next);
                self.extend_cycle(start, path, on_path, best, budget);
                path.pop();
                on_path[next] = false;
            }
        }
    }
}

/// Springs pull bonds to length 1, every pair closer than 1.5 pushes apart; deterministic.
fn relax(drawing: &mut Layout, adjacency: &[Vec<usize>]) {
    let drawn: Vec<usize> = (0..drawing.points.len())
        .filter(|&i| drawing.points[i].is_some())
        .collect();
    let mut p: Vec<(f64, f64)> = drawn.iter().filter_map(|&i| drawing.points[i]).collect();
    let m = p.len();
    for round in 0..400 {
        let step = 0.1 * (1.0 - round as f64 / 400.0) + 0.01;
        let mut push = vec![(0.0, 0.0); m];
        for a in 0..m {
            for b in a + 1..m {
                let (dx, dy) = (p[b].0 - p[a].0, p[b].1 - p[a].1);
                let d = (dx * dx + dy * dy).sqrt().max(1e-6);
                let bonded = adjacency[drawn[a]].contains(&drawn[b]);
                let force = if bonded {
                    d - 1.0
                } else if d < 1.5 {
                    -(1.5 - d) * 1.5
                } else {
                    0.0
                };
                // coincident atoms: a fixed nudge apart, never a division by zero
                let (ux, uy) = if d > 1e-6 {
                    (dx / d, dy / d)
                } else {
                    (1.0, 0.0)
                };
                push[a].0 += force * ux;
                push[a].1 += force * uy;
                push[b].0 -= force * ux;
                push[b].1 -= force * uy;
            }
        }
        for a in 0..m {
            p[a].0 += step * push[a].0;
            p[a].1 += step * push[a].1;
        }
    }
    for (k, &atom) in drawn.iter().enumerate() {
        drawing.points[atom] = Some(p[k]);
    }
}

/// The last resort: every drawn atom on a circle, neighbours 1 apart.
fn circle(drawing: &mut Layout, shown: &[bool]) {
    let drawn: Vec<usize> = (0..shown.len()).filter(|&i| shown[i]).collect();
    let k = drawn.len().max(3) as f64;
    let radius = 1.0 / (2.0 * (PI / k).sin());
    for (i, &atom) in drawn.iter().enumerate() {
        let angle = 2.0 * PI * i as f64 / k;
        drawing.points[atom] = Some((radius * angle.cos(), radius * angle.sin()));
    }
}
