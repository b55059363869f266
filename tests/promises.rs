//! Promises and async as a browser runs them, and which p5.js a sketch is
//! run as: the job queue drained after every script, `setup()` and
//! `draw()`; an async `setup()` awaited before the first `draw()` (p5.js
//! 2); rejections nobody handles are errors; `--p5`, a batch's and a
//! preset's `p5`, and the choice from the sketch, said in the summary.

mod common;

use std::path::{Path, PathBuf};

use common::{assert_refused, stderr, whalegen};

/// A folder with `sketch.js` holding `code` and an `assets/dot.png` (4 x 4,
/// pure red), and a folder to run in.
struct Folder {
    dir: tempfile::TempDir,
}

impl Folder {
    fn new(code: &str) -> Folder {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("sketch.js"), code).unwrap();
        std::fs::create_dir(dir.path().join("assets")).unwrap();
        let red = tiny_skia::Pixmap::from_vec(
            [255, 0, 0, 255].repeat(16),
            tiny_skia::IntSize::from_wh(4, 4).unwrap(),
        )
        .unwrap();
        red.save_png(dir.path().join("assets/dot.png")).unwrap();
        std::fs::create_dir(dir.path().join("run")).unwrap();
        Folder { dir }
    }

    fn sketch(&self) -> String {
        self.dir.path().join("sketch.js").to_string_lossy().into()
    }

    fn run(&self) -> PathBuf {
        self.dir.path().join("run")
    }

    /// `whalegen render sketch.js args...`: its exit status and stderr.
    fn render(&self, args: &[&str]) -> (bool, String) {
        let sketch = self.sketch();
        let all = [&["render", sketch.as_str()][..], args].concat();
        let out = whalegen(&self.run(), &all);
        (out.status.success(), stderr(&out))
    }

    /// Renders, asserting success, and gives stderr.
    fn renders(&self, args: &[&str]) -> String {
        let (ok, err) = self.render(args);
        assert!(ok, "{args:?}: {err}");
        err
    }

    fn refused(&self, args: &[&str], needle: &str) {
        let sketch = self.sketch();
        let all = [&["render", sketch.as_str()][..], args].concat();
        assert_refused(&whalegen(&self.run(), &all), &all, needle);
        assert_eq!(std::fs::read_dir(self.run()).unwrap().count(), 0);
    }

    fn pixel(&self, file: &str, x: u32, y: u32) -> [u8; 3] {
        let png = tiny_skia::Pixmap::load_png(self.run().join(file)).unwrap();
        let c = png.pixel(x, y).unwrap().demultiply();
        [c.red(), c.green(), c.blue()]
    }
}

#[test]
fn an_async_setup_is_awaited_and_its_loaded_image_drawn() {
    let f = Folder::new(
        "let img;\n\
         async function setup() {\n  createCanvas(20, 20);\n  img = await loadImage('assets/dot.png');\n}\n\
         function draw() {\n  background(0, 0, 255);\n  image(img, 0, 0, 10, 10);\n}\n",
    );
    let err = f.renders(&["--frames", "1", "-o", "a.png"]);
    assert!(
        err.contains("as p5.js 2.3.4 (the sketch uses async setup(), sketch.js:2"),
        "{err}"
    );
    assert_eq!(f.pixel("a.png", 2, 2), [255, 0, 0], "the image is drawn");
    assert_eq!(f.pixel("a.png", 15, 15), [0, 0, 255]);
}

#[test]
fn a_site_root_path_is_the_sketchs_folder_in_p5_2() {
    let f = Folder::new(
        "async function setup() {\n  createCanvas(20, 20);\n  const img = await loadImage('/assets/dot.png');\n  \
         image(img, 0, 0, 20, 20);\n  noLoop();\n}\n",
    );
    f.renders(&["-o", "a.png"]);
    assert_eq!(f.pixel("a.png", 10, 10), [255, 0, 0]);
}

#[test]
fn jobs_run_after_each_call_in_the_browsers_order() {
    let f = Folder::new(
        "Promise.resolve().then(() => print('script job'));\n\
         function setup() {\n  createCanvas(10, 10);\n  queueMicrotask(() => print('micro'));\n  \
         Promise.resolve(3).then((v) => print('then ' + v));\n  print('setup');\n}\n\
         async function draw() {\n  print('draw ' + frameCount);\n  await null;\n  print('after await ' + frameCount);\n}\n",
    );
    for p5 in ["1", "2"] {
        let err = f.renders(&["--p5", p5, "--frames", "2", "-q", "-o", "f/"]);
        assert_eq!(
            err, "script job\nsetup\nmicro\nthen 3\ndraw 1\nafter await 1\ndraw 2\nafter await 2\n",
            "--p5 {p5}"
        );
    }
}

#[test]
fn a_rejection_nobody_handles_is_an_error_with_its_line_and_frame() {
    let f = Folder::new(
        "function setup() { createCanvas(10, 10); }\n\
         function draw() {\n  if (frameCount === 3) Promise.reject(new Error('no data'));\n}\n",
    );
    for p5 in ["1", "2"] {
        f.refused(
            &["--p5", p5, "--frames", "5", "--fps", "25", "-o", "a.gif"],
            "frame 2: sketch.js:3:44: Error: no data",
        );
    }
    // Handled later in the same turn, it is not an error.
    let f = Folder::new(
        "function setup() {\n  createCanvas(10, 10);\n  const p = Promise.reject(new Error('x'));\n  \
         p.catch(() => print('caught'));\n  noLoop();\n}\n",
    );
    assert_eq!(f.renders(&["-q", "-o", "a.png"]), "caught\n");
}

