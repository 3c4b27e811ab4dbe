//! Own-device tables on several devices, each a `Table` over its own shelf, with links passed
//! between them as the browser passes them: every link is written and read by the engine's
//! worker (`molscrab_worker::answer`, run natively here), every save checked on the shelf.

use super::*;
use crate::storage::MemoryShelf;
use crate::tables::{self, LinkAnswer};
use molscrab_engine::elements::Tile;
use molscrab_engine::record::Move;
use molscrab_engine::table_link::TableState;
use molscrab_json::Value;

/// Asks the engine's worker, as `ui::engine::ask` does in the browser.
fn worker(question: Value) -> Result<Value, String> {
    let answer = molscrab_json::parse(&molscrab_worker::answer(&question.to_string()))
        .expect("the worker answers JSON");
    match (
        answer.get("ok"),
        answer.get("error").and_then(Value::as_str),
    ) {
        (Some(ok), _) => Ok(ok.clone()),
        (None, Some(error)) => Err(error.to_string()),
        _ => panic!("neither ok nor error: {answer}"),
    }
}

/// One player's device: the app's state over its own storage, saved after every intent as
/// the page's effect does.
struct Phone {
    table: Table,
    shelf: MemoryShelf,
}

impl Phone {
    fn new() -> Phone {
        let mut shelf = MemoryShelf::default();
        let table = Table::open(&mut shelf);
        Phone { table, shelf }
    }

    fn with(&mut self, f: impl FnOnce(&mut Table, &mut MemoryShelf)) {
        f(&mut self.table, &mut self.shelf);
        self.table.persist(&mut self.shelf).expect("saved");
    }

    fn act(&mut self, mut f: impl FnMut(&mut Session) -> Option<Turn>) {
        self.with(|t, _| t.act(&mut f));
    }

    /// "Open table" with these names (this phone at seat 0, who moves first) and, for a short
    /// game, an explicit bag.
    fn open_table(&mut self, names: &[&str], bag: Option<&str>) {
        let names = names.iter().map(|n| n.to_string()).collect();
        let mut record = GameRecord::new_game(Kind::PassAndPlay, Mode::Theory, names, 0, 77);
        record.bag = bag.map(|b| b.split(' ').filter_map(Tile::from_symbol).collect());
        let made = worker(Value::object([
            ("op", "table-create".into()),
            ("record", record.to_value()),
            ("seat", 0u64.into()),
            ("nonce", 5u64.into()),
        ]));
        let save = made.map(|m| m.get("table").and_then(Value::as_long_str).unwrap());
        self.with(|t, _| t.table_opened(save));
    }

    /// Opens a link as the page does: this phone's saves and the link go to the worker, and
    /// its answer to the table.
    fn open_link(&mut self, link: &str) {
        let answer = self.link_answer(link);
        self.with(|t, shelf| t.link_opened(shelf, answer, true));
    }

    /// The worker's answer to a link, as the page asks it: this phone's saves and the link.
    fn link_answer(&mut self, link: &str) -> Result<LinkAnswer, String> {
        let saves = self.table.table_saves(&mut self.shelf);
        worker(Value::object([
            ("op", "table-open".into()),
            (
                "tables",
                Value::Array(saves.iter().map(|s| Value::long_string(s)).collect()),
            ),
            ("link", Value::long_string(link)),
        ]))
        .map(|a| LinkAnswer::from_value(&a).expect("an answer the page reads"))
    }

    fn session(&self) -> &Session {
        self.table.session().expect("a game is open")
    }

    /// The table in play as the engine reads its save.
    fn table_state(&self) -> TableState {
        let at = self.session().table().expect("a table is in play");
        TableState::parse(&self.shelf.get(&tables::key(&at.id)).expect("saved")).unwrap()
    }

    fn invitation(&self, seat: usize) -> String {
        self.table_state().invitation(seat).unwrap()
    }

