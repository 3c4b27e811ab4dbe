//! Two tabs of one browser on one game: a tab follows the other's save when nothing here is
//! unsaved, and otherwise stops and asks rather than lose a move.

use crate::session::{Screen, Session};
use crate::storage::Shelf;
use molscrab_engine::game::Game;
use molscrab_engine::record::Kind;

use super::persist::save_of;
use super::{Table, TableNotice};

/// Said when a tab brings its game up to date from another tab.
pub const FOLLOWED: &str = "This game moved on in another tab; here it is as saved.";
/// Said when the other tab replaced the game with a new one.
pub const FOLLOWED_NEW: &str = "Another tab started a new game in its place; here it is.";

/// What tells one game from another: its seed, kind and players (its moves tell how far along).
fn start_of(game: &Game) -> (u64, Kind, Vec<String>) {
    (game.seed(), game.kind(), game.players().to_vec())
}

/// Whether `now` (what another tab saved, not this tab's game) is this game with a move of
/// `game`'s missing: no further on than this tab's, and not merely this tab's with a hint asked
/// for the move to come. The two tabs wrote at the same moment, the other last, and the browser
/// let both writes through (a tab's copy of storage hears of the other's write a little later).
/// Following would drop this tab's move without a word, so the tab stops instead and says so.
/// (The other tab hears of this write before it can make another move, so a save further on
/// holds this tab's moves.) Told by the seed (a new game has another), the moves' count and the
/// last hint, read off the JSON: no replay.
fn drops_a_move(game: &Game, now: Option<String>) -> bool {
    let now = now.and_then(|raw| molscrab_json::parse(&raw).ok());
    let list = |key| now.as_ref()?.get(key)?.as_array();
    let made = game.moves().len();
    let hinted = list("hints").and_then(|hints| hints.last()?.as_u64());
    let hint_only = hinted == Some(made as u64) && !game.hinted_before(made);
    let seed = now.as_ref().and_then(|v| v.get("seed")?.as_u64());
    seed == Some(game.seed())
        && list("moves")
            .is_some_and(|moves| moves.len() < made || moves.len() == made && !hint_only)
}

impl Table {
    /// Whether this tab has stopped because its game changed in another tab.
    pub fn moved_on(&self) -> bool {
        self.moved_on
    }

    /// Another tab changed storage under `key` (the browser's `storage` event; `None` when
    /// it cleared everything). When that is the game in play, this tab follows at once if
    /// nothing here is unsaved, and otherwise stops and asks ("Continue from the latest").
    /// Says whether this table changed, so the page redraws (and saves) only then.
    pub fn storage_changed(&mut self, shelf: &mut dyn Shelf, key: Option<&str>) -> bool {
        let Some(s) = self.session.as_ref().filter(|s| s.in_slot()) else {
            return false;
        };
        let (slot, text) = save_of(s);
        if self.moved_on || key.is_some_and(|k| k != slot) || self.saver.is_current(shelf, &slot) {
            return false;
        }
        // unsaved here: tiles placed, or a move whose save has not been written (a refused
        // write stops the tab, above); following would drop it without a word
        let saved_here = self.saver.last_text(&slot) == Some(text.as_str());
        if s.tentative().is_empty()
            && s.screen() != Screen::Results
            && saved_here
            && !drops_a_move(s.game(), shelf.get(&slot))
        {
            self.follow(shelf);
        } else {
            self.moved_on = true;
        }
        true
    }

    /// "Continue from the latest": the game in play becomes the one saved now (by another
    /// tab); if that tab finished or removed it, back to the Play tab with a word why.
    pub fn follow(&mut self, shelf: &mut dyn Shelf) {
        let Some(kind) = self.session.as_ref().map(|s| s.game().kind()) else {
            return;
        };
        // a formula card open on the old game closes (it came back over the next game)
        self.from_worker.card = None;
        if let Some(at) = self.session.as_ref().and_then(|s| s.table()).cloned() {
            self.moved_on = false;
            self.session = None;
            if self.open_table(shelf, &at.id) {
                self.tell(crate::session::Notice::Info(FOLLOWED.into()));
            } else {
                self.notices.push(TableNotice::TableGone);
            }
            return;
        }
        self.moved_on = false;
        let start = self.session.as_ref().map(|s| start_of(s.game()));
        match self.saved(shelf, kind) {
            Some(loaded) => {
                let same_game = start == Some(start_of(&loaded.game));
                let mut session = Session::open(loaded.game, loaded.ui.as_ref());
                session.claim_slot();
                let news = if same_game { FOLLOWED } else { FOLLOWED_NEW };
                session.tell(crate::session::Notice::Info(news.into()));
                self.session = Some(session);
            }
            None => {
                self.session = None;
                self.notices.push(TableNotice::GoneElsewhere(kind));
            }
        }
    }
}
