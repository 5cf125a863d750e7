//! The real `uplink` binary: starts on a fresh SQLite file, answers, and stops
//! cleanly on SIGTERM.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A minimal HTTP/1.1 GET so the test needs no client library.
fn http_get(port: u16, path: &str) -> Option<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).ok()?;
    let status = response.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, response))
}

struct Server {
    child: Child,
    port: u16,
    _dir: tempfile::TempDir,
    db_path: std::path::PathBuf,
}

impl Server {
    fn start() -> Server {
        let dir = tempfile::tempdir().unwrap();
        let db_path = dir.path().join("nested/folder/uplink.db");
        let port = free_port();
        let child = Command::new(env!("CARGO_BIN_EXE_uplink"))
            .arg("serve")
            .env("UPLINK_LISTEN", format!("127.0.0.1:{port}"))
            .env(
                "UPLINK_DATABASE_URL",
                format!("sqlite://{}", db_path.display()),
            )
            .env("UPLINK_WEB_DIR", dir.path().join("no-frontend"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start uplink");
        Server {
            child,
            port,
            _dir: dir,
            db_path,
        }
    }

    fn wait_ready(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if let Some((200, _)) = http_get(self.port, "/healthz") {
                return;
            }
            assert!(
                self.child.try_wait().unwrap().is_none(),
                "uplink exited before answering"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("uplink did not answer /healthz within 30 s");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn serve_creates_the_sqlite_file_answers_and_stops_on_sigterm() {
    let mut server = Server::start();
    server.wait_ready();
    assert!(
        server.db_path.exists(),
        "the database file and its folders are created"
    );

    let (status, body) = http_get(server.port, "/readyz").unwrap();
    assert_eq!(status, 200, "{body}");
    let (status, body) = http_get(server.port, "/api/v1/nope").unwrap();
    assert_eq!(status, 404);
    assert!(body.contains("application/problem+json"));

    let pid = server.child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            assert!(status.success(), "graceful shutdown exits 0, got {status}");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "uplink did not stop within 10 s of SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_bad_configuration_is_reported_and_exits_non_zero() {
    let out = Command::new(env!("CARGO_BIN_EXE_uplink"))
        .arg("serve")
        .env("UPLINK_LISTEN", "not-an-address")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("UPLINK_LISTEN"));
}

#[test]
fn openapi_prints_the_document() {
    let out = Command::new(env!("CARGO_BIN_EXE_uplink"))
        .arg("openapi")
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
}
