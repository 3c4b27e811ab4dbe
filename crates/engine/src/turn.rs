//! What a turn did, for the notebook and the hand-off screen: its kind, formulas, score and bonuses; and how a game ended.

use crate::board::Placement;
use crate::display::{self, Tag};
use crate::elements::Element;
use crate::placement::Run;
use crate::scoring::{CLEAN_BENCH, FULL_REACTION};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnKind {
    Play,
    Exchange,
    Pass,
    End,
}

impl TurnKind {
    /// "play", "exchange", "pass", "end", as in `replay` output.
    pub fn code(self) -> &'static str {
        match self {
            TurnKind::Play => "play",
            TurnKind::Exchange => "exchange",
            TurnKind::Pass => "pass",
            TurnKind::End => "end",
        }
    }
}

/// One formula a play made, as scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredFormula {
    /// In reading order; a Wild Isotope as its chosen element.
    pub tiles: Vec<Element>,
    pub score: i32,
    /// A card formula; otherwise Hypothetical.
    pub known: bool,
    /// Index into the reference card, when it is a card formula.
    pub card: Option<usize>,
    /// Ion Rules (a table variant): its charge, −3…+3; 0 for a neutral molecule.
    pub charge: i8,
    /// Where it lies on the board.
    pub run: Run,
}

/// One turn in the notebook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub seat: usize,
    pub kind: TurnKind,
    /// Main formula first, then crossings in reading order.
    pub formulas: Vec<ScoredFormula>,
    /// The turn's total, bonus included.
    pub score: i32,
    /// Full Reaction (+15) and Clean Bench (+25), included in `score`.
    pub bonus: i32,
    /// Biology Bonus (a table variant): +5 per formula found in the human body, included in
    /// `score` and not in `bonus`.
    pub biology_bonus: i32,
    /// Which bonuses `bonus` is made of.
    pub full_reaction: bool,
    pub clean_bench: bool,
    pub placed: Vec<Placement>,
    /// How many tiles an exchange swapped.
    pub exchanged: usize,
}

impl Turn {
    /// A turn that placed nothing: an exchange of `exchanged` tiles, a pass, or End game.
    pub fn scoreless(seat: usize, kind: TurnKind, exchanged: usize) -> Turn {
        Turn {
            seat,
            kind,
            formulas: Vec::new(),
            score: 0,
            bonus: 0,
            biology_bonus: 0,
            full_reaction: false,
            clean_bench: false,
            placed: Vec::new(),
            exchanged,
        }
    }

    /// The bonuses the turn earned, named for the player: "Clean Bench +25", "Full Reaction
    /// +15"; empty when it earned none.
    pub fn bonus_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        if self.clean_bench {
            names.push(format!("Clean Bench +{CLEAN_BENCH}"));
        }
        if self.full_reaction {
            names.push(format!("Full Reaction +{FULL_REACTION}"));
        }
        if self.biology_bonus > 0 {
            names.push(format!("Biology Bonus +{}", self.biology_bonus));
        }
        names
    }

    /// One line for the hand-off screen and the turn's news, knowing only the card:
    /// [`Turn::summary_named`] with no documented names.
    pub fn summary(&self, name: &str) -> String {
        self.summary_named(name, &|_| None)
    }

    /// One line for the hand-off screen and the turn's news:
    /// "Ada played H₂O — water, for 6." A formula off the card shows the name `documented`
    /// gives it (a documented substance: "HBr — hydrogen bromide"), or is tagged
    /// "(Hypothetical)"; several formulas are separated by semicolons, as a card name may hold
    /// a comma.
    pub fn summary_named(
        &self,
        name: &str,
        documented: &dyn Fn(&[Element]) -> Option<String>,
    ) -> String {
        match self.kind {
            TurnKind::Play => {
                let formulas: Vec<String> = self
                    .formulas
                    .iter()
                    .map(|f| {
                        let name = documented(&f.tiles);
                        let shown = display::shown(&f.tiles, f.known, f.charge, name.as_deref());
                        match shown.tag {
                            Tag::Hypothetical => format!("{} ({})", shown.label, shown.tag.word()),
                            Tag::Card | Tag::Documented => shown.label,
                        }
                    })
                    .collect();
                let mut line = format!("{name} played {}, for {}", formulas.join("; "), self.score);
                if self.bonus > 0 {
                    line.push_str(&format!(", bonus {} included", self.bonus));
                }
                if self.biology_bonus > 0 {
                    line.push_str(&format!(", +{} biology bonus included", self.biology_bonus));
                }
                line.push('.');
                line
            }
            TurnKind::Exchange if self.exchanged == 1 => format!("{name} exchanged 1 tile."),
            TurnKind::Exchange => format!("{name} exchanged {} tiles.", self.exchanged),
            TurnKind::Pass => format!("{name} passed."),
            TurnKind::End => format!("{name} ended the game."),
        }
    }
}

/// What a play would do, from [`crate::game::Game::preview_play`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayReport {
    pub formulas: Vec<ScoredFormula>,
    /// Bonus included.
    pub score: i32,
    pub bonus: i32,
    /// Biology Bonus, included in `score`.
    pub biology_bonus: i32,
    pub full_reaction: bool,
    pub clean_bench: bool,
    /// Pass and Play: the bag is empty and this play uses the last tile on the rack.
    pub went_out: bool,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Pass and Play: the bag was empty and a player placed their last tile.
    WentOut,
    /// Pass and Play: two passes in a row from every player.
    AllPassed,
    /// Solitaire: End game.
    EndedEarly,
    /// Solitaire: the last tile placed with the bag empty.
    CleanBench,
}

impl Ending {
    /// "went-out", "all-passed", "ended-early", "clean-bench" (RULES §8).
    pub fn code(self) -> &'static str {
        match self {
            Ending::WentOut => "went-out",
            Ending::AllPassed => "all-passed",
            Ending::EndedEarly => "ended-early",
            Ending::CleanBench => "clean-bench",
        }
    }

    /// For the results screen.
    pub fn describe(self) -> &'static str {
        match self {
            Ending::WentOut => "A player went out.",
            Ending::AllPassed => "Everyone was stuck: every player passed twice in a row.",
            Ending::EndedEarly => "The game was ended early.",
            Ending::CleanBench => "Clean Bench: every tile was used.",
        }
    }
}
