//! The bag: the unshuffled tile order, the seeded ChaCha8 shuffle of RULES §9, draws and returns.

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

/// The game's RNG of RULES §9: `rand_chacha::ChaCha8Rng::seed_from_u64(seed)`, the crate
/// itself (docs/PERFORMANCE.md, libraries by measure). Its stream is part of every saved game
/// (a game is its seed and its moves): the tests pin words of it and the bag orders they give,
/// so an upgrade that changed them would fail before it reached a save.
#[derive(Clone, Debug)]
pub struct ChaCha8(rand_chacha::ChaCha8Rng);

impl ChaCha8 {
    /// The stream of `seed` (rand_core's `seed_from_u64`).
    pub fn seed_from_u64(seed: u64) -> ChaCha8 {
        use rand_chacha::rand_core::SeedableRng;
        ChaCha8(rand_chacha::ChaCha8Rng::seed_from_u64(seed))
    }

    /// Two words of the keystream, the first in the low half.
    pub fn next_u64(&mut self) -> u64 {
        use rand_chacha::rand_core::RngCore;
        self.0.next_u64()
    }
}

/// Fisher–Yates from the last index down to 1, `j = next_u64() % (i + 1)` (RULES §9).
pub fn shuffle(tiles: &mut [Tile], rng: &mut ChaCha8) {
    for i in (1..tiles.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        tiles.swap(i, j);
    }
}

/// The full bag shuffled by `seed`, as a new game without an explicit bag starts.
pub fn shuffled(seed: u64) -> Vec<Tile> {
    let mut rng = ChaCha8::seed_from_u64(seed);
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
    rng: Option<ChaCha8>,
}

impl Bag {
    /// The full bag shuffled by the game's RNG; the same stream shuffles again on exchanges.
    pub fn seeded(seed: u64) -> Bag {
        let mut rng = ChaCha8::seed_from_u64(seed);
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

    // pins RULES §9's shuffle: a dependency upgrade that changes these changes every saved game
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

    /// The keystream itself, pinned: words 1 to 3 and 1,000 of four seeds (the last crosses
    /// many of rand_chacha's four-block buffers).
    #[test]
    fn the_games_rng_stream_is_pinned() {
        let pinned: [(u64, [u64; 4]); 4] = [
            (
                0,
                [
                    0xb585_f767_a79a_3b6c,
                    0x7746_a55f_bad8_c037,
                    0xb2fb_0d32_81e2_a6e6,
                    0xe51e_938b_8c91_ce35,
                ],
            ),
            (
                1,
                [
                    0x6709_4cea_8ca4_0db1,
                    0x1494_06d8_fc0e_8e6b,
                    0x98b8_2b03_3607_0665,
                    0x769e_eedb_9be4_a782,
                ],
            ),
            (
                42,
                [
                    0xae90_bfb5_395d_5ba1,
                    0xf345_3fc6_2579_9188,
                    0x6d71_b708_c5b6_538c,
                    0x442c_cdda_5f5a_e421,
                ],
            ),
            (
                u64::MAX,
                [
                    0xaf20_2386_e3a7_3cae,
                    0x6da0_df03_97be_2dd8,
                    0x617b_5f24_0658_1bdc,
                    0xe55c_641f_02f0_d90a,
                ],
            ),
        ];
        for (seed, words) in pinned {
            let mut rng = ChaCha8::seed_from_u64(seed);
            let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
            assert_eq!(first, words[..3], "seed {seed}");
            let thousandth = (3..1_000).map(|_| rng.next_u64()).last();
            assert_eq!(thousandth, Some(words[3]), "seed {seed}, word 1,000");
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
