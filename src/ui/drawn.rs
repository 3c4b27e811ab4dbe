//! Views drawn afresh rather than patched: [`Drawn`], and [`redrawn`] for a part of the page
//! drawn again whenever what it reads changes.

use leptos::prelude::*;
use leptos::tachys::view::{Mountable, Render, RenderHtml};

/// A part of the page drawn again whenever what `draw` reads changes. Not generic: one closure
/// type for every such part, so the wasm holds one copy of the code that redraws them.
pub fn redrawn(draw: Box<dyn Fn() -> Drawn + Send + Sync>) -> impl IntoView {
    move || draw()
}

/// A view drawn afresh, in place of the one before, each time it changes: no diff. For parts
/// that change seldom and whole (a notice in, a question asked, a game begun): a diffing view
/// (a typed one, or `AnyView`) carries the code to patch each of its kinds in place, a copy
/// per kind (~2 KB of wasm for a card's buttons, ~14 KB for the Play tab and the game screen),
/// where these never patch.
pub struct Drawn(Box<dyn FnOnce() -> DrawnState + Send>);

impl Drawn {
    pub fn new<V: Render + Send + 'static>(view: V) -> Drawn
    where
        V::State: 'static,
    {
        Drawn(Box::new(move || DrawnState(Box::new(view.build()))))
    }
}

/// `view.drawn()`: the view as a [`Drawn`].
pub trait IntoDrawn {
    fn drawn(self) -> Drawn;
}

impl<V: Render + Send + 'static> IntoDrawn for V
where
    V::State: 'static,
{
    fn drawn(self) -> Drawn {
        Drawn::new(self)
    }
}

/// What a [`Drawn`] put on the page.
pub struct DrawnState(Box<dyn Mountable>);

impl Mountable for DrawnState {
    fn unmount(&mut self) {
        self.0.unmount()
    }

    fn mount(
        &mut self,
        parent: &leptos::tachys::renderer::types::Element,
        marker: Option<&leptos::tachys::renderer::types::Node>,
    ) {
        self.0.mount(parent, marker)
    }

    fn insert_before_this(&self, child: &mut dyn Mountable) -> bool {
        self.0.insert_before_this(child)
    }

    fn elements(&self) -> Vec<leptos::tachys::renderer::types::Element> {
        self.0.elements()
    }
}

impl Render for Drawn {
    type State = DrawnState;

    fn build(self) -> DrawnState {
        (self.0)()
    }

    fn rebuild(self, state: &mut DrawnState) {
        let mut new = (self.0)();
        state.insert_before_this(&mut new);
        state.unmount();
        *state = new;
    }
}

leptos::tachys::no_attrs!(Drawn);

// a page built in the browser only: it is never written as HTML, nor hydrated
impl RenderHtml for Drawn {
    type AsyncOutput = Drawn;
    type Owned = Drawn;
    const MIN_LENGTH: usize = 0;

    fn dry_resolve(&mut self) {}

    async fn resolve(self) -> Drawn {
        self
    }

    fn to_html_with_buf(
        self,
        _buf: &mut String,
        _position: &mut leptos::tachys::view::Position,
        _escape: bool,
        _mark_branches: bool,
        _extra_attrs: Vec<leptos::tachys::html::attribute::any_attribute::AnyAttribute>,
    ) {
    }

    fn hydrate<const FROM_SERVER: bool>(
        self,
        _cursor: &leptos::tachys::hydration::Cursor,
        _position: &leptos::tachys::view::PositionState,
    ) -> DrawnState {
        self.build()
    }

    fn into_owned(self) -> Drawn {
        self
    }
}
