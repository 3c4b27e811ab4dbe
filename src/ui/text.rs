//! How engine facts are written for the player: names, formulas, turns.

use crate::engine::elements::Tile;
use crate::engine::game::{Game, Turn, TurnKind};
use crate::engine::referee::formula_label;

/// A seat's name as shown; an empty name gets a default.
pub fn seat_name(game: &Game, seat: usize) -> String {
    match game.players().get(seat).map(|n| n.trim()) {
        Some(name) if !name.is_empty() => name.to_string(),
        _ if game.players().len() == 1 => "You".to_string(),
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

/// A turn in a sentence, for the hand-off screen: "Ada played H₂O for 6."
pub fn describe_turn(game: &Game, turn: &Turn) -> String {
    let who = seat_name(game, turn.seat);
    match turn.kind {
        TurnKind::Play => {
            let formulas: Vec<String> = turn
                .formulas
                .iter()
                .map(|f| formula_label(&f.tiles))
                .collect();
            let bonus = if turn.bonus > 0 {
                format!(" (bonus +{})", turn.bonus)
            } else {
                String::new()
            };
            format!(
                "{who} played {} for {}{bonus}.",
                formulas.join(", "),
                turn.score
            )
        }
        TurnKind::Exchange => {
            let n = turn.exchanged;
            format!("{who} exchanged {n} tile{}.", if n == 1 { "" } else { "s" })
        }
        TurnKind::Pass => format!("{who} passed."),
        TurnKind::End => format!("{who} ended the game."),
    }
}
