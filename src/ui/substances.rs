//! The chemist's lexicon on the page's thread, when a game under the chemist's referee needs it
//! (`table/substances.rs` says when). The engine's worker holds the table of documented
//! substances (`lazy/substances.txt`, never part of the first load; the service worker keeps it
//! for offline play) and hands over the lexicon built from it as text (`{"op": "lexicon"}`),
//! which is installed here: the table's parser and the conventions stay off the first load.

use super::{engine, Store};
use crate::storage::LocalShelf;
use leptos::prelude::WithUntracked;
use molscrab_engine::referee::chemist::{self, Lexicon};

/// Asks for the lexicon and installs it if the table wants it; what waited opens when it is in.
pub fn fetch_if_wanted(store: Store) {
    if !store
        .table_signal()
        .with_untracked(|t| t.wants_substances())
    {
        return;
    }
    store.update(|t| t.substances_loading());
    let question = engine::question([("op", "lexicon".into())]);
    engine::ask(question, move |answer| {
        let installed = answer.and_then(|text| {
            let text = text.as_long_str().unwrap_or_default();
            let lexicon = Lexicon::from_text(&text).map_err(|e| format!("it is damaged: {e}"))?;
            chemist::install_lexicon(lexicon);
            Ok(())
        });
        store.update(|t| match installed {
            Ok(()) => t.substances_installed(&mut LocalShelf::open()),
            Err(why) => t.substances_failed(why),
        });
        // the Play tab's Resume buttons read the slots again
        store.storage_read();
    });
}
