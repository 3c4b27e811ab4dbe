//! How engine facts are written for the player: seat names and tile names.

use molscrab_engine::elements::Tile;
use molscrab_engine::game::Game;
use molscrab_engine::players::SOLITAIRE_PLAYER;

/// A seat's name as shown; an empty name gets a default.
pub fn seat_name(game: &Game, seat: usize) -> String {
    match game.players().get(seat).map(|n| n.trim()) {
        Some(name) if !name.is_empty() => name.to_string(),
        _ if game.players().len() == 1 => SOLITAIRE_PLAYER.to_string(),
        _ => format!("Player {}", seat + 1),
    }
}

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