    fn move_link(&self) -> String {
        self.table_state().move_link()
    }

    /// What the last link said: under the rack on this device's turn, else in the table's
    /// panel, or on the Play tab beside the box it was pasted in (a link from the address:
    /// at the top of the Play tab, `notices`).
    fn said(&self) -> Option<crate::session::Notice> {
        let session = self.table.session();
        let turn = session.filter(|s| s.screen() == Screen::Turn);
        match (session, turn) {
            (_, Some(s)) => s.notice().cloned(),
            (Some(_), None) => self.table.link_news().cloned(),
            (None, None) => self.table.tables_notice().cloned(),
        }
    }

    fn news(&self) -> String {
        match self.said() {
            Some(crate::session::Notice::Info(news)) => news,
            other => panic!("news expected, got {other:?}"),
        }
    }

    fn refusal(&self) -> String {
        match (self.said(), self.table.notices().last()) {
            (Some(crate::session::Notice::Refused(why)), _) => why.join(" "),
            (None, Some(notice)) => notice.to_string(),
            other => panic!("a refusal expected, got {other:?}"),
        }
    }

    fn pass(&mut self) {
        self.act(|s| {
            s.ask_pass();
            s.confirm_pass()
        });
    }
}

/// Three racks and a few tiles more: Ada H H O C C N N, Bo Na Cl K K S S Mg, Cy H H O O C N N.
const BAG: &str = "H H O C C N N Na Cl K K S S Mg H H O O C N N O O H H C";

/// Water across the star, from Ada's rack.
fn play_water(phone: &mut Phone) {
    phone.act(|s| {
        for (el, col) in [("H", 6), ("H", 7), ("O", 8)] {
            let slot = s.rack_slots().into_iter().find(|(_, t)| t.symbol() == el);
            s.tap_rack(slot.expect("on the rack").0);
            s.tap_square(7, col);
        }
        s.submit()
    });
}

fn table_keys(phone: &Phone) -> Vec<String> {
    phone
        .shelf
        .0
        .keys()
        .filter(|k| k.starts_with(tables::KEY_PREFIX))
        .cloned()
        .collect()
}

#[test]
fn a_table_opened_here_is_saved_under_its_own_key_with_its_unsubmitted_tiles() {
    let mut ada = Phone::new();
    ada.open_table(&["Ada", "Bo"], Some(BAG));
    assert_eq!(table_keys(&ada).len(), 1);
    let at = ada
        .session()
        .table()
        .cloned()
        .expect("the table is in play");
    assert_eq!(at.seat, 0);
    assert_eq!(ada.session().screen(), Screen::Turn, "Ada moves first");
    // the Pass and Play slot is not touched: a table has its own key
    assert_eq!(ada.shelf.get(crate::storage::PASS_AND_PLAY_KEY), None);
    ada.act(|s| {
        s.tap_rack(0);
        s.tap_square(7, 7);
        None
    });
    // the page is closed and opened again: the table is listed, and opens with its tile
    let mut again = Phone {
        table: Table::open(&mut ada.shelf),
        shelf: ada.shelf.clone(),
    };
    assert_eq!(again.table.table_saves(&mut again.shelf).len(), 1);
    again.with(|t, shelf| assert!(t.open_table(shelf, &at.id)));
    assert!(again.session().tentative_at(7, 7).is_some());
    // and a saved table is a game record `molscrab replay` reads
    let save = again.shelf.get(&tables::key(&at.id)).unwrap();
    assert!(molscrab_engine::game::Game::load(&save).is_ok());
}

