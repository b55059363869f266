//! `whalegen render SKETCH.js`: errors and limits, the sandbox, the frame
//! clock, the seeded generators and what a sketch is given. The pictures
//! themselves are compared with p5.js in tests/sketches.rs.

mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::{assert_refused, decode, refused, stderr, whalegen};

/// A folder holding `sketch.js` with `code`, and an empty folder to run in.
struct Sketch {
    _dir: tempfile::TempDir,
    path: PathBuf,
    run: PathBuf,
}

fn sketch(code: &str) -> Sketch {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sketch.js");
    std::fs::write(&path, code).unwrap();
    let run = dir.path().join("run");
    std::fs::create_dir(&run).unwrap();
    Sketch {
        _dir: dir,
        path,
        run,
    }
}

impl Sketch {
    fn path(&self) -> &str {
        self.path.to_str().unwrap()
    }

    /// Runs `whalegen render SKETCH --p5 1 args...` (these sketches are
    /// of p5.js 1's contract) and returns what it printed to stderr,
    /// asserting that it succeeded.
    fn render(&self, args: &[&str]) -> String {
        let mut all = vec!["render", self.path(), "--p5", "1"];
        all.extend_from_slice(args);
        let out = whalegen(&self.run, &all);
        let err = stderr(&out);
        assert!(out.status.success(), "{all:?}: {err}");
        err
    }

    /// Asserts a clean failure: exit 1, `needle` in one line, nothing written.
    fn refused(&self, args: &[&str], needle: &str) {
        let mut all = vec!["render", self.path(), "--p5", "1"];
        all.extend_from_slice(args);
        self.refused_with(&all, needle);
    }

    /// `refused` for any command line `args`.
    fn refused_with(&self, args: &[&str], needle: &str) {
        let before = std::fs::read_dir(&self.run).unwrap().count();
        assert_refused(&whalegen(&self.run, args), args, needle);
        assert_eq!(
            std::fs::read_dir(&self.run).unwrap().count(),
            before,
            "{args:?} wrote"
        );
    }
}

/// p5's generator: the `n`-th value (from 1) of Math.random seeded with
/// `seed`.
fn lcg(seed: u32, n: usize) -> f64 {
    let mut state = seed;
    for _ in 0..n {
        state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
    }
    f64::from(state) / 4_294_967_296.0
}

#[test]
fn a_syntax_error_names_its_line_and_column_and_writes_nothing() {
    let s = sketch("function setup() {\n  createCanvas(100, 100);\n  let x = ;\n}\n");
    s.refused(&["-o", "x.gif"], "sketch.js:3:11: SyntaxError: ");
}

#[test]
fn an_exception_names_its_frame_line_and_calls_and_writes_nothing() {
    let s = sketch(
        "function setup() { createCanvas(50, 50); }\n\
         function boom(o) { return o.foo.bar; }\n\
         function draw() {\n  background(0);\n  if (frameCount == 58) boom({});\n}\n",
    );
    let message = "frame 57: sketch.js:2:27: TypeError: cannot read property 'bar' of undefined \
                   (at boom sketch.js:2:27, called from draw sketch.js:5:25)";
    for out in ["x.gif", "x.apng"] {
        s.refused(&["--frames", "100", "--fps", "30", "-o", out], message);
    }
    s.refused(&["--sheet", "4x2", "-o", "x.png"], message);
    // Numbered frames are written as they come (an interrupt keeps them
    // too): frames 0 to 56 stay, and no temporary file.
    let out = whalegen(
        &s.run,
        &["render", s.path(), "--frames", "100", "-o", "frames/"],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains(message), "{}", stderr(&out));
    let files: Vec<_> = std::fs::read_dir(s.run.join("frames")).unwrap().collect();
    assert_eq!(files.len(), 57);
}

