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

    /// The trie as text a reader rebuilds in one pass ([`Trie::from_compact`]), about two
    /// characters a node: each node in breadth-first order as `!` when a sequence ends there,
    /// then a character per child (`'0'` + the element's index, in index order), then `.`.
    pub fn to_compact(&self) -> String {
        let mut out = String::with_capacity(self.nodes.len() * 2);
        for node in &self.nodes {
            if node.end {
                out.push('!');
            }
            let mut next = node.children;
            while next != 0 {
                let e = next.trailing_zeros() as u8;
                next &= next - 1;
                out.push(char::from(b'0' + e));
            }
            out.push('.');
        }
        out
    }

    /// Reads [`Trie::to_compact`]; `None` for text that is not one (a child past the alphabet
    /// or out of order, a node no parent names, an unfinished node). Never panics.
    pub fn from_compact(text: &str) -> Option<Trie> {
        let mut nodes: Vec<TrieNode> = Vec::new();
        let mut node = TrieNode::default();
        let mut last: Option<u8> = None;
        // the nodes the ones read so far name as children, the root included
        let mut named: usize = 1;
        let mut sequences = 0;
        for b in text.bytes() {
            match b {
                b'!' if node.children == 0 && !node.end => {
                    node.end = true;
                    sequences += 1;
                }
                b'.' => {
                    // below the root, a node leads somewhere or ends a sequence
                    if !nodes.is_empty() && node.children == 0 && !node.end {
                        return None;
                    }
                    node.first = u32::try_from(named).ok()?;
                    named += node.children.count_ones() as usize;
                    nodes.push(node);
                    if nodes.len() > named {
                        return None;
                    }
                    node = TrieNode::default();
                    last = None;
                }
                _ => {
                    let e = b
                        .checked_sub(b'0')
                        .filter(|&e| usize::from(e) < Element::COUNT)?;
                    if last.is_some_and(|l| l >= e) {
                        return None;
                    }
                    last = Some(e);
                    node.children |= 1 << e;
                }
            }
        }
        let whole = node.children == 0 && !node.end && nodes.len() == named;
        (whole && !nodes.is_empty()).then_some(Trie { nodes, sequences })
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

    #[test]
    fn the_compact_text_rebuilds_the_same_trie() {
        let sequences = vec![vec![0, 1], vec![0, 1, 1], vec![2], vec![32, 0, 5], vec![0]];
        let trie = Trie::from_sequences(sequences.clone());
        let text = trie.to_compact();
        let read = Trie::from_compact(&text).expect("reads");
        assert_eq!(read.sequences(), trie.sequences());
        assert_eq!(read.len(), trie.len());
        assert_eq!(read.nodes(), trie.nodes());
        assert_eq!(read.to_compact(), text);
        for bad in ["", "0", "0.", "!!.", "10..", "0..", "Q.", "00..", ".."] {
            assert!(Trie::from_compact(bad).is_none(), "{bad}");
        }
        // the empty trie is one node with nothing below it
        let empty = Trie::from_sequences(Vec::new());
        assert_eq!(empty.to_compact(), ".");
        assert!(Trie::from_compact(".").is_some_and(|t| t.is_empty()));
    }
}
