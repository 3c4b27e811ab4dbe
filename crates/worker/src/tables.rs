//! Own-device tables, answered in the worker (RULES §10.4, docs/TABLES.md): a new table, a table's
//! links and screen, the list of a device's tables, and a link opened against them.
//!
//! The page keeps the saves (one localStorage key a table) and sends their text. Every link
//! is written and read here by `molscrab_engine::table_link`, and what the page shows for
//! tables (names, where each table stands, the links) is answered here as data, which the page
//! shows as text, so none of it weighs on the first load.

use molscrab_engine::game::Game;
use molscrab_engine::players::{pass_and_play_names, NamesError};
use molscrab_engine::record::{GameRecord, Kind};
use molscrab_engine::referee::Mode;
use molscrab_engine::table_link::{moves_check, open_link, payload, LinkError, Opened, TableState};
use molscrab_engine::variants::{Variant, Variants};
use molscrab_json::Value;

// texts that may be long (a save, a link, HTML) travel as `Value::long_string`: a string, or
// a list of strings when longer than one JSON string may be
fn text_of(request: &Value, key: &str) -> Result<String, String> {
    request
        .get(key)
        .and_then(Value::as_long_str)
        .ok_or_else(|| format!("the request has no \"{key}\" text"))
}

fn table_of(request: &Value) -> Result<TableState, String> {
    TableState::parse(&text_of(request, "table")?).map_err(|e| e.to_string())
}

fn number(request: &Value, key: &str) -> Result<u64, String> {
    request
        .get(key)
        .and_then(Value::as_u64)
        .ok_or_else(|| format!("the request has no \"{key}\" number"))
}

/// The saved tables a request carries (`"tables": ["<save>", …]`); one that no longer reads
/// is left out (the page has named it already).
fn tables_of(request: &Value) -> Vec<TableState> {
    let saves = request.get("tables").and_then(Value::as_array);
    saves
        .into_iter()
        .flatten()
        .filter_map(|s| TableState::parse(&s.as_long_str()?).ok())
        .collect()
}

/// A seat's name; a blank one (a record may hold any names) is "Player N".
fn name(game: &Game, seat: usize) -> String {
    match game.players().get(seat).map(|n| n.trim()) {
        Some(name) if !name.is_empty() => name.to_string(),
        _ => format!("Player {}", seat + 1),
    }
}

/// Where a table stands for its device: 0 its turn, 1 another seat's, 2 over; and in words,
/// after a dash ("it's your turn", "waiting for Bo", "the game is over: Ada won").
fn standing(table: &TableState) -> (u8, String) {
    let game = table.game();
    match game.winners() {
        Some(winners) => {
            let names: Vec<String> = winners.iter().map(|&w| name(game, w)).collect();
            let words = match names.as_slice() {
                [one] => format!("the game is over: {one} won"),
                many => format!("the game is over: a tie between {}", many.join(" and ")),
            };
            (2, words)
        }
        None if table.is_my_turn() => (0, "it's your turn".into()),
        None => (1, format!("waiting for {}", name(game, game.to_move()))),
    }
}