#[test]
fn an_endless_loop_is_stopped_by_the_time_limit() {
    let s = sketch("function draw() {\n  if (frameCount == 3) while (true) {}\n}\n");
    let started = Instant::now();
    s.refused(
        &["--time-limit", "0.5", "--fps", "30", "-o", "x.gif"],
        "frame 2: draw() ran longer than 0.5 s, the time limit (an endless loop?); --time-limit sets it",
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    let s = sketch("function setup() { for (;;) {} }\n");
    s.refused(
        &["--time-limit", "0.2"],
        "setup: setup() ran longer than 0.2 s",
    );
}

#[test]
fn an_exhausted_heap_is_one_line() {
    let s = sketch(
        "const a = [];\nfunction draw() { for (;;) a.push(new Array(100000).fill(frameCount)); }\n",
    );
    s.refused(
        &["--heap", "32", "--frames", "1", "-o", "x.png"],
        "draw() ran out of memory: the JavaScript heap may hold 32 MiB; --heap sets it",
    );
    let s = sketch("function f(n) { return f(n + 1) + 1; }\nfunction setup() { f(0); }\n");
    s.refused(
        &[],
        "RangeError: Maximum call stack size exceeded (at f sketch.js:1:",
    );
}

#[test]
fn what_is_not_drawn_is_refused_by_name_and_line() {
    let s = sketch("function setup() {\n  createCanvas(100, 100, WEBGL);\n}\n");
    s.refused(&[], "setup: sketch.js:2:");
    s.refused(
        &[],
        "NotSupported: createCanvas(..., WEBGL) is not supported",
    );
    let s = sketch("function draw() {\n  background(0);\n  box(30);\n}\n");
    s.refused(&["--frames", "1", "-o", "x.png"], "frame 0: sketch.js:3:");
    s.refused(
        &["--frames", "1", "-o", "x.png"],
        "NotSupported: box() is not supported: 3D",
    );
}

#[test]
fn a_context_member_not_drawn_is_refused_by_name_and_line() {
    let frame = ["--frames", "1", "-o", "x.png"];
    let s = sketch("function draw() {\n  drawingContext.shadowBlur = 4;\n  drawingContext.drawImage(null, 0, 0);\n}\n");
    s.refused(&frame, "frame 0: sketch.js:3:");
    s.refused(
        &frame,
        "NotSupported: drawingContext.drawImage is not supported",
    );
    // A graphics' context refuses as the canvas's, setting as reading.
    let s = sketch(
        "function setup() {\n  const g = createGraphics(9, 9);\n  g.drawingContext.font = '9px serif';\n}\n",
    );
    s.refused(&[], "setup: sketch.js:3:");
    s.refused(&[], "drawingContext.font is not supported");
    let s = sketch("function draw() {\n  drawingContext.globalCompositeOperation = 'xor';\n}\n");
    s.refused(
        &frame,
        "drawingContext.globalCompositeOperation = 'xor' is not supported",
    );
    // What is only the sketch's own is kept, as a browser keeps it.
    let s = sketch(
        "function draw() {\n  drawingContext.mine = 3;\n  \
         background(drawingContext.mine === 3 ? 255 : 0);\n}\n",
    );
    s.render(&frame);
    let png = tiny_skia::Pixmap::load_png(s.run.join("x.png")).unwrap();
    assert_eq!(png.pixel(0, 0).unwrap().red(), 255);
}

#[test]
fn saving_does_nothing_and_says_so_once() {
    let s = sketch(
        "function setup() { createCanvas(20, 20); }\n\
         function draw() { background(frameCount); saveCanvas('x', 'png'); save('y.png'); \
         if (frameCount == 2) saveJSON({}, 'z.json'); }\n",
    );
    let err = s.render(&["-q", "--frames", "4", "--fps", "25", "-o", "x.gif"]);
    let said = |name: &str| {
        let line = format!("whalegen: {name}() ignored: whalegen writes the outputs its command line asks for (-o)");
        err.lines().filter(|l| *l == line).count()
    };
    assert_eq!(
        (said("saveCanvas"), said("save"), said("saveJSON")),
        (1, 1, 1),
        "{err}"
    );
    assert_eq!(err.lines().count(), 3, "{err}");
    let written: Vec<_> = std::fs::read_dir(&s.run)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(written, ["x.gif"]);
}

#[test]
fn a_sketch_has_no_files_network_processes_or_wall_clock() {
    let s = sketch(
        "function setup() {\n\
         print([typeof require, typeof process, typeof std, typeof os, typeof fetch,\n\
                typeof XMLHttpRequest, typeof WebSocket, typeof importScripts].join(' '));\n\
         let loaded = 'no';\n\
         try { loadStrings('/etc/passwd'); loaded = 'yes'; } catch (e) { loaded = e.name + ' ' + /absolute path/.test(e.message); }\n\
         print('load: ' + loaded);\n\
         print('clock: ' + Date.now() + ' ' + new Date().getTime() + ' ' + performance.now() + ' ' + millis());\n\
         noLoop();\n}\n",
    );
    let err = s.render(&["-q", "-o", "x.png"]);
    let mut lines = err.lines();
    assert_eq!(
        lines.next(),
        Some("undefined undefined undefined undefined undefined undefined undefined undefined")
    );
    assert_eq!(lines.next(), Some("load: Error true"));
    assert_eq!(lines.next(), Some("clock: 0 0 0 0"));
    // A script is not a module: no import can name a file to read.
    let s = sketch("import secret from '/etc/passwd';\nfunction setup() { print(secret); }\n");
    s.refused(
        &["--frames", "1", "-o", "x.png"],
        "sketch.js:1: `import` and `export` are not supported",
    );
}

#[test]
fn the_clock_follows_the_frames() {
    let s = sketch(
        "function setup() { frameRate(25); }\n\
         function draw() { if (frameCount <= 3) print([frameCount, millis(), deltaTime, Date.now()].join(' ')); }\n",
    );
    let err = s.render(&["-q", "--frames", "5", "-o", "x.gif"]);
    assert_eq!(err, "1 40 40 40\n2 80 40 80\n3 120 40 120\n");
    // --fps sets the clock when given.
    let err = s.render(&["-q", "--frames", "2", "--fps", "10", "-o", "x.gif"]);
    assert_eq!(err, "1 100 100 100\n2 200 100 200\n");
}

#[test]
fn a_sketch_faster_than_an_output_holds_plays_at_the_most_it_holds() {
    // frameRate(500) runs the sketch's clock at 500 fps, as p5's does; the
    // output plays at 100 fps, the most it holds, and a GIF, which a
    // browser plays at 50 at most, keeps every second frame: one of three,
    // shown 3 centiseconds. Only --fps 500 is refused.
    let s = sketch(
        "function setup() { createCanvas(20, 20); frameRate(500); }\n\
         function draw() { background(frameCount * 60); if (frameCount <= 2) print([frameCount, millis(), deltaTime, frameRate()].join(' ')); }\n",
    );
    let err = s.render(&["-q", "--frames", "3", "-o", "x.gif"]);
    // Only frame 0 is kept: the frames after it are not run.
    assert_eq!(err, "1 2 2 500\n");
    let shown = decode(&s.run.join("x.gif")).shown;
    assert_eq!(
        shown.iter().map(|(_, delay)| *delay).collect::<Vec<_>>(),
        [3]
    );
    s.refused(
        &["--frames", "3", "--fps", "500", "-o", "y.gif"],
        "`fps` = 500",
    );
}

#[test]
fn a_sketch_has_the_browser_globals_and_builtins_sketches_use() {
    // window and self are the global object (setup and draw given as
    // window.setup = ...), its size is p5's window, structuredClone copies
    // plain data as a browser does; p5.Vector's slerp and clampToZero,
    // shorten() and byte(). The values are p5.js 1.11's in Chromium.
    let s = sketch(
        "window.setup = function () {\n\
           createCanvas(10, 10);\n\
           const a = { v: { x: 1, y: 2 }, list: [1, , 3], m: new Map([[1, { k: 2 }]]), s: new Set([4]), d: new Date(5), t: new Float32Array([1.5, 2.5]), r: /x+/g };\n\
           a.self = a;\n\
           const b = structuredClone(a);\n\
           print(JSON.stringify([b.v, 1 in b.list, b.list.length, b.m.get(1), b.s.has(4), b.d.getTime(), Array.from(b.t), b.t instanceof Float32Array, String(b.r), b.self === b, b.m.get(1) !== a.m.get(1)]));\n\
           try { structuredClone({ f() {} }); } catch (e) { print(e.name); }\n\
           window.answer = 42;\n\
           print([answer, self === window, window === globalThis, innerWidth, innerHeight, devicePixelRatio].join(' '));\n\
           print(createVector(10, 0).slerp(createVector(0, 10), 0.5) + ' ' + p5.Vector.slerp(createVector(10, 0), createVector(-10, 0), 0.5));\n\
           print(createVector(1e-17, 2, -1e-20).clampToZero() + ' ' + shorten([1, 2, 3]) + ' ' + byte(200) + ' ' + byte([300, '-129']));\n\
         };\n\
         window.draw = () => { print('draw ' + frameCount); noLoop(); };\n",
    );
    let err = s.render(&["-q", "--frames", "1", "-o", "x.png"]);
    assert_eq!(
        err,
        "[{\"x\":1,\"y\":2},false,3,{\"k\":2},true,5,[1.5,2.5],true,\"/x+/g\",true,true]\n\
         DataCloneError\n\
         42 true true 800 600 1\n\
         p5.Vector Object : [7.0710678118654755, 7.071067811865475, 0] p5.Vector Object : [6.123233995736766e-16, 10, 0]\n\
         p5.Vector Object : [0, 2, 0] 1,2 -56 44,-129\n\
         draw 1\n"
    );
}

#[test]
fn mouse_button_p5_instance_and_new_p5_without_a_sketch_as_p5s() {
    // As p5.js 1.11: mouseButton is 0 before any press (a sketch's
    // `mouseButton === LEFT` is false), LEFT from the first press on;
    // p5.instance reads the sketch's API in global mode.
    let s = sketch(
        "function setup() { createCanvas(12, 10); }\n\
         function draw() { print([frameCount, mouseButton, mouseButton === LEFT, p5.instance.width].join(' ')); }\n",
    );
    let err = s.render(&["-q", "--frames", "4", "--press", "2-2", "-o", "f/"]);
    assert_eq!(
        err,
        "1 0 false 12\n2 0 false 12\n3 left true 12\n4 left true 12\n"
    );
    let s = sketch("new p5((p) => { p.setup = () => print(String(p5.instance === p)); });\n");
    assert_eq!(s.render(&["-q", "-o", "x.png"]), "true\n");
    // new p5() without a sketch function is global mode.
    let s = sketch(
        "new p5();\nfunction setup() { createCanvas(20, 20); print('setup ' + width); }\n\
         function draw() { print('draw ' + frameCount); noLoop(); }\n",
    );
    assert_eq!(
        s.render(&["-q", "--frames", "1", "-o", "x.png"]),
        "setup 20\ndraw 1\n"
    );
}

#[test]
fn math_random_is_p5s_generator_seeded_with_the_seed() {
    // p5.js draws two values from Math.random while it loads: a sketch's
    // first unseeded random() is the third.
    let s = sketch("function setup() { print(random()); print(Math.random()); randomSeed(42); print(random()); noLoop(); }\n");
    for seed in [0u32, 7, 4_000_000_000] {
        let err = s.render(&["-q", "--seed", &seed.to_string(), "-o", "x.png"]);
        let values: Vec<f64> = err.lines().map(|l| l.parse().unwrap()).collect();
        assert_eq!(
            values,
            [lcg(seed, 3), lcg(seed, 4), 0.252_345_174_783_840_8],
            "seed {seed}"
        );
    }
    // The seed is taken modulo 2^32, as p5's generator does.
    let wrapped = s.render(&["-q", "--seed", "4294967303", "-o", "x.png"]);
    assert_eq!(wrapped, s.render(&["-q", "--seed", "7", "-o", "x.png"]));
}

#[test]
fn the_same_sketch_and_seed_give_the_same_bytes_on_any_thread_count() {
    let s = sketch(
        "let ps = [];\n\
         function setup() { createCanvas(120, 90); for (let i = 0; i < 50; i++) ps.push(createVector(random(width), random(height))); }\n\
         function draw() {\n  background(10, 20, 40, 40);\n  noStroke();\n  fill(255, 180, 0, 160);\n\
           for (const p of ps) { p.add(p5.Vector.fromAngle(noise(p.x * 0.01, p.y * 0.01, frameCount * 0.02) * TWO_PI * 2)); circle(p.x, p.y, 4); }\n\
           rotate(0.1); text('frame ' + frameCount, 5, 80);\n}\n",
    );
    let hash = |name: &str| std::fs::read(s.run.join(name)).unwrap();
    s.render(&["-q", "--seed", "3", "--frames", "30", "-o", "a.gif"]);
    s.render(&[
        "-q",
        "--seed",
        "3",
        "--frames",
        "30",
        "--threads",
        "1",
        "-o",
        "b.gif",
    ]);
    s.render(&["-q", "--seed", "4", "--frames", "30", "-o", "c.gif"]);
    assert_eq!(hash("a.gif"), hash("b.gif"));
    assert_ne!(hash("a.gif"), hash("c.gif"), "the seed changes the picture");
}

#[test]
fn a_gif_past_the_recording_bound_draws_the_frames_a_short_one_does() {
    // Each frame draws one opaque square `n` times over: the same pixels
    // for any `n`. A GIF's frames pass replays the calls its preview pass
    // recorded, at most 32 MiB of them (about 466,000): at n = 200,000
    // the recording stops in the third frame and the frames pass runs the
    // JavaScript again; what it shows must not change.
    let s = sketch(
        "const n = Number(getURLParams().n);\n\
         function setup() { createCanvas(60, 40); noStroke(); }\n\
         function draw() {\n  background(230);\n  fill(frameCount * 40 % 256, 90, 200);\n\
           for (let i = 0; i < n; i++) rect(frameCount * 6, 10, 20, 20);\n}\n",
    );
    // At 30 fps, every frame is kept.
    let at = ["-q", "--frames", "5", "--fps", "30"];
    s.render(&[&at[..], &["--set", "n=1", "-o", "one.gif"]].concat());
    s.render(&[&at[..], &["--set", "n=200000", "-o", "many.gif"]].concat());
    let one = decode(&s.run.join("one.gif"));
    let many = decode(&s.run.join("many.gif"));
    assert_eq!(one.shown.len(), 5);
    for (f, (a, b)) in one.shown.iter().zip(&many.shown).enumerate() {
        assert!(a == b, "frame {f} differs");
    }
    assert_ne!(one.shown[0], one.shown[4], "the frames move");
}

#[test]
fn no_loop_and_no_draw_render_one_frame() {
    for code in [
        "function setup() { createCanvas(40, 30); background(200); noLoop(); }\nfunction draw() { circle(frameCount * 5, 15, 10); }\n",
        "function setup() { createCanvas(40, 30); background(200); circle(20, 15, 10); }\n",
    ] {
        let s = sketch(code);
        let err = s.render(&["-o", "x.gif"]);
        assert!(err.contains("1 frame of 40 x 30"), "{err}");
    }
}

#[test]
fn set_is_read_by_get_url_params_and_the_pointer_moves_the_mouse() {
    let s = sketch(
        "function setup() { const p = getURLParams(); print(p.size + ' ' + typeof p.size + ' ' + p.name); }\n\
         function draw() { print([frameCount, mouseX, mouseY, mouseIsPressed].join(' ')); }\n\
         function mousePressed() { print('pressed'); }\nfunction mouseReleased() { print('released'); }\n",
    );
    let err = s.render(&[
        "-q",
        "--set",
        "size=30",
        "--set",
        "name=whale",
        "--frames",
        "1",
        "-o",
        "x.png",
    ]);
    assert_eq!(err, "30 string whale\n1 0 0 false\n");
    let err = s.render(&[
        "-q",
        "--frames",
        "4",
        "--fps",
        "30",
        "--pointer",
        "keyframes:0,0,10;2,20,30",
        "--press",
        "1-2",
        "-o",
        "x.gif",
    ]);
    assert_eq!(
        err,
        "undefined undefined undefined\n1 0 10 false\npressed\n2 10 20 true\n3 20 30 true\nreleased\n4 20 30 false\n"
    );
}

#[test]
fn an_instance_mode_sketch_and_a_folder_with_an_index_run() {
    let s = sketch(
        "new p5((p) => {\n  p.setup = () => { p.createCanvas(30, 20); p.noLoop(); };\n  \
         p.draw = () => { p.background(p.color('#ff0000')); p.print(p.width + 'x' + p.height + ' ' + p.frameCount); };\n});\n",
    );
    assert_eq!(s.render(&["-q", "-o", "x.png"]), "30x20 1\n");
    let dir = s.path.parent().unwrap();
    std::fs::write(dir.join("helper.js"), "function size() { return 24; }\n").unwrap();
    std::fs::write(
        dir.join("main.js"),
        "function setup() { createCanvas(size(), 12); print(helper); }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<html><script src=\"https://cdn.jsdelivr.net/npm/p5@1.11.1/lib/p5.min.js\"></script>\n\
         <script src=\"helper.js\"></script><script>const helper = 'inline';</script>\n\
         <script src=\"main.js\"></script></html>\n",
    )
    .unwrap();
    let out = whalegen(&s.run, &["render", dir.to_str().unwrap(), "-o", "y.png"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.starts_with("inline\n") && err.contains("24 x 12"),
        "{err}"
    );
    // A script outside the folder is refused.
    std::fs::write(
        dir.join("index.html"),
        "<script src=\"../secret.js\"></script>",
    )
    .unwrap();
    let empty = tempfile::tempdir().unwrap();
    refused(
        empty.path(),
        &["render", dir.to_str().unwrap()],
        "`..` is not allowed",
    );
}

#[test]
fn a_sketch_preset_renders_its_sketch_with_its_keys() {
    // The sketch prints what it is given: parameters, seed, pointer, clock.
    let s = sketch(
        "function setup() { createCanvas(40, 30); }\n\
         function draw() { if (frameCount == 1) { const p = getURLParams(); \
         print([p.a, p.b, Math.round(random(1000)), mouseX, mouseY, deltaTime].join(' ')); } }\n",
    );
    let dir = s.path.parent().unwrap();
    std::fs::write(
        dir.join("p.toml"),
        "sketch = \"sketch.js\"\np5 = 1\ndescription = \"prints\"\nseed = 5\nframes = 3\nfps = 20\n\
         pointer = \"7,8\"\noutputs = [\"gif\"]\n[set]\na = 1\nb = \"x\"\n",
    )
    .unwrap();
    let preset = dir.join("p.toml");
    let preset = preset.to_str().unwrap();
    let run = |extra: &[&str]| {
        let out = whalegen(
            &s.run,
            &[&["render", "--preset", preset][..], extra].concat(),
        );
        assert!(out.status.success(), "{}", stderr(&out));
        stderr(&out)
    };
    let seeded = |seed: u32| (lcg(seed, 3) * 1000.0).round();
    let err = run(&["-o", "a.gif"]);
    assert!(
        err.starts_with(&format!("1 x {} 7 8 50\n", seeded(5))),
        "{err}"
    );
    assert!(err.contains("wrote a.gif: 3 frames of 40 x 30"), "{err}");
    // The command line goes after the preset: --set, --seed, --frames.
    let err = run(&[
        "--set", "b=y", "--seed", "6", "--frames", "2", "-o", "b.gif",
    ]);
    assert!(
        err.starts_with(&format!("1 y {} 7 8 50\n", seeded(6))),
        "{err}"
    );
    assert!(err.contains("wrote b.gif: 2 frames of 40 x 30"), "{err}");
    let err = run(&["--duration", "0.25", "-o", "c.gif"]);
    assert!(err.contains("wrote c.gif: 5 frames of 40 x 30"), "{err}");

    // A batch renders it as a preset, with a job's keys over its own.
    std::fs::write(
        dir.join("jobs.toml"),
        "[[job]]\npreset = \"p.toml\"\npointer = \"9,9\"\n",
    )
    .unwrap();
    let jobs = dir.join("jobs.toml");
    let out = whalegen(
        &s.run,
        &["batch", "-q", jobs.to_str().unwrap(), "-o", "out"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).starts_with(&format!("1 x {} 9 9 50\n", seeded(5))));
    assert!(s.run.join("out/p.gif").is_file());

    // --width and --height are the sketch's window.
    let err = run(&["--width", "50", "-o", "w.gif"]);
    assert!(err.contains("wrote w.gif: 3 frames of 40 x 30"), "{err}");

    // What a sketch preset can't do, and a sketch outside its folder.
    s.refused_with(&["show", preset], "renders the sketch");
    for (text, needle) in [
        (
            "sketch = \"sketch.js\"\ncanvas = 3\n",
            "unknown key `canvas` for a sketch preset",
        ),
        ("sketch = \"../sketch.js\"\n", "`..` is not allowed"),
        ("sketch = \"/etc/passwd\"\n", "it is an absolute path"),
    ] {
        std::fs::write(dir.join("bad.toml"), text).unwrap();
        let bad = dir.join("bad.toml");
        s.refused_with(&["render", "--preset", bad.to_str().unwrap()], needle);
    }

    // `whalegen list` says what a local preset renders.
    std::fs::create_dir(s.run.join("presets")).unwrap();
    std::fs::copy(&s.path, s.run.join("presets/dots.js")).unwrap();
    std::fs::write(
        s.run.join("presets/dots.toml"),
        "sketch = \"dots.js\"\ndescription = \"printed dots\"\n",
    )
    .unwrap();
    let out = whalegen(&s.run, &["list"]);
    let listed = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        listed.contains("dots             sketch preset printed dots"),
        "{listed}"
    );
}

#[test]
fn data_files_are_read_from_the_sketch_folder_only() {
    let s = sketch(
        "let j, s, t;\n\
         function preload() { j = loadJSON('data/a.json'); s = loadStrings('data/s.txt'); t = loadTable('data/t.csv', 'csv', 'header'); }\n\
         function setup() {\n  noLoop();\n\
           print(JSON.stringify(j), JSON.stringify(s), t.getRowCount(), t.getColumnCount(), JSON.stringify(t.columns));\n\
           for (const r of t.getRows()) print(r.getString('name'), r.getNum('x') + r.getNum(2));\n\
           print(JSON.stringify(t.getColumn('y')), t.findRow('c', 'name').get(1), JSON.stringify(loadJSON('data/list.json')));\n\
           loadJSON('data/a.json', (d) => print('called', d.n));\n\
           loadJSON('data/missing.json', () => {}, (e) => print('failed'));\n}\n",
    );
    let data = s.path.parent().unwrap().join("data");
    std::fs::create_dir(&data).unwrap();
    std::fs::write(
        data.join("a.json"),
        r##"{"n": 3, "colors": ["#f00", "#0a0"]}"##,
    )
    .unwrap();
    std::fs::write(data.join("list.json"), "[5, 6]").unwrap();
    std::fs::write(data.join("s.txt"), "one\r\ntwo\nthree\n").unwrap();
    std::fs::write(
        data.join("t.csv"),
        "name,x,y\n\"a, b\",10,20\n\"q\"\"uote\",30,40\n\nc,50,60\n",
    )
    .unwrap();
    // As p5.js 1.11's loaders read them (lib/p5.js: loadJSON copies the
    // keys, an array's too; loadStrings splits on CR, LF and CRLF;
    // loadTable's reader skips empty records).
    assert_eq!(
        s.render(&["-q", "-o", "x.png"]),
        "{\"n\":3,\"colors\":[\"#f00\",\"#0a0\"]} [\"one\",\"two\",\"three\",\"\"] 3 3 [\"name\",\"x\",\"y\"]\n\
         a, b 30\nq\"uote 70\nc 110\n[\"20\",\"40\",\"60\"] 50 {\"0\":5,\"1\":6}\ncalled 3\nfailed\n"
    );
    for (path, needle) in [
        ("../secret.json", "`..` is not allowed"),
        ("/etc/passwd", "absolute path"),
        ("https://example.com/a.json", "a URL"),
        ("data/missing.json", "missing.json"),
    ] {
        let bad = sketch(&format!("function preload() {{ loadJSON('{path}'); }}\n"));
        bad.refused(&["-o", "x.png"], needle);
    }
}

#[test]
fn filters_and_blend_modes_replayed_draw_what_the_sketch_draws() {
    // A GIF's frames pass replays the calls its preview recorded, filters
    // and blend modes among them. loadPixels() stops the recording (a
    // sketch that reads pixels runs again): with `live` set, the frames
    // pass runs the JavaScript; the frames must be the same.
    let s = sketch(
        "const live = getURLParams().live === '1';\n\
         function setup() { createCanvas(60, 40); }\n\
         function draw() {\n  if (live) loadPixels();\n  blendMode(BLEND);\n  background(200, 120, 40);\n\
           noStroke();\n  fill(30, 90, 220);\n  rect(frameCount * 4, 5, 20, 20);\n  filter(BLUR, 2);\n\
           blendMode(MULTIPLY);\n  fill(250, 250, 0);\n  rect(10, 10, 30, 25);\n  erase();\n  rect(45, 0, 10, 40);\n\
           noErase();\n  filter(POSTERIZE, 3, false);\n}\n",
    );
    // At 30 fps, every frame is kept.
    s.render(&["-q", "--frames", "5", "--fps", "30", "-o", "replayed.gif"]);
    s.render(&[
        "-q", "--frames", "5", "--fps", "30", "--set", "live=1", "-o", "live.gif",
    ]);
    let replayed = decode(&s.run.join("replayed.gif"));
    let live = decode(&s.run.join("live.gif"));
    assert_eq!(replayed.shown.len(), 5);
    for (f, (a, b)) in replayed.shown.iter().zip(&live.shown).enumerate() {
        assert!(a == b, "frame {f} differs");
    }
    assert_ne!(replayed.shown[0], replayed.shown[4], "the frames move");
}

#[test]
fn a_filter_or_blend_mode_p5_refuses_is_refused_by_name() {
    let s = sketch("function draw() {\n  background(9);\n  filter(POSTERIZE, 1, false);\n}\n");
    s.refused(
        &["--frames", "1", "-o", "x.png"],
        "frame 0: sketch.js:3:10: Error: filter(): POSTERIZE's level is 1; it must be from 2 to 255",
    );
    let s = sketch("function draw() {\n  filter('sharpen');\n}\n");
    s.refused(
        &["--frames", "1", "-o", "x.png"],
        "\"sharpen\" is not one of THRESHOLD",
    );
    let s = sketch("function draw() {\n  blendMode('hue');\n}\n");
    s.refused(
        &["--frames", "1", "-o", "x.png"],
        "blendMode(): mode \"hue\" not recognized",
    );
}
/// A 2 x 1 PNG: an opaque red pixel and a half-transparent blue one.
fn tiny_png() -> Vec<u8> {
    let mut pixmap = tiny_skia::Pixmap::new(2, 1).unwrap();
    pixmap.pixels_mut()[0] = tiny_skia::ColorU8::from_rgba(255, 0, 0, 255).premultiply();
    pixmap.pixels_mut()[1] = tiny_skia::ColorU8::from_rgba(0, 0, 255, 128).premultiply();
    pixmap.encode_png().unwrap()
}

#[test]
fn images_are_read_from_the_sketch_folder_only_and_a_bad_one_is_refused() {
    let s = sketch(
        "let img;\n\
         function preload() { img = loadImage('pics/a.png', (i) => print('loaded', i.width)); }\n\
         function setup() {\n  noLoop();\n\
           print(img.width, img.height, JSON.stringify(img.get(1, 0)), JSON.stringify(get(0, 0)));\n\
           loadImage('pics/missing.png', () => {}, (e) => print('failed', /missing.png/.test(e.message)));\n}\n",
    );
    let folder = s.path.parent().unwrap().to_path_buf();
    std::fs::create_dir(folder.join("pics")).unwrap();
    let png = tiny_png();
    std::fs::write(folder.join("pics/a.png"), &png).unwrap();
    std::fs::write(folder.join("pics/broken.png"), &png[..40]).unwrap();
    std::fs::write(folder.join("pics/text.png"), "not an image").unwrap();
    std::os::unix::fs::symlink(folder.join("pics"), folder.join("link")).unwrap();
    assert_eq!(
        s.render(&["-q", "-o", "x.png"]),
        "loaded 2\n2 1 [0,0,255,128] [0,0,0,0]\nfailed true\n"
    );
    for (path, needle) in [
        ("pics/missing.png", "loadImage(): can't read `"),
        (
            "pics/broken.png",
            "loadImage(\"pics/broken.png\"): a broken PNG file",
        ),
        (
            "pics/text.png",
            "loadImage(\"pics/text.png\"): not a PNG, JPEG or GIF file",
        ),
        ("../a.png", "`..` is not allowed"),
        ("/etc/passwd", "absolute path"),
        (
            "https://example.com/a.png",
            "loadImage(\"https://example.com/a.png\"): a URL",
        ),
        ("link/a.png", "symbolic link"),
    ] {
        let bad = sketch(&format!(
            "function preload() {{\n  loadImage('{path}');\n}}\nfunction draw() {{}}\n"
        ));
        let pics = bad.path.parent().unwrap().join("pics");
        std::fs::create_dir(&pics).unwrap();
        std::fs::write(pics.join("broken.png"), &png[..40]).unwrap();
        std::fs::write(pics.join("text.png"), "not an image").unwrap();
        std::os::unix::fs::symlink(&pics, bad.path.parent().unwrap().join("link")).unwrap();
        bad.refused(&["-o", "x.gif"], needle);
        bad.refused(&["-o", "x.gif"], "sketch.js:2:");
    }
}

#[test]
fn fonts_are_loaded_from_the_sketch_folder_only() {
    let s = sketch(
        "let f;\n\
         function preload() { f = loadFont('fonts/f.ttf', () => print('loaded')); }\n\
         function setup() {\n  noLoop();\n  textFont(f, 12);\n\
           print(f.font.unitsPerEm, textWidth('Hello, World'), textAscent());\n  text('hi', 10, 20);\n}\n",
    );
    let fonts = s.path.parent().unwrap().join("fonts");
    std::fs::create_dir(&fonts).unwrap();
    let sans = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fonts/DejaVuSans.ttf");
    std::fs::copy(&sans, fonts.join("f.ttf")).unwrap();
    std::fs::write(fonts.join("broken.ttf"), "not a font").unwrap();
    std::os::unix::fs::symlink(&sans, fonts.join("link.ttf")).unwrap();
    // 12482 font units of 2048 at 12 px, unkerned: opentype.js kerns by the
    // font's DFLT script, which has no features in this font (p5.js:
    // 73.13671875); the font's ascender, 1901 units.
    assert_eq!(
        s.render(&["-q", "-o", "x.png"]),
        "loaded\n2048 73.13671875 11.138671875\n"
    );
    for (path, needle) in [
        ("../f.ttf", "`..` is not allowed"),
        ("/etc/f.ttf", "absolute path"),
        ("https://example.com/f.ttf", "a URL"),
        ("fonts/missing.ttf", "fonts/missing.ttf"),
        (
            "fonts/broken.ttf",
            "fonts/broken.ttf: not a TrueType or OpenType font",
        ),
        ("fonts/link.ttf", "symbolic link"),
        ("fonts/f.woff", "loads .ttf and .otf fonts"),
    ] {
        let bad = sketch(&format!(
            "function preload() {{\n  loadFont('{path}');\n}}\nfunction setup() {{ text('x', 0, 10); }}\n"
        ));
        let folder = bad.path.parent().unwrap();
        std::fs::create_dir(folder.join("fonts")).unwrap();
        std::fs::write(folder.join("fonts/broken.ttf"), "not a font").unwrap();
        std::os::unix::fs::symlink(&sans, folder.join("fonts/link.ttf")).unwrap();
        bad.refused(
            &["-o", "x.png"],
            &format!("sketch.js:2:3: Error: loadFont({path:?}): "),
        );
        bad.refused(&["-o", "x.png"], needle);
    }
}

/// A p5.Graphics has the text, blend-mode and filter functions too, not
/// only the prelude's: they are added to the API a graphics is made from.
#[test]
fn a_graphics_blends_filters_and_measures_text() {
    let s = sketch(
        "function setup() {\n  const pg = createGraphics(20, 10);\n  pg.background(200);\n\
           pg.blendMode(MULTIPLY);\n  pg.noStroke();\n  pg.fill(255, 0, 0);\n  pg.rect(0, 0, 10, 10);\n\
           pg.blendMode(BLEND);\n  pg.filter(INVERT, false);\n  pg.textSize(8);\n\
           print(JSON.stringify(pg.get(2, 2)), JSON.stringify(pg.get(15, 2)), pg.textWidth('ab') > 0);\n\
           noLoop();\n}\n",
    );
    assert_eq!(
        s.render(&["-q", "-o", "x.png"]),
        "[55,255,255,255] [55,55,55,255] true\n"
    );
}

#[test]
fn graphics_memory_is_bounded_and_released_when_dropped_or_removed() {
    // 1,000 x 1,000 pixels each: 100 of them are more than the 67,108,864
    // pixels a sketch's images and graphics may hold together.
    let dropped = sketch(
        "function setup() { for (let i = 0; i < 100; i++) { const g = createGraphics(1000, 1000); g.background(i); } noLoop(); }\n",
    );
    dropped.render(&["-q", "-o", "x.png"]);
    let removed = sketch(
        "const kept = [];\n\
         function setup() { for (let i = 0; i < 100; i++) { const g = createGraphics(1000, 1000); kept.push(g); g.remove(); } noLoop(); }\n",
    );
    removed.render(&["-q", "-o", "x.png"]);
    let kept = sketch(
        "const kept = [];\n\
         function setup() {\n  for (let i = 0; i < 100; i++) kept.push(createGraphics(1000, 1000));\n}\n",
    );
    kept.refused(
        &["-o", "x.png"],
        "createGraphics(1000, 1000): the sketch's images and graphics would hold 68000000 pixels, \
         over the limit of 67108864 (256 MiB); remove() graphics no longer needed",
    );
    let used = sketch(
        "function setup() {\n  const g = createGraphics(10, 10);\n  g.remove();\n  g.circle(5, 5, 5);\n}\n",
    );
    used.refused(
        &["-o", "x.png"],
        "sketch.js:4:5: Error: this image or graphics was removed",
    );
    let set = sketch("function setup() {\n  set(0, 0, createImage(2, 2));\n}\n");
    set.refused(
        &["-o", "x.png"],
        "sketch.js:2:13: NotSupported: set(x, y, image) is not supported",
    );
}

#[test]
fn a_graphics_sketch_gives_the_same_bytes_on_every_pass_and_thread_count() {
    // A GIF's frames pass after its preview: a run that draws on graphics
    // is not recorded and runs the JavaScript again, with the same frames.
    let s = sketch(
        "let pg, img;\n\
         function setup() { createCanvas(80, 60); pg = createGraphics(40, 30); img = createImage(4, 4); }\n\
         function draw() {\n  background(30);\n  pg.background(200, 40, 40, 30);\n  pg.fill(random(255), 200, 90);\n\
           pg.circle(frameCount * 3 % 40, 15, 8);\n  image(pg, 0, 0, 80, 60);\n  tint(255, 120);\n  image(img, 10, 10);\n\
           saveCanvas(pg, 'x'); pg.save('y.png');\n}\n",
    );
    let err = s.render(&[
        "-q", "--seed", "3", "--frames", "20", "--fps", "25", "-o", "a.gif",
    ]);
    assert_eq!(
        err,
        "whalegen: saveCanvas() ignored: whalegen writes the outputs its command line asks for (-o)\n\
         whalegen: save() ignored: whalegen writes the outputs its command line asks for (-o)\n"
    );
    s.render(&[
        "-q",
        "--seed",
        "3",
        "--frames",
        "20",
        "--fps",
        "25",
        "--threads",
        "1",
        "-o",
        "b.gif",
    ]);
    s.render(&[
        "-q", "--seed", "3", "--frames", "20", "--fps", "25", "-o", "frames/",
    ]);
    let bytes = |name: &str| std::fs::read(s.run.join(name)).unwrap();
    assert_eq!(bytes("a.gif"), bytes("b.gif"));
    let gif = decode(&s.run.join("a.gif"));
    assert_eq!(gif.shown.len(), 20);
    assert_ne!(gif.shown[0].0, gif.shown[19].0, "the frames move");
    // Each GIF frame is its PNG frame, quantised.
    for (f, (shown, _)) in gif.shown.iter().enumerate() {
        let png =
            tiny_skia::Pixmap::load_png(s.run.join(format!("frames/frame_{f:04}.png"))).unwrap();
        let worst = png
            .pixels()
            .iter()
            .zip(shown)
            .map(|(p, g)| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue()]
                    .iter()
                    .zip(g)
                    .map(|(a, b)| a.abs_diff(*b))
                    .max()
                    .unwrap()
            })
            .max()
            .unwrap();
        assert!(worst <= 24, "frame {f}: a channel {worst} off");
    }
}

