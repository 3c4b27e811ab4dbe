//! The engine's worker, from the page's side: questions that may take a while (a computer's
//! move, a hint, hindsight) go to `lazy/engine-worker.js` and come back as answers, so no
//! question can hold up a tap. The worker is started on the first question, and not before the
//! page's first screen is written ([`hold`], [`release`]): its start and its wasm's compiling
//! would take the page's thread and cores from that screen.

use leptos::prelude::set_timeout;
use molscrab_engine::markup::Html;
use molscrab_json::Value;
use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{MessageEvent, Worker};

/// What to do with an answer: `Ok` with the question's result, or `Err` with a sentence.
type Answered = Box<dyn FnOnce(Result<Value, String>)>;

struct Engine {
    worker: Worker,
    next: u64,
    waiting: Vec<(u64, Answered)>,
}

/// The page's side of the worker.
enum Link {
    /// Not started: no question yet, or it could not start (each question then tries again).
    Idle,
    /// The page's first screen is being written: questions wait for it ([`release`]).
    Held(Vec<(String, Answered)>),
    Running(Engine),
}

// A thread-local, not a signal: the worker's handle and the questions waiting for it are a
// browser object and callbacks, never shown; what an answer changes goes into the store.
thread_local! {
    static ENGINE: RefCell<Link> = const { RefCell::new(Link::Idle) };
}

/// Questions wait, and the worker does not start, until [`release`]: the store holds them
/// while the Play tab's first build is written (`store::Stage`).
pub fn hold() {
    ENGINE.with(|engine| {
        let mut engine = engine.borrow_mut();
        if matches!(*engine, Link::Idle) {
            *engine = Link::Held(Vec::new());
        }
    });
}

/// The questions held since [`hold`] are sent, in the order asked, in a task of their own.
pub fn release() {
    let held = ENGINE.with(|engine| {
        let mut engine = engine.borrow_mut();
        let Link::Held(held) = &mut *engine else {
            return Vec::new();
        };
        let held = std::mem::take(held);
        *engine = Link::Idle;
        held
    });
    if !held.is_empty() {
        set_timeout(
            move || {
                for (question, answered) in held {
                    post(question, answered);
                }
            },
            std::time::Duration::ZERO,
        );
    }
}

/// Shown when the browser can't run the engine's worker at all.
const NO_WORKER: &str = "The computer players could not start in this browser.";

/// Asks the engine `question` (an object with its `"op"`); `answered` runs with the result.
/// Until the worker runs, a question waits for the next task, which starts it: the page's
/// first screen (the Play tab asks for its variants and Daily Bench at once) is not held up
/// by the worker's start.
pub fn ask(question: molscrab_json::Map, answered: impl FnOnce(Result<Value, String>) + 'static) {
    // boxed first: one `post`, not one per caller
    ask_boxed(Value::Object(question).to_string(), Box::new(answered));
}

/// [`ask`] with the question already written as a JSON object's text: a game's record the
/// save keeps as text is sent as it is, not turned into a value and written out again.
pub fn ask_text(question: String, answered: impl FnOnce(Result<Value, String>) + 'static) {
    ask_boxed(question, Box::new(answered));
}

fn ask_boxed(question: String, answered: Answered) {
    let mut asked = Some((question, answered));
    let running = ENGINE.with(|engine| match &mut *engine.borrow_mut() {
        Link::Held(held) => {
            held.extend(asked.take());
            false
        }
        Link::Idle => false,
        Link::Running(_) => true,
    });
    let Some((question, answered)) = asked else {
        return; // held until `release`
    };
    if running {
        post(question, answered);
    } else {
        set_timeout(|| post(question, answered), std::time::Duration::ZERO);
    }
}

/// Sends `question` (a JSON object's text) with an id of its own, for its answer to find
/// `answered`.
fn post(mut question: String, answered: Answered) {
    let mut answered = Some(answered);
    ENGINE.with(|engine| {
        let mut engine = engine.borrow_mut();
        if matches!(*engine, Link::Idle) {
            *engine = start().map_or(Link::Idle, Link::Running);
        }
        let Link::Running(engine) = &mut *engine else {
            return None;
        };
        engine.next += 1;
        let id = engine.next;
        with_id(&mut question, id);
        engine
            .worker
            .post_message(&JsValue::from_str(&question))
            .ok()?;
        let answered = answered.take()?;
        engine.waiting.push((id, answered));
        Some(())
    });
    if let Some(answered) = answered {
        answered(Err(NO_WORKER.to_string()));
    }
}

