//! `whalegen watch`, end to end: the real binary on a sketch in a
//! temporary folder, its page and events fetched over HTTP as a browser
//! would, the sketch edited as a user would.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The longest any one step may take on a loaded machine.
const PATIENCE: Duration = Duration::from_secs(120);

/// A `whalegen watch`, killed when the test ends, failed or not.
struct Watching {
    child: Child,
    /// Its stderr, line by line.
    lines: Receiver<String>,
    /// Every line read so far.
    said: Vec<String>,
}

impl Drop for Watching {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Watching {
    fn start(dir: &Path, args: &[&str]) -> Watching {
        let mut child = common::command(dir, args)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = child.stderr.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Watching {
            child,
            lines,
            said: Vec::new(),
        }
    }

    /// The first line of stderr containing `needle`, from the lines not
    /// read yet.
    fn line_with(&mut self, needle: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).unwrap_or_else(|_| {
                panic!(
                    "no line with {needle:?} on stderr; it said:\n{}",
                    self.said.join("\n")
                )
            });
            self.said.push(line.clone());
            if line.contains(needle) {
                return line;
            }
        }
    }
}

/// A response's status line and body.
fn get(address: SocketAddr, path: &str, host: &str) -> (String, Vec<u8>) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n").unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let split = response.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&response[..split]).into_owned();
    let status = head.lines().next().unwrap().to_string();
    (status, response[split + 4..].to_vec())
}

/// The page's events, read as the page reads them.
struct Events(BufReader<TcpStream>);

impl Events {
    fn open(address: SocketAddr) -> Events {
        let mut stream = TcpStream::connect(address).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        write!(stream, "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
        Events(BufReader::new(stream))
    }

    /// The next status whose `state` is `state`, skipping the others.
    fn next(&mut self, state: &str) -> Value {
        loop {
            let mut line = String::new();
            let read = self.0.read_line(&mut line).expect("an event in time");
            assert!(read > 0, "the event stream ended");
            if let Some(data) = line.strip_prefix("data: ") {
                let status: Value = serde_json::from_str(data).unwrap();
                if status["state"] == state {
                    return status;
                }
            }
        }
    }
}

/// The colour of the first pixel of the first frame of a GIF.
fn first_pixel(dir: &Path, gif: &[u8]) -> [u8; 3] {
    let path = dir.join("fetched.gif");
    std::fs::write(&path, gif).unwrap();
    common::decode(&path).shown[0].0[0]
}

fn sketch(colour: &str) -> String {
    format!("function setup() {{\n  createCanvas(40, 30);\n}}\nfunction draw() {{\n  background({colour});\n}}\n")
}

#[test]
fn watch_renders_each_save_and_keeps_the_last_good_picture() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("sketch.js"), sketch("255, 0, 0")).unwrap();
    let args = [
        "watch",
        "sketch.js",
        "--frames",
        "2",
        "-o",
        "out/s.gif",
        "--port",
        "0",
    ];
    let mut watch = Watching::start(d, &args);
    let line = watch.line_with("http://");
    assert!(line.contains("this machine only"), "{line}");
    let url = line
        .split("http://")
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap();
    let address: SocketAddr = url.parse().unwrap();
    let (status, page) = get(address, "/", "127.0.0.1");
    assert_eq!(status, "HTTP/1.1 200 OK");
    let page = String::from_utf8(page).unwrap();
    assert!(page.contains("EventSource(\"/events\")") && page.contains("<img id=\"view\""));

    // The first render: red.
    let mut events = Events::open(address);
    let first = events.next("ok");
    assert!(first["text"].as_str().unwrap().contains("wrote"), "{first}");
    watch.line_with("wrote");
    let (status, red) = get(
        address,
        &format!("/output?v={}", first["version"]),
        "localhost",
    );
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert_eq!(first_pixel(d, &red), [255, 0, 0]);

    // A save: an event, and the new picture.
    std::fs::write(d.join("sketch.js"), sketch("0, 0, 255")).unwrap();
    let second = events.next("ok");
    assert_eq!(second["version"], first["version"].as_u64().unwrap() + 1);
    let (_, blue) = get(address, "/output", "127.0.0.1");
    assert_ne!(blue, red);
    assert_eq!(first_pixel(d, &blue), [0, 0, 255]);

    // A syntax error on line 5: shown with its file and line; the last
    // good picture stays, on the page and on disk.
    std::fs::write(
        d.join("sketch.js"),
        sketch("0, 0, 255").replace("background(", "background(("),
    )
    .unwrap();
    let failed = events.next("failed");
    let error = failed["text"].as_str().unwrap();
    assert!(
        error.contains("sketch.js:5:") && error.contains("SyntaxError"),
        "{failed}"
    );
    assert_eq!(failed["version"], second["version"]);
    assert!(watch
        .line_with("failed")
        .contains("keeps the last good picture"));
    assert_eq!(get(address, "/output", "127.0.0.1").1, blue);
    assert_eq!(std::fs::read(d.join("out/s.gif")).unwrap(), blue);

    // A render stopped by a newer save: an endless setup, then a fix.
    std::fs::write(d.join("sketch.js"), "function setup() { for (;;) {} }\n").unwrap();
    events.next("rendering");
    std::thread::sleep(Duration::from_millis(500));
    std::fs::write(d.join("sketch.js"), sketch("0, 255, 0")).unwrap();
    watch.line_with("sketch.js changed: render 4 stopped");
    let fixed = events.next("ok");
    let (_, green) = get(
        address,
        &format!("/output?v={}", fixed["version"]),
        "127.0.0.1",
    );
    assert_eq!(first_pixel(d, &green), [0, 255, 0]);
}