#[test]
fn text_refuses_a_string_past_its_bound() {
    let s = sketch("function setup() {\n  text('x'.repeat(100001), 0, 10);\n}\n");
    s.refused(
        &["-o", "x.png"],
        "sketch.js:2:12: Error: text(): a string of 100001 characters; whalegen draws at most 100000",
    );
}

/// Runs tests/printed/NAME/sketch.js for 6 frames (seed 7) and asserts
/// that it prints what p5.js 1.11.13 (2.3.4 for a NAME ending in `-2x`)
/// printed in Chromium for it, tests/printed/NAME/p5.txt (`sh
/// tools/p5ref/render-printed.sh NAME`), whalegen's own lines (`whalegen:
/// ...`) left out; returns those.
fn prints_what_p5_prints(name: &str) -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/printed")
        .join(name);
    let expected = std::fs::read_to_string(dir.join("p5.txt")).unwrap();
    let run = tempfile::tempdir().unwrap();
    let sketch = dir.join("sketch.js");
    let p5 = if name.ends_with("-2x") { "2" } else { "1" };
    let args = [
        "render",
        sketch.to_str().unwrap(),
        "-q",
        "--seed",
        "7",
        "--frames",
        "6",
        "--p5",
        p5,
        "-o",
        "out/",
    ];
    let out = whalegen(run.path(), &args);
    assert!(out.status.success(), "{name}: {}", stderr(&out));
    let all = stderr(&out);
    let (own, printed): (Vec<&str>, Vec<&str>) =
        all.lines().partition(|l| l.starts_with("whalegen: "));
    for (i, (p5, ours)) in expected.lines().zip(&printed).enumerate() {
        assert_eq!(*ours, p5, "{name}: line {} differs", i + 1);
    }
    assert_eq!(printed.len(), expected.lines().count(), "{name}: {all}");
    own.into_iter().map(String::from).collect()
}

