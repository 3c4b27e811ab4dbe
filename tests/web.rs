//! Component tests in headless Chromium (wasm-bindgen-test): mount a component, read the DOM.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use molscrab::session::Session;
use molscrab::ui::game_screen::GameScreen;
use molscrab::ui::notebook::Notebook;
use molscrab::ui::rack::Rack;
use molscrab::ui::{BoardView, Store};
use molscrab_engine::elements::Tile;
use molscrab_engine::game::Game;
use molscrab_engine::record::{GameRecord, Kind};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a browser document")
}

/// A fresh element to mount into, so tests don't see each other's DOM.
fn fresh_root() -> web_sys::HtmlElement {
    let el: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&el).unwrap();
    el
}

/// A timer of `ms` milliseconds, queued after those already waiting.
async fn after_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// Leptos updates the DOM asynchronously: let it run.
async fn settle() {
    after_ms(20).await;
}

/// One task: the timers already waiting run first (the Play tab's next part, `store::Stage`).
async fn next_task() {
    after_ms(0).await;
}

/// Once the Play tab's first build is written whole (`store::Stage`, a part a task: on a busy
/// machine longer than one `settle`), and the page updated.
async fn written_whole(store: Store) {
    use molscrab::ui::store::Stage;
    for _ in 0..200 {
        if store.stage_reached(Stage::All) {
            return settle().await;
        }
        after_ms(5).await;
    }
    panic!("the Play tab's first build never came to its last part");
}

fn session(kind: Kind, players: &[&str], bag: &str) -> Session {
    let names = players.iter().map(|p| p.to_string()).collect();
    let mut record =
        GameRecord::new_game(kind, molscrab_engine::referee::Mode::Theory, names, 0, 1);
    record.bag = Some(bag.split(' ').filter_map(Tile::from_symbol).collect());
    Session::open(Game::replay(&record).unwrap(), None)
}

/// Mounts `view` with a table holding `session`.
fn mount_with<V: IntoView + 'static>(
    session: Session,
    view: impl FnOnce() -> V + 'static,
) -> web_sys::HtmlElement {
    mount_keeping_store(session, view).0
}

/// Mounts `view` with a table holding `session`, and hands back the store, for a test to act
/// on.
fn mount_keeping_store<V: IntoView + 'static>(
    session: Session,
    view: impl FnOnce() -> V + 'static,
) -> (
    web_sys::HtmlElement,
    std::rc::Rc<std::cell::Cell<Option<Store>>>,
) {
    let root = fresh_root();
    let store = std::rc::Rc::new(std::cell::Cell::new(None));
    let kept = store.clone();
    leptos::mount::mount_to(root.clone(), move || {
        let store = Store::open();
        store.update(|t| t.show(session));
        provide_context(store);
        kept.set(Some(store));
        view()
    })
    .forget();
    (root, store)
}

fn click(root: &web_sys::HtmlElement, selector: &str) {
    let el: web_sys::HtmlElement = root
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .unchecked_into();
    el.click();
}

/// Clicks the button whose text is `text`.
fn click_button(root: &web_sys::HtmlElement, text: &str) {
    button(root, text)
        .unwrap_or_else(|| panic!("no button {text:?}"))
        .click();
}

/// The button whose text is `text`, if one shows.
fn button(root: &web_sys::HtmlElement, text: &str) -> Option<web_sys::HtmlElement> {
    let buttons = root.query_selector_all("button").unwrap();
    (0..buttons.length())
        .filter_map(|i| buttons.item(i))
        .map(|b| b.unchecked_into::<web_sys::HtmlElement>())
        .find(|b| b.text_content().as_deref() == Some(text))
}

