//! How engine facts are written for the player: seat names, tile names and scores.

pub use crate::session::seat_name;
use molscrab_engine::elements::Tile;

pub fn tile_name(tile: Tile) -> String {
    match tile {
        Tile::Element(e) => {
            let points = e.points();
            let unit = if points == 1 { "point" } else { "points" };
            format!("{} ({}), {points} {unit}", e.symbol(), e.name())
        }
        Tile::Wild => "Wild Isotope, 0 points".to_string(),
    }
}

/// A score as the notebook writes it: a minus sign, not a hyphen (the results, the bench and
/// the scoreboard).
pub fn minus(n: i32) -> String {
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}
