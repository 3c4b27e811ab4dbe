//! The native `molscrab` command-line tool; the logic lives in `molscrab::cli`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = std::io::stdin();
    let code = molscrab_cli::run(
        &args,
        stdin.lock(),
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    std::process::exit(code);
}
