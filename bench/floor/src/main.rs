//! The size floor: the least a Leptos app that shows the game's 15×15 board can weigh.

use leptos::prelude::*;

fn main() {
    leptos::mount::mount_to_body(|| {
        let picked = RwSignal::new(None::<(usize, usize)>);
        view! {
            <h1>"Hello, board"</h1>
            <div class="board">
                {(0..15)
                    .flat_map(|row| (0..15).map(move |col| (row, col)))
                    .map(|(row, col)| {
                        view! {
                            <button
                                data-row=row
                                data-col=col
                                aria-pressed=move || (picked.get() == Some((row, col))).to_string()
                                on:click=move |_| picked.set(Some((row, col)))
                            ></button>
                        }
                    })
                    .collect_view()}
            </div>
        }
    });
}
