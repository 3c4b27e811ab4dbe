//! The table of documented substances on the page's thread (RULES §11): a game under the
//! chemist's referee is judged from it, so such a game waits, where it is, until the page has
//! installed the lexicon built from it (`ui::substances`), and never counts as an unreadable
//! save.

use molscrab_engine::record::GameRecord;
use molscrab_engine::referee::chemist;

use super::Table;
use crate::storage::Shelf;

/// Where the page stands with the table (installed: the engine's `chemist::installed`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SubstancesLoad {
    /// Nothing asked for it.
    #[default]
    Unneeded,
    /// A game under the chemist's referee needs it: the page fetches it next.
    Wanted,
    Loading,
    /// It could not be had (offline before it was ever cached, a damaged file): why.
    Failed(String),
}

/// What opens once the table is installed.
#[derive(Clone, Debug)]
pub enum Waiting {
    /// A new game's start record.
    Start(GameRecord),
    /// An imported file: its name and text.
    Import { name: String, text: String },
    /// The Daily Bench's record, as the engine's worker wrote it.
    Daily(String),
    /// A table's save as the engine's worker wrote it, and what the link did.
    Table { text: String, news: String },
    /// A table saved on this device, by its id (its Open button on the Play tab).
    Saved(String),
}

/// Said on the Play tab while the table loads.
pub const LOADING: &str = "Loading the table of documented substances…";

impl Table {
    pub fn substances(&self) -> &SubstancesLoad {
        &self.substances
    }

    /// Whether the page should fetch the table now.
    pub fn wants_substances(&self) -> bool {
        self.substances == SubstancesLoad::Wanted
    }

    /// A game under the chemist's referee needs the table. `asked`: the player asked for it
    /// (a tap), so a load that failed is tried again; a save merely read does not retry.
    pub(super) fn need_substances(&mut self, asked: bool) {
        if chemist::installed().is_some() {
            return;
        }
        match self.substances {
            SubstancesLoad::Unneeded => self.substances = SubstancesLoad::Wanted,
            SubstancesLoad::Failed(_) if asked => self.substances = SubstancesLoad::Wanted,
            _ => {}
        }
    }

    /// `what` opens once the table is installed (a later request replaces an earlier one).
    pub(super) fn wait_for_substances(&mut self, what: Waiting) {
        self.waiting = Some(what);
        self.need_substances(true);
    }

    /// The page has started fetching the table.
    pub fn substances_loading(&mut self) {
        self.substances = SubstancesLoad::Loading;
    }

    /// The table could not be had: said on the Play tab; what waited still waits (saves are
    /// left as they are), and the next tap that needs the table asks again.
    pub fn substances_failed(&mut self, why: String) {
        self.substances = SubstancesLoad::Failed(why);
    }

    /// The table is installed: what waited for it opens.
    pub fn substances_installed(&mut self, shelf: &mut dyn Shelf) {
        self.substances = SubstancesLoad::Unneeded;
        match self.waiting.take() {
            Some(Waiting::Start(record)) => self.start(shelf, record),
            Some(Waiting::Import { name, text }) => self.import(shelf, &name, Ok(text)),
            Some(Waiting::Daily(save)) => {
                self.start_daily(shelf, &save);
            }
            Some(Waiting::Table { text, news }) => {
                let done = self.take_table(text).map(|()| news);
                self.tell_link(done, false);
            }
            Some(Waiting::Saved(id)) => {
                self.open_table(shelf, &id);
            }
            None => {}
        }
    }

    /// What the Play tab says about the table: loading, or why it could not be had.
    pub fn substances_said(&self) -> Option<(bool, String)> {
        match &self.substances {
            SubstancesLoad::Wanted | SubstancesLoad::Loading => Some((false, LOADING.into())),
            SubstancesLoad::Failed(why) => Some((
                true,
                format!(
                    "The table of documented substances could not be loaded ({why}), so a game \
                     under the chemist's referee can't open yet. Your saved games are \
                     unchanged: reload the page once this device is online."
                ),
            )),
            SubstancesLoad::Unneeded => None,
        }
    }
}
