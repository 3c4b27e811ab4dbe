//! The personal bests as the table keeps them: their text, the question due to the engine's
//! worker (which reads, raises and writes them) and its answer, and a Solitaire game's end.

use crate::storage::{keep_bests_aside, Shelf, BESTS_KEY};
use molscrab_engine::record::Kind;
use molscrab_json::Value;

use super::{Table, TableNotice};

/// How the last Solitaire game ended, for its end screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolitaireEnd {
    pub new_best: bool,
    pub previous_best: Option<i32>,
}

/// A question for the engine's worker about the personal bests (`crates/worker`'s `bests`),
/// which reads, raises and writes them: the page keeps only their text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BestsAsk {
    /// The bests' text as stored when asked (`None`: none yet).
    pub stored: Option<String>,
    /// The Solitaire game just moved (not imported): its record, seed and number of moves.
    pub game: Option<(Value, u64, usize)>,
}

impl BestsAsk {
    /// The question, `{"op": "bests", "bests": …, "record": …}`.
    pub fn question(&self) -> Value {
        Value::object([
            ("op", "bests".into()),
            (
                "bests",
                self.stored.as_deref().map(Value::long_string).into(),
            ),
            ("record", self.game.as_ref().map(|g| g.0.clone()).into()),
        ])
    }
}

impl Table {
    /// The personal bests' text (`crates/worker`'s `bests` writes it), if there are any.
    pub fn bests_text(&self) -> Option<&str> {
        self.bests.as_deref()
    }

    /// The personal bests, read as the engine reads them (tests).
    #[cfg(test)]
    pub fn bests(&self) -> molscrab_engine::bests::Bests {
        molscrab_engine::bests::Bests::parse_lenient(self.bests.as_deref().unwrap_or_default())
    }

    /// The question about the bests that is due, if one is, with their text as stored now.
    pub fn take_bests_question(&mut self, shelf: &dyn Shelf) -> Option<BestsAsk> {
        let mut ask = self.bests_due.take()?;
        ask.stored = shelf.get(BESTS_KEY);
        Some(ask)
    }

    /// The engine's worker's answer to `ask`: the bests' new text, written at once;
    /// unreadable stored text kept aside and named; and, for a finished game still in play,
    /// its results' best line. No answer (no worker): nothing changes. True when the page has
    /// something new to show (a notice, the best line, or the write failed: the next
    /// [`Table::persist`] tries again and says why); else the answer needs no redraw.
    pub fn bests_answered(
        &mut self,
        shelf: &mut dyn Shelf,
        ask: &BestsAsk,
        answer: Result<Value, String>,
    ) -> bool {
        let text = answer.ok().and_then(|a| {
            let text = a.get("bests").and_then(Value::as_long_str)?;
            Some((a, text))
        });
        let Some((answer, text)) = text else {
            // unanswered: the next move asks again, whatever it plays
            self.bests_asked = None;
            return false;
        };
        let mut shown = false;
        let why = answer.get("unreadable").and_then(Value::as_str);
        if let (Some(why), Some(raw)) = (why, &ask.stored) {
            if let Some(said) = keep_bests_aside(shelf, raw, why.to_string()) {
                if said.kept().is_err() {
                    self.saver.bests_in_the_way(raw);
                }
                self.notices.push(TableNotice::BestsUnreadable(said));
                shown = true;
            }
        }
        shown |= self.saver.write_bests(shelf, &text).is_err();
        self.bests = Some(text);
        let end = answer.get("end").filter(|e| !matches!(e, Value::Null));
        let (Some(end), Some((_, seed, moves))) = (end, &ask.game) else {
            return shown;
        };
        let game = self.session.as_ref().map(|s| s.game());
        if game.is_some_and(|g| g.seed() == *seed && g.moves().len() == *moves) {
            self.solitaire_end = Some(SolitaireEnd {
                new_best: end.get("new_best") == Some(&Value::Bool(true)),
                previous_best: end
                    .get("previous_best")
                    .and_then(Value::as_i64)
                    .and_then(|n| i32::try_from(n).ok()),
            });
            shown = true;
        }
        shown
    }

    pub fn solitaire_end(&self) -> Option<SolitaireEnd> {
        self.solitaire_end
    }

    /// After a move, or when a game is resumed (`anew`: the page was closed, perhaps before an
    /// answer came), the engine's worker is asked to record the game's plays in the personal
    /// bests. A move that leaves the game's best play where it was, in a game still running,
    /// would raise no best: the worker is not asked, and the record not sent. Each question
    /// records all the game's plays, so one left unanswered is made good by the next.
    pub(super) fn ask_bests(&mut self, anew: bool) {
        let Some(session) = self.session.as_ref() else {
            return;
        };
        let game = session.game();
        // an imported game's bag may be hand-made: it counts towards no personal best
        if game.kind() != Kind::Solitaire || session.imported() {
            return;
        }
        let top = molscrab_engine::bests::top_play(game);
        let asked = Some((game.seed(), game.mode(), game.variants(), top));
        if !anew && !game.is_over() && self.bests_asked == asked {
            return;
        }
        self.bests_asked = asked;
        let at = (game.record().to_value(), game.seed(), game.moves().len());
        self.bests_due = Some(BestsAsk {
            stored: None,
            game: Some(at),
        });
    }
}