fn count(root: &web_sys::HtmlElement, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

const BAG: &str = "H H O C N Na Cl O O N N K K S S Mg Mg";

#[wasm_bindgen_test]
async fn the_board_mounts_with_225_squares_and_the_star() {
    let root = fresh_root();
    let _handle = leptos::mount::mount_to(root.clone(), BoardView);
    settle().await;
    assert_eq!(count(&root, "button[data-row][data-col]"), 225);
    let star = root
        .query_selector("[data-row='7'][data-col='7']")
        .unwrap()
        .expect("the centre square");
    assert!(star
        .get_attribute("aria-label")
        .unwrap()
        .contains("centre star"));
    assert_eq!(count(&root, ".sq.tw"), 8);
    assert_eq!(count(&root, ".sq.dw"), 17);
    // a WAI-ARIA grid: 15 rows of 15 cells, and one Tab stop, the cursor on the star
    assert_eq!(count(&root, "[role='grid'] > [role='row']"), 15);
    assert_eq!(count(&root, "[role='row'] > [role='gridcell']"), 225);
    assert_eq!(count(&root, "[tabindex='0']"), 1);
    assert_eq!(star.get_attribute("tabindex").as_deref(), Some("0"));
    assert!(star
        .get_attribute("aria-label")
        .unwrap()
        .starts_with("Empty, row 8, column 8, centre star, double word"));
}

#[wasm_bindgen_test]
async fn the_rack_shows_the_tiles_of_the_player_to_move() {
    let root = mount_with(session(Kind::Solitaire, &["You"], BAG), Rack);
    settle().await;
    let symbols: Vec<String> = (0..count(&root, "button[data-symbol]"))
        .map(|i| {
            root.query_selector_all("button[data-symbol]")
                .unwrap()
                .item(i)
                .unwrap()
                .unchecked_into::<web_sys::Element>()
                .get_attribute("data-symbol")
                .unwrap()
        })
        .collect();
    assert_eq!(symbols, ["H", "H", "O", "C", "N", "Na", "Cl"]);
}

#[wasm_bindgen_test]
async fn a_tapped_tile_lands_on_the_tapped_square_and_looks_new() {
    let root = mount_with(session(Kind::Solitaire, &["You"], BAG), GameScreen);
    settle().await;
    click(&root, ".rack button[data-symbol='O']");
    settle().await;
    click(&root, ".board [data-row='7'][data-col='7']");
    settle().await;
    let square = root
        .query_selector(".board [data-row='7'][data-col='7']")
        .unwrap()
        .unwrap();
    assert!(
        square.class_name().contains("new"),
        "{}",
        square.class_name()
    );
    assert!(square
        .get_attribute("aria-label")
        .unwrap()
        .contains("O (Oxygen), placed this turn"));
    assert_eq!(count(&root, ".rack button[data-symbol]"), 6);
}

#[wasm_bindgen_test]
async fn a_tile_taken_back_shows_again_on_the_rack_keeping_the_text_its_button_still_held() {
    let root = mount_with(session(Kind::Solitaire, &["You"], BAG), GameScreen);
    settle().await;
    let buttons = || {
        let all = root.query_selector_all(".rack button").unwrap();
        (0..all.length())
            .map(|i| all.item(i).unwrap().unchecked_into::<web_sys::Element>())
            .collect::<Vec<_>>()
    };
    let last_text = buttons()[6].first_child().expect("Cl's text");
    // O (the third tile) to the star: the tiles after it move up a button, the last is hidden
    click(&root, ".rack button[data-symbol='O']");
    settle().await;
    click(&root, ".board [data-row='7'][data-col='7']");
    settle().await;
    assert!(buttons()[6].has_attribute("hidden"));
    assert_eq!(buttons()[2].text_content().as_deref(), Some("C"));
    // taken back: every button shows its tile again, and the hidden one, which still held
    // Cl's text, points and name, kept them (its text node is the very same)
    click(&root, ".board [data-row='7'][data-col='7']");
    settle().await;
    let shown: Vec<_> = buttons()
        .iter()
        .map(|b| {
            let attr = |name: &str| b.get_attribute(name).unwrap_or_default();
            (
                b.text_content().unwrap_or_default(),
                attr("data-symbol"),
                attr("data-pts"),
                attr("aria-label"),
                b.has_attribute("hidden"),
            )
        })
        .collect();
    assert_eq!(
        shown[2],
        (
            "O".into(),
            "O".into(),
            "1".into(),
            "O (Oxygen), 1 point".into(),
            false
        )
    );
    assert_eq!(
        shown[6],
        (
            "Cl".into(),
            "Cl".into(),
            "2".into(),
            "Cl (Chlorine), 2 points".into(),
            false
        )
    );
    let symbols: Vec<&str> = shown.iter().map(|s| s.1.as_str()).collect();
    assert_eq!(symbols, ["H", "H", "O", "C", "N", "Na", "Cl"]);
    assert!(shown.iter().all(|s| s.0 == s.1));
    assert!(last_text.is_same_node(buttons()[6].first_child().as_ref()));
}

#[wasm_bindgen_test]
async fn the_notebook_and_the_board_follow_each_move_made_on_screen() {
    let root = mount_with(session(Kind::Solitaire, &["You"], BAG), GameScreen);
    settle().await;
    assert!(root.text_content().unwrap().contains("No turns yet."));
    for (symbol, col) in [("H", 7), ("H", 8), ("O", 9)] {
        click(&root, &format!(".rack button[data-symbol='{symbol}']"));
        settle().await;
        click(&root, &format!(".board [data-row='7'][data-col='{col}']"));
        settle().await;
    }
    assert_eq!(count(&root, ".board .sq.new"), 3);
    let buttons = root.query_selector_all(".controls button").unwrap();
    let submit: web_sys::HtmlElement = (0..buttons.length())
        .filter_map(|i| buttons.item(i))
        .find(|b| b.text_content().as_deref() == Some("Submit formula"))
        .expect("a Submit formula button")
        .unchecked_into();
    submit.click();
    settle().await;
    // a move made through the page reaches the notebook, and the squares stop looking new
    let text = root.text_content().unwrap();
    assert!(text.contains("H₂O — water"), "{text}");
    assert_eq!(count(&root, ".notebook .entry"), 1);
    assert_eq!(count(&root, ".board .sq.new"), 0);
    assert_eq!(count(&root, ".board .sq.last"), 3);
}

#[wasm_bindgen_test]
async fn a_submitted_formula_is_written_in_the_notebook() {
    let mut s = session(Kind::Solitaire, &["You"], BAG);
    s.tap_rack(0);
    s.tap_square(7, 7);
    s.tap_rack(1);
    s.tap_square(7, 8);
    s.tap_rack(2);
    s.tap_square(7, 9);
    s.submit().expect("H·H·O is water");
    let root = mount_with(s, Notebook);
    settle().await;
    let text = root.text_content().unwrap();
    assert!(text.contains("H₂O — water"), "{text}");
    assert!(text.contains("Card"), "{text}");
}

#[wasm_bindgen_test]
async fn a_new_turn_is_put_at_the_top_of_the_notebook_and_the_entries_before_it_stay() {
    let mut s = session(Kind::Solitaire, &["You"], BAG);
    for (slot, col) in [(0, 7), (1, 8), (2, 9)] {
        s.tap_rack(slot);
        s.tap_square(7, col);
    }
    s.submit().expect("H·H·O is water");
    let (root, store) = mount_keeping_store(s, Notebook);
    settle().await;
    let water = root.query_selector(".notebook .entry").unwrap().unwrap();
    assert!(water.text_content().unwrap().starts_with("1.You scored"));
    let store = store.get().expect("the store");
    // a tap that adds no turn writes nothing
    store.act(|s| {
        s.tap_rack(0);
        None
    });
    settle().await;
    let entries = root.query_selector_all(".notebook .entry").unwrap();
    assert_eq!(entries.length(), 1);
    assert!(entries.item(0).unwrap() == *water);
    store.act(|s| {
        s.start_exchange();
        s.tap_rack(0);
        s.confirm_exchange()
    });
    settle().await;
    // the exchange is written above the water, which is the same element as before (focus on its
    // formula, or a screen reader's place in the list, survives)
    let entries = root.query_selector_all(".notebook .entry").unwrap();
    assert_eq!(entries.length(), 2);
    let newest = entries.item(0).unwrap().text_content().unwrap();
    assert!(newest.starts_with("2.You exchanged 1 tile"), "{newest}");
    assert!(entries.item(1).unwrap() == *water);
    assert_eq!(count(&root, ".notebook .turns"), 1);
}

#[wasm_bindgen_test]
async fn the_hand_off_shows_no_rack() {
    let root = mount_with(
        session(Kind::PassAndPlay, &["Ada", "<b>Bo</b>"], BAG),
        GameScreen,
    );
    settle().await;
    assert_eq!(count(&root, ".rack"), 0);
    assert_eq!(count(&root, "button[data-symbol]"), 0);
    let text = root.text_content().unwrap();
    assert!(text.contains("Pass the device to Ada"), "{text}");
    // odd names are text, never markup
    assert!(text.contains("<b>Bo</b>"), "{text}");
    assert_eq!(count(&root, ".scoreboard b"), 0);
}

#[wasm_bindgen_test]
async fn a_tap_updates_the_board_square_in_place() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.clear().unwrap();
    let root = fresh_root();
    leptos::mount::mount_to(root.clone(), || view! { <molscrab::ui::App /> }).forget();
    settle().await;
    let start = root.query_selector_all("button").unwrap();
    let start: web_sys::HtmlElement = (0..start.length())
        .filter_map(|i| start.item(i))
        .map(|n| n.unchecked_into::<web_sys::HtmlElement>())
        .find(|b| b.text_content().as_deref() == Some("Start solitaire"))
        .expect("the Start solitaire button");
    start.click();
    settle().await;
    let star = root
        .query_selector(".board [data-row='7'][data-col='7']")
        .unwrap()
        .unwrap();
    star.unchecked_ref::<web_sys::HtmlElement>()
        .focus()
        .unwrap();
    // any tile but a Wild Isotope, which would wait for its element (the bag is random)
    click(&root, ".rack button[data-symbol]:not([data-symbol='?'])");
    settle().await;
    click(&root, ".board [data-row='7'][data-col='7']");
    settle().await;
    let after = root
        .query_selector(".board [data-row='7'][data-col='7']")
        .unwrap()
        .unwrap();
    // the same element, so keyboard focus and screen-reader position survive a tap
    assert!(star.is_same_node(Some(&after)));
    assert!(
        after.class_name().contains("new"),
        "{} {:?}",
        after.class_name(),
        root.text_content()
    );
    storage.clear().unwrap();
}

