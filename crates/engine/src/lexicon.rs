//! A trie of tile sequences: the card's 42 for Standard Mode, every accepted order of every
//! documented substance for the chemist's referee. "Is this sequence accepted" is a walk of at
//! most 15 steps, and the move generator walks it as it lays tiles (a dead prefix stops it).
//!
//! Nodes are stored breadth first with each node's children side by side in element order,
//! so a node is a 64-bit set of the elements that continue it and the index of its first
//! child: 16 bytes a node, whatever the alphabet.

use std::collections::VecDeque;

use crate::elements::Element;

/// A node's number; [`ROOT`] is the empty sequence.
pub type Node = u32;
pub const ROOT: Node = 0;
/// No such node (the root is nobody's child, so 0 is free to mean none).
pub const NO_NODE: Node = 0;

#[derive(Clone, Copy, Debug, Default)]
struct TrieNode {
    children: u64,
    first: u32,
    end: bool,
}

/// Sorted, deduplicated tile sequences as a trie.
#[derive(Clone, Debug, Default)]
pub struct Trie {
    nodes: Vec<TrieNode>,
    sequences: usize,
}

impl Trie {
    /// The trie of no sequence.
    pub const EMPTY: Trie = Trie {
        nodes: Vec::new(),
        sequences: 0,
    };

    /// The trie of these sequences (element indices, [`Element::index`]); empty sequences and
    /// indices past the alphabet are left out.
    pub fn from_sequences(mut sequences: Vec<Vec<u8>>) -> Trie {
        sequences.retain(|s| !s.is_empty() && s.iter().all(|&e| usize::from(e) < Element::COUNT));
        sequences.sort_unstable();
        sequences.dedup();
        let mut nodes = vec![TrieNode::default()];
        // (node, first sequence, past the last, depth): the sequences below the node
        let mut queue = VecDeque::from([(0usize, 0usize, sequences.len(), 0usize)]);
        while let Some((id, mut lo, hi, depth)) = queue.pop_front() {
            // sorted: a sequence that ends here comes before those that go on
            if lo < hi && sequences[lo].len() == depth {
                nodes[id].end = true;
                lo += 1;
            }
            nodes[id].first = nodes.len() as u32;
            let mut i = lo;
            while i < hi {
                let e = sequences[i][depth];
                let mut j = i;
                while j < hi && sequences[j][depth] == e {
                    j += 1;
                }
                nodes[id].children |= 1 << e;
                let child = nodes.len();
                nodes.push(TrieNode::default());
                queue.push_back((child, i, j, depth + 1));
                i = j;
            }
        }
        Trie {
            nodes,
            sequences: sequences.len(),
        }
    }

    /// The node after `e` (an element index), or [`NO_NODE`].
    pub fn child(&self, node: Node, e: u8) -> Node {
        match self.nodes.get(node as usize) {
            Some(n) if e < 64 && n.children & (1 << e) != 0 => {
                n.first + (n.children & ((1u64 << e) - 1)).count_ones()
            }
            _ => NO_NODE,
        }
    }

    /// The elements that continue `node`, as a set of bits by element index.
    pub fn children(&self, node: Node) -> u64 {
        self.nodes.get(node as usize).map_or(0, |n| n.children)
    }

    /// Whether a sequence ends at `node`.
    pub fn is_end(&self, node: Node) -> bool {
        self.nodes.get(node as usize).is_some_and(|n| n.end)
    }

    /// The node a whole sequence leads to, or [`NO_NODE`] (the root for the empty one).
    pub fn walk(&self, tiles: &[Element]) -> Node {
        let mut node = ROOT;
        for e in tiles {
            node = self.child(node, e.index() as u8);
            if node == NO_NODE {
                return NO_NODE;
            }
        }
        node
    }

    /// Whether this exact sequence is in the trie.
    pub fn contains(&self, tiles: &[Element]) -> bool {
        !tiles.is_empty() && self.is_end(self.walk(tiles))
    }

    /// How many sequences it holds.
    pub fn len(&self) -> usize {
        self.sequences
    }

    pub fn is_empty(&self) -> bool {
        self.sequences == 0
    }

    /// Every sequence it holds, in order (to build a larger trie from it).
    pub fn sequences(&self) -> Vec<Vec<u8>> {
        let mut out = Vec::with_capacity(self.sequences);
        let mut path = Vec::new();
        self.collect(ROOT, &mut path, &mut out);
        out
    }

    fn collect(&self, node: Node, path: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if self.is_end(node) && !path.is_empty() {
            out.push(path.clone());
        }
        let mut next = self.children(node);
        while next != 0 {
            let e = next.trailing_zeros() as u8;
            next &= next - 1;
            path.push(e);
            self.collect(self.child(node, e), path, out);
            path.pop();
        }
    }

    /// How many nodes: its size is about 16 bytes each.
    pub fn nodes(&self) -> usize {
        self.nodes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elements::Element::*;

    fn seq(tiles: &[Element]) -> Vec<u8> {
        tiles.iter().map(|e| e.index() as u8).collect()
    }

    #[test]
    fn a_trie_holds_exactly_its_sequences() {
        let trie = Trie::from_sequences(vec![
            seq(&[Na, Cl]),
            seq(&[H, H, O]),
            seq(&[H, H, O, O]),
            seq(&[H, Cl]),
            seq(&[Na, Cl]),
            Vec::new(),
        ]);
        assert_eq!(trie.len(), 4);
        for yes in [&[Na, Cl][..], &[H, H, O], &[H, H, O, O], &[H, Cl]] {
            assert!(trie.contains(yes), "{yes:?}");
        }
        for no in [&[Na][..], &[Cl, Na], &[H, H], &[H, H, O, O, O], &[], &[O]] {
            assert!(!trie.contains(no), "{no:?}");
        }
        let h = trie.child(ROOT, H.index() as u8);
        assert_eq!(
            trie.children(h),
            (1 << H.index()) | (1 << Cl.index()),
            "after H: H or Cl"
        );
        assert_eq!(trie.child(h, Na.index() as u8), NO_NODE);
        assert_eq!(trie.child(h, 200), NO_NODE);
        assert_eq!(trie.child(99_999, 0), NO_NODE);
    }
}
