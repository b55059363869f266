//! The page's server: HTTP/1.1 on a `TcpListener`, a thread per
//! connection. It answers three requests and no others: `/` (the page),
//! `/output` (the one output file, whatever the query) and `/events` (the
//! render's status as server-sent events). No request path is ever mapped
//! to the file system.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use super::board::{Board, Status};

/// The longest request head read, in bytes; a longer one is refused.
const MAX_HEAD: usize = 8 * 1024;

/// Connections served at once (each page holds one for its events);
/// more are refused with 503 until some close.
const MAX_CONNECTIONS: usize = 64;

/// How long a read or a write may stall before the connection is dropped.
const STALL: Duration = Duration::from_secs(10);

/// How often an idle event stream is written to, so that a page gone
/// away is noticed and its thread ends.
const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// What the server serves.
pub struct Site {
    /// The status of the renders.
    pub board: Arc<Board>,
    /// The output file, served as `/output`.
    pub output: PathBuf,
    /// The output's media type (`image/gif`, `video/mp4`, ...).
    pub media_type: &'static str,
    /// The page, served as `/`.
    pub page: String,
    /// Serving the loopback interface only: then a request must name
    /// the host as `localhost` or an address, which a page of another
    /// site cannot do through its own domain name (DNS rebinding).
    pub loopback: bool,
}

/// Serves `site` on `listener` from a thread of its own, for as long as
/// the process runs.
pub fn serve(listener: TcpListener, site: Site) {
    let site = Arc::new(site);
    let open = Arc::new(AtomicUsize::new(0));
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else {
                // Out of file descriptors, or a connection reset before it
                // was accepted: wait a little rather than spin.
                std::thread::sleep(Duration::from_millis(50));
                continue;
            };
            let _ = stream.set_read_timeout(Some(STALL));
            let _ = stream.set_write_timeout(Some(STALL));
            let slot = Slot::take(&open);
            let site = site.clone();
            std::thread::spawn(move || match slot {
                Some(_slot) => answer(stream, &site),
                None => refuse(stream, "503 Service Unavailable", "too many connections"),
            });
        }
    });
}

/// One of the [`MAX_CONNECTIONS`], given back when dropped.
struct Slot(Arc<AtomicUsize>);