#[test]
fn an_invitation_joins_the_seat_and_that_device_shows_no_rack_until_its_turn() {
    let mut ada = Phone::new();
    ada.open_table(&["Ada", "Bo", "Cy"], Some(BAG));
    let mut bo = Phone::new();
    bo.open_link(&format!("https://example.org/games/#{}", ada.invitation(1)));
    assert_eq!(
        bo.news(),
        "You joined the table as Bo: waiting for Ada — open the link they send you when they \
         have moved."
    );
    let s = bo.session();
    assert_eq!(s.table().map(|at| at.seat), Some(1));
    assert_eq!(
        s.screen(),
        Screen::Waiting,
        "Ada is to move, on her own device"
    );
    // nothing can be played for Ada here
    bo.act(|s| {
        s.tap_rack(0);
        s.tap_square(7, 7);
        s.submit()
    });
    assert!(bo.session().tentative().is_empty());
    assert!(bo.session().game().moves().is_empty());
    assert_eq!(table_keys(&bo).len(), 1);
}

#[test]
fn moves_go_round_a_three_seat_table_and_the_latest_link_catches_up() {
    let mut ada = Phone::new();
    ada.open_table(&["Ada", "Bo", "Cy"], Some(BAG));
    let (mut bo, mut cy) = (Phone::new(), Phone::new());
    bo.open_link(&ada.invitation(1));
    cy.open_link(&ada.invitation(2));
    // Ada plays water; Bo opens her link: his turn
    play_water(&mut ada);
    assert_eq!(ada.session().screen(), Screen::Waiting);
    let water = ada.move_link();
    bo.open_link(&water);
    assert_eq!(bo.news(), "1 new move applied — it's your turn.");
    assert_eq!(bo.session().screen(), Screen::Turn);
    assert_eq!(bo.session().game().scores()[0], 6);
    // Cy misses Ada's link; Bo passes, and his link carries both moves
    bo.pass();
    cy.open_link(&bo.move_link());
    assert_eq!(cy.news(), "2 new moves applied — it's your turn.");
    assert_eq!(cy.session().game().moves().len(), 2);
    // the older link changes nothing now
    let before = cy.shelf.clone();
    cy.open_link(&water);
    assert!(
        cy.news().starts_with("Nothing new in this link"),
        "{}",
        cy.news()
    );
    assert_eq!(cy.shelf.0, before.0);
    // Cy passes; Ada catches up from Cy's link alone, and so does Bo
    cy.pass();
    ada.open_link(&cy.move_link());
    assert_eq!(ada.news(), "2 new moves applied — it's your turn.");
    bo.open_link(&cy.move_link());
    assert_eq!(bo.news(), "1 new move applied — waiting for Ada.");
    for phone in [&bo, &cy] {
        assert_eq!(
            phone.table_state().game().moves(),
            ada.session().game().moves()
        );
    }
}

#[test]
fn a_bad_link_changes_no_save_and_says_why() {
    let mut ada = Phone::new();
    ada.open_table(&["Ada", "Bo", "Cy"], Some(BAG));
    let mut bo = Phone::new();
    bo.open_link(&ada.invitation(1));
    let (mut cy, cy_invitation) = (Phone::new(), ada.invitation(2));
    play_water(&mut ada);
    let water = ada.move_link();
    // another table's link
    let mut di = Phone::new();
    di.open_table(&["Di", "Ed"], None);
    let other = di.table_state().catch_up_link();
    // a link that skips a move: Bo's own next move link, made on a copy of his table that
    // has Ada's water, opened on a device that lacks the water (Cy's)
    cy.open_link(&cy_invitation);
    let molscrab_engine::table_link::Applied::Advanced { table, .. } =
        bo.table_state().apply_text(&water).unwrap()
    else {
        panic!("the water is new to Bo");
    };
    let mut bo_ahead = *table;
    bo_ahead.play(&Move::Pass).unwrap();
    let skipping = bo_ahead.link_from(1);
    let before = cy.shelf.0.clone();
    cy.open_link(&skipping);
    assert!(
        cy.refusal().contains("a link in between is missing"),
        "{}",
        cy.refusal()
    );
    assert_eq!(cy.shelf.0, before);
    let edited = {
        let mut text: Vec<char> = water.chars().collect();
        let at = text.len() - 7;
        text[at] = if text[at] == 'A' { 'B' } else { 'A' };
        text.into_iter().collect::<String>()
    };
    let truncated = water[..water.len() - 9].to_string();
    let huge = format!("t1.{}", "A".repeat(70_000));
    for (link, says) in [
        (other.as_str(), "open the invitation for your seat first"),
        (edited.as_str(), "changed or damaged"),
        (truncated.as_str(), "cut short"),
        (huge.as_str(), "more than the 65536"),
        ("hello", "not a Molecular Scrabble table link"),
    ] {
        let before = bo.shelf.0.clone();
        bo.open_link(link);
        assert!(bo.refusal().contains(says), "{says}: {}", bo.refusal());
        assert_eq!(bo.shelf.0, before, "{says}: nothing saved changed");
    }
    // and the good link still applies afterwards
    bo.open_link(&water);
    assert_eq!(bo.news(), "1 new move applied — it's your turn.");
}

