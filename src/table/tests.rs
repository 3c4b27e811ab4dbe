//! The table's intents over the test shelf, persisted after each as the app's effect does.

use super::*;
use crate::storage::{MemoryShelf, StorageError, BESTS_KEY, PASS_AND_PLAY_KEY, SOLITAIRE_KEY};
use molscrab_engine::elements::Tile;
use molscrab_engine::game::Game;
use molscrab_json::Value;

/// A table and its shelf, persisted after every intent as the app's effect does.
struct Device {
    table: Table,
    shelf: MemoryShelf,
}

/// The engine's worker's answer to `question`, natively, as `ui::engine::ask` hands it on.
fn worker_answer(question: &Value) -> Result<Value, String> {
    let answer = molscrab_json::parse(&molscrab_worker::answer(&question.to_string()));
    let answer = answer.expect("the worker answers JSON");
    match answer.get("ok") {
        Some(ok) => Ok(ok.clone()),
        None => Err(answer
            .get("error")
            .and_then(Value::as_str)
            .unwrap_or("")
            .into()),
    }
}

impl Device {
    fn new() -> Device {
        Device::reopen(MemoryShelf::default())
    }
    fn reopen(shelf: MemoryShelf) -> Device {
        let mut shelf = shelf;
        let table = Table::open(&mut shelf);
        let mut d = Device { table, shelf };
        d.with(|_, _| {});
        d
    }
    fn with(&mut self, f: impl FnOnce(&mut Table, &mut MemoryShelf)) {
        f(&mut self.table, &mut self.shelf);
        // the engine's worker answers about the bests, as the page asks it (`ui::tables`)
        while let Some(ask) = self.table.take_bests_question(&self.shelf) {
            let answer = worker_answer(&ask.question());
            self.table.bests_answered(&mut self.shelf, &ask, answer);
        }
        self.table.persist(&mut self.shelf).expect("saved");
    }
    fn act(&mut self, mut f: impl FnMut(&mut Session) -> Option<Turn>) {
        self.with(|t, _| t.act(&mut f));
    }
    /// A move made with its bests question left for the test to answer (`with` answers it).
    fn act_unanswered(&mut self, mut f: impl FnMut(&mut Session) -> Option<Turn>) -> BestsAsk {
        self.table.act(&mut f);
        let asked = self.table.take_bests_question(&self.shelf);
        asked.expect("asked after the move")
    }
    fn session(&self) -> &Session {
        self.table.session().expect("a game is open")
    }
}

#[test]
fn a_new_game_is_saved_at_once_and_every_tap_after() {
    let mut d = Device::new();
    d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 7));
    let saved = d.shelf.get(SOLITAIRE_KEY).expect("saved on start");
    let (slot, tile) = d
        .session()
        .rack_slots()
        .into_iter()
        .find(|(_, t)| *t != Tile::Wild)
        .expect("a rack of seven holds an element");
    d.act(|s| {
        s.tap_rack(slot);
        s.tap_square(7, 7);
        None
    });
    let after = d.shelf.get(SOLITAIRE_KEY).unwrap();
    assert_ne!(saved, after, "the unsubmitted tile is in the save");
    let back = Device::reopen(d.shelf.clone());
    let mut back = back;
    back.with(|t, shelf| t.resume(shelf, Kind::Solitaire));
    let on_star = back
        .session()
        .tentative_at(7, 7)
        .expect("the tile came back");
    assert_eq!(Tile::Element(on_star.el), tile);
}

#[test]
fn starting_a_game_over_a_save_asks_first_and_keep_it_keeps_it() {
    let mut d = Device::new();
    d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 1));
    d.with(|t, _| t.leave());
    let saved = d.shelf.get(SOLITAIRE_KEY).unwrap();
    d.with(|t, shelf| t.start_solitaire(shelf, Mode::Standard, 2));
    assert!(d.table.session().is_none());
    let waiting = d
        .table
        .replacing()
        .expect("the new game waits for an answer");
    assert!(!waiting.from_file);
    assert_eq!(
        d.shelf.get(SOLITAIRE_KEY).unwrap(),
        saved,
        "nothing changed yet"
    );
    d.with(|t, _| t.keep_save());
    assert!(d.table.replacing().is_none());
    assert_eq!(d.shelf.get(SOLITAIRE_KEY).unwrap(), saved);
    // asked again and answered yes: the new game replaces the save
    d.with(|t, shelf| t.start_solitaire(shelf, Mode::Standard, 2));
    d.with(|t, _| t.confirm_replace());
    assert_eq!(d.session().game().mode(), Mode::Standard);
    assert_ne!(d.shelf.get(SOLITAIRE_KEY).unwrap(), saved);
}

