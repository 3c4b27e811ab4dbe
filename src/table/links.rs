//! Own-device tables: opening one, a link opened on this device (joined, moved on, refused)
//! and what it did, said where the player looks.

use crate::session::{Notice, Screen, Session};
use crate::storage::{table_ids, Shelf, TableSlot};
use crate::tables::{self, LinkAnswer, SavedTable};

use super::{Table, TableNotice, Waiting};

/// Said when a link would replace a move this device made, and storage can't keep it aside.
pub const ASIDE_REFUSED: &str = "This device's own move could not be kept aside (this \
    browser's storage is full or turned off), so the link changed nothing.";

/// Keeps `aside` (the worker's key, a line break, a save) before a link replaces a move made
/// here; a shelf refuses a write only when storage is full or off (`StorageError`).
#[inline(never)]
fn keep_aside(shelf: &mut dyn Shelf, aside: Option<String>) -> Result<(), String> {
    match aside.as_deref().and_then(|a| a.split_once('\n')) {
        Some((key, save)) => shelf.set(key, save).map_err(|_| ASIDE_REFUSED.into()),
        None => Ok(()),
    }
}

impl Table {
    /// Every table's save on this device as stored, for the engine's worker (the Play tab's
    /// list, a link to open). An unreadable one is moved aside and named.
    pub fn table_saves(&mut self, shelf: &mut dyn Shelf) -> Vec<String> {
        let mut saves = Vec::new();
        for id in table_ids(shelf) {
            match self.saver.read_table(shelf, &id) {
                TableSlot::Saved(_) => {
                    let text = self.saver.last_text(&tables::key(&id));
                    saves.extend(text.map(str::to_string));
                }
                TableSlot::Empty => {}
                TableSlot::Unreadable(why) => self.notices.push(TableNotice::SaveUnreadable(why)),
                // the worker, which holds the table, reads it; the page loads the table too
                TableSlot::WaitsForTable => {
                    self.need_substances(false);
                    saves.extend(shelf.get(&tables::key(&id)));
                }
            }
        }
        saves
    }

    /// Opens a table saved on this device as the game in play; false if it is not there. A
    /// table under the chemist's referee opens once the table of documented substances is
    /// installed (false until then).
    pub fn open_table(&mut self, shelf: &mut dyn Shelf, id: &str) -> bool {
        match self.saver.read_table(shelf, id) {
            TableSlot::Saved(saved) => {
                self.play_at(*saved);
                true
            }
            TableSlot::Empty => false,
            TableSlot::WaitsForTable => {
                self.wait_for_substances(Waiting::Saved(id.to_string()));
                false
            }
            TableSlot::Unreadable(why) => {
                self.notices.push(TableNotice::SaveUnreadable(why));
                false
            }
        }
    }

    fn play_at(&mut self, saved: SavedTable) {
        let SavedTable { at, loaded } = saved;
        self.show(Session::at_table(loaded.game, loaded.ui.as_ref(), at));
    }

    /// A table as the engine's worker wrote it (opened here, joined, or moved on by a link)
    /// is put in play; the save follows from `persist`, like any change (which stops this tab
    /// rather than write over a table another tab moved on meanwhile). Refused, changing
    /// nothing, when it can't be read.
    pub(super) fn take_table(&mut self, text: String) -> Result<(), String> {
        let saved = tables::read_save(&text)
            .map_err(|e| format!("The table could not be read ({e}). Nothing was changed."))?;
        self.play_at(saved);
        Ok(())
    }

    /// Says what a link did where the player looks: on their turn, under their rack (the
    /// turn's own notice line); while a table waits or shows its results, in its panel under
    /// the board; in any other game, in its notice line; on the Play tab, at its top.
    pub(super) fn tell_link(&mut self, news: Result<String, String>, pasted: bool) {
        let Some(s) = self.session.as_mut() else {
            // a pasted link's refusal beside the box it was pasted in, in place of what was
            // said there before (an older "Paste a table link into the box first." goes), not
            // at the tab's top, off screen
            if let (Err(why), true) = (&news, pasted) {
                return self.tell_tables(why.clone());
            }
            // the latest link's answer replaces an earlier link's, rather than piling up
            self.notices
                .retain(|n| !matches!(n, TableNotice::LinkRefused(_)));
            if let Err(why) = news {
                self.notices.push(TableNotice::LinkRefused(why));
            }
            return;
        };
        let turn = s.table().is_none() || s.screen() == Screen::Turn;
        let notice = match news {
            Ok(news) => Notice::Info(news),
            // under the rack: first, that it is the link that was refused
            Err(why) if turn => Notice::Refused(vec![crate::session::LINK_REFUSED.into(), why]),
            Err(why) => Notice::Refused(vec![why]),
        };
        if turn {
            s.tell(notice);
        } else {
            self.link_news = Some(notice);
        }
    }