#[wasm_bindgen_test]
fn the_browser_shelf_knows_a_key_it_wrote_is_unchanged_and_sees_another_writer() {
    use molscrab::storage::{LocalShelf, Shelf};
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let key = "molscrab.test.holds";
    let mut shelf = LocalShelf::open();
    shelf.set(key, "{\"moves\": [1]}").unwrap();
    assert!(shelf.holds_exactly(key, "{\"moves\": [1]}"));
    assert!(!shelf.holds_exactly(key, "{\"moves\": []}"));
    // another tab writes (straight into localStorage, as another page's code would)
    storage.set_item(key, "{\"moves\": [1, 2]}").unwrap();
    assert!(
        !shelf.holds_exactly(key, "{\"moves\": [1]}"),
        "the change is seen"
    );
    assert!(shelf.holds_exactly(key, "{\"moves\": [1, 2]}"));
    assert_eq!(shelf.get(key).as_deref(), Some("{\"moves\": [1, 2]}"));
    // removed by another tab: holds nothing
    storage.remove_item(key).unwrap();
    assert!(!shelf.holds_exactly(key, "{\"moves\": [1, 2]}"));
    assert_eq!(shelf.get(key), None);
    shelf.set(key, "x").unwrap();
    shelf.remove(key);
    assert!(!shelf.holds_exactly(key, "x"));
}

#[wasm_bindgen_test]
async fn a_move_rewrites_only_the_bench_values_it_changed_and_keeps_its_lines() {
    let s = session(Kind::Solitaire, &["You"], BAG);
    let (root, store) = mount_keeping_store(s, molscrab::ui::side_panel::SidePanel);
    settle().await;
    let value = |id: &str| {
        root.query_selector(&format!("[data-testid='{id}']"))
            .unwrap()
            .unwrap_or_else(|| panic!("no {id} on the bench"))
    };
    let (score, exchanges) = (value("score"), value("exchanges-left"));
    let exchanges_text = exchanges.first_child().expect("its text");
    assert_eq!(score.text_content().as_deref(), Some("0"));
    let store = store.get().expect("the store");
    store.act(|s| {
        for (slot, col) in [(0, 7), (1, 8), (2, 9)] {
            s.tap_rack(slot);
            s.tap_square(7, col);
        }
        s.submit()
    });
    settle().await;
    // the same elements, the score's text new, the unchanged value's text untouched
    assert!(value("score") == score);
    assert_ne!(score.text_content().as_deref(), Some("0"));
    assert!(exchanges.first_child().is_some_and(|t| t == exchanges_text));
    let lines = root.query_selector_all(".stats dt").unwrap().length();
    assert_eq!(
        lines,
        root.query_selector_all(".stats dd").unwrap().length()
    );
    assert!(root.text_content().unwrap().contains("Formulas played1"));
}