#[test]
fn a_game_of_the_other_kind_does_not_ask() {
    let mut d = Device::new();
    d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 1));
    d.with(|t, _| t.leave());
    let names = vec!["Ada".to_string(), "Bo".to_string()];
    d.with(|t, shelf| t.start_pass_and_play(shelf, Mode::Theory, names, vec![], 5, 3));
    assert!(d.table.replacing().is_none());
    assert_eq!(d.session().game().kind(), Kind::PassAndPlay);
    assert_eq!(
        d.session().game().to_move(),
        1,
        "first is taken modulo the players"
    );
    assert!(d.shelf.get(SOLITAIRE_KEY).is_some());
    assert!(d.shelf.get(PASS_AND_PLAY_KEY).is_some());
}

/// Plays the engine's best play from the rack, as taps.
fn play_best(s: &mut Session) -> Option<Turn> {
    let best = molscrab_engine::movegen::best_play(s.game())?;
    for p in &best.tiles {
        let tile = if p.wild {
            Tile::Wild
        } else {
            Tile::Element(p.el)
        };
        let slots = s.rack_slots().into_iter();
        let (slot, _) = slots.into_iter().find(|(_, t)| *t == tile)?;
        s.tap_rack(slot);
        if p.wild {
            s.choose_wild(p.el);
        }
        s.tap_square(p.row.into(), p.col.into());
    }
    s.submit()
}

/// Ends a Solitaire game at once (End game, confirmed).
fn end_solitaire(d: &mut Device) {
    d.act(|s| {
        s.ask_end();
        s.confirm_end()
    });
}

#[test]
fn unreadable_bests_are_read_by_the_worker_kept_aside_and_named_once() {
    let mut shelf = MemoryShelf::default();
    shelf
        .set(BESTS_KEY, "{\"theory\": {\"score\": 9}, \"standard\": 3")
        .unwrap();
    let mut d = Device::reopen(shelf);
    let named = d.table.notices().iter();
    let named: Vec<_> = named
        .filter(|n| matches!(n, TableNotice::BestsUnreadable(_)))
        .collect();
    assert_eq!(named.len(), 1, "{named:?}");
    assert!(
        named[0].detail().contains("What went wrong"),
        "{}",
        named[0].detail()
    );
    assert_eq!(
        d.shelf.get("molscrab.bests.unreadable").as_deref(),
        Some("{\"theory\": {\"score\": 9}, \"standard\": 3")
    );
    // what could not be read is "no best yet"; the next move raises from there
    assert_eq!(d.table.bests().get(Mode::Theory).score, None);
    d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 11));
    end_solitaire(&mut d);
    assert!(d.table.bests().get(Mode::Theory).score.is_some());
    assert_eq!(d.table.notices().len(), 1, "named once");
}

#[test]
fn no_worker_no_raise_and_nothing_lost() {
    let mut d = Device::new();
    d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 11));
    // the answer never comes (no worker): bests and results stay as they were
    let ask = d.act_unanswered(|s| {
        s.ask_end();
        s.confirm_end()
    });
    d.table
        .bests_answered(&mut d.shelf, &ask, Err("no worker".into()));
    d.table.persist(&mut d.shelf).expect("saved");
    assert!(d.table.solitaire_end().is_none());
    assert_eq!(d.table.bests_text(), None);
    assert_eq!(d.shelf.get(BESTS_KEY), None);
}

#[test]
fn a_bests_answer_is_written_at_once_and_redraws_only_what_it_shows() {
    let mut d = Device::new();
    d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 11));
    // a play mid-game: the answer raises nothing shown, but is stored at once (the page
    // does not redraw, so no save follows it)
    let ask = d.act_unanswered(play_best);
    let answer = worker_answer(&ask.question());
    assert!(!d.table.bests_answered(&mut d.shelf, &ask, answer));
    let stored = d
        .shelf
        .get(BESTS_KEY)
        .expect("written by the answer itself");
    assert_eq!(d.table.bests_text(), Some(stored.as_str()));
    // the game's end: the results' best line is new, so the page is drawn again
    let ask = d.act_unanswered(|s| {
        s.ask_end();
        s.confirm_end()
    });
    let answer = worker_answer(&ask.question());
    assert!(d.table.bests_answered(&mut d.shelf, &ask, answer));
    assert!(d.table.solitaire_end().is_some_and(|end| end.new_best));
}