#[test]
fn a_refused_link_on_the_devices_own_turn_says_it_is_the_links_refusal() {
    // Ada moves first: a damaged link arrives on her turn, under her rack
    let mut ada = Phone::new();
    ada.open_table(&["Ada", "Bo"], None);
    assert_eq!(ada.session().screen(), Screen::Turn);
    let mut damaged: Vec<char> = ada.invitation(1).chars().collect();
    let at = damaged.len() - 7;
    damaged[at] = if damaged[at] == 'A' { 'B' } else { 'A' };
    let damaged: String = damaged.into_iter().collect();
    ada.open_link(&damaged);
    let Some(crate::session::Notice::Refused(lines)) = ada.said() else {
        panic!("a refusal expected, got {:?}", ada.said());
    };
    assert_eq!(lines[0], crate::session::LINK_REFUSED, "{lines:?}");
    assert!(
        ada.refusal().contains("changed or damaged"),
        "{}",
        ada.refusal()
    );
    assert_eq!(ada.session().screen(), Screen::Turn);
}

#[test]
fn a_refused_link_on_the_play_tab_is_named_there() {
    let mut bo = Phone::new();
    bo.open_link("t1.AAAA");
    assert!(bo.table.session().is_none());
    assert!(bo.refusal().contains("changed or damaged") || bo.refusal().contains("cut short"));
    assert!(table_keys(&bo).is_empty());
    // pasted: said beside the box, where a second bad link's answer replaces the first's
    assert!(bo.table.notices().is_empty(), "{:?}", bo.table.notices());
    bo.table
        .tell_tables("Paste a table link into the box first.".into());
    bo.open_link("t1.");
    assert!(bo.refusal().contains("cut short"), "{}", bo.refusal());
    // from the address: at the top of the Play tab, where the next one replaces it too
    for link in ["t1.AAAA", "t1."] {
        bo.table.link_asked();
        let answer = bo.link_answer(link);
        bo.with(|t, shelf| t.link_opened(shelf, answer, false));
    }
    assert_eq!(bo.table.notices().len(), 1, "{:?}", bo.table.notices());
    // an address with another `#` fragment says nothing at all
    let answer = Ok(LinkAnswer::Ignored("not a link".into()));
    let notices = bo.table.notices().len();
    bo.table.link_asked();
    bo.with(|t, shelf| t.link_opened(shelf, answer, false));
    assert_eq!(bo.table.notices().len(), notices);
    assert!(!bo.table.opening_link());
}

