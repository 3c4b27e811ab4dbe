//! What the Play tab is told about this device's saves: unreadable ones, a game gone in another
//! tab, a link refused.

use crate::storage::{BestsUnreadable, Unreadable};
use molscrab_engine::error::ReplayError;
use molscrab_engine::record::Kind;

/// A message for the Play tab about what this device holds; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableNotice {
    SaveUnreadable(Unreadable),
    BestsUnreadable(BestsUnreadable),
    /// A new game's start could not be replayed (a bag that can't deal the racks, say).
    CouldNotOpen(ReplayError),
    /// The game in play was finished or removed in another tab.
    GoneElsewhere(Kind),
    /// The table in play was removed in another tab.
    TableGone,
    /// A table link opened on this device was refused, and nothing changed: why.
    LinkRefused(String),
}

impl TableNotice {
    /// What it means for the player; [`TableNotice::detail`] holds the reader's words.
    pub fn headline(&self) -> String {
        match self {
            TableNotice::SaveUnreadable(e) => e.headline(),
            TableNotice::BestsUnreadable(e) => e.headline(),
            TableNotice::CouldNotOpen(_) => "Could not open the game.".to_string(),
            TableNotice::GoneElsewhere(_) | TableNotice::TableGone => self.to_string(),
            TableNotice::LinkRefused(why) => why.clone(),
        }
    }

    /// The text the engine refused as a game, if that is what the notice is about: the detail
    /// has [`crate::storage::ENGINE_SENTENCE`] where the engine's worker's sentence for it goes.
    pub fn refused_text(&self) -> Option<&str> {
        match self {
            TableNotice::SaveUnreadable(e) => e.refused_text(),
            _ => None,
        }
    }

    /// The technical detail behind [`TableNotice::headline`], if any ("" for none).
    pub fn detail(&self) -> String {
        match self {
            TableNotice::SaveUnreadable(e) => e.detail(),
            TableNotice::BestsUnreadable(e) => e.detail(),
            TableNotice::CouldNotOpen(e) => e.to_string(),
            TableNotice::GoneElsewhere(_) | TableNotice::TableGone => String::new(),
            TableNotice::LinkRefused(_) => String::new(),
        }
    }
}

impl std::fmt::Display for TableNotice {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableNotice::SaveUnreadable(e) => e.fmt(out),
            TableNotice::BestsUnreadable(e) => e.fmt(out),
            TableNotice::CouldNotOpen(e) => write!(out, "Could not open the game: {e}"),
            TableNotice::GoneElsewhere(kind) => write!(
                out,
                "Your {} game was finished or replaced in another tab.",
                match kind {
                    Kind::Solitaire => "Solitaire",
                    Kind::PassAndPlay => "Pass and Play",
                }
            ),
            TableNotice::TableGone => {
                out.write_str("The table you were playing was removed in another tab.")
            }
            TableNotice::LinkRefused(why) => out.write_str(why),
        }
    }
}
