//! The storage's tests: saves, bests and histories over the in-memory shelf.

use super::*;
use molscrab_engine::bests::Bests;
use molscrab_engine::game::Game;
use molscrab_engine::record::GameRecord;

type MapShelf = MemoryShelf;

fn read_slot(shelf: &mut dyn Shelf, kind: Kind) -> Slot {
    Saver::default().read_slot(shelf, kind)
}
/// A page that writes at once, as if it had just read the slot as it is.
fn write_slot(shelf: &mut dyn Shelf, record: &GameRecord) -> Result<(), StorageError> {
    let mut saver = Saver::default();
    let key = slot_key(record.kind);
    saver.note(key, shelf.get(key).filter(|raw| Game::load(raw).is_ok()));
    saver.write_slot(shelf, record)
}
fn clear_slot(shelf: &mut dyn Shelf, kind: Kind) {
    let mut saver = Saver::default();
    let key = slot_key(kind);
    saver.note(key, shelf.get(key).filter(|raw| Game::load(raw).is_ok()));
    saver.clear_slot(shelf, kind)
}
/// Why the engine's worker says `raw` can't be fully read as bests (its reader's words).
fn bests_why(raw: &str) -> String {
    Bests::parse(raw).expect_err("unreadable bests")
}

fn solitaire() -> GameRecord {
    GameRecord::new_game(
        Kind::Solitaire,
        molscrab_engine::referee::Mode::Theory,
        vec!["You".into()],
        0,
        7,
    )
}