#[test]
fn the_server_answers_only_its_three_requests() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("sketch.js"), sketch("9")).unwrap();
    std::fs::write(d.join("secret.txt"), "not to be served").unwrap();
    let args = ["watch", "sketch.js", "--frames", "1", "--port", "0"];
    let mut watch = Watching::start(d, &args);
    let line = watch.line_with("http://");
    let url = line
        .split("http://")
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap();
    let address: SocketAddr = url.parse().unwrap();
    for path in [
        "/secret.txt",
        "/../secret.txt",
        "/out/sketch.gif",
        "/output/../secret.txt",
    ] {
        let (status, body) = get(address, path, "127.0.0.1");
        assert_eq!(status, "HTTP/1.1 404 Not Found", "{path}");
        assert!(!String::from_utf8_lossy(&body).contains("not to be served"));
    }
    // A page of another site reaching the port through its own name.
    let (status, _) = get(address, "/", "evil.example:80");
    assert_eq!(status, "HTTP/1.1 403 Forbidden");
    // Garbage, and a head too long: refused, and the server still serves.
    let mut garbage = TcpStream::connect(address).unwrap();
    garbage.write_all(b"\x00\xff\xfe nonsense\r\n\r\n").unwrap();
    let mut answer = String::new();
    let _ = garbage.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    let mut long = TcpStream::connect(address).unwrap();
    let _ =
        long.write_all(format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(20_000)).as_bytes());
    let mut answer = String::new();
    let _ = long.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer}");
    assert_eq!(get(address, "/", "localhost:1").0, "HTTP/1.1 200 OK");
}

#[test]
fn watch_refuses_an_output_it_cannot_show() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sketch.js"), sketch("9")).unwrap();
    for (output, needle) in [
        ("frames/", "-o frames/: watch shows one file"),
        ("f%04d.png", "-o f%04d.png: watch shows one file"),
    ] {
        let args = ["watch", "sketch.js", "-o", output, "--port", "0"];
        common::assert_refused(&common::whalegen(dir.path(), &args), &args, needle);
    }
}

#[test]
fn watch_logging_into_its_own_folder_renders_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("sketch.js"), sketch("9")).unwrap();
    // As `whalegen watch sketch.js --port 0 > watch.log 2>&1`.
    let log = std::fs::File::create(d.join("watch.log")).unwrap();
    let child = common::command(d, &["watch", "sketch.js", "--frames", "2", "--port", "0"])
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .spawn()
        .unwrap();
    // Killed when the test ends; its lines are in the log, not a pipe.
    let _watching = Watching {
        child,
        lines: channel().1,
        said: Vec::new(),
    };
    let renders = || {
        let said = std::fs::read_to_string(d.join("watch.log")).unwrap();
        said.matches("wrote out/sketch.gif").count()
    };
    let deadline = Instant::now() + PATIENCE;
    while renders() == 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    // Ten looks at the files (200 ms apart): its own summary line is no save.
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(
        renders(),
        1,
        "{}",
        std::fs::read_to_string(d.join("watch.log")).unwrap()
    );
}
