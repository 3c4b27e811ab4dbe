//! What the tiles a player keeps are worth to their next turn (the rack leave), estimated from self-play by `examples/estimate_leaves.rs`.

use crate::elements::{Element, Tile};

// `cargo run --release -p molscrab-engine --example estimate_leaves -- 3000 1`:
// 25707 samples from 3000 greedy games (seed 1); mean next score 131.5
// tenths of a point, in the tile-list order, the Wild Isotope last
const VALUES: [i16; 34] = [
    -75,  // H: kept 6875 times
    -131, // O: kept 1453 times
    -144, // C: kept 1767 times
    -86,  // N: kept 2624 times
    -56,  // Na: kept 897 times
    -84,  // Cl: kept 781 times
    -118, // Ca: kept 317 times
    -61,  // K: kept 625 times
    -96,  // S: kept 411 times
    -68,  // Mg: kept 326 times
    -71,  // P: kept 234 times
    -140, // Si: kept 281 times
    -44,  // Al: kept 211 times
    0,    // Fe: kept 86 times
    -57,  // Zn: kept 108 times
    -20,  // Cu: kept 19 times
    -59,  // Mn: kept 18 times
    11,   // Ba: kept 31 times
    0,    // Br: kept 55 times
    48,   // Li: kept 48 times
    -36,  // F: kept 54 times
    161,  // Ag: kept 26 times
    105,  // Sn: kept 16 times
    41,   // I: kept 20 times
    70,   // Ni: kept 12 times
    -63,  // Pb: kept 6 times
    -8,   // Cr: kept 1 times
    42,   // Au: kept 4 times
    0,    // Pt: kept 0 times
    0,    // Hg: kept 0 times
    86,   // U: kept 2 times
    -155, // He: kept 12629 times
    -147, // Ne: kept 12695 times
    -143, // ?: kept 871 times
];

/// What keeping `tile` adds to the keeper's next turn, against drawing a fresh tile, in
/// tenths of a point.
pub fn tile_leave(tile: Tile) -> i32 {
    let k = match tile {
        Tile::Element(e) => e.index(),
        Tile::Wild => Element::COUNT,
    };
    VALUES.get(k).map_or(0, |&v| i32::from(v))
}

/// A leave's value in tenths of a point: its tiles' values added up.
pub fn leave_value(kept: &[Tile]) -> i32 {
    kept.iter().map(|&t| tile_leave(t)).sum()
}

/// The most any leave of `rack` can be worth: helium and neon are never played, so they are
/// always kept; of the others, exactly those worth something.
pub fn best_leave(rack: &[Tile]) -> i32 {
    rack.iter()
        .map(|&t| match t {
            Tile::Element(e) if !e.forms_bonds() => tile_leave(t),
            _ => tile_leave(t).max(0),
        })
        .sum()
}
