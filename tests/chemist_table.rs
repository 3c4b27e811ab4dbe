//! The chemist's referee on the page (RULES §11), natively: a game under it waits for the
//! table of documented substances, a save never counts as unreadable meanwhile, and once the
//! table is installed the game opens and judges as the engine does. Its own test binary, so
//! nothing else installs the table in this process before the waiting is seen.
#![cfg(not(target_arch = "wasm32"))]

use molscrab::session::{Notice, Session};
use molscrab::storage::{MemoryShelf, Shelf, PASS_AND_PLAY_KEY, SOLITAIRE_KEY};
use molscrab::table::{SubstancesLoad, Table, LOADING};
use molscrab::tables;
use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::elements::Tile;
use molscrab_engine::game::Game;
use molscrab_engine::record::{GameRecord, Kind};
use molscrab_engine::referee::{chemist, Mode};

const TABLE: &str = include_str!("../public/lazy/substances.txt");

fn chemist_save(kind: Kind, players: &[&str], bag: &str) -> String {
    let players = players.iter().map(|p| p.to_string()).collect();
    let mut record = GameRecord::new_game(kind, Mode::Chemist, players, 0, 3);
    if !bag.is_empty() {
        record.bag = Some(
            bag.split_whitespace()
                .filter_map(Tile::from_symbol)
                .collect(),
        );
    }
    record.to_json()
}

fn tile(symbol: &str) -> Tile {
    Tile::from_symbol(symbol).unwrap()
}

fn place(s: &mut Session, symbol: &str, row: usize, col: usize) {
    let slot = s
        .rack_slots()
        .into_iter()
        .find(|(_, t)| *t == tile(symbol))
        .unwrap()
        .0;
    s.tap_rack(slot);
    s.tap_square(row, col);
}

fn refused(s: &Session) -> String {
    match s.notice() {
        Some(Notice::Refused(lines)) => lines.join(" "),
        other => panic!("no refusal: {other:?}"),
    }
}

