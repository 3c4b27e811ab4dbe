//! What the tiles a player keeps are worth to their next turns: the rack leave, estimated from self-play.

use crate::elements::{Element, Tile};

/// Value of a leave in tenths of a point: placeholder until estimated.
pub fn leave_value(kept: &[Tile]) -> i32 {
    kept.iter()
        .map(|t| match t {
            Tile::Element(Element::He) | Tile::Element(Element::Ne) => -150,
            _ => 0,
        })
        .sum()
}
