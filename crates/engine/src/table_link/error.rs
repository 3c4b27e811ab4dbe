//! Why a table link is refused, or a table can't be made or read, in words for the player.

use std::fmt;

use crate::error::{MoveError, ReplayError};
use crate::record::RecordError;

use super::format::{MAX_LINK_BYTES, VERSION};

/// Why a link was not applied. Nothing on the device changes when one of these comes back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Empty, or text that does not start like a table link (`t1.`).
    NotALink,
    /// A table link of another format version: made by a newer (or unknown) build.
    UnknownVersion(u32),
    /// Longer than [`MAX_LINK_BYTES`]: refused before it is read.
    TooLarge { bytes: usize },
    /// Shorter than it says it is: cut off, as messengers sometimes do.
    Truncated,
    /// The checksum or the spelling does not match: changed by hand or damaged on the way.
    Corrupt,
    /// Passed the checksum, yet is not a table link of this version: says what is wrong.
    Malformed(&'static str),
    /// The game the link starts can't be read as a game record.
    Record(RecordError),
    /// A move or catch-up link for a table this device has not joined.
    UnknownTable,
    /// A link of another table than the one it was applied to.
    OtherTable,
    /// The link names this table but starts its game differently.
    DifferentStart,
    /// An invitation to another seat of a table this device already plays.
    OtherSeat { invited: String, yours: String },
    /// The link's first move comes after the moves this device has: one in between is missing.
    SkipsMoves { have: usize, first: usize },
    /// The moves the link builds on are not the ones on this device (its state check differs).
    DoesNotFollow { first: usize },
    /// One of the link's moves differs from the move this device has at that place.
    Conflict { at: usize },
    /// A move link holds another move for this device's seat than the one this device made
    /// at `at`: the seat played on two devices. A catch-up link or the seat's invitation
    /// takes the table's game, keeping this device's move aside.
    YourMoveDiffers { at: usize, name: String },
    /// A move of the link that the rules refuse; counted from 0.
    Illegal { at: usize, reason: MoveError },
    /// The moves replay to other scores here than the sender's check says.
    DifferentResult,
}

impl fmt::Display for LinkError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::NotALink => out.write_str("This is not a Molecular Scrabble table link."),
            LinkError::UnknownVersion(v) => write!(
                out,
                "This table link was made by another version of Molecular Scrabble (link \
                 format {v}; this one reads format {VERSION}). Reload the game to update it."
            ),
            LinkError::TooLarge { bytes } => write!(
                out,
                "This link is {bytes} characters long, more than the {MAX_LINK_BYTES} a table \
                 link can have, so it was not read."
            ),
            LinkError::Truncated => out.write_str(
                "This link is cut short (a messenger may have shortened it). Copy the whole \
                 link, or ask for it again.",
            ),
            LinkError::Corrupt => out.write_str(
                "This link has been changed or damaged: its check does not match. Ask for the \
                 link again.",
            ),
            LinkError::Malformed(what) => write!(
                out,
                "This link can't be read: it holds {what}. It may come from another program."
            ),
            LinkError::Record(e) => write!(out, "The game in this link can't be read. {e}"),
            LinkError::UnknownTable => out.write_str(
                "This device has not joined this table: open the invitation for your seat first.",
            ),
            LinkError::OtherTable => out.write_str("This link belongs to another table."),
            LinkError::DifferentStart => out.write_str(
                "This link names a table on this device but starts a different game, so it was \
                 not applied.",
            ),
            LinkError::OtherSeat { invited, yours } => write!(
                out,
                "This invitation is for {invited}'s seat; this device plays for {yours} at this \
                 table. Pass it on to {invited}."
            ),
            LinkError::SkipsMoves { have, first } => write!(
                out,
                "This link starts at move {}, but this device has only the first {have} moves: \
                 a link in between is missing. Open the earlier link first, or ask for a \
                 catch-up link.",
                first + 1
            ),
            LinkError::DoesNotFollow { first } => write!(
                out,
                "This link does not follow the game on this device: the moves before move {} \
                 differ. Nothing was changed.",
                first + 1
            ),
            LinkError::Conflict { at } => write!(
                out,
                "This link does not follow the game on this device: move {} differs. Nothing \
                 was changed.",
                at + 1
            ),
            LinkError::YourMoveDiffers { at, name } => write!(
                out,
                "Move {} in this link is another move for {name} than the one this device \
                 made: {name}'s turn was played on another device too. To take the table's \
                 game, open a catch-up link or {name}'s invitation; this device's move will \
                 be kept aside. Nothing was changed.",
                at + 1
            ),
            LinkError::Illegal { at, reason } => {
                write!(out, "Move {} in this link is not allowed: {reason}", at + 1)?;
                out.write_str(" Nothing was changed.")
            }
            LinkError::DifferentResult => out.write_str(
                "This link's moves score differently on this device than on the sender's: the \
                 two may run different versions of Molecular Scrabble. Reload the game on both \
                 to update. Nothing was changed.",
            ),
        }
    }
}

impl std::error::Error for LinkError {}

/// Why a table can't be opened, read from a save, or asked for an invitation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// A table is a game of 2 to 4 players, each on a device of their own.
    NotPassAndPlay,
    SeatOutOfRange {
        seat: usize,
        players: usize,
    },
    /// The saved text is not a game record, or not a valid one.
    Record(RecordError),
    /// The record's moves do not replay.
    Replay(ReplayError),
    /// A game record without a valid `"table"` part: says what is wrong.
    NotATable(&'static str),
}

impl fmt::Display for TableError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::NotPassAndPlay => {
                out.write_str("A table is a game for 2 to 4 players, each on their own device.")
            }
            TableError::SeatOutOfRange { seat, players } => write!(
                out,
                "This table has {players} seats, numbered 0 to {}; there is no seat {seat}.",
                players.saturating_sub(1)
            ),
            TableError::Record(e) => e.fmt(out),
            TableError::Replay(e) => e.fmt(out),
            TableError::NotATable(why) => write!(out, "This saved table can't be read: {why}."),
        }
    }
}

impl std::error::Error for TableError {}

/// Why this device can't make a move at its table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnError {
    /// Another seat is to move: its device plays it.
    NotYourTurn { to_move: String },
    /// The rules refuse the move.
    Move(MoveError),
}

impl fmt::Display for TurnError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::NotYourTurn { to_move } => write!(
                out,
                "It is {to_move}'s turn; their move will come to this device as a link."
            ),
            TurnError::Move(e) => e.fmt(out),
        }
    }
}

impl std::error::Error for TurnError {}
