//! What a tap on the markup-built parts of the page asks for (the Play tab, the turn's controls,
//! the hand-off, the results, the tables' panels): one [`Tap`] read from the tapped element's
//! `data-act`, `data-open` or `data-remove-yes`, and one dispatcher, [`clicked`], for every
//! section. A `data-act` the markup writes that no [`Action`] reads fails a test.

use super::{daily, focus, play_menu, tables, Store};
use crate::session::Session;
use crate::table::Table;
use molscrab_engine::record::Kind;
use molscrab_engine::referee::Mode;
use molscrab_engine::turn::Turn;

/// A button's `data-act`, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    // the Play tab
    StartSolitaire,
    ResumeSolitaire,
    ResumePassAndPlay,
    StartPassAndPlay,
    PlayComputer,
    /// A referee chosen on the Play tab.
    Referee(Mode),
    /// Today's Daily Bench, under the referee chosen on the Play tab.
    DailyBench,
    /// A notice's Details opened or closed (the browser toggles it): the k-th notice.
    Detail(u8),
    Dismiss,
    /// "Show the Play tab instead" while a link from the address opens.
    ShowPlay,
    /// "Replace your saved game?": yes, or keep it.
    Replace,
    KeepSave,
    // a game
    Hint,
    Export,
    Leave,
    Rematch,
    /// A finished Daily Bench game's "Play again for practice", in the game's mode.
    DailyAgain,
    /// Another tab moved this game on: continue from the latest.
    Follow,
    Submit,
    Recall,
    Exchange,
    ConfirmExchange,
    CancelExchange,
    End,
    ConfirmEnd,
    Pass,
    ConfirmPass,
    /// "Keep playing" (answers End or Pass).
    Keep,
    /// The hand-off's "I'm NAME — show my tiles".
    Reveal,
    /// Hindsight's "Back to the final board".
    Back,
    // own-device tables
    OpenTable,
    OpenLink,
}

/// What was tapped: an action, or a table of this device to open or remove (by its id).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tap {
    Act(Action),
    OpenTable(String),
    RemoveTable(String),
}