#[test]
fn an_async_setup_that_throws_or_never_settles_is_an_error() {
    let f = Folder::new(
        "async function setup() {\n  createCanvas(10, 10);\n  await null;\n  throw new Error('late');\n}\n",
    );
    f.refused(&["-o", "a.png"], "sketch.js:4:13: Error: late");
    let f = Folder::new("async function setup() {\n  await new Promise(() => {});\n}\n");
    f.refused(
        &["-o", "a.png"],
        "setup() awaits a promise that never settles",
    );
    // A missing file rejects the loader's promise: the awaiting line fails.
    let f = Folder::new("async function setup() {\n  await loadImage('assets/none.png');\n}\n");
    f.refused(&["-o", "a.png"], "none.png");
}

#[test]
fn p5_2_draws_no_random_value_while_it_loads_and_1_draws_two() {
    let f = Folder::new("function setup() { print(Math.random()); noLoop(); }\n");
    let first = |p5: &str| -> f64 {
        f.renders(&["--p5", p5, "--seed", "9", "-q", "-o", "a.png"])
            .trim()
            .parse()
            .unwrap()
    };
    let lcg = |n: usize| {
        let mut state: u32 = 9;
        for _ in 0..n {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        }
        f64::from(state) / 4_294_967_296.0
    };
    assert_eq!(first("2"), lcg(1));
    assert_eq!(first("1"), lcg(3));
}

#[test]
fn preload_is_p5_1s_and_said_so_in_p5_2() {
    let f = Folder::new(
        "let n = 0;\nfunction preload() { n = 1; }\nfunction setup() { print('n ' + n); noLoop(); }\n",
    );
    let err = f.renders(&["-o", "a.png"]);
    assert!(err.starts_with("n 1\n"), "{err}");
    assert!(
        err.contains(
            "as p5.js 1.11.13 (the sketch uses preload(), sketch.js:2, which p5.js 2 removed)"
        ),
        "{err}"
    );
    let err = f.renders(&["--p5", "2", "-o", "a.png"]);
    assert!(
        err.contains("preload() is not called: p5.js 2 removed it"),
        "{err}"
    );
    assert!(err.contains("n 0\n"), "{err}");
}

#[test]
fn p5_2_has_no_curve_vertex_and_its_loaders_give_promises() {
    let f = Folder::new(
        "function setup() {\n  print(typeof curveVertex, loadStrings('sketch.js') instanceof Promise);\n  noLoop();\n}\n",
    );
    assert!(f
        .renders(&["--p5", "2", "-q", "-o", "a.png"])
        .starts_with("undefined true\n"));
    assert!(f
        .renders(&["--p5", "1", "-q", "-o", "a.png"])
        .starts_with("function false\n"));
}

#[test]
fn a_page_says_which_p5_it_loads() {
    let f = Folder::new("function setup() { print(VERSION); noLoop(); }\n");
    let page = |src: &str| {
        std::fs::write(
            f.dir.path().join("index.html"),
            format!("<script src=\"{src}\"></script><script src=\"sketch.js\"></script>"),
        )
        .unwrap();
        let dir = f.dir.path().to_string_lossy().into_owned();
        let out = whalegen(&f.run(), &["render", &dir, "-o", "a.png"]);
        assert!(out.status.success(), "{}", stderr(&out));
        stderr(&out)
    };
    let one = page("https://cdn.jsdelivr.net/npm/p5@1.11.1/lib/p5.min.js");
    assert!(one.starts_with("1.11.13\n"), "{one}");
    assert!(
        one.contains("as p5.js 1.11.13 (index.html loads https://cdn"),
        "{one}"
    );
    let two = page("https://cdn.jsdelivr.net/npm/p5@2.0.5/lib/p5.js");
    assert!(two.starts_with("2.3.4\n"), "{two}");
}

#[test]
fn a_version_that_is_not_1_or_2_is_refused_by_its_flag_or_key() {
    let f = Folder::new("function setup() {}\n");
    let sketch = f.sketch();
    let out = whalegen(&f.run(), &["render", &sketch, "--p5", "3", "-o", "a.png"]);
    assert_eq!(out.status.code(), Some(2), "clap's usage error");
    assert!(stderr(&out).contains("expected 1 or 2"), "{}", stderr(&out));
    let preset = f.dir.path().join("p.toml");
    std::fs::write(&preset, "sketch = \"sketch.js\"\np5 = 3\n").unwrap();
    let preset = preset.to_string_lossy().into_owned();
    let args = ["render", "--preset", &preset, "-o", "a.png"];
    assert_refused(&whalegen(&f.run(), &args), &args, "p5");
    let out = whalegen(Path::new(&f.run()), &args);
    assert!(
        stderr(&out).contains("expected 1 (p5.js 1.11.13) or 2"),
        "{}",
        stderr(&out)
    );
}