impl Slot {
    fn take(open: &Arc<AtomicUsize>) -> Option<Slot> {
        let taken = open.fetch_add(1, Ordering::SeqCst);
        let slot = Slot(open.clone());
        (taken < MAX_CONNECTIONS).then_some(slot)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Reads one request from `stream` and answers it; then the connection
/// closes. Errors writing to the browser end the connection silently.
fn answer(mut stream: TcpStream, site: &Site) {
    let request = match read_head(&stream) {
        Ok(request) => request,
        Err(status) => return refuse(stream, status, "a request whalegen watch does not read"),
    };
    if request.method != "GET" {
        return refuse(stream, "405 Method Not Allowed", "only GET");
    }
    if site.loopback && !is_local(&request.host) {
        return refuse(
            stream,
            "403 Forbidden",
            "the host must be localhost or an address",
        );
    }
    let path = request.target.split('?').next().unwrap_or_default();
    let _ = match path {
        "/" => send(
            &mut stream,
            "text/html; charset=utf-8",
            site.page.as_bytes(),
        ),
        "/output" => send_output(&mut stream, site),
        "/events" => send_events(&mut stream, &site.board),
        _ => return refuse(stream, "404 Not Found", "not here: /, /output or /events"),
    };
}

/// The parts of a request the server reads.
struct Request {
    method: String,
    target: String,
    /// The `Host` header's value, empty if none.
    host: String,
}

/// The request line and headers, up to the blank line after them; the
/// status to refuse with when they are too long, cut short or not text.
fn read_head(stream: &TcpStream) -> Result<Request, &'static str> {
    const BAD: &str = "400 Bad Request";
    let mut reader = BufReader::new(stream.take(MAX_HEAD as u64 + 1));
    let mut head = Vec::with_capacity(1024);
    loop {
        let start = head.len();
        let read = reader.read_until(b'\n', &mut head).map_err(|_| BAD)?;
        if head.len() > MAX_HEAD {
            return Err("431 Request Header Fields Too Large");
        }
        if read == 0 {
            return Err(BAD);
        }
        if matches!(&head[start..], b"\r\n" | b"\n") {
            break;
        }
    }
    let head = std::str::from_utf8(&head).map_err(|_| BAD)?;
    let mut lines = head.lines();
    let mut first = lines.next().unwrap_or_default().split(' ');
    let (Some(method), Some(target), Some(version)) = (first.next(), first.next(), first.next())
    else {
        return Err(BAD);
    };
    if !version.starts_with("HTTP/1.") || !target.starts_with('/') {
        return Err(BAD);
    }
    let host = lines
        .filter_map(|line| line.split_once(':'))
        .find(|(name, _)| name.eq_ignore_ascii_case("host"))
        .map_or("", |(_, value)| value.trim());
    Ok(Request {
        method: method.into(),
        target: target.into(),
        host: host.into(),
    })
}

/// `localhost`, or an IP address, with or without a port.
fn is_local(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => {
            return v6
                .split(']')
                .next()
                .is_some_and(|a| a.parse::<std::net::Ipv6Addr>().is_ok())
        }
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::Ipv4Addr>().is_ok()
}

fn headers(status: &str, media_type: &str, length: u64) -> String {
    format!(
        "HTTP/1.1 {status}\r\nContent-Type: {media_type}\r\nContent-Length: {length}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
    )
}

fn send(stream: &mut TcpStream, media_type: &str, body: &[u8]) -> std::io::Result<()> {
    let head = headers("200 OK", media_type, body.len() as u64);
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)
}

/// An error status with a line of text saying why.
fn refuse(mut stream: TcpStream, status: &str, why: &str) {
    let body = format!("{status}: {why}\n");
    let head = headers(status, "text/plain; charset=utf-8", body.len() as u64);
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body.as_bytes());
    // Read what the client still sends, a little of it, before closing:
    // closing with unread bytes resets the connection, and the client
    // may lose the answer.
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
    let _ = std::io::copy(&mut (&stream).take(64 * 1024), &mut std::io::sink());
}

/// The output as it is on disk now: renders replace it whole (a rename),
/// so the file opened is one render's, complete.
fn send_output(stream: &mut TcpStream, site: &Site) -> std::io::Result<()> {
    let Ok(mut file) = File::open(&site.output) else {
        let body = b"404 Not Found: no output yet\n";
        let head = headers(
            "404 Not Found",
            "text/plain; charset=utf-8",
            body.len() as u64,
        );
        stream.write_all(head.as_bytes())?;
        return stream.write_all(body);
    };
    let length = file.metadata()?.len();
    stream.write_all(headers("200 OK", site.media_type, length).as_bytes())?;
    std::io::copy(&mut (&mut file).take(length), stream).map(drop)
}

/// The status now, then each change, as `status` events whose data is the
/// [`Status`] in JSON, until the page goes away.
fn send_events(stream: &mut TcpStream, board: &Board) -> std::io::Result<()> {
    stream.write_all(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
          Connection: close\r\n\r\nretry: 1000\n\n",
    )?;
    let mut status = board.now();
    loop {
        send_status(stream, &status)?;
        loop {
            match board.after(status.seq, KEEP_ALIVE) {
                Some(next) => {
                    status = next;
                    break;
                }
                None => stream.write_all(b": still here\n\n")?,
            }
        }
    }
}

fn send_status(stream: &mut TcpStream, status: &Status) -> std::io::Result<()> {
    let json = serde_json::to_string(status).map_err(std::io::Error::other)?;
    write!(
        stream,
        "id: {}\nevent: status\ndata: {json}\n\n",
        status.seq
    )?;
    stream.flush()
}