#[test]
fn the_worker_is_asked_about_the_bests_only_when_a_move_can_raise_one() {
    let mut d = Device::new();
    d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 11));
    let asked = |d: &mut Device, intent: fn(&mut Session) -> Option<Turn>| {
        d.table.act(&mut |s| intent(s));
        let ask = d.table.take_bests_question(&d.shelf);
        if let Some(ask) = &ask {
            let answer = worker_answer(&ask.question());
            d.table.bests_answered(&mut d.shelf, ask, answer);
        }
        ask.is_some()
    };
    let exchange = |s: &mut Session| {
        s.start_exchange();
        s.tap_rack(0);
        s.confirm_exchange()
    };
    // the first move of a game asks (an exchange too: the worker reads the bests)
    assert!(asked(&mut d, exchange));
    // a move that plays nothing better than the game's best play so far asks nothing
    assert!(!asked(&mut d, exchange));
    // the game's first play raises its best play: asked, and the best play recorded
    assert!(asked(&mut d, play_best));
    let first = d.session().game().turns().last().unwrap().score;
    assert_eq!(d.table.bests().get(Mode::Theory).play, Some(first));
    // resumed (the page closed, perhaps before an answer came): asked at once, anew
    d.with(|t, _| t.leave());
    d.table.resume(&mut d.shelf, Kind::Solitaire);
    let ask = d
        .table
        .take_bests_question(&d.shelf)
        .expect("asked on resuming");
    assert!(ask
        .game
        .is_some_and(|(_, seed, _)| seed == d.session().game().seed()));
    // a question left unanswered (no worker): the next move asks again, raising or not
    d.table.bests_due = Some(BestsAsk::default());
    let ask = d.table.take_bests_question(&d.shelf).unwrap();
    d.table
        .bests_answered(&mut d.shelf, &ask, Err("no worker".into()));
    assert!(asked(&mut d, exchange));
    // the game's end always asks: its score is recorded
    assert!(asked(&mut d, |s| {
        s.ask_end();
        s.confirm_end()
    }));
    assert!(d.table.bests().get(Mode::Theory).score.is_some());
}

#[test]
fn results_clear_the_slot_and_record_the_previous_best() {
    let mut d = Device::new();
    d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 11));
    end_solitaire(&mut d);
    assert_eq!(d.session().screen(), Screen::Results);
    assert_eq!(
        d.shelf.get(SOLITAIRE_KEY),
        None,
        "a finished game leaves its slot"
    );
    let first = d.session().game().scores()[0];
    let end = d
        .table
        .solitaire_end()
        .expect("the end screen knows the best");
    assert!(end.new_best);
    assert_eq!(end.previous_best, None);
    assert!(d.shelf.get(BESTS_KEY).is_some(), "the bests are saved");
    // play again: same mode, new bag; the previous best is the first game's score
    d.with(|t, shelf| t.rematch(shelf, 0, 12));
    assert!(d.table.solitaire_end().is_none());
    assert_eq!(d.session().game().mode(), Mode::Theory);
    assert!(d.shelf.get(SOLITAIRE_KEY).is_some(), "the rematch is saved");
    end_solitaire(&mut d);
    let end = d.table.solitaire_end().unwrap();
    assert_eq!(end.previous_best, Some(first));
    // the bests survive a reload
    let back = Device::reopen(d.shelf.clone());
    assert!(back.table.bests().get(Mode::Theory).score.is_some());
}

#[test]
fn rematch_keeps_the_players_of_pass_and_play() {
    let mut d = Device::new();
    let names = vec!["Ada".to_string(), "Bo".to_string(), "Cy".to_string()];
    d.with(|t, shelf| t.start_pass_and_play(shelf, Mode::Standard, names.clone(), vec![], 0, 3));
    d.with(|t, shelf| t.rematch(shelf, 2, 4));
    // the first game is still saved: the rematch asks before replacing it
    assert!(d.table.replacing().is_some());
    d.with(|t, _| t.confirm_replace());
    let game = d.session().game();
    assert_eq!(game.players(), names.as_slice());
    assert_eq!(game.mode(), Mode::Standard);
    assert_eq!(game.to_move(), 2);
}

