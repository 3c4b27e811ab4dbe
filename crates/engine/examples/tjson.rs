fn main() {
    let text = std::fs::read_to_string("target/long-game.json").unwrap();
    let loaded = molscrab_engine::game::Game::load(&text).unwrap();
    let g = loaded.game;
    let n = 2000;
    let t = std::time::Instant::now();
    let mut len = 0;
    for _ in 0..n {
        len += g.record().to_value().to_string().len();
    }
    println!(
        "record->value->json: {:?} per call ({} bytes)",
        t.elapsed() / n,
        len / n as usize
    );
    let t = std::time::Instant::now();
    for _ in 0..n {
        let v = g.record().to_value();
        std::hint::black_box(&v);
    }
    println!("record->value: {:?} per call", t.elapsed() / n);
    let t = std::time::Instant::now();
    for _ in 0..n {
        let r = g.record();
        std::hint::black_box(&r);
    }
    println!("record: {:?} per call", t.elapsed() / n);
    let t = std::time::Instant::now();
    for _ in 0..200 {
        let r = molscrab_engine::game::Game::replay(&g.record()).unwrap();
        std::hint::black_box(&r);
    }
    println!("replay: {:?} per call", t.elapsed() / 200);
}