#[wasm_bindgen_test]
async fn the_play_tab_is_written_a_part_a_task_in_the_pages_order_and_whole_when_built_again() {
    let store = Store::open();
    let mount = move || {
        let root = fresh_root();
        leptos::mount::mount_to(root.clone(), move || {
            provide_context(store);
            molscrab::ui::play_menu::PlayMenu()
        })
        .forget();
        root
    };
    let text = |root: &web_sys::HtmlElement, selector: &str| {
        root.query_selector(selector)
            .unwrap()
            .map(|found| found.text_content().unwrap_or_default())
            .unwrap_or_default()
    };
    // the mount's own task writes the tab's frame: none of its parts yet (the load's longest
    // task is the shorter)
    let first = mount();
    assert_eq!(count(&first, ".menu"), 1);
    assert_eq!(count(&first, ".referee"), 0);
    assert_eq!(count(&first, ".cards section"), 0);
    // each part in a task of its own, from the top down, so that nothing drawn moves
    next_task().await;
    assert_eq!(count(&first, ".referee input[type=radio]"), 3);
    assert_eq!(count(&first, ".cards section"), 0);
    next_task().await;
    assert!(text(&first, ".cards").contains("Solitaire"));
    assert!(!text(&first, ".cards").contains("Pass and Play"));
    // the sections under the cards show only once all are written: shown as they filled,
    // those above moved the rest down
    assert_eq!(count(&first, "section.bests"), 0);
    written_whole(store).await;
    assert!(text(&first, ".cards").contains("Pass and Play"));
    assert_eq!(count(&first, ".below[hidden]"), 0);
    assert!(text(&first, "section.daily").contains("Daily Bench"));
    assert!(text(&first, "section.bests").contains("Personal bests"));
    assert_eq!(count(&first, "#tables-h"), 1);
    // built again (after a game), the tab is written whole at once
    let again = mount();
    assert_eq!(count(&again, ".referee input[type=radio]"), 3);
    assert!(text(&again, ".cards").contains("Pass and Play"));
    assert!(text(&again, "section.daily").contains("Daily Bench"));
    assert!(text(&again, "section.bests").contains("Personal bests"));
}

#[wasm_bindgen_test]
async fn the_pass_and_play_seats_are_signals_the_start_button_reads() {
    let store = Store::open();
    let root = fresh_root();
    leptos::mount::mount_to(root.clone(), move || {
        provide_context(store);
        molscrab::ui::play_menu::PlayMenu()
    })
    .forget();
    written_whole(store).await;
    let field = |selector: &str| -> web_sys::HtmlElement {
        root.query_selector(selector)
            .unwrap()
            .unwrap_or_else(|| panic!("nothing matches {selector}"))
            .unchecked_into()
    };
    // typing and choosing as a player does: the field's value, then its event
    let set = |selector: &str, value: &str, event: &str| {
        let el = field(selector);
        js_sys::Reflect::set(&el, &"value".into(), &value.into()).unwrap();
        // it bubbles to the form's one handler, as a player's does
        let init = web_sys::EventInit::new();
        init.set_bubbles(true);
        let event = web_sys::Event::new_with_event_init_dict(event, &init).unwrap();
        el.dispatch_event(&event).unwrap();
    };
    set("[aria-label='Player 1']", "Ada", "input");
    set("[aria-label='Player 2']", "  Ada ", "input");
    set("[aria-label='Player 2 plays as']", "expert", "input");
    let seats = store.seats();
    assert_eq!(seats.names[0].get_untracked(), "Ada");
    assert_eq!(
        seats.levels[1].get_untracked(),
        Some(molscrab_engine::computer::Level::Professor)
    );
    assert_eq!(seats.levels[0].get_untracked(), None);
    // two seats of one name: refused below the seats, and no game starts
    click_button(&root, "Start pass and play");
    settle().await;
    assert_eq!(count(&root, ".pnp-error [role=alert]"), 1);
    assert!(store.with_session_untracked(|s| s.is_none()));
    // mended: the refusal goes as the name changes, and the game starts with the seats as
    // chosen
    set("[aria-label='Player 2']", "Bo", "input");
    settle().await;
    assert_eq!(seats.refused.get_untracked(), None);
    assert_eq!(count(&root, ".pnp-error [role=alert]"), 0);
    click_button(&root, "Start pass and play");
    settle().await;
    assert_eq!(seats.refused.get_untracked(), None);
    assert_eq!(count(&root, ".pnp-error [role=alert]"), 0);
    let players = store.with_session_untracked(|s| s.map(|s| s.game().players().to_vec()));
    assert_eq!(players, Some(vec!["Ada".to_string(), "Bo".to_string()]));
    // nothing of this game stays for the other tests
    web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .clear()
        .unwrap();
}

// Play tab

/// Empties the page's storage, so that a test starts with no save and leaves none.
fn clear_storage() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.clear().unwrap();
}

/// Mounts the Play tab on a store opened from storage as it is now.
async fn mount_play_tab() -> (web_sys::HtmlElement, Store) {
    mount_on_play_tab(molscrab::ui::play_menu::PlayMenu).await
}

fn radio(root: &web_sys::HtmlElement, value: &str) -> web_sys::HtmlInputElement {
    root.query_selector(&format!("input[name=referee][value={value}]"))
        .unwrap()
        .unwrap_or_else(|| panic!("no referee {value}"))
        .unchecked_into()
}

#[wasm_bindgen_test]
async fn the_referee_chosen_is_checked_kept_and_starts_the_game() {
    use molscrab_engine::referee::Mode;
    clear_storage();
    let (root, store) = mount_play_tab().await;
    let legend = root.query_selector(".referee legend").unwrap().unwrap();
    assert_eq!(legend.text_content().unwrap(), "Referee");
    assert_eq!(count(&root, ".referee input[type=radio]"), 3);
    // Theory Mode until another is chosen
    assert!(radio(&root, "theory").checked());
    assert!(!radio(&root, "standard").checked());
    let label = root.query_selector(".referee label").unwrap().unwrap();
    assert_eq!(
        label.text_content().unwrap(),
        " Standard Mode — the reference card's 42 formulas, in the card's order"
    );
    radio(&root, "standard").click();
    settle().await;
    assert_eq!(store.play_tab().referee.get_untracked(), Mode::Standard);
    assert!(radio(&root, "standard").checked() && !radio(&root, "theory").checked());
    // kept for the next visit: a store opened again reads it
    let (again, _) = mount_play_tab().await;
    assert!(radio(&again, "standard").checked());
    // and the game starts under it
    click_button(&root, "Start solitaire");
    settle().await;
    let game = store.with_session_untracked(|s| s.map(|s| (s.game().kind(), s.game().mode())));
    assert_eq!(game, Some((Kind::Solitaire, Mode::Standard)));
    clear_storage();
}