#[test]
fn a_chemists_game_waits_for_the_table_and_its_save_is_never_put_aside() {
    assert!(chemist::installed().is_none(), "nothing installed it yet");
    let solitaire = chemist_save(Kind::Solitaire, &["You"], "");
    let mut shelf = MemoryShelf::default();
    shelf.set(SOLITAIRE_KEY, &solitaire).unwrap();

    // the page opens: the save waits, untouched, and the table is wanted
    let mut t = Table::open(&mut shelf);
    assert!(t.notices().is_empty(), "{:?}", t.notices());
    assert!(t.wants_substances());
    assert_eq!(t.substances_said(), Some((false, LOADING.to_string())));
    assert!(t.saved(&mut shelf, Kind::Solitaire).is_none());
    assert_eq!(
        shelf.get(SOLITAIRE_KEY).as_deref(),
        Some(solitaire.as_str())
    );
    assert_eq!(
        shelf.keys().len(),
        1,
        "nothing kept aside: {:?}",
        shelf.keys()
    );

    // a new game of another referee asks before it would replace the waiting save
    t.start_solitaire(&mut shelf, Mode::Theory, 9);
    assert!(t.replacing().is_some(), "asked first");
    t.keep_save();
    t.persist(&mut shelf).unwrap();
    assert_eq!(
        shelf.get(SOLITAIRE_KEY).as_deref(),
        Some(solitaire.as_str())
    );

    // a new chemist's game asked for: it waits too (no game judged without the table)
    let names = vec!["Ada".to_string(), "Bo".to_string()];
    t.start_pass_and_play(&mut shelf, Mode::Chemist, names, vec![None, None], 0, 5);
    assert!(t.session().is_none());
    t.substances_loading();
    assert!(!t.wants_substances(), "fetched once");

    // offline: said, with the saves as they were; reading the slot does not fetch again
    t.substances_failed("the network did not answer".into());
    let (alert, said) = t.substances_said().unwrap();
    assert!(
        alert && said.contains("the network did not answer"),
        "{said}"
    );
    assert!(said.contains("Your saved games are unchanged"), "{said}");
    assert!(t.saved(&mut shelf, Kind::Solitaire).is_none());
    assert!(!t.wants_substances());
    assert_eq!(
        shelf.get(SOLITAIRE_KEY).as_deref(),
        Some(solitaire.as_str())
    );
    t.persist(&mut shelf).unwrap();
    assert_eq!(
        shelf.get(SOLITAIRE_KEY).as_deref(),
        Some(solitaire.as_str())
    );
    assert!(shelf.get(PASS_AND_PLAY_KEY).is_none());

    // asked again by a tap on Open beside a table of this device's list: nothing opens yet,
    // the save stays as it was, and the table is wanted
    let at_table = chemist_save(Kind::PassAndPlay, &["Ada", "Bo"], "").replacen(
        '{',
        r#"{"table":{"id":"TableAda-0A","seat":0},"#,
        1,
    );
    shelf.set(&tables::key("TableAda-0A"), &at_table).unwrap();
    assert!(!t.open_table(&mut shelf, "TableAda-0A"));
    assert!(t.session().is_none());
    assert!(t.wants_substances());
    t.substances_loading();

    // the table comes: the table tapped opens, and the saves read
    // as the page does: the worker's text of the lexicon
    let text = chemist::Lexicon::build(Some(&Substances::parse(TABLE).unwrap())).to_text();
    chemist::install_lexicon(chemist::Lexicon::from_text(&text).unwrap());
    t.substances_installed(&mut shelf);
    assert_eq!(t.substances(), &SubstancesLoad::Unneeded);
    assert_eq!(t.substances_said(), None);
    let session = t.session().expect("the table tapped opened");
    assert_eq!(
        session.table().map(|at| at.id.as_str()),
        Some("TableAda-0A")
    );
    assert_eq!(session.game().mode(), Mode::Chemist);

    // a new chemist's game opens at once now
    let names = vec!["Ada".to_string(), "Bo".to_string()];
    t.start_pass_and_play(&mut shelf, Mode::Chemist, names, vec![None, None], 0, 5);
    let game = t.session().expect("the new game opened").game();
    assert_eq!(
        (game.kind(), game.mode()),
        (Kind::PassAndPlay, Mode::Chemist)
    );
    let saved = t
        .saved(&mut shelf, Kind::Solitaire)
        .expect("the save reads now");
    assert_eq!(saved.game.mode(), Mode::Chemist);
    t.persist(&mut shelf).unwrap();
    let written = shelf.get(PASS_AND_PLAY_KEY).unwrap();
    assert!(written.contains("\"referee\":\"chemist\""), "{written}");

    // and it judges as the chemist does: a card substance in another order is refused
    let bag = "Cl Na K Br H H O O O O H H H H C C";
    let record = GameRecord::parse(&chemist_save(Kind::Solitaire, &["You"], bag)).unwrap();
    let mut s = Session::open(Game::replay(&record).unwrap(), None);
    place(&mut s, "Cl", 7, 7);
    place(&mut s, "Na", 7, 8);
    assert!(s.submit().is_none());
    let said = refused(&s);
    assert!(
        said.contains("Cl·Na is sodium chloride in the wrong order: play Na·Cl"),
        "{said}"
    );
    // the way out: potassium bromide, off the card, in the textbook's order
    s.recall();
    place(&mut s, "K", 7, 7);
    place(&mut s, "Br", 7, 8);
    let turn = s.submit();
    assert!(turn.is_some(), "K·Br is documented: {:?}", s.notice());
    assert_eq!(s.game().turns()[0].formulas[0].tiles.len(), 2);
}

#[test]
fn a_record_without_the_referee_key_opens_as_before() {
    let text = r#"{"format":"molscrab-game/1","kind":"solitaire","theory":false,"players":["You"],"first":0,"seed":1,"moves":[]}"#;
    let mut shelf = MemoryShelf::default();
    shelf.set(SOLITAIRE_KEY, text).unwrap();
    let mut t = Table::open(&mut shelf);
    let saved = t.saved(&mut shelf, Kind::Solitaire).unwrap();
    assert_eq!(saved.game.mode(), Mode::Standard);
    assert!(!t.wants_substances());
}