/// `question`, a JSON object's text, with `"id": id` as its last member.
fn with_id(question: &mut String, id: u64) {
    question.pop();
    if !question.ends_with('{') {
        question.push(',');
    }
    question.push_str(&format!("\"id\":{id}}}"));
}

fn start() -> Option<Engine> {
    let worker = Worker::new("lazy/engine-worker.js").ok()?;
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(|event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        let answer = molscrab_json::parse(&text).ok();
        let id = answer
            .as_ref()
            .and_then(|a| a.get("id"))
            .and_then(Value::as_u64);
        let result = match answer {
            Some(a) => match (a.get("ok"), a.get("error").and_then(Value::as_str)) {
                (Some(ok), _) => Ok(ok.clone()),
                (None, Some(error)) => Err(error.to_string()),
                (None, None) => Err("The engine's answer was empty.".to_string()),
            },
            None => Err("The engine's answer could not be read.".to_string()),
        };
        let answered = ENGINE.with(|engine| {
            let mut engine = engine.borrow_mut();
            let Link::Running(engine) = &mut *engine else {
                return None;
            };
            let waiting = &mut engine.waiting;
            // an answer without an id (the worker could not read the question) goes to the
            // oldest question: they are answered in order
            let at = match id {
                Some(id) => waiting.iter().position(|(i, _)| *i == id)?,
                None if !waiting.is_empty() => 0,
                None => return None,
            };
            Some(waiting.remove(at).1)
        });
        if let Some(answered) = answered {
            answered(result);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // the worker lives as long as the page
    on_message.forget();
    Some(Engine {
        worker,
        next: 0,
        waiting: Vec::new(),
    })
}

/// The markup of an answer: its `"html"` member ([`markup_of`]).
pub fn html_of(answer: &Value) -> Option<Html> {
    markup_of(answer, "html")
}

/// The markup in an answer's member `field`. Only members named `html` or `…_html` are markup
/// (the worker writes them as [`Html`], crates/worker); every other string in an answer is
/// text, which the page escapes itself. The page's one trust boundary for markup.
#[expect(
    clippy::disallowed_methods,
    reason = "the worker writes its markup members as `Html` (crates/worker)"
)]
pub fn markup_of(answer: &Value, field: &'static str) -> Option<Html> {
    if field != "html" && !field.ends_with("_html") {
        return None;
    }
    let markup = answer.get(field)?.as_long_str()?;
    Some(Html::from_engine_worker(markup))
}

/// A question's object, from its members.
pub fn question<const N: usize>(members: [(&str, Value); N]) -> molscrab_json::Map {
    match Value::object(members) {
        Value::Object(map) => map,
        _ => molscrab_json::Map::new(),
    }
}

/// Runs `then` after `ms` milliseconds (the computer's visible pause).
pub fn after(ms: u64, then: impl FnOnce() + 'static) {
    set_timeout(then, std::time::Duration::from_millis(ms));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_gets_its_id_as_its_last_member_and_stays_one_json_object() {
        let mut text = r#"{"op":"can-play","record":{"moves":[]}}"#.to_string();
        with_id(&mut text, 7);
        assert_eq!(text, r#"{"op":"can-play","record":{"moves":[]},"id":7}"#);
        let read = molscrab_json::parse(&text).expect("still JSON");
        assert_eq!(read.get("id").and_then(Value::as_u64), Some(7));
        assert_eq!(read.get("op").and_then(Value::as_str), Some("can-play"));
        let mut empty = "{}".to_string();
        with_id(&mut empty, 1);
        assert_eq!(empty, r#"{"id":1}"#);
        // a question written from a map, as `ask` writes it
        let mut names = Value::Object(question([("op", "names".into())])).to_string();
        with_id(&mut names, 2);
        assert_eq!(names, r#"{"op":"names","id":2}"#);
    }
}