#[wasm_bindgen_test]
async fn the_cards_offer_resume_and_ask_before_replacing_a_save() {
    use molscrab_engine::referee::Mode;
    clear_storage();
    let record = GameRecord::new_game(Kind::Solitaire, Mode::Theory, vec!["You".into()], 0, 7);
    web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .set_item(
            molscrab::storage::SOLITAIRE_KEY,
            &record.to_value().to_string(),
        )
        .unwrap();
    let (root, store) = mount_play_tab().await;
    let solitaire = root
        .query_selector("section[aria-labelledby=solo-h]")
        .unwrap()
        .unwrap()
        .unchecked_into::<web_sys::HtmlElement>();
    assert!(solitaire.text_content().unwrap().starts_with("Solitaire"));
    assert!(button(&solitaire, "Resume game").is_some());
    assert!(button(&root, "Resume pass and play").is_none());
    // Start with a save in the slot: the question, in the card, in place of its buttons
    click_button(&solitaire, "Start solitaire");
    settle().await;
    let question = solitaire
        .query_selector("[role=alertdialog]")
        .unwrap()
        .expect("the question is asked in the Solitaire card");
    assert_eq!(
        question.get_attribute("aria-label").as_deref(),
        Some("Replace your saved game?")
    );
    assert_eq!(
        question
            .query_selector("p")
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap(),
        "Replace your saved Solitaire game? It will be lost."
    );
    assert!(button(&solitaire, "Start solitaire").is_none());
    assert_eq!(
        count(&root, "[role=alertdialog]"),
        1,
        "asked once, where it was asked for"
    );
    // kept: the buttons are back, and no game started
    click_button(&solitaire, "Keep it");
    settle().await;
    assert_eq!(count(&root, "[role=alertdialog]"), 0);
    assert!(button(&solitaire, "Resume game").is_some());
    assert!(store.with_session_untracked(|s| s.is_none()));
    // resumed: the saved game opens
    click_button(&solitaire, "Resume game");
    settle().await;
    assert_eq!(
        store.with_session_untracked(|s| s.map(|s| s.game().seed())),
        Some(7)
    );
    clear_storage();
}

#[wasm_bindgen_test]
async fn a_notice_unfolds_its_details_keeps_them_open_and_is_dismissed() {
    clear_storage();
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage
        .set_item(molscrab::storage::SOLITAIRE_KEY, "<img src=x> no game")
        .unwrap();
    let (root, store) = mount_play_tab().await;
    settle().await;
    let notice = root
        .query_selector(".menu > .notice.refused[role=alert]")
        .unwrap()
        .expect("the unreadable save is named");
    assert!(notice
        .text_content()
        .unwrap()
        .starts_with("Your saved Solitaire game could not be read"));
    assert_eq!(count(&root, "img"), 0, "the save's text is never markup");
    let details = notice.query_selector("details.detail").unwrap().unwrap();
    assert!(!details.has_attribute("open") && !details.has_attribute("hidden"));
    assert!(details.text_content().unwrap().contains("What went wrong"));
    // opened by the reader, it stays open when the notices are written again
    details
        .query_selector("summary")
        .unwrap()
        .unwrap()
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
    settle().await;
    assert!(details.has_attribute("open"));
    assert_eq!(store.play_tab().details_open.get_untracked(), 1);
    store.update(|_| {});
    settle().await;
    let details = root
        .query_selector(".menu details.detail")
        .unwrap()
        .unwrap();
    assert!(details.has_attribute("open"));
    // Dismiss: the notices go
    click_button(&root, "Dismiss");
    settle().await;
    assert_eq!(count(&root, ".notice.refused"), 0);
    assert!(untrack(|| store.read(|t| t.notices().is_empty())));
    clear_storage();
}

#[wasm_bindgen_test]
async fn the_lower_sections_show_the_computer_card_import_and_bests() {
    clear_storage();
    let (root, store) = mount_play_tab().await;
    settle().await;
    let computer = root
        .query_selector("section[aria-labelledby=computer-h]")
        .unwrap()
        .expect("the Against the computer card");
    assert!(computer
        .text_content()
        .unwrap()
        .starts_with("Against the computer"));
    assert_eq!(count(&root, ".levels li"), 3);
    assert_eq!(count(&root, "select[aria-label=Opponent] option"), 3);
    assert_eq!(
        count(&root, "select[aria-label='How many opponents'] option"),
        3
    );
    assert_eq!(count(&root, "[data-testid=best-score-theory]"), 1);
    assert_eq!(
        root.query_selector("[data-testid=best-score-theory]")
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap(),
        "—"
    );
    assert_eq!(
        count(
            &root,
            "input[type=file][aria-label='Import a game from a file']"
        ),
        1
    );
    // a file refused: said as text beside Import, its name never markup
    store.update(|t| {
        t.import(
            &mut molscrab::storage::LocalShelf::open(),
            "<img src=x>.json",
            Err(molscrab::transfer::ImportError::NotRead),
        )
    });
    settle().await;
    let refused = root
        .query_selector("section[aria-labelledby=import-h] .notice.refused")
        .unwrap()
        .expect("the refusal");
    assert!(refused.text_content().unwrap().contains("<img src=x>.json"));
    assert_eq!(count(&root, "img"), 0);
    // Play the computer: a game of one person and the computer
    click_button(&root, "Play the computer");
    settle().await;
    let players = store.with_session_untracked(|s| s.map(|s| s.game().players().len()));
    assert_eq!(players, Some(2));
    clear_storage();
}

// Game screen

/// The button of `root` whose text is `text`.
fn the_button(root: &web_sys::HtmlElement, text: &str) -> web_sys::HtmlElement {
    let buttons = root.query_selector_all("button").unwrap();
    (0..buttons.length())
        .filter_map(|i| buttons.item(i))
        .find(|b| b.text_content().as_deref() == Some(text))
        .unwrap_or_else(|| panic!("no button {text:?}"))
        .unchecked_into()
}

