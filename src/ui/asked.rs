//! The engine's worker's answers as the page keeps them: each in a signal beside the key of
//! the question it answers, so a section shows only the answer to what it shows now, and an
//! answer to an older question is dropped.
//!
//! Asking is never a render's doing: an effect that tracks what the key is made of (or an
//! event handler) calls [`Asked::ask`], which says whether the question is new; the answer
//! goes in with [`Asked::fill`]; the view reads [`Asked::with`], tracked, and reads the
//! answer's data into its own types (`Listed`, `Panel`, `Day` …) as it shows them.
//!
//! One signal type for every answer (a JSON value, or the worker's failure), one type for
//! every part of these views drawn again ([`Patched`]), every button ([`Tap`]) and every line of
//! text ([`line`]): each signal, closure or view type of its own costs the first load its own
//! copy of the reactive and rendering code (docs/PERFORMANCE.md).

use super::tables::TableForm;
use leptos::prelude::*;
use molscrab_json::Value;

/// The worker's answer: its value, or why there is none.
pub type Answer = Result<Value, String>;

/// A worker's answer to a question asked once per key: the key it was asked for, and the
/// answer once in (a failure is an answer too, where the section says it).
#[derive(Clone, Copy)]
pub struct Asked(RwSignal<(String, Option<Answer>)>);

impl Asked {
    fn new() -> Self {
        Asked(RwSignal::new((String::new(), None)))
    }

    /// Whether `key` is a new question: if so, it becomes the key, and the answer to the old
    /// one goes (read untracked: the caller tracks what the key is made of).
    pub fn ask(&self, key: String) -> bool {
        if self.0.with_untracked(|(asked, _)| *asked == key) {
            return false;
        }
        self.0.set((key, None));
        true
    }

    /// The answer to the question about `key`, unless another question took its place
    /// meanwhile (then it is dropped).
    pub fn fill(&self, key: &str, answer: Answer) {
        if self.0.with_untracked(|(asked, _)| asked == key) {
            self.0.set((key.to_string(), Some(answer)));
        }
    }

    /// An answer asked for ahead of the section that shows it (a table's panel, before its
    /// table is shown), or said without a question: it is the answer for `key` from now on.
    pub fn put(&self, key: String, answer: Answer) {
        self.0.set((key, Some(answer)));
    }

    /// The key last asked about (untracked).
    pub fn key(&self) -> String {
        self.0.with_untracked(|(asked, _)| asked.clone())
    }

    /// Reads the answer to the question about `key`, if it is in (tracked).
    pub fn with_for<R>(&self, key: &str, f: impl FnOnce(Option<&Answer>) -> R) -> R {
        self.0
            .with(|(asked, answer)| f(answer.as_ref().filter(|_| asked == key)))
    }

    /// Reads the answer to the last question, if it is in (tracked).
    pub fn with<R>(&self, f: impl FnOnce(Option<&Answer>) -> R) -> R {
        self.0.with(|(_, answer)| f(answer.as_ref()))
    }
}

/// Every worker answer the Play tab and a table's panel show, keyed; held by the [`Store`]
/// (`super::Store::answers`) so that an answer outlives the screen that asked (back on the Play
/// tab, its sections show at once what they showed before).
///
/// [`Store`]: super::Store
#[derive(Clone, Copy)]
pub struct Answers {
    /// This device's tables (`ui/tables.rs`), for the saves they were read from.
    pub tables: Asked,
    /// A table's panel, for its table, this device's seat and its number of moves.
    pub panel: Asked,
    /// The engine's sentences for the Play tab's refused saves, and for a refused import, for
    /// the texts they were asked about.
    pub notices_why: Asked,
    pub import_why: Asked,
    /// The Daily Bench section (`ui/daily.rs`), for the day, referee and history.
    pub daily: Asked,
    /// What went wrong with the Daily Bench's history (`Err`), or came back into it (`Ok`,
    /// the words as a string), said in its section until the page is reloaded.
    pub daily_said: Asked,
    /// A finished Daily Bench game's share text, for the game (seed and moves).
    pub share: Asked,
    /// The table variants' boxes, for the referee.
    pub variants: Asked,
    /// The variants ticked, by their codes, each followed by a space.
    pub ticked: RwSignal<String>,
    /// The tables' form as typed (no answer: the questions it asks are), bound to its fields.
    pub table_form: TableForm,
}

impl Answers {
    pub fn new() -> Answers {
        Answers {
            tables: Asked::new(),
            panel: Asked::new(),
            notices_why: Asked::new(),
            import_why: Asked::new(),
            daily: Asked::new(),
            daily_said: Asked::new(),
            share: Asked::new(),
            variants: Asked::new(),
            ticked: RwSignal::new(String::new()),
            table_form: TableForm::default(),
        }
    }
}

impl Default for Answers {
    fn default() -> Self {
        Answers::new()
    }
}

/// A part of a view drawn again when what it reads changes, and patched in place where the
/// new view is of the same kind (`AnyView`): a field being typed in keeps its focus and text.
/// One type for every such part. (`drawn::redrawn` replaces its part whole instead, for parts
/// that change seldom and whole.)
pub type Patched = Box<dyn FnMut() -> AnyView + Send>;

/// `draw` as a [`Patched`] part.
pub fn patched(draw: impl FnMut() -> AnyView + Send + 'static) -> Patched {
    Box::new(draw)
}

/// A button's click: one type for every button of these views.
pub type Tap = Box<dyn FnMut(leptos::ev::MouseEvent)>;

/// `then` as a button's [`Tap`].
pub fn tap(mut then: impl FnMut() + 'static) -> Tap {
    Box::new(move |_| then())
}

/// A field's input: one type for every field of these views.
pub type Typed = Box<dyn FnMut(leptos::ev::Event)>;

/// A field whose text goes into `into` as it is typed.
pub fn typed(into: RwSignal<String>) -> Typed {
    Box::new(move |ev| into.set(event_target_value(&ev)))
}

/// A flag for `hidden=` and the like, drawn again when what it reads changes.
pub type Flag = Box<dyn FnMut() -> bool + Send>;

pub fn flag(read: impl FnMut() -> bool + Send + 'static) -> Flag {
    Box::new(read)
}

/// A line of text: a notice, a hint, a label. One view type for every such line (a class, a
/// role or none, the text), so each costs no rendering code of its own.
pub fn line(class: &'static str, role: Option<&'static str>, text: String) -> AnyView {
    view! { <p class=class role=role>{text}</p> }.into_any()
}