#[test]
fn a_rematch_over_another_saved_game_asks_on_the_results() {
    let mut d = Device::new();
    let names = vec!["Ada".to_string(), "Bo".to_string()];
    d.with(|t, shelf| t.start_pass_and_play(shelf, Mode::Theory, names.clone(), vec![], 0, 3));
    d.with(|t, _| t.leave());
    let saved = d.shelf.get(PASS_AND_PLAY_KEY).unwrap();
    // a finished game opened from a file, while the first one stays saved
    let mut finished = Game::replay(&GameRecord::new_game(
        Kind::PassAndPlay,
        Mode::Standard,
        vec!["Cy".into(), "Di".into()],
        0,
        8,
    ))
    .unwrap();
    for _ in 0..4 {
        finished.pass().unwrap();
    }
    assert!(finished.is_over());
    let file = finished.record().to_json();
    d.with(|t, shelf| t.import(shelf, "done.json", Ok(file.clone())));
    assert_eq!(d.session().screen(), Screen::Results);
    d.with(|t, shelf| t.rematch(shelf, 0, 9));
    // asked with the results still on screen
    assert!(d.table.replacing().is_some_and(|r| !r.from_file));
    assert_eq!(d.session().screen(), Screen::Results);
    assert_eq!(d.session().game().players(), ["Cy", "Di"]);
    // "Keep it": back to the same results, the save untouched
    d.with(|t, _| t.keep_save());
    assert!(d.table.replacing().is_none());
    assert_eq!(d.session().screen(), Screen::Results);
    assert_eq!(d.shelf.get(PASS_AND_PLAY_KEY).unwrap(), saved);
    // asked again and confirmed: the rematch replaces the save
    d.with(|t, shelf| t.rematch(shelf, 0, 9));
    d.with(|t, _| t.confirm_replace());
    assert_eq!(d.session().screen(), Screen::Handoff);
    assert_eq!(d.session().game().players(), ["Cy", "Di"]);
    assert_ne!(d.shelf.get(PASS_AND_PLAY_KEY).unwrap(), saved);
}

#[test]
fn an_unreadable_save_is_named_and_kept_aside_on_open() {
    let mut shelf = MemoryShelf::default();
    shelf.set(SOLITAIRE_KEY, "{\"format\": 3").unwrap();
    let d = Device::reopen(shelf);
    assert_eq!(d.table.notices().len(), 1);
    assert!(d.table.notices()[0]
        .to_string()
        .contains("could not be read"));
    assert_eq!(
        d.shelf.get("molscrab.save.solitaire.unreadable").as_deref(),
        Some("{\"format\": 3")
    );
}

#[test]
fn a_bad_import_changes_nothing_and_says_why() {
    let mut d = Device::new();
    d.with(|t, shelf| t.start_solitaire(shelf, Mode::Theory, 1));
    let saved = d.shelf.get(SOLITAIRE_KEY).unwrap();
    d.with(|t, _| t.leave());
    d.with(|t, shelf| t.import(shelf, "x.json", Ok("[1, 2".into())));
    let why = d.table.import_error().expect("refused").to_string();
    assert!(why.starts_with("Could not import “x.json”."), "{why}");
    assert!(why.ends_with("Your saved games are unchanged."), "{why}");
    assert_eq!(d.shelf.get(SOLITAIRE_KEY).unwrap(), saved);
    // a good file over the save asks first, beside Import
    d.with(|t, shelf| t.import(shelf, "y.json", Ok(saved.clone())));
    assert!(d.table.replacing().is_some_and(|r| r.from_file));
}

#[test]
fn an_imported_solitaire_game_counts_towards_no_personal_best_even_once_resumed() {
    let mut d = Device::new();
    let record = GameRecord::new_game(Kind::Solitaire, Mode::Theory, vec!["You".into()], 0, 42);
    d.with(|t, shelf| t.import(shelf, "hand-made.json", Ok(record.to_json())));
    assert!(d.session().imported());
    d.act(play_best);
    assert_eq!(d.session().game().moves().len(), 1, "played");
    assert_eq!(d.table.bests().get(Mode::Theory).play, None);
    // resumed from its save, it is still the imported game
    d.with(|t, _| t.leave());
    d.with(|t, shelf| t.resume(shelf, Kind::Solitaire));
    assert!(d.session().imported());
    d.act(|s| {
        s.ask_end();
        s.confirm_end()
    });
    assert!(d.session().game().is_over());
    assert_eq!(d.table.bests().get(Mode::Theory), Default::default());
}