/// The rows of the turn's controls shown now (`data-show`).
fn shown_rows(root: &web_sys::HtmlElement) -> String {
    let acts = root.query_selector(".acts").unwrap().expect("the controls");
    acts.get_attribute("data-show").unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_turns_buttons_run_their_intents_and_show_their_rows() {
    let root = mount_with(session(Kind::Solitaire, &["You"], BAG), GameScreen);
    settle().await;
    assert!(shown_rows(&root).contains("turn"), "{}", shown_rows(&root));
    the_button(&root, "Exchange tiles").click();
    settle().await;
    assert!(
        shown_rows(&root).contains("exchange"),
        "{}",
        shown_rows(&root)
    );
    assert!(!shown_rows(&root).contains("turn"));
    the_button(&root, "Cancel").click();
    settle().await;
    assert!(shown_rows(&root).contains("turn"));
    the_button(&root, "End game").click();
    settle().await;
    assert!(shown_rows(&root).contains("end"), "{}", shown_rows(&root));
    the_button(&root, "Keep playing").click();
    settle().await;
    assert!(
        shown_rows(&root).starts_with("turn"),
        "{}",
        shown_rows(&root)
    );
    // a game of more than one seat passes where Solitaire ends
    let root = mount_with(session(Kind::PassAndPlay, &["Ada", "Bo"], BAG), GameScreen);
    settle().await;
    the_button(&root, "I'm Ada — show my tiles").click();
    settle().await;
    assert_eq!(count(&root, ".handoff"), 0);
    the_button(&root, "Pass").click();
    settle().await;
    assert!(shown_rows(&root).contains("pass"), "{}", shown_rows(&root));
    clear_storage();
}

#[wasm_bindgen_test]
async fn the_notice_line_prompts_the_first_move_then_says_a_refusal_as_text() {
    let (root, store) = mount_keeping_store(session(Kind::Solitaire, &["You"], BAG), GameScreen);
    settle().await;
    assert_eq!(count(&root, ".notice-line .first-move"), 1);
    let store = store.get().expect("the store");
    store.act(|s| {
        s.tell(molscrab::session::Notice::Refused(vec![
            "<b>No</b> such formula".into(),
            "and a second line".into(),
        ]));
        None
    });
    settle().await;
    let notice = root
        .query_selector(".notice-line .notice.refused")
        .unwrap()
        .expect("the refusal");
    assert_eq!(
        notice.text_content().as_deref(),
        Some("<b>No</b> such formula\nand a second line")
    );
    assert_eq!(count(&root, ".notice-line b"), 0, "text, never markup");
    // several lines: a keyboard can reach the box to scroll it
    assert_eq!(notice.get_attribute("tabindex").as_deref(), Some("0"));
    assert_eq!(count(&root, ".notice-line .first-move"), 0);
}

#[wasm_bindgen_test]
async fn a_finished_game_shows_its_results_and_new_game_leaves_it() {
    let (root, store) = mount_keeping_store(session(Kind::Solitaire, &["You"], BAG), GameScreen);
    settle().await;
    the_button(&root, "End game").click();
    settle().await;
    the_button(&root, "Yes, end the game").click();
    settle().await;
    let score = root
        .query_selector("[data-testid='final-score']")
        .unwrap()
        .expect("the final score");
    assert!(
        score.text_content().unwrap().starts_with('−'),
        "the rack's points come off"
    );
    assert!(root.text_content().unwrap().contains("Rank: "));
    the_button(&root, "Play again");
    the_button(&root, "Export game");
    the_button(&root, "New game").click();
    settle().await;
    let store = store.get().expect("the store");
    assert!(
        store.with_session_untracked(|s| s.is_none()),
        "back to the Play tab"
    );
}

#[wasm_bindgen_test]
async fn the_unseen_tiles_are_counted_in_their_cells() {
    let root = mount_with(
        session(Kind::Solitaire, &["You"], BAG),
        molscrab::ui::unseen::Unseen,
    );
    settle().await;
    let cells = root.query_selector_all(".pt li").unwrap();
    // every element of the tiles and the Wild Isotope
    assert_eq!(cells.length(), 34);
    let total: u32 = (0..cells.length())
        .filter_map(|i| cells.item(i)?.text_content())
        .filter_map(|t| t.rsplit(' ').next()?.parse::<u32>().ok())
        .sum();
    let count = root.query_selector(".unseen .count").unwrap().unwrap();
    assert_eq!(count.text_content(), Some(total.to_string()));
    // the bag's 17 tiles, less the rack's 7
    assert_eq!(total, 10);
    // chlorine's one tile is on the rack: none unseen, its cell in group 17
    let chlorine = (0..cells.length())
        .filter_map(|i| cells.item(i))
        .find(|c| c.text_content().is_some_and(|t| t.starts_with("Cl ")))
        .expect("chlorine's cell")
        .unchecked_into::<web_sys::Element>();
    assert_eq!(chlorine.text_content().as_deref(), Some("Cl 0"));
    assert_eq!(chlorine.class_name(), "c17 none");
}

#[wasm_bindgen_test]
async fn a_wild_isotope_lifted_offers_its_elements_and_one_is_chosen() {
    let root = mount_with(
        session(
            Kind::Solitaire,
            &["You"],
            "? H O C N Na Cl O O N N K K S S Mg Mg",
        ),
        GameScreen,
    );
    settle().await;
    let picker = root.query_selector(".wild-picker").unwrap().unwrap();
    assert!(picker.has_attribute("hidden"));
    click(&root, ".rack button[data-symbol='?']");
    settle().await;
    assert!(
        !picker.has_attribute("hidden"),
        "a Wild Isotope lifted needs its element"
    );
    let oxygen = root
        .query_selector(".wild-picker button[title='Oxygen']")
        .unwrap()
        .expect("oxygen is offered");
    assert_eq!(count(&root, ".wild-picker button[title='Helium']"), 0);
    oxygen.unchecked_ref::<web_sys::HtmlElement>().click();
    settle().await;
    assert_eq!(
        oxygen.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    assert_eq!(count(&root, ".wild-picker button[aria-pressed='true']"), 1);
}

// Tables and the Daily Bench

/// Mounts `view` on the Play tab (no game), and hands back the store once the tab's first
/// build is written whole (`store::Stage`, a part a task).
async fn mount_on_play_tab<V: IntoView + 'static>(
    view: impl FnOnce() -> V + 'static,
) -> (web_sys::HtmlElement, Store) {
    let root = fresh_root();
    let store = std::rc::Rc::new(std::cell::Cell::new(None));
    let kept = store.clone();
    leptos::mount::mount_to(root.clone(), move || {
        // opened in the mount, as the app's is: its effects need the mount's executor
        let store = Store::open();
        provide_context(store);
        kept.set(Some(store));
        view()
    })
    .forget();
    let store = store.get().expect("the store opened in the mount");
    written_whole(store).await;
    (root, store)
}

fn text_of(root: &web_sys::HtmlElement) -> String {
    root.text_content().unwrap_or_default()
}

fn local_storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

/// The `n`-th element matching `selector` under `root`.
fn nth(root: &web_sys::HtmlElement, selector: &str, n: u32) -> web_sys::HtmlElement {
    root.query_selector_all(selector)
        .unwrap()
        .item(n)
        .unwrap_or_else(|| panic!("no {selector} number {n}"))
        .unchecked_into()
}

fn table_save(id: &str, players: &[&str]) -> String {
    let names = players.iter().map(|p| p.to_string()).collect();
    let mut record = GameRecord::new_game(
        Kind::PassAndPlay,
        molscrab_engine::referee::Mode::Theory,
        names,
        0,
        3,
    );
    record.bag = Some(BAG.split(' ').filter_map(Tile::from_symbol).collect());
    let at = molscrab::tables::AtTable {
        id: id.into(),
        seat: 0,
    };
    molscrab::tables::save_text(&record, &at)
}

#[wasm_bindgen_test]
async fn the_tables_list_shows_each_table_and_opens_asks_before_removing() {
    use molscrab::ui::tables::{Listed, TableList};
    let storage = local_storage();
    for (id, players) in [
        ("TableAda-0A", ["Ada", "Bo"]),
        ("TableCy--0A", ["Cy", "Di"]),
    ] {
        let key = molscrab::tables::key(id);
        storage.set_item(&key, &table_save(id, &players)).unwrap();
    }
    // as the worker answers `table-list`: names are text, never markup
    let answer = molscrab_json::parse(
        r#"{"tables": [
            {"id": "TableAda-0A", "players": "Ada (you), Bo", "standing": "it's your turn", "yours": true},
            {"id": "TableCy--0A", "players": "Cy (you), <b>Di</b>", "standing": "waiting for <b>Di</b>", "yours": false}
        ]}"#,
    )
    .unwrap();
    let list = Listed::read(&answer).expect("the worker's list reads");
    let (root, store) = mount_on_play_tab(move || view! { <TableList list /> }).await;
    settle().await;
    assert_eq!(count(&root, "li.table-entry"), 2);
    assert_eq!(count(&root, "li.table-entry.your-turn"), 1);
    assert_eq!(count(&root, "b"), 0, "names are shown as text");
    let shown = text_of(&root);
    assert!(shown.contains("Tables on this device"), "{shown}");
    assert!(shown.contains("Ada (you), Bo — it's your turn"), "{shown}");
    assert!(
        shown.contains("Cy (you), <b>Di</b> — waiting for <b>Di</b>"),
        "{shown}"
    );
    // Remove asks first; Keep it puts the question away
    let question = || nth(&root, "[role=alertdialog]", 1);
    assert!(question().hidden());
    nth(&root, "li.table-entry:nth-child(2) .btn.quiet", 0).click();
    settle().await;
    assert!(!question().hidden());
    assert_eq!(
        question().get_attribute("aria-label").as_deref(),
        Some("Remove this table?")
    );
    nth(
        &root,
        "li.table-entry:nth-child(2) [role=alertdialog] .btn",
        1,
    )
    .click();
    settle().await;
    assert!(question().hidden());
    assert!(storage
        .get_item("molscrab.table.TableCy--0A")
        .unwrap()
        .is_some());
    // asked again and answered: the table is gone from this device
    nth(&root, "li.table-entry:nth-child(2) .btn.quiet", 0).click();
    settle().await;
    nth(&root, "li.table-entry:nth-child(2) .btn.danger", 0).click();
    settle().await;
    assert_eq!(
        storage.get_item("molscrab.table.TableCy--0A").unwrap(),
        None
    );
    // Open: the table is the game in play, this device at its seat
    nth(&root, "li.table-entry .btn", 0).click();
    settle().await;
    let at = store.with_session_untracked(|s| s.and_then(|s| s.table().cloned()));
    assert_eq!(at.map(|at| at.id).as_deref(), Some("TableAda-0A"));
    storage.remove_item("molscrab.table.TableAda-0A").unwrap();
}

