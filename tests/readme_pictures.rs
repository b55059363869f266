//! The README's moving pictures stay small enough to load fast: each GIF
//! that docs/readme.batch.toml makes is at most 1 MB, and loops.

use std::path::Path;

/// The byte budget of each README GIF.
const BUDGET: u64 = 1_000_000;

#[test]
fn readme_gifs_stay_within_their_budget() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    for name in ["whale-shark.gif", "chain.gif", "tree.gif"] {
        let path = docs.join(name);
        let bytes = std::fs::metadata(&path).unwrap().len();
        assert!(bytes <= BUDGET, "{name}: {bytes} bytes, over {BUDGET}");
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let decoder = options
            .read_info(std::fs::File::open(&path).unwrap())
            .unwrap();
        assert_eq!(decoder.repeat(), gif::Repeat::Infinite, "{name}");
    }
}