#[test]
fn a_failed_save_is_reported_not_lost() {
    struct Refusing;
    impl Shelf for Refusing {
        fn get(&self, _: &str) -> Option<String> {
            None
        }
        fn set(&mut self, _: &str, _: &str) -> Result<(), StorageError> {
            Err(StorageError::Refused)
        }
        fn remove(&mut self, _: &str) {}
        fn keys(&self) -> Vec<String> {
            Vec::new()
        }
    }
    let mut table = Table::open(&mut Refusing);
    table.start_solitaire(&mut Refusing, Mode::Theory, 1);
    let problem = table.persist(&mut Refusing).unwrap_err();
    assert!(problem
        .to_string()
        .starts_with("This game could not be saved"));
    assert!(table.session().is_some(), "the game goes on");
}

/// One browser with two tabs of the game: one shelf, two tables, each saved after every
/// intent as its effect does.
struct Browser {
    shelf: MemoryShelf,
    tabs: [Table; 2],
}

impl Browser {
    /// Both tabs resume the same saved game.
    fn with_game(record: &GameRecord) -> Browser {
        let mut shelf = MemoryShelf::default();
        shelf.set(SOLITAIRE_KEY, &record.to_json()).unwrap();
        let mut tabs = [Table::open(&mut shelf), Table::open(&mut shelf)];
        for t in &mut tabs {
            t.resume(&mut shelf, Kind::Solitaire);
            t.persist(&mut shelf).unwrap();
        }
        Browser { shelf, tabs }
    }
    /// An intent in one tab; the other hears the browser's `storage` event.
    fn act(&mut self, tab: usize, mut f: impl FnMut(&mut Session) -> Option<Turn>) {
        let before = self.shelf.get(SOLITAIRE_KEY);
        self.tabs[tab].act(&mut f);
        let _ = self.tabs[tab].persist(&mut self.shelf);
        if self.shelf.get(SOLITAIRE_KEY) != before {
            let other = &mut self.tabs[1 - tab];
            other.storage_changed(&mut self.shelf, Some(SOLITAIRE_KEY));
            let _ = other.persist(&mut self.shelf);
        }
    }
    fn session(&self, tab: usize) -> &Session {
        self.tabs[tab].session().expect("a game is open")
    }
}

/// Places tiles from the rack on squares (not submitted).
fn place(s: &mut Session, tiles: &[(&str, usize, usize)]) {
    for &(el, row, col) in tiles {
        let slot = s.rack_slots().into_iter().find(|(_, t)| t.symbol() == el);
        s.tap_rack(slot.expect("on the rack").0);
        s.tap_square(row, col);
    }
}

const WATER: [(&str, usize, usize); 3] = [("H", 7, 6), ("H", 7, 7), ("O", 7, 8)];
// Na·Cl across row 6 above the water: crossings Na·H and Cl·H, all valid in Theory Mode
const SALT: [(&str, usize, usize); 2] = [("Na", 6, 6), ("Cl", 6, 7)];

fn water_and_salt_bag() -> GameRecord {
    let mut record = GameRecord::new_game(
        Kind::Solitaire,
        Mode::Theory,
        vec![SOLITAIRE_PLAYER.into()],
        0,
        1,
    );
    let bag = "H H O Na Cl C C H H O N N K K S S Mg Mg Ca Ca";
    record.bag = Some(bag.split(' ').filter_map(Tile::from_symbol).collect());
    record
}

