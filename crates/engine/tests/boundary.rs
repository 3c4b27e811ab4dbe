//! The engine's boundary, checked: nothing web anywhere in its dependency tree.

#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

#[test]
fn the_engine_depends_on_nothing_web() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["tree", "--offline", "-p", "molscrab-engine", "-e", "normal"])
        .args(["--prefix", "none", "--format", "{p}"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8(out.stdout).expect("utf-8");
    assert!(tree.contains("molscrab-json"), "{tree}");
    for web in [
        "leptos",
        "web-sys",
        "js-sys",
        "wasm-bindgen",
        "tachys",
        "reactive_graph",
    ] {
        assert!(
            !tree.lines().any(|l| l.starts_with(&format!("{web} "))),
            "molscrab-engine depends on {web}:\n{tree}"
        );
    }
}