#[test]
fn a_link_in_the_address_holds_the_play_tab_until_it_is_answered_or_put_aside() {
    let mut ada = Phone::new();
    ada.open_table(&["Ada", "Bo"], None);
    let invitation = ada.invitation(1);
    // answered: Bo's table is in play, and the Play tab no longer waits
    let mut bo = Phone::new();
    bo.table.link_asked();
    assert!(bo.table.opening_link());
    let answer = bo.link_answer(&invitation);
    bo.with(|t, shelf| t.link_opened(shelf, answer, false));
    assert!(!bo.table.opening_link());
    assert!(bo.session().table().is_some());
    // refused: said on the Play tab, which no longer waits
    let mut cy = Phone::new();
    cy.table.link_asked();
    let answer = cy.link_answer("t1.AAAA");
    cy.with(|t, shelf| t.link_opened(shelf, answer, false));
    assert!(!cy.table.opening_link());
    assert!(cy.refusal().contains("changed or damaged") || cy.refusal().contains("cut short"));
    // put aside ("Show the Play tab"): the answer, when it comes, changes nothing
    let mut di = Phone::new();
    di.table.link_asked();
    di.table.stop_opening_link();
    assert!(!di.table.opening_link());
    let answer = di.link_answer(&invitation);
    di.with(|t, shelf| t.link_opened(shelf, answer, false));
    assert!(di.table.session().is_none());
    assert!(di.table.notices().is_empty());
    assert!(table_keys(&di).is_empty());
    // two links asked: the Play tab waits for both answers
    let mut ed = Phone::new();
    ed.table.link_asked();
    ed.table.link_asked();
    let answer = ed.link_answer("t1.AAAA");
    ed.with(|t, shelf| t.link_opened(shelf, answer, false));
    assert!(ed.table.opening_link());
}

#[test]
fn a_game_played_to_its_end_has_the_same_results_on_every_device() {
    // the bag holds only the two racks: four passes end the game
    let mut ada = Phone::new();
    ada.open_table(&["Ada", "Bo"], Some("H H O C C N N Na Cl K K S S Mg"));
    let mut bo = Phone::new();
    bo.open_link(&ada.invitation(1));
    play_water(&mut ada);
    bo.open_link(&ada.move_link());
    for _ in 0..2 {
        bo.pass();
        ada.open_link(&bo.move_link());
        ada.pass();
        bo.open_link(&ada.move_link());
    }
    assert_eq!(bo.session().screen(), Screen::Results);
    // Ada's device saw the end as she made it: Bo's last link is only needed by others
    assert_eq!(ada.session().screen(), Screen::Results);
    let (a, b) = (ada.session().game(), bo.session().game());
    assert_eq!(a.scores(), b.scores());
    assert_eq!(a.winners(), Some(vec![0]));
    assert_eq!(b.winners(), Some(vec![0]));
    assert_eq!(a.ending(), b.ending());
    // a finished table stays saved (its results are there to look at) until removed
    assert_eq!(table_keys(&ada).len(), 1);
    let at = ada.session().table().cloned().unwrap();
    ada.with(|t, shelf| t.remove_table(shelf, &at.id));
    assert!(
        ada.table.session().is_none(),
        "removing the table in play leaves it"
    );
    assert!(table_keys(&ada).is_empty());
}

#[test]
fn an_unreadable_table_save_is_kept_aside_and_named() {
    let mut phone = Phone::new();
    phone.open_table(&["Ada", "Bo"], None);
    let mut shelf = phone.shelf.clone();
    shelf
        .set("molscrab.table.AAAAAAAAAAA", "{\"format\": 1")
        .unwrap();
    let mut back = Phone {
        table: Table::open(&mut shelf),
        shelf,
    };
    let saves = back.table.table_saves(&mut back.shelf);
    assert_eq!(saves.len(), 1, "the good table is still listed");
    assert!(back.table.notices()[0]
        .headline()
        .contains("saved table game"));
    assert_eq!(
        back.shelf
            .get("molscrab.table.AAAAAAAAAAA.unreadable")
            .as_deref(),
        Some("{\"format\": 1")
    );
    assert_eq!(back.shelf.get("molscrab.table.AAAAAAAAAAA"), None);
}