#[wasm_bindgen_test]
async fn a_tables_panel_shows_the_workers_links_and_its_buttons_act() {
    use molscrab::ui::tables::{Panel, TablePanel};
    let names = vec!["Ada".to_string(), "Bo".to_string()];
    let mut record = GameRecord::new_game(
        Kind::PassAndPlay,
        molscrab_engine::referee::Mode::Theory,
        names,
        1,
        3,
    );
    record.bag = Some(BAG.split(' ').filter_map(Tile::from_symbol).collect());
    record.moves.push(molscrab_engine::record::Move::Pass);
    let at = molscrab::tables::AtTable {
        id: "TablePnl-0A".into(),
        seat: 1,
    };
    let session = Session::at_table(Game::replay(&record).unwrap(), None, at);
    let (root, store) = mount_keeping_store(session, TablePanel);
    settle().await;
    let store = store.get().expect("the store");
    // no worker here: the panel says it is writing the links
    assert!(text_of(&root).contains("Writing this table's links…"));
    let answer = molscrab_json::parse(
        r#"{"sent": {"for": "", "label": "Move link", "url": "https://x.example/#t1.MOVE"},
            "waiting": "Ada <i>", "inviting": false, "fresh": false,
            "links": [{"for": "Ada <i>", "label": "Ada <i>'s invitation", "url": "https://x.example/#t1.ADA"}],
            "catch_up": {"for": "Catch-up link", "label": "Catch-up link", "url": "https://x.example/#t1.ALL"}}"#,
    )
    .unwrap();
    assert!(Panel::read(&answer).is_some(), "the worker's panel reads");
    let answers = store.answers();
    answers.panel.fill(&answers.panel.key(), Ok(answer));
    settle().await;
    let shown = text_of(&root);
    assert!(!shown.contains("Writing"), "{shown}");
    assert!(shown.contains("Send this to the table"), "{shown}");
    assert!(shown.contains("Waiting for Ada <i>"), "{shown}");
    assert_eq!(count(&root, "i"), 0, "names are shown as text");
    assert_eq!(
        count(
            &root,
            "section.table-links [role=region][aria-label=Waiting]"
        ),
        1
    );
    assert!(
        shown.contains("Invitations and the catch-up link"),
        "{shown}"
    );
    // each link in its box, with Copy and Share… for `public/sw-register.js`
    let boxes: Vec<(String, String)> = (0..count(&root, "input.link"))
        .map(|i| {
            let input: web_sys::HtmlInputElement = nth(&root, "input.link", i).unchecked_into();
            (
                input.get_attribute("aria-label").unwrap_or_default(),
                input.value(),
            )
        })
        .collect();
    assert_eq!(
        boxes,
        [
            ("Move link".into(), "https://x.example/#t1.MOVE".into()),
            (
                "Ada <i>'s invitation".into(),
                "https://x.example/#t1.ADA".into()
            ),
            ("Catch-up link".into(), "https://x.example/#t1.ALL".into()),
        ]
    );
    let copy = nth(&root, "[data-copy]", 0);
    assert_eq!(
        copy.get_attribute("data-copy").as_deref(),
        Some("https://x.example/#t1.MOVE")
    );
    assert_eq!(count(&root, "[data-act],[data-open],[data-remove-yes]"), 0);
    // Save and leave, in the waiting panel: back to the Play tab
    nth(&root, ".handoff.waiting .btn", 1).click();
    settle().await;
    assert!(store.with_session_untracked(|s| s.is_none()));
    assert!(nth(&root, "section.table-links", 0).hidden());
}