/// `{"names": ["<field>", …], "mode": the referee's code (Theory Mode when none), "first": n,
/// "seed": n, "nonce": n}` (the Play tab's form as typed; or `"record"` instead of the first
/// four) and `"seat"` (0 if none) → `{"table": "<save>"}`: the new table this device plays `seat` of, as its save's text; names the
/// engine's rule refuses come back as the form's sentence.
pub fn create(request: &Value) -> Result<Value, String> {
    let record = match request.get("record") {
        Some(record) => GameRecord::from_value(record).map_err(|e| e.to_string())?,
        None => {
            let fields = request.get("names").and_then(Value::as_array);
            let fields: Vec<&str> = fields
                .into_iter()
                .flatten()
                .map(|f| f.as_str().unwrap_or_default())
                .collect();
            // the engine's rule, in the form's words where its own would name "players 1 and 2"
            let names = pass_and_play_names(&fields).map_err(|e| match e {
                NamesError::FirstTwoNeeded => "Type your name and at least one friend's.".into(),
                e => e.to_string(),
            })?;
            let first = (number(request, "first")? % names.len() as u64) as usize;
            // the referee chosen on the Play tab, by its code (Theory Mode when none is sent)
            let mode = match request.get("mode").and_then(Value::as_str) {
                Some(code) => code.parse::<Mode>()?,
                None => Mode::Theory,
            };
            let seed = number(request, "seed")?;
            let mut record = GameRecord::new_game(Kind::PassAndPlay, mode, names, first, seed);
            // the table variants ticked on the Play tab, where they fit (the links carry them)
            let codes = request.get("variants").and_then(Value::as_array);
            let ticked: Vec<Variant> = codes
                .into_iter()
                .flatten()
                .filter_map(|c| Variant::from_code(c.as_str()?))
                .collect();
            record.variants = Variants::of(&ticked).fitting(record.kind, record.mode());
            record
        }
    };
    // the page opens a table at the first seat
    let seat = number(request, "seat").map_or(0, |s| usize::try_from(s).unwrap_or(usize::MAX));
    let table =
        TableState::create(record, seat, number(request, "nonce")?).map_err(|e| e.to_string())?;
    Ok(Value::object([(
        "table",
        Value::long_string(&table.to_json()),
    )]))
}

/// `{"tables": ["<save>", …], "link": "<text>"}` (or `"link_bytes": n` for a text too long to
/// send) → `{"table": "<save>", "news": "…"}` for an invitation joined or new moves applied
/// (with `"aside": "<key>\n<save>"`, the table as this device had it and the key the page
/// keeps it under before it saves the table, when the table's history replaced this
/// device's own move),
/// `{"nothing_new": "<id>", "news": "…"}`, `{"ignored": "<why>"}` for text that is no table
/// link at all, or the refusal's sentence as the error.
pub fn open(request: &Value) -> Result<Value, String> {
    if let Some(bytes) = request.get("link_bytes").and_then(Value::as_u64) {
        let bytes = usize::try_from(bytes).unwrap_or(usize::MAX);
        return Err(LinkError::TooLarge { bytes }.to_string());
    }
    let tables = tables_of(request);
    let link = text_of(request, "link")?;
    let (table, news) = match open_link(&tables, payload(&link)) {
        Ok(Opened::Joined(table)) => {
            let you = name(table.game(), table.seat());
            let news = match standing(&table) {
                (1, words) => format!(
                    "You joined the table as {you}: {words} — open the link they send you \
                     when they have moved."
                ),
                (_, words) => format!("You joined the table as {you}: {words}."),
            };
            (table, news)
        }
        Ok(Opened::Advanced {
            index,
            table,
            added,
            set_aside,
        }) => {
            let s = if added == 1 { "" } else { "s" };
            let news = format!("{added} new move{s} applied — {}.", standing(&table).1);
            // this device's own moves the table's history replaced: its game as it was goes
            // back to the page, which keeps it aside before it saves the table
            if let (Some(before), false) = (tables.get(index), set_aside.is_empty()) {
                let at = before.game().moves().len() - set_aside.len();
                let you = name(table.game(), table.seat());
                let news = format!(
                    "{news} Move {} as this device made it for {you} is not in the table's \
                     game: {you}'s turn was played on another device, and the table went on \
                     from there. This device's game with its own move is kept aside.",
                    at + 1
                );
                // the page's key for it: its table's key (`molscrab.table.<id>`), `.aside.` and
                // its moves' state check, so that another copy kept aside has another key
                let id = table.id();
                let check = moves_check(id, before.game().moves());
                let key = format!("molscrab.table.{}.aside.{check:08x}", id.text());
                // the key, a line break, the save (whose compact JSON has none)
                let aside = format!("{key}\n{}", before.to_json());
                return Ok(Value::object([
                    ("table", Value::long_string(&table.to_json())),
                    ("news", news.into()),
                    ("aside", Value::long_string(&aside)),
                ]));
            }
            (table, news)
        }
        Ok(Opened::NothingNew { index }) => {
            let id = tables.get(index).map(|t| t.id().text()).unwrap_or_default();
            let news = "Nothing new in this link: its moves are already on this device.";
            return Ok(Value::object([
                ("nothing_new", id.into()),
                ("news", news.into()),
            ]));
        }
        // the page says nothing about another `#` in its address, but does about pasted text
        Err(e @ LinkError::NotALink) => {
            return Ok(Value::object([("ignored", e.to_string().into())]))
        }
        Err(e) => return Err(e.to_string()),
    };
    Ok(Value::object([
        ("table", Value::long_string(&table.to_json())),
        ("news", news.into()),
    ]))
}