#[test]
fn two_tabs_at_one_table_never_lose_a_link() {
    let mut ada = Phone::new();
    ada.open_table(&["Ada", "Bo"], Some(BAG));
    let mut bo = Phone::new();
    bo.open_link(&ada.invitation(1));
    play_water(&mut ada);
    let water = ada.move_link();
    // Bo's second tab has the table open; the first tab opens Ada's link
    let id = bo.session().table().unwrap().id.clone();
    let mut tab = Table::open(&mut bo.shelf);
    assert!(tab.open_table(&mut bo.shelf, &id));
    tab.persist(&mut bo.shelf).unwrap();
    bo.open_link(&water);
    // the second tab hears of it and follows (nothing of its own was unsaved)
    assert!(tab.storage_changed(&mut bo.shelf, Some(&tables::key(&id))));
    assert_eq!(tab.session().unwrap().game().moves().len(), 1);
    assert_eq!(tab.session().unwrap().screen(), Screen::Turn);
}

#[test]
fn a_long_game_travels_between_page_and_worker_in_pieces() {
    // 700 exchanges: the save is longer than one JSON string may be (10,000 characters)
    let names = vec!["Ada".to_string(), "Bo".to_string()];
    let mut game = molscrab_engine::game::Game::new(
        Kind::PassAndPlay,
        molscrab_engine::referee::Mode::Theory,
        names,
        0,
        9,
    )
    .unwrap();
    for _ in 0..700 {
        let tile = game.rack(game.to_move())[0];
        game.exchange(&[tile]).unwrap();
    }
    let table = TableState::create(game.record(), 0, 1).unwrap();
    assert!(table.to_json().len() > 10_000);
    let mut bo = Phone::new();
    bo.open_link(&table.invitation(1).unwrap());
    assert!(
        bo.news().starts_with("You joined the table as Bo"),
        "{}",
        bo.news()
    );
    assert_eq!(bo.session().game().moves().len(), 700);
    // its save goes back to the worker in pieces: the same link again is nothing new
    bo.open_link(&table.invitation(1).unwrap());
    assert!(bo.news().starts_with("Nothing new"), "{}", bo.news());
    let panel = worker(Value::object([
        ("op", "table-screen".into()),
        ("table", Value::long_string(&bo.table_state().to_json())),
        ("base", "https://x.example/".into()),
    ]))
    .unwrap();
    let panel = crate::ui::tables::Panel::read(&panel).unwrap();
    let catch_up = panel.catch_up.unwrap();
    assert_eq!(catch_up.label, "Catch-up link");
    assert!(
        catch_up.url.len() > 1_000,
        "{} characters",
        catch_up.url.len()
    );
}

/// A device whose storage has no room for a copy kept aside.
struct NoRoomAside<'a>(&'a mut MemoryShelf);

impl crate::storage::Shelf for NoRoomAside<'_> {
    fn get(&self, key: &str) -> Option<String> {
        self.0.get(key)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), crate::storage::StorageError> {
        match key.contains(".aside.") {
            true => Err(crate::storage::StorageError::Refused),
            false => self.0.set(key, value),
        }
    }
    fn remove(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn keys(&self) -> Vec<String> {
        self.0.keys()
    }
}

/// Places `tiles` (symbol, row, column) from the rack and submits them.
fn play_tiles(phone: &mut Phone, tiles: &[(&str, usize, usize)]) {
    phone.act(|s| {
        for &(el, row, col) in tiles {
            let slot = s.rack_slots().into_iter().find(|(_, t)| t.symbol() == el);
            s.tap_rack(slot.expect("on the rack").0);
            s.tap_square(row, col);
        }
        s.submit()
    });
}