impl Action {
    /// Every action but [`Action::Detail`] (`detail0`, `detail1` …), with its `data-act` code.
    pub const CODES: [(Action, &'static str); 33] = [
        (Action::StartSolitaire, "solitaire"),
        (Action::ResumeSolitaire, "resume-solitaire"),
        (Action::ResumePassAndPlay, "resume-pnp"),
        (Action::StartPassAndPlay, "pass-and-play"),
        (Action::PlayComputer, "computer"),
        (Action::Referee(Mode::Standard), "referee-standard"),
        (Action::Referee(Mode::Chemist), "referee-chemist"),
        (Action::Referee(Mode::Theory), "referee-theory"),
        (Action::DailyBench, "daily"),
        (Action::Dismiss, "dismiss"),
        (Action::ShowPlay, "show-play"),
        (Action::Replace, "replace"),
        (Action::KeepSave, "keep-save"),
        (Action::Hint, "hint"),
        (Action::Export, "export"),
        (Action::Leave, "leave"),
        (Action::Rematch, "rematch"),
        (Action::DailyAgain, "daily-again"),
        (Action::Follow, "follow"),
        (Action::Submit, "submit"),
        (Action::Recall, "recall"),
        (Action::Exchange, "exchange"),
        (Action::ConfirmExchange, "confirm-exchange"),
        (Action::CancelExchange, "cancel-exchange"),
        (Action::End, "end"),
        (Action::ConfirmEnd, "confirm-end"),
        (Action::Pass, "pass"),
        (Action::ConfirmPass, "confirm-pass"),
        (Action::Keep, "keep"),
        (Action::Reveal, "reveal"),
        (Action::Back, "back"),
        (Action::OpenTable, "open-table"),
        (Action::OpenLink, "open-link"),
    ];

    /// The action a `data-act` names ("detail7" is the eighth notice's Details).
    pub fn from_code(code: &str) -> Option<Action> {
        if let Some(k) = code.strip_prefix("detail") {
            return k.parse().ok().map(Action::Detail);
        }
        Action::CODES
            .iter()
            .find(|(_, c)| *c == code)
            .map(|(a, _)| *a)
    }

    /// What a turn's button does to the session, for the actions that are the session's own.
    pub fn session_intent(self) -> Option<fn(&mut Session) -> Option<Turn>> {
        Some(match self {
            Action::Submit => |s| s.submit(),
            Action::Recall => |s| {
                s.recall();
                None
            },
            Action::Exchange => |s| {
                s.start_exchange();
                None
            },
            Action::ConfirmExchange => |s| s.confirm_exchange(),
            Action::CancelExchange => |s| {
                s.cancel_exchange();
                None
            },
            Action::End => |s| {
                s.ask_end();
                None
            },
            Action::ConfirmEnd => |s| s.confirm_end(),
            Action::Pass => |s| {
                s.ask_pass();
                None
            },
            Action::ConfirmPass => |s| s.confirm_pass(),
            Action::Keep => |s| {
                s.keep_playing();
                None
            },
            Action::Reveal => |s| {
                s.reveal();
                None
            },
            Action::Back => |s| {
                s.stop_looking_back();
                None
            },
            _ => return None,
        })
    }
}

impl Tap {
    /// What the element at or around the event's target asks for.
    fn of(ev: &leptos::ev::MouseEvent) -> Option<Tap> {
        let data = |name| super::card::data_of(ev, name);
        if let Some(id) = data("data-open") {
            return Some(Tap::OpenTable(id));
        }
        if let Some(id) = data("data-remove-yes") {
            return Some(Tap::RemoveTable(id));
        }
        Action::from_code(&data("data-act")?).map(Tap::Act)
    }
}

/// The one click handler of every markup-built section (`Store::on_click(clicked)`).
pub fn clicked(store: Store, ev: &leptos::ev::MouseEvent) {
    if let Some(tap) = Tap::of(ev) {
        if dispatch(store, tap) {
            focus::restore_after_tap();
        }
    }
}

/// Does what a component's button asks (its `on:click`): the same as a tap on markup whose
/// `data-act` is that action.
pub fn run(store: Store, action: Action) {
    if dispatch(store, Tap::Act(action)) {
        focus::restore_after_tap();
    }
}

/// Does what `tap` asks; true when keyboard focus should follow what it showed (a button that
/// hid itself, a screen that changed).
fn dispatch(store: Store, tap: Tap) -> bool {
    let action = match tap {
        Tap::OpenTable(id) => {
            store.update(|t| {
                t.open_table(&mut crate::storage::LocalShelf::open(), &id);
            });
            return true;
        }
        Tap::RemoveTable(id) => {
            store.update(|t| t.remove_table(&mut crate::storage::LocalShelf::open(), &id));
            return true;
        }
        Tap::Act(action) => action,
    };
    if let Some(intent) = action.session_intent() {
        store.act(intent);
        return true;
    }
    match action {
        Action::StartSolitaire => play_menu::start_solitaire(store),
        Action::ResumeSolitaire => store.resume(Kind::Solitaire),
        Action::ResumePassAndPlay => store.resume(Kind::PassAndPlay),
        Action::StartPassAndPlay => return play_menu::start_pass_and_play(store),
        Action::PlayComputer => play_menu::play_computer(store),
        Action::Referee(mode) => {
            play_menu::referee_chosen(store, mode);
            return false;
        }
        Action::DailyBench => {
            daily::begin(store, daily::mode());
            return false;
        }
        Action::DailyAgain => {
            let mode = store.with_session_untracked(|s| s.map(|s| s.game().mode()));
            daily::begin(store, mode.unwrap_or(Mode::Theory).code());
            return false;
        }
        Action::Detail(k) => {
            play_menu::detail_toggled(k);
            return false;
        }
        Action::Dismiss => play_menu::dismiss(store),
        // the link's answer, when it comes, is dropped: the player went on without it
        Action::ShowPlay => store.update(Table::stop_opening_link),
        Action::Replace => store.confirm_replace(),
        Action::KeepSave => store.keep_save(),
        Action::Hint => store.hint(),
        Action::Export => store.export(),
        Action::Leave => store.leave(),
        Action::Rematch => store.rematch(),
        Action::Follow => store.follow(),
        Action::OpenTable => {
            tables::open_table_form(store);
            return false;
        }
        Action::OpenLink => return tables::open_pasted_link(store),
        // the session's own (above)
        Action::Submit
        | Action::Recall
        | Action::Exchange
        | Action::ConfirmExchange
        | Action::CancelExchange
        | Action::End
        | Action::ConfirmEnd
        | Action::Pass
        | Action::ConfirmPass
        | Action::Keep
        | Action::Reveal
        | Action::Back => {}
    }
    true
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn every_code_reads_back_as_its_action() {
        for (action, code) in Action::CODES {
            assert_eq!(Action::from_code(code), Some(action), "{code}");
        }
        assert_eq!(Action::from_code("detail12"), Some(Action::Detail(12)));
        assert_eq!(Action::from_code("detail"), None);
        assert_eq!(Action::from_code("submit "), None);
        assert_eq!(Action::from_code("<img>"), None);
        let mut codes: Vec<&str> = Action::CODES.iter().map(|(_, c)| *c).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Action::CODES.len(), "one code per action");
    }