#[wasm_bindgen_test]
async fn the_daily_section_shows_the_day_and_its_button_goes_on_with_the_days_game() {
    use molscrab::ui::daily::{DailySection, Day};
    let (root, store) = mount_on_play_tab(DailySection).await;
    settle().await;
    let shown = text_of(&root);
    assert!(shown.contains("Daily Bench"), "{shown}");
    assert!(shown.contains("Play today's bench"), "{shown}");
    // the worker's answer, as `daily` gives it
    let answer = molscrab_json::parse(
        r#"{"entry": {"date": "Monday 30 November 2026", "mode": "Theory Mode",
            "done": "Today's bench is waiting: one attempt counts, the same bag for everyone today.",
            "current": "3 days", "longest": "5 days",
            "recent": [["2026-11-29", "120 points"], ["2026-11-28", "unfinished"]]}}"#,
    )
    .unwrap();
    assert!(Day::read(&answer).is_some(), "the worker's day reads");
    let answers = store.answers();
    answers.daily.fill(&answers.daily.key(), Ok(answer));
    let said = "Your Daily Bench history could not be fully read.";
    answers.daily_said.put(String::new(), Err(said.into()));
    settle().await;
    let shown = text_of(&root);
    assert!(
        shown.contains("Monday 30 November 2026 · Theory Mode"),
        "{shown}"
    );
    assert!(shown.contains("Today's bench is waiting"), "{shown}");
    assert!(
        shown.contains("Current streak: 3 days · Longest: 5 days"),
        "{shown}"
    );
    assert_eq!(count(&root, ".daily-days li"), 2);
    assert!(shown.contains("2026-11-28: unfinished"), "{shown}");
    assert_eq!(count(&root, "[role=alert]"), 1);
    // today's game, saved unfinished: the button goes on with it
    let mut record = GameRecord::new_game(
        Kind::Solitaire,
        molscrab_engine::referee::Mode::Theory,
        vec!["You".into()],
        0,
        9,
    );
    record.bag = Some(BAG.split(' ').filter_map(Tile::from_symbol).collect());
    let ui = molscrab_json::parse(&format!(
        r#"{{"daily": {{"date": "{}", "practice": false}}}}"#,
        molscrab::ui::daily::today()
    ))
    .unwrap();
    let session = Session::open(Game::replay(&record).unwrap(), Some(&ui));
    store.update(|t| t.show(session));
    settle().await;
    store.leave();
    settle().await;
    assert!(store.with_session_untracked(|s| s.is_none()));
    nth(&root, ".controls .btn.primary", 0).click();
    settle().await;
    let seed = store
        .with_session_untracked(|s| s.filter(|s| s.daily().is_some()).map(|s| s.game().seed()));
    assert_eq!(seed, Some(9));
    local_storage()
        .remove_item("molscrab.save.solitaire")
        .unwrap();
}

#[wasm_bindgen_test]
async fn the_variants_boxes_show_the_workers_words_and_a_tick_is_chosen() {
    use molscrab::ui::daily::{chosen, VariantBox, VariantsForm};
    use molscrab_engine::variants::Variant;
    let (root, store) = mount_on_play_tab(VariantsForm).await;
    settle().await;
    let answer = molscrab_json::parse(
        r#"{"variants": [
            {"code": "biology-bonus", "name": "Biology Bonus", "why": "+5 for a formula of the human body", "fits": true},
            {"code": "organic", "name": "Organic Chemistry Mode", "why": "Theory Mode only", "fits": false}
        ]}"#,
    )
    .unwrap();
    assert!(
        VariantBox::read(&answer).is_some(),
        "the worker's boxes read"
    );
    let answers = store.answers();
    answers.variants.fill(&answers.variants.key(), Ok(answer));
    settle().await;
    assert_eq!(count(&root, "input[type=checkbox]"), 2);
    assert_eq!(count(&root, "input[type=checkbox]:disabled"), 1);
    assert!(text_of(&root).contains("Theory Mode only"));
    nth(&root, "input[value=biology-bonus]", 0).click();
    settle().await;
    assert!(chosen(store).contains(Variant::BiologyBonus));
    nth(&root, "input[value=biology-bonus]", 0).click();
    settle().await;
    assert!(chosen(store).is_empty());
}