#[test]
fn a_seat_on_two_devices_catches_up_on_both_and_keeps_its_own_move_aside() {
    let mut ada = Phone::new();
    ada.open_table(&["Ada", "Bo", "Cy"], Some(BAG));
    let (mut bo, mut phone, mut tablet) = (Phone::new(), Phone::new(), Phone::new());
    bo.open_link(&ada.invitation(1));
    // Cy joins on a tablet, then plays on her phone
    tablet.open_link(&ada.invitation(2));
    phone.open_link(&ada.invitation(2));
    play_water(&mut ada);
    bo.open_link(&ada.move_link());
    bo.pass();
    phone.open_link(&bo.move_link());
    phone.pass();
    ada.open_link(&phone.move_link());
    ada.pass();
    // the tablet, opened later, has missed a link: it says to ask for a catch-up link
    tablet.open_link(&ada.move_link());
    assert!(
        tablet.refusal().contains("ask for a catch-up link"),
        "{}",
        tablet.refusal()
    );
    let catch_up = ada.table_state().catch_up_link();
    tablet.open_link(&catch_up);
    assert_eq!(tablet.news(), "4 new moves applied — waiting for Bo.");
    assert_eq!(tablet.table_state().record(), ada.table_state().record());
    // Cy's own invitation is a catch-up too: here, nothing new
    tablet.open_link(&ada.invitation(2));
    assert!(
        tablet.news().starts_with("Nothing new"),
        "{}",
        tablet.news()
    );
    // Bo passes; both of Cy's devices take it, and Cy's turn is played on each: an O above
    // the water's O on the tablet, which is not sent; a pass on the phone, which is
    bo.open_link(&ada.move_link());
    bo.pass();
    for cy in [&mut phone, &mut tablet] {
        cy.open_link(&bo.move_link());
        assert_eq!(cy.session().screen(), Screen::Turn);
    }
    play_tiles(&mut tablet, &[("O", 6, 8)]);
    assert_eq!(tablet.session().game().moves().len(), 6);
    phone.pass();
    let pass = phone.move_link();
    ada.open_link(&pass);
    // the phone's move link does not replace the tablet's move, and says what will
    let before = tablet.shelf.0.clone();
    tablet.open_link(&pass);
    assert!(
        tablet.refusal().starts_with(
            "Move 6 in this link is another move for Cy than the one this device made"
        ),
        "{}",
        tablet.refusal()
    );
    assert_eq!(tablet.shelf.0, before);
    // a catch-up link takes the table's game, once the tablet's game with its O is kept
    // aside: where storage can't keep it, nothing changes, and the player is told why
    let catch_up = ada.table_state().catch_up_link();
    let answer = tablet.link_answer(&catch_up);
    let Phone { table, shelf } = &mut tablet;
    let mut full = NoRoomAside(shelf);
    table.link_opened(&mut full, answer, true);
    table.persist(&mut full).expect("saved");
    assert_eq!(
        tablet.refusal(),
        "This device's own move could not be kept aside (this browser's storage is full or \
         turned off), so the link changed nothing."
    );
    assert_eq!(tablet.shelf.0, before);
    let id = tablet.session().table().unwrap().id.clone();
    let mine = tablet.shelf.get(&tables::key(&id)).unwrap();
    tablet.open_link(&catch_up);
    assert_eq!(
        tablet.news(),
        "1 new move applied — waiting for Ada. Move 6 as this device made it for Cy is not in \
         the table's game: Cy's turn was played on another device, and the table went on from \
         there. This device's game with its own move is kept aside."
    );
    let check = molscrab_engine::table_link::moves_check(
        molscrab_engine::table_link::TableId::from_text(&id).unwrap(),
        TableState::parse(&mine).unwrap().game().moves(),
    );
    let aside = format!("molscrab.table.{id}.aside.{check:08x}");
    assert_eq!(tablet.shelf.get(&aside), Some(mine));
    assert_eq!(tablet.table_state().record(), ada.table_state().record());
    assert_eq!(tablet.session().screen(), Screen::Waiting);
    // the copy is no table of its own: the device still lists one table
    assert_eq!(tablet.table.table_saves(&mut tablet.shelf).len(), 1);
}
