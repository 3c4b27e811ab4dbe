//! The bag: the unshuffled tile order, the seeded ChaCha8 shuffle of SPEC §9, draws and returns.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::elements::{Element, Tile, WILD_COUNT};

/// The full 116 tiles in the manual's tile-list order, each element repeated its count,
/// then the four Wild Isotopes.
pub fn unshuffled() -> Vec<Tile> {
    let mut tiles = Vec::with_capacity(116);
    for e in Element::ALL {
        tiles.extend(std::iter::repeat_n(Tile::Element(e), e.count() as usize));
    }
    tiles.extend(std::iter::repeat_n(Tile::Wild, WILD_COUNT as usize));
    tiles
}

/// Fisher–Yates from the last index down to 1, `j = next_u64() % (i + 1)` (SPEC §9).
pub fn shuffle(tiles: &mut [Tile], rng: &mut ChaCha8Rng) {
    for i in (1..tiles.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        tiles.swap(i, j);
    }
}

/// The full bag shuffled by `seed`, as a new game without an explicit bag starts.
pub fn shuffled(seed: u64) -> Vec<Tile> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tiles = unshuffled();
    shuffle(&mut tiles, &mut rng);
    tiles
}

/// The tiles still to be drawn, front first.
#[derive(Clone, Debug)]
pub struct Bag {
    tiles: Vec<Tile>,
    // None for an explicit bag: returned tiles go to the back unshuffled, so such a record
    // replays identically in any implementation
    rng: Option<ChaCha8Rng>,
}

impl Bag {
    /// The full bag shuffled by the game's RNG; the same stream shuffles again on exchanges.
    pub fn seeded(seed: u64) -> Bag {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut tiles = unshuffled();
        shuffle(&mut tiles, &mut rng);
        Bag {
            tiles,
            rng: Some(rng),
        }
    }

    /// A record's explicit draw order (puzzles, tests): never shuffled.
    pub fn explicit(tiles: Vec<Tile>) -> Bag {
        Bag { tiles, rng: None }
    }

    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// The tiles in draw order (index 0 comes out next).
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Takes up to `n` tiles from the front.
    pub fn draw(&mut self, n: usize) -> Vec<Tile> {
        let n = n.min(self.tiles.len());
        self.tiles.drain(..n).collect()
    }

    /// Puts exchanged tiles back: appended in the order given, then the whole bag is shuffled
    /// unless it is an explicit bag.
    pub fn give_back(&mut self, tiles: &[Tile]) {
        self.tiles.extend_from_slice(tiles);
        if let Some(rng) = self.rng.as_mut() {
            shuffle(&mut self.tiles, rng);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unshuffled_bag_follows_the_tile_list() {
        let tiles = unshuffled();
        assert_eq!(tiles.len(), 116);
        assert_eq!(tiles[0], Tile::Element(Element::H));
        assert_eq!(tiles[15], Tile::Element(Element::H));
        assert_eq!(tiles[16], Tile::Element(Element::O));
        assert_eq!(tiles[111], Tile::Element(Element::Ne));
        assert!(tiles[112..].iter().all(|&t| t == Tile::Wild));
    }

    #[test]
    fn a_shuffle_keeps_every_tile() {
        let mut a = shuffled(7);
        let mut b = unshuffled();
        assert_ne!(a, b);
        a.sort();
        b.sort();
        assert_eq!(a, b);
    }

    #[test]
    fn the_same_seed_gives_the_same_bag() {
        assert_eq!(shuffled(42), shuffled(42));
        assert_ne!(shuffled(42), shuffled(43));
        assert_eq!(Bag::seeded(42).tiles(), shuffled(42).as_slice());
    }

    // pins SPEC §9's shuffle: a dependency upgrade that changes these changes every saved game
    #[test]
    fn the_bag_order_of_seeds_0_1_and_42_is_pinned() {
        let pinned = [
            (0, "N Pb I Ca P Na Al O C U Cr K C Si H Ca H ? Mg H"),
            (1, "O Mn H Ca Ne O O Si Al N Na C Br O Ag O Sn C Au Mg"),
            (42, "H C Cl K H Pb N Na Cl H Ca Cr S Fe Br N I S P H"),
        ];
        for (seed, order) in pinned {
            let first: Vec<&str> = shuffled(seed).iter().take(20).map(|t| t.symbol()).collect();
            assert_eq!(first.join(" "), order, "seed {seed}");
        }
    }

    #[test]
    fn draws_take_the_front_and_stop_when_empty() {
        use Element::*;
        let mut bag = Bag::explicit(vec![Tile::Element(H), Tile::Wild, Tile::Element(O)]);
        assert_eq!(bag.draw(2), vec![Tile::Element(H), Tile::Wild]);
        assert_eq!(bag.draw(5), vec![Tile::Element(O)]);
        assert!(bag.is_empty());
        assert!(bag.draw(1).is_empty());
    }

    #[test]
    fn an_explicit_bag_takes_exchanges_at_its_back_unshuffled() {
        use Element::*;
        let mut bag = Bag::explicit(vec![Tile::Element(H), Tile::Element(O)]);
        bag.give_back(&[Tile::Element(Na), Tile::Wild]);
        assert_eq!(
            bag.tiles(),
            &[
                Tile::Element(H),
                Tile::Element(O),
                Tile::Element(Na),
                Tile::Wild
            ]
        );
    }
}
