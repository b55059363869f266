//! Hostile sketches: p5's functions called with odd arguments, sizes past
//! the bounds, errors that try to hang or flood the report. Each is a
//! one-line refusal or a render, never an abort or a hang.

mod common;

use std::io::Read as _;
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use common::{stderr, whalegen};

/// Runs `whalegen render sketch.js args...` on a sketch of `code`.
fn render(code: &str, args: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sketch.js"), code).unwrap();
    run(dir.path(), "sketch.js", args)
}

fn run(dir: &Path, sketch: &str, args: &[&str]) -> Output {
    let mut all = vec!["render", sketch];
    all.extend_from_slice(args);
    whalegen(dir, &all)
}

#[test]
fn every_p5_function_called_with_hostile_arguments_neither_aborts_nor_hangs() {
    let sketch = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile/fuzz-inside.js");
    let dir = tempfile::tempdir().unwrap();
    for p5 in ["1", "2"] {
        let args = ["--p5", p5, "--heap", "64", "--frames", "3", "-o", "x.gif"];
        let out = run(dir.path(), sketch.to_str().unwrap(), &args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(0), "--p5 {p5}: {err}");
        assert!(!err.contains("memory allocation"), "--p5 {p5}: {err}");
    }
}

#[test]
fn the_natives_are_not_globals() {
    let out = render(
        "function setup() { print(typeof __native, typeof __whalegenPrelude); }\n",
        &["--frames", "1"],
    );
    let err = stderr(&out);
    assert!(err.starts_with("undefined undefined\n"), "{err}");
}

