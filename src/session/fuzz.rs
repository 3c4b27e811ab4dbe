//! A property test: any sequence of taps keeps the table consistent and resumable.

use super::testing::open;
use super::*;
use molscrab_engine::record::{GameRecord, Kind};
use proptest::prelude::*;

/// One thing a player can do on the game screen.
#[derive(Clone, Debug)]
enum Intent {
    TapRack(usize),
    TapSquare(usize, usize),
    ChooseWild(usize),
    Submit,
    Recall,
    StartExchange,
    ConfirmExchange,
    CancelExchange,
    AskPass,
    ConfirmPass,
    AskEnd,
    ConfirmEnd,
    KeepPlaying,
    Reveal,
    SaveAndResume,
}

fn intent() -> impl Strategy<Value = Intent> {
    prop_oneof![
        6 => (0usize..9).prop_map(Intent::TapRack),
        // mostly near the centre, where plays happen; sometimes off the board
        6 => (4usize..11, 4usize..11).prop_map(|(r, c)| Intent::TapSquare(r, c)),
        1 => (0usize..20, 0usize..20).prop_map(|(r, c)| Intent::TapSquare(r, c)),
        1 => (0usize..40).prop_map(Intent::ChooseWild),
        2 => Just(Intent::Submit),
        1 => Just(Intent::Recall),
        1 => Just(Intent::StartExchange),
        1 => Just(Intent::ConfirmExchange),
        1 => Just(Intent::CancelExchange),
        1 => Just(Intent::AskPass),
        1 => Just(Intent::ConfirmPass),
        1 => Just(Intent::AskEnd),
        1 => Just(Intent::ConfirmEnd),
        1 => Just(Intent::KeepPlaying),
        2 => Just(Intent::Reveal),
        1 => Just(Intent::SaveAndResume),
    ]
}

fn apply(s: &mut Session, intent: &Intent) {
    match *intent {
        Intent::TapRack(i) => s.tap_rack(i),
        Intent::TapSquare(r, c) => s.tap_square(r, c),
        Intent::ChooseWild(i) => {
            if let Some(el) = Element::ALL.get(i) {
                s.choose_wild(*el)
            }
        }
        Intent::Submit => drop(s.submit()),
        Intent::Recall => s.recall(),
        Intent::StartExchange => s.start_exchange(),
        Intent::ConfirmExchange => drop(s.confirm_exchange()),
        Intent::CancelExchange => s.cancel_exchange(),
        Intent::AskPass => s.ask_pass(),
        Intent::ConfirmPass => drop(s.confirm_pass()),
        Intent::AskEnd => s.ask_end(),
        Intent::ConfirmEnd => drop(s.confirm_end()),
        Intent::KeepPlaying => s.keep_playing(),
        Intent::Reveal => s.reveal(),
        Intent::SaveAndResume => {
            let saved = GameRecord::parse(&s.to_record().to_json()).expect("a save reads back");
            *s = open(saved);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever a player taps, in any order: no panic, the engine's invariants hold, every
    /// unsubmitted tile sits on an empty square and uses a distinct rack slot, and a save
    /// resumes to the same game.
    #[test]
    fn any_sequence_of_taps_keeps_the_table_consistent(
        players in 1usize..4,
        theory in any::<bool>(),
        seed in any::<u64>(),
        intents in proptest::collection::vec(intent(), 1..120),
    ) {
        let (kind, names) = if players == 1 {
            (Kind::Solitaire, vec!["You".to_string()])
        } else {
            (Kind::PassAndPlay, (0..players).map(|i| format!("P{i}")).collect())
        };
        let record = GameRecord::new_game(kind, molscrab_engine::referee::theory_or_standard(theory), names, 0, seed);
        let mut s = open(record);
        for intent in &intents {
            apply(&mut s, intent);
            prop_assert!(s.game().check_invariants().is_ok(), "{:?}", s.game().check_invariants());
            let mut slots: Vec<usize> = s.tentative().iter().map(|t| t.slot).collect();
            slots.sort_unstable();
            slots.dedup();
            prop_assert_eq!(slots.len(), s.tentative().len());
            for t in s.tentative() {
                prop_assert!(s.game().board().get(t.row as usize, t.col as usize).is_none());
                prop_assert!(t.slot < s.rack().len());
            }
            if s.game().is_over() {
                prop_assert_eq!(s.screen(), Screen::Results);
            }
        }
        let back = open(s.to_record());
        prop_assert_eq!(back.game().scores(), s.game().scores());
        prop_assert_eq!(back.game().turns().len(), s.game().turns().len());
    }
}