#[test]
fn two_tabs_never_lose_a_move() {
    let mut browser = Browser::with_game(&water_and_salt_bag());
    // each tab lays out a play; a tab's unsubmitted tiles never stop the other
    browser.act(1, |s| {
        place(s, &SALT);
        None
    });
    browser.act(0, |s| {
        place(s, &WATER);
        None
    });
    assert!(!browser.tabs[0].moved_on() && !browser.tabs[1].moved_on());
    // the first tab submits water: the second, with tiles of its own placed, stops
    browser.act(0, Session::submit);
    assert_eq!(browser.session(0).game().scores(), vec![6]);
    assert!(browser.tabs[1].moved_on());
    // a stopped tab neither plays nor saves over the water
    browser.act(1, Session::submit);
    assert!(browser.session(1).game().turns().is_empty());
    let saved = Game::load(&browser.shelf.get(SOLITAIRE_KEY).unwrap()).unwrap();
    assert_eq!(saved.game.scores(), vec![6]);
    // "Continue from the latest": the water is there, and salt goes after it
    browser.tabs[1].follow(&mut browser.shelf);
    assert!(!browser.tabs[1].moved_on());
    assert_eq!(
        browser.session(1).notice(),
        Some(&crate::session::Notice::Info(FOLLOWED.into()))
    );
    browser.act(1, |s| {
        place(s, &SALT);
        s.submit()
    });
    let saved = Game::load(&browser.shelf.get(SOLITAIRE_KEY).unwrap()).unwrap();
    assert_eq!(saved.game.turns().len(), 2, "both tabs' moves are kept");
    // the first tab had nothing unsaved, so it followed at once
    assert_eq!(browser.session(0).game().turns().len(), 2);
    assert!(!browser.tabs[0].moved_on());
}

#[test]
fn a_tab_that_missed_the_news_is_refused_its_save_and_stops() {
    let mut browser = Browser::with_game(&water_and_salt_bag());
    // the first tab plays water without the second hearing of it (no storage event)
    browser.tabs[0].act(&mut |s| {
        place(s, &WATER);
        s.submit()
    });
    browser.tabs[0].persist(&mut browser.shelf).unwrap();
    let saved = browser.shelf.get(SOLITAIRE_KEY).unwrap();
    let b = &mut browser.tabs[1];
    // a tile lifted changes nothing saved: no write, so nothing to refuse yet
    b.act(&mut |s| {
        s.tap_rack(0);
        None
    });
    assert_eq!(b.persist(&mut browser.shelf), Ok(()));
    assert!(!b.moved_on());
    // a tile placed is saved: the write is refused, and the tab stops
    b.act(&mut |s| {
        place(s, &SALT[..1]);
        None
    });
    let problem = b.persist(&mut browser.shelf).unwrap_err();
    assert_eq!(problem, SaveProblem::Game(StorageError::MovedOn));
    assert!(b.moved_on());
    assert_eq!(browser.shelf.get(SOLITAIRE_KEY).unwrap(), saved);
    // when the other tab then finished the game, continuing goes back to the Play tab, and
    // a formula card open on the game closes (it must not come back over the next game)
    b.from_worker.card = Some(Html::lit("<p>H₂O</p>"));
    browser.shelf.remove(SOLITAIRE_KEY);
    b.follow(&mut browser.shelf);
    assert!(b.session().is_none());
    assert!(b.notices()[0].to_string().contains("another tab"));
    assert_eq!(b.from_worker.card, None);
}

/// A shelf that counts what is asked of it.
#[derive(Default)]
struct Counting {
    shelf: MemoryShelf,
    gets: std::cell::Cell<usize>,
    sets: usize,
}