/// p5.js 2's type: leading, ink and advance widths, text and font bounds,
/// textWeight, a loaded font's paths and points, loadFont of a CSS name.
#[test]
fn type_prints_what_p5_2_prints() {
    assert!(prints_what_p5_prints("type-2x").is_empty());
}

/// p5.js 2 also loads CSS (`@font-face` rules, or a URL of them) and
/// tries a bare name as a file; whalegen reads font files only, and says
/// so in one line.
#[test]
fn load_font_of_a_css_name_is_refused_in_p5_2() {
    let s = sketch("async function setup() {\n  await loadFont('Arial');\n}\n");
    s.refused_with(
        &["render", s.path(), "--p5", "2", "-o", "x.png"],
        "sketch.js:2:9: Error: loadFont(\"Arial\"): whalegen loads a .ttf or .otf file of the \
         sketch's folder, not CSS; for a font of the page, name it in textFont()",
    );
}

#[test]
fn colours_of_p5_2_print_what_p5_prints() {
    assert!(prints_what_p5_prints("colour-2x").is_empty());
}

#[test]
fn tables_print_what_p5_prints() {
    assert!(prints_what_p5_prints("tables").is_empty());
}

#[test]
fn shape_functions_of_p5_2_print_what_p5_prints() {
    // As p5.js 2.3.4: spline properties and the Bézier order pushed and
    // popped, splinePoint/splineTangent, and the errors it throws.
    assert!(prints_what_p5_prints("shapes-2x").is_empty());
}