/// `{"tables": ["<save>", …]}` → `{"tables": [{"id", "players", "standing", "yours"}, …]}`:
/// the Play tab's list of this device's tables as data, those waiting for it first: each
/// table's id, its players' names in seat order ("Ada (you), Bo"), where it stands in words
/// ("it's your turn", "waiting for Bo", "the game is over: Ada won"), and whether it waits
/// for this device. The page shows them as text.
pub fn list(request: &Value) -> Result<Value, String> {
    let tables = tables_of(request);
    let mut entries: Vec<(u8, Value)> = tables
        .iter()
        .map(|table| {
            let (rank, words) = standing(table);
            let game = table.game();
            let who: Vec<String> = (0..game.players().len())
                .map(|seat| match seat == table.seat() {
                    true => format!("{} (you)", name(game, seat)),
                    false => name(game, seat),
                })
                .collect();
            let entry = Value::object([
                ("id", table.id().text().into()),
                ("players", who.join(", ").into()),
                ("standing", words.into()),
                ("yours", (rank == 0).into()),
            ]);
            (rank, entry)
        })
        .collect();
    entries.sort_by_key(|(rank, _)| *rank);
    let entries = entries.into_iter().map(|(_, entry)| entry).collect();
    Ok(Value::object([("tables", Value::Array(entries))]))
}

/// One link for the page to show in a box with Copy and Share…: whom it is for, its box's
/// label, and the whole address.
fn link(who: &str, label: &str, url: &str) -> Value {
    Value::object([
        ("for", who.into()),
        ("label", label.into()),
        ("url", Value::long_string(url)),
    ])
}

/// `{"table": "<save>", "base": "<address>"}` → what a table's game shows beside the board, as
/// data: `"sent"`, the move link, after this device's move ("Send this to the table");
/// `"waiting"`, the name of the seat to move when it is another's; `"inviting"`, true for the
/// one who opened the table before the first move (the invitations shown open, not folded);
/// `"fresh"`, true before the first move; `"links"`, each other seat's invitation (`{"for",
/// "label", "url"}`); and `"catch_up"`, the catch-up link once the game has moves. Each link
/// is `base#…`.
pub fn screen(request: &Value) -> Result<Value, String> {
    let table = table_of(request)?;
    let base = text_of(request, "base")?;
    let game = table.game();
    let url = |text: &str| format!("{base}#{text}");
    let mut out = molscrab_json::Map::new();
    let mut put = |key: &str, value: Value| {
        out.insert(key.into(), value);
    };
    // after this device's move, sending it comes first
    if game.turns().last().is_some_and(|t| t.seat == table.seat()) {
        let sent = url(&table.move_link());
        put("sent", link("", "Move link", &sent));
    }
    if standing(&table).0 == 1 {
        put("waiting", name(game, game.to_move()).into());
    }
    // the one who opened the table (the app seats them first) invites the others before the
    // first move; any device can invite again later (a new phone), or send the catch-up link
    let fresh = game.moves().is_empty();
    put("fresh", fresh.into());
    put("inviting", (fresh && table.seat() == 0).into());
    let mut links = Vec::new();
    for seat in (0..game.players().len()).filter(|&s| s != table.seat()) {
        let who = name(game, seat);
        let invitation = table.invitation(seat).map_err(|e| e.to_string())?;
        links.push(link(
            &who,
            &format!("{who}'s invitation"),
            &url(&invitation),
        ));
    }
    put("links", Value::Array(links));
    if !fresh {
        let catch_up = url(&table.catch_up_link());
        put(
            "catch_up",
            link("Catch-up link", "Catch-up link", &catch_up),
        );
    }
    Ok(Value::Object(out))
}