    /// Every `data-act="…"` the app, the worker or the page's script writes is an action the
    /// dispatcher reads (a misspelt one would be a button that does nothing).
    #[test]
    fn every_data_act_written_is_an_action() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut seen = 0;
        for dir in ["src", "crates/worker/src", "public"] {
            let mut stack = vec![root.join(dir)];
            while let Some(path) = stack.pop() {
                if path.is_dir() {
                    stack.extend(
                        std::fs::read_dir(&path)
                            .unwrap()
                            .flatten()
                            .map(|e| e.path()),
                    );
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                for marker in ["data-act=\\\"", "data-act=\"", "[data-act="] {
                    for (at, _) in text.match_indices(marker) {
                        let rest = &text[at + marker.len()..];
                        let code: String = rest
                            .chars()
                            .take_while(|c| {
                                c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-'
                            })
                            .collect();
                        if code.is_empty() || rest.starts_with("{") {
                            continue;
                        }
                        seen += 1;
                        let code = if code == "detail" {
                            "detail0".into()
                        } else {
                            code
                        };
                        assert!(
                            Action::from_code(&code).is_some(),
                            "{}: data-act {code:?} is no action",
                            path.display()
                        );
                    }
                }
            }
        }
        assert!(seen > 0, "the buttons were found ({seen})");
    }

    /// The turn's buttons do to the session what they say.
    #[test]
    fn the_turns_buttons_are_the_sessions_intents() {
        let record = molscrab_engine::record::GameRecord::new_game(
            Kind::Solitaire,
            Mode::Theory,
            vec!["You".into()],
            0,
            7,
        );
        let mut s = crate::session::Session::open(
            molscrab_engine::game::Game::replay(&record).unwrap(),
            None,
        );
        let run = |s: &mut Session, a: Action| a.session_intent().expect("a turn's button")(s);
        run(&mut s, Action::Exchange);
        assert!(s.phase().picked().is_some(), "Exchange starts picking");
        run(&mut s, Action::CancelExchange);
        assert!(s.phase().picked().is_none() && s.is_placing());
        run(&mut s, Action::End);
        assert!(matches!(s.phase(), crate::session::Phase::ConfirmingEnd));
        run(&mut s, Action::Keep);
        assert!(s.is_placing());
        run(&mut s, Action::End);
        assert!(run(&mut s, Action::ConfirmEnd).is_some(), "the game ends");
        assert!(s.game().is_over());
        for action in [
            Action::Hint,
            Action::Leave,
            Action::OpenLink,
            Action::Detail(0),
        ] {
            assert!(
                action.session_intent().is_none(),
                "{action:?} is not the session's"
            );
        }
    }
}