#[test]
fn dictionaries_print_what_p5_prints() {
    assert!(prints_what_p5_prints("dicts").is_empty());
}

#[test]
fn xml_prints_what_p5_prints() {
    assert!(prints_what_p5_prints("xml").is_empty());
}

#[test]
fn storage_bytes_and_the_small_globals_print_what_p5_prints() {
    // A PrintWriter's close() writes nothing, and says so once.
    assert_eq!(
        prints_what_p5_prints("storage-misc"),
        ["whalegen: writeFile() ignored: whalegen writes the outputs its command line asks for (-o)"]
    );
}

#[test]
fn clips_and_pushes_held_past_their_bounds_are_refused() {
    // Each push() level keeps its clip's mask: 1 MB a level here.
    let s = sketch(
        "function setup() {\n  createCanvas(1000, 1000);\n  for (let i = 0; i < 500; i++) {\n    \
         push();\n    clip(() => rect(i, 0, 10, 10));\n  }\n}\n",
    );
    s.refused(
        &["-o", "x.png"],
        "endClip(): 269 clips kept at once, one for each push() level, would take 256.5 MiB; \
         at most 256 MiB",
    );
    let s = sketch("function setup() {\n  for (;;) push();\n}\n");
    s.refused(
        &["-o", "x.png"],
        "sketch.js:2:12: Error: push(): 100000 states saved and not restored",
    );
    // A clip made again and again on one level replaces its mask.
    let s = sketch(
        "function setup() {\n  createCanvas(1000, 1000);\n  for (let i = 0; i < 500; i++) \
         clip(() => rect(0, 0, 900, 900));\n}\n",
    );
    let out = whalegen(&s.run, &["render", s.path(), "-q", "-o", "x.png"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_clip_ended_unbegun_or_begun_twice_is_refused_with_p5s_words() {
    let s = sketch("function setup() {\n  circle(5, 5, 5);\n  endClip();\n}\n");
    s.refused(
        &["-o", "x.png"],
        "sketch.js:3:3: Error: It looks like you've called endClip() without beginClip()",
    );
    let s = sketch("function setup() {\n  beginClip();\n  clip(() => {});\n}\n");
    s.refused(
        &["-o", "x.png"],
        "sketch.js:3:3: Error: It looks like you're trying to clip while already in the middle of clipping",
    );
}

#[test]
fn blend_names_a_mode_it_does_not_know_and_a_wrong_count() {
    let s = sketch("function setup() {\n  blend(0, 0, 5, 5, 0, 0, 5, 5, 'nope');\n}\n");
    s.refused(
        &["-o", "x.png"],
        "sketch.js:2:3: Error: blend(): mode \"nope\" not recognized",
    );
    let s = sketch("function setup() {\n  blend(0, 0, 5, 5, ADD);\n}\n");
    // Its line and column are QuickJS's, at the call's last argument.
    s.refused(
        &["-o", "x.png"],
        "sketch.js:2:21: Error: blend(): takes 8 numbers and a blend mode",
    );
}

#[test]
fn sliders_keep_values_as_the_browsers_range_input() {
    assert!(prints_what_p5_prints("sliders").is_empty());
}

#[test]
fn an_unknown_colour_mode_is_ignored_as_p5_ignores_it() {
    assert!(prints_what_p5_prints("colormode-unknown").is_empty());
}

#[test]
fn curve_points_and_palettes_print_what_p5_prints() {
    assert!(prints_what_p5_prints("curves").is_empty());
}

#[test]
fn timers_run_on_the_frame_clock_as_in_p5() {
    assert!(prints_what_p5_prints("timers").is_empty());
}

#[test]
fn hostile_or_broken_xml_is_refused_in_a_line() {
    let s = sketch("let x;\nfunction preload() {\n  x = loadXML('data/x.xml');\n}\n");
    let data = s.path.parent().unwrap().join("data");
    std::fs::create_dir(&data).unwrap();
    let lol = "<!DOCTYPE l [<!ENTITY l0 'lol'><!ENTITY l1 '&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;'>\
               <!ENTITY l2 '&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;'>]><l>&l2;</l>";
    for (xml, needle) in [
        (
            "<a><b></a>",
            "sketch.js:3:7: Error: loadXML(\"data/x.xml\"): not well-formed XML at byte 6",
        ),
        (lol, "&l2; is not one of XML's five entities"),
        (&"<a>".repeat(5000), "elements nested more than 1000 deep"),
        ("<a/><b/>", "a second element <b>"),
    ] {
        std::fs::write(data.join("x.xml"), xml).unwrap();
        s.refused(&["-o", "x.png"], needle);
    }
    // A failure callback is given the error instead.
    let s = sketch(
        "function setup() {\n  loadXML('x.xml', () => print('loaded'), (e) => print('failed: ' + e.message));\n}\n",
    );
    std::fs::write(s.path.parent().unwrap().join("x.xml"), "<a>").unwrap();
    assert_eq!(
        s.render(&["-q", "-o", "x.png"]),
        "failed: loadXML(\"x.xml\"): the file ends inside an element\n"
    );
    for (path, needle) in [
        ("../x.xml", "`..` is not allowed"),
        ("/etc/passwd", "absolute path"),
    ] {
        let bad = sketch(&format!("function preload() {{ loadBytes('{path}'); }}\n"));
        bad.refused(&["-o", "x.png"], needle);
    }
}

#[test]
fn storage_starts_empty_on_every_run_and_holds_five_mib() {
    let s = sketch(
        "function setup() {\n  storeItem('small', 'x'.repeat(5 << 19));\n  storeItem('big', 'x'.repeat(5 << 19));\n}\n",
    );
    s.refused(
        &["-o", "x.png"],
        "sketch.js:3:36: Error: Failed to execute 'setItem' on 'Storage': Setting the value of 'big' exceeded the quota.",
    );
    let s = sketch("function setup() {\n  print(getItem('runs'));\n  storeItem('runs', (getItem('runs') || 0) + 1);\n  print(getItem('runs'));\n}\n");
    for _ in 0..2 {
        assert_eq!(s.render(&["-q", "-o", "x.png"]), "null\n1\n");
    }
}

#[test]
fn timers_are_bounded_and_remove_ends_the_sketch() {
    let s = sketch(
        "function setup() {\n  for (let i = 0; i < 20000; i++) setTimeout(() => {}, 10);\n}\n",
    );
    s.refused(
        &["-o", "x.png"],
        "sketch.js:2:35: Error: more than 10000 timers and animation frames pending",
    );
    // An interval of 0 ms repeats every 4 ms: 25 times a frame at 10 fps.
    let s = sketch(
        "let n = 0;\nfunction setup() { frameRate(10); setInterval(() => n++, 0); }\n\
         function draw() { print(frameCount, n); if (frameCount === 3) { remove(); redraw(); } }\n",
    );
    // remove() is noLoop() for good: no draw() after, the frames asked
    // for still written (the last picture), as after noLoop().
    let err = s.render(&["-q", "--frames", "6", "-o", "out/"]);
    assert_eq!(err, "1 0\n2 51\n3 76\n");
}

#[test]
fn the_pointer_sets_moved_win_mouse_and_mouse_button() {
    let s = sketch(
        "function draw() { print([frameCount, mouseButton, movedX, movedY, winMouseX, winMouseY, pwinMouseX, pwinMouseY].join(' ')); }\n",
    );
    let err = s.render(&[
        "-q",
        "--frames",
        "4",
        "--fps",
        "30",
        "--pointer",
        "keyframes:0,0,10;2,20,30",
        "--press",
        "2-2",
        "-o",
        "out/",
    ]);
    assert_eq!(
        err,
        "1 0 0 0 0 10 0 10\n2 0 10 10 10 20 0 10\n3 left 10 10 20 30 10 20\n4 left 0 0 20 30 20 30\n"
    );
}

/// font.textToPoints() and font.textBounds() give p5.js 1.11's numbers, of
/// TrueType and CFF fonts: tests/sketches/text-points prints every point and box it draws, and
/// tests/reference/sketches/text-points/printed.txt holds what p5.js printed
/// in Chromium (tools/p5ref/render-sketches.sh). As many points, and every
/// number within 1e-9 (units, degrees): whalegen does p5's arithmetic in
/// p5's order, on the paths opentype.js makes (measured: the positions and
/// boxes are equal to the bit, the angles within 1.2e-13, where atan2 and
/// pow of two maths libraries differ in the last bit).
#[test]
fn text_to_points_and_text_bounds_are_p5s() {
    use serde_json::Value;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let run = tempfile::tempdir().unwrap();
    let sketch = root.join("tests/sketches/text-points");
    let out = whalegen(
        run.path(),
        &["render", sketch.to_str().unwrap(), "-q", "-o", "x.png"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let p5 = root.join("tests/reference/sketches/text-points/printed.txt");
    let lines = |text: &str| -> Vec<Value> {
        text.lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let (ours, theirs) = (
        lines(&stderr(&out)),
        lines(&std::fs::read_to_string(p5).unwrap()),
    );
    assert_eq!((ours.len(), theirs.len()), (8, 8));
    let numbers = |v: &Value| -> Vec<f64> {
        let mut all: Vec<f64> = ["x", "y", "w", "h", "advance"]
            .iter()
            .map(|k| v["box"][k].as_f64().unwrap())
            .collect();
        for p in v["points"].as_array().unwrap() {
            all.extend(p.as_array().unwrap().iter().map(|n| n.as_f64().unwrap()));
        }
        all
    };
    let mut points = 0;
    for (a, b) in ours.iter().zip(&theirs) {
        assert_eq!(a["str"], b["str"]);
        let what = &a["str"];
        let count = |v: &Value| v["points"].as_array().unwrap().len();
        assert_eq!(count(a), count(b), "{what}: points");
        points += count(a);
        for (i, (x, y)) in numbers(a).iter().zip(numbers(b)).enumerate() {
            assert!((x - y).abs() <= 1e-9, "{what}: number {i}, {x}, p5.js {y}");
        }
    }
    assert_eq!(points, 1279);
}

#[test]
fn text_to_points_is_bounded_and_takes_p5s_arguments() {
    let font = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fonts/DejaVuSans.ttf");
    let folder = |s: &Sketch| std::fs::copy(&font, s.path.parent().unwrap().join("f.ttf")).unwrap();
    // Options are completed with p5's defaults, in the object given; a
    // factor that is not a number gives a point per contour (p5's NaN
    // step). p5.js prints the same (tools/p5ref, this sketch).
    let s = sketch(
        "function setup() {\n  const f = loadFont('f.ttf');\n  const o = { simplifyThreshold: 0.4 };\n\
           const a = f.textToPoints('lo', 0, 0, 100, o);\n\
           print(a.length, f.textToPoints('lo', 0, 0, 100).length, JSON.stringify(o));\n\
           print(f.textToPoints('o', 0, 0, 100, { sampleFactor: 'x' }).length, Object.keys(a[0]).join());\n\
           print(f.textToPoints('', 0, 0).length, f.textToPoints(' ', 0, 0).length);\n  noLoop();\n}\n",
    );
    folder(&s);
    assert_eq!(
        s.render(&["-q", "-o", "x.png"]),
        "26 47 {\"simplifyThreshold\":0.4,\"sampleFactor\":0.1}\n2 x,y,alpha\n0 0\n"
    );
    // A negative factor, for which p5 loops forever, or too fine a one.
    for factor in ["-1", "1000"] {
        let s = sketch(&format!(
            "function setup() {{\n  const f = loadFont('f.ttf');\n  f.textToPoints('whalegen', 0, 0, 100, {{ sampleFactor: {factor} }});\n}}\n"
        ));
        folder(&s);
        s.refused(
            &["-o", "x.png"],
            &format!(
                "sketch.js:3:5: Error: font.textToPoints(): more than 250000 points (sampleFactor {factor}); \
                 whalegen makes at most 250000 in one call"
            ),
        );
    }
}

/// Each surface has its own text state, as each p5 renderer has: a
/// graphics' textSize, textLeading, textAlign and push/pop are its own,
/// and a p5.Font's methods read the canvas's.
#[test]
fn each_surface_has_its_own_text_state() {
    let s = sketch(
        "function setup() {\n  const pg = createGraphics(10, 10);\n  pg.textSize(40);\n  textAlign(CENTER);\n\
           pg.textAlign(RIGHT, TOP);\n  print(textSize(), pg.textSize(), textLeading(), pg.textLeading());\n\
           print(textAlign().horizontal, pg.textAlign().horizontal, pg.textAlign().vertical);\n\
           pg.push();\n  pg.textSize(5);\n  push();\n  textSize(7);\n  pg.pop();\n\
           print(pg.textSize(), textSize());\n  pop();\n  print(textSize(), pg.textWidth('ab') > 3 * textWidth('ab'));\n\
           noLoop();\n}\n",
    );
    assert_eq!(
        s.render(&["-q", "-o", "x.png"]),
        "12 40 15 50\ncenter right top\n40 7\n12 true\n"
    );
}

/// p5.js 1 and 2 ignore redraw() until setup() is done and inside draw():
/// a sketch that calls it there and noLoop() draws once.
#[test]
fn redraw_in_setup_or_draw_is_ignored_as_p5_ignores_it() {
    assert!(prints_what_p5_prints("redraw-setup").is_empty());
    assert!(prints_what_p5_prints("redraw-setup-2x").is_empty());
}
