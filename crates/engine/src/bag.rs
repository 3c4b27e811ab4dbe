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

/// The game's RNG of RULES §9: the stream of `rand_chacha::ChaCha8Rng::seed_from_u64(seed)`,
/// word for word (a test compares the two over many seeds and long streams). Our own ~40
/// lines rather than the crate: its generic four-block code weighs ~2 KB gzip in the
/// browser's wasm, and a game draws only a few hundred words.
#[derive(Clone, Debug)]
pub struct ChaCha8 {
    /// Key (8 words, from the seed), then the 64-bit block counter; the stream is 0.
    key: [u32; 8],
    counter: u64,
    block: [u32; 16],
    /// Next unread word of `block`; 16 = used up.
    at: usize,
}

impl ChaCha8 {
    /// rand_core's `seed_from_u64`: the 32-byte seed is eight PCG32 outputs of `state`.
    pub fn seed_from_u64(mut state: u64) -> ChaCha8 {
        let mut key = [0u32; 8];
        for word in &mut key {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(11_634_580_027_462_260_723);
            let xorshifted = (((state >> 18) ^ state) >> 27) as u32;
            *word = xorshifted.rotate_right((state >> 59) as u32);
        }
        ChaCha8 {
            key,
            counter: 0,
            block: [0; 16],
            at: 16,
        }
    }

    /// Two words of the keystream, the first in the low half.
    pub fn next_u64(&mut self) -> u64 {
        let low = self.next_u32();
        u64::from(low) | (u64::from(self.next_u32()) << 32)
    }

    fn next_u32(&mut self) -> u32 {
        if self.at == 16 {
            self.refill();
        }
        self.at += 1;
        self.block[self.at - 1]
    }

    /// The next 64-byte block: 8 rounds (4 double rounds) of ChaCha over the constants, key,
    /// counter and a zero stream id, added to its input.
    fn refill(&mut self) {
        let mut input = [0u32; 16];
        input[..4].copy_from_slice(&[0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]);
        input[4..12].copy_from_slice(&self.key);
        input[12] = self.counter as u32;
        input[13] = (self.counter >> 32) as u32;
        let mut x = input;
        for _ in 0..4 {
            for [a, b, c, d] in [
                [0, 4, 8, 12],
                [1, 5, 9, 13],
                [2, 6, 10, 14],
                [3, 7, 11, 15],
                [0, 5, 10, 15],
                [1, 6, 11, 12],
                [2, 7, 8, 13],
                [3, 4, 9, 14],
            ] {
                x[a] = x[a].wrapping_add(x[b]);
                x[d] = (x[d] ^ x[a]).rotate_left(16);
                x[c] = x[c].wrapping_add(x[d]);
                x[b] = (x[b] ^ x[c]).rotate_left(12);
                x[a] = x[a].wrapping_add(x[b]);
                x[d] = (x[d] ^ x[a]).rotate_left(8);
                x[c] = x[c].wrapping_add(x[d]);
                x[b] = (x[b] ^ x[c]).rotate_left(7);
            }
        }
        for (out, (x, input)) in self.block.iter_mut().zip(x.iter().zip(input)) {
            *out = x.wrapping_add(input);
        }
        self.counter = self.counter.wrapping_add(1);
        self.at = 0;
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

    /// Our ChaCha8 is rand_chacha's, word for word: many seeds, streams long enough to cross
    /// its four-block buffer many times.
    #[test]
    fn the_games_rng_is_rand_chachas_chacha8_word_for_word() {
        use rand_chacha::rand_core::{RngCore, SeedableRng};
        for seed in (0..200).chain([u64::MAX, 1 << 53, 0x9e37_79b9_7f4a_7c15]) {
            let mut ours = ChaCha8::seed_from_u64(seed);
            let mut theirs = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let n = if seed < 5 { 5_000 } else { 300 };
            for i in 0..n {
                assert_eq!(ours.next_u64(), theirs.next_u64(), "seed {seed}, word {i}");
            }
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