#[test]
fn images_past_the_pixel_bound_are_refused_before_they_are_made() {
    let calls = [
        (
            "createGraphics(1e5, 1e5)",
            "createGraphics(100000, 100000): 100000 x 100000 pixels",
        ),
        (
            "createImage(60000, 60000)",
            "createImage(60000, 60000): 60000 x 60000 pixels",
        ),
        (
            "createImage(10, 10).resize(60000, 60000)",
            "resize(60000, 60000): 60000 x 60000 pixels",
        ),
        (
            "get(0, 0, 60000, 60000)",
            "get(0, 0, 60000, 60000): 60000 x 60000 pixels",
        ),
        (
            "createGraphics(1000, 1000).pixelDensity(64)",
            "pixelDensity(64): 64000 x 64000 pixels",
        ),
    ];
    for (call, said) in calls {
        let out = render(&format!("function setup() {{\n  {call};\n}}\n"), &[]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{call}: {err}");
        assert_eq!(err.lines().count(), 1, "{call}: {err}");
        assert!(
            err.contains(said) && err.contains("at most 67108864 pixels"),
            "{call}: {err}"
        );
    }
}

#[test]
fn a_getter_that_never_ends_is_stopped_by_the_time_limit() {
    for getter in ["name", "message", "stack"] {
        let code = format!(
            "function setup() {{\n  const e = new Error('x');\n  \
             Object.defineProperty(e, '{getter}', {{ get() {{ for (;;) {{}} }} }});\n  \
             throw e;\n}}\n"
        );
        let out = render(&code, &["--time-limit", "0.5"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{getter}: {err}");
        assert!(
            err.contains("could not be read within the time limit"),
            "{getter}: {err}"
        );
    }
}

#[test]
fn control_characters_are_escaped_and_long_messages_and_prints_cut() {
    let out = render(
        "function setup() {\n  print('p'.repeat(1e7));\n  \
         throw new Error('\\x1b]0;title\\x07' + 'm'.repeat(5e7));\n}\n",
        &[],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{}", &err[..200.min(err.len())]);
    assert!(err.len() < 80_000, "{} bytes", err.len());
    assert!(!err.contains('\x1b') && !err.contains('\x07'), "{err}");
    assert!(err.contains("Error: \\u{1b}]0;title\\u{7}mmm"), "{err}");
    assert!(err.contains("… (49995914 more characters)"), "{err}");
    assert!(err.contains("… (9934464 more characters)\n"), "{err}");
}

/// A heap run out by strings, or by a 10 MB CSV loaded, printed
/// `uncaught null` (issue 30): each is one line that names `--heap`.
#[test]
fn strings_and_tables_past_the_heap_are_one_line_naming_the_heap() {
    let dir = tempfile::tempdir().unwrap();
    let rows = "12345,67890,xxxxxxxxxxxxxxxxxxxx\n".repeat(300_000);
    std::fs::write(dir.path().join("big.csv"), format!("a,b,c\n{rows}")).unwrap();
    let sketches = [
        "const a = [];\nfunction setup() {\n  for (;;) a.push('x'.repeat(1e6) + a.length);\n}\n",
        "let t;\nfunction preload() {\n  t = loadTable('big.csv', 'csv', 'header');\n}\n\
         function setup() {}\n",
    ];
    for code in sketches {
        std::fs::write(dir.path().join("sketch.js"), code).unwrap();
        let out = run(dir.path(), "sketch.js", &["--heap", "16", "-o", "x.png"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{code}: {err}");
        assert_eq!(err.lines().count(), 1, "{code}: {err}");
        assert!(
            err.contains("the JavaScript heap may hold 16 MiB; --heap sets it"),
            "{code}: {err}"
        );
        assert!(!err.contains("uncaught null"), "{code}: {err}");
    }
}

/// A stack's file name is the sketch's, which a stranger names: its
/// control characters are escaped as a message's are.
#[test]
fn control_characters_in_a_stack_s_file_name_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let name = "s\x1b]0;t\x07.js";
    let code = "function setup() {\n  throw new Error('boom');\n}\n";
    std::fs::write(dir.path().join(name), code).unwrap();
    let out = run(dir.path(), name, &["-o", "x.png"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!err.contains('\x1b') && !err.contains('\x07'), "{err:?}");
    assert!(
        err.contains("s\\u{1b}]0;t\\u{7}.js:2:13: Error: boom"),
        "{err}"
    );
}

#[test]
fn the_clock_of_a_sketch_is_utc_whatever_the_machine_zone() {
    let code = "function setup() {\n  const d = new Date(2020, 0, 1, 12);\n  \
                print(new Date().getHours(), new Date().getTimezoneOffset(), d.getTime(), \
                d.getHours(), String(d));\n}\n";
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sketch.js"), code).unwrap();
    for zone in ["UTC", "Asia/Tokyo", "America/New_York"] {
        let out = common::command(dir.path(), &["render", "sketch.js", "-o", "x.png"])
            .env("TZ", zone)
            .output()
            .unwrap();
        let err = stderr(&out);
        assert!(
            err.starts_with(
                "0 0 1577880000000 12 Wed Jan 01 2020 12:00:00 GMT+0000 (Coordinated Universal Time)\n"
            ),
            "TZ={zone}: {err}"
        );
    }
}

/// The processor time process `pid` has taken so far (its threads', user
/// and system), from Linux's `/proc/PID/stat`.
fn processor_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields 14 and 15, utime and stime, counted after the name's `)`.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf reads a constant of the system.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
    Some(Duration::from_millis(ticks * 1000 / hz))
}

/// Runs `whalegen render sketch.js args...` on a sketch of `code` and says
/// the processor time it took; kills it past `most` of it, or past
/// `most` of the wall clock ten times over (`None`).
fn render_timed(code: &str, args: &[&str], most: Duration) -> Option<(Output, Duration)> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sketch.js"), code).unwrap();
    let mut all = vec!["render", "sketch.js"];
    all.extend_from_slice(args);
    let mut child = common::command(dir.path(), &all)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let mut took = Duration::ZERO;
    loop {
        // Read before the child is reaped: then its last reading.
        took = processor_time(child.id()).unwrap_or(took);
        if let Some(status) = child.try_wait().unwrap() {
            let mut stderr = Vec::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_end(&mut stderr)
                .unwrap();
            let stdout = Vec::new();
            return Some((
                Output {
                    status,
                    stdout,
                    stderr,
                },
                took,
            ));
        }
        if took > most || start.elapsed() > most * 10 {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The drawing a `draw()` queues is done by native code after or while
/// its JavaScript runs, where QuickJS's interrupt cannot stop it: these
/// three ran on for minutes once their JavaScript had ended (issue 30).
/// Under a time limit of 3 s the JavaScript takes at most 3 s of
/// processor time (the million `vertex()` calls about 1.5 s in a debug
/// build: they end) and the drawing left at most 3 s more; besides, the
/// start (0.3 s) and the work between two readings of the clock (a
/// piece of a hairline, a row of a fill, a line of a blur: milliseconds).
/// 20 s of processor time is well above that and far below the minutes
/// it took; the wall clock, on a loaded machine, may be many times it.
#[test]
fn drawing_queued_past_the_time_limit_is_stopped() {
    let sketches = [
        (
            "a shape of 1,000,000 vertices",
            "beginShape();\n  for (let i = 0; i < 1e6; i++) {\n    \
             vertex(200 + 190 * Math.cos(i * 2.4), 200 + 190 * Math.sin(i * 2.4));\n  }\n  \
             endShape(CLOSE);",
            400,
        ),
        (
            "60,000 large ellipses",
            "for (let i = 0; i < 60000; i++) ellipse(200, 200, 2000, 2000);",
            400,
        ),
        ("BLUR for ever", "for (;;) filter(BLUR);", 2000),
    ];
    for (what, body, side) in sketches {
        let code = format!(
            "function setup() {{\n  createCanvas({side}, {side});\n}}\n\
             function draw() {{\n  {body}\n}}\n"
        );
        let args = ["--time-limit", "3", "--frames", "1", "-o", "x.png"];
        let most = Duration::from_secs(20);
        let Some((out, took)) = render_timed(&code, &args, most) else {
            panic!("{what}: still running after {most:?} of processor time");
        };
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{what}: {err}");
        assert!(
            err.contains(
                "draw() ran longer than 3 s, the time limit (an endless loop?); \
                 --time-limit sets it"
            ),
            "{what}: {err}"
        );
        assert!(took > Duration::from_secs(3), "{what}: {took:?}");
    }
}