/// Storage with no room for the copies kept aside.
#[derive(Default)]
struct FullShelf(MapShelf);
impl Shelf for FullShelf {
    fn get(&self, key: &str) -> Option<String> {
        self.0.get(key)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError> {
        if key.contains(".unreadable") {
            return Err(StorageError::Refused);
        }
        self.0.set(key, value)
    }
    fn remove(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn keys(&self) -> Vec<String> {
        self.0.keys()
    }
}

#[test]
fn the_daily_history_is_kept_as_the_worker_wrote_it() {
    let mut shelf = MapShelf::default();
    assert_eq!(keep_history(&mut shelf, None, "{\"a\":1}", None), Ok(None));
    assert_eq!(shelf.get(DAILY_KEY).as_deref(), Some("{\"a\":1}"));
    // another tab wrote in between: not overwritten
    assert_eq!(
        keep_history(&mut shelf, None, "{\"b\":2}", None),
        Err(StorageError::MovedOn)
    );
    assert_eq!(shelf.get(DAILY_KEY).as_deref(), Some("{\"a\":1}"));
}

#[test]
fn an_unreadable_daily_history_is_kept_aside_and_never_wiped() {
    let mut shelf = MapShelf::default();
    shelf.set(DAILY_KEY, "{broken").unwrap();
    let said = keep_history(
        &mut shelf,
        Some("{broken"),
        "{\"ok\":true}",
        Some("The Daily Bench history is not JSON (x).".into()),
    );
    let Ok(Some(unreadable)) = said else {
        panic!("{said:?}");
    };
    let message = unreadable.to_string();
    assert!(message.contains("copy of the rest is kept"), "{message}");
    assert!(message.contains("molscrab.daily.unreadable"), "{message}");
    assert_eq!(
        shelf.get("molscrab.daily.unreadable").as_deref(),
        Some("{broken")
    );
    assert_eq!(shelf.get(DAILY_KEY).as_deref(), Some("{\"ok\":true}"));
    // no room for the copy: the unreadable text stays where it is
    let mut full = FullShelf::default();
    full.0.set(DAILY_KEY, "{broken").unwrap();
    let said = keep_history(&mut full, Some("{broken"), "{}", Some("why".into()));
    let Ok(Some(unreadable)) = said else {
        panic!("{said:?}");
    };
    assert!(unreadable.to_string().contains("left untouched"));
    assert_eq!(full.get(DAILY_KEY).as_deref(), Some("{broken"));
}

#[test]
fn an_unreadable_save_that_cannot_be_kept_aside_is_never_overwritten() {
    let mut shelf = FullShelf::default();
    shelf.0.set(SOLITAIRE_KEY, "not a record").unwrap();
    let Slot::Unreadable(message) = read_slot(&mut shelf, Kind::Solitaire) else {
        panic!("reported");
    };
    let message = message.to_string();
    assert!(message.contains("left untouched"), "{message}");
    assert_eq!(shelf.get(SOLITAIRE_KEY).as_deref(), Some("not a record"));
    // a new game can't be saved over it, nor can finishing one clear it
    let refused = write_slot(&mut shelf, &solitaire());
    assert!(refused.is_err_and(|e| e.to_string().contains("not overwritten")));
    clear_slot(&mut shelf, Kind::Solitaire);
    assert_eq!(shelf.get(SOLITAIRE_KEY).as_deref(), Some("not a record"));
    // once a copy can be kept, saving goes ahead and the copy holds the old text
    let mut roomy = MapShelf::default();
    roomy.set(SOLITAIRE_KEY, "not a record").unwrap();
    write_slot(&mut roomy, &solitaire()).unwrap();
    assert_eq!(
        roomy.get("molscrab.save.solitaire.unreadable").as_deref(),
        Some("not a record")
    );
    assert!(matches!(
        read_slot(&mut roomy, Kind::Solitaire),
        Slot::Saved(_)
    ));
}

#[test]
fn unreadable_bests_that_cannot_be_kept_aside_are_never_overwritten() {
    let mut shelf = FullShelf::default();
    let raw = "{\"theory\": 12";
    shelf.0.set(BESTS_KEY, raw).unwrap();
    let message = keep_bests_aside(&mut shelf, raw, bests_why(raw)).expect("said");
    assert!(message.to_string().contains("left untouched"), "{message}");
    assert!(message.kept().is_err());
    // as `Table` does: the saver is told, and never writes over them
    let mut saver = Saver::default();
    saver.bests_in_the_way(raw);
    let refused = saver.write_bests(&mut shelf, &Bests::default().to_json());
    assert!(refused.is_err_and(|e| e.to_string().contains("not overwritten")));
    assert_eq!(shelf.get(BESTS_KEY).as_deref(), Some("{\"theory\": 12"));
}

#[test]
fn a_save_reads_back_as_the_same_record() {
    let mut shelf = MapShelf::default();
    write_slot(&mut shelf, &solitaire()).unwrap();
    match read_slot(&mut shelf, Kind::Solitaire) {
        Slot::Saved(r) => assert_eq!(r.game.record(), solitaire()),
        other => panic!("expected the save, got {other:?}"),
    }
    assert!(matches!(
        read_slot(&mut shelf, Kind::PassAndPlay),
        Slot::Empty
    ));
}

#[test]
fn a_corrupt_save_is_kept_aside_and_the_slot_freed() {
    let mut shelf = MapShelf::default();
    let raw = "{\"format\": \"molscrab-game/1\", trunc";
    shelf.set(SOLITAIRE_KEY, raw).unwrap();
    let Slot::Unreadable(message) = read_slot(&mut shelf, Kind::Solitaire) else {
        panic!("a corrupt save must be reported");
    };
    assert_eq!(message.refused_text(), Some(raw));
    // the reader's words are the engine's worker's (the page asks it): until they come,
    // a stand-in
    let waiting = put_why(&message.detail(), &mut std::iter::empty(), false);
    assert!(
        waiting.starts_with("What went wrong: it is not a game record this version can read. "),
        "{waiting}"
    );
    let detail = with_worker_why(&message.detail(), &[raw], false);
    // what it means first; the parser's words and the key only in the detail
    assert!(
        message
            .headline()
            .starts_with("Your saved Solitaire game could not be read, so it can't be resumed."),
        "{}",
        message.headline()
    );
    assert!(!message.headline().contains("line 1"));
    assert!(!message.headline().contains("molscrab.save"));
    assert!(detail.contains("not JSON"), "{detail}");
    assert!(detail.contains("line 1"), "{detail}");
    assert!(!detail.contains(".."), "{detail}");
    let message = message.to_string();
    assert!(
        message.contains("molscrab.save.solitaire.unreadable"),
        "{message}"
    );
    assert_eq!(shelf.get(SOLITAIRE_KEY), None);
    assert_eq!(
        shelf.get("molscrab.save.solitaire.unreadable").as_deref(),
        Some("{\"format\": \"molscrab-game/1\", trunc")
    );
    // a second corrupt save never overwrites the first one kept
    shelf.set(SOLITAIRE_KEY, "garbage two").unwrap();
    assert!(matches!(
        read_slot(&mut shelf, Kind::Solitaire),
        Slot::Unreadable(_)
    ));
    assert_eq!(
        shelf.get("molscrab.save.solitaire.unreadable.2").as_deref(),
        Some("garbage two")
    );
    assert!(shelf
        .get("molscrab.save.solitaire.unreadable")
        .unwrap()
        .contains("trunc"));
}

#[test]
fn a_save_from_a_newer_version_is_kept_aside() {
    let mut shelf = MapShelf::default();
    let newer = solitaire()
        .to_json()
        .replace("molscrab-game/1", "molscrab-game/2");
    shelf.set(SOLITAIRE_KEY, &newer).unwrap();
    assert!(matches!(
        read_slot(&mut shelf, Kind::Solitaire),
        Slot::Unreadable(_)
    ));
    assert_eq!(shelf.get("molscrab.save.solitaire.unreadable"), Some(newer));
}

#[test]
fn corrupt_bests_start_afresh_and_are_kept() {
    let mut shelf = MapShelf::default();
    shelf.set(BESTS_KEY, "[1,2").unwrap();
    let message = keep_bests_aside(&mut shelf, "[1,2", bests_why("[1,2"));
    assert!(message.is_some_and(|m| m.detail().contains("What went wrong")));
    assert_eq!(shelf.get(BESTS_KEY), None);
    // said once: the text is no longer there to keep
    assert!(keep_bests_aside(&mut shelf, "[1,2", bests_why("[1,2")).is_none());
    assert_eq!(
        shelf.get("molscrab.bests.unreadable").as_deref(),
        Some("[1,2")
    );
}

#[test]
fn the_saver_writes_only_changes_and_checks_text_it_did_not_write() {
    let mut shelf = MapShelf::default();
    let mut saver = Saver::default();
    let record = solitaire();
    saver.write_slot(&mut shelf, &record).unwrap();
    // unchanged: nothing is written (a foreign text put under it would stay)
    shelf.set(SOLITAIRE_KEY, &record.to_json()).unwrap();
    saver.write_slot(&mut shelf, &record).unwrap();
    // text this saver did not write, and unreadable: kept aside before it is replaced
    shelf.set(SOLITAIRE_KEY, "left by something else").unwrap();
    let mut moved = record.clone();
    moved.moves.push(molscrab_engine::record::Move::End);
    saver.write_slot(&mut shelf, &moved).unwrap();
    assert_eq!(
        shelf.get("molscrab.save.solitaire.unreadable").as_deref(),
        Some("left by something else")
    );
    assert_eq!(shelf.get(SOLITAIRE_KEY), Some(moved.to_json()));
    // a finished game's slot is cleared; bests are written once, then only when changed
    saver.clear_slot(&mut shelf, Kind::Solitaire);
    assert_eq!(shelf.get(SOLITAIRE_KEY), None);
    let bests = Bests::default().to_json();
    saver.write_bests(&mut shelf, &bests).unwrap();
    shelf.set(BESTS_KEY, "untouched").unwrap();
    saver.write_bests(&mut shelf, &bests).unwrap();
    assert_eq!(shelf.get(BESTS_KEY).as_deref(), Some("untouched"));
}

#[test]
fn a_save_that_moved_on_in_another_tab_is_never_replaced() {
    let mut shelf = MapShelf::default();
    let (mut tab_a, mut tab_b) = (Saver::default(), Saver::default());
    let start = solitaire();
    tab_a.write_slot(&mut shelf, &start).unwrap();
    // tab B opens the same save
    assert!(matches!(
        tab_b.read_slot(&mut shelf, Kind::Solitaire),
        Slot::Saved(_)
    ));
    // tab A moves on
    let mut a_moved = start.clone();
    a_moved.moves.push(molscrab_engine::record::Move::End);
    tab_a.write_slot(&mut shelf, &a_moved).unwrap();
    // tab B's next write is refused, and A's save stays
    let mut b_moved = start.clone();
    b_moved.players = vec!["B".into()];
    assert_eq!(
        tab_b.write_slot(&mut shelf, &b_moved),
        Err(StorageError::MovedOn)
    );
    assert!(!tab_b.is_current(&shelf, SOLITAIRE_KEY));
    tab_b.clear_slot(&mut shelf, Kind::Solitaire);
    assert_eq!(shelf.get(SOLITAIRE_KEY), Some(a_moved.to_json()));
    // once B reads the slot again it may write
    assert!(matches!(
        tab_b.read_slot(&mut shelf, Kind::Solitaire),
        Slot::Saved(_)
    ));
    tab_b.write_slot(&mut shelf, &b_moved).unwrap();
    // a slot emptied by the other tab (its game finished) is not filled again either
    shelf.remove(SOLITAIRE_KEY);
    assert_eq!(
        tab_b.write_slot(&mut shelf, &b_moved),
        Err(StorageError::MovedOn)
    );
}

/// A shelf that, like the browser's, says whether a key holds a text without reading it
/// out, and counts what is read out.
#[derive(Default)]
struct CountingShelf(MapShelf, std::cell::Cell<usize>);
impl Shelf for CountingShelf {
    fn get(&self, key: &str) -> Option<String> {
        self.1.set(self.1.get() + 1);
        self.0.get(key)
    }
    fn holds_exactly(&self, key: &str, text: &str) -> bool {
        self.0 .0.get(key).is_some_and(|held| held == text)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StorageError> {
        self.0.set(key, value)
    }
    fn remove(&mut self, key: &str) {
        self.0.remove(key)
    }
    fn keys(&self) -> Vec<String> {
        self.0.keys()
    }
}

#[test]
fn a_save_unchanged_since_this_page_wrote_it_is_not_read_out_again() {
    let mut shelf = CountingShelf::default();
    let (mut tab_a, mut tab_b) = (Saver::default(), Saver::default());
    let mut game = solitaire();
    tab_a.write_slot(&mut shelf, &game).unwrap();
    let read_out = shelf.1.get();
    // tab A's taps: each write replaces its own save without reading it out
    for player in ["A", "AA", "AAA"] {
        game.players = vec![player.into()];
        tab_a.write_slot(&mut shelf, &game).unwrap();
    }
    assert_eq!(shelf.1.get(), read_out, "nothing read out");
    assert_eq!(shelf.get(SOLITAIRE_KEY), Some(game.to_json()));
    // another tab moves the game on: A reads the save out, and leaves it
    assert!(matches!(
        tab_b.read_slot(&mut shelf, Kind::Solitaire),
        Slot::Saved(_)
    ));
    let mut moved = game.clone();
    moved.moves.push(molscrab_engine::record::Move::End);
    tab_b.write_slot(&mut shelf, &moved).unwrap();
    let read_out = shelf.1.get();
    game.players = vec!["A again".into()];
    assert_eq!(
        tab_a.write_slot(&mut shelf, &game),
        Err(StorageError::MovedOn)
    );
    assert!(shelf.1.get() > read_out, "read out once it changed");
    assert_eq!(shelf.get(SOLITAIRE_KEY), Some(moved.to_json()));
}

#[test]
fn a_tab_with_nothing_new_never_writes_over_another_tabs_tiles() {
    let mut shelf = MapShelf::default();
    let (mut tab_a, mut tab_b) = (Saver::default(), Saver::default());
    let mut a = solitaire();
    tab_a.write_slot(&mut shelf, &a).unwrap();
    assert!(matches!(
        tab_b.read_slot(&mut shelf, Kind::Solitaire),
        Slot::Saved(_)
    ));
    // B writes its own unsubmitted tiles (the "ui" part) over the same game
    let mut b = solitaire();
    b.ui = molscrab_json::parse(r#"{"tentative": [], "screen": "turn"}"#).ok();
    tab_b.write_slot(&mut shelf, &b).unwrap();
    let bs = shelf.get(SOLITAIRE_KEY);
    // A has nothing new: its save is not written again (that is how two tabs would answer
    // each other's writes for ever)
    tab_a.write_slot(&mut shelf, &a).unwrap();
    assert_eq!(shelf.get(SOLITAIRE_KEY), bs);
    // once A has something new, it writes
    a.ui = molscrab_json::parse(r#"{"screen": "turn"}"#).ok();
    tab_a.write_slot(&mut shelf, &a).unwrap();
    assert_eq!(shelf.get(SOLITAIRE_KEY), Some(a.to_json()));
}

#[test]
fn the_referee_chosen_is_remembered_and_anything_else_reads_as_theory_mode() {
    use molscrab_engine::referee::Mode;
    let mut shelf = MemoryShelf::default();
    assert_eq!(referee_preference(&shelf), Mode::Theory, "the default");
    for mode in [Mode::Chemist, Mode::Standard, Mode::Theory] {
        keep_referee_preference(&mut shelf, mode).unwrap();
        assert_eq!(referee_preference(&shelf), mode);
    }
    shelf.set(REFEREE_KEY, "<quantum>").unwrap();
    assert_eq!(referee_preference(&shelf), Mode::Theory);
}

#[test]
fn daily_copies_kept_aside_are_offered_until_marked_merged() {
    let mut shelf = MapShelf::default();
    assert!(daily_copies_to_merge(&shelf).is_empty());
    shelf.set(DAILY_KEY, "live").unwrap();
    shelf.set("molscrab.daily.unreadable.2", "second").unwrap();
    shelf.set("molscrab.daily.unreadable", "first").unwrap();
    shelf
        .set("molscrab.daily.unreadable.x", "not a copy")
        .unwrap();
    shelf.set("molscrab.bests.unreadable", "bests").unwrap();
    let copies = daily_copies_to_merge(&shelf);
    let keys: Vec<&str> = copies.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        keys,
        ["molscrab.daily.unreadable", "molscrab.daily.unreadable.2"]
    );
    assert_eq!(copies[0].1, "first");
    mark_daily_merged(&mut shelf, &copies[..1]).unwrap();
    let left = daily_copies_to_merge(&shelf);
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].0, "molscrab.daily.unreadable.2");
    // marking is kept with what was marked before, and the copies themselves stay
    mark_daily_merged(&mut shelf, &left).unwrap();
    assert!(daily_copies_to_merge(&shelf).is_empty());
    assert_eq!(
        shelf.get("molscrab.daily.unreadable").as_deref(),
        Some("first")
    );
    // the same key holding another text (storage cleared and refilled) is a new copy
    shelf.set("molscrab.daily.unreadable", "other").unwrap();
    assert_eq!(daily_copies_to_merge(&shelf).len(), 1);
    // an unreadable list of merged copies reads as none: never a panic
    shelf.set(DAILY_MERGED_KEY, "{garbage").unwrap();
    assert_eq!(daily_copies_to_merge(&shelf).len(), 2);
}

#[test]
fn a_save_under_a_referee_this_build_does_not_know_is_kept_aside_and_said_in_words() {
    let mut shelf = MapShelf::default();
    let raw = r#"{"format":"molscrab-game/1","kind":"solitaire","theory":false,"referee":"alchemy","players":["You"],"first":0,"seed":7,"moves":[]}"#;
    shelf.set(SOLITAIRE_KEY, raw).unwrap();
    let Slot::Unreadable(message) = read_slot(&mut shelf, Kind::Solitaire) else {
        panic!("a save of another referee must be reported");
    };
    // the whole text is kept, and the slot is free for a new game
    assert_eq!(
        shelf.get("molscrab.save.solitaire.unreadable").as_deref(),
        Some(raw)
    );
    assert_eq!(shelf.get(SOLITAIRE_KEY), None);
    // the engine's worker says why: the referee, by name, and what to do
    let detail = with_worker_why(&message.detail(), &[raw], false);
    assert!(detail.contains("\"alchemy\""), "{detail}");
    assert!(detail.contains("update the game"), "{detail}");
    // read again, nothing more is moved
    assert!(matches!(
        read_slot(&mut shelf, Kind::Solitaire),
        Slot::Empty
    ));
    assert_eq!(shelf.get("molscrab.save.solitaire.unreadable.2"), None);
}