impl Shelf for Counting {
    fn get(&self, key: &str) -> Option<String> {
        self.gets.set(self.gets.get() + 1);
        self.shelf.get(key)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError> {
        self.sets += 1;
        self.shelf.set(key, value)
    }
    fn remove(&mut self, key: &str) {
        self.shelf.remove(key)
    }
    fn keys(&self) -> Vec<String> {
        self.shelf.keys()
    }
}

#[test]
fn a_tap_that_changes_nothing_saved_reads_and_writes_nothing() {
    let mut shelf = Counting::default();
    shelf
        .set(SOLITAIRE_KEY, &water_and_salt_bag().to_json())
        .unwrap();
    let mut table = Table::open(&mut shelf);
    table.resume(&mut shelf, Kind::Solitaire);
    table.persist(&mut shelf).unwrap();
    let asked = |shelf: &Counting| (shelf.gets.get(), shelf.sets);
    let before = asked(&shelf);
    // a tile lifted and put down, a square tapped with nothing lifted: the save's text
    // would be the same, so the slot is neither read nor written (each tap was a copy of
    // the record, its JSON and a read of the slot)
    for intent in [
        |s: &mut Session| s.tap_rack(0),
        |s: &mut Session| s.tap_rack(0),
        |s: &mut Session| s.tap_square(0, 0),
    ] {
        table.act(&mut |s| {
            intent(s);
            None
        });
        table.persist(&mut shelf).unwrap();
    }
    assert_eq!(asked(&shelf), before);
    // a tile placed is saved at once, and so is the move
    table.act(&mut |s| {
        place(s, &WATER[..1]);
        None
    });
    table.persist(&mut shelf).unwrap();
    assert_eq!(shelf.sets, before.1 + 1);
    let saved =
        |shelf: &Counting| GameRecord::parse(&shelf.shelf.get(SOLITAIRE_KEY).unwrap()).unwrap();
    let tentative = |r: &GameRecord| r.ui.as_ref()?.get("tentative")?.as_array().map(Vec::len);
    assert_eq!(tentative(&saved(&shelf)), Some(1));
    table.act(&mut |s| {
        place(s, &WATER[1..]);
        s.submit()
    });
    table.persist(&mut shelf).unwrap();
    assert_eq!(shelf.sets, before.1 + 2);
    assert_eq!(saved(&shelf).moves.len(), 1);
    // a game opened from a file is another session: saved, even where its brief reads as
    // the last one's (here two files alike but for the bag past the racks)
    let file = |bag: &str| {
        let mut record = water_and_salt_bag();
        record.bag = Some(bag.split(' ').filter_map(Tile::from_symbol).collect());
        record
    };
    for bag in ["H H O Na Cl C C N N O O", "H H O Na Cl C C O O N N"] {
        table.import(&mut shelf, "game.json", Ok(file(bag).to_json()));
        table.confirm_replace();
        table.persist(&mut shelf).unwrap();
        assert_eq!(saved(&shelf).bag, file(bag).bag);
    }
}

#[test]
fn two_tabs_with_tiles_placed_do_not_answer_each_others_writes() {
    let mut browser = Browser::with_game(&water_and_salt_bag());
    browser.act(0, |s| {
        place(s, &WATER[..1]);
        None
    });
    browser.act(1, |s| {
        place(s, &SALT[..1]);
        None
    });
    // the browser's storage events, round after round: the slot settles at once
    let mut texts = vec![browser.shelf.get(SOLITAIRE_KEY)];
    for round in 0..6 {
        let tab = round % 2;
        let changed = browser.tabs[tab].storage_changed(&mut browser.shelf, Some(SOLITAIRE_KEY));
        assert!(!changed, "only tiles moved: nothing to follow or stop for");
        let _ = browser.tabs[tab].persist(&mut browser.shelf);
        texts.push(browser.shelf.get(SOLITAIRE_KEY));
    }
    texts.dedup();
    assert_eq!(texts.len(), 1, "no write answers another");
}

#[test]
fn a_move_whose_save_was_refused_is_never_dropped_by_following() {
    let mut browser = Browser::with_game(&water_and_salt_bag());
    // both tabs submit at the same moment; the second tab's write lands first
    browser.tabs[1].act(&mut |s| {
        place(s, &WATER);
        s.submit()
    });
    browser.tabs[0].act(&mut |s| {
        place(s, &WATER);
        s.submit()
    });
    browser.tabs[1].persist(&mut browser.shelf).unwrap();
    let refused = browser.tabs[0].persist(&mut browser.shelf);
    assert_eq!(refused, Err(SaveProblem::Game(StorageError::MovedOn)));
    // then the first tab hears of the other's write: it stays stopped, its move still shown
    let changed = browser.tabs[0].storage_changed(&mut browser.shelf, Some(SOLITAIRE_KEY));
    assert!(!changed);
    assert!(browser.tabs[0].moved_on());
    assert_eq!(browser.session(0).game().turns().len(), 1);
}

#[test]
fn a_move_written_over_in_the_same_moment_stops_its_tab_rather_than_vanish() {
    let mut browser = Browser::with_game(&water_and_salt_bag());
    // the second tab's copy of storage is as it was when both tabs submit at once
    let mut stale = browser.shelf.clone();
    browser.tabs[0].act(&mut |s| {
        place(s, &WATER);
        s.submit()
    });
    browser.tabs[0].persist(&mut browser.shelf).unwrap();
    browser.tabs[1].act(&mut |s| {
        place(s, &[("H", 7, 7), ("H", 7, 8)]);
        s.submit()
    });
    browser.tabs[1].persist(&mut stale).unwrap();
    // the second write lands last: the slot holds H·H, and the first tab hears of it
    let hydrogen = stale.get(SOLITAIRE_KEY).unwrap();
    browser.shelf.set(SOLITAIRE_KEY, &hydrogen).unwrap();
    assert!(browser.tabs[0].storage_changed(&mut browser.shelf, Some(SOLITAIRE_KEY)));
    // it stops, its water still on its board and not written over H·H
    assert!(browser.tabs[0].moved_on());
    assert_eq!(browser.session(0).game().scores(), vec![6]);
    let _ = browser.tabs[0].persist(&mut browser.shelf);
    assert_eq!(browser.shelf.get(SOLITAIRE_KEY).unwrap(), hydrogen);
    // a tab that only fell behind still follows at once
    browser.tabs[0].follow(&mut browser.shelf);
    browser.act(1, |s| {
        place(s, &[("O", 7, 9)]);
        s.submit()
    });
    assert!(!browser.tabs[0].moved_on());
    assert_eq!(browser.session(0).game().turns().len(), 2);
    // and so does one whose game the other only asked a hint in (the same moves)
    let mut hinted = GameRecord::parse(&browser.shelf.get(SOLITAIRE_KEY).unwrap()).unwrap();
    hinted.hints = vec![2];
    browser.shelf.set(SOLITAIRE_KEY, &hinted.to_json()).unwrap();
    assert!(browser.tabs[0].storage_changed(&mut browser.shelf, Some(SOLITAIRE_KEY)));
    assert!(!browser.tabs[0].moved_on());
    assert_eq!(browser.session(0).game().turns().len(), 2);
}

#[test]
fn a_tab_says_so_when_the_other_started_a_new_game() {
    let mut browser = Browser::with_game(&water_and_salt_bag());
    browser.tabs[0].start_solitaire(&mut browser.shelf, Mode::Theory, 5);
    browser.tabs[0].confirm_replace();
    browser.tabs[0].persist(&mut browser.shelf).unwrap();
    assert!(browser.tabs[1].storage_changed(&mut browser.shelf, Some(SOLITAIRE_KEY)));
    assert_eq!(
        browser.session(1).notice(),
        Some(&crate::session::Notice::Info(FOLLOWED_NEW.into()))
    );
    assert_eq!(browser.session(1).game().seed(), 5);
}

/// A save and bests as the previous build (30 Nov 2026, second session) wrote them: the
/// record's keys in its order, the "ui" part with a placed tile that spells out "wild".
const PREVIOUS_SAVE: &str = r#"{"format":"molscrab-game/1","kind":"solitaire","theory":true,"players":["You"],"first":0,"seed":1,"bag":["H","H","O","Na","Cl","C","C","H","H","O","N","N","K","K","S","S","Mg","Mg","Ca","Ca"],"moves":[{"play":[{"row":7,"col":6,"el":"H"},{"row":7,"col":7,"el":"H"},{"row":7,"col":8,"el":"O"}]}],"ui":{"tentative":[{"slot":0,"row":6,"col":6,"el":"Na","wild":false}],"screen":"turn"}}"#;
const PREVIOUS_BESTS: &str =
    r#"{"standard":{"score":null,"play":null},"theory":{"score":42,"play":17}}"#;

#[test]
fn a_save_and_bests_from_the_previous_build_resume_and_play_on() {
    let mut shelf = MemoryShelf::default();
    shelf.set(SOLITAIRE_KEY, PREVIOUS_SAVE).unwrap();
    shelf.set(BESTS_KEY, PREVIOUS_BESTS).unwrap();
    let mut d = Device::reopen(shelf);
    assert!(d.table.notices().is_empty(), "{:?}", d.table.notices());
    assert_eq!(d.table.bests().get(Mode::Theory).score, Some(42));
    d.with(|t, shelf| t.resume(shelf, Kind::Solitaire));
    assert_eq!(d.session().game().scores(), vec![6]);
    let na = d
        .session()
        .tentative_at(6, 6)
        .expect("the placed tile came back");
    assert_eq!(Tile::Element(na.el), Tile::from_symbol("Na").unwrap());
    // the next tap saves over it as this build writes, and that reads back the same
    d.act(|s| {
        s.recall();
        None
    });
    let saved = d.shelf.get(SOLITAIRE_KEY).unwrap();
    assert_ne!(saved, PREVIOUS_SAVE);
    assert!(d.shelf.get("molscrab.save.solitaire.unreadable").is_none());
    let back = Game::load(&saved).unwrap();
    assert_eq!(back.game.scores(), vec![6]);
    assert_eq!(d.shelf.get(BESTS_KEY).as_deref(), Some(PREVIOUS_BESTS));
}
