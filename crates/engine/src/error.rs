//! Why a move, a replay or a load is refused, in words for the player.

use std::fmt;

use crate::elements::Tile;
use crate::placement::PlacementError;
use crate::record::RecordError;
use crate::referee::Rejection;

/// Why a move is not allowed; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    GameOver,
    Placement(PlacementError),
    /// The tile is not on the mover's rack (a Wild Isotope placement needs a `?`).
    NotOnRack(Tile),
    /// Every formula the play makes that the referee rejected.
    Formulas(Vec<Rejection>),
    NothingToExchange,
    BagEmpty,
    MoreThanBag {
        asked: usize,
        in_bag: usize,
    },
    NoExchangesLeft,
    SolitaireCannotPass,
    EndOnlyInSolitaire,
    /// A turn timed out in a game without Speed Lab's timer.
    NoTurnTimer,
    /// The record the game was to start from is not valid.
    Record(RecordError),
}

impl From<PlacementError> for MoveError {
    fn from(e: PlacementError) -> MoveError {
        MoveError::Placement(e)
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver => out.write_str("The game is over."),
            MoveError::Placement(e) => e.fmt(out),
            MoveError::NotOnRack(Tile::Wild) => {
                out.write_str("There is no Wild Isotope on your rack.")
            }
            MoveError::NotOnRack(Tile::Element(e)) => write!(
                out,
                "There is no {} ({}) tile on your rack.",
                e.symbol(),
                e.name()
            ),
            MoveError::Formulas(rejections) => {
                let mut first = true;
                for r in rejections {
                    if !first {
                        out.write_str(" ")?;
                    }
                    first = false;
                    let text = r.to_string();
                    out.write_str(&text)?;
                    if !text.ends_with(['.', '!', '?']) {
                        out.write_str(".")?;
                    }
                }
                Ok(())
            }
            MoveError::NothingToExchange => out.write_str("Choose at least one tile to exchange."),
            MoveError::BagEmpty => {
                out.write_str("The bag is empty, so there is nothing to exchange with.")
            }
            MoveError::MoreThanBag { asked, in_bag } => write!(
                out,
                "You can't exchange {asked} tiles: the bag holds only {in_bag}."
            ),
            MoveError::NoExchangesLeft => {
                out.write_str("You have used all three exchanges for this game.")
            }
            MoveError::SolitaireCannotPass => {
                out.write_str("Solitaire has no passes: play, exchange, or end the game.")
            }
            MoveError::EndOnlyInSolitaire => {
                out.write_str("Only Solitaire can be ended early; in Pass and Play, pass instead.")
            }
            MoveError::NoTurnTimer => {
                out.write_str("This game has no turn timer: it is not played with Speed Lab.")
            }
            MoveError::Record(e) => e.fmt(out),
        }
    }
}

impl std::error::Error for MoveError {}

/// A replay stopped at a move the rules forbid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Counting moves from 0.
    pub move_index: usize,
    pub error: MoveError,
}

// for people, moves count from 1 ("Move 1" is the first); `move_index` stays 0-based
impl fmt::Display for ReplayError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(out, "Move {}: {}", self.move_index + 1, self.error)
    }
}

impl std::error::Error for ReplayError {}

/// Why a saved or imported game can't be resumed, from [`crate::game::Game::load`]: the text
/// is not a game record, or a move in it is one the rules forbid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    Record(RecordError),
    Replay(ReplayError),
}

// the import message's wording; moves count from 1 for people
impl fmt::Display for LoadError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Record(e) => e.fmt(out),
            LoadError::Replay(e) => write!(
                out,
                "Move {} of this game breaks the rules: {}",
                e.move_index + 1,
                e.error
            ),
        }
    }
}

impl std::error::Error for LoadError {}