    /// Why the tables' form did nothing (names refused, no link pasted), said beside it.
    pub fn tell_tables(&mut self, why: String) {
        self.link_news = Some(Notice::Refused(vec![why]));
    }

    /// What the Play tab's tables section says: its form's refusal (no game is in play).
    pub fn tables_notice(&self) -> Option<&Notice> {
        self.link_news.as_ref().filter(|_| self.session.is_none())
    }

    /// "Open table": the new table's save, as the engine's worker made it (or why it could
    /// not), is saved and put in play.
    pub fn table_opened(&mut self, answer: Result<String, String>) {
        if let Err(why) = answer.and_then(|text| self.take_table(text)) {
            self.tell_tables(why);
        }
    }

    /// A link opened on this device, as the engine's worker answered it: a joined or moved-on
    /// table is saved and put in play, the table of a link with nothing new is shown, and a
    /// refusal changes nothing; each says so. Text that is no table link is only answered
    /// when the player `pasted` it (not for another `#` in the address).
    pub fn link_opened(
        &mut self,
        shelf: &mut dyn Shelf,
        answer: Result<LinkAnswer, String>,
        pasted: bool,
    ) {
        if !pasted {
            if self.links_opening == 0 {
                // the player went on without it
                return;
            }
            self.links_opening -= 1;
        }
        let news = match answer {
            Ok(LinkAnswer::Ignored(why)) if pasted => Err(why),
            Ok(LinkAnswer::Ignored(_)) => return,
            // the table as this device had it, when the table's history replaced a move made
            // here: kept first (its key names its moves, so it never goes over another copy),
            // or nothing changes
            Ok(LinkAnswer::Table { text, news, aside }) if super::needs_table_text(&text) => {
                match keep_aside(shelf, aside) {
                    Ok(()) => return self.wait_for_substances(Waiting::Table { text, news }),
                    Err(why) => Err(why),
                }
            }
            Ok(LinkAnswer::Table { text, news, aside }) => keep_aside(shelf, aside)
                .and_then(|()| self.take_table(text))
                .map(|()| news),
            Ok(LinkAnswer::NothingNew { id, news }) => {
                self.open_table(shelf, &id);
                Ok(news)
            }
            Err(why) => Err(why),
        };
        self.tell_link(news, pasted);
    }

    /// A link from the page's address was sent to the engine's worker: until it answers
    /// ([`Table::link_opened`]), [`Table::opening_link`] says so.
    pub fn link_asked(&mut self) {
        self.links_opening += 1;
    }

    /// Whether a link from the address is being opened (and no game is in play): the Play tab
    /// says so in place of its games.
    pub fn opening_link(&self) -> bool {
        self.links_opening > 0 && self.session.is_none()
    }

    /// "Show the Play tab" while a link opens: the Play tab is back, and what the link's
    /// answer would have done is not done (the link can be followed again).
    pub fn stop_opening_link(&mut self) {
        self.links_opening = 0;
    }

    /// What the last link did to the table in play, until a move, another link or leaving.
    pub fn link_news(&self) -> Option<&Notice> {
        self.link_news.as_ref().filter(|_| self.session.is_some())
    }

    /// Removes a table from this device (confirmed by the player); if it is in play, back to
    /// the Play tab.
    pub fn remove_table(&mut self, shelf: &mut dyn Shelf, id: &str) {
        if self
            .session
            .as_ref()
            .and_then(|s| s.table())
            .is_some_and(|at| at.id == id)
        {
            self.leave();
        }
        self.saver.remove_table(shelf, id);
    }
}
